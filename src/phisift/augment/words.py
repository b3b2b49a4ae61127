"""Which words of an annotated note the training-data tools may touch.

Filtered BERT replaces ordinary words and must leave function words alone (a
swapped "de" or "the" makes ungrammatical sentences and teaches a tagger nothing)
and, unless asked, PHI; neighbour pseudonymisation replaces PHI words only and
must never put one patient's name into another's note. Both need the same three
facts about a token: is it a word, is it a stop word, and where does it stand
relative to the annotated spans. They live here so both methods answer them alike.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from ..document import Document, Span
from ..text import ENGLISH_STOPWORDS, Token, tokenize

# Spanish function words (articles, prepositions, pronouns, conjunctions, common
# forms of ser/estar/haber/tener), written out because NLTK would download its
# list and phisift never reaches for the network. Clinical Spanish (MEDDOCAN) and
# English notes are what phisift reads; other languages fall back to "any word".
SPANISH_STOPWORDS: frozenset[str] = frozenset(
    """
    a al algo algunas algunos ante antes como con contra cual cuales cuando de del desde donde dos
    durante e el él ella ellas ellos en entre era erais eran eras eres es esa esas ese eso esos esta
    está estaba estaban estado estamos están estar estas este esto estos estoy fue fuera fueron fui
    fuimos ha habéis había habían haber habia han has hasta hay he hemos la las le les lo los más mas
    me mi mí mis mucho muchos muy nada ni no nos nosotros o os otra otras otro otros para pero poco
    por porque que qué quien quienes se sea sean según ser si sí sido siendo sin sobre sois somos son
    su sus suya suyo también tanto te tenemos tener tengo ti tiene tienen todo todos tu tú tus un una
    uno unos vosotros y ya yo cada cual cuya cuyo dicha dicho dichos donde mismo misma mismos tras
    vez veces sino aunque mientras luego así aquí allí ahí ese esa tal tales
    """.split()
)

STOPWORDS: frozenset[str] = ENGLISH_STOPWORDS | SPANISH_STOPWORDS
"""Words Filtered BERT never replaces (English and Spanish function words)."""

_WORD = re.compile(r"^[^\W\d_][\w'’\-]*$")
_HAS_DIGIT = re.compile(r"\d")


def is_word(text: str) -> bool:
    """A token made of letters (with inner apostrophes or hyphens allowed), starting with a letter."""
    return bool(_WORD.match(text))


def is_content_word(text: str) -> bool:
    """A word Filtered BERT may replace: a word, not a stop word, longer than one letter."""
    return len(text) > 1 and is_word(text) and text.lower() not in STOPWORDS


def has_digit(text: str) -> bool:
    return bool(_HAS_DIGIT.search(text))


@dataclass(frozen=True)
class SpanIndex:
    """Where a token stands relative to a document's spans, in O(log n) per token.

    Spans sorted by start with the running maximum of their ends: the spans that
    start before a position reach past it exactly when that maximum does. Exact
    also for overlapping gold spans.
    """

    starts: tuple[int, ...]
    reach: tuple[int, ...]  # reach[i] = max end of the first i + 1 spans

    @classmethod
    def of(cls, spans: Iterable[Span]) -> "SpanIndex":
        ordered = sorted(spans)
        reach, top = [], -1
        for s in ordered:
            top = max(top, s.end)
            reach.append(top)
        return cls(tuple(s.start for s in ordered), tuple(reach))

    def _reach_before(self, pos: int) -> int:
        """Largest end among spans starting at or before ``pos`` (-1 when none)."""
        i = bisect_right(self.starts, pos) - 1
        return self.reach[i] if i >= 0 else -1

    def touches(self, start: int, end: int) -> bool:
        """Whether ``[start, end)`` shares a character with any (non-empty) span."""
        return self._reach_before(end - 1) > start

    def inside(self, start: int, end: int) -> bool:
        """Whether ``[start, end)`` lies wholly inside one span."""
        return self._reach_before(start) >= end


def span_tokens(text: str, span: Span) -> list[Token]:
    """The tokens of a span's own text, at document offsets.

    Tokenizing the span alone (not the note) keeps every token inside it even
    where an annotation cuts a token of the note (MEDDOCAN marks ``150679`` in
    ``nhc-150679``), so an edit never reaches past the span it rewrites.
    """
    return [Token(t.start + span.start, t.end + span.start, t.text) for t in tokenize(span.text_in(text))]


def phi_words(docs: Iterable[Document]) -> frozenset[str]:
    """Every word (lower case) that appears inside an annotated span anywhere in ``docs``."""
    found: set[str] = set()
    for doc in docs:
        for span in doc.spans:
            found.update(t.text.lower() for t in span_tokens(doc.text, span) if is_word(t.text))
    return frozenset(found)


def outside_counts(docs: Iterable[Document]) -> Counter[str]:
    """How often each word (lower case) occurs outside every annotated span of ``docs``."""
    counts: Counter[str] = Counter()
    for doc in docs:
        index = SpanIndex.of(doc.spans)
        counts.update(t.text.lower() for t in tokenize(doc.text)
                      if is_word(t.text) and not index.touches(t.start, t.end))
    return counts


def replaceable_tokens(doc: Document, tokens: Sequence[Token], include_phi: bool) -> list[int]:
    """Indices of the tokens Filtered BERT may replace in ``doc``.

    A content word outside every span; with ``include_phi`` also a content word
    wholly inside a span (never one that an annotation cuts, which would move
    the span's edge).
    """
    index = SpanIndex.of(doc.spans)
    chosen = []
    for i, tok in enumerate(tokens):
        if not is_content_word(tok.text):
            continue
        if index.touches(tok.start, tok.end):
            if not (include_phi and index.inside(tok.start, tok.end)):
                continue
        chosen.append(i)
    return chosen
