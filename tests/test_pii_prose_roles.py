"""General PII sentences (issue 15): people, firms, towns and addresses told by their role in a clause.

Positive cases are the forms of letters, messages, bios and news: a person as the subject or
object of a verb only people take, a work's maker, two people before a plural verb, a firm
named by its officers or by a verb of business, a town after "I live in" / "I'm from", and an
address whose street says nothing but its two numbers. Negative cases are clinical text with
the same grammar (drugs, tests, eponyms and departments as subjects and objects, notes typed in
one case) that must stay untouched.
"""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules

from lexicon_helpers import det, found, texts  # noqa: F401 (det is a fixture)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Kowalczyk said the shipment would arrive on Monday.", {"Kowalczyk"}),
        ("Rasmussen is a retired pilot.", {"Rasmussen"}),
        ("Vrabec shouted at Dorota across the yard.", {"Vrabec", "Dorota"}),
        ("She asked Henrikson to call back.", {"Henrikson"}),
        ("I met Okafor at the station.", {"Okafor"}),
        ("Yesterday I told Marguerite about it.", {"Marguerite"}),
        ("A play directed by Tomasz Wrobel and starring Ilvessalo.", {"Tomasz Wrobel", "Ilvessalo"}),
        ("Sorensen and Bell were old friends.", {"Sorensen", "Bell"}),
        ("Thanks,\nWeronika", {"Weronika"}),
        ("Best regards,\nJouko", {"Jouko"}),
        ("This is Orville from accounting.", {"Orville"}),
        ("Stanisława and I went to school together.", {"Stanisława"}),
        ("Mary's flight was delayed.", {"Mary"}),
        ("Call Kacper at 555-201-3344.", {"Kacper"}),
        ("Perić and Rodriguez were neighbours.", {"Perić"}),
        ("Unlike the Takuda novel, it is short.", {"Takuda"}),
        ("Jaylee is from Innography", {"Jaylee"}),
        ("my name is marie", {"marie"}),
        ("sometimes people call me owen", {"owen"}),
        ("Our founders: Eklund, Warren and Bailey.", {"Eklund", "Warren", "Bailey"}),
        ("i told mary about the meeting.", {"mary"}),
        ("hi kacper, how are you?", {"kacper"}),
        ("i met okafor yesterday.", {"okafor"}),
        ("Mark is a very kind person. They are generous.", {"Mark"}),
        ("What's your name? Okafor", {"Okafor"}),
    ],
)
def test_people_by_their_role_in_a_clause(det, text, expected):
    assert expected <= {v for label, v in found(det, text) if label in ("PATIENT", "DOCTOR")}


@pytest.mark.parametrize(
    "text, firm",
    [
        ("She is the CEO of Brightwave.", "Brightwave"),
        ("Telvana's CEO resigned on Friday.", "Telvana"),
        ("In 2019, Quorvex acquired two rivals.", "Quorvex"),
        ("Quorvex announced record profits.", "Quorvex"),
        ("Do you have an account with Redfin?", "Redfin"),
        ("I used to be an engineer at Vitalchek.", "Vitalchek"),
        ("The address of Votizen is 56 Canelones 2266", "Votizen"),
        ("They merged with Quorvex last year.", "Quorvex"),
        ("Contact Redfin customer service.", "Redfin"),
    ],
)
def test_firms_by_their_officers_and_business(det, text, firm):
    assert ("ORGANIZATION", firm) in found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "Lasix was given in the ER.",
        "Foley was removed on day 2.",
        "The patient called Cardiology this morning.",
        "Coumadin was held. Keppra was started at 500 mg.",
        "Murphy sign was negative. Babinski was downgoing.",
        "He was given Zofran and Dilaudid.",
        "She was given Nubain for discomfort with good result.",
        "Scripts left in the chart for omeprazole. Perseverative thought processes.",
        "Tylenol and Motrin were given.",
        "Chest and Abdomen were unremarkable.",
        "Hashimoto's thyroiditis was diagnosed.",
        "There appear to be Dawson's fingers. Wilson's disease and Ewing's sarcoma were excluded.",
        "After discussion, Neurology announced no changes.",
        "Lasix reported no change. The patient called Pharmacy. Call Cardiology for results.",
        "Follow up with Ortho.\nThanks,\nClinic staff",
        "Unlike the Foley catheter, the Nelaton was soft. The Mayo stand was set.",
        "We drove through Boston, Denver and Austin.",
        "Klebsiella and Enterobacter have also grown in the cultures. TEDs and Venodynes were placed.",
        "She did not tolerate the Femara and I changed it to tamoxifen.",
        "i told grace about the rash.",
        "hi will, call me when you can.",
        "Chest is a normal shape. Heart is a good size. Patient is a pleasant man.",
        "What is your name? Nausea.",
        "Call Medicaid customer service. Ask Pharmacy customer care.",
        "Miner was operating a loader. Contractor was hit by a bolt.",
        "Miner received steam burns. Contractor thought it was a signal. Foreman told him to shovel.",
        "EE called Operator employee for help. Operator reported fumes. Rust was removed from the eye.",
        "Employee was injured when ram activated. Ram was not locked out. Miner Welder was arching.",
        "the patient was given asa 325 mg. ana was positive. lad has 30% stenosis.",
        "ELISA AND IFAT WERE NEGATIVE. ASA WAS DISCONTINUED. LIDOCAINE WAS GIVEN INTRABRONCHIALLY.",
        "elisa and ifat were negative; asa was discontinued; lidocaine was given intrabronchially.",
    ],
)
def test_clinical_subjects_and_objects_stay(det, text):
    assert not {label for label, _ in found(det, text)} & {"PATIENT", "DOCTOR", "ORGANIZATION"}


@pytest.mark.parametrize(
    "text, town",
    [
        ("I live in Casbeno with my sister.", "Casbeno"),
        ("He grew up near Qaanaaq, in the north.", "Qaanaaq"),
        ("I'm from Artilleros", "Artilleros"),
        ("She is from Bakone originally.", "Bakone"),
        ("The train arrived at Mozirje this morning.", "Mozirje"),
        ("My hometown is Casbeno.", "Casbeno"),
        ("Where is Lillehammer?", "Lillehammer"),
        ("Welcome to Trondheim!", "Trondheim"),
    ],
)
def test_towns_after_living_and_origin(det, text, town):
    assert ("CITY", town) in found(det, text)


@pytest.mark.parametrize("text", ["I live in Pain.", "The referral is from Cardiology.", "He is from Home Health.",
                                  "The patient arrived at the ED. She arrived at Bedside Care.",
                                  "Where is Pain located? Welcome to Rehab."])
def test_living_and_origin_leave_common_words(det, text):
    assert not {label for label, _ in found(det, text)} & {"CITY", "COUNTRY"}


def _covered(text: str, value: str) -> bool:
    a = text.index(value)
    spans = detect_rules(text)
    return all(any(s.start <= i < s.end for s in spans) for i in range(a, a + len(value)) if not text[i].isspace())


@pytest.mark.parametrize(
    "text, value",
    [
        ("Please send the package to 19 Sokolská 1475, Hrotovice.", "19 Sokolská 1475"),
        ("The office is located at 43 Ρ. Φεραίου 13, ΒΙΚΛΑ.", "43 Ρ. Φεραίου 13"),
        ("06 Slovenčeva 51, Črni Vrh nad Idrijo", "06 Slovenčeva 51"),
        ("We moved to 21 3314 Harley Brook Lane, Altoona last year.", "Altoona"),
        ("Is this right? 68 72 Essex Rd\n Suite 203\n TAUCHERS\n Chile 53977", "68"),
        ("Her new address is 68 72 Essex Rd\n Suite 203\n TAUCHERS\n Chile 53977, near the park.", "53977"),
        ("We moved to 68 72 Essex Rd\n Suite 203\n TAUCHERS\n Chile 53977 last year.", "TAUCHERS"),
        ("My address is 95 96 Hexham Road\nHaldenstein, nan 37659", "nan 37659"),
        ("Address: 70 Algade 49\nPreserje\n, nan\n 23861", "nan\n 23861"),
    ],
)
def test_addresses_in_general_prose(text, value):
    assert _covered(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Increased to 40 Units 20, Lantus at night.",
        "Given 2 Percocet 5, Tylenol 3 as needed.",
        "at 10 Lasix 40, Then reassess.",
        "Take 2 tablets 3, then stop.",
    ],
)
def test_numbers_around_a_word_in_clinical_text_stay(text):
    assert not {s.label for s in detect_rules(text)} & {"STREET", "CITY"}


def test_nan_is_a_region_only_inside_a_block():
    text = "Seen at 12 Main Street.\nnan values in the export were dropped.\nPlan: nan, 5 units"
    assert not any(s.label == "STATE" for s in detect_rules(text))
