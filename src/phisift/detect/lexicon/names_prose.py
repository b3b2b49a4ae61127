"""People in everyday prose and dialogue, where no title, credential or form field names them.

Messages, questions and transcribed conversations name people by what only a person has
or does:

* a possessive before something personal: "here's Gregorina's address", "John's phone number";
* a speech verb before a name that closes the clause: "..., says Vedzizhev.";
* a name addressed at a sentence start: "Vittore, can I please speak to your boss?";
* a speaker's name opening a line of dialogue: 'Kalman: "Who are you?"'.

The word itself must still read as a name: capitalised (or in a text typed in
lowercase, a listed name that is no common word), on the name lists or on no list at all,
never a common or clinical word, a place, a month, a title or a head word ("Foley's
catheter", "Monday's labs", "Boston's hospitals", "Plan: "continue"" stay untouched).
"""

from __future__ import annotations

import re

from .cues import CALENDAR, CREDENTIAL_WORDS, NAME_STOP, NOT_NAMES, RELATIONS, TITLES
from .labels import PATIENT
from .state import PassState
from .tokens import Tokens

#: What a person has: after "X's" these make X a person.
_PERSONAL = frozenset(
    "address addresses phone phones number email e-mail mail birthday wife husband mother father daughter son "
    "sister brother mom dad parents family partner boyfriend girlfriend children child kids account "
    "apartment car office desk cell mobile boss friend friends fiance fiancee".split()
)
#: What a patient has in a question about care: after "X's" these make X a person when X is a given
#: name ("Kevin's blood pressure", "question about Grant's insulin dose"). No body part, sign or
#: disease: those follow eponyms ("Baker's cyst", "Tinel's sign", "Hunter's canal").
_CARE = frozenset(
    "blood bp sugar sugars glucose insulin dose doses dosage meds medication medications medicine medicines "
    "prescription prescriptions pills fever temperature temp cough rash labs lab bloodwork results appointment "
    "appt appointments surgery weight pulse a1c inr symptoms diagnosis pediatrician paediatrician doctor pcp "
    "oncologist cardiologist therapist school teacher daycare vaccine vaccines vaccination vaccinations shots "
    "inhaler chart records referral health treatment therapy infusion chemo dialysis biopsy mri x-ray ct "
    "ultrasound ekg ecg colonoscopy procedure operation recovery allergies allergy seizures headaches migraines "
    "asthma eczema insurance visit checkup check-up".split()
)
#: Speech verbs after which a name closes the clause: "..., says Vedzizhev."
_SPEECH = frozenset("says said asks asked adds added explains explained recalls recalled replied replies "
                    "writes wrote notes insists insisted".split())
#: Words that follow a name addressed at a sentence start: "Vittore, can I ...".
_VOCATIVE_NEXT = frozenset("can could would will please do did are is have thank thanks".split())
_QUOTE_AFTER = re.compile(r"[ \t]*(?:\\?[\"“„«])")


def _name_word(doc: Tokens, t: int) -> bool:
    """Token t reads as a name: on the lists or on none, no common or clinical word, place or month."""
    if t < 0 or t >= doc.n:
        return False
    k = doc.keys[t]
    lex = doc.lex
    if len(k) < 2 or k in NAME_STOP or k in TITLES or k in CALENDAR or k in CREDENTIAL_WORDS or k in NOT_NAMES:
        return False
    if k in lex.head_last or k in lex.terms or lex.is_allowed(k) or not k.replace("-", "").isalpha():
        return False
    if doc.cap[t]:
        if doc.is_upper(t) and not doc.text.isupper():
            return False  # an acronym in a mixed-case text
        return lex.is_name_word(k) or not lex.is_place_word(k)
    return doc.text.islower() and lex.is_name_word(k) and not lex.is_place_word(k)


def _possessives(doc: Tokens, state: PassState) -> None:
    for t in [t for t, w in enumerate(doc.words[:-1]) if w.endswith(("'s", "’s"))]:
        if state.taken[t] or not doc.simple_gap(t + 1):
            continue
        if doc.keys[t + 1] in _PERSONAL and _name_word(doc, t) and not doc.eponym_after(t + 1):
            state.emit(t, t + 1, PATIENT, 0.7)
        elif doc.keys[t + 1] in _CARE and (_name_word(doc, t) or _given_name(doc, t)) \
                and (doc.keys[t + 1] == "fever" or not doc.eponym_after(t + 1)):  # "Lassa fever" has no 's
            state.emit(t, t + 1, PATIENT, 0.7)


def _given_name(doc: Tokens, t: int) -> bool:
    """Token t is a listed given name, in any case where the case says nothing: capitalised even when it
    is also a word ("Grant's insulin dose"), lowercase when common in the name lists and no word
    ("kevin's blood pressure") or when the whole text is typed in lowercase ("rusty's insulin")."""
    k = doc.keys[t]
    lex = doc.lex
    if len(k) < 3 or k not in lex.first or k in NAME_STOP or k in TITLES or k in CALENDAR or k in NOT_NAMES \
            or k in RELATIONS or k in lex.terms or k in lex.head_last:
        return False
    if doc.cap[t]:
        return not (doc.is_upper(t) and not doc.text.isupper())
    return doc.text.islower() or (k in lex.first_common and not lex.is_allowed(k))


def _after_speech(doc: Tokens, state: PassState) -> None:
    for t in doc.follow(_SPEECH):
        if state.taken[t] or not doc.simple_gap(t) or not _name_word(doc, t):
            continue
        j = t + 1
        if j < doc.n and doc.simple_gap(j) and _name_word(doc, j) and doc.cap[j] == doc.cap[t]:
            j += 1  # "says Ana Vizirov."
        if j >= doc.n or doc.gap(j).lstrip(" \t")[:1] in (".", ",", ";", "!", "?", "\n"):
            state.emit(t, j, PATIENT, 0.7)


def _addressed(doc: Tokens, state: PassState) -> None:
    for t in [u - 1 for u in doc.positions(_VOCATIVE_NEXT) if u > 0]:  # the rarest condition first
        if state.taken[t] or not doc.sentence_initial(t) or doc.gap(t + 1) not in (", ", ","):
            continue
        if not _name_word(doc, t):
            continue
        asked = doc.keys[t + 1] == "please" or (t + 2 < doc.n and doc.keys[t + 2] in ("i", "you", "we"))
        if doc.lex.is_name_word(doc.keys[t]) or asked:  # "Vittore, can I ...": a request to someone
            state.emit(t, t + 1, PATIENT, 0.7)


def _speakers(doc: Tokens, state: PassState) -> None:
    text = doc.text
    if '"' not in text and "“" not in text and "„" not in text and "«" not in text:
        return
    for t in doc.line_firsts:
        if state.taken[t] or not (t == 0 or "\n" in doc.gap(t)) or not doc.cap[t]:
            continue
        j = t + 1
        if j < doc.n and doc.simple_gap(j) and doc.cap[j] and _name_word(doc, j):
            j += 1
        end = doc.ends[j - 1]
        if not text.startswith(":", end) or not _QUOTE_AFTER.match(text, end + 1):
            continue
        if all(_name_word(doc, u) for u in range(t, j)):
            state.emit(t, j, PATIENT, 0.7)


def pass_prose_names(doc: Tokens, state: PassState) -> None:
    """People by what only a person has or does in prose and dialogue (see the module docstring)."""
    _possessives(doc, state)
    _after_speech(doc, state)
    _addressed(doc, state)
    _speakers(doc, state)
