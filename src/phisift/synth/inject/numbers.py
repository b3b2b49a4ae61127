"""Ages and dates in the forms notes write them, and look-alike numbers that are not PHI.

Dates: ordinary US and European forms, lower-case month abbreviations ("jan 5"),
"the 20th of May", ISO date-times, holidays with a year. Ages: digits and words
("a ninety-seven-year-old"). Negatives: blood pressures, pain scores, visual
acuity, ABG triplets, doses, murmur grades and strength scores. They carry no
gold span, so a detector that calls them dates or IDs pays in precision.
"""

from __future__ import annotations

from datetime import date, timedelta

from .phrase import Ctx, Phrase, lit, phi

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
UNITS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
         "nineteen")
TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
HOLIDAYS = ("Christmas", "Christmas Eve", "Thanksgiving", "Easter", "New Year's Day", "New Year's Eve",
            "Labor Day", "Memorial Day", "Independence Day", "Fourth of July", "Halloween", "Boxing Day",
            "Valentine's Day", "Mother's Day", "Hanukkah", "Diwali", "Eid al-Fitr", "Yom Kippur")


def number_words(n: int) -> str:
    """1..119 in words, hyphenated as "ninety-seven"."""
    if n >= 100:
        rest = n - 100
        return "one hundred" + (f" and {number_words(rest)}" if rest else "")
    if n < 10:
        return UNITS[n]
    if n < 20:
        return TEENS[n - 10]
    return TENS[n // 10] + (f"-{UNITS[n % 10]}" if n % 10 else "")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def a_date(ctx: Ctx) -> date:
    return date(1990, 1, 1) + timedelta(days=ctx.rng.randrange(0, 13000))


DATE_FORMS = (
    "us_slash", "us_slash", "long", "long", "day_month_year", "lower_abbrev", "lower_abbrev", "the_nth_of",
    "iso_datetime", "iso_date", "holiday_year", "dotted", "month_year", "abbrev_dash",
)


def date_phrase(ctx: Ctx, form: str | None = None) -> Phrase:
    """A date as one DATE span in one of DATE_FORMS."""
    form = form or ctx.pick(DATE_FORMS)
    d = a_date(ctx)
    month = MONTHS[d.month - 1]
    if form == "us_slash":
        text = f"{d.month}/{d.day}/{d.year}" if ctx.chance(0.5) else f"{d.month:02d}/{d.day:02d}/{d.year % 100:02d}"
    elif form == "long":
        text = f"{month} {d.day}, {d.year}"
    elif form == "day_month_year":
        text = f"{d.day} {month[:3]} {d.year}"
    elif form == "lower_abbrev":
        text = f"{month[:3].lower()} {d.day}" + (f" {d.year}" if ctx.chance(0.4) else "")
    elif form == "the_nth_of":
        text = f"the {_ordinal(d.day)} of {month}" + (f" {d.year}" if ctx.chance(0.3) else "")
    elif form == "iso_datetime":
        sep = ctx.pick(("T", " "))
        text = f"{d.isoformat()}{sep}{ctx.rng.randrange(24):02d}:{ctx.rng.randrange(60):02d}"
        text += ctx.pick((":00Z", "", ":31", "+01:00"))
    elif form == "iso_date":
        text = d.isoformat()
    elif form == "holiday_year":
        text = f"{ctx.pick(HOLIDAYS)} {d.year}"
    elif form == "dotted":
        text = f"{d.day:02d}.{d.month:02d}.{d.year}"
    elif form == "month_year":
        text = f"{month} of {d.year}" if ctx.chance(0.5) else f"{month} {d.year}"
    else:
        text = f"{d.day:02d}-{month[:3].upper()}-{d.year}"
    return (phi(text, "DATE", "date", form),)


def age_phrase(ctx: Ctx) -> Phrase:
    """An age with its frame: "a ninety-seven-year-old", "aged 72", "72 y/o", "age: 91"."""
    n = ctx.rng.randrange(2, 104)
    roll = ctx.rng.random()
    if roll < 0.35:
        words = number_words(n)
        article = "an" if words[0] in "aeio" else "a"
        return (lit(f"{article} "), phi(words, "AGE", "age", "words_hyphen"), lit("-year-old"))
    if roll < 0.5:
        return (lit("aged "), phi(number_words(n), "AGE", "age", "words"))
    if roll < 0.65:
        return (phi(str(n), "AGE", "age", "y_o"), lit(ctx.pick((" y/o", "yo", " yo", " y.o.", "y"))))
    if roll < 0.8:
        return (lit(ctx.pick(("age ", "Age: ", "aged "))), phi(str(n), "AGE", "age", "cued_digits"))
    return (lit("a "), phi(str(n), "AGE", "age", "digits_hyphen"), lit("-year-old"))


def age_value(ctx: Ctx) -> Phrase:
    """A bare age for a form field ("Age: 91", "Age: ninety-one")."""
    n = ctx.rng.randrange(1, 104)
    if ctx.chance(0.3):
        return (phi(number_words(n), "AGE", "age", "field_words"),)
    return (phi(str(n), "AGE", "age", "field_digits"),)


NEGATIVES = (
    ("BP {a}/{b}", "blood_pressure"), ("blood pressure {a}/{b} mmHg", "blood_pressure"),
    ("pain {p}/10", "pain_score"), ("rates her pain as {p} out of 10", "pain_score"),
    ("visual acuity 20/{va} OD and 20/{va2} OS", "visual_acuity"), ("VA 20/{va}", "visual_acuity"),
    ("ABG {ph}/{co2}/{o2}", "abg"), ("ABG on room air {ph}/{co2}/{o2}", "abg"),
    ("hydrocodone {h}/325 mg", "dose"), ("Percocet {h}/325 one to two tabs q.4-6h.", "dose"),
    ("a {g}/6 systolic murmur", "murmur_grade"), ("strength {s}/5 in the deltoids", "strength"),
    ("GCS {gcs}", "score"), ("K {k} mEq/L, Cr {cr}", "lab_value"), ("HbA1c {a1c}%", "lab_value"),
)


def negative_clause(ctx: Ctx) -> tuple[str, str]:
    """A clinical measurement that looks like a date or an ID but is not PHI (text, kind)."""
    template, kind = ctx.pick(NEGATIVES)
    r = ctx.rng
    text = template.format(
        a=r.randrange(90, 190), b=r.randrange(50, 110), p=r.randrange(0, 11),
        va=ctx.pick((20, 25, 30, 40, 50, 70, 100, 200)),
        va2=ctx.pick((20, 25, 30, 40, 60)), ph=f"7.{r.randrange(20, 50)}", co2=r.randrange(25, 70),
        o2=r.randrange(50, 110), h=ctx.pick((5, 7.5, 10)), g=r.randrange(1, 5), s=r.randrange(2, 6),
        gcs=r.randrange(3, 16), k=f"{r.randrange(30, 55) / 10:.1f}", cr=f"{r.randrange(6, 30) / 10:.1f}",
        a1c=f"{r.randrange(50, 120) / 10:.1f}",
    )
    return text, kind
