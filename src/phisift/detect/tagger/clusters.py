"""Word clusters built from the training text itself, for the CRF's cluster features.

A CRF trained on a few hundred notes has seen most words once or never; what a
rare word shares with frequent ones (a surname with other surnames, "cuñada" with
"hermana", a street word with "calle") is what carries its weight over. Word
clusters give it that, as Brown clusters did for the NER CRFs of the 2000s: the
word's cluster at three granularities, the finest first, nested as Brown prefixes
are (each coarse cluster is a union of fine ones).

How: fastText skip-gram vectors (gensim, one worker thread and a fixed seed, so the
same text gives the same clusters) over the lower-cased pieces of the training
notes, every word kept (``min_count`` 1: the character n-grams give a word seen
once a vector near words that look like it), then k-means over the unit vectors
(``levels[0]`` clusters) and k-means again over those clusters' centres for the
coarser levels. Only the training text is read, so ``phisift train TRAIN`` needs
no vectors file; the word -> clusters map is stored in the model folder as keyed
digests (``ClusterMap.digested``), like the gazetteer, so it lists no training word.

Needs gensim and scikit-learn (``phisift[lm]``).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from ...document import Document
from .pieces import sentence_pieces

__all__ = ["ClusterSettings", "ClusterMap", "build_clusters", "cluster_map_from_json"]

#: How a cluster map saved with a model stores its words: keyed BLAKE2b digests, 96 bits.
CLUSTER_DIGEST = "blake2b-96"


@dataclass(frozen=True)
class ClusterSettings:
    """Everything that decides the clusters built from the training text."""

    levels: tuple[int, ...] = (512, 128, 32)  # clusters per level, finest first
    dim: int = 100
    epochs: int = 10
    window: int = 5

    def as_dict(self) -> dict[str, Any]:
        return {"levels": list(self.levels), "dim": self.dim, "epochs": self.epochs, "window": self.window}


def training_sentences(docs: Iterable[Document]) -> list[list[str]]:
    """The lower-cased pieces holding a letter, one list per sentence: what the vectors are trained on."""
    out: list[list[str]] = []
    for doc in docs:
        for sent in sentence_pieces(doc.text):
            words = [p.text.lower() for p in sent if any(c.isalpha() for c in p.text)]
            if words:
                out.append(words)
    return out


def build_clusters(docs: Sequence[Document], settings: ClusterSettings = ClusterSettings(), seed: int = 0) -> dict[str, str]:
    """Word -> "fine|mid|coarse" cluster ids for every word of ``docs`` (see the module docstring).

    Raises ImportError when gensim or scikit-learn is missing.
    """
    import numpy as np
    from gensim.models import FastText
    from sklearn.cluster import KMeans, MiniBatchKMeans

    sentences = training_sentences(docs)
    if not sentences:
        return {}
    vocab = {w for s in sentences for w in s}
    model = FastText(vector_size=settings.dim, window=settings.window, min_count=1, sg=1, negative=5,
                     min_n=3, max_n=6, bucket=min(2_000_000, max(10_000, 10 * len(vocab))),
                     seed=seed, workers=1, epochs=settings.epochs)
    model.build_vocab(corpus_iterable=sentences)
    model.train(corpus_iterable=sentences, total_examples=len(sentences), epochs=settings.epochs)
    words = sorted(vocab)
    arr = np.asarray([model.wv[w] for w in words], dtype="float64")
    arr /= np.linalg.norm(arr, axis=1, keepdims=True) + 1e-9
    k = max(2, min(settings.levels[0], len(words) // 2)) if len(words) >= 4 else 1
    if k == 1:
        return {w: "|".join("0" for _ in settings.levels) for w in words}
    fine = MiniBatchKMeans(n_clusters=k, random_state=seed, n_init=3, batch_size=2048).fit(arr)
    columns = [fine.labels_]
    centres = fine.cluster_centers_
    for n in settings.levels[1:]:
        n = max(1, min(n, len(centres) // 2))
        coarse = KMeans(n_clusters=n, random_state=seed, n_init=3).fit(centres).labels_ if n > 1 \
            else np.zeros(len(centres), dtype=int)
        columns.append(coarse[fine.labels_])
    return {w: "|".join(str(int(col[i])) for col in columns) for i, w in enumerate(words)}


def _digest(key: bytes, word: str) -> str:
    return hashlib.blake2b(word.encode("utf-8"), key=key, digest_size=12).hexdigest()


class ClusterMap(Mapping[str, str]):
    """A word -> clusters map whose words are keyed digests: ``get(word)`` works, listing the words does not.

    Iterating yields the digests; what a model folder stores is ``as_dict()``.
    """

    def __init__(self, key: bytes, digests: Mapping[str, str]) -> None:
        self.key = key
        self._map = dict(digests)
        self._lookup = lru_cache(maxsize=1 << 17)(self._find)

    @classmethod
    def digested(cls, words: Mapping[str, str], key: bytes | None = None) -> "ClusterMap":
        key = key or os.urandom(16)
        return cls(key, {_digest(key, w): c for w, c in words.items()})

    def _find(self, word: str) -> str | None:
        return self._map.get(_digest(self.key, word))

    def get(self, word: str, default: Any = None) -> Any:  # type: ignore[override]
        found = self._lookup(word)
        return default if found is None else found

    def __getitem__(self, word: str) -> str:
        found = self._lookup(word)
        if found is None:
            raise KeyError(word)
        return found

    def __iter__(self):
        return iter(self._map)

    def __len__(self) -> int:
        return len(self._map)

    def as_dict(self) -> dict[str, Any]:
        return {"digest": CLUSTER_DIGEST, "key": self.key.hex(), "words": self._map}

    def __reduce__(self):
        return (ClusterMap, (self.key, self._map))


def cluster_map_from_json(data: Any) -> Mapping[str, str]:
    """What ``clusters.json`` holds: a keyed-digest map (``ClusterMap.as_dict``) or a plain word -> cluster map
    (``--vectors`` models)."""
    if isinstance(data, dict) and "digest" in data:
        if data["digest"] != CLUSTER_DIGEST:
            raise ValueError(f"unknown cluster digest {data['digest']!r}")
        return ClusterMap(bytes.fromhex(data["key"]), {str(k): str(v) for k, v in data["words"].items()})
    if not isinstance(data, dict):
        raise ValueError("clusters.json must hold an object")
    return {str(k): str(v) for k, v in data.items()}
