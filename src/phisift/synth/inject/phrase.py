"""Phrases: inserted text as a run of literal and labelled segments, and the random context.

Every value the injector makes is a ``Phrase``: a tuple of ``Seg`` pieces, each
either plain text (``label`` None) or one gold span with its i2b2 label, the
family it tests ("address", "person", ...) and the form within that family
("apt_part", "initial_surname", ...). Offsets are never computed by hand: the
injector joins the pieces and counts, and ``phisift.document.rewrite`` places the
joined text, so the gold offsets are exact by construction.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable, Iterable

from faker import Faker

#: Latin-script Faker locales the injector draws names and places from (20, so 12+ in any corpus).
LOCALES: tuple[str, ...] = (
    "en_US", "en_GB", "en_IE", "en_IN", "en_AU", "en_CA", "de_DE", "fr_FR", "es_ES", "es_MX",
    "it_IT", "pt_BR", "pl_PL", "nl_NL", "fi_FI", "tr_TR", "sv_SE", "da_DK", "cs_CZ", "vi_VN",
)
#: US clinics see mostly US and English names; the rest share the remaining draws.
LOCALE_WEIGHTS: tuple[int, ...] = (8, 3, 2, 3, 1, 1, 2, 2, 1, 3, 1, 2, 2, 1, 1, 1, 1, 1, 1, 2)

FAMILIES: tuple[str, ...] = (
    "address", "institution", "person", "age", "date", "identifier", "profession", "contact",
)


@dataclass(frozen=True, slots=True)
class Seg:
    """One piece of an inserted phrase: plain text, or a gold span (label, family, form)."""

    text: str
    label: str | None = None
    family: str = ""
    form: str = ""

    @property
    def is_phi(self) -> bool:
        return self.label is not None


Phrase = tuple[Seg, ...]


def lit(text: str) -> Seg:
    return Seg(text)


def phi(text: str, label: str, family: str, form: str) -> Seg:
    return Seg(text, label, family, form)


def phrase_text(parts: Iterable[Seg]) -> str:
    return "".join(p.text for p in parts)


def map_phi(parts: Iterable[Seg], fn: Callable[[str], str], tag: str) -> Phrase:
    """Apply ``fn`` to the text of every labelled piece (a case change, a typo), noting it in the form."""
    return tuple(replace(p, text=fn(p.text), form=f"{p.form}+{tag}") if p.is_phi else p for p in parts)


class Ctx:
    """The per-note random source: one ``random.Random`` and seeded Faker instances.

    Faker objects are built once per process (they are slow to make) and reseeded
    from the note's own generator, so a note depends only on (seed, note id).
    """

    _fakers: dict[str, Faker] = {}

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._seeded: set[str] = set()

    def faker(self, locale: str = "en_US") -> Faker:
        if locale not in Ctx._fakers:
            Ctx._fakers[locale] = Faker(locale)
        fk = Ctx._fakers[locale]
        if locale not in self._seeded:
            fk.seed_instance(self.rng.getrandbits(32))
            self._seeded.add(locale)
        return fk

    def locale(self) -> str:
        return self.rng.choices(LOCALES, LOCALE_WEIGHTS)[0]

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, seq):
        return seq[self.rng.randrange(len(seq))]
