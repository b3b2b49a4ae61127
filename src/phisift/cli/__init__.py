"""The ``phisift`` command line: a thin Typer app over the library.

One module per command group, each with its own ``typer.Typer`` whose commands
are merged into this app (``lm`` stays a group of its own). Each command parses
its options, calls the library and prints a summary; heavy libraries (torch,
transformers, gensim, scikit-learn) load inside the commands so ``--help`` is fast.
Errors are shown in one place, ``failures.PhisiftGroup``: bad input is one line
on stderr and exit code 2, a bug one line and a report file with exit code 1; a
user never sees a traceback (which could quote PHI from local variables).
"""

from __future__ import annotations

import typer

from .. import __version__
from . import audit, augment, corpus, deid, info, lm, review, sift, train
from .console import out, set_verbosity
from .failures import PhisiftGroup

app = typer.Typer(
    name="phisift",
    cls=PhisiftGroup,
    help=(
        "De-identify clinical free text offline: find PHI, replace it, score it.\n\n"
        "Example:\n\n  phisift convert notes/ notes.jsonl && phisift eval gold.jsonl notes.jsonl --by-label"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        out.print(f"phisift {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Also print the settings a command used."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing but results and errors."),
) -> None:
    """De-identify clinical free text offline."""
    set_verbosity(verbose, quiet)


# the order of the help's command list
for _group in (corpus, deid, audit, train, review, sift, augment, info):
    app.add_typer(_group.app)
app.add_typer(lm.app, name="lm")


def main() -> None:
    """Entry point of the ``phisift`` command (and of ``python -m phisift``)."""
    app()
