"""MEDDOCAN: document-level post-passes over a saved CRF model's predictions, scored on dev.

Usage:
    python bench/meddocan_postpass.py MODEL_DIR [--data ../shared/data/meddocan]

MODEL_DIR is a model trained on the train split alone (``phisift train ... --no-refit``
or ``bench/meddocan_refit.py``'s ``model-T``). Its dev predictions are computed once
without the document consistency the model stores, and the variants are applied to them:

* none: the CRF's spans as tagged;
* mentions: ``stack.other_mentions`` (the default, ``--consistency``): a string tagged
  once is tagged at its other whole-word, same-case mentions;
* labels: the same string tagged with several labels in one note gets its most frequent
  label (ties keep each span's own);
* mentions+labels: both, labels first.

Strict entity micro figures with the model's own labels (as the 2019 task scored).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

from phisift.detect.tagger.load import load_model_detector
from phisift.detect.tagger.stack import other_mentions
from phisift.evaluate import evaluate
from phisift.formats import read_corpus

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "meddocan"


def label_vote(text: str, spans: list) -> list:
    """Every span of a string tagged with several labels in the note takes the string's majority label."""
    votes: dict[str, Counter] = {}
    for s in spans:
        votes.setdefault(text[s.start : s.end], Counter())[s.label] += 1
    out = []
    for s in spans:
        ranked = votes[text[s.start : s.end]].most_common()
        if len(ranked) > 1 and ranked[0][1] > ranked[1][1]:
            s = replace(s, label=ranked[0][0])
        out.append(s)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("model", type=Path)
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args()
    dev = list(read_corpus(args.data / "dev"))
    det = load_model_detector(args.model, map_labels=False)
    det.consistency = False
    raw = {d.id: det.detect(d.text) for d in dev}
    texts = {d.id: d.text for d in dev}
    variants = {
        "none": raw,
        "mentions": {k: other_mentions(texts[k], v) for k, v in raw.items()},
        "labels": {k: label_vote(texts[k], v) for k, v in raw.items()},
        "mentions+labels": {k: other_mentions(texts[k], label_vote(texts[k], v)) for k, v in raw.items()},
    }
    print(f"MEDDOCAN dev, {args.model}: strict entity micro")
    for name, pred in variants.items():
        s = evaluate(dev, pred).as_dict()["entity_strict"]
        print(f"  {name:16s} P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f} "
              f"(tp {s['tp']} fp {s['fp']} fn {s['fn']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
