"""Names in a person's slot of a question that the other name passes leave for their shape.

Question-style texts name people right after a slot word ("records for", "the PCP for",
"is ... on call", "named") and close the name with punctuation: "Need to send records for
Mathiesen.", "Who is the PCP for r. nguyễn (A490...)?", "the bill for courtney bush, 011 ...".
:func:`.names_listed.pass_lower_slot_names` takes a lowercase given name and a surname that
are no common words; this pass takes, in the same slot and closed the same way:

* a lowercase given name and a surname that is also a common word ("courtney bush"), or a
  given name that is a common word and a surname that is none ("art schaefer");
* lowercase initials and a surname ("r. nguyễn", "m.g. martinez");
* one capitalised surname on the lists that is no common word, no given name alone and no
  place ("records for Mathiesen.");
* two title-case words on no list of words, terms, places or heads ("please update it for Divina Dizon").

The slot word must be lowercase and the text not typed in one case, and the phrase must be
closed by punctuation or the end of the text, so "for pain relief" or "with Coumadin 5 mg"
never become names: a common word, a place, a month, a clinical term or an eponym ends it.
"""

from __future__ import annotations

from typing import Callable

from .cues import CALENDAR, NAME_STOP, TITLES
from .labels import DOCTOR, PATIENT
from .state import PassState
from .tokens import Tokens

_SLOT_BEFORE = frozenset("for with from named called".split())
_CLOSERS = ("?", ",", ".", "!", ";", ":", "(", "\n")


def _closed(doc: Tokens, j: int) -> bool:
    """The phrase ending at token j-1 is closed by punctuation or the end of the text."""
    return j >= doc.n or doc.gap(j).lstrip(" \t")[:1] in _CLOSERS


def _plain_word(doc: Tokens, k: str, places: bool = True) -> bool:
    """A word that is no name here: a stop word, a title, a month, a clinical term (or a place)."""
    lex = doc.lex
    return k in NAME_STOP or k in TITLES or k in CALENDAR or k in lex.terms or (places and lex.is_place_word(k))


def _surname(doc: Tokens, k: str, common_ok: bool) -> bool:
    """A surname on the lists (a common word only when ``common_ok``), or a word on no list at all."""
    lex = doc.lex
    if _plain_word(doc, k, places=False) or len(k) < 2:
        return False
    if k in lex.last:
        return common_ok or not (lex.is_allowed(k) or _plural_of_word(doc, k))
    return common_ok and not (lex.is_name_word(k) or lex.is_allowed(k) or lex.is_place_word(k)) \
        and k.replace("-", "").isalpha()


def _plural_of_word(doc: Tokens, k: str) -> bool:
    """A surname that is also the plural of a common word ("shields", "banks", "woods"): as common as the word
    ("safety glasses with side shields, but ..." names no one)."""
    return len(k) > 4 and k.endswith("s") and doc.lex.is_allowed(k[:-1])


def _lower_pair(doc: Tokens, i: int, closed: Callable[[Tokens, int], bool] = _closed) -> int | None:
    """'courtney bush', 'art schaefer': a lowercase given name and surname, one of them no common word."""
    if i + 1 >= doc.n or doc.cap[i] or doc.cap[i + 1] or not doc.simple_gap(i + 1):
        return None
    lex = doc.lex
    k1, k2 = doc.keys[i], doc.keys[i + 1]
    if k1 not in lex.first or _plain_word(doc, k1) or len(k1) < 3:
        return None
    if not lex.is_allowed(k1):
        ok = k2 in lex.last and not _plain_word(doc, k2, places=False)  # "courtney bush"
    else:
        ok = _surname(doc, k2, common_ok=False)  # "art schaefer"
    return i + 2 if ok and closed(doc, i + 2) and not doc.eponym_after(i + 2) else None


def _lower_initials(doc: Tokens, i: int, closed: Callable[[Tokens, int], bool] = _closed) -> int | None:
    """'r. nguyễn', 'm.g. martinez': one to three lowercase initials with periods, then a surname."""
    t = i
    while t + 1 < doc.n and t - i < 3 and len(doc.words[t]) == 1 and doc.words[t].islower() \
            and doc.gap(t + 1).strip(" \t") == ".":
        t += 1
    if t == i or t >= doc.n or doc.cap[t] or doc.gap(t).rstrip(" \t") != ".":
        return None
    if not _surname(doc, doc.keys[t], common_ok=doc.keys[t] in doc.lex.last):
        return None
    return t + 1 if closed(doc, t + 1) and not doc.eponym_after(t + 1) else None


def _lone_surname(doc: Tokens, i: int) -> int | None:
    """'records for Mathiesen.': one capitalised surname that is no common word and no given name."""
    if not doc.is_title_case(i) or doc.dose_after(i + 1):
        return None
    lex = doc.lex
    k = doc.keys[i]
    if k not in lex.last or k in lex.first or lex.is_allowed(k) or _plain_word(doc, k) or len(k) < 3:
        return None
    return i + 1 if _closed(doc, i + 1) and not doc.eponym_after(i + 1) else None


def _title_pair(doc: Tokens, i: int) -> int | None:
    """'please update it for Divina Dizon', 'the bill for Lhen Dizon.': two title-case words on no list of words,
    terms, places or heads, closing the phrase (a name no list holds: "for Physical Therapy." and "for Mayo
    Clinic." are words and heads)."""
    if i + 1 >= doc.n or not (doc.is_title_case(i) and doc.is_title_case(i + 1)) or not doc.simple_gap(i + 1):
        return None
    lex = doc.lex
    for k in (doc.keys[i], doc.keys[i + 1]):
        if _plain_word(doc, k) or lex.is_allowed(k) or k in lex.head_last or len(k) < 2 \
                or not k.replace("-", "").replace("'", "").isalpha():
            return None
    if doc.dose_after(i + 2) or doc.eponym_after(i + 2) or not _closed(doc, i + 2):
        return None
    return i + 2


def pass_slot_names(doc: Tokens, state: PassState) -> None:
    """Names in a person's slot, closed by punctuation (see the module docstring)."""
    if doc.text.islower() or doc.text.isupper():
        return  # the slot word's case is the evidence: a text in one case has none
    for i in doc.follow(_SLOT_BEFORE):
        if doc.cap[i - 1] or state.taken[i] or not doc.simple_gap(i):
            continue
        j = _lower_pair(doc, i) or _lower_initials(doc, i) or _lone_surname(doc, i) or _title_pair(doc, i)
        if j is None or not state.free(i, j):
            continue
        state.emit(i, j, DOCTOR if doc.clinician_context(i) else PATIENT, 0.7)
    _on_call(doc, state)


def _before_on_call(doc: Tokens, j: int) -> bool:
    """'on call' follows token j-1."""
    return j + 1 < doc.n and doc.keys[j] == "on" and doc.keys[j + 1] == "call" and doc.simple_gap(j) \
        and doc.simple_gap(j + 1)


def _on_call(doc: Tokens, state: PassState) -> None:
    """'Is m.g. martinez on call tonight?': a clinician typed in lowercase between "is" and "on call"."""
    for i in doc.follow(("is",)):
        if state.taken[i] or not doc.simple_gap(i):
            continue
        j = _lower_pair(doc, i, _before_on_call) or _lower_initials(doc, i, _before_on_call)
        if j is not None and state.free(i, j):
            state.emit(i, j, DOCTOR, 0.7)


def _caps_word(doc: Tokens, i: int) -> bool:
    return 0 <= i < doc.n and doc.is_upper(i)


def pass_caps_last_first(doc: Tokens, state: PassState) -> None:
    """'Could MENDES, FAITH see my son': "LAST, FIRST" in capitals inside a text that is not.

    Records and forms write a patient so; in capitals the case says nothing more, so the
    surname must be on the lists and no common word, the given name on the lists, and the
    pair must not be two items of a list of headings in capitals ("NECK, CHEST, ABDOMEN").
    """
    text = doc.text
    if text.isupper() or "," not in text:
        return
    lex = doc.lex
    # a word in capitals has no lower-case first letter: in an ASCII text only the capitalised ones, else those
    # whose first letter has no case either ("中ABC")
    for i in doc.caps if text.isascii() else [t for t, w in enumerate(doc.words) if not w[:1].islower()]:
        j = i + 1
        if j >= doc.n:
            continue
        if doc.gap(j) not in (", ", ",") or not (_caps_word(doc, i) and _caps_word(doc, j)):
            continue  # (the comma first: it rules out nearly every word, at a look-up's cost)
        if state.taken[i] or state.taken[j]:
            continue
        k1, k2 = doc.keys[i], doc.keys[j]
        if k1 not in lex.last or lex.is_allowed(k1) or _plain_word(doc, k1, places=False):
            continue
        if k2 not in lex.first or _plain_word(doc, k2, places=False) or len(k2) < 2:
            continue
        if (_caps_word(doc, i - 1) and doc.gap(i).strip() in (",", "")) or \
                (_caps_word(doc, j + 1) and doc.gap(j + 1).strip() == ","):
            continue  # a run or list of words in capitals
        state.emit(i, j + 1, DOCTOR if doc.clinician_context(i) else PATIENT, 0.75)
