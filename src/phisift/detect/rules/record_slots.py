"""Record slots that print a value by its place, not its label: chat-export speakers, logins after a role,
ages beside a listed name, plates beside a state code, hospital names filling a header or a field.

Record systems print some values where no field label names them. A secure-chat or
help-desk export opens each message with the time and the speaker's login ("[10:32]
kpatel: pt in 12 ..."); a hand-off list or shift report writes the login after the
role ("Off-going RN: g-hill", "Officer mh4071 filed report"). Census and hand-off
lists put the age and sex right after the patient's name in compact forms ("Smith,
John M/67", "DAVIES, HELEN - (86 yrs)", "Cruz, Pedro - Male 33Y"); a security log or
claim page puts the plate after its state ("Jeep Cherokee, NV PV 23233") or after
"Lic" with the state behind it ("Lic HKR7332 UT"). Letterheads, census headers and
legacy screens print the hospital alone in a field, often in capitals or with the
town of its campus after it ("MERCY GENERAL HOSPITAL", "Baptist Health East Glen").

Each slot is narrow: a speaker must look made for a computer (lower or upper case
throughout, or digits, dots, underscores, an initial and a hyphen) and be no clinical
word; an age needs the name pattern right before it and an age unit or sex with it
(a bare number after a name is left alone unless bracketed after a listed name); a
plate needs letters and digits and a vehicle word just before it; a hospital name
must fill its field and hold a word of its own (no service, unit or clinical word),
so "TO THE GENERAL HOSPITAL" and "CARDIOLOGY CLINIC" inside a sentence stay untouched.
"""

from __future__ import annotations

import re

from . import vocab
from .base import Scan, TextPass, matches_on_lines, started_finditer
from ...text import clinical_vocabulary

#: "[10:32] kpatel:", "[21:29] CUNHA_R:", "[2:05 PM] j.doe42:": a chat export's time stamp and speaker at a line's start.
_CHAT_SPEAKER = re.compile(
    r"^[ \t]*\[[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?:[ \t]?[AaPp][Mm])?\][ \t]*"
    r"(?P<u>[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)*)[ \t]*:", re.MULTILINE)
#: A role and the login after it: "Off-going RN: g-hill", "Officer mh4071 filed", "Scribe: jdoe2".
_ROLE_LOGIN = re.compile(
    r"(?=[RLCPSOTHA])(?<![\w-])(?:RN|LPN|CNA|RT|RPh|PharmD|Scribe|SCRIBE|Officer|OFFICER|Ofc\.|OFC\.|Tech|TECH|Handler|HANDLER|Agent"
    r"|AGENT|Clerk|CLERK|Registrar|REGISTRAR|Operator|OPERATOR)"
    r"[ \t]*:?[ \t]+(?P<u>[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)*)(?![\w@-]|\.[A-Za-z0-9])")


#: Where a ``_ROLE_LOGIN`` can start: the capital every role opens with, then the pattern's look-behind.
_ROLE_START = re.compile(r"[RLCPSOTHA](?<![\w-].)")
#: Roles before which a bare word is taken for a login: titles, not words of a sentence.
_BARE_LOGIN_ROLES = frozenset({"rn", "lpn", "cna", "rph", "pharmd", "officer", "ofc."})


def _login_shape(u: str, bare_ok: bool) -> bool:
    """A token made for a computer: digits, a dot or underscore, or an initial and a hyphen ("g-hill"), in one
    case; with ``bare_ok`` also a lower-case word of five letters or more that no vocabulary knows ("amoreno")."""
    low = u.lower()
    if len(u) < 3 or low in vocab.NOT_USERNAMES or low in vocab.SERVICE_WORDS or low in vocab.NON_NAME_VALUES:
        return False
    if not (u.islower() or u.isupper() or any(c.isdigit() for c in u)):
        return False  # "Nurse", "Smith": a capitalised word is a name or a heading
    if low in clinical_vocabulary():
        return False
    if any(c.isdigit() for c in u) and any(c.isalpha() for c in u) or "." in u or "_" in u:
        return True
    if re.fullmatch(r"[a-z]-[a-z]{3,}", low):
        return True
    return bare_ok and u.isalpha() and len(u) >= 5 and (u.islower() or u.isupper())


def find_slot_logins(scan: Scan) -> None:
    """Chat-export speakers ("[10:32] kpatel:") and logins after a role ("Off-going RN: g-hill")."""
    text = scan.text
    if "[" in text and ":" in text:
        for m in _CHAT_SPEAKER.finditer(text):
            if _login_shape(m.group("u"), bare_ok=True):
                scan.emit(m.start("u"), m.end("u"), "USERNAME", 0.8)
    for m in started_finditer(_ROLE_LOGIN, _ROLE_START, text):
        u = m.group("u")
        # a bare word is a login only after a role no sentence uses as a word ("OFFICER BTAYLOR", not "AGENT RINSED")
        bare = text[m.start() : m.start("u")].split()[0].rstrip(":").lower() in _BARE_LOGIN_ROLES
        if _login_shape(u, bare_ok=bare):
            scan.emit(m.start("u"), m.end("u"), "USERNAME", 0.8 if any(c in u for c in "._-0123456789") else 0.75)


#: A listed name right before an age: "Smith, John", "DA CRUZ, PEDRO", "M. NOVAIS" and its separator (", ", " - ",
#: " (", blanks), maybe the sex before the number ("Male 33Y", "M 51Y").
_UP = r"[^\W\d_a-zà-ÿ]"  # a capital letter of any Latin alphabet
_WORD = r"[^\W\d_][\w'’-]*"
_NAME_THEN = re.compile(
    rf"(?P<name>(?<![\w'’-]){_UP}{_WORD}(?:[ ]{_UP}{_WORD})?,[ ]?{_UP}{_WORD}(?:[ ]{_UP}\.?)?"
    rf"|(?<![\w'’.-]){_UP}{_WORD}[ ]{_UP}{_WORD}|(?<![\w'’.-]){_UP}\.[ ]{_UP}{_WORD})"
    r"(?:[ ]?,[ ]?|[ ]+-[ ]+|[ ]+/[ ]+|[ ]?\|[ ]?|[ \t]+)\(?(?:(?:Male|Female|MALE|FEMALE|M|F|m|f)[ ]?,?[ ]?)?$")
#: The age itself after such a name: a number with a unit, a sex, or both ("33Y", "86 yrs)", "48 f", "24 Female",
#: "M/24" is found by the slash rule in ``ages``), ending at a field's end.
_LISTED_AGE = re.compile(
    r"(?P<n>[0-9]{1,3})(?P<unit>[ ]?(?:[Yy]|yo|YO|yrs?|YRS?|y/o|Y/O|y\.o\.|mos?|MOS?)(?![\w]))?"
    r"(?P<sex>(?:[ ]?[/|,])?[ ]{0,3}(?:[MFmf]|Male|Female|MALE|FEMALE|male|female)(?![\w]))?"
    r"(?P<close>\))?(?=[ \t]*(?:$|[,|;]|[ ]-[ ]|[ \t]{2,}|[ ][0-9]))", re.MULTILINE)
#: "M/24", "95/M": an age and sex joined by a slash after a listed name (a blank or comma before).
_SLASH_AGE = re.compile(r"(?=[0-9MF])(?:(?P<n>[0-9]{1,3})/[MF]|[MF]/(?P<m>[0-9]{1,3}))(?![\w/])")
_SEX_BEFORE = re.compile(r"(?<![\w'’-])(?:Male|Female|MALE|FEMALE|M|F|m|f)[ ]?,?[ ]?\(?$")
#: Words of a list's other fields that a name pattern could take ("Bed 12, Room 4 F", "Temp, Pulse 98 F").
_NOT_NAME_WORDS = frozenset({"bed", "room", "rm", "unit", "temp", "temperature", "tmax", "pulse", "hr", "bp", "rr", "spo2",
                             "weight", "wt", "height", "ht", "grade", "stage", "score", "size", "french", "fr", "gauge",
                             "dose", "total", "age", "sex", "gender", "years", "yrs", "male", "female"})
#: A number of up to three digits with what ``_LISTED_AGE`` allows after it, found at C speed.
_NUMBER = re.compile(r"(?=[0-9])(?<![\w./:-])[0-9]{1,3}(?=(?:[ ]?(?:[Yy]|yo|YO|yrs?|YRS?|y/o|Y/O|y\.o\.|mos?|MOS?)(?![\w]))?"
                     r"(?:(?:[ ]?[/|,])?[ ]{0,3}(?:[MFmf]|Male|Female|MALE|FEMALE|male|female)(?![\w]))?\)?"
                     r"[ \t]*(?:$|[,|;]|[ ]-[ ]|[ \t]{2,}|[ ][0-9]))",
                     re.MULTILINE)
#: Where a ``_NUMBER`` can start: a digit after no word character, ".", "/", ":" or "-" (the engine skips to digits).
_NUMBER_START = re.compile(r"[0-9](?<![\w./:-].)")


def _given_names() -> frozenset[str]:
    """The shipped first and last names: a bare bracketed number is an age only after a pair of them."""
    from .addresses import person_names

    return person_names()


def _listed_name(name: str) -> bool:
    """Whether the words before a listed age can be a person's name: not all clinical words, no field word."""
    words = [w.lower() for w in re.findall(r"[^\W\d_][\w'’-]+", name)]
    return not all(w in clinical_vocabulary() for w in words) and not any(w in _NOT_NAME_WORDS for w in words)


#: "67Y, M, MRN 1234567", "Demographics: 67y, F": an age with its unit and the sex, opening a line or a field.
_FIELD_AGE_SEX = re.compile(
    r"(?=[0-9])(?:^|(?<=: )|(?<=\| )|(?<=  )|(?<=\t))(?P<n>[0-9]{1,3})[ ]?(?:[Yy]|yo|YO|yrs?|YRS?|y/o|Y/O)[ ]?[,/][ ]?"
    r"(?:[MF]|Male|Female|MALE|FEMALE)(?=[ \t]*(?:$|[,|;]|[ \t]{2,}))", re.MULTILINE)
#: "67 female presents with", "67 yrs male here for": a case summary's age, unit and sex in words at a line's start.
_SUMMARY_AGE = re.compile(
    r"^[ \t]*(?P<n>[0-9]{1,3})[ ]?(?:yrs?|years?|yo|y/o|y\.o\.)?[ ](?i:male|female|man|woman|boy|girl)[ ]"
    r"(?i:presents?|presenting|here|with|w/|who|c/o|complaining|s/p|brought|referred|admitted|seen)\b", re.MULTILINE)


_DIGIT_LINE = re.compile(r"\n(?=[ \t]*[0-9])")


def find_listed_ages(scan: Scan) -> None:
    """The age printed right after a listed name with its unit or sex: "Williams, Marie - 69Y F",
    "DAVIES, HELEN - (86 yrs)", "BRADY, MICHELE, 102 Male", "Phillips, Brandon M/24"."""
    text = scan.text
    for m in started_finditer(_NUMBER, _NUMBER_START, text):
        s = m.start()
        age = _LISTED_AGE.match(text, s)
        bare_bracket = age and age.group("close") and text[s - 1 : s] == "("
        if not age or not (age.group("unit") or age.group("sex") or bare_bracket
                           or _SEX_BEFORE.search(text, max(0, s - 10), s)):
            continue  # (cheap tests first: most numbers have no age's unit or sex beside them)
        before = _NAME_THEN.search(text, max(0, s - 60), s)
        if not before:
            continue
        if not _listed_name(before.group("name")):
            continue  # "Hypertension, Diabetes 10 yrs"; "Bed 12, Room 4 F"
        sexed = re.search(r"(?:Male|Female|MALE|FEMALE|M|F|m|f)[ ]?,?[ ]?$", before.group()) is not None
        if 0 < int(age.group("n")) <= 120:
            bracket = "(" in before.group()[before.end("name") - before.start() :]
            # a bare number in brackets only after a name in "Last, First" order or with a listed given name
            named = "," in before.group("name") or all(w.title() in _given_names() for w in before.group("name").split())
            if (age.group("unit") or age.group("sex") or sexed or bare_bracket and named) \
                    and bracket == bool(age.group("close")):
                scan.emit(s, age.end("n"), "AGE", 0.8)
                scan.emit(before.start("name"), before.end("name"), "PATIENT", 0.7)  # the listed person
            continue
    starts = [0] + [m.end() for m in _DIGIT_LINE.finditer(text)]  # lines opening with a number: few
    summaries = [m for m in (_SUMMARY_AGE.match(text, p) for p in starts) if m]
    for m in (*_FIELD_AGE_SEX.finditer(text), *summaries):
        if 0 < int(m.group("n")) <= 120:
            scan.emit(m.start("n"), m.end("n"), "AGE", 0.8)
    if "/M" in text or "/F" in text or "M/" in text or "F/" in text:
        for m in _SLASH_AGE.finditer(text):
            g = "n" if m.group("n") else "m"
            lead = text[max(0, m.start() - 60) : m.start()]
            if 0 < int(m.group(g)) <= 120 and re.search(
                    r"[A-Za-z'’-]{2,},?[ ]?(?:[A-Z][A-Za-z'’-]+|[A-Z]\.)?(?:[ ]?,[ ]?|[ ]+-[ ]+|[ ]+|\t+)$", lead) \
                    and not re.search(r"(?i:bp|b/p|blood pressure|pressure|ratio|grade|score)[ :]*[0-9/ ]*$", lead):
                scan.emit(m.start(g), m.end(g), "AGE", 0.8)
                name = _NAME_THEN.search(text, max(0, m.start() - 60), m.start())
                if name and _listed_name(name.group("name")):
                    scan.emit(name.start("name"), name.end("name"), "PATIENT", 0.7)  # "Zaniewicz, Kajetan, M/4"


#: A plate after its state code on a line that names a vehicle: "Toyota Tacoma, NV PV 23233", "MD DXN4525".
_STATE_PLATE = re.compile(
    r"(?=[A-Z]{2}[ ])(?<![\w-])(?P<st>[A-Z]{2})[ ](?P<p>(?=[A-Z0-9 -]{0,9}[0-9])(?=[A-Z0-9 -]{0,9}[A-Z])[A-Z0-9]{2,4}[ -]?[A-Z0-9]{2,5})"
    r"(?![\w/.:-])")
#: "Lic HKR7332 UT", "Lic 72S 684 KY": a plate after "Lic" with its state behind it.
_LIC_PLATE_STATE = re.compile(
    r"(?<![\w-])(?i:lic\.?)[ \t]+(?P<p>(?=[A-Z0-9 -]{0,9}[0-9])(?=[A-Z0-9 -]{0,9}[A-Z])[A-Z0-9]{2,4}[ -]?[A-Z0-9]{2,5})"
    r"[ \t,]+\(?(?P<st>[A-Z]{2})\)?(?![\w-])")
#: Where ``_LIC_PLATE_STATE`` and ``_STATE_PLATE`` can start: "lic" after no word character; two capitals and a blank.
_LIC_START = re.compile(r"(?i:l(?<![\w-].)ic)")
_STATE_START = re.compile(r"[A-Z](?<![\w-].)[A-Z][ ]")
_PLAIN_WORDS = frozenset({"and", "or", "the", "for", "with", "was", "are", "not", "but", "per", "via", "of", "to", "in",
                          "on", "at", "by", "mg", "ml", "mm", "cm", "kg", "hrs", "yrs", "am", "pm", "old", "exp",
                          "expires", "color", "vin", "make", "model", "year", "yr", "ins", "dob", "age", "sex", "mrn"})
_VEHICLE_WORDS = re.compile(r"(?i)\b(?:vehicle|veh[0-9]?|car|truck|van|suv|sedan|pickup|motorcycle|plate|tag|towed|parked)\b")


def find_state_plates(scan: Scan) -> None:
    """A plate beside its state's code on a line naming a vehicle ("Vehicle: Silver Jeep Cherokee, NV PV 23233")."""
    text = scan.text
    if scan.may_hold("lic"):
        for m in started_finditer(_LIC_PLATE_STATE, _LIC_START, text):
            if m.group("st") in vocab.STATE_CODES:
                scan.emit(m.start("p"), m.end("p"), "VEHICLE", 0.8)
    for m in started_finditer(_STATE_PLATE, _STATE_START, text):
        p = m.group("p")
        if m.group("st") not in vocab.STATE_CODES or sum(c.isdigit() for c in p) < 2:
            continue
        groups = re.split(r"[ -]", p)
        if any(g.isalpha() and (g.lower() in clinical_vocabulary() or g.lower() in _PLAIN_WORDS) for g in groups) or (
                len(groups) == 2 and any(re.fullmatch(r"(?:19|20)[0-9]{2}", g) for g in groups)):
            continue  # "IN 2007 AND": a year and a word, no plate
        if _VEHICLE_WORDS.search(text, max(scan.line_start(m.start()), m.start() - 60), m.start()):
            scan.emit(m.start("p"), m.end("p"), "VEHICLE", 0.75)


#: "J. Duncan (EMT-P)", "S. BLACK (EMT-B)": a crew or staff member as an initial and a surname with the credential
#: bracketed after it (EMS run sheets, rosters); an organism or a drug ("E. coli (MRSA)") has no credential there.
_BRACKET_CREDENTIAL = re.compile(
    r"(?<![\w.'’-])(?P<n>[A-Z]\.[ ]?[A-Z][^\W\d_'’]*[^\W\d_](?:-[A-Z][^\W\d_]+)?)[ ]\((?:EMT(?:-[BPIA])?|AEMT|EMR|Paramedic|"
    r"PARAMEDIC|RN|LPN|CNA|MD|DO|NP|PA-C|RT|RRT|CRNA|FF)\)")


def find_bracket_credentials(scan: Scan) -> None:
    """An initial and a surname before a bracketed credential name a clinician (DOCTOR)."""
    for m in _BRACKET_CREDENTIAL.finditer(scan.text):
        scan.emit(m.start("n"), m.end("n"), "DOCTOR", 0.75)


SLOT_LOGINS = TextPass(("USERNAME",), lambda scan: True, find_slot_logins)
LISTED_AGES = TextPass(("AGE",), lambda scan: scan.has_digit, find_listed_ages)
STATE_PLATES = TextPass(("VEHICLE",), lambda scan: scan.has_digit, find_state_plates)
BRACKET_CREDENTIALS = TextPass(("DOCTOR",), lambda scan: ". " in scan.text and ")" in scan.text, find_bracket_credentials)


#: "Mercy Hospital Garrettton", "Baptist Health East Glen", "NORTHSIDE HOSPITAL PITTMANSTAD": a hospital or health
#: system's name and the town of its campus after it, filling a field of a header or a form (its start after a line
#: start, ": ", " - ", a bar or a run of blanks; its end at the line's end, a bar, a bracket or a run of blanks).
_HOSPITAL_TAIL = re.compile(
    rf"(?=[^\W\d_a-z])(?:^|(?<=: )|(?<= - )|(?<=\| )|(?<=  )|(?<=\t))(?P<name>(?:The[ ]|THE[ ])?{_UP}{_WORD}(?:[ ]{_UP}{_WORD}){{0,2}}[ ]"
    r"(?P<head>Hospital|HOSPITAL|Health|HEALTH|Medical Center|MEDICAL CENTER|Clinic|CLINIC|Healthcare|HEALTHCARE)"
    rf"(?P<tail>(?:[ ]{_UP}{_WORD}){{1,3}}))(?=[ \t]*(?:$|\||\)|[ \t]{{2}}|\t|,[ ]))", re.MULTILINE)
#: The head words of ``_HOSPITAL_TAIL`` and ``_THE_HOSPITAL``, found at C speed: the lines to scan.
_TAIL_GATE = re.compile(r"Hospital|HOSPITAL|Health|HEALTH|Medical Center|MEDICAL CENTER|Clinic|CLINIC")
#: Words after a hospital's name that name a part of it or the note's next words, not its town.
_NOT_TOWN_WORDS = frozenset({
    "emergency", "department", "dept", "campus", "center", "centre", "system", "systems", "network", "group",
    "services", "service", "unit", "icu", "ed", "er", "or", "pharmacy", "laboratory", "lab", "radiology", "clinic",
    "medical", "hospital", "health", "foundation", "physicians", "partners", "associates", "outpatient", "inpatient",
    "main", "north", "south", "east", "west", "tower", "pavilion", "wing", "building", "annex", "auxiliary",
    "records", "admissions", "billing", "registration", "security", "shift", "nights", "days", "log", "report",
})


#: "The Williams Clinic", "THE HENDERSON CLINIC": a clinic's name with its article, alone in a field.
_THE_HOSPITAL = re.compile(
    rf"(?=T)(?:^|(?<=: )|(?<= - )|(?<=\| )|(?<=  )|(?<=\t))(?P<name>(?:The|THE)(?P<own>(?:[ ]{_UP}{_WORD}){{1,3}})[ ]"
    r"(?:Clinic|CLINIC|Hospital|HOSPITAL|Medical Center|MEDICAL CENTER))(?=[ \t]*(?:$|\||\)|[ \t]{2}|\t|,[ ]))",
    re.MULTILINE)


def find_hospital_tails(scan: Scan) -> None:
    """A hospital's name with its town after it, or with its article, alone in a field: the whole name (HOSPITAL)."""
    text = scan.text
    vocabulary = clinical_vocabulary()
    lines = scan.lines_holding(_TAIL_GATE, lowered=False)
    if "The " in text or "THE " in text:
        for m in matches_on_lines(_THE_HOSPITAL, text, lines):
            own = m.group("own").split()
            if any(w.lower() in vocabulary or w.lower() in vocab.SERVICE_WORDS or w.lower() in _UNIT_WORDS for w in own):
                continue  # "The Cardiology Clinic", "The Heart Failure Clinic"
            scan.emit(m.start("name"), m.end("name"), "HOSPITAL", 0.8)
    for m in matches_on_lines(_HOSPITAL_TAIL, text, lines):
        head_words = m.group("name")[: m.start("head") - m.start("name")].split()
        tail = m.group("tail").split()
        if any(w.lower() in vocabulary and w.lower() not in ("the",) for w in head_words):
            continue  # "Mental Health Services", "Urgent Care Clinic Today"
        if tail[-1].lower() in _NOT_TOWN_WORDS or any(w.lower() in vocabulary for w in tail):
            continue  # "Mercy Hospital Emergency Department", "St. Mary Hospital Main Campus"
        if all(w.lower() in _NOT_TOWN_WORDS for w in tail):
            continue
        scan.emit(m.start("name"), m.end("name"), "HOSPITAL", 0.8)


#: Every match of either pattern holds a head word of ``_TAIL_GATE``: a text holding none is skipped.
HOSPITAL_TAILS = TextPass(("HOSPITAL",), lambda scan: _TAIL_GATE.search(scan.text) is not None, find_hospital_tails)


#: A hospital's name in capitals filling a field, as letterheads, banners and legacy screens print it: "MERCY GENERAL
#: HOSPITAL", "FACILITY: ST. JOSEPH'S REGIONAL MEDICAL CENTER", "LAKESIDE FAMILY CLINIC  PAGE 1" (a line's start, a
#: colon, a bar, a dash or a run of blanks before it; the line's end, a bar, a bracket, a comma or blanks after it).
_CAPS_HOSPITAL = re.compile(
    r"(?=[A-Z])(?:^|(?<=: )|(?<=:)|(?<= - )|(?<=\| )|(?<=  )|(?<=\t))(?P<name>(?:[A-Z][A-Z'’.&-]*[ ]){1,5}"
    r"(?:HOSPITAL|MEDICAL[ ]CENTER|MEDICAL[ ]CENTRE|HEALTH[ ]CENTER|HEALTH[ ]SYSTEM|HEALTHCARE[ ]SYSTEM|INFIRMARY"
    r"|CLINIC|SURGERY[ ]CENTER|SURGICAL[ ]CENTER|CANCER[ ]CENTER|CANCER[ ]INSTITUTE|REHABILITATION[ ]HOSPITAL))"
    # "GOOD SAMARITAN HOSPITAL OF EAST MARK": the town after "OF", up to the field's end
    r"(?P<of>[ ]OF[ ][A-Z][A-Z'’.-]*(?:[ ][A-Z][A-Z'’.-]*){0,2}(?=[ \t]*(?:$|\||[ \t]{2}|,[ ])))?"
    r"(?=[ \t]*(?:$|\||\)|[ \t]{2}|\t|,[ ]|[ ]-[ ]))", re.MULTILINE)
#: The same in title case ("Printed from: Mercy Regional Medical Center  Page 2"), where the lexicon misses one.
_TITLE_HOSPITAL = re.compile(
    r"(?=[A-Z])(?:^|(?<=: )|(?<=:)|(?<= - )|(?<=\| )|(?<=  )|(?<=\t))(?P<name>(?:(?:[A-Z][a-z'’&-]+|St\.|[A-Z]\.)[ ]){1,5}"
    r"(?:Hospital|Medical[ ]Center|Medical[ ]Centre|Health[ ]Center|Health[ ]System|Healthcare[ ]System|Infirmary"
    r"|Clinic|Surgery[ ]Center|Surgical[ ]Center|Cancer[ ]Center|Cancer[ ]Institute|Rehabilitation[ ]Hospital))"
    r"(?P<of>[ ]of[ ][A-Z][a-z'’.-]*(?:[ ][A-Z][a-z'’.-]*){0,2}(?=[ \t]*(?:$|\||[ \t]{2}|,[ ])))?"
    r"(?=[ \t]*(?:$|\||\)|[ \t]{2}|\t|,[ ]|[ ]-[ ]))", re.MULTILINE)
_TITLE_GATE = re.compile(r"Hospital|Center|Centre|Clinic|Infirmary|System|Institute")
#: Words of a name that mark the word before them as the name's own, even a word of the clinical vocabulary
#: ("BROWN MEMORIAL HOSPITAL", "WHITE COUNTY MEDICAL CENTER").
_NAME_MARKERS = frozenset({"memorial", "general", "community", "regional", "county", "district"})
#: Words of hospitals' names that say what kind of place it is, not which: a name needs a word beyond them.
_GENERIC_HOSPITAL_WORDS = frozenset({
    "general", "memorial", "regional", "community", "university", "children's", "childrens", "county", "city", "state",
    "district", "medical", "health", "center", "centre", "hospital", "clinic", "family", "women's", "womens", "veterans",
    "va", "teaching", "district", "private", "public", "local", "main", "new", "old", "the", "of", "and", "&",
    "surgery", "surgical", "cancer", "rehabilitation", "rehab", "psychiatric", "behavioral", "mental", "st.", "st",
    "saint", "our", "lady", "sacred", "heart", "good", "samaritan", "north", "south", "east", "west", "central",
})


_CAPS_GATE = re.compile(r"HOSPITAL|CENTER|CENTRE|CLINIC|INFIRMARY|SYSTEM|INSTITUTE")


def find_caps_hospitals(scan: Scan) -> None:
    """A hospital's name in capitals with a word of its own, alone in a field ("MERCY GENERAL HOSPITAL"); "THE
    HOSPITAL", "TO THE GENERAL HOSPITAL", "EMERGENCY CLINIC" and names inside a sentence are left alone."""
    text = scan.text
    vocabulary = clinical_vocabulary()
    found = [*matches_on_lines(_CAPS_HOSPITAL, text, scan.lines_if(_CAPS_GATE, lowered=False)),
             *matches_on_lines(_TITLE_HOSPITAL, text, scan.lines_if(_TITLE_GATE, lowered=False))]
    for m in found:
        words = m.group("name").split()
        head = 1 if words[-1].upper() in ("HOSPITAL", "INFIRMARY", "CLINIC") else 2
        lead = words[:-head]
        # the name's own words run back from the head while they are no clinical or function word
        k = len(lead)
        while k > 0 and (lead[k - 1].lower() in _GENERIC_HOSPITAL_WORDS or _own_word(lead[k - 1], vocabulary)
                         or k < len(lead) and lead[k].lower() in _NAME_MARKERS and _surname_like(lead[k - 1])) \
                and lead[k - 1].lower() not in _CAPS_STOP:
            k -= 1
        own = lead[k:]
        marked = any(i + 1 < len(own) and own[i + 1].lower() in _NAME_MARKERS and _surname_like(w) for i, w in enumerate(own))
        of = m.group("of") and not any(w.lower() in _CAPS_STOP or w.lower() in vocab.SERVICE_WORDS
                                       for w in m.group("of").split()[1:])  # "OF EAST MARK", not "OF THE TOWN"
        if not of and (not own or not marked and all(
                w.lower() in _GENERIC_HOSPITAL_WORDS or not _own_word(w, vocabulary) for w in own)):
            continue
        if any((w.lower() in vocab.SERVICE_WORDS or w.lower() in _UNIT_WORDS) and w.lower() not in _GENERIC_HOSPITAL_WORDS
               for w in own):
            continue  # "CARDIOLOGY CLINIC", "EMERGENCY CLINIC", "DIABETES CLINIC": a service, not a place
        start = m.start("name") + len(" ".join(lead[:k])) + (1 if k else 0)
        scan.emit(start, m.end() if of else m.end("name"), "HOSPITAL", 0.8)


#: Services and conditions that name a clinic of a hospital ("ANTICOAGULATION CLINIC"), with ``vocab.SERVICE_WORDS``.
_UNIT_WORDS = frozenset({"anticoagulation", "coumadin", "diabetes", "diabetic", "heart", "failure", "lipid", "memory",
                         "fertility", "travel", "vaccine", "allergy", "asthma", "hiv", "std", "tb", "walk-in", "urgent",
                         "outside", "outpatient", "inpatient", "referring", "receiving", "sending", "same", "this",
                         "that", "your", "his", "her", "their", "our", "my", "other", "another", "any", "local"})


def _surname_like(word: str) -> bool:
    """A word of letters that no service, unit or function word spells: a vocabulary word may be a surname there."""
    low = word.lower()
    if not (word.isalpha() and len(word) >= 3) or low in vocab.SERVICE_WORDS or low in _UNIT_WORDS \
            or low in _CAPS_STOP or low in _GENERIC_HOSPITAL_WORDS:
        return False
    from .addresses import person_names

    return low not in clinical_vocabulary() or word.title() in person_names()  # "BROWN", not "ACUTE"


def _own_word(word: str, vocabulary: frozenset[str]) -> bool:
    """A word a hospital's name can own: no clinical word, service or unit word ("MERCY", "LAKESIDE", "ST.")."""
    low = word.lower().strip(".'’,")
    return low not in vocabulary and low not in vocab.SERVICE_WORDS and low not in _UNIT_WORDS and low not in _CAPS_STOP


#: Words that end a capitalised run before a hospital's name ("ADMITTED TO MERCY HOSPITAL").
_CAPS_STOP = frozenset({"to", "at", "from", "in", "the", "and", "or", "of", "by", "for", "with", "was", "is", "a", "an",
                        "via", "per", "into", "admitted", "transferred", "seen", "discharged"})
CAPS_HOSPITALS = TextPass(("HOSPITAL",), lambda scan: scan.may_hold("hospital", "center", "centre", "clinic",
                                                                   "infirmary", "system", "institute"),
                          find_caps_hospitals)


#: "License: RN 1234567", "Medical License No. G 12345": a licence number printed with a blank after its letters.
_SPACED_LICENCE = re.compile(
    r"(?<![\w-])(?i:licen[sc]e|lic\.?)(?:[ ]+(?i:no\.?|number|num\.?|#))?[ ]*[:#]?[ ]*"
    r"(?P<v>(?-i:[A-Z]{1,3})[ ][0-9]{4,10})(?![\w/.-])")
#: "State ID: NY 123 456 789", "ID card # TX 12345678": a state identity card's number after its state.
_STATE_ID = re.compile(
    r"(?<![\w-])(?i:state[ ]id|id[ ]card|identification[ ]card)[ ]*(?:#|(?i:no\.?))?[ ]*:?[ ]*"
    r"(?P<st>[A-Z]{2})[ ](?P<v>[0-9]{3}[ ][0-9]{3}[ ][0-9]{3}|[A-Z0-9]{6,12})(?![\w-])")


#: What every match of the two patterns above holds on its line (lower-cased): the lines without it are skipped.
_LIC_GATE = re.compile(r"lic")
_STATE_ID_GATE = re.compile(r"state id|id card|identification card")


def find_spaced_licences(scan: Scan) -> None:
    """Licence and state ID numbers written in two pieces ("License: RN 1234567", "State ID: NY 123 456 789")."""
    text = scan.text
    for m in matches_on_lines(_SPACED_LICENCE, text, scan.lines_if(_LIC_GATE)):
        scan.emit(m.start("v"), m.end("v"), "LICENSE", 0.85)
    for m in matches_on_lines(_STATE_ID, text, scan.lines_if(_STATE_ID_GATE)):
        if m.group("st") in vocab.STATE_CODES and any(c.isdigit() for c in m.group("v")):
            scan.emit(m.start("st"), m.end("v"), "LICENSE", 0.85)


SPACED_LICENCES = TextPass(("LICENSE",), lambda scan: scan.has_digit and scan.may_hold("lic", "id"),
                           find_spaced_licences)
