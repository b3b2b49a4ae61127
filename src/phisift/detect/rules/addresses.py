"""Street addresses, ZIP and Spanish postcodes, cities and states.

English streets are found by their shape in the numeric scan (house number,
capitalised words, a USPS suffix: "12 Oak Street Apt 4"); Spanish ones by a street
word ("Calle Mayor 12, 3º dcha"); P.O. boxes and ZIPs after "zip" by their cue.
A ZIP after a state ("Boise, ID 83702"), a state after a comma ("Boston, MA") or a
town line under a street line in a letterhead makes the words before it a city
and the line above it a street.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from . import vocab
from .base import CueWords, Languages, NumericShape, Scan, TextPass
from .contact import signature_pager
from .places import read_list
from .regex_parts import UNIT_AFTER, alt, title_upper


_STATE_NAME_SET = frozenset(vocab.STATE_NAMES)
_ES_CITY_AFTER = re.compile(
    r",?[ \t]+(?:-[ \t]+)?"
    r"(?P<city>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:(?:[ \t]+|-)(?:de|del|la|las|los|[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+))*)"
    r"(?=[ \t]*(?:[,.(\n\r]|$|-[ \t]))"
)
_LINE_END = re.compile(r"[ \t]*(?:\r?\n|$)")
_CITY_LINE = re.compile(r"[ \t]*(?P<city>[A-Z][A-Za-z'’.-]+(?:[ \t]+[A-Z][A-Za-z'’.-]+){0,3}),?[ \t]+")
_STREET_SUFFIX_RE = "|".join(
    sorted({w for s in vocab.STREET_SUFFIXES for w in (s.title(), s.upper())}, key=len, reverse=True)
)
#: A line holding only a street: a house number and capitalised words ("565 Kelly Mission",
#: "01896 Price Brooks Suite 441"), or capitalised words ending in a street suffix ("Levan Terrace").
_STREET_LINE = re.compile(
    r"[ \t]*(?P<st>[0-9]{1,6}[A-Za-z]?(?:-[0-9]{1,4})?[ \t]+(?:[NSEW]\.?[ \t]+)?[A-Za-z][\w'’.-]*"
    r"(?:,?[ \t]+(?:[A-Za-z0-9#][\w'’.#-]*))*"
    rf"|(?:[NSEW]\.?[ \t]+)?(?:[A-Z][\w'’-]*[ \t]+){{1,4}}(?:{_STREET_SUFFIX_RE})\.?"
    r"(?:,?[ \t]+(?:Apt|Suite|Unit|Ste|APT|SUITE|UNIT|STE|#)\.?[ \t]*#?[A-Za-z0-9-]+)?)[ \t,]*"
)
_STREET_BEFORE_CITY = re.compile(
    rf"[ \t]*(?P<st>(?:[0-9]{{1,6}}[ \t]+)?(?:[A-Z][\w'’-]*[ \t]+){{1,4}}(?:{_STREET_SUFFIX_RE})\.?),[ \t]*"
)
_CAPITAL_WORD = re.compile(r"[ \t]+[A-Z][a-z]")
_SPANISH_STREET_WORDS = ("calle", "c/", "avda", "avenida", "av.", "paseo", "carrer", "avinguda", "passeig")
STATE_AFTER_COMMA = re.compile(
    r",[ \t]*(?P<st>" + alt(sorted(vocab.STATE_CODES) + list(vocab.STATE_NAMES)) + r")(?![\w])\.?"
    r"(?:[ \t]+(?P<zip>[0-9]{5}(?:-?[0-9]{4})?)(?![0-9]|-[0-9]))?"
)
#: A state or territory code in any case with a ZIP after it: "dover, de  90722", "Majuro, MH 96960", "Hagatna, Gu".
STATE_CODE_ZIP = re.compile(
    r",[ \t]*(?P<st>(?i:" + alt(sorted(vocab.STATE_CODES | vocab.TERRITORY_CODES)) + r"))\.?"
    r"[ \t]+(?P<zip>[0-9]{5}(?:-?[0-9]{4})?)(?![0-9]|-[0-9])"
)
#: A state code with a ZIP of four or six digits, a digit dropped or doubled ("moobile, al 6912"): an address only
#: with its street before the city or on the line above.
STATE_CODE_SHORT_ZIP = re.compile(
    r",[ \t]*(?P<st>(?i:" + alt(sorted(vocab.STATE_CODES | vocab.TERRITORY_CODES)) + r"))\.?"
    r"[ \t]+(?P<zip>[0-9]{4}|[0-9]{6})(?![0-9]|[-.,/][0-9])"
)
#: A city in capitals ("EAST HEATHERBURY, PW") or in lower case ("dover, de") before its state.
CITY_BEFORE_CASED = re.compile(
    r"(?<![\w'’.-])(?P<city>[A-Z][A-Z'’.-]+(?:[ \t-][A-Z][A-Z'’.-]+){0,2}|[a-z][a-z'’.-]+(?:[ \t-][a-z][a-z'’.-]+){0,2})"
    r"[ \t]*,?[ \t]*$"
)
#: Words that end a lower-case or capitalised city run on the left ("lives at ... , dover").
_CITY_STOP = frozenset({
    "at", "to", "in", "on", "of", "the", "and", "from", "lives", "live", "living", "address", "is", "was", "near",
    "moved", "born", "send", "letter", "home", "she", "he", "her", "his", "staying", "with", "sister", "resides",
})
CITY_BEFORE = re.compile(
    r"(?<![\w'’.-])(?P<city>(?:[A-Z][a-z'’]+\.?|St\.|Ft\.|Mt\.)(?:(?:[ \t]+|-)(?:[A-Z][a-z'’]+|of|de|la|del)){0,3})"
    r"[ \t]*,?[ \t]*$"
)


@dataclass(frozen=True)
class AddressPatterns:
    """What the address recognizers compile once per language set."""

    pobox: re.Pattern
    #: a Spanish street ("Calle Mayor 12, 3º dcha"); None without Spanish
    street_es: re.Pattern | None
    #: a ZIP or postcode after its cue word ("Zip: 02115", "C.P. 28036")
    zip_cue: re.Pattern


def _spanish_street_regex() -> str:
    """A Spanish street: a street word, the name, and a number with floor and door ("C/ Mayor 12, 3º dcha")."""
    prefixes = alt(title_upper(vocab.STREET_PREFIXES_ES)) + r"\.?|[Cc]/\.?|Av\.|AV\."
    number = r"(?:n[º°o]\.?[ \t]*|n[uú]mero[ \t]+)?(?:[0-9]{1,4}(?:-[0-9]{1,4})?[A-Za-z]?(?![\w/])|s/n)"
    side = r"(?:izq(?:uierda|da)?|dcha|derecha|der|izda|centro|ctro)\.?"
    floor_item = (
        r"(?:(?:piso|puerta|planta|bloque|portal|esc(?:alera)?\.?|km\.?)[ \t]*)?"
        rf"(?:[0-9]{{1,3}}(?:[.,][0-9]{{3}})?(?![0-9])[º°ªo]?(?:[ \t]*-?[ \t]*(?:[A-Z](?![\w])|{side}))?"
        rf"|[Bb]ajo(?:[ \t]+[A-Z](?![\w]))?|{side})"
    )
    floor = rf"(?:[ \t]*,?[ \t]*{floor_item}){{0,3}}"
    any_word = r"[\wáéíóúñüÁÉÍÓÚÑ'ºª.-]+"
    cap_word = r"[A-ZÁÉÍÓÚÑ][\wáéíóúñü'.-]*"
    lower_words = r"(?:de|del|la|las|los|el|y|d')"
    return (
        # with a house number, the name may be in any case: "Calle marquez de viana 96"
        rf"(?P<numbered>(?:{prefixes})[ \t]*(?:{any_word}[ \t]+){{0,6}}?{any_word}?,?[ \t]*{number}{floor})"
        # without one, capitalised words after an unambiguous prefix: "Calle Mayor"
        rf"|(?:{prefixes})[ \t]*(?:{lower_words}[ \t]+)*{cap_word}(?:[ \t]+(?:{lower_words}[ \t]+)*{cap_word}){{0,4}}"
    )


def compile_patterns(languages: Languages) -> AddressPatterns:
    """The Spanish street regex only with Spanish: its street words are everyday words in English."""
    pobox = re.compile(
        r"(?i:p\.?[ \t]?o\.?[ \t]*box|post[ \t]+office[ \t]+box|apartado(?:[ \t]+de[ \t]+correos)?)"
        r"[ \t]*#?[ \t]*[0-9]{1,6}(?![0-9])"
    )
    # "ZIP/Postal: 94110-1234", "zip=02139": a form's doubled heading and a log's key=value print the same ZIP
    zip_cue = re.compile(
        r"(?i:(?:zip(?:[ \t]*code)?|zipcode|postal[ \t]+code)(?:[ \t]*/[ \t]*(?:postal|zip)(?:[ \t]*code)?)?"
        r"|c\.?[ \t]?p\.?|c[oó]digo[ \t]+postal)[ \t]*[:#=]?[ \t]*(?:is[ \t]+)?"
        r"(?P<z>[0-9]{5}(?:-[0-9]{4})?)(?![0-9])"
    )
    street_es = re.compile(_spanish_street_regex()) if languages.spanish else None
    return AddressPatterns(pobox=pobox, street_es=street_es, zip_cue=zip_cue)


def _street(scan: Scan, m: re.Match) -> None:
    """A house number, capitalised words and a USPS suffix: the shape alone is specific enough.

    In a note typed in capitals every word is "capitalised", so there a sentence
    word inside ("6 O'CLOCK POSITION ALL THE WAY", "2008 AFTER HIS LEGS GAVE WAY") rules it out.
    """
    value = m.group()
    if value.isupper() and any(w in _CAPS_SENTENCE_WORDS for w in value.split()):
        return
    unit = UNIT_AFTER.match(value, len(value) - len(value.lstrip("0123456789-")))
    if unit and unit.group().strip().lower() not in _DIRECTIONS:
        return  # "2 MM ST SEGMENT", "500 Mg Via PEG": a measurement before a clinical word, no house number
    scan.emit(m.start(), m.end(), "STREET", 0.85)


#: Letters that are a direction or a lettered street ("12 W Main St", "1100 K St"), not a unit.
_DIRECTIONS = frozenset({"n", "s", "e", "w", "k", "m", "u", "h", "x"})  # and "K Street", "M Street"


_CAPS_SENTENCE_WORDS = frozenset({
    "THE", "AND", "HIS", "HER", "AFTER", "IN", "ON", "AT", "ONE", "WITH", "ALL", "TO", "A", "AN", "WAS", "IS", "FOR",
    "FROM", "BY", "AS", "THIS", "THAT", "WERE", "ARE", "HAD", "HAS", "GAVE", "TIMES", "OR", "NOT", "NO",
})


def _zip(scan: Scan, m: re.Match) -> None:
    """Five digits are a ZIP only after a state ("Boise, ID 83702"), in a letterhead's town line, or as a Spanish
    postcode before its town.
    """
    _zip_at(scan, m.start(), m.end())


def zip_plus_four(scan: Scan, s: int, e: int) -> bool:
    """Nine digits after a state code or name are a ZIP+4 printed without its dash ("NEW PRISCILLA FL 057115371",
    fixed-width exports); whether they were taken."""
    words, _, between = scan.prev_words(s)
    if not words or between not in ("", ",") or not (
            words[-1] in vocab.STATE_CODES and words[-1] not in vocab.AMBIGUOUS_STATE_CODES or words[-1] in _STATE_NAME_SET):
        return False
    before = len(scan.out)
    _zip_at(scan, s, e)
    return len(scan.out) > before


def _zip_at(scan: Scan, s: int, e: int) -> None:
    if signature_pager(scan, s, e):
        return
    words, starts, between = scan.prev_words(s)
    if not words or between not in ("", ","):
        if scan.spanish:
            _spanish_zip(scan, s, e)
        return
    if words[-1] in vocab.STATE_CODES and words[-1] not in vocab.AMBIGUOUS_STATE_CODES:
        st_start, st_end = starts[-1], starts[-1] + 2  # "Boise, ID 83702" is left to the address pass
    elif words[-1] in _STATE_NAME_SET:
        st_start, st_end = starts[-1], starts[-1] + len(words[-1])
    elif len(words) >= 2 and " ".join(words[-2:]) in _STATE_NAME_SET:
        st_start, st_end = starts[-2], starts[-1] + len(words[-1])
    else:
        if not _city_zip_line(scan, s, e) and scan.spanish:
            _spanish_zip(scan, s, e)
        return
    scan.emit(s, e, "ZIP", 0.95)
    scan.emit(st_start, st_end, "STATE", 0.9)
    city = _city_before(scan, st_start, 0.8)
    if city:
        _street_above(scan, city[0])


def _city_zip_line(scan: Scan, s: int, e: int) -> bool:
    """"Kansas City 05674" as the last line of an address block, under its street line.

    Without a state the ZIP needs the block around it: the line holds only
    capitalised words and the ZIP, and the line above is a street line.
    """
    text = scan.text
    if not _LINE_END.match(text, e):
        return False
    ls = scan.line_start(s)
    city = _CITY_LINE.fullmatch(text, ls, s)
    words = city.group("city").split() if city else []
    if not words or any(w in vocab.NOT_CITY_WORDS and (i == 0 or w != "City") for i, w in enumerate(words)):
        return False  # but "Kansas City"
    if not _street_above(scan, city.start("city")):
        return False
    scan.emit(city.start("city"), city.end("city"), "CITY", 0.75)
    scan.emit(s, e, "ZIP", 0.85)
    return True


def _street_above(scan: Scan, line_pos: int) -> bool:
    """The street line of a letterhead: the line right above a "City, ST ZIP" line beginning at ``line_pos``.

    "565 Kelly Mission" or "Levan Terrace" above "Des Moines, IA 39461" is a
    street whatever its suffix; the house number or a street suffix has to be there.
    """
    text = scan.text
    ls = scan.line_start(line_pos)
    if text[ls:line_pos].strip(" \t") or ls < 2:
        return False
    ple = ls - 1
    if ple > 0 and text[ple - 1] == "\r":
        ple -= 1
    pls = scan.line_start(ple)
    m = _STREET_LINE.fullmatch(text, pls, ple)
    if not m:
        # "She lives at 27556 Richard View Bldg B, Apt 402" above the town line: the numbered tail of the line
        return _street_before(scan, ple, pls)
    # confident enough to stretch a shorter street another detector found over the whole line ("... apartment 2302")
    scan.emit(m.start("st"), m.end("st"), "STREET", 0.8)
    return True


def _spanish_zip(scan: Scan, s: int, e: int) -> None:
    """"..., 5-7, 2º dcha 28036 Madrid": a Spanish postcode (province 01-52) before the town."""
    text = scan.text
    if not "01" <= text[s : s + 2] <= "52" or e - s != 5:
        return
    city = _ES_CITY_AFTER.match(text, e)
    if not city:
        return
    j = s
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    before = text[max(0, j - 3) : j]
    after_address = (
        before[-1:] in (",", ")", "º", "ª", "-", ".")
        or before[-1:].isdigit()
        or before == "s/n"
        or before.endswith(("E-", "CP"))
    )
    if not after_address:
        return
    scan.emit(s, e, "ZIP", 0.8)
    scan.emit(city.start("city"), city.end("city"), "CITY", 0.7)


def _known_city_before(scan: Scan, end: int) -> bool:
    """Whether the words before ``end`` are a major city that is not also a person's name ("Baltimore", not "Jackson")."""
    city = _city_before(scan, end, 0.7, emit=False)
    if not city:
        return False
    name = scan.text[city[0] : city[1]]
    return name in major_cities() and not any(w in person_names() for w in name.split())


@lru_cache(maxsize=1)
def major_cities() -> frozenset[str]:
    """The shipped list of major cities, as written (title case)."""
    return frozenset(read_list("cities_major.txt"))


@lru_cache(maxsize=1)
def person_names() -> frozenset[str]:
    """First and last names of the shipped lists: a city that is also a name is no evidence of a place."""
    first = (line.split("\t")[0] for line in read_list("first_names.txt"))
    return frozenset(first) | frozenset(read_list("last_names.txt"))


def _city_state_any_case(scan: Scan, done: set[int]) -> None:
    """"dover, de  90722", "EAST HEATHERBURY, PW  72377", "Majuro, MH 96960": a code in any case or a
    territory needs its ZIP; the city before it may be in capitals or lower case."""
    text = scan.text
    for m in STATE_CODE_ZIP.finditer(text):
        if m.start() in done:
            continue
        city = _city_before(scan, m.start(), 0.8, emit=False) or _cased_city_before(scan, m.start())
        scan.emit(m.start("st"), m.end("st"), "STATE", 0.85)
        scan.emit(m.start("zip"), m.end("zip"), "ZIP", 0.95)
        if city:
            scan.emit(city[0], city[1], "CITY", 0.75)
            if not _street_above(scan, city[0]):
                _street_before(scan, city[0])


def _city_state_short_zip(scan: Scan) -> None:
    """"she lives at 9155 reyes roads lot 402 / new inda, ok  8127": a ZIP written with a digit too few or too
    many is still one after a state code when the street stands before the city (a year or a measure is not)."""
    text = scan.text
    for m in STATE_CODE_SHORT_ZIP.finditer(text):
        z = m.group("zip")
        if (len(z) == 4 and z[:2] in ("19", "20")) or UNIT_AFTER.match(text, m.end()):
            continue
        city = _city_before(scan, m.start(), 0.75, emit=False) or _cased_city_before(scan, m.start())
        if city and (_street_above(scan, city[0]) or _street_before(scan, city[0])):
            scan.emit(city[0], city[1], "CITY", 0.75)
            scan.emit(m.start("st"), m.end("st"), "STATE", 0.8)
            scan.emit(m.start("zip"), m.end("zip"), "ZIP", 0.8)


def _cased_city_before(scan: Scan, end: int) -> tuple[int, int] | None:
    """An upper- or lower-case run of one to three words before ``end``, without the sentence words before it."""
    found = _words_before(scan, end, CITY_BEFORE_CASED)
    if not found:
        return None
    cs, words = found
    while words and (words[0].group().lower() in _CITY_STOP or words[0].group().lower() in _SUFFIX_WORDS):
        words = words[1:]
    if not words or any(w.group().lower() in _CITY_STOP for w in words):
        return None
    return cs + words[0].start(), cs + words[-1].end()


def _words_before(scan: Scan, end: int, pattern: re.Pattern) -> tuple[int, list[re.Match]] | None:
    """The words of ``pattern``'s group ``city`` ending just before ``end`` on its line, and where they start.

    A gap of two blanks or a tab separates fields ("012 Reese Green  Normanborough, IN"): only the words
    after the last such gap can be the city.
    """
    m = pattern.search(scan.text, max(scan.line_start(end), end - 40), end)
    if not m:
        return None
    cs, ce = m.span("city")
    part = scan.text[cs:ce]
    wide = max(part.rfind("  "), part.rfind("\t"))
    words = list(re.finditer(r"[^ \t-]+", part))
    if wide >= 0:
        words = [w for w in words if w.start() > wide]
    return (cs, words) if words else None


#: A house number and the words after it, up to a comma or a wide gap before the city: "550 Traci Mission",
#: "7998 michael grove ste 262", "27556 Richard View Bldg B, Apt 402".
_NUMBERED_STREET = re.compile(
    r"(?<![\w.,/:#-])(?P<st>[0-9]{1,6}[A-Za-z]?(?:[ \t]+(?:[NSEWnsew]\.?[ \t]+)?[A-Za-z][\w'’.-]*)"
    r"(?:,?[ \t]+(?:[A-Za-z][\w'’.-]*|#?[ \t]*[0-9]{1,6}[A-Za-z]?))*)(?:[ \t]*,[ \t]*|[ \t]{2,}|[ \t]*$)"
)
#: What may stand before a house number on its line: nothing, or "at", "to", "address:", a comma.
_STREET_LEAD = re.compile(r"(?:^|(?i:\bat|\bto|\bon|\baddress|\bis)[ \t]*:?|[:,])[ \t]*$", re.MULTILINE)
_SUFFIX_WORDS = frozenset(s.lower() for s in vocab.STREET_SUFFIXES) | {"apt", "ste", "suite", "unit", "lot", "bldg"}


def _street_before(scan: Scan, city_start: int, ls: int | None = None) -> bool:
    """The street on the city's line, between the house number and the city ("She lives at 550 Traci Mission, Bangor")."""
    text = scan.text
    ls = max(scan.line_start(city_start) if ls is None else ls, city_start - 80)
    for m in _NUMBERED_STREET.finditer(text, ls, city_start):
        if m.end() != city_start:
            continue
        words = re.findall(r"[A-Za-z][\w'’.-]*", m.group("st"))
        if not _STREET_LEAD.search(text, ls, m.start()) or scan.unit_after(m.start() + len(m.group().split()[0])):
            continue  # "Dose 20 mg": the number must open the line or follow "at", "to" or a colon
        if 1 <= len(words) <= 7 and not any(w.lower() in _CITY_STOP for w in words):
            scan.emit(m.start("st"), m.end("st"), "STREET", 0.85)
            return True
    return False


def find_city_state(scan: Scan) -> None:
    """"Boston, MA 02115", "Boca Raton, Florida": a state after a comma makes the words before it a city.

    States that are also words or names ("IN", "Virginia") count only with a ZIP after them.
    """
    text = scan.text
    done: set[int] = set()
    for m in STATE_AFTER_COMMA.finditer(text):
        st, zip_code = m.group("st"), m.group("zip")
        if not zip_code and (st in vocab.AMBIGUOUS_STATE_CODES or st in vocab.AMBIGUOUS_STATE_NAMES):
            if not (len(st) == 2 and _known_city_before(scan, m.start())):
                continue  # "Smith, MD", "heparin, SC"; but "Baltimore, MD", "Portland, OR"
        if not zip_code and len(st) > 2 and _CAPITAL_WORD.match(text, m.end()):
            continue  # "Tower, Wisconsin Card Sorting Test"
        city = _city_before(scan, m.start(), 0.8 if zip_code else 0.7, emit=False)
        if not city and zip_code:
            city = _cased_city_before(scan, m.start())  # "DOVER, DE 19901" in a note typed in capitals
        if not city and not zip_code:
            continue
        if city:
            scan.emit(city[0], city[1], "CITY", 0.8 if zip_code else 0.7)
            if not _street_above(scan, city[0]):
                ls = scan.line_start(city[0])
                street = _STREET_BEFORE_CITY.fullmatch(text, ls, city[0])
                if street:  # "Acuna Parkway, Boca Raton, Florida"
                    scan.emit(street.start("st"), street.end("st"), "STREET", 0.7)
                elif zip_code:  # "She lives at 550 Traci Mission, Bangor, ME 71543"
                    _street_before(scan, city[0])
        scan.emit(m.start("st"), m.end("st"), "STATE", 0.9 if zip_code else 0.75)
        if zip_code:
            scan.emit(m.start("zip"), m.end("zip"), "ZIP", 0.95)
        done.add(m.start())
    _city_state_any_case(scan, done)
    _city_state_short_zip(scan)


def _city_before(scan: Scan, end: int, score: float, emit: bool = True) -> tuple[int, int] | None:
    """The run of capitalised words just before ``end`` (a comma or a state)."""
    found = _words_before(scan, end, CITY_BEFORE)
    if not found:
        return None
    cs, words = found
    # keep at most three words, dropping leading words that cannot start a city
    words = words[-3:]
    while words and (words[0].group().rstrip(".") in vocab.NOT_CITY_WORDS or words[0].group().islower()):
        words = words[1:]
    if not words or any(w.group().rstrip(".") in vocab.NOT_CITY_WORDS for w in words):
        return None
    cs, ce = cs + words[0].start(), cs + words[-1].end()
    if emit:
        scan.emit(cs, ce, "CITY", score)
    return cs, ce


def _po_box(scan: Scan, s: int) -> int:
    """"P.O. Box 123", "Apartado de correos 45"."""
    return scan.emit_match(scan.p.addresses.pobox, s, "STREET", 0.95)


#: A rural mailing address: "RR 2, Box 45", "R.R. 1 Box 7", "HC 64 Box 12" (a highway contract route), "Rural Route 3".
#: An "RR" or "HC" needs its box ("RR 22" is a respiratory rate); a route named in words stands alone.
_RURAL_ROUTE = re.compile(
    r"(?i:(?:r\.?[ \t]?r\.?|h\.?[ \t]?c\.?)[ \t]*#?[ \t]*[0-9]{1,4}[ \t]*,?[ \t]*box[ \t]*#?[ \t]*[0-9]{1,5}"
    r"|rural[ \t]+route[ \t]*#?[ \t]*[0-9]{1,4}(?:[ \t]*,?[ \t]*box[ \t]*#?[ \t]*[0-9]{1,5})?)(?![\w-])"
)


def _rural_route(scan: Scan, s: int) -> int:
    """"RR 2, Box 45", "HC 64 Box 12", "Rural Route 3": a rural route and its box, where the mail goes."""
    return scan.emit_match(_RURAL_ROUTE, s, "STREET", 0.9)


def _spanish_street(scan: Scan, s: int) -> int:
    """A Spanish street after a street word; without a house number only after an unambiguous one ("Calle Mayor")."""
    if scan.p.addresses.street_es is None:
        return 0
    m = scan.p.addresses.street_es.match(scan.text, s)
    if not m:
        return 0
    numbered = m.group("numbered") is not None
    if scan.p.languages.english and m.group()[:4].lower() == "via ":
        return 0  # "VIA INSULIN PUMP ABOUT 30": the English word
    if not numbered and not m.group().lower().startswith(_SPANISH_STREET_WORDS):
        return 0
    scan.emit(s, m.end(), "STREET", 0.85 if numbered else 0.6)
    return m.end()


def _zip_after_cue(scan: Scan, s: int) -> int:
    """"Zip: 02115", "C.P. 28036 Madrid": the cue makes any five digits a ZIP; a Spanish town may follow."""
    m = scan.p.addresses.zip_cue.match(scan.text, s)
    if not m:
        return 0
    scan.emit(m.start("z"), m.end("z"), "ZIP", 0.95)
    if scan.spanish:
        city = _ES_CITY_AFTER.match(scan.text, m.end())
        if city:
            scan.emit(city.start("city"), city.end("city"), "CITY", 0.7)
    return m.end()


def _street_regex(lang: Languages) -> str:
    """"12 Oak Street", "01896 Price Brooks Suite 441": a house number, capitalised words and a USPS suffix."""
    title_upper_suffixes = {
        "street", "st", "avenue", "ave", "road", "rd", "boulevard", "blvd", "drive", "lane", "ln", "court",
        "place", "terrace", "way", "circle", "parkway", "pkwy", "highway", "hwy", "square", "trail", "plaza",
    }
    suffixes = [s[:1].upper() + s[1:] for s in vocab.STREET_SUFFIXES]
    suffixes += [s.upper() for s in vocab.STREET_SUFFIXES if s in title_upper_suffixes]
    suffix_re = alt(suffixes)
    unit_re = alt(title_upper(u for u in vocab.UNIT_WORDS if u != "#") + ["#"])
    unit = rf"(?:,?[ \t]*{unit_re}\.?[ \t]*#?[ \t]*[A-Za-z0-9-]{{1,6}}(?![\w-]))"
    strong_unit = alt(title_upper(vocab.STREET_UNIT_WORDS))  # not "#": "500 MG #14", "#4-0 VICRYL"
    return (
        r"[0-9]{1,6}(?:-[0-9]{1,4})?[A-Za-z]?[ \t]+"
        r"(?:(?:[NSEW]|N[EW]|S[EW]|North|South|East|West)\.?[ \t]+)?"
        r"(?:(?:(?:[A-Z][A-Za-z'’-]*|[0-9]{1,3}(?:st|nd|rd|th))\.?[ \t]+){1,4}"
        rf"{suffix_re}(?![\w'’-])\.?{unit}{{0,2}}"
        # no known suffix, but a flat or suite number after the name: "812 Moore Brooks Lot 2270"
        rf"|(?:[A-Z][A-Za-z'’-]*[ \t]+){{1,4}}(?={strong_unit}\.?[ \t]*#?[ \t]*[0-9]){unit}{{1,2}})"
    )


STREET = NumericShape("street", _street_regex, _street)
ZIP = NumericShape("zip", lambda lang: r"[0-9]{5}(?:-[0-9]{4})?(?![0-9]|-[0-9]|[.,][0-9])", _zip)
PO_BOX_WORDS = CueWords("pobox", lambda lang: ["po", "p.o", "post"] + (["apartado"] if lang.spanish else []), _po_box)
RURAL_ROUTE_WORDS = CueWords("rural_route", lambda lang: ["rr", "r.r", "rural", "hc", "h.c"], _rural_route)
SPANISH_STREET_WORDS = CueWords(
    "street_es",
    lambda lang: list(vocab.STREET_PREFIXES_ES) + ["av", "c/"] if lang.spanish else [],
    _spanish_street,
)
ZIP_WORDS = CueWords(
    "zipcue",
    lambda lang: ["zip", "zipcode", "postal"] + (["cp", "c.p", "código", "codigo"] if lang.spanish else []),
    _zip_after_cue,
)
CITY_STATE = TextPass(("CITY", "STATE", "ZIP"), lambda scan: "," in scan.text, find_city_state)
