"""Automatic pseudonymisation of training data: every PHI token moves to a random embedding neighbour.

Friedrich et al. (ACL 2019) make annotated notes shareable by replacing each
PHI token with a random one of its N nearest neighbours in a word-embedding
space: "Müller" becomes another surname, "Hamburg" another city, so a tagger
trained on the result still sees names where names go (F1 96.75 with N=100 on
their data, about 95 at N=500 and 90 at N=1000). Digits carry no meaning a
neighbour could keep, so a token with digits gets random digits in the same
places (letters in such a token, as in an ID, get random letters of the same case).

The neighbour vocabulary leaves out every word that was ever labelled PHI in
the corpus being pseudonymised, so one patient's name can never become another
patient's (nor stay itself). It is also limited to plain words (letters, inner
hyphens or apostrophes) so no tag, number or fragment is ever written. Within a
document a word always gets the same replacement, so "García ... Sra. García"
keeps pointing at one person; across documents the draws are independent.

Spans are re-aligned through ``document.rewrite``: edits are made token by token
inside each span, so a span ends where its last replacement ends.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

import numpy as np

from ..document import Document, Edit, rewrite_document
from ..errors import InputError, UsageError
from ..progress import Reporter, reporter_or_null
from ..sift.fill import match_case
from ..text import Token
from ._common import Clock, document_rng, rate, rounded
from .words import has_digit, is_word, outside_counts, phi_words, span_tokens


@dataclass(frozen=True)
class NeighbourSettings:
    """``n``: neighbours to draw from; ``max_vocab``: the most frequent words of the vectors searched.

    ``keep_common``: 0 (the paper) replaces every word inside a span; K > 0 keeps a
    word inside a span when the corpus has it K times or more outside every span
    (``años`` in "70 años", ``de marzo de``, ``Hospital``, ``mujer``): such words say
    what kind of PHI stands there, not who it is, and a tagger learns from them. A
    name that is also an ordinary word of the corpus then stays too.
    """

    n: int = 100
    seed: int = 0
    max_vocab: int = 200_000
    keep_common: int = 0

    def check(self) -> None:
        if self.n < 1:
            raise UsageError("--n must be at least 1")
        if self.max_vocab < 1:
            raise UsageError("--max-vocab must be at least 1")
        if self.keep_common < 0:
            raise UsageError("--keep-common must be 0 (replace every word) or more")


@dataclass
class NeighbourStats:
    documents: int = 0
    spans: int = 0
    words: int = 0
    digit_tokens: int = 0
    kept: int = 0
    no_vector: int = 0
    excluded_words: int = 0
    vocabulary: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return rounded({
            "documents": self.documents, "spans": self.spans, "words_replaced": self.words,
            "digit_tokens_replaced": self.digit_tokens, "tokens_kept": self.kept,
            "words_without_vector": self.no_vector, "phi_words_excluded": self.excluded_words,
            "neighbour_vocabulary": self.vocabulary, "seconds": self.seconds, "cpu_seconds": self.cpu_seconds,
            "documents_per_second": rate(self.documents, self.seconds),
        })


def random_like(token: str, rng: np.random.Generator) -> str:
    """Each digit replaced by a random digit, each letter by a random letter of the same case; the rest kept."""
    out = []
    for c in token:
        if c.isdigit():
            out.append(string.digits[int(rng.integers(10))])
        elif c.isalpha():
            pool = string.ascii_uppercase if c.isupper() else string.ascii_lowercase
            out.append(pool[int(rng.integers(26))])
        else:
            out.append(c)
    return "".join(out)


class NeighbourIndex:
    """Nearest words among an allowed vocabulary, by cosine similarity, cached per word."""

    def __init__(self, vectors: Any, excluded: frozenset[str], settings: NeighbourSettings) -> None:
        settings.check()
        self.vectors = vectors
        self.settings = settings
        words: list[str] = []
        seen: set[str] = set()
        for word in vectors.index_to_key[: settings.max_vocab]:
            key = str(word).lower()
            if key in seen or key in excluded or len(key) < 2 or not is_word(key):
                continue
            seen.add(key)
            words.append(str(word))
        if not words:
            raise InputError("the vectors hold no usable neighbour words once the corpus's PHI words are left out")
        self.words = words
        matrix = np.asarray([vectors.get_vector(w) for w in words], dtype=np.float32)
        matrix /= np.linalg.norm(matrix, axis=1, keepdims=True) + 1e-12
        self.matrix = matrix
        self._cache: dict[str, list[str] | None] = {}

    def nearest(self, word: str) -> list[str] | None:
        """The ``n`` nearest allowed words (never ``word`` itself); None when ``word`` has no vector."""
        key = word.lower()
        if key not in self._cache:
            try:
                v = np.asarray(self.vectors.get_vector(key), dtype=np.float32)
            except KeyError:
                self._cache[key] = None
                return None
            norm = float(np.linalg.norm(v))
            if norm == 0.0:
                self._cache[key] = None
                return None
            sims = self.matrix @ (v / norm)
            n = min(self.settings.n, len(self.words))
            top = np.argpartition(-sims, n - 1)[:n] if n < len(self.words) else np.arange(len(self.words))
            top = top[np.lexsort((top, -sims[top]))]  # by similarity, ties by vocabulary rank: stable
            self._cache[key] = [self.words[i] for i in top]
        return self._cache[key]


class NeighbourPseudonymiser:
    """Replaces the PHI of annotated documents by embedding neighbours (see the module docstring)."""

    def __init__(self, vectors: Any, excluded: frozenset[str], settings: NeighbourSettings = NeighbourSettings(),
                 common: frozenset[str] = frozenset()) -> None:
        self.index = NeighbourIndex(vectors, excluded, settings)
        self.settings = settings
        self.common = common
        self.stats = NeighbourStats(excluded_words=len(excluded), vocabulary=len(self.index.words))

    @classmethod
    def fit(cls, docs: Iterable[Document], vectors: Any, settings: NeighbourSettings = NeighbourSettings()) -> "NeighbourPseudonymiser":
        """Exclude every PHI word of ``docs`` (the whole corpus) from the neighbour vocabulary."""
        docs = list(docs)
        common: frozenset[str] = frozenset()
        if settings.keep_common:
            common = frozenset(w for w, c in outside_counts(docs).items() if c >= settings.keep_common)
        return cls(vectors, phi_words(docs), settings, common)

    @classmethod
    def from_path(cls, docs: Iterable[Document], vectors: str | Path, settings: NeighbourSettings = NeighbourSettings()) -> "NeighbourPseudonymiser":
        from ..lm import load_vectors

        settings.check()
        return cls.fit(docs, load_vectors(vectors), settings)

    def pseudonymise_all(self, docs: Iterable[Document], reporter: Reporter | None = None) -> Iterator[Document]:
        """Each document pseudonymised; ``reporter`` is advanced by one per document."""
        say = reporter_or_null(reporter)
        clock = Clock()
        try:
            for doc in docs:
                yield self.pseudonymise(doc)
                say.advance(1)
        finally:
            self.stats.seconds += clock.wall()
            self.stats.cpu_seconds += clock.cpu()

    def pseudonymise(self, doc: Document) -> Document:
        """``doc`` with every PHI token replaced and its spans re-aligned (same id and metadata)."""
        rng = document_rng(self.settings.seed, doc.id)
        chosen: dict[str, str] = {}
        edits: list[Edit] = []
        taken: list[tuple[int, int]] = []
        self.stats.documents += 1
        self.stats.spans += len(doc.spans)
        for tok in self._phi_tokens(doc):
            if any(tok.start < e and s < tok.end for s, e in taken):  # overlapping gold spans: rewrite once
                continue
            new = self._replacement(tok, rng, chosen)
            if new is None:
                self.stats.kept += 1
                continue
            taken.append((tok.start, tok.end))
            edits.append(Edit(tok.start, tok.end, new))
        new_doc, _ = rewrite_document(doc, edits)
        return Document(doc.id, new_doc.text, new_doc.spans, dict(doc.meta))

    @staticmethod
    def _phi_tokens(doc: Document) -> list[Token]:
        return sorted({t for span in doc.spans for t in span_tokens(doc.text, span)}, key=lambda t: (t.start, t.end))

    def _replacement(self, tok: Token, rng: np.random.Generator, chosen: dict[str, str]) -> str | None:
        if has_digit(tok.text):
            self.stats.digit_tokens += 1
            return random_like(tok.text, rng)
        if not is_word(tok.text):
            return None  # punctuation inside a span stays
        key = tok.text.lower()
        if key in self.common:
            return None
        if key not in chosen:
            near = self.index.nearest(key)
            if near is None:
                self.stats.no_vector += 1
                near = self.index.words
            chosen[key] = near[int(rng.integers(len(near)))]
        self.stats.words += 1
        return match_case(chosen[key].lower(), tok.text)
