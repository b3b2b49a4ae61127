"""``phisift detect`` and ``phisift deid``: find PHI in a corpus, and replace it.

Both read the pipeline config (``--config``, ``--detectors``, ``--keep-share``),
open the store and an engine, and hand the corpus to the run driver, which
resumes an unfinished run of the same settings.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..errors import UsageError
from .console import RichReporter, detail, err, say
from .engines import check_engine_options, open_engine
from .locations import check_apart, location, shown, sql_options
from .streams import stdio
from .options import (
    Config,
    Detectors,
    Engine,
    IdField,
    InFormat,
    Jobs,
    KeepShare,
    Overwrite,
    PatientField,
    OutTable,
    Resume,
    SourceLocation,
    SparkMaster,
    StorePath,
    Table,
    TaggerModel,
    TargetLocation,
    TextField,
    ToFormat,
)

if TYPE_CHECKING:
    from ..pipeline import PipelineConfig

app = typer.Typer()


def _pipeline_config(config: Optional[Path], detectors: Optional[str], mode: Optional[str] = None,
                     keep_share: Optional[float] = None) -> PipelineConfig:
    from ..pipeline import load_config

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


@app.command(
    epilog=(
        "Examples:\n\n"
        "  phisift detect notes/ -o spans.jsonl\n\n"
        "  phisift detect notes.csv -o spans.jsonl --text-field transcription --detectors rules,lexicon,frequency\n\n"
        "  phisift detect notes.jsonl -o spans.jsonl --config site.toml    (site rules: recognizers, allow/deny)\n\n"
        "  phisift detect sqlite:///cdm.db -o spans.jsonl --table note\n\n"
        "  cat note.txt | phisift detect - -o -\n\n"
        "  phisift detect notes.jsonl -o spans.jsonl --engine spark --jobs 2    (Spark on local[2])"
    )
)
def detect(
    source: SourceLocation,
    output: str = typer.Option(..., "-o", "--output", help="Spans JSONL to write ({id, spans:[{start,end,label}]}), "
                               "or - for standard output."),
    model: TaggerModel = None,
    detectors: Detectors = None,
    keep_share: KeepShare = None,
    config: Config = None,
    in_format: InFormat = None,
    text_field: TextField = None,
    id_field: IdField = None,
    table: Table = None,
    store_path: StorePath = None,
    jobs: Jobs = 1,
    engine: Engine = "local",
    spark_master: SparkMaster = None,
    resume: Resume = None,
    overwrite: Overwrite = False,
) -> None:
    """Find PHI and write its spans, with offsets into the input text."""
    from ..formats import input_format, known_format, reader_options
    from ..runs import Corpus, detect_run
    from ..store import Store

    jobs = check_engine_options(jobs, engine, spark_master)
    # detection replaces nothing: the operator is never used, so no key is needed
    cfg = _pipeline_config(config, detectors, mode="tag", keep_share=keep_share)
    if model:
        cfg = cfg.with_detector("model")
    with stdio(source, output, in_format, "jsonl") as ends:
        src, out_path = location(ends.source), Path(ends.target)
        check_apart(src, out_path, None, None)
        src_fmt = known_format(ends.src_fmt) if ends.src_fmt else input_format(src)
        read, _ = sql_options(src_fmt, "jsonl", table, None)
        corpus = Corpus(src, src_fmt, {**reader_options(text_field, id_field), **read})
        _details(cfg, src, src_fmt, out_path, "spans (jsonl)", None)
        with Store(store_path, notify=say) as store, open_engine(engine, jobs, spark_master) as runner, \
                RichReporter() as reporter:
            summary = detect_run(corpus, out_path, cfg, store=store, engine=runner, reporter=reporter, model=model,
                                 resume=False if ends.piped else resume, overwrite=overwrite)
    for line in summary.lines("detected PHI in"):
        say(line)


# --------------------------------------------------------------------------- what a deid run releases (docs/privacy.md)
PseudonymiseField = Annotated[list[str], typer.Option(
    "--pseudonymise-field", help="Replace this field by a keyed pseudonym in the output (repeatable); "
    "the --patient-field always is.")]
DropField = Annotated[list[str], typer.Option("--drop-field", help="Leave this field out of the output (repeatable).")]
ShiftDateField = Annotated[list[str], typer.Option(
    "--shift-date-field", help="Shift this date or date-time field by the patient's date offset, the one "
    "the notes' date surrogates use (repeatable); its type is kept.")]
NoteDateField = Annotated[Optional[str], typer.Option(
    "--note-date-field", help="The field holding each note's date: what a date of birth is judged "
    "against for the over-89 rule when the note names no later date (else the day of the run).")]
KeepIds = Annotated[bool, typer.Option(
    "--keep-ids", help="Keep document ids and file names as they are (by default one that holds "
    "PHI of its note becomes a keyed pseudonym).")]
PatientFromName = Annotated[Optional[str], typer.Option(
    "--patient-from-name", help="Regular expression over the document id or file name naming its "
    "patient (group 'patient', else the first group), e.g. '^(\\d+)_'.")]
PatientMap = Annotated[Optional[Path], typer.Option(
    "--patient-map", help="CSV/TSV (document or file name, patient) or JSON object naming each "
    "document's patient.")]
KnownPhi = Annotated[Optional[Path], typer.Option(
    "--known-phi", help="JSONL of each patient's known identifiers, {\"patient\": KEY, \"phi\": "
    "[{\"label\": ..., \"text\": ...}]}: found in that patient's notes in all their variants.")]
FromSpans = Annotated[Optional[Path], typer.Option(
    "--from-spans", help="Replace the spans of this file ({id, spans} lines, e.g. gold or reviewed "
    "spans) instead of detecting.")]


@app.command(
    epilog=(
        "Examples:\n\n"
        "  phisift deid notes/ notes-deid/ --mode surrogate --key-file ~/keys/phisift.key\n\n"
        "  phisift deid notes.jsonl out.jsonl --mode tag --spans found.jsonl\n\n"
        "  phisift deid notes/ out.jsonl --review review/    (open review/index.html to check the result)\n\n"
        "  phisift deid visits.csv visits-deid.csv --text-field note --patient-field mrn\n\n"
        "  phisift deid bundle.json bundle-deid.json --mode tag    (FHIR; also .ndjson, and HL7 v2 .hl7 files)\n\n"
        "  phisift deid sqlite:///cdm.db sqlite:///cdm-deid.db --table note --patient-field person_id\n\n"
        "  phisift deid sqlite:///cdm.db sqlite:///out.db --patient-field person_id --shift-date-field note_date "
        "--shift-date-field note_datetime\n\n"
        "  printf 'Seen by Dr. John Smith' | phisift deid - - --mode tag\n\n"
        "  phisift deid notes.jsonl out.jsonl --jobs 4    (killed? the same command resumes)\n\n"
        "  phisift deid notes.jsonl out.jsonl --engine spark --spark-master spark://host:7077\n\n"
        "  phisift deid notes/ out/ --patient-from-name '^(?P<patient>[0-9]+)_' --known-phi known.jsonl\n\n"
        "  phisift deid notes.jsonl out.jsonl --from-spans reviewed.jsonl    (replace these spans, detect nothing)"
    )
)
def deid(
    source: SourceLocation,
    target: TargetLocation,
    mode: Optional[str] = typer.Option(None, "--mode", help="tag | mask | redact | surrogate (default: surrogate)."),
    spans: Optional[Path] = typer.Option(None, "--spans", help="Also save the spans found (JSONL, input offsets)."),
    spans_ids: str = typer.Option(
        "input", "--spans-ids", help="The ids of the --spans file: input (the input's, which --from-spans and eval "
        "match) or output (the output's: a keyed pseudonym where the id holds PHI)."),
    key_file: Optional[Path] = typer.Option(None, "--key-file", help="Secret key for surrogates; created on first use."),
    model: TaggerModel = None,
    detectors: Detectors = None,
    keep_share: KeepShare = None,
    patient_field: PatientField = None,
    config: Config = None,
    to: ToFormat = None,
    in_format: InFormat = None,
    text_field: TextField = None,
    id_field: IdField = None,
    table: Table = None,
    out_table: OutTable = None,
    store_path: StorePath = None,
    reversible: bool = typer.Option(False, "--reversible", help="Keep originals in the store so surrogates can be traced back."),
    jobs: Jobs = 1,
    engine: Engine = "local",
    spark_master: SparkMaster = None,
    resume: Resume = None,
    review: Optional[Path] = typer.Option(
        None, "--review", help="Also write a review page (index.html) to this folder: each note's PHI beside "
        "what it became. It holds the original text unless --review-no-original."),
    review_no_original: bool = typer.Option(
        False, "--review-no-original", help="Review page with the de-identified text only, replaced places marked."),
    pseudonymise_field: PseudonymiseField = [],
    drop_field: DropField = [],
    shift_date_field: ShiftDateField = [],
    note_date_field: NoteDateField = None,
    keep_ids: KeepIds = False,
    patient_from_name: PatientFromName = None,
    patient_map: PatientMap = None,
    known_phi: KnownPhi = None,
    from_spans: FromSpans = None,
    overwrite: Overwrite = False,
) -> None:
    """De-identify a corpus: find PHI and replace it by tags, masks, nothing, or surrogates."""
    from ..formats import detect_format, input_format, known_format, reader_options
    from ..runs import Corpus, deid_run
    from ..store import Store

    jobs = check_engine_options(jobs, engine, spark_master)
    cfg = _pipeline_config(config, detectors, mode, keep_share)
    if model:
        cfg = cfg.with_detector("model")
    with stdio(source, target, in_format, to) as ends:
        src, dst = location(ends.source), location(ends.target)
        _check_deid_outputs(src, dst, spans, review, review_no_original, table, out_table, spans_ids)
        src_fmt = known_format(ends.src_fmt) if ends.src_fmt else input_format(src)
        dst_fmt = known_format(ends.dst_fmt) if ends.dst_fmt else detect_format(dst, default=src_fmt)
        read, write = sql_options(src_fmt, dst_fmt, table, out_table)
        corpus = Corpus(src, src_fmt, {**reader_options(text_field, id_field), **read})
        corpus.check()
        _details(cfg, src, src_fmt, dst, dst_fmt, patient_field, note_date_field)
        secret = _surrogate_key(key_file, dst, [src] + [p for p in (spans, review) if p]) \
            if cfg.replace.mode == "surrogate" else None
        release = _release(
            dst, secret, key_file, patient_field=patient_field, patient_from_name=patient_from_name,
            patient_map=patient_map, pseudonymise=pseudonymise_field, drop=drop_field, keep_ids=keep_ids,
            known_phi=known_phi, from_spans=from_spans, shift_dates=shift_date_field, note_date_field=note_date_field)
        writer = _review_writer(review, src, review_no_original) if review is not None else None
        with Store(store_path, notify=say) as store, open_engine(engine, jobs, spark_master) as runner, \
                RichReporter() as reporter:
            summary = deid_run(corpus, dst, dst_fmt, cfg, store=store, engine=runner, reporter=reporter,
                               secret=secret, model=model, spans_path=spans, patient_field=patient_field,
                               reversible=reversible, resume=False if ends.piped else resume, review=writer,
                               release=release, write_options=write, overwrite=overwrite, spans_ids=spans_ids)
    for line in summary.lines("de-identified"):
        say(line)
    if review is not None:
        err.print(f"review page: {(review / 'index.html').resolve().as_uri()}",
                  markup=False, highlight=False, soft_wrap=True)


def _details(cfg: PipelineConfig, src, src_fmt: str, dst, dst_fmt: str, patient_field: Optional[str],
             note_date_field: Optional[str] = None) -> None:
    """What --verbose adds: the settings of the run (never note text)."""
    site = cfg.site
    detail(f"input: {shown(src)} ({src_fmt}); output: {shown(dst)} ({dst_fmt})")
    detail(f"detectors: {', '.join(cfg.detect.detectors)}; mode: {cfg.replace.mode}")
    if site:
        detail("site rules: " + ", ".join(f"{len(v)} {k}" for k, v in site.items()))
    detail("patient: " + (f"the field '{patient_field}'" if patient_field else
                          "the patient the source names (FHIR subject, HL7 PID-3), else each document"))
    if cfg.replace.mode == "surrogate":
        detail("ages over 89: a date of birth is judged at the note's latest other date, "
               + (f"or the field '{note_date_field}' if later; " if note_date_field else "")
               + "in a note with none, at today's date (--note-date-field names the note's date)")


def _check_deid_outputs(source, target, spans: Optional[Path], review: Optional[Path], review_no_original: bool,
                        table: Optional[str] = None, out_table: Optional[str] = None, spans_ids: str = "input") -> None:
    """Every file or folder deid writes lies outside the input, and the review folder is one of its own."""
    check_apart(source, target, table, out_table)
    if spans:
        check_apart(source, spans, None, None)
    if spans_ids != "input" and spans is None:
        raise UsageError("--spans-ids goes with --spans FILE")
    if review_no_original and review is None:
        raise UsageError("--review-no-original goes with --review DIR")
    if review is not None:
        _check_review_folder(review, source, target, spans)


def _surrogate_key(key_file: Optional[Path], target, others: list = ()) -> bytes:
    """The secret key surrogates are drawn with: read, or created on first use (with a note saying where).

    It lies outside the output and is none of the run's other files (the input, the spans file, the review);
    a database or a stream holds no key file.
    """
    from ..store import DEFAULT_KEY_FILE, check_key_location, load_key

    key_path = key_file or DEFAULT_KEY_FILE
    check_key_location(key_path, target, others)
    return load_key(key_path, notify=say)


def _release(target: Path, secret, key_file: Optional[Path], *, patient_field: Optional[str],
             patient_from_name: Optional[str], patient_map: Optional[Path], pseudonymise: list[str], drop: list[str],
             keep_ids: bool, known_phi: Optional[Path], from_spans: Optional[Path], shift_dates: list[str] = (),
             note_date_field: Optional[str] = None):
    """Patients, fields, ids, known identifiers and given spans of a deid run (issue 17), from the options."""
    from ..fileio import ensure_outside
    from ..runs.release import make_release

    for given in (known_phi, from_spans):
        if given is not None:
            ensure_outside(target, [given])
    key = (lambda: secret) if secret is not None else _lazy_key(key_file, target)
    release = make_release(key, patient_field=patient_field, patient_from_name=patient_from_name,
                           patient_map=patient_map, pseudonymise=pseudonymise, drop=drop, keep_ids=keep_ids,
                           known_phi=known_phi, from_spans=from_spans, shift_dates=shift_dates,
                           note_date_field=note_date_field)
    release.notify = say
    if secret is None and release.key is not None:  # a key may be needed: its place is checked now, read later
        from ..store import DEFAULT_KEY_FILE, check_key_location

        check_key_location(key_file or DEFAULT_KEY_FILE, target)
    return release


def _lazy_key(key_file: Optional[Path], target: Path):
    """The key for pseudonyms, read (or created) only when a pseudonym is first needed."""
    loaded: list = []

    def load():
        if not loaded:
            loaded.append(_surrogate_key(key_file, target, []))
        return loaded[0]

    return load


def _check_review_folder(review: Path, source, target, spans: Optional[Path]) -> None:
    """The review folder is a folder of its own: not inside the input, not the output or the spans file."""
    check_apart(source, review, None, None)
    if review.exists() and not review.is_dir():
        raise UsageError("the review output must be a folder", review)
    for other in (target, spans):
        if not isinstance(other, Path):
            continue  # none, or a database
        if review.resolve() == other.resolve() or other.resolve() in review.resolve().parents:
            raise UsageError("--review needs a folder of its own, not the output or inside it", review)


def _review_writer(review: Path, source, no_original: bool):
    """A review page writer for a deid run (the page code loads only when asked for)."""
    from ..review import ReviewWriter

    name = source.name if isinstance(source, Path) else shown(source)
    return ReviewWriter(review, keep_original=not no_original, title=f"Review · {name}")
