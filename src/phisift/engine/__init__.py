"""Engines: where the per-document work of a corpus run happens.

A corpus run has two kinds of step (see DESIGN.md): ``fit`` over the whole corpus
(a fittable detector's counts: ``count`` and ``gather``, a reduce) and ``apply`` per
document (``map``). An engine does both and knows nothing of what it runs; the driver
around it (``phisift.runs``) reads the corpus, writes the outputs in input order and
keeps the run resumable, whatever the engine:

* ``LocalEngine(jobs)``: this process, or a pool of ``jobs`` forked worker processes
  fed bounded batches (``engine/local.py``);
* ``SparkEngine``: PySpark, local or on a cluster; counts as a ``reduceByKey``, apply
  as ``mapPartitions`` with the fitted pipeline broadcast (``engine/spark.py``);
  ``deidentify_dataframe`` and ``sift_dataframe`` for Spark users' own tables
  (``engine/dataframes.py``).

Every random choice is keyed by the document (or patient) and the secret key, and
the frequency counts are exact, so the output is byte-identical whatever the
engine, the number of workers or the number of partitions.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Protocol

from ..detect.base import Counter


class Engine(Counter, Protocol):
    """A ``Counter`` (the fit's count and gather steps) that also maps a task over items."""

    name: str

    def map(self, shared: Any, task: Callable[[Any, Any], Any], items: Iterable) -> Iterator[tuple[Any, Any]]:
        """``(item, task(shared, item))`` pairs in input order; ``shared`` (a pipeline, a fitted
        state) is sent to each worker once."""

    def close(self) -> None: ...


def make_engine(name: str, jobs: int = 1, spark_master: str | None = None) -> Engine:
    """The engine a command asked for; Spark is imported only when asked for."""
    from ..errors import UsageError

    if name == "local":
        from .local import LocalEngine

        return LocalEngine(jobs)
    if name == "spark":
        from .spark import SparkEngine

        master = spark_master or (f"local[{jobs}]" if jobs > 1 else "local[*]")
        return SparkEngine.start(master)
    raise UsageError(f"unknown engine '{name}'; choose local or spark")


__all__ = ["Engine", "make_engine"]
