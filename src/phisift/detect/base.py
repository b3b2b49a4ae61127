"""The detector interface: text in, spans out.

A detector knows nothing of how PHI is replaced (that is an operator's job), and
nothing of other detectors (the combiner resolves their overlaps). Keeping the
interface this small is what lets rules, lexicons, corpus statistics and trained
taggers be mixed freely in one pipeline.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Protocol, runtime_checkable

from ..document import Document, Span


@runtime_checkable
class Detector(Protocol):
    """Anything with a name and ``detect(text) -> list[Span]``.

    Spans carry ``source=self.name`` and a ``score`` in [0, 1] that the combiner
    uses to break ties (1.0 for a certain rule hit, lower for a guess).
    """

    name: str

    def detect(self, text: str) -> list[Span]: ...


Texts = Callable[[], Iterable[str]]
"""A corpus as a fresh pass over its texts: called once per pass of a fit."""


@runtime_checkable
class Counter(Protocol):
    """The count/reduce steps a fit runs over a corpus, wherever they run (an engine).

    A fittable detector states its fit as these two steps, so the same fit runs in
    this process, in a local process pool or on Spark with the same result. The
    functions handed in must be picklable (module-level functions or partials).
    """

    name: str

    def workers(self, at_least: int = 1) -> int | str:
        """Who does the work (a number of processes, or the engine's name): recorded with a fit."""

    def count(self, texts: Texts, count_part: Callable[[Iterable[str]], Mapping[Any, int]],
              jobs: int = 1) -> Iterator[Mapping[Any, int]]:
        """Partial counts of ``count_part`` over parts of the corpus: summed by key, they
        are ``count_part`` over the whole corpus. ``jobs`` is a floor on local processes."""

    def gather(self, texts: Texts, part: Callable[[Any, Iterable[str]], Any], shared: Any,
               jobs: int = 1) -> Iterator[Any]:
        """``part(shared, texts_of_one_part)`` for every part of the corpus (``shared`` is
        sent to each worker once); the caller combines the results."""


@runtime_checkable
class Fittable(Protocol):
    """A detector that must first learn from the whole corpus: fit -> state -> detector.

    ``fit`` is the reduce over the corpus (through a ``Counter``), ``apply`` turns the
    state into a plain ``Detector`` (the map). The state is saved so that a resumed
    run applies exactly what its first attempt fitted instead of fitting again.
    """

    name: str

    def fit(self, corpus: Iterable[Document], counter: Counter | None = None) -> Any:
        """The fitted state over a re-iterable corpus (``counter=None``: in this process)."""

    def summary(self, state: Any) -> str:
        """One line for the user about a fitted state: counts only, never corpus words."""

    def apply(self, state: Any) -> Detector:
        """The detector of a fitted state."""

    def save_state(self, state: Any, path: Path) -> None:
        """Write a fitted state (atomically; it can hold corpus words, so the caller keeps it private)."""

    def load_state(self, path: Path) -> Any:
        """A state written by ``save_state``."""


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
