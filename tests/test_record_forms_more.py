"""Record print-outs of the second tune batch (issue 15, bench/records_tune_more*.py): numbered form boxes, HL7
segment fields and caret addresses, masked SSNs, GS1 UDIs, ZIP+4 run together, officers, pharmacy stores, ages
after a birth date and "Age/Sex: 67/F".

Negatives: numbered list items, lab and vital-sign lines in capitals, HL7 type codes after a phone, a bracketed
count after a visit date, a rank before a common word, chains named in prose stay untouched.
"""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def found(text: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in detect_rules(text)}


def texts(text: str) -> set[str]:
    return {t for t, _ in found(text)}


DEATH_WORKSHEET = (
    "4a. AGE-Last Birthday (Years) 75   5. DATE OF BIRTH 05/24/1949\n"
    "7a. RESIDENCE-STATE NORTH CAROLINA  7b. COUNTY ODONNELL  7c. CITY OR TOWN LAKE MICHAELSIDE\n"
    "7d. STREET AND NUMBER 383 KRISTIN LOCK   7g. ZIP CODE 48755\n"
    "12. DECEDENT'S USUAL OCCUPATION RECYCLING OFFICER   KIND OF BUSINESS/INDUSTRY MENDEZ LOGISTICS LLC\n"
)
UB04 = (
    "5 FED TAX NO 44-1252373   6 STATEMENT COVERS PERIOD 022721 030421\n"
    "50 PAYER NAME AETNA BETTER HEALTH   51 HEALTH PLAN ID 9451767395\n"
    "58 INSURED'S NAME MASON, THIERRY  59 P REL 18\n"
    "65 EMPLOYER NAME VINCENT-HESS\n"
)
HL7 = (
    "PID|1||62487530^^^MAIN^MR||RODRIGUEZ^TOM^||19751001|M|||60992 Cheryl Street^^Port Scottmouth^OH^24066-7796^USA^H"
    "||(436)475-5379^PRN^PH|||W||7848924481|655700787\r\n"
    "GT1|1||RODRIGUEZ^DALIA||76361 Clark Stream Apt. 757^^East Scott^NC^41306|||||||||||Young & Mendoza LLP\r\n"
    "IN1|1|COMM|25774|EmblemHealth||||545640||||||||RODRIGUEZ^DALIA|01\r\n"
)


def test_numbered_form_boxes() -> None:
    got = found(DEATH_WORKSHEET)
    assert {("75", "AGE"), ("NORTH CAROLINA", "STATE"), ("ODONNELL", "LOCATION-OTHER"), ("LAKE MICHAELSIDE", "CITY"),
            ("383 KRISTIN LOCK", "STREET"), ("48755", "ZIP"), ("RECYCLING OFFICER", "PROFESSION"),
            ("MENDEZ LOGISTICS LLC", "ORGANIZATION")} <= got


def test_claim_form_locators() -> None:
    got = found(UB04)
    assert {("44-1252373", "IDNUM"), ("AETNA BETTER HEALTH", "ORGANIZATION"), ("MASON, THIERRY", "PATIENT"),
            ("VINCENT-HESS", "ORGANIZATION")} <= got


def test_hl7_segment_fields_and_addresses() -> None:
    got = found(HL7)
    assert {("60992 Cheryl Street", "STREET"), ("Port Scottmouth", "CITY"), ("OH", "STATE"), ("24066-7796", "ZIP"),
            ("76361 Clark Stream Apt. 757", "STREET"), ("East Scott", "CITY"), ("41306", "ZIP"),
            ("Young & Mendoza LLP", "ORGANIZATION"), ("EmblemHealth", "ORGANIZATION"), ("545640", "HEALTHPLAN"),
            ("655700787", "SSN")} <= got
    assert not {"USA^H", "PRN^PH", "PRN", "USA"} & texts(HL7)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("SSN: XXX-XX-1234; pt_ssn=***-**-9827; \"value\": \"xxx-xx-5375\"",
         {("XXX-XX-1234", "SSN"), ("***-**-9827", "SSN"), ("xxx-xx-5375", "SSN")}),
        ("UDI: (01)01504504395266(17)260811(10)X434493(21)426364",
         {("(01)01504504395266(17)260811(10)X434493(21)426364", "DEVICE")}),
        ("ADDRESS 617 WATSON LIGHT, WEST SCOTT, MI 307077990", {("307077990", "ZIP"), ("MI", "STATE")}),
        ("Reporting Officer R. Donnellan Badge 2165", {("R. Donnellan", "PATIENT")}),
        ("REPORTING OFFICER I. FOSTER", {("I. FOSTER", "PATIENT")}),
        ("Rite Aid #18754\nKroger Pharmacy Store 2672", {("Rite Aid #18754", "ORGANIZATION"),
                                                         ("Kroger Pharmacy Store 2672", "ORGANIZATION")}),
        ("MORGAN, CAROLYN  DOB: 09/01/1998 (27y)  MRN: 23801454", {("27", "AGE")}),
        ("BEARD, STEVEN  Age/Sex: 101/M  MRN: 63008416", {("101", "AGE")}),
        ("RPh: wrightl\nLast reset by: MICHAEL_MCDONALD", {("wrightl", "USERNAME"), ("MICHAEL_MCDONALD", "USERNAME")}),
    ],
)
def test_new_printings(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= found(text)


@pytest.mark.parametrize(
    "text",
    [
        "1. Patient tolerated the procedure well.\n2. PATIENT TOLERATED PROCEDURE WELL.\n3. Pharmacy consult placed.",
        "HEMOGLOBIN A1C  7.8   NORMAL RANGE 4.0-5.6\nBLOOD PRESSURE 120/80   HEART RATE 80",
        "PHYSICAL EXAM   GENERAL APPEARANCE WELL NOURISHED   HEAD NORMOCEPHALIC",
        "Chief Medical Officer Safety Review",
        "picked up at CVS; Walgreens flu clinic; Target heart rate",
        "Hgb 12.5 (01) repeat; 2^3 = 8",
        "Seen 03/04/2021 (2) follow-up",
        "Leads: RA 5076-52 cm, RV 5076-58 cm. MRI conditional 1.5T/3T.",
    ],
)
def test_untouched(text: str) -> None:
    assert not {t for t, lab in found(text) if lab not in ("DATE",)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("AGENCY: ALEXISFORT POLICE DEPARTMENT   CASE NO. 22-020833", {("ALEXISFORT POLICE DEPARTMENT", "ORGANIZATION")}),
        ("  PLATE WLK2561 TX EXP 09/25", {("WLK2561", "VEHICLE"), ("TX", "STATE")}),
        ("Reporting Officer K. Mathis Badge 4484", {("4484", "IDNUM")}),
        ('"name": [{"use": "official", "family": "Dias", "given": ["Igor"]}], "line": ["3579 DAY FORK"], '
         '"postalCode": "98191-9438"', {("Dias", "PATIENT"), ("3579 DAY FORK", "STREET"), ("98191-9438", "ZIP")}),
        ("8534 Lee Curve Suite 280\nNew Priscilla FL 057115371", {("057115371", "ZIP"), ("New Priscilla", "CITY")}),
        ("MILLER, SUSAN  (37 yrs F)  MRN: 19097497\nLEGRAND, AGNES  (9Y F)", {("37", "AGE"), ("9", "AGE")}),
        ("Pt: DOE, JANE  67/F  MRN 1234567\nSex/Age: F/71", {("67", "AGE"), ("71", "AGE")}),
        ("JANE DOE, 67Y F, MRN 1234567\nDOE,JANE 067Y F 01/02/1955", {("67", "AGE"), ("067", "AGE")}),
        ("Tag: ABC-1234\nVeh Lic: 8XYZ123   State: TX\nRegistration: AB12 CDE\nRego: ABC123\nPlates: 4GHJ521",
         {("ABC-1234", "VEHICLE"), ("8XYZ123", "VEHICLE"), ("AB12 CDE", "VEHICLE"), ("ABC123", "VEHICLE"),
          ("4GHJ521", "VEHICLE")}),
        ("UNIT-BED  PATIENT-NAME             SSN        AGE SX ZIP        EMPLOYER\n"
         "4W-31     REYNA,ABRAHAM            377650113  013 M  58871      BURTON LOGISTICS LLC\n",
         {("REYNA,ABRAHAM", "PATIENT"), ("377650113", "SSN"), ("013", "AGE"), ("58871", "ZIP")}),
    ],
)
def test_more_printings(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= found(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"system": "http://hl7.org/fhir/sid/us-ssn", "url": "http://hl7.org/fhir/us/core/StructureDefinition/x"}',
        '{"system": "urn:oid:1.2.840.114350.1.13", "code": {"system": "http://loinc.org", "code": "4548-4"}}',
        '"line": ["IV"]',
        "Plate count 212. Left in OR at 10:42",
        "BP 120/80, grade 3/F; ratio 2/M; I/O 500/300",
        "Registration completed at front desk. Registration: done. Skin tag: 3 mm removed. Reg insulin 5 units.",
        "plate with 14-mm screws; locking plate C3-C5; plate 23 mm in length",
    ],
)
def test_standards_and_codes_untouched(text: str) -> None:
    assert not {t for t, lab in found(text) if lab not in ("DATE",)}


def test_nine_digits_are_a_zip_only_after_a_state() -> None:
    assert not {t for t, lab in found("MRN 123456789; ID 123456789; Acct 123456789") if lab == "ZIP"}


def test_tagger_spans_end_at_a_heading_and_skip_catalogue_numbers() -> None:
    from phisift.document import Span
    from phisift.detect.tagger.crf import tidy_spans

    text = "Lake View Regional Medical Center\nCLINICAL LABORATORY REPORT\n79 Adelianos Kambos\n Suite 477"
    head = Span(0, text.index("REPORT") + 6, "HOSPITAL", "model", 0.9)
    addr = Span(text.index("79"), len(text), "STREET", "model", 0.9)
    assert [(s.start, s.end) for s in tidy_spans(text, [head, addr])] == [(0, 33), (addr.start, addr.end)]
    label = "Femoral component size 5  REF 5510-F-501  LOT L693876  SN SN72482181"
    ref = Span(label.index("5510"), label.index("5510") + 10, "ACCOUNT", "model", 0.9)
    lot = Span(label.index("L69"), label.index("L69") + 7, "DEVICE", "model", 0.9)
    assert tidy_spans(label, [ref, lot]) == [lot]


def test_nurse_line_is_no_name() -> None:
    import phisift

    text = "Questions after hours: nurse line 2629412352."
    assert {text[s.start:s.end] for s in phisift.detect(text)} == {"2629412352"}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Primary: Blue Cross Blue Shield of Texas   Secondary: Medica",
         {"Blue Cross Blue Shield of Texas", "Medica"}),
        ("BLUE CROSS BLUE SHIELD OF NORTH CAROLINA", {"BLUE CROSS BLUE SHIELD OF NORTH CAROLINA"}),
        ("SSN (last 4): 6789\nLast four of SSN: 1234\nSSN: ###-##-4321", {"6789", "1234", "###-##-4321"}),
    ],
)
def test_payers_with_their_state_and_last_four(text: str, expected: set[str]) -> None:
    import phisift

    assert expected <= {text[s.start:s.end] for s in phisift.detect(text)}


def test_a_payer_before_an_everyday_of_stays_short() -> None:
    import phisift

    text = "Aetna of course denied it. Primary: hypertension. Secondary: none."
    assert {text[s.start:s.end] for s in phisift.detect(text)} == {"Aetna"}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("45Y male with chest pain\nPatient: John Smith   45Y   M", {("45", "AGE")}),
        ("45 yrs, male", {("45", "AGE")}),
        ("Name/Age: John Smith / 45\nDOB/Age: 01/02/1970 / 46", {("45", "AGE"), ("46", "AGE")}),
        ("JOHN SMITH | 45 | M | 01/02/1970\nSmith,Jane,F,46,01/02/1970", {("45", "AGE"), ("46", "AGE")}),
        ("Age at death: 82 years", {("82", "AGE")}),
        ("Ins ID: ZGP12345678 / Grp 98765\nPolicy: 123-4567-X89",
         {("98765", "HEALTHPLAN"), ("123-4567-X89", "HEALTHPLAN")}),
    ],
)
def test_banner_ages_and_plan_numbers(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= found(text)


@pytest.mark.parametrize(
    "text",
    [
        "smoked 20 yrs, quit 5 yrs ago",
        "BP 120/80 | 72 | M",
        "Policy: see attached. Grp therapy 3x weekly. GRP B strep negative.",
    ],
)
def test_durations_and_words_untouched(text: str) -> None:
    assert not {t for t, lab in found(text) if lab not in ("DATE",)}


def test_a_capitals_label_before_a_tab_has_no_value_and_no_crash() -> None:
    from phisift.detect.rules import columns

    class Emits:
        def __init__(self) -> None:
            self.out: list = []

        def emit(self, *args) -> None:
            self.out.append(args)

    scan = Emits()
    assert columns._caps_pair(scan, 0, "X  ZIP CODE \t12345", 3) == 0
    assert scan.out == []


def test_position_is_a_job_unless_it_is_the_bodys() -> None:
    assert ("Leisure centre manager", "PROFESSION") in found("Position: Leisure centre manager   Department: X")
    assert not texts("POSITION: Supine.\nPosition: Left lateral decubitus\nPosition: Prone with chest rolls")



@pytest.mark.parametrize(
    "text, expected",
    [
        ("Nationality: USA", ("USA", "COUNTRY")),
        ("ST: GA", ("GA", "STATE")),
        ("STATE - OH", ("OH", "STATE")),
        ("TIN: 99-7760708", ("99-7760708", "IDNUM")),
        ("Batch #: 8477401-89", ("8477401-89", "DEVICE")),
        ("CNTY: HOPKINS", ("HOPKINS", "LOCATION-OTHER")),
        ("Profession - Television production assistant", ("Television production assistant", "PROFESSION")),
        ("User - cardonas", ("cardonas", "USERNAME")),
        ("Vehicle Plate.... 6ZHD169", ("6ZHD169", "VEHICLE")),
        ("ADDRESS LINE 1\t9866 KIMBERLY MISSION", ("9866 KIMBERLY MISSION", "STREET")),
        ("Parking: Lot C, space 14, vehicle 7ABC123", ("7ABC123", "VEHICLE")),
        ("Car registration AB12 CDE was noted by EMS.", ("AB12 CDE", "VEHICLE")),
    ],
)
def test_field_labels_of_record_screens(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


def test_common_word_labels_in_prose_untouched() -> None:
    text = ("Rx: 1 tab daily. State: stable. User: the nurse. Tag: removed. Visit: 2 weeks. Position: supine. "
            "Batch: pending. ST: elevation 2 mm. Admission: 3 days ago. Episode: 2 of 3. Registration: done.")
    assert not {t for t, lab in found(text) if lab not in ("DATE",)}


def test_an_ssn_with_blanks_needs_no_cue_but_an_issued_shape() -> None:
    assert ("123 45 6789", "SSN") in found("DOE, JANE   123 45 6789   01/02/1970")
    assert not {t for t, lab in found("912 34 5678; 666 12 3456; 123 00 4567; 555 12 3456 units") if lab == "SSN"}


def test_numbers_of_an_address_are_no_ssn() -> None:
    assert not {t for t, lab in found("Mrs. Karen Thorkildsen Suite 680 36 4022 Oakridge Lane\nDallas TX 48486")
                if lab == "SSN"}
