"""HL7 v2 messages (``.hl7``): the PHI of every segment, by the tables of ``_hl7_fields.py``.

Parsed with python-hl7 (``pip install 'phisift[hl7]'``). A file holds one or more
messages, each starting at an MSH segment, with segments on lines ended by CR, LF
or CRLF (as found; batch and file header/trailer segments pass through). Each
message gives up to two documents:

* its text: the free text of the message, one value (or repetition) per line,
  unescaped (``\\F\\``, ``\\T\\``... become the delimiters they stand for,
  ``\\.br\\`` a line break): OBX-5 text observations and NTE-3 comments first of
  all, but also the text parts of coded elements (CE/CWE), ST/FT fields such as
  DG1-4 or OBR-13, and every value of a segment the tables do not know (Z-segments);
  the detector looks at it like any note;
* its fields (see ``_fields.py``): the names (XPN, XCN), addresses (XAD), phones
  and e-mails (XTN), identifiers (CX, EI, SSN, policy numbers) and dates (TS, DT)
  of every segment (PID, NK1, PV1, GT1, IN1, OBR, ORC, MSH-7...), as given spans
  with their labels, so they get the same per-patient surrogates (and the same date
  shift) as the text; they, and the full names they make, are also the text's known
  identifiers (``meta["_known_phi"]``). The fields document carries the same known
  identifiers and the message's text (``SOURCE_TEXT``), so that its surrogates avoid the
  text's PHI as the text's own do: a name word gets the same surrogate in PID-5 and in
  OBX-5, and none is another PHI word of the message.

PID-7, the patient's date of birth, is marked as one (``BIRTH_DATE``), and both
documents carry the latest full date of the patient's messages in the file
(``SOURCE_NOTE_DATE``: MSH-7, EVN, OBR/OBX/ORC dates...; PID-7 left out), so that the
over-89 rule of the notes aggregates the date of birth of a patient older than 89 at
that date (today when the file gives none) in every message of the patient alike.

The patient (``meta["_patient"]``) is the first PID-3 identifier. Writing puts the
new values back in place, escaped again; every other segment, field, component and
separator is written as it was read, with the file's line ends. Document meta
holds the message with these places blanked, never their values.
"""

from __future__ import annotations

import logging
import re
from datetime import date
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..document import BIRTH_DATE, SOURCE_NOTE_DATE, SOURCE_TEXT, Document
from ..errors import InputError, UsageError
from ..fileio import atomic_write
from ._fields import KNOWN_PHI, PATIENT, FieldText, field_values, known_list, mark_births
from ._hl7_fields import TEXT, Place, field_specs, places

NAME = "hl7v2"
META = "_hl7"
_UNESCAPE_MAP = {".br": "\n", ".sp": "\n", ".ce": "\n"}
_LINE = re.compile(r"\r\n|\n|\r")
_WRAPPERS = ("FHS", "BHS", "BTS", "FTS")

def _hl7() -> Any:
    try:
        import hl7
    except ImportError:
        raise UsageError("HL7 v2 needs python-hl7: pip install 'phisift[hl7]'") from None
    # python-hl7 logs the field value of a malformed escape sequence: keep PHI out of logs
    logging.getLogger("hl7").addFilter(lambda record: False)
    return hl7


# --------------------------------------------------------------------------- reading
def read(path: str | Path) -> Iterator[Document]:
    """Documents of an HL7 v2 file, message by message (text, then PID values)."""
    path = Path(path)
    hl7 = _hl7()
    raw, eol = _read_lines(path)

    def parsed() -> Iterator[tuple[list[str], Any, int]]:
        for before, lines, first_line in _messages(raw, path):
            try:
                yield before, hl7.parse("\r".join(lines)), first_line
            except Exception as exc:  # python-hl7 raises several types for a broken message
                raise InputError(f"cannot parse the HL7 message ({type(exc).__name__})", path, first_line) from None

    latest: dict[str, str] = {}  # patient -> the latest full date of their messages (the over-89 rule)
    for _, message, _ in parsed():
        found = [p for p in _places(message) if p.role != TEXT]
        patient, day = _patient(message, found), _latest_day(message, found)
        if patient and day and day > latest.get(patient, ""):
            latest[patient] = day
    for number, (before, message, first_line) in enumerate(parsed()):
        yield from _message_docs(message, number, before, eol, path, first_line, latest)
    trailer = _trailer(raw)
    if trailer:
        yield Document(f"trailer#{len(raw)}", "", (), {META: {"role": "lines", "lines": trailer, "eol": eol}})


def _read_lines(path: Path) -> tuple[list[str], str]:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except IsADirectoryError:
        raise InputError("is a folder, expected an HL7 v2 file", path) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # HL7 v2's default character set is ASCII; old feeds use 8859/1
    found = _LINE.search(text)
    return [line for line in _LINE.split(text)], (found.group() if found else "\r")


def _messages(lines: list[str], path: Path) -> Iterator[tuple[list[str], list[str], int]]:
    """``(wrapper lines before, segment lines, line number)`` per message."""
    before: list[str] = []
    current: list[str] | None = None
    start = 0
    for lineno, line in enumerate(lines, 1):
        if line.startswith("MSH"):
            if current:
                yield before, current, start
                before = []
            current, start = [line], lineno
        elif not line.strip() or line[:3] in _WRAPPERS:
            if current:
                yield before, current, start
                before, current = [], None
            before.append(line)
        elif current is None:
            raise InputError("segment before any MSH segment", path, lineno)
        else:
            current.append(line)
    if current:
        yield before, current, start


def _trailer(lines: list[str]) -> list[str]:
    """The wrapper and blank lines after the last message."""
    tail: list[str] = []
    for line in reversed(lines):
        if line.startswith("MSH") or (line.strip() and line[:3] not in _WRAPPERS):
            break
        tail.append(line)
    return tail[::-1]


def _message_docs(message: Any, number: int, before: list[str], eol: str, path: Path,
                  line: int, latest: dict[str, str]) -> Iterator[Document]:
    msh = message[0]
    doc_id = str(msh[10]) if len(msh) > 10 and str(msh[10]) else f"message#{number + 1}"  # MSH-10 control id
    found = _places(message)
    texts = [_text_at(message, p.where) for p in found if p.role == TEXT]
    text_slots = [list(p.where) for p in found if p.role == TEXT]
    fields, field_slots, patient = _field_values(message, [p for p in found if p.role != TEXT])
    for place in found:
        _assign(message, list(place.where), "")  # the skeleton keeps no PHI
    hl7 = {"before": before, "eol": eol, "message": str(message).rstrip("\r"), "slots": text_slots,
           "fields": field_slots}
    shared: dict[str, Any] = {}
    if patient:
        shared[PATIENT] = patient
    day = latest.get(patient) if patient else _latest_day(message, [p for p in found if p.role != TEXT])
    if day:
        shared[SOURCE_NOTE_DATE] = day
    own = fields.known()
    known = mark_births(known_list([(label, n) for label, n in fields.full_names()] + [(k["label"], k["text"])
                                                                                       for k in own]),
                        [k["text"] for k in own if k.get("birth")])
    if known:
        shared[KNOWN_PHI] = known
    text_doc = Document(doc_id, "\n".join(texts), (),
                        {META: {"role": "text", "lines": [t.count("\n") + 1 for t in texts], **hl7}, **shared})
    yield text_doc
    if len(fields.text):
        # the same known identifiers and the message's text: its surrogates avoid the same PHI as the text's
        meta: dict[str, Any] = {META: {"role": "fields"}, **shared}
        if text_doc.text.strip():
            meta[SOURCE_TEXT] = text_doc.text
        yield fields.text.document(f"{doc_id}/fields", meta)


def _places(message: Any) -> list[Place]:
    """Every place of the message that may hold PHI, segment by segment (``_hl7_fields.py``)."""
    found: list[Place] = []
    for s, segment in enumerate(message):
        for field, kind, label in field_specs(segment):
            found.extend(places(segment, s, field, kind, label, _expand))
    return found


def _text_at(message: Any, where: tuple[int, ...]) -> str:
    return message.unescape(str(_value_at(message, where)), _UNESCAPE_MAP)


def _value_at(message: Any, where: tuple[int, ...]) -> Any:
    value = message[where[0]][where[1]][where[2]]
    return value if len(where) == 3 else value[where[3] - 1][where[4] - 1]


class _FieldValues:
    """The given values of a message, and the full names its name parts make."""

    def __init__(self) -> None:
        self.text = FieldText()
        self.names: dict[str, tuple[str, dict[int, list[str]]]] = {}

    def add(self, place: Place, value: str, source: str = "field") -> None:
        self.text.add(value, place.role, source)
        if place.person is not None:
            self.names.setdefault(place.person, (place.role, {}))[1].setdefault(place.rank, []).append(value)

    def known(self) -> list[dict[str, str]]:
        return self.text.known()

    def full_names(self) -> list[tuple[str, str]]:
        """``(label, "Given Middle Family")`` of each name (the form notes write)."""
        return [(label, " ".join(" ".join(parts[rank]) for rank in sorted(parts)))
                for label, parts in self.names.values()]


def _field_values(message: Any, found: list[Place]) -> tuple[_FieldValues, list[list], str | None]:
    """The given values (a date without its time zone or fraction), their slots, and the patient (PID-3)."""
    values = _FieldValues()
    slots: list[list] = []
    for place in found:
        value = _text_at(message, place.where)
        kept = ""
        if place.role == "DATE":
            value, kept = date_parts(value)
        values.add(place, value, BIRTH_DATE if place.role == "DATE" and _in_pid(message, place, 7) else "field")
        slots.append([*place.where, kept])
    return values, slots, _patient(message, found)


def _in_pid(message: Any, place: Place, field: int) -> bool:
    return place.where[1] == field and str(message[place.where[0]][0]) == "PID"


def _patient(message: Any, found: list[Place]) -> str | None:
    """The message's patient: its first PID-3 identifier."""
    for place in found:
        if _in_pid(message, place, 3) and len(place.where) == 5 and place.where[3] == 1:
            return _text_at(message, place.where).strip() or None
    return None


def _latest_day(message: Any, found: list[Place]) -> str | None:
    """The latest full date (ISO day) of a message's given dates, PID-7 (the date of birth) left out."""
    days = []
    for place in found:
        if place.role == "DATE" and not _in_pid(message, place, 7):
            digits = _DIGITS.match(_text_at(message, place.where)).group()
            try:
                days.append(date(int(digits[:4]), int(digits[4:6]), int(digits[6:8])).isoformat())
            except ValueError:  # no full date (a year or month alone, or none)
                continue
    return max(days, default=None)


_DIGITS = re.compile(r"\d*")


def date_parts(value: str) -> tuple[str, str]:
    """An HL7 date/time split into what is shifted and what stays: ``"20210304083000.12-0500"`` ->
    ``("20210304083000", ".12-0500")``. The date parser reads YYYY, YYYYMMDD, YYYYMMDDHHMM and
    YYYYMMDDHHMMSS; the hour of a YYYYMMDDHH, a fraction of a second and a time zone stay as they are."""
    digits = len(_DIGITS.match(value).group())
    take = next((n for n in (14, 12, 8) if digits >= n), digits if digits in (4, 6) else len(value))
    return value[:take], value[take:]


def _expand(segment: Any, field: int) -> Any:
    """The field as repetitions of components (python-hl7 leaves a value without separators a string).

    Serialising is unchanged: a string with no separator is one repetition of one component.
    """
    while len(segment) <= field:
        segment.append(segment.create_field([""]))
    value = segment[field]
    for i, rep in enumerate(value):
        if isinstance(rep, str):
            rep = value[i] = segment.create_repetition([rep])
        for j, comp in enumerate(rep):
            if isinstance(comp, str):
                rep[j] = segment.create_component([comp])
    return value


def _assign(message: Any, slot: list[int], escaped: str) -> None:
    """Put an already escaped value at ``[segment, field, repetition]`` or ``[..., component, subcomponent]``."""
    segment = message[slot[0]]
    field = _expand(segment, slot[1])
    if len(slot) == 3:
        field[slot[2]] = escaped
    else:
        field[slot[2]][slot[3] - 1][slot[4] - 1] = escaped


def escape(message: Any, text: str) -> str:
    """HL7 escaping of a value: delimiters and the escape character; line breaks as ``\\.br\\``.

    Not python-hl7's ``escape``, which also turns every non-ASCII character into a
    hex escape (the file's character set may well be UTF-8).
    """
    esc = message.esc
    sep = message.separators
    table = {sep[1]: "F", sep[2]: "R", sep[3]: "S", sep[4]: "T", esc: "E", "\n": ".br", "\r": ".br"}
    return "".join(f"{esc}{table[c]}{esc}" if c in table else c for c in text)


# --------------------------------------------------------------------------- writing
def write(docs: Iterable[Document], path: str | Path) -> int:
    """Write messages read from HL7 v2 back, with the documents' texts and PID values, atomically."""
    path = Path(path)
    hl7 = _hl7()
    count = 0
    pending: tuple[Any, dict] | None = None
    with atomic_write(path) as fh:
        for doc in docs:
            meta = doc.meta.get(META)
            if not isinstance(meta, dict):
                raise InputError("not an HL7 v2 document (no message in its metadata): write it as JSONL", path,
                                 document=doc.id)
            count += 1
            if meta["role"] == "fields":
                if pending is None:
                    raise InputError("HL7 fields document without its message", path, document=doc.id)
                _put_fields(pending[0], pending[1], doc, path)
                continue
            if pending is not None:
                _emit(fh, *pending)
                pending = None
            if meta["role"] == "lines":
                fh.write("".join(line + meta["eol"] for line in meta["lines"][:-1]) + meta["lines"][-1])
                continue
            message = hl7.parse(meta["message"])
            _put_text(message, meta, doc)
            pending = (message, meta)
        if pending is not None:
            _emit(fh, *pending)
    return count


def _emit(fh: Any, message: Any, meta: dict) -> None:
    eol = meta["eol"]
    for line in meta["before"]:
        fh.write(line + eol)
    fh.write(eol.join(str(message).rstrip("\r").split("\r")) + eol)


def _put_text(message: Any, meta: dict, doc: Document) -> None:
    """The text's lines back into their slots; if a replacement joined two slots, all goes to the first."""
    lines = doc.text.split("\n")
    counts = meta["lines"]
    if sum(counts) == len(lines):
        pieces, at = [], 0
        for n in counts:
            pieces.append("\n".join(lines[at : at + n]))
            at += n
    else:
        pieces = [doc.text] + [""] * (len(counts) - 1)
    for slot, piece in zip(meta["slots"], pieces):
        _assign(message, slot, escape(message, piece))


def _put_fields(message: Any, meta: dict, doc: Document, path: Path) -> None:
    values = field_values(doc)
    if len(values) != len(meta["fields"]):
        raise InputError("HL7 fields document does not hold one span per field", path, document=doc.id)
    for slot, value in zip(meta["fields"], values):
        _assign(message, slot[:5], escape(message, value + slot[5] if value else ""))  # redacted: no bare zone
