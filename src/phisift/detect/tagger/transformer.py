"""Transformer PHI taggers: fine-tune a local Hugging Face encoder, or run one already fine-tuned.

Training (``train_transformer``) follows the Filtered BERT paper's set-up: notes
cut into windows of at most 250 words (``phisift.text.chunks``), word-level labels
(BIO over the same pieces the CRF uses, so offsets are exact), the label on the
first sub-word of each word and the others ignored in the loss, AdamW at 3e-5 for
5 epochs with a linear schedule. With a dev set the epoch with the best strict
entity F1 is kept. A GPU is used when torch sees one.

Running (``TransformerDetector``) works for any local token-classification folder
with ``config.json``/``id2label``: one made here (it also holds
``phisift_model.json``) or one fine-tuned elsewhere, whose labels are mapped onto
the i2b2 2014 subtypes with a label map (``FOREIGN_TO_I2B2`` for the usual names).

Everything is loaded with ``local_files_only=True`` and the Hugging Face offline
switches set: a model folder is a path, never a hub name.
"""

from __future__ import annotations

import math
import os
import random
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from ...document import Document, Span
from ...errors import InputError
from ...taxonomy import I2B2_LABELS, MEDDOCAN_TO_I2B2
from ...text import Chunk, chunks, merge_chunk_spans, tokenize
from ..base import relabel
from .pieces import Piece, bio_labels, decode_bio, split_pieces

WEIGHT_FILES = ("model.safetensors", "model.safetensors.index.json", "pytorch_model.bin", "pytorch_model.bin.index.json")
TOKENIZER_FILES = ("tokenizer.json", "vocab.txt", "vocab.json", "sentencepiece.bpe.model", "spiece.model")

#: Label names of common de-identification models (i2b2 2006/2014 style, CoNLL style)
#: onto i2b2 2014 subtypes. Used for a foreign model's labels that are not i2b2 subtypes.
FOREIGN_TO_I2B2: dict[str, str] = {
    **MEDDOCAN_TO_I2B2,
    "PER": "PATIENT", "PERSON": "PATIENT", "NAME": "PATIENT", "PAT": "PATIENT",
    "STAFF": "DOCTOR", "DR": "DOCTOR", "HCW": "DOCTOR",
    "HOSP": "HOSPITAL", "LOC": "LOCATION-OTHER", "LOCATION": "LOCATION-OTHER", "GPE": "CITY",
    "ORG": "ORGANIZATION", "PATORG": "ORGANIZATION", "ID": "IDNUM", "MRN": "MEDICALRECORD",
    "TEL": "PHONE", "PHONE_NUMBER": "PHONE", "EMAIL_ADDRESS": "EMAIL", "IP_ADDRESS": "IPADDR",
    "DATE_TIME": "DATE", "OTHERPHI": "OTHER", "MISC": "OTHER",
}


def force_offline() -> None:
    """Every Hugging Face library refuses the network, whatever the environment says.

    Also lets idle OpenMP threads sleep instead of spinning when torch is not loaded
    yet: on a machine shared with other work, spinning threads slow CPU training
    and tagging several times over. A value the user set is kept.
    """
    import sys

    if "torch" not in sys.modules:
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE", "HF_HUB_DISABLE_TELEMETRY"):
        os.environ[name] = "1"
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def _quiet() -> None:
    import transformers

    transformers.logging.set_verbosity_error()
    transformers.logging.disable_progress_bar()


def check_hf_folder(folder: Path) -> None:
    """Fail early, with one line, on a folder that is not a complete local model."""
    if not folder.exists():
        raise InputError("no such model folder", folder)
    if not folder.is_dir():
        raise InputError("expected a model folder, found a file", folder)
    if not (folder / "config.json").is_file():
        raise InputError("not a model folder: config.json is missing", folder)
    if not any((folder / n).is_file() for n in WEIGHT_FILES):
        raise InputError("partial model folder: no weights file (model.safetensors or pytorch_model.bin)", folder)
    if not any((folder / n).is_file() for n in TOKENIZER_FILES):
        raise InputError("partial model folder: no tokenizer files (tokenizer.json or vocab.txt)", folder)


def _device(name: str | None = None):
    import torch

    if name:
        return torch.device(name)
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def _load_tokenizer(folder: Path):
    from transformers import AutoTokenizer

    try:
        tok = AutoTokenizer.from_pretrained(str(folder), local_files_only=True)
    except Exception as exc:  # noqa: BLE001 - any failure means a damaged folder
        raise InputError(f"corrupt model folder: the tokenizer cannot be read ({type(exc).__name__})", folder) from None
    if not getattr(tok, "is_fast", False):
        raise InputError("the tokenizer must be a fast (Rust) tokenizer: word alignment needs word_ids()", folder)
    return tok


def _max_length(tokenizer, model) -> int:
    limit = getattr(model.config, "max_position_embeddings", 512) or 512
    tok_limit = getattr(tokenizer, "model_max_length", limit) or limit
    # RoBERTa-style models reserve two positions for the padding offset.
    return int(min(limit - (2 if getattr(model.config, "model_type", "") in ("roberta", "xlm-roberta") else 0), tok_limit, 512))


# --------------------------------------------------------------------------- windows


@dataclass
class _Window:
    """Pieces of one chunk (or part of one) with their encoding."""

    chunk_index: int
    pieces: list[Piece]
    input_ids: list[int]
    word_ids: list[int | None]
    labels: list[int] | None = None


def _encode(tokenizer, pieces: Sequence[Piece], max_len: int) -> list[tuple[list[Piece], list[int], list[int | None]]]:
    """Encode words; a window whose sub-words overflow the model is halved until it fits."""
    if not pieces:
        return []
    enc = tokenizer([p.text for p in pieces], is_split_into_words=True, truncation=False, add_special_tokens=True)
    ids = enc["input_ids"]
    if len(ids) <= max_len or len(pieces) == 1:
        if len(ids) > max_len:  # one absurdly long word: keep its first sub-words
            ids = ids[: max_len - 1] + ids[-1:]
            wids = enc.word_ids()[: max_len - 1] + [None]
            return [(list(pieces), ids, wids)]
        return [(list(pieces), ids, enc.word_ids())]
    half = len(pieces) // 2
    return _encode(tokenizer, pieces[:half], max_len) + _encode(tokenizer, pieces[half:], max_len)


def _windows(tokenizer, text: str, max_words: int, overlap: int, max_len: int) -> tuple[list[Chunk], list[_Window]]:
    toks = tokenize(text)
    chs = chunks(text, max_words=max_words, overlap=min(overlap, max_words - 1), tokens=toks) if toks else []
    out: list[_Window] = []
    for k, ch in enumerate(chs):
        for pieces, ids, wids in _encode(tokenizer, split_pieces(ch.tokens), max_len):
            out.append(_Window(k, pieces, ids, wids))
    return chs, out


def _first_subword_labels(word_ids: Sequence[int | None], word_labels: Sequence[int]) -> list[int]:
    out, prev = [], None
    for w in word_ids:
        out.append(-100 if w is None or w == prev else word_labels[w])
        prev = w
    return out


def _batches(items: Sequence[_Window], size: int) -> Iterable[Sequence[_Window]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _collate(batch: Sequence[_Window], pad_id: int, device, with_labels: bool):
    import torch

    width = max(len(w.input_ids) for w in batch)
    ids = torch.full((len(batch), width), pad_id, dtype=torch.long)
    mask = torch.zeros((len(batch), width), dtype=torch.long)
    labels = torch.full((len(batch), width), -100, dtype=torch.long) if with_labels else None
    for i, w in enumerate(batch):
        n = len(w.input_ids)
        ids[i, :n] = torch.tensor(w.input_ids)
        mask[i, :n] = 1
        if labels is not None and w.labels is not None:
            labels[i, :n] = torch.tensor(w.labels)
    out = {"input_ids": ids.to(device), "attention_mask": mask.to(device)}
    if labels is not None:
        out["labels"] = labels.to(device)
    return out


# --------------------------------------------------------------------------- detector


class TransformerDetector:
    """A local token-classification model as a Detector (``name = "model"``).

    Labels from ``id2label`` may be BIO ("B-PATIENT") or plain ("PATIENT");
    ``label_map`` renames them on output (labels mapped to "" are dropped).
    """

    name = "model"

    def __init__(
        self,
        folder: str | Path,
        label_map: Mapping[str, str] | None = None,
        *,
        max_words: int = 250,
        overlap: int = 50,
        batch_size: int = 8,
        device: str | None = None,
    ) -> None:
        self.folder = Path(folder)
        check_hf_folder(self.folder)
        force_offline()
        try:
            import torch  # noqa: F401
            from transformers import AutoModelForTokenClassification
        except ImportError:
            raise InputError("this is a transformer model: install phisift[ml] (torch, transformers)", self.folder) from None
        _quiet()
        self.tokenizer = _load_tokenizer(self.folder)
        try:
            self.model = AutoModelForTokenClassification.from_pretrained(str(self.folder), local_files_only=True)
        except Exception as exc:  # noqa: BLE001
            raise InputError(f"corrupt model folder: the weights cannot be read ({type(exc).__name__})", self.folder) from None
        id2label = {int(k): str(v) for k, v in self.model.config.id2label.items()}
        if all(v.startswith("LABEL_") for v in id2label.values()):
            raise InputError("the model's config.json has no label names (id2label is LABEL_0, LABEL_1, ...)", self.folder)
        self.id2label = id2label
        self.label_map = dict(label_map) if label_map else None
        self.max_words, self.overlap, self.batch_size = max_words, overlap, batch_size
        self.device = _device(device)
        self.model.to(self.device)
        self.model.eval()
        self.max_len = _max_length(self.tokenizer, self.model)
        self._device_name = device

    @property
    def labels(self) -> list[str]:
        return sorted({v.split("-", 1)[-1] for v in self.id2label.values() if v != "O"})

    def tag_many(self, texts: Sequence[str]) -> list[list[Span]]:
        """Spans with the model's own labels, for several texts batched together."""
        import torch

        per_text = [_windows(self.tokenizer, t, self.max_words, self.overlap, self.max_len) for t in texts]
        flat = [(ti, w) for ti, (_, ws) in enumerate(per_text) for w in ws]
        results: list[tuple[list[str], list[float]]] = []
        pad = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else 0
        with torch.inference_mode():
            for batch in _batches([w for _, w in flat], self.batch_size):
                inputs = _collate(batch, pad, self.device, with_labels=False)
                probs = torch.softmax(self.model(**inputs).logits.float(), dim=-1).cpu()
                best_p, best = probs.max(dim=-1)
                for i, w in enumerate(batch):
                    labels = ["O"] * len(w.pieces)
                    scores = [1.0] * len(w.pieces)
                    prev = None
                    for pos, wid in enumerate(w.word_ids):
                        if wid is not None and wid != prev:
                            labels[wid] = self.id2label.get(int(best[i, pos]), "O")
                            scores[wid] = float(best_p[i, pos])
                        prev = wid
                    results.append((labels, scores))
        out: list[list[Span]] = []
        r = 0
        for ti, (chs, ws) in enumerate(per_text):
            per_chunk: list[list[Span]] = [[] for _ in chs]
            for w in ws:
                labels, scores = results[r]
                r += 1
                ch = chs[w.chunk_index]
                for s in decode_bio(w.pieces, labels, scores, self.name):
                    per_chunk[w.chunk_index].append(Span(s.start - ch.start, s.end - ch.start, s.label, s.source, s.score))
            out.append(merge_chunk_spans(chs, per_chunk) if chs else [])
        return out

    def tag(self, text: str) -> list[Span]:
        return self.tag_many([text])[0]

    def detect(self, text: str) -> list[Span]:
        return relabel(self.tag(text), self.label_map)

    def __getstate__(self) -> dict:
        return {
            "folder": str(self.folder), "label_map": self.label_map, "max_words": self.max_words,
            "overlap": self.overlap, "batch_size": self.batch_size, "device": self._device_name,
        }

    def __setstate__(self, state: dict) -> None:
        self.__init__(
            state["folder"], state["label_map"], max_words=state["max_words"], overlap=state["overlap"],
            batch_size=state["batch_size"], device=state["device"],
        )

    def __repr__(self) -> str:
        return f"TransformerDetector({self.folder})"


def default_foreign_map(labels: Iterable[str]) -> dict[str, str]:
    """A map onto i2b2 subtypes for a foreign model's labels that are not i2b2 subtypes already."""
    out = {}
    for lab in labels:
        if lab in I2B2_LABELS:
            continue
        key = lab.upper().replace("-", "_")
        if key in FOREIGN_TO_I2B2:
            out[lab] = FOREIGN_TO_I2B2[key]
    return out


# --------------------------------------------------------------------------- training


@dataclass(frozen=True)
class TransformerParams:
    """Fine-tuning settings; defaults as in the Filtered BERT paper (Kang et al. 2021)."""

    learning_rate: float = 3e-5
    epochs: int = 5
    batch_size: int = 8
    max_words: int = 250
    overlap: int = 50
    warmup: float = 0.1
    weight_decay: float = 0.01
    seed: int = 0
    device: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def bio_label_set(docs: Iterable[Document]) -> list[str]:
    names = sorted({s.label for d in docs for s in d.spans})
    return ["O"] + [f"{p}-{n}" for n in names for p in ("B", "I")]


def _training_windows(tokenizer, docs: Sequence[Document], label2id: Mapping[str, int], p: TransformerParams,
                      max_len: int) -> list[_Window]:
    out = []
    for doc in docs:
        _, ws = _windows(tokenizer, doc.text, p.max_words, p.overlap, max_len)
        for w in ws:
            word_labels = [label2id.get(lab, 0) for lab in bio_labels(w.pieces, doc.spans)]
            w.labels = _first_subword_labels(w.word_ids, word_labels)
            out.append(w)
    return out


def _token_classifier(base: Path, label2id: Mapping[str, int], id2label: Mapping[int, str]):
    """The base model with a fresh token-classification head for ``label2id`` (an ``InputError`` if it cannot be)."""
    from transformers import AutoModelForTokenClassification

    try:
        return AutoModelForTokenClassification.from_pretrained(
            str(base), num_labels=len(label2id), id2label=id2label, label2id=label2id,
            local_files_only=True, ignore_mismatched_sizes=True,
        )
    except Exception as exc:  # noqa: BLE001
        raise InputError(f"the base model cannot be loaded for token classification ({type(exc).__name__})", base) from None


def _optimizer(model, params: TransformerParams, n_windows: int):
    """AdamW without weight decay on biases and norms, and a linear schedule with warm-up over every epoch."""
    import torch
    from transformers import get_linear_schedule_with_warmup

    no_decay = ("bias", "LayerNorm.weight", "layer_norm.weight", "norm.weight")
    groups = [
        {"params": [p for n, p in model.named_parameters() if not n.endswith(no_decay)], "weight_decay": params.weight_decay},
        {"params": [p for n, p in model.named_parameters() if n.endswith(no_decay)], "weight_decay": 0.0},
    ]
    optimizer = torch.optim.AdamW(groups, lr=params.learning_rate)
    steps = math.ceil(n_windows / params.batch_size) * params.epochs
    return optimizer, get_linear_schedule_with_warmup(optimizer, int(steps * params.warmup), steps)


def _train_epoch(model, order: Sequence[_Window], batch_size: int, pad: int, device, optimizer, scheduler) -> float:
    """One pass over the training windows in ``order``; the mean batch loss."""
    import torch

    model.train()
    total, n = 0.0, 0
    for batch in _batches(order, batch_size):
        inputs = _collate(batch, pad, device, with_labels=True)
        loss = model(**inputs).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
        total += float(loss.detach())
        n += 1
    return total / max(n, 1)


def _dev_figures(model, tokenizer, folder: Path, params: TransformerParams,
                 evaluate_dev: Callable[[TransformerDetector], dict]) -> dict:
    """The dev figures of the model as it stands after an epoch (saved to ``folder`` and tagged like any model)."""
    model.eval()
    model.save_pretrained(str(folder))
    tokenizer.save_pretrained(str(folder))
    det = TransformerDetector(folder, batch_size=params.batch_size, max_words=params.max_words,
                              overlap=params.overlap, device=params.device)
    return evaluate_dev(det)


def train_transformer(
    train_docs: Sequence[Document],
    base: str | Path,
    out_dir: str | Path,
    params: TransformerParams,
    dev_docs: Sequence[Document] | None = None,
    evaluate_dev: Callable[[TransformerDetector], dict] | None = None,
    log: Callable[[str], None] = lambda m: None,
) -> dict[str, Any]:
    """Fine-tune ``base`` for token classification and save it to ``out_dir``.

    Returns a summary (labels, seconds, per-epoch loss and dev figures, best epoch).
    ``evaluate_dev`` scores a detector on the dev documents (strict entity figures);
    without dev documents the last epoch is kept.
    """
    force_offline()
    import torch

    base = Path(base)
    check_hf_folder(base)
    _quiet()
    out_dir = Path(out_dir)
    labels = bio_label_set(train_docs)
    if len(labels) == 1:
        raise InputError("no annotated spans in the training corpus")
    label2id = {lab: i for i, lab in enumerate(labels)}
    id2label = {i: lab for lab, i in label2id.items()}
    random.seed(params.seed)
    torch.manual_seed(params.seed)
    tokenizer = _load_tokenizer(base)
    model = _token_classifier(base, label2id, id2label)
    device = _device(params.device)
    model.to(device)
    max_len = _max_length(tokenizer, model)
    windows = _training_windows(tokenizer, train_docs, label2id, params, max_len)
    if not windows:
        raise InputError("the training corpus has no text")
    optimizer, scheduler = _optimizer(model, params, len(windows))
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    rng = random.Random(params.seed)
    history: list[dict[str, Any]] = []
    best_f1, best_epoch = -1.0, 0
    t0 = time.perf_counter()
    out_dir.mkdir(parents=True, exist_ok=True)
    for epoch in range(1, params.epochs + 1):
        order = list(windows)
        rng.shuffle(order)
        loss = _train_epoch(model, order, params.batch_size, pad, device, optimizer, scheduler)
        row: dict[str, Any] = {"epoch": epoch, "loss": round(loss, 5)}
        keep = True
        if dev_docs and evaluate_dev is not None:
            row["dev"] = _dev_figures(model, tokenizer, out_dir / ".epoch", params, evaluate_dev)
            f1 = row["dev"]["entity_strict"]["f1"]
            keep = f1 > best_f1
            if keep:
                best_f1, best_epoch = f1, epoch
            log(f"epoch {epoch}: loss {row['loss']:.4f}, dev strict F1 {f1:.4f}")
        else:
            best_epoch = epoch
            log(f"epoch {epoch}: loss {row['loss']:.4f}")
        if keep:
            model.save_pretrained(str(out_dir))
            tokenizer.save_pretrained(str(out_dir))
        history.append(row)
    import shutil

    shutil.rmtree(out_dir / ".epoch", ignore_errors=True)
    return {
        "labels": labels,
        "seconds": round(time.perf_counter() - t0, 2),
        "windows": len(windows),
        "history": history,
        "best_epoch": best_epoch,
        "device": str(device),
        "max_length": max_len,
    }


__all__ = [
    "TransformerDetector",
    "TransformerParams",
    "train_transformer",
    "check_hf_folder",
    "default_foreign_map",
    "FOREIGN_TO_I2B2",
    "bio_label_set",
]
