"""Places: streets, addresses, cities, states, countries and named locations.

* streets: a house number and a street suffix ("18 Oak St"), or a Spanish head first
  ("Calle Carmen Romero, 23");
* addresses: the city of "City, ST 12345" and the city after a street, whatever its words;
* known places from ``cities.txt``, ``states.txt``, ``countries.txt``, alone or after a
  place cue ("lives in", "born in"), in title case and in notes typed in lowercase;
* named locations whose head is also a common word or surname ("Walden Pond"), only
  after a place word.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from ...text import clinical_vocabulary
from ..rules.base import started_finditer
from .cues import (
    CALENDAR, CITY_OVER_STATE, DETERMINERS, KIN_NOT_PLACES, NAME_STOP, PARTICLES, PLACE_CUES, PLACE_CUES_NOT_NAMES,
    PLACE_CUE_LAST, PLACE_CUE_MAXLEN, PLACE_HEADERS, PLACE_PREFIX,
)
from .labels import CITY, COUNTRY, LOCATION_OTHER, STATE, STREET
from .plainwords import plain_english
from .specific import specific
from .state import PassState
from .tokens import SPACE_GAPS, Tokens

#: A house number: "18", "8/22" (a unit, a slash, a number of two digits or more: not the fraction of "1/4 percent plain").
_STREET_NUMBER = re.compile(r"(?<![\w\-/.#])((?:\d{1,4}/(?=\d\d))?\d+[A-Za-z]?)\s+$")


_UNITS = frozenset(
    "cm mm m in inch inches ft feet x by sq cc ml "
    "weeks week wks wk days day months month years year hours hour hrs minutes times "  # "38 WEEKS VIA NSVD"
    "chamber vessel "  # "Fetal Heart (4 Chamber View)"
    "mg mcg g gm kg l lpm ml mls units iu fr french meq mmhg percent".split()  # "500 MG VIA PEG", "2 L VIA NASAL CANNULA"
)
#: A quantifier right before a number makes it a count ("all 4 lung fields", "both 2 port sites").
_COUNTED = re.compile(r"(?i)\b(?:all|both|the|these|those|each|every)[ \t]+$")
_HOUSE_NUMBER_AFTER = re.compile(r"(?:,\s*|\s+)(?:n[ºo°]\.?\s*)?\d+[A-Za-z]?\b")


def pass_streets_head_first(doc: Tokens, state: PassState) -> None:
    """'Calle Carmen Romero, 23', 'Avda. de la Paz 5', 'C/ Alcalá 12'."""
    lex = doc.lex
    for i in doc.caps:
        k = doc.keys[i]
        if k not in lex.street_heads_first or state.taken[i] or i + 1 >= doc.n or doc.is_upper(i):
            continue
        g = doc.gap(i + 1)
        if k == "c":
            if not g.startswith("/"):
                continue
        elif g not in SPACE_GAPS and not (g in (". ", ".") and k in ("av", "avda", "ctra", "urb", "pza")):
            continue
        # the name: capitalised words and Spanish particles, ending on a capitalised word
        b = i + 1
        last_cap = None
        while b < doc.n and b - i <= 6 and not state.taken[b]:
            if b > i + 1 and doc.gap(b) not in SPACE_GAPS:
                break
            if doc.cap[b]:
                last_cap = b
            elif doc.keys[b] not in PARTICLES and doc.keys[b] not in ("san", "santa", "santo"):
                break
            b += 1
        if last_cap is None or (
            k in ("via", "plaza", "camino", "paseo") and not specific(doc, range(i + 1, last_cap + 1))
        ):
            continue
        end = doc.ends[last_cap]
        m = _HOUSE_NUMBER_AFTER.match(doc.text, end)
        if m and "\n" not in m.group(0):
            end = m.end()
        elif state.recased and k == "via":
            continue  # "38 weeks via nsvd" typed in one case: the English word, capitalised by the recasing
        state.emit_chars(doc.starts[i], end, i, last_cap + 1, STREET, 0.9)


#: The flat or suite right after a street: ", apt 3b", " Flat 2", " Suite #210", "#4" (a number, not "unit of blood").
_UNIT_AFTER = re.compile(r"(?i),?[ \t]*(?:(?:apt|apartment|suite|ste|unit|flat)\.?[ \t]*#?|#)[ \t]*[0-9]{1,5}[a-z]?"
                         r"(?![\w/:-]|[.,][0-9]|[ \t]+of\b)")


def pass_streets(doc: Tokens, state: PassState) -> None:
    """'18 Oak St', '3532 Brady Road': one to three capitalised words before a street suffix,
    a house number before them; the span starts at the number. In lower case inside a mixed-case
    note only after a residence cue (``_lower_streets``)."""
    lex = doc.lex
    for j in doc.caps:
        k = doc.keys[j]
        if k not in lex.street_suffixes or state.taken[j]:
            continue
        # one to three capitalised words before the suffix, a house number before them
        i = j
        while i - 1 >= 0 and j - i < 3 and doc.simple_gap(i) and doc.is_cap(i - 1) and not state.taken[i - 1]:
            if doc.keys[i - 1] in _UNITS or doc.keys[i - 1] in NAME_STOP:
                break
            i -= 1
            m = _STREET_NUMBER.search(doc.gap(i))
            if m and "\n" not in m.group(0):
                start = doc.ends[i - 1] + m.start(1) if i > 0 else m.start(1)
                if start > 0 and (doc.text[start - 1].isalnum() or doc.text[start - 1] == "#"):
                    break  # "#26 Cutting Loop", "S1 Medial Branch": a size or a level, no house number
                if _COUNTED.search(doc.text, max(0, start - 8), start):
                    break  # "in all 4 lung fields", "the 2 midline port sites": a count, no house number
                _emit_street(doc, state, start, i, j)
                break
    _lower_streets(doc, state)


def _emit_street(doc: Tokens, state: PassState, start: int, i: int, j: int) -> None:
    """The street from character ``start`` (its house number) over tokens i..j (j its type), with a flat after it."""
    end = doc.ends[j]
    if doc.gap(j + 1).startswith(".") and doc.keys[j] in ("st", "ave", "rd", "blvd", "ln", "dr", "ct", "pl"):
        end += 1
    unit = _UNIT_AFTER.match(doc.text, end)
    if unit:
        end = unit.end()  # "41 orchard lane, apt 3b", "118 Harbour Road, Flat 2": the flat is the address's
    state.emit_chars(start, end, i, j + 1, STREET, 0.9)


#: A house number before two words in lower case ("41 orchard lane"), and where such a number can start.
_LOWER_HOUSE_NUMBER = re.compile(r"(?<![\w.])(?P<num>(?:[0-9]{1,4}/(?=[0-9]{2}))?[0-9]{1,6}[A-Za-z]?)[ \t]+(?=[a-z]+[ \t]+[a-z])")
_NUMBER_START = re.compile(r"[0-9](?<![\w.][0-9])")
#: What every ``_RESIDENCE_CUE`` holds: a cheap test before the regex.
_CUE_STEMS = ("liv", "resid", "mov", "reloc", "stay", "address", "home")
#: A residence cue right before a house number: "Patient lives at", "moved to", "Address:", "home is".
_RESIDENCE_CUE = re.compile(
    r"(?i:\b(?:lives|live|living|lived|resides|reside|residing|resided|moved|moves|moving|relocated|staying|stays)"
    r"(?:[ \t]+(?:now|currently|still|back))?[ \t]+(?:at|to|in|on)|\baddress(?:[ \t]+is)?[ \t]*:?|\bhome[ \t]+is)[ \t]*$"
)


def _lower_streets(doc: Tokens, state: PassState) -> None:
    """'Patient lives at 41 orchard lane, apt 3b': one to three words in lower case and a street type after a
    residence cue and a house number, in a note that writes other words capitalised (a note all in lower
    case is read recased). Without the cue, lower-case words before a street type are prose ("had 2 very
    close calls"). Tried only at a house number before two lower-case words (``started_finditer``)."""
    suffixes = doc.lex.street_suffixes
    text = doc.text
    for m in started_finditer(_LOWER_HOUSE_NUMBER, _NUMBER_START, text):
        window = text[max(0, m.start() - 45) : m.start()].lower()
        if not any(w in window for w in _CUE_STEMS) or not _RESIDENCE_CUE.search(text, max(0, m.start() - 45), m.start()):
            continue
        i = bisect_left(doc.starts, m.end())
        for j in range(i + 1, min(i + 4, doc.n)):
            w = doc.words[j - 1]
            if state.taken[j - 1] or not (w.isalpha() and w.islower()) or doc.keys[j - 1] in _UNITS \
                    or doc.keys[j - 1] in NAME_STOP or not doc.simple_gap(j):
                break
            w = doc.words[j]
            if w.isalpha() and w.islower() and w in suffixes and not state.taken[j]:
                _emit_street(doc, state, m.start("num"), i, j)
                break


#: Words right before "<Name> Pond" that make it a place someone goes to.
_LOCATION_CUES = frozenset("at near in around from to by".split())


def pass_cued_locations(doc: Tokens, state: PassState) -> None:
    """'found down at Walden Pond', 'walks daily at Blue Hills Reservation', 'a day at Jenkins
    Marina': heads that are also surnames or street types, taken only after a place word."""
    lex = doc.lex
    if not lex.loc_cued_starts:
        return
    for h in doc.caps:
        if state.taken[h] or doc.keys[h] not in lex.loc_cued_starts or h == 0 or not doc.simple_gap(h):
            continue
        # the head phrase ("Pond", "Golf Course")
        head = doc.longest_phrase(
            h, lex.loc_cued_starts, lambda phrase: True if phrase in lex.location_heads_cued else None,
            lambda j: doc.simple_gap(j) and bool(doc.cap[j]),
        )
        e = None if head is None else head[0]
        if e is None or (e < doc.n and doc.simple_gap(e) and doc.cap[e] and (
                doc.keys[e] in lex.street_suffixes or doc.keys[e] in lex.head_last)):
            continue  # "Cedar Park Road", "Lake Park Hospital": not this head's
        if doc.eponym_after(e):
            continue
        # the name before the head: 1-3 capitalised words
        a = h
        while a - 1 >= 0 and h - a < 3 and doc.cap[a - 1] and not state.taken[a - 1] and doc.simple_gap(a) \
                and doc.keys[a - 1] not in NAME_STOP and not doc.sentence_initial(a):
            a -= 1
        if a == h:
            continue
        c = a - 1
        if c >= 0 and doc.words[c] == "the" and c > 0 and doc.simple_gap(c):
            c -= 1
        if c < 0 or doc.words[c] not in _LOCATION_CUES or not doc.simple_gap(c + 1):
            continue
        if not (specific(doc, range(a, h)) or any(lex.is_place_word(doc.keys[t]) for t in range(a, h))):
            continue
        p = place_at(doc, state, a)
        if p is not None and p[0] >= e:
            continue  # "Gig Harbor", "Salt Lake City": a known town, the place pass's
        if state_after(doc, state, e):
            continue  # "Brest Falls, Pennsylvania": a town, the place pass's
        label = LOCATION_OTHER
        if doc.phrase_before(c + 1, PLACE_CUES, PLACE_CUE_MAXLEN) not in (None, (doc.words[c],)) or (
            doc.words[c] == "in" and _lives_before(doc, c)
        ):
            label = CITY  # "lives in Druck Harbor", "lives with her son in Frit Falls"
        state.emit(a, e, label, 0.85)


_PLACE_ALIASES = {"st": "saint", "ste": "sainte", "ft": "fort", "mt": "mount"}


def place_at(doc: Tokens, state: PassState, i: int) -> tuple[int, str, bool] | None:
    """(end token, label, major) of the longest place phrase starting at token i."""
    lex = doc.lex
    first = doc.keys[i]

    def hit(phrase: str) -> tuple[str, bool] | None:
        if first in _PLACE_ALIASES and " " in phrase and phrase not in lex.cities:
            phrase = _PLACE_ALIASES[first] + phrase[len(first) :]  # "St. Paul" = "Saint Paul"
        if phrase in lex.countries:
            return COUNTRY, True
        if phrase in lex.states and phrase not in CITY_OVER_STATE and (
            phrase in lex.main_states or phrase not in lex.cities
        ):
            return STATE, True
        if phrase in lex.cities:
            return CITY, phrase in lex.cities_major
        return None

    def joins(j: int) -> bool:
        g = doc.gap(j)
        if not (g in SPACE_GAPS or (g in (". ", ".") and doc.keys[j - 1] in ("st", "ft", "mt"))):
            return False
        if not (doc.is_cap(j) or doc.keys[j] in PARTICLES or doc.keys[j] in ("of", "upon", "on", "and", "the")):
            return False
        return not state.taken[j]

    found = doc.longest_phrase(i, lex.place_starts, hit, joins)
    return None if found is None else (found[0], found[1][0], found[1][1])


#: What closes a state code written after its town without a comma: punctuation, the line's end or a ZIP
#: ("Livingston NJ.", not "BOSTON OR NEW YORK").
_CLAUSE_END = re.compile(r"[ \t]*(?:[.,;:)]|\r?\n|$|\d{5}\b)")


def state_after(doc: Tokens, state: PassState, j: int) -> tuple[int, str] | None:
    """', MA' or ', Massachusetts' or ', Mexico' right after token j-1, or ' MA' closing its clause:
    (end token, label)."""
    if j >= doc.n or state.taken[j]:
        return None
    g = doc.gap(j)
    w = doc.words[j]
    if g == " " and len(w) == 2 and w.isupper() and w in doc.lex.state_codes and j > 0 \
            and _CLAUSE_END.match(doc.text, doc.ends[j]) and not doc.lex.is_allowed(doc.keys[j - 1]) \
            and doc.keys[j - 1] not in clinical_vocabulary():
        # "Livingston NJ.", "LIVINGSTON NJ" closing its line, "Springfield IL 62704"; not "Colon CA" (cancer)
        return j + 1, STATE
    if g.strip() != "," or "\n" in g:
        return None
    if len(w) == 2 and w.isupper() and w in doc.lex.state_codes:
        return j + 1, STATE
    p = place_at(doc, state, j)
    if p and p[1] in (STATE, COUNTRY) and all(doc.is_cap(t) or not doc.keys[t].isalpha() for t in (j,)) \
            and not (doc.eponym_after(p[0]) or doc.term_after(p[0])):
        return p[0], p[1]  # not "Bermuda grass, Kentucky bluegrass": a list of allergens
    return None


_ZIP_OR_EOL = re.compile(r"[ \t]*(?:\d{5}(?:-\d{4})?\b|\r?\n|$)")
_AFTER_STREET = re.compile(
    r"(?:,?[ \t]*(?:#[ \t]*[\w-]+|(?:apt|apartment|unit|suite|ste|fl|floor)\.?[ \t]*#?[\w-]+))?"
    r"(?:,[ \t]*|[ \t]*\r?\n[ \t]*)",
    re.I,
)
_LIVES_WORDS = frozenset(
    "live lives living lived reside resides residing resided moved grew born raised stay stays staying stayed "
    "settled work works worked working".split()
)


#: A form of "be" before "from" that says where a person comes from ("I'm from Bakone").
_BE_FROM = frozenset("i'm i’m im am is are was were he's she's he’s she’s they're they’re we're we’re".split())


def _lives_before(doc: Tokens, c: int) -> bool:
    """A living or working verb earlier in the sentence of the "in" at token c:
    "lives with his wife in Wakanuku", "works as a manager in Franbra Hollow"."""
    for t in range(c - 1, max(-1, c - 13), -1):
        if doc.keys[t] in _LIVES_WORDS:
            return True
        if doc.sentence_initial(t) or "\n" in doc.gap(t + 1):
            break
    return False


def _city_boundary(doc: Tokens, a: int) -> bool:
    """Token a can start a city name of an address: line start, after a comma, after "in", after a wide gap
    ("012 Reese Green  Normanborough, IN": two blanks or a tab part the street from the city)."""
    if a == 0:
        return True
    g = doc.gap(a)
    return "\n" in g or g.rstrip().endswith((",", ";", "-")) or doc.keys[a - 1] in ("in", "from", "to", "at", "near") \
        or "  " in g or "\t" in g


def _city_run_before(doc: Tokens, state: PassState, i: int) -> int | None:
    """Start of the city name that ends at token i-1, for "City, ST": 1-3 capitalised words."""
    a = i
    while a - 1 >= 0 and i - a < 3 and doc.cap[a - 1] and not state.taken[a - 1]:
        if a < i and not doc.simple_gap(a):
            break
        a -= 1
        if _city_boundary(doc, a):
            break
    if a == i or not _city_boundary(doc, a):
        return None
    if all(doc.lex.is_allowed(doc.keys[t]) for t in range(a, i)) or doc.keys[a] in NAME_STOP:
        return None
    return a


#: State codes that are also credentials or English words ("Jasie Barrett, MD", "Smith, DO").
#: Without a ZIP after them they need a known city or a street line before them.
_AMBIGUOUS_STATE_CODES = frozenset("MD DO PA ME OR IN OK HI RN NP".split())


def _address_city(doc: Tokens, state: PassState, a: int, i: int) -> bool:
    """Tokens a..i-1 are the city of an address: a known city that is not a person's name,
    or any words right after a street line ("12 Oak St<newline>Jon Ville, MD")."""
    lex = doc.lex
    phrase = " ".join(doc.keys[a:i])
    if phrase in lex.cities and not (i - a > 1 and doc.keys[a] in lex.first and phrase not in lex.cities_major):
        return True
    if a > 0 and "\n" in doc.gap(a):
        line_start = doc.text.rfind("\n", 0, doc.text.rfind("\n", 0, doc.starts[a])) + 1
        for (t0, t1, label, _score) in state.found:
            if label == STREET and doc.starts[t0] >= line_start and doc.ends[t1 - 1] <= doc.starts[a]:
                return True
    return False


def pass_addresses(doc: Tokens, state: PassState) -> None:
    """'Jon Ville, ME 02626', 'SORTMOUTH, FLORIDA  01080', '18 Oak St, Salem': the city of
    an address, whatever it looks like, from the state code or the street before it."""
    lex = doc.lex
    # "City, ST 12345" and "City, State<end of line>"
    for i in doc.caps:
        w = doc.words[i]
        code = len(w) == 2 and w in lex.state_codes
        if not code and doc.keys[i] not in lex.place_starts:
            continue
        if state.taken[i] or i == 0 or doc.gap(i).strip() != "," or "\n" in doc.gap(i):
            continue
        if code:
            j = i + 1
        else:
            p = place_at(doc, state, i)
            if not p or p[1] != STATE:
                continue
            j = p[0]
        tail = _ZIP_OR_EOL.match(doc.text, doc.ends[j - 1])
        if not tail:
            continue
        a = _city_run_before(doc, state, i)
        if a is None:
            continue
        if w in _AMBIGUOUS_STATE_CODES and not tail.group(0).strip() and not _address_city(doc, state, a, i):
            continue  # "John Smith, MD" at the end of a line is a doctor
        state.emit(a, i, CITY, 0.9)
        state.emit(i, j, STATE, 0.9)
    # the city right after a street: "3532 Brady Road, Lake Rodneymouth", "Via Roma 5, Burgos"
    for n in range(len(state.found)):
        label = state.found[n][2]
        if label != STREET:
            continue
        m = _AFTER_STREET.match(doc.text, state.spans[n].end)
        if not m:
            continue
        t = bisect_left(doc.starts, m.end())
        if t >= doc.n or doc.starts[t] != m.end() or not doc.cap[t] or state.taken[t] or doc.keys[t] in NAME_STOP:
            continue
        b = t + 1
        while b < doc.n and b - t < 3 and doc.cap[b] and doc.simple_gap(b) and not state.taken[b] \
                and not doc.text[doc.ends[b] : doc.ends[b] + 1].isdigit():
            b += 1  # ... but not into a postcode: "Eileen Ville T008EA1" (the "T" glued to digits)
        if all(lex.is_allowed(doc.keys[u]) for u in range(t, b)) or doc.is_initial(t):
            continue
        if doc.keys[t] in lex.state_codes or doc.keys[t] in lex.street_heads_first:
            continue
        state.emit(t, b, CITY, 0.85)
        st = state_after(doc, state, b)
        if st:
            state.emit(b, st[0], st[1], 0.9)


def _tag_places(doc: Tokens, state: PassState, multi_only: bool) -> None:
    """Places at capitalised tokens: known ones, and unknown words after a strong cue.

    ``multi_only``: only places of several words and cities before ", ST" (the pass
    before the name pairs); otherwise every place (the pass after them).
    """
    keys = doc.keys
    for i in doc.caps:
        if state.taken[i]:
            continue
        header = i > 0 and keys[i - 1] in PLACE_HEADERS and doc.gap(i).strip() == ":" and "\n" not in doc.gap(i)
        if keys[i] not in doc.lex.place_starts and not header and not (i > 0 and keys[i - 1] in PLACE_CUE_LAST):
            continue
        if keys[i] in NAME_STOP and doc.is_upper(i):
            continue  # "VISITS TO SCREEN", "IMMIGRATED TO OF AMERICA": a function word in capitals is no town
        p = place_at(doc, state, i)
        cue, strong_cue = _place_cue(doc, i, header)
        if p is not None and not multi_only and _city_run_before_state(doc, state, i, p[0]):
            continue
        if p is None:
            if not multi_only:
                _unknown_place(doc, state, i, cue, strong_cue)
            continue
        if doc.dose_after(p[0]):
            continue  # "started on Ventura twice daily": a drug, whatever town shares its name
        if state.recased and p[0] == i + 1 and doc.sentence_initial(i) and keys[i] in clinical_vocabulary():
            continue  # "LIMA TO LAD IS PATENT" recased: a clinical word capitalised only as a sentence's first
        if p[0] == i + 1 and doc.sentence_initial(i) and cue is None and plain_english(doc.lex, keys[i]):
            continue  # "Lime dust in right eye": an ordinary word is capitalised as a sentence's first
        _known_place(doc, state, i, p, cue, strong_cue, multi_only)


def _place_cue(doc: Tokens, i: int, header: bool) -> tuple[tuple[str, ...] | None, bool]:
    """The place cue right before token i ("lives in", "Country:") and whether it is strong."""
    keys = doc.keys
    cue = None
    if header:
        cue = (keys[i - 1],)
    elif i > 0 and keys[i - 1] in PLACE_CUE_LAST and doc.simple_gap(i):
        cue = doc.phrase_before(i, PLACE_CUES, PLACE_CUE_MAXLEN)
    strong_cue = header or (cue is not None and PLACE_CUES[cue])
    if cue in (("in",), ("near",)) and not strong_cue:
        strong_cue = _lives_before(doc, i - 1)  # "I live in Casbeno", "grew up near Qaanaaq"
    elif cue == ("from",) and i > 1 and doc.keys[i - 2] in _BE_FROM and doc.simple_gap(i - 1):
        strong_cue = True  # "I'm from Bakone", "she is from Artilleros": where a person comes from
    return cue, strong_cue


def _city_run_before_state(doc: Tokens, state: PassState, i: int, place_end: int) -> bool:
    """"in Brest Falls, Pennsylvania": a capitalised run longer than the known place at token i
    (which ends at ``place_end``), before a state, is the city. True when tagged."""
    j = i + 1
    while j < doc.n and j - i < 3 and doc.simple_gap(j) and doc.is_title_case(j) and not state.taken[j]:
        j += 1
    st = state_after(doc, state, j) if j > place_end else None
    if st and st[1] == STATE and not any(doc.keys[t] in NAME_STOP for t in range(i, j)):
        state.emit(i, j, CITY, 0.85)
        state.emit(j, st[0], STATE, 0.9)
        return True
    return False


def _unknown_place(doc: Tokens, state: PassState, i: int, cue: tuple | None, strong_cue: bool) -> None:
    """Unknown capitalised word at token i: a city only after a strong cue or before ", ST"."""
    lex = doc.lex
    k = doc.keys[i]
    prefix = k in PLACE_PREFIX and i + 1 < doc.n and doc.simple_gap(i + 1) and doc.is_title_case(i + 1)
    if (lex.is_allowed(k) and not prefix) or (lex.is_name_word(k) and not strong_cue):
        return
    if lex.is_name_word(k) and cue in PLACE_CUES_NOT_NAMES:
        return  # "visits Maria"
    if doc.is_upper(i) and not (strong_cue and len(k) > 3) or doc.is_upper(i) and cue == ("arrived", "at") \
            and k.isascii():
        return  # "arrived at UIHC": an acronym one arrives at is a hospital ("arrived at ΛΑΡΝΑΚΑ" is a town)
    if doc.is_upper(i) and plain_english(lex, k):
        return  # "WORKED IN RETAIL", "BAGS IN KILN 4": in capitals an ordinary word after "in" is no town
    j = i + 1
    # "lives in Dinclond Junction", "lives in South Williamview": after a strong cue the
    # run may hold common words; otherwise only unknown ones
    while j < doc.n and j - i < 3 and doc.simple_gap(j) and doc.is_title_case(j) and not state.taken[j] \
            and doc.keys[j] not in NAME_STOP and (strong_cue or not lex.is_allowed(doc.keys[j])):
        j += 1
    if all(lex.is_allowed(doc.keys[t]) for t in range(i, j)):
        return  # "lives in Senior Housing"
    st = state_after(doc, state, j)
    if st and st[1] == STATE and not lex.is_name_word(k):
        state.emit(i, j, CITY, 0.85)
        state.emit(j, st[0], STATE, 0.9)
    elif strong_cue and len(doc.words[i]) > 2:
        state.emit(i, j, CITY, 0.8)


def _known_place(
    doc: Tokens, state: PassState, i: int, place: tuple[int, str, bool], cue: tuple | None, strong_cue: bool,
    multi_only: bool,
) -> None:
    """A known place at token i (``place`` from :func:`place_at`): tagged unless its context
    makes it a name, a term or a device ("Mayo scissors", "LIMA to LAD", "a Sano shunt")."""
    lex = doc.lex
    k = doc.keys[i]
    j, label, major = place
    multi = j - i > 1
    if doc.relation_after(j) or (j - i == 1 and k in KIN_NOT_PLACES and (
            doc.words[i].islower() or doc.words[i].endswith(("'s", "’s")) or doc.text.startswith(("'s", "’s"), doc.ends[i]))):
        return  # "from Linda (daughter)"; "go to nan's in Leeds" (not "born in Nan, Thailand")
    if multi_only and not multi:
        # ", ST" after a single-word city is decided in the multi pass too
        st = state_after(doc, state, j)
        if not (label == CITY and st and st[1] in (STATE, COUNTRY)):
            return
    st = state_after(doc, state, j) if label == CITY else None
    if st and j - i == 1 and lex.is_allowed(k) and not doc.is_title_case(i):
        st = None  # "AT THAT TIME, ON ..." in capitals
    if st and not (lex.is_name_word(k) and st[1] == STATE and doc.words[j].upper() in ("MD", "PA", "DO")
                   and k not in lex.cities_major):
        state.emit(i, j, CITY, 0.9)
        state.emit(j, st[0], st[1], 0.9)
        return
    toks = range(i, j)
    upper = all(doc.is_upper(t) or len(doc.words[t]) < 3 for t in toks)
    allowed = all(lex.is_allowed(doc.keys[t]) for t in toks if doc.is_cap(t))
    if (doc.eponym_after(j) or doc.dose_after(j) or doc.term_after(j)) and not strong_cue:
        return  # "Mayo scissors", "Glasgow Coma Scale", "Epworth Sleepiness Scale", "Philadelphia chromosome"
    if multi:
        if allowed and not (major or strong_cue):
            return
        if upper and cue is None and any(lex.is_allowed(doc.keys[t]) for t in toks):
            return
        state.emit(i, j, label, 0.9 if cue else 0.85)
        return
    score = _single_place_score(doc, state, i, label, major, cue, strong_cue, upper, allowed)
    if score is not None:
        state.emit(i, j, label, score)


def _single_place_score(
    doc: Tokens, state: PassState, i: int, label: str, major: bool, cue: tuple | None, strong_cue: bool,
    upper: bool, allowed: bool,
) -> float | None:
    """Score of a known one-word place at token i, or None when its context says it is none."""
    lex = doc.lex
    k = doc.keys[i]
    if k in lex.head_last or k in lex.head_starts:
        return None  # "at University": an institution left unnamed
    if k in CALENDAR:
        return None  # "moved to Boston in March": a month, though a town of Cambridgeshire is called so
    if upper and not strong_cue:
        return None  # "LIMA to LAD", "VAC dressing"
    if i > 0 and doc.keys[i - 1] in DETERMINERS and doc.simple_gap(i) and not strong_cue:
        return None  # "a Sano modification", "the Toronto valve"
    if i > 0 and doc.simple_gap(i) and doc.is_cap(i - 1) and not state.taken[i - 1] \
            and not doc.sentence_initial(i) and cue is None:
        return None  # inside a capitalised term ("Biomet Oxford knee")
    if allowed:
        return 0.85 if strong_cue else None
    if upper and cue is None:
        return None
    # a bare "Madrid" or "Espana" is a place even though both are surnames: surnames
    # alone are never names here, first names are
    if k in lex.first:
        if cue is not None:
            return 0.85 if strong_cue else 0.75
        return None
    if cue is not None:
        return 0.9 if strong_cue else 0.85
    if label in (STATE, COUNTRY):
        return 0.8
    if major:
        return 0.7
    return None


#: Country names that are common words or names in lowercase ("turkey", "china", "jordan").
_LOWER_COUNTRY_SKIP = frozenset("chad georgia jordan turkey china guinea jersey niger man togo".split())
_LOWER_COUNTRY_CUES = frozenset({("to",), ("from",), ("in",)})


def pass_lower_places(doc: Tokens, state: PassState) -> None:
    """Places in notes typed in lowercase: 'born in haiti', 'a trip to nigeria' (a country after
    a place word), 'lives in pittsfield' (a known town after a strong cue), 'lives in north
    brandon, ct' (any words after a strong cue when a state follows)."""
    lex = doc.lex
    keys = doc.keys
    for i in doc.after_keys(PLACE_CUE_LAST):
        if state.taken[i] or doc.cap[i]:
            continue
        if keys[i] not in lex.place_starts and not any(
            doc.gap(j).startswith(",") for j in range(i + 1, min(doc.n, i + 4))
        ):
            continue  # neither a known place nor words before ", ct"
        if not doc.simple_gap(i):
            continue
        cue = doc.phrase_before(i, PLACE_CUES, PLACE_CUE_MAXLEN)
        if cue is None:
            continue
        strong = PLACE_CUES[cue] and cue not in PLACE_CUES_NOT_NAMES
        k = doc.keys[i]
        if k in NAME_STOP or len(k) < 3:
            continue
        p = _place_at_lower(doc, state, i)
        if p is not None:
            j, label = p
            single_common = j - i == 1 and (lex.is_allowed(k) or k in _LOWER_COUNTRY_SKIP)
            if label == COUNTRY and (strong or cue in _LOWER_COUNTRY_CUES) and not single_common:
                state.emit(i, j, COUNTRY, 0.85)
                continue
            if label == CITY and strong and not single_common:
                st = _lower_state_after(doc, state, j)
                state.emit(i, j, CITY, 0.8)
                if st:
                    state.emit(j, st, STATE, 0.85)
                continue
        if not strong:
            continue
        # unknown words: 1-3 lowercase words, then ", ct" / ", connecticut"
        j = i
        while j < doc.n and j - i < 3 and not doc.cap[j] and not state.taken[j] and doc.keys[j] not in NAME_STOP \
                and (j == i or doc.simple_gap(j)):
            st = _lower_state_after(doc, state, j + 1)
            if st:
                state.emit(i, j + 1, CITY, 0.8)
                state.emit(j + 1, st, STATE, 0.85)
                break
            j += 1


def _place_at_lower(doc: Tokens, state: PassState, i: int) -> tuple[int, str] | None:
    """(end, CITY or COUNTRY) of the longest known place of lowercase words at token i."""
    lex = doc.lex

    def hit(phrase: str) -> str | None:
        if phrase in lex.countries:
            return COUNTRY
        if phrase in lex.cities and phrase not in lex.states:
            return CITY
        return None

    def joins(j: int) -> bool:
        return not doc.cap[j] and not state.taken[j] and doc.simple_gap(j)

    if doc.cap[i] or state.taken[i]:
        return None
    return doc.longest_phrase(i, lex.place_starts, hit, joins)


def _lower_state_after(doc: Tokens, state: PassState, j: int) -> int | None:
    """End token of ', ct' or ', connecticut' (lowercase) right after token j-1."""
    if j >= doc.n or state.taken[j] or doc.cap[j]:
        return None
    g = doc.gap(j)
    if g.strip() != "," or "\n" in g:
        return None
    w = doc.words[j]
    if len(w) == 2 and w.upper() in doc.lex.state_codes \
            and w not in ("in", "or", "me", "ok", "hi", "oh", "pa", "md", "de", "la"):
        return j + 1
    for n in (2, 1):
        if j + n <= doc.n and " ".join(doc.keys[j : j + n]) in doc.lex.main_states and all(
            not doc.cap[t] for t in range(j, j + n)
        ):
            return j + n
    return None


def pass_multiword_places(doc: Tokens, state: PassState) -> None:
    """Known places of several words ("New Haven"), and any city before ", ST"."""
    _tag_places(doc, state, multi_only=True)


def pass_places(doc: Tokens, state: PassState) -> None:
    """Every known place, and unknown capitalised words after a strong place cue."""
    _tag_places(doc, state, multi_only=False)


#: Endings of English town names ("clarkbury", "jacksonville", "gunaydinmouth", "brooksstad").
_TOWN_ENDINGS = (
    "ville", "town", "burgh", "burg", "borough", "bury", "mouth", "stad", "berg", "furt", "haven", "chester",
    "shire", "port", "view", "side", "fort", "ton", "field", "ford", "land", "stead", "wick", "worth",
)
#: Words before a town in its name ("north maryshire", "new angelachester", "lake jennifer").
_TOWN_PREFIX = frozenset("north south east west new lake port mount fort saint st".split())
_TOWN_CUES = frozenset("in from near outside around".split())


def _town_shaped(lex, k: str) -> bool:
    """A word no list knows that ends like a town, on a stem that is a name or no word at all ("clarkbury",
    "maryshire"; not "passport", "bedside", "airport", whose stems are words)."""
    if len(k) < 6 or not k.isalpha() or lex.is_allowed(k) or k in lex.first:
        return False
    for end in _TOWN_ENDINGS:
        if k.endswith(end) and len(k) - len(end) >= 3:
            stem = k[: -len(end)]
            return lex.is_name_word(stem) or not lex.is_allowed(stem)
    return False


def pass_town_shapes(doc: Tokens, state: PassState) -> None:
    """'her son lives off amy drive in clarkbury', 'moved here from north maryshire', 'lives in eleanor ville':
    a town typed in lower case that no list knows, by its ending, after 'in', 'from' or 'near'."""
    lex = doc.lex
    keys = doc.keys
    for i in doc.follow(_TOWN_CUES):
        if state.taken[i] or not doc.simple_gap(i) or doc.cap[i] \
                and not doc.is_upper(i) and not state.recased:
            continue  # a capitalised word is the place passes' own
        h = i + 1 if keys[i] in _TOWN_PREFIX and i + 1 < doc.n and doc.simple_gap(i + 1) else i
        if h >= doc.n or state.taken[h]:
            continue
        if _town_shaped(lex, keys[h]):
            state.emit(i, h + 1, CITY, 0.75)
        elif h + 1 < doc.n and keys[h + 1] == "ville" and doc.simple_gap(h + 1) and lex.is_name_word(keys[h]) \
                and not state.taken[h + 1]:
            state.emit(i, h + 2, CITY, 0.75)  # "eleanor ville"
