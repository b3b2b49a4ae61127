"""Plates and driver's licences printed with the state that issued them, and that state.

Incident, EMS, parking, valet and motor-insurance forms print a plate or a licence
number with its state in a handful of ways: a paired field "Plate # / State: HUD L53 / FL",
"Driver's License # / State: 43 779 113 / PA"; a vehicle line "2015 Honda Civic, PA
KXR-4821", "tag DWY 361/KY", "012 HNN (FL)", "blue, lic XMB 050"; a table whose
state column follows the plate's ("GOBUCKS | CT | Dodge Caravan"); an identity check
"Driver License, MI #W 617 592 184 674", "Issuing state: PA  Number: 40 164 082".
The state beside such a number is where it was issued and is itself PHI (STATE).

The passes here run after every other rule, so that a plate or licence another pass
found (after "Plate:", "DL#:") also gets its state. A two-letter code counts only when it
is a USPS state code written in capitals and sits right beside the number (a slash, a
bracket, a column bar or tab, a blank before a plate); plates without a cue word
count only on a line that names a vehicle, and hold a letter and a digit.
"""

from __future__ import annotations

import re

from . import vocab
from .base import Scan, TextPass, matches_on_lines
from .plates import NOT_PLATE_LETTERS

#: A plate's characters: one run of five to eight, or two groups joined by a blank or a hyphen; a letter and a digit.
_PLATE = r"(?=[A-Z0-9 -]{0,9}[0-9])(?=[A-Z0-9 -]{0,9}[A-Z])(?:[A-Z0-9]{1,4}[ -][A-Z0-9]{2,5}|[A-Z0-9]{5,8})"
#: "Plate # / State: HUD L53 / FL", "Driver's License # / State: J674-888-42-375-5 / FL": a pair of fields and values.
_PAIRED = re.compile(
    r"(?<![\w-])(?P<cue>(?i:(?:driver'?s?[ ]+)?licen[sc]e|lic(?:en[sc]e)?\.?[ ]+plate|plate|tag|dl|d/l))"
    r"[ ]*(?i:#|no\.?|number)?[ ]*/[ ]*(?i:state|st)[ ]*[:#]?[ ]*"
    r"(?P<v>[A-Z0-9](?:[A-Z0-9]|[ -](?=[A-Z0-9])){1,22})[ ]*/[ ]*(?P<st>[A-Z]{2})(?![\w])")
#: "blue, lic XMB 050,", "tag DWY 361/KY": a plate after a lower-case "lic" or "tag" on a vehicle's line.
_CUED_PLATE = re.compile(rf"(?<![\w-])(?i:lic|tag)\.?[ ]+(?P<v>{_PLATE})(?=[ ]*(?:[,;)/(]|$|[ ]-[ ])|[ ]{{2}})", re.M)
#: "Civic, 012 HNN (FL)", "M16 3677/IL": a plate opening a field, its state glued on by a bracket or a slash.
_STATED_PLATE = re.compile(rf"(?:(?<=, )|(?<=: )|(?<=\| )|(?<=\t)|(?m:^))(?P<v>{_PLATE})"
                           r"[ ]?(?:\((?P<st>[A-Z]{2})\)|/(?P<st2>[A-Z]{2}))(?![\w])")
#: "2015 Honda Civic (ABC-1234)": a plate alone in brackets; six or more letters and digits, a letter and a digit.
_BRACKETED_PLATE = re.compile(r"\((?P<v>(?=[A-Z0-9 -]{0,9}[0-9])(?=[A-Z0-9 -]{0,9}[A-Z])"
                              r"(?:[A-Z0-9]{1,4}[ -][A-Z0-9]{2,5}|[A-Z0-9]{6,8})"
                              # (in a note typed in lower case, with two digits or more: "2015 honda civic (abc-1234)")
                              r"|(?=[a-z0-9 -]{0,9}[0-9][a-z -]{0,9}[0-9])(?=[a-z0-9 -]{0,9}[a-z])"
                              r"(?:[a-z0-9]{1,4}[ -][a-z0-9]{2,5}|[a-z0-9]{6,8}))\)")
_BRACKETED_GATE = re.compile(r"\([A-Za-z0-9]{1,8}[ -]?[A-Za-z0-9]{0,5}\)")
#: A vehicle described right before the bracket: a model year and a make, or a vehicle word.
_VEHICLE_BEFORE = re.compile(r"(?i:\b(?:vehicle|veh|car|truck|van|suv|sedan|pickup|motorcycle|auto)\b)[^()\n]{0,40}$"
                             r"|\b(?:19|20)[0-9]{2}[ ][A-Z][A-Za-z-]+(?:[ ][A-Z0-9][A-Za-z0-9-]*){0,3}[ ]?$")
#: The words that make a line a vehicle's.
_VEHICLE_LINE = re.compile(r"(?i)\b(?:vehicle|veh[0-9]?|car|truck|van|suv|sedan|pickup|motorcycle|plate|tag|towed|"
                           r"parked|valet|mvc|mva|crash)\b|\b(?:19|20)[0-9]{2}[ ][A-Z][a-z]+[ ]")
#: The state right after a found plate or licence: "/ OH", "/KY", " | CT", a tab, " - PA" (a field's end after it).
_STATE_AFTER = re.compile(r"(?:[ ]?/[ ]?|[ ]*\|[ ]*|\t+|[ ]-[ ])(?P<st>[A-Z]{2})(?=[ \t]*(?:$|[|,;)\t]|[ ]{2}|[ ]-[ ]))",
                          re.M)
#: The state right before a found plate: "PA KXR-4821", "CA-7ABC123", after a field's start or a comma.
_STATE_BEFORE = re.compile(r"(?:^|(?<=[,:|(\t])|(?<=[,:|(][ ])|(?<=[ ]{2})|(?<=plate )|(?<=Plate )|(?<=PLATE )"
                           r"|(?<=tag )|(?<=Tag )|(?<=TAG ))(?P<st>[A-Z]{2})[ -]$", re.M)
#: A state's field beside a plate or licence: "Reg St: OH", "St: PA", "Issuing state: WA", "State FL" (no colon).
_STATE_FIELD = re.compile(r"(?<![\w-])(?:(?i:reg(?:istration)?\.?[ ]+st(?:ate)?|issuing[ ]+state|st)[ ]*:"
                          r"|(?i:issuing[ ]+)?(?:State|STATE|state))[ ]*(?P<st>[A-Z]{2})(?![\w])"
                          # (a lower-case code only in a field with a colon: "state: ca")
                          r"|(?<![\w-])(?:issuing[ ]+)?(?:state|st)[ ]*:[ ]*(?P<lo>[a-z]{2})(?![\w])")
#: The state after a found plate or licence in a clause of its own: ", VA" or " NJ" before the clause ends, "(KY"
#: before a gap, "(mn)" in a note typed in lower case ("DL 163656973, VA", "plate MXW460 FL)", "dl 93805497 (in)").
_STATE_CLAUSE = re.compile(r"(?:,[ ]|[ ])(?P<st>[A-Z]{2})(?=[ \t]*(?:$|[,;)\t]|[ ]{2}|\.(?:\s|$)))"
                           r"|[ ]?\((?P<br>[A-Z]{2}|[a-z]{2})(?:\)|(?=[ ]{2}|[ \t]*$))", re.M)
#: Canadian provinces and territories: the issuer of a licence or a health card beside its number.
PROVINCE_CODES = frozenset("AB BC MB NB NL NS NT NU ON PE QC SK YT".split())
#: Codes that after a comma or a blank are more often a credential than a state ("Lic 12345, MD", "..., PA").
_CREDENTIAL_CODES = frozenset(("MD", "PA", "DO"))
#: "Province/State: ON", "Province: QC": a province's own field.
_PROVINCE_FIELD = re.compile(r"(?i:province(?:[ ]*/[ ]*state)?|state[ ]*/[ ]*province)[ ]*:[ ]*(?P<st>[A-Z]{2})(?![\w])")
#: "Driver License, MI #W 617 592 184 674", "Issuing state: PA  Number: 40 164 082", "DL/NY-123 456 789",
#: "Driver's Licence, AB - 147650-794" (a province, a dash between blanks).
_STATE_LICENCE = re.compile(
    r"(?<![\w-])(?i:driver'?s?[ ]+lic(?:en[sc]e)?\.?|lic\.?|dl|d/l|issuing[ ]+state)[ ]*[,:/]?[ ]*(?i:issuing[ ]+state[ ]*:?[ ]*)?"
    r"(?P<st>[A-Z]{2})(?:[ ]*(?:#|(?i:no\.?|number)[ ]*:?)|-|[ ]-[ ])[ ]*"
    r"(?P<v>[A-Z]{0,3}[ -]?[0-9][0-9A-Z]*(?:[ -][0-9]{1,6}){0,4}|[A-Z]{2,4}[0-9A-Z]{4,12})(?![\w-])")


#: What a match of each pattern above holds on its line (a necessary condition, to skip the lines without it).
_PAIRED_GATE = re.compile(r"/[ ]*st")
_CUED_GATE = re.compile(r"(?:lic|tag)\.?[ ]")
_STATED_GATE = re.compile(r"\([A-Z]{2}\)|/[A-Z]{2}(?![\w])")
_LICENCE_GATE = re.compile(r"lic|dl|d/l|issuing")
#: Where ``_PAIRED``, ``_STATE_LICENCE`` and ``_CUED_PLATE`` can start, in ``scan.lower`` of a ``scan.plain`` text
#: (where IGNORECASE reads as lower-casing): their cue's first letter at a word's start, then the cue's next
#: letters. The case-insensitive patterns are slow at every character; these let the engine skip ahead.
_PAIRED_START = re.compile(r"[dlpt](?<![\w-].)(?:river|ic|late|ag|l|/l)")
_LICENCE_START = re.compile(r"[dli](?<![\w-].)(?:river|ic|l|/l|ssuing)")
_CUED_START = re.compile(r"[lt](?<![\w-].)(?:ic|ag)")


def _on_vehicle_line(scan: Scan, pos: int) -> bool:
    start = scan.line_start(pos)
    end = scan.text.find("\n", pos)
    return _VEHICLE_LINE.search(scan.text, start, len(scan.text) if end < 0 else end) is not None


def _state(scan: Scan, m: re.Match, group: str = "st", provinces: bool = False) -> None:
    code = m.group(group)
    if code in vocab.STATE_CODES or provinces and code in PROVINCE_CODES:
        scan.emit(m.start(group), m.end(group), "STATE", 0.8)


def _state_in_clause(scan: Scan, value: str, end: int) -> None:
    """The issuing state right after a plate or licence number, in a clause of its own; a lower-case code only in
    brackets after a number typed in lower case."""
    m = _STATE_CLAUSE.match(scan.text, end)
    if not m:
        return
    if m.group("st"):
        if m.group("st") not in _CREDENTIAL_CODES:
            _state(scan, m, provinces=True)
        return
    code = m.group("br")
    if code.islower() and (any(c.isupper() for c in value) or code.upper() not in vocab.STATE_CODES):
        return
    if code.upper() in _CREDENTIAL_CODES:
        return  # "DEA AB1234563 (MD)": a credential
    if code.upper() in vocab.STATE_CODES or code in PROVINCE_CODES:
        scan.emit(m.start("br"), m.end("br"), "STATE", 0.8)


def find_issued_ids(scan: Scan) -> None:
    """Plates and licences beside their issuing state, and the state beside any plate or licence already found."""
    text, lower = scan.text, scan.lower
    plain = scan.plain
    for m in matches_on_lines(_PAIRED, text, scan.lines_if(_PAIRED_GATE), _PAIRED_START if plain else None, lower):
        vehicle = m.group("cue").lower() in ("plate", "tag") or "plate" in m.group("cue").lower()
        v = m.group("v")
        if any(c.isdigit() for c in v) or vehicle and v.isalpha() and 4 <= len(v) <= 8:
            scan.emit(m.start("v"), m.end("v"), "VEHICLE" if vehicle else "LICENSE", 0.85)
            _state(scan, m)
    for m in matches_on_lines(_STATE_LICENCE, text, scan.lines_if(_LICENCE_GATE), _LICENCE_START if plain else None,
                              lower):
        v = m.group("v")
        if (m.group("st") in vocab.STATE_CODES or m.group("st") in PROVINCE_CODES) and (sum(c.isdigit() for c in v) >= 5 or len(v) >= 8):
            scan.emit(m.start("v"), m.end("v"), "LICENSE", 0.85)
            _state(scan, m, provinces=True)
    for pattern, lines, starts in ((_CUED_PLATE, scan.lines_if(_CUED_GATE), _CUED_START if plain else None),
                                   (_STATED_PLATE, scan.lines_if(_STATED_GATE, lowered=False), None)):
        for m in matches_on_lines(pattern, text, lines, starts, lower):
            st = "st2" if pattern is _STATED_PLATE and m.group("st2") else "st"
            if pattern is _STATED_PLATE and m.group(st) not in vocab.STATE_CODES:
                continue  # "15 MG/KG": a dose per weight, no plate and its state
            if any(g.lower() in NOT_PLATE_LETTERS for g in re.split(r"[ -]", m.group("v"))):
                continue  # "lic 15 MG": a unit
            if _on_vehicle_line(scan, m.start()):
                scan.emit(m.start("v"), m.end("v"), "VEHICLE", 0.8)
                if pattern is _STATED_PLATE:
                    _state(scan, m, st)
    for m in matches_on_lines(_BRACKETED_PLATE, text, scan.lines_if(_BRACKETED_GATE, lowered=False)):
        v = m.group("v")
        if sum(c.isalnum() for c in v) < 6 or any(g.lower() in NOT_PLATE_LETTERS or re.fullmatch(r"(?:19|20)[0-9]{2}", g)
                                                  for g in re.split(r"[ -]", v)):
            continue  # "(GCS 15)", "(MVC 2019)": a score, a year
        if _VEHICLE_BEFORE.search(text, max(0, m.start() - 50), m.start()):
            scan.emit(m.start("v"), m.end("v"), "VEHICLE", 0.8)
    for s, e, label, _, _ in list(scan.out):
        if label not in ("VEHICLE", "LICENSE") or e - s < 4:
            continue
        after = _STATE_AFTER.match(text, e)
        if after:
            _state(scan, after)
        else:
            _state_in_clause(scan, text[s:e], e)
        if label == "VEHICLE":
            before = _STATE_BEFORE.search(text, max(0, s - 6), s)
            if before and _on_vehicle_line(scan, s):
                _state(scan, before)
        line_end = text.find("\n", e)
        for f in _STATE_FIELD.finditer(text, e, len(text) if line_end < 0 else line_end):
            if f.start() - e <= 24:
                if f.group("lo"):
                    if f.group("lo").upper() in vocab.STATE_CODES:
                        scan.emit(f.start("lo"), f.end("lo"), "STATE", 0.8)
                else:
                    _state(scan, f)
            break


    if scan.may_hold("province"):
        for m in _PROVINCE_FIELD.finditer(text):
            _state(scan, m, provinces=True)


ISSUED_IDS = TextPass(("VEHICLE", "LICENSE", "STATE"), lambda scan: scan.has_digit, find_issued_ids)
