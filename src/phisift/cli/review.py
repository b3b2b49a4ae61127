"""``phisift review``: a static HTML page of what was found and what it became.

The page code loads inside the command, only when asked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..errors import UsageError
from ..progress import counted
from .console import say
from .options import FORMAT_HELP, IdField, InFormat, LabelMap, Overwrite, TextField

app = typer.Typer()


EPILOG = (
    "Examples:\n\n"
    "  phisift detect notes/ -o found.jsonl && phisift review gold.jsonl --pred found.jsonl -o review/\n\n"
    "  phisift review notes/ --pred found.jsonl --deid notes-deid.jsonl -o review/\n\n"
    "  phisift review notes-deid.jsonl --no-original -o review/\n\n"
    "Open review/index.html in a browser (no server needed). Keys: j/k next/previous, / search."
)


@app.command(name="review", epilog=EPILOG)
def review_command(
    corpus: Path = typer.Argument(
        ..., help="The original corpus; its spans are the gold when --pred is given. "
        "With --no-original and no --deid: the de-identified corpus."),
    output: Path = typer.Option(..., "-o", "--output", help="Folder to write: index.html, data/, charts."),
    pred: Optional[Path] = typer.Option(
        None, "--pred", help="Spans found in CORPUS (JSONL from detect or deid --spans, or any corpus format)."),
    deid: Optional[Path] = typer.Option(
        None, "--deid", help="The de-identified corpus, shown beside the original (JSONL keeps the replaced places)."),
    no_original: bool = typer.Option(
        False, "--no-original", help="Write no original text: only the de-identified text with replaced places marked."),
    title: Optional[str] = typer.Option(None, "--title", help="Page title (default: from the corpus name)."),
    label_map: LabelMap = None,
    frequency_state: Optional[Path] = typer.Option(
        None, "--frequency-state", help="A saved frequency fit: adds the threshold vs kept-share chart."),
    charts: bool = typer.Option(True, "--charts/--no-charts", help="Write PNG charts (needs matplotlib)."),
    in_format: InFormat = None,
    pred_format: Optional[str] = typer.Option(None, "--pred-format", help=FORMAT_HELP),
    deid_format: Optional[str] = typer.Option(None, "--deid-format", help=FORMAT_HELP),
    text_field: TextField = None,
    id_field: IdField = None,
    overwrite: Overwrite = False,
) -> None:
    """Write a static review page: each note with its PHI highlighted beside its de-identified text."""
    from ..fileio import ensure_outside, refuse_existing
    from ..formats import read_corpus, read_spans, reader_options
    from ..review import write_review
    from ..taxonomy import load_label_map

    inputs = [p for p in (corpus, pred, deid, frequency_state) if p is not None]
    ensure_outside(output, inputs)
    if output.exists() and not output.is_dir():
        raise UsageError("the review output must be a folder", output)
    refuse_existing(output, overwrite)
    if no_original and deid is None and pred is not None:
        raise UsageError("--pred has offsets into the original text, which --no-original leaves out; give --deid")
    opts = reader_options(text_field, id_field)
    mapping = load_label_map(label_map) if label_map else None
    state = None
    if frequency_state is not None:
        from ..detect.frequency import FrequencyState

        state = FrequencyState.load(frequency_state)

    predicted = read_spans(pred, pred_format) if pred is not None else None
    if no_original and deid is None:
        originals, deidentified = None, read_corpus(corpus, in_format, **opts)
    else:
        # without --pred, the originals are not needed when they are not shown
        keep = not no_original or predicted is not None
        originals = read_corpus(corpus, in_format, **opts) if keep else None
        deidentified = read_corpus(deid, deid_format, **opts) if deid is not None else None
    result = write_review(
        output, originals, deidentified, predicted, keep_original=not no_original,
        title=title or f"Review · {corpus.name}", label_map=mapping, frequency_state=state, charts=charts,
    )
    if result.documents == 0:
        raise UsageError("no documents to review", corpus)
    _print_review_summary(result, deidentified is not None, charts and (result.report is not None or state is not None))


def _print_review_summary(result, has_deid: bool, charts_expected: bool) -> None:
    """Counts (never text) of what the page holds, notes on what it lacks, and where to open it."""
    parts = [counted(result.documents, "document")]
    if result.report is not None:
        strict = result.report.all.strict
        parts.append(f"{strict.tp} exact, {strict.fn} gold not matched, {strict.fp} found not matched")
    if result.data_files:
        parts.append(f"{len(result.data_files)} data files")
    if result.charts:
        parts.append(", ".join(p.name for p in result.charts))
    say(f"review: {'; '.join(parts)}")
    if has_deid and result.replaced == 0:
        say("note: the de-identified corpus marks no replaced places (write it as JSONL to keep them)")
    if charts_expected and not result.charts:
        say("note: no charts: matplotlib is not installed (pip install 'phisift[learn]')")
    say(f"open {result.page.resolve().as_uri()}")
