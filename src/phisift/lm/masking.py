"""Chunks of token ids for masked-LM training, and whole-word masking.

Notes are longer than a BERT input, so each note's tokens are cut into
consecutive chunks of at most ``max_length - 2`` tokens (room for ``[CLS]`` and
``[SEP]``), cut at a word start when one lies in the second half of the window so
that a word is rarely split across chunks. Chunks live in three flat arrays (ids,
a word-start flag per token, chunk bounds): four bytes and a flag per token, so a
corpus of 100 million tokens takes about 500 MB.

Whole-word masking picks words, not word pieces: every piece of a chosen word is
hidden together, so the model cannot guess ``##tension`` from ``hyper``.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
import torch


@dataclass(frozen=True)
class Chunks:
    ids: np.ndarray  # int32, all chunks back to back
    word_start: np.ndarray  # bool, True where a new word begins
    maskable: np.ndarray  # bool, False for special tokens such as [PATIENT]
    bounds: np.ndarray  # int64, shape (n + 1,): chunk i is ids[bounds[i]:bounds[i + 1]]

    def __len__(self) -> int:
        return len(self.bounds) - 1

    @property
    def tokens(self) -> int:
        return int(self.bounds[-1])

    def take(self, n: int) -> "Chunks":
        """The first ``n`` chunks."""
        n = min(n, len(self))
        end = int(self.bounds[n])
        return Chunks(self.ids[:end], self.word_start[:end], self.maskable[:end], self.bounds[: n + 1])


def encode_chunks(
    backend,
    texts: Iterable[str],
    max_length: int,
    special_ids: Sequence[int],
    batch_size: int = 64,
) -> Chunks:
    """Encode ``texts`` with a ``tokenizers.Tokenizer`` and cut them into chunks.

    ``backend`` must not truncate or pad (the caller passes a copy with both off).
    """
    width = max_length - 2
    if width < 2:
        raise ValueError(f"max_length must be at least 4, got {max_length}")
    special = set(special_ids)
    ids = array("i")
    starts = bytearray()
    maskable = bytearray()
    bounds = array("q", [0])

    def add(batch: list[str]) -> None:
        for enc in backend.encode_batch(batch, add_special_tokens=False):
            tok_ids = enc.ids
            word_ids = enc.word_ids
            n = len(tok_ids)
            flags = bytearray(n)
            prev = object()
            for i, w in enumerate(word_ids):
                if w is None or w != prev:
                    flags[i] = 1
                prev = w
            mflags = bytearray(0 if t in special else 1 for t in tok_ids)
            lo = 0
            while lo < n:
                hi = min(lo + width, n)
                if hi < n and not flags[hi]:
                    cut = next((j for j in range(hi - 1, lo + width // 2, -1) if flags[j]), None)
                    if cut is not None:
                        hi = cut
                if any(mflags[lo:hi]):
                    ids.extend(tok_ids[lo:hi])
                    starts.extend(flags[lo:hi])
                    maskable.extend(mflags[lo:hi])
                    bounds.append(len(ids))
                lo = hi

    batch: list[str] = []
    for text in texts:
        batch.append(text)
        if len(batch) >= batch_size:
            add(batch)
            batch = []
    if batch:
        add(batch)
    return Chunks(
        np.frombuffer(ids, dtype=np.int32).copy() if len(ids) else np.zeros(0, np.int32),
        np.frombuffer(bytes(starts), dtype=np.uint8).astype(bool),
        np.frombuffer(bytes(maskable), dtype=np.uint8).astype(bool),
        np.frombuffer(bounds, dtype=np.int64).copy(),
    )


@dataclass(frozen=True)
class Batch:
    input_ids: torch.Tensor  # [B, T] with [CLS] ... [SEP] [PAD]...
    attention_mask: torch.Tensor  # [B, T]
    word_index: torch.Tensor  # [B, T], -1 where a token may not be masked


def collate(chunks: Chunks, indices: Sequence[int], cls_id: int, sep_id: int, pad_id: int) -> Batch:
    """A padded batch of the chunks at ``indices``, with the word number of every maskable token."""
    lengths = [int(chunks.bounds[i + 1] - chunks.bounds[i]) for i in indices]
    width = max(lengths) + 2
    b = len(indices)
    input_ids = np.full((b, width), pad_id, dtype=np.int64)
    attention = np.zeros((b, width), dtype=np.int64)
    word_index = np.full((b, width), -1, dtype=np.int64)
    for row, (i, n) in enumerate(zip(indices, lengths)):
        lo = int(chunks.bounds[i])
        input_ids[row, 0] = cls_id
        input_ids[row, 1 : n + 1] = chunks.ids[lo : lo + n]
        input_ids[row, n + 1] = sep_id
        attention[row, : n + 2] = 1
        starts = chunks.word_start[lo : lo + n]
        words = np.cumsum(starts) - int(starts[0])  # a chunk cut inside a word starts with word 0 too
        word_index[row, 1 : n + 1] = np.where(chunks.maskable[lo : lo + n], words, -1)
    return Batch(torch.from_numpy(input_ids), torch.from_numpy(attention), torch.from_numpy(word_index))


def mask_whole_words(
    batch: Batch,
    generator: torch.Generator,
    mask_id: int,
    random_ids: torch.Tensor,
    probability: float = 0.15,
    mask_share: float = 0.8,
    random_share: float = 0.1,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Corrupted input ids and labels (-100 where nothing is predicted).

    Each word is chosen with ``probability``; every piece of a chosen word becomes
    ``[MASK]`` with ``mask_share``, a random token with ``random_share``, and stays
    as it is otherwise (BERT's 80/10/10). A chunk in which no word was drawn gets
    its word with the lowest draw, so every chunk contributes to the loss.
    """
    ids = batch.input_ids
    valid = batch.word_index >= 0
    n_words = int(batch.word_index.max().item()) + 1 if valid.any() else 1
    word_draw = torch.rand((ids.shape[0], max(n_words, 1)), generator=generator)
    draw = word_draw.gather(1, batch.word_index.clamp(min=0)).masked_fill(~valid, 2.0)
    chosen = draw < probability
    row_min = draw.min(dim=1, keepdim=True).values
    empty = ~chosen.any(dim=1, keepdim=True) & (row_min < 2.0)
    chosen |= empty & (draw == row_min)
    labels = torch.where(chosen, ids, torch.full_like(ids, -100))
    how = torch.rand(ids.shape, generator=generator)
    replacement = random_ids[torch.randint(len(random_ids), ids.shape, generator=generator)]
    corrupted = ids.clone()
    corrupted[chosen & (how < mask_share)] = mask_id
    use_random = chosen & (how >= mask_share) & (how < mask_share + random_share)
    corrupted[use_random] = replacement[use_random]
    return corrupted, labels
