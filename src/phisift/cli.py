"""The ``phisift`` command line: a thin Typer app over the library.

Each command parses its options, calls one library function and prints a
summary. Bad input raises ``InputError`` anywhere below; ``main`` turns it into
one line on stderr and exit code 2, so a user never sees a traceback (which
could quote PHI from local variables) for a problem with their files.
"""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from . import __version__
from .errors import InputError, UsageError

app = typer.Typer(
    name="phisift",
    help=(
        "De-identify clinical free text offline: find PHI, replace it, score it.\n\n"
        "Example:\n\n  phisift convert notes/ notes.jsonl && phisift eval gold.jsonl notes.jsonl --by-label"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
)
out = Console()
err = Console(stderr=True)

FORMAT_HELP = "Corpus format: jsonl, text, brat, i2b2, conll, csv, parquet (default: from the path)."


def _version(value: bool) -> None:
    if value:
        out.print(f"phisift {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    """De-identify clinical free text offline."""


@app.command(
    epilog=(
        "Examples:\n\n"
        "  phisift convert meddocan/train train.jsonl\n\n"
        "  phisift convert train.jsonl train-xml/ --to i2b2\n\n"
        "  phisift convert notes.csv notes.jsonl --text-field transcription"
    )
)
def convert(
    source: Path = typer.Argument(..., help="Input corpus (file or folder)."),
    target: Path = typer.Argument(..., help="Output file or folder (must not exist inside the input)."),
    to: Optional[str] = typer.Option(None, "--to", help=FORMAT_HELP),
    in_format: Optional[str] = typer.Option(None, "--in-format", help=FORMAT_HELP),
    text_field: Optional[str] = typer.Option(None, help="CSV/Parquet/JSONL column holding the note text."),
    id_field: Optional[str] = typer.Option(None, help="CSV/Parquet/JSONL column holding the document id."),
) -> None:
    """Convert an annotated corpus between formats, keeping text and offsets exact."""
    from .fileio import ensure_outside
    from .formats import detect_format, input_format, read_corpus, reader_options, write_corpus

    ensure_outside(target, [source])
    src_fmt = in_format or input_format(source)
    docs = read_corpus(source, src_fmt, **reader_options(text_field, id_field))
    dst_fmt = to or detect_format(target, default=src_fmt)
    n = write_corpus(docs, target, dst_fmt)
    err.print(f"converted {n} documents: {src_fmt} -> {dst_fmt}")


def _print_scores_table(title: str, scores: dict) -> None:
    table = Table(title=title)
    for col in ("measure", "precision", "recall", "f1", "tp", "fp", "fn"):
        table.add_column(col, justify="left" if col == "measure" else "right")
    for name, key in (("token (binary)", "token"), ("entity strict", "entity_strict")):
        s = scores[key]
        table.add_row(name, *(f"{s[k]:.4f}" for k in ("precision", "recall", "f1")), *(str(s[k]) for k in ("tp", "fp", "fn")))
    table.add_row("entity overlap", "", f"{scores['entity_overlap_recall']:.4f}", "", "", "", "")
    out.print(table)


def _print_label_table(by_label: dict) -> None:
    table = Table(title="by label")
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
    label_map: Optional[str] = typer.Option(
        None, help="Map labels before scoring: a JSON/TSV file, or meddocan, presidio, category."
    ),
    ignore_label: list[str] = typer.Option([], help="Leave a label out of the scores (after mapping); repeatable."),
    gold_format: Optional[str] = typer.Option(None, help=FORMAT_HELP),
    pred_format: Optional[str] = typer.Option(None, help=FORMAT_HELP),
) -> None:
    """Score predicted PHI spans against gold with the i2b2 2014 measures."""
    from .evaluate import evaluate
    from .formats import read_corpus, read_spans
    from .taxonomy import load_label_map

    mapping = load_label_map(label_map) if label_map else None
    predicted = read_spans(pred, pred_format)
    report = evaluate(read_corpus(gold, gold_format), predicted, mapping, ignore_labels=ignore_label)
    if report.documents == 0:
        raise InputError("no documents in the gold corpus", gold)
    result = report.as_dict(by_label)
    if as_json:
        sys.stdout.write(json.dumps(result, indent=None) + "\n")
        return
    _print_scores_table(f"all PHI ({report.documents} documents)", result)
    _print_scores_table("HIPAA Safe Harbor subset", result["hipaa"])
    if by_label:
        _print_label_table(result["by_label"])


def _pipeline_config(config: Optional[Path], detectors: Optional[str], mode: Optional[str] = None,
                     keep_share: Optional[float] = None) -> dict:
    from .pipeline import load_config

    overrides: dict = {"detect": {}, "replace": {}, "frequency": {}}
    if detectors:
        overrides["detect"]["detectors"] = [d.strip() for d in detectors.split(",") if d.strip()]
    if mode:
        overrides["replace"]["mode"] = mode
    if keep_share is not None:
        if not 0.0 < keep_share <= 1.0:
            raise UsageError("--keep-share must be in (0, 1]")
        overrides["frequency"]["keep_share"] = keep_share
    return load_config(config, overrides)


DETECTORS_HELP = "Comma-separated detectors: rules, lexicon, frequency, model (default from the config)."
ENGINE_HELP = "local (this machine: --jobs processes) or spark (PySpark; see --spark-master). Same output."
SPARK_MASTER_HELP = "Spark master URL for --engine spark (default local[*], or local[N] with --jobs N)."
RESUME_HELP = ("Continue an unfinished earlier run of the same settings (default: yes, with a note) "
               "or start over.")


def _check_engine_options(jobs: int, engine: str, spark_master: Optional[str]) -> None:
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if engine not in ("local", "spark"):
        raise UsageError(f"unknown engine '{engine}'; choose local or spark")
    if spark_master and engine != "spark":
        raise UsageError("--spark-master goes with --engine spark")


@contextmanager
def _engine(name: str, jobs: int, spark_master: Optional[str]):
    """The engine for a run, stopped afterwards (a Spark session only if this run started it)."""
    from .engine import make_engine

    runner = make_engine(name, jobs, spark_master)
    try:
        yield runner
    finally:
        runner.close()


@app.command(
    epilog=(
        "Examples:\n\n"
        "  phisift detect notes/ -o spans.jsonl\n\n"
        "  phisift detect notes.csv -o spans.jsonl --text-field transcription --detectors rules,lexicon,frequency\n\n"
        "  phisift detect notes.jsonl -o spans.jsonl --engine spark --jobs 2    (Spark on local[2])"
    )
)
def detect(
    source: Path = typer.Argument(..., help="Input corpus (file or folder)."),
    output: Path = typer.Option(..., "-o", "--output", help="Spans JSONL to write: {id, spans:[{start,end,label}]}."),
    model: Optional[Path] = typer.Option(None, "--model", help="A trained tagger folder (adds the model detector)."),
    detectors: Optional[str] = typer.Option(None, "--detectors", help=DETECTORS_HELP),
    keep_share: Optional[float] = typer.Option(None, "--keep-share", help="Frequency detector: share of text allowed to remain."),
    config: Optional[Path] = typer.Option(None, "--config", help="Pipeline TOML (see default_pipeline.toml)."),
    in_format: Optional[str] = typer.Option(None, "--in-format", help=FORMAT_HELP),
    text_field: Optional[str] = typer.Option(None, help="CSV/Parquet/JSONL column holding the note text."),
    id_field: Optional[str] = typer.Option(None, help="CSV/Parquet/JSONL column holding the document id."),
    store_path: Optional[Path] = typer.Option(None, "--store", help="Project store (SQLite); default .phisift/store.sqlite."),
    jobs: int = typer.Option(1, "--jobs", help="Worker processes; output is the same for any number."),
    engine: str = typer.Option("local", "--engine", help=ENGINE_HELP),
    spark_master: Optional[str] = typer.Option(None, "--spark-master", help=SPARK_MASTER_HELP),
    resume: Optional[bool] = typer.Option(None, "--resume/--no-resume", help=RESUME_HELP),
) -> None:
    """Find PHI and write its spans, with offsets into the input text."""
    from .fileio import ensure_outside
    from .formats import input_format, reader_options
    from .run import Corpus, detect_run
    from .store import Store

    ensure_outside(output, [source])
    _check_engine_options(jobs, engine, spark_master)
    # detection replaces nothing: the operator is never used, so no key is needed
    cfg = _pipeline_config(config, detectors, mode="tag", keep_share=keep_share)
    if model and "model" not in cfg["detect"]["detectors"]:
        cfg["detect"]["detectors"].append("model")
    corpus = Corpus(source, in_format or input_format(source), reader_options(text_field, id_field))
    with Store(store_path) as store, _engine(engine, jobs, spark_master) as runner:
        summary = detect_run(corpus, output, cfg, store=store, engine=runner, console=err, model=model, resume=resume)
    summary.print(err, "detected PHI in")


@app.command(
    epilog=(
        "Examples:\n\n"
        "  phisift deid notes/ notes-deid/ --mode surrogate --key-file ~/keys/phisift.key\n\n"
        "  phisift deid notes.jsonl out.jsonl --mode tag --spans found.jsonl\n\n"
        "  phisift deid notes/ out.jsonl --review review/    (open review/index.html to check the result)\n\n"
        "  phisift deid visits.csv visits-deid.csv --text-field note --patient-field mrn\n\n"
        "  phisift deid notes.jsonl out.jsonl --jobs 4    (killed? the same command resumes)\n\n"
        "  phisift deid notes.jsonl out.jsonl --engine spark --spark-master spark://host:7077"
    )
)
def deid(
    source: Path = typer.Argument(..., help="Input corpus (file or folder)."),
    target: Path = typer.Argument(..., help="Output file or folder, in the input's format unless --to."),
    mode: Optional[str] = typer.Option(None, "--mode", help="tag | mask | redact | surrogate (default: surrogate)."),
    spans: Optional[Path] = typer.Option(None, "--spans", help="Also save the spans found (JSONL, input offsets)."),
    key_file: Optional[Path] = typer.Option(None, "--key-file", help="Secret key for surrogates; created on first use."),
    model: Optional[Path] = typer.Option(None, "--model", help="A trained tagger folder (adds the model detector)."),
    detectors: Optional[str] = typer.Option(None, "--detectors", help=DETECTORS_HELP),
    keep_share: Optional[float] = typer.Option(None, "--keep-share", help="Frequency detector: share of text allowed to remain."),
    patient_field: Optional[str] = typer.Option(None, "--patient-field", help="Metadata field naming the patient (JSONL/CSV)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Pipeline TOML (see default_pipeline.toml)."),
    to: Optional[str] = typer.Option(None, "--to", help=FORMAT_HELP),
    in_format: Optional[str] = typer.Option(None, "--in-format", help=FORMAT_HELP),
    text_field: Optional[str] = typer.Option(None, help="CSV/Parquet/JSONL column holding the note text."),
    id_field: Optional[str] = typer.Option(None, help="CSV/Parquet/JSONL column holding the document id."),
    store_path: Optional[Path] = typer.Option(None, "--store", help="Project store (SQLite); default .phisift/store.sqlite."),
    reversible: bool = typer.Option(False, "--reversible", help="Keep originals in the store so surrogates can be traced back."),
    jobs: int = typer.Option(1, "--jobs", help="Worker processes; output is the same for any number."),
    engine: str = typer.Option("local", "--engine", help=ENGINE_HELP),
    spark_master: Optional[str] = typer.Option(None, "--spark-master", help=SPARK_MASTER_HELP),
    resume: Optional[bool] = typer.Option(None, "--resume/--no-resume", help=RESUME_HELP),
    review: Optional[Path] = typer.Option(
        None, "--review", help="Also write a review page (index.html) to this folder: each note's PHI beside "
        "what it became. It holds the original text unless --review-no-original."),
    review_no_original: bool = typer.Option(
        False, "--review-no-original", help="Review page with the de-identified text only, replaced places marked."),
) -> None:
    """De-identify a corpus: find PHI and replace it by tags, masks, nothing, or surrogates."""
    from .fileio import ensure_outside
    from .formats import detect_format, input_format, reader_options
    from .run import Corpus, deid_run
    from .store import DEFAULT_KEY_FILE, Store, check_key_location, load_key

    _check_engine_options(jobs, engine, spark_master)
    ensure_outside(target, [source])
    if spans:
        ensure_outside(spans, [source])
    if review_no_original and review is None:
        raise UsageError("--review-no-original goes with --review DIR")
    if review is not None:
        _check_review_folder(review, source, target, spans)
    cfg = _pipeline_config(config, detectors, mode, keep_share)
    if model and "model" not in cfg["detect"]["detectors"]:
        cfg["detect"]["detectors"].append("model")
    src_fmt = in_format or input_format(source)
    dst_fmt = to or detect_format(target, default=src_fmt)
    corpus = Corpus(source, src_fmt, reader_options(text_field, id_field))
    corpus.check()
    secret = None
    if cfg["replace"]["mode"] == "surrogate":
        key_path = key_file or DEFAULT_KEY_FILE
        check_key_location(key_path, target)
        secret = load_key(key_path, notify=lambda m: err.print(m))
    writer = _review_writer(review, source, review_no_original) if review is not None else None
    with Store(store_path) as store, _engine(engine, jobs, spark_master) as runner:
        summary = deid_run(corpus, target, dst_fmt, cfg, store=store, engine=runner, console=err, secret=secret,
                           model=model, spans_path=spans, patient_field=patient_field, reversible=reversible,
                           resume=resume, review=writer)
    summary.print(err, "de-identified")
    if review is not None:
        err.print(f"review page: {(review / 'index.html').resolve().as_uri()}",
                  markup=False, highlight=False, soft_wrap=True)


def _check_review_folder(review: Path, source: Path, target: Path, spans: Optional[Path]) -> None:
    """The review folder is a folder of its own: not inside the input, not the output or the spans file."""
    from .fileio import ensure_outside

    ensure_outside(review, [source])
    if review.exists() and not review.is_dir():
        raise UsageError("the review output must be a folder", review)
    for other in (target, spans):
        if other is not None and (review.resolve() == other.resolve() or other.resolve() in review.resolve().parents):
            raise UsageError("--review needs a folder of its own, not the output or inside it", review)


def _review_writer(review: Path, source: Path, no_original: bool):
    """A review page writer for a deid run (the page code loads only when asked for)."""
    from .review import ReviewWriter

    return ReviewWriter(review, keep_original=not no_original, title=f"Review · {source.name}")


from .cli_lm import lm_app  # noqa: E402
app.add_typer(lm_app, name="lm")

from .cli_train import register as _register_train  # noqa: E402
_register_train(app)

from .cli_review import register as _register_review  # noqa: E402
_register_review(app)


from .cli_sift import register as _register_sift  # noqa: E402
_register_sift(app)

from .cli_augment import register as _register_augment  # noqa: E402
_register_augment(app)


def main() -> None:
    """Entry point: run the app; bad input becomes one line and exit code 2."""
    try:
        app()
    except (InputError, UsageError) as exc:
        sys.stderr.write(f"phisift: error: {exc}\n")
        sys.exit(2)
    except KeyboardInterrupt:
        sys.stderr.write("phisift: interrupted\n")
        sys.exit(130)


if __name__ == "__main__":
    main()
