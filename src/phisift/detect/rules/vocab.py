"""Word lists the rule detector's recognizers build their patterns from and check context against.

Kept apart from the regexes so that a reader can check (and extend) the
vocabulary without reading regex syntax. Every list is lower case; the pattern
builder adds case variants. Lists are split by language so ``RuleDetector``
can switch Spanish off. Month and weekday names are in ``phisift.calendar``.
"""

from __future__ import annotations

#: English month words that are also everyday words or abbreviations ("may", "march",
#: "dec" for decreased): accepted in lower case only next to a year or an ordinal day.
AMBIGUOUS_MONTHS: frozenset[str] = frozenset(
    {"may", "march", "mar", "dec", "jan", "jun", "sat", "sun", "set", "ago", "ene", "dic", "abr"}
)

SEASONS_EN: tuple[str, ...] = ("spring", "summer", "fall", "autumn", "winter")
SEASONS_ES: tuple[str, ...] = ("primavera", "verano", "otoño", "invierno")

#: Holidays written as words (i2b2 annotates them as DATE). Title case in text.
HOLIDAYS_EN: tuple[str, ...] = (
    "Christmas Eve", "Christmas Day", "Christmas", "Thanksgiving Day", "Thanksgiving",
    "New Year's Eve", "New Year's Day", "New Years Eve", "New Years Day", "New Year's",
    "Easter Sunday", "Easter", "Memorial Day", "Labor Day", "Independence Day",
    "Fourth of July", "Halloween", "Valentine's Day", "Veterans Day", "Veteran's Day",
    "Martin Luther King Day", "MLK Day", "Presidents Day", "Presidents' Day", "Columbus Day",
    "Mother's Day", "Father's Day", "Good Friday", "Yom Kippur", "Rosh Hashanah", "Hanukkah",
    # holidays of other calendars and countries, written as in English notes
    "Chanukah", "Passover", "Purim", "Diwali", "Deepavali", "Eid al-Fitr", "Eid al-Adha", "Eid ul-Fitr",
    "Eid ul-Adha", "Eid al Fitr", "Eid al Adha", "Ramadan", "Lunar New Year", "Chinese New Year",
    "Nowruz", "Kwanzaa", "Boxing Day", "Canada Day", "Bastille Day", "Anzac Day", "Australia Day",
    "Guy Fawkes Night", "Bonfire Night", "St. Patrick's Day", "Saint Patrick's Day", "St Patrick's Day",
    "Ash Wednesday", "Palm Sunday", "Pentecost", "Orthodox Easter", "Orthodox Christmas", "Epiphany",
    "Dia de los Muertos", "Juneteenth", "Emancipation Day", "Remembrance Day",
    "Mardi Gras", "Holi", "Vesak", "Songkran", "Hogmanay", "Whitsun", "May Day",
)
#: Holidays that are also phrases or words in lower case ("labor day 2", "an epiphany"): matched as written.
HOLIDAYS_CASED: frozenset[str] = frozenset({"Labor Day", "Good Friday", "Epiphany", "May Day", "Holi", "Pentecost"})
HOLIDAYS_ES: tuple[str, ...] = (
    "Nochebuena", "Navidad", "Nochevieja", "Año Nuevo", "Semana Santa",
    "Día de Reyes", "Viernes Santo", "Jueves Santo",
)

#: Two-letter USPS codes. The ambiguous ones are also clinical abbreviations or
#: credentials ("Smith, MD", "heparin, SC", "CT, MRI") and count as a state only
#: when a ZIP code follows.
STATE_CODES: frozenset[str] = frozenset(
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV "
    "NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI".split()
)
AMBIGUOUS_STATE_CODES: frozenset[str] = frozenset(
    "AL CA CO CT DC DE GA HI IA ID IN LA MD ME MO MS NC NE OH OK OR PA PR SC SD VA VI GU".split()
)
STATE_NAMES: tuple[str, ...] = (
    "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut",
    "Delaware", "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa",
    "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan",
    "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire",
    "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Ohio",
    "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota",
    "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington", "West Virginia",
    "Wisconsin", "Wyoming", "Puerto Rico",
)
#: State names that are also given or family names ("Smith, Virginia").
AMBIGUOUS_STATE_NAMES: frozenset[str] = frozenset({"Georgia", "Virginia", "Washington", "Carolina", "Maine"})

#: USPS street suffixes (C1 of Publication 28), common forms, lower case, no period.
STREET_SUFFIXES: tuple[str, ...] = (
    "street", "st", "avenue", "ave", "av", "road", "rd", "boulevard", "blvd", "drive", "dr",
    "lane", "ln", "court", "ct", "place", "pl", "terrace", "ter", "way", "circle", "cir",
    "parkway", "pkwy", "highway", "hwy", "square", "sq", "trail", "trl", "turnpike", "tpke",
    "alley", "aly", "plaza", "plz", "crescent", "cres", "expressway", "expy", "freeway", "fwy",
)
#: Street types of other English-speaking countries and common US ones missing from the USPS list we ship;
#: used only where a cue says a street is meant ("lives on Alex Curve").
STREET_TYPES_OTHER: frozenset[str] = frozenset({
    "close", "rise", "grove", "gate", "gardens", "row", "mews", "parade", "esplanade", "quay", "wynd", "promenade",
    "crescent", "green", "curve", "point", "run", "steps", "stairs", "driveway", "walk", "hill", "view", "terrace",
    "approach", "chase", "croft", "end", "fold", "mead", "hollow", "ridge", "loop", "bend", "glen", "heights",
})
#: Formal country names that the shipped list writes inverted ("Micronesia, Federated States of") or not at all.
COUNTRY_FORMAL_NAMES: tuple[str, ...] = (
    "Federated States of Micronesia", "Republic of Korea", "Democratic People's Republic of Korea",
    "Islamic Republic of Iran", "United Republic of Tanzania", "Russian Federation", "Republic of Moldova",
    "Plurinational State of Bolivia", "Bolivarian Republic of Venezuela", "Holy See", "State of Palestine",
    "Kingdom of Saudi Arabia", "Republic of Ireland", "People's Republic of China", "Republic of China",
    "United Kingdom of Great Britain and Northern Ireland", "United States of America",
    "Lao People's Democratic Republic", "Syrian Arab Republic", "Democratic Republic of the Congo",
)
# Left out on purpose: "View", "Point", "Park", "Center", "Run", "Walk"... are street
# suffixes too, but "4 Chamber View" or "2 Trauma Center" are far more common in notes.
UNIT_WORDS: tuple[str, ...] = (
    "apt", "apartment", "unit", "suite", "ste", "fl", "floor", "rm", "room", "bldg", "building", "#",
    "lot", "flat", "trlr", "spc",
)
#: Unit words specific enough to make "<number> <words> <unit> <number>" a street without a known suffix
#: ("812 Moore Brooks Lot 2270"); rooms and floors are not ("2 West Room 14" is a ward).
STREET_UNIT_WORDS: tuple[str, ...] = ("apt", "apartment", "suite", "ste", "unit", "lot", "flat", "trlr")
#: US territories with their own USPS codes; like the ambiguous states, a state only with a ZIP after them.
TERRITORY_CODES: frozenset[str] = frozenset({"AS", "FM", "GU", "MH", "MP", "PR", "PW", "VI", "AA", "AE", "AP"})

#: Words that open a Spanish street address ("C/ Mayor 12", "Avda. de América 5").
STREET_PREFIXES_ES: tuple[str, ...] = (
    "calle", "avda", "avenida", "plaza", "pza", "paseo", "pº", "ctra", "carretera", "camino", "travesía",
    "travesia", "ronda", "glorieta", "pasaje", "urbanización", "urbanizacion", "urb", "carrer", "avinguda",
    "passeig", "rúa", "rua", "travessera", "vía", "via", "callejón", "bulevar", "rambla",
)

#: Credentials written after a clinician's name; stripped from name values.
CREDENTIALS: tuple[str, ...] = (
    "MD", "M.D.", "DO", "D.O.", "PhD", "Ph.D.", "RN", "R.N.", "NP", "PA", "PA-C", "MBBS",
    "FACS", "FACP", "FACC", "FAAP", "MPH", "DDS", "DMD", "CNM", "CRNA", "LPN", "MSN", "BSN",
    "APRN", "FNP", "FNP-C", "DNP", "PharmD", "MS", "MSc", "LCSW", "PT", "DPT", "OT", "RD",
    "FRCS", "FRCP", "FRCSC", "FRCPC", "MRCP", "MBChB", "MBBCh", "DC", "DPM", "OD", "PsyD", "LMFT", "LPC", "CNP",
)

#: Words that end a name in a form value ("Ana Ruiz Servicio de Urología", "Luis Gil Correo electrónico").
NAME_BREAK_WORDS: frozenset[str] = frozenset({
    "Servicio", "Hospital", "Correo", "E-mail", "Email", "Departamento", "Unidad", "Sección", "Seccion",
    "Centro", "Clínica", "Clinica", "Calle", "C/", "Avda", "Avda.", "Avenida", "Paseo", "Plaza", "Carrer",
    "Dept", "Dept.", "Department", "Division", "Service", "Unit", "Clinic", "Tel", "Tel.", "Phone", "Fax",
    "Teléfono", "Telefono", "Pager", "Cardiology", "Medicine", "Surgery", "Attending", "Resident", "Fellow",
    "Pza", "Pza.", "Complejo", "Apartado", "Edificio", "Planta", "Consulta", "Instituto", "Fundación",
})

#: Values after a name cue that are not names.
NON_NAME_VALUES: frozenset[str] = frozenset({
    "unknown", "none", "n/a", "na", "self", "same", "see below", "see above", "pending",
    "not applicable", "not available", "not provided", "declined", "no", "yes", "unk",
    "tbd", "not on file", "none listed", "other", "desconocido", "ninguno",
    # a role left alone once its name was cut ("SIGNED BY INTERPRETER PER E.")
    "interpreter", "translator", "scribe", "transcriptionist",
})

#: Capitalised words that end a name after a title ("Dr. Smith Will call", "Dr. Smith On call").
NAME_STOPWORDS: frozenset[str] = frozenset({
    "The", "And", "Or", "On", "At", "In", "For", "To", "Will", "Was", "Is", "Are", "Has", "Had",
    "Called", "Note", "Notes", "Says", "Said", "Saw", "Who", "With", "From", "By", "Of", "Today",
    "Yesterday", "Tomorrow", "Please", "Thanks", "Thank", "Also", "If", "As", "Per", "Re",
    "He", "She", "They", "It", "We", "I", "His", "Her", "Their", "Its", "Our", "My", "Once", "However",
    "Then", "After", "Before", "There", "This", "That", "These", "Those", "When", "While", "Because",
    "Since", "Although", "Patient", "Pt", "But", "So", "No", "Yes", "At", "Here", "Did", "Does",
    "Cardiology", "Medicine", "Surgery", "Clinic", "Hospital", "Department", "Service",
    "Office", "Team", "MD", "DO", "PhD", "RN", "NP", "PA", "Y", "E", "De", "Del", "Jr", "Sr",
    "Dr", "Dra", "Doctor", "Doctora", "Prof", "Mr", "Mrs", "Ms", "Miss", "Sra", "Srta",
    # a credential field after the name ("Dr. Smith, Lic. No. G12345", "Dr. Lee, DEA BS1234563")
    "Lic", "License", "Licence", "DEA", "NPI",
})
#: Words before a six-digit-or-longer number that make it a count, not an identifier.
COUNT_WORDS: frozenset[str] = frozenset({
    "count", "counts", "platelet", "platelets", "plt", "plts", "wbc", "rbc", "cells", "colonies",
    "cfu", "copies", "load", "titer", "titre", "level", "levels", "dose", "total", "weight",
    "volume", "about", "approximately", "over", "under", "than", "of", "x", "to", "from", "was", "is",
})

#: Gestational / bone ages and the like are measurements, not a person's age.
NON_PERSON_AGE_WORDS: tuple[str, ...] = (
    "gestational", "bone", "corrected", "postconceptional", "post-conceptional",
    "postmenstrual", "mental", "developmental", "reading", "fetal", "skeletal", "gest",
)

#: Words after "1/2", "5/5" or "2/6" that make them a dose, a score or a ratio.
NOT_DATE_AFTER: tuple[str, ...] = (
    "of", "tab", "tabs", "tablet", "tablets", "pill", "pills", "cap", "caps", "capsule",
    "capsules", "mg", "mcg", "g", "gm", "ml", "cc", "l", "unit", "units", "dose", "doses",
    "time", "times", "x", "strength", "murmur", "power", "motor", "reflex", "reflexes",
    "scale", "score", "teaspoon", "teaspoons", "tsp", "tbsp", "cup", "cups", "puff", "puffs",
    "drop", "drops", "spray", "sprays", "patch", "inch", "inches", "cm", "mm", "ratio",
    "mmhg", "bpm", "systolic", "diastolic", "holosystolic", "sem", "vision", "pack", "packs",
    "hours", "hrs", "days", "weeks", "months", "years", "ppd", "finger", "fingers", "lobe",
    "portion", "dilution", "dilated", "effaced", "fb", "amp", "amps", "vial", "vials", "bottle",
    "positive", "negative", "pos", "neg", "nodes", "ln", "cores", "of", "de", "comprimido",
    "comprimidos", "dosis", "veces", "lymph", "biopsies", "specimens", "samples", "patients", "cases",
    "th", "st", "nd", "rd", "ns", "normal", "saline",
)

#: Words just before a short date ("4/3", "12/19") that make it a date whatever its
#: numbers ("DOS: 4/3"), and weaker ones that do so unless it reads as a fraction
#: or a score ("on 4/3" yes, "on 1/2 tab" no).
SHORT_DATE_STRONG: frozenset[str] = frozenset({
    "date", "dates", "dated", "dos", "doa", "dod", "dob", "d.o.b", "born", "expires", "expire", "exp",
    "expiration", "admitted", "admission", "discharged", "discharge", "deceased", "died",
})
SHORT_DATE_STRONG_ES: frozenset[str] = frozenset({"fecha", "nac", "f.nac", "ingreso", "alta", "fallecido", "nacido"})
SHORT_DATE_WEAK: frozenset[str] = frozenset({
    "on", "since", "from", "until", "till", "through", "thru", "by", "seen", "last", "next", "starting",
    "started", "stopped", "before", "after", "effective", "visit", "visited", "surgery", "followup",
    "follow-up", "f/u", "appt", "appointment", "return", "returns", "rtc", "due",
    # "surgery in 12/07", "diagnosed 5/02": month and two-digit year in a history
    "in", "diagnosed", "dx", "changed",
})
SHORT_DATE_WEAK_ES: frozenset[str] = frozenset({"el", "desde", "hasta", "día", "dia"})
#: Words just before a bare four-digit year that make it a date ("in 2015", "since 1998").
YEAR_CUES: frozenset[str] = frozenset({
    "in", "since", "from", "until", "till", "through", "thru", "to", "by", "of", "during", "before", "after",
    "circa", "ca", "c", "around", "year", "yr", "early", "mid", "late", "dated", "between", "and", "or",
    "summer", "winter", "spring", "fall", "autumn", "diagnosed", "dx", "dx'd", "s/p", "performed", "born",
    "died", "married", "divorced", "retired", "moved", "graduated", "quit", "stopped", "started", "began",
    "last", "onset", "dob", "date",
})
YEAR_CUES_ES: frozenset[str] = frozenset({
    "en", "desde", "hasta", "año", "del", "de", "el", "durante", "nacido", "nacida", "fecha", "antes",
    "después", "despues", "verano", "invierno", "primavera", "otoño",
})
YEAR_CUES_2: frozenset[str] = frozenset({"status post", "prior to", "class of", "as of"})
#: Words before a bare number 1900-2199 that make it a measurement, a time, an address part
#: or an identifier rather than a year ("Platelets 1998", "at 2000", "Room 2010", "BNP 2100").
NOT_YEAR_BEFORE: frozenset[str] = frozenset({
    # lab values and measurements that reach four digits
    "platelet", "platelets", "plt", "plts", "wbc", "anc", "alc", "cd4", "count", "counts", "glucose", "bs",
    "fsbs", "cbg", "bg", "ldl", "hdl", "tg", "trig", "triglyceride", "triglycerides", "cholesterol", "chol",
    "ck", "cpk", "ldh", "ast", "alt", "sgot", "sgpt", "alk", "ferritin", "bnp", "probnp", "nt-probnp",
    "troponin", "trop", "d-dimer", "dimer", "lipase", "amylase", "psa", "afp", "cea", "hcg", "b-hcg",
    "beta-hcg", "ige", "b12", "folate", "ammonia", "osm", "osmolality", "iron", "tibc", "pth", "acth",
    "cortisol", "prolactin", "insulin", "renin", "fibrinogen", "load", "titer", "titre", "copies", "level",
    "levels", "value", "values", "weight", "wt", "bw", "calories", "kcal", "diet", "intake", "output", "uop",
    "ebl", "ivf", "fluid", "fluids", "bolus", "volume", "vol", "balance", "net", "ins", "outs", "dose",
    "total", "score", "sum", "range", "normal", "ref", "reference", "nl",
    # comparisons and copulas before a value
    "about", "approximately", "approx", "over", "under", "than", "nearly", "almost", "roughly", "estimated",
    "est", "was", "were", "is", "are", "be", "x", "times", "to", "up", "down", "increased", "decreased",
    # clock times ("at 2000", "@ 2130")
    "at", "time", "hours", "hrs", "hr", "overnight", "tonight",
    # places, codes and numbered things
    "room", "rm", "bed", "unit", "suite", "ste", "apt", "box", "floor", "building", "bldg", "station",
    "route", "highway", "hwy", "interstate", "ext", "extension", "pager", "pgr", "beeper", "code", "codes",
    "cpt", "icd", "drg", "lot", "model", "version", "ver", "v", "series", "type", "grade", "stage", "class",
    "number", "no", "num", "nbr", "id", "mrn", "job", "order", "step", "channel", "ward", "page", "pages",
    "form", "item", "line", "policy", "group", "member", "case", "sample", "specimen", "batch", "kit",
})
#: "de 67 años": a person word before "de" makes a Spanish "N años" an age, not a duration.
AGE_ES_PERSON: frozenset[str] = frozenset({
    "varón", "varon", "mujer", "hombre", "paciente", "niño", "niña", "nino", "nina", "señora", "señor",
    "senora", "senor", "chico", "chica", "anciano", "anciana", "lactante", "joven", "adolescente",
    "individuo", "sujeto", "persona", "bebé", "bebe", "gestante", "primigesta", "secundigesta",
    "multigesta", "mujeres", "varones", "pacientes", "hija", "hijo", "madre", "padre", "edad",
})
#: "a los 18 años": the age at which something happened.
AGE_ES_AT: frozenset[str] = frozenset({"los", "las"})
#: Words before a title that make it part of a place name ("Hospital Doctor Peset", "C/ Doctor Esquerdo").
TITLE_IN_PLACE_NAME: frozenset[str] = frozenset({
    "hospital", "universitario", "universitari", "general", "central", "clínica", "clinica", "centro",
    "calle", "c/", "carrer", "avda", "avenida", "av", "plaza", "paseo", "instituto", "institute", "fundación",
    "colegio", "escuela", "school", "street", "st", "avenue", "ave", "road", "rd", "university", "college",
    "memorial", "residencia", "ambulatorio", "policlínica", "sanatorio",
})
#: Words before "12 de octubre" that make it a name ("Hospital 12 de Octubre"), not a date.
DATE_IN_PLACE_NAME: frozenset[str] = frozenset({
    "universitario", "hospital", "avenida", "avda", "calle", "c/", "plaza", "paseo", "carrer", "colegio",
})
#: Words that end a city run before ", MA" ("Hospital, MA" is not a city).
NOT_CITY_WORDS: frozenset[str] = frozenset({
    "Patient", "Hospital", "Clinic", "Center", "Centre", "Medical", "Department", "Unit", "Service", "Pt",
    "The", "In", "At", "From", "To", "And", "Lives", "Seen", "Resides", "Home", "Street", "Avenue", "Road",
    "Drive", "Lane", "Apt", "Suite", "Floor", "Dr", "Mr", "Mrs", "Ms", "Jr", "Sr", "Note", "Plan",
    "Assessment", "History", "Address", "City", "Born", "Moved", "Visit",
})

#: Short letter groups that stand alone on a line or around a slash in notes without being
#: anyone's initials ("PO/IV", "AP/LAT", "OK", "N/A"), lower case.
NOT_INITIALS: frozenset[str] = frozenset({
    "ok", "na", "nka", "nkda", "id", "gi", "ent", "pt", "ot", "st", "rn", "lpn", "cna", "md", "do", "pa", "np",
    "dds", "phd", "cc", "ps", "pps", "rx", "dx", "tx", "hx", "sx", "fx", "px", "po", "pr", "iv", "im", "sc", "sq",
    "sl", "od", "os", "ou", "ap", "lat", "pa", "hpi", "ros", "pmh", "psh", "fh", "sh", "pe", "bp", "hr", "rr",
    "wt", "ht", "ns", "lr", "er", "ed", "icu", "ccu", "or", "pacu", "gu", "cv", "ekg", "ecg", "eeg", "emg", "ct",
    "mri", "us", "cxr", "abg", "vbg", "cbc", "bmp", "cmp", "lft", "lfts", "ua", "dc", "am", "pm", "mg", "ml",
    "no", "yes", "the", "and", "end", "see", "all", "out", "in", "on", "up", "off", "ii", "iii", "iv", "vi",
    "vii", "viii", "ix", "xi", "xii", "hiv", "cad", "chf", "dm", "htn", "mi", "ckd", "uti", "dvt", "osa",
    "copd", "gerd", "afib", "ivf", "npo", "prn", "bid", "tid", "qid", "qd", "hs", "qhs", "tab", "cap",
    "neg", "pos", "wnl", "nad", "abd", "ext", "lab", "labs", "plan", "note", "ams", "loc", "sob", "cp",
    "ha", "nv", "n", "v", "hgb", "hct", "plt", "wbc", "rbc", "na", "cl", "ca", "mg", "bun", "cr", "inr",
    "ptt", "tsh", "psa", "ldl", "hdl", "eom", "perrl", "mmm", "rrr", "ctab", "ntnd", "cns", "heent",
    "msk", "psych", "neuro", "skin", "resp", "cvs", "ms", "mr", "mrs", "dr", "jr", "sr", "re", "fyi",
    "asap", "stat", "ama", "dnr", "dni", "dnr/dni", "full", "code", "tbd", "unk", "yo", "m", "f",
})
#: Specialties and services that stand where a clinician's name would ("reviewed by Cardiology").
SERVICE_WORDS: frozenset[str] = frozenset({
    "cardiology", "neurology", "surgery", "oncology", "gi", "gastroenterology", "radiology", "nephrology",
    "pulmonology", "pulmonary", "urology", "dermatology", "psychiatry", "psychology", "orthopedics",
    "orthopaedics", "ortho", "endocrinology", "endocrine", "rheumatology", "hematology", "heme", "heme/onc",
    "infectious", "id", "physical", "occupational", "speech", "social", "nursing", "nurse", "pharmacy",
    "pharmacist", "team", "the", "our", "his", "her", "their", "a", "an", "me", "us", "him", "them", "you",
    "staff", "general", "internal", "medicine", "pediatrics", "neurosurgery", "anesthesia", "anesthesiology",
    "pathology", "ent", "otolaryngology", "ophthalmology", "optometry", "obstetrics", "ob", "ob/gyn",
    "gynecology", "vascular", "thoracic", "cardiothoracic", "plastic", "plastics", "trauma", "transplant",
    "palliative", "hospice", "geriatrics", "emergency", "er", "ed", "icu", "micu", "sicu", "ccu", "nicu",
    "hospitalist", "hospitalists", "primary", "pcp", "case", "care", "nutrition", "dietary", "dietitian",
    "respiratory", "rt", "pt", "ot", "slp", "chaplain", "chaplaincy", "security", "admissions", "billing",
    "records", "lab", "laboratory", "attending", "resident", "residents", "fellow", "intern", "house",
    "consult", "consultant", "consultants", "covering", "on-call", "night", "day", "float", "provider",
    "providers", "physician", "physicians", "doctor", "doctors", "patient", "family", "phone", "telephone",
    "allergy", "immunology", "sleep", "wound", "podiatry", "audiology", "interventional", "electrophysiology",
    "ep", "cardiac", "colorectal", "bariatric", "breast", "spine", "pain", "hand", "sports", "renal",
    "liver", "hepatology", "neonatology", "genetics", "dental", "oral", "maxillofacial", "nuclear",
    "committee", "board", "department", "dept", "service", "services", "clinic", "unit", "floor",
})

#: Lower-case words after "entered by" / "read by" that are not a login name ("entered by mistake").
NOT_USERNAMES: frozenset[str] = frozenset({
    "mistake", "error", "accident", "hand", "computer", "system", "someone", "somebody", "anyone", "nobody",
    "other", "others", "another", "himself", "herself", "themselves", "myself", "itself", "yourself", "this",
    "that", "these", "those", "which", "who", "whom", "whoever", "it", "one", "two", "all", "both", "each",
    "either", "neither", "dr", "mr", "mrs", "ms", "miss", "self", "unknown", "admin", "administrator",
    "interface", "default", "auto", "automatic", "import", "transcription", "scribe", "dictation", "voice",
    "proxy", "mail", "email", "fax", "radiologist", "pathologist", "technician", "tech", "technologist",
    "mother", "father", "wife", "husband", "son", "daughter", "sister", "brother", "friend", "caregiver",
    "parent", "parents", "guardian", "partner", "spouse",
    # how and when a bill is paid or a thing sent, in a patient's message: "I paid this on 6/17/21 by card."
    "card", "cash", "cheque", "check", "phone", "post", "text", "bank", "transfer", "paypal", "debit", "credit",
    "courier", "letter", "invoice", "online", "app", "portal", "me", "us", "them", "mum", "mom", "dad", "now",
    "then", "today", "tomorrow", "tonight", "noon", "midday", "midnight", "morning", "evening", "monday",
    "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
})

#: Capitalised codes that follow "DR" in device and test names ("Azure XT DR MRI"), not names.
DEVICE_CODES: frozenset[str] = frozenset({
    "MRI", "CT", "PET", "SPECT", "ECG", "EKG", "EEG", "EMG", "ICD", "CRT", "CRTD", "CRT-D", "CRT-P", "DDD",
    "DDDR", "VVI", "VVIR", "AAI", "AAIR", "SR", "DR", "XT", "XL", "MR", "RX", "IV", "PM", "USB", "VR", "HF",
    "SURESCAN", "MRI-SAFE", "OCT", "DXA", "DEXA", "PFT", "PFTS", "TTE", "TEE", "CXR", "KUB", "UA", "CBC", "BMP",
})

#: Words before "ddd-dddd" that make it a range, a lab value or a code rather than a phone number.
NOT_PHONE_BEFORE: frozenset[str] = frozenset({
    "range", "ranges", "ranged", "ranging", "between", "from", "normal", "nl", "ref", "reference", "was", "were",
    "is", "are", "of", "about", "approximately", "approx", "over", "under", "than", "count", "counts", "level",
    "levels", "value", "values", "platelet", "platelets", "plt", "wbc", "glucose", "weight", "total", "score",
    "dose", "doses", "volume", "code", "codes", "cpt", "icd", "lot", "model", "serial", "version", "id", "no",
    "number", "mrn", "acct", "account", "order", "job", "case", "claim", "policy", "group", "member", "room",
    "rm", "bed", "suite", "apt", "unit", "box", "route", "page", "pages", "x", "times", "ldl", "hdl", "ck", "cpk", "ldh", "bnp", "ast", "alt", "psa", "b12", "ferritin", "tsh", "hcg",
})

#: Relatives whose age a family history gives in brackets ("Sister (53) with lupus").
RELATIVES: frozenset[str] = frozenset({
    "mother", "father", "mom", "dad", "sister", "brother", "son", "daughter", "wife", "husband", "spouse",
    "partner", "aunt", "uncle", "grandmother", "grandfather", "grandson", "granddaughter", "cousin", "niece",
    "nephew", "sibling", "siblings", "child", "children", "stepmother", "stepfather", "stepson",
    "stepdaughter", "half-sister", "half-brother", "twin", "boyfriend", "girlfriend", "fiance", "fiancee",
    "mgm", "mgf", "pgm", "pgf",
})
#: Words after "N yrs" that make it a duration, not an age ("is 5 yrs post transplant", "10 yrs ago").
DURATION_AFTER: frozenset[str] = frozenset({
    "ago", "in", "of", "duration", "prior", "before", "later", "after", "since", "post", "s/p", "history",
    "hx", "earlier", "previously", "back", "out", "from", "status", "now", "total", "x", "each", "per",
    "smoking", "use", "abuse", "sober", "clean", "free", "remission", "without", "on", "off", "into",
    "until", "til", "till", "to", "more", "longer", "old", "younger", "older", "apart", "behind", "ahead",
    "late", "early", "overdue", "past", "left", "remaining", "follow-up", "f/u", "survival", "at",
})
#: Endings of capitalised words that name a disease or procedure, not a person ("Diabetes (10 yrs)").
CONDITION_ENDINGS: tuple[str, ...] = (
    "itis", "osis", "emia", "oma", "pathy", "ectomy", "plasty", "otomy", "ostomy", "tension", "ism", "ease",
    "ure", "order", "drome", "cer", "ury", "itus", "etes", "onia", "algia", "plegia", "uria", "phagia",
    "phasia", "opia", "ysis", "ation", "ment", "ing", "ol", "cco", "ain", "use", "ance", "ence",
)
