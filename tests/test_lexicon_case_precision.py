"""False positives of the lexicon detector that real notes showed, most of them in notes typed
all in capitals or in lowercase (issue 15, precision on the real-prose tune split).

A note whose case was lost is read a second time through a recased copy; the capitals that
copy puts back are weaker evidence than a writer's. Each family has the clinical words that
must stay untouched and the names that must still be found.
"""

from __future__ import annotations

import pytest

from phisift.detect.lexicon.casing import UPPER, note_case, recase

from lexicon_helpers import det, found, texts  # noqa: F401 (det is a fixture)


_CAPS_NOTE = (
    "THE PATIENT TOLERATED THE PROCEDURE WELL AND WAS TAKEN TO RECOVERY IN GOOD CONDITION. {} "
    "SHE WILL FOLLOW UP IN THE CLINIC IN TWO WEEKS."
)


@pytest.mark.parametrize(
    "sentence, word",
    [
        ("ANA WAS POSITIVE AT 1:640 (SPECKLED).", "ANA"),
        ("CSF SCHISTOSOMIASIS ELISA AND IFAT TITERS WERE POSITIVE.", "ELISA"),
        ("A 15-FRENCH ROUND BLAKE DRAINAGE WAS PLACED THROUGH A SEPARATE STAB.", "BLAKE"),
        ("EYES: PERLA, EOMI. SCLERAE CLEAR.", "PERLA"),
        ("BORN IN ERICA VILLE AND EMIGRATED IN HIS TWENTIES.", "EMIGRATED"),
        ("CREATED 120 DEGREES APART STRADDLING THE TEMPLE USING A SLIT KNIFE.", "STRADDLING"),
        ("THIS WAS COVERED BY RIMMED FIBROUS TISSUE.", "RIMMED"),
    ],
)
def test_clinical_words_in_capitals_are_no_names(det, sentence, word):
    for text in (_CAPS_NOTE.format(sentence), _CAPS_NOTE.format(sentence).lower()):
        assert not any(word.lower() in t.lower() for t in texts(det, text)), text


def test_recased_reading_keeps_inflected_unknown_words_lowercase(det):
    text = "the tissue was rimmed and straddling the temple; he emigrated in his twenties. " * 2
    assert "Rimmed" not in recase(text, "lower", det.lexicons)
    assert "emigrated" in recase(text, "lower", det.lexicons)


def test_cued_names_in_capitals_still_found(det):
    text = _CAPS_NOTE.format("HER DAUGHTER ELISA WAS PRESENT. SEEN BY DR. ANA TORRES.")
    assert note_case(text) == UPPER
    assert {"ELISA", "ANA TORRES"} <= texts(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "The patient was admitted to the MICU. She was then moved to the PCU in good condition.",
        "the patient was admitted to the micu and will be changed to dou tomorrow. she was moved to the pcu. "
        "the family was updated at the bedside and agrees with the plan.",
    ],
)
def test_units_are_no_hospitals_in_any_case(det, text):
    assert not {label for label, _ in found(det, text)} & {"HOSPITAL", "ORGANIZATION"}


def test_a_real_hospital_in_a_slot_still_found(det):
    assert ("HOSPITAL", "Ochsner") in found(det, "She was transferred from Ochsner for further care.")


def test_header_words_are_no_names_after_a_cue(det):
    text = "Case reviewed with Transcribed by: T. Pekkarinen and the team."
    assert "Transcribed" not in texts(det, text)
    assert "T. Pekkarinen" in texts(det, text)


def test_role_after_a_memo_header_is_no_name(det):
    text = ("to: ksawery pruvost\nfrom: ot david guilbert\ndate: 26-apr-2017\nreview of the home program. "
            "the patient is doing well with the exercises and the plan is unchanged.")
    got = texts(det, text)
    assert "david guilbert" in got
    assert not any(t.startswith("ot") for t in got)


def test_dotted_credential_is_no_name_in_a_list(det):
    got = found(det, "The patient was seen by Abc, MD, and Def, Ph.D.  The laboratories were reviewed.")
    assert ("DOCTOR", "Def") in got
    assert not any(t == "Ph" for _, t in got)


@pytest.mark.parametrize(
    "text, name",
    [
        ("DR. DREW POTOCZNA WILL PLAN HAVING HER COME IN FOR THE INJECTION.", "DREW POTOCZNA"),
        ("Dr. Drew Potoczna will plan the injection.", "Drew Potoczna"),
        ("Dr. John A. White will see her.", "John A. White"),
    ],
)
def test_a_modal_verb_ends_a_name(det, text, name):
    got = texts(det, text)
    assert name in got
    assert not any("WILL" in t.upper().split() for t in got)


@pytest.mark.parametrize(
    "text",
    [
        "A #27 French resectoscope with a #26 Cutting Loop was inserted into the bladder.",
        "A #12 Step Trocar Port was placed under direct visualization.",
        "Subsequent right L3 to S1 Medial Branch blocks were done.",
    ],
)
def test_sizes_and_levels_are_no_house_numbers(det, text):
    assert not any(label == "STREET" for label, _ in found(det, text))


def test_a_street_still_found(det):
    assert ("STREET", "12 Main Street") in found(det, "She lives at 12 Main Street in Boston.")


# ----------------------------------------------------------------------------- names without a cue


@pytest.mark.parametrize(
    "text, name",
    [
        ("How old is L.N. Guclu? The chart says 8.", "L.N. Guclu"),
        ("Is hknudsen8 the right portal login for M. Stephenson?", "M. Stephenson"),
        ("My father R.S. Hayes was born apr 3.", "R.S. Hayes"),
        ("Who is the PCP for Dayar T. (cae-36-42852)?", "Dayar T."),
        ("Where do I send the bill for Anne-Katrin H., 98012 John Curve?", "Anne-Katrin H."),
        ("Send the report to M. Fox, please.", "M. Fox"),
        ("He needs Vitamin D. Type A. Mary T. called.", "Mary T."),
    ],
)
def test_names_by_their_initials(det, text, name):
    assert name in texts(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "Cultures grew E. Coli and H. Pylori was positive; treated for S. Aureus and P. Jirovecii.",
        "Assessment:\nA. Hypertension.\nB. Diabetes.",
        "He needs Vitamin D. Hepatitis B. Type A. Later he was well.",
        "Findings consistent with C. Difficile colitis.",
    ],
)
def test_initials_that_are_no_names(det, text):
    assert not {label for label, _ in found(det, text)} & {"PATIENT", "DOCTOR"}


@pytest.mark.parametrize(
    "text, name",
    [
        ("Need to send records for Ruby Rice.", "Ruby Rice"),
        ("Is @fiona_h the right portal login for Grace Bush?", "Grace Bush"),
        ("Is scott95 the right portal login for jane trần?", "jane trần"),
        ("How old is marcelo fonseca? The chart says 15.", "marcelo fonseca"),
    ],
)
def test_names_in_a_person_slot(det, text, name):
    assert name in texts(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "She was treated for Grave Disease last year.",
        "He was admitted for chest pain. Refill for lisinopril.",
        "Referred for Will Power training.",
        "She came in with May Day plans.",
    ],
)
def test_common_words_in_a_person_slot_stay(det, text):
    assert not {label for label, _ in found(det, text)} & {"PATIENT", "DOCTOR"}


@pytest.mark.parametrize(
    "text, acronym",
    [
        ("Is Dr. Rose Hawkins on call at MBCH tonight?", "MBCH"),
        ("Could Dr. Sanchez see my son at DDTRMC next week?", "DDTRMC"),
        ("Was she seen at KCVMC?", "KCVMC"),
    ],
)
def test_hospital_acronym_in_a_question(det, text, acronym):
    assert ("HOSPITAL", acronym) in found(det, text)


def test_unit_acronym_in_a_question_is_no_hospital(det):
    assert not any(label == "HOSPITAL" for label, _ in found(det, "Is he still at ICU tonight? Was he at CT today?"))


# ----------------------------------------------------------------------------- institutions


_LOWER_NOTE = ("the patient tolerated the procedure well and was taken to recovery in good condition. {} "
               "she will follow up in the clinic in two weeks and call with any questions.")


@pytest.mark.parametrize(
    "sentence, name",
    [
        ("she is employed by meyer imaging.", "meyer imaging"),
        ("a letter was received from the ministry of health of brazil regarding his claim.",
         "ministry of health of brazil"),
        ("the specimen was sent to wood pathology lab for review.", "wood pathology lab"),
        ("she works as a dental hygienist at berger toxicology services.", "berger toxicology services"),
        ("a letter was received from the morris, walker and davis regarding his claim.", "morris, walker and davis"),
        ("she was transferred from williamland memorial for further care.", "williamland memorial"),
        ("she is employed by muñoz y castellanos s. r.l. de c.v.. we will see her.", "muñoz y castellanos s. r.l. de c.v"),
    ],
)
def test_institutions_in_a_slot_when_the_case_is_lost(det, sentence, name):
    for text in (_LOWER_NOTE.format(sentence), _LOWER_NOTE.format(sentence).upper()):
        assert any(name in t.lower() for t in texts(det, text)), text


@pytest.mark.parametrize(
    "sentence",
    [
        "the specimen was sent to pathology for review.",
        "she was transferred to the floor in stable condition.",
        "he works at a restaurant downtown.",
        "good placement was seen both in the ap and lateral planes using fluoroscopy.",
        "the baby was delivered from the double footling breech position without difficulty.",
        "she had received two doses of lupron to help shrink the fibroid.",
        "this was covered by rimmed fibrous tissue which was compressible.",
        "outside records were requested from the primary care office. the sharp curette was used.",
    ],
)
def test_ordinary_slots_when_the_case_is_lost(det, sentence):
    for text in (_LOWER_NOTE.format(sentence), _LOWER_NOTE.format(sentence).upper()):
        assert not {label for label, _ in found(det, text)} & {"HOSPITAL", "ORGANIZATION"}, text


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A letter was received from the Ministry of Health of Brazil regarding his claim.",
         ("ORGANIZATION", "Ministry of Health of Brazil")),
        ("A letter was received from the Andersonmouth Department of Health regarding his claim.",
         ("ORGANIZATION", "Andersonmouth Department of Health")),
        ("A letter was received from the Department of Social Services of Rosetown regarding his claim.",
         ("ORGANIZATION", "Department of Social Services of Rosetown")),
        ("A letter was received from the Lake Seda Magistrates' Court regarding his claim.",
         ("ORGANIZATION", "Lake Seda Magistrates' Court")),
        ("She works as a developer at Nørgaard & Søn A/S.", ("ORGANIZATION", "Nørgaard & Søn A/S")),
        ("He had a second opinion at Stanford Health Care last year.", ("HOSPITAL", "Stanford Health Care")),
        ("He had a second opinion at Beth Israel Deaconess last year.", ("HOSPITAL", "Beth Israel Deaconess")),
    ],
)
def test_ministries_courts_companies_and_known_hospitals(det, text, expected):
    assert expected in found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "He was seen in the Emergency Department overnight.",
        "Please consult the Department of Radiology for the images.",
        "The Department of Medicine reviewed the case.",
    ],
)
def test_departments_of_a_hospital_are_no_organisations(det, text):
    assert not {label for label, _ in found(det, text)} & {"HOSPITAL", "ORGANIZATION"}


@pytest.mark.parametrize(
    "text, name",
    [
        ("He was previously followed at Children's Hospital of Lake Ashleigh. Residual volume is 3.04.",
         "Children's Hospital of Lake Ashleigh"),
        ("Dr. Siliva Télez\nChildren's Hospital of Lake Malcolm\nPhone 6059139086", "Children's Hospital of Lake Malcolm"),
    ],
)
def test_childrens_hospital_of_a_lake_town(det, text, name):
    assert ("HOSPITAL", name) in found(det, text)


def test_a_lake_alone_is_still_a_place(det):
    assert not any(label == "HOSPITAL" for label, _ in found(det, "They hiked at Lake Tahoe last summer."))


# ----------------------------------------------------------------------------- lowercase titles


@pytest.mark.parametrize(
    "sentence, name",
    [
        ("the patient's daughter, ms. matthew walker, is the health care proxy.", "matthew walker"),
        ("thank you for referring mr art mcgirl. please call with any questions.", "art mcgirl"),
        ("emergency contact is mr crystal cook at 05838.", "crystal cook"),
    ],
)
def test_lowercase_title_before_names_that_are_words(det, sentence, name):
    assert name in texts(det, _LOWER_NOTE.format(sentence))


@pytest.mark.parametrize(
    "sentence",
    ["there is mild mr and trace tr on the echo.", "ms patient care was discussed.", "history of ms since 2001."],
)
def test_lowercase_mr_ms_that_are_no_titles(det, sentence):
    assert not {label for label, _ in found(det, _LOWER_NOTE.format(sentence))} & {"PATIENT", "DOCTOR"}


@pytest.mark.parametrize(
    "text, job",
    [
        ("Her husband is a schoolteacher. The patient has a good energy level.", "schoolteacher"),
        ("He is a retired english as a second language teacher. This was proximal.",
         "english as a second language teacher"),
    ],
)
def test_more_professions(det, text, job):
    assert ("PROFESSION", job) in found(det, text)


def test_a_teacher_word_in_a_clinical_phrase_is_no_profession(det):
    assert not any(label == "PROFESSION" for label, _ in found(det, "The school teacher conference was cancelled."))


def test_a_list_of_surnames_is_a_list_of_people(det):
    got = texts(det, "Urías and Mclaughlin were precision engineers.")
    assert {"Urías", "Mclaughlin"} <= got


@pytest.mark.parametrize(
    "text",
    [
        "Differential includes Wilms and Ewing sarcoma.",
        "Seen in January and February for follow-up.",
        "Plan: Tylenol, Motrin and Benadryl as needed.",
    ],
)
def test_lists_that_are_no_people(det, text):
    assert not {label for label, _ in found(det, text)} & {"PATIENT", "DOCTOR"}
