"""Date parsing and shifting that keeps the written form.

``parse_date`` reads every form the detectors find as a DATE: numeric dates in any
order and separator (03/04/2021, 2021-03-04, 4.3.2021, 3/4/21), ISO date-times
(2022-10-26T00:00, the time kept as written), compact YYYYMMDD, month names in English
and Spanish in any case and abbreviation (Mar 4th, 4-MAR-2021, "the 20th of May",
12 de marzo de 2016), weekdays, two-digit years (3/4/91, '91), bare years and decades,
and holidays with or without a year ("Christmas 2023"). It records each part (year,
month number or name, day, weekday, holiday) with its place in the string, and the
grain of the date: a day, a month, a year, a decade, a weekday or a day of the month.

``shift_date_text`` moves the date by the patient's offset and writes each part back
in place in its original style (zero padding, two- or four-digit years, full or short
month names, language, case, ordinal suffixes). Parts that are missing stay missing.
A date always comes out changed, by these rules (documented in docs/privacy.md):

* a day moves by the offset (never zero);
* a month without a day moves with its 15th; when that stays in the same month (for
  a month without a year: the same month of any year) it moves one month in the
  direction of the offset;
* a bare year is the year of its shifted mid-year day (2 July); when that is the
  same year it moves one year in the direction of the offset. A decade is the decade
  of its shifted mid-year day, ten years in the direction of the offset when that is
  the same decade;
* a two-digit year is written as the last two digits of the shifted year, so it moves
  exactly as its four-digit form does (under an eight-month shift '91 becomes '90 or
  '92, never '66);
* a weekday alone and a day of the month alone move by the offset, and one step more
  when the offset is a whole number of weeks (or lands on the same day number);
* a holiday is written as the month and day its shifted date falls on ("Christmas
  2023" -> "January 18 2051"): its name would give the original day away.

Numbers that cannot be a date (a blood pressure 120/80, a decimal 2.5, a dose
2000mg, an extension x7600) do not parse: ``parse_date`` returns None, and the
surrogate operator replaces such a DATE span by a tag instead of "shifting" it, so no
clinical number is rewritten as a date and no digit next to the span is touched.
A day that does not exist in its month (31/02/2020) is moved to the month's last day
before shifting, so the output is always a valid date in the same shape.
"""

from __future__ import annotations

import re
from calendar import monthrange
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from .calendar import MONTHS, WEEKDAYS, month_numbers, weekday_words
from .holidays import HOLIDAY_RE, holiday_date, holiday_language


#: The year a date written without one is taken in (not a leap year; 29 February uses 2000).
REF_YEAR = 2001
#: Four-digit numbers read as years; others (7600, 1000) are not dates.
YEAR_MIN, YEAR_MAX = 1800, 2199


def _month_forms() -> dict[str, tuple[int, str, str]]:
    """Every spelling of a month (calendar.py) -> (month number, language, form): 'full', 'abbr'
    (three letters) or 'abbr4' ("Sept", "Marz"), so a shifted month is written the same way."""
    forms: dict[str, tuple[int, str, str]] = {}
    for lang in MONTHS:
        for spelling, number in month_numbers(lang).items():
            full = MONTHS[lang][number - 1]
            form = "full" if spelling == full or len(spelling) > 4 else "abbr" if len(spelling) == 3 else "abbr4"
            forms.setdefault(spelling, (number, lang, form))
    return forms


_MONTH_FORMS = _month_forms()


def _weekday_forms() -> dict[str, tuple[int, str]]:
    """Every spelling of a weekday (calendar.py) -> (weekday number, Monday 0; language)."""
    forms: dict[str, tuple[int, str]] = {}
    for lang, names in WEEKDAYS.items():
        plain = [n.translate(str.maketrans("áéíóú", "aeiou")) for n in names]
        for spelling in weekday_words(lang):
            unaccented = spelling.translate(str.maketrans("áéíóú", "aeiou"))
            number = next(i for i, n in enumerate(plain) if n.startswith(unaccented[:3]))
            forms.setdefault(spelling, (number, lang))
    return forms


_WEEKDAY_FORMS = _weekday_forms()
_TOKEN = re.compile(
    r"(?P<time>(?<!\d)\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)"
    r"|['’](?P<yy>\d{2})(?!\d)"
    r"|(?P<num>\d+)(?P<ord>st|nd|rd|th|º|ª|o(?![^\W\d_]))?(?P<decade>s(?![^\W\d_]))?"
    r"|(?P<word>[^\W\d_]+)",
    re.IGNORECASE,
)


@dataclass
class _Part:
    kind: str  # year, month, day, monthname, weekday, holiday, compact, num
    start: int
    end: int
    text: str
    ordinal: str = ""
    lang: str = "en"
    form: str = ""


@dataclass
class ParsedDate:
    """A date as written: its parts in place, the date it names and its grain."""

    text: str
    parts: list[_Part]
    value: date
    grain: str  # day, month, year, decade, weekday, dom (a day of the month alone)
    has_year: bool = True
    years: list[int] = field(default_factory=list)  # the full year of each year part, in order


def parse_date(text: str, dayfirst: bool = False) -> ParsedDate | None:
    """The date ``text`` names, with its parts; None when it is not a date (see the module doc)."""
    parts = _tokens(text)
    if parts is None:
        return None
    numbers = [p for p in parts if p.kind in ("num", "yy", "compact")]
    names = [p for p in parts if p.kind == "monthname"]
    holidays = [p for p in parts if p.kind == "holiday"]
    weekdays = [p for p in parts if p.kind == "weekday"]
    if len(names) > 1 or len(holidays) > 1 or (names and holidays):
        return None
    if any(p.kind == "compact" for p in numbers):
        fields = _compact(numbers, dayfirst) if len(numbers) == 1 and not names and not holidays else None
    elif holidays:
        fields = _holiday_fields(holidays[0], numbers)
    elif names:
        fields = _named_fields(numbers, names[0])
    else:
        fields = _numeric_fields(numbers, text, dayfirst)
    if fields is None:
        if numbers or names or holidays or not weekdays:
            return None
        fields = {"weekday": _WEEKDAY_FORMS[weekdays[0].text.lower()][0]}
    return _build(text, parts, fields)


def _tokens(text: str) -> list[_Part] | None:
    """The parts of ``text``: holiday names, month and weekday names, numbers; None if a number
    is glued to letters (x7600, 2000mg, A1234), which no date is."""
    parts: list[_Part] = []
    taken: list[tuple[int, int]] = []
    for m in HOLIDAY_RE.finditer(text):
        parts.append(_Part("holiday", m.start(), m.end(), m.group(), lang=holiday_language(m.group())))
        taken.append((m.start(), m.end()))
    for m in _TOKEN.finditer(text):
        if any(s <= m.start() < e for s, e in taken) or m.group("time"):
            continue
        if m.group("word"):
            w = m.group("word").lower()
            if w in _MONTH_FORMS:
                _, lang, form = _MONTH_FORMS[w]
                parts.append(_Part("monthname", m.start(), m.end(), m.group(), lang=lang, form=form))
            elif w in _WEEKDAY_FORMS:
                parts.append(_Part("weekday", m.start(), m.end(), m.group(), lang=_WEEKDAY_FORMS[w][1]))
            continue
        if m.group("yy"):
            parts.append(_Part("yy", m.start("yy"), m.end("yy"), m.group("yy")))
            continue
        start, end = m.start("num"), m.end()
        if _glued(text, start, end):
            return None
        digits = m.group("num")
        kind = "compact" if len(digits) in (6, 8, 12, 14) else "num"
        form = "decade" if m.group("decade") else ""
        parts.append(_Part(kind, start, m.end("num"), digits, ordinal=m.group("ord") or "", form=form))
    return sorted(parts, key=lambda p: p.start)


def _glued(text: str, start: int, end: int) -> bool:
    """A number written against letters that are not a month name (x7600, 2000mg, A1234);
    03MAR2021 and the T of an ISO date-time are fine."""
    before = re.search(r"[^\W\d_]+$", text[:start])
    after = re.match(r"[^\W\d_]+", text[end:])
    if after and after.group() in "Tt" and text[end + 1 : end + 2].isdigit():
        after = None
    return any(m is not None and m.group().lower() not in _MONTH_FORMS for m in (before, after))


def _year_of(p: _Part) -> int | None:
    """The full year a number part names, or None if it cannot be a year."""
    if p.kind == "yy" or (len(p.text) == 2 and not p.ordinal):
        y = int(p.text)
        return 2000 + y if y < 50 else 1900 + y
    if len(p.text) == 4 and not p.ordinal and YEAR_MIN <= int(p.text) <= YEAR_MAX:
        return int(p.text)
    return None


def _compact(numbers: list[_Part], dayfirst: bool) -> dict | None:
    """YYYYMMDD (with HHMM or HHMMSS after it), or six digits MMDDYY / DDMMYY / YYMMDD."""
    p = numbers[0]
    t = p.text
    if len(t) >= 8:
        orders = [("Y4", "M", "D")]
    else:
        orders = [("D", "M", "Y2"), ("M", "D", "Y2")] if dayfirst else [("M", "D", "Y2"), ("D", "M", "Y2")]
        orders.append(("Y2", "M", "D"))
    for order in orders:
        fields, i = {}, 0
        for f in order:
            width = 4 if f == "Y4" else 2
            fields[f] = int(t[i : i + width])
            i += width
        year = fields.get("Y4") or (2000 + fields["Y2"] if fields["Y2"] < 50 else 1900 + fields["Y2"])
        if (YEAR_MIN <= year <= YEAR_MAX and 1 <= fields["M"] <= 12
                and 1 <= fields["D"] <= monthrange(year, fields["M"])[1]):
            p.form = "".join(order)
            return {"year": year, "month": fields["M"], "day": fields["D"]}
    return None


def _holiday_fields(holiday: _Part, numbers: list[_Part]) -> dict | None:
    if len(numbers) > 1:
        return None
    fields: dict = {"holiday": holiday.text}
    if numbers:
        year = _year_of(numbers[0])
        if year is None:
            return None
        numbers[0].kind = "year"
        fields["year"] = year
    return fields


def _named_fields(numbers: list[_Part], name: _Part) -> dict | None:
    """A month name with at most a day and a year: the first small number is the day."""
    fields: dict = {"month": _MONTH_FORMS[name.text.lower()][0]}
    for p in numbers:
        small = p.kind == "num" and len(p.text) <= 2 and 1 <= int(p.text) <= 31
        if (p.ordinal or small) and "day" not in fields:
            p.kind, fields["day"] = "day", int(p.text)
        elif "year" not in fields and _year_of(p) is not None:
            fields["year"], p.kind = _year_of(p), "year"
        else:
            return None
    return fields


def _numeric_fields(numbers: list[_Part], text: str, dayfirst: bool) -> dict | None:
    """Which number is the year, the month and the day of an all-numeric date."""
    if not numbers or len(numbers) > 3 or any(len(p.text) > 4 for p in numbers):
        return None
    if len(numbers) == 1:
        p = numbers[0]
        if p.form == "decade" and len(p.text) == 4 and _year_of(p) and int(p.text) % 10 == 0:
            p.kind = "year"
            return {"year": int(p.text), "decade": True}
        if p.ordinal and 1 <= int(p.text) <= 31:
            p.kind = "day"
            return {"day": int(p.text)}
        if p.ordinal or (p.kind == "num" and len(p.text) != 4):
            return None
        p.kind = "year"
        return {"year": _year_of(p)} if _year_of(p) else None
    if all(len(p.text) == 4 and _year_of(p) for p in numbers):  # 2019-2020: years
        for p in numbers:
            p.kind = "year"
        return {"year": _year_of(numbers[0])}
    gaps = [text[a.end + len(a.ordinal) : b.start].strip() for a, b in zip(numbers, numbers[1:])]
    if len(numbers) == 2 and "." in gaps and all(len(p.text) <= 2 for p in numbers):
        return None  # 2.5 is a decimal, not a day and a month
    for order in _orders(numbers, dayfirst):
        fields = _assign(numbers, order)
        if fields is not None:
            return fields
    return None


def _orders(numbers: list[_Part], dayfirst: bool) -> list[tuple[str, ...]]:
    a, b = numbers[0], numbers[1]
    if len(numbers) == 3:
        if len(a.text) == 4:
            return [("year", "month", "day")]
        first = [("day", "month", "year"), ("month", "day", "year")]
        return first if dayfirst or int(a.text) > 12 else first[::-1]
    if len(a.text) == 4:
        return [("year", "month")]
    if len(b.text) == 4 or b.kind == "yy" or (len(b.text) == 2 and int(b.text) > 31):
        return [("month", "year")]
    first = [("day", "month"), ("month", "day")]
    return first if dayfirst or int(a.text) > 12 else first[::-1]


def _assign(numbers: list[_Part], order: tuple[str, ...]) -> dict | None:
    fields: dict = {}
    for p, kind in zip(numbers, order):
        value = _year_of(p) if kind == "year" else int(p.text)
        if value is None or (kind != "year" and (len(p.text) > 2 or p.kind == "yy")):
            return None
        fields[kind] = value
    if not 1 <= fields["month"] <= 12 or not 1 <= fields.get("day", 1) <= 31:
        return None
    for p, kind in zip(numbers, order):
        p.kind = kind
    return fields


def _build(text: str, parts: list[_Part], fields: dict) -> ParsedDate | None:
    """The ParsedDate of assigned parts: missing fields filled (see REF_YEAR), grain decided."""
    parts = sorted(parts, key=lambda p: p.start)
    has_year = "year" in fields
    year = fields.get("year", REF_YEAR)
    years = [_year_of(p) for p in parts if p.kind == "year"]
    if "holiday" in fields:
        return ParsedDate(text, parts, holiday_date(fields["holiday"], year), "day", has_year, years)
    if "weekday" in fields:
        value = date(REF_YEAR, 1, 1) + timedelta(days=(fields["weekday"] - date(REF_YEAR, 1, 1).weekday()) % 7)
        return ParsedDate(text, parts, value, "weekday", False, years)
    if "month" not in fields:
        if "day" in fields:
            return ParsedDate(text, parts, date(REF_YEAR, 7, fields["day"]), "dom", False, years)
        return ParsedDate(text, parts, date(year, 7, 2), "decade" if fields.get("decade") else "year", True, years)
    month = fields["month"]
    if "day" not in fields:
        return ParsedDate(text, parts, date(year, month, 15), "month", has_year, years)
    day = fields["day"]
    if not has_year and month == 2 and day == 29:
        year = 2000
    day = min(day, monthrange(year, month)[1])  # 31/02: the month's last day, a valid date of that shape
    return ParsedDate(text, parts, date(year, month, day), "day", has_year, years)


# --------------------------------------------------------------------------- shifting
def shifted_value(parsed: ParsedDate, days: int) -> date:
    """The date ``parsed`` becomes under a shift of ``days`` (never the same at its grain, unless
    ``days`` is 0)."""
    step = 1 if days >= 0 else -1
    v = parsed.value
    if days == 0:
        return v
    if parsed.grain == "year":
        new = v + timedelta(days=days)
        return new if new.year != v.year else date(v.year + step, 7, 2)
    if parsed.grain == "decade":
        new = v + timedelta(days=days)
        return date(new.year // 10 * 10, 7, 2) if new.year // 10 != v.year // 10 else date(v.year + 10 * step, 7, 2)
    if parsed.grain == "month":
        new = v + timedelta(days=days)
        if new.month == v.month and (new.year == v.year or not parsed.has_year):  # "May" alone: years do not show
            new = date(v.year + (v.month + step - 1) // 12, (v.month + step - 1) % 12 + 1, 15)
        return new
    new = v + timedelta(days=days)
    if parsed.grain == "weekday" and new.weekday() == v.weekday():
        new += timedelta(days=step)
    if parsed.grain == "dom" and new.day == v.day:
        new += timedelta(days=step)
    return new


def render(parsed: ParsedDate, new: date, full_years: bool = False) -> str:
    """``parsed`` written with the date ``new`` in place of its own, part by part; with
    ``full_years`` a two-digit year is written with four digits ("3/4/91" -> "3/4/2044",
    "'91" -> "2044")."""
    text, parts = parsed.text, parsed.parts
    delta = new.year - parsed.value.year
    # Zero padding: kept where the original shows it (a leading zero, or a fixed-width
    # numeric date such as 12/12/2016 whose day and month are both two digits).
    small = [p for p in parts if p.kind in ("month", "day")]
    fixed = any(p.kind == "month" for p in small) and all(len(p.text) == 2 for p in small)
    moved = (new - parsed.value).days
    out, cursor, years = [], 0, iter(parsed.years)
    for p in parts:
        out.append(text[cursor : p.start])
        if p.kind == "year" and full_years and len(p.text) <= 2:
            out[-1] = out[-1].rstrip("'’")
            out.append(str(next(years) + delta))
        elif p.kind == "year":
            out.append(_render_year(p, next(years) + delta))
        else:
            out.append(_render(p, new, fixed, moved if not parsed.has_year else None))
        cursor = p.end + (len(p.ordinal) if p.kind == "day" and p.ordinal else 0)
    out.append(text[cursor:])
    return "".join(out)


def shift_date_text(text: str, days: int, dayfirst: bool = False) -> str | None:
    """``text`` with its date moved by ``days``, in the same form; None if it is not a date."""
    parsed = parse_date(text, dayfirst)
    if parsed is None:
        return None
    return shift_parsed(parsed, days)


def shift_parsed(parsed: ParsedDate, days: int) -> str:
    """The shifted text of a parsed date; one more step in the same direction in the rare form
    that would come out unchanged (a form that does not show the part that moved)."""
    step = 1 if days >= 0 else -1
    if days == 0:
        return render(parsed, parsed.value)
    for extra in range(0, 8):
        out = render(parsed, shifted_value(parsed, days + extra * step))
        if out != parsed.text:
            return out
    return out


def _render_year(p: _Part, year: int) -> str:
    if p.kind == "year" and (len(p.text) <= 2):
        return f"{year % 100:02d}"
    return str(year)


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
        return suffix.upper() if template.isupper() else suffix
    return template


def _month_name(lang: str, month: int) -> str:
    return MONTHS[lang][month - 1]


def _render(p: _Part, d: date, fixed: bool, moved: int | None) -> str:
    """One part written for the date ``d``; a weekday of a date without a year moves by
    ``moved`` days from its own (the year the date was computed in is not the note's)."""
    if p.kind == "month":
        return f"{d.month:02d}" if fixed or p.text.startswith("0") else str(d.month)
    if p.kind == "day":
        body = f"{d.day:02d}" if fixed or p.text.startswith("0") else str(d.day)
        return body + _ordinal_suffix(d.day, p.ordinal)
    if p.kind == "monthname":
        name = _month_name(p.lang, d.month)
        if p.form == "abbr":
            name = name[:3]
        elif p.form == "abbr4":  # "Sept" style: four letters only where that is usual
            name = name[:4] if d.month == 9 else name[:3]
        return _case_like(p.text, name)
    if p.kind == "weekday":
        names = WEEKDAYS[p.lang]
        weekday = d.weekday() if moved is None else (_WEEKDAY_FORMS[p.text.lower()][0] + moved) % 7
        name = names[weekday]
        full = p.text.lower() in WEEKDAYS["en"] or p.lang == "es"
        return _case_like(p.text, name if full else name[:3])
    if p.kind == "holiday":
        month = _month_name(p.lang, d.month)
        return _case_like(p.text, f"{month} {d.day}" if p.lang == "en" else f"{d.day} de {month}")
    if p.kind == "compact":
        body = {"Y4MD": f"{d.year:04d}{d.month:02d}{d.day:02d}", "MDY2": f"{d.month:02d}{d.day:02d}{d.year % 100:02d}",
                "DMY2": f"{d.day:02d}{d.month:02d}{d.year % 100:02d}",
                "Y2MD": f"{d.year % 100:02d}{d.month:02d}{d.day:02d}"}[p.form]
        return body + p.text[len(body) :]
    return p.text


def day_of(value: object, dayfirst: bool = False) -> date | None:
    """The calendar day a record's date field holds (a note's date, for the over-89 rule): a ``date`` or
    ``datetime`` (pandas' Timestamp too), an ISO string ("2021-03-04", "2021-03-04T10:00:00Z") or any
    written date ``parse_date`` reads to the day with its year ("03/04/2021"); None for anything else."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return date.fromisoformat(value.strip()[:10])
    except ValueError:
        pass
    parsed = parse_date(value.strip(), dayfirst)
    return parsed.value if parsed is not None and parsed.grain == "day" and parsed.has_year else None
