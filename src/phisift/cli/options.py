"""Options and arguments that several commands share, each defined once.

A command declares ``text_field: TextField = None`` and gets the same flag name,
help text and type as every other command; a flag that means the same thing
everywhere is written here and nowhere else. Options whose meaning differs per
command (``--seed``, ``--mlm``, ``--overwrite``) stay with their command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

FORMAT_HELP = ("Corpus format: jsonl, text, brat, i2b2, conll, csv, parquet, fhir, hl7v2, sql "
               "(default: from the path; plain text for -).")

# --------------------------------------------------------------------------- corpora in and out
Source = Annotated[Path, typer.Argument(help="Input corpus (file or folder).")]
Target = Annotated[Path, typer.Argument(help="Output file or folder, in the input's format unless --to.")]
# where detect, deid and convert read and write: also database URLs and - (standard input/output)
SourceLocation = Annotated[str, typer.Argument(
    help="Input corpus: a file, a folder, a database URL (sqlite:///notes.db), or - for standard input.")]
TargetLocation = Annotated[str, typer.Argument(
    help="Output: a file, a folder, a database URL, or - for standard output; the input's format unless --to.")]
Table = Annotated[Optional[str], typer.Option(
    "--table", help="Database table to read (default note, the OMOP CDM note table); also the output's name.")]
OutTable = Annotated[Optional[str], typer.Option(
    "--out-table", help="Database table to write (default: the input table's name).")]
InFormat = Annotated[Optional[str], typer.Option("--in-format", help=FORMAT_HELP)]
ToFormat = Annotated[Optional[str], typer.Option("--to", help=FORMAT_HELP)]
TextField = Annotated[Optional[str], typer.Option("--text-field", help="CSV/Parquet/JSONL column holding the note text.")]
IdField = Annotated[Optional[str], typer.Option("--id-field", help="CSV/Parquet/JSONL column holding the document id.")]

LabelMap = Annotated[Optional[str], typer.Option(
    "--label-map", help="Map labels before scoring: a JSON/TSV file, or meddocan, presidio, category.")]

# --------------------------------------------------------------------------- the de-identification pipeline
Config = Annotated[Optional[Path], typer.Option("--config", help="Pipeline TOML (see default_pipeline.toml).")]
Detectors = Annotated[Optional[str], typer.Option(
    "--detectors", help="Comma-separated detectors: rules, lexicon, frequency, model (default from the config).")]
KeepShare = Annotated[Optional[float], typer.Option(
    "--keep-share", help="Frequency detector: share of text allowed to remain.")]
TaggerModel = Annotated[Optional[Path], typer.Option(
    "--model", help="A trained tagger folder (adds the model detector).")]
PatientField = Annotated[Optional[str], typer.Option(
    "--patient-field", help="Metadata field naming the patient (JSONL/CSV).")]

# --------------------------------------------------------------------------- corpus runs: store, engine, resume
StorePath = Annotated[Optional[Path], typer.Option(
    "--store", help="Project store (SQLite); default .phisift/store.sqlite.")]
Jobs = Annotated[int, typer.Option("--jobs", help="Worker processes; output is the same for any number.")]
Engine = Annotated[str, typer.Option(
    "--engine", help="local (this machine: --jobs processes) or spark (PySpark; see --spark-master). Same output.")]
SparkMaster = Annotated[Optional[str], typer.Option(
    "--spark-master", help="Spark master URL for --engine spark (default local[*], or local[N] with --jobs N).")]
Overwrite = Annotated[bool, typer.Option(
    "--overwrite", help="Replace outputs that exist already (a folder as a whole). Resuming needs no --overwrite.")]
Resume = Annotated[Optional[bool], typer.Option(
    "--resume/--no-resume",
    help="Continue an unfinished earlier run of the same settings (default: yes, with a note) or start over.")]
