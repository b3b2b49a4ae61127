"""Numbers said, not typed: phone numbers and dates in words, as voice-dictated and phoned-in messages write them.

A message dictated to a phone, or a nurse-line call typed up word for word, spells out
what a form would print in digits: "call me back at oh seven seven one two, three four
five six seven eight", "my date of birth is the third of March nineteen sixty-two",
"June twenty-first". The digit scanner never sees them. A run of seven or more digit
words is a phone number (no prose counts so far but a counting-off, which climbs or falls
by one), and an ordinal day in words beside a month name is a date, with the year in
words or digits joined to it.
"""

from __future__ import annotations

import re

from .base import Scan, TextPass, gated_lines, matches_on_lines
from .regex_parts import YEAR4

#: The words a digit is said as; "oh" is zero in British and Irish phone numbers, "double"/"triple" repeat the next.
_DIGITS = {"zero": 0, "oh": 0, "nought": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9}
_DIGIT_WORD = r"(?:zero|oh|nought|one|two|three|four|five|six|seven|eight|nine)"
_SAID_DIGIT = rf"(?:(?:double|triple)[ \t]+)?{_DIGIT_WORD}"
#: Four or more said digits (seven or more once "double" and "triple" are counted), blanks, commas or hyphens between them (the groups people pause at).
_SPOKEN_NUMBER = re.compile(rf"(?i)(?<![\w-]){_SAID_DIGIT}(?:(?:[ \t]*[,-][ \t]*|[ \t]+){_SAID_DIGIT}){{3,}}(?![\w-])")
#: The trigger for the pass: two digit words in a row, which ordinary prose seldom has.
_TWO_DIGIT_WORDS = re.compile(rf"(?i)(?<![\w-]){_DIGIT_WORD}[ \t,-]+{_DIGIT_WORD}(?![\w-])")
_DIGIT_WORDS = ("zero", "oh", "nought", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
#: ``_TWO_DIGIT_WORDS`` for ``scan.lower`` of a ``scan.plain`` text, case-sensitive and opening with the digit
#: words' first letters (then each word's rest after its own letter): the same matches, the engine skipping
#: ahead to those letters instead of trying the look-behind at every character.
_TWO_DIGIT_WORDS_LOWER = re.compile(
    rf"[{''.join(sorted({w[0] for w in _DIGIT_WORDS}))}](?<![\w-].)"
    rf"(?:{'|'.join(f'(?<={w[0]}){w[1:]}' for w in _DIGIT_WORDS)})[ \t,-]+{_DIGIT_WORD}(?![\w-])")

_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINAL_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_ORDINAL_TEENS = ("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
                  "seventeenth", "eighteenth", "nineteenth")
#: A day of the month as an ordinal in words ("third", "twenty-first", "thirty first") or in digits ("3rd").
_ORDINAL_DAY = (rf"(?:(?:twenty|thirty)[ \t-]?(?:{'|'.join(_ORDINAL_UNITS)})|twentieth|thirtieth"
                rf"|{'|'.join(_ORDINAL_TEENS)}|{'|'.join(_ORDINAL_UNITS)}|[0-9]{{1,2}}(?:st|nd|rd|th))")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december", "sept")
_MONTH = rf"(?:{'|'.join(_MONTHS)})"
_TWO_DIGITS_WORDS = (rf"(?:(?:{'|'.join(_TENS)})(?:[ \t-]?(?:{'|'.join(_UNITS)}))?|{'|'.join(_TEENS)}"
                     rf"|(?:oh|o)[ \t-]?(?:{'|'.join(_UNITS)}))")
#: A year said aloud: "nineteen sixty-two", "nineteen oh five", "twenty fifteen", "two thousand and nine", or digits.
_YEAR = (rf"(?:{YEAR4}(?![0-9])|(?:nineteen|eighteen)[ \t-]+(?:hundred|{_TWO_DIGITS_WORDS})"
         rf"|twenty[ \t-]+(?:{_TWO_DIGITS_WORDS})|two[ \t]+thousand(?:[ \t]+(?:and[ \t]+)?"
         rf"(?:{_TWO_DIGITS_WORDS}|{'|'.join(_UNITS)}))?)")
_YEAR_AFTER = rf"(?:,?[ \t]+(?:(?:of|in)[ \t]+)?(?P<year>{_YEAR})(?![\w-]))?"
#: "the third of March", "3rd March", "twenty-first of june 1999" (day first) ...
_DAY_FIRST = re.compile(
    rf"(?i)(?<![\w-])(?P<the>the[ \t]+)?(?P<day>{_ORDINAL_DAY})[ \t]+(?:(?P<of>of)[ \t]+)?(?P<month>{_MONTH})(?![\w-])"
    + _YEAR_AFTER)
#: ... "March third", "March the 3rd", "june twenty-first nineteen ninety-two" (month first).
_MONTH_FIRST = re.compile(
    rf"(?i)(?<![\w-])(?P<month>{_MONTH})[ \t]+(?P<the>the[ \t]+)?(?P<day>{_ORDINAL_DAY})(?![\w-])" + _YEAR_AFTER)
#: A lower-case "may" or "march" before an ordinal is a verb as often as a month ("you may first want to"):
#: then only these words before it make it a date.
_VERB_MONTHS = frozenset({"may", "march"})
_DATE_WORDS_BEFORE = re.compile(
    r"(?i)(?<![\w'’-])(?:on|since|from|until|till|by|before|after|is|was|birth|dob|born|date|of|til)[ \t]*[:,]?[ \t]*$")
_GATE_MONTH = re.compile(rf"(?i)(?<![\w-]){_MONTH}(?![\w-])")
#: ``_GATE_MONTH`` without its look-behind and case-blindness, for ``scan.lower`` of a ``scan.plain`` text: it
#: finds every line and text that one finds (and a few more: "dismay"), in half the time (its first letters
#: let the engine skip ahead).
_MONTH_IN_LOWER = re.compile(rf"{_MONTH}(?![\w-])")
#: What every ``_ORDINAL_DAY`` holds, in lower case ("first", "3rd", "twenty-fourth", "twelfth"): a line with a
#: month but none of these holds no worded date.
_GATE_ORDINAL = re.compile(r"first|second|third|[0-9](?:st|nd|rd|th)|(?:four|fif|six|seven|eigh|nin|ten|eleven|twelf|teen|tie)th")


def _ordinal_value(word: str) -> int:
    low = re.sub(r"[ \t-]+", " ", word.lower())
    if low[0].isdigit():
        return int(re.match(r"[0-9]+", low).group())
    if low in ("twentieth", "thirtieth"):
        return 20 if low == "twentieth" else 30
    base = 0
    for tens, value in (("twenty", 20), ("thirty", 30)):
        if low.startswith(tens):
            base, low = value, low[len(tens):].strip()
    if low in _ORDINAL_UNITS:
        return base + _ORDINAL_UNITS.index(low) + 1
    return base + _ORDINAL_TEENS.index(low) + 10


def find_spoken_phones(scan: Scan) -> None:
    """"oh seven seven one two, three four five six seven eight": seven or more digits said in words.

    Seven digits said in a row are a telephone (or an ID read out) in a message; a counting-off
    ("one two three four five six seven") climbs or falls by one the whole way and is left alone.
    """
    for m in _SPOKEN_NUMBER.finditer(scan.text):
        digits: list[int] = []
        times = 1
        for word in re.findall(r"[A-Za-z]+", m.group()):
            low = word.lower()
            if low in ("double", "triple"):
                times = 2 if low == "double" else 3
                continue
            digits += [_DIGITS[low]] * times
            times = 1
        steps = {b - a for a, b in zip(digits, digits[1:])}
        if len(digits) < 7 or steps in ({1}, {-1}):
            continue
        scan.emit(m.start(), m.end(), "PHONE", 0.8)


def _emit_worded_date(scan: Scan, m: re.Match, month_first: bool) -> None:
    month = m.group("month")
    day = _ordinal_value(m.group("day"))
    if not 1 <= day <= 31:
        return
    if day == 4 and month.lower() == "july" and m.groupdict().get("of") and not m.group("year"):
        return  # "the fourth of July" is the holiday, which ``dates`` names as it is written
    if month.islower() and month in _VERB_MONTHS and not m.group("year"):
        if not month_first and not m.group("of"):
            return  # "the second may be", "the first march on the city"
        if month_first and not m.group("the") and not _DATE_WORDS_BEFORE.search(
                scan.text, max(0, m.start() - 20), m.start()):
            return  # "you may first want to", "they march second"
    end = m.end("year") if m.group("year") else m.end()
    scan.emit(m.start(), end, "DATE", 0.9 if m.group("year") else 0.8)


def find_worded_dates(scan: Scan) -> None:
    """"the third of March", "June twenty-first", "March 3rd nineteen sixty-two": a date whose day is said.

    The digit scanner finds "March 3" and "3 March"; a dictated or typed-as-said date writes the day
    as an ordinal word and often the year in words too, which then belongs to the date.
    """
    # a match never crosses a line break and holds a month name: only the lines holding one are scanned (when the
    # lowered copy reads as IGNORECASE does, ``scan.plain``); the two patterns are slow, so even in a short note.
    # Each match holds an ordinal day too: of the month's lines, only those holding one are kept.
    if scan.plain:
        lower, ordinal = scan.lower, _GATE_ORDINAL.search
        lines = [(a, b) for a, b in gated_lines(_MONTH_IN_LOWER, scan.text, lower) if ordinal(lower, a, b)]
    else:
        lines = [(0, scan.n)]
    for pattern, month_first in ((_DAY_FIRST, False), (_MONTH_FIRST, True)):
        for m in matches_on_lines(pattern, scan.text, lines):
            year = m.group("year")
            said = not m.group("day")[0].isdigit() or (year and not year[0].isdigit())
            if said or month_first and m.group("the"):
                _emit_worded_date(scan, m, month_first)  # "3rd March 2019" is the digit scanner's; "August the 3rd" not


SPOKEN_PHONES = TextPass(("PHONE",), lambda scan: (_TWO_DIGIT_WORDS_LOWER if scan.plain else _TWO_DIGIT_WORDS)
                         .search(scan.lower) is not None, find_spoken_phones)
WORDED_DATES = TextPass(("DATE",), lambda scan: (_MONTH_IN_LOWER if scan.plain else _GATE_MONTH).search(scan.lower)
                        is not None, find_worded_dates)
