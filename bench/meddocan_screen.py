"""MEDDOCAN: screen crfsuite training algorithms and settings on one set of features, one after another.

Usage:
    python bench/meddocan_screen.py --variant 'lbfgs {"c1": 0.05, "c2": 0.01, "max_iterations": 200}' \
        --variant 'ap {"max_iterations": 50}' [--window 3] [--data ../shared/data/meddocan] [--out DIR]
        [--feature KEY=VALUE ...]

The training split is featurized once, with ``phisift train``'s defaults (gazetteer
jackknifed from train, cue words, window ±3, rules/lexicon hits; ``--feature`` sets
other ``FeatureSettings`` fields), then each variant (a crfsuite algorithm: lbfgs,
l2sgd, ap, pa, arow, and its crfsuite parameters as JSON) is trained in this process
in turn and scored on dev the way ``phisift train`` scores a grid setting (whole notes,
document consistency): strict entity micro P/R/F1 with MEDDOCAN's labels, token
F1, and the CPU seconds of the training alone. ``feature.possible_transitions`` is on
unless a variant says otherwise, as in ``CrfParams``. A variant's ``"_shuffle": SEED`` trains on
the windows in a shuffled order (the online algorithms depend on it: a measure of their noise),
``"_shuffle_docs": SEED`` the documents in a shuffled order, each one's windows together.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from pathlib import Path

from phisift.detect.tagger.crf import CrfDetector
from phisift.detect.tagger.features import Featurizer, FeatureSettings, Gazetteer
from phisift.detect.tagger.train import _jackknife_gazetteers, crf_sequences, dev_figures
from phisift.formats import read_corpus

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def parse_variant(text: str) -> tuple[str, dict]:
    algorithm, _, params = text.strip().partition(" ")
    return algorithm, json.loads(params) if params.strip() else {}


def parse_feature(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    if key not in FeatureSettings.__dataclass_fields__:
        raise SystemExit(f"unknown feature setting {key!r}")
    return key, json.loads(value)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", action="append", required=True, help="'ALGORITHM {json params}'")
    ap.add_argument("--window", type=int, default=3)
    ap.add_argument("--feature", action="append", default=[], help="FeatureSettings field=JSON value")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "meddocan_screen")
    args = ap.parse_args()
    import pycrfsuite

    args.out.mkdir(parents=True, exist_ok=True)
    train = list(read_corpus(args.data / "train"))
    dev = list(read_corpus(args.data / "dev"))
    settings = FeatureSettings(gazetteer=True, window=args.window, cue_words=True)
    for key, value in map(parse_feature, args.feature):
        setattr(settings, key, tuple(value) if isinstance(value, list) else value)
    gazetteer = Gazetteer.build(train).digested()
    jackknife = _jackknife_gazetteers(train, settings.gazetteer_folds)
    c0 = cpu()
    featurizer = Featurizer(settings, gazetteer)
    xs, ys, doc_of = [], [], []  # the same sequences crf_sequences(train, ...) gives, with their document
    for i, doc in enumerate(train):
        dx, dy = crf_sequences([doc], featurizer, [jackknife[i % len(jackknife)]])
        xs += dx
        ys += dy
        doc_of += [i] * len(dx)
    print(f"features {settings.as_dict()}: {sum(map(len, xs))} pieces, {cpu() - c0:.0f} CPU-s", flush=True)
    results = []
    for k, text in enumerate(args.variant):
        algorithm, params = parse_variant(text)
        params = {"feature.possible_transitions": True, **params}
        order = list(range(len(xs)))
        shuffle = params.pop("_shuffle", None)
        doc_shuffle = params.pop("_shuffle_docs", None)
        if shuffle is not None:
            random.Random(shuffle).shuffle(order)
        elif doc_shuffle is not None:  # documents in a shuffled order, each one's windows together
            docs_order = list(range(len(train)))
            random.Random(doc_shuffle).shuffle(docs_order)
            rank = {d: k for k, d in enumerate(docs_order)}
            order.sort(key=lambda w: (rank[doc_of[w]], w))
        trainer = pycrfsuite.Trainer(algorithm=algorithm, verbose=False)
        for i in order:
            trainer.append(xs[i], ys[i])
        trainer.set_params(params)
        path = args.out / f"variant-{k}.crfsuite"
        c1 = cpu()
        trainer.train(str(path))
        train_cpu = cpu() - c1
        del trainer
        det = CrfDetector(path, settings, gazetteer)
        det.candidate_context = None
        det.consistency = True
        fig = dev_figures(dev, lambda t: det.tag(t, with_scores=False))
        s, tok = fig["entity_strict"], fig["token"]
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        if shuffle is not None:
            params["_shuffle"] = shuffle
        if doc_shuffle is not None:
            params["_shuffle_docs"] = doc_shuffle
        line = (f"{algorithm} {json.dumps(params)}: strict P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f} "
                f"(tp {s['tp']} fp {s['fp']} fn {s['fn']}); token F1 {tok['f1']:.4f}; train {train_cpu / 60:.1f} CPU-min; "
                f"peak {peak:.0f} MB")
        print(line, flush=True)
        results.append({"algorithm": algorithm, "params": params, "dev": fig, "train_cpu_s": round(train_cpu, 1),
                        "peak_mb": round(peak)})
        (args.out / "screen.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
