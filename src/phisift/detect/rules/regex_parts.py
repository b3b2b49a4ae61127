"""Pieces every recognizer builds its regexes from, and the look-after checks they share.

Python's ``re`` tries alternatives one by one, so long word lists are turned into
prefix tries; trigger words are matched on a lower-cased copy of the note whose
offsets are the note's own. ``UNIT_AFTER`` and ``NOT_DATE_AFTER`` are the checks
"a measurement follows" that dates, years, phones and IDs all make.
"""

from __future__ import annotations

import re
from typing import Iterable

from . import vocab


SP = r"[ \t]"
WS = r"[ \t]*"
#: A four-digit year 1800-2199 (i2b2 2014 shifts dates up to the 2190s).
YEAR4 = r"(?:1[89]|2[01])[0-9]{2}"


def _char_class(ch: str) -> str:
    """One character of a trie in both cases (``[mM]``), blanks as any run of blanks."""
    lo, up = ch.lower(), ch.upper()
    if lo != up and len(up) == 1:
        return f"[{re.escape(lo)}{re.escape(up)}]"
    if ch == " ":
        return r"[ \t]+"
    return re.escape(ch)


def trie_regex(words: Iterable[str], ignore_case: bool = True) -> str:
    """An alternation of ``words`` factored by common prefixes.

    Python's regex engine tries alternatives one by one; a trie turns "try 200
    words" into "follow the letters", and character classes (``[mM]``) instead of
    the IGNORECASE flag keep the engine's first-character fast check working.
    """
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w.lower() if ignore_case else w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        ends = "" in node
        alts = [
            (_char_class(ch) if ignore_case else re.escape(ch)) + build(node[ch])
            for ch in sorted(k for k in node if k)
        ]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 and not ends else "(?:" + "|".join(alts) + ")"
        if ends:
            if len(alts) == 1 and not body.startswith("(?:"):
                body = "(?:" + body + ")"
            body += "?"
        return body

    return build(trie)


def literal_trie(words: Iterable[str]) -> str:
    """A prefix-factored alternation of lower-case literals, for matching lower-cased text.

    Plain literals let the regex engine compare one character per alternative,
    several times faster than ``[mM]`` classes (measured on clinical text).
    """
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        alts = [re.escape(ch) + build(node[ch]) for ch in sorted(k for k in node if k)]
        if not alts:
            return ""
        body = "(?:" + "|".join(alts) + ")"
        return body + "?" if "" in node else body

    return build(trie)


#: Lower-cases A-Z and the accented capitals of Latin-1 one character for one, so
#: offsets in the lower-cased copy are offsets in the text (``str.lower`` can change lengths).
LOWER_TABLE = {i: i + 32 for i in range(ord("A"), ord("Z") + 1)}
LOWER_TABLE.update({i: i + 32 for i in range(0xC0, 0xDF) if i != 0xD7})
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def lower_one_for_one(text: str) -> str:
    """``text.translate(LOWER_TABLE)``, by ``str.lower`` where that gives the same.

    ``str.translate`` with a table reads a text holding any non-ASCII character one character at a time in
    Python's dict (15 times the time of ``str.lower``: a window of a big note nearly always holds one "’");
    ``str.lower`` maps each character by itself (the final sigma aside, which it changes), so where every
    distinct character it changes beyond ASCII is one the table maps alike, the two strings are equal.
    """
    if not text.isascii() and any(c.lower() != c.translate(LOWER_TABLE) for c in set(_NON_ASCII.findall(text))):
        return text.translate(LOWER_TABLE)
    return text.lower()


def alt(words: Iterable[str]) -> str:
    """Plain alternation, longest first (for case-sensitive lists)."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True)) + ")"


def title_upper(words: Iterable[str]) -> list[str]:
    """Each word in Title case and in upper case, for case-sensitive lists."""
    out: list[str] = []
    for w in words:
        out += [w[:1].upper() + w[1:], w.upper()]
    return out


NOT_DATE_AFTER = re.compile(r"(?i)[ \t]*(?:" + alt(vocab.NOT_DATE_AFTER) + r"(?![\w])|%|/|\+)")
#: A unit or count word after a number makes it a measurement, not a year or an ID.
UNIT_AFTER = re.compile(
    r"(?i)[ \t]*(?:mg|mcg|µg|ug|ml|cc|g|gm|gr|kg|lb|lbs|l|dl|units?|iu|meq|mmol|mosm|kcal|cal|calories|"
    r"calorie|cells|copies|cfu|k|x|times|patients|pts|people|cases|subjects|beds|hours|hrs|minutes|mins?|"
    r"seconds|secs?|steps|feet|ft|m|meters|mm|cm|km|miles|days|weeks|months|years|/|%|ng|pg|mg/dl|ml/h|"
    r"ml/hr|ml/min|puffs|tabs|tablets|caps|doses|mmhg|bpm|rpm|watts|w|kj|joules|usd|dollars|\$|"
    r"grams?|milligrams?|micrograms?|kilograms?|mls|milliliters?|millilitres?|liters?|litres?|pounds?|ounces?|"
    r"oz|u|h|hr|am|pm|ada|cal|cals|kcals|hz|mhz|rads?|gy|cgy|mgy|sv|msv|meq/l|mosm/kg|iu/l|u/l|units/l)(?![a-z])"
)
