"""Rule families of the issue 17 leak check, third round: plates of two groups after a reference cue, VINs
after their cue whatever their digits. Positive cases name the value and label; negative ones keep lab
ranges, doses, years and page references untouched."""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def values(text: str, *labels: str) -> set[str]:
    return {text[s.start : s.end] for s in detect_rules(text) if not labels or s.label in labels}


@pytest.mark.parametrize(
    "text, value",
    [
        ("A dressing was then applied.  Reference 984 1HL for the claim.", "984 1HL"),
        ("Reference RM12 ABC for the claim.", "RM12 ABC"),
        ("Patient: BUSH, AUSTIN   Age: 32   VIN WPPLSWPWUZCHM2CRB\nCHIEF COMPLAINT:", "WPPLSWPWUZCHM2CRB"),
    ],
)
def test_plates_after_a_reference_and_vins(text, value):
    assert value in values(text, "VEHICLE")


@pytest.mark.parametrize(
    "text",
    [
        "Reference range 3.5 5.0 for potassium. Refer to page 12 B.",
        "Reference 10 mg for dosing. Ref 2019 AB.",
        "See reference 12 A1c for details.",
        "VIN diagnosis was considered.",
    ],
)
def test_no_plates_after_a_reference(text):
    assert not values(text, "VEHICLE")


@pytest.mark.parametrize(
    "text",
    [
        "We then used the DePuy Dynamic plate with 14-mm screws.",
        "We then placed the ABC 55-mm plate from C2 down to C4.",
        "A Mystique plate 23 mm in length was inserted.",
        "Removal of the fixation plate from T11 through L2.",
        "Eagle titanium plate from C3 to C6.",
    ],
)
def test_surgical_plates_are_no_licence_plates(text):
    assert not values(text, "VEHICLE")


def test_cued_plate_without_the_word_after_it():
    assert values("plate 114 RM9 and plate GE 1583 UL", "VEHICLE") == {"114 RM9", "GE 1583 UL"}


@pytest.mark.parametrize(
    "text, city",
    [
        ("Mailing address on file:\nrue Nathalie Moulin 45\n28479 Gilletdan Pulse 80 and regular.", "Gilletdan"),
        ("Address on file:\nDąbrowskiego 76/93\n07-646 Jelenia Gora Nasal mucosa pale.", "Jelenia Gora"),
        ("Send to 12 Main Road\n4920 Rask Mølle\nDENMARK", "Rask Mølle"),
        ("She lives at Aspgatan 846\n27257 Uddevalla until she recovers.", "Uddevalla"),
    ],
)
def test_town_ends_where_the_next_sentence_starts(text, city):
    assert city in values(text, "CITY")
