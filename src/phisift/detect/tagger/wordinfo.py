"""What the word lists and the whole note say about a word: features that carry across layouts.

A CRF trained on a few hundred notes learns the layouts it saw ("Patient: X",
"Dr. X, MD"); what transfers to a letter, a mine-injury narrative or a question
is what a word *is*, whatever its case or place:

* lexicon membership, case-insensitive (``lx=F`` first name, ``lx=L`` surname,
  ``lx=T`` capitalised clinical term, ``lx=V`` clinical vocabulary, ...), from
  the same lists the lexicon detector reads, so "SMITH", "smith" and "Smith" look
  alike;
* the note around it (``DocInfo``): whether the same word is part of a rule or
  lexicon hit elsewhere in the note (``dh=PATIENT``), whether the note also writes
  it in lower case (``dl``: "Grace" vs "grace", "White" vs "white matter"), whether
  it appears capitalised more than once (``dc2``), and the note's case (``nc=``).

Both are computed per word type and cached: a note repeats its words.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from functools import lru_cache
from itertools import accumulate, groupby
from typing import Iterable

from ...document import Span
from ...text import ENGLISH_STOPWORDS

_ALPHA_WORD = re.compile(r"[^\W\d_]{2,}")


@lru_cache(maxsize=1)
def _lists():
    """(lexicons, clinical vocabulary): loaded once, shared with the lexicon detector's cache."""
    from ..lexicon.wordlists import load_lexicons
    from ...text import clinical_vocabulary

    return load_lexicons(None), clinical_vocabulary()


@lru_cache(maxsize=1 << 17)
def lexicon_tags(word: str) -> tuple[str, ...]:
    """``lx=`` features of one word, case-insensitive ("Smith", "SMITH", "smith" alike)."""
    if len(word) < 2 or not word.isalpha():
        return ()
    from ..lexicon.wordlists import norm

    lex, vocab = _lists()
    k = norm(word)
    out = []
    if k in lex.first:
        out.append("lx=F")
        if k in lex.first_common:
            out.append("lx=Fc")
    if k in lex.last:
        out.append("lx=L")
    if k in lex.allow:
        out.append("lx=A")
    if k in lex.terms:
        out.append("lx=T")
    if k in lex.cities:
        out.append("lx=C")
    if k in lex.states:
        out.append("lx=S")
    if k in lex.countries:
        out.append("lx=N")
    if k in lex.hospital_heads or k in lex.hospital_heads_first:
        out.append("lx=H")
    if k in lex.org_heads or k in lex.org_heads_first or k in lex.location_heads:
        out.append("lx=O")
    if k in lex.professions:
        out.append("lx=P")
    if k in lex.street_suffixes:
        out.append("lx=R")
    if k in vocab:
        out.append("lx=V")
    if k in ENGLISH_STOPWORDS:
        out.append("lx=W")
    return tuple(out)


@lru_cache(maxsize=1 << 17)
def neighbour_lexicon_tags(word: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ``lx=`` tags of ``word`` as its left (``-1lx=F``) and right (``1lx=F``) neighbour sees them."""
    tags = lexicon_tags(word)
    return tuple("1" + t for t in tags), tuple("-1" + t for t in tags)


@lru_cache(maxsize=1 << 17)
def zipf_features(word: str) -> tuple[str, ...]:
    """``zf=`` features of one word: the integer part of its general-English Zipf frequency
    (``lexicon.english.zipf``; "zf=0" when unlisted, rarer than 2.5), and the same with the word's
    case ("zfc=LO0" for "radoslav", "zfc=TI5" for "Grace"). A lower-case word that English never
    uses is a name or a place in a text typed in lower case; the name lists alone cannot say so,
    since they hold "grace" and "honey" too. Letters only, two or more."""
    if len(word) < 2 or not word.isalpha():
        return ()
    from ..lexicon.english import zipf

    bucket = str(int(zipf(word)))
    case = "UP" if word.isupper() else "TI" if word[0].isupper() else "LO"
    return ("zf=" + bucket, "zfc=" + case + bucket)


class DocInfo:
    """What one note says about its words: in a rule/lexicon hit (by label), in lower case, capitalised twice.

    Only the words of the candidate regions are asked about, so the lower-case and
    repeat tests search the note per word (C-speed ``str.find``/``count``, cached)
    instead of indexing every word of it.
    """

    def __init__(self, text: str, hit_labels: dict[str, str], case: str, words: list[str] | None = None) -> None:
        self.text = text
        self.hit_labels = hit_labels
        self.case = case
        self._cache: dict[str, tuple[str, ...]] = {}
        self._runs: _Runs | None = None
        #: The lexicon's ``WORD`` tokens of ``text``, when it read this very text: the letter runs come from them.
        self._words = words

    def features(self, word: str) -> tuple[str, ...]:
        """Document features of one piece of text."""
        got = self._cache.get(word)
        if got is None:
            got = self._cache[word] = self._features(word)
        return got

    def _features(self, word: str) -> tuple[str, ...]:
        if len(word) < 2 or not word.isalpha():
            return ()
        lw = word.lower()
        out = []
        labels = self.hit_labels.get(lw)
        if labels:
            out.append("dh=" + labels)
        if self.case == "mixed" and not word.islower():
            if self._has_word(lw):
                out.append("dl")
            if self._twice(word):
                out.append("dc2")
        return tuple(out)

    def _twice(self, word: str) -> bool:
        """``text.count(word) >= 2`` (``word`` all letters); in a long text from its letter runs.

        In a note two ``find`` calls answer; in a window of a big note the second one ran to the end of the
        window for every word written once (word types x window length).
        """
        if len(self.text) < INDEX_AT:
            first = self.text.find(word)  # twice, as ``count(word) >= 2`` says, but stopping at the second
            return first >= 0 and self.text.find(word, first + len(word)) >= 0
        return self._letter_runs().count_at_least_two(word)

    def _letter_runs(self) -> "_Runs":
        if self._runs is None:
            self._runs = _Runs(self.text, self._words)
        return self._runs

    def _has_word(self, lw: str) -> bool:
        """``_has_word(text, lw)``; in a long text (a window of a big note) from the set of its letter runs.

        Searching the text once per word type costs (word types) x (text length): nothing in a note, but a
        200 000-character window asks for thousands of types. An all-letter word stands alone exactly where a
        maximal run of letters equals it, so one pass over the text answers them all.
        """
        if len(self.text) < INDEX_AT or not lw.isalpha():
            return _has_word(self.text, lw)
        return lw in self._letter_runs().counts


#: Text length from which ``DocInfo`` indexes the letter runs instead of searching per word.
INDEX_AT = 20_000


def letter_run_counts(text: str) -> Counter[str]:
    """How often each maximal run of ``str.isalpha`` characters stands in ``text``.

    A run of ``_LETTERS`` (alphanumerics but decimal digits and "_") is a letter run unless it holds one of
    the few number signs it also takes ("²", "½"): those runs are split at them here.
    """
    return _alpha_runs(Counter(_LETTERS.findall(text)))


def letter_run_counts_of_words(words: Iterable[str]) -> Counter[str]:
    """``letter_run_counts`` of a text from its lexicon ``WORD`` tokens (``lexicon.wordlists.WORD``), without
    scanning the text again.

    A ``WORD`` token is maximal letter runs joined by an apostrophe or a hyphen ("o'brien-smith"), and no
    letter of the text lies outside one: its runs are the tokens cut at those joiners.
    """
    counts = Counter(words)
    for word in [w for w in counts if "-" in w or "'" in w or "’" in w]:
        n = counts.pop(word)
        for run in _JOINERS.split(word):
            counts[run] += n
    return _alpha_runs(counts)


_JOINERS = re.compile("['’-]")


def _alpha_runs(counts: Counter[str]) -> Counter[str]:
    """``counts`` of ``_LETTERS`` runs with the runs holding a number sign ("²", "½") split at it."""
    # every ASCII character ``_LETTERS`` takes is a letter: only a run holding another can be no letter run
    for run in [r for r in counts if not r.isascii() and not r.isalpha()]:
        n = counts.pop(run)
        for alpha, g in groupby(run, str.isalpha):
            if alpha:
                counts["".join(g)] += n
    return counts


class _Runs:
    """The letter runs of a long text, counted, and joined once so a word is searched in them, not the text.

    Every occurrence of an all-letter word lies inside one maximal letter run, so the text holds the word
    (sum over runs of run count x ``run.count(word)``) times, without overlaps, as ``str.count`` counts.
    """

    def __init__(self, text: str, words: list[str] | None = None) -> None:
        self.counts = letter_run_counts(text) if words is None else letter_run_counts_of_words(words)
        self._joined: tuple[list[str], str, list[int]] | None = None

    def count_at_least_two(self, word: str) -> bool:
        """``text.count(word) >= 2`` for a word of letters only."""
        if self._joined is None:  # joined on first use: a window of only lower-case words never asks
            runs = list(self.counts)
            self._joined = runs, "\n".join(runs), list(accumulate((len(r) + 1 for r in runs[:-1]), initial=0))
        runs, joined, offsets = self._joined
        total = 0
        k = joined.find(word)
        while k >= 0:
            i = bisect_right(offsets, k) - 1
            run = runs[i]
            total += self.counts[run] * run.count(word)
            if total >= 2:
                return True
            k = joined.find(word, offsets[i] + len(run))
        return False


_LETTERS = re.compile(r"[^\W\d_]+")


def _has_word(text: str, word: str) -> bool:
    """Whether ``word`` occurs in ``text`` as a whole word (not inside a longer one)."""
    n = len(word)
    k = text.find(word)
    while k >= 0:
        if (k == 0 or not text[k - 1].isalpha()) and (k + n == len(text) or not text[k + n].isalpha()):
            return True
        k = text.find(word, k + 1)
    return False


#: ``bytes.translate`` tables deleting all but the ASCII capitals / lower-case letters: the
#: letters of a note are counted at C speed (accented letters are left out, which is fine).
_ALL_BUT_UPPER = bytes(c for c in range(256) if not 65 <= c <= 90)
_ALL_BUT_LOWER = bytes(c for c in range(256) if not 97 <= c <= 122)


#: Fewest letters a text needs for ``note_case`` to call it anything but "mixed" (``short`` aside).
CASE_LETTERS = 40
#: With ``note_case(short=True)``: fewest letters of a short text with no capital that is "lower".
SHORT_LOWER_LETTERS = 12


def note_case(text: str, short: bool = False) -> str:
    """"lower" when at most 0.5% of the (ASCII) letters are capitals (about 3% of the words
    capitalised), "upper" when at most 3% are lower case, else "mixed".

    A text of fewer than 40 letters is "mixed" (too little to tell), unless ``short``: then one
    with no capital and at least 12 letters is "lower". Questions are short and a third of them
    are typed in lower case ("june here - the new meds make me dizzy"); in a "mixed" text a
    lower-case name is no candidate word, so the tagger never looked at it."""
    b = text.encode("ascii", "ignore")
    upper = len(b.translate(None, _ALL_BUT_UPPER))
    lower = len(b.translate(None, _ALL_BUT_LOWER))
    n = upper + lower
    if n < CASE_LETTERS:
        return "lower" if short and not upper and lower >= SHORT_LOWER_LETTERS else "mixed"
    if upper <= 0.005 * n:
        return "lower"
    if lower <= 0.03 * n:
        return "upper"
    return "mixed"


def doc_info(text: str, hits: Iterable[Span], short_case: bool = False, words: list[str] | None = None) -> DocInfo:
    """The ``DocInfo`` of one note and its rule/lexicon hits (``short_case``: ``note_case``'s ``short``;
    ``words``: the lexicon's tokens of this text, if at hand)."""
    labels: dict[str, set[str]] = {}
    for s in hits:
        for w in _ALPHA_WORD.findall(text, s.start, s.end):
            labels.setdefault(w.lower(), set()).add(s.label)
    return DocInfo(text, {k: "|".join(sorted(v)) for k, v in labels.items()}, note_case(text, short_case), words)


__all__ = ["DocInfo", "doc_info", "lexicon_tags", "neighbour_lexicon_tags", "note_case", "zipf_features"]
