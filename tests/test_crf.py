"""The CRF tagger: pieces and BIO, training, saving and reloading, the CLI, bad model folders."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pycrfsuite")

from phisift.detect.tagger.crf import CONFIG_FILE, CRF_FILE, CrfParams  # noqa: E402
from phisift.detect.tagger.features import FeatureSettings, Featurizer  # noqa: E402
from phisift.detect.tagger.load import bundled_model_dir, load_model_detector  # noqa: E402
from phisift.detect.tagger.pieces import bio_labels, decode_bio, sentence_pieces, split_pieces  # noqa: E402
from phisift.detect.tagger.train import train_model  # noqa: E402
from phisift.document import Document, Span  # noqa: E402
from phisift.errors import InputError  # noqa: E402
from phisift.formats import write_corpus  # noqa: E402
from phisift.pipeline import Pipeline, load_config  # noqa: E402
from phisift.synth import generate_notes  # noqa: E402
from phisift.text import tokenize  # noqa: E402


def run(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "phisift.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )


# ----------------------------------------------------------------------------- pieces and BIO


def test_pieces_reach_meddocan_style_offsets():
    text = "Sexo: H. NHC: nhc-150679. Médico: Marta Ortega MartínezNºCol: 28 28 70973."
    pieces = split_pieces(tokenize(text))
    starts, ends = {p.start for p in pieces}, {p.end for p in pieces}
    for value in ("H", "150679", "Martínez", "28 28 70973"):
        s = text.index(value)
        assert s in starts and s + len(value) in ends, value
    assert all(text[p.start : p.end] == p.text for p in pieces)
    date = split_pieces(tokenize("on 03/04/2021"))[1:]
    assert [p.where for p in date] == ["B", "I", "I", "I", "E"] and {p.parent for p in date} == {"d/d/d"}


def test_bio_round_trip():
    text = "Seen by Dr. John Smith on 03/04/2021 at Mercy Hospital."
    gold = [Span(12, 22, "DOCTOR"), Span(26, 36, "DATE"), Span(40, 54, "HOSPITAL")]
    pieces = [p for s in sentence_pieces(text) for p in s]
    labels = bio_labels(pieces, gold)
    assert labels.count("B-DATE") == 1 and labels.count("I-DATE") == 4
    assert [(s.start, s.end, s.label) for s in decode_bio(pieces, labels)] == [(s.start, s.end, s.label) for s in gold]


_TEXT_ALPHABET = st.sampled_from(list("aZé9 .,:/-()\n\tNº@ñ") + ["Dr.", "MartínezNº", "03/04/2021", "nhc-15"])


@settings(max_examples=150, deadline=None)
@given(st.lists(_TEXT_ALPHABET, max_size=40).map("".join))
def test_pieces_tile_every_token_exactly(text):
    """Pieces lie inside their token, in order, never overlap, and cover its non-space characters."""
    tokens = tokenize(text)
    pieces = split_pieces(tokens)
    assert all(text[p.start : p.end] == p.text and p.text and not p.text.isspace() for p in pieces)
    assert all(a.end <= b.start for a, b in zip(pieces, pieces[1:]))
    for k, tok in enumerate(tokens):
        mine = [p for p in pieces if p.token == k]
        assert mine and mine[0].start == tok.start and mine[-1].end == tok.end
        assert "".join(p.text for p in mine) == "".join(tok.text.split())
    flat = [p for s in sentence_pieces(text) for p in s]
    assert [(p.start, p.end) for p in flat] == [(p.start, p.end) for p in pieces]


@settings(max_examples=150, deadline=None)
@given(st.lists(_TEXT_ALPHABET, min_size=1, max_size=40).map("".join), st.data())
def test_bio_round_trip_on_piece_aligned_spans(text, data):
    """Spans that start and end on piece edges survive spans -> BIO -> spans unchanged."""
    pieces = split_pieces(tokenize(text))
    if not pieces:
        return
    cuts = sorted(set(data.draw(st.lists(st.integers(0, len(pieces)), max_size=8))))
    gold = []
    for lo, hi in zip(cuts, cuts[1:]):
        if data.draw(st.booleans()):
            gold.append(Span(pieces[lo].start, pieces[hi - 1].end, data.draw(st.sampled_from(["DATE", "PATIENT"]))))
    got = decode_bio(pieces, bio_labels(pieces, gold))
    assert [(s.start, s.end, s.label) for s in got] == [(s.start, s.end, s.label) for s in gold]


def test_decode_stray_inside_starts_a_span():
    pieces = split_pieces(tokenize("a b c"))
    spans = decode_bio(pieces, ["I-X", "I-Y", "O"])
    assert [(s.start, s.end, s.label) for s in spans] == [(0, 1, "X"), (2, 3, "Y")]


def test_features_include_detector_hits_and_field_labels():
    fz = Featurizer(FeatureSettings())
    text = "Nombre: Ernesto.\nFecha: 03/03/1946.\n"
    pieces, feats, windows = fz.featurize(text)
    assert any("R=B-DATE" in f for f in feats)
    ernesto = next(f for p, f in zip(pieces, feats) if p.text == "Ernesto")
    assert "lab=nombre" in ernesto and "w=ernesto" in ernesto
    # context crosses the sentence break; one window covers the short note
    assert "-2w=nombre" in ernesto
    assert [(w.lo, w.hi) for w in windows] == [(0, len(pieces))]


# ----------------------------------------------------------------------------- training


@pytest.fixture(scope="module")
def corpora():
    return generate_notes(16, seed=101), generate_notes(5, seed=102)


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory, corpora):
    train, dev = corpora
    out = tmp_path_factory.mktemp("models") / "crf"
    result = train_model(
        train, out, dev_docs=dev, crf=CrfParams(max_iterations=30), grid=[(0.05, 0.01), (0.2, 0.01)], jobs=2
    )
    assert result.dev is not None
    return out


def test_model_folder_config(model_dir, corpora):
    config = json.loads((model_dir / CONFIG_FILE).read_text())
    assert config["kind"] == "crf" and (model_dir / CRF_FILE).is_file()
    assert config["training_corpus"]["documents"] == 16
    assert len(config["grid"]) == 2 and all("dev_strict" in row for row in config["grid"])
    best = max(config["grid"], key=lambda r: r["dev_strict"]["f1"])
    assert (config["crf"]["c1"], config["crf"]["c2"]) == (best["c1"], best["c2"])
    assert "DATE" in config["labels"] and config["phisift_version"]
    # counts only: no note text in the config
    text = (model_dir / CONFIG_FILE).read_text()
    assert corpora[0][0].text[:40] not in text


def test_the_model_folder_is_owner_only(model_dir):
    """A CRF keeps every word feature it weighted, names of the training notes included."""
    import stat

    assert stat.S_IMODE(model_dir.stat().st_mode) == 0o700
    for path in model_dir.rglob("*"):
        assert stat.S_IMODE(path.stat().st_mode) == (0o700 if path.is_dir() else 0o600), path.name


def test_reload_gives_identical_predictions(model_dir, corpora):
    _, dev = corpora
    a = load_model_detector(model_dir)
    b = load_model_detector(str(model_dir))
    c = pickle.loads(pickle.dumps(a))
    assert a.name == "model"
    found = 0
    for doc in dev:
        pa = a.detect(doc.text)
        assert pa == b.detect(doc.text) == c.detect(doc.text)
        assert all(0 <= s.start < s.end <= len(doc.text) and 0 < s.score <= 1 for s in pa)
        found += len(pa)
    assert found > 20


def test_the_tagger_learns(model_dir, corpora):
    from phisift.evaluate import evaluate

    _, dev = corpora
    det = load_model_detector(model_dir)
    report = evaluate(dev, {d.id: det.detect(d.text) for d in dev})
    assert report.all.token.recall > 0.7 and report.all.token.precision > 0.8


def test_label_map_is_applied_on_output(tmp_path):
    docs = [
        Document(f"d{i}", f"Paciente {name} de {age} años.", (Span(9, 9 + len(name), "NOMBRE_SUJETO_ASISTENCIA"),))
        for i, (name, age) in enumerate([("Ernesto", 70), ("Lucía", 54), ("Marta", 31), ("Jorge", 45)] * 3)
    ]
    out = tmp_path / "m"
    train_model(docs, out, crf=CrfParams(max_iterations=30), label_map={"NOMBRE_SUJETO_ASISTENCIA": "PATIENT"})
    text = "Paciente Ernesto de 70 años."
    mapped = load_model_detector(out).detect(text)
    own = load_model_detector(out, map_labels=False).detect(text)
    assert [s.label for s in mapped] == ["PATIENT"] and [s.label for s in own] == ["NOMBRE_SUJETO_ASISTENCIA"]


def test_training_needs_spans(tmp_path):
    with pytest.raises(InputError, match="no annotated spans"):
        train_model([Document("a", "nothing here")], tmp_path / "m")


def test_pipeline_shares_rule_and_lexicon_runs_with_the_model(model_dir, corpora, monkeypatch):
    """rules + lexicon + model scans each text with the rules once, and finds the same spans."""
    from phisift.detect.lexicon.detector import LexiconDetector
    from phisift.detect.rules.detector import RuleDetector
    from phisift.pipeline import Pipeline, load_config

    cfg = load_config(None, {"detect": {"detectors": ["rules", "lexicon", "model"]}, "replace": {"mode": "tag"}})
    text = corpora[1][0].text
    calls = []
    original = RuleDetector.detect
    monkeypatch.setattr(RuleDetector, "detect", lambda self, t: calls.append(1) or original(self, t))
    shared = Pipeline.from_config(cfg, model_dir=model_dir)
    got = shared.detect(text)
    assert len(calls) == 1
    unshared = Pipeline([RuleDetector(), LexiconDetector(), load_model_detector(model_dir)], shared.operator,
                        shared.combiner)
    calls.clear()
    assert unshared.detect(text) == got and len(calls) == 2
    calls.clear()
    assert pickle.loads(pickle.dumps(shared)).detect(text) == got and len(calls) == 1


def test_config_names_the_model(model_dir, corpora):
    from phisift.pipeline import Pipeline, load_config

    cfg = load_config(None, {"detect": {"detectors": ["model"], "model": str(model_dir)}, "replace": {"mode": "tag"}})
    text = corpora[1][0].text
    assert Pipeline.from_config(cfg).detect(text) == Pipeline.from_config(cfg, model_dir=model_dir).detect(text)


def test_bundled_model_loads():
    folder = bundled_model_dir("en_crf")
    # Shipped in the package (src/phisift/models/en_crf, package-data): missing means a broken build.
    assert (folder / CONFIG_FILE).is_file() and (folder / CRF_FILE).is_file(), "bundled model missing: make model"
    det = load_model_detector("en_crf")
    assert det.stacker  # it adds to the rules and the lexicon (docs/tagger.md)
    text = "Patient John Smith (MRN 1234567) was seen on 03/04/2021 by Dr. Mary Jones."
    pipe = Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"}}))
    assert {s.label for s in pipe.detect(text)} >= {"DATE", "PATIENT", "DOCTOR", "MEDICALRECORD"}
    text = ("He had a second opinion at Stanford Health Care last year. "
            "She works as an orthoptist at Nørgaard & Søn A/S. There are multiple lesions.")
    covered = bytearray(len(text))
    for s in pipe.detect(text):
        covered[s.start : s.end] = b"\x01" * (s.end - s.start)
    for name in ("Stanford Health Care", "Nørgaard & Søn A/S"):
        a = text.index(name)
        assert all(covered[a : a + len(name)]), name  # what the rules and the lexicon miss, the model adds


# ----------------------------------------------------------------------------- bad model folders


def test_bad_model_folders(tmp_path, model_dir):
    with pytest.raises(InputError, match="no such model folder"):
        load_model_detector(tmp_path / "missing")
    (tmp_path / "file").write_text("x")
    with pytest.raises(InputError, match="found a file"):
        load_model_detector(tmp_path / "file")
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="not a model folder"):
        load_model_detector(tmp_path / "empty")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / CONFIG_FILE).write_text("{not json")
    with pytest.raises(InputError, match="corrupt"):
        load_model_detector(broken)
    (broken / CONFIG_FILE).write_text(json.dumps({"kind": "svm"}))
    with pytest.raises(InputError, match="kind"):
        load_model_detector(broken)
    (broken / CONFIG_FILE).write_text((model_dir / CONFIG_FILE).read_text())
    with pytest.raises(InputError, match="CRF model file is missing"):
        load_model_detector(broken)
    (broken / CRF_FILE).write_bytes(b"garbage" * 10)
    with pytest.raises(InputError, match="corrupt CRF model"):
        load_model_detector(broken)


# ----------------------------------------------------------------------------- command line


def test_cli_train_and_detect_end_to_end(tmp_path):
    write_corpus(generate_notes(6, seed=103), tmp_path / "train.jsonl")
    write_corpus(generate_notes(3, seed=104), tmp_path / "dev.jsonl")
    res = run("train", "train.jsonl", "-o", "model", "--dev", "dev.jsonl", "--c1", "0.1", "--c2", "0.01",
              "--max-iterations", "20", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert "dev strict P" in res.stderr and (tmp_path / "model" / CONFIG_FILE).exists()
    res = run("detect", "dev.jsonl", "-o", "spans.jsonl", "--model", "model", "--detectors", "model", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    rows = [json.loads(line) for line in (tmp_path / "spans.jsonl").read_text().splitlines()]
    assert len(rows) == 3 and sum(len(r["spans"]) for r in rows) > 5
    res = run("eval", "dev.jsonl", "spans.jsonl", "--json", cwd=tmp_path)
    assert json.loads(res.stdout)["token"]["recall"] > 0.5


def test_cli_errors(tmp_path):
    write_corpus(generate_notes(2, seed=105), tmp_path / "train.jsonl")
    res = run("train", "train.jsonl", "-o", "m", "--kind", "svm", cwd=tmp_path)
    assert res.returncode == 2 and "unknown --kind" in res.stderr and "Traceback" not in res.stderr
    res = run("train", "train.jsonl", "-o", "m", "--kind", "transformer", cwd=tmp_path)
    assert res.returncode == 2 and "--base" in res.stderr
    res = run("train", "missing.jsonl", "-o", "m", cwd=tmp_path)
    assert res.returncode == 2 and "no such file" in res.stderr
    (tmp_path / "bad").mkdir()
    res = run("detect", "train.jsonl", "-o", "s.jsonl", "--model", "bad", cwd=tmp_path)
    assert res.returncode == 2 and "not a model folder" in res.stderr and "Traceback" not in res.stderr
    res = run("train", "--help")
    assert res.returncode == 0 and "Example" in res.stdout and "phisift train" in res.stdout


def test_word_cluster_features_from_vectors(tmp_path):
    pytest.importorskip("gensim")
    pytest.importorskip("sklearn")
    try:
        from phisift.lm import load_vectors  # noqa: F401
    except (ImportError, AttributeError):
        pytest.skip("phisift.lm.load_vectors not available")
    docs = generate_notes(4, seed=106)
    words = sorted({w.lower() for d in docs for w in d.text.split() if w.isalpha()})[:300]
    vec = tmp_path / "words.vec"
    lines = [f"{len(words)} 4"] + [f"{w} {len(w) % 3} {ord(w[0]) % 5} {len(w) % 2} 1" for w in words]
    vec.write_text("\n".join(lines) + "\n")
    out = tmp_path / "m"
    train_model(docs, out, crf=CrfParams(max_iterations=10), vectors=vec)
    config = json.loads((out / CONFIG_FILE).read_text())
    assert config["features"]["clusters"] is True and (out / "clusters.json").is_file()
    det = load_model_detector(out)
    assert det.clusters and det.detect(docs[0].text) == load_model_detector(out).detect(docs[0].text)
