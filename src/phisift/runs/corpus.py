"""The corpus of a run (re-readable, fingerprinted), and what a run writes per document."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..document import Document, Span
from ..formats import FORMATS, read_corpus
from ..pseudonyms import PatientKey
from .state import fingerprint


@dataclass(frozen=True)
class Corpus:
    """An input corpus that can be read again (the fit and the apply pass each stream it)."""

    path: Path
    fmt: str
    options: dict[str, Any] = field(default_factory=dict)

    def __iter__(self) -> Iterator[Document]:
        return iter(read_corpus(self.path, self.fmt, **self.options))

    def check(self) -> None:
        """The path exists and the format takes these options (nothing is read yet): checked
        before a run creates anything, such as a key file."""
        read_corpus(self.path, self.fmt, **self.options)

    def settings(self) -> dict[str, Any]:
        """What a run's output depends on about its input (part of the run key)."""
        return {"input": str(self.path.resolve()), "input_format": self.fmt, "reader": self.options,
                "input_files": fingerprint(self.path)}


def is_folder_output(target: Path, fmt: str) -> bool:
    """Written as one file per document (a ``.txt`` or ``.xml`` path is a single file)."""
    return FORMATS[fmt].folder and Path(target).suffix.lower() not in (".txt", ".xml")


def patient_of(doc: Document, patient_field: str | None) -> str:
    """The patient a document belongs to: a metadata field, or else the document itself
    (``pseudonyms.PatientKey`` also reads mapping files and file-name patterns)."""
    return PatientKey(field_name=patient_field).of(doc)


def spans_line(doc_id: str, spans: Iterable[Span]) -> str:
    """One line of a spans file: ``{"id", "spans": [{"start", "end", "label"}]}``."""
    return json.dumps({"id": doc_id, "spans": [
        {"start": s.start, "end": s.end, "label": s.label} for s in spans]}, ensure_ascii=False) + "\n"
