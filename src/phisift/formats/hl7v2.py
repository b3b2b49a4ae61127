"""HL7 v2 messages (``.hl7``): the text of OBX and NTE segments, and the patient's PID values.

Parsed with python-hl7 (``pip install 'phisift[hl7]'``). A file holds one or more
messages, each starting at an MSH segment, with segments on lines ended by CR, LF
or CRLF (as found; batch and file header/trailer segments pass through). Each
message gives up to two documents:

* its text: the OBX-5 values of text observations (value type TX, FT or ST) and the
  NTE-3 comments, one repetition per line, unescaped (``\\F\\``, ``\\T\\``... become
  the delimiters they stand for, ``\\.br\\`` a line break);
* its PID values (see ``_fields.py``): identifiers (PID-2/3/4, account PID-18, SSN
  PID-19, licence PID-20), names (PID-5/6/9), birth date PID-7, address PID-11 and
  phones PID-13/14, as given spans, so they get the same per-patient surrogates as
  the text; they are also the text's known identifiers (``meta["_known_phi"]``).

The patient (``meta["_patient"]``) is the first PID-3 identifier. Writing puts the
new values back in place, escaped again; every other segment, field and separator
is written as it was read, with the file's line ends. Document meta holds the
message with these places blanked, never their values.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..document import Document
from ..errors import InputError, UsageError
from ..fileio import atomic_write
from ._fields import KNOWN_PHI, PATIENT, FieldText, field_values, known_list

NAME = "hl7v2"
META = "_hl7"
TEXT_TYPES = ("TX", "FT", "ST")
_UNESCAPE_MAP = {".br": "\n", ".sp": "\n", ".ce": "\n"}
_LINE = re.compile(r"\r\n|\n|\r")
_WRAPPERS = ("FHS", "BHS", "BTS", "FTS")

#: PID field -> {component: label} (component None: the whole first component of each repetition).
PID_FIELDS: dict[int, dict[int, str]] = {
    2: {1: "MEDICALRECORD"},
    3: {1: "MEDICALRECORD"},
    4: {1: "MEDICALRECORD"},
    5: {1: "PATIENT", 2: "PATIENT", 3: "PATIENT"},
    6: {1: "PATIENT", 2: "PATIENT", 3: "PATIENT"},
    7: {1: "DATE"},
    9: {1: "PATIENT", 2: "PATIENT", 3: "PATIENT"},
    11: {1: "STREET", 2: "STREET", 3: "CITY", 4: "STATE", 5: "ZIP", 6: "COUNTRY", 9: "LOCATION-OTHER"},
    13: {1: "PHONE", 4: "EMAIL", 6: "PHONE", 7: "PHONE"},
    14: {1: "PHONE", 4: "EMAIL", 6: "PHONE", 7: "PHONE"},
    18: {1: "ACCOUNT"},
    19: {1: "SSN"},
    20: {1: "LICENSE"},
}


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
    for number, (before, lines, first_line) in enumerate(_messages(raw, path)):
        try:
            message = hl7.parse("\r".join(lines))
        except Exception as exc:  # python-hl7 raises several types for a broken message
            raise InputError(f"cannot parse the HL7 message ({type(exc).__name__})", path, first_line) from None
        yield from _message_docs(message, number, before, eol, path, first_line)
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
                  line: int) -> Iterator[Document]:
    msh = message[0]
    doc_id = str(msh[10]) if len(msh) > 10 and str(msh[10]) else f"message#{number + 1}"  # MSH-10 control id
    text_slots, texts = _text_slots(message)
    pid_slots, fields = _pid_slots(message)
    for slot in text_slots + [s[:4] for s in pid_slots]:
        _assign(message, slot, "")  # the skeleton keeps no PHI
    hl7 = {"before": before, "eol": eol, "message": str(message).rstrip("\r"), "slots": text_slots,
           "pid": pid_slots}
    patient = next((v.strip() for s, v in zip(pid_slots, fields.values) if s[1] == 3), None)
    shared: dict[str, Any] = {}
    if patient:
        shared[PATIENT] = patient
    known = fields.known()
    names = fields.full_names()
    if known or names:
        shared[KNOWN_PHI] = known_list([("PATIENT", n) for n in names] + [(k["label"], k["text"]) for k in known])
    text_doc = Document(doc_id, "\n".join(texts), (),
                        {META: {"role": "text", "lines": [t.count("\n") + 1 for t in texts], **hl7}, **shared})
    yield text_doc
    if len(fields.text):
        yield fields.text.document(f"{doc_id}/PID", {META: {"role": "fields"}, PATIENT: patient} if patient
                                   else {META: {"role": "fields"}})


def _text_slots(message: Any) -> tuple[list[list[int]], list[str]]:
    """``[segment, field, repetition]`` of every OBX-5 text value and NTE-3 comment, and their texts."""
    slots, texts = [], []
    for s, segment in enumerate(message):
        name = str(segment[0])
        if name == "OBX" and len(segment) > 5 and str(segment[2]).upper() in TEXT_TYPES:
            field = 5
        elif name == "NTE" and len(segment) > 3:
            field = 3
        else:
            continue
        for r, rep in enumerate(_expand(segment, field)):
            slots.append([s, field, r])
            texts.append(message.unescape(str(rep), _UNESCAPE_MAP))
    return slots, texts


class _PidValues:
    def __init__(self) -> None:
        self.text = FieldText()
        self.values: list[str] = []
        self.names: dict[tuple[int, int, int], dict[int, str]] = {}

    def add(self, slot: list[int], value: str, label: str) -> None:
        self.text.add(value, label)
        self.values.append(value)
        if label == "PATIENT":
            self.names.setdefault((slot[0], slot[1], slot[2]), {})[slot[3]] = value

    def known(self) -> list[dict[str, str]]:
        return self.text.known()

    def full_names(self) -> list[str]:
        """"Given Middle Family" of each XPN name (the form notes write)."""
        return [" ".join(p[c] for c in (2, 3, 1) if p.get(c, "").strip()) for p in self.names.values()]


def _pid_slots(message: Any) -> tuple[list[list[Any]], _PidValues]:
    slots: list[list[Any]] = []
    values = _PidValues()
    for s, segment in enumerate(message):
        if str(segment[0]) != "PID":
            continue
        for field, components in PID_FIELDS.items():
            if len(segment) <= field:
                continue
            for r, rep in enumerate(_expand(segment, field)):
                for c, label in components.items():
                    if c <= len(rep):
                        value = message.unescape(str(rep[c - 1]), _UNESCAPE_MAP)
                        if value.strip() and value != '""':
                            if field in (2, 3, 4) and len(rep) >= 5 and str(rep[4]).upper() == "SS":
                                label = "SSN"  # CX-5 identifier type code SS: a social security number
                            slot = [s, field, r, c]
                            slots.append([*slot, label])
                            values.add(slot, value, label)
    return slots, values


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
    """Put an already escaped value at ``[segment, field, repetition]`` or ``[..., component]``."""
    segment = message[slot[0]]
    field = _expand(segment, slot[1])
    if len(slot) == 3:
        field[slot[2]] = escaped
    else:
        field[slot[2]][slot[3] - 1] = escaped


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
                    raise InputError("HL7 PID document without its message", path, document=doc.id)
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
    if len(values) != len(meta["pid"]):
        raise InputError("HL7 PID document does not hold one span per field", path, document=doc.id)
    for slot, value in zip(meta["pid"], values):
        _assign(message, slot[:4], escape(message, value))
