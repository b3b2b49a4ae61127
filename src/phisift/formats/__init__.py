"""Corpus formats: read any of them into Documents, write Documents to any of them.

One module per format, each with ``read(path, **options) -> Iterator[Document]``
and ``write(docs, path, **options) -> int``; this registry finds the format of a
path and checks options against the module's own keyword arguments.

    >>> docs = read_corpus("notes/")                  # format detected from the path
    >>> write_corpus(docs, "notes.jsonl")             # format from the suffix

Readers stream one document at a time (Parquet by record batch). Writers write a
single output file atomically and every file of an output folder atomically, and
create folders as needed; they never check whether the output is an input, which
callers do with ``fileio.ensure_outside``. Bad input raises ``InputError`` naming
the file and line (or row, or document), never quoting the text.

Format names: jsonl, text, brat, i2b2, conll, csv, parquet, fhir, hl7v2, sql.
Clinical sources: FHIR R4 JSON (``.json`` Bundle or resource, ``.ndjson`` of
resources), HL7 v2 (``.hl7``), and SQL tables named by a database URL
(``sqlite:///notes.db``, ``postgresql://user@host/db``), which stays a string
wherever a path is taken.
"""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable, Iterator

from ..document import Document, Span
from ..errors import InputError, UsageError
from ..fileio import building_folder
from . import brat, conll, csvfile, fhir, hl7v2, i2b2, jsonl, parquet, sql, textdir
from ._common import check_options
from ._fields import PATIENT as SOURCE_PATIENT


@dataclass(frozen=True)
class Format:
    name: str
    read: Callable[..., Iterator[Document]]
    write: Callable[..., int]
    folder: bool  # written as a folder of files (a single file for text/i2b2 with a suffix)

    def read_options(self) -> set[str]:
        return _keyword_options(self.read)

    def write_options(self) -> set[str]:
        return _keyword_options(self.write)


def _keyword_options(func: Callable[..., Any]) -> set[str]:
    return {p.name for p in inspect.signature(func).parameters.values() if p.kind is p.KEYWORD_ONLY}


def _format(module: ModuleType, folder: bool) -> Format:
    return Format(module.NAME, module.read, module.write, folder)


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        _format(jsonl, False),
        _format(textdir, True),
        _format(brat, True),
        _format(i2b2, True),
        _format(conll, False),
        _format(csvfile, False),
        _format(parquet, False),
        _format(fhir, False),
        _format(hl7v2, False),
        _format(sql, False),
    )
}

SUFFIXES: dict[str, str] = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".csv": "csv",
    ".tsv": "csv",
    ".parquet": "parquet",
    ".xml": "i2b2",
    ".conll": "conll",
    ".bio": "conll",
    ".iob": "conll",
    ".txt": "text",
    ".json": "fhir",
    ".hl7": "hl7v2",
}


def detect_format(path: str | Path, default: str | None = None) -> str:
    """The format of a path, from its suffix or, for a folder, from the files in it.

    A folder holding ``.ann`` files is BRAT, ``.xml`` files i2b2, only ``.txt``
    files plain text. A path that does not exist yet (an output) is read by its
    suffix; without a known suffix it is a folder, whose format is ``default``
    (typically the input's format) when that is a folder format. A database URL is
    SQL; an ``.ndjson`` file of FHIR resources is FHIR (else JSONL).
    """
    if default is not None and default not in FORMATS:
        raise UsageError(f"unknown format '{default}'; choose one of {', '.join(FORMATS)}")
    if sql.is_url(path):
        return "sql"
    path = Path(path)
    if path.suffix.lower() == ".ndjson":
        return _ndjson_format(path, default)
    if path.is_dir():
        found = _folder_format(path)
        if found:
            return found
        if default is not None and FORMATS[default].folder:
            return default
        raise UsageError("cannot tell the format of this folder: it holds no .txt, .ann or .xml files", path)
    fmt = SUFFIXES.get(path.suffix.lower())
    if fmt is not None:
        return fmt
    if path.exists():
        raise UsageError(
            f"cannot tell the format of '{path.name}' from its suffix ({', '.join(SUFFIXES)}); give the format",
            path,
        )
    if default is not None and FORMATS[default].folder:
        return default
    raise UsageError("cannot tell the output format from this path (no known suffix); give the format", path)


def input_format(path: str | Path) -> str:
    """The format of an input corpus; a missing path says so (not that its format is unknown)."""
    if not sql.is_url(path) and not Path(path).exists():
        raise InputError("no such file or folder", path)
    return detect_format(path)


def _ndjson_format(path: Path, default: str | None) -> str:
    """FHIR when the file's first record is a FHIR resource (or, for a new file, when the input is FHIR)."""
    if not path.is_file():
        return "fhir" if default == "fhir" else "jsonl"
    with open(path, "rb") as fh:
        for raw in fh:
            if raw.strip():
                try:
                    record = json.loads(raw)
                except (ValueError, RecursionError):
                    return "jsonl"  # the JSONL reader names the bad line
                return "fhir" if isinstance(record, dict) and "resourceType" in record else "jsonl"
    return "jsonl"


def _folder_format(path: Path) -> str | None:
    suffixes: set[str] = set()
    for p in path.rglob("*"):
        rel = p.relative_to(path)
        if any(part.startswith(".") for part in rel.parts):
            continue
        suffix = p.suffix.lower()
        if suffix in (".ann", ".xml", ".txt") and p.is_file():
            suffixes.add(suffix)
            if {".ann", ".xml"} <= suffixes:
                raise UsageError("folder holds both .ann (BRAT) and .xml (i2b2) files; give the format", path)
    if ".ann" in suffixes:
        return "brat"
    if ".xml" in suffixes:
        return "i2b2"
    if ".txt" in suffixes:
        return "text"
    return None


def known_format(name: str) -> str:
    """``name`` if it is a format phisift reads and writes (a ``--to``/``--in-format`` value), else a usage error."""
    if name not in FORMATS:
        raise UsageError(f"unknown format '{name}'; choose one of {', '.join(FORMATS)}")
    return name


def _resolve(fmt: str | None, path: str | Path, default: str | None = None) -> Format:
    return FORMATS[known_format(fmt or detect_format(path, default))]


def reader_options(text_field: str | None = None, id_field: str | None = None) -> dict[str, str]:
    """The reader keyword options a command's --text-field/--id-field give (only those set)."""
    return {k: v for k, v in (("text_field", text_field), ("id_field", id_field)) if v}


def _location(path: str | Path) -> str | Path:
    """A database URL stays a string; anything else is a path."""
    return path if sql.is_url(path) else Path(path)


def read_corpus(path: str | Path, fmt: str | None = None, **options: Any) -> Iterator[Document]:
    """Documents of a corpus, one at a time. Format and options are checked at once, the data lazily."""
    path = _location(path)
    if isinstance(path, Path) and not path.exists():
        raise InputError("no such file or folder", path)
    form = _resolve(fmt, path)
    check_options(form.name, options, form.read_options())
    return form.read(path, **options)


def table_columns(path: str | Path, fmt: str, **options: Any) -> list[str] | None:
    """The column names, in order, of a CSV or Parquet input (None for other formats): what a table
    output keeps."""
    module = {"csv": csvfile, "parquet": parquet}.get(fmt)
    return module.columns(path, **options) if module is not None else None


def write_corpus(
    docs: Iterable[Document], path: str | Path, fmt: str | None = None, *, default: str | None = None, **options: Any
) -> int:
    """Write documents; returns how many. ``default`` is the format for a suffix-less new path."""
    path = _location(path)
    form = _resolve(fmt, path, default)
    check_options(form.name, options, form.write_options())
    return form.write(docs, path, **options)


def writes_folder(path: str | Path, fmt: str) -> bool:
    """A folder format written as one file per document (a ``.txt`` or ``.xml`` path is a single file)."""
    return FORMATS[fmt].folder and not sql.is_url(path) and Path(path).suffix.lower() not in (".txt", ".xml")


def write_corpus_whole(
    docs: Iterable[Document], path: str | Path, fmt: str | None = None, *, default: str | None = None, **options: Any
) -> int:
    """``write_corpus`` whose output appears whole or not at all: a folder is built in a hidden sibling and
    renamed into place, replacing what was there as a whole (single files are written atomically anyway)."""
    path = _location(path)
    form = _resolve(fmt, path, default)
    if not writes_folder(path, form.name):
        return write_corpus(docs, path, form.name, **options)
    with building_folder(path) as build:
        return write_corpus(docs, build, form.name, **options)


def read_spans(path: str | Path, fmt: str | None = None, **options: Any) -> dict[str, list[Span]]:
    """Spans by document id from any format; JSONL may hold spans only (``{"id", "spans"}``)."""
    path = Path(path)
    if not path.exists():
        raise InputError("no such file or folder", path)
    form = _resolve(fmt, path)
    check_options(form.name, options, form.read_options() - {"require_text"})
    docs = jsonl.read(path, require_text=False, **options) if form.name == "jsonl" else form.read(path, **options)
    spans: dict[str, list[Span]] = {}
    for doc in docs:
        if doc.id in spans:
            raise InputError("duplicate document id", path, document=doc.id)
        spans[doc.id] = list(doc.spans)
    return spans


__all__ = ["FORMATS", "SOURCE_PATIENT", "Format", "SUFFIXES", "detect_format", "input_format", "known_format", "read_corpus", "read_spans", "reader_options", "table_columns", "write_corpus", "write_corpus_whole", "writes_folder"]
