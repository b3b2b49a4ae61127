"""``phisift audit``: how many gold PHI strings survive verbatim in a de-identified corpus."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from ..errors import InputError
from .console import out
from .options import FORMAT_HELP, IdField, TextField

app = typer.Typer()


@app.command(
    epilog=(
        "Examples:\n\n"
        "  phisift audit gold.jsonl deid.jsonl\n\n"
        "  phisift audit gold.jsonl deid.jsonl --json\n\n"
        "  phisift audit gold.jsonl deid.jsonl --fail-above 0.002    (exit code 1 above 0.2%)"
    )
)
def audit(
    gold: Path = typer.Argument(..., help="Gold corpus: the original notes with their PHI spans."),
    deid: Path = typer.Argument(..., help="The de-identified corpus (same documents)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of tables."),
    fail_above: Optional[float] = typer.Option(None, "--fail-above", help="Exit with code 1 when the share of "
                                               "surviving gold PHI strings is above this (0..1)."),
    min_chars: int = typer.Option(3, "--min-chars", help="Look for gold strings of at least this many characters "
                                  "(shorter ones, such as 67 or MA, occur by chance; they count as not found)."),
    gold_format: Optional[str] = typer.Option(None, help=FORMAT_HELP),
    deid_format: Optional[str] = typer.Option(None, help=FORMAT_HELP),
    text_field: TextField = None,
    id_field: IdField = None,
) -> None:
    """Share of gold PHI strings found verbatim in the de-identified text, by label; the report names
    documents by number and PHI by offsets and label, never by its text."""
    from ..audit import audit as run_audit
    from ..formats import input_format, read_corpus, reader_options

    options = reader_options(text_field, id_field)
    gold_docs = read_corpus(gold, gold_format or input_format(gold), **options)
    deid_docs = read_corpus(deid, deid_format or input_format(deid), **options)
    report = run_audit(gold_docs, deid_docs, min_chars=min_chars)
    if report.documents == 0:
        raise InputError("no documents in the gold corpus", gold)
    result = report.as_dict()
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        _print(result)
    if fail_above is not None and report.share > fail_above:
        raise typer.Exit(1)


def _print(result: dict) -> None:
    table = Table(title=f"gold PHI strings found verbatim ({result['documents']} documents"
                        + (f", {result['unmatched_documents']} without a de-identified match)" if
                           result["unmatched_documents"] else ")"))
    for col in ("label", "gold", "verbatim", "share"):
        table.add_column(col, justify="left" if col == "label" else "right")
    for label, row in result["by_label"].items():
        table.add_row(label, str(row["total"]), str(row["survived"]), f"{row['share']:.4f}")
    table.add_row("all", str(result["phi_strings"]), str(result["survived"]), f"{result['share']:.4f}")
    out.print(table)
    if result["in_source_outside_phi"]:
        out.print(f"  {result['in_source_outside_phi']} of the verbatim strings also stand in the gold text outside "
                  "every PHI span (a dose, a word of the note): no replacement of the spans removes them",
                  markup=False, highlight=False)
    if result["unchecked_short"]:
        out.print(f"  {result['unchecked_short']} gold strings shorter than {result['min_chars']} characters were not "
                  "looked for (--min-chars 1 looks for all)", markup=False, highlight=False)
    for ex in result["examples"]:
        out.print(f"  document {ex['document']}: {ex['label']} at {ex['start']}-{ex['end']} "
                  f"(found at {ex['deid_start']} in the de-identified text)", markup=False, highlight=False)
