"""``phisift lm``: build a masked language model or word vectors from a corpus, offline.

A thin layer over ``phisift.lm``: options in, one library call, a summary out.
torch, transformers and gensim are imported inside the commands so that
``phisift --help`` stays fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.table import Table

from ..errors import InputError, UsageError
from .console import RichReporter, err, out
from .options import IdField, InFormat, TextField

app = typer.Typer(
    help=(
        "Build language models from your own notes, offline: a BERT masked LM (for DataSifterText fill-in "
        "and Filtered BERT) and fastText word vectors (for Filtered BERT and neighbour pseudonymisation).\n\n"
        "Example:\n\n  phisift lm mlm notes.jsonl -o mlm-tiny --size tiny --max-minutes 10"
    ),
    no_args_is_help=True,
    rich_markup_mode=None,
)

DeidFirst = Annotated[Optional[bool], typer.Option(
    "--deid-first/--no-deid-first",
    help="Replace PHI by tags such as [PATIENT] before training (default: on when the PHI detectors are installed; "
    "annotated PHI spans in the corpus are replaced too).")]


def _read(corpus: Path, in_format: Optional[str], text_field: Optional[str], id_field: Optional[str]):
    from ..formats import input_format, read_corpus, reader_options

    if not corpus.exists():
        raise InputError("no such corpus file or folder", corpus)
    opts = reader_options(text_field, id_field)
    return read_corpus(corpus, in_format or input_format(corpus), **opts)


def _phi_finder(deid_first: Optional[bool]):
    """What finds the PHI replaced before training: the default pipeline's detection (tag mode).

    None when training on the text as given, or when the detectors cannot load here (the
    library then says which PHI is still replaced, or refuses with ``--deid-first``).
    """
    if deid_first is False:
        return None
    try:
        from ..pipeline import Pipeline

        return Pipeline.from_config({"replace": {"mode": "tag"}}).detect
    except ImportError:
        return None


def _fmt(value, digits: int = 4) -> str:
    if value is None:
        return "-"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


@app.command(
    epilog=(
        "Examples:\n\n"
        "  phisift lm mlm notes.jsonl -o mlm-tiny --epochs 5 --max-minutes 10\n\n"
        "  phisift lm mlm mts.csv -o mlm-small --size small --text-field transcription\n\n"
        "  phisift lm mlm notes/ -o adapted --from clinical-bert/ --epochs 1"
    )
)
def mlm(
    corpus: Path = typer.Argument(..., help="Training corpus (file or folder, any supported format)."),
    output: Path = typer.Option(..., "-o", "--output", help="Model folder to write (Hugging Face layout)."),
    size: Optional[str] = typer.Option(None, "--size", help="tiny (2x128), small (4x256) or base (12x768); default tiny."),
    epochs: int = typer.Option(3, "--epochs", help="Passes over the training chunks."),
    max_minutes: Optional[float] = typer.Option(
        None, "--max-minutes", help="Stop training when this much time has passed and save; the schedule is fitted to it."
    ),
    max_cpu_minutes: Optional[float] = typer.Option(
        None, "--max-cpu-minutes",
        help="The same budget in CPU time of the process, all threads (10 minutes on 2 cores = 20); the fair budget "
        "on a shared machine. With --max-minutes too, the first one reached stops training.",
    ),
    seed: int = typer.Option(0, "--seed", help="Seed for initialisation, shuffling, masking and the held-out split."),
    base_model: Optional[Path] = typer.Option(
        None, "--from", help="Continue pretraining this local masked LM folder instead of starting from scratch."
    ),
    text_field: TextField = None,
    id_field: IdField = None,
    in_format: InFormat = None,
    holdout: float = typer.Option(0.1, "--holdout", help="Share of documents held out for the report."),
    deid_first: DeidFirst = None,
    max_length: Optional[int] = typer.Option(None, "--max-length", help="Tokens per training chunk (tiny 64, small 128, base 256)."),
    batch_size: Optional[int] = typer.Option(None, "--batch-size", help="Chunks per step (default 32; base 16)."),
    learning_rate: Optional[float] = typer.Option(None, "--lr", help="Peak learning rate (default by size; 5e-5 with --from)."),
    vocab_size: Optional[int] = typer.Option(None, "--vocab-size", help="WordPiece vocabulary size (default 8k/16k/30k)."),
    mask_probability: Optional[float] = typer.Option(
        None, "--mask-probability", help="Share of words masked in training (default by size; 0.15 with --from)."),
    dropout: Optional[float] = typer.Option(None, "--dropout", help="Dropout (default by size; the base model's with --from)."),
    warmup: float = typer.Option(0.06, "--warmup", help="Share of the steps spent warming the learning rate up."),
    dedup: bool = typer.Option(
        True, "--dedup/--no-dedup",
        help="Skip repeated notes and keep near-duplicates of training notes out of the held-out notes."),
    cased: bool = typer.Option(False, "--cased", help="Keep upper case (default: lower-case, accents kept)."),
    threads: Optional[int] = typer.Option(None, "--threads", help="torch threads (default: all cores)."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace an existing output folder."),
) -> None:
    """Train a BERT masked language model on a corpus (or adapt a local one) and report held-out accuracy."""
    from ..fileio import ensure_outside
    from ..lm.mlm import MlmSettings, train_mlm

    if base_model is not None and (size is not None or vocab_size is not None or cased):
        raise UsageError("--from keeps the base model's size and tokenizer; drop --size, --vocab-size and --cased")
    ensure_outside(output, [corpus])
    if base_model is not None:
        ensure_outside(output, [base_model])
    settings = MlmSettings(
        size=size or "tiny", epochs=epochs, max_minutes=max_minutes, max_cpu_minutes=max_cpu_minutes, seed=seed,
        holdout=holdout, mask_probability=mask_probability, dropout=dropout, warmup=warmup, dedup=dedup,
        base_model=str(base_model) if base_model else None, max_length=max_length, batch_size=batch_size,
        learning_rate=learning_rate, vocab_size=vocab_size, lowercase=not cased, threads=threads,
        deid_first=deid_first,
    )
    settings.check()
    docs = _read(corpus, in_format, text_field, id_field)
    with RichReporter() as reporter:
        result = train_mlm(docs, output, settings, reporter=reporter, phi=_phi_finder(deid_first), overwrite=overwrite)
    _print_mlm_report(result.report, result.path)


def _print_mlm_report(report: dict, path: Path) -> None:
    corpus, training = report["corpus"], report["training"]
    table = Table(title=f"masked LM saved to {path}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("training documents / held out", f"{corpus['train_documents']} / {corpus['holdout_documents']}")
    table.add_row("de-identified first", str(corpus["deid_first"]))
    table.add_row("training chunks / tokens", f"{corpus['train_chunks']} / {corpus['train_tokens']}")
    table.add_row("steps (epochs)", f"{training['steps']} ({training['epochs']})")
    table.add_row("cut short by --max-minutes", "yes" if training["time_limited"] else "no")
    table.add_row("training seconds / total", f"{training['seconds']} / {report.get('seconds_total', '-')}")
    table.add_row("training CPU seconds / total", f"{training.get('cpu_seconds', '-')} / {report.get('cpu_seconds_total', '-')}")
    for name, key in (("before training", "holdout_before_training"), ("held out", "holdout")):
        ev = report.get(key)
        if ev and ev.get("masked_tokens"):
            table.add_row(f"{name}: loss", _fmt(ev["loss"]))
            table.add_row(f"{name}: masked top-1 / top-5", f"{_fmt(ev['top1'])} / {_fmt(ev['top5'])}")
            if ev.get("content_tokens"):
                table.add_row(f"{name}: content-word pieces top-1 / top-5",
                              f"{_fmt(ev['content_top1'])} / {_fmt(ev['content_top5'])}")
    out.print(table)


@app.command(
    epilog=(
        "Examples:\n\n"
        "  phisift lm vectors notes.jsonl -o vectors.kv --dim 100 --seed 1\n\n"
        "  phisift lm vectors mts.csv -o mts.bin --text-field transcription\n\n"
        "  phisift lm neighbours mts.bin hypertension fracture"
    )
)
def vectors(
    corpus: Path = typer.Argument(..., help="Training corpus (file or folder, any supported format)."),
    output: Path = typer.Option(
        ..., "-o", "--output", help="Vectors file: .bin (fastText), .vec (word2vec text) or another suffix (gensim)."
    ),
    dim: int = typer.Option(100, "--dim", help="Vector dimensions."),
    seed: int = typer.Option(0, "--seed", help="Seed (training uses one thread so the result is reproducible)."),
    epochs: int = typer.Option(10, "--epochs", help="Passes over the corpus."),
    text_field: TextField = None,
    id_field: IdField = None,
    in_format: InFormat = None,
    min_count: int = typer.Option(2, "--min-count", help="Ignore words seen fewer times."),
    window: int = typer.Option(5, "--window", help="Context window in words."),
    bucket: Optional[int] = typer.Option(None, "--bucket", help="Character n-gram buckets (default: 10 per word, 10k..2M)."),
    cbow: bool = typer.Option(False, "--cbow", help="CBOW instead of skip-gram."),
    also_vec: bool = typer.Option(False, "--also-vec", help="Also write a word2vec text .vec next to the output."),
    deid_first: DeidFirst = None,
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace an existing output file."),
) -> None:
    """Train fastText word vectors on a corpus (gensim, one thread, seeded)."""
    from ..fileio import ensure_outside
    from ..lm.vectors import VectorSettings, neighbours, train_vectors

    ensure_outside(output, [corpus])
    settings = VectorSettings(
        dim=dim, epochs=epochs, seed=seed, window=window, min_count=min_count, skipgram=not cbow,
        bucket=bucket, deid_first=deid_first, also_vec=also_vec,
    )
    settings.check()
    docs = _read(corpus, in_format, text_field, id_field)
    with RichReporter() as reporter:
        result = train_vectors(docs, output, settings, reporter=reporter, phi=_phi_finder(deid_first),
                               overwrite=overwrite)
    c = result.report["corpus"]
    err.print(
        f"saved {c['vocabulary']} word vectors ({dim} dimensions) to {result.path} in {result.report['seconds']}s; "
        f"{c['train_documents']} documents, {c['tokens']} tokens, de-identified first: {c['deid_first']}",
        highlight=False,
    )
    frequent = [w for w in result.vectors.index_to_key[:200] if w.isalpha() and len(w) > 5][:3]
    for word in frequent:
        out.print(f"{word}: " + ", ".join(w for w, _ in neighbours(result.vectors, word, 8)), highlight=False, markup=False)


@app.command(epilog="Example:\n\n  phisift lm neighbours vectors.bin hypertension metformin -k 5")
def neighbours(
    vectors_file: Path = typer.Argument(..., help="Vectors file (.bin, .vec or gensim)."),
    words: list[str] = typer.Argument(..., help="Words to look up."),
    k: int = typer.Option(10, "-k", help="Neighbours per word."),
) -> None:
    """Print the nearest words of each word by cosine similarity."""
    from ..lm.vectors import load_vectors, neighbours as nearest

    if k < 1:
        raise UsageError("-k must be at least 1")
    vecs = load_vectors(vectors_file)
    for word in words:
        found = nearest(vecs, word, k)
        shown = ", ".join(f"{w} {s:.2f}" for w, s in found) if found else "(no vector)"
        out.print(f"{word}: {shown}", highlight=False, markup=False)


@app.command(epilog='Example:\n\n  phisift lm fill mlm-tiny/ "history of [MASK] and diabetes" -k 5')
def fill(
    model_dir: Path = typer.Argument(..., help="Masked LM folder."),
    text: str = typer.Argument(..., help="Text with one or more mask tokens ([MASK] for phisift models)."),
    k: int = typer.Option(5, "-k", help="Predictions per mask."),
) -> None:
    """Print the likeliest tokens for each mask in a text."""
    from ..lm.mlm import load_mlm, top_predictions

    if k < 1:
        raise UsageError("-k must be at least 1")
    tokenizer, model = load_mlm(model_dir)
    if tokenizer.mask_token not in text:
        raise UsageError(f"the text has no {tokenizer.mask_token} token")
    for i, preds in enumerate(top_predictions(tokenizer, model, text, k), 1):
        out.print(f"mask {i}: " + ", ".join(f"{t} {p:.3f}" for t, p in preds), highlight=False, markup=False)
