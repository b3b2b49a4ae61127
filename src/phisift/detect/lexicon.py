"""Lexicon and context detector for names, places, institutions and professions.

Names and places are the PHI that rules cannot see from shape alone: "Grace" is a
patient in one note and a prayer in another. This detector decides from three kinds
of evidence, strongest first:

1. a cue around the word: a title (Dr., Mrs.), a clinician suffix (", MD", "RN"), a
   header ("Patient:", "cc:"), a phrase ("seen by", "his daughter", "lives in");
2. a pattern of lexicon words: "First Last", "Last, First", "City, ST",
   "<capitalised words> Hospital";
3. a lone lexicon word (a first name, a large city, a country), scored lower.

The allowlist rule
------------------
A word of ``clinical_allow.txt`` (frequent English words, eponyms, drugs, devices,
scores: "May", "Grace", "Foley", "Parkinson", "Glasgow") is never tagged on lexicon
evidence alone. It is tagged only with context: a title, a cue, a clinician suffix,
or a neighbouring name word that is not itself allowlisted ("Grace Kowalski").
Independently, a capitalised run followed by an eponym head word ("catheter",
"disease", "test", "sign", ...) is not a name or place unless a title or cue says so
("Foley catheter", "Allen test", "Glasgow Coma Scale").

Repeated names
--------------
Notes repeat names. :func:`names_in_document` takes the names found with good
evidence (score >= 0.8) and tags every other capitalised occurrence of their words
in the same text with the same label; the detector runs it as a second pass.

Speed
-----
One regex scan yields the word tokens (letters with inner apostrophes and hyphens,
so "O'Brien" and "Smith-Jones" are one token); every decision is a set lookup of a
normalised token (lowercase, accents folded, possessive "'s" dropped) or a look at
the few characters between two tokens. The scan uses its own word pattern rather
than :func:`phisift.text.tokenize` because names need whole apostrophe and hyphen
words and because the detector only ever needs words, not punctuation tokens.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..document import Span

PATIENT = "PATIENT"
DOCTOR = "DOCTOR"
HOSPITAL = "HOSPITAL"
ORGANIZATION = "ORGANIZATION"
STREET = "STREET"
CITY = "CITY"
STATE = "STATE"
COUNTRY = "COUNTRY"
LOCATION_OTHER = "LOCATION-OTHER"
PROFESSION = "PROFESSION"

NAME_LABELS = frozenset({PATIENT, DOCTOR})

#: Score given to names found by the repeat pass, and the score a name needs to seed it.
#: A lexicon-only name whose words all belong to names found with a title, credential or
#: cue (>= 0.9) takes their label ("Dr. Jane Parkinson ... Jane Parkinson agreed").
REPEAT_SCORE = 0.8
SEED_SCORE = 0.8
STRONG_SEED_SCORE = 0.9

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*(?:-[^\W\d_]+(?:['’][^\W\d_]+)*)*")

# ----------------------------------------------------------------------------- cues
# All cue words are normalised keys (lowercase, no accents, no possessive).

#: title -> label of the name that follows it
TITLES: dict[str, str] = {
    "dr": DOCTOR, "doctor": DOCTOR, "dra": DOCTOR, "doctora": DOCTOR, "prof": DOCTOR, "professor": DOCTOR,
    "drs": DOCTOR, "mr": PATIENT, "mrs": PATIENT, "ms": PATIENT, "miss": PATIENT,
    "mx": PATIENT, "sr": PATIENT, "sra": PATIENT, "srta": PATIENT, "dona": PATIENT,
    "dna": PATIENT, "don": PATIENT, "mister": PATIENT, "madam": PATIENT,
}
#: Titles that are also clinical abbreviations in capitals (MS, MR, DR) need a period.
_TITLE_NEEDS_DOT_UPPER = frozenset({"ms", "mr", "dr", "sr", "mrs", "dra", "sra"})
_TITLE_NEEDS_DOT = frozenset({"sr", "prof"})
#: Titles that are names too when they stand inside a name ("Aldo Dona").
_TITLE_NAMES = frozenset({"don", "dona", "miss"})

#: Credentials after a name: the name is a clinician's.
_CREDENTIAL = re.compile(
    r"(?<![\w.-])(?:M\.\s?D\.?|MD|D\.O\.|DO(?!\s+[A-Z]{2})|R\.N\.|RN(?:-BC)?|RNFA|(?:F|A|AG|AGAC|P|W)?NP(?:-(?:BC|C))?|"
    r"N\.P\.|PA-C|Ph\.\s?D\.?|PhD|PsyD|MBBS|FACS|FACP|FACC|DDS|DMD|DPM|PharmD|CNM|CRNA|LPN|LCSW|LICSW|MSW|"
    r"APRN|ARNP|DNP|MPH|MSN|BSN|DPT|RRT|CCC-SLP|CDE|CNS)(?![\w-])"
)
#: what may stand between a name and its credential: ", " or spaces
_CREDENTIAL_GAP = re.compile(r"(?:,\s*|[ \t]+)$")

#: Words that end a name run (beside lowercase words and punctuation).
_CREDENTIAL_WORDS = frozenset(
    "md do rn np pa phd mbbs facs facp facc dds dmd dpm pharmd cnm crna lpn lcsw licsw msw aprn arnp "
    "fnp anp cnp dnp mph msn bsn pt dpt otr rrt rd ld jr sr ii iii iv esq rnfa psyd cde cns pgy".split()
)

#: cue phrase (tuple of keys) -> (label, needs_colon, lexicon_only)
#: ``needs_colon``: only in header form "Attending: ..." (or before a title-less name in a list);
#: ``lexicon_only``: the following word must be in a name list (weak cue).
_NAME_CUES: dict[tuple[str, ...], tuple[str, bool, bool]] = {}


def _add_cues(phrases: str, label: str, needs_colon: bool, lexicon_only: bool) -> None:
    for phrase in phrases.split(","):
        phrase = phrase.strip()
        if phrase:
            _NAME_CUES[tuple(phrase.split())] = (label, needs_colon, lexicon_only)


_add_cues(
    "seen by, evaluated by, examined by, signed by, dictated by, transcribed by, reviewed by, "
    "referred by, cosigned by, co-signed by, authenticated by, approved by, performed by, "
    "consulted by, attended by, assisted by, treated by, followed by dr, managed by, "
    "electronically signed by, surgeon, assistant surgeon, attending, attending physician, "
    "attending surgeon, resident, fellow, intern, pcp, primary care physician, primary care provider, "
    "primary care doctor, primary physician, referring physician, referring provider, referring doctor, "
    "physician, provider, surgeon, anesthesiologist, cardiologist, consultant, "
    "dictating physician, author, nurse, primary nurse, rn, np, nurse practitioner, "
    "case manager, nurse case manager, social worker, care coordinator, pharmacist, dietitian, "
    "nutritionist, chaplain, physical therapist, occupational therapist, entered by, written by, "
    "note by, reply from, message from, response from, ordered by, read by, interpreted by, "
    "referring, assistant, first assistant, co-surgeon, dear, "
    "copy to, copies to, dictated, signed, attending md, oncologist, neurologist, therapist, "
    "medico, medica, firmado por, atendido por, remitido por",
    DOCTOR, False, False,
)
# single-word clinician cues in running text are usually roles, not headers
for _k in ("re", "from", "referral", "request"):
    _NAME_CUES[(_k,)] = (PATIENT, True, False)
for _k in ("surgeon", "attending", "resident", "fellow", "intern", "physician", "provider",
           "anesthesiologist", "cc", "cardiologist", "consultant", "author", "nurse",
           "dictated", "signed", "oncologist", "neurologist", "therapist", "medico", "medica",
           "rn", "np", "referring", "assistant", "pharmacist", "dietitian", "nutritionist", "chaplain"):
    _NAME_CUES[(_k,)] = (DOCTOR, True, False)
_add_cues(
    "patient, patient name, pt name, name, nombre, paciente, guardian, emergency contact, contact, "
    "first name, last name, surname, given name, apellidos, apellido, nombre y apellidos, "
    "re, from, referral, request, records request, urgent referral, "
    "next of kin, health care proxy, healthcare proxy, hcp, proxy, poa, caregiver",
    PATIENT, True, False,
)
_add_cues(
    "daughter, son, wife, husband, mother, father, sister, brother, friend, neighbor, neighbour, "
    "niece, nephew, aunt, uncle, grandson, granddaughter, grandmother, grandfather, grandma, grandpa, "
    "cousin, partner, fiance, fiancee, boyfriend, girlfriend, spouse, stepdaughter, stepson, "
    "stepmother, stepfather, roommate, named, name is, goes by, spoke with, spoken with, "
    "son-in-law, daughter-in-law, mother-in-law, father-in-law, brother-in-law, sister-in-law, "
    "stepson, stepdaughter, granddaughter, great-granddaughter, great-grandson, are referring, "
    "am referring, is referring, we referred, "
    "discussed with, talked with, talked to, spoke to, met with, hija, hijo, esposa, esposo, "
    "madre, padre, hermana, hermano, marido, mujer, hi, hello, call me, calls me, called me",
    PATIENT, False, False,
)
_add_cues("patient is, pt, pt is, patient", PATIENT, False, True)

_CUE_LAST = frozenset(phrase[-1] for phrase in _NAME_CUES)
_CUE_MAXLEN = max(len(p) for p in _NAME_CUES)

#: relation words that may follow a name: "Mary (daughter)", "John, her husband"
_RELATIONS = frozenset(
    "daughter son wife husband mother father sister brother friend neighbor neighbour niece nephew "
    "aunt uncle grandson granddaughter grandmother grandfather cousin partner fiance fiancee "
    "boyfriend girlfriend spouse caregiver guardian stepdaughter stepson roommate son-in-law "
    "daughter-in-law mother-in-law father-in-law brother-in-law sister-in-law".split()
)

#: Words around a name that make it a clinician's name.
_CLINICIAN_WORDS = frozenset(
    "attending surgeon physician pcp resident fellow intern nurse cc signed dictated provider "
    "consultant referring anesthesiologist cardiologist oncologist neurologist radiologist "
    "pathologist dr doctor md rn np therapist".split()
)

#: Words after which a capitalised run is a device, disease, test or sign, not a person.
_EPONYM_HEADS = frozenset(
    "catheter catheters drain drains tube tubes line lines test tests testing sign signs disease "
    "diseases syndrome syndromes score scores scale scales criteria classification grade grading "
    "stage staging maneuver manoeuvre manoeuver procedure operation repair fundoplication lymphoma "
    "sarcoma tumor tumour palsy reflex reflexes murmur fracture fractures tear stockings "
    "stocking boot boots splint splints incision position positioning clamp clamps forceps "
    "retractor retractors needle needles wire wires scissors stitch suture sutures pouch space "
    "ligament ligaments canal duct gland glands cell cells bundle node nodes cyst "
    "cysts ulcer ulcers phenomenon disorder dementia chorea ataxia anemia anaemia esophagus "
    "mask monitor monitoring device shunt valve filter bag cannula stent bolt angle technique "
    "method approach index equation formula sphincter triangle capsule "
    "sheath tract nerve nerves organ organs bag balloon scope blade elevator gouge "
    "rongeur dressing dressings solution infusion pump pumps bed beds chair unit disc syndrom "
    "deformity contracture dystrophy neuropathy neuralgia malformation anomaly arteritis "
    "encephalopathy thyroiditis phenomena hernia hernias diverticulum sequence stain staining "
    "agar culture virus bacillus fever protocol questionnaire inventory assessment exam "
    "examination silk pressure pressures anastomosis drill plate plates plating pin pins "
    "system systems instrumentation ventilation screw screws rod rods nail nails implant "
    "implants prosthesis graft grafts lens lenses stand table".split()
)

#: Month and day names are first names too ("April", "June"); alone they are dates.
_CALENDAR = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday "
    "saturday sunday".split()
)

#: First words of place and institution names that are common words on their own.
_PLACE_PREFIX = frozenset("new north south east west upper lower great grand old fort port".split())

#: Words before a lone capitalised word that make it a thing rather than a person.
_DETERMINERS = frozenset(
    "a an the some any each every another standard repeat right left of using via per".split()
)

#: Words before a capitalised word that make it a saint or a place, not a person ("St. Jude").
_SAINT = frozenset("st saint san santa sao ste mt mount fort ft port lake".split())

_NUMBER_AFTER = re.compile(r"\s*,?\s*\d")
_DOSE_AFTER = re.compile(r"\s*\d+(?:\.\d+)?\s*(?:mg|mcg|g|gm|ml|mL|cc|units?|%|mEq|meq|tabs?|caps?)\b")

#: Name particles that may stand lowercase inside a name.
_PARTICLES = frozenset(
    "van von der den de del della di da das dos du la le les los las y e zu ter ten bin ben al el "
    "ibn abu".split()
)

#: Words that are never part of a name run, whatever their case.
_NAME_STOP = frozenset(
    "the a an and or of in on at to for with by from is was are were has had have his her their "
    "this that he she it they we you i my our your me him them who which what when where why how "
    "not no yes also then than there here patient pt per as".split()
)

#: cue phrase -> strength for places. Strong cues accept an unknown capitalised word.
_PLACE_CUES: dict[tuple[str, ...], bool] = {}
for _p in (
    "lives in, living in, lived in, resides in, resided in, residing in, resident of, born in, "
    "moved to, moved from, moved here from, relocated to, relocated from, grew up in, raised in, "
    "native of, originally from, immigrated from, immigrated to, emigrated from, emigrated to, "
    "came from, comes from, traveled to, travelled to, traveling to, travelling to, trip to, "
    "vacation in, vacationing in, visiting from, returned from, home in, house in, apartment in, "
    "vive en, reside en, residente en, natural de, procedente de, nacido en, nacida en, "
    "originario de, originaria de"
).split(","):
    _PLACE_CUES[tuple(_p.split())] = True
for _p in ("from", "in", "to", "near", "at", "en", "visited", "visiting"):
    _PLACE_CUES[(_p,)] = False
_PLACE_CUE_LAST = frozenset(p[-1] for p in _PLACE_CUES)
#: "Country: Spain", "Localidad: Madrid": header words before a colon
_PLACE_HEADERS = frozenset(
    "country city town state province county hometown birthplace residence pais ciudad localidad "
    "provincia poblacion municipio residencia".split()
)
_PLACE_CUE_MAXLEN = max(len(p) for p in _PLACE_CUES)

#: Cities that i2b2 annotators label CITY even though a state of that name exists.
_CITY_OVER_STATE = frozenset({"new york", "washington"})

#: Words that may sit inside an institution name between capitalised words.
_INST_CONNECTORS = frozenset("of and the for de del la las los y".split())
#: Head words that also stand inside a longer name ("Boston University Medical Center",
#: "Cuddihy County Health Center"): a run going leftwards does not stop at them.
_INST_MODIFIERS = frozenset(
    "university college memorial general institute school academy foundation group associates "
    "partners church county health care services community regional".split()
)

#: Allowlisted words (faiths, peoples, saints' words) that do name institutions:
#: "Hebrew Rehabilitation Center", "Baptist Hospital", "Good Samaritan".
_INSTITUTION_PROPER = frozenset(
    "hebrew jewish baptist methodist lutheran presbyterian episcopal catholic adventist mennonite "
    "christian muslim islamic evangelical samaritan mercy providence shriners deaconess "
    "veterans".split()
)

#: Words that may not start an institution name.
_INST_BAD_FIRST = frozenset(
    "the a an at to from in on of for and with by his her their our your this that same other "
    "outside local previous prior another any nearby referring transferring receiving "
    "different private public admitted transferred discharged seen followed sent presented "
    "patient pt per".split()
)

#: Phrases after which a capitalised run is the employer or school.
_ORG_CUES = frozenset(
    tuple(p.split())
    for p in (
        "works at, works for, worked at, worked for, working at, working for, work at, work for, "
        "employed at, employed by, employed with, employee of, job at, jobs at, retired from, "
        "student at, studies at, studying at, attends, attended, graduated from, enrolled at, "
        "trabaja en, trabajaba en, empleado de, empleada de"
    ).split(", ")
)
#: "Insurance: Cigna", "Employer: Acme": header words before a colon
_ORG_HEADERS = frozenset("insurance insurer employer school company workplace aseguradora empresa".split())
_ORG_CUE_LAST = frozenset(p[-1] for p in _ORG_CUES) | _ORG_HEADERS
_ORG_CUE_MAXLEN = max(len(p) for p in _ORG_CUES)

#: cue phrase -> explicit. Explicit cues also accept ambiguous professions.
_PROF_CUES: dict[tuple[str, ...], bool] = {}
for _p in (
    "works as, worked as, working as, work as, employed as, job as, career as, trained as, "
    "position as, served as, serves as, retired as, occupation, profession, job, employment, "
    "trabaja como, trabajaba como, trabajo como, profesion, ocupacion, de profesion"
).split(","):
    _PROF_CUES[tuple(_p.split())] = True
for _p in ("is a", "is an", "was a", "was an", "as a", "as an", "retired", "former", "a retired",
           "es", "era"):
    _PROF_CUES[tuple(_p.split())] = False
_PROF_CUE_LAST = frozenset(p[-1] for p in _PROF_CUES)
_ALL_CUE_LAST = _CUE_LAST | _ORG_CUE_LAST | _PROF_CUE_LAST
_PROF_CUE_MAXLEN = max(len(p) for p in _PROF_CUES)
_PROF_MODIFIERS = frozenset(
    "a an retired former part-time full-time self-employed semi-retired currently formerly "
    "now previously certified un una".split()
)

_STREET_NUMBER = re.compile(r"(?<![\d\-/.])(\d+[A-Za-z]?)\s+$")
_SPACE_GAPS = frozenset({" ", "  ", "\t"})
_LIST_GAP = re.compile(r"^\s*[,;]\s*(?:and\s+)?$|^\s+and\s+$")


# ----------------------------------------------------------------------------- lexicons


@lru_cache(maxsize=4096)
def _fold_accents(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def norm(word: str) -> str:
    """The lookup key of a word: lowercase, accents folded, possessive 's dropped."""
    k = word.lower()
    if not k.isascii():
        k = _fold_accents(k.replace("’", "'"))
    if k.endswith("'s") and len(k) > 2:
        k = k[:-2]
    return k


def _phrase_key(phrase: str) -> str:
    return " ".join(norm(w) for w in _WORD.findall(phrase))


@dataclass(frozen=True)
class Lexicons:
    """The word lists, normalised for lookup. Build once with :func:`load_lexicons`."""

    first: Mapping[str, str]  # key -> F / M / U
    first_common: frozenset[str]  # listed by two or more Faker locales
    last: frozenset[str]
    allow: frozenset[str]
    terms: frozenset[str]  # capitalised clinical terms (brands, departments, devices)
    cities: frozenset[str]  # phrase keys
    cities_major: frozenset[str]
    states: Mapping[str, str]  # phrase key -> code ("" when none)
    state_codes: frozenset[str]  # upper-case codes usable in "City, ST"
    main_states: frozenset[str]  # US, Canadian and Australian: a state even when a city shares the name
    countries: frozenset[str]
    hospital_heads: frozenset[str]
    hospital_heads_first: frozenset[str]
    org_heads: frozenset[str]
    org_heads_strong: frozenset[str]
    org_heads_first: frozenset[str]
    location_heads: frozenset[str]
    location_heads_first: frozenset[str]
    street_suffixes: frozenset[str]
    street_heads_first: frozenset[str]
    professions: frozenset[str]
    professions_ambiguous: frozenset[str]

    # derived, for the scan
    place_starts: Mapping[str, int]  # first word key -> longest phrase (tokens)
    head_starts: Mapping[str, int]
    head_last: frozenset[str]
    inst_ends: frozenset[str]  # last words that end one institution name ("Hospital", "Clinic")
    prof_starts: Mapping[str, int]

    def is_name_word(self, k: str) -> bool:
        if k in self.first or k in self.last:
            return True
        if "-" in k:
            parts = k.split("-")
            return all(p in self.first or p in self.last for p in parts if p)
        return False

    def is_allowed(self, k: str, terms: bool = True) -> bool:
        """In the allowlist (a hyphenated word when any part is, unless all parts are names).

        ``terms=False`` leaves out the capitalised clinical terms: after a title or a cue
        an unknown capitalised word is taken as a surname even if MTSamples capitalised it.
        """
        if k in self.allow or (terms and k in self.terms):
            return True
        if "-" in k:
            parts = [p for p in k.split("-") if p]
            if all(p in self.first or p in self.last for p in parts):
                return False
            return any(p in self.allow or (terms and p in self.terms) for p in parts)
        return False

    def is_place_word(self, k: str) -> bool:
        return k in self.cities or k in self.states or k in self.countries


def _read(directory: Path | None, name: str) -> list[str]:
    if directory is not None:
        text = (directory / name).read_text(encoding="utf-8")
    else:
        text = resources.files("phisift").joinpath("data", "lexicons", name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip()]


def _starts(phrases: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in phrases:
        words = p.split(" ")
        out[words[0]] = max(out.get(words[0], 0), len(words))
    return out


@lru_cache(maxsize=4)
def load_lexicons(directory: str | None = None) -> Lexicons:
    """Read and normalise the word lists (the packaged ones unless ``directory`` is given)."""
    d = Path(directory) if directory else None

    def keys(name: str) -> frozenset[str]:
        return frozenset(k for k in (_phrase_key(x) for x in _read(d, name)) if k)

    first: dict[str, str] = {}
    common: set[str] = set()
    for line in _read(d, "first_names.txt"):
        name, gender, count = (line.split("\t") + ["U", "1"])[:3]
        k = norm(name)
        if k in first and first[k] != gender:
            first[k] = "U"
        else:
            first[k] = gender or "U"
        if int(count or 1) >= 2:
            common.add(k)
    states: dict[str, str] = {}
    codes: set[str] = set()
    main_states: set[str] = set()
    for line in _read(d, "states.txt"):
        name, code, country = (line.split("\t") + ["", ""])[:3]
        states[_phrase_key(name)] = code
        if country in ("US", "CA", "AU"):
            main_states.add(_phrase_key(name))
            if code:
                codes.add(code)
    allow = frozenset(norm(w) for w in _read(d, "clinical_allow.txt"))
    terms = frozenset(norm(w) for w in _read(d, "clinical_terms.txt"))
    cities = keys("cities.txt")
    countries = keys("countries.txt")
    hh, hhf = keys("hospital_heads.txt"), keys("hospital_heads_first.txt")
    oh, ohs, ohf = keys("organization_heads.txt"), keys("organization_heads_strong.txt"), keys(
        "organization_heads_first.txt"
    )
    lh, lhf = keys("location_heads.txt"), keys("location_heads_first.txt")
    professions = keys("professions.txt")
    ambiguous = keys("professions_ambiguous.txt")
    heads = hh | hhf | oh | ohs | ohf | lh | lhf
    return Lexicons(
        first=first,
        first_common=frozenset(common),
        last=frozenset(norm(w) for w in _read(d, "last_names.txt")),
        allow=allow,
        terms=terms,
        cities=cities,
        cities_major=keys("cities_major.txt"),
        states=states,
        state_codes=frozenset(codes),
        main_states=frozenset(main_states),
        countries=countries,
        hospital_heads=hh,
        hospital_heads_first=hhf,
        org_heads=oh | ohs,
        org_heads_strong=ohs,
        org_heads_first=ohf,
        location_heads=lh,
        location_heads_first=lhf,
        street_suffixes=keys("street_suffixes.txt"),
        street_heads_first=keys("street_heads_first.txt"),
        professions=professions,
        professions_ambiguous=ambiguous,
        place_starts=_starts(cities | set(states) | countries),
        head_starts=_starts(heads),
        head_last=frozenset(h.split(" ")[-1] for h in hh | oh | lh),
        inst_ends=frozenset(h.split(" ")[-1] for h in hh | oh) - _INST_MODIFIERS,
        prof_starts=_starts(professions | ambiguous),
    )


# ----------------------------------------------------------------------------- the scan


class _Scan:
    """One document: its word tokens, their keys, and the spans found so far."""

    def __init__(self, text: str, lex: Lexicons) -> None:
        self.text = text
        self.lex = lex
        ms = list(_WORD.finditer(text))
        self.starts = [m.start() for m in ms]
        self.ends = [m.end() for m in ms]
        self.words = words = [m.group() for m in ms]
        self.n = len(words)
        #: indices of capitalised tokens: nearly every decision starts at one of them
        self.caps = caps = [i for i, w in enumerate(words) if w[0].isupper()]
        self.cap = bytearray(self.n)
        # Keys: lowercase words are their own key unless they carry an accent or an
        # apostrophe; only those and the capitalised words go through norm().
        keys = list(words)
        for i in caps:
            self.cap[i] = 1
            keys[i] = norm(words[i])
        if "'" in text or "’" in text or not text.isascii():
            for i, w in enumerate(words):
                if not self.cap[i] and ("'" in w or "’" in w or not w.isascii()):
                    keys[i] = norm(w)
        self.keys = keys
        self._cue_idx: list[int] | None = None
        self.taken = bytearray(self.n)
        # (first token, end token, label, score) of every span found
        self.found: list[tuple[int, int, str, float]] = []
        self.found_spans: list[Span] = []

    # -- token views ------------------------------------------------------------------

    def gap(self, i: int) -> str:
        """Characters between token i-1 and token i (the text before token 0)."""
        if i <= 0:
            return self.text[: self.starts[0]] if self.n else self.text
        if i >= self.n:
            return self.text[self.ends[-1] :]
        return self.text[self.ends[i - 1] : self.starts[i]]

    def is_cap(self, i: int) -> bool:
        return self.cap[i] == 1

    def after_keys(self, cue_last: frozenset[str]) -> list[int]:
        """Indices of the tokens that follow a token whose key is in ``cue_last``."""
        if self._cue_idx is None:
            keys = self.keys
            self._cue_idx = [i for i in range(self.n - 1) if keys[i] in _ALL_CUE_LAST]
        keys = self.keys
        return [i + 1 for i in self._cue_idx if keys[i] in cue_last]

    def is_title_case(self, i: int) -> bool:
        w = self.words[i]
        return w[0].isupper() and not w.isupper()

    def is_upper(self, i: int) -> bool:
        w = self.words[i]
        if w.endswith(("'s", "’s")):
            w = w[:-2]
        return len(w) > 1 and w.isupper()

    def glued(self, i: int) -> bool:
        """Token i is stuck to a number or symbol before it ("18-French", "x/Owen")."""
        if i == 0:
            return False
        g = self.gap(i)
        return bool(g) and g[-1] in "-/_+=*&#@%.0123456789" and not (g[-1] == "." and g[:-1].strip() == "")

    def after_saint(self, i: int) -> bool:
        """Token i follows "St." / "Saint" / "Mount" / "Lake": part of a place or institution."""
        return i > 0 and self.keys[i - 1] in _SAINT and self.is_cap(i - 1) and self.gap(i).strip(" .") == ""

    def dose_after(self, j: int) -> bool:
        """A dose right after token j-1 ("Amanda 10 mg"): a misspelt drug, not a person."""
        end = self.ends[j - 1]
        return bool(_DOSE_AFTER.match(self.text, end, min(len(self.text), end + 20)))

    def is_initial(self, i: int) -> bool:
        w = self.words[i]
        return len(w) == 1 and w.isupper()

    def sentence_initial(self, i: int) -> bool:
        if i == 0:
            return True
        g = self.gap(i)
        if "\n" in g:
            return True
        g = g.rstrip()
        if not g:
            return False
        c = g[-1]
        if c in "!?:;•*\"":
            return True
        if c == ".":
            prev = self.keys[i - 1]
            return not (prev in TITLES or prev in ("st", "mt", "ft", "vs", "no") or len(prev) == 1)
        return False

    def simple_gap(self, i: int) -> bool:
        """Token i follows token i-1 on the same line with only spaces between."""
        return self.gap(i) in _SPACE_GAPS

    def initial_gap(self, i: int) -> bool:
        """Token i follows an initial: "J. Smith", "J Smith", "J.Smith"."""
        g = self.gap(i)
        return g in _SPACE_GAPS or g in (".", ". ", ".  ")

    def emit(self, i: int, j: int, label: str, score: float) -> None:
        """Tag tokens i..j-1 (a possessive 's at the end stays outside)."""
        start, end = self.starts[i], self.ends[j - 1]
        w = self.words[j - 1]
        if len(w) > 3 and w[-2] in "'’" and w[-1] in "sS":
            end -= 2
        elif j - i > 1 and len(w) == 1 and w.isupper() and self.text.startswith(".", end):
            end += 1  # "Hunter, Jason M."
        for t in range(i, j):
            self.taken[t] = 1
        self.found.append((i, j, label, score))
        self.found_spans.append(Span(start, end, label, "lexicon", score))

    def emit_chars(self, start: int, end: int, i: int, j: int, label: str, score: float) -> None:
        for t in range(i, j):
            self.taken[t] = 1
        self.found.append((i, j, label, score))
        self.found_spans.append(Span(start, end, label, "lexicon", score))

    def free(self, i: int, j: int) -> bool:
        return 0 <= i and j <= self.n and not any(self.taken[i:j])

    def phrase_before(self, i: int, phrases: Mapping[tuple[str, ...], object], maxlen: int) -> tuple | None:
        """The longest cue phrase ending at token i-1 whose words are on one line."""
        best = None
        for length in range(1, maxlen + 1):
            a = i - length
            if a < 0:
                break
            if length > 1 and "\n" in self.gap(a + 1):
                break
            cand = tuple(self.keys[a:i])
            if cand in phrases:
                best = cand
        return best

    # -- name runs --------------------------------------------------------------------

    def name_token_ok(self, t: int, upper: bool, strong: bool = False) -> bool:
        """Could token t continue a name run whose first token was (upper ? all caps : title case)?

        ``strong``: the run follows a title or cue, so capitalised clinical terms do not stop it.
        """
        w = self.words[t]
        if not w[0].isupper():
            return False
        k = self.keys[t]
        if k in _NAME_STOP or (k in TITLES and k not in _TITLE_NAMES) or k in self.lex.head_last:
            return False
        if w.isupper() and len(w) > 1:
            if not upper and k in _CREDENTIAL_WORDS:
                return False
            if not upper:
                return self.lex.is_name_word(k) and not self.lex.is_allowed(k)
        lex = self.lex
        return lex.is_name_word(k) or not lex.is_allowed(k, terms=not strong) or _mc_name(w)

    def extend_name(self, i: int, max_tokens: int = 4, strong: bool = False) -> int:
        """End (exclusive) of the name run that starts at token i (token i is taken as given)."""
        upper = self.is_upper(i)
        j = i + 1
        count = 1
        while j < self.n and count < max_tokens and not self.taken[j]:
            if self.words[j - 1].endswith(("'s", "’s")):
                break  # "Lamovec's Cautionary Tales"
            prev_initial = self.is_initial(j - 1)
            if not (self.initial_gap(j) if prev_initial else self.simple_gap(j)):
                break
            k = self.keys[j]
            if self.gap(j) not in (" ", ". ", ".") and not self.lex.is_name_word(k):
                break  # "Estefania Romero Selas  NoCol": a wide gap ends the name
            if self.is_initial(j):
                # a middle initial needs a name after it, or a period ending the name
                after = self.gap(j + 1) if j + 1 < self.n else self.gap(self.n)
                if j + 1 < self.n and self.initial_gap(j + 1) and self.name_token_ok(j + 1, upper, strong):
                    j += 1
                    count += 1
                    continue
                if self.words[j] != "I" and (
                    after.startswith(".")
                    or (upper and ("\n" in after or j + 1 >= self.n or after.startswith(("  ", "\t"))))
                ):
                    j += 1  # "Smith J." / "SMITH, JOHN A<newline>"
                break
            if k in _PARTICLES and not self.is_cap(j):
                u = j
                while u < self.n and self.keys[u] in _PARTICLES and not self.cap[u] and u - j < 3:
                    u += 1
                if u < self.n and u > j and self.simple_gap(u) and self.name_token_ok(u, upper, strong):
                    j = u + 1
                    count += 1
                    continue
                break
            if not self.name_token_ok(j, upper, strong):
                break
            if k in _EPONYM_HEADS:
                break
            j += 1
            count += 1
        return j

    def eponym_after(self, j: int) -> bool:
        """A device/disease/test word right after token j-1 ("Foley catheter", "Allen test")."""
        if j >= self.n:
            return False
        w = self.words[j - 1]
        if self.simple_gap(j) or (w.endswith(("'s", "’s")) and self.gap(j) in _SPACE_GAPS):
            return self.keys[j] in _EPONYM_HEADS
        if self.gap(j) in ("-", " - "):
            return self.keys[j] in _EPONYM_HEADS
        return False

    def relation_after(self, j: int) -> bool:
        """'Mary (daughter)', 'John, her husband', 'Ann - sister'."""
        if j >= self.n:
            return False
        g = self.gap(j)
        if g.strip() not in ("(", ",", "-", "–", ""):
            return False
        if "\n" in g:
            return False
        k = self.keys[j]
        if k in _RELATIONS:
            return True
        if k in ("his", "her", "the", "patient", "pt", "their", "su") and j + 1 < self.n:
            return self.keys[j + 1] in _RELATIONS and self.simple_gap(j + 1)
        return False

    def clinician_context(self, i: int) -> bool:
        """Clinician words shortly before token i on the same line."""
        for t in range(i - 1, max(-1, i - 5), -1):
            if self.keys[t] in _CLINICIAN_WORDS:
                return True
            if "\n" in self.gap(t):
                break
        return False


def _mc_name(w: str) -> bool:
    return (w.startswith("Mc") and len(w) > 3 and w[2].isupper()) or (
        w.startswith("Mac") and len(w) > 4 and w[3].isupper()
    )


# ----------------------------------------------------------------------------- passes


_UNITS = frozenset("cm mm m in inch inches ft feet x by sq cc ml".split())
_HOUSE_NUMBER_AFTER = re.compile(r"(?:,\s*|\s+)(?:n[ºo°]\.?\s*)?\d+[A-Za-z]?\b")


def _pass_streets_head_first(s: _Scan) -> None:
    """'Calle Carmen Romero, 23', 'Avda. de la Paz 5', 'C/ Alcalá 12'."""
    lex = s.lex
    for i in s.caps:
        k = s.keys[i]
        if k not in lex.street_heads_first or s.taken[i] or i + 1 >= s.n or s.is_upper(i):
            continue
        g = s.gap(i + 1)
        if k == "c":
            if not g.startswith("/"):
                continue
        elif g not in _SPACE_GAPS and not (g in (". ", ".") and k in ("av", "avda", "ctra", "urb", "pza")):
            continue
        # the name: capitalised words and Spanish particles, ending on a capitalised word
        b = i + 1
        last_cap = None
        while b < s.n and b - i <= 6 and not s.taken[b]:
            if b > i + 1 and s.gap(b) not in _SPACE_GAPS:
                break
            if s.cap[b]:
                last_cap = b
            elif s.keys[b] not in _PARTICLES and s.keys[b] not in ("san", "santa", "santo"):
                break
            b += 1
        if last_cap is None or (k in ("via", "plaza", "camino", "paseo") and not _specific(s, range(i + 1, last_cap + 1))):
            continue
        end = s.ends[last_cap]
        m = _HOUSE_NUMBER_AFTER.match(s.text, end)
        if m and "\n" not in m.group(0):
            end = m.end()
        s.emit_chars(s.starts[i], end, i, last_cap + 1, STREET, 0.9)


def _pass_streets(s: _Scan) -> None:
    lex = s.lex
    for j in s.caps:
        k = s.keys[j]
        if k not in lex.street_suffixes or s.taken[j]:
            continue
        # one to three capitalised words before the suffix, a house number before them
        i = j
        while i - 1 >= 0 and j - i < 3 and s.simple_gap(i) and s.is_cap(i - 1) and not s.taken[i - 1]:
            if s.keys[i - 1] in _UNITS or s.keys[i - 1] in _NAME_STOP:
                break
            i -= 1
            m = _STREET_NUMBER.search(s.gap(i))
            if m and "\n" not in m.group(0):
                start = s.ends[i - 1] + m.start(1) if i > 0 else m.start(1)
                end = s.ends[j]
                if s.gap(j + 1).startswith(".") and k in ("st", "ave", "rd", "blvd", "ln", "dr", "ct", "pl"):
                    end += 1
                s.emit_chars(start, end, i, j + 1, STREET, 0.9)
                break


def _pass_credentials(s: _Scan) -> None:
    """'John A. Smith, MD', 'SMITH, JOHN RN': the capitalised words before a credential."""
    text = s.text
    lex = s.lex
    for m in _CREDENTIAL.finditer(text):
        # the last word before the credential, separated by ", " or spaces only
        t = bisect_right(s.ends, m.start()) - 1
        if t < 0 or not _CREDENTIAL_GAP.fullmatch(text, s.ends[t], m.start()):
            continue
        if s.taken[t] or not s.cap[t]:
            continue
        # walk left over the name: capitalised words, initials, particles, "Last, First"
        j = t + 1
        i = t
        comma = False
        while i - 1 >= 0 and j - i < 4:
            p = i - 1
            if s.taken[p]:
                break
            g = s.gap(i)
            kp = s.keys[p]
            if s.is_initial(p) and s.initial_gap(i):
                i = p
                continue
            if kp in TITLES or kp in _NAME_STOP or kp in lex.head_last:
                break
            if g in _SPACE_GAPS and (s.cap[p] or kp in _PARTICLES):
                i = p
                continue
            if g.strip() == "," and "\n" not in g and not comma and s.cap[p] \
                    and sum(1 for u in range(i, j) if not s.is_initial(u)) == 1:
                i = p  # "Smith, John (A) MD": the surname too
                comma = True
                continue
            break
        while i < j and (s.keys[i] in _PARTICLES or not s.cap[i]):
            i += 1
        toks = [u for u in range(i, j) if not s.is_initial(u)]
        if not toks:
            continue
        if not any(lex.is_name_word(s.keys[u]) or not lex.is_allowed(s.keys[u], terms=False) for u in toks):
            continue
        if len(toks) == 1 and not lex.is_name_word(s.keys[toks[0]]) and s.sentence_initial(toks[0]):
            continue
        if any(s.is_upper(u) and not lex.is_name_word(s.keys[u]) for u in toks):
            continue  # "CBC, GS": abbreviations, not a name
        if any(s.keys[u] in _CREDENTIAL_WORDS for u in toks):
            continue
        s.emit(i, j, DOCTOR, 0.92)


def _pass_titles(s: _Scan) -> None:
    for i in s.caps:
        k = s.keys[i]
        if k not in TITLES or i + 1 >= s.n or s.taken[i + 1]:
            continue
        w = s.words[i]
        if w.endswith(("'s", "’s")):
            continue  # "Doctor's Address"
        g = s.gap(i + 1)
        if "\n" in g:
            continue
        dotted = g.startswith(".")
        caps_title = w.isupper() and len(w) > 1
        if caps_title and k in _TITLE_NEEDS_DOT_UPPER and not dotted:
            continue
        if caps_title and s.lex.is_allowed(s.keys[i + 1]) and not s.lex.is_name_word(s.keys[i + 1]):
            continue  # "No significant MR. Mitral inflow"
        if k in _TITLE_NEEDS_DOT and not dotted:
            continue
        if g not in (".", ". ", ".  ", " ", "  ") and not (dotted and g.strip(" .") == ""):
            continue
        label = TITLES[k]
        t = i + 1
        if k == "don":
            # "Don" is a Spanish title only before a first name; otherwise it is a first name
            if not (s.keys[t] in s.lex.first and s.is_title_case(t) and not s.lex.is_allowed(s.keys[t])):
                continue
        if s.keys[t] in _PARTICLES and not s.is_cap(t):
            # "Dr. van der Berg", "Sra. de la Fuente"
            u = t
            while u < s.n and s.keys[u] in _PARTICLES and not s.cap[u] and u - t < 3:
                u += 1
            if u < s.n and u > t and s.simple_gap(u) and s.cap[u] and len(s.keys[u]) > 1:
                j = s.extend_name(u, strong=True)
                s.emit(t, j, label, 0.95)
            continue
        if not s.is_cap(t):
            continue
        kt = s.keys[t]
        if len(kt) < 2:
            # "Dr. J. Smith"; "Dr. X" and "Mr. T's" are placeholders, not names
            if t + 1 < s.n and s.initial_gap(t + 1) and len(s.words[t + 1]) > 1 \
                    and s.name_token_ok(t + 1, s.is_upper(t + 1)):
                j = s.extend_name(t, strong=True)
                s.emit(t, j, label, 0.95)
            continue
        if kt in _NAME_STOP or kt in TITLES:
            continue
        j = s.extend_name(t, strong=True)
        s.emit(t, j, label, 0.95)


def _accept_cue_word(s: _Scan, t: int, lexicon_only: bool, header: bool = False) -> bool:
    if t >= s.n or s.taken[t] or not s.is_cap(t):
        return False
    k = s.keys[t]
    if k in _NAME_STOP or k in TITLES or k in s.lex.head_last or len(s.words[t]) < 2:
        return False
    if "º" in k or "ª" in k:
        return False  # "NºCol": an abbreviation, not a name
    lex = s.lex
    if s.is_upper(t) or lexicon_only:
        # capitals: a name word, and not a common one unless in a header ("NAME: BROWN, MARY")
        return lex.is_name_word(k) and (header or not s.is_upper(t) or not lex.is_allowed(k))
    if lex.is_name_word(k) or _mc_name(s.words[t]):
        return True
    return not lex.is_allowed(k) and not lex.is_place_word(k)



def _pass_name_cues(s: _Scan) -> None:
    for i in s.after_keys(_CUE_LAST):
        if s.taken[i]:
            continue
        phrase = s.phrase_before(i, _NAME_CUES, _CUE_MAXLEN)
        if phrase is None:
            continue
        label, needs_colon, lexicon_only = _NAME_CUES[phrase]
        g = s.gap(i)
        if "\n" in g:
            continue
        stripped = g.strip()
        if needs_colon and stripped not in (":", "-", "–"):
            continue
        if stripped not in ("", ":", ",", "(", "-", "–", ":-", "="):
            continue
        # "Patient: Mr. Smith" etc. are the title pass's; "cc: Dr. A, Dr. B" too
        if phrase == ("cc",) or phrase == ("copy", "to") or phrase == ("copies", "to"):
            _cc_list(s, i, label)
            continue
        first_tok = i
        header = stripped == ":"
        if s.keys[i] in _PARTICLES and i + 1 < s.n and s.simple_gap(i + 1) and s.cap[i + 1]:
            i += 1  # "Apellidos: De Miguel Rivera"
        elif s.is_initial(i) and i + 1 < s.n and s.initial_gap(i + 1) and s.cap[i + 1]:
            i += 1  # "her son I. Smith"
        if not _accept_cue_word(s, i, lexicon_only, header=header):
            continue
        j = s.extend_name(i, strong=True)
        i = first_tok
        if s.eponym_after(j) or s.dose_after(j):
            continue  # "seen by Doppler examination"
        if j - i == 1 and s.keys[i] in _CALENDAR and _calendar_use(s, i):
            continue  # "seen by ... May 2019"
        # "Attending: Smith, John"
        if j - i == 1 and j < s.n and s.gap(j).strip() == "," and "\n" not in s.gap(j) \
                and (s.keys[j] in s.lex.first or header) and s.is_cap(j) and len(s.keys[j]) > 1 \
                and not s.lex.is_allowed(s.keys[j]) and s.is_upper(j) == s.is_upper(i) and not s.taken[j]:
            j = s.extend_name(j, strong=True)  # "Name: Griner, Wemmastyn"
        score = 0.95 if stripped == ":" else 0.9
        s.emit(i, j, label, score)


_ID_AFTER = re.compile(r"(?:[ \t]{2,}|[ \t]*\|[ \t]*)(?:MRN|MR\b|MR#|Med\.? ?Rec|DOB|D\.O\.B|#|Unit|Acct|Account|\d)", re.I)
_CLOSINGS = frozenset(
    "sincerely regards respectfully thanks cordially yours signed best warmly truly".split()
)


def _line_starts(s: _Scan) -> set[int]:
    """Indices of the tokens that begin a line."""
    text, starts = s.text, s.starts
    out = {0}
    p = text.find("\n")
    while p != -1:
        out.add(bisect_right(starts, p))
        p = text.find("\n", p + 1)
    return out


def _name_run_at_line_start(s: _Scan, i: int) -> int | None:
    """End of a name written at the start of a line: "Smith, John A", "J. Casserly", "Mary Jones"."""
    lex = s.lex
    k = s.keys[i]
    if k in _NAME_STOP or k in TITLES or k in lex.head_last or k in _CALENDAR:
        return None
    if s.is_initial(i):
        if not (i + 1 < s.n and s.initial_gap(i + 1) and s.cap[i + 1] and len(s.keys[i + 1]) > 1):
            return None
    elif len(k) < 2 or (lex.is_allowed(k) and not lex.is_name_word(k)):
        return None
    j = s.extend_name(i, strong=True)
    if j - i == 1 and j < s.n and s.gap(j).strip() == "," and "\n" not in s.gap(j) and s.cap[j] \
            and not s.taken[j] and s.is_upper(j) == s.is_upper(i) and not lex.is_allowed(s.keys[j]):
        j = s.extend_name(j, strong=True)  # "TRUTON, LESIA", "GUERRERO,RUTH"
    toks = [t for t in range(i, j) if not s.is_initial(t) and s.keys[t] not in _PARTICLES]
    if not toks or (j - i < 2):
        return None
    if any(s.keys[t] in _CREDENTIAL_WORDS or s.keys[t] in lex.head_last for t in toks):
        return None
    if all(lex.is_allowed(s.keys[t]) for t in toks):
        return None
    if any(s.is_upper(t) for t in toks) and not all(lex.is_name_word(s.keys[t]) or not lex.is_allowed(s.keys[t])
                                                     for t in toks):
        return None
    return j


def _previous_line(s: _Scan, i: int) -> str:
    """The last non-blank line before token i."""
    before = s.text[: s.starts[i]].rstrip()
    return before[before.rfind("\n") + 1 :].strip() if before else ""


def _pass_name_lines(s: _Scan) -> None:
    """Names that stand alone at the start of a line.

    A header line "Joshua Short   MRN 05510161   DOB 3/10/88" names the patient; a line
    holding only a name after "Sincerely," or a rule of underscores, or as the last line
    of the note, is the signature of the clinician who wrote it.
    """
    text = s.text
    last_line_start = text.rstrip().rfind("\n") + 1
    for i in sorted(_line_starts(s)):
        if i >= s.n or s.taken[i] or not s.cap[i]:
            continue
        j = _name_run_at_line_start(s, i)
        if j is None or not s.free(i, j):
            continue
        end = s.ends[j - 1] + (1 if s.is_initial(j - 1) and text.startswith(".", s.ends[j - 1]) else 0)
        if _ID_AFTER.match(text, end):
            s.emit(i, j, PATIENT, 0.9)
            continue
        line_rest = text[end : text.find("\n", end) if "\n" in text[end:] else len(text)]
        if line_rest.strip():
            continue
        prev = _previous_line(s, i)
        prev_words = set(re.findall(r"[a-z]+", prev.lower()))
        closing = bool(prev) and (
            set(prev) <= set("_-=*~ ") or (prev.endswith(",") and prev_words & _CLOSINGS)
        )
        if closing or s.starts[i] >= last_line_start:
            s.emit(i, j, DOCTOR, 0.9)


def _cc_list(s: _Scan, i: int, label: str) -> None:
    """'cc: John Smith, MD; Mary Jones, RN and Dr. Lee' -> each name."""
    t = i
    while t < s.n:
        if s.keys[t] in TITLES:
            t += 1
            if t < s.n and "\n" not in s.gap(t):
                continue
            return
        if _accept_cue_word(s, t, False):
            j = s.extend_name(t, strong=True)
            s.emit(t, j, label, 0.92)
            t = j
        elif s.taken[t] or s.keys[t] in _CREDENTIAL_WORDS:
            t += 1
        else:
            return
        if t >= s.n:
            return
        g = s.gap(t)
        if "\n" in g:
            return
        if not (_LIST_GAP.match(g) or g.strip(" .,;") == "" or s.keys[t] in _CREDENTIAL_WORDS):
            return


# -- institutions -------------------------------------------------------------------


def _head_at(s: _Scan, i: int) -> tuple[int, str] | None:
    """(end token, head phrase) of the longest head phrase starting at token i."""
    lex = s.lex
    longest = lex.head_starts.get(s.keys[i])
    if not longest:
        return None
    best = None
    parts = [s.keys[i]]
    for j in range(i + 1, min(s.n, i + longest) + 1):
        phrase = " ".join(parts)
        if (
            phrase in lex.hospital_heads
            or phrase in lex.hospital_heads_first
            or phrase in lex.org_heads
            or phrase in lex.org_heads_first
            or phrase in lex.location_heads
            or phrase in lex.location_heads_first
        ):
            best = (j, phrase)
        if j < s.n and j < i + longest and s.simple_gap(j) and s.is_cap(j):
            parts.append(s.keys[j])
        else:
            break
    return best


def _specific(s: _Scan, toks: Sequence[int]) -> bool:
    """At least one word that names something: not a common word ("Mayo", not "General")."""
    lex = s.lex
    for t in toks:
        k = s.keys[t]
        if k in _INST_CONNECTORS or k in _PARTICLES or len(k) < 2:
            continue
        if not lex.is_allowed(k) or k in _INSTITUTION_PROPER:
            return True
    return False


def _left_run(s: _Scan, i: int, limit: int = 5) -> int:
    """Start of the capitalised run (with inner connectors) that ends at token i-1."""
    a = i
    count = 0
    lex = s.lex
    while a - 1 >= 0 and count < limit:
        t = a - 1
        if s.taken[t]:
            break
        g = s.gap(a)
        ok_gap = g in _SPACE_GAPS or g.strip() == "&" and "\n" not in g
        if not ok_gap and not (g in (". ", ".") and s.keys[t] in ("st", "mt", "ft")):
            break
        w = s.words[t]
        k = s.keys[t]
        if w[0].isupper():
            if k in _INST_CONNECTORS and s.is_upper(t):
                # "UNIVERSITY OF MICHIGAN HOSPITAL" in a note written in capitals
                if t - 1 >= 0 and s.cap[t - 1] and not s.taken[t - 1] and s.gap(t) in _SPACE_GAPS:
                    a = t
                    continue
                break
            if k in _NAME_STOP or (k in _INST_BAD_FIRST and s.is_upper(t)):
                break
            if k in lex.inst_ends:
                break
            a = t
            count += 1
            if s.sentence_initial(t):
                break
            continue
        if k in _INST_CONNECTORS and t - 1 >= 0 and s.is_cap(t - 1) and not s.taken[t - 1]:
            a = t
            continue
        break
    # trim connectors, generic words and a common sentence-initial word from the front
    while a < i:
        k = s.keys[a]
        if k in _INST_BAD_FIRST or not s.is_cap(a):
            a += 1
        elif k in _SAINT or k in _PLACE_PREFIX:
            break  # "St. Mary's", "Mount Auburn", "North Shore", "New Haven"
        elif s.sentence_initial(a) and a + 1 < i and lex.is_allowed(k):
            a += 1
        elif s.is_upper(a) and a + 1 < i and lex.is_allowed(k):
            a += 1  # capitals give no sentence starts: drop common words from the front
        else:
            break
    return a


def _right_run(s: _Scan, j: int, limit: int = 6) -> int:
    """End of the capitalised run (with inner connectors) that starts at token j."""
    lex = s.lex
    b = j
    count = 0
    while b < s.n and count < limit and not s.taken[b]:
        g = s.gap(b)
        if g not in _SPACE_GAPS and not (b > j and g.strip() == "&" and "\n" not in g):
            break
        k = s.keys[b]
        upper = s.is_upper(b)
        connector = k in _INST_CONNECTORS and (not s.cap[b] or upper)
        if s.cap[b] and not connector:
            if not _run_word_ok(s, b, b > j):
                break
            b += 1
            count += 1
            continue
        if connector and b + 1 < s.n and s.simple_gap(b + 1):
            # a connector must lead to a capitalised word: "of the University of X"
            c = b + 1
            while c + 1 < s.n and s.keys[c] in _INST_CONNECTORS and (not s.cap[c] or s.is_upper(c)) \
                    and s.simple_gap(c + 1):
                c += 1
            if c < s.n and s.cap[c] and not s.taken[c] and s.keys[c] not in _INST_CONNECTORS \
                    and _run_word_ok(s, c, True):
                b = c
                continue
        break
    return b


def _run_word_ok(s: _Scan, b: int, inner: bool) -> bool:
    """Can capitalised token b be part of an institution name running rightwards?"""
    lex = s.lex
    k = s.keys[b]
    if (inner and k in lex.head_last) or k in _NAME_STOP:
        return False
    if s.is_upper(b) and (
        k in _INST_BAD_FIRST or (lex.is_allowed(k) and not lex.is_name_word(k) and not lex.is_place_word(k))
    ):
        return False  # in capitals every word is "capitalised": stop at common words
    return True


def _pass_institutions(s: _Scan) -> None:
    lex = s.lex
    heads = []
    covered = -1
    for i in s.caps:
        if i < covered:
            continue  # inside a longer head ("Senior Center", "Medical Associates")
        if s.keys[i] in lex.head_starts:
            h = _head_at(s, i)
            if h:
                heads.append((i, h[0], h[1]))
                covered = h[0]
    # right to left, so "Boston University Medical Center" is one hospital
    for i, j, phrase in reversed(heads):
        if not s.free(i, j):
            continue
        if phrase == "co" and not (s.words[i] == "Co" or s.gap(j).startswith(".")):
            continue  # "CO" is carbon monoxide or Colorado
        if phrase in lex.hospital_heads:
            label, strong = HOSPITAL, False
        elif phrase in lex.org_heads:
            label, strong = ORGANIZATION, phrase in lex.org_heads_strong
        elif phrase in lex.location_heads:
            label, strong = LOCATION_OTHER, False
        else:
            label, strong = None, False
        done = False
        if label is not None:
            a = _left_run(s, i)
            if a < i:
                # "of the University of Pennsylvania": heads may also take an "of X" tail
                b = j
                if j < s.n and s.keys[j] in ("of", "for", "de", "del") and s.simple_gap(j):
                    b2 = _right_run(s, j)
                    if b2 > j + 1 and s.is_cap(b2 - 1):
                        b = b2
                if (strong and not s.is_upper(i)) or _specific(s, range(a, i)):
                    s.emit(a, b, label, 0.85 if not strong else 0.9)
                    done = True
        if done:
            continue
        first_label = (
            HOSPITAL if phrase in lex.hospital_heads_first
            else ORGANIZATION if phrase in lex.org_heads_first
            else LOCATION_OTHER if phrase in lex.location_heads_first
            else None
        )
        if first_label is None:
            continue
        b = _right_run(s, j)
        # "Hospital of X", "Hospital Universitario La Paz", "Lake Tahoe", "Mount Sinai"
        while b > j and not s.is_cap(b - 1):
            b -= 1
        if b > j and _specific(s, range(j, b)) and not s.eponym_after(b):
            if first_label == LOCATION_OTHER and i > 0 and s.simple_gap(i) and (
                s.phrase_before(i, _PLACE_CUES, _PLACE_CUE_MAXLEN) or _state_after(s, b)
            ):
                first_label = CITY  # "lives in Lake Mathew", "Lake Rodneymouth, NJ"
            s.emit(i, b, first_label, 0.85)


def _pass_org_cues(s: _Scan) -> None:
    """'works at Smith Barney', 'employed by Budd Automotors', 'Insurance: Cigna'."""
    for i in s.after_keys(_ORG_CUE_LAST):
        if s.taken[i] or not s.cap[i]:
            continue
        g = s.gap(i)
        if s.keys[i - 1] in _ORG_HEADERS:
            if g.strip() != ":" or "\n" in g:
                continue
        elif not s.simple_gap(i) or s.phrase_before(i, _ORG_CUES, _ORG_CUE_MAXLEN) is None:
            continue
        if s.keys[i] in TITLES or s.keys[i] in _NAME_STOP:
            continue
        b = _right_run(s, i, limit=5)
        while b > i and not s.is_cap(b - 1):
            b -= 1
        toks = range(i, b)
        if b > i and _specific(s, toks) and not any(s.keys[t] in _CALENDAR for t in toks):
            if b - i == 1 and s.lex.is_place_word(s.keys[i]):
                continue  # "works in Boston" is the place pass's
            s.emit(i, b, ORGANIZATION, 0.85)


# -- places -------------------------------------------------------------------------


def _place_at(s: _Scan, i: int) -> tuple[int, str, bool] | None:
    """(end token, label, major) of the longest place phrase starting at token i."""
    lex = s.lex
    longest = lex.place_starts.get(s.keys[i])
    if not longest:
        return None
    best = None
    parts = [s.keys[i]]
    j = i + 1
    while True:
        phrase = " ".join(parts)
        hit = None
        if phrase in lex.countries:
            hit = (COUNTRY, True)
        elif phrase in lex.states and phrase not in _CITY_OVER_STATE and (
            phrase in lex.main_states or phrase not in lex.cities
        ):
            hit = (STATE, True)
        elif phrase in lex.cities:
            hit = (CITY, phrase in lex.cities_major)
        if hit:
            best = (j, hit[0], hit[1])
        if j >= s.n or len(parts) >= longest:
            break
        g = s.gap(j)
        if not (g in _SPACE_GAPS or (g in (". ", ".") and parts[-1] in ("st", "ft", "mt"))):
            break
        if not (s.is_cap(j) or s.keys[j] in _PARTICLES or s.keys[j] in ("of", "upon", "on")):
            break
        if s.taken[j]:
            break
        parts.append(s.keys[j])
        j += 1
    return best


def _state_after(s: _Scan, j: int) -> tuple[int, str] | None:
    """', MA' or ', Massachusetts' or ', Mexico' right after token j-1: (end token, label)."""
    if j >= s.n or s.taken[j]:
        return None
    g = s.gap(j)
    if g.strip() != "," or "\n" in g:
        return None
    w = s.words[j]
    if len(w) == 2 and w.isupper() and w in s.lex.state_codes:
        return j + 1, STATE
    p = _place_at(s, j)
    if p and p[1] in (STATE, COUNTRY) and all(s.is_cap(t) or not s.keys[t].isalpha() for t in (j,)):
        return p[0], p[1]
    return None


_ZIP_OR_EOL = re.compile(r"[ \t]*(?:\d{5}(?:-\d{4})?\b|\r?\n|$)")
_AFTER_STREET = re.compile(
    r"(?:,?[ \t]*(?:#[ \t]*[\w-]+|(?:apt|apartment|unit|suite|ste|fl|floor)\.?[ \t]*#?[\w-]+))?"
    r"(?:,[ \t]*|[ \t]*\r?\n[ \t]*)",
    re.I,
)
_LIVES_WORDS = frozenset("lives living lived resides residing resided moved grew born raised stays staying".split())


def _city_boundary(s: _Scan, a: int) -> bool:
    """Token a can start a city name of an address: line start, after a comma, after "in"."""
    if a == 0:
        return True
    g = s.gap(a)
    return "\n" in g or g.rstrip().endswith((",", ";", "-")) or s.keys[a - 1] in ("in", "from", "to", "at", "near")


def _city_run_before(s: _Scan, i: int) -> int | None:
    """Start of the city name that ends at token i-1, for "City, ST": 1-3 capitalised words."""
    a = i
    while a - 1 >= 0 and i - a < 3 and s.cap[a - 1] and not s.taken[a - 1]:
        if a < i and not s.simple_gap(a):
            break
        a -= 1
        if _city_boundary(s, a):
            break
    if a == i or not _city_boundary(s, a):
        return None
    if all(s.lex.is_allowed(s.keys[t]) for t in range(a, i)) or s.keys[a] in _NAME_STOP:
        return None
    return a


def _pass_addresses(s: _Scan) -> None:
    """'Jon Ville, ME 02626', 'SORTMOUTH, FLORIDA  01080', '18 Oak St, Salem': the city of
    an address, whatever it looks like, from the state code or the street before it."""
    lex = s.lex
    # "City, ST 12345" and "City, State<end of line>"
    for i in s.caps:
        w = s.words[i]
        code = len(w) == 2 and w in lex.state_codes
        if not code and s.keys[i] not in lex.place_starts:
            continue
        if s.taken[i] or i == 0 or s.gap(i).strip() != "," or "\n" in s.gap(i):
            continue
        if code:
            j = i + 1
        else:
            p = _place_at(s, i)
            if not p or p[1] != STATE:
                continue
            j = p[0]
        tail = _ZIP_OR_EOL.match(s.text, s.ends[j - 1])
        if not tail:
            continue
        a = _city_run_before(s, i)
        if a is None:
            continue
        if w in ("MD", "DO", "PA") and not tail.group(0).strip() and s.keys[a] in lex.first:
            continue  # "John Smith, MD" at the end of a line is a doctor
        s.emit(a, i, CITY, 0.9)
        s.emit(i, j, STATE, 0.9)
    # the city right after a street: "3532 Brady Road, Lake Rodneymouth", "Via Roma 5, Burgos"
    for n in range(len(s.found)):
        label = s.found[n][2]
        if label != STREET:
            continue
        m = _AFTER_STREET.match(s.text, s.found_spans[n].end)
        if not m:
            continue
        t = bisect_left(s.starts, m.end())
        if t >= s.n or s.starts[t] != m.end() or not s.cap[t] or s.taken[t] or s.keys[t] in _NAME_STOP:
            continue
        b = t + 1
        while b < s.n and b - t < 3 and s.cap[b] and s.simple_gap(b) and not s.taken[b]:
            b += 1
        if all(lex.is_allowed(s.keys[u]) for u in range(t, b)) or s.is_initial(t):
            continue
        if s.keys[t] in lex.state_codes or s.keys[t] in lex.street_heads_first:
            continue
        s.emit(t, b, CITY, 0.85)
        st = _state_after(s, b)
        if st:
            s.emit(b, st[0], st[1], 0.9)


def _pass_places(s: _Scan, multi_only: bool) -> None:
    lex = s.lex
    place_starts = lex.place_starts
    keys = s.keys
    taken = s.taken
    for i in s.caps:
        if taken[i]:
            continue
        k = keys[i]
        header = i > 0 and keys[i - 1] in _PLACE_HEADERS and s.gap(i).strip() == ":" and "\n" not in s.gap(i)
        if k not in place_starts and not header and not (i > 0 and keys[i - 1] in _PLACE_CUE_LAST):
            continue
        p = _place_at(s, i)
        cue = None
        if header:
            cue = (keys[i - 1],)
        elif i > 0 and keys[i - 1] in _PLACE_CUE_LAST and s.simple_gap(i):
            cue = s.phrase_before(i, _PLACE_CUES, _PLACE_CUE_MAXLEN)
        strong_cue = header or (cue is not None and _PLACE_CUES[cue])
        if p is None:
            # unknown capitalised word: a city only after a strong cue or before ", ST"
            if multi_only:
                continue
            if cue == ("in",) and not strong_cue:
                # "lives with his wife in Wakanuku": "in" after a living verb in the sentence
                for t in range(i - 2, max(-1, i - 14), -1):
                    if s.keys[t] in _LIVES_WORDS:
                        strong_cue = True
                        break
                    if s.sentence_initial(t) or "\n" in s.gap(t + 1):
                        break
            if lex.is_allowed(k) or (lex.is_name_word(k) and not strong_cue):
                continue
            if s.is_upper(i) and not (strong_cue and len(k) > 3):
                continue
            j = i + 1
            while j < s.n and j - i < 3 and s.simple_gap(j) and s.is_title_case(j) and not s.taken[j] \
                    and not lex.is_allowed(s.keys[j]):
                j += 1
            st = _state_after(s, j)
            if st and st[1] == STATE and not lex.is_name_word(k):
                s.emit(i, j, CITY, 0.85)
                s.emit(j, st[0], STATE, 0.9)
            elif strong_cue and len(s.words[i]) > 2:
                s.emit(i, j, CITY, 0.7)
            continue
        j, label, major = p
        multi = j - i > 1
        if s.relation_after(j):
            continue  # "from Linda (daughter)"
        if multi_only and not multi:
            # ", ST" after a single-word city is decided in the multi pass too
            st = _state_after(s, j)
            if not (label == CITY and st and st[1] in (STATE, COUNTRY)):
                continue
        st = _state_after(s, j) if label == CITY else None
        if st and j - i == 1 and lex.is_allowed(k) and not s.is_title_case(i):
            st = None  # "AT THAT TIME, ON ..." in capitals
        if st and not (lex.is_name_word(k) and st[1] == STATE and s.words[j].upper() in ("MD", "PA", "DO")
                       and k not in lex.cities_major):
            s.emit(i, j, CITY, 0.9)
            s.emit(j, st[0], st[1], 0.9)
            continue
        toks = range(i, j)
        upper = all(s.is_upper(t) or len(s.words[t]) < 3 for t in toks)
        allowed = all(lex.is_allowed(s.keys[t]) for t in toks if s.is_cap(t))
        # a bare "Madrid" or "Espana" is a place even though both are surnames: surnames
        # alone are never names here, first names are
        namey = any(s.keys[t] in lex.first for t in toks)
        if (s.eponym_after(j) or s.dose_after(j)) and not strong_cue:
            continue  # "Mayo scissors", "Glasgow Coma Scale"
        if multi:
            if allowed and not (major or strong_cue):
                continue
            if upper and cue is None and any(lex.is_allowed(s.keys[t]) for t in toks):
                continue
            s.emit(i, j, label, 0.9 if cue else 0.85)
            continue
        # single word
        if k in lex.head_last or k in lex.head_starts:
            continue  # "at University": an institution left unnamed
        if upper and not strong_cue:
            continue  # "LIMA to LAD", "VAC dressing"
        if i > 0 and s.keys[i - 1] in _DETERMINERS and s.simple_gap(i) and not strong_cue:
            continue  # "a Sano modification", "the Toronto valve"
        if i > 0 and s.simple_gap(i) and s.is_cap(i - 1) and not s.taken[i - 1] and not s.sentence_initial(i) \
                and cue is None:
            continue  # inside a capitalised term ("Biomet Oxford knee")
        if allowed:
            if strong_cue:
                s.emit(i, j, label, 0.85)
            continue
        if upper and cue is None:
            continue
        if namey:
            if cue is not None:
                s.emit(i, j, label, 0.85 if strong_cue else 0.75)
            continue
        if cue is not None:
            s.emit(i, j, label, 0.9 if strong_cue else 0.85)
        elif label in (STATE, COUNTRY):
            s.emit(i, j, label, 0.8)
        elif major:
            s.emit(i, j, label, 0.7)


# -- names from the lexicons --------------------------------------------------------


def _pass_name_pairs(s: _Scan) -> None:
    lex = s.lex
    first, last = lex.first, lex.last
    for i in s.caps:
        k = s.keys[i]
        if (k not in first and k not in last) or s.taken[i] or len(k) < 2:
            continue
        upper = s.is_upper(i)
        # "Smith, John (A.)" / "SMITH, JOHN A"
        if i + 1 < s.n and k in lex.last and not s.taken[i + 1] and not _list_follows(s, i + 2):
            g = s.gap(i + 1)
            if g in (", ", ",", ",  ") and s.is_cap(i + 1) and s.is_upper(i + 1) == upper:
                k2 = s.keys[i + 1]
                if k2 in lex.first and not (lex.is_allowed(k) and lex.is_allowed(k2)) and len(s.words[i + 1]) > 1:
                    if not (upper and (lex.is_allowed(k) or lex.is_allowed(k2))):
                        j = i + 2
                        if j < s.n and s.is_initial(j) and s.simple_gap(j):
                            j += 1
                        elif j < s.n and s.simple_gap(j) and s.keys[j] in lex.first and s.is_upper(j) == upper \
                                and not lex.is_allowed(s.keys[j]):
                            j += 1
                        if not s.eponym_after(j):
                            label = DOCTOR if s.clinician_context(i) else PATIENT
                            s.emit(i, j, label, 0.85)
                            continue
        if k not in lex.first or k in _NAME_STOP or s.glued(i) or s.after_saint(i):
            continue
        j = s.extend_name(i)
        if j - i < 2:
            continue
        if s.dose_after(j):
            continue
        toks = [t for t in range(i, j) if not s.is_initial(t) and s.keys[t] not in _PARTICLES]
        if len(toks) < 2:
            continue
        keys = [s.keys[t] for t in toks]
        allowed = [lex.is_allowed(x) for x in keys]
        if all(allowed):
            continue
        if s.eponym_after(j):
            continue
        if keys[0] not in lex.first_common and (allowed[-1] or not lex.is_name_word(keys[-1])):
            continue  # a rare first name needs a real surname ("Dock Hand" is a job)
        last_known = lex.is_name_word(keys[-1])
        if upper:
            # all-caps runs are names only when every word is a name word and none is common
            if any(allowed) or not all(lex.is_name_word(x) and len(x) > 2 for x in keys):
                continue
            p = _place_at(s, i)
            if p and p[0] >= j:
                continue  # "SANTA BARBARA"
            if not all(s.is_upper(t) for t in toks):
                continue
        if last_known:
            score = 0.8
        elif allowed[0]:
            # "Mark Roseby": a common first name that is also a word, then an unknown surname
            if keys[0] not in lex.first_common or s.sentence_initial(i) or len(toks) != 2:
                continue
            score = 0.65
        else:
            score = 0.7
        label = DOCTOR if s.clinician_context(i) else PATIENT
        if s.relation_after(j):
            label, score = PATIENT, 0.9
        s.emit(i, j, label, score)


_LIST_WORDS = frozenset({"and", "or", "y", "e"})


def _list_next(s: _Scan, j: int, step: int) -> int | None:
    """The capitalised token that continues a list from the word at j-step, or None.

    Lists are ", X", ", and X", " and X", " & X" (and the same leftwards).
    """
    link = j if step == 1 else j + 1  # gap between the known word and token j
    if not 0 <= j < s.n or "\n" in s.gap(link):
        return None
    g = s.gap(link).strip()
    if s.keys[j] in _LIST_WORDS and not s.is_cap(j):
        if g not in ("", ","):
            return None
        j += step
        if not 0 <= j < s.n:
            return None
        link = j if step == 1 else j + 1
        if s.gap(link) not in _SPACE_GAPS:
            return None
    elif g not in (",", "&", ";"):
        return None
    return j if s.is_cap(j) else None


def _list_follows(s: _Scan, j: int) -> bool:
    """Token j continues a list of capitalised words (", X" or " and X")."""
    return _list_next(s, j, 1) is not None


def _pass_name_lists(s: _Scan) -> None:
    """'They have 3 children: Malon, Mark and Kaylee': names next to names in a list."""
    lex = s.lex
    queue = [(i, j, label) for i, j, label, score in s.found if label in NAME_LABELS]
    while queue:
        i, j, label = queue.pop()
        for t0, step in ((j, 1), (i - 1, -1)):
            while True:
                t = _list_next(s, t0, step)
                if t is None or s.taken[t]:
                    break
                k = s.keys[t]
                if not s.is_title_case(t) or len(k) < 2 or k in _NAME_STOP or k in _CALENDAR or k in TITLES:
                    break
                if not (lex.is_name_word(k) or not lex.is_allowed(k)) or lex.is_place_word(k) and not lex.is_name_word(k):
                    break
                if s.eponym_after(t + 1) or s.dose_after(t + 1):
                    break
                s.emit(t, t + 1, label, 0.75)
                t0 = t + step


def _pass_lone_names(s: _Scan) -> None:
    lex = s.lex
    first = lex.first
    for i in s.caps:
        k = s.keys[i]
        if k not in first or s.taken[i]:
            continue
        w = s.words[i]
        if w.isupper() or len(w) < 3:
            continue
        if k in _CALENDAR or s.glued(i) or s.after_saint(i):
            continue
        if s.relation_after(i + 1):
            s.emit(i, i + 1, PATIENT, 0.9)
            continue
        if k not in lex.first_common or lex.is_allowed(k) or lex.is_place_word(k):
            continue
        if s.eponym_after(i + 1) or s.dose_after(i + 1):
            continue
        if i + 1 < s.n and s.simple_gap(i + 1) and s.is_cap(i + 1) and not s.taken[i + 1]:
            # followed by another capitalised word that the pair pass did not take: a term
            continue
        if i > 0 and s.simple_gap(i) and s.is_cap(i - 1) and not s.sentence_initial(i):
            continue  # inside a capitalised term ("Midas Rex")
        if i > 0 and s.keys[i - 1] in _DETERMINERS and s.simple_gap(i):
            continue  # "a Kelly vacuum", "the Glenn": a thing, not a person
        if s.gap(i + 1)[:2].startswith("-") and s.gap(i + 1)[1:2].isdigit():
            continue  # "Theo-24"
        g = s.gap(i)
        if "\n" not in g and g.rstrip()[-1:].isdigit():
            continue  # "#24 Blake": a size before a device
        if s.gap(i + 1).strip() == "&":
            continue  # "Smith & Nephew"
        label = DOCTOR if s.clinician_context(i) else PATIENT
        s.emit(i, i + 1, label, 0.6)


# -- professions ---------------------------------------------------------------------


def _profession_at(s: _Scan, i: int, explicit: bool) -> int | None:
    lex = s.lex
    longest = lex.prof_starts.get(s.keys[i])
    if not longest:
        return None
    best = None
    parts = [s.keys[i]]
    for j in range(i + 1, min(s.n, i + longest) + 1):
        phrase = " ".join(parts)
        if phrase in lex.professions or (explicit and phrase in lex.professions_ambiguous):
            best = j
        if j < s.n and s.simple_gap(j):
            parts.append(s.keys[j])
        else:
            break
    return best


def _employer_after(s: _Scan, j: int) -> None:
    """'a cashier at Stop & Shop': the capitalised run after a profession and at/for."""
    if j + 1 >= s.n or s.keys[j] not in ("at", "for", "with", "en") or not s.simple_gap(j):
        return
    i = j + 1
    if s.taken[i] or not s.cap[i] or not s.simple_gap(i) or s.keys[i] in TITLES:
        return
    b = _right_run(s, i, limit=5)
    while b > i and not s.cap[b - 1]:
        b -= 1
    if b > i and _specific(s, range(i, b)) and not (b - i == 1 and s.lex.is_place_word(s.keys[i])):
        s.emit(i, b, ORGANIZATION, 0.85)


def _pass_professions(s: _Scan) -> None:
    for i in s.after_keys(_PROF_CUE_LAST):
        if s.taken[i]:
            continue
        cue = s.phrase_before(i, _PROF_CUES, _PROF_CUE_MAXLEN)
        if cue is None:
            continue
        explicit = _PROF_CUES[cue]
        g = s.gap(i)
        if "\n" in g or g.strip() not in ("", ":", "-", ":-"):
            continue
        t = i
        skipped = 0
        while t < s.n and skipped < 3:
            j = _profession_at(s, t, explicit)
            if j is not None and s.free(t, j):
                s.emit(t, j, PROFESSION, 0.9)
                _employer_after(s, j)
                break
            if s.keys[t] in _PROF_MODIFIERS and t + 1 < s.n and s.simple_gap(t + 1):
                t += 1
                skipped += 1
                continue
            break


# -- repeats -------------------------------------------------------------------------


def _relabel_from_strong(s: _Scan) -> None:
    """Give lexicon-only names the label of the cue-backed names that share their words."""
    strong = _seed_words(s, STRONG_SEED_SCORE)
    if not strong:
        return
    for n, (i, j, label, score) in enumerate(s.found):
        if label not in NAME_LABELS or score >= STRONG_SEED_SCORE:
            continue
        labels = {strong.get(s.keys[t]) for t in range(i, j) if len(s.keys[t]) > 1 and s.keys[t] not in _PARTICLES}
        if len(labels) == 1 and None not in labels:
            new = labels.pop()
            if new != label:
                s.found[n] = (i, j, new, score)
                s.found_spans[n] = s.found_spans[n].with_label(new)


def _seed_words(s: _Scan, min_score: float) -> dict[str, str]:
    seeds: dict[str, str] = {}
    for i, j, label, score in s.found:
        if label not in NAME_LABELS or score < min_score:
            continue
        for t in range(i, j):
            k = s.keys[t]
            if len(k) < 2 or k in _PARTICLES or k in TITLES or k in _CREDENTIAL_WORDS:
                continue
            seeds.setdefault(k, label)
    return seeds


_DATE_BEFORE = frozenset(
    "in since during until till by of last next early late mid from through on before after this "
    "each every per".split()
)


def _calendar_use(s: _Scan, i: int) -> bool:
    """Month or day name token i used as a date: "May 2019", "in May", "May." at a start."""
    if _NUMBER_AFTER.match(s.text, s.ends[i]) or s.sentence_initial(i):
        return True
    return i > 0 and s.keys[i - 1] in _DATE_BEFORE


def _pass_repeats(s: _Scan, seeds: Mapping[str, str]) -> None:
    if not seeds:
        return
    lex = s.lex
    last_end = -1
    for i in s.caps:
        if i < last_end or s.taken[i] or s.keys[i] not in seeds:
            continue
        j = i + 1
        while j < s.n and not s.taken[j] and s.cap[j] and s.keys[j] in seeds and s.simple_gap(j):
            j += 1
        k = s.keys[i]
        # a first name or initial right before a known surname belongs to it ("Joshua Short")
        while i > 0 and not s.taken[i - 1] and s.cap[i - 1] and (
            (s.simple_gap(i) and s.keys[i - 1] in lex.first and not lex.is_allowed(s.keys[i - 1]))
            or (s.is_initial(i - 1) and s.initial_gap(i) and i - 1 > 0 and s.keys[i - 2] in seeds)
        ):
            i -= 1
        last_end = j
        if j - i == 1 and lex.is_allowed(k) and (s.sentence_initial(i) or s.is_upper(i)):
            continue  # "Grace was given": a lone common word at a sentence start
        if s.eponym_after(j) or s.dose_after(j):
            continue
        if j - i == 1 and k in _CALENDAR and _calendar_use(s, i):
            continue  # Mrs. May ... "May 2019", "in May"
        s.emit(i, j, seeds[k], REPEAT_SCORE)


# ----------------------------------------------------------------------------- API


class LexiconDetector:
    """Names, places, institutions and professions from word lists and context cues.

    ``repeat``: run the repeated-name pass (:func:`names_in_document`) over each text.
    ``lexicon_dir``: read the word lists from this directory instead of the package.
    """

    name = "lexicon"

    def __init__(self, *, repeat: bool = True, lexicon_dir: str | Path | None = None) -> None:
        self.repeat = repeat
        self.lexicons = load_lexicons(str(lexicon_dir) if lexicon_dir else None)

    def detect(self, text: str) -> list[Span]:
        s = _Scan(text, self.lexicons)
        if s.n == 0:
            return []
        # Strongest evidence first: a token taken by one pass is never looked at again,
        # so patterns (addresses, titles, credentials, heads, cues) win over lone lexicon hits.
        _pass_streets(s)
        _pass_streets_head_first(s)
        _pass_addresses(s)
        _pass_credentials(s)
        _pass_titles(s)
        _pass_institutions(s)
        _pass_org_cues(s)
        _pass_name_cues(s)
        _pass_name_lines(s)
        _pass_places(s, multi_only=True)
        _pass_name_pairs(s)
        _pass_places(s, multi_only=False)
        _pass_lone_names(s)
        _pass_name_lists(s)
        _pass_professions(s)
        _relabel_from_strong(s)
        if self.repeat:
            _pass_repeats(s, _seed_words(s, SEED_SCORE))
        return sorted(s.found_spans)


def names_in_document(
    text: str,
    spans: Iterable[Span],
    *,
    min_score: float = SEED_SCORE,
    lexicon_dir: str | Path | None = None,
) -> list[Span]:
    """Further occurrences of the names in ``spans``: the second pass for any detector's output.

    Every word of a PATIENT or DOCTOR span with ``score >= min_score`` seeds a
    case-insensitive search for the same word, capitalised, elsewhere in ``text``;
    each new hit (not overlapping a given span) gets the seed's label and score
    ``REPEAT_SCORE``. Allowlisted words ("Grace", "Hall") are not repeated at the start
    of a sentence, and no repeat is taken before an eponym head ("Parkinson disease").
    """
    s = _Scan(text, load_lexicons(str(lexicon_dir) if lexicon_dir else None))
    if s.n == 0:
        return []
    seeds: dict[str, str] = {}
    for sp in spans:
        a = bisect_left(s.ends, sp.start + 1)
        b = a
        while b < s.n and s.starts[b] < sp.end:
            b += 1
        for t in range(a, b):
            s.taken[t] = 1
        if sp.label in NAME_LABELS and sp.score >= min_score:
            for t in range(a, b):
                k = s.keys[t]
                if len(k) >= 2 and k not in _PARTICLES and k not in TITLES and k not in _CREDENTIAL_WORDS:
                    seeds.setdefault(k, sp.label)
    _pass_repeats(s, seeds)
    return sorted(s.found_spans)


__all__ = ["LexiconDetector", "Lexicons", "load_lexicons", "names_in_document", "norm"]
