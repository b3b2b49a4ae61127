"""MEDDOCAN: the neural tagger (``detect/tagger/neural.py``) alone, and its dev marginals for the ensemble bench.

Usage:
    python bench/meddocan_neural.py [--name neural] [--out DIR] [--set hidden=96 ...]
    python bench/meddocan_neural.py --from-model MODEL --name cmd [--out DIR]   # a `phisift train` folder's members
    python bench/meddocan_ensemble.py combine base+extras+neural --viterbi --out DIR   # averaged with CRFs

Featurizes MEDDOCAN train as ``phisift train`` does for its CRF (window 3, gazetteer jackknifed
from train, cue words, rules/lexicon hits), encodes the pieces for the network, trains it with
early stopping on dev strict F1 (so dev chose the epoch), prints each epoch's dev figures, and
stores every dev piece's label probabilities in ``DIR/NAME.marginals.pkl`` in the format of
``bench/meddocan_ensemble.py`` (same pieces, same sorted BIO labels), so ``combine`` averages it
with the CRFs' marginals. ``NAME+NAME`` in a combine spec doubles a member's weight.

``--from-model``: no training; the dev marginals of every member of a model folder written by
``phisift train --ensemble ...`` (``NAME-crf0`` the command's own CRF, ``NAME-crf1``... its CRF
members, ``NAME-neural`` the network), as its detector computes them, for ``combine``.
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


def _deepest(n: int, windows, per_window, width: int):
    import numpy as np

    from phisift.detect.tagger.neural import deepest_marginals

    return deepest_marginals(n, windows, [np.asarray(m, dtype=np.float32).reshape(-1, width) for m in per_window],
                             width)


def dump_model(model: Path, name: str, out: Path, data: Path) -> None:
    """Dev marginals of each member of a saved ensemble folder (see the module docstring)."""
    from phisift.detect.tagger.ensemble import average_marginals
    from phisift.detect.tagger.load import load_model_detector

    det = load_model_detector(model, map_labels=False)
    dev = list(read_corpus(data / "dev"))
    crfs = [det._tagger] + [t for t, _ in det.members]
    stores = {f"{name}-crf{k}": {} for k in range(len(crfs))} | {f"{name}-neural": {}}
    for doc in dev:
        pieces, feats, windows = det._featurizer.featurize(doc.text, overlap=det.settings.overlap)
        views = [feats] + [f.featurize(doc.text, overlap=det.settings.overlap)[1] for _, f in det.members]
        offs = [(p.start, p.end) for p in pieces]
        for k, (tagger, view) in enumerate(zip(crfs, views)):
            per = [average_marginals([tagger], [view[w.lo:w.hi]], det._bio) for w in windows]
            stores[f"{name}-crf{k}"][doc.id] = (offs, _deepest(len(pieces), windows, per, len(det._bio)))
        tagger = det.neural[0][0]
        probs = tagger.window_probabilities(pieces, feats, windows)
        cols = [det._bio.index(lab) for lab in tagger.labels]
        per = []
        for p in probs:
            import numpy as np

            m = np.zeros((len(p), len(det._bio)), dtype=np.float32)
            m[:, cols] = p
            per.append(m)
        stores[f"{name}-neural"][doc.id] = (offs, _deepest(len(pieces), windows, per, len(det._bio)))
    for key, docs in stores.items():
        with open(out / f"{key}.marginals.pkl", "wb") as fh:
            pickle.dump({"labels": det._bio, "docs": docs}, fh)
    print(f"wrote {', '.join(stores)} to {out}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--name", default="neural")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "meddocan_ensemble")
    ap.add_argument("--set", action="append", default=[], help="a NeuralSettings field, e.g. hidden=96")
    ap.add_argument("--from-model", type=Path, help="dump the dev marginals of a saved ensemble's members")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.from_model:
        dump_model(args.from_model, args.name, args.out, args.data)
        return 0
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
