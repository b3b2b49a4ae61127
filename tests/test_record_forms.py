"""Templated record print-outs (issue 15, bench/make_records.py): tables, colon-less fields, claim boxes, HL7 names.

Positives: values that a header row, a tab or '=' label, a claim-form box, a caret or an
audit line names (rules/columns.py, rules/print_forms.py), photo files (shaped_ids)
and logins after "<date> by" (usernames).
Negatives: lab tables, doses, measurements, section headers, eponyms, drug names and
prose lines with commas stay untouched.
"""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def found(text: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in detect_rules(text)}


def texts(text: str) -> set[str]:
    return {t for t, _ in found(text)}


CENSUS = (
    "RM   PATIENT NAME              MR#        AGE SX ADMIT     ATTENDING          DX\n"
    "617-A MCMANUS, GRAHAM           M451819    26  M  01/19/22  HOURICAN, COLM     SEPSIS\n"
    "432-B MORLEY, JOLENE            E3319487   62  F  01/22/22  OTTO, CANAN        CHF\n"
)
VACCINES = (
    "Vaccine            Date Given   Lot        Site  Given by\n"
    "Tdap               10/28/2012   6277204-05   RD    mturati\n"
    "COVID-19 mRNA      11/07/2013   WC4604   LD    RN.tafuri\n"
)
CSV = (
    "birth_date,Zip Code,Chart #,phone_home,PCP,city\n"
    '"Jun 21, 1986",80154-6536,101-81-66,331.626.7323,"Nieto, Ana",Vieja Mozambique\n'
)
LAB_TABLE = (
    "TEST                 RESULT    FLAG   UNITS      REF RANGE\n"
    "Sodium               134       L      mmol/L     136-145\n"
    "Hemoglobin A1c       7.8       H      %          4.0-5.6\n"
)
CLAIM = (
    "1a. INSURED'S I.D. NUMBER            ZGP8251027301\n"
    "2. PATIENT'S NAME (Last Name, First Name, Middle Initial)\n"
    "   STEPHENS, JOHN\n"
    "3. PATIENT'S BIRTH DATE  05 27 1980   SEX F\n"
    "   CITY PORT TAYLORSIDE   STATE CA\n"
    "   ZIP CODE L9B 7J2   TELEPHONE (Include Area Code) +1 664 886 9589\n"
    "11. INSURED'S POLICY GROUP OR FECA NUMBER  88138\n"
    "17. NAME OF REFERRING PROVIDER  DN THOMAS COPELAND  17b. NPI 2411771514\n"
    "24A. DATE(S) OF SERVICE  From 08 07 17  To 08 07 17  99214  25  A  $185.00\n"
    "25. FEDERAL TAX I.D. NUMBER 79-5848304  SSN [ ] EIN [X]\n"
)


def test_census_columns() -> None:
    got = found(CENSUS)
    assert {("MCMANUS, GRAHAM", "PATIENT"), ("MORLEY, JOLENE", "PATIENT"), ("26", "AGE"), ("62", "AGE"),
            ("HOURICAN, COLM", "DOCTOR"), ("OTTO, CANAN", "DOCTOR")} <= got
    assert {"M451819", "E3319487"} <= texts(CENSUS)
    assert not {"SEPSIS", "CHF", "M", "F", "617-A"} & texts(CENSUS)


def test_vaccine_table_columns() -> None:
    got = found(VACCINES)
    assert {("mturati", "USERNAME"), ("RN.tafuri", "USERNAME"), ("6277204-05", "DEVICE")} <= got
    assert "WC4604" in texts(VACCINES)
    assert not {"Tdap", "RD", "LD", "COVID-19 mRNA"} & texts(VACCINES)


def test_csv_columns() -> None:
    got = found(CSV)
    assert {("80154-6536", "ZIP"), ("Vieja Mozambique", "CITY"), ("Nieto, Ana", "DOCTOR")} <= got
    assert {"Jun 21, 1986", "101-81-66"} <= texts(CSV)


def test_lab_table_is_no_phi() -> None:
    assert texts(LAB_TABLE) == set()


@pytest.mark.parametrize(
    "text, expected",
    [
        ("PT NAME\tHEINZ GUTKNECHT\nBIRTHDATE\t1935-06-12", {("HEINZ GUTKNECHT", "PATIENT")}),
        ("Member Name.... A. Martins; Age.... 69 y/o; Social Security No..... 572 36 2406",
         {("A. Martins", "PATIENT"), ("69", "AGE"), ("572 36 2406", "SSN")}),
        ("Entered By= SMARCINISZYN\nLast Edited By - mfisher\nAuthor: dakota.scott",
         {("SMARCINISZYN", "USERNAME"), ("mfisher", "USERNAME"), ("dakota.scott", "USERNAME")}),
        ("Verified by: lorna.coonan on 08/10/2023", {("lorna.coonan", "USERNAME")}),
        ("Age (yrs): 058Y                         Sex: F", {("058", "AGE")}),
        ("Patient Name (Last, First) - ANTHONY HUNT\nEncounter # -- 16-9518466",
         {("ANTHONY HUNT", "PATIENT"), ("16-9518466", "IDNUM")}),
        ("Occupation: Designer, interior/spatial  Works at: Smith Pharmacy",
         {("Designer, interior/spatial", "PROFESSION")}),
    ],
)
def test_label_value_lines(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Patient name, date of birth, MRN verified with two identifiers.\nThe patient tolerated it well.",
        "Location: left lower lobe.  Site: right arm",
        "Provider: nursing staff",
        "Contact: the daughter at home",
        "PLAN  Continue metformin 500 mg BID, lisinopril 10 mg daily.",
        "Occupation: retired",
        "ASSESSMENT AND PLAN:  Parkinson disease, Graves disease, Bell palsy.",
        "Age: adult",
    ],
)
def test_prose_and_headers_untouched(text: str) -> None:
    assert texts(text) == set()


def test_claim_form_boxes() -> None:
    got = found(CLAIM)
    assert {("STEPHENS, JOHN", "PATIENT"), ("05 27 1980", "DATE"), ("PORT TAYLORSIDE", "CITY"), ("CA", "STATE"),
            ("L9B 7J2", "ZIP"), ("88138", "HEALTHPLAN"), ("THOMAS COPELAND", "DOCTOR"), ("79-5848304", "IDNUM")} <= got
    assert ("08 07 17", "DATE") in got
    assert not {"DN", "99214", "25", "SEX F", "CITY PORT TAYLORSIDE"} & texts(CLAIM)


@pytest.mark.parametrize(
    "text",
    [
        "The STATE HOSPITAL FOR THE INSANE was closed.",
        "Hemoglobin 12 04 20 and 11 03 19.",
        "Dose increased from 10 12 14 mg.",
        "CITY CENTER CLINIC",
    ],
)
def test_no_boxes_outside_claim_forms(text: str) -> None:
    assert texts(text) == set()


def test_caret_names() -> None:
    text = ("PID|1||746-86-95^^^MRN^MR||STEPHENS^JOHN^||19800527|F|||825 MAIN ST^^PORT TAYLORSIDE^CA^79878^USA\n"
            "NK1|1|STEPHENS^MITCHELL^|WIF^WIFE||269-784-8304\n"
            "PV1|1|O|ICU^202^1||||1364942056^GARRETT^CASSANDRA^^^^MD\n"
            "OBX|1|NM|2345-7^GLUCOSE^LN||187|mg/dL|70-99|H|||F\n"
            "action=EDIT  pt=B609910 (Jones^Rodney^T)\n")
    got = found(text)
    assert {("STEPHENS^JOHN", "PATIENT"), ("STEPHENS^MITCHELL", "PATIENT"), ("GARRETT^CASSANDRA", "DOCTOR"),
            ("Jones^Rodney^T", "PATIENT")} <= got
    assert not {t for t, lab in got if lab in ("PATIENT", "DOCTOR") and ("WIF" in t or "GLUCOSE" in t or "CA" == t[-2:])}


def test_bracketed_patient_after_record_number() -> None:
    text = "2021-08-17 20:41:18  user=srice86  action=PRINT  mrn=824-50-57 (CYMAN, SANDRA)\nHb (g/dL) 12"
    assert ("CYMAN, SANDRA", "PATIENT") in found(text)
    assert "g/dL" not in texts(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Photo: IMG_20250715_5520.jpg", "IMG_20250715_5520.jpg"),
        ("photos: DSC97713.JPG, photo-nq2cl0wk.jpeg", "photo-nq2cl0wk.jpeg"),
        ("Wound Photo: wound_451794_09.png", "wound_451794_09.png"),
        ("Study UID 1.2.840.113619.2.63.68710.53561381.443", "1.2.840.113619.2.63.68710.53561381.443"),
    ],
)
def test_image_files(text: str, expected: str) -> None:
    assert (expected, "IDNUM") in found(text)


def test_image_files_negatives() -> None:
    assert texts("see figure.png and logo.gif, version 1.2.3.4, scan_1.jpg") == set()


def test_logins_after_dates() -> None:
    text = "enrolled at the kiosk on 2023-06-03 by lwright.\nSigned on 01/08/18 by SPERKINS.\n"
    assert {("lwright", "USERNAME"), ("SPERKINS", "USERNAME")} <= found(text)
    negative = "Given on 3/4/2020 by mouth. Seen on 3/4/2020 by Smith. Arrived on 3/4/2020 by car."
    assert not {t for t, lab in found(negative) if lab == "USERNAME"}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("S: Aaron Thomas is a 74 yrs M here for follow-up of HTN.", "74"),
        ("S: Bobby Zhang is a 81y F here for follow-up.", "81"),
        ("S: TINA IS A 9Y M HERE FOR FOLLOW-UP.", "9"),
        ("S: Ayla is a 2 years M here for follow-up.", "2"),
    ],
)
def test_case_summary_age_before_sex(text: str, expected: str) -> None:
    assert (expected, "AGE") in found(text)


def test_case_summary_age_negatives() -> None:
    text = "He smoked for a 20 yrs F period. Needs a 14 F Foley. Used a 5y M plan. For a 10y M-mode echo."
    assert not {t for t, lab in found(text) if lab == "AGE"}


def test_named_relatives() -> None:
    text = ("DISCUSSED WITH PATIENT AND JESSICA PLAK (HUSBAND) AT BEDSIDE.\n"
            "Emergency Contact: Mary Ann Lee (daughter) 555-123-4567")
    assert {("JESSICA PLAK", "PATIENT"), ("Mary Ann Lee", "PATIENT")} <= found(text)
    negative = ("History of Parkinson Disease (father). Seen in Cardiology Clinic (mother). Tylenol (son). "
                "Follow Up (sister). Diabetes Mellitus (Mother), Breast Cancer (sister).")
    assert not {t for t, lab in found(negative) if lab == "PATIENT"}


def test_patient_number_after_key() -> None:
    got = found("action=EDIT  pt=23-497319 (Cooper^Darryl^)\nHOSP # ... MR371319\nZIP\tS4B8G7")
    assert {("23-497319", "MEDICALRECORD"), ("Cooper^Darryl", "PATIENT"), ("S4B8G7", "ZIP")} <= got
    assert "MR371319" in {t for t, _ in got}


def test_catalogue_numbers_are_no_phi() -> None:
    text = "Femoral component size 5  REF 5510-F-501  LOT 8633038-83  SN SN59534761\nNDC 0093-7180-56  Lot 6858471-95"
    got = texts(text)
    assert {"8633038-83", "SN59534761", "6858471-95"} <= got
    assert not {"5510-F-501", "0093-7180-56"} & got
    assert "W655-377-8207" in texts("Ref #W655-377-8207 was quoted.")


def test_time_after_a_cell_date_only_with_iso() -> None:
    got = found("ENCOUNTER DATE - 10/3/2019 23:30\nVisit Date: 2019-10-03 23:30")
    assert {("10/3/2019", "DATE"), ("2019-10-03 23:30", "DATE")} <= got


def test_markdown_table_with_edge_bars() -> None:
    text = ("| Patient | Member ID | State | DL # | SSN | Age |\n|---|---|---|---|---|---|\n"
            "| D. Guarana | 3KD5-M69-XA95 | CT | 82040560 | 669 17 1293 | 43 years |\n")
    got = found(text)
    assert {("D. Guarana", "PATIENT"), ("CT", "STATE"), ("82040560", "LICENSE"), ("669 17 1293", "SSN"),
            ("43", "AGE")} <= got
    assert "3KD5-M69-XA95" in texts(text)


def test_json_export_keys() -> None:
    text = ('{"id": "1", "zip": "25727-1975", "patient_name": "Richard Hensley", "state": "IA", "age": "48 years", '
            '"plate": "QU33 HHB", "units": "mg/dL", "status": "final", "code": "2345-7"}')
    got = found(text)
    assert {("25727-1975", "ZIP"), ("Richard Hensley", "PATIENT"), ("IA", "STATE"), ("48", "AGE"),
            ("QU33 HHB", "VEHICLE")} <= got
    assert not {"mg/dL", "final", "2345-7"} & texts(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("SS No. 304 14 2594   DOB 18 JUL 1956", ("304 14 2594", "SSN")),
        ("DL: 415 627 129 (NY)", ("415 627 129", "LICENSE")),
        ("DL# F1864790", ("F1864790", "LICENSE")),
        ("Valid through 14.12.2024. Issued by RN.knox", ("RN.knox", "USERNAME")),
        ("Valid through Jun 8, 2025. Issued by lmartins\n", ("lmartins", "USERNAME")),
        ("Pt. Name:  Watkins,April", ("Watkins,April", "PATIENT")),
        ("Mother's Name: Mimun, Lodovico T", ("Mimun, Lodovico T", "PATIENT")),
    ],
)
def test_more_cues(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


def test_more_cues_negatives() -> None:
    text = ("Hgb 12 g/DL: stable. 5 DL of fluid. Medication given by mouth. Dose administered by nursing staff. "
            "Completed by patient. Mother: alive and well. Position: prone.")
    assert texts(text) == set()


def test_issuing_state_and_names_before_ids() -> None:
    got = found("DL: 415 627 129 (NY)\nPlate 7ABC123 (CA)\nHi Dr. LUCAS, this is DESTINY WHITE (DOB 12/23/1947).\n"
                "Ref. Provider - Fitzgerald, Whitney A\nRxBIN 610014   RxPCN MEDDPRIME   RxGRP 319815-751")
    assert {("NY", "STATE"), ("CA", "STATE"), ("DESTINY WHITE", "PATIENT"), ("Fitzgerald, Whitney A", "DOCTOR"),
            ("319815-751", "HEALTHPLAN")} <= got
    assert "610014" not in {t for t, _ in got}
    negative = "History of Diabetes Mellitus (DOB unknown). Patient Name (DOB) field. Tylenol (MRN). Stage II (CA)."
    assert texts(negative) == set()


def test_identifier_inventory_and_narrative() -> None:
    text = ("Vehicle Identifier = 8NCT397\nCounty - HAMILTON\nKSAWERY OBIAŁA (SSN 680-95-1906) was seen. "
            "Vehicle tag RBK 817 (VIN 58TABADR1K29KGBJG). Fingerprint template FP-1 is on file; photo "
            "IMG_20211003_9161.JPG. The portal account BRIENC logged in from 10.1.1.1.\n"
            "ACTION=VIEW  PATIENT=99444257 (LEWIS^CAROL^R)\nVALID THROUGH 11/07/2020. ISSUED BY CEZARY.KONRAD\n"
            "Employee: D. Fleming\n4. INSURED'S NAME X\n5. PATIENT'S ADDRESS (NO., STREET)  43/75, CHAUDHRY GANJ\n")
    got = found(text)
    assert {("8NCT397", "VEHICLE"), ("HAMILTON", "LOCATION-OTHER"), ("KSAWERY OBIAŁA", "PATIENT"),
            ("RBK 817", "VEHICLE"), ("IMG_20211003_9161.JPG", "IDNUM"), ("BRIENC", "USERNAME"),
            ("LEWIS^CAROL^R", "PATIENT"), ("CEZARY.KONRAD", "USERNAME"), ("D. Fleming", "PATIENT"),
            ("43/75, CHAUDHRY GANJ", "STREET")} <= got
    negative = ("The account was logged in by staff. County - level data. Employee: none. "
                "5. PATIENT'S ADDRESS (No., Street)  SAME\nINSURED'S NAME Self")
    assert not {t for t, lab in found(negative) if lab in ("USERNAME", "LOCATION-OTHER", "PATIENT", "STREET")}


def test_phone_after_a_line_word() -> None:
    got = found("Questions after hours: nurse line 2629412352.\nCall the help line 6175551234.")
    assert {("2629412352", "PHONE"), ("6175551234", "PHONE")} <= got
    assert texts("Central line placed 2 days ago. Line 3 of the report.") == set()


def test_capitals_label_and_value_one_blank_apart() -> None:
    got = found("MEMBER NAME SAMUEL BROWN\nMember ID ZGP1382306201  GRP# SH27063\n"
                "PATIENT NAME JOHN A DOE   DATE OF BIRTH 03/04/1950\nZIP CODE 02134\nPatient Name: Mary I Smith")
    assert {("SAMUEL BROWN", "PATIENT"), ("JOHN A DOE", "PATIENT"), ("02134", "ZIP"), ("Mary I Smith", "PATIENT")} <= got
    assert not {"Member", "MEMBER", "NAME"} & {t for t, _ in got}
    negative = ("PATIENT NAME WAS VERIFIED WITH TWO IDENTIFIERS.\nDATE OF BIRTH UNKNOWN.\nPATIENT AGE IS NOT KNOWN\n"
                "CITY HOSPITAL ADMISSION\nPATIENT STATES THAT SHE FEELS WELL.\nMOTHER NAME UNKNOWN\nPATIENT NAME IS A DOE.")
    assert texts(negative) == set()


def test_capitals_label_takes_all_its_words() -> None:
    got = found("MEDICAL RECORD NUMBER 05449151\nADMITTING DIAGNOSIS:,  AFTERCARE")
    assert ("05449151", "MEDICALRECORD") in got
    assert not {t for t, _ in got if "NUMBER" in t or "AFTERCARE" in t}


def test_date_field_value_ends_with_its_date() -> None:
    got = found("DOB: 03/14/1930. Seen 05/02/2021.\nDate: 3/4/2021 seen today\nDOB = Jun 21, 1986")
    assert {("03/14/1930", "DATE"), ("Jun 21, 1986", "DATE")} <= got
    assert not {t for t, _ in got if "Seen" in t or "seen" in t}
