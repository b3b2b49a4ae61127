"""Rows of a table (CSV, Parquet) to documents and back.

A named text column, an optional id column (else the row number) and an optional
spans column holding the spans as JSON; every other column goes to meta and back.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..document import Document
from ..errors import InputError
from ._common import NULL_TEXT, WRITER_HINTS, parse_spans, spans_to_json


def require_column(columns: list[str], field: str, what: str, path: Path) -> None:
    if field not in columns:
        shown = ", ".join(repr(c) for c in columns[:50]) + (" ..." if len(columns) > 50 else "")
        raise InputError(f"no {what} column '{field}'; columns are: {shown or 'none'}", path)


def check_columns(columns: list[str], text_field: str, id_field: str | None, path: Path) -> None:
    """The columns a reader was told to use exist: the text column, and the id column when one was named."""
    require_column(columns, text_field, "text", path)
    if id_field is not None:
        require_column(columns, id_field, "id", path)


def row_document(
    row: dict[str, Any], rownum: int, *, text_field: str, id_field: str | None, spans_field: str, path: Path,
    line: int | None
) -> Document:
    """A row as a document; its id from the id column (default ``id``), else its row number."""
    id_field = id_field or "id"
    raw_id = row.get(id_field)
    doc_id = str(rownum) if raw_id is None or raw_id == "" else str(raw_id)
    text = row.get(text_field)
    if text is None:  # a null cell: the row passes through untouched
        meta = {k: v for k, v in row.items() if k not in (id_field, text_field, spans_field)}
        return Document(doc_id, "", (), {**meta, NULL_TEXT: True})
    if not isinstance(text, str):
        raise InputError(f"'{text_field}' must hold text", path, line, doc_id)
    raw_spans = row.get(spans_field)
    if isinstance(raw_spans, str):
        if raw_spans.strip():
            try:
                raw_spans = json.loads(raw_spans)
            except json.JSONDecodeError as exc:
                raise InputError(f"'{spans_field}' is not valid JSON ({exc.msg})", path, line, doc_id) from None
        else:
            raw_spans = None
    spans = parse_spans(raw_spans, text_length=len(text), path=path, line=line, document=doc_id)
    meta = {k: v for k, v in row.items() if k not in (id_field, text_field, spans_field)}
    return Document(doc_id, text, spans, meta)


def ordered_row(row: dict[str, Any], columns: list[str] | None, id_field: str) -> dict[str, Any]:
    """A row in the input table's column order (``columns``); keys it lacked follow; an id it did not
    have (documents numbered by row) is left out. Without ``columns``, the row as it is."""
    if columns is None:
        return row
    out = {c: row[c] for c in columns if c in row}
    out.update((k, v) for k, v in row.items() if k not in out and (k != id_field or k in columns))
    return out


def document_row(doc: Document, *, text_field: str, id_field: str, spans_field: str, spans: bool) -> dict[str, Any]:
    """A document as a row: id, text (null when it was read as null), spans when asked, then its meta."""
    row: dict[str, Any] = {id_field: doc.id, text_field: None if doc.meta.get(NULL_TEXT) else doc.text}
    if spans:
        row[spans_field] = json.dumps(spans_to_json(doc.spans), ensure_ascii=False)
    for key, value in doc.meta.items():
        if key not in (id_field, text_field, spans_field) and key not in WRITER_HINTS:
            row[key] = value
    return row
