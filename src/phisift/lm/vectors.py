"""Word vectors: fastText trained on the corpus with gensim, and one loader for any vectors file.

Filtered BERT keeps only replacements whose fastText vector is close to the
original word, and neighbour pseudonymisation swaps a PHI token for one of its
nearest neighbours. fastText suits both: its vectors are sums of character
n-gram vectors, so a misspelt drug name or a surname never seen in training still
gets a vector.

Words come from ``phisift.text.tokenize``, lower-cased, one sentence at a time
(``phisift.text.sentences``); tokens without a letter or digit are left out. The
PHI tags left by de-identification stay one token each (``[patient]``) instead of
adding to the count of "patient".

Reproducibility: one worker thread and a fixed seed give identical vectors on
every run (gensim's multi-threaded training is not reproducible).

Small corpora: fastText hashes character n-grams into ``bucket`` rows (2 million
by default, 800 MB at 100 dimensions). Here the bucket count follows the
vocabulary: ten rows per word that is kept, between 10,000 and 2,000,000.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..document import Document
from ..errors import InputError, UsageError
from ..fileio import set_user_mode
from ..progress import Reporter, reporter_or_null
from ._common import check_new_output, package_versions

TEXT_SUFFIXES = (".vec", ".txt", ".w2v")
_FASTTEXT_MAGIC = (793712314).to_bytes(4, "little")
_HEADER = re.compile(rb"^\s*\d+\s+\d+\s*$")
_HAS_WORD = re.compile(r"[^\W_]")


@dataclass(frozen=True)
class VectorSettings:
    """Everything that decides a fastText run; saved next to the vectors."""

    dim: int = 100
    epochs: int = 10
    seed: int = 0
    window: int = 5
    min_count: int = 2
    skipgram: bool = True
    negative: int = 5
    min_n: int = 3
    max_n: int = 6
    bucket: int | None = None
    deid_first: bool | None = None
    also_vec: bool = False

    def check(self) -> None:
        if not 2 <= self.dim <= 2048:
            raise UsageError("--dim must be between 2 and 2048")
        if self.epochs < 1:
            raise UsageError("--epochs must be at least 1")
        if self.min_count < 1:
            raise UsageError("--min-count must be at least 1")
        if self.window < 1:
            raise UsageError("--window must be at least 1")
        if not 1 <= self.min_n <= self.max_n:
            raise UsageError("character n-gram lengths must satisfy 1 <= min_n <= max_n")
        if self.bucket is not None and self.bucket < 1:
            raise UsageError("--bucket must be at least 1")


@dataclass
class VectorsResult:
    path: Path
    report: dict[str, Any]
    vectors: Any = field(repr=False)


# --------------------------------------------------------------------------- words
def corpus_words(text: str, tags: Iterable[str] = ()) -> Iterator[list[str]]:
    """The lower-cased word tokens of ``text``, sentence by sentence, with PHI tags kept whole."""
    from ..text import sentence_tokens

    tag_list = sorted(set(tags), key=len, reverse=True)
    if tag_list:
        # Tags become one \w-run each so the tokenizer keeps them, and are renamed back below.
        placeholders = {t: f"phisifttag{i}x" for i, t in enumerate(tag_list)}
        back = {p: t.lower() for t, p in placeholders.items()}
        text = re.sub("|".join(re.escape(t) for t in tag_list), lambda m: f" {placeholders[m.group()]} ", text)
    else:
        back = {}
    for sentence in sentence_tokens(text):
        words = []
        for tok in sentence:
            if back and tok.text in back:
                words.append(back[tok.text])
            elif _HAS_WORD.search(tok.text):
                words.append(tok.text.lower())
        if words:
            yield words


def _write_sentences(texts: Iterable[str], path: Path, tags: list[str]) -> tuple[dict[str, int], int, int]:
    """Tokenised sentences, one per line, for gensim's ``LineSentence``; word counts."""
    counts: dict[str, int] = {}
    sentences = tokens = 0
    with open(path, "w", encoding="utf-8") as fh:
        for text in texts:
            for words in corpus_words(text, tags):
                for w in words:
                    counts[w] = counts.get(w, 0) + 1
                fh.write(" ".join(words) + "\n")
                sentences += 1
                tokens += len(words)
    return counts, sentences, tokens


# --------------------------------------------------------------------------- training
def train_vectors(
    docs: Iterable[Document],
    output: str | Path,
    settings: VectorSettings = VectorSettings(),
    *,
    reporter: Reporter | None = None,
    phi: Any = None,
    overwrite: bool = False,
) -> VectorsResult:
    """Train fastText vectors on ``docs`` and save them to ``output``.

    ``docs`` are de-identified first (``settings.deid_first``) with ``phi``, the PHI
    finder the caller built (default ``phisift.detect``); progress goes to ``reporter``.

    The suffix of ``output`` picks the format: ``.bin`` the fastText native model
    (readable by the fastText tool, keeps n-grams), ``.vec``/``.txt`` word2vec text
    (known words only, no n-grams), anything else gensim's own format (keeps
    n-grams; a pickle, so only load files you made). A ``<output>.phisift.json``
    report goes next to it.
    """
    settings.check()
    out = check_new_output(output, overwrite)
    if out.suffix.lower() in (".json",) or out.is_dir():
        raise UsageError("the vectors output must be a file such as vectors.kv, vectors.bin or vectors.vec", out)
    if settings.also_vec and out.suffix.lower() not in TEXT_SUFFIXES:
        check_new_output(out.with_suffix(".vec"), overwrite)
    started = time.perf_counter()

    from gensim.models import FastText
    from gensim.models.word2vec import LineSentence

    from .corpus import make_deidentifier, spool_corpus

    deidentify, deid_word = make_deidentifier(settings.deid_first, phi, reporter)
    say = reporter_or_null(reporter)
    with tempfile.TemporaryDirectory(prefix="phisift-vec-") as work:
        workdir = Path(work)
        spool = spool_corpus(docs, workdir, holdout=0.0, seed=settings.seed, deidentify=deidentify,
                             deid_word=deid_word, reporter=say)
        say.note("tokenising")
        sentence_file = workdir / "sentences.txt"
        counts, n_sentences, n_tokens = _write_sentences(spool.texts("train"), sentence_file, spool.tags)
        kept = sum(1 for c in counts.values() if c >= settings.min_count)
        if kept == 0:
            raise UsageError(f"no word occurs {settings.min_count} times or more; lower --min-count or add text")
        bucket = settings.bucket or min(2_000_000, max(10_000, 10 * kept))
        model = FastText(
            vector_size=settings.dim, window=settings.window, min_count=settings.min_count,
            sg=1 if settings.skipgram else 0, negative=settings.negative, min_n=settings.min_n,
            max_n=settings.max_n, bucket=bucket, seed=settings.seed, workers=1, epochs=settings.epochs,
        )
        corpus = LineSentence(str(sentence_file))
        model.build_vocab(corpus_iterable=corpus)
        say.note(f"training fastText: {len(model.wv)} words, {bucket} n-gram buckets, "
                 f"{settings.dim} dimensions, {settings.epochs} epochs over {n_tokens} tokens")
        losses = _train_with_progress(model, corpus, settings.epochs, say)

    report = {
        "phisift_lm": 1,
        "kind": "fasttext",
        "settings": {**asdict(settings), "bucket": bucket, "workers": 1},
        "corpus": {**spool.summary(), "sentences": n_sentences, "tokens": n_tokens,
                   "distinct_words": len(counts), "vocabulary": len(model.wv)},
        "seconds": round(time.perf_counter() - started, 1),
        "versions": package_versions("phisift", "gensim", "numpy"),
        "epoch_seconds": losses,
    }
    save_vectors(model, out)
    if settings.also_vec and out.suffix.lower() not in TEXT_SUFFIXES:
        save_vectors(model, out.with_suffix(".vec"))
        report["also_written"] = str(out.with_suffix(".vec"))
    from ..fileio import write_text_atomic

    write_text_atomic(report_path(out), json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return VectorsResult(out, report, model.wv)


def _train_with_progress(model: Any, corpus: Any, epochs: int, reporter: Reporter) -> list[float]:
    """Train epoch by epoch, reporting each; the seconds each epoch took."""
    from gensim.models.callbacks import CallbackAny2Vec

    seconds: list[float] = []

    class _Tick(CallbackAny2Vec):
        def __init__(self) -> None:
            self.t = 0.0

        def on_epoch_begin(self, model: Any) -> None:
            self.t = time.perf_counter()

        def on_epoch_end(self, model: Any) -> None:
            seconds.append(round(time.perf_counter() - self.t, 2))
            reporter.advance(1, seconds=seconds[-1])

    reporter.start("fastText epochs", epochs, "epochs")
    model.train(corpus_iterable=corpus, total_examples=model.corpus_count, epochs=epochs, callbacks=[_Tick()])
    reporter.finish()
    return seconds


def report_path(vectors_path: str | Path) -> Path:
    return Path(f"{vectors_path}.phisift.json")


@contextlib.contextmanager
def _staged_file(path: Path) -> Iterator[Path]:
    """A temporary sibling path renamed over ``path`` when the block succeeds."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        set_user_mode(tmp)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def save_vectors(model: Any, path: str | Path) -> Path:
    """Save a gensim FastText model (or its ``wv``) in the format the suffix names."""
    path = Path(path)
    suffix = path.suffix.lower()
    wv = getattr(model, "wv", model)
    with _staged_file(path) as tmp:
        if suffix == ".bin":
            if not hasattr(model, "wv"):
                raise UsageError("the fastText .bin format needs the full model, not just its vectors", path)
            from gensim.models.fasttext import save_facebook_model

            save_facebook_model(model, str(tmp))
        elif suffix in TEXT_SUFFIXES:
            wv.save_word2vec_format(str(tmp), binary=False)
        else:
            with open(tmp, "wb") as fh:
                wv.save(fh, separately=[])
    return path


# --------------------------------------------------------------------------- loading
def load_vectors(path: str | Path) -> Any:
    """Word vectors from a local file: fastText ``.bin``, ``.vec``/word2vec text, or gensim's own format.

    Returns a gensim ``KeyedVectors`` (a ``FastTextKeyedVectors`` for fastText
    files, which also has vectors for unseen words). A missing, empty or corrupt
    file raises ``InputError`` naming it. Gensim's own format is a pickle: load
    only files you or your colleagues made.
    """
    p = Path(path)
    if not p.exists():
        raise InputError("no such vectors file", p)
    if p.is_dir():
        raise InputError("expected a vectors file (.bin, .vec or .kv), found a folder", p)
    try:
        with open(p, "rb") as fh:
            head = fh.read(4096)
    except PermissionError:
        raise InputError("permission denied", p) from None
    if not head:
        raise InputError("empty vectors file", p)
    name = p.name.lower().removesuffix(".gz").removesuffix(".bz2")
    try:
        if head[:4] == _FASTTEXT_MAGIC:
            return _load_fasttext_bin(p)
        if name.endswith(".bin"):
            from gensim.models import KeyedVectors

            return KeyedVectors.load_word2vec_format(str(p), binary=True)
        if name.endswith(TEXT_SUFFIXES) or _HEADER.match(head.split(b"\n", 1)[0]):
            from gensim.models import KeyedVectors

            return KeyedVectors.load_word2vec_format(str(p), binary=False)
        if head[:1] == b"\x80":
            return _load_gensim(p)
    except InputError:
        raise
    except FileNotFoundError as exc:
        raise InputError(f"partial vectors file: a companion file is missing ({Path(exc.filename or '').name})", p) from None
    except Exception as exc:  # noqa: BLE001 - any failure here means the file is damaged or not vectors
        raise InputError(f"corrupt vectors file ({type(exc).__name__})", p) from None
    raise InputError("unknown vectors format: expected fastText .bin, .vec/word2vec text or a gensim file", p)


def _load_fasttext_bin(p: Path) -> Any:
    from gensim.models.fasttext import load_facebook_vectors

    return load_facebook_vectors(str(p))


def _load_gensim(p: Path) -> Any:
    from gensim.models import KeyedVectors
    from gensim.utils import SaveLoad

    obj = SaveLoad.load(str(p))
    wv = getattr(obj, "wv", obj)
    if not isinstance(wv, KeyedVectors):
        raise InputError(f"not word vectors: the file holds a {type(obj).__name__}", p)
    return wv


def neighbours(vectors: Any, word: str, k: int = 10) -> list[tuple[str, float]]:
    """The ``k`` nearest words by cosine similarity; empty when ``word`` has no vector."""
    key = word.lower()
    try:
        return [(w, round(float(s), 4)) for w, s in vectors.most_similar(key, topn=k)]
    except KeyError:
        return []
