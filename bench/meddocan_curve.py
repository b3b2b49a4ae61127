"""MEDDOCAN: do 100 more notes help, and do dev notes help as training notes do? (learning curve at 400-500).

Usage:
    python bench/meddocan_curve.py MODEL_DIR JK_DIR --fold 4 [--dev-notes 100] [--seed 0] [--out DIR]

Three single CRFs with the command's features and its kept setting (c1 0.02, c2 0.005), no
ensemble member, each scored on the same dev notes (dev less ``--dev-notes`` notes drawn with
``--seed``), strict entity micro after document consistency:

* F: the jackknife's fold model (``bench/meddocan_jackknife.py --keep-models``): the 400 training
  notes outside fold ``--fold``;
* T: the command's model (MODEL_DIR, its ensemble members left out): all 500 training notes;
* F+D: trained here on F's 400 training notes and the ``--dev-notes`` drawn dev notes.

T - F is what 100 more training notes add; F+D - F what 100 dev notes add. If dev notes help as
training notes do, refitting on train + dev (``phisift train --refit``) should help the test split.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

from phisift.detect.tagger.features import FeatureSettings
from phisift.detect.tagger.load import load_model_detector
from phisift.detect.tagger.train import default_params, train_model
from phisift.evaluate import evaluate
from phisift.formats import read_corpus

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"


def score(folder: Path, docs, single: bool) -> dict:
    det = load_model_detector(folder, map_labels=False)
    det.consistency = True
    if single:
        det.members, det._member_specs = [], []
    return evaluate(docs, {d.id: det.tag(d.text, with_scores=False) for d in docs}).as_dict()["entity_strict"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("model", type=Path)
    ap.add_argument("jk", type=Path)
    ap.add_argument("--fold", type=int, default=4)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--dev-notes", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "meddocan_curve")
    args = ap.parse_args()
    train = list(read_corpus(args.data / "train"))
    dev = sorted(read_corpus(args.data / "dev"), key=lambda d: d.id)
    drawn = set(random.Random(args.seed).sample(range(len(dev)), args.dev_notes))
    added = [d for i, d in enumerate(dev) if i in drawn]
    held = [d for i, d in enumerate(dev) if i not in drawn]
    fit = [d for i, d in enumerate(train) if i % args.folds != args.fold] + added
    t0, c0 = time.perf_counter(), time.process_time()
    folder = args.out / f"model-f{args.fold}-d{args.dev_notes}-s{args.seed}"
    if not (folder / "model.crfsuite").is_file():
        train_model(fit, folder, crf=default_params(c1=0.02, c2=0.005), overwrite=True, jobs=1,
                    features=FeatureSettings(gazetteer=True, window=3, cue_words=True))
    print(f"F+D trained on {len(fit)} notes: {time.perf_counter() - t0:.0f} s wall, {time.process_time() - c0:.0f} CPU-s, "
          f"peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB; scored on {len(held)} dev notes")
    for name, folder_, single in (("F (400 train)", args.jk / f"model-{args.fold}", True),
                                  ("T (500 train)", args.model, True),
                                  (f"F+D (400 train + {args.dev_notes} dev)", folder, True)):
        s = score(folder_, held, single)
        print(f"{name:30s} P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f} tp {s['tp']} fp {s['fp']} fn {s['fn']}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
