"""Pieces: the units a tagger labels, and the BIO encoding between pieces and spans.

A piece is a token of ``phisift.text.tokenize`` cut further into runs of letters
and digits and single punctuation marks, and cut where a lower-case letter meets a
capital ("MartínezNºCol"). The finer cut is what makes exact offsets reachable:
MEDDOCAN annotates the "H" of "Sexo: H." and the number of "nhc-150679", which
``tokenize`` keeps as one token each (6% of its dev spans would be unreachable;
with pieces, 3 in 5,801 are). A piece carries the shape of the token it came from
and its position in it, so "03/04/2021" is still seen as one date-shaped unit.

The CRF (features over pieces, ``features``) and the transformer (sub-words of
pieces, ``transformer``) share these pieces, their BIO labels for training and the
decoding of predicted tags back into character spans.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from ...document import Span
from ...text import Chunk, Token, chunks, sentence_tokens

_PIECE = re.compile(r"[^\W_]+|\S")


_CAMEL = re.compile(r"(?<=[a-zß-öø-ÿ])(?=[A-ZÀ-ÖØ-Þ])")


@dataclass(frozen=True, slots=True)
class Piece:
    """A unit the tagger labels; ``parent`` is the shape of the tokenizer token it came from."""

    start: int
    end: int
    text: str
    parent: str  # short shape of the whole token
    where: str  # S (whole token), B, I, E (position in the token)
    glued: bool  # no whitespace before it
    token: int = 0  # index of the tokenizer token it came from


def char_class(c: str) -> str:
    """X upper case, x other letters, d digits, else the character itself."""
    if c.isupper():
        return "X"
    if c.isalpha():
        return "x"
    if c.isdigit():
        return "d"
    return c


@lru_cache(maxsize=1 << 16)
def short_shape(word: str) -> str:
    """Character classes with repeats collapsed: "Smith" -> "Xx", "03/04/2021" -> "d/d/d"."""
    out: list[str] = []
    last = ""
    for c in word:
        k = char_class(c)
        if k != last:
            out.append(k)
            last = k
    return "".join(out)


def split_pieces(tokens: Iterable[Token], first_index: int = 0) -> list[Piece]:
    """Cut tokenizer tokens into pieces (see the module docstring); ``first_index`` numbers the tokens."""
    out: list[Piece] = []
    prev_end = -1
    for t_index, tok in enumerate(tokens, first_index):
        text = tok.text
        parent = short_shape(text)
        if (len(text) == 1 or text.isalnum()) and not (len(text) > 2 and _CAMEL.search(text)):
            out.append(Piece(tok.start, tok.end, text, parent, "S", tok.start == prev_end, t_index))
            prev_end = tok.end
            continue
        parts: list[tuple[int, int]] = []
        for m in _PIECE.finditer(text):
            a, b = m.span()
            if b - a > 2 and _CAMEL.search(text, a, b):
                cuts = [a] + [c.start() for c in _CAMEL.finditer(text, a, b)] + [b]
                parts.extend(zip(cuts, cuts[1:]))
            else:
                parts.append((a, b))
        n = len(parts)
        for k, (a, b) in enumerate(parts):
            where = "S" if n == 1 else "B" if k == 0 else "E" if k == n - 1 else "I"
            start = tok.start + a
            out.append(Piece(start, tok.start + b, text[a:b], parent, where, start == prev_end, t_index))
            prev_end = tok.start + b
        prev_end = tok.end
    return out


def sentence_pieces(text: str) -> list[list[Piece]]:
    """The pieces of ``text``, one list per sentence of ``phisift.text.sentences``."""
    out = []
    k = 0
    for toks in sentence_tokens(text):
        pieces = split_pieces(toks, k)
        k += len(toks)
        if pieces:
            out.append(pieces)
    return out


# --------------------------------------------------------------------------- BIO


def bio_labels(pieces: Sequence[Piece], spans: Iterable[Span]) -> list[str]:
    """BIO labels of pieces from (gold) spans; a piece overlapping a span belongs to it.

    Where spans overlap, the one that starts first (then the longer) keeps the piece.
    """
    labels = ["O"] * len(pieces)
    starts = [p.start for p in pieces]
    for s in sorted(spans, key=lambda s: (s.start, -s.end)):
        i = max(bisect_right(starts, s.start) - 1, 0)
        first = True
        while i < len(pieces) and pieces[i].start < s.end:
            p = pieces[i]
            if p.end > s.start and labels[i] == "O":
                labels[i] = ("B-" if first else "I-") + s.label
                first = False
            elif p.end > s.start:
                first = False
            i += 1
    return labels


def decode_bio(
    pieces: Sequence[Piece], labels: Sequence[str], scores: Sequence[float] | None = None, source: str = "model"
) -> list[Span]:
    """Spans from BIO (or BILOU) labels: B-X I-X ... runs become one span from the first piece start to
    the last end.

    A stray I-X (after O or another label) starts a span, as most BIO decoders do.
    BILOU's U-X is a one-piece span and L-X ends a span (a label after it starts a new one).
    The span's score is the lowest of its pieces' scores.
    """
    spans: list[Span] = []
    cur_label: str | None = None
    cur_start = cur_end = 0
    cur_score = 1.0
    closed = False  # the current span ended with L- or U-
    for k, (p, lab) in enumerate(zip(pieces, labels)):
        sc = scores[k] if scores is not None else 1.0
        if lab == "O":
            if cur_label is not None:
                spans.append(Span(cur_start, cur_end, cur_label, source, cur_score))
                cur_label = None
            continue
        tag, _, name = lab.partition("-")
        if not name:  # IO scheme ("PATIENT") from a foreign model
            tag, name = "I", lab
        if tag in ("B", "U") or cur_label != name or closed:
            if cur_label is not None:
                spans.append(Span(cur_start, cur_end, cur_label, source, cur_score))
            cur_label, cur_start, cur_score = name, p.start, sc
        else:
            cur_score = min(cur_score, sc)
        cur_end = p.end
        closed = tag in ("L", "U")
    if cur_label is not None:
        spans.append(Span(cur_start, cur_end, cur_label, source, cur_score))
    return spans


def bilou(labels: Sequence[str]) -> list[str]:
    """BIO labels rewritten as BILOU: the last piece of a span is L-X, a one-piece span U-X.

    With explicit span ends a CRF learns where a span stops as well as where it starts
    (Ratinov and Roth 2009); ``decode_bio`` reads both schemes.
    """
    out = list(labels)
    n = len(out)
    for i, lab in enumerate(out):
        if lab == "O":
            continue
        tag, _, name = lab.partition("-")
        continues = i + 1 < n and labels[i + 1] == "I-" + name
        if not continues:
            out[i] = ("U-" if tag == "B" else "L-") + name
    return out


@dataclass(frozen=True, slots=True)
class Window:
    """A window of pieces ``[lo, hi)`` tagged as one CRF sequence, and the text chunk it covers."""

    lo: int
    hi: int
    chunk: Chunk


def piece_windows(text: str, tokens: Sequence[Token], pieces: Sequence[Piece], max_words: int, overlap: int) -> list[Window]:
    """Windows of at most ``max_words`` tokens (``phisift.text.chunks``), as piece ranges.

    Whole sentences would be the natural unit, but the sentence splitter cuts after
    abbreviations that open an address ("Avda. | Manuel Siurot") and inside field
    values; a window of 250 words rarely cuts an entity, and only at a sentence start.
    """
    if not pieces:
        return []
    if len(tokens) <= max_words:  # what chunks() returns for a short text, without its sentence scan
        return [Window(0, len(pieces), Chunk(tokens[0].start, tokens[-1].end, 0, tuple(tokens)))]
    token_of = [p.token for p in pieces]
    out = []
    for ch in chunks(text, max_words=max_words, overlap=min(overlap, max_words - 1), tokens=tokens):
        lo = bisect_left(token_of, ch.token_start)
        hi = bisect_left(token_of, ch.token_end)
        if hi > lo:
            out.append(Window(lo, hi, ch))
    return out
