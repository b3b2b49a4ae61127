"""People's names that no list holds, or that the lists hold in another order, read from their clause.

* A word named right after a possessive kin word, before a finite verb: "My daughter Honor has a fever",
  "our son River keeps coughing". The parent names the child; the word needs no list, only to be
  no drug, clinical term, acronym, month or title ("gave my daughter Tylenol last night", "my son
  Adderall helps?", "my husband ER visit" stay untouched: no verb follows, or the word is a term).
* A romanised Chinese or Japanese name in surname-given order opening a sentence before a person's
  verb: "Zhang Wei denies tobacco use", "Li Na reports pain" (or given-surname: "Wei Zhang denies"). The surname is on the surname lists and
  the given name on the given-name lists or the romanised ones (a Japanese surname on the romanised
  surnames: "Sato Haruto states"); both capitalised, in a mixed-case
  text, so "Na" (sodium) and "Li" (lithium) alone, or a caseless "LI NA", stay untouched.
"""

from __future__ import annotations

from .casing import clinical_vocabulary
from .cues import CALENDAR, NAME_STOP, NOT_NAMES, RELATIONS, TITLES
from .labels import PATIENT
from .state import PassState
from .tokens import Tokens

_POSSESSIVES = frozenset("my our his her their".split())
#: Nursery words for parents, and "baby", beside the kin words of :data:`.cues.RELATIONS` ("mum", "dad" among them).
_KIN = RELATIONS | frozenset("mummy mommy daddy baby".split())
#: Finite verbs after a named relative: "my daughter Honor has a fever", "my son River keeps coughing".
_KIN_VERBS = frozenset(
    "has had is was keeps kept fell woke says said told started needs wants cries cried complains complained "
    "got gets seems feels felt threw vomited coughs coughed refuses refused ate drank fainted broke hurt "
    "can't won't doesn't didn't isn't wasn't".split()
)
#: What before the possessive makes the kin word an indirect object and the next word a thing given.
_GIVE = frozenset("gave give gives giving given brought bought got get".split())
#: A person's verbs after a name in surname-given order ("Zhang Wei denies", "Li Na was seen").
_REPORT_VERBS = frozenset(
    "denies denied reports reported presents presented states stated says said complains complained "
    "notes noted endorses endorsed".split()
)


def _free_word(doc: Tokens, t: int) -> bool:
    """Token t is a capitalised word, written title-case, that is no term, title, month or word of the
    notes (a listed name may be one: "Miles", "Grace")."""
    k = doc.keys[t]
    lex = doc.lex
    if not doc.cap[t] or doc.is_upper(t) or len(k) < 2 or not k.replace("-", "").isalpha():
        return False
    if k in NAME_STOP or k in TITLES or k in CALENDAR or k in NOT_NAMES or k in lex.terms:
        return False
    if k in lex.head_last and k not in lex.first:
        return False  # "my dad Hospital": an institution's head; a given name may be one ("my son River")
    return k in lex.first or k in lex.last or k not in clinical_vocabulary()


def _kin_names(doc: Tokens, state: PassState) -> None:
    for t in doc.follow(_KIN):  # the tokens after a kin word: the only ones this pass acts at
        if t < 2 or t >= doc.n - 1 or state.taken[t] or doc.keys[t - 2] not in _POSSESSIVES:
            continue
        if not (doc.simple_gap(t) and doc.simple_gap(t - 1) and doc.simple_gap(t + 1)) or doc.cap[t + 1]:
            continue
        if t >= 3 and doc.keys[t - 3] in _GIVE or doc.keys[t + 1] not in _KIN_VERBS:
            continue
        if _free_word(doc, t) and not doc.words[t].endswith(("'s", "’s")):
            state.emit(t, t + 1, PATIENT, 0.8)


def _surname_first(doc: Tokens, state: PassState) -> None:
    lex = doc.lex
    for t in [v - 2 for v in doc.positions(_REPORT_VERBS) if v >= 2]:  # two tokens before a report verb
        if state.taken[t] or state.taken[t + 1] or not doc.sentence_initial(t):
            continue
        if not (doc.simple_gap(t + 1) and doc.simple_gap(t + 2)) or doc.keys[t + 2] not in _REPORT_VERBS:
            continue
        a, b = doc.keys[t], doc.keys[t + 1]
        if not ((a in lex.last or a in lex.romanized_last) and (b in lex.romanized_given or b in lex.first)
                or a in lex.romanized_given and b in lex.last):  # "Zhang Wei", "Sato Haruto"; "Wei Zhang"
            continue
        if any(doc.is_upper(u) or not doc.cap[u] or doc.keys[u] in NAME_STOP or doc.keys[u] in TITLES
               or doc.keys[u] in lex.terms for u in (t, t + 1)):
            continue
        state.emit(t, t + 2, PATIENT, 0.8)


def pass_kin_names(doc: Tokens, state: PassState) -> None:
    """'My daughter Honor has a fever', 'Zhang Wei denies tobacco use': names by their clause, no list."""
    if doc.text.isupper() or doc.text.islower() or state.recased:
        return  # the forms need the text's own capitals
    _kin_names(doc, state)
    _surname_first(doc, state)
