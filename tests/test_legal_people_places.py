"""Judges, parties and places of court judgments (lexicon/legal_people.py, legal_places.py) and the listed
days of a date (rules/dates.py), with the clinical phrases that must stay untouched."""

from __future__ import annotations

import pytest

from lexicon_helpers import det, found  # noqa: F401  (det is a fixture)
from phisift.detect.rules.detector import detect_rules


@pytest.mark.parametrize(
    "text, name",
    [
        ("Lord Justice Brown and Smith LJ agreed.", "Brown"),
        ("Lord Justice Brown and Smith LJ agreed.", "Smith"),
        ("JUDGMENT. LORD JUSTICE ELIAS: This is an appeal.", "ELIAS"),
        ("Mr Justice Burton and Lady Justice Arden agreed.", "Burton"),
        ("Mr Justice Burton and Lady Justice Arden agreed.", "Arden"),
        ("The appeal was heard by HHJ Richardson.", "Richardson"),
        ("Per Lord Denning MR in the Court of Appeal.", "Denning"),
        ("Jackson J held that the claim failed.", "Jackson"),
        ("Before Lewison and Arden LJJ.", "Lewison"),
        ("Before Lewison and Arden LJJ.", "Arden"),
        ("Counsel for the appellant, Ms Jane Doe QC, relied on it.", "Jane Doe"),
        ("Before Sir Terence Etherton, the court held.", "Terence Etherton"),
        ("as the court said in Hadley v Baxendale that year", "Hadley"),
        ("as the court said in Hadley v Baxendale that year", "Baxendale"),
        ("R v Brown was followed.", "Brown"),
        ("See Selmouni v. France, cited above.", "Selmouni"),
        ("On 2 February 1994 a certain Mr Z.K. informed the gendarmes.", "Z.K."),
        ("(see Akdivar and Others v. Turkey, 16 September 1996)", "Akdivar"),
        ("The President, Mr J.-P. Costa, decided.", "J.-P. Costa"),
    ],
)
def test_judges_and_parties(det, text: str, name: str) -> None:  # noqa: F811
    assert ("PATIENT", name) in found(det, text), found(det, text)


@pytest.mark.parametrize(
    "text, name",
    [("transcribed 1990-06-17 by OT Garry J..", "Garry J."), ("Seen together with Anna J., M.D.. A Z-line.", "Anna J.")],
)
def test_given_name_and_initial_stay_whole(det, text: str, name: str) -> None:  # noqa: F811
    assert name in {v for _, v in found(det, text)}


def test_town_after_a_title(det) -> None:  # noqa: F811
    assert ("CITY", "Lady Frere") in found(det, "12 Drangahrauni 3 Apt. 460, Lady Frere, Colombia 05833")


@pytest.mark.parametrize("text", ["Dr. X. saw him at 3 pm.", "Mr K. Koçak and Dr. J. Smith came."])
def test_single_initial_after_title_is_the_title_pass(det, text: str) -> None:  # noqa: F811
    assert "X." not in {v for _, v in found(det, text)} and "K." not in {v for _, v in found(det, text)}


def test_court_officers_are_no_one(det) -> None:  # noqa: F811
    text = "Mr S. Naismith, Deputy Section Registrar, for the European Court of Human Rights."
    assert {v for _, v in found(det, text)} == {"S. Naismith"}


def test_titles_are_not_names(det) -> None:  # noqa: F811
    labels = found(det, "Mr Justice Burton and Lord Justice Elias agreed with Lady Justice Arden.")
    assert {v for _, v in labels} == {"Burton", "Elias", "Arden"}


@pytest.mark.parametrize(
    "text",
    [
        "He was treated with vitamin K and Type J catheters.",
        "Compare pre v. post operative values: grade IV v. III.",
        "Praise the Lord, she said; the Lord Chancellor was on the radio.",
        "Mr J. Smith attended with his wife.",
        "Moderate MR and mild TR were seen on echo.",
        "Left v Right comparison shows symmetric reflexes.",
        "Preformed J stylet was then advanced into the lead over a Bentson J wire.",
    ],
)
def test_people_negatives(det, text: str) -> None:  # noqa: F811
    spans = found(det, text)
    assert not any(v in ("J", "Lord", "Chancellor", "Moderate", "Left", "Right", "IV", "Type", "Preformed", "Bentson") for _, v in spans), spans
    if text.startswith("Mr J."):
        assert ("PATIENT", "Mr") not in spans


@pytest.mark.parametrize(
    "text, value, label",
    [
        ("They live in the village of Çukurca near the border.", "Çukurca", "CITY"),
        ("the hamlet of Dereli in the Uludere district", "Dereli", "CITY"),
        ("the hamlet of Dereli in the Uludere district", "Uludere", "CITY"),
        ("in the Lice district of Diyarbakır province", "Lice", "CITY"),
        ("in the Lice district of Diyarbakır province", "Diyarbakır", "STATE"),
        ("The Governor of Şırnak ordered the evacuation.", "Şırnak", "CITY"),
        ("an application against the Republic of Turkey lodged", "Republic of Turkey", "COUNTRY"),
        ("lodged against Turkey under Article 34", "Turkey", "COUNTRY"),
        ("serving his sentence in the Perm Region.", "Perm", "STATE"),
        ("The case originated in an application against Georgia.", "Georgia", "COUNTRY"),
        ("They moved to the Netherlands in 1990.", "Netherlands", "COUNTRY"),
        ("a case against the Slovak Republic", "Slovak Republic", "COUNTRY"),
        ("he lived in south-east Turkey", "Turkey", "COUNTRY"),
        ("he disappeared in the vicinity of Kulp.", "Kulp", "CITY"),
    ],
)
def test_places(det, text: str, value: str, label: str) -> None:  # noqa: F811
    assert (label, value) in found(det, text), found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "The district nurse will call on Monday.",
        "Tenderness in the Lumbar region and the region of the knee.",
        "He had a Turkey sandwich. Turkey was his favourite.",
        "Village of Hope Recovery is a support group.",
        "Pain in the Lumbar Region and the Epigastric Region.",
        "Erythema in the vicinity of the Wound and the centre of the Lesion.",
        "The Republic nurse called; Dr. X. saw him.",
    ],
)
def test_places_negatives(det, text: str) -> None:  # noqa: F811
    spans = found(det, text)
    assert not any(label in ("CITY", "STATE", "COUNTRY") for label, _ in spans), spans


@pytest.mark.parametrize(
    "text, days",
    [
        ("On 15 and 16 October 2004 hearings were held.", {"15", "16 October 2004"}),
        ("On 1, 2 and 3 March 1999 he was questioned.", {"1", "2", "3 March 1999"}),
    ],
)
def test_listed_days(text: str, days: set[str]) -> None:
    assert days <= {text[s.start : s.end] for s in detect_rules(text) if s.label == "DATE"}


def test_listed_days_need_a_dated_day() -> None:
    text = "BP 120 and 16 October; she took 2 and then 4 tablets."
    assert "120" not in {text[s.start : s.end] for s in detect_rules(text)}
