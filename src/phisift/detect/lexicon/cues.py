"""Cue tables: the words and phrases around a name, place or institution that say what it is.

Every entry is a normalised key (lowercase, accents folded, possessive dropped, see
:func:`.wordlists.norm`). The tables are data, not logic: the passes in ``names_*``,
``places``, ``institutions``, ``organisations`` and ``professions`` decide with them. A
table used by one pass only lives beside that pass; the ones here are shared, or are the
cue vocabularies a reader looks for first (titles, credentials, cue phrases, stop words).
"""

from __future__ import annotations

import re

from .labels import DOCTOR, PATIENT

# All cue words are normalised keys (lowercase, no accents, no possessive).

#: title -> label of the name that follows it
TITLES: dict[str, str] = {
    "dr": DOCTOR, "doctor": DOCTOR, "dra": DOCTOR, "doctora": DOCTOR, "prof": DOCTOR, "professor": DOCTOR,
    "drs": DOCTOR, "mr": PATIENT, "mrs": PATIENT, "ms": PATIENT, "miss": PATIENT,
    "mx": PATIENT, "sr": PATIENT, "sra": PATIENT, "srta": PATIENT, "dona": PATIENT,
    "dna": PATIENT, "don": PATIENT, "mister": PATIENT, "madam": PATIENT,
    "shri": PATIENT, "smt": PATIENT, "shrimati": PATIENT,
}
#: Titles that are also clinical abbreviations in capitals (MS, MR, DR) need a period.
TITLE_NEEDS_DOT_UPPER = frozenset({"ms", "mr", "dr", "sr", "mrs", "dra", "sra"})
TITLE_NEEDS_DOT = frozenset({"sr", "prof"})
#: Titles that are names too when they stand inside a name ("Aldo Dona").
TITLE_NAMES = frozenset({"don", "dona", "miss"})

#: Credentials after a name: the name is a clinician's.
CREDENTIAL = re.compile(
    r"(?<![\w.-])(?:M\.\s?D\.?|MD|D\.O\.|DO(?!\s+[A-Z]{2})|R\.N\.|RN(?:-BC)?|RNFA|(?:F|A|AG|AGAC|P|W)?NP(?:-(?:BC|C))?|"
    r"N\.P\.|PA-C|Ph\.\s?D\.?|PhD|PsyD|MBBS|FACS|FACP|FACC|DDS|DMD|DPM|PharmD|CNM|CRNA|LPN|LCSW|LICSW|MSW|"
    r"APRN|ARNP|DNP|MPH|MSN|BSN|DPT|RRT|CCC-SLP|CDE|CNS|FRCS|FRCP|FRCPC|MRCP|MRCS|FRACS|MBChB)(?![\w-])"
)
#: what may stand between a name and its credential: ", " or spaces
CREDENTIAL_GAP = re.compile(r"(?:\.?,\s*|[ \t]+)$")  # "Anna J., M.D.": an initial's period too

#: Words that end a name run (beside lowercase words and punctuation).
CREDENTIAL_WORDS = frozenset(
    "md do rn np pa phd mbbs facs facp facc dds dmd dpm pharmd cnm crna lpn lcsw licsw msw aprn arnp "
    "fnp anp cnp dnp mph msn bsn pt dpt otr rrt rd ld jr sr ii iii iv esq rnfa psyd cde cns pgy frcs frcp "
    "frcpc mrcp mrcs fracs mbchb".split()
)

#: cue phrase (tuple of keys) -> (label, needs_colon, lexicon_only)
#: ``needs_colon``: only in header form "Attending: ..." (or before a title-less name in a list);
#: ``lexicon_only``: the following word must be in a name list (weak cue).
NAME_CUES: dict[tuple[str, ...], tuple[str, bool, bool]] = {}


def _add_cues(phrases: str, label: str, needs_colon: bool, lexicon_only: bool) -> None:
    """Add comma-separated cue phrases to :data:`NAME_CUES` (a later entry for a phrase wins)."""
    for phrase in phrases.split(","):
        phrase = phrase.strip()
        if phrase:
            NAME_CUES[tuple(phrase.split())] = (label, needs_colon, lexicon_only)


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
    NAME_CUES[(_k,)] = (PATIENT, True, False)
for _k in ("surgeon", "attending", "resident", "fellow", "intern", "physician", "provider",
           "anesthesiologist", "cc", "cardiologist", "consultant", "author", "nurse",
           "dictated", "signed", "oncologist", "neurologist", "therapist", "medico", "medica",
           "rn", "np", "referring", "assistant", "pharmacist", "dietitian", "nutritionist", "chaplain"):
    NAME_CUES[(_k,)] = (DOCTOR, True, False)
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
# "Emergency contact is Honor Pau at ...": who to call, named in a sentence (no colon)
_add_cues("emergency contact is, contact person is, next of kin is, health care proxy is, healthcare proxy is",
          PATIENT, False, False)
#: Kin words that name a person's relative only after a possessive ("my baby Jasmine", "our toddler miles"):
#: alone they are common nouns before capitalised words ("baby Tylenol", "Baby Girl", "child Abuse").
#: Filipino English "my lola" / "my lolo" (grandmother, grandfather) are kin here too; alone "Lola" is a given name.
POSSESSED_KIN = frozenset("baby toddler kid child infant newborn boy girl twin lola lolo".split())
for _kin in POSSESSED_KIN:
    for _owner in ("my", "our", "his", "her", "their", "your"):
        NAME_CUES[(_owner, _kin)] = (PATIENT, False, False)
#: People of a writer's work and home life named after a possessive ("my boss Nick Robert needs a note", "my
#: supervisor candy haugland said"): alone these are roles before capitalised words ("Supervisor Review").
POSSESSED_PEERS = frozenset("boss manager supervisor coworker co-worker colleague landlord landlady flatmate housemate "
                            "carer coach pastor neighbour neighbor".split())
for _peer in POSSESSED_PEERS:
    for _owner in ("my", "our", "his", "her", "their"):
        NAME_CUES[(_owner, _peer)] = (PATIENT, False, False)


def _slips(word: str) -> set[str]:
    """One keyboard slip inside ``word`` (its first letter kept): a letter dropped, doubled or swapped with the next."""
    out = {word[:i] + word[i + 1 :] for i in range(1, len(word))}
    out |= {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(1, len(word) - 1)}
    out |= {word[:i] + word[i] + word[i:] for i in range(1, len(word))}
    return out - {word}


#: Kin words typed with one slip after a possessive ("my daugter Isabbel has", "her daguhter Noppakao asked"): long
#: kin words only, whose slips are no English word ("bother" is one).
SLIPPED_KIN = frozenset().union(*(_slips(k) for k in (
    "daughter", "husband", "mother", "father", "brother", "sister", "grandma", "grandmother", "grandfather",
    "grandson", "granddaughter", "nephew", "cousin", "partner", "grandpa"))) - {"bother"}
for _kin in SLIPPED_KIN:
    for _owner in ("my", "our", "his", "her", "their"):
        NAME_CUES[(_owner, _kin)] = (PATIENT, False, False)
# everyday names of a child or a partner: "my little one Ayush (turns two)", "my old man, Analyn Sison, he's"
for _kin in ("little one", "youngest", "eldest", "old man", "missus", "other half", "hubby", "bf", "gf"):
    for _owner in ("my", "our"):
        NAME_CUES[(_owner, *_kin.split())] = (PATIENT, False, False)
#: Kin words of everyday speech: cue words for a name after them ("my mom Linda"), never an apposition
#: after a word and a space ("Per mom, she ..."), unlike "Mary daughter" in a family list.
INFORMAL_KIN = frozenset("mom dad mum grandma grandpa stepmom stepdad granny grandad granddad auntie aunty "
                         "nan nana nanna mam gran".split())  # British and Irish "my nan", "my mam"
_add_cues(", ".join(sorted(INFORMAL_KIN)), PATIENT, False, False)
# a writer naming themself after a greeting: "hi this is kevin, calling about my refill"
_add_cues("hi this is, hello this is, hey this is, hi it is, hello it is", PATIENT, False, False)
# ... and the same typed fast or said: "hi its aatif again", "hello it's Simphiwe.", "hiya im Niamh" ("it's" keys as "it")
_add_cues("hi its, hello its, hey its, hiya its, hi it, hello it, hey it, hiya it, hi im, hello im, hey im, hiya im, "
          "hi i'm, hello i'm, hey i'm, hiya i'm, hi i’m, hello i’m, hey i’m", PATIENT, False, False)

# a message signed off with the writer's given name: "Thanks, Eduardo", "thanks jack", "regards, Maria" (listed names only)
_add_cues("thanks, thank you, many thanks, regards, kind regards, best regards, cheers, sincerely", PATIENT, False, True)

CUE_LAST = frozenset(phrase[-1] for phrase in NAME_CUES)
#: Second words of holidays named after relations ("Mother's Day", "Grandparents Day").
HOLIDAY_WORDS = frozenset({"day", "days"})
CUE_MAXLEN = max(len(p) for p in NAME_CUES)

#: relation words that may follow a name: "Mary (daughter)", "John, her husband"
RELATIONS = frozenset(
    "daughter son wife husband mother father sister brother friend neighbor neighbour niece nephew "
    "aunt uncle grandson granddaughter grandmother grandfather cousin partner fiance fiancee "
    "boyfriend girlfriend spouse caregiver guardian stepdaughter stepson roommate son-in-law "
    "daughter-in-law mother-in-law father-in-law brother-in-law sister-in-law".split()
) | INFORMAL_KIN

#: A relative's everyday names, kin words or not ("mum", "nan's", "my gran"): never a place or an
#: institution on their own ("go to nan's in Leeds", "post the letter to mum"; Nan is a Thai province).
KIN_NOT_PLACES = RELATIONS | frozenset("nan nana nanna nanny gran gramps mam mammy".split())

#: Words around a name that make it a clinician's name.
CLINICIAN_WORDS = frozenset(
    "attending surgeon physician pcp resident fellow intern nurse cc signed dictated provider "
    "consultant referring anesthesiologist cardiologist oncologist neurologist radiologist "
    "pathologist dr doctor md rn np therapist".split()
)

#: Specialties and departments: after "Dr. Ward, " they name a service, not a first name.
SPECIALTY_WORDS = frozenset(
    "surgery medicine cardiology oncology neurology radiology pediatrics orthopedics orthopaedics "
    "urology psychiatry dermatology gastroenterology nephrology pulmonology pulmonary endocrinology "
    "rheumatology hematology obstetrics gynecology ophthalmology otolaryngology anesthesia "
    "anesthesiology neurosurgery podiatry geriatrics cardiothoracic hospitalist radiation "
    "oncology palliative rehabilitation psychology audiology optometry gi ent ob gyn obgyn "
    "endocrine neuro cardiac vascular thoracic plastic colorectal trauma transplant".split()
)
#: First words of a department name: "General Surgery", "Internal Medicine", "Family Practice".
SPECIALTY_PREFIX = frozenset(
    "general internal family emergency critical primary infectious vascular thoracic plastic "
    "pediatric orthopedic orthopaedic cardiac cardiothoracic colorectal surgical medical nuclear "
    "interventional sports physical occupational hospital geriatric adult child women's womens "
    "maternal fetal neonatal trauma acute".split()
)

#: Words after which a capitalised run is a device, disease, test or sign, not a person.
EPONYM_HEADS = frozenset(
    "catheter catheters drain drains tube tubes line lines test tests testing sign signs disease "
    "diseases syndrome syndromes score scores scale scales criteria classification grade grading "
    "stage staging maneuver manoeuvre manoeuver procedure operation repair fundoplication lymphoma "
    "sarcoma tumor tumour palsy reflex reflexes murmur fracture fractures tear stockings "
    "stocking boot boots splint splints incision position positioning clamp clamps forceps "
    "retractor retractors needle needles wire wires scissors stitch suture sutures pouch space "
    "ligament ligaments canal duct gland glands cell cells bundle node nodes cyst "
    "cysts ulcer ulcers phenomenon disorder dementia chorea ataxia anemia anaemia esophagus oesophagus triad "
    "mask monitor monitoring device shunt valve filter bag cannula stent bolt angle technique "
    "method approach index equation formula sphincter triangle capsule "
    "sheath tract nerve nerves organ organs bag balloon scope blade elevator gouge "
    "rongeur dressing dressings solution infusion pump pumps bed beds chair unit disc syndrom "
    "deformity contracture dystrophy neuropathy neuralgia malformation anomaly arteritis "
    "encephalopathy encephalitis thyroiditis phenomena hernia hernias diverticulum sequence stain staining "
    "agar culture virus bacillus fever protocol questionnaire inventory assessment exam "
    "examination silk pressure pressures anastomosis drill plate plates plating pin pins "
    "system systems instrumentation ventilation screw screws rod rods nail nails implant "
    "implants prosthesis graft grafts lens lenses stand table hose component components junction arm "
    # allergens, venoms, chromosomes, stains, classes: "Timothy grass", "Russell viper venom",
    # "Philadelphia chromosome", "Congo red", "rose bengal", "Bethesda category", "Ellis class III", "Hong Kong flu",
    # "Brazil nut", "Ottawa ankle rules"
    "grass grasses bluegrass viper venom chromosome red bengal category class flu nut nuts rule rules".split()
)

#: Month and day names are first names too ("April", "June"); alone they are dates.
CALENDAR = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday "
    "saturday sunday".split()
)

#: First words of place and institution names that are common words on their own.
PLACE_PREFIX = frozenset("new north south east west upper lower great grand old fort port".split())

#: Words before a lone capitalised word that make it a thing rather than a person.
DETERMINERS = frozenset(
    "a an the some any each every another standard repeat right left of using via per".split()
)

#: Words before a capitalised word that make it a saint or a place, not a person ("St. Jude").
SAINT = frozenset("st saint san santa sao ste mt mount fort ft port lake".split())
#: Words after a saint's name that make it a valve or device maker, a herb or a disease, not a hospital
#: ("St. Jude mechanical valve", "St. Jude Medical", "St. John's wort", "St. Vitus dance", "St. Louis encephalitis").
SAINT_NOT_HOSPITAL = frozenset(
    "wort valve valves mechanical medical prosthesis prosthetic pacemaker icd lead leads device devices dance "
    "encephalitis virus fire".split()
)

NUMBER_AFTER = re.compile(r"\s*,?\s*\d")
DOSE_AFTER = re.compile(
    r"\s*\d+(?:\.\d+)?\s*(?:mg|mcg|g|gm|ml|mL|cc|units?|%|mEq|meq|tabs?|caps?)\b"
    r"|\s*\d+(?:\.\d+)?\s*(?:MG|MCG|ML|UNITS?|MEQ|TABS?)\b"
    # how often, with no dose: "started on Ventura twice daily", "VENTURA B.I.D."
    r"|(?i:\s+(?:once|twice|three times|four times)[ \t]+(?:a[ \t]+)?(?:daily|day|nightly|weekly)\b"
    r"|\s+(?:b\.?i\.?d|t\.?i\.?d|q\.?i\.?d|q\.?h\.?s|q\.?d)\b)"
)

#: Name particles that may stand lowercase inside a name.
PARTICLES = frozenset(
    "van von der den de del della di da das dos du la le les los las y e zu ter ten bin ben al el "
    "ibn abu dela delos".split()
)

#: Capitalised words of headers and roles that follow a cue but never are a name
#: ("Dictated by Scribe: X", "The patient is Age: 67", "I spoke with Transcribed by: X").
NOT_NAMES = frozenset(
    "scribe transcribed transcriptionist age dob sex gender mrn date time phone fax email signed dictated "
    "reviewed interpreter pharmacist resident fellow intern attending nurse ot slp rn lpn cna crna emt "
    "sincerely respectfully cordially regards mt cmt".split()  # a closing ("Sincerely,"), a transcriptionist
) | frozenset(  # the parties' roles in a judgment's caption ("David Pacheco, Petitioner-Appellant,")
    "petitioner petitioners appellant appellants respondent respondents appellee appellees plaintiff plaintiffs "
    "defendant defendants claimant claimants intervener interveners warden petitioner-appellant "
    "petitioner-appellee respondent-appellee respondent-appellant plaintiff-appellant plaintiff-appellee "
    "defendant-appellant defendant-appellee appellant-petitioner appellee-respondent".split()
)

#: Words that are never part of a name run, whatever their case.
NAME_STOP = frozenset(
    "the a an and or of in on at to for with by from is was are were has had have his her their "
    "this that he she it they we you i my our your me him them who which what when where why how "
    "not no yes also then than there here patient pt per as could would should did does might must shall "
    "apt apartment suite ste line hotline helpline".split()  # "Mrs. Ana Petrov Apt. 7": a flat closes a name;
    # "nurse line 555-0100": a role before a phone line, not before a name
) | frozenset({"doctor", "doc"}) | frozenset(  # "Doctor, Liam still has a fever": the reader addressed, not 'LAST, FIRST'
    "hi hello hey thanks cheers regards dob"  # "Hi, Lee Jessel here", "Thanks, Sarah", "göran bylund dob 05/19/24"
    .split())


#: cue phrase -> strength for places. Strong cues accept an unknown capitalised word.
PLACE_CUES: dict[tuple[str, ...], bool] = {}
for _p in (
    "lives in, living in, lived in, resides in, resided in, residing in, resident of, born in, "
    "moved to, moved from, moved here from, relocated to, relocated from, grew up in, raised in, "
    "native of, originally from, immigrated from, immigrated to, emigrated from, emigrated to, "
    "came from, comes from, traveled to, travelled to, traveling to, travelling to, trip to, "
    "vacation in, vacationing in, visiting from, returned from, home in, house in, apartment in, "
    "ems from, ambulance from, transferred from, transported from, brought in from, arrived from, "
    "visits, visiting, visited, trip from, flew in from, drove from, "
    "arrived in, arrived at, landed in, home city, home town, hometown, hometown is, home town is, based in, "
    "headquartered in, "
    "we're in, we’re in, we are in, we r in, we live in, we live near, we're out at, we’re out at, out past, "
    "we're from, we’re from, we are from, i live in, staying in, "  # a message saying where the family is
    "vive en, reside en, residente en, natural de, procedente de, nacido en, nacida en, "
    "originario de, originaria de"
).split(","):
    PLACE_CUES[tuple(_p.split())] = True
for _p in ("from", "in", "to", "near", "at", "en", "where is", "welcome to"):
    PLACE_CUES[tuple(_p.split())] = False
# a relative's home and its town: "can they go to nan's in Simonbury", "staying at my mum's in Leeds" ("nan's" keys "nan")
for _kin in ("nan", "nana", "nanna", "gran", "granny", "grandma", "grandpa", "grandad", "mum", "mom", "mam", "dad",
             "aunt", "auntie", "aunty", "uncle", "sister", "brother", "cousin", "daughter", "son"):
    for _before in ("to", "at", "to my", "at my", "to our", "at our"):
        PLACE_CUES[(*_before.split(), _kin, "in")] = True
#: Strong cues that still do not make a person's name a place ("visits Maria").
PLACE_CUES_NOT_NAMES = frozenset({("visits",), ("visiting",), ("visited",)})
PLACE_CUE_LAST = frozenset(p[-1] for p in PLACE_CUES)
#: "Country: Spain", "Localidad: Madrid": header words before a colon
PLACE_HEADERS = frozenset(
    "country city town state province county hometown birthplace residence pais ciudad localidad "
    "provincia poblacion municipio residencia".split()
)
PLACE_CUE_MAXLEN = max(len(p) for p in PLACE_CUES)

#: Cities that i2b2 annotators label CITY even though a state of that name exists.
CITY_OVER_STATE = frozenset({"new york", "washington"})

#: Words that may sit inside an institution name between capitalised words.
INST_CONNECTORS = frozenset("of and the for de del la las los y".split())
#: Head words that also stand inside a longer name ("Boston University Medical Center",
#: "Cuddihy County Health Center"): a run going leftwards does not stop at them.
INST_MODIFIERS = frozenset(
    "university college memorial general institute school academy foundation group associates "
    "partners church county health care services community regional".split()
)

#: Allowlisted words (faiths, peoples, saints' words) that do name institutions:
#: "Hebrew Rehabilitation Center", "Baptist Hospital", "Good Samaritan".
INSTITUTION_PROPER = frozenset(
    "hebrew jewish baptist methodist lutheran presbyterian episcopal catholic adventist mennonite "
    "christian muslim islamic evangelical samaritan mercy providence shriners deaconess "
    "veterans".split()
)

#: Words that say what kind of institution or department a name is, never which one:
#: they do not make "<words> Hospital" specific ("General Hospital", "Day Surgery Center",
#: "Pain Clinic"), even when they are also surnames or towns.
INST_GENERIC = frozenset(
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
    "detox substance american academy association police fire room office suite "
    "gi ir ep cath eeg emg ekg ecg pft echo stat micro chem hematology core sleep noninvasive".split()
)
#: Allowlisted first words that stay at the front of an institution name ("Good Samaritan",
#: "Our Lady of Lourdes").
INST_KEEP_FIRST = frozenset("good sacred holy blessed divine our".split())

#: Words that may not start an institution name.
INST_BAD_FIRST = frozenset(
    "the a an at to from in on of for and with by his her their our your this that same other "
    "outside local previous prior another any nearby referring transferring receiving "
    "different private public admitted transferred discharged seen followed sent presented "
    "patient pt per".split()
)

#: Phrases after which a capitalised run is the employer or school.
ORG_CUES = frozenset(
    tuple(p.split())
    for p in (
        "works at, works for, worked at, worked for, working at, working for, work at, work for, "
        "employed at, employed by, employed with, employee of, job at, jobs at, retired from, "
        "student at, studies at, studying at, attends, attended, graduated from, enrolled at, "
        "pension from, pension through, enrolled in, day program at, program at, volunteers at, "
        "volunteer at, volunteered at, insured by, insured through, insurance through, insurance with, "
        "insurance is, coverage through, covered by, "
        "year at, years at, months at, internship at, interned at, position at, job with, joined, hired by, hired at, "
        "consultant at, consultant for, contractor for, contractor at, drives for, drove for, driving for, driver for, "
        "calling from, calling on behalf of, account with, accounts with, customer of, client of, "
        "engineer at, manager at, director at, developer at, analyst at, designer at, executive at, "
        "employee at, intern at, founder of, co-founder of, cofounder of, co-founded, cofounded, "
        "acquired by, owned by, subsidiary of, sponsored by, funded by, "
        "address of, website of, headquarters of, offices of, merged with, partnered with, rebranded as, "
        "spun off from, "
        "my employer, our employer, employer is, laid off from, let go from, fired from, "  # a patient's message
        "trabaja en, trabajaba en, empleado de, empleada de"
    ).split(", ")
)
#: "Insurance: Cigna", "Employer: Acme": header words before a colon
ORG_HEADERS = frozenset(
    "insurance insurer employer school company workplace payer payor carrier aseguradora empresa".split()
)
#: Words after which a payer name in any case is an insurer: "insurance: humana", "plan: tufts".
PAYER_CUE_LAST = frozenset("insurance insurer payer payor plan carrier by through with is".split())
#: Public health programmes: "approved by Medicare", "covered by TRICARE" name no one.
PUBLIC_PROGRAMMES = frozenset("medicare medicaid masshealth medi-cal tricare champva medigap".split())
#: Values of "Insurance:" / "Employer:" that are no organisation (public programmes, none).
ORG_VALUE_SKIP = frozenset(
    "medicare medicaid masshealth medi-cal medical mass none self-pay self selfpay uninsured "
    "private commercial unknown pending retired disabled disability unemployed va ssi ssdi "
    "social yes no not free n na nil student homemaker housewife".split()
)
#: Words that close the value of a header ("Insurance: Aetna   Member ID: ...").
ORG_VALUE_STOP = frozenset("member id policy group subscriber phone tel fax contact number no".split())
#: Words that open a new clause after "and", never a firm's second name ("Marks and Spencer"): "a cashier at
#: manado county council and can't lift" ends the employer at "and".
CLAUSE_AFTER_AND = frozenset("can't cannot can couldn't won't will would i i'm im he she they we it was is am are "
                             "have has had need needs now then so my his her".split())
ORG_CUE_LAST = frozenset(p[-1] for p in ORG_CUES) | ORG_HEADERS
ORG_CUE_MAXLEN = max(len(p) for p in ORG_CUES)

#: cue phrase -> explicit. Explicit cues also accept ambiguous professions.
PROF_CUES: dict[tuple[str, ...], bool] = {}
for _p in (
    "works as, worked as, working as, work as, employed as, job as, career as, trained as, "
    "position as, served as, serves as, retired as, occupation, profession, job, employment, "
    "trabaja como, trabajaba como, trabajo como, profesion, ocupacion, de profesion"
).split(","):
    PROF_CUES[tuple(_p.split())] = True
for _p in ("is a", "is an", "was a", "was an", "as a", "as an", "retired", "former", "a retired",
           "previously a", "previously an", "formerly a", "formerly an", "es", "era",
           "he a", "he an", "she a", "she an",  # "He's a plumber": the key of "he's" is "he"
           "i'm a", "i'm an", "i’m a", "i’m an", "im a", "im an", "i am a", "i am an"):  # "I'm a nurse at Tesco"
    PROF_CUES[tuple(_p.split())] = False
PROF_CUE_LAST = frozenset(p[-1] for p in PROF_CUES)
#: Titles written in lowercase in notes typed without capitals ("mrs. novais", "dr garibay").
LOWER_TITLES = frozenset({"mr", "mrs", "ms", "dr", "drs"})
#: Words before "mr" / "ms" that make them mitral regurgitation or multiple sclerosis.
SEVERITY = frozenset(
    "mild moderate severe trace trivial minimal significant no physiologic functional acute chronic "
    "central eccentric worsening worsened residual without mild-moderate "
    "moderate-severe mild-to-moderate moderate-to-severe relapsing progressive".split()
)
ALL_CUE_LAST = CUE_LAST | ORG_CUE_LAST | PROF_CUE_LAST | PAYER_CUE_LAST | LOWER_TITLES | PLACE_CUE_LAST
PROF_CUE_MAXLEN = max(len(p) for p in PROF_CUES)
PROF_MODIFIERS = frozenset(
    "a an retired former part-time full-time self-employed semi-retired currently formerly "
    "now previously certified un una".split()
)

#: Heads of laboratories, courts and ministries (issue 15), added to the organisation heads of
#: ``organization_heads.txt``: "Wood Pathology Lab", "Friis Diagnostics", "Josephinefurt County
#: Circuit Court", "Nigeria Ministry of Labour". The ``_FIRST`` ones also come before the name:
#: "Court of Appeal of X", "Ministry of Interior of X".
EXTRA_ORG_HEADS = frozenset({
    "lab", "laboratory", "reference laboratory", "pathology lab", "clinical labs", "diagnostics", "genomics",
    "toxicology services", "court", "circuit court", "county circuit court", "district court", "family court",
    "crown court", "supreme court", "high court", "tribunal", "ministry", "magistrates court", "court of appeal",
    "court of appeals", "agency", "bureau", "commission", "secretariat",
})
EXTRA_ORG_HEADS_FIRST = frozenset({"court", "court of appeal", "court of appeals", "family court", "ministry",
                                   "tribunal", "department", "supreme court", "high court", "district court",
                                   "court of justice", "agency", "bureau", "commission", "secretariat"})
