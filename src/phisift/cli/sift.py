"""``phisift sift``: partially synthetic notes by DataSifterText, with a utility and privacy report.

A thin layer over ``phisift.sift``: options in, ``sift_corpus`` and
``build_report``, the notes and a summary out. scikit-learn, torch and
transformers are imported inside the command so that ``phisift --help`` stays fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from ..errors import InputError, UsageError
from ..progress import counted
from .console import RichReporter, err, out, say, say_written_as_read
from .engines import check_engine_options, open_engine
from .options import (
    Engine,
    IdField,
    InFormat,
    Jobs,
    Overwrite,
    Resume,
    Source,
    SparkMaster,
    StorePath,
    Target,
    TextField,
    ToFormat,
)

app = typer.Typer()


def _pct(value) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _print_summary(report: dict) -> None:
    table = Table(title=f"sifted {report['documents']} notes (preset {report['config']['preset']}, "
                        f"method {report['config']['method']})")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("words masked", _pct(report["mask_share"]))
    table.add_row("original words kept in place", _pct(report["kept_in_place_share"]))
    table.add_row("notes swapped", _pct(report["swapped_share"]))
    util, priv = report["utility"], report["privacy"]
    table.add_row(f"same K-means cluster (K={util['clusters']})", _pct(util["same_cluster_share"]))
    clf = util["classifier"]
    if clf:
        table.add_row("classifier trained on sifted / original", f"{_pct(clf['accuracy_trained_on_sifted'])} / "
                                                                f"{_pct(clf['accuracy_trained_on_original'])}")
    table.add_row("linkage attack top-1: own original", _pct(priv["linkage_own"]))
    table.add_row("linkage attack top-1: swap partner", _pct(priv["linkage_partner"]))
    table.add_row("linkage attack top-1: either (any original the note carries)", _pct(priv["linkage_any"]))
    if priv["phi"]:
        table.add_row("annotated PHI leaked", f"{priv['phi']['leaked']} of {priv['phi']['gold_spans']}")
    rare = priv.get("rare_words")
    if rare and rare["rare_words"]:
        table.add_row("rare words of the sources still in the note", f"{rare['carried']} of {rare['rare_words']}")
    table.add_row("seconds", str(report["seconds"]["total"]))
    out.print(table)


@app.command(
    epilog=(
        "Examples:\n\n"
        "  phisift sift notes.jsonl sifted.jsonl --preset medium --method rake --seed 1 --report r.json\n\n"
        "  phisift sift msha.csv sifted.csv --text-field NARRATIVE --label-field INJ_BODY_PART "
        "--mlm mlm-tiny/ --report r.json\n\n"
        "  phisift sift notes/ sifted/ --method textrank --whitelist sensitive.txt --clusters 10\n\n"
        "  phisift sift notes.jsonl sifted.jsonl --mlm mlm-tiny/ --jobs 2    (or --engine spark: same output)"
    )
)
def sift(
    source: Source,
    target: Target,
    text_field: TextField = None,
    label_field: Optional[str] = typer.Option(
        None, help="Column (field) holding a label; passed through, and used by the report's classifier."),
    id_field: IdField = None,
    preset: str = typer.Option("private", "--preset", help="private (default) | small | medium | large (see docs/sift.md)."),
    method: Optional[str] = typer.Option(None, "--method", help="Swap: none | rake | rake-position | textrank (default: the preset's)."),
    seed: int = typer.Option(0, "--seed", help="Seed of every random step; same seed, same output."),
    report: Optional[Path] = typer.Option(None, "--report", help="Write the report here (JSON), with an HTML and a PNG summary beside it."),
    mlm: Optional[Path] = typer.Option(None, "--mlm", help="Masked LM folder for the fill-in (phisift lm mlm)."),
    clusters: Optional[int] = typer.Option(None, "--clusters", help="K of the K-means (default 5)."),
    whitelist: list[Path] = typer.Option(
        [], "--whitelist", help="File of sensitive words, masked more often; repeatable."),
    blacklist: list[Path] = typer.Option(
        [], "--blacklist", help="File of words never masked (added to the stop words); repeatable."),
    variant: Optional[str] = typer.Option(
        None, "--variant", help="Masking: paper (passes while <= half masked) | published (one pass)."),
    pw: Optional[float] = typer.Option(None, "--pw", help="Whitelist words: p = 1 - pw * coef."),
    pn: Optional[float] = typer.Option(None, "--pn", help="Other words: p = 1 - pn * coef."),
    q: Optional[int] = typer.Option(None, "--q", help="Swap the q-th keyphrase or summary sentence (default 1)."),
    fill: str = typer.Option(
        "auto", "--fill", help="auto (--mlm, else a tiny MLM trained on the input, else unigram) | mlm | unigram."),
    top_k: Optional[int] = typer.Option(None, "--top-k", help="Sample among the k likeliest words (0: all)."),
    temperature: Optional[float] = typer.Option(None, "--temperature", help="Sampling temperature (default 1)."),
    mlm_epochs: Optional[int] = typer.Option(None, "--mlm-epochs", help="Epochs of the on-the-fly MLM (default 3)."),
    save_mlm: Optional[Path] = typer.Option(None, "--save-mlm", help="Keep the on-the-fly MLM in this folder."),
    whitelist_rare: Optional[bool] = typer.Option(
        None, "--whitelist-rare/--no-whitelist-rare", help="Rare words of the corpus join the whitelist."),
    whitelist_phi: Optional[bool] = typer.Option(
        None, "--whitelist-phi/--no-whitelist-phi", help="PHI found by the detectors joins the whitelist."),
    mask_identifying: Optional[bool] = typer.Option(
        None, "--mask-identifying/--no-mask-identifying",
        help="Always mask rare words (in < 1%% of the notes), numbers and found PHI; fill only common words."),
    fill_in_cluster: Optional[bool] = typer.Option(
        None, "--fill-in-cluster/--no-fill-in-cluster",
        help="Fill-ins only from words that keep the note in its K-means cluster."),
    keep_cluster_terms: Optional[int] = typer.Option(
        None, "--keep-cluster-terms", help="Never mask the N heaviest terms of each cluster (0: none)."),
    swap_in_cluster: Optional[bool] = typer.Option(
        None, "--swap-in-cluster/--no-swap-in-cluster",
        help="Swap with the first of the nearest partners whose piece keeps the note in its K-means cluster."),
    in_format: InFormat = None,
    to: ToFormat = None,
    jobs: Jobs = 1,
    engine: Engine = "local",
    spark_master: SparkMaster = None,
    store_path: StorePath = None,
    resume: Resume = None,
    overwrite: Overwrite = False,
) -> None:
    """Make partially synthetic notes (DataSifterText): mask, refill with a masked LM, swap keyphrases."""
    from ..lm._common import prefer_passive_threads

    prefer_passive_threads()  # before torch or scikit-learn load OpenMP: spinning threads stall busy machines
    from ..formats import detect_format, input_format, reader_options
    from ..sift.report import report_files

    jobs = check_engine_options(jobs, engine, spark_master)
    _check_sift_paths(source, target, report, mlm, save_mlm, fill)
    config = _sift_config(
        preset, method=method, seed=seed, clusters=clusters, variant=variant, pw=pw, pn=pn, q=q,
        fill=fill, top_k=top_k, temperature=temperature, mlm_epochs=mlm_epochs,
        mlm=str(mlm) if mlm else None, whitelist_rare=whitelist_rare, whitelist_phi=whitelist_phi,
        mask_identifying=mask_identifying, fill_in_cluster=fill_in_cluster, keep_cluster_terms=keep_cluster_terms,
        swap_in_cluster=swap_in_cluster, whitelist_files=tuple(str(p) for p in whitelist) or None,
        blacklist_files=tuple(str(p) for p in blacklist) or None,
    )
    src_fmt = in_format or input_format(source)
    dst_fmt = to or detect_format(target, default=src_fmt)
    opts = reader_options(text_field, id_field)
    docs = _read_notes(source, src_fmt, opts, label_field)
    also = tuple(report_files(report) if report is not None else ()) + ((save_mlm,) if save_mlm else ())
    run = _sift_to_file(docs, (source, src_fmt, opts), (target, dst_fmt), config, mlm, save_mlm, store_path,
                        (resume, overwrite, also), (engine, jobs, spark_master))
    _report_run(run, label_field, report, f"{target} ({dst_fmt})")
    say_written_as_read(docs, label_field)


def _report_run(run, label_field: Optional[str], report: Optional[Path], where: str) -> None:
    """The privacy/utility report (file and screen) and the one-line summary of a sift run."""
    from ..sift.report import build_report, write_report

    figures = build_report(run, label_field)
    if report is not None:
        say("report: " + ", ".join(str(p) for p in write_report(figures, report)))
    _print_summary(figures)
    say(f"sifted {counted(len(run.documents), 'document')} -> {where}; fill-in: {run.state.fill_description}")



def _sift_to_file(docs: list, source: tuple[Path, str, dict], target: tuple[Path, str], config,
                  mlm: Optional[Path], save_mlm: Optional[Path], store_path: Optional[Path],
                  outputs: tuple[Optional[bool], bool, tuple[Path, ...]], engine: tuple[str, int, Optional[str]]):
    """Sift ``docs`` into the target file, resumably: the store records finished notes under the run's settings.
    ``outputs``: --resume, --overwrite and the other files the command writes (report, saved model)."""
    from ..formats import FORMATS
    from ..pipeline import Pipeline
    from ..runs import fingerprint
    from ..runs.sift import sift_to_file
    from ..store import Store

    (src, src_fmt, opts), (out_path, dst_fmt), (engine_name, jobs, spark_master) = source, target, engine
    resume, overwrite, also = outputs
    write_opts = {k: v for k, v in opts.items() if k in FORMATS[dst_fmt].write_options()}
    settings = {"input": str(src.resolve()), "input_format": src_fmt, "reader": opts,
                "input_files": fingerprint(src), "mlm_files": fingerprint(mlm) if mlm else None}
    # PHI the config whitelists is found by the default pipeline's detectors
    phi = Pipeline.from_config({"replace": {"mode": "tag"}}).detect if config.whitelist_phi else None
    with Store(store_path, notify=say) as store, open_engine(engine_name, jobs, spark_master) as runner, \
            RichReporter() as reporter:
        # one process and no Spark: the passes run here (no pool to start, no state to send)
        parallel = runner if (engine_name == "spark" or jobs > 1) else None
        return sift_to_file(docs, out_path, dst_fmt, config, store=store, run_settings=settings, resume=resume,
                            reporter=reporter, write_options=write_opts, mlm_out=save_mlm, phi=phi,
                            engine=parallel, overwrite=overwrite, also_writes=also)


def _check_sift_paths(source: Path, target: Path, report: Optional[Path], mlm: Optional[Path],
                      save_mlm: Optional[Path], fill: str) -> None:
    """Outputs lie outside the input; the masked LM options fit together."""
    from ..fileio import ensure_outside

    ensure_outside(target, [source])
    if report is not None:
        ensure_outside(report, [source])
    if save_mlm is not None:
        ensure_outside(save_mlm, [source])
    if mlm is not None and save_mlm is not None:
        raise UsageError("--save-mlm keeps a model trained on the fly; it does not go with --mlm")
    if fill == "unigram" and mlm is not None:
        raise UsageError("--fill unigram does not use --mlm")


def _sift_config(preset: str, **settings):
    """The preset's settings with the options given on top (a bad value is a usage error)."""
    from ..sift import SiftConfig

    try:
        return SiftConfig.preset_config(preset, **settings)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _read_notes(source: Path, fmt: str, opts: dict, label_field: Optional[str]) -> list:
    """The input's documents: at least one, and the label field on at least one when asked for."""
    from ..formats import read_corpus

    docs = list(read_corpus(source, fmt, **opts))
    if not docs:
        raise InputError("no documents in the input", source)
    if label_field and not any(label_field in d.meta for d in docs):
        raise UsageError(f"no document has the label field '{label_field}'", source)
    return docs
