"""Filtered BERT augmentation: new training sentences from a masked LM, kept only where fastText agrees.

Kang, Lee & Lee (Appl. Sci. 2021;11:3668) grow a small annotated corpus by
letting a masked language model rewrite words of each sentence, and keep a
proposed word only when its fastText vector is close (cosine similarity) to the
word it replaces, so that "dolor" may become "molestia" but not "fiebre" or a
stray fragment. Labels stay put because the edits go through
``document.rewrite``, which carries every gold span onto the new text.

**Rate.** The paper masks 5 words per 250-word instance (2% of the words). The
default ``unit="instance"`` does the same: a note is cut into instances of at most
250 words (``text.chunks`` without overlap, cut at a sentence start when one lies in
the second half), and an instance of ``n`` words gets ``words * n / 250`` masks,
rounded at random to a neighbouring whole number with that expectation (a 250-word
instance gets exactly 5, a 60-word note 1 or 2, 1.2 on average), so every note
is rewritten at the paper's 2% whatever its length. The old rates stay as options:
``unit="sentence"`` draws ``words`` words from *each sentence* (a sentence longer
than 250 words is cut into 250-word pieces): with 5 words about 44% of a clinical
note's words are replaced, ten times the paper's rate; ``unit="chunk"`` draws
``words`` words from each 250-word window, however short. In each unit the
content words are drawn at random: no stop words, no punctuation or numbers, no PHI unless
``include_phi`` (then only words wholly inside a span, never one an annotation
cuts). Each drawn word is hidden on its own, whole, by one ``[MASK]`` (the rest
of the sentence stays as written, so the model sees the most context), and every
masked copy of a batch goes through the model in one forward pass. From the
model's distribution over whole words a replacement is sampled; it is accepted
when its cosine similarity with the original exceeds ``min_sim``, otherwise the
refused word is struck out and another is sampled, up to ``tries`` times; a word
with no accepted replacement stays as it was.

Deterministic for a seed: each (document, copy) has its own random stream keyed by
the document's id, and the forward passes see the same batches in every run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

import numpy as np

from ..document import SOURCE_PHI_META, Document, Edit, rewrite_document
from ..errors import UsageError
from ..lm.predict import logits_at, pad_batch, special_ids
from ..progress import Reporter, reporter_or_null
from ..lm.predict import sample_index
from ..text import Token, chunks, match_case, sentence_tokens, tokenize
from ._common import Clock, document_rng, rate, rounded
from .words import SpanIndex, is_content_word, replaceable_tokens

UNITS = ("instance", "sentence", "chunk")
MAX_UNIT_WORDS = 250


def prorated(words: int, unit_words: int, rng: np.random.Generator) -> int:
    """``words`` per 250 words for a unit of ``unit_words`` words, rounded at random to keep the expectation."""
    share = words * unit_words / MAX_UNIT_WORDS
    whole = int(share)
    return whole + int(rng.random() < share - whole)


@dataclass(frozen=True)
class FilteredSettings:
    """Options of Filtered BERT; the defaults follow the paper (5 words per 250-word instance, min-sim 0, one copy)."""

    words: int = 5
    min_sim: float = 0.0
    copies: int = 1
    include_phi: bool = False
    keep_originals: bool = True
    seed: int = 0
    tries: int = 10
    top_k: int = 0
    temperature: float = 1.0
    unit: str = "instance"
    batch_size: int = 64

    def check(self) -> None:
        if self.words < 1:
            raise UsageError("--words must be at least 1")
        if not -1.0 <= self.min_sim < 1.0:
            raise UsageError("--min-sim must be in [-1, 1)")
        if self.copies < 1:
            raise UsageError("--copies must be at least 1")
        if self.tries < 1:
            raise UsageError("--tries must be at least 1")
        if self.top_k < 0:
            raise UsageError("--top-k must be 0 (all words) or more")
        if self.temperature <= 0:
            raise UsageError("--temperature must be positive")
        if self.unit not in UNITS:
            raise UsageError(f"unknown --unit '{self.unit}'; choose instance, sentence or chunk")
        if self.batch_size < 1:
            raise UsageError("--batch-size must be at least 1")


@dataclass
class FilteredStats:
    """Counts of one run; ``examples`` holds a few (original, replacement, cosine) of NON-PHI words.

    ``examples`` is for benchmarks on public data; the command line never prints it.
    """

    unit: str = "instance"
    documents: int = 0
    written: int = 0
    units: int = 0
    chosen: int = 0
    replaced: int = 0
    refused: int = 0
    unchanged: int = 0
    forward_passes: int = 0
    masked_copies: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    examples: list[tuple[str, str, float]] = field(default_factory=list, repr=False)

    def as_dict(self) -> dict[str, Any]:
        return rounded({
            "unit": self.unit, "documents": self.documents, "written": self.written, "units": self.units,
            "words_chosen": self.chosen, "words_replaced": self.replaced, "samples_refused_by_filter": self.refused,
            "words_left_unchanged": self.unchanged, "forward_passes": self.forward_passes,
            "masked_copies_per_pass": self.masked_copies / self.forward_passes if self.forward_passes else 0.0,
            "seconds": self.seconds, "cpu_seconds": self.cpu_seconds,
            "units_per_second": rate(self.units, self.seconds),
        })


@dataclass(frozen=True)
class _Request:
    """One masked copy: a unit with one word hidden."""

    unit: int
    target: int  # index into the document's tokens
    context: tuple[int, int]  # token index range of the unit


class Cosine:
    """Cosine similarity of two words by their (lower-cased) vectors, cached; None without a vector."""

    def __init__(self, vectors: Any) -> None:
        self.vectors = vectors
        self._cache: dict[str, np.ndarray | None] = {}

    def vector(self, word: str) -> np.ndarray | None:
        key = word.lower()
        if key not in self._cache:
            try:
                v = np.asarray(self.vectors.get_vector(key), dtype=np.float64)
            except KeyError:
                v = None
            if v is not None:
                norm = float(np.linalg.norm(v))
                v = v / norm if norm > 0 else None
            self._cache[key] = v
        return self._cache[key]

    def __call__(self, a: str, b: str) -> float | None:
        va, vb = self.vector(a), self.vector(b)
        if va is None or vb is None:
            return None
        return float(va @ vb)


def candidate_mask(tokenizer: Any, vocab_size: int) -> np.ndarray:
    """Vocabulary entries a word may become: whole words of letters, not stop words, special tokens or ``##`` pieces.

    Stop words are left out as candidates for the reason they are never chosen as
    targets: a content word turned into "the" or "de" breaks the sentence.
    """
    allowed = np.zeros(vocab_size, dtype=bool)
    special = set(tokenizer.all_special_ids) | set(getattr(tokenizer, "added_tokens_decoder", {}).keys())
    for piece, idx in tokenizer.get_vocab().items():
        if idx < vocab_size and idx not in special and is_content_word(piece):
            allowed[idx] = True
    if not allowed.any():
        raise UsageError("the masked LM's vocabulary holds no whole words to propose")
    return allowed


def _is_word_token(text: str) -> bool:
    """A token that counts as a word of the text (it holds a letter or a digit)."""
    return any(c.isalnum() for c in text)


class FilteredBert:
    """A masked LM and word vectors, ready to augment documents."""

    def __init__(self, tokenizer: Any, model: Any, vectors: Any, settings: FilteredSettings = FilteredSettings()) -> None:
        settings.check()
        self.tokenizer = tokenizer
        self.model = model
        self.cosine = Cosine(vectors)
        self.settings = settings
        self.allowed = candidate_mask(tokenizer, model.get_input_embeddings().num_embeddings)
        self.vocab = tokenizer.convert_ids_to_tokens(list(range(len(self.allowed))))
        limit = int(getattr(model.config, "max_position_embeddings", 512))
        limit = min(limit, int(getattr(tokenizer, "model_max_length", limit) or limit), 512)
        if getattr(model.config, "model_type", "") in ("roberta", "xlm-roberta", "camembert"):
            limit -= 2
        self.max_pieces = max(8, limit - 2)
        self._pieces: dict[str, list[int]] = {}
        self.stats = FilteredStats(unit=settings.unit)

    @classmethod
    def from_paths(cls, mlm: str | Path, vectors: str | Path, settings: FilteredSettings = FilteredSettings()) -> "FilteredBert":
        """Load both models from local files (``phisift.lm.load_mlm`` / ``load_vectors``)."""
        settings.check()
        from ..lm import load_mlm, load_vectors

        tokenizer, model = load_mlm(mlm)
        return cls(tokenizer, model, load_vectors(vectors), settings)

    # ------------------------------------------------------------------ corpus
    def augment(self, docs: Iterable[Document], reporter: Reporter | None = None) -> Iterator[Document]:
        """The corpus as asked: each original (if kept) followed by its ``copies`` rewrites.

        ``reporter`` is advanced by one per original document (its task is the caller's to start)."""
        say = reporter_or_null(reporter)
        clock = Clock()
        try:
            for doc in docs:
                self.stats.documents += 1
                if self.settings.keep_originals:
                    self.stats.written += 1
                    yield doc
                for copy in range(1, self.settings.copies + 1):
                    new = self.rewrite(doc, copy)
                    self.stats.written += 1
                    yield new
                say.advance(1)
        finally:
            self.stats.seconds += clock.wall()
            self.stats.cpu_seconds += clock.cpu()

    def rewrite(self, doc: Document, copy: int = 1) -> Document:
        """One augmented copy of ``doc`` (id ``<id>.aug<copy>``) with its spans carried over."""
        rng = document_rng(self.settings.seed, doc.id, copy)
        tokens = tokenize(doc.text)
        units = self._units(doc.text, tokens)
        self.stats.units += len(units)
        allowed = set(replaceable_tokens(doc, tokens, self.settings.include_phi))
        requests: list[_Request] = []
        for u, (lo, hi) in enumerate(units):
            pool = [i for i in range(lo, hi) if i in allowed]
            if not pool:
                continue
            k = self.settings.words
            if self.settings.unit == "instance":
                k = prorated(k, sum(1 for i in range(lo, hi) if _is_word_token(tokens[i].text)), rng)
            k = min(k, len(pool))
            if k == 0:
                continue
            picked = sorted(int(i) for i in rng.choice(pool, size=k, replace=False))
            requests.extend(_Request(u, i, (lo, hi)) for i in picked)
        self.stats.chosen += len(requests)
        phi = SpanIndex.of(doc.spans)
        edits: list[Edit] = []
        for lo in range(0, len(requests), self.settings.batch_size):
            batch = requests[lo : lo + self.settings.batch_size]
            for req, row in zip(batch, self._logits(tokens, batch)):
                tok = tokens[req.target]
                word = self._choose(tok.text, row, rng, is_phi=phi.touches(tok.start, tok.end))
                if word is not None:
                    edits.append(Edit(tok.start, tok.end, match_case(word, tok.text)))
        new_doc, _ = rewrite_document(doc, edits)
        meta = {k: v for k, v in doc.meta.items() if k not in SOURCE_PHI_META}  # a source's identifiers stay
        return Document(f"{doc.id}.aug{copy}", new_doc.text, new_doc.spans, meta)

    def _units(self, text: str, tokens: Sequence[Token]) -> list[tuple[int, int]]:
        """Token index ranges of the 250-word instances or windows, or of the sentences (cut at 250 words)."""
        if self.settings.unit == "instance":
            return [(c.token_start, c.token_end) for c in chunks(text, MAX_UNIT_WORDS, 0, tokens=tokens)]
        if self.settings.unit == "chunk":
            return [(c.token_start, c.token_end) for c in chunks(text, MAX_UNIT_WORDS, 0, tokens=tokens)]
        units: list[tuple[int, int]] = []
        i = 0
        for sentence in sentence_tokens(text):
            n = len(sentence)
            for lo in range(0, n, MAX_UNIT_WORDS):
                units.append((i + lo, i + min(n, lo + MAX_UNIT_WORDS)))
            i += n
        return units

    # ------------------------------------------------------------------ sampling
    def _choose(self, original: str, logits: np.ndarray, rng: np.random.Generator, is_phi: bool) -> str | None:
        """A sampled replacement that passes the cosine filter, or None after ``tries`` refusals."""
        s = self.settings
        row = logits.copy()
        own = original.lower()
        for _ in range(s.tries):
            if not np.isfinite(row).any():
                break
            idx = sample_index(row, rng, s.top_k, s.temperature)
            row[idx] = -math.inf  # a refused or identical word is not drawn again
            word = self.vocab[idx]
            if word.lower() == own:
                continue
            sim = self.cosine(original, word)
            if sim is not None and sim > s.min_sim:
                self.stats.replaced += 1
                if not is_phi and len(self.stats.examples) < 200:
                    self.stats.examples.append((original, word, round(sim, 3)))
                return word
            self.stats.refused += 1
        self.stats.unchanged += 1
        return None

    # ------------------------------------------------------------------ model
    def _piece_ids(self, text: str) -> list[int]:
        if text not in self._pieces:
            self._pieces[text] = self.tokenizer(text, add_special_tokens=False)["input_ids"]
        return self._pieces[text]

    def _masked_sequence(self, tokens: Sequence[Token], req: _Request) -> tuple[list[int], int]:
        """Piece ids of the unit with the target word as one ``[MASK]``, cut to the model's length around it."""
        before: list[int] = []
        after: list[int] = []
        lo, hi = req.context
        for i in range(lo, req.target):
            before.extend(self._piece_ids(tokens[i].text))
        for i in range(req.target + 1, hi):
            after.extend(self._piece_ids(tokens[i].text))
        room = self.max_pieces - 1
        left = min(len(before), max(room // 2, room - len(after)))
        right = min(len(after), room - left)
        ids = before[len(before) - left :] + [self.tokenizer.mask_token_id] + after[:right]
        return ids, left

    def _logits(self, tokens: Sequence[Token], batch: Sequence[_Request]) -> list[np.ndarray]:
        """Whole-word logits at the mask of every request, one forward pass for the batch."""
        import torch

        cls_id, sep_id, pad_id = special_ids(self.tokenizer)
        seqs, positions = [], []
        for req in batch:
            ids, where = self._masked_sequence(tokens, req)
            seqs.append([cls_id, *ids, sep_id])
            positions.append(where + 1)
        input_ids, attention = pad_batch(seqs, pad_id)
        rows = torch.arange(len(seqs))
        cols = torch.tensor(positions, dtype=torch.long)
        with torch.no_grad():
            logits = logits_at(self.model, input_ids, attention, rows, cols).float().numpy().astype(np.float64)
        self.stats.forward_passes += 1
        self.stats.masked_copies += len(seqs)
        logits = logits[:, : len(self.allowed)]
        logits[:, ~self.allowed[: logits.shape[1]]] = -math.inf
        return list(logits)
