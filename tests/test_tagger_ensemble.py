"""CRF ensembles (``phisift train --ensemble``): members trained on other views of the notes, their
marginals averaged and decoded on one BIO-valid path. The corpora are made here (tests never read
the shared data)."""

from __future__ import annotations

import json
import math
import pickle
import random

import pytest

pytest.importorskip("pycrfsuite")

from phisift.detect.tagger.crf import CONFIG_FILE, CrfParams  # noqa: E402
from phisift.detect.tagger.ensemble import average_marginals, best_path, bio_name, member_settings  # noqa: E402
from phisift.detect.tagger.load import load_model_detector  # noqa: E402
from phisift.detect.tagger.pieces import decode_bio  # noqa: E402
from phisift.detect.tagger.train import train_model  # noqa: E402
from phisift.errors import UsageError  # noqa: E402

from test_tagger_meddocan import spanish_note  # noqa: E402

LABELS = ["B-CITY", "B-NAME", "I-CITY", "I-NAME", "O"]


def test_bilou_labels_count_as_their_bio_labels():
    assert [bio_name(x) for x in ("U-X", "L-X", "B-X", "I-X", "O")] == ["B-X", "I-X", "B-X", "I-X", "O"]


def brute_force(marginals, labels):
    """The best BIO-valid path by trying every path (small cases only)."""
    import itertools

    best, arg = -math.inf, None
    for path in itertools.product(range(len(labels)), repeat=len(marginals)):
        names = [labels[j] for j in path]
        if any(n.startswith("I-") and (k == 0 or names[k - 1][2:] != n[2:] or names[k - 1] == "O")
               for k, n in enumerate(names)):
            continue
        score = sum(math.log(max(marginals[t][j], 1e-12)) for t, j in enumerate(path))
        if score > best:
            best, arg = score, list(path)
    return arg


def test_best_path_is_bio_valid_and_the_best_such_path():
    # each piece alone would say I-NAME after O: the argmax path has a stray I that cuts the span
    m = [[0.0, 0.45, 0.0, 0.05, 0.5], [0.0, 0.1, 0.0, 0.6, 0.3], [0.0, 0.0, 0.1, 0.2, 0.7]]
    argmax = [LABELS[max(range(5), key=row.__getitem__)] for row in m]
    assert argmax == ["O", "I-NAME", "O"]
    path = [LABELS[j] for j in best_path(m, LABELS)]
    assert path == ["B-NAME", "I-NAME", "O"]
    rng = random.Random(3)
    for _ in range(60):
        n = rng.randint(1, 4)
        rows = []
        for _ in range(n):
            row = [rng.random() ** 3 for _ in LABELS]
            rows.append([v / sum(row) for v in row])
        got = best_path(rows, LABELS)
        score = sum(math.log(rows[t][j]) for t, j in enumerate(got))
        want = brute_force(rows, LABELS)
        assert math.isclose(score, sum(math.log(rows[t][j]) for t, j in enumerate(want)), rel_tol=1e-9)
        names = [LABELS[j] for j in got]
        assert not any(x.startswith("I-") and (k == 0 or names[k - 1][2:] != x[2:]) for k, x in enumerate(names))
    assert best_path([], LABELS) == []


def test_members_change_only_what_they_say():
    base = {"window": 3, "gazetteer": True, "affixes": [2, 3, 4]}
    wide, scheme = member_settings("wide", base)
    assert scheme == "bio" and wide["window"] == 4 and wide["affixes"] == [2, 3, 4, 5] and wide["gazetteer"]
    assert member_settings("bilou", base) == (base, "bilou")
    assert member_settings("clusters", base)[0]["corpus_clusters"] is True
    with pytest.raises(UsageError):
        member_settings("forest", base)


@pytest.fixture(scope="module")
def ensemble_model(tmp_path_factory):
    from phisift.detect.tagger.features import FeatureSettings

    rng = random.Random(23)
    docs = [spanish_note(rng, i) for i in range(36)]
    out = tmp_path_factory.mktemp("models") / "ens"
    result = train_model(docs[:26], out, dev_docs=docs[26:], crf=CrfParams(max_iterations=30), grid=[(0.05, 0.01)],
                         features=FeatureSettings(gazetteer=True, window=3, cue_words=True),
                         ensemble=("wide", "bilou"), jobs=2)
    return out, docs[26:], result


def test_an_ensemble_folder_keeps_its_members_and_tags_with_their_average(ensemble_model):
    out, dev, result = ensemble_model
    config = json.loads((out / CONFIG_FILE).read_text())
    assert [(m["name"], m["tag_scheme"]) for m in config["ensemble"]] == [("wide", "bio"), ("bilou", "bilou")]
    assert config["ensemble"][0]["features"]["window"] == 4 and config["features"]["window"] == 3
    assert all((out / m["model_file"]).is_file() for m in config["ensemble"])
    det = load_model_detector(out, map_labels=False)
    assert len(det.members) == 2
    again = pickle.loads(pickle.dumps(det))  # worker processes get the members too
    assert len(again.members) == 2
    from phisift.detect.tagger.train import dev_figures

    # the stored dev figures are the ensemble's, as the saved folder tags
    assert dev_figures(dev, lambda t: det.tag(t, with_scores=False)) == config["dev"] == result.dev
    for doc in dev:
        spans = det.tag(doc.text)
        assert spans == again.tag(doc.text)
        # the same as decoding the average of the three models' marginals by hand
        pieces, feats, windows = det._featurizer.featurize(doc.text, overlap=det.settings.overlap)
        assert len(windows) == 1
        views = [feats] + [f.featurize(doc.text, overlap=det.settings.overlap)[1] for _, f in det.members]
        taggers = [det._tagger] + [t for t, _ in det.members]
        m = average_marginals(taggers, views, det._bio)
        by_hand = decode_bio(pieces, [det._bio[j] for j in best_path(m, det._bio)])
        from phisift.detect.tagger.stack import other_mentions

        assert [(s.start, s.end, s.label) for s in spans] == \
            [(s.start, s.end, s.label) for s in other_mentions(doc.text, by_hand)]
    assert sum(len(det.tag(d.text)) for d in dev) > 40


def test_a_damaged_ensemble_config_is_refused(ensemble_model, tmp_path):
    import shutil

    from phisift.errors import InputError

    out, _, _ = ensemble_model
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    config = json.loads((copy / CONFIG_FILE).read_text())
    for bad in ({"name": "wide"}, "model-wide.crfsuite"):
        (copy / CONFIG_FILE).write_text(json.dumps({**config, "ensemble": [bad]}))
        with pytest.raises(InputError):
            load_model_detector(copy)
    (copy / CONFIG_FILE).write_text(json.dumps(config))
    (copy / "model-bilou.crfsuite").unlink()
    with pytest.raises(InputError):
        load_model_detector(copy)


def test_cli_ensemble_option(tmp_path):
    import subprocess
    import sys

    from phisift.formats import write_corpus

    rng = random.Random(31)
    docs = [spanish_note(rng, i) for i in range(16)]
    write_corpus(docs[:12], tmp_path / "train.jsonl")
    write_corpus(docs[12:], tmp_path / "dev.jsonl")
    for name, flag in (("m", ["--ensemble", "bilou"]), ("n", ["--ensemble", "none"]), ("d", [])):
        res = subprocess.run([sys.executable, "-m", "phisift", "train", "train.jsonl", "--dev", "dev.jsonl", "-o", name,
                              "--max-iterations", "10", "--c1", "0.05", "--c2", "0.01", *flag],
                             cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert res.returncode == 0, res.stderr
    assert [m["name"] for m in json.loads((tmp_path / "m" / CONFIG_FILE).read_text())["ensemble"]] == ["bilou"]
    assert json.loads((tmp_path / "n" / CONFIG_FILE).read_text())["ensemble"] is None
    assert [m["name"] for m in json.loads((tmp_path / "d" / CONFIG_FILE).read_text())["ensemble"]] == ["wide"]
    res = subprocess.run([sys.executable, "-m", "phisift", "train", "train.jsonl", "--dev", "dev.jsonl", "-o", "r",
                          "--max-iterations", "5", "--refit", "--ensemble", "bilou"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert res.returncode != 0 and "refit" in res.stderr
    res = subprocess.run([sys.executable, "-m", "phisift", "train", "train.jsonl", "-o", "o", "--ensemble", "forest"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert res.returncode != 0 and "forest" in res.stderr


def test_bad_ensembles_are_refused(tmp_path):
    rng = random.Random(29)
    docs = [spanish_note(rng, i) for i in range(8)]
    with pytest.raises(UsageError):
        train_model(docs, tmp_path / "a", ensemble=("forest",), crf=CrfParams(max_iterations=5))
    with pytest.raises(UsageError):
        train_model(docs[:6], tmp_path / "b", dev_docs=docs[6:], ensemble=("bilou",), refit=True,
                    crf=CrfParams(max_iterations=5))
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
