"""Names as texts write them: a possessive without its apostrophe ("Carols temp"), "it's Nina Walsh here".

Texts and app messages drop the apostrophe: "Helenas temp", "florences inhaler". The token is then no
listed name ("Carols" is even a word), so no other pass takes it. It is a name when the word less its
"s" is a listed given name and the next word is one a parent writes about a child's care (a temperature,
a rash, medicine, an appointment, results): "Carols temp", never "Carols sung" or "Doctors appointment"
(no given name "Doctor").

A writer names themself as "it's <name> here" ("It's Benjamin De here, DOB ...", "its mary here"): one to three
words between "it's" and "here", each a listed name or a word no list allows (a particle may stand between),
never "it's cold here", "it's all here", "it's Mum here".
"""

from __future__ import annotations

from ...text import ENGLISH_STOPWORDS
from .cues import CALENDAR, KIN_NOT_PLACES, NAME_STOP, NOT_NAMES, PARTICLES, RELATIONS, TITLES
from .labels import PATIENT
from .state import PassState
from .tokens import Tokens

#: What a parent or carer writes about in someone's possession: symptoms, readings, medicine, visits.
CARE_NOUNS = frozenset("""temp temps temperature fever cough rash meds medication medicine medicines inhaler
appointment appt results bloods blood sugar sugars bp ear ears eye eyes throat tummy stomach chest leg legs arm
arms head nappy nappies weight dose prescription script breathing asthma eczema sats oxygen vaccine vaccines
jab jabs vaccination cast stitches wound knee ankle wrist foot feet back teeth tooth glucose insulin""".split())
#: What a bill, a claim or a referral is for: "my claim number is ... for Rodel Villanueva's physio".
_SERVICE_NOUNS = CARE_NOUNS | frozenset("""physio physiotherapy therapy surgery treatment operation claim bill invoice
referral scan xray x-ray mri letter records notes visit care""".split())


def pass_texted_possessives(doc: Tokens, state: PassState) -> None:
    """'Carols temp', 'helenas rash': a given name and a possessive "s" without the apostrophe, before a care word."""
    lex = doc.lex
    for t in range(doc.n - 1):
        k = doc.keys[t]
        if state.taken[t] or len(k) < 4 or not k.endswith("s") or not k.isalpha() or doc.is_upper(t):
            continue
        base = k[:-1]
        if base not in lex.first or base in NAME_STOP or base in TITLES or base in CALENDAR or base in NOT_NAMES \
                or base in RELATIONS or k in RELATIONS:
            continue
        if not doc.simple_gap(t + 1) or doc.keys[t + 1] not in CARE_NOUNS:
            continue
        if base not in lex.first_common or k in ENGLISH_STOPWORDS:
            continue  # a common given name only: "this chest", "tumor comes back" ("thi", "come" are listed)
        if not doc.cap[t] and not doc.text.islower():
            continue  # in a mixed-case text a name is capitalised
        state.emit(t, t + 1, PATIENT, 0.75)


def _name_word(doc: Tokens, t: int) -> bool:
    """Token t may be part of a writer's name: a listed name or an unlisted word, no stop word, title or kin."""
    k, lex = doc.keys[t], doc.lex
    if len(k) < 2 or not k.replace("-", "").replace("'", "").isalpha() or k in ENGLISH_STOPWORDS:
        return False
    if k in NAME_STOP or k in TITLES or k in CALENDAR or k in NOT_NAMES or k in KIN_NOT_PLACES:
        return False
    return lex.is_name_word(k) or not lex.is_allowed(k) and not lex.is_place_word(k)


def pass_its_name_here(doc: Tokens, state: PassState) -> None:
    """'It's Benjamin De here, DOB ...', "its mary here": the writer's name between "it's" and "here"."""
    for t in range(doc.n - 2):
        if doc.keys[t] not in ("it", "its") or doc.words[t].lower() not in ("it's", "it’s", "its"):
            continue
        for size in (1, 2, 3):
            h = t + 1 + size
            if h >= doc.n or doc.keys[h] != "here" or not all(doc.simple_gap(u) for u in range(t + 1, h + 1)):
                continue
            after = doc.gap(h + 1).strip()[:1] if h + 1 < doc.n else ""
            if after not in ("", ",", ".", "-", "–", "!", ":", ";"):
                continue  # "it's John here who ...": read on only when "here" closes the phrase
            toks = range(t + 1, h)
            last_ok = _name_word(doc, h - 1) or size > 1 and doc.keys[h - 1] in PARTICLES and doc.is_title_case(h - 1)
            if any(state.taken[u] for u in toks) or not _name_word(doc, t + 1) or not last_ok:
                continue  # "Benjamin De": a capitalised particle may be the surname
            if not all(_name_word(doc, u) or doc.keys[u] in PARTICLES for u in toks):
                continue
            if not any(doc.lex.is_name_word(doc.keys[u]) for u in toks) and size == 1 and doc.lex.is_allowed(doc.keys[t + 1]):
                continue
            state.emit(t + 1, h, PATIENT, 0.8)
            break


def pass_possessed_full_names(doc: Tokens, state: PassState) -> None:
    """"for Rodel Villanueva's physio", "natasza nabiałek's physio": a listed given name and a surname in the
    possessive before what a claim, a bill or a referral is for."""
    lex = doc.lex
    lower_text = doc.text.islower()
    for t in range(doc.n - 2):
        if state.taken[t] or state.taken[t + 1] or not (doc.simple_gap(t + 1) and doc.simple_gap(t + 2)):
            continue
        if not doc.words[t + 1].lower().endswith(("'s", "’s")) or doc.keys[t + 2] not in _SERVICE_NOUNS:
            continue
        if not (lower_text or doc.is_title_case(t) and doc.is_title_case(t + 1)):
            continue
        if not _name_word(doc, t) or not _name_word(doc, t + 1):
            continue
        if doc.keys[t] not in lex.first and doc.keys[t + 1] not in lex.last:
            continue  # one of the two on the lists: "Rodel Villanueva" (a listed surname), "natasza nabiałek"
        state.emit(t, t + 2, PATIENT, 0.8)
