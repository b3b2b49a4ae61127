"""A PHI injector for real prose: a development set the detectors were not tuned on.

Development tooling only; runtime code must never import ``phisift.synth``.
It is written from how notes write PHI, not from the detectors' patterns (it
reads nothing under ``phisift.detect``)::

    from phisift.synth.inject import inject, recase, query
    doc = inject("mts-12", transcription, seed=11)     # Document with gold spans
    doc.meta["neutral"]     # carrier regions the scorer ignores (placeholders, real dates, ...)
    upper = recase(doc, "upper")                       # same offsets, upper-cased note

Gold spans carry i2b2 2014 labels and ``source = "family/form"`` (families in
``phrase.FAMILIES``). ``bench/make_realprose.py`` builds the splits.
"""

from .injector import InjectConfig, inject, query, recase
from .phrase import FAMILIES, LOCALES

__all__ = ["inject", "query", "recase", "InjectConfig", "FAMILIES", "LOCALES"]
