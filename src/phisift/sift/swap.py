"""The swap: a part of each note is exchanged with the same part of a similar note.

Fitting (over the corpus): TF-IDF vectors of the stemmed notes (scikit-learn), Mini-Batch
K-means into K clusters (seeded). Partner choice (per note, its own seeded
generator): sample ``min(pool, cluster size - 1)`` other notes of its cluster,
order them by cosine distance to it, and draw the partner at random from the
nearest ``nearest`` share (at least one). The swap itself then replaces, by method:

``rake``          the note's q-th RAKE keyphrase by the partner's q-th keyphrase;
``rake-position`` everything from the note's top RAKE phrase to its end by the
                  partner's text from its top phrase to its end;
``textrank``      the note's q-th TextRank summary sentence by the partner's.

A note without the piece (fewer than q phrases, no partner) is left as it is and
counted in the report.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from ..document import Edit
from .keyphrases import rake_keyphrase, textrank_sentence
from .lists import DEFAULT_BLACKLIST

METHODS = ("none", "rake", "rake-position", "textrank")
# Words of two letters or more without digits, as the published code keeps only
# English words (its check against NLTK's word list needs a download and is left out).
TOKEN_PATTERN = r"(?u)\b[^\W\d_]{2,}\b"
_WORD = re.compile(TOKEN_PATTERN)


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer

    return snowballstemmer.stemmer("english")


def stemmed_words(text: str) -> list[str]:
    """The TF-IDF terms of a note: lower-case words, stop words out, stemmed as in the published code.

    The published code uses NLTK's Porter stemmer; this is its successor, Snowball
    English (Porter2), which phisift ships with. Stemming makes the clusters hold up
    when a refilled word changes "lacerated" to "laceration".
    """
    return _stemmer().stemWords([w for w in _WORD.findall(text.lower()) if w not in DEFAULT_BLACKLIST])


@dataclass
class ClusterModel:
    """TF-IDF vectorizer and Mini-Batch K-means fitted on the corpus."""

    vectorizer: Any
    kmeans: Any

    def vectors(self, texts: Sequence[str]):
        return self.vectorizer.transform(texts)

    def clusters(self, texts: Sequence[str]) -> np.ndarray:
        X = self.vectors(texts)
        with _few_threads(X.shape[0]):
            return self.kmeans.predict(X)


def fit_clusters(texts: Sequence[str], k: int, seed: int, max_features: int = 50_000) -> tuple[ClusterModel, Any, np.ndarray]:
    """Vectorizer and K-means fitted on ``texts``; also their TF-IDF matrix and cluster labels.

    K is lowered for a small corpus: to half the number of notes, and to the number of
    distinct vectors.
    """
    from sklearn.cluster import MiniBatchKMeans
    from sklearn.feature_extraction.text import TfidfVectorizer

    vec = TfidfVectorizer(analyzer=stemmed_words, min_df=2 if len(texts) >= 50 else 1, max_features=max_features)
    try:
        X = vec.fit_transform(texts)
    except ValueError:  # no word survives (tiny or empty corpus): keep every word
        vec = TfidfVectorizer(lowercase=True, token_pattern=r"(?u)\b\w+\b")
        X = vec.fit_transform([t if t.strip() else "empty" for t in texts])
    k = max(1, min(k, len(texts) // 2))  # on average two notes a cluster at least, so notes have partners
    if len(texts) < 20 * k:  # a small corpus may hold fewer distinct notes than clusters
        distinct = len({(tuple(row.indices), tuple(np.round(row.data, 6))) for row in X})
        k = max(1, min(k, distinct))
    km = MiniBatchKMeans(n_clusters=k, random_state=seed, n_init=3, batch_size=1024)
    with _few_threads(X.shape[0]):
        labels = km.fit_predict(X)
    return ClusterModel(vec, km), X, np.asarray(labels)


def _few_threads(n: int):
    """One OpenMP thread for small corpora: thread start-up costs more than it saves there."""
    from contextlib import nullcontext

    if n > 20_000:
        return nullcontext()
    from threadpoolctl import threadpool_limits

    return threadpool_limits(limits=1)


def choose_partner(i: int, X: Any, members: np.ndarray, rng: np.random.Generator, pool: int = 1000,
                   nearest: float = 0.1) -> int | None:
    """A partner for note ``i`` among ``members`` (indices of its cluster, ``i`` may be among them)."""
    candidates = partner_candidates(i, X, members, rng, pool, nearest, more=False)
    return candidates[0] if candidates else None


def partner_candidates(i: int, X: Any, members: np.ndarray, rng: np.random.Generator, pool: int = 1000,
                       nearest: float = 0.1, more: bool = True) -> list[int]:
    """The partner Algorithm 1 draws for note ``i``, then (``more``) the other notes of the nearest share.

    Sample ``min(pool, cluster size - 1)`` other notes of the cluster, order them by
    cosine distance to ``i`` and draw one of the nearest ``ceil(nearest * n)`` at
    random: that is the first candidate, the same whatever ``more`` says, since the
    rest are put in a random order by draws made after it. A swap that must keep the
    note in its cluster (``SiftConfig.swap_in_cluster``) tries them in this order.
    """
    others = members[members != i]
    if len(others) == 0:
        return []
    n = min(pool, len(others))
    sample = np.sort(rng.choice(others, size=n, replace=False))
    sims = (X[sample] @ X[i].T).toarray().ravel() if hasattr(X, "tocsr") else np.asarray(X[sample] @ X[i]).ravel()
    dist = 1.0 - sims
    order = np.argsort(dist, kind="stable")
    r = max(1, math.ceil(nearest * n))
    first = int(rng.integers(r))
    if not more:
        return [int(sample[order[first]])]
    rest = [k for k in range(r) if k != first]
    return [int(sample[order[first]])] + [int(sample[order[rest[k]]]) for k in rng.permutation(len(rest))]


def swap_edit(method: str, text: str, partner: str, q: int = 1, stopwords: frozenset[str] = DEFAULT_BLACKLIST,
              ratio: float = 0.2) -> Edit | None:
    """The edit of ``text`` that brings in the partner's piece, or None when either note lacks it."""
    if method == "none":
        return None
    if method == "rake":
        mine, theirs = rake_keyphrase(text, q, stopwords), rake_keyphrase(partner, q, stopwords)
        if mine is None or theirs is None:
            return None
        return Edit(mine.start, mine.end, partner[theirs.start : theirs.end])
    if method == "rake-position":
        mine, theirs = rake_keyphrase(text, 1, stopwords), rake_keyphrase(partner, 1, stopwords)
        if mine is None or theirs is None:
            return None
        return Edit(mine.start, len(text), partner[theirs.start :])
    if method == "textrank":
        mine, theirs = textrank_sentence(text, q, ratio), textrank_sentence(partner, q, ratio)
        if mine is None or theirs is None:
            return None
        return Edit(mine[0], mine[1], partner[theirs[0] : theirs[1]])
    raise ValueError(f"unknown swap method '{method}'; choose one of {', '.join(METHODS)}")
