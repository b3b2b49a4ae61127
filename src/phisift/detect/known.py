"""Known identifiers: PHI that structured data already names (``--known-phi FILE``).

The lesson of production de-identification at scale: the patient's name, date of
birth and record number are in the database next to the note, and a detector that
is told them finds them in every written variant, where a statistical detector may
miss one. The file holds JSON lines::

    {"patient": "00482913", "phi": [{"label": "PATIENT", "text": "Margaret O'Connell-Whitfield"},
                                    {"label": "DATE", "text": "1931-05-02"},
                                    {"label": "MEDICALRECORD", "text": "00482913"}]}

``patient`` is the value of the document's ``--patient-field`` (or, without one,
its patient key: the document id, a mapped name, ...). A patient's values are looked
for in that patient's notes only, never in another patient's.

Variants found:

* names: any case for the full name, "LAST, FIRST", an initial for the given name
  ("M. O'Connell-Whitfield", also with middle initials the record lacks: "M.A.
  O'Connell-Whitfield"), middle names optional, the apostrophe and hyphen
  optional or a space ("OConnell", "O Connell Whitfield"); the given name or the
  surname alone (and each part of a double surname) when written as a name (Title
  or UPPER case, so "may" and "will" in prose are not taken for a patient May Will);
  a possessive stays outside the span ("Margaret's" -> "Margaret");
* dates: every written form the date parser reads (3/14/1950, 14.03.1950,
  1950-03-14, March 14th, 1950, 14 de marzo de 1950, 19500314), compared by value;
* numbers and codes (record numbers, phones, SSNs, ...): the same characters with or
  without separators (space, hyphen, dot, slash), leading zeros optional;
* anything else (places, e-mails, institutions): the text in any case, any spacing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from ..document import Span
from ..errors import InputError
from ..dates import parse_date

NAME_LABELS = frozenset({"PATIENT", "DOCTOR", "USERNAME"})
CODE_LABELS = frozenset({"MEDICALRECORD", "SSN", "PHONE", "FAX", "ACCOUNT", "IDNUM", "HEALTHPLAN", "LICENSE",
                         "DEVICE", "VEHICLE", "BIOID", "ZIP"})
_SEP = r"[\s\-./]?"
_WORD = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")
_PARTICLES = frozenset({"de", "del", "la", "van", "von", "der", "da", "di", "le", "du", "dos", "das"})
_MONTH = (r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|ene|abr|ago|set|dic)[a-zé]*\.?")
_DATE_CANDIDATE = re.compile(
    r"(?<![\w/.-])(?:\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}|\d{8}"
    rf"|(?:\d{{1,2}}(?:st|nd|rd|th|º)?[\s\-./]+(?:of\s+|de\s+)?)?{_MONTH}[\s\-./]*(?:\d{{1,2}}(?:st|nd|rd|th)?,?[\s\-./]+)?"
    r"(?:de\s+|of\s+)?(?:\d{4}|'?\d{2}))(?![\w/])",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class KnownValue:
    label: str
    text: str
    birth: bool = False  # the patient's date of birth (a FHIR Patient.birthDate, an HL7 PID-7): the over-89
    # rule takes it as one wherever a note writes it, cue word or not


@dataclass
class KnownPHI:
    """Every patient's known values; ``detect`` finds one patient's in a note."""

    values: dict[str, tuple[KnownValue, ...]] = field(default_factory=dict)
    _compiled: dict[str, list] = field(default_factory=dict, repr=False)
    name: str = "known"

    def strings(self, patient: str) -> list[str]:
        """The patient's known values, for the surrogates to avoid."""
        return [v.text for v in self.values.get(patient, ())]

    def detect(self, text: str, patient: str) -> list[Span]:
        """Spans of the patient's known values in ``text`` (no other patient's)."""
        if patient not in self.values:
            return []
        if patient not in self._compiled:
            self._compiled[patient] = [matcher(v) for v in self.values[patient]]
        spans = []
        for find in self._compiled[patient]:
            spans.extend(find(text))
        return _outermost(spans)

    def __getstate__(self) -> dict:
        """Pickled for a worker without the compiled patterns (they are rebuilt there on use)."""
        return {**self.__dict__, "_compiled": {}}


def _outermost(spans: list[Span]) -> list[Span]:
    """The spans not inside a longer one ("John" inside "John Smith" is dropped)."""
    out: list[Span] = []
    for s in sorted(set(spans), key=lambda s: (s.start, -s.end)):
        if out and s.end <= out[-1].end:
            continue
        out.append(s)
    return out


def load_known_phi(path: str | Path) -> KnownPHI:
    """Read a known-PHI JSONL file; errors name the file and line, never a value."""
    path = Path(path)
    found: dict[str, list[KnownValue]] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except (IsADirectoryError, UnicodeDecodeError) as exc:
        raise InputError(f"not a known-PHI JSONL file ({type(exc).__name__})", path) from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            raise InputError("not a JSON line", path, number) from None
        patient, values = _record(record, path, number)
        found.setdefault(patient, []).extend(values)
    return KnownPHI({p: tuple(dict.fromkeys(v)) for p, v in found.items()})


def _record(record, path: Path, number: int) -> tuple[str, list[KnownValue]]:
    if not isinstance(record, dict) or "patient" not in record or not isinstance(record.get("phi"), list):
        raise InputError('expected {"patient": KEY, "phi": [{"label": ..., "text": ...}, ...]}', path, number)
    values = []
    for item in record["phi"]:
        if not isinstance(item, dict) or not isinstance(item.get("text"), str) or not isinstance(item.get("label"), str):
            raise InputError('each "phi" item needs a "label" and a "text" string', path, number)
        if item["text"].strip():
            values.append(KnownValue(item["label"], item["text"].strip()))
    return str(record["patient"]), values


# --------------------------------------------------------------------------- matchers
def matcher(value: KnownValue):
    """A function text -> spans for one known value, by the kind of value (see the module doc)."""
    if value.label in NAME_LABELS and _WORD.search(value.text) and not any(c.isdigit() for c in value.text):
        return _regex_matcher(name_patterns(value.text), value.label)
    if value.label == "DATE":
        parsed = parse_date(value.text)
        if parsed is not None and parsed.grain == "day" and parsed.has_year:
            return _date_matcher(parsed.value, value.label)
    if value.label in CODE_LABELS and sum(c.isalnum() for c in value.text) >= 4:
        return _regex_matcher([code_pattern(value.text)], value.label)
    return _regex_matcher([literal_pattern(value.text)], value.label)


def _regex_matcher(patterns: list[re.Pattern], label: str):
    def find(text: str) -> list[Span]:
        return [Span(m.start(), m.end(), label, source="known") for p in patterns for m in p.finditer(text)]

    return find


def _date_matcher(value, label: str):
    def find(text: str) -> list[Span]:
        spans = []
        for m in _DATE_CANDIDATE.finditer(text):
            for dayfirst in (False, True):
                parsed = parse_date(m.group(), dayfirst)
                if parsed is not None and parsed.grain == "day" and parsed.has_year and parsed.value == value:
                    spans.append(Span(m.start(), m.end(), label, source="known"))
                    break
        return spans

    return find


def _flexible(word: str) -> str:
    """A name word with its apostrophes and hyphens optional or a space."""
    out = []
    for c in word:
        out.append(r"['’ _]?" if c in "'’" else r"[-\s_]?" if c == "-" else re.escape(c))
    return "".join(out)


def name_patterns(name: str) -> list[re.Pattern]:
    """Full-name variants (any case) and single name parts (Title or UPPER case)."""
    if "," in name:
        last, _, first = name.partition(",")
        name = f"{first.strip()} {last.strip()}"
    words = [w for w in _WORD.findall(name)]
    if not words:
        return []
    # An underscore is a boundary and a gap: names joined into file names or user ids
    # ("whitfield_margaret_445566.txt") are the same identifiers as in prose.
    b, e = r"(?<![^\W_]|['’])", r"(?![^\W_])"
    gap = r"[\s.,_]+"
    surname = words[-1]
    givens = [w for w in words[:-1] if w.lower() not in _PARTICLES]
    particles = [w for w in words[:-1] if w.lower() in _PARTICLES]
    last = gap.join(_flexible(w) for w in particles + [surname])
    full = []
    if givens:
        first = _flexible(givens[0])
        middle = "".join(rf"(?:{gap}(?:{_flexible(m)}|{re.escape(m[0])}\.?))?" for m in givens[1:])
        initial = rf"{re.escape(givens[0][0])}\.?"
        unknown = r"(?:\s*[^\W\d_]\.){0,2}"  # middle initials the record does not hold: "A.S. Swanson"
        full += [rf"{first}{middle}(?:\s+[^\W\d_]\.?)?{gap}{last}", rf"{last},?{gap}{first}(?:{middle})?",
                 rf"{initial}{middle}{gap}{last}", rf"{re.escape(givens[0][0])}\.{unknown}{gap}{last}",
                 rf"{last},{gap}?{initial}"]
    else:
        full.append(last)
    patterns = [re.compile(b + "(?:" + "|".join(full) + ")" + e, re.IGNORECASE)]
    parts = {w for w in givens + [surname] if len(w) > 1} | {p for p in re.split(r"-", surname) if len(p) > 2}
    forms = sorted({f for p in parts for f in (p[:1].upper() + p[1:], p.upper())}, key=len, reverse=True)
    if forms:
        patterns.append(re.compile(b + "(?:" + "|".join(_flexible(f) for f in forms) + ")" + e))
    return patterns


def code_pattern(value: str) -> re.Pattern:
    """The value's letters and digits, separators optional between any two; leading zeros optional."""
    chars = [c for c in value if c.isalnum()]
    zeros = 0
    while zeros < len(chars) - 1 and chars[zeros] == "0":
        zeros += 1
    body = _SEP.join(re.escape(c) for c in chars[zeros:])
    lead = rf"(?:0{_SEP})*" if zeros else ""
    return re.compile(rf"(?<![A-Za-z0-9]){lead}{body}(?![A-Za-z0-9])", re.IGNORECASE)


def literal_pattern(value: str) -> re.Pattern:
    """The value in any case and any spacing, as whole words."""
    body = r"\s+".join(re.escape(w) for w in value.split())
    left = r"(?<![^\W_])" if value[:1].isalnum() else ""
    right = r"(?![^\W_])" if value[-1:].isalnum() else ""
    return re.compile(left + body + right, re.IGNORECASE)


def known_strings(known: KnownPHI | None, patient: str) -> list[str]:
    return known.strings(patient) if known is not None else []


def doc_known_values(doc, known: KnownPHI | None, patient: str) -> list[KnownValue]:
    """A document's known identifiers: its patient's from ``--known-phi``, and those its source
    carries (a FHIR Patient's or an HL7 PID's fields, ``meta["_known_phi"]``)."""
    from ..formats._fields import KNOWN_PHI

    values = list(known.values.get(patient, ())) if known is not None else []
    for item in doc.meta.get(KNOWN_PHI) or ():
        if isinstance(item, dict) and isinstance(item.get("text"), str) and item["text"].strip():
            values.append(KnownValue(str(item.get("label", "PATIENT")), item["text"].strip(), bool(item.get("birth"))))
    return list(dict.fromkeys(values))


def find_known(text: str, values: list[KnownValue]) -> list[Span]:
    """Spans of the given known values in ``text`` (the outermost where they nest)."""
    spans: list[Span] = []
    for value in values:
        spans.extend(matcher(value)(text))
    return _outermost(spans)
