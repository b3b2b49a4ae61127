"""Probe printings of record systems written by hand (issue 15): audit-log key=value logins
("modified_by=akumar, ts=...", "Accessed by: kpatel", "Viewed by kpatel 10:32") a banner's "AGE/SEX 67/F" column pair, "Age in years: 54",
doubled ZIP headings ("ZIP/Postal: 94110-1234") and "zip=02139", ages a program prints ('"age": 67',
"age_years=67", "| Age | 72 |"), ages beside the birth date ("DOB/Age: 03/04/1955 (67)") or the name
("Patient: Smith, John (67)"), insurer, vendor and employer fields ("Insurance Co.: Medica", "Employed by: Delta Air Lines"), a plate column
paired with its state ("Lic Plate/State: 8KJH221 / NV").

Negatives: key=value pairs whose value is a word ("modified_by=system"), prose after "entered by",
a capitalised name after "_by" (a clinician, not a login), lab and vital rows next to an age/sex header.
"""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def found(text: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in detect_rules(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("modified_by=akumar\n", {("akumar", "USERNAME")}),
        ("Audit: created_by=kpatel, updated_by=lchen\n", {("kpatel", "USERNAME"), ("lchen", "USERNAME")}),
        ("row 12 modified_by=akumar status=final\n", {("akumar", "USERNAME")}),
        ("Entered by = mlopez; reviewed\n", {("mlopez", "USERNAME")}),
        ("Accessed by: kpatel\n", {("kpatel", "USERNAME")}),
        ("Viewed by kpatel 10:32\n", {("kpatel", "USERNAME")}),
        ("Last login by jsmith on 03/04/2021\n", {("jsmith", "USERNAME")}),
        ("AGE/SEX 67/F\n", {("67", "AGE")}),
        ("AGE/SEX: 72 / F   MRN pending\n", {("72", "AGE")}),
        ("Age/Gender 45/M\n", {("45", "AGE")}),
        ("Age in years: 54\n", {("54", "AGE")}),
        ('{"name": "x", "age": 67, "sex": "F"}\n', {("67", "AGE")}),
        ("pt_id=3 age_years=67 sex=F\n", {("67", "AGE")}),
        ("| Name | Age | Sex |\n| J. Doe | 67 | F |\n| Age | 72 |\n", {("72", "AGE")}),
        ("Age/DOB: 67 / 03/04/1955\n", {("67", "AGE")}),
        ("Patient: Smith, John (67)\n", {("67", "AGE")}),
        ("DOB/Age: 03/04/1955 (67)\n", {("67", "AGE")}),
        ("DOB (Age): 03/04/1955 (67 yrs)   Sex: F\n", {("67", "AGE")}),
        ("Insurance Co.: Medica\n", {("Medica", "ORGANIZATION")}),
        ("Employed by: Delta Air Lines\n", {("Delta Air Lines", "ORGANIZATION")}),
        ("Vendor: McKesson\n", {("McKesson", "ORGANIZATION")}),
        ("Organization: Northwind Traders\n", {("Northwind Traders", "ORGANIZATION")}),
        ("Company name: Contoso Ltd\n", {("Contoso Ltd", "ORGANIZATION")}),
        ("Insurer name: Progressive\n", {("Progressive", "ORGANIZATION")}),
        ("Auto insurer: State Farm\n", {("State Farm", "ORGANIZATION")}),
        ("Lic Plate/State: 8KJH221 / NV\n", {("8KJH221", "VEHICLE")}),
        ("Tag/State: ABC1234 FL\n", {("ABC1234", "VEHICLE")}),
        ("ZIP/Postal: 94110-1234\n", {("94110-1234", "ZIP")}),
        ("Postal code/ZIP: 60614\n", {("60614", "ZIP")}),
        ("addr_id=12 zip=02139 state=MA\n", {("02139", "ZIP")}),
    ],
)
def test_probe_printings(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= found(text)


@pytest.mark.parametrize(
    "text",
    [
        "modified_by=system, status=final\n",
        "Note entered by mistake, corrected\n",
        "Report modified by radiology, 3 views\n",
        "Results viewed by patient\nViewed by the family\nAccessed by the radial artery\nViewed by radiology\n",
        "AGE/SEX\nNa 138  K 4.1  BP 120/80\n",
        "Age/Sex: not recorded\n",
        "Ages 5/10 on the pain scale\n",
        "Age in years\n",
        "Zip/Postal: not given\n",
        "Age in years of smoking: unknown\n",
        "| Stage | 3 |\n| Page | 2 |\n",
        'dosage=5 stage_y=2 "page": 4\n',
        "| Age | unknown |\n",
        "Age: 03/04/1955 (5 mg)\n",
        "Stage 03/04/2021 (2)\n",
        "Dr. Smith (2)\nBP 120/80 (67)\n",
        "Vendor: none\nEmployed by: self\nInsurer name: unknown\nEmployed by: retired\n",
        "Organism: E. coli\nOrganization: none\n",
    ],
)
def test_probe_untouched(text: str) -> None:
    labels = {lab for _, lab in found(text)}
    assert not labels & {"USERNAME", "AGE", "ZIP", "VEHICLE", "ORGANIZATION"}, found(text)


@pytest.mark.parametrize("text", ["Plate/State: 6ABC123 / CA\n", "Tag/St: KLM4821 TX\n"])
def test_plate_state_column(text: str) -> None:
    assert any(lab == "VEHICLE" for _, lab in found(text)), found(text)


@pytest.mark.parametrize("text", ["Tag/State: pending\n", "Plate/State: none\n", "Platelets/State: 250\n"])
def test_plate_state_column_without_plate(text: str) -> None:
    assert not any(lab == "VEHICLE" for _, lab in found(text)), found(text)
