"""MEDDOCAN (IberLEF 2019) with the CRF tagger: train on train, select on dev, score dev.

Usage:
    python bench/meddocan_crf.py [--jobs 2] [--max-iterations 200] [--no-gazetteer] [--no-cue-words]
                                 [--no-consistency] [--candidate-context N] [--out bench/out/meddocan_crf]
                                 [--lexicon-words] [--doc-features] [--corpus-clusters] [--cluster-window N]
                                 [--tag-scheme bio|bilou] [--algorithm lbfgs|pa|l2sgd|ap|arow]
                                 [--grid A:B,A:B] [--data ../shared/data/meddocan]

With no option it trains what ``phisift train meddocan/train --dev meddocan/dev``
trains (the same ``train_model`` call with the command's defaults: gazetteer, cue
words, window 3, the default grid, 2 jobs, whole notes, document consistency) up to
``--refit``, which the command leaves off by default (it would train the kept setting
again on train + dev, a model dev cannot score).
``--grid`` lists settings of the algorithm's grid keys, colon-separated: c1:c2 for
L-BFGS (the default), c for PA ("1.0,0.5"), c2 for l2sgd.

Scored as the 2019 task did: strict entity micro P/R/F1 (same start, end and
MEDDOCAN label), on dev, overall and per label, with the model's own 22 labels.
The gazetteer feature is built from the TRAIN split's annotated values only
(jackknifed while training). The test split is scored independently by others.

Reports wall time, CPU time and peak memory (ru_maxrss of this process and of its
grid workers). On a machine shared with other jobs the wall time says little;
CPU seconds are printed next to it.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

from phisift.detect.tagger.crf import ALGORITHMS
from phisift.detect.tagger.features import FeatureSettings
from phisift.detect.tagger.load import load_model_detector
from phisift.evaluate import evaluate
from phisift.formats import read_corpus
from phisift.detect.tagger.train import DEFAULT_ALGORITHM, DEFAULT_GRIDS, default_params, grid_label, train_model

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"


def cpu_seconds() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def peak_mb() -> tuple[float, float]:
    """Peak resident memory in MB of this process and of its largest child (Linux reports KB)."""
    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-iterations", type=int, default=None, help="default: the algorithm's (L-BFGS 200, PA 50)")
    ap.add_argument("--algorithm", default=DEFAULT_ALGORITHM, choices=ALGORITHMS, help="crfsuite training algorithm")
    ap.add_argument("--no-gazetteer", action="store_true")
    ap.add_argument("--no-cue-words", action="store_true")
    ap.add_argument("--no-consistency", action="store_true")
    ap.add_argument("--candidate-context", type=int, default=None, help="tag candidate regions only (default: whole notes)")
    ap.add_argument("--window", type=int, default=3, help="context window in pieces (phisift train's default)")
    ap.add_argument("--lexicon-words", action="store_true", help="the bundled model's word-list features")
    ap.add_argument("--doc-features", action="store_true", help="the bundled model's whole-note features")
    ap.add_argument("--corpus-clusters", action="store_true", help="word clusters built from the training text")
    ap.add_argument("--cluster-window", type=int, default=2)
    ap.add_argument("--tag-scheme", default="bio", choices=["bio", "bilou"])
    ap.add_argument("--grid", default=None, help="c1:c2,c1:c2 for L-BFGS, c,c for PA (default: the train module's grid)")
    ap.add_argument("--data", type=Path, default=DATA, help="MEDDOCAN folder with train/ and dev/ (../shared/data/meddocan)")
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "meddocan_crf")
    args = ap.parse_args()

    t0, c0 = time.perf_counter(), cpu_seconds()
    train = list(read_corpus(args.data / "train"))
    dev = list(read_corpus(args.data / "dev"))
    params = default_params(args.algorithm, **({"max_iterations": args.max_iterations} if args.max_iterations else {}))
    grid = DEFAULT_GRIDS[args.algorithm] if not args.grid else [
        tuple(float(v) for v in g.split(":") if v) for g in args.grid.split(",")]
    print(f"MEDDOCAN train {len(train)} docs / {sum(len(d.spans) for d in train)} spans; "
          f"dev {len(dev)} docs / {sum(len(d.spans) for d in dev)} spans", flush=True)
    result = train_model(
        train,
        args.out / "model",
        dev_docs=dev,
        crf=params,
        grid=grid,
        features=FeatureSettings(gazetteer=not args.no_gazetteer, window=args.window, cue_words=not args.no_cue_words,
                                 lexicon_words=args.lexicon_words, doc_features=args.doc_features,
                                 corpus_clusters=args.corpus_clusters, cluster_window=args.cluster_window),
        jobs=args.jobs,
        overwrite=True,
        log=lambda m: print("  " + m, flush=True),
        candidate_context=args.candidate_context,
        consistency=not args.no_consistency,
        tag_scheme=args.tag_scheme,
    )
    train_wall, train_cpu = time.perf_counter() - t0, cpu_seconds() - c0

    # Re-score the saved model from disk (what a user gets), with its own labels.
    det = load_model_detector(args.out / "model", map_labels=False)
    t1 = time.perf_counter()
    pred = {d.id: det.detect(d.text) for d in dev}
    tag_seconds = time.perf_counter() - t1
    chars = sum(len(d.text) for d in dev)
    report = evaluate(dev, pred).as_dict(by_label=True)
    self_mb, child_mb = peak_mb()

    s = report["entity_strict"]
    lines = [
        f"MEDDOCAN dev, CRF ({'gazetteer from train + ' if not args.no_gazetteer else ''}"
        f"{'cue words + ' if not args.no_cue_words else ''}rules/lexicon features; "
        f"{'whole notes' if args.candidate_context is None else f'candidate regions ±{args.candidate_context}'}"
        f"{', document consistency' if not args.no_consistency else ''})",
        f"chosen {grid_label(params, [result.config['crf'][k] for k in params.grid_keys])}, "
        f"max_iterations={params.max_iterations}, window ±{args.window}",
        f"strict entity micro: P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f} "
        f"(tp {s['tp']} fp {s['fp']} fn {s['fn']})",
        f"token (binary): P {report['token']['precision']:.4f} R {report['token']['recall']:.4f} "
        f"F1 {report['token']['f1']:.4f}",
        f"training (features + {len(grid)} grid settings + dev scoring): wall {train_wall / 60:.1f} min, "
        f"CPU {train_cpu / 60:.1f} min, jobs {args.jobs}",
        f"peak memory (ru_maxrss): main {self_mb:.0f} MB, largest grid worker {child_mb:.0f} MB",
        f"tagging dev: {chars / tag_seconds:,.0f} chars/s (one process, features included)",
        "",
        "grid (dev strict):",
    ]
    for row in result.config["grid"]:
        d = row["dev_strict"]
        name = grid_label(params, [row[k] for k in params.grid_keys])
        lines.append(f"  {name:20s} P {d['precision']:.4f} R {d['recall']:.4f} "
                     f"F1 {d['f1']:.4f}  ({row['train_seconds']:.0f} s)")
    lines += ["", f"{'label':34s} {'P':>7s} {'R':>7s} {'F1':>7s} {'gold':>5s}"]
    for label, row in report["by_label"].items():
        e = row["entity_strict"]
        lines.append(f"{label:34s} {e['precision']:7.4f} {e['recall']:7.4f} {e['f1']:7.4f} {e['tp'] + e['fn']:5d}")
    text = "\n".join(lines)
    print(text)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "report.txt").write_text(text + "\n", encoding="utf-8")
    (args.out / "report.json").write_text(json.dumps({
        "dev": report, "grid": result.config["grid"], "crf": result.config["crf"],
        "train_wall_seconds": round(train_wall, 1), "train_cpu_seconds": round(train_cpu, 1),
        "peak_mb_main": round(self_mb), "peak_mb_worker": round(child_mb),
        "tag_chars_per_second": round(chars / tag_seconds), "jobs": args.jobs,
    }, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
