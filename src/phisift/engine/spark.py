"""The Spark engine (PySpark, ``pip install 'phisift[spark]'``, Java 17+).

For corpus files (``phisift detect|deid --engine spark``) the driver reads the
corpus with ``phisift.formats``, as the local engine does, and sends it to Spark in
bounded chunks (``chunk_docs`` documents or ``chunk_chars`` characters, at most
``in_flight`` chunks at a time), so a corpus larger than memory streams through:

* fit: the frequency detector's item counts are a ``mapPartitions(count_items)``
  followed by a ``reduceByKey``; the driver merges the reduced counts of the chunks
  into the same exact ``SpillCounter`` the local fit uses, and the second pass (word
  value histograms, when the item kinds need it) is a ``mapPartitions`` with the
  partial state broadcast. The fitted state equals the local one.
* apply: ``mapPartitions`` over each chunk with the fitted pipeline (detectors,
  operator, and the secret key inside it) broadcast once per run; results are
  collected in partition order, i.e. input order, and the driver writes them through
  the same journal and writers as the local engine. So the output is byte-identical
  to the local run whatever the number of partitions or executors.

Reading and writing stay on the driver because the formats' exact bytes (JSONL field
order, CSV quoting, Parquet row groups, BRAT/i2b2 layouts) are the contract; the
heavy part, detection and replacement, runs on the executors. Spark users with their
own tables call ``deidentify_dataframe``, which stays inside Spark end to end
(``mapInPandas``), reading and writing whatever Spark reads and writes (Parquet,
Delta, Hive tables with a text column).

Executors need phisift installed (the same version as the driver); on a local
master they use the driver's Python.
"""

from __future__ import annotations

import hashlib
import json
import operator
import os
import pickle
import sys
import time
from collections import Counter, deque
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from ..document import Document
from ..errors import UsageError
from ..pipeline import Pipeline

_FEED = 50_000  # reduced (item, count) pairs merged into the driver's counter at a time


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
# One unpickled pipeline per executor process and broadcast (a worker runs many tasks);
# a worker's broadcast object is one per broadcast id, kept alive here with its pipeline.
_PIPELINES: dict[int, tuple[Any, Pipeline]] = {}


def _pipeline(payload) -> Pipeline:
    found = _PIPELINES.get(id(payload))
    if found is None:
        _PIPELINES.clear()
        found = _PIPELINES[id(payload)] = (payload, pickle.loads(payload.value))
    return found[1]


def _apply_partition(payload, task: Callable, items: Iterable) -> Iterator:
    pipeline = _pipeline(payload)
    for item in items:
        yield task(pipeline, item)


def _count_partition(spec, texts: Iterable[str]) -> Iterator[tuple[tuple[int, str], int]]:
    """Item counts of one partition, and its number of documents under a key no item has."""
    from ..detect.frequency import document_items

    counts: Counter = Counter()
    documents = 0
    for text in texts:  # count_items, streamed: a DataFrame partition can be large
        counts.update(document_items(text, spec))
        documents += 1
    yield (1, ""), documents
    for item, n in counts.items():
        yield (0, item), n


def _histogram_partition(state, texts: Iterable[str]) -> Iterator[tuple[Counter, Counter]]:
    from ..detect.frequency.parallel import value_histograms

    yield value_histograms(state.value, texts)


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
        self.spark = spark
        self.sc = spark.sparkContext
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

    # apply -------------------------------------------------------------------
    def map(self, pipeline: Pipeline, task: Callable, items: Iterable) -> Iterator[tuple[Any, Any]]:
        try:
            payload = self.sc.broadcast(pickle.dumps(pipeline, protocol=pickle.HIGHEST_PROTOCOL))
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
    def text_rdds(self, corpus: Iterable) -> Callable[[], Iterator]:
        """A fresh pass over the corpus as RDDs of texts, one per chunk."""
        def passes() -> Iterator:
            texts = (d.text if isinstance(d, Document) else d for d in corpus)
            for chunk in _chunks(texts, self.chunk_docs, self.chunk_chars, len):
                yield self._rdd(chunk)
        return passes

    def fit_frequency(self, corpus: Iterable, cfg: Mapping[str, Any], store: Any) -> Any:
        from ..detect.frequency import FrequencyConfig, FrequencyDetector, fit_frequency_detector

        config = FrequencyConfig.from_dict(cfg)
        if config.state:  # a saved state: nothing to fit
            return fit_frequency_detector(corpus, cfg, store)
        state = fit_frequency_state(self.sc, self.text_rdds(corpus), config, store)
        if config.save_state:
            state.save(config.save_state)
        sys.stderr.write(state.summary() + "\n")
        return FrequencyDetector(state)


def fit_frequency_state(sc, text_rdds: Callable[[], Iterable], config, store=None, spill_dir: str | None = None):
    """The frequency fit of ``detect.frequency.fit`` with Spark doing the map and reduce steps.

    ``text_rdds()`` yields the corpus as RDDs of texts (one per chunk, or one for a
    DataFrame column) and is called once per pass. The counts are exact and are read
    back sorted from the same ``SpillCounter``, and the threshold, histograms and
    confidence update follow the local fit step by step, so the state is equal to
    the local one (``tests/test_spark.py`` checks it).
    """
    from ..detect.frequency import SpillCounter, confident_items
    from ..detect.frequency.model import _one_pass_kind, finish_fit, read_counts

    spec = config.spec
    lists = config.word_lists()
    confident, known = confident_items(store, config.confidence_level, config.confidence_min_runs)
    started = time.perf_counter()
    primary = _one_pass_kind(spec, lists)
    counter = SpillCounter(config.max_items, spill_dir)
    documents = 0
    try:
        for rdd in text_rdds():
            reduced = rdd.mapPartitions(partial(_count_partition, spec)).reduceByKey(operator.add)
            feed: dict[str, int] = {}
            for (kind, item), n in reduced.toLocalIterator():
                if kind:
                    documents += n
                    continue
                feed[item] = n
                if len(feed) >= _FEED:
                    counter.update(feed)
                    feed = {}
            counter.update(feed)
        state, histogram, output, seen_known = read_counts(counter, documents, "spark", config, lists, confident,
                                                           known, primary)
    finally:
        counter.close()
    if primary is None:
        shared = sc.broadcast(state)
        try:
            for rdd in text_rdds():
                for raw, vals in rdd.mapPartitions(partial(_histogram_partition, shared)).collect():
                    histogram.update(raw)
                    output.update(vals)
        finally:
            shared.unpersist()
    return finish_fit(state, histogram, output, seen_known, config, started, store)


# --------------------------------------------------------------------------- DataFrames
def _row_id(value: Any, text: str) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return str(value)


def _missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        import pandas as pd

        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def _deid_pandas(payload, text_col: str, id_col: str | None, patient_col: str | None, out_col: str,
                 spans_col: str | None, batches: Iterator) -> Iterator:
    pipeline = _pipeline(payload)
    for pdf in batches:
        texts = pdf[text_col].tolist()
        ids = pdf[id_col].tolist() if id_col else [None] * len(texts)
        patients = pdf[patient_col].tolist() if patient_col else [None] * len(texts)
        new_texts: list[str | None] = []
        found: list[str | None] = []
        for text, raw_id, patient in zip(texts, ids, patients):
            if _missing(text):
                new_texts.append(None)
                found.append(None)
                continue
            doc_id = _row_id(None if _missing(raw_id) else raw_id, text)
            if patient_col and _missing(patient):
                raise ValueError(f"row {doc_id}: no value in the patient column '{patient_col}'")
            new_doc, spans = pipeline.deidentify(Document(doc_id, text), str(patient) if patient_col else doc_id)
            new_texts.append(new_doc.text)
            found.append(json.dumps([{"start": s.start, "end": s.end, "label": s.label} for s in spans]))
        columns = {out_col: new_texts}
        if spans_col:
            columns[spans_col] = found
        yield pdf.assign(**columns)


def deidentify_dataframe(
    df,
    text_col: str,
    id_col: str | None = None,
    patient_col: str | None = None,
    mode: str = "surrogate",
    key_file: str | Path | None = None,
    config: str | Path | Mapping[str, Mapping[str, Any]] | None = None,
    *,
    detectors: Iterable[str] | None = None,
    model: str | Path | None = None,
    store: str | Path | None = None,
    output_col: str | None = None,
    spans_col: str | None = "phi_spans",
):
    """``df`` with a de-identified copy of ``text_col`` (and the spans found, as JSON) added.

    * ``output_col``: the new text column (default ``<text_col>_deid``); ``spans_col``:
      ``[{"start","end","label"}]`` offsets into the original text, as a JSON string
      (``None`` leaves it out). Rows with a null text get nulls.
    * ``patient_col``: the column naming the patient, so that all notes of a patient
      get the same surrogates and the same date shift; else each row is its own
      patient, known by ``id_col`` or, without one, by a digest of its text (stable
      whatever the partitioning, so the output does not depend on it).
    * ``mode``: tag, mask, redact or surrogate (needs ``key_file``: the secret key;
      created on first use, as on the command line).
    * ``config``: a pipeline TOML file, or a dict of sections to override
      (``{"detect": {"detectors": ["rules", "lexicon", "frequency"]}}``); ``detectors``
      is a shortcut for the latter. With the frequency detector the counts are fitted
      over the whole column first (a ``reduceByKey``), its confidence list read from
      and written to ``store`` (default: none kept).

    Lazy like any DataFrame transformation, except the frequency fit, which runs at
    once. Each row gives the same text as ``phisift deid`` on the same note, patient and
    key::

        out = deidentify_dataframe(spark.read.parquet("notes.parquet"), "note_text",
                                   id_col="note_id", patient_col="mrn", key_file="~/keys/phisift.key")
        out.write.parquet("notes_deid.parquet")
    """
    from pyspark.sql.types import StringType, StructField, StructType

    from ..pipeline import load_config
    from ..store import DEFAULT_KEY_FILE, Store, load_key

    columns = df.columns
    for name in (text_col, id_col, patient_col):
        if name is not None and name not in columns:
            raise UsageError(f"no column '{name}' in the DataFrame (columns: {', '.join(columns)})")
    out_col = output_col or f"{text_col}_deid"
    for name in (out_col, spans_col):
        if name is not None and name in columns:
            raise UsageError(f"the DataFrame already has a column '{name}'; choose another output_col/spans_col")
    overrides: dict[str, dict[str, Any]] = {"detect": {}, "replace": {"mode": mode}}
    path = None
    if isinstance(config, Mapping):
        for section, values in config.items():
            overrides.setdefault(section, {}).update(values)
    elif config is not None:
        path = config
    if detectors is not None:
        overrides["detect"]["detectors"] = list(detectors)
    cfg = load_config(path, overrides)
    if model and "model" not in cfg["detect"]["detectors"]:
        cfg["detect"]["detectors"].append("model")
    secret = None
    if cfg["replace"]["mode"] == "surrogate":
        secret = load_key(key_file or DEFAULT_KEY_FILE, notify=lambda m: sys.stderr.write(m + "\n"))
    extra = []
    if "frequency" in cfg["detect"]["detectors"]:
        from ..detect.frequency import FrequencyConfig, FrequencyDetector, fit_frequency_detector

        fconfig = FrequencyConfig.from_dict(cfg["frequency"])
        texts = df.select(text_col).where(df[text_col].isNotNull()).rdd.map(operator.itemgetter(0))
        if fconfig.state:
            extra.append(fit_frequency_detector([], cfg["frequency"], None))
        else:
            kept = Store(store) if store else None
            try:
                state = fit_frequency_state(df.sparkSession.sparkContext, lambda: iter([texts]), fconfig, kept)
            finally:
                if kept is not None:
                    kept.close()
            sys.stderr.write(state.summary() + "\n")
            extra.append(FrequencyDetector(state))
    pipeline = Pipeline.from_config(cfg, secret=secret, model_dir=model, extra_detectors=extra)
    sc = df.sparkSession.sparkContext
    payload = sc.broadcast(pickle.dumps(pipeline, protocol=pickle.HIGHEST_PROTOCOL))
    added = [StructField(out_col, StringType(), True)]
    if spans_col:
        added.append(StructField(spans_col, StringType(), True))
    schema = StructType(list(df.schema.fields) + added)  # StructType.add would change df's own schema
    func = partial(_deid_pandas, payload, text_col, id_col, patient_col, out_col, spans_col)
    return df.mapInPandas(func, schema)
