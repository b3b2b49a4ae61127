"""Rule forms of the leak check's tuning-side redraws (issue 17): a letterhead typed in lower case that opens
the note over an address block, ...; each with its negatives."""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def found(text: str, *labels: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in detect_rules(text) if not labels or s.label in labels}


def values(text: str, *labels: str) -> set[str]:
    return {v for v, _ in found(text, *labels)}


# ----------------------------------------------------------------------------- lower-case letterheads


@pytest.mark.parametrize(
    "text, head",
    [
        ("rosario-mejia\n29103 Benson Estate Unit 1440\nPueblo, CO  31748-2\nCHIEF COMPLAINT: Pain.", "rosario-mejia"),
        ("jasmineville memorial\nkolvikuja 45\n73512 laukaa\nfinland\nCHIEF COMPLAINT: Pain.", "jasmineville memorial"),
        ("hill-ocalan\n07563 Sakarya Lodge Suite 763\nDuyguhanstad\n40975\nThe employee fell.", "hill-ocalan"),
        ("wleh\nSố 7/68 Lê Văn Sỹ\nThành phố Đà Nẵng 30792\nVietnam\nHISTORY: None.", "wleh"),
    ],
)
def test_lower_case_letterhead_opening_the_note(text, head):
    assert head in values(text)


@pytest.mark.parametrize(
    "text",
    [
        "history\n12 Main Street\nBoston, MA 02111\nThe patient is well.",
        "the patient lives at\n12 Main Street\nBoston, MA 02111",
        "Seen today.\nrosario-mejia\n29103 Benson Estate Unit 1440\nPueblo, CO  31748-2",  # not the first line
        "chief complaint\n12 Main Street\nBoston, MA 02111",
    ],
)
def test_no_lower_case_letterhead(text):
    lines = text.split("\n")
    assert not values(text) & {lines[0], lines[1]} - {"12 Main Street", "29103 Benson Estate Unit 1440"}


# ----------------------------------------------------------------------------- the note's first line


@pytest.mark.parametrize(
    "text, date",
    [
        ("holly gamez, dec 1\nHISTORY OF PRESENT ILLNESS: This is a 23-year-old.", "dec 1"),
        ("Lydia Chevalier-Palmer, mar 7\nCOMPARISON: None.", "mar 7"),
        ("Chip Brown, dec 9\nEmployee was preparing to bolt top when his hand slipped.", "dec 9"),
    ],
)
def test_lower_case_month_day_closing_the_first_line(text, date):
    assert (date, "DATE") in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "The patient was seen, mar 7 mg given.",
        "History:\nHemoglobin levels, dec 5 points since the last visit.",
        "Assessment and plan for the patient and family, mar 7\nFollow up.",
    ],
)
def test_no_lower_case_month_day(text):
    assert not values(text, "DATE")


@pytest.mark.parametrize(
    "text, date",
    [
        ("Last colonoscopy jun 19. Lidocaine 1.5% was used.", "jun 19"),
        ("Last mammogram mar 7, normal.", "mar 7"),
    ],
)
def test_lower_case_month_day_after_last(text, date):
    assert (date, "DATE") in found(text)


@pytest.mark.parametrize("text", ["Last hemoglobin dec 2 points lower.", "Last dose dec 5 mg.",
                                  "The last patient may 2 weeks ago."])
def test_no_lower_case_month_day_after_last(text):
    assert not values(text, "DATE")


# ----------------------------------------------------------------------------- identifiers and contacts


@pytest.mark.parametrize(
    "text, value, label",
    [
        ("His truck, plate BT-M-84, was towed after the accident.", "BT-M-84", "VEHICLE"),
        ("His truck, plate WB-B-3, was towed after the accident.", "WB-B-3", "VEHICLE"),
        ("HIS TRUCK, PLATE GT-J-7, WAS TOWED.", "GT-J-7", "VEHICLE"),
        ("His Truck, Plate Coc-A-65, Was Towed.", "Coc-A-65", "VEHICLE"),
        ("PATIENT NAME: SAVANT, ALVARO\nVIN Kavfccg9Sjxllg6Ap\nWhile walking", "Kavfccg9Sjxllg6Ap", "VEHICLE"),
        ("Reference TBB-YY-72 for the claim. Pathologic insufficiency.", "TBB-YY-72", "VEHICLE"),
        ("Reference QM72NFP for the claim. Hypertension.", "QM72NFP", "VEHICLE"),
        ("reference 709i1 for the claim. severe plaque.", "709i1", "VEHICLE"),
        ("Reference phart for the claim. On exam, calm.", "phart", "USERNAME"),
        ("Reference hulyasußebier for the claim. ESR 9.", "hulyasußebier", "USERNAME"),
        ("REFERENCE ASHLEYHENRY FOR THE CLAIM. SHE STATES", "ASHLEYHENRY", "USERNAME"),
        ("Patient portal user: Kevinsmith. The base of the cecum", "Kevinsmith", "USERNAME"),
        ("She messaged the office as bente.sußebier12 on the portal.", "bente.sußebier12", "USERNAME"),
        ("Emergency contact is Mrs Neellima Chowdhhury at 0404 890 152. I discussed the risks.", "0404 890 152",
         "PHONE"),
        ("Emergency contact is Ms. Stefan O'Brown at 89 6513-7218. He is a retired cook.", "89 6513-7218", "PHONE"),
    ],
)
def test_identifiers_of_the_leak_check(text, value, label):
    assert (value, label) in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "A locking plate C3-C5 was placed.",
        "The plate with 14-mm screws was placed.",
        "Normal reference range for the test.",
        "For reference, the INR is 2.3.",
        "See reference 12 for details.",
        "Reference HbA1c for the patient.",
        "Reference laboratory for the tests.",
        "reference 10 mg for pain",
        "Reference Quest for the results.",
        "Patient portal user: Pending.",
        "She called. The patient at 1200 1300 2000 units.",
        "Contact lens at 20 20 vision.",
    ],
)
def test_no_identifier(text):
    assert not found(text, "VEHICLE", "USERNAME", "IDNUM", "PHONE")


@pytest.mark.parametrize(
    "text, url",
    [
        ("Results are posted at Brown-Taylor.Com. Her toenails are short.", "Brown-Taylor.Com"),
        ("Results Are Posted At Www.Herrera.Com. Patellar Reflexes", "Www.Herrera.Com"),
        ("Results are posted at Www.Chambers-Orr.Info. On exam, pain 7/10.", "Www.Chambers-Orr.Info"),
    ],
)
def test_title_cased_urls(text, url):
    assert (url, "URL") in found(text)


@pytest.mark.parametrize("text", ["Vitamin D.Org", "He was seen on 3.Com", "Dr. Smith.Info sheet given."])
def test_no_title_cased_url(text):
    assert not found(text, "URL")


# ----------------------------------------------------------------------------- address blocks


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Intermountain\nMeldahls Allé 595\n1705 Ølsted\nPREOPERATIVE DIAGNOSES,1.  Intrauterine pregnancy.",
         {("Meldahls Allé 595", "STREET"), ("1705", "ZIP"), ("Ølsted", "CITY")}),
        ("Mouth Regional Medical Center\nLille Strandvej 521\n2306 Bryrup\nEmployee was drilling an entry round.",
         {("Lille Strandvej 521", "STREET"), ("2306", "ZIP"), ("Bryrup", "CITY")}),
        ("Remarkable.  Mailing address on file:\nLunalaan 526\n1221OQ 's-Gravendeel\nNetherlands Lungs:  Clear.",
         {("Lunalaan 526", "STREET"), ("1221OQ", "ZIP")}),
    ],
)
def test_address_blocks_of_the_leak_check(text, expected):
    assert expected <= found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Vitals\nTylenol 325\n1705 mg given\nThe patient was calm today.",
        "Labs\nSodium 140\n4500 Platelets\nHemoglobin is stable now.",
        "Medications\nAspirin 81\n2306 Lisinopril\nPLAN: continue.",
        "Seen today.\nIntermountain\nMeldahls 595\n1705 Units given\nThe patient was calm.",
    ],
)
def test_no_address_block(text):
    assert not found(text, "STREET", "ZIP", "CITY")


@pytest.mark.parametrize(
    "text, value, label",
    [
        ("Reference VIN hhyw8axbt6jnmjugp for the claim.", "hhyw8axbt6jnmjugp", "VEHICLE"),
        ("Reference PM-JJ-7 for the claim.", "PM-JJ-7", "VEHICLE"),
        ("Specimen BIO-DV-FA4DBBCB9A was received intact.", "BIO-DV-FA4DBBCB9A", "IDNUM"),
    ],
)
def test_more_identifiers_of_the_leak_check(text, value, label):
    assert (value, label) in found(text)


@pytest.mark.parametrize("text", ["Reference CT-SCAN-2 for the result.", "the well-to-do-deadbeef case",
                                  "Reference T4 for the claim.", "Stage T2-N0-M0 noted."])
def test_no_more_identifiers(text):
    assert not found(text, "VEHICLE", "IDNUM")
