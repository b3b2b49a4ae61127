"""Peak memory and time of fitting the frequency detector on a large generated corpus.

The corpus is generated on the fly and never written to disk: the MTSamples
transcriptions, repeated until ``--size-mb`` of text have streamed past, each copy
with a share of its words (``--inject``) replaced by random made-up capitalised
words, so that, like names in a real corpus, there are millions of distinct
singletons. Peak memory is ``resource.getrusage(RUSAGE_SELF).ru_maxrss``.

    .venv/bin/python bench/frequency_memory.py --size-mb 1024               # bounded (spills)
    .venv/bin/python bench/frequency_memory.py --size-mb 200 --max-items 0  # unbounded, for comparison
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import resource
import string
import sys
import time
from dataclasses import replace
from pathlib import Path

from phisift.detect.frequency import FrequencyConfig, fit

ROOT = Path(__file__).resolve().parents[1]
MTSAMPLES = ROOT.parent / "shared" / "data" / "mtsamples" / "mtsamples.csv"


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


class GeneratedCorpus:
    """Re-iterable stream of about ``size`` characters; the same texts on every pass."""

    def __init__(self, base: list[str], size: int, inject: float, seed: int = 0):
        self.base, self.size, self.inject, self.seed = base, size, inject, seed
        self.chars = 0

    def __iter__(self):
        rng = random.Random(self.seed)
        letters = string.ascii_lowercase
        emitted = 0
        while True:
            for text in self.base:
                words = text.split(" ")
                for i in rng.sample(range(len(words)), int(len(words) * self.inject)):
                    words[i] = rng.choice(string.ascii_uppercase) + "".join(rng.choices(letters, k=rng.randint(5, 9)))
                out = " ".join(words)
                emitted += len(out)
                yield out
                if emitted >= self.size:
                    self.chars = emitted
                    return


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size-mb", type=float, default=1024)
    ap.add_argument("--max-items", type=int, default=500_000, help="0: unbounded (everything in memory)")
    ap.add_argument("--kinds", default="token")
    ap.add_argument("--jobs", type=int, default=1, help="counting processes")
    ap.add_argument("--inject", type=float, default=0.02, help="share of words replaced by random words")
    ap.add_argument("--mtsamples", type=Path, default=MTSAMPLES)
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    csv.field_size_limit(sys.maxsize)
    with open(args.mtsamples, newline="", encoding="utf-8") as fh:
        base = [r["transcription"] for r in csv.DictReader(fh) if r["transcription"].strip()]
    corpus = GeneratedCorpus(base, int(args.size_mb * 1024 * 1024), args.inject)
    conf = FrequencyConfig(kinds=tuple(args.kinds.split(",")), keep_share=0.9,
                           max_items=args.max_items or sys.maxsize, jobs=args.jobs)
    before = peak_mb()
    t0 = time.perf_counter()
    st = fit(corpus, conf)
    seconds = time.perf_counter() - t0
    figures = {
        "size_mb": round(corpus.chars / 2**20, 1),
        "kinds": args.kinds,
        "max_items": args.max_items or None,
        "jobs": args.jobs,
        "seconds": round(seconds, 1),
        "mb_per_s": round(corpus.chars / 2**20 / seconds, 2),
        "peak_rss_mb_before_fit": round(before, 1),
        "peak_rss_mb": round(peak_mb(), 1),
        "peak_rss_mb_largest_worker": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1),
        "documents": st.stats["documents"],
        "word_tokens": st.word_tokens,
        "distinct_items": st.stats["distinct_items"],
        "items_kept_in_state": len(st.counts),
        "spills": st.stats["spills"],
        "spilled_mb": round(st.stats["spilled_bytes"] / 2**20, 1),
        "passes": st.stats["passes"],
        "threshold": st.threshold,
        "count_share": round(st.count_share, 4),
    }
    print(json.dumps(figures, indent=1))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
