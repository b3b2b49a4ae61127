"""A small neural PHI tagger trained from scratch on CPU: hashed piece features and a character CNN
under a BiLSTM, a softmax over the CRF's BIO labels.

Why another model family: on MEDDOCAN every lever of the CRF was tried and the CRFs of the
ensemble (``ensemble``) make nearly the same errors, being linear models over the same
features. A recurrent tagger sees the whole window rather than a fixed ±3 context and learns
non-linear combinations of what a piece is, so its errors differ; averaged with the CRFs'
marginals (its softmax is a per-piece label distribution, the same thing) it can correct them.

Inputs of a piece, all computed by the CRF's ``Featurizer`` on the same pieces:

* the piece's own features (word, affixes, shapes, rule and lexicon hits, gazetteer, cue words,
  line label, layout), without the neighbour features by default: the BiLSTM reads the
  neighbours itself. Each feature string is hashed with a keyed BLAKE2b into one of
  ``buckets`` rows of an embedding table, summed per piece (an embedding bag): no vocabulary is
  stored, so the model folder lists no training word (as the gazetteer's digests);
* the piece's characters (code points hashed into ``char_buckets``) through a convolution and a
  max-pool: what an unseen surname or street shares with seen ones.

Training: Adam, windows of up to 250 words (the CRF's training windows) in batches of similar
length, dropout on inputs and on the BiLSTM's output, fixed seeds and ``threads`` torch threads;
with a dev scorer the epoch with the best dev strict F1 is kept (early stopping after
``patience`` epochs without a gain). torch is imported only when a neural model is trained or
loaded, so the core install works without it.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import random
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from ...document import Document, Span
from ...errors import InputError, UsageError
from .ensemble import best_path
from .pieces import Piece, Window, decode_bio

__all__ = ["NeuralSettings", "FeatureHasher", "Encoded", "NeuralTagger", "train_neural", "encode_windows",
           "deepest_marginals", "DevScorer", "require_torch", "train_member", "blend", "NEURAL_FILE"]

#: The neural member's weights in a model folder (its settings, labels and key are in the config).
NEURAL_FILE = "model-neural.pt"
#: How many CRFs the neural member counts as when its probabilities are averaged with their marginals.
DEFAULT_WEIGHT = 1.0


@dataclass
class NeuralSettings:
    """Everything that decides the network and its training; saved in the model config."""

    buckets: int = 1 << 17  # rows of the hashed feature embedding
    feat_dim: int = 64
    #: standard deviation of the feature embedding's initial rows: a piece sums ~15 of them, and torch's
    #: default (1) made MEDDOCAN dev F1 climb more slowly (0.906 against 0.931 after 3 epochs, with lr 0.003)
    feat_init: float = 0.1
    char_buckets: int = 1024
    char_dim: int = 24
    char_filters: int = 64
    max_chars: int = 20  # longer pieces: their first and last 10 characters
    hidden: int = 128  # per direction
    dropout: float = 0.3
    feature_dropout: float = 0.1  # share of a piece's feature strings dropped in training
    context: bool = False  # keep the neighbour features ("-1w=", "1h=") in the input
    epochs: int = 15
    patience: int = 3
    batch: int = 16  # windows per step
    lr: float = 3e-3
    clip: float = 5.0
    threads: int = 2
    seed: int = 0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "NeuralSettings":
        return cls(**{k: v for k, v in d.items() if k in cls.__dataclass_fields__})


def require_torch():
    """torch, or a clear UsageError for an installation without it (the core install has none)."""
    import sys

    if "torch" not in sys.modules:  # idle OpenMP threads sleep instead of spinning on a shared machine
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    try:
        import torch
    except ImportError:
        raise UsageError("the neural tagger needs torch: pip install 'phisift[ml]' "
                         "(or leave 'neural' out of --ensemble)") from None
    return torch


# --------------------------------------------------------------------------- inputs


def _is_context(feature: str) -> bool:
    """A neighbour's feature ("-1w=", "2s=", "1h=", "-1|0=" bigrams): they start with an offset."""
    c = feature[0]
    return c == "-" or c.isdigit()


class FeatureHasher:
    """Feature strings -> embedding rows 1..buckets-1 by a keyed BLAKE2b (row 0 is never used).

    Keyed so that the rows a saved model uses do not tell which words it was trained on
    without its key (stored beside the weights, as the gazetteer's); cached per string.
    """

    def __init__(self, key: bytes, buckets: int, context: bool = False) -> None:
        self.key, self.buckets, self.context = key, buckets, context
        self._cache: dict[str, int] = {}

    def row(self, feature: str) -> int:
        r = self._cache.get(feature)
        if r is None:
            digest = hashlib.blake2b(feature.encode("utf-8"), key=self.key, digest_size=8).digest()
            r = 1 + int.from_bytes(digest, "little") % (self.buckets - 1)
            if len(self._cache) < 1 << 21:
                self._cache[feature] = r
        return r

    def rows(self, feats: Sequence[str]) -> list[int]:
        if self.context:
            return [self.row(f) for f in feats]
        return [self.row(f) for f in feats if not _is_context(f)]


def _char_ids(text: str, settings: NeuralSettings) -> list[int]:
    """A piece's characters as ids 1..char_buckets-1 (case kept), its ends kept when it is long."""
    if len(text) > settings.max_chars:
        half = settings.max_chars // 2
        text = text[:half] + text[-half:]
    n = settings.char_buckets - 1
    return [1 + ord(c) % n for c in text]


@dataclass
class Encoded:
    """One window of pieces as the network reads it (numpy, compact enough to hold a corpus)."""

    rows: np.ndarray  # feature rows of all pieces, concatenated (int64)
    counts: np.ndarray  # feature rows per piece (int64)
    chars: np.ndarray  # [pieces, max_chars] character ids, 0 = padding (int16)
    labels: np.ndarray | None = None  # label index per piece (int64), training only

    def __len__(self) -> int:
        return len(self.counts)


def encode_windows(pieces: Sequence[Piece], feats: Sequence[Sequence[str]], windows: Sequence[Window],
                   hasher: FeatureHasher, settings: NeuralSettings,
                   labels: Sequence[int] | None = None) -> list[Encoded]:
    """The windows of one featurized text (``Featurizer.featurize``) as ``Encoded`` windows."""
    rows = [hasher.rows(f) for f in feats]
    chars = np.zeros((len(pieces), settings.max_chars), dtype=np.int16)
    for i, p in enumerate(pieces):
        ids = _char_ids(p.text, settings)
        chars[i, : len(ids)] = ids
    out = []
    for w in windows:
        part = rows[w.lo : w.hi]
        out.append(Encoded(
            np.fromiter((r for rs in part for r in rs), dtype=np.int64),
            np.fromiter((len(rs) for rs in part), dtype=np.int64, count=len(part)),
            chars[w.lo : w.hi].copy(),
            None if labels is None else np.asarray(labels[w.lo : w.hi], dtype=np.int64)))
    return out


def training_windows(docs: Sequence[Document], featurizer: Any, jackknife: Sequence[Any] | None,
                     hasher: FeatureHasher, settings: NeuralSettings) -> tuple[list[Encoded], list[str]]:
    """The training windows of ``docs`` encoded with their BIO label ids, and the sorted labels.

    Featurized as the CRF's training sequences are (``train.crf_sequences``: document ``i`` with the
    jackknifed gazetteer ``i % folds``) and encoded one document at a time, so the feature strings
    of the whole corpus are never held at once.
    """
    from .pieces import bio_labels

    index: dict[str, int] = {"O": 0}
    out: list[Encoded] = []
    for i, doc in enumerate(docs):
        gaz = jackknife[i % len(jackknife)] if jackknife else None
        pieces, feats, windows = featurizer.featurize(doc.text, gaz, overlap=0)
        ids = [index.setdefault(lab, len(index)) for lab in bio_labels(pieces, doc.spans)]
        out.extend(encode_windows(pieces, feats, windows, hasher, settings, ids))
    labels = sorted(index)
    remap = np.asarray([labels.index(lab) for lab in index], dtype=np.int64)
    for e in out:
        e.labels = remap[e.labels]
    return out, labels


# --------------------------------------------------------------------------- network


def _network(settings: NeuralSettings, n_labels: int):
    """The network (built here so that torch is imported only when one is needed)."""
    torch = require_torch()
    nn = torch.nn
    from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            s = settings
            self.feats = nn.EmbeddingBag(s.buckets, s.feat_dim, mode="sum")
            nn.init.normal_(self.feats.weight, 0.0, s.feat_init)
            self.chars = nn.Embedding(s.char_buckets, s.char_dim, padding_idx=0)
            self.conv = nn.Conv1d(s.char_dim, s.char_filters, 3, padding=1)
            self.drop = nn.Dropout(s.dropout)
            self.lstm = nn.LSTM(s.feat_dim + s.char_filters, s.hidden, batch_first=True, bidirectional=True)
            self.out = nn.Linear(2 * s.hidden, n_labels)

        def forward(self, rows, offsets, weights, chars, lengths):
            f = self.feats(rows, offsets, per_sample_weights=weights)
            c = torch.relu(self.conv(self.chars(chars).transpose(1, 2))).amax(2)
            x = self.drop(torch.cat([f, c], 1))
            padded = pad_sequence(torch.split(x, lengths), batch_first=True)
            packed = pack_padded_sequence(padded, torch.tensor(lengths), batch_first=True, enforce_sorted=False)
            h, _ = pad_packed_sequence(self.lstm(packed)[0], batch_first=True)
            mask = torch.arange(h.shape[1])[None, :] < torch.tensor(lengths)[:, None]
            return self.out(self.drop(h))[mask]  # [pieces of the batch, labels], in window order

    return Net()


def _batch(encs: Sequence[Encoded], feature_dropout: float = 0.0, generator=None):
    """The tensors of a batch of windows: feature rows, bag offsets and weights, characters, lengths."""
    torch = require_torch()
    rows = torch.from_numpy(np.concatenate([e.rows for e in encs]))
    counts = np.concatenate([e.counts for e in encs])
    offsets = torch.from_numpy(np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64))
    if feature_dropout > 0:
        weights = (torch.rand(len(rows), generator=generator) >= feature_dropout).float()
    else:
        weights = torch.ones(len(rows))
    chars = torch.from_numpy(np.concatenate([e.chars for e in encs]).astype(np.int64))
    return rows, offsets, weights, chars, [len(e) for e in encs]


def _length_batches(encs: Sequence[Encoded], size: int, rng: random.Random) -> list[list[int]]:
    """Indices of windows in batches of similar length (little padding), the batches in random order."""
    order = list(range(len(encs)))
    rng.shuffle(order)
    pool = size * 20
    batches = []
    for k in range(0, len(order), pool):
        chunk = sorted(order[k : k + pool], key=lambda i: len(encs[i]))
        batches.extend(chunk[j : j + size] for j in range(0, len(chunk), size))
    rng.shuffle(batches)
    return batches


# --------------------------------------------------------------------------- tagger


class NeuralTagger:
    """A trained network with its hasher and labels: per-piece label probabilities of windows."""

    def __init__(self, net: Any, settings: NeuralSettings, labels: Sequence[str], key: bytes) -> None:
        self.net, self.settings, self.labels, self.key = net, settings, list(labels), key
        self.hasher = FeatureHasher(key, settings.buckets, settings.context)

    def probabilities(self, encs: Sequence[Encoded], batch: int = 32) -> list[np.ndarray]:
        """Per window, a [pieces, labels] array of softmax probabilities (the network in eval mode)."""
        torch = require_torch()
        self.net.eval()
        out: list[np.ndarray] = [np.zeros((0, len(self.labels)), dtype=np.float32)] * len(encs)
        order = sorted(range(len(encs)), key=lambda i: len(encs[i]))
        with torch.inference_mode():
            for k in range(0, len(order), batch):
                idx = [i for i in order[k : k + batch] if len(encs[i])]
                if not idx:
                    continue
                probs = torch.softmax(self.net(*_batch([encs[i] for i in idx])), 1).numpy()
                at = 0
                for i in idx:
                    out[i] = probs[at : at + len(encs[i])]
                    at += len(encs[i])
        return out

    def window_probabilities(self, pieces: Sequence[Piece], feats: Sequence[Sequence[str]],
                             windows: Sequence[Window]) -> list[np.ndarray]:
        """Per window of a featurized text, its pieces' probabilities (what ``CrfDetector`` averages in)."""
        return self.probabilities(encode_windows(pieces, feats, windows, self.hasher, self.settings))

    def save(self, path: Path) -> None:
        torch = require_torch()
        torch.save(self.net.state_dict(), str(path))
        os.chmod(path, 0o600)

    def spec(self, model_file: str) -> dict[str, Any]:
        """The model config's entry for this member (the weights file is ``model_file``)."""
        return {"name": "neural", "kind": "neural", "model_file": model_file, "labels": self.labels,
                "key": self.key.hex(), "neural": self.settings.as_dict()}

    @classmethod
    def load(cls, path: Path, spec: Mapping[str, Any]) -> "NeuralTagger":
        """The tagger of a model folder's weights file and config entry (offline: a local file)."""
        torch = require_torch()
        if not path.is_file():
            raise InputError("partial model folder: the neural member's weights file is missing", path.parent)
        try:
            settings = NeuralSettings.from_dict(spec.get("neural", {}))
            labels, key = [str(x) for x in spec["labels"]], bytes.fromhex(spec["key"])
            net = _network(settings, len(labels))
            net.load_state_dict(torch.load(str(path), map_location="cpu", weights_only=True))
        except (KeyError, TypeError, ValueError, RuntimeError, OSError, EOFError, pickle.UnpicklingError) as exc:
            raise InputError(f"corrupt neural member ({type(exc).__name__})", path) from None
        net.eval()
        return cls(net, settings, labels, key)


def deepest_marginals(n: int, windows: Sequence[Window], probs: Sequence[np.ndarray], n_labels: int) -> np.ndarray:
    """Per piece of a text, the probabilities of the window it lies farthest from an edge in
    (overlapping windows: near a cut a window sees little context)."""
    out = np.zeros((n, n_labels), dtype=np.float32)
    room = np.full(n, -1)
    for w, p in zip(windows, probs):
        size = w.hi - w.lo
        if not size:
            continue
        t = np.arange(size)
        depth = np.minimum(t, size - 1 - t)
        better = depth > room[w.lo : w.hi]
        out[w.lo : w.hi][better] = p[better]
        room[w.lo : w.hi][better] = depth[better]
    return out


def spans_from_marginals(pieces: Sequence[Piece], marginals: np.ndarray, labels: Sequence[str],
                         source: str = "model") -> list[Span]:
    """Spans of the BIO-valid best path (``ensemble.best_path``) over per-piece probabilities."""
    if not len(pieces):
        return []
    path = best_path(marginals.tolist(), labels)
    return decode_bio(pieces, [labels[j] for j in path], None, source)


def blend(crf: Sequence[Sequence[float]], n_crf: int, members: Sequence[tuple[Sequence[str], float]],
          probs: Sequence[np.ndarray], bio: Sequence[str]) -> list[list[float]]:
    """The CRFs' averaged marginals (``n_crf`` models, columns ``bio``) and the neural members' probabilities
    (their own label columns) averaged, each neural member counting as ``weight`` CRFs."""
    total = np.asarray(crf, dtype=np.float64) * n_crf
    weight = float(n_crf)
    index = {lab: j for j, lab in enumerate(bio)}
    for (labels, wt), p in zip(members, probs):
        cols = np.asarray([index[lab] for lab in labels])
        total[:, cols] += wt * np.asarray(p, dtype=np.float64)
        weight += wt
    return (total / weight).tolist()


# --------------------------------------------------------------------------- training


class DevScorer:
    """Dev notes featurized and encoded once, scored each epoch with the strict entity measure.

    The spans are those of the best path over each note's marginals (windows overlapping by the
    featurizer's ``overlap``), with the other mentions added when ``consistency`` is on, as
    ``phisift train`` models tag.
    """

    def __init__(self, docs: Sequence[Document], featurizer: Any, hasher: FeatureHasher, settings: NeuralSettings,
                 consistency: bool = True) -> None:
        self.docs = list(docs)
        self.consistency = consistency
        self.items = []
        for doc in self.docs:
            pieces, feats, windows = featurizer.featurize(doc.text, overlap=featurizer.settings.overlap)
            self.items.append((pieces, windows, encode_windows(pieces, feats, windows, hasher, settings)))

    def predict(self, tagger: NeuralTagger) -> dict[str, list[Span]]:
        from .stack import other_mentions

        pred = {}
        for doc, (pieces, windows, encs) in zip(self.docs, self.items):
            m = deepest_marginals(len(pieces), windows, tagger.probabilities(encs), len(tagger.labels))
            spans = spans_from_marginals(pieces, m, tagger.labels)
            pred[doc.id] = other_mentions(doc.text, spans) if self.consistency else spans
        return pred

    def score(self, tagger: NeuralTagger) -> dict[str, Any]:
        from ...evaluate import evaluate

        return evaluate(self.docs, self.predict(tagger)).as_dict()["entity_strict"]


def _epoch(net, opt, encs: Sequence[Encoded], settings: NeuralSettings, rng: random.Random, gen) -> float:
    """One pass over the training windows; the mean loss per piece."""
    torch = require_torch()
    net.train()
    total, pieces = 0.0, 0
    for idx in _length_batches(encs, settings.batch, rng):
        batch = [encs[i] for i in idx]
        gold = torch.from_numpy(np.concatenate([e.labels for e in batch]))
        logits = net(*_batch(batch, settings.feature_dropout, gen))
        loss = torch.nn.functional.cross_entropy(logits, gold, reduction="sum")
        opt.zero_grad()
        (loss / len(gold)).backward()
        torch.nn.utils.clip_grad_norm_(net.parameters(), settings.clip)
        opt.step()
        total += float(loss.detach())
        pieces += len(gold)
    return total / max(pieces, 1)


def train_neural(encs: Sequence[Encoded], labels: Sequence[str], key: bytes, settings: NeuralSettings,
                 dev: DevScorer | None = None, log: Callable[[str], None] = lambda m: None,
                 ) -> tuple[NeuralTagger, list[dict[str, Any]]]:
    """Train the network on encoded training windows; with ``dev``, keep the epoch of the best dev strict F1.

    Returns the tagger and one row per epoch (loss, seconds, dev figures).
    """
    torch = require_torch()
    torch.set_num_threads(settings.threads)
    torch.manual_seed(settings.seed)
    rng = random.Random(settings.seed)
    gen = torch.Generator().manual_seed(settings.seed)
    net = _network(settings, len(labels))
    tagger = NeuralTagger(net, settings, labels, key)
    opt = torch.optim.Adam(net.parameters(), lr=settings.lr)
    history: list[dict[str, Any]] = []
    best, best_state, waited = -1.0, None, 0
    for epoch in range(1, settings.epochs + 1):
        t0 = time.process_time()
        loss = _epoch(net, opt, encs, settings, rng, gen)
        row: dict[str, Any] = {"epoch": epoch, "loss": round(loss, 5), "cpu_seconds": round(time.process_time() - t0, 1)}
        if dev is not None:
            s = dev.score(tagger)
            row["dev_strict"] = s
            log(f"neural epoch {epoch}: loss {loss:.4f}, dev strict P {s['precision']:.4f} R {s['recall']:.4f} "
                f"F1 {s['f1']:.4f} ({row['cpu_seconds']:.0f} CPU-s)")
            if s["f1"] > best:
                best, waited = s["f1"], 0
                best_state = {k: v.detach().clone() for k, v in net.state_dict().items()}
            else:
                waited += 1
        else:
            log(f"neural epoch {epoch}: loss {loss:.4f} ({row['cpu_seconds']:.0f} CPU-s)")
        history.append(row)
        if dev is not None and waited >= settings.patience:
            break
    if best_state is not None:
        net.load_state_dict(best_state)
    net.eval()
    return tagger, history


def train_member(docs: Sequence[Document], dev_docs: Sequence[Document] | None, featurizer: Any,
                 jackknife: Sequence[Any] | None, folder: Path, settings: NeuralSettings, consistency: bool = True,
                 log: Callable[[str], None] = lambda m: None) -> dict[str, Any]:
    """Train the neural ensemble member on the command's own features (``featurizer``, its gazetteer
    jackknifed for the training notes as the CRF's); write its weights into ``folder``; its config entry.

    With ``dev_docs`` the epoch is chosen on dev (early stopping), as the CRF's c1/c2 are.
    """
    key = os.urandom(16)
    hasher = FeatureHasher(key, settings.buckets, settings.context)
    t = time.process_time()
    encs, labels = training_windows(docs, featurizer, jackknife, hasher, settings)
    dev = DevScorer(dev_docs, featurizer, hasher, settings, consistency) if dev_docs else None
    log(f"ensemble member neural: {sum(len(e) for e in encs)} pieces encoded ({time.process_time() - t:.0f} CPU-s), "
        f"training up to {settings.epochs} epochs")
    tagger, history = train_neural(encs, labels, key, settings, dev, log)
    tagger.save(folder / NEURAL_FILE)
    kept = max(history, key=lambda r: r["dev_strict"]["f1"])["epoch"] if dev else len(history)
    return {**tagger.spec(NEURAL_FILE), "weight": DEFAULT_WEIGHT, "epoch": kept,
            "cpu_seconds": round(time.process_time() - t, 1), "history": history}
