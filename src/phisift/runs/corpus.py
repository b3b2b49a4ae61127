"""The corpus of a run (re-readable, fingerprinted), and what a run writes per document."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..document import Document, Span
from ..formats import FORMATS, SOURCE_PATIENT, read_corpus, table_columns, writes_folder
from ..pseudonyms import PatientKey
from .state import fingerprint


@dataclass(frozen=True)
class Corpus:
    """An input corpus that can be read again (the fit and the apply pass each stream it)."""

    path: str | Path  # a database URL stays a string
    fmt: str
    options: dict[str, Any] = field(default_factory=dict)

    def __iter__(self) -> Iterator[Document]:
        return iter(read_corpus(self.path, self.fmt, **self.options))

    def check(self) -> None:
        """The path exists and the format takes these options (nothing is read yet): checked
        before a run creates anything, such as a key file."""
        read_corpus(self.path, self.fmt, **self.options)

    def output_options(self, dst_fmt: str) -> dict[str, Any]:
        """Write options that keep the input's shape: the text and id field names the reader was
        given and, from a table to a table, the input's columns in their order."""
        options: dict[str, Any] = {k: v for k, v in self.options.items() if k in ("text_field", "id_field")}
        if dst_fmt in ("csv", "parquet"):
            columns = table_columns(self.path, self.fmt, **{k: v for k, v in self.options.items()
                                                             if k == "delimiter"})
            if columns is not None:
                options["columns"] = columns
        accepted = FORMATS[dst_fmt].write_options()
        return {k: v for k, v in options.items() if k in accepted}

    def size_bytes(self) -> int | None:
        """The input's size on disk (every file of a folder); None for a database or a stream."""
        path = Path(self.path) if not isinstance(self.path, str) or "://" not in self.path else None
        if path is None or str(path) == "-" or not path.exists():
            return None
        if path.is_file():
            return path.stat().st_size
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())

    def settings(self) -> dict[str, Any]:
        """What a run's output depends on about its input (part of the run key)."""
        if self.fmt == "sql":
            from ..formats import sql

            table = self.options.get("table", sql.DEFAULT_TABLE)
            return {"input": sql.shown(str(self.path)), "input_format": self.fmt, "reader": self.options,
                    "input_files": sql.fingerprint(str(self.path), table)}
        return {"input": str(Path(self.path).resolve()), "input_format": self.fmt, "reader": self.options,
                "input_files": fingerprint(self.path)}

    def count(self) -> int | None:
        """How many documents the corpus holds, when that is cheap to know (for a progress total and its
        time left): a table's rows, a folder's notes, a JSONL file's lines up to 256 MB; else None."""
        if self.fmt == "sql":
            return self.settings()["input_files"]["rows"]
        path = Path(self.path)
        if self.fmt == "text" and path.is_dir():
            return sum(1 for p in path.rglob("*.txt") if p.is_file() and not any(
                part.startswith(".") for part in p.relative_to(path).parts))
        if self.fmt == "jsonl" and path.is_file() and path.stat().st_size <= COUNT_LIMIT:
            with open(path, "rb") as fh:
                return sum(1 for line in fh if line.strip())
        return None


#: Inputs up to this size are counted line by line before a run (a progress total).
COUNT_LIMIT = 256 * 1024 * 1024


def is_folder_output(target: Path, fmt: str) -> bool:
    """Written as one file per document (a ``.txt`` or ``.xml`` path is a single file)."""
    return writes_folder(target, fmt)


def patient_of(doc: Document, patient_field: str | None) -> str:
    """The patient a document belongs to: a metadata field, else the patient its source names (a FHIR
    subject, an HL7 PID-3 id: ``meta["_patient"]``), else the document itself
    (``pseudonyms.PatientKey`` also reads mapping files and file-name patterns)."""
    if not patient_field and doc.meta.get(SOURCE_PATIENT) not in (None, ""):
        return str(doc.meta[SOURCE_PATIENT])
    return PatientKey(field_name=patient_field).of(doc)


def spans_line(doc_id: str, spans: Iterable[Span]) -> str:
    """One line of a spans file: ``{"id", "spans": [{"start", "end", "label"}]}``."""
    return json.dumps({"id": doc_id, "spans": [
        {"start": s.start, "end": s.end, "label": s.label} for s in spans]}, ensure_ascii=False) + "\n"
