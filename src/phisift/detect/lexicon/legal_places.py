"""Villages, districts, provinces and states as court judgments name them (issue 15).

Judgments place the facts in settlements no gazetteer lists, and say what kind of place each
is: "the village of Çukurca", "the hamlet of Dereli in the Uludere district", "in the Lice
district of Diyarbakır province", "the Governor of Şırnak", "the Republic of Turkey", "the
Kingdom of Denmark", "a case against Turkey". The kind word is the evidence, so the name is
taken whatever its words are (a place called "Lice" is no insect there):

* "the <kind> of <Name>": village, hamlet, town, city, settlement, municipality, commune,
  district, province, region, county, oblast, neighbourhood ... (``CITY``; province, region,
  oblast and the like ``STATE``); the name is capitalised, so "the region of the knee" stays;
* "the <Name> district/province/oblast/governorate/voivodeship" and "<Name> province" after a
  preposition (the name, not the kind word); "Region" only capitalised after a place or a word
  no list knows ("the Perm Region", not "the lumbar region" or "the Epigastric Region");
* "Governor of <Name>", "Mayor of <Name>" (``CITY``);
* "Republic of <Name>", "Kingdom of <Name>", "Federation of ..." (``COUNTRY``, the whole phrase);
* "in the vicinity of <Name>", "on the outskirts of <Name>" (``CITY``; a place or no common word);
* "the Netherlands" and the other countries the list holds with their article; "the Slovak
  Republic" (a nationality and "Republic"); "against Georgia", "v. Jordan" (names that are
  words or states elsewhere);
* "Turkey" / "Türkiye" capitalised after "in", "to", "from", "against", "of", "and", "with" or
  "v." (``COUNTRY``): the country names no list may hold because "turkey" is a food.
"""

from __future__ import annotations

from .cues import NAME_STOP
from .labels import CITY, COUNTRY, STATE
from .state import PassState
from .tokens import Tokens

#: "the village of X": kind -> label of X.
_KIND_OF = {
    "village": CITY, "hamlet": CITY, "town": CITY, "city": CITY, "settlement": CITY, "municipality": CITY,
    "commune": CITY, "district": CITY, "neighbourhood": CITY, "neighborhood": CITY, "quarter": CITY,
    "township": CITY, "borough": CITY, "sub-district": CITY, "subdistrict": CITY, "locality": CITY,
    "province": STATE, "region": STATE, "county": STATE, "oblast": STATE, "governorate": STATE,
    "voivodeship": STATE, "canton": STATE, "prefecture": STATE, "krai": STATE, "republic": COUNTRY,
    "kingdom": COUNTRY, "principality": COUNTRY, "grand duchy": COUNTRY,
}
#: "the Lice district", "Diyarbakır province": kind words that follow the name.
_KIND_AFTER = {
    "district": CITY, "province": STATE, "oblast": STATE, "governorate": STATE, "voivodeship": STATE,
    "canton": STATE, "prefecture": STATE, "krai": STATE, "raion": CITY, "rayon": CITY, "region": STATE,
}
#: Words before "district" that make it a public body's name, whose head the organisation passes read.
_SERVICE_DISTRICTS = frozenset("school schools water fire sanitation irrigation park parks hospital health utility "
                               "library transit sewer conservation unified".split())
#: Words before "<Name> province" that make it a place in running text.
_BEFORE_NAME = frozenset("the in of from near at to and".split())
#: Officials "of <Place>".
_OFFICIAL = frozenset({"governor", "mayor", "governorship", "prefect", "sub-governor", "district governor"})
_STATE_PREFIX = frozenset({"republic", "kingdom", "principality", "federation", "commonwealth", "grand duchy"})
_TURKEY = frozenset({"turkey", "türkiye", "turkiye"})
_TURKEY_BEFORE = frozenset(
    "in to from against of and with v vs visited south-east south-eastern eastern western northern southern "
    "north-east north-west south-west".split()
)
#: Countries whose names are words or US states too: a country only after "against" or "v." ("an
#: application against Georgia"; "in Georgia" is the places pass's state).
_AGAINST_ONLY = frozenset({"georgia", "jordan", "chad", "guinea", "niger", "jersey"})
#: "the Czech Republic", "the Slovak Republic", "the Chechen Republic": a nationality and "Republic".
_REPUBLIC_ADJECTIVE = ("ish", "ian", "ese", "an", "ic", "ch", "ak", "en")
#: "in the vicinity of Kulp", "on the outskirts of Lice": the place around which something happened.
_AROUND_OF = frozenset({"vicinity", "outskirts", "centre", "center"})


#: Every key a place of this pass hangs on: the one set look-up per token of the scan.
_ANY_KEY = frozenset(_KIND_OF) | frozenset(_KIND_AFTER) | _OFFICIAL | _TURKEY | _AGAINST_ONLY | _AROUND_OF | {"republic"}


def _name_after(doc: Tokens, state: PassState, t: int, limit: int = 3) -> int:
    """End of the capitalised place name starting at token t on the same line, or t."""
    j = t
    while j < doc.n and j - t < limit and not state.taken[j] and doc.cap[j] and doc.keys[j] not in NAME_STOP \
            and (j == t or doc.simple_gap(j)) and doc.keys[j] not in _KIND_AFTER and doc.keys[j] not in _KIND_OF:
        j += 1
    return j


def _kind_of(doc: Tokens, state: PassState, i: int) -> tuple[int, int, str] | None:
    """"the village of Çukurca", "the Republic of Turkey": (first, end, label) of the place, or None."""
    k = doc.keys[i]
    if k not in _KIND_OF or i + 2 >= doc.n or doc.keys[i + 1] != "of" or not doc.simple_gap(i + 1) \
            or not doc.simple_gap(i + 2):
        return None
    label = _KIND_OF[k]
    if label != COUNTRY and (i == 0 or doc.keys[i - 1] not in ("the", "a", "of", "in")):
        return None  # "the village of X", not "Village of Hope" in a heading
    b = _name_after(doc, state, i + 2)
    if b == i + 2:
        return None
    if label == COUNTRY:
        return (i, b, COUNTRY) if doc.cap[i] and not doc.is_upper(i) else None
    return i + 2, b, label


def _name_before_kind(doc: Tokens, state: PassState, i: int) -> tuple[int, int, str] | None:
    """"the Lice district", "in Diyarbakır province": the name before a kind word at token i."""
    k = doc.keys[i]
    if k not in _KIND_AFTER or i < 2 or not doc.simple_gap(i) or state.taken[i - 1] or not doc.cap[i - 1]:
        return None
    if i + 1 < doc.n and doc.simple_gap(i + 1) and doc.cap[i + 1]:
        return None  # "the Community District Nurse": the kind word starts a longer capitalised name
    if k == "district" and doc.keys[i - 1] in _SERVICE_DISTRICTS:
        return None  # "Brno School District", "Lake Water District": a body that serves a place, not the place
    a = i - 1
    while a - 1 >= 0 and i - a < 3 and doc.cap[a - 1] and doc.simple_gap(a) and not state.taken[a - 1] \
            and doc.keys[a - 1] not in NAME_STOP:
        a -= 1
    if a == 0 or doc.keys[a - 1] not in _BEFORE_NAME or doc.cap[a - 1] or doc.is_upper(a):
        return None
    if any(doc.keys[t] in NAME_STOP for t in range(a, i)):
        return None
    lex = doc.lex
    if k == "region" and (not doc.is_title_case(i) or not all(
            lex.is_place_word(doc.keys[t]) or not lex.is_allowed(doc.keys[t]) for t in range(a, i))):
        return None  # "the Perm Region", not "the lumbar region" or "the Epigastric Region"
    return a, i, _KIND_AFTER[k]


def pass_legal_places(doc: Tokens, state: PassState) -> None:
    """Settlements, districts and provinces by their kind word, officials' places, states and Turkey."""
    keys = doc.keys
    for i in doc.positions(_ANY_KEY):
        k = keys[i]
        if state.taken[i]:
            continue
        hit = None
        if k in _KIND_OF:
            hit = _kind_of(doc, state, i)
        if hit is None and k in _KIND_AFTER:
            hit = _name_before_kind(doc, state, i)
        if hit is None and k in _OFFICIAL and i + 2 < doc.n and keys[i + 1] == "of" \
                and doc.simple_gap(i + 1) and doc.simple_gap(i + 2):
            b = _name_after(doc, state, i + 2)
            hit = (i + 2, b, CITY) if b > i + 2 else None
        if hit is None and k in _TURKEY and doc.is_title_case(i) and i > 0 and keys[i - 1] in _TURKEY_BEFORE \
                and doc.gap(i) in (" ", ". "):
            hit = (i, i + 1, COUNTRY)
        if hit is None:
            hit = _country_by_context(doc, state, i)
        if hit and state.free(hit[0], hit[1]):
            state.emit(hit[0], hit[1], hit[2], 0.8)
    _the_countries(doc, state)


def _country_by_context(doc: Tokens, state: PassState, i: int) -> tuple[int, int, str] | None:
    """"against Georgia", "the Slovak Republic", "in the vicinity of Kulp": (first, end, label) or None."""
    keys = doc.keys
    k = keys[i]
    if k in _AGAINST_ONLY and doc.is_title_case(i) and i > 0 and keys[i - 1] in ("against", "v", "vs") \
            and doc.gap(i) in (" ", ". "):
        return i, i + 1, COUNTRY
    if k == "republic" and doc.is_title_case(i) and i > 0 and doc.simple_gap(i) and doc.is_title_case(i - 1) \
            and keys[i - 1].endswith(_REPUBLIC_ADJECTIVE) and not state.taken[i - 1] \
            and not doc.sentence_initial(i - 1):
        return i - 1, i + 1, COUNTRY
    if k in _AROUND_OF and not doc.cap[i] and i > 0 and keys[i - 1] == "the" and i + 2 < doc.n \
            and keys[i + 1] == "of" and doc.simple_gap(i + 1) and doc.simple_gap(i + 2) \
            and doc.is_title_case(i + 2) and (doc.lex.is_place_word(keys[i + 2]) or not doc.lex.is_allowed(keys[i + 2])):
        b = _name_after(doc, state, i + 2)
        return i + 2, b, CITY
    return None


def _the_countries(doc: Tokens, state: PassState) -> None:
    """"the Netherlands", "the Gambia": a country the list holds with its article, after a lower-case "the"."""
    lex = doc.lex
    for i in doc.caps:
        if i == 0 or state.taken[i] or doc.keys[i - 1] != "the" or doc.cap[i - 1] or not doc.simple_gap(i):
            continue
        for n in (2, 1):
            if i + n <= doc.n and all(doc.simple_gap(t) and doc.cap[t] for t in range(i + 1, i + n)) \
                    and "the " + " ".join(doc.keys[i : i + n]) in lex.countries and state.free(i, i + n):
                state.emit(i, i + n, COUNTRY, 0.85)
                break
