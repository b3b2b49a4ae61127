"""``phisift augment``: more annotated training notes (Filtered BERT) or shareable ones (neighbour pseudonymisation).

A thin layer over ``phisift.augment``: options in, one library call, the corpus
out in the input's format and a summary of counts (never text) on stderr. torch
and gensim are imported inside the command so that ``phisift --help`` stays fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import InputError, UsageError
from ..progress import counted
from .console import RichReporter, say, say_written_as_read
from .options import IdField, InFormat, Overwrite, Target, TextField, ToFormat

app = typer.Typer()

# Method options, declared here so that the command reads as one page.
WordsOpt = Annotated[int, typer.Option(
    "--words", help="filtered-bert: words replaced per 250-word instance (the paper's rate, prorated "
    "for shorter notes), or per sentence/window with --unit sentence/chunk.")]
MinSimOpt = Annotated[float, typer.Option(
    "--min-sim", help="filtered-bert: keep a replacement only when its cosine similarity with the "
    "original word exceeds this.")]
CopiesOpt = Annotated[int, typer.Option(
    "--copies", help="filtered-bert: rewritten copies per document.")]
IncludePhiOpt = Annotated[bool, typer.Option(
    "--include-phi", help="filtered-bert: PHI words may be replaced too (only words wholly inside a span; "
    "the span keeps its label).")]
KeepOriginalsOpt = Annotated[bool, typer.Option(
    "--keep-originals/--no-originals",
    help="filtered-bert: write each original before its copies (default) or the copies only.")]
TriesOpt = Annotated[int, typer.Option(
    "--tries", help="filtered-bert: samples per word before it is left unchanged.")]
TopKOpt = Annotated[int, typer.Option(
    "--top-k", help="filtered-bert: sample among the k likeliest words (0: all).")]
TemperatureOpt = Annotated[float, typer.Option(
    "--temperature", help="filtered-bert: sampling temperature.")]
UnitOpt = Annotated[str, typer.Option(
    "--unit", help="filtered-bert: instance (--words per 250 words, the paper's rate), sentence "
    "(--words per sentence: the old default, ~44%% of words replaced) or chunk "
    "(--words per 250-word window, however short).")]
BatchSizeOpt = Annotated[int, typer.Option(
    "--batch-size", help="filtered-bert: masked copies per forward pass.")]
NOpt = Annotated[int, typer.Option(
    "--n", help="neighbours: draw each PHI word's replacement from its N nearest words.")]
MaxVocabOpt = Annotated[int, typer.Option(
    "--max-vocab", help="neighbours: search the most frequent words only.")]
KeepCommonOpt = Annotated[int, typer.Option(
    "--keep-common", help="neighbours: keep a word inside a span that occurs this often outside every span "
    "(años, de, Hospital); 0 replaces every word.")]
VocabularyOpt = Annotated[str, typer.Option(
    "--vocabulary", help="neighbours: where replacements come from: corpus (the vectors' words, the "
    "paper), lists (phisift's name/place lists) or both.")]
DrawOpt = Annotated[str, typer.Option(
    "--draw", help="neighbours: class (the N nearest among words of the PHI word's own class: names "
    "for names, cities for places, other unit/type words for años, Calle, Hospital, "
    "madre) or all (the N nearest in the whole space, the earlier default).")]
KindDrawOpt = Annotated[str, typer.Option(
    "--kind-draw", help="neighbours, --draw class: draw a unit or type word (años, Calle, de) among its "
    "class in proportion to its use in the label's spans (frequency) or uniformly "
    "(uniform, the paper's draw).")]
KeepKindOpt = Annotated[bool, typer.Option(
    "--keep-kind", help="neighbours, --draw class: the generic words of a span (de, Hospital, Calle, "
    "años, madre) stay when the span has a name, place or number, which is still "
    "replaced; in a span of generic words only the function words stay.")]
CorpusLettersOpt = Annotated[bool, typer.Option(
    "--corpus-letters", help="neighbours, --draw class: draw names and places only among list words in the "
    "corpus's own letters, with no hyphen or apostrophe.")]


EPILOG = (
    "Examples:\n\n"
    "  phisift augment train/ train-aug/ --method filtered-bert --mlm mlm/ --vectors vec.bin --words 5 --seed 1\n\n"
    "  phisift augment train.jsonl aug.jsonl --method filtered-bert --mlm mlm/ --vectors vec.bin --copies 3 "
    "--no-originals --min-sim 0.3\n\n"
    "  phisift augment train/ shareable/ --method neighbours --vectors vec.bin --n 100 --seed 7"
)


@app.command(name="augment", epilog=EPILOG)
def augment_command(
    source: Annotated[Path, typer.Argument(help="Annotated input corpus (file or folder).")],
    target: Target,
    method: str = typer.Option(..., "--method", help="filtered-bert | neighbours."),
    mlm: Optional[Path] = typer.Option(None, "--mlm", help="filtered-bert: masked LM folder (phisift lm mlm)."),
    vectors: Optional[Path] = typer.Option(None, "--vectors", help="Word vectors file (phisift lm vectors): the "
                                           "filter of filtered-bert, the neighbour space of neighbours."),
    words: WordsOpt = 5,
    min_sim: MinSimOpt = 0.0,
    copies: CopiesOpt = 1,
    include_phi: IncludePhiOpt = False,
    keep_originals: KeepOriginalsOpt = True,
    tries: TriesOpt = 10,
    top_k: TopKOpt = 0,
    temperature: TemperatureOpt = 1.0,
    unit: UnitOpt = "instance",
    batch_size: BatchSizeOpt = 64,
    n: NOpt = 100,
    max_vocab: MaxVocabOpt = 200_000,
    keep_common: KeepCommonOpt = 0,
    vocabulary: VocabularyOpt = "both",
    draw: DrawOpt = "class",
    kind_draw: KindDrawOpt = "frequency",
    keep_kind: KeepKindOpt = False,
    corpus_letters: CorpusLettersOpt = False,
    seed: int = typer.Option(0, "--seed", help="Seed: same input, seed and options give the same output."),
    report: Optional[Path] = typer.Option(None, "--report", help="Write the run's counts and speed here (JSON)."),
    in_format: InFormat = None,
    to: ToFormat = None,
    text_field: TextField = None,
    id_field: IdField = None,
    overwrite: Overwrite = False,
) -> None:
    """Augment annotated notes with a masked LM and a fastText filter, or pseudonymise their PHI by embedding neighbours."""
    from ..lm._common import prefer_passive_threads

    prefer_passive_threads()  # before torch loads OpenMP: spinning threads stall a busy machine
    from ..augment import FilteredSettings, NeighbourSettings
    from ..fileio import ensure_outside, refuse_existing, write_text_atomic
    from ..formats import FORMATS, detect_format, input_format, read_corpus, reader_options, write_corpus_whole

    _check_augment_options(method, mlm, vectors)
    filtered = FilteredSettings(words=words, min_sim=min_sim, copies=copies, include_phi=include_phi,
                                keep_originals=keep_originals, seed=seed, tries=tries, top_k=top_k,
                                temperature=temperature, unit=unit, batch_size=batch_size)
    near = NeighbourSettings(n=n, seed=seed, max_vocab=max_vocab, keep_common=keep_common, vocabulary=vocabulary,
                             draw=draw, kind_draw=kind_draw, keep_kind=keep_kind,
                             corpus_letters=corpus_letters)
    filtered.check()
    near.check()
    ensure_outside(target, [source])
    refuse_existing(target, overwrite)
    if report is not None:
        ensure_outside(report, [source])
        refuse_existing(report, overwrite)
    src_fmt = in_format or input_format(source)
    dst_fmt = to or detect_format(target, default=src_fmt)
    opts = reader_options(text_field, id_field)
    docs = list(read_corpus(source, src_fmt, **opts))
    if not docs:
        raise InputError("no documents in the input", source)
    if not any(d.spans for d in docs):
        say("note: the input holds no annotated spans")
    tool, run = _augmenter(method, docs, mlm, vectors, filtered, near)  # models load (and fail) before the bar starts
    with RichReporter() as reporter:
        reporter.start(method, total=len(docs))
        out_docs = list(run(docs, reporter))
    write_opts = {k: v for k, v in opts.items() if k in FORMATS[dst_fmt].write_options()}
    written = write_corpus_whole(out_docs, target, dst_fmt, **write_opts)
    stats = tool.stats.as_dict()
    if report is not None:
        write_text_atomic(report, json.dumps({"method": method, **stats}, indent=2) + "\n")
    say(_stats_line(method, n, stats))
    say(f"wrote {counted(written, 'document')} -> {target} ({dst_fmt})")
    say_written_as_read(docs)


def _check_augment_options(method: str, mlm: Optional[Path], vectors: Optional[Path]) -> None:
    from ..augment import METHODS

    if method not in METHODS:
        raise UsageError(f"unknown --method '{method}'; choose {' or '.join(METHODS)}")
    if vectors is None:
        raise UsageError(f"--method {method} needs --vectors FILE")
    if method == "filtered-bert" and mlm is None:
        raise UsageError("--method filtered-bert needs --mlm DIR")
    if method == "neighbours" and mlm is not None:
        raise UsageError("--method neighbours uses no masked LM; drop --mlm")


def _augmenter(method: str, docs: list, mlm: Optional[Path], vectors: Path, filtered, near) -> tuple:
    """The loaded tool (for its stats) and its ``(docs, advance) -> docs`` function."""
    if method == "filtered-bert":
        from ..augment import FilteredBert

        tool = FilteredBert.from_paths(mlm, vectors, filtered)
        return tool, tool.augment
    from ..augment import NeighbourPseudonymiser

    tool = NeighbourPseudonymiser.from_path(docs, vectors, near)
    return tool, tool.pseudonymise_all


def _stats_line(method: str, n: int, stats: dict) -> str:
    """The run's counts and speed in one line (never text)."""
    if method == "filtered-bert":
        return (
            f"filtered-bert: {stats['words_replaced']} of {stats['words_chosen']} chosen words replaced "
            f"({stats['samples_refused_by_filter']} samples refused by the filter, {stats['words_left_unchanged']} "
            f"left unchanged); {stats['units']} {stats['unit']}s, {stats['units_per_second']:.1f}/s "
            f"({stats['cpu_seconds']:.1f} CPU s), {stats['masked_copies_per_pass']:.1f} masked copies per forward pass"
        )
    return (
        f"neighbours (N={n}): {stats['words_replaced']} PHI words and {stats['digit_tokens_replaced']} digit "
        f"tokens replaced in {stats['spans']} spans ({stats['words_without_vector']} words had no vector); "
        f"{stats['phi_words_excluded']} PHI words kept out of a {stats['neighbour_vocabulary']}-word vocabulary; "
        f"{sum(v for k, v in stats['words_by_class'].items() if k != 'space')} words drawn within their class"
        + (f", {stats['kind_words_kept']} generic words kept" if stats.get("kind_words_kept") else "")
        + f"; {stats['documents_per_second']:.0f} documents/s"
    )
