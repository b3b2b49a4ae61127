"""MEDDOCAN: does a second CRF pass with the first pass's labels as features help? (measurement only)

Usage:
    python bench/meddocan_twopass.py --first bench/out/X/model/model.crfsuite [--folds 5] [--out DIR]

Krishnan and Manning (2006): a second CRF sees what the first one tagged, at the piece,
its neighbours, and at the other mentions of the same word in the note. The first pass's
labels on train come from jackknifing (``--folds`` models, each trained on the other folds'
documents, tags its own fold), else the second pass would learn to trust labels that are
always right. ``--first`` is the first-pass model trained on all of train with the
command's features (``bench/meddocan_crf.py --grid 0.05:0.01`` writes one), used for dev.
Features: ``phisift train``'s defaults (gazetteer, cue words, window ±3); L-BFGS c1 0.05,
c2 0.01, 200 iterations for every model. Dev is tagged in windows without overlap for
both passes, and scored with document consistency as ``phisift train`` does; the first
pass is scored the same way, so the two figures compare.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections import Counter
from pathlib import Path

from phisift.detect.tagger.crf import CrfParams, open_tagger, train_crf
from phisift.detect.tagger.features import Featurizer, FeatureSettings, Gazetteer
from phisift.detect.tagger.pieces import bio_labels, decode_bio
from phisift.detect.tagger.stack import other_mentions
from phisift.detect.tagger.train import _jackknife_gazetteers
from phisift.evaluate import evaluate
from phisift.formats import read_corpus

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"


def cpu() -> float:
    r, k = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime + k.ru_utime + k.ru_stime


def tag_doc(tagger, feats, windows) -> list[str]:
    labels = ["O"] * len(feats)
    for w in windows:
        labels[w.lo:w.hi] = tagger.tag(feats[w.lo:w.hi])
    return labels


def second_features(pieces, feats, p1: list[str]) -> list[list[str]]:
    """The first pass's label of the piece and its neighbours (±2), and the labels it gave the
    other mentions of the same word in the note (the most common, "p1d=")."""
    n = len(pieces)
    by_word: dict[str, Counter] = {}
    keys = [p.text.lower() if (len(p.text) >= 3 and p.text.isalnum()) else None for p in pieces]
    for k, lab in zip(keys, p1):
        if k is not None:
            by_word.setdefault(k, Counter())[lab.split("-", 1)[-1] if lab != "O" else "O"] += 1
    out = []
    for i in range(n):
        f = list(feats[i]) + ["p1=" + p1[i]]
        for d in (-2, -1, 1, 2):
            j = i + d
            if 0 <= j < n:
                f.append(f"{d}p1={p1[j]}")
        k = keys[i]
        if k is not None:
            c = by_word[k].copy()
            c[p1[i].split("-", 1)[-1] if p1[i] != "O" else "O"] -= 1
            c = +c
            named = [(v, lab) for lab, v in c.items() if lab != "O"]
            if named:
                f.append("p1d=" + max(named)[1])
                if c.get("O", 0) == 0:
                    f.append("p1d_all")
        out.append(f)
    return out


def score(dev, pieces_feats, labels_of) -> dict:
    pred = {}
    for d, (pieces, _, windows), labels in zip(dev, pieces_feats, labels_of):
        spans = decode_bio(pieces, labels)
        pred[d.id] = other_mentions(d.text, spans)
    return evaluate(dev, pred).as_dict()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=Path, required=True)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "meddocan_twopass")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    t0, c0 = time.perf_counter(), cpu()
    train = list(read_corpus(args.data / "train"))
    dev = list(read_corpus(args.data / "dev"))
    settings = FeatureSettings(gazetteer=True, window=3, cue_words=True)
    gaz = Gazetteer.build(train).digested()
    jk = _jackknife_gazetteers(train, settings.gazetteer_folds)
    feat = Featurizer(settings, gaz)
    tr = [feat.featurize(d.text, jk[i % len(jk)], overlap=0) for i, d in enumerate(train)]
    gold = [bio_labels(p, d.spans) for d, (p, _, _) in zip(train, tr)]
    dv = [feat.featurize(d.text, overlap=0) for d in dev]
    params = CrfParams(0.05, 0.01, 200)
    p1_train: list[list[str] | None] = [None] * len(train)
    for k in range(args.folds):
        xs, ys = [], []
        for i, ((p, f, ws), y) in enumerate(zip(tr, gold)):
            if i % args.folds != k:
                for w in ws:
                    xs.append(f[w.lo:w.hi])
                    ys.append(y[w.lo:w.hi])
        path = args.out / f"fold-{k}.crfsuite"
        train_crf(xs, ys, params, path)
        tagger = open_tagger(path)
        for i, (p, f, ws) in enumerate(tr):
            if i % args.folds == k:
                p1_train[i] = tag_doc(tagger, f, ws)
        print(f"fold {k}: {time.perf_counter() - t0:.0f} s wall, {(cpu() - c0) / 60:.1f} CPU-min", flush=True)
    first = open_tagger(args.first)
    p1_dev = [tag_doc(first, f, ws) for (p, f, ws) in dv]
    s1 = score(dev, dv, p1_dev)
    xs, ys = [], []
    for (p, f, ws), y, p1 in zip(tr, gold, p1_train):
        f2 = second_features(p, f, p1)
        for w in ws:
            xs.append(f2[w.lo:w.hi])
            ys.append(y[w.lo:w.hi])
    path = args.out / "second.crfsuite"
    train_crf(xs, ys, params, path)
    second = open_tagger(path)
    p2_dev = [tag_doc(second, second_features(p, f, p1), ws) for (p, f, ws), p1 in zip(dv, p1_dev)]
    s2 = score(dev, dv, p2_dev)
    for name, s in (("first pass", s1), ("second pass", s2)):
        e, t = s["entity_strict"], s["token"]
        print(f"{name}: strict P {e['precision']:.4f} R {e['recall']:.4f} F1 {e['f1']:.4f} "
              f"(tp {e['tp']} fp {e['fp']} fn {e['fn']}); token F1 {t['f1']:.4f}")
    print(f"all: {time.perf_counter() - t0:.0f} s wall, {(cpu() - c0) / 60:.1f} CPU-min, "
          f"peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
