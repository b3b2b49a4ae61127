"""Engines: where the per-document work of a corpus run happens.

A corpus run has two kinds of step (see DESIGN.md): ``fit`` over the whole corpus
(the frequency detector's item counts, a reduce) and ``apply`` per document (a map).
An engine does both; the driver around it (``phisift.run``) reads the corpus, writes
the outputs in input order and keeps the run resumable, whatever the engine:

* ``LocalEngine(jobs)``: this process, or a pool of ``jobs`` forked worker processes
  fed bounded batches (``engine/local.py``);
* ``SparkEngine``: PySpark, local or on a cluster; counts as a ``reduceByKey``, apply
  as ``mapPartitions`` with the fitted pipeline broadcast (``engine/spark.py``), and
  ``deidentify_dataframe`` for Spark users' own tables.

Every random choice is keyed by the document (or patient) and the secret key, and
the frequency counts are exact, so the output is byte-identical whatever the
engine, the number of workers or the number of partitions.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Protocol

from ..document import Document, Span
from ..pipeline import Pipeline


class Engine(Protocol):
    name: str

    def map(self, pipeline: Pipeline, task: Any, items: Iterable) -> Iterator[tuple[Any, Any]]:
        """``(item, task(pipeline, item))`` pairs in input order."""

    def fit_frequency(self, corpus: Iterable[Document], cfg: dict, store: Any) -> Any:
        """The fitted frequency detector over a re-iterable corpus."""

    def close(self) -> None: ...


def detect_task(pipeline: Pipeline, doc: Document) -> list[Span]:
    return pipeline.detect(doc.text)


def deid_task(pipeline: Pipeline, item: tuple[Document, str]) -> tuple[Document, list[Span]]:
    doc, patient = item
    return pipeline.deidentify(doc, patient)


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


__all__ = ["Engine", "deid_task", "detect_task", "make_engine"]
