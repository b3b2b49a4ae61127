"""Person-name surrogates, part by part.

Each part of a name (a given name, a surname, an initial) gets its own surrogate part,
chosen from the part alone: the word, the patient and the key. So "Adele D. Gabba",
"GABBA, ADELE", "Dr. Gabba", "Dear Adele" and "Adele's" all agree, in one note and in
every note of the patient, whichever person label (PATIENT, DOCTOR, USERNAME) each
mention received. Whether a word is a given name or a surname is read from the
shipped name lexicons, not from its place in the mention, because the place changes
between mentions ("Adele Gabba", "Gabba, Adele", "Adele"); the gender of a given name
comes from the same lexicon.

A surrogate part is never the word itself, never starts with the same letter (so an
initial does not survive either), and is never a word of the note's or the patient's
PHI, nor holds such a word of 3+ letters inside it ("Johnson" for "Smith" next to "John"):
a draw that is one of these is replaced by the next draw of the same seeded
stream. An initial becomes the initial of the surrogate of the note's only name word
with that letter ("A. Gabba" next to "Adele Gabba"), or a keyed letter of its own.
"""

from __future__ import annotations

import random
import string
from functools import lru_cache
from importlib import resources
from typing import Callable, Iterable

from faker import Faker

from ..text import clinical_vocabulary, match_case
from .generic import WORD, is_name_generic

#: A word that is in both lexicons is a given name when at least this common as one
#: (James, John, Kelly: given; Smith, Brown, Taylor: surnames).
GIVEN_MIN_COUNT = 8
_POSSESSIVE = ("'s", "’s")


@lru_cache(maxsize=4)
def faker(locale: str) -> Faker:
    return Faker(locale)


@lru_cache(maxsize=1)
def _lexicon() -> tuple[dict[str, tuple[str, int]], frozenset[str]]:
    folder = resources.files("phisift").joinpath("data/lexicons")
    first: dict[str, tuple[str, int]] = {}
    for line in folder.joinpath("first_names.txt").read_text(encoding="utf-8").splitlines():
        name, gender, count = (line.split("\t") + ["U", "1"])[:3]
        first[name.lower()] = (gender, int(count) if count.isdigit() else 1)
    last = frozenset(w.strip().lower() for w in folder.joinpath("last_names.txt").read_text(encoding="utf-8").splitlines())
    return first, last


def role(word: str) -> tuple[str, str]:
    """("given", gender M/F/U) or ("surname", "") for one lower-case name word."""
    first, last = _lexicon()
    if word in first and (word not in last or first[word][1] >= GIVEN_MIN_COUNT):
        return "given", first[word][0]
    return "surname", ""



def is_person_word(word: str) -> bool:
    """A word of 3+ letters that the shipped lexicons know as a given name or a surname and that is no
    common word (the clinical vocabulary: words MTSamples writes in lower case, such as "will", "brown",
    "may"), title or particle: what makes an id such as "Whitfield_Margaret_0048" name a person."""
    key = word.lower()
    if len(key) < 3 or key in clinical_vocabulary() or key in _RECORD_WORDS or is_name_generic(key):
        return False
    first, last = _lexicon()
    return key in last or first.get(key, ("", 0))[1] >= 2  # not the one-off given names ("Doc", "Valid")


#: Words that name records and files, not people, though some people bear them ("Page", "Case").
_RECORD_WORDS = frozenset("""doc docs page pages dev test train valid note notes file files record records
report reports batch part sample samples copy draft final version case cases item entry text data set split
scan image letter""".split())


def name_key(word: str) -> str:
    """The lower-case name a word stands for: possessive dropped ("Adele's" -> "adele")."""
    low = word.lower()
    for suffix in _POSSESSIVE:
        if low.endswith(suffix) and len(low) > len(suffix) + 1:
            return low[: -len(suffix)]
    return low


def name_words(text: str) -> list[str]:
    """The name parts of a mention (no titles, particles or initials), as keys."""
    return [name_key(w) for w in WORD.findall(text) if len(name_key(w)) > 1 and not is_name_generic(w)
            and not name_key(w).isdigit()]


class NameParts:
    """Surrogate name parts for one key and locale; ``part`` maps one word."""

    def __init__(self, seed: Callable[..., int], locale: str):
        self.seed, self.locale = seed, locale

    def part(self, key: str, patient: str, avoid: frozenset[str]) -> str:
        """The surrogate (lower case) of one name word; see the module doc for the rules."""
        fake = faker(self.locale)
        fake.seed_instance(self.seed("name", patient, key))
        kind, gender = role(key)
        draw = {"M": fake.first_name_male, "F": fake.first_name_female}.get(gender, fake.first_name)
        if kind == "surname":
            draw = fake.last_name
        new = draw().lower()
        for _ in range(40):
            if new[:1] != key[:1] and not _overlaps(new, key, avoid) and not is_name_generic(new):
                return new
            new = draw().lower()
        return new

    def initial(self, letter: str, patient: str, note_parts: dict[str, str]) -> str:
        """The surrogate of an initial: the surrogate's initial of the note's one name word with this
        letter, or a keyed letter that differs from it."""
        letter = letter.upper()
        if letter in note_parts:
            return note_parts[letter]
        r = random.Random(self.seed("initial", patient, letter))
        return r.choice([c for c in string.ascii_uppercase if c != letter])


def _overlaps(new: str, key: str, avoid: frozenset[str]) -> bool:
    """Whether a drawn part is the word itself or a PHI word of the note, or holds one (3+ letters) inside it:
    "Johnson" for "Smith" in a note about John Smith would show "John" to a reader or a substring audit."""
    if new == key or new in avoid or key in new:
        return True
    return any(len(w) >= 3 and w in new for w in avoid)


def initials_of(words: Iterable[str], surrogate: Callable[[str], str]) -> dict[str, str]:
    """Initial letter -> surrogate initial, for letters that begin exactly one name word of the note."""
    by_letter: dict[str, set[str]] = {}
    for w in words:
        by_letter.setdefault(w[:1].upper(), set()).add(w)
    return {letter: surrogate(next(iter(ws)))[:1].upper() for letter, ws in by_letter.items() if len(ws) == 1}


def rewrite_name(original: str, surrogate: Callable[[str], str], initial: Callable[[str], str]) -> str:
    """``original`` with each name part replaced; titles, particles, punctuation and spacing stay."""
    out, cursor = [], 0
    for m in WORD.finditer(original):
        word = m.group()
        out.append(original[cursor : m.start()])
        cursor = m.end()
        key = name_key(word)
        if len(word) == 1 and word.isalpha():
            out.append(match_case(initial(word), word) if word.isupper() else initial(word).lower())
        elif is_name_generic(word) or key.isdigit() or len(key) < 2:
            out.append(word)
        else:
            new = match_case(surrogate(key), word[: len(key)])
            if not any(c.isupper() or c.islower() for c in word):
                new = new[:1].upper() + new[1:]  # a name in a script without case ("张伟"): written as a name
            out.append(new + word[len(key) :])
    out.append(original[cursor:])
    return "".join(out)


def looks_like_name(text: str) -> bool:
    """A USERNAME span that is written as a person's name ("Adele Gabba", "A. Gabba"), not a login."""
    words = WORD.findall(text)
    return bool(words) and all(w[:1].isupper() and w.replace("'", "").replace("’", "").isalpha() for w in words) \
        and any(len(w) > 1 for w in words)
