"""Word lists the rule detector builds its patterns from.

Kept apart from the regexes so that a reader can check (and extend) the
vocabulary without reading regex syntax. Every list is lower case; the pattern
builder adds case variants. Lists are split by language so ``RuleDetector``
can switch Spanish off.
"""

from __future__ import annotations

#: Month words -> month number.
MONTHS_EN: dict[str, int] = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
    "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}
MONTHS_ES: dict[str, int] = {
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
    "agosto": 8, "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
    "ene": 1, "feb": 2, "mar": 3, "abr": 4, "may": 5, "jun": 6, "jul": 7, "ago": 8,
    "sep": 9, "set": 9, "oct": 10, "nov": 11, "dic": 12,
}
#: English month words that are also everyday words or abbreviations ("may", "march",
#: "dec" for decreased): accepted in lower case only next to a year or an ordinal day.
AMBIGUOUS_MONTHS: frozenset[str] = frozenset(
    {"may", "march", "mar", "dec", "jan", "jun", "sat", "sun", "set", "ago", "ene", "dic", "abr"}
)

WEEKDAYS_EN: tuple[str, ...] = (
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
)
WEEKDAYS_ES: tuple[str, ...] = (
    "lunes", "martes", "miércoles", "miercoles", "jueves", "viernes", "sábado", "sabado", "domingo",
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
)
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
# Left out on purpose: "View", "Point", "Park", "Center", "Run", "Walk"... are street
# suffixes too, but "4 Chamber View" or "2 Trauma Center" are far more common in notes.
UNIT_WORDS: tuple[str, ...] = (
    "apt", "apartment", "unit", "suite", "ste", "fl", "floor", "rm", "room", "bldg", "building", "#",
)

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
    "comprimidos", "dosis", "veces",
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
