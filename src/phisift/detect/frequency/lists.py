"""Whitelist and blacklist: words the corpus counts do not get to decide.

* whitelist: never masked, even when rare: a shipped clinical vocabulary
  (``phisift/data/clinical_vocab.txt``, see ``docs/frequency.md`` for its source)
  plus the user's own files. A rare drug or anatomical term carries no identity.
* blacklist: always masked, even when common: the user's files, e.g. the
  names of the hospital's staff, who appear in so many notes that no count catches them.

Both are case-insensitive. A file holds one entry per line; blank lines and lines
starting with ``#`` are skipped. A blacklist entry of several words (``Jane Doe``)
masks those words only where they stand together; a whitelist line of several
words whitelists each of its words.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Iterable

from ...errors import InputError
from ...fileio import read_text
from .items import words

SHIPPED_WHITELIST = "clinical_vocab.txt"


def _entries(text: str) -> list[str]:
    return [s for s in (line.strip() for line in text.splitlines()) if s and not s.startswith("#")]


def _norms(entry: str) -> tuple[str, ...]:
    return tuple(w.norm for w in words(entry))


def shipped_whitelist() -> frozenset[str]:
    """The clinical vocabulary shipped with phisift (lower-case words)."""
    text = resources.files("phisift").joinpath("data", SHIPPED_WHITELIST).read_text(encoding="utf-8")
    return frozenset(n for e in _entries(text) for n in _norms(e))


def read_entries(path: str | Path) -> list[str]:
    p = Path(path)
    if not p.is_file():
        raise InputError("word list not found", p)
    return _entries(read_text(p))


@dataclass(frozen=True)
class WordLists:
    """Normalised list entries; ``phrases`` are the blacklist entries of two or more words."""

    whitelist: frozenset[str] = frozenset()
    blacklist: frozenset[str] = frozenset()
    phrases: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def build(
        cls,
        whitelist: Iterable[str] = (),
        blacklist: Iterable[str] = (),
        shipped: bool = True,
    ) -> "WordLists":
        """Lists from entries given directly (strings, any case)."""
        white = {n for e in whitelist for n in _norms(e)}
        if shipped:
            white |= shipped_whitelist()
        black: set[str] = set()
        phrases: set[tuple[str, ...]] = set()
        for entry in blacklist:
            norms = _norms(entry)
            if len(norms) == 1:
                black.add(norms[0])
            elif norms:
                phrases.add(norms)
        return cls(frozenset(white), frozenset(black), tuple(sorted(phrases)))

    @classmethod
    def from_files(
        cls, whitelist_files: Iterable[str | Path] = (), blacklist_files: Iterable[str | Path] = (), shipped: bool = True
    ) -> "WordLists":
        white = [e for f in whitelist_files for e in read_entries(f)]
        black = [e for f in blacklist_files for e in read_entries(f)]
        return cls.build(white, black, shipped)

    def whitelisted(self, norm: str) -> bool:
        return norm in self.whitelist or (norm.endswith(".") and norm[:-1] in self.whitelist)

    def blacklisted(self, norm: str) -> bool:
        return norm in self.blacklist or (norm.endswith(".") and norm[:-1] in self.blacklist)
