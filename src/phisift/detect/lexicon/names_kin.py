"""People's names that no list holds, or that the lists hold in another order, read from their clause.

* A word named right after a possessive kin word, before a finite verb: "My daughter Honor has a fever",
  "our son River keeps coughing". The parent names the child; the word needs no list, only to be
  no drug, clinical term, acronym, month or title ("gave my daughter Tylenol last night", "my son
  Adderall helps?", "my husband ER visit" stay untouched: no verb follows, or the word is a term).
* A romanised Chinese or Japanese name in surname-given order opening a sentence before a person's
  verb: "Zhang Wei denies tobacco use", "Li Na reports pain" (or given-surname: "Wei Zhang denies"). The surname is on the surname lists and
  the given name on the given-name lists or the romanised ones (a Japanese surname on the romanised
  surnames: "Sato Haruto states"); both capitalised, in a mixed-case
  text, so "Na" (sodium) and "Li" (lithium) alone, or a caseless "LI NA", stay untouched. A Korean given
  name of two romanised syllables ("Kim Min-jun reports") and a Vietnamese family and middle name before
  any given name ("Nguyen Van An presents", "Pham Minh Duc was admitted") take the same place; so does
  "was seen" / "is here" after the name.
* In a note typed in one case (issue 15.3: recall on a note and its upper- or lower-cased copy should not
  differ), the same forms with stricter words: after a kin word, a listed given name or a word no note uses
  and no adverb ("MY DAUGHTER HONOR HAS", not "my son also has"); in family-given order, no word of the
  notes ("zhang wei denies", not "li na reports").
"""

from __future__ import annotations

from ...text import ENGLISH_STOPWORDS
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


#: After "was" / "is": what is done to or said of a patient ("Wang Fang was seen", "Pham Minh Duc was admitted").
_PASSIVE_AFTER = frozenset(
    "seen admitted evaluated examined brought referred transferred discharged here accompanied treated".split()
)
#: Syllables of Korean given names, romanised and joined by a hyphen: "Min-jun", "Ji-woo", "Seo-yeon".
_KOREAN_SYLLABLES = frozenset(
    "min jun ji woo seo yeon ha eun hye jin soo su hyun young yeong yoon joon hoon sung seong jae dong kyung "
    "hee sook ja mi na yu ho seung won jung bin chan gyu tae sang hwa kyu kyeong ye rin ah yun won jee ho hyuk "
    "woong chul cheol il yong mun yeol hun seok suk nam gi ki do un hyo bo ra da han sol si gun".split()
)
#: Vietnamese family names and the middle names after them: "Nguyen Van An", "Tran Thi Mai", "Pham Minh Duc".
_VIET_FAMILY = frozenset(
    "nguyen tran le pham hoang huynh phan vu vo dang bui ngo duong dinh truong trinh luong lam mai cao do ho".split()
)
_VIET_MIDDLE = frozenset("van thi minh duc ngoc thanh quoc huu xuan anh thu hong kim dinh cong tuan quang".split())


_BE = frozenset({"was", "is"})
_VERB_KEYS = _REPORT_VERBS | _BE


def _person_verb_at(doc: Tokens, t: int) -> bool:
    """Token t (right after a name) is a person's verb: "denies", "reports"; "was seen", "is here"."""
    if t >= doc.n or not doc.simple_gap(t):
        return False
    k = doc.keys[t]
    if k in _REPORT_VERBS:
        return True
    return k in _BE and t + 1 < doc.n and doc.simple_gap(t + 1) and doc.keys[t + 1] in _PASSIVE_AFTER


def _surname_first_end(doc: Tokens, t: int) -> int | None:
    """The end of a name in family-given order at token t: "Zhang Wei", "Sato Haruto" (listed), "Kim Min-jun"
    (a Korean given name of two syllables), "Nguyen Van An" (a Vietnamese family and middle name, then any
    given name); "Wei Zhang" given-family too. None when no such shape starts at t."""
    lex = doc.lex
    if t + 1 >= doc.n or not doc.simple_gap(t + 1):
        return None
    a, b = doc.keys[t], doc.keys[t + 1]
    if a in _VIET_FAMILY and b in _VIET_MIDDLE and t + 2 < doc.n and doc.simple_gap(t + 2):
        c = doc.keys[t + 2]  # "An" is a given name here, though a function word elsewhere
        if c.isalpha() and len(c) >= 2 and (c not in NAME_STOP or c == "an") and c not in _REPORT_VERBS \
                and c not in ("was", "is"):
            return t + 3
    if (a in lex.last or a in lex.romanized_last) and (b in lex.romanized_given or b in lex.first) \
            or a in lex.romanized_given and b in lex.last:
        return t + 2
    parts = b.split("-")
    if (a in lex.last or a in lex.romanized_last) and len(parts) == 2 and all(p in _KOREAN_SYLLABLES for p in parts):
        return t + 2
    return None


def _surname_first(doc: Tokens, state: PassState, caseless: bool = False) -> None:
    """``caseless``: a text typed in one case ("ZHANG WEI DENIES", "tanaka yui reports"), where neither word
    may be a word of the notes ("LI NA", lithium and sodium, stays untouched)."""
    lex = doc.lex
    # a name of two or three tokens before a report verb or "was"/"is": the only places this pass acts at
    verbs = doc.positions(_VERB_KEYS)
    for t in sorted({v - n for v in verbs for n in (2, 3) if v >= n}):
        if state.taken[t] or not doc.sentence_initial(t):
            continue
        e = _surname_first_end(doc, t)
        if e is None or not state.free(t, e) or not _person_verb_at(doc, e):
            continue
        if caseless:
            if any(doc.keys[u] in NAME_STOP or doc.keys[u] in TITLES or doc.keys[u] in lex.terms or len(doc.keys[u]) < 3
                   or doc.keys[u] in clinical_vocabulary() or not doc.keys[u].replace("-", "").isalpha()
                   for u in (t, t + 1)):
                continue
        elif any(doc.is_upper(u) or not doc.cap[u] or doc.keys[u] in NAME_STOP and u < t + 2 or doc.keys[u] in TITLES
                 or doc.keys[u] in lex.terms for u in range(t, e)):
            continue
        state.emit(t, e, PATIENT, 0.8)


def pass_kin_names(doc: Tokens, state: PassState) -> None:
    """'My daughter Honor has a fever', 'Zhang Wei denies tobacco use': names by their clause, no list."""
    if doc.text.isupper() or doc.text.islower() or state.recased:
        _kin_names_caseless(doc, state)  # the same forms typed in one case: listed names only
        _surname_first(doc, state, caseless=True)
        return
    _kin_names(doc, state)
    _surname_first(doc, state)


#: Adverbs and fillers between a kin word and its verb that some given-name list holds: "my son also has".
_NOT_KIN_NAMES = frozenset(
    "also still now just really never always often too then usually sometimes finally already even only again "
    "suddenly recently apparently".split()
)


def _kin_names_caseless(doc: Tokens, state: PassState) -> None:
    """"MY DAUGHTER HONOR HAS A FEVER", "my son hunter has a rash": in a text typed in one case the word
    between the kin word and its verb is a given name listed, or a word no note uses and no adverb."""
    lex = doc.lex
    for t in doc.follow(_KIN):  # the tokens after a kin word: the only ones this pass acts at
        if t < 2 or t >= doc.n - 1 or state.taken[t] or doc.keys[t - 2] not in _POSSESSIVES:
            continue
        if not (doc.simple_gap(t) and doc.simple_gap(t - 1) and doc.simple_gap(t + 1)):
            continue
        if t >= 3 and doc.keys[t - 3] in _GIVE or doc.keys[t + 1] not in _KIN_VERBS:
            continue
        k = doc.keys[t]
        if k in _NOT_KIN_NAMES or k in NAME_STOP or k in TITLES or k in CALENDAR or k in NOT_NAMES \
                or k in lex.terms or k in _KIN or k in ENGLISH_STOPWORDS or not k.isalpha() or len(k) < 3:
            continue
        if k not in lex.first and (k in clinical_vocabulary() or k.endswith("ly")):
            continue  # "my son often has", "my daughter pain has": an adverb or a word of the notes
        state.emit(t, t + 1, PATIENT, 0.8)
