"""Places that need no house number or ZIP: long country names, and streets named after a living-place cue.

"He recently moved here from Saint Vincent and the Grenadines": a country name of
two or more words ("Trinidad and Tobago", "Papua New Guinea", "Dominican
Republic") is specific enough to be found in any case; the names come from the
shipped country list (``data/lexicons/countries.txt``, built from Faker's locales),
one-word names are left to the lexicon detector, which weighs their context
("Jordan", "Chad" and "Georgia" are also people's names).

"The patient lives on Alex Curve", "her son lives off Frank Way", "the clinic on
Griffin Radial": after a cue that says where someone lives or a place stands, one to three words ending in a street type
(USPS suffixes and the British, Irish and Australian street types) are a street.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from . import vocab
from .base import CueWords, Scan, TextPass
from .regex_parts import trie_regex

#: "lives on", "resides off", "moved to", "living at": the place after them is where a person lives.
_LIVES_STREET = re.compile(
    r"(?i:lives|live|living|lived|resides|reside|residing|resided|moved|moving|stays|staying"
    # a place someone goes to, named by its street: "the clinic on Griffin Radial", "pharmacy on Main Street"
    r"|clinic|office|practice|pharmacy|house|apartment|building|store|shop|located|based"
    r"|changed|home)"  # "our address changed to Church Road, Ibadan", "a fall at home on Kenyatta Avenue"
    r"(?:[ \t]+(?:now|currently|still|alone|nearby))?[ \t]+(?i:on|off|at|to)[ \t]+"
    r"(?P<st>(?:[^\W\d_][\w'’.-]*[ \t]+){1,3}?(?P<suffix>[^\W\d_]+))(?![\w'’-])\.?"
)
#: "new address is Cherry Lane, Baciu", "address: Rizal Street": a street without a house number after an address cue.
_ADDRESS_STREET = re.compile(
    r"(?i:address)(?:[ \t]+(?i:is|now)){0,2}[ \t]*:?[ \t]+"
    r"(?P<st>(?:[0-9]{1,5}[A-Za-z]?[ \t]+)?(?:[^\W\d_][\w'’.-]*[ \t]+){1,3}?(?P<suffix>[^\W\d_]+))(?![\w'’-])\.?"
)
#: Words that cannot open a street name after "lives on" ("lives on the 3rd floor", "lives at her home").
_NOT_STREET_START = frozenset({
    "the", "a", "an", "her", "his", "their", "our", "my", "your", "its", "this", "that", "own", "same", "social",
    "disability", "fixed", "long", "one", "two", "first", "second", "top", "ground", "lower", "upper", "each", "every",
    "in", "at", "with", "and", "or", "of",
})


#: "... lives off Amy Drive in clarkbury.": the town after the street, to the clause's end, in any case.
_TOWN_AFTER_STREET = re.compile(
    r"[ \t]+(?i:in)[ \t]+(?P<city>(?:(?i:st|ft|mt|pt)\.[ \t]*)?[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){0,4}?)"
    r"(?=[ \t]*(?:[,;!?]|\.(?:\s|$)|$))"
)
#: Words that cannot stand in that town ("lives off Oak Drive in the summer", "in a trailer", "in May").
_NOT_TOWN = frozenset(
    "the a an his her their my our this that winter summer spring fall autumn town city january february march april "
    "may june july august september october november december law apartment house home trailer".split()
)


def read_list(name: str) -> list[str]:
    text = resources.files("phisift").joinpath("data", "lexicons", name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip()]


@lru_cache(maxsize=1)
def street_types() -> frozenset[str]:
    """Every street type, lower case: the shipped USPS list, the rule detector's own and other countries'."""
    return frozenset(read_list("street_suffixes.txt")) | frozenset(vocab.STREET_SUFFIXES) | vocab.STREET_TYPES_OTHER


@lru_cache(maxsize=1)
def long_countries() -> tuple[str, ...]:
    """Country names of two words or more (without a leading "the"), as written in the shipped list."""
    out = list(vocab.COUNTRY_FORMAL_NAMES)
    for name in read_list("countries.txt"):
        name = re.sub(r"\s*\(.*?\)\s*", " ", name).strip()
        words = name.split()
        if words and words[0].lower() == "the":
            words = words[1:]
        if len(words) >= 2 and "," not in name and name.isascii():
            out.append(" ".join(words))
    return tuple(sorted(set(out)))


@lru_cache(maxsize=1)
def _country_regex() -> re.Pattern:
    """The names as a trie, in any case; tried only where a name's first word stands (``COUNTRY_WORDS``)."""
    return re.compile(trie_regex(long_countries()) + r"(?![\w'’-])")


def country_first_words() -> set[str]:
    """The first word of every long country name, lower case: the trigger words of ``COUNTRY_WORDS``."""
    return {name.split()[0].lower() for name in long_countries()}


#: Words after a country that make it part of a disease's or a criterion's name ("Hong Kong flu").
_TERM_AFTER = re.compile(
    r"[ \t]+(?i:flu|influenza|virus|fever|measles|syndrome|disease|criteria|classification|rules?|score)(?![\w'’-])"
)


def _long_country(scan: Scan, s: int) -> int:
    """"Saint Vincent and the Grenadines", "papua new guinea": a country of two words or more, in any case;
    not "Hong Kong flu"."""
    m = _country_regex().match(scan.text, s)
    if not m or _TERM_AFTER.match(scan.text, m.end()):
        return 0
    return scan.emit_match(_country_regex(), s, "COUNTRY", 0.85)


#: British, Irish and Australian street types that are also ordinary words ("bone spur", "heart sound",
#: "common bile duct"): a street only after a residence verb and a person's name ("lives on chapman spur").
_NAMED_STREET_TYPES = frozenset(
    "spur artery cutting common sound turn ramp amble brae brow circuit circus colonnade concourse copse corso "
    "courtyard dell fairway glade grange gully laneway meander nook outlook parklands pathway piazza quadrant "
    "quays radial ramble retreat ridgeway strand tarn thoroughfare tollway tor walkway vale wells flats link "
    "track reach range station ground line "
    # US and Australian types that are everyday words ("Grace Land", "Burton Top", "Ashley Centers")
    "top land flat center centers club mission key keys pass rest light lights lock locks neck oval extension "
    "extensions pocket edge front gap junction junctions union unions wall well stream course divide cape burg "
    "burgs fall points greens lower upper".split()
)
_RESIDENCE = frozenset("lives live living lived resides reside residing resided stays staying".split())


def _named_street(scan: Scan, m: re.Match) -> bool:
    """"lives on david cutting": a residence verb, then only people's names before a word-like street type."""
    if m.group("suffix").lower() not in _NAMED_STREET_TYPES or scan.text[m.start() : m.start("st")].split()[0].lower() \
            not in _RESIDENCE:
        return False
    from .addresses import person_names  # here: addresses reads its lists through this module

    names = person_names()
    words = m.group("st").split()[:-1]
    return all(w[:1].upper() + w[1:].lower() in names for w in words)


def _street_after_lives(scan: Scan, s: int) -> int:
    """"lives on Alex Curve", "lives off jackson causeway": words ending in a street type after a living-place cue."""
    m = _LIVES_STREET.match(scan.text, s) or _ADDRESS_STREET.match(scan.text, s)
    if not m or m.group("suffix").lower() not in street_types() and not _named_street(scan, m):
        return 0
    words = m.group("st").split()
    if words[0].lower() in _NOT_STREET_START or len(words) < 2:
        return 0
    scan.emit(m.start("st"), m.end("st"), "STREET", 0.75)
    town = _TOWN_AFTER_STREET.match(scan.text, m.end("st"))
    if town and not any(w.lower() in _NOT_TOWN for w in town.group("city").split()):
        scan.emit(town.start("city"), town.end("city"), "CITY", 0.8)  # "lives off Amy Drive in clarkbury."
        return town.end()
    return m.end()


COUNTRY_WORDS = CueWords("country", lambda lang: sorted(country_first_words()), _long_country)
LIVES_STREET_WORDS = CueWords(
    "lives_street",
    lambda lang: ["lives", "live", "living", "lived", "resides", "reside", "residing", "resided", "moved", "moving",
                  "stays", "staying", "clinic", "office", "practice", "pharmacy", "house", "apartment", "building",
                  "store", "shop", "located", "based", "changed", "address", "home"] if lang.english else [],
    _street_after_lives,
)


#: Countries that are words or names far more often ("turkey", "Chad", "Georgia", "Jersey"), which the
#: lexicon leaves alone: after a cue of where someone comes from, ended by punctuation or a clause word,
#: they are countries: "He recently moved here from Turkey.", "emigrated from CHAD in 1990".
_WORDLIKE_COUNTRY = re.compile(
    r"(?i:\b(?:(?:moved|emigrated|immigrated|came|relocated|fled|arrived|returned|travell?ed|visiting|visited"
    r"|originally|is|was|are|were)(?:[ \t]+(?:here|over|back|recently|to[ \t]+the[ \t]+(?:us|u\.s\.|states)"
    r"|to[ \t]+this[ \t]+country|home))?[ \t]+from|born[ \t]+in|native[ \t]+of|citizen[ \t]+of|trip[ \t]+to))"
    r"[ \t]+(?P<country>(?i:turkey|türkiye|turkiye|chad|georgia|guinea|niger|jersey))"
    r"(?=[ \t]*(?:[.,;:!?)]|$)|[ \t]+(?i:in|at|and|with|as|when|where|until|after|before|since|about|last|[0-9])\b)",
    re.MULTILINE,
)


def find_wordlike_countries(scan: Scan) -> None:
    """"moved here from Turkey.", "born in chad in 1950": a country that is also a word, after an origin cue."""
    if not scan.may_hold("turkey", "türkiye", "turkiye", "chad", "georgia", "guinea", "niger", "jersey"):
        return  # the countries
    for m in _WORDLIKE_COUNTRY.finditer(scan.text):
        scan.emit(m.start("country"), m.end("country"), "COUNTRY", 0.8)


WORDLIKE_COUNTRIES = TextPass(
    ("COUNTRY",), lambda scan: " from " in scan.text.lower() or " in " in scan.text.lower()
    or " of " in scan.text.lower() or " to " in scan.text.lower(), find_wordlike_countries
)
