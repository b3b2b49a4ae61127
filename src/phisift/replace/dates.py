"""Date shifting that keeps the written format.

A date is split into its parts (year, month number or name, day, weekday) with
their exact places in the string; the date they make is shifted by the patient's
offset, and each part is written back in place in its original style: zero
padding, two- or four-digit years, full or abbreviated month names, English or
Spanish, the case of the original, ordinal suffixes. Intervals between a
patient's dates are kept because every date of the patient moves by the same
number of days. Parts that are missing stay missing: "March 2019" stays a month
and a year.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from ..calendar import MONTHS, WEEKDAYS


def _month_forms() -> dict[str, tuple[int, str, str]]:
    """Every spelling of a month -> (month number, language, 'full' or 'abbr')."""
    forms: dict[str, tuple[int, str, str]] = {}
    for lang, names in MONTHS.items():
        for i, name in enumerate(names, 1):
            forms.setdefault(name, (i, lang, "full"))
            forms.setdefault(name[:3], (i, lang, "abbr"))
            if len(name) > 4:
                forms.setdefault(name[:4], (i, lang, "abbr4"))
    forms["sept"] = (9, "en", "abbr4")
    forms["setiembre"] = (9, "es", "full")
    return forms


_MONTH_FORMS = _month_forms()
_WEEKDAY_FORMS = {n: (i, "en") for i, n in enumerate(WEEKDAYS["en"])} | {n[:3]: (i, "en") for i, n in enumerate(WEEKDAYS["en"])}
_WEEKDAY_FORMS |= {n: (i, "es") for i, n in enumerate(WEEKDAYS["es"])}
_PART = re.compile(r"(?P<num>\d+)(?P<ord>st|nd|rd|th|º|ª|o)?|(?P<word>[^\W\d_]+)", re.IGNORECASE)


@dataclass
class _Part:
    kind: str  # year, month, day, monthname, weekday
    start: int
    end: int
    text: str
    ordinal: str = ""
    lang: str = "en"
    form: str = ""


def _case_like(template: str, word: str) -> str:
    letters = [c for c in template if c.isalpha()]
    if letters and all(c.isupper() for c in letters) and len(letters) > 1:
        return word.upper()
    if letters and letters[0].isupper():
        return word[:1].upper() + word[1:]
    return word.lower()


def _ordinal_suffix(day: int, template: str) -> str:
    if template.lower() in ("st", "nd", "rd", "th"):
        suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
        return _case_like(template, suffix) if template.isupper() else suffix
    return template


def parse_parts(text: str, dayfirst: bool = False) -> list[_Part] | None:
    """Find the date parts of ``text``; None when it is not a date we can rewrite."""
    parts: list[_Part] = []
    numbers: list[_Part] = []
    for m in _PART.finditer(text):
        if m.group("word"):
            w = m.group("word").lower()
            if w in _MONTH_FORMS:
                month, lang, form = _MONTH_FORMS[w]
                parts.append(_Part("monthname", m.start(), m.end(), m.group(), lang=lang, form=form))
            elif w in _WEEKDAY_FORMS:
                parts.append(_Part("weekday", m.start(), m.end(), m.group(), lang=_WEEKDAY_FORMS[w][1]))
            continue
        p = _Part("num", m.start("num"), m.end("num"), m.group("num"), ordinal=m.group("ord") or "")
        parts.append(p)
        numbers.append(p)
    has_month_name = any(p.kind == "monthname" for p in parts)
    if not numbers and not has_month_name:
        return None
    if not _assign_numbers(numbers, has_month_name, dayfirst):
        return None
    return [p for p in parts if p.kind != "num"]


def _assign_numbers(numbers: list[_Part], has_month_name: bool, dayfirst: bool) -> bool:
    """Decide which number is the year, the month and the day."""
    if len(numbers) > 3:
        return False
    if has_month_name:
        for p in numbers:
            if len(p.text) == 4 or int(p.text) > 31:
                p.kind = "year"
            elif p.kind == "num" and not any(q.kind == "day" for q in numbers):
                p.kind = "day"
            else:
                p.kind = "year"
        return sum(p.kind == "year" for p in numbers) <= 1
    values = [int(p.text) for p in numbers]
    if len(numbers) == 1:
        if len(numbers[0].text) == 4:
            numbers[0].kind = "year"
            return True
        return False
    if len(numbers) == 3:
        if len(numbers[0].text) == 4:
            order = ("year", "month", "day")
        elif dayfirst or values[0] > 12:
            order = ("day", "month", "year")
        else:
            order = ("month", "day", "year")
    else:
        if len(numbers[1].text) == 4 or (len(numbers[1].text) == 2 and values[1] > 31):
            order = ("month", "year")
        elif len(numbers[0].text) == 4:
            order = ("year", "month")
        elif dayfirst or values[0] > 12:
            order = ("day", "month")
        else:
            order = ("month", "day")
    for p, kind in zip(numbers, order):
        p.kind = kind
    return True


def _full_year(text: str) -> int:
    y = int(text)
    if len(text) <= 2:
        return 2000 + y if y < 50 else 1900 + y
    return y


def shift_date_text(text: str, days: int, dayfirst: bool = False) -> str | None:
    """``text`` with its date moved by ``days``, in the same format; None if unparseable."""
    parts = parse_parts(text, dayfirst)
    if parts is None:
        return None
    kinds = {p.kind: p for p in parts}
    year_p, month_p, day_p = kinds.get("year"), kinds.get("month") or kinds.get("monthname"), kinds.get("day")
    if month_p is None and day_p is not None:
        return None
    try:
        year = _full_year(year_p.text) if year_p else 2001
        if month_p is None:
            month = 7
        elif month_p.kind == "monthname":
            month = _MONTH_FORMS[month_p.text.lower()][0]
        else:
            month = int(month_p.text)
        if day_p is not None:
            day = int(day_p.text)
        else:
            day = 1 if month_p is None else 15
        if year_p is None and month == 2 and day == 29:
            year = 2000
        original = date(year, month, day)
    except ValueError:
        return None
    shifted = original + timedelta(days=days)
    # Zero padding: kept where the original shows it (a leading zero, or a fixed-width
    # numeric date such as 12/12/2016 whose day and month are both two digits).
    small = [p for p in parts if p.kind in ("month", "day")]
    fixed = bool(small) and month_p.kind == "month" and all(len(p.text) == 2 for p in small)
    for p in small:
        p.form = "pad" if fixed or p.text.startswith("0") else ""
    out = []
    cursor = 0
    for p in sorted(parts, key=lambda q: q.start):
        out.append(text[cursor : p.start])
        out.append(_render(p, shifted))
        cursor = p.end + (len(p.ordinal) if p.kind == "day" and p.ordinal else 0)
    out.append(text[cursor:])
    return "".join(out)


def _render(p: _Part, d: date) -> str:
    if p.kind == "year":
        return f"{d.year % 100:02d}" if len(p.text) <= 2 else str(d.year)
    if p.kind == "month":
        return f"{d.month:02d}" if p.form == "pad" else str(d.month)
    if p.kind == "day":
        body = f"{d.day:02d}" if p.form == "pad" else str(d.day)
        return body + _ordinal_suffix(d.day, p.ordinal)
    if p.kind == "monthname":
        names = MONTHS[p.lang]
        name = names[d.month - 1]
        if p.form == "abbr":
            name = name[:3]
        elif p.form == "abbr4":  # "Sept" style: four letters only where that is usual
            name = name[:4] if d.month == 9 else name[:3]
        return _case_like(p.text, name)
    if p.kind == "weekday":
        names = WEEKDAYS[p.lang]
        name = names[d.weekday()]
        return _case_like(p.text, name[:3] if len(p.text) == 3 else name)
    return p.text
