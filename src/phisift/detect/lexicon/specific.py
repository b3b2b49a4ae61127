"""Whether a run of capitalised words names one particular place or body.

"General Hospital" and "Pain Clinic" say what kind of place it is; "Mayo Clinic" and
"Cobb County Hospital" say which one. Institution, organisation, street and profession
passes all ask this before they tag a run, so the answer lives in one place.
"""

from __future__ import annotations

from typing import Sequence

from .cues import (
    CALENDAR, INSTITUTION_PROPER, INST_CONNECTORS, INST_GENERIC, NAME_STOP, PARTICLES, SPECIALTY_WORDS,
)
from .tokens import Tokens


def city_prefix(doc: Tokens, a: int, b: int) -> bool:
    """Tokens a.. (before b) start with a known city of two or three words ("Salt Lake City",
    "Fall River", "North Shore")."""
    cities = doc.lex.cities
    for n in (3, 2):
        if a + n <= b and " ".join(doc.keys[a : a + n]) in cities:
            return True
    return False


def _double_barrelled(lex, k: str) -> bool:
    """A hyphenated name: a part no list knows, and every known part a person's name ("ziecik-brown",
    not "stepdown-unit" or "wolff-parkinson", whose parts are all known words)."""
    parts = [p for p in k.split("-") if p]
    unknown = [p for p in parts if not lex.is_allowed(p, terms=False)]
    return len(parts) >= 2 and bool(unknown) and all(p in unknown or lex.is_name_word(p) for p in parts)


_EPONYM_PREFIXES: dict[int, frozenset[str]] = {}
#: Kinds of health plan written as acronyms ("HMO insurance", "a PPO plan"): no insurer's name.
_PLAN_KINDS = frozenset({"hmo", "ppo", "epo", "hmos", "ppos"})
#: Endings of clinical disciplines and procedures that no list holds in every compound ("neurooncology").
_DISCIPLINE_ENDINGS = ("ology", "ologies", "ization", "isation", "ectomy", "oscopy", "ography", "iatry")


def _eponym_pair(lex, k: str) -> bool:
    """'wolff-parkinson' (of 'wolff-parkinson-white'): the start of a hyphenated eponym of the clinical
    allowlist, so a run in one case ending in a head ("WOLFF-PARKINSON CLINIC") is no practice; a
    double-barrelled name ("Walker-Hill", whose parts are common words too) is none of these."""
    prefixes = _EPONYM_PREFIXES.get(id(lex))
    if prefixes is None:
        parts = (w.split("-") for w in lex.allow if "-" in w)
        prefixes = _EPONYM_PREFIXES[id(lex)] = frozenset("-".join(p[:n]) for p in parts for n in range(2, len(p)))
    return k in prefixes


def specific(doc: Tokens, toks: Sequence[int]) -> bool:
    """At least one word that names something: not a common word ("Mayo", not "General").

    A surname or town that is also a common word names an institution too when it is written
    capitalised in a short name ("Page Hospital", "Cobb County Hospital", "Clark Clinic"), and
    so does a known place of several words ("North Shore", "Fall River"); words that only say what kind of
    place it is ("General", "Day", "Pain") never do.
    """
    lex = doc.lex
    toks = list(toks)
    if len(toks) > 1 and city_prefix(doc, toks[0], toks[-1] + 1):
        return True
    for t in toks:
        k = doc.keys[t]
        if k in INST_CONNECTORS or k in PARTICLES or len(k) < 2:
            continue
        if k in INSTITUTION_PROPER:
            return True
        if k in INST_GENERIC or k in NAME_STOP or k in SPECIALTY_WORDS or k in _PLAN_KINDS:
            continue  # ... and "OB/GYN CLINIC", "HMO INSURANCE": a service or a kind of plan says what kind
        if k.endswith(_DISCIPLINE_ENDINGS) and not lex.is_name_word(k):
            continue  # "Neuroopthalmology Clinic", "Postcatheterization Holding Area": what kind, not which one
        if "-" in k and _eponym_pair(lex, k):
            continue  # "Wolff-Parkinson clinic": a syndrome's clinic, not a practice
        if not lex.is_allowed(k, terms=False):
            return True
        if "-" in k and doc.cap[t] and _double_barrelled(lex, k):
            return True  # "Ziecik-Brown": a double-barrelled name names one practice or firm
        if k in lex.last and len(toks) <= 2 and doc.is_title_case(t) and k not in CALENDAR and (
            not doc.sentence_initial(t) or t == 0 or "\n" in doc.gap(t)
        ):
            return True
    return False
