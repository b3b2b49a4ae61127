"""General English word frequencies: how common a word is in English at large, not in clinics.

The detectors' other vocabularies come from clinical text (``data/clinical_vocab.txt``) and
from name and place sources (the lexicon lists), so an ordinary word none of them holds
("respite", "corridor", "porch") looked just like an unknown surname or town, above all in a
note typed in one case, where capitals say nothing. ``data/english_words.tsv.gz`` (built by
``scripts/build_english_words.py`` from the ``wordfreq`` package's data, CC BY-SA 4.0; see
``data/LEXICONS.md``) gives each of about 51,000 lower-case words its Zipf frequency:
log10 of occurrences per billion words, 7.7 for "the", 3 for "respite", 2.5 the floor.

Names and places are English words too ("john" 5.4, "boston" 4.7): a high value says a word
is *used* often, not that it is no name. Callers combine it with the name and place lists
and with context; this module only answers the frequency.

Stable API (the CRF stacker's features read it as well):

* :func:`zipf` ``(word) -> float``: the word's Zipf value, 0.0 when it is not in the list;
* :func:`is_common_word` ``(word, floor=COMMON_ZIPF) -> bool``;
* :func:`english_words` ``() -> Mapping[str, float]``: the whole list, lower-case keys.

The list is read once, on first use (about 10 ms), and cached.
"""

from __future__ import annotations

import gzip
import unicodedata
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping

#: The lowest Zipf value the shipped list holds: rarer words read as 0.0.
LIST_FLOOR = 2.5
#: The default of :func:`is_common_word`: once per million words ("respite" 3.2, "corridor" 3.9
#: are common; "kowalski" 2.7 is not).
COMMON_ZIPF = 3.0

_FILE = "english_words.tsv.gz"


def parse(text: str) -> dict[str, float]:
    """``<zipf>\\t<word> <word> ...`` lines (``#`` lines are comments) -> word -> Zipf value."""
    out: dict[str, float] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        value, _, words = line.partition("\t")
        out.update(dict.fromkeys(words.split(), float(value)))
    return out


@lru_cache(maxsize=1)
def english_words() -> Mapping[str, float]:
    """Every listed word (lower case) -> its Zipf value; read from the package data once."""
    raw = resources.files("phisift").joinpath("data", _FILE).read_bytes()
    return MappingProxyType(parse(gzip.decompress(raw).decode("utf-8")))


@lru_cache(maxsize=1 << 15)
def zipf(word: str) -> float:
    """The Zipf frequency of ``word`` in general English, 0.0 when unlisted (rarer than 2.5).

    Case does not matter ("CORRIDOR", "Corridor", "corridor" alike); a curly apostrophe counts
    as a straight one; accents are folded ("café" -> "cafe"); a possessive is stripped when the
    form itself is unlisted ("nephew's" -> "nephew"). Hyphenated words count only when the list
    holds them whole: "smith-jones" says nothing about either part.
    """
    words = english_words()
    k = word.lower()
    if not k.isascii():
        k = "".join(c for c in unicodedata.normalize("NFKD", k.replace("’", "'"))
                    if not unicodedata.combining(c))
    value = words.get(k)
    if value is None and k.endswith("'s") and len(k) > 2:
        value = words.get(k[:-2])
    return value or 0.0


def is_common_word(word: str, floor: float = COMMON_ZIPF) -> bool:
    """Whether ``word`` occurs at least ``10**(floor - 9)`` of the time in English at large."""
    return zipf(word) >= floor
