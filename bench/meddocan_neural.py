"""MEDDOCAN: the neural tagger (``detect/tagger/neural.py``) alone, and its dev marginals for the ensemble bench.

Usage:
    python bench/meddocan_neural.py [--name neural] [--out DIR] [--epochs N] [--hidden H] [--context] ...
    python bench/meddocan_ensemble.py combine base+extras+neural --viterbi --out DIR   # averaged with CRFs

Featurizes MEDDOCAN train as ``phisift train`` does for its CRF (window 3, gazetteer jackknifed
from train, cue words, rules/lexicon hits), encodes the pieces for the network, trains it with
early stopping on dev strict F1 (so dev chose the epoch), prints each epoch's dev figures, and
stores every dev piece's label probabilities in ``DIR/NAME.marginals.pkl`` in the format of
``bench/meddocan_ensemble.py`` (same pieces, same sorted BIO labels), so ``combine`` averages it
with the CRFs' marginals. ``NAME+NAME`` in a combine spec doubles a member's weight.
"""

from __future__ import annotations

import argparse
import os
import pickle
import resource
import sys
import time
from pathlib import Path

from phisift.detect.tagger.features import Featurizer, FeatureSettings, Gazetteer
from phisift.detect.tagger.neural import DevScorer, FeatureHasher, NeuralSettings, train_neural, training_windows
from phisift.detect.tagger.train import _jackknife_gazetteers
from phisift.formats import read_corpus

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--name", default="neural")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "meddocan_ensemble")
    ap.add_argument("--set", action="append", default=[], help="a NeuralSettings field, e.g. hidden=96")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    changes = {}
    for kv in args.set:
        k, v = kv.split("=", 1)
        kind = type(getattr(NeuralSettings(), k))
        changes[k] = (v.lower() in ("1", "true", "yes")) if kind is bool else kind(v)
    settings = NeuralSettings(**changes)
    c0, t0 = cpu(), time.time()
    train = list(read_corpus(args.data / "train"))
    dev = list(read_corpus(args.data / "dev"))
    fs = FeatureSettings(window=3, gazetteer=True, cue_words=True)
    gazetteer = Gazetteer.build(train).digested()
    jackknife = _jackknife_gazetteers(train, fs.gazetteer_folds)
    featurizer = Featurizer(fs, gazetteer)
    key = os.urandom(16)
    hasher = FeatureHasher(key, settings.buckets, settings.context)
    encs, labels = training_windows(train, featurizer, jackknife, hasher, settings)
    scorer = DevScorer(dev, featurizer, hasher, settings)
    print(f"{args.name}: {len(encs)} windows, {sum(len(e) for e in encs)} pieces, {len(labels)} labels; "
          f"features and encoding {cpu() - c0:.0f} CPU-s; {settings.as_dict()}", flush=True)
    tagger, history = train_neural(encs, labels, key, settings, scorer, lambda m: print(m, flush=True))
    best = max(history, key=lambda r: r["dev_strict"]["f1"])
    s = best["dev_strict"]
    print(f"{args.name}: kept epoch {best['epoch']}: dev strict P {s['precision']:.4f} R {s['recall']:.4f} "
          f"F1 {s['f1']:.4f} (tp {s['tp']} fp {s['fp']} fn {s['fn']})", flush=True)
    from phisift.detect.tagger.neural import deepest_marginals

    docs = {}
    for doc, (pieces, windows, encs_d) in zip(dev, scorer.items):
        m = deepest_marginals(len(pieces), windows, tagger.probabilities(encs_d), len(labels))
        docs[doc.id] = ([(p.start, p.end) for p in pieces], m)
    with open(args.out / f"{args.name}.marginals.pkl", "wb") as fh:
        pickle.dump({"labels": labels, "docs": docs}, fh)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{args.name}: done, {cpu() - c0:.0f} CPU-s, {time.time() - t0:.0f} s wall, peak {peak:.0f} MB", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
