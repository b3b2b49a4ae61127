"""Probe printings of record systems written by hand (issue 15): audit-log key=value logins
("modified_by=akumar, ts=...") a banner's "AGE/SEX 67/F" column pair, "Age in years: 54",
doubled ZIP headings ("ZIP/Postal: 94110-1234") and "zip=02139".

Negatives: key=value pairs whose value is a word ("modified_by=system"), prose after "entered by",
a capitalised name after "_by" (a clinician, not a login), lab and vital rows next to an age/sex header.
"""

from __future__ import annotations

import pytest

from phisift.detect.rules.detector import detect_rules


def found(text: str) -> set[tuple[str, str]]:
    return {(text[s.start : s.end], s.label) for s in detect_rules(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("modified_by=akumar\n", {("akumar", "USERNAME")}),
        ("Audit: created_by=kpatel, updated_by=lchen\n", {("kpatel", "USERNAME"), ("lchen", "USERNAME")}),
        ("row 12 modified_by=akumar status=final\n", {("akumar", "USERNAME")}),
        ("Entered by = mlopez; reviewed\n", {("mlopez", "USERNAME")}),
        ("AGE/SEX 67/F\n", {("67", "AGE")}),
        ("AGE/SEX: 72 / F   MRN pending\n", {("72", "AGE")}),
        ("Age/Gender 45/M\n", {("45", "AGE")}),
        ("Age in years: 54\n", {("54", "AGE")}),
        ("ZIP/Postal: 94110-1234\n", {("94110-1234", "ZIP")}),
        ("Postal code/ZIP: 60614\n", {("60614", "ZIP")}),
        ("addr_id=12 zip=02139 state=MA\n", {("02139", "ZIP")}),
    ],
)
def test_probe_printings(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= found(text)


@pytest.mark.parametrize(
    "text",
    [
        "modified_by=system, status=final\n",
        "Note entered by mistake, corrected\n",
        "Report modified by radiology, 3 views\n",
        "AGE/SEX\nNa 138  K 4.1  BP 120/80\n",
        "Age/Sex: not recorded\n",
        "Ages 5/10 on the pain scale\n",
        "Age in years\n",
        "Zip/Postal: not given\n",
        "Age in years of smoking: unknown\n",
    ],
)
def test_probe_untouched(text: str) -> None:
    labels = {lab for _, lab in found(text)}
    assert not labels & {"USERNAME", "AGE", "ZIP"}, found(text)
