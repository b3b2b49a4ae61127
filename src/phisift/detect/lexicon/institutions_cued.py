"""Institutions with no head word, found by where they stand.

Notes name hospitals the way their staff say them: "OHSU", "Cedars-Sinai", "Mass General",
"Sinai", "St. Rita's", "JCMH". No head word ("Hospital", "Clinic") says what they are, so
these passes read the slot they stand in instead:

* after a care or transfer phrase: "admitted to X", "transferred from X", "a second opinion
  at X", "records were requested from X", "imaging from X", "previously followed at X";
  after an employment or mail phrase: "employed by X", "works as a chef at X", "a letter was
  received from the X", "the specimen was sent to X for review" (an organisation);
* a saint's name in the possessive: "St. Luke's", "Saint Elizabeth's Regional"; without it only in a
  hospital's slot, after a word of care and "at" / "to", or before a unit ("seen at St. Jude", "EMS took
  him to St Joseph", "the St. Vincent emergency department"), never before a valve, herb or disease word
  ("St. Jude mechanical valve", "St. John's wort", "St. Vitus dance");
* a well-known hospital's short name (:data:`KNOWN_HOSPITALS`), anywhere when it cannot be
  a word or a person ("UPMC", "NYU Langone"), in a slot or on a line of its own otherwise;
* the lines of a letterhead or signature block: the line between a clinician's name and a
  "Phone" line or an address, and the name after "cc: Dr. A. Lee, ".

A run in a slot must still name one body (:func:`.specific.specific`): "transferred to
Radiology", "seen at Rest" and "sent to Pathology for review" stay untouched.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from ..rules.base import started_finditer
from .cues import (
    CALENDAR, CREDENTIAL, CREDENTIAL_WORDS, INST_BAD_FIRST, INST_GENERIC, KIN_NOT_PLACES, NAME_STOP, PARTICLES, SAINT,
    SAINT_NOT_HOSPITAL, SPECIALTY_WORDS, TITLES,
)
from .institutions import ACRONYM_NOT_HOSPITAL, UNIT_ACRONYMS
from .labels import HOSPITAL, NAME_LABELS, ORGANIZATION
from .name_runs import PLACEHOLDER_NAMES, lower_initial
from .places import place_at
from .specific import _double_barrelled, _eponym_pair, specific
from .state import PassState
from .tokens import SPACE_GAPS, Tokens

#: Words before "at" / "to" / "from" / "in" / "by" that make the next capitalised run a hospital.
HOSPITAL_SLOT_WORDS = frozenset(
    "opinion followed inpatient outpatient seen treated admitted readmitted transferred transfer call "
    "presented presents presenting requested imaging records films studies scans lifted flown airlifted "
    "evaluated discharged delivered hospitalized hospitalised hospitalization hospitalisation stay "
    "stayed surgery operated taken consultation consult biopsy mri ct workup "
    "retrieved born chemo chemotherapy bloods reviewed cabg".split()  # "retrieved to the Alfred", "born at Addenbrooke's"
)
#: Slot words whose slot is a hospital only after "at": "born at Addenbrooke's", not "born in Lagos".
_AT_ONLY_SLOT_WORDS = frozenset("born chemo chemotherapy bloods reviewed cabg".split())
#: ... and those that make it an employer, a laboratory, a court or an office.
ORG_SLOT_WORDS = frozenset(
    "employed works worked working work volunteers volunteer received letter sent correspondence "
    "mailed faxed laid fired".split()  # "laid off from Alcoa"
)
_SLOT_PREPS = frozenset("at to from in by".split())
#: Words that end a slot run though capitalised: a time after the name ("X Monday").
_RUN_STOP = CALENDAR | NAME_STOP
#: What may stand between two words of one name: spaces, "&", a firm's comma, an inner period
#: ("A.C", "S.Coop"); a period and a space end the sentence.
_RUN_GAPS = frozenset({" ", "  ", " & ", "&", " &", "& ", ", ", ",", ".", "/", " / ", "'", "’"})

#: Acronyms of units, services, tests and roles: "taken to PACU", "admitted to the MICU".
_NOT_HOSPITAL = ACRONYM_NOT_HOSPITAL | UNIT_ACRONYMS | frozenset(
    "pcu dou tcu stepdown sdu cdu imcu nicu ltach rehab hdu itu amu sau eau ccu pacu or ir micu sicu cvicu psu iban "
    "ticu nsicu picu cticu ccu cvu".split()
)
#: Well-known hospitals and health systems by the short names notes use (normalised keys).
KNOWN_HOSPITALS = frozenset(
    """
    mass general|massachusetts general|mass eye and ear|brigham|brigham and women's|beth israel|bidmc|mgh|bwh
    johns hopkins|hopkins|mayo|mayo clinic|cleveland clinic|md anderson|sloan kettering|memorial sloan kettering
    mount sinai|mt sinai|sinai|cedars-sinai|cedars sinai|nyu langone|nyu|langone|ucla|ucla med ctr|ucla medical center
    stanford health care|stanford healthcare|stanford medicine|beth israel deaconess|beth israel deaconess medical center
    johns hopkins hospital|johns hopkins medicine|nyu langone health|ucla health|ucsf health|ucsf medical center
    mass general brigham|massachusetts general hospital|brigham and women's hospital|mount sinai hospital
    cedars-sinai medical center|md anderson cancer center|memorial sloan kettering cancer center|intermountain healthcare
    ochsner health|henry ford health|henry ford hospital|montefiore medical center|yale new haven hospital
    vanderbilt university medical center|emory healthcare|duke health|duke university hospital|northwestern medicine
    rush university medical center|jefferson health|hackensack university medical center|boston children's
    boston children's hospital|seattle children's|lurie children's|cleveland clinic foundation|mayo clinic hospital
    ucsf|ucsd|uc davis|uci|upmc|musc|ohsu|uab|unc|uw medicine|uchicago|uchicago medicine|penn medicine|penn state health
    baylor|baylor scott white|baylor scott and white|intermountain|ochsner|geisinger|kaiser|kaiser permanente
    sutter|sutter health|banner health|atrium health|novant|novant health|advocate aurora|beaumont|henry ford
    spectrum health|northwell|montefiore|lenox hill|bellevue|yale new haven|yale-new haven|lahey|tufts medical
    dartmouth-hitchcock|dartmouth hitchcock|vanderbilt|emory|duke|stanford|northwestern|northwestern memorial
    barnes-jewish|barnes jewish|christiana|inova|medstar|sentara|ohio state|wexner|mercy|providence|dignity health
    children's mercy|nationwide children's|texas children's|cincinnati children's|chop|cchmc
    rush|jefferson|temple|hackensack|hackensack meridian|valley|albany med|strong memorial|upstate|hershey
    """.replace("\n", "|").split("|")
) - {""}
KNOWN_HOSPITALS = frozenset(k.strip() for k in KNOWN_HOSPITALS) - {""}
#: Known names that are words or people too: only in a slot, on a line of their own, or after a name.
_KNOWN_NEED_CONTEXT = frozenset(
    "hopkins mayo sinai langone baylor kaiser sutter beaumont bellevue vanderbilt emory duke stanford northwestern "
    "christiana inova mercy providence rush jefferson temple valley upstate hershey brigham nyu chop novant "
    "intermountain ochsner geisinger montefiore lahey medstar sentara wexner".split()
)
_KNOWN_STARTS: dict[str, int] = {}
for _k in KNOWN_HOSPITALS:
    _w = _k.split(" ")
    _KNOWN_STARTS[_w[0]] = max(_KNOWN_STARTS.get(_w[0], 0), len(_w))

def known_starts() -> dict[str, int]:
    """First word of each known hospital name -> its longest length in words."""
    return _KNOWN_STARTS


#: What may follow the possessive of a saint's hospital: "St. Rita's Regional (Medical Center)".
_SAINT_TAIL = frozenset(
    "regional medical center centre hospital health healthcare memorial general infirmary clinic mercy "
    "university children's childrens community".split()
) | frozenset("residence nursing home care lodge manor gardens hospice".split())
#: Tails that make a saint's name a school or a church ("St. Elizabeth's Primary", "St. Clare's Academy").
_SAINT_SCHOOL_TAIL = frozenset("primary school academy college elementary church parish".split())
_PHONE_LINE = re.compile(r"[ \t]*(?:phone|tel|telephone|ph|fax|t:|p:|office)\b", re.I)
_ADDRESS_LINE = re.compile(r"[ \t]*(?:\d+[A-Za-z]?[ ,]+[^\W\d_]|h\.?\s?no\.?\s?\d|p\.?\s?o\.?\s+box\b)", re.I)


def known_at(doc: Tokens, state: PassState, i: int) -> int | None:
    """End of the longest known hospital name starting at token i (capitalised words, one line)."""

    def hit(phrase: str) -> bool | None:
        return True if phrase in KNOWN_HOSPITALS else None

    def joins(j: int) -> bool:
        g = doc.gap(j)
        return not state.taken[j] and (g in SPACE_GAPS or g.strip() in ("&", ".")) and "\n" not in g and (
            doc.cap[j] or doc.keys[j] in ("and", "of")
        )

    if not doc.cap[i] or state.taken[i]:
        return None
    found = doc.longest_phrase(i, _KNOWN_STARTS, hit, joins)
    return None if found is None else found[0]


def _slot_before(doc: Tokens, i: int) -> str | None:
    """HOSPITAL or ORGANIZATION when token i stands in a slot ("second opinion at" i), else None."""
    if i == 0 or "\n" in doc.gap(i) or doc.gap(i) not in SPACE_GAPS:
        return None
    p = i - 1
    if doc.keys[p] == "the" and p > 0 and doc.simple_gap(p):
        p -= 1  # "received from the X"
    prep = doc.keys[p]
    if prep == "for" and p > 0 and doc.keys[p - 1] in ("form", "forms", "paperwork") and not doc.cap[p] \
            and not (doc.is_upper(i) and len(doc.words[i]) <= 5):  # "Form for FMLA": the kind of form
        return ORGANIZATION  # "Form for Boeing completed (return to work 5/27)": the employer's form
    if prep not in _SLOT_PREPS or doc.cap[p]:
        return None
    # the cue word stands up to 7 words before, in the same sentence ("works as a barista at")
    for t in range(p - 1, max(-1, p - 8), -1):
        k = doc.keys[t]
        if k in HOSPITAL_SLOT_WORDS and prep != "by" and (prep == "at" or k not in _AT_ONLY_SLOT_WORDS):
            return HOSPITAL  # "seen by X" is a person; "born in X" a town
        if k in ORG_SLOT_WORDS and prep != "in":
            return ORGANIZATION
        g = doc.gap(t + 1)
        if "\n" in g or g.strip() in (".", ";", ":"):
            break
    return None


def slot_run(doc: Tokens, state: PassState, i: int, limit: int = 10) -> int:
    """End of a name in a slot: capitalised words with inner connectors, "&", dotted company
    suffixes and the commas of a firm ("Curtis, Mills and Fox")."""
    b = i
    last_cap = i
    while b < doc.n and b - i < limit and not state.taken[b]:
        if b > i:
            g = doc.gap(b)
            if "\n" in g:
                break
            s = g.strip()
            if g not in _RUN_GAPS:
                break
            if s == "," and not _firm_ahead(doc, b):
                break
        k = doc.keys[b]
        if doc.cap[b]:
            if k in _RUN_STOP and b > i or (k in INST_BAD_FIRST and b == i):
                break
            last_cap = b + 1
        elif k not in ("of", "and", "y", "e", "the", "de", "del", "la", "und", "et", "och", "og", "von", "van",
                       "da", "do", "dos", "das") and not (len(doc.words[b]) <= 3 and doc.gap(b + 1 if b + 1 < doc.n else b)
                                                           .startswith((".", "/"))):
            break
        b += 1
    return last_cap


def _firm_ahead(doc: Tokens, b: int) -> bool:
    """After a comma at token b: "Mills and Fox" closes a firm name within three words."""
    for t in range(b, min(doc.n, b + 4)):
        if doc.keys[t] in ("and", "&") or doc.gap(t).strip() == "&":
            return True
        if not doc.cap[t]:
            return False
    return False


def _run_ok(doc: Tokens, state: PassState, a: int, b: int) -> bool:
    """Tokens a..b-1 name one body: specific, not a place alone, not a title and name."""
    if b <= a:
        return False
    keys = doc.keys
    if keys[a] in TITLES or keys[a] in NAME_STOP or keys[a] in INST_BAD_FIRST:
        return False
    if all(keys[t] in INST_GENERIC or keys[t] in SPECIALTY_WORDS or keys[t] in ("of", "and", "the") for t in range(a, b)):
        return False
    p = place_at(doc, state, a)
    if p and p[0] >= b:
        return False  # "transferred from Boston": the place passes' city
    if doc.eponym_after(b) or doc.dose_after(b):
        return False
    known = known_at(doc, state, a)
    if known is not None and known >= b:
        return True
    lex = doc.lex
    if b - a <= 3 and keys[a] in lex.first and not lex.is_allowed(keys[a]) and all(
        lex.is_name_word(keys[t]) or doc.is_initial(t) for t in range(a, b)
    ) and b - a > 1:
        return False  # "seen at John Smith's": a person
    return specific(doc, [t for t in range(a, b) if doc.cap[t]])


#: Rooms and places inside a hospital that end a slot's run ("AEVMH Operating Room", "Mercy Recovery Suite").
_ROOM_WORDS = frozenset("room rooms suite suites ward wards bay theatre theater operating recovery".split())


def pass_institution_slots(doc: Tokens, state: PassState) -> None:
    """'transferred from Ochsner', 'a second opinion at UPMC', 'employed by Arroyo A.C.'."""
    for i in doc.caps:
        if state.taken[i]:
            continue
        label = _slot_before(doc, i)
        if label is None:
            continue
        b = slot_run(doc, state, i)
        while b - i > 1 and doc.keys[b - 1] in _ROOM_WORDS:
            b -= 1  # the room is not the name: "taken to AEVMH Operating Room #1"
        if not _run_ok(doc, state, i, b):
            continue
        if b - i == 1 and (doc.keys[i] in _NOT_HOSPITAL or doc.keys[i] in KIN_NOT_PLACES or doc.keys[i] in PLACEHOLDER_NAMES
                           or doc.is_upper(i) and len(doc.words[i]) <= 2):
            continue  # "to OR", "taken to PACU", "changed to Dou" (a recased "dou"), "done at XYZ": no hospital
        state.emit(i, b, label, 0.8)


def lower_firm(lex, k: str) -> bool:
    """A firm's double-barrelled name typed in lower case ("gilmore-vu", "tolak-small"): hyphenated parts of
    which one no list knows and the others are names; not an eponym the allowlist holds ("jackson-pratt",
    "wolff-parkinson-white")."""
    return "-" in k and k not in lex.allow and _double_barrelled(lex, k) and not _eponym_pair(lex, k)


def pass_known_hospitals(doc: Tokens, state: PassState) -> None:
    """'UPMC', 'NYU Langone', 'Cedars-Sinai' anywhere; 'Mayo', 'Sinai' alone on a line or after 'at'."""
    for i in doc.caps:
        j = known_at(doc, state, i)
        if j is None:
            continue
        if j - i == 1 and doc.keys[i] in _KNOWN_NEED_CONTEXT:
            alone = "\n" in doc.gap(i) or i == 0
            alone = alone and (j >= doc.n or "\n" in doc.gap(j))
            if not (alone or (i > 0 and doc.keys[i - 1] in ("at", "from", "to") and doc.simple_gap(i))):
                continue
            if doc.eponym_after(j) or doc.relation_after(j):
                continue
        state.emit(i, j, HOSPITAL, 0.85)


_SAINT_WORDS = frozenset({"st", "saint", "ste", "sainte"})


def pass_saints(doc: Tokens, state: PassState) -> None:
    """"St. Luke's", "Saint Elizabeth's", "ST. MARGARET'S HEALTH", "St Rita's Regional": a saint in
    the possessive names a hospital (or a church) wherever it stands."""
    for i in doc.positions(_SAINT_WORDS):
        if i >= doc.n - 1:
            break
        if state.taken[i] or state.taken[i + 1]:
            continue
        g = doc.gap(i + 1)
        w = doc.words[i + 1]
        if g not in (". ", " ", ".") or not w.endswith(("'s", "’s", "'S", "’S")):
            continue
        lower = not doc.cap[i] and not doc.cap[i + 1]
        if not (doc.cap[i] and doc.cap[i + 1] or lower and doc.lex.is_name_word(doc.keys[i + 1])):
            continue  # "st. dominic's", "saint rita's" typed in lower case: the saint must be a name
        if i + 2 < doc.n and doc.keys[i + 2] == "wort":
            state.taken[i : i + 3] = b"\x01\x01\x01"  # St. John's wort, the herb: no later pass reads a town
            continue
        j = i + 2
        while j < doc.n and j - i < 6 and doc.simple_gap(j) and (doc.cap[j] or lower) and not state.taken[j] \
                and (doc.keys[j] in _SAINT_TAIL or doc.keys[j] in _SAINT_SCHOOL_TAIL):
            j += 1
        label = ORGANIZATION if any(doc.keys[t] in _SAINT_SCHOOL_TAIL for t in range(i + 2, j)) else HOSPITAL
        state.emit_chars(doc.starts[i], doc.ends[j - 1], i, j, label, 0.85)  # the "'s" is the name's


#: Hospital units and services after a saint's name: "the St. Vincent emergency department", "St Jude ED".
_SAINT_UNITS = frozenset("emergency ed er icu ccu nicu picu micu emergency-room cath trauma maternity".split())
def pass_saint_slots(doc: Tokens, state: PassState) -> None:
    """"seen at St. Jude", "admitted to St. Luke in Boise", "the St. Vincent emergency department": a saint
    without the possessive is a hospital where a hospital's slot or unit stands around it. Without
    them it is left to the place passes ("St. Joseph, MO") and to nobody ("St. Jude valve")."""
    for i in doc.positions(_SAINT_WORDS):
        j = i + 1
        if j >= doc.n or state.taken[i] or state.taken[j] or doc.gap(j) not in (". ", " ", "."):
            continue
        w, k = doc.words[j], doc.keys[j]
        caseless = not state.recased and (doc.text.isupper() or doc.text.islower())
        if w.endswith(("'s", "’s", "'S", "’S")) or not (doc.cap[i] and doc.cap[j] or caseless) or not k.isalpha() \
                or len(k) < 3 or not doc.lex.is_name_word(k):
            continue  # the possessive is pass_saints'; "St. 3", "st segment": no saint
        if caseless and not (doc.keys[i] in ("st", "saint") and k in doc.lex.first):
            continue  # in one case a saint is "st." or "saint" and a given name: "SEEN AT ST. JUDE", "at st. rita"
        end = j + 1
        while end < doc.n and end - i < 6 and doc.simple_gap(end) and doc.cap[end] and not state.taken[end] \
                and doc.keys[end] in _SAINT_TAIL:
            end += 1
        nxt = doc.keys[end] if end < doc.n and doc.simple_gap(end) else ""
        if nxt in SAINT_NOT_HOSPITAL or doc.eponym_after(end) or doc.dose_after(end):
            continue
        slot = _slot_before_caseless(doc, i) if caseless else _slot_before(doc, i)
        if slot != HOSPITAL and nxt not in _SAINT_UNITS and not (
                _care_before(doc, i) and " ".join(doc.keys[i:j + 1]) not in doc.lex.cities_major):
            continue  # "EMS took him to St Joseph", not "EMS drove her home from St. Louis"
        state.emit(i, end, HOSPITAL, 0.85)


#: Words of going to or being cared for at a place, before "at" / "to" / "from" and a saint's name: "EMS took
#: him to St Joseph", "Follow up at St. Joseph", "his CABG at Saint Francis" (a saint's town needs "in" there).
_SAINT_CARE_WORDS = frozenset(
    "follow ems ambulance brought done cabg pci stent echo ultrasound labs born mri ct er ed appointment "
    "appointments".split()
)


def _slot_before_caseless(doc: Tokens, i: int) -> str | None:
    """``_slot_before`` for a note typed in one case, where the preposition's case says nothing: HOSPITAL when
    "at" / "to" / "from" (maybe with "the") stands before token i and a hospital's slot word within seven
    words before it, in the same sentence."""
    p = i - 1
    if p > 0 and doc.keys[p] == "the" and doc.simple_gap(p):
        p -= 1
    if p < 1 or doc.keys[p] not in ("at", "to", "from") or "\n" in doc.gap(p + 1):
        return None
    return HOSPITAL if _listed_back(doc, p - 1, p - 8, HOSPITAL_SLOT_WORDS) else None


def _listed_back(doc: Tokens, start: int, stop: int, words: frozenset[str]) -> bool:
    """Whether a word of ``words`` stands at token ``start`` or before it, back to (not including) ``stop``,
    without crossing a line break or a sentence or clause mark."""
    for t in range(start, max(-1, stop), -1):
        if doc.keys[t] in words:
            return True
        g = doc.gap(t + 1)
        if "\n" in g or g.strip() in (".", ";", ":"):
            break
    return False


def _care_before(doc: Tokens, i: int) -> bool:
    """A word of :data:`_SAINT_CARE_WORDS` within six words before the "at" / "to" / "from" right before token i."""
    if i < 2 or doc.keys[i - 1] not in ("at", "to", "from") or not doc.simple_gap(i) or not doc.simple_gap(i - 1):
        return False
    return _listed_back(doc, i - 2, i - 8, _SAINT_CARE_WORDS)


def _line_bounds(doc: Tokens, start: int, end: int) -> tuple[int, int]:
    """(first token, end token) of the tokens inside text[start:end]."""
    return bisect_left(doc.starts, start), bisect_right(doc.ends, end)


def _block_line(doc: Tokens, state: PassState, a: int, b: int) -> bool:
    """Tokens a..b-1, a whole line, could be an institution's name in a letterhead or signature."""
    if b <= a or b - a > 8 or not state.free(a, b) or not doc.cap[a]:
        return False
    line = doc.text[doc.starts[a] : doc.ends[b - 1]]
    if any(c.isdigit() for c in line) or ":" in line or "@" in line or CREDENTIAL.search(line):
        return False
    if b - a == 1 and doc.is_upper(a):
        w = doc.words[a]
        return 3 <= len(w) <= 7 and not doc.lex.is_allowed(doc.keys[a]) and doc.keys[a] not in SPECIALTY_WORDS
    return _run_ok(doc, state, a, b)


def lower_acronym(lex, w: str) -> bool:
    """A hospital's acronym typed in lower case ("tpch", "mfmh", "cch", "bidmc"): three to seven letters no
    list knows, at most one vowel, ending in h or c (hospital, center, clinic); not a word ("thanks"), a
    specialty or a clinical abbreviation ("tpn", "nml")."""
    vowels = sum(c in "aeiouy" for c in w)
    return 3 <= len(w) <= 7 and w.isalpha() and not lex.is_allowed(w) and w not in SPECIALTY_WORDS \
        and w not in _NOT_HOSPITAL and vowels <= 1 and w[-1] in "hc"


def pass_lower_acronyms(doc: Tokens, state: PassState) -> None:
    """'referral to gi at cch.', 'seeing your patient at ajh on 8/18': a lower-case hospital acronym after
    'at', 'from' or 'to' in a note that is not typed in one case, closing its clause."""
    if state.recased:
        return
    for i in doc.follow(("at", "from")):
        if state.taken[i] or doc.cap[i] or not doc.simple_gap(i):
            continue
        nxt = doc.gap(i + 1).strip() if i + 1 < doc.n else ""
        if i + 1 < doc.n and not nxt and doc.keys[i + 1] not in ("on", "for", "in", "last", "and", "since"):
            continue  # "at cch." / "at ajh on 8/18", not "at hs dosing"
        if lower_acronym(doc.lex, doc.keys[i]):
            state.emit(i, i + 1, HOSPITAL, 0.7)


def _lower_block_line(doc: Tokens, state: PassState, a: int, b: int) -> bool:
    """A line typed in lower case between a clinician's name and a 'Phone' or address line ("tpch",
    "grahamburgh community", "children's hospital of mathewberg"): an institution when it names one (an
    unknown word or a well-known hospital), and not a person's name ("mark smith")."""
    if b <= a or b - a > 6 or not state.free(a, b) or any(doc.cap[t] for t in range(a, b)):
        return False
    line = doc.text[doc.starts[a] : doc.ends[b - 1]]
    if any(c.isdigit() for c in line) or ":" in line or "@" in line or CREDENTIAL.search(line):
        return False
    if re.search(r"(?<!\bst)(?<!\bste)\.\s", line, re.I):
        return False  # "andrea. all questions answered": a sentence, not a name ("st. luke's" is one)
    lex = doc.lex
    keys = doc.keys[a:b]
    if " ".join(keys) in KNOWN_HOSPITALS:
        return True
    if b - a == 1:
        return lower_acronym(lex, keys[0]) or lower_firm(lex, keys[0])
    if b - a <= 3 and all(lex.is_name_word(k) for k in keys):
        return False  # a person's name on its own line
    if doc.eponym_after(b) or doc.dose_after(b):
        return False
    return specific(doc, [t for t in range(a, b) if not lex.is_allowed(doc.keys[t])])


#: Words of a clause, not of a name: "Mr L. Loucaides, judges, delivered its judgment."
_CLAUSE_WORDS = frozenset("the its his her their our was were is are has have had will would who which that "
                          "he she they we i it you i'm im".split())  # "Analyn Sison, he's twenty": "he's" keys as "he"


def _lower_clause(doc: Tokens, a: int, b: int) -> bool:
    """The lower-case rest of a line after a name goes on as prose (a comma between its words, or a
    pronoun or auxiliary), so it names no institution ("cc: Dr V. Sethi, kvrmc" does)."""
    return any(doc.keys[t] in _CLAUSE_WORDS for t in range(a, b)) or any(
        "," in doc.gap(t) for t in range(a + 1, b)
    )


def pass_block_lines(doc: Tokens, state: PassState) -> None:
    """Letterheads and signature blocks: the line above a 'Phone ...' line or an address line,
    when it follows a line with a clinician's name or opens the note ("Cedars-Sinai\\nPhone ...")."""
    text = doc.text
    if "\n" not in text:
        return
    pos = 0
    prev: tuple[int, int] | None = None  # the last line not blank; whether it names someone is asked only when needed
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end == -1 else end
        nxt_end = text.find("\n", end + 1)
        nxt = text[end + 1 : len(text) if nxt_end == -1 else nxt_end] if end < len(text) else ""
        line = text[pos:end]
        if line.strip():
            a, b = _line_bounds(doc, pos, end)
            whole = b > a and not text[pos : doc.starts[a]].strip() and not text[doc.ends[b - 1] : end].strip(" .\t")
            if whole and (_PHONE_LINE.match(nxt) or _ADDRESS_LINE.match(nxt)) and (
                    prev is None or _names_line(doc, state, *prev)) and (
                    _block_line(doc, state, a, b) or _lower_block_line(doc, state, a, b)):
                state.emit(a, b, HOSPITAL, 0.8)
            prev = (pos, end)
        pos = end + 1


def _names_line(doc: Tokens, state: PassState, pos: int, end: int) -> bool:
    """text[pos:end], a line, holds a person's name found or a credential.

    Asked by ``pass_block_lines`` only above a phone or address line: asked of every line, the credential
    search alone scanned the whole of a text with line breaks (a window of a big note) twice."""
    return any(f.label in NAME_LABELS and doc.starts[f.first] >= pos and doc.ends[f.end - 1] <= end
               for f in state.found) or bool(CREDENTIAL.search(doc.text[pos:end]))


#: Words of an office held by the person named before it ("Circuit Judge", "Section Registrar").
_OFFICE_WORDS = frozenset("judge justice magistrate registrar president recorder clerk warden".split()) | frozenset(
    "petitioner appellant respondent appellee plaintiff defendant claimant petitioner-appellant "
    "respondent-appellee respondent-appellant plaintiff-appellant defendant-appellee".split())
#: Lower-case words that open the rest of a sentence after a name in apposition, never an institution.
_CLAUSE_OPENERS = frozenset("of for to in on at with by from about as who whom whose which that".split())


def pass_after_name(doc: Tokens, state: PassState) -> None:
    """'cc: Adam Glover, NYU Langone', 'Dr Kai Banerjee, St Rita's': the rest of the line after a
    clinician's name and a comma."""
    for f in list(state.found):
        if f.label not in NAME_LABELS:
            continue
        j = f.end
        # skip a credential: "Michael Arnold, DPM, KBCH"
        while j < doc.n and doc.gap(j).strip() in (",", ".,") and "\n" not in doc.gap(j) and (
            CREDENTIAL.fullmatch(doc.words[j]) or doc.keys[j] in CREDENTIAL_WORDS
        ):
            j += 1
        comma = doc.gap(j).strip() if j < doc.n else ""
        if comma == ".," and not (doc.is_initial(j - 1) or lower_initial(doc, j - 1)):
            continue  # ".," closes a name only after an initial: "cc: Kasper H., ELGMH"
        if j >= doc.n or comma not in (",", ".,") or "\n" in doc.gap(j) or state.taken[j]:
            continue
        particle = doc.keys[j] in PARTICLES and j + 1 < doc.n and doc.cap[j + 1] and doc.simple_gap(j + 1)
        if not doc.cap[j] and not particle:  # "cc: Dr Virgilio Sethi, kvrmc": the rest of the line in lower case
            if doc.keys[j] in _CLAUSE_OPENERS:
                continue  # "the mayor of Xanthi, Mrs Elpis Zannikoy, of corruption.": the sentence goes on
            line_end = doc.text.find("\n", doc.starts[j])
            _, e = _line_bounds(doc, doc.starts[j], len(doc.text) if line_end == -1 else line_end)
            if e > j and not doc.text[doc.ends[e - 1] : len(doc.text) if line_end == -1 else line_end].strip(" .\t") \
                    and not _lower_clause(doc, j, e) and _lower_block_line(doc, state, j, e):
                state.emit(j, e, HOSPITAL, 0.8)
            continue
        b = slot_run(doc, state, j)
        if any(doc.keys[t] in _OFFICE_WORDS for t in range(j, b)):
            continue  # "Frank Barnes, Circuit Judge.": the person's office, no institution
        rest_end = doc.text.find("\n", doc.ends[b - 1]) if b > j else -1
        rest = doc.text[doc.ends[b - 1] : rest_end if rest_end != -1 else len(doc.text)] if b > j else "x"
        if rest.strip(" .\t"):
            continue  # the name must close the line
        if b - j == 1 and doc.is_upper(j) and 3 <= len(doc.words[j]) <= 7 and not doc.lex.is_allowed(doc.keys[j]):
            state.emit(j, b, HOSPITAL, 0.8)
        elif _run_ok(doc, state, j, b) and (particle and b - j == 2 and "-" in doc.keys[j + 1] or not (
            known_at(doc, state, j) is None and b - j > 1
            and all(doc.lex.is_name_word(doc.keys[t]) for t in range(j, b) if doc.cap[t])
        )):  # "Drs. Smith, Brown and Jones": more people, not a place; "da Luz-Silva" is a firm
            state.emit(j, b, HOSPITAL, 0.8)


def pass_late_signatures(doc: Tokens, state: PassState) -> None:
    """The signature and cc-line passes again, for the names the later passes found ("cc: fellow T. Mall,
    FCMH", "Sandy E.\\nMass Gneeral\\nPhone"); in notes typed in mixed case only, where a late name is one."""
    if state.recased or not any(doc.cap) or all(doc.cap[t] for t in range(doc.n)):
        return
    pass_block_lines(doc, state)
    pass_after_name(doc, state)


#: Company suffixes: "Inc.", "GmbH", "S.A. de C.V.", "A/S", "v.o.s.", "S.Coop.". The short ones
#: that are clinical abbreviations too (SA node, AB, LP) need a surname or a firm before them.
COMPANY_SUFFIX = re.compile(
    r"(?<![\w./])(?:Ltd\.?\s?Şti\.|Şti\.|A\.Ş\.|OOO|ZAO|OAO|PAO|TOV|PrAT|PAT|VAT|S\.n\.c\.|S\.a\.s\.|SRL|S\.R\.L\.|"
    r"d\.o\.o\.|d\.d\.|Kft\.|Zrt\.|Nyrt\.|Bt\.|EOOD|OOD|EAD|AD|A\.E\.|E\.P\.E\.|PJSC|OJSC|CJSC|JSC|MMC|DAC|"
    r"Pvt\.?\s?Ltd\.?|Private\sLimited|sp\.\s?j\.|SIA|UAB|OÜ|Inc|Incorporated|LLC|L\.L\.C\.|LLP|Ltd|Limited|GmbH|mbH|KGaA|KG|OHG|GbR|e\.K\.|AG|"
    r"S\.A\.(?:S\.|C\.)?(?:\s?de\s?C\.V\.)?|S\.\s?(?:de\s)?R\.L\.(?:\s?de\s?C\.V\.)?|S\.L\.(?:U\.)?|S\.Coop\.|"
    r"S\.C\.|A\.C\.|S/A|SA|SAS|SARL|S\.a\.r\.l\.|A/S|ApS|AB|Oy|Oyj|Tmi|Ky|v\.o\.s\.|s\.r\.o\.|a\.s\.|"
    r"S\.p\.A\.|S\.r\.l\.|B\.V\.|N\.V\.|BV|NV|PLC|plc|Pty\.?(?:\sLtd\.?)?|Corp\.?|Corporation|Co\.|"
    r"Sp\.\sz\so\.o\.|sp\.\sz\so\.o\.|S\.A\.|Ltda\.?|Cia\.?|"
    r"& (?:Co|Sons?|Søn|Partners|Associates)\.?(?:,?\s(?:A/S|ApS|AB|Inc\.?|LLC|Ltd\.?|GmbH|PLC|plc|B\.V\.|KG|Oy|AG))?)"
    r"(?![\w/])"
)
#: Where a ``COMPANY_SUFFIX`` can start: the first character of one of its suffixes (a capital, "&", or the few
#: lower-case ones: "d.o.o.", "sp. j.", "mbH", "e.K.", "v.o.s.", "s.r.o.", "a.s.", "plc"); the engine skips to them.
_SUFFIX_START = re.compile(r"[ABCDEGIJKLMNOPSTUVZŞ&]|[adesv]\.|sp\.|mbH|plc")
_WEAK_SUFFIX = frozenset({"SA", "AB", "AG", "KG", "Oy", "Ky", "BV", "NV", "SAS", "Co.", "S.C.", "A.C.", "a.s.",
                          "VAT", "AD", "PAT", "MMC", "SIA", "UAB", "DAC", "Bt."})


def pass_company_suffix(doc: Tokens, state: PassState) -> None:
    """'Freudenberger Hermann KG', 'Horváth Fiala v.o.s.', 'Nørgaard & Søn A/S', 'Palomo y asociados
    S.A.': the capitalised run (surnames, "&", "y", "and") before a company suffix."""
    text = doc.text
    for m in started_finditer(COMPANY_SUFFIX, _SUFFIX_START, text):
        t = bisect_right(doc.ends, m.start()) - 1  # the last word before the suffix
        if t < 0 or text[doc.ends[t] : m.start()] not in (" ", ", ", "  "):
            continue
        if bisect_left(doc.starts, m.start()) < doc.n and state.taken[min(doc.n - 1, bisect_left(doc.starts, m.start()))]:
            continue
        a = t
        while a >= 0 and not state.taken[a] and t - a < 6:
            w, k = doc.words[a], doc.keys[a]
            if not (doc.cap[a] or k in ("y", "e", "and", "und", "et", "og", "och", "asociados", "hijos", "associates",
                                        "va", "và", "de")):
                break
            if doc.cap[a] and (k in NAME_STOP or k in TITLES or k in INST_BAD_FIRST):
                break
            if a > 0:
                g = doc.gap(a)
                if "\n" in g or g.strip() not in ("", "&", ",", "-"):
                    a -= 1
                    break
            a -= 1
        a += 1
        while a <= t and not doc.cap[a]:
            a += 1
        if a > t:
            continue
        toks = [u for u in range(a, t + 1) if doc.cap[u]]
        lex = doc.lex
        if m.group() in _WEAK_SUFFIX and not any(lex.is_name_word(doc.keys[u]) and not lex.is_allowed(doc.keys[u])
                                                 for u in toks):
            continue
        if not specific(doc, toks):
            continue
        end_tok = bisect_left(doc.starts, m.end())
        state.emit_chars(doc.starts[a], m.end(), a, max(end_tok, t + 1), ORGANIZATION, 0.85)
