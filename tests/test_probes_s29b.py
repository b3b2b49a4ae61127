"""Hand-written probes of session 29, second helper (issue 15: PHI in text we did not write).

The gaps bench/probes_s29b.py found on main: a season "OF" a year in capitals, a blood pressure or a blood gas
the stacker read as a street or a phone, a Canadian postcode after its province ("Toronto, ON M5V 2T6"), a
European postcode before its town ("Lindenweg 7, 80331 München"), an Indian PIN read as an ID, coordinates
with hemispheres and no degree sign, an age after a clause's "at" ("At 91 she still lives alone"), a flat after
a lower-case street ("41 orchard lane, apt 3b") and a street named like a person after "lives on".

Negatives: quantities after a street ("Main St, 2000 units"), times ("seen at 14 she said"), small readings
("Na 1.005 S"), a unit of blood after a street, a name after "lives with".
"""

from __future__ import annotations

import pytest

from lexicon_helpers import det, found  # noqa: F401  (det is a fixture)
from phisift.detect.rules.detector import detect_rules
from phisift.detect.tagger.stack import additions
from phisift.document import Span


def rules(text: str) -> set[tuple[str, str]]:
    return {(s.label, text[s.start : s.end]) for s in detect_rules(text)}


def _cases(rows: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Each probe as written, in capitals and in lower case (issue 15.3)."""
    return [tuple(f(x) for x in row) for row in rows for f in (str, str.upper, str.lower)]


@pytest.mark.parametrize(("text", "date"), _cases([("Started insulin in the spring of 2018.", "spring of 2018"),
                                                   ("Hip fracture in winter of 2015.", "winter of 2015")]))
def test_a_season_of_a_year_in_any_case(text, date):
    assert ("DATE", date) in rules(text)


@pytest.mark.parametrize(("text", "value"), _cases([("BP 120/80, HR 72.", "BP 120/80"),
                                                    ("ABG 7.35/45/80 on 2 L.", "ABG 7.35/45/80"),
                                                    ("GCS 14/15 on arrival", "GCS 14/15"), ("VA 20/40 OD", "VA 20/40"),
                                                    ("Pain 7/10 today", "Pain 7/10")]))
def test_the_stacker_adds_no_vital_sign(text, value):
    a = text.index(value)
    for label in ("STREET", "PHONE", "IDNUM"):
        assert additions(text, [Span(a, a + len(value), label, "model", 0.99)], [], 0.5) == [], (text, label)


def test_the_stacker_still_adds_a_street_with_letters():
    text = "Lives at 120 Oak Bend."
    assert additions(text, [Span(9, 21, "STREET", "model", 0.99)], [], 0.5) != []


@pytest.mark.parametrize(("text", "code", "province"), _cases([
    ("Address on file:\n25 Maple Avenue\nToronto, ON M5V 2T6\nCanada", "M5V 2T6", "ON"),
    ("Her son: 4 Elm St, Halifax, NS B3H 1A1", "B3H 1A1", "NS"),
]))
def test_a_canadian_postcode_after_its_province(text, code, province):
    got = rules(text)
    assert ("ZIP", code) in got and ("STATE", province) in got, got


@pytest.mark.parametrize(("text", "code", "town"), _cases([
    ("Previously lived at Lindenweg 7, 80331 München, Germany.", "80331", "München"),
    ("Sister lives at Rue de la Paix 4, 75002 Paris.", "75002", "Paris"),
]))
def test_a_european_postcode_before_its_town(text, code, town):
    if text.islower():
        pytest.skip("the rules read no lower-case 'lindenweg 7' as a street")
    got = rules(text)
    assert ("ZIP", code) in got and ("CITY", town) in got, got


@pytest.mark.parametrize("text", ["Seen at 4 Oak Rd, 1500 calories.", "Sits at 9 Elm Rd, 2500 tablets.",
                                  "Walks to 9 Elm Rd, 3000 steps."])
def test_a_quantity_after_a_street_is_no_postcode(text):
    assert not any(label in ("ZIP", "CITY") for label, _ in rules(text)), rules(text)


@pytest.mark.parametrize(("text", "pin"), _cases([
    ("Referred from 14/2 Park Street, Kolkata 700016.", "700016"),
    ("Send report to Flat 3, 21 MG Road, Bengaluru 560001, India.", "560001"),
    ("Lives in Pune 411001, India.", "411001"),
]))
def test_an_indian_pin_code_is_a_zip(text, pin):
    got = rules(text)
    assert ("ZIP", pin) in got and ("IDNUM", pin) not in got, got


@pytest.mark.parametrize("text", ["Account 700016, India team notified.", "Dose 500000 units, India ink negative."])
def test_six_digits_without_a_town_are_no_pin(text):
    assert not any(label == "ZIP" for label, _ in rules(text)), rules(text)


@pytest.mark.parametrize(("text", "coords"), _cases([("Pickup at 51.5074 N, 0.1278 W arranged.", "51.5074 N, 0.1278 W"),
                                                     ("Found at 33.8688 S 151.2093 E by EMS.", "33.8688 S 151.2093 E")]))
def test_coordinates_with_hemispheres_and_no_degree_sign(text, coords):
    assert ("LOCATION-OTHER", coords) in rules(text)


def test_a_small_reading_with_a_letter_is_no_coordinate():
    assert not any(label == "LOCATION-OTHER" for label, _ in rules("Na 1.005 S, K 4.1 E"))


@pytest.mark.parametrize(("text", "age"), _cases([("At 91 she still lives independently.", "91"),
                                                  ("At ninety-one, she still lives alone.", "ninety-one"),
                                                  ("Widowed; at seventy he moved in with his son.", "seventy")]))
def test_an_age_between_at_and_its_subject(text, age):
    assert ("AGE", age) in rules(text)


@pytest.mark.parametrize("text", ["Seen at 14 she said.", "Pain started at 10 she said.", "Glucose at 150 she felt dizzy.",
                                  "At 12 she was seen.", "BP at 140 he is fine.", "He was seen at 20 he said."])
def test_times_and_readings_after_at_are_no_age(text):
    assert not any(label == "AGE" for label, _ in rules(text)), rules(text)


@pytest.mark.parametrize(("text", "street"), [
    ("she moved to 41 orchard lane, apt 3b last month.", "41 orchard lane, apt 3b"),
    ("lives at 118 harbour road, flat 2, with her daughter.", "118 harbour road, flat 2"),
    ("LIVES AT 118 HARBOUR ROAD, FLAT 2, WITH HER DAUGHTER.", "118 HARBOUR ROAD, FLAT 2"),
])
def test_a_flat_after_a_street_in_one_case(det, text, street):  # noqa: F811
    assert ("STREET", street) in found(det, text)


def test_a_unit_of_blood_after_a_street_is_no_flat(det):  # noqa: F811
    assert ("STREET", "18 oak st. unit 2") not in found(det, "lives at 18 oak st. unit 2 of blood given.")


@pytest.mark.parametrize(("text", "street"), [("Her son lives on Margaret Way and visits daily.", "Margaret Way"),
                                              ("Mother lives on Grace Court, next to us.", "Grace Court")])
def test_a_street_named_like_a_person_after_lives_on(det, text, street):  # noqa: F811
    got = found(det, text)
    assert ("STREET", street) in got or not any(street in v for _, v in got), got
    assert not any(label in ("PATIENT", "DOCTOR", "ORGANIZATION") and street in v for label, v in got), got


def test_a_person_after_lives_with_stays_a_person(det):  # noqa: F811
    assert ("PATIENT", "Margaret Way") in found(det, "She lives with Margaret Way, her sister.")


@pytest.mark.parametrize("text", ["SHE LIVES ON HAWTHORNE CRESCENT NEAR THE SCHOOL.",
                                  "she lives on hawthorne crescent near the school."])
def test_a_body_run_on_past_a_street_ends_at_the_street_type(det, text):  # noqa: F811
    got = found(det, text)
    assert not any("SCHOOL" in v.upper() for _, v in got) and not any(label == "ORGANIZATION" for label, _ in got), got


@pytest.mark.parametrize("text", ["Mar 2+ edema noted.", "MAR 2+ EDEMA NOTED.", "Jun 1+ pitting edema."])
def test_a_month_before_a_grade_is_no_date(text):
    assert not any(label == "DATE" for label, _ in rules(text)), rules(text)


@pytest.mark.parametrize(("text", "date"), [("Seen Mar 2, 2021.", "Mar 2, 2021"), ("seen mar 2 for follow-up", "mar 2")])
def test_a_month_and_day_stay_a_date(text, date):
    assert ("DATE", date) in rules(text)


def test_the_stacker_adds_no_date_before_a_grade():
    text = "Mar 2+ edema noted."
    assert additions(text, [Span(0, 5, "DATE", "model", 0.99)], [], 0.5) == []
    text = "Seen Mar 2 for edema."
    assert additions(text, [Span(5, 10, "DATE", "model", 0.99)], [], 0.5) != []


def test_the_stacker_adds_no_postcode_before_a_unit():
    text = "HEPARIN DRIP, TOTAL 25000 UNITS GIVEN."
    assert additions(text, [Span(20, 25, "ZIP", "model", 0.99)], [], 0.5) == []
    text = "Lives in Boise 83702 with family."
    assert additions(text, [Span(15, 20, "ZIP", "model", 0.99)], [], 0.5) != []


@pytest.mark.parametrize(("text", "login"), _cases([("Contact: jane.doe_77 on the app.", "jane.doe_77"),
                                                    ("Message from mark.hill_84 in the portal.", "mark.hill_84")]))
def test_two_names_joined_by_a_dot_with_an_underscore_tail_are_a_login(text, login):
    assert ("USERNAME", login) in rules(text)


@pytest.mark.parametrize("text", ["Fig.ab_12 shows the lesion.", "Dx.Bx_12 pending.", "Seen by Dr.Smith_12 today."])
def test_a_mixed_case_or_short_dotted_word_is_no_login(text):
    assert not any(label == "USERNAME" for label, _ in rules(text)), rules(text)
