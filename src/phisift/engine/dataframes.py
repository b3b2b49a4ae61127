"""Phisift for Spark users' own tables: de-identify or sift a text column of a DataFrame.

* ``deidentify_dataframe`` stays inside Spark end to end (``mapInPandas``), reading and
  writing whatever Spark reads and writes (Parquet, Delta, Hive tables with a text
  column); the pipeline is broadcast once, and a fittable detector (frequency) is
  fitted over the whole column first (a ``reduceByKey``).
* ``sift_dataframe``: DataSifterText's fit needs every note at once (TF-IDF and K-means
  over the corpus, and every note's partner), so the id and text columns are collected
  to the driver for it, as ``phisift sift --engine spark`` does with a corpus file. The
  two per-note passes run on the executors with the fitted state broadcast, and the
  sifted text is joined back onto the DataFrame by id, so every other column is kept.

A row gets exactly the text ``phisift deid`` / ``phisift sift`` gives the same note with
the same key, seed and settings.
"""

from __future__ import annotations

import hashlib
import json
import operator
import pickle
from functools import partial
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from ..document import Document
from ..errors import UsageError
from .spark import SparkEngine, _shared


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


def _deid_pandas(payload, text_col: str, id_col: str | None, out_col: str,
                 spans_col: str | None, batches: Iterator) -> Iterator:
    """One partition: each pandas batch de-identified as ``phisift deid`` does a table's rows
    (``frame.release_rows``), the text in ``out_col``, the columns the release rewrites in place."""
    from ..frame import release_rows

    pipeline, release = _shared(payload)
    for pdf in batches:
        texts = pdf[text_col].tolist()
        raw = pdf[id_col].tolist() if id_col else [None] * len(texts)
        ids = [_row_id(None if _missing(r) else r, t if isinstance(t, str) else "") for r, t in zip(raw, texts)]
        rows = release_rows(pdf, pipeline, release, text_col, ids, id_col)
        columns: dict[str, Any] = {**rows.columns, out_col: rows.texts}
        if spans_col:
            columns[spans_col] = [None if found is None else json.dumps(
                [{"start": s.start, "end": s.end, "label": s.label} for s in found]) for found in rows.spans]
        yield pdf.assign(**columns).drop(columns=list(release.fields.drop))


def _out_schema(df: Any, release: Any, id_col: str | None, out_col: str, spans_col: str | None) -> Any:
    """``df``'s schema less the dropped columns, pseudonymised ones as strings (an integer id stays an integer:
    ``pseudonyms.id_value``), and the added text and spans columns."""
    from pyspark.sql.types import IntegralType, LongType, StringType, StructField, StructType

    policy = release.fields
    text_like = {policy.patient_field, *policy.pseudonymise}
    fields = []
    for f in df.schema.fields:
        if f.name in policy.drop:
            continue
        renamed_id = f.name == id_col and not policy.keep_ids
        if f.name in text_like or (renamed_id and not isinstance(f.dataType, IntegralType)):
            f = StructField(f.name, StringType(), True)
        elif renamed_id:  # a 60-bit integer pseudonym: a long, whatever integer type the id had
            f = StructField(f.name, LongType(), True)
        fields.append(f)
    fields.append(StructField(out_col, StringType(), True))
    if spans_col:
        fields.append(StructField(spans_col, StringType(), True))
    return StructType(fields)  # a new StructType: StructType.add would change df's own schema


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
    reporter: Any = None,
    pseudonymise_cols: Iterable[str] = (),
    drop_cols: Iterable[str] = (),
    shift_date_cols: Iterable[str] = (),
    keep_ids: bool = False,
    known_phi: str | Path | None = None,
    spans: str | Path | Mapping[str, Iterable[Any]] | None = None,
    note_date_col: str | None = None,
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
    * The other columns as ``phisift deid`` writes a table's, options named as its
      (``_cols`` for ``--..-field``; docs/scale.md): ``patient_col`` and
      ``pseudonymise_cols`` as keyed pseudonyms, ``drop_cols``, ``shift_date_cols``, the
      id rule on ``id_col`` unless ``keep_ids``, ``known_phi``, ``spans`` (as
      ``--from-spans``), ``note_date_col``. The key is read on the driver when a
      pseudonym may be needed. The original text column stays: select what you release.
    * ``config``: a pipeline TOML file, or a dict of sections to override; ``detectors``
      is a shortcut. The frequency detector is fitted over the whole column first (a
      ``reduceByKey``), its confidence list kept in ``store`` (default: none kept).

    Lazy like any DataFrame transformation, except the frequency fit, which runs at
    once (its summary goes to ``reporter``, a ``phisift.progress.Reporter``). Each row
    gives the same text as ``phisift deid`` on the same note, patient and key::

        out = deidentify_dataframe(spark.read.parquet("notes.parquet"), "note_text",
                                   id_col="note_id", patient_col="mrn", key_file="~/keys/phisift.key")
        out.write.parquet("notes_deid.parquet")
    """
    from ..frame import check_columns
    from ..pipeline import config_from, secret_for
    from ..progress import reporter_or_null
    from ..runs.release import FileKey, make_release

    columns = df.columns
    check_columns(columns, text_col, id_col, patient_col, note_date_col, *pseudonymise_cols, *drop_cols,
                  *shift_date_cols)
    out_col = output_col or f"{text_col}_deid"
    for name in (out_col, spans_col):
        if name is not None and name in columns:
            raise UsageError(f"the DataFrame already has a column '{name}'; choose another output_col/spans_col")
    cfg = config_from(config, mode=mode, detectors=detectors, model=model)
    say = reporter_or_null(reporter)
    secret = secret_for(cfg, key_file, notify=say.note)
    release = make_release(FileKey(key_file, say.note, secret), patient_field=patient_col,
                           pseudonymise=pseudonymise_cols, drop=drop_cols, keep_ids=keep_ids or id_col is None,
                           known_phi=known_phi, from_spans=spans, shift_dates=shift_date_cols,
                           note_date_field=note_date_col)
    release.replace = cfg.replace
    pipeline = release.prepare(_fitted(df, text_col, cfg, secret, model, store, say))
    sc = df.sparkSession.sparkContext
    # one payload: the pipeline and the release (its key read here, on the driver, if a pseudonym may be needed)
    payload = sc.broadcast(pickle.dumps((pipeline, release), protocol=pickle.HIGHEST_PROTOCOL))
    schema = _out_schema(df, release, id_col, out_col, spans_col)
    func = partial(_deid_pandas, payload, text_col, id_col, out_col, spans_col)
    return df.mapInPandas(func, schema)


def _fitted(df: Any, text_col: str, cfg: Any, secret: Any, model: Any, store: Any, say: Any) -> Any:
    """The pipeline, its fittable detectors fitted over the text column by Spark; the frequency detector's
    confidence list read from and written to ``store`` (a path; None keeps none)."""
    from ..pipeline import Pipeline
    from ..store import Store

    texts = df.select(text_col).where(df[text_col].isNotNull()).rdd.map(operator.itemgetter(0))
    counter = SparkEngine(df.sparkSession).with_texts(texts)
    kept = Store(store) if store else None
    if kept is not None:
        kept.key_confidence(secret)  # the confidence list's digests: this key, as in ``phisift deid``
    try:
        return Pipeline.fit((), cfg, secret, model, counter=counter, store=kept, reporter=say)
    finally:
        if kept is not None:
            kept.close()


def sift_dataframe(df: Any, text_col: str, id_col: str, config: Any = None, *,
                   output_col: str | None = None, partitions: int | None = None, filler: Any = None,
                   phi: Any = None) -> Any:
    """``df`` with a sifted copy of ``text_col`` in ``output_col`` (default ``<text_col>_sifted``).

    ``id_col`` names each note (unique, not null): a note's random draws are seeded
    by it. Rows with a null text get a null. ``config`` is a ``phisift.sift.SiftConfig``
    (default: the ``private`` preset; give ``mlm=`` a masked-LM folder readable by the
    driver). ``phi`` finds the PHI the config whitelists (default: the default
    pipeline's detection, as ``phisift sift`` uses).
    """
    from pyspark.sql import functions as F

    from ..sift import SiftConfig, sift_corpus

    columns = df.columns
    for name in (text_col, id_col):
        if name not in columns:
            raise UsageError(f"no column '{name}' in the DataFrame (columns: {', '.join(columns)})")
    out_col = output_col or f"{text_col}_sifted"
    if out_col in columns:
        raise UsageError(f"the DataFrame already has a column '{out_col}'; choose another output_col")
    from .executors import ensure_phisift_on_executors

    ensure_phisift_on_executors(df.sparkSession.sparkContext)
    rows = df.where(F.col(text_col).isNotNull()).select(F.col(id_col).cast("string"), text_col).collect()
    if any(r[0] is None for r in rows):
        raise UsageError(f"the id column '{id_col}' has nulls; every note needs an id")
    docs = [Document(r[0], r[1]) for r in rows]
    config = config or SiftConfig.preset_config()
    if config.whitelist_phi and phi is None:
        from ..pipeline import Pipeline

        phi = Pipeline.from_config({"replace": {"mode": "tag"}}).detect
    run = sift_corpus(docs, config, filler=filler, phi=phi, engine=SparkEngine(df.sparkSession, partitions=partitions))
    key = f"__phisift_sift_{id_col}"
    spark = df.sparkSession
    sifted = spark.createDataFrame([(d.id, d.text) for d in run.documents], f"`{key}` string, `{out_col}` string")
    joined = df.join(sifted, F.col(id_col).cast("string") == F.col(key), "left")
    return joined.select(*[df[c] for c in columns], F.col(out_col))
