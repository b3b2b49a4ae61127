"""Licence plates written in hyphenated groups, found by their make-up alone, and plates after a registration cue.

A plate after a cue ("plate 114 RM9") is the ``ids`` family's; but notes also give a plate
with no cue word ("Reference 3-ZQF-86 for the claim"). Dutch and Belgian plates (and
several others) are six letters and digits in three hyphen-joined groups, each group all
letters or all digits, with letters and digits both present: "AM-XG-27", "3-ZQF-86",
"31-DQB-4", "GH-455-K". That shape is narrow enough to stand alone:

* a vertebral range or a lab code mixes letters and digits inside a group ("C5-C6",
  "L4-L5-S1", "HER2-neu"), which the shape refuses;
* "G-6-PD" has four characters, "ICD-10-CM" seven in groups of other sizes;
* a dose or size written with hyphens carries a unit or a clinical abbreviation as its
  letter group ("10-mg-2", "14-fr-16"), which is refused;
* in a note typed in mixed case a lower-case group of letters needs the plate to be
  in lower case throughout ("31-dqb-4"), and the letter group may not be an English
  word of the note's vocabulary (a unit, "in", "to", "or").
"""

from __future__ import annotations

import re

from .base import CUE, Scan, TextPass, matches_on_lines

#: Three hyphen-joined groups of one to three letters (any alphabet: "AÖ-LD-66") or digits, six characters in all.
_SIDECODE = re.compile(
    r"(?<![\w./-])(?P<plate>(?:[^\W\d_]{1,3}|[0-9]{1,3})-(?:[^\W\d_]{1,3}|[0-9]{1,3})-(?:[^\W\d_]{1,3}|[0-9]{1,3}))"
    r"(?![\w-]|[./][0-9A-Za-z])"
)
#: Letter groups that are units, doses, routes or clinical shorthand, never a plate's letters.
_NOT_PLATE_LETTERS = frozenset(
    "mg ml mcg ug kg lb lbs oz cm mm in ft hr hrs h min sec fr ga gauge iu meq mmol mol l dl cc mmhg bpm "
    "to or and of x by q qd bid tid qid prn po iv im sc sq pr pm am hs yo y m d wk wks mo mos yr yrs "
    "cm2 mm2 ms db hz cpm".split()
)
#: (the same words, for the passes of other modules that test a plate's groups)
NOT_PLATE_LETTERS = _NOT_PLATE_LETTERS


def plate_shape_ok(value: str) -> bool:
    """Six letters and digits in three groups, each all letters or all digits, both kinds present,
    one case throughout, and no letter group that is a unit or clinical shorthand."""
    groups = value.split("-")
    if len(groups) != 3 or sum(len(g) for g in groups) != 6:
        return False
    letters = [g for g in groups if g.isalpha()]
    if not letters or len(letters) == 3:
        return False
    if not (value.upper() == value or value.lower() == value):
        return False  # "Am-Xg-27": mixed case inside is no plate
    return not any(g.lower() in _NOT_PLATE_LETTERS for g in letters)


#: The middle group of a sidecode plate between its hyphens, found at C speed: most texts have none.
_SIDECODE_MIDDLE = re.compile(r"-[^\W_]{1,3}-")


def find_sidecode_plates(scan: Scan) -> None:
    """'His truck, AM-XG-27, was towed', 'Reference 3-ZQF-86 for the claim': a plate by its groups (VEHICLE)."""
    if not _SIDECODE_MIDDLE.search(scan.text):
        return
    for m in matches_on_lines(_SIDECODE, scan.text, scan.lines_holding(_SIDECODE_MIDDLE, lowered=False)):
        value = m.group("plate")
        if not plate_shape_ok(value):
            continue
        s, e = m.span("plate")
        if scan.unit_after(e):
            continue
        if any(a <= s and e <= b and kind == CUE for a, b, _, _, kind in scan.out):
            continue  # a cue word already named it
        scan.emit(s, e, "VEHICLE", 0.8, CUE)


#: "Reference 984 1HL for the claim": a plate of two groups after a reference cue, before the clause goes on.
_REFERENCE_PLATE = re.compile(
    r"(?i:\b(?:reference|ref\.?)[ \t]*#?[ \t]*)(?P<plate>(?=[A-Z0-9 ]{0,8}[A-Z])(?=[A-Z0-9 ]{0,8}[0-9])"
    r"[A-Z0-9]{2,4}[ ][A-Z0-9]{2,4})(?=[ \t]+(?:for|on|in|to)\b|[.,;]|$)"
)


def find_reference_plates(scan: Scan) -> None:
    """'Reference 984 1HL for the claim', 'Ref. AB12 CDE': two groups after a reference cue, one of them mixing
    letters and digits (a plate, whatever other identifier it might be, names a vehicle or a person)."""
    if not scan.may_hold("ref"):
        return  # the cue ("reference", "ref")
    for m in _REFERENCE_PLATE.finditer(scan.text):
        value = m.group("plate")
        groups = value.split()
        if sum(c.isdigit() for c in value) < 2 or not any(g.isalnum() and not g.isdigit() and not g.isalpha()
                                                          for g in groups):
            continue  # a group must mix letters and digits ("1HL", "RM12"): not "2019 AB"
        if scan.unit_after(m.start("plate") + len(groups[0])):
            continue  # "reference 10 mg"
        scan.emit(m.start("plate"), m.end("plate"), "VEHICLE", 0.75)


#: "Reference QM72NFP for the claim", "Reference TBB-YY-72 for the claim", "Reference phart for the claim": one
#: code after a reference cue, the clause going on after it.
_REFERENCE_CODE = re.compile(
    r"(?i:\b(?:reference|ref\.?)[ \t]*#?[ \t]*)(?<![^\W_])(?P<v>[^\W_]{2,}(?:-[^\W_]{1,4}){0,3})"
    r"(?=[ \t]+(?i:for|on|in|to)\b|[.,;]|[ \t]*$)", re.MULTILINE
)


def find_reference_codes(scan: Scan) -> None:
    """'Reference QM72NFP for the claim', 'Ref. TBB-YY-72', 'reference 709i1 for the claim': a code of letters
    and digits in one case after a reference cue (a plate, a claim or account number: VEHICLE by its shape,
    IDNUM otherwise); 'Reference phart for the claim': a made-up word there is a login. Ranges, units and
    words ("reference range", "reference 10 mg", "Reference HbA1c") are none."""
    if not scan.may_hold("ref"):
        return  # the cue ("reference", "ref")
    words = _common_words()
    for m in _REFERENCE_CODE.finditer(scan.text):
        v = m.group("v")
        s, e = m.span("v")
        if any(a < e and s < b for a, b, _, _, _ in scan.out) or scan.unit_after(e):
            continue
        letters = "".join(c for c in v if c.isalpha())
        if letters and not (letters.isupper() or letters.islower()):
            continue  # "HbA1c", "Smith": mixed case is a word or a name
        digits = sum(c.isdigit() for c in v)
        if any(len(g) >= 3 and g.isalpha() and g.lower() in words for g in v.split("-")):
            continue  # "Reference CT-SCAN-2": a word inside is no code
        if digits and letters:
            if len(v.replace("-", "")) >= 5 or v.count("-") >= 2:
                scan.emit(s, e, "VEHICLE" if "-" in v or len(v) <= 8 else "IDNUM", 0.75)
        elif letters and "-" not in v and len(v) >= 5 and v.lower() not in words and not scan.text[e:e + 1] == ".":
            scan.emit(s, e, "USERNAME", 0.7)


def _common_words() -> frozenset[str]:
    from .intl_addresses import _common_words as common

    return common()


REFERENCE_CODES = TextPass(("VEHICLE", "IDNUM", "USERNAME"), lambda scan: "ef" in scan.text.lower(),
                           find_reference_codes)
REFERENCE_PLATES = TextPass(("VEHICLE",), lambda scan: scan.has_digit and "ef" in scan.text.lower(),
                            find_reference_plates)
SIDECODE_PLATES = TextPass(("VEHICLE",), lambda scan: scan.has_digit and "-" in scan.text, find_sidecode_plates)


#: "a car with the registration number 34 RA 7920", "number plate T340CT 70": groups of letters and digits
#: after a registration or plate cue, the whole value with a letter and a digit in it.
_REGISTERED = re.compile(
    r"(?i:\b(?:registration[ \t]+(?:number|no\.?|plates?|mark)|(?:licen[cs]e|number|registration)[ \t]+plates?|"
    r"plate[ \t]+(?:number|no\.?)))[ \t]*:?[ \t]*"
    r"(?P<plate>[A-ZÀ-Ž0-9]{1,7}(?:[ \t-][A-ZÀ-Ž0-9]{1,7}){0,3})(?![\w-])")


_VEHICLE_BEFORE = re.compile(r"(?i)\b(?:car|cars|vehicle|vehicles|lorry|truck|van|minibus|bus|jeep|taxi|motorcycle|"
                             r"Lada|UAZ|Niva|Volga|Zhiguli|GAZ|Renault|Toyota|Ford)\b")


def find_registered_plates(scan: Scan) -> None:
    """A plate after "registration number" or "number plate" (the cue the ``ids`` plate cue does not cover
    for groups split by blanks)."""
    for m in _REGISTERED.finditer(scan.text):
        cue = m.group().lower()
        if "plate" not in cue and "mark" not in cue and not _VEHICLE_BEFORE.search(scan.text, max(0, m.start() - 60), m.start()):
            continue  # "the NPI registration number", "DEA registration number": a registration, no car's
        value = m.group("plate")
        while re.search(r"[ \t-][A-Za-zÀ-Ž]{1,2}$", value):
            value = re.sub(r"[ \t-][A-Za-zÀ-Ž]{1,2}$", "", value)  # "2SEA683 MA": the issuing state after the plate
            # (a group of three letters is the plate's own: "LB07 SEO", "T340CT 70")
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and len(value) >= 4:
            scan.emit(m.start("plate"), m.start("plate") + len(value), "VEHICLE", 0.85, CUE)


REGISTERED_PLATES = TextPass(("VEHICLE",), lambda scan: scan.has_digit and scan.may_hold("registration", "plate"),
                             find_registered_plates)
