"""The lexicon detector: names, places, institutions and professions from word lists and cues.

It tokenises a text once (:class:`~.tokens.Tokens`), runs the ordered passes of
:mod:`.passes` over it, each claiming tokens in a shared :class:`~.state.PassState`,
and returns the spans they found.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ...document import Span
from .casing import MIXED, note_case, recase
from .passes import run_passes
from .repeats import SEED_SCORE, claim_spans, tag_repeats
from .state import PassState
from .tokens import Tokens
from .wordlists import load_lexicons


class LexiconDetector:
    """Names, places, institutions and professions from word lists and context cues.

    ``repeat``: run the repeated-name pass (:func:`names_in_document`) over each text.
    ``lexicon_dir``: read the word lists from this directory instead of the package.
    """

    name = "lexicon"

    def __init__(self, *, repeat: bool = True, lexicon_dir: str | Path | None = None) -> None:
        self.repeat = repeat
        self.lexicons = load_lexicons(str(lexicon_dir) if lexicon_dir else None)

    def detect(self, text: str) -> list[Span]:
        spans = self._run(text)
        mode = note_case(text)
        if mode != MIXED:
            # a note typed all in lowercase or capitals is read a second time through a recased
            # copy (same offsets); what that reading adds where the first found nothing is kept
            spans = _longest_first(spans + self._run(recase(text, mode, self.lexicons), recased=True))
        return sorted(spans)

    def _run(self, text: str, recased: bool = False) -> list[Span]:
        doc = Tokens(text, self.lexicons)
        if doc.n == 0:
            return []
        state = PassState(doc, recased=recased)
        run_passes(doc, state, repeat=self.repeat)
        return state.spans


def _longest_first(spans: list[Span]) -> list[Span]:
    """Two readings of one note merged: of overlapping spans the longest stays (the first reading's on a tie)."""
    kept: list[Span] = []
    for s in sorted(spans, key=lambda s: s.start - s.end):  # stable: the first reading wins ties
        if not any(k.start < s.end and s.start < k.end for k in kept):
            kept.append(s)
    return kept


def names_in_document(
    text: str,
    spans: Iterable[Span],
    *,
    min_score: float = SEED_SCORE,
    lexicon_dir: str | Path | None = None,
) -> list[Span]:
    """Further occurrences of the names in ``spans``: the second pass for any detector's output.

    Every word of a PATIENT or DOCTOR span with ``score >= min_score`` seeds a
    case-insensitive search for the same word, capitalised, elsewhere in ``text``;
    each new hit (not overlapping a given span) gets the seed's label and score
    ``REPEAT_SCORE``. Allowlisted words ("Grace", "Hall") are not repeated at the start
    of a sentence, and no repeat is taken before an eponym head ("Parkinson disease").
    """
    doc = Tokens(text, load_lexicons(str(lexicon_dir) if lexicon_dir else None))
    if doc.n == 0:
        return []
    state = PassState(doc)
    tag_repeats(doc, state, claim_spans(doc, state, spans, min_score))
    return sorted(state.spans)
