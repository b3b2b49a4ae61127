"""People named with evidence around them: a credential, a title, a cue phrase.

"John A. Smith, MD", "Dr. Jones", "mrs. novais", "seen by Mary Lee", "his daughter Ann",
"Patient: SMITH, JOHN", "cc: Dr. A; Dr. B". These are the strongest name evidence, so
they run before the word-list passes.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from .cues import (
    CALENDAR, CREDENTIAL, CREDENTIAL_GAP, CREDENTIAL_WORDS, CUE_LAST, CUE_MAXLEN, HOLIDAY_WORDS, LOWER_TITLES,
    NAME_CUES, NAME_STOP, NOT_NAMES, PARTICLES, POSSESSED_KIN, POSSESSED_PEERS, PUBLIC_PROGRAMMES, RELATIONS, SEVERITY,
    SLIPPED_KIN, TITLES, TITLE_NEEDS_DOT, TITLE_NEEDS_DOT_UPPER,
)
from .casing import clinical_vocabulary, inflected
from .english import english_words
from .plainwords import verb_after_title
from .labels import DOCTOR, PATIENT
from .name_runs import (
    calendar_name, calendar_use, extend_name, lower_initial, lower_name_end, lower_name_word, name_token_ok,
)
from .state import PassState
from .tokens import SPACE_GAPS, Tokens, is_mc_name

_LIST_GAP = re.compile(r"^\s*[,;]\s*(?:and\s+)?$|^\s+and\s+$")


def pass_credentials(doc: Tokens, state: PassState) -> None:
    """'John A. Smith, MD', 'SMITH, JOHN RN': the capitalised words before a credential."""
    text = doc.text
    lex = doc.lex
    for m in doc.credentials:
        # the last word before the credential, separated by ", " or spaces only
        t = bisect_right(doc.ends, m.start()) - 1
        if t < 0 or not CREDENTIAL_GAP.fullmatch(text, doc.ends[t], m.start()):
            continue
        if state.taken[t] or not doc.cap[t] or (doc.starts[t] and text[doc.starts[t] - 1].isdigit()):
            continue  # a word glued to digits is a code's tail, no name ("wolverhampton m8a 2ah, do i")
        # walk left over the name: capitalised words, initials, particles, "Last, First"
        j = t + 1
        i = t
        comma = False
        while i - 1 >= 0 and j - i < 4:
            p = i - 1
            if state.taken[p]:
                break
            g = doc.gap(i)
            kp = doc.keys[p]
            if doc.is_initial(p) and doc.initial_gap(i):
                i = p
                continue
            if kp in TITLES or kp in NAME_STOP or kp in lex.head_last:
                break
            if g in SPACE_GAPS and (doc.cap[p] or kp in PARTICLES):
                i = p
                continue
            if g.strip() == "," and "\n" not in g and not comma and doc.cap[p] \
                    and sum(1 for u in range(i, j) if not doc.is_initial(u)) == 1:
                i = p  # "Smith, John (A) MD": the surname too
                comma = True
                continue
            break
        while i < j and (doc.keys[i] in PARTICLES and not doc.is_initial(i) or not doc.cap[i]):
            i += 1  # "van Dyke, MD" loses "van"; "E. Marconi, PharmD" keeps its initial
        toks = [u for u in range(i, j) if not doc.is_initial(u)]
        if not toks:
            continue
        if not any(lex.is_name_word(doc.keys[u]) or not lex.is_allowed(doc.keys[u], terms=False) for u in toks):
            continue
        if len(toks) == 1 and not lex.is_name_word(doc.keys[toks[0]]) and doc.sentence_initial(toks[0]):
            continue
        if any(doc.is_upper(u) and not lex.is_name_word(doc.keys[u]) for u in toks):
            continue  # "CBC, GS": abbreviations, not a name
        if any(doc.keys[u] in CREDENTIAL_WORDS for u in toks):
            continue
        state.emit(i, j, DOCTOR, 0.92)


#: After "Ms. D. Mall": the sentence or clause ends ("Dr. X. Once the ..." is a placeholder and a sentence).
_NAME_CLOSED = re.compile(r"[.,;:)]|[ \t]*$", re.M)


#: Titles written out in full: a period after them ends the sentence ("see the doctor. Small fracture").
_SPELLED_TITLES = frozenset({"doctor", "doctora", "professor", "mister", "madam"})


def pass_titles(doc: Tokens, state: PassState) -> None:
    """'Dr. Smith', 'Mrs. Jane Doe', 'Sra. de la Fuente': the name after a title takes the title's label."""
    for i in doc.caps:
        k = doc.keys[i]
        if k not in TITLES or i + 1 >= doc.n or state.taken[i + 1]:
            continue
        w = doc.words[i]
        if w.endswith(("'s", "’s")):
            continue  # "Doctor's Address"
        g = doc.gap(i + 1)
        if "\n" in g:
            continue
        dotted = g.startswith(".")
        if dotted and k in _SPELLED_TITLES:
            continue  # "went to see doctor. Small fracture": a title written out takes no period
        caps_title = w.isupper() and len(w) > 1
        if caps_title and k in TITLE_NEEDS_DOT_UPPER and not dotted:
            continue
        if caps_title and doc.lex.is_allowed(doc.keys[i + 1]) and not doc.lex.is_name_word(doc.keys[i + 1]):
            continue  # "No significant MR. Mitral inflow"
        if k in TITLE_NEEDS_DOT and not dotted:
            continue
        if g not in (".", ". ", ".  ", " ", "  ") and not (dotted and g.strip(" .") == ""):
            continue
        label = TITLES[k]
        t = i + 1
        if not dotted and verb_after_title(k, doc.keys[t], doc.keys[t + 1] if t + 1 < doc.n else None):
            continue  # "DOCTOR PUT HIM ON LIGHT DUTY", "Doctor said he had a strain"
        if k == "don":
            # "Don" is a Spanish title only before a first name; otherwise it is a first name
            if not (doc.keys[t] in doc.lex.first and doc.is_title_case(t) and not doc.lex.is_allowed(doc.keys[t])):
                continue
        if doc.keys[t] in PARTICLES and not doc.is_cap(t):
            # "Dr. van der Berg", "Sra. de la Fuente"
            u = t
            while u < doc.n and doc.keys[u] in PARTICLES and not doc.cap[u] and u - t < 3:
                u += 1
            if u < doc.n and u > t and doc.simple_gap(u) and doc.cap[u] and len(doc.keys[u]) > 1:
                j = extend_name(doc, state, u, strong=True)
                state.emit(t, j, label, 0.95)
            continue
        if not doc.is_cap(t):
            continue
        kt = doc.keys[t]
        if len(kt) < 2:
            # "Dr. J. Smith"; "Dr. X" and "Mr. T's" are placeholders, not names
            if t + 1 < doc.n and doc.initial_gap(t + 1) and len(doc.words[t + 1]) > 1 \
                    and name_token_ok(doc, t + 1, doc.is_upper(t + 1)):
                j = extend_name(doc, state, t, strong=True)
                state.emit(t, j, label, 0.95)
            elif kt != "x" and t + 1 < doc.n and doc.gap(t + 1) == ". " and _NAME_CLOSED.match(doc.text, doc.ends[t + 1]) \
                    and doc.is_title_case(t + 1) and len(doc.words[t + 1]) > 2 and not state.taken[t + 1] \
                    and doc.keys[t + 1] not in NAME_STOP and doc.keys[t + 1] not in CALENDAR \
                    and not doc.eponym_after(t + 2):
                state.emit(t, t + 2, label, 0.95)  # "Ms. D. Mall": title and initial make any surname a name
            continue
        if kt in NAME_STOP or kt in TITLES:
            continue
        j = extend_name(doc, state, t, strong=True)
        state.emit(t, j, label, 0.95)


def pass_lower_titles(doc: Tokens, state: PassState) -> None:
    """'mrs. novais', 'ms wallace', 'dr. vidhi stolleano': titles in notes typed in lowercase."""
    lex = doc.lex
    for t in doc.after_keys(LOWER_TITLES):
        i = t - 1
        w = doc.words[i]
        if state.taken[t] or w not in LOWER_TITLES:
            continue
        g = doc.gap(t)
        if "\n" in g or g not in (".", ". ", ".  ", " "):
            continue
        dotted = g.startswith(".")
        if w in ("mr", "ms"):
            if i > 0 and (doc.keys[i - 1] in SEVERITY or doc.gap(i).rstrip()[-1:].isdigit()
                          or doc.gap(i).rstrip().endswith("+")):
                continue  # "mild mr. trace tr", "120 ms."
        label = TITLES[w]
        if doc.cap[t]:
            kt = doc.keys[t]
            if len(kt) < 2 or kt in NAME_STOP or kt in TITLES:
                continue
            if not (lex.is_name_word(kt) or not lex.is_allowed(kt, terms=False)):
                continue
            state.emit(t, extend_name(doc, state, t, strong=True), label, 0.9)
            continue
        k = doc.keys[t]
        if lower_initial(doc, t) and doc.gap(t + 1 if t + 1 < doc.n else t) in (". ", ".") and dotted \
                and lower_name_word(doc, state, t + 1, loose=True) \
                and not (t + 2 < doc.n and doc.gap(t + 2).startswith(":") and not lex.is_name_word(doc.keys[t + 1])):
            # not "dr. x. consultants: cardiology": a header after a placeholder initial
            state.emit(t, lower_name_end(doc, state, t + 1, loose=True), label, 0.9)  # "mr. h. fry", "ms. ó. walker"
            continue
        pair = _first_last_after_title(doc, state, t)
        if w in ("mr", "ms") and not dotted:
            ok = lex.is_name_word(k) and not lex.is_allowed(k) or pair
        else:
            ok = lower_name_word(doc, state, t, loose=True) and (
                w not in ("mr", "ms") or lex.is_name_word(k) or not lex.is_allowed(k)
            ) or pair or dotted and k in CALENDAR and calendar_name(doc, state, t, strong=True)  # "dr. june kolsut"
        if not ok:
            continue
        j = lower_name_end(doc, state, t, loose=w in ("dr", "mrs", "drs"))
        if j == t + 1 and k in CALENDAR:
            j = lower_name_end(doc, state, t + 1, loose=True)
        if pair and j == t + 1:
            j = t + 2  # "ms. matthew walker,", "mr crystal cook at": a surname that is also a word
        state.emit(t, j, label, 0.9)


_AFTER_NAME_WORDS = frozenset("is was has had will at who called states reports agrees".split())


def _first_last_after_title(doc: Tokens, state: PassState, t: int) -> bool:
    """After a lowercase title, a given name and a surname from the lists, closed by punctuation or a verb:
    'ms. matthew walker, is', 'mr crystal cook at', 'mr art mcgirl.' (either may be a common word)."""
    lex = doc.lex
    if t + 1 >= doc.n or doc.cap[t] or doc.cap[t + 1] or state.taken[t + 1] or not doc.simple_gap(t + 1):
        return False
    k1, k2 = doc.keys[t], doc.keys[t + 1]
    if k1 not in lex.first or k1 in NAME_STOP or k2 in NAME_STOP or k1 in CALENDAR or k2 in CALENDAR:
        return False
    if not (k2 in lex.last or not (lex.is_allowed(k2) or lex.is_place_word(k2)) and k2.isalpha() and len(k2) > 2):
        return False
    after = doc.gap(t + 2) if t + 2 <= doc.n else ""
    return t + 2 >= doc.n or after.strip()[:1] in (",", ".", ";", ")", ":") or (
        doc.simple_gap(t + 2) and doc.keys[t + 2] in _AFTER_NAME_WORDS)


#: Field names that follow a name in a header line ("RE: ABC, DOB: ...").
_HEADER_WORDS = frozenset("dob mrn mr id ssn age sex dos doa acct account unit room bed date".split())


def _accept_cue_word(doc: Tokens, state: PassState, t: int, lexicon_only: bool, header: bool = False) -> bool:
    """Can capitalised token t start the name after a cue? ``lexicon_only``: a weak cue, so only
    a name word will do; ``header``: after a colon, where capitals and 'LAST,FIRST' are usual."""
    if t >= doc.n or state.taken[t] or not doc.is_cap(t):
        return False
    k = doc.keys[t]
    if k in NAME_STOP or k in TITLES or k in doc.lex.head_last or len(doc.words[t]) < 2:
        return False
    if k in CREDENTIAL_WORDS or k in NOT_NAMES or CREDENTIAL.fullmatch(doc.words[t]):
        return False  # "Dictated by Scribe: ...", "The patient is Age: 67"
    if k in PUBLIC_PROGRAMMES:
        return False  # "Approved by Medicare": a programme, no clinician
    if "º" in k or "ª" in k:
        return False  # "NºCol": an abbreviation, not a name
    lex = doc.lex
    if state.recased and not lex.is_name_word(k) and _inflected_word(lex, k):
        return False  # "granny picks him up" typed in one case: the recasing's capital on a verb
    if header and doc.is_upper(t) and t + 1 < doc.n and doc.gap(t + 1).strip() == "," and "\n" not in doc.gap(t + 1) \
            and doc.is_upper(t + 1) and not lex.is_allowed(k) and not lex.is_allowed(doc.keys[t + 1]) \
            and len(k) > 2 and k.isalpha() and len(doc.keys[t + 1]) > 2 and doc.keys[t + 1] not in _HEADER_WORDS \
            and not doc.gap(t + 2).lstrip().startswith((":", "#")):
        return True  # "PATIENT: DRURER,BINDINA": a name in the LAST,FIRST shape of a header
    if doc.is_upper(t) or lexicon_only:
        # capitals: a name word, and not a common one unless in a header ("NAME: BROWN, MARY")
        return lex.is_name_word(k) and (header or not doc.is_upper(t) or not lex.is_allowed(k))
    if lex.is_name_word(k) or is_mc_name(doc.words[t]):
        return True
    if doc.is_title_case(t) and t + 1 < doc.n and doc.simple_gap(t + 1) and doc.is_title_case(t + 1) \
            and lex.is_name_word(doc.keys[t + 1]) and k.isalpha() and not lex.is_place_word(k):
        return True  # "Emergency contact is Honor Escobar-Karlsson": a given name that is a word, then a surname
    return not lex.is_allowed(k) and not lex.is_place_word(k)


def pass_name_cues(doc: Tokens, state: PassState) -> None:
    """'seen by John Smith', 'Attending: Smith, John', 'his daughter Mary': the name after a cue phrase
    of :data:`.cues.NAME_CUES` takes the cue's label (a 'cc:' list is split into its names)."""
    for i, phrase in doc.after_phrases(CUE_LAST, NAME_CUES, CUE_MAXLEN):
        if state.taken[i]:
            continue
        if doc.words[i - 1].lower().endswith(("'s", "’s", "s'")) and doc.keys[i - 1] != "it" \
                or doc.keys[i] in HOLIDAY_WORDS:
            continue  # "Mother's Day", "her son's school": a possessive relation names nobody ("hi it's Ann" does)
        label, needs_colon, lexicon_only = NAME_CUES[phrase]
        g = doc.gap(i)
        if "\n" in g:
            continue
        stripped = g.strip()
        if needs_colon and stripped not in (":", "-", "–"):
            continue
        if stripped not in ("", ":", ",", "(", "-", "–", ":-", "="):
            continue
        # "Patient: Mr. Smith" etc. are the title pass's; "cc: Dr. A, Dr. B" too
        if phrase == ("cc",) or phrase == ("copy", "to") or phrase == ("copies", "to"):
            _cc_list(doc, state, i, label)
            continue
        first_tok = i
        header = stripped == ":"
        if doc.keys[i] in PARTICLES and i + 1 < doc.n and doc.simple_gap(i + 1) and doc.cap[i + 1]:
            i += 1  # "Apellidos: De Miguel Rivera"
        elif doc.is_initial(i) and i + 1 < doc.n and doc.initial_gap(i + 1) and doc.cap[i + 1] \
                and not (doc.keys[i] in NAME_STOP and "." not in doc.gap(i + 1)):
            i += 1  # "her son I. Smith"; not "GAVE MOM A KISS" in capitals
        if not _accept_cue_word(doc, state, i, lexicon_only, header=header):
            if label == PATIENT and not needs_colon and stripped in ("", ",", "("):
                _relation_name_lower(doc, state, first_tok, phrase, stripped, lexicon_only)
            continue
        j = extend_name(doc, state, i, strong=True)
        i = first_tok
        if doc.eponym_after(j) or doc.dose_after(j):
            continue  # "seen by Doppler examination"
        if j - i == 1 and doc.keys[i] in CALENDAR and calendar_use(doc, i):
            continue  # "seen by ... May 2019"
        # "Attending: Smith, John"
        if j - i == 1 and j < doc.n and doc.gap(j).strip() == "," and "\n" not in doc.gap(j) \
                and (doc.keys[j] in doc.lex.first or header) and doc.is_cap(j) and len(doc.keys[j]) > 1 \
                and not doc.lex.is_allowed(doc.keys[j]) and doc.is_upper(j) == doc.is_upper(i) and not state.taken[j] \
                and not doc.department_at(j):
            j = extend_name(doc, state, j, strong=True)  # "Name: Griner, Wemmastyn"
        if header and j - i == 1 and _line_rest_is_word(doc, state, j):
            j += 1  # "RE: Chase Swan<newline>": a header line's two capitalised words are the name
        score = 0.95 if stripped == ":" else 0.9
        state.emit(i, j, label, score)


def _line_rest_is_word(doc: Tokens, state: PassState, j: int) -> bool:
    """Token j is one title-case word that ends the line after a header's first name word ("Swan")."""
    if j >= doc.n or state.taken[j] or not doc.simple_gap(j) or not doc.is_title_case(j):
        return False
    if j + 1 < doc.n and "\n" not in doc.gap(j + 1):
        return False
    k = doc.keys[j]
    lex = doc.lex
    return not (k in NAME_STOP or k in TITLES or k in CALENDAR or k in lex.head_last or k in lex.terms
                or k in CREDENTIAL_WORDS or k in NOT_NAMES or lex.is_place_word(k) or doc.eponym_after(j)
                or (k in clinical_vocabulary() and k not in lex.last))


def _enclosed_after(doc: Tokens, j: int, opener: str) -> bool:
    """The name that ends at token j-1 is closed like it was opened: "(mary)", ", mark,"."""
    after = doc.gap(j).lstrip(" \t")
    if opener == "(":
        return after.startswith(")")
    return opener == "," and after.startswith((",", ";")) and "\n" not in doc.gap(j)[:1]


def _inflected_word(lex, k: str) -> bool:
    """A verb or a plural of a common word: "PICKS", "HITS", "PRESIDENTS", "STRADDLING"."""
    if inflected(k):
        return True
    return k.endswith("s") and (k[:-1] in clinical_vocabulary() or lex.is_allowed(k[:-1]))


def _relation_name_lower(doc: Tokens, state: PassState, i: int, phrase: tuple, opener: str, lexicon_only: bool) -> None:
    """'his wife mary', 'her friend, patricia,', 'her friend (sesbeta)', 'HER GRANDSON HICHONUS'."""
    lex = doc.lex
    if i >= doc.n or state.taken[i]:
        return
    relation = phrase[-1] in RELATIONS or phrase[-1] == "named" or phrase[-1] in POSSESSED_KIN \
        or phrase[-1] in POSSESSED_PEERS or phrase[-1] in SLIPPED_KIN  # "my boss nick robert needs", "my daugter ruby"
    k = doc.keys[i]
    if doc.cap[i]:
        # capitals: an unknown word after a relation in a note written in capitals, or a common
        # first name closed by commas ("HIS NEIGHBOR, AUTUMN, BY PHONE")
        if not (relation and doc.is_upper(i) and doc.is_upper(i - 1)) or k in NAME_STOP or k in TITLES:
            return
        j = i + 1
        if lex.is_name_word(k) and _enclosed_after(doc, j, opener):
            state.emit(i, j, PATIENT, 0.85)
        elif not lex.is_allowed(k) and not lex.is_name_word(k) and len(k) > 3 and k.isalpha() \
                and not lex.is_place_word(k) and not _inflected_word(lex, k):
            state.emit(i, j, PATIENT, 0.8)
        return
    if not (relation or lexicon_only):
        return
    if lower_initial(doc, i):
        # "her son m. taylor"
        if i + 1 < doc.n and doc.initial_gap(i + 1) and lower_name_word(doc, state, i + 1, True):
            state.emit(i, lower_name_end(doc, state, i + 1, True), PATIENT, 0.85)
        return
    first = k in lex.first and not lex.is_allowed(k)
    loose_end = lower_name_end(doc, state, i, True)
    enclosed = opener in ("(", ",") and _enclosed_after(doc, loose_end, opener)
    if enclosed and relation and lower_name_word(doc, state, i, True):
        state.emit(i, loose_end, PATIENT, 0.85)  # "her friend (sesbeta)", "his friend, mark, and"
    elif first and k in lex.first_common:
        # "his wife mary", "your patient, isabela moraes"
        state.emit(i, lower_name_end(doc, state, i, False), PATIENT, 0.85)
    elif relation and k in lex.first and _owned(doc, i - len(phrase)):
        # "my partner ruby needs", "my grandmother will needs": a first name that is also a word,
        # after a possessive relative and before a verb that agrees with a person, not a modal's bare verb;
        # a listed surname may stand between ("my mom rosalind okafor is 91")
        end = i + 1 + _lower_surname(doc, i + 1)
        if _finite_verb_after(doc, end) or _name_closed_after(doc, end):
            state.emit(i, end, PATIENT, 0.8)
    elif relation and _owned(doc, i - len(phrase)) and k.isalpha() and len(k) >= 4 and not lex.is_allowed(k) \
            and k not in english_words() and k not in lex.terms and _finite_verb_after(doc, i + 1):
        state.emit(i, i + 1, PATIENT, 0.75)  # "my son przemyslaw keeps coughing": a name no list holds


#: Possessives before a relative in a question: "my son", "our daughter".
_OWNERS = frozenset("my our his her their your".split())
#: Finite verbs that follow a person as subject ("needs", "has had", "fell"), never the bare verb of a modal.
FINITE_AFTER_NAME = frozenset(
    "has had is was needs keeps kept says said fell fainted got gets takes took wants wanted seems feels felt "
    "complains complained developed broke swallowed ate drank refuses refused started stopped woke vomited "
    "threw coughed cries cried sleeps slept wets weighs weighed tested went goes passed collapsed hurt hurts "
    "uses used lives lived works worked can't cannot won't doesn't didn't hasn't isn't wasn't".split()
)


def _owned(doc: Tokens, a: int) -> bool:
    """The relative phrase starting at token a has a possessive before it (or is one: 'my baby')."""
    return 0 <= a < doc.n and (doc.keys[a] in _OWNERS or a > 0 and doc.keys[a - 1] in _OWNERS)


def _lower_surname(doc: Tokens, j: int) -> int:
    """1 when token ``j`` is a lower-case listed surname that no list allows as a word, set off by one blank."""
    return int(j < doc.n and doc.simple_gap(j) and not doc.cap[j] and doc.keys[j] in doc.lex.last
               and not doc.lex.is_allowed(doc.keys[j]))


def _name_closed_after(doc: Tokens, j: int) -> bool:
    """The relative's name ends the question or opens an aside: "asking about my toddler june", "my mom
    rich?", "my son honor (age 7) has a temp"."""
    if j >= doc.n:
        return not doc.text[doc.ends[j - 1]:].strip(" \t.?!")
    gap = doc.gap(j).strip(" \t")
    return gap[:1] in (".", "?", "!") or gap == "(" and (doc.keys[j] == "age" or doc.words[j][:1].isdigit())


def _finite_verb_after(doc: Tokens, j: int) -> bool:
    return j < doc.n and doc.simple_gap(j) and doc.keys[j] in FINITE_AFTER_NAME


def _cc_list(doc: Tokens, state: PassState, i: int, label: str) -> None:
    """'cc: John Smith, MD; Mary Jones, RN and Dr. Lee' -> each name."""
    t = i
    while t < doc.n:
        if doc.keys[t] in TITLES:
            t += 1
            if t < doc.n and "\n" not in doc.gap(t):
                continue
            return
        if _accept_cue_word(doc, state, t, False):
            j = extend_name(doc, state, t, strong=True)
            state.emit(t, j, label, 0.92)
            t = j
        elif state.taken[t] or doc.keys[t] in CREDENTIAL_WORDS:
            t += 1
        else:
            return
        if t >= doc.n:
            return
        g = doc.gap(t)
        if "\n" in g:
            return
        if not (_LIST_GAP.match(g) or g.strip(" .,;") == "" or doc.keys[t] in CREDENTIAL_WORDS):
            return
