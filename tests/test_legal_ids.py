"""Case, application and file numbers and citations of court judgments (rules/legal_ids.py).

Positives: the forms judgments number their proceedings by, each a whole IDNUM span.
Negatives: public references ("Law no. 3713", "Protocol No. 1") and the clinical "no."
("a no. 2 pencil", "No. 10 blade", "no 20/20 vision") stay untouched.
"""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def ids(text: str) -> set[str]:
    return {text[s.start : s.end] for s in detect_rules(text) if s.label == "IDNUM"}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The case originated in an application (no. 31716/07) against the Republic of Turkey.", {"31716/07"}),
        ("in two applications (nos. 123/05 and 456/05) lodged with the Court", {"123/05", "456/05"}),
        ("applications nos. 12/05, 34/05 and 56/05", {"12/05", "34/05", "56/05"}),
        ("The Supreme Court dismissed a cassation appeal (case no. I CK 123/02).", {"I CK 123/02"}),
        ("He complained to the prosecutor (file no. 2001/1234).", {"2001/1234"}),
        ("Case No. 2:19-cv-01234-JPO was filed in 2019.", {"2:19-cv-01234-JPO"}),
        ("See Docket No. 17-1234.", {"17-1234"}),
        ("in criminal case no. 2-123/2005 the court", {"2-123/2005"}),
        ("decision no. 33-o/2006 of the regional court", {"33-o/2006"}),
        ("The Assize Court (E. 1999/123, K. 2000/45) convicted him.", {"E. 1999/123", "K. 2000/45"}),
        ("In Smith v Jones [2019] EWCA Civ 123 the court held", {"[2019] EWCA Civ 123"}),
        ("R v Brown [1994] 1 AC 212 was followed.", {"[1994] 1 AC 212"}),
        ("the House of Lords in [2005] UKHL 12", {"[2005] UKHL 12"}),
        ("He was placed in remand prison IZ-77/2 in Moscow.", {"IZ-77/2"}),
        ("later in correctional colony no. 5 (IK-5)", {"5", "IK-5"}),
    ],
)
def test_case_numbers(text: str, expected: set[str]) -> None:
    assert expected <= ids(text)


def test_citation_is_one_span_over_its_year() -> None:
    text = "Smith v Jones [2019] EWCA Civ 123."
    spans = [s for s in detect_rules(text) if s.start < text.index("EWCA")]
    assert [(text[s.start : s.end], s.label) for s in spans] == [("[2019] EWCA Civ 123", "IDNUM")]


@pytest.mark.parametrize(
    "text",
    [
        "under section 14 of Law no. 3713 (the Prevention of Terrorism Act)",
        "Article 1 of Protocol No. 1 to the Convention",
        "Series A no. 310, and ECHR 1999-V",
        "Mark the skin with a no. 2 pencil.",
        "A No. 10 blade was used to make the incision.",
        "There is no 20/20 vision in the left eye.",
        "No. of lesions: 3/4 resected.",
        "She has no 5 mm nodules and no 12/12 pain.",
        "size no. 7 gloves",
    ],
)
def test_not_case_numbers(text: str) -> None:
    assert ids(text) == set()



def test_report_volume_is_no_date() -> None:
    text = "(see Selmouni v. France [GC], no. 25803/94, § 95, ECHR 1999-V), decided in 1999."
    dates = [text[s.start : s.end] for s in detect_rules(text) if s.label == "DATE"]
    assert dates == ["1999"] and text.rindex("1999") == [s.start for s in detect_rules(text) if s.label == "DATE"][0]


def test_reports_volume_is_no_date() -> None:
    text = "Aksoy v. Turkey, 18 December 1996, Reports of Judgments and Decisions 1996-VI, and Reports 1996-IV"
    assert {text[s.start : s.end] for s in detect_rules(text) if s.label == "DATE"} == {"18 December 1996"}
