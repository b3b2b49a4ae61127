"""A BERT masked language model built from the user's own notes, or a local one adapted to them.

DataSifterText fills masked words with a BERT model "constructed on the
documents", and Filtered BERT proposes replacements with one; hospitals often
cannot bring a pretrained clinical model in, so phisift trains one on a CPU:
a WordPiece vocabulary learned from the corpus (``wordpiece.py``), a small BERT,
a plain torch loop with whole-word masking (``masking.py``), AdamW with a linear
warm-up and decay. ``load_mlm`` is the one way every other part of phisift loads
a masked LM: from a folder, never from the network.

Reproducibility: with the same corpus, settings, seed, torch version and thread
count, two runs give bit-identical weights (the seed fixes initialisation,
dropout, shuffling and masking; deterministic algorithms are switched on). A
different number of threads, another CPU type or another torch build may change
the last bits of float sums and so the weights. A run stopped by
``max_minutes`` depends on the machine's speed and is not reproducible.
"""

from __future__ import annotations

import json
import math
import time
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..document import Document
from ..errors import InputError, UsageError
from ..progress import Reporter, reporter_or_null
from ._common import METADATA_FILE, check_new_output, force_offline, package_versions, prefer_passive_threads, staged_dir


@dataclass(frozen=True)
class ModelSize:
    layers: int
    hidden: int
    heads: int
    intermediate: int
    vocab_size: int
    max_length: int
    batch_size: int
    learning_rate: float
    dropout: float = 0.1
    mask_probability: float = 0.15


SIZES: dict[str, ModelSize] = {
    # ~1.5 M parameters (1 M of them the 8 k vocabulary): seconds per 100 steps on a laptop. Tuned for a
    # budget of CPU minutes (issue 18.6, docs/lm.md): chunks of 64 tokens (twice the steps for the same
    # tokens read), a higher learning rate, no dropout (the model underfits, it does not overfit) and
    # 30% of words masked (twice the predictions per token read).
    "tiny": ModelSize(layers=2, hidden=128, heads=2, intermediate=512, vocab_size=8000, max_length=64,
                      batch_size=32, learning_rate=2e-3, dropout=0.0, mask_probability=0.3),
    # ~7 M parameters.
    "small": ModelSize(layers=4, hidden=256, heads=4, intermediate=1024, vocab_size=16000, max_length=128,
                       batch_size=32, learning_rate=5e-4),
    # BERT-base shape (~110 M parameters): hours to days on a CPU.
    "base": ModelSize(layers=12, hidden=768, heads=12, intermediate=3072, vocab_size=30522, max_length=256,
                      batch_size=16, learning_rate=1e-4),
}

WEIGHT_FILES = (
    "model.safetensors", "model.safetensors.index.json", "pytorch_model.bin", "pytorch_model.bin.index.json",
)
TOKENIZER_FILES = ("tokenizer.json", "vocab.txt", "vocab.json", "sentencepiece.bpe.model", "spiece.model", "tokenizer.model")


@dataclass(frozen=True)
class MlmSettings:
    """Everything that decides a training run; saved with the model.

    ``None`` means "the default of the size" (or of the ``base_model`` for
    ``max_length`` and ``dropout``). ``deid_first=None`` de-identifies when the
    detectors are installed. ``max_minutes`` bounds the wall time of the run,
    ``max_cpu_minutes`` the CPU time of the process (all its threads: 10 minutes on
    2 cores is 20 CPU minutes, the fair budget on a machine shared with other work);
    with both, the first one reached stops training. ``dedup`` skips repeated notes
    and keeps near-duplicates of training notes out of the held-out side (``corpus.py``).
    """

    size: str = "tiny"
    epochs: int = 3
    max_minutes: float | None = None
    max_cpu_minutes: float | None = None
    seed: int = 0
    holdout: float = 0.1
    base_model: str | None = None
    max_length: int | None = None
    batch_size: int | None = None
    learning_rate: float | None = None
    vocab_size: int | None = None
    warmup: float = 0.06
    weight_decay: float = 0.01
    mask_probability: float | None = None
    dropout: float | None = None
    dedup: bool = True
    lowercase: bool = True
    threads: int | None = None
    deid_first: bool | None = None
    max_eval_chunks: int = 5000

    def check(self) -> None:
        if self.size not in SIZES:
            raise UsageError(f"unknown size '{self.size}'; choose tiny, small or base")
        if self.epochs < 1:
            raise UsageError("--epochs must be at least 1")
        if self.max_minutes is not None and self.max_minutes <= 0:
            raise UsageError("--max-minutes must be positive")
        if self.max_cpu_minutes is not None and self.max_cpu_minutes <= 0:
            raise UsageError("--max-cpu-minutes must be positive")
        if not 0.0 <= self.warmup < 1.0:
            raise UsageError("--warmup must be in [0, 1)")
        if not 0.0 <= self.holdout < 1.0:
            raise UsageError("--holdout must be in [0, 1)")
        if self.max_length is not None and not 8 <= self.max_length <= 4096:
            raise UsageError("--max-length must be between 8 and 4096")
        if self.batch_size is not None and self.batch_size < 1:
            raise UsageError("--batch-size must be at least 1")
        if self.vocab_size is not None and self.vocab_size < 100:
            raise UsageError("--vocab-size must be at least 100")
        if self.mask_probability is not None and not 0.0 < self.mask_probability < 1.0:
            raise UsageError("--mask-probability must be in (0, 1)")
        if self.dropout is not None and not 0.0 <= self.dropout < 1.0:
            raise UsageError("--dropout must be in [0, 1)")
        if self.threads is not None and self.threads < 1:
            raise UsageError("--threads must be at least 1")


@dataclass
class MlmResult:
    path: Path
    report: dict[str, Any]
    tokenizer: Any = field(repr=False)
    model: Any = field(repr=False)


# --------------------------------------------------------------------------- loading
def load_mlm(path: str | Path) -> tuple[Any, Any]:
    """``(tokenizer, model)`` of a masked LM in a local folder, in eval mode; never touches the network.

    Any Hugging Face masked LM folder works (BERT, RoBERTa, a clinical BERT copied
    onto the machine). A missing, partial or unreadable folder raises ``InputError``
    naming it, so the command line prints one line instead of a traceback.
    """
    force_offline()
    folder = Path(path)
    if not folder.exists():
        raise InputError("no such model folder", folder)
    if not folder.is_dir():
        raise InputError("expected a model folder (config.json, weights, tokenizer files), found a file", folder)
    if not (folder / "config.json").is_file():
        raise InputError("not a model folder: config.json is missing", folder)
    if not any((folder / name).is_file() for name in WEIGHT_FILES):
        raise InputError("partial model folder: no weights file (model.safetensors or pytorch_model.bin)", folder)
    if not any((folder / name).is_file() for name in TOKENIZER_FILES):
        raise InputError("partial model folder: no tokenizer files (tokenizer.json or vocab.txt)", folder)

    from transformers import AutoConfig, AutoModelForMaskedLM, AutoTokenizer

    _quiet_transformers()
    try:
        config = AutoConfig.from_pretrained(folder, local_files_only=True)
    except Exception as exc:  # noqa: BLE001 - any failure here means the file is damaged
        raise InputError(f"corrupt model folder: config.json cannot be read ({type(exc).__name__})", folder) from None
    try:
        tokenizer = AutoTokenizer.from_pretrained(folder, local_files_only=True)
    except Exception as exc:  # noqa: BLE001
        raise InputError(f"corrupt model folder: the tokenizer cannot be read ({type(exc).__name__})", folder) from None
    try:
        model, info = AutoModelForMaskedLM.from_pretrained(
            folder, config=config, local_files_only=True, output_loading_info=True
        )
    except Exception as exc:  # noqa: BLE001
        raise InputError(f"corrupt model folder: the weights cannot be read ({type(exc).__name__})", folder) from None
    missing = [k for k in info.get("missing_keys", ()) if not k.endswith(("position_ids", "decoder.bias"))]
    if missing:
        raise InputError(
            f"partial model folder: the weights lack {len(missing)} tensors the config needs (e.g. {missing[0]})", folder
        )
    if tokenizer.mask_token_id is None:
        raise InputError("not a masked language model: the tokenizer has no mask token", folder)
    if len(tokenizer) > model.get_input_embeddings().num_embeddings:
        raise InputError("tokenizer and weights do not match: the vocabulary is larger than the embeddings", folder)
    model.eval()
    return tokenizer, model


def _quiet_transformers() -> None:
    """No tqdm bars or advice from transformers: phisift draws its own progress on stderr."""
    import transformers

    transformers.logging.set_verbosity_error()
    transformers.logging.disable_progress_bar()


def top_predictions(tokenizer: Any, model: Any, text: str, k: int = 5) -> list[list[tuple[str, float]]]:
    """For each mask token in ``text``, the ``k`` likeliest tokens with their probabilities."""
    import torch

    enc = tokenizer(text, return_tensors="pt", truncation=True)
    with torch.no_grad():
        logits = model(input_ids=enc["input_ids"], attention_mask=enc["attention_mask"]).logits[0]
    where = (enc["input_ids"][0] == tokenizer.mask_token_id).nonzero().flatten().tolist()
    out = []
    for pos in where:
        probs = logits[pos].softmax(-1)
        values, ids = probs.topk(k)
        out.append([(tokenizer.convert_ids_to_tokens(int(i)), float(v)) for v, i in zip(values, ids)])
    return out


# --------------------------------------------------------------------------- training
class _Plan:
    """Warm-up and linear decay over a number of steps that a time budget may shorten."""

    def __init__(self, total: int, warmup: float) -> None:
        self.planned = total
        self.total = total
        self.warmup_share = warmup

    def factor(self, step: int) -> float:
        warm = max(1, int(self.total * self.warmup_share))
        if step < warm:
            return (step + 1) / warm
        return max(0.0, (self.total - step) / max(1, self.total - warm))


def _masked_logits(model: Any, input_ids: Any, attention_mask: Any, chosen: Any) -> Any:
    """Vocabulary logits at the ``chosen`` positions only.

    BERT and RoBERTa heads are applied to the masked positions alone: with a
    small model most of the compute is the vocabulary projection, and only about
    15% of positions need it. Other architectures go through the full forward.
    """
    head = getattr(model, "cls", None) if hasattr(model, "bert") else getattr(model, "lm_head", None)
    base = getattr(model, getattr(model, "base_model_prefix", ""), None)
    if head is not None and base is not None:
        hidden = base(input_ids=input_ids, attention_mask=attention_mask)[0]
        return head(hidden[chosen])
    return model(input_ids=input_ids, attention_mask=attention_mask).logits[chosen]


@dataclass(frozen=True)
class _Ids:
    cls: int
    sep: int
    pad: int
    mask: int
    special: tuple[int, ...]
    stop: tuple[int, ...] = ()  # pieces that are an English stop word by themselves
    continuation: tuple[int, ...] = ()  # pieces that continue a word (##ing)
    unk: int = -1  # [UNK]: never counted as a right guess


def _token_ids(tokenizer: Any) -> _Ids:
    cls = tokenizer.cls_token_id if tokenizer.cls_token_id is not None else tokenizer.bos_token_id
    sep = tokenizer.sep_token_id if tokenizer.sep_token_id is not None else tokenizer.eos_token_id
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    if cls is None or sep is None or tokenizer.mask_token_id is None:
        raise UsageError("the tokenizer lacks [CLS]/[SEP]/[MASK] tokens needed for masked-LM training")
    from ..sift.lists import DEFAULT_BLACKLIST

    vocab = tokenizer.get_vocab()
    stop = tuple(sorted(i for p, i in vocab.items() if p.lower().lstrip("Ġ▁") in DEFAULT_BLACKLIST))
    cont = tuple(sorted(i for p, i in vocab.items() if p.startswith("##")))
    unk = tokenizer.unk_token_id if tokenizer.unk_token_id is not None else -1
    return _Ids(cls, sep, pad, tokenizer.mask_token_id, tuple(sorted(set(tokenizer.all_special_ids))), stop, cont, unk)


def _plain_backend(tokenizer: Any) -> Any:
    """A copy of the tokenizer's Rust backend with no truncation, padding or special tokens."""
    from tokenizers import Tokenizer

    backend = Tokenizer.from_str(tokenizer.backend_tokenizer.to_str())
    backend.no_truncation()
    backend.no_padding()
    return backend


def evaluate_chunks(model: Any, chunks: Any, ids: _Ids, seed: int, batch_size: int = 64,
                    probability: float = 0.15) -> dict[str, Any]:
    """Loss and top-1/top-5 accuracy on masked tokens of held-out chunks, overall and on content words.

    The masking is drawn from its own generator seeded with ``seed``, and every
    chosen word piece becomes ``[MASK]`` (no 10/10 random/keep), so the figure
    answers "how often is the hidden token the first (or among the first five)
    guess" and is comparable between runs and models on the same text.
    ``content_top1``/``content_top5`` count only the pieces of content words (a
    masked word that is not one of the English stop words: "the" is easy to guess,
    "shoulder" is what a fill-in needs), ``content_tokens`` how many there were.
    Those count word pieces, so a vocabulary that cuts words into more (and easier)
    pieces raises them; ``content_word_top1``/``content_word_top5`` count whole
    words instead (a word is right when every one of its pieces is), over
    ``content_words``, so vocabularies can be compared. A hidden ``[UNK]`` is never
    a right guess.
    """
    import torch

    from .masking import collate, mask_whole_words

    if len(chunks) == 0:
        return {"chunks": 0, "masked_tokens": 0, "loss": None, "top1": None, "top5": None, "content_tokens": 0,
                "content_top1": None, "content_top5": None}
    start = time.perf_counter()
    gen = torch.Generator().manual_seed(seed)
    dummy = torch.tensor([ids.mask])
    total_loss, n, hit1, hit5 = 0.0, 0, 0, 0
    cn, chit1, chit5 = 0, 0, 0
    words = [0, 0, 0]  # content words, all pieces first guess, all pieces in the first five
    vocab = model.get_input_embeddings().num_embeddings
    stop = torch.zeros(vocab + 1, dtype=torch.bool)
    cont = torch.zeros(vocab + 1, dtype=torch.bool)
    stop[[i for i in ids.stop if i < vocab]] = True
    cont[[i for i in ids.continuation if i < vocab]] = True
    was_training = model.training
    model.eval()
    with torch.no_grad():
        for lo in range(0, len(chunks), batch_size):
            batch = collate(chunks, range(lo, min(lo + batch_size, len(chunks))), ids.cls, ids.sep, ids.pad)
            inputs, labels = mask_whole_words(batch, gen, ids.mask, dummy, probability, 1.0, 0.0)
            chosen = labels != -100
            logits = _masked_logits(model, inputs, batch.attention_mask, chosen).float()
            target = labels[chosen]
            total_loss += float(torch.nn.functional.cross_entropy(logits, target, reduction="sum"))
            top = logits.topk(min(5, logits.shape[-1]), dim=-1).indices
            known = target != ids.unk
            first, any5 = (top[:, 0] == target) & known, (top == target[:, None]).any(dim=-1) & known
            hit1 += int(first.sum())
            hit5 += int(any5.sum())
            n += int(target.numel())
            content = _content_positions(labels, stop, cont)[chosen]
            cn += int(content.sum())
            chit1 += int(first[content].sum())
            chit5 += int(any5[content].sum())
            for i, value in enumerate(_word_hits(batch.word_index, chosen, content, first, any5)):
                words[i] += value
    model.train(was_training)
    return {
        "chunks": len(chunks),
        "masked_tokens": n,
        "loss": round(total_loss / n, 4),
        "top1": round(hit1 / n, 4),
        "top5": round(hit5 / n, 4),
        "content_tokens": cn,
        "content_top1": round(chit1 / cn, 4) if cn else None,
        "content_top5": round(chit5 / cn, 4) if cn else None,
        "content_words": words[0],
        "content_word_top1": round(words[1] / words[0], 4) if words[0] else None,
        "content_word_top5": round(words[2] / words[0], 4) if words[0] else None,
        "seconds": round(time.perf_counter() - start, 1),
    }


def _word_hits(word_index: Any, chosen: Any, content: Any, first: Any, any5: Any) -> tuple[int, int, int]:
    """(content words masked, words whose every piece was the first guess, ... among the first five).

    ``first``/``any5``/``content`` are per masked piece in row-major order of ``chosen``;
    a word is identified by its row and its word number in the chunk.
    """
    import torch

    rows, cols = chosen.nonzero(as_tuple=True)
    key = rows * (int(word_index.max()) + 2) + word_index[rows, cols]
    uniq, inverse = key.unique(return_inverse=True)
    size = len(uniq)

    def all_of(flags: Any) -> Any:
        out = torch.ones(size, dtype=torch.long)
        return out.scatter_reduce(0, inverse, flags.long(), reduce="amin")

    is_content = ~all_of(~content).bool()
    return (int(is_content.sum()), int((all_of(first).bool() & is_content).sum()),
            int((all_of(any5).bool() & is_content).sum()))


def _content_positions(labels: Any, stop: Any, cont: Any) -> Any:
    """Masked positions that belong to a content word: not a stop-word piece standing as a whole word."""
    import torch

    lab = labels.clamp(min=0)
    nxt = torch.full_like(labels, -100)
    nxt[:, :-1] = labels[:, 1:]
    continued = (nxt != -100) & cont[nxt.clamp(min=0)]
    return (labels != -100) & ~(stop[lab] & ~continued)


def evaluate_mlm(tokenizer: Any, model: Any, texts: Iterable[str], *, max_length: int = 128, seed: int = 0,
                 max_chunks: int | None = None) -> dict[str, Any]:
    """Masked-token loss and top-1/top-5 accuracy of any loaded masked LM on ``texts``."""
    from .masking import encode_chunks

    ids = _token_ids(tokenizer)
    chunks = encode_chunks(_plain_backend(tokenizer), texts, max_length, ids.special)
    if max_chunks is not None:
        chunks = chunks.take(max_chunks)
    return evaluate_chunks(model, chunks, ids, seed)


def train_mlm(
    docs: Iterable[Document],
    output: str | Path,
    settings: MlmSettings = MlmSettings(),
    *,
    reporter: Reporter | None = None,
    phi: Any = None,
    overwrite: bool = False,
) -> MlmResult:
    """Train (or, with ``settings.base_model``, continue training) a masked LM and save it to ``output``.

    ``docs`` is read once, de-identified first (``settings.deid_first``) with ``phi``,
    the PHI finder the caller built (default ``phisift.detect``). Progress and notes
    go to ``reporter``. The folder appears whole when training ends (also when
    the time budget stops it early) and holds the Hugging Face files plus
    ``phisift_lm.json`` with the settings and the held-out report.
    """
    import tempfile

    settings.check()
    out = check_new_output(output, overwrite)
    force_offline()
    prefer_passive_threads()
    started = _Clocks.now()

    import torch

    from .corpus import make_deidentifier, spool_corpus

    deidentify, deid_word = make_deidentifier(settings.deid_first, phi, reporter)
    say = reporter_or_null(reporter)
    old_threads = torch.get_num_threads()
    old_deterministic = torch.are_deterministic_algorithms_enabled()
    try:
        if settings.threads:
            torch.set_num_threads(settings.threads)
        torch.use_deterministic_algorithms(True)
        with tempfile.TemporaryDirectory(prefix="phisift-lm-") as work, torch.random.fork_rng(devices=[]):
            spool = spool_corpus(docs, Path(work), holdout=settings.holdout, seed=settings.seed,
                                 deidentify=deidentify, deid_word=deid_word, reporter=say, dedup=settings.dedup)
            return _train(spool, out, settings, say, started)
    finally:
        torch.set_num_threads(old_threads)
        torch.use_deterministic_algorithms(old_deterministic)


def _prepare_model(spool: Any, settings: MlmSettings, reporter: Reporter) -> tuple[Any, Any, int, dict]:
    """Tokenizer, model, chunk length and a description: new from the corpus, or the base model."""
    size = SIZES[settings.size]
    tags = spool.tags
    if settings.base_model:
        tokenizer, model = load_mlm(settings.base_model)
        if not getattr(tokenizer, "is_fast", False):
            raise UsageError("--from needs a model with a fast tokenizer (tokenizer.json)", settings.base_model)
        new = [t for t in tags if t not in tokenizer.get_vocab()]
        if new:
            # The PHI tags become single tokens; their embeddings start random (seeded).
            tokenizer.add_tokens(new, special_tokens=True)
            model.resize_token_embeddings(len(tokenizer), mean_resizing=False)
        limit = min(int(model.config.max_position_embeddings), 512)
        if getattr(model.config, "model_type", "") in ("roberta", "xlm-roberta", "camembert"):
            limit -= 2  # RoBERTa positions start after the padding index
        if tokenizer.model_max_length < limit:
            limit = int(tokenizer.model_max_length)
        else:
            tokenizer.model_max_length = limit  # so that truncation=True never exceeds the positions
        max_length = min(settings.max_length or 128, limit)
        if settings.dropout is not None:
            _set_dropout(model, settings.dropout)
        model.train()
        return tokenizer, model, max_length, {"base_model": str(settings.base_model), "tags_added": new}

    from transformers import BertConfig, BertForMaskedLM

    from .wordpiece import train_wordpiece, wrap_for_transformers

    max_length = settings.max_length or size.max_length
    vocab_size = settings.vocab_size or size.vocab_size
    reporter.note(f"learning a WordPiece vocabulary of up to {vocab_size} pieces")
    backend = train_wordpiece(spool.texts("train"), vocab_size, lowercase=settings.lowercase, extra_special=tags)
    tokenizer = wrap_for_transformers(backend, lowercase=settings.lowercase, max_length=max_length, extra_special=tags)
    config = BertConfig(
        vocab_size=backend.get_vocab_size(),
        hidden_size=size.hidden,
        num_hidden_layers=size.layers,
        num_attention_heads=size.heads,
        intermediate_size=size.intermediate,
        max_position_embeddings=max_length,
        pad_token_id=tokenizer.pad_token_id,
        hidden_dropout_prob=_dropout(settings),
        attention_probs_dropout_prob=_dropout(settings),
    )
    model = BertForMaskedLM(config)
    model.train()
    params = sum(p.numel() for p in model.parameters())
    described = {"size": settings.size, "parameters": params, "layers": size.layers, "hidden": size.hidden,
                 "heads": size.heads, "intermediate": size.intermediate, "vocab_size": backend.get_vocab_size(),
                 "max_length": max_length, "lowercase": settings.lowercase, "dropout": _dropout(settings)}
    return tokenizer, model, max_length, described


def _dropout(settings: MlmSettings) -> float:
    return settings.dropout if settings.dropout is not None else SIZES[settings.size].dropout


def _set_dropout(model: Any, p: float) -> None:
    """Every dropout layer of a loaded model (and its config) set to ``p``."""
    import torch

    for module in model.modules():
        if isinstance(module, torch.nn.Dropout):
            module.p = p
    for name in ("hidden_dropout_prob", "attention_probs_dropout_prob"):
        if hasattr(model.config, name):
            setattr(model.config, name, p)


@dataclass
class _Loop:
    """What the training loop works with (built by ``_train``)."""

    model: Any
    optimizer: Any
    scheduler: Any
    gen: Any
    ids: Any
    random_ids: Any
    batch_size: int
    steps_per_epoch: int
    mask_probability: float


class _Clocks:
    """Wall time and the process's CPU time (all threads), read together; index 0 and 1 of ``now()``."""

    @staticmethod
    def now() -> tuple[float, float]:
        return time.perf_counter(), time.process_time()


def _deadlines(settings: MlmSettings, started: tuple[float, float]) -> list[tuple[int, float]]:
    """(clock index, deadline) for the wall-time and CPU-time budgets that are set."""
    found = []
    if settings.max_minutes:
        found.append((0, started[0] + settings.max_minutes * 60))
    if settings.max_cpu_minutes:
        found.append((1, started[1] + settings.max_cpu_minutes * 60))
    return found


def _run_epochs(loop: _Loop, train: Any, settings: MlmSettings, plan: Any, deadlines: list[tuple[int, float]],
                eval_batches: int, reporter: Reporter) -> tuple[int, bool, list[float], deque[float]]:
    """The epochs of training; (steps done, stopped by a time budget, mean loss per epoch, last losses)."""
    import torch

    from .masking import collate, mask_whole_words

    step, stopped_by_time = 0, False
    recent: deque[float] = deque(maxlen=50)
    epoch_losses: list[float] = []
    step_times: list[tuple[float, float]] = []
    model, optimizer, scheduler, gen, ids = loop.model, loop.optimizer, loop.scheduler, loop.gen, loop.ids
    random_ids, batch_size, steps_per_epoch = loop.random_ids, loop.batch_size, loop.steps_per_epoch
    reporter.start("training", plan.total, "steps")
    for epoch in range(settings.epochs):
        order = torch.randperm(len(train), generator=gen).tolist()
        loss_sum, loss_n = 0.0, 0
        for b in range(steps_per_epoch):
            if step >= plan.total:
                break
            t = _Clocks.now()
            batch = collate(train, order[b * batch_size : (b + 1) * batch_size], ids.cls, ids.sep, ids.pad)
            inputs, labels = mask_whole_words(batch, gen, ids.mask, random_ids, loop.mask_probability)
            chosen = labels != -100
            logits = _masked_logits(model, inputs, batch.attention_mask, chosen)
            loss = torch.nn.functional.cross_entropy(logits.float(), labels[chosen])
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad(set_to_none=True)
            step += 1
            value = loss.item()
            loss_sum, loss_n = loss_sum + value, loss_n + 1
            recent.append(value)
            shown = sum(recent) / len(recent)
            now = _Clocks.now()
            step_times.append((now[0] - t[0], now[1] - t[1]))
            if deadlines:
                if any(now[k] >= d for k, d in deadlines):
                    stopped_by_time = True
                    break
                if step in (20, 100) or step % 500 == 0:
                    fits = [_fit_steps(step, [x[k] for x in step_times], d - now[k], eval_batches) for k, d in deadlines]
                    plan.total = max(step + 1, min(plan.planned, *fits))
                    reporter.start("training", plan.total, "steps")  # the time budget changed the plan
                    reporter.advance(step - 1)  # this step is counted just below
            reporter.advance(1, loss=f"{shown:.3f}", lr=f"{scheduler.get_last_lr()[0]:.2e}")
        if loss_n:
            epoch_losses.append(round(loss_sum / loss_n, 4))
            reporter.note(f"epoch {epoch + 1}: mean training loss {epoch_losses[-1]:.4f} ({step} steps)")
        if stopped_by_time or step >= plan.total:
            break
    reporter.finish()
    return step, stopped_by_time, epoch_losses, recent


def _train(spool: Any, out: Path, settings: MlmSettings, reporter: Reporter, started: tuple[float, float]) -> MlmResult:
    import torch

    from .masking import encode_chunks

    torch.manual_seed(settings.seed)
    tokenizer, model, max_length, described = _prepare_model(spool, settings, reporter)
    size = SIZES[settings.size]
    ids = _token_ids(tokenizer)
    backend = _plain_backend(tokenizer)
    reporter.note("encoding the corpus")
    train = encode_chunks(backend, spool.texts("train"), max_length, ids.special)
    held = encode_chunks(backend, spool.texts("holdout"), max_length, ids.special).take(settings.max_eval_chunks)
    if len(train) == 0:
        raise UsageError("the corpus has no text to train on after tokenization")
    eval_seed = settings.seed + 1

    before = evaluate_chunks(model, held, ids, eval_seed) if settings.base_model and len(held) else None

    batch_size = settings.batch_size or size.batch_size
    lr = settings.learning_rate or (5e-5 if settings.base_model else size.learning_rate)
    steps_per_epoch = math.ceil(len(train) / batch_size)
    plan = _Plan(settings.epochs * steps_per_epoch, settings.warmup)
    optimizer = _optimizer(model, settings.weight_decay, lr)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, plan.factor)
    special, vocab = set(ids.special), model.get_input_embeddings().num_embeddings
    random_ids = torch.tensor([i for i in range(vocab) if i not in special], dtype=torch.long)
    gen = torch.Generator().manual_seed(settings.seed)
    deadlines = _deadlines(settings, started)
    eval_batches = math.ceil(len(held) / 64)

    train_start = _Clocks.now()
    prepare_seconds, prepare_cpu = train_start[0] - started[0], train_start[1] - started[1]
    reporter.note(f"training on {len(train)} chunks ({train.tokens} tokens), "
                  f"{settings.epochs} epoch(s) of {steps_per_epoch} steps, batch {batch_size}, lr {lr:g}")
    masking = settings.mask_probability or (0.15 if settings.base_model else size.mask_probability)
    loop = _Loop(model, optimizer, scheduler, gen, ids, random_ids, batch_size, steps_per_epoch, masking)
    step, stopped_by_time, epoch_losses, recent = _run_epochs(loop, train, settings, plan, deadlines, eval_batches, reporter)
    train_end = _Clocks.now()
    train_seconds, train_cpu = train_end[0] - train_start[0], train_end[1] - train_start[1]
    if stopped_by_time:
        reporter.note(f"time budget reached after {step} steps; saving the model as it is")

    model.eval()
    reporter.note(f"evaluating on {len(held)} held-out chunks")
    after = evaluate_chunks(model, held, ids, eval_seed)
    report = {
        "phisift_lm": 1,
        "kind": "masked-lm",
        "settings": {**asdict(settings), "max_length": max_length, "batch_size": batch_size, "learning_rate": lr,
                     "mask_probability": masking},
        "model": described,
        "corpus": {**spool.summary(), "train_chunks": len(train), "train_tokens": train.tokens,
                   "holdout_chunks_evaluated": len(held)},
        "training": {
            "steps": step,
            "planned_steps": plan.planned,
            "scheduled_steps": plan.total,
            "epochs": round(step / steps_per_epoch, 3),
            "stopped_by_time": stopped_by_time,
            "time_limited": stopped_by_time or plan.total < plan.planned,
            "seconds": round(train_seconds, 1),
            "cpu_seconds": round(train_cpu, 1),
            "prepare_seconds": round(prepare_seconds, 1),
            "prepare_cpu_seconds": round(prepare_cpu, 1),
            "mean_loss_by_epoch": epoch_losses,
            "mean_loss_last_50_steps": round(sum(recent) / len(recent), 4) if recent else None,
            "threads": torch.get_num_threads(),
        },
        "holdout": after,
        "holdout_before_training": before,
        "versions": package_versions("phisift", "torch", "transformers", "tokenizers"),
    }
    _save(out, tokenizer, model, report, fresh=not settings.base_model)
    end = _Clocks.now()
    report["seconds_total"] = round(end[0] - started[0], 1)
    report["cpu_seconds_total"] = round(end[1] - started[1], 1)
    _write_report(out, report)
    return MlmResult(out, report, tokenizer, model)


def _optimizer(model: Any, weight_decay: float, lr: float) -> Any:
    """AdamW with no weight decay on biases and LayerNorm weights."""
    import torch

    decay, no_decay = [], []
    for name, p in model.named_parameters():
        (no_decay if p.ndim < 2 or "LayerNorm" in name or "layer_norm" in name else decay).append(p)
    return torch.optim.AdamW(
        [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}],
        lr=lr, betas=(0.9, 0.98), eps=1e-6,
    )


def _fit_steps(step: int, step_times: Sequence[float], remaining: float, eval_batches: int) -> int:
    """The step at which the schedule should end so that the decay ends when the time budget does.

    The step time is the median of recent steps; time for the held-out evaluation
    (forward passes of batches twice as large: about 0.7 of a training step each) is kept aside.
    """
    recent = sorted(step_times[-200:] if len(step_times) > 25 else step_times[5:] or step_times)
    per_step = recent[len(recent) // 2]
    usable = remaining - eval_batches * per_step * 0.7 - 5.0
    return step + max(0, int(usable / per_step * 0.97))


def _save(out: Path, tokenizer: Any, model: Any, report: dict, fresh: bool) -> None:
    _quiet_transformers()
    with staged_dir(out) as tmp:
        model.save_pretrained(tmp, safe_serialization=True)
        tokenizer.save_pretrained(tmp)
        if fresh and not (tmp / "vocab.txt").exists():
            # For tools that read a BERT vocabulary file rather than tokenizer.json.
            vocab = sorted(tokenizer.get_vocab().items(), key=lambda kv: kv[1])
            (tmp / "vocab.txt").write_text("".join(t + "\n" for t, _ in vocab), encoding="utf-8")
        _write_report(tmp, report)


def _write_report(folder: Path, report: dict) -> None:
    from ..fileio import write_text_atomic

    write_text_atomic(folder / METADATA_FILE, json.dumps(report, indent=2, ensure_ascii=False) + "\n")


def read_report(path: str | Path) -> dict[str, Any] | None:
    """The phisift report saved with a model, or None for a model made elsewhere."""
    file = Path(path) / METADATA_FILE
    if not file.is_file():
        return None
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise InputError("unreadable phisift report", file) from None
