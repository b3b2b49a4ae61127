"""Review pages: see, note by note, what was found and what it became.

Nobody should release de-identified notes without looking at them. ``write_review``
writes a static folder (``index.html`` plus, for large corpora, ``data/*.js`` and
PNG charts) that opens from disk in any browser, with no server and nothing
fetched from elsewhere:

    >>> from phisift.review import write_review
    >>> write_review("review/", read_corpus("gold.jsonl"), read_corpus("deid.jsonl"),
    ...              predicted=read_spans("found.jsonl"))

``ReviewWriter`` does the same one document at a time, for a run that produces the
documents as it goes (``phisift deid --review``). ``match_spans`` gives the
per-span status (exact, miss, false alarm, boundary/label mismatch) the page shows.
"""

from .charts import charts_available, plot_evaluation, plot_frequency_curve
from .matching import (
    EXACT, FALSE_ALARM, MISMATCH_FOUND, MISMATCH_GOLD, MISS, PLAIN, STATUSES, Mark, match_spans, plain_marks,
)
from .page import INDEX_FILE, ReviewResult, ReviewWriter, write_review

__all__ = [
    "EXACT",
    "FALSE_ALARM",
    "INDEX_FILE",
    "MISMATCH_FOUND",
    "MISMATCH_GOLD",
    "MISS",
    "PLAIN",
    "STATUSES",
    "Mark",
    "ReviewResult",
    "ReviewWriter",
    "charts_available",
    "match_spans",
    "plain_marks",
    "plot_evaluation",
    "plot_frequency_curve",
    "write_review",
]
