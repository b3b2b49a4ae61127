"""What a de-identified record carries besides its text: its patient, its fields, its id.

A de-identified note next to the patient's record number in clear is not
de-identified. ``FieldPolicy`` rewrites a document's metadata on its way out:

* the patient field (``--patient-field``) becomes a keyed pseudonym: an HMAC of the
  secret key and the value, so the same patient gets the same pseudonym in every
  row, file and run, and no one without the key can go back or test a guess;
* ``--pseudonymise-field F`` does the same for other columns, ``--drop-field F``
  leaves a column out, ``--shift-date-field F`` moves a date or date-time column by
  the patient's date offset (the one the surrogates of the notes' dates use), keeping
  its type (a date stays a date, an ISO string an ISO string; another written form
  is shifted in its own form, and a value that is no date becomes null);
* every other column is written as it was read: ``passed_through`` names them, so a
  run can say which columns it did not look at;
* a document id (for a folder of notes, its file name) that holds any of the note's
  PHI (a word or number of a detected span, of the patient key or of the patient's
  known identifiers) becomes a keyed pseudonym too: "OConnell-Whitfield_Margaret_00482913"
  -> "doc-5f0c2a9e1b7d4c36". ``--keep-ids`` keeps ids as they are, for users whose ids
  are opaque.

``PatientKey`` says which patient a document belongs to, which is what keeps
surrogates and date shifts consistent across a patient's notes: a metadata field, a
mapping file (document id or file name -> patient), a regular expression over the
document id (``--patient-from-name``), or else the document itself.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable

from .document import Document, Span
from .errors import InputError, UsageError
from .store import Secret

_TOKEN = re.compile(r"[A-Za-z]+|\d+|[^\W\d_]+")


def pseudonym(secret: Secret, value: str, kind: str) -> str:
    """A keyed pseudonym of ``value`` ("patient-..." for the patient field, "doc-..." for ids)."""
    prefix = {"id": "doc", "patient": "patient"}.get(kind, "value")
    return f"{prefix}-{secret.hexdigest('pseudonym', kind, value)[:16]}"


def id_value(new_id: str, original: Any) -> Any:
    """The id column of a record whose id was replaced (a keyed pseudonym: the old one held PHI of its note):
    the new id, or, in an integer column, a 60-bit integer drawn from it, so the column keeps its type."""
    if isinstance(original, int) and not isinstance(original, bool):
        return int(hashlib.sha256(new_id.encode("utf-8")).hexdigest()[:15], 16)
    return new_id


def tokens(text: str) -> set[str]:
    """The identifying pieces of a string: runs of letters (3+) and of digits (3+, leading zeros
    dropped), lower case, apostrophes removed ("O'Connell" -> "oconnell" and "connell")."""
    out = set()
    for variant in (text, text.replace("'", "").replace("’", "")):
        for t in _TOKEN.findall(variant):
            t = t.lower()
            if t.isdigit():
                t = t.lstrip("0") or "0"
                if len(t) >= 3:
                    out.add(t)
            elif len(t) >= 3:
                out.add(t)
    return out


def holds_phi(doc_id: str, phi: Iterable[str]) -> bool:
    """True when the id shares an identifying piece with any of the PHI strings, or holds one
    of them whole (letters and digits compared, case and separators ignored: "P0042_visit1"
    holds the patient key "P0042"), or names a person by itself (``names_person``)."""
    mine, flat = tokens(doc_id), _flat(doc_id)
    return names_person(doc_id) or any(
        mine & tokens(s) or (len(_flat(s)) >= 4 and _flat(s) in flat) or _glued(tokens(s), flat) for s in phi)


#: The words of an id: its letter runs, and the parts of a run written in camel case ("OConnellWhitfield").
_ID_WORDS = re.compile(r"[^\W\d_]+")
_CAMEL = re.compile(r"[A-Z][a-z]+|[a-z]+|[A-Z]+(?![a-z])")


def names_person(doc_id: str) -> bool:
    """Whether the id holds a given name or surname of the shipped lexicons that is no common word
    (``replace.names.is_person_word``): a file named "Whitfield_Margaret_0048.txt" names its patient
    even when the note itself only says "the patient", so no span of the note gives it away."""
    from .replace.names import is_person_word

    words = set(_ID_WORDS.findall(doc_id))
    words |= {part for w in words for part in _CAMEL.findall(w)}
    return any(is_person_word(w) for w in words)


def phi_strings(doc: Document, spans: Iterable[Span], known: Iterable[str]) -> list[str]:
    """The PHI strings an id of ``doc`` is tested against (``holds_phi``): its spans' text and its
    patient's known identifiers."""
    return [doc.text[s.start : s.end] for s in spans] + list(known)


def _glued(pieces: set[str], flat: str) -> bool:
    """A piece of 4+ characters written inside a longer run of the id: a name glued to an initial
    ("jsmith_1", "SMITHJ"), a year inside a compact date ("dob19610314" of "03/14/1961"). Generic
    words (street, hospital) do not count: they name no one, and ids hold them by chance."""
    from .replace.generic import is_generic

    return any(len(p) >= 4 and p in flat and not is_generic(p) for p in pieces)


def _flat(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


@dataclass(frozen=True)
class FieldPolicy:
    """How the id and metadata of a de-identified document are written (see the module doc)."""

    patient_field: str | None = None
    pseudonymise: tuple[str, ...] = ()
    drop: tuple[str, ...] = ()
    keep_ids: bool = False
    shift_dates: tuple[str, ...] = ()

    def needs_key(self) -> bool:
        return bool(self.patient_field or self.pseudonymise or self.shift_dates or not self.keep_ids)

    def passed_through(self, meta: dict[str, Any]) -> list[str]:
        """The record's fields written exactly as read: none of the options names them (bookkeeping aside).
        A source that keeps its id column among the fields (SQL) names it in its bookkeeping (``"id"``);
        that column follows the document id, which the id rule replaces when it holds PHI, so it is
        not reported as written unchanged."""
        handled = set(self.pseudonymise) | set(self.drop) | set(self.shift_dates) | {self.patient_field}
        handled |= {v.get("id") for k, v in meta.items() if k.startswith("_") and isinstance(v, dict)}
        return [k for k in meta if not k.startswith("_") and k not in handled]

    def apply(self, secret: Secret | None, original: Document, new: Document, spans: Iterable[Span],
              patient: str, known: Iterable[str] = (), shift: Callable[[Any], Any] | None = None,
              note_date: Any = None, age_cap: int = 89) -> Document:
        """``new`` with its metadata and id rewritten (``original``: the input document, ``spans``: its PHI;
        ``shift``: moves a date value by the patient's offset, for ``shift_dates``; ``note_date``: the
        note's own date, the reference of the over-89 rule for a date-of-birth field, with ``age_cap``)."""
        meta = {k: v for k, v in new.meta.items() if k not in self.drop}
        for name in ((self.patient_field,) if self.patient_field else ()) + self.pseudonymise:
            if name in meta and meta[name] not in (None, ""):
                meta[name] = pseudonym(self._secret(secret), str(meta[name]), "patient" if name == self.patient_field
                                       else f"field:{name}")
        for name in self.shift_dates:
            if name in meta and meta[name] not in (None, ""):
                if shift is None:
                    raise UsageError("--shift-date-field needs the run's date offsets")
                meta[name] = shift(meta[name])
        births = [n for n in self.shift_dates if BIRTH_FIELD.search(n) and meta.get(n) not in (None, "")]
        if births:
            others = [note_date] + [original.meta.get(n) for n in self.shift_dates if n not in births]
            refs = [d for d in map(_as_day, others) if d is not None]
            reference = max(refs) if refs else dt.date.today()
            for name in births:
                meta[name] = aggregated_birth(original.meta[name], meta[name], reference, shift, age_cap)
        doc_id = new.id
        if not self.keep_ids:
            phi = phi_strings(original, spans, known) + [patient]
            if patient == original.id:
                phi.pop()  # the document is its own patient key: nothing more to learn from the id
            if holds_phi(original.id, phi):
                doc_id = pseudonym(self._secret(secret), original.id, "id")
        return replace(new, id=doc_id, meta=meta)

    @staticmethod
    def _secret(secret: Secret | None) -> Secret:
        if secret is None:
            raise UsageError("pseudonyms need a key (--key-file)")
        return secret


#: A shifted date field read as a date of birth (dob, birth_date, birthDate, date_of_birth, DOB).
BIRTH_FIELD = re.compile(r"(?i)(?:^|[^a-z])dob(?:$|[^a-z])|birth")


def aggregated_birth(value: Any, shifted: Any, reference: dt.date, shift: Callable[[Any], Any], cap: int) -> Any:
    """A date-of-birth field under Safe Harbor, as the notes' dates of birth (docs/privacy.md, "Ages over 89"):
    the shifted value, or, when the patient is older than ``cap`` at ``reference`` (the note's date, else its
    record's latest other date field, else today), 1 January of the year that makes them ``cap + 1`` at the
    shifted reference, in the value's own type (another written form becomes an ISO date)."""
    born = _as_day(value)
    if born is None:
        return shifted
    age = reference.year - born.year - ((reference.month, reference.day) < (born.month, born.day))
    moved = _as_day(shift(reference.isoformat()))
    if age <= cap or moved is None:
        return shifted
    new = dt.date(moved.year - (cap + 1), 1, 1)
    return shift_date_value(value, (new - born).days, lambda _: new.isoformat())


def _as_day(value: Any) -> dt.date | None:
    """The day a date field names (a date, a date-time, an ISO or written date string), or None."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        from .dates import parse_date

        parsed = parse_date(value.strip())
        return parsed.value if parsed is not None and parsed.grain == "day" and parsed.has_year else None


def shift_date_value(value: Any, days: int, written: Callable[[str], str | None]) -> Any:
    """A date field moved by ``days``, in its own type: a date or date-time (and pandas' Timestamp) by a
    timedelta, an ISO string by its date part (the time and zone stay), any other string by ``written``
    (the surrogate maker's shift of a written date; None when it reads no date). Anything else: None."""
    if isinstance(value, (dt.datetime, dt.date)):
        return value + dt.timedelta(days=days)
    if not isinstance(value, str):
        return None
    head = value[:10]
    try:
        day = dt.date.fromisoformat(head)
        if len(value) == 10 or value[10] in "T ":
            if len(value) > 10:
                dt.datetime.fromisoformat(value.replace("Z", "+00:00"))  # the rest is an ISO time
            return (day + dt.timedelta(days=days)).isoformat() + value[10:]
    except ValueError:
        pass
    return written(value)


@dataclass(frozen=True)
class PatientKey:
    """Which patient a document belongs to (see the module doc); the first rule that applies wins."""

    field_name: str | None = None
    mapping: dict[str, str] = field(default_factory=dict)
    pattern: re.Pattern | None = None

    def of(self, doc: Document, number: int | None = None) -> str:
        where = str(number) if number is not None else None  # InputError writes "document N"
        if self.field_name:
            value = doc.meta.get(self.field_name)
            if value is None or value == "":
                raise InputError(f"no value in the patient field '{self.field_name}'", document=where)
            return str(value)
        if self.mapping:
            for key in (doc.id, Path(doc.id).stem):
                if key in self.mapping:
                    return self.mapping[key]
            raise InputError("the patient map names no patient for this document", document=where)
        if self.pattern is not None:
            m = self.pattern.search(doc.id)
            if m is None:
                raise InputError("--patient-from-name does not match this document's name", document=where)
            return m.group("patient") if "patient" in self.pattern.groupindex else m.group(1) if m.groups() else m.group()
        from .formats import SOURCE_PATIENT

        source = doc.meta.get(SOURCE_PATIENT)  # the patient a FHIR subject or an HL7 PID-3 names
        return str(source) if source not in (None, "") else doc.id


def patient_pattern(regex: str) -> re.Pattern:
    """Compile ``--patient-from-name``: a named group ``patient``, else the first group, else the match."""
    try:
        return re.compile(regex)
    except re.error as exc:
        raise UsageError(f"--patient-from-name is not a valid regular expression ({exc})") from None


def load_patient_map(path: str | Path) -> dict[str, str]:
    """A mapping file: CSV/TSV with two columns (document id or file name, patient; a header row is
    allowed when its first cell is 'id', 'document', 'file' or 'name'), or a JSON object."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError):
        raise InputError("no such mapping file", path) from None
    except UnicodeDecodeError:
        raise InputError("the mapping file is not UTF-8 text", path) from None
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON at line {exc.lineno}", path) from None
        if not isinstance(data, dict):
            raise InputError("expected a JSON object: document -> patient", path)
        return with_stems({str(k): str(v) for k, v in data.items()})
    rows = csv.reader(text.splitlines(), delimiter="\t" if path.suffix.lower() == ".tsv" else ",")
    mapping: dict[str, str] = {}
    for number, row in enumerate(rows, 1):
        if not row or not any(c.strip() for c in row):
            continue
        if len(row) != 2:
            raise InputError(f"expected 2 columns (document, patient), found {len(row)}", path, number)
        if number == 1 and row[0].strip().lower() in ("id", "document", "doc", "file", "name", "filename"):
            continue
        mapping[row[0].strip()] = row[1].strip()
    return with_stems(mapping)


def with_stems(mapping: dict[str, str]) -> dict[str, str]:
    """File names also by their stem: a folder's document ids are file names without the suffix."""
    out = dict(mapping)
    for key, value in mapping.items():
        out.setdefault(Path(key).stem, value)
    return out
