"""i2b2 2014 de-identification XML, and MEDDOCAN's variant of it.

    <deIdi2b2>
      <TEXT><![CDATA[...note...]]></TEXT>
      <TAGS><NAME id="P0" start="16" end="20" text="..." TYPE="PATIENT" comment=""/>...</TAGS>
    </deIdi2b2>

MEDDOCAN uses the same layout under a ``<MEDDOCAN>`` root. One file is one document.
The span label is the ``TYPE`` attribute; the element name (NAME, DATE, LOCATION...)
is the category. Root name, tag ids, categories and extra attributes are kept in
``meta["_i2b2"]`` so a document read here is written back the same.

Input is parsed with defusedxml (entity expansion and external references refused).
XML parsers turn ``\\r\\n`` and ``\\r`` into ``\\n``; when a file holds ``\\r``, the
TEXT is taken exactly as in the file unless the tags' ``text`` attributes only
agree with the normalised one. (No MEDDOCAN file holds ``\\r``.)
"""

from __future__ import annotations

import re
import xml.sax
from pathlib import Path
from typing import Any, Iterable, Iterator

import defusedxml
import defusedxml.sax

from ..document import Document, Span
from ..errors import InputError, UsageError
from ..fileio import atomic_write
from ..taxonomy import XML_ELEMENT_OF
from ._common import (
    I2B2_META,
    SeenIds,
    SpanPool,
    is_xml_name,
    json_meta,
    list_files,
    output_file,
    stored_span_ids,
)

NAME = "i2b2"

#: Element name for a label when a document has no stored category (i2b2 2014 and MEDDOCAN):
#: the one table in ``taxonomy``.
CATEGORIES: dict[str, str] = XML_ELEMENT_OF
DEFAULT_CATEGORY = "PHI"
DEFAULT_ROOT = "deIdi2b2"
_STANDARD_ATTRS = ("id", "start", "end", "text", "TYPE")


def read(path: str | Path, *, check_text: bool = True, keep_layout: bool = True) -> Iterator[Document]:
    """One document per ``.xml`` file: a single file, or every ``.xml`` under a folder."""
    path = Path(path)
    if path.is_file():
        yield read_file(path, path.stem, check_text=check_text, keep_layout=keep_layout)
        return
    if not path.is_dir():
        raise InputError("no such file or folder", path)
    for doc_id, file in list_files(path, ".xml"):
        yield read_file(file, doc_id, check_text=check_text, keep_layout=keep_layout)


class _Handler(xml.sax.handler.ContentHandler):
    """Collects the root name, the TEXT characters and the tags under TAGS with their lines."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.root = ""
        self.text_parts: list[str] = []
        self.has_text = False
        self.tags: list[tuple[str, dict[str, str], int]] = []
        self.locator: Any = None

    def setDocumentLocator(self, locator: Any) -> None:  # noqa: N802 (SAX API)
        self.locator = locator

    def startElement(self, name: str, attrs: Any) -> None:  # noqa: N802
        self.stack.append(name)
        depth = len(self.stack)
        if depth == 1:
            self.root = name
        elif depth == 2 and name == "TEXT":
            self.has_text = True
        elif depth == 3 and self.stack[1] == "TAGS":
            line = self.locator.getLineNumber() if self.locator else None
            self.tags.append((name, {k: attrs.getValue(k) for k in attrs.getNames()}, line))

    def endElement(self, name: str) -> None:  # noqa: N802
        self.stack.pop()

    def characters(self, content: str) -> None:
        if len(self.stack) == 2 and self.stack[1] == "TEXT":
            self.text_parts.append(content)


def read_file(path: Path, doc_id: str, *, check_text: bool = True, keep_layout: bool = True) -> Document:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except PermissionError:
        raise InputError("permission denied", path) from None
    handler = _Handler()
    try:
        defusedxml.sax.parseString(data, handler)
    except xml.sax.SAXParseException as exc:
        raise InputError(f"malformed XML ({exc.getMessage()})", path, exc.getLineNumber(), doc_id) from None
    except defusedxml.DefusedXmlException as exc:
        raise InputError(f"XML refused for safety ({type(exc).__name__})", path, document=doc_id) from None
    except UnicodeError:
        raise InputError("not valid UTF-8 XML", path, document=doc_id) from None
    if not handler.has_text:
        raise InputError(f"no TEXT element under <{handler.root}>", path, document=doc_id)
    parsed = "".join(handler.text_parts)
    candidates = [parsed]
    if b"\r" in data:
        raw = _raw_text(data)
        if raw is not None and raw != parsed and _line_ends(raw) == parsed:
            candidates.insert(0, raw)
    text, spans, tags = _spans(candidates, handler.tags, path, doc_id, check_text)
    meta = {I2B2_META: {"root": handler.root, "tags": tags}} if keep_layout else {}
    return Document(doc_id, text, tuple(sorted(spans)), meta)


def _spans(
    candidates: list[str], tags: list[tuple[str, dict[str, str], int]], path: Path, doc_id: str, check_text: bool
) -> tuple[str, list[Span], list[list[Any]]]:
    """Spans of the tags, checked against the first candidate text that all of them fit."""
    failure: InputError | None = None
    for text in candidates:
        try:
            spans, stored = [], []
            for name, attrs, line in tags:
                span, entry = _tag_span(name, attrs, line, text, path, doc_id, check_text)
                spans.append(span)
                stored.append(entry)
            return text, spans, stored
        except InputError as exc:
            failure = failure or exc
    assert failure is not None
    raise failure


def _tag_span(
    name: str, attrs: dict[str, str], line: int, text: str, path: Path, doc_id: str, check_text: bool
) -> tuple[Span, list[Any]]:
    for key in ("start", "end"):
        if key not in attrs:
            raise InputError(f"<{name}> tag has no '{key}' attribute", path, line, doc_id)
    try:
        start, end = int(attrs["start"]), int(attrs["end"])
    except ValueError:
        raise InputError(f"<{name}> tag: start and end must be integers", path, line, doc_id) from None
    if start < 0 or end < start:
        raise InputError(f"<{name}> tag: bad offsets {start}..{end}", path, line, doc_id)
    if end > len(text):
        raise InputError(
            f"<{name}> tag: offsets {start}..{end} run past the text (length {len(text)})", path, line, doc_id
        )
    if check_text and "text" in attrs and _squash(attrs["text"]) != _squash(text[start:end]):
        raise InputError(f"<{name}> tag: text attribute does not match TEXT at {start}..{end}", path, line, doc_id)
    label = attrs.get("TYPE") or name
    extra = {k: v for k, v in attrs.items() if k not in _STANDARD_ATTRS}
    return Span(start, end, label), [name, attrs.get("id"), start, end, label, extra]


def _squash(s: str) -> str:
    """XML turns literal line breaks and tabs in attribute values into spaces."""
    return re.sub(r"\s+", " ", s).strip()


def _line_ends(s: str) -> str:
    return s.replace("\r\n", "\n").replace("\r", "\n")


_TEXT_OPEN = re.compile(r"<TEXT(?:\s[^>]*)?>")
_TEXT_PIECE = re.compile(r"<!\[CDATA\[(.*?)\]\]>|&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);|([^<&]+)", re.S)
_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}


def _raw_text(data: bytes) -> str | None:
    """The TEXT content exactly as in the file (``\\r`` kept), or None if it is not simple."""
    try:
        s = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        return None
    m = _TEXT_OPEN.search(s)
    if not m:
        return None
    pos, out = m.end(), []
    while True:
        if s.startswith("</TEXT", pos):
            return "".join(out)
        piece = _TEXT_PIECE.match(s, pos)
        if not piece:
            return None
        cdata, ref, plain = piece.groups()
        if cdata is not None:
            out.append(cdata)
        elif ref is not None:
            out.append(_ENTITIES.get(ref) or chr(int(ref[2:], 16) if ref[1] == "x" else int(ref[1:])))
        else:
            out.append(plain)
        pos = piece.end()


# --- writing ---------------------------------------------------------------------------

_NOT_XML_CHAR = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def write(
    docs: Iterable[Document], path: str | Path, *, root: str | None = None, categories: dict[str, str] | None = None
) -> int:
    """Write ``<id>.xml`` per document into a folder, or one document to a ``.xml`` path."""
    path = Path(path)
    if path.suffix.lower() == ".xml":
        count = 0
        with atomic_write(path) as fh:
            for doc in docs:
                if count:
                    raise UsageError("a single .xml output holds one document; give a folder instead", path)
                fh.write(render(doc, root=root, categories=categories))
                count += 1
        return count
    seen = SeenIds()
    count = 0
    for doc in docs:
        seen.add(doc.id)
        xml_text = render(doc, root=root, categories=categories)
        with atomic_write(output_file(path, doc.id, ".xml")) as fh:
            fh.write(xml_text)
        count += 1
    return count


def render(doc: Document, *, root: str | None = None, categories: dict[str, str] | None = None) -> str:
    """The XML of one document, in the layout MEDDOCAN's files use."""
    bad = _NOT_XML_CHAR.search(doc.text)
    if bad:
        raise InputError(
            f"text holds U+{ord(bad.group()):04X} at offset {bad.start()}, which XML 1.0 cannot represent",
            document=doc.id,
        )
    layout = json_meta(doc.meta, I2B2_META)
    layout = layout if isinstance(layout, dict) else {}
    root = root or layout.get("root") or DEFAULT_ROOT
    if not is_xml_name(root):
        raise UsageError(f"'{root}' is not a valid XML element name for the root")
    cats = {**CATEGORIES, **(categories or {})}
    pool = SpanPool(doc.spans)
    tags: list[tuple[str, str, Span, dict[str, str]]] = []
    used: set[str] = set()
    for entry in layout.get("tags", []):
        name, tid, start, end, label, extra = entry
        key = (start, end, label)
        if pool.has([key]):
            tags.append((name, tid, pool.take(key), extra))
            used.add(tid)
    new: list[tuple[str, str | None, Span, dict[str, str]]] = []
    other_ids = stored_span_ids(doc.meta) if not layout else {}
    for span in pool.rest():
        ids = other_ids.get((span.start, span.end, span.label))
        tid = ids.pop(0) if ids else None
        if tid in used:
            tid = None
        if tid is not None:
            used.add(tid)
        new.append((cats.get(span.label, DEFAULT_CATEGORY), tid, span, {"comment": ""}))
    number = 0
    for item in sorted(new, key=lambda t: (t[2].start, t[2].end, t[2].label)):
        name, tid, span, extra = item
        if tid is None:
            while f"P{number}" in used:
                number += 1
            tid = f"P{number}"
            used.add(tid)
        tags.append((name, tid, span, extra))
    lines = ["<?xml version='1.0' encoding='UTF-8'?>", f"<{root}>"]
    lines.append("  <TEXT><![CDATA[" + doc.text.replace("]]>", "]]]]><![CDATA[>") + "]]></TEXT>")
    lines.append("  <TAGS>")
    for name, tid, span, extra in tags:
        if not is_xml_name(name):
            raise InputError(f"'{name}' is not a valid XML element name for a tag category", document=doc.id)
        if _NOT_XML_CHAR.search(span.label):
            raise InputError("a label holds a character XML 1.0 cannot represent", document=doc.id)
        attrs = {"id": tid, "start": span.start, "end": span.end, "text": span.text_in(doc.text), "TYPE": span.label}
        attrs.update((k, v) for k, v in extra.items() if is_xml_name(k))
        body = " ".join(f'{k}="{_escape_attr(str(v))}"' for k, v in attrs.items() if v is not None)
        lines.append(f"    <{name} {body}/>")
    lines.append("  </TAGS>")
    lines.append(f"</{root}>")
    return "\n".join(lines) + "\n"


def _escape_attr(s: str) -> str:
    return (
        s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("\r", "&#13;")
        .replace("\n", "&#10;")
        .replace("\t", "&#09;")
    )
