"""Lexicon and context detector for names, places, institutions and professions.

Names and places are the PHI that rules cannot see from shape alone: "Grace" is a
patient in one note and a prayer in another. This detector decides from three kinds
of evidence, strongest first:

1. a cue around the word: a title (Dr., Mrs.), a clinician suffix (", MD", "RN"), a
   header ("Patient:", "cc:"), a phrase ("seen by", "his daughter", "lives in");
2. a pattern of lexicon words: "First Last", "Last, First", "City, ST",
   "<capitalised words> Hospital";
3. a lone lexicon word (a first name, a large city, a country), scored lower.

Notes typed in lowercase get their own cues: "mrs. novais", "his wife (megan walker)",
"kylie is a 63 yo lady", "born in haiti", "lives in north brandon, ct", "at st. joseph's
hospital". Letterheads and signature blocks name institutions by position ("Name, MD" then
"Fenway Health"), and insurers are a list of their own (``payers.txt``).

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
    "am referring, is referring, we referred, for referring, confirmed with, "
    "discussed with, talked with, talked to, spoke to, met with, hija, hijo, esposa, esposo, "
    "madre, padre, hermana, hermano, marido, mujer, hi, hello, call me, calls me, called me",
    PATIENT, False, False,
)
_add_cues("patient is, pt, pt is, patient", PATIENT, False, True)

_CUE_LAST = frozenset(phrase[-1] for phrase in _NAME_CUES)
#: Second words of holidays named after relations ("Mother's Day", "Grandparents Day").
_HOLIDAY_WORDS = frozenset({"day", "days"})
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

#: Specialties and departments: after "Dr. Ward, " they name a service, not a first name.
_SPECIALTY_WORDS = frozenset(
    "surgery medicine cardiology oncology neurology radiology pediatrics orthopedics orthopaedics "
    "urology psychiatry dermatology gastroenterology nephrology pulmonology pulmonary endocrinology "
    "rheumatology hematology obstetrics gynecology ophthalmology otolaryngology anesthesia "
    "anesthesiology neurosurgery podiatry geriatrics cardiothoracic hospitalist radiation "
    "oncology palliative rehabilitation psychology audiology optometry gi ent ob gyn obgyn "
    "endocrine neuro cardiac vascular thoracic plastic colorectal trauma transplant".split()
)
#: First words of a department name: "General Surgery", "Internal Medicine", "Family Practice".
_SPECIALTY_PREFIX = frozenset(
    "general internal family emergency critical primary infectious vascular thoracic plastic "
    "pediatric orthopedic orthopaedic cardiac cardiothoracic colorectal surgical medical nuclear "
    "interventional sports physical occupational hospital geriatric adult child women's womens "
    "maternal fetal neonatal trauma acute".split()
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
    "ems from, ambulance from, transferred from, transported from, brought in from, arrived from, "
    "visits, visiting, visited, trip from, flew in from, drove from, "
    "vive en, reside en, residente en, natural de, procedente de, nacido en, nacida en, "
    "originario de, originaria de"
).split(","):
    _PLACE_CUES[tuple(_p.split())] = True
for _p in ("from", "in", "to", "near", "at", "en"):
    _PLACE_CUES[(_p,)] = False
#: Strong cues that still do not make a person's name a place ("visits Maria").
_PLACE_CUES_NOT_NAMES = frozenset({("visits",), ("visiting",), ("visited",)})
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

#: Words that say what kind of institution or department a name is, never which one:
#: they do not make "<words> Hospital" specific ("General Hospital", "Day Surgery Center",
#: "Pain Clinic"), even when they are also surnames or towns.
_INST_GENERIC = frozenset(
    "general memorial community regional university college county state city central medical "
    "health care family day same short stay senior adult child children childrens women womens "
    "men national international public private main new old north south east west northern "
    "southern eastern western upper lower mid outpatient inpatient ambulatory urgent emergency "
    "primary specialty specialist specialists rehab rehabilitation psychiatric behavioral mental "
    "imaging radiology diagnostic diagnostics laboratory lab labs pharmacy infusion dialysis sleep "
    "pain heart spine vein vascular wound cancer eye eyes breast stroke trauma burn kidney lung "
    "brain joint bone bones foot hand hands skin vision hearing dental surgery surgical cardiology "
    "cardiac neurology oncology pediatric pediatrics orthopedic orthopedics urology dermatology "
    "gastroenterology internal medicine walk-in free student employee occupational travel sports "
    "teaching research clinical nursing home hospice cardiovascular neuroscience women's "
    "children's veterans veteran unit floor ward wing building tower campus main department "
    "division section service services program clinic clinics center centre hospital "
    "hematology nephrology podiatry chiropractic wellness pulmonary pulmonology rheumatology "
    "endocrinology endocrine allergy immunology infectious disease diseases geriatric geriatrics "
    "psychiatry psychology obstetrics gynecology ophthalmology optometry otolaryngology audiology "
    "neurosurgery anesthesia anesthesiology radiation hepatology transplant bariatric plastic "
    "reconstructive colorectal thoracic endoscopy physical therapy speech digestive diabetes "
    "fertility maternity birthing prenatal neonatal hearing counseling addiction recovery "
    "detox substance american academy association police fire room office suite".split()
)
#: Allowlisted first words that stay at the front of an institution name ("Good Samaritan",
#: "Our Lady of Lourdes").
_INST_KEEP_FIRST = frozenset("good sacred holy blessed divine our".split())

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
        "pension from, pension through, enrolled in, day program at, program at, volunteers at, "
        "volunteer at, volunteered at, insured by, insured through, insurance through, insurance with, "
        "insurance is, coverage through, covered by, "
        "trabaja en, trabajaba en, empleado de, empleada de"
    ).split(", ")
)
#: "Insurance: Cigna", "Employer: Acme": header words before a colon
_ORG_HEADERS = frozenset(
    "insurance insurer employer school company workplace payer payor carrier aseguradora empresa".split()
)
#: Words after which a payer name in any case is an insurer: "insurance: humana", "plan: tufts".
_PAYER_CUE_LAST = frozenset("insurance insurer payer payor plan carrier by through with is".split())
#: Values of "Insurance:" / "Employer:" that are no organisation (public programmes, none).
_ORG_VALUE_SKIP = frozenset(
    "medicare medicaid masshealth medi-cal medical mass none self-pay self selfpay uninsured "
    "private commercial unknown pending retired disabled disability unemployed va ssi ssdi "
    "social yes no not free n na nil student homemaker housewife".split()
)
#: Words that close the value of a header ("Insurance: Aetna   Member ID: ...").
_ORG_VALUE_STOP = frozenset("member id policy group subscriber phone tel fax contact number no".split())
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
           "previously a", "previously an", "formerly a", "formerly an", "es", "era"):
    _PROF_CUES[tuple(_p.split())] = False
_PROF_CUE_LAST = frozenset(p[-1] for p in _PROF_CUES)
#: Titles written in lowercase in notes typed without capitals ("mrs. novais", "dr garibay").
_LOWER_TITLES = frozenset({"mr", "mrs", "ms", "dr", "drs"})
#: Words before "mr" / "ms" that make them mitral regurgitation or multiple sclerosis.
_SEVERITY = frozenset(
    "mild moderate severe trace trivial minimal significant no physiologic functional acute chronic "
    "central eccentric worsening worsened residual without mild-moderate "
    "moderate-severe mild-to-moderate moderate-to-severe relapsing progressive".split()
)
_ALL_CUE_LAST = _CUE_LAST | _ORG_CUE_LAST | _PROF_CUE_LAST | _PAYER_CUE_LAST | _LOWER_TITLES | _PLACE_CUE_LAST
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
    payers: frozenset[str]  # insurers tagged wherever they stand capitalised
    payers_cued: frozenset[str]  # insurer names that are common words: only after an insurance cue
    location_heads_cued: frozenset[str]  # "Pond", "Field", "Square": only after "at", "near", "in"

    # derived, for the scan
    place_starts: Mapping[str, int]  # first word key -> longest phrase (tokens)
    head_starts: Mapping[str, int]
    head_last: frozenset[str]
    inst_ends: frozenset[str]  # last words that end one institution name ("Hospital", "Clinic")
    prof_starts: Mapping[str, int]
    payer_starts: Mapping[str, int]
    loc_cued_starts: Mapping[str, int]

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


def _read(directory: Path | None, name: str, optional: bool = False) -> list[str]:
    try:
        if directory is not None:
            text = (directory / name).read_text(encoding="utf-8")
        else:
            text = resources.files("phisift").joinpath("data", "lexicons", name).read_text(encoding="utf-8")
    except FileNotFoundError:
        if optional:  # lists added later: an older lexicon directory works without them
            return []
        raise
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

    def keys(name: str, optional: bool = False) -> frozenset[str]:
        return frozenset(k for k in (_phrase_key(x) for x in _read(d, name, optional)) if k)

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
    last = frozenset(norm(w) for w in _read(d, "last_names.txt"))
    # Last words of heads end name runs ("Smith Hospital"), except surnames that only close a
    # longer head: "Kingdom Hall" and "Hospice House" must not cut "Grace Hall" or "Dr. House".
    def ends(hs: frozenset[str]) -> frozenset[str]:
        return frozenset(h.split(" ")[-1] for h in hs if " " not in h or h.split(" ")[-1] not in last)
    payers, payers_cued = keys("payers.txt", True), keys("payers_cued.txt", True)
    lhc = keys("location_heads_cued.txt", True)
    return Lexicons(
        first=first,
        first_common=frozenset(common),
        last=last,
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
        payers=payers,
        payers_cued=payers_cued,
        location_heads_cued=lhc,
        place_starts=_starts(cities | set(states) | countries),
        head_starts=_starts(heads),
        head_last=ends(hh | oh | lh),
        inst_ends=ends(hh | oh) - _INST_MODIFIERS,
        prof_starts=_starts(professions | ambiguous),
        payer_starts=_starts(payers | payers_cued),
        loc_cued_starts=_starts(lhc),
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
        if self.words[j].endswith(("'s", "’s")):
            return False  # "Over Mother's Day": a possessive relation is no apposition
        k = self.keys[j]
        if k in _RELATIONS:
            return True
        if k in ("his", "her", "the", "patient", "pt", "their", "su") and j + 1 < self.n:
            return self.keys[j + 1] in _RELATIONS and self.simple_gap(j + 1)
        return False

    def department_at(self, t: int) -> bool:
        """Token t is a specialty or department word, or starts one ("General Surgery")."""
        k = self.keys[t]
        if k in _SPECIALTY_WORDS:
            return True
        return t + 1 < self.n and self.simple_gap(t + 1) and self.keys[t + 1] in _SPECIALTY_WORDS and (
            k in _SPECIALTY_PREFIX
        )

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


def _lower_name_word(s: _Scan, t: int, loose: bool) -> bool:
    """Could lowercase token t be part of a name? ``loose``: a title or brackets vouch for it,
    so an unknown word or a name that is also a common word will do."""
    if t >= s.n or s.cap[t] or s.taken[t]:
        return False
    k = s.keys[t]
    if len(k) < 2 or not k.replace("-", "").replace("'", "").isalpha():
        return False
    if k in _NAME_STOP or k in TITLES or k in _CALENDAR or k in _RELATIONS or k in _CREDENTIAL_WORDS:
        return False
    lex = s.lex
    if lex.is_name_word(k) and not lex.is_allowed(k):
        return True
    return loose and (lex.is_name_word(k) or not lex.is_allowed(k, terms=False))


def _lower_initial(s: _Scan, t: int) -> bool:
    """A lowercase middle initial: "kieran t schmidt", "megan j. fortano" (not "a" or "i")."""
    w = s.words[t]
    return len(w) == 1 and w.islower() and w not in ("a", "i", "e", "y", "o")


def _lower_name_end(s: _Scan, i: int, loose: bool, max_tokens: int = 3) -> int:
    """End of a lowercase name whose first word is token i: more name words and initials."""
    j = i + 1
    count = 1
    while j < s.n and count < max_tokens and not s.taken[j]:
        if _lower_initial(s, j):
            if j + 1 < s.n and s.initial_gap(j + 1) and s.simple_gap(j) and _lower_name_word(s, j + 1, True):
                j += 2  # "marcus z taylor": an initial vouches for the surname after it
                count += 1
                continue
            break
        if not s.simple_gap(j) or not _lower_name_word(s, j, loose):
            break
        j += 1
        count += 1
    return j


def _pass_lower_titles(s: _Scan) -> None:
    """'mrs. novais', 'ms wallace', 'dr. vidhi stolleano': titles in notes typed in lowercase."""
    lex = s.lex
    for t in s.after_keys(_LOWER_TITLES):
        i = t - 1
        w = s.words[i]
        if s.taken[t] or w not in _LOWER_TITLES:
            continue
        g = s.gap(t)
        if "\n" in g or g not in (".", ". ", ".  ", " "):
            continue
        dotted = g.startswith(".")
        if w in ("mr", "ms"):
            if i > 0 and (s.keys[i - 1] in _SEVERITY or s.gap(i).rstrip()[-1:].isdigit()
                          or s.gap(i).rstrip().endswith("+")):
                continue  # "mild mr. trace tr", "120 ms."
        label = TITLES[w]
        if s.cap[t]:
            kt = s.keys[t]
            if len(kt) < 2 or kt in _NAME_STOP or kt in TITLES:
                continue
            if not (lex.is_name_word(kt) or not lex.is_allowed(kt, terms=False)):
                continue
            s.emit(t, s.extend_name(t, strong=True), label, 0.9)
            continue
        k = s.keys[t]
        if w in ("mr", "ms") and not dotted:
            ok = lex.is_name_word(k) and not lex.is_allowed(k)
        else:
            ok = _lower_name_word(s, t, loose=True) and (
                w not in ("mr", "ms") or lex.is_name_word(k) or not lex.is_allowed(k)
            )
        if not ok:
            continue
        j = _lower_name_end(s, t, loose=w in ("dr", "mrs", "drs"))
        s.emit(t, j, label, 0.9)


#: Field names that follow a name in a header line ("RE: ABC, DOB: ...").
_HEADER_WORDS = frozenset("dob mrn mr id ssn age sex dos doa acct account unit room bed date".split())


def _accept_cue_word(s: _Scan, t: int, lexicon_only: bool, header: bool = False) -> bool:
    if t >= s.n or s.taken[t] or not s.is_cap(t):
        return False
    k = s.keys[t]
    if k in _NAME_STOP or k in TITLES or k in s.lex.head_last or len(s.words[t]) < 2:
        return False
    if "º" in k or "ª" in k:
        return False  # "NºCol": an abbreviation, not a name
    lex = s.lex
    if header and s.is_upper(t) and t + 1 < s.n and s.gap(t + 1).strip() == "," and "\n" not in s.gap(t + 1) \
            and s.is_upper(t + 1) and not lex.is_allowed(k) and not lex.is_allowed(s.keys[t + 1]) \
            and len(k) > 2 and k.isalpha() and len(s.keys[t + 1]) > 2 and s.keys[t + 1] not in _HEADER_WORDS \
            and not s.gap(t + 2).lstrip().startswith((":", "#")):
        return True  # "PATIENT: DRURER,BINDINA": a name in the LAST,FIRST shape of a header
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
        if s.words[i - 1].endswith(("'s", "’s", "s'")) or s.keys[i] in _HOLIDAY_WORDS:
            continue  # "Mother's Day", "her son's school": a possessive relation names nobody
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
            if label == PATIENT and not needs_colon and stripped in ("", ",", "("):
                _relation_name_lower(s, first_tok, phrase, stripped, lexicon_only)
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
                and not s.lex.is_allowed(s.keys[j]) and s.is_upper(j) == s.is_upper(i) and not s.taken[j] \
                and not s.department_at(j):
            j = s.extend_name(j, strong=True)  # "Name: Griner, Wemmastyn"
        score = 0.95 if stripped == ":" else 0.9
        s.emit(i, j, label, score)


def _enclosed_after(s: _Scan, j: int, opener: str) -> bool:
    """The name that ends at token j-1 is closed like it was opened: "(mary)", ", mark,"."""
    after = s.gap(j).lstrip(" \t")
    if opener == "(":
        return after.startswith(")")
    return opener == "," and after.startswith((",", ";")) and "\n" not in s.gap(j)[:1]


def _relation_name_lower(s: _Scan, i: int, phrase: tuple, opener: str, lexicon_only: bool) -> None:
    """'his wife mary', 'her friend, patricia,', 'her friend (sesbeta)', 'HER GRANDSON HICHONUS'."""
    lex = s.lex
    if i >= s.n or s.taken[i]:
        return
    relation = phrase[-1] in _RELATIONS or phrase[-1] == "named"
    k = s.keys[i]
    if s.cap[i]:
        # capitals: an unknown word after a relation in a note written in capitals, or a common
        # first name closed by commas ("HIS NEIGHBOR, AUTUMN, BY PHONE")
        if not (relation and s.is_upper(i) and s.is_upper(i - 1)) or k in _NAME_STOP or k in TITLES:
            return
        j = i + 1
        if lex.is_name_word(k) and _enclosed_after(s, j, opener):
            s.emit(i, j, PATIENT, 0.85)
        elif not lex.is_allowed(k) and not lex.is_name_word(k) and len(k) > 3 and k.isalpha() \
                and not lex.is_place_word(k):
            s.emit(i, j, PATIENT, 0.8)
        return
    if not (relation or lexicon_only):
        return
    if _lower_initial(s, i):
        # "her son m. taylor"
        if i + 1 < s.n and s.initial_gap(i + 1) and _lower_name_word(s, i + 1, True):
            s.emit(i, _lower_name_end(s, i + 1, True), PATIENT, 0.85)
        return
    first = k in lex.first and not lex.is_allowed(k)
    loose_end = _lower_name_end(s, i, True)
    enclosed = opener in ("(", ",") and _enclosed_after(s, loose_end, opener)
    if enclosed and relation and _lower_name_word(s, i, True):
        s.emit(i, loose_end, PATIENT, 0.85)  # "her friend (sesbeta)", "his friend, mark, and"
    elif first and k in lex.first_common:
        s.emit(i, _lower_name_end(s, i, False), PATIENT, 0.85)  # "his wife mary", "your patient, isabela moraes"


#: What follows the subject of a note's first sentence: an age ("Scott, 50 years of age",
#: "kylie is a 63 yo lady", "Parker (48 yrs)", "masstein (aged 50)") or a visit verb
#: ("Peck comes in today"). The words before it, at a sentence start, are the patient's name.
_AGE_TAIL = re.compile(
    r"\d{1,3}(?:(?:[ \t]*|-)(?:years?|yrs?|yo|y/o|y\.o\.|year-old|yr-old|months?|mo)\b"
    r"(?![ \t]+(?:ago|prior|before|earlier|later|after|since)\b)|[ \t]*\))",
    re.I,
)
#: What stands between the name and the age: ", ", " is a ", " (", " (aged ".
_AGE_LEAD = re.compile(
    r"(?:[ \t]*,[ \t]*(?:an?[ \t]+|aged?[ \t]+)?|[ \t]+(?:is|was)[ \t]+(?:an?[ \t]+)?|[ \t]*\([ \t]*(?:aged?[ \t]+)?)$",
    re.I,
)
_VISIT_TAIL = re.compile(
    r"\b(?:(?:comes|came)[ \t]+in\b|(?:returns|presents)[ \t]+(?:today|for|to|with)\b"
    r"|is[ \t]+here[ \t]+(?:today|for|with)\b)",
    re.I,
)


def _pass_age_subjects(s: _Scan) -> None:
    """'SCOTT, 50 YEARS OF AGE, HAS', 'Heidemarie is a 53 y/o F', 'Szynkiewicz comes in today'."""
    text = s.text
    for rx, strong in ((_AGE_TAIL, True), (_VISIT_TAIL, False)):
        for m in rx.finditer(text):
            if strong:
                if m.group().endswith(")") and not re.search(r"aged?[ \t]+$", text[max(0, m.start() - 8) : m.start()], re.I):
                    continue  # "(48)" alone is no age; "(aged 50)" is
                lead = _AGE_LEAD.search(text, max(0, m.start() - 12), m.start())
                if not lead:
                    continue
                pos = lead.start()
            else:
                pos = m.start()
                while pos > 0 and text[pos - 1] in " \t":
                    pos -= 1
                if pos == m.start():
                    continue
            t = bisect_right(s.ends, pos) - 1
            if t < 0 or s.ends[t] != pos or s.taken[t]:
                continue
            # walk back over the name to the sentence start: at most three words
            a = t
            while a > t - 3 and not s.sentence_initial(a):
                p = a - 1
                if s.taken[p] or not (s.simple_gap(a) or (s.is_initial(p) and s.initial_gap(a))):
                    break
                a = p
            if not s.sentence_initial(a):
                continue
            toks = [u for u in range(a, t + 1) if not s.is_initial(u) and not _lower_initial(s, u)
                    and s.keys[u] not in _PARTICLES]
            if not toks or not _subject_words_ok(s, toks, strong):
                continue
            if strong and text[s.ends[t] : m.start()].lstrip(" \t").startswith(",") \
                    and not all(s.lex.is_name_word(s.keys[u]) for u in toks):
                continue  # "Slender, 34-year-old white male": only a known name before a comma
            s.emit(a, t + 1, PATIENT, 0.85 if strong else 0.8)


def _subject_words_ok(s: _Scan, toks: Sequence[int], strong: bool) -> bool:
    lex = s.lex
    upper = all(s.is_upper(u) for u in toks)
    lower = all(not s.cap[u] for u in toks)
    title = all(s.is_title_case(u) for u in toks)
    if not (upper or lower or title):
        return False
    for u in toks:
        k = s.keys[u]
        if len(k) < 2 or k in _NAME_STOP or k in TITLES or k in _RELATIONS or k in _CALENDAR \
                or k in _CREDENTIAL_WORDS or k in _INST_GENERIC or k in _SPECIALTY_WORDS:
            return False
        if not k.replace("-", "").replace("'", "").isalpha():
            return False
    keys = [s.keys[u] for u in toks]
    named = [lex.is_name_word(k) for k in keys]
    allowed = [lex.is_allowed(k) for k in keys]
    if lower:
        # lowercase: a name word that is no English word, or (with an age) an unknown word
        return all((n and not al) or (strong and not al and len(k) > 3)
                   for k, n, al in zip(keys, named, allowed))
    if any(lex.is_place_word(k) and not n for k, n in zip(keys, named)):
        return False
    if len(keys) == 1 and allowed[0]:
        # a common word: only a first name in title case ("Christian comes in today")
        return keys[0] in lex.first_common and title
    if not strong:
        return all(n or not al for n, al in zip(named, allowed)) and any(not al for al in allowed)
    return all(n or not al for n, al in zip(named, allowed))


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
            and not s.taken[j] and s.is_upper(j) == s.is_upper(i) and not lex.is_allowed(s.keys[j]) \
            and not s.department_at(j):
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


#: A role before the institution on a signature line: "Attending, Cobb County Hospital".
_ROLE_PREFIX = re.compile(
    r"(?:attending(?:\s+(?:physician|surgeon))?|staff\s+(?:physician|surgeon|nurse|psychiatrist)|"
    r"(?:chief\s+)?resident|fellow|hospitalist|consultant|nurse\s+practitioner|physician\s+assistant|"
    r"house\s+officer|(?:medical\s+)?director)[ \t]*,[ \t]*",
    re.I,
)
#: Words of a title or department line in a signature block ("Attending Physician",
#: "Division of Cardiology", "Primary Care", "Internal Medicine"): not an institution.
_TITLE_LINE_WORDS = frozenset(
    "attending physician physicians surgeon resident chief fellow intern staff department dept "
    "division section service services program director associate assistant professor clinical "
    "instructor medical nurse practitioner hospitalist consultant care primary of and the for in "
    "at unit team group specialist specialists coordinator manager head senior junior lecturer "
    "faculty house officer provider attending's clinic center office practice health "
    "pgy md do np pa rn".split()
) | _SPECIALTY_WORDS | _SPECIALTY_PREFIX
#: Acronyms on a signature line that name a unit or a role, not a hospital.
_UNIT_ACRONYMS = frozenset(
    "icu ccu micu sicu nicu picu cvicu ed er ew or pacu gi ent ob gyn obgyn pcp im fm np pa rn md "
    "do phd mph pgy cc bs ms ma pt ot slp rd msw lcsw cns ns dr mr mrs usa us".split()
)
_SIG_PREFIX = re.compile(r"[ \t]*(?:/s/[ \t]*)?$")


def _institution_line(s: _Scan, a: int, b: int) -> bool:
    """Tokens a..b-1 (one line) name an institution: "Fenway Health", "PHC", "Deckview
    Internal Medicine"; not a title or department line, not a person's name."""
    lex = s.lex
    if b <= a or b - a > 8 or not s.free(a, b):
        return False
    toks = range(a, b)
    for t in toks:
        if t > a and s.gap(t) not in _SPACE_GAPS and s.gap(t).strip() not in ("&", "-", "."):
            return False  # "Mary Jones, PA", "Boston, MA": a comma makes no institution
        if s.keys[t] in _CREDENTIAL_WORDS:
            return False
        if not s.cap[t] and s.keys[t] not in _INST_CONNECTORS:
            return False
    if any(c.isdigit() for c in s.text[s.starts[a] : s.ends[b - 1]]):
        return False
    if all(s.keys[t] in _TITLE_LINE_WORDS or s.keys[t] in _INST_GENERIC for t in toks):
        return False  # "Attending Physician", "Division of Cardiology", "Primary Care"
    if b - a == 1 and s.is_upper(a):
        w = s.words[a]
        return 2 <= len(w) <= 5 and w.isalpha() and s.keys[a] not in _UNIT_ACRONYMS \
            and s.keys[a] not in _CREDENTIAL_WORDS  # "PHC", "SSHS"
    if s.keys[a] in lex.first and all(lex.is_name_word(s.keys[t]) for t in toks if len(s.keys[t]) > 1):
        return False  # another person's name
    return _specific(s, [t for t in toks if s.cap[t]])


def _line_tokens(s: _Scan, start: int, end: int) -> tuple[int, int]:
    """Indices of the first and the end token whose characters lie in text[start:end]."""
    return bisect_left(s.starts, start), bisect_right(s.ends, end)


def _pass_letterhead(s: _Scan) -> None:
    """Institutions in signature blocks: the line after "Name, MD" ("Fenway Health", "PHC"),
    past title and department lines, and "Attending, SRH" / "Staff physician, GSH"."""
    text = s.text
    if "\n" not in text:
        return
    done_lines: set[int] = set()

    def try_line(line_start: int) -> str:
        """'hit', 'skip' (a title line: look further) or 'stop'."""
        line_end = text.find("\n", line_start)
        if line_end == -1:
            line_end = len(text)
        line = text[line_start:line_end]
        if not line.strip() or ":" in line or "@" in line or line_start in done_lines:
            return "stop"
        m = _ROLE_PREFIX.match(line.lstrip())
        start = line_start + (len(line) - len(line.lstrip())) + (m.end() if m else 0)
        a, b = _line_tokens(s, start, line_end)
        rest = text[s.ends[b - 1] : line_end] if b > a else ""
        if b <= a or rest.strip(" \t.") or text[start : s.starts[a]].strip():
            return "stop"
        if _institution_line(s, a, b):
            done_lines.add(line_start)
            s.emit(a, b, HOSPITAL, 0.85)
            return "hit"
        toks = range(a, b)
        if all(s.keys[t] in _TITLE_LINE_WORDS or s.keys[t] in _INST_GENERIC for t in toks) and not m:
            return "skip"
        return "stop"

    # the lines after a clinician's signature line
    for (i, j, label, _score) in list(s.found):
        if label != DOCTOR:
            continue
        line_start = text.rfind("\n", 0, s.starts[i]) + 1
        if not _SIG_PREFIX.match(text, line_start, s.starts[i]) and text[line_start : s.starts[i]].strip():
            continue
        line_end = text.find("\n", s.ends[j - 1])
        if line_end == -1:
            continue
        rest = _CREDENTIAL.sub("", text[s.ends[j - 1] : line_end])
        if rest.strip(" \t,.;") and not rest.strip(" \t,.;").isupper():
            continue
        if not _CREDENTIAL.search(text, s.ends[j - 1], line_end) and not rest.strip() == "":
            continue
        pos = line_end + 1
        for _ in range(3):
            r = try_line(pos)
            if r != "skip":
                break
            nxt = text.find("\n", pos)
            if nxt == -1:
                break
            pos = nxt + 1
    # "Attending, SRH" wherever it stands on its own line
    for m in re.finditer(r"(?m)^[ \t]*(?=(?:attending|staff|resident|chief|fellow|hospitalist|consultant|"
                         r"nurse|physician|house|medical|director)\b[^\n,]{0,30},)", text, re.I):
        try_line(m.start())


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
        if j < s.n and j < i + longest and s.simple_gap(j) and (
            s.is_cap(j) or (s.keys[j] in _HEAD_CONNECTORS and j + 1 < s.n and s.is_cap(j + 1))
        ):
            parts.append(s.keys[j])  # "Council on Aging", "Rehabilitation and Nursing"
        else:
            break
    return best


_HEAD_CONNECTORS = frozenset("on of and for".split())
#: Heads that are too common a word to take in capitals or inside a longer capitalised phrase.
_WEAK_HEADS = frozenset({"health", "associates", "dialysis", "labs", "library"})


def _city_prefix(s: _Scan, a: int, b: int) -> bool:
    """Tokens a.. (before b) start with a known city of two or three words ("Salt Lake City",
    "Fall River", "North Shore")."""
    cities = s.lex.cities
    for n in (3, 2):
        if a + n <= b and " ".join(s.keys[a : a + n]) in cities:
            return True
    return False


def _specific(s: _Scan, toks: Sequence[int]) -> bool:
    """At least one word that names something: not a common word ("Mayo", not "General").

    A surname or town that is also a common word names an institution too when it is written
    capitalised in a short name ("Page Hospital", "Cobb County Hospital", "Clark Clinic"), and
    so does a known place of several words ("North Shore", "Fall River"); words that only say what kind of
    place it is ("General", "Day", "Pain") never do.
    """
    lex = s.lex
    toks = list(toks)
    if len(toks) > 1 and _city_prefix(s, toks[0], toks[-1] + 1):
        return True
    for t in toks:
        k = s.keys[t]
        if k in _INST_CONNECTORS or k in _PARTICLES or len(k) < 2:
            continue
        if k in _INSTITUTION_PROPER:
            return True
        if k in _INST_GENERIC or k in _NAME_STOP:
            continue
        if not lex.is_allowed(k, terms=False):
            return True
        if k in lex.last and len(toks) <= 2 and s.is_title_case(t) and k not in _CALENDAR and (
            not s.sentence_initial(t) or t == 0 or "\n" in s.gap(t)
        ):
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
            if k == "our" and s.keys[a] == "lady":
                a = t  # "Our Lady of Lourdes Church"
                count += 1
                continue
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
        if (k in _INST_BAD_FIRST and not (k == "our" and s.keys[a + 1] == "lady")) or not s.is_cap(a):
            a += 1
        elif k in _SAINT or k in _PLACE_PREFIX or k in _INST_KEEP_FIRST:
            break  # "St. Mary's", "Mount Auburn", "North Shore", "New Haven", "Good Samaritan"
        elif s.sentence_initial(a) and a + 1 < i and lex.is_allowed(k) and not (
            (a == 0 or "\n" in s.gap(a)) and s.is_title_case(a)
            and (lex.is_name_word(k) or lex.is_place_word(k) or _city_prefix(s, a, i)
                 or not lex.is_allowed(k, terms=False))
        ):
            # a common word that starts a sentence ("Today Boston Hospital"); at a line start
            # a surname or town is the name of the place ("Dias Methodist Medical Center")
            a += 1
        elif s.is_upper(a) and a + 1 < i and lex.is_allowed(k):
            a += 1  # capitals give no sentence starts: drop common words from the front
        else:
            break
    return a


def _right_run(s: _Scan, j: int, limit: int = 6, first_gap: bool = True) -> int:
    """End of the capitalised run (with inner connectors) that starts at token j.

    ``first_gap=False``: token j may follow anything (a colon, a line start).
    """
    lex = s.lex
    b = j
    count = 0
    while b < s.n and count < limit and not s.taken[b]:
        g = s.gap(b)
        if (b > j or first_gap) and g not in _SPACE_GAPS and not (b > j and g.strip() == "&" and "\n" not in g):
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
        if phrase in _WEAK_HEADS and (s.is_upper(i) or (j < s.n and s.simple_gap(j) and s.cap[j])):
            continue  # "PROTECTED HEALTH INFORMATION", "Health Information Management"
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
                if (strong and not s.is_upper(i)) or _specific(s, range(a, i)) or (
                    b > j and _specific(s, range(j + 1, b))  # "First Church of Cincinnati"
                ):
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


#: Words before a hospital acronym or a lowercase hospital name: "seen at MGH on 3/4",
#: "referral to gi at cch", "intubation at st. joseph's hospital".
_INST_PLACE_WORDS = frozenset("at to from for in".split())
#: All-caps words after "at" / "to" that are units, services, tests or places, not hospitals.
_ACRONYM_NOT_HOSPITAL = frozenset(
    "icu ccu micu sicu nicu picu cvicu cticu ed er ew or pacu osh snf alf ltac ltach nh vna pcp gi "
    "ir ct mri mr echo ekg ecg eeg emg pft pfts cbc bmp cmp inr lft lfts hd pd pt ot slp ent ob "
    "obgyn va us usa uk tv am pm bid tid qid qd qhs prn po iv im sc sq npo dnr dni hcp poa chf copd "
    "cad htn dm ckd esrd uti uri mi cva tia pe dvt af afib nsr cxr kub ua abg vbg bp hr rr sat o2 "
    "nc ra rn np pa md do fnp cc cpr acls bls ems ekgs nicu ltc rehab ems ama dc icus mds ob ir "
    "ct cath lab ercp egd tee tte ekg eus ptca pci cabg gyn peds onc heme neuro ortho psych uro "
    "aa na hiv hcv hbv std sti tb covid eri eol bol vvi vvir ddd dddr aai aair ddi vdd".split()
)
_TRANSFER_VERBS = frozenset(
    "transferred transfer transferring admitted readmitted referred presented presents sent taken "
    "brought discharged transported went go going returned".split()
)
_ACRONYM_TAIL = re.compile(r"[ \t]+(?:on|lab|labs|with|for|in|ed|er|clinic|from|and)\b|[ \t]*(?:[.,;)]|\r?\n|$)")


def _pass_hospital_acronyms(s: _Scan) -> None:
    """'seen at SMH on 04/09', 'labs at KCVMC lab', 'Dr. Jones at BWH.': a hospital's acronym
    after a lowercase "at" / "to" / "from" in a note not written in capitals."""
    lex = s.lex
    for i in s.caps:
        w = s.words[i]
        if s.taken[i] or not (2 <= len(w) <= 6) or not w.isalpha() or not w.isupper() or i == 0:
            continue
        k = s.keys[i]
        if k in _ACRONYM_NOT_HOSPITAL or k in _CREDENTIAL_WORDS or w in lex.state_codes or lex.is_allowed(k):
            continue
        prev = s.words[i - 1]
        if not s.simple_gap(i) or not (
            prev == "at" or (prev in ("to", "from") and i > 1 and s.keys[i - 2] in _TRANSFER_VERBS)
        ):
            continue
        if not _ACRONYM_TAIL.match(s.text, s.ends[i]):
            continue
        s.emit(i, i + 1, HOSPITAL, 0.8)


_LOWER_HEADS_ALONE = frozenset("hospital hospitals clinic rehab infirmary hospice sanatorium".split())


def _pass_lower_institutions(s: _Scan) -> None:
    """'at st. joseph's hospital', 'for cartwright senior living', 'at dana-farber cancer
    institute': hospitals in notes typed in lowercase, after "at" / "to" / "from" / "for"."""
    lex = s.lex
    hh = lex.hospital_heads
    starts = lex.head_starts
    for h in [t for t, k in enumerate(s.keys) if k in starts]:
        k = s.keys[h]
        if h == 0 or s.cap[h] or s.taken[h]:
            continue
        # the head: lowercase words forming a hospital head ("cancer institute")
        e, parts = None, []
        for j in range(h, min(s.n, h + lex.head_starts[k])):
            if s.cap[j] or (j > h and not s.simple_gap(j)):
                break
            parts.append(s.keys[j])
            if " ".join(parts) in hh:
                e = j + 1
        if e is None or (e - h == 1 and k not in _LOWER_HEADS_ALONE):
            continue  # "at atm center": one generic word is no hospital in lowercase
        a = h
        while a - 1 >= 0 and h - a < 3 and not s.cap[a - 1] and not s.taken[a - 1] \
                and (s.simple_gap(a) or (s.gap(a) == ". " and s.keys[a - 1] in _SAINT)) \
                and s.keys[a - 1] not in _NAME_STOP and s.keys[a - 1] not in _INST_BAD_FIRST:
            a -= 1
        if a == h or a == 0 or s.words[a - 1] not in _INST_PLACE_WORDS or not s.simple_gap(a):
            continue
        toks = [t for t in range(a, h) if s.keys[t] not in _SAINT]
        if not any(s.keys[t] not in _INST_GENERIC and len(s.keys[t]) > 3 and (
                not lex.is_allowed(s.keys[t], terms=False) or lex.is_place_word(s.keys[t])) for t in toks):
            continue
        s.emit(a, e, HOSPITAL, 0.8)


#: Words right before "<Name> Pond" that make it a place someone goes to.
_LOCATION_CUES = frozenset("at near in around from to by".split())


def _pass_cued_locations(s: _Scan) -> None:
    """'found down at Walden Pond', 'walks daily at Blue Hills Reservation', 'a day at Jenkins
    Marina': heads that are also surnames or street types, taken only after a place word."""
    lex = s.lex
    if not lex.loc_cued_starts:
        return
    for h in s.caps:
        if s.taken[h] or s.keys[h] not in lex.loc_cued_starts or h == 0 or not s.simple_gap(h):
            continue
        # the head phrase ("Pond", "Golf Course")
        e, parts, j = None, [], h
        while j < s.n and j - h < lex.loc_cued_starts[s.keys[h]] and (j == h or s.simple_gap(j)) and s.cap[j]:
            parts.append(s.keys[j])
            j += 1
            if " ".join(parts) in lex.location_heads_cued:
                e = j
        if e is None or (e < s.n and s.simple_gap(e) and s.cap[e] and (
                s.keys[e] in lex.street_suffixes or s.keys[e] in lex.head_last)):
            continue  # "Cedar Park Road", "Lake Park Hospital": not this head's
        if s.eponym_after(e):
            continue
        # the name before the head: 1-3 capitalised words
        a = h
        while a - 1 >= 0 and h - a < 3 and s.cap[a - 1] and not s.taken[a - 1] and s.simple_gap(a) \
                and s.keys[a - 1] not in _NAME_STOP and not s.sentence_initial(a):
            a -= 1
        if a == h:
            continue
        c = a - 1
        if c >= 0 and s.words[c] == "the" and c > 0 and s.simple_gap(c):
            c -= 1
        if c < 0 or s.words[c] not in _LOCATION_CUES or not s.simple_gap(c + 1):
            continue
        if not (_specific(s, range(a, h)) or any(lex.is_place_word(s.keys[t]) for t in range(a, h))):
            continue
        p = _place_at(s, a)
        if p is not None and p[0] >= e:
            continue  # "Gig Harbor", "Salt Lake City": a known town, the place pass's
        if _state_after(s, e):
            continue  # "Brest Falls, Pennsylvania": a town, the place pass's
        label = LOCATION_OTHER
        if s.phrase_before(c + 1, _PLACE_CUES, _PLACE_CUE_MAXLEN) not in (None, (s.words[c],)) or (
            s.words[c] == "in" and _lives_before(s, c)
        ):
            label = CITY  # "lives in Druck Harbor", "lives with her son in Frit Falls"
        s.emit(a, e, label, 0.85)


def _payer_at(s: _Scan, i: int, cued: bool) -> int | None:
    """End of the longest insurer name at token i: capitalised anywhere, any case after a cue."""
    lex = s.lex
    longest = lex.payer_starts.get(s.keys[i])
    if not longest:
        return None
    best = None
    parts = []
    for j in range(i, min(s.n, i + longest)):
        if j > i and (s.taken[j] or not s.simple_gap(j)):
            break
        if not cued and not s.cap[j] and s.keys[j] not in ("and", "of"):
            break
        parts.append(s.keys[j])
        phrase = " ".join(parts)
        if phrase in lex.payers or (cued and phrase in lex.payers_cued):
            best = j + 1
    return best


def _insurance_cue_before(s: _Scan, i: int) -> bool:
    """'Insurance: ', 'insurer - ', 'Plan: ', 'insured by ', 'covered by ' right before token i."""
    if i == 0 or "\n" in s.gap(i):
        return False
    k = s.keys[i - 1]
    g = s.gap(i).strip()
    if k in ("insurance", "insurer", "payer", "payor", "plan", "carrier"):
        return g in (":", "-", ":-")
    if g:
        return False
    phrase = s.phrase_before(i, _ORG_CUES, _ORG_CUE_MAXLEN)
    return phrase is not None and phrase[0] in ("insured", "insurance", "coverage", "covered")


def _pass_payers(s: _Scan) -> None:
    """Health insurers: 'Aetna', 'Blue Cross Blue Shield' anywhere; 'insurance: humana'."""
    lex = s.lex
    if not lex.payer_starts:
        return
    cands = set(s.caps) | set(s.after_keys(_PAYER_CUE_LAST))
    t_end = -1
    for i in sorted(cands):
        if i < t_end or s.taken[i] or s.keys[i] not in lex.payer_starts:
            continue
        cued = _insurance_cue_before(s, i)
        j = _payer_at(s, i, cued)
        if j is None and not cued and s.cap[i]:
            continue
        if j is None:
            continue
        if not cued and j - i == 1 and s.is_upper(i) and len(s.words[i]) < 4 and s.keys[i] not in ("bcbs", "uhc"):
            continue
        s.emit(i, j, ORGANIZATION, 0.9)
        t_end = j


def _org_value(s: _Scan, i: int, header: bool) -> int:
    """End of an organisation name that starts at token i after a cue or a header."""
    b = _right_run(s, i, limit=6, first_gap=False)
    for t in range(i + 1, b):
        g = s.gap(t)
        if s.keys[t] in _ORG_VALUE_STOP or (header and len(g) > 2 and g.strip() == ""):
            b = t  # "Insurance: Aetna   Member ID: ..."
            break
    while b > i and not s.is_cap(b - 1):
        b -= 1
    # a firm: "Fielding, Andrews and Heenan", "Filbin, Dunne & Nunne"
    if b == i + 1 and not header and b + 1 < s.n and s.gap(b) == ", " and s.is_title_case(b) \
            and not s.taken[b]:
        if s.keys[b + 1] == "and" and b + 2 < s.n and s.simple_gap(b + 1) and s.simple_gap(b + 2) \
                and s.is_title_case(b + 2) and not s.taken[b + 2]:
            return b + 3
        if s.gap(b + 1).strip() == "&" and s.is_title_case(b + 1) and not s.taken[b + 1]:
            return b + 2
    return b


_TRIAL_WORDS = frozenset("trial trials study studies protocol registry cohort".split())


def _pass_org_cues(s: _Scan) -> None:
    """'works at Smith Barney', 'employed by Budd Automotors', 'Insurance: Cigna'."""
    for i in s.after_keys(_ORG_CUE_LAST):
        c = i
        if s.words[i] == "the" and i + 1 < s.n and s.simple_gap(i) and s.simple_gap(i + 1):
            i += 1  # "works at the Boston Globe", "enrolled in the Martinez Meals Program"
        if s.taken[i] or not s.cap[i]:
            continue
        g = s.gap(i)
        header = s.keys[c - 1] in _ORG_HEADERS and c == i
        if header:
            if g.strip() not in (":", "-", ":-") or "\n" in g:
                continue
        elif not s.simple_gap(i) or s.phrase_before(c, _ORG_CUES, _ORG_CUE_MAXLEN) is None:
            continue
        if s.keys[i] in TITLES or s.keys[i] in _NAME_STOP or s.keys[i] in _ORG_VALUE_SKIP:
            continue
        b = _org_value(s, i, header)
        toks = range(i, b)
        if b <= i or not _specific(s, toks) or any(s.keys[t] in _CALENDAR for t in toks):
            continue
        if b - i == 1 and s.lex.is_place_word(s.keys[i]):
            continue  # "works in Boston" is the place pass's
        if b < s.n and s.simple_gap(b) and s.keys[b] in _TRIAL_WORDS:
            continue  # "enrolled in the ACCORD trial"
        if b - i == 1 and s.is_upper(i) and s.keys[c - 1] == "in":
            continue  # "enrolled in PACE": an acronym of a programme or a trial
        s.emit(i, b, ORGANIZATION, 0.85)


# -- places -------------------------------------------------------------------------


_PLACE_ALIASES = {"st": "saint", "ste": "sainte", "ft": "fort", "mt": "mount"}


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
        if parts[0] in _PLACE_ALIASES and len(parts) > 1 and phrase not in lex.cities:
            phrase = _PLACE_ALIASES[parts[0]] + phrase[len(parts[0]) :]  # "St. Paul" = "Saint Paul"
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
_LIVES_WORDS = frozenset(
    "lives living lived resides residing resided moved grew born raised stays staying work works worked "
    "working".split()
)


def _lives_before(s: _Scan, c: int) -> bool:
    """A living or working verb earlier in the sentence of the "in" at token c:
    "lives with his wife in Wakanuku", "works as a manager in Franbra Hollow"."""
    for t in range(c - 1, max(-1, c - 13), -1):
        if s.keys[t] in _LIVES_WORDS:
            return True
        if s.sentence_initial(t) or "\n" in s.gap(t + 1):
            break
    return False


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


#: State codes that are also credentials or English words ("Jasie Barrett, MD", "Smith, DO").
#: Without a ZIP after them they need a known city or a street line before them.
_AMBIGUOUS_STATE_CODES = frozenset("MD DO PA ME OR IN OK HI RN NP".split())


def _address_city(s: _Scan, a: int, i: int) -> bool:
    """Tokens a..i-1 are the city of an address: a known city that is not a person's name,
    or any words right after a street line ("12 Oak St<newline>Jon Ville, MD")."""
    lex = s.lex
    phrase = " ".join(s.keys[a:i])
    if phrase in lex.cities and not (i - a > 1 and s.keys[a] in lex.first and phrase not in lex.cities_major):
        return True
    if a > 0 and "\n" in s.gap(a):
        line_start = s.text.rfind("\n", 0, s.text.rfind("\n", 0, s.starts[a])) + 1
        for (t0, t1, label, _score) in s.found:
            if label == STREET and s.starts[t0] >= line_start and s.ends[t1 - 1] <= s.starts[a]:
                return True
    return False


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
        if w in _AMBIGUOUS_STATE_CODES and not tail.group(0).strip() and not _address_city(s, a, i):
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
        if cue == ("in",) and not strong_cue:
            strong_cue = _lives_before(s, i - 1)
        if p is not None and not multi_only:
            # "in Brest Falls, Pennsylvania": a longer capitalised run before a state wins
            j = i + 1
            while j < s.n and j - i < 3 and s.simple_gap(j) and s.is_title_case(j) and not s.taken[j]:
                j += 1
            st = _state_after(s, j) if j > p[0] else None
            if st and st[1] == STATE and not any(s.keys[t] in _NAME_STOP for t in range(i, j)):
                s.emit(i, j, CITY, 0.85)
                s.emit(j, st[0], STATE, 0.9)
                continue
        if p is None:
            # unknown capitalised word: a city only after a strong cue or before ", ST"
            if multi_only:
                continue
            prefix = k in _PLACE_PREFIX and i + 1 < s.n and s.simple_gap(i + 1) and s.is_title_case(i + 1)
            if (lex.is_allowed(k) and not prefix) or (lex.is_name_word(k) and not strong_cue):
                continue
            if lex.is_name_word(k) and cue in _PLACE_CUES_NOT_NAMES:
                continue  # "visits Maria"
            if s.is_upper(i) and not (strong_cue and len(k) > 3):
                continue
            j = i + 1
            # "lives in Dinclond Junction", "lives in South Williamview": after a strong cue the
            # run may hold common words; otherwise only unknown ones
            while j < s.n and j - i < 3 and s.simple_gap(j) and s.is_title_case(j) and not s.taken[j] \
                    and s.keys[j] not in _NAME_STOP and (strong_cue or not lex.is_allowed(s.keys[j])):
                j += 1
            if all(lex.is_allowed(s.keys[t]) for t in range(i, j)):
                continue  # "lives in Senior Housing"
            st = _state_after(s, j)
            if st and st[1] == STATE and not lex.is_name_word(k):
                s.emit(i, j, CITY, 0.85)
                s.emit(j, st[0], STATE, 0.9)
            elif strong_cue and len(s.words[i]) > 2:
                s.emit(i, j, CITY, 0.8)
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


#: Country names that are common words or names in lowercase ("turkey", "china", "jordan").
_LOWER_COUNTRY_SKIP = frozenset("chad georgia jordan turkey china guinea jersey niger man togo".split())
_LOWER_COUNTRY_CUES = frozenset({("to",), ("from",), ("in",)})


def _pass_lower_places(s: _Scan) -> None:
    """Places in notes typed in lowercase: 'born in haiti', 'a trip to nigeria' (a country after
    a place word), 'lives in pittsfield' (a known town after a strong cue), 'lives in north
    brandon, ct' (any words after a strong cue when a state follows)."""
    lex = s.lex
    keys = s.keys
    for i in s.after_keys(_PLACE_CUE_LAST):
        if s.taken[i] or s.cap[i]:
            continue
        if keys[i] not in lex.place_starts and not any(
            s.gap(j).startswith(",") for j in range(i + 1, min(s.n, i + 4))
        ):
            continue  # neither a known place nor words before ", ct"
        if not s.simple_gap(i):
            continue
        cue = s.phrase_before(i, _PLACE_CUES, _PLACE_CUE_MAXLEN)
        if cue is None:
            continue
        strong = _PLACE_CUES[cue] and cue not in _PLACE_CUES_NOT_NAMES
        k = s.keys[i]
        if k in _NAME_STOP or len(k) < 3:
            continue
        p = _place_at_lower(s, i)
        if p is not None:
            j, label = p
            single_common = j - i == 1 and (lex.is_allowed(k) or k in _LOWER_COUNTRY_SKIP)
            if label == COUNTRY and (strong or cue in _LOWER_COUNTRY_CUES) and not single_common:
                s.emit(i, j, COUNTRY, 0.85)
                continue
            if label == CITY and strong and not single_common:
                st = _lower_state_after(s, j)
                s.emit(i, j, CITY, 0.8)
                if st:
                    s.emit(j, st, STATE, 0.85)
                continue
        if not strong:
            continue
        # unknown words: 1-3 lowercase words, then ", ct" / ", connecticut"
        j = i
        while j < s.n and j - i < 3 and not s.cap[j] and not s.taken[j] and s.keys[j] not in _NAME_STOP \
                and (j == i or s.simple_gap(j)):
            st = _lower_state_after(s, j + 1)
            if st:
                s.emit(i, j + 1, CITY, 0.8)
                s.emit(j + 1, st, STATE, 0.85)
                break
            j += 1


def _place_at_lower(s: _Scan, i: int) -> tuple[int, str] | None:
    """(end, CITY or COUNTRY) of the longest known place of lowercase words at token i."""
    lex = s.lex
    longest = lex.place_starts.get(s.keys[i])
    if not longest:
        return None
    best = None
    parts = []
    for j in range(i, min(s.n, i + longest)):
        if s.cap[j] or s.taken[j] or (j > i and not s.simple_gap(j)):
            break
        parts.append(s.keys[j])
        phrase = " ".join(parts)
        if phrase in lex.countries:
            best = (j + 1, COUNTRY)
        elif phrase in lex.cities and phrase not in lex.states:
            best = (j + 1, CITY)
    return best


def _lower_state_after(s: _Scan, j: int) -> int | None:
    """End token of ', ct' or ', connecticut' (lowercase) right after token j-1."""
    if j >= s.n or s.taken[j] or s.cap[j]:
        return None
    g = s.gap(j)
    if g.strip() != "," or "\n" in g:
        return None
    w = s.words[j]
    if len(w) == 2 and w.upper() in s.lex.state_codes and w not in ("in", "or", "me", "ok", "hi", "oh", "pa", "md", "de", "la"):
        return j + 1
    for n in (2, 1):
        if j + n <= s.n and " ".join(s.keys[j : j + n]) in s.lex.main_states and all(
            not s.cap[t] for t in range(j, j + n)
        ):
            return j + n
    return None


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
                if k2 in lex.first and not (lex.is_allowed(k) and lex.is_allowed(k2)) and len(s.words[i + 1]) > 1 \
                        and not s.department_at(i + 1):
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
        if all(allowed) and not _initial_between(s, toks):
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


def _initial_between(s: _Scan, toks: Sequence[int]) -> bool:
    """'April C. Fowler': first name, a dotted middle initial, surname, all title case."""
    if len(toks) != 2 or toks[1] - toks[0] != 2 or s.is_upper(toks[0]) or s.is_upper(toks[1]):
        return False
    m = toks[0] + 1
    return s.is_initial(m) and s.gap(m + 1).startswith(".") and s.keys[toks[0]] in s.lex.first \
        and s.lex.is_name_word(s.keys[toks[1]])


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
                if s.department_at(t):
                    break  # "Dr. Ward, General Surgery"
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
    if s.words[i] == "the" and i + 1 < s.n and s.simple_gap(i + 1):
        i += 1  # "a longshoreman at the Boston Globe"
    if s.taken[i] or not s.cap[i] or not s.simple_gap(i) or s.keys[i] in TITLES:
        return
    b = _org_value(s, i, header=False)
    if b > i and _specific(s, range(i, b)) and not (b - i == 1 and s.lex.is_place_word(s.keys[i])):
        s.emit(i, b, ORGANIZATION, 0.85)


#: Words before an occupation that describe the person, not the job ("a poor historian").
_PROF_BAD_PREFIX = frozenset(
    "poor good great fair reliable unreliable excellent bad limited adequate vague questionable "
    "inconsistent difficult very somewhat not heavy avid active known chronic social occasional "
    "light moderate former retired previous prior current new old young pleasant nice primary attending "
    "consulting covering treating operating first second".split()
)


def _prof_prefix_ok(s: _Scan, v: int) -> bool:
    """Token v can stand before an occupation inside its name ("pastry", "school bus", "HVAC")."""
    k = s.keys[v]
    if k in _NAME_STOP or k in _PROF_BAD_PREFIX or k in _PROF_MODIFIERS or k in TITLES or len(k) < 2:
        return False
    if v > 0 and not s.simple_gap(v) and s.gap(v) not in (":", ": "):
        return False
    return s.cap[v] == 0 or s.is_upper(v) or k in s.lex.prof_starts


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
            # "a pastry chef", "a HVAC technician": one or two words before a listed occupation
            for u in (t + 1, t + 2):
                if u >= s.n or not all(_prof_prefix_ok(s, v) for v in range(t, u)) or not s.simple_gap(u):
                    break
                j = _profession_at(s, u, explicit)
                if j is not None and s.free(t, j) and (
                    explicit or " ".join(s.keys[u:j]) not in s.lex.professions_ambiguous
                ):
                    s.emit(t, j, PROFESSION, 0.9)
                    _employer_after(s, j)
                    break
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
        _pass_lower_titles(s)
        _pass_payers(s)
        _pass_institutions(s)
        _pass_cued_locations(s)
        _pass_lower_institutions(s)
        _pass_org_cues(s)
        _pass_name_cues(s)
        _pass_name_lines(s)
        _pass_letterhead(s)
        _pass_age_subjects(s)
        _pass_places(s, multi_only=True)
        _pass_name_pairs(s)
        _pass_places(s, multi_only=False)
        _pass_lower_places(s)
        _pass_lone_names(s)
        _pass_name_lists(s)
        _pass_professions(s)
        _pass_hospital_acronyms(s)
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
