"""Ages as forum posts and texts write them: "my dad (M83)", "my MIL (72f)", "I'm m21", "(turns two next month)".

Forum posts give a person's sex and age glued together in brackets after who they are ("my bf
(m60)", "Update on my dad (F42):") or after "I'm" ("I'm 34F and found a lump"). A sex letter before
the number is also how ICD-10 codes look ("OCD (F42)"), so the bracket must follow a person: a kin
word, a forum abbreviation for one (MIL, DH, bf) or the writer. "turns two next month", "turning 40
this year": a birthday to come or just past is an age whatever stands before it. (A decade of life in words,
"emigrated in his twenties", is left alone: the real-prose sets' gold does not mark it.)
"""

from __future__ import annotations

import re

from .ages import KIN, words_value
from .base import Scan, TextPass, matches_on_lines, started_finditer
from .checks import month_day_ok
from .regex_parts import UNIT_AFTER
from .addresses import person_names
from .dates import date_cue
from .intl_addresses import _common_words
from ...text import clinical_vocabulary

#: Forum shorthand for relatives and partners (Mumsnet, Reddit): mother-in-law, dear husband, boyfriend ...
_FORUM_KIN = frozenset("mil fil sil bil dh dw dd ds bf gf so hubby missus fiance fiancee ex lola lolo mam nan "
                       "gran nana nanna stepson stepdaughter".split())
_PEOPLE = KIN | _FORUM_KIN | frozenset({"i", "me", "myself", "self", "patient", "pt", "friend", "neighbour",
                                        "neighbor", "man", "woman", "guy", "lady"})
_SEX_AGE = r"(?:(?P<sex>[MFmf])[ \t]?(?P<n>[0-9]{1,2})|(?P<n2>[0-9]{1,2})[ \t]?(?P<sex2>[MFmf]))"
#: "(m60)", "(72f)", "(25 M)", "(F42):", "(34F, 5'4)": the bracket opens with the sex and age.
_BRACKETED = re.compile(rf"\([ \t]*{_SEX_AGE}(?![\w'’])[ \t]*(?:[),;/]|[ \t]+[^)\n]{{0,30}}\))")
#: "I'm m21", "im 34F", "I am 19 f", "me (21F)" is bracketed: the writer giving their own sex and age.
_WRITER = re.compile(rf"(?i)(?<![\w'’])(?:i['’]m|im|i[ \t]+am)[ \t]+(?:a[ \t]+)?{_SEX_AGE}(?![\w'’/])")
#: Where a ``_WRITER`` can start: "i'm ", "im ", "i am " after no word character (the engine skips to the i's).
_WRITER_START = re.compile(r"(?i:i(?<![\w'’].)(?:['’]m|m|[ \t]+am)[ \t])")
#: The same in ``scan.lower`` of a ``scan.plain`` text, case-sensitive: the engine skips to the i's at C speed.
_WRITER_START_LOWER = re.compile(r"i(?<![\w'’].)(?:['’]m|m|[ \t]+am)[ \t]")
_WORD_BEFORE = re.compile(r"(?P<w>[A-Za-z][A-Za-z'’-]*)[ \t]*$")
_NUMBER = r"[0-9]{1,3}|(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[ \t-](?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
#: "turns two next month", "turning 40 this year", "turned 5 on Monday", "he'll be seventy-five on Sunday".
_TURNING = re.compile(rf"(?i)(?<![\w'’])(?:turns|turning|turned|(?:he|she|i|they|you|we)(?:['’]ll|[ \t]+will)[ \t]+be)[ \t]+(?P<n>{_NUMBER})(?![\w'’-])"
                      r"(?=[ \t]+(?:next|this|last|on|in|tomorrow|today|yesterday)(?![\w'’]))")
#: What every ``_TURNING`` match holds on its line, lower-cased ("turn", or "'ll be" / "will be"): the lines
#: (and the texts) without it are skipped.
_TURNING_GATE = re.compile(r"turn|ll[ \t]+be")
#: Where a ``_TURNING`` can start, in ``scan.lower`` of a ``scan.plain`` text: "turn", or a pronoun's first letter at a
#: word's start and the rest of it before "'ll" or " will" (a few more places than the pattern: harmless).
_TURNING_START = re.compile(r"[tshiyw](?<![\w'’].)(?:urn|(?:e|he|hey|ou)?(?:['’]ll|[ \t]+will))")



#: A care home named "<Name> House" after a move or a room: "just moved into Olasupo House", "room 12 at ojo house".
_CARE_HOUSE = re.compile(
    r"(?i:(?<![\w'’])(?:moved|moving|move|gone|went)[ \t]+into|room[ \t]+[0-9]{1,4}[a-z]?[ \t]+(?:at|in)"
    r"|(?:resident|respite)[ \t]+(?:at|in))[ \t]+"
    r"(?P<n>(?P<w>[^\W\d_][\w'’-]+)(?:[ \t]+[^\W\d_][\w'’-]+)?[ \t]+(?P<h>[Hh]ouse|HOUSE))(?![\w'’-])"
)
_NOT_HOUSE_NAMES = frozenset("a an the my our his her their your new old big small own council family halfway "
                             "this that another foster".split())


def find_care_houses(scan: Scan) -> None:
    """"just moved into Olasupo House", "room 12 at mhlabandlovu house": a care home named after a person.

    After moving into or a room at, "<Name> House" is where someone lives in care (HOSPITAL, as nursing homes
    are): the name's words must be no article or owner ("moved into a council house", "into our new house")
    and written as a name is, capitalised or in a text typed in lower case."""
    text = scan.text
    lower_text = text.islower()
    for m in _CARE_HOUSE.finditer(text):
        words = m.group("n").split()[:-1]
        if any(w.lower() in _NOT_HOUSE_NAMES for w in words):
            continue
        if not (lower_text or all(w[:1].isupper() for w in words) and m.group("h")[0] == "H"):
            continue
        scan.emit(m.start("n"), m.end("n"), "HOSPITAL", 0.7)


def _value(group: str) -> int:
    return int(group) if group[0].isdigit() else words_value(group)


#: "(13 months)", "(4 yrs)", "(6 weeks old)": an age with its unit in brackets after the one it belongs to.
_BRACKETED_UNIT = re.compile(r"\([ \t]*(?P<n>[0-9]{1,3})[ \t]*(?:months?|mos?|m/o|weeks?|wks?|years?|yrs?|y/?o|y\.o\.)"
                             r"(?:[ \t]+old)?[ \t]*\)")


def _person_before(scan: Scan, pos: int) -> bool:
    """The word before ``pos`` names a person: a kin word, or a word no note uses, capitalised mid-sentence (any
    case in a text typed in lower case): "called about shirin (13 months)", not "on sertraline (3 months)"."""
    text = scan.text
    before = _WORD_BEFORE.search(text, max(0, pos - 40), pos)
    if before is None:
        return False
    w = before.group("w").strip("'’")
    if w.lower() in KIN or w.lower() in _FORUM_KIN:
        return True
    if len(w) < 3 or w.lower() in clinical_vocabulary() or not (w[0].isupper() or text.islower()):
        return False
    if w.lower() in _common_words() and w[:1].upper() + w[1:].lower() not in person_names():
        return False  # "Tylenol (5 months)": a word of the allowlist, no given name ("Sky (5 months)" is one)
    prev = _WORD_BEFORE.search(text, max(0, before.start() - 30), before.start())
    if prev is not None and prev.group("w").lower() in _PLACE_PREPS:
        return False  # "lived in Boston (2 years)": a stay, not an age
    head = text[max(0, before.start() - 3) : before.start()].rstrip(" \t")
    return bool(head) and head[-1] not in ".!?\n"  # mid-sentence: a capital there is the name's


_PLACE_PREPS = frozenset("in at from to on near into inside outside".split())


#: "My partner and I (both 27)", "we are both 40", "my partner and i both 52 are trying": one age for two people.
#: Matched in the lower-cased text from the literal "both" (a fast start); who "both" are is read before it.
_BOTH_AGE = re.compile(r"both[ \t]+(?:aged[ \t]+)?(?P<n>[0-9]{1,2})(?![0-9./+%:-]|,[ \t]*[0-9]|[ \t]*(?:x|-))")
_BOTH_PEOPLE = re.compile(r"(?:\(|\b(?:are|were|i|we|they)[ \t]+|['’]re[ \t]+)$")


def find_message_ages(scan: Scan) -> None:
    """A forum post's sex and age after a person ("my dad (M83)", "I'm m21"), an age with its unit in brackets
    after a person ("mother called about Thanh (18 months)") and an age someone turns."""
    text = scan.text
    if scan.may_hold("both") and len(scan.lower) == len(text):
        for m in _BOTH_AGE.finditer(scan.lower):
            if not _BOTH_PEOPLE.search(scan.lower, max(0, m.start() - 6), m.start()):
                continue
            if 12 <= int(m.group("n")) <= 110 and not UNIT_AFTER.match(text, m.end("n")):
                scan.emit(m.start("n"), m.end("n"), "AGE", 0.7)
    for m in _BRACKETED_UNIT.finditer(text):
        if 0 < int(m.group("n")) <= 120 and _person_before(scan, m.start()):
            scan.emit(m.start("n"), m.end("n"), "AGE", 0.75)
    for m in _BRACKETED.finditer(text):
        before = _WORD_BEFORE.search(text, max(0, m.start() - 40), m.start())
        if before is None or before.group("w").lower().strip("'’") not in _PEOPLE:
            continue  # "OCD (F42)": an ICD-10 code, not a person's age
        g = "n" if m.group("n") else "n2"
        if 1 <= int(m.group(g)) <= 120:
            scan.emit(m.start(g), m.end(g), "AGE", 0.8)
    plain = scan.plain
    writers = (started_finditer(_WRITER, _WRITER_START_LOWER, text, hay=scan.lower) if plain
               else started_finditer(_WRITER, _WRITER_START, text))
    for m in writers:
        g = "n" if m.group("n") else "n2"
        if 12 <= int(m.group(g)) <= 120:
            scan.emit(m.start(g), m.end(g), "AGE", 0.8)
    for m in matches_on_lines(_TURNING, text, scan.lines_if(_TURNING_GATE), _TURNING_START if plain else None,
                              scan.lower):
        if 1 <= _value(m.group("n")) <= 120:
            scan.emit(m.start("n"), m.end("n"), "AGE", 0.75)


#: "on 25.11.", "before 9.10.": a day and a month with the dot after each and no year, as German, Nordic and
#: Central European writers date things; the second dot ends the date (a decimal has none), no digit or word follows.
#: The pattern opens at the first dot (a literal the engine skips to); the day before it is read back from there.
_DOTTED_MONTH = re.compile(r"\.(?P<m>[0-9]{1,2})\.(?![\w.])")
_DAY_BEFORE = re.compile(r"(?<![\w.,/:-])[0-9]{1,2}$")


def find_dotted_day_month(scan: Scan) -> None:
    """"labs drawn on 25.11.", "a tb test before 15.9.": a dotted day and month after a date word ("on",
    "since", "before" ...), so a reading or a dose closing a sentence ("temp 39.2.", "increased to 2.5.") stays."""
    text = scan.text
    for m in _DOTTED_MONTH.finditer(text):
        day = _DAY_BEFORE.search(text, max(0, m.start() - 3), m.start())
        if day is None:
            continue
        s = day.start()
        if month_day_ok(int(m.group("m")), int(day.group())) and date_cue(scan, s, follow_range=False) is not None:
            scan.emit(s, m.end(), "DATE", 0.75)


DOTTED_DAY_MONTH = TextPass(("DATE",), lambda scan: "." in scan.text, find_dotted_day_month)
MESSAGE_AGES = TextPass(("AGE",), lambda scan: "(" in scan.text or scan.may_hold("turn", "im", "i am", "i'm", "i’m", "be", "both"),
                        find_message_ages)
CARE_HOUSES = TextPass(("HOSPITAL",), lambda scan: scan.may_hold("house"), find_care_houses)
