"""Given names in a possessive typed without its apostrophe: "if Carols temp goes over 39", "Aidas rash".

Texts and app messages drop the apostrophe: "Helenas temp", "florences inhaler". The token is then no
listed name ("Carols" is even a word), so no other pass takes it. It is a name when the word less its
"s" is a listed given name and the next word is one a parent writes about a child's care (a temperature,
a rash, medicine, an appointment, results): "Carols temp", never "Carols sung" or "Doctors appointment"
(no given name "Doctor").
"""

from __future__ import annotations

from ...text import ENGLISH_STOPWORDS
from .cues import CALENDAR, NAME_STOP, NOT_NAMES, RELATIONS, TITLES
from .labels import PATIENT
from .state import PassState
from .tokens import Tokens

#: What a parent or carer writes about in someone's possession: symptoms, readings, medicine, visits.
CARE_NOUNS = frozenset("""temp temps temperature fever cough rash meds medication medicine medicines inhaler
appointment appt results bloods blood sugar sugars bp ear ears eye eyes throat tummy stomach chest leg legs arm
arms head nappy nappies weight dose prescription script breathing asthma eczema sats oxygen vaccine vaccines
jab jabs vaccination cast stitches wound knee ankle wrist foot feet back teeth tooth glucose insulin""".split())


def pass_texted_possessives(doc: Tokens, state: PassState) -> None:
    """'Carols temp', 'helenas rash': a given name and a possessive "s" without the apostrophe, before a care word."""
    lex = doc.lex
    for t in range(doc.n - 1):
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
