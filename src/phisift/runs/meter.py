"""How far a run is, measured in bytes of input so that a total is known before the first note is done.

A count of notes has no total until the input is read to its end, and on a corpus of
one 50 MB note it stays at "0/?" for as long as that note takes. The input's size
on disk is known at once, so a run reports the UTF-8 size of each finished note's
text against it (the text is the bulk of every format; markup, ids and other fields
are what is left, added when the run ends), with the number of notes beside it.

A long note is read in windows (``Pipeline.detect``); when the run works in this
process, each finished window moves the bar by its bytes (``within``, through
``progress.parts_of_documents``), and the note's commit adds only what is left.
"""

from __future__ import annotations

from typing import Iterable

from ..document import Document
from ..progress import Reporter

#: Characters encoded at a time when ``utf8_size`` counts a long text's bytes.
SIZE_CHUNK = 1 << 20


def utf8_size(text: str) -> int:
    """``len(text.encode("utf-8", "surrogatepass"))`` without encoding a long text whole.

    The encoded copy of a 50 MB note was made when the note was done, on top of the note and of all the
    detectors keep: 50 MB more at the run's peak. Every code point (a lone surrogate too, with
    "surrogatepass") encodes on its own, so the sizes of the pieces add up to the text's.
    """
    if text.isascii():
        return len(text)
    return sum(len(text[i : i + SIZE_CHUNK].encode("utf-8", "surrogatepass")) for i in range(0, len(text), SIZE_CHUNK))


class RunMeter:
    """One task on a ``Reporter``: bytes of input against the input's size, or notes (against their number
    when the corpus can count them) when it has no size (a database table)."""

    def __init__(self, reporter: Reporter, task: str, total_bytes: int | None, total_notes: int | None = None):
        self.reporter, self.total = reporter, total_bytes or None
        self.sent = self.notes = 0
        self.ahead = 0  # bytes of documents not yet committed that ``within`` has reported already
        if self.total:
            reporter.start(task, total=self.total, unit="bytes")
        else:
            reporter.start(task, total=total_notes, unit="notes")

    def advance(self, docs: Iterable[Document]) -> None:
        docs = list(docs)
        self.notes += len(docs)
        if self.total is None:
            self.reporter.advance(len(docs))
            return
        size = sum(utf8_size(doc.text) for doc in docs) - self.ahead
        self.ahead = 0
        step = max(0, min(size, self.total - self.sent))
        self.sent += step
        self.reporter.advance(step, notes=self.notes)

    def within(self, piece: str) -> None:
        """A piece of a document still being worked on is done (a window of a long note): its bytes now."""
        if self.total is None:
            return
        step = max(0, min(utf8_size(piece), self.total - self.sent))
        self.sent += step
        self.ahead += step
        self.reporter.advance(step, notes=self.notes)

    def finish(self) -> None:
        """The run read its whole input: the bar ends full."""
        if self.total is not None and self.sent < self.total:
            self.reporter.advance(self.total - self.sent, notes=self.notes)
            self.sent = self.total
        self.reporter.finish()
