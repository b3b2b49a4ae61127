"""Street forms of many countries written on one line, and the pieces around a street a block reader misses.

    She lives at 40 Rue de la Sarthe 421          the type word first: rue, via, calle, rua, ul., ...
    His address: 94 Koskikatu 83, Churton Park     the type fused onto the name: -katu, -straat, -vägen, ...
    Jerry lives at 90 Árpád fejedelem útja 3.      the type word last: utca, útja, tér, vei, vej, gata
    Mrs. Karen Thorkildsen Suite 680               a flat or suite number wherever it is written
    21 3314 Harley Brook Lane                      a second number before the house number (flat, block)
    Apeldoorn, GE 23130                            a region code other than a US state before a postcode

The US street shapes (``addresses``) want a house number, capitalised words and a USPS
suffix; the block reader (``intl_addresses``) wants the lines of a letter. Most of the
world writes the street type before the name (Romance and Slavic languages) or fused
onto it (Germanic, Nordic, Finnish, Hungarian), with the house number after it, and
prose runs such a street on one line between other words. A type word alone is no
evidence ("rue the day", "via a catheter", "Rocking chair 2"), so each form needs a
number next to it, and a name in capitals unless numbers stand on both sides of it.
"""

from __future__ import annotations

import re

from . import vocab
from .base import Scan, TextPass, gated_lines, matches_on_lines, started_finditer
from .intl_addresses import _STOP, _common_words, _country_at
from .regex_parts import UNIT_AFTER, literal_trie

#: Street types written before the name ("Rue de la Paix 4", "Via Capo le Case 143", "ul. Miła 131").
_PREFIX_TYPES = (
    "rue", "avenue", "av", "boulevard", "bd", "chemin", "allée", "allee", "impasse", "quai", "cours", "via", "viale",
    "vicolo", "corso", "piazza", "piazzale", "largo", "strada", "calle", "avenida", "avda", "carrera", "carretera",
    "ctra", "camino", "paseo", "plaza", "rua", "rúa", "praça", "travessa", "estrada", "rodovia", "alameda", "zona",
    "carrer", "avinguda", "passeig", "ul", "ulica", "aleja", "al", "odos", "οδός", "leoforos",
)
#: Types written in lower case before a capitalised name ("40 rue Victor Hugo", "ul. Miła 131"); not the
#: ones that are English words too ("2 via PEG tube", "zona", "plaza", "avenue").
_LOWER_TYPES = frozenset({"rue", "calle", "rua", "rúa", "avenida", "avda", "viale", "vicolo", "corso", "piazza",
                          "piazzale", "strada", "cours", "chemin", "allée", "impasse", "quai", "carrer", "avinguda",
                          "passeig", "carretera", "travessa", "estrada", "rodovia", "praça", "ulica", "aleja", "ul"})
#: Street types fused onto the end of the name ("Koskikatu", "Prinsenstraat", "Björkvägen", "Brucknerweg").
_FUSED_TYPES = (
    "katu", "kuja", "tie", "polku", "raitti", "vegur", "gata", "gatan", "vägen", "väg", "gränd", "vej", "gade",
    "veien", "vei", "veg", "gate", "straat", "weg", "laan", "plein", "gracht", "kade", "dijk", "steeg", "strasse",
    "straße", "gasse", "allee", "platz", "ufer", "damm", "utca", "ulica", "ulice", "cesta", "iela", "gatve", "tänav",
    "caddesi", "sokak", "sokağı",
)
#: Street types written after the name as a word of their own ("Árpád fejedelem útja 3.", "Rolfsens vei 187").
_SUFFIX_TYPES = ("u", "utca", "út", "útja", "tér", "körút", "sor", "vei", "vej", "veien", "gate", "gata", "gatan", "väg",
                 "ulica", "cesta", "iela", "gatve", "tänav", "caddesi", "sokak", "sokağı", "bulvarı", "bulvari",
                 "mahallesi", "cad.", "sok.", "ulitsa", "prospekt", "vulytsya", "vulitsa", "prospekti")
#: Words that end in a fused type and are no street ("brigade", "necktie", "update").
_NOT_STREETS = frozenset({"brigade", "renegade", "necktie", "bowtie", "hogtie", "update", "delegate", "aggregate",
                          "congregate", "segregate", "propagate", "irrigate", "investigate", "mitigate", "castigate",
                          "navigate", "obligate", "instigate", "interrogate", "abrogate", "subrogate", "surrogate",
                          "litigate", "fumigate", "variegate", "legate", "frigate", "conjugate", "corrugate"})
_CONNECTORS = frozenset({"de", "la", "del", "los", "las", "di", "da", "do", "dos", "das", "du", "des", "le", "les",
                         "van", "der", "den", "von", "y", "e", "dei", "della", "delle", "degli", "al", "el"})

_WORD = r"[^\W\d_][\w'’-]*"
_NUMBER = r"[0-9]{1,5}[A-Za-z]?(?:[/-][0-9]{1,4}[A-Za-z]?)?"
#: The type words as a trie (no type word is followed by "." or a blank inside another, so at most one can match
#: at a place, and the trie finds the same one as the plain alternation, in half the time).
_PREFIX_RE = re.compile(rf"(?i)(?<![\w'’-])(?:{literal_trie(_PREFIX_TYPES)})(?:\.|(?=[ \t]))")
#: Where a ``_PREFIX_RE`` can start, in ``scan.lower`` of a ``scan.plain`` text (``started_finditer``): a type's first
#: letter after no word character, then the rest of a type. ``scan.lower`` lowers A-Z and Latin-1 only, so the
#: Greek type is matched case-blind. The case-insensitive pattern is slow at every character; this lets the
#: engine skip to those letters.
_GREEK_PREFIX_TYPES = tuple(t for t in _PREFIX_TYPES if not t.isascii() and not all(c < "\u0100" for c in t))
_PREFIX_START = re.compile(
    rf"[{''.join(sorted({t[0] for t in _PREFIX_TYPES} | {t[0].upper() for t in _GREEK_PREFIX_TYPES}))}]"
    rf"(?<![\w'’-].)(?:{literal_trie(t[1:] for t in _PREFIX_TYPES if t not in _GREEK_PREFIX_TYPES)}"
    rf"|(?i:{'|'.join(re.escape(t[1:]) for t in _GREEK_PREFIX_TYPES)}))(?:\.|(?=[ \t]))")
_FUSED_RE = re.compile(rf"(?i)(?<![\w'’-])[^\W\d_]{{3,}}(?:{'|'.join(_FUSED_TYPES)})(?=[ \t]+[0-9])")
#: Where a ``_FUSED_RE`` match can start: a whole run of letters before a space and a digit. Tried first,
#: because ``_FUSED_RE`` backtracks through its alternation at every word of the text (4% of the CPU time).
_FUSED_CANDIDATE = re.compile(r"(?<![\w'’-])[^\W\d_]{6,}+(?=[ \t]+[0-9])")
_SUFFIX_RE = re.compile(rf"(?i)(?<=[ \t])(?:{literal_trie(_SUFFIX_TYPES)})(?:\.|(?=[ \t]+[0-9]))(?=[ \t]+[0-9])")
#: A house number standing just before the street on its line ("94 ", "21, ").
_NUMBER_BEFORE = re.compile(rf"(?<![\w.,/:-])(?P<n>{_NUMBER})[ \t]*,?[ \t]+$")
#: The house number after the name; not the first of a date or a measure ("12.5", "3/4/2020", "2 mg").
_NUMBER_AFTER = re.compile(rf",?[ \t]+(?P<n>{_NUMBER})\.?(?![\w/:-]|[.,][0-9])")
_NAME_WORD = re.compile(rf"[ \t]+(?P<w>{_WORD}\.?)")


def _name_words(text: str, pos: int, limit: int = 5) -> list[tuple[int, int]]:
    """The words of a street's name from ``pos`` on its line: up to ``limit``, stopping at a sentence word."""
    out: list[tuple[int, int]] = []
    while len(out) < limit:
        m = _NAME_WORD.match(text, pos)
        if not m:
            break
        word = m.group("w").rstrip(".").lower()
        if word in _STOP and word not in _CONNECTORS:
            break
        out.append(m.span("w"))
        pos = m.end()
        if len(word) > 3 and m.group("w").endswith("."):
            break  # "VIA NSVD. APGAR 8": a full stop after a word ends the sentence, not an abbreviation
    while out and text[out[-1][0] : out[-1][1]].lower() in _CONNECTORS:
        out.pop()  # the name does not end in "de"
    return out


def _capitalised(text: str, words: list[tuple[int, int]]) -> bool:
    """Every word of the name starts with a capital, the connectors ("de", "la") apart, and one is a real name."""
    named = [text[a:b] for a, b in words if text[a:b].lower() not in _CONNECTORS]
    return bool(named) and all(w[:1].isupper() for w in named)


def _number_before(scan: Scan, start: int) -> int | None:
    """Where the house number before ``start`` begins, if one stands there (not a dose: "2 via NG tube")."""
    ls = scan.line_start(start)
    m = _NUMBER_BEFORE.search(scan.text, ls, start)
    return m.start("n") if m else None


def _number_after(scan: Scan, end: int) -> int | None:
    """Where the house number after ``end`` ends, if one follows (not a measure: "Corso 2 mg")."""
    m = _NUMBER_AFTER.match(scan.text, end)
    if not m or UNIT_AFTER.match(scan.text, m.end("n")):
        return None
    return m.end("n")


def _emit_street(scan: Scan, start: int, end: int, before: int | None, after: int | None) -> None:
    scan.emit(before if before is not None else start, after if after is not None else end, "STREET", 0.8)


def _prefix_streets(scan: Scan) -> None:
    """"40 Rue de la Sarthe 421", "Via Capo le Case 143", "11 via goffredo mameli 149", "ul. Miła 131"."""
    text = scan.text
    found = started_finditer(_PREFIX_RE, _PREFIX_START, text, hay=scan.lower) if scan.plain else _PREFIX_RE.finditer(text)
    for m in found:
        words = _name_words(text, m.end())
        if not words:
            continue
        before, after = _number_before(scan, m.start()), _number_after(scan, words[-1][1])
        foreign = m.group().rstrip(".").lower() in _LOWER_TYPES  # "rue", "calle": no English word
        if before is None and after is None:
            if not (foreign and _LIVES_AT.search(text, max(0, m.start() - 24), m.start())):
                continue
            words = _uncommon_run(text, words)  # "lives at rue des lilas fell today": a foreign type after where
            if not words:                       # someone lives needs no number; its name ends at a common word
                continue
        cased = _capitalised(text, words) and (m.group()[:1].isupper() or foreign)
        if not cased and (before is None or after is None) and not foreign:
            continue  # "given 2 via nasogastric tube": lower case needs numbers on both sides
        if not cased and after is None:
            words = _uncommon_run(text, words)  # "5, chemin adrienne hernandez karkola emergency contact"
            if not words:
                continue
        if all(text[a:b].lower() in _common_words() for a, b in words) and (before is None or after is None) \
                and not (foreign and m.group()[:1].islower()):
            continue  # "Zona Pellucida 2", "Plaza Hotel 3"; not "calle mayor 12" 
        _emit_street(scan, m.start(), words[-1][1], before, after)


#: Where someone lives or stays, just before a street: "lives at", "address is", "staying on".
_LIVES_AT = re.compile(r"(?i)(?<![\w'’])(?:lives?|living|resides?|staying|stays|address(?:[ \t]+is)?|moved)[ \t]+(?:at|on|to|in|is)?[ \t]*:?[ \t]*$")


def _uncommon_run(text: str, words: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The name's words up to the first common word ("des lilas" of "des lilas fell today"), connectors kept inside."""
    out: list[tuple[int, int]] = []
    for a, b in words:
        w = text[a:b].lower()
        if w not in _CONNECTORS and w in _common_words():
            break
        out.append((a, b))
    while out and text[out[-1][0] : out[-1][1]].lower() in _CONNECTORS:
        out.pop()
    return out


_BLANKS = re.compile(r"[ \t]*")
_LETTERS = re.compile(r"[^\W\d_]*")
_NOT_BLANKS = re.compile(r"[^ \t]*")


def _before_blank_digits(scan: Scan, run: re.Pattern) -> list[int]:
    """For each blank run before a digit (``Scan.blank_digits``), where the run of ``run`` that ends at the blanks
    begins, in order: the only places a pattern that needs "[ \t]+[0-9]" right after a word of such a run can
    start (at any other place the character before is one of the run's, which its look-behind refuses)."""
    out = []
    for g in scan.blank_digits:
        s = scan.back(run, scan.back(_BLANKS, g + 1))
        if not out or s > out[-1]:
            out.append(s)
    return out


def _fused_streets(scan: Scan) -> None:
    """"Koskikatu 83", "94 Koskikatu 83", "Sterre der Zeestraat 197", "Schietboompleinstraat 391"."""
    text = scan.text
    common = _common_words()
    # what ``_FUSED_CANDIDATE.finditer(text)`` finds, tried only where a run of letters ends in blanks and a digit
    for candidate in filter(None, (_FUSED_CANDIDATE.match(text, s) for s in _before_blank_digits(scan, _LETTERS))):
        m = _FUSED_RE.match(text, candidate.start())
        if m is None:
            continue
        word = m.group()
        low = word.lower()
        if low in common or low in _NOT_STREETS:
            continue
        after = _number_after(scan, m.end())
        if after is None:
            continue
        start = _leading_words(text, scan.line_start(m.start()), m.start())
        before = _number_before(scan, start)
        if not word[:1].isupper() and before is None:
            continue  # lower case: only after a house number ("96 törneby 2")
        _emit_street(scan, start, m.end(), before, after)


def _leading_words(text: str, ls: int, start: int) -> int:
    """The start of the capitalised words and connectors that open a fused street's name ("Sterre der Zeestraat")."""
    words = list(re.finditer(rf"{_WORD}", text[ls:start]))
    pos = start
    for w in reversed(words[-3:]):
        if text[ls + w.end() : pos].strip(" \t"):
            break
        token = w.group()
        if not (token[:1].isupper() or token.lower() in _CONNECTORS) or token.lower() in _STOP - _CONNECTORS:
            break
        pos = ls + w.start()
    while pos < start and text[pos : start].split()[0] in _CONNECTORS:
        pos = text.index(" ", pos) + 1  # not from "der", but from "Van" ("Van Baerlestraat")
    return pos


def _suffix_streets(scan: Scan) -> None:
    """"Árpád fejedelem útja 3.", "Nordahl Rolfsens vei 187", "Erzsébet tér 19.": one to three name words first."""
    text = scan.text
    # what ``_SUFFIX_RE.finditer(text)`` finds: its type word follows a blank and ends in blanks and a digit
    # (or "." then those), so it starts where the blanks before a digit close a run of other characters
    for m in filter(None, (_SUFFIX_RE.match(text, s) for s in _before_blank_digits(scan, _NOT_BLANKS))):
        after = _number_after(scan, m.end())
        if after is None:
            continue
        ls = scan.line_start(m.start())
        words = list(re.finditer(rf"{_WORD}", text[ls : m.start()]))[-3:]
        kept = []
        pos = m.start()
        for w in reversed(words):
            if text[ls + w.end() : pos].strip(" \t") or w.group().lower() in _STOP:
                break
            kept.append(ls + w.start())
            pos = ls + w.start()
        if not kept or not text[kept[-1]].isupper():
            continue
        _emit_street(scan, kept[-1], m.end(), _number_before(scan, kept[-1]), after)


_UNIT_WORD = r"(?:[Aa]pt|APT|[Aa]partment|APARTMENT|[Ss]uite|SUITE|[Ss]te|STE)\.?[ \t]*#?[ \t]*[0-9]{1,5}[A-Za-z]?"
#: "94 Drangahrauni 3 Apt. 460": a name between a house number and a number, then a flat; the name's
#: form says nothing (every language), the two numbers and the flat say an address.
_NUMBERS_AROUND = re.compile(
    rf"(?<![\w.,/:-])(?P<st>[0-9]{{1,5}}[ \t]+[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){{0,2}}[ \t]+[0-9]{{1,5}}"
    rf"[A-Za-z]?)(?=,?[ \t]+{_UNIT_WORD}(?![\w/.:-]|[.,][0-9]))"
)
#: "Apt. 870 59 Rincon 9082": a flat, then a house number, a name and a number closing the line or clause.
_UNIT_FIRST = re.compile(
    rf"(?<![\w'’-]){_UNIT_WORD}[ \t]+(?P<st>[0-9]{{1,5}}[ \t]+[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){{0,2}}"
    r"[ \t]+[0-9]{1,5}[A-Za-z]?)(?=[ \t]*(?:\n|,|$))"
)


#: "lives at 63 Tylova 42, Karlovy Vary": after a cue that names an address, a name between two numbers
#: and a comma.
_CUED_NUMBERS_AROUND = re.compile(
    r"(?i:\b(?:lives|living|resides|residing|stays|staying)[ \t]+at|\baddress(?:[ \t]+is)?[ \t]*:?)[ \t]+"
    r"(?P<st>[0-9]{1,5}[ \t]+[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){0,2}[ \t]+[0-9]{1,5}[A-Za-z]?)(?=,)"
)
#: "send it to 19 Sokolská 1475, Hrotovice", "located at 43 Ρ. Φεραίου 13, ΒΙΚΛΑ", a line "06 Slovenčeva 51,
#: Črni Vrh nad Idrijo": a capitalised name between two numbers, then a comma and a capitalised town closing
#: the clause, opening its line or after a place preposition ("at", "to", "in", "from").
_NUMBERS_AROUND_TOWN = re.compile(
    r"(?:^|(?<=[:>?])|(?<=\b[Aa]t)|(?<=\b[Tt]o)|(?<=\b[Ii]n)|(?<=\b[Ff]rom))[ \t]*"
    r"(?P<st>[0-9]{1,5}[ \t]+[^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){0,2}[ \t]+[0-9]{1,5}[A-Za-z]?)"
    r"(?=,[ \t]*(?P<town>[^\W\d_a-z][\w'’-]*(?:[ \t]+(?:[^\W\d_a-z][\w'’-]*|de|del|la|di|da|do|nad|pod|am|an|sur))"
    r"{0,4})[ \t]*(?:[.,;!?]|$|[ \t][a-z]))",
    re.MULTILINE,
)


#: What each pattern of ``_numbered_names`` holds, found at C speed: a flat ("Apt. 460") in the first two, a name
#: between two numbers and a comma ("43 Ρ. Φεραίου 13,") in the other two. A text without it skips them.
_HAS_UNIT = re.compile(r"(?:apt|apartment|suite|ste)\.?[ \t]*#?[ \t]*[0-9]")  # on ``scan.lower``
_HAS_NUMBERS_COMMA = re.compile(r"[0-9][ \t]+[^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){0,2}[ \t]+[0-9]{1,5}[A-Za-z]?,")


def _numbered_names(scan: Scan) -> None:
    """Streets told by their numbers and a flat, whatever the name: "94 Drangahrauni 3 Apt. 460".

    No pattern matches across a line break ([ \t] only between its words) and each needs its gate's match on its
    own line (a unit word; a name between numbers then a comma), so only the lines holding one are scanned."""
    text = scan.text
    units = gated_lines(_HAS_UNIT, text, scan.lower)
    commas = gated_lines(_HAS_NUMBERS_COMMA, text, text)
    for pattern, lines in ((_NUMBERS_AROUND, units), (_UNIT_FIRST, units), (_CUED_NUMBERS_AROUND, commas),
                           (_NUMBERS_AROUND_TOWN, commas)):
        for m in (m for start, end in lines for m in pattern.finditer(text, start, end)):
            words = re.findall(_WORD, m.group("st"))
            if any(w.lower() in _STOP for w in words) or UNIT_AFTER.match(text, m.start("st") + len(m.group("st").split()[0])):
                continue  # "2 tablets 3 Apt": a measure
            if not words[0][:1].isupper() and not text[m.start() : m.start() + 1].isupper() and not text.islower():
                continue  # a text typed in lowercase writes its streets so too
            town = m.groupdict().get("town")
            if town and any(w.lower() in _STOP or w.lower() in _common_words() for w in town.split()):
                continue  # "at 10 Lasix 40, Then reassess": prose after the comma, not a town
            scan.emit(m.start("st"), m.end("st"), "STREET", 0.75)


_CORNER_TYPES = "|".join(sorted(set(vocab.STREET_SUFFIXES) | set(vocab.STREET_TYPES_OTHER) | {"allee", "strasse", "straße"},
                                key=len, reverse=True))
#: "the corner of 149 William Street and Çiftçi Street", "at the corner of Main and 5th Street": a crossing,
#: named by its two streets; the second ends in a street type.
_CORNER = re.compile(
    rf"(?i:(?:\bthe[ \t]+)?\bcorner[ \t]+of)[ \t]+(?P<a>(?:[^\W_][\w.'’-]*[ \t]+){{0,5}}?[^\W_][\w.'’-]*)[ \t]+"
    rf"(?i:and|&)[ \t]+(?P<b>(?:[^\W_][\w'’-]*[ \t]+){{0,3}}?(?i:{_CORNER_TYPES}))(?![\w'’-])\.?"
)


_CORNER_WORD = re.compile("corner")  # on ``scan.lower``


def _corners(scan: Scan) -> None:
    """A street crossing: "the corner of 4748 Westfall Avenue and Maclean Street"."""
    if not scan.may_hold("corner"):
        return
    # a crossing never spans a line break: in a long text only the lines holding "corner" are scanned
    for m in matches_on_lines(_CORNER, scan.text, scan.lines_holding(_CORNER_WORD)):
        words = re.findall(_WORD, m.group("a") + " " + m.group("b"))
        if any(w.lower() in _STOP - _CONNECTORS for w in words):
            continue  # "the corner of the room and the hallway"
        scan.emit(m.start(), m.end("b"), "STREET", 0.8)


def find_street_forms(scan: Scan) -> None:
    _prefix_streets(scan)
    _fused_streets(scan)
    _suffix_streets(scan)
    _numbered_names(scan)
    _corners(scan)


STREET_FORMS = TextPass(("STREET",), lambda scan: scan.has_digit or "orner" in scan.text or scan.may_hold(
    "live", "living", "resid", "staying", "stays", "address", "moved"), find_street_forms)


#: "Suite 680", "Apt. 338", "apartment #12": the flat or suite of an address wherever it stands.
_UNIT = re.compile(r"(?<![\w'’-])(?:[Aa]pt|APT|[Aa]partment|APARTMENT|[Ss]uite|SUITE|[Ss]te|STE)\.?[ \t]*#?[ \t]*"
                   r"[0-9]{1,5}[A-Za-z]?(?![\w/.:-]|[.,][0-9])")
#: A second number before a street found by another pass: "21 3314 Harley Brook Lane", "07 173 Raycroft Street".
_SECOND_NUMBER = re.compile(r"(?:(?:^|(?<=[:,>?]))[ \t]*|(?<=[a-z])[ \t]+)"
                            r"(?P<n>[0-9]{1,4}[A-Za-z]?)[ \t]+$", re.MULTILINE)
#: A flat's word right before a number: that number is no second house number.
_UNIT_BEFORE = re.compile(r"(?i)\b(?:apt|apartment|suite|ste|unit|flat|room|rm|box|no)\.?[ \t]*#?[ \t]*$")
#: ... or after a flat: "Suite 680 36 4022 Oakridge Lane", "Apt. 338 32 216 Menzies Street".
_NUMBER_AFTER_UNIT = re.compile(rf"{_UNIT_WORD}[ \t]+(?P<n>[0-9]{{1,4}}[A-Za-z]?)[ \t]+$")
#: "Colombia 05833", "Federated States of Micronesia 47980": a postcode after the country that closes a line.
_COUNTRY_POSTCODE = re.compile(
    rf"(?P<c>{_WORD}(?:[ \t]+{_WORD}){{0,4}})[ \t]+(?P<pc>[0-9]{{4,6}})"
    r"(?:[ \t]*[.;]?[ \t]*$|[ \t]+(?=(?i:for|until|and|while|when|with|but|so|please)\b))",
    re.MULTILINE,
)
#: "Apt. 604 THE CHANNON NSW", "Apt. 892 Brookfield Democratic Republic of the Congo": the town after the flat
#: that closes a one-line address, to the line's end or a country.
_TOWN_AFTER_UNIT = re.compile(rf"[ \t]+(?P<town>{_WORD}(?:[ \t]+{_WORD}){{0,5}})(?P<rest>[^\n]*)")
#: The lines under a street in a block, each alone on its line (indented or quoted with ">"): a flat
#: ("Suite 521"), a town with a region code and a postcode in any order ("LAHTI", "Apeldoorn, GE 23130",
#: ", GU", "59797"), a country with its postcode ("Ukraine 34758"). A region exported from a table with
#: no value reads "nan" (pandas' empty cell: "Haldenstein, nan 37659").
_TAIL_UNIT = re.compile(r"[ \t>]*(?P<x>(?i:suite|apt\.?|apartment|unit|flat|ste\.?)[ \t]*#?[ \t]*[0-9A-Za-z-]{1,6})[ \t]*,?[ \t]*")
_TAIL_TOWN = re.compile(
    rf"[ \t>]*,?[ \t]*(?P<x>(?P<town>{_WORD}\.?(?:[ \t]+{_WORD}\.?){{0,4}})?(?:,?[ \t]*(?P<code>[A-Z]{{1,3}}|nan))?"
    r"(?:,?[ \t]*(?P<pc>[0-9]{4,6}(?:-[0-9]{3,4})?))?)[ \t]*[.,]?[ \t]*"
)


def find_street_pieces(scan: Scan) -> None:
    """Flat and suite numbers, a second number before a street, and the lines of its block under it."""
    text = scan.text
    streets = [(s, e) for s, e, lab, _, _ in scan.out if lab == "STREET"]
    if not streets:
        return  # every piece here needs a street found in the note
    for m in _UNIT.finditer(text):
        scan.emit(m.start(), m.end(), "STREET", 0.75)
    for s, e in streets:
        ls = scan.line_start(s)
        m = _SECOND_NUMBER.search(text, ls, s)
        if m and _UNIT_BEFORE.search(text, ls, m.start("n")):
            m = None  # "suite 085 23 rúa do paseo": the number is the flat's, read below
        m = m or _NUMBER_AFTER_UNIT.search(text, ls, s)
        if m and not UNIT_AFTER.match(text, m.end("n")):
            scan.emit(m.start("n"), e, "STREET", 0.8)
    for s, _ in streets:
        m = _FLAT_BEFORE_STREET.search(text, max(scan.line_start(s), s - 24), s)
        if m:
            scan.emit(m.start("x"), m.end("x"), "STREET", 0.75)
    for m in _UNIT.finditer(text):
        _town_after_unit(scan, m.end())
    _country_postcodes(scan, min(s for s, _ in streets))
    for s, e in streets:
        _block_tail(scan, e)
        _town_after(scan, e)
        _lines_above(scan, s)


#: A flat right before a street, joined by a comma: "Unit 4, 22 Bay Road", "Flat 12b, 8 Nathan Road". "Unit" and
#: "flat" are words too ("unit 4 of insulin"), so they count here only where a street follows at once.
_FLAT_BEFORE_STREET = re.compile(
    r"(?<![\w'’-])(?P<x>(?i:flat|unit|apt|apartment|suite|ste|room|rm)\.?[ \t]*#?[ \t]*[0-9]{1,5}[A-Za-z]?)"
    r"[ \t]*,[ \t]*$"
)


#: ", Calascibetta, Turkmenistan", ", Altoona." after a street: a town of one to four capitalised words closed by
#: a comma, a full stop, the line's end or a postcode.
_TOWN_AFTER = re.compile(
    rf"(?:,?[ \t]*{_UNIT_WORD})?,[ \t]*(?P<town>[^\W\d_a-z][\w'’-]*(?:[ \t]+(?:[^\W\d_a-z][\w'’-]*|de|la|del|di|da|do|nad|am|an|sur))"
    # or the sentence going on in lower case: "We moved to 21 3314 Harley Brook Lane, Altoona last year."
    r"{0,3})(?=[ \t]*(?:[,.;]|\n|$|[0-9]{4,6}\b)|[ \t]+[a-z])"
)


def _town_after_unit(scan: Scan, end: int) -> None:
    """The town (and country) after the flat that closes a one-line address: "Apt. 892 Brookfield Congo"."""
    m = _TOWN_AFTER_UNIT.match(scan.text, end)
    if not m:
        return
    words = m.group("town").split()
    cut = next((i for i, w in enumerate(words) if w.lower() in _STOP - {"and", "of", "the"}), len(words))
    if cut < len(words):  # "Apt. 604 THE CHANNON NSW for this card": the sentence goes on after the town
        words = words[:cut]
        while words and words[-1].lower() in ("and", "of", "the"):
            words.pop()
    elif m.group("rest").strip(" \t.;"):
        return  # the line goes on with something else than a sentence ("Apt. 4 Smith Jones: ...")
    if not words or any(not (w[:1].isupper() or w.lower() in _CONNECTORS | {"and", "of", "the"}) for w in words):
        return  # "Apt. 4 He was seen": prose after the flat
    if all(w.lower() in _common_words() for w in words):
        return
    found = [(s, e) for s, e, _, _, _ in scan.out if s < m.end("town") and e > m.start("town")]
    start = m.start("town")
    end = start + len(" ".join(words)) if cut == len(m.group("town").split()) else \
        scan.text.index(words[-1], start) + len(words[-1])
    stop = min((s for s, _ in found), default=end)  # up to the country another pass found
    stop = min(stop, end)
    town = scan.text[start:stop].rstrip(" \t")
    if town and not any(s <= start < e for s, e in found):
        scan.emit(start, start + len(town), "CITY", 0.7)


def _country_postcodes(scan: Scan, first: int) -> None:
    """A postcode after a country that closes a line, below or after the note's first street."""
    text = scan.text
    for m in _COUNTRY_POSTCODE.finditer(text, first):
        words = list(re.finditer(_WORD, m.group("c")))
        base = m.start("c")
        if not any(_country_at(text, base + w.start(), m.end("c")) == (base + w.start(), m.end("c")) for w in words):
            continue
        if not any(s <= m.start("pc") < e for s, e, _, _, _ in scan.out):
            scan.emit(m.start("pc"), m.end("pc"), "ZIP", 0.75)


def _town_after(scan: Scan, end: int) -> None:
    """The town after a street and a comma ("51 Prinsenstraat 186, Calascibetta, Turkmenistan")."""
    m = _TOWN_AFTER.match(scan.text, end)
    if not m:
        return
    words = m.group("town").split()
    if any(w.lower() in _STOP or w.lower() in _common_words() for w in words):
        return  # "12 Oak Street, Patient ...", "..., Apartment" are no towns
    if any(s < m.end("town") and e > m.start("town") for s, e, _, _, _ in scan.out):
        return  # what another pass found there stands
    scan.emit(m.start("town"), m.end("town"), "CITY", 0.7)


#: A line of a letterhead over a street: one to five capitalised words or numbers ("Open Data Nation",
#: "3 Round Stones Inc", ">Recipal"), no colon, no sentence.
_HEAD_LINE = re.compile(r"[ \t>]*(?P<x>[^\W_][\w'’&.-]*(?:,?[ \t]+[^\W_][\w'’&.-]*){0,4})[ \t]*")


def _lines_above(scan: Scan, start: int) -> None:
    """The letterhead over a street that opens its line: up to three short capitalised lines (the firm, the
    person, a department), a blank line allowed under them. Names found by the lexicon keep their label; the
    rest is taken as the firm ("Mapquest" over "39 Laugarvegur 77")."""
    text = scan.text
    ls = scan.line_start(start)
    if not re.fullmatch(r"[ \t>]*(?:[0-9]{1,4}[A-Za-z]?[ \t]+)?", text[ls:start]):
        return  # the street must open its line (a second number before it aside: "07 173 Raycroft Street")
    pos, blank = ls - 1, False
    for _ in range(3):
        if pos <= 0:
            return
        above = text.rfind("\n", 0, pos) + 1
        if above == pos and not blank:  # one blank line under a letterhead
            blank = True
            pos = above - 1
            continue
        m = _HEAD_LINE.fullmatch(text, above, pos)
        if not m or not (_head_words_ok(m.group("x")) or _opening_line_ok(text, above, m.group("x"))):
            return
        if not any(s < m.end("x") and e > m.start("x") for s, e, _, _, _ in scan.out):
            scan.emit(m.start("x"), m.end("x"), "ORGANIZATION", 0.5)
        pos = above - 1


def _opening_line_ok(text: str, start: int, line: str) -> bool:
    """A letterhead typed in lower case that opens the note ("jasmineville memorial", "rosario-mejia" over
    "kolvikuja 45"): words only, no sentence word, not all common words. Nothing above it says what
    it is but the street under it, so it must be the note's first line."""
    if text[:start].strip():
        return False
    words = line.replace(",", " ").split()
    if not 1 <= len(words) <= 5 or not all(w.isalpha() or re.fullmatch(r"[^\W\d_]+(?:['’-][^\W\d_]+)+", w)
                                           for w in words):
        return False
    keys = [w.lower() for w in words]
    return not any(k in _STOP for k in keys) and not all(k in _common_words() for k in keys)


def _head_words_ok(line: str) -> bool:
    """A letterhead line: every word capitalised or a number, none a sentence word, not all common words."""
    words = line.replace(",", " ").split()
    if not all(w[:1].isupper() or w[:1].isdigit() or w.lower() in ("and", "of", "&") for w in words):
        return False
    keys = [w.lower().strip(".") for w in words]
    if any(k in _STOP and k not in ("and", "of") for k in keys):
        return False
    return not all(k in _common_words() or k.isdigit() for k in keys)


_NAN_LINE = re.compile(r"[ \t>]*,?[ \t]*(?P<x>nan)[ \t]*,?[ \t]*")


def _tail_line(text: str, ls: int, le: int, cased: bool) -> list[tuple[int, int, str]] | None:
    """The address pieces that fill the line ``[ls, le)`` under a street, or None when the line is prose."""
    m = _TAIL_UNIT.fullmatch(text, ls, le)
    if m:
        return [(m.start("x"), m.end("x"), "STREET")]
    nan = _NAN_LINE.fullmatch(text, ls, le)
    if nan:
        return [(nan.start("x"), nan.end("x"), "STATE")]  # ", nan": a region left empty by a table export
    m = _TAIL_TOWN.fullmatch(text, ls, le)
    if not m or m.end("x") == m.start("x"):
        return None
    words = re.findall(_WORD, m.group("town") or "")
    if any(w.lower() in _STOP for w in words):
        return None
    if cased and words and not words[0][:1].isupper():
        return None
    if len(words) == 1 and not m.group("pc") and words[0].lower() in _common_words() and \
            not (text[ls:le].lstrip(" \t>").startswith(",") and words[0].isupper()) \
            and not _country_at(text, m.start("town"), m.end("town")):
        return None  # "Assessment", "Plan": a heading under the address, not a town
    return [(m.start(g), m.end(g), label) for g, label in (("town", "CITY"), ("code", "STATE"), ("pc", "ZIP"))
            if m.group(g)]


#: Where a block's last line runs on after its postcode into lower-case prose: "Chile 53977 last year."
_RUN_ON_POSTCODE = re.compile(r"(?<=[0-9]{4})(?<![0-9]{7})[,;]?[ \t]+(?=[a-z])")


def _block_tail(scan: Scan, end: int) -> None:
    """The lines under the street that ends at ``end``, while each is an address piece (at most four)."""
    for s, e, label in _tail_pieces(scan, end):
        scan.emit(s, e, label, 0.7)


def _tail_pieces(scan: Scan, end: int) -> list[tuple[int, int, str]]:
    """The address pieces of the lines under ``end`` that no other pass found (see ``_block_tail``)."""
    text = scan.text
    out: list[tuple[int, int, str]] = []
    if not re.match(r"[ \t,.]*\n", text[end : end + 8]):
        return out
    cased = any(c.isupper() for c in text[scan.line_start(end) : end])
    pos = text.index("\n", end) + 1
    for _ in range(4):
        le = text.find("\n", pos)
        le = scan.n if le < 0 else le
        if le == pos:
            break
        pieces = _tail_line(text, pos, le, cased)
        runs_on = False
        if pieces is None:
            # the last line may run on into the sentence after its postcode: "Apeldoorn, GE 23130 for this card"
            stop = next((w for w in re.finditer(_WORD, text[pos:le]) if w.group().lower() in _STOP), None)
            run_on = _RUN_ON_POSTCODE.search(text, pos, le)  # "Chile 53977 last year.", "Chile 53977, near the park"
            cuts = ([pos + stop.start()] if stop else []) + ([run_on.start()] if run_on else [])
            cut = min(cuts) if cuts else None
            pieces = _tail_line(text, pos, cut, cased) if cut is not None else None
            if not pieces or pieces[-1][2] != "ZIP":
                break
            runs_on = True
        found = [(s, e) for s, e, _, _, _ in scan.out if s < le and e > pos]
        out += [(s, e, label) for s, e, label in pieces if not any(a < e and s < b for a, b in found)]
        pos = le + 1
        if runs_on or pos >= scan.n:
            break
    return out


#: "54 Soo 36" closing its line after a cue or alone: a name between two numbers, taken as a street only
#: when the lines under it make a block that ends in a postcode ("KERAVA / , UU / 51771").
_NUMBERS_AROUND_LINE = re.compile(
    r"(?:(?:^|(?<=[:>?]))[ \t]*|(?<=[a-z])[ \t]+)(?P<st>[0-9]{1,5}[ \t]+[^\W\d_][\w'’-]*\.?"
    r"(?:[ \t]+[^\W\d_][\w'’-]*\.?){0,2}[ \t]+[0-9]{1,5}[A-Za-z]?)[ \t]*$",
    re.MULTILINE,
)

#: How every ``_NUMBERS_AROUND_LINE`` ends its line, found at C speed (the pattern opens with look-behinds).
_NUMBER_ENDS_LINE = re.compile(r"[0-9][A-Za-z]?[ \t]*$", re.MULTILINE)


def find_numbered_blocks(scan: Scan) -> None:
    """A block whose street line says nothing of a street but its two numbers ("54 Soo 36 / KERAVA / , UU /
    51771"): taken when the lines under it end in a postcode."""
    text = scan.text
    for m in matches_on_lines(_NUMBERS_AROUND_LINE, text, scan.lines_holding(_NUMBER_ENDS_LINE, lowered=False)):
        words = re.findall(_WORD, m.group("st"))
        if any(w.lower() in _STOP for w in words) or UNIT_AFTER.match(text, m.start("st") + len(m.group("st").split()[0])):
            continue
        pieces = _tail_pieces(scan, m.end("st"))
        if not any(label == "ZIP" for _, _, label in pieces):
            continue
        scan.emit(m.start("st"), m.end("st"), "STREET", 0.75)
        for s, e, label in pieces:
            scan.emit(s, e, label, 0.7)


NUMBERED_BLOCKS = TextPass(("STREET", "CITY", "STATE", "ZIP"), lambda scan: scan.has_digit and "\n" in scan.text,
                           find_numbered_blocks)


STREET_PIECES = TextPass(("STREET", "CITY", "STATE", "ZIP", "ORGANIZATION"), lambda scan: scan.has_digit, find_street_pieces)
