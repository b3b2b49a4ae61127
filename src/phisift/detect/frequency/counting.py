"""An exact item counter whose memory is bounded: sorted runs spilled to disk.

Why not a sketch: a count-min sketch only ever *over*-counts, so a rare name could
be judged common and left in the text, the one error this method must not make.
Lossy counting and pruning of singletons *under*-count, which is safe but masks
words that are in fact common enough. Spilling is exact in both directions: when
the in-memory counter holds ``max_items`` distinct items it is written to a
temporary file as one sorted run and cleared; ``items()`` merges the runs with a
heap, summing the counts of equal items. Memory is ``max_items`` entries plus one
line per run during the merge; disk is at most the distinct items of each run.
This is the sort-merge that Hadoop and Spark do for ``reduceByKey``, so the same
counts come out of one process, a process pool or a cluster.
"""

from __future__ import annotations

import heapq
import os
import tempfile
from collections import Counter
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Iterator, Mapping

#: Runs merged at once; more are first merged into larger runs.
_MAX_FAN_IN = 64


def _read_run(path: Path) -> Iterator[tuple[str, int]]:
    with open(path, encoding="utf-8", newline="\n") as fh:
        for line in fh:
            item, _, count = line.rstrip("\n").rpartition("\t")
            yield item, int(count)


def _merged(streams: list[Iterator[tuple[str, int]]]) -> Iterator[tuple[str, int]]:
    for item, group in groupby(heapq.merge(*streams, key=itemgetter(0)), key=itemgetter(0)):
        yield item, sum(c for _, c in group)


class SpillCounter:
    """Counts items exactly in bounded memory; ``items()`` yields them sorted.

    Items must not contain a tab or a newline (word items never do: tokens hold no
    whitespace and word strings are joined by single spaces).
    """

    def __init__(self, max_items: int = 500_000, spill_dir: str | Path | None = None):
        if max_items < 1:
            raise ValueError(f"max_items must be at least 1, got {max_items}")
        self.max_items = max_items
        self._dir = tempfile.TemporaryDirectory(prefix="phisift-counts-", dir=spill_dir)
        self._counts: Counter = Counter()
        self._runs: list[Path] = []
        self.spills = 0
        self.spilled_bytes = 0

    # building ----------------------------------------------------------------
    def update(self, counts: Mapping[str, int]) -> None:
        """Add partial counts (from ``count_items`` of a batch, a worker or a partition)."""
        self._counts.update(counts)
        if len(self._counts) > self.max_items:
            self._spill()

    def _new_run(self) -> Path:
        path = Path(self._dir.name) / f"run-{self.spills:05d}.tsv"
        self.spills += 1
        return path

    def _write_run(self, pairs) -> Path:
        path = self._new_run()
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.writelines(f"{item}\t{count}\n" for item, count in pairs)
        self.spilled_bytes += path.stat().st_size
        return path

    def _spill(self) -> None:
        self._runs.append(self._write_run(sorted(self._counts.items())))
        self._counts = Counter()  # a fresh dict gives its memory back; clear() keeps the table

    def _compact(self) -> None:
        """Merge runs in groups until one heap merge can read them all."""
        while len(self._runs) > _MAX_FAN_IN:
            group, self._runs = self._runs[:_MAX_FAN_IN], self._runs[_MAX_FAN_IN:]
            merged = self._write_run(_merged([_read_run(p) for p in group]))
            for p in group:
                os.unlink(p)
            self._runs.append(merged)

    # reading -----------------------------------------------------------------
    def items(self) -> Iterator[tuple[str, int]]:
        """Every item with its exact total count, in sorted order; may be called again."""
        self._compact()
        streams = [_read_run(p) for p in self._runs]
        streams.append(iter(sorted(self._counts.items())))
        return _merged(streams)

    def __len__(self) -> int:
        """Distinct items (reads the runs when there are any)."""
        return sum(1 for _ in self.items()) if self._runs else len(self._counts)

    def close(self) -> None:
        self._counts = Counter()
        self._runs = []
        self._dir.cleanup()

    def __enter__(self) -> "SpillCounter":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
