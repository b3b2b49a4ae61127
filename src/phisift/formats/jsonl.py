"""JSON Lines: one ``{"id", "text", "spans", ...}`` object per line, the project's own format.

Read line by line in binary and decoded per line, so a corpus of any size streams
and an encoding or JSON error names its line. Fields other than id, text and spans
go to ``Document.meta`` in their order and are written back after those three.
A record whose fields come in another order, or that has no id field, keeps its
own: the writer gives it back with the same field names in the same order (a
spans field, when it had none, right after its text).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..document import Document
from ..errors import InputError
from ..fileio import atomic_write
from ._common import FIELD_ORDER, NULL_TEXT, WRITER_HINTS, UniqueIds, open_input, parse_spans, spans_to_json, unencodable

NAME = "jsonl"
SPANS_ONLY = "_spans_only"
#: The places of the id, text and spans fields in a ``FIELD_ORDER``: a writer puts its own field names there
#: (the names a reader was given come back when the writer is given them too).
_ID, _TEXT, _SPANS = "\x00id", "\x00text", "\x00spans"


def read(
    path: str | Path,
    *,
    text_field: str = "text",
    id_field: str | None = None,
    spans_field: str = "spans",
    require_text: bool = True,
) -> Iterator[Document]:
    """Documents of a JSONL file; a record without an id gets its line number as id.

    ``id_field`` names the id field (default ``id``); once named, every record must
    have it. Ids are unique within the file.

    ``require_text=False`` accepts span-only records (predictions): they come back
    with text ``""`` and ``meta["_spans_only"] = True``, and their offsets are only
    checked for order, not against a text.
    """
    path = Path(path)
    fh = open_input(path, "a .jsonl file")
    ids = UniqueIds(path)
    with fh:
        for lineno, raw in enumerate(fh, 1):
            if lineno == 1:
                raw = raw.removeprefix(b"\xef\xbb\xbf")
            if b"\x00" in raw:
                raise InputError("NUL byte: looks like a binary file, expected UTF-8 JSON lines", path, lineno)
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise InputError(f"invalid UTF-8 at byte {exc.start} of the line", path, lineno) from None
            if not line.strip():
                continue
            doc = _document(line, path, lineno, text_field, id_field, spans_field, require_text)
            ids.check(doc.id, lineno)
            yield doc


def _document(
    line: str, path: Path, lineno: int, text_field: str, id_field: str | None, spans_field: str, require_text: bool
) -> Document:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(f"bad JSON ({exc.msg} at column {exc.pos + 1})", path, lineno) from None
    except RecursionError:
        raise InputError("bad JSON (nested too deeply)", path, lineno) from None
    if not isinstance(record, dict):
        raise InputError("expected a JSON object per line", path, lineno)
    named, id_field = id_field is not None, id_field or "id"
    doc_id = record.get(id_field)
    if doc_id is None and named:
        raise InputError(f"no '{id_field}' field (the --id-field named)", path, lineno)
    if doc_id is None:
        doc_id = str(lineno)
    elif isinstance(doc_id, bool) or not isinstance(doc_id, (str, int)):
        raise InputError(f"'{id_field}' must be a string or an integer", path, lineno)
    doc_id = str(doc_id)
    if not doc_id:
        raise InputError(f"'{id_field}' is empty", path, lineno)
    meta: dict[str, Any] = {k: v for k, v in record.items() if k not in (id_field, text_field, spans_field)}
    order = [{id_field: _ID, text_field: _TEXT, spans_field: _SPANS}.get(k, k) for k in record]
    if order != [_ID, _TEXT] + ([_SPANS] if spans_field in record else []) + list(meta):
        meta[FIELD_ORDER] = tuple(order)
    text = record.get(text_field)
    if text is None and text_field in record:  # null text: the record passes through untouched
        return Document(doc_id, "", (), {**meta, NULL_TEXT: True})
    if text is None:
        if require_text:
            why = f"no '{text_field}' field (name the text field with --text-field)"
            raise InputError(why, path, lineno, doc_id)
        meta[SPANS_ONLY] = True
        spans = parse_spans(record.get(spans_field), text_length=None, path=path, line=lineno, document=doc_id)
        return Document(doc_id, "", spans, meta)
    if not isinstance(text, str):
        raise InputError(f"'{text_field}' must be a string", path, lineno, doc_id)
    spans = parse_spans(record.get(spans_field), text_length=len(text), path=path, line=lineno, document=doc_id)
    return Document(doc_id, text, spans, meta)


def write(
    docs: Iterable[Document],
    path: str | Path,
    *,
    text_field: str = "text",
    id_field: str = "id",
    spans_field: str = "spans",
    spans_only: bool = False,
) -> int:
    """Write one JSON object per document, atomically; ``spans_only`` leaves out text and meta."""
    count = 0
    with atomic_write(path) as fh:
        for doc in docs:
            if spans_only:
                record: dict[str, Any] = {id_field: doc.id, spans_field: spans_to_json(doc.spans)}
            else:
                record = _record(doc, text_field, id_field, spans_field)
            line = json.dumps(record, ensure_ascii=False, default=str) + "\n"
            try:
                fh.write(line)
            except UnicodeEncodeError:
                raise unencodable(doc.id) from None
            count += 1
    return count


def _record(doc: Document, text_field: str, id_field: str, spans_field: str) -> dict[str, Any]:
    """A document as the object it was read from: its fields in their order (``FIELD_ORDER``; the id, text
    and spans under the names this writer was given), else id, text and spans first, then the rest of its meta."""
    own = {_ID: (id_field, doc.id), _TEXT: (text_field, None if doc.meta.get(NULL_TEXT) else doc.text),
           _SPANS: (spans_field, spans_to_json(doc.spans))}
    order = doc.meta.get(FIELD_ORDER) or (_ID, _TEXT, _SPANS)
    record: dict[str, Any] = {}
    for key in order:
        if key in own:
            record.setdefault(*own[key])
            if key == _TEXT and _SPANS not in order:
                record.setdefault(*own[_SPANS])
        elif key in doc.meta and key not in (id_field, text_field, spans_field):
            record[key] = doc.meta[key]
    for place in (_TEXT, _SPANS):  # an order without them (a hand-made document)
        record.setdefault(*own[place])
    for key, value in doc.meta.items():
        if key not in record and key not in WRITER_HINTS and key != SPANS_ONLY:
            record[key] = value
    return record
