"""Dates: every written form, from "2019-03-04" to "the 4th of March", "Tuesday, 3/4", "in 2015".

The numeric scan finds the shapes that start with a digit (ISO, d/m/y, "4 March 2019",
"09NOV2014", "3/4", "05/2019", a bare year, "'91"); the word scan finds the ones led by
a month name, a season ("winter 2019") or a holiday. Short and bare forms are
ambiguous ("1/2 tab", "BP 120/80", "Platelets 1998"), so they need the words
before them ("on 4/3", "since 1998"), a range ("3/4-3/6"), a row of dates heading a
lab table, or the place a year takes in a problem list; each check says which.
A weekday before a date joins it ("Tuesday, March 4").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ... import calendar
from . import vocab
from .base import CueWords, Languages, NumericShape, Scan
from .checks import MAX_YEAR, day_month_either, month_day_ok, year4_ok
from .contact import signature_pager
from .regex_parts import UNIT_AFTER, YEAR4, alt, trie_regex


_FRACTION_DENOMINATORS = frozenset({2, 3, 4})
_SHORT_DATE_PREV = re.compile(r"[0-9]{1,2}/[0-9]{1,2}(?:/[0-9]{2,4})?")
_BOL_BULLET = re.compile(r"(?:[-*•]|[0-9]{1,2}[.)])?")
_AFTER_BOL_YEAR = re.compile(r"[ \t]*(?::|-[ \t]|–)")
_YEAR_RANGE_AFTER = re.compile(r"[ \t]*(?:-|–|to)[ \t]*(?:1[89]|2[01])[0-9]{2}(?![0-9])")
_YEAR_RANGE_BEFORE = re.compile(r"(?<![0-9])(?:1[89]|2[01])[0-9]{2}[ \t]*(?:-|–|to)[ \t]*$")
_SHORT_RANGE_NEXT = re.compile(r"[ \t]*(?:-|–|to|through|thru)[ \t]*([0-9]{1,2})/([0-9]{1,2})(?![0-9]|[/.:][0-9])")
_COLON_AFTER = re.compile(r":[ \t]")
#: The time of an ISO date-time, kept in the span: "2026-02-09T22:50:00Z", "2014-10-13 15:15", "...T05:27+01:00".
_ISO_TIME = (
    r"(?:(?:[Tt]|[ \t]|[ \t]*@[ \t]*)(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:[.,][0-9]{1,6})?)?"
    r"(?:[Zz]|[ \t]?(?:UTC|GMT)|[+-](?:[01][0-9]|2[0-3]):?[0-5][0-9])?(?![0-9]|:[0-9]))"
)
#: "the" before "20th of May".
_THE_BEFORE = re.compile(r"(?i)(?<![\w])the[ \t]+$")
#: A year after a holiday: "Christmas 2023", "Eid al-Fitr of 1995".
_HOLIDAY_YEAR = re.compile(rf",?[ \t]+(?:(?i:of)[ \t]+)?(?:{YEAR4}|'[0-9]{{2}})(?![0-9])")
_MONTH_NAME = re.compile(
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|january|february|april|june|july|september|october|november|december)(?![\w'’-])"
)  # a message typed in lower case: "physio in february" ("may", "march", "august" are words too)
_MONTH_ALONE_CUES = frozenset({
    "in", "since", "until", "till", "by", "during", "early", "late", "mid", "last", "next", "this", "before",
    "after", "through", "from", "of", "every",
})
_SCALE_WORDS = frozenset({"pain", "score", "scale", "strength", "grade", "ratio", "vision", "acuity", "bp", "power"})
_DATE_ROW = re.compile(
    r"[ \t]*(?:(?i:dates?|days?|labs?|data|results|values|collected|drawn)[ \t]*:?[ \t]+)?"
    r"(?P<row>[0-9]{1,2}/[0-9]{1,2}(?:[ \t]+[0-9]{1,2}/[0-9]{1,2})*)[ \t|]*\r?"
)
_SHORT_DATE_PAIR = re.compile(r"([0-9]{1,2})/([0-9]{1,2})")
#: A number, or a dash and a number, after a bare year: a row of values or a range, not a year.
_NEXT_VALUE = re.compile(r"[ \t]*(?:[-–][ \t]*)?[0-9]")
_QUANTITY_AFTER = re.compile(r"(?i)-?" + UNIT_AFTER.pattern.removeprefix("(?i)") + r"|[ \t]+of[ \t]")
_PAREN_YEAR_END = re.compile(r"[)\],;]|[ \t]*(?:-|–|and|&|to)[ \t]*(?:1[89]|2[01])[0-9]{2}(?![0-9])")


@dataclass(frozen=True)
class DatePatterns:
    """What the date recognizers compile once per language set."""

    #: every spelling of a month of the languages -> its number
    month_numbers: dict[str, int]
    #: a date that starts with a month name: "March 4, 2019", "Sept. 2019"
    month_led: re.Pattern
    season: re.Pattern
    holiday: re.Pattern
    weekday_words: frozenset[str]
    #: words that make a bare number a year ("in 2015") and a short date a date ("on 4/3")
    year_cues: frozenset[str]
    short_date_strong: frozenset[str]
    short_date_weak: frozenset[str]


def month_numbers(languages: Languages) -> dict[str, int]:
    """Every spelling of a month in the chosen languages -> its number."""
    months: dict[str, int] = {}
    if languages.english:
        months.update(calendar.month_numbers("en"))
    if languages.spanish:
        months.update(calendar.month_numbers("es"))
    return months


def _holidays(languages: Languages) -> tuple[str, ...]:
    """The holidays looked for with these languages."""
    return (vocab.HOLIDAYS_EN if languages.english else ()) + (vocab.HOLIDAYS_ES if languages.spanish else ())


def _seasons(languages: Languages) -> tuple[str, ...]:
    """The season words looked for with these languages ("winter 2019")."""
    return (vocab.SEASONS_EN if languages.english else ()) + (vocab.SEASONS_ES if languages.spanish else ())


def compile_patterns(languages: Languages) -> DatePatterns:
    """The month-led, season and holiday regexes and the cue word sets for one language set."""
    english, spanish = languages.english, languages.spanish
    months = month_numbers(languages)
    month_re = trie_regex(months)
    weekdays = (calendar.weekday_words("en") if english else ()) + (calendar.weekday_words("es") if spanish else ())
    month_led = re.compile(
        rf"(?P<mon>{month_re})(?![^\W\d_])(?P<dot>\.)?"
        r"(?:(?:[ \t]*[-/][ \t]*|[ \t]+)(?P<md_d>[0-9]{1,2})(?P<md_o>st|nd|rd|th)?(?![0-9+]|:[0-9]|\.[0-9])"
        rf"(?:(?P<md_ys>,[ \t]*|[ \t]+|[ \t]*[-/][ \t]*|,?[ \t]+(?i:of)[ \t]+)(?P<md_y>{YEAR4}|'[0-9]{{2}}|[0-9]{{2}})(?![0-9]))?"
        rf"|(?:,?[ \t]+(?:(?i:of|de|del)[ \t]+)?|[ \t]*[-/][ \t]*)(?P<my_y>{YEAR4}|'[0-9]{{2}})(?![0-9]))"
    )
    season = re.compile(rf"(?i:{alt(_seasons(languages))})(?:[ \t]+(?i:of|de|del))?[ \t]+{YEAR4}(?![0-9])")
    holidays = _holidays(languages)
    # in any case ("the fourth of july" in an all-lower-case note) but for the two that are also phrases
    cased = [h for h in holidays if h in vocab.HOLIDAYS_CASED]
    any_case = [h for h in holidays if h not in cased]
    # the cased ones in capitals too, and in any case when a year follows ("labor day 2016")
    cased_re = ("|" + alt(cased + [h.upper() for h in cased]) + rf"|(?i:{alt(cased)})(?=[ \t]+{YEAR4})") if cased else ""
    holiday = re.compile("(?:(?i:" + alt(any_case) + ")" + cased_re + r")(?![\w'’])")
    return DatePatterns(
        month_numbers=months,
        month_led=month_led,
        season=season,
        holiday=holiday,
        weekday_words=frozenset(w.lower() for w in weekdays),
        year_cues=vocab.YEAR_CUES | (vocab.YEAR_CUES_ES if spanish else frozenset()),
        short_date_strong=vocab.SHORT_DATE_STRONG | (vocab.SHORT_DATE_STRONG_ES if spanish else frozenset()),
        short_date_weak=vocab.SHORT_DATE_WEAK | (vocab.SHORT_DATE_WEAK_ES if spanish else frozenset()),
    )


#: "09NOV2014" has English month abbreviations only
_ENGLISH_MONTHS = calendar.month_numbers("en")


def _iso_date(scan: Scan, m: re.Match) -> None:
    """"2019-03-04": a full ISO date with a valid month and day."""
    if month_day_ok(int(m.group("iso_m")), int(m.group("iso_d"))):
        scan.emit(m.start(), m.end(), "DATE", 1.0)


def _numeric_date(scan: Scan, m: re.Match) -> None:
    """"03/04/2019", "4.3.19": day and month in either order; dotted two-digit years need two-digit parts
    ("1.2.10" is a version).
    """
    a, b, y, sep = m.group("dmy_a"), m.group("dmy_b"), m.group("dmy_y"), m.group("dmy_s")
    if sep == "." and len(y) == 2 and not (len(a) == 2 and len(b) == 2):
        return
    if not day_month_either(int(a), int(b)):
        return
    if len(y) == 4 and not year4_ok(int(y)):
        return
    scan.emit(m.start(), m.end(), "DATE", 1.0 if len(y) == 4 else 0.9)


def _day_month_name(scan: Scan, m: re.Match) -> None:
    """"4 March 2019", "12 de octubre", "4th of May": a day before a month name, with or without a year.

    Lower-case month words that are everyday words ("may", "march") need a year or an
    ordinal; a date inside a place name ("Hospital 12 de Octubre") is not one.
    """
    day = int(m.group("dmn_d"))
    word = m.group("dmn_m")
    month = scan.p.dates.month_numbers.get(word.lower())
    if month is None or not month_day_ok(month, day):
        return
    sep = m.group("dmn_sep").strip().lower()
    ordinal = m.group("dmn_o") is not None
    year = m.group("dmn_y")
    year_ok = False
    if year:
        ys = (m.group("dmn_ys") or "").strip()
        if year.startswith("'"):
            year_ok = True
        elif len(year) == 2:
            year_ok = ys in ("-", "/", ".") and sep in ("-", "/", ".")
        else:
            year_ok = year4_ok(int(year))
    if not _month_case_ok(word, year_ok, ordinal or sep in ("of", "de") or _cued_day_month(scan, m)):
        return
    if sep == "de" and not scan.spanish:
        return
    prev = scan.prev_words(m.start())[0]
    if prev and prev[-1].lower() in vocab.DATE_IN_PLACE_NAME:
        return  # "Hospital Universitario 12 de Octubre"
    end = m.end("dmn_y") if year_ok else m.end("dmn_m")
    start = m.start()
    if ordinal or sep == "of":  # "the 20th of May": the article is part of the date as written
        the = _THE_BEFORE.search(scan.text, max(0, start - 8), start)
        start = the.start() if the else start
    scan.emit(start, end, "DATE", 1.0 if year_ok else 0.85)
    if year_ok and not ordinal and sep not in ("of", "de", "-", "/", "."):
        _listed_days(scan, start, month)


def _cued_day_month(scan: Scan, m: re.Match) -> bool:
    """"labs drawn on 27 dec", "a tb test before 18-jan", "vomiting since 1 may.": a lower-case day and month
    abbreviation after a date word ("on", "since", "before" ...); the ones that are words or shorthand as well
    ("may", "mar", "dec" for decreased) also close the clause ("since 1 may." but not "on 2 may need", "by 2 dec
    overnight")."""
    if date_cue(scan, m.start()) is None:
        return False
    word = m.group("dmn_m").lower()
    return word not in vocab.AMBIGUOUS_MONTHS or bool(_LOWER_MONTH_CLAUSE_END.match(scan.text, m.end("dmn_m")))


#: "15 and 16 October 2004", "1, 2 and 3 March 1999": the days listed before a dated day and month
#: (judgments date hearings so; a day list needs the year, so "BP 120 and 16 October" stays a pressure).
_DAYS_BEFORE = re.compile(r"(?<![\w.,/:])((?:[0-9]{1,2}(?:,[ \t]*|[ \t]*(?:-|–|&|and|to)[ \t]*))+)$")
_DAY = re.compile(r"[0-9]{1,2}")


def _listed_days(scan: Scan, start: int, month: int) -> None:
    """The other days of a listed date ("15 and 16 October 2004"): each a date of its own, when every one is a
    day of that month."""
    m = _DAYS_BEFORE.search(scan.text, max(0, start - 24), start)
    if not m:
        return
    days = list(_DAY.finditer(scan.text, m.start(1), m.end(1)))
    if all(month_day_ok(month, int(d.group())) for d in days):
        for d in days:
            scan.emit(d.start(), d.end(), "DATE", 0.85)


def _run_together_date(scan: Scan, m: re.Match) -> None:
    """"09NOV2014", "3Sep07": an EHR stamp with the parts run together."""
    month = _ENGLISH_MONTHS[m.group("dmc_m").lower()]
    year = m.group("dmc_y")
    if month_day_ok(month, int(m.group("dmc_d"))) and (len(year) == 2 or year4_ok(int(year))):
        scan.emit(m.start(), m.end(), "DATE", 0.9)


def _month_case_ok(word: str, has_year: bool, strong_context: bool) -> bool:
    """Lower-case "may", "march" or "dec" is an everyday word unless a year or an ordinal is there."""
    if word[:1].isupper():
        return True
    low = word.lower()
    if low in vocab.AMBIGUOUS_MONTHS or len(low) <= 4:
        return has_year or strong_context
    return True


def _short_date(scan: Scan, m: re.Match) -> None:
    """"3/4", "05/2019": a short date needs a cue, a range, a date row or a zero-padded form.

    Fractions, scores and doses share the shape ("1/2 tab", "5/5 strength"), so the
    words before decide: a strong cue ("DOB", "admitted"), a weak one ("on", "since")
    that fractions fail, or none.
    """
    a_txt, sep, b_txt = m.group("sh_a"), m.group("sh_s"), m.group("sh_b")
    a, b = int(a_txt), int(b_txt)
    s, e = m.start(), m.end()
    if len(b_txt) == 4:  # 05/2019: month and year
        if sep == "-" and signature_pager(scan, s, e):
            return
        if 1 <= a <= 12 and 1900 <= b <= MAX_YEAR and not scan.not_a_date_after(e):
            scan.emit(s, e, "DATE", 0.85)
        return
    if len(b_txt) == 3 or not (day_month_either(a, b) or (1 <= a <= 12 and len(b_txt) == 2)):
        return
    if scan.not_a_date_after(e):
        return
    if sep == "/" and _short_range(scan, s, e, a, b):
        return
    if sep == "/" and _in_date_row(scan, s):
        scan.emit(s, e, "DATE", 0.7)  # the column heads of a lab table: "5/31  6/6   6/7"
        return
    strength = date_cue(scan, s)
    if strength is None and sep == "/" and _COLON_AFTER.match(scan.text, e):
        strength = "weak"  # "Labs 12/3: Hgb 10.2"
    if strength is None and sep == "/" and a_txt[0] == "0" and len(b_txt) == 2 and b != 10:
        words = scan.prev_words(s)[0]
        if not (words and words[-1].lower() in _SCALE_WORDS):
            scan.emit(s, e, "DATE", 0.6)  # "return to work 03/15": no fraction or score is written "03/"
        return
    if strength is None or (sep == "-" and strength != "strong"):
        return
    if strength == "strong":
        scan.emit(s, e, "DATE", 0.8)
    elif not (a < b and b in _FRACTION_DENOMINATORS) or b_txt.startswith("0"):
        scan.emit(s, e, "DATE", 0.65)  # "01/04" is never a quarter


def _in_date_row(scan: Scan, pos: int) -> bool:
    """Whether the line holding ``pos`` is a row of two or more m/d dates in time order.

    Flow sheets and lab tables head their columns with bare dates ("5/31  6/6
    6/7"); strength or reflex grades in a row ("5/5 5/5 4/5", "4/5  5/5") repeat,
    fall or share one scale, so only a strictly later date each time (with one
    turn of the year) and not all over the same small number counts.
    """
    ls = scan.line_start(pos, limit=400)
    cached = scan.date_rows.get(ls)
    if cached is not None:
        return cached
    le = scan.text.find("\n", pos)
    m = _DATE_ROW.fullmatch(scan.text, ls, le if le >= 0 else scan.n)
    ok = False
    if m:
        pairs = _SHORT_DATE_PAIR.findall(m.group("row"))
        dates = [(int(a), int(b)) for a, b in pairs]
        ok = all(month_day_ok(a, b) for a, b in dates)
        if len(dates) == 1:  # a lone "09/28" heading a one-column table; never "10/10" or "5/5"
            a, b = pairs[0]
            ok = ok and len(a) == len(b) == 2 and ("0" in (a[0], b[0]) or int(b) > 12)
        if len({b for _, b in dates}) == 1 and dates[0][1] <= 10:
            ok = False  # "4/5  5/5", "9/10  10/10": grades out of the same scale
        wraps = 0
        for (m1, d1), (m2, d2) in zip(dates, dates[1:]):
            if not ok:
                break
            if (m2, d2) <= (m1, d1):
                wraps += 1
                ok = m1 >= 10 and m2 <= 3 and wraps == 1  # December to January
    scan.date_rows[ls] = ok
    return ok


def _short_range(scan: Scan, s: int, e: int, a: int, b: int) -> bool:
    """"3/4-3/6", "12/30-1/2": two short dates joined as a range are dates.

    Fractions ("1/2-3/4 tab") do not pass: the second must be the same month,
    later, or the next month.
    """
    m = _SHORT_RANGE_NEXT.match(scan.text, e)
    if not m:
        return False
    a2, b2 = int(m.group(1)), int(m.group(2))
    same_month_later = a2 == a and b2 > b
    next_month = a2 == a + 1 or (a == 12 and a2 == 1)
    if not (month_day_ok(a, b) and month_day_ok(a2, b2) and (same_month_later or next_month)):
        return False
    if b == b2 == 10 or scan.not_a_date_after(m.end()):
        return False  # "pain 7/10-8/10"
    scan.emit(s, e, "DATE", 0.7)
    scan.emit(m.start(1), m.end(), "DATE", 0.7)
    return True


def date_cue(scan: Scan, pos: int, follow_range: bool = True) -> str | None:
    """"strong", "weak" or None for the words just before a short date.

    The second date of a range ("from 4/3 to 4/5", "4/3-4/5") borrows the cue
    of the first one.
    """
    words, starts, between = scan.prev_words(pos)
    words = [w.lower() for w in words]
    if words and not between.strip(":#-,"):
        last = words[-1]
        if last in scan.p.dates.short_date_strong or last in scan.p.dates.weekday_words:
            return "strong"
        if last in scan.p.dates.short_date_weak and len(words) >= 2 and words[-2] in scan.p.dates.short_date_strong:
            return "strong"  # "discharged on 3/4"
        if len(words) >= 3 and words[-2] in ("of", "de") and words[-3] in ("date", "fecha"):
            return "strong"
        if last in scan.p.dates.short_date_weak or " ".join(words[-2:]) == "as of":
            return "weak"
    # a range: "4/3-4/5", "4/3 to 4/5"
    text = scan.text
    j = pos
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    if j > 0 and text[j - 1] in "-–,&":
        j -= 1
    elif words and words[-1] in ("to", "and", "through", "thru", "al", "y") and not between:
        j = starts[-1]
    else:
        return None
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    k = j
    while k > 0 and text[k - 1] in "0123456789/":
        k -= 1
    if (
        follow_range
        and k < j
        and _SHORT_DATE_PREV.fullmatch(text, k, j)
        and (k == 0 or not text[k - 1].isalnum())
        and date_cue(scan, k, follow_range=False)
    ):
        return "weak"
    return None


#: "-V", "-IV" after the year of "ECHR 1999-V": the volume of the European Court's reports.
_REPORT_VOLUME = re.compile(r"-[IVX]{1,5}(?![\w-])")
_REPORTS = ("ECHR ", "Reports ", "Decisions ")


def _year(scan: Scan, m: re.Match) -> None:
    """A four-digit year: with a year cue ("in 2015"), in brackets, opening a line, in a range, or bare where a
    year can stand.
    """
    s, e = m.start(), m.end()
    if signature_pager(scan, s, e):
        return
    if scan.unit_after(e) or _REPORT_VOLUME.match(scan.text, e) and scan.text.endswith(_REPORTS, 0, s):
        return  # ... or "ECHR 1999-V", "Reports 1996-IV": a volume of the Court's reports, no date of anyone's

    text = scan.text
    words, _, between = scan.prev_words(s)
    words = [w.lower() for w in words]
    ok = False
    if words and between in ("", ":", ",", "-") and (
        words[-1] in scan.p.dates.year_cues or " ".join(words[-2:]) in vocab.YEAR_CUES_2
    ):
        ok = True  # "in 2015", "since 1998", "status post 2010"
    elif between.endswith(("(", "[")):
        ok = _PAREN_YEAR_END.match(text, e) is not None  # "(2010)", "(1978 and 1979)"
    elif s - scan.line_start(s) < 8 and _BOL_BULLET.fullmatch(text[scan.line_start(s) : s].strip(" \t")):
        ok = _AFTER_BOL_YEAR.match(text, e) is not None  # "2010: CABG" opening a line
    rng = _YEAR_RANGE_AFTER.match(text, e)
    if rng and scan.unit_after(rng.end()):
        return  # "1900-2000 calories": a range of measurements
    if not ok:
        # a range "2010-2012": both ends are years, so both are dates
        ok = rng is not None or _YEAR_RANGE_BEFORE.search(text, max(0, s - 8), s) is not None
    if ok:
        scan.emit(s, e, "DATE", 0.75)
    elif _bare_year(scan, s, e, words, between):
        scan.emit(s, e, "DATE", 0.6)


def _bare_year(scan: Scan, s: int, e: int, words: list[str], between: str) -> bool:
    """A number 1900-2199 in running text with no year cue ("Tdap 1998", "PFTs on 2023").

    i2b2 notes write years bare in problem lists and immunisation lines, so an
    uncued year counts unless the number reads as a measurement, a clock time,
    a table cell or an identifier: a count or lab word before it ("Platelets 1998",
    "at 2000", "Room 2010"), a number next to it ("1950  2010" in a flow sheet),
    or a sign that makes it part of a ratio, range or code ("1:2000", "#2010").
    """
    text = scan.text
    if int(text[s:e]) < 1900 or between not in ("", ",", ":"):
        return False
    if words and words[-1] in vocab.NOT_YEAR_BEFORE:
        return False
    if not words and int(text[s + 2 : e]) < 60 and int(text[s : s + 2]) < 24:
        return False  # "2130 HE WAS TRANSFUSED": a clock time opening a line of an ED course
    j = s
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    if j > 0:
        c = text[j - 1]
        if c.isdigit() or c in "/:×*~<>=±+$#%.&":
            return False
        if c == "-" and (j < 2 or text[j - 2].isdigit() or text[j - 2] in " \t"):
            return False  # "1500-2000", "- 2000"
        if c == ",":
            k = j - 1
            while k > 0 and text[k - 1] in " \t":
                k -= 1
            if k > 0 and text[k - 1].isdigit():
                return False  # "1950, 2010, 2100": a list of values
    if _NEXT_VALUE.match(text, e) or _QUANTITY_AFTER.match(text, e):
        return False  # "1950  2010", "2000-3000", "2000-calorie", "2000 of heparin"
    return True


def _apostrophe_year(scan: Scan, m: re.Match) -> None:
    """"('91)", "since '98": a two-digit year after an apostrophe, with a year cue."""
    s, e = m.start(), m.end()
    words, _, between = scan.prev_words(s)
    if between.endswith(("(", "[")):
        ok = e < scan.n and scan.text[e] in ")],;"
    else:
        ok = bool(words) and not between and words[-1].lower() in scan.p.dates.year_cues
    if ok:
        scan.emit(s, e, "DATE", 0.7)
    elif words and not between and not scan.unit_after(e) and not _NEXT_VALUE.match(scan.text, e):
        scan.emit(s, e, "DATE", 0.6)  # "Tdap '86": an apostrophe before two digits is a year


def _month_led_date(scan: Scan, s: int) -> int:
    """"March 4, 2019", "Sept. 2019", "mayo de 2020": a date that starts with the month name."""
    m = scan.p.dates.month_led.match(scan.text, s)
    if not m:
        return _month_alone(scan, s)
    word = m.group("mon")
    month = scan.p.dates.month_numbers[word.lower()]
    if m.group("md_d"):
        day = int(m.group("md_d"))
        if not month_day_ok(month, day):
            return 0
        year = m.group("md_y")
        year_ok = False
        if year:
            ys = m.group("md_ys").strip()
            if year.startswith("'"):
                year_ok = True
            elif len(year) == 2:
                year_ok = ys in ("-", "/")
            else:
                year_ok = year4_ok(int(year))
        ordinal = m.group("md_o") is not None
        if not _month_case_ok(word, year_ok, ordinal) and not _lower_month_day(scan, s, m):
            return 0
        if word.lower() == "ago" and not year_ok and _after_duration(scan, s):
            return 0  # "DX 1 YEAR AGO. 2) BPH" in capitals: the English word, not Spanish August
        if year_ok:
            end, score = m.end("md_y"), 1.0
        else:
            end, score = m.end("md_o") if ordinal else m.end("md_d"), 0.85
    else:
        year = m.group("my_y")
        if not year.startswith("'") and not year4_ok(int(year)):
            return 0
        if not _month_case_ok(word, True, False):
            return 0
        end, score = m.end("my_y"), 0.9
    scan.emit(s, end, "DATE", score)
    return end


#: Lower-case month abbreviations that are also words or abbreviations ("may", "mar", "dec(reased)", "jan", "jun").
_LOWER_MONTH_NEEDS_CUE = frozenset({"may", "mar", "march", "dec", "jan", "jun", "sat", "sun", "set", "ago"})
#: Abbreviations of the list above that are names, not everyday words ("jan", "jun"): with a day that
#: closes the phrase they are dates ("drawn jan 5, repeat"); a name is not followed by a bare day.
_LOWER_MONTH_NAMES = frozenset({"jan", "jun"})
_LOWER_MONTH_CLAUSE_END = re.compile(r"[ \t]*(?:[.,;:)]|\n|$|(?:and|to|through|at)\b)")
#: Field labels before a colon that make a lower-case "dec 26" a date ("DATE OF SERVICE: dec 26").
_LOWER_MONTH_FIELDS = frozenset({
    "date", "dos", "dob", "seen", "on", "service", "visit", "procedure", "surgery", "admission", "admitted",
    "discharge", "discharged", "operation", "exam", "examination", "encounter", "consultation", "birth",
})
#: Words after which a lower-case "jan 5" or "may 24" is a date (besides the short-date cues).
_LOWER_MONTH_CUES = frozenset({"for", "clinic", "transcribed", "dictated", "signed", "scheduled", "of", "at"})


def _lower_month_day(scan: Scan, s: int, m: re.Match) -> bool:
    """"jan 5", "seen in clinic may 24": a lower-case month abbreviation with a day.

    Notes typed fast drop the capital; the day makes the abbreviation a date
    unless a unit follows ("dec 5 mm"). Abbreviations that are everyday words
    ("may", "mar", "dec") also need a date word before them.
    """
    word = m.group("mon").lower()
    if not m.group("mon").islower() or m.group("dot") and word in ("may",):
        return False
    if scan.unit_after(m.end("md_d")) or scan.not_a_date_after(m.end("md_d")):
        return False
    if word not in _LOWER_MONTH_NEEDS_CUE:
        return True
    if word in _LOWER_MONTH_NAMES and _LOWER_MONTH_CLAUSE_END.match(scan.text, m.end("md_d")):
        return True  # "labs drawn jan 5, repeat": no cue word, but the day closes the phrase
    words, _, between = scan.prev_words(s)
    last = words[-1].lower() if words else ""
    if between.strip() == ":" and last in _LOWER_MONTH_FIELDS:
        return True
    if between.strip() == "," and _closes_first_line(scan.text, s, m.end("md_d")):
        return True  # "holly gamez, dec 1": the name and the date of service on the note's first line
    if not between.strip() and word != "may" and len(words) >= 2 and words[-2].lower() == "last" \
            and re.match(r"[ \t]*(?:[.,;)]|\n|$)", scan.text[m.end("md_d") :]):
        return True  # "last colonoscopy jun 19.": when something was last done, closing the clause
    return not between.strip() and (last in _LOWER_MONTH_CUES or date_cue(scan, s) is not None)


_DURATIONS = frozenset({"year", "years", "yr", "yrs", "month", "months", "mo", "mos", "week", "weeks", "wk", "wks",
                        "day", "days", "hour", "hours", "hr", "hrs", "minute", "minutes", "min", "mins", "long"})


def _after_duration(scan: Scan, s: int) -> bool:
    """A duration word right before ``s`` ("1 year ago", "3 YRS AGO")."""
    words, _, between = scan.prev_words(s)
    return bool(words) and not between.strip() and words[-1].lower().rstrip(".") in _DURATIONS


def _closes_first_line(text: str, s: int, e: int) -> bool:
    """``text[s:e]`` stands after a comma at the end of the note's first line, which holds a few words."""
    head = text[:s].lstrip()
    line_end = text.find("\n", e)
    rest = text[e : len(text) if line_end == -1 else line_end]
    return "\n" not in head and len(head.split()) <= 5 and not rest.strip(" \t.")


def _month_alone(scan: Scan, s: int) -> int:
    """"a trip to Cuba in January", "since March": a capitalised month name alone after a time word."""
    m = _MONTH_NAME.match(scan.text, s)
    if not m:
        return 0
    words, _, between = scan.prev_words(s)
    if between or not words or words[-1].lower() not in _MONTH_ALONE_CUES:
        return 0
    scan.emit(s, m.end(), "DATE", 0.7)
    return m.end()


def _season(scan: Scan, s: int) -> int:
    """"winter 2019", "verano de 2018": a season with a year."""
    return scan.emit_match(scan.p.dates.season, s, "DATE", 0.8)


def _holiday(scan: Scan, s: int) -> int:
    """"Christmas", "Fourth of July", "Diwali 1999": i2b2 annotates holidays as dates; a year after one joins it."""
    m = scan.p.dates.holiday.match(scan.text, s)
    if not m:
        return 0
    year = _HOLIDAY_YEAR.match(scan.text, m.end())
    if year and not scan.unit_after(year.end()):
        scan.emit(s, year.end(), "DATE", 0.85)
        return year.end()
    scan.emit(s, m.end(), "DATE", 0.6)
    return m.end()


def extend_weekdays(scan: Scan, spans: list[tuple[int, int, str, float, int]]) -> list[tuple[int, int, str, float, int]]:
    """"Tuesday, March 4" is one DATE span; a weekday alone is not a date."""
    text = scan.text
    weekdays = scan.p.dates.weekday_words
    out = []
    for sp in spans:
        s = sp[0]
        j = s
        while j > 0 and text[j - 1] in " \t,":
            j -= 1
        if sp[2] == "DATE" and 3 < j < s and (text[j - 1].isalpha() or text[j - 1] == "."):
            words, starts, between = scan.prev_words(s, 24)
            if words and between in ("", ","):
                i = len(words) - 1
                if words[i].lower() == "the" and i > 0:
                    i -= 1
                w = words[i]
                cased = w[:1].isupper() or scan.spanish  # "sun 3/4" is not Sunday
                if w.lower() in weekdays and cased and (i == len(words) - 1 or not between):
                    sp = (starts[i],) + sp[1:]
        out.append(sp)
    return out


def _day_month_name_regex(lang: Languages) -> str:
    """A day before a month name of the languages, maybe an ordinal and a year."""
    return (
        r"(?P<dmn_d>[0-9]{1,2})(?P<dmn_o>(?i:st|nd|rd|th)|º|°|ª)?"
        r"(?P<dmn_sep>[ \t]+(?i:of|de)[ \t]+|[ \t]*-[ \t]*|/|\.[ \t]*|[ \t]+)"
        rf"(?P<dmn_m>{trie_regex(month_numbers(lang))})(?![^\W\d_])\.?"
        r"(?:(?P<dmn_ys>,?[ \t]+(?:(?i:of)[ \t]+)?|[ \t]+del?[ \t]+|[ \t]*[-/.][ \t]*|,[ \t]*)"
        rf"(?P<dmn_y>{YEAR4}|'?[0-9]{{2}})(?![0-9]))?"
    )


ISO_DATE = NumericShape(
    "iso",
    lambda lang: (
        rf"(?P<iso_y>{YEAR4})(?P<iso_s>[-/.])(?P<iso_m>[0-9]{{1,2}})(?P=iso_s)(?P<iso_d>[0-9]{{1,2}})(?![0-9])"
        rf"{_ISO_TIME}?"
    ),
    _iso_date,
)
NUMERIC_DATE = NumericShape(
    "dmy",
    lambda lang: (
        r"(?P<dmy_a>[0-9]{1,2})(?P<dmy_s>[/.-])(?P<dmy_b>[0-9]{1,2})(?P=dmy_s)"
        r"(?P<dmy_y>[0-9]{4}|[0-9]{2})(?![0-9])(?!(?P=dmy_s)[0-9])"
    ),
    _numeric_date,
)
DAY_MONTH_NAME = NumericShape("dmn", _day_month_name_regex, _day_month_name)
#: "09NOV2014", "3Sep07": day, month abbreviation and year run together (EHR stamps)
RUN_TOGETHER_DATE = NumericShape(
    "dmc",
    lambda lang: (
        r"(?P<dmc_d>[0-9]{1,2})(?P<dmc_m>(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEPT?|OCT|NOV|DEC)"
        r"|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec))(?P<dmc_y>[0-9]{4}|[0-9]{2})(?![0-9A-Za-z])"
    ),
    _run_together_date,
)
SHORT_DATE = NumericShape(
    "short",
    lambda lang: r"(?P<sh_a>[0-9]{1,2})(?P<sh_s>[/-])(?P<sh_b>[0-9]{4}|[0-9]{1,2})(?![0-9]|[/.:][0-9]|-(?![0-9]{1,2}/)[0-9])",
    _short_date,
)
YEAR = NumericShape("year", lambda lang: rf"{YEAR4}(?![0-9A-Za-z]|[.,:][0-9])", _year)
APOSTROPHE_YEAR = NumericShape("apos", lambda lang: r"['’][0-9]{2}(?![0-9A-Za-z'’])", _apostrophe_year)
MONTH_WORDS = CueWords("month", month_numbers, _month_led_date)
SEASON_WORDS = CueWords("season", _seasons, _season)
HOLIDAY_WORDS = CueWords("holiday", lambda lang: {h.split()[0].split("'")[0] for h in _holidays(lang)}, _holiday)
