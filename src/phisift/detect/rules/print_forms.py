"""What claim forms and interface lines print: box labels with a bare value, boxed dates, HL7 names.

* A CMS-1500 style box puts its value after its capitalised label and one blank
  ("ZIP CODE L9B 7J2", "11. INSURED'S POLICY GROUP OR FECA NUMBER  88138",
  "25. FEDERAL TAX I.D. NUMBER 93-5126523"), or on the next line under a label with
  its format in brackets ("2. PATIENT'S NAME (Last Name, First Name, Middle Initial)").
* Its dates are boxed digits with blanks between ("3. PATIENT'S BIRTH DATE  05 27 2003",
  "From 06 25 17  To 06 25 17"): a date only after such a cue, never alone (lab values
  are printed the same way).
* HL7 v2 and the logs of interface engines write a person's name with carets
  ("Jones^Rodney^T", "SMITH^JOHN^^^DR"), and audit lines put the patient's name in
  brackets after the record number ("mrn=824-50-57 (CYMAN, SANDRA)").
"""

from __future__ import annotations

import re

from .ages import KIN
from . import vocab
from .base import Scan, TextPass
from .columns import value_span
from .addresses import person_names
from .names import clean_name
from ...text import clinical_vocabulary

#: Box labels in capitals at a line's start (after a box number such as "3." or "11c.") and the label of their value.
_BOXES: dict[str, str] = {
    "CITY": "CITY", "STATE": "STATE", "ZIP CODE": "ZIP", "TELEPHONE": "PHONE", "COUNTY": "LOCATION-OTHER",
    "INSURED'S I.D. NUMBER": "HEALTHPLAN", "INSURED'S ID NUMBER": "HEALTHPLAN", "INSURED'S NAME": "PATIENT",
    "PATIENT'S NAME": "PATIENT", "PATIENT'S BIRTH DATE": "DATE", "INSURED'S DATE OF BIRTH": "DATE",
    "PATIENT'S ADDRESS": "STREET", "INSURED'S ADDRESS": "STREET", "PATIENT'S ACCOUNT NO.": "ACCOUNT",
    "INSURED'S POLICY GROUP OR FECA NUMBER": "HEALTHPLAN", "FEDERAL TAX I.D. NUMBER": "IDNUM",
    "NAME OF REFERRING PROVIDER": "DOCTOR", "NAME OF REFERRING PROVIDER OR OTHER SOURCE": "DOCTOR",
    "SIGNATURE OF PHYSICIAN": "DOCTOR", "SIGNATURE OF PHYSICIAN OR SUPPLIER": "DOCTOR",
    "INSURANCE PLAN NAME OR PROGRAM NAME": "ORGANIZATION", "SERVICE FACILITY": "HOSPITAL",
    "SERVICE FACILITY LOCATION INFORMATION": "HOSPITAL", "OTHER INSURED'S NAME": "PATIENT",
    "EMPLOYER'S NAME OR SCHOOL NAME": "ORGANIZATION",
}
#: Box labels that are common words: taken only on a claim form (a text with "INSURED'S" or "PATIENT'S").
_GENERIC = frozenset({"CITY", "STATE", "ZIP", "PHONE", "LOCATION-OTHER"})
_BOX = re.compile(
    r"(?:(?m:^)[ \t]*(?:[0-9]{1,2}[a-zA-Z]?\.[ \t]*)?|(?<=[ \t][ \t]))(?P<label>" + "|".join(
        re.escape(k) for k in sorted(_BOXES, key=len, reverse=True)) + r")(?P<fmt>[ \t]*\([^()\n]{3,60}\))?"
    r"(?:[ \t]+(?P<value>[^ \t\n][^\n]*?))?[ \t]*(?=[ \t]{2,}|\n|$)"
)
#: The value of a box whose label ends its line: the next line, indented.
_NEXT_LINE = re.compile(r"\n[ \t]+(?P<value>[^ \t\n][^\n]*?)[ \t]*(?=[ \t]{2,}|\n|$)")
#: "BIRTH DATE  05 27 2003", "From 06 25 17": month, day and year boxes after a date cue.
_BOXED_DATE = re.compile(  # (the look-behind after the first digit lets the engine skip to a 0 or a 1)
    r"[01](?<![\w.,/:-][01])[0-9] (?:0[1-9]|[12][0-9]|3[01]) (?:19|20)?[0-9]{2}(?![0-9.,/:]|[ ][0-9])"
)
_DATE_CUE_BEFORE = re.compile(r"(?i:\b(?:birth[ \t]+date|date[ \t]+of[ \t]+birth|date(?:\(s\))?|dob|from|to|through|thru))[ \t]+$")
#: "Jones^Rodney^T", "SMITH^JOHN^A^^DR": family^given[^middle...] with letters only; after "123^" a clinician (XCN).
_CARET_NAME = re.compile(
    r"(?<![\w^])(?P<id>(?=[0-9A-Z]*[0-9])[0-9A-Z]{3,}\^)?(?P<n>[^\W\d_][^\W\d_'’ -]*(?:[ '’-][^\W\d_]+)*\^[^\W\d_][^\W\d_'’-]*"
    r"(?:\^[^\W\d_]+)?)\^*(?![\w])"
)
#: "pt=E3785927 (Jones^Rodney^T)", "mrn=824-50-57 (CYMAN, SANDRA)": the name bracketed after a patient's number.
_BRACKETED = re.compile(r"\((?P<n>[^()\n]{3,60})\)")
_PATIENT_NUMBER_BEFORE = re.compile(
    r"(?i:\b(?:pt|patient|mrn|mr|member|patient[ _]id|pid)[ \t]*[=:#][ \t]*)[A-Za-z0-9-]{4,}[ \t]*$"
)


#: "JESSICA PLAK (HUSBAND)", "Mary Ann Lee (daughter)": a name and, in brackets, how the person is related.
_FUNCTION_WORDS = frozenset({"and", "with", "the", "of", "to", "for", "from", "by", "at", "in", "on", "or", "her",
                             "his", "their", "patient", "pt", "dr", "mr", "mrs", "ms"})
_NAME_BEFORE_KIN = re.compile(
    r"(?<![\w'’-])(?P<n>(?:[A-Z][a-z'’-]+|[A-Z][A-Z'’-]+|[A-Z]\.)(?:[ \t]+(?:[A-Z][a-z'’-]+|[A-Z][A-Z'’-]+|[A-Z]\.)){1,3})"
    r"[ \t]*\((?P<kin>[A-Za-z -]{3,20})\)"
)


def find_named_relatives(scan: Scan) -> None:
    """A full name right before a bracketed relation is a relative's ("and JESSICA PLAK (husband) at bedside").

    The name is the longest run of two to four words before the bracket whose every word is a name
    or no clinical word ("Parkinson Disease (father)", "Follow Up (sister)" are not people).
    """
    text = scan.text
    names, words_known = person_names(), clinical_vocabulary()
    for m in _NAME_BEFORE_KIN.finditer(text):
        if m.group("kin").strip().lower() not in KIN:
            continue
        words = m.group("n").split()
        for k in range(len(words), 1, -1):
            tail = words[-k:]
            if all(w.lower() not in words_known or w.capitalize() in names for w in tail) and not any(
                    w.lower() in _FUNCTION_WORDS or w in vocab.NAME_STOPWORDS for w in tail):
                name = " ".join(tail)
                s = m.end("n") - len(name)
                if text[s:m.end("n")] == name:
                    scan.emit(s, m.end("n"), "PATIENT", 0.8)
                break


#: "DL: 415 627 129 (NY)", "Plate 7ABC123 (CA)": the issuing state in brackets after a licence or plate.
_STATE_AFTER_ID = re.compile(r"[ \t]*\((?P<st>[A-Z]{2})\)|[ \t]+(?P<bare>[A-Z]{2})(?=[ \t]*$|[ \t]+EXP|[ \t]{2,})", re.M)
#: "this is DESTINY WHITE (DOB 12/23/1947)", "Re: Jane Doe (MRN 123)": a name before its birth date or record number.
_NAME_BEFORE_ID = re.compile(r"[ \t]*\((?i:dob|d\.o\.b\.?|date of birth|mrn|mr#|born|ssn)\b")


_WORDS_BEFORE = re.compile(r"(?:(?:[^\W\d_][\w'’-]*|[A-Z]\.)[ \t]+){1,3}[^\W\d_][\w'’-]*$")


def find_issuing_states(scan: Scan) -> None:
    """The US state in brackets right after a licence or a plate number names where it was issued."""
    text = scan.text
    for s, e, label, _, _ in list(scan.out):
        if label in ("LICENSE", "VEHICLE"):
            m = _STATE_AFTER_ID.match(text, e)
            st = m.group("st") or m.group("bare") if m else None
            if st in vocab.STATE_CODES:  # "Plate 7ABC123 (CA)", "PLATE WLK2561 TX EXP 09/25"
                g = "st" if m.group("st") else "bare"
                scan.emit(m.start(g), m.end(g), "STATE", 0.8)


def find_names_before_ids(scan: Scan) -> None:
    """Two to four capitalised words right before "(DOB ..." or "(MRN ..." are the patient's name."""
    text = scan.text
    names, words_known = person_names(), clinical_vocabulary()
    for m in _NAME_BEFORE_ID.finditer(text):
        before = _WORDS_BEFORE.search(text, max(0, m.start() - 60), m.start())
        if not before:
            continue
        words = before.group().split()
        while words and not words[0][:1].isupper():
            words = words[1:]
        while words and (words[0].lower() in words_known and words[0].capitalize() not in names
                         or words[0].lower() in _FUNCTION_WORDS):
            words = words[1:]  # "Hi Dr. Lucas, this is" leaves the name: "... is DESTINY WHITE"
        if len(words) < 2 or any(w.lower() in words_known and w.capitalize() not in names for w in words):
            continue
        name = " ".join(words)
        scan.emit(m.start() - len(name), m.start(), "PATIENT", 0.8)


def find_boxes(scan: Scan) -> None:
    """Values of claim-form boxes, on the label's line or, under a label with a format in brackets, the next."""
    text = scan.text
    claim = "INSURED'S" in text or "PATIENT'S" in text
    for m in _BOX.finditer(text):
        label = _BOXES[m.group("label")]
        if m.group("value") is not None:
            vs, raw = m.start("value"), m.group("value")
        elif m.group("fmt"):
            nxt = _NEXT_LINE.match(text, m.end())
            if not nxt:
                continue
            vs, raw = nxt.start("value"), nxt.group("value")
        else:
            continue
        if label in _GENERIC and not claim:
            continue
        if label == "DOCTOR":
            qualifier = re.match(r"D[NKQ][ \t]+", raw)  # the claim form's provider qualifier
            if qualifier:
                vs, raw = vs + qualifier.end(), raw[qualifier.end():]
        if label == "DATE" and _BOXED_DATE.fullmatch(raw.strip()):
            continue  # a boxed date: ``find_boxed_dates``
        found = value_span(label, raw)
        street = raw.rstrip(" ,.")
        if label == "STREET" and len(street.split()) <= 8 and re.search(r"[0-9]", street) and re.search(r"[^\W\d_]{2}", street):
            found = (0, len(raw.rstrip(" ,.")), "STREET")  # the box holds the street alone: "43/75, CHAUDHRY GANJ"
        if found:
            s, e, lab = found
            scan.emit(vs + s, vs + e, lab, 0.85)


def find_boxed_dates(scan: Scan) -> None:
    """"PATIENT'S BIRTH DATE 05 27 2003", "From 06 25 17 To 06 25 17": boxed dates after a date cue."""
    text = scan.text
    for m in _BOXED_DATE.finditer(text):
        if not 1 <= int(text[m.start() : m.start() + 2]) <= 12:
            continue
        if _DATE_CUE_BEFORE.search(text, max(0, m.start() - 24), m.start()) and not scan.unit_after(m.end()):
            scan.emit(m.start(), m.end(), "DATE", 0.8)  # (not "from 10 12 14 mg": doses)


#: HL7 table codes that follow a phone number or an address in its components (telecom use and equipment type,
#: address type, country), never part of a name.
_HL7_CODES = frozenset({"PRN", "ORN", "WPN", "VHN", "ASN", "EMR", "NET", "PH", "FX", "CP", "BP", "USA", "CAN", "MEX"})


def find_caret_names(scan: Scan) -> None:
    """HL7-style names joined by carets; a name after a number and a caret (an XCN) is a clinician's."""
    for m in _CARET_NAME.finditer(scan.text):
        name = m.group("n").rstrip("^")
        parts = name.split("^")
        if parts[1].lower().startswith(parts[0].lower()) or any(p.lower() in KIN for p in parts):
            continue  # "WIF^WIFE", "SPO^SPOUSE": a code and its text
        if any(p in _HL7_CODES for p in parts):
            continue  # "(555)555-1234^PRN^PH", "02134^USA^H": a phone's or an address's type codes
        start = m.start("n")
        j = start
        while j > 0 and (scan.text[j - 1].isalpha() or scan.text[j - 1] in " '’-"):
            j -= 1
        if j > 0 and scan.text[j - 1] == "^" and not m.group("id"):
            continue  # "^^PORT TAYLORSIDE^CA^79878": a town and its state in an address, not a name
        scan.emit(start, start + len(name), "DOCTOR" if m.group("id") else "PATIENT", 0.75)


def find_bracketed_patients(scan: Scan) -> None:
    """The name bracketed after a patient's record number in an audit or interface line."""
    text = scan.text
    for m in _BRACKETED.finditer(text):
        if not _PATIENT_NUMBER_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue
        raw = m.group("n")
        if "^" in raw:
            continue  # ``find_caret_names``
        off, name = clean_name(raw)
        if name:
            s = m.start("n") + off
            scan.emit(s, s + len(name), "PATIENT", 0.75)


BOXES = TextPass(tuple(sorted(set(_BOXES.values()))), lambda scan: "'S " in scan.text or "CODE" in scan.text
                 or "CITY " in scan.text, find_boxes)
BOXED_DATES = TextPass(("DATE",), lambda scan: scan.has_digit, find_boxed_dates)
CARET_NAMES = TextPass(("PATIENT", "DOCTOR"), lambda scan: "^" in scan.text, find_caret_names)
BRACKETED_PATIENTS = TextPass(("PATIENT",), lambda scan: "(" in scan.text and scan.has_digit, find_bracketed_patients)
NAMED_RELATIVES = TextPass(("PATIENT",), lambda scan: "(" in scan.text, find_named_relatives)
ISSUING_STATES = TextPass(("STATE",), lambda scan: scan.has_digit, find_issuing_states)
NAMES_BEFORE_IDS = TextPass(("PATIENT",), lambda scan: "(" in scan.text, find_names_before_ids)
