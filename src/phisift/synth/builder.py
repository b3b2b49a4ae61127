"""Assemble a note from plain text and labelled PHI pieces, keeping exact offsets.

A note is written as a stream of pieces: plain strings, which are never PHI, and
``Phi`` values, which become gold spans. Offsets are counted while the text is
assembled, so there is no searching for values afterwards and no chance of a
label landing on the wrong occurrence of a repeated string.

The surface noise real notes carry (lower-cased dictation, hard line wrapping at
a fixed width) is applied here too, by transformations that keep every offset:
lower-casing does not change lengths, and wrapping only turns spaces into
newlines.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Union

from ..document import Span

SOURCE = "synth"


@dataclass(frozen=True, slots=True)
class Phi:
    """A PHI value as it appears in the note, with its i2b2 2014 label."""

    text: str
    label: str

    def __post_init__(self) -> None:
        if not self.text or self.text != self.text.strip():
            raise ValueError(f"PHI text must be non-empty without outer whitespace: {self.text!r}")


Piece = Union[str, Phi, "list[Piece]", "tuple[Piece, ...]", None]


def flatten(pieces: Iterable[Piece]) -> list[str | Phi]:
    """Nested pieces in order, with ``None`` and empty strings dropped."""
    out: list[str | Phi] = []
    stack = [iter(pieces)]
    while stack:
        try:
            item = next(stack[-1])
        except StopIteration:
            stack.pop()
            continue
        if item is None or item == "":
            continue
        if isinstance(item, (list, tuple)):
            stack.append(iter(item))
        else:
            out.append(item)
    return out


def lower(pieces: Iterable[Piece]) -> list[str | Phi]:
    """The same pieces lower-cased, PHI included ("pt seen by dr smith")."""
    out: list[str | Phi] = []
    for p in flatten(pieces):
        out.append(Phi(p.text.lower(), p.label) if isinstance(p, Phi) else p.lower())
    return out


def upper(pieces: Iterable[Piece]) -> list[str | Phi]:
    out: list[str | Phi] = []
    for p in flatten(pieces):
        out.append(Phi(p.text.upper(), p.label) if isinstance(p, Phi) else p.upper())
    return out


def plain(pieces: Iterable[Piece]) -> str:
    """The text of some pieces, labels dropped (for measuring widths and the like)."""
    return "".join(p.text if isinstance(p, Phi) else p for p in flatten(pieces))


class NoteBuilder:
    """Collects pieces; ``build`` returns the text and its spans."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._spans: list[Span] = []
        self._length = 0

    def add(self, *pieces: Piece) -> "NoteBuilder":
        for p in flatten(pieces):
            if isinstance(p, Phi):
                self._spans.append(Span(self._length, self._length + len(p.text), p.label, SOURCE))
                text = p.text
            else:
                text = p
            self._parts.append(text)
            self._length += len(text)
        return self

    def line(self, *pieces: Piece) -> "NoteBuilder":
        return self.add(*pieces, "\n")

    def blank(self, n: int = 1) -> "NoteBuilder":
        return self.add("\n" * n)

    def ends_with_newline(self) -> bool:
        return not self._parts or self._parts[-1].endswith("\n")

    def build(self) -> tuple[str, list[Span]]:
        return "".join(self._parts), list(self._spans)


def hard_wrap(text: str, spans: list[Span], width: int, rng: random.Random) -> str:
    """Wrap long lines at ``width`` by turning spaces into newlines (offsets unchanged).

    Dictated and faxed notes are often wrapped this way. A break inside a PHI span is
    avoided, as transcription systems mostly keep a name on one line; the rare
    exception is allowed so that detectors meet it too.
    """
    inside = bytearray(len(text))
    for s in spans:
        inside[s.start : s.end] = b"\x01" * (s.end - s.start)
    chars = list(text)
    line_start = 0
    last_space = -1
    i = 0
    while i < len(chars):
        c = chars[i]
        if c == "\n":
            line_start, last_space = i + 1, -1
        elif c == " " and (not inside[i] or rng.random() < 0.05):
            last_space = i
        if i - line_start >= width and last_space > line_start:
            chars[last_space] = "\n"
            line_start, last_space = last_space + 1, -1
        i += 1
    return "".join(chars)


def check(text: str, spans: list[Span]) -> None:
    """Raise if spans fall outside the text, overlap, or carry outer whitespace."""
    prev_end = -1
    for s in sorted(spans):
        if s.end > len(text) or s.start < prev_end:
            raise AssertionError(f"bad span {s} (text length {len(text)}, previous end {prev_end})")
        value = text[s.start : s.end]
        if not value or value != value.strip():
            raise AssertionError(f"span {s} has outer whitespace: {value!r}")
        prev_end = s.end
