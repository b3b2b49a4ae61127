"""Hard negatives: words that look like PHI in a clinical note but are not.

Eponyms (Foley, Babinski), brand drugs (Coumadin, Lasix), scales and scores
(Glasgow Coma Scale, Apgar) and device names are capitalised like names; the
notes use them freely and they are never annotated. Every PHI value the
generator draws is checked against ``BLOCKED_WORDS`` so that, for instance, a
patient is never called "Foley" and a town never "Jackson": in the gold these
words are therefore always negatives, which is what a test can rely on.
"""

from __future__ import annotations

import re

# Eponymous signs, tests, diseases, devices and procedures.
EPONYMS: tuple[str, ...] = (
    "Foley catheter", "Jackson-Pratt drain", "Allen test", "Parkinson's disease",
    "Hodgkin lymphoma", "non-Hodgkin lymphoma", "Babinski sign", "Doppler", "Glasgow Coma Scale",
    "Apgar score", "Gram stain", "Bell's palsy", "Crohn's disease", "Down syndrome",
    "Graves' disease", "Hashimoto's thyroiditis", "Cushing's syndrome", "Addison's disease",
    "Alzheimer's dementia", "Barrett's esophagus", "Mallory-Weiss tear", "Guillain-Barre syndrome",
    "Wolff-Parkinson-White", "Swan-Ganz catheter", "Whipple procedure", "Nissen fundoplication",
    "Roux-en-Y gastric bypass", "Murphy's sign", "McBurney's point", "Homans' sign", "Kernig sign",
    "Brudzinski sign", "Romberg", "Trendelenburg", "Valsalva", "Lachman test", "McMurray test",
    "Phalen's test", "Tinel's sign", "Spurling's test", "Hoffmann sign", "Colles fracture",
    "Kaposi sarcoma", "Wilms tumor", "Ewing sarcoma", "Burkitt lymphoma", "Mallampati",
    "Kussmaul respirations", "Cheyne-Stokes respirations", "Gleason score", "Killip class",
    "Child-Pugh", "Wells score", "Braden score", "Morse fall scale", "Karnofsky", "Holter monitor",
    "Hickman catheter", "Port-a-Cath", "Steri-Strips", "Ringer's lactate", "Epley maneuver",
    "Sjogren's syndrome", "Raynaud's phenomenon", "Reiter's", "Tanner stage", "Bishop score",
    "Ranson criteria", "Cockcroft-Gault", "Seldinger technique", "Weber test", "Rinne test",
    "Pap smear", "Hartmann's procedure", "Meckel's diverticulum", "Dupuytren's contracture",
    "Osgood-Schlatter", "Baker's cyst", "Charcot foot", "Bankart lesion", "Hill-Sachs lesion",
    "Brown-Sequard", "Bence Jones protein", "Coombs test", "Lyme disease", "Mantoux",
)

# Brand-name drugs and products that are capitalised like names.
BRANDS: tuple[str, ...] = (
    "Coumadin", "Lasix", "Plavix", "Lipitor", "Norvasc", "Lantus", "Humalog", "Januvia",
    "Synthroid", "Protonix", "Nexium", "Eliquis", "Xarelto", "Tylenol", "Motrin", "Zofran",
    "Dilaudid", "Ativan", "Haldol", "Flagyl", "Levaquin", "Zosyn", "Keflex", "Bactrim",
    "Lovenox", "Toprol XL", "Lopressor", "Zestril", "Glucophage", "Neurontin", "Zoloft",
    "Seroquel", "Ambien", "Flomax", "Sinemet", "Aricept", "Spiriva", "Advair", "Ventolin",
    "Duoneb", "Percocet", "Colace", "Senna", "Miralax", "Ensure", "Betadine", "Tegaderm",
    "Mepilex", "Xeroform", "Ace wrap", "Medrol", "Solu-Medrol", "Benadryl", "Pepcid",
    "Augmentin", "Cipro", "Diflucan", "Humira", "Remicade", "Ozempic", "Trulicity", "Jardiance",
    "Farxiga", "Entresto", "Imdur", "Coreg", "Aldactone", "Kayexalate", "Narcan", "Precedex",
)

# Scales, scores and named classifications.
SCALES: tuple[str, ...] = (
    "Glasgow Coma Scale", "NIH Stroke Scale", "APACHE II", "CHA2DS2-VASc", "HAS-BLED",
    "MELD", "TIMI", "GRACE", "CURB-65", "PHQ-9", "GAD-7", "MoCA", "Mini-Cog", "NYHA class",
    "ECOG", "Richmond Agitation-Sedation Scale", "Berg Balance Scale", "Norton scale",
)

HARD_NEGATIVES: tuple[str, ...] = EPONYMS + BRANDS + SCALES

# Words of the hard negatives that could also be names or places; no PHI value may contain them.
_EXTRA_BLOCKED = {
    "Foley", "Jackson", "Pratt", "Allen", "Parkinson", "Hodgkin", "Babinski", "Doppler", "Glasgow",
    "Apgar", "Gram", "Bell", "Crohn", "Down", "Downs", "Graves", "Hashimoto", "Cushing", "Addison",
    "Alzheimer", "Barrett", "Mallory", "Weiss", "Guillain", "Barre", "Wolff", "White", "Swan",
    "Ganz", "Whipple", "Nissen", "Roux", "Murphy", "McBurney", "Homans", "Homan", "Kernig",
    "Brudzinski", "Romberg", "Trendelenburg", "Valsalva", "Lachman", "McMurray", "Phalen", "Tinel",
    "Spurling", "Hoffmann", "Hoffman", "Colles", "Kaposi", "Wilms", "Ewing", "Burkitt", "Mallampati",
    "Kussmaul", "Cheyne", "Stokes", "Gleason", "Killip", "Child", "Pugh", "Wells", "Braden",
    "Morse", "Karnofsky", "Holter", "Hickman", "Ringer", "Epley", "Sjogren", "Raynaud", "Reiter",
    "Tanner", "Bishop", "Ranson", "Cockcroft", "Gault", "Seldinger", "Weber", "Rinne", "Pap",
    "Hartmann", "Meckel", "Dupuytren", "Osgood", "Schlatter", "Baker", "Charcot", "Bankart",
    "Hill", "Sachs", "Brown", "Sequard", "Bence", "Jones", "Coombs", "Lyme", "Mantoux", "Ace",
    "Ensure", "Senna", "Grace", "Norton", "Berg", "Mini", "Port", "Steri",
}


def _words(phrases: tuple[str, ...]) -> set[str]:
    out: set[str] = set()
    for p in phrases:
        for w in re.findall(r"[A-Za-z]+", p):
            if w[0].isupper() and len(w) > 2:
                out.add(w)
    return out


# Very common surnames and places that occur only inside multi-word negatives
# ("Bence Jones protein", "Murphy's sign"): names drawn as PHI keep them, since
# the phrase itself is never part of a PHI value and the names matter for realism.
_COMMON_EXEMPT = {
    "White", "Brown", "Jones", "Hill", "Baker", "Murphy", "Bishop", "Grace", "Child", "Norton",
    "Berg", "Mini", "Port", "Weber", "Tanner", "Richmond", "Sachs", "Hoffman", "Wells", "Morse",
    "Stokes", "Ewing", "Pratt", "Barrett", "Graves", "Mallory",
}

BLOCKED_WORDS: frozenset[str] = frozenset(
    w.lower() for w in (_words(HARD_NEGATIVES) | _EXTRA_BLOCKED) - _COMMON_EXEMPT
)

_WORD = re.compile(r"[A-Za-z]+")


def is_clean(value: str) -> bool:
    """True when no word of ``value`` is a hard-negative word (checked case-insensitively)."""
    return not any(w.lower() in BLOCKED_WORDS for w in _WORD.findall(value))
