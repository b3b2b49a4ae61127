"""MEDDOCAN: the jackknife's fold models as ensemble members (bagging), scored on dev without training.

Usage:
    python bench/meddocan_bagging.py MODEL_DIR JK_DIR [--folds 0,1,2,3,4] [--combos "full+wide,full+wide+folds"]
        [--save-pred DIR] [--data ../shared/data/meddocan]

MODEL_DIR: a ``phisift train`` model folder (the command's model and its ``wide`` member).
JK_DIR: ``bench/meddocan_jackknife.py --keep-models``'s folder; each ``model-K`` holds a CRF
trained with the command's features on the training notes outside fold K (400 of 500). A
combination tags dev with the average of its models' marginals (``ensemble``: one BIO-valid best
path, then document consistency), the fold models featurized with the command's model's settings
and its gazetteer (of all 500 training notes). Strict entity micro figures, and with
``--save-pred`` each combination's dev predictions without document consistency (for
``bench/meddocan_postrules.py --dev-pred``).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

from phisift.detect.tagger.crf import CONFIG_FILE, CRF_FILE
from phisift.detect.tagger.load import load_model_detector
from phisift.evaluate import evaluate
from phisift.formats import read_corpus

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"


def detector(model: Path, jk: Path, combo: str, folds: list[int]):
    parts = combo.split("+")
    det = load_model_detector(model, map_labels=False)
    config = json.loads((model / CONFIG_FILE).read_text(encoding="utf-8"))
    wide = [m for m in config.get("ensemble") or []]
    det.members, det._member_specs = [], []
    specs = []
    if "wide" in parts:
        specs += [{"model_file": model / m["model_file"], "features": m["features"]} for m in wide]
    if "folds" in parts:
        specs += [{"model_file": jk / f"model-{k}" / CRF_FILE, "features": config["features"]} for k in folds]
    for name in parts:
        if name.startswith("x:"):  # another model folder trained on all of train (bench/out/...), as a member
            folder = Path(name[2:])
            features = json.loads((folder / CONFIG_FILE).read_text(encoding="utf-8"))["features"]
            specs.append({"model_file": folder / CRF_FILE, "features": features})
    if "full" not in parts:
        raise SystemExit("a combination holds 'full' (the command's model)")
    if specs:
        det.add_members(specs)
    return det


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("model", type=Path)
    ap.add_argument("jk", type=Path)
    ap.add_argument("--folds", default="0,1,2,3,4")
    ap.add_argument("--combos", default="full+wide,full+wide+folds,full+folds")
    ap.add_argument("--save-pred", type=Path)
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args()
    folds = [int(k) for k in args.folds.split(",")]
    dev = list(read_corpus(args.data / "dev"))
    for combo in args.combos.split(","):
        c0, t0 = time.process_time(), time.perf_counter()
        det = detector(args.model, args.jk, combo, folds)
        det.consistency = False
        raw = {d.id: det.tag(d.text, with_scores=False) for d in dev}
        from phisift.detect.tagger.stack import other_mentions

        pred = {d.id: other_mentions(d.text, raw[d.id]) for d in dev}
        s = evaluate(dev, pred).as_dict()["entity_strict"]
        print(f"{combo:24s} ({1 + len(det.members)} models) P {s['precision']:.4f} R {s['recall']:.4f} "
              f"F1 {s['f1']:.4f} tp {s['tp']} fp {s['fp']} fn {s['fn']}; tagging {time.process_time() - c0:.0f} CPU-s, "
              f"{time.perf_counter() - t0:.0f} s wall, peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB",
              flush=True)
        if args.save_pred:
            args.save_pred.mkdir(parents=True, exist_ok=True)
            with (args.save_pred / f"{combo}.jsonl").open("w", encoding="utf-8") as f:
                for k, spans in raw.items():
                    f.write(json.dumps({"id": k, "spans": [{"start": s.start, "end": s.end, "label": s.label}
                                                           for s in spans]}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
