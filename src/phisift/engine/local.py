"""The local engine: this process, or a pool of forked worker processes.

Apply: documents go to the workers in small tasks through ``apply_async`` with at
most ``4 * jobs`` tasks in flight, and results come back in input order; nothing
reads the input further ahead than that, so a corpus larger than memory streams
through (``Pool.imap`` would read the whole input eagerly), and no task waits for
the slowest one of a fixed chunk. The pipeline reaches the workers once, when they
are forked, not with every task.

Fit: the frequency detector's own process pool (``frequency.jobs``) counts items
per batch and merges the partial counts; ``--jobs`` sets it.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from itertools import islice
from typing import Any, Callable, Iterable, Iterator

from ..pipeline import Pipeline

# The worker's pipeline and task, set once when the pool forks (no global state in the parent).
_WORKER: tuple[Pipeline, Callable] | None = None


def _init_worker(pipeline: Pipeline, task: Callable) -> None:
    global _WORKER
    _WORKER = (pipeline, task)


def _run_task(items: list) -> list:
    pipeline, task = _WORKER
    return [task(pipeline, item) for item in items]


class LocalEngine:
    name = "local"

    def __init__(self, jobs: int = 1, task_size: int = 16):
        self.jobs = max(1, jobs)
        self.task_size = task_size

    def map(self, pipeline: Pipeline, task: Callable, items: Iterable) -> Iterator[tuple[Any, Any]]:
        if self.jobs <= 1:
            for item in items:
                yield item, task(pipeline, item)
            return
        ctx = multiprocessing.get_context("fork")
        iterator = iter(items)
        pending: deque = deque()
        with ctx.Pool(self.jobs, initializer=_init_worker, initargs=(pipeline, task)) as pool:
            while batch := list(islice(iterator, self.task_size)):
                pending.append((batch, pool.apply_async(_run_task, (batch,))))
                if len(pending) >= 4 * self.jobs:
                    done, result = pending.popleft()
                    yield from zip(done, result.get())
            while pending:
                done, result = pending.popleft()
                yield from zip(done, result.get())

    def fit_frequency(self, corpus: Iterable, cfg: dict, store: Any) -> Any:
        from ..detect.frequency import fit_frequency_detector

        cfg = dict(cfg)
        if self.jobs > 1:
            cfg["jobs"] = max(int(cfg.get("jobs", 1)), self.jobs)
        return fit_frequency_detector(corpus, cfg, store)

    def close(self) -> None:
        pass
