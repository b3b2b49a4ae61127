"""Cheap arithmetic checks that turn a regex candidate into a confident hit.

A regex can say "two numbers and a slash"; only a check can say "a month and a
day". Keeping the checks as small pure functions makes them easy to test and
keeps the regexes free of numeric ranges, which are slow and hard to read.
"""

from __future__ import annotations

#: Longest day of each month (February allows the 29th).
_MONTH_DAYS = (0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)

MIN_YEAR = 1880
#: i2b2 2014 notes have their dates shifted into the 21st and 22nd centuries ("2107-09-18").
MAX_YEAR = 2199


def month_day_ok(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= _MONTH_DAYS[month]


def day_month_either(a: int, b: int) -> bool:
    """True when ``a/b`` reads as a date month-first or day-first."""
    return month_day_ok(a, b) or month_day_ok(b, a)


def year4_ok(year: int) -> bool:
    return MIN_YEAR <= year <= MAX_YEAR


def compact_date_ok(digits: str) -> bool:
    """``YYYYMMDD`` with a plausible year."""
    if len(digits) != 8:
        return False
    y, m, d = int(digits[:4]), int(digits[4:6]), int(digits[6:])
    return 1900 <= y <= MAX_YEAR and month_day_ok(m, d)


def ipv4_ok(candidate: str) -> bool:
    parts = candidate.split(".")
    if len(parts) != 4:
        return False
    for p in parts:
        if not p.isdigit() or int(p) > 255 or (len(p) > 1 and p[0] == "0"):
            return False
    # "1.2.3.4"-like version strings are rarer than addresses but still common;
    # require at least one octet of two digits or more.
    return any(len(p) > 1 for p in parts)


def dea_ok(candidate: str) -> bool:
    """DEA registration number: two letters and seven digits with a check digit."""
    if len(candidate) != 9 or not candidate[:2].isalpha() or not candidate[2:].isdigit():
        return False
    d = [int(c) for c in candidate[2:]]
    check = (d[0] + d[2] + d[4]) + 2 * (d[1] + d[3] + d[5])
    return check % 10 == d[6]


_VIN_VALUES = {
    **{str(i): i for i in range(10)},
    **dict(zip("ABCDEFGH", range(1, 9))),
    **dict(zip("JKLMN", range(1, 6))),
    "P": 7, "R": 9,
    **dict(zip("STUVWXYZ", range(2, 10))),
}
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def vin_ok(candidate: str) -> bool:
    """North American VIN: 17 characters, no I/O/Q, valid check digit in position 9."""
    if len(candidate) != 17:
        return False
    try:
        total = sum(_VIN_VALUES[c] * w for c, w in zip(candidate, _VIN_WEIGHTS))
    except KeyError:
        return False
    check = total % 11
    return candidate[8] == ("X" if check == 10 else str(check))


def luhn_ok(digits: str) -> bool:
    """Payment card check digit (13-19 digits)."""
    if not 13 <= len(digits) <= 19 or not digits.isdigit():
        return False
    total = 0
    for i, c in enumerate(reversed(digits)):
        d = int(c)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def count_digits(s: str) -> int:
    return sum(c.isdigit() for c in s)
