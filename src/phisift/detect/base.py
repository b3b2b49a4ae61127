"""The detector interface: text in, spans out.

A detector knows nothing of how PHI is replaced (that is an operator's job), and
nothing of other detectors (the combiner resolves their overlaps). Keeping the
interface this small is what lets rules, lexicons, corpus statistics and trained
taggers be mixed freely in one pipeline.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..document import Span


@runtime_checkable
class Detector(Protocol):
    """Anything with a name and ``detect(text) -> list[Span]``.

    Spans carry ``source=self.name`` and a ``score`` in [0, 1] that the combiner
    uses to break ties (1.0 for a certain rule hit, lower for a guess).
    """

    name: str

    def detect(self, text: str) -> list[Span]: ...


class Remembered:
    """A detector that hands back its last spans when asked again about the very same text.

    A trained tagger uses the rule and lexicon hits as features while the pipeline runs
    the same detectors for their own spans; one ``Remembered`` shared by both runs each
    detector once per text instead of twice. The test is identity (``is``), not
    equality: cheap, and a different text object is simply detected again.
    """

    def __init__(self, detector: Detector) -> None:
        self.detector = detector
        self.name = detector.name
        self._text: str | None = None
        self._spans: list[Span] = []

    def detect(self, text: str) -> list[Span]:
        if text is not self._text:
            self._spans = list(self.detector.detect(text))
            self._text = text
        return list(self._spans)

    def __getstate__(self) -> dict:
        return {"detector": self.detector}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["detector"])

    def __repr__(self) -> str:
        return f"Remembered({self.detector!r})"


def relabel(spans: list[Span], label_map: dict[str, str] | None) -> list[Span]:
    """A tagger's spans with its own labels mapped (e.g. MEDDOCAN's onto i2b2); a label
    mapped to an empty string is dropped. Unmapped labels stay as they are."""
    if not label_map:
        return spans
    out = []
    for s in spans:
        label = label_map.get(s.label, s.label)
        if label:
            out.append(s.with_label(label))
    return out
