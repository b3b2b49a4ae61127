"""One text as word tokens, with their lookup keys and the views every pass shares.

:class:`Tokens` never changes once built: what the passes decide lives in
:class:`~.state.PassState`. Its methods answer questions about the text around a token
(the gap before it, sentence start, a title, an eponym head or a relation word after it).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from itertools import accumulate
from functools import cached_property
from typing import Callable, Container, Iterator, Mapping, TypeVar

from .cues import (
    ALL_CUE_LAST, CLINICIAN_WORDS, CREDENTIAL, DOSE_AFTER, EPONYM_HEADS, INFORMAL_KIN, NAME_STOP, RELATIONS, SAINT,
    SPECIALTY_PREFIX,
    SPECIALTY_WORDS, TITLES,
)
from ...text import FOLDS_TO_ASCII
from .wordlists import Lexicons, WORD, norm

SPACE_GAPS = frozenset({" ", "  ", "\t"})
#: A capital no word character, period or hyphen stands before: where ``CREDENTIAL`` can match.
_WORD_CAPITAL = re.compile(r"[A-Z](?<![\w.-][A-Z])")

_Hit = TypeVar("_Hit")
#: ``WORD`` as the one group of a split: the words at the odd places of its parts, what stands between them at
#: the even ones.
_WORD_SPLIT = re.compile(f"({WORD.pattern})", WORD.flags)
if _WORD_SPLIT.groups != 1:
    raise ImportError("lexicon WORD must hold no capturing group (Tokens splits the text at it)")
#: Containers ``Tokens.positions`` may iterate instead of testing (their ``in`` is hashing and equality),
#: and those of them that hold each key once.
_SMALL_KINDS = (frozenset, set, dict, tuple, list)
_UNIQUE_KINDS = (frozenset, set, dict)


class Tokens:
    """One text: its word tokens (offsets, words, lookup keys, which are capitalised).

    Built once per text and never changed by a pass (``cue_positions`` is computed on first use).
    """

    def __init__(self, text: str, lex: Lexicons) -> None:
        self.text = text
        self.lex = lex
        # one split gives the words and what stands between them (gap, word, gap, ..., word, gap); the
        # offsets are the running sums of their lengths (a third faster than reading match objects)
        parts = _WORD_SPLIT.split(text)
        self.words = words = parts[1::2]
        self.n = len(words)
        offsets = list(accumulate(map(len, parts)))
        self.starts = offsets[0:-1:2]
        self.ends = offsets[1::2]
        #: ``gap(i)`` of every token (the text before token 0 first, the text after the last one last)
        self._between: list[str] = parts[0::2]
        #: indices of capitalised tokens: nearly every decision starts at one of them
        self.caps = caps = [i for i, w in enumerate(words) if w[0].isupper()]
        self.cap = cap = bytearray(self.n)
        # Keys: lowercase words are their own key unless they carry an accent or an
        # apostrophe; only those and the capitalised words go through norm(), once per distinct word.
        keys = list(words)
        normed: dict[str, str] = {}
        for i in caps:
            cap[i] = 1
            w = words[i]
            k = normed.get(w)
            if k is None:
                k = normed[w] = norm(w)
            keys[i] = k
        if "'" in text or "’" in text or not text.isascii():
            odd = {w for w in set(words) if "'" in w or "’" in w or not w.isascii()}
            for i in [i for i, w in enumerate(words) if w in odd]:
                if not cap[i]:
                    keys[i] = norm(words[i])
        self.keys = keys

    @cached_property
    def lower_words(self) -> frozenset[str]:
        """The words the text writes in lower case (their first letter)."""
        return frozenset(w for w in set(self.words) if w[:1].islower())

    @cached_property
    def note_case(self) -> str:
        """The case the whole text is written in (:func:`.casing.note_case`), from these tokens."""
        from .casing import words_case

        return words_case(self.words, self.caps)

    @cached_property
    def _lowered(self) -> str | None:
        """The text in lower case, or None when it holds a character ``FOLDS_TO_ASCII`` names."""
        return None if FOLDS_TO_ASCII.search(self.text) else self.text.lower()

    @property
    def lowered(self) -> str | None:
        """The text lower-cased, the same length (``str.lower``), or None when it holds a character that
        ``FOLDS_TO_ASCII`` names: then a case-insensitive regex of ASCII words matches where this copy holds
        them, so a case-sensitive cue of it searched here finds where to try it."""
        return self._lowered

    def may_hold(self, *words: str) -> bool:
        """Whether a case-insensitive regex that needs one of ``words`` (ASCII, lower case) can match the text:
        a pass may skip its scan when not."""
        lowered = self._lowered
        return lowered is None or any(w in lowered for w in words)

    @cached_property
    def credentials(self) -> list[re.Match]:
        """``CREDENTIAL.finditer(text)``, once for the passes that read it.

        Every credential opens with a capital after no word character, so the scan jumps from such
        capital to such capital and tries the pattern there (the same matches, leftmost first, in a
        third of the time of the scan that tries its look-behind at every character).
        """
        text, found, end = self.text, [], 0
        for c in _WORD_CAPITAL.finditer(text):
            if c.start() >= end:
                m = CREDENTIAL.match(text, c.start())
                if m:
                    found.append(m)
                    end = m.end()
        return found

    # -- token views ------------------------------------------------------------------

    def follow(self, keys: Container[str]) -> list[int]:
        """Indices, in order, of the tokens right after one whose key is in ``keys`` (see ``positions``)."""
        found = self.positions(keys)
        if found and found[-1] == self.n - 1:
            found.pop()
        return [i + 1 for i in found]

    def positions(self, keys: Container[str]) -> list[int]:
        """Indices, in order, of the tokens whose key is in ``keys``: a pass that acts only at such
        tokens loops over these instead of calling its tests for every token.

        Answered from ``_key_index`` (each distinct key's tokens): a few cue words are looked up
        there, a large list (the given names) is asked about each distinct key of the text once,
        not about every token (a pass asks this of every 200,000-character window of a long note).
        """
        index = self._key_index
        if type(keys) in _SMALL_KINDS and len(keys) < len(index):  # type: ignore[arg-type]
            found = [index[k] for k in (keys if type(keys) in _UNIQUE_KINDS else set(keys)) if k in index]
        else:
            found = [at for k, at in index.items() if k in keys]
        if len(found) == 1:
            return list(found[0])
        return sorted([i for at in found for i in at])

    @cached_property
    def _key_index(self) -> dict[str, list[int]]:
        """Each distinct key -> the indices of its tokens, in order."""
        # every key's list made first (in the order of first use), then filled: no test per token
        index: dict[str, list[int]] = {k: [] for k in self.keys}
        for i, k in enumerate(self.keys):
            index[k].append(i)
        return index

    def gap(self, i: int) -> str:
        """Characters between token i-1 and token i (the text before token 0)."""
        if 0 < i < self.n:
            return self._between[i]
        return self._between[0 if i <= 0 else self.n]

    @cached_property
    def line_firsts(self) -> list[int]:
        """Indices, in order, of the tokens that open a line: token 0 and each token whose gap holds a line break
        (a pass that acts only there loops over these instead of asking every token's gap)."""
        text, starts, n = self.text, self.starts, self.n
        firsts = [0] if n else []
        nl = text.find("\n")
        while nl >= 0:
            t = bisect_left(starts, nl)
            if t >= n:
                break
            if t > firsts[-1]:
                firsts.append(t)
            nl = text.find("\n", starts[t])
        return firsts

    def is_cap(self, i: int) -> bool:
        return self.cap[i] == 1

    @cached_property
    def cue_positions(self) -> list[int]:
        """Indices of the tokens (not the last) whose key ends some cue: the few places cue passes look."""
        found = self.positions(ALL_CUE_LAST)
        if found and found[-1] == self.n - 1:
            found.pop()
        return found

    def after_keys(self, cue_last: frozenset[str]) -> list[int]:
        """Indices of the tokens that follow a token whose key is in ``cue_last``."""
        # the tokens of ``cue_positions`` whose key is in ``cue_last``, found from the key index (``cue_last``
        # is a few words; ``cue_positions`` thousands of tokens in a long text)
        last, n = ALL_CUE_LAST, self.n - 1
        return [i + 1 for i in self.positions(cue_last) if i < n and self.keys[i] in last]

    def is_title_case(self, i: int) -> bool:
        w = self.words[i]
        return w[0].isupper() and not w.isupper()

    def is_upper(self, i: int) -> bool:
        w = self.words[i]
        if w.endswith(("'s", "’s")):
            w = w[:-2]
        return len(w) > 1 and w.isupper()

    def glued(self, i: int) -> bool:
        """Token i is stuck to a number or symbol before it ("18-French", "x/Owen")."""
        if i == 0:
            return False
        g = self.gap(i)
        return bool(g) and g[-1] in "-/_+=*&#@%.0123456789" and not (g[-1] == "." and g[:-1].strip() == "")

    def after_saint(self, i: int) -> bool:
        """Token i follows "St." / "Saint" / "Mount" / "Lake": part of a place or institution."""
        return i > 0 and self.keys[i - 1] in SAINT and self.is_cap(i - 1) and self.gap(i).strip(" .") == ""

    def dose_after(self, j: int) -> bool:
        """A dose right after token j-1 ("Amanda 10 mg"): a misspelt drug, not a person."""
        end = self.ends[j - 1]
        return bool(DOSE_AFTER.match(self.text, end, min(len(self.text), end + 20)))

    def is_initial(self, i: int) -> bool:
        w = self.words[i]
        return len(w) == 1 and w.isupper()

    def sentence_initial(self, i: int) -> bool:
        """Token i opens a sentence, a line or the text (computed once per token: the passes ask it
        about every token, some many times)."""
        if not 0 <= i < self.n:
            return self._sentence_initial(i)
        if i and self._simple_gaps[i]:
            return False  # only blanks since the last word: no sentence starts here
        known = self._sentence_initials
        answer = known[i]
        if answer is None:
            answer = known[i] = self._sentence_initial(i)
        return answer

    @cached_property
    def _sentence_initials(self) -> list[bool | None]:
        """``sentence_initial`` of each token asked so far (None: not yet): most passes ask it of a few tokens."""
        return [None] * self.n

    def _sentence_initial(self, i: int) -> bool:
        if i == 0:
            return True
        g = self.gap(i)
        if "\n" in g:
            return True
        g = g.rstrip()
        if not g:
            return False
        c = g[-1]
        if c in "!?:;•*\"":
            return True
        if g.endswith(".,"):
            return True  # "disease., Anna states": a sentence ended where MTSamples joined its fields
        if c == ".":
            if len(g) > 1 and g[-2].isdigit():
                return True  # "q.a.m.,14.  Daisy Clark": the full stop of a numbered item, not an initial's
            prev = self.keys[i - 1]
            return not (prev in TITLES or prev in ("st", "mt", "ft", "vs", "no") or len(prev) == 1)
        return False

    def simple_gap(self, i: int) -> bool:
        """Token i follows token i-1 on the same line with only spaces between."""
        if 0 < i < self.n:
            return self._simple_gaps[i]
        return self.gap(i) in SPACE_GAPS

    @cached_property
    def _simple_gaps(self) -> list[bool]:
        """``simple_gap`` of every token, computed once: the passes ask it about a million times per MB."""
        return [False] + [g in SPACE_GAPS for g in self._between[1 : self.n]]

    def initial_gap(self, i: int) -> bool:
        """Token i follows an initial: "J. Smith", "J Smith", "J.Smith"."""
        g = self.gap(i)
        return g in SPACE_GAPS or g in (".", ". ", ".  ")

    def phrase_before(self, i: int, phrases: Mapping[tuple[str, ...], object], maxlen: int) -> tuple | None:
        """The longest cue phrase ending at token i-1 whose words are on one line."""
        if i <= 0:
            return None
        keys = self.keys
        lengths = _phrase_ends(phrases)[2].get(keys[i - 1])
        if lengths is None:
            return None  # most tokens end no phrase: one dict look-up instead of ``maxlen`` tuple ones
        between = self._between
        best = None
        # only the lengths of the phrases that end in this word are looked up (the line test still runs at each)
        for length in range(1, min(maxlen, lengths[-1]) + 1):
            a = i - length
            if a < 0:
                break
            if length > 1 and "\n" in between[a + 1]:
                break
            if length in lengths:
                cand = tuple(keys[a:i])
                if cand in phrases:
                    best = cand
        return best

    def after_phrases(
        self, cue_last: frozenset[str], phrases: Mapping[tuple[str, ...], object], maxlen: int
    ) -> Iterator[tuple[int, tuple[str, ...]]]:
        """(token, cue phrase) for every token right after one of ``phrases`` (see :meth:`phrase_before`)."""
        for i in self.after_keys(cue_last):
            phrase = self.phrase_before(i, phrases, maxlen)
            if phrase is not None:
                yield i, phrase

    def longest_phrase(
        self, i: int, starts: Mapping[str, int], hit: Callable[[str], _Hit | None], joins: Callable[[int], bool]
    ) -> tuple[int, _Hit] | None:
        """The longest listed phrase that starts at token i: (end token, what ``hit`` said of it).

        Every word-list phrase lookup of the passes is this loop. ``starts`` (first word ->
        length of the longest phrase it starts) bounds it; ``hit(phrase)`` is None unless the
        phrase (keys joined by spaces) is listed; ``joins(j)`` says whether token j may carry
        the phrase on (same line, capitalised, not taken: each list has its own rule).
        """
        longest = starts.get(self.keys[i])
        if not longest:
            return None
        best = None
        parts = [self.keys[i]]
        for j in range(i + 1, min(self.n, i + longest) + 1):
            found = hit(" ".join(parts))
            if found is not None:
                best = (j, found)
            if j < self.n and j < i + longest and joins(j):
                parts.append(self.keys[j])
            else:
                break
        return best

    # -- context around a token -----------------------------------------------------

    def eponym_after(self, j: int) -> bool:
        """A device/disease/test word right after token j-1 ("Foley catheter", "Allen test")."""
        if j >= self.n:
            return False
        w = self.words[j - 1]
        if self.simple_gap(j) or (w.endswith(("'s", "’s")) and self.gap(j) in SPACE_GAPS):
            return self.keys[j] in EPONYM_HEADS
        if self.gap(j) in ("-", " - "):
            return self.keys[j] in EPONYM_HEADS
        return False

    def term_after(self, j: int, most: int = 3) -> bool:
        """A clinical term's name runs on from token j-1: up to ``most`` more words (common words,
        or capitalised words no name or place list holds) and then an eponym head ("Epworth
        Sleepiness Scale", "Edinburgh Postnatal Depression Scale", "Wisconsin Card Sorting Test")."""
        lex = self.lex
        for t in range(j, min(self.n, j + most + 1)):
            if not self.simple_gap(t):
                return False
            k = self.keys[t]
            if t > j and k in EPONYM_HEADS:
                return True
            if k in NAME_STOP or lex.is_place_word(k):
                return False
            allowed = lex.is_allowed(k) or (len(k) > 5 and k.endswith(("ing", "ed")))  # "Card Sorting Test"
            if (lex.is_name_word(k) and not allowed) or not (allowed or self.is_title_case(t) or self.is_upper(t)):
                return False  # a name, or an unknown word in lower case: no term's name
        return False

    def relation_after(self, j: int) -> bool:
        """'Mary (daughter)', 'John, her husband', 'Ann - sister'."""
        if j >= self.n:
            return False
        g = self.gap(j)
        if g.strip() not in ("(", ",", "-", "–", ""):
            return False
        if "\n" in g:
            return False
        if self.words[j].endswith(("'s", "’s")):
            return False  # "Over Mother's Day": a possessive relation is no apposition
        k = self.keys[j]
        if k in RELATIONS:
            # "Per mom, she ...", "goes to Texas, Mom has": 'mom' names a relative only in brackets or after a dash
            return k not in INFORMAL_KIN or g.strip() in ("(", "-", "–")
        if k in ("his", "her", "the", "patient", "pt", "their", "su") and j + 1 < self.n:
            return self.keys[j + 1] in RELATIONS and self.simple_gap(j + 1)
        return False

    def department_at(self, t: int) -> bool:
        """Token t is a specialty or department word, or starts one ("General Surgery")."""
        k = self.keys[t]
        if k in SPECIALTY_WORDS:
            return True
        return t + 1 < self.n and self.simple_gap(t + 1) and self.keys[t + 1] in SPECIALTY_WORDS and (
            k in SPECIALTY_PREFIX
        )

    def clinician_context(self, i: int) -> bool:
        """Clinician words shortly before token i on the same line."""
        for t in range(i - 1, max(-1, i - 5), -1):
            if self.keys[t] in CLINICIAN_WORDS:
                return True
            if "\n" in self.gap(t):
                break
        return False


def is_mc_name(w: str) -> bool:
    """'McDonald', 'MacArthur': a surname by its shape even when no list holds it."""
    return (w.startswith("Mc") and len(w) > 3 and w[2].isupper()) or (
        w.startswith("Mac") and len(w) > 4 and w[3].isupper()
    )


_LAST_WORDS: dict[int, tuple[Mapping, frozenset[str], dict[str, tuple[int, ...]]]] = {}


def _phrase_ends(phrases: Mapping[tuple[str, ...], object]) -> tuple[Mapping, frozenset[str], dict[str, tuple[int, ...]]]:
    """(the table, its phrases' last words, each last word -> the lengths of the phrases ending in it, ascending),
    computed once per table (the entry keeps the table alive, so its id cannot be reused by another one)."""
    entry = _LAST_WORDS.get(id(phrases))
    if entry is None or entry[0] is not phrases:
        ends: dict[str, set[int]] = {}
        for p in phrases:
            if p:
                ends.setdefault(p[-1], set()).add(len(p))
        entry = (phrases, frozenset(ends), {w: tuple(sorted(n)) for w, n in ends.items()})
        _LAST_WORDS[id(phrases)] = entry
    return entry


def _last_words(phrases: Mapping[tuple[str, ...], object]) -> frozenset[str]:
    """The last words of a phrase table (``_phrase_ends``)."""
    return _phrase_ends(phrases)[1]

