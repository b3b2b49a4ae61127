"""Insurers, employers and schools.

Insurers are a closed list (``payers.txt``; ``payers_cued.txt`` for names that are
common words, taken only after an insurance cue). Employers and schools have no list:
they are the specific capitalised run after "works at", "employed by", "Employer:".
"""

from __future__ import annotations

from ...text import ENGLISH_STOPWORDS
from .casing import MIXED, clinical_vocabulary, inflected
from .cues import (
    CALENDAR, CLAUSE_AFTER_AND, INST_GENERIC, NAME_STOP, ORG_CUES, ORG_CUE_LAST, ORG_CUE_MAXLEN, ORG_HEADERS,
    ORG_VALUE_SKIP, ORG_VALUE_STOP, PAYER_CUE_LAST, SPECIALTY_WORDS, TITLES,
)
from .english import zipf
from .institutions import right_run
from .labels import LOCATION_OTHER, ORGANIZATION
from .specific import specific
from .state import PassState
from .tokens import Tokens


def _payer_at(doc: Tokens, state: PassState, i: int, cued: bool) -> int | None:
    """End of the longest insurer name at token i: capitalised anywhere, any case after a cue."""
    lex = doc.lex

    def hit(phrase: str) -> bool | None:
        return True if phrase in lex.payers or (cued and phrase in lex.payers_cued) else None

    def fits(j: int) -> bool:
        return cued or bool(doc.cap[j]) or doc.keys[j] in ("and", "of")

    def joins(j: int) -> bool:
        return not state.taken[j] and doc.simple_gap(j) and fits(j)

    if not fits(i):
        return None
    found = doc.longest_phrase(i, lex.payer_starts, hit, joins)
    return None if found is None else found[0]


def _insurance_cue_before(doc: Tokens, i: int) -> bool:
    """'Insurance: ', 'insurer - ', 'Plan: ', 'insured by ', 'covered by ' right before token i."""
    if i == 0 or "\n" in doc.gap(i):
        return False
    k = doc.keys[i - 1]
    g = doc.gap(i).strip()
    if k in ("insurance", "insurer", "payer", "payor", "plan", "carrier", "primary", "secondary", "tertiary", "coverage"):
        return g in (":", "-", ":-")
    if g:
        return False
    phrase = doc.phrase_before(i, ORG_CUES, ORG_CUE_MAXLEN)
    return phrase is not None and phrase[0] in ("insured", "insurance", "coverage", "covered")


def pass_payers(doc: Tokens, state: PassState) -> None:
    """Health insurers: 'Aetna', 'Blue Cross Blue Shield' anywhere; 'insurance: humana'."""
    lex = doc.lex
    if not lex.payer_starts:
        return
    cands = set(doc.caps) | set(doc.after_keys(PAYER_CUE_LAST))
    t_end = -1
    for i in sorted(cands):
        if i < t_end or state.taken[i] or doc.keys[i] not in lex.payer_starts:
            continue
        cued = _insurance_cue_before(doc, i)
        j = _payer_at(doc, state, i, cued)
        if j is None and not cued and doc.cap[i]:
            continue
        if j is None:
            continue
        if not cued and j - i == 1 and doc.is_upper(i) and len(doc.words[i]) < 4 and doc.keys[i] not in ("bcbs", "uhc"):
            continue
        j = _state_after_payer(doc, state, j)
        state.emit(i, j, ORGANIZATION, 0.9)
        t_end = j


def _state_after_payer(doc: Tokens, state: PassState, j: int) -> int:
    """The end of a payer name with the state it serves after "of": 'Blue Cross Blue Shield of Texas',
    'BCBS of New Mexico' (one to three words that make a state)."""
    if j + 1 >= doc.n or doc.keys[j] != "of" or not doc.simple_gap(j) or not doc.simple_gap(j + 1):
        return j
    for k in (3, 2, 1):
        end = j + 1 + k
        if end > doc.n or any(state.taken[t] or not doc.is_cap(t) for t in range(j + 1, end)):
            continue
        if any(t > j + 1 and not doc.simple_gap(t) for t in range(j + 1, end)):
            continue
        if " ".join(doc.keys[j + 1:end]) in doc.lex.states:
            return end
    return j


def org_value(doc: Tokens, state: PassState, i: int, header: bool) -> int:
    """End of an organisation name that starts at token i after a cue or a header."""
    b = right_run(doc, state, i, limit=6, first_gap=False)
    for t in range(i + 1, b):
        g = doc.gap(t)
        if doc.keys[t] in ORG_VALUE_STOP or (header and len(g) > 2 and g.strip() == ""):
            b = t  # "Insurance: Aetna   Member ID: ..."
            break
        if doc.keys[t] == "and" and t + 1 < doc.n and doc.keys[t + 1] in CLAUSE_AFTER_AND:
            b = t  # "a cashier at manado county council and can't lift" (read recased): the next clause
            break
    while b > i and not doc.is_cap(b - 1):
        b -= 1
    # a firm: "Fielding, Andrews and Heenan", "Filbin, Dunne & Nunne"
    if b == i + 1 and not header and b + 1 < doc.n and doc.gap(b) == ", " and doc.is_title_case(b) \
            and not state.taken[b]:
        if doc.keys[b + 1] == "and" and b + 2 < doc.n and doc.simple_gap(b + 1) and doc.simple_gap(b + 2) \
                and doc.is_title_case(b + 2) and not state.taken[b + 2]:
            return b + 3
        if doc.gap(b + 1).strip() == "&" and doc.is_title_case(b + 1) and not state.taken[b + 1]:
            return b + 2
    return b


_NAME_KEY = frozenset({"name"})


def _org_name_header(doc: Tokens, t: int) -> bool:
    """Token t is the "name" of "Employer name", "Company name", "School name": the body's, not a person's."""
    return doc.keys[t] == "name" and t > 0 and doc.simple_gap(t) and doc.keys[t - 1] in ORG_HEADERS


#: First words of the cues of a workplace: "works at", "employed by", "retired from", "job at", "drives for".
_WORK_CUE_FIRST = frozenset(
    "works worked working work employed employee job jobs retired hired position drives drove driving driver".split()
)


#: Last words of a service or an activity, not a firm: "works at Pain Management", "Physical Therapy".
_SERVICE_ENDS = frozenset("management therapy rehabilitation rehab medicine care services service program programs "
                          "counseling capacity goals".split())


def _employer_of_words(doc: Tokens, state: PassState, c: int, i: int, b: int) -> bool:
    """'works at Blue Bottle Coffee', 'employed by Home Depot': a firm named with common words, read from its
    capitals after a workplace cue in a text with its own case: two or more title-case words, none a word
    that says what kind of place it is ("works at General Hospital", "the Department of Public Works")."""
    if b - i < 2 or state.recased or doc.note_case != MIXED or doc.text.isupper() or doc.text.islower():
        return False
    phrase = doc.phrase_before(c, ORG_CUES, ORG_CUE_MAXLEN)
    if phrase is None or phrase[0] not in _WORK_CUE_FIRST:
        return False
    keys = [doc.keys[t] for t in range(i, b) if doc.cap[t]]
    if any(not doc.is_title_case(t) for t in range(i, b) if doc.cap[t]) or len(keys) < 2:
        return False
    if any(k in INST_GENERIC or k in SPECIALTY_WORDS for k in keys) or " ".join(keys) in doc.lex.cities \
            or keys[-1] in _SERVICE_ENDS or b < doc.n and doc.simple_gap(b) and doc.cap[b]:
        return False  # "Pain Management (Clinic)", "Social Services": a service; a run cut short is another pass's
    if b < doc.n and doc.simple_gap(b) and doc.keys[b] not in ENGLISH_STOPWORDS:
        return False  # "works at Target Heart Rate goals": the words name a thing the next word says
    return not any(k in NAME_STOP or k in TITLES or k in doc.lex.terms for k in keys)


_OWNERS = frozenset("my our his her their your".split())
_TRIAL_WORDS = frozenset("trial trials study studies protocol registry cohort".split())


def lower_employer(doc: Tokens, state: PassState, i: int) -> None:
    """The employer after an occupation and "at", or after "employer:", in a note typed in lower case: words up to a function word
    or punctuation, the first of them no word of English or of the notes ("a cashier at kroger", "a stocker at
    costco"; not "a nurse at night", "a teacher at the local school")."""
    k = doc.keys[i]
    if doc.lex.is_allowed(k) or zipf(k) >= 4.0 or k in clinical_vocabulary() or not k.isalpha() or len(k) < 3:
        return  # a brand is rarer in English than "local" (5.4) or "mercy" (4.3): "kroger" 3.0, "walmart" 4.0
    b = i + 1
    while b < doc.n and b - i < 4 and doc.simple_gap(b) and not state.taken[b] and doc.keys[b].isalpha() \
            and doc.keys[b] not in ENGLISH_STOPWORDS and doc.keys[b] not in NAME_STOP:
        b += 1
    if specific(doc, range(i, b)) and not doc.lex.is_place_word(k):
        state.emit(i, b, ORGANIZATION, 0.8)


def workplace_not_place(state: PassState, i: int) -> None:
    """The place found at token i is a workplace: "works at Olive Garden", "a server at Olive Garden" name the
    employer, whose label is ORGANIZATION, though "Garden" made the place pass take it ("at Walden Pond")."""
    for n in range(len(state.found) - 1, -1, -1):
        f = state.found[n]
        if f.first == i:
            if f.label == LOCATION_OTHER:
                state.relabel(n, ORGANIZATION)
            return


def pass_org_cues(doc: Tokens, state: PassState) -> None:
    """'works at Smith Barney', 'employed by Budd Automotors', 'Insurance: Cigna', 'Employer name: Walmart'."""
    for i in sorted(doc.after_keys(ORG_CUE_LAST | _NAME_KEY)):
        c = i
        if doc.words[i] == "the" and i + 1 < doc.n and doc.simple_gap(i) and doc.simple_gap(i + 1):
            i += 1  # "works at the Boston Globe", "enrolled in the Martinez Meals Program"
        if state.taken[i] and doc.simple_gap(i) and c == i:
            phrase = doc.phrase_before(c, ORG_CUES, ORG_CUE_MAXLEN)
            if phrase is not None and phrase[0] in _WORK_CUE_FIRST:
                workplace_not_place(state, i)
        if not state.taken[i] and not doc.cap[i] and c == i and doc.text.islower() and not state.recased \
                and (doc.keys[c - 1] in ORG_HEADERS or _org_name_header(doc, c - 1)) and doc.gap(i).strip() == ":":
            lower_employer(doc, state, i)  # "employer: walmart" in a note typed in lower case
            continue
        if state.taken[i] or not doc.cap[i]:
            continue
        g = doc.gap(i)
        header = c == i and (doc.keys[c - 1] in ORG_HEADERS or _org_name_header(doc, c - 1))
        if header and c >= 2 and doc.keys[c - 2] in _OWNERS and doc.simple_gap(c) and doc.simple_gap(c - 1):
            header = False  # "My employer Walmart wants a letter": a header word owned in a sentence is a cue
        elif header:
            if g.strip() not in (":", "-", ":-") or "\n" in g:
                continue
        elif not doc.simple_gap(i) or doc.phrase_before(c, ORG_CUES, ORG_CUE_MAXLEN) is None:
            continue
        if doc.keys[i] in TITLES or doc.keys[i] in NAME_STOP or doc.keys[i] in ORG_VALUE_SKIP:
            continue
        b = org_value(doc, state, i, header)
        toks = range(i, b)
        if b <= i or not (specific(doc, toks) or _employer_of_words(doc, state, c, i, b)) \
                or any(doc.keys[t] in CALENDAR for t in toks):
            continue
        if b - i == 1 and doc.lex.is_place_word(doc.keys[i]) and not (
            doc.keys[c - 1] in ("by", "for") and doc.keys[i] in doc.lex.last and doc.is_title_case(i)
        ):
            continue  # "works in Boston" is the place pass's; "employed by Dubois" is a firm
        if b - i == 1 and doc.is_upper(i) and inflected(doc.keys[i]) and not doc.lex.is_name_word(doc.keys[i]):
            continue  # "COVERED BY RIMMED FIBROUS TISSUE" in a note in capitals: a verb, not a payer
        if b < doc.n and doc.simple_gap(b) and doc.keys[b] in _TRIAL_WORDS:
            continue  # "enrolled in the ACCORD trial"
        if doc.eponym_after(b):
            continue  # "disabled by Parkinson disease", "covered by Foley catheter": an eponym, no firm
        if b - i == 1 and doc.is_upper(i) and doc.keys[c - 1] == "in":
            continue  # "enrolled in PACE": an acronym of a programme or a trial
        state.emit(i, b, ORGANIZATION, 0.85)
