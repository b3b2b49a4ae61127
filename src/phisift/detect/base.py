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
