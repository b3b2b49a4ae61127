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
from .masking import word_units

# NLTK's English stop-word list (179 words), as the published DataSifterText code uses it.
NLTK_ENGLISH_STOPWORDS: frozenset[str] = frozenset(
    """
    i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself yourselves
    he him his himself she she's her hers herself it it's its itself they them their theirs themselves
    what which who whom this that that'll these those am is are was were be been being have has had
    having do does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on off over
    under again further then once here there when where why how all any both each few more most other
    some such no nor not only own same so than too very s t can will just don don't should should've
    now d ll m o re ve y ain aren aren't couldn couldn't didn didn't doesn doesn't hadn hadn't hasn
    hasn't haven haven't isn isn't ma mightn mightn't mustn mustn't needn needn't shan shan't shouldn
    shouldn't wasn wasn't weren weren't won won't wouldn wouldn't
    """.split()
)

# What the published code adds: "dx" and every single letter but "a" (already a stop word).
PUBLISHED_EXTRA: frozenset[str] = frozenset({"dx"} | set("bcdefghijklmnopqrstuvwxyz"))

DEFAULT_BLACKLIST: frozenset[str] = NLTK_ENGLISH_STOPWORDS | PUBLISHED_EXTRA


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
