"""BRAT standoff: ``<id>.txt`` holds the note, ``<id>.ann`` its annotations.

Only text-bound annotations (``T`` lines) become spans. Every other line (``A``,
``R``, ``E``, ``N``, ``#``...) and the ``T`` ids and line order are kept in
``meta["_brat"]`` so that writing a document that was read here reproduces its
``.ann`` line for line, as long as its spans are unchanged. Spans added later get
fresh ids after the old ones; lines about spans that are gone are dropped.

A ``T`` line whose text differs from the note at its offsets is an error: it means
the offsets are off (often a byte-order mark or ``\\r\\n`` counted differently), and
training or scoring on shifted offsets fails silently.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..document import Document, Span
from ..errors import InputError, UsageError
from ..fileio import atomic_write, read_text
from ._common import (
    BRAT_META,
    I2B2_META,
    SeenIds,
    SpanPool,
    json_meta,
    list_files,
    output_file,
    read_note,
    stored_span_ids,
    unencodable,
)
from .textdir import write_note

NAME = "brat"
DISCONTINUOUS = ("error", "split", "join")

_T_LINE = re.compile(r"(T[^\t]*)\t(\S+) ([0-9]+ [0-9]+(?:;[0-9]+ [0-9]+)*)(?:\t(.*))?\Z", re.S)
_REFERENCES = re.compile(r"(?<![^\s:])(T[0-9]+)\b")


def read(
    path: str | Path, *, discontinuous: str = "error", check_text: bool = True, keep_layout: bool = True
) -> Iterator[Document]:
    """Documents of a BRAT folder, in sorted id order; a ``.txt`` without ``.ann`` has no spans.

    ``discontinuous``: a ``T`` line with several fragments (``0 5;9 12``) is an
    error (``"error"``), one span per fragment (``"split"``) or one span from the
    first start to the last end (``"join"``).
    """
    if discontinuous not in DISCONTINUOUS:
        raise UsageError(f"discontinuous must be one of {', '.join(DISCONTINUOUS)}")
    path = Path(path)
    if not path.is_dir():
        raise InputError("expected a folder of .txt and .ann files", path)
    notes = list_files(path, ".txt")
    note_ids = {doc_id for doc_id, _ in notes}
    for doc_id, ann in list_files(path, ".ann"):
        if doc_id not in note_ids:
            raise InputError("annotation file has no matching .txt", ann)
    for doc_id, txt in notes:
        text = read_note(txt)
        ann = txt.with_suffix(".ann")
        if not ann.exists():
            yield Document(doc_id, text)
            continue
        spans, layout = parse_ann(read_text(ann), text, ann, doc_id, discontinuous, check_text)
        meta = {BRAT_META: layout} if keep_layout else {}
        yield Document(doc_id, text, tuple(sorted(spans)), meta)


def parse_ann(
    ann_text: str, text: str, ann: Path, doc_id: str, discontinuous: str = "error", check_text: bool = True
) -> tuple[list[Span], dict[str, Any]]:
    """Spans of one ``.ann`` and the layout that lets it be written back as it was."""
    lines = ann_text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    crlf = bool(lines) and all(line.endswith("\r") for line in lines)
    lines = [line.removesuffix("\r") for line in lines]
    spans: list[Span] = []
    entries: list[Any] = []
    for lineno, line in enumerate(lines, 1):
        if not line.startswith("T"):
            entries.append(line)
            continue
        m = _T_LINE.match(line)
        if not m:
            raise InputError("malformed T line (expected 'T<n><TAB>LABEL START END<TAB>text')", ann, lineno, doc_id)
        tid, label, offsets, quoted = m.groups()
        frags = [[int(a), int(b)] for a, b in (f.split(" ") for f in offsets.split(";"))]
        for start, end in frags:
            if end < start:
                raise InputError(f"{tid}: end {end} before start {start}", ann, lineno, doc_id)
            if end > len(text):
                raise InputError(
                    f"{tid}: offsets {start}..{end} run past the text (length {len(text)})", ann, lineno, doc_id
                )
        if check_text and quoted is not None and _normalise(quoted) != _normalise(_span_text(text, frags)):
            raise InputError(f"{tid}: annotation text does not match the .txt at {offsets}", ann, lineno, doc_id)
        if len(frags) == 1:
            spans.append(Span(frags[0][0], frags[0][1], label))
            entries.append([tid, label, frags])
        elif discontinuous == "error":
            raise InputError(
                f"{tid}: discontinuous span ({offsets}), which phisift does not read; give each fragment its own T line", ann, lineno, doc_id
            )
        elif discontinuous == "split":
            spans.extend(Span(a, b, label) for a, b in frags)
            entries.append([tid, label, frags, "split"])
        else:
            spans.append(Span(frags[0][0], max(b for _, b in frags), label))
            entries.append([tid, label, frags, "join"])
    layout: dict[str, Any] = {"lines": entries}
    if crlf:
        layout["newline"] = "\r\n"
    return spans, layout


def _span_text(text: str, frags: list[list[int]]) -> str:
    return " ".join(text[a:b] for a, b in frags)


def _normalise(s: str) -> str:
    """BRAT cannot hold a line break inside a T line; writers put a space for it."""
    return s.replace("\r", " ").replace("\n", " ")


def write(docs: Iterable[Document], path: str | Path) -> int:
    """Write ``<id>.txt`` and ``<id>.ann`` per document, each file atomically."""
    path = Path(path)
    seen = SeenIds()
    count = 0
    for doc in docs:
        seen.add(doc.id)
        ann = render_ann(doc)
        write_note(output_file(path, doc.id, ".txt"), doc)
        try:
            with atomic_write(output_file(path, doc.id, ".ann")) as fh:
                fh.write(ann)
        except UnicodeEncodeError:
            raise unencodable(doc.id) from None
        count += 1
    return count


def render_ann(doc: Document) -> str:
    """The ``.ann`` text of a document: its stored layout where the spans still match it."""
    for s in doc.spans:
        if not s.label or any(c.isspace() for c in s.label):
            raise InputError("a BRAT label cannot be empty or hold whitespace", document=doc.id)
    layout = json_meta(doc.meta, BRAT_META)
    pool = SpanPool(doc.spans)
    out: list[str] = []
    used: set[str] = set()
    if isinstance(layout, dict) and isinstance(layout.get("lines"), list):
        removed: set[str] = set()
        kept: list[Any] = []
        for entry in layout["lines"]:
            if isinstance(entry, str):
                kept.append(entry)
                continue
            tid, label, frags = entry[0], entry[1], entry[2]
            mode = entry[3] if len(entry) > 3 else ""
            if mode == "join":
                keys = [(frags[0][0], max(b for _, b in frags), label)]
            else:
                keys = [(a, b, label) for a, b in frags]
            if pool.has(keys):
                for key in keys:
                    pool.take(key)
                kept.append(_t_line(tid, label, frags, doc.text))
                used.add(tid)
            else:
                removed.add(tid)
        for line in kept:
            if removed and not line.startswith("T") and _refers_to(line, removed):
                continue
            out.append(line)
        newline = layout.get("newline", "\n")
    else:
        newline = "\n"
        if json_meta(doc.meta, I2B2_META) is not None:
            out.extend(_lines_from_ids(pool, stored_span_ids(doc.meta), doc.text, used))
    rest = pool.rest()
    number = max((int(t[1:]) for t in used if t[1:].isdigit()), default=0)
    for s in rest:
        number += 1
        while f"T{number}" in used:
            number += 1
        out.append(_t_line(f"T{number}", s.label, [[s.start, s.end]], doc.text))
    return "".join(line + newline for line in out)


def _lines_from_ids(pool: SpanPool, ids: dict[tuple[int, int, str], list[str]], text: str, used: set[str]) -> list[str]:
    """T lines for spans whose ids came from another standoff format, in id number order."""
    numbered = []
    for key, tids in ids.items():
        for tid in tids:
            if re.fullmatch(r"T[0-9]+", tid) and tid not in used and pool.has([key]):
                pool.take(key)
                used.add(tid)
                numbered.append((int(tid[1:]), _t_line(tid, key[2], [[key[0], key[1]]], text)))
    return [line for _, line in sorted(numbered)]


def _t_line(tid: str, label: str, frags: list[list[int]], text: str) -> str:
    offsets = ";".join(f"{a} {b}" for a, b in frags)
    return f"{tid}\t{label} {offsets}\t{_normalise(_span_text(text, frags))}"


def _refers_to(line: str, ids: set[str]) -> bool:
    fields = line.split("\t")
    if len(fields) < 2:
        return False
    return any(m.group(1) in ids for m in _REFERENCES.finditer(fields[1]))
