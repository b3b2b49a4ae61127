"""Rare-word masking (Philips patent WO2020074651, "Free text de-identification").

A word item seen fewer than k times in the whole corpus is masked, because rare
items identify people; k follows from the share of text the user allows to
remain. Whitelist, blacklist and a confidence list kept across runs refine the
decision. See ``docs/frequency.md``.

    >>> from phisift.detect.frequency import FrequencyConfig, fit, FrequencyDetector
    >>> state = fit(texts, FrequencyConfig(keep_share=0.9))      # a reduce over the corpus
    >>> FrequencyDetector(state).detect(note)                    # a map per document
"""

from .counting import SpillCounter
from .items import KINDS, ItemSpec, count_items, document_items, is_word, merge, shape, words
from .lists import WordLists, shipped_whitelist
from .model import (
    FrequencyConfig,
    FrequencyDetector,
    FrequencyState,
    confident_items,
    fit,
)
from .fitting import FrequencyFit, fit_frequency_detector
from .threshold import ALWAYS, NEVER, Threshold, choose_threshold, curve, kept_share

__all__ = [
    "ALWAYS",
    "KINDS",
    "NEVER",
    "FrequencyConfig",
    "FrequencyDetector",
    "FrequencyFit",
    "FrequencyState",
    "ItemSpec",
    "SpillCounter",
    "Threshold",
    "WordLists",
    "choose_threshold",
    "confident_items",
    "count_items",
    "curve",
    "document_items",
    "fit",
    "fit_frequency_detector",
    "is_word",
    "kept_share",
    "merge",
    "shape",
    "shipped_whitelist",
    "words",
]
