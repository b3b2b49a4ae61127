"""The map steps of a fit in a local process pool, with bounded read-ahead.

Counting is a map (``count_items`` per batch of texts) and a reduce (``merge``
into a ``SpillCounter``); the histogram pass is a map too. ``bounded_map`` runs
a map in ``jobs`` processes but keeps at most ``2 * jobs`` batches in flight, so a
corpus streamed from disk is never read far ahead into memory (``Pool.imap``
would read the whole input eagerly). On Spark the same functions run in
``mapPartitions`` with a ``reduceByKey``.
"""

from __future__ import annotations

import multiprocessing
from collections import Counter, deque
from typing import Any, Callable, Iterable, Iterator

from .items import ItemSpec, count_items

# A worker process's copy of the fitted state for the histogram pass, set once by
# the pool initializer (state is too large to send with every batch).
_worker_state: Any = None


def bounded_map(func: Callable, tasks: Iterable, jobs: int, initializer: Callable | None = None,
                initargs: tuple = ()) -> Iterator:
    """``func`` over ``tasks`` in order; in a pool of ``jobs`` processes when ``jobs > 1``."""
    if jobs <= 1:
        yield from map(func, tasks)
        return
    with multiprocessing.Pool(jobs, initializer, initargs) as pool:
        pending: deque = deque()
        for task in tasks:
            pending.append(pool.apply_async(func, (task,)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def count_batch(task: tuple[list[str], ItemSpec]) -> tuple[int, Counter]:
    texts, spec = task
    return len(texts), count_items(texts, spec)


def value_histograms(state, texts: list[str]) -> tuple[Counter, Counter]:
    """Histograms of word values from the counts alone and with the lists, for some texts."""
    raw: Counter = Counter()
    out: Counter = Counter()
    for text in texts:
        _, r, v = state.both_values(text)
        raw.update(r)
        out.update(v)
    return raw, out


def init_worker(state) -> None:
    global _worker_state
    _worker_state = state


def worker_histograms(texts: list[str]) -> tuple[Counter, Counter]:
    return value_histograms(_worker_state, texts)
