"""FHIR R4 JSON: a Bundle, one resource, or NDJSON (bulk export) of resources.

The notes are the text attachments of DocumentReference resources
(``content[].attachment`` with base64 ``data`` and a ``text/*`` contentType): each
becomes a document whose patient (``meta["_patient"]``) is ``subject.reference``.
A Patient resource becomes a *fields* document (see ``_fields.py``): its name,
birth date, address, telecom and identifier values (and those of its contacts) as
given spans, so they are replaced with the same per-patient surrogates as the
notes; the same values are the known identifiers (``meta["_known_phi"]``) of every
document of that patient in the file. A reference's ``display`` that names the
patient (``subject.display``) or an author is a fields document of its resource
too. Every other resource, and every other element, is carried through as it was.

A Patient's ``birthDate`` (and its birth-time extension) is marked as a date of birth
(``BIRTH_DATE``), and every document of a patient carries the latest full date of
that patient's resources in the file (``SOURCE_NOTE_DATE``: DocumentReference.date,
an encounter's period, the death date, ``meta.lastUpdated``; birth dates left out),
so that the over-89 rule of the notes aggregates the birth date of a patient older
than 89 at that date (today when the file gives none), in the Patient and in the
notes alike.

Writing puts each document's text back where it came from: the attachment's
``data`` (and its ``size`` and ``hash`` when present, so they describe the new
data), the Patient's fields. A replacement that is not a valid value of its FHIR
element (a tag in ``birthDate``, an empty redaction) removes the value and marks it
with the standard data-absent-reason extension (code ``masked``), so the resource
stays valid FHIR. Output ``.ndjson``/``.jsonl`` is NDJSON, anything else one JSON
document (a Bundle when the input was a Bundle or NDJSON).

Document meta holds each resource's skeleton with its text and PHI places blanked
(``None``), never the values themselves.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import re
import uuid
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..document import BIRTH_DATE, SOURCE_NOTE_DATE, Document
from ..errors import InputError
from ._common import open_input
from ..fileio import atomic_write
from ._fhir_fields import VALID, Found, div_texts, div_with, dropped, resource_phi
from ._fields import GIVEN, KNOWN_PHI, PATIENT, FieldText, field_values, known_list, mark_births

NAME = "fhir"
META = "_fhir"
NDJSON_SUFFIXES = (".ndjson", ".jsonl")
DATA_ABSENT = {"url": "http://hl7.org/fhir/StructureDefinition/data-absent-reason", "valueCode": "masked"}

# --------------------------------------------------------------------------- reading
def read(path: str | Path) -> Iterator[Document]:
    """Documents of a FHIR Bundle, resource or NDJSON file, resource by resource."""
    path = Path(path)
    if path.suffix.lower() in NDJSON_SUFFIXES:
        patients = _patients((resource, None) for resource, _ in _ndjson(path))
        for n, (resource, line) in enumerate(_ndjson(path)):
            yield from _resource_docs(resource, None, n, patients, path, line, {"container": "ndjson"} if n == 0 else {})
        return
    top = _load_json(path)
    if top.get("resourceType") != "Bundle":
        yield from _resource_docs(top, None, 0, _patients([(top, None)]), path, None, {"container": "resource"})
        return
    entries = top.get("entry") or []
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InputError("Bundle.entry must be a list of objects", path)
    patients = _patients((e.get("resource"), e.get("fullUrl")) for e in entries)
    bundle = {k: v for k, v in top.items() if k != "entry"}
    if not entries:
        yield Document("Bundle", "", (), {META: {"entry": 0, "part": 0, "parts": 1, "role": "empty",
                                                 "container": "bundle", "bundle": bundle}})
        return
    for n, entry in enumerate(entries):
        first = {"container": "bundle", "bundle": bundle} if n == 0 else {}
        yield from _resource_docs(entry.get("resource"), entry, n, patients, path, None, first)


def _load_json(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except IsADirectoryError:
        raise InputError("is a folder, expected a FHIR JSON file", path) from None
    try:
        top = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise InputError(f"invalid UTF-8 at byte {exc.start}", path) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"bad JSON ({exc.msg})", path, exc.lineno) from None
    if not isinstance(top, dict) or not isinstance(top.get("resourceType"), str):
        raise InputError("not a FHIR resource (no resourceType)", path)
    return top


def _ndjson(path: Path) -> Iterator[tuple[dict[str, Any], int]]:
    with open_input(path, "an NDJSON file") as fh:
        for lineno, raw in enumerate(fh, 1):
            if not raw.strip():
                continue
            try:
                resource = json.loads(raw.decode("utf-8-sig" if lineno == 1 else "utf-8"))
            except UnicodeDecodeError as exc:
                raise InputError(f"invalid UTF-8 at byte {exc.start} of the line", path, lineno) from None
            except json.JSONDecodeError as exc:
                raise InputError(f"bad JSON ({exc.msg} at column {exc.pos + 1})", path, lineno) from None
            if not isinstance(resource, dict) or not isinstance(resource.get("resourceType"), str):
                raise InputError("not a FHIR resource (no resourceType)", path, lineno)
            yield resource, lineno


class _Patients:
    """Patient resources of a file by every reference that can name them, with their known identifiers."""

    def __init__(self) -> None:
        self.key: dict[str, str] = {}
        self.known: dict[str, list[dict[str, str]]] = {}
        self.latest: dict[str, str] = {}  # patient -> the latest full date (ISO) of their resources

    def add(self, resource: dict[str, Any], full_url: str | None) -> None:
        key = f"Patient/{resource['id']}" if resource.get("id") else full_url
        if not key:
            return
        for ref in (key, full_url):
            if ref:
                self.key[ref] = key
        names = [" ".join(v for v in [*(n.get("given") or []), n.get("family")] if isinstance(v, str))
                 for n in resource.get("name") or [] if isinstance(n, dict)]
        found = resource_phi(resource).fields
        values = [(label, value) for _, value, label, _ in found]
        births = [value for where, value, label, _ in found if label == "DATE" and _is_birth(where)]
        self.known[key] = mark_births(known_list([("PATIENT", name) for name in names] + values), births)

    def resolve(self, reference: str | None) -> str | None:
        return self.key.get(reference, reference) if reference else None


def _patients(resources: Iterable[tuple[Any, str | None]]) -> _Patients:
    """The Patient resources among ``(resource, fullUrl)`` pairs, and the latest date of each patient's."""
    found = _Patients()
    dated: list[tuple[str, str]] = []  # (reference to the patient, the resource's latest date)
    for resource, full_url in resources:
        if not isinstance(resource, dict):
            continue
        if resource.get("resourceType") == "Patient":
            found.add(resource, full_url)
        ref, day = _patient_reference(resource, full_url), _latest_day(resource)
        if ref and day:
            dated.append((ref, day))
    for ref, day in dated:
        patient = found.resolve(ref)
        if patient is not None and day > found.latest.get(patient, ""):
            found.latest[patient] = day
    return found


def _patient_reference(resource: dict, full_url: str | None) -> str | None:
    """The reference that names a resource's patient, unresolved (a Patient's own, else its subject's)."""
    if resource.get("resourceType") == "Patient":
        return f"Patient/{resource['id']}" if resource.get("id") else full_url
    for key in ("subject", "patient"):
        ref = resource.get(key)
        if isinstance(ref, dict) and isinstance(ref.get("reference"), str):
            return ref["reference"]
    return None


_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _is_birth(where: list) -> bool:
    """A place of a date of birth (``birthDate``, or an extension of it such as the birth time)."""
    return bool(where) and where[0] in ("birthDate", "_birthDate")


def _latest_day(resource: dict) -> str | None:
    """The latest full date (ISO day) of a resource's dates, its dates of birth left out."""
    days = [value[:10] for where, value, label, _ in resource_phi(resource).fields
            if label == "DATE" and not _is_birth(where) and _DAY.fullmatch(value[:10])]
    return max(days, default=None)


def _resource_docs(resource: Any, entry: dict | None, n: int, patients: _Patients, path: Path,
                   line: int | None, first: dict[str, Any]) -> Iterator[Document]:
    """The documents of one resource: its text attachments, its free text, its PHI fields (or one pass-through)."""
    if not isinstance(resource, dict):
        resource = None  # a Bundle entry without a resource (a request or response only) passes through
    rtype = resource.get("resourceType", "entry") if resource else "entry"
    rid = f"{rtype}/{resource['id']}" if resource and resource.get("id") else f"{rtype}#{n + 1}"
    skeleton = copy.deepcopy(resource)
    parts: list[Document] = []  # meta here is the part's FHIR bookkeeping only
    texts = list(_text_attachments(resource, path, line, rid)) if resource else []
    for content, text, charset in texts:
        skeleton["content"][content]["attachment"]["data"] = None
        doc_id = rid if len(texts) == 1 else f"{rid}/content/{content}"
        parts.append(Document(doc_id, text, (), {"role": "text", "content": content, "charset": charset}))
    found = resource_phi(resource) if resource else None
    own: list[dict[str, str]] = []
    if found is not None:
        for key in dropped(resource):
            del skeleton[key]
        parts.extend(_free_text_part(resource, skeleton, found, rid, path, line))
        fields, paths = FieldText(), []
        birth = resource.get("resourceType") == "Patient"
        for where, value, label, kind in found.fields:
            fields.add(value, label, BIRTH_DATE if birth and label == "DATE" and _is_birth(where) else "field")
            paths.append([where, kind])
            _set(skeleton, where, None)
        if len(fields):
            parts.append(fields.document(f"{rid}/fields" if len(parts) else rid, {"role": "fields", "paths": paths}))
            own = fields.known()
    if not parts:
        parts.append(Document(rid, "", (), {"role": "pass"}))
    patient = _patient_of(resource, entry, patients) if resource else None
    every = patients.known.get(patient, []) + own
    known = mark_births(known_list([(k["label"], k["text"]) for k in every]),
                        [k["text"] for k in every if k.get("birth")])
    for k, part in enumerate(parts):
        fhir = {"entry": n, "part": k, "parts": len(parts), **part.meta}
        fhir.pop(GIVEN, None)
        if k == 0:
            fhir.update(first, skeleton=_entry_skeleton(entry, skeleton))
        meta: dict[str, Any] = {META: fhir}
        if patient:
            meta[PATIENT] = patient
            if patient in patients.latest:
                meta[SOURCE_NOTE_DATE] = patients.latest[patient]
        if part.meta.get(GIVEN):
            meta[GIVEN] = True
        elif known and part.meta["role"] in ("text", "strings"):
            meta[KNOWN_PHI] = known
        yield Document(part.id, part.text, part.spans, meta)


def _free_text_part(resource: dict, skeleton: dict, found: Found, rid: str, path: Path,
                    line: int | None) -> list[Document]:
    """The resource's free text (narrative, description, titles...) as one document for the detector,
    one line per value (a narrative: per text node); the skeleton keeps them blanked."""
    slots, texts = [], []
    for where, kind in found.strings:
        value = _get(resource, where)
        if kind == "div":
            try:
                div, places, values = div_texts(value)
            except ValueError as exc:
                raise InputError(f"{'.'.join(map(str, where))} is not well-formed XHTML ({exc})", path, line,
                                 rid) from None
            _set(skeleton, where, div)
        else:
            places, values = None, [value]
            _set(skeleton, where, None)
        slots.append([where, kind, places, [v.count("\n") + 1 for v in values]])
        texts.extend(values)
    if not slots:
        return []
    return [Document(f"{rid}/free-text", "\n".join(texts), (), {"role": "strings", "slots": slots})]


def _entry_skeleton(entry: dict | None, skeleton: dict | None) -> dict | None:
    if entry is None:
        return skeleton
    out = {k: v for k, v in entry.items() if k != "resource"}
    if skeleton is not None:
        out["resource"] = skeleton
    return {"entry": out}


def _patient_of(resource: dict, entry: dict | None, patients: _Patients) -> str | None:
    return patients.resolve(_patient_reference(resource, (entry or {}).get("fullUrl")))


def _text_attachments(resource: dict, path: Path, line: int | None, rid: str) -> Iterator[tuple[int, str, str]]:
    """``(content index, text, charset)`` of a DocumentReference's text attachments with inline data."""
    if resource.get("resourceType") != "DocumentReference":
        return
    for i, content in enumerate(resource.get("content") or []):
        att = content.get("attachment") if isinstance(content, dict) else None
        if not isinstance(att, dict) or not isinstance(att.get("data"), str):
            continue
        ctype = str(att.get("contentType", "")).lower()
        if not ctype.startswith("text/plain"):
            continue
        match = re.search(r"charset=\"?([\w.:-]+)", ctype)
        charset = match.group(1) if match else "utf-8"
        try:
            text = base64.b64decode(att["data"], validate=True).decode(charset)
        except (ValueError, LookupError, UnicodeDecodeError):
            raise InputError(f"content[{i}].attachment.data is not base64 text in {charset}", path, line, rid) from None
        yield i, text, charset


def _get(obj: Any, where: list) -> Any:
    for key in where:
        obj = obj[key]
    return obj


def _set(obj: Any, where: list, value: Any) -> None:
    for key in where[:-1]:
        obj = obj[key]
    obj[where[-1]] = value


# --------------------------------------------------------------------------- writing
def write(docs: Iterable[Document], path: str | Path) -> int:
    """Write documents read from FHIR back as FHIR, atomically (NDJSON for .ndjson/.jsonl)."""
    path = Path(path)
    ndjson = path.suffix.lower() in NDJSON_SUFFIXES
    counted = _Counted(docs)
    container, bundle, items = "ndjson", None, []
    with atomic_write(path) as fh:
        for n, (item, first) in enumerate(_entries(counted, path)):
            if n == 0:
                container, bundle = first.get("container", "ndjson"), first.get("bundle")
            if item is None:
                continue  # an empty Bundle's placeholder document
            resource = item["entry"].get("resource") if "entry" in item else item
            if ndjson and resource is not None:
                fh.write(json.dumps(resource, ensure_ascii=False) + "\n")
            items.append(item)
        if not ndjson:
            fh.write(json.dumps(_container(container, bundle, items), ensure_ascii=False, indent=2) + "\n")
    return counted.count


class _Counted:
    """An iterable that counts what went through it."""

    def __init__(self, items: Iterable[Any]) -> None:
        self.items, self.count = items, 0

    def __iter__(self) -> Iterator[Any]:
        for item in self.items:
            self.count += 1
            yield item


def _container(container: str, bundle: dict | None, items: list[dict]) -> Any:
    """One JSON document: the resource read alone, else a Bundle (the one read, or a new collection)."""
    if container == "resource" and len(items) == 1 and "entry" not in items[0]:
        return items[0]
    top = bundle or {"resourceType": "Bundle", "type": "collection"}
    entries = [item["entry"] if "entry" in item else {"resource": item} for item in items]
    return {**top, "entry": entries} if entries else top


def _entries(docs: Iterable[Document], path: Path) -> Iterator[tuple[dict | None, dict]]:
    """``(rebuilt entry or resource, its first part's bookkeeping)`` in order, the texts put back.

    A Bundle entry comes back as ``{"entry": {...}}``, a resource read alone or from
    NDJSON as the resource itself; an empty Bundle's placeholder as ``None``.
    """
    current: dict | None = None
    first: dict | None = None
    for doc in docs:
        fhir = doc.meta.get(META)
        if not isinstance(fhir, dict):
            raise InputError("not a FHIR document (no FHIR structure in its metadata): write it as JSONL", path,
                             document=doc.id)
        if fhir["part"] == 0:
            if first is not None:
                yield current, first
            current, first = copy.deepcopy(fhir.get("skeleton")), fhir
        elif first is None:
            raise InputError("FHIR document out of order (its resource's first part is missing)", path,
                             document=doc.id)
        if current is not None and fhir["role"] in ("text", "fields", "strings"):
            _put(current["entry"].get("resource") if "entry" in current else current, fhir, doc, path)
    if first is not None:
        yield current, first


def _put(resource: dict, fhir: dict, doc: Document, path: Path) -> None:
    if fhir["role"] == "text":
        att = resource["content"][fhir["content"]]["attachment"]
        try:
            data = doc.text.encode(fhir.get("charset") or "utf-8")
        except (UnicodeEncodeError, LookupError):
            data = doc.text.encode("utf-8")
            att["contentType"] = "text/plain; charset=utf-8"
        att["data"] = base64.b64encode(data).decode("ascii")
        if "size" in att:
            att["size"] = len(data)
        if "hash" in att:
            att["hash"] = base64.b64encode(hashlib.sha1(data).digest()).decode("ascii")
    elif fhir["role"] == "strings":
        _put_strings(resource, fhir["slots"], doc)
    elif fhir["role"] == "fields":
        values = field_values(doc)
        if len(values) != len(fhir["paths"]):
            raise InputError("FHIR fields document does not hold one span per field", path, document=doc.id)
        removed: list[list] = []
        for (where, kind), value in zip(fhir["paths"], values):
            pattern = VALID.get(kind)
            if value.strip() and (pattern is None or pattern.fullmatch(value)):
                _set(resource, where, value)
            else:
                removed.append(where)
        _mark_absent(resource, removed)


def _put_strings(resource: dict, slots: list, doc: Document) -> None:
    """The free text back in place, line by line (if a replacement joined two values, all goes to the first);
    a value left empty (redacted) is removed and marked masked, as FHIR strings may not be empty."""
    lines = doc.text.split("\n")
    counts = [n for slot in slots for n in slot[3]]
    if sum(counts) == len(lines):
        pieces, at = [], 0
        for n in counts:
            pieces.append("\n".join(lines[at : at + n]))
            at += n
    else:
        pieces = [doc.text] + [""] * (len(counts) - 1)
    removed: list[list] = []
    at = 0
    for where, kind, places, values in slots:
        mine = pieces[at : at + len(values)]
        at += len(values)
        if kind == "div":
            _set(resource, where, div_with(_get(resource, where), places, mine))
        elif mine[0].strip():
            _set(resource, where, mine[0])
        else:
            removed.append(where)
    _mark_absent(resource, removed, clean=False)  # the fields part, put after, removes what is left empty


def _mark_absent(resource: dict, removed: list[list], clean: bool = True) -> None:
    """Drop values with no valid replacement, marking single values with data-absent-reason."""
    for where in sorted(removed, key=lambda w: [str(x) for x in w], reverse=True):
        parent = resource
        for key in where[:-1]:
            parent = parent[key]
        last = where[-1]
        if isinstance(last, int):
            parent[last] = None  # a list item (given name, address line): removed below
        else:
            parent.pop(last, None)
            parent["_" + last] = {"extension": [DATA_ABSENT]}
    if clean:
        _drop_none(resource)


def _drop_none(obj: Any) -> Any:
    """Remove ``None`` list items, then empty lists, and mark objects left empty as masked."""
    if isinstance(obj, dict):
        for key in list(obj):
            value = obj[key]
            _drop_none(value)
            if isinstance(value, list) and not value:
                del obj[key]
            elif isinstance(value, dict) and not value:
                obj[key] = {"extension": [DATA_ABSENT]}
    elif isinstance(obj, list):
        obj[:] = [v for v in obj if v is not None]
        for i, value in enumerate(obj):
            _drop_none(value)
            if isinstance(value, dict) and not value:
                obj[i] = {"extension": [DATA_ABSENT]}
    return obj


# --------------------------------------------------------------------------- ids holding PHI
_REF = re.compile(r"^(?P<base>(?:.*/)?)(?P<type>[A-Z][A-Za-z]+)/(?P<id>[A-Za-z0-9\-.]{1,64})(?P<hist>/_history/.+)?$")


def pseudonymise_ids(meta: dict[str, Any], new_id: Callable[[str], str | None]) -> dict[str, Any]:
    """``meta`` with its FHIR resource's ``id``, its entry's ``fullUrl`` and every ``reference`` rewritten
    where ``new_id`` gives a pseudonym.

    ``new_id`` is asked about ``"Type/id"`` (a resource id, or the end of a relative or absolute
    reference) or ``"urn:uuid:..."`` and answers ``None`` to keep it. Because the answer for
    ``"Patient/smith-john"`` is the same wherever it is asked (a keyed pseudonym of that string,
    when it holds PHI), a Patient's new id and the references to it agree, across resources and
    files. Only the first part of a resource carries its skeleton; other parts pass unchanged.
    """
    fhir = meta.get(META)
    if not isinstance(fhir, dict) or not isinstance(fhir.get("skeleton"), dict):
        return meta
    skeleton = copy.deepcopy(fhir["skeleton"])
    entry = skeleton["entry"] if isinstance(skeleton.get("entry"), dict) and "resourceType" not in skeleton else None
    resource = entry.get("resource") if entry is not None else skeleton
    if isinstance(resource, dict):
        rtype, rid = resource.get("resourceType"), resource.get("id")
        if isinstance(rtype, str) and isinstance(rid, str):
            new = new_id(f"{rtype}/{rid}")
            if new:
                resource["id"] = new
        _rewrite_references(resource, new_id)
    if entry is not None and isinstance(entry.get("fullUrl"), str):
        entry["fullUrl"] = _new_reference(entry["fullUrl"], new_id) or entry["fullUrl"]
    return {**meta, META: {**fhir, "skeleton": skeleton}}


def _rewrite_references(obj: Any, new_id: Callable[[str], str | None]) -> None:
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key == "reference" and isinstance(value, str):
                obj[key] = _new_reference(value, new_id) or value
            else:
                _rewrite_references(value, new_id)
    elif isinstance(obj, list):
        for value in obj:
            _rewrite_references(value, new_id)


def _new_reference(ref: str, new_id: Callable[[str], str | None]) -> str | None:
    """The reference with its id pseudonymised, or None to keep it."""
    if ref.startswith("urn:uuid:"):
        new = new_id(ref)
        return f"urn:uuid:{uuid.UUID(hashlib.sha256(new.encode()).hexdigest()[:32])}" if new else None
    m = _REF.match(ref)
    if m is None:
        return None
    new = new_id(f"{m['type']}/{m['id']}")
    return f"{m['base']}{m['type']}/{new}{m['hist'] or ''}" if new else None
