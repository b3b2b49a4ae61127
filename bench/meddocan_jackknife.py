"""MEDDOCAN: jackknifed predictions on the training split, for choosing post-rules away from dev.

Usage:
    python bench/meddocan_jackknife.py [--folds 5] [--c1 0.02 --c2 0.005] [--out DIR] [--data ../shared/data/meddocan]

The training documents (in the order ``read_corpus`` gives them) are cut into ``--folds``
folds (document i in fold i % folds). For each fold a CRF is trained with ``phisift train``'s
feature defaults (gazetteer jackknifed inside its own training documents, cue words, window
±3, rules/lexicon hits; one L-BFGS setting, no ensemble member, to save time) on the other
folds and tags the fold's documents in whole notes, without document consistency. The
predictions (``pred.jsonl``: one line per training document, its spans) are what
post-processing rules are chosen on, so that dev only confirms them
(``bench/meddocan_postrules.py``). CPU seconds and peak memory are printed per fold.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import sys
import time
from pathlib import Path

from phisift.detect.tagger.features import FeatureSettings
from phisift.detect.tagger.load import load_model_detector
from phisift.detect.tagger.train import default_params, train_model
from phisift.formats import read_corpus

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"


def cpu_seconds() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--c1", type=float, default=0.02)
    ap.add_argument("--c2", type=float, default=0.005)
    ap.add_argument("--refit-folds", type=int, nargs="*", default=[], help="train these folds again")
    ap.add_argument("--keep-models", action="store_true", help="keep each fold's model folder (model-K)")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "meddocan_jackknife")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    train = list(read_corpus(args.data / "train"))
    pred_path = args.out / "pred.jsonl"
    done = set()
    if pred_path.exists() and args.refit_folds:
        keep = [line for line in pred_path.read_text(encoding="utf-8").splitlines()
                if json.loads(line)["fold"] not in args.refit_folds]
        pred_path.write_text("".join(x + "\n" for x in keep), encoding="utf-8")
    if pred_path.exists():
        done = {json.loads(line)["fold"] for line in pred_path.read_text(encoding="utf-8").splitlines()}
    for k in range(args.folds):
        if k in done:
            continue
        t0, c0 = time.perf_counter(), cpu_seconds()
        fit = [d for i, d in enumerate(train) if i % args.folds != k]
        held = [d for i, d in enumerate(train) if i % args.folds == k]
        folder = args.out / f"model-{k}"
        train_model(fit, folder, crf=default_params(c1=args.c1, c2=args.c2), overwrite=True,
                    features=FeatureSettings(gazetteer=True, window=3, cue_words=True), jobs=1)
        det = load_model_detector(folder, map_labels=False)
        det.consistency = False
        with pred_path.open("a", encoding="utf-8") as f:
            for d in held:
                spans = det.detect(d.text)
                f.write(json.dumps({"fold": k, "id": d.id, "spans": [
                    {"start": s.start, "end": s.end, "label": s.label} for s in spans]}) + "\n")
        if not args.keep_models:
            shutil.rmtree(folder)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"fold {k}: {len(fit)} training notes, {len(held)} tagged; {time.perf_counter() - t0:.0f} s wall, "
              f"{cpu_seconds() - c0:.0f} CPU-s, peak {peak:.0f} MB", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
