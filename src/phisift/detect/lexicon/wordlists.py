"""The word lists of ``phisift/data/lexicons``, loaded once and normalised for lookup.

``scripts/build_lexicons.py`` builds the lists (see ``data/LEXICONS.md``);
:func:`load_lexicons` reads them (or a directory of the same files), turns every entry
into a lookup key with :func:`norm`, and derives the prefix tables the passes scan with.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Iterable, Mapping

from .cues import EXTRA_ORG_HEADS, EXTRA_ORG_HEADS_FIRST, INST_MODIFIERS

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*(?:-[^\W\d_]+(?:['’][^\W\d_]+)*)*")


@lru_cache(maxsize=4096)
def _fold_accents(s: str) -> str:
    """'José' -> 'Jose': lists and notes spell names with and without accents."""
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


@lru_cache(maxsize=1 << 14)
def norm(word: str) -> str:
    """The lookup key of a word: lowercase, accents folded, possessive 's dropped (cached: the same
    capitalised words recur in every note)."""
    k = word.lower()
    if not k.isascii():
        k = _fold_accents(k.replace("’", "'"))
    if k.endswith("'s") and len(k) > 2:
        k = k[:-2]
    return k


def _phrase_key(phrase: str) -> str:
    """The lookup key of a phrase: the keys of its words, joined by single spaces."""
    return " ".join(norm(w) for w in WORD.findall(phrase))


@dataclass(frozen=True)
class Lexicons:
    """The word lists, normalised for lookup. Build once with :func:`load_lexicons`."""

    first: Mapping[str, str]  # key -> F / M / U
    first_common: frozenset[str]  # listed by two or more Faker locales
    last: frozenset[str]
    allow: frozenset[str]
    terms: frozenset[str]  # capitalised clinical terms (brands, departments, devices)
    cities: frozenset[str]  # phrase keys
    cities_major: frozenset[str]
    states: Mapping[str, str]  # phrase key -> code ("" when none)
    state_codes: frozenset[str]  # upper-case codes usable in "City, ST"
    main_states: frozenset[str]  # US, Canadian and Australian: a state even when a city shares the name
    countries: frozenset[str]
    hospital_heads: frozenset[str]
    hospital_heads_first: frozenset[str]
    org_heads: frozenset[str]
    org_heads_strong: frozenset[str]
    org_heads_first: frozenset[str]
    location_heads: frozenset[str]
    location_heads_first: frozenset[str]
    street_suffixes: frozenset[str]
    street_heads_first: frozenset[str]
    professions: frozenset[str]
    professions_ambiguous: frozenset[str]
    payers: frozenset[str]  # insurers tagged wherever they stand capitalised
    payers_cued: frozenset[str]  # insurer names that are common words: only after an insurance cue
    location_heads_cued: frozenset[str]  # "Pond", "Field", "Square": only after "at", "near", "in"

    # derived, for the scan
    place_starts: Mapping[str, int]  # first word key -> longest phrase (tokens)
    head_starts: Mapping[str, int]
    head_last: frozenset[str]
    inst_ends: frozenset[str]  # last words that end one institution name ("Hospital", "Clinic")
    prof_starts: Mapping[str, int]
    payer_starts: Mapping[str, int]
    loc_cued_starts: Mapping[str, int]
    #: romanised Chinese and Japanese given names ("Wei", "Na"): only beside a listed surname before a verb
    romanized_given: frozenset[str] = frozenset()
    #: romanised Chinese and Japanese surnames ("Sato", "Tanaka"): only beside a given name before a verb
    romanized_last: frozenset[str] = frozenset()

    def is_name_word(self, k: str) -> bool:
        if k in self.first or k in self.last:
            return True
        if "-" in k:
            parts = k.split("-")
            return all(p in self.first or p in self.last for p in parts if p)
        return False

    def is_allowed(self, k: str, terms: bool = True) -> bool:
        """In the allowlist (a hyphenated word when any part is, unless all parts are names).

        ``terms=False`` leaves out the capitalised clinical terms: after a title or a cue
        an unknown capitalised word is taken as a surname even if MTSamples capitalised it.
        """
        if k in self.allow or (terms and k in self.terms):
            return True
        if "-" in k:
            parts = [p for p in k.split("-") if p]
            if len(parts) == 2 and parts[0] in _NAME_ARTICLES and parts[1] not in self.allow and (
                not terms or parts[1] not in self.terms
            ):
                return False  # "al-zahrani", "el-sayed", "abu-bakr": an article says nothing, the name does
            if all(p in self.first or p in self.last for p in parts):
                return False
            if len(parts) == 2 and any(p in self.romanized_given for p in parts) and not all(p in self.allow for p in parts):
                return False  # "min-jun", "seo-yeon": a given name of two romanized syllables, one of them listed
            return any(p in self.allow or (terms and p in self.terms) for p in parts)
        return False

    def is_place_word(self, k: str) -> bool:
        return k in self.cities or k in self.states or k in self.countries


#: Articles and kin words that open a hyphenated Arabic or Hebrew family name ("Al-Zahrani", "El-Sayed",
#: "Abu-Bakr", "Bin-Laden", "Ben-David"); "al" is a word of the allowlist ("et al"), so without this the
#: whole name read as an allowed word.
_NAME_ARTICLES = frozenset({"al", "el", "ul", "abu", "abou", "bin", "ibn", "bint", "ben", "ould"})


def _read(directory: Path | None, name: str, optional: bool = False) -> list[str]:
    """The non-blank lines of one list, from ``directory`` or the package data."""
    try:
        if directory is not None:
            text = (directory / name).read_text(encoding="utf-8")
        else:
            text = resources.files("phisift").joinpath("data", "lexicons", name).read_text(encoding="utf-8")
    except FileNotFoundError:
        if optional:  # lists added later: an older lexicon directory works without them
            return []
        raise
    return [line for line in text.splitlines() if line.strip()]


def _starts(phrases: Iterable[str]) -> dict[str, int]:
    """First word -> length of the longest phrase it starts: a scan tries phrases only at these words."""
    out: dict[str, int] = {}
    for p in phrases:
        words = p.split(" ")
        out[words[0]] = max(out.get(words[0], 0), len(words))
    return out


def _read_first_names(directory: Path | None) -> tuple[dict[str, str], frozenset[str]]:
    """First names -> gender (F / M / U when the sources disagree), and the names two or more
    Faker locales list (common enough to be tagged alone)."""
    first: dict[str, str] = {}
    common: set[str] = set()
    for line in _read(directory, "first_names.txt"):
        name, gender, count = (line.split("\t") + ["U", "1"])[:3]
        k = norm(name)
        if k in first and first[k] != gender:
            first[k] = "U"
        else:
            first[k] = gender or "U"
        if int(count or 1) >= 2:
            common.add(k)
    return first, frozenset(common)


def _read_states(directory: Path | None) -> tuple[dict[str, str], frozenset[str], frozenset[str]]:
    """State phrase key -> code, the codes usable in "City, ST", and the US, Canadian and
    Australian states (a state even when a city shares the name)."""
    states: dict[str, str] = {}
    codes: set[str] = set()
    main_states: set[str] = set()
    for line in _read(directory, "states.txt"):
        name, code, country = (line.split("\t") + ["", ""])[:3]
        states[_phrase_key(name)] = code
        if country in ("US", "CA", "AU"):
            main_states.add(_phrase_key(name))
            if code:
                codes.add(code)
    return states, frozenset(codes), frozenset(main_states)


def _head_ends(heads: frozenset[str], last: frozenset[str]) -> frozenset[str]:
    """Last words of heads: they end name runs ("Smith Hospital"), except surnames that only
    close a longer head: "Kingdom Hall" and "Hospice House" must not cut "Grace Hall" or "Dr. House"."""
    return frozenset(h.split(" ")[-1] for h in heads if " " not in h or h.split(" ")[-1] not in last)


@lru_cache(maxsize=4)
def load_lexicons(directory: str | None = None) -> Lexicons:
    """Read and normalise the word lists (the packaged ones unless ``directory`` is given)."""
    d = Path(directory) if directory else None

    def keys(name: str, optional: bool = False) -> frozenset[str]:
        return frozenset(k for k in (_phrase_key(x) for x in _read(d, name, optional)) if k)

    first, first_common = _read_first_names(d)
    states, state_codes, main_states = _read_states(d)
    cities = keys("cities.txt")
    countries = keys("countries.txt")
    hospital_heads, hospital_heads_first = keys("hospital_heads.txt"), keys("hospital_heads_first.txt")
    org_heads, org_heads_strong = keys("organization_heads.txt"), keys("organization_heads_strong.txt")
    org_heads = org_heads | EXTRA_ORG_HEADS
    org_heads_first = keys("organization_heads_first.txt") | EXTRA_ORG_HEADS_FIRST
    location_heads, location_heads_first = keys("location_heads.txt"), keys("location_heads_first.txt")
    professions = keys("professions.txt")
    ambiguous = keys("professions_ambiguous.txt")
    heads = (hospital_heads | hospital_heads_first | org_heads | org_heads_strong | org_heads_first
             | location_heads | location_heads_first)
    last = frozenset(norm(w) for w in _read(d, "last_names.txt"))
    payers, payers_cued = keys("payers.txt", True), keys("payers_cued.txt", True)
    location_heads_cued = keys("location_heads_cued.txt", True)
    return Lexicons(
        first=first,
        first_common=first_common,
        last=last,
        allow=frozenset(norm(w) for w in _read(d, "clinical_allow.txt")),
        terms=frozenset(norm(w) for w in _read(d, "clinical_terms.txt")),
        cities=cities,
        cities_major=keys("cities_major.txt"),
        states=states,
        state_codes=state_codes,
        main_states=main_states,
        countries=countries,
        hospital_heads=hospital_heads,
        hospital_heads_first=hospital_heads_first,
        org_heads=org_heads | org_heads_strong,
        org_heads_strong=org_heads_strong,
        org_heads_first=org_heads_first,
        location_heads=location_heads,
        location_heads_first=location_heads_first,
        street_suffixes=keys("street_suffixes.txt"),
        street_heads_first=keys("street_heads_first.txt"),
        professions=professions,
        professions_ambiguous=ambiguous,
        payers=payers,
        payers_cued=payers_cued,
        location_heads_cued=location_heads_cued,
        place_starts=_starts(cities | set(states) | countries),
        head_starts=_starts(heads),
        head_last=_head_ends(hospital_heads | org_heads | location_heads, last),
        inst_ends=_head_ends(hospital_heads | org_heads, last) - INST_MODIFIERS,
        prof_starts=_starts(professions | ambiguous),
        payer_starts=_starts(payers | payers_cued),
        loc_cued_starts=_starts(location_heads_cued),
        romanized_given=keys("romanized_given.txt", True),
        romanized_last=keys("romanized_last.txt", True),
    )
