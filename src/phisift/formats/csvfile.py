"""CSV (and TSV): one document per row, with a named text column.

Read with the standard ``csv`` module, streamed row by row, fields of any size
(notes can exceed the module's 128 kB default). The header names the columns; the
id column is optional (the row number is used), a ``spans`` column holds the spans
as JSON, and every other column goes to meta as a string and is written back.
Writing puts id, text and (when any document has spans) spans first, then the meta
columns in order of first appearance; values that are not strings are written as
JSON, ``None`` as an empty field.
"""

from __future__ import annotations

import csv
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..document import Document
from ..errors import InputError
from ..fileio import atomic_write
from ._common import UniqueIds, open_input, unencodable
from ._table import document_row, ordered_row, require_column, row_document

NAME = "csv"


def _allow_huge_fields() -> None:
    """Lift the csv module's field size limit (process-wide, and only ever raised)."""
    limit = sys.maxsize
    while True:
        try:
            if csv.field_size_limit() < limit:
                csv.field_size_limit(limit)
            return
        except OverflowError:
            limit //= 2


def _delimiter(path: Path, delimiter: str | None) -> str:
    return delimiter or ("\t" if path.suffix.lower() == ".tsv" else ",")


def read(
    path: str | Path,
    *,
    text_field: str = "text",
    id_field: str | None = None,
    spans_field: str = "spans",
    delimiter: str | None = None,
) -> Iterator[Document]:
    path = Path(path)
    _allow_huge_fields()
    fh = open_input(path, "a CSV file")
    with fh:
        # strict: a quote never closed is an error, not a cell swallowing every row after it
        reader = csv.reader(_decoded_lines(fh, path), delimiter=_delimiter(path, delimiter), strict=True)
        line = 1
        try:
            header = next(reader, None)
            if header is None:
                return
            if text_field not in header:
                # The first line may be a row of data (a file without a header row): its cells
                # are note text and identifiers, so the message names the file, line and column only.
                raise InputError(
                    f"no text column '{text_field}' in the header row ({len(header)} fields; their values are "
                    "not shown, in case the file has no header row and this line is a note); name the text column "
                    "with --text-field", path, 1)
            if len(set(header)) != len(header):
                raise InputError("the header names a column twice", path, 1)
            if id_field is not None:
                require_column(header, id_field, "id", path)
            ids = UniqueIds(path)
            rownum = 0
            line = reader.line_num + 1
            for row in reader:
                if not row:
                    line = reader.line_num + 1
                    continue
                if len(row) != len(header):
                    raise InputError(f"row has {len(row)} fields, the header has {len(header)}", path, line)
                rownum += 1
                doc = row_document(dict(zip(header, row)), rownum, text_field=text_field, id_field=id_field,
                                   spans_field=spans_field, path=path, line=line)
                ids.check(doc.id, line)
                yield doc
                line = reader.line_num + 1
        except csv.Error as exc:
            if "unexpected end of data" in str(exc):
                raise InputError("malformed CSV (a quoted field opened in the row starting here is never closed)",
                                 path, line) from None
            raise InputError(f"malformed CSV ({exc})", path, reader.line_num or line) from None


def columns(path: str | Path, *, delimiter: str | None = None, **_: Any) -> list[str]:
    """The header row's column names (an output keeps them, in their order)."""
    path = Path(path)
    _allow_huge_fields()
    with open(path, "rb") as fh:
        return next(csv.reader(_decoded_lines(fh, path), delimiter=_delimiter(path, delimiter)), [])


def _decoded_lines(fh: Any, path: Path) -> Iterator[str]:
    """Lines decoded one by one, so an encoding error names its line (line ends kept, as csv wants)."""
    for lineno, raw in enumerate(fh, 1):
        if lineno == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        if b"\x00" in raw:
            raise InputError("NUL byte: looks like a binary file, expected CSV text", path, lineno)
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"invalid UTF-8 at byte {exc.start} of the line", path, lineno) from None


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)


def write(
    docs: Iterable[Document],
    path: str | Path,
    *,
    text_field: str = "text",
    id_field: str = "id",
    spans_field: str = "spans",
    delimiter: str | None = None,
    columns: list[str] | None = None,
) -> int:
    """Write one row per document, atomically.

    ``columns``: the input table's columns, written in their order and under their
    names (a spans column only if it is one of them); without it, id, text and
    (when any document has spans) spans come first. Rows go to an unnamed spool file
    first because the header must list every column, and a later document may bring
    a column (or spans) the first lacked.
    """
    path = Path(path)
    delim = _delimiter(path, delimiter)
    path.parent.mkdir(parents=True, exist_ok=True)
    fields: list[str] = list(columns) if columns is not None else [id_field, text_field]
    has_spans = columns is not None and spans_field in columns
    rows_before_spans = 0
    grown = False
    count = 0
    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="", dir=path.parent) as spool:
        writer = csv.writer(spool, delimiter=delim)
        for doc in docs:
            if doc.spans and not has_spans and columns is None:
                has_spans = True
                fields.insert(2, spans_field)
                rows_before_spans = count
                grown = grown or count > 0
            row = document_row(doc, text_field=text_field, id_field=id_field, spans_field=spans_field, spans=has_spans)
            row = ordered_row(row, columns, id_field)
            for key in row:
                if key not in fields:
                    fields.append(key)
                    grown = grown or count > 0
            try:
                writer.writerow([_cell(row.get(f)) for f in fields])
            except UnicodeEncodeError:
                raise unencodable(doc.id) from None
            count += 1
        spool.seek(0)
        with atomic_write(path) as out:
            csv.writer(out, delimiter=delim).writerow(fields)
            if grown:
                _copy_padded(spool, out, len(fields), delim, rows_before_spans)
            else:
                shutil.copyfileobj(spool, out)
    return count


def _copy_padded(spool: Any, out: Any, width: int, delim: str, rows_before_spans: int) -> None:
    """Copy spooled rows written under an earlier, shorter header into the final columns.

    Every spooled row holds a prefix of the final columns, except that the first
    ``rows_before_spans`` rows were written before the spans column (index 2) existed.
    """
    writer = csv.writer(out, delimiter=delim)
    for i, row in enumerate(csv.reader(spool, delimiter=delim)):
        if i < rows_before_spans:
            row = row[:2] + ["[]"] + row[2:]
        writer.writerow(row + [""] * (width - len(row)))
