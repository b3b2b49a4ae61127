"""Car models are no place, street or organisation: "2015 Honda Civic" in a crash report.

A year and a make before a model read like a house number and a street to the stacking
model, and "Toyota" is a town in the place list. The make and model phrase is claimed as
generic (``lexicon.generic_orgs``) and a number beside a generic phrase is no new PHI for
the stacker (``tagger.stack``); the plate, the VIN, the owner and real streets still are.
"""

from __future__ import annotations

import pytest

import phisift


def found(text: str) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in phisift.detect(text)]


@pytest.mark.parametrize("text, words", [
    ("Vehicle: 2015 Honda Civic, plate 7ABC123.", ("Honda", "Civic")),
    ("He drives a 2009 Toyota Camry to work.", ("Toyota", "Camry")),
    ("Car: 2018 Ford Escape, driver side damage.", ("Ford", "Escape")),
    ("She was the restrained driver of a Jeep Grand Cherokee that rolled over.", ("Jeep", "Cherokee")),
])
def test_car_models_are_not_phi(text, words):
    spans = found(text)
    assert not [s for s in spans if any(w in s[0] for w in words)], spans


@pytest.mark.parametrize("text, expected", [
    ("Vehicle: 2015 Honda Civic, plate 7ABC123.", "7ABC123"),
    ("2018 Ford Escape, VIN 1HGCM82633A004352, owned by Marisol Quintero.", "1HGCM82633A004352"),
    ("2018 Ford Escape, VIN 1HGCM82633A004352, driven by Marisol Quintero.", "Marisol Quintero"),
    ("She lives at 2015 Civic Center Drive, Apt 4.", "2015 Civic Center Drive"),
])
def test_what_identifies_stays_found(text, expected):
    assert any(expected in t for t, _ in found(text)), found(text)
