"""Holidays as dates: which day of a given year each named holiday falls on.

The rule detector finds holidays as DATE spans ("Christmas 2023", "Thanksgiving");
to shift one, the date shifter needs the day it names. Fixed holidays have a fixed
day; movable ones follow their rule (the fourth Thursday of November, Easter by the
Gregorian computus). The Jewish holidays move with a lunar calendar that is not
computed here: they get a typical day of their season, which is enough to shift them
(the shifted date is written out as a month and day, never as the holiday's name).
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from dateutil.easter import easter


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th given weekday (0 = Monday) of a month; n = -1 is the last one."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _fixed(month: int, day: int):
    return lambda year: date(year, month, day)


def _nth(month: int, weekday: int, n: int):
    return lambda year: _nth_weekday(year, month, weekday, n)


def _easter(days: int):
    return lambda year: easter(year) + timedelta(days=days)


#: lower-case holiday name -> (rule year -> date, language of the name)
HOLIDAYS: dict[str, tuple] = {
    "christmas eve": (_fixed(12, 24), "en"), "christmas day": (_fixed(12, 25), "en"),
    "christmas": (_fixed(12, 25), "en"), "new year's eve": (_fixed(12, 31), "en"),
    "new years eve": (_fixed(12, 31), "en"), "new year's day": (_fixed(1, 1), "en"),
    "new years day": (_fixed(1, 1), "en"), "new year's": (_fixed(1, 1), "en"),
    "independence day": (_fixed(7, 4), "en"), "fourth of july": (_fixed(7, 4), "en"),
    "halloween": (_fixed(10, 31), "en"), "valentine's day": (_fixed(2, 14), "en"),
    "veterans day": (_fixed(11, 11), "en"), "veteran's day": (_fixed(11, 11), "en"),
    "thanksgiving day": (_nth(11, 3, 4), "en"), "thanksgiving": (_nth(11, 3, 4), "en"),
    "memorial day": (_nth(5, 0, -1), "en"), "labor day": (_nth(9, 0, 1), "en"),
    "martin luther king day": (_nth(1, 0, 3), "en"), "mlk day": (_nth(1, 0, 3), "en"),
    "presidents day": (_nth(2, 0, 3), "en"), "presidents' day": (_nth(2, 0, 3), "en"),
    "columbus day": (_nth(10, 0, 2), "en"), "mother's day": (_nth(5, 6, 2), "en"),
    "father's day": (_nth(6, 6, 3), "en"), "easter sunday": (_easter(0), "en"),
    "easter": (_easter(0), "en"), "good friday": (_easter(-2), "en"),
    "yom kippur": (_fixed(9, 25), "en"), "rosh hashanah": (_fixed(9, 16), "en"),
    "hanukkah": (_fixed(12, 15), "en"),
    "nochebuena": (_fixed(12, 24), "es"), "navidad": (_fixed(12, 25), "es"),
    "nochevieja": (_fixed(12, 31), "es"), "año nuevo": (_fixed(1, 1), "es"),
    "día de reyes": (_fixed(1, 6), "es"), "dia de reyes": (_fixed(1, 6), "es"),
    "semana santa": (_easter(-7), "es"), "viernes santo": (_easter(-2), "es"),
    "jueves santo": (_easter(-3), "es"),
}

HOLIDAY_RE = re.compile(
    r"(?<![\w'’])(?:" + "|".join(re.escape(h).replace("'", "['’]")
                                for h in sorted(HOLIDAYS, key=len, reverse=True)) + r")(?![\w'’])",
    re.IGNORECASE,
)


def holiday_date(name: str, year: int) -> date:
    """The day of ``year`` the holiday ``name`` (any case, either apostrophe) falls on."""
    return HOLIDAYS[name.lower().replace("’", "'")][0](year)


def holiday_language(name: str) -> str:
    return HOLIDAYS[name.lower().replace("’", "'")][1]
