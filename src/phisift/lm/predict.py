"""Batched masked-LM prediction shared by DataSifterText's fill-in and Filtered BERT.

Both ask a masked LM for the vocabulary distribution at a few masked places of many
sequences at once; the padding, the special ids and the "head on those places only"
trick live here once.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np


def special_ids(tokenizer: Any) -> tuple[int, int, int]:
    """(cls, sep, pad) ids of a tokenizer; BOS/EOS stand in for CLS/SEP (RoBERTa-style), pad 0 when unset."""
    cls_id = tokenizer.cls_token_id if tokenizer.cls_token_id is not None else tokenizer.bos_token_id
    sep_id = tokenizer.sep_token_id if tokenizer.sep_token_id is not None else tokenizer.eos_token_id
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    return cls_id, sep_id, pad_id


def pad_batch(seqs: Sequence[Sequence[int]], pad_id: int) -> tuple[Any, Any]:
    """Right-padded ``input_ids`` and ``attention_mask`` tensors for sequences of different lengths."""
    import torch

    width = max(len(s) for s in seqs)
    input_ids = torch.full((len(seqs), width), pad_id, dtype=torch.long)
    attention = torch.zeros((len(seqs), width), dtype=torch.long)
    for r, s in enumerate(seqs):
        input_ids[r, : len(s)] = torch.tensor(s, dtype=torch.long)
        attention[r, : len(s)] = 1
    return input_ids, attention


def logits_at(model: Any, input_ids: Any, attention: Any, rows: Any, cols: Any) -> Any:
    """Vocabulary logits at the given (row, position) pairs only.

    For BERT the prediction head runs on those positions alone: with a small model the
    projection onto the vocabulary costs more than the encoder.
    """
    if hasattr(model, "bert") and hasattr(model, "cls"):
        hidden = model.bert(input_ids=input_ids, attention_mask=attention)[0]
        return model.cls(hidden[rows, cols])
    return model(input_ids=input_ids, attention_mask=attention).logits[rows, cols]


def sample_index(logits: np.ndarray, rng: np.random.Generator, top_k: int = 0, temperature: float = 1.0) -> int:
    """One index drawn from ``softmax(logits / temperature)`` over the ``top_k`` best (0: all).

    Entries at ``-inf`` are never drawn. Done in float64 with numpy so that a seed
    gives the same draw on every machine that computed the same logits.
    """
    z = np.asarray(logits, dtype=np.float64)
    finite = np.isfinite(z)
    if not finite.any():
        raise ValueError("no candidate to sample from")
    if top_k and top_k < int(finite.sum()):
        keep = np.argpartition(-np.where(finite, z, -np.inf), top_k - 1)[:top_k]
        mask = np.zeros_like(finite)
        mask[keep] = True
        finite &= mask
    z = np.where(finite, z / max(temperature, 1e-6), -np.inf)
    z -= z[finite].max()
    p = np.exp(z)
    p /= p.sum()
    u = rng.random()
    idx = int(np.searchsorted(np.cumsum(p), u, side="right"))
    if idx >= len(p) or not finite[idx]:  # u at the very top of the cumulative sum
        idx = int(np.flatnonzero(finite)[-1])
    return idx

