"""Operators: how a found span is replaced. Each is a small dataclass with one method.

An operator sees one span, its original text and the patient it belongs to, and
returns the replacement string; ``edits_for`` turns a document's spans into the
edits that ``rewrite`` applies. Operators never look for PHI themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Iterable, Protocol

from ..document import Edit, Span
from .context import NoteContext
from .surrogates import SurrogateMaker


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

    def replacement(self, span: Span, original: str, patient: str, context: NoteContext | None = None) -> str:
        return self.maker.make(span.label, original, patient, context, span.start if context is not None else None)


def edits_for(text: str, spans: Iterable[Span], operator: Operator, patient: str,
              known: Iterable[str] = (), note_date: date | None = None, births: Iterable[date] = ()) -> list[Edit]:
    """One edit per span (spans must not overlap: combine them first).

    Surrogates first look at the whole note (``SurrogateMaker.context``): no surrogate
    may be another PHI string or word of the note or of ``known`` (the patient's known
    identifiers), initials follow their names, dates must not land on each other, and
    the dates that reveal an age over 89 are aggregated with it (``note_date``: the note's own date, see
    ``context.py``; ``births``: the patient's known dates of birth, dates of birth wherever the note writes them).
    """
    spans = list(spans)
    if not isinstance(operator, Surrogate):
        return [Edit(s.start, s.end, operator.replacement(s, text[s.start : s.end], patient)) for s in spans]
    context = operator.maker.context(text, spans, patient, known, note_date, births)
    return [Edit(s.start, s.end, operator.replacement(s, text[s.start : s.end], patient, context)) for s in spans]


MODES = ("tag", "mask", "redact", "surrogate")
