"""Rule detector: exact spans and labels on small realistic sentences.

Each positive case names the expected PHI by its text (and, when it occurs more
than once, which occurrence); the test turns that into offsets and checks that
exactly that span, with that label, comes out. Negative cases list sentences in
which a label must not appear at all (lab values, vitals, doses, scores).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phisift.detect.base import Detector
from phisift.detect.rules.detector import RuleDetector, detect_rules
from phisift.document import Span
from phisift.taxonomy import I2B2_LABELS


def spans_of(text: str, label: str | None = None, detector=None) -> set[tuple[int, int, str]]:
    found = (detector or RuleDetector()).detect(text) if detector else detect_rules(text)
    return {(s.start, s.end, s.label) for s in found if label is None or s.label == label}


def at(text: str, sub: str, label: str, nth: int = 0) -> tuple[int, int, str]:
    start = -1
    for _ in range(nth + 1):
        start = text.index(sub, start + 1)
    return (start, start + len(sub), label)


def check(text: str, label: str, expected: list[str] | list[tuple[str, int]]) -> None:
    """The spans of ``label`` are exactly ``expected`` (substrings, or (substring, nth))."""
    want = set()
    for item in expected:
        sub, nth = (item, 0) if isinstance(item, str) else item
        want.add(at(text, sub, label, nth))
    assert spans_of(text, label) == want, [text[s:e] for s, e, _ in spans_of(text, label)]


# ---------------------------------------------------------------------------- dates

DATES = [
    ("Seen in clinic on 03/04/2021 for follow-up.", ["03/04/2021"]),
    ("Admitted 3/4/21 with chest pain.", ["3/4/21"]),
    ("Colonoscopy 03-04-2021 was normal.", ["03-04-2021"]),
    ("EKG dated 12.12.2016 showed sinus rhythm.", ["12.12.2016"]),
    ("Labs drawn 2021-03-04 at 08:00.", ["2021-03-04"]),
    ("Repeat scan 2021/03/04, unchanged.", ["2021/03/04"]),
    ("Record date: 2021-03-04T14:32:00", ["2021-03-04T14:32:00"]),
    ("Admitted 03/04/2021 14:32 from the ED.", ["03/04/2021"]),
    ("Surgery on March 4, 2021 went well.", ["March 4, 2021"]),
    ("She was seen Mar 4th, 2021 by neurology.", ["Mar 4th, 2021"]),
    ("Biopsy 4 March 2021 showed adenocarcinoma.", ["4 March 2021"]),
    ("MRI 4-Mar-2021: no change.", ["4-Mar-2021"]),
    ("CT Mar-04-2021 negative for PE.", ["Mar-04-2021"]),
    ("Echo 04-MAR-21 with EF 55%.", ["04-MAR-21"]),
    ("Flu shot given Sept. 5, 2020.", ["Sept. 5, 2020"]),
    ("She returns on the 3rd of May.", ["the 3rd of May"]),
    ("Follow-up May 3rd with PCP.", ["May 3rd"]),
    ("Visit on the 3rd of May 2019 was cancelled.", ["the 3rd of May 2019"]),
    ("He was seen 12 Dec 2019 in the ED.", ["12 Dec 2019"]),
    ("Ingresó el 12 de marzo de 2016 por disnea.", ["12 de marzo de 2016"]),
    ("Intervenido en marzo de 2016.", ["marzo de 2016"]),
    ("Diagnosed with DM2 in May 2019.", ["May 2019"]),
    ("Symptoms since December 2020 - present.", ["December 2020"]),
    ("Last colonoscopy 05/2019, normal.", ["05/2019"]),
    ("DOS: 4/3", ["4/3"]),
    ("Seen on 4/3 by cardiology.", ["4/3"]),
    ("Discharged on 3/4.", ["3/4"]),
    ("Last seen 12/19 in clinic.", ["12/19"]),
    ("Held from 4/3 to 4/5 for surgery.", ["4/3", "4/5"]),
    ("Inpatient 4/3-4/5.", ["4/3", "4/5"]),
    ("Patient seen 3/4-3/6 on the ward.", ["3/4", "3/6"]),
    ("Held 12/30-1/2 for the procedure.", ["12/30", "1/2"]),
    ("Labs 12/3: Hgb 10.2", ["12/3"]),
    ("Plan discussed on Tuesday 4/3.", ["Tuesday 4/3"]),
    ("CABG in 2015 without complications.", ["2015"]),
    ("Sober since 1998.", ["1998"]),
    ("s/p appendectomy (2010).", ["2010"]),
    ("MI x 2 (1978 and 1979).", ["1978", "1979"]),
    ("2010: CABG x3", ["2010"]),
    ("Worked as a nurse 1990-1995.", ["1990", "1995"]),
    ("Had shingles in the spring of 2018.", ["spring of 2018"]),
    ("Seen Tuesday, March 4 in clinic.", ["Tuesday, March 4"]),
    ("Fell on Christmas Day at home.", ["Christmas Day"]),
    ("Fecha de ingreso: 12/03/2016.", ["12/03/2016"]),
    ("DOB: 19650304", ["19650304"]),
    ("Parkinson's disease ('91), CHF since '98.", ["'91", "'98"]),
    # bare years: i2b2 notes write them without a cue in histories and immunisation lines
    ("An echocardiogram on 2011 showed an EF of 40%.", ["2011"]),
    ("Immunizations: flu shot today, Tdap 1998, shingles vaccine.", ["1998"]),
    ("Hemoglobin was 7.2 compared with 12.4 on 2002.", ["2002"]),
    ("Immunizations: Tdap '86, flu today.", ["'86"]),
    # i2b2 2014 shifts dates into the 22nd century
    ("Admission Date: 09/18/2107", ["09/18/2107"]),
    ("Record date: 2150-04-07", ["2150-04-07"]),
    ("Date of Surgery: 9/18/2100", ["9/18/2100"]),
    # column heads of a lab table, one turn of the year allowed
    ("DATA:\n              5/31  6/6   6/7   6/22\nNa            131   141", ["5/31", "6/6", "6/7", "6/22"]),
    ("LABS:\n   12/27  01/02  01/04\nNa   145", ["12/27", "01/02", "01/04"]),
    ("Labs:\n              09/28\nNa            139", ["09/28"]),
    ("Kidney transplant in 12/07, doing well.", ["12/07"]),
    ("Hypothyroidism dx 4/94.", ["4/94"]),
    ("Labs (CBC, BMP) on 01/04 at the clinic.", ["01/04"]),
    ("Cleared to return to work 03/15.", ["03/15"]),
    ("Entered by: kritho69 (K. Thompson) 09NOV2014 11:15am", ["09NOV2014"]),
    ("She is planning a trip to Cuba in January.", ["January"]),
    ("He spent the fourth of july with family.", ["fourth of july"]),
]


@pytest.mark.parametrize("text,expected", DATES)
def test_dates(text, expected):
    check(text, "DATE", expected)


DATE_NEGATIVES = [
    "BP 120/80, HR 72, RR 16.",
    "Take 1/2 tab PO daily.",
    "Grade 2/6 systolic murmur at the LSB.",
    "Strength 5/5 in all extremities.",
    "Take 3/4 tablets at night.",
    "Metoprolol 0.5 mg daily.",
    "Increase to 10-20 mg as needed.",
    "Na 138, K 4.1, Cl 101.",
    "About 2/3 of the lesion was resected.",
    "Pain 7/10 today.",
    "Visual acuity 20/20 OU.",
    "At 14:32 the patient was transferred.",
    "Given 2000 mL of NS over 4 hours.",
    "Fluid restriction to 1800 mL daily.",
    "Platelets 1998.",
    "Tuesday he felt better.",
    "This may be related to March of dimes.",
    "Decreased from 1/2 to 1/4 tab.",
    "1. Hypertension 2. Diabetes 3. CKD",
    "EF 55-60%, mild MR.",
    "Follow up in 1-2 weeks.",
    "Rx: 1-2 tabs q4-6h prn.",
    "On 1/2 tab of lorazepam.",
    "Reflexes 2+ and symmetric, 1/2 at the ankles.",
    "Weight 1998 g at birth.",
    "Version 1.2.3 of the software.",
    "Glucose 120, HbA1c 7.8%.",
    "Ratio 3:1 and dilution 1:1000.",
    "Decreased from 1/2-3/4 tab.",
    "Pain 7/10-8/10 today.",
    "Hospital Universitario 12 de Octubre, Madrid.",
    "Índice mitótico de 2/10 campos.",
    "Strength\n 4/5  5/5\n",
    "Motor:\n 5/5 5/5 4/5\n",
    "Pain 08/10 today.",
    "Metastatic adenocarcinoma in 3/12 lymph nodes.",
    "A 2000-calorie ADA diet was advised.",
    "Anticoagulation: 2000 of heparin, 300 of Plavix.",
    "BNP 2100 on admission.",
    "At 2000 she was transfused 2 units.",
    "ED course:\n2130 CTA chest negative.",
    "Intake 2000, output 1500.",
    "I/O 2000/1500 yesterday.",
    "Seen in Room 2010.",
    "Goal 1900-2000 calories per day.",
]


@pytest.mark.parametrize("text", DATE_NEGATIVES)
def test_not_dates(text):
    assert spans_of(text, "DATE") == set()


# ---------------------------------------------------------------------------- ages

AGES = [
    ("Patient is a 67-year-old man with CHF.", ["67"]),
    ("67 year old female with COPD.", ["67"]),
    ("He is a 67 yo M.", ["67"]),
    ("67yo F presents with dyspnea.", ["67"]),
    ("A 67 y/o woman.", ["67"]),
    ("She is 67 y.o. and lives alone.", ["67"]),
    ("She is 67 years old.", ["67"]),
    ("Widowed, aged 92, lives alone.", ["92"]),
    ("Age: 67", ["67"]),
    ("Age 67, male.", ["67"]),
    ("He is 80 years of age.", ["80"]),
    ("An 18-month-old boy with fever.", ["18"]),
    ("A woman in her 90s with dementia.", ["90s"]),
    ("Patient is 90+ years old.", ["90"]),
    ("Age: 90+", ["90"]),
    ("Father died at age 54 of MI.", ["54"]),
    ("HPI: Mr. Parker, 42 yrs, has Crohn's disease.", ["42"]),
    ("Varón de 67 años con disnea.", ["67"]),
    ("Esplenectomía a los 8 años por talasemia.", ["8"]),
    ("Paciente de 45 años de edad.", ["45"]),
    ("Edad: 45", ["45"]),
    ("HPI:  Erickson is 46 yrs and is well known to our clinic.", ["46"]),
    ("We are referring Nelriter Davis (83 yrs) for evaluation.", ["83"]),
    ("HPI: Theo (70 yrs) is here with his daughter.", ["70"]),
    ("HPI: Paul Anderson, 43 yrs, has a history of COPD.", ["43"]),
    ("Mother with diabetes, died at 95. Father had an MI.", ["95"]),
    ("Sister (53) with lupus. Brother (61) with CAD.", ["53", "61"]),
    ("FH: FATHER DIED IN HIS EARLY 70S.", ["70S"]),
]


@pytest.mark.parametrize("text,expected", AGES)
def test_ages(text, expected):
    check(text, "AGE", expected)


AGE_NEGATIVES = [
    "Smoked for 5 years, quit 10 years ago.",
    "Gestational age 38 weeks.",
    "Disnea de 5 años de evolución.",
    "Hace 5 años fue operado.",
    "SBP in the 90s overnight.",
    "Wound is 2 days old.",
    "Smoked for 20 yrs, quit 5 yrs ago.",
    "She is 5 yrs out from transplant.",
    "Diabetes Mellitus (10 yrs) on insulin.",
    "HTN, 10 yrs, on lisinopril.",
    "Father died at 3:15 am.",
    "Tablets (30) dispensed.",
]


@pytest.mark.parametrize("text", AGE_NEGATIVES)
def test_not_ages(text):
    assert spans_of(text, "AGE") == set()


# ---------------------------------------------------------------------------- phone and fax

PHONES = [
    ("Call (617) 555-1234 with questions.", "PHONE", ["(617) 555-1234"]),
    ("Phone: 617-555-1234", "PHONE", ["617-555-1234"]),
    ("Reach her at 617.555.1234 after 5.", "PHONE", ["617.555.1234"]),
    ("Tel 617 555 1234", "PHONE", ["617 555 1234"]),
    ("Daughter: +1 617 555 1234", "PHONE", ["+1 617 555 1234"]),
    ("Nurse line 1-800-555-1234.", "PHONE", ["1-800-555-1234"]),
    ("Tel: 555-1234", "PHONE", ["555-1234"]),
    ("Clinic 617-555-1234 x1234.", "PHONE", ["617-555-1234 x1234"]),
    ("Office 617-555-1234 ext. 22", "PHONE", ["617-555-1234 ext. 22"]),
    ("Fax: 617-555-9999", "FAX", ["617-555-9999"]),
    ("Results go to Dr. A and his fax number is 831-5926.", "FAX", ["831-5926"]),
    ("F: (617) 555-9999", "FAX", ["(617) 555-9999"]),
    ("Phone 617-555-1234 Fax 617-555-9999", "PHONE", ["617-555-1234"]),
    ("Phone 617-555-1234 Fax 617-555-9999", "FAX", ["617-555-9999"]),
    ("London office +44 20 7946 0958.", "PHONE", ["+44 20 7946 0958"]),
    ("Teléfono: 91 555 12 34", "PHONE", ["91 555 12 34"]),
    ("Móvil 600 123 456", "PHONE", ["600 123 456"]),
    ("Pager 12345", "PHONE", ["12345"]),
    ("Call the office at 412-693-7327 ext. 2270 today.", "PHONE", ["412-693-7327 ext. 2270"]),
    ("Home phone 6175551234.", "PHONE", ["6175551234"]),
    ("You can call (12) 3650-8833 today.", "PHONE", ["(12) 3650-8833"]),
    ("Phone: 079 7602 9803", "PHONE", ["079 7602 9803"]),
    ("Her neighbor is at bedside, reachable at 530-1254.", "PHONE", ["530-1254"]),
    ("Please send the consult note to 555-3481 or by e-mail.", "PHONE", ["555-3481"]),
    ("Coordinated with case manager Ann Lee, x8042.", "PHONE", ["x8042"]),
    ("Jordan Fleming, MD\nPager x0838\n", "PHONE", ["x0838"]),
    ("Coordinated with case manager, ext 46249.", "PHONE", ["ext 46249"]),
    ("By phone (615-370-7482 EXT 83754).", "PHONE", ["615-370-7482 EXT 83754"]),
    ("Should I come in? My cell is 7138129142.", "PHONE", ["7138129142"]),
    ("Referral faxed to 3132711654.", "FAX", ["3132711654"]),
    ("Daniela C Wilson DO  #70585", "PHONE", ["70585"]),
    ("Joaquim Moura MD, PGY-2 p 3-6142", "PHONE", ["3-6142"]),
    ("Adya Nagi MD, PhD p 0-9972", "PHONE", ["0-9972"]),
]


@pytest.mark.parametrize("text,label,expected", PHONES)
def test_phones(text, label, expected):
    check(text, label, expected)


PHONE_NEGATIVES = [
    "Ranges 555-1234 were noted.",
    "Dose 10-20 mg.",
    "Counts 120 130 140 were stable.",
    "Took 600 mg of ibuprofen at 12 34.",
    "B12 was low at 139 pg/ml (normal 232-1137).",
    "Viewed at x400 and x1000 magnification.",
    "Titrate 250-1000 mg daily.",
    "Room 1 x 2345 cells.",
]


@pytest.mark.parametrize("text", PHONE_NEGATIVES)
def test_not_phones(text):
    assert spans_of(text, "PHONE") == set() and spans_of(text, "FAX") == set()


# ---------------------------------------------------------------------------- e-mail, URL, IP

CONTACT = [
    ("Email john.doe@example.org for results.", "EMAIL", ["john.doe@example.org"]),
    ("Contact: j_smith+1@mail.partners.org.", "EMAIL", ["j_smith+1@mail.partners.org"]),
    ("See https://www.example.com/path?x=1.", "URL", ["https://www.example.com/path?x=1"]),
    ("Portal at http://portal.hospital.org/login (secure).", "URL", ["http://portal.hospital.org/login"]),
    ("Visit www.mgh.harvard.edu for directions.", "URL", ["www.mgh.harvard.edu"]),
    ("Information at partners.org and more.", "URL", ["partners.org"]),
    ("Email john.doe@example.org now.", "URL", []),
    ("Login from 192.168.1.10 noted.", "IPADDR", ["192.168.1.10"]),
    ("Host 2001:db8::8a2e:370:7334 logged.", "IPADDR", ["2001:db8::8a2e:370:7334"]),
    ("Host fe80::1 logged.", "IPADDR", ["fe80::1"]),
    ("Address 2001:0db8:85a3:0000:0000:8a2e:0370:7334 seen.", "IPADDR", ["2001:0db8:85a3:0000:0000:8a2e:0370:7334"]),
    ("Invalid 999.1.1.1 address.", "IPADDR", []),
    ("Run at 14:32:10 today.", "IPADDR", []),
    ("Dr.Smith said e.g. take 3.5 mg i.e. daily.", "URL", []),
]


@pytest.mark.parametrize("text,label,expected", CONTACT)
def test_contact(text, label, expected):
    check(text, label, expected)


# ---------------------------------------------------------------------------- SSN and IDs

IDS = [
    ("SSN 123-45-6789 on file.", "SSN", ["123-45-6789"]),
    ("Patient 123-45-6789 enrolled.", "SSN", ["123-45-6789"]),
    ("SSN: 123456789", "SSN", ["123456789"]),
    ("Social Security Number 123 45 6789", "SSN", ["123 45 6789"]),
    ("MRN: 1234567", "MEDICALRECORD", ["1234567"]),
    ("MR# 12345678", "MEDICALRECORD", ["12345678"]),
    ("MR No. 1234567", "MEDICALRECORD", ["1234567"]),
    ("Medical Record Number: 00123456", "MEDICALRECORD", ["00123456"]),
    ("Unit No: 123-45-67", "MEDICALRECORD", ["123-45-67"]),
    ("Patient ID: 1234567", "MEDICALRECORD", ["1234567"]),
    ("NHC: 1234567", "MEDICALRECORD", ["1234567"]),
    ("Acct #: 98765432", "ACCOUNT", ["98765432"]),
    ("Account # 12345678", "ACCOUNT", ["12345678"]),
    ("Encounter #: E1234567", "ACCOUNT", ["E1234567"]),
    ("Visit #: 555123", "ACCOUNT", ["555123"]),
    ("ID: 12345678", "IDNUM", ["12345678"]),
    ("Accession No: S21-12345", "IDNUM", ["S21-12345"]),
    ("Specimen #: SP-2021-001", "IDNUM", ["SP-2021-001"]),
    ("Order #: 123456", "IDNUM", ["123456"]),
    ("Job #: 98765", "IDNUM", ["98765"]),
    ("Job ID: 555", "IDNUM", ["555"]),
    ("NPI 1234567893", "IDNUM", ["1234567893"]),
    ("NASS: 28/1234567890", "HEALTHPLAN", ["28/1234567890"]),
    ("Member ID: XYZ123456789", "HEALTHPLAN", ["XYZ123456789"]),
    ("Policy #: 123456789", "HEALTHPLAN", ["123456789"]),
    ("Medicaid no. 12345678", "HEALTHPLAN", ["12345678"]),
    ("Medicare # 1234567890A", "HEALTHPLAN", ["1234567890A"]),
    ("Health plan ID 99887766", "HEALTHPLAN", ["99887766"]),
    ("License #: 123456", "LICENSE", ["123456"]),
    ("Lic # 45678", "LICENSE", ["45678"]),
    ("DEA # AB1234563", "LICENSE", ["AB1234563"]),
    ("Prescriber AB1234563 signed.", "LICENSE", ["AB1234563"]),
    ("Serial #: 12345ABC", "DEVICE", ["12345ABC"]),
    ("Pacemaker SN: ABC12345", "DEVICE", ["ABC12345"]),
    ("Lot # 4567", "DEVICE", ["4567"]),
    ("Model # XT-1000", "DEVICE", ["XT-1000"]),
    ("VIN: 1HGCM82633A004352", "VEHICLE", ["1HGCM82633A004352"]),
    ("Car 1HGCM82633A004352 towed.", "VEHICLE", ["1HGCM82633A004352"]),
    ("License plate 7ABC123 noted.", "VEHICLE", ["7ABC123"]),
    ("Sample 1234567 sent.", "MEDICALRECORD", ["1234567"]),
    ("Code A1234567 used.", "IDNUM", ["A1234567"]),
    ("Reference 1234-567-89 attached.", "IDNUM", ["1234-567-89"]),
    ("Card 4111111111111111 on file.", "ACCOUNT", ["4111111111111111"]),
    ("NºCol: 28 28 70973.", "LICENSE", ["28 28 70973"]),
    ("NASS: 26 63514095.", "HEALTHPLAN", ["26 63514095"]),
    ("Doc #: 8-1005498", "IDNUM", ["8-1005498"]),
    ("eScription document: 9-1298513", "IDNUM", ["9-1298513"]),
    ("ACC: ZR38-940267", "IDNUM", ["ZR38-940267"]),
    ("Dictation #: 6654321", "IDNUM", ["6654321"]),
    ("Applied for Medicaid; application #9284-66814.", "IDNUM", ["9284-66814"]),
    ("Her car is a Subaru with plate 114 RM9. She drives.", "VEHICLE", ["114 RM9"]),
    ("HIS CAR IS A TOYOTA WITH PLATE 1YK 636. HE DRIVES.", "VEHICLE", ["1YK 636"]),
    ("Pickup truck, tag # XYZ 123.", "VEHICLE", ["XYZ 123"]),
]


@pytest.mark.parametrize("text,label,expected", IDS)
def test_ids(text, label, expected):
    check(text, label, expected)


def test_cue_id_scores_above_bare_guesses():
    cued = {s.label: s.score for s in detect_rules("MRN: 1234567")}
    bare = {s.label: s.score for s in detect_rules("Sample 1234567 sent.")}
    assert cued["MEDICALRECORD"] >= 0.9 > 0.5 >= bare["MEDICALRECORD"]


def test_one_label_per_cued_value():
    text = "Member ID: 12345678  Acct #: 617-555-1234"
    found = sorted(spans_of(text))
    assert found == [at(text, "12345678", "HEALTHPLAN"), at(text, "617-555-1234", "ACCOUNT")]


ID_NEGATIVES = [
    "Population 1,234,567 in the county.",
    "WBC 12.5, Plt 245000/uL.",
    "A lot of pain today.",
    "Plan: 1. Continue aspirin.",
    "Infectious disease (ID) consulted.",
    "COVID-19 PCR negative, HbA1c 7.2, vitamin B12 normal.",
    "Extension to 120 degrees.",
    "Given 1000000 units of penicillin.",
    "Platelet count 152000.",
    "Serum albumin 4520 (normal 3150-4500).",
    "Extension 25/25, flexion 60/60.",
    "Management per ACC/AHA guidelines.",
    "Fixed with a locking plate 8 hole.",
]


@pytest.mark.parametrize("text", ID_NEGATIVES)
def test_not_ids(text):
    labels = {"MEDICALRECORD", "SSN", "ACCOUNT", "LICENSE", "DEVICE", "IDNUM", "HEALTHPLAN", "VEHICLE", "PHONE"}
    assert {lab for _, _, lab in spans_of(text)} & labels == set()


# ---------------------------------------------------------------------------- places

PLACES = [
    ("Lives at 123 Main Street, Boston, MA 02114.", "STREET", ["123 Main Street"]),
    ("Lives at 123 Main Street, Boston, MA 02114.", "CITY", ["Boston"]),
    ("Lives at 123 Main Street, Boston, MA 02114.", "STATE", ["MA"]),
    ("Lives at 123 Main Street, Boston, MA 02114.", "ZIP", ["02114"]),
    ("Mail to Boston, MA 02114-1234.", "ZIP", ["02114-1234"]),
    ("Boston MA 02114", "ZIP", ["02114"]),
    ("Boston MA 02114", "STATE", ["MA"]),
    ("Zip: 02114", "ZIP", ["02114"]),
    ("Address: 45 Elm St. Apt 4B", "STREET", ["45 Elm St. Apt 4B"]),
    ("Send to PO Box 123 please.", "STREET", ["PO Box 123"]),
    ("P.O. Box 4567, Austin, TX 78701", "STREET", ["P.O. Box 4567"]),
    ("Moved to 1200 W 42nd St last year.", "STREET", ["1200 W 42nd St"]),
    ("Domicilio: C/ Mayor 12, Madrid.", "STREET", ["C/ Mayor 12"]),
    ("Vive en Calle de Alcalá, 45.", "STREET", ["Calle de Alcalá, 45"]),
    ("Lives in Springfield, IL with wife.", "CITY", ["Springfield"]),
    ("Lives in Springfield, IL with wife.", "STATE", ["IL"]),
    ("Moved from New York, NY 10001.", "CITY", ["New York"]),
    ("Visiting from Boise, ID 83702.", "STATE", ["ID"]),
    ("Returned from Austin, Texas.", "STATE", ["Texas"]),
    ("Servicio de Urología. Avda. Valdecilla, 25, 39008 Santander. España", "STREET", ["Avda. Valdecilla, 25"]),
    ("Servicio de Urología. Avda. Valdecilla, 25, 39008 Santander. España", "ZIP", ["39008"]),
    ("Servicio de Urología. Avda. Valdecilla, 25, 39008 Santander. España", "CITY", ["Santander"]),
    ("Domicilio: Calle de Serrano 92, piso 3, puerta 4.", "STREET", ["Calle de Serrano 92, piso 3, puerta 4"]),
    ("Domicilio: Calle marquez de viana 96.", "STREET", ["Calle marquez de viana 96"]),
    ("Localidad/ Provincia: Madrid.", "CITY", ["Madrid"]),
    ("País: España.", "COUNTRY", ["España"]),
    ("Neurology\n409 Francis Street\nKansas City 05674\nPhone: 504 763 2156", "CITY", ["Kansas City"]),
    ("Neurology\n409 Francis Street\nKansas City 05674\nPhone: 504 763 2156", "ZIP", ["05674"]),
    ("Cancer Center\n7370 Franklin Summit\nOstrowiec Swietokrzyski  09095\n", "STREET", ["7370 Franklin Summit"]),
    ("Cancer Center\n565 Kelly Mission\nDes Moines, IA  39461\n", "STREET", ["565 Kelly Mission"]),
    ("Rivas Eye Associates\nLevan Terrace\nConcord, NH\n", "STREET", ["Levan Terrace"]),
    ("St. Agnes Medical Center\nAcuna Parkway, Boca Raton, Florida\n", "STREET", ["Acuna Parkway"]),
    ("Address: O'Sheehan Lane, Apt. 7A, Little Rock, AR 66332", "STREET", ["O'Sheehan Lane", "Apt. 7A"]),
    ("Address: 01896 Price Brooks Suite 441 Apt 30, New Haven, CT  06261", "STREET",
     ["01896 Price Brooks Suite 441 Apt 30"]),
]


@pytest.mark.parametrize("text,label,expected", PLACES)
def test_places(text, label, expected):
    check(text, label, expected)


PLACE_NEGATIVES = [
    "Seen by John Smith, MD today.",
    "Ordered CT, MRI and labs.",
    "Heparin, SC daily.",
    "Patient ID 12345 verified.",
    "Received 12345 cells.",
    "Lesion in the LA, PA pressures normal.",
    "Take 2 tablets twice daily.",
    "Fetal Heart (4 Chamber View): Normal.",
    "A subdural Camino ICP catheter was placed.",
    "Color-Word Interference Test, Tower,Wisconsin Card Sorting Test.",
    "IP Address: 10.1.2.3",
    "Address: see above.",
    "Email address: jdoe@example.org",
    "Endocrine Associates\nConcord 02114\n",
    "Dose 20 mg\nReturn 12345\n",
]


@pytest.mark.parametrize("text", PLACE_NEGATIVES)
def test_not_places(text):
    assert {lab for _, _, lab in spans_of(text)} & {"CITY", "STATE", "ZIP", "STREET"} == set()


# ---------------------------------------------------------------------------- form fields and names

FIELDS = [
    ("Patient Name: John Smith", "PATIENT", ["John Smith"]),
    ("Name: Smith, John A.", "PATIENT", ["Smith, John A."]),
    ("Name: John Smith DOB: 01/02/1960", "PATIENT", ["John Smith"]),
    ("Name: John Smith   MRN: 1234567", "PATIENT", ["John Smith"]),
    ("RE: John Smith", "PATIENT", ["John Smith"]),
    ("Attending: Jane Doe, MD", "DOCTOR", ["Jane Doe"]),
    ("PCP: Dr. Robert Brown", "DOCTOR", ["Robert Brown"]),
    ("Referring physician: Mary Jones", "DOCTOR", ["Mary Jones"]),
    ("Electronically signed by John Smith, MD on 03/04/2021", "DOCTOR", ["John Smith"]),
    ("Dictated by: Alan Green MD", "DOCTOR", ["Alan Green"]),
    ("cc: Dr. Alan Green", "DOCTOR", ["Alan Green"]),
    ("Seen with Dr. Patel today.", "DOCTOR", ["Patel"]),
    ("Mr. Jones is doing well.", "PATIENT", ["Jones"]),
    ("Hospital: Massachusetts General Hospital", "HOSPITAL", ["Massachusetts General Hospital"]),
    ("Facility: St. Mary's Medical Center", "HOSPITAL", ["St. Mary's Medical Center"]),
    ("Paciente: María García López", "PATIENT", ["María García López"]),
    ("Username: jsmith01", "USERNAME", ["jsmith01"]),
    ("Attending: Jane Doe\nPCP: Bob Lee", "DOCTOR", ["Jane Doe", "Bob Lee"]),
    ("PATIENT NAME: DOE, JANE", "PATIENT", ["DOE, JANE"]),
    ("Remitido por: Dra.  Marina Povar Echeverría Servicio de Medicina Interna", "DOCTOR", ["Marina Povar Echeverría"]),
    ("Responsable clínico: Ignacio Zubillaga Rodríguez. Servicio de Cirugía.", "DOCTOR", ["Ignacio Zubillaga Rodríguez"]),
    ("Remitido por: Elena Cobos-Carrascosa, SECCIÓN DE NEFROLOGÍA", "DOCTOR", ["Elena Cobos-Carrascosa"]),
    ("Dr. John A. Smith saw her.", "DOCTOR", ["John A. Smith"]),
    ("PATIENT: DRURER,BINDINA  ID: E9004832", "PATIENT", ["DRURER,BINDINA"]),
    ("Re: Referral - Lindsay Benjamin\n", "PATIENT", ["Lindsay Benjamin"]),
    ("RE: RECORDS REQUEST - ADVIK A. THAKUR\n", "PATIENT", ["ADVIK A. THAKUR"]),
    ("Re: Patient John Smith\n", "PATIENT", ["John Smith"]),
    ("Entered by: kritho69 (K. Thompson) 09NOV2014 11:15am", "USERNAME", ["kritho69"]),
    ("Entered by: kritho69 (K. Thompson) 09NOV2014 11:15am", "DOCTOR", ["K. Thompson"]),
    ("Entered by: Kiel Halski\n", "DOCTOR", ["Kiel Halski"]),
    ("[Message read by cgarvey 12/23/2018 3:40pm | Session IP]", "USERNAME", ["cgarvey"]),
    ("From: Mackenzie Francois (mackenzie.francois)\nTo: Dr. Beasley", "USERNAME", ["mackenzie.francois"]),
    ("From: Kenneth O. Johnson (johnsonk)\nTo: Dr. Wu", "USERNAME", ["johnsonk"]),
    ("From: Grempestyn Tomshasson (gretom96)\n", "USERNAME", ["gretom96"]),
    ("ENTERED BY: MBROWNWASIEWICZ (MICHAEL BROWN) 05/01/2001", "USERNAME", ["MBROWNWASIEWICZ"]),
    ("Logged in as jdoe2 at 10:00", "USERNAME", ["jdoe2"]),
    ("Dictated by: Joyce Higgins\nDD: 09/17/2011\nJH:kk\nJob No. 066099", "DOCTOR", ["Joyce Higgins", "JH"]),
    ("DT: May 20, 2065\nA.S./mdf\ncc:  Dr. Georgina Dani", "DOCTOR", ["A.S.", "Georgina Dani"]),
    ("DD: 8/23/04\nH.W.:tr\nP.M./SBH\nSC/mdf\n", "DOCTOR", ["H.W.", "P.M.", "SC"]),
    ("Continue current medications. RTC 4 months.\n\nKF\n", "DOCTOR", ["KF"]),
    ("Faxed to (802) 279-9127.\n\nrj\n", "DOCTOR", ["rj"]),
    ("None.\n\n/s/ Fryderyk Z. Krokosz-Cruz\ncc: Dr. Hall", "DOCTOR", ["Fryderyk Z. Krokosz-Cruz", "Hall"]),
    ("Surgeon: Wendy Booth, MD\nAssistant(s): Duan Rimfrustin-Crickano\n", "DOCTOR",
     ["Wendy Booth", "Duan Rimfrustin-Crickano"]),
    ("appendicitis referred by Dr.\nFreeman.", "DOCTOR", ["Freeman"]),
    ("Seen by Dr Smith today.", "DOCTOR", ["Smith"]),
    ("CC: DR MAYA; DR HAYDEN", "DOCTOR", ["MAYA", "HAYDEN"]),
]


@pytest.mark.parametrize("text,label,expected", FIELDS)
def test_fields(text, label, expected):
    check(text, label, expected)


FIELD_NEGATIVES = [
    "CC: chest pain x 3 days",
    "Name: unknown",
    "Drug Name: Lisinopril",
    "Patient: presents with chest pain",
    "The patient's name was confirmed.",
    "Signed by the patient.",
    "Hospital course: uneventful.",
    "Lives at 12 Oak Dr. Boston is home.",
    "Father: MI at 65, mother: breast cancer at 70.",
    "Informe clínico del paciente: Varón de 58 años.",
    "Dr. X.  She was seen again.",
    "Hospital Universitario Doctor Peset, Valencia.",
    "Generator: Medtronic Azure XT DR MRI, SN QYS358590",
    "Holter results to be reviewed by Cardiology.",
    "Reviewed by General Surgery.",
    "Re: Referral for evaluation\n",
    "RE: RECORDS REQUEST\n",
    "HPI\nCC: gout\n",
    "Plan\nOK\n",
    "Orders:\nPO/IV\nAP/LAT\n",
    "KF\nline one\nline two\nline three\nline four\n",
]


@pytest.mark.parametrize("text", FIELD_NEGATIVES)
def test_not_fields(text):
    assert {lab for _, _, lab in spans_of(text)} & {"PATIENT", "DOCTOR", "HOSPITAL"} == set()


USERNAME_NEGATIVES = [
    "The order was entered by mistake.",
    "Films read by radiology.",
    "Films read by Dr. Lee.",
    "Extra Strength Tylenol (acetaminophen) 500 mg daily.",
    "Mary Smith (daughter) at bedside.",
    "Username: n/a",
]


@pytest.mark.parametrize("text", USERNAME_NEGATIVES)
def test_not_usernames(text):
    assert spans_of(text, "USERNAME") == set()


# ---------------------------------------------------------------------------- a whole note

NOTE = """\
Record date: 2069-04-07
Patient Name: Ana Lopez          MRN: 5512345
DOB: 05/17/1950   Age: 71
Attending: Robert Kim, MD
Address: 77 Beacon St, Boston, MA 02108   Phone: (617) 555-0199

Ms. Lopez is a 71-year-old woman with CHF (EF 30%) s/p CABG in 2015 who
presents with dyspnea. BP 142/88, HR 96, SpO2 91% on 2L. Na 134, K 5.1.
Furosemide 40 mg IV x1 given at 14:32. Discussed with Dr. Chen on 4/8.

Electronically signed by Robert Kim, MD on 04/08/2069 09:15
"""


def test_whole_note():
    found = {(NOTE[s.start : s.end], s.label) for s in detect_rules(NOTE)}
    expected = {
        ("2069-04-07", "DATE"), ("Ana Lopez", "PATIENT"), ("5512345", "MEDICALRECORD"),
        ("05/17/1950", "DATE"), ("71", "AGE"), ("Robert Kim", "DOCTOR"), ("77 Beacon St", "STREET"),
        ("Boston", "CITY"), ("MA", "STATE"), ("02108", "ZIP"), ("(617) 555-0199", "PHONE"),
        ("Lopez", "PATIENT"), ("2015", "DATE"), ("Chen", "DOCTOR"), ("4/8", "DATE"),
        ("04/08/2069", "DATE"),
    }
    assert found == expected


# ---------------------------------------------------------------------------- configuration and contract


def test_is_a_detector_with_source_and_scores():
    det = RuleDetector()
    assert isinstance(det, Detector) and det.name == "rules"
    spans = det.detect(NOTE)
    assert spans and all(s.source == "rules" and 0.0 < s.score <= 1.0 for s in spans)
    assert spans == sorted(spans)


def test_label_filter():
    det = RuleDetector(labels={"DATE"})
    assert {s.label for s in det.detect(NOTE)} == {"DATE"}


def test_languages():
    text = "Ingresó el 12 de marzo de 2016. NHC: 1234567"
    # English alone does not read the Spanish date; the bare year is still a year in any language
    assert spans_of(text, "DATE", RuleDetector(languages=("en",))) == {at(text, "2016", "DATE")}
    assert spans_of(text, "DATE", RuleDetector(languages=("es",))) == {at(text, "12 de marzo de 2016", "DATE")}
    assert spans_of("Seen on March 4, 2021.", "DATE", RuleDetector(languages=("es",))) == set()


@pytest.mark.parametrize("kwargs", [{"languages": ("fr",)}, {"languages": ()}, {"labels": {"NAME"}}])
def test_bad_configuration(kwargs):
    with pytest.raises(ValueError):
        RuleDetector(**kwargs)


def test_pickles_for_worker_processes():
    import pickle

    det = pickle.loads(pickle.dumps(RuleDetector(labels={"DATE"}, languages=("en",))))
    assert det.labels == {"DATE"} and det.languages == ("en",)
    assert spans_of("Seen on 03/04/2021, MRN 1234567.", detector=det) == {(8, 18, "DATE")}


def test_empty_and_plain_text():
    assert detect_rules("") == []
    assert detect_rules("The patient denies fever, chills or night sweats.") == []


def test_no_exact_duplicates():
    spans = detect_rules(NOTE + "\nSSN: 123-45-6789, MRN 5512345, May 2019, in May 2019")
    keys = [(s.start, s.end, s.label) for s in spans]
    assert len(keys) == len(set(keys))


_ALPHABET = st.sampled_from(list("0123456789/-.:,() +#@xX\n\tABCMaeoprstyzñé") + [
    "MRN: ", "Name: ", "Dr. ", "on ", "in ", " May ", "March ", "de ", "años", "yo", "-year-old", ", MA ",
    "Fax: ", "www.", ".org", "::", "St", "PO Box ", "12", "2019", "617", "555-1234", "Tuesday, ", "age ",
])


@given(st.lists(_ALPHABET, max_size=60).map("".join))
def test_spans_are_well_formed(text):
    spans = detect_rules(text)
    for s in spans:
        assert isinstance(s, Span)
        assert 0 <= s.start < s.end <= len(text)
        assert s.label in I2B2_LABELS
        assert 0.0 < s.score <= 1.0
    assert spans == detect_rules(text)


@given(st.text(max_size=200))
def test_any_text_is_safe(text):
    for s in detect_rules(text):
        assert 0 <= s.start < s.end <= len(text)


@pytest.mark.parametrize(
    "text, value, label",
    [
        ("They're not answering at 0487 23 46 71", "0487 23 46 71", "PHONE"),
        ("Kiel 68748\n0431 35 06 90-Office\\,+1-448-414-3381x060-Fax", "0431 35 06 90", "PHONE"),
        ("Kiel 68748\n0431 35 06 90-Office\\,+1-448-414-3381x060-Fax", "+1-448-414-3381x060", "FAX"),
        ("(84) 7564-8830 office", "(84) 7564-8830", "PHONE"),
        ("06-10446904-Office,001-748-088-2851x818-Fax", "001-748-088-2851x818", "FAX"),
        ("you can reach me at 329 7730", "329 7730", "PHONE"),
        ("Name: Joseph Arnold\nPhone: 05334 75 83 35", "05334 75 83 35", "PHONE"),
        ("They're not answering at 96 237271", "96 237271", "PHONE"),
    ],
)
def test_phones_named_by_a_role_label(text, value, label):
    spans = detect_rules(text)
    assert any(text[s.start:s.end] == value and s.label == label for s in spans), spans


@pytest.mark.parametrize("text", ["Na 138 office visit", "BP 120/80 at home", "took 2 tablets at home",
                                  "seen in the office 2 weeks ago", "called at 14:30 to report"])
def test_role_words_alone_make_no_phone(text):
    assert not [s for s in detect_rules(text) if s.label in ("PHONE", "FAX")]


def test_every_recognizer_of_every_family_module_is_run():
    """A recognizer defined in a family module but left out of the detector's ordered lists finds nothing."""
    from phisift.detect.rules import addresses, ages, contact, dates, dictation, fields, ids, names, usernames
    from phisift.detect.rules.base import CueWords, NumericShape, TextPass
    from phisift.detect.rules.detector import RECOGNIZERS

    defined = [
        value
        for module in (addresses, ages, contact, dates, dictation, fields, ids, names, usernames)
        for value in vars(module).values()
        if isinstance(value, (NumericShape, CueWords, TextPass))
    ]
    assert defined and all(any(r is d for r in RECOGNIZERS) for d in defined)
    shapes = [r.name for r in RECOGNIZERS if isinstance(r, NumericShape)]
    assert len(shapes) == len(set(shapes))
