"""CoNLL / IOB: one ``token TAG`` per line, a blank line after each sentence.

    -DOCSTART- note-17          (or: # doc_id = note-17)

    Patient O
    John B-PATIENT
    Smith I-PATIENT

The format keeps tokens, not text, so it is lossy by nature:

* reading rebuilds the text as the tokens joined by single spaces, sentences
  joined by newlines; offsets of the spans refer to that text;
* writing tokenises with ``phisift.text.tokenize``; the original whitespace is
  lost, and a span that starts or ends inside a token widens to the token's
  bounds (a token belongs to the first span it overlaps); empty spans vanish;
* sentences break at line breaks, and also where ``phisift.text.sentences``
  says when it exists (``sentences="lines"`` uses line breaks only), but never
  inside a span: the tokens of one span stay in one sentence;
* columns between the token and the tag (POS, chunk...) are dropped.

Reading accepts IOB2 (B-/I-), IOB1 (an I- that starts a span), BIOES / BILOU
(S-, E-, U-, L-).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

from .. import text as text_module
from ..document import Document, Span
from ..errors import InputError, UsageError
from ..fileio import atomic_write
from ._common import open_input, unencodable

NAME = "conll"
_PREFIXES = frozenset("BIESLU")


def read(path: str | Path) -> Iterator[Document]:
    """Documents of a CoNLL file, streamed; a document without a marker gets its first line number as id."""
    path = Path(path)
    fh = open_input(path, "a CoNLL file")
    builder: _DocBuilder | None = None
    with fh:
        for lineno, raw in enumerate(fh, 1):
            if lineno == 1:
                raw = raw.removeprefix(b"\xef\xbb\xbf")
            if b"\x00" in raw:
                raise InputError("NUL byte: looks like a binary file, expected CoNLL text", path, lineno)
            try:
                line = raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError as exc:
                raise InputError(f"invalid UTF-8 at byte {exc.start} of the line", path, lineno) from None
            doc_id = _doc_marker(line)
            if doc_id is not None:
                if builder is not None:
                    yield builder.document()
                builder = _DocBuilder(doc_id or str(lineno))
                continue
            if not line.strip():
                if builder is not None:
                    builder.end_sentence()
                continue
            if _is_comment(line):
                continue
            fields = [f for f in (line.split("\t") if "\t" in line else line.split(" ")) if f]
            if len(fields) < 2:
                raise InputError("expected a token and a tag separated by a tab or space", path, lineno)
            if builder is None:
                builder = _DocBuilder(str(lineno))
            builder.add(fields[0], _parse_tag(fields[-1], path, lineno))
    if builder is not None:
        yield builder.document()


def _doc_marker(line: str) -> str | None:
    """The id of a document marker line ('' when it has none), None for other lines."""
    if line.startswith("-DOCSTART-"):
        fields = line.split()
        if len(fields) == 2 and fields[0] == "-DOCSTART-" and fields[1] not in ("-X-", "O"):
            return fields[1]
        return ""
    if line.startswith("# doc_id =") or line.startswith("#doc_id ="):
        return line.split("=", 1)[1].strip()
    return None


def _is_comment(line: str) -> bool:
    """``# key = value`` lines (CoNLL-U style); a ``#`` token with a tag is not one."""
    fields = line.split()
    return line.startswith("#") and (len(fields) < 2 or (len(fields) > 2 and fields[2] == "=") or fields[1] == "=")


def _parse_tag(tag: str, path: Path, lineno: int) -> tuple[str, str]:
    if tag == "O":
        return "O", ""
    prefix, sep, label = tag.partition("-")
    if not sep or prefix not in _PREFIXES or not label:
        raise InputError("tag must be O or B-, I-, E-, S-, L-, U- followed by a label", path, lineno)
    return prefix, label


class _DocBuilder:
    """Rebuilds text and spans of one document token by token."""

    def __init__(self, doc_id: str) -> None:
        self.doc_id = doc_id
        self.pieces: list[str] = []
        self.length = 0
        self.spans: list[Span] = []
        self.sentence_open = False
        self.current: list = []  # [label, start, end] of the open span, or empty

    def add(self, token: str, tag: tuple[str, str]) -> None:
        if self.sentence_open:
            sep = " "
        else:
            sep = "\n" if self.pieces else ""
        if sep:
            self.pieces.append(sep)
            self.length += 1
        start = self.length
        self.pieces.append(token)
        self.length += len(token)
        self.sentence_open = True
        prefix, label = tag
        if prefix == "O":
            self._close()
            return
        continues = self.current and self.current[0] == label and prefix in "IEL"
        if continues:
            self.current[2] = self.length
        else:
            self._close()
            self.current = [label, start, self.length]
        if prefix in "ESLU":
            self._close()

    def end_sentence(self) -> None:
        self._close()
        self.sentence_open = False

    def _close(self) -> None:
        if self.current:
            label, start, end = self.current
            self.spans.append(Span(start, end, label))
            self.current = []

    def document(self) -> Document:
        self._close()
        return Document(self.doc_id, "".join(self.pieces), tuple(self.spans))


# --- writing ---------------------------------------------------------------------------


def write(docs: Iterable[Document], path: str | Path, *, sentences: str = "auto") -> int:
    """Write documents as IOB2, atomically; see the module notes for what is lost."""
    if sentences not in ("auto", "lines"):
        raise UsageError("sentences must be 'auto' or 'lines'")
    count = 0
    with atomic_write(path) as fh:
        for doc in docs:
            if any(c in doc.id for c in "\r\n"):
                raise InputError("a document id with a line break cannot be written to CoNLL", document=doc.id)
            if any(not s.label or any(c.isspace() for c in s.label) for s in doc.spans):
                raise InputError("a CoNLL label cannot be empty or hold whitespace", document=doc.id)
            marker = f"-DOCSTART- {doc.id}" if doc.id.split() == [doc.id] else f"# doc_id = {doc.id}"
            try:
                fh.write(marker + "\n\n")
                for sentence in tagged_sentences(doc, sentences):
                    fh.write("".join(f"{tok} {tag}\n" for tok, tag in sentence) + "\n")
            except UnicodeEncodeError:
                raise unencodable(doc.id) from None
            count += 1
    return count


def tagged_sentences(doc: Document, sentences: str = "auto") -> Iterator[list[tuple[str, str]]]:
    """``(token, IOB2 tag)`` pairs of each sentence of a document."""
    tokens = text_module.tokenize(doc.text)
    starts = _sentence_starts(doc.text) if sentences == "auto" else []
    spans = sorted((s for s in doc.spans if s.end > s.start), key=lambda s: (s.start, s.end))
    first = 0  # spans before this index end before the current token
    next_start = 0
    prev = None
    prev_span = None
    sentence: list[tuple[str, str]] = []
    for tok in tokens:
        while first < len(spans) and spans[first].end <= tok.start:
            first += 1
        span = None
        for s in spans[first:]:
            if s.start >= tok.end:
                break
            if s.end > tok.start:
                span = s
                break
        if prev is not None:
            gap = doc.text[prev.end : tok.start]
            broke = "\n" in gap or "\r" in gap
            while next_start < len(starts) and starts[next_start] <= tok.start:
                broke = broke or starts[next_start] > prev.start
                next_start += 1
            # Never inside a span: an entity cut in two would teach a tagger two entities.
            if broke and sentence and (span is None or span is not prev_span):
                yield sentence
                sentence = []
                prev_span = None
        if span is None:
            tag = "O"
        else:
            tag = ("I-" if span is prev_span else "B-") + span.label
        prev_span = span
        word = "".join("_" if c.isspace() else c for c in tok.text) or "_"
        sentence.append((word, tag))
        prev = tok
    if sentence:
        yield sentence


def _sentence_starts(text: str) -> list[int]:
    """Sentence start offsets from ``phisift.text.sentences`` when that exists."""
    split = getattr(text_module, "sentences", None)
    if split is None:
        return []
    starts = []
    for item in split(text):
        start = getattr(item, "start", None)
        if start is None and isinstance(item, (tuple, list)) and item:
            start = item[0]
        if isinstance(start, int):
            starts.append(start)
    return sorted(starts)
