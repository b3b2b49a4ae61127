"""Identifiers: SSNs, numbers after a cue word (MRN, Acct #, NHC, DEA, plate ...), DEA numbers, VINs, card numbers.

A value after a cue word takes the cue's label and overrides any other rule span
on the same characters ("Acct #: 617-555-1234" is an account, not a phone). Numbers
with no cue and no other reading are kept as weak guesses (MEDICALRECORD or IDNUM,
score 0.4-0.45) that give way to any other rule span; the catch-all of the numeric
scan (any other number) lands here and hands small numbers to the age and pager checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import vocab
from .addresses import zip_plus_four
from .ages import small_number_age
from .base import CUE, WEAK, CueWords, Languages, NumericShape, Scan, TextPass
from .checks import compact_date_ok, count_digits, dea_ok, luhn_ok, vin_ok
from .contact import extension_after, phone_label, signature_pager
from .dates import date_cue
from .regex_parts import SP, WS
from .shaped_ids import OBSTETRIC, catalogue_number


#: A licence plate in two or three groups or one run, with letters and digits: "114 RM9", "GE 1583 UL", "CA79WJU".
_PLATE = re.compile(
    # German district plates with a blank before the number first: "M-AB 1234", "HH-XY 12"
    r"(?i:[A-Z]{1,3}-[A-Z]{1,2}[ ][0-9]{1,4}(?![\w-])"
    # (the third group letters, or digits after a hyphen: "AM-XG-27", "3-ZQF-86")
    # Austrian district plates, a number then letters: "JO-4 LDR", "W-12 ABC"
    r"|[A-Z]{1,2}-[0-9]{1,5}[ ][A-Z]{1,3}(?![\w-])"
    r"|(?=[A-Z0-9 -]{0,10}[A-Z])(?=[A-Z0-9 -]{0,10}[0-9])[A-Z0-9]{1,4}[ -][A-Z0-9]{2,5}"
    # (a third group of letters, or of digits: "CR 60 913" (Denmark), "07 EM 181" (Turkey), "BL-159 083" (Switzerland))
    r"(?:[ -][A-Z]{1,3}(?![\w-])|-[0-9]{1,3}(?![\w-])|[ ][0-9]{2,4}(?![\w-]))?"
    # German district plates, a one-letter middle group: "BT-M-84", "WB-B-3", "Coc-A-65" (in a title-cased note)
    r"|[A-Z]{1,3}-[A-Z]{1,2}-[0-9]{1,4}(?![\w-])"
    # one run of five to eight letters and digits: "CA79WJU", "rl00pzx"
    r"|(?=[A-Z0-9]{0,7}[A-Z])(?=[A-Z0-9]{0,7}[0-9])[A-Z0-9]{5,8})(?![\w-])"
)
#: A VIN: 17 letters (no I, O, Q) and digits, in capitals, in lower case or title-cased with a digit ("Kavfccg9Sjxllg6Ap").
_VIN = re.compile(r"[A-HJ-NPR-Z0-9]{17}|(?=[a-z]*[0-9])[a-hj-npr-z0-9]{17}|(?=[A-Za-z]*[0-9])[A-HJ-NPR-Z](?:[a-hj-npr-z0-9]|(?<=[0-9])[A-HJ-NPR-Z]){16}")
_DISTRICT_PLATE = re.compile(r"(?i)[A-Z]{1,3}-[A-Z]{1,2}-[0-9]{1,4}")
#: "locking plate C3-C5", "plate T12-L2": vertebral levels after a surgical plate, not a licence plate.
_VERTEBRAE = re.compile(r"(?i)[CTLS][0-9]{1,2}[ -]+[CTLS]?[0-9]{1,2}")


#: Groups after a surgical plate that make it no licence plate: prepositions, units, vertebrae ("plate with
#: 14-mm screws", "plate 23 mm in length", "plate from C2 down to C4", "plate from T11 through L2").
_NOT_PLATE_GROUP = re.compile(
    r"(?i)(?:with|from|to|in|at|of|on|and|for|by|mm|cm|in|hole|holes|was|is|are|were|the|had|has|not|per|via|[CTLS][0-9]{1,2})")


def _plate_ok(value: str) -> bool:
    """A licence plate has five or more letters and digits (two digits in lower case), and is no range of vertebrae,
    no size and no preposition."""
    if _VERTEBRAE.match(value):  # "C3-C5", "C3-C5 was placed"
        return False
    if sum(c.isalnum() for c in value) < (4 if _DISTRICT_PLATE.fullmatch(value) else 5):
        return False  # "WB-B-3": a district, a letter, a number
    if any(_NOT_PLATE_GROUP.fullmatch(g) for g in re.split(r"[ -]", value)):
        return False
    # in lower case, "8 hole" after a bone plate reads like one: a plate has two digits or more,
    # or three hyphen-joined groups ("re-sz-9")
    return not value.islower() or sum(c.isdigit() for c in value) >= 2 or value.count("-") == 2


#: A plate of two or three groups of capitals and digits, a letter and a digit in it ("61Y 754", "GA 1703 SK").
_SPACED_PLATE = (r"(?-i:(?=[A-Z0-9 ]{0,10}[A-Z])(?=[A-Z0-9 ]{0,10}[0-9])[A-Z0-9]{1,4}[ ][A-Z0-9]{2,5}(?:[ ][A-Z]{1,3})?"
                 r"(?![\w-]))")
#: A transmitter's or a device's short serial: five to twelve capitals and digits, a digit and two letters in it.
_SHORT_SERIAL = re.compile(r"(?=[A-Z0-9]*[0-9])(?=(?:[0-9]*[A-Z]){2})[A-Z0-9]{5,12}")
#: The vehicle words that name a plate right after them ("Other car ABC 123 fled").
_VEHICLE_NOUNS = frozenset(("vehicle", "car", "truck", "van", "suv", "sedan", "motorcycle"))
#: Words before a short "lic" on its line that make the value a plate.
_VEHICLE_WORDS = re.compile(r"(?i)\b(?:vehicle|veh[0-9]?|car|truck|van|suv|sedan|pickup|motorcycle|auto|towed|parked)\b"
                            r"|\b(?:19|20)[0-9]{2}[ ][A-Z][a-z]+[ ]")
_MARKED_CUE = re.compile(r"(?i)[:#=º°]|(?<![a-z])(?:no|num|number|nbr|id)(?![a-z])")
_PHONE_VALUE = re.compile(r"[0-9]+(?:[-. ][0-9]+)*")
#: Upper-case letter prefix glued to digits: A1234567, AB1234563 (DEA), VINs.
ALNUM_ID = re.compile(r"[A-Z](?<![\w-][A-Z])[A-Z]{0,3}-?[0-9][0-9A-Z]{3,}(?:-[0-9A-Z]+)*(?![\w-])")
#: ID cue phrases per label, in the order they are tried (a plate before a licence).
_NO = r"(?:#|no\.?|n[º°o]\.?|num\.?|number|nbr)"


def _id_cues(spanish: bool) -> list[tuple[str, str]]:
    """The cue phrases of each ID label, with the Spanish ones added when Spanish is on."""
    cues = [
        # "Lic Plate/State: 8KJH221 / NV", "Tag/State: ABC1234 FL": a form's plate column paired with its state
        # "the plates read ABC-1234", "a license plate reading 7ABC234" (before "plate" alone takes "read" as its value)
        ("VEHICLE", rf"(?:licen[sc]e{SP}+)?plates?{SP}+read(?:s|ing)?"
                    rf"|(?:lic(?:en[sc]e)?\.?{SP}*)?(?:plate|tag){SP}*{_NO}?{SP}*/{SP}*(?:state|st)\b"
                    rf"|vehicle{SP}+(?:id|identification|identifier|tag){SP}*{_NO}?|licen[sc]e{SP}*plate{SP}*{_NO}?"
                    rf"|plates?{SP}*{_NO}?|(?-i:VIN)|(?:license{SP}+)?tag{SP}*{_NO}|(?:veh(?:icle)?\.?{SP}+)?tag(?={WS}:)"
                    rf"|(?:veh(?:icle)?\.?|car|auto){SP}+(?:lic(?:ense)?|plate|reg(?:istration)?)\.?{SP}*{_NO}?"
                    # "Reg: AB12 CDE", "Tag 123-ABC FL": a short cue before a plate of capitals and digits
                    rf"|(?<!dea )(?<!DEA )reg(?={WS}:{WS}(?-i:(?=[A-Z0-9 -]{{0,8}}[A-Z])(?=[A-Z0-9 -]{{0,8}}[0-9])[A-Z0-9]))"
                    rf"|tag(?={SP}+(?-i:(?=[A-Z0-9-]{{0,7}}[A-Z])(?=[A-Z0-9-]{{0,7}}[0-9])[A-Z0-9][A-Z0-9-]{{4,7}})(?![\w-]))"
                    # "tag 61Y 754", "Vessel reg. GA 1703 SK": two or three groups of capitals and digits, a letter and a digit
                    rf"|(?:tag|(?<!dea )(?<!DEA )reg\.)(?={SP}+{_SPACED_PLATE})"
                    # "driving vehicle AB12 CDE", "Other car ABC 123 fled", "The truck, AB12 CDE, was towed" (six
                    # characters or more, no year: not "car MVC 2019", "van GCS 15")
                    rf"|(?:vehicle|car|truck|van|suv|sedan|motorcycle),?(?={SP}+(?=[A-Z0-9 ]{{7}})"
                    rf"(?!(?-i:[A-Z]{{1,4}}) (?:19|20)[0-9]{{2}}(?![0-9])){_SPACED_PLATE})"
                    rf"|vehicle(?={SP}+(?-i:(?=[A-Z0-9-]{{0,7}}[A-Z])(?=[A-Z0-9-]{{0,7}}[0-9])[A-Z0-9][A-Z0-9-]{{4,7}})(?![\w-]))"
                    rf"|(?:vehicle{SP}+)?registration(?:{SP}+plate)?{SP}*{_NO}?(?={WS}[:#]|{SP}+(?:is{SP}+)?(?-i:[A-Z0-9]))"
                    rf"|(?<!dea )(?<!DEA )(?<!Dea )reg\.?{SP}*{_NO}|rego|kennzeichen|immatriculation|kenteken|targa|(?-i:VRN|VRM)|numberplate"
                    # a note typed in lowercase: "vin" only before a 17-character run of letters and digits
                    r"|(?-i:vin|Vin)(?=[ \t]*[:#]?[ \t]*(?=[a-z0-9]{0,16}[0-9])[a-zA-Z0-9]{17}(?![a-zA-Z0-9]))"),
        ("SSN", rf"(?-i:SSN|Ssn|ssn)|ss{SP}*#|(?-i:SS){SP}*(?:No\.?|NO\.?)|s\.s\.n\.?|social{SP}+security{SP}*{_NO}?|soc\.?{SP}*sec\.?{SP}*{_NO}?"),
        ("MEDICALRECORD", rf"mrn|mr{SP}*{_NO}|medical{SP}+record{SP}*{_NO}?|med\.?{SP}*rec\.?{SP}*{_NO}"
                          rf"|unit{SP}*{_NO}|hospital{SP}+{_NO}|chart{SP}*{_NO}|record{SP}*{_NO}"
                          rf"|patient{SP}+(?:id|{_NO})|pt\.?{SP}*(?:id|#)|history{SP}+{_NO}"),
        ("HEALTHPLAN", rf"medicare{SP}+(?:card|number)(?:{SP}*{_NO})?"
                       # a claim form's box 11: "Insured's policy group or FECA number: 55512"
                       rf"|policy{SP}+group(?:{SP}+or{SP}+feca)?(?:{SP}*{_NO})?|health{SP}*plan(?:{SP}+(?:id|{_NO}))?|member{SP}*(?:id|{_NO})"
                       rf"|subscriber{SP}*(?:id|{_NO})|policy{SP}*(?:id|{_NO})|insurance{SP}*(?:id|{_NO})"
                       rf"|group{SP}*{_NO}|grp{SP}*{_NO}?|policy(?={WS}:)|group(?={WS}[:=])"
                       # a card's "Group 6927KS": a bare capitalised "Group" before a code of capitals and digits
                       rf"|(?-i:Group|GROUP)(?={SP}+(?![0-9]{{4}}-[0-9]{{2,4}}(?![\w-]))[A-Z0-9][A-Z0-9-]{{3,11}}(?![\w-]))"
                       rf"|medicaid(?:{SP}*(?:id|{_NO}))?|medicare(?:{SP}*(?:id|{_NO}))?"
                       rf"|(?-i:HICN|hicn|MBI|mbi|RxGRP|RXGRP|RxGrp)|beneficiary{SP}*(?:id|{_NO})|plan{SP}*(?:id|{_NO})"
                       # a remittance's "HIC/Member 630627484-53", a card's "Mbr # 3199 1104 266"
                       rf"|(?-i:HIC){SP}*/{SP}*member(?:{SP}*(?:id|{_NO}))?|mbr{SP}*(?:id|{_NO})"
                       # national health numbers: the NHS number (England, Wales), CHI (Scotland), H&C (N. Ireland)
                       rf"|nhs{SP}*(?:{_NO}|id)?|(?-i:CHI|H&C){SP}*{_NO}"
                       # provincial and national health cards: Quebec's RAMQ, a personal health number (PHN, British
                       # Columbia), Ontario's OHIP, the European card (EHIC), a "health card" or "Medicare card" number
                       rf"|(?-i:RAMQ|PHN|OHIP|EHIC|KVNR)(?:{SP}*{_NO})?|(?:health|medicare){SP}+card(?:{SP}*{_NO})?"
                       rf"|versicherten(?:nummer|{SP}*{_NO})"
                       # a pharmacy claim's "Cardholder ID", a requisition's "Insured ID"
                       rf"|cardholder{SP}*(?:id|{_NO})?|insured{SP}*(?:id|{_NO})"
                       # "coverage (member 295587211-95)": a bare "member" before a value with digits
                       rf"|member(?={SP}+(?:[A-Za-z]{{1,4}}[ -]?)?[0-9]{{3}}|{WS}:)"),
        ("ACCOUNT", rf"acct\.?{SP}*{_NO}?|account{SP}*{_NO}?|encounter{SP}*(?:id|{_NO})?|visit{SP}*(?:id|{_NO})"
                    rf"|(?-i:CSN|FIN)|billing{SP}*{_NO}"),
        ("DEVICE", rf"serial{SP}*{_NO}?|s/n|(?-i:SN)|lot{SP}*{_NO}?|model{SP}*{_NO}|device{SP}+(?:id|{_NO}|serial)"
                   rf"|(?-i:UDI)"),
        ("LICENSE", rf"(?:driver'?s?{SP}+)?licen[sc]e{SP}*/{SP}*permit{SP}*{_NO}?"
                    # "Controlled substance registration: CSR-12345" (a prescriber's, not a vehicle's registration)
                    rf"|controlled{SP}+substances?{SP}+(?:registration|reg\.?|licen[sc]e|certificate)(?:{SP}*{_NO})?"
                    # "Dr. Alvarez (lic. 12345)": a bare "lic." before four digits or more
                    rf"|lic\.?(?={SP}+[A-Za-z]{{0,3}}[-.]?[0-9]{{4,}}(?![\w]))|state{SP}+id(?:{SP}*card)?(?:{SP}*{_NO})?"
                    rf"|licen[sc]e{SP}*{_NO}?|lic\.?{SP}*{_NO}|(?-i:DEA){SP}*{_NO}?|state{SP}+licen[sc]e{SP}*{_NO}?"
                    rf"|driver'?s?{SP}*licen[sc]e{SP}*{_NO}?|driver'?s?{SP}+lic\.?(?:{SP}*{_NO})?|(?-i:DL|D/L)(?:{SP}*(?-i:No\.?|NO\.?|#)|(?={WS}:))|(?-i:CDL){SP}*{_NO}?"
                    # "DL 163656973, VA", "showed dl o094-299-974": a bare DL before five or more digits (not "mg/dL")
                    rf"|(?<![/\w])(?-i:DL|dl)(?={SP}+[A-Za-z]{{0,2}}-?[0-9](?:[ -]?[0-9]){{4,}}(?![\w.]))"
                    rf"|driving{SP}+licen[cs]e(?:{SP}*{_NO})?"),
        ("BIOID", rf"(?:fingerprint|retina|iris|voiceprint|biometric){SP}*(?:id|{_NO})"),
        ("PHONE", rf"pager{SP}*{_NO}?|beeper{SP}*{_NO}?|pgr|ext\.?|extension"),
        # (in a note typed in lower case "id" only before a mark: "tax id: 12-3456789", "id card no. ...", "id# ...")
        ("IDNUM", rf"(?-i:ID|Id|id){SP}+card(?:{SP}*{_NO})?|(?-i:ID|Id){SP}*{_NO}?|(?-i:id)(?:{SP}*(?-i:no\.|number|#)|(?={WS}:))|identification{SP}*{_NO}?|accession{SP}*{_NO}?|acc\.?(?={WS}[:#])"
                  rf"|doc{SP}*{_NO}|escription{SP}+document(?:{SP}*{_NO})?"
                  rf"|(?:dictation|transcription|application|confirmation){SP}*(?:id|{_NO})"
                  rf"|specimen{SP}*(?:id|{_NO})?|order{SP}*(?:id|{_NO})|job{SP}*(?:id|{_NO})"
                  rf"|requisition{SP}*{_NO}?|req{SP}*#|case{SP}*{_NO}|reference{SP}*{_NO}|ref{SP}*#"
                  rf"|document{SP}*(?:id|{_NO})|report{SP}*(?:id|{_NO})|claim{SP}*{_NO}|(?-i:NPI)"
                  rf"|employee{SP}*(?:id|{_NO})|badge{SP}*{_NO}?|path(?:ology)?{SP}*{_NO}|lab{SP}*(?:id|{_NO})"
                  rf"|passport{SP}*{_NO}?"
                  # a motor insurance card ("green card UK/439/6384259"), a certificate number ("Certificate 453-7647570")
                  rf"|green{SP}+card(?:{SP}*{_NO})?|certificate{SP}*{_NO}?"
                  # the numbers of a record's other papers, after a number mark: "Ticket # 48213", "Permit # P4821",
                  # "Invoice No. 2023-451", "Inmate number 12345-678"
                  rf"|(?:ticket|permit|placard|incident|tracking|invoice|statement|request|referral|authori[sz]ation|auth"
                  rf"|episode|admission|contract|agreement|title|student|customer|client|resident|inmate|file|docket"
                  rf"|control|voucher|receipt|transaction|wristband|dispatch|trip|enrol(?:l)?ment){SP}*{_NO}"
                  # an employer's or a provider's tax number on a claim: "TIN 51-4159763", "FEIN 38-8466902"
                  rf"|(?-i:TIN|EIN|FEIN)(?={SP}*(?:{_NO}|:)?{SP}*[0-9]{{2}}-?[0-9]{{7}}(?![0-9]))"),
    ]
    if spanish:
        es = {
            "MEDICALRECORD": rf"(?-i:NHC)|n\.{WS}h\.{WS}c\.?|historia{SP}+cl[ií]nica"
                             rf"|(?:n[º°o]\.?|n[uú]mero){SP}*(?:de{SP}+)?historia(?:{SP}+cl[ií]nica)?",
            "HEALTHPLAN": rf"(?-i:NASS|CIP|TSI)|tarjeta{SP}+sanitaria"
                          rf"|(?:n[º°o]\.?|n[uú]mero){SP}*(?:de{SP}+)?(?:afiliaci[oó]n|seguridad{SP}+social)",
            "ACCOUNT": rf"(?:n[º°o]\.?|n[uú]mero){SP}*(?:de{SP}+)?episodio|episodio",
            "LICENSE": rf"(?:n[º°o]\.?|n[uú]mero){SP}*(?:de{SP}+)?colegiad[oa]|colegiad[oa](?:{SP}*n[º°o]\.?)?"
                       rf"|n\.?[º°o]\.?{WS}col\.?",
            "DEVICE": rf"(?:n[º°o]\.?|n[uú]mero){SP}*(?:de{SP}+)?serie",
            "VEHICLE": r"matr[ií]cula",
            "IDNUM": r"(?-i:DNI|NIF|NIE)|pasaporte",
        }
        cues = [(label, frag + ("|" + es[label] if label in es else "")) for label, frag in cues]
    return cues


def _id_cue_regex(spanish: bool) -> str:
    """A cue phrase, an optional bracketed mark, a separator and the value (digit groups or one code)."""
    groups = "|".join(f"(?P<c_{label}>{frag})" for label, frag in _id_cues(spanish))
    return (
        # a cue ending in a letter is a whole word; one ending in "#" or ":" may touch its value ("Ref #D018-...")
        rf"(?i:{groups})(?:(?<=[#:=º°.])|(?![^\W\d_]))"
        # (a bracketed mark: "(MI)", "Subscriber ID (SSN or ID#):"; a JSON key's quotes: '"subscriberId": "')
        rf"(?P<mark>{WS}\((?:[A-Za-z]{{2,6}}|[A-Za-z#]{{2,6}}(?: [A-Za-z#]{{2,6}}){{1,3}})\))?"
        # (an XML element's '>' after its name: "<MemberID>XEH123456789</MemberID>", checked by the handler)
        rf"(?P<sep>\"{WS}:{WS}\"|>|{WS}(?:[:#=]|-(?![0-9]))?{WS}(?:#{WS})?(?:(?i:is|es|of|was){SP}+)?)"
        # digit groups; the last may be one check digit, as on a Medicare card ("2123 45670 1")
        r"(?P<v>[0-9]{2,4}(?: [0-9]{2,10}){1,3}(?: [0-9](?![0-9]))?(?![\w/:-]|\.[0-9A-Za-z])"
        # a number with a person code after it ("631858318 01"), letters before digit groups ("OAM 904 435 855")
        r"|[0-9]{6,12} 0[0-9](?![\w/:-]|\.[0-9A-Za-z])|[A-Za-z]{1,4}(?: [0-9]{3,5}){2,3}(?![\w/:-]|\.[0-9A-Za-z])"
        r"|(?:[A-Z]{2,4}|[a-z]{2,4}) [0-9]{5,12}(?![\w/:-]|\.[0-9A-Za-z])"
        # letters glued to the first of two to four digit groups: "W1234 56789"
        r"|[A-Za-z]{1,3}[0-9]{2,5}(?: [0-9]{2,10}){1,3}(?![\w/:-]|\.[0-9A-Za-z])"
        r"|[A-Za-z0-9](?:[A-Za-z0-9]|[-/.](?=[A-Za-z0-9]))*)"
    )


@dataclass(frozen=True)
class IdPatterns:
    """What the ID recognizers compile once per language set."""

    #: a cue phrase, its label in the group ``c_<LABEL>``, and the value in ``v``
    id_cue: re.Pattern
    #: the labels of ``id_cue``'s groups, in the order they are tried
    id_labels: tuple[str, ...]


def compile_patterns(languages: Languages) -> IdPatterns:
    """The ID cue regex and its labels for one language set."""
    id_cues = _id_cues(languages.spanish)
    return IdPatterns(id_cue=re.compile(_id_cue_regex(languages.spanish)), id_labels=tuple(lab for lab, _ in id_cues))


def _id_words(lang: Languages) -> list[str]:
    """The first word of every ID cue phrase: the trigger words of ``_id_after_cue``."""
    words = [
        "vehicle", "license", "licence", "plate", "plates", "vin", "veh", "registration", "reg", "rego", "car", "auto", "vrn", "vrm",
        "truck", "van", "suv", "sedan", "motorcycle",
        "kennzeichen", "immatriculation", "numberplate", "kenteken", "targa", "ssn", "ss", "s.s.n", "social", "soc", "mrn", "mr",
        "medical", "med", "unit", "hospital", "chart", "record", "patient", "pt", "history", "health", "dl", "d/l",
        "member", "subscriber", "policy", "insurance", "group", "medicaid", "medicare", "hicn", "mbi",
        "beneficiary", "plan", "rxgrp", "grp", "acct", "account", "encounter", "visit", "csn", "fin", "billing", "serial",
        "s/n", "sn", "lot", "model", "device", "udi", "lic", "dea", "state", "driver", "drivers", "driver's",
        "fingerprint", "retina", "iris", "voiceprint", "biometric", "pager", "beeper", "pgr", "ext",
        "extension", "id", "identification", "accession", "acc", "specimen", "order", "job", "requisition",
        "req", "case", "reference", "ref", "document", "report", "claim", "npi", "employee", "badge", "path",
        "pathology", "lab", "passport", "tag", "doc", "escription", "dictation", "transcription", "application",
        "confirmation", "nhs", "chi", "h&c", "tin", "ein", "fein", "hic", "mbr", "ramq", "phn", "ohip", "ehic", "kvnr",
        "versichertennummer", "cardholder", "insured", "driving", "green", "certificate", "cdl", "controlled", "ticket", "permit", "placard", "incident", "tracking",
        "invoice", "statement", "request", "referral", "authorization", "authorisation", "auth", "episode", "admission",
        "contract", "agreement", "title", "student", "customer", "client", "resident", "inmate", "file", "docket",
        "control", "voucher", "receipt", "transaction", "wristband", "dispatch", "trip", "enrollment", "enrolment",
        # keys of JSON and form exports written in camel case ("subscriberId", "memberId", "groupNumber")
        "subscriberid", "memberid", "policyid", "policynumber", "groupnumber", "groupid", "licensenumber",
        "licenseplate", "licenceplate", "driverslicense", "driverlicense", "driverslicence",
    ]
    if lang.spanish:
        words += ["nhc", "n.h.c", "nº", "n°", "no", "número", "numero", "nºcol", "n°col", "n.º", "n.ºcol",
                  "historia", "nass", "cip", "tsi", "tarjeta", "episodio", "colegiado", "colegiada", "matrícula",
                  "matricula", "dni", "nif", "nie", "pasaporte"]
    return words


def _ssn(scan: Scan, m: re.Match) -> None:
    """"123-45-6789": the SSN layout is specific enough alone; with blanks ("123 45 6789", a census print's
    column) only as the SSA issues them (no area 000, 666 or 9xx, no group 00, no serial 0000)."""
    if not m.group("ssn_sep"):
        scan.emit(m.start(), m.end(), "SSN", 1.0)
        return
    v = m.group()
    if v[:3] in ("000", "666") or v[0] == "9" or v[4:6] == "00" or v[7:] == "0000" or scan.unit_after(m.end()):
        return
    if _FLAT_BEFORE.search(scan.text, max(0, m.start() - 12), m.start()):
        return  # "Suite 680 36 4022": a flat's number, then the house's
    scan.emit(m.start(), m.end(), "SSN", 0.85)


_FLAT_BEFORE = re.compile(r"(?i:\b(?:suite|ste|apt|apartment|unit|room|rm|flat|box|lot|#))\.?[ \t]*$")


def _other_number(scan: Scan, m: re.Match) -> None:
    """Any other number: a small one to the family-history age and pager checks, a long one to a phone, compact date, card or weak ID.

    IDs without a cue are guesses (weak spans); counts, measurements and ranges are left alone.
    """
    tok = m.group()
    if len(tok) < 6:
        if len(tok) <= 3 and tok.isdigit():
            small_number_age(scan, m.start(), m.end())
        elif tok.isdigit():
            signature_pager(scan, m.start(), m.end())
        return
    s, e = m.start(), m.end()
    if tok.isdigit():
        if len(tok) in (10, 11) and extension_after(scan, e):  # "9177918390 x133" ("x" is a unit otherwise)
            scan.emit(s, e, phone_label(scan, s) or "PHONE", 0.8)
            return
        if scan.unit_after(e) or tok.endswith("000"):
            return
        n = len(tok)
        if n in (10, 11) or (n == 9 and scan.spanish):
            cue = phone_label(scan, s)
            if cue:  # "My cell is 7138129142", "faxed to 3132711654"
                scan.emit(s, e, cue, 0.85)
                return
        if 13 <= n <= 19 and (tok[0] in "23456" or tok.startswith("1800")) and luhn_ok(tok):
            scan.emit(s, e, "ACCOUNT", 0.6)  # a payment card even after "is" ("My card number is 3758...")
            return
        words = scan.prev_words(s)[0]
        if words and words[-1].lower() in vocab.COUNT_WORDS or catalogue_number(scan, s):
            return  # "3 tablets"; "RxBIN 610014", "NDC 00093718056": the product's or payer's number
        if n == 9 and zip_plus_four(scan, s, e):
            return  # "FL 057115371"
        if n == 8 and compact_date_ok(tok) and date_cue(scan, s):
            scan.emit(s, e, "DATE", 0.7)
            return
        if luhn_ok(tok):
            scan.emit(s, e, "ACCOUNT", 0.6)  # a payment card number
            return
        scan.emit(s, e, "MEDICALRECORD" if n >= 7 else "IDNUM", 0.4, WEAK)
        return
    if any(c.islower() for c in tok) or any(c in tok for c in "/.:"):
        return
    if len(tok) == 17 and vin_ok(tok):
        scan.emit(s, e, "VEHICLE", 0.8)
        return
    digits = count_digits(tok)
    if tok.count("-") == 1 and tok.replace("-", "").isdigit() and not _suffixed_number(tok):
        return  # "140-180", "3150-4500": a range
    if catalogue_number(scan, s):
        return  # "REF 5510-F-501": the product's number, on every box of it
    if digits >= 6 or (digits >= 5 and any(c.isalpha() for c in tok)):
        scan.emit(s, e, "IDNUM", 0.45, WEAK)


def _suffixed_number(tok: str) -> bool:
    """"303988083-00", "857714-3308": six or more digits, then a hyphen and a shorter, smaller number (a person
    code, a check part): no range, whose upper end is the larger ("140-180", "3150-4500")."""
    low, high = tok.split("-")
    return len(low) >= 6 and len(high) < len(low) and int(high) < int(low)


def _id_after_cue(scan: Scan, s: int) -> int:
    """The value after an ID cue ("MRN: 1234567", "Acct # 99-123", "plate 114 RM9") takes the cue's label.

    With a marked cue (":", "#", "No.") any value of two or more characters counts;
    without one the value must look like an ID (four characters, three digits, no unit).
    """
    m = scan.p.ids.id_cue.match(scan.text, s)
    if not m:
        return 0
    label = next(lab for lab in scan.p.ids.id_labels if m.group("c_" + lab) is not None)
    if label in ("DEVICE", "MEDICALRECORD") and any(a <= s < b and lab == "STREET" for a, b, lab, _, _ in scan.out):
        return 0  # "812 Moore Brooks Lot 2270", "Unit 12": a flat of the street, not a lot or unit number
    vs, ve = m.span("v")
    if m.group("sep") == ">" and (scan.text[s - 1:s] != "<" or scan.text[m.start("sep") - 1:m.start("sep")].isspace()):
        return 0  # '>' ends only an XML element's name ("<MemberID>"), not a comparison ("group > 5")
    if label == "VEHICLE":
        plate = _PLATE.match(scan.text, vs)
        end = plate.end() if plate else 0
        if plate and not _plate_ok(plate.group()):
            cut = re.match(r"\S+[ -]\S+?(?=[ -]\S+$)", plate.group())  # "114 RM9 and": without the word after it
            end = vs + cut.end() if cut and _PLATE.fullmatch(cut.group()) and _plate_ok(cut.group()) else 0
        if end and m.group("c_VEHICLE").rstrip(",").lower() in _VEHICLE_NOUNS and sum(
                c.isalnum() for c in scan.text[vs:end]) < 6:
            return 0  # "van GCS 15": a score after a vehicle word, no plate
        if end and end >= ve:  # "plate 114 RM9", "plate CA79WJU"
            scan.emit(vs, end, label, 0.85, CUE)
            return end
        if _VIN.fullmatch(m.group("v")):  # "VIN WPPLSWPWUZCHM2CRB" (or title-cased): a VIN has 17 characters
            scan.emit(vs, ve, label, 0.85, CUE)
            return ve
    value = m.group("v")
    digits = count_digits(value)
    if digits == 0:
        return 0
    if label == "LICENSE" and scan.lower.startswith("lic", s) and not scan.lower.startswith("licen", s) \
            and _VEHICLE_WORDS.search(scan.text, scan.line_start(s), s):
        label = "VEHICLE"  # "Vehicle: Silver Jeep Cherokee, Lic YYL-3691": a short "lic" on a vehicle's line is its plate
    if label == "VEHICLE" and scan.lower.startswith("reg", s) and value.isdigit():
        label = "IDNUM"  # "Patient registration #: 1234567": a registration number, no plate
    marked = _MARKED_CUE.search(scan.text, s, vs) is not None
    if marked:
        if len(value) < 2:
            return 0
    elif len(value) < 4 or digits < 3 or scan.unit_after(ve) or re.fullmatch(r"[0-9]+\.[0-9]+", value):
        if not (label == "DEVICE" and _SHORT_SERIAL.fullmatch(value) and not scan.unit_after(ve)):
            return 0  # (a serial of capitals with one or two digits after "SN": "SN 6SWXY5")
    if label == "SSN" and not (digits == 9 or (marked and digits >= 4)):
        return 0
    if label == "PHONE" and not _PHONE_VALUE.fullmatch(value):
        return 0  # "Extension 25/25" is a range of motion
    if label == "PHONE" and m.group("c_PHONE").lower().startswith("ext"):
        vs = s  # "ext 46249": the extension word belongs to the number, as in "617-555-1234 ext. 22"
    scan.emit(vs, ve, label, 0.95 if marked else 0.85, CUE)
    return ve


def find_letter_digit_ids(scan: Scan) -> None:
    """Letters glued to digits ("AB1234563", VINs): a DEA number by its check digit, a VIN by its, else a weak ID."""
    for m in ALNUM_ID.finditer(scan.text):
        tok = m.group()
        s, e = m.start(), m.end()
        if dea_ok(tok):
            scan.emit(s, e, "LICENSE", 0.85)
        elif len(tok) == 17 and vin_ok(tok):
            scan.emit(s, e, "VEHICLE", 0.8)
        elif count_digits(tok) >= 5 and len(tok) >= 6 and not OBSTETRIC.match(tok):
            scan.emit(s, e, "IDNUM", 0.45, WEAK)


SSN = NumericShape(  # (with blanks, not before a word: "Suite 680 36 4022 Oakridge Lane" is left to the street)
    "ssn", lambda lang: r"[0-9]{3}(?:-[0-9]{2}-[0-9]{4}(?![0-9]|-[0-9])|(?P<ssn_sep> )[0-9]{2} [0-9]{4}(?![0-9]|[- ][0-9]|[ \t]?[^\W\d_]))",
    _ssn)
#: the catch-all that swallows any other number, so that no shorter shape matches inside it
OTHER_NUMBER = NumericShape("tok", lambda lang: r"[0-9][0-9A-Za-z]*(?:[-/.:][0-9A-Za-z]+)*", _other_number)
ID_WORDS = CueWords("idcue", _id_words, _id_after_cue)
LETTER_DIGIT_IDS = TextPass(("LICENSE", "VEHICLE", "IDNUM"), lambda scan: scan.has_digit, find_letter_digit_ids)
