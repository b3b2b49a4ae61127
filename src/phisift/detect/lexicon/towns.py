"""Towns told by their neighbours: the town after a firm, and the connectors inside a town's name.

    a year at Citigroup in Échirolles, then ...     a firm's town: "in" and a capitalised run after a firm
    We moved here from Paterna del Madera            "Paterna" and "Madera" found, "del" between them
    Villafranca del Cid, Ždár nad Sázavou            a found town, a connector, a capitalised word
    visiting my in-laws in Reading, the Czech Republic   a town before a comma and a country found

A firm is placed in its town in every language of business prose ("works at Google in
Zurich"); the place pass needs a known town or a cue for it, and "in" alone is no cue.
Towns of Romance and Slavic countries join their words with connectors ("del", "de la",
"nad", "pod"), which the list passes read as separate words: the town stops at them.
"""

from __future__ import annotations

from ...text import ENGLISH_STOPWORDS
from .casing import clinical_vocabulary
from .cues import NAME_STOP, TITLES
from .labels import CITY, COUNTRY, ORGANIZATION
from .specific import specific
from .state import PassState
from .tokens import Tokens

#: Words that join the parts of a town's name ("Villafranca del Cid", "Teplice nad Metují", "Frankfurt am Main").
TOWN_CONNECTORS = frozenset(
    "de del de la los las di da do dos das du des le la les sur sous nad pod na am an der im bei ob aan op en "
    "y i e".split()
)
_PLACES = frozenset({CITY, COUNTRY})


def _capitalised_run(doc: Tokens, state: PassState, i: int, limit: int = 4) -> int:
    """End of the run of free capitalised tokens from ``i`` on one line (connectors inside it allowed)."""
    b = i
    while b < doc.n and b - i < limit and not state.taken[b] and (b == i or doc.simple_gap(b)):
        if doc.is_cap(b) and doc.keys[b] not in NAME_STOP:
            b += 1
        elif b > i and doc.keys[b] in TOWN_CONNECTORS and b + 1 < doc.n and doc.is_cap(b + 1) and doc.simple_gap(b + 1):
            b += 1
        else:
            break
    return b


def pass_firm_towns(doc: Tokens, state: PassState) -> None:
    """'at Citigroup in Échirolles,', 'works for Wolfram Research in Torroella de Montgrí.': the town of a firm."""
    for f in list(state.found):
        if f.label != ORGANIZATION or f.end + 1 >= doc.n:
            continue
        i = f.end
        if doc.keys[i] != "in" or not doc.simple_gap(i) or not doc.simple_gap(i + 1):
            continue
        a = i + 1
        b = _capitalised_run(doc, state, a)
        if b == a or not specific(doc, range(a, b)):
            continue  # "at Acme in March", "at Acme in Internal Medicine"
        end = doc.ends[b - 1]
        if end < len(doc.text) and doc.text[end] not in ",.;:)\n" and not doc.text.startswith(" and ", end):
            continue  # the town closes its clause: "in Échirolles, which ...", not "in Quality Assurance work"
        state.emit(a, b, CITY, 0.7)


def pass_town_connectors(doc: Tokens, state: PassState) -> None:
    """'Paterna del Madera', 'Villafranca del Cid': a found town, connectors, then a capitalised word or town."""
    for n, f in enumerate(list(state.found)):
        if f.label not in _PLACES:
            continue
        j = f.end
        k = j
        while k < doc.n and k - j < 2 and doc.keys[k] in TOWN_CONNECTORS and not doc.is_cap(k) and doc.simple_gap(k):
            k += 1
        if k == j or k >= doc.n or not doc.simple_gap(k) or not doc.is_cap(k):
            continue
        if state.taken[k]:
            if not any(g.first == k and g.label in _PLACES for g in state.found):
                continue  # "Paris de Smith": a person after it, not the rest of the town
            state.emit(j, k, CITY, 0.7)  # the connectors between two parts already found
            continue
        if doc.keys[k] in NAME_STOP or doc.lex.is_allowed(doc.keys[k]):
            continue  # "Boston de la Clinic" is not a town
        state.emit(j, k + 1, CITY, 0.7)


#: Prepositions a visit, a stay or a move puts before "<town>, <country>".
_TOWN_PREPS = frozenset("in from near visiting outside to".split())


def _town_word(doc: Tokens, t: int, lower_text: bool) -> bool:
    """Token t may be a word of a town's name: capitalised (any word, "Reading", in a text typed in one case any
    word no note uses), never a stop word, title or kin word."""
    k = doc.keys[t]
    if not k.replace("-", "").replace("'", "").isalpha() or k in ENGLISH_STOPWORDS or k in NAME_STOP:
        return False
    if lower_text:
        return k not in clinical_vocabulary() or doc.lex.is_place_word(k)
    return doc.cap[t] and not doc.is_upper(t)


def pass_towns_before_countries(doc: Tokens, state: PassState) -> None:
    """"visiting my in-laws in Reading, the Czech Republic", "in penang, somalia", "from Da Nang, Vietnam": one to
    three words after a preposition and before a comma and a country found are its town (any town: the country
    vouches for it)."""
    countries = [f.first for f in state.found if f.label == COUNTRY]
    lower_text = doc.text.islower() or state.recased
    for c in countries:
        if c > 0 and doc.keys[c - 1] == "the" and doc.simple_gap(c):
            c -= 1  # "Reading, the Czech Republic"
        if c < 2 or doc.gap(c).strip() != ",":
            continue
        for size in (1, 2, 3):
            a = c - size
            if a < 1 or not all(doc.simple_gap(u) for u in range(a, c)) or state.taken[a]:
                break
            if not _town_word(doc, a, lower_text):
                break
            if doc.keys[a - 1] in _TOWN_PREPS:
                if all(not state.taken[u] for u in range(a, c)):
                    state.emit(a, c, CITY, 0.75)
                break


#: How writers say who they are before "from": "I am", "I'm", "we are", "this is", "my name is" (a name may follow).
_SELF = {("i", "am"), ("i", "m"), ("im",), ("we", "are"), ("we", "re"), ("this", "is"), ("name", "is"), ("i", "come"),
         ("we", "come")}
_AFTER_HOMETOWN = frozenset("and i we but so im i'm my our".split())


def _introduced_before(doc: Tokens, state: PassState, f: int) -> bool:
    """Token f ("from") follows a writer's introduction: "I am [Savannah Fischer] from", "we're from"."""
    starts = [f] + [g.first for g in state.found if g.end == f and g.label == "PATIENT"]
    # ... or a name no pass found, one or two title-case words ("I am Tahnh Ngyen from Zetaquira")
    starts += [f - n for n in (1, 2) if f - n > 0 and all(doc.is_title_case(u) and doc.keys[u] not in NAME_STOP
                                                          and doc.simple_gap(u + 1) for u in range(f - n, f))]
    for t in starts:
        keys = tuple(doc.keys[max(0, t - 2) : t])
        if keys[-2:] in _SELF or keys[-1:] in _SELF:
            return True
    return False


def pass_hometowns(doc: Tokens, state: PassState) -> None:
    """"Bonjour, I am Savannah Fischer from Grayborough. I need a letter", "we're from Zetaquira and": the place a
    writer introduces themself from, a capitalised run (in a text typed in one case, one word no note uses) that
    closes its clause; any town, as no list holds them all."""
    lower_text = doc.text.islower() or state.recased
    for f in doc.positions({"from"}):
        a = f + 1
        if a >= doc.n or state.taken[a] or not doc.simple_gap(a) or not _introduced_before(doc, state, f):
            continue
        if lower_text:
            k = doc.keys[a]
            b = a + 1 if k.isalpha() and len(k) > 2 and not doc.lex.is_allowed(k) and k not in clinical_vocabulary() \
                and k not in ENGLISH_STOPWORDS else a
        else:
            b = _capitalised_run(doc, state, a, limit=3)
        if b == a or any(doc.keys[t] in NAME_STOP or doc.keys[t] in TITLES or doc.lex.is_allowed(doc.keys[t])
                         and doc.keys[t] not in doc.lex.cities for t in range(a, b)):
            continue  # "this is Mark from Accounts.", "from Work": words, no town
        end = doc.ends[b - 1]
        if end < len(doc.text) and doc.text[end] not in ",.;:!?)\n" and not (
                b < doc.n and doc.simple_gap(b) and doc.keys[b] in _AFTER_HOMETOWN):
            continue  # "I am from Acme Corp sales": the place closes its clause
        state.emit(a, b, CITY, 0.7)
