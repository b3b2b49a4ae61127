"""MEDDOCAN: do CRFs trained on different feature sets make different errors? Average their marginals.

Usage:
    python bench/meddocan_ensemble.py train VARIANT [VARIANT ...] [--out DIR]   # one process per call
    python bench/meddocan_ensemble.py combine V1+V2+V3 [V1 ...] [--out DIR]

``train`` featurizes MEDDOCAN train with the variant's feature settings (as ``phisift train``:
gazetteer jackknifed from train, cue words, rules/lexicon hits), trains one L-BFGS CRF
(c1/c2 of the variant, 200 iterations), then tags dev (whole notes, windows of 250 words
overlapping by 50; a piece takes the window in which it lies farthest from an edge) and
stores every piece's marginal of every BIO label (BILOU models: B = B + U, I = I + L).
``combine`` averages the stored marginals of the listed variants, decodes each piece's best
label (or a BIO-constrained Viterbi over the log marginals with ``--viterbi``), turns them into
spans, adds the other mentions (``stack.other_mentions``, as ``phisift train`` models do) and
prints strict entity micro P/R/F1 on dev. Nothing is chosen on dev here by itself: this
measures whether the idea is worth building.
"""

from __future__ import annotations

import argparse
import pickle
import resource
import sys
import time
from pathlib import Path

import numpy as np

from phisift.detect.tagger.clusters import ClusterMap, build_clusters
from phisift.detect.tagger.crf import CrfParams, open_tagger, train_crf
from phisift.detect.tagger.features import Featurizer, FeatureSettings, Gazetteer
from phisift.detect.tagger.pieces import decode_bio
from phisift.detect.tagger.stack import other_mentions
from phisift.detect.tagger.train import _jackknife_gazetteers, crf_sequences
from phisift.evaluate import evaluate
from phisift.formats import read_corpus

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"

BASE = dict(gazetteer=True, window=3, cue_words=True)
VARIANTS = {
    "base": (BASE, "bio", (0.05, 0.01)),
    "base2": (BASE, "bio", (0.02, 0.005)),
    "clusters": ({**BASE, "corpus_clusters": True}, "bio", (0.05, 0.01)),
    "bilou": (BASE, "bilou", (0.05, 0.01)),
    "extras": ({**BASE, "window": 4, "affixes": (2, 3, 4, 5), "lexicon_words": True, "doc_features": True,
                "paren_segments": True}, "bio", (0.05, 0.01)),
    "w2": ({**BASE, "window": 2}, "bio", (0.05, 0.01)),
    "nogaz": ({**BASE, "gazetteer": False}, "bio", (0.05, 0.01)),
}


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def bio_labels_of(tagger) -> list[str]:
    return [lab for lab in tagger.labels()]


def train_variant(name: str, out: Path, data: Path) -> None:
    feats, scheme, (c1, c2) = VARIANTS[name]
    train = list(read_corpus(data / "train"))
    dev = list(read_corpus(data / "dev"))
    settings = FeatureSettings(**{k: v for k, v in feats.items() if k != "corpus_clusters"})
    c0, t0 = cpu(), time.time()
    clusters = None
    if feats.get("corpus_clusters"):
        clusters = ClusterMap.digested(build_clusters(train, seed=0))
        settings.clusters = True
    gazetteer = Gazetteer.build(train).digested() if settings.gazetteer else None
    jackknife = _jackknife_gazetteers(train, settings.gazetteer_folds) if settings.gazetteer else None
    featurizer = Featurizer(settings, gazetteer, clusters)
    xs, ys = crf_sequences(train, featurizer, jackknife, scheme)
    print(f"{name}: features {cpu() - c0:.0f} CPU-s", flush=True)
    path = out / f"{name}.crfsuite"
    train_crf(xs, ys, CrfParams(c1=c1, c2=c2), path)
    del xs, ys
    print(f"{name}: trained, {cpu() - c0:.0f} CPU-s so far", flush=True)
    tagger = open_tagger(path)
    labels = tagger.labels()
    bio = sorted({"O"} | {("B-" if lab[0] in "BU" else "I-") + lab[2:] for lab in labels if lab != "O"})
    index = {lab: bio.index("O" if lab == "O" else ("B-" if lab[0] in "BU" else "I-") + lab[2:]) for lab in labels}
    docs = {}
    for doc in dev:
        pieces, f, windows = featurizer.featurize(doc.text, overlap=settings.overlap)
        m = np.zeros((len(pieces), len(bio)), dtype=np.float32)
        best = np.full(len(pieces), -1)
        for w in windows:
            tagger.set(f[w.lo : w.hi])
            for t in range(w.hi - w.lo):
                i = w.lo + t
                room = min(t, w.hi - w.lo - 1 - t)
                if room <= best[i]:
                    continue
                best[i] = room
                m[i] = 0
                for lab in labels:
                    m[i, index[lab]] += tagger.marginal(lab, t)
        docs[doc.id] = ([(p.start, p.end) for p in pieces], m)
    with open(out / f"{name}.marginals.pkl", "wb") as fh:
        pickle.dump({"labels": bio, "docs": docs}, fh)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{name}: done, {cpu() - c0:.0f} CPU-s, {time.time() - t0:.0f} s wall, peak {peak:.0f} MB", flush=True)


class _P:
    __slots__ = ("start", "end")

    def __init__(self, start: int, end: int) -> None:
        self.start, self.end = start, end


def viterbi(logm: np.ndarray, labels: list[str]) -> list[int]:
    """Best BIO-valid path over per-piece log marginals (I-X only after B-X or I-X)."""
    n, k = logm.shape
    allowed = np.ones((k, k), dtype=bool)
    for j, lab in enumerate(labels):
        if lab.startswith("I-"):
            for i, prev in enumerate(labels):
                allowed[i, j] = prev[2:] == lab[2:] and prev != "O"
    trans = np.where(allowed, 0.0, -1e9)
    start = np.array([-1e9 if lab.startswith("I-") else 0.0 for lab in labels])
    score = start + logm[0]
    back = np.zeros((n, k), dtype=np.int32)
    for t in range(1, n):
        cand = score[:, None] + trans
        back[t] = cand.argmax(0)
        score = cand.max(0) + logm[t]
    path = [int(score.argmax())]
    for t in range(n - 1, 0, -1):
        path.append(int(back[t, path[-1]]))
    return path[::-1]


def combine(spec: str, out: Path, data: Path, use_viterbi: bool, dev, save: Path | None = None,
            halves: int | None = None) -> float:
    names = spec.split("+")
    stores = []
    for n in names:
        with open(out / f"{n}.marginals.pkl", "rb") as fh:
            stores.append(pickle.load(fh))
    labels = stores[0]["labels"]
    for s in stores[1:]:
        assert s["labels"] == labels, "label sets differ"
    pred = {}
    for doc in dev:
        offs, m0 = stores[0]["docs"][doc.id]
        m = sum(s["docs"][doc.id][1] for s in stores) / len(stores)
        if use_viterbi and len(m):
            path = viterbi(np.log(np.maximum(m, 1e-9)), labels)
        else:
            path = m.argmax(1) if len(m) else []
        y = [labels[j] for j in path]
        spans = decode_bio([_P(a, b) for a, b in offs], y)
        pred[doc.id] = other_mentions(doc.text, spans)
    if save:
        import json

        with open(save, "w", encoding="utf-8") as fh:
            for k, spans in pred.items():
                fh.write(json.dumps({"id": k, "spans": [{"start": x.start, "end": x.end, "label": x.label}
                                                        for x in spans]}) + "\n")
    if halves is not None:  # the dev halves of bench/meddocan_refit.py (sorted ids shuffled with the seed)
        import random

        ids = sorted(d.id for d in dev)
        random.Random(halves).shuffle(ids)
        half_a = set(ids[: len(ids) // 2])
        for name, part in (("A", [d for d in dev if d.id in half_a]), ("B", [d for d in dev if d.id not in half_a])):
            h = evaluate(part, {d.id: pred[d.id] for d in part}).as_dict()["entity_strict"]
            print(f"  half {name}: P {h['precision']:.4f} R {h['recall']:.4f} F1 {h['f1']:.4f}")
    rep = evaluate(dev, pred).as_dict(by_label=True)
    s = rep["entity_strict"]
    print(f"{spec}{' viterbi' if use_viterbi else ''}: P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f} "
          f"(tp {s['tp']} fp {s['fp']} fn {s['fn']})", flush=True)
    return s["f1"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["train", "combine"])
    ap.add_argument("names", nargs="+")
    ap.add_argument("--viterbi", action="store_true")
    ap.add_argument("--halves", type=int, default=None, help="combine: also score each dev half (this split seed)")
    ap.add_argument("--save-pred", type=Path, help="combine: write the first spec's dev predictions (JSONL)")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "meddocan_ensemble")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.what == "train":
        for n in args.names:
            train_variant(n, args.out, args.data)
    else:
        dev = list(read_corpus(args.data / "dev"))
        for k, spec in enumerate(args.names):
            combine(spec, args.out, args.data, args.viterbi, dev, args.save_pred if k == 0 else None, args.halves)
    return 0


if __name__ == "__main__":
    sys.exit(main())
