"""De-identify a pandas DataFrame column in place of a file: ``phisift.deidentify_frame``.

For analysts whose notes are already a DataFrame (read from a warehouse, a CSV, a
notebook): the same pipeline, key and per-patient surrogates as ``phisift deid``,
so a note gives the same text here as on the command line with the same key,
patient and configuration. The frame that comes back is a new one with the same
columns in the same order and the same index; only the text column differs.

    >>> from phisift import deidentify_frame
    >>> out = deidentify_frame(df, text_field="note_text", patient_field="person_id",
    ...                        mode="surrogate", key_file="~/keys/phisift.key")
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping

from .document import Document
from .errors import UsageError


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
) -> Any:
    """A copy of ``df`` whose ``text_field`` column is de-identified.

    * ``patient_field``: the column naming the patient, so that all notes of a patient
      get the same surrogates and date shift; else each row is its own patient, known
      by ``id_field`` or else by its index label (as ``phisift deid`` uses a row's id).
    * ``mode``: tag, mask, redact or surrogate (default: the configuration's,
      surrogate). Surrogates need a secret key: ``key_file``, created on first use,
      default the same file as the command line's.
    * ``config``: a pipeline TOML file, or a dict of sections to override
      (``{"detect": {"detectors": ["rules", "lexicon"]}}``); ``detectors`` is a
      shortcut for the latter. With the frequency detector, it is fitted on the
      column's texts first.

    Missing texts (None, NaN) stay as they are; other values must be strings.
    """
    columns = list(df.columns)
    for name in (text_field, patient_field, id_field):
        if name is not None and name not in columns:
            raise UsageError(f"no column '{name}' in the DataFrame (columns: {', '.join(map(str, columns))})")
    docs = _documents(df, text_field, id_field)
    pipeline = _pipeline(mode, config, key_file, detectors, model, [d for d in docs if d is not None])
    patients = df[patient_field].tolist() if patient_field else [None] * len(df)
    texts = []
    for doc, patient in zip(docs, patients):
        if doc is None:
            texts.append(None)
            continue
        if patient_field and _missing(patient):
            raise UsageError(f"row {doc.id}: no value in the patient field '{patient_field}'")
        new_doc, _ = pipeline.deidentify(doc, str(patient) if patient_field else doc.id)
        texts.append(new_doc.text)
    out = df.copy()
    original = df[text_field]
    out[text_field] = [orig if new is None else new for orig, new in zip(original.tolist(), texts)]
    return out


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and value != value) or value == ""


def _documents(df: Any, text_field: str, id_field: str | None) -> list[Document | None]:
    ids = df[id_field].tolist() if id_field else list(df.index)
    docs: list[Document | None] = []
    for row_id, text in zip(ids, df[text_field].tolist()):
        if _missing(text) and text != "":
            docs.append(None)
        elif not isinstance(text, str):
            raise UsageError(f"row {row_id}: column '{text_field}' must hold text (found {type(text).__name__})")
        else:
            docs.append(Document(str(row_id), text))
    return docs


def _pipeline(mode: str | None, config: Any, key_file: Any, detectors: Iterable[str] | None, model: Any,
              docs: list[Document]) -> Any:
    """The pipeline as ``phisift deid`` builds it, its fittable detectors (frequency) fitted on ``docs``."""
    from .pipeline import Pipeline, config_from, secret_for

    cfg = config_from(config, mode=mode, detectors=detectors, model=model)
    return Pipeline.fit(docs, cfg, secret_for(cfg, key_file), model)
