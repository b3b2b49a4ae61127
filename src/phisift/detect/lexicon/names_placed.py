"""People named by where they stand: the subject of an age or a visit, a name alone on a line.

"Heidemarie is a 53 y/o F", "Szynkiewicz comes in today", a header line "Joshua Short
MRN 05510161", a signature line after "Sincerely,".
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Sequence

from .cues import (
    CALENDAR, CREDENTIAL_WORDS, INST_GENERIC, NAME_STOP, PARTICLES, RELATIONS, SPECIALTY_WORDS, TITLES,
)
from .labels import DOCTOR, PATIENT
from .name_runs import extend_name, lower_initial
from .state import PassState
from ..rules.base import started_finditer
from .tokens import Tokens

#: What follows the subject of a note's first sentence: an age ("Scott, 50 years of age",
#: "kylie is a 63 yo lady", "Parker (48 yrs)", "masstein (aged 50)") or a visit verb
#: ("Peck comes in today"). The words before it, at a sentence start, are the patient's name.
_AGE_TAIL = re.compile(
    r"\d\d{0,2}(?:(?:[ \t]*|-)(?:years?|yrs?|yo|y/o|y\.o\.|year-old|yr-old|months?|mo)\b"
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
    r"|is[ \t]+here[ \t]+(?:today|for|with)\b|was[ \t]+seen[ \t]+today\b|(?:is|was)[ \t]+accompanied[ \t]+by\b)",
    re.I,
)
#: Where a ``_VISIT_TAIL`` can start, in ``Tokens.lowered``: its verb's first letter after no word character, then
#: the rest of a visit phrase (``started_finditer``: the engine skips to those letters).
_VISIT_START = re.compile(r"[cirpw](?<!\w.)(?:(?<=c)(?:omes|ame)[ \t]+in|(?<=r)eturns[ \t]|(?<=p)resents[ \t]"
                          r"|(?<=i)s[ \t]+(?:here|accompanied)|(?<=w)as[ \t]+(?:seen|accompanied))")
#: A visit with company: only a person is accompanied ("Joy Green was seen today accompanied by her husband"),
#: so the subject may be words that are also common words, or "LAST, FIRST".
_ACCOMPANIED = re.compile(r"(?:[ \t]*,?[ \t]*(?:accompanied|escorted)[ \t]+by\b|(?<=accompanied by))", re.I)


def pass_age_subjects(doc: Tokens, state: PassState) -> None:
    """'SCOTT, 50 YEARS OF AGE, HAS', 'Heidemarie is a 53 y/o F', 'Szynkiewicz comes in today'."""
    text, lowered = doc.text, doc.lowered
    visits = _VISIT_TAIL.finditer(text) if lowered is None else started_finditer(_VISIT_TAIL, _VISIT_START, text,
                                                                                  hay=lowered)
    for found, strong in ((_AGE_TAIL.finditer(text), True), (visits, False)):
        for m in found:
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
            company = not strong and bool(_ACCOMPANIED.match(text, m.end()))
            # walk back over the name to the sentence start: at most three words ("LAST, FIRST" with company)
            a = t
            while a > t - 3 and not doc.sentence_initial(a):
                p = a - 1
                comma = company and a == t and doc.gap(a) in (", ", ",")
                initial = (doc.is_initial(p) or lower_initial(doc, p)) and doc.initial_gap(a)  # "m.j. cook was seen"
                if state.taken[p] or not (doc.simple_gap(a) or comma or initial):
                    break
                a = p
            if not doc.sentence_initial(a):
                continue
            toks = [u for u in range(a, t + 1) if not doc.is_initial(u) and not lower_initial(doc, u)
                    and doc.keys[u] not in PARTICLES]
            initialled = company and doc.is_initial(a) and all(doc.is_title_case(u) for u in toks)
            if not toks or not (initialled and all(doc.keys[u] not in NAME_STOP and doc.keys[u] not in RELATIONS
                                                   for u in toks) or _subject_words_ok(doc, toks, strong or company, company)):
                continue  # "E. Bird was seen today accompanied by": an initial makes any surname a name
            if strong and text[doc.ends[t] : m.start()].lstrip(" \t").startswith(",") \
                    and not all(doc.lex.is_name_word(doc.keys[u]) for u in toks):
                continue  # "Slender, 34-year-old white male": only a known name before a comma
            state.emit(a, t + 1, PATIENT, 0.85 if strong else 0.8)


def _subject_words_ok(doc: Tokens, toks: Sequence[int], strong: bool, company: bool = False) -> bool:
    """Can the words ``toks`` at a sentence start be a name? ``strong``: an age follows (not a verb);
    ``company``: the subject is accompanied by someone, so lowercase name words that are also common
    words ("anita glass") will do."""
    lex = doc.lex
    upper = all(doc.is_upper(u) for u in toks)
    lower = all(not doc.cap[u] for u in toks)
    title = all(doc.is_title_case(u) for u in toks)
    if not (upper or lower or title):
        return False
    # "April Bush was seen today accompanied by", "Honor Rice ...": with company, a given name that is also a
    # month or a word, before a surname from the lists
    paired = company and title and len(toks) == 2 and toks[1] == toks[0] + 1 and lex.is_name_word(doc.keys[toks[1]])
    for u in toks:
        k = doc.keys[u]
        if paired and u == toks[0] and k in CALENDAR:
            continue
        if len(k) < 2 or k in NAME_STOP or k in TITLES or k in RELATIONS or k in CALENDAR \
                or k in CREDENTIAL_WORDS or k in INST_GENERIC or k in SPECIALTY_WORDS:
            return False
        if not k.replace("-", "").replace("'", "").isalpha():
            return False
    keys = [doc.keys[u] for u in toks]
    if paired and keys[0].isalpha() and not lex.is_place_word(keys[0]):
        return True
    named = [lex.is_name_word(k) for k in keys]
    allowed = [lex.is_allowed(k) for k in keys]
    if lower:
        # lowercase: a name word that is no English word, or (with an age) an unknown word
        return all((n and (not al or company)) or (strong and not al and len(k) > 3)
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


def pass_names_over_cc(doc: Tokens, state: PassState) -> None:
    """'Dolian Wade\\ncc: Dr. Burnett': the writer's name on the line above the copies list that closes a note,
    two or three capitalised words that are no common words (a misspelt or rare name needs no list)."""
    text = doc.text
    for m in _CC_LINE.finditer(text):
        above_end = m.start() - 1
        if above_end <= 0:
            continue
        a, b, line = _line_span(doc, text.rfind("\n", 0, above_end) + 1)
        if not 2 <= b - a <= 3 or not state.free(a, b) or any(c.isdigit() or c in ":,;" for c in line):
            continue
        if text[doc.ends[b - 1] : above_end].strip(" .\t") or not all(doc.is_title_case(t) for t in range(a, b)):
            continue
        lex = doc.lex
        if all(lex.is_allowed(doc.keys[t]) and not lex.is_name_word(doc.keys[t]) for t in range(a, b)) or any(
                doc.keys[t] in NAME_STOP or doc.keys[t] in TITLES or doc.keys[t] in INST_GENERIC
                or doc.keys[t] in SPECIALTY_WORDS or doc.keys[t] in lex.head_last for t in range(a, b)):
            continue
        state.emit(a, b, DOCTOR, 0.85)


_CC_LINE = re.compile(r"(?m)^[ \t]*(?i:cc)[ \t]*:")


def _line_span(doc: Tokens, pos: int) -> tuple[int, int, str]:
    """(first token, end token, text) of the line that starts at character ``pos``."""
    end = doc.text.find("\n", pos)
    end = len(doc.text) if end == -1 else end
    return bisect_left(doc.starts, pos), bisect_right(doc.ends, end), doc.text[pos:end]


def pass_signature_blocks(doc: Tokens, state: PassState) -> None:
    """'S. Fritsch\\nBNCH\\nPhone ...', 'eloy solera\\nSaint Agnes's Medical Center\\nPhone ...': the name
    that opens a signature block, a line alone after a blank line, above a 'Phone'/'Fax' line or above one
    short line (the institution) and then a 'Phone' line. Lowercase names need words that are no common
    English words or are name words; a line of common words ("Follow up") is no name."""
    text = doc.text
    for i in sorted(_line_starts(doc)):
        if i >= doc.n or state.taken[i]:
            continue
        pos = text.rfind("\n", 0, doc.starts[i]) + 1
        if text[pos : doc.starts[i]].strip() or (pos > 0 and text[:pos].rstrip(" \t\n") and
                                                 not text[: pos - 1].rstrip(" \t").endswith("\n")):
            continue  # the block follows a blank line (or opens the note)
        a, b, line = _line_span(doc, pos)
        nxt = pos + len(line) + 1
        name, comma, cred = line.partition(",")
        if comma and _CREDENTIAL_TAIL.fullmatch(cred.strip()):  # "R. NAWROTEK, M.D.": the name before its credential
            line = name
            b = bisect_right(doc.ends, pos + len(name))
        if not (a == i and 1 <= b - a <= 4) or any(c.isdigit() for c in line) or ":" in line \
                or text[doc.ends[b - 1] : pos + len(line)].strip(" .\t") or not state.free(a, b):
            continue
        if nxt >= len(text) or not _block_below(doc, nxt):
            continue
        lone = b - a == 1 and doc.is_title_case(a) and doc.keys[a] in doc.lex.last and doc.keys[a] not in NAME_STOP \
            and doc.keys[a] not in _CLOSINGS and not _block_below(doc, nxt, direct=True) \
            and _named_line(text, nxt)  # "Young\nPHDH\nPhone ...": a surname over its institution
        if _signature_name_ok(doc, state, a, b) or lone:
            end = doc.ends[b - 1] + (1 if doc.is_initial(b - 1) and text.startswith(".", doc.ends[b - 1]) else 0)
            state.emit_chars(doc.starts[a], end, a, b, DOCTOR, 0.85)


_CREDENTIAL_TAIL = re.compile(r"(?:(?:[a-z]{1,3}\.){1,3}|[a-z-]{2,8})(?:,\s*(?:(?:[a-z]{1,3}\.){1,3}|[a-z-]{2,8}))*\.?", re.I)


def _named_line(text: str, pos: int) -> bool:
    """The line at ``pos`` names a body the way a signature's institution line does: every word capitalised."""
    end = text.find("\n", pos)
    words = text[pos : len(text) if end == -1 else end].split()
    return bool(words) and all(w[:1].isupper() or w.lower() in ("of", "and", "&", "the") for w in words)


def _block_below(doc: Tokens, pos: int, direct: bool = False) -> bool:
    """Below a signature name: a 'Phone' line, or one short line without digits and then a 'Phone' line
    (``direct``: only the first)."""
    from .institutions_cued import _PHONE_LINE

    text = doc.text
    if _PHONE_LINE.match(text, pos) or direct:
        return bool(_PHONE_LINE.match(text, pos))
    end = text.find("\n", pos)
    if end == -1 or not text[pos:end].strip() or any(c.isdigit() for c in text[pos:end]) \
            or len(text[pos:end].split()) > 8:
        return False
    return bool(_PHONE_LINE.match(text, end + 1))


def _signature_name_ok(doc: Tokens, state: PassState, a: int, b: int) -> bool:
    """Tokens a..b-1, a whole line, read as a person's name (initials, particles and name-like words)."""
    lex = doc.lex
    toks = [t for t in range(a, b) if not (doc.is_initial(t) or lower_initial(doc, t)) and doc.keys[t] not in PARTICLES]
    if not toks:
        return False
    cased = {doc.cap[t] for t in toks}
    if len(cased) > 1:
        return False
    # "Mark Day": a given name and a surname that is also a generic word ("Day Surgery" starts with none)
    surname_ok = len(toks) == 2 and doc.keys[toks[0]] in lex.first and lex.is_name_word(doc.keys[toks[1]])
    for t in toks:
        k = doc.keys[t]
        generic = k in INST_GENERIC and not (surname_ok and t == toks[1])
        if len(k) < 2 or k in NAME_STOP or k in TITLES or k in CALENDAR or k in CREDENTIAL_WORDS or k in RELATIONS \
                or generic or k in SPECIALTY_WORDS or k in lex.head_last \
                or not k.replace("-", "").replace("'", "").isalpha():
            return False
        if lex.is_allowed(k) and not lex.is_name_word(k):
            return False
    if any(doc.is_upper(t) and len(doc.words[t]) > 1 for t in toks) and len(toks) == 1 and b - a == 1:
        return False  # "BNCH" alone is the institution, not its clinician
    # "Sandy E.": a given name and an initial
    initialled = len(toks) == 1 and b - a > 1 and doc.keys[toks[0]] in lex.first and doc.is_title_case(toks[0])
    return any(not lex.is_allowed(doc.keys[t]) for t in toks) or len(toks) > 1 or initialled
