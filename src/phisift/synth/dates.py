"""Dates, ages and the patient's timeline for synthetic notes.

Split out of ``values.py`` (people, places, institutions, numbers) so each module
holds one kind of value. The month and weekday names here are the generator's own:
it must not share tables with the detectors it is used to test.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from .builder import Phi, Piece

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
MONTHS_ABBR = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

# The brief for this set leaves weekday names outside DATE spans ("Tuesday 3/4" -> "3/4").
# Flip this to annotate them as DATE if the guidelines in use say otherwise.
WEEKDAYS_ARE_DATES = False

FULL_DATE_STYLES = {
    # name: weight as a note's house style
    "m/d/Y": 14, "mm/dd/Y": 18, "m/d/y": 10, "mm/dd/yy": 5, "Y-mm-dd": 8, "Month d, Y": 10, "Mon d, Y": 6,
    "Mon. d, Y": 2, "d Month Y": 3, "d Mon Y": 3, "Mon-dd-Y": 2, "dd-Mon-Y": 3, "ddMONY": 1, "m-d-Y": 3,
    "mm-dd-yy": 2, "Ymmdd": 1, "Month dth, Y": 3, "dth of Month, Y": 1, "mm.dd.Y": 1,
}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def format_date(d: date, style: str) -> str:
    m, dd, y = d.month, d.day, d.year
    return {
        "m/d/Y": f"{m}/{dd}/{y}", "mm/dd/Y": f"{m:02d}/{dd:02d}/{y}", "m/d/y": f"{m}/{dd}/{y % 100:02d}",
        "mm/dd/yy": f"{m:02d}/{dd:02d}/{y % 100:02d}", "Y-mm-dd": f"{y}-{m:02d}-{dd:02d}",
        "Month d, Y": f"{MONTHS[m - 1]} {dd}, {y}", "Mon d, Y": f"{MONTHS_ABBR[m - 1]} {dd}, {y}",
        "Mon. d, Y": f"{MONTHS_ABBR[m - 1]}{'' if m == 5 else '.'} {dd}, {y}", "d Month Y": f"{dd} {MONTHS[m - 1]} {y}",
        "d Mon Y": f"{dd} {MONTHS_ABBR[m - 1]} {y}", "Mon-dd-Y": f"{MONTHS_ABBR[m - 1]}-{dd:02d}-{y}",
        "dd-Mon-Y": f"{dd:02d}-{MONTHS_ABBR[m - 1]}-{y}", "ddMONY": f"{dd:02d}{MONTHS_ABBR[m - 1].upper()}{y}",
        "m-d-Y": f"{m}-{dd}-{y}", "mm-dd-yy": f"{m:02d}-{dd:02d}-{y % 100:02d}", "Ymmdd": f"{y}{m:02d}{dd:02d}",
        "Month dth, Y": f"{MONTHS[m - 1]} {_ordinal(dd)}, {y}", "dth of Month, Y": f"{_ordinal(dd)} of {MONTHS[m - 1]}, {y}",
        "mm.dd.Y": f"{m:02d}.{dd:02d}.{y}",
        # without a year
        "m/d": f"{m}/{dd}", "mm/dd": f"{m:02d}/{dd:02d}", "Month d": f"{MONTHS[m - 1]} {dd}",
        "Mon d": f"{MONTHS_ABBR[m - 1]} {dd}", "Month dth": f"{MONTHS[m - 1]} {_ordinal(dd)}",
        "dth of Month": f"{_ordinal(dd)} of {MONTHS[m - 1]}", "d Mon": f"{dd} {MONTHS_ABBR[m - 1]}",
        # partial
        "Month Y": f"{MONTHS[m - 1]} {y}", "Mon Y": f"{MONTHS_ABBR[m - 1]} {y}", "m/Y": f"{m}/{y}",
        "mm/Y": f"{m:02d}/{y}", "Month of Y": f"{MONTHS[m - 1]} of {y}", "Y": f"{y}", "'yy": f"'{y % 100:02d}",
        "Month": MONTHS[m - 1], "m/yy": f"{m}/{y % 100:02d}",
    }[style]


def season_of(d: date) -> str:
    return ("winter", "winter", "spring", "spring", "spring", "summer", "summer", "summer", "fall", "fall",
            "fall", "winter")[d.month - 1]


HOLIDAYS = ("Christmas", "Thanksgiving", "New Year's Day", "New Year's Eve", "Easter", "Memorial Day",
            "Labor Day", "the Fourth of July", "Christmas Eve", "Halloween", "Mother's Day", "Father's Day",
            "Valentine's Day")


def date_pieces(d: date, style: str, rng: random.Random) -> list[Piece]:
    """Pieces for a date; words around the date that are not part of it stay outside the span."""
    if style == "season Y":
        if rng.random() < 0.5:
            return [Phi(f"{season_of(d)} {d.year}", "DATE")]
        return ["the ", Phi(f"{season_of(d)} of {d.year}", "DATE")]
    if style == "weekday m/d":
        wd = WEEKDAYS[d.weekday()]
        if WEEKDAYS_ARE_DATES:
            return [Phi(f"{wd} {d.month}/{d.day}", "DATE")]
        return [f"{wd} ", Phi(f"{d.month}/{d.day}", "DATE")]
    if style == "weekday, Month d":
        wd = WEEKDAYS[d.weekday()]
        if WEEKDAYS_ARE_DATES:
            return [Phi(f"{wd}, {MONTHS[d.month - 1]} {d.day}", "DATE")]
        return [f"{wd}, ", Phi(f"{MONTHS[d.month - 1]} {d.day}", "DATE")]
    if style == "holiday":
        h = rng.choice(HOLIDAYS)
        if h.startswith("the "):
            return ["the ", Phi(h[4:], "DATE")]
        return [Phi(h, "DATE")]
    if style in ("dth of Month", "dth of Month, Y") and rng.random() < 0.6:
        return ["the ", Phi(format_date(d, style), "DATE")]
    return [Phi(format_date(d, style), "DATE")]


# --------------------------------------------------------------------------- ages


def age_pieces(age: int, style: str, sex: str = "") -> list[Piece]:
    """Only the number is AGE: "67-year-old" -> AGE "67"."""
    a = Phi(str(age), "AGE")
    forms: dict[str, list[Piece]] = {
        "yo_adj": [a, "-year-old"], "yo_adj_sp": [a, " year old"], "yo": [a, " yo"], "y/o": [a, " y/o"],
        "y.o.": [a, " y.o."], "yr": [a, "-yr-old"], "years old": [a, " years old"], "age": ["age ", a],
        "aged": ["aged ", a], "years of age": [a, " years of age"], "Age:": ["Age: ", a], "yoM": [a, " yo ", sex or "M"],
        "decade": [Phi(f"{age // 10 * 10}s", "AGE")], "yrs": [a, " yrs"],
    }
    return forms[style]


AGE_ADJ_STYLES = ("yo_adj", "yo_adj", "yo_adj", "yo_adj_sp", "yo", "yo", "y/o", "y/o", "y.o.", "yr")


# --------------------------------------------------------------------------- timeline


@dataclass
class Timeline:
    """The dates of one note: when it was written and what happened before."""

    note: date
    admit: date
    discharge: date
    dob: date
    age: int
    house_style: str
    future_shift: bool  # i2b2-style surrogate years (2060-2110)
    extra: dict[str, date] = field(default_factory=dict)

    def before(self, rng: random.Random, min_days: int, max_days: int) -> date:
        return self.note - timedelta(days=rng.randint(min_days, max_days))

    def after(self, rng: random.Random, min_days: int, max_days: int) -> date:
        return self.note + timedelta(days=rng.randint(min_days, max_days))


def make_timeline(rng: random.Random, age: int) -> Timeline:
    future = rng.random() < 0.3
    year = rng.randint(2060, 2108) if future else rng.choice((rng.randint(1998, 2024), rng.randint(2010, 2024)))
    note = date(year, 1, 1) + timedelta(days=rng.randint(0, 364))
    los = rng.choice((1, 2, 2, 3, 3, 4, 5, 6, 7, 9, 12, 16))
    admit = note - timedelta(days=los)
    birth_year = note.year - age
    dob = date(birth_year, 1, 1) + timedelta(days=rng.randint(0, 364))
    if (note.month, note.day) < (dob.month, dob.day):
        dob = date(birth_year - 1, dob.month, min(dob.day, 28))
    styles, weights = zip(*FULL_DATE_STYLES.items())
    house = rng.choices(styles, weights)[0]
    return Timeline(note, admit, note, dob, age, house, future)


def patient_age(rng: random.Random) -> int:
    r = rng.random()
    if r < 0.06:
        return rng.randint(90, 104)  # over 89: HIPAA PHI in itself
    if r < 0.13:
        return rng.randint(18, 35)
    if r < 0.15:
        return rng.randint(2, 17)
    return rng.randint(36, 89)
