"""Rule forms of the leak check's tuning-side redraws (issue 17): a letterhead typed in lower case that opens
the note over an address block, ...; each with its negatives."""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def found(text: str, *labels: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in detect_rules(text) if not labels or s.label in labels}


def values(text: str, *labels: str) -> set[str]:
    return {v for v, _ in found(text, *labels)}


# ----------------------------------------------------------------------------- lower-case letterheads


@pytest.mark.parametrize(
    "text, head",
    [
        ("rosario-mejia\n29103 Benson Estate Unit 1440\nPueblo, CO  31748-2\nCHIEF COMPLAINT: Pain.", "rosario-mejia"),
        ("jasmineville memorial\nkolvikuja 45\n73512 laukaa\nfinland\nCHIEF COMPLAINT: Pain.", "jasmineville memorial"),
        ("hill-ocalan\n07563 Sakarya Lodge Suite 763\nDuyguhanstad\n40975\nThe employee fell.", "hill-ocalan"),
        ("wleh\nSố 7/68 Lê Văn Sỹ\nThành phố Đà Nẵng 30792\nVietnam\nHISTORY: None.", "wleh"),
    ],
)
def test_lower_case_letterhead_opening_the_note(text, head):
    assert head in values(text)


@pytest.mark.parametrize(
    "text",
    [
        "history\n12 Main Street\nBoston, MA 02111\nThe patient is well.",
        "the patient lives at\n12 Main Street\nBoston, MA 02111",
        "Seen today.\nrosario-mejia\n29103 Benson Estate Unit 1440\nPueblo, CO  31748-2",  # not the first line
        "chief complaint\n12 Main Street\nBoston, MA 02111",
    ],
)
def test_no_lower_case_letterhead(text):
    lines = text.split("\n")
    assert not values(text) & {lines[0], lines[1]} - {"12 Main Street", "29103 Benson Estate Unit 1440"}


# ----------------------------------------------------------------------------- the note's first line


@pytest.mark.parametrize(
    "text, date",
    [
        ("holly gamez, dec 1\nHISTORY OF PRESENT ILLNESS: This is a 23-year-old.", "dec 1"),
        ("Lydia Chevalier-Palmer, mar 7\nCOMPARISON: None.", "mar 7"),
        ("Chip Brown, dec 9\nEmployee was preparing to bolt top when his hand slipped.", "dec 9"),
    ],
)
def test_lower_case_month_day_closing_the_first_line(text, date):
    assert (date, "DATE") in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "The patient was seen, mar 7 mg given.",
        "History:\nHemoglobin levels, dec 5 points since the last visit.",
        "Assessment and plan for the patient and family, mar 7\nFollow up.",
    ],
)
def test_no_lower_case_month_day(text):
    assert not values(text, "DATE")
