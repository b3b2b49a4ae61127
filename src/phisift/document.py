"""Documents, spans, edits and the one rewrite function every transformation uses.

Everything in phisift is "spans in, edits out". A detector returns spans; an
operator turns spans into edits; ``rewrite`` applies the edits once and returns an
``OffsetMap`` so that any annotation of the old text (gold labels, other spans)
can be carried onto the new text. Keeping this in one place is what lets
de-identification, augmentation and synthetic-note generation share their
offset logic, and lets it be tested hard once.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Sequence


class OverlapError(ValueError):
    """Raised when two edits touch the same characters: their order would be ambiguous."""


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A labelled region of a text: 0-based, end-exclusive character offsets."""

    start: int
    end: int
    label: str
    source: str = field(default="", compare=False)
    score: float = field(default=1.0, compare=False)

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"bad span offsets {self.start}..{self.end}")

    def __len__(self) -> int:
        return self.end - self.start

    def overlaps(self, other: "Span") -> bool:
        return self.start < other.end and other.start < self.end

    def text_in(self, text: str) -> str:
        return text[self.start : self.end]

    def with_label(self, label: str) -> "Span":
        return replace(self, label=label)


#: Meta flag of a document whose spans are its PHI, given by its source (the structured fields of a
#: FHIR Patient or an HL7 PID segment): de-identification replaces exactly them and detects nothing.
GIVEN_SPANS = "_given_spans"
#: Meta key of the known identifiers a document's source gives for its patient (a FHIR Patient's values,
#: an HL7 PID segment's): ``[{"label", "text"}]``, looked for in the text in all their written forms.
KNOWN_PHI = "_known_phi"
#: Meta key of the patient a document's source names (a FHIR subject reference, an HL7 PID-3 id).
SOURCE_PATIENT = "_patient"
#: Meta key of the date a document's source gives as the reference of the over-89 rule (an ISO day): the
#: latest date of the patient's resources in a FHIR file, of the message in HL7 v2. A real date, so it goes.
SOURCE_NOTE_DATE = "_note_date"
#: Span source of a date its source says is a date of birth (a FHIR Patient.birthDate, an HL7 PID-7): the
#: over-89 rule treats it as one without the cue words a note puts before it.
BIRTH_DATE = "birth-date"
#: Meta key of the free text of the record a document of given spans belongs to (an HL7 message's notes):
#: its PHI is found again when the given spans are replaced, so that their surrogates avoid the same PHI
#: words as the text's own and come out the same (a PID-5 name and the name in the OBX text).
SOURCE_TEXT = "_source_text"
#: Meta a de-identified document must not carry on: its source's identifiers of the patient, dates, text.
SOURCE_PHI_META = (KNOWN_PHI, SOURCE_PATIENT, SOURCE_NOTE_DATE, SOURCE_TEXT)


@dataclass(frozen=True, slots=True)
class Document:
    """A note and its annotations. The text is never changed in place.

    ``meta`` holds every field of the input record other than id, text and spans,
    so formats that carry extra columns can write them back untouched.
    """

    id: str
    text: str
    spans: tuple[Span, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    def with_spans(self, spans: Iterable[Span]) -> "Document":
        return replace(self, spans=tuple(sorted(spans)))

    def with_text(self, text: str, spans: Iterable[Span] = ()) -> "Document":
        return replace(self, text=text, spans=tuple(sorted(spans)))


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace ``text[start:end]`` by ``replacement``; ``start == end`` inserts."""

    start: int
    end: int
    replacement: str

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"bad edit offsets {self.start}..{self.end}")


@dataclass(frozen=True)
class OffsetMap:
    """Maps offsets of the old text onto the new one after a rewrite.

    Stored as the sorted old and new bounds of every edit; a position outside every
    edit moves by the total length change of the edits before it. A position inside
    a replaced region has no exact image: a span that starts or ends there is
    stretched to cover the whole replacement, so a label is never cut in half.
    """

    old_starts: tuple[int, ...]
    old_ends: tuple[int, ...]
    new_starts: tuple[int, ...]
    new_ends: tuple[int, ...]
    old_length: int
    new_length: int

    def _shift_before(self, i: int) -> int:
        """Length change of the first ``i`` edits."""
        if i == 0:
            return 0
        return self.new_ends[i - 1] - self.old_ends[i - 1]

    def start(self, pos: int) -> int:
        """New offset for a span that starts at old ``pos``.

        An insertion exactly at ``pos`` stays outside the span; a replacement that
        starts at or covers ``pos`` is taken into the span.
        """
        self._check(pos)
        # First edit ending after pos; insertions at pos end at pos and stay before.
        i = bisect_right(self.old_ends, pos)
        if i < len(self.old_starts) and self.old_starts[i] <= pos:
            return self.new_starts[i]
        return pos + self._shift_before(i)

    def end(self, pos: int) -> int:
        """New offset for a span that ends at old ``pos`` (exclusive)."""
        self._check(pos)
        # Edits with old_start < pos are at least partly before the end.
        i = bisect_left(self.old_starts, pos)
        if i > 0 and self.old_ends[i - 1] >= pos and self.old_starts[i - 1] < pos:
            return self.new_ends[i - 1]
        return pos + self._shift_before(i)

    def span(self, span: Span) -> Span:
        """The span carried onto the new text (an empty span stays empty)."""
        new_start = self.start(span.start)
        if span.start == span.end:
            return replace(span, start=new_start, end=new_start)
        new_end = max(new_start, self.end(span.end))
        return replace(span, start=new_start, end=new_end)

    def spans(self, spans: Iterable[Span]) -> list[Span]:
        return [self.span(s) for s in spans]

    def _check(self, pos: int) -> None:
        if not 0 <= pos <= self.old_length:
            raise IndexError(f"offset {pos} outside text of length {self.old_length}")


def sort_edits(edits: Iterable[Edit]) -> list[Edit]:
    """Edits in text order; raises OverlapError when two edits touch the same characters.

    Two insertions at one point, or an insertion strictly inside a replaced region,
    count as overlapping because no order between them is obviously right.
    """
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    for a, b in zip(ordered, ordered[1:]):
        both_insert_here = a.start == a.end == b.start == b.end
        if b.start < a.end or both_insert_here or (a.start < b.start == b.end < a.end):
            raise OverlapError(f"edits overlap: {a.start}..{a.end} and {b.start}..{b.end}")
    return ordered


def rewrite(text: str, edits: Iterable[Edit]) -> tuple[str, OffsetMap]:
    """Apply non-overlapping edits to ``text``; return the new text and its offset map."""
    ordered = sort_edits(edits)
    if ordered and ordered[-1].end > len(text):
        raise IndexError(f"edit ends at {ordered[-1].end}, past text length {len(text)}")
    pieces: list[str] = []
    old_starts, old_ends, new_starts, new_ends = [], [], [], []
    cursor = 0
    new_pos = 0
    for e in ordered:
        pieces.append(text[cursor : e.start])
        new_pos += e.start - cursor
        old_starts.append(e.start)
        old_ends.append(e.end)
        new_starts.append(new_pos)
        pieces.append(e.replacement)
        new_pos += len(e.replacement)
        new_ends.append(new_pos)
        cursor = e.end
    pieces.append(text[cursor:])
    new_text = "".join(pieces)
    mapping = OffsetMap(
        tuple(old_starts), tuple(old_ends), tuple(new_starts), tuple(new_ends), len(text), len(new_text)
    )
    return new_text, mapping


def rewrite_document(doc: Document, edits: Sequence[Edit]) -> tuple[Document, OffsetMap]:
    """Rewrite a document's text and carry its spans onto the new text."""
    new_text, mapping = rewrite(doc.text, edits)
    return doc.with_text(new_text, mapping.spans(doc.spans)), mapping
