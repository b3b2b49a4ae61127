"""The labels the lexicon detector emits: i2b2 2014 subtypes (see :mod:`phisift.taxonomy`)."""

from __future__ import annotations


PATIENT = "PATIENT"
DOCTOR = "DOCTOR"
HOSPITAL = "HOSPITAL"
ORGANIZATION = "ORGANIZATION"
STREET = "STREET"
CITY = "CITY"
STATE = "STATE"
COUNTRY = "COUNTRY"
LOCATION_OTHER = "LOCATION-OTHER"
PROFESSION = "PROFESSION"
USERNAME = "USERNAME"  # logins made of names (usernames.py)

NAME_LABELS = frozenset({PATIENT, DOCTOR})
