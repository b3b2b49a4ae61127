"""Identifiers found by their make-up alone: MAC addresses, IBANs, coordinates, letter-and-digit codes.

These values carry no cue word in running text ("Home monitor 54:f8:22:1b:b9:7c
uploaded", "Refund to GB61 GENW 5143 0468 2969 82", "occurred at 51.380°S
67.005°W", "Ref D018-4150-6145"), but their shapes are specific enough, or carry
their own check: an IBAN's mod-97 checksum, a coordinate's ranges, a MAC address's
six hex pairs. A code that mixes letters and at least five digits is kept whole as
one identifier (kind ``CUE``), so that a phone-shaped tail ("X085-449-6369") or a
date-shaped middle does not take part of it.

What stays untouched: lab values and measurements (no letters glued, or a unit),
version strings and dates ("2019-03-04T10:00" is a date), gene, staging and
vertebra codes ("CYP2D6", "T3N1M0", "C5-C6": too few digits), dbSNP ids ("rs1234567").
"""

from __future__ import annotations

import re
from typing import Iterator

from .base import CUE, WEAK, Scan, TextPass, matches_on_lines, started_finditer
from .checks import count_digits, luhn_ok

#: Six hex pairs with one separator throughout, or the dotted form "0023.ab4f.91c2".
_MAC = re.compile(
    # the look-behind stands after the first character so the engine can skip ahead to a hex digit
    r"[0-9A-Fa-f](?<![\w:.-][0-9A-Fa-f])(?:[0-9A-Fa-f](?P<sep>[:-])[0-9A-Fa-f]{2}(?:(?P=sep)[0-9A-Fa-f]{2}){4}"
    r"|[0-9A-Fa-f]{3}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![\w:-]|\.[0-9A-Za-z])"
)
#: Country code, check digits, then groups of four (blank-separated or not); checked by mod 97.
_IBAN = re.compile(
    r"[A-Za-z](?<![\w-][A-Za-z])[A-Za-z][0-9]{2}(?:[ ]?[A-Za-z0-9]{4}){2,7}(?:[ ]?[A-Za-z0-9]{1,3})?(?![\w-])"
)
_IBAN_GROUP = re.compile(r"[ ]?[A-Za-z0-9]{1,4}")
#: "51.380°S 67.005°W", "51°22'48\"N, 0°05'W": a latitude and a longitude with their hemispheres.
_DEG = r"[0-9]{1,3}(?:\.[0-9]+)?[ \t]?(?:°|º|deg)?(?:[ \t]?[0-9]{1,2}['′](?:[ \t]?[0-9]{1,2}(?:\.[0-9]+)?[\"″])?)?"
_COORD_HEMI = re.compile(
    rf"(?i)(?<![\w.])(?P<lat>{_DEG})[ \t]?[NS](?![a-z])[ \t]*[,;/]?[ \t]*(?P<lon>{_DEG})[ \t]?[EW](?![a-z])"
)
#: "-17.3661, -127.7094": a decimal pair with four or more decimals each.
_COORD_DECIMAL = re.compile(
    r"(?<![\w.,+-])(?P<lat>[-+]?[0-9]{1,2}\.[0-9]{4,8}),[ \t]*(?P<lon>[-+]?[0-9]{1,3}\.[0-9]{4,8})"
    r"(?![0-9]|\.[0-9]|,[ \t]*[-+]?[0-9])"
)
#: A latitude of three or more decimals with its hemisphere and no degree sign: "51.5074 N, 0.1278 W".
_DECIMAL_NORTH_SOUTH = re.compile(r"(?i)[0-9]\.[0-9]{3,8}[ \t]?[NS](?![a-z])")
_FOUR_DECIMALS = re.compile(r"[0-9]\.[0-9]{4}")
#: Where ``_COORD_HEMI`` and ``_COORD_DECIMAL`` can start: their first character, then their look-behind.
_DEG_START = re.compile(r"[0-9](?<![\w.].)")
_DECIMAL_START = re.compile(r"[-+0-9](?<![\w.,+-].)")
#: Hyphen-joined groups of letters and digits: "D018-4150-6145", "HKU-23-75113", "fh01864672", "5780-Lphy-16".
_CODE = re.compile(
    # first character, then (looking back at it) no word before it and a letter and a digit somewhere in the token
    r"[A-Za-z0-9](?<![\w@./:\\-][A-Za-z0-9])(?<=(?=[A-Za-z0-9-]*[A-Za-z])(?=[A-Za-z0-9-]*[0-9]).)"
    r"[A-Za-z0-9]*(?:-[A-Za-z0-9]+){0,5}(?![\w@-]|[.:/][0-9A-Za-z])"
)
_MONTH_GROUP = re.compile(r"(?i)(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*")
_NUMBER_UNIT = re.compile(r"[0-9]+(?:[a-zA-Z]{1,5})")
#: "para-1-0-5-1", "G7P1051": an obstetric history, not an identifier.
OBSTETRIC = re.compile(r"(?i)(?:para|gravida|grav|g[0-9]{1,2}p[0-9])")
_TIMES = re.compile(r"[0-9]*[xX][0-9]+")
_ROLE_WORDS = frozenset({"office", "fax", "home", "cell", "mobile", "work", "tel", "phone", "ext", "pager", "landline"})
_ISO_LEAD = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


#: What every ``_MAC`` holds, found at C speed from a separator: a hex pair between two ":" or "-", or a hex four
#: between two ".".
_MAC_GROUPS = re.compile(r"[:.-](?:(?<=[:-])[0-9A-Fa-f]{2}[:-]|(?<=\.)[0-9A-Fa-f]{4}\.)")


def find_macs(scan: Scan) -> None:
    """Six hex pairs ("54:f8:22:1b:b9:7c"): a network device's hardware address (DEVICE)."""
    if not _MAC_GROUPS.search(scan.text):
        return
    for m in _MAC.finditer(scan.text):
        scan.emit(m.start(), m.end(), "DEVICE", 0.9, CUE)


def iban_ok(compact: str) -> bool:
    """ISO 13616 check: the country code and check digits moved to the end, read as a number, mod 97 is 1."""
    if not 15 <= len(compact) <= 34:
        return False
    moved = compact[4:] + compact[:4]
    digits = "".join(str(int(c, 36)) for c in moved)
    return int(digits) % 97 == 1


#: What every ``_IBAN`` holds, found at C speed from its check digits: two letters, two digits, two groups of four.
_IBAN_HEAD = re.compile(r"[0-9][0-9](?<=[A-Za-z]{2}[0-9]{2})[ ]?[A-Za-z0-9]{4}[ ]?[A-Za-z0-9]{4}")


def find_ibans(scan: Scan) -> None:
    """An IBAN with a valid checksum (ACCOUNT); the longest valid prefix of groups, since a word may follow."""
    if not _IBAN_HEAD.search(scan.text):
        return
    for m in _IBAN.finditer(scan.text):
        ends = [m.start() + 4]
        for g in _IBAN_GROUP.finditer(scan.text, m.start() + 4, m.end()):
            ends.append(g.end())
        for end in reversed(ends[2:]):
            compact = scan.text[m.start() : end].replace(" ", "").upper()
            if iban_ok(compact):
                scan.emit(m.start(), end, "ACCOUNT", 0.95, CUE)
                break


def _degrees(value: str) -> float | None:
    m = re.match(r"[-+]?[0-9]{1,3}(?:\.[0-9]+)?", value)
    return abs(float(m.group())) if m else None


def find_coordinates(scan: Scan) -> None:
    """Geographic coordinates (LOCATION-OTHER): with hemispheres, or a decimal pair of four or more decimals."""
    text = scan.text
    hemispheres = any(c in text for c in "°º′") or "deg" in text or _DECIMAL_NORTH_SOUTH.search(text) is not None
    for m in started_finditer(_COORD_HEMI, _DEG_START, text) if hemispheres else ():
        lat, lon = _degrees(m.group("lat")), _degrees(m.group("lon"))
        precise = any(c in m.group() for c in "°º'′.") or "deg" in m.group().lower()
        if precise and lat is not None and lon is not None and lat <= 90 and lon <= 180:
            scan.emit(m.start(), m.end(), "LOCATION-OTHER", 0.85)
    decimals = scan.lines_holding(_FOUR_DECIMALS, lowered=False) if _FOUR_DECIMALS.search(text) else ()
    for m in matches_on_lines(_COORD_DECIMAL, text, decimals, _DECIMAL_START):
        lat, lon = abs(float(m.group("lat"))), abs(float(m.group("lon")))
        signed = "-" in m.group() or "+" in m.group()
        if not signed and lat < 10 and lon < 10:
            continue  # "SG 1.0150, 1.0200": a pair of small readings
        if lat <= 90 and lon <= 180 and not scan.unit_after(m.end()):
            scan.emit(m.start(), m.end(), "LOCATION-OTHER", 0.7)


_HEX = re.compile(r"[0-9A-Fa-f]+")


def code_ok(tok: str) -> bool:
    """Whether a token of letters, digits and hyphens reads as an identifier rather than a measure or a name.

    Five digits or more (four in a code of three groups or more, such as
    "BIO-PZ-ff92b73ff3"), never a number with a unit ("1500mg"), a date with a
    month name or an ISO date at its head, a dbSNP id, or "x" as a times sign.
    """
    digits = count_digits(tok)
    groups = tok.split("-")
    # a hex group of eight or more in a code of three groups ("BIO-DV-FA4DBBCB9A"): few digits by chance
    hexed = len(groups) >= 3 and any(len(g) >= 8 and _HEX.fullmatch(g) and digits >= 1 for g in groups)
    if len(tok) < 7 or not (digits >= 5 or (digits >= 4 and len(groups) >= 3 and len(tok) >= 12) or hexed):
        return False
    if _TIMES.fullmatch(tok):
        return False
    if _NUMBER_UNIT.fullmatch(tok) or _ISO_LEAD.match(tok) or tok.lower().startswith("rs") and tok[2:].isdigit():
        return False
    if OBSTETRIC.match(tok):
        return False  # "para-1-0-5-1", "G7P1051": pregnancies and births
    if any(_MONTH_GROUP.fullmatch(g) for g in groups):
        return False  # "12-Mar-2019"
    if any(g.lower() in _ROLE_WORDS or _TIMES.fullmatch(g) for g in groups[1:]):
        return False  # "001-748-088-2851x818-Fax": a phone with its extension and role
    # letters and digits must meet inside a group ("D018", "fh0186") or stand as a group of their own ("HKU-23")
    return any(any(c.isalpha() for c in g) for g in groups)


#: Words before a product's catalogue number, which every box of the product carries: not the patient's.
#: (A pharmacy card's "RxBIN 610014" and "RxPCN" route claims to the payer: the same on every member's card.)
_CATALOGUE_WORDS = frozenset({"REF", "Cat", "CAT", "cat", "Catalog", "Catalogue", "catalog", "NDC", "Part", "P/N",
                              "RxBIN", "RXBIN", "BIN", "RxPCN", "RXPCN", "PCN"})


def catalogue_number(scan: Scan, s: int) -> bool:
    """Whether the code at ``s`` follows a catalogue cue ("REF 5510-F-501" on an implant label, "NDC 0093-7180-56").

    A lot or serial number next to it is the patient's device; the catalogue number names the product.
    """
    words, _, between = scan.prev_words(s, 16)
    return bool(words) and words[-1] in _CATALOGUE_WORDS and between.strip() in ("", ":", "#")


#: From the first digit of a run of ``[A-Za-z0-9-]`` to the run's end, and the letters and hyphens before that digit
#: (read backwards): a ``_CODE`` match is such a run's opening (at any later place a run character stands before
#: it, which its look-behind refuses) and holds a digit.
_DIGIT_ON = re.compile(r"[0-9][A-Za-z0-9-]*")
_LETTERS_HYPHENS = re.compile(r"[A-Za-z-]*")


def _codes(scan: Scan) -> Iterator[re.Match]:
    """``_CODE.finditer(scan.text)``, tried only at the openings of runs that hold a digit (found at C speed)."""
    text = scan.text
    for d in _DIGIT_ON.finditer(text):
        m = _CODE.match(text, scan.back(_LETTERS_HYPHENS, d.start()))
        if m:
            yield m


def find_codes(scan: Scan) -> None:
    """Letter-and-digit codes kept whole (IDNUM): "Ref #W655-377-8207", "D123-4567-8901", "HKU-23-75113"."""
    for m in _codes(scan):
        tok = m.group()
        if "-" not in tok and not (tok[:1].isalpha() or any(c.isalpha() for c in tok[:-1])):
            continue
        s, e = m.start(), m.end()
        if not code_ok(tok) or scan.unit_after(e) or catalogue_number(scan, s):
            continue
        if any(a <= s and e <= b and kind != WEAK for a, b, _, _, kind in scan.out):
            continue  # a cue word, a VIN or a DEA number already named it
        scan.emit(s, e, "IDNUM", 0.7, CUE)


MACS = TextPass(("DEVICE",), lambda scan: scan.has_digit and (":" in scan.text or "-" in scan.text or "." in scan.text),
                find_macs)
IBANS = TextPass(("ACCOUNT",), lambda scan: scan.has_digit, find_ibans)

#: A payment card in groups: "4716 4245 2151 1864", "4716-4245-2151-1864", Amex "3758 073021 57362".
_CARD_GROUPS = re.compile(
    r"(?<![\w.,/-])(?:[0-9]{4}(?P<s1>[ -])[0-9]{4}(?P=s1)[0-9]{4}(?P=s1)[0-9]{1,7}"
    r"|[0-9]{4}(?P<s2>[ -])[0-9]{6}(?P=s2)[0-9]{4,5})(?![\w-]|[.,/][0-9])"
)


#: What every ``_CARD_GROUPS`` holds, found at C speed: four digits, a blank or hyphen, four digits.
_FOUR_FOUR = re.compile(r"[0-9][0-9]{3}[ -][0-9]{4}")  # one digit first: the engine then skips to digits


def find_card_groups(scan: Scan) -> None:
    """A card number written in groups with a valid Luhn check (ACCOUNT); kept whole, so that no phone or
    ZIP shape inside it wins ("3758 073021 57362" was a state and a ZIP)."""
    if not _FOUR_FOUR.search(scan.text):
        return
    for m in _CARD_GROUPS.finditer(scan.text):
        digits = re.sub(r"[ -]", "", m.group())
        if 13 <= len(digits) <= 19 and luhn_ok(digits):
            scan.emit(m.start(), m.end(), "ACCOUNT", 0.9, CUE)


CARD_GROUPS = TextPass(("ACCOUNT",), lambda scan: scan.has_digit, find_card_groups)
COORDINATES = TextPass(("LOCATION-OTHER",), lambda scan: scan.has_digit and "." in scan.text, find_coordinates)
CODES = TextPass(("IDNUM",), lambda scan: scan.has_digit, find_codes)


#: A photo or scan file named by a camera or a system ("IMG_20230314_0932.jpg", "DSC24765.JPG",
#: "wound_841215_05.png", "photo-fr4edt2s.jpeg"): an image extension and a stem with digits or random letters.
_IMAGE_FILE = re.compile(
    r"(?<![\w./-])(?P<stem>[A-Za-z0-9](?:[A-Za-z0-9]|[_-](?=[A-Za-z0-9])){3,60})"
    r"\.(?i:jpe?g|png|gif|tiff?|bmp|heic|dcm|dicom)(?![\w]|\.[\w])"
)
#: A DICOM UID under an organisation root ("1.2.840.113619.2.55.3.604688119.969"): five dotted parts or more.
_IMAGE_EXTENSIONS = (".jp", ".png", ".gif", ".tif", ".bmp", ".heic", ".dcm", ".dicom")
_DICOM_UID = re.compile(r"(?<![\w.])(?:1\.2|1\.3|2\.16|2\.25)(?:\.[0-9]{1,20}){4,}(?![\w]|\.[0-9])")


def find_image_files(scan: Scan) -> None:
    """Photo files and DICOM UIDs: a file name that carries digits (or letters no word holds) names one
    picture of one patient; "figure.png" or "logo.gif" name none."""
    text = scan.text
    images = any(ext in scan.lower for ext in _IMAGE_EXTENSIONS)
    for m in _IMAGE_FILE.finditer(text) if images else ():
        stem = m.group("stem")
        if count_digits(stem) >= 3 or (len(stem) >= 10 and not stem.isalpha()) or re.search(r"[-_][a-z0-9]{6,}$", stem):
            scan.emit(m.start(), m.end(), "IDNUM", 0.8)
    for m in _DICOM_UID.finditer(text) if "1.2." in text or "2.16." in text or "2.25." in text else ():
        if text[max(0, m.start() - 8):m.start()].lower() != "urn:oid:":  # a code system's OID, not an image
            scan.emit(m.start(), m.end(), "IDNUM", 0.8)


IMAGE_FILES = TextPass(("IDNUM",), lambda scan: scan.has_digit and "." in scan.text, find_image_files)
