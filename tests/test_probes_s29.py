"""Hand-written probes of session 29 (issue 15: PHI in text we did not write).

Saint hospitals without the possessive in a hospital's slot ("seen at St. Jude"); labels that were
wrong: an employer after "Employer name:" read as a patient, a public programme after "approved by"
read as a clinician, a town field running over "Zipcode", the stacker calling a Vietnamese name it
grew a street, and its additions of a saint's name before a valve or a herb.

Negatives: eponyms, devices, herbs and ECG segments ("St. Jude mechanical valve", "St. John's wort",
"ST segment"), a saint's town with no hospital slot ("St. Joseph, MO").
"""

from __future__ import annotations

import pytest

from lexicon_helpers import det, found, texts  # noqa: F401  (det is a fixture)
from phisift.detect.rules.detector import detect_rules
from phisift.document import Span


def rules(text: str) -> set[tuple[str, str]]:
    return {(s.label, text[s.start : s.end]) for s in detect_rules(text)}


@pytest.mark.parametrize(
    ("text", "saint"),
    [
        ("She was seen at St. Jude.", "St. Jude"),
        ("She was seen at St. Jude last spring for a fever.", "St. Jude"),
        ("Admitted to St. Luke in Boise for observation.", "St. Luke"),
        ("She delivered at St. Agnes without complications.", "St. Agnes"),
        ("She is followed at St. Clare by oncology.", "St. Clare"),
        ("Seen in the St. Vincent emergency department.", "St. Vincent"),
        ("He was admitted to Saint Luke for pneumonia.", "Saint Luke"),
        ("Records were requested from St. Elizabeth Regional.", "St. Elizabeth Regional"),
        ("Taken to the St Jude ED by ambulance.", "St Jude"),
    ],
)
def test_a_saint_in_a_hospital_slot_is_a_hospital(det, text, saint):  # noqa: F811
    assert ("HOSPITAL", saint) in found(det, text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("She was seen at St. Jude and started on St. John's wort.", "wort"),
        ("She has a St. Jude mechanical mitral valve on warfarin.", "Jude"),
        ("Admitted to cardiology with a St. Jude valve thrombosis.", "Jude"),
        ("Seen at the clinic for St. Vitus dance.", "Vitus"),
        ("ST segment elevation in leads II, III and aVF, admitted to the CCU.", "ST"),
        ("There is 1 mm st segment depression, seen at rest.", "st"),
        ("Admitted to the floor; St. Louis encephalitis serology sent.", "Louis"),
    ],
)
def test_a_saint_before_a_device_herb_or_disease_is_no_hospital(det, text, word):  # noqa: F811
    assert not any(label == "HOSPITAL" and word in value for label, value in found(det, text)), found(det, text)


def test_a_saint_town_without_a_hospital_slot_is_left_to_the_place_passes(det):  # noqa: F811
    got = found(det, "She lives in St. Joseph, MO with her son.")
    assert not any(label == "HOSPITAL" for label, _ in got), got


@pytest.mark.parametrize("text", ["Employer name: Walmart", "EMPLOYER NAME: WALMART", "Company name: Acme"])
def test_an_employers_name_field_is_an_organisation(det, text):  # noqa: F811
    got = found(det, text)
    assert any(label == "ORGANIZATION" for label, _ in got) and not any(label == "PATIENT" for label, _ in got), got


def test_a_name_field_is_still_a_patient(det):  # noqa: F811
    assert ("PATIENT", "John Smith") in found(det, "Patient name: John Smith")


@pytest.mark.parametrize("text", ["Approved by Medicare.", "Prior authorization approved by Medicare on 3/2.",
                                  "Reviewed by Medicaid.", "APPROVED BY MEDICARE."])
def test_a_public_programme_after_by_is_no_clinician(det, text):  # noqa: F811
    got = found(det, text) | rules(text)
    assert not any(label in ("DOCTOR", "PATIENT") for label, _ in got), got


def test_approved_by_a_clinician_stays_a_clinician(det):  # noqa: F811
    assert ("DOCTOR", "Smith") in rules("Approved by Dr. Smith.") | found(det, "Approved by Dr. Smith.")


@pytest.mark.parametrize(("text", "town"), [("City: Boston Zipcode 02139\n", "Boston"),
                                            ("City: Boston Zip 02139\n", "Boston"),
                                            ("City: Salt Lake City zip code 84101\n", "Salt Lake City")])
def test_a_town_field_stops_at_the_postal_codes_label(text, town):
    got = rules(text)
    assert ("CITY", town) in got and not any("ip" in v and label == "CITY" for label, v in got), got


def test_a_name_grown_by_the_stacker_keeps_its_name_label():
    from phisift.detect.tagger.stack import additions

    text = "Phạm Thị Lan reports cough."
    hit = Span(5, 12, "PATIENT", "lexicon", 0.8)
    got = additions(text, [Span(0, 12, "STREET", "model", 0.99)], [hit], 0.5)
    assert [(text[s.start : s.end], s.label) for s in got] == [("Phạm Thị Lan", "PATIENT")]
    text = "Seen at John Muir Health today."  # a head word: the model's label stands
    hit = Span(8, 17, "PATIENT", "lexicon", 0.8)
    got = additions(text, [Span(8, 24, "HOSPITAL", "model", 0.99)], [hit], 0.5)
    assert [(text[s.start : s.end], s.label) for s in got] == [("John Muir Health", "HOSPITAL")]
    text = "Lives on Smith Street."
    hit = Span(9, 14, "PATIENT", "lexicon", 0.8)
    got = additions(text, [Span(9, 21, "STREET", "model", 0.99)], [hit], 0.5)
    assert [s.label for s in got] == ["STREET"]


def test_the_stacker_adds_no_saint_before_a_herb_or_a_valve():
    from phisift.detect.tagger.stack import additions

    text = "Saint John's wort was stopped."
    assert additions(text, [Span(0, 17, "HOSPITAL", "model", 0.99)], [], 0.5) == []
    text = "St. Jude valve clicks are crisp."
    assert additions(text, [Span(4, 8, "PATIENT", "model", 0.99)], [], 0.5) == []
    text = "He has a St. Jude Medical pacemaker."
    assert additions(text, [Span(9, 25, "HOSPITAL", "model", 0.99)], [], 0.5) == []
    text = "Seen at ST. MARY MEDICAL CENTER today."  # the hospital of that name stays
    got = additions(text, [Span(8, 31, "HOSPITAL", "model", 0.99)], [], 0.5)
    assert [text[s.start : s.end] for s in got] == ["ST. MARY MEDICAL CENTER"]
    text = "Transferred from St. Vincent Mercy yesterday."
    got = additions(text, [Span(17, 34, "HOSPITAL", "model", 0.99)], [], 0.5)
    assert [text[s.start : s.end] for s in got] == ["St. Vincent Mercy"]


def test_the_stacker_adds_no_field_label():
    from phisift.detect.tagger.candidates import is_candidate_word, is_label_word

    assert is_label_word("Zipcode") and not is_candidate_word("Zipcode")
    assert is_candidate_word("Zimmerman")


def test_default_pipeline_on_the_label_probes():
    import phisift

    def labels(text: str) -> set[tuple[str, str]]:
        return {(text[s.start : s.end], s.label) for s in phisift.detect(text)}

    assert ("Phạm Thị Lan", "PATIENT") in labels("Phạm Thị Lan reports cough.")
    assert not any(v == "Zipcode" for v, _ in labels("Zipcode 02139"))
    assert not any("wort" in v for v, _ in labels("Saint John's wort was stopped."))
    assert ("Walmart", "ORGANIZATION") in labels("Employer name: Walmart")
    assert not any(v == "Medicare" for v, _ in labels("Approved by Medicare."))


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("F, 67, presents with a productive cough.", "67"),
        ("M, 45, with crushing chest pain.", "45"),
        ("Patient is F, 67, seen for dizziness.", "67"),
        ("Reviewed the chart of M, 82, admitted with a fall.", "82"),
        ("Female, 54, presents for follow up.", "54"),
    ],
)
def test_a_records_sex_and_age_in_a_sentence(text, age):
    assert ("AGE", age) in rules(text)


@pytest.mark.parametrize("text", ["T 98.6 F, 67 bpm pulse.", "Grade F, 3, and 4 lesions.", "Temp 101 F, 2, then 3 doses.",
                                  "Hep B, C, 12, negative.", "Size M, 10, fits."])
def test_readings_grades_and_sizes_are_no_sex_and_age(text):
    assert not any(label == "AGE" for label, _ in rules(text)), rules(text)


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("The account user_id: jsmith was used to log in.", "jsmith"),
        ("Portal user_id: kpatel reset her password.", "kpatel"),
        ("login_id=akumar\n", "akumar"),
    ],
)
def test_a_login_after_a_programs_field_name(text, login):
    assert ("USERNAME", login) in rules(text)


@pytest.mark.parametrize("text", ["user_id: unknown\n", "The user_id field was blank.", "login_id: none\n"])
def test_a_programs_field_name_before_a_word_is_no_login(text):
    assert not any(label == "USERNAME" for label, _ in rules(text)), rules(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Nguyen Van An presents with abdominal pain.", "Nguyen Van An"),
        ("Pham Minh Duc was admitted overnight.", "Pham Minh Duc"),
        ("Kim Min-jun reports two days of cough.", "Kim Min-jun"),
        ("Park Ji-woo denies fever.", "Park Ji-woo"),
        ("Wang Fang was seen in clinic today.", "Wang Fang"),
        ("NGUYEN VAN AN PRESENTS WITH PAIN.", "NGUYEN VAN AN"),
        ("kim min-jun reports cough.", "kim min-jun"),
    ],
)
def test_family_name_first_korean_and_vietnamese_names(det, text, name):  # noqa: F811
    assert ("PATIENT", name) in found(det, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("MY DAUGHTER HONOR HAS A FEVER SINCE LAST NIGHT.", "HONOR"),
        ("my daughter honor has a fever since last night.", "honor"),
        ("ZHANG WEI DENIES CHEST PAIN.", "ZHANG WEI"),
        ("zhang wei denies chest pain.", "zhang wei"),
        ("TANAKA YUI REPORTS NAUSEA.", "TANAKA YUI"),
        ("tanaka yui reports nausea.", "tanaka yui"),
        ("CONSULT BY Z.M. NECATIGIL THIS MORNING.", "Z.M. NECATIGIL"),
        ("consult by z.m. necatigil this morning.", "z.m. necatigil"),
        ("seen by a. toivanen in the clinic.", "a. toivanen"),
    ],
)
def test_names_of_the_mixed_case_forms_in_notes_typed_in_one_case(det, text, name):  # noqa: F811
    assert name in texts(det, text), found(det, text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("LI NA REPORTS NAUSEA.", "LI"),
        ("li na reports nausea.", "li"),
        ("my son also has a rash.", "also"),
        ("MY DAUGHTER STILL HAS A FEVER.", "STILL"),
        ("my son often has nosebleeds.", "often"),
        ("a. fib with rvr, rate controlled.", "fib"),
        ("TAKE 1 TAB P.O. DAILY.", "DAILY"),
        ("GIVEN 2 MG P.O. Q.H.S. DOSING.", "DOSING"),
        ("A.M. MEDS GIVEN.", "MEDS"),
        ("given i.v. fluids overnight.", "fluids"),
        ("STATUS POST I.V. ANTIBIOTICS.", "ANTIBIOTICS"),
        ("Na 138, K 4.1, Li level 0.8 was noted.", "Li"),
    ],
)
def test_one_case_words_that_only_look_like_these_names(det, text, word):  # noqa: F811
    assert not any(word in v for v in texts(det, text)), found(det, text)


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("She is a 4th grade teacher.", "4th grade teacher"),
        ("She works as a 2nd grade teacher.", "2nd grade teacher"),
        ("she is a 4th grade teacher.", "4th grade teacher"),
        ("SHE IS A 4TH GRADE TEACHER.", "4TH GRADE TEACHER"),
    ],
)
def test_occupations_with_an_ordinal_before_them(det, text, job):  # noqa: F811
    assert ("PROFESSION", job) in found(det, text)


@pytest.mark.parametrize(
    "text",
    ["Reading is at a 4th grade level.", "She is a 4th grade student.", "He is a 1st degree relative.",
     "She is a very good teacher to her children.", "Grade 2 systolic murmur.", "She is a 3rd year resident."],
)
def test_grades_and_degrees_are_no_occupations(det, text):  # noqa: F811
    got = found(det, text)
    assert not any(label == "PROFESSION" and any(c.isdigit() for c in v) for label, v in got), got


@pytest.mark.parametrize(
    ("text", "firm"),
    [
        ("He works at Blue Bottle Coffee as a barista.", "Blue Bottle Coffee"),
        ("She works at Whole Foods in the bakery.", "Whole Foods"),
        ("She works at Paper Source on weekends.", "Paper Source"),
        ("She works at Blue Apron in the warehouse.", "Blue Apron"),
    ],
)
def test_a_firm_of_common_words_after_a_workplace_cue(det, text, firm):  # noqa: F811
    assert ("ORGANIZATION", firm) in found(det, text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("She works at Target Heart Rate goals with PT.", "Target"),
        ("She works at Pain Management Clinic on Fridays.", "Pain"),
        ("He works at Physical Therapy twice weekly.", "Physical"),
        ("She retired from Social Services in 2010.", "Social"),
        ("HE WORKS AT BLUE BOTTLE COFFEE AS A BARISTA.", "BLUE"),
        ("He works at home as a writer.", "home"),
        ("She works at General Hospital in the lab.", "General"),
    ],
)
def test_workplace_cues_before_services_goals_and_text_in_capitals(det, text, words):  # noqa: F811
    assert not any(label == "ORGANIZATION" and words in v for label, v in found(det, text)), found(det, text)


@pytest.mark.parametrize(
    ("text", "saint"),
    [
        ("Follow up at St. Joseph next week with cardiology.", "St. Joseph"),
        ("He had his CABG at Saint Francis in 2019.", "Saint Francis"),
        ("Brought by EMS to St. Anthony after the fall.", "St. Anthony"),
        ("EMS took him to St Joseph.", "St Joseph"),
    ],
)
def test_a_saint_after_a_word_of_care_and_at_or_to_is_a_hospital(det, text, saint):  # noqa: F811
    assert ("HOSPITAL", saint) in found(det, text)


@pytest.mark.parametrize("text", ["He went to St. Louis for vacation.", "EMS brought him from St. Louis.",
                                  "She moved to St. Paul last year.", "He was born in St. Augustine."])
def test_a_saint_town_after_going_somewhere_stays_a_town(det, text):  # noqa: F811
    assert not any(label == "HOSPITAL" for label, _ in found(det, text)), found(det, text)


@pytest.mark.parametrize(("text", "firm"), [("He drives for Blue Ridge Express.", "Blue Ridge Express"),
                                            ("He drives for Old Dominion Freight.", "Old Dominion Freight"),
                                            ("he drives for swift transportation.", "swift transportation")])
def test_a_firm_after_drives_for(det, text, firm):  # noqa: F811
    assert ("ORGANIZATION", firm) in found(det, text)


@pytest.mark.parametrize("text", ["He drives for a living.", "She drives for long hours to work."])
def test_drives_for_before_common_words_names_no_firm(det, text):  # noqa: F811
    assert found(det, text) == set()


def test_the_stacker_adds_no_eponym_before_a_disease_or_a_stain():
    from phisift.detect.tagger.candidates import is_candidate_word
    from phisift.detect.tagger.stack import additions

    for text in ("Hunter syndrome was excluded.", "Rose bengal staining negative."):
        end = text.index(" ")
        assert additions(text, [Span(0, end, "PATIENT", "model", 0.99)], [], 0.5, candidate=is_candidate_word) == []
    text = "Dr. Kowalczyk syndrome clinic."  # a title before it: a person, as before
    got = additions(text, [Span(4, 13, "DOCTOR", "model", 0.99)], [], 0.5, candidate=is_candidate_word)
    assert [text[s.start : s.end] for s in got] == ["Kowalczyk"]
    text = "Kowalczyk syndrome was excluded."  # the same without the title: an eponym
    assert additions(text, [Span(0, 9, "PATIENT", "model", 0.99)], [], 0.5, candidate=is_candidate_word) == []


@pytest.mark.parametrize(("text", "name"), [("LEFT A MESSAGE FOR ROSE TO CALL BACK.", "ROSE"),
                                            ("CAN CHASE GO BACK TO SCHOOL?", "CHASE")])
def test_a_given_name_before_a_bare_verb_in_a_note_typed_in_capitals(det, text, name):  # noqa: F811
    assert ("PATIENT", name) in found(det, text)


@pytest.mark.parametrize("text", ["WE HOPE TO SEE HER IN CLINIC.", "ASKED FOR HELP TO WALK.",
                                  "Left a message for Rose To Call back."])
def test_capitals_before_a_verb_without_a_name_slot(det, text):  # noqa: F811
    got = found(det, text)
    assert not any(v in ("HOPE", "HELP", "Rose") for _, v in got), got


@pytest.mark.parametrize("text", ["She works at Olive Garden.", "She works as a server at Olive Garden.",
                                  "She is a waitress at Olive Garden on weekends."])
def test_a_workplace_named_like_a_place_is_the_employer(det, text):  # noqa: F811
    assert ("ORGANIZATION", "Olive Garden") in found(det, text)


def test_a_place_without_a_workplace_cue_stays_a_place(det):  # noqa: F811
    assert ("LOCATION-OTHER", "Walden Pond") in found(det, "We walked at Walden Pond on Sunday.")


def test_an_eponym_after_a_workplace_cue_is_no_firm(det):  # noqa: F811
    assert found(det, "Covered by Parkinson disease claims, he says, and employed by Parkinson disease.") == set()
    assert ("ORGANIZATION", "Parkinson Roofing") in found(det, "He works for Parkinson Roofing.")


@pytest.mark.parametrize(
    ("text", "saint"),
    [
        ("SHE WAS SEEN AT ST. JUDE.", "ST. JUDE"),
        ("she was seen at st. jude.", "st. jude"),
        ("PREVIOUSLY HOSPITALIZED AT ST. RITA FOR PNEUMONIA.", "ST. RITA"),
        ("she delivered at st. agnes without complications.", "st. agnes"),
        ("seen in the st. vincent emergency department.", "st. vincent"),
        ("ems took him to st joseph.", "st joseph"),
    ],
)
def test_a_saint_in_a_hospital_slot_in_a_note_typed_in_one_case(det, text, saint):  # noqa: F811
    assert ("HOSPITAL", saint) in found(det, text)


@pytest.mark.parametrize("text", ["ADMITTED TO CCU WITH ST SEGMENT ELEVATION.", "there is st depression noted at rest.",
                                  "SHE HAS A ST. JUDE VALVE, SEEN AT CLINIC.", "st. john's wort was stopped."])
def test_one_case_st_segments_valves_and_herbs(det, text):  # noqa: F811
    assert not any(label == "HOSPITAL" for label, _ in found(det, text)), found(det, text)


@pytest.mark.parametrize(("text", "age"), [("f, 67, presents with a productive cough.", "67"),
                                           ("reviewed the chart of m, 82, admitted with a fall.", "82")])
def test_a_records_sex_and_age_in_a_note_typed_in_lower_case(text, age):
    assert ("AGE", age) in rules(text)


@pytest.mark.parametrize("text", ["Temp 101 f, 2, then 3 doses.", "The f, 67, test is Positive."])
def test_a_lower_case_letter_in_mixed_case_is_no_sex(text):
    assert not any(label == "AGE" for label, _ in rules(text)), rules(text)


@pytest.mark.parametrize(("text", "firm"), [("he is a cashier at kroger.", "kroger"),
                                            ("she is a stocker at costco.", "costco"),
                                            ("employer: walmart", "walmart")])
def test_an_employer_in_a_note_typed_in_lower_case(det, text, firm):  # noqa: F811
    assert ("ORGANIZATION", firm) in found(det, text)


@pytest.mark.parametrize("text", ["he is a nurse at night.", "she is a teacher at the local school.",
                                  "she is a nurse at mercy.", "employer: self", "employer: retired"])
def test_common_words_after_an_occupation_in_lower_case_are_no_employer(det, text):  # noqa: F811
    assert not any(label == "ORGANIZATION" for label, _ in found(det, text)), found(det, text)


def test_do_is_a_vietnamese_family_name_before_a_middle_name(det):  # noqa: F811
    assert ("PATIENT", "Do Van Nguyen") in found(det, "Do Van Nguyen was seen.")
    assert found(det, "Do not give aspirin.") == set()


@pytest.mark.parametrize("text", ["Admitted with St. Louis encephalitis.", "ST. LOUIS ENCEPHALITIS SEROLOGY NEGATIVE.",
                                  "Rasmussen encephalitis was considered."])
def test_a_place_or_a_name_before_encephalitis_is_an_eponym(det, text):  # noqa: F811
    assert found(det, text) == set()


def test_the_saints_town_itself_stays_a_town(det):  # noqa: F811
    assert ("CITY", "St. Louis") in found(det, "She lives in St. Louis with her son.")
