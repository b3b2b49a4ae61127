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

import re
from bisect import bisect_right

from ...text import ENGLISH_STOPWORDS
from .casing import clinical_vocabulary
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
    for t in [v - 1 for v in doc.positions(CARE_NOUNS) if v > 0]:  # the tokens before a care word
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


_GREETINGS = frozenset("hi hello hey hiya morning evening afternoon".split())


def _opens_message(doc: Tokens, t: int) -> bool:
    """Token t opens the text, or follows only a greeting ("hi, pearl rohrdanz here")."""
    if t == 0:
        return True
    return t <= 2 and all(doc.keys[u] in _GREETINGS or doc.keys[u] == "good" for u in range(t)) and "\n" not in doc.gap(t)


_ITS = frozenset({"it", "its"})


def pass_its_name_here(doc: Tokens, state: PassState) -> None:
    """'It's Benjamin De here, DOB ...', "its mary here", "hi, pearl rohrdanz here, i had my bloods": the writer's
    name before "here", after "it's" or opening the message."""
    # only a token after "it"/"its" or among the first three can open the name: no test per token
    starts = sorted({a for a in (0, 1, 2) if a < doc.n - 1} | {u + 1 for u in doc.positions(_ITS) if u + 1 < doc.n - 1})
    for a in starts:
        its = a > 0 and doc.keys[a - 1] in ("it", "its") and doc.words[a - 1].lower() in ("it's", "it’s", "its")
        if not its and not _opens_message(doc, a):
            continue
        for size in (1, 2, 3):
            h = a + size
            if h >= doc.n or doc.keys[h] != "here" or not all(doc.simple_gap(u) for u in range(a + 1, h + 1)):
                continue
            after = doc.gap(h + 1).strip()[:1] if h + 1 < doc.n else ""
            if after not in ("", ",", ".", "-", "–", "!", ":", ";"):
                continue  # "it's John here who ...": read on only when "here" closes the phrase
            from_ = h + 1 < doc.n and doc.keys[h + 1] == "from" and doc.simple_gap(h + 1)
            if not its and not from_ and (size == 1 or h + 1 < doc.n and "," not in doc.gap(h + 1) and "-" not in doc.gap(h + 1)):
                continue  # opening the message: two words or more, then a comma or a dash ("Zora here -" is another pass's),
                # or where the writer is from ("Radovana here from the nurse line")
            toks = range(a, h)
            last_ok = _name_word(doc, h - 1) or size > 1 and doc.keys[h - 1] in PARTICLES and doc.is_title_case(h - 1)
            if any(state.taken[u] for u in toks) or not _name_word(doc, a) or not last_ok:
                continue  # "Benjamin De": a capitalised particle may be the surname
            if not all(_name_word(doc, u) or doc.keys[u] in PARTICLES for u in toks):
                continue
            if not its and not any(doc.keys[u] in doc.lex.first for u in toks):
                continue  # a message's opening words need a listed given name among them
            if size == 1 and not doc.lex.is_name_word(doc.keys[a]) and doc.lex.is_allowed(doc.keys[a]):
                continue
            state.emit(a, h, PATIENT, 0.8)
            break


def pass_possessed_full_names(doc: Tokens, state: PassState) -> None:
    """"for Rodel Villanueva's physio", "natasza nabiałek's physio": a listed given name and a surname in the
    possessive before what a claim, a bill or a referral is for."""
    lex = doc.lex
    lower_text = doc.text.islower()
    for t in [u - 2 for u in doc.positions(_SERVICE_NOUNS) if u >= 2]:  # the service noun's index: no test per token
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


#: Kin a writer names themself by through the patient: "this is Hope's mom", "this is crystal's dad".
_WRITER_KIN = frozenset("mom mum mam mother dad father daddy mommy mummy wife husband partner daughter son sister "
                        "brother carer caregiver nan grandma grandmother grandpa grandfather aunt auntie uncle".split())


def pass_named_through_kin(doc: Tokens, state: PassState) -> None:
    """"this is Hope's mom, she is 72": the patient named by whose parent or carer the writer is; and a name
    that opens a message before its birth date ("Nirja De DOB 26.02.1998 needs a repeat")."""
    for t in range(2, doc.n - 1):
        if state.taken[t] or doc.keys[t - 2] != "this" or doc.keys[t - 1] != "is" or doc.keys[t + 1] not in _WRITER_KIN:
            continue
        if doc.words[t].lower().endswith(("'s", "’s")) and doc.simple_gap(t + 1) and _name_word(doc, t) or (
                doc.words[t].lower().endswith(("'s", "’s")) and doc.keys[t] in doc.lex.first):
            state.emit(t, t + 1, PATIENT, 0.8)
    for h in range(1, min(doc.n, 4)):
        if doc.keys[h] not in ("dob", "d.o.b") or any(state.taken[u] for u in range(h)) or "\n" in doc.text[:doc.starts[h]]:
            continue
        after = doc.text[doc.ends[h] : doc.ends[h] + 6].lstrip(" \t:.-")
        if not after[:1].isdigit() and not (h + 1 < doc.n and doc.keys[h + 1] in CALENDAR):
            continue  # "... DOB 26.02.1998": a birth date follows (numbers are no tokens)
        if all(_name_word(doc, u) or u and doc.keys[u] in PARTICLES and doc.cap[u] for u in range(h)) and (
                any(doc.keys[u] in doc.lex.first or doc.keys[u] in doc.lex.last for u in range(h))):
            state.emit(0, h, PATIENT, 0.8)


_OWNERS = frozenset("my our his her their".split())
_BRACKETED_AGE = re.compile(r"[ \t]*\([ \t]*[0-9]{1,3}[ \t]*\)")


def pass_kin_name_before_age(doc: Tokens, state: PassState) -> None:
    """"my mum juan short (16) has been confused", "my mum kenneth little (24)": a relative's given name and
    surname before their bracketed age (the surname may be a word: the bracketed age closes the name)."""
    for t in [u + 2 for u in doc.positions(_OWNERS) if u + 2 < doc.n - 1]:  # the owners' index: no test per token
        if state.taken[t] or state.taken[t + 1]:
            continue
        if doc.keys[t - 1] not in RELATIONS and doc.keys[t - 1] not in _WRITER_KIN:
            continue
        if not (doc.simple_gap(t) and doc.simple_gap(t + 1)) or not _BRACKETED_AGE.match(doc.text, doc.ends[t + 1]):
            continue
        k1, k2 = doc.keys[t], doc.keys[t + 1]
        if k1 not in doc.lex.first or not k2.replace("-", "").replace("'", "").isalpha() or len(k2) < 2:
            continue
        if any(k in NAME_STOP or k in TITLES or k in CALENDAR or k in NOT_NAMES or k in ENGLISH_STOPWORDS for k in (k1, k2)):
            continue
        state.emit(t, t + 2, PATIENT, 0.8)


#: What follows a writer's full name after "I am" / "this is": where they are from, a new clause or a field.
_AFTER_INTRODUCED = frozenset("from the and calling writing here i im my dob born age aged of at in".split())
_INTRODUCERS = {"am": "i", "is": "this"}


def pass_introduced_names(doc: Tokens, state: PassState) -> None:
    """"Bonjour, I am Honey Methavorakul from Durban", "this is honey kairys the pharmacy says": a writer's given
    name (listed, or in a cased text any title-case word no list allows: "I am Tahnh Ngyen from") and a surname no
    word list allows, after "I am" or "this is" and before where they are from,
    a new clause or a stop ("I am Black and", "this is Normal" stay: one word, or a word for a surname)."""
    lex = doc.lex
    lower_text = doc.text.islower() or state.recased
    for t in doc.follow(_INTRODUCERS):  # the tokens after "am" / "is": the only ones this pass acts at
        v = t - 1
        if v < 1 or t + 1 >= doc.n or doc.keys[v - 1] != _INTRODUCERS[doc.keys[v]] or state.taken[t] or state.taken[t + 1]:
            continue
        if not (doc.simple_gap(v) and doc.simple_gap(t) and doc.simple_gap(t + 1)):
            continue
        if t + 2 < doc.n and doc.simple_gap(t + 2) and doc.keys[t + 2] not in _AFTER_INTRODUCED:
            continue
        k1, k2 = doc.keys[t], doc.keys[t + 1]
        if k1 in NAME_STOP or k1 in CALENDAR or k1 in NOT_NAMES or k1 in RELATIONS:
            continue
        if not _name_word(doc, t + 1) or lex.is_allowed(k2) or k2 in TITLES:
            continue
        if not lower_text and not (doc.is_title_case(t) and doc.is_title_case(t + 1)):
            continue
        if k1 not in lex.first and (lower_text or not _name_word(doc, t) or lex.is_allowed(k1) or lex.is_place_word(k1)):
            continue  # capitalised, a given name no list holds ("I am Tahnh Ngyen from"); in lower case a listed one
        state.emit(t, t + 2, PATIENT, 0.75)


#: An age in brackets with what makes it one: "(5 months)", "(3 mos)", "(4 yo)", "(age 7)", "(6 years old)".
_BRACKETED_AGE_WORDS = re.compile(
    r"\([ \t]*(?:(?:age|aged)[ \t]+[0-9]{1,3}|[0-9]{1,3}[ \t]*(?:months?|mos?|yo|y/o|y\.o\.|(?:years?|yrs?)[ \t]+old)"
    r"(?:[ \t]+old)?)[ \t]*\)", re.IGNORECASE)


_PLACE_PREPS = frozenset("in at from to near into".split())


def pass_names_before_bracketed_age(doc: Tokens, state: PassState) -> None:
    """"mother called about Sky (5 months) with fever", "Pt Honey (age 7) has a rash": a capitalised word mid-sentence
    (in a text typed in lower case, a listed given name) right before a bracketed age is the person it belongs to;
    never a word of the notes ("Tylenol (5 months)", "Cough (3 mos)") or a title, month or kin word."""
    if "(" not in doc.text:
        return
    lex = doc.lex
    lower_text = doc.text.islower() or state.recased
    for m in _BRACKETED_AGE_WORDS.finditer(doc.text):  # a literal "(" opens it: the engine skips to those
        t = bisect_right(doc.ends, m.start()) - 1
        if t < 1 or state.taken[t] or doc.text[doc.ends[t] : m.start()].strip(" \t"):
            continue
        k = doc.keys[t]
        if not k.replace("-", "").isalpha() or len(k) < 2 or k in NAME_STOP or k in TITLES or k in CALENDAR \
                or k in NOT_NAMES or k in RELATIONS or k in KIN_NOT_PLACES or k in ENGLISH_STOPWORDS:
            continue
        if lex.is_place_word(k) and doc.keys[t - 1] in _PLACE_PREPS:
            continue  # "lived in Boston (2 years old)"
        if lower_text:
            if k not in lex.first:
                continue
        elif not doc.is_title_case(t) or doc.gap(t).strip()[-1:] in (".", "!", "?", ":") or "\n" in doc.gap(t) \
                or k in lex.terms or k not in lex.first and (k in clinical_vocabulary() or lex.is_allowed(k)):
            continue
        state.emit(t, t + 1, PATIENT, 0.75)
