"""Resolve overlapping spans from several detectors into one non-overlapping set.

Rule, documented for users: among spans that overlap, the winner is the one with
the highest score (rounded to one decimal, so near-ties fall through), then the
longest, then the most specific label (a list order below), then the earliest.
Losers are dropped, but a loser that reaches outside the winner and is itself
confident (score >= ``extend_min_score``) stretches the winner over its extent:
for release, a token left uncovered is a leak, while a boundary a few characters
too wide costs little. A confident place that holds several winners of its own
label ("San Marcela Los Altos" over "San" and "Los Altos") replaces them, so the
words between them are not left in clear.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, replace
from typing import Iterable

from ..document import Span

#: More specific labels first: when two detectors agree on a place but not on the
#: label, the one that says more (an e-mail rather than a URL) wins the tie.
LABEL_PRIORITY: tuple[str, ...] = (
    "EMAIL", "URL", "IPADDR", "SSN", "PHONE", "FAX", "DATE", "AGE", "ZIP",
    "MEDICALRECORD", "HEALTHPLAN", "ACCOUNT", "LICENSE", "DEVICE", "VEHICLE", "BIOID", "IDNUM",
    "DOCTOR", "PATIENT", "USERNAME", "HOSPITAL", "ORGANIZATION", "STREET", "CITY", "STATE",
    "COUNTRY", "LOCATION-OTHER", "PROFESSION",
)
_RANK = {label: i for i, label in enumerate(LABEL_PRIORITY)}
#: Labels whose pieces make one place when a confident span of the same label covers them all.
_PLACE_LABELS = frozenset({"STREET", "CITY", "COUNTRY", "LOCATION-OTHER"})


@dataclass(frozen=True)
class Combiner:
    extend_min_score: float = 0.8

    def _key(self, s: Span) -> tuple:
        return (-round(s.score, 1), -(s.end - s.start), _RANK.get(s.label, len(_RANK)), s.start)

    def combine(self, spans: Iterable[Span]) -> list[Span]:
        candidates = sorted((s for s in spans if s.end > s.start), key=self._key)
        chosen = _Disjoint()
        for cand in candidates:
            hits = chosen.overlapping(cand.start, cand.end)
            if not hits:
                chosen.add(cand)
            elif cand.score >= self.extend_min_score and len(hits) > 1 and cand.label in _PLACE_LABELS and all(
                    h.label == cand.label and cand.start <= h.start and h.end <= cand.end for h in hits):
                for h in hits:  # one place read as its pieces: the whole of it, words between included
                    chosen.remove(h)
                chosen.add(cand)
            elif cand.score >= self.extend_min_score and len(hits) == 1:
                # Stretch the overlapped winner when a confident loser reaches past it.
                win = hits[0]
                start, end = min(win.start, cand.start), max(win.end, cand.end)
                if (start, end) != (win.start, win.end):
                    chosen.remove(win)
                    if chosen.overlapping(start, end):
                        chosen.add(win)
                    else:
                        chosen.add(_stretched(win, cand, start, end))
        return chosen.spans()


def _stretched(win: Span, cand: Span, start: int, end: int) -> Span:
    """The winner over ``start..end``; a known identifier takes the label of the span it sits in.

    A patient's known identifier (``source="known"``, score 1.0) wins every overlap so
    that it is always covered, but when it is only part of a longer confident span
    ("Boston" of the patient's address inside "Boston General Hospital") the longer
    span says what the whole stretch is: labelling it CITY would give it a city as
    its surrogate.
    """
    if win.source == "known" and cand.start <= win.start and win.end <= cand.end:
        return replace(win, start=start, end=end, label=cand.label, source=cand.source)
    return replace(win, start=start, end=end)


class _Disjoint:
    """Non-overlapping spans kept sorted by start, so overlap look-ups are O(log n)."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._spans: list[Span] = []

    def overlapping(self, start: int, end: int) -> list[Span]:
        i = bisect_left(self._starts, end)  # spans starting before `end`
        hits = []
        while i > 0 and self._spans[i - 1].end > start:
            hits.append(self._spans[i - 1])
            i -= 1
        return hits

    def add(self, span: Span) -> None:
        i = bisect_left(self._starts, span.start)
        self._starts.insert(i, span.start)
        self._spans.insert(i, span)

    def remove(self, span: Span) -> None:
        i = self._spans.index(span, bisect_left(self._starts, span.start))
        del self._starts[i]
        del self._spans[i]

    def spans(self) -> list[Span]:
        return list(self._spans)


def combine(spans: Iterable[Span], extend_min_score: float = 0.8) -> list[Span]:
    return Combiner(extend_min_score).combine(spans)
