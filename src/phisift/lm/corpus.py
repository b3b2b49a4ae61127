"""Training text for the language models: de-identified, split by document, spooled to disk.

A corpus is read once, as a stream. Each note is de-identified (PHI replaced by
tags such as ``[PATIENT]``) before anything learns from it, assigned to the
training or held-out side by a seeded hash of its id, and written as one JSON line
to a spool file. Every later pass (tokenizer training, encoding, the epochs of
fastText) reads the spool, so the corpus is never held in memory and the
de-identification runs once.

Splitting by a hash of ``(seed, document id)`` instead of shuffling keeps the split
streaming and stable: the same note lands on the same side whatever the order of
the corpus or the number of other notes.

With ``dedup`` (the masked LM's default), a note whose text repeats an earlier one
(same words, ignoring case, punctuation and spacing) is skipped, and a held-out
note that shares most of its word 5-grams with one training note is moved to the
training side. Corpora such as MTSamples list one transcription under several
specialties (4,008 notes, 2,250 distinct texts): without this, three quarters of
the held-out notes were copies of training notes, so the held-out figure measured
memory, and the time budget went to reading the same notes twice.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..document import Document, Span
from ..errors import UsageError
from ..progress import Reporter, reporter_or_null

TAG_FORMAT = "[{label}]"

NEAR_DUPLICATE = 0.5
"""A held-out note is a near-duplicate when this share of its word 5-grams occur in one training note."""


Deidentifier = Callable[[Document], tuple[str, list[str]]]
"""Returns the de-identified text of a document and the label of every span it replaced."""

PhiFinder = Callable[[str], list[Span]]
"""Text -> the PHI spans in it: ``phisift.detect``, or a pipeline's ``detect`` the caller built."""


@dataclass
class Spool:
    """The training and held-out texts of a corpus, one JSON string per line."""

    train_path: Path
    holdout_path: Path
    train_documents: int = 0
    holdout_documents: int = 0
    train_chars: int = 0
    holdout_chars: int = 0
    empty_documents: int = 0
    duplicates_skipped: int = 0
    near_duplicates_moved: int = 0
    deid: str = "off"
    replaced: dict[str, int] = field(default_factory=dict)

    def texts(self, side: str = "train") -> Iterator[str]:
        path = self.train_path if side == "train" else self.holdout_path
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                yield json.loads(line)

    @property
    def tags(self) -> list[str]:
        """The tag strings that replaced PHI in the training text, in a fixed order."""
        return [TAG_FORMAT.format(label=label) for label in sorted(self.replaced)]

    def summary(self) -> dict:
        return {
            "train_documents": self.train_documents,
            "holdout_documents": self.holdout_documents,
            "train_characters": self.train_chars,
            "holdout_characters": self.holdout_chars,
            "empty_documents_skipped": self.empty_documents,
            "duplicate_documents_skipped": self.duplicates_skipped,
            "holdout_near_duplicates_moved_to_training": self.near_duplicates_moved,
            "deid_first": self.deid,
            "phi_replaced_by_label": dict(sorted(self.replaced.items())),
        }


def holdout_score(doc_id: str, seed: int) -> float:
    """A number in [0, 1) fixed by the document id and the seed."""
    digest = hashlib.blake2b(f"{seed}\x00{doc_id}".encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


def make_deidentifier(enabled: bool | None, phi: PhiFinder | None = None,
                      reporter: Reporter | None = None) -> tuple[Deidentifier | None, str]:
    """The de-identification step and a word for the report: ``detectors``, ``gold-spans`` or ``off``.

    ``phi`` finds the PHI to replace (the caller builds it; default ``phisift.detect``,
    the default pipeline). ``enabled=None`` means "on if the detectors are installed":
    without them the annotated PHI spans a corpus carries (BRAT, i2b2, JSONL
    ``spans``) are still replaced, and a warning says that unannotated PHI stays in
    the text. ``enabled=True`` refuses to run without the detectors.
    """
    if enabled is False:
        return None, "off"
    from ..detect.combine import combine
    from ..document import rewrite
    from ..replace.operators import Tag, edits_for

    tag = Tag(TAG_FORMAT)
    if phi is None:
        phi = _default_finder(enabled, reporter)

    def deidentify(doc: Document) -> tuple[str, list[str]]:
        spans: list[Span] = list(doc.spans)
        spans = combine([*phi(doc.text), *spans]) if phi is not None else _disjoint(spans)
        if not spans:
            return doc.text, []
        text, _ = rewrite(doc.text, edits_for(doc.text, spans, tag, doc.id))
        return text, [s.label for s in spans]

    return deidentify, "detectors" if phi is not None else "gold-spans"


def phi_blanked_texts(docs: Iterable[Document], phi: PhiFinder | None = None,
                      reporter: Reporter | None = None) -> Iterator[str]:
    """Each document's text with its PHI (found by ``phi``, default ``phisift.detect``, and
    annotated) written over by spaces, offsets kept.

    For word counts that something later draws words from (the unigram fill-in of
    ``phisift sift``): a tag would make "patient" a PHI word, a blank leaves no word at all.
    Without the detectors only the annotated spans go (with the same warning as training).
    """
    from ..detect.combine import combine
    from ..document import Edit, rewrite

    if phi is None:
        phi = _default_finder(None, reporter)
    for doc in docs:
        spans = combine([*phi(doc.text), *doc.spans]) if phi is not None else _disjoint(list(doc.spans))
        yield rewrite(doc.text, [Edit(s.start, s.end, " " * (s.end - s.start)) for s in spans])[0]


def _default_finder(enabled: bool | None, reporter: Reporter | None) -> PhiFinder | None:
    """``phisift.detect`` with its detectors loaded, or None (with a warning) when they cannot load."""
    try:
        from .. import detect

        detect("")  # loads the default pipeline now, so a missing detector shows here
        return detect
    except ImportError as exc:
        if enabled:
            raise UsageError(
                f"--deid-first needs the PHI detectors, which this installation lacks ({exc.name or exc}); "
                "pass --no-deid-first to train on the text as given"
            ) from None
    message = (
        "PHI detectors are not available, so only PHI spans annotated in the corpus are replaced "
        "before training; other PHI in the notes can be memorised by the model "
        "(pass --no-deid-first to silence this, or de-identify the corpus first with `phisift deid`)"
    )
    if reporter is None:
        warnings.warn(message, stacklevel=3)
    else:
        reporter.note(f"warning: {message}")
    return None


def _disjoint(spans: list[Span]) -> list[Span]:
    """Annotated spans without overlaps (the longer one wins), for the tag rewrite."""
    kept: list[Span] = []
    for s in sorted(spans, key=lambda s: (s.start, -(s.end - s.start))):
        if s.end > s.start and (not kept or s.start >= kept[-1].end):
            kept.append(s)
    return kept


def spool_corpus(
    docs: Iterable[Document],
    workdir: Path,
    *,
    holdout: float,
    seed: int,
    deidentify: Deidentifier | None,
    deid_word: str = "off",
    reporter: Reporter | None = None,
    dedup: bool = False,
    near_duplicate: float = NEAR_DUPLICATE,
) -> Spool:
    """Stream ``docs`` once into train/held-out spool files under ``workdir``.

    With ``holdout > 0`` and at least two documents, at least one document is held
    out even when no hash falls under the share (tiny corpora). ``dedup`` skips
    repeated texts and moves held-out near-duplicates of training notes to the
    training side (module docstring); the digests it compares are keyed with a
    random key and never leave memory.
    """
    if not 0.0 <= holdout < 1.0:
        raise UsageError("--holdout must be in [0, 1)")
    spool = Spool(workdir / "train.jsonl", workdir / "holdout.jsonl", deid=deid_word)
    lowest: tuple[float, int] | None = None  # (score, line) of the training doc nearest the holdout side
    say = reporter_or_null(reporter)
    seen: set[bytes] = set()
    key = os.urandom(16)
    say.start("reading corpus", None, "documents")
    with open(spool.train_path, "w", encoding="utf-8") as train, open(spool.holdout_path, "w", encoding="utf-8") as held:
        for doc in docs:
            text = doc.text
            if deidentify is not None:
                text, labels = deidentify(doc)
                for label in labels:
                    spool.replaced[label] = spool.replaced.get(label, 0) + 1
            if not text.strip():
                spool.empty_documents += 1
                continue
            if dedup:
                digest = hashlib.blake2b(" ".join(_words(text)).encode("utf-8"), key=key, digest_size=16).digest()
                if digest in seen:
                    spool.duplicates_skipped += 1
                    continue
                seen.add(digest)
            line = json.dumps(text, ensure_ascii=False) + "\n"
            score = holdout_score(doc.id, seed)
            if score < holdout:
                held.write(line)
                spool.holdout_documents += 1
                spool.holdout_chars += len(text)
            else:
                if lowest is None or score < lowest[0]:
                    lowest = (score, spool.train_documents)
                train.write(line)
                spool.train_documents += 1
                spool.train_chars += len(text)
            say.advance(1)
    say.finish()
    if dedup and spool.holdout_documents:
        _move_near_duplicates(spool, near_duplicate)
    if holdout > 0 and spool.holdout_documents == 0 and spool.train_documents >= 2 and lowest is not None:
        _move_line(spool, lowest[1])
    if spool.train_documents == 0:
        raise UsageError("the corpus has no training text (no documents, or all empty or held out)")
    return spool


_WORD = re.compile(r"\w+")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _shingles(text: str, n: int = 5) -> set[int]:
    words = _words(text)
    return {hash(" ".join(words[i : i + n])) for i in range(max(1, len(words) - n + 1))}


def _move_near_duplicates(spool: Spool, threshold: float) -> None:
    """Move held-out notes whose word 5-grams mostly occur in a single training note to the training side.

    The held-out side is small (a tenth), so its 5-gram sets stay in memory and
    the training spool is streamed once against an inverted index of them.
    """
    held = [json.loads(line) for line in spool.holdout_path.read_text(encoding="utf-8").splitlines()]
    sets = [_shingles(t) for t in held]
    index: dict[int, list[int]] = {}
    for i, s in enumerate(sets):
        for h in s:
            index.setdefault(h, []).append(i)
    near: set[int] = set()
    for text in spool.texts("train"):
        counts: dict[int, int] = {}
        for h in _shingles(text):
            for i in index.get(h, ()):
                counts[i] = counts.get(i, 0) + 1
        near.update(i for i, c in counts.items() if c >= threshold * len(sets[i]))
    if not near or len(near) == len(held):
        return  # keep at least the held-out side as it is rather than empty it
    with open(spool.train_path, "a", encoding="utf-8") as train, open(spool.holdout_path, "w", encoding="utf-8") as out:
        for i, text in enumerate(held):
            line = json.dumps(text, ensure_ascii=False) + "\n"
            (train if i in near else out).write(line)
            side = 1 if i in near else 0
            spool.train_documents += side
            spool.train_chars += side * len(text)
            spool.holdout_documents -= side
            spool.holdout_chars -= side * len(text)
    spool.near_duplicates_moved = len(near)


def _move_line(spool: Spool, index: int) -> None:
    """Move training line ``index`` to the held-out file (only ever done for tiny corpora)."""
    lines = spool.train_path.read_text(encoding="utf-8").splitlines(keepends=True)
    moved = lines.pop(index)
    spool.train_path.write_text("".join(lines), encoding="utf-8")
    spool.holdout_path.write_text(moved, encoding="utf-8")
    n = len(json.loads(moved))
    spool.train_documents -= 1
    spool.train_chars -= n
    spool.holdout_documents = 1
    spool.holdout_chars = n
