"""Word items: what the rare-word method counts, one function per item kind.

A *word item* is the unit whose corpus count decides whether a word may stay
(patent WO2020074651). The same word occurrence can be seen as several
items, and each kind trades privacy against utility differently:

* ``token``    the word, case-normalised: ``Smith`` and ``SMITH`` are one item.
* ``position`` the word and its place in the sentence: ``^the`` (sentence-initial)
  is another item than ``the``, so a word that is only ever common in one role
  stays rare in the other.
* ``pattern``  the word with the shapes of the numbers or symbols next to it:
  ``Room 4B`` counts as ``room #A``, so "room" followed by a code is common even
  when every code is different; a word next to an unusual shape becomes rare.
* ``ngram``    a string of ``n`` consecutive words (not crossing punctuation or a
  line break): ``john smith`` is rare even when ``john`` and ``smith`` are not.
* ``stem``     the Snowball stem: ``hypertensive`` and ``hypertension`` share a count.

Only alphabetic word tokens are items (letters, with inner apostrophes or hyphens
and an abbreviation's final period); numbers, dates, codes and punctuation are the
rule detector's job and are never masked here.

Items are strings ``"<kind>:<value>"`` so that every kind shares one counter and
one confidence list without collisions.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, NamedTuple

from ...text import sentence_tokens, tokenize

KINDS = ("token", "position", "pattern", "ngram", "stem")
#: Kinds with exactly one item per word occurrence.
UNIGRAM_KINDS = ("token", "position", "pattern", "stem")
LANGUAGES = ("english", "spanish")

# A word: letters (with combining accents), inner ' ’ or hyphens, an optional final period.
_LETTER = r"[^\W\d_\u0300-\u036F]|[\u0300-\u036F]"
_WORD = re.compile(rf"(?:{_LETTER})+(?:['’‐‑-](?:{_LETTER})+)*\.?")
# Symbols that carry meaning next to a word ("#", "%", ...); ordinary punctuation does not.
_SHAPE_SYMBOLS = frozenset({"#", "%", "$", "@", "&", "+", "°", "º", "ª", "§", "€", "£"})
_SHAPE = re.compile(r"(\d+)|([^\W\d_]+)")
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class ItemSpec:
    """Which item kinds are counted, the n of word strings and the stemmer language."""

    kinds: tuple[str, ...] = ("token",)
    ngram: int = 2
    language: str = "english"

    def __post_init__(self) -> None:
        unknown = [k for k in self.kinds if k not in KINDS]
        if unknown or not self.kinds:
            raise ValueError(f"unknown item kind(s) {unknown or '(none given)'}; choose from {', '.join(KINDS)}")
        if len(set(self.kinds)) != len(self.kinds):
            raise ValueError(f"item kinds repeated: {list(self.kinds)}")
        if self.ngram < 2:
            raise ValueError(f"ngram must be at least 2, got {self.ngram}")
        if self.language not in LANGUAGES:
            raise ValueError(f"stem language must be one of {', '.join(LANGUAGES)}, got {self.language}")

    @property
    def needs_sentences(self) -> bool:
        return "position" in self.kinds

    @property
    def needs_shapes(self) -> bool:
        return "pattern" in self.kinds

    @property
    def unigram_kinds(self) -> tuple[str, ...]:
        return tuple(k for k in self.kinds if k in UNIGRAM_KINDS)


class Word(NamedTuple):
    """One word occurrence: offsets, normalised form and the context item kinds need."""

    start: int
    end: int
    norm: str  # lower case, as written otherwise ("o'brien", "dr.")
    initial: bool  # first word of its sentence
    left: str  # shape of an adjacent number/symbol before it, or ""
    right: str  # shape of an adjacent number/symbol after it, or ""
    run: int  # words of one run have no punctuation or line break between them


def is_word(token: str) -> bool:
    """Whether a token is a word item (and so may be masked by the frequency detector)."""
    return _WORD.fullmatch(token) is not None


def shape(token: str) -> str:
    """A number or code reduced to its shape: ``4B`` -> ``#A``, ``12/03`` -> ``#/#``."""
    return _SHAPE.sub(lambda m: "#" if m.group(1) else ("A" if m.group(2)[0].isupper() else "a"), token)


def _shape_of(token: str) -> str:
    """The shape of a neighbouring token when it is a number, code or meaningful symbol, else ""."""
    if token in _SHAPE_SYMBOLS or _DIGIT.search(token):
        return shape(token)
    return ""


def words(text: str, need_sentences: bool = False, need_shapes: bool = True) -> list[Word]:
    """The word occurrences of ``text`` with their context, in order.

    Sentence starts and neighbour shapes are only computed when asked for (the
    sentence splitter costs about as much again as the tokenizer); without them
    ``initial`` is always False and ``left``/``right`` are empty.
    """
    if need_sentences:
        groups = sentence_tokens(text)
    else:
        groups = [tokenize(text)]
    out: list[Word] = []
    run = 0
    for group in groups:
        first_word = True
        run += 1
        n = len(group)
        for i, tok in enumerate(group):
            t = tok.text
            if not is_word(t):
                run += 1  # punctuation, numbers and codes break a word string
                continue
            if out and out[-1].run == run and "\n" in text[out[-1].end : tok.start]:
                run += 1
            if need_shapes:
                left = _shape_of(group[i - 1].text) if i > 0 else ""
                right = _shape_of(group[i + 1].text) if i + 1 < n else ""
            else:
                left = right = ""
            out.append(Word(tok.start, tok.end, t.lower(), need_sentences and first_word, left, right, run))
            first_word = False
    return out


@lru_cache(maxsize=4)
def _stemmer(language: str):
    import snowballstemmer

    return snowballstemmer.stemmer(language)


@lru_cache(maxsize=1 << 17)
def stem(norm: str, language: str = "english") -> str:
    """Snowball stem of a normalised word (an abbreviation's period is dropped first)."""
    return _stemmer(language).stemWord(norm.rstrip("."))


def token_item(w: Word) -> str:
    return "token:" + w.norm


def unigram_item(kind: str, w: Word, spec: ItemSpec) -> str:
    """The item of one word occurrence for a one-item-per-word kind."""
    if kind == "token":
        return "token:" + w.norm
    if kind == "position":
        return ("position:^" if w.initial else "position:") + w.norm
    if kind == "pattern":
        return "pattern:" + " ".join(p for p in (w.left, w.norm, w.right) if p)
    if kind == "stem":
        return "stem:" + stem(w.norm, spec.language)
    raise ValueError(f"{kind} is not a one-item-per-word kind")


def ngrams(ws: list[Word], n: int) -> Iterable[tuple[int, str]]:
    """``(index of first word, item)`` for each string of ``n`` words within one run."""
    for i in range(len(ws) - n + 1):
        if ws[i].run == ws[i + n - 1].run:
            yield i, "ngram:" + " ".join(w.norm for w in ws[i : i + n])


def document_items(text: str, spec: ItemSpec) -> list[str]:
    """Every item occurrence of one document, all selected kinds together.

    ``token`` items are always included: besides being the default kind they are
    the yardstick of the share of text kept and pick the word to mask in a rare
    word string.
    """
    ws = words(text, spec.needs_sentences, spec.needs_shapes)
    items = [token_item(w) for w in ws]
    for kind in spec.unigram_kinds:
        if kind != "token":
            items.extend(unigram_item(kind, w, spec) for w in ws)
    if "ngram" in spec.kinds:
        items.extend(item for _, item in ngrams(ws, spec.ngram))
    return items


def count_items(texts: Iterable[str], spec: ItemSpec = ItemSpec()) -> Counter:
    """Counts of the items of some documents: the map step of the corpus reduce.

    Takes texts (not Documents) so a worker process or a Spark partition needs
    nothing but strings; combine the results with ``merge``.
    """
    counts: Counter = Counter()
    for text in texts:
        counts.update(document_items(text, spec))
    return counts


def merge(a: Counter, b: Counter) -> Counter:
    """The reduce step: ``a`` updated in place with ``b`` (associative and commutative)."""
    a.update(b)
    return a
