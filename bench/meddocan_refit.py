"""MEDDOCAN: what refitting on train + dev adds, measured by splitting dev in two halves.

Usage:
    python bench/meddocan_refit.py [--seed 0] [--c1 0.05] [--c2 0.01] [--jobs 3]
                                   [--out bench/out/meddocan_refit] [--data ../shared/data/meddocan]

A model refit on train + dev (what ``phisift train --dev DIR --refit`` saves, the
practice of the 2019 task's systems) can no longer be scored on dev. Its gain is
estimated here by a learning-curve step of the same kind: dev is split in two halves
A and B by document (sorted ids shuffled with ``--seed``), and three models of one
setting are trained with ``train_model`` (the command's defaults: gazetteer, cue words,
window 3, whole notes, document consistency):

* T  on train alone, scored on A and on B;
* TA on train + A, scored on B;
* TB on train + B, scored on A.

The gain on B is F1(TA, B) - F1(T, B), on A F1(TB, A) - F1(T, A); "pooled" scores all
of dev at once: T's predictions against the predictions of TA on B together with TB on A
(each note predicted by a model that did not see it). Strict entity micro figures with
the model's own 22 labels, as the task scored. The step is 500 -> 625 training notes;
the refit itself is 500 -> 750.

Reports CPU seconds (this process and its workers) and the peak memory of the largest
worker; on a shared machine wall time says little.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
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
_DOCS: dict = {}  # the corpora, handed to forked workers


def cpu_seconds() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def command_features() -> FeatureSettings:
    """``phisift train``'s default features (its options --gazetteer, --window 3, --cue-words)."""
    return FeatureSettings(gazetteer=True, window=3, cue_words=True)


def halves(docs: list, seed: int) -> tuple[list, list]:
    """Dev split by document: sorted ids, shuffled with the seed, first half A, second B."""
    order = sorted(docs, key=lambda d: d.id)
    random.Random(seed).shuffle(order)
    mid = len(order) // 2
    return order[:mid], order[mid:]


def fit_and_predict(task: tuple) -> tuple[str, dict, float, float]:
    """Train one model (in a forked worker) and predict the notes it is scored on."""
    name, train_names, score_names, c1, c2, out = task
    t, c = time.perf_counter(), time.process_time()
    train = [d for n in train_names for d in _DOCS[n]]
    train_model(train, out / f"model-{name}", crf=default_params(c1=c1, c2=c2), features=command_features(),
                overwrite=True, log=lambda m: print(f"  [{name}] {m}", flush=True))
    det = load_model_detector(out / f"model-{name}", map_labels=False)
    pred = {d.id: det.detect(d.text) for n in score_names for d in _DOCS[n]}
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  [{name}] done: {time.process_time() - c:.0f} CPU-s, {time.perf_counter() - t:.0f} s wall, "
          f"peak {peak:.0f} MB", flush=True)
    return name, pred, time.process_time() - c, peak


def strict(docs: list, pred: dict) -> dict:
    return evaluate(docs, {d.id: pred[d.id] for d in docs}).as_dict()["entity_strict"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--c1", type=float, default=0.05)
    ap.add_argument("--c2", type=float, default=0.01)
    ap.add_argument("--jobs", type=int, default=3, help="models trained at once (forked processes)")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "meddocan_refit")
    args = ap.parse_args()

    c0 = cpu_seconds()
    train = list(read_corpus(args.data / "train"))
    a, b = halves(list(read_corpus(args.data / "dev")), args.seed)
    _DOCS.update({"train": train, "A": a, "B": b})
    print(f"train {len(train)} notes; dev halves A {len(a)} / {sum(len(d.spans) for d in a)} spans, "
          f"B {len(b)} / {sum(len(d.spans) for d in b)} spans (seed {args.seed})", flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    tasks = [("T", ["train"], ["A", "B"]), ("TA", ["train", "A"], ["B"]), ("TB", ["train", "B"], ["A"])]
    tasks = [(n, tr, sc, args.c1, args.c2, args.out) for n, tr, sc in tasks]
    with mp.get_context("fork").Pool(args.jobs) as pool:
        done = {name: (pred, cpu, peak) for name, pred, cpu, peak in pool.map(fit_and_predict, tasks, chunksize=1)}
    t_pred = done["T"][0]
    rows = {
        "T on A": strict(a, t_pred), "TB on A": strict(a, done["TB"][0]),
        "T on B": strict(b, t_pred), "TA on B": strict(b, done["TA"][0]),
        "T on dev": strict(a + b, t_pred), "cross-fitted on dev": strict(a + b, {**done["TA"][0], **done["TB"][0]}),
    }
    lines = [f"MEDDOCAN dev halves (seed {args.seed}), c1 {args.c1:g} c2 {args.c2:g}, strict entity micro"]
    for name, s in rows.items():
        lines.append(f"  {name:22s} P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f} "
                     f"(tp {s['tp']} fp {s['fp']} fn {s['fn']})")
    gain_a = rows["TB on A"]["f1"] - rows["T on A"]["f1"]
    gain_b = rows["TA on B"]["f1"] - rows["T on B"]["f1"]
    pooled = rows["cross-fitted on dev"]["f1"] - rows["T on dev"]["f1"]
    lines.append(f"gain of the other half's notes: on A {gain_a:+.4f}, on B {gain_b:+.4f}, pooled {pooled:+.4f}")
    lines.append("CPU per model (train + predict): " + ", ".join(f"{n} {v[1] / 60:.1f} min" for n, v in done.items())
                 + f"; peak per worker: " + ", ".join(f"{n} {v[2]:.0f} MB" for n, v in done.items()))
    lines.append(f"total CPU {(cpu_seconds() - c0) / 60:.1f} min")
    text = "\n".join(lines)
    print(text)
    (args.out / "report.txt").write_text(text + "\n", encoding="utf-8")
    (args.out / "report.json").write_text(json.dumps({
        "seed": args.seed, "c1": args.c1, "c2": args.c2, "rows": rows,
        "gain": {"A": gain_a, "B": gain_b, "pooled": pooled},
        "cpu_seconds": {n: round(v[1], 1) for n, v in done.items()},
        "peak_mb": {n: round(v[2]) for n, v in done.items()},
    }, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
