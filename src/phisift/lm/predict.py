"""Batched masked-LM prediction shared by DataSifterText's fill-in and Filtered BERT.

Both ask a masked LM for the vocabulary distribution at a few masked places of many
sequences at once; the padding, the special ids and the "head on those places only"
trick live here once.
"""

from __future__ import annotations

from typing import Any, Sequence


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
