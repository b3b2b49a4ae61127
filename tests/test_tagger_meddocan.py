"""CRF models trained by ``phisift train`` on corpora like MEDDOCAN (Spanish case reports): whole-note
tagging, document-level consistency of any label, and the features that carry its layouts.

The corpora are made here (tests never read the shared data)."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("pycrfsuite")

from phisift.detect.tagger.crf import CONFIG_FILE, CrfParams  # noqa: E402
from phisift.detect.tagger.load import load_model_detector  # noqa: E402
from phisift.detect.tagger.stack import other_mentions  # noqa: E402
from phisift.detect.tagger.train import train_model  # noqa: E402
from phisift.document import Document, Span  # noqa: E402
from phisift.errors import InputError  # noqa: E402

NAMES = ["Ernesto", "Lucía", "Marta", "Jorge", "Iria", "Tomás", "Begoña", "Aitor", "Nuria", "Ramiro"]
SURNAMES = ["Rivera Bueno", "Navarro Cuéllar", "Pérez Melón", "Arroyo Gil", "Santesteban Muruzábal"]
CITIES = ["Madrid", "Getafe", "Pamplona", "Ourense", "Granada", "Zaragoza"]
RELATIVES = ["madre", "padre", "hermana", "pareja", "hija", "esposa"]


def spanish_note(rng: random.Random, i: int) -> Document:
    """A MEDDOCAN-like note: a form header, then prose with a relative in lower case."""
    parts: list[str] = []
    spans: list[Span] = []

    def add(text: str, label: str | None = None) -> None:
        start = sum(len(p) for p in parts)
        parts.append(text)
        if label:
            spans.append(Span(start, start + len(text), label))

    name, surname, city, rel = rng.choice(NAMES), rng.choice(SURNAMES), rng.choice(CITIES), rng.choice(RELATIVES)
    age = rng.randint(18, 90)
    add("Datos del paciente.\nNombre:  ")
    add(name, "NOMBRE_SUJETO_ASISTENCIA")
    add(".\nApellidos: ")
    add(surname, "NOMBRE_SUJETO_ASISTENCIA")
    add(".\nNHC: ")
    add(str(rng.randint(100000, 999999)), "ID_SUJETO_ASISTENCIA")
    add(".\nLocalidad/ Provincia: ")
    add(city, "TERRITORIO")
    add(".\nInforme clínico del paciente: paciente de ")
    add(f"{age} años", "EDAD_SUJETO_ASISTENCIA")
    add(" que acude acompañado de su ")
    add(rel, "FAMILIARES_SUJETO_ASISTENCIA")
    add(" por dolor abdominal de dos días de evolución. Vive en ")
    add(city, "TERRITORIO")
    add(" desde hace años.\n")
    return Document(f"es{i}", "".join(parts), tuple(spans))


@pytest.fixture(scope="module")
def spanish_model(tmp_path_factory):
    rng = random.Random(7)
    docs = [spanish_note(rng, i) for i in range(40)]
    out = tmp_path_factory.mktemp("models") / "es"
    train_model(docs[:30], out, dev_docs=docs[30:], crf=CrfParams(max_iterations=40), grid=[(0.05, 0.01)],
                tag_scheme="bilou")
    return out, docs[30:]


# ----------------------------------------------------------------------------- whole notes


def test_trained_models_tag_whole_notes_and_find_lower_case_phi(spanish_model):
    """A relative in lower case ("madre") is no candidate word of the English regions: a model
    trained by ``train_model`` tags whole notes by default, so it finds it; the same model set to
    candidate regions does not."""
    folder, dev = spanish_model
    config = json.loads((folder / CONFIG_FILE).read_text())
    assert "candidate_context" in config and config["candidate_context"] is None
    det = load_model_detector(folder, map_labels=False)
    assert det.candidate_context is None
    relatives = whole = 0
    for doc in dev:
        found = {(s.start, s.end, s.label) for s in det.detect(doc.text)}
        gold = [s for s in doc.spans if s.label == "FAMILIARES_SUJETO_ASISTENCIA"]
        relatives += len(gold)
        whole += sum((s.start, s.end, s.label) in found for s in gold)
    assert relatives and whole >= relatives - 1
    det.candidate_context = 3
    regions = sum(
        any(p.start == s.start and p.label == s.label for p in det.detect(doc.text))
        for doc in dev for s in doc.spans if s.label == "FAMILIARES_SUJETO_ASISTENCIA"
    )
    assert regions < whole


def test_old_configs_keep_candidate_regions_and_bad_values_are_refused(spanish_model, tmp_path):
    import shutil

    folder, _ = spanish_model
    old = tmp_path / "old"
    shutil.copytree(folder, old)
    config = json.loads((old / CONFIG_FILE).read_text())
    del config["candidate_context"]  # written before the key existed
    (old / CONFIG_FILE).write_text(json.dumps(config))
    assert load_model_detector(old).candidate_context == 3
    config["candidate_context"] = 2
    (old / CONFIG_FILE).write_text(json.dumps(config))
    assert load_model_detector(old).candidate_context == 2
    for bad in ("3", -1, True, 2.5):
        config["candidate_context"] = bad
        (old / CONFIG_FILE).write_text(json.dumps(config))
        with pytest.raises(InputError, match="candidate_context"):
            load_model_detector(old)


# ----------------------------------------------------------------------------- other mentions


def test_other_mentions_tag_a_string_where_it_recurs_same_case_whole_words():
    text = ("Vive en Getafe. Remitido desde Getafe Norte y de nuevo a Getafe.\n"
            "El Hospital San Eloy; hospital san eloy; Getafense.")
    g = text.index("Getafe")
    h = text.index("Hospital San Eloy")
    spans = [Span(g, g + 6, "TERRITORIO", "model", 0.9), Span(h, h + 17, "HOSPITAL", "model", 0.8),
             Span(text.index("Getafe Norte"), text.index("Getafe Norte") + 12, "TERRITORIO", "model", 0.7)]
    got = other_mentions(text, spans)
    # the third "Getafe" is added; the one inside the tagged "Getafe Norte", the lower-case
    # hospital and "Getafense" are not
    assert [(text[s.start : s.end], s.label, s.score) for s in got] == [
        ("Getafe", "TERRITORIO", 0.9), ("Getafe Norte", "TERRITORIO", 0.7), ("Getafe", "TERRITORIO", 0.9),
        ("Hospital San Eloy", "HOSPITAL", 0.8),
    ]
    assert got[2].start == text.rindex("Getafe.")


def test_other_mentions_respect_labels_and_short_strings():
    text = "Sexo: H. Varón de 70 años. H. pylori. Vive con su madre; la madre refiere dolor."
    m = text.index("madre")
    spans = [Span(6, 7, "SEXO_SUJETO_ASISTENCIA", "model", 1.0), Span(m, m + 5, "FAMILIARES_SUJETO_ASISTENCIA", "model", 1.0)]
    got = other_mentions(text, spans)
    assert [text[s.start : s.end] for s in got] == ["H", "madre", "madre"]  # one letter: not repeated
    assert other_mentions(text, spans, labels=frozenset({"TERRITORIO"})) == sorted(spans)
    assert other_mentions(text, []) == []


def test_a_trained_model_applies_consistency_as_its_config_says(spanish_model, tmp_path):
    import shutil

    folder, dev = spanish_model
    config = json.loads((folder / CONFIG_FILE).read_text())
    assert config["consistency"] is True
    det = load_model_detector(folder, map_labels=False)
    assert det.consistency
    text = dev[0].text + "Vive en Getafe.\nRevisado de nuevo en Getafe.\n"
    found = det.detect(text)
    assert found == other_mentions(text, found)  # nothing left to add
    off = tmp_path / "off"
    shutil.copytree(folder, off)
    config["consistency"] = False
    (off / CONFIG_FILE).write_text(json.dumps(config))
    assert not load_model_detector(off).consistency
    config["consistency"] = "yes"
    (off / CONFIG_FILE).write_text(json.dumps(config))
    with pytest.raises(InputError, match="consistency"):
        load_model_detector(off)


# ----------------------------------------------------------------------------- gazetteer digests


def test_digested_gazetteer_gives_the_same_features_and_lists_no_value():
    from phisift.detect.tagger.features import Gazetteer
    from phisift.detect.tagger.pieces import split_pieces
    from phisift.text import tokenize

    rng = random.Random(3)
    docs = [spanish_note(rng, i) for i in range(12)]
    plain = Gazetteer.build(docs)
    dig = plain.digested(b"k" * 16)
    assert dig.digested() is dig and dig.lengths == plain.lengths
    text = "Remitido por Ramiro desde Pamplona; Rivera Bueno vive en Getafe y su madre en Santesteban Muruzábal."
    pieces = split_pieces(tokenize(text))
    feats = plain.features(pieces)
    assert feats == dig.features(pieces)
    assert any("G=B-TERRITORIO" in f for f in feats) and any("G=I-NOMBRE_SUJETO_ASISTENCIA" in f for f in feats)
    stored = json.dumps(dig.as_dict())
    for value in ["pamplona", "rivera", "getafe", "madre", "ramiro"]:
        assert value not in stored.lower()
    again = Gazetteer.from_dict(json.loads(stored))
    assert again.features(pieces) == feats
    # another key, other digests: the digests of one model say nothing about another's
    assert set(plain.digested(b"j" * 16).phrases).isdisjoint(dig.phrases)
    with pytest.raises(ValueError):
        Gazetteer.from_dict({**json.loads(stored), "digest": "md5"})


def test_cli_defaults_train_a_whole_note_model_with_a_digested_gazetteer(tmp_path):
    import subprocess
    import sys

    from phisift.formats import write_corpus

    rng = random.Random(11)
    docs = [spanish_note(rng, i) for i in range(24)]
    write_corpus(docs[:18], tmp_path / "train.jsonl")
    write_corpus(docs[18:], tmp_path / "dev.jsonl")
    res = subprocess.run([sys.executable, "-m", "phisift", "train", "train.jsonl", "--dev", "dev.jsonl", "-o", "m",
                          "--max-iterations", "15"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr
    config = json.loads((tmp_path / "m" / CONFIG_FILE).read_text())
    assert config["features"]["gazetteer"] is True and config["features"]["window"] == 3
    assert config["features"]["cue_words"] is True
    assert config["features"]["clusters"] is False and not (tmp_path / "m" / "clusters.json").exists()
    assert config["tag_scheme"] == "bio"
    assert config["candidate_context"] is None and config["consistency"] is True
    assert [(r["c1"], r["c2"]) for r in config["grid"]] == [(0.05, 0.01), (0.02, 0.005)]
    # an ensemble with the "wide" member, whose dev figures are stored as the saved model's
    assert [m["name"] for m in config["ensemble"]] == ["wide"] and (tmp_path / "m" / "model-wide.crfsuite").is_file()
    stored = (tmp_path / "m" / "gazetteer.json").read_text()
    assert json.loads(stored)["digest"] == "blake2b-96"
    assert not any(name.lower() in stored.lower() for name in NAMES + CITIES)
    import pickle

    det = load_model_detector(tmp_path / "m", map_labels=False)
    again = pickle.loads(pickle.dumps(det))  # worker processes get the digests and their key
    assert det.gazetteer.key is not None and again.gazetteer.key == det.gazetteer.key
    assert (again.candidate_context, again.consistency) == (None, True)
    assert all(again.detect(d.text) == det.detect(d.text) for d in docs[18:])
    res = subprocess.run([sys.executable, "-m", "phisift", "train", "train.jsonl", "-o", "m2", "--no-gazetteer",
                          "--no-cue-words", "--word-clusters", "--tag-scheme", "bilou",
                          "--max-iterations", "5", "--candidate-context", "2", "--no-consistency"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr
    config = json.loads((tmp_path / "m2" / CONFIG_FILE).read_text())
    assert config["features"]["gazetteer"] is False and not (tmp_path / "m2" / "gazetteer.json").exists()
    assert config["features"]["cue_words"] is False
    assert config["features"]["corpus_clusters"] is True and config["features"]["clusters"] is True
    assert json.loads((tmp_path / "m2" / "clusters.json").read_text())["digest"] == "blake2b-96"
    assert config["tag_scheme"] == "bilou"
    assert config["candidate_context"] == 2 and config["consistency"] is False
    assert [m["name"] for m in config["ensemble"]] == ["wide"]
    assert config["ensemble"][0]["features"]["corpus_clusters"] is True  # a member keeps the command's features


# ----------------------------------------------------------------------------- cue classes


def test_cue_classes_carry_rare_cue_words_in_both_languages():
    from phisift.detect.tagger.cues import cue_class
    from phisift.detect.tagger.features import FeatureSettings, Featurizer

    assert [cue_class(w) for w in ["Pso", "AVDA", "Hospital", "Servicio", "cuñada", "Mother", "setiembre",
                                   "Junio", "trece", "meses", "Dra", "varón"]] == [
        "street", "street", "place", "dept", "kin", "kin", "month", "month", "numw", "ageu", "title", None]
    assert cue_class("C", "/") == "street" and cue_class("C", ".") is None
    text = "Hospital Miguel Servet Pso. Isabel La Católica, s/n. Su cuñada de trece años."
    on = Featurizer(FeatureSettings(cue_words=True))
    pieces, feats, _ = on.featurize(text)
    by = {p.text: f for p, f in zip(pieces, feats)}
    assert "cu=street" in by["Pso"] and "1cu=street" in by["Servet"] and "-1cu=place" in by["Miguel"]
    assert "cu=numw" in by["trece"] and "1cu=ageu" in by["trece"] and "cu=kin" in by["cuñada"]
    # off (the bundled model's and older models' settings): no cue feature at all
    _, plain, _ = Featurizer(FeatureSettings()).featurize(text)
    assert not any("cu=" in x for f in plain for x in f)
    assert FeatureSettings.from_dict({"window": 2}).cue_words is False


# ----------------------------------------------------------------------------- clusters from the training text


def test_clusters_from_the_training_text_are_nested_deterministic_and_cover_every_word():
    pytest.importorskip("gensim")
    pytest.importorskip("sklearn")
    from phisift.detect.tagger.clusters import ClusterSettings, build_clusters, training_sentences

    rng = random.Random(3)
    docs = [spanish_note(rng, i) for i in range(30)]
    settings = ClusterSettings(levels=(16, 6, 2), dim=20, epochs=3)
    words = build_clusters(docs, settings, seed=5)
    assert words == build_clusters(docs, settings, seed=5)  # one thread, fixed seed: the same clusters
    assert set(words) == {w for s in training_sentences(docs) for w in s}
    assert "pérez" in words and "nombre" in words and not any(w.isdigit() for w in words)
    levels = [w.split("|") for w in words.values()]
    assert all(len(p) == 3 for p in levels)
    assert len({p[0] for p in levels}) == 16 and len({p[2] for p in levels}) == 2
    for k in (1, 2):  # a fine cluster lies inside one coarser cluster, as Brown prefixes do
        parent: dict[str, str] = {}
        assert all(parent.setdefault(p[0], p[k]) == p[k] for p in levels)


def test_cluster_features_of_a_piece_and_its_neighbours_and_digested_maps_give_the_same():
    import pickle

    from phisift.detect.tagger.clusters import ClusterMap, cluster_map_from_json
    from phisift.detect.tagger.features import FeatureSettings, Featurizer

    text = "Vive con su hermana en Getafe."
    plain = {"hermana": "7|3|1", "getafe": "9|4|0", "vive": "2|3|1"}
    pieces, feats, _ = Featurizer(FeatureSettings(), clusters=plain).featurize(text)
    by = {p.text: f for p, f in zip(pieces, feats)}
    assert {"c0=7", "c1=3", "c2=1"} <= set(by["hermana"])
    assert {"-1c1=3", "-1c0=7", "1c1=4", "1c0=9"} <= set(by["en"])
    assert {"-1c1=3", "-1c0=2", "2c1=3"} <= set(by["con"]) and "2c0=7" not in by["con"]  # ±2: the middle level
    assert not any(x[0] == "c" and x[1].isdigit() for x in by["con"])  # "con" has no cluster of its own
    assert not any(x.startswith(("-2c", "2c")) for x in by["en"])  # "su" and "." have none either
    _, narrow, _ = Featurizer(FeatureSettings(cluster_window=1), clusters=plain).featurize(text)
    assert not any(x.startswith(("2c", "-2c")) for f in narrow for x in f)
    # a one-level map (a --vectors model) gives the piece's own "c=" feature only, as before
    _, old, _ = Featurizer(FeatureSettings(), clusters={"hermana": "7"}).featurize(text)
    assert [x for f in old for x in f if "c=" in x or "c0=" in x or "c1=" in x] == ["c=7"]
    # keyed digests: the same features, no word in the stored form, and they survive pickling
    digested = ClusterMap.digested(plain)
    stored = json.dumps(digested.as_dict())
    assert not any(w in stored for w in plain)
    again = pickle.loads(pickle.dumps(cluster_map_from_json(json.loads(stored))))
    for table in (digested, again):
        assert Featurizer(FeatureSettings(), clusters=table).featurize(text)[1] == feats
    assert again.get("hermana") == "7|3|1" and again.get("madrid") is None
    with pytest.raises(ValueError):
        cluster_map_from_json({"digest": "md5", "key": "00", "words": {}})


def test_a_model_trained_with_corpus_clusters_stores_digests_and_tags_as_it_was_scored(tmp_path):
    pytest.importorskip("gensim")
    pytest.importorskip("sklearn")
    from phisift.detect.tagger.features import FeatureSettings

    rng = random.Random(9)
    docs = [spanish_note(rng, i) for i in range(30)]
    out = tmp_path / "m"
    result = train_model(docs[:22], out, dev_docs=docs[22:], crf=CrfParams(max_iterations=20), grid=[(0.05, 0.01)],
                         features=FeatureSettings(corpus_clusters=True), seed=1)
    assert result.config["features"]["clusters"] is True and result.config["features"]["corpus_clusters"] is True
    stored = (out / "clusters.json").read_text()
    assert json.loads(stored)["digest"] == "blake2b-96"
    assert not any(w.lower() in stored.lower() for w in NAMES + CITIES + ["hermana", "paciente"])
    det = load_model_detector(out, map_labels=False)
    assert det.clusters.get("paciente") is not None
    pred = {d.id: det.detect(d.text) for d in docs[22:]}
    from phisift.evaluate import evaluate

    assert evaluate(docs[22:], pred).as_dict()["entity_strict"]["f1"] == result.dev["entity_strict"]["f1"]


# ----------------------------------------------------------------------------- BILOU


def test_bilou_labels_mark_span_ends_and_decode_to_the_same_spans():
    from phisift.detect.tagger.pieces import bilou, bio_labels, decode_bio, split_pieces
    from phisift.detect.tagger.train import crf_sequences
    from phisift.detect.tagger.features import FeatureSettings, Featurizer
    from phisift.text import tokenize

    labels = ["O", "B-A", "I-A", "I-A", "O", "B-B", "B-B", "I-B", "O", "I-A"]
    assert bilou(labels) == ["O", "B-A", "I-A", "L-A", "O", "U-B", "B-B", "L-B", "O", "L-A"]
    assert bilou([]) == [] and bilou(["O"]) == ["O"]
    rng = random.Random(5)
    for doc in [spanish_note(rng, i) for i in range(5)]:
        pieces = split_pieces(tokenize(doc.text))
        bio = bio_labels(pieces, doc.spans)
        assert decode_bio(pieces, bilou(bio)) == decode_bio(pieces, bio)
        assert [(s.start, s.end, s.label) for s in decode_bio(pieces, bilou(bio))] == \
            sorted((s.start, s.end, s.label) for s in doc.spans)
    # a span closed by L- or U- ends there, even when the next label says I- of the same kind
    pieces = split_pieces(tokenize("Ana Gil Ruiz"))
    assert [(s.start, s.end) for s in decode_bio(pieces, ["U-P", "I-P", "L-P"])] == [(0, 3), (4, 12)]
    assert [(s.start, s.end) for s in decode_bio(pieces, ["B-P", "I-P", "I-P"])] == [(0, 12)]
    docs = [spanish_note(rng, i) for i in range(3)]
    _, ys = crf_sequences(docs, Featurizer(FeatureSettings(detectors=())), tag_scheme="bilou")
    _, ys_bio = crf_sequences(docs, Featurizer(FeatureSettings(detectors=())))
    assert any(y.startswith(("L-", "U-")) for seq in ys for y in seq)
    assert not any(y.startswith(("L-", "U-")) for seq in ys_bio for y in seq)
    assert [bilou(y) for y in ys_bio] == ys


def test_a_bilou_model_tags_spans_and_unknown_schemes_are_refused(spanish_model, tmp_path):
    out, dev = spanish_model
    config = json.loads((out / CONFIG_FILE).read_text())
    assert config["tag_scheme"] == "bilou"
    det = load_model_detector(out, map_labels=False)
    assert det.labels == sorted({s.label for d in dev for s in d.spans})
    assert any(det.detect(d.text) for d in dev)
    from phisift.errors import UsageError

    with pytest.raises(UsageError):
        train_model(dev, tmp_path / "x", tag_scheme="bioes")


# ----------------------------------------------------------------------------- training algorithms


def test_other_crfsuite_algorithms_train_grid_over_their_own_settings_and_bad_ones_are_refused(tmp_path):
    from phisift.cli.train import _crf_grid, _crf_params
    from phisift.detect.tagger.crf import CrfParams
    from phisift.detect.tagger.train import DEFAULT_GRIDS, default_params
    from phisift.errors import UsageError

    rng = random.Random(13)
    docs = [spanish_note(rng, i) for i in range(16)]
    result = train_model(docs[:12], tmp_path / "pa", dev_docs=docs[12:], crf=default_params("pa", max_iterations=8),
                         grid=DEFAULT_GRIDS["pa"])
    config = json.loads((tmp_path / "pa" / CONFIG_FILE).read_text())
    assert config["crf"]["algorithm"] == "pa" and config["crf"]["max_iterations"] == 8
    assert [r["c"] for r in config["grid"]] == [1.0, 0.5] and all("c1" not in r for r in config["grid"])
    assert config["crf"]["c"] in (1.0, 0.5) and result.dev["entity_strict"]["f1"] > 0.5
    det = load_model_detector(tmp_path / "pa", map_labels=False)
    assert any(det.detect(d.text) for d in docs[12:])
    # crfsuite's own parameter names per algorithm; L-BFGS stays the default with its 200 iterations
    assert CrfParams().crfsuite()["c1"] == 0.05 and default_params().algorithm == "lbfgs"
    assert default_params().max_iterations == 200
    pa = default_params("pa").crfsuite()
    assert (pa["type"], pa["c"], pa["max_iterations"]) == (2, 1.0, 50) and "c1" not in pa
    assert "c1" not in default_params("l2sgd").crfsuite() and default_params("l2sgd").crfsuite()["c2"] == 0.01
    assert default_params("pa").with_values((0.5,)).c == 0.5
    with pytest.raises(UsageError):
        default_params("pa").with_values((0.05, 0.01))  # an L-BFGS grid point for PA
    with pytest.raises(UsageError):
        train_model(docs[:4], tmp_path / "x", crf=CrfParams(algorithm="sgd"))
    with pytest.raises(UsageError):
        _crf_params(0.1, None, None, 1, "pa")  # --c1 means nothing to PA
    assert _crf_params(None, None, None, 1, "pa").max_iterations == 50
    assert _crf_params(None, None, 30, 1, "lbfgs").max_iterations == 30
    assert _crf_grid(None, None, "pa") == [(1.0,), (0.5,)] and _crf_grid(None, 0.1, "l2sgd") is None
    import subprocess
    import sys

    # refused before any corpus is read (this one does not exist)
    res = subprocess.run([sys.executable, "-m", "phisift", "train", "missing.jsonl", "-o", "m", "--algorithm", "pa",
                          "--c1", "0.1"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert res.returncode == 2 and "--c1" in res.stderr and not (tmp_path / "m").exists()


def test_paren_segment_features_say_which_comma_part_of_a_parenthesis_a_piece_is_in():
    from phisift.detect.tagger.features import FeatureSettings, Featurizer

    text = "doxiciclina (Vibracina 100, Pfizer, Madrid), atropina (Alcon Cusí) y (sin cerrar, nunca"
    pieces, feats, _ = Featurizer(FeatureSettings(paren_segments=True, detectors=())).featurize(text)
    by = {p.text: [x for x in f if x.startswith("ps")] for p, f in zip(pieces, feats)}
    assert by["Vibracina"] == ["ps=0"] and by["100"] == ["ps=0"]
    assert by["Pfizer"] == ["ps=1"] and by["Madrid"] == ["ps=2", "psl"]
    assert by["Alcon"] == [] and by["nunca"] == [] and by["doxiciclina"] == []  # one part; never closed
    _, plain, _ = Featurizer(FeatureSettings(detectors=())).featurize(text)
    assert not any(x.startswith("ps") for f in plain for x in f)  # off by default, as in older models
    assert FeatureSettings.from_dict({"window": 2}).paren_segments is False


# ----------------------------------------------------------------------------- refit on train + dev


def with_profession(doc: Document, job: str) -> Document:
    """The note with a sentence naming the patient's job (PROFESION), a label the training notes lack."""
    text = doc.text + "Trabaja como "
    return Document(doc.id, text + job + ".\n", doc.spans + (Span(len(text), len(text) + len(job), "PROFESION"),))


def test_refit_trains_the_chosen_setting_on_train_and_dev_and_says_so(tmp_path):
    """``refit=True`` saves a model trained on train + dev: a label and a gazetteer value only dev holds
    are in it; the dev figures stored are those of the train-only model (the same as without the refit),
    and the config says what the model was trained on and that dev was scored before the refit."""
    rng = random.Random(17)
    docs = [spanish_note(rng, i) for i in range(26)]
    train = docs[:18]
    dev = [with_profession(d, rng.choice(["fontanero", "albañil", "camarera"])) for d in docs[18:]]
    from phisift.detect.tagger.features import FeatureSettings

    args = dict(dev_docs=dev, crf=CrfParams(max_iterations=30), grid=[(0.05, 0.01), (0.1, 0.01)])
    kept = train_model(train, tmp_path / "plain", features=FeatureSettings(gazetteer=True), **args)
    refit = train_model(train, tmp_path / "refit", features=FeatureSettings(gazetteer=True), refit=True, **args)
    config = json.loads((tmp_path / "refit" / CONFIG_FILE).read_text())
    assert config["trained_on"] == "training + dev corpus (refit)"
    assert config["refit"]["documents"] == 26 and config["refit"]["corpora"] == ["training", "dev"]
    assert "before the refit" in config["refit"]["dev_measured"]
    assert config["refit_corpus"]["documents"] == 26 and config["refit_corpus"]["labels"]["PROFESION"] == 8
    assert config["training_corpus"]["documents"] == 18 and "PROFESION" not in config["training_corpus"]["labels"]
    assert config["dev"] == refit.dev == kept.dev  # measured on the train-only model, before the refit
    plain_grid = json.loads((tmp_path / "plain" / CONFIG_FILE).read_text())["grid"]
    assert [r["dev_strict"] for r in config["grid"]] == [r["dev_strict"] for r in plain_grid]
    assert "PROFESION" in config["labels"] and config["windows"] > kept.config["windows"]
    det = load_model_detector(tmp_path / "refit", map_labels=False)
    assert "PROFESION" in det.labels and det.gazetteer._phrase(("fontanero",)) == "PROFESION"
    assert "fontanero" not in (tmp_path / "refit" / "gazetteer.json").read_text()  # still keyed digests
    plain = load_model_detector(tmp_path / "plain", map_labels=False)
    assert "PROFESION" not in plain.labels and plain.gazetteer._phrase(("fontanero",)) is None
    assert kept.config["trained_on"] == "training corpus" and kept.config["refit"] is None
    from phisift.errors import UsageError

    with pytest.raises(UsageError):
        train_model(train, tmp_path / "t", dev_docs=dev, kind="transformer", refit=True)


def test_cli_refit_trains_on_both_and_the_default_keeps_the_train_only_model(tmp_path):
    import subprocess
    import sys

    from phisift.formats import write_corpus

    rng = random.Random(19)
    docs = [spanish_note(rng, i) for i in range(20)]
    write_corpus(docs[:14], tmp_path / "train.jsonl")
    write_corpus([with_profession(d, "fontanero") for d in docs[14:]], tmp_path / "dev.jsonl")
    configs = {}
    for name, flag in (("m", ["--refit"]), ("n", []), ("p", ["--no-refit", "--ensemble", "none"])):
        res = subprocess.run([sys.executable, "-m", "phisift", "train", "train.jsonl", "--dev", "dev.jsonl", "-o",
                              name, "--max-iterations", "15", "--c1", "0.05", "--c2", "0.01", *flag],
                             cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert res.returncode == 0, res.stderr
        configs[name] = json.loads((tmp_path / name / CONFIG_FILE).read_text())
        assert ("before the refit" in res.stderr) == (flag == ["--refit"])
    assert configs["m"]["refit"]["documents"] == 20 and "PROFESION" in configs["m"]["labels"]
    assert configs["n"]["refit"] is None and configs["n"]["trained_on"] == "training corpus"
    assert "PROFESION" not in configs["n"]["labels"]
    assert configs["p"]["refit"] is None and "PROFESION" not in configs["p"]["labels"]
    assert configs["m"]["dev"] == configs["p"]["dev"]
    # the default adds the "wide" member (not with --refit): the single model's figures are its grid row's
    assert configs["m"]["ensemble"] is None and [m["name"] for m in configs["n"]["ensemble"]] == ["wide"]
    assert configs["n"]["grid"][0]["dev_strict"] == configs["m"]["dev"]["entity_strict"]
    # without a dev set there is nothing to refit on
    res = subprocess.run([sys.executable, "-m", "phisift", "train", "train.jsonl", "-o", "o", "--max-iterations", "5",
                          "--refit"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr
    assert json.loads((tmp_path / "o" / CONFIG_FILE).read_text())["refit"] is None
