"""International addresses written over several lines: street, postcode and town, country.

    Halgreensvej 797            7 Diane Glens              She lives at Aspgatan 846
    4920 Rask Mølle             Suttonstad G57 1BF         27257 Uddevalla until she recovers.
    DENMARK                     United Kingdom

Outside the US a postcode is four to six digits, "07-879", "765 63", "60532-745",
"4835TY" or an alphanumeric UK, Canadian or Irish code, and the town comes before
or after it. Such a line alone is weak evidence (a lab row reads "4920 Units"), so
the block around it must agree: the line above is a street (a name and a house
number in either order) and the line below is a country, or an address cue ("lives
at", "address", "send ... to") opens the block. A line holding only a UK, Canadian
or Irish postcode takes the town line above it and the street line above that.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .base import Scan, TextPass, matches_on_lines
from .addresses import person_names
from .places import read_list
from .regex_parts import UNIT_AFTER

#: Postcode shapes: digits with the separators of their countries, Dutch "4835 TY", Brazilian CEPs written
#: without their hyphen ("95099850"), and the alphanumeric ones.
_UK = r"[A-Z]{1,2}[0-9][A-Z0-9]?[ \t]?[0-9][A-Z]{2}"
_CANADA = r"[A-Z][0-9][A-Z][ \t]?[0-9][A-Z][0-9]"
_EIRCODE = r"[A-Z][0-9]{2}[ \t]?[A-Z0-9]{4}"
_STRONG_POSTCODE = rf"(?i:{_UK}|{_CANADA}|{_EIRCODE})"
_POSTCODE = (
    rf"(?:[0-9]{{2}}-[0-9]{{3}}|[0-9]{{3}}[ \t][0-9]{{2}}|[0-9]{{5}}-[0-9]{{3,4}}|[0-9]{{4}}[ \t]?(?i:[A-Z]{{2}})"
    rf"|[0-9]{{8}}|[0-9]{{4,6}}|{_STRONG_POSTCODE})"
)
#: Postcodes no count or measurement is written like: UK, Canadian, Irish, Polish "07-879", Brazilian "60532-745".
_DISTINCT_POSTCODE = re.compile(rf"{_STRONG_POSTCODE}|[0-9]{{2}}-[0-9]{{3}}|[0-9]{{5}}-[0-9]{{3}}")
#: A word of a town: letters first, or the Dutch "'s-" ("'s-Gravendeel", "'s-Hertogenbosch").
_WORD = r"(?:['’]s-)?[^\W\d_][\w'’.-]*"
_CITY = rf"{_WORD}(?:[ \t]+{_WORD}){{0,5}}"
#: "4920 Rask Mølle", "07-879 Gliwice", "27257 Uddevalla until she recovers."
_POSTCODE_FIRST = re.compile(rf"[ \t]*(?P<pc>{_POSTCODE})(?![\w-])[ \t]+(?P<city>{_CITY})")
#: "Suttonstad G57 1BF", "Begusarai 742427", "San Ana María de la Montaña 11130-6542"
_POSTCODE_LAST = re.compile(
    rf"[ \t]*(?P<city>{_CITY}),?[ \t]+(?P<pc>{_POSTCODE})(?![\w-])[ \t]*(?:[.,;]?[ \t]*$|[.,;][ \t].*"
    # the sentence may go on after the block: "Caragh Ville N28 RT7C until she recovers", "... lives with children"
    r"|[ \t]+(?=(?i:until|and|while|when|where|with|but|so|lives|lived|living|who)\b).*)", re.MULTILINE
)
#: "Maloneborough 2920 The anterior ...", "Damian Ville C23 TR2V RR14 36.2C": the town and postcode line of a
#: block whose text runs on into the next sentence with no full stop (a line break lost when the note was
#: typed or exported). Only taken with a street line above and an address cue or a postcode of a distinct shape.
_POSTCODE_GLUED = re.compile(rf"[ \t]*(?P<city>{_CITY}),?[ \t]+(?P<pc>{_POSTCODE})(?![\w-])[ \t]+(?=[^\W\d_])")
#: "S2B 2G2", "X29 EYWH": a line holding only an alphanumeric postcode.
_POSTCODE_ALONE = re.compile(
    rf"[ \t]*(?P<pc>(?i:{_UK}|{_CANADA}|{_EIRCODE}|[A-Z][0-9][A-Z][0-9][A-Z][0-9]))(?![\w-])[ \t]*[.,;]?"
    # the sentence may go on after the block: "X29 EYWH until she recovers", "X8Y9N7. Oropharynx is clear."
    r"(?:[ \t]*(?i:until|and|while|when|for|where|with|but|so)\b.*|(?<=[.;])[ \t]+.*"
    # or with no full stop at all ("V41KN7C Chips were removed"): then an address cue must open the block
    r"|(?P<glued>[ \t]+[^\W\d_].*))?[ \t]*"
)
#: A street line: "Aspgatan 846", "Quadra Leão 42", "7 Diane Glens", "Calle Ojeda 064 003", "62/86, Amble Zila",
#: "H.NO. 654, NARULA GANJ", "Flat 36"; after a cue on the same line when the block opens mid-sentence.
_STREET_TOKEN = r"(?:[^\W_][\w'’./-]*,?|,)"  # a comma of its own: "Corredor India 229 Edif. 346 , Depto. 347"
_STREET_LINE = re.compile(rf"(?P<st>{_STREET_TOKEN}(?:[ \t]+{_STREET_TOKEN}){{0,7}})[ \t]*,?[ \t]*")
_BLOCK_CUE = re.compile(
    r"(?i)\b(?:lives?|living|resides?|residing|staying|address|mail|mailing|send|sent|write|moved|home)\b"
)
#: The cues that name an address outright ("home" does not: "home medications:"): what a block needs when its
#: last line runs on into the next sentence.
_ADDRESS_CUE = re.compile(r"(?i)\b(?:lives?|living|resides?|residing|staying|address|mailing|send|sent|write)\b")
#: "Flat 36" heading a block, alone on its line or after "lives at".
_FLAT_LINE = re.compile(
    r"(?:^|(?i:\bat|\bto)[ \t]+|:[ \t]*)(?P<st>(?i:flat|apt\.?|apartment|unit|suite)[ \t]*#?[ \t]*[0-9A-Za-z-]{1,6})"
    r"[ \t]*,?[ \t]*$",
    re.MULTILINE,
)
#: Words that end a town's name on its line ("27257 Uddevalla until she recovers").
_STOP = frozenset({
    "until", "and", "with", "for", "while", "when", "where", "who", "which", "the", "she", "he", "they", "was",
    "is", "are", "has", "had", "on", "at", "in", "to", "from", "since", "after", "before", "but", "so", "then",
    "patient", "pt", "because", "if", "as", "by", "of", "during", "about", "will", "would", "should",
    "given", "this", "that", "these", "there", "it", "we", "i", "her", "his", "a", "an", "no", "not", "also",
    "please", "follow", "followed", "following", "however", "otherwise",
})
_CONNECTORS = frozenset({"de", "la", "del", "los", "las", "di", "da", "do", "dos", "das", "van", "der", "den", "von",
                         "am", "an", "im", "sur", "sous", "le", "les", "en", "upon", "on-sea", "y", "i",
                         "nad", "pod", "na", "bei", "ob", "aan", "op"})  # "Teplice nad Metují", "Alphen aan den Rijn"


Range = tuple[int, int]


def _fold(s: str) -> str:
    """Lower case without accents, as the country keys are kept."""
    return "".join(c for c in unicodedata.normalize("NFKD", s.lower()) if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def _countries() -> frozenset[str]:
    """Every country of the shipped list, lower case and accent-folded, without a leading "the"."""
    out = set()
    for name in read_list("countries.txt"):
        key = _fold(re.sub(r"\s*\(.*?\)\s*", " ", name).strip())
        out.add(key.removeprefix("the "))
    return frozenset(out)


#: Countries the shipped list leaves out because they are words or names far more often ("turkey", "Chad",
#: "Georgia"); in the country slot of an address block, under a postcode and town, they are countries.
_BLOCK_ONLY_COUNTRIES = frozenset({"turkey", "turkiye", "chad", "guinea", "niger", "georgia", "jersey"})


def _country_at(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The country name that opens the line ``text[start:end]``, if one does (the longest of up to five words).

    Only ever asked where an address block puts its country (the line under a postcode, after a
    town's comma), so the words the shipped list leaves out count here too.
    """
    words = _words(text, start, end)
    if not words or text[start : start + words[0].start()].strip():
        return None
    countries = _countries()
    for n in range(len(words), 0, -1):
        phrase = _fold(" ".join(w.group() for w in words[:n]))
        if phrase in countries:
            return start + words[0].start(), start + words[n - 1].end()
    if _fold(words[0].group()) in _BLOCK_ONLY_COUNTRIES:
        after = text[start + words[0].end() : end].strip(" \t")
        nxt = after.split()[0].lower() if after.split() else ""
        if not after or after[0] in ".,;" or nxt == "until":  # "TURKEY.", "Turkey until she ...", not "Chad was"
            return start + words[0].start(), start + words[0].end()
    return None


def _words(text: str, start: int, end: int) -> list[re.Match]:
    """The first five words of ``text[start:end]``, offsets relative to ``start``."""
    return list(re.finditer(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*", text[start:end]))[:5]


def _weak_country_at(text: str, start: int, end: int) -> Range | None:
    """The country line of a block that its street, postcode and cue already make one, in the forms that are
    no evidence by themselves: misspelt ("Finlnad", "Czeh Republic") or a country that is also a word with the
    next sentence after it and no full stop ("Turkey No history of weight loss", but not "Chad was seen")."""
    found = _country_at(text, start, end)
    if found:
        return found
    words = _words(text, start, end)
    if not words or text[start : start + words[0].start()].strip():
        return None
    if _fold(words[0].group()) in _BLOCK_ONLY_COUNTRIES:
        after = text[start + words[0].end() : end].split()
        if not after or after[0].lower() not in _AFTER_A_PERSON:
            return start + words[0].start(), start + words[0].end()
    return _misspelt_country(text, start, end, words)


#: Words after a name that say it is a person's ("Chad was seen", "Georgia said"), not a country's.
_AFTER_A_PERSON = frozenset(
    "was is has had will would can could said says states stated reports reported called and or 's ’s".split()
)


def _misspelt_country(text: str, start: int, end: int, words: list[re.Match]) -> Range | None:
    """A country of the shipped list written with one letter wrong, added, dropped or swapped ("Germaany",
    "FINALND", "Canda", "Czeh Republic"), alone on its line or before a full stop, "until" or a new sentence.
    Names of five letters or more only, and no common word or person's name ("Spin", "Marta")."""
    for n in range(min(len(words), 4), 0, -1):
        phrase = _fold(" ".join(w.group() for w in words[:n]))
        first = words[0].group()
        if len(phrase) < 5 or first.lower() in _common_words() or first[:1].upper() + first[1:].lower() in person_names():
            continue
        rest = text[start + words[n - 1].end() : end].lstrip(" \t")
        if rest and rest[0] not in ".,;" and not rest[:1].isalpha():
            continue
        if any(abs(len(c) - len(phrase)) <= 1 and _one_edit(phrase, c) for c in _countries()):
            return start + words[0].start(), start + words[n - 1].end()
    return None


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by exactly one inserted, dropped, replaced or swapped (adjacent) letter."""
    if a == b:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :] or (i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i]
                                            and a[i + 2 :] == b[i + 2 :])
    return a[i:] == b[i + 1 :]


def _city_span(text: str, start: int, end: int, free_end: bool) -> tuple[int, int] | None:
    """The town's words in ``text[start:end]``; when the sentence goes on after it ("27257 Uddevalla until she
    recovers", "03756 Naila Given this finding"), up to a sentence word, a punctuation mark or, in a cased line,
    the first lower-case word that is not a connector ("de", "la")."""
    words = list(re.finditer(r"[^\W\d_][\w'’-]*", text[start:end]))
    kept: list[re.Match] = []
    cased = bool(words) and words[0].group()[:1].isupper() and not words[0].group().isupper()
    for w in words:
        low = w.group().lower()
        if kept and free_end:
            gap = text[start + kept[-1].end() : start + w.start()]
            if gap.strip(" \t-"):
                break  # a comma or a full stop ends the town
        if free_end and (low in _STOP or (kept and cased and w.group()[:1].islower() and low not in _CONNECTORS)):
            break
        if free_end and kept and _sentence_word_after(text, start + w.start(), start + w.end(), low):
            break  # "28479 Gilletdan Pulse 80 and regular": the next sentence starts on the town's line
        kept.append(w)
        if len(kept) >= 6:
            break
    while kept and kept[-1].group().lower() in _CONNECTORS:
        kept.pop()
    if not kept:
        return None
    return start + kept[0].start(), start + kept[-1].end()


def _sentence_word_after(text: str, ws: int, we: int, low: str) -> bool:
    """The capitalised word at ``text[ws:we]`` opens a sentence after a town ("Pulse 80", "Nasal mucosa",
    "Treatment decreases", "Obviously,"): a common word followed by a number, a lower-case word or a comma."""
    word = text[ws:we]
    if not (word[:1].isupper() and not word.isupper() and low in _common_words()):
        return False
    rest = text[we : we + 3]
    return bool(re.match(r"(?:,|[ \t]+(?:[0-9]|[a-z]))", rest))


@lru_cache(maxsize=1)
def _common_words() -> frozenset[str]:
    """Words of the clinical allowlist (common English and clinical words), lower case."""
    return frozenset(w.lower() for w in read_list("clinical_allow.txt"))


#: Where a street may start inside a line: after "at", "to", a colon or a comma ("the bill for Ann Lee, Sadowa 954").
_TAIL_CUE = re.compile(r"(?i)\b(?:at|to)[ \t]+|[:,][ \t]*")


def _street_in_line(scan: Scan, ls: int, le: int) -> tuple[int, int] | None:
    """The street that ends the line ``[ls, le)``: the whole line, or its tail after "at", "to", a colon or a comma."""
    text = scan.text
    for s in [ls] + [m.end() for m in _TAIL_CUE.finditer(text, ls, le)]:
        m = _STREET_LINE.fullmatch(text, s, le)
        if not m:
            continue
        tokens = m.group("st").replace(",", " ").split()
        has_number = any(any(c.isdigit() for c in t) for t in tokens)
        has_word = any(t[:1].isalpha() and len(t) > 1 for t in tokens)
        if has_number and has_word and len(tokens) <= 8 and not any(t.lower() in _STOP for t in tokens):
            return m.start("st"), m.end("st")
    return None


def _number_unit(scan: Scan, start: int) -> bool:
    """The line at ``start`` opens with a number and a unit ("12 weeks", "20 mg"): a measure, not a street."""
    m = re.match(r"[0-9]+(?=[ \t])", scan.text[start : start + 12])  # "603/4 Cook ...": a flat and a house
    return m is not None and UNIT_AFTER.match(scan.text, start + m.end()) is not None


def _lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line, without its line break."""
    out, pos = [], 0
    for line in text.split("\n"):
        end = pos + len(line)
        out.append((pos, end - 1 if line.endswith("\r") else end))
        pos = end + 1
    return out


def find_international_addresses(scan: Scan) -> None:
    """Blocks of street, postcode-and-town and country lines (see the module docstring)."""
    text = scan.text
    lines = _lines(text)
    for i, (ls, le) in enumerate(lines):
        if le - ls < 4:
            continue
        alone = _POSTCODE_ALONE.fullmatch(text, ls, le)
        if alone:
            _postcode_alone(scan, lines, i, alone)
            continue
        found = _town_and_postcode(text, ls, le)
        if found is None:
            continue
        m, city, glued = found
        street = _street_in_line(scan, *lines[i - 1]) if i > 0 else None
        nxt = lines[i + 1] if i + 1 < len(lines) and not glued else None
        country = _country_at(text, *nxt) if nxt else None
        weak = _weak_country_at(text, *nxt) if nxt and not country else None  # no evidence by itself
        cue = street is not None and _BLOCK_CUE.search(text, max(0, lines[i - 1][0] - 60), street[0]) is not None
        strong = _DISTINCT_POSTCODE.fullmatch(m.group("pc")) is not None
        if glued and (street is None or UNIT_AFTER.match(text, m.end("pc")) or not (
                strong or _ADDRESS_CUE.search(text, max(0, lines[i - 1][0] - 60), street[0]))):
            continue  # a line running on into a sentence is a block's last line only under a street and a cue
        heading = street is not None and i >= 2 and _heading_line(text, *lines[i - 2]) and (
            nxt is None or _BLOCK_END.match(text, *nxt) is not None or weak is not None
            or _NEXT_PART.match(text, *nxt) is not None) and not (
            UNIT_AFTER.match(text, m.end("pc")) or UNIT_AFTER.match(text, street[1]))
        evidence = (street is not None) + (country is not None) + (cue or heading)
        if evidence < (1 if strong else 2) or street is None and country is None:
            continue
        _emit_block(scan, lines, i, street, (m.start("pc"), m.end("pc")), city, country or weak)


def _town_and_postcode(text: str, ls: int, le: int) -> tuple[re.Match, Range, bool] | None:
    """The town-and-postcode line ``text[ls:le]`` of a block: (match, town, whether the next sentence runs on)."""
    m = _POSTCODE_LAST.fullmatch(text, ls, le)
    if m and any(c.isdigit() for c in m.group("pc")):
        city = _city_span(text, m.start("city"), m.end("city"), False)
        if city:
            return m, city, False
    m = _POSTCODE_FIRST.match(text, ls, le)
    if m and any(c.isdigit() for c in m.group("pc")):
        city = _city_span(text, m.start("city"), le, True)
        if city:
            return m, city, False
    m = _POSTCODE_GLUED.match(text, ls, le)
    if m and any(c.isdigit() for c in m.group("pc")):
        city = _city_span(text, m.start("city"), m.end("city"), False)
        town = text[m.start("city") : m.end("city")]
        # not "denmark. by 1996 she ...": a sentence ending inside the town, or a country line with a year after it
        if city and city[1] == m.end("city") and not re.search(r"[.;:!?][ \t]", town) and not any(
                w.lower() in _STOP for w in town.split()) and _country_at(text, m.start("city"), m.end("city")) is None:
            return m, city, True
    return None


#: A letterhead or signature line over a street: a name or an institution, a few words, no digits, no full stop.
_HEADING = re.compile(r"[ \t>]*(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?[ \t]+)?[^\W\d_][\w'’.&-]*(?:[ \t]+[^\W\d_][\w'’.&,-]*){0,5}[ \t]*")


#: What follows an address block: a blank line, a section header ("PREOPERATIVE DIAGNOSIS:"), a phone line.
_BLOCK_END = re.compile(r"[ \t]*(?:$|[A-Z][A-Z &/,-]+:|[a-z][a-z &/,-]+:|(?i:phone|tel|fax|ph)\b)")


#: After a letterhead's block, the note goes on: a section in capitals ("PREOPERATIVE DIAGNOSES,1.") or a
#: sentence ("Employee was drilling ..."), not a lab row or a list of words.
_NEXT_PART = re.compile(r"[ \t]*(?:[A-Z]{3,}(?:[ \t]+[A-Z]{2,})*[ \t]*[,:]|[A-Z][a-z]+[ \t]+[a-z]+[ \t]+[a-z]+)")


def _heading_line(text: str, start: int, end: int) -> bool:
    """"NYU Langone", "GLH", "St. Luke's", "Dr Kornet" over "Alexbaan 70 / 1849XW Zoutkamp": a block's heading."""
    line = text[start:end]
    if not line.strip() or _HEADING.fullmatch(line) is None or line.rstrip().endswith((".", ":")):
        return False
    words = line.replace(">", " ").split()
    # one word is a heading only as an acronym ("GLH"), a double-barrelled name ("cole-wolf") or after a
    # title; "Vitals" or "Labs" is a section
    w = words[0]
    if len(words) == 1 and not text[:start].strip() and w.istitle() and w.isalpha() and len(w) >= 4 \
            and w.lower() not in _common_words():
        return True  # "Intermountain" opening the note over its address
    return len(words) >= 2 or (w.isupper() and 2 <= len(w) <= 6) or (
        "-" in w.strip("-") and all(p[:1].upper() + p[1:].lower() in person_names() for p in w.split("-"))) or (
        # in a note typed in one case the acronym or name is in that case too ("ejmc", "BRIGHAM")
        (w.islower() or w.isupper()) and w.isalpha() and len(w) >= 3 and w.lower() not in _common_words())


def _postcode_alone(scan: Scan, lines: list[tuple[int, int]], i: int, m: re.Match) -> None:
    """"Jamesview / S2B 2G2 / CANADA": the town is the line above, the street the line above that."""
    text = scan.text
    if i < 2:
        return
    cls, cle = lines[i - 1]
    city = _city_span(text, cls, cle, False)
    if not city or text[cls : city[0]].strip() or text[city[1] : cle].strip(" \t,.") or any(c.isdigit() for c in text[cls:cle]):
        return
    street = _street_in_line(scan, *lines[i - 2])
    country = _weak_country_at(text, *lines[i + 1]) if i + 1 < len(lines) and not m.group("glued") else None
    if street is None:
        return
    if m.group("glued") and not _ADDRESS_CUE.search(text, max(0, lines[i - 2][0] - 60), street[0]):
        return  # "Y43940V TOTAL PROTEIN 10": running on into the next sentence, only after an address cue
    _emit_block(scan, lines, i - 1, street, (m.start("pc"), m.end("pc")), city, country)


def _emit_block(scan: Scan, lines: list[Range], i: int, street: Range | None, postcode: Range, city: Range,
                country: Range | None) -> None:
    """The spans of one block whose town line is ``lines[i]``, with a "Flat 2" line above the street if there is one."""
    if street is not None:
        scan.emit(street[0], street[1], "STREET", 0.85)
        if i >= 2:
            flat = _FLAT_LINE.search(scan.text, *lines[i - 2])
            if flat:
                scan.emit(flat.start("st"), flat.end("st"), "STREET", 0.7)
    scan.emit(postcode[0], postcode[1], "ZIP", 0.85)
    scan.emit(city[0], city[1], "CITY", 0.8)
    if country is not None:
        scan.emit(country[0], country[1], "COUNTRY", 0.85)


#: After a street and a comma, on one line: "12 High Street, Birmingham B5 2UP", "ul. Podwale 5, 35-383 Rzeszów".
_AFTER_COMMA_POSTCODE_FIRST = re.compile(rf",[ \t]*(?P<pc>{_POSTCODE})(?![\w-])[ \t]+(?P<city>{_CITY})")
_AFTER_COMMA_POSTCODE_LAST = re.compile(
    rf",[ \t]*(?P<city>{_WORD}(?:[ \t]+{_WORD}){{0,3}}),?[ \t]+(?:(?P<prov>[A-Z]{{2}})[ \t]+)?(?P<pc>{_POSTCODE})(?![\w-])"
)


def find_one_line_addresses(scan: Scan) -> None:
    """"She lives at 12 High Street, Birmingham B5 2UP": a street, a comma, then a postcode and its town.

    A UK, Canadian, Polish or Brazilian postcode is evidence enough; bare digits
    need an address cue before the street ("lives at", "address", "send to").
    """
    text = scan.text
    for comma in re.finditer(",", text):
        c = comma.start()
        m = _AFTER_COMMA_POSTCODE_FIRST.match(text, c) or _AFTER_COMMA_POSTCODE_LAST.match(text, c)
        if not m or not any(ch.isdigit() for ch in m.group("pc")):
            continue
        ps, pe = m.span("pc")
        if len(m.group("city")) <= 2 or any(a <= ps and pe <= b for a, b, *_ in scan.out):
            continue  # "Joplin, MO 81415": a US address, found by the city-state pass
        ls = scan.line_start(c)
        street = _street_in_line(scan, ls, c)
        if street is None:
            continue
        strong = _DISTINCT_POSTCODE.fullmatch(m.group("pc")) is not None
        if not strong and not _BLOCK_CUE.search(text, max(0, street[0] - 60), street[0]):
            continue
        le = text.find("\n", m.end())
        le = le if le >= 0 else scan.n
        town_first = m.re is _AFTER_COMMA_POSTCODE_LAST
        city = _city_span(text, m.start("city"), m.end("city") if town_first else le, True)
        if city is None:
            continue
        after = re.match(r",[ \t]*", text[city[1] if not town_first else m.end() :])
        if after:  # "..., 35-383 Rzeszów, Poland."
            at = (city[1] if not town_first else m.end()) + after.end()
            country = _country_at(text, at, le)
            if country:
                scan.emit(country[0], country[1], "COUNTRY", 0.85)
        scan.emit(street[0], street[1], "STREET", 0.85)
        scan.emit(m.start("pc"), m.end("pc"), "ZIP", 0.85)
        scan.emit(city[0], city[1], "CITY", 0.8)
        if m.groupdict().get("prov"):
            scan.emit(m.start("prov"), m.end("prov"), "STATE", 0.8)


ONE_LINE_ADDRESSES = TextPass(
    ("STREET", "ZIP", "CITY"), lambda scan: scan.has_digit and "," in scan.text, find_one_line_addresses
)
INTERNATIONAL_ADDRESSES = TextPass(
    ("STREET", "ZIP", "CITY", "COUNTRY"), lambda scan: scan.has_digit and "\n" in scan.text, find_international_addresses
)


#: The last line of a block in the order many countries write it: "Luxembourg 80428", "New Zealand 35969".
_COUNTRY_POSTCODE = re.compile(rf"[ \t>]*(?P<country>{_WORD}(?:[ \t]+{_WORD}){{0,5}})[ \t]+(?P<pc>[0-9]{{4,6}})[ \t]*[.,;]?[ \t]*")
#: A postcode of digits alone on its line ("23142", "136803."), the sentence maybe going on after a full stop.
_NUMERIC_POSTCODE_LINE = re.compile(
    r"[ \t>]*(?P<pc>[0-9]{4,6}|[0-9]{5}-[0-9]{4})[ \t]*(?:[.,;](?P<rest>[ \t].*)?|(?P<until>[ \t]+until\b.*)"
    r"|(?P<glued>[ \t]+[^\W\d_].*))?[ \t]*"  # "023269 skin and subcutaneous ...": the next sentence, no full stop
)
#: "Suite 137", "Apt. 224", "Unit 9": the flat line between a street and its town.
_UNIT_LINE = re.compile(r"[ \t>]*(?P<st>(?i:suite|apt\.?|apartment|unit|flat|ste\.?)[ \t]*#?[ \t]*[0-9A-Za-z-]{1,6})[ \t]*,?[ \t]*")
#: A town alone on its line (quoted with ">" or indented in a letter).
_TOWN_LINE = re.compile(rf"[ \t>]*(?P<city>{_WORD}(?:[ \t]+{_WORD}){{0,5}})[ \t]*,?[ \t]*")


def find_country_last_blocks(scan: Scan) -> None:
    """"73 Lozerlaan 172 / Suite 137 / Den Haag / Luxembourg 80428": a street, maybe a flat, a town, then the
    country with the postcode; or "Số 772 Lê Quang Định / Thành phố Huế / 23142 / Vietnam". The country line
    and the street line must both be there; lines may be indented or quoted with ">"."""
    text = scan.text
    lines = _lines(text)
    for i, (ls, le) in enumerate(lines):
        if i < 2 or le - ls < 4:
            continue
        m = _COUNTRY_POSTCODE.fullmatch(text, ls, le)
        country = None
        if m:
            country = _country_at(text, m.start("country"), m.end("country"))
            if country is None or country[1] != m.end("country"):
                continue
            pc = m.span("pc")
            town_i = i - 1
        else:
            alone = _NUMERIC_POSTCODE_LINE.fullmatch(text, ls, le)
            if not alone:
                continue
            if alone.group("glued") and UNIT_AFTER.match(text, alone.end("pc")):
                continue  # "2500 units of heparin"
            nxt = lines[i + 1] if i + 1 < len(lines) and alone.group("rest") is None and not alone.group("until") \
                and not alone.group("glued") else None
            # "Vietnam. The CSF drainage ...", "VIETNAM until she ...", "india Review of EKGs": the
            # sentence may go on after the country; with no country line, an address cue must open the block
            country = _country_at(text, nxt[0], nxt[1]) if nxt else None
            pc = alone.span("pc")
            town_i = i - 1
        town = _TOWN_LINE.fullmatch(text, *lines[town_i])
        if not town or _country_at(text, town.start("city"), town.end("city")):
            continue
        s_i = town_i - 1
        unit = _UNIT_LINE.fullmatch(text, *lines[s_i]) if s_i >= 0 else None
        if unit:
            s_i -= 1
        if s_i < 0:
            continue
        sls, sle = lines[s_i]
        while sls < sle and text[sls] in " \t>":
            sls += 1
        street = _street_in_line(scan, sls, sle)
        if street is None:
            continue
        if not m and alone.group("glued") and not _ADDRESS_CUE.search(text, max(0, sls - 60), street[0]):
            continue  # a postcode line running on into a sentence: only after a cue that names an address
        if country is None and not _BLOCK_CUE.search(text, max(0, sls - 60), street[0]) and not (
                s_i >= 1 and _heading_line(text, *lines[s_i - 1]) and not _number_unit(scan, street[0])
                and (i + 1 >= len(lines) or _BLOCK_END.match(text, *lines[i + 1]) or _NEXT_PART.match(text, *lines[i + 1]))):
            continue  # no country: a cue ("Send the letter to 43/47, Parsa Zila / Gaya / 136803.") or a letterhead
        if country is None and nxt:
            country = _weak_country_at(text, *nxt)  # "Turkey No history ...", "Canda": the block is one already
        scan.emit(street[0], street[1], "STREET", 0.85)
        flat = _FLAT_LINE.search(text, *lines[s_i - 1]) if s_i >= 1 else None
        for part in (unit, flat):  # "Suite 137" under the street, "Flat 19" over it
            if part:
                scan.emit(part.start("st"), part.end("st"), "STREET", 0.8)
        scan.emit(town.start("city"), town.end("city"), "CITY", 0.8)
        scan.emit(pc[0], pc[1], "ZIP", 0.85)
        if country is not None:
            scan.emit(country[0], country[1], "COUNTRY", 0.85)


COUNTRY_LAST_BLOCKS = TextPass(
    ("STREET", "ZIP", "CITY", "COUNTRY"), lambda scan: scan.has_digit and "\n" in scan.text, find_country_last_blocks
)


#: An address cue, a street with a house number (before or after the name, or both), a comma and the town,
#: the sentence or line ending after it: "lives at 19 Sokolská 1475, Hrotovice", "his address: 21 Hunsrødsletta 7,
#: SANDEFJORD". Without a postcode the cue is what makes it an address.
_CUED_STREET_TOWN = re.compile(
    r"(?i:\b(?:lives?|living|resides?|residing|staying)[ \t]+(?:at|on)[ \t]+|\baddress(?:[ \t]+is|[ \t]*:)[ \t]*)"
    r"(?P<st>[0-9]{1,5}[A-Za-z]?(?:[ \t]+[^\W\d_][\w'’.-]*){1,5}(?:[ \t]+[0-9]{1,5}[A-Za-z]?)?"
    r"|[^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){0,4}[ \t]+[0-9]{1,5}[A-Za-z]?)"
    r",[ \t]*(?P<city>[^\W\d_a-z][^\W\d_'’-]*(?:['’-][^\W\d_]+)*(?:[ \t]+[^\W\d_][^\W\d_'’-]*(?:['’-][^\W\d_]+)*){0,4}?)"
    r"(?=[ \t]*(?:[.;!?]|,[ \t]|$))",
    re.MULTILINE,
)

#: The cue every ``_CUED_STREET_TOWN`` opens with, in ``scan.lower``.
_CUED_STREET_TOWN_CUE = re.compile(r"(?:live|living|resid|staying|address)")


def find_cued_street_towns(scan: Scan) -> None:
    """"Theresa Gjerde lives at 19 Sokolská 1475, Hrotovice": street and town after an address cue, no postcode."""
    text = scan.text
    if not scan.may_hold("live", "living", "resid", "staying", "address"):
        return  # the cue's words
    # the pattern starts at its cue: in a ``scan.plain`` text it is tried only where the cue stands in ``scan.lower``
    starts = _CUED_STREET_TOWN_CUE if scan.plain else None
    for m in matches_on_lines(_CUED_STREET_TOWN, text, scan.lines_holding(_CUED_STREET_TOWN_CUE), starts, scan.lower):
        words = m.group("st").split()
        if any(w.lower() in _STOP for w in words) or any(w.lower() in _STOP for w in m.group("city").split()):
            continue
        scan.emit(m.start("st"), m.end("st"), "STREET", 0.8)
        scan.emit(m.start("city"), m.end("city"), "CITY", 0.75)


#: "lives at 259 Kingsway", "staying at 12 Bramblewood": a house number and one to three capitalised words, no
#: suffix and no town, after where someone lives (the words no common word: not "lives at 5 Main and ..."); a comma,
#: a wide gap or a line end after it starts an address block, the block readers' ("lives at 6902 Thornton Mission  Carpenterside, GU").
_CUED_STREET_ONLY = re.compile(
    r"(?i:\b(?:lives|lived|living|resides|resided|residing|staying)[ \t]+(?:at|on)[ \t]+)"
    r"(?P<st>[0-9]{1,5}[A-Za-z]?[ \t]+(?P<w>[A-Z][\w'’-]++(?:[ ][A-Z][\w'’-]++){0,2}+))(?![\w'’-]|[ \t]*,|[ \t]{2}|[ \t]*\n)"
)


_CUED_STREET_ONLY_CUES = tuple(f"{v} {p}" for v in ("lives", "lived", "living", "resides", "resided", "residing", "staying")
                               for p in ("at", "on"))


def find_cued_streets(scan: Scan) -> None:
    """"lives at 259 Kingsway fell today": a house number and a capitalised name after a living-place cue."""
    text = scan.text
    if not scan.may_hold(*_CUED_STREET_ONLY_CUES):
        return  # the cue and its preposition
    for m in matches_on_lines(_CUED_STREET_ONLY, text, scan.lines_holding(_CUED_STREET_TOWN_CUE)):
        words = m.group("w").split()
        if any(w.lower() in _STOP or w.lower() in _common_words() for w in words):
            continue
        scan.emit(m.start("st"), m.end("st"), "STREET", 0.75)


CUED_STREET_TOWNS = TextPass(("STREET", "CITY"), lambda scan: scan.has_digit and "," in scan.text, find_cued_street_towns)
CUED_STREETS = TextPass(("STREET",), lambda scan: scan.has_digit, find_cued_streets)


#: "He was born in Nueva Austria, Sao Tome and Principe": a town, a comma and a country after a birth or
#: living-place cue; the country (from the shipped list) is what makes the words before it a town.
_TOWN_COUNTRY = re.compile(
    r"(?i:\b(?:born|raised|grew[ \t]+up|lives|lived|living|resides|resided|residing|emigrated|immigrated)"
    r"[ \t]+(?:in|from))[ \t]+"
    r"(?P<city>[^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){0,5}),[ \t]*(?P<rest>[^\n]{0,80})"
)

#: The cue every ``_TOWN_COUNTRY`` opens with, in ``scan.lower``.
_TOWN_COUNTRY_CUE = re.compile(r"(?:born|raised|grew|lives|lived|living|resid|migrated)")
#: Where a ``_TOWN_COUNTRY`` can start, in ``scan.lower`` of a ``scan.plain`` text: its cue word's start.
_TOWN_COUNTRY_START = re.compile(r"(?:born|raised|grew|live|resid|emigrated|immigrated)")


def find_towns_before_countries(scan: Scan) -> None:
    """"born in thanh pho Hue, United Arab Emirates", "born in Boleslawiec, Turkey, and emigrated": the town
    and the country after a birth or living-place cue, in any case."""
    text = scan.text
    if not scan.may_hold("born", "raised", "grew", "lives", "lived", "living", "resid", "migrated"):
        return  # the cue's words
    starts = _TOWN_COUNTRY_START if scan.plain else None
    for m in matches_on_lines(_TOWN_COUNTRY, text, scan.lines_holding(_TOWN_COUNTRY_CUE), starts, scan.lower):
        words = m.group("city").split()
        if any(w.lower().strip(".") in _STOP for w in words):
            continue  # "born in the US, ...", "lives in a home, ..."
        country = _country_at(text, m.start("rest"), m.end("rest"))
        if country is None:
            continue
        after = text[country[1] : country[1] + 1]
        if after and (after.isalnum() or after in "'’-"):
            continue
        scan.emit(m.start("city"), m.end("city"), "CITY", 0.8)
        scan.emit(country[0], country[1], "COUNTRY", 0.85)


TOWNS_BEFORE_COUNTRIES = TextPass(
    ("CITY", "COUNTRY"), lambda scan: "," in scan.text and " in " in scan.text.lower(), find_towns_before_countries
)


#: US military mail: a ship or a unit and box, then "APO/FPO/DPO AA|AE|AP 12345" (on one line or two).
_MILITARY = re.compile(
    r"(?P<st>(?i:(?:USNS|USNV|USS|USCGC)[ \t]+[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*)?"
    r"|(?:PSC|Unit|CMR)[ \t]+[0-9]{3,5},?[ \t]+Box[ \t]+[0-9]{1,5}))"
    r"(?:[ \t]*,?[ \t]*\r?\n[ \t>]*|[ \t]*,[ \t]*|[ \t]+)"
    r"(?P<city>(?i:APO|FPO|DPO))[ \t]+(?P<state>(?i:AA|AE|AP))[ \t]+(?P<zip>[0-9]{5}(?:-[0-9]{4})?)(?![\w-])"
)


def find_military_addresses(scan: Scan) -> None:
    """"USNS Márquez / FPO AP 08653", "PSC 1083, Box 3672 / APO AP 10176", "Unit 4818 Box 0262 / DPO AA 65303"."""
    for m in _MILITARY.finditer(scan.text):
        scan.emit(m.start("st"), m.end("st"), "STREET", 0.9)
        scan.emit(m.start("city"), m.end("city"), "CITY", 0.85)
        scan.emit(m.start("state"), m.end("state"), "STATE", 0.85)
        scan.emit(m.start("zip"), m.end("zip"), "ZIP", 0.9)


MILITARY_ADDRESSES = TextPass(
    ("STREET", "CITY", "STATE", "ZIP"), lambda scan: "PO " in scan.text or "po " in scan.text, find_military_addresses
)
