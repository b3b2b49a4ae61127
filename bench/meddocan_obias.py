"""MEDDOCAN: decoding with a weight on the O label's marginal, on jackknifed training notes and on dev.

Usage:
    python bench/meddocan_obias.py --jk JK_DIR --folds 2,3,4 [--weights 0.5,0.7,1.0] [--model MODEL_DIR]

The tagger decodes the best BIO-valid path of (averaged) marginals (``ensemble.best_path``); a weight
w < 1 on O's marginal before the path is taken favours entities (recall), w > 1 favours O. On the
training notes each fold's held-out notes are tagged by the fold's model (``bench/meddocan_jackknife.py
--keep-models``; its own gazetteer, of the other folds' notes): the weight is chosen there. With
``--model`` the command's model (and its ensemble members) tags dev with each weight: the confirmation.
Strict entity micro figures after document consistency.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from phisift.detect.tagger import crf as crf_mod
from phisift.detect.tagger import ensemble
from phisift.detect.tagger.crf import CRF_FILE
from phisift.detect.tagger.load import load_model_detector
from phisift.evaluate import evaluate
from phisift.formats import read_corpus

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"


def with_weight(w: float):
    def biased(marginals, labels):
        o = labels.index("O")
        rows = [[v * w if j == o else v for j, v in enumerate(row)] for row in marginals]
        return ensemble.best_path(rows, labels)
    return biased


def marginal_detector(folder: Path):
    det = load_model_detector(folder, map_labels=False)
    det.consistency = True
    if not det.members:  # decode a single model's marginals as an ensemble of itself
        det.add_members([{"model_file": folder / CRF_FILE, "features": det.settings.as_dict()}])
    return det


def score(docs, det, w: float) -> dict:
    crf_mod.best_path = with_weight(w)
    pred = {d.id: det.tag(d.text, with_scores=False) for d in docs}
    return evaluate(docs, pred).as_dict()["entity_strict"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jk", type=Path)
    ap.add_argument("--folds", default="2,3,4")
    ap.add_argument("--n-folds", type=int, default=5)
    ap.add_argument("--weights", default="0.5,0.7,0.85,1.0,1.2")
    ap.add_argument("--model", type=Path)
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args()
    weights = [float(w) for w in args.weights.split(",")]
    if args.jk:
        train = list(read_corpus(args.data / "train"))
        folds = [int(k) for k in args.folds.split(",")]
        dets = {k: marginal_detector(args.jk / f"model-{k}") for k in folds}
        for w in weights:
            tp = fp = fn = 0
            for k in folds:
                s = score([d for i, d in enumerate(train) if i % args.n_folds == k], dets[k], w)
                tp, fp, fn = tp + s["tp"], fp + s["fp"], fn + s["fn"]
            p, r = tp / (tp + fp), tp / (tp + fn)
            print(f"train folds {args.folds} w={w:g}: P {p:.4f} R {r:.4f} F1 {2 * p * r / (p + r):.4f} "
                  f"tp {tp} fp {fp} fn {fn}", flush=True)
    if args.model:
        dev = list(read_corpus(args.data / "dev"))
        det = marginal_detector(args.model)
        for w in weights:
            s = score(dev, det, w)
            print(f"dev w={w:g}: P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f} "
                  f"tp {s['tp']} fp {s['fp']} fn {s['fn']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
