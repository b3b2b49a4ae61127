"""Synthetic English clinical notes with gold PHI annotations (i2b2 2014 labels).

Used for the development and test sets of the detectors, for training data of
the bundled CRF model, and for the bundled example notes::

    from phisift.synth import generate_notes
    docs = generate_notes(300, seed=1)          # list[Document], spans labelled

See ``values`` for where names and places come from (and why not all from the
lists our detectors use), ``negatives`` for the hard negatives, and
``templates`` for the note types.
"""

from .generate import STYLES, generate_notes
from .negatives import HARD_NEGATIVES
from .templates import NOTE_TYPES

LABELS: tuple[str, ...] = (
    "PATIENT", "DOCTOR", "USERNAME", "PROFESSION", "HOSPITAL", "ORGANIZATION", "STREET", "CITY", "STATE",
    "ZIP", "COUNTRY", "LOCATION-OTHER", "AGE", "DATE", "PHONE", "FAX", "EMAIL", "URL", "IPADDR",
    "MEDICALRECORD", "SSN", "ACCOUNT", "LICENSE", "DEVICE", "IDNUM", "BIOID", "HEALTHPLAN", "VEHICLE",
)

__all__ = ["generate_notes", "LABELS", "HARD_NEGATIVES", "NOTE_TYPES", "STYLES"]
