"""Name runs: how far a name goes once its first word is known.

A title, a cue or a lexicon pair says where a name starts; these functions say where it
ends: more capitalised name words, a middle initial, lowercase particles ("van der"),
and in notes typed in lowercase, lowercase name words. Shared by every name pass so that
"Dr. John A. Smith" and "seen by John A. Smith" end in the same place.
"""

from __future__ import annotations

import re

from .cues import (
    CALENDAR, CREDENTIAL_WORDS, EPONYM_HEADS, NAME_STOP, NOT_NAMES, NUMBER_AFTER, PARTICLES, RELATIONS,
    TITLE_NAMES, TITLES,
)
from .plainwords import opens_clause
from .state import PassState
from .tokens import Tokens, is_mc_name


#: A Korean or Cantonese given name of two syllables, the second in lower case: "Min-jun", "Seo-yeon", "Ka-wai".
_SYLLABLE_GIVEN = re.compile(r"[A-Z][a-z]{1,4}-[a-z]{2,5}")


#: English prefixes that open a hyphenated word of the same shape ("Pre-op", "Co-op", "Non-op", "Ex-wife").
_WORD_PREFIXES = frozenset("pre post non co re ex de un anti self semi mid sub bi tri in up out over".split())


def syllable_given(doc: Tokens, t: int) -> bool:
    """Token t is a given name of two romanized syllables ("Min-jun", "Hyun-woo", "Ka-wai"), not a
    hyphenated word ("Pre-op", "Co-op", "Follow-up": a prefix, or a second part the allowlist holds)."""
    w = doc.words[t]
    if "-" not in w or _SYLLABLE_GIVEN.fullmatch(w) is None:
        return False
    first, second = doc.keys[t].split("-")
    lex = doc.lex
    return first not in _WORD_PREFIXES and not lex.is_allowed(second) and (
        not lex.is_allowed(first) or first in lex.romanized_given)


def name_token_ok(doc: Tokens, t: int, upper: bool, strong: bool = False) -> bool:
    """Could token t continue a name run whose first token was (upper ? all caps : title case)?

    ``strong``: the run follows a title or cue, so capitalised clinical terms do not stop it.
    """
    w = doc.words[t]
    if not w[0].isupper():
        return False
    k = doc.keys[t]
    if syllable_given(doc, t):
        return True  # "Dr Kim Min-jun": the given name after the family name, whatever its syllables mean
    if k in doc.lex.head_last and t > 0 and syllable_given(doc, t - 1) and k in doc.lex.last \
            and doc.simple_gap(t):
        return True  # "Dr. Hyun-woo Park": a family name after the given name, though it heads places too
    if k in NAME_STOP or (k in TITLES and k not in TITLE_NAMES) or k in doc.lex.head_last:
        return False
    if k in NOT_NAMES and doc.is_upper(t):
        return False  # "DICTATED BY: DR. X. TRANSCRIBED BY:": the next header's word
    if w.isupper() and len(w) > 1:
        if not upper and k in CREDENTIAL_WORDS:
            return False
        if not upper:
            return doc.lex.is_name_word(k) and not doc.lex.is_allowed(k)
    lex = doc.lex
    return lex.is_name_word(k) or not lex.is_allowed(k, terms=not strong) or is_mc_name(w)


#: Verbs that are also given names ("Will", "May"): after a first and a last name they are the verb.
_VERBS_AFTER_NAME = frozenset("will would should could can did does might must shall".split())
#: Reporting verbs that are names too ("Said", "Saw"): in a note typed in one case they end even a
#: one-word name ("DR. X SAID THAT", "dr. xyz will see him").
_VERBS_CASELESS = _VERBS_AFTER_NAME | frozenset(
    "said says saw sees agrees agreed feels felt thinks thought recommended recommends stated states reported "
    "reports noted notes wants wanted".split()
)
#: Transcription placeholders for a name ("Dr. X", "Dr. XYZ"): nothing after them is the same name.
PLACEHOLDER_NAMES = frozenset("x xx xxx xyz abc abcd y z".split())


def _placeholder_alone(doc: Tokens, i: int, j: int) -> bool:
    """The name so far (tokens i..j-1) is one placeholder with no full stop ("Dr. X said"), not the
    initial of a name ("JANE Z. SMITH", "Dr. X. Smith")."""
    return j == i + 1 and doc.keys[i] in PLACEHOLDER_NAMES and not doc.gap(j).startswith(".")


def _next_key(doc: Tokens, j: int) -> str | None:
    return doc.keys[j + 1] if j + 1 < doc.n else None


def extend_name(doc: Tokens, state: PassState, i: int, max_tokens: int = 4, strong: bool = False) -> int:
    """End (exclusive) of the name run that starts at token i (token i is taken as given)."""
    upper = doc.is_upper(i)
    j = i + 1
    count = 1
    while j < doc.n and count < max_tokens and not state.taken[j]:
        if doc.words[j - 1].endswith(("'s", "’s", "'S", "’S")):
            break  # "Lamovec's Cautionary Tales", "DR. DEVLIN'S EXPERTISE"
        prev_initial = doc.is_initial(j - 1)
        if not (doc.initial_gap(j) if prev_initial else doc.simple_gap(j)):
            break
        k = doc.keys[j]
        if doc.gap(j) not in (" ", ". ", ".") and not doc.lex.is_name_word(k):
            break  # "Estefania Romero Selas  NoCol": a wide gap ends the name
        if doc.is_initial(j):
            # a middle initial needs a name after it, or a period ending the name
            after = doc.gap(j + 1) if j + 1 < doc.n else doc.gap(doc.n)
            if j + 1 < doc.n and doc.initial_gap(j + 1) and name_token_ok(doc, j + 1, upper, strong):
                j += 1
                count += 1
                continue
            if doc.words[j] != "I" and (
                after.startswith(".")
                or (upper and ("\n" in after or j + 1 >= doc.n or after.startswith(("  ", "\t"))))
            ):
                j += 1  # "Smith J." / "SMITH, JOHN A<newline>"
            break
        if k in PARTICLES and not doc.is_cap(j):
            u = j
            while u < doc.n and doc.keys[u] in PARTICLES and not doc.cap[u] and u - j < 3:
                u += 1
            if u < doc.n and u > j and doc.simple_gap(u) and name_token_ok(doc, u, upper, strong):
                j = u + 1
                count += 1
                continue
            break
        if not name_token_ok(doc, j, upper, strong):
            break
        if k in EPONYM_HEADS or (k in _VERBS_AFTER_NAME and j - i >= 2 and not doc.is_initial(j - 1)):
            break  # "DR. DREW POTOCZNA WILL PLAN": a modal after a full name is the sentence's verb
        if (upper or state.recased) and (k in _VERBS_CASELESS or _placeholder_alone(doc, i, j)
                                         or k not in doc.lex.last and opens_clause(k, _next_key(doc, j))):
            break  # "DR. XYZ WILL SEE HIM", "DR. X SAID", "Dr. Dunn Over the tube": the sentence goes on
        
        j += 1
        count += 1
    return j


def lower_name_word(doc: Tokens, state: PassState, t: int, loose: bool) -> bool:
    """Could lowercase token t be part of a name? ``loose``: a title or brackets vouch for it,
    so an unknown word or a name that is also a common word will do."""
    if t >= doc.n or doc.cap[t] or state.taken[t]:
        return False
    k = doc.keys[t]
    if len(k) < 2 or not k.replace("-", "").replace("'", "").isalpha():
        return False
    if k in NAME_STOP or k in TITLES or k in CALENDAR or k in RELATIONS or k in CREDENTIAL_WORDS or k in NOT_NAMES:
        return False
    lex = doc.lex
    if lex.is_name_word(k) and not lex.is_allowed(k):
        return True
    return loose and (lex.is_name_word(k) or not lex.is_allowed(k, terms=False))


def lower_initial(doc: Tokens, t: int) -> bool:
    """A lowercase initial: "kieran t schmidt", "megan j. fortano"; "a", "i", "e", "y", "o" (words too) only with
    its full stop and a word after it ("a. walton", "i.b. wilson"), and not in "a.m.", "e.g.", "i.e.", "a.k.a."."""
    w = doc.words[t]
    if len(w) != 1 or not w.islower():
        return False
    if w not in ("a", "i", "e", "y", "o"):
        return True
    if t + 1 >= doc.n or doc.gap(t + 1) not in (".", ". "):
        return False
    nxt = doc.words[t + 1]
    return not (doc.gap(t + 1) == "." and len(nxt) == 1 and (w + nxt) in _ABBREVIATION_PAIRS)


#: Dotted abbreviations whose first letter is also a word: "a.m.", "e.g.", "i.e.", "a.k.a.", "o.d.", "o.s.", "o.u.".
_ABBREVIATION_PAIRS = frozenset({"am", "eg", "ie", "ak", "od", "os", "ou", "ad", "ac", "ed", "oe", "ys"})


def lower_name_end(doc: Tokens, state: PassState, i: int, loose: bool, max_tokens: int = 3) -> int:
    """End of a lowercase name whose first word is token i: more name words and initials."""
    j = i + 1
    count = 1
    while j < doc.n and count < max_tokens and not state.taken[j]:
        if lower_initial(doc, j):
            if j + 1 < doc.n and doc.initial_gap(j + 1) and doc.simple_gap(j) \
                    and lower_name_word(doc, state, j + 1, True):
                j += 2  # "marcus z taylor": an initial vouches for the surname after it
                count += 1
                continue
            break
        if doc.keys[j] in PARTICLES and doc.simple_gap(j) and j + 1 < doc.n and doc.simple_gap(j + 1) \
                and not doc.cap[j] and lower_name_word(doc, state, j + 1, True) and doc.lex.is_name_word(doc.keys[j + 1]):
            j += 2  # "daisy da costa": a particle inside a name typed in lower case
            count += 1
            continue
        if not doc.simple_gap(j) or not lower_name_word(doc, state, j, loose):
            break
        if doc.keys[j] in _VERBS_CASELESS or _placeholder_alone(doc, i, j) \
                or doc.keys[j] not in doc.lex.last and opens_clause(doc.keys[j], _next_key(doc, j)):
            break  # "dr. xyz will see him", "dr. smith said", "dr. dunn over the tube": the sentence's verb
        j += 1
        count += 1
    return j


_DATE_BEFORE = frozenset(
    "in since during until till by of last next early late mid from through on before after this "
    "each every per".split()
)


def calendar_use(doc: Tokens, i: int) -> bool:
    """Month or day name token i used as a date: "May 2019", "in May", "May." at a start."""
    if NUMBER_AFTER.match(doc.text, doc.ends[i]) or doc.sentence_initial(i):
        return True
    return i > 0 and doc.keys[i - 1] in _DATE_BEFORE


def calendar_name(doc: Tokens, state: PassState, t: int, strong: bool = False) -> bool:
    """A month name that starts a name after a cue: 'June Price', 'signed by social worker june
    sarabia': a name word of the month's case follows it on the line ('re: april stone': after a strong
    cue also one that is a common word); 'May 5', 'June 2019' stay dates."""
    u = t + 1
    if u >= doc.n or state.taken[u] or not doc.simple_gap(u) or doc.cap[u] != doc.cap[t] or doc.is_initial(u):
        return False
    k = doc.keys[u]
    if k in NAME_STOP or k in CALENDAR or k in TITLES or k in CREDENTIAL_WORDS or NUMBER_AFTER.match(doc.text, doc.ends[t]):
        return False
    lex = doc.lex
    return lex.is_name_word(k) and (doc.cap[u] or strong or not lex.is_allowed(k)) \
        or strong and len(k) > 2 and k.isalpha() and not lex.is_allowed(k, terms=False)  # 'dr. june kolsut'
