"""Corpus runs of the pipeline: fit over the corpus, apply per document, write in order.

Shared by the ``detect`` and ``deid`` commands. An engine (``phisift.engine``: this
process, a local process pool, or Spark) does the per-document work; this module
drives it: it reads the input as a stream, fits the frequency detector when asked,
writes every output in input order and keeps the run resumable.

Resumable and atomic: a single-file output (JSONL, CSV, Parquet, a spans file) is
built in a journal that is appended and fsynced per batch of finished documents
and assembled into the output in one atomic write at the end; a folder output gets
one atomically written file per document. After each batch the store records the
finished documents under the run key. A killed run started again with the same
settings continues after the last finished batch (``engine/resume.py``), and its
output is byte-identical to that of a run never interrupted.
"""

from __future__ import annotations

import copy
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable, Iterator

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .document import Document, Span
from .engine import Engine, deid_task, detect_task
from .engine.resume import RunState, fingerprint, run_key, secure_file
from .errors import InputError
from .fileio import atomic_write
from .formats import FORMATS, read_corpus, write_corpus
from .pipeline import Pipeline
from .store import Secret, Store

if TYPE_CHECKING:  # the page code loads only when a review is asked for
    from .review.page import ReviewWriter

#: A batch of finished documents is made durable and recorded when it reaches any of these.
COMMIT_DOCS = 256
COMMIT_CHARS = 4_000_000
COMMIT_SECONDS = 5.0


@dataclass
class Summary:
    """Counts only: safe to print and to log (no PHI)."""

    documents: int = 0
    characters: int = 0
    spans: Counter = field(default_factory=Counter)
    started: float = field(default_factory=time.perf_counter)
    resumed_from: int = 0  # documents finished by an earlier, interrupted run
    frequency: dict = field(default_factory=dict)  # the rare-word fit: share asked vs realised (FrequencyState.shares)

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
            "resumed_from": self.resumed_from,
            **({"frequency": self.frequency} if self.frequency else {}),
        }

    def print(self, console: Console, verb: str) -> None:
        rate = self.characters / self.seconds if self.seconds else 0.0
        earlier = f" (and {self.resumed_from} before the interruption)" if self.resumed_from else ""
        console.print(
            f"{verb} {self.documents} documents{earlier}, {sum(self.spans.values())} spans "
            f"in {self.seconds:.1f} s ({rate / 1e6:.2f} M chars/s)"
        )
        if self.spans:
            console.print("  " + ", ".join(f"{label} {n}" for label, n in sorted(self.spans.items())))
        if self.frequency:
            f = self.frequency
            console.print(f"  frequency k={f['threshold']}: word tokens left asked {100 * f['asked']:.1f}% "
                          f"({f['basis']}), realised {100 * f['realised']:.1f}%", soft_wrap=True)


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


def spans_line(doc_id: str, spans: Iterable[Span]) -> str:
    """One line of a spans file: ``{"id", "spans": [{"start", "end", "label"}]}``."""
    return json.dumps({"id": doc_id, "spans": [
        {"start": s.start, "end": s.end, "label": s.label} for s in spans]}, ensure_ascii=False) + "\n"


def write_spans_line(fh: IO[str], doc_id: str, spans: Iterable[Span]) -> None:
    fh.write(spans_line(doc_id, spans))


# --------------------------------------------------------------------------- corpus runs
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
        return {"input": str(self.path.resolve()), "input_format": self.fmt, "reader": self.options,
                "input_files": fingerprint(self.path)}


def is_folder_output(target: Path, fmt: str) -> bool:
    """Written as one file per document (a ``.txt`` or ``.xml`` path is a single file)."""
    return FORMATS[fmt].folder and Path(target).suffix.lower() not in (".txt", ".xml")


def _config_for_key(cfg: dict) -> dict:
    """The config as far as the output depends on it (not the number of processes)."""
    cfg = copy.deepcopy(cfg)
    cfg.get("frequency", {}).pop("jobs", None)
    return cfg


def _key_id(secret: Secret | None) -> str | None:
    """Which key a run used, without revealing it."""
    return secret.hexdigest("phisift-run-key-id")[:16] if secret is not None else None


def _resolved(path: Path | None) -> str | None:
    return str(Path(path).resolve()) if path else None


def build_pipeline(cfg: dict, corpus: Corpus, engine: Engine, state: RunState, store: Store,
                   secret: Secret | None, model: Path | None, notify: Callable[[str], None]) -> Pipeline:
    """The pipeline; a frequency detector is fitted on the whole input first (by the engine).

    A resumed run loads the state its first attempt fitted instead of fitting again:
    the confidence list in the store has changed since (it counts every fit), so a
    new fit could mask other words, and the corpus would count twice in the list.
    """
    extra = []
    if "frequency" in cfg["detect"]["detectors"]:
        from .detect.frequency import FrequencyDetector, FrequencyState

        if state.resumed and state.frequency_state.exists():
            notify("frequency: using the state fitted by the interrupted run")
            extra.append(FrequencyDetector(FrequencyState.load(state.frequency_state)))
        else:
            detector = engine.fit_frequency(corpus, cfg["frequency"], store)
            detector.state.save(state.frequency_state)
            secure_file(state.frequency_state)
            extra.append(detector)
    return Pipeline.from_config(cfg, secret=secret, model_dir=model, extra_detectors=extra)


def _commit_groups(pairs: Iterable[tuple[Any, Any]], size: Callable[[Any], int]) -> Iterator[list[tuple[Any, Any]]]:
    """Finished (item, result) pairs grouped into the batches that are committed together."""
    group: list = []
    chars = 0
    since = time.monotonic()
    for pair in pairs:
        group.append(pair)
        chars += size(pair[0])
        if len(group) >= COMMIT_DOCS or chars >= COMMIT_CHARS or time.monotonic() - since >= COMMIT_SECONDS:
            yield group
            group, chars, since = [], 0, time.monotonic()
    if group:
        yield group


def _notifier(console: Console) -> Callable[[str], None]:
    return lambda message: console.print(message, markup=False, highlight=False)


def _say_resumed(state: RunState, done: int, notify: Callable[[str], None]) -> None:
    if state.resumed:
        notify(f"resuming an unfinished run: {done} documents were already done (--no-resume starts over)")


def detect_run(corpus: Corpus, output: Path, cfg: dict, *, store: Store, engine: Engine, console: Console,
               model: Path | None = None, resume: bool | None = None) -> Summary:
    """Find PHI in every document and write the spans file, resumably."""
    notify = _notifier(console)
    key = run_key({"command": "detect", **corpus.settings(), "output": _resolved(output),
                   "config": _config_for_key(cfg), "model": _resolved(model)})
    with RunState(store, key, [output], resume, notify) as state:
        pipeline = build_pipeline(cfg, corpus, engine, state, store, None, model, notify)
        journal = state.journal(output)
        done = state.resume_point([journal], folder_output=False)
        _say_resumed(state, done, notify)
        summary = Summary(resumed_from=done, frequency=_frequency_shares(pipeline))
        docs = islice(iter(corpus), done, None)
        with progress_bar(console) as bar:
            task = bar.add_task(f"detect ({engine.name})", total=None)
            for batch in _commit_groups(engine.map(pipeline, detect_task, docs), lambda doc: len(doc.text)):
                journal.append([spans_line(doc.id, spans) for doc, spans in batch])
                journal.sync()
                store.mark_done(key, [doc.id for doc, _ in batch])
                for doc, spans in batch:
                    summary.add(doc, spans)
                bar.advance(task, len(batch))
        with atomic_write(output) as fh:
            fh.writelines(journal.items())
        store.log_run("detect", {"detectors": cfg["detect"]["detectors"], "engine": engine.name}, summary.as_dict())
        state.finish()
    return summary


def deid_run(corpus: Corpus, target: Path, dst_fmt: str, cfg: dict, *, store: Store, engine: Engine,
             console: Console, secret: Secret | None = None, model: Path | None = None,
             spans_path: Path | None = None, patient_field: str | None = None, reversible: bool = False,
             resume: bool | None = None, review: ReviewWriter | None = None) -> Summary:
    """De-identify every document into ``target`` (and the spans found into ``spans_path``), resumably.

    With ``review``, every document (original, de-identified, spans found) goes to the
    review page, which is written once the run is complete. A resumed run re-runs the
    documents an interrupted attempt finished, for the page only: the pipeline is
    deterministic for a key and store, so they come out as they were written.
    """
    notify = _notifier(console)
    key = run_key({"command": "deid", **corpus.settings(), "output": _resolved(target), "output_format": dst_fmt,
                   "spans": _resolved(spans_path), "config": _config_for_key(cfg), "model": _resolved(model),
                   "patient_field": patient_field, "reversible": reversible, "key_id": _key_id(secret)})
    targets = [target] + ([spans_path] if spans_path else [])
    store.key_confidence(secret, reversible)  # the frequency confidence list: digests of this key
    with RunState(store, key, targets, resume, notify) as state:
        pipeline = build_pipeline(cfg, corpus, engine, state, store, secret, model, notify)
        folder = is_folder_output(target, dst_fmt)
        main = None if folder else state.journal(target)
        spans_journal = state.journal(spans_path) if spans_path else None
        journals = [j for j in (main, spans_journal) if j is not None]
        done = state.resume_point(journals, folder)
        _say_resumed(state, done, notify)
        summary = Summary(resumed_from=done, frequency=_frequency_shares(pipeline))
        written = store.done(key) if folder and done else set()
        record = secret is not None and pipeline.operator.name == "surrogate"
        items = ((doc, patient_of(doc, patient_field)) for doc in islice(iter(corpus), done, None))
        if review is not None and done:
            _review_earlier(review, engine, pipeline, corpus, done, patient_field, notify)
        with progress_bar(console) as bar:
            task = bar.add_task(f"deid ({engine.name})", total=None)
            for batch in _commit_groups(engine.map(pipeline, deid_task, items), lambda item: len(item[0].text)):
                new_docs = [new for _, (new, _) in batch]
                if folder:
                    for new in new_docs:
                        if new.id in written:
                            raise InputError("duplicate document id: each document of a folder output needs its own",
                                             document=new.id)
                        written.add(new.id)
                    write_corpus(new_docs, target, dst_fmt)
                else:
                    main.append(new_docs)
                if spans_journal is not None:
                    spans_journal.append([spans_line(doc.id, spans) for (doc, _), (_, spans) in batch])
                for j in journals:
                    j.sync()
                if record:
                    store.record_surrogates([row for (doc, patient), (new, spans) in batch
                                             for row in _surrogate_rows(secret, patient, doc, spans, new, reversible)])
                store.mark_done(key, [doc.id for (doc, _), _ in batch])
                for (doc, _), (new, spans) in batch:
                    summary.add(doc, spans)
                    if review is not None:
                        review.add(doc, new, spans)
                bar.advance(task, len(batch))
        if main is not None:
            write_corpus(main.items(), target, dst_fmt)
        elif not done and not summary.documents:
            write_corpus([], target, dst_fmt)  # an empty corpus: whatever the format writes for none
        if spans_journal is not None:
            with atomic_write(spans_path) as fh:
                fh.writelines(spans_journal.items())
        if review is not None:
            review.close(frequency_state=_frequency_state(pipeline))
        store.log_run("deid", {"mode": cfg["replace"]["mode"], "detectors": cfg["detect"]["detectors"],
                               "engine": engine.name}, summary.as_dict())
        state.finish()
    return summary


def _review_earlier(review: ReviewWriter, engine: Engine, pipeline: Pipeline, corpus: Corpus, done: int,
                    patient_field: str | None, notify: Callable[[str], None]) -> None:
    """Put the documents an interrupted attempt finished on the review page (re-run, not re-written)."""
    notify(f"review: re-running the {done} documents finished earlier, for the review page only")
    earlier = ((doc, patient_of(doc, patient_field)) for doc in islice(iter(corpus), done))
    for (doc, _), (new, spans) in engine.map(pipeline, deid_task, earlier):
        review.add(doc, new, spans)


def _frequency_shares(pipeline: Pipeline) -> dict:
    """The share of text the rare-word fit was asked to leave and the share it leaves (claim 2)."""
    state = _frequency_state(pipeline)
    return state.shares() if state is not None else {}


def _frequency_state(pipeline: Pipeline) -> Any:
    """The fitted rare-word state of a pipeline, if it has one (for the review's threshold chart)."""
    return next((d.state for d in pipeline.detectors if getattr(d, "name", "") == "frequency"), None)


def _surrogate_rows(secret: Secret, patient: str, doc: Document, spans: list[Span], new_doc: Document,
                    reversible: bool) -> Iterator[tuple[str, str, str, str, str | None]]:
    """Store rows for the surrogates of one document: digests, and the original only if reversible."""
    who = secret.hexdigest("patient", patient)
    for old, new in zip(spans, new_doc.spans):
        original = doc.text[old.start : old.end]
        yield (who, old.label, secret.hexdigest("original", old.label, original),
               new_doc.text[new.start : new.end], original if reversible else None)
