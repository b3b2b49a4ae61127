"""People named after a role, in any case: "scribe Sandra H.", "RN holly cook", "fellow A. Jesus",
"PA-C GRACE MIRANDA", "Mrs adalberto barajas", "Called Iris back", "Crystal states ...".

Staff are written down by their role far more often than by a title, and the name after a
role keeps whatever case the writer typed. A role word is strong evidence only where a
name may follow it: after "by", "with", "and", a header colon or at a line start, or when
the role is a credential that is no English word ("RN", "LPN", "CNA", "PA-C"). Lowercase
names need name-list words there ("holly cook", "j. galindo"); a name in capitals or title
case follows the title-pass rules.

Bare first names are the weakest people: a first name is taken alone only as the subject
of a reporting verb at a sentence start ("Sandy states the pain is better") or as the
object of a call ("Called Iris back", "did Grant call back").
"""

from __future__ import annotations

import re

from .cues import (
    CALENDAR, CREDENTIAL, CREDENTIAL_WORDS, NAME_CUES, NAME_STOP, NOT_NAMES, NUMBER_AFTER, PARTICLES, RELATIONS,
    TITLES,
)
from ..rules.vocab import HOLIDAYS_EN
from .casing import clinical_vocabulary, inflected
from .plainwords import verb_after_title
from .labels import DOCTOR, PATIENT
from .name_runs import calendar_name, extend_name, lower_initial, lower_name_end, lower_name_word, name_token_ok
from .state import PassState
from .tokens import Tokens

#: Role words (keys) that may stand before a staff member's name.
ROLE_WORDS = frozenset(
    "scribe nurse resident fellow intern attending pharmacist interpreter therapist technician tech "
    "cna lpn rn np pa pa-c ot pt slp midwife chaplain dietitian dietician student transcriptionist "
    "coordinator provider surgeon anesthetist crna ma physician hospitalist consultant registrar "
    "paramedic emt doula counselor counsellor psychologist radiographer sonographer aide "
    "clinician nutritionist caseworker carer caregiver receptionist phlebotomist porter ".split()
)
#: Two-word roles: the first word, then the second ("charge nurse", "social worker").
ROLE_PAIRS = frozenset(
    tuple(p.split())
    for p in ("charge nurse", "social worker", "nurse practitioner", "physician assistant", "case manager",
              "medical student", "medical assistant", "physical therapist", "occupational therapist",
              "respiratory therapist", "speech therapist", "staff nurse", "registered nurse", "nurse manager",
              "care coordinator", "house officer", "senior resident", "chief resident", "nurse midwife",
              "staff member", "support worker", "care worker", "health visitor", "ward clerk", "unit clerk")
)
_ROLE_SECOND = frozenset(p[1] for p in ROLE_PAIRS)
#: The keys a role can start with (a credential is capitalised besides): where ``_role_end`` can answer.
_ROLE_FIRST = ROLE_WORDS | frozenset(p[0] for p in ROLE_PAIRS)
#: Credentials that are no English word: a name may follow them anywhere ("RN holly cook").
_ROLE_ACRONYMS = frozenset("rn lpn cna np pa-c crna slp emt aprn fnp".split())
#: Words after which a role introduces a name: "signed by RN X", "together with fellow X".
_ROLE_LEAD = frozenset("by with and to from cc signed".split())

_REPORT_VERBS = frozenset(
    "states stated reports reported says said denies denied notes noted complains complained feels felt "
    "agrees agreed admits admitted endorses endorsed tells told confirms confirmed describes described "
    "understands understood wishes wants verbalizes verbalized".split()
)
#: Lowercase words before a reporting verb that are people but no names ("mom states", "family reports").
_NOT_SUBJECTS = RELATIONS | ROLE_WORDS | frozenset("mom dad family staff nursing parent parents mum pt".split())
_CALL_VERBS = frozenset("called call phoned phone rang texted emailed messaged".split())
_CALL_TAIL = frozenset("back about regarding to with and".split())


def _role_end(doc: Tokens, i: int) -> int | None:
    """End token of a role word (or pair) starting at token i, or None."""
    k = doc.keys[i]
    if i + 1 < doc.n and (k, doc.keys[i + 1]) in ROLE_PAIRS and doc.simple_gap(i + 1):
        return i + 2
    if k in ROLE_WORDS and not (k in _ROLE_SECOND and i > 0 and (doc.keys[i - 1], k) in ROLE_PAIRS):
        return i + 1
    if doc.cap[i] and CREDENTIAL.fullmatch(doc.words[i]) and len(doc.words[i]) > 1:  # every credential is capitalised
        if k == "do" and i > 0 and doc.keys[i - 1] == "to":
            return None  # "USED TO DO SHARP DISSECTION" in capitals: the verb, not a doctor of osteopathy
        return i + 1
    return None


def _role_lead_ok(doc: Tokens, i: int) -> bool:
    """A role at token i introduces a name: a lead word, a colon or a line start before it."""
    if i == 0 or "\n" in doc.gap(i):
        return True
    g = doc.gap(i).strip()
    if g in (":", ";", ","):
        return True
    return not g and doc.keys[i - 1] in _ROLE_LEAD


def name_after(doc: Tokens, state: PassState, t: int, strong: bool) -> int | None:
    """End of a person's name that starts at token t after a strong cue (any case), or None.

    Title case and capitals: the title-pass rules ("A. Jesus", "Sandra H.", "GRACE MIRANDA");
    lowercase: name-list words ("holly cook", "j. galindo"); ``strong`` lets a lone unknown
    lowercase word or a common-word name through.
    """
    if t >= doc.n or state.taken[t] or "\n" in doc.gap(t):
        return None
    lex = doc.lex
    k = doc.keys[t]
    initial = (doc.is_initial(t) or lower_initial(doc, t)) and t + 1 < doc.n and doc.initial_gap(t + 1) \
        and doc.gap(t + 1).startswith(".")
    if doc.is_title_case(t) and len(k) > 1 and k.isalpha() and t + 1 < doc.n and doc.is_initial(t + 1) \
            and doc.simple_gap(t + 1) and doc.text.startswith(".", doc.ends[t + 1]) and not state.taken[t + 1] \
            and k not in NAME_STOP and k not in TITLES and k not in CREDENTIAL_WORDS and k not in ROLE_WORDS \
            and k not in NOT_NAMES:
        return t + 2  # "Nurse June T.", "SLP Honor T.": a given name and an initial, whatever the given name is
    if not initial and (k in NAME_STOP or k in TITLES or k in CREDENTIAL_WORDS or k in ROLE_WORDS
                        or k in CALENDAR and not calendar_name(doc, state, t, strong) or k in NOT_NAMES):
        return None  # an initial "A." is no article
    if doc.is_cap(t):
        if len(k) < 2:  # "A. Jesus", "J.F. Pawliczak"
            u = t
            while u + 1 < doc.n and doc.is_initial(u) and doc.initial_gap(u + 1) and u - t < 3:
                u += 1
            if u == t and t + 1 < doc.n and doc.keys[t + 1] in PARTICLES and not doc.cap[t + 1]:
                j = extend_name(doc, state, t, strong=True)  # "Miss N. da Cunha"
                return j if j > t + 2 else None
            if u == t or doc.is_initial(u) or not name_token_ok(doc, u, doc.is_upper(u), strong=True):
                return None
            return extend_name(doc, state, u, strong=True)
        if not (lex.is_name_word(k) or not lex.is_allowed(k, terms=False)):
            return None
        if doc.is_upper(t) and not lex.is_name_word(k) and not (
            t + 1 < doc.n and doc.gap(t + 1) in (" ", ", ", ",") and doc.is_upper(t + 1)
            and lex.is_name_word(doc.keys[t + 1])
        ) and not _unknown_caps_pair(doc, t):
            return None  # "RE: ABC, DOB": capitals alone need a name word
        j = extend_name(doc, state, t, strong=True)
        if doc.eponym_after(j) or doc.dose_after(j):
            return None
        return j
    dotted = _dotted_letter(doc, t) and t + 1 < doc.n and _dotted_letter(doc, t + 1) and doc.gap(t + 1) == "."
    if lower_initial(doc, t) or dotted:  # "j. galindo", "v.r. sullivan", "y.a. field" ('y', 'a' as initials)
        u = t
        while u + 1 < doc.n and u - t < 2 and _dotted_letter(doc, u + 1) and doc.gap(u + 1) == ".":
            u += 1
        if u + 1 < doc.n and doc.initial_gap(u + 1) and lower_name_word(doc, state, u + 1, True):
            return lower_name_end(doc, state, u + 1, True)
        return None
    if not (k in CALENDAR or lower_name_word(doc, state, t, loose=True)):  # a month here passed calendar_name
        return None
    j = lower_name_end(doc, state, t, loose=True)
    if j == t + 1 and j < doc.n and lower_initial(doc, j) and doc.simple_gap(j) and doc.text.startswith(".", doc.ends[j]) \
            and k in lex.first and not state.taken[j]:
        return j + 1  # "christian b., m.d.", "holly m. on": a first name and an initial
    if j - t == 1 and not (strong or (lex.is_name_word(k) and not lex.is_allowed(k))):
        return None
    if j - t >= 2 and not strong and not any(lex.is_name_word(doc.keys[u]) for u in range(t, j)):
        return None  # "ms eddward sheppherd" after a title; two unknown words elsewhere are no name
    return j


def _dotted_letter(doc: Tokens, t: int) -> bool:
    """Token t is one lowercase letter with a period after it: an initial in 'v.r. sullivan'."""
    w = doc.words[t]
    return len(w) == 1 and w.islower() and doc.text.startswith(".", doc.ends[t])


def _unknown_caps_pair(doc: Tokens, t: int) -> bool:
    """'DISCUSSED WITH RODEY OTRIZ, WHO': two words in capitals after a cue, both no English word, clinical
    term or abbreviation (4+ letters, no name-list word needed: misspelt and foreign names)."""
    if t + 1 >= doc.n or doc.gap(t + 1) != " " or not doc.is_upper(t + 1):
        return False
    lex = doc.lex
    return all(len(doc.keys[u]) >= 4 and doc.keys[u].isalpha() and not lex.is_allowed(doc.keys[u], terms=False)
               and doc.keys[u] not in NAME_STOP for u in (t, t + 1))


def pass_role_names(doc: Tokens, state: PassState) -> None:
    """'scribe Sandra H.', 'signed by RN holly cook', 'Seen together with fellow K. Copeland',
    'From: PA-C GRACE MIRANDA', 'Dictated by Scribe: Gilberto Snow': the name after a role."""
    starts = sorted(set(doc.caps).union(doc.positions(_ROLE_FIRST)))  # the capitalised tokens and the role words
    for i in starts:
        if i >= doc.n - 1:
            break
        if state.taken[i]:
            continue
        r = _role_end(doc, i)
        if r is None or r >= doc.n:
            continue
        acronym = doc.keys[i] in _ROLE_ACRONYMS and doc.words[i].isupper()
        if not (acronym or _role_lead_ok(doc, i)):
            continue
        g = doc.gap(r)
        if "\n" in g or g.strip() not in ("", ":"):
            continue
        if g.strip() == ":" and tuple(doc.keys[i:r]) in NAME_CUES:
            continue  # "Attending: Smith, John" is a header: the cue pass reads it whole
        j = name_after(doc, state, r, strong=True)
        if j is None:
            continue
        state.emit(r, j, DOCTOR, 0.9)


def pass_title_lower(doc: Tokens, state: PassState) -> None:
    """'Mrs adalberto barajas', 'Doctor anna farias', 'Dr. t. williams', 'Ms. đặng': a capitalised
    title before a name typed in lowercase."""
    lex = doc.lex
    for i in doc.positions(TITLES):
        if i >= doc.n - 1:
            break
        k = doc.keys[i]
        if state.taken[i + 1]:
            continue
        if not doc.cap[i]:
            # "dr. S. Thornton": a lowercase title before an initial and a surname
            if k in ("dr", "prof", "mrs", "miss") and doc.is_initial(i + 1) and doc.gap(i + 1) == ". ":
                j = name_after(doc, state, i + 1, strong=True)
                if j is not None:
                    state.emit(i + 1, j, TITLES[k], 0.9)
            elif k in ("dr", "drs") and doc.gap(i + 1) == ". " and doc.is_title_case(i + 1) and not state.recased \
                    and len(doc.keys[i + 1]) > 1 and doc.keys[i + 1] not in NAME_STOP and doc.keys[i + 1] not in TITLES \
                    and doc.keys[i + 1] not in CALENDAR:
                # "I spoke with dr. Swan by phone": a capitalised word after "dr." is a name, as after "Dr."
                state.emit(i + 1, extend_name(doc, state, i + 1, strong=True), DOCTOR, 0.9)
            continue
        if doc.cap[i + 1]:
            continue
        w = doc.words[i]
        if w.isupper() and len(w) > 1:
            continue  # "MS", "DR": clinical abbreviations as often as titles
        g = doc.gap(i + 1)
        if g not in (" ", ". ", ".") or (k in ("sr", "prof") and not g.startswith(".")):
            continue
        t = i + 1
        kt = doc.keys[t]
        if k == "doctor" and not g.startswith(".") and kt not in lex.first and (
                inflected(kt) or kt in clinical_vocabulary()):
            continue  # "Doctor put him on restrictions", "Doctor subscribed 3 medications": the noun and a verb
        if not g.startswith(".") and verb_after_title(k, kt, doc.keys[t + 1] if t + 1 < doc.n else None):
            continue  # "Doctor said he had a strain": a frequent verb, even one that is a name too
        if kt in PARTICLES or lower_initial(doc, t):
            j = name_after(doc, state, t, strong=True)
        elif lex.is_name_word(kt) or not lex.is_allowed(kt, terms=False):
            j = name_after(doc, state, t, strong=True)
        else:
            j = None
        if j is not None:
            state.emit(t, j, TITLES[k], 0.9)


def pass_lower_credentials(doc: Tokens, state: PassState) -> None:
    """'adam castro, DPM', 'jorge g., MD', 'Mariane W., FRCS': a name in lowercase, or a first name
    and an initial, before a credential."""
    text = doc.text
    lex = doc.lex
    for m in doc.credentials:
        t = _token_ending_before(doc, m.start())
        if t is None or state.taken[t]:
            continue
        # walk left over lowercase name words and initials on one line, at most three
        a = t
        while a > 0 and t - a < 3 and not state.taken[a - 1] and "\n" not in doc.gap(a) and (
            doc.simple_gap(a) or (doc.initial_gap(a + 1) if a + 1 <= t else False)
        ):
            p = a - 1
            if doc.cap[p] or doc.keys[p] in NAME_STOP or doc.keys[p] in TITLES or doc.keys[p] in ROLE_WORDS:
                break
            if not (lex.is_name_word(doc.keys[p]) or lower_initial(doc, p)):
                break
            a = p
        words = [u for u in range(a, t + 1) if not lower_initial(doc, u) and not doc.is_initial(u)]
        if not words or any(doc.cap[u] for u in words):
            continue
        if doc.keys[words[0]] not in lex.first or not all(
            lex.is_name_word(doc.keys[u]) or u > words[0] and len(doc.keys[u]) > 3 and doc.keys[u].isalpha()
            and not lex.is_allowed(doc.keys[u], terms=False) for u in words
        ):  # "ryszard golos, FRCS": a first name, then a surname no list holds
            continue
        if len(words) == 1 and not (t > a or lex.is_name_word(doc.keys[t]) and not lex.is_allowed(doc.keys[t])):
            continue
        end = doc.ends[t] + (1 if text.startswith(".", doc.ends[t]) and len(doc.words[t]) == 1 else 0)
        state.emit_chars(doc.starts[a], end, a, t + 1, DOCTOR, 0.9)


_CRED_LEAD = re.compile(r"\.?,[ \t]*$|[ \t]+$")


def _token_ending_before(doc: Tokens, pos: int) -> int | None:
    """The token right before ``pos`` when only ", ", "., " or spaces stand between."""
    from bisect import bisect_right

    t = bisect_right(doc.ends, pos) - 1
    if t < 0 or not _CRED_LEAD.fullmatch(doc.text, doc.ends[t], pos):
        return None
    return t


def pass_bare_first_names(doc: Tokens, state: PassState) -> None:
    """'Sandy states the pain is better', 'Called Iris back', 'did Grant call back': a first name
    as the subject of a reporting verb at a sentence start, or the object of a call."""
    lex = doc.lex
    for i in doc.positions(lex.first):  # only a listed first name is taken (the test after the first)
        if i >= doc.n - 1:
            break
        lower_subject = not doc.cap[i] and doc.keys[i + 1] in _REPORT_VERBS and doc.keys[i] not in _NOT_SUBJECTS
        if state.taken[i] or not (doc.cap[i] or lower_subject
                                  or i > 0 and doc.keys[i - 1] in _CALL_VERBS and doc.keys[i + 1] == "back"):
            continue  # lowercase only in "called june back" and as a subject: "maura states the pain is better"
        k = doc.keys[i]
        if k not in lex.first or k in NAME_STOP or k in TITLES or len(k) < 3 or doc.words[i].endswith(("'s", "’s")):
            continue
        nxt = doc.keys[i + 1]
        subject = doc.sentence_initial(i) and doc.simple_gap(i + 1) and nxt in _REPORT_VERBS \
            and not doc.cap[i + 1]
        prev = doc.keys[i - 1] if i > 0 else ""
        called = prev in _CALL_VERBS and doc.simple_gap(i) and (
            i + 1 < doc.n and nxt in _CALL_TAIL and doc.simple_gap(i + 1)
        )
        asked = prev in ("did", "has", "had", "will", "does") and doc.simple_gap(i) and nxt in _CALL_VERBS
        if subject or called or asked:
            state.emit(i, i + 1, PATIENT, 0.8)


#: Cue phrases after which a name may be typed in any case (beside :data:`.cues.NAME_CUES`):
#: memo headers, an emergency contact, a list of those seen with.
_ANY_CASE_CUES: dict[tuple[str, ...], tuple[str, bool]] = {
    ("to",): (DOCTOR, True), ("from",): (DOCTOR, True), ("cc",): (DOCTOR, True), ("re",): (PATIENT, True),
    ("patient",): (PATIENT, True), ("name",): (PATIENT, True), ("patient", "name"): (PATIENT, True),
    ("pt", "name"): (PATIENT, True), ("attending",): (DOCTOR, True),
    ("signed",): (DOCTOR, True), ("transcribed", "by"): (DOCTOR, False), ("dictated", "by"): (DOCTOR, False),
    ("signed", "by"): (DOCTOR, False), ("contact", "is"): (PATIENT, False), ("contact",): (PATIENT, True),
    ("together", "with"): (DOCTOR, False), ("reviewed", "with"): (DOCTOR, False),
    ("discussed", "with"): (DOCTOR, False), ("spoke", "with"): (PATIENT, False),
    ("referring",): (PATIENT, False),
    # "my name is marie", "people call me owen": a writer naming themself, in any case
    ("name", "is"): (PATIENT, False), ("call", "me"): (PATIENT, False), ("calls", "me"): (PATIENT, False),
    # "her husband, iris bell", "THE PATIENT'S DAUGHTER, P.N. BALI": a relative named in any case
    **{(r,): (PATIENT, False) for r in RELATIONS},
}
_ANY_CASE_LAST = frozenset(p[-1] for p in _ANY_CASE_CUES)


def pass_cues_any_case(doc: Tokens, state: PassState) -> None:
    """'To: sofia duarte', 'Patient: art green', 'RE: F.P. Cisneros', 'Emergency contact is R.G. Lamb',
    'Discussed with J.D. Đặng', 'From: cc: stacey green': names the cue passes leave because of
    their case or their initials. A header needs its colon; a role or 'cc:' may stand between."""
    for i in doc.follow(_ANY_CASE_LAST):
        k = doc.keys[i - 1]
        if state.taken[i]:
            continue
        phrase = doc.phrase_before(i, _ANY_CASE_CUES, 2)
        if phrase is None:
            continue
        label, colon = _ANY_CASE_CUES[phrase]
        g = doc.gap(i)
        if "\n" in g or (colon and g.strip() != ":") or (not colon and g.strip() not in ("", ",", ":")):
            continue
        if phrase[0] in RELATIONS and g.strip() != ",":
            continue  # "her husband, iris bell" names him; "her son will come" does not
        a = i - len(phrase)
        if colon and not (a == 0 or "\n" in doc.gap(a) or doc.gap(a).strip() in (":", ";")
                          or label == DOCTOR and doc.keys[a - 1] == "by" and doc.simple_gap(a)):
            continue  # a header stands at a line start ("To: ...", "From: cc: ..."), a staff one after "by"
        t = i
        while t < doc.n and (doc.keys[t] == "cc" or _role_end(doc, t) is not None) and doc.gap(t + 1).strip() in ("", ":") \
                and t - i < 3 and t + 1 < doc.n and "\n" not in doc.gap(t + 1):
            t = _role_end(doc, t) or t + 1  # "From: resident hector mayorga", "From: cc: stacey green"
        if t + 1 < doc.n and doc.keys[t] in TITLES and not state.taken[t] and doc.gap(t + 1) in (" ", ". ") \
                and not colon and (doc.is_upper(t) or not doc.cap[t]):
            t += 1  # "THANK YOU FOR REFERRING MS AMBER SANDOVAL": a title the title passes leave in one case
        if state.taken[t] if t < doc.n else True:
            continue
        if phrase[-1] == "me" and (doc.keys[t] in _CALL_ADVERBS or doc.lex.is_allowed(doc.keys[t])
                                   and not doc.lex.is_name_word(doc.keys[t])):
            continue  # "TO CALL ME BACK", "call me tomorrow": the sentence goes on, no name is given
        first = doc.keys[t] in doc.lex.first and not doc.lex.is_allowed(doc.keys[t])
        j = name_after(doc, state, t, strong=colon or first or lower_initial(doc, t) or doc.is_initial(t))
        if j is None:
            continue
        if phrase[0] in RELATIONS and not all(
            doc.lex.is_name_word(doc.keys[u]) or len(doc.keys[u]) > 3 and not doc.lex.is_allowed(doc.keys[u])
            for u in range(t, j) if len(doc.words[u]) > 1
        ):
            continue  # "BROTHER, COLON CA.": a family history line, not a relative's name
        # "LAST, FIRST" after a header, in capitals or lowercase: "To: FIGAT, URSZULA", "Patient name: baker, jane"
        if (colon or phrase[0] in RELATIONS and doc.is_upper(t)) and j - t == 1 and j + 1 < doc.n \
                and doc.gap(j) in (", ", ",") and not state.taken[j] and (
            doc.is_upper(t) and doc.is_upper(j) and doc.lex.is_name_word(doc.keys[j])
            or not doc.cap[t] and lower_name_word(doc, state, j, loose=True) and doc.keys[j] in doc.lex.first
        ):
            j = lower_name_end(doc, state, j, loose=True) if not doc.cap[t] else j + 1
        state.emit(t, j, label, 0.9)


#: The date after a name on a note's first line: digits, a month (written "April of 2011" too), a holiday.
_HEADER_DATE = re.compile(
    r"(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:of\s+)?\d|the\s+\d|"
    r"(?:mother|father)'?s\s+day|fourth\s+of|"
    + "|".join(re.escape(h).replace("'", "['’]?") for h in sorted(HOLIDAYS_EN, key=len, reverse=True)) + ")",
    re.I,
)
_HEADER_LINE = re.compile(r"[^\n,]{2,40}\.?,(?: [^\n,\d]{2,30}\.?,)? ", re.I)


def pass_header_name(doc: Tokens, state: PassState) -> None:
    """'Rusty Swan, 2020-01-26', 'W. Smith, jun 22 2000', 'herdis møller, 23-SEP-1999', 'bell, david,
    Halloween 2014', 'B. Simek, August of 2007': the patient's name (also LAST, FIRST) and the date of
    service on the first line of a note."""
    m = _HEADER_LINE.match(doc.text, doc.starts[0]) if doc.n else None
    if m is None or state.taken[0] or doc.starts[0] > 2 or not _HEADER_DATE.match(doc.text, m.end()):
        return
    j = 0
    while j < doc.n and j < 5 and (j == 0 or doc.gap(j) in (" ", ". ", ".")) and not state.taken[j]:
        j += 1  # the words before the line's first comma
    if j > 4 or not doc.text.startswith((",", ".,"), doc.ends[j - 1]):
        return
    if j < doc.n and doc.ends[j] < m.end() and doc.gap(j).strip() in (",", ".,") and not state.taken[j]:
        e = j + 1  # "bell, david, Halloween 2014": LAST, FIRST
        while e < doc.n and doc.ends[e] < m.end() and doc.gap(e) in (" ", ". ", ".") and not state.taken[e]:
            e += 1
        if doc.ends[e - 1] >= m.end() - 3 and e - j <= 2 and doc.keys[j] in doc.lex.first:
            j = e
        else:
            return
    case = {doc.is_upper(u) or doc.is_initial(u) for u in range(j)} if all(doc.cap[u] for u in range(j)) else (
        {"lower"} if not any(doc.cap[u] for u in range(j)) else {"mixed"})
    if "mixed" in case or any(doc.keys[u] in NAME_STOP or doc.keys[u] in TITLES for u in range(j)):
        return
    lex = doc.lex
    words = [u for u in range(j) if not doc.is_initial(u) and not lower_initial(doc, u)]
    if not words or not (any(lex.is_name_word(doc.keys[u]) for u in words) or j > len(words) or _misspelt_name(doc, words)):
        return  # "Brachytherapy, 12/3/2008": a procedure, not a person
    state.emit(0, j, PATIENT, 0.85)


def _misspelt_name(doc: Tokens, words: list[int]) -> bool:
    """'naosie broown', 'Blil Raghvan': two or three words no list knows, as a misspelt name is (a procedure
    or a heading has a common or clinical word: "Left Knee Arthroscopy", "Brachytherapy Planning")."""
    lex = doc.lex
    return 2 <= len(words) <= 3 and all(
        not lex.is_allowed(doc.keys[u]) and doc.keys[u].replace("-", "").isalpha() and len(doc.keys[u]) > 2
        and not doc.keys[u].endswith(_PROCEDURE_ENDINGS) for u in words)


_PROCEDURE_ENDINGS = ("ectomy", "otomy", "ostomy", "plasty", "scopy", "graphy", "ology", "itis", "osis", "ation")


#: A credential after a name and a comma in any case ("E. MARCONI, PHARMD AND MGAN PHIILLIPS").
_CREDENTIAL_ANY_CASE = re.compile(CREDENTIAL.pattern, re.I)


#: What follows "call me" when no name does: when and how to call ("call me back", "call me tomorrow").
_CALL_ADVERBS = frozenset("back later again soon tomorrow today tonight anytime asap when if at on about".split())
#: Auxiliaries that are given names too ("Will", "May", "Can"): before a common word they are the verb.
_MODALS = frozenset("will may can must shall would should could might did does".split())


def pass_names_after_and(doc: Tokens, state: PassState) -> None:
    """'Case reviewed with Mariane W., FRCS and polly butler', '... PA-C and Juliusz Kosalka': the
    second name of a pair after a name found (and its credential), in any case."""
    for f in list(state.found):
        if f.label not in (DOCTOR, PATIENT):
            continue
        end = state.spans[state.found.index(f)].end
        m = _CREDENTIAL_ANY_CASE.match(doc.text, end + 2) if doc.text.startswith(", ", end) else None
        pos = m.end() if m else end
        if doc.text[pos : pos + 5].lower() != " and ":
            continue
        from bisect import bisect_left

        t = bisect_left(doc.starts, pos + 5)
        if t >= doc.n or doc.starts[t] != pos + 5 or state.taken[t]:
            continue
        if doc.keys[t] in TITLES:
            continue  # the title pass has it
        k = doc.keys[t]
        if k in _MODALS and t + 1 < doc.n and doc.simple_gap(t + 1) and doc.lex.is_allowed(doc.keys[t + 1]) \
                and not doc.lex.is_name_word(doc.keys[t + 1]):
            continue  # "DR. XYZ AND WILL BE SEEING HIM": the sentence's verb, not a second name
        if not (doc.lex.is_name_word(k) or doc.is_initial(t) or lower_initial(doc, t)
                or doc.cap[t] and not doc.lex.is_allowed(k)):
            continue
        # after a credential the pair is two clinicians: a month or common word starts the second name too
        e = name_after(doc, state, t, strong=m is not None and not (doc.cap[t] and not doc.is_upper(t)))
        if e is not None and (e - t > 1 or doc.lex.is_name_word(k)):
            state.emit(t, e, f.label, 0.85)
