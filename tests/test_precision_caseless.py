"""False positives in notes whose case was lost (issue 15: precision under case transforms).

A note typed in lower case or printed in capitals is read through a recased copy
(``lexicon.casing``), and in capitals the plain reading sees every word capitalised. Four
families of clinical text read as PHI there, each with the PHI next to it that must stay:

* a title that is a word too ("let your doctor know", "miss visits", "NX, MX transitional");
* a word made from a common word that no list holds ("infants", "cranially", "weaken", "opacify");
* a named body running on over the clause after it ("UIHC FOR LACK OF INSURANCE",
  "MERCY MEDICAL CENTER FOR MRI OF THE BRAIN", "at detroit diesel and dropped");
* a measurement or a count read as a house number ("2 L VIA NASAL CANNULA", "500 MG VIA PEG",
  "2 MM ST SEGMENT", "IN ALL 4 LUNG FIELDS").
"""

from __future__ import annotations

import pytest

from phisift.detect.lexicon.casing import derived
from phisift.detect.rules.detector import RuleDetector

from lexicon_helpers import det, texts  # noqa: F401 (det is a fixture)

CASES = (str.upper, str.lower)


@pytest.fixture(scope="module")
def rules() -> RuleDetector:
    return RuleDetector()


def spans_of(det, rules, text: str) -> set[str]:
    return texts(det, text) | {text[s.start : s.end] for s in rules.detect(text)}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(
    "text, word",
    [
        ("Let your doctor know if your angina does not go away after rest.  Call us with questions.", "know"),
        ("Rest for 1 week and follow up with the doctor if she has persistent pain.  She understands.", "if"),
        ("She asked that her primary doctor forward her records to me.  I have discussed this with her.", "forward"),
        ("She would frequently miss visits.  At 37 weeks, she claims that she had no pain at all.", "visits"),
        ("Clinical stage T2, NX, MX transitional cell carcinoma of the urinary bladder was found.", "transitional"),
    ],
)
def test_a_title_that_is_a_word_takes_no_common_word_as_a_name(det, rules, case, text, word):
    t = case(text)
    assert not any(word in f.lower() for f in spans_of(det, rules, t)), spans_of(det, rules, t)


@pytest.mark.parametrize("case", CASES)
def test_names_after_titles_in_one_case_still_found(det, case):
    t = case("The patient was seen by doctor Medina today and then by miss L. Evans in the clinic for review.")
    got = {f.lower() for f in texts(det, t)}
    assert any("medina" in f for f in got) and any("evans" in f for f in got), got


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(
    "text, word",
    [
        ("Otitis media is most often seen in infants and young children.  There are many causes.", "infants"),
        ("Decompression, working from caudally to cranially and medially to laterally, again was done.", "cranially"),
        ("She was requested by her orthodontist, and to weaken and her maxilla to allow expansion.", "weaken"),
        ("A small amount of contrast is seen to opacify small bowel loops on the post images.", "opacify"),
    ],
)
def test_a_word_made_from_a_common_word_is_no_name(det, rules, case, text, word):
    t = case(text)
    assert not any(word in f.lower() for f in spans_of(det, rules, t)), spans_of(det, rules, t)


def test_derived_words_need_a_known_base_and_a_long_stem():
    known = {"infant", "cranial", "weak", "opacity", "visit"}.__contains__
    assert derived("infants", known) and derived("cranially", known) and derived("weaken", known)
    assert derived("opacify", known)
    assert not derived("jones", known) and not derived("olen", known) and not derived("andersonborough", known)


@pytest.mark.parametrize(
    "text, bad, good",
    [
        ("SHE WAS MINIMALLY RESPONSIVE AND WAS TRANSFERRED TO UIHC FOR LACK OF INSURANCE AND FOR CARE.",
         "INSURANCE", "UIHC"),
        ("SHE WAS SEEN AT MERCY MEDICAL CENTER FOR MRI OF THE BRAIN.", "MRI", "MERCY MEDICAL CENTER"),
        ("SHE WAS SUBSEQUENTLY TRANSFERRED TO UIHC FOLLOWING EVALUATION BY A LOCAL OPHTHALMOLOGIST.",
         "FOLLOWING", "UIHC"),
        ("she was subsequently transferred to uihc following evaluation by a local ophthalmologist.",
         "following", "uihc"),
        ("she was working as a machinist at detroit diesel and dropped a large set of tools on her foot.",
         "dropped", "detroit diesel"),
        ("SHE IS RETIRED FROM MORSE CHAIN AND DELIVERING NEWSPAPERS.  SHE IS WIDOWED.  SHE LIVES ALONE.",
         "DELIVERING", "MORSE CHAIN"),
        ("she was transferred from abcd home due to persistent abdominal pain, and was seen in the er.",
         "due", "abcd home"),
    ],
)
def test_a_named_body_in_one_case_ends_with_its_name(det, text, bad, good):
    got = texts(det, text)
    assert good in got and not any(bad in f for f in got), got


@pytest.mark.parametrize("case", CASES)
def test_named_bodies_with_tails_and_heads_in_one_case_still_found(det, case):
    got = {f.lower() for f in texts(det, case("She was transferred to Meadowbrook Nursing Home for rehab today."))}
    assert "meadowbrook nursing home" in got, got
    got = {f.lower() for f in texts(det, case("She is employed by Meyer Imaging. We will follow up next week here."))}
    assert "meyer imaging" in got, got
    got = {f.lower() for f in texts(det, case("She was followed at University of Michigan Hospital for her care."))}
    assert "university of michigan hospital" in got, got


@pytest.mark.parametrize("case", (str, str.upper, str.lower))
@pytest.mark.parametrize(
    "text",
    [
        "Her pulse is 87 to 106.  She is 95% on 2 L via nasal cannula.  Heart: regular.",
        "Flagyl 500 mg via PEG tube q.8h., modafinil 100 mg daily were given to the patient today.",
        "Adenosine Cardiolite revealed 2 mm ST segment depression in leads I and II today.",
        "Good air movement is auscultated in all 4 lung fields.  Heart: regular rate and rhythm.",
        "The 2 midline port sites were injected with 5% Marcaine and closed with sutures today.",
    ],
)
def test_a_measurement_is_no_house_number(det, rules, case, text):
    t = case(text)
    assert not any(f[0].isdigit() for f in spans_of(det, rules, t)), spans_of(det, rules, t)


@pytest.mark.parametrize("case", (str, str.upper))
def test_streets_with_letters_and_directions_still_found(det, rules, case):
    t = case("He lives at 12 W Main St in town, and his office is at 1100 K St. in the city.")
    got = spans_of(det, rules, t)
    assert case("12 W Main St") in got and any(f.startswith(case("1100 K St")) for f in got), got


def test_a_test_after_a_hospital_is_no_part_of_its_name(det):
    got = texts(det, "She was seen at Mercy Medical Center for MRI of the brain.")
    assert "Mercy Medical Center" in got and not any("MRI" in f for f in got), got
    assert "Mercy Hospital for Children" in texts(det, "She was seen at Mercy Hospital for Children last year.")


@pytest.mark.parametrize(
    "text, name",
    [
        ("SHE IS EMPLOYED BY PALOMO Y ASOCIADOS S.A.. WE ELECTED TO ALLOW HIS BLADDER TO RECOVER.",
         "PALOMO Y ASOCIADOS S.A."),
        ("HE WAS PREVIOUSLY FOLLOWED AT SAINT ELIZABETH'S. THE PATIENT WILL COMPLETE THE COURSE.", "SAINT ELIZABETH'S"),
        ("A LETTER WAS RECEIVED FROM THE CAMARGO JESUSS S/A REGARDING HIS CLAIM. THIS ANATOMY IS NORMAL.",
         "CAMARGO JESUSS S/A"),
        ("HILLES LENGTHENING.  SHE IS EMPLOYED BY ARROYO A.C.. THIS WAS EXPLAINED TO THE MOTHER IN DETAIL.",
         "ARROYO A.C."),
        ("SHE WORKS AS A SOFTWARE DEVELOPER AT NØRGAARD & SØN A/S. THERE ARE MULTIPLE INTERARTICULAR BODIES.",
         "NØRGAARD & SØN A/S"),
        ("OCCUPATION: WAREHOUSE WORKER. ATTENDS CRORZIRTON METHODIST CHURCH SERVICES WEEKLY.\n\nEXAM: NORMAL.",
         "CRORZIRTON METHODIST CHURCH SERVICES"),
    ],
)
def test_a_named_body_in_capitals_keeps_its_suffix(det, text, name):
    assert name in texts(det, text), texts(det, text)
