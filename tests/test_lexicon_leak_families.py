"""Lexicon families of the issue 17 leak check, second round: institutions after a name on a cc line, on a
note's first line above an address, double-barrelled names in slots, 'on call at X'; and where a name in a
slot must end (a company's full stop, a sentence on a signature line).

Positive cases name the exact label and text; negative ones check that sentence words, units and common
words stay out.
"""

from __future__ import annotations

import pytest

from lexicon_helpers import det, found, texts  # noqa: F401 (det is a fixture)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Fine.\n\ncc: Dr. m. schomber, children's hospital of lake jennifer",
         ("HOSPITAL", "children's hospital of lake jennifer")),
        ("Ok.\n\ncc: Dr Virgilio Sethi, kvrmc", ("HOSPITAL", "kvrmc")),
        ("intermountain\n222 Dunn Manor, North Sheila, AL  11926", ("HOSPITAL", "intermountain")),
        ("cheyennestad general\n5594 Taylor Stravenue\nShreveport, LA  51234", ("HOSPITAL", "cheyennestad general")),
        ("Outside records were requested from Ziecik-Brown. In addition, the root is normal.",
         ("HOSPITAL", "Ziecik-Brown")),
        ("Is Dr Bhanumati Trivedi on call at Cavalcanti-Angulo tonight?", ("HOSPITAL", "Cavalcanti-Angulo")),
        ("Imaging from st. mary's was reviewed.", ("HOSPITAL", "st. mary")),  # the possessive stays out
    ],
)
def test_institutions_after_names_letterheads_and_slots(det, text, expected):
    assert expected in found(det, text)


@pytest.mark.parametrize(
    "text, unwanted",
    [
        ("she works as a human resources officer at akhtar ltd. needle count was correct.", "needle"),
        ("she is employed by nadig inc. muscle strength is 5/5 throughout.", "muscle"),
        ("today accompanied by her husband, hill, andrea. all questions answered.", "questions"),
        ("He was transferred from Stepdown-Unit today.", "Stepdown-Unit"),
        ("He is on call at Home tonight. Please call at Noon.", "Home"),
        ("Ok.\n\ncc: Dr. Smith, thanks", "thanks"),
    ],
)
def test_institution_ends_where_the_sentence_ends(det, text, unwanted):
    assert not any(unwanted in t for t in texts(det, text))


# ----------------------------------------------------------------------------- towns by their ending, lower-case
# hospital acronyms in a slot


@pytest.mark.parametrize(
    "text, value",
    [
        ("he lives in eleanor ville with his friend, mark.", "eleanor ville"),
        ("He recently moved here from north maryshire last year.", "north maryshire"),
        ("Moved from jacksonville last spring.", "jacksonville"),
        ("she grew up near gunaydinmouth, by the sea.", "gunaydinmouth"),
    ],
)
def test_towns_by_their_ending(det, text, value):
    assert ("CITY", value) in found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "Exams done in bedside fashion. Lost her passport in airport.",
        "In support of this, blood in stool. Came in from outside.",
        "A stent in circumflex. Pain in township clinic rooms.",
        "Seen in downtown today.",
    ],
)
def test_no_towns_from_words_with_town_endings(det, text):
    assert not {t for lab, t in found(det, text) if lab == "CITY"}


@pytest.mark.parametrize(
    "text, value",
    [("colonoscopy due; referral to gi at cch.", "cch"), ("seeing your patient at ajh on 8/18.", "ajh")],
)
def test_lower_case_hospital_acronyms_in_a_slot(det, text, value):
    assert ("HOSPITAL", value) in found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "Take at hs. Given at bedtime. Seen at ed. Pain at rest. Started at tpn.",
        "He arrived from snf. Levels at nml. Labs at bmp.",
        "Dose given at qhs and at bid intervals.",
    ],
)
def test_no_hospital_from_clinical_abbreviations(det, text):
    assert not {lab for lab, _ in found(det, text)} & {"HOSPITAL"}


@pytest.mark.parametrize(
    "text",
    ["He was extubated in the OR and taken to the PSU in stable medical condition.", "Refund to IBAN IT28 K558."],
)
def test_units_and_account_words_are_no_hospitals(det, text):
    assert not {lab for lab, _ in found(det, text)} & {"HOSPITAL"}


@pytest.mark.parametrize(
    "text",
    [
        "On 5 May 2001 the Chamber, composed of Mr J.-P. Costa, President, and Mr L. Loucaides, judges, delivered its judgment.",
        "Seen with Dr. Amy Kerr, who was asked to review.",
        "Discussed with Mr Tom Hale, the son, today.",
    ],
)
def test_prose_after_a_name_is_no_institution(det, text):
    assert not {lab for lab, _ in found(det, text)} & {"HOSPITAL", "ORGANIZATION"}
