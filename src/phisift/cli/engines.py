"""The ``--jobs/--engine/--spark-master`` options checked, and the engine they name opened."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Optional

from ..errors import UsageError


def check_engine_options(jobs: int, engine: str, spark_master: Optional[str]) -> None:
    """Refuse settings that do not fit together before any work starts."""
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if engine not in ("local", "spark"):
        raise UsageError(f"unknown engine '{engine}'; choose local or spark")
    if spark_master and engine != "spark":
        raise UsageError("--spark-master goes with --engine spark")


@contextmanager
def open_engine(name: str, jobs: int, spark_master: Optional[str]):
    """The engine for a run, stopped afterwards (a Spark session only if this run started it)."""
    from ..engine import make_engine

    runner = make_engine(name, jobs, spark_master)
    try:
        yield runner
    finally:
        runner.close()
