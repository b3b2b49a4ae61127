"""Corpus-level runs of the pipeline: stream documents in, write results out.

Shared by the ``detect`` and ``deid`` commands: reading, the patient key, the
side outputs (found spans, store records), the summary and the progress bar
all live here so each command is a few lines.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterable, Iterator

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .document import Document, Span
from .errors import InputError
from .fileio import atomic_write
from .pipeline import Pipeline
from .store import Secret, Store


@dataclass
class Summary:
    """Counts only: safe to print and to log (no PHI)."""

    documents: int = 0
    characters: int = 0
    spans: Counter = field(default_factory=Counter)
    started: float = field(default_factory=time.perf_counter)

    def add(self, doc: Document, spans: Iterable[Span]) -> None:
        self.documents += 1
        self.characters += len(doc.text)
        self.spans.update(s.label for s in spans)

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started

    def as_dict(self) -> dict:
        return {
            "documents": self.documents,
            "characters": self.characters,
            "spans": dict(sorted(self.spans.items())),
            "seconds": round(self.seconds, 3),
        }

    def print(self, console: Console, verb: str) -> None:
        rate = self.characters / self.seconds if self.seconds else 0.0
        console.print(
            f"{verb} {self.documents} documents, {sum(self.spans.values())} spans "
            f"in {self.seconds:.1f} s ({rate / 1e6:.2f} M chars/s)"
        )
        if self.spans:
            console.print("  " + ", ".join(f"{label} {n}" for label, n in sorted(self.spans.items())))


def patient_of(doc: Document, patient_field: str | None) -> str:
    """The patient a document belongs to: a metadata field, or else the document itself."""
    if not patient_field:
        return doc.id
    value = doc.meta.get(patient_field)
    if value is None or value == "":
        raise InputError(f"no value in the patient field '{patient_field}'", document=doc.id)
    return str(value)


def progress_bar(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=console, transient=True, disable=not console.is_terminal,
    )


def write_spans_line(fh: IO[str], doc_id: str, spans: Iterable[Span]) -> None:
    fh.write(json.dumps({"id": doc_id, "spans": [
        {"start": s.start, "end": s.end, "label": s.label} for s in spans]}, ensure_ascii=False) + "\n")


_WORKER: Pipeline | None = None


def _init_worker(pipeline: Pipeline) -> None:
    global _WORKER
    _WORKER = pipeline


def _detect_one(doc: Document) -> list[Span]:
    return _WORKER.detect(doc.text)


def _deid_one(item: tuple[Document, str]) -> tuple[Document, list[Span]]:
    doc, patient = item
    return _WORKER.deidentify(doc, patient)


def parallel_map(pipeline: Pipeline, func, items: Iterable, jobs: int, batch: int = 64) -> Iterator[tuple]:
    """(item, func(item)) pairs in input order, from this process or ``jobs`` workers.

    Items are sent in bounded batches, so a corpus larger than memory streams
    through. Every random choice is keyed by the document and the secret, so the
    output is the same whatever ``jobs`` is. The pipeline reaches the workers once,
    at start-up (fork), not with every document.
    """
    if jobs <= 1:
        _init_worker(pipeline)
        for item in items:
            yield item, func(item)
        return
    import multiprocessing
    from itertools import islice

    ctx = multiprocessing.get_context("fork")
    iterator = iter(items)
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(pipeline,)) as pool:
        while chunk := list(islice(iterator, batch * jobs)):
            yield from zip(chunk, pool.map(func, chunk, chunksize=max(1, len(chunk) // (4 * jobs))))


def detect_corpus(
    docs: Iterable[Document], pipeline: Pipeline, spans_path: Path, console: Console, jobs: int = 1
) -> Summary:
    summary = Summary()
    with atomic_write(spans_path) as fh, progress_bar(console) as bar:
        task = bar.add_task("detect", total=None)
        for doc, spans in parallel_map(pipeline, _detect_one, docs, jobs):
            write_spans_line(fh, doc.id, spans)
            summary.add(doc, spans)
            bar.advance(task)
    return summary


def deid_corpus(
    docs: Iterable[Document],
    pipeline: Pipeline,
    summary: Summary,
    patient_field: str | None = None,
    spans_out: IO[str] | None = None,
    store: Store | None = None,
    secret: Secret | None = None,
    reversible: bool = False,
    jobs: int = 1,
) -> Iterator[Document]:
    """De-identified documents, in input order; found spans and mappings go to the side outputs."""
    items = ((doc, patient_of(doc, patient_field)) for doc in docs)
    for (doc, patient), (new_doc, spans) in parallel_map(pipeline, _deid_one, items, jobs):
        if spans_out is not None:
            write_spans_line(spans_out, doc.id, spans)
        if store is not None and secret is not None and pipeline.operator.name == "surrogate":
            _record(store, secret, patient, doc, spans, new_doc, reversible)
        summary.add(doc, spans)
        yield new_doc


def _record(store: Store, secret: Secret, patient: str, doc: Document, spans: list[Span],
            new_doc: Document, reversible: bool) -> None:
    who = secret.hexdigest("patient", patient)
    rows = []
    for old, new in zip(spans, new_doc.spans):
        original = doc.text[old.start : old.end]
        rows.append((who, old.label, secret.hexdigest("original", old.label, original),
                     new_doc.text[new.start : new.end], original if reversible else None))
    store.record_surrogates(rows)


def open_optional(stack: ExitStack, path: Path | None) -> IO[str] | None:
    return stack.enter_context(atomic_write(path)) if path else None
