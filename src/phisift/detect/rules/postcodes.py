"""UK and Canadian postcodes inside running sentences, where a line does not end after them.

The address passes (``intl_addresses``) read a postcode as the end of a town line or of
a one-line address, so a patient's message that goes on after it keeps it: "we live in
Leeds LS6 2QT on 3rd feb", "moved to 65 Lydia Drive, Wolverhampton M8A 2AH, do I need
to register", "we are in Toowoomba near G63 0DB", "postcode ls6 2qt". Their shape
(an outward code of letters and digits, a space, a digit and two letters; the Canadian
letter-digit-letter digit-letter-digit) is rare in clinical text, but not unheard of
("T2 N0", "4 6MM"): so a postcode is taken only in one case and with address evidence
right before it:

* a postcode cue ("postcode", "post code", "postal code", "zip", "pin code");
* an address preposition ("in", "at", "to", "near", "from") before it, or before the one
  to three words of its town, or before a house number and the street and town words;
* a comma after a street (a line part holding a digit) and the town's words.

The town between such a preposition or comma and the postcode is a CITY when its words
are no function words and hold no digit ("Brennantown KT28 3YW", "lake robert e2b 9yl"); the
street before that comma, from an address cue, a STREET ("the address is 058, reddy circle,
port julia l3 0lt").
"""

from __future__ import annotations

import re

from .base import Scan, TextPass, matches_on_lines, started_finditer

#: The outward code, a space, the inward code; UK (A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA, AA9A 9AA)
#: or Canadian (A9A 9A9), all in capitals or all in lower case.
_UK = r"[A-Z]{1,2}[0-9][A-Z0-9]?[ \t][0-9][A-Z]{2}"
_CANADA = r"[A-Z][0-9][A-Z][ \t][0-9][A-Z][0-9]"
_CODE = rf"(?:{_UK}|{_CANADA})"
_POSTCODE = re.compile(rf"(?<![\w/.-])(?P<pc>{_CODE}|{_CODE.lower()})(?![\w/-])")
#: What every ``_POSTCODE`` holds from its first digit on (the pass finds nothing else): a text without it is
#: skipped. Opening with a digit, it is found at C speed (a look-behind first is tried at every character).
_GATE = re.compile(r"[0-9][A-Za-z0-9]?[ \t][0-9][A-Za-z][A-Za-z0-9](?![\w/-])")
#: A postcode cue right before it: "postcode LS6 2QT", "post code: m8a 2ah", "pin code - ...".
_CUE_BEFORE = re.compile(r"(?i)(?:post[ \t]?code|postal[ \t]+code|zip(?:[ \t]?code)?|pin[ \t]?code)[ \t]*(?:is[ \t]+)?[:#-]?[ \t]*$")
#: The one to three words of a town right before the postcode, after an address preposition or a comma.
_TOWN_BEFORE = re.compile(
    r"(?:(?<![\w'’])(?i:in|at|to|near|from)[ \t]+|,[ \t]*)"
    r"(?P<town>[^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){0,2})[ \t]*,?[ \t]*$"
)
#: A house number, a street with its kind ("Lane", "Rd") and the town before the postcode, after an address cue:
#: "we are at 14 Rose Lane Croydon CR0 1AB" (no comma: where the street ends and the town starts is not read, only the postcode taken).
_HOUSE_BEFORE = re.compile(
    r"(?i:\b(?:at|to|is|address|from)[ \t]+)[0-9]{1,5}[A-Za-z]?(?:[ \t]+[^\W\d_][\w'’.-]*){0,3}"
    r"[ \t]+(?i:road|rd|street|st|lane|ln|avenue|ave|drive|dr|close|way|court|ct|crescent|place|pl|grove|gardens"
    r"|terrace|row|mews|hill|park|square|sq|walk|view|rise|green|parade|boulevard|blvd)\.?"
    r"(?:[ \t]+[^\W\d_][\w'’.-]*){1,3}[ \t]*,?[ \t]*$"
)
#: An address preposition right before the postcode: "near G63 0DB".
_PREPOSITION_BEFORE = re.compile(r"(?<![\w'’])(?i:in|at|to|near|from|nr)[ \t]+$")
#: A town and a Canadian province's code right before a postcode: "Toronto, ON M5V 2T6", "toronto, on m5v 2t6"
#: ("on" is a function word, so the town rule does not read it).
_PROVINCE_BEFORE = re.compile(r"(?<![\w'’])[^\W\d_][\w'’.-]*,?[ \t]+(?P<prov>(?i:ab|bc|mb|nb|nl|ns|nt|nu|on|pe|qc|sk|yt))[ \t]+$")
#: Words that are no part of a town: "... the hospital in town LS6 2QT" ends at "in".
_NOT_TOWN = frozenset("""the a an and or but is was are be been my our his her their your we i you he she they it
this that there here with for of on in at to near from by as so if when then not no please thanks postcode
code address live lives living moved staying stay still now just also ward room bed""".split())


def _town(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The town's words before a postcode at ``start`` (the line part ``text[start-80:start]`` ends in it),
    its preposition or comma before them; None when no town of that form is there."""
    m = _TOWN_BEFORE.search(text, max(0, start - 80), start)
    if m is None:
        return None
    words = m.group("town").split()
    if any(w.lower().strip(".,'’") in _NOT_TOWN for w in words):
        return None
    if m.group().lstrip()[:1] == ",":
        # after a comma, the part before it is a street: it holds a digit ("65 lydia drive, ...")
        before = text[max(0, m.start() - 40) : m.start()]
        if not any(c.isdigit() for c in before):
            return None
    return m.start("town"), m.end("town")


#: Where the street before such a town starts: after "address is", "lives at", "moved to", a colon, the line start.
_STREET_START = re.compile(r"(?i)(?:\b(?:address(?:[ \t]+is)?|at|to|is)[ \t]+|:[ \t]*|^[ \t]*)(?=[0-9]|h\.?[ \t]*no\b|flat|unit|apt)",
                           re.MULTILINE)


def _street_before(text: str, comma: int) -> tuple[int, int] | None:
    """The street of a one-line address ending at the comma before its town: "058, reddy circle", "h.no. 37,
    sibal path", "unit 10 252 arnold driveway" - from an address cue or the line start, holding a digit, a
    word of letters, and at most seven words."""
    lo = max(0, comma - 60, text.rfind("\n", 0, comma) + 1)
    starts = [m.end() for m in _STREET_START.finditer(text, lo, comma)]
    if not starts:
        return None
    a = starts[-1] if text[starts[-1] : comma].strip() else (starts[-2] if len(starts) > 1 else None)
    if a is None:
        return None
    street = text[a:comma]
    words = street.replace(",", " ").split()
    if not (any(c.isdigit() for c in street) and any(w.isalpha() and len(w) > 2 for w in words)) or len(words) > 7:
        return None
    if any(w.lower() in _NOT_TOWN - {"flat", "unit"} for w in words):
        return None
    return a, a + len(street.rstrip())


def find_running_postcodes(scan: Scan) -> None:
    """UK and Canadian postcodes in a sentence, with a cue, a preposition or a town and a street before them."""
    text = scan.text
    for m in _POSTCODE.finditer(text):
        s, e = m.span("pc")
        code = m.group("pc")
        if not (code.isupper() or code.islower()) or not any(c.isalpha() for c in code.split()[1]):
            continue
        lo = max(scan.line_start(s), s - 80)
        if _CUE_BEFORE.search(text, lo, s) or _PREPOSITION_BEFORE.search(text, lo, s) or _HOUSE_BEFORE.search(text, lo, s):
            scan.emit(s, e, "ZIP", 0.85)
            continue
        town = _town_after_found_street(scan, s)
        if town is not None:
            scan.emit(s, e, "ZIP", 0.85)
            scan.emit(town[0], town[1], "CITY", 0.75)
            continue
        prov = _PROVINCE_BEFORE.search(text, lo, s)
        if prov and re.fullmatch(_CANADA, code.upper()) and prov.group("prov").isupper() == code.isupper():
            scan.emit(s, e, "ZIP", 0.85)  # "Toronto, ON M5V 2T6": a Canadian postcode after its province
            scan.emit(prov.start("prov"), prov.end("prov"), "STATE", 0.75)
            continue
        town = _town(text, s, e)
        if town is not None and town[0] >= lo:
            scan.emit(s, e, "ZIP", 0.85)
            scan.emit(town[0], town[1], "CITY", 0.75)
            comma = text.rfind(",", lo, town[0])
            street = _street_before(text, comma) if comma >= 0 and not text[comma + 1 : town[0]].strip() else None
            if street is not None:
                scan.emit(street[0], street[1], "STREET", 0.85)


#: Between a street found before and a postcode: ", Ibadan, " (the town's one to three words, set off by commas).
_TOWN_BETWEEN = re.compile(r"[ \t]*,[ \t]*(?P<town>[^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){0,2})[ \t]*,[ \t]*$")


def _town_after_found_street(scan: Scan, s: int) -> tuple[int, int] | None:
    """The town between a STREET another recognizer found and the postcode at ``s``: "changed to Church Road,
    Ibadan, G8 7WZ" (a street named without its house number, which the comma rule needs)."""
    for a, b, label, _, _ in scan.out:
        if label == "STREET" and b < s and s - b <= 50:
            m = _TOWN_BETWEEN.match(scan.text, b, s)
            if m and not any(w.lower().strip(".,'’") in _NOT_TOWN for w in m.group("town").split()):
                return m.start("town"), m.end("town")
    return None


#: A town and a four- or five-digit postcode (US ZIP, Australian, Philippine ...) after a street, then the clause's
#: end: "New address is Cherry Lane, Baciu 86198.", "117 Cherry Lane, Muncie 04869, member number".


_TOWN_CODE_AFTER_STREET = re.compile(
    r"\.?[ \t]*,[ \t]*(?P<town>[^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){0,2})[ \t]+(?P<z>[0-9]{4,5})"
    r"(?=[ \t]*(?:[.,;:!?)]|\r?\n|$))")


#: A postcode of four or five digits before the town, after a street, then the clause's end (Germany, Austria,
#: Switzerland, France, the Netherlands ...): "Lindenweg 7, 80331 München, Germany".
_CODE_TOWN_AFTER_STREET = re.compile(
    r"\.?[ \t]*,[ \t]*(?P<z>[0-9]{4,5})[ \t]+(?P<town>[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*)?)\.?"
    r"(?=[ \t]*(?:[.,;:!?)]|\r?\n|$))")
#: Words after a number that make it a quantity, no postcode ("Main St, 2000 units").
_UNITS = frozenset("mg mcg g kg ml l units unit iu cc mm cm times tabs tablets steps calories kcal dollars".split())
_NOT_TOWN_OR_UNITS = _NOT_TOWN | _UNITS


def find_codes_after_towns(scan: Scan) -> None:
    """"Cherry Lane, Baciu 86198.", "167 rizal street, cebu 04881.": a number of four or five digits closing an
    address line after a STREET another recognizer found, a comma and the town's one to three words (the town a
    CITY then, unless it is found already): an address's postcode without a state. "Lindenweg 7, 80331 München":
    the code before the town, as in much of Europe."""
    text = scan.text
    for a, b, label, _, _ in list(scan.out):
        if label != "STREET":
            continue
        m = _CODE_TOWN_AFTER_STREET.match(text, b)
        if m and not any(w.lower().strip(".,'’") in _NOT_TOWN_OR_UNITS for w in m.group("town").split()) \
                and not any(x < m.end() and y > m.start("z") for x, y, _, _, _ in scan.out):  # what is found stands
            scan.emit(m.start("z"), m.end("z"), "ZIP", 0.8)
            scan.emit(m.start("town"), m.end("town"), "CITY", 0.75)
            continue
        m = _TOWN_CODE_AFTER_STREET.match(text, b)
        if m is None or any(w.lower().strip(".,'’") in _NOT_TOWN for w in m.group("town").split()):
            continue
        last = m.group("town").split()[-1]
        if len(last) == 2 and last.isupper():
            continue  # "..., Kramerfort IL 83241": a US town, state and ZIP, which the address passes read
        scan.emit(m.start("town"), m.end("town"), "CITY", 0.75)
        scan.emit(m.start("z"), m.end("z"), "ZIP", 0.8)


#: An Irish Eircode: a routing key (a letter of the Eircode alphabet and two digits, or D6W), a space or none, and a
#: four-character unique identifier from the same alphabet ("V95 X2E3", "a65f4e2"), in one case.
_EIR_LETTER = "ACDEFHKNPRTVWXY"
_EIRCODE = re.compile(rf"(?<![\w/.-])(?P<ec>(?:[{_EIR_LETTER}][0-9]{{2}}|D6W)[ \t]?[{_EIR_LETTER}0-9]{{4}}"
                      rf"|(?:[{_EIR_LETTER.lower()}][0-9]{{2}}|d6w)[ \t]?[{_EIR_LETTER.lower()}0-9]{{4}})(?![\w/-])")
#: Where an ``_EIRCODE`` can start: a routing key's letter before two digits or "6W" (the engine skips to them).
_EIRCODE_START = re.compile(rf"[{_EIR_LETTER}{_EIR_LETTER.lower()}](?=[0-9]{{2}}|6[Ww])")
_EIRCODE_CUE = re.compile(r"(?i)eir[ \t]?code[ \t]*(?:is[ \t]+)?[:#-]?[ \t]*$")
_COMMA_BEFORE = re.compile(r",[ \t]*$")


def find_eircodes(scan: Scan) -> None:
    """"my Eircode is V95 X2E3", "12 Main St, Ennis, v95 x2e3": an Eircode after its cue, or one whose identifier
    mixes letters and digits after an address preposition or a comma (a drug strength or a code has no such part)."""
    text = scan.text
    for m in started_finditer(_EIRCODE, _EIRCODE_START, text):
        s, e = m.span("ec")
        lo = max(scan.line_start(s), s - 40)
        if _EIRCODE_CUE.search(text, lo, s):
            scan.emit(s, e, "ZIP", 0.9)
            continue
        ident = m.group("ec")[-4:]
        if any(c.isdigit() for c in ident) and any(c.isalpha() for c in ident) and (
                _PREPOSITION_BEFORE.search(text, lo, s) or _COMMA_BEFORE.search(text, lo, s)):
            scan.emit(s, e, "ZIP", 0.8)


#: An Indian PIN code: six digits (the first no zero) after a town, with a street word before the town's comma
#: or ", India" after it: "14/2 Park Street, Kolkata 700016", "Pune 411001, India".
_PIN = re.compile(r"(?<![\w'’])(?P<town>[^\W\d_][\w'’.-]*)[ \t]+(?P<pin>[1-9][0-9]{5})(?![\w/-]|[.,][0-9])")
_PIN_STREET_BEFORE = re.compile(r"(?i)\b(?:road|rd|street|st|marg|nagar|lane|colony|sector|layout|cross|main|path|"
                                r"chowk|bazar|bazaar|gali|block|phase|society|apartments?|enclave|vihar)\.?[ \t]*,[ \t]*$")
#: What every match of ``_PIN`` holds on its line: the lines without it are skipped.
_PIN_GATE = re.compile(r"[ \t][1-9][0-9]{5}(?![\w/-]|[.,][0-9])")
_INDIA_AFTER = re.compile(r"[ \t]*,?[ \t]*(?i:india)(?![\w])")


def find_pin_codes(scan: Scan) -> None:
    """Indian PIN codes after their town: the weak six-digit ID guess becomes a ZIP (and the town a CITY)."""
    text = scan.text
    for m in matches_on_lines(_PIN, text, scan.lines_if(_PIN_GATE, lowered=False)):
        lo = max(scan.line_start(m.start()), m.start() - 60)
        if m.group("town").lower() in _NOT_TOWN_OR_UNITS:
            continue
        if _PIN_STREET_BEFORE.search(text, lo, m.start()) or _INDIA_AFTER.match(text, m.end()):
            scan.emit(m.start("pin"), m.end("pin"), "ZIP", 0.8)
            scan.emit(m.start("town"), m.end("town"), "CITY", 0.7)


#: An Australian state or territory and its four-digit postcode, in any case: "Parramatta NSW 2150", "bondi nsw 2026",
#: "Alice Springs NT 0871". Found from the four digits (a blank, then the digits: a fast scan), then the state right
#: before them; the code must lie in its state's ranges ("act 2014" is a law's year, not Canberra).
_FOUR_DIGITS = re.compile(r"[ \t](?P<pc>[0-9]{4})(?![\w/-]|[.,:][0-9])")
_AU_STATE_BEFORE = re.compile(r"(?<![\w'’.-])(?P<st>(?i:nsw|vic|qld|tas|act|sa|wa|nt))\.?[ \t]*$")
_AU_RANGES = {
    "nsw": ((1000, 2599), (2619, 2899), (2921, 2999)), "act": ((200, 299), (2600, 2618), (2900, 2920)),
    "vic": ((3000, 3999), (8000, 8999)), "qld": ((4000, 4999), (9000, 9999)), "sa": ((5000, 5799),),
    "wa": ((6000, 6797),), "tas": ((7000, 7799),), "nt": ((800, 899),),
}


def find_australian_postcodes(scan: Scan) -> None:
    """An Australian state and its postcode: STATE and ZIP; in a note typed in lower case the four digits were
    read as a year ("parramatta nsw 2150"). The state is weaker than a town the lexicon reads with it."""
    text = scan.text
    for m in _FOUR_DIGITS.finditer(text):
        st = _AU_STATE_BEFORE.search(text, max(0, m.start() - 6), m.start())
        if st is None:
            continue
        code = int(m.group("pc"))
        if any(a <= code <= b for a, b in _AU_RANGES[st.group("st").lower()]):
            scan.emit(st.start("st"), st.end("st"), "STATE", 0.75)
            scan.emit(m.start("pc"), m.end("pc"), "ZIP", 0.95)


AU_POSTCODES = TextPass(("ZIP", "STATE"), lambda scan: scan.has_digit, find_australian_postcodes)
PIN_CODES = TextPass(("ZIP", "CITY"), lambda scan: scan.has_digit and ("," in scan.text or "india" in scan.lower),
                     find_pin_codes)
EIRCODES = TextPass(("ZIP",), lambda scan: scan.has_digit and scan.may_hold("eircode", "eir code", ","," in ", " at ", " near "),
                    find_eircodes)
RUNNING_POSTCODES = TextPass(("ZIP", "CITY", "STREET"), lambda scan: scan.has_digit and _GATE.search(scan.text) is not None,
                             find_running_postcodes)
CODES_AFTER_TOWNS = TextPass(("ZIP",), lambda scan: scan.has_digit and "," in scan.text, find_codes_after_towns)
