"""The word lists of DataSifterText: stop words (the default blacklist) and user lists.

The blacklist holds words that are never masked, the whitelist sensitive words that
are masked more often. The published code builds its blacklist from NLTK's English
stop words plus ``dx`` and the single letters b-z; NLTK would download that list at
run time, so the same words are written out here (phisift never reaches for the
network). RAKE uses the same stop words to cut phrases.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..detect.frequency.lists import read_entries
from ..text import ENGLISH_STOPWORDS
from .masking import word_units


# What the published code adds: "dx" and every single letter but "a" (already a stop word).
PUBLISHED_EXTRA: frozenset[str] = frozenset({"dx"} | set("bcdefghijklmnopqrstuvwxyz"))

DEFAULT_BLACKLIST: frozenset[str] = ENGLISH_STOPWORDS | PUBLISHED_EXTRA


def norm(word: str) -> str:
    """The form list lookups use: lower case, typographic apostrophes made straight."""
    return word.lower().replace("\u2019", "'")


def load_words(paths: Iterable[str | Path]) -> frozenset[str]:
    """Words of list files (one entry per line, ``#`` comments; an entry of several words adds each)."""
    out: set[str] = set()
    for path in paths:
        for entry in read_entries(path):
            out.update(norm(t.text) for t in word_units(entry))
    return frozenset(out)
