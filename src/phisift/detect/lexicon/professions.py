"""Occupations: a listed profession after a job cue ("works as a nurse", "Occupation: chef").

Ambiguous occupations ("driver", "manager") need an explicit cue; a workplace after the
occupation ("a cashier at Stop & Shop") is tagged as an organisation.
"""

from __future__ import annotations

import re
from itertools import product

from .cues import NAME_STOP, PROF_CUES, PROF_CUE_LAST, PROF_CUE_MAXLEN, PROF_MODIFIERS, TITLES
from .institutions import ACRONYM_NOT_HOSPITAL
from .labels import ORGANIZATION, PROFESSION
from .organisations import lower_employer, org_value, workplace_not_place
from .specific import specific
from .state import PassState
from .tokens import Tokens


def _profession_at(doc: Tokens, i: int, explicit: bool) -> int | None:
    """End of the longest listed profession at token i (ambiguous ones only when ``explicit``)."""
    lex = doc.lex

    def hit(phrase: str) -> bool | None:
        return True if phrase in lex.professions or (explicit and phrase in lex.professions_ambiguous) else None

    found = doc.longest_phrase(i, lex.prof_starts, hit, doc.simple_gap)
    if found is None:
        return None
    j = found[0]
    if j < doc.n and doc.simple_gap(j) and doc.keys[j] in _JOB_TAILS and doc.keys[j] in lex.professions:
        j += 1  # "crane operator", "forklift driver": a listed word and the job it does
    return j


def _employer_after(doc: Tokens, state: PassState, j: int) -> None:
    """'a cashier at Stop & Shop': the capitalised run after a profession and at/for."""
    if j + 1 >= doc.n or doc.keys[j] not in ("at", "for", "with", "en") or not doc.simple_gap(j):
        return
    i = j + 1
    if doc.words[i] == "the" and i + 1 < doc.n and doc.simple_gap(i + 1):
        i += 1  # "a longshoreman at the Boston Globe"
    if state.taken[i] and doc.simple_gap(i) and doc.keys[j] == "at":
        workplace_not_place(state, i)  # "a server at Olive Garden": the employer, not a place
    if not doc.cap[i] and not state.taken[i] and doc.simple_gap(i) and doc.text.islower() and not state.recased:
        lower_employer(doc, state, i)  # "he is a cashier at kroger." in a note typed in lower case
        return
    if state.taken[i] or not doc.cap[i] or not doc.simple_gap(i) or doc.keys[i] in TITLES:
        return
    b = org_value(doc, state, i, header=False)
    if doc.keys[j] == "with" and any(doc.keys[t] in ACRONYM_NOT_HOSPITAL for t in range(i, b)):
        return  # "a former coal miner with COPD": what the person has, not whom they work for
    if b > i and specific(doc, range(i, b)) and not (b - i == 1 and doc.lex.is_place_word(doc.keys[i])):
        state.emit(i, b, ORGANIZATION, 0.85)


#: Words before an occupation that describe the person, not the job ("a poor historian").
_PROF_BAD_PREFIX = frozenset(
    "poor good great fair reliable unreliable excellent bad limited adequate vague questionable "
    "inconsistent difficult very somewhat not heavy avid active known chronic social occasional "
    "light moderate former retired previous prior current new old young pleasant nice primary attending "
    "consulting covering treating operating first second".split()
)


def _prof_prefix_ok(doc: Tokens, v: int) -> bool:
    """Token v can stand before an occupation inside its name ("pastry", "school bus", "HVAC")."""
    k = doc.keys[v]
    if k in NAME_STOP or k in _PROF_BAD_PREFIX or k in PROF_MODIFIERS or k in TITLES or len(k) < 2:
        return False
    if v > 0 and not doc.simple_gap(v) and doc.gap(v) not in (":", ": "):
        return False
    return doc.cap[v] == 0 or doc.is_upper(v) or k in doc.lex.prof_starts


#: One-word occupations that follow what is worked on or with ("crane operator").
_JOB_TAILS = frozenset(
    "operator driver worker technician mechanic teacher instructor assistant inspector repairer installer "
    "engineer manager clerk cleaner fitter maker builder attendant handler".split()
)


def _slashed(doc: Tokens, state: PassState, i: int, j: int) -> tuple[int, int]:
    """'film/video editor', 'estate manager/land agent', 'geophysicist/field seismologist': a job
    title of two halves joined by a slash, one of them listed; both halves are the occupation."""
    while i > 0 and doc.gap(i) == "/" and not state.taken[i - 1] and doc.words[i - 1].isalpha() \
            and doc.keys[i - 1] not in NAME_STOP:
        i -= 1
    if j < doc.n and doc.gap(j) == "/" and not state.taken[j] and doc.words[j].isalpha():
        j += 1
        while j < doc.n and j < i + 8 and doc.simple_gap(j) and not state.taken[j] and not doc.cap[j] \
                and doc.keys[j] not in NAME_STOP and doc.words[j].isalpha():
            j += 1
    return i, j


def pass_professions(doc: Tokens, state: PassState) -> None:
    """'works as a nurse', 'Occupation: pastry chef', 'is a retired teacher', 'is a 4th grade teacher': a
    listed occupation (with up to two words before it, or an ordinal and one) after a job cue, then the
    employer after it."""
    for i, cue in doc.after_phrases(PROF_CUE_LAST, PROF_CUES, PROF_CUE_MAXLEN):
        if state.taken[i]:
            continue
        explicit = PROF_CUES[cue]
        g = doc.gap(i)
        if _ORDINAL_GAP.fullmatch(g) and doc.keys[i] in _ORDINAL_ENDS:
            _ordinal_grade(doc, state, i, explicit)
            continue
        if "\n" in g or g.strip() not in ("", ":", "-", ":-"):
            continue
        t = i
        skipped = 0
        while t < doc.n and skipped < 3:
            j = _profession_at(doc, t, explicit)
            if j is not None and state.free(t, j):
                t, j = _slashed(doc, state, t, j)
                state.emit(t, j, PROFESSION, 0.9)
                _employer_after(doc, state, j)
                break
            if doc.keys[t] in PROF_MODIFIERS and t + 1 < doc.n and doc.simple_gap(t + 1):
                t += 1
                skipped += 1
                continue
            if t + 1 < doc.n and doc.gap(t + 1) == "/" and doc.words[t].isalpha():
                j = _profession_at(doc, t + 1, True)  # "film/video editor"
                if j is not None and state.free(t, j):
                    state.emit(t, j, PROFESSION, 0.9)
                    break
            j = _through_slashes(doc, state, t, explicit)
            if j is not None:
                state.emit(t, j, PROFESSION, 0.9)
                _employer_after(doc, state, j)
                break
            if doc.keys[t] in _SCHOOL_YEARS and t + 1 < doc.n and _YEAR_NUMBER_GAP.fullmatch(doc.gap(t + 1)):
                j = _profession_at(doc, t + 1, explicit)  # "a Year 6 teacher", "a grade 3 teacher"
                if j is not None and state.free(t, j):
                    state.emit(t, j, PROFESSION, 0.9)
                    _employer_after(doc, state, j)
                    break
            # "a pastry chef", "a HVAC technician", "a high school chemistry teacher": up to three words
            # before a listed occupation
            for u in (t + 1, t + 2, t + 3):
                if u >= doc.n or not all(_prof_prefix_ok(doc, v) for v in range(t, u)) or not doc.simple_gap(u):
                    break
                j = _profession_at(doc, u, explicit)
                if j is not None and state.free(t, j) and (
                    explicit or " ".join(doc.keys[u:j]) not in doc.lex.professions_ambiguous
                ):
                    t, j = _slashed(doc, state, t, j)
                    state.emit(t, j, PROFESSION, 0.9)
                    _employer_after(doc, state, j)
                    break
            else:
                _slash_second_half(doc, state, t)
            break


#: The last word of an age adjective ("45-year-old", "62 year old", "30 yo") and what may stand between it and
#: the occupation ("a 62-year-old retired teacher", "a 30 yo male plumber").
_AGE_ENDS = frozenset({"year-old", "old", "yo", "y/o"})
_AGED_BETWEEN = PROF_MODIFIERS | frozenset("male female man woman gentleman lady white black asian hispanic".split())


def _age_adjective(doc: Tokens, k: int) -> bool:
    """Token k ends an age adjective with its number: '45-year-old', '62 year old', '30 yo'."""
    if doc.keys[k] == "old":
        return k > 0 and doc.keys[k - 1] in ("year", "years") and doc.simple_gap(k) \
            and any(c.isdigit() for c in doc.gap(k - 1))
    return any(c.isdigit() for c in doc.gap(k))


def pass_aged_professions(doc: Tokens, state: PassState) -> None:
    """'a 45-year-old electrician presents', 'is a 62 year old retired teacher': a listed occupation right
    after an age adjective, a slot only a person's description fills, as after a job cue; ambiguous ones
    ("driver", "manager") need a cue and stay out."""
    for t in doc.follow(_AGE_ENDS):
        if not _age_adjective(doc, t - 1):
            continue
        skipped = 0
        while t < doc.n and skipped < 2 and doc.keys[t] in _AGED_BETWEEN and doc.simple_gap(t) \
                and t + 1 < doc.n and doc.simple_gap(t + 1):
            t += 1
            skipped += 1
        if t >= doc.n or not doc.simple_gap(t) or state.taken[t]:
            continue
        j = _profession_at(doc, t, False)
        if j is not None and state.free(t, j):
            t, j = _slashed(doc, state, t, j)
            state.emit(t, j, PROFESSION, 0.9)
            _employer_after(doc, state, j)


#: A school year or grade and its number before a teacher ("a Year 6 teacher", "a grade 3 teacher").
_SCHOOL_YEARS = frozenset({"year", "grade", "yr", "form", "standard", "class"})
_YEAR_NUMBER_GAP = re.compile(r"[ \t]+[0-9]{1,2}[ \t]+")
#: The number of an ordinal before its ending ("4" of "4th grade teacher": the tokens are words of letters).
_ORDINAL_GAP = re.compile(r"[ \t]+[0-9]{1,2}")
_ORDINAL_ENDS = frozenset({"st", "nd", "rd", "th"})


def _ordinal_grade(doc: Tokens, state: PassState, i: int, explicit: bool) -> None:
    """'is a 4th grade teacher', 'works as a 2nd shift supervisor': an ordinal and a word before a listed
    occupation; the span starts at the ordinal's number."""
    for u in (i + 1, i + 2):
        if u >= doc.n or not all(_prof_prefix_ok(doc, v) for v in range(i + 1, u)) or not doc.simple_gap(u):
            return
        j = _profession_at(doc, u, explicit)
        if j is not None and state.free(i, j):
            start = doc.starts[i] - len(doc.gap(i).lstrip(" \t"))
            state.emit_chars(start, doc.ends[j - 1], i, j, PROFESSION, 0.9)
            _employer_after(doc, state, j)
            return


def _through_slashes(doc: Tokens, state: PassState, t: int, explicit: bool) -> int | None:
    """'television/film/video producer', 'emergency planning/management officer': a listed title read
    with one word of each slashed group of words (up to five groups); the end of the longest, or None."""
    groups: list[list[int]] = []
    u = t
    while u < doc.n and len(groups) < 5 and not state.taken[u] and doc.words[u].isalpha() \
            and doc.keys[u] not in NAME_STOP:
        group = [u]
        while u + 1 < doc.n and doc.gap(u + 1) == "/" and doc.words[u + 1].isalpha() and not state.taken[u + 1]:
            u += 1
            group.append(u)
        groups.append(group)
        if u + 1 >= doc.n or not doc.simple_gap(u + 1):
            break
        u += 1
    lex = doc.lex
    best = None
    for n in range(1, len(groups) + 1):
        if all(len(g) == 1 for g in groups[:n]):
            continue  # no slash read: the other steps look for plain titles
        for words in product(*groups[:n]):
            phrase = " ".join(doc.keys[v] for v in words)
            if phrase in lex.professions or (explicit and phrase in lex.professions_ambiguous):
                best = groups[n - 1][-1] + 1
                break
    return best


def _slash_second_half(doc: Tokens, state: PassState, t: int) -> None:
    """'a senior tax professional/tax inspector': a job title whose listed half comes after the slash; the
    words before it (up to four, lower case or listed) belong to the title."""
    for s in range(t, min(doc.n - 1, t + 4)):
        if doc.gap(s + 1) != "/":
            if s > t and not doc.simple_gap(s):
                return
            if not _prof_prefix_ok(doc, s):
                return
            continue
        j = _profession_at(doc, s + 1, True)
        if j is not None and _prof_prefix_ok(doc, s) and state.free(t, j):
            state.emit(t, j, PROFESSION, 0.85)
        return
