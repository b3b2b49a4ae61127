"""Word classes for neighbour pseudonymisation: a PHI word's neighbours are drawn within its own class.

Friedrich et al. (ACL 2019) replace a PHI word by a random one of its N nearest
neighbours in a word embedding trained on large general corpora, where a
surname's neighbours are surnames and a city's are cities: the draw keeps the
class implicitly. In a space that can be built offline from a clinical corpus it
does not (on MEDDOCAN, *años* became *insulino*, *Calle* a random surname,
*Hospital Universitario* *Hospitalarios Haukvalds*; docs/augment.md), and a
tagger trained on the result loses the words that tell what kind of PHI stands
there. So with ``draw="class"`` the N nearest neighbours are searched only among
the words of the word's own class, and one of them is drawn at random, as in
the paper (a kind word, below, by default in proportion to how often the
label's spans use each candidate, ``kind_draw="frequency"``):

* **kind words** say what kind of PHI stands there, not whose: phisift's cue
  classes (street types, hospital heads, relatives, age units, titles, number
  words: ``phisift.detect.tagger.cues``), function words, and words the corpus
  uses ``common`` times or more outside every span. One is replaced by another
  word of the same cue class (or function / common word) seen in spans of the
  same label (*años* -> *meses*, *Calle* -> *Avda*, *madre* -> *hermano*; a cue
  word with no other in the label's spans takes one of its class from the
  corpus's other spans, then one of its cue table). They are
  generic vocabulary, never a name: a word inside any name span of the corpus is
  never a common kind word nor, capitalised and a name there, a cue word (*Nieto*
  is a surname, *nieto* kin), and in a name only titles and function words are kind words; a
  kind word whose class has no other word in the label's spans takes another
  kind word of the label (*General* -> *Universitario*).
* **names**: a word of a name label, or any word of phisift's first-name or
  surname list, becomes a first name if it is a first name, a surname if it is a
  surname (either when both or neither);
* **places**: a word of a place label, or of the city list, becomes a city;
* the remaining words of streets, hospitals and institutions (*Gregorio*,
  *Castellana*) become names or cities, what such names are made of;
* anything else (a profession, a word of a label phisift has no class for) is
  drawn from the whole space, as before.

Name and place pools are phisift's lists without any PHI word form of the corpus,
so a name can never become another patient's. Kind pools are made of words seen
inside spans, which is why they are restricted to vocabulary that identifies no
one; the original word itself is never drawn.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable

import numpy as np

from ..document import Document
from .words import STOPWORDS, has_digit, is_word, outside_counts, span_tokens

DRAWS = ("class", "all")
NAME_LABELS = frozenset({"NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "PATIENT", "DOCTOR", "NAME",
                         "PERSON", "PER"})
PLACE_LABELS = frozenset({"TERRITORIO", "CITY", "STATE", "LOCATION", "LOC", "PROVINCE"})
PROPER_LABELS = frozenset({"CALLE", "STREET", "HOSPITAL", "INSTITUCION", "CENTRO_SALUD", "ORGANIZATION",
                           "LOCATION-OTHER"})


@lru_cache(maxsize=1)
def list_sets() -> dict[str, frozenset[str]]:
    """Lower-case words of phisift's first-name, surname and major-city lists (single words only)."""
    from ..detect.lexicon.wordlists import _read

    out = {}
    for pool, name in (("first", "first_names.txt"), ("last", "last_names.txt"), ("city", "cities_major.txt")):
        out[pool] = frozenset(w for line in _read(None, name) if is_word(w := line.split("\t")[0].strip().lower()))
    return out


@lru_cache(maxsize=1)
def _cue_words() -> dict[str, tuple[str, ...]]:
    """Cue class -> its words (the tagger's cue table: what a word announces)."""
    from ..detect.tagger.cues import _table

    grouped: dict[str, list[str]] = defaultdict(list)
    for word, cls in _table().items():
        if is_word(word) and len(word) > 1:
            grouped[cls].append(word)
    return {cls: tuple(words) for cls, words in grouped.items()}


def cue_of(key: str) -> str | None:
    from ..detect.tagger.cues import cue_class

    return cue_class(key) if len(key) > 1 else None


@dataclass
class Pool:
    """Words of one class and their unit vectors; ``keys`` are their normalised forms."""

    words: list[str]
    keys: list[str]
    matrix: np.ndarray

    def nearest(self, v: np.ndarray | None, n: int, avoid: str) -> list[str]:
        """The ``n`` words nearest to unit vector ``v`` (all when ``v`` is None), never one whose key is ``avoid``."""
        allowed = np.array([k != avoid for k in self.keys], dtype=bool)
        idx = np.flatnonzero(allowed)
        if idx.size == 0:
            return []
        if v is None or idx.size <= n:
            return [self.words[i] for i in idx]
        sims = self.matrix[idx] @ v
        top = np.argpartition(-sims, n - 1)[:n]
        top = top[np.lexsort((top, -sims[top]))]
        return [self.words[idx[i]] for i in top]


class WordClasses:
    """The class of each PHI word and the pools to draw from (see the module docstring)."""

    def __init__(self, vectors: Any, excluded: frozenset[str], kinds: dict[tuple[str, str], dict[str, str]],
                 common_words: frozenset[str], named: frozenset[str] = frozenset(),
                 name_like: frozenset[str] | None = None, alphabet: frozenset[str] | None = None) -> None:
        from .neighbours import _list_vectors, _vector, word_keys

        self.vectors = vectors
        self.common_words = common_words  # keys that are common kind words (never in a name span)
        self.named = named  # lower-case words inside name spans of the corpus
        # those of them that are names: a capitalised cue word among them is a name, not a cue
        self.name_like = named if name_like is None else name_like
        self.lists = list_sets()
        words, matrix = _list_vectors(vectors)
        members: dict[str, list[int]] = {"first": [], "last": [], "city": []}
        for i, w in enumerate(words):
            key = w.lower()
            if len(key) < 2 or not np.any(matrix[i]) or word_keys(key) & excluded:
                continue
            if alphabet is not None and not (key.isalpha() and set(key) <= alphabet):
                continue  # Aðalborgar, Ka-heng-chhī in a Spanish corpus: a shape its own names never have
            for pool in members:
                if key in self.lists[pool]:
                    members[pool].append(i)
        members["name"] = sorted(set(members["first"]) | set(members["last"]))
        members["proper"] = sorted(set(members["name"]) | set(members["city"]))
        unit = matrix / (np.linalg.norm(matrix, axis=1, keepdims=True) + 1e-12)
        self.pools: dict[str, Pool] = {}
        for name, idx in members.items():
            if idx:
                self.pools[name] = Pool([words[i] for i in idx], [phi_key_of(words[i]) for i in idx], unit[idx])
        self._vector = _vector
        self.kinds = {k: self._pool(v) for k, v in kinds.items() if v}
        self._cue_pools: dict[Any, Pool | None] = {}
        self._cache: dict[tuple[str, str], tuple[str, list[str]] | None] = {}
        self.seen: dict[str, Counter[str]] = defaultdict(Counter)  # label -> kind word key -> uses in its spans

    def weights(self, label: str, words: list[str]) -> np.ndarray:
        """Draw probabilities of kind words by how often spans of ``label`` use them (+1: unseen ones stay possible)."""
        counts = np.asarray([self.seen[label][phi_key_of(w)] + 1.0 for w in words])
        return counts / counts.sum()

    def _pool(self, by_key: dict[str, str]) -> Pool:
        words = list(by_key.values())
        rows = np.asarray([self._vector(self.vectors, w) for w in words], dtype=np.float32)
        rows /= np.linalg.norm(rows, axis=1, keepdims=True) + 1e-12
        return Pool(words, list(by_key), rows)

    def kind_of(self, label: str, word: str) -> str | None:
        """The kind sub-class of a word (cue class, ``stop`` or ``common``), or None when it is no kind word.

        In a name only titles and function words are kind words, and a capitalised cue word that
        stands in a name span of the corpus and is a name there (in phisift's name lists, or
        in name spans at least as often as in other spans) is a name wherever it stands (*Nieto*
        is a surname, *nieto* kin); one stray annotation does not make *Hospital* a name.
        """
        key = word.lower()
        if key in STOPWORDS:
            return "stop"
        cue = cue_of(key)
        if label in NAME_LABELS:
            return cue if cue == "title" else None
        if cue and (word.islower() or key not in self.name_like):
            return cue
        if key in self.common_words:
            return "common"
        return None

    def draw(self, label: str, word: str, n: int) -> tuple[str, list[str]] | None:
        """(class name, the word's ``n`` nearest candidates within its class), or None: draw from the whole space."""
        if (label, word) not in self._cache:
            self._cache[(label, word)] = self._draw(label, word, n)
        return self._cache[(label, word)]

    def _draw(self, label: str, word: str, n: int) -> tuple[str, list[str]] | None:
        key = word.lower()
        avoid = phi_key_of(key)
        kind = self.kind_of(label, word)
        if kind is not None:
            near = self._near(self.kinds.get((label, kind)), key, n, avoid)
            if not near and kind in _cue_words():  # the kind's words in the corpus's other spans, then its table
                near = (self._near(self._seen_pool(kind), key, n, avoid)
                        or self._near(self._cue_pool(kind), key, n, avoid))
            if not near and kind != "stop":  # the label's other kind words (General -> Universitario)
                near = self._near(self._label_pool(label), key, n, avoid)
            if not near and kind == "stop":  # function words of any span, then of the stop list
                near = self._near(self._stop_pool(), key, n, avoid)
            if near:
                return "kind:" + kind, near
        for name in self._proper_classes(label, key):
            near = self._near(self.pools.get(name), key, n, avoid)
            if near:
                return name, near
        return None

    def _proper_classes(self, label: str, key: str) -> list[str]:
        """Which list pools a non-kind word may be drawn from, most specific first."""
        first, last, city = (key in self.lists[p] for p in ("first", "last", "city"))
        name = ["first"] if first and not last else ["last"] if last and not first else []
        if label in NAME_LABELS:
            return name + ["name"]
        if label in PLACE_LABELS:
            return ["city"]
        if name or city:
            return name + (["name"] if first or last else []) + (["city"] if city else [])
        return ["proper"] if label in PROPER_LABELS else []

    def _near(self, pool: Pool | None, key: str, n: int, avoid: str) -> list[str]:
        if pool is None:
            return []
        v = self._vector(self.vectors, key)
        norm = float(np.linalg.norm(v))
        return pool.nearest(v / norm if norm else None, n, avoid)

    def _label_pool(self, label: str) -> Pool | None:
        """Every kind word (but function words) seen in spans of ``label``."""
        if ("*", label) not in self._cue_pools:
            merged = [p for (lab, kind), p in self.kinds.items() if lab == label and kind != "stop"]
            self._cue_pools[("*", label)] = Pool(
                [w for p in merged for w in p.words], [k for p in merged for k in p.keys],
                np.concatenate([p.matrix for p in merged])) if merged else None
        return self._cue_pools[("*", label)]

    def _seen_pool(self, kind: str) -> Pool | None:
        """The words of cue class ``kind`` seen in spans of any label: *Octubre* in a hospital's name becomes a
        month the corpus writes (*marzo*), not one of another language from the cue table (*March*)."""
        if ("seen", kind) not in self._cue_pools:
            seen = {k: w for (_, c), p in self.kinds.items() if c == kind for k, w in zip(p.keys, p.words)}
            self._cue_pools[("seen", kind)] = self._pool(seen) if seen else None
        return self._cue_pools[("seen", kind)]

    def _stop_pool(self) -> Pool:
        if "stop" not in self._cue_pools:
            seen = {k: w for (_, kind), p in self.kinds.items() if kind == "stop" for k, w in zip(p.keys, p.words)}
            if len(seen) < 2:
                seen = {phi_key_of(w): w for w in sorted(STOPWORDS) if len(w) > 1}
            self._cue_pools["stop"] = self._pool(seen)
        return self._cue_pools["stop"]

    def _cue_pool(self, kind: str) -> Pool:
        if kind not in self._cue_pools:
            self._cue_pools[kind] = self._pool({phi_key_of(w): w for w in _cue_words()[kind]})
        return self._cue_pools[kind]


def phi_key_of(word: str) -> str:
    from .neighbours import phi_key

    return phi_key(word)


def corpus_alphabet(docs: Iterable[Document], share: float = 1e-5) -> frozenset[str]:
    """The lower-case letters of the corpus's text, each at least ``share`` of its letters (and 10 times)."""
    counts: Counter[str] = Counter()
    for doc in docs:
        counts.update(c for c in doc.text.lower() if c.isalpha())
    floor = max(10, share * sum(counts.values()))
    return frozenset(c for c, n in counts.items() if n >= floor)


def fit_classes(docs: Iterable[Document], vectors: Any, excluded: frozenset[str], common: int,
                letters: bool = False) -> WordClasses:
    """Kind pools from the corpus's spans: per (label, kind), the kind words seen there, by normalised form.

    ``letters``: name and place pools keep only list words written in the corpus's own letters
    (``corpus_alphabet``) and with no hyphen or apostrophe, the shape of the words they replace.
    """
    from .neighbours import _CORE

    docs = list(docs)
    named: set[str] = set()  # words inside name spans: never a common kind word
    in_names: Counter[str] = Counter()
    in_others: Counter[str] = Counter()
    span_words: list[tuple[str, str]] = []
    for doc in docs:
        for span in doc.spans:
            label = span.label.upper()
            for t in span_tokens(doc.text, span):
                core = _CORE.match(t.text).group(2)
                if len(core) > 1 and is_word(core) and not has_digit(core):
                    span_words.append((label, core))
                    (in_names if label in NAME_LABELS else in_others)[core.lower()] += 1
                    if label in NAME_LABELS:
                        named.add(core.lower())
    counts = outside_counts(docs)
    common_words = frozenset(w for w, c in counts.items() if c >= common and w not in named) if common else frozenset()
    lists = list_sets()
    name_like = frozenset(w for w in named if w in lists["first"] or w in lists["last"] or in_names[w] >= in_others[w])
    classes = WordClasses(vectors, excluded, {}, common_words, frozenset(named), name_like,
                          corpus_alphabet(docs) if letters else None)
    kinds: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
    for label, core in span_words:
        kind = classes.kind_of(label, core)
        if kind is not None:
            kinds[(label, kind)].setdefault(phi_key_of(core), core)
            classes.seen[label][phi_key_of(core)] += 1
    classes.kinds = {k: classes._pool(v) for k, v in kinds.items()}
    return classes
