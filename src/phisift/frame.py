"""De-identify a pandas DataFrame column in place of a file: ``phisift.deidentify_frame``.

For analysts whose notes are already a DataFrame (read from a warehouse, a CSV, a
notebook): the same pipeline, key, per-patient surrogates and release rules as
``phisift deid``, so a note gives the same text here as on the command line with the
same key, patient and configuration, and the other columns are written as ``deid``
writes a CSV's: the patient column and ``pseudonymise_fields`` as keyed pseudonyms,
``drop_fields`` left out, ``shift_date_fields`` moved by the patient's date offset, an
id column that holds PHI of its note as a keyed pseudonym (``keep_ids`` keeps it).
The frame that comes back is a new one with the same index and the columns in the
same order (less the dropped ones).

    >>> from phisift import deidentify_frame
    >>> out = deidentify_frame(df, text_field="note_text", patient_field="person_id",
    ...                        mode="surrogate", key_file="~/keys/phisift.key")

``release_rows`` is the per-batch work shared with the Spark helper
(``phisift.engine.dataframes``), which runs it on each partition's pandas batches.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from .document import Document, Span
from .errors import UsageError


@dataclass
class Rows:
    """What ``release_rows`` gives for a batch of rows, in row order: the new texts (None where the text
    was missing), the spans found (None there too), and the columns the release rewrote, by name."""

    texts: list[str | None]
    spans: list[list[Span] | None]
    columns: dict[str, list[Any]]


def check_columns(columns: list[Any], *names: str | None) -> None:
    """Every column an option names is in the DataFrame (None: not named)."""
    for name in names:
        if name is not None and name not in columns:
            raise UsageError(f"no column '{name}' in the DataFrame (columns: {', '.join(map(str, columns))})")


def missing(value: Any) -> bool:
    """None, NaN, NaT or pandas' NA: no value."""
    if value is None:
        return True
    try:
        import pandas as pd

        return bool(pd.isna(value)) if not isinstance(value, (list, tuple, dict)) else False
    except (ImportError, TypeError, ValueError):
        return isinstance(value, float) and value != value


def release_rows(pdf: Any, pipeline: Any, release: Any, text_field: str, ids: list[Any],
                 id_field: str | None = None) -> Rows:
    """De-identify one pandas batch as ``phisift deid`` does a table's rows: each row a document whose
    fields are the other columns, its patient and given spans from ``release`` (``runs.release``), its
    fields and id written by the release's policy. ``ids``: each row's document id."""
    from .pseudonyms import id_value

    names = [c for c in pdf.columns if c != text_field and c != id_field]
    records = pdf[names].to_dict("records") if names else [{} for _ in range(len(pdf))]
    policy = release.fields
    rewritten = [c for c in names if c in (policy.patient_field, *policy.pseudonymise, *policy.shift_dates)]
    out = Rows([], [], {c: [] for c in rewritten + ([id_field] if id_field and not policy.keep_ids else [])})
    texts = pdf[text_field].tolist()
    originals = pdf[id_field].tolist() if id_field else ids
    for number, (text, doc_id, record, original) in enumerate(zip(texts, ids, records, originals), 1):
        meta = {k: None if missing(v) else v for k, v in record.items()}
        absent = missing(text)
        if not absent and not isinstance(text, str):
            raise UsageError(f"row {doc_id}: column '{text_field}' must hold text (found {type(text).__name__})")
        doc = Document(str(doc_id), "" if absent else text, (), meta)
        (doc, patient), = release.items([doc], number - 1)
        new, spans = pipeline.deidentify(doc, patient)
        written = release.written(doc, patient, new, spans)
        out.texts.append(None if absent else written.text)
        out.spans.append(None if absent else spans)
        for c in rewritten:
            out.columns[c].append(written.meta.get(c))
        if id_field in out.columns:
            out.columns[id_field].append(original if written.id == doc.id else id_value(written.id, original))
    return out


def deidentify_frame(
    df: Any,
    text_field: str = "text",
    patient_field: str | None = None,
    mode: str | None = None,
    config: str | Path | Mapping[str, Mapping[str, Any]] | None = None,
    key_file: str | Path | None = None,
    *,
    id_field: str | None = None,
    detectors: Iterable[str] | None = None,
    model: str | Path | None = None,
    pseudonymise_fields: Iterable[str] = (),
    drop_fields: Iterable[str] = (),
    shift_date_fields: Iterable[str] = (),
    keep_ids: bool = False,
    known_phi: str | Path | None = None,
    spans: str | Path | Mapping[Any, Iterable[Span]] | None = None,
    note_date_field: str | None = None,
) -> Any:
    """A copy of ``df`` de-identified as ``phisift deid`` de-identifies a table (options of the same names).

    * ``patient_field``: the column naming the patient, so that all notes of a patient
      get the same surrogates and date shift; written as a keyed pseudonym. Without it
      each row is its own patient, known by ``id_field`` or else by its index label.
    * ``mode``: tag, mask, redact or surrogate (default: the configuration's,
      surrogate). Surrogates and pseudonyms need a secret key: ``key_file``, created on
      first use, default the same file as the command line's (read only when needed).
    * ``config``: a pipeline TOML file, or a dict of sections to override
      (``{"detect": {"detectors": ["rules", "lexicon"]}}``); ``detectors`` is a
      shortcut for the latter. With the frequency detector, it is fitted on the
      column's texts first.
    * ``pseudonymise_fields``, ``drop_fields``, ``shift_date_fields``, ``keep_ids``,
      ``known_phi`` (a JSONL file), ``note_date_field``: as ``--pseudonymise-field``,
      ``--drop-field``, ``--shift-date-field``, ``--keep-ids``, ``--known-phi`` and
      ``--note-date-field``. The id rule applies to ``id_field``; the index is kept.
    * ``spans``: replace these spans instead of detecting (``--from-spans``): a spans
      JSONL file, or a mapping of document id (``id_field`` value, else index label)
      -> spans, with offsets into that row's text.

    Missing texts (None, NaN) stay as they are; other values must be strings.
    """
    from .runs.release import FileKey, make_release

    check_columns(list(df.columns), text_field, patient_field, id_field, note_date_field, *pseudonymise_fields,
                  *drop_fields, *shift_date_fields)
    if text_field in drop_fields:
        raise UsageError(f"the text column '{text_field}' cannot be dropped")
    release = make_release(FileKey(key_file), patient_field=patient_field, pseudonymise=pseudonymise_fields,
                           drop=drop_fields, keep_ids=keep_ids or id_field is None,  # the index is kept
                           known_phi=known_phi, from_spans=spans, shift_dates=shift_date_fields,
                           note_date_field=note_date_field)
    ids = df[id_field].tolist() if id_field else list(df.index)
    present = [Document(str(i), t) for i, t in zip(ids, df[text_field].tolist()) if isinstance(t, str)]
    pipeline = _pipeline(mode, config, key_file, detectors, model, present, release)
    rows = release_rows(df, pipeline, release, text_field, ids, id_field)
    out = df.copy()
    out[text_field] = [orig if new is None else new for orig, new in zip(df[text_field].tolist(), rows.texts)]
    for name, values in rows.columns.items():
        out[name] = values
    return out.drop(columns=list(release.fields.drop))


def _pipeline(mode: str | None, config: Any, key_file: Any, detectors: Iterable[str] | None, model: Any,
              docs: list[Document], release: Any) -> Any:
    """The pipeline as ``phisift deid`` builds it, its fittable detectors (frequency) fitted on ``docs``."""
    from .pipeline import Pipeline, config_from, secret_for

    cfg = config_from(config, mode=mode, detectors=detectors, model=model)
    release.replace = cfg.replace
    return release.prepare(Pipeline.fit(docs, cfg, secret_for(cfg, key_file), model))
