"""The ``--jobs/--engine/--spark-master`` options checked, and the engine they name opened."""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Optional

from ..errors import UsageError
from .console import say


def check_engine_options(jobs: int, engine: str, spark_master: Optional[str]) -> int:
    """Refuse settings that do not fit together before any work starts; the number of workers to start.

    Workers on this machine (the local engine, or Spark's ``local[N]``) are capped at
    its cores, with a note: more processes than cores only add memory and switching.
    """
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if engine not in ("local", "spark"):
        raise UsageError(f"unknown engine '{engine}'; choose local or spark")
    if spark_master and engine != "spark":
        raise UsageError("--spark-master goes with --engine spark")
    cores = available_cores()
    if jobs > cores and not spark_master:
        say(f"note: --jobs {jobs} is more than the {cores} cores of this machine; using {cores}")
        return cores
    return jobs


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@contextmanager
def open_engine(name: str, jobs: int, spark_master: Optional[str]):
    """The engine for a run, stopped afterwards (a Spark session only if this run started it)."""
    from ..engine import make_engine

    runner = make_engine(name, jobs, spark_master)
    try:
        yield runner
    finally:
        runner.close()
