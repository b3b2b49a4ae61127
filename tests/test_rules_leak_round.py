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
