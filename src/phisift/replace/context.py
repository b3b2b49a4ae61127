"""What a note's surrogates must know about the whole note.

A surrogate is chosen span by span, but three rules need the whole note (and, with
``--known-phi``, the patient's known identifiers):

* no surrogate may be another PHI string or PHI word of the note or the patient
  ("Jimenez Clinic" in a note about Dr. Jimenez);
* an initial follows the name it abbreviates ("A. Gabba" next to "Adele Gabba");
* a shifted date must not land on another real date of the note, and the dates that
  reveal an age over 89 (a date of birth, "born in 1921") are aggregated with it.

``NoteContext`` holds these facts; ``build_context`` makes it once per note.

Date offsets. Every date of a patient moves by the patient's one offset, a whole number
of days drawn from a stream seeded by the key and the patient (``SurrogateMaker``), so
every interval between two dates of the patient is kept exactly, in every note. The
offset is years long (10 to 50 years by default, either way): a shift of a few months
leaves most dates in their year, and a note that names "2019" alone beside "03/09/2019"
would show its year again. A shifted date that still writes one of the note's PHI
strings (a year the note names, when the note's years span the offset; a month name)
becomes ``[DATE]``: the offset cannot change for one note without breaking the
patient's intervals. Only strings of 3 characters or more count for dates
(``DATE_MIN_CHARS``); every other surrogate (names, ages, numbers) writes none of the
note's PHI strings at all, however short.

Ages over 89 (HIPAA Safe Harbor, 45 CFR 164.514(b)(2)(i)(C)). An age over the cap
becomes the cap plus one ("92" -> "90"). When a note states such an age, or holds a
date of birth that makes the patient older than the cap at the note's latest other
date (its reference date: see below), every date of birth in the note is written as
1 January of the year that makes the patient exactly cap + 1 at that shifted
reference date, in the date's own form ("DOB 3/14/1921" -> "DOB 1/1/1936" for a
reference date of 2026); a year of birth alone becomes that year.

The reference date is the latest full date of the note other than its dates of birth,
and the note's own date when the run names the field that holds it
(``--note-date-field``, ``note_date``), whichever is later. Only a note with neither
is judged against the day of the run (``date.today()``): the age the patient has now,
an upper bound of every age any of the patient's notes can show, so no note escapes
the rule; but the same note may then come out otherwise on another day once the
patient turns cap + 1 in between. Name the note's date field for output that does
not depend on the day it is made. So no exact date
of birth remains and the age the output shows is in the aggregated "90 or older"
category. A date counts as a date of birth when the words just before it say so
(DOB, D.O.B., date of birth, birth date, born, b., fecha de nacimiento, nacido el), or
when its source says so (a span of source ``BIRTH_DATE``: a FHIR Patient.birthDate, an
HL7 PID-7, whose reference is the source's date, ``SOURCE_NOTE_DATE``), or when it is the
patient's date of birth that the source gives (``births``), wherever the note writes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Callable, Iterable

from ..document import BIRTH_DATE, Span
from ..dates import ParsedDate, parse_date, render, shifted_value, shift_parsed
from .generic import content_words
from .names import initials_of, looks_like_name, name_words

PERSON_LABELS = frozenset({"PATIENT", "DOCTOR", "USERNAME"})
#: A shifted date is checked against the note's PHI strings of this many characters or more:
#: its day, month and two-digit year are numbers of one or two digits that the patient's offset
#: fixes, and they meet a one- or two-digit age or count of the note by chance, not by copying.
DATE_MIN_CHARS = 3

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
    phi: re.Pattern | None = None  # the note's PHI strings, each as a whole token sequence
    phi_long: re.Pattern | None = None  # the same, of 3 characters or more (for dates)
    dates: dict[int, ParsedDate | None] = field(default_factory=dict)
    births: dict[int, date] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # cache: name word -> surrogate part

    def date_text(self, start: int | None, original: str, dayfirst: bool) -> str | None:
        """The replacement of a DATE span at ``start``: aggregated or shifted; None if it is not a
        date or if its new form writes one of the note's PHI strings (see the module doc)."""
        parsed = self.dates[start] if start in self.dates else parse_date(original, dayfirst)
        if parsed is None:
            return None
        if start in self.births:
            out = render(parsed, self.births[start])
            if out == original or self.reproduces(out):
                out = render(parsed, date(self.births[start].year - 1, 1, 1))
        else:
            out = shift_parsed(parsed, self.date_offset)
            if self.reproduces(out) and any(len(p.text) <= 2 for p in parsed.parts if p.kind == "year"):
                full = render(parsed, shifted_value(parsed, self.date_offset), full_years=True)
                out = out if self.reproduces(full) else full  # '44 beside an age of 44: 2044
        return None if self.reproduces(out, short=False) else out

    def reproduces(self, candidate: str, short: bool = True) -> bool:
        """Whether ``candidate`` writes one of the note's (or the patient's known) PHI strings as a
        whole token sequence, in any case ("acct 67-6462" writes the age "67"); with ``short``
        False only strings of 3 characters or more count (see ``DATE_MIN_CHARS``)."""
        pattern = self.phi if short else self.phi_long
        return pattern is not None and pattern.search(candidate) is not None


def phi_strings(text: str, spans: Iterable[Span], known: Iterable[str] = ()) -> list[str]:
    return [text[s.start : s.end] for s in spans] + list(known)


def build_context(text: str, spans: list[Span], patient: str, offset: int, name_part: Callable,
                  *, known: Iterable[str] = (), dayfirst: bool = False, age_cap: int = 89,
                  note_date: date | None = None, births: Iterable[date] = ()) -> NoteContext:
    """The NoteContext of one note; ``offset`` is the patient's date offset in days, ``name_part``
    (word, patient, avoid) -> surrogate word; ``note_date``: the note's own date, if the record gives it."""
    strings = phi_strings(text, spans, known)
    words = set()
    for s in strings:
        words |= content_words(s)
    people = [text[s.start : s.end] for s in spans if s.label in PERSON_LABELS
              and (s.label != "USERNAME" or looks_like_name(text[s.start : s.end]))]
    note_names = {w for p in people for w in name_words(p)}
    ctx = NoteContext(patient, frozenset(s.strip().lower() for s in strings), frozenset(words | note_names),
                      phi=token_pattern(strings),
                      phi_long=token_pattern(s for s in strings if len(s.strip()) >= DATE_MIN_CHARS))
    ctx.initials = initials_of(sorted(note_names), lambda w: surrogate_part(ctx, name_part, w))
    dates = [s for s in spans if s.label == "DATE"]
    ctx.dates = {s.start: parse_date(text[s.start : s.end], dayfirst) for s in dates}
    ctx.date_offset = offset
    ctx.births = aggregated_births(text, spans, ctx, age_cap, note_date, frozenset(births))
    return ctx


def surrogate_part(ctx: NoteContext, name_part: Callable, word: str) -> str:
    """A name word's surrogate in this note, computed once."""
    if word not in ctx.names:
        ctx.names[word] = name_part(word, ctx.patient, ctx.words)
    return ctx.names[word]


def token_pattern(strings: Iterable[str]) -> re.Pattern | None:
    """One case-insensitive pattern that finds any of ``strings`` as a whole token sequence (not
    inside a longer word or number, as ``phisift.audit`` looks for them); None for no strings."""
    parts = []
    for s in sorted({s.strip() for s in strings if any(c.isalnum() for c in s)}, key=len, reverse=True):
        left = r"(?<![^\W_])" if s[0].isalnum() else ""
        right = r"(?![^\W_])" if s[-1].isalnum() else ""
        parts.append(left + re.escape(s) + right)
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


def aggregated_births(text: str, spans: list[Span], ctx: NoteContext, age_cap: int,
                      note_date: date | None = None, known: frozenset[date] = frozenset()) -> dict[int, date]:
    """Span start -> the date each date of birth is written as, when the note reveals an age over the cap
    at its reference date (the module doc: the note's latest other date or its own date, else today)."""
    births = {s.start: ctx.dates[s.start] for s in spans if s.label == "DATE" and ctx.dates.get(s.start)
              and ctx.dates[s.start].has_year
              and (s.source == BIRTH_DATE or _DOB_CUE.search(text[max(0, s.start - 40) : s.start])
                   or (ctx.dates[s.start].grain == "day" and ctx.dates[s.start].value in known))}
    if not births:
        return {}
    others = [p.value for k, p in ctx.dates.items() if p is not None and k not in births
              and p.grain == "day" and p.has_year]
    others += [note_date] if note_date is not None else []
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
