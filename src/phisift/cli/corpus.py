"""``phisift convert`` and ``phisift eval``: corpora between formats, and predicted spans scored against gold."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table as RichTable

from ..errors import InputError
from ..progress import counted
from .console import out, say
from .locations import check_apart, location, sql_options
from .options import (
    FORMAT_HELP, IdField, InFormat, LabelMap, OutTable, Overwrite, SourceLocation, Table, TextField, ToFormat,
)
from .streams import stdio

app = typer.Typer()


@app.command(
    epilog=(
        "Examples:\n\n"
        "  phisift convert meddocan/train train.jsonl\n\n"
        "  phisift convert train.jsonl train-xml/ --to i2b2\n\n"
        "  phisift convert notes.csv notes.jsonl --text-field transcription\n\n"
        "  phisift convert notes/ sqlite:///notes.db --table note    (a database table)\n\n"
        "  phisift convert export.ndjson notes.jsonl    (FHIR DocumentReference texts)"
    )
)
def convert(
    source: SourceLocation,
    target: str = typer.Argument(..., help="Output file, folder (not inside the input) or database URL, or - "
                                 "for standard output."),
    to: ToFormat = None,
    in_format: InFormat = None,
    text_field: TextField = None,
    id_field: IdField = None,
    table: Table = None,
    out_table: OutTable = None,
    overwrite: Overwrite = False,
) -> None:
    """Convert an annotated corpus between formats, keeping text and offsets exact."""
    from ..fileio import refuse_existing
    from ..formats import FORMATS, detect_format, input_format, read_corpus, reader_options, write_corpus_whole

    with stdio(source, target, in_format, to) as ends:
        src, dst = location(ends.source), location(ends.target)
        check_apart(src, dst, table, out_table)
        src_fmt = ends.src_fmt or input_format(src)
        dst_fmt = ends.dst_fmt or detect_format(dst, default=src_fmt)
        read, write = sql_options(src_fmt, dst_fmt, table, out_table)
        if not ends.piped:
            refuse_existing(dst, overwrite)
        if overwrite and "if_exists" in FORMATS[dst_fmt].write_options():
            write["if_exists"] = "replace"  # a database table
        docs = read_corpus(src, src_fmt, **reader_options(text_field, id_field), **read)
        n = write_corpus_whole(docs, dst, dst_fmt, **write)
    say(f"converted {counted(n, 'document')}: {src_fmt} -> {dst_fmt}")


def _print_scores_table(title: str, scores: dict) -> None:
    table = RichTable(title=title)
    for col in ("measure", "precision", "recall", "f1", "tp", "fp", "fn"):
        table.add_column(col, justify="left" if col == "measure" else "right")
    for name, key in (("token (binary)", "token"), ("entity strict", "entity_strict")):
        s = scores[key]
        table.add_row(name, *(f"{s[k]:.4f}" for k in ("precision", "recall", "f1")), *(str(s[k]) for k in ("tp", "fp", "fn")))
    table.add_row("entity overlap", "", f"{scores['entity_overlap_recall']:.4f}", "", "", "", "")
    out.print(table)


def _print_label_table(by_label: dict) -> None:
    table = RichTable(title="by label")
    for col in ("label", "strict P", "strict R", "strict F1", "gold", "token R", "overlap R"):
        table.add_column(col, justify="left" if col == "label" else "right")
    for label, row in by_label.items():
        s = row["entity_strict"]
        table.add_row(
            label, f"{s['precision']:.4f}", f"{s['recall']:.4f}", f"{s['f1']:.4f}",
            str(s["tp"] + s["fn"]), f"{row['token_recall']:.4f}", f"{row['overlap_recall']:.4f}",
        )
    out.print(table)


@app.command(
    name="eval",
    epilog=(
        "Examples:\n\n"
        "  phisift eval gold.jsonl pred.jsonl --by-label\n\n"
        "  phisift eval meddocan/dev pred/ --label-map meddocan --json"
    ),
)
def eval_command(
    gold: Path = typer.Argument(..., help="Gold corpus in any supported format."),
    pred: Path = typer.Argument(..., help="Predictions: any corpus format, or a spans-only JSONL."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of tables."),
    by_label: bool = typer.Option(False, "--by-label", help="Add figures per label."),
    label_map: LabelMap = None,
    ignore_label: list[str] = typer.Option([], help="Leave a label out of the scores (after mapping); repeatable."),
    gold_format: Optional[str] = typer.Option(None, help=FORMAT_HELP),
    pred_format: Optional[str] = typer.Option(None, help=FORMAT_HELP),
) -> None:
    """Score predicted PHI spans against gold with the i2b2 2014 measures."""
    from ..evaluate import evaluate
    from ..formats import read_corpus, read_spans
    from ..taxonomy import load_label_map

    mapping = load_label_map(label_map) if label_map else None
    predicted = read_spans(pred, pred_format)
    report = evaluate(read_corpus(gold, gold_format), predicted, mapping, ignore_labels=ignore_label)
    if report.documents == 0:
        raise InputError("no documents in the gold corpus", gold)
    result = report.as_dict(by_label)
    if as_json:
        sys.stdout.write(json.dumps(result, indent=None) + "\n")
        return
    _print_scores_table(f"all PHI ({counted(report.documents, 'document')})", result)
    _print_scores_table("HIPAA Safe Harbor subset", result["hipaa"])
    if by_label:
        _print_label_table(result["by_label"])
