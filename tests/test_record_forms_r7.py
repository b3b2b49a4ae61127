"""Record printings of the seventh tune batch (issue 15, bench/records_tune_r7.py tune_r7 only), by form:

the issuing state after a plate or licence in a clause of its own ("DL 163656973, VA", "plate MXW460 FL)",
"(KY  DEA ...", "dl 93805497 (mn)" in a lower-case note, "State OK", "Province/State: ON"); a licence after a
bare "DL", "CDL No.", "State ID", "License/Permit #", "DL No.", "Driver's Licence, AB - "; health-plan numbers
after a bare "member", "Cardholder #", "Insured ID", the cards of provinces and countries (RAMQ, PHN, OHIP,
"Medicare card"), a camel-cased JSON key ('"subscriberId": "..."'), with a person code ("631858318 01") or
letters before digit groups ("OAM 904 435 855"), after a bracketed remark ("Subscriber ID (SSN or ID#):");
"green card" and "Certificate" numbers; a plate of two groups after "tag" or "reg."; a number with a shorter,
smaller part after its hyphen ("303988083-00"), which is no range.

Negatives: lab values, doses and ranges, NDC, CPT, HCPCS and ICD-10 codes, lot numbers, dates, section
headers, "mg/dL" before a number, credentials after a licence ("Lic 12345, MD"), a lower-case state code
after a number in capitals, "family member 1 of 3", "certificate expires".
"""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def found(text: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in detect_rules(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the issuing state beside a licence or a plate
        ("Guardian ID verified: DL 163656973, VA\nInsurance: Aetna\n", ("163656973", "LICENSE")),
        ("Guardian ID verified: DL 163656973, VA\nInsurance: Aetna\n", ("VA", "STATE")),
        ("reg note: pt showed dl o094-299-974 (mn), ins card id 766318559581\n", ("o094-299-974", "LICENSE")),
        ("reg note: pt showed dl o094-299-974 (mn), ins card id 766318559581\n", ("mn", "STATE")),
        ("CDL No.: E572-3125-1799  State OK\nCDL class C\n", ("E572-3125-1799", "LICENSE")),
        ("CDL No.: E572-3125-1799  State OK\nCDL class C\n", ("OK", "STATE")),
        ("Driver's License/Permit #: 25310787  State MO\n", ("25310787", "LICENSE")),
        ("Driver's License/Permit #: 25310787  State MO\n", ("MO", "STATE")),
        ("Medical License: DO74455 (KY  DEA Reg. AA2036590\n", ("KY", "STATE")),
        ("in his Toyota Camry (plate MXW460 FL), which remains in the ED lot.\n", ("FL", "STATE")),
        ("Guardian ID verified: state ID 059937474, SC\n", ("059937474", "LICENSE")),
        ("Guardian ID verified: state ID 059937474, SC\n", ("SC", "STATE")),
        ("State ID/DL No. 201 867 799 (NY)\nPosition: manager\n", ("201 867 799", "LICENSE")),
        ("State ID/DL No. 201 867 799 (NY)\nPosition: manager\n", ("NY", "STATE")),
        ("ID presented: Driver's Licence, AB - 147650-794\n", ("147650-794", "LICENSE")),
        ("ID presented: Driver's Licence, AB - 147650-794\n", ("AB", "STATE")),
        ("Patient: SOLE  OHIP # 9346-645-915-XN\nProvince/State: ON\n", ("ON", "STATE")),
        # health plans and cards
        ("He has Priority Health coverage (member 295587211-95).\n", ("295587211-95", "HEALTHPLAN")),
        ("CARDHOLDER #: 854173335 03  GROUP ID: 0426061-07\n", ("854173335 03", "HEALTHPLAN")),
        ("15. Policyholder/Subscriber ID (SSN or ID#): 631858318 01\n", ("631858318 01", "HEALTHPLAN")),
        ("Insured ID: XNV 934 332 288   Grp #: 320578\n", ("XNV 934 332 288", "HEALTHPLAN")),
        ("RAMQ: WCRT 6771 5927\n", ("WCRT 6771 5927", "HEALTHPLAN")),
        ("Patient: SFORZA, ERALDO  PHN 9737 864 312\n", ("9737 864 312", "HEALTHPLAN")),
        ("Medicare card 5888 77764 8  IRN 3\n", ("5888 77764 8", "HEALTHPLAN")),
        ('  "subscriberId": "103275115-21",\n', ("103275115-21", "HEALTHPLAN")),
        ('{"memberId": "W123456789", "groupNumber": "88120"}', ("88120", "HEALTHPLAN")),
        # other numbers
        ("Insurer Mapfre, policy EG67184121 green card UK/439/6384259\n", ("UK/439/6384259", "IDNUM")),
        ("Travel insurer: Blue Cross Travel  Certificate 453-7647570\n", ("453-7647570", "IDNUM")),
        ("in his Subaru Forester (tag 61Y 754), which remains in the lot.\n", ("61Y 754", "VEHICLE")),
        ("Vessel reg. GA 1703 SK  HIN VZC65205A521\n", ("GA 1703 SK", "VEHICLE")),
        ("BAUM, ARZU\n303988083-00  51812\n---\n", ("303988083-00", "IDNUM")),
    ],
)
def test_r7_forms_found(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Hgb 12.4 g/dL  WBC 7.8  Plt 245  Cr 1.1  K 4.2\n", None),
        ("Glucose 145 mg/dL 120000 units heparin\n", None),
        ("Dx: E11.9, I10  CPT 99214  NDC 00002-7510-01\n", None),
        ("ICD-10 S06.0X0A; CPT 70450 CT head w/o contrast\n", None),
        ("HCPCS E0601 CPAP; J3490; modifier 25\n", None),
        ("Meds: metformin 500 mg BID, lisinopril 10 mg daily (lot 4K82J)\n", None),
        ("Platelets 150-450, range 3150-4500, ratio 140-180\n", None),
        ("Range 100000-200000 copies\n", None),
        ("PHYSICAL EXAMINATION:\nHEENT: normal.\nASSESSMENT AND PLAN:\n", None),
        ("She is a family member 1 of 3 siblings.\n", None),
        ("Certificate expires 2025; reg. insulin 10 units given.\n", None),
        ("Signed J. Smith, Lic 123456, MD\n", ("MD", "STATE")),
        ("LICENSE DO74455 (ky)\n", ("ky", "STATE")),
        ("Follow-up in 2 weeks (OR) as needed.\n", None),
    ],
)
def test_r7_negatives(text: str, bad: tuple[str, str] | None) -> None:
    got = found(text)
    if bad is None:
        assert not {lab for _, lab in got} & {"LICENSE", "HEALTHPLAN", "VEHICLE", "STATE", "IDNUM"}, got
    else:
        assert bad not in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Member ID 922-69-9426-03   Group 6927KS\nRxBIN 610502\n", ("6927KS", "HEALTHPLAN")),
        ("Group: 34788-FO  Group name: NORTH MICHELLE PUBLIC SCHOOLS\n", ("34788-FO", "HEALTHPLAN")),
        ("Device: Azure XT DR MRI  SN 6SWXY5\nRA lead 5076  SN 8MPTD9\n", ("6SWXY5", "DEVICE")),
        ("Device: Azure XT DR MRI  SN 6SWXY5\nRA lead 5076  SN 8MPTD9\n", ("8MPTD9", "DEVICE")),
    ],
)
def test_r7_group_and_serial_found(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


@pytest.mark.parametrize(
    "text",
    ["Group 2010-2015 cohort was followed.\n", "Group 1234 patients were enrolled.\n", "GROUP THERAPY: daily\n",
     "SN ratio 5, SN 2 nodes\n", "Group: Cardiology associates\n"],
)
def test_r7_group_and_serial_negatives(text: str) -> None:
    assert not {lab for _, lab in found(text)} & {"HEALTHPLAN", "DEVICE", "IDNUM"}, found(text)


def test_r7_payers_in_lexicon() -> None:
    from phisift.detect.lexicon.detector import LexiconDetector

    text = "3. Company: Delta Dental\nVision: Davis Vision auth 34332480\nTravel insurer: AXA Assistance\n"
    got = {(text[s.start : s.end], s.label) for s in LexiconDetector().detect(text)}
    assert {("Delta Dental", "ORGANIZATION"), ("Davis Vision", "ORGANIZATION"), ("AXA Assistance", "ORGANIZATION")} <= got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Vehicle: 2015 Honda Civic (ABC-1234)\n", ("ABC-1234", "VEHICLE")),
        ("She drives a 2018 Toyota RAV4 (7XYZ123) and a truck (TRK 4455).\n", ("7XYZ123", "VEHICLE")),
        ("She drives a 2018 Toyota RAV4 (7XYZ123) and a truck (TRK 4455).\n", ("TRK 4455", "VEHICLE")),
        ("Numberplate WX65 TYU seen leaving the car park.\n", ("WX65 TYU", "VEHICLE")),
        ("Driver's lic. 99 123 456 (PA)\n", ("99 123 456", "LICENSE")),
        ("Driver: RYAN ANDREWS  DRIVER LIC H9052887\n", ("H9052887", "LICENSE")),
        ("Member #: XYZ 123456789\n", ("XYZ 123456789", "HEALTHPLAN")),
        ("Plan ID: 80840 / Member: JQZ987654321\n", ("JQZ987654321", "HEALTHPLAN")),
    ],
)
def test_r7_brackets_and_prefixes_found(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


@pytest.mark.parametrize(
    "text",
    ["2019 Honda Accord (GCS 15), MVC (SBP 120), truck (ABC 2019)\n", "Hgb (A1C 7.2) in 2015 Honda Civic patient (HLA B27)\n",
     "Pt (BMI 32) arrived by car (EMS 2) from home.\n"],
)
def test_r7_brackets_negatives(text: str) -> None:
    assert "VEHICLE" not in {lab for _, lab in found(text)}, found(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"licensePlate": "7ABC123", "driversLicense": "D1234567", "memberId": "XEH123456789"}', ("7ABC123", "VEHICLE")),
        ('{"licensePlate": "7ABC123", "driversLicense": "D1234567", "memberId": "XEH123456789"}', ("D1234567", "LICENSE")),
        ("<Vehicle><LicensePlate>7ABC123</LicensePlate></Vehicle>", ("7ABC123", "VEHICLE")),
        ("<MemberID>XEH123456789</MemberID>", ("XEH123456789", "HEALTHPLAN")),
        ("ts=2023-01-01T10:00:00Z plate=7ABC123 group=55512\n", ("55512", "HEALTHPLAN")),
        ("Registration mark: LB07 SEO (UK)\n", ("LB07 SEO", "VEHICLE")),
    ],
)
def test_r7_keyed_exports_found(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


@pytest.mark.parametrize("text", ["if group > 5000 then stop; age group >1000\n", "<b>Group</b> 12345 patients\n"])
def test_r7_keyed_exports_negatives(text: str) -> None:
    assert "HEALTHPLAN" not in {lab for _, lab in found(text)}, found(text)


@pytest.mark.parametrize(
    ("text", "plate"),
    [("License plate: CR 60 913\n", "CR 60 913"), ("Plate #: 07 EM 181\n", "07 EM 181"), ("Tag: BL-159 083\n", "BL-159 083"),
     ("Vehicle plate JO-4 LDR (towed)\n", "JO-4 LDR"), ("Registration: 31 NC 1860\n", "31 NC 1860")],
)
def test_r7_three_group_plates(text: str, plate: str) -> None:
    assert (plate, "VEHICLE") in found(text)


@pytest.mark.parametrize("text", ["The plate 12 mm 3 hole was placed.\n", "locking plate C3-C5 with 14 mm screws\n"])
def test_r7_three_group_plates_negatives(text: str) -> None:
    assert "VEHICLE" not in {lab for _, lab in found(text)}, found(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Physician: John Smith, Lic. No. G12345, DEA BS1234563\n", ("G12345", "LICENSE")),
        ("Physician: John Smith, Lic. No. G12345, DEA BS1234563\n", ("John Smith", "DOCTOR")),
        ("Claim number was 2023-0456789 per the adjuster.\n", ("2023-0456789", "IDNUM")),
    ],
)
def test_r7_credential_after_name(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


def test_r7_credential_word_not_in_name() -> None:
    assert ("John Smith, Lic", "DOCTOR") not in found("Physician: John Smith, Lic. No. G12345\n")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ID Card No.: 12 3456 7890\n", ("12 3456 7890", "IDNUM")),
        ("Ins ID W1234 56789\n", ("W1234 56789", "IDNUM")),
        ("11. Insured's policy group or FECA number: 55512\n", ("55512", "HEALTHPLAN")),
    ],
)
def test_r7_card_and_box_numbers(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


def test_r7_card_and_box_negatives() -> None:
    got = found("MRN A123 45 units; ID card given to patient; policy group meeting on Tuesday.\n")
    assert not {lab for _, lab in got} & {"IDNUM", "HEALTHPLAN", "MEDICALRECORD"}, got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("vehicle: 2015 honda civic (abc-1234)\n", ("abc-1234", "VEHICLE")),
        ("driver license #: d1234567  state: ca  exp: 04/2026\n", ("ca", "STATE")),
        ("member #: xyz 123456789\n", ("xyz 123456789", "HEALTHPLAN")),
        ("secondary: medicare part b hicn 123456789a\n", ("123456789a", "HEALTHPLAN")),
        ("employer id: 45-1234567\n", ("45-1234567", "IDNUM")),
        ("id card no.: 12 3456 7890\n", ("12 3456 7890", "IDNUM")),
    ],
)
def test_r7_lower_case_forms(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


@pytest.mark.parametrize(
    "text",
    ["2019 covid vaccine given (lot 4k82j) today\n", "the id was discussed in therapy; ego and id 12 times\n",
     "labs: ca 8.9, state: stable\n"],
)
def test_r7_lower_case_negatives(text: str) -> None:
    assert not {lab for _, lab in found(text)} & {"VEHICLE", "IDNUM", "STATE"}, found(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [("Ticket # 48213\n", "48213"), ("Permit # P4821\n", "P4821"), ("Invoice No. A12B3\n", "A12B3"),
     ("Inmate number 48213\n", "48213"), ("Tracking #: 1Z999AA10123456784\n", "1Z999AA10123456784"),
     ("Docket # 48213\n", "48213"), ("Title No.: 48848645   Registration # IB35270\n", "48848645")],
)
def test_r7_paper_numbers(text: str, value: str) -> None:
    assert (value, "IDNUM") in found(text)


@pytest.mark.parametrize(
    "text",
    ["Resident # 4 on the unit\n", "client number 2\n", "Request: none; file unknown; control group\n",
     "The referral was sent; statement of purpose\n"],
)
def test_r7_paper_numbers_negatives(text: str) -> None:
    assert "IDNUM" not in {lab for _, lab in found(text)}, found(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dr. Alvarez (lic. 12345)\n", ("12345", "LICENSE")),
        ("Controlled substance registration: CSR-12345\n", ("CSR-12345", "LICENSE")),
        ("NY Lic MD82909  Controlled Substance Reg # OK691295\n", ("OK691295", "LICENSE")),
        ("Vehicle: Silver Jeep Cherokee, Lic YYL-3691 CA\n", ("YYL-3691", "VEHICLE")),
    ],
)
def test_r7_prescriber_licences(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


def test_r7_prescriber_licences_negatives() -> None:
    got = found("controlled substance use disorder; the lic 2 was renewed\n")
    assert not {lab for _, lab in got} & {"LICENSE", "VEHICLE", "IDNUM"}, got


@pytest.mark.parametrize(
    ("text", "plate"),
    [("The patient was driving vehicle AB12 CDE when struck.\n", "AB12 CDE"), ("Other car ABC 123 fled the scene.\n", "ABC 123"),
     ("The truck, AB12 CDE, was towed.\n", "AB12 CDE"), ("Witness says the plates read ABC-1234.\n", "ABC-1234"),
     ("A license plate reading 7ABC234 was noted by police.\n", "7ABC234"),
     ("The car's registration is AB12 CDE.\n", "AB12 CDE")],
)
def test_r7_plates_in_prose(text: str, plate: str) -> None:
    assert (plate, "VEHICLE") in found(text)


@pytest.mark.parametrize(
    "text",
    ["The car MVC 2019 was a write-off.\n", "Arrived by van GCS 15 and alert.\n", "in the car 2 hours\n",
     "the truck (2 tons) and CT 123 scan\n", "The plates read well on the X-ray.\n"],
)
def test_r7_plates_in_prose_negatives(text: str) -> None:
    assert "VEHICLE" not in {lab for _, lab in found(text)}, found(text)
