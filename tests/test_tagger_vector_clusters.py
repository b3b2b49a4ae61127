"""Word-cluster features from a vectors file (``phisift train --vectors``).

Two properties: the model folder lists no training word (the cluster map is stored as keyed
digests, like the gazetteer: the training vocabulary holds the notes' names), and a word the
training notes never hold still has a cluster when the vectors know it, which is what lets the
features carry to a test note's town or a pseudonymised corpus's real names.
"""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("pycrfsuite")
pytest.importorskip("gensim")
pytest.importorskip("sklearn")

from phisift.detect.tagger.crf import CLUSTERS_FILE, CrfParams  # noqa: E402
from phisift.detect.tagger.features import FeatureSettings  # noqa: E402
from phisift.detect.tagger.load import load_model_detector  # noqa: E402
from phisift.detect.tagger.pieces import sentence_pieces  # noqa: E402
from phisift.detect.tagger.train import train_model  # noqa: E402
from phisift.synth import generate_notes  # noqa: E402

UNSEEN = "quillfeatherton"  # in the vectors, in no training note


def _vectors(path, words: list[str]) -> None:
    """A word2vec text file with a random 8-dimensional vector per word."""
    rng = random.Random(7)
    lines = [f"{len(words)} 8"]
    for w in words:
        lines.append(w + " " + " ".join(f"{rng.uniform(-1, 1):.4f}" for _ in range(8)))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    base = tmp_path_factory.mktemp("vecclusters")
    docs = generate_notes(8, seed=211)
    vocab = sorted({p.text.lower() for d in docs for s in sentence_pieces(d.text) for p in s if p.text.isalpha()})
    assert UNSEEN not in vocab
    _vectors(base / "words.vec", vocab + [UNSEEN])
    out = base / "model"
    train_model(docs, out, crf=CrfParams(c1=0.1, c2=0.01, max_iterations=5),
                features=FeatureSettings(detectors=()), vectors=base / "words.vec")
    return docs, out


def test_cluster_file_lists_no_training_word(trained):
    docs, out = trained
    raw = (out / CLUSTERS_FILE).read_text(encoding="utf-8")
    names = {w.lower() for d in docs for s in d.spans if s.label in ("PATIENT", "DOCTOR")
             for w in d.text[s.start:s.end].split() if w.isalpha() and len(w) > 3}
    assert names, "the generated notes hold names"
    leaked = {w for w in names if f'"{w}"' in raw}
    assert not leaked, f"{len(leaked)} training names listed in clear"
    assert "digest" in json.loads(raw)


def test_word_only_in_the_vectors_has_a_cluster(trained):
    docs, out = trained
    det = load_model_detector(out)
    clusters = det.clusters
    assert clusters is not None
    assert clusters.get(UNSEEN) is not None
    some_training_word = next(p.text.lower() for s in sentence_pieces(docs[0].text) for p in s if p.text.isalpha())
    assert clusters.get(some_training_word) is not None
