"""Corpus runs of the pipeline: fit over the corpus, apply per document, write in order.

The ``detect`` and ``deid`` runs. An engine (``phisift.engine``: this process, a local
process pool, or Spark) does the per-document work; this module drives it: it reads
the input as a stream, has the pipeline's fittable detectors fitted first, writes
every output in input order and keeps the run resumable.

Resumable and atomic: a single-file output (JSONL, CSV, Parquet, a spans file) is
built in a journal (``journal.py``) that is appended and fsynced per batch of
finished documents (``batches.py``) and assembled into the output in one atomic
write at the end; a folder output is built in a hidden sibling folder, one
atomically written file per document, and renamed into place at the end. A run
that fails leaves neither behind (``RunState.abandon``).
After each batch the store records the finished documents under the run key. A
killed run started again with the same settings continues after the last finished
batch (``state.py``), and its output is byte-identical to that of a run never
interrupted. Progress and notes go to a ``phisift.progress.Reporter``.
"""

from __future__ import annotations

from contextlib import nullcontext
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from ..document import Document, Span
from ..errors import InputError, UsageError
from ..fileio import atomic_write, replace_folder
from ..formats import FORMATS, write_corpus
from ..formats.sql import shown
from ..pipeline import Pipeline, PipelineConfig
from ..progress import Reporter, parts_of_documents, reporter_or_null
from ..store import Secret, Store
from .batches import commit_groups
from ..pseudonyms import FieldPolicy, PatientKey
from .corpus import Corpus, is_folder_output, spans_line
from .release import Release
from .meter import RunMeter
from .state import RunState, build_path, is_database, run_key
from .summary import Summary

if TYPE_CHECKING:  # the page code loads only when a review is asked for
    from ..engine import Engine
    from ..review.page import ReviewWriter


def detect_task(pipeline: Pipeline, doc: Document) -> list[Span]:
    """The map of a detect run: one document's spans (a fields document's given spans as they are)."""
    return pipeline.find(doc)


def deid_task(pipeline: Pipeline, item: tuple[Document, str]) -> tuple[Document, list[Span]]:
    """The map of a deid run: one (document, patient) de-identified, and its spans."""
    doc, patient = item
    return pipeline.deidentify(doc, patient)


def _config_for_key(cfg: PipelineConfig) -> dict:
    """The config as far as the output depends on it (not the number of processes)."""
    data = cfg.as_dict()
    data.get("frequency", {}).pop("jobs", None)
    return data


def _key_id(secret: Secret | None) -> str | None:
    """Which key a run used, without revealing it."""
    return secret.hexdigest("phisift-run-key-id")[:16] if secret is not None else None


def _meter(reporter: Reporter, task: str, corpus: Corpus, done: int) -> RunMeter:
    """Progress in bytes of the input when it has a size on disk, else in documents (counted if cheap)."""
    size = corpus.size_bytes()
    return RunMeter(reporter, task, size, None if size else _left(corpus, done))


def _inside_documents(engine: Engine, meter: RunMeter):
    """Progress inside long notes (their windows) when the engine works in this process; a worker process
    or a Spark executor cannot reach the bar, so their notes count when they are done."""
    return parts_of_documents(meter.within) if getattr(engine, "in_process", False) else nullcontext()


def _left(corpus: Corpus, done: int) -> int | None:
    """Documents still to do, when the corpus can say how many it holds (a progress bar's total)."""
    total = corpus.count()
    return None if total is None else max(0, total - done)


def _resolved(path: str | Path | None) -> str | None:
    """A path made absolute; a database URL as it may be shown (password hidden)."""
    if not path:
        return None
    return shown(str(path)) if is_database(path) else str(Path(path).resolve())


def say_resumed(state: RunState, done: int, what: str, reporter: Reporter) -> None:
    if state.resumed:
        reporter.note(f"resuming an unfinished run: {done} {what} (--no-resume starts over)")


def fitted_pipeline(cfg: PipelineConfig, corpus: Corpus, engine: Engine, state: RunState, store: Store,
                    secret: Secret | None, model: Path | None, reporter: Reporter) -> Pipeline:
    """The pipeline, its fittable detectors fitted on the whole input first (by the engine).

    A resumed run loads the states its first attempt fitted instead of fitting again:
    the confidence list in the store has changed since (it counts every fit), so a
    new fit could mask other words, and the corpus would count twice in the list.
    """
    return Pipeline.fit(corpus, cfg, secret, model, counter=engine, store=store, state_dir=state.dir,
                        reuse=state.resumed, reporter=reporter)


def detect_run(corpus: Corpus, output: Path, cfg: PipelineConfig, *, store: Store, engine: Engine,
               reporter: Reporter | None = None, model: Path | None = None, resume: bool | None = None,
               overwrite: bool = False) -> Summary:
    """Find PHI in every document and write the spans file, resumably (an existing one only with ``overwrite``)."""
    say = reporter_or_null(reporter)
    key = run_key({"command": "detect", **corpus.settings(), "output": _resolved(output),
                   "config": _config_for_key(cfg), "model": _resolved(model)})
    with RunState(store, key, [output], resume, say.note, overwrite) as state:
        pipeline = fitted_pipeline(cfg, corpus, engine, state, store, None, model, say)
        journal = state.journal(output)
        done = state.resume_point([journal], folder_output=False)
        say_resumed(state, done, "documents were already done", say)
        summary = Summary(resumed_from=done, frequency=_frequency_shares(pipeline))
        docs = islice(iter(corpus), done, None)
        meter = _meter(say, f"detect ({engine.name})", corpus, done)
        with _inside_documents(engine, meter):
            for batch in commit_groups(engine.map(pipeline, detect_task, docs), lambda doc: len(doc.text)):
                journal.append([spans_line(doc.id, spans) for doc, spans in batch])
                journal.sync()
                state.mark_done([doc.id for doc, _ in batch])
                for doc, spans in batch:
                    summary.add(doc, spans)
                meter.advance(doc for doc, _ in batch)
        meter.finish()
        with atomic_write(output) as fh:
            fh.writelines(journal.items())
        store.log_run("detect", {"detectors": list(cfg.detect.detectors), "engine": engine.name}, summary.as_dict())
        state.finish()
    return summary


def deid_run(corpus: Corpus, target: str | Path, dst_fmt: str, cfg: PipelineConfig, *, store: Store,
             engine: Engine, reporter: Reporter | None = None, secret: Secret | None = None,
             model: Path | None = None, spans_path: Path | None = None, patient_field: str | None = None,
             reversible: bool = False, resume: bool | None = None, review: ReviewWriter | None = None,
             release: Release | None = None, write_options: dict[str, Any] | None = None,
             overwrite: bool = False, spans_ids: str = "input") -> Summary:
    """De-identify every document into ``target`` (and the spans found into ``spans_path``), resumably.

    Existing outputs are replaced only with ``overwrite`` (a folder as a whole: no stale file stays).

    With ``review``, every document (original, de-identified, spans found) goes to the
    review page, which is written once the run is complete. A resumed run re-runs the
    documents an interrupted attempt finished, for the page only: the pipeline is
    deterministic for a key and store, so they come out as they were written.

    ``release`` (``release.py``): the documents' patients, how their fields and ids are
    written, known identifiers and given spans; without it, the patient is the
    ``patient_field`` value (or the document) and fields pass through.
    ``write_options``: the output format's options (a database table). ``spans_ids``: the id each line of
    the spans file carries, the input's (``"input"``: its offsets are into the input's text, and
    ``--from-spans`` and ``phisift eval`` match input ids) or the output's (``"output"``: the keyed
    pseudonym where the id held PHI, so the file names no patient).
    """
    if spans_ids not in ("input", "output"):
        raise UsageError(f"--spans-ids is input or output, not '{spans_ids}'")
    say = reporter_or_null(reporter)
    release = release or Release(patients=PatientKey(field_name=patient_field), fields=FieldPolicy(keep_ids=True))
    write_options = dict(write_options or {})
    key = run_key({"command": "deid", **corpus.settings(), "output": _resolved(target), "output_format": dst_fmt,
                   "writer": write_options,
                   "spans": _resolved(spans_path), "config": _config_for_key(cfg), "model": _resolved(model),
                   "patient_field": patient_field, "reversible": reversible, "key_id": _key_id(secret),
                   **release.settings(), **({"spans_ids": spans_ids} if spans_ids != "input" else {})})
    targets = [target] + ([spans_path] if spans_path else []) + ([review.directory] if review is not None else [])
    store.key_confidence(secret, reversible)  # the frequency confidence list: digests of this key
    release.replace = cfg.replace
    with RunState(store, key, targets, resume, say.note, overwrite, secret) as state:
        options = {**_write_options(corpus, dst_fmt, overwrite, release), **(write_options or {})}
        if dst_fmt == "sql":
            _check_table(target, options, corpus, state.resumed, overwrite)
        pipeline = fitted_pipeline(cfg, corpus, engine, state, store, secret, model, say)
        release.prepare(pipeline)
        if review is not None:  # built in the run's folder beside it: removed if the run fails, rebuilt on resume
            review.build_in(state.build_folder(review.directory))
        writer = _DeidWriter(target, dst_fmt, spans_path, state, store, key, options, spans_ids)
        done = writer.done
        say_resumed(state, done, "documents were already done", say)
        summary = Summary(resumed_from=done, frequency=_frequency_shares(pipeline))
        record = secret is not None and pipeline.operator.name == "surrogate"
        items = release.items(islice(iter(corpus), done, None), done)
        if review is not None and done:
            _review_earlier(review, engine, pipeline, corpus, done, release, say)
        meter = _meter(say, f"deid ({engine.name})", corpus, done)
        with _inside_documents(engine, meter):
            for batch in commit_groups(engine.map(pipeline, deid_task, items), lambda item: len(item[0].text)):
                batch = [((doc, patient), (release.written(doc, patient, new, spans), spans))
                         for (doc, patient), (new, spans) in batch]
                writer.write(batch)
                if record:
                    store.record_surrogates([row for (doc, patient), (new, spans) in batch
                                             for row in _surrogate_rows(secret, patient, doc, spans, new, reversible)])
                state.mark_done([new.id for _, (new, _) in batch])  # the name written: see _DeidWriter
                for (doc, _), (new, spans) in batch:
                    summary.add(doc, spans)
                    summary.spans_input_ids += spans_path is not None and spans_ids == "input" and new.id != doc.id
                    summary.pass_through(release.fields.passed_through(doc.meta))
                    if review is not None:
                        review.add(doc, new, spans)
                meter.advance(doc for (doc, _), _ in batch)
        meter.finish()
        writer.close(empty=not done and not summary.documents)
        if review is not None:
            review.close(frequency_state=pipeline.states.get("frequency"))
        store.log_run("deid", {"mode": cfg.replace.mode, "detectors": list(cfg.detect.detectors),
                               "engine": engine.name}, summary.as_dict())
        state.finish()
    return summary


def _write_options(corpus: Corpus, dst_fmt: str, overwrite: bool, release: Release) -> dict:
    """The output keeps the input's shape (less the fields dropped); a writer that checks for an existing
    output itself (a database table) replaces it when the run may overwrite."""
    options = corpus.output_options(dst_fmt)
    if "columns" in options:
        options["columns"] = [c for c in options["columns"] if c not in release.fields.drop]
    if overwrite and "if_exists" in FORMATS[dst_fmt].write_options():
        options["if_exists"] = "replace"
    return options


def _check_table(target: str | Path, options: dict[str, Any], corpus: Corpus, resumed: bool, overwrite: bool) -> None:
    """An output table, like an output file, is refused at the start if it exists, unless the run may overwrite.

    A resumed run replaces it: it began when the table was absent (or was to be replaced), so a table there
    now is its own output, placed just before the run was killed.
    """
    from ..formats import sql

    if resumed:
        options["if_exists"] = "replace"
        return
    table = sql.output_table(options.get("table"), corpus.options.get("table") if corpus.fmt == "sql" else None)
    if not overwrite and sql.table_exists(str(target), table):
        raise UsageError(f"table '{table}' exists already; add --overwrite to replace it", sql.shown(str(target)))


class _DeidWriter:
    """The outputs of a deid run: journals for single files (and the spans file), or one file per document."""

    def __init__(self, target: str | Path, dst_fmt: str, spans_path: Path | None, state: RunState, store: Store,
                 key: str, options: dict[str, Any], spans_ids: str = "input"):
        self.target, self.fmt, self.spans_path, self.options = target, dst_fmt, spans_path, options
        self.spans_ids = spans_ids
        self.folder = is_folder_output(target, dst_fmt)
        # a resumed folder run whose build folder is gone was killed after renaming it into place
        self.placed = self.folder and state.resumed and not build_path(Path(target).resolve(), key).exists() \
            and store.done_count(key) > 0
        self.build = state.build_folder(target) if self.folder and not self.placed else None
        self.main = None if self.folder else state.journal(target)
        self.spans = state.journal(spans_path) if spans_path else None
        self.journals = [j for j in (self.main, self.spans) if j is not None]
        self.done = state.resume_point(self.journals, self.folder)
        # a folder output's names written so far, as the store records them (keyed digests of the output ids)
        self.digest = state.digest
        self.written = state.done_digests() if self.folder and self.done else set()

    def write(self, batch: list[tuple[tuple[Document, str], tuple[Document, list[Span]]]]) -> None:
        new_docs = [new for _, (new, _) in batch]
        if self.folder:
            for new in new_docs:
                if self.digest(new.id) in self.written:
                    raise InputError("duplicate document id: each document of a folder output needs its own",
                                     document=new.id)
                self.written.add(self.digest(new.id))
            write_corpus(new_docs, self.build, self.fmt, **self.options)
        else:
            self.main.append(new_docs)
        if self.spans is not None:
            self.spans.append([spans_line(new.id if self.spans_ids == "output" else doc.id, spans)
                               for (doc, _), (new, spans) in batch])
        for j in self.journals:
            j.sync()

    def close(self, empty: bool) -> None:
        """Assemble the single-file outputs from their journals (an empty corpus: what the format writes for none)."""
        if self.main is not None:
            write_corpus(self.main.items(), self.target, self.fmt, **self.options)
        elif not self.placed:
            if empty:
                write_corpus([], self.build, self.fmt, **self.options)
            replace_folder(self.build, self.target)
        if self.spans is not None:
            with atomic_write(self.spans_path) as fh:
                fh.writelines(self.spans.items())


def _review_earlier(review: ReviewWriter, engine: Engine, pipeline: Pipeline, corpus: Corpus, done: int,
                    release: Release, reporter: Reporter) -> None:
    """Put the documents an interrupted attempt finished on the review page (re-run, not re-written)."""
    reporter.note(f"review: re-running the {done} documents finished earlier, for the review page only")
    earlier = release.items(islice(iter(corpus), done))
    for (doc, patient), (new, spans) in engine.map(pipeline, deid_task, earlier):
        review.add(doc, release.written(doc, patient, new, spans), spans)


def _frequency_shares(pipeline: Pipeline) -> dict:
    """The share of text the rare-word fit was asked to leave and the share it leaves (claim 2)."""
    state = pipeline.states.get("frequency")
    return state.shares() if state is not None else {}


def _surrogate_rows(secret: Secret, patient: str, doc: Document, spans: list[Span], new_doc: Document,
                    reversible: bool) -> Iterator[tuple[str, str, str, str, str | None]]:
    """Store rows for the surrogates of one document: digests, and the original only if reversible."""
    who = secret.hexdigest("patient", patient)
    for old, new in zip(spans, new_doc.spans):
        original = doc.text[old.start : old.end]
        yield (who, old.label, secret.hexdigest("original", old.label, original),
               new_doc.text[new.start : new.end], original if reversible else None)


__all__ = ["deid_run", "deid_task", "detect_run", "detect_task", "fitted_pipeline", "say_resumed"]
