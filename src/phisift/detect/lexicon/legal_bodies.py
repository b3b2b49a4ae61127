"""Courts, prosecutors, ministries, police, prisons and governments as court judgments name them (issue 15).

Judgments name the bodies a case went through by their kind and place: "the Diyarbakır
State Security Court", "the Istanbul 2nd Assize Court", "the Kocaeli Chief Public
Prosecutor's Office", "the Diyarbakır Security Directorate", "the Kandıra F-type Prison",
"the Regional Court of Kraków"; and the national bodies by their title alone: "the Court of
Cassation", "the Constitutional Court", "the Supreme Administrative Court", "the Ministry of
the Interior", "the Prosecutor General's Office", "the Government of Ukraine". Clinical notes
hardly ever write these phrases with capitals, so they cost no precision there.

Two lists of head phrases (lookup keys: lower case, accents folded, possessive "'s" dropped):

``NATIONAL``  one body per country: tagged alone, with the capitalised place before it or an
              "of <Place>" after it when there is one ("the Supreme Court of Ukraine");
``KIND``      a kind of body: tagged only with a specific place or name before it ("Kocaeli
              Security Directorate") or after it ("the District Court of Kharkiv"), or an ordinal
              with its place ("Istanbul 2nd Assize Court"). Without one, "the Public Prosecutor"
              is claimed untagged so that no name pass reads "Prosecutor" as a surname.

"Ministry of <Capitalised words>" and "Government of <Place>" / "the <Adjective> Government"
("the Turkish Government", not "the Respondent Government") are organisations too.

Named groups (``pass_named_groups``, after the institution passes): a party, association or
movement given with its acronym ("the People's Democracy Party (HADEP)") and the acronym's
later mentions, "a member of the PKK.", and a title after "newspaper" or "magazine" ("the daily
newspaper Özgür Gündem").

Everything is ``ORGANIZATION``. The pass runs before the name passes: "Ministry of Justice"
and "Lord Justice" must not leave "Justice" to be read as a given name.
"""

from __future__ import annotations

import re

from .cues import NAME_STOP
from .institutions import _left_run
from .labels import ORGANIZATION
from .specific import specific
from .state import PassState
from .tokens import Tokens

#: Bodies of which a country has one: tagged without a place.
NATIONAL = frozenset("""
court of cassation
constitutional court
federal constitutional court
supreme court
federal supreme court
supreme court of justice
supreme administrative court
supreme military administrative court
supreme commercial court
supreme court of cassation
high court
high court of justice
high court of cassation and justice
court of appeal
court of appeals
court of audit
court of auditors
court of session
council of state
constitutional council
federal court
federal court of justice
federal administrative court
federal social court
federal labour court
federal finance court
higher administrative court
employment appeal tribunal
upper tribunal
house of lords
privy council
judicial committee of the privy council
crown prosecution service
prosecutor general office
general prosecutor office
office of the prosecutor general
public prosecutor office
chief public prosecutor office
prosecutor office
high council of judges and prosecutors
supreme council of judges and prosecutors
high council of justice
supreme judicial council
national judicial council
grand national assembly
state duma
sejm
verkhovna rada
milli majlis
saeima
seimas
riigikogu
storting
folketing
riksdag
bundestag
bundesrat
knesset
forensic medicine institute
institute of forensic medicine
council of forensic medicine
national assembly
general staff
first circuit
second circuit
third circuit
fourth circuit
fifth circuit
sixth circuit
seventh circuit
eighth circuit
ninth circuit
tenth circuit
eleventh circuit
federal circuit
human rights association
foreign and commonwealth office
foreign office
federal security service
federal penitentiary service
federal migration service
investigative committee
investigating committee
prosecutor general
""".strip().splitlines())

#: Kinds of body: tagged only with a specific place or name before them or after "of".
KIND = frozenset("""
district court
regional court
city court
county court
circuit court
town court
municipal court
provincial court
assize court
heavy penal court
state security court
criminal court
criminal court of first instance
civil court
civil court of first instance
court of first instance
magistrates court
magistrate court
administrative court
military court
labour court
labor court
commercial court
appeal court
appellate court
juvenile court
family court
crown court
high court
supreme court
court of appeal
court of appeals
regional court of appeal
administrative court of appeal
public prosecutor
chief public prosecutor
prosecutor
regional prosecutor
district prosecutor
city prosecutor
military prosecutor
public prosecutor office
chief public prosecutor office
prosecutor office
regional prosecutor office
district prosecutor office
city prosecutor office
military prosecutor office
security directorate
police headquarters
police department
police directorate
police station
district police department
district police station
district police office
town police department
city police department
city police office
regional police department
district department of the interior
department of the interior
police office
justice of the peace
police
gendarmerie command
gendarmerie regiment
gendarmerie battalion
gendarmerie headquarters
forensic medicine institute
forensic medicine branch
gendarmerie station
gendarmerie
prison
f-type prison
e-type prison
remand prison
closed prison
open prison
detention centre
detention center
pre-trial detention centre
remand centre
correctional colony
penitentiary
bar association
bar
garda station
state attorney office
municipal state attorney office
county state attorney office
sheriff office
sheriff department
county sheriff office
county sheriff department
governor office
governorship
municipality
municipal council
city council
district council
registry office
land registry
governor
district governor
administrative council
provincial administrative council
enforcement office
enforcement court
investigation department
investigations department
investigative committee
investigating committee
""".strip().splitlines())

#: Kinds that need a place or name, never taken alone without one, but also never read as a name:
#: claimed untagged when nothing qualifies them ("the Public Prosecutor", "the Chief Public Prosecutor").
_CLAIM_BARE = frozenset({"public prosecutor", "chief public prosecutor", "prosecutor", "public prosecutor office",
                         "chief public prosecutor office", "prosecutor office", "police headquarters",
                         "security directorate"})

_PHRASES = NATIONAL | KIND
_LONGEST = max(len(p.split()) for p in _PHRASES)
_STARTS = frozenset(p.split()[0] for p in _PHRASES) | {"ministry", "government", "general", "directorate"}
#: Heads followed by "of <Capitalised words>": "Ministry of Justice", "General Directorate of Security".
_OF_HEADS = {("ministry",): 1, ("general", "directorate"): 2, ("directorate", "general"): 2, ("directorate",): 1}
#: Lower-case words a head phrase may carry inside it ("Court of Cassation", "Office of the Prosecutor General").
_INNER = frozenset({"of", "the", "and"})
#: "Istanbul 2nd Assize Court": the ordinal between the place and the head.
_ORDINAL_GAP = re.compile(r"[ \t]+[0-9]{1,2}$")
_ORDINAL = frozenset({"st", "nd", "rd", "th"})
#: "Prague 4 District Court": a district number between the place and the head.
_NUMBER_GAP = re.compile(r"[ \t]+[0-9]{1,2}[ \t]+")
#: "Bratislava I District Court", "Košice II District Court".
_ROMAN = frozenset({"I", "II", "III", "IV", "V", "VI"})
#: Words before "Government" that say which government without naming a country.
_GOVERNMENT_GENERIC = frozenset(
    "the respondent federal local central national regional state interim new previous former provisional "
    "military transitional applicant intervening third-party host".split()
)
#: Endings of nationality adjectives ("Turkish", "Russian", "Maltese", "Czech", "Greek", "Slovak", "Cypriot"):
#: "the Turkish Government" names a state's government, "Adobe Digital Government" a product.
_NATIONALITY_ENDINGS = ("ish", "ian", "ese", "an", "ic", "i", "ch", "ss", "ek", "ak", "in", "ot")
#: Words after "THE COURT" in the operative part of a judgment ("FOR THESE REASONS, THE COURT UNANIMOUSLY").
_OPERATIVE = frozenset({"UNANIMOUSLY", "HOLDS", "DECIDES", "DECLARES", "BY"})
#: Capitalised words after "Ministry of" / "Government of" that end the run ("Ministry of Justice On").
_TAIL_STOP = NAME_STOP - {"of", "and", "the", "for"}


def _phrase_at(doc: Tokens, i: int) -> tuple[int, str] | None:
    """(end token, phrase) of the longest listed head phrase starting at token i: capitalised words,
    lower-case "of"/"the"/"and" inside, on one line; "F-type" is one token."""
    if doc.keys[i] not in _STARTS:
        return None
    best = None
    parts = [doc.keys[i]]
    for j in range(i + 1, min(doc.n, i + _LONGEST) + 1):
        phrase = " ".join(parts)
        if phrase in _PHRASES:
            best = (j, phrase)
        if j >= doc.n or not doc.simple_gap(j) or not (doc.cap[j] or doc.keys[j] in _INNER):
            break
        parts.append(doc.keys[j])
    if best and not doc.cap[best[0] - 1]:
        return None
    return best


def _of_tail(doc: Tokens, state: PassState, j: int, limit: int = 5) -> int:
    """End of "of [the] <Capitalised words>" after token j-1 ("of Kharkiv", "of the Interior",
    "of Foreign Affairs", "for the Third Circuit"), or j when there is none."""
    if j >= doc.n or doc.keys[j] not in ("of", "for") or not doc.simple_gap(j):
        return j
    t = j + 1
    if t < doc.n and doc.keys[t] == "the" and not doc.cap[t] and doc.simple_gap(t):
        t += 1
    end = j
    count = 0
    while t < doc.n and count < limit and doc.simple_gap(t) and not state.taken[t]:
        if doc.cap[t] and doc.keys[t] not in _TAIL_STOP:
            t += 1
            end = t
            count += 1
        elif doc.keys[t] in ("and", "of", "for") and t + 1 < doc.n and doc.cap[t + 1] and doc.simple_gap(t + 1):
            t += 1
        else:
            break
    return end


def _in_place(doc: Tokens, state: PassState, j: int) -> int:
    """End of "in <Place>" or "at <Place>" after a kind of court at token j-1 ("the District Court in Bratislava",
    "the County Court at Central London"), a place the
    lists know or a word no list holds, or j."""
    if j + 1 >= doc.n or doc.keys[j] not in ("in", "at") or doc.cap[j] or not doc.simple_gap(j) \
            or not doc.simple_gap(j + 1):
        return j
    b = j + 1
    while b < doc.n and b - j <= 2 and doc.cap[b] and not state.taken[b] and (b == j + 1 or doc.simple_gap(b)) \
            and doc.keys[b] not in NAME_STOP:
        b += 1
    lex = doc.lex
    if b > j + 1 and all(lex.is_place_word(doc.keys[t]) or not lex.is_allowed(doc.keys[t]) for t in range(j + 1, b)):
        return b
    return j


def _prefix_start(doc: Tokens, state: PassState, i: int) -> int:
    """Start of the specific capitalised run before token i (the place of a body), or i when there is none;
    "Istanbul 2nd Assize Court", "Prague 4 District Court" and "Bratislava I District Court" keep their
    number."""
    head = i
    if i >= 2 and doc.keys[i - 1] in _ORDINAL and not state.taken[i - 1] and doc.simple_gap(i) \
            and _ORDINAL_GAP.search(doc.gap(i - 1)):
        head = i - 1  # "Istanbul 2nd Assize Court": "nd" is a token, its digit in the gap
    elif i >= 2 and doc.words[i - 1] in _ROMAN and doc.simple_gap(i) and not state.taken[i - 1]:
        head = i - 1  # "Bratislava I District Court"
    if head == 0 or state.taken[head - 1] or not doc.cap[head - 1]:
        return i
    numbered = head < i or _NUMBER_GAP.fullmatch(doc.gap(head)) is not None
    if not (doc.simple_gap(head) or numbered):
        return i
    a = _left_run(doc, state, head) if not numbered else _left_run_before_ordinal(doc, state, head)
    if a < head and (specific(doc, range(a, head)) or doc.lex.is_place_word(" ".join(doc.keys[a:head]))):
        return a  # a town the lists hold names the body even when it is a word too ("Bursa State Security Court")
    return i


def _left_run_before_ordinal(doc: Tokens, state: PassState, head: int) -> int:
    """The capitalised run before ``head`` (an ordinal whose gap holds the digits, a Roman numeral, or a head
    after a district number)."""
    a = head
    while a - 1 >= 0 and doc.cap[a - 1] and not state.taken[a - 1] and doc.keys[a - 1] not in NAME_STOP and (
        a == head or doc.simple_gap(a)
    ):
        a -= 1
        if doc.sentence_initial(a):
            break
    return a


def _government(doc: Tokens, state: PassState, i: int) -> tuple[int, int] | None:
    """"the Government of Ukraine", "the Turkish Government": (first, end) tokens, or None."""
    if doc.words[i] != "Government" or doc.is_upper(i):
        return None
    end = _of_tail(doc, state, i + 1, limit=4)
    if end > i + 1:
        return i, end
    t = i - 1
    if t >= 0 and doc.cap[t] and doc.simple_gap(i) and not state.taken[t] and not doc.sentence_initial(t) \
            and doc.keys[t] not in _GOVERNMENT_GENERIC and doc.keys[t] not in NAME_STOP \
            and (doc.keys[t].endswith(_NATIONALITY_ENDINGS) or doc.lex.is_place_word(doc.keys[t])):
        return t, i + 1
    return None


def pass_legal_bodies(doc: Tokens, state: PassState) -> None:
    """Courts, prosecutors' offices, ministries, police, prisons, bar associations and governments."""
    keys = doc.keys
    for i in [i for i in doc.caps if keys[i] in _STARTS]:
        if doc.words[i] == "COURT" and i > 0 and doc.words[i - 1] == "THE":
            end = i + 2 if i + 1 < doc.n and doc.words[i + 1] in _OPERATIVE else i + 1
            for t in range(i - 1, end):
                state.taken[t] = 1  # "FOR THESE REASONS, THE COURT UNANIMOUSLY": the judgment's own court
            continue
        if state.taken[i] or doc.is_upper(i):
            continue
        found = _body_at(doc, state, i)
        if found is None:
            continue
        a, b, tag = found
        if tag:
            state.emit(a, b, ORGANIZATION, 0.85)
        else:
            for t in range(a, b):
                state.taken[t] = 1


def _body_at(doc: Tokens, state: PassState, i: int) -> tuple[int, int, bool] | None:
    """(first, end, tagged) of the body whose head starts at token i, or None."""
    k = doc.keys[i]
    if k == "government":
        span = _government(doc, state, i)
        return (span[0], span[1], True) if span else None
    for head, n in _OF_HEADS.items():
        if tuple(doc.keys[i : i + n]) == head and all(doc.cap[t] and doc.simple_gap(t) for t in range(i + 1, i + n)):
            end = _of_tail(doc, state, i + n)
            if end > i + n:
                return _prefix_start(doc, state, i), end, True
    hit = _phrase_at(doc, i)
    if hit is None:
        return None
    j, phrase = hit
    if not state.free(i, j):
        return None
    a = _prefix_start(doc, state, i)
    b = _of_tail(doc, state, j)
    if b > j and not specific(doc, range(j + 1, b)):
        b = j  # "Court of Appeal of the Republic": no place after it
    if b == j and a == i and phrase in KIND:
        b = _in_place(doc, state, j)  # "the District Court in Bratislava"
    if phrase.endswith("governor") and a == i:
        return None  # "the Governor of Şırnak": an official; the place after it is the places pass's
    if phrase in NATIONAL or a < i or b > j:
        return a, b, True
    if phrase in _CLAIM_BARE:
        return i, j, False
    return None


#: Heads of named associations, parties and movements that judgments give with their acronym:
#: "the People's Democracy Party (HADEP)", "the Human Rights Foundation of Turkey (TİHV)".
_ACRONYM_HEADS = frozenset(
    "party association union foundation front movement organisation organization confederation federation "
    "committee league army".split()
)
#: "(HADEP)", "(TİHV)", "(DEHAP)": an acronym in brackets right after a name.
_BRACKET_ACRONYM = re.compile(r"[ \t]?\([A-ZÇĞİÖŞÜ]{2,8}\)")
#: Words before a title that make it a newspaper or magazine ("the daily newspaper Özgür Gündem").
_PRESS = frozenset({"newspaper", "newspapers", "magazine", "periodical"})
#: "an illegal organisation, the PKK": the acronym in apposition to the kind of group.
_GROUP_WORDS = frozenset({"organisation", "organization", "party", "group", "movement"})
#: After "a member of the": an acronym closing its clause is an organisation ("a member of the PKK.").
_MEMBER_OF = ("member", "of", "the")


def _acronym_body(doc: Tokens, state: PassState, j: int) -> tuple[int, int] | None:
    """"People's Democracy Party (HADEP)": (first, end) of a capitalised run ending in an association head at
    token j-1 with a bracketed acronym after it, or None."""
    if doc.keys[j - 1] not in _ACRONYM_HEADS or not doc.cap[j - 1]:
        return None
    m = _BRACKET_ACRONYM.match(doc.text, doc.ends[j - 1])
    if m is None:
        return None
    a = j - 1
    while a - 1 >= 0 and j - a < 7 and not state.taken[a - 1] and doc.simple_gap(a) and (
        doc.cap[a - 1] or doc.keys[a - 1] in ("of", "for", "and") and a - 2 >= 0 and doc.cap[a - 2]
    ) and doc.keys[a - 1] not in NAME_STOP:
        a -= 1
    return (a, j) if j - a >= 2 else None


def pass_named_groups(doc: Tokens, state: PassState) -> None:
    """Parties, associations and movements with their acronym, the acronym's later mentions, "a member of
    the PKK", and newspapers after "newspaper": the organisations of judgments that have no head word a
    place qualifies."""
    text = doc.text
    acronyms: set[str] = set()
    if "(" in text:
        for j in [t + 1 for t in doc.caps if doc.keys[t] in _ACRONYM_HEADS]:
            hit = _acronym_body(doc, state, j)
            if hit and state.free(*hit):
                state.emit(hit[0], hit[1], ORGANIZATION, 0.85)
                acronyms.add(_BRACKET_ACRONYM.match(text, doc.ends[j - 1]).group().strip(" \t()"))
    keys = doc.keys
    words = doc.words
    upper = [i for i in doc.caps if len(words[i]) <= 8 and doc.is_upper(i)]
    for i in upper:
        if i >= 3 and tuple(keys[i - 3 : i]) == _MEMBER_OF and len(doc.words[i]) <= 6 \
                and text[doc.ends[i] : doc.ends[i] + 1] in (".", ",", ";", ")", "") and not doc.lex.is_allowed(keys[i]):
            acronyms.add(doc.words[i])  # "a member of the PKK."
        elif i >= 2 and keys[i - 1] == "the" and keys[i - 2] in _GROUP_WORDS and doc.gap(i - 1).strip() == "," \
                and doc.simple_gap(i) and text[doc.ends[i] : doc.ends[i] + 1] in (".", ",", ";", ")", "") \
                and not doc.lex.is_allowed(keys[i]):
            acronyms.add(doc.words[i])  # "an illegal organisation, the PKK"
    for i in upper:
        if not state.taken[i] and doc.words[i] in acronyms:
            state.emit(i, i + 1, ORGANIZATION, 0.8)
    for i in [i + 1 for i in doc.positions(_PRESS) if i < doc.n - 1 and not doc.cap[i]]:
        if not doc.cap[i] or state.taken[i] or not doc.simple_gap(i) or doc.is_upper(i):
            continue
        b = i
        while b < doc.n and b - i < 4 and doc.cap[b] and not state.taken[b] and (b == i or doc.simple_gap(b)) \
                and keys[b] not in NAME_STOP:
            b += 1
        if b > i:
            state.emit(i, b, ORGANIZATION, 0.8)
