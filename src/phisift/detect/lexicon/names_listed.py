"""People from the word lists: "First Last", "Last, First", names in a list, a lone first name.

The weakest name evidence: they run after the cued passes and the places, and the
allowlist (``clinical_allow.txt``) keeps common words out unless a name word vouches.
"""

from __future__ import annotations

import re

from typing import Sequence

from .cues import CALENDAR, CREDENTIAL, CREDENTIAL_WORDS, DETERMINERS, NAME_STOP, NOT_NAMES, PARTICLES, TITLES
from .labels import DOCTOR, NAME_LABELS, PATIENT
from .name_runs import extend_name
from .names_questions import BASE_VERBS
from .places import place_at
from .state import PassState
from .tokens import SPACE_GAPS, Tokens


def pass_name_pairs(doc: Tokens, state: PassState) -> None:
    """'Smith, John A' and 'John Smith' from the word lists alone: a surname and a first name, or a
    first name and more name words; DOCTOR when clinician words stand just before."""
    lex = doc.lex
    first, last = lex.first, lex.last
    for i in doc.caps:
        k = doc.keys[i]
        if (k not in first and k not in last) or state.taken[i] or len(k) < 2:
            continue
        upper = doc.is_upper(i)
        # "Smith, John (A.)" / "SMITH, JOHN A"
        if i + 1 < doc.n and k in lex.last and k not in NAME_STOP and not state.taken[i + 1] \
                and not _list_follows(doc, i + 2):  # NAME_STOP: "Doctor, Liam still has a fever"
            g = doc.gap(i + 1)
            if g in (", ", ",", ",  ") and doc.is_cap(i + 1) and doc.is_upper(i + 1) == upper:
                k2 = doc.keys[i + 1]
                if k2 in lex.first and not (lex.is_allowed(k) and lex.is_allowed(k2)) and len(doc.words[i + 1]) > 1 \
                        and not doc.department_at(i + 1):
                    if not (upper and (lex.is_allowed(k) or lex.is_allowed(k2))):
                        j = i + 2
                        if j < doc.n and doc.is_initial(j) and doc.simple_gap(j):
                            j += 1
                        elif j < doc.n and doc.simple_gap(j) and doc.keys[j] in lex.first and doc.is_upper(j) == upper \
                                and not lex.is_allowed(doc.keys[j]):
                            j += 1
                        if not doc.eponym_after(j):
                            label = DOCTOR if doc.clinician_context(i) else PATIENT
                            state.emit(i, j, label, 0.85)
                            continue
        if k not in lex.first or k in NAME_STOP or doc.glued(i) or doc.after_saint(i):
            continue
        j = extend_name(doc, state, i)
        if j - i < 2:
            continue
        if doc.dose_after(j):
            continue
        toks = [t for t in range(i, j) if not doc.is_initial(t) and doc.keys[t] not in PARTICLES]
        if len(toks) < 2:
            continue
        keys = [doc.keys[t] for t in toks]
        if len(keys) == 2 and keys[0] in _AUXILIARIES and keys[1] in lex.first and doc.sentence_initial(i) \
                and (keys[1] not in lex.last or j < doc.n and doc.simple_gap(j) and doc.keys[j] in BASE_VERBS):
            continue  # "Can Alison go back to school", "Can Adam go": the question's auxiliary, the name, a verb
        allowed = [lex.is_allowed(x) for x in keys]
        if all(allowed) and not _initial_between(doc, toks) and not _word_name_in_slot(doc, toks, j):
            continue
        if doc.eponym_after(j):
            continue
        if keys[0] not in lex.first_common and (allowed[-1] or not lex.is_name_word(keys[-1])):
            continue  # a rare first name needs a real surname ("Dock Hand" is a job)
        last_known = lex.is_name_word(keys[-1])
        if upper:
            # all-caps runs are names only when every word is a name word and none is common
            if any(allowed) or not all(lex.is_name_word(x) and len(x) > 2 for x in keys):
                continue
            p = place_at(doc, state, i)
            if p and p[0] >= j:
                continue  # "SANTA BARBARA"
            if not all(doc.is_upper(t) for t in toks):
                continue
        if last_known:
            score = 0.8
        elif allowed[0]:
            # "Mark Roseby": a common first name that is also a word, then an unknown surname
            if keys[0] not in lex.first_common or doc.sentence_initial(i) or len(toks) != 2:
                continue
            score = 0.65
        else:
            score = 0.7
        label = DOCTOR if doc.clinician_context(i) else PATIENT
        if doc.relation_after(j):
            label, score = PATIENT, 0.9
        state.emit(i, j, label, score)


#: Auxiliaries that open a question and are given names too ("Can", "Will", "May"): before a first
#: name at a sentence's start they ask about that person ("Can Alison go", "Will Grace need").
_AUXILIARIES = frozenset("can will may could would should must might shall does did".split())


#: Lowercase words after which two capitalised common words that are a given name and a surname
#: are a person ("records for Ruby Rice", "login for Grace Bush", "is Will Sharp on call").
_PERSON_SLOT_BEFORE = frozenset("for with from is named called".split())


def _word_name_in_slot(doc: Tokens, toks: Sequence[int], j: int) -> bool:
    """'Need to send records for Summer Lamb.': a given name and a surname that are both common words,
    mid-sentence after a person's slot word, the phrase closed by punctuation; no term, month or eponym."""
    if len(toks) != 2 or toks[1] - toks[0] != 1 or doc.is_upper(toks[0]):
        return False
    i = toks[0]
    lex = doc.lex
    k1, k2 = doc.keys[toks[0]], doc.keys[toks[1]]
    if k1 not in lex.first_common or k2 not in lex.last or k1 in lex.terms or k2 in lex.terms:
        return False
    if k1 in CALENDAR or k2 in CALENDAR or i == 0 or doc.cap[i - 1] or not doc.simple_gap(i):
        return False
    if doc.keys[i - 1] not in _PERSON_SLOT_BEFORE:
        return False
    after = doc.gap(j).lstrip(" \t")
    return (j >= doc.n or after[:1] in ("?", ",", ".", "!", ";", ":", "(", "\n")) and not doc.eponym_after(j)


def _initial_between(doc: Tokens, toks: Sequence[int]) -> bool:
    """'April C. Fowler': first name, a dotted middle initial, surname, all title case."""
    if len(toks) != 2 or toks[1] - toks[0] != 2 or doc.is_upper(toks[0]) or doc.is_upper(toks[1]):
        return False
    m = toks[0] + 1
    return doc.is_initial(m) and doc.gap(m + 1).startswith(".") and doc.keys[toks[0]] in doc.lex.first \
        and doc.lex.is_name_word(doc.keys[toks[1]])


_LIST_WORDS = frozenset({"and", "or", "y", "e"})


def _list_next(doc: Tokens, j: int, step: int) -> int | None:
    """The capitalised token that continues a list from the word at j-step, or None.

    Lists are ", X", ", and X", " and X", " & X" (and the same leftwards).
    """
    link = j if step == 1 else j + 1  # gap between the known word and token j
    if not 0 <= j < doc.n or "\n" in doc.gap(link):
        return None
    g = doc.gap(link).strip()
    if doc.keys[j] in _LIST_WORDS and not doc.is_cap(j):
        if g not in ("", ","):
            return None
        j += step
        if not 0 <= j < doc.n:
            return None
        link = j if step == 1 else j + 1
        if doc.gap(link) not in SPACE_GAPS:
            return None
    elif g not in (",", "&", ";"):
        return None
    return j if doc.is_cap(j) else None


def _list_follows(doc: Tokens, j: int) -> bool:
    """Token j continues a list of capitalised words (", X" or " and X")."""
    return _list_next(doc, j, 1) is not None


_DOTTED_ABBREVIATION = re.compile(r"\.[A-Za-z]{1,3}\.")
_YEAR_AFTER = re.compile(r"[ \t]+\d{4}\b")


def pass_name_lists(doc: Tokens, state: PassState) -> None:
    """'They have 3 children: Malon, Mark and Kaylee': names next to names in a list."""
    lex = doc.lex
    queue = [(i, j, label) for i, j, label, score in state.found if label in NAME_LABELS]
    while queue:
        i, j, label = queue.pop()
        for t0, step in ((j, 1), (i - 1, -1)):
            while True:
                t = _list_next(doc, t0, step)
                if t is None or state.taken[t]:
                    break
                k = doc.keys[t]
                if not doc.is_title_case(t) or len(k) < 2 or k in NAME_STOP or k in CALENDAR or k in TITLES \
                        or k in CREDENTIAL_WORDS or k in NOT_NAMES or CREDENTIAL.fullmatch(doc.words[t]):
                    break  # "Jane Roe, PharmD, who": a credential in the list is no name
                if not (lex.is_name_word(k) or not lex.is_allowed(k)) \
                        or lex.is_place_word(k) and not lex.is_name_word(k):
                    break
                if doc.eponym_after(t + 1) or doc.dose_after(t + 1):
                    break
                if _YEAR_AFTER.match(doc.text, doc.ends[t]):
                    break  # "bell, david, Halloween 2014": a word before a number is a date, not a name
                if _DOTTED_ABBREVIATION.match(doc.text, doc.ends[t]):
                    break  # "Ph.D.", "M.Sc.": the first piece of a dotted credential
                if doc.department_at(t):
                    break  # "Dr. Ward, General Surgery"
                state.emit(t, t + 1, label, 0.75)
                t0 = t + step


def pass_lone_names(doc: Tokens, state: PassState) -> None:
    """A common first name alone ('Jennifer called'), or any first name before a relation
    ('Mary (daughter)'), when nothing around it makes it a term, a device or a date."""
    lex = doc.lex
    first = lex.first
    for i in doc.caps:
        k = doc.keys[i]
        if k not in first or state.taken[i]:
            continue
        w = doc.words[i]
        if w.isupper() or doc.is_upper(i) or len(w) < 3:
            continue  # "TIA's": an acronym in the possessive
        if k in CALENDAR or doc.glued(i) or doc.after_saint(i):
            continue
        if doc.relation_after(i + 1):
            state.emit(i, i + 1, PATIENT, 0.9)
            continue
        if k not in lex.first_common or lex.is_allowed(k) or lex.is_place_word(k):
            continue
        if state.recased:
            continue  # "ELISA", "PERLA", "BLAKE drain": a capital the recasing put back is no evidence alone
        if doc.eponym_after(i + 1) or doc.dose_after(i + 1):
            continue
        if i + 1 < doc.n and doc.simple_gap(i + 1) and doc.is_cap(i + 1) and not state.taken[i + 1]:
            # followed by another capitalised word that the pair pass did not take: a term
            continue
        if i > 0 and doc.simple_gap(i) and doc.is_cap(i - 1) and not doc.sentence_initial(i):
            continue  # inside a capitalised term ("Midas Rex")
        if i > 0 and doc.keys[i - 1] in DETERMINERS and doc.simple_gap(i):
            continue  # "a Kelly vacuum", "the Glenn": a thing, not a person
        if doc.gap(i + 1)[:2].startswith("-") and doc.gap(i + 1)[1:2].isdigit():
            continue  # "Theo-24"
        g = doc.gap(i)
        if "\n" not in g and g.rstrip()[-1:].isdigit():
            continue  # "#24 Blake": a size before a device
        if doc.gap(i + 1).strip() == "&":
            continue  # "Smith & Nephew"
        label = DOCTOR if doc.clinician_context(i) else PATIENT
        state.emit(i, i + 1, label, 0.6)


def pass_lower_slot_names(doc: Tokens, state: PassState) -> None:
    """'the right portal login for sonia gollum?', 'Who is the PCP for art schaefer (V38...)?': a name typed
    in lowercase in a text that is not, after a person's slot word and closed by punctuation; the given
    name is on the lists and no common word, the surname is on the lists or no known word at all."""
    lex = doc.lex
    for i in doc.follow(_PERSON_SLOT_BEFORE):  # the tokens after a slot word: the only ones this pass acts at
        if i >= doc.n - 1 or doc.cap[i - 1] or doc.cap[i] or doc.cap[i + 1]:
            continue
        if state.taken[i] or state.taken[i + 1] or not doc.simple_gap(i) or not doc.simple_gap(i + 1):
            continue
        k1, k2 = doc.keys[i], doc.keys[i + 1]
        if k1 not in lex.first or lex.is_allowed(k1) or lex.is_place_word(k1) or k1 in NAME_STOP:
            continue
        if lex.is_allowed(k2) or k2 in NAME_STOP or len(k2) < 2 or not (k2 in lex.last or _unknown(doc, k2)):
            continue
        if k2 not in lex.last and k2.endswith(_ADJECTIVE_ENDINGS):
            continue  # "is liam contagious?": an unknown adjective, not a surname
        after = doc.gap(i + 2).lstrip(" \t") if i + 2 <= doc.n else ""
        if i + 2 < doc.n and after[:1] not in ("?", ",", ".", "!", ";", ":", "(", "\n"):
            continue
        state.emit(i, i + 2, DOCTOR if doc.clinician_context(i) else PATIENT, 0.7)


#: Endings of unknown words that are adjectives or participles, not surnames ("contagious", "itchy").
_ADJECTIVE_ENDINGS = ("ous", "ive", "able", "ible", "ful", "ing", "ed", "ly", "ish", "less")


def _unknown(doc: Tokens, key: str) -> bool:
    """A word on no list: no name, place, common word or clinical term."""
    lex = doc.lex
    return not (lex.is_name_word(key) or lex.is_place_word(key) or lex.is_allowed(key)) and key.replace("-", "").isalpha()


def pass_surname_lists(doc: Tokens, state: PassState) -> None:
    """'our 3 founders: Novosel, Robinson and Holmes', 'Urías and Mclaughlin were': a list of single
    capitalised words is a list of people when two or more of them are names on the lists that are no
    common word, and none is a month, a clinical term or a place that is no name (a town may share a
    surname, "Robinson", "Warren", but not all of them)."""
    lex = doc.lex
    cursor = 0  # past the last list read
    for i in doc.caps:  # a title-case word is capitalised
        if i < cursor or not doc.is_title_case(i) or state.taken[i]:
            continue
        items = [i]
        t = i
        while True:
            nxt = _list_next(doc, t + 1, 1)
            if nxt is None or state.taken[nxt] or not doc.is_title_case(nxt) or nxt + 1 < doc.n \
                    and doc.simple_gap(nxt + 1) and doc.cap[nxt + 1]:
                break
            items.append(nxt)
            t = nxt
        cursor = t + 1
        if len(items) < 2 or (items[0] > 0 and doc.simple_gap(items[0]) and doc.cap[items[0] - 1]):
            continue
        keys = [doc.keys[u] for u in items]
        if any(lex.is_place_word(k) and not lex.is_name_word(k) or k in CALENDAR or k in lex.terms or k in NAME_STOP
               for k in keys) or all(lex.is_place_word(k) for k in keys):
            continue  # "Eklund, Warren and Bailey" are people (towns of those names too); "Boston, Denver" are not
        if sum(lex.is_name_word(k) and not lex.is_allowed(k) for k in keys) < 2:
            continue
        if doc.eponym_after(items[-1] + 1):
            continue  # "Wilms and Ewing sarcoma"
        for u in items:
            state.emit(u, u + 1, DOCTOR if doc.clinician_context(u) else PATIENT, 0.7)
