"""Patient messages in the sixth batch's styles (issue 15): portal, intake, pharmacy, insurance and nurse-line text.

Portal messages and intake forms date things as their writers do at home ("labs drawn on 27 dec",
"before 15.9."), sign off with a given name ("Thanks, Eduardo"), name people of their working life
("my boss Nick Robert"), put a visited town before its country ("in Reading, the Czech Republic"),
state their login ("my username is guerrad") and name a pharmacy by its head ("Knutsen's Drug Store").
Each form has negatives of the same shape: "dropped by 2 dec overnight", "fever 39.2.", "thanks for
your help", "my boss said", "in hospital, Ireland", "my username is expired", drugs, symptoms, body parts.
"""

from __future__ import annotations

import pytest

from phisift.detect.lexicon.detector import LexiconDetector
from phisift.detect.rules.detector import detect_rules
from phisift.detect.tagger.stack import additions
from phisift.document import Span


@pytest.fixture(scope="module")
def lex() -> LexiconDetector:
    return LexiconDetector()


def found(text: str, label: str) -> list[str]:
    return [text[s.start : s.end] for s in detect_rules(text) if s.label == label]


def lexicon(lex: LexiconDetector, text: str, *labels: str) -> list[str]:
    return [text[s.start : s.end] for s in lex.detect(text) if s.label in labels]


# ------------------------------------------------------------------ a day and a lower-case month after a date word


@pytest.mark.parametrize("text, date", [
    ("I had my labs drawn on 27 dec and I see the results", "27 dec"),
    ("i need a tb test before 18-jan", "18-jan"),
    ("she has had vomiting since 1 may", "1 may"),
    ("was discharged from the hospital on 16 jul and has not heard about physio.", "16 jul"),
    ("can we move it until 3 mar, please", "3 mar"),
])
def test_day_and_lower_month_after_a_date_word(text: str, date: str) -> None:
    assert found(text, "DATE") == [date]


@pytest.mark.parametrize("text", [
    "bp dropped by 2 dec overnight",            # "dec" for decreased
    "she has had vomiting since 1 may need more fluids",  # "may" a verb
    "took 2 mar tablets",                        # no date word before
    "wbc 12 dec from 15",
    "take 2 tablets of ibuprofen 400 mg for the knee pain",
])
def test_not_day_and_lower_month(text: str) -> None:
    assert found(text, "DATE") == []


# ------------------------------------------------------------------ a dotted day and month, no year


@pytest.mark.parametrize("text, date", [
    ("I had my labs drawn on 25.11. and I see the results", "25.11."),
    ("my husbands apointment with Dr Zigo on 11.3., he cant make it", "11.3."),
    ("my supervisor said I need a TB test before 15.9.", "15.9."),
])
def test_dotted_day_month(text: str, date: str) -> None:
    assert found(text, "DATE") == [date]


@pytest.mark.parametrize("text", [
    "fever 39.2. drinking ok",                  # a reading closing a sentence
    "dose was increased to 2.5. Then she slept",  # no date word before
    "metformin 0.5. twice daily",
    "the ratio was 3.4. on review",
    "on 45.13. nothing",                        # no day and month
])
def test_not_dotted_day_month(text: str) -> None:
    assert found(text, "DATE") == []


# ------------------------------------------------------------------ a town before a country found


@pytest.mark.parametrize("text, town", [
    ("We were visiting my in-laws in Reading, the Czech Republic when my daughter got sick", "Reading"),
    ("we were visiting my in-laws in penang, somalia when my daughter got sick", "penang"),
    ("we flew home from Da Nang, Vietnam last week and he has a fever", "Da Nang"),
])
def test_town_before_country(lex: LexiconDetector, text: str, town: str) -> None:
    assert town in lexicon(lex, text, "CITY")


@pytest.mark.parametrize("text", [
    "he was in hospital, Ireland has good care",
    "the trial enrolled patients in remission, France and Spain",
    "she had pain in the chest, Ireland",
    "take aspirin daily, Canada approved it",
])
def test_not_town_before_country(lex: LexiconDetector, text: str) -> None:
    assert lexicon(lex, text, "CITY") == []


# ------------------------------------------------------------------ people of a writer's working life, sign-offs


@pytest.mark.parametrize("text, name", [
    ("My boss Nick Robert needs a note saying I was sick", "Nick Robert"),
    ("my supervisor Candy Haugland said i need a tb test", "Candy Haugland"),
    ("Please send it to the pharmacy. Thanks, Thanh", "Thanh"),
    ("please send it to the pharmacy. thanks, maria", "maria"),
    ("Thank you, Grace", "Grace"),
])
def test_peer_names_and_sign_offs(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in lexicon(lex, text, "PATIENT", "DOCTOR")


@pytest.mark.parametrize("text", [
    "my boss said I can go home early",
    "Thanks for your help",
    "thanks again doctor",
    "Thanks Doctor, the ibuprofen helped",
    "thanks, tylenol worked",
    "my Supervisor Review is due",
])
def test_not_peer_names_or_sign_offs(lex: LexiconDetector, text: str) -> None:
    assert lexicon(lex, text, "PATIENT", "DOCTOR") == []


# ------------------------------------------------------------------ an employer slot ends at its second preposition


@pytest.mark.parametrize("text, org", [
    ("he works at the Mikkeli Walmart with solvents, is that a risk?", "Mikkeli Walmart"),
    ("she is employed by meyer imaging.", "meyer imaging"),
])
def test_employer_slot_ends(lex: LexiconDetector, text: str, org: str) -> None:
    assert lexicon(lex, text, "ORGANIZATION") == [org]


def test_drug_store_is_an_organisation(lex: LexiconDetector) -> None:
    assert lexicon(lex, "Preferred pharmacy: Skaptisson's Drug Store, Valparaiso.", "ORGANIZATION")[0] \
        == "Skaptisson's Drug Store"
    assert lexicon(lex, "pick it up at the drug store near the school", "ORGANIZATION", "HOSPITAL") == []


# ------------------------------------------------------------------ a stated login


@pytest.mark.parametrize("text, login", [
    ("hello i cant log in to the portal my username is guerrad and my email is x@y.com", "guerrad"),
    ("my username is libordu", "libordu"),
])
def test_stated_login(text: str, login: str) -> None:
    assert found(text, "USERNAME") == [login]


@pytest.mark.parametrize("text", [
    "my username is expired and I cant log in",
    "my username is locked",
    "his login was disabled",
    "the username is the same as before",
])
def test_not_stated_login(text: str) -> None:
    assert found(text, "USERNAME") == []


# ------------------------------------------------------------------ the stacker adds no profession without a job word


def test_stacker_profession_needs_a_job_word() -> None:
    text = "hello i cant log in to the portal, I'm a pharmacy tech at the clinic"
    model = [Span(0, 16, "PROFESSION", "model", 0.99), Span(text.index("pharmacy"), text.index(" at the"), "PROFESSION",
                                                            "model", 0.99)]
    kept = [text[s.start : s.end] for s in additions(text, model, [], 0.5)]
    assert kept == ["pharmacy tech"]


# ------------------------------------------------------------------ kin words with a slip, introductions, openers


@pytest.mark.parametrize("text, name", [
    ("my daugter Isabbel has had a stomache ache since yesterday", "Isabbel"),
    ("my neighbour fell today and her daguhter Noppakao asked me to write", "Noppakao"),
    ("Bonjour, I am Faith Methavorakul. I need a letter in English", "Faith Methavorakul"),
    ("Bonjour, I am Tahnh Ngyen from Zetaquira. I need a letter", "Tahnh Ngyen"),
    ("this is Marggot Mrvan the pharmacy says my insurance wont cover it", "Marggot Mrvan"),
    ("Radovana here from the nurse line, I spoke with the mother", "Radovana"),
    ("Michelle here from the nurse line", "Michelle"),
])
def test_slipped_kin_introductions_and_openers(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in lexicon(lex, text, "PATIENT", "DOCTOR")


@pytest.mark.parametrize("text", [
    "my daugter has had a stomache ache since yesterday",
    "my husbnd Tylenol",
    "my brother bother me",
    "I am Black and my doctor says",
    "I am Grace and I have asthma",
    "this is Normal Sinus rhythm",
    "I am Type Two diabetic",
    "I am Hispanic Catholic from Texas",
    "i am very tired of the nausea",
    "Nobody here from the office called",
    "Everyone here from work is sick",
])
def test_not_slipped_kin_introductions_or_openers(lex: LexiconDetector, text: str) -> None:
    assert lexicon(lex, text, "PATIENT", "DOCTOR") == []


# ------------------------------------------------------------------ a foreign street typed in lower case


@pytest.mark.parametrize("text, street", [
    ("who is fifty one and lives at rue des lilas fell today", "rue des lilas"),
    ("current location: calle mayor 12, valparaiso. emergency contact", "calle mayor 12"),
])
def test_lower_case_foreign_streets(text: str, street: str) -> None:
    assert found(text, "STREET") == [street]


@pytest.mark.parametrize("text", [
    "I rue the day 2 times",
    "he lives at rue the day",
    "she lives at cours",
    "given 2 via nasogastric tube",
    "reached an impasse with the insurer 2 times",
])
def test_not_lower_case_foreign_streets(text: str) -> None:
    assert found(text, "STREET") == []


# ------------------------------------------------------------------ a saint's care home or school with its head


@pytest.mark.parametrize("text, body", [
    ("my aunt kaldi is at st. agnes's residence and the staff told me", "st. agnes's residence"),
    ("he is at St. Joseph's Nursing Home now", "St. Joseph's Nursing Home"),
    ("She went to St. Mary's Church on Sunday", "St. Mary's Church"),
])
def test_saint_with_its_head(lex: LexiconDetector, text: str, body: str) -> None:
    assert body in lexicon(lex, text, "HOSPITAL", "ORGANIZATION")


def test_saint_without_a_head(lex: LexiconDetector) -> None:
    assert lexicon(lex, "She was admitted to St. Luke's and went home", "HOSPITAL", "ORGANIZATION") == ["St. Luke's"]
    assert lexicon(lex, "she takes St. John's wort for mood", "HOSPITAL", "ORGANIZATION") == []


# ------------------------------------------------------------------ an age with its unit in brackets after a person


@pytest.mark.parametrize("text, age", [
    ("Nurse line: mother called about Thanh (18 months) with fever 39.2, drinking ok.", "18"),
    ("nurse line: mother called about shirin (13 months) with fever 39.2", "13"),
    ("my son (4 yrs) has a rash on his arms", "4"),
])
def test_bracketed_age_with_unit(text: str, age: str) -> None:
    assert found(text, "AGE") == [age]


@pytest.mark.parametrize("text", [
    "She has been on sertraline (3 months) and feels flat.",
    "Cough (2 weeks), no fever.",
    "He lived in Boston (2 years) before moving.",
    "The Patient (3 months) follow-up.",
    "Symptoms started. Fever (3 days).",
    "Knee pain (6 months), worse on stairs",
])
def test_not_bracketed_age_with_unit(text: str) -> None:
    assert found(text, "AGE") == []


# ------------------------------------------------------------------ a school district is a body, not a place


def test_school_district_is_an_employer(lex: LexiconDetector) -> None:
    text = "I'm a pharmacy tech at Nederland School District in AllainVille and keep getting nosebleeds"
    assert "Nederland School District" in lexicon(lex, text, "ORGANIZATION")
    assert lexicon(lex, "They live in the Lice district, near the river.", "CITY") == ["Lice"]


# ------------------------------------------------------------------ one age for two people; a writer's home town


@pytest.mark.parametrize("text, age", [
    ("My partner and I (both 27) are trying for a baby", "27"),
    ("my partner and i both 52 are trying for a baby", "52"),
    ("they are both 18, twins", "18"),
])
def test_both_ages(text: str, age: str) -> None:
    assert found(text, "AGE") == [age]


@pytest.mark.parametrize("text", [
    "pulses are both 2+ bilaterally",
    "the knees are both 5/5",
    "they were both 30 minutes late",
    "we both take 20 mg daily",
    "the scores were both 18, 20 and 22",
])
def test_not_both_ages(text: str) -> None:
    assert found(text, "AGE") == []


@pytest.mark.parametrize("text, town", [
    ("Bonjour, I am Savannah Fischer from Grayborough. I need a letter in English", "Grayborough"),
    ("Bonjour, I am Tahnh Ngyen from Zetaquira. I need a letter", "Zetaquira"),
    ("hi i am gne urboas from tanjungpinang and i need a letter", "tanjungpinang"),
])
def test_hometowns(lex: LexiconDetector, text: str, town: str) -> None:
    assert town in lexicon(lex, text, "CITY")


@pytest.mark.parametrize("text", [
    "I am from the clinic",
    "I am Very Tired from Work.",
    "this is Mark from Accounts.",
    "this is the result from Tuesday.",
    "I came from Surgery.",
])
def test_not_hometowns(lex: LexiconDetector, text: str) -> None:
    assert lexicon(lex, text, "CITY") == []


# ------------------------------------------------------------------ lower-case peers; a numbered street after "lives at"


@pytest.mark.parametrize("text, name", [
    ("i work at costco and my boss nick robert needs a note saying i was sick", "nick robert"),
    ("at the hospital my supervisor cristian crespi said i need a tb test", "cristian crespi"),
])
def test_lower_case_peer_names(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in lexicon(lex, text, "PATIENT", "DOCTOR")


@pytest.mark.parametrize("text", ["my boss will be angry", "my boss is nice", "my manager said i could leave"])
def test_not_lower_case_peer_names(lex: LexiconDetector, text: str) -> None:
    assert lexicon(lex, text, "PATIENT", "DOCTOR") == []


@pytest.mark.parametrize("text, street", [
    ("my neighbour who is twenty-five and lives at 259 Kingsway fell today", "259 Kingsway"),
    ("she lives at 12 Broadway with her son", "12 Broadway"),
])
def test_numbered_street_after_lives_at(text: str, street: str) -> None:
    assert found(text, "STREET") == [street]


@pytest.mark.parametrize("text", ["she was living at 2 Tylenol", "he lives at 3 Different Places",
                                  "she lives at 2 West with her son"])
def test_not_numbered_street_after_lives_at(text: str) -> None:
    assert found(text, "STREET") == []


# ------------------------------------------------------------------ a name before its bracketed age


@pytest.mark.parametrize("text, name", [
    ("Nurse line: mother called about Sky (5 months) with fever 39.2, drinking ok.", "Sky"),
    ("Pt Honey (age 7) has a rash", "Honey"),
])
def test_name_before_bracketed_age(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in lexicon(lex, text, "PATIENT", "DOCTOR")


@pytest.mark.parametrize("text", [
    "She took Tylenol (5 months) daily.",
    "Started Prozac (3 months) ago",
    "History: Asthma (age 5).",
    "he lived in Boston (2 years old) then moved",
    "Cough (3 mos), no fever.",
])
def test_not_name_before_bracketed_age(lex: LexiconDetector, text: str) -> None:
    assert lexicon(lex, text, "PATIENT", "DOCTOR") == []


@pytest.mark.parametrize("text", ["She took Tylenol (5 months) daily.", "Started Prozac (3 months) ago"])
def test_no_bracketed_age_after_a_drug(text: str) -> None:
    assert found(text, "AGE") == []


# ------------------------------------------------------------------ two unlisted title-case words closing a person's slot


@pytest.mark.parametrize("text, name", [
    ("our address changed - please update it for Divina Dizon", "Divina Dizon"),
    ("please update it for Lhen Dizon.", "Lhen Dizon"),
])
def test_title_pair_in_slot(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in lexicon(lex, text, "PATIENT", "DOCTOR")


@pytest.mark.parametrize("text", [
    "I need a refill for Physical Therapy.",
    "the appointment is for Type Two.",
    "he was seen for Lyme Disease.",
    "prescribed for Crohn Disease",
    "referred for Mayo Clinic.",
])
def test_not_title_pair_in_slot(lex: LexiconDetector, text: str) -> None:
    assert lexicon(lex, text, "PATIENT", "DOCTOR") == []
