"""phisift: offline de-identification of clinical free text."""

from .document import Document, Edit, OffsetMap, OverlapError, Span, rewrite, rewrite_document

__version__ = "0.1.0"


def deidentify_frame(df, text_field="text", patient_field=None, mode=None, config=None, key_file=None, **options):
    """De-identify a pandas DataFrame's text column; see ``phisift.frame.deidentify_frame``."""
    from .frame import deidentify_frame as run

    return run(df, text_field, patient_field, mode, config, key_file, **options)


__all__ = ["Document", "Edit", "OffsetMap", "OverlapError", "Span", "deidentify_frame", "rewrite",
           "rewrite_document", "__version__"]
