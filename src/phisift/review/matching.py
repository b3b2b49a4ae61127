"""Per-span match status of found spans against gold: what a reviewer looks at.

The scores in ``evaluate`` say how many spans were right; a reviewer needs to know
*which*. Each gold and each found span gets one status, consistent with the
strict and overlap measures there:

* ``exact``: same start, end and label in both (a strict true positive; one mark
  stands for the pair);
* ``miss``: a gold span that no found span overlaps (counts against overlap recall);
* ``false-alarm``: a found span that overlaps no gold span;
* ``mismatch``: overlapping but not identical, because the boundaries or the label
  differ (a strict false negative on the gold side and a strict false positive on
  the found side; the text was replaced, but not as annotated).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ..document import Span

PLAIN = "plain"
EXACT = "exact"
MISS = "miss"
FALSE_ALARM = "false-alarm"
MISMATCH_GOLD = "mismatch-gold"
MISMATCH_FOUND = "mismatch-found"

#: Status codes as the page stores them (position = code).
STATUSES: tuple[str, ...] = (PLAIN, EXACT, MISS, FALSE_ALARM, MISMATCH_GOLD, MISMATCH_FOUND)

#: Which mark wins where two overlap on the page: the worst news first.
PRIORITY: dict[str, int] = {MISS: 5, MISMATCH_GOLD: 4, MISMATCH_FOUND: 3, FALSE_ALARM: 2, EXACT: 1, PLAIN: 0}


@dataclass(frozen=True, slots=True)
class Mark:
    """A span as the review page shows it: where, which label, which status, and why.

    ``found_index`` is the position of the found span in the sorted found spans (so
    the page can link it to its replacement in the de-identified text); ``note``
    explains a mismatch without quoting any text.
    """

    start: int
    end: int
    label: str
    status: str
    found_index: int = -1
    note: str = ""


def _key(s: Span) -> tuple[int, int, str]:
    return (s.start, s.end, s.label)


def plain_marks(spans: Sequence[Span]) -> list[Mark]:
    """Marks for spans shown without an evaluation (found spans, or gold alone)."""
    return [Mark(s.start, s.end, s.label, PLAIN, i) for i, s in enumerate(sorted(spans, key=_key))]


def match_spans(gold: Sequence[Span], found: Sequence[Span]) -> list[Mark]:
    """Marks for gold and found spans of one document, in text order."""
    gold = sorted(gold, key=_key)
    found = sorted(found, key=_key)
    found_keys = Counter((s.start, s.end, s.label) for s in found)
    gold_keys = Counter((s.start, s.end, s.label) for s in gold)
    matched = gold_keys & found_keys

    marks: list[Mark] = []
    left_gold: list[Span] = []
    budget = Counter(matched)
    for s in gold:
        key = (s.start, s.end, s.label)
        if budget[key] > 0:
            budget[key] -= 1
        else:
            left_gold.append(s)
    budget = Counter(matched)
    left_found: list[tuple[int, Span]] = []
    for i, s in enumerate(found):
        key = (s.start, s.end, s.label)
        if budget[key] > 0:
            budget[key] -= 1
            marks.append(Mark(s.start, s.end, s.label, EXACT, i))
        else:
            left_found.append((i, s))

    for g in left_gold:
        over = [f for f in found if f.overlaps(g) or (f.start == f.end == g.start == g.end)]
        if not over:
            marks.append(Mark(g.start, g.end, g.label, MISS))
            continue
        marks.append(Mark(g.start, g.end, g.label, MISMATCH_GOLD, note=_why(g, over, "found")))
    for i, f in left_found:
        over = [g for g in gold if g.overlaps(f)]
        if not over:
            marks.append(Mark(f.start, f.end, f.label, FALSE_ALARM, i))
            continue
        marks.append(Mark(f.start, f.end, f.label, MISMATCH_FOUND, i, _why(f, over, "gold")))
    marks.sort(key=lambda m: (m.start, m.end, m.label, m.status))
    return marks


def _why(span: Span, others: list[Span], side: str) -> str:
    """Why an overlapping pair is no exact match, e.g. ``found as DOCTOR at 12-20``."""
    parts = []
    for o in sorted(others, key=_key)[:3]:
        same_place = (o.start, o.end) == (span.start, span.end)
        if same_place:
            parts.append(f"{side} as {o.label} (label differs)")
        elif o.label == span.label:
            parts.append(f"{side} at {o.start}-{o.end} (boundary differs)")
        else:
            parts.append(f"{side} as {o.label} at {o.start}-{o.end} (boundary and label differ)")
    if len(others) > 3:
        parts.append(f"and {len(others) - 3} more")
    return "; ".join(parts)
