"""Spans of years ("in 1995-96", "the 1999/2000 season") and lists and ranges of days before one month name: "on 3 and 4 May 1999", "between 3 and 5 June", "on
12, 13 and 14 March" (issue 15, court judgments).

Judgments date hearings and detentions in such lists; the date rules find the last day with its month
("5 June") and leave the days before it, which are dates of the same month. Each leading day is a
``DATE`` of its own. Only days of one or two digits (and their ordinal suffix) joined by a comma, "and",
"or", "to" or a dash, right before the month, count: "3 to 5 mg" has no month, "Article 3 and 5 June"
keeps its article (the article rule's number is no day of a list here either: a word before the first
number that makes it a reference stops the match).
"""

from __future__ import annotations

import re

from .base import Scan, TextPass, matches_on_lines, started_finditer

_MONTH = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
          r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b")
_DAY = r"(?:0?[1-9]|[12][0-9]|3[01])(?:st|nd|rd|th)?"
_JOIN = r"(?:[ \t]*,[ \t]*|[ \t]+(?:and|or|to|&)[ \t]+|[ \t]*[-–][ \t]*)"
#: The days before a month, matched backwards from the month in a short window ending at it.
_DAYS_BEFORE = re.compile(
    rf"(?<![\w/.,:§-])(?P<days>{_DAY}(?:{_JOIN}{_DAY})*){_JOIN}(?:and[ \t]+)?{_DAY}[ \t]+(?:of[ \t]+)?$")
#: A month name: the scan starts at the few months a text holds, not at its every digit.
_MONTH_AT = re.compile(r"(?<![\w])" + _MONTH)
#: Where a ``_MONTH_AT`` can start: a month's capital after no word character (the engine skips to the capitals).
_MONTH_START = re.compile(r"[ADFJMNOS](?<![\w].)")
_ONE_DAY = re.compile(_DAY)
#: Words before the first number that make it a reference, not a day: "Articles 3 and 5 June" cannot occur,
#: but "paragraphs 12 and 14 March" may (a paragraph number beside a month heading).
_REFERENCE_BEFORE = re.compile(
    r"(?i)(?:articles?|paragraphs?|sections?|rules?|§§?|nos?\.|pages?|pp?\.|items?|points?)[ \t]*$")


def find_day_lists(scan: Scan) -> None:
    text = scan.text
    for month in started_finditer(_MONTH_AT, _MONTH_START, text):
        lo = max(0, month.start() - 48)
        m = _DAYS_BEFORE.search(text, lo, month.start())
        if m is None or _REFERENCE_BEFORE.search(text, max(0, m.start() - 20), m.start()):
            continue
        for d in _ONE_DAY.finditer(text, m.start("days"), m.end("days")):
            scan.emit(d.start(), d.end(), "DATE", 0.85)


#: "in 1995-96", "the 1999/2000 season", "from 1990-1995": a span of years after a word that dates; not a
#: range of amounts ("1500-2000 ml" has no year; "1900-2000 ml" has its unit after it).
_YEAR_SPAN = re.compile(
    r"(?i:\b(?:in|from|of|during|since|until|between|the|for|year|years|period))[ \t]+"
    r"(?P<v>(?:19|20)[0-9]{2}[ \t]?[-–/][ \t]?(?:(?:19|20)[0-9]{2}|[0-9]{2}))(?![\w/.-])"
    r"(?![ \t]*(?:%|mg|mcg|ml|mL|cc|g|kg|cal|kcal|units?|IU|mm|cm|m|km|hours?|hrs?|patients|cases))")


#: What every match of ``_YEAR_SPAN`` holds on its line: the lines without it are skipped.
_YEAR_SPAN_GATE = re.compile(r"(?:19|20)[0-9]{2}[ \t]?[-–/]")


def find_year_spans(scan: Scan) -> None:
    for m in matches_on_lines(_YEAR_SPAN, scan.text, scan.lines_if(_YEAR_SPAN_GATE, lowered=False)):
        scan.emit(m.start("v"), m.end("v"), "DATE", 0.85)


DAY_LISTS = TextPass(("DATE",), lambda scan: scan.has_digit, find_day_lists)
YEAR_SPANS = TextPass(("DATE",), lambda scan: scan.has_digit and ("-" in scan.text or "/" in scan.text
                                                                  or "–" in scan.text), find_year_spans)
