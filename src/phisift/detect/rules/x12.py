"""ASC X12 healthcare transactions (270/271 eligibility, 837 claims, 835 remittances) printed as text.

Interface logs and clearinghouse screens print an X12 transaction segment by segment:
"NM1*IL*1*RICE*AMBER****MI*OD0929559~", "REF*6P*37850-771*GROUP NAME~", "N3*589 TREVOR
TURNPIKE~", "N4*DENVER*CO*80202~". Each element's place and qualifier say what it holds
(the X12 005010 implementation guides):

* NM1: entity code (IL insured/subscriber, QC patient, 03 dependent), type 1 (a person),
  last name, first, middle; then an ID qualifier and the ID (MI member ID, SY/34 SSN,
  XX the NPI);
* REF: a reference qualifier and its number (6P group, 1L group or policy, IG policy,
  1W/0F member, SY SSN, EA medical record, EJ patient account, D9/F8 claim numbers,
  G1 prior authorisation);
* N3 street lines; N4 city, state and postal code.

A prose note never writes a segment: the segment tag must open a line or follow "~",
and its elements are joined by "*". Payer names, payer IDs and code values (EB, DTP
qualifiers) are left to other passes: they are not a person's.
"""

from __future__ import annotations

import re

from . import vocab
from .base import Scan, TextPass

#: A segment: its tag opening a line or after the previous one's "~", elements joined by "*", up to "~" or the line's end.
_SEGMENT = re.compile(r"(?:(?<=~)|(?m:^))[ \t]*(?P<tag>NM1|REF|N3|N4)\*(?P<body>[^~\r\n]*)")
#: NM1 entity codes of the people whose record it is: subscriber, patient, dependent.
_PEOPLE = frozenset({"IL", "QC", "03"})
#: NM1 entity codes of providers (rendering, attending, referring, billing, ordering, supervising, operating).
_PROVIDERS = frozenset({"82", "71", "DN", "DK", "DQ", "P3", "72", "ZZ", "85", "1P", "FA"})
#: NM1 ID qualifiers -> the label of the ID after them.
_NM1_IDS = {"MI": "HEALTHPLAN", "SY": "SSN", "34": "SSN", "XX": "IDNUM", "II": "IDNUM"}
#: REF qualifiers -> the label of the reference number.
_REF_IDS = {"6P": "HEALTHPLAN", "1L": "HEALTHPLAN", "IG": "HEALTHPLAN", "1W": "HEALTHPLAN", "0F": "HEALTHPLAN",
            "49": "HEALTHPLAN", "SY": "SSN", "EA": "MEDICALRECORD", "EJ": "ACCOUNT", "D9": "IDNUM", "F8": "IDNUM",
            "G1": "IDNUM", "9F": "IDNUM", "3H": "IDNUM", "Q4": "IDNUM", "0B": "LICENSE", "1G": "IDNUM"}
_NAME = re.compile(r"[^\W\d_][\w'’ .-]*")
_VALUE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 -]*")
_LINE = re.compile(r"\S.*\S")


def _elements(m: re.Match) -> list[tuple[int, str]]:
    """The segment's elements after its tag, each with its start offset in the text."""
    out, pos = [], m.start("body")
    for value in m.group("body").split("*"):
        out.append((pos, value))
        pos += len(value) + 1
    return out


def _emit(scan: Scan, at: tuple[int, str], label: str, shape: re.Pattern) -> None:
    start, value = at
    if value and shape.fullmatch(value) and (label in ("PATIENT", "DOCTOR", "STREET", "CITY")
                                              or any(c.isdigit() for c in value)):
        scan.emit(start, start + len(value.rstrip()), label, 0.85)


def _nm1(scan: Scan, els: list[tuple[int, str]]) -> None:
    entity, kind = els[0][1], els[1][1] if len(els) > 1 else ""
    if kind != "1" or (entity not in _PEOPLE and entity not in _PROVIDERS):
        return
    who = "PATIENT" if entity in _PEOPLE else "DOCTOR"
    for at in els[2:5]:  # last, first, middle
        _emit(scan, at, who, _NAME)
    if len(els) > 8:
        label = _NM1_IDS.get(els[7][1])
        if label == "HEALTHPLAN" and entity not in _PEOPLE:
            label = "IDNUM"
        if label:
            _emit(scan, els[8], label, _VALUE)


def find_x12_segments(scan: Scan) -> None:
    """The people, their IDs and addresses in printed X12 segments, by element place and qualifier."""
    for m in _SEGMENT.finditer(scan.text):
        els, tag = _elements(m), m.group("tag")
        if tag == "NM1" and len(els) >= 3:
            _nm1(scan, els)
        elif tag == "REF" and len(els) >= 2 and els[0][1] in _REF_IDS:
            _emit(scan, els[1], _REF_IDS[els[0][1]], _VALUE)
        elif tag == "N3":
            for at in els[:2]:
                if any(c.isdigit() for c in at[1]) and len(at[1].strip()) >= 4:
                    _emit(scan, at, "STREET", _LINE)
        elif tag == "N4" and len(els) >= 3 and els[1][1] in vocab.STATE_CODES:
            _emit(scan, els[0], "CITY", _NAME)
            scan.emit(els[1][0], els[1][0] + 2, "STATE", 0.85)
            if re.fullmatch(r"[0-9]{5}(?:-?[0-9]{4})?", els[2][1]):
                scan.emit(els[2][0], els[2][0] + len(els[2][1]), "ZIP", 0.85)


X12_SEGMENTS = TextPass(("PATIENT", "DOCTOR", "HEALTHPLAN", "SSN", "IDNUM", "STREET", "CITY", "STATE", "ZIP",
                         "MEDICALRECORD", "ACCOUNT", "LICENSE"),
                        lambda scan: "*" in scan.text and ("NM1*" in scan.text or "REF*" in scan.text
                                                           or "N3*" in scan.text or "N4*" in scan.text),
                        find_x12_segments)
