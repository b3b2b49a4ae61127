"""Institutions in notes whose case was lost: the slot says where the name is, the clause says where it ends.

In a mixed-case note, "employed by Meyer Imaging. We will follow" shows the employer by
its capitals. Typed in lowercase or printed in capitals, the capitals are gone (and the
recased copy puts them back only on names and unknown words, not on "imaging",
"services", "department", "health"). What is left is the slot ("employed by", "works
as a barista at", "a letter was received from the", "outside records were requested
from", "sent to ... for review") and the clause after it, which ends at punctuation or
at a word that continues the sentence ("regarding", "for", "last", "was").

So in the recased reading of such a note, the words in a slot up to the clause's end are
an institution when at least one of them names something (a surname, a town, an unknown
word: :func:`.specific.specific`); "sent to pathology for review", "transferred to the
floor", "works at a restaurant" and units ("to nicu") stay untouched.
"""

from __future__ import annotations

from bisect import bisect_left

from .casing import inflected
from .cues import CALENDAR, CLAUSE_AFTER_AND, NAME_STOP, ORG_CUE_MAXLEN, ORG_CUES
from .institutions_cued import _NOT_HOSPITAL, KNOWN_HOSPITALS, ORG_SLOT_WORDS, known_starts, lower_firm
from .labels import HOSPITAL, ORGANIZATION
from .places import place_at
from .specific import specific
from .name_runs import PLACEHOLDER_NAMES
from .state import PassState
from .tokens import Tokens, _last_words

#: Words that may stand inside a name of several words ("ministry of health of brazil", "smith, pierce and flores").
_CONNECTORS = frozenset("of and the y de del la las los van von der den und og och e et di da do dos das và".split())
#: Words that end the clause holding the name ("... regarding his claim", "... for review", "... last year").
_CLAUSE_END = (NAME_STOP - _CONNECTORS) | CALENDAR | frozenset(
    "regarding for last next since until because but where who which was were will would has had have then "
    "after before during when while so today tonight tomorrow yesterday ago about re overnight immediately "
    "emergently urgently again stat without "
    # a verb after the employer named as the subject: "my employer chopra logistics wants a letter"
    "is are wants needs says said asks asked told sent called requires required requested refuses refused gave gives "
    "paid pays closed".split()
) | frozenset("in on into to at from by with as due too also".split())  # prepositions and adverbs: "at uihc following", "from abcd home due to"
#: What may stand between two words of one name: blanks, "&", a firm's comma, an inner period ("a.c.", "s.a.").
_GAPS = frozenset({" ", " & ", "&", ", ", ",", ".", ". ", "/", "'", "’"})
_LIMIT = 9
#: Company suffixes that may follow "co." inside one name ("lange ag & co. kg").
_AFTER_CO = frozenset({"kg", "kgaa", "ltd", "llc", "inc", "plc", "ohg", "lp", "llp"})


def _inner_period(doc: Tokens, b: int) -> bool:
    """The period before token b is inside a name: "& co. kg", "st. mary's" (a saint's name after "st."),
    not the full stop of "at akhtar ltd. needle count"."""
    prev, k = doc.keys[b - 1], doc.keys[b]
    if prev == "co":
        return k in _AFTER_CO
    return prev in ("st", "ste", "mt", "ft") and doc.lex.is_name_word(k)


#: Words that say the slot after them holds an institution, with the prepositions they take:
#: "a second opinion at", "followed at", "transferred from/to", "records were requested from",
#: "imaging from", "employed by", "works at", "a letter was received from", "sent/faxed to".
_STRONG_SLOTS: dict[str, frozenset[str]] = {
    **{w: frozenset({"at", "to", "from"}) for w in "opinion followed transferred readmitted airlifted flown".split()},
    **{w: frozenset({"from"}) for w in "requested records imaging films studies letter received correspondence".split()},
    **{w: frozenset({"to"}) for w in "sent faxed mailed".split()},
    # where care was given: "had her surgery at ucsf", "treated at aiims", "admitted to tan tock seng"
    **{w: frozenset({"at"}) for w in "surgery surgeries treated seen born delivered hospitalized hospitalised "
                                    "chemo chemotherapy biopsy operated reviewed bloods mri cabg".split()},
    **{w: frozenset({"at", "to", "from"}) for w in "admitted discharged retrieved referred".split()},
    **{w: frozenset({"at", "by", "for", "with"}) for w in "employed works worked working work volunteers volunteer".split()},
}
_SLOT_PREPS = frozenset({"at", "to", "from", "by", "for", "with"})


def _cue_label(doc: Tokens, i: int) -> str | None:
    """HOSPITAL or ORGANIZATION when token i opens a slot that a strong cue word stands before, else None."""
    if i == 0 or not doc.simple_gap(i):
        return None
    p = i - 1
    if doc.keys[p] == "the" and p > 0 and doc.simple_gap(p):
        p -= 1
    prep = doc.keys[p]
    if prep in _SLOT_PREPS:
        for t in range(p - 1, max(-1, p - 7), -1):
            preps = _STRONG_SLOTS.get(doc.keys[t])
            if preps is not None:
                if prep not in preps:
                    return None
                return ORGANIZATION if doc.keys[t] in ORG_SLOT_WORDS else HOSPITAL
            if doc.keys[t] in _SLOT_PREPS:
                break  # the cue's slot opened earlier: "works at the Mikkeli Walmart with solvents"
            g = doc.gap(t + 1)
            if "\n" in g or g.strip() in (".", ";", ":", ","):
                break
    c = p + 1
    phrase = doc.phrase_before(c, ORG_CUES, ORG_CUE_MAXLEN) if c > 0 else None
    if phrase is not None and phrase[0] not in _WEAK_ORG_CUE_FIRST:
        return ORGANIZATION
    return None


#: Employer cues only: an insurer's ("covered by", "insured by") or a programme's ("enrolled in",
#: "attends") cue takes too many ordinary words when the case is lost.
_WEAK_ORG_CUE_FIRST = frozenset("covered insured insurance coverage attends attended enrolled day program".split())


#: First words of town names ("new justin memorial", "port michael general"): fine before a name word.
_PLACE_PREFIX = frozenset("new port north south east west lake mount mt fort ft saint st san santa".split())


def _first_word_ok(doc: Tokens, i: int) -> bool:
    """The name's first word names something: a surname, a town, an unknown word, a head that comes first, a
    well-known hospital ("mayo"), a town prefix before a name ("new justin"), or a word before a head
    ("superior court of ...", "family court")."""
    lex = doc.lex
    k = doc.keys[i]
    if (not lex.is_allowed(k) or k in lex.last or k in lex.org_heads_first or k in lex.hospital_heads_first
            or lower_firm(lex, k)
            or k in ("children's", "childrens", "children", "st", "saint", "university", "department", "ministry")
            or k in known_starts()):
        return True
    nxt = doc.keys[i + 1] if i + 1 < doc.n and doc.simple_gap(i + 1) else ""
    if k in _PLACE_PREFIX and nxt and (not lex.is_allowed(nxt) or lex.is_name_word(nxt)):
        return True
    return nxt in ("court", "courts", "tribunal", "department", "ministry")


def _firm_ahead(doc: Tokens, b: int) -> bool:
    """After a comma at token b: name words and then "and" within three words ("morris, walker and davis")."""
    for t in range(b, min(doc.n, b + 4)):
        if doc.keys[t] in ("and", "&", "y") or doc.gap(t).strip() == "&":
            return t > b
        if not (doc.cap[t] or doc.lex.is_name_word(doc.keys[t])):
            return False
    return False


def _clause_run(doc: Tokens, state: PassState, i: int) -> int:
    """End of the name that starts at token i: up to the clause's end, a sentence end or a line break."""
    b = i
    while b < doc.n and b - i < _LIMIT and not state.taken[b]:
        if b > i:
            g = doc.gap(b)
            if g not in _GAPS or "\n" in g:
                break
            if g.strip() == "," and not _firm_ahead(doc, b):
                break  # "at uihc, revealed the same": a comma ends the name unless a firm goes on
            if g == ". " and len(doc.words[b - 1]) > 1 and not _inner_period(doc, b):
                break  # a full stop ends the sentence; "s. r.l.", "a.c." and "& co. kg" keep their inner periods
        k = doc.keys[b]
        if k in _CLAUSE_END or not k.replace("-", "").replace("'", "").isalpha():
            break
        if k == "and" and b + 1 < doc.n and doc.keys[b + 1] in CLAUSE_AFTER_AND:
            break  # "at manado county council and can't lift": the next clause
        if b > i and inflected(k) and doc.lex.is_allowed(k) and k not in doc.lex.head_starts \
                and not doc.lex.is_name_word(k):
            break  # a verb goes on with the sentence: "at detroit diesel and dropped", "uihc following evaluation"
        b += 1
    while b > i and doc.keys[b - 1] in _CONNECTORS:
        b -= 1
    return b


def _capitals_named(doc: Tokens, i: int, b: int) -> bool:
    """A run in capitals inside a mixed-case note ("followed at CHILDREN'S HOSPITAL OF LAKE X"): three words or
    more with a hospital or organisation head among them and no unit acronym ("ICU AND CCU", "CT SCAN")."""
    lex = doc.lex
    toks = range(i, b)
    return b - i >= 3 and all(doc.is_upper(t) or doc.keys[t] in _CONNECTORS for t in toks) \
        and any(doc.keys[t] in lex.hospital_heads or doc.keys[t] in lex.org_heads for t in toks) \
        and not any(doc.keys[t] in _NOT_HOSPITAL for t in toks)


def _may_cue(doc: Tokens, i: int, strong: list[int], org_last: frozenset[str]) -> bool:
    """False where ``_cue_label(doc, i)`` is None for sure: the word before the slot (after "the") ends no
    employer cue, and no strong slot word (``strong``: the indices of ``_STRONG_SLOTS`` keys) stands within the
    six tokens ``_cue_label`` looks back over from a slot's preposition. A cheap test for the many tokens after
    "to", "at" or "for" that no slot word precedes."""
    if i == 0 or not doc.simple_gap(i):
        return False
    p = i - 1
    if doc.keys[p] == "the" and p > 0 and doc.simple_gap(p):
        p -= 1
    k = doc.keys[p]
    if k in org_last:
        return True
    if k not in _SLOT_PREPS:
        return False
    s = bisect_left(strong, p)
    return s > 0 and strong[s - 1] >= p - 6


def _slot_openers(doc: Tokens) -> list[int]:
    """The tokens ``_cue_label`` can answer for, in order: one or two after a slot's preposition or the last
    word of an employer cue (the tokens between, "the", it checks itself)."""
    before = doc.positions(_SLOT_PREPS | _last_words(ORG_CUES))
    return sorted({t + step for t in before for step in (1, 2) if t + step < doc.n})


def pass_caseless_slots(doc: Tokens, state: PassState) -> None:
    """'she is employed by meyer imaging.', 'a letter was received from the ministry of health of brazil
    regarding', 'sent to wood pathology lab for review': the slot's words in a note typed in one case; and in a
    mixed-case note, a name typed in lower case in such a slot ('a second opinion at upmc last year',
    'works as a homeopath at chapman plc.'), where the capitalised slot passes see nothing."""
    lowered = not state.recased
    lex = doc.lex
    strong, org_last = doc.positions(_STRONG_SLOTS), _last_words(ORG_CUES)
    for i in _slot_openers(doc):
        if state.taken[i] or doc.keys[i] in _CLAUSE_END or doc.keys[i] in _CONNECTORS:
            continue
        if lowered and doc.cap[i] and not doc.is_upper(i):
            continue
        label = _cue_label(doc, i) if _may_cue(doc, i, strong, org_last) else None
        if label is None:
            continue
        if not _first_word_ok(doc, i):
            continue
        b = _clause_run(doc, state, i)
        if b <= i or (b - i == 1 and (doc.keys[i] in _NOT_HOSPITAL or doc.keys[i] in PLACEHOLDER_NAMES)):
            continue  # "taken to icu", "echo done at xyz" (a transcription's placeholder)
        if lowered and not (all(not doc.cap[t] for t in range(i, b)) or _capitals_named(doc, i, b)):
            continue  # title case: the cased passes judge the run
        toks = range(i, b)
        headed = any(doc.keys[t] in lex.org_heads or doc.keys[t] in lex.hospital_heads for t in toks[1:])
        if not (specific(doc, [t for t in toks if not lex.is_allowed(doc.keys[t]) or doc.cap[t]])
                or headed and doc.keys[i] in lex.last or " ".join(doc.keys[i:b]) in KNOWN_HOSPITALS
                or b - i == 1 and lower_firm(lex, doc.keys[i])):  # "transferred from tolak-small"
            continue  # "wood pathology lab": a surname before a head names one
        known = " ".join(doc.keys[i:b]) in KNOWN_HOSPITALS
        p = None if known else place_at(doc, state, i)
        if p and p[0] >= b:
            continue  # "transferred from boston": the place passes' city ("at mayo" is the clinic, not the county)
        if doc.eponym_after(b) or doc.dose_after(b):
            continue
        if any(doc.keys[t] in lex.org_heads or doc.keys[t] in lex.org_heads_first for t in toks):
            label = ORGANIZATION  # "ministry of health of brazil", "wood pathology lab"
        elif any(doc.keys[t] in lex.hospital_heads for t in toks):
            label = HOSPITAL
        state.emit(i, b, label, 0.75)
