"""De-identification figures for the README: recall/precision, speed, memory, leaks.

Usage:
    python bench/deid_eval.py [--split dev|test] [--skip-speed] [--config F] [--model DIR]

* token and entity figures of the default pipeline on the synthetic English set
  (bench/make_devset.py; `dev` is what we tune on, `test` is looked at only for
  the final figure) and on ../shared/data/presidio_synth (general PII);
* speed over the MTSamples transcriptions in characters per second on one core,
  with a plain single-regex scan timed in the same run as the yardstick;
* peak memory (ru_maxrss) of this process;
* leak check: after surrogate mode, gold PHI strings (3+ characters) still present
  in the output, per label.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import resource
import sys
import time
from collections import Counter
from pathlib import Path

from phisift.evaluate import evaluate
from phisift.formats import read_corpus
from phisift.pipeline import Pipeline, load_config
from phisift.store import Secret
from phisift.taxonomy import PRESIDIO_TO_I2B2

ROOT = Path(__file__).resolve().parent
SHARED = ROOT.parent.parent / "shared" / "data"


def devset(split: str) -> list:
    path = ROOT / "out" / "devset" / f"{split}.jsonl"
    if not path.exists():
        from phisift.synth import generate_notes

        return generate_notes(300, seed={"dev": 1, "test": 2}[split])
    return list(read_corpus(path))


def score(pipeline: Pipeline, docs: list, label_map=None, ignore=()) -> dict:
    pred = {d.id: pipeline.detect(d.text) for d in docs}
    return evaluate(docs, pred, label_map, ignore_labels=ignore).as_dict(by_label=True)


def show(name: str, r: dict) -> None:
    t, s = r["token"], r["entity_strict"]
    print(f"{name}: token P {t['precision']:.4f} R {t['recall']:.4f} F1 {t['f1']:.4f} | "
          f"strict P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f} | "
          f"overlap R {r['entity_overlap_recall']:.4f} | HIPAA token R {r['hipaa']['token']['recall']:.4f}")


def weakest(r: dict, n: int = 8) -> None:
    rows = sorted(r["by_label"].items(), key=lambda kv: kv[1]["token_recall"])[:n]
    print("   lowest token recall: " + ", ".join(f"{k} {v['token_recall']:.3f} ({v['gold_tokens']})" for k, v in rows))


def leak_check(pipeline_cfg, docs: list) -> tuple[Counter, Counter]:
    """Gold PHI strings (3+ chars) still in the surrogate output, per label: (leaks, kept by design).

    Kept by design: a year alone or a month and year that the patient's date shift
    (1-365 days) did not move out of that year or month, and ages up to 89 (neither
    is a Safe Harbor identifier). Everything else counts as a leak.
    """
    cfg = pipeline_cfg.with_overrides({"replace": {"mode": "surrogate"}})
    pipe = Pipeline.from_config(cfg, secret=Secret(b"bench-key-" * 4))
    leaks: Counter = Counter()
    by_design: Counter = Counter()
    coarse_date = re.compile(r"^(?:[A-Za-z.' ]+(?:of )?)?'?\d{2,4}$")
    for doc in docs:
        new, found = pipe.deidentify(doc)
        for s in doc.spans:
            original = doc.text[s.start : s.end]
            if len(original) < 3 or original not in new.text:
                continue
            replaced = any(f.start < s.end and s.start < f.end for f in found)
            if replaced and ((s.label == "DATE" and coarse_date.match(original)) or s.label == "AGE"):
                by_design[s.label] += 1
            else:
                leaks[s.label] += 1
    return leaks, by_design


def mtsamples_texts() -> list[str]:
    csv.field_size_limit(1 << 30)
    with open(SHARED / "mtsamples" / "mtsamples.csv", newline="", encoding="utf-8") as fh:
        return [row["transcription"] for row in csv.DictReader(fh) if row["transcription"]]


def speed(pipeline: Pipeline) -> None:
    """Characters per CPU-second of this process (one core), and wall-clock, for both
    the pipeline and the single-regex yardstick timed in the same run."""
    texts = mtsamples_texts()
    chars = sum(map(len, texts))
    yard = re.compile(r"\b\d{3}[-.]\d{3}[-.]\d{4}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b[A-Z][a-z]+ [A-Z][a-z]+\b")

    def timed(fn):
        c0, w0 = time.process_time(), time.perf_counter()
        result = fn()
        return result, time.process_time() - c0, time.perf_counter() - w0

    n, regex_cpu, regex_wall = timed(lambda: sum(1 for t in texts for _ in yard.finditer(t)))
    spans, pipe_cpu, pipe_wall = timed(lambda: sum(len(pipeline.detect(t)) for t in texts))
    print(f"speed on MTSamples ({len(texts)} notes, {chars / 1e6:.1f} M chars): "
          f"pipeline {chars / pipe_cpu / 1e3:.0f} k chars per CPU-s ({chars / pipe_wall / 1e3:.0f} k/s wall, "
          f"{spans} spans); single-regex yardstick {chars / regex_cpu / 1e3:.0f} k chars per CPU-s "
          f"({n} hits); pipeline/yardstick time ratio {pipe_cpu / regex_cpu:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="dev", choices=["dev", "test"])
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--config")
    ap.add_argument("--model")
    args = ap.parse_args()
    cfg = load_config(args.config, {"replace": {"mode": "tag"}})
    if args.model:
        cfg = cfg.with_detector("model")
    pipeline = Pipeline.from_config(cfg, model_dir=args.model)

    docs = devset(args.split)
    r = score(pipeline, docs)
    show(f"synthetic English {args.split} ({len(docs)} notes)", r)
    weakest(r)
    presidio = list(read_corpus(SHARED / "presidio_synth" / "generated_large.jsonl"))
    rp = score(pipeline, presidio, PRESIDIO_TO_I2B2, ignore=("OTHER",))
    show(f"presidio_synth ({len(presidio)} sentences)", rp)
    weakest(rp)
    leaks, kept = leak_check(cfg, docs)
    print(f"leak check ({args.split}, surrogate mode): {sum(leaks.values())} gold PHI strings of 3+ chars "
          f"still present: {dict(leaks.most_common())}; kept by design (years or month-years the shift "
          f"left in place, ages <= 89): {dict(kept.most_common())}")
    if not args.skip_speed:
        speed(pipeline)
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
