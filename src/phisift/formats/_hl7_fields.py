"""Where the PHI of an HL7 v2 message sits: a table per segment, read by HL7 v2 data type.

A field's data type says what each of its components holds, so the tables name a
type (and, for the people and identifiers it holds, a label) per field, and
``TYPES`` says, per type, what each component (or subcomponent) is:

* ``LABEL``: the field's own label (a name part of an XPN/XCN is PATIENT or DOCTOR
  by the segment, a CX identifier MEDICALRECORD, ACCOUNT, SSN...);
* a fixed label (``STREET`` in an XAD, ``PHONE``/``EMAIL`` in an XTN, ``IDNUM`` for
  a provider's id number);
* ``DATE``: a DTM (date/time) value, shifted per patient like the note's dates; the
  first subcomponent only (the second of a TS is a precision code), and only its
  date/time digits: a time zone or fraction of a second after them stays;
* ``TEXT``: free text (the text part of a coded element, ST/TX/FT comments, an
  unknown segment's values), looked at by the detector with the message's notes.

Every value but ``TEXT`` is a *given* value: replaced whole, with the same surrogate
as the same string in the notes (``_fields.py``). Anything not named here (codes,
units, reference ranges, flags, set ids, the sending application) stays as it was.

Unknown segments (``Z..`` site segments, and standard ones not in ``SEGMENTS``) are
not known to be free of PHI, so every one of their values goes to the detector
(``ANY``): a demanding default, at the price of a site code the detector takes for
an identifier.

Fields are numbered as in the standard; python-hl7 numbers MSH the same way (MSH-1
is the field separator). A place is ``[segment, field, repetition, component,
subcomponent]`` (0-based segment and repetition, 1-based component and
subcomponent), or ``[segment, field, repetition]`` for a whole repetition of free
text (TX/FT: one note line per repetition).
"""

from __future__ import annotations

from typing import Any, Iterator, NamedTuple

LABEL = "LABEL"
DATE = "DATE"
TEXT = "TEXT"
IDNUM = "IDNUM"

#: type -> {component: role}, a role being LABEL, DATE, TEXT, a label, or {subcomponent: role}.
_NAME = {1: LABEL, 2: LABEL, 3: LABEL}  # XPN/PN: family (all its subcomponents), given, middle
_PERSON = {1: IDNUM, 2: LABEL, 3: LABEL, 4: LABEL}  # XCN/CN: id number, family, given, middle
_ADDRESS = {1: "STREET", 2: "STREET", 3: "CITY", 4: "STATE", 5: "ZIP", 6: "COUNTRY", 8: "LOCATION-OTHER",
            9: "LOCATION-OTHER", 13: DATE, 14: DATE}
TYPES: dict[str, dict[int, Any]] = {
    "XPN": _NAME,
    "PN": _NAME,
    "XCN": _PERSON,
    "CN": _PERSON,
    "PPN": {**_PERSON, 15: DATE},  # a person and when they acted (TXA-22)
    "NDL": {1: {1: IDNUM, 2: LABEL, 3: LABEL, 4: LABEL}, 2: DATE, 3: DATE},  # CNN person in subcomponents
    "XAD": _ADDRESS,
    "AD": _ADDRESS,
    "XTN": {1: "PHONE", 4: "EMAIL", 6: "PHONE", 7: "PHONE", 8: "PHONE", 9: TEXT, 12: "PHONE"},
    "CX": {1: LABEL, 4: {1: "HOSPITAL", 2: IDNUM}, 6: {1: "HOSPITAL", 2: IDNUM}},  # + who assigned it
    "HD": {1: LABEL, 2: IDNUM},  # a facility: its name and its universal id (an OID names it as well)
    "PL": {4: {1: "HOSPITAL", 2: IDNUM}, 9: TEXT},  # ward, room and bed stay; the facility and free text go
    "EI": {1: LABEL},
    "EIP": {1: {1: LABEL}, 2: {1: LABEL}},  # placer and filler identifiers (SPM-2)
    "XON": {1: LABEL, 3: IDNUM, 10: IDNUM},
    "DLN": {1: LABEL, 3: DATE},
    "TS": {1: DATE},
    "DT": {1: DATE},
    "DTM": {1: DATE},
    "DR": {1: DATE, 2: DATE},
    "TQ": {4: DATE, 5: DATE},  # quantity/timing: start and end
    "CE": {2: TEXT, 5: TEXT, 9: TEXT},  # the codes stay, their texts go to the detector
    "CWE": {2: TEXT, 5: TEXT, 9: TEXT},
    "CF": {2: TEXT, 5: TEXT, 9: TEXT},
    "VALUE": {},  # an identifier in a string (ST SSN, a policy number): every part, the field's label
    "FT": {},  # free text (ST/TX/FT): each repetition whole to the detector
    "ANY": {},  # unknown: every part to the detector
}

#: OBX-2 value type -> how OBX-5 is read (types not here, like NM, SN, CP, ID, ED, stay as they are).
OBX_VALUE: dict[str, tuple[str, str | None]] = {
    "TX": ("FT", None), "FT": ("FT", None), "ST": ("FT", None),
    "CE": ("CE", None), "CWE": ("CWE", None), "CF": ("CF", None),
    "DT": ("DT", None), "DTM": ("DTM", None), "TS": ("TS", None), "DR": ("DR", None),
    "XPN": ("XPN", "PATIENT"), "PN": ("PN", "PATIENT"), "XCN": ("XCN", "DOCTOR"), "CN": ("CN", "DOCTOR"),
    "XAD": ("XAD", None), "AD": ("AD", None), "XTN": ("XTN", None), "TN": ("VALUE", "PHONE"),
    "CX": ("CX", "IDNUM"), "EI": ("EI", "IDNUM"), "XON": ("XON", "ORGANIZATION"),
}

_P, _D, _MR, _ID = "PATIENT", "DOCTOR", "MEDICALRECORD", "IDNUM"
_TS, _DT, _FT = ("TS", None), ("DT", None), ("FT", None)

#: segment -> {field: (type, label)}: the places of PHI in each segment the tables know (HL7 v2.5.1).
SEGMENTS: dict[str, dict[int, tuple[str, str | None]]] = {
    # message time; control id (it names the message in the sender's logs); the sending and receiving
    # facilities (HOSPITAL in i2b2 2014), not the applications (MSH-3/5)
    "MSH": {4: ("HD", "HOSPITAL"), 6: ("HD", "HOSPITAL"), 7: _TS, 10: ("VALUE", _ID)},
    "MSA": {2: ("VALUE", _ID), 3: _FT},
    "EVN": {2: _TS, 3: _TS, 5: ("XCN", _D), 6: _TS, 7: ("HD", "HOSPITAL")},
    "PID": {2: ("CX", _MR), 3: ("CX", _MR), 4: ("CX", _MR), 5: ("XPN", _P), 6: ("XPN", _P), 7: _TS,
            9: ("XPN", _P), 11: ("XAD", None), 12: ("VALUE", "LOCATION-OTHER"), 13: ("XTN", None),
            14: ("XTN", None), 18: ("CX", "ACCOUNT"), 19: ("VALUE", "SSN"), 20: ("DLN", "LICENSE"),
            21: ("CX", _MR), 23: ("VALUE", "LOCATION-OTHER"), 29: _TS, 33: _TS},
    "PD1": {3: ("XON", "HOSPITAL"), 4: ("XCN", _D)},
    "MRG": {1: ("CX", _MR), 2: ("CX", _MR), 3: ("CX", "ACCOUNT"), 4: ("CX", _MR), 5: ("CX", _ID), 6: ("CX", _ID),
            7: ("XPN", _P)},
    "NK1": {2: ("XPN", _P), 4: ("XAD", None), 5: ("XTN", None), 6: ("XTN", None), 8: _DT, 9: _DT, 10: _FT,
            12: ("CX", _ID), 13: ("XON", "ORGANIZATION"), 16: _TS, 30: ("XPN", _P), 31: ("XTN", None),
            32: ("XAD", None), 33: ("CX", _MR), 37: ("VALUE", "SSN"), 38: ("VALUE", "LOCATION-OTHER")},
    "PV1": {3: ("PL", None), 6: ("PL", None), 11: ("PL", None), 42: ("PL", None), 43: ("PL", None), 7: ("XCN", _D), 8: ("XCN", _D), 9: ("XCN", _D), 17: ("XCN", _D), 19: ("CX", _ID), 44: _TS, 45: _TS,
            50: ("CX", _ID), 52: ("XCN", _D)},
    "PV2": {3: ("CE", None), 8: _TS, 9: _TS, 12: _FT, 13: ("XCN", _D), 23: ("XON", "HOSPITAL"), 26: _DT,
            33: _TS, 46: _DT, 47: _TS, 48: _TS},
    "ROL": {4: ("XCN", _D), 5: _TS, 6: _TS, 11: ("XAD", None), 12: ("XTN", None)},
    "GT1": {2: ("CX", "ACCOUNT"), 3: ("XPN", _P), 4: ("XPN", _P), 5: ("XAD", None), 6: ("XTN", None),
            7: ("XTN", None), 8: _TS, 12: ("VALUE", "SSN"), 13: _DT, 14: _DT, 16: ("XPN", _P), 17: ("XAD", None),
            18: ("XTN", None), 19: ("CX", _ID), 21: ("XON", "ORGANIZATION"), 24: _TS, 29: ("CX", _ID), 31: _DT,
            32: _DT, 44: ("XPN", _P), 47: ("XPN", _P), 48: ("XTN", None), 53: ("XON", "ORGANIZATION")},
    "IN1": {6: ("XPN", _P), 7: ("XTN", None), 8: ("VALUE", "HEALTHPLAN"), 9: ("XON", "ORGANIZATION"),
            10: ("CX", _ID), 11: ("XON", "ORGANIZATION"), 12: _DT, 13: _DT, 16: ("XPN", _P), 18: _TS,
            19: ("XAD", None), 24: _DT, 26: _DT, 29: _TS, 30: ("XCN", _D), 36: ("VALUE", "HEALTHPLAN"),
            44: ("XAD", None), 49: ("CX", "HEALTHPLAN"), 51: _DT, 52: ("VALUE", "LOCATION-OTHER")},
    "IN2": {1: ("CX", _ID), 2: ("VALUE", "SSN"), 3: ("XCN", _P), 6: ("VALUE", "HEALTHPLAN"), 7: ("XPN", _P),
            8: ("VALUE", "HEALTHPLAN"), 25: ("CX", "HEALTHPLAN"), 26: ("CX", "HEALTHPLAN"), 49: ("XPN", _P),
            50: ("XTN", None), 52: ("XPN", _P), 53: ("XTN", None), 54: ("XAD", None), 61: ("CX", "HEALTHPLAN"),
            63: ("XTN", None), 64: ("XTN", None)},
    "ORC": {2: ("EI", _ID), 3: ("EI", _ID), 4: ("EI", _ID), 7: ("TQ", None), 9: _TS, 10: ("XCN", _D),
            11: ("XCN", _D), 12: ("XCN", _D), 14: ("XTN", None), 15: _TS, 19: ("XCN", _D), 21: ("XON", "HOSPITAL"),
            22: ("XAD", None), 23: ("XTN", None), 24: ("XAD", None)},
    "TQ1": {7: _TS, 8: _TS},
    "OBR": {2: ("EI", _ID), 3: ("EI", _ID), 6: _TS, 7: _TS, 8: _TS, 10: ("XCN", _D), 13: _FT, 14: _TS,
            16: ("XCN", _D), 17: ("XTN", None), 18: _FT, 19: _FT, 20: _FT, 21: _FT, 22: _TS, 27: ("TQ", None),
            28: ("XCN", _D), 32: ("NDL", _D), 33: ("NDL", _D), 34: ("NDL", _D), 35: ("NDL", _D), 36: _TS},
    "OBX": {14: _TS, 16: ("XCN", _D), 19: _TS, 23: ("XON", "HOSPITAL"), 24: ("XAD", None), 25: ("XCN", _D)},
    "NTE": {3: _FT, 5: ("XCN", _D), 6: _TS},
    "SPM": {2: ("EIP", _ID), 3: ("EIP", _ID), 14: _FT, 17: ("DR", None), 18: _TS},
    "AL1": {3: ("CE", None), 5: _FT, 6: _DT},
    "DG1": {3: ("CE", None), 4: _FT, 5: _TS, 16: ("XCN", _D), 19: _TS},
    "PR1": {3: ("CE", None), 4: _FT, 5: _TS, 8: ("XCN", _D), 11: ("XCN", _D), 12: ("XCN", _D)},
    "TXA": {4: _TS, 5: ("XCN", _D), 6: _TS, 7: _TS, 8: _TS, 9: ("XCN", _D), 10: ("XCN", _D), 11: ("XCN", _D),
            12: ("EI", _ID), 13: ("EI", _ID), 14: ("EI", _ID), 15: ("EI", _ID), 16: ("VALUE", _ID),
            22: ("PPN", _D), 23: ("XCN", _D)},
    "ERR": {7: _FT, 8: _FT},
    "SFT": {},  # the sending software: no patient data
}


#: Where a name part goes in the full name notes write ("Given Middle Family"), by type and component
#: (NDL: by subcomponent of its first component).
NAME_ORDER: dict[str, dict[int, int]] = {
    "XPN": {2: 0, 3: 1, 1: 2}, "PN": {2: 0, 3: 1, 1: 2},
    "XCN": {3: 0, 4: 1, 2: 2}, "CN": {3: 0, 4: 1, 2: 2}, "PPN": {3: 0, 4: 1, 2: 2}, "NDL": {3: 0, 4: 1, 2: 2},
}
PERSON_LABELS = ("PATIENT", "DOCTOR")


class Place(NamedTuple):
    """One value of a message: where it is, and what it is (a label, or TEXT for the detector).

    A name part also says whose name it is (``person``: its segment, field and repetition)
    and its rank in "Given Middle Family", so the full names can be the notes' known identifiers.
    """

    where: tuple[int, ...]
    role: str
    person: str | None = None
    rank: int = 0


def field_specs(segment: Any) -> Iterator[tuple[int, str, str | None]]:
    """``(field, type, label)`` of the fields of one segment that may hold PHI."""
    name = str(segment[0])
    table = SEGMENTS.get(name)
    if table is None:  # a site segment or one the tables do not know: all of it to the detector
        yield from ((f, "ANY", None) for f in range(1, len(segment)))
        return
    yield from ((f, t, label) for f, (t, label) in table.items())
    if name == "OBX" and len(segment) > 2:
        value_type = str(segment[2]).upper()
        if value_type in OBX_VALUE:
            yield (5, *OBX_VALUE[value_type])


def places(segment: Any, s: int, field: int, kind: str, label: str | None, expand: Any) -> Iterator[Place]:
    """The non-empty places of one field of segment ``s`` by its type (``expand``: the field as nested lists)."""
    if len(segment) <= field or not str(segment[field]):
        return
    value = expand(segment, field)
    for r, rep in enumerate(value):
        if kind == "FT":
            if str(rep):
                yield Place((s, field, r), TEXT)
            continue
        rep_label = "SSN" if kind == "CX" and len(rep) >= 5 and str(rep[4]).upper() == "SS" else label
        order = NAME_ORDER.get(kind, {})
        for c, comp in enumerate(rep, 1):
            roles = _component_roles(kind, c, len(comp))
            for k, sub in enumerate(comp, 1):
                role = roles.get(k)
                if role is None or not str(sub).strip() or str(sub) == '""':
                    continue
                role = (rep_label if role == LABEL else role) or TEXT
                rank = order.get(k if kind == "NDL" else c)
                if role in PERSON_LABELS and rank is not None:
                    yield Place((s, field, r, c, k), role, f"{s}.{field}.{r}", rank)
                else:
                    yield Place((s, field, r, c, k), role)


def _component_roles(kind: str, c: int, subs: int) -> dict[int, str]:
    """``{subcomponent: role}`` of component ``c`` of a type."""
    if kind == "ANY":
        return {k: TEXT for k in range(1, subs + 1)}
    if kind == "VALUE":
        return {k: LABEL for k in range(1, subs + 1)}
    role = TYPES[kind].get(c)
    if role is None:
        return {}
    if isinstance(role, dict):
        return role
    if role == DATE:
        return {1: DATE}  # a TS inside a composite: DTM & precision
    return {k: role for k in range(1, subs + 1)}
