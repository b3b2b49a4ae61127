"""phisift: offline de-identification of clinical free text."""

from .document import Document, Edit, OffsetMap, OverlapError, Span, rewrite, rewrite_document

__version__ = "0.1.0"

__all__ = ["Document", "Edit", "OffsetMap", "OverlapError", "Span", "rewrite", "rewrite_document", "__version__"]
