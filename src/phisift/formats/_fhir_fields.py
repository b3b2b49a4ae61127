"""Where the PHI of a FHIR resource sits: found by the shape of its data types, in any resource.

FHIR spells the same data types the same way in every resource, so one walk over a
resource finds them wherever they are (a Patient's contacts, a RelatedPerson, a
Practitioner, an extension's ``valueAddress``):

* *given values* (replaced whole, with the same per-patient surrogates as the notes;
  ``(path, value, label, kind)``, kind the FHIR type the replacement must stay):
  HumanName parts (PATIENT, or DOCTOR in a Practitioner), Address parts, ContactPoint
  values (PHONE, FAX, EMAIL, URL), Identifier values (MEDICALRECORD, SSN, LICENSE,
  IDNUM), a Reference's ``display`` whose target or role says who it names (a
  Patient or subject: PATIENT; a Practitioner, author, performer: DOCTOR; an
  Organization, custodian: HOSPITAL), an Organization's name and aliases, and every
  date, dateTime or instant (birth and death dates, ``DocumentReference.date``,
  periods, ``meta.lastUpdated``...), shifted by the patient's offset;
* *free text* (``(path, kind)``, looked at by the detector with the patient's known
  identifiers): the XHTML narrative ``text.div`` (its text nodes and title/alt/href
  attributes, the markup kept), ``description``, attachment titles and URLs,
  annotations (``note[].text``), ``valueString``, the free text of a CodeableConcept
  (``code.text``; its codings stay), and a Reference display that names no known kind
  of target;
* *dropped*: ``photo`` (a picture of the person).

Codes (Coding, CodeableConcept codes and their displays), ids, references, systems,
status values, quantities and attachment data (the notes, handled by ``fhir.py``)
are left as they are.
"""

from __future__ import annotations

import re
from typing import Any, Iterator
from xml.etree import ElementTree

XHTML = "http://www.w3.org/1999/xhtml"
_DATE = re.compile(r"([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?")
_DATETIME = re.compile(
    _DATE.pattern + r"(T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|[+-]((0[0-9]|1[0-3]):[0-5][0-9]|14:00)))?"
)
VALID = {"date": _DATE, "dateTime": _DATETIME}

_ADDRESS = (("text", "STREET"), ("city", "CITY"), ("district", "LOCATION-OTHER"), ("state", "STATE"),
            ("postalCode", "ZIP"), ("country", "COUNTRY"))
_TELECOM = {"fax": "FAX", "email": "EMAIL", "url": "URL"}
_CONTACT_SYSTEMS = ("phone", "fax", "email", "pager", "url", "sms", "other")
#: a Reference's target type -> the label of its display
_TARGET = {"Patient": "PATIENT", "RelatedPerson": "PATIENT", "Person": "PATIENT", "Practitioner": "DOCTOR",
           "PractitionerRole": "DOCTOR", "Organization": "HOSPITAL", "Location": "LOCATION-OTHER",
           "Device": "DEVICE"}
#: a Reference's element name -> the label of its display, when its target does not say
_ROLE = {"subject": "PATIENT", "patient": "PATIENT", "beneficiary": "PATIENT", "subscriber": "PATIENT",
         "policyHolder": "PATIENT", "author": "DOCTOR", "authenticator": "DOCTOR", "performer": "DOCTOR",
         "requester": "DOCTOR", "recorder": "DOCTOR", "asserter": "DOCTOR", "generalPractitioner": "DOCTOR",
         "practitioner": "DOCTOR", "participant": "DOCTOR", "custodian": "HOSPITAL",
         "managingOrganization": "HOSPITAL", "organization": "HOSPITAL", "serviceProvider": "HOSPITAL"}
#: elements whose strings are never PHI dates (ids, codes, systems) and are not looked into
_NOT_DATES = frozenset({"id", "reference", "system", "code", "version", "url", "div", "data", "contentType",
                        "language", "status", "unit", "display", "resourceType", "fullUrl", "profile"})
_FREE_TEXT = frozenset({"description", "valueString", "comment"})
_PERSONS = {"Practitioner": "DOCTOR", "PractitionerRole": "DOCTOR"}
_DROP = ("photo",)

Field = tuple[list, str, str, str]


class Found:
    """What one walk over a resource finds: given values, free-text places, places to drop."""

    def __init__(self, person: str) -> None:
        self.person = person
        self.fields: list[Field] = []
        self.strings: list[tuple[list, str]] = []

    def field(self, where: list, value: Any, label: str, kind: str = "string") -> None:
        if isinstance(value, str) and value.strip():
            self.fields.append((where, value, label, kind))

    def text(self, where: list, value: Any, kind: str = "string") -> None:
        if isinstance(value, str) and value.strip():
            self.strings.append((where, kind))


def resource_phi(resource: dict) -> Found:
    """The given values and free-text places of one resource (see the module doc)."""
    rtype = resource.get("resourceType")
    found = Found(_PERSONS.get(rtype, "PATIENT"))
    if rtype == "Organization":
        found.field(["name"], resource.get("name"), "HOSPITAL")
        for i, alias in enumerate(resource.get("alias") or []):
            found.field(["alias", i], alias, "HOSPITAL")
    for key, value in resource.items():
        if key in _DROP or (rtype == "Organization" and key in ("name", "alias")):
            continue
        _walk(value, [key], key, found)
    return found


def dropped(resource: dict) -> list[str]:
    """The elements of a resource that are left out of the output (a person's photo)."""
    return [key for key in _DROP if key in resource]


def _walk(value: Any, where: list, key: str, found: Found) -> None:
    if isinstance(value, list):
        for i, item in enumerate(value):
            _walk(item, [*where, i], key, found)
    elif isinstance(value, dict):
        _walk_object(value, where, key, found)
    elif isinstance(value, str):
        if key in _FREE_TEXT:
            found.text(where, value)
        elif key not in _NOT_DATES and _is_date(value, key):
            found.field(where, value, "DATE", "date" if _DATE.fullmatch(value) else "dateTime")


def _is_date(value: str, key: str) -> bool:
    if not _DATETIME.fullmatch(value):
        return False
    return "-" in value or key.lower().endswith(("date", "datetime", "instant", "start", "end"))


def _walk_object(obj: dict, where: list, key: str, found: Found) -> None:
    handled = _typed(obj, where, key, found)
    for k, v in obj.items():
        if k not in handled:
            _walk(v, [*where, k], k, found)


def _typed(obj: dict, where: list, key: str, found: Found) -> set[str]:
    """The data type ``obj`` is, by its shape: its PHI found, and the keys it handled."""
    if key == "text" and isinstance(obj.get("div"), str):  # Narrative
        found.text([*where, "div"], obj["div"], "div")
        return {"div"}
    if "family" in obj or "given" in obj or (key == "name" and isinstance(obj.get("text"), str)):  # HumanName
        found.field([*where, "text"], obj.get("text"), found.person)
        for j, given in enumerate(obj.get("given") or []):
            found.field([*where, "given", j], given, found.person)
        found.field([*where, "family"], obj.get("family"), found.person)
        return {"text", "given", "family"}
    if any(k in obj for k in ("line", "city", "postalCode", "district")):  # Address
        for j, line in enumerate(obj.get("line") or []):
            found.field([*where, "line", j], line, "STREET")
        for k, label in _ADDRESS:
            found.field([*where, k], obj.get(k), label)
        return {"line"} | {k for k, _ in _ADDRESS}
    if obj.get("system") in _CONTACT_SYSTEMS and "value" in obj and key != "identifier":  # ContactPoint
        found.field([*where, "value"], obj["value"], _TELECOM.get(obj["system"], "PHONE"))
        return {"value", "system"}
    if key in ("identifier", "masterIdentifier", "valueIdentifier") and "value" in obj:  # Identifier
        found.field([*where, "value"], obj["value"], identifier_label(obj))
        return {"value", "system"}
    if "contentType" in obj or "data" in obj:  # Attachment: its data is the note, handled by fhir.py
        found.text([*where, "title"], obj.get("title"))
        found.text([*where, "url"], obj.get("url"))
        return {"data", "title", "url", "hash", "size"}
    if isinstance(obj.get("display"), str) and "code" not in obj and "system" not in obj:  # Reference
        target = str(obj.get("reference", "")).split("/")[-2:-1]
        label = _TARGET.get(target[0]) if target else None
        label = label or _ROLE.get(key)
        if label:
            found.field([*where, "display"], obj["display"], label)
        else:
            found.text([*where, "display"], obj["display"])
        return {"display", "reference"}
    if key == "note" and isinstance(obj.get("text"), str):  # Annotation
        found.text([*where, "text"], obj["text"])
        return {"text"}
    if isinstance(obj.get("text"), str) and set(obj) <= {"text", "coding", "id", "extension"}:  # CodeableConcept
        found.text([*where, "text"], obj["text"])  # its free text; the codings stay
        return {"text"}
    return set()


def identifier_label(ident: dict) -> str:
    system = str(ident.get("system", "")).lower()
    coding = (ident.get("type") or {}).get("coding") if isinstance(ident.get("type"), dict) else None
    codes = {c.get("code") for c in coding or [] if isinstance(c, dict)}
    if "SS" in codes or system.endswith(("ssn", "2.16.840.1.113883.4.1")):
        return "SSN"
    if "DL" in codes:
        return "LICENSE"
    if "MR" in codes or "mrn" in system or not system:
        return "MEDICALRECORD"
    return "MEDICALRECORD" if str(ident.get("use", "")) == "official" else "IDNUM"


# --------------------------------------------------------------------------- XHTML narrative
def _positions(root: ElementTree.Element) -> Iterator[tuple[ElementTree.Element, str]]:
    """Every place of a div that holds text: each element's text, its title/alt/href, its tail."""
    for el in root.iter():
        yield el, "text"
        for attr in ("title", "alt", "href"):
            if attr in el.attrib:
                yield el, "@" + attr
        if el is not root:
            yield el, "tail"


def _get(el: ElementTree.Element, where: str) -> str:
    return el.attrib.get(where[1:], "") if where.startswith("@") else (getattr(el, where) or "")


def _put(el: ElementTree.Element, where: str, value: str) -> None:
    if where.startswith("@"):
        el.attrib[where[1:]] = value
    else:
        setattr(el, where, value)


def div_texts(div: str) -> tuple[str, list[int], list[str]]:
    """A narrative div split into its skeleton (texts blanked), the blanked places and their texts.

    Raises ``ValueError`` for a div that is not well-formed XML.
    """
    from defusedxml import ElementTree as SafeTree

    try:
        root = SafeTree.fromstring(div)
    except Exception as exc:  # ParseError, or defusedxml refusing entities
        raise ValueError(type(exc).__name__) from None
    places, texts = [], []
    for i, (el, where) in enumerate(_positions(root)):
        value = _get(el, where)
        if value.strip():
            places.append(i)
            texts.append(value)
            _put(el, where, "")
    return _serialise(root), places, texts


def div_with(skeleton: str, places: list[int], texts: list[str]) -> str:
    """The skeleton div with its blanked places filled with ``texts`` (the de-identified ones)."""
    from defusedxml import ElementTree as SafeTree

    root = SafeTree.fromstring(skeleton)
    wanted = dict(zip(places, texts))
    for i, (el, where) in enumerate(_positions(root)):
        if i in wanted:
            _put(el, where, wanted[i])
    return _serialise(root)


def _serialise(root: ElementTree.Element) -> str:
    ElementTree.register_namespace("", XHTML)
    return ElementTree.tostring(root, encoding="unicode")
