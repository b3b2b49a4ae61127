"""The Spark engine (PySpark, ``pip install 'phisift[spark]'``, Java 17+).

For corpus files (``phisift detect|deid --engine spark``) the driver reads the
corpus with ``phisift.formats``, as the local engine does, and sends it to Spark in
bounded chunks (``chunk_docs`` documents or ``chunk_chars`` characters, at most
``in_flight`` chunks at a time), so a corpus larger than memory streams through:

* fit (``count`` and ``gather``, the steps of a ``Fittable``'s fit): a count is a
  ``mapPartitions`` of the fit's count function followed by a ``reduceByKey``, whose
  sums the driver streams back to the fit; a gather is a ``mapPartitions`` with the
  fit's shared state broadcast. The frequency detector's state equals the local one.
* apply: ``mapPartitions`` over each chunk with the fitted pipeline (detectors,
  operator, and the secret key inside it) broadcast once per run; results are
  collected in partition order, i.e. input order, and the driver writes them through
  the same journal and writers as the local engine. So the output is byte-identical
  to the local run whatever the number of partitions or executors.

Reading and writing stay on the driver because the formats' exact bytes (JSONL field
order, CSV quoting, Parquet row groups, BRAT/i2b2 layouts) are the contract; the
heavy part, detection and replacement, runs on the executors. Spark users with their
own tables call ``engine.dataframes.deidentify_dataframe``, which stays inside Spark
end to end (``mapInPandas``), or ``sift_dataframe``.

Executors need phisift installed (the same version as the driver); on a local
master they use the driver's Python.
"""

from __future__ import annotations

import operator
import os
import pickle
import sys
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, Callable, Iterable, Iterator, Mapping

from ..document import Document
from ..errors import UsageError

_FEED = 50_000  # reduced (key, count) pairs handed back to the fit at a time


def _pyspark():
    try:
        import pyspark  # noqa: F401
        from pyspark.sql import SparkSession
    except ImportError:
        raise UsageError("the spark engine needs PySpark: pip install 'phisift[spark]'") from None
    return SparkSession


def local_session(master: str = "local[*]", app_name: str = "phisift"):
    """A SparkSession suited to phisift; on a ``local`` master it binds to the loopback address.

    An already active session is returned as it is (its master wins), so a notebook's
    or a test's session is reused.
    """
    SparkSession = _pyspark()
    active = SparkSession.getActiveSession()
    if active is not None:
        return active
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    builder = (SparkSession.builder.master(master).appName(app_name)
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.python.worker.reuse", "true"))
    if master.startswith("local"):
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        builder = builder.config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
    try:
        session = builder.getOrCreate()
    except Exception as exc:  # Java missing or a JVM that does not start
        raise UsageError(f"could not start Spark ({type(exc).__name__}: {str(exc).splitlines()[0][:200]}); "
                         "is Java 17+ installed (java -version)?") from None
    session.sparkContext.setLogLevel("ERROR")
    return session


# --------------------------------------------------------------------------- executor side
# One unpickled shared state (a pipeline, a fitted sift state) per executor process and
# broadcast (a worker runs many tasks); a worker's broadcast object is one per broadcast
# id, kept alive here with its state.
_SHARED: dict[int, tuple[Any, Any]] = {}


def _shared(payload) -> Any:
    found = _SHARED.get(id(payload))
    if found is None:
        _SHARED.clear()
        found = _SHARED[id(payload)] = (payload, pickle.loads(payload.value))
    return found[1]


def _apply_partition(payload, task: Callable, items: Iterable) -> Iterator:
    shared = _shared(payload)
    for item in items:
        yield task(shared, item)


def _count_partition(count_part: Callable, texts: Iterable[str]) -> Iterator[tuple[Any, int]]:
    yield from count_part(texts).items()


def _gather_partition(part: Callable, shared, texts: Iterable[str]) -> Iterator[Any]:
    yield part(shared.value, texts)


def _chunks(items: Iterable, max_docs: int, max_chars: int, size: Callable[[Any], int]) -> Iterator[list]:
    chunk: list = []
    chars = 0
    for item in items:
        chunk.append(item)
        chars += size(item)
        if len(chunk) >= max_docs or chars >= max_chars:
            yield chunk
            chunk, chars = [], 0
    if chunk:
        yield chunk


def _item_size(item: Any) -> int:
    doc = item[0] if isinstance(item, tuple) else item
    return len(doc.text) if isinstance(doc, Document) else len(doc)


# --------------------------------------------------------------------------- the engine
class SparkEngine:
    """Fit and apply on Spark; ``partitions`` per chunk defaults to twice the default parallelism."""

    name = "spark"

    def __init__(self, spark, partitions: int | None = None, chunk_docs: int = 4000,
                 chunk_chars: int = 8_000_000, in_flight: int = 2, owns_session: bool = False):
        from .executors import ensure_phisift_on_executors

        self.spark = spark
        self.sc = spark.sparkContext
        ensure_phisift_on_executors(self.sc)  # a user's own session may run workers without phisift
        self.partitions = partitions or max(1, 2 * self.sc.defaultParallelism)
        self.chunk_docs, self.chunk_chars, self.in_flight = chunk_docs, chunk_chars, max(1, in_flight)
        self._owns_session = owns_session

    @classmethod
    def start(cls, master: str = "local[*]", **options: Any) -> "SparkEngine":
        SparkSession = _pyspark()
        owns = SparkSession.getActiveSession() is None
        return cls(local_session(master), owns_session=owns, **options)

    def close(self) -> None:
        if self._owns_session:
            self.spark.stop()

    def _rdd(self, chunk: list):
        return self.sc.parallelize(chunk, max(1, min(self.partitions, len(chunk))))

    def workers(self, at_least: int = 1) -> str:
        return self.name

    def with_texts(self, rdd) -> "SparkEngine":
        """This engine counting over one RDD of texts (a DataFrame column), whatever corpus a fit is handed."""
        bound = SparkEngine(self.spark, self.partitions, self.chunk_docs, self.chunk_chars, self.in_flight)
        bound._texts_rdd = rdd
        return bound

    _texts_rdd = None

    # apply -------------------------------------------------------------------
    def map(self, shared: Any, task: Callable, items: Iterable) -> Iterator[tuple[Any, Any]]:
        """``(item, task(shared, item))`` in input order; ``shared`` is broadcast once per call."""
        try:
            payload = self.sc.broadcast(pickle.dumps(shared, protocol=pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, TypeError, AttributeError) as exc:
            raise UsageError(f"this pipeline cannot be sent to Spark executors ({exc})") from None
        func = partial(_apply_partition, payload, task)

        def run(chunk: list) -> list:
            return self._rdd(chunk).mapPartitions(func).collect()

        pending: deque = deque()
        try:
            with ThreadPoolExecutor(self.in_flight) as pool:
                for chunk in _chunks(items, self.chunk_docs, self.chunk_chars, _item_size):
                    pending.append((chunk, pool.submit(run, chunk)))
                    if len(pending) >= self.in_flight:
                        done, future = pending.popleft()
                        yield from zip(done, future.result())
                while pending:
                    done, future = pending.popleft()
                    yield from zip(done, future.result())
        finally:
            for _, future in pending:
                future.cancel()
            payload.unpersist()

    # fit ---------------------------------------------------------------------
    def _text_rdds(self, texts: Callable[[], Iterable[str]]) -> Iterator:
        """The corpus as RDDs of texts: the bound column, or one RDD per chunk of ``texts()``."""
        if self._texts_rdd is not None:
            yield self._texts_rdd
            return
        for chunk in _chunks(texts(), self.chunk_docs, self.chunk_chars, len):
            yield self._rdd(chunk)

    def count(self, texts: Callable[[], Iterable[str]], count_part: Callable[[Iterable[str]], Mapping[Any, int]],
              jobs: int = 1) -> Iterator[Mapping[Any, int]]:
        for rdd in self._text_rdds(texts):
            reduced = rdd.mapPartitions(partial(_count_partition, count_part)).reduceByKey(operator.add)
            feed: dict[Any, int] = {}
            for key, n in reduced.toLocalIterator():
                feed[key] = n
                if len(feed) >= _FEED:
                    yield feed
                    feed = {}
            if feed:
                yield feed

    def gather(self, texts: Callable[[], Iterable[str]], part: Callable[[Any, Iterable[str]], Any], shared: Any,
               jobs: int = 1) -> Iterator[Any]:
        payload = self.sc.broadcast(shared)
        try:
            for rdd in self._text_rdds(texts):
                yield from rdd.mapPartitions(partial(_gather_partition, part, payload)).collect()
        finally:
            payload.unpersist()
