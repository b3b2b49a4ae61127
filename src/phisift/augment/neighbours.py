"""Automatic pseudonymisation of training data: every PHI token moves to a random embedding neighbour.

Friedrich et al. (ACL 2019) make annotated notes shareable by replacing each
PHI token with a random one of its N nearest neighbours in a word-embedding
space: "Müller" becomes another surname, "Hamburg" another city, so a tagger
trained on the result still sees names where names go (F1 96.75 with N=100 on
their data, about 95 at N=500 and 90 at N=1000).

What is not a word for an embedding is replaced by its kind (issue 18.5):

* a **date** span (label ``DATE``/``FECHAS``) moves by one shift per document
  (``phisift.dates``, the parser and renderer ``phisift deid`` uses; day-first
  when the corpus's numeric dates say so), so intervals inside a note still hold;
* an **e-mail address** is replaced whole by one of the same shape (letters by
  letters, digits by digits; ``@``, dots and the top-level domain kept);
* a **closed class** keeps its class: sex (``H``/``M``, ``hombre``/``mujer``,
  ``male``/``female``) is drawn from its own values, a country from phisift's
  country list;
* any other token with digits gets random digits in the same places (letters in
  such a token, as in an ID, get random letters of the same case), redrawn while
  it equals a PHI token of the corpus;
* an initial (``J.``) becomes another letter, and the word part of ``St.``,
  ``García's`` or ``López-Sanz`` is replaced with its punctuation, possessive or
  hyphen kept: every PHI token is replaced.

The neighbour vocabulary leaves out every word that was ever labelled PHI in
the corpus being pseudonymised, compared by normalised form (case and accents
folded, possessive ``'s`` dropped, each part of a hyphenated word), so one
patient's name can never become another patient's (nor stay itself, nor come back
as ``García's`` or ``Sanz-García``). It is also limited to plain words (letters,
inner hyphens or apostrophes) so no tag, number or fragment is ever written.
Besides the words of the vectors (``vocabulary="corpus"``, the paper), the default
``vocabulary="both"`` adds phisift's own surrogate lists (first names, surnames,
major cities, countries), placed in the space by the vectors' sub-word n-grams,
so a name has name-like neighbours even when the corpus's vectors put it among
clinical words (``"lists"`` searches the lists alone). Within a document a word
always gets the same replacement, so "García ... Sra. García" keeps pointing at
one person; across documents the draws are independent.

By default (``draw="class"``, ``augment/classes.py``) a word's N nearest
neighbours are searched only among the words of its own class: list first names
or surnames for names, list cities for places, and for the words that tell the
kind of PHI (*años*, *Calle*, *Hospital*, *madre*, *de*) the other such words seen
in spans of the same label. On MEDDOCAN that takes the F1 cost of pseudonymised
training at N=100 from 5.7 to 1.7 points (docs/augment.md); ``draw="all"`` keeps
the whole-space draw.

Spans are re-aligned through ``document.rewrite``: edits are made token by token
inside each span, so a span ends where its last replacement ends.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator

import numpy as np

from ..document import SOURCE_PHI_META, Document, Edit, Span, rewrite_document
from ..errors import InputError, UsageError
from ..progress import Reporter, reporter_or_null
from ..text import Token, match_case
from ._common import Clock, document_rng, rate, rounded
from .classes import DRAWS, WordClasses, fit_classes
from .words import STOPWORDS, has_digit, is_word, outside_counts, span_tokens

VOCABULARIES = ("corpus", "lists", "both")
DATE_LABELS = frozenset({"DATE", "FECHAS"})
EMAIL_LABELS = frozenset({"EMAIL", "CORREO_ELECTRONICO"})
SEX_LABELS = frozenset({"SEXO_SUJETO_ASISTENCIA", "SEX", "GENDER"})
COUNTRY_LABELS = frozenset({"PAIS", "COUNTRY"})
ADDRESS_LABELS = frozenset({"TERRITORIO", "CALLE", "CITY", "STREET", "ZIP", "LOCATION", "LOC"})  # postcodes stand here
# the values of sex, by the form a note writes them in; "m" is Spanish "mujer" under a Spanish label
SEX_FORMS: tuple[tuple[str, ...], ...] = (("h", "m"), ("hombre", "mujer"), ("varón", "mujer"), ("varon", "mujer"),
                                          ("masculino", "femenino"), ("masculina", "femenina"), ("niño", "niña"),
                                          ("nino", "nina"), ("male", "female"), ("man", "woman"), ("boy", "girl"))
_EMAIL = re.compile(r"[^\s@]+@[^\s@]+\.[^\W\d_]{2,}")
_NUMERIC_DATE = re.compile(r"\b(\d{1,2})[/.-](\d{1,2})[/.-]\d{2,4}\b")
_CORE = re.compile(r"^(\W*)(.*?)(\W*)$", re.S)
# the kind words (augment/classes.py) that say what stands in a span and identify no one: they may stay
# with keep_kind (number words, months, weekdays and common words are values or may be part of a name: replaced)
KEPT_KINDS = frozenset({"stop", "title", "street", "place", "dept", "ageu", "kin"})
_SURROGATE_LISTS = ("first_names.txt", "last_names.txt", "cities_major.txt", "countries.txt")


def phi_key(word: str) -> str:
    """The normalised form PHI is compared by: lower case, accents folded, possessive 's dropped."""
    from ..detect.lexicon.wordlists import norm

    return norm(word.strip("'’"))


def word_keys(word: str) -> set[str]:
    """The keys of a word and of each part of it when hyphenated (``Sanz-García`` -> sanz-garcia, sanz, garcia)."""
    key = phi_key(word)
    return {key, *(phi_key(p) for p in re.split(r"[-‐–]", key) if p)} - {""}


def phi_keys(docs: Iterable[Document]) -> frozenset[str]:
    """The normalised forms (and hyphen parts) of every word inside an annotated span of ``docs``."""
    found: set[str] = set()
    for doc in docs:
        for span in doc.spans:
            for t in span_tokens(doc.text, span):
                core = _CORE.match(t.text).group(2)
                if core and not has_digit(core):
                    found |= word_keys(core)
    return frozenset(found)


def digit_tokens(docs: Iterable[Document]) -> frozenset[str]:
    """Every token with a digit inside an annotated span of ``docs`` (a random draw must not land on one)."""
    return frozenset(t.text for doc in docs for span in doc.spans for t in span_tokens(doc.text, span)
                     if has_digit(t.text))


def guess_dayfirst(docs: Iterable[Document]) -> bool:
    """Whether the corpus's numeric dates put the day first (a first field above 12 outvotes a second)."""
    day = month = 0
    for doc in docs:
        for span in doc.spans:
            if span.label.upper() in DATE_LABELS:
                for m in _NUMERIC_DATE.finditer(span.text_in(doc.text)):
                    day += int(m.group(1)) > 12
                    month += int(m.group(2)) > 12
    return day > month


@lru_cache(maxsize=1)
def surrogate_words() -> tuple[str, ...]:
    """phisift's own name and place lists, plain single words only (the PHI-like part of the space)."""
    from ..detect.lexicon.wordlists import _read

    seen: set[str] = set()
    out: list[str] = []
    for name in _SURROGATE_LISTS:
        for line in _read(None, name):
            w = line.split("\t")[0].strip()  # first_names.txt: name <tab> gender <tab> count
            if len(w) > 1 and is_word(w) and w.lower() not in seen:
                seen.add(w.lower())
                out.append(w)
    return tuple(out)


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
    vocabulary: str = "both"  # corpus (the vectors' words, the paper) | lists (phisift's surrogate lists) | both
    dayfirst: bool | None = None  # None: guessed from the corpus's numeric dates
    max_shift: int = 365  # a document's dates move by 1..max_shift days, forward or back
    draw: str = "class"  # class: the N nearest within the word's class (augment/classes.py) | all: the whole space
    kind_common: int = 5  # draw="class": a span word used this often outside every span is a kind word
    # draw="class": a kind word's replacement is drawn among its N nearest in proportion to how often the
    # label's spans use each ("frequency": "de" -> "del" more often than -> "las"), or "uniform" (the paper's draw)
    kind_draw: str = "frequency"
    # draw="class": the generic words of a span (function words, titles, street types, hospital and department
    # heads, age units, relatives: KEPT_KINDS) stay as written when the span has a word or number that
    # identifies (which still changes); a span made of generic words only ("su madre") is drawn as before
    keep_kind: bool = False
    # draw="class": names and places are drawn only among list words written in the corpus's own letters, with no
    # hyphen or apostrophe (no Aðalborgar or Ka-heng-chhī in Spanish notes)
    corpus_letters: bool = False

    def check(self) -> None:
        if (self.keep_kind or self.corpus_letters) and self.draw != "class":
            raise UsageError("--keep-kind and --corpus-letters need the class draw (--draw class)")
        if self.kind_draw not in ("uniform", "frequency"):
            raise UsageError(f"unknown kind-word draw '{self.kind_draw}'; choose uniform or frequency")
        if self.draw not in DRAWS:
            raise UsageError(f"unknown neighbour draw '{self.draw}'; choose class or all")
        if self.vocabulary not in VOCABULARIES:
            raise UsageError(f"unknown neighbour vocabulary '{self.vocabulary}'; choose corpus, lists or both")
        if self.max_shift < 1:
            raise UsageError("max_shift must be at least 1 day")
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
    dates_shifted: int = 0
    emails: int = 0
    closed_class: int = 0
    kept: int = 0
    kind_kept: int = 0
    no_vector: int = 0
    by_class: dict[str, int] = field(default_factory=dict)
    excluded_words: int = 0
    vocabulary: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return rounded({
            "documents": self.documents, "spans": self.spans, "words_replaced": self.words,
            "digit_tokens_replaced": self.digit_tokens, "dates_shifted": self.dates_shifted,
            "emails_replaced": self.emails, "closed_class_replaced": self.closed_class, "tokens_kept": self.kept,
            "kind_words_kept": self.kind_kept,
            "words_without_vector": self.no_vector, "phi_words_excluded": self.excluded_words,
            "neighbour_vocabulary": self.vocabulary, "words_by_class": dict(sorted(self.by_class.items())),
            "seconds": self.seconds, "cpu_seconds": self.cpu_seconds,
            "documents_per_second": rate(self.documents, self.seconds),
        })


def random_letter(letter: str, rng: np.random.Generator) -> str:
    """Another letter of the same case (an initial: ``J`` -> ``K``)."""
    pool = string.ascii_uppercase if letter.isupper() else string.ascii_lowercase
    choice = pool[int(rng.integers(25))]
    return choice if choice != letter else pool[25]


def email_like(address: str, rng: np.random.Generator) -> str:
    """An address of the same shape: each letter and digit redrawn, ``@``, dots and the top-level domain kept."""
    head, dot, tld = address.rpartition(".")
    return random_like(head, rng) + dot + tld if dot and "@" in head else random_like(address, rng)


def postcode_like(token: str, rng: np.random.Generator) -> str:
    """A Spanish postcode (five digits, province 01-52) becomes another one; any other token ``random_like``.

    Random digits would make half of them impossible postcodes (73156), which the address rules
    (their hits are tagger features) do not take for one: the class is kept, as for dates.
    """
    if len(token) == 5 and token.isdigit() and "01" <= token[:2] <= "52":
        return f"{int(rng.integers(1, 53)):02d}" + "".join(string.digits[int(rng.integers(10))] for _ in range(3))
    return random_like(token, rng)


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
        rows: list[np.ndarray] = []
        seen: set[str] = set()
        pools: list[tuple[list[str], np.ndarray | None]] = []
        if settings.vocabulary in ("corpus", "both"):
            pools.append(([str(w) for w in vectors.index_to_key[: settings.max_vocab]], None))
        if settings.vocabulary in ("lists", "both"):
            pools.append(_list_vectors(vectors))
        for pool, cached in pools:
            for i, word in enumerate(pool):
                key = word.lower()
                if key in seen or len(key) < 2 or not is_word(key) or word_keys(key) & excluded:
                    continue
                v = _vector(vectors, word) if cached is None else cached[i]
                if not np.any(v):
                    continue  # a list word the vectors cannot place
                seen.add(key)
                words.append(word)
                rows.append(v)
        if not words:
            raise InputError("the vectors hold no usable neighbour words once the corpus's PHI words are left out")
        self.words = words
        matrix = np.asarray(rows, dtype=np.float32)
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


def _list_vectors(vectors: Any) -> tuple[list[str], np.ndarray]:
    """The surrogate-list words and their vectors, computed once per vectors object (n-gram sums are slow)."""
    cached = getattr(vectors, "_phisift_list_vectors", None)
    if cached is None:
        words = list(surrogate_words())
        cached = (words, np.asarray([_vector(vectors, w) for w in words], dtype=np.float32))
        try:
            vectors._phisift_list_vectors = cached
        except AttributeError:
            pass
    return cached


def _vector(vectors: Any, word: str) -> np.ndarray:
    """The word's vector; a fastText model places unseen words by their n-grams; zeros when it cannot."""
    try:
        return np.asarray(vectors.get_vector(word), dtype=np.float32)
    except KeyError:
        try:
            return np.asarray(vectors.get_vector(word.lower()), dtype=np.float32)
        except KeyError:
            return np.zeros(vectors.vector_size, dtype=np.float32)


class NeighbourPseudonymiser:
    """Replaces the PHI of annotated documents by embedding neighbours (see the module docstring)."""

    def __init__(self, vectors: Any, excluded: frozenset[str], settings: NeighbourSettings = NeighbourSettings(),
                 common: frozenset[str] = frozenset(), digits: frozenset[str] = frozenset(),
                 dayfirst: bool = False, classes: WordClasses | None = None) -> None:
        self.index = NeighbourIndex(vectors, excluded, settings)
        self.classes = classes  # draw="class": where each word's neighbours are searched
        self.settings = settings
        self.common = common
        self.excluded = excluded
        self.digits = digits  # PHI tokens with digits: a random draw never lands on one
        self.dayfirst = dayfirst if settings.dayfirst is None else settings.dayfirst
        self.stats = NeighbourStats(excluded_words=len(excluded), vocabulary=len(self.index.words))

    @classmethod
    def fit(cls, docs: Iterable[Document], vectors: Any, settings: NeighbourSettings = NeighbourSettings()) -> "NeighbourPseudonymiser":
        """Exclude every PHI word of ``docs`` (the whole corpus, by normalised form) from the neighbours."""
        docs = list(docs)
        common: frozenset[str] = frozenset()
        if settings.keep_common:
            common = frozenset(w for w, c in outside_counts(docs).items() if c >= settings.keep_common)
        excluded = phi_keys(docs)
        classes = (fit_classes(docs, vectors, excluded, settings.kind_common, settings.corpus_letters)
                   if settings.draw == "class" else None)
        return cls(vectors, excluded, settings, common, digit_tokens(docs), guess_dayfirst(docs), classes)

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
        shift = int(rng.integers(1, self.settings.max_shift + 1)) * (1 if rng.random() < 0.5 else -1)
        chosen: dict[str, str] = {}
        edits: list[Edit] = []
        taken: list[tuple[int, int]] = []
        self.stats.documents += 1
        self.stats.spans += len(doc.spans)
        for span in sorted(doc.spans):
            if any(span.start < e and s < span.end for s, e in taken):  # overlapping gold spans: rewrite once
                continue
            whole = self._whole_span(doc.text, span, shift, rng)
            if whole is not None:
                taken.append((span.start, span.end))
                edits.append(Edit(span.start, span.end, whole))
                continue
            tokens = span_tokens(doc.text, span)
            generic = self._generic_tokens(tokens, span.label.upper()) if self.settings.keep_kind else set()
            for i, tok in enumerate(tokens):
                if any(tok.start < e and s < tok.end for s, e in taken):
                    continue
                if i in generic:
                    self.stats.kind_kept += 1
                    continue
                new = self._replacement(tok, rng, chosen, span.label.upper())
                if new is None or new == tok.text:
                    self.stats.kept += new is None and any(c.isalnum() for c in tok.text)
                    continue
                taken.append((tok.start, tok.end))
                edits.append(Edit(tok.start, tok.end, new))
        new_doc, _ = rewrite_document(doc, edits)
        meta = {k: v for k, v in doc.meta.items() if k not in SOURCE_PHI_META}  # a source's identifiers stay
        return Document(doc.id, new_doc.text, new_doc.spans, meta)

    def _generic_tokens(self, tokens: list[Token], label: str) -> set[int]:
        """Indices of a span's generic tokens that may stay (``keep_kind``).

        A token is generic when each word part of it is generic (``_generic_word``) or the ``C`` of
        ``C/``. The span's other tokens, which identify, are all replaced, so the span never comes
        back as it was. A span of generic words only ("su madre", "Hospital Universitario") keeps
        its function words and has its other words drawn within their class ("su padre"); one of
        function words only is drawn whole.
        """
        if self.classes is None:
            return set()
        generic: set[int] = set()
        function: set[int] = set()
        words = 0
        for i, tok in enumerate(tokens):
            before, core, after = _CORE.match(tok.text).groups()
            if not core:
                continue  # punctuation: stays anyway
            words += 1
            parts = [p for p in re.split(r"[-‐–]", core) if p]
            if has_digit(core) or not parts:
                continue
            if all(_generic_letter(p, after) if len(p) == 1 else self._generic_word(p, label) for p in parts):
                generic.add(i)
            if all(p.islower() and p in STOPWORDS for p in parts):
                function.add(i)
        if len(generic) < words:
            return generic
        return function if len(function) < words else set()

    def _generic_word(self, word: str, label: str) -> bool:
        """A kind word of ``KEPT_KINDS``, or a word ``phisift deid``'s surrogates may share with their original
        (``replace.generic``: institution and street heads, Central, General; in a name only titles and particles)."""
        from ..replace.generic import is_generic, is_name_generic
        from .classes import NAME_LABELS

        if self.classes is not None and self.classes.kind_of(label, word) in KEPT_KINDS:
            return True
        return is_name_generic(word) if label in NAME_LABELS else is_generic(word)

    def _whole_span(self, text: str, span: Span, shift: int, rng: np.random.Generator) -> str | None:
        """A span replaced as one piece by its kind (date, e-mail, closed class), or None."""
        value = span.text_in(text)
        label = span.label.upper()
        if value != value.strip():
            return None  # keep it simple: such spans go token by token
        if label in EMAIL_LABELS or _EMAIL.fullmatch(value):
            self.stats.emails += 1
            return email_like(value, rng)
        if label in DATE_LABELS:
            from ..dates import shift_date_text

            moved = shift_date_text(value, shift, self.dayfirst)
            if moved is not None and moved != value:
                self.stats.dates_shifted += 1
                return moved
            return None
        if label in SEX_LABELS:
            return self._closed(value, rng, _sex_values(value, label))
        if label in COUNTRY_LABELS:
            return self._closed(value, rng, _countries_like(len(value.split())))
        return None

    def _closed(self, value: str, rng: np.random.Generator, values: tuple[str, ...]) -> str | None:
        if not values:
            return None
        self.stats.closed_class += 1
        return match_case(values[int(rng.integers(len(values)))], value)

    def _replacement(self, tok: Token, rng: np.random.Generator, chosen: dict[Any, str], label: str) -> str | None:
        """A token's replacement: its word part by a neighbour (punctuation, 's and hyphens kept)."""
        if has_digit(tok.text):
            self.stats.digit_tokens += 1
            other = None  # never itself; another PHI token of the corpus only when 20 draws find nothing else
            for _ in range(20):  # (a one- or two-digit age: every such number is some note's PHI)
                new = postcode_like(tok.text, rng) if label in ADDRESS_LABELS else random_like(tok.text, rng)
                if new == tok.text:
                    continue
                other = other or new
                if new not in self.digits:
                    return new
            return other if other is not None else random_like(tok.text, rng)
        before, core, after = _CORE.match(tok.text).groups()
        if not core:
            return None  # punctuation inside a span stays
        possessive = ""
        if re.search(r"['’]s$", core, flags=re.I) and len(core) > 2:
            core, possessive = core[:-2], core[-2:]
        parts = re.split(r"([-‐–])", core)
        out = [p if i % 2 else self._word(p, rng, chosen, label) for i, p in enumerate(parts)]
        if any(p is None for p in out):
            return None
        return before + "".join(out) + possessive + after

    def _word(self, word: str, rng: np.random.Generator, chosen: dict[Any, str], label: str) -> str | None:
        if not word:
            return word
        if len(word) == 1:  # an initial
            self.stats.words += 1
            return random_letter(word, rng) if word.isalpha() else word
        key = word.lower()
        if key in self.common:
            return None
        drawn = self.classes.draw(label, word, self.settings.n) if self.classes is not None else None
        if drawn is not None:  # the N nearest within the word's class (one draw per class and word per note)
            name, near = drawn
            self.stats.by_class[name] = self.stats.by_class.get(name, 0) + 1
            if (name, key) not in chosen:
                if name.startswith("kind:") and self.settings.kind_draw == "frequency":
                    chosen[(name, key)] = near[int(rng.choice(len(near), p=self.classes.weights(label, near)))]
                else:
                    chosen[(name, key)] = near[int(rng.integers(len(near)))]
            return self._cased(chosen[(name, key)], word)
        if self.classes is not None:
            self.stats.by_class["space"] = self.stats.by_class.get("space", 0) + 1
        if key not in chosen:
            near = self.index.nearest(key) if is_word(key) else None
            if near is None:
                self.stats.no_vector += 1
                near = self.index.words
            chosen[key] = near[int(rng.integers(len(near)))]
        return self._cased(chosen[key], word)

    def _cased(self, new: str, word: str) -> str:
        """``new`` written with ``word``'s case pattern; a capitalised list word keeps its own case."""
        self.stats.words += 1
        if word[0].isupper() and not word.isupper() and any(c.isupper() for c in new):
            return new[0].upper() + new[1:]  # a capitalised name from the lists keeps its own case (Ehr-Rijad)
        return match_case(new.lower(), word)


def _generic_letter(letter: str, after: str) -> bool:
    """A one-letter token that says what stands there: the ``C`` of ``C/``, a lower-case ``y``/``a``/``e``/``o``."""
    return (letter.upper() == "C" and after.startswith("/")) or (letter.islower() and letter in STOPWORDS)


def _sex_values(value: str, label: str) -> tuple[str, ...]:
    """The values of sex in the form ``value`` is written in (the class it must stay in)."""
    key = value.strip().lower().rstrip(".")
    for form in SEX_FORMS:
        if key in form and not (key == "m" and label == "SEX"):
            return form
    if key in ("m", "f"):
        return ("m", "f")
    return ()


@lru_cache(maxsize=8)
def _countries_like(words: int) -> tuple[str, ...]:
    """Countries of ``words`` words (all when there are none), written as plain names, that are no list city or
    name (*Granada*, *Jordan*): a country stays a country of the same shape, not a place a tagger reads as a town."""
    from .classes import list_sets

    lists = list_sets()
    plain = [c for c in _countries() if re.fullmatch(r"[^\W\d_]+(?:[ .'-]+[^\W\d_]+)*\.?", c)
             and not any(c.lower() in lists[p] for p in ("city", "first", "last"))]
    same = tuple(c for c in plain if len(c.split()) == words)
    return same or tuple(plain) or _countries()


@lru_cache(maxsize=1)
def _countries() -> tuple[str, ...]:
    from ..detect.lexicon.wordlists import _read

    return tuple(w for w in _read(None, "countries.txt") if w.strip())
