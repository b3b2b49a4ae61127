"""Identifiers that interface messages and device labels print in forms of their own.

* HL7 v2 segments: an address is one field of '^'-joined components, street, other
  designation, city, state, ZIP, country ("60992 Cheryl Street^^Port Scottmouth^WI^24066^USA");
  and a field's place in its segment says what it is: IN1-4 the insurer's name, GT1-16
  the guarantor's employer, PID-19 the SSN, IN1-8 the group number, IN1-36 the policy
  number. The caret names of the same lines are ``print_forms``'; here the other fields.
* A masked SSN that keeps only its last four digits ("XXX-XX-1234", "***-**-1234").
* A GS1 Unique Device Identifier with its application identifiers in brackets:
  "(01)00643169007222(17)260131(10)X434493(21)426364" (device identifier, expiry,
  lot, serial), printed under a label's barcode, one token of the device's record.

Each needs its own literal ("|" and "^", "-XX-", "(01)"), so the scans run only on
texts that hold it. What stays untouched: carets in prose ("2^3"), a field's value
without the shape of its kind (a number where a name is expected), lab values in
brackets.
"""

from __future__ import annotations

import re

from . import vocab
from .base import CUE, Scan, TextPass
from .columns import value_span

#: street ^ other designation ^ city ^ state ^ ZIP: the street holds a digit, the state is a code or a name.
_XAD = re.compile(
    r"(?<=[|~])(?P<street>[^|^~\r\n]*[0-9][^|^~\r\n]*)\^[^|^~\r\n]*\^(?P<city>[^\W\d_][^|^~\r\n]{1,40})"
    r"\^(?P<state>[^\W\d_][^|^~\r\n]{1,24})\^(?P<zip>[0-9A-Z][0-9A-Z -]{2,9})(?=[|^~\r\n]|$)"
)
#: (segment, field number) -> the label of its value (HL7 v2.5 field definitions).
_FIELDS = {
    ("PID", 18): "ACCOUNT", ("PID", 19): "SSN", ("PID", 20): "LICENSE",
    ("IN1", 4): "ORGANIZATION", ("IN1", 8): "HEALTHPLAN", ("IN1", 9): "ORGANIZATION", ("IN1", 11): "ORGANIZATION",
    ("IN1", 36): "HEALTHPLAN", ("IN2", 2): "SSN", ("GT1", 12): "SSN", ("GT1", 16): "ORGANIZATION",
    ("NK1", 13): "ORGANIZATION",
}
_SEGMENT = re.compile(r"(?m:^)(?P<seg>PID|IN1|IN2|GT1|NK1)\|")
_MASKED_SSN = re.compile(r"[Xx*#](?<![\w*#-][Xx*#])(?:XX|xx|\*\*|##)-(?:XX|xx|\*\*|##)-[0-9]{4}(?![\w-])")
#: "SSN (last 4): 6789", "Last four of SSN: 6789": the last four digits, still the SSN's.
_SSN_LAST_FOUR = re.compile(
    r"(?i:(?:ssn|ss#|social[ \t]+security(?:[ \t]+(?:number|no\.?|#))?)[ \t]*\(?last[ \t]+(?:4|four)(?:[ \t]+digits)?\)?"
    r"|last[ \t]+(?:4|four)(?:[ \t]+digits)?[ \t]+of[ \t]+(?:the[ \t]+)?(?:ssn|social[ \t]+security(?:[ \t]+number)?))"
    r"[ \t]*[:#=-]?[ \t]*(?P<v>[0-9]{4})(?![0-9-])"
)
_GS1 = re.compile(r"\(01\)[0-9]{14}(?:\([0-9]{2,4}\)[A-Za-z0-9./-]{1,20})*")


def find_segment_fields(scan: Scan) -> None:
    """Addresses anywhere in a segment line; the values of the fields in ``_FIELDS`` by their place."""
    text = scan.text
    for m in _SEGMENT.finditer(text):
        end = text.find("\n", m.start())
        end = len(text) if end < 0 else end
        line = text[m.start():end].rstrip("\r")
        for a in _XAD.finditer(text, m.start(), m.start() + len(line)):
            _emit_address(scan, a)
        pos = m.start()
        for number, value in enumerate(line.split("|")):
            label = _FIELDS.get((m.group("seg"), number))
            first = value.split("^")[0].split("~")[0]
            if label and first.strip():
                found = value_span(label, first) if label != "SSN" else _ssn_value(first)
                if found:
                    scan.emit(pos + found[0], pos + found[1], found[2], 0.8)
            pos += len(value) + 1


def _ssn_value(v: str) -> tuple[int, int, str] | None:
    digits = v.replace("-", "")
    return (0, len(v), "SSN") if len(digits) == 9 and digits.isdigit() else None


def _emit_address(scan: Scan, a: re.Match) -> None:
    state = a.group("state")
    if not (state in vocab.STATE_CODES or state.title() in vocab.STATE_NAMES or len(state) <= 3 and state.isupper()):
        return
    scan.emit(a.start("street"), a.end("street"), "STREET", 0.8)
    scan.emit(a.start("city"), a.end("city"), "CITY", 0.8)
    scan.emit(a.start("state"), a.end("state"), "STATE", 0.8)
    scan.emit(a.start("zip"), a.end("zip"), "ZIP", 0.85)


def find_masked_ssns(scan: Scan) -> None:
    for m in _MASKED_SSN.finditer(scan.text) if ("XX-" in scan.text or "xx-" in scan.text or "**-" in scan.text
                                                  or "##-" in scan.text) else ():
        scan.emit(m.start(), m.end(), "SSN", 0.9)
    for m in _SSN_LAST_FOUR.finditer(scan.text) if scan.may_hold("last 4", "last four") else ():
        scan.emit(m.start("v"), m.end("v"), "SSN", 0.85)


def find_gs1_udis(scan: Scan) -> None:
    for m in _GS1.finditer(scan.text):
        scan.emit(m.start(), m.end(), "DEVICE", 0.9, CUE)


SEGMENT_FIELDS = TextPass(("STREET", "CITY", "STATE", "ZIP", "ORGANIZATION", "SSN", "HEALTHPLAN", "ACCOUNT", "LICENSE"),
                          lambda scan: "|" in scan.text and _SEGMENT.search(scan.text) is not None, find_segment_fields)
MASKED_SSNS = TextPass(("SSN",), lambda scan: scan.has_digit and ("X-" in scan.text or "x-" in scan.text or "#-" in scan.text
                                                                 or "*-" in scan.text or scan.may_hold("last 4", "last four")),
                       find_masked_ssns)
GS1_UDIS = TextPass(("DEVICE",), lambda scan: "(01)" in scan.text, find_gs1_udis)
