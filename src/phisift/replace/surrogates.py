"""Realistic surrogates that keep the shape of what they replace.

Every choice is seeded by an HMAC of the user's secret key, the patient and the
normalised original, so the same name in the same patient's notes becomes the
same surrogate in every note and every run, without any shared state between
processes (which is what lets a parallel or Spark run give byte-identical output).

What every surrogate obeys (issue 17):

* it differs from its original and shares no content word with it: only generic
  words may stay (``generic.py``: Hospital, Clinic, University, of, the, Street...);
* it is none of the note's (or the patient's known) PHI strings, contains none of their
  content words, and writes none of them as a whole token sequence, however short (an
  account number "67-6462" reshaped in a note about a 67-year-old would show the age;
  a date, an age or a name that would is written as ``[LABEL]``);
* names are replaced part by part (``names.py``), so every mention of a person agrees;
* it does not contain the original ("Campbell North Shore Medical Center" for "North
  Shore Medical Center" is refused);
* institutions are built whole from the kind of institution alone
  (``institutions.py``: "University of Michigan Health System" -> "University of
  Fresno Health System", "North Shore Medical Center" -> "Poole Medical Center");
* dates are shifted in their written form by the patient's one offset of 10 to 50
  years (``dates.py``, ``context.py``); a DATE span that is not a date (120/80, x7600)
  becomes ``[DATE]``;
* ages over the cap become cap + 1, and younger ages move by one year in the
  direction of the patient's date shift (ages are kept by a uniform shift, so this is
  only so that no age is copied as written).

A draw that breaks a rule is replaced by the next draw of the same seeded stream; if
none of 30 draws passes, the span becomes ``[LABEL]``, which never leaks.
"""

from __future__ import annotations

import random
import re
import string
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Iterable

from ..document import Span
from ..store import Secret
from .context import PERSON_LABELS, NoteContext, build_context, surrogate_part
from .generic import WORD, all_words, content_words, is_generic
from .institutions import build as build_institution
from ..text import match_case
from .names import NameParts, faker, looks_like_name, rewrite_name

__all__ = ["SurrogateMaker", "reshape"]

#: Draws tried before a span falls back to its tag.
MAX_DRAWS = 30
#: The mean year and a month, in days (date offsets, see ``SurrogateMaker.date_offset``).
YEAR_DAYS, MONTH_DAYS = 365.2425, 31


@lru_cache(maxsize=1)
def _real_cities() -> tuple[str, ...]:
    """Real city names (GeoNames via the shipped lexicon): surrogates that read like places.

    Faker's invented towns ("Johnsonmouth") look fake to a reader and to a tagger
    trained on the output; real names do not, and a real city that happens to be
    someone's home town reveals nothing, because the choice is random.
    """
    from importlib import resources

    text = resources.files("phisift").joinpath("data/lexicons/cities_major.txt").read_text(encoding="utf-8")
    return tuple(c for c in text.splitlines() if c.isascii() and c[:1].isupper())


def reshape(original: str, rng: random.Random) -> str:
    """Same length and character classes: digits for digits, letters for letters.

    Separators, spaces and punctuation stay, so an MRN, phone, ZIP or account number
    keeps its pattern. The result never equals the original.
    """
    for _ in range(10):
        out = []
        for c in original:
            if c.isdigit():
                out.append(rng.choice(string.digits))
            elif c.isalpha() and c.isascii():
                pool = string.ascii_uppercase if c.isupper() else string.ascii_lowercase
                out.append(rng.choice(pool))
            else:
                out.append(c)
        result = "".join(out)
        if result != original or not any(ch.isalnum() for ch in original):
            return result
    return result


@dataclass
class SurrogateMaker:
    """Makes surrogates for one secret key; ``context`` once per note, then ``make`` per span."""

    secret: Secret
    locale: str = "en_US"
    dayfirst: bool = False
    min_shift_days: int = 3653  # 10 years: see context.py for why the shift is years long
    max_shift_days: int = 18262  # 50 years
    age_cap: int = 89

    def rng(self, *parts: str) -> random.Random:
        return random.Random(self.secret.seed(*parts))

    def date_offset(self, patient: str) -> int:
        """A non-zero day shift in +-[min, max], fixed for the patient by the key: every note of the
        patient moves by it, so every interval between the patient's dates is kept exactly.

        When the bounds are a year or more, a draw within a month of a whole number of years is
        drawn again (from the same stream): it would leave every date in its month, and a note
        that names "November" alone would show it again in its shifted dates."""
        r = self.rng("date-offset", patient)
        while True:
            days = r.randint(self.min_shift_days, self.max_shift_days)
            part = days % YEAR_DAYS
            if self.min_shift_days < YEAR_DAYS or MONTH_DAYS <= part <= YEAR_DAYS - MONTH_DAYS:
                return days if r.random() < 0.5 else -days

    def context(self, text: str, spans: Iterable[Span], patient: str, known: Iterable[str] = (),
                note_date: date | None = None, births: Iterable[date] = ()) -> NoteContext:
        """The note-wide facts the surrogates of one note need (``known``: the patient's known PHI;
        ``note_date``: the note's own date, the over-89 rule's reference when the note has no later one;
        ``births``: the patient's known dates of birth, taken as such wherever the note writes them)."""
        parts = NameParts(self.secret.seed, self.locale)
        return build_context(text, list(spans), patient, self.date_offset(patient), parts.part,
                             known=known, dayfirst=self.dayfirst, age_cap=self.age_cap, note_date=note_date,
                             births=births)

    def make(self, label: str, original: str, patient: str, context: NoteContext | None = None,
             start: int | None = None) -> str:
        """The surrogate of one span (at ``start`` in the note ``context`` was built for)."""
        ctx = context if context is not None else self.context(original, [Span(0, len(original), label)], patient)
        if start is None and context is None:
            start = 0
        if label in PERSON_LABELS and (label != "USERNAME" or looks_like_name(original)):
            return self._name(label, original, ctx)
        if label == "DATE":
            return ctx.date_text(start, original, self.dayfirst) or "[DATE]"
        if label == "AGE":
            return self._age(label, original, ctx)
        handler = _HANDLERS.get(label, SurrogateMaker._shape)
        for attempt in range(MAX_DRAWS):
            candidate = handler(self, label, original, patient, attempt)
            if acceptable(candidate, original, ctx):
                return candidate
        return f"[{label}]"

    # --- per label -------------------------------------------------------------
    def _name(self, label: str, original: str, ctx: NoteContext) -> str:
        parts = NameParts(self.secret.seed, self.locale)
        out = rewrite_name(original, lambda w: surrogate_part(ctx, parts.part, w),
                           lambda letter: parts.initial(letter, ctx.patient, ctx.initials))
        same = out.strip().lower() == original.strip().lower()
        return f"[{label}]" if same or ctx.reproduces(out) else out

    def _age(self, label: str, original: str, ctx: NoteContext) -> str:
        """Over the cap: cap + 1. Younger: one year in the direction of the date shift, or further
        in that direction when that number is another PHI string of the note (a second age)."""
        digits = re.search(r"\d+", original)
        if not digits:
            return f"[{label}]"  # an age in words: no number to move
        n = int(digits.group())
        if n > self.age_cap:
            new = self.age_cap + 1
            if new == n:  # "90" itself: over the cap already, written as the category
                out = original[: digits.end()] + "+" + original[digits.end() :] if "+" not in original else ""
                return out if out and not ctx.reproduces(out) else f"[{label}]"
            candidates = [new]
        else:
            step = 1 if ctx.date_offset >= 0 or n == 0 else -1
            candidates = [n + step * k for k in range(1, 6) if 0 <= n + step * k <= self.age_cap + 1]
        for new in candidates:
            out = original[: digits.start()] + str(new) + original[digits.end() :]
            if not ctx.reproduces(out):
                return out
        return f"[{label}]"

    def _institution(self, label: str, original: str, patient: str, attempt: int) -> str:
        """Built whole from the kind of institution alone (``institutions.py``)."""
        r = self.rng(label, patient, original.lower(), str(attempt))
        fake = faker(self.locale)
        fake.seed_instance(r.getrandbits(64))
        new = build_institution(original, fake.last_name(), r.choice(_real_cities()))
        if new is None:
            new = f"{fake.last_name()} Hospital" if label == "HOSPITAL" else fake.company().split(",")[0]
        return new.upper() if original.isupper() else new

    def _seeded_faker(self, label: str, patient: str, original: str, attempt: int):
        fake = faker(self.locale)
        parts = (label, patient, original.lower()) + ((str(attempt),) if attempt else ())
        fake.seed_instance(self.secret.seed(*parts))
        return fake

    def _email(self, label: str, original: str, patient: str, attempt: int) -> str:
        fake = self._seeded_faker(label, patient, original, attempt)
        return fake.user_name() + "@" + fake.free_email_domain()

    def _url(self, label: str, original: str, patient: str, attempt: int) -> str:
        url = self._seeded_faker(label, patient, original, attempt).url()
        if not original.lower().startswith("http"):
            url = re.sub(r"^https?://", "", url).rstrip("/")
        return url

    def _ip(self, label: str, original: str, patient: str, attempt: int) -> str:
        fake = self._seeded_faker(label, patient, original, attempt)
        return fake.ipv6() if ":" in original else fake.ipv4_private()

    def _city(self, label: str, original: str, patient: str, attempt: int) -> str:
        city = self.rng(label, patient, original.lower(), str(attempt)).choice(_real_cities())
        return match_case(city, original)

    def _username(self, label: str, original: str, patient: str, attempt: int) -> str:
        return self._seeded_faker(label, patient, original, attempt).user_name()

    def _shape(self, label: str, original: str, patient: str, attempt: int) -> str:
        parts = ("shape", label, patient, original) + ((str(attempt),) if attempt else ())
        return reshape(original, self.rng(*parts))


def acceptable(candidate: str, original: str, ctx: NoteContext) -> bool:
    """A candidate passes when it differs from the original, is no PHI string of the note, writes none
    of them as a whole token sequence, and shares no content word with the original or the note's PHI."""
    low = candidate.strip().lower()
    if not low or _holds(low, original.strip().lower()) or low in ctx.strings or ctx.reproduces(candidate):
        return False
    kept = {w for w in all_words(original) if is_generic(w)}
    new = all_words(candidate) - kept
    return not (new & (content_words(original) | ctx.words))


def _holds(candidate: str, original: str) -> bool:
    """Whether a (lower-cased) candidate shows the original: as a substring, or, for an
    original of one or two characters (an HL7 assigning authority "H", a state "MA"), as
    a whole word; nearly every name holds a letter, so a substring test would refuse all."""
    if len(original) >= 3:
        return original in candidate
    return original in {w.lower() for w in WORD.findall(candidate)}


def _faker_field(method: str):
    """A handler that draws one Faker field, seeded by the key, patient and original."""

    def handler(self: SurrogateMaker, label: str, original: str, patient: str, attempt: int) -> str:
        fake = self._seeded_faker(label, patient, original, attempt)
        if label == "STATE" and len(original.strip(". ")) == 2:
            return match_case(fake.state_abbr(), original.strip(". "))
        return match_case(str(getattr(fake, method)()), original)

    return handler


_HANDLERS = {
    "HOSPITAL": SurrogateMaker._institution,
    "ORGANIZATION": SurrogateMaker._institution,
    "EMAIL": SurrogateMaker._email,
    "URL": SurrogateMaker._url,
    "IPADDR": SurrogateMaker._ip,
    "CITY": SurrogateMaker._city,
    "USERNAME": SurrogateMaker._username,
    "STATE": _faker_field("state"),
    "COUNTRY": _faker_field("country"),
    "STREET": _faker_field("street_address"),
    "LOCATION-OTHER": _faker_field("city"),
    "PROFESSION": _faker_field("job"),
}
