"""The screens the command line writes to, and the one progress-bar layout.

Results (tables, neighbour lists) go to stdout through ``out``; summaries, notes
and progress go to stderr through ``err``, so a command's stdout can be piped.
Both consoles look up ``sys.stdout``/``sys.stderr`` when they print, which lets
test runners capture them.
"""

from __future__ import annotations

from rich.console import Console

out = Console()
err = Console(stderr=True)


def progress_bar():
    """A Rich progress display on stderr: description, bar, done/total, elapsed time."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=err, transient=False)


def say(message: str) -> None:
    """One plain line on stderr: no markup, no highlighting (paths and numbers stay as written)."""
    err.print(message, markup=False, highlight=False)


def track(items, total: int, what: str):
    """Yield ``items`` while a progress bar named ``what`` counts them up to ``total``."""
    with progress_bar() as bar:
        task = bar.add_task(what, total=total)
        for item in items:
            yield item
            bar.advance(task)
