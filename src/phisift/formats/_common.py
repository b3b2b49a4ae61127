"""Pieces every corpus format shares: span checking, folder listing, safe file names.

Kept apart from the format modules so that each of those reads as the one format
it handles, and so that every format rejects bad spans with the same message.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, BinaryIO

from ..document import Span
from ..errors import InputError, UsageError
from ..fileio import read_text

BOM = "\ufeff"
_BOM_BYTES = BOM.encode("utf-8")

#: Meta flag: the record's text was null (JSON null, a Parquet null). The document has text "" and passes
#: through with no spans; writers that can hold a null write it back as one, and never write the flag.
NULL_TEXT = "_null_text"

#: Meta: a JSONL record's field names in their order, kept only when the writer's own order (id, text,
#: spans, then the rest) would not give them back: an input without an id field, or with its fields in
#: another order. The JSONL writer follows it; no writer writes it as a field.
FIELD_ORDER = "_field_order"

#: Meta keys that tell a writer how to write a document, never written as fields or columns themselves.
WRITER_HINTS = (NULL_TEXT, FIELD_ORDER)

#: Meta keys the standoff formats use to write a document back as they read it.
BRAT_META = "_brat"
I2B2_META = "_i2b2"


def read_note(path: Path) -> str:
    """A note's text exactly as stored, a leading byte-order mark included.

    Standoff offsets count the BOM when a note has one (22 MEDDOCAN notes do, and
    brat itself keeps it), so dropping it, as ``fileio.read_text`` does, would move
    every annotation of those notes by one character.
    """
    text = read_text(path)
    with open(path, "rb") as fh:
        if fh.read(3) == _BOM_BYTES:
            text = BOM + text
    return text


def open_input(path: Path, expected: str) -> BinaryIO:
    """The input file opened for bytes, or the one-line error a user can act on.

    Every reader opens its file this way so a missing path, a folder where a file was
    expected and a permission problem read the same in every format.
    """
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except IsADirectoryError:
        raise InputError(f"is a folder, expected {expected}", path) from None
    except PermissionError:
        raise InputError("permission denied", path) from None


def unencodable(doc_id: str) -> InputError:
    """The error for a text Python holds but UTF-8 cannot store (lone surrogates)."""
    return InputError("text holds characters that UTF-8 cannot encode (lone surrogates)", document=doc_id)


class UniqueIds:
    """The document ids of one input file so far: a second document with an id already used is an error.

    Two documents with one id would share one output file, one resume record and one
    line of a spans file, so the second would silently replace or shadow the first.
    """

    def __init__(self, path: str | Path):
        self.path = path
        self._first: dict[str, int] = {}

    def check(self, doc_id: str, line: int) -> None:
        first = self._first.setdefault(doc_id, line)
        if first != line:
            raise InputError(f"duplicate document id (first used on line {first})", self.path, line, doc_id)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_spans(
    raw: Any,
    *,
    text_length: int | None,
    path: str | Path,
    line: int | None = None,
    document: str | None = None,
) -> tuple[Span, ...]:
    """Spans from their JSON form ``[{"start","end","label"}, ...]``, checked.

    ``text_length`` None means the text is unknown (a predictions file holding only
    spans), so only the offsets' order can be checked.
    """
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise InputError("'spans' must be a list", path, line, document)
    spans = []
    for i, item in enumerate(raw):
        where = f"span {i}"
        if not isinstance(item, dict):
            raise InputError(f"{where} must be an object with start, end and label", path, line, document)
        start, end, label = item.get("start"), item.get("end"), item.get("label")
        if not is_int(start) or not is_int(end):
            raise InputError(f"{where}: start and end must be integers", path, line, document)
        if start < 0 or end < start:
            raise InputError(f"{where}: bad offsets {start}..{end} (need 0 <= start <= end)", path, line, document)
        if text_length is not None and end > text_length:
            raise InputError(
                f"{where}: offsets {start}..{end} run past the text (length {text_length})", path, line, document
            )
        if not isinstance(label, str) or not label:
            raise InputError(f"{where}: 'label' must be a non-empty string", path, line, document)
        source = item.get("source", "")
        score = item.get("score", 1.0)
        if not isinstance(source, str):
            raise InputError(f"{where}: 'source' must be a string", path, line, document)
        if isinstance(score, bool) or not isinstance(score, (int, float)):
            raise InputError(f"{where}: 'score' must be a number", path, line, document)
        spans.append(Span(start, end, label, source, float(score)))
    return tuple(sorted(spans))


def spans_to_json(spans: tuple[Span, ...] | list[Span]) -> list[dict[str, Any]]:
    """The JSON form of spans; source and score only when they carry something."""
    out = []
    for s in spans:
        item: dict[str, Any] = {"start": s.start, "end": s.end, "label": s.label}
        if s.source:
            item["source"] = s.source
        if s.score != 1.0:
            item["score"] = s.score
        out.append(item)
    return out


def list_files(root: Path, suffix: str) -> list[tuple[str, Path]]:
    """``(id, path)`` of every ``*suffix`` file under ``root``, in sorted id order.

    The id is the path relative to ``root`` without the suffix, with ``/`` between
    folders, so nested corpora keep distinct ids. Hidden files and folders are
    skipped: they include the temporary files of an interrupted atomic write.
    """
    found = []
    for p in root.rglob(f"*{suffix}"):
        rel = p.relative_to(root)
        if any(part.startswith(".") for part in rel.parts) or not p.is_file():
            continue
        found.append((rel.with_suffix("").as_posix(), p))
    found.sort(key=lambda item: item[0])
    return found


def output_file(root: Path, doc_id: str, suffix: str) -> Path:
    """Where a document's file goes inside an output folder; refuses ids that escape it."""
    parts = doc_id.split("/")
    bad = "\x00" in doc_id or "\\" in doc_id or any(not p or p.startswith(".") for p in parts)
    if bad:
        raise InputError("document id cannot be used as a file name in an output folder", document=doc_id)
    return root.joinpath(*parts).with_name(parts[-1] + suffix)


class SeenIds:
    """Refuses a second document with the same id in a folder output (it would overwrite the first)."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def add(self, doc_id: str) -> None:
        if doc_id in self._seen:
            raise InputError("duplicate document id: each document of a folder output needs its own", document=doc_id)
        self._seen.add(doc_id)


def json_meta(meta: dict[str, Any], key: str) -> Any:
    """A bookkeeping meta value; CSV turns it into a JSON string, so accept that too."""
    value = meta.get(key)
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            return None
    return value


def stored_span_ids(meta: dict[str, Any]) -> dict[tuple[int, int, str], list[str]]:
    """Original annotation ids by ``(start, end, label)``, from a BRAT or i2b2 reading.

    Lets a conversion between the two standoff formats keep the ids the annotators'
    tools gave (MEDDOCAN's XML carries the BRAT ``T`` ids).
    """
    ids: dict[tuple[int, int, str], list[str]] = {}
    brat = json_meta(meta, BRAT_META)
    if isinstance(brat, dict):
        for entry in brat.get("lines", []):
            if isinstance(entry, list) and len(entry) >= 3 and len(entry[2]) == 1:
                (start, end), = entry[2]
                ids.setdefault((start, end, entry[1]), []).append(entry[0])
        return ids
    i2b2 = json_meta(meta, I2B2_META)
    if isinstance(i2b2, dict):
        for tag in i2b2.get("tags", []):
            if isinstance(tag, list) and len(tag) >= 5 and tag[1] is not None:
                ids.setdefault((tag[2], tag[3], tag[4]), []).append(tag[1])
    return ids


class SpanPool:
    """A multiset of a document's spans to hand out by ``(start, end, label)``."""

    def __init__(self, spans: tuple[Span, ...]) -> None:
        self._spans = list(spans)
        self._by_key: dict[tuple[int, int, str], list[int]] = {}
        for i, s in enumerate(self._spans):
            self._by_key.setdefault((s.start, s.end, s.label), []).append(i)

    def has(self, keys: list[tuple[int, int, str]]) -> bool:
        need: dict[tuple[int, int, str], int] = {}
        for k in keys:
            need[k] = need.get(k, 0) + 1
        return all(len(self._by_key.get(k, ())) >= n for k, n in need.items())

    def take(self, key: tuple[int, int, str]) -> Span:
        return self._spans[self._by_key[key].pop(0)]

    def rest(self) -> list[Span]:
        """Spans not taken, in their document order."""
        left = sorted(i for idx in self._by_key.values() for i in idx)
        return [self._spans[i] for i in left]


_XML_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*\Z")


def is_xml_name(name: str) -> bool:
    return bool(_XML_NAME.match(name))


def check_options(fmt: str, given: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(given) - allowed)
    if unknown:
        choices = ", ".join(sorted(allowed)) or "none"
        raise UsageError(f"option {', '.join(unknown)} does not apply to format {fmt} (its options: {choices})")
