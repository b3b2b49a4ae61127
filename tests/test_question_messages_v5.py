"""Patient messages in the fifth batch's styles (issue 15): dictated, texted, forum and caregiver messages.

Voice-dictated and phoned-in messages say numbers: "call me back at oh seven seven one two ...",
"my date of birth is the third of March nineteen sixty-two". Texts drop the apostrophe and the
capitals: "hi its aatif again", "hello it's Simphiwe.". Every form has negatives of the same shape:
counting-off, "you may first want to", "the second may be", "hi it's me", "hello it's urgent".
"""

from __future__ import annotations

import pytest

from phisift.detect.lexicon.detector import LexiconDetector
from phisift.detect.rules.detector import detect_rules


@pytest.fixture(scope="module")
def lex() -> LexiconDetector:
    return LexiconDetector()


def found(text: str, label: str) -> list[str]:
    return [text[s.start : s.end] for s in detect_rules(text) if s.label == label]


def people(lex: LexiconDetector, text: str) -> list[str]:
    return [text[s.start : s.end] for s in lex.detect(text) if s.label in ("PATIENT", "DOCTOR")]


# ------------------------------------------------------------------------------ spoken phones


@pytest.mark.parametrize("text, phone", [
    ("call me back at oh seven seven one two, three four five six seven eight thanks",
     "oh seven seven one two, three four five six seven eight"),
    ("please ring me on five five five two one two three four five six its about my son",
     "five five five two one two three four five six"),
    ("my number is double five, triple two, one three four", "double five, triple two, one three four"),
    ("Call Nine Eight Two - Six Five Four - Three Two One Zero after 5", "Nine Eight Two - Six Five Four - Three Two One Zero"),
])
def test_spoken_phone_numbers(text: str, phone: str) -> None:
    assert found(text, "PHONE") == [phone]


@pytest.mark.parametrize("text", [
    "count one two three four five six seven eight out loud",
    "ten nine eight seven six five four three two one, liftoff",
    "she has one two three four five doses left",  # five words: too short for a phone
    "one or two tablets, three or four times a day",
])
def test_not_spoken_phones(text: str) -> None:
    assert found(text, "PHONE") == []


# ------------------------------------------------------------------------------- worded dates


@pytest.mark.parametrize("text, date", [
    ("my dob is the third of March nineteen sixty-two", "the third of March nineteen sixty-two"),
    ("born June twenty-first", "June twenty-first"),
    ("it was on december third twenty fifteen and", "december third twenty fifteen"),
    ("My grandad turned nine on twenty-second February", "twenty-second February"),
    ("date of birth September third nineteen thirty-seven I have", "September third nineteen thirty-seven"),
    ("looking for my bloods from the twentieth of December", "the twentieth of December"),
    ("date of birth is may second", "may second"),
    ("hi its me my birthday is the first of may two thousand and nine", "the first of may two thousand and nine"),
    ("He was born March the 3rd nineteen ninety", "March the 3rd nineteen ninety"),
    ("seen on August the 3rd by the nurse", "August the 3rd"),
])
def test_worded_dates(text: str, date: str) -> None:
    assert found(text, "DATE") == [date]


@pytest.mark.parametrize("text", [
    "you may first want to try ibuprofen",
    "the second may be worse than the first",
    "they march second in the parade",
    "i may third party this",
])
def test_not_worded_dates(text: str) -> None:
    assert found(text, "DATE") == []


# ---------------------------------------------------------------------- "hi it's X" openers


@pytest.mark.parametrize("text, name", [
    ("hi its aatif again my son still has the rash", "aatif"),
    ("hello it's Simphiwe. lost my job and my insurance", "Simphiwe"),
    ("hi it's Rodel Machado my date of birth is", "Rodel Machado"),
    ("hey its Gbowoade again, can i get a call back", "Gbowoade"),
])
def test_greeting_its_name(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in people(lex, text)


@pytest.mark.parametrize("text", [
    "hi its me again, still waiting",
    "hi it's about my refill",
    "hello it's urgent please call",
    "hi im worried about my son",
    "hey its been 3 days",
    "hello it's Tuesday and no reply",
    "hi im still waiting on results",
])
def test_greeting_its_no_name(lex: LexiconDetector, text: str) -> None:
    assert people(lex, text) == []


# ------------------------------------------------------------------- doctors by a lower-case title


@pytest.mark.parametrize("text, name", [
    ("question for doctor Kovacs this is Ertan", "Kovacs"),
    ("hey doc Racz said to txt this number", "Racz"),
    ("I saw doctor Vu last week", "Vu"),
])
def test_lower_case_doctor_title(text: str, name: str) -> None:
    assert found(text, "DOCTOR") == [name]


@pytest.mark.parametrize("text", [
    "I asked the doctor Tuesday about it",
    "my doc Appointment is on the list",
    "see your doctor If it persists",
    "the doc said it was fine",
    "doc ID: 4432",
])
def test_lower_case_title_no_doctor(text: str) -> None:
    assert found(text, "DOCTOR") == []


# ------------------------------------------------------------------------- message ages, kin


@pytest.mark.parametrize("text, age", [
    ("pls call me back re my mums results shes 47 name is laura", "47"),
    ("ok hes 12 and has a cough", "12"),
    ("Any docs here? My bf (m60) gets chest pain", "60"),
    ("Update on my dad (F42): the biopsy came back benign", "42"),
    ("Update: my FIL (M80) fell again last night", "80"),
    ("Throwaway. I'm 34F and found a lump", "34"),
    ("Any docs here? I'm m21, we live near Leeds", "21"),
    ("my little one Ayush (turns two next month) still isn't talking", "two"),
    ("Good pm po doc, my lola Kaluwa is 24 na and she has cough", "24"),
])
def test_message_ages(text: str, age: str) -> None:
    assert age in found(text, "AGE")


@pytest.mark.parametrize("text", [
    "OCD (F42) and depression (F32)",
    "shes 5 days late",
    "the road turns 90 degrees to the left",
    "the room (5m x 4m) is cold",
    "the dial turns 3 notches",
])
def test_not_message_ages(text: str) -> None:
    assert found(text, "AGE") == []


@pytest.mark.parametrize("text, name", [
    ("Good pm po doc, my lola Kaluwa is 24 na and she", "Kaluwa"),
    ("hi its marianna again my nan rasul still has the rash", "rasul"),
    ("hi its Gbowoade again my lolo Bong still has the rash", "Bong"),
])
def test_kin_words_of_other_englishes(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in people(lex, text)


@pytest.mark.parametrize("text", [
    "Nan is in her 80s, room 12 at the home",
    "my nan is in hospital again",
    "good pm po doc, my lola is 41 na and she has cough",
])
def test_kin_words_are_no_names(lex: LexiconDetector, text: str) -> None:
    assert people(lex, text) == []


def labelled(lex: LexiconDetector, text: str, label: str) -> list[str]:
    return [text[s.start : s.end] for s in lex.detect(text) if s.label == label]


# ------------------------------------------------------------------------------------ Eircodes


@pytest.mark.parametrize("text, code", [
    ("looking for my bloods from june, my eircode is v82 f8x6.", "v82 f8x6"),
    ("our new address is 4 Church Rd, Ennis, v95 x2e3 please update", "v95 x2e3"),
    ("we live near A65F4E2 thanks", "A65F4E2"),
])
def test_eircodes(text: str, code: str) -> None:
    assert code in found(text, "ZIP")


@pytest.mark.parametrize("text", [
    "given B12 D3C4 today",
    "dose F32 1234, ok",
    "code t12 and k45 were used",
])
def test_not_eircodes(text: str) -> None:
    assert found(text, "ZIP") == []


# ------------------------------------------------------- care homes, schools, employers, jobs


@pytest.mark.parametrize("text, name, label", [
    ("she just moved into St. Teresa's Care Home - how do we", "St. Teresa's Care Home", "HOSPITAL"),
    ("Hi, Sarah's teacher at Casarez Elementary says he needs a form", "Casarez Elementary", "ORGANIZATION"),
    ("his teacher at Scoil Bernadette says he needs a form", "Scoil Bernadette", "ORGANIZATION"),
    ("I'm a nurse at Tesco and can't lift since the surgery", "nurse", "PROFESSION"),
    ("I am a primary school teacher and my voice is gone", "primary school teacher", "PROFESSION"),
    ("i'm a call centre agent at Dunnes Stores and can't", "call centre agent", "PROFESSION"),
])
def test_institutions_and_jobs(lex: LexiconDetector, text: str, name: str, label: str) -> None:
    assert name in labelled(lex, text, label)


@pytest.mark.parametrize("text", [
    "we went to high school together",
    "in middle school she had asthma",
    "I'm a bit worried about the rash",
    "I'm a diabetic and my sugars are high",
    "im a smoker, is that a problem",
    "I'm a new patient at the clinic",
])
def test_no_institution_or_job(lex: LexiconDetector, text: str) -> None:
    assert [s for s in lex.detect(text) if s.label in ("HOSPITAL", "ORGANIZATION", "PROFESSION")] == []


# ------------------------------------------------------------------------------ forum handles


@pytest.mark.parametrize("text, handle", [
    ("posted by amara_mum93: my 4 year old keeps waking", "amara_mum93"),
    ("posted by jess_m88: my 4 year old keeps waking", "jess_m88"),
    ("reply from kemi_93 on the forum", "kemi_93"),
])
def test_underscore_handles(text: str, handle: str) -> None:
    assert found(text, "USERNAME") == [handle]


@pytest.mark.parametrize("text", [
    "I already paid this on 12-13-18 by card, please check",
    "it was sent on 3/4/21 by post.",
    "the file scan_2019 was uploaded",
    "see file_v2 now",
])
def test_not_handles(text: str) -> None:
    assert found(text, "USERNAME") == []


# ------------------------------------------------------ the stacker's names: kin words, "doc"


def test_stacker_drops_kin_word_alone_and_trims_doc() -> None:
    from phisift.document import Span
    from phisift.detect.tagger.stack import additions

    text = "Nan is in her 30s. hey doc Racz said to txt. my lola Kaluwa is 24"
    racz = text.index("Racz")
    model = [Span(0, 3, "PATIENT", "model", 0.9), Span(racz - 4, racz + 4, "PATIENT", "model", 0.9),
             Span(text.index("lola"), text.index("Kaluwa") + 6, "PATIENT", "model", 0.9)]
    hits = [Span(racz, racz + 4, "DOCTOR", "rules", 0.75)]
    out = [text[s.start : s.end] for s in additions(text, model, hits, 0.5)]
    assert out == ["Kaluwa"]


def test_stacker_keeps_names_after_other_words() -> None:
    from phisift.document import Span
    from phisift.detect.tagger.stack import additions

    text = "Nancy Dolan called"
    assert [text[s.start : s.end] for s in additions(text, [Span(0, 11, "PATIENT", "model", 0.9)], [], 0.5)] == [
        "Nancy Dolan"]


# ------------------------------------------------------------- an employer ends at its clause


def test_employer_ends_before_next_clause(lex: LexiconDetector) -> None:
    text = "i need a fit note for work, i'm a cashier at manado county council and can't lift since the surgery."
    assert labelled(lex, text, "ORGANIZATION") == ["manado county council"]


def test_firm_with_and_kept(lex: LexiconDetector) -> None:
    text = "she works at Marks and Spencer in Leeds"
    assert labelled(lex, text, "ORGANIZATION") == ["Marks and Spencer"]


# ------------------------------------------------------ where the family is, who they are


@pytest.mark.parametrize("text, town", [
    ("is this croup? We're in Tembisa and the GP can't see us", "Tembisa"),
    ("hes been throwing up since last nite we r in Mullingar which er is closest", "Mullingar"),
    ("we're out past Ennis on the N18, would the GP call out?", "Ennis"),
])
def test_towns_after_where_we_are(lex: LexiconDetector, text: str, town: str) -> None:
    assert town in labelled(lex, text, "CITY")


@pytest.mark.parametrize("text", ["we're in A&E now", "we're in Hospital now", "we are in Pain", "We're in Room 4"])
def test_no_town_after_where_we_are(lex: LexiconDetector, text: str) -> None:
    assert labelled(lex, text, "CITY") == []


@pytest.mark.parametrize("text, name", [
    ("my little one Ayush (turns two next month) still isn't talking", "Ayush"),
    ("Hi, ringing on behalf of my old man, Analyn Sison, he's twenty", "Analyn Sison"),
])
def test_everyday_kin_phrases(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in people(lex, text)


def test_clause_after_name_is_no_hospital(lex: LexiconDetector) -> None:
    assert labelled(lex, "my dad, Analyn Sison, he's twenty", "HOSPITAL") == []


@pytest.mark.parametrize("text, month", [
    ("for eileen wilson's physio in february. why was it denied?", "february"),
    ("since june she has had a cough", "june"),
])
def test_lower_case_month_alone(text: str, month: str) -> None:
    assert found(text, "DATE") == [month]


@pytest.mark.parametrize("text", ["in may we will", "in march the", "by august"])
def test_lower_case_month_words(text: str) -> None:
    assert found(text, "DATE") == []


@pytest.mark.parametrize("text, age", [
    ("he'll be seventy-five on Sunday", "seventy-five"),
    ("I'll be 40 next week, do I need a smear", "40"),
])
def test_birthdays(text: str, age: str) -> None:
    assert found(text, "AGE") == [age]


@pytest.mark.parametrize("text", [
    "in the eighties we lived abroad",
    "and emigrated in his twenties",
    "it will be 5 on the scale",
    "the bill will be 40 next month",
])
def test_not_birthdays(text: str) -> None:
    assert found(text, "AGE") == []


# --------------------------------------------------- possessives without the apostrophe, streets


@pytest.mark.parametrize("text, name", [
    ("hey doc Bogner said to txt this number if Aidas temp goes over 39", "Aidas"),
    ("if Carols temp goes over 39 should we come in", "Carols"),
    ("hey said to txt this number if florences temp goes over 39 its 39.4 now", "florences"),
])
def test_texted_possessive_names(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in people(lex, text)


@pytest.mark.parametrize("text", [
    "Doctors appointment is at 5",
    "the Carols sung at church were lovely",
    "Nurses notes reviewed today",
    "Parents temp is fine",
    "he complained of this chest pain",
    "the patient comes back to see me today",
])
def test_no_texted_possessive(lex: LexiconDetector, text: str) -> None:
    assert people(lex, text) == []


@pytest.mark.parametrize("text, street", [
    ("Can you update my policy? New address is Cherry Lane, Baciu 86198.", "Cherry Lane"),
    ("our address changed to Church Road, Ibadan, G8 7WZ - please update", "Church Road"),
])
def test_street_after_address_cue(text: str, street: str) -> None:
    assert found(text, "STREET") == [street]


@pytest.mark.parametrize("text", [
    "my address is the same as before",
    "address is on file",
    "the dose changed to Twice Daily",
    "MY ADDRESS IS NOW PL. MAKUSZYNSKIEGO 67, 03-022 KRAKOW",
])
def test_no_street_after_address_cue(text: str) -> None:
    assert found(text, "STREET") == []


# --------------------------------------------- a postcode after a found street, care homes by name


@pytest.mark.parametrize("text, code, town", [
    ("our address changed to Church Road, Ibadan, G8 7WZ - please update it", "G8 7WZ", "Ibadan"),
    ("our address changed to Rizal Street, Polokwane, KT5 5TX - please update", "KT5 5TX", "Polokwane"),
])
def test_postcode_after_found_street(text: str, code: str, town: str) -> None:
    assert found(text, "ZIP") == [code] and town in found(text, "CITY")


@pytest.mark.parametrize("text, home", [
    ("she's 3, just moved into Griffin House - how do we transfer her records", "Griffin House"),
    ("nan is in her 70s, room 12 at mhlabandlovu house, and the nurses say", "mhlabandlovu house"),
])
def test_care_houses(text: str, home: str) -> None:
    assert found(text, "HOSPITAL") == [home]


@pytest.mark.parametrize("text", [
    "we moved into a council house last year",
    "they moved into our new house in May",
    "Moved into House 4 on the ward",
    "Mum moved into the care home on Monday",
])
def test_no_care_houses(text: str) -> None:
    assert found(text, "HOSPITAL") == []


# ------------------------------------------ a postcode closing an address, "it's X here", "X Y's physio"


@pytest.mark.parametrize("text, code", [
    ("New address is Cherry Lane, Baciu 86198. Member number MBR903091984.", "86198"),
    ("New address is 117 Cherry Lane, Muncie 04869. Member number", "04869"),
])
def test_code_after_found_town(text: str, code: str) -> None:
    assert code in found(text, "ZIP")


@pytest.mark.parametrize("text", ["lives on Oak Lane, Boston 2000 mg daily", "lives on Oak Lane, in Boston. 2000 people"])
def test_no_code_after_town(text: str) -> None:
    assert found(text, "ZIP") == []


@pytest.mark.parametrize("text, name", [
    ("It's Benjamin De here, DOB 14/11/1988, looking for my bloods", "Benjamin De"),
    ("it's nina mac consaidin here, dob 5/20/62, looking for my bloods", "nina mac consaidin"),
    ("Hello, my claim number is CLM-2022-045222 for Rodel Villanueva's physio in July.", "Rodel Villanueva"),
])
def test_its_name_here_and_possessed_names(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in people(lex, text)


@pytest.mark.parametrize("text", [
    "it's cold here", "it's all here.", "It's Mum here", "it's me here", "It's quiet here, thanks",
    "Its Tuesday here", "Type Two's treatment", "for General Hospital's records",
])
def test_no_its_name_here(lex: LexiconDetector, text: str) -> None:
    assert people(lex, text) == []


@pytest.mark.parametrize("text, org", [
    ("My employer Walmart wants a letter saying I can return", "Walmart"),
    ("My employer Amazon wants a letter for HR", "Amazon"),
])
def test_owned_header_word_is_a_cue(lex: LexiconDetector, text: str, org: str) -> None:
    assert labelled(lex, text, "ORGANIZATION") == [org]


@pytest.mark.parametrize("text", ["my employer is happy with the note", "My employer Has asked for a letter",
                                  "my company Christmas party is on Friday"])
def test_owned_header_word_no_org(lex: LexiconDetector, text: str) -> None:
    assert labelled(lex, text, "ORGANIZATION") == []


def test_stacker_span_does_not_start_inside_a_contraction() -> None:
    from phisift.document import Span
    from phisift.detect.tagger.stack import additions

    text = "It's Benjamin De here, DOB 14/11/1988"
    name = Span(5, 16, "PATIENT", "lexicon", 0.8)
    out = additions(text, [Span(3, 16, "STREET", "model", 0.9)], [name], 0.5)
    assert out == []


def test_lower_case_employer_ends_before_its_verb(lex: LexiconDetector) -> None:
    text = "my employer chopra logistics wants a letter saying i can return to work"
    assert labelled(lex, text, "ORGANIZATION") == ["chopra logistics"]


# ------------------------------------------------------------------------------ round 4


@pytest.mark.parametrize("text, street, code", [
    ("new address is 167 rizal street, cebu 04881. member number", "167 rizal street", "04881"),
    ("New address is Mabini St., Manus Ville 41918. Member number", "Mabini St", "41918"),
])
def test_lower_case_address_line(text: str, street: str, code: str) -> None:
    assert found(text, "STREET") == [street] and found(text, "ZIP") == [code]


def test_street_after_home_on() -> None:
    assert found("he had a fall at home on Kenyatta Avenue.", "STREET") == ["Kenyatta Avenue"]


def test_no_street_after_home_on() -> None:
    assert found("she stays at home on Oxygen Therapy", "STREET") == []


@pytest.mark.parametrize("text, name", [
    ("hi, pearl rohrdanz here, i had my bloods done", "pearl rohrdanz"),
    ("this is Hope's mom, she is 72 and her ear hurts", "Hope"),
    ("this is crystal's mom, she is 60", "crystal"),
    ("Nirja De DOB 26.02.1998 needs a repeat", "Nirja De"),
    ("my mum juan short (16) has been really confused", "juan short"),
])
def test_round4_names(lex: LexiconDetector, text: str, name: str) -> None:
    assert name in people(lex, text)


@pytest.mark.parametrize("text", [
    "Nice weather here, thanks", "hi, all fine here, thanks", "hello, everyone here, please",
    "this is my mom", "This is the patient's mom", "Patient DOB 03/25/10", "Her DOB 03/25/10",
    "my mum blood pressure (150) is high",
])
def test_round4_no_names(lex: LexiconDetector, text: str) -> None:
    assert people(lex, text) == []


def test_us_town_state_zip_left_to_the_address_passes() -> None:
    text = "Home: 396 Smith Key Apt. 289, Kramerfort IL 83241"
    assert found(text, "CITY") == ["Kramerfort"]


# ------------------------------------------------------------------ a relative's home and town


@pytest.mark.parametrize("text, town", [
    ("Eckart and Quincy both have chickenpox, can they go to nan's in Simonbury", "Simonbury"),
    ("can they go to nan's in East Zachary for the weekend", "East Zachary"),
])
def test_town_of_a_relatives_home(lex: LexiconDetector, text: str, town: str) -> None:
    assert town in labelled(lex, text, "CITY")


@pytest.mark.parametrize("text", ["he went to his dad's in Hospital", "she is at nan's in Pain",
                                  "at my mum's in the morning", "go to nan's in Bed"])
def test_no_town_of_a_relatives_home(lex: LexiconDetector, text: str) -> None:
    assert labelled(lex, text, "CITY") == []
