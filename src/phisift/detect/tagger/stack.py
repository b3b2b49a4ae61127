"""A stacking tagger's output: only confident additions to the rules and the lexicon, made consistent.

The bundled English CRF sees the rule and lexicon hits as features and is
trained on real prose with injected PHI (``bench/tagger_train.py``). Measured on
held-out notes, letting it overrule or re-cut those hits costs precision and
gains little; what it adds is PHI the rules and the lexicon missed. So a
stacking model (``"stacker"`` in its ``phisift_model.json``):

1. tags the candidate regions (``candidates``) like any CRF model;
2. keeps a span only where its lowest piece marginal is at least ``min_score``
   (tuned on a hold-out of the training notes: the precision guard), it is no
   longer than ``max_words`` words, and it adds to the hits: where none is (then it
   must hold a candidate word, not only the context words of a region), or past
   their edges (``additions``);
3. finds the other mentions of the names it added in the same note
   (document-level consistency): the lexicon's repeated-name pass
   (``lexicon.names_in_document``), which is case-aware (a capitalised name is
   looked for capitalised, so "White" does not reach "white matter") and skips
   allowlisted words at sentence starts and eponyms ("Parkinson disease").
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from bisect import bisect_left
from dataclasses import replace
from typing import Callable, Sequence

from ...document import Span
from ..rules.regex_parts import UNIT_AFTER
from .candidates import is_label_word

_WORD = re.compile(r"\S+")
#: Labels whose other mentions in the note are looked for.
NAME_LABELS = frozenset({"PATIENT", "DOCTOR"})
#: Labels of hits whose extent the rules read from the value's shape: the model never grows them
#: ("2022-06-30" is the date, not "2022-06-30  15:05" nor "3/28/66   Sex: M").
SHAPED_LABELS = frozenset({"DATE", "AGE", "PHONE", "FAX", "EMAIL", "URL", "IPADDR", "SSN", "ZIP"})
#: A time of day or a range of them ("11:00", "7:00-8:00", "10:30 a.m."): no date, though the model,
#: having seen dates with times, may tag one where no date rule fired.
_TIME = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?(?:\s*[-–]\s*\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)?",
                   re.IGNORECASE)
#: A vital sign or gas read with its values ("BP 120/80", "ABG 7.35/45/80", "GCS 14/15", "VA 20/40", "pain 7/10"):
#: no address, phone or date, though the model, having seen house numbers and phones after short capitals, may tag one.
_MEASURE = re.compile(
    r"(?i)(?:b/?p|abg|vbg|cbg|gcs|va|v/a|pain|apgars?|strength|ratio|rr|hr)[ \t]*[:=]?[ \t]*"
    r"[0-9]{1,3}(?:\.[0-9]{1,2})?(?:[ \t]*/[ \t]*[0-9]{1,3}(?:\.[0-9]{1,2})?){1,2}(?:[ \t]*(?:mm[ \t]*hg|mmhg))?")
#: Head words of a department after a hospital's name ("Imaging Services", "Department of Radiology").
_DEPARTMENT_HEADS = frozenset("department dept division services service imaging lab laboratory of associates".split())


def _merged(spans: Sequence[Span]) -> list[list[int]]:
    """The character ranges of ``spans``, overlapping ones joined, sorted."""
    merged: list[list[int]] = []
    for a, b in sorted((s.start, s.end) for s in spans if s.end > s.start):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return merged


def _overlaps(merged: list[list[int]], starts: list[int], a: int, b: int) -> list[list[int]]:
    """The ranges of ``merged`` (start list ``starts``) that overlap ``[a, b)``."""
    i = bisect_left(starts, b)
    out = []
    while i > 0 and merged[i - 1][1] > a:
        out.append(merged[i - 1])
        i -= 1
    return out


def additions(
    text: str, spans: Sequence[Span], hits: Sequence[Span], min_score: float, max_words: int | None = None,
    candidate: Callable[[str], bool] | None = None,
) -> list[Span]:
    """The model's confident spans (score >= ``min_score``) that add to ``hits``.

    A span overlapping no hit is kept; one overlapping hits is kept, grown over
    them, when it reaches a letter or digit past them ("Stanford Health Care" over
    the lexicon's "Stanford"), so the hits are never cut; otherwise it is dropped.
    A hit of a ``SHAPED_LABELS`` label (a date, a phone number) is never grown: its
    rule read the whole value, and what the model adds to it is the time or the next
    field's label. A span of more than ``max_words`` whitespace-separated words (the
    longest PHI of the training notes) is dropped: a run over a list in capitals is
    no name. With ``candidate`` (a test of a whitespace word,
    ``candidates.is_candidate_word``), a span that overlaps no hit needs a candidate
    word: the context words of a region alone ("anemia", "35  18" in a lab table)
    are no addition; and the part of a span past the hits it grows must hold a word
    that is no credential or field label ("Green, Valerie RNFA", "Tel"). A span loses
    the function words it ends in (``_trimmed``: "GALLEGOS WILL") and the replies it ran
    on over (``_without_reply``), and a time of day ("11:00", "7:00-8:00") or a date with no
    digit, month, weekday or holiday in it (``_dated``: "The Princess") is never an addition,
    nor a person's name of job words alone (``_job_title``: "Miner was lifting"), nor one word defined
    as a work or a business (``_defined_thing``: "Zoolander is a 2001 film"), nor a phone of fewer than
    four digits ("call NHS 111"), nor a vital sign with its values (``_MEASURE``: "BP 120/80").
    """
    merged = _merged(hits)
    starts = [m[0] for m in merged]
    shaped = _merged([h for h in hits if h.label in SHAPED_LABELS])
    shaped_starts = [m[0] for m in shaped]
    out = []
    for s in spans:
        if s.score < min_score:
            continue
        s = _without_kin_head(text, s)
        if s is None:
            continue
        s = _trimmed(text, s)
        if _TIME.fullmatch(text, s.start, s.end) or (s.label == "DATE" and not _dated(text, s)):
            continue
        if _MEASURE.fullmatch(text, s.start, s.end):
            continue  # "BP 120/80", "ABG 7.35/45/80": a measurement, no one's address or phone
        if s.label == "DATE" and text.startswith("+", s.end):
            continue  # "Mar 2+ edema": a grade after a word, no day of a month
        if s.label == "ZIP" and UNIT_AFTER.match(text, s.end):
            continue  # "TOTAL 25000 UNITS GIVEN": a quantity, no postcode
        if s.label in ("PHONE", "FAX") and sum(c.isdigit() for c in text[s.start : s.end]) < 4:
            continue  # a service number, no one's phone: "call NHS 111", "911" (a pager has 4-5 digits at least)
        if s.label == "AGE" and _no_age(text[s.start : s.end]):
            continue  # "Law no. 5190": a number no one has lived
        if _BLANK_LINE.search(text, s.start, s.end):
            continue  # "THE COURT UNANIMOUSLY\n\n1.": a span across a paragraph break is no one's name or address
        if max_words is not None and len(text[s.start : s.end].split()) > max_words:
            continue
        s = _without_reply(text, s)
        if s is None:
            continue
        over = _overlaps(merged, starts, s.start, s.end)
        if not over:
            if (candidate is None or _new_phi(text, s, candidate)) and not _job_title(text, s) \
                    and not _defined_thing(text, s) and not _saint_thing(text, s) and not _jobless(text, s) \
                    and not _term_with_values(text, s):
                out.append(s)
            continue
        if _overlaps(shaped, shaped_starts, s.start, s.end):
            continue
        a, b = min([s.start] + [m[0] for m in over]), max([s.end] + [m[1] for m in over])
        covered = bytearray(b - a)
        for x, y in over:
            covered[x - a : y - a] = b"\x01" * (y - x)
        past = "".join(" " if covered[k - a] else text[k] for k in range(s.start, s.end))
        if past.split() and all(w.strip(".,;:()'’").lower() in _OFFICE_TITLES for w in past.split()):
            continue  # "Judge Mendez": a title before the name the lexicon found is no part of it
        if any(c.isalnum() for c in past) and (candidate is None or _grows(text, s, hits, past, candidate)):
            out.append(replace(s, start=a, end=b, label=_grown_label(s, hits, past, text.islower())))
    return out


#: ``lx=`` tags of the words that make a name grown over them a place or a body: hospital, organisation and
#: street heads ("John Muir Health", "Dubois Pharmacy", "Lan Street"), places ("Phuc Yen City").
_HEAD_TAGS = frozenset({"lx=H", "lx=O", "lx=R", "lx=C", "lx=S", "lx=N"})


_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def _no_age(value: str) -> bool:
    """An age span whose number no one reaches: four digits or more, or above 130."""
    digits = "".join(c if c.isdigit() else " " for c in value).split()
    return bool(digits) and all(len(d) > 3 or int(d) > 130 for d in digits)


def _grown_label(s: Span, hits: Sequence[Span], past: str, text_lower: bool = False) -> str:
    """The label of model span ``s`` grown over ``hits`` past them by the words ``past``: the model's, unless
    it grows a person's name (every hit it covers of one name label) over words that the name lists hold,
    none a head word: then still the name's ("Phạm" before the lexicon's "Thị Lan", read as STREET
    by the model, whose training notes seldom held Vietnamese names). ``text_lower``: the note is typed in lower
    case, where a name's words are lower case too."""
    if s.label in NAME_LABELS:
        return s.label
    from .wordinfo import lexicon_tags

    inner = {h.label for h in hits if h.start < s.end and s.start < h.end}
    if len(inner) != 1 or not inner <= NAME_LABELS:
        return s.label
    for w in past.split():
        w = w.strip(".,;:()'’")
        if not w.replace("-", "").isalpha() or w.islower() and not text_lower:
            return s.label  # a house number ("87687 Wilson Greens" is a street), a function word ("an Atlas Copco")
        tags = set(lexicon_tags(w))
        if tags & _HEAD_TAGS or not tags & {"lx=F", "lx=L"}:
            return s.label
    return next(iter(inner))


#: Days a date may name without a digit, month or weekday ("Christmas Eve", "Thanksgiving").
_HOLIDAYS = frozenset("christmas xmas easter thanksgiving halloween hanukkah ramadan eid diwali passover".split())


def _dated(text: str, s: Span) -> bool:
    """Whether span ``s`` can be a date: it holds a digit, a month or weekday name, or a holiday. The
    model may call a short sentence's first words one ("The Princess Royal arrived at ...": 15 of
    presidio tune's false positives); a date the rules miss still has one of these."""
    from .cues import cue_class

    value = text[s.start : s.end]
    if any(c.isdigit() for c in value):
        return True
    words = [w.strip(".,;:()'’").lower() for w in value.split()]
    return any(w in _HOLIDAYS or cue_class(w) in ("month", "weekday") for w in words)


#: Titles and offices of judgments the model may read as a name before a surname the lexicon found
#: ("Judge Mendez sentenced him": "Judge").
_OFFICE_TITLES = frozenset("judge judges justice justices president registrar warden recorder magistrate".split())


def _job_title(text: str, s: Span) -> bool:
    """Whether ``s``, a person's name to the model, is made of job words only ("Miner was lifting ...",
    "Millwright was moving ...": MSHA narratives open so, as questions open with a name; 8 of the
    model's 16 additions on 600 raw MSHA rows, none on the tuning sets' gold)."""
    if s.label not in NAME_LABELS:
        return False
    from .wordinfo import lexicon_tags

    words = [w.strip(".,;:()'’") for w in text[s.start : s.end].split()]
    if words and all(w.lower() in _OFFICE_TITLES for w in words):
        return True
    return bool(words) and all("lx=P" in lexicon_tags(w) for w in words)


@lru_cache(maxsize=1)
def _job_heads() -> frozenset[str]:
    """The last words of the listed professions ("hygienist" of "dental hygienist", "worker", "driver")."""
    from ..lexicon.wordlists import load_lexicons

    return frozenset(k.split()[-1] for k in load_lexicons().professions)


def _jobless(text: str, s: Span) -> bool:
    """Whether ``s``, a profession to the model, holds no word that ends a listed profession: "hello i cant log
    in to the portal" opens as "pharmacy tech at ..." does, but names no job."""
    if s.label != "PROFESSION":
        return False
    heads = _job_heads()
    return not any(w.strip(".,;:()'’").lower() in heads for w in text[s.start : s.end].split())


#: "X is a 2001 American action-comedy film": a definition's copula and article, then (within a few words)
#: a year or the kind of work or business defined.
_DEFINITION = re.compile(
    r"[ \t]+(?:is|was)[ \t]+(?:an?|the)[ \t]+(?:[\w'’-]+[ \t]+){0,5}?"
    r"(?:(?:1[89]|20)[0-9]{2}\b|(?i:film|movie|song|album|band|novel|book|game|show|series|sitcom|company|brand"
    r"|app|website|musical|play|magazine|newspaper|franchise|cartoon|documentary)s?\b)"
)


def _defined_thing(text: str, s: Span) -> bool:
    """Whether ``s``, one word the model calls a person's name, is the subject of a definition of a work or a
    business ("Zoolander is a 2001 American action-comedy film directed by ...": 24 of presidio tune's
    false positives of the model); a patient introduced so ("Zora is a 45 yo") is no such definition."""
    if s.label not in NAME_LABELS or len(text[s.start : s.end].split()) != 1:
        return False
    return _DEFINITION.match(text, s.end) is not None


#: A saint's word just before a span, or opening it ("St. Jude", "Saint John's").
_SAINT_BEFORE = re.compile(r"(?i)\b(?:st|saint|ste)\.?[ \t]+$")
_SAINT_OPENS = re.compile(r"(?i)(?:st|saint|ste)\.?[ \t]+\S+")


def _saint_thing(text: str, s: Span) -> bool:
    """Whether ``s`` is a saint's name that names a thing: a person's name right after "St." ("St. Jude valve":
    the lexicon leaves a saint to the hospital and place passes), or a saint's name before a device, herb or
    disease word ("Saint John's wort" as a hospital, "St. Jude mechanical valve")."""
    from ..lexicon.cues import SAINT_NOT_HOSPITAL

    if s.label in NAME_LABELS and _SAINT_BEFORE.search(text, max(0, s.start - 8), s.start):
        return True
    m = _SAINT_OPENS.match(text, s.start, s.end)
    if m is None:
        return False
    after = [w.strip(".,;:()").lower() for w in _WORD.findall(text, m.end(), min(len(text), m.end() + 40))[:2]]
    if after[:1] == ["medical"] and after[1:] and after[1] in _MEDICAL_HEADS:
        return False  # "St. Mary Medical Center" is a hospital; "St. Jude Medical" the device maker
    return bool(after) and after[0] in SAINT_NOT_HOSPITAL


_MEDICAL_HEADS = frozenset("center centre centers hospital hospitals group college campus clinic".split())


#: Replies and courtesies that end a question or a line, never a name ("Is a trip to Paris OK?", "Dr. Lee, thanks").
_REPLY_WORDS = frozenset("ok okay yes no please thanks thank".split())


def _without_reply(text: str, s: Span) -> Span | None:
    """Span ``s`` without the reply words it ran on over ("Paris OK" -> "Paris"); None when nothing is left."""
    words = list(_WORD.finditer(text, s.start, s.end))
    end = s.end
    while words and words[-1].group().strip(".,;:!?()").lower() in _REPLY_WORDS:
        words.pop()
        end = words[-1].end() if words else s.start
    if end == s.end:
        return s
    return replace(s, end=end) if end > s.start else None


def _trimmed(text: str, s: Span) -> Span:
    """``s`` without the function words it ends in ("GALLEGOS WILL" in "DR. GALLEGOS WILL SEE HIM",
    "mortgage department of"): in a note in one case the model runs a name on over the next
    word; no PHI value ends in "will", "of" or "and". A span of such words alone is left as it is."""
    from ...text import ENGLISH_STOPWORDS

    end = s.end
    while end > s.start:
        k = end
        while k > s.start and not text[k - 1].isspace():
            k -= 1
        if text[k:end].strip(".,;:").lower() not in ENGLISH_STOPWORDS:
            break
        end = k
        while end > s.start and text[end - 1].isspace():
            end -= 1
    if end <= s.start:
        return s  # function words alone ("Will" after "Seen by"): the other guards decide
    return s if end == s.end else replace(s, end=end)


def _without_kin_head(text: str, s: Span) -> Span | None:
    """A name span without the kin word or informal title it opens with ("Nan is in her 80s", "my nan rasul",
    "hey doc Racz"): British "nan", "mam", Filipino "lola" and "doc" are how a relative or a doctor is called,
    no one's name; a span of that word alone is no addition (None). Any span loses the tail of a contraction
    it starts with ("s" of "It's")."""
    from ..lexicon.cues import KIN_NOT_PLACES

    m = _WORD.search(text, s.start, s.end)
    if m is None:
        return s
    head = m.group().strip(".,;:()").lower()
    contraction = m.start() > 0 and text[m.start() - 1] in "'’" and head in _CONTRACTION_TAILS
    if not contraction and (s.label not in NAME_LABELS or head not in KIN_NOT_PLACES and head not in _INFORMAL_TITLES):
        return s
    nxt = _WORD.search(text, m.end(), s.end)
    return None if nxt is None else replace(s, start=nxt.start())


#: Kin words of other Englishes and the informal titles a message calls a doctor by.
_INFORMAL_TITLES = frozenset({"doc", "lola", "lolo"})
#: What follows the apostrophe of a contraction: a span starting there ("s Benjamin De" of "It's Benjamin De
#: here") starts inside a word, whatever its label.
_CONTRACTION_TAILS = frozenset({"s", "t", "m", "d", "ll", "re", "ve"})


def _new_phi(text: str, s: Span, candidate: Callable[[str], bool]) -> bool:
    """Whether span ``s``, which no hit touches, holds a candidate word that does not name a term:
    "Timothy grass, Johnson grass, Bermuda grass" names allergens (two or more candidates, each
    before an eponym head, as the lexicon reads "Foley catheter"), "Hannah Montana" no one (``lexicon.generic_orgs``),
    "Seen with Tobiah Venkataraman" a person."""
    from ..lexicon.cues import EPONYM_HEADS
    from ..lexicon.generic_orgs import generic_ranges

    words = _WORD.findall(text, s.start, min(len(text), s.end + 40))
    inside = [m for m in _WORD.finditer(text, s.start, s.end)]
    generic = generic_ranges(text[max(0, s.start - 40) : s.end + 40]) if inside else []
    off = max(0, s.start - 40)
    # a number beside a generic phrase is its year or size ("2015 Honda Civic"), not a house number
    with_generic = any(a + off < s.end and s.start < b + off for a, b in generic)
    terms = 0
    for k, m in enumerate(inside):
        if not candidate(m.group()) or any(a + off <= m.start() < b + off for a, b in generic):
            continue
        if with_generic and m.group().strip(".,;:()").isdigit():
            continue
        nxt = words[k + 1].strip(".,;:()").lower() if k + 1 < len(words) else ""
        if nxt not in EPONYM_HEADS or m.group().endswith((",", ";", ":", ".")):
            return True
        terms += 1
    # one candidate before a head word may still be a name ("Bell pump" after "Dr."): only a list of
    # such terms is dropped on the head words alone, or one that the model calls no person's name
    # ("Fitz-Hugh-Curtis syndrome" as a hospital), or one before a disease's head with no title or
    # possessive before it ("Hunter syndrome was excluded")
    head = _DISEASE_HEAD.match(text, s.end) if terms == 1 and s.label in NAME_LABELS else None
    if head is not None and not _TITLE_BEFORE.search(text, max(0, s.start - 6), s.start) and (
            head.group()[:1] not in "'’" or _listed_eponym(text[s.start : s.end])):
        return False  # "Addison's disease", not "Mary's disease": a possessive only of a listed eponym
    return terms == 1 and s.label in NAME_LABELS


#: Heads that make the word before them a disease's or a sign's eponym ("Hunter syndrome", "Homans sign",
#: "Addison's disease", "Barrett's oesophagus").
_DISEASE_HEAD = re.compile(r"(?i)(?:['’]s)?[ \t]+(?:syndrome|disease|sign|reflex|phenomenon|palsy|anomaly|deformity|fracture"
                           r"|bengal|stain|staining|triad|cyst|ulcer|thyroiditis|o?esophagus|lymphoma|sarcoma|contracture)\b")
_TITLE_BEFORE = re.compile(r"(?i)\b(?:dr|mr|mrs|ms|miss|prof)\.?[ \t]+$")


def _term_with_values(text: str, s: Span) -> bool:
    """A street the model adds that opens with a clinical word and holds only such words, short
    abbreviations in capitals and numbers, at least one: "Sinemet 25/100", "Sinemet 25/100. BP 132/84" are a drug's
    dose and a vital sign, no address. A street in words comes after its house number in English
    ("12 Main") and holds a street type when its name is a common word ("Bridge Street"); one that
    opens with a name no allowlist holds ("Długa 12/4") is left to the model."""
    if s.label != "STREET" or not any(c.isdigit() for c in text[s.start : s.end]):
        return False  # "Autumn Flat": a street of common words without a number stays the model's
    from ..lexicon.wordlists import load_lexicons, norm

    lx = load_lexicons()
    words = [w.strip(".,;:()") for w in text[s.start : s.end].split()]
    lettered = [w for w in words if any(c.isalpha() for c in w)]
    if not lettered or words[0] != lettered[0]:
        return False
    keys = [norm(w) for w in lettered]
    if keys[0] not in lx.allow and keys[0] not in lx.terms or any(k in lx.street_suffixes for k in keys):
        return False
    return all(k in lx.allow or k in lx.terms or (w.isalpha() and w.isupper() and len(w) <= 3)
               for w, k in zip(lettered, keys))


def _listed_eponym(word: str) -> bool:
    """A word the lexicon's allowlist holds (its curated eponyms: "addison", "barrett", "crohn"), not a name only."""
    from ..lexicon.wordlists import load_lexicons, norm

    return norm(word) in load_lexicons().allow


def _grows(text: str, s: Span, hits: Sequence[Span], past: str, candidate: Callable[[str], bool]) -> bool:
    """Whether the part ``past`` of model span ``s`` outside the hits is PHI the hits left out.

    Not a credential or field label ("Valerie RNFA", "Tel"), and not the department after a
    hospital, on its line or the next ("BOSTON CHILDREN'S HOSPITAL ADULT MEDICINE", "St.
    Patrick's Hospital Imaging Services", "KCVMC lab", "Dimock Center\nGastroenterology
    Associates"); "Mercy Regional" and an address line under a hospital grow.
    """
    words = past.split()
    if all(map(is_label_word, words)):
        return False
    if _prose_before_a_comma(text, s, hits):
        return False
    if any(h.label == "HOSPITAL" and h.start <= s.start < h.end < s.end for h in hits):
        return not all(_department_word(w) for w in words)
    name = next((h for h in hits if h.label in NAME_LABELS and h.start < s.end and s.start < h.end), None)
    if name is not None and name.end < s.end and not _name_goes_on(text, name, words):
        return False
    return True


def _prose_before_a_comma(text: str, s: Span, hits: Sequence[Span]) -> bool:
    """Whether ``s`` grows back over lower-case words set off by a comma before the first hit it
    overlaps ("The applicant company, Kovalenko Trading LLC, is"): a noun phrase in apposition, not part of
    the name. In a note typed all in lower case the words say nothing, so it grows as before."""
    first = min((h.start for h in hits if h.start < s.end and s.start < h.end), default=s.start)
    before = text[s.start : first].rstrip()
    if first <= s.start or not before.endswith(",") or text.islower():
        return False
    words = before.replace(",", " ").split()
    return bool(words) and all(w.islower() for w in words)


#: Heads that make a person's possessive the name of a place or a business ("Mary's Hospital", "Joe's Garage").
_POSSESSIVE_HEADS = frozenset("""hospital hospitals medical center centre clinic clinics infirmary health healthcare
college school university church chapel home homes house hospice foundation institute academy society pharmacy
restaurant bakery store shop cafe bar pub garage company co inc llc ltd corp group associates partners bank""".split())


def _name_goes_on(text: str, name: Span, words: Sequence[str]) -> bool:
    """Whether a person's name hit may grow over ``words`` (the model's words past it): not over lower-case
    prose after a name written in capitals ("Aki shouted at Amanda"), nor past the name's possessive into the
    title of a work ("Elizabeth Mitchell's Cautionary Tales"), unless a place or business head follows
    ("St. Mary's Hospital", "Joe's Garage")."""
    from ..lexicon.cues import PARTICLES  # lower-case parts that go on with a name ("Ludwig van Beethoven")

    first = text[name.start : name.end][:1]
    after = text[name.end : name.end + 2]
    keys = [w.strip(".,;:()'’").lower() for w in words]
    if after in ("'s", "’s") and not any(k in _POSSESSIVE_HEADS for k in keys):
        return False
    lower_prose = all(w.islower() and k not in PARTICLES for w, k in zip(words, keys))
    return not (first.isupper() and lower_prose and not text.islower())


def _department_word(word: str) -> bool:
    """A word of a department's name ("Adult", "Medicine", "Imaging", "Services", "lab.", "-")."""
    from ..lexicon.cues import SPECIALTY_PREFIX, SPECIALTY_WORDS

    key = word.strip(".,:;-–()").lower()
    return not key or key in SPECIALTY_WORDS or key in SPECIALTY_PREFIX or key in _DEPARTMENT_HEADS


def stack(
    text: str, spans: Sequence[Span], hits: Sequence[Span], min_score: float, max_words: int | None = None,
    candidate: Callable[[str], bool] | None = None,
) -> list[Span]:
    """``additions`` of the model's spans to the hits, and the other mentions of the names among them."""
    kept = additions(text, spans, hits, min_score, max_words, candidate)
    names = [s for s in kept if s.label in NAME_LABELS]
    if not names:
        return kept
    from ..lexicon.detector import names_in_document

    merged = _merged(list(hits) + kept)
    starts = [m[0] for m in merged]
    more = [replace(s, source=names[0].source, score=min(n.score for n in names))
            for s in names_in_document(text, names, min_score=0.0) if not _overlaps(merged, starts, s.start, s.end)]
    return sorted(kept + more)


def drop_hits(key: str, hits: Sequence[tuple[str, Sequence[Span]]], share: float, seed: int = 0,
              ) -> list[tuple[str, list[Span]]]:
    """The hit features of a training note (``Featurizer.hits``: prefix, spans) with each span
    left out at random with probability ``share``, seeded by ``seed`` and the note's ``key``.

    A stacker only adds where the rules and the lexicon found nothing, but on its training
    notes they find nearly all the PHI: trained on their hits alone, it rarely sees PHI
    without a hit feature and learns little of what a missed form looks like (its words,
    shape, list membership and context). ``bench/tagger_train.py --hit-dropout`` trains on
    each note twice, with all its hits and with a share left out (hit dropout).
    """
    if share <= 0:
        return [(prefix, list(spans)) for prefix, spans in hits]
    rng = random.Random(f"drop:{seed}:{key}")
    return [(prefix, [s for s in spans if rng.random() >= share]) for prefix, spans in hits]


def other_mentions(text: str, spans: Sequence[Span], labels: frozenset[str] | None = None,
                   min_letters: int = 2) -> list[Span]:
    """``spans`` and the other whole-word mentions, same case, of their strings in ``text``.

    Document-level consistency for any label set (a MEDDOCAN model's street, hospital or
    relative): a string tagged once is tagged where it recurs untagged, with the label
    and score of its first tagging. Only strings with ``min_letters`` letters or more
    and, with ``labels``, of those labels are looked for; the search is case-sensitive
    (a tagged "White" does not reach "white matter"), needs word edges on both sides
    and skips places overlapping a span.
    """
    first: dict[str, Span] = {}
    for s in sorted(spans):
        value = text[s.start : s.end]
        if (labels is None or s.label in labels) and sum(c.isalpha() for c in value) >= min_letters:
            first.setdefault(value, s)
    if not first:
        return list(spans)
    taken = _merged(spans)
    starts = [m[0] for m in taken]
    added: list[Span] = []
    for value, seed in first.items():
        k = text.find(value)
        while k >= 0:
            end = k + len(value)
            edges = (k == 0 or not text[k - 1].isalnum()) and (end == len(text) or not text[end].isalnum())
            if edges and not _overlaps(taken, starts, k, end):
                added.append(replace(seed, start=k, end=end))
            k = text.find(value, k + 1)
    if not added:
        return list(spans)
    # two seeds may reach the same place ("Madrid" inside a longer untagged "Madrid Norte"): keep the longest
    added.sort(key=lambda s: (s.start, -(s.end - s.start)))
    kept: list[Span] = []
    for s in added:
        if not kept or s.start >= kept[-1].end:
            kept.append(s)
    return sorted(list(spans) + kept)


__all__ = ["stack", "additions", "other_mentions", "drop_hits", "NAME_LABELS"]
