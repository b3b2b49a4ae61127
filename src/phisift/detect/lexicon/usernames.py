"""Login names by their make-up: "briansmith", "hknudsen8", "scott95", "ANDREWSROBERT".

The rule detector finds logins by their cue ("username:", "entered by") or by
signs made for a computer (a dot or an underscore with digits, an "@"). Many
logins have neither: they are a first and a last name run together, an initial
and a surname, or a name with a few digits. Only the word lists can tell those
from ordinary words, so they are found here:

* first name + surname (or surname + first name), each part 4+ letters, with or
  without digits: "briansmith", "gracecamargo", "andrewsrobert";
* one or two initials + a surname of 4+ letters + digits: "tmann45", "chernandez65";
* a first name or surname of 4+ letters + 2-4 digits: "scott95", "nicole07".

The token must be written in one case (a login is not capitalised like a name), and
it must not be a word itself: not on the clinical allowlist, not a name or a place
on its own ("robertson", "jacksonville"), no English ending ("emerging", "liberally").
"""

from __future__ import annotations

import re
from bisect import bisect_left
from string import ascii_lowercase, ascii_uppercase
from typing import Callable, Iterator

from .labels import USERNAME
from .state import PassState
from .tokens import Tokens
from .wordlists import Lexicons, norm

#: A run of letters in one case and up to four digits, standing alone (not in an e-mail, a path, a code).
_LOGIN = re.compile(r"(?<![\w@./\\:#&+=-])(?P<l>[a-z]{6,30}|[A-Z]{6,30})(?P<d>[0-9]{0,4})(?![\w@/\\-]|\.[A-Za-z0-9])")
_LOGIN_DIGITS = re.compile(r"(?<![\w@./\\:#&+=-])(?P<l>[a-z]{4,30}|[A-Z]{4,30})(?P<d>[0-9]{2,4})(?![\w@/\\-]|\.[A-Za-z0-9])")
#: What every ``_LOGIN_DIGITS`` holds, found at C speed from its digits: two digits after four letters in one case.
_LETTERS_DIGITS = re.compile(r"[0-9][0-9](?:(?<=[a-z]{4}[0-9]{2})|(?<=[A-Z]{4}[0-9]{2}))")
#: Endings of English words that a name run together rarely has.
_ENGLISH_ENDINGS = (
    "ing", "ed", "ly", "ness", "ment", "tion", "sion", "ous", "ies", "ism", "itis", "osis", "ectomy", "otomy",
    "ize", "ise", "ful", "less", "able", "ible", "ally", "als", "ence",
)


def _word_itself(lex: Lexicons, low: str) -> bool:
    """A word in its own right: allowed, a clinical term, a name or a place, or with an English ending."""
    return (low in lex.allow or low in lex.terms or lex.is_name_word(low) or lex.is_place_word(low)
            or low.endswith(_ENGLISH_ENDINGS))


def _names_run_together(lex: Lexicons, low: str) -> bool:
    """"briansmith": a first name found in several locales and a surname (either order), each of 4+ letters,
    not both common words."""
    common = lex.first_common
    for k in range(4, len(low) - 3):
        a, b = low[:k], low[k:]
        if a in lex.allow and b in lex.allow:
            continue
        if (a in common and b in lex.last) or (a in lex.last and b in common):
            return True
    return False


def login_shape(lex: Lexicons, letters: str, digits: str) -> bool:
    """Whether ``letters`` + ``digits`` is built like a login from names (see the module docstring)."""
    low = norm(letters)
    if _word_itself(lex, low):
        if not digits or len(digits) < 2 or low in lex.allow or low in lex.terms:
            return False
        return len(low) >= 4 and (low in lex.first or low in lex.last)  # "scott95", "moore44"
    if _names_run_together(lex, low):
        return True
    if digits and len(low) >= 5 and low[1:] in lex.last and low[1:] not in lex.allow:
        return True  # "hknudsen8", "dmoore44", "tmann45"
    return bool(digits) and len(low) >= 7 and low[2:] in lex.last and low[2:] not in lex.allow  # "jmsmith12"


def _token_range(doc: Tokens, start: int, end: int) -> tuple[int, int] | None:
    """The tokens inside characters start..end (a login is one word token, digits are not tokens)."""
    i = bisect_left(doc.starts, start)
    if i >= doc.n or doc.starts[i] != start or doc.ends[i] > end:
        return None
    return i, i + 1


#: ``login_shape`` answers by word lists (id -> (lists, {(letters, digits): answer})): the same words recur in
#: every note, and the shape test of a word that is no login (nearly all) splits it at every letter.
_SHAPES: dict[int, tuple[Lexicons, dict[tuple[str, str], bool]]] = {}
_SHAPES_MAX = 20_000


def _shapes(lex: Lexicons) -> dict[tuple[str, str], bool]:
    entry = _SHAPES.get(id(lex))
    if entry is None or entry[0] is not lex:  # the entry keeps the lists alive: no other can take their id
        entry = _SHAPES[id(lex)] = (lex, {})
    if len(entry[1]) > _SHAPES_MAX:
        entry[1].clear()
    return entry[1]


def pass_shaped_logins(doc: Tokens, state: PassState) -> None:
    """Logins made of names: "briansmith", "hknudsen8", "scott95" (see the module docstring)."""
    text, lex = doc.text, doc.lex
    shapes = _shapes(lex)

    def shaped(letters: str, digits: str) -> bool:
        answer = shapes.get((letters, digits))
        if answer is None:
            answer = shapes[letters, digits] = login_shape(lex, letters, digits)
        return answer

    # the shape first: it turns away nearly every match (ordinary words), so the distinct words of a text
    # are tested before the matches of the few that pass are read
    pairs = [pair for pair in set(_LOGIN.findall(text)) if shaped(*pair)]
    for m in _matches_of(_LOGIN, text, pairs):
        _take_login(doc, state, m, shaped)
    for m in _letters_digits(text):
        # a start the first pattern matched is its alone (it matches only after a non-word character,
        # so wherever it matches, its scan matched)
        if not _LOGIN.match(text, m.start()):
            _take_login(doc, state, m, shaped)


def _letters_digits(text: str) -> Iterator[re.Match]:
    """``_LOGIN_DIGITS.finditer(text)``, tried only where its digits follow four letters (``_LETTERS_DIGITS``).

    A match is a run of letters of one case, then its digits, after no word character: it starts where the run
    that ends before its first two digits starts (a run of 31 letters or more matches nowhere), and its
    first two digits are a hit of ``_LETTERS_DIGITS`` (which finds one per run of digits). So the runs are
    found at C speed and the pattern tried once at each, in order, instead of at every character.
    """
    for g in _LETTERS_DIGITS.finditer(text):
        at = g.start()
        lo = max(0, at - 31)
        run = text[lo:at].rstrip(ascii_lowercase if text[at - 1].islower() else ascii_uppercase)
        m = _LOGIN_DIGITS.match(text, lo + len(run))
        if m is not None:
            yield m


def _matches_of(pattern: re.Pattern, text: str, pairs: list[tuple[str, str]]) -> list[re.Match]:
    """The matches of ``pattern.finditer(text)`` whose groups ``l``, ``d`` are one of ``pairs``, in order.

    Found where the strings stand (``str.find``) instead of reading every match (a note holds thousands
    of words of six letters): a match of ``_LOGIN`` starts after no word character and holds only word
    characters, so none starts inside another, and every place the pattern matches is a match of the scan.
    """
    found = []
    for letters, digits in pairs:
        word = letters + digits
        k = text.find(word)
        while k >= 0:
            m = pattern.match(text, k)
            if m and m.group("l", "d") == (letters, digits):
                found.append(m)
            k = text.find(word, k + 1)
    return sorted(found, key=lambda m: m.start())


def _take_login(doc: Tokens, state: PassState, m: re.Match, shaped: Callable[[str, str], bool]) -> None:
    letters, digits = m.group("l", "d")
    if not shaped(letters, digits):
        return
    start = m.start()
    r = _token_range(doc, start, m.end("l"))
    if r is None or not state.free(*r):
        return
    if not digits and (_thing_or_place(doc, r[0]) or not _stands_alone(doc, r[0])):
        return
    state.emit_chars(start, m.end(), r[0], r[1], USERNAME, 0.75)


def _stands_alone(doc: Tokens, i: int) -> bool:
    """A login without digits is one word on its own: not a word of a run in capitals ("PARSONSLEIGH HILLS
    CLINIC" in a note in capitals) nor the name before a head word ("parsonsleigh hills clinic")."""
    lex = doc.lex
    upper = doc.words[i].isupper()
    for j in (i - 1, i + 1):
        if not 0 <= j < doc.n or not doc.simple_gap(max(i, j)):
            continue
        if upper and doc.words[j].isupper() and len(doc.words[j]) > 1:
            return False
        if j > i and (doc.keys[j] in lex.head_starts or doc.keys[j] in lex.street_suffixes
                      or doc.keys[j] in lex.head_last):
            return False
    return True


#: Words before a word that make it a thing or a place, not a login ("a billroth ii", "lives in clarkbury").
_BEFORE_THING = frozenset("a an the this that his her their its some any of using via per in into from near".split())
_ROMAN = frozenset("i ii iii iv v vi".split())


def _thing_or_place(doc: Tokens, i: int) -> bool:
    """A lowercase run of names without digits used as a word: after an article or a place preposition, or
    before a roman numeral or an eponym head ("a billroth ii procedure", "lives in westonbury")."""
    if i > 0 and doc.simple_gap(i) and doc.keys[i - 1] in _BEFORE_THING:
        return True
    return i + 1 < doc.n and doc.simple_gap(i + 1) and (doc.keys[i + 1] in _ROMAN or doc.eponym_after(i + 1))
