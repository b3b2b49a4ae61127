"""Leak audit: how many gold PHI strings survive verbatim in de-identified text.

A de-identified release is judged by what leaks. ``audit`` takes the gold corpus
(documents with their PHI spans) and the de-identified corpus, pairs the documents
(by id, or by position when the ids were pseudonymised and the counts agree), and
looks for every gold PHI string in its own de-identified document, as a whole token
sequence (not inside a longer word or number: "MA" does not survive in "MAP"). The
report holds counts only: the share of gold strings found, per label, and examples
that point at them by document number, label and offsets, never by their text, so
the report itself can be shared.

Strings shorter than ``min_chars`` (3 by default: "67", "MA", "SC") are counted in
the total but not looked for, because a two-character string turns up in any note
by chance (a lab value, a dose); ``min_chars=1`` looks for every string.

A survivor is still counted when the source note itself also shows the string outside
every gold span (a vitamin D dose of "2000 units" where a year 2000 was PHI, "nurse" in
"diabetes nurse educator" beside a nurse who was): the share stays what a reader of the
output can find. ``in_source_outside_phi`` says how many of the survivors are such
strings, which no replacement of the PHI spans could remove, so that they are not
mistaken for surrogates that copy PHI or for missed spans.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from .document import Document

#: Examples kept in a report.
MAX_EXAMPLES = 20


@dataclass
class AuditReport:
    """Counts of gold PHI mentions and of those found verbatim in the de-identified text."""

    documents: int = 0
    unmatched: int = 0  # gold documents with no de-identified counterpart
    min_chars: int = 3
    unchecked: int = 0  # gold strings shorter than min_chars
    total: Counter = field(default_factory=Counter)
    survived: Counter = field(default_factory=Counter)
    outside: Counter = field(default_factory=Counter)  # survivors the source also shows outside PHI
    examples: list[dict] = field(default_factory=list)

    @property
    def share(self) -> float:
        n = sum(self.total.values())
        return sum(self.survived.values()) / n if n else 0.0

    def as_dict(self) -> dict:
        return {
            "documents": self.documents,
            "unmatched_documents": self.unmatched,
            "min_chars": self.min_chars,
            "unchecked_short": self.unchecked,
            "phi_strings": sum(self.total.values()),
            "survived": sum(self.survived.values()),
            "share": round(self.share, 6),
            "in_source_outside_phi": sum(self.outside.values()),
            "by_label": {label: {"total": n, "survived": self.survived[label],
                                 "share": round(self.survived[label] / n, 6)}
                         for label, n in sorted(self.total.items())},
            "examples": self.examples,
        }


def found_at(needle: str, text: str) -> int:
    """Where ``needle`` occurs in ``text`` as a whole token sequence, or -1."""
    needle = needle.strip()
    if not needle:
        return -1
    left = r"(?<![^\W_])" if needle[0].isalnum() else ""
    right = r"(?![^\W_])" if needle[-1].isalnum() else ""
    m = re.search(left + re.escape(needle) + right, text)
    return m.start() if m else -1


def pair_documents(gold: list[Document], deid: list[Document]) -> list[tuple[Document, Document | None]]:
    """Gold documents with their de-identified counterparts: by id; the documents whose ids were
    replaced by pseudonyms (ids holding PHI) in order, when as many are left on both sides (a
    JSONL, CSV or Parquet output keeps the input order; a folder output is read by file name, so
    audit a folder written with --keep-ids)."""
    by_id = {d.id: d for d in deid}
    matched = {g.id for g in gold if g.id in by_id}
    rest = iter([d for d in deid if d.id not in matched])
    left = len(gold) - len(matched) == len(deid) - len(matched)
    return [(g, by_id[g.id]) if g.id in by_id else (g, next(rest, None) if left else None) for g in gold]


def audit(gold: Iterable[Document], deid: Iterable[Document], max_examples: int = MAX_EXAMPLES,
          min_chars: int = 3) -> AuditReport:
    """The leak report of a de-identified corpus against its gold annotations."""
    report = AuditReport(min_chars=min_chars)
    for number, (g, d) in enumerate(pair_documents(list(gold), list(deid)), 1):
        report.documents += 1
        if d is None:
            report.unmatched += 1
            continue
        plain = None  # the gold text with its spans blanked, made when a string survives
        for span in g.spans:
            report.total[span.label] += 1
            phi = g.text[span.start : span.end].strip()
            if len(phi) < min_chars:
                report.unchecked += 1
                continue
            where = found_at(phi, d.text)
            if where < 0:
                continue
            report.survived[span.label] += 1
            plain = plain if plain is not None else _outside_spans(g)
            if found_at(phi, plain) >= 0:
                report.outside[span.label] += 1
            if len(report.examples) < max_examples:
                report.examples.append({"document": number, "label": span.label, "start": span.start,
                                        "end": span.end, "deid_start": where})
    return report


def _outside_spans(doc: Document) -> str:
    """``doc``'s text with every span blanked out (same length)."""
    chars = list(doc.text)
    for span in doc.spans:
        chars[span.start : span.end] = " " * (span.end - span.start)
    return "".join(chars)
