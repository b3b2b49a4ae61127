"""Write the synthetic English development and test sets of annotated notes.

    python bench/make_devset.py            # bench/out/devset/{dev,test}.jsonl
    python bench/make_devset.py --n 300 --out bench/out/devset

dev.jsonl (seed 1) is for tuning and measuring detectors; test.jsonl (seed 2) is
kept for the final figure only. Seeds 3 and up are free for training data
(``phisift.synth.generate_notes(n, seed)``). The files are generated on demand
and not committed: the same seeds always give the same notes.

Each line is ``{"id", "text", "spans": [{"start", "end", "label"}], "note_type"}``
with 0-based, end-exclusive character offsets. A label summary is printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from phisift.fileio import atomic_write
from phisift.synth import LABELS, generate_notes

SPLITS = {"dev": 1, "test": 2}


def write_split(path: Path, n: int, seed: int) -> Counter:
    docs = generate_notes(n, seed=seed)
    labels: Counter = Counter()
    with atomic_write(path) as fh:
        for d in docs:
            record = {
                "id": d.id,
                "text": d.text,
                "spans": [{"start": s.start, "end": s.end, "label": s.label} for s in d.spans],
                "note_type": d.meta.get("note_type", ""),
            }
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
            labels.update(s.label for s in d.spans)
    return labels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=300, help="notes per split (default 300)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "out" / "devset")
    parser.add_argument("--splits", default="dev,test", help="comma-separated: dev,test")
    args = parser.parse_args(argv)
    for name in args.splits.split(","):
        if name not in SPLITS:
            parser.error(f"unknown split {name!r}")
        path = args.out / f"{name}.jsonl"
        counts = write_split(path, args.n, SPLITS[name])
        print(f"{path}: {args.n} notes, seed {SPLITS[name]}, {sum(counts.values())} spans")
        print("  " + ", ".join(f"{label} {counts[label]}" for label in LABELS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
