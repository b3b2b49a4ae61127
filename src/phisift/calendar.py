"""Month and weekday names in English and Spanish: the one table every part of phisift reads.

The rule detector needs every spelling a note uses ("Sept", "setiembre", "miercoles")
to find dates, and date shifting needs the canonical names to write a shifted date
back in the style of the original. Both read them here, so a language or a spelling
is added once. Core module: it imports nothing from phisift.
"""

from __future__ import annotations

#: Full month names, January first, per language.
MONTHS: dict[str, tuple[str, ...]] = {
    "en": ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december"),
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
           "septiembre", "octubre", "noviembre", "diciembre"),
}
#: Full weekday names, Monday first (the order of ``date.weekday()``), per language.
WEEKDAYS: dict[str, tuple[str, ...]] = {
    "en": ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
    "es": ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
}
#: Month spellings beyond the full name and its first three letters.
OTHER_MONTH_SPELLINGS: dict[str, dict[str, int]] = {
    "en": {"sept": 9},
    "es": {"setiembre": 9, "set": 9},
}
#: Weekday spellings notes use besides the full names: abbreviations, accents left out.
OTHER_WEEKDAY_SPELLINGS: dict[str, tuple[str, ...]] = {
    "en": ("mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"),
    "es": ("miercoles", "sabado"),
}


def month_numbers(language: str) -> dict[str, int]:
    """Every spelling of a month in ``language`` (lower case) -> its number 1-12.

    Full names, three-letter abbreviations and the other spellings of
    ``OTHER_MONTH_SPELLINGS``.
    """
    names = MONTHS[language]
    numbers = {name: i for i, name in enumerate(names, 1)}
    for i, name in enumerate(names, 1):
        numbers.setdefault(name[:3], i)
    numbers.update(OTHER_MONTH_SPELLINGS[language])
    return numbers


def weekday_words(language: str) -> tuple[str, ...]:
    """Every spelling of a weekday in ``language`` (lower case)."""
    return WEEKDAYS[language] + OTHER_WEEKDAY_SPELLINGS[language]
