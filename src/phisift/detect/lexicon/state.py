"""What the lexicon passes have decided about one text: the only thing a pass changes.

The passes run in a fixed order (see :mod:`.passes`) over the same :class:`~.tokens.Tokens`,
which never change. Everything one pass leaves for the next is here:

``taken``
    one flag per token, set once a span covers it. Every pass skips taken tokens, so a
    token belongs to the first pass that claims it: the order of the passes is the order
    of precedence, strongest evidence first.
``found``
    every span found so far, in the order found, as token ranges (:class:`Found`). A few
    passes read it: the letterhead pass looks below DOCTOR names, the address pass after
    STREET spans, the list pass next to names, and the relabel and repeat passes take
    their seeds from the names.
``spans``
    the same spans in characters (:class:`~phisift.document.Span`), index-aligned with
    ``found``: what the detector returns.

Passes write only through :meth:`PassState.emit`, :meth:`PassState.emit_chars` and
:meth:`PassState.relabel`, so ``taken``, ``found`` and ``spans`` never disagree.
"""

from __future__ import annotations

from typing import NamedTuple

from ...document import Span
from .tokens import Tokens


class Found(NamedTuple):
    """One span found, in tokens: tokens ``first`` .. ``end - 1`` carry ``label``."""

    first: int
    end: int
    label: str
    score: float


class PassState:
    """The spans found in one text so far and the tokens they cover."""

    def __init__(self, doc: Tokens, recased: bool = False) -> None:
        self._doc = doc
        #: the text is a recased copy of a note typed in one case (``casing.recase``): its
        #: capitals were put back by the detector, so they are weaker evidence than a writer's
        self.recased = recased
        self.taken = bytearray(doc.n)
        self.found: list[Found] = []
        self.spans: list[Span] = []

    def emit(self, i: int, j: int, label: str, score: float) -> None:
        """Tag tokens i..j-1 (a possessive 's at the end stays outside)."""
        doc = self._doc
        start, end = doc.starts[i], doc.ends[j - 1]
        w = doc.words[j - 1]
        if len(w) > 3 and w[-2] in "'’" and w[-1] in "sS":
            end -= 2
        elif j - i > 1 and len(w) == 1 and w.isupper() and doc.text.startswith(".", end):
            end += 1  # "Hunter, Jason M."
        self.emit_chars(start, end, i, j, label, score)

    def emit_chars(self, start: int, end: int, i: int, j: int, label: str, score: float) -> None:
        """Tag the characters start..end, which cover tokens i..j-1 (a street with its house number)."""
        for t in range(i, j):
            self.taken[t] = 1
        self.found.append(Found(i, j, label, score))
        self.spans.append(Span(start, end, label, "lexicon", score))

    def relabel(self, n: int, label: str) -> None:
        """Give the n-th span found another label (a name's label taken from a stronger mention)."""
        self.found[n] = self.found[n]._replace(label=label)
        self.spans[n] = self.spans[n].with_label(label)

    def free(self, i: int, j: int) -> bool:
        """Tokens i..j-1 exist and no span covers any of them."""
        return 0 <= i and j <= self._doc.n and not any(self.taken[i:j])
