"""The local engine: this process, or a pool of forked worker processes.

Apply: documents go to the workers in small tasks through ``apply_async`` with at
most ``4 * jobs`` tasks in flight, and results come back in input order; nothing
reads the input further ahead than that, so a corpus larger than memory streams
through (``Pool.imap`` would read the whole input eagerly), and no task waits for
the slowest one of a fixed chunk. The pipeline reaches the workers once, when they
are forked, not with every task.

Fit (``count`` and ``gather``, the steps of a ``Fittable``'s fit): the corpus in parts
of ``part_size`` texts, each part's result handed back in order, from a pool of
``max(jobs, the fit's own jobs)`` processes with at most ``2 * jobs`` parts in flight.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from itertools import islice
from typing import Any, Callable, Iterable, Iterator, Mapping

# The worker's shared state (a pipeline, a fitted sift state ...) and task, set once when
# the pool forks (no global state in the parent).
_WORKER: tuple[Any, Callable] | None = None


def _init_worker(shared: Any, task: Callable) -> None:
    global _WORKER
    _WORKER = (shared, task)


def _run_task(items: list) -> list:
    shared, task = _WORKER
    return [task(shared, item) for item in items]


def _run_part(texts: list) -> Any:
    shared, part = _WORKER
    return part(shared, texts)


def _count(count_part: Callable, texts: Iterable[str]) -> Mapping[Any, int]:
    return count_part(texts)


def _parts(texts: Iterable[str], size: int) -> Iterator[list[str]]:
    iterator = iter(texts)
    while part := list(islice(iterator, size)):
        yield part


class LocalEngine:
    """This process (``jobs=1``) or a pool of forked workers; see the module docstring."""

    name = "local"

    def __init__(self, jobs: int = 1, task_size: int = 16, part_size: int = 256):
        self.jobs = max(1, jobs)
        self.task_size = task_size
        self.part_size = part_size

    @property
    def in_process(self) -> bool:
        """Tasks run in this process (one job): what they report inside a document reaches the run's bar."""
        return self.jobs <= 1

    def workers(self, at_least: int = 1) -> int:
        return max(self.jobs, at_least)

    # fit ---------------------------------------------------------------------
    def count(self, texts: Callable[[], Iterable[str]], count_part: Callable[[Iterable[str]], Mapping[Any, int]],
              jobs: int = 1) -> Iterator[Mapping[Any, int]]:
        return self.gather(texts, _count, count_part, jobs)

    def gather(self, texts: Callable[[], Iterable[str]], part: Callable[[Any, Iterable[str]], Any], shared: Any,
               jobs: int = 1) -> Iterator[Any]:
        parts = _parts(texts(), self.part_size)
        jobs = self.workers(jobs)
        if jobs <= 1:
            for texts_of_part in parts:
                yield part(shared, texts_of_part)
            return
        with multiprocessing.get_context("fork").Pool(jobs, _init_worker, (shared, part)) as pool:
            pending: deque = deque()
            for texts_of_part in parts:
                pending.append(pool.apply_async(_run_part, (texts_of_part,)))
                if len(pending) >= 2 * jobs:
                    yield pending.popleft().get()
            while pending:
                yield pending.popleft().get()

    # apply -------------------------------------------------------------------
    def map(self, shared: Any, task: Callable, items: Iterable) -> Iterator[tuple[Any, Any]]:
        """``(item, task(shared, item))`` in input order; ``shared`` reaches the workers once, at the fork."""
        if self.jobs <= 1:
            for item in items:
                yield item, task(shared, item)
            return
        ctx = multiprocessing.get_context("fork")
        iterator = iter(items)
        pending: deque = deque()
        with ctx.Pool(self.jobs, initializer=_init_worker, initargs=(shared, task)) as pool:
            while batch := list(islice(iterator, self.task_size)):
                pending.append((batch, pool.apply_async(_run_task, (batch,))))
                if len(pending) >= 4 * self.jobs:
                    done, result = pending.popleft()
                    yield from zip(done, result.get())
            while pending:
                done, result = pending.popleft()
                yield from zip(done, result.get())

    def close(self) -> None:
        pass
