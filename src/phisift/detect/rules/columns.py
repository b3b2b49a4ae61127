"""Record print-outs: a header row over value rows, and a label and its value without a colon.

Census lists, CSV and pipe exports, vaccine tables and claim screens name what a
value is once, in a header ("MR#   AGE  ATTENDING", "mrn,patient_name,zip5"), and
then print bare values under it: a bare "63" or "48954" says nothing alone, its
column says it is an age or a ZIP code. Face sheets print a label and its value on
one line with a tab, "=", " - ", dots or a run of blanks between them ("PT NAME\t
HEINZ GUTKNECHT", "Entered By= FA5119", "Member Name.... A. Martins"), where the
colon-led field rules do not look.

Only header cells that are all short and mostly known column names make a header,
and each value must have the shape of its column (an age a number up to 125, an ID
a digit, a name the make-up of a name), so prose lines with commas are left alone.
"""

from __future__ import annotations

import re

from . import vocab
from .base import Scan, TextPass
from .names import TITLE_HEAD, clean_name
from ...text import clinical_vocabulary

#: Column and field names (lower case, blanks for "_" and ".", no "#" or ":") -> the label of their values.
COLUMNS: dict[str, str] = {}
for _label, _names in {
    "PATIENT": ("patient name", "patient", "pt name", "pt", "name", "member name", "client name", "resident", "full name",
                "last name", "first name", "patient full name", "infant", "mother", "father", "guarantor",
                "guarantor name", "subscriber", "subscriber name", "insured", "insured name", "insureds name",
                "policy holder", "policyholder", "emergency contact", "emergency contact name", "next of kin", "nok",
                "guardian", "parent guardian", "spouse", "responsible party", "member", "patient last first", "mothers name", "fathers name",
                "mothers maiden name", "patient name last first", "employee", "employee name",
                "decedents legal name", "decedents name", "informants name", "informant",
                "mothers name prior to first marriage", "patient last", "patient first", "driver", "driver name",
                "cardholder name", "parent", "parent name", "resp party", "responsible party name", "client",
                "rx for", "prescription for"),
    "DOCTOR": ("attending", "attending physician", "attending md", "att phys", "provider", "physician", "pcp",
               "pcp name", "primary care physician", "primary provider", "referring md", "referring physician",
               "referring provider", "ref provider", "ref dr", "ordering provider", "ordering md", "ordered by",
               "rendering provider", "surgeon", "doctor", "treating physician", "admitting md", "consultant",
               "radiologist", "pathologist", "pediatrician", "family doctor", "requested by", "prescriber",
               "prescriber name", "prescribing physician", "implanting physician", "ordering physician",
               "accepting physician", "examiner", "pharmacist", "prescriber last"),
    "USERNAME": ("user", "username", "user id", "userid", "login", "entered by", "given by", "administered by",
                 "modified by", "last edited by", "edited by", "verified by", "reviewed by", "author", "operator",
                 "login id", "user name", "portal user", "portal username", "reset by", "last reset by", "rph",
                 "created by", "updated by", "unlocked by", "account name", "screen name", "handle", "user name id",
                 "signed by", "dictated by", "transcribed by", "approved by", "submitted by", "network id", "by",
                 "note author", "sign off", "signed off by", "placed by", "order placed by", "reviewer", "assigned to"),
    "MEDICALRECORD": ("mrn", "mr", "mr no", "med rec", "medical record", "medical record no", "medical record number",
                      "chart", "chart no", "hosp", "unit no", "pt id", "patient id", "empi", "record", "patient no"),
    "ACCOUNT": ("acct", "acct no", "account", "account no", "account number", "patient account no", "fin", "har",
                "pat ctrl", "patient control", "patient ctrl",
                "billing", "billing acct", "invoice", "financial", "statement acct"),
    "IDNUM": ("encounter", "enc id", "encounter number", "visit id", "visit no", "csn", "accession", "accession no",
              "acc", "specimen", "specimen id", "spec id", "order", "order id", "order number", "claim", "claim no",
              "claim id", "case", "requisition", "req no", "auth", "registry id", "photo", "photo file", "image file",
              "attachment", "npi", "npi no", "provider npi", "fed tax", "fed tax no", "federal tax id", "tax id",
              "ein", "fein", "tin", "badge", "badge no", "incident", "incident no", "rx", "rx no", "ncpdp id",
              "ptan", "policy number", "visit", "admission", "admission no", "episode", "episode no", "icn",
              "check eft", "eft", "tax id no", "federal tax id no"),
    "HEALTHPLAN": ("member id", "ins member id", "ins id", "insurance id", "subscriber id", "policy", "policy no",
                   "group", "group no", "group number", "group id", "grp", "medicaid", "medicare id", "mbi",
                   "beneficiary id", "health plan id", "insured id", "cert", "plan group", "cardholder id",
                   "insureds unique id", "insurance group no", "insurance group", "rxgrp", "rx group", "mbr", "mbr id",
                   "hic member", "hic", "policy id", "certificate", "plan member", "subscriber no", "member no",
                   "employer group", "contract no"),
    "SSN": ("ssn", "social security no", "social security number", "soc sec", "ss"),
    "DATE": ("dob", "d o b", "birth date", "birthdate", "date of birth", "born", "date", "svc date", "dos",
             "date of service", "service date", "visit date", "appt date", "admit", "admit date", "adm date",
             "admission date", "discharge date", "disch date", "date given", "given", "collected", "received",
             "reported", "exam date", "encounter date", "date seen", "dod", "date of death", "next appt", "b d"),
    "AGE": ("age", "age yrs", "pt age", "age at visit", "age last birthday", "patient age",
            "age years", "age sex", "age gender", "age at death", "age at admission", "age at diagnosis",
            "age at onset", "age at service", "age at exam"),
    "PHONE": ("phone", "ph", "tel", "telephone", "home phone", "phone home", "phone h", "cell", "cell phone",
              "mobile", "contact", "daytime phone", "primary phone", "work phone", "phone c"),
    "FAX": ("fax", "fax no", "fax number"),
    "ZIP": ("zip", "zip code", "zip5", "zipcode", "postal code", "postcode", "patient zip", "pt zip", "zip+4",
            "zip 4", "postalcode"),
    "CITY": ("city", "town", "city or town", "city town"),
    "STATE": ("state", "st", "residence state", "state of residence", "ol st", "dl state",
              "issuing state"),
    "COUNTRY": ("country", "nationality", "country of residence", "citizenship", "country of birth"),
    "STREET": ("address", "street", "addr", "street address", "address 1", "address line 1", "home address",
               "street and number", "residence address"),
    "HOSPITAL": ("facility", "hospital", "facility name", "clinic", "service location", "location",
                 "servicing facility", "treating facility", "source facility", "receiving facility", "sending facility",
                 "referring facility", "performing facility", "osh", "outside hospital", "prior hospital"),
    "DEVICE": ("lot", "lot no", "lot number", "serial", "serial no", "serial number", "sn", "s n", "udi", "batch",
               "batch no", "batch number"),
    "VEHICLE": ("plate", "license plate", "vin", "vehicle identifier", "vehicle id", "vehicle tag", "vehicle plate", "tag",
                "lic plate", "plate no", "tag no", "vrm", "vehicle reg", "vehicle registration"),
    "LOCATION-OTHER": ("county", "county of residence", "cnty"),
    "LICENSE": ("license", "license no", "dea", "dea no", "lic", "dl", "dl no", "drivers license", "driver license",
                "state lic", "st lic", "board cert", "cds", "controlled substance reg", "state license"),
    "PROFESSION": ("occupation", "occ", "job title", "usual occupation", "decedents usual occupation", "position",
                   "profession"),
    "ORGANIZATION": ("employer", "employer name", "kind of business industry", "place of employment", "company",
                     "payer", "payer name", "payor", "insurer", "insurance company", "ins co", "carrier",
                     "insurance carrier", "agency", "school", "school name", "pharmacy", "pharmacy name",
                     "funeral facility", "funeral home", "supplier", "dme supplier", "works at",
                     "insurance co", "insurer name", "auto insurer", "employed by", "vendor", "organization",
                     "organisation", "organization name", "company name", "business name", "home health agency",
                     "hha", "group name", "former employer", "previous employer", "current employer", "bill to",
                     "primary payer", "secondary payer", "insurance", "primary insurance", "secondary insurance",
                     "home care agency", "hospice agency", "towing company", "place of work", "employer name address",
                     "emp", "performing lab", "reference lab", "lab name", "performing laboratory", "reference laboratory",
                     "case worker agency", "caseworker agency", "agency name", "ems agency", "transport company",
                     "ambulance company", "ambulance service", "daycare", "day care", "law firm"),
}.items():
    for _name in _names:
        COLUMNS[_name] = _label

#: Names that are a column in a header row but too common as the start of a prose line to open a label and value.
_TABLE_ONLY = frozenset({"patient", "pt", "name", "member", "date", "given", "contact", "record", "order", "case",
                         "group", "policy", "provider", "physician", "doctor", "state", "acc", "ss", "user",
                         "infant", "mother", "father", "spouse", "admit", "received", "reported", "collected", "born",
                         "photo", "attachment", "auth", "serial", "lot", "plate", "license", "lic", "cert", "hosp",
                         "financial", "billing", "invoice", "chart", "cell", "mobile", "consultant",
                         "location", "driver", "parent", "informant", "rx", "badge", "incident", "company",
                         "carrier", "school", "pharmacy", "supplier", "handle", "examiner", "tin", "st", "tag", "visit", "admission",
                         "episode", "batch", "hic", "certificate", "eft", "by", "emp", "reviewer", "assigned to"})
#: What a procedure note's "Position:" holds: the body's, not a job.
_BODY_POSITIONS = frozenset({"supine", "prone", "lateral", "lithotomy", "sitting", "standing", "fowler", "fowler's",
                             "semi-fowler", "semi-fowler's", "trendelenburg", "reverse", "left", "right", "beach",
                             "decubitus", "jackknife", "kneeling", "seated", "upright", "semirecumbent", "recumbent",
                             "modified", "neutral", "park", "knee-chest", "sims", "lloyd-davies", "frog-leg"})
#: Column names of record print-outs that hold no PHI ("Role", "Action", "Workstation"): they count toward a
#: header row being one (an audit table "Date/Time | User ID | Name | Role | Action | Workstation").
_NEUTRAL_COLUMNS = frozenset({
    "date time", "time", "access time", "event time", "role", "action", "event", "workstation", "ws", "department",
    "dept", "status", "type", "description", "comments", "comment", "bed", "room", "rm", "unit", "sex", "gender",
    "sx", "cc", "dx", "diagnosis", "esi", "los", "code status", "activity", "module", "reason", "source",
})
#: Values of a payer or insurance field that name a kind of coverage, not a body.
_COVERAGE_WORDS = frozenset({"medicare", "medicaid", "self", "self pay", "self-pay", "selfpay", "none", "uninsured",
                             "commercial", "private", "pending", "unknown", "yes", "no", "active", "patient",
                             "same", "same as above", "see above", "n/a", "other"})
#: Labels that name their value only with a mark after them ("Insurance: Aetna"), never as a box's first word
#: ("11c. INSURANCE PLAN NAME OR PROGRAM NAME").
_MARKED_ONLY = frozenset({"insurance", "bill to"})
_NORM_DROP = re.compile(r"[#:().\"]")
_DIGIT = re.compile(r"[0-9]")
_ID_LABELS = frozenset({"MEDICALRECORD", "ACCOUNT", "IDNUM", "HEALTHPLAN", "SSN", "DEVICE", "VEHICLE", "LICENSE", "ZIP",
                        "PHONE", "FAX", "DATE", "AGE"})
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_CLOCK_TAIL = re.compile(r"[ \t]+[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?:[ \t]?(?i:[ap]\.?m\.?))?$")
_AGE_VALUE = re.compile(r"(?P<n>[0-9]{1,3})(?:[ \t]*(?:y|yo|yrs?|years?|y/o|mo|mos|months?)\.?)?"
                        r"(?:[ \t]*/?[ \t]*(?:[mf]|male|female))?", re.IGNORECASE)
_ID_VALUE = re.compile(r"[A-Za-z0-9][A-Za-z0-9/._-]*(?:[ ][A-Za-z0-9][A-Za-z0-9/._-]*){0,3}")
_LOGIN_VALUE = re.compile(r"[A-Za-z][A-Za-z0-9._-]{1,40}")
_PHONE_VALUE = re.compile(r"[+(0-9][0-9() .+-]{5,}[0-9](?:[ \t]*(?:x|ext\.?)[ \t]*[0-9]{1,5})?", re.IGNORECASE)
_ZIP_VALUE = re.compile(r"(?=[A-Z0-9 -]*[0-9])(?:[A-Z0-9]{2,5}(?:[ -][A-Z0-9]{3,4})?|[A-Z][0-9][A-Z][0-9][A-Z][0-9])")
_PLACE_VALUE = re.compile(r"[^\W\d_][\w'’.&-]*(?:[ ]+[^\W\d_][\w'’.&-]*){0,5}")
_JOB_VALUE = re.compile(r"[^\W\d_][\w'’.&-]*(?:(?:[ ]+|,[ ]*|/)\(?[^\W\d_][\w'’.&-]*\)?){0,6}")
_ORG_VALUE = re.compile(r"[^\W_][\w'’.&,-]*(?:[ ]+(?:&|#?[^\W_][\w'’.&,-]*)){0,7}")  # "Walmart Supercenter #5584"
#: Cell separators of a row: a tab, a bar, a semicolon, a comma, or a run of two or more blanks.
_DELIMS = ("\t", "|", ";", ",")
_GAP = re.compile(r"[ \t]{2,}|\t")
#: "Label<sep>value" on a line: the separators a colon-less print-out puts between them.
_PAIR = re.compile(
    r"(?P<label>[A-Za-z][A-Za-z0-9'’./(), -]{0,40}?[A-Za-z0-9.)#]?)[ ]*(?P<sep>\t+|[ ]*=[ ]*|[ ]+-{1,2}[ ]+|[ ]*\.{3,}[ ]*"
    r"|[ ]*#[ ]*|[ ]*:[ ]*|[ ]{2,})(?P<value>\S.*)"
)


def normalize(cell: str) -> str:
    """A header cell as looked up in ``COLUMNS``: lower case, no '#', ':', dots, quotes or brackets, '_', '/' and '-'
    as blanks."""
    low = re.sub(r"\([^()]*\)", " ", cell.lower()).replace("'", "").replace("’", "")  # "Age (yrs)", "Mother's"
    low = _NORM_DROP.sub(" ", low.replace("_", " ").replace("/", " ").replace("-", " "))
    return " ".join(low.split())


def column_label(cell: str) -> str | None:
    """The label of a column named ``cell`` ("MR#", "Social Security No.", "ins_member_id"), or None."""
    key = normalize(cell)
    return COLUMNS.get(key) or COLUMNS.get(re.sub(r" (?:no|number|num|nbr)$", "", key))


def value_span(label: str, value: str) -> tuple[int, int, str] | None:
    """Where in ``value`` (a cell or a field's value) the PHI of a ``label`` column lies, and its label.

    None when the value lacks the column's shape: an age is a number up to 125, an ID has a
    digit, a name is made like one, a place or occupation is words; so a header word or a
    word like "unknown" under a column is not taken.
    """
    v = value.rstrip(" \t.,;")
    if not v or v.lower() in vocab.NON_NAME_VALUES or v.lower() in ("n/a", "na", "none", "unknown", "-", "--"):
        return None
    if label == "AGE":
        m = _AGE_VALUE.fullmatch(v)
        return (m.start("n"), m.end("n"), "AGE") if m and 0 < int(m.group("n")) <= 125 else None
    if label in ("PATIENT", "DOCTOR"):
        return _name_span(label, v)
    if label == "USERNAME":
        return _login_span(v)
    if label in ("PHONE", "FAX"):
        m = _PHONE_VALUE.match(v)
        digits = sum(c.isdigit() for c in m.group()) if m else 0
        return (0, m.end(), label) if m and digits >= 7 else None
    if label == "ZIP":
        return (0, len(v), "ZIP") if _ZIP_VALUE.fullmatch(v.upper()) else None
    if label == "DATE":
        return _date_span(v)
    if label == "PROFESSION":
        m = _JOB_VALUE.fullmatch(v)
        return (0, len(v), label) if m and v[0].isupper() and v.lower() not in vocab.NON_NAME_VALUES else None
    if label in ("CITY", "STATE", "COUNTRY", "HOSPITAL", "LOCATION-OTHER"):
        m = _PLACE_VALUE.fullmatch(v)
        return (0, len(v), label) if m and v.split()[0][0].isupper() and v.lower() not in vocab.SERVICE_WORDS else None
    if label == "STREET":
        v = v.split(",")[0].rstrip()  # "45 R Carne Azeda 16, Zavrč, Solomon Islands": the town is not the street
    if label == "ORGANIZATION" and v.lower() in _COVERAGE_WORDS:
        return None  # "Insurance: Medicare", "Bill to: Self"
    if label in ("ORGANIZATION", "STREET"):
        m = _ORG_VALUE.fullmatch(v)
        return (0, len(v), label) if m and (v[0].isupper() or v[0].isdigit()) else None
    m = _ID_VALUE.fullmatch(v)  # the ID labels
    if not m or not _DIGIT.search(v) or len(v) < 2:
        return None
    return 0, len(v), label


_DATE_WORDS = frozenset({"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "mon", "tue",
                         "wed", "thu", "fri", "sat", "sun", "st", "nd", "rd", "th", "of", "t", "z"})


def _date_span(v: str) -> tuple[int, int, str] | None:
    """A date value: up to a sentence's end ("DOB: 03/14/1930. Seen 05/02/2021."), made of digits, month and
    weekday names only ("Date: 3/4/2021 seen today" holds words that are no date's), the time kept only after an
    ISO date ("10/3/2019 23:30")."""
    v = re.split(r"\.[ \t]|;", v, maxsplit=1)[0].rstrip(" .,")
    if not _ISO_DAY.match(v):
        v = _CLOCK_TAIL.sub("", v)
    words = re.findall(r"[^\W\d_]+", v)
    if not _DIGIT.search(v) and not words or len(v) > 32:
        return None
    if any(w.lower()[:3] not in _DATE_WORDS and w.lower() not in _DATE_WORDS for w in words):
        return None
    return (0, len(v), "DATE") if _DIGIT.search(v) or words else None


def _login_span(v: str) -> tuple[int, int, str] | None:
    """A login in a user column or after "Entered by=": one token made for a computer ('RN.tafuri', 'FA5119',
    'lwright'), maybe followed by "on <date>"; a capitalised full name there is the clinician's."""
    first = v.split()[0]
    rest = v[len(first):].strip()
    if first.endswith(",") and re.fullmatch(r"(?:RN|LPN|MD|DO|NP|PA-C|PA|RT|CNA|PharmD|RPh)", rest):
        first, rest = first[:-1], ""  # "Author: kpatel, RN": the login and the author's credential
    if rest and not re.match(r"(?i)(?:on|at)\b|[0-9(]|(?:RN|LPN|MD|DO|NP|PA-C|PA|RT|CNA|PharmD|RPh)$", rest):
        return _name_span("DOCTOR", v)
    m = _LOGIN_VALUE.fullmatch(first.rstrip(".,"))
    low = m.group().lower() if m else ""
    if not m or low in vocab.NOT_USERNAMES or low in vocab.SERVICE_WORDS or low in vocab.NON_NAME_VALUES:
        return None
    made = any(c.isdigit() or c in "._" for c in low) or m.group().islower() or m.group().isupper()
    return (0, m.end(), "USERNAME") if made and len(low) >= 3 else None


def _name_span(label: str, v: str) -> tuple[int, int, str] | None:
    """A person's name in a cell: 'HOURICAN, COLM', 'Jones^Rodney^T', 'Dr. A. Albuquerque, MBBS'."""
    if "^" in v:
        parts = [p for p in v.split("^") if p]
        if 2 <= len(parts) <= 4 and all(p.replace(" ", "").replace("-", "").isalpha() for p in parts):
            return 0, len(v.rstrip("^")), label
        return None
    head = TITLE_HEAD.match(v)
    skip = head.end() if head else 0  # "Dr. N. Nieto": the title is not part of the name
    if ", " not in v and re.search(r"[^\W\d_],[^\W\d_]", v):
        v = v.replace(",", " ")  # "Watkins,April": read as two words (the same length: offsets hold)
    v = re.sub(r"(?<=[^\W\d_] )[AI](?= [^\W\d_])", "Q", v)  # "JOHN A DOE": a middle initial, not the word "a"
    initial = re.search(r",[ ]?[^\W\d_][\w'’-]+( [A-Z])$", v)  # "Fitzgerald, Whitney A": a bare middle initial
    tail = len(initial.group(1)) if initial else 0
    off, name = clean_name(v[skip : len(v) - tail])
    if name and tail and off + len(name) == len(v) - tail - skip:
        name += v[len(v) - tail :]
    off += skip
    if not name or name.split()[0].lower().strip(",") in vocab.SERVICE_WORDS:
        return None
    return off, off + len(name), label


def _split(line: str, delim: str) -> list[tuple[int, int]]:
    """(start, end) of each cell of a delimited row, blanks and double quotes around a cell left out."""
    cells, i, n = [], 0, len(line)
    while i <= n:
        j = i
        if delim == "," and line[i:i + 1] == '"':
            close = line.find('"', i + 1)
            j = close + 1 if close > 0 else n
        k = line.find(delim, j)
        k = n if k < 0 else k
        a, b = i, k
        while a < b and line[a] in ' \t"':
            a += 1
        while b > a and line[b - 1] in ' \t"':
            b -= 1
        cells.append((a, b))
        i = k + 1
    if delim == "|" and len(cells) > 1:  # "| MRN | Name |": the bars at the row's edges open and close it
        if cells[0][0] == cells[0][1] and not line[: cells[0][1]].strip(" \t|"):
            cells = cells[1:]
        if cells[-1][0] == cells[-1][1] and not line[cells[-1][0]:].strip(" \t|"):
            cells = cells[:-1]
    return cells


def _gaps(line: str) -> list[tuple[int, int]]:
    """(start, end) of each chunk of a row laid out in fixed-width columns (runs of two or more blanks between)."""
    cells, pos = [], 0
    for m in _GAP.finditer(line):
        if m.start() > pos:
            cells.append((pos, m.start()))
        pos = m.end()
    if pos < len(line.rstrip()):
        cells.append((pos, len(line.rstrip())))
    return [(a, b) for a, b in cells if line[a:b].strip()]


def _header(line: str) -> tuple[str, list[tuple[int, int, str | None]]] | None:
    """The delimiter and the columns (start, end, label) of a header row, or None when the line is not one."""
    for delim in _DELIMS + ("  ",):
        if delim != "  " and line.count(delim) < 2 or delim == "  " and len(_gaps(line)) < 2:
            continue  # (a fixed-width header has runs of blanks between its columns)
        spans = _split(line, delim) if delim != "  " else _fixed_columns(line)
        if len(spans) < 3:
            continue
        cells = [line[a:b] for a, b in spans]
        if line.rstrip().endswith(".") or any(len(c) > 32 or len(c.split()) > 4 or not c for c in cells):
            continue
        labels = [column_label(c) for c in cells]
        known = sum(lab is not None for lab in labels)
        neutral = sum(lab is None and normalize(c) in _NEUTRAL_COLUMNS for c, lab in zip(cells, labels))
        if known >= 2 and (known + neutral) * 2 >= len(cells):
            return delim, [(a, b, lab) for (a, b), lab in zip(spans, labels)]
    return None


def _fixed_columns(line: str) -> list[tuple[int, int]]:
    """Columns of a fixed-width header: chunks between runs of blanks; a chunk of short words with a known
    column name among them ("AGE SX ADMIT") is one column per word."""
    out = []
    for a, b in _gaps(line):
        chunk = line[a:b]
        if column_label(chunk) is None and " " in chunk:
            words = [(m.start() + a, m.end() + a) for m in re.finditer(r"\S+", chunk)]
            if all(e - s <= 6 for s, e in words) and any(column_label(line[s:e]) for s, e in words):
                out += words
                continue
        out.append((a, b))
    return out


def _lines(text: str) -> list[tuple[int, str]]:
    """Each line of ``text`` with its start offset."""
    out, pos = [], 0
    for line in text.split("\n"):
        out.append((pos, line))
        pos += len(line) + 1
    return out


def find_tables(scan: Scan) -> None:
    """Values under the columns of a header row, until a blank line or a row of another make."""
    text = scan.text
    lines = _lines(text)
    i = 0
    while i < len(lines):
        start, line = lines[i]
        head = _header(line) if 8 <= len(line) <= 400 else None
        if not head:
            _pairs(scan, start, line)
            i += 1
            continue
        delim, columns = head
        i += 1
        while i < len(lines) and lines[i][1].strip():
            rstart, row = lines[i]
            if re.fullmatch(r"[|\-+ =:]+", row.strip()):
                i += 1
                continue  # a markdown rule under the header
            if not _row(scan, rstart, row, delim, columns):
                break
            i += 1


def _row(scan: Scan, rstart: int, row: str, delim: str, columns: list[tuple[int, int, str | None]]) -> bool:
    """Emit the values of one row; False when the row does not fit the header (another block begins)."""
    if delim == "  ":
        chunks = _gaps(row)
        if len(chunks) == len(columns):  # one chunk per column: take them in order, aligned or not
            cells = [(a, b, lab) for (a, b), (_, _, lab) in zip(chunks, columns)]
        else:
            cells = _fixed_cells(row, columns)
    else:
        spans = _split(row, delim)
        if len(spans) != len(columns):
            return False
        cells = [(a, b, lab) for (a, b), (_, _, lab) in zip(spans, columns)]
    if cells is None:
        return False
    for a, b, lab in cells:
        if lab and b > a:
            found = value_span(lab, row[a:b])
            if found:
                s, e, label = found
                scan.emit(rstart + a + s, rstart + a + e, label, 0.85)
    return True


def _fixed_cells(row: str, columns: list[tuple[int, int, str | None]]) -> list[tuple[int, int, str | None]] | None:
    """The cell under each fixed-width column: the word starting within a character or three of the column's
    start and the words after it, up to a run of blanks or the last blank before the next column."""
    if len(_gaps(row)) < 2:
        return None
    out = []
    end = len(row.rstrip())
    for k, (cs, _, lab) in enumerate(columns):
        nxt = columns[k + 1][0] if k + 1 < len(columns) else end + 1
        a = next((p for p in range(max(0, cs - 1), min(end, cs + 4)) if row[p] != " " and (p == 0 or row[p - 1] == " ")), -1)
        if a < 0:
            out.append((cs, cs, lab))
            continue
        gap = _GAP.search(row, a)
        b = gap.start() if gap else end
        if b > nxt:
            cut = row.rfind(" ", a, nxt + 1)
            b = cut if cut > a else b
        out.append((a, b, lab))
    return out


#: '"zip": "25727-1975"' in a JSON export: a key naming its value.
_JSON_PAIR = re.compile(r'"(?P<k>[A-Za-z][A-Za-z_ ]{1,30})"[ \t]*:[ \t]*\[?[ \t]*"(?P<v>[^"\n]{1,80})"')
#: Keys of FHIR resources that name a value only inside JSON ("family": "Dias", "given": ["Igor"],
#: "line": ["12 Oak St"]): as a column or a label they are common words.
_JSON_KEYS = {"family": "PATIENT", "given": "PATIENT", "line": "STREET", "postalcode": "ZIP", "birthdate": "DATE"}


def find_json_pairs(scan: Scan) -> None:
    """Values of a JSON export whose keys name them ("patient_name", "ssn", "zip", "plate")."""
    text = scan.text
    for m in _JSON_PAIR.finditer(text):
        lab = column_label(m.group("k")) or _JSON_KEYS.get(m.group("k").lower())
        if lab is None or m.group("k").lower() == "line" and not _DIGIT.search(m.group("v")):
            continue  # a street line holds its house number
        found = value_span(lab, m.group("v"))
        if found:
            s, e, label = found
            scan.emit(m.start("v") + s, m.start("v") + e, label, 0.85)


_ONE_CODE = re.compile(r"[-=:#. \t]*(?P<v>[A-Za-z0-9][A-Za-z0-9/._-]*)(?:[ \t]*$|[ \t]{2,}|[;|])")


def _plain_value(lab: str, rest: str) -> bool:
    """Whether a common-word label ("State", "User", "TIN", "Tag") still names the value after a colon or dots:
    a state's code or name, a login (one token in lower case or with digits), an ID of one token with two digits
    or more ("TIN: 99-7760708"; not "Rx: 1 tab daily")."""
    if lab == "ORGANIZATION":
        return _named_body(rest)
    m = _ONE_CODE.match(rest)
    if not m:
        return False
    v = m.group("v")
    if lab == "STATE":
        return v in vocab.STATE_CODES or v.title() in vocab.STATE_NAMES  # the label says so: "ST: GA", "State: IN"
    if lab == "USERNAME":
        return len(v) >= 4 and (v.islower() or any(c.isdigit() for c in v)) and v.lower() not in vocab.NOT_USERNAMES
    return lab in _ID_LABELS and lab not in ("AGE", "DATE", "PHONE", "FAX") and len(v) >= 4 and sum(
        c.isdigit() for c in v) >= 2


#: Words a carrier-status or school field holds that name no body ("Carrier: Negative", "School: Not enrolled").
_NOT_BODY_WORDS = frozenset({"negative", "positive", "unknown", "none", "yes", "no", "not", "tested", "pending",
                             "heterozygous", "homozygous", "status", "normal", "abnormal", "detected", "enrolled",
                             "n/a", "na", "declined", "deferred", "graduated", "dropped", "out", "home", "homeschooled"})
_BODY_VALUE = re.compile(r"[-=:#. \t]*(?P<v>[^\W\d_][\w'’.&-]*(?:[ ](?:&|of|and|#[0-9]+|[^\W\d_][\w'’.&-]*)){0,6})"
                         r"(?:[ \t]*$|[ \t]{2,}|[;|])")


def _named_body(rest: str) -> bool:
    """Whether a common-word label of a body ("Carrier", "School", "Company") has a body's name after its colon:
    capitalised words, not all clinical words ("Carrier: American Family Insurance", not "Carrier: Negative")."""
    m = _BODY_VALUE.match(rest)
    if not m:
        return False
    words = [w for w in m.group("v").split() if w not in ("&", "of", "and") and not w.startswith("#")]
    if not all(w[0].isupper() for w in words):
        return False
    vocabulary = clinical_vocabulary()
    return not all(w.lower() in vocabulary or w.lower() in _NOT_BODY_WORDS for w in words) \
        and m.group("v").lower() not in _COVERAGE_WORDS


#: A form's box number before its label: "7b. COUNTY", "58 INSURED'S NAME", "4a. AGE-Last Birthday".
_BOX_NUMBER = re.compile(r"[0-9]{1,2}[a-zA-Z]?\.?[ ]+(?=[A-Za-z(])")
_CAPS_WORD = re.compile(r"[A-Z][A-Z'’./#]*")
_BOX_WORD = re.compile(r"\(?[A-Za-z][A-Za-z'’./#)]*")


def _boxed_pair(scan: Scan, start: int, line: str, at: int) -> int:
    """A numbered box's label and its value one blank apart ("7b. COUNTY Pratt", "65 EMPLOYER NAME VINCENT-HESS",
    "4a. AGE-Last Birthday (Years) 75"): the longest run of words from ``at`` that names a column, then its value up
    to a run of blanks, kept when it has the column's shape. A one-word label must be in capitals and not a common
    word ("1. Patient tolerated", "2. PATIENT ..." are list items). The value's end in the line, or 0."""
    words = []
    for m in _BOX_WORD.finditer(line, at, min(len(line), at + 60)):
        if words and m.start() - words[-1].end() != 1 or (not words and m.start() != at):
            break
        words.append(m)
    for k in range(min(6, len(words)), 0, -1):
        label_text = line[at : words[k - 1].end()]
        lab = column_label(label_text)
        if lab is None or k == 1 and (not label_text.isupper() or normalize(label_text) in _TABLE_ONLY | _MARKED_ONLY):
            continue
        if k > 1 and normalize(label_text) in _TABLE_ONLY:
            continue
        vs = words[k - 1].end() + 1
        if vs >= len(line) or line[vs - 1] != " " or line[vs] == " ":
            continue
        stop = re.compile(r"[;|]|[ \t]{2,}|\t").search(line, vs)
        value = line[vs : stop.start() if stop else len(line)]
        found = value_span(lab, value)
        if found:
            scan.emit(start + vs + found[0], start + vs + found[1], found[2], 0.8)
            return vs + found[1]
        return 0
    return 0


def _caps_pair(scan: Scan, start: int, line: str, at: int = 0) -> int:
    """A printed form's "MEMBER NAME SAMUEL BROWN": a label of two words or more in capitals opening the line (or a
    piece of it after a run of blanks: "...   KIND OF BUSINESS/INDUSTRY MENDEZ LOGISTICS"), one blank, then its
    value up to a run of blanks; the value must have the shape of the label's kind. The value's end, or 0."""
    words = list(_CAPS_WORD.finditer(line, at, min(len(line), at + 48)))
    if len(words) < 2 or words[0].start() != at:
        return 0
    for k in range(min(5, len(words)), 1, -1):
        if any(words[i + 1].start() != words[i].end() + 1 for i in range(k - 1)):
            continue  # the label's words are one blank apart
        label_text, vs = line[at : words[k - 1].end()], words[k - 1].end() + 1
        lab = column_label(label_text)
        if lab is None or vs >= len(line) or line[vs - 1] != " " or line[vs] == " ":
            continue
        stop = re.compile(r"[;|]|[ \t]{2,}|\t").search(line, vs)
        value = line[vs : stop.start() if stop else len(line)]
        if not value.strip():
            continue  # "LABEL \tvalue": the blank before a tab is no value
        if lab in _ID_LABELS and not _DIGIT.search(value.split()[0]):
            continue  # "MEDICAL RECORD NUMBER 0544": the value starts at the number, not at a label word
        found = value_span(lab, value)
        if found:
            scan.emit(start + vs + found[0], start + vs + found[1], found[2], 0.8)
            return vs + found[1]
    return 0


def _pairs(scan: Scan, start: int, line: str) -> None:
    """'Label<sep>value' pieces of a line whose label names its value ('PT NAME<tab>HEINZ GUTKNECHT',
    'Entered By= FA5119'): a piece starts the line or follows ';', '|' or a run of blanks, and its value ends
    at the next of them."""
    if len(line) > 400 or not line.strip():
        return
    starts = [0] + [m.end() for m in re.finditer(r"[;|][ \t]*|[ \t]{2,}|\t", line)]
    pos = 0
    for p in starts:
        if p < pos:
            continue
        box = _BOX_NUMBER.match(line, p) if line[p:p + 1].isdigit() else None
        if box:
            end = _boxed_pair(scan, start, line, box.end())
            if end:
                pos = end
            continue
        m = _PAIR.match(line, p)
        if not m or column_label(m.group("label").strip()) is None:
            end = _caps_pair(scan, start, line, p)
            if end:
                pos = end
            continue
        label_text = m.group("label").strip()
        lab = column_label(label_text)
        if lab is None or normalize(label_text) in _TABLE_ONLY and m.group("sep").strip(" ") not in ("=", "\t", "#") \
                and not _plain_value(lab, line[m.start("value"):]):
            continue
        vs = m.start("value")
        while vs < len(line) and line[vs] in "-=:#.":
            vs += 1
        while vs < len(line) and line[vs] == " ":
            vs += 1
        stop = re.compile(r"[;|]|[ \t]{2,}|\t").search(line, vs)
        ve = stop.start() if stop else len(line)
        if lab == "PATIENT" and m.group("sep").strip() in ("=", "#") and _DIGIT.search(line[vs:vs + 12].split(" ")[0]):
            lab = "MEDICALRECORD"  # "pt=23-497319 (Cooper^Darryl^)": the patient's number
            ve = min(ve, line.find(" ", vs) if " " in line[vs:ve] else ve)
        found = value_span(lab, line[vs:ve])
        if found and lab == "PROFESSION" and line[vs:ve].split()[0].lower().strip(".,") in _BODY_POSITIONS:
            found = None  # "POSITION: Supine."
        if found:
            s, e, label = found
            scan.emit(start + vs + s, start + vs + e, label, 0.85)
            pos = vs + e


TABLES = TextPass(tuple(sorted(set(COLUMNS.values()))), lambda scan: True, find_tables)
JSON_PAIRS = TextPass(tuple(sorted(set(COLUMNS.values()))), lambda scan: '":' in scan.text, find_json_pairs)
