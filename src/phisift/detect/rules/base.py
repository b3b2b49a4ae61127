"""What every recognizer of the rule detector shares: the scan state, the kinds of recognizer, and the final clean-up.

A note is read a handful of times, not once per recognizer: one combined regex
finds every token that starts with a digit and hands each hit to the recognizer of
its shape (``NumericShape``); one trie of trigger words hands each cue word to the
recognizers listening for it (``CueWords``); the other recognizers scan for a
literal of their own ("@", "://", ",") and run only when it occurs (``TextPass``).
All of them write candidate spans into one ``Scan``; ``resolve`` then settles
overlaps between them once.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Union

from ...document import Span
from ...text import FOLDS_TO_ASCII
from .regex_parts import NOT_DATE_AFTER, UNIT_AFTER, lower_one_for_one

if TYPE_CHECKING:
    from .detector import RulePatterns

#: Span kinds: a cue-word ID value overrides other rule spans on the same characters;
#: a weak guess gives way to any other rule span.
PLAIN, CUE, WEAK = 0, 1, 2

#: Reversed: blanks, punctuation, then up to three blank-separated words, nearest first.
_WORD_CHARS = r"(?:[^\W\d_]|['’/.-])+"
_PREV_WORDS = re.compile(
    rf"[ \t]*(?P<between>[:#\-–,=(\[]*)[ \t]*"
    rf"(?:(?P<w1>{_WORD_CHARS})(?:[ \t]+(?P<w2>{_WORD_CHARS})(?:[ \t]+(?P<w3>{_WORD_CHARS}))?)?)?"
)
_ANY_DIGIT = re.compile(r"[0-9]")
_BLANK_DIGIT = re.compile(r"[ \t][0-9]")


def gated_lines(gate: re.Pattern, text: str, hay: str) -> list[tuple[int, int]]:
    """(start, end) of each line of ``text`` (end past its newline) where ``gate`` matches ``hay``, a same-length
    copy of it (the text itself, or its lowered form), in order; the whole text when the copy's length differs.

    A pattern whose every match lies on one line and implies a gate match on that line then scans only these
    lines (``finditer(text, start, end)``: its look-behinds and ``^`` still see the text before ``start``) and
    finds the same matches in the same order: a long text (a 200 000-character window of a big note) nearly
    always holds some gate match, and scanning all of it with such slow patterns cost more per character than
    the notes whose gate fails. ``gate`` must never match a line break (its line is the line it starts on).
    """
    n = len(text)
    if len(hay) != n:
        return [(0, n)]
    lines: list[tuple[int, int]] = []
    search, rfind, find = gate.search, text.rfind, text.find
    g = search(hay)
    while g is not None:
        at = g.start()
        end = find("\n", at)
        end = n if end < 0 else end + 1
        lines.append((rfind("\n", 0, at) + 1, end))
        # the next line's first match: the search skips the rest of this line at C speed (a gate never
        # matches a line break, so no match of this line reaches past it)
        g = search(hay, end) if end < n else None
    return lines


#: Text length from which ``Scan.lines_holding`` picks lines: a note shorter than this is scanned whole, where
#: the gate's own scan would cost about what it saves.
LINES_FROM = 20_000


def matches_on_lines(pattern: re.Pattern, text: str, lines: Iterable[tuple[int, int]],
                     starts: re.Pattern | None = None, hay: str | None = None) -> Iterator[re.Match]:
    """``pattern.finditer(text)`` restricted to ``lines`` ((start, end) in order, as ``gated_lines`` gives);
    with ``starts``, tried only where it matches in ``text`` or ``hay`` (``started_finditer``)."""
    for start, end in lines:
        yield from (pattern.finditer(text, start, end) if starts is None
                    else started_finditer(pattern, starts, text, start, end, hay))


def started_finditer(pattern: re.Pattern, starts: re.Pattern, text: str, pos: int = 0,
                     endpos: int | None = None, hay: str | None = None) -> Iterator[re.Match]:
    """``pattern.finditer(text, pos, endpos)``, the pattern tried only where ``starts`` matches: the same matches
    in the same order when ``pattern`` never matches empty and can start only where ``starts`` matches
    (``text``, or ``hay``: a same-length copy of it such as ``Scan.lower``).

    For a pattern that opens with a look-behind, the engine tries it at every character; ``starts``, its first
    character's class (a rare one: digits, "+", "(") then the same look-behind, lets the
    engine skip to those characters at C speed. A case-insensitive pattern is slow at every character too;
    ``starts`` may then be a case-sensitive cue of it searched in the lowered copy.
    """
    end = len(text) if endpos is None else endpos
    search, match = starts.search, pattern.match
    hay = text if hay is None else hay
    g = search(hay, pos, end)
    while g is not None:
        at = g.start()
        m = match(text, at, end)
        if m is None:
            g = search(hay, at + 1, end)
        else:
            yield m
            g = search(hay, max(m.end(), at + 1), end)


@dataclass(frozen=True)
class Languages:
    """The languages whose month names, cue words and formats are looked for."""

    english: bool
    spanish: bool


class Scan:
    """One detection run over one text: the candidate spans found so far and the context look-ups.

    Recognizers are functions of a ``Scan``; the look-ups here ("the words before
    this position", "does a unit follow") are the context checks they share.
    """

    __slots__ = ("text", "p", "labels", "out", "n", "spanish", "has_digit", "date_rows", "lower", "plain", "_reversed",
                 "_blank_digits")

    def __init__(self, text: str, patterns: RulePatterns, labels: frozenset[str] | None) -> None:
        self.text = text
        self.p = patterns
        self.labels = labels
        self.out: list[tuple[int, int, str, float, int]] = []
        self.n = len(text)
        self.spanish = patterns.languages.spanish
        self.has_digit = _ANY_DIGIT.search(text) is not None
        self.date_rows: dict[int, bool] = {}  # line start -> whether the line is a row of dates
        #: the text lower-cased one character for one (``LOWER_TABLE``): offsets are the text's
        self.lower = lower_one_for_one(text)
        #: no character the IGNORECASE flag matches to an ASCII letter but ``LOWER_TABLE`` leaves alone
        #: ("ſ" is "s", "K" is "k"): a case-insensitive regex of ASCII words can match only where ``lower``
        #: holds them, so a pass may skip a text whose ``lower`` does not
        self.plain = FOLDS_TO_ASCII.search(text) is None
        self._reversed: str | None = None
        self._blank_digits: list[int] | None = None

    def back(self, run: re.Pattern, pos: int) -> int:
        """Where the run of ``run`` (a pattern of one repeated character class, ``[...]*``) that ends at ``pos``
        begins: the pattern matched on the reversed text, so a pass that finds a run's end at C speed (a blank
        before a digit) reads the characters before it without a scan from the text's start."""
        if self._reversed is None:
            self._reversed = self.text[::-1]
        at = self.n - pos
        return pos - (run.match(self._reversed, at).end() - at)

    @property
    def blank_digits(self) -> list[int]:
        """Offsets of every blank (space, tab) right before a digit, in order: where the passes that need
        "[ \t]+[0-9]" after a word look (computed once per text)."""
        if self._blank_digits is None:
            self._blank_digits = [m.start() for m in _BLANK_DIGIT.finditer(self.text)]
        return self._blank_digits

    def may_hold(self, *words: str) -> bool:
        """Whether a case-insensitive regex that needs one of ``words`` (ASCII, lower case) can match here."""
        return not self.plain or any(w in self.lower for w in words)

    def lines_holding(self, gate: re.Pattern, lowered: bool = True) -> list[tuple[int, int]]:
        """The lines a single-line pattern needs scanned: those where ``gate`` matches ``lower`` (``lowered``:
        an ASCII-word cue of a case-insensitive pattern, so the whole text when it is not ``plain``) or the
        text itself; the whole text when shorter than ``LINES_FROM``.

        Every match of the pattern must lie on one line and imply a match of ``gate`` on that line: then
        ``matches_on_lines`` finds what ``finditer`` over the whole text finds. A window of a big note nearly
        always holds the cue somewhere, and the slow patterns then ran over all of it.
        """
        if self.n < LINES_FROM or (lowered and not self.plain):
            return [(0, self.n)]
        return gated_lines(gate, self.text, self.lower if lowered else self.text)

    def lines_if(self, gate: re.Pattern, lowered: bool = True) -> list[tuple[int, int]]:
        """``lines_holding``, or no line at all when ``gate`` matches nowhere: a short note without the gate's
        cue then costs one fast scan instead of the slow pattern's (the same conditions on the pattern)."""
        if lowered and not self.plain:
            return [(0, self.n)]
        if gate.search(self.lower if lowered else self.text) is None:
            return []
        return self.lines_holding(gate, lowered)

    def wants(self, *labels: str) -> bool:
        """Whether any of ``labels`` is kept: recognizers that find none of the kept labels are skipped."""
        return self.labels is None or not self.labels.isdisjoint(labels)

    def emit(self, start: int, end: int, label: str, score: float, kind: int = PLAIN) -> None:
        """Record a candidate span (dropped at once when its label is not kept)."""
        if end > start and (self.labels is None or label in self.labels):
            self.out.append((start, end, label, score, kind))

    def line_start(self, pos: int, limit: int = 200) -> int:
        """Start of the line holding ``pos``, or ``pos - limit`` on a very long line."""
        lo = max(0, pos - limit)
        return self.text.rfind("\n", lo, pos) + 1 or lo

    def prev_words(self, pos: int, span: int = 40) -> tuple[list[str], list[int], str]:
        """Up to three words before ``pos`` on its line, nearest last, with their starts.

        Also returns the punctuation between the nearest word and ``pos`` (":", "(",
        "-"), which several cues depend on. Matching a reversed pattern on the
        reversed window finds them in one anchored match instead of a scan.
        """
        lo = max(0, pos - span)
        window = self.text[lo:pos]
        nl = window.rfind("\n")
        if nl >= 0:
            window = window[nl + 1 :]
        m = _PREV_WORDS.match(window[::-1])
        words: list[str] = []
        starts: list[int] = []
        for g in ("w3", "w2", "w1"):
            w = m.group(g)
            if w:
                words.append(w[::-1].strip(".-"))
                starts.append(pos - m.end(g))
        return words, starts, m.group("between")[::-1]

    def emit_match(self, pattern: re.Pattern, start: int, label: str, score: float) -> int:
        """A cue word's whole phrase as one span when ``pattern`` matches at ``start``; its end, or 0."""
        m = pattern.match(self.text, start)
        if not m:
            return 0
        self.emit(start, m.end(), label, score)
        return m.end()

    def not_a_date_after(self, end: int) -> bool:
        """Whether a dose, unit or count word follows ("1/2 tab", "5/5 strength")."""
        return NOT_DATE_AFTER.match(self.text, end) is not None

    def unit_after(self, end: int) -> bool:
        """Whether a unit follows, which makes a number a measurement ("2000 mg", "1998 calories")."""
        return UNIT_AFTER.match(self.text, end) is not None


@dataclass(frozen=True)
class NumericShape:
    """A shape of token that starts with a digit, ``(``, ``+`` or ``'``, and the handler of its hits.

    ``pattern`` gives the shape's regex for a language set (None: not looked for
    with these languages); it becomes the group ``name`` of the combined numeric
    regex, where the first shape that matches at a position wins.
    """

    name: str
    pattern: Callable[[Languages], str | None]
    handle: Callable[[Scan, re.Match], None]


@dataclass(frozen=True)
class CueWords:
    """Trigger words (lower case) and the handler called at each of them.

    ``handle(scan, start)`` returns where what it found ends (the scan skips to
    there), or 0 to let the next handler listening for the same word try.
    """

    name: str
    words: Callable[[Languages], Iterable[str]]
    handle: Callable[[Scan, int], int]


@dataclass(frozen=True)
class TextPass:
    """A scan of its own, run when one of its ``labels`` is kept and ``applies`` (a cheap test on the text) holds."""

    labels: tuple[str, ...]
    applies: Callable[[Scan], object]
    run: Callable[[Scan], None]

    @property
    def name(self) -> str:
        return self.run.__name__


def resolve(spans: list[tuple[int, int, str, float, int]]) -> list[Span]:
    """The spans every recognizer found, with the overlaps between them settled.

    A cue-word ID value wins over other spans inside it; a weak guess gives way to
    any other span it overlaps; of spans of one label, exact duplicates keep the
    best score and spans inside another are dropped.
    """
    if not spans:
        return []
    cue = sorted((s, e) for s, e, _, _, k in spans if k == CUE)
    cue_exact = {(s, e, lab) for s, e, lab, _, k in spans if k == CUE}
    strong = sorted((s, e) for s, e, _, _, k in spans if k != WEAK)
    kept = []
    for sp in spans:
        s, e, lab, _, kind = sp
        if kind != CUE and cue and (s, e, lab) not in cue_exact and _inside_any(cue, s, e):
            continue  # "Acct #: 617-555-1234" is an account number, not a phone
        if kind == WEAK and _overlaps(strong, s, e):
            continue
        kept.append(sp)
    # same label: drop exact duplicates (keeping the best score) and spans inside another
    kept.sort(key=lambda t: (t[2], t[0], -t[1], -t[3]))
    final: list[tuple[int, int, str, float]] = []
    label, max_end = None, -1
    for s, e, lab, score, _ in kept:
        if lab != label:
            label, max_end = lab, -1
        if e <= max_end:
            continue
        max_end = e
        final.append((s, e, lab, score))
    final.sort()  # the order of Span (start, end, label), without comparing Span objects
    return [Span(s, e, lab, "rules", score) for s, e, lab, score in final]


def _overlaps(intervals: list[tuple[int, int]], s: int, e: int) -> bool:
    """Whether [s, e) overlaps an interval of the start-sorted list."""
    i = bisect_left(intervals, (e, -1))
    j = i - 1
    while j >= 0:
        a, b = intervals[j]
        if b > s:
            return True
        if a < s - 200:  # intervals are short; nothing further back can reach s
            break
        j -= 1
    return False


def _inside_any(intervals: list[tuple[int, int]], s: int, e: int) -> bool:
    """Whether [s, e) lies within an interval of the start-sorted list."""
    i = bisect_left(intervals, (s + 1, -1))  # every interval starting at or before s
    j = i - 1
    while j >= 0:
        a, b = intervals[j]
        if a <= s and e <= b:
            return True
        if a < s - 200:
            break
        j -= 1
    return False


#: A recognizer is reached one of three ways, and the way fixes what it is given: a numeric
#: shape gets the regex match of its token, cue words the position of the trigger word, a text
#: pass the whole scan. Each family module defines its recognizers as constants of these types;
#: ``detector`` puts them in order.
Recognizer = Union[NumericShape, CueWords, TextPass]
