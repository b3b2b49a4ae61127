"""Operators: how a found span is replaced. Each is a small dataclass with one method.

An operator sees one span, its original text and the patient it belongs to, and
returns the replacement string; ``edits_for`` turns a document's spans into the
edits that ``rewrite`` applies. Operators never look for PHI themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Protocol

from ..document import Edit, Span
from .surrogates import SurrogateMaker, note_words


class Operator(Protocol):
    name: str

    def replacement(self, span: Span, original: str, patient: str) -> str: ...


@dataclass(frozen=True)
class Tag:
    """``[PATIENT]``: says what was there, keeps nothing of it."""

    fmt: str = "[{label}]"
    name: str = "tag"

    def replacement(self, span: Span, original: str, patient: str) -> str:
        return self.fmt.format(label=span.label)


@dataclass(frozen=True)
class Mask:
    """Same length, every visible character masked; line breaks and spaces stay,
    so column layouts and offsets into the note keep working."""

    char: str = "*"
    name: str = "mask"

    def replacement(self, span: Span, original: str, patient: str) -> str:
        return "".join(c if c.isspace() else self.char for c in original)


@dataclass(frozen=True)
class Redact:
    """Removes the text entirely."""

    name: str = "redact"

    def replacement(self, span: Span, original: str, patient: str) -> str:
        return ""


@dataclass
class Surrogate:
    """Realistic, shape-keeping replacements, consistent per patient (see surrogates.py)."""

    maker: SurrogateMaker
    name: str = "surrogate"

    def replacement(self, span: Span, original: str, patient: str, avoid: frozenset[str] = frozenset()) -> str:
        return self.maker.make(span.label, original, patient, avoid)


def edits_for(text: str, spans: Iterable[Span], operator: Operator, patient: str) -> list[Edit]:
    """One edit per span (spans must not overlap: combine them first).

    Surrogates also get the words of every span of the note, so that no name surrogate
    is a word of the note's own PHI (Dr. Brown must not become Dr. Smith in a note
    about Mr. Smith).
    """
    spans = list(spans)
    if not isinstance(operator, Surrogate):
        return [Edit(s.start, s.end, operator.replacement(s, text[s.start : s.end], patient)) for s in spans]
    avoid = note_words(text, spans)
    return [Edit(s.start, s.end, operator.replacement(s, text[s.start : s.end], patient, avoid)) for s in spans]


MODES = ("tag", "mask", "redact", "surrogate")
