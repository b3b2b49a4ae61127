"""One colour per PHI label, shared by the page and the charts.

Labels of a main i2b2 category get neighbouring hues (names red to pink, places
blue to teal, identifiers green, contact details violet), so a reviewer sees the
category at a glance and the subtype on a closer look or in the legend. Labels of
other corpora get a stable hue from their name.
"""

from __future__ import annotations

import colorsys
import hashlib

from ..taxonomy import CATEGORY_OF, I2B2_LABELS

#: Hue in degrees per i2b2 subtype.
HUES: dict[str, int] = {
    "PATIENT": 0, "DOCTOR": 340, "USERNAME": 320,
    "PROFESSION": 275,
    "HOSPITAL": 205, "ORGANIZATION": 228, "STREET": 188, "CITY": 172, "STATE": 245,
    "ZIP": 160, "COUNTRY": 252, "LOCATION-OTHER": 215,
    "AGE": 52,
    "DATE": 30,
    "PHONE": 292, "FAX": 303, "EMAIL": 284, "URL": 264, "IPADDR": 312,
    "MEDICALRECORD": 100, "SSN": 82, "ACCOUNT": 116, "LICENSE": 130, "DEVICE": 142,
    "IDNUM": 122, "BIOID": 72, "HEALTHPLAN": 150, "VEHICLE": 64,
}

#: Order of categories in legends and charts.
CATEGORY_ORDER = ("NAME", "PROFESSION", "LOCATION", "AGE", "DATE", "CONTACT", "ID")


def _hex(h: float, lightness: float, saturation: float) -> str:
    r, g, b = colorsys.hls_to_rgb(h / 360.0, lightness, saturation)
    return "#{:02x}{:02x}{:02x}".format(round(r * 255), round(g * 255), round(b * 255))


def label_color(label: str) -> str:
    """Light background colour for a label's highlight (dark text stays readable on it)."""
    if label == "OTHER":
        return "#dee2e6"
    hue = HUES.get(label)
    if hue is None:
        hue = int(hashlib.sha1(label.encode("utf-8")).hexdigest()[:4], 16) % 360
    return _hex(hue, 0.84, 0.80)


def label_ink(label: str) -> str:
    """Darker colour of the same hue, for chart bars and legend text."""
    if label == "OTHER":
        return "#495057"
    hue = HUES.get(label)
    if hue is None:
        hue = int(hashlib.sha1(label.encode("utf-8")).hexdigest()[:4], 16) % 360
    return _hex(hue, 0.38, 0.60)


def category_of(label: str) -> str:
    return CATEGORY_OF.get(label, "OTHER")


def sort_labels(labels) -> list[str]:
    """i2b2 labels in taxonomy order, then any others alphabetically."""
    rank = {label: i for i, label in enumerate(I2B2_LABELS)}
    return sorted(set(labels), key=lambda lab: (rank.get(lab, len(rank)), lab))
