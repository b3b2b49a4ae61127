"""Forms of the leak check's tuning-side redraws (issue 17): slashed job titles, ... and their look-alikes."""

from __future__ import annotations

import pytest

from lexicon_helpers import det, found  # noqa: F401  (det is a fixture)

# ----------------------------------------------------------------------------- slashed job titles


@pytest.mark.parametrize(
    "text, value",
    [
        ("He was working as a garment/textile technologist when the symptoms began.", "garment/textile technologist"),
        ("Her husband is an emergency planning/management officer. The femur was delivered.",
         "emergency planning/management officer"),
        ("Her husband is a television/film/video producer. Pedicles were sealed.", "television/film/video producer"),
        ("Occupation: international aid/development worker. Event logged.", "international aid/development worker"),
        ("OCCUPATION: PLANT BREEDER/GENETICIST. THE PATIENT", "PLANT BREEDER/GENETICIST"),
        ("she works as a commercial/residential surveyor. ent was clear.", "commercial/residential surveyor"),
    ],
)
def test_slashed_job_titles(det, text, value):
    assert ("PROFESSION", value) in found(det, text)


@pytest.mark.parametrize(
    "text",
    [
        "He is a smoker/drinker and uses ETOH/drugs.",
        "Occupation: retired/disabled.",
        "The patient is a 45 y/o male with nausea/vomiting.",
        "She is a planning/management problem.",
    ],
)
def test_slashes_that_are_no_job_title(det, text):
    assert not {lab for lab, _ in found(det, text)} & {"PROFESSION"}
