"""More places and bodies as court judgments write them (issue 15, after ``legal_bodies`` and ``legal_places``).

Forms those passes leave, each with its own evidence:

* a respondent State in capitals after "v." or "AGAINST" in a judgment's title ("CASE OF X v.
  GREECE", "v. THE UNITED KINGDOM"), the country the lists hold (``COUNTRY``);
* security and police bodies and groups by their acronym alone: "the FSB", "the ROVD", "the PKK";
* a numbered body: "Prison no. 7", "Correctional Colony no. 5", "Hospital No. 6", "Police
  Station no. 1" (``ORGANIZATION``; the number is the case-number rule's);
* a police station by its town after the head: "Police Station Chandigarh", "P.S. Ranchi";
* a listed town and a lower-case kind of police, prison or prosecutor after "the": "the Volos
  police station", "the Grozny temporary detention facility", "the Montpellier public prosecutor";
* a body "of <Country>": "the Security Service of Ukraine", "the Reserve Bank of India", a
  capitalised run ending in a head of public bodies and a country the lists hold;
* regions of conflicts and autonomous entities the place lists may lack ("Chechnya", "Transdniestria");
* a settlement before "village" or "hamlet" ("the Yeşilköy village", "in Boğazköy village") and
  a district or province named right after one (", Şemdinli district") (``CITY``, ``STATE``);
* a periodical's title after "the weekly" / "the daily" (two words or more), a bank by "Bank <Name>" or a
  fused name no list holds ("Sberbank");
* two listed towns joined by a hyphen before "road" ("the Malatya-Erzurum road").

Clinical notes write none of these: a kind word must follow a place the lists hold or a State
name, and the lower-case kinds are those of police, prisons and prosecutors only.
"""

from __future__ import annotations

import re

from .cues import NAME_STOP
from .labels import CITY, COUNTRY, HOSPITAL, ORGANIZATION, STATE
from .state import PassState
from .tokens import Tokens

#: Heads of a body numbered "no. N" after it.
_NUMBERED_HEADS = frozenset(
    "prison colony hospital polyclinic clinic school station department centre center facility institution "
    "penitentiary".split()
)
_NUMBER_AFTER = re.compile(r"[ \t]*\.?[ \t]?[0-9]{1,4}(?![\w/])")
#: Lower-case kinds after a listed town ("the Volos police station"), longest first.
_LOWER_KINDS = tuple(tuple(k.split()) for k in sorted((
    "police station", "police department", "police headquarters", "police", "prison", "remand prison",
    "remand centre", "remand center", "temporary detention facility", "detention facility", "detention centre",
    "detention center", "pre-trial detention centre", "public prosecutor", "prosecutor", "prosecutor's office",
    "public prosecutor's office", "gendarmerie", "gendarmerie station", "security directorate", "garda station",
    "correctional colony", "penal colony", "remand prison", "investigation department", "traffic police",
    "f-type prison", "e-type prison", "d-type prison", "h-type prison", "l-type prison", "t-type prison",
    "closed prison", "open prison", "carabinieri station", "carabinieri", "tribunal de grande instance",
    "tribunal correctionnel", "cour d'appel", "sizo", "rovd", "ovd", "vovd", "guvd",
), key=lambda k: -len(k.split())))
#: Kinds strong enough to need no "the" before the town ("detained in Tekirdağ F-type prison").
_TYPED_PRISON = frozenset({"f-type", "e-type", "d-type", "h-type", "l-type", "t-type"})
#: Regions of conflicts and autonomous entities that judgments name and the place lists may lack.
_REGIONS = frozenset({"chechnya", "dagestan", "ingushetia", "kurdistan", "transnistria", "transdniestria",
                      "abkhazia", "crimea", "donbas", "donbass", "kashmir", "anatolia", "adjara", "gagauzia",
                      "kabardino-balkaria", "karachay-cherkessia", "north ossetia", "south ossetia",
                      "nagorno-karabakh", "north caucasus", "northern cyprus", "vojvodina", "sandžak", "sandzak"})
#: Heads of public bodies named "of <Country>" ("Security Service of Ukraine").
_OF_COUNTRY_HEADS = frozenset(
    "service bureau commission committee council agency authority institute institution directorate office "
    "inspectorate board fund ombudsman bank police army guard court tribunal parliament assembly "
    "prosecutor ministry government administration treasury".split()
)
_SETTLEMENTS = frozenset({"village", "hamlet", "settlement"})
_PERIODICALS = frozenset({"weekly", "daily", "monthly", "newspaper", "magazine", "journal", "periodical"})
#: Last words of a periodical's title ("Grivas Express", "Novaya Gazeta").
_PRESS_HEADS = frozenset("times express herald gazette gazeta news post daily weekly journal tribune vestnik "
                         "pravda izvestiya courier observer review chronicle telegraph mirror star sun".split())
_ADJECTIVE_ENDINGS = ("ic", "ian", "ish", "ese", "ical", "ern")
_DISTRICT_KINDS = {"district": CITY, "province": STATE, "region": STATE, "oblast": STATE, "county": STATE}
_ROADS = frozenset({"road", "highway", "motorway", "railway", "route", "border", "pipeline", "railroad"})
#: Security, police and armed bodies and groups that judgments name by their acronym alone ("the FSB refused",
#: "a member of the PKK"): letters no clinical abbreviation spells.
_AGENCIES = frozenset(
    "FSB FSIN GUVD ROVD OVD UBOP RUBOP SBU MVD KGB NKVD GRU OMON SOBR UFSIN JİTEM MİT PKK KADEK KONGRA-GEL "
    "DHKP-C TİKKO TKP/ML HADEP DEHAP DTP BDP HDP DEP ÖZDEP EHRAC İHD TİHV RUC UVF UDA INLA SIS"
    .split()
)
_VERSUS = frozenset({"v", "vs", "against"})
#: Words after which a capitalised place the lists know, or a word no list knows, is a town: "a lawyer
#: practising in Patras", "lives in Uzhgorod", "drove towards Şırnak", "had died in Castlebar".
_TOWN_CUES = frozenset({"practising", "practicing", "towards", "toward"})
#: "a citizen of Mexico", "nationals of Uzbekistan": the country after "of".
_CITIZEN = frozenset({"citizen", "citizens", "national", "nationals", "native", "natives", "resident", "residents",
                      "subject", "subjects"})
_TOWN_IN = frozenset({"lives", "lived", "living", "resides", "resided", "residing", "died", "based", "registered",
                      "practising", "practicing", "settled", "domiciled", "detained", "imprisoned"})


def pass_court_forms(doc: Tokens, state: PassState) -> None:
    """The forms of the module's docstring, each at its own trigger token."""
    keys = doc.keys
    lex = doc.lex
    for i in _triggers(doc):
        if state.taken[i]:
            continue
        k = keys[i]
        if doc.words[i] in _AGENCIES:
            state.emit(i, i + 1, ORGANIZATION, 0.8)
        elif k in _VERSUS and i + 1 < doc.n and doc.cap[i + 1] and doc.gap(i + 1) in (" ", ". "):
            _country_in_caps(doc, state, i + 1)
        elif k in _TOWN_CUES and i + 1 < doc.n and doc.cap[i + 1]:
            _town_after_cue(doc, state, i)
        elif k in _NUMBERED_HEADS and doc.cap[i]:
            _numbered(doc, state, i)
        elif k == "police" and doc.cap[i] and i + 2 < doc.n and keys[i + 1] == "station" and doc.cap[i + 1]:
            _place_after(doc, state, i, i + 2)
        elif doc.words[i] == "P" and i + 2 < doc.n and doc.words[i + 1] == "S" and doc.gap(i + 1) == "." \
                and doc.gap(i + 2) == ". ":
            _place_after(doc, state, i, i + 2, glued=True)
        elif doc.cap[i] and (k in _REGIONS or i + 1 < doc.n and f"{k} {keys[i + 1]}" in _REGIONS) \
                and not doc.is_upper(i):
            b = i + 1 if k in _REGIONS else i + 2
            if b == i + 1 or (doc.cap[i + 1] and doc.simple_gap(i + 1)):
                state.emit(i, b, STATE, 0.75)
        elif doc.cap[i] and (lex.is_place_word(k) or k in lex.place_starts) and not doc.is_upper(i):
            _town_and_kind(doc, state, i)
        elif k in _CITIZEN and i + 2 < doc.n and keys[i + 1] == "of" and not doc.cap[i + 1] and doc.cap[i + 2]:
            _country_after_of(doc, state, i + 2)
        elif k in _TOWN_IN and i + 2 < doc.n and doc.keys[i + 1] == "in" and not doc.cap[i]:
            _town_after_cue(doc, state, i)
        elif k in _PERIODICALS and not doc.cap[i] and i > 0 and keys[i - 1] == "the" and i + 1 < doc.n \
                and doc.cap[i + 1] and doc.simple_gap(i + 1):
            _periodical(doc, state, i + 1)
        elif doc.cap[i] and (k == "bank" and i + 1 < doc.n and doc.cap[i + 1] and doc.simple_gap(i + 1)
                             or len(k) > 6 and k.endswith("bank") and not lex.is_allowed(k)):
            _bank(doc, state, i)
        elif k in _SETTLEMENTS and not doc.cap[i]:
            _settlement(doc, state, i)
            if not state.taken[i] and i + 1 < doc.n and not state.taken[i + 1]:
                _settlement_named_after(doc, state, i)
        elif k in _DISTRICT_KINDS and i >= 3 and doc.gap(i - 1).strip() == "," and "\n" not in doc.gap(i - 1) \
                and doc.cap[i - 1] and not state.taken[i - 1] and state.taken[i - 2] and doc.simple_gap(i):
            state.emit(i - 1, i, _DISTRICT_KINDS[k], 0.75)  # "the village of Slovyansk, Yizhakevichskiy district"
        elif k in _ROADS and not doc.cap[i] and i > 0 and doc.cap[i - 1] and doc.simple_gap(i):
            _road_ends(doc, state, i)
    _of_country(doc, state)


class _EndsWithBank:
    """Keys of fused bank names ("sberbank"): a container the key index asks about each distinct key."""

    def __contains__(self, k: object) -> bool:
        return isinstance(k, str) and len(k) > 6 and k.endswith("bank")


def _triggers(doc: Tokens) -> list[int]:
    """The tokens the pass acts at, in order, from the key index: its cue words, and the three tokens before
    a kind of police, prison or prosecutor (where the town before the kind starts)."""
    at = set(doc.positions(_TRIGGER_KEYS))
    if doc.may_hold("bank"):
        at.update(doc.positions(_ENDS_WITH_BANK))
    for t in doc.positions(_KIND_FIRST):
        at.update(range(max(0, t - 3), t))
    return sorted(at)


def _road_ends(doc: Tokens, state: PassState, i: int) -> None:
    """"the Malatya-Erzurum road", "the Gabrovo-Stara Zagora road": two towns joined by a hyphen, each a place
    the lists know or a word no list knows, at least one of them known."""
    a = i - 1
    while a - 1 >= 0 and i - a < 4 and doc.cap[a - 1] and doc.simple_gap(a) and not state.taken[a - 1] \
            and doc.keys[a - 1] not in NAME_STOP:
        a -= 1
    joined = " ".join(doc.keys[a:i])
    parts = [p.strip() for p in joined.split("-")]
    lex = doc.lex
    if len(parts) != 2 or not all(parts) or not state.free(a, i):
        return
    known = [lex.is_place_word(p) for p in parts]
    if any(known) and all(k or not lex.is_allowed(p) for k, p in zip(known, parts)):
        state.emit(a, i, CITY, 0.75)


def _country_in_caps(doc: Tokens, state: PassState, i: int) -> None:
    """"v. GREECE", "v. THE UNITED KINGDOM", "AGAINST TURKEY", "against France": the respondent State."""
    a = i + 1 if doc.keys[i] == "the" else i
    upper = doc.is_upper(a) if a < doc.n else False
    for n in (4, 3, 2, 1):
        b = a + n
        if b > doc.n or not all(doc.cap[t] and (doc.is_upper(t) == upper or len(doc.words[t]) == 1)
                                for t in range(a, b)) \
                or not all(doc.simple_gap(t) for t in range(a + 1, b)) or not state.free(a, b):
            continue
        phrase = " ".join(doc.keys[a:b])
        if phrase in doc.lex.countries or "the " + phrase in doc.lex.countries or (upper and phrase == "turkey"):
            state.emit(a, b, COUNTRY, 0.85)
            return


def _town_after_cue(doc: Tokens, state: PassState, i: int) -> None:
    """"practising in Patras", "towards Şırnak", "lives in Uzhgorod": up to three capitalised words."""
    t = i + 1
    if doc.keys[i] in _TOWN_IN and doc.keys[i + 1] == "in" and not doc.cap[i + 1]:
        t = i + 2
    if doc.keys[i] in ("practising", "practicing") and t == i + 1:
        return  # "practising law"
    if t >= doc.n or not doc.cap[t] or not doc.simple_gap(t) or doc.is_upper(t):
        return
    lex = doc.lex
    if t + 1 < doc.n and doc.keys[t + 1] in _TYPED_PRISON:
        _town_and_kind(doc, state, t)  # "detained in Tekirdağ F-type prison": the prison, not the town alone
        return
    b = t
    while b < doc.n and b - t < 3 and doc.cap[b] and (b == t or doc.simple_gap(b)) and not state.taken[b] \
            and doc.keys[b] not in NAME_STOP and (lex.is_place_word(doc.keys[b]) or not lex.is_allowed(doc.keys[b])):
        b += 1
    if b == t or not state.free(t, b) or (b < doc.n and doc.cap[b] and doc.simple_gap(b)):
        return
    if doc.keys[i] in _TOWN_IN and doc.keys[i] not in ("practising", "practicing") \
            and any(lex.is_place_word(doc.keys[u]) for u in range(t, b)):
        return  # "lives in Boston": a known place is the places pass's; the cue vouches for an unknown word
    state.emit(t, b, CITY, 0.75)


def _country_after_of(doc: Tokens, state: PassState, t: int) -> None:
    """"a citizen of Mexico", "a national of the United Kingdom": a country or place the lists know."""
    if doc.keys[t] == "the" and t + 1 < doc.n:
        t += 1
    for n in (3, 2, 1):
        b = t + n
        if b <= doc.n and all(doc.cap[u] for u in range(t, b)) and all(doc.simple_gap(u) for u in range(t, b)) \
                and state.free(t, b):
            phrase = " ".join(doc.keys[t:b])
            if phrase in doc.lex.countries or "the " + phrase in doc.lex.countries:
                state.emit(t, b, COUNTRY, 0.8)
                return


def _periodical(doc: Tokens, state: PassState, t: int) -> None:
    """"the weekly Grivas Express", "the daily Novaya Gazeta": a title of two words or more, or one ending in a
    word of press titles, after "the weekly" (one unknown word alone may be a drug: "the daily Lasix")."""
    b = t
    while b < doc.n and b - t < 4 and doc.cap[b] and (b == t or doc.simple_gap(b)) and not state.taken[b] \
            and doc.keys[b] not in NAME_STOP and not doc.is_upper(b):
        b += 1
    if b - t >= 2 and (doc.keys[b - 1] in _PRESS_HEADS or not doc.lex.is_allowed(doc.keys[t])):
        state.emit(t, b, ORGANIZATION, 0.75)


def _bank(doc: Tokens, state: PassState, i: int) -> None:
    """"Bank Pekao", "Bank Martinez" (a name after "Bank", no street word after it), "Sberbank", "Vakıfbank"."""
    if doc.keys[i] != "bank":
        if state.free(i, i + 1):
            state.emit(i, i + 1, ORGANIZATION, 0.75)
        return
    b = i + 1
    while b < doc.n and b - i < 3 and doc.cap[b] and doc.simple_gap(b) and not state.taken[b] \
            and doc.keys[b] not in NAME_STOP and not doc.is_upper(b):
        b += 1
    if b > i + 1 and doc.keys[b - 1] not in _STREET_WORDS and state.free(i, b) and not doc.sentence_initial(i):
        state.emit(i, b, ORGANIZATION, 0.75)


_STREET_WORDS = frozenset("street st road rd avenue ave lane drive way place square".split())


def _numbered(doc: Tokens, state: PassState, i: int) -> None:
    """"Prison no. 7", "Lviv Correctional Colony no. 7", "Police Station no. 1": the head, the capitalised
    run before it, "no." and the number."""
    j = i + 1
    if j >= doc.n or doc.keys[j] != "no" or not doc.simple_gap(j):
        return
    m = _NUMBER_AFTER.match(doc.text, doc.ends[j])
    if m is None or not m.group().lstrip(" \t").startswith("."):
        return
    a = i
    while a - 1 >= 0 and doc.cap[a - 1] and doc.simple_gap(a) and not state.taken[a - 1] \
            and doc.keys[a - 1] not in NAME_STOP and not doc.sentence_initial(a - 1):
        a -= 1
    if not state.free(a, j + 1):
        return
    state.emit_chars(doc.starts[a], m.end(), a, j + 1, ORGANIZATION, 0.8)


def _place_after(doc: Tokens, state: PassState, i: int, t: int, glued: bool = False) -> None:
    """"Police Station Chandigarh", "P.S. Ranchi": a head and the listed town after it."""
    if t >= doc.n or not doc.cap[t] or not (glued or doc.simple_gap(t)) or state.taken[t]:
        return
    b = t + 1
    if b < doc.n and doc.cap[b] and doc.simple_gap(b) and doc.lex.is_place_word(" ".join(doc.keys[t:b + 1])):
        b += 1
    if doc.lex.is_place_word(" ".join(doc.keys[t:b])) and state.free(i, b):
        state.emit(i, b, ORGANIZATION, 0.8)


def _town_and_kind(doc: Tokens, state: PassState, i: int) -> None:
    """"the Volos police station", "the Nizhniy Novgorod police station", "the Iaşi police station no. 3":
    the town (up to three words) after "the"; "in Tekirdağ F-type prison" after any word."""
    if i == 0 or doc.cap[i - 1] and doc.keys[i - 1] != "the":
        return
    e = i + 1  # the town's end: the longest place the lists hold from token i
    for n in (3, 2):
        if i + n <= doc.n and all(doc.cap[t] and doc.simple_gap(t) for t in range(i + 1, i + n)) \
                and doc.lex.is_place_word(" ".join(doc.keys[i : i + n])):
            e = i + n
            break
    if e >= doc.n or not doc.simple_gap(e):
        return
    if doc.keys[i - 1] != "the" and doc.keys[e] not in _TYPED_PRISON:
        return
    for kind in _LOWER_KINDS:
        b = e + len(kind)
        upper_ok = kind[0] in _TYPED_PRISON or len(kind) == 1 and doc.is_upper(e)  # "F-type", "ROVD", "SIZO"
        if b <= doc.n and tuple(doc.keys[e:b]) == kind and not any(doc.cap[e + upper_ok : b]) \
                and all(doc.simple_gap(t) for t in range(e, b)) and state.free(i, b):
            m = _NUMBER_AFTER.match(doc.text, doc.ends[b]) if b + 1 <= doc.n and b < doc.n \
                and doc.keys[b] == "no" and doc.simple_gap(b) else None
            if m is not None and doc.text[doc.ends[b]:m.end()].lstrip(" \t").startswith("."):
                state.emit_chars(doc.starts[i], m.end(), i, b + 1, ORGANIZATION, 0.8)
            else:
                state.emit(i, b, ORGANIZATION, 0.8)
            return


def _settlement_named_after(doc: Tokens, state: PassState, i: int) -> None:
    """"surrounded village of Otamanivka" (no article), "in village Bongaigaon": the name after the kind word."""
    t = i + 1
    if doc.keys[t] == "of" and t + 1 < doc.n and not doc.cap[t] and doc.simple_gap(t + 1):
        t += 1
    elif doc.keys[i - 1] not in ("in", "at", "from", "of", "to", "near") if i > 0 else True:
        return
    if not doc.cap[t] or state.taken[t] or not doc.simple_gap(t) or doc.keys[t] in NAME_STOP or doc.is_upper(t):
        return
    lex = doc.lex
    if lex.is_allowed(doc.keys[t]) and not lex.is_place_word(doc.keys[t]):
        return  # "village of Hope"
    state.emit(t, t + 1, CITY, 0.75)


def _settlement(doc: Tokens, state: PassState, i: int) -> None:
    """"the Yeşilköy village", "in Boğazköy village", and a district after it (", Şemdinli district")."""
    a = i
    while a - 1 >= 0 and i - a < 2 and doc.cap[a - 1] and doc.simple_gap(a) and not state.taken[a - 1] \
            and doc.keys[a - 1] not in NAME_STOP and not doc.is_upper(a - 1):
        a -= 1
    if a == i or a == 0 or doc.cap[a - 1] \
            or doc.sentence_initial(a):
        return
    lex = doc.lex
    if not all(lex.is_place_word(doc.keys[t]) or not lex.is_allowed(doc.keys[t]) and not
               doc.keys[t].endswith(_ADJECTIVE_ENDINGS) for t in range(a, i)):
        return  # "the Olympic village", "the global village": an adjective or a word of the language
    state.emit(a, i, CITY, 0.75)
    t = i + 1  # ", Şemdinli district"
    if t + 1 < doc.n and doc.gap(t).strip() == "," and "\n" not in doc.gap(t) and doc.cap[t] \
            and not state.taken[t] and doc.keys[t] not in NAME_STOP and doc.simple_gap(t + 1) \
            and doc.keys[t + 1] in _DISTRICT_KINDS and not doc.cap[t + 1]:
        state.emit(t, t + 1, _DISTRICT_KINDS[doc.keys[t + 1]], 0.75)


_KIND_FIRST = frozenset(kind[0] for kind in _LOWER_KINDS)
_ENDS_WITH_BANK = _EndsWithBank()


def _agency_key(word: str) -> str:
    from .wordlists import norm

    return norm(word)


_TRIGGER_KEYS = (
    frozenset(_agency_key(w) for w in _AGENCIES) | frozenset(_DISTRICT_KINDS) | _VERSUS | _TOWN_CUES | _NUMBERED_HEADS | _CITIZEN | _TOWN_IN
    | _PERIODICALS | _SETTLEMENTS | _ROADS | frozenset(r.split()[0] for r in _REGIONS) | {"police", "p", "bank"}
)


def _of_country(doc: Tokens, state: PassState) -> None:
    """"the Security Service of Ukraine", "the Reserve Bank of India": a capitalised run ending in a head of
    public bodies, "of" and a country the lists hold."""
    countries = doc.lex.countries
    for j in [t + 1 for t in doc.positions({"of"}) if 2 <= t + 1 < doc.n]:
        if doc.keys[j - 1] != "of" or not doc.cap[j] or state.taken[j] or doc.keys[j - 2] not in _OF_COUNTRY_HEADS:
            continue
        b = j + 1
        while b < doc.n and b - j < 3 and doc.cap[b] and doc.simple_gap(b):
            b += 1
        while b > j and " ".join(doc.keys[j:b]) not in countries:
            b -= 1
        if b == j or not doc.cap[j - 2] or not doc.simple_gap(j - 1) or not doc.simple_gap(j):
            continue
        a = j - 2
        while a - 1 >= 0 and doc.cap[a - 1] and doc.simple_gap(a) and not state.taken[a - 1] \
                and doc.keys[a - 1] not in NAME_STOP and not doc.sentence_initial(a - 1):
            a -= 1
        if a == j - 2 and doc.keys[a] not in ("ombudsman", "parliament", "government", "treasury"):
            continue  # "Court of Ukraine" alone is the legal-bodies pass's; a one-word head needs a name
        if state.free(a, b):
            state.emit(a, b, ORGANIZATION, 0.8)


#: First words of a public body's name ("the Social Security Institution", "the Central Bureau of Investigation").
_PUBLIC_FIRST = frozenset(
    "national central state federal social supreme public general higher high chief regional municipal special "
    "independent constitutional military financial tax customs border migration immigration enforcement "
    "investigative residential employment consultative electoral anti-corruption anticorruption".split()
)
#: Their heads.
_PUBLIC_HEADS = frozenset(
    "commission institute institution bureau directorate board agency authority inspectorate committee "
    "assembly tribunal".split()
)
_INNER_WORDS = frozenset({"of", "for", "on", "and", "the"})


def _cap_run(doc: Tokens, state: PassState, a: int, limit: int = 8) -> int:
    """End of the capitalised run from token a on one line, lower-case "of", "for", "on", "and", "the" inside it
    when a capital follows."""
    b = a
    while b < doc.n and b - a < limit and (b == a or doc.simple_gap(b) or doc.gap(b) in ("' ", "’ ")) \
            and not state.taken[b]:
        if doc.cap[b] and doc.keys[b] not in NAME_STOP - _INNER_WORDS and not doc.is_upper(b):
            b += 1
        elif doc.keys[b] in _INNER_WORDS and not doc.cap[b] and b + 1 < doc.n and doc.simple_gap(b + 1) \
                and (doc.cap[b + 1] or doc.keys[b + 1] == "the" and doc.keys[b] != "and") \
                and (doc.keys[b] != "the" or doc.keys[b - 1] in ("of", "for", "on")):
            b += 1
        else:
            break
    while b > a and not doc.cap[b - 1]:
        b -= 1
    return b


def pass_public_bodies(doc: Tokens, state: PassState) -> None:
    """"the Social Security Institution", "the National Consultative Commission on Human Rights", "the Enforcement
    Directorate": after a lower-case "the", a capitalised run that opens with a word of public bodies and holds
    one of their heads, with what follows the head ("on Human Rights", "of Investigation")."""
    for i in doc.positions(_PUBLIC_FIRST):
        if i == 0 or doc.keys[i - 1] != "the" or doc.is_upper(i - 1) or not doc.cap[i] or state.taken[i] \
                or doc.keys[i] not in _PUBLIC_FIRST or not doc.simple_gap(i):
            continue
        b = _cap_run(doc, state, i)
        heads = [t for t in range(i + 1, b) if doc.keys[t] in _PUBLIC_HEADS and doc.cap[t]]
        if not heads or not state.free(i, b):
            continue
        state.emit(i, b, ORGANIZATION, 0.8)


#: Words of a group's name that make a run with a matching acronym after it an organisation.
_GROUP_HEADS = frozenset(
    "party movement alliance union association front bloc coalition congress league federation confederation "
    "foundation organisation organization society committee council centre center forum network".split()
)
_ACRONYM = re.compile(r"[ \t]?\((?P<a>[A-ZÀ-ÖØ-ÞĀ-Ž]{2,8})\)")


def _initials(doc: Tokens, a: int, b: int, connectors: bool) -> str:
    from .wordlists import norm

    return "".join(norm(doc.words[t])[0] for t in range(a, b) if doc.cap[t] or connectors).upper()


def pass_group_acronyms(doc: Tokens, state: PassState) -> None:
    """"the Movement for Rights (MFR)", "the Citizens' Alliance (CA)": a capitalised run holding a word of groups
    whose initials spell the bracketed acronym after it, and the acronym's later mentions."""
    if "(" not in doc.text:
        return
    from .wordlists import norm

    found: set[str] = set()
    for m in _ACRONYM.finditer(doc.text):
        from bisect import bisect_right

        j = bisect_right(doc.ends, m.start())  # tokens before the bracket end at j
        if j == 0 or doc.ends[j - 1] not in (m.start(), m.start() - 1) or not doc.cap[j - 1]:
            continue
        acronym = norm(m.group("a")).upper()
        free = PassState(doc)  # the run as if nothing were taken: another pass may have tagged the name
        for a in range(max(0, j - 7), j):
            if not doc.cap[a] or doc.keys[a] in NAME_STOP or _cap_run(doc, free, a) < j:
                continue
            if not any(doc.keys[t] in _GROUP_HEADS for t in range(a, j)):
                break
            if acronym in (_initials(doc, a, j, False), _initials(doc, a, j, True)):
                if state.free(a, j):
                    state.emit(a, j, ORGANIZATION, 0.8)
                elif any(f.label not in (ORGANIZATION, HOSPITAL) and f.first < j and f.end > a for f in state.found):
                    break  # a person or a place: no group
                found.add(m.group("a"))
            break
    if found:
        for i in doc.caps:
            if doc.words[i] in found and not state.taken[i]:
                state.emit(i, i + 1, ORGANIZATION, 0.8)
