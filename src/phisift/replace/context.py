"""What a note's surrogates must know about the whole note.

A surrogate is chosen span by span, but three rules need the whole note (and, with
``--known-phi``, the patient's known identifiers):

* no surrogate may be another PHI string or PHI word of the note or the patient
  ("Jimenez Clinic" in a note about Dr. Jimenez);
* an initial follows the name it abbreviates ("A. Gabba" next to "Adele Gabba");
* a shifted date must not land on another real date of the note, and the dates that
  reveal an age over 89 (a date of birth, "born in 1921") are aggregated with it.

``NoteContext`` holds these facts; ``build_context`` makes it once per note.

Date offsets. The patient's offset is the first draw of a stream seeded by the key
and the patient. In a note where that offset would move one of its dates onto
another of its dates (same day, or the same written string), the note uses the next
draw of the same stream that does not; the intervals within the note are kept, and
only such notes differ from the patient's usual offset. Bare years are exempt (a
note that names 2015 and 2016 cannot avoid them).

Ages over 89 (HIPAA Safe Harbor, 45 CFR 164.514(b)(2)(i)(C)). An age over the cap
becomes the cap plus one ("92" -> "90"). When a note states such an age, or holds a
date of birth that makes the patient older than the cap at the note's latest other
date (today, when the note has no other date), every date of birth in the note is
written as 1 January of the year that makes the patient exactly cap + 1 at that
shifted reference date, in the date's own form ("DOB 3/14/1921" -> "DOB 1/1/1936" for
a reference date of 2026); a year of birth alone becomes that year. So no exact date
of birth remains and the age the output shows is in the aggregated "90 or older"
category. A date counts as a date of birth when the words just before it say so
(DOB, D.O.B., date of birth, birth date, born, b., fecha de nacimiento, nacido el).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Callable, Iterable, Iterator

from ..document import Span
from ..dates import ParsedDate, parse_date, render, shifted_value, shift_parsed
from .generic import content_words
from .names import initials_of, looks_like_name, name_words

PERSON_LABELS = frozenset({"PATIENT", "DOCTOR", "USERNAME"})
#: How many draws of the patient's offset stream a note may try to avoid date collisions.
OFFSET_DRAWS = 12

_DOB_CUE = re.compile(
    r"(?:\b(?:dob|d\.o\.b|date\s+of\s+birth|birth\s*date|born(?:\s+on|\s+in)?|b\.|fecha\s+de\s+nacimiento|"
    r"f\.?\s*nac|nacid[oa](?:\s+el|\s+en)?)\.?\s*[:#=-]?\s*)$",
    re.IGNORECASE,
)
_AGE_NUMBER = re.compile(r"\d+")


@dataclass
class NoteContext:
    """The note-wide facts the surrogates of one note share (see the module doc)."""

    patient: str
    strings: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    initials: dict[str, str] = field(default_factory=dict)
    date_offset: int = 0
    year_step: int = 0  # how many years a bare year moves in this note (0: by the date rule)
    dates: dict[int, ParsedDate | None] = field(default_factory=dict)
    births: dict[int, date] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # cache: name word -> surrogate part

    def date_text(self, start: int | None, original: str, dayfirst: bool) -> str | None:
        """The replacement of a DATE span at ``start``: aggregated, shifted, or None if not a date."""
        parsed = self.dates[start] if start in self.dates else parse_date(original, dayfirst)
        if parsed is None:
            return None
        if start in self.births:
            out = render(parsed, self.births[start])
            if out == original:
                out = render(parsed, date(self.births[start].year - 1, 1, 1))
            return out
        if parsed.grain == "year" and self.year_step:
            return render(parsed, date(parsed.value.year + self.year_step, 7, 2))
        return shift_parsed(parsed, self.date_offset)


def phi_strings(text: str, spans: Iterable[Span], known: Iterable[str] = ()) -> list[str]:
    return [text[s.start : s.end] for s in spans] + list(known)


def build_context(text: str, spans: list[Span], patient: str, offsets: Iterator[int], name_part: Callable,
                  *, known: Iterable[str] = (), dayfirst: bool = False, age_cap: int = 89) -> NoteContext:
    """The NoteContext of one note; ``offsets`` is the patient's stream of date offsets, ``name_part``
    (word, patient, avoid) -> surrogate word."""
    strings = phi_strings(text, spans, known)
    words = set()
    for s in strings:
        words |= content_words(s)
    people = [text[s.start : s.end] for s in spans if s.label in PERSON_LABELS
              and (s.label != "USERNAME" or looks_like_name(text[s.start : s.end]))]
    note_names = {w for p in people for w in name_words(p)}
    ctx = NoteContext(patient, frozenset(s.strip().lower() for s in strings), frozenset(words | note_names))
    ctx.initials = initials_of(sorted(note_names), lambda w: surrogate_part(ctx, name_part, w))
    dates = [s for s in spans if s.label == "DATE"]
    ctx.dates = {s.start: parse_date(text[s.start : s.end], dayfirst) for s in dates}
    ctx.date_offset = choose_offset({s.start: text[s.start : s.end] for s in dates}, ctx.dates, offsets)
    ctx.year_step = year_step(ctx.dates.values(), ctx.date_offset)
    ctx.births = aggregated_births(text, spans, ctx, age_cap)
    return ctx


def surrogate_part(ctx: NoteContext, name_part: Callable, word: str) -> str:
    """A name word's surrogate in this note, computed once."""
    if word not in ctx.names:
        ctx.names[word] = name_part(word, ctx.patient, ctx.words)
    return ctx.names[word]


def choose_offset(texts: dict[int, str], parsed: dict[int, ParsedDate | None], offsets: Iterator[int]) -> int:
    """The first offset of the stream that moves no day- or month-grain date of the note onto
    another of its dates (by value or by written string); the least colliding one otherwise."""
    fine = [(k, p) for k, p in parsed.items() if p is not None and p.grain in ("day", "month")]
    first = next(offsets)
    if not fine:
        return first
    days = {p.value for _, p in fine if p.grain == "day" and p.has_year}
    months = {(p.value.year, p.value.month) for _, p in fine if p.grain == "month" and p.has_year}
    written = {t.strip().lower() for t in texts.values()}
    best, best_hits = first, None
    candidate = first
    for _ in range(OFFSET_DRAWS):
        hits = 0
        for _, p in fine:
            new = shifted_value(p, candidate)
            if (p.grain == "day" and p.has_year and new in days) or \
                    (p.grain == "month" and p.has_year and (new.year, new.month) in months) or \
                    shift_parsed(p, candidate).strip().lower() in written:
                hits += 1
        if hits == 0:
            return candidate
        if best_hits is None or hits < best_hits:
            best, best_hits = candidate, hits
        candidate = next(offsets)
    return best


def year_step(parsed: Iterable[ParsedDate | None], offset: int) -> int:
    """How far the note's bare years move: the step the date rule gives them (one year in the
    direction of the offset, see dates.py), or the nearest larger step in that direction that puts
    none of them on a year the note names ("(1998) ... (1999)" would otherwise become
    "(1999) ... (2000)", the 1999 of the note written again)."""
    bare = [p for p in parsed if p is not None and p.grain == "year"]
    if not bare:
        return 0
    named = {y for p in parsed if p is not None for y in p.years if y is not None}
    first = shifted_value(bare[0], offset).year - bare[0].value.year
    step = 1 if first > 0 else -1
    for size in range(abs(first), abs(first) + 10):
        if not any(y + step * size in named for p in bare for y in p.years):
            return step * size
    return first


def aggregated_births(text: str, spans: list[Span], ctx: NoteContext, age_cap: int) -> dict[int, date]:
    """Span start -> the date each date of birth is written as, when the note reveals an age over the cap."""
    births = {s.start: ctx.dates[s.start] for s in spans if s.label == "DATE" and ctx.dates.get(s.start)
              and ctx.dates[s.start].has_year and _DOB_CUE.search(text[max(0, s.start - 40) : s.start])}
    if not births:
        return {}
    others = [p.value for k, p in ctx.dates.items() if p is not None and k not in births
              and p.grain == "day" and p.has_year]
    reference = max(others) if others else date.today()
    old = any(int(m.group()) > age_cap for s in spans if s.label == "AGE"
              for m in [_AGE_NUMBER.search(text[s.start : s.end])] if m)
    old = old or any(_age(p, reference) > age_cap for p in births.values())
    if not old:
        return {}
    shifted = shifted_value(ParsedDate("", [], reference, "day"), ctx.date_offset)
    born = date(shifted.year - (age_cap + 1), 1, 1)
    return {k: born for k in births}


def _age(birth: ParsedDate, reference: date) -> int:
    """Age at ``reference``; for a year or month of birth alone, the oldest age it allows."""
    b = birth.value
    if birth.grain in ("year", "decade"):
        return reference.year - b.year
    return reference.year - b.year - ((reference.month, reference.day) < (b.month, b.day))
