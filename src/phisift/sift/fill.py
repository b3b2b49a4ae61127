"""Fill-in: each masked word is replaced by a word sampled from a model.

``MlmFiller`` is the paper's step: a masked language model reads the note with
``[MASK]`` in place of every masked word and one token is sampled from its
distribution at each mask (optionally limited to the ``top_k`` likeliest and
sharpened or flattened by ``temperature``). Like the published code, masks are
filled in rounds: a round fills every mask whose next token is not also a mask,
then the model reads the note again, so a run of masks is filled from its end with
the words already chosen as context. Notes longer than the model's input are read
in overlapping windows, and each mask is predicted from the window where it sits
farthest from an edge.

``UnigramFiller`` is the fallback when no masked LM is available (torch or
transformers missing): words are drawn from the corpus vocabulary by frequency,
stop words left out because stop words are never masked.

Neither may reveal which words were replaced. Candidates exclude special and
added tokens (``[MASK]``, ``[PAD]``, PHI tags such as ``[PATIENT]``), word-piece
continuations (``##ing``) and anything without a letter or digit, so no mask,
tag or stray punctuation is ever written. A replacement takes the case pattern of
the word it replaces (``Left`` -> ``Right``, ``CT`` -> ``MRI``) because an
uncased model proposes lower case, and only the word's characters are rewritten,
so spacing and line breaks stay exactly as they were.
"""

from __future__ import annotations

import math
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Protocol, Sequence

import numpy as np

from ..lm.predict import logits_at, pad_batch, sample_index, special_ids
from .masking import is_unit
from .lists import DEFAULT_BLACKLIST, norm

MASK = "[MASK]"


class Filler(Protocol):
    name: str

    def fill(self, tokens: Sequence[str], masked: Sequence[int], rng: np.random.Generator) -> dict[int, str]:
        """Replacement strings for the token indices in ``masked`` (lower case; ``match_case`` adapts them)."""




# --------------------------------------------------------------------------- unigram fallback
@dataclass
class UnigramFiller:
    """Words drawn from the corpus vocabulary by frequency (temperature flattens or sharpens)."""

    words: list[str]
    counts: np.ndarray
    temperature: float = 1.0
    name: str = "unigram"

    @classmethod
    def from_texts(cls, texts: Iterable[str], blacklist: frozenset[str], temperature: float = 1.0,
                   min_count: int = 2, max_words: int = 50_000) -> "UnigramFiller":
        from .lists import norm
        from .masking import word_units

        counter: Counter[str] = Counter()
        for text in texts:
            counter.update(norm(t.text) for t in word_units(text))
        kept = [(w, c) for w, c in counter.items()
                if c >= min_count and w not in blacklist and any(ch.isalpha() for ch in w)]
        if not kept:  # a tiny corpus: take what there is
            kept = [(w, c) for w, c in counter.items() if w not in blacklist] or list(counter.items()) or [("note", 1)]
        kept.sort(key=lambda wc: (-wc[1], wc[0]))
        kept = kept[:max_words]
        return cls([w for w, _ in kept], np.array([c for _, c in kept], dtype=np.float64), temperature)

    def restricted(self, words: frozenset[str]) -> "UnigramFiller":
        """The same filler drawing only ``words`` (all of its words if none of them is among them)."""
        keep = [i for i, w in enumerate(self.words) if w in words]
        if not keep:
            return self
        return UnigramFiller([self.words[i] for i in keep], self.counts[keep], self.temperature, self.name)

    def fill(self, tokens: Sequence[str], masked: Sequence[int], rng: np.random.Generator) -> dict[int, str]:
        logits = np.log(self.counts)
        return {i: self.words[sample_index(logits, rng, 0, self.temperature)] for i in masked}


# --------------------------------------------------------------------------- masked LM
@contextmanager
def torch_threads(n: int) -> Iterator[None]:
    """Run torch with ``n`` intra-op threads, and restore the count afterwards.

    The fill-in always uses the same number of threads, because a matrix product
    split over another number of threads can round its last bits differently, and a
    sampled word sits on a boundary of the cumulative distribution now and then: a
    run with ``--jobs 4`` or on Spark must draw exactly the words of a run in one
    process. One thread also keeps forked workers from inheriting a busy OpenMP pool.
    """
    import torch

    before = torch.get_num_threads()
    if before != n:
        torch.set_num_threads(n)
    try:
        yield
    finally:
        if before != n:
            torch.set_num_threads(before)


@dataclass
class MlmFiller:
    """Fill masks by sampling from a masked LM (``phisift.lm.load_mlm`` gives tokenizer and model)."""

    tokenizer: Any
    model: Any
    top_k: int = 0
    temperature: float = 1.0
    batch_size: int = 32
    threads: int = 1  # the same in every process, so that every engine samples the same words
    source: str = ""
    name: str = "mlm"
    content_only: bool = False  # True: no stop word fills a masked word (stop words being never masked)
    _allowed: Any = field(default=None, repr=False)
    _max_pieces: int = field(default=0, repr=False)

    def __post_init__(self) -> None:
        import torch

        tok = self.tokenizer
        vocab_size = self.model.get_input_embeddings().num_embeddings
        allowed = torch.zeros(vocab_size, dtype=torch.bool)
        special = set(tok.all_special_ids)
        special.update(getattr(tok, "added_tokens_decoder", {}).keys())
        for piece, idx in tok.get_vocab().items():
            if idx >= vocab_size or idx in special:
                continue
            if piece.startswith("##") or piece.startswith("[") and piece.endswith("]"):
                continue
            if not is_unit(piece):
                continue
            if self.content_only and norm(piece) in DEFAULT_BLACKLIST:
                continue  # "shoulder" -> "the" would empty the note of meaning
            allowed[idx] = True
        if not bool(allowed.any()):
            raise ValueError("the masked LM's vocabulary has no whole-word candidates to fill masks with")
        self._allowed = allowed
        limit = int(getattr(self.model.config, "max_position_embeddings", 512))
        if getattr(self.model.config, "model_type", "") in ("roberta", "xlm-roberta", "camembert"):
            limit -= 2
        limit = min(limit, int(getattr(tok, "model_max_length", limit) or limit), 512)
        self._max_pieces = max(8, limit - 2)  # room for [CLS] and [SEP]

    def restricted(self, words: frozenset[str]) -> "MlmFiller":
        """The same filler proposing only whole-word pieces among ``words`` (lower case).

        Used by ``mask_identifying``: a fill-in then never writes a rare word, neither
        the one it replaces nor another note's.
        """
        import torch
        from dataclasses import replace

        vocab = self.tokenizer.get_vocab()
        inside = torch.zeros_like(self._allowed)
        for piece, idx in vocab.items():
            if idx < len(inside) and norm(piece) in words:
                inside[idx] = True
        allowed = self._allowed & inside
        if not bool(allowed.any()):
            raise ValueError("none of the masked LM's whole words is a common word of the corpus")
        out = replace(self)
        out._allowed = allowed
        return out

    def fill(self, tokens: Sequence[str], masked: Sequence[int], rng: np.random.Generator) -> dict[int, str]:
        if not masked:
            return {}
        with torch_threads(self.threads):
            return self._fill(tokens, masked, rng)

    def _fill(self, tokens: Sequence[str], masked: Sequence[int], rng: np.random.Generator) -> dict[int, str]:
        pending = sorted(set(masked))
        pieces = self._pieces(tokens)
        chosen: dict[int, str] = {}
        while pending:
            pend = set(pending)
            this_round = [i for i in pending if i + 1 not in pend]
            logits = self._mask_logits(tokens, pieces, chosen, pend, this_round)
            for i, row in zip(this_round, logits):
                idx = sample_index(row, rng, self.top_k, self.temperature)
                chosen[i] = self.tokenizer.convert_ids_to_tokens(idx)
            pending = [i for i in pending if i not in set(this_round)]
        return chosen

    # -- encoding
    def _pieces(self, tokens: Sequence[str]) -> dict[str, list[int]]:
        unique = sorted(set(tokens))
        enc = self.tokenizer(unique, add_special_tokens=False)["input_ids"]
        return dict(zip(unique, enc))

    def _sequence(self, tokens: Sequence[str], pieces: dict[str, list[int]], chosen: dict[int, str],
                  pend: set[int]) -> tuple[list[int], dict[int, int]]:
        """Piece ids of the note as it stands, and the piece position of every pending mask."""
        ids: list[int] = []
        where: dict[int, int] = {}
        mask_id = self.tokenizer.mask_token_id
        for i, tok in enumerate(tokens):
            if i in pend:
                where[i] = len(ids)
                ids.append(mask_id)
            elif i in chosen:
                word = chosen[i]
                if word not in pieces:
                    pieces[word] = self.tokenizer(word, add_special_tokens=False)["input_ids"]
                ids.extend(pieces[word])
            else:
                ids.extend(pieces[tok])
        return ids, where

    def _windows(self, n: int) -> list[tuple[int, int]]:
        size = self._max_pieces
        if n <= size:
            return [(0, n)]
        stride = max(1, size // 2)
        starts = list(range(0, n - size + 1, stride))
        if starts[-1] + size < n:
            starts.append(n - size)
        return [(s, s + size) for s in starts]

    def _mask_logits(self, tokens, pieces, chosen, pend, this_round) -> list[np.ndarray]:
        import torch

        ids, where = self._sequence(tokens, pieces, chosen, pend)
        windows = self._windows(len(ids))
        # each mask of this round is read in the window where it sits farthest from an edge
        best: dict[int, int] = {}
        for i in this_round:
            p = where[i]
            margins = [min(p - s, e - 1 - p) if s <= p < e else -math.inf for s, e in windows]
            best[i] = int(np.argmax(margins))
        needed = sorted(set(best.values()))
        cls_id, sep_id, pad_id = special_ids(self.tokenizer)
        rows: dict[int, np.ndarray] = {}
        for lo in range(0, len(needed), self.batch_size):
            group = needed[lo : lo + self.batch_size]
            seqs = [[cls_id, *ids[windows[w][0] : windows[w][1]], sep_id] for w in group]
            input_ids, attention = pad_batch(seqs, pad_id)
            targets = [(r, i) for r, w in enumerate(group) for i in this_round if best[i] == w]
            rr = torch.tensor([r for r, _ in targets], dtype=torch.long)
            pp = torch.tensor([where[i] - windows[group[r]][0] + 1 for r, i in targets], dtype=torch.long)
            with torch.no_grad():
                logits = logits_at(self.model, input_ids, attention, rr, pp).float()
            logits = logits.masked_fill(~self._allowed[: logits.shape[-1]], float("-inf"))
            for (_, i), row in zip(targets, logits.numpy().astype(np.float64)):
                rows[i] = row
        return [rows[i] for i in this_round]
