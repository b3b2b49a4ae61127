"""Lexicon families of the issue 17 leak check, second round: institutions after a name on a cc line, on a
note's first line above an address, double-barrelled names in slots, 'on call at X'; and where a name in a
slot must end (a company's full stop, a sentence on a signature line).

Positive cases name the exact label and text; negative ones check that sentence words, units and common
words stay out.
"""

from __future__ import annotations

import pytest

from phisift.detect.lexicon.detector import LexiconDetector


@pytest.fixture(scope="module")
def det() -> LexiconDetector:
    return LexiconDetector()


def found(det: LexiconDetector, text: str) -> set[tuple[str, str]]:
    return {(s.label, text[s.start : s.end]) for s in det.detect(text)}


def texts(det: LexiconDetector, text: str) -> set[str]:
    return {text[s.start : s.end] for s in det.detect(text)}


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
