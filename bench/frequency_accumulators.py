"""Exact accumulators for item counts, compared: in-memory Counter, SpillCounter, SQLite upserts.

The partial counts (one Counter per batch of 256 notes, as ``fit`` produces them)
are computed first, so only the accumulator's cost is timed: adding all partials,
then reading every item back in sorted order. The corpus is the generated stream
of ``frequency_memory.py`` (MTSamples with 2% random made-up words).

    .venv/bin/python bench/frequency_accumulators.py --size-mb 20
"""

from __future__ import annotations

import argparse
import csv
import sqlite3
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path

from frequency_memory import MTSAMPLES, GeneratedCorpus

from phisift.detect.frequency import ItemSpec, SpillCounter, count_items


def batches(texts, size=256):
    for i in range(0, len(texts), size):
        yield texts[i : i + size]


def run_counter(partials):
    acc: Counter = Counter()
    for p in partials:
        acc.update(p)
    return sum(1 for _ in sorted(acc.items()))


def run_spill(partials, max_items):
    with SpillCounter(max_items) as acc:
        for p in partials:
            acc.update(p)
        return sum(1 for _ in acc.items())


def run_sqlite(partials):
    with tempfile.TemporaryDirectory() as tmp:
        db = sqlite3.connect(Path(tmp) / "c.sqlite")
        db.execute("PRAGMA journal_mode=OFF")
        db.execute("PRAGMA synchronous=OFF")
        db.execute("CREATE TABLE c (item TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID")
        for p in partials:
            with db:
                db.executemany("INSERT INTO c VALUES (?, ?) ON CONFLICT(item) DO UPDATE SET n = n + excluded.n",
                               p.items())
        n = sum(1 for _ in db.execute("SELECT item, n FROM c ORDER BY item"))
        db.close()
        return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size-mb", type=float, default=20)
    ap.add_argument("--max-items", type=int, default=100_000)
    args = ap.parse_args()
    csv.field_size_limit(sys.maxsize)
    with open(MTSAMPLES, newline="", encoding="utf-8") as fh:
        base = [r["transcription"] for r in csv.DictReader(fh) if r["transcription"].strip()]
    texts = list(GeneratedCorpus(base, int(args.size_mb * 2**20), 0.02))
    partials = [count_items(b, ItemSpec(("token",))) for b in batches(texts)]
    print(f"{args.size_mb} MB, {len(partials)} partial counters, "
          f"{sum(len(p) for p in partials)} partial entries")
    for name, func in (("Counter (unbounded)", run_counter),
                       (f"SpillCounter(max_items={args.max_items})", lambda p: run_spill(p, args.max_items)),
                       ("SQLite upsert", run_sqlite)):
        tracemalloc.start()
        t0 = time.perf_counter()
        n = func(partials)
        took = time.perf_counter() - t0
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"  {name:32s} {n} items  {took:6.2f} s  peak Python heap {peak / 2**20:7.1f} MB")
    print("  (tracemalloc does not see SQLite's own page cache, about 2 MB by default)")


if __name__ == "__main__":
    main()
