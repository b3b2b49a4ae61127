"""Organisations, programmes and figures that name no one: fellowships, national bodies, armed
services, religious and fictional figures, drink brands, car models.

Psychiatric, work-injury and discharge notes mention "Alcoholics Anonymous", "Job Corps",
"Child Protective Services", "the Marine Corps", "an American Heart Association diet",
delusions about "Jesus Christ" or "the FBI and CIA", a child's "Harry Potter" and a
teenager's "Red Bull", the "2015 Honda Civic" of a crash report: capitalised runs the institution, cue and name-pair passes would
take for an employer, a school or a person, though millions share them and none narrows a
patient down. This pass runs first and claims such a phrase without tagging it, so no
later pass reads it.

Court judgments name the court that writes them and its officers in every text ("the European
Court of Human Rights", "the Grand Chamber", "Mr S. Naismith, Deputy Section Registrar"): a
public body and roles, no one's identifier.

A phrase a specific word qualifies stays open: "Boston Head Start", "Springfield
Salvation Army", "the Department of Corrections of Ohio" name one place.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .cues import NAME_STOP
from .state import PassState
from .tokens import Tokens

#: Lowercase phrases (keys joined by spaces; "al-anon" is one token).
GENERIC_ORGS = frozenset(
    line.strip() for line in """
    alcoholics anonymous
    narcotics anonymous
    cocaine anonymous
    gamblers anonymous
    overeaters anonymous
    al-anon
    alateen
    head start
    early head start
    job corps
    peace corps
    marine corps
    army reserve
    air force
    coast guard
    national guard
    salvation army
    red cross
    american red cross
    meals on wheels
    social security
    social security administration
    social security disability
    child protective services
    adult protective services
    department of corrections
    department of social services
    department of children and family services
    department of children and families
    department of human services
    department of motor vehicles
    toyota camry
    toyota corolla
    toyota prius
    toyota rav4
    toyota tacoma
    toyota tundra
    toyota highlander
    toyota sienna
    toyota 4runner
    honda civic
    honda accord
    honda cr-v
    honda odyssey
    honda pilot
    honda fit
    ford f-150
    ford f-250
    ford focus
    ford fusion
    ford escape
    ford explorer
    ford ranger
    ford taurus
    ford mustang
    ford expedition
    chevrolet silverado
    chevrolet malibu
    chevrolet impala
    chevrolet equinox
    chevrolet tahoe
    chevrolet suburban
    chevrolet cruze
    chevrolet camaro
    chevrolet colorado
    chevy silverado
    chevy malibu
    chevy impala
    chevy equinox
    chevy tahoe
    chevy suburban
    chevy cruze
    chevy camaro
    chevy colorado
    nissan altima
    nissan sentra
    nissan rogue
    nissan maxima
    nissan pathfinder
    nissan frontier
    jeep wrangler
    jeep cherokee
    jeep liberty
    jeep compass
    dodge ram
    dodge caravan
    dodge charger
    dodge durango
    gmc sierra
    gmc yukon
    subaru outback
    subaru forester
    subaru impreza
    subaru legacy
    hyundai elantra
    hyundai sonata
    kia soul
    kia optima
    kia sorento
    volkswagen jetta
    volkswagen passat
    volkswagen beetle
    buick lesabre
    buick enclave
    jeep grand cherokee
    dodge grand caravan
    hyundai santa fe
    ram 1500
    department of veterans affairs
    veterans administration
    veterans affairs
    postal service
    catholic church
    baptist church
    methodist church
    lutheran church
    presbyterian church
    pentecostal church
    episcopal church
    mormon church
    american heart association
    american diabetes association
    american cancer society
    american lung association
    american academy of pediatrics
    american college of cardiology
    american society of anesthesiologists
    american medical association
    american psychiatric association
    world health organization
    centers for disease control
    food and drug administration
    national institutes of health
    new york heart association
    canadian cardiovascular society
    boy scouts
    girl scouts
    special olympics
    aa
    dhs
    dss
    dcfs
    dcf
    cps
    ssa
    detox
    vocational rehabilitation
    rescue mission
    post office
    fbi
    cia
    irs
    secret service
    jesus christ
    lord jesus
    holy spirit
    virgin mary
    harry potter
    hannah montana
    mickey mouse
    minnie mouse
    barbie
    spongebob
    red bull
    jack daniel's
    jack daniel
    jack daniels
    european court of human rights
    european commission of human rights
    council of europe
    committee of ministers
    grand chamber
    section registrar
    deputy section registrar
    deputy registrar
    registrar
    """.strip().splitlines()
)
_LONGEST = max(len(p.split()) for p in GENERIC_ORGS)
_FIRST = frozenset(p.split()[0] for p in GENERIC_ORGS)
#: Words after a phrase that tie it to one place ("Salvation Army of Springfield", "Head Start in Lowell").
_PLACE_TIES = frozenset({"of", "in", "at"})


def _specific_word(doc: Tokens, t: int) -> bool:
    lex = doc.lex
    k = doc.keys[t]
    return lex.is_name_word(k) or lex.is_place_word(k) or not lex.is_allowed(k)


def _qualified(doc: Tokens, i: int, j: int) -> bool:
    """A specific word before tokens i..j-1 or a place after them: the phrase names one branch
    ("Boston Head Start", "Department of Social Services of Lake Michael", "... of płock")."""
    t = i - 1
    while t >= 0 and i - t <= 3 and doc.simple_gap(t + 1) and doc.is_cap(t) and doc.keys[t] not in NAME_STOP:
        if _specific_word(doc, t):
            return True
        t -= 1
    if j < doc.n and doc.keys[j] in _PLACE_TIES and doc.simple_gap(j):
        for t in range(j + 1, min(doc.n, j + 4)):
            if not doc.simple_gap(t) or doc.keys[t] in NAME_STOP:
                break
            if doc.is_cap(t) or _specific_word(doc, t):
                return True
    return False


def pass_generic_orgs(doc: Tokens, state: PassState) -> None:
    """Claim, untagged, every generic organisation or programme that no specific word qualifies."""
    cursor = 0  # past the last run claimed
    for i in doc.positions(_FIRST):
        if i < cursor or state.taken[i]:
            continue
        end = None
        for n in range(min(_LONGEST, doc.n - i), 0, -1):
            if all(doc.simple_gap(t) for t in range(i + 1, i + n)) \
                    and " ".join(doc.keys[i : i + n]) in GENERIC_ORGS:
                end = i + n
                break
        if end is None or _qualified(doc, i, end):
            continue
        for t in range(i, end):
            state.taken[t] = 1
        cursor = end


@lru_cache(maxsize=1)
def _phrase_regex() -> re.Pattern:
    alts = sorted((r"\s+".join(map(re.escape, p.split())) for p in GENERIC_ORGS), key=len, reverse=True)
    return re.compile(r"(?i)(?<![\w'’-])(?:" + "|".join(alts) + r")(?![\w'’-])")


def generic_ranges(text: str) -> list[tuple[int, int]]:
    """Character ranges of the phrases of ``GENERIC_ORGS`` in ``text``, any case, whether qualified or not:
    what a stacking model must not add back ("Hannah Montana", "Lord Jesus")."""
    return [m.span() for m in _phrase_regex().finditer(text)]
