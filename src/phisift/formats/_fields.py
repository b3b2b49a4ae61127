"""Structured PHI fields (FHIR Patient, HL7 PID) as documents whose spans are given.

Clinical sources carry PHI twice: in the note text, and in structured fields that
name the patient (a FHIR Patient's name and birth date, an HL7 PID segment). Both
must come out de-identified, and consistently: the surrogate of "Smith" in PID-5
must be the surrogate of "Smith" in the note. So a source's structured values become
one more document of the same patient: its text is the values one per line, its
spans are the values with the label the field gives them, and ``meta[GIVEN]`` says
that these spans are the PHI to replace (nothing is detected in it). The pipeline's
operator replaces them like any span, keyed by the same patient, and the format's
writer reads the new values back from the rewritten document's spans, in order.

The same values are the patient's *known identifiers* (issue 17): a source puts
them on each of that patient's text documents as ``meta[KNOWN_PHI]``, a list of
``{"label", "text"}`` in the form ``--known-phi`` reads, for a detector that looks
for them in the text.

Nothing in a document's other meta holds these values: the formats keep their
record skeletons with the PHI places blanked, so meta is safe to log or store.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..document import BIRTH_DATE, GIVEN_SPANS, KNOWN_PHI as _KNOWN, SOURCE_PATIENT, Document, Span

#: Meta flag: the document's spans are its PHI (structured fields): replace them, detect nothing.
GIVEN = GIVEN_SPANS
#: Meta key: the patient's known identifiers, ``[{"label": ..., "text": ...}, ...]``.
KNOWN_PHI = _KNOWN
#: Meta key: the patient a document belongs to, when its source names one (a FHIR subject, a PID-3 id):
#: the key of its per-patient surrogates unless --patient-field names another field.
PATIENT = SOURCE_PATIENT


class FieldText:
    """Builds the text of a fields document: one value per line, each a span with its label.

    A value holding a line break keeps it (the span covers it); values are only ever
    read back by span, never by splitting lines.
    """

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._spans: list[Span] = []
        self._length = 0

    def add(self, value: str, label: str, source: str = "field") -> None:
        """One more value (``source``: ``BIRTH_DATE`` for a date of birth, see ``document.py``)."""
        if self._parts:
            self._parts.append("\n")
            self._length += 1
        self._spans.append(Span(self._length, self._length + len(value), label, source))
        self._parts.append(value)
        self._length += len(value)

    def __len__(self) -> int:
        return len(self._spans)

    def document(self, doc_id: str, meta: dict[str, Any]) -> Document:
        return Document(doc_id, "".join(self._parts), tuple(self._spans), {**meta, GIVEN: True})

    def known(self) -> list[dict[str, Any]]:
        """The values as known identifiers (each distinct label/text once; a date of birth says so)."""
        text = "".join(self._parts)
        births = [text[s.start : s.end] for s in self._spans if s.source == BIRTH_DATE]
        return mark_births(known_list((s.label, text[s.start : s.end]) for s in self._spans), births)


def known_list(pairs: Iterable[tuple[str, str]]) -> list[dict[str, str]]:
    """``[{"label", "text"}]`` of non-blank values, each distinct pair once, in order."""
    seen: set[tuple[str, str]] = set()
    out = []
    for label, text in pairs:
        text = text.strip()
        if text and (label, text) not in seen:
            seen.add((label, text))
            out.append({"label": label, "text": text})
    return out


def mark_births(known: list[dict[str, Any]], births: Iterable[str]) -> list[dict[str, Any]]:
    """``known`` with its dates of birth marked (``"birth": True``): the notes' over-89 rule takes the patient's
    date of birth as one wherever a note writes it, with or without a cue word."""
    births = {b.strip() for b in births}
    return [{**k, "birth": True} if k["label"] == "DATE" and k["text"] in births else k for k in known]


def field_values(doc: Document) -> list[str]:
    """The field values of a (possibly rewritten) fields document, in order.

    After a rewrite the document's spans mark the replaced places, so each span's text
    is the new value of its field: a surrogate, a tag, a mask, or "" when redacted.
    """
    return [doc.text[s.start : s.end] for s in sorted(doc.spans, key=lambda s: (s.start, s.end))]


def is_given(doc: Document) -> bool:
    return bool(doc.meta.get(GIVEN))

