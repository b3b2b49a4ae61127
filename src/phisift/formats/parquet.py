"""Parquet: one document per row, with a named text column; needs pyarrow (``phisift[table]``).

Read in record batches, so a large file streams. The spans column may hold JSON
text or a list of ``{start, end, label}`` structs; other columns go to meta with
their Python values and are written back with their types. Written spans are JSON
text; the ``_brat`` / ``_i2b2`` bookkeeping fields are written as JSON text too,
because their mixed lists have no Arrow type. Writing infers the schema from the
first batch of documents; a later document with a new field, or a value of another
type, is an error (JSONL has no such limit). Errors name the row number.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..document import Document
from ..errors import InputError, UsageError
from ..fileio import atomic_write
from ._common import BRAT_META, I2B2_META, UniqueIds
from ._table import check_columns, document_row, ordered_row, row_document

NAME = "parquet"
_JSON_FIELDS = (BRAT_META, I2B2_META)


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise UsageError("Parquet needs pyarrow: install phisift[table]") from None
    return pa, pq


def read(
    path: str | Path,
    *,
    text_field: str = "text",
    id_field: str | None = None,
    spans_field: str = "spans",
    batch_size: int = 1024,
) -> Iterator[Document]:
    pa, pq = _pyarrow()
    path = Path(path)
    if not path.exists():
        raise InputError("no such file", path)
    if path.is_dir():
        raise InputError("is a folder, expected a .parquet file", path)
    pf = _open(path)
    columns = pf.schema_arrow.names
    check_columns(columns, text_field, id_field, path)
    ids = UniqueIds(path)
    rownum = 0
    try:
        for batch in pf.iter_batches(batch_size=batch_size):
            for row in batch.to_pylist():
                rownum += 1
                doc = row_document(row, rownum, text_field=text_field, id_field=id_field, spans_field=spans_field,
                                   path=path, line=rownum)
                ids.check(doc.id, rownum)
                yield doc
    except pa.ArrowException as exc:
        raise InputError(f"cannot read Parquet data after row {rownum} ({type(exc).__name__})", path) from None


def columns(path: str | Path, **_: Any) -> list[str]:
    """The file's column names (an output keeps them, in their order)."""
    return list(_open(Path(path)).schema_arrow.names)


def _open(path: Path) -> Any:
    """The file's reader, or one line naming the file (a corrupt footer raises a bare OSError in pyarrow)."""
    pa, pq = _pyarrow()
    try:
        return pq.ParquetFile(path)
    except (pa.ArrowException, OSError) as exc:
        raise InputError(f"not a readable Parquet file ({type(exc).__name__})", path) from None


def write(
    docs: Iterable[Document],
    path: str | Path,
    *,
    text_field: str = "text",
    id_field: str = "id",
    spans_field: str = "spans",
    batch_size: int = 10_000,
    columns: list[str] | None = None,
) -> int:
    """Write one row per document, atomically, in row groups of ``batch_size``.

    ``columns``: the input table's columns, kept in their order and under their names
    (spans only if the input had a spans column); without it id, text, spans come first.
    """
    pa, pq = _pyarrow()
    path = Path(path)
    count = 0
    with atomic_write(path, "wb") as fh:
        state: dict[str, Any] = {"writer": None, "schema": None}
        rows: list[dict[str, Any]] = []
        ids: list[str] = []
        for doc in docs:
            spans = columns is None or spans_field in columns
            row = document_row(doc, text_field=text_field, id_field=id_field, spans_field=spans_field, spans=spans)
            row = ordered_row(row, columns, id_field)
            for key in _JSON_FIELDS:
                if key in row and not isinstance(row[key], str):
                    row[key] = json.dumps(row[key], ensure_ascii=False)
            rows.append(row)
            ids.append(doc.id)
            count += 1
            if len(rows) >= batch_size:
                _flush(pa, pq, fh, state, rows, ids)
                rows, ids = [], []
        if rows or state["writer"] is None:
            if not rows:
                names = columns if columns is not None else (id_field, text_field, spans_field)
                state["schema"] = pa.schema([(name, pa.string()) for name in names])
            _flush(pa, pq, fh, state, rows, ids)
        state["writer"].close()
    return count


def _flush(pa: Any, pq: Any, fh: Any, state: dict[str, Any], rows: list[dict[str, Any]], ids: list[str]) -> None:
    schema = state["schema"]
    try:
        if schema is None:
            table = pa.Table.from_pylist(rows)
            # A column that is empty in the first batch would be typed null; text is the likeliest type.
            schema = pa.schema([f.with_type(pa.string()) if pa.types.is_null(f.type) else f for f in table.schema])
            table = table.cast(schema)
            state["schema"] = schema
        else:
            for row, doc_id in zip(rows, ids):
                extra = [k for k in row if k not in schema.names]
                if extra:
                    raise InputError(
                        f"field '{extra[0]}' is missing from the first documents; Parquet output needs one schema",
                        document=doc_id,
                    )
            table = pa.Table.from_pylist(rows, schema=schema)
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
        # Arrow's message quotes the offending value, which may be PHI: leave it out.
        first = ids[0] if ids else None
        raise InputError("documents do not fit one Parquet schema (a field changes type)", document=first) from None
    except UnicodeEncodeError:
        raise InputError("text holds characters that UTF-8 cannot encode (lone surrogates)") from None
    if state["writer"] is None:
        state["writer"] = pq.ParquetWriter(fh, schema)
    state["writer"].write_table(table)
