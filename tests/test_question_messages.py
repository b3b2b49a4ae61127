"""Patients' portal and nurse-line messages (issue 15, fourth free-question round): postcodes in running
sentences, national health numbers, ages after a relative's full name or in words set off as an aside,
names that are English words where only a person fits, and the kin words and greetings that are no PHI.

Each positive failed before this round; each negative shares its shape.
"""

from __future__ import annotations

import pytest

from phisift.detect.lexicon.detector import LexiconDetector
from phisift.detect.rules.detector import detect_rules


@pytest.fixture(scope="module")
def lex() -> LexiconDetector:
    return LexiconDetector()


def rules(text: str, label: str | None = None) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in detect_rules(text) if label is None or s.label == label]


def people(lex: LexiconDetector, text: str) -> list[str]:
    return [text[s.start : s.end] for s in lex.detect(text) if s.label in ("PATIENT", "DOCTOR")]


def found(lex: LexiconDetector, text: str) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in lex.detect(text)]


# ------------------------------------------------------------------------------ postcodes in a sentence


@pytest.mark.parametrize("text, postcode, town", [
    ("we live in Leeds LS6 2QT on 3rd feb we moved", "LS6 2QT", None),
    ("we live in leeds ls6 2qt on 3rd feb", "ls6 2qt", None),
    ("address is 12 Hill Road, Leeds LS6 2QT on 3rd feb", "LS6 2QT", None),
    ("the address is 694 Michelle Edge, Brennantown KT28 3YW if you need to post it", "KT28 3YW", "Brennantown"),
    ("the address is 54, mishra road, lake robert e2b 9yl if you need to post the letter", "e2b 9yl", "lake robert"),
    ("we are in Toowoomba near G63 0DB. Can we get a chest xray?", "G63 0DB", None),
    ("my postcode is LS6 2QT thanks", "LS6 2QT", None),
    ("she moved to Gatineau S7K 6UR last year", "S7K 6UR", None),
    ("we are at 14 Rose Lane Croydon CR0 1AB", "CR0 1AB", None),
])
def test_postcode_in_a_running_sentence(text, postcode, town):
    assert (postcode, "ZIP") in rules(text)
    if town:
        assert (town, "CITY") in rules(text)


@pytest.mark.parametrize("text, street", [
    ("the address is 058, reddy circle, port julia l3 0lt if you need to post", "058, reddy circle"),
    ("the address is h.no. 835, rastogi zila, lake mariahaven ol80 2bd if you need", "h.no. 835, rastogi zila"),
    ("the address is unit 10 252 arnold driveway, mysuru m8s 6wf if you need", "unit 10 252 arnold driveway"),
])
def test_the_street_before_a_postcodes_town(text, street):
    assert (street, "STREET") in rules(text)


@pytest.mark.parametrize("text", [
    "Staging T2 N0 M0 on the CT of 3 May",
    "a 4 6MM screw in the left tibia",
    "Ls6 2qT was written on the form",          # mixed case: no postcode
    "lesion LS6 2QT noted",                     # no cue, preposition or town and street before it
    "Flow 12 L6 2QT at rest, recheck",          # no address evidence
    "the lesion at 3 oclock position T2 4AB",   # a number after "at", but no street
])
def test_postcode_shapes_without_address_evidence_stay_untouched(text):
    assert rules(text, "ZIP") == []


def test_a_postcode_tail_is_no_name_before_a_credential(lex):
    text = "we just moved to 65 lydia drive, wolverhampton m8a 2ah, do i need to register"
    assert not [f for f in found(lex, text) if f[1] == "DOCTOR"]
    assert ("m8a 2ah", "ZIP") in rules(text)


# ------------------------------------------------------------------------------ national health numbers


@pytest.mark.parametrize("text, value", [
    ("my NHS no 943 476 5919 please check", "943 476 5919"),
    ("NHS number 9434765919", "9434765919"),
    ("nhs number is 943 476 5919", "943 476 5919"),
    ("CHI number 0101011234", "0101011234"),
    ("Medicare number 6144 61524 0 - I need a referral", "6144 61524 0"),
])
def test_national_health_numbers_are_health_plan_ids(text, value):
    assert (value, "HEALTHPLAN") in rules(text)


@pytest.mark.parametrize("text", ["Call NHS 111 if worse", "the chi square was 12.4 (p 0.02)"])
def test_service_numbers_and_statistics_are_no_health_numbers(text):
    assert rules(text, "HEALTHPLAN") == []


# ------------------------------------------------------------------------------ ages


@pytest.mark.parametrize("text, value", [
    ("my mum rosalind okafor is 91 and keeps falling", "91"),
    ("my mum, rosalind okafor, is 91", "91"),
    ("rosalind okafor (91) has been confused since yesterday", "91"),
    ("my mum lisa williams (86) has been really confused", "86"),
    ("John Smith (45) presented with chest pain", "45"),
    ("my wife (ninety-one) was seen at a&e on may 23", "ninety-one"),
    ("My partner, Rebeca Andrade, sixty-three, needs a home visit", "sixty-three"),
    ("my father, tapani karpe, sixty-one, needs a home visit", "sixty-one"),
    ("my baby Holly is 9 months and has not had a wet nappy", "9"),
    ("my son is 9 months.", "9"),
    ("my mum Carol Arce (37) has been really confused", "37"),
    ("my mum kenneth little (24) has been confused", "24"),
    ("Mum is 84 and confused", "84"),
    ("my little boy is 2 and a half", "2"),
    ("our eldest daughter is 12", "12"),
])
def test_ages_after_a_relatives_full_name_or_as_an_aside(text, value):
    assert (value, "AGE") in rules(text)


@pytest.mark.parametrize("text", [
    "I am 5 months pregnant",
    "she is 3 months postpartum",
    "my husband blood sugar is 99",
    "my dad blood glucose is 99 this morning",
    "my wife blood pressure is 120",
    "Vitamin D (25) was low",
    "Hemoglobin A1c (7) is high",
    "my son is one of three",
    "he is 6 months out from surgery",
    "my dad blood sugar (7) today",
    "my mum pain score (7) today",
    "Dad is 2 hours away",
    "my little finger is 3 cm swollen",
])
def test_readings_counts_and_pregnancy_months_are_no_ages(text):
    assert rules(text, "AGE") == []


# ------------------------------------------------------------------------------ names


@pytest.mark.parametrize("text, name", [
    ("Miles has a rash on his back", "Miles"),
    ("Rose has a lump in her neck", "Rose"),
    ("Hope is still sick", "Hope"),
    ("Grace is 4 and has a fever", "Grace"),
    ("we saw dr Lloyd last tuesday and Joy is no better, what now", "Joy"),
    ("Grace and Hope both have chickenpox", "Hope"),
    ("summer and chip both have chickenpox, can they go", "chip"),
    ("do i need to register Rose with a new GP", "Rose"),
    ("I'm asking about my toddler june.", "june"),
    ("asking about my mom rich", "rich"),
    ("Hi. My son przemyslaw keeps coughing at night. Is this asthma?", "przemyslaw"),
    ("Przemyslaw here - the new meds are making me dizzy", "Przemyslaw"),
    ("Miles is vomiting and has diarrhea since this morning", "Miles"),
    ("Art was bitten by a dog this afternoon", "Art"),
    ("mark was bitten by a dog this afternoon", "mark"),
    ("Auntie Joy needs a lift to the clinic", "Joy"),
    ("June has a rash on her arms", "June"),
    ("we took June to urgent care and they said croup", "June"),
    ("do i need to register June with a new GP", "June"),
    ("Just wondering if Freddie needs another appointment", "Freddie"),
    ("Ruby still has conjunctivitis after the drops", "Ruby"),
    ("Alfie hurt his wrist at football yesterday, x-ray?", "Alfie"),
    ("Is it normal that Grace sleeps so much after the vaccine", "Grace"),
    ("Is Ava ok to swim with grommets?", "Ava"),
    ("Lily fell and bumped her head, she seems fine now", "Lily"),
])
def test_word_names_where_only_a_person_fits(lex, text, name):
    assert name in people(lex, text)


@pytest.mark.parametrize("text", [
    "I hope she gets better soon",
    "we live miles away from the hospital",
    "she graduated with honor",
    "Baby has a rash on her face",
    "Patient is no better today",
    "Pain is no better",
    "Stage is 4 and grade 2",
    "I will ask my husband.",
    "Can you call my son too?",
    "It is for my mom again.",
    "my son also keeps coughing",
    "my son usually keeps his inhaler",
    "Tylenol and Motrin both help",
    "Ice and rest were advised",
    "register patient with a GP",
    "Update here - new meds are in",
    "Miner was hit by a rock",
    "just checking if baby needs a feed",
    "I wonder whether Patient needs admission",
    "Is Pain better today",
    "the dog hurt his paw",
    "Is May ok for the appointment",
    "In June has been worse",
    "By April she was better",
    "She is due in June to have her baby",
    "Cord is bleeding a little",
])
def test_words_that_only_look_like_names_there_stay_words(lex, text):
    assert people(lex, text) == []


# ------------------------------------------------------------------------------ kin words and greetings


@pytest.mark.parametrize("text, word", [
    ("if you need to post the letter to mum", "mum"),
    ("can they go to nan's in red deer", "nan"),
    ("Hi, Lee Jessel here, i had my bloods done", "Hi"),
    ("I am writing about my grandson. Thanks, Sarah", "Thanks"),
])
def test_kin_words_and_greetings_are_no_phi(lex, text, word):
    assert word not in [f[0] for f in found(lex, text)]


def test_a_town_named_like_a_kin_word_stays_a_town(lex):
    assert ("Nan", "CITY") in found(lex, "She was born in Nan, Thailand")


@pytest.mark.parametrize("text", ["göran bylund dob 05/19/24 needs a repeat prescription",
                                  "Göran Bylund DOB 05/19/24 needs a repeat prescription"])
def test_a_date_of_birth_cue_is_no_part_of_a_name(lex, text):
    assert not [p for p in people(lex, text) if "dob" in p.lower()]
    assert text.startswith("g") or people(lex, text) == ["Göran Bylund"]


@pytest.mark.parametrize("text, name", [
    ("Can Adam go back to school tomorrow if the fever is gone?", "Adam"),
    ("can andre go back to school tomorrow if the fever is gone?", "andre"),
])
def test_a_questions_auxiliary_is_no_part_of_the_name_after_it(lex, text, name):
    """"Can" is a Turkish given name and "Adam" a surname too: before a bare verb it is the question's auxiliary."""
    assert people(lex, text) == [name]


# ------------------------------------------------------------------------------ phones as patients ask to be reached


@pytest.mark.parametrize("text, value", [
    ("ring 0113 496 0000 today", "0113 496 0000"),
    ("ring me on 0113 496 0000", "0113 496 0000"),
    ("text me at 9876543210", "9876543210"),
    ("whatsapp +91 98765 43210", "+91 98765 43210"),
])
def test_phone_numbers_after_ring_text_and_whatsapp(text, value):
    assert (value, "PHONE") in rules(text)


@pytest.mark.parametrize("text", ["ring finger 3 cm laceration", "ring size 7", "the text from 12/03/2020 says"])
def test_ring_and_text_before_short_numbers_are_no_phones(text):
    assert rules(text, "PHONE") == []


# ------------------------------------------------------------------------------ UK general practices


@pytest.mark.parametrize("text, practice", [
    ("we are registered at Park Road Surgery", "Park Road Surgery"),
    ("I am with Elm Lane Surgery in Leeds", "Elm Lane Surgery"),
    ("we go to Hillside Group Practice", "Hillside Group Practice"),
])
def test_a_general_practice_named_by_its_street(lex, text, practice):
    assert (practice, "HOSPITAL") in found(lex, text)


@pytest.mark.parametrize("text", ["the General Surgery team saw him", "Cardiac Surgery follow up",
                                  "he had surgery on Church Street"])
def test_surgery_as_a_department_or_an_operation_is_no_practice(lex, text):
    assert not [f for f in found(lex, text) if f[1] == "HOSPITAL"]


def test_the_street_before_a_postcodes_town_outranks_a_name_or_town_reading_of_its_words():
    import phisift

    text = "the address is 6523 Ross Run, Vijayawada WR48 4JX if you need to post the letter to mum"
    found_spans = [(text[s.start : s.end], s.label) for s in phisift.detect(text)]
    assert ("6523 Ross Run", "STREET") in found_spans and ("WR48 4JX", "ZIP") in found_spans
