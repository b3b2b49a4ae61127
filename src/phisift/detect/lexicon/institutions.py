"""Hospitals and other named bodies: by head word, by acronym, by letterhead.

* ``<words> Hospital`` / ``Hospital of <words>``: a head word from the lists
  (``hospital_heads*.txt``, ``organization_heads*.txt``, ``location_heads*.txt``) and the
  specific capitalised run beside it;
* ``seen at SMH``: an all-caps acronym after "at" / "to" / "from";
* ``at st. joseph's hospital``: the same in notes typed in lowercase;
* the line below a clinician's signature ("Name, MD" then "Fenway Health").
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from .cues import (
    CREDENTIAL, CREDENTIAL_WORDS, INST_BAD_FIRST, INST_CONNECTORS, INST_GENERIC, INST_KEEP_FIRST, NAME_STOP,
    PLACE_CUES, PLACE_CUE_MAXLEN, PLACE_PREFIX, SAINT, SPECIALTY_PREFIX, SPECIALTY_WORDS,
)
from .casing import inflected
from .labels import CITY, DOCTOR, HOSPITAL, LOCATION_OTHER, ORGANIZATION
from .name_runs import PLACEHOLDER_NAMES
from .places import state_after
from .specific import city_prefix, specific
from .state import PassState
from .tokens import SPACE_GAPS, Tokens
from .wordlists import Lexicons

#: A role before the institution on a signature line: "Attending, Cobb County Hospital".
_ROLE_PREFIX = re.compile(
    r"(?:attending(?:\s+(?:physician|surgeon))?|staff\s+(?:physician|surgeon|nurse|psychiatrist)|"
    r"(?:chief\s+)?resident|fellow|hospitalist|consultant|nurse\s+practitioner|physician\s+assistant|"
    r"house\s+officer|(?:medical\s+)?director)[ \t]*,[ \t]*",
    re.I,
)
#: Words of a title or department line in a signature block ("Attending Physician",
#: "Division of Cardiology", "Primary Care", "Internal Medicine"): not an institution.
_TITLE_LINE_WORDS = frozenset(
    "attending physician physicians surgeon resident chief fellow intern staff department dept "
    "division section service services program director associate assistant professor clinical "
    "instructor medical nurse practitioner hospitalist consultant care primary of and the for in "
    "at unit team group specialist specialists coordinator manager head senior junior lecturer "
    "faculty house officer provider attending's clinic center office practice health "
    "pgy md do np pa rn".split()
) | SPECIALTY_WORDS | SPECIALTY_PREFIX
#: Acronyms on a signature line that name a unit or a role, not a hospital.
UNIT_ACRONYMS = frozenset(
    "icu ccu micu sicu nicu picu cvicu ed er ew or pacu gi ent ob gyn obgyn pcp im fm np pa rn md "
    "do phd mph pgy cc bs ms ma pt ot slp rd msw lcsw cns ns dr mr mrs usa us".split()
)
_SIG_PREFIX = re.compile(r"[ \t]*(?:/s/[ \t]*)?$")


def _institution_line(doc: Tokens, state: PassState, a: int, b: int) -> bool:
    """Tokens a..b-1 (one line) name an institution: "Fenway Health", "PHC", "Deckview
    Internal Medicine"; not a title or department line, not a person's name."""
    lex = doc.lex
    if b <= a or b - a > 8 or not state.free(a, b):
        return False
    toks = range(a, b)
    for t in toks:
        if t > a and doc.gap(t) not in SPACE_GAPS and doc.gap(t).strip() not in ("&", "-", "."):
            return False  # "Mary Jones, PA", "Boston, MA": a comma makes no institution
        if doc.keys[t] in CREDENTIAL_WORDS:
            return False
        if not doc.cap[t] and doc.keys[t] not in INST_CONNECTORS:
            return False
    if any(c.isdigit() for c in doc.text[doc.starts[a] : doc.ends[b - 1]]):
        return False
    if all(doc.keys[t] in _TITLE_LINE_WORDS or doc.keys[t] in INST_GENERIC for t in toks):
        return False  # "Attending Physician", "Division of Cardiology", "Primary Care"
    if b - a == 1 and doc.is_upper(a):
        w = doc.words[a]
        return 2 <= len(w) <= 5 and w.isalpha() and doc.keys[a] not in UNIT_ACRONYMS \
            and doc.keys[a] not in CREDENTIAL_WORDS  # "PHC", "SSHS"
    if doc.keys[a] in lex.first and all(lex.is_name_word(doc.keys[t]) for t in toks if len(doc.keys[t]) > 1):
        return False  # another person's name
    return specific(doc, [t for t in toks if doc.cap[t]])


def _line_tokens(doc: Tokens, start: int, end: int) -> tuple[int, int]:
    """Indices of the first and the end token whose characters lie in text[start:end]."""
    return bisect_left(doc.starts, start), bisect_right(doc.ends, end)


def pass_letterhead(doc: Tokens, state: PassState) -> None:
    """Institutions in signature blocks: the line after "Name, MD" ("Fenway Health", "PHC"),
    past title and department lines, and "Attending, SRH" / "Staff physician, GSH"."""
    text = doc.text
    if "\n" not in text:
        return
    done_lines: set[int] = set()

    def try_line(line_start: int) -> str:
        """'hit', 'skip' (a title line: look further) or 'stop'."""
        line_end = text.find("\n", line_start)
        if line_end == -1:
            line_end = len(text)
        line = text[line_start:line_end]
        if not line.strip() or ":" in line or "@" in line or line_start in done_lines:
            return "stop"
        m = _ROLE_PREFIX.match(line.lstrip())
        start = line_start + (len(line) - len(line.lstrip())) + (m.end() if m else 0)
        a, b = _line_tokens(doc, start, line_end)
        rest = text[doc.ends[b - 1] : line_end] if b > a else ""
        if b <= a or rest.strip(" \t.") or text[start : doc.starts[a]].strip():
            return "stop"
        if _institution_line(doc, state, a, b):
            done_lines.add(line_start)
            state.emit(a, b, HOSPITAL, 0.85)
            return "hit"
        toks = range(a, b)
        if all(doc.keys[t] in _TITLE_LINE_WORDS or doc.keys[t] in INST_GENERIC for t in toks) and not m:
            return "skip"
        return "stop"

    # the lines after a clinician's signature line
    for (i, j, label, _score) in list(state.found):
        if label != DOCTOR:
            continue
        line_start = text.rfind("\n", 0, doc.starts[i]) + 1
        if not _SIG_PREFIX.match(text, line_start, doc.starts[i]) and text[line_start : doc.starts[i]].strip():
            continue
        line_end = text.find("\n", doc.ends[j - 1])
        if line_end == -1:
            continue
        rest = CREDENTIAL.sub("", text[doc.ends[j - 1] : line_end])
        if rest.strip(" \t,.;") and not rest.strip(" \t,.;").isupper():
            continue
        if not CREDENTIAL.search(text, doc.ends[j - 1], line_end) and not rest.strip() == "":
            continue
        pos = line_end + 1
        for _ in range(3):
            r = try_line(pos)
            if r != "skip":
                break
            nxt = text.find("\n", pos)
            if nxt == -1:
                break
            pos = nxt + 1
    # "Attending, SRH" wherever it stands on its own line
    for m in re.finditer(r"(?m)^[ \t]*(?=(?:attending|staff|resident|chief|fellow|hospitalist|consultant|"
                         r"nurse|physician|house|medical|director)\b[^\n,]{0,30},)", text, re.I):
        try_line(m.start())


def _head_at(doc: Tokens, i: int) -> tuple[int, str] | None:
    """(end token, head phrase) of the longest head phrase starting at token i."""
    lex = doc.lex
    head_lists = (lex.hospital_heads, lex.hospital_heads_first, lex.org_heads, lex.org_heads_first,
                  lex.location_heads, lex.location_heads_first)

    def hit(phrase: str) -> str | None:
        return phrase if any(phrase in heads for heads in head_lists) else None

    def joins(j: int) -> bool:
        # "Council on Aging", "Rehabilitation and Nursing"
        return doc.simple_gap(j) and (
            doc.is_cap(j) or (doc.keys[j] in _HEAD_CONNECTORS and j + 1 < doc.n and doc.is_cap(j + 1))
        )

    return doc.longest_phrase(i, lex.head_starts, hit, joins)


_HEAD_CONNECTORS = frozenset("on of and for".split())
#: Heads that are too common a word to take in capitals or inside a longer capitalised phrase.
_WEAK_HEADS = frozenset({"health", "associates", "dialysis", "labs", "library"})


def _first_head_index(doc: Tokens, a: int) -> int:
    """``a``, or the head word just before it when the left run stopped there ("Ministry" of "Ministry of X")."""
    return a - 1 if a > 0 and doc.is_cap(a - 1) and doc.keys[a - 1] in doc.lex.org_heads_first else a


def _left_run(doc: Tokens, state: PassState, i: int, limit: int = 5) -> int:
    """Start of the capitalised run (with inner connectors) that ends at token i-1."""
    a = i
    count = 0
    lex = doc.lex
    while a - 1 >= 0 and count < limit:
        t = a - 1
        if state.taken[t]:
            break
        g = doc.gap(a)
        ok_gap = g in SPACE_GAPS or g.strip() == "&" and "\n" not in g or (
            g in ("' ", "’ ") and doc.words[a - 1].endswith("s"))  # "Magistrates' Court", "Veterans' Home"
        if not ok_gap and not (g in (". ", ".") and doc.keys[t] in ("st", "mt", "ft")):
            break
        w = doc.words[t]
        k = doc.keys[t]
        if w[0].isupper():
            if k in INST_CONNECTORS and doc.is_upper(t):
                # "UNIVERSITY OF MICHIGAN HOSPITAL" in a note written in capitals
                if t - 1 >= 0 and doc.cap[t - 1] and not state.taken[t - 1] and doc.gap(t) in SPACE_GAPS:
                    a = t
                    continue
                break
            if k == "our" and doc.keys[a] == "lady":
                a = t  # "Our Lady of Lourdes Church"
                count += 1
                continue
            if k in NAME_STOP or (k in INST_BAD_FIRST and doc.is_upper(t)):
                break
            if doc.is_upper(t) and inflected(k) and not lex.is_name_word(k) and not lex.is_place_word(k):
                break  # "STRADDLING THE TEMPLE" in a note in capitals: a verb, not a name
            if k in lex.inst_ends:
                break
            a = t
            count += 1
            if doc.sentence_initial(t):
                break
            continue
        if k in INST_CONNECTORS and t - 1 >= 0 and doc.is_cap(t - 1) and not state.taken[t - 1]:
            a = t
            continue
        break
    # trim connectors, generic words and a common sentence-initial word from the front
    while a < i:
        k = doc.keys[a]
        if (k in INST_BAD_FIRST and not (k == "our" and doc.keys[a + 1] == "lady")) or not doc.is_cap(a):
            a += 1
        elif k in SAINT or k in PLACE_PREFIX or k in INST_KEEP_FIRST:
            break  # "St. Mary's", "Mount Auburn", "North Shore", "New Haven", "Good Samaritan"
        elif doc.sentence_initial(a) and a + 1 < i and lex.is_allowed(k) and not (
            (a == 0 or "\n" in doc.gap(a)) and doc.is_title_case(a)
            and (lex.is_name_word(k) or lex.is_place_word(k) or city_prefix(doc, a, i)
                 or not lex.is_allowed(k, terms=False))
        ):
            # a common word that starts a sentence ("Today Boston Hospital"); at a line start
            # a surname or town is the name of the place ("Dias Methodist Medical Center")
            a += 1
        elif doc.is_upper(a) and a + 1 < i and lex.is_allowed(k):
            a += 1  # capitals give no sentence starts: drop common words from the front
        else:
            break
    return a


#: Abbreviations that end in a period inside a name ("St. Tammy", "Mt. Vernon", "Ft. Worth").
_ABBREVIATED_PREFIX = frozenset({"st", "ste", "mt", "ft"})


#: Connectors read as connectors when title-cased ("Hospital Of", "Center For"); "The" and "La" start names.
_TITLED_CONNECTORS = frozenset("of and for de del".split())


def right_run(doc: Tokens, state: PassState, j: int, limit: int = 6, first_gap: bool = True) -> int:
    """End of the capitalised run (with inner connectors) that starts at token j.

    ``first_gap=False``: token j may follow anything (a colon, a line start).
    """
    lex = doc.lex
    b = j
    count = 0
    while b < doc.n and count < limit and not state.taken[b]:
        g = doc.gap(b)
        if (b > j or first_gap) and g not in SPACE_GAPS and not (b > j and g.strip() == "&" and "\n" not in g) \
                and not (b > j and g == ". " and doc.keys[b - 1] in _ABBREVIATED_PREFIX):
            break  # ... but "Children's Hospital of St. Tammy": the period of "St." ends no name
        k = doc.keys[b]
        upper = doc.is_upper(b)
        # "Children'S Hospital Of South Brett": a note (or a line) in title case capitalises the connectors too
        connector = k in INST_CONNECTORS and (not doc.cap[b] or upper or k in _TITLED_CONNECTORS)
        if doc.cap[b] and not connector:
            if not _run_word_ok(doc, b, b > j):
                break
            b += 1
            count += 1
            continue
        if connector and b + 1 < doc.n and doc.simple_gap(b + 1):
            # a connector must lead to a capitalised word: "of the University of X"
            c = b + 1
            while c + 1 < doc.n and doc.keys[c] in INST_CONNECTORS and (not doc.cap[c] or doc.is_upper(c)) \
                    and doc.simple_gap(c + 1):
                c += 1
            if c < doc.n and doc.cap[c] and not state.taken[c] and doc.keys[c] not in INST_CONNECTORS \
                    and _run_word_ok(doc, c, True):
                b = c
                continue
        break
    return b


def _run_word_ok(doc: Tokens, b: int, inner: bool) -> bool:
    """Can capitalised token b be part of an institution name running rightwards?"""
    lex = doc.lex
    k = doc.keys[b]
    if (inner and k in lex.head_last) or k in NAME_STOP:
        return False
    if doc.is_upper(b) and (
        k in INST_BAD_FIRST or (lex.is_allowed(k) and not lex.is_name_word(k) and not lex.is_place_word(k))
    ):
        return False  # in capitals every word is "capitalised": stop at common words
    return True


def _head_label(lex: Lexicons, phrase: str) -> tuple[str | None, bool]:
    """The label a head word that ends its name gives (and whether it is strong enough alone)."""
    if phrase in lex.hospital_heads:
        return HOSPITAL, False
    if phrase in lex.org_heads:
        return ORGANIZATION, phrase in lex.org_heads_strong
    if phrase in lex.location_heads:
        return LOCATION_OTHER, False
    return None, False


def pass_institutions(doc: Tokens, state: PassState) -> None:
    """'Boston University Medical Center', 'Hospital of the University of Pennsylvania', 'Mount Sinai':
    a listed head word and the specific capitalised run before it (or after a head that comes first)."""
    lex = doc.lex
    heads = []
    covered = -1
    for i in doc.caps:
        if i < covered:
            continue  # inside a longer head ("Senior Center", "Medical Associates")
        if doc.keys[i] in lex.head_starts:
            h = _head_at(doc, i)
            if h:
                heads.append((i, h[0], h[1]))
                covered = h[0]
    # right to left, so "Boston University Medical Center" is one hospital
    for i, j, phrase in reversed(heads):
        if not state.free(i, j):
            continue
        if phrase == "co" and not (doc.words[i] == "Co" or doc.gap(j).startswith(".")):
            continue  # "CO" is carbon monoxide or Colorado
        if phrase in lex.location_heads_first and i >= 2 and doc.keys[i - 1] == "of" \
                and (doc.keys[i - 2] in lex.hospital_heads or doc.keys[i - 2] in lex.org_heads):
            continue  # "Children's Hospital of Lake Malcolm": the lake is the hospital's, taken with its head
        if phrase in _WEAK_HEADS and (doc.is_upper(i) or (j < doc.n and doc.simple_gap(j) and doc.cap[j])):
            continue  # "PROTECTED HEALTH INFORMATION", "Health Information Management"
        label, strong = _head_label(lex, phrase)
        done = False
        if label is not None:
            a = _left_run(doc, state, i)
            if a >= 2 and doc.keys[a - 1] == "of" and doc.simple_gap(a) and doc.simple_gap(a - 1) \
                    and not state.taken[a - 2] and doc.is_cap(a - 2) and doc.keys[a - 2] in lex.org_heads_first:
                # "Ministry of Health of Brazil", "Department of Social Services": the head that comes first
                # owns the run, with the capitalised words before it ("Andersonmouth Department of Health")
                a = _left_run(doc, state, a - 2) if a - 2 > 0 else a - 2
                a = min(a, _first_head_index(doc, a))
                label, strong = ORGANIZATION, False
            elif label == HOSPITAL and any(doc.keys[t] in ("department", "ministry") for t in range(a, i)):
                label = ORGANIZATION  # "Andersonmouth Department of Health" is no hospital
            # "of the University of Pennsylvania": heads may also take an "of X" tail
            b = j
            if j < doc.n and doc.keys[j] in ("of", "for", "de", "del") and doc.simple_gap(j):
                b2 = right_run(doc, state, j)
                if b2 > j + 1 and doc.is_cap(b2 - 1) and doc.keys[j + 1] not in ACRONYM_NOT_HOSPITAL:
                    b = b2  # ... but "Mercy Medical Center for MRI", "for CT": a test is what she came for
            if label != HOSPITAL and b == j and (doc.eponym_after(j) or doc.term_after(j)):
                continue  # "New York Heart Association class III", "... functional classification": a scale
            if a < i and ((strong and not doc.is_upper(i)) or specific(doc, range(a, i))):
                state.emit(a, b, label, 0.85 if not strong else 0.9)
                done = True
            elif b > j and (specific(doc, range(j + 1, b)) or phrase.startswith("children") and all(
                    doc.cap[t] for t in range(j + 1, b)) and any(doc.keys[t] not in INST_GENERIC for t in range(j + 1, b))
            ) and not doc.eponym_after(b):  # "Children's Hospital of South Amber": of a town, whatever its words
                # "First Church of Cincinnati", "Children's Hospital of Andersonborough"
                state.emit(a, b, label, 0.85)
                done = True
        if done:
            continue
        first_label = (
            HOSPITAL if phrase in lex.hospital_heads_first
            else ORGANIZATION if phrase in lex.org_heads_first
            else LOCATION_OTHER if phrase in lex.location_heads_first
            else None
        )
        if first_label is None:
            continue
        b = right_run(doc, state, j)
        # "Hospital of X", "Hospital Universitario La Paz", "Lake Tahoe", "Mount Sinai"
        while b > j and not doc.is_cap(b - 1):
            b -= 1
        if b > j and specific(doc, range(j, b)) and not doc.eponym_after(b):
            if first_label == LOCATION_OTHER and i > 0 and doc.simple_gap(i) and (
                doc.phrase_before(i, PLACE_CUES, PLACE_CUE_MAXLEN) or state_after(doc, state, b)
            ):
                first_label = CITY  # "lives in Lake Mathew", "Lake Rodneymouth, NJ"
            state.emit(i, b, first_label, 0.85)


#: Words before a hospital acronym or a lowercase hospital name: "seen at MGH on 3/4",
#: "referral to gi at cch", "intubation at st. joseph's hospital".
_INST_PLACE_WORDS = frozenset("at to from for in".split())
#: All-caps words after "at" / "to" that are units, services, tests or places, not hospitals.
ACRONYM_NOT_HOSPITAL = frozenset(
    "icu ccu micu sicu nicu picu cvicu cticu ed er ew or pacu osh snf alf ltac ltach nh vna pcp gi "
    "ir ct mri mr echo ekg ecg eeg emg pft pfts cbc bmp cmp inr lft lfts hd pd pt ot slp ent ob "
    "obgyn va us usa uk tv am pm bid tid qid qd qhs prn po iv im sc sq npo dnr dni hcp poa chf copd "
    "cad htn dm ckd esrd uti uri mi cva tia pe dvt af afib nsr cxr kub ua abg vbg bp hr rr sat o2 "
    "nc ra rn np pa md do fnp cc cpr acls bls ems ekgs nicu ltc rehab ems ama dc icus mds ob ir "
    "ct cath lab ercp egd tee tte ekg eus ptca pci cabg gyn peds onc heme neuro ortho psych uro "
    "aa na hiv hcv hbv std sti tb covid eri eol bol vvi vvir ddd dddr aai aair ddi vdd "
    # British wards and meetings: "discussed at MDT", "stepped down from HDU", "admitted to AMU"
    "mdt mdm hdu itu amu mau sau cdu ssu gp".split()
)
_TRANSFER_VERBS = frozenset(
    "transferred transfer transferring admitted readmitted referred presented presents sent taken "
    "brought discharged transported went go going returned".split()
)
_ACRONYM_TAIL = re.compile(
    r"[ \t]+(?:on|lab|labs|with|for|in|ed|er|clinic|from|and|next|tonight|today|tomorrow|yesterday|last|this|since"
    r"|until)\b|[ \t]*(?:[.,;:?!)]|\r?\n|$)"
)


def pass_hospital_acronyms(doc: Tokens, state: PassState) -> None:
    """'seen at SMH on 04/09', 'labs at KCVMC lab', 'Dr. Jones at BWH.': a hospital's acronym
    after a lowercase "at" / "to" / "from" in a note not written in capitals."""
    lex = doc.lex
    for i in doc.caps:
        w = doc.words[i]
        if state.taken[i] or not (2 <= len(w) <= 6) or not w.isalpha() or not w.isupper() or i == 0:
            continue
        k = doc.keys[i]
        if k in ACRONYM_NOT_HOSPITAL or k in CREDENTIAL_WORDS or w in lex.state_codes or lex.is_allowed(k) \
                or k in PLACEHOLDER_NAMES:
            continue  # "done at XYZ": a transcription's placeholder
        prev = doc.words[i - 1]
        if not doc.simple_gap(i) or not (
            prev == "at" or (prev in ("to", "from") and i > 1 and doc.keys[i - 2] in _TRANSFER_VERBS)
        ):
            continue
        if not _ACRONYM_TAIL.match(doc.text, doc.ends[i]):
            continue
        state.emit(i, i + 1, HOSPITAL, 0.8)


_LOWER_HEADS_ALONE = frozenset("hospital hospitals clinic rehab infirmary hospice sanatorium".split())


def pass_lower_institutions(doc: Tokens, state: PassState) -> None:
    """'at st. joseph's hospital', 'for cartwright senior living', 'at dana-farber cancer
    institute': hospitals in notes typed in lowercase, after "at" / "to" / "from" / "for"."""
    lex = doc.lex
    hh = lex.hospital_heads
    starts = lex.head_starts
    for h in doc.positions(starts):
        k = doc.keys[h]
        if h == 0 or doc.cap[h] or state.taken[h]:
            continue
        # the head: lowercase words forming a hospital head ("cancer institute")
        head = doc.longest_phrase(
            h, starts, lambda phrase: True if phrase in hh else None, lambda j: not doc.cap[j] and doc.simple_gap(j)
        )
        e = None if head is None else head[0]
        if e is None or (e - h == 1 and k not in _LOWER_HEADS_ALONE):
            continue  # "at atm center": one generic word is no hospital in lowercase
        a = h
        while a - 1 >= 0 and h - a < 3 and not doc.cap[a - 1] and not state.taken[a - 1] \
                and (doc.simple_gap(a) or (doc.gap(a) == ". " and doc.keys[a - 1] in SAINT)) \
                and doc.keys[a - 1] not in NAME_STOP and doc.keys[a - 1] not in INST_BAD_FIRST:
            a -= 1
        if a == h or a == 0 or doc.words[a - 1] not in _INST_PLACE_WORDS or not doc.simple_gap(a):
            continue
        toks = [t for t in range(a, h) if doc.keys[t] not in SAINT]
        if not any(doc.keys[t] not in INST_GENERIC and len(doc.keys[t]) > 3 and (
                not lex.is_allowed(doc.keys[t], terms=False) or lex.is_place_word(doc.keys[t])) for t in toks):
            continue
        state.emit(a, e, HOSPITAL, 0.8)
