"""Where the swap cuts a note: RAKE keyphrases and TextRank summary sentences, with offsets.

* ``rake_phrases``: the candidate phrases of RAKE (runs of words between stop words
  and punctuation), ranked by rake-nltk's degree/frequency score, each with the
  character range of its first occurrence.
* ``textrank_sentences``: the TextRank summary of summa (sentences ranked by
  PageRank over word overlap, the top ``ratio`` kept, in text order), each with its
  character range.

rake-nltk would fetch NLTK's stop words and punkt sentence model at run time; it is
given phisift's stop words, sentence splitter and a regex word tokenizer instead,
so nothing is downloaded. summa brings its own stop words and sentence splitter.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from ..text import sentences
from .lists import DEFAULT_BLACKLIST

_WORD_OR_PUNCT = re.compile(r"\w+|[^\w\s]+")
_PUNCT_SENTINEL = ","  # every run of punctuation is handed to RAKE as this one mark


@dataclass(frozen=True)
class Phrase:
    start: int
    end: int
    text: str  # as RAKE reports it: lower-case words joined by one space
    score: float


def _split_sentences(text: str) -> list[str]:
    return [s.text_in(text) for s in sentences(text)] or ([text] if text.strip() else [])


def _words(sentence: str) -> list[str]:
    return [m.group() if m.group()[0].isalnum() or m.group()[0] == "_" else _PUNCT_SENTINEL
            for m in _WORD_OR_PUNCT.finditer(sentence)]


def _rake(stopwords: frozenset[str]):
    from rake_nltk import Rake

    # stopwords must be non-empty, or rake-nltk loads NLTK's list (a download)
    return Rake(
        stopwords=set(stopwords) or {"\x00"},
        punctuations=set(string.punctuation),
        sentence_tokenizer=_split_sentences,
        word_tokenizer=_words,
    )


def _occurrences(text: str, to_ignore: frozenset[str]) -> dict[tuple[str, ...], tuple[int, int]]:
    """First character range of every candidate phrase, found the way RAKE finds them."""
    first: dict[tuple[str, ...], tuple[int, int]] = {}

    def flush(run: list[tuple[int, int, str]]) -> None:
        if run:
            first.setdefault(tuple(w for _, _, w in run), (run[0][0], run[-1][1]))
            run.clear()

    for sent in sentences(text):
        run: list[tuple[int, int, str]] = []
        for m in _WORD_OR_PUNCT.finditer(text, sent.start, sent.end):
            w = m.group().lower() if (m.group()[0].isalnum() or m.group()[0] == "_") else _PUNCT_SENTINEL
            if w in to_ignore:
                flush(run)
            else:
                run.append((m.start(), m.end(), w))
        flush(run)
    return first


def rake_phrases(text: str, stopwords: frozenset[str] = DEFAULT_BLACKLIST) -> list[Phrase]:
    """RAKE phrases of ``text``, best first (ties broken by the phrase text, as rake-nltk does)."""
    if not text.strip():
        return []
    rake = _rake(stopwords)
    rake.extract_keywords_from_text(text)
    where = _occurrences(text, frozenset(rake.to_ignore))
    out: list[Phrase] = []
    seen: set[str] = set()
    for score, phrase in rake.get_ranked_phrases_with_scores():
        if phrase in seen:
            continue
        seen.add(phrase)
        span = where.get(tuple(phrase.split(" ")))
        if span is not None:
            out.append(Phrase(span[0], span[1], phrase, float(score)))
    return out


def rake_keyphrase(text: str, q: int = 1, stopwords: frozenset[str] = DEFAULT_BLACKLIST) -> Phrase | None:
    """The ``q``-th best RAKE phrase (1-based), or None when the note has fewer."""
    phrases = rake_phrases(text, stopwords)
    return phrases[q - 1] if 0 < q <= len(phrases) else None


def _locate(text: str, piece: str, start: int) -> tuple[int, int] | None:
    """Where a sentence summa returned sits in ``text`` (summa may turn one whitespace into a space)."""
    parts = piece.split()
    if not parts:
        return None
    pattern = re.compile(r"\s+".join(re.escape(p) for p in parts))
    m = pattern.search(text, start) or pattern.search(text)
    return (m.start(), m.end()) if m else None


def textrank_sentences(text: str, ratio: float = 0.2) -> list[tuple[int, int]]:
    """Character ranges of the TextRank summary sentences in text order.

    A note too short for ``ratio`` to keep a sentence (summa returns nothing) counts
    as its own summary, as in the published code, which falls back to the whole text.
    """
    if not text.strip():
        return []
    from summa import summarizer
    from summa.preprocessing.textcleaner import split_sentences

    try:
        picked = summarizer.summarize(text, ratio=ratio, split=True)
    except (ValueError, ZeroDivisionError, IndexError):  # degenerate graphs in summa
        picked = []
    if not picked:
        picked = [s for s in split_sentences(text) if s.strip()]
    out: list[tuple[int, int]] = []
    pos = 0
    for sent in picked:
        span = _locate(text, sent, pos)
        if span is not None:
            out.append(span)
            pos = span[1]
    return out


def textrank_sentence(text: str, q: int = 1, ratio: float = 0.2) -> tuple[int, int] | None:
    """The ``q``-th sentence (1-based, text order) of the TextRank summary, or None."""
    spans = textrank_sentences(text, ratio)
    return spans[q - 1] if 0 < q <= len(spans) else None

