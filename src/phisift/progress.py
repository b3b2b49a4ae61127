"""How library code reports progress without knowing who is watching.

The library (runs, lm, sift, augment, train) never imports a screen library: it is
handed a ``Reporter`` and calls it. The command line passes one that draws Rich
progress bars; Python callers pass nothing and get ``NullReporter``; tests can pass
``ListReporter`` and read what was said. Messages must never carry note text: they
name counts, files, documents and offsets only.
"""

from __future__ import annotations

import contextvars
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, Callable, Iterator, Protocol, runtime_checkable


@runtime_checkable
class Reporter(Protocol):
    """Progress sink for a long job: one task at a time, plus one-line notes."""

    def start(self, task: str, total: int | None = None, unit: str = "notes") -> None:
        """A new task begins; ``total`` is None when its size is not known yet."""

    def advance(self, n: int = 1, **fields: float | int | str) -> None:
        """``n`` more units of the current task are done; ``fields`` are extra columns (loss, rate)."""

    def note(self, message: str) -> None:
        """A one-line message for the user (a warning or a stage); never note text."""

    def finish(self) -> None:
        """The current task is over."""


class NullReporter:
    """Says nothing: the default for library callers."""

    def start(self, task: str, total: int | None = None, unit: str = "notes") -> None:
        pass

    def advance(self, n: int = 1, **fields: float | int | str) -> None:
        pass

    def note(self, message: str) -> None:
        pass

    def finish(self) -> None:
        pass


@dataclass
class ListReporter:
    """Keeps what it is told, for tests and for callers that want a log."""

    events: list[tuple[str, object]] = field(default_factory=list)

    def start(self, task: str, total: int | None = None, unit: str = "notes") -> None:
        self.events.append(("start", (task, total, unit)))

    def advance(self, n: int = 1, **fields: float | int | str) -> None:
        self.events.append(("advance", n))

    def note(self, message: str) -> None:
        self.events.append(("note", message))

    def finish(self) -> None:
        self.events.append(("finish", None))

    @property
    def notes(self) -> list[str]:
        return [str(value) for kind, value in self.events if kind == "note"]


class TextReporter:
    """Plain lines on a stream (stderr by default): notes as they come, each task when it ends.

    For scripts, benchmarks and logs, where a redrawn bar would be noise.
    """

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream
        self._task: tuple[str, str, float] | None = None
        self._done = 0

    def _write(self, line: str) -> None:
        stream = self.stream or sys.stderr
        stream.write(line + "\n")
        stream.flush()

    def start(self, task: str, total: int | None = None, unit: str = "notes") -> None:
        self.finish()
        self._task, self._done = (task, unit, time.perf_counter()), 0

    def advance(self, n: int = 1, **fields: float | int | str) -> None:
        self._done += n

    def note(self, message: str) -> None:
        self._write(message)

    def finish(self) -> None:
        if self._task is not None:
            task, unit, started = self._task
            self._write(f"{task}: {self._done} {unit} in {time.perf_counter() - started:.1f} s")
        self._task = None


def reporter_or_null(reporter: Reporter | None) -> Reporter:
    """The given reporter, or one that says nothing."""
    return reporter if reporter is not None else NullReporter()


# --------------------------------------------------------------------------- progress inside one document
#: Who hears of work done inside one document (a long note is read in windows): set by a corpus run for
#: the documents it works on in this thread, unset everywhere else (a worker process, a plain call).
_PART_DONE: contextvars.ContextVar[Callable[[str], None] | None] = contextvars.ContextVar(
    "phisift_part_done", default=None)


@contextmanager
def parts_of_documents(callback: Callable[[str], None]) -> Iterator[None]:
    """While the block runs, each piece of a document finished on its own (a window of a long note) is
    handed to ``callback`` (in this thread only), so progress moves inside a 50 MB note too. The callback
    gets the text of the piece to measure it; it must not keep or show it."""
    token = _PART_DONE.set(callback)
    try:
        yield
    finally:
        _PART_DONE.reset(token)


def part_done(piece: str) -> None:
    """Tell the current run (if any, see ``parts_of_documents``) that ``piece`` of a document is done."""
    callback = _PART_DONE.get()
    if callback is not None:
        callback(piece)


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 document"``, ``"3 documents"``: counts in messages read as English.

    Summaries are read by people checking a run ("de-identified 1 documents" makes a
    careful reader wonder what else is wrong); ``plural`` is for nouns that do not
    take an ``s``.
    """
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
