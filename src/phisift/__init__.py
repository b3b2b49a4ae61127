"""phisift: offline de-identification of clinical free text.

    >>> import phisift
    >>> phisift.deidentify("Seen by Dr. John Smith on 03/04/2021, MRN 12345678.")
    'Seen by Dr. [DOCTOR] on [DATE], MRN [MEDICALRECORD].'
    >>> [(s.start, s.end, s.label) for s in phisift.detect("Call 617-555-0100.")]
    [(5, 17, 'PHONE')]

``deidentify`` and ``detect`` build the default pipeline once and reuse it. For more
control build one yourself: ``Pipeline.from_config(PipelineConfig.from_toml("my.toml"))``;
for whole corpora (resumable runs, process pools, Spark) use the command line.
Importing phisift is cheap: the detectors load on first use.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from . import detect as _detect_package  # noqa: F401  (see the note above ``detect`` below)
from .document import Document, Edit, OffsetMap, OverlapError, Span, rewrite, rewrite_document

if TYPE_CHECKING:
    from .pipeline import Pipeline, PipelineConfig

__version__ = "0.1.0"

_LAZY = {"Pipeline": "pipeline", "PipelineConfig": "pipeline"}
_BUILT: dict[tuple, Any] = {}  # pipelines built by deidentify/detect, by (config, key file)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'phisift' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f".{module}", __name__), name)


def _pipeline(config: Any, mode: str, key_file: str | Path | None) -> "Pipeline":
    """The pipeline of a config (and mode), built once per process and reused."""
    from .pipeline import Pipeline, config_from, secret_for

    cfg = config_from(config, mode=mode)
    key = (cfg, str(Path(key_file).expanduser().resolve()) if key_file else None)
    pipeline = _BUILT.get(key)
    if pipeline is None:
        pipeline = Pipeline.from_config(cfg, secret_for(cfg, key_file))
        if len(_BUILT) >= 4:
            _BUILT.pop(next(iter(_BUILT)))
        _BUILT[key] = pipeline
    return pipeline


def deidentify(
    text_or_document: str | Document,
    *,
    mode: str = "tag",
    config: "PipelineConfig | str | Path | Mapping[str, Mapping[str, Any]] | None" = None,
    key_file: str | Path | None = None,
    patient: str | None = None,
    spans: Iterable[Span] | None = None,
    known_phi: str | Path | None = None,
    patient_field: str | None = None,
    pseudonymise_fields: Iterable[str] = (),
    drop_fields: Iterable[str] = (),
    shift_date_fields: Iterable[str] = (),
    keep_ids: bool = False,
    note_date_field: str | None = None,
) -> str | Document:
    """De-identify one note: PHI found by the pipeline is replaced; a string gives a string.

    * ``mode``: ``tag`` (``[PATIENT]``), ``mask`` (``*****``), ``redact`` (removed) or
      ``surrogate`` (realistic stand-ins, consistent per patient, from the secret key in
      ``key_file``; default the command line's key file; created on first use, with a
      warning saying where: keep it private).
    * ``config``: a ``PipelineConfig``, a pipeline TOML file (see
      ``default_pipeline.toml``) or a dict of sections to override, e.g.
      ``{"detect": {"detectors": ["rules", "lexicon"]}}`` for the fast pipeline.
      ``mode`` wins over the config's mode.
    * ``patient``: whose note it is, so that all of a patient's notes get the same
      surrogates and date shift (default: the ``patient_field`` of a Document, else its
      id; for a string, one fixed patient).
    * ``spans``: replace these spans (offsets into the text) instead of detecting, as
      ``phisift deid --from-spans``; ``known_phi``: the ``--known-phi`` JSONL file.

    A ``Document`` gives a ``Document`` whose spans mark the replaced places in the new
    text, its metadata and id written as ``phisift deid`` writes a record's:
    ``patient_field`` (the field naming the patient) and ``pseudonymise_fields`` as keyed
    pseudonyms, ``drop_fields`` left out, ``shift_date_fields`` moved by the patient's
    date offset, an id that holds PHI of its note as a keyed pseudonym unless
    ``keep_ids``, and ``note_date_field`` the over-89 rule's reference date (see
    docs/privacy.md); every other field as it was. Pseudonyms need the key file too
    (read only when one is needed). Detectors that must be fitted over a whole corpus
    (``frequency``) are not available here: use ``Pipeline.fit``, ``deidentify_frame``
    or the CLI.
    """
    from copy import copy

    from .errors import UsageError
    from .runs.release import FileKey, make_release

    is_doc = isinstance(text_or_document, Document)
    if not is_doc and not isinstance(text_or_document, str):
        raise TypeError(f"deidentify takes a str or a Document, not {type(text_or_document).__name__}")
    fields = (patient_field, note_date_field, *pseudonymise_fields, *drop_fields, *shift_date_fields)
    if not is_doc and any(f is not None for f in fields):
        raise UsageError("fields are a Document's metadata: give a Document for patient_field and the *_fields")
    doc = text_or_document if is_doc else Document("text", text_or_document)
    release = make_release(FileKey(key_file), patient_field=patient_field, pseudonymise=pseudonymise_fields,
                           drop=drop_fields, keep_ids=keep_ids or not is_doc, known_phi=known_phi,
                           from_spans=None if spans is None else {doc.id: list(spans)},
                           shift_dates=shift_date_fields, note_date_field=note_date_field)
    pipeline = _pipeline(config, mode, key_file)
    release.replace = _replace_settings(config, mode)
    pipeline = release.prepare(copy(pipeline))  # the shared pipeline keeps its own settings
    (doc, who), = release.items([doc])
    who = patient if patient is not None else who
    new_doc, found = pipeline.deidentify(doc, who)
    written = release.written(doc, who, new_doc, found)
    return written if is_doc else written.text


def _replace_settings(config: Any, mode: str) -> Any:
    """The ``[replace]`` settings of a config and mode (the date offsets of ``shift_date_fields``)."""
    from .pipeline import config_from

    return config_from(config, mode=mode).replace


def deidentify_frame(df, text_field="text", patient_field=None, mode=None, config=None, key_file=None, **options):
    """De-identify a pandas DataFrame's text column; see ``phisift.frame.deidentify_frame``."""
    from .frame import deidentify_frame as run

    return run(df, text_field, patient_field, mode, config, key_file, **options)


# ``phisift.detect`` is both this function and the detectors' package. Python binds a
# subpackage to its parent's attribute when it is first imported, so the (empty, cheap)
# package is imported at the top and this function then takes the name; submodules are
# still imported as usual (``from phisift.detect.frequency import ...``).
def detect(text: str, *, config: "PipelineConfig | str | Path | Mapping[str, Any] | None" = None) -> list[Span]:
    """The PHI spans of ``text`` (character offsets, i2b2 2014 labels), overlaps resolved.

    ``config`` as for ``deidentify``; the default pipeline is used without it.
    """
    return _pipeline(config, "tag", None).detect(text)  # detection replaces nothing: no key needed


__all__ = [
    "Document",
    "Edit",
    "OffsetMap",
    "OverlapError",
    "Pipeline",
    "PipelineConfig",
    "Span",
    "__version__",
    "deidentify",
    "deidentify_frame",
    "detect",
    "rewrite",
    "rewrite_document",
]
