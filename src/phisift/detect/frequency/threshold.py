"""The threshold k from the share of text the user allows to remain.

Every word occurrence has a *value*: the smallest corpus count among the items
that cover it (with the lists applied, also "always kept" for a whitelisted word
or a confident item and "never kept" for a blacklisted one). A word is kept at
threshold k when its value is at least k, so the share of word tokens kept falls
as k rises. Which values the share is measured on (counts alone, the default, or
the output with the lists) is the caller's choice; see ``model``.

Which k? The user states the share of text allowed to remain, and k "follows from"
it. We take the **largest** k >= ``min_threshold`` whose kept share is still at
least ``keep_share``: a higher k masks more and so protects more, and the largest
one that still honours the allowed share is the most private choice the user has
agreed to. (The smallest such k would almost always be ``min_threshold`` itself,
since a low k keeps nearly everything; the share would then not matter.) When even
``min_threshold`` keeps less than asked, ``min_threshold`` wins, because it is the
user's privacy floor, and the shortfall is reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

#: Value of a word that is always kept (whitelisted, or an item of high confidence).
ALWAYS = 1 << 62
#: Value of a word that is never kept (blacklisted).
NEVER = -1


@dataclass(frozen=True)
class Threshold:
    k: int
    kept_share: float  # share of word tokens with value >= k
    target_met: bool


def kept_share(histogram: Mapping[int, int], k: int) -> float:
    """Share of word tokens whose value is at least ``k`` (1.0 for an empty corpus)."""
    total = sum(histogram.values())
    if not total:
        return 1.0
    return sum(n for v, n in histogram.items() if v >= k) / total


def choose_threshold(histogram: Mapping[int, int], keep_share: float, min_threshold: int) -> Threshold:
    """The largest ``k >= min_threshold`` keeping at least ``keep_share`` of word tokens.

    ``histogram`` maps a word value to the number of word tokens with that value.
    The kept share only changes just above a value that occurs, so the answer is
    either one of those values or one past the largest finite value (everything
    not always-kept is then masked, which is allowed when the always-kept words
    alone reach the share).
    """
    if not 0.0 < keep_share <= 1.0:
        raise ValueError(f"keep_share must be in (0, 1], got {keep_share}")
    if min_threshold < 1:
        raise ValueError(f"min_threshold must be at least 1, got {min_threshold}")
    total = sum(histogram.values())
    if not total:
        return Threshold(min_threshold, 1.0, True)
    finite = sorted(v for v in histogram if NEVER < v < ALWAYS)
    candidates = [v for v in finite if v >= min_threshold]
    candidates.append(max(min_threshold, (finite[-1] + 1) if finite else min_threshold))
    # Walk candidates from the largest down, keeping a running sum of tokens at or above.
    above = histogram.get(ALWAYS, 0)
    pending = sorted((v for v in finite if v >= min_threshold), reverse=True)
    best: Threshold | None = None
    idx = 0
    for k in sorted(set(candidates), reverse=True):
        while idx < len(pending) and pending[idx] >= k:
            above += histogram[pending[idx]]
            idx += 1
        share = above / total
        if share >= keep_share - 1e-12:
            best = Threshold(k, share, True)
            break
    if best is None:
        best = Threshold(min_threshold, kept_share(histogram, min_threshold), False)
    return best


def curve(histogram: Mapping[int, int], thresholds: list[int]) -> list[tuple[int, float]]:
    """``(k, kept share)`` for each k, for tables and plots."""
    return [(k, kept_share(histogram, k)) for k in thresholds]
