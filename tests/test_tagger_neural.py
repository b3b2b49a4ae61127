"""The neural ensemble member (``detect/tagger/neural.py``, ``phisift train --ensemble wide,neural``): hashed
features, training, saving and loading, averaging with the CRFs. The corpora are made here (tests never
read the shared data); skipped without torch."""

from __future__ import annotations

import json
import pickle
import random
import stat

import pytest

pytest.importorskip("pycrfsuite")
pytest.importorskip("torch")

import numpy as np  # noqa: E402

from phisift.detect.tagger.crf import CONFIG_FILE, CrfParams  # noqa: E402
from phisift.detect.tagger.ensemble import average_marginals, best_path  # noqa: E402
from phisift.detect.tagger.features import Featurizer, FeatureSettings, Gazetteer  # noqa: E402
from phisift.detect.tagger.load import load_model_detector  # noqa: E402
from phisift.detect.tagger.neural import (  # noqa: E402
    NEURAL_FILE, DevScorer, FeatureHasher, NeuralSettings, blend, train_neural, training_windows)
from phisift.detect.tagger.pieces import bio_labels, decode_bio  # noqa: E402
from phisift.detect.tagger.train import train_model  # noqa: E402
from phisift.errors import InputError, UsageError  # noqa: E402

from test_tagger_meddocan import spanish_note  # noqa: E402

SMALL = dict(buckets=4096, feat_dim=16, char_filters=16, hidden=24, batch=4, threads=1)


def test_feature_rows_are_keyed_and_leave_out_the_neighbours():
    a, b = FeatureHasher(b"k" * 16, 1000), FeatureHasher(b"j" * 16, 1000)
    feats = ["w=juan", "s=Xx", "R=B-PATIENT", "-1w=nombre", "2s=d", "-1|0=:|juan", "0|1=juan|pérez", "-1cu=place"]
    rows = a.rows(feats)
    assert len(rows) == 3 and all(1 <= r < 1000 for r in rows)  # row 0 is never used
    assert rows == FeatureHasher(b"k" * 16, 1000).rows(feats)  # the same key gives the same rows
    assert rows != b.rows(feats)  # another key other rows (3 of 999 buckets: equal by chance ~1e-9)
    assert len(FeatureHasher(b"k" * 16, 1000, context=True).rows(feats)) == len(feats)


def test_training_windows_carry_the_bio_labels_of_the_pieces():
    rng = random.Random(5)
    docs = [spanish_note(rng, i) for i in range(4)]
    featurizer = Featurizer(FeatureSettings(window=3, cue_words=True))
    settings = NeuralSettings(**SMALL)
    encs, labels = training_windows(docs, featurizer, None, FeatureHasher(b"k" * 16, settings.buckets), settings)
    assert labels == sorted(labels) and "O" in labels and "B-TERRITORIO" in labels
    assert len(encs) == len(docs)  # short notes: one window each
    for doc, enc in zip(docs, encs):
        pieces, _, _ = featurizer.featurize(doc.text)
        assert [labels[j] for j in enc.labels] == bio_labels(pieces, doc.spans)
        assert len(enc) == len(pieces) == enc.chars.shape[0] and enc.counts.sum() == len(enc.rows)


def test_blend_weighs_the_neural_member_as_so_many_crfs():
    bio = ["B-X", "I-X", "O"]
    crf = [[0.2, 0.0, 0.8]]
    probs = [np.asarray([[0.0, 1.0]])]  # the member's labels in its own order: I-X, O
    got = blend(crf, 2, [(["I-X", "O"], 1.0)], probs, bio)[0]
    assert got == pytest.approx([0.4 / 3, 0.0 / 3 + 0.0, (1.6 + 1.0) / 3])
    got = blend(crf, 1, [(["I-X", "O"], 3.0)], probs, bio)[0]
    assert got == pytest.approx([0.05, 0.0, 0.95])


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    rng = random.Random(11)
    docs = [spanish_note(rng, i) for i in range(40)]
    fs = FeatureSettings(window=3, gazetteer=True, cue_words=True)
    featurizer = Featurizer(fs, Gazetteer.build(docs[:30]).digested())
    settings = NeuralSettings(**SMALL, epochs=12, patience=12, lr=5e-3)
    hasher = FeatureHasher(b"k" * 16, settings.buckets)
    encs, labels = training_windows(docs[:30], featurizer, None, hasher, settings)
    dev = DevScorer(docs[30:], featurizer, hasher, settings)
    tagger, history = train_neural(encs, labels, b"k" * 16, settings, dev)
    return tagger, history, dev


def test_the_network_learns_the_notes_and_keeps_its_best_epoch(trained):
    tagger, history, dev = trained
    assert history[-1]["loss"] < history[0]["loss"] / 3
    f1s = [h["dev_strict"]["f1"] for h in history]
    assert max(f1s) > 0.8  # names, ids, places and ages of unseen notes
    assert dev.score(tagger)["f1"] == max(f1s)  # the kept weights are the best epoch's


def test_training_is_repeatable(trained):
    tagger, history, dev = trained
    rng = random.Random(11)
    docs = [spanish_note(rng, i) for i in range(40)]
    fs = FeatureSettings(window=3, gazetteer=True, cue_words=True)
    featurizer = Featurizer(fs, Gazetteer.build(docs[:30]).digested())
    settings = NeuralSettings(**SMALL, epochs=3, patience=12, lr=5e-3)
    hasher = FeatureHasher(b"k" * 16, settings.buckets)
    encs, labels = training_windows(docs[:30], featurizer, None, hasher, settings)
    _, again = train_neural(encs, labels, b"k" * 16, settings, None)
    assert [h["loss"] for h in again] == [h["loss"] for h in history[:3]]


@pytest.fixture(scope="module")
def neural_model(tmp_path_factory):
    rng = random.Random(23)
    docs = [spanish_note(rng, i) for i in range(36)]
    out = tmp_path_factory.mktemp("models") / "ens"
    result = train_model(docs[:26], out, dev_docs=docs[26:], crf=CrfParams(max_iterations=30), grid=[(0.05, 0.01)],
                         features=FeatureSettings(gazetteer=True, window=3, cue_words=True),
                         ensemble=("wide", "neural"), jobs=2)
    return out, docs[26:], result


def test_a_neural_member_is_saved_loaded_and_averaged_in(neural_model):
    out, dev, result = neural_model
    config = json.loads((out / CONFIG_FILE).read_text())
    assert [m["name"] for m in config["ensemble"]] == ["wide", "neural"]
    spec = config["ensemble"][1]
    assert spec["model_file"] == NEURAL_FILE and spec["weight"] == 1.0 and spec["history"]
    assert stat.S_IMODE((out / NEURAL_FILE).stat().st_mode) == 0o600
    assert "juan" not in (out / CONFIG_FILE).read_text().lower()  # hashed features: no vocabulary stored
    det = load_model_detector(out, map_labels=False)
    assert len(det.members) == 1 and len(det.neural) == 1
    again = pickle.loads(pickle.dumps(det))  # worker processes get the neural member too
    from phisift.detect.tagger.stack import other_mentions
    from phisift.detect.tagger.train import dev_figures

    assert dev_figures(dev, lambda t: det.tag(t, with_scores=False)) == config["dev"] == result.dev
    tagger = det.neural[0][0]
    for doc in dev:
        spans = det.tag(doc.text)
        assert spans == again.tag(doc.text)
        # by hand: the two CRFs' average and the network's probabilities, one weight each
        pieces, feats, windows = det._featurizer.featurize(doc.text, overlap=det.settings.overlap)
        views = [feats] + [f.featurize(doc.text, overlap=det.settings.overlap)[1] for _, f in det.members]
        m = average_marginals([det._tagger] + [t for t, _ in det.members], views, det._bio)
        p = tagger.window_probabilities(pieces, feats, windows)[0]
        cols = [det._bio.index(lab) for lab in tagger.labels]
        m = np.asarray(m) * 2
        m[:, cols] += p
        m = (m / 3).tolist()
        by_hand = decode_bio(pieces, [det._bio[j] for j in best_path(m, det._bio)])
        assert [(s.start, s.end, s.label) for s in spans] == \
            [(s.start, s.end, s.label) for s in other_mentions(doc.text, by_hand)]


def test_a_damaged_neural_member_is_refused(neural_model, tmp_path):
    import shutil

    out, _, _ = neural_model
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    (copy / NEURAL_FILE).write_bytes(b"not torch")
    with pytest.raises(InputError):
        load_model_detector(copy)
    (copy / NEURAL_FILE).unlink()
    with pytest.raises(InputError):
        load_model_detector(copy)


def test_a_neural_member_needs_torch(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "torch", None)  # as if torch were not installed
    docs = [spanish_note(random.Random(3), i) for i in range(6)]
    with pytest.raises(UsageError, match="torch"):
        train_model(docs, tmp_path / "a", ensemble=("wide", "neural"), crf=CrfParams(max_iterations=5))
    assert not (tmp_path / "a").exists()
