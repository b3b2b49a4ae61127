"""Words a surrogate may share with its original: the generic ones.

A surrogate must share no identifying word with what it replaces: "Hospital de Santo
António" must not become "Blair Hospital de Santo António". Words that name a kind
of place or thing rather than a particular one may stay: the head words of
institutions (Hospital, Clinic, University, Medical Center, from the detector's own
lexicons of heads), street suffixes (Street, Ave), titles and credentials in a name
(Dr., MD), small function words (of, the, de) and the common parts of place names
(New, North, United). Everything else is a content word and must not survive.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)

_FUNCTION = (
    "of the and at for in on a an & de del la las los el y e da do dos das di du des le van von der den "
    "al bin ibn"
).split()
_PLACE = "new north south east west northern southern eastern western upper lower central united republic " \
         "states state kingdom county city town federal islands island saint st port fort mount mt lake".split()
_NAME = ("dr dra doctor prof professor mr mrs ms miss mx sr sra srta don doña md do rn np pa pa-c phd mph dds "
         "dmd pharmd lpn cnm crna facs facp jr ii iii iv").split()
_WEB = "www http https com org net edu gov html htm php mail gmail yahoo hotmail outlook aol icloud".split()
_EXTRA = ("hospital hospitals clinic clinics medical center centre health healthcare system systems university "
          "college school institute infirmary general memorial regional community children's women's "
          "apt apartment suite ste unit floor fl room rm po box").split()


def _lexicon_words(*names: str) -> set[str]:
    words: set[str] = set()
    folder = resources.files("phisift").joinpath("data/lexicons")
    for name in names:
        for line in folder.joinpath(name).read_text(encoding="utf-8").splitlines():
            words.update(w.lower() for w in WORD.findall(line))
    return words


@lru_cache(maxsize=1)
def generic_words() -> frozenset[str]:
    """Lower-case words that identify no one (see the module doc)."""
    heads = _lexicon_words(
        "hospital_heads.txt", "hospital_heads_first.txt", "organization_heads.txt",
        "organization_heads_first.txt", "organization_heads_strong.txt", "location_heads.txt",
        "location_heads_first.txt", "street_suffixes.txt",
    )
    return frozenset(heads | set(_FUNCTION) | set(_PLACE) | set(_NAME) | set(_WEB) | set(_EXTRA))


def is_generic(word: str) -> bool:
    return word.lower().strip(".") in generic_words()


_NAME_GENERIC = frozenset(_FUNCTION) | frozenset(_NAME)


def is_name_generic(word: str) -> bool:
    """Titles, credentials and particles: the only words of a person's name that stay
    (not the heads of places: Church, Park and Hall are surnames too)."""
    return word.lower().strip(".") in _NAME_GENERIC


def all_words(text: str) -> set[str]:
    """Every lower-cased word of ``text`` but single characters and numbers under three digits."""
    return {w.lower() for w in WORD.findall(text) if len(w) > 1 and not (w.isdigit() and len(w) < 3)}


def content_words(text: str, min_len: int = 1) -> set[str]:
    """The lower-cased non-generic words of ``text`` (numbers of ``min_len`` digits or more count)."""
    out = set()
    for w in WORD.findall(text):
        low = w.lower()
        if low in generic_words():
            continue
        if low.isdigit() and len(low) < max(min_len, 3):
            continue
        out.add(low)
    return out
