"""Record printings of the fifth tune batch (issue 15, bench/records_tune_r5.py tune_r5 only):

logins after signature and log verbs ("Verified by ward_p ref# ...", "Dictated by: mlopez   Transcribed by:",
"Thread closed by G-SILVEIRA"), chat-export speakers ("[10:32] kpatel:"), logins after a role ("Off-going RN:
g-hill", "Officer mh4071 filed"), "@p-walter" handles, audit tables whose header has neutral columns ("Role",
"Action", "Workstation"); ages beside a listed name ("DAVIES, HELEN - (86 yrs)", "Cruz, Pedro - Male 33Y",
"Phillips, Brandon M/24"); plates beside a state code ("Ford Fusion, NV PV 23233", "Lic HKR7332 UT"); tax
numbers after TIN/FEIN, "HIC/Member" and "Mbr #" numbers; organisation and facility fields ("Home health agency:",
"Group name:", "Insurance:", "Servicing facility:"); a hospital's name with its town ("Mercy Hospital Garrettton");
organisation heads ("Lynch Towing", "Wisconsin Department of Corrections").

Negatives: signature verbs before words ("signed by mother", "verified by phone", "reviewed by x-ray"), chat
speakers that are words or titles ("[10:00] Nurse:"), roles before words ("RN aware"), numbers after clinical
word pairs ("Hypertension, Diabetes 10 yrs"), temperatures and blood pressures, coverage words after
"Insurance:", lab tables, a hospital's department after its name, "TIN" as a word.
"""

from __future__ import annotations

import pytest

from phisift.detect.lexicon.detector import LexiconDetector
from phisift.detect.rules.detector import detect_rules


def found(text: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in detect_rules(text)}


def texts(text: str) -> set[str]:
    return {t for t, _ in found(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Verified by ward_p ref# 5392362808\n", ("ward_p", "USERNAME")),
        ("Dictated by: mlopez   Transcribed by: mt_jlee  Job #1234567\n", ("mlopez", "USERNAME")),
        ("Thread closed by amoreno\n", ("amoreno", "USERNAME")),
        ("Submitted by a.walsh\n", ("a.walsh", "USERNAME")),
        ("THREAD CLOSED BY G-SILVEIRA\n", ("G-SILVEIRA", "USERNAME")),
        ("Inappropriate access suspected by user swood\n", ("swood", "USERNAME")),
        ("Escalated - login dpowell\n", ("dpowell", "USERNAME")),
        ("[05:52] z.bhasin: can you see the patient re: pain control?\n", ("z.bhasin", "USERNAME")),
        ("[21:29] CUNHA_R: FAMILY ASKING FOR UPDATE\n", ("CUNHA_R", "USERNAME")),
        ("[2:05 PM] amoreno: ok for d/c today\n", ("amoreno", "USERNAME")),
        ("Off-going RN: g-hill  Oncoming: Christina Orozco, RN\n", ("g-hill", "USERNAME")),
        ("Towed by Lynch Towing. Officer mh4071 filed report.\n", ("mh4071", "USERNAME")),
        ("Officer asharp filed report.\n", ("asharp", "USERNAME")),
        ("[04:55] ho_r: @p-walter can you see bed 12\n", ("@p-walter", "USERNAME")),
        ("Date/Time | User ID | Name | Role | Action | Workstation\n"
         "06/20/2025 08:54 | rturner | Turner, Ross | Unit Clerk | Released records | WS318\n", ("rturner", "USERNAME")),
        ("ACCESS TIME        LOGIN       EMPLOYEE              ROLE   EVENT\n"
         "11/10/2016 20:43   karens   SALAZAR, KAREN   RT   PRINTED FACE SHEET\n", ("karens", "USERNAME")),
        ("Bed 35A: DAVIES, HELEN - (86 yrs) - CHF exac | DNR/DNI\n", ("86", "AGE")),
        ("Bed 36B: DA CRUZ, PEDRO - Male 33Y | sepsis 2/2 UTI, FULL\n", ("33", "AGE")),
        ("Bed 38A: Phillips, Brandon M/24, CHF exac | Full code\n", ("24", "AGE")),
        ("Bed 32B: CASTILLO, JONATHAN, 95/M - S/P LAP CHOLE POD1\n", ("95", "AGE")),
        ("Employee: Renee Walker  8 yr  Hire date 01-29-2014\n", ("8", "AGE")),
        ("Bed 28A: Marek Oziębło, (80 yrs), DKA on insulin gtt\n", ("80", "AGE")),
        ("Bed 17A: GRANT, LAUREN, 23 Female, DKA on insulin gtt\n", ("23", "AGE")),
        ("Bed 17A: GRANT, LAUREN, 23 Female, DKA on insulin gtt\n", ("GRANT, LAUREN", "PATIENT")),
        ("Name: M. NOVAIS   11 f\n", ("11", "AGE")),
        ("Vehicle: Silver Jeep Cherokee, NV PV 23233\n", ("PV 23233", "VEHICLE")),
        ("Vehicle: White Ford Fusion, Lic HKR7332 UT\n", ("HKR7332", "VEHICLE")),
        ("Provider: Mercy Hospital  TIN 51-4159763\n", ("51-4159763", "IDNUM")),
        ("Employer: Howard-Richards  FEIN 38-8466902\n", ("38-8466902", "IDNUM")),
        ("Patient NELSON, ALEXANDER  HIC/Member 630627484-53  Pat Ctrl # 5776145865\n", ("630627484-53", "HEALTHPLAN")),
        ("Subscriber: WHITE, NICHOLAS  Mbr #3199 1104 266\n", ("3199 1104 266", "HEALTHPLAN")),
        ("Insurance: Anthem HealthKeepers\n", ("Anthem HealthKeepers", "ORGANIZATION")),
        ("Home health agency: Gray Home Care Services  Contact 207-288-3724\n", ("Gray Home Care Services", "ORGANIZATION")),
        ("Group: G6066157  Group name: Day Trucking Inc.\n", ("Day Trucking Inc", "ORGANIZATION")),
        ("Employed by: WALMART SUPERCENTER #5584  (full time)\n", ("WALMART SUPERCENTER #5584", "ORGANIZATION")),
        ("Servicing facility: Lakeview Surgery Center\n", ("Lakeview Surgery Center", "HOSPITAL")),
        ("ACCESS AUDIT REPORT - Mercy Hospital Garrettton\n", ("Mercy Hospital Garrettton", "HOSPITAL")),
        ("SECURITY INCIDENT LOG  Baptist Health East Glen  Shift: Nights\n", ("Baptist Health East Glen", "HOSPITAL")),
        ("NORTHSIDE HOSPITAL PITTMANSTAD  SHIFT: NIGHTS\n", ("NORTHSIDE HOSPITAL PITTMANSTAD", "HOSPITAL")),
        ("MERCY GENERAL HOSPITAL - EMERGENCY DEPARTMENT\n", ("MERCY GENERAL HOSPITAL", "HOSPITAL")),
        ("CENSUS REPORT - KING MEMORIAL HOSPITAL\n", ("KING MEMORIAL HOSPITAL", "HOSPITAL")),
        ("BROWN MEMORIAL HOSPITAL\nDepartment of Radiology\n", ("BROWN MEMORIAL HOSPITAL", "HOSPITAL")),
        ("REFERRED TO: GOOD SAMARITAN HOSPITAL OF EAST MARK\n", ("GOOD SAMARITAN HOSPITAL OF EAST MARK", "HOSPITAL")),
        ("Secondary: Medicaid #25893475D\nVerified by a.fowler ref# 8234831847\n", ("a.fowler", "USERNAME")),
        ("THREAD CLOSED BY AJACOB\n", ("AJACOB", "USERNAME")),
        ("OFFICER BTAYLOR FILED REPORT.\n", ("BTAYLOR", "USERNAME")),
        ("Escalated - login o-rogner, same last name as patient\n", ("o-rogner", "USERNAME")),
        ("Carrier: American Family Insurance  Policy # WC33033380\n", ("American Family Insurance", "ORGANIZATION")),
        ("Place of work: Rodriguez, Austin and Molina\n", ("Rodriguez, Austin and Molina", "ORGANIZATION")),
        ("Verified by darrylc ref# 2037201333\n", ("darrylc", "USERNAME")),
        ("Client: Heather Clark  Age 43\n", ("Heather Clark", "PATIENT")),
        ("Rx for: G. Cruz  DOB 24JAN1989\n", ("G. Cruz", "PATIENT")),
        ("Bed 15B: Zaniewicz, Kajetan, M/4, COPD, 2L NC, FULL\n", ("Zaniewicz, Kajetan", "PATIENT")),
        ("by: m.garcia\n", ("m.garcia", "USERNAME")),
        ("Author: kpatel, RN\n", ("kpatel", "USERNAME")),
        ("Note author: jdoe\n", ("jdoe", "USERNAME")),
        ("Sign-off: kpatel\n", ("kpatel", "USERNAME")),
        ("Documented by: kpatel RN\n", ("kpatel", "USERNAME")),
        ("Order placed by: kpatel\n", ("kpatel", "USERNAME")),
        ("Printed by KPATEL on 03/04/2021\n", ("KPATEL", "USERNAME")),
        ("Emp: Home Depot #4521\n", ("Home Depot #4521", "ORGANIZATION")),
        ("Performing Lab: LabCorp Burlington\n", ("LabCorp Burlington", "ORGANIZATION")),
        ("Case worker agency: Catholic Charities\n", ("Catholic Charities", "ORGANIZATION")),
        ("Transport company: AMR Ambulance\n", ("AMR Ambulance", "ORGANIZATION")),
        ("ACCESS AUDIT REPORT - The Williams Clinic\n", ("The Williams Clinic", "HOSPITAL")),
        ("Provider: THE HENDERSON CLINIC  TIN 44-1062257\n", ("THE HENDERSON CLINIC", "HOSPITAL")),
        ("Pt: Jones, Mary (F, 67)\n", ("67", "AGE")),
        ("Jones, Mary / 67 / F\n", ("67", "AGE")),
        ("Jones, Mary 67 F 01/02/1950\n", ("67", "AGE")),
        ("Last updated: 03/04/2021 10:22 by jdoe\n", ("jdoe", "USERNAME")),
        ("Reviewer: mgarcia\n", ("mgarcia", "USERNAME")),
        ("Assigned to: kpatel\n", ("kpatel", "USERNAME")),
        ("DOE, JANE  67  F\n", ("67", "AGE")),
        ("Jane Doe, 14 mo, female\n", ("14", "AGE")),
        ("Jane Doe | 67Y | F\n", ("67", "AGE")),
        ("Mary Smith (45)\n", ("45", "AGE")),
        ("67Y, M, MRN 1234567\n", ("67", "AGE")),
        ("Demographics: 67y, F\n", ("67", "AGE")),
        ("67 female presents with chest pain\n", ("67", "AGE")),
        ("State ID: NY 123 456 789\n", ("NY 123 456 789", "LICENSE")),
        ("License: RN 1234567 (exp 2026)\n", ("RN 1234567", "LICENSE")),
        ("Medical License No. G 12345\n", ("G 12345", "LICENSE")),
        ("VRN: AB12CDE\n", ("AB12CDE", "VEHICLE")),
        ("Reg: AB12 CDE\n", ("AB12 CDE", "VEHICLE")),
        ("Tag 123-ABC FL\n", ("123-ABC FL", "VEHICLE")),
        ("Car reg AB12 CDE\n", ("AB12 CDE", "VEHICLE")),
        ("Registration: M-AB 1234\n", ("M-AB 1234", "VEHICLE")),
        ("Kennzeichen: M-AB 1234\n", ("M-AB 1234", "VEHICLE")),
    ],
)
def test_r5_printings(text: str, expected: tuple[str, str]) -> None:
    assert expected in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Consent signed by mother.\n",
        "signed by mother\n",
        "Verified by phone 10/02/2020\n",
        "Approved by pharmacy\n",
        "Results reviewed by x-ray\n",
        "Documented by nursing\n",
        "[10:00] Nurse: patient resting\n",
        "[10:00] patient: feeling better\n",
        "RN aware of plan\n",
        "Officer stated that the driver fled\n",
        "Hypertension, Diabetes 10 yrs\n",
        "Temp 101 F, pulse 98\n",
        "BP 120/80, HR 72\n",
        "Bed 12, Room 4 F\n",
        "Insurance: Medicare\n",
        "Bill to: Self\n",
        "The tin of ointment was opened\n",
        "TEST                 RESULT    FLAG   UNITS      REF RANGE\nGlucose              112       H      mg/dL      70-99\n",
        "Transferred to Mercy Hospital Emergency Department for evaluation\n",
        "Fosamax 70 mg weekly, Lasix 40 mg daily\n",
        "Grade 2/F murmur\n",
        "11c. INSURANCE PLAN NAME OR PROGRAM NAME  TRICARE\n",
        "Carrier: Negative\n",
        "Carrier: Not tested\n",
        "School: Not enrolled\n",
        "REVIEWED BY CARDIOLOGY\n",
        "HE HAD A PICKUP TRUCK. SHE HAD AN X-RAY OF THE KNEE IN 2007 AND WAS DIAGNOSED\n",
        "The user interface was updated\n",
        "Reg: regular insulin 10 units\n",
        "Skin tag 2x3 cm removed\n",
        "Car seat installed; auto accident 2019\n",
        "VISCOELASTIC AGENT RINSED OUT OF THE EYE WITH MIOSTAT.\n",
        "THE PATIENT WAS TRANSFERRED TO THE GENERAL HOSPITAL\n",
        "FOLLOW UP IN THE CARDIOLOGY CLINIC. SEEN IN EMERGENCY CLINIC. CT SCAN AT THIS HOSPITAL.\n",
        "Bed 12: HEART FAILURE CLINIC follow-up\n",
        "HE IS ON HIS EIGHTH HOSPITAL DAY.\n",
        "WE LOOK FORWARD TO BEING ABLE TO TRANSFER HIM TO THE PRISON INFIRMARY.\n",
        "THE PATIENT IS WELL KNOWN TO THE OB/GYN CLINIC.  THE PATIENT HAD TWO\n",
        "ADMITTED TO ACUTE GENERAL HOSPITAL\n",
        "SHE WORKS AT THE HOSPITAL OF THE TOWN\n",
        "Approved by pharmacy ref# on file\n",
        "Client: states she feels better\n",
        "by: phone\n",
        "Placed by pharmacy\n",
        "PRINTED BY RADIOLOGY ON 03/04/2021\n",
        "ENTERED BY MISTAKE ON 03/04\n",
        "Emp: none\n",
        "The Cardiology Clinic\n",
        "Licensed in NY 2010 and board certified\n",
        "The license was renewed in 2019\n",
        "3 female patients were seen in clinic\n",
        "Given 20 mg, F\n",
        "Ward Clerk (3)\n",
        "Tylenol Extra (2)\n",
        "Chief Complaint (1)\n",
        "Assigned to: nursing\n",
        "Seen on 03/04/2021 10:22 by cardiology.\n",
        "Given 03/04/2021 10:00 by mouth.\n",
        "Lasix, Metoprolol 25 / 50\n",
        "Hypertension, Diabetes 10 yrs 2 months\n",
        "Monitoring leads were also placed by Premier Neurodiagnostics for both SSEP and EMG monitoring.\n",
    ],
)
def test_r5_untouched(text: str) -> None:
    assert not {lab for _, lab in found(text)} & {"USERNAME", "AGE", "VEHICLE", "ORGANIZATION", "HOSPITAL", "IDNUM",
                                                 "DOCTOR", "PATIENT", "LICENSE"}


def test_plate_state_then_expiry_date() -> None:
    # the state's code after a plate is no plate's start: the expiry date after it stays a date
    spans = found("  PLATE WLK2561 TX EXP 09/25  VIN 24U4J5BC2288NGXUG\n")
    assert ("09/25", "DATE") in spans and not any(lab == "VEHICLE" and "EXP" in t for t, lab in spans)


def test_mercy_emergency_department_not_a_town() -> None:
    # the department after a hospital's name is no town: the hospital-and-town rule leaves it (other rules may
    # take the hospital's name alone)
    text = "SECURITY INCIDENT LOG  Mercy Hospital Emergency Department  Shift: Nights\n"
    assert ("Mercy Hospital Emergency Department", "HOSPITAL") not in found(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Towed by Lynch Towing. Officer filed report.", "Lynch Towing"),
        ("Case manager at Wisconsin Department of Corrections today.", "Wisconsin Department of Corrections"),
        ("Referred by Bowen Home Care Services for evaluation.", "Bowen Home Care Services"),
        ("Dunn Elementary called about the absence.", "Dunn Elementary"),
    ],
)
def test_r5_organisation_heads(text: str, name: str) -> None:
    spans = LexiconDetector().detect(text)
    assert (name, "ORGANIZATION") in {(text[s.start : s.end], s.label) for s in spans}


@pytest.mark.parametrize("text", ["The patient was towing a trailer.", "She attends elementary school.",
                                  "Seen by the department of corrections physician."])
def test_r5_organisation_heads_untouched(text: str) -> None:
    assert not [s for s in LexiconDetector().detect(text) if s.label == "ORGANIZATION"]
