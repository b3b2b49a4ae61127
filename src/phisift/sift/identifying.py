"""Identifying words: the words of a note that point at it, by how few notes hold them.

A linkage attacker who holds the original notes matches a sifted note on its rare
words (TF-IDF gives them the most weight): a place, a machine's name, a date, a
time, a count. Algorithm 1 masks a word with a probability that falls right after
a mask and stops at half of the words, so many rare words stay, and the partner's
piece that the swap brings in carries the partner's rare words too (measured in
``docs/sift.md``: 96.5% of notes link to their own original or their partner).

With ``SiftConfig.mask_identifying`` every word that is *identifying* is masked
besides Algorithm 1's masks, in every note (and so inside the partner's piece, which
is the partner's own masked-and-filled text), and the fill-in draws only *common*
words, so no fill-in writes a rare word either:

* common: a word held by at least ``max(2, ceil(identifying_df * N))`` of the N
  notes of the fitted corpus (lower case), with or without digits;
* identifying: a word that is not common, any word holding a digit (times, dates,
  counts, ids: a digit is replaced even when the number is common, though the
  fill may then draw a common number), and the words of PHI found by the detectors
  (when ``whitelist_phi`` is on).

With ``SiftConfig.fill_in_cluster`` the fill-in of a note draws only words that do
not pull it to another cluster (``cluster_vocabularies``): a word whose TF-IDF term
weighs most in the note's own K-means centroid, or a word that is no TF-IDF term at
all (stop words, numbers). Masking more words then costs less of the note's
cluster, since what replaces them belongs to it.

``rare_carried`` is the report's independent check: of the rare words of the
originals a sifted note carries text of (its own and its swap partner's), how many
the sifted note still holds.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Sequence

from .lists import norm
from .masking import word_units


def min_notes(n_notes: int, share: float) -> int:
    """How many notes must hold a word for it to be common."""
    return max(2, math.ceil(share * n_notes))


def note_frequencies(texts: Iterable[str]) -> Counter[str]:
    """For each word (lower case), the number of notes holding it."""
    df: Counter[str] = Counter()
    for text in texts:
        df.update({norm(t.text) for t in word_units(text)})
    return df


def common_words(texts: Sequence[str], share: float) -> frozenset[str]:
    """The words held by at least ``min_notes(len(texts), share)`` of the notes."""
    least = min_notes(len(texts), share)
    return frozenset(w for w, c in note_frequencies(texts).items() if c >= least)


def is_identifying(word: str, common: frozenset[str]) -> bool:
    """A word that is not common, or that holds a digit."""
    w = norm(word)
    return w not in common or any(c.isdigit() for c in w)


def rare_carried(originals: Sequence[str], sifted: Sequence[str], sources: Sequence[Sequence[int]],
                 share: float = 0.01) -> dict[str, float | int | None]:
    """Rare words (not common among ``originals``) of each sifted note's sources still in the note.

    ``sources[i]`` are the indices of the originals whose text sifted note ``i``
    carries (its own, and its partner's when a piece was swapped in). A rare word
    counts once per note and source word form; it is carried when the sifted note
    holds the same word (case ignored) anywhere.
    """
    common = common_words(originals, share)
    rare_sets = [{norm(t.text) for t in word_units(text)} - common for text in originals]
    total = carried = notes_with = 0
    for text, srcs in zip(sifted, sources):
        words = {norm(t.text) for t in word_units(text)}
        rare = set().union(*(rare_sets[j] for j in srcs)) if srcs else set()
        hit = len(rare & words)
        total += len(rare)
        carried += hit
        notes_with += hit > 0
    n = len(sifted)
    return {"min_notes": min_notes(len(originals), share), "rare_words": total, "carried": carried,
            "carried_share": round(carried / total, 4) if total else None,
            "notes_carrying": notes_with, "notes_carrying_share": round(notes_with / n, 4) if n else None}


def cluster_vocabularies(clusters, words: Iterable[str]) -> list[frozenset[str]]:
    """For each K-means cluster, the ``words`` that do not pull a note to another cluster.

    A word whose stem is a TF-IDF term belongs to the cluster whose centroid gives the
    term the most weight (ties: the lowest cluster number); a word that is no term
    (stop words, numbers, words of the corpus the vectorizer dropped) belongs to all.
    """
    import numpy as np

    from .swap import _stemmer

    vocab = clusters.vectorizer.vocabulary_
    centers = np.asarray(clusters.kmeans.cluster_centers_)
    owner = np.argmax(centers, axis=0)
    words = sorted(words)
    stems = _stemmer().stemWords(words)
    out: list[set[str]] = [set() for _ in range(centers.shape[0])]
    for w, s in zip(words, stems):
        j = vocab.get(s)
        if j is None or not s.isalpha() or len(s) < 2:
            for group in out:
                group.add(w)
        else:
            out[int(owner[j])].add(w)
    return [frozenset(g) for g in out]

