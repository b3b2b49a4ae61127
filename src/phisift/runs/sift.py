"""Resumable sift runs: the masked-and-filled notes of pass 1 are kept in a journal as they finish.

Pass 1 (masking and the masked-LM fill-in) is where a sift run spends its time;
the fit before it and the swap after it are quick and deterministic. So a run
made durable after every batch of filled notes can be killed at any moment and
started again with the same command: the fit is redone (same seed, same notes,
same state), the notes already filled are read back from the journal instead of
filled again, and the output, written in one atomic step at the very end, is
byte-identical to that of a run never interrupted.

The journal, run key, lock, manifest and commit batches are those of the
``detect``/``deid`` runs (``state.py``, ``journal.py``, ``batches.py``); the store
records the notes filled (keyed digests of their ids, ``RunState.digest``). Filled notes
hold text of the corpus, so the journal is a private hidden
sibling of the output, HMAC-checked, and removed when the run completes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from ..formats import write_corpus_whole
from ..progress import Reporter, reporter_or_null
from ..sift.core import sift_corpus
from ..store import Store
from .batches import commit_groups
from .deid import say_resumed
from .journal import Journal
from .state import RunState, run_key


def fill_journal_target(target: Path) -> Path:
    """The name the pass-1 journal is kept under (a hidden sibling of the output, never written itself)."""
    target = Path(target)
    return target.with_name(target.name + ".fill")


@dataclass
class Checkpoint:
    """Pass-1 results of one run: ``done()`` reads them back, ``save()`` adds a batch durably."""

    journal: Journal
    state: RunState

    def done(self) -> list[Any]:
        """The filled notes of an interrupted attempt, in the fit's order (a prefix of it)."""
        return list(self.journal.items())

    def save(self, batch: list[tuple[str, Any]]) -> None:
        self.journal.append([filled for _, filled in batch])
        self.journal.sync()
        self.state.mark_done([doc_id for doc_id, _ in batch])

    def record(self, pairs: Iterable[tuple[Any, Any]]) -> Iterator[tuple[Any, Any]]:
        """``(note, filled)`` pairs passed through, each commit batch saved before it is handed on."""
        for batch in commit_groups(pairs, lambda doc: len(doc.text)):
            self.save([(doc.id, filled) for doc, filled in batch])
            yield from batch


def sift_to_file(docs: list, target: Path, dst_fmt: str, config: Any, *, store: Store,
                 run_settings: Mapping[str, Any], resume: bool | None = None, reporter: Reporter | None = None,
                 write_options: Mapping[str, Any] | None = None, overwrite: bool = False,
                 also_writes: tuple[Path, ...] = (), **sift_options: Any) -> Any:
    """``sift_corpus`` written to ``target`` in one atomic step, resumable after a kill.

    ``run_settings`` is what the output depends on besides the config (the input and
    its fingerprint, the reader options, the fill-in model); with the output path and
    format they make the run key, so a run resumes only onto the same work.
    ``sift_options`` go to ``sift_corpus`` (``engine``, ``filler``, ``mlm_out``, ...).
    An existing output is replaced only with ``overwrite``; so are the files the caller
    writes with it (``also_writes``: the report, a saved fill-in model), checked before
    any work starts. A folder output appears whole (built beside it, renamed into place).
    """
    say = reporter_or_null(reporter)
    target = Path(target)
    key = run_key({"command": "sift", **run_settings, "output": str(target.resolve()), "output_format": dst_fmt,
                   "config": config.as_dict()})
    pseudo = fill_journal_target(target)
    with RunState(store, key, [target, pseudo, *also_writes], resume, say.note, overwrite) as state:
        journal = state.journal(pseudo)
        done = state.resume_point([journal], folder_output=False)
        say_resumed(state, done, "notes were already masked and filled", say)
        run = sift_corpus(docs, config, checkpoint=Checkpoint(journal, state), reporter=say, **sift_options)
        write_corpus_whole(run.documents, target, dst_fmt, **dict(write_options or {}))
        store.log_run("sift", {"preset": config.preset, "method": config.method},
                      {"documents": len(run.documents), "resumed_from": done, "seconds": run.seconds})
        state.finish()
    return run
