"""People named by where they stand: the subject of an age or a visit, a name alone on a line.

"Heidemarie is a 53 y/o F", "Szynkiewicz comes in today", a header line "Joshua Short
MRN 05510161", a signature line after "Sincerely,".
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Sequence

from .cues import (
    CALENDAR, CREDENTIAL_WORDS, INST_GENERIC, NAME_STOP, PARTICLES, RELATIONS, SPECIALTY_WORDS, TITLES,
)
from .labels import DOCTOR, PATIENT
from .name_runs import extend_name, lower_initial
from .state import PassState
from .tokens import Tokens

#: What follows the subject of a note's first sentence: an age ("Scott, 50 years of age",
#: "kylie is a 63 yo lady", "Parker (48 yrs)", "masstein (aged 50)") or a visit verb
#: ("Peck comes in today"). The words before it, at a sentence start, are the patient's name.
_AGE_TAIL = re.compile(
    r"\d{1,3}(?:(?:[ \t]*|-)(?:years?|yrs?|yo|y/o|y\.o\.|year-old|yr-old|months?|mo)\b"
    r"(?![ \t]+(?:ago|prior|before|earlier|later|after|since)\b)|[ \t]*\))",
    re.I,
)
#: What stands between the name and the age: ", ", " is a ", " (", " (aged ".
_AGE_LEAD = re.compile(
    r"(?:[ \t]*,[ \t]*(?:an?[ \t]+|aged?[ \t]+)?|[ \t]+(?:is|was)[ \t]+(?:an?[ \t]+)?|[ \t]*\([ \t]*(?:aged?[ \t]+)?)$",
    re.I,
)
_VISIT_TAIL = re.compile(
    r"\b(?:(?:comes|came)[ \t]+in\b|(?:returns|presents)[ \t]+(?:today|for|to|with)\b"
    r"|is[ \t]+here[ \t]+(?:today|for|with)\b|was[ \t]+seen[ \t]+today\b)",
    re.I,
)


def pass_age_subjects(doc: Tokens, state: PassState) -> None:
    """'SCOTT, 50 YEARS OF AGE, HAS', 'Heidemarie is a 53 y/o F', 'Szynkiewicz comes in today'."""
    text = doc.text
    for rx, strong in ((_AGE_TAIL, True), (_VISIT_TAIL, False)):
        for m in rx.finditer(text):
            if strong:
                before = text[max(0, m.start() - 8) : m.start()]
                if m.group().endswith(")") and not re.search(r"aged?[ \t]+$", before, re.I):
                    continue  # "(48)" alone is no age; "(aged 50)" is
                lead = _AGE_LEAD.search(text, max(0, m.start() - 12), m.start())
                if not lead:
                    continue
                pos = lead.start()
            else:
                pos = m.start()
                while pos > 0 and text[pos - 1] in " \t":
                    pos -= 1
                if pos == m.start():
                    continue
            t = bisect_right(doc.ends, pos) - 1
            if t < 0 or doc.ends[t] != pos or state.taken[t]:
                continue
            # walk back over the name to the sentence start: at most three words
            a = t
            while a > t - 3 and not doc.sentence_initial(a):
                p = a - 1
                if state.taken[p] or not (doc.simple_gap(a) or (doc.is_initial(p) and doc.initial_gap(a))):
                    break
                a = p
            if not doc.sentence_initial(a):
                continue
            toks = [u for u in range(a, t + 1) if not doc.is_initial(u) and not lower_initial(doc, u)
                    and doc.keys[u] not in PARTICLES]
            if not toks or not _subject_words_ok(doc, toks, strong):
                continue
            if strong and text[doc.ends[t] : m.start()].lstrip(" \t").startswith(",") \
                    and not all(doc.lex.is_name_word(doc.keys[u]) for u in toks):
                continue  # "Slender, 34-year-old white male": only a known name before a comma
            state.emit(a, t + 1, PATIENT, 0.85 if strong else 0.8)


def _subject_words_ok(doc: Tokens, toks: Sequence[int], strong: bool) -> bool:
    """Can the words ``toks`` at a sentence start be a name? ``strong``: an age follows (not a verb)."""
    lex = doc.lex
    upper = all(doc.is_upper(u) for u in toks)
    lower = all(not doc.cap[u] for u in toks)
    title = all(doc.is_title_case(u) for u in toks)
    if not (upper or lower or title):
        return False
    for u in toks:
        k = doc.keys[u]
        if len(k) < 2 or k in NAME_STOP or k in TITLES or k in RELATIONS or k in CALENDAR \
                or k in CREDENTIAL_WORDS or k in INST_GENERIC or k in SPECIALTY_WORDS:
            return False
        if not k.replace("-", "").replace("'", "").isalpha():
            return False
    keys = [doc.keys[u] for u in toks]
    named = [lex.is_name_word(k) for k in keys]
    allowed = [lex.is_allowed(k) for k in keys]
    if lower:
        # lowercase: a name word that is no English word, or (with an age) an unknown word
        return all((n and not al) or (strong and not al and len(k) > 3)
                   for k, n, al in zip(keys, named, allowed))
    if any(lex.is_place_word(k) and not n for k, n in zip(keys, named)):
        return False
    if len(keys) == 1 and allowed[0]:
        # a common word: only a first name in title case ("Christian comes in today")
        return keys[0] in lex.first_common and title
    if not strong:
        return all(n or not al for n, al in zip(named, allowed)) and any(not al for al in allowed)
    return all(n or not al for n, al in zip(named, allowed))


_ID_AFTER = re.compile(
    r"(?:[ \t]{2,}|[ \t]*\|[ \t]*)(?:MRN|MR\b|MR#|Med\.? ?Rec|DOB|D\.O\.B|#|Unit|Acct|Account|\d)", re.I
)
_CLOSINGS = frozenset(
    "sincerely regards respectfully thanks cordially yours signed best warmly truly".split()
)


def _line_starts(doc: Tokens) -> set[int]:
    """Indices of the tokens that begin a line."""
    text, starts = doc.text, doc.starts
    out = {0}
    p = text.find("\n")
    while p != -1:
        out.add(bisect_right(starts, p))
        p = text.find("\n", p + 1)
    return out


def _name_run_at_line_start(doc: Tokens, state: PassState, i: int) -> int | None:
    """End of a name written at the start of a line: "Smith, John A", "J. Casserly", "Mary Jones"."""
    lex = doc.lex
    k = doc.keys[i]
    if k in NAME_STOP or k in TITLES or k in lex.head_last or k in CALENDAR:
        return None
    if doc.is_initial(i):
        if not (i + 1 < doc.n and doc.initial_gap(i + 1) and doc.cap[i + 1] and len(doc.keys[i + 1]) > 1):
            return None
    elif len(k) < 2 or (lex.is_allowed(k) and not lex.is_name_word(k)):
        return None
    j = extend_name(doc, state, i, strong=True)
    if j - i == 1 and j < doc.n and doc.gap(j).strip() == "," and "\n" not in doc.gap(j) and doc.cap[j] \
            and not state.taken[j] and doc.is_upper(j) == doc.is_upper(i) and not lex.is_allowed(doc.keys[j]) \
            and not doc.department_at(j):
        j = extend_name(doc, state, j, strong=True)  # "TRUTON, LESIA", "GUERRERO,RUTH"
    toks = [t for t in range(i, j) if not doc.is_initial(t) and doc.keys[t] not in PARTICLES]
    if not toks or (j - i < 2):
        return None
    if any(doc.keys[t] in CREDENTIAL_WORDS or doc.keys[t] in lex.head_last for t in toks):
        return None
    if all(lex.is_allowed(doc.keys[t]) for t in toks):
        return None
    if any(doc.is_upper(t) for t in toks) and not all(lex.is_name_word(doc.keys[t]) or not lex.is_allowed(doc.keys[t])
                                                     for t in toks):
        return None
    return j


def _previous_line(doc: Tokens, i: int) -> str:
    """The last non-blank line before token i."""
    before = doc.text[: doc.starts[i]].rstrip()
    return before[before.rfind("\n") + 1 :].strip() if before else ""


def pass_name_lines(doc: Tokens, state: PassState) -> None:
    """Names that stand alone at the start of a line.

    A header line "Joshua Short   MRN 05510161   DOB 3/10/88" names the patient; a line
    holding only a name after "Sincerely," or a rule of underscores, or as the last line
    of the note, is the signature of the clinician who wrote it.
    """
    text = doc.text
    last_line_start = text.rstrip().rfind("\n") + 1
    for i in sorted(_line_starts(doc)):
        if i >= doc.n or state.taken[i] or not doc.cap[i]:
            continue
        j = _name_run_at_line_start(doc, state, i)
        if j is None or not state.free(i, j):
            continue
        end = doc.ends[j - 1] + (1 if doc.is_initial(j - 1) and text.startswith(".", doc.ends[j - 1]) else 0)
        if _ID_AFTER.match(text, end):
            state.emit(i, j, PATIENT, 0.9)
            continue
        line_rest = text[end : text.find("\n", end) if "\n" in text[end:] else len(text)]
        if line_rest.strip():
            continue
        prev = _previous_line(doc, i)
        prev_words = set(re.findall(r"[a-z]+", prev.lower()))
        closing = bool(prev) and (
            set(prev) <= set("_-=*~ ") or (prev.endswith(",") and prev_words & _CLOSINGS)
        )
        if closing or doc.starts[i] >= last_line_start:
            state.emit(i, j, DOCTOR, 0.9)
