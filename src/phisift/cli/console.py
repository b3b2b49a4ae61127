"""The screens the command line writes to, and the one progress display.

Results (tables, neighbour lists) go to stdout through ``out``; summaries, notes
and progress go to stderr through ``err``, so a command's stdout can be piped.
Both consoles look up ``sys.stdout``/``sys.stderr`` when they print, which lets
test runners capture them.

``RichReporter`` is the command line's side of ``phisift.progress.Reporter``: the
library says "task started, n done, a note", and this draws it as a Rich bar.
Every progress bar of every command is built by ``progress_bar`` below.
"""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

out = Console()
err = Console(stderr=True)


#: ``--verbose``: ``detail`` lines are shown too (set once, by the root command).
VERBOSE = False


def set_verbosity(verbose: bool, quiet: bool) -> None:
    """``--quiet``: nothing on stderr but errors (which bypass ``err``); ``--verbose``: the details too."""
    global VERBOSE
    if verbose and quiet:
        from ..errors import UsageError

        raise UsageError("--verbose and --quiet do not go together")
    err.quiet = quiet
    VERBOSE = verbose


def say(message: str) -> None:
    """One plain line on stderr: no markup, no highlighting (paths and numbers stay as written)."""
    err.print(message, markup=False, highlight=False, soft_wrap=True)


def detail(message: str) -> None:
    """A line for ``--verbose`` only (settings, formats, counts: never note text)."""
    if VERBOSE:
        say(message)


class FieldsColumn(ProgressColumn):
    """A task's extra fields (``loss 2.31``), as a reporter's ``advance(**fields)`` gave them."""

    def render(self, task: Task) -> Text:
        return Text(" ".join(f"{k} {_short(v)}" for k, v in task.fields.items()), style="progress.data")


def _short(value: object) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def progress_bar(unit: str = "notes") -> Progress:
    """A Rich progress display on stderr: description, bar, done/total (in kB/MB/GB for bytes), elapsed time,
    time left (when the total is known), extra fields."""
    done = DownloadColumn() if unit == "bytes" else MofNCompleteColumn()
    return Progress(TextColumn("{task.description}"), BarColumn(), done, TimeElapsedColumn(),
                    TimeRemainingColumn(), FieldsColumn(), console=err, transient=False)


class RichReporter:
    """A ``phisift.progress.Reporter`` that draws each task as a bar on stderr.

    One task at a time: ``start`` opens a bar (closing the previous one), ``advance``
    moves it, ``finish`` closes it. ``note`` prints a line above the bar. Use it as
    a context manager so a bar left open by an error is closed.
    """

    def __init__(self) -> None:
        self._bar: Progress | None = None
        self._task: TaskID | None = None

    def start(self, task: str, total: int | None = None, unit: str = "notes") -> None:
        self.finish()
        self._bar = progress_bar(unit)
        self._bar.start()
        self._task = self._bar.add_task(task, total=total)

    def advance(self, n: int = 1, **fields: float | int | str) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, advance=n, **fields)

    def note(self, message: str) -> None:
        console = self._bar.console if self._bar is not None else err
        console.print(message, markup=False, highlight=False)

    def finish(self) -> None:
        if self._bar is not None:
            self._bar.stop()
        self._bar, self._task = None, None

    def __enter__(self) -> RichReporter:
        return self

    def __exit__(self, exc_type: object, *exc_info: object) -> None:
        if exc_type is not None and self._bar is not None:
            # a failed run shows its one error line, not a half-drawn bar (nor the blank line Progress.stop adds)
            self._bar.live.transient = True
            self._bar.live.stop()
            self._bar, self._task = None, None
        self.finish()


def say_written_as_read(docs: list, label_field: str | None = None) -> None:
    """Only the text is changed (sift, augment): the user is told that the ids and the other
    fields go out as read (an id or a column can name the patient: `phisift deid` pseudonymises
    or drops them). Names only, never values."""
    fields = sorted({k for d in docs for k in d.meta if not k.startswith("_") and k != label_field})
    which = "the document ids" + (" and the fields " + ", ".join(fields) if fields else "")
    say(f"written as read (not de-identified): {which}; `phisift deid` (--patient-field, "
        "--pseudonymise-field, --drop-field) replaces ids that hold PHI and such fields")
