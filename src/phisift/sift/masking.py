"""DataSifterText masking: which words of a note are hidden before the masked LM refills them.

Each word gets a role (whitelist, blacklist or normal) and a mask probability that
depends on a coefficient ``coef``:

* whitelist word: ``p = 1 - pw * coef``  (``pw`` small, so sensitive words go often)
* blacklist word: ``p = 0``               (stop words stay)
* any other word: ``p = 1 - pn * coef``

``coef`` starts at 1.2 for each note. After a mask it returns to 1.2, which makes
the next few words unlikely to be masked (so masks spread out and the LM keeps some
context); after each word left alone it drops by 0.05 (while above 0.05), so the
chance of a mask rises the longer a stretch stays untouched.

Two variants, because the paper and its code differ:

``paper`` (Algorithm 1 of Zhou et al., J Med Syst 2022;46:96)
    passes over the note repeat while no more than half of its words are masked, so a
    note always ends with more than half masked. ``coef`` and the count carry over
    from one pass to the next; a word masked in an earlier pass is skipped (it cannot
    be masked twice). The loop is guarded: it stops when every maskable word is
    masked (more than half blacklisted would otherwise loop forever) or after
    ``max_passes`` passes.

``published`` (``mask.py`` of SOCR/DataSifterText)
    a single pass that stops as soon as half of the words are masked. One uniform
    draw ``u`` per word: ``u > pn * coef`` masks a word unless it is blacklisted (a
    blacklisted word then leaves ``coef`` unchanged); otherwise a whitelisted word
    is masked when ``u > pw * coef``; otherwise ``coef`` drops by 0.05 with no floor.
    The code's cut of notes after 512 words is not copied (it would drop text).

A "word" is a token of ``phisift.text.tokenize`` holding a letter or a digit;
punctuation is neither masked nor counted. ``coef`` is kept in hundredths as an
integer so that 1.2 - 0.05 - ... lands exactly on 0.05 instead of drifting.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Protocol, Sequence

from ..text import Token, tokenize

COEF_START = 120  # hundredths: 1.2
COEF_STEP = 5  # 0.05
COEF_FLOOR = 5  # 0.05: the paper lowers coef only while it is above this
VARIANTS = ("paper", "published")


class Role(IntEnum):
    NORMAL = 0
    WHITE = 1
    BLACK = 2


class Uniform(Protocol):
    """Anything with ``random() -> float`` in [0, 1): ``numpy.random.Generator``, ``random.Random``."""

    def random(self) -> float: ...


@dataclass(frozen=True)
class MaskSettings:
    pw: float = 0.5
    pn: float = 0.75
    variant: str = "paper"
    max_share: float = 0.5
    max_passes: int = 1000

    def check(self) -> None:
        if not 0.0 <= self.pw <= 1.0 or not 0.0 <= self.pn <= 1.0:
            raise ValueError(f"pw and pn must be in [0, 1], got pw={self.pw} pn={self.pn}")
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown masking variant '{self.variant}'; choose {' or '.join(VARIANTS)}")
        if not 0.0 < self.max_share <= 1.0:
            raise ValueError(f"max_share must be in (0, 1], got {self.max_share}")
        if self.max_passes < 1:
            raise ValueError("max_passes must be at least 1")


@dataclass(frozen=True)
class MaskResult:
    masked: tuple[bool, ...]
    passes: int
    guarded: bool  # the paper's loop was stopped by the guard, not by its own condition

    @property
    def count(self) -> int:
        return sum(self.masked)


def is_unit(token: str) -> bool:
    """Whether a token is a word the masking counts (holds a letter or a digit)."""
    return any(c.isalnum() for c in token)


def word_units(text: str) -> list[Token]:
    """The maskable words of a text, with offsets."""
    return [t for t in tokenize(text) if is_unit(t.text)]


def threshold(role: Role, coef: int, settings: MaskSettings) -> float:
    """The value a uniform draw must exceed for a mask: ``1 - p``. Blacklisted words: 1 (never)."""
    if role is Role.BLACK:
        return 1.0
    base = settings.pw if role is Role.WHITE else settings.pn
    return base * coef / 100.0


def mask_probability(role: Role, coef: int, settings: MaskSettings) -> float:
    """``p`` of Algorithm 1 for a word of this role at this ``coef`` (hundredths), clipped to [0, 1]."""
    return min(1.0, max(0.0, 1.0 - threshold(role, coef, settings)))


def choose_masks(roles: Sequence[Role], settings: MaskSettings, rng: Uniform,
                 trace: list[tuple[int, int, float]] | None = None) -> MaskResult:
    """Which words to mask, by the variant's schedule.

    ``rng.random()`` is drawn once per word visited (the paper's variant does not
    draw for blacklisted words, whose ``p`` is 0). ``trace``, when given, receives
    ``(word index, coef in hundredths, p)`` for every visit, for checking by hand.
    """
    settings.check()
    if settings.variant == "published":
        return _published(roles, settings, rng, trace)
    return _paper(roles, settings, rng, trace)


def _paper(roles: Sequence[Role], s: MaskSettings, rng: Uniform, trace: list | None) -> MaskResult:
    n = len(roles)
    masked = [False] * n
    maskable = sum(r is not Role.BLACK for r in roles)
    nmask, coef, passes, guarded = 0, COEF_START, 0, False
    while n and nmask <= s.max_share * n:
        if nmask >= maskable or passes >= s.max_passes:
            guarded = True
            break
        passes += 1
        for t, role in enumerate(roles):
            if masked[t]:
                continue
            if trace is not None:
                trace.append((t, coef, mask_probability(role, coef, s)))
            if role is not Role.BLACK and rng.random() > threshold(role, coef, s):
                masked[t] = True
                nmask += 1
                coef = COEF_START
            elif coef > COEF_FLOOR:
                coef -= COEF_STEP
    return MaskResult(tuple(masked), passes, guarded)


def _published(roles: Sequence[Role], s: MaskSettings, rng: Uniform, trace: list | None) -> MaskResult:
    n = len(roles)
    masked = [False] * n
    nmask, coef = 0, COEF_START
    for t, role in enumerate(roles):
        if nmask >= s.max_share * n:
            break
        if trace is not None:
            trace.append((t, coef, mask_probability(role, coef, s)))
        u = rng.random()
        if u > s.pn * coef / 100.0:
            if role is not Role.BLACK:
                masked[t] = True
                nmask += 1
                coef = COEF_START
        elif role is Role.WHITE and u > s.pw * coef / 100.0:
            masked[t] = True
            nmask += 1
            coef = COEF_START
        else:
            coef -= COEF_STEP
    return MaskResult(tuple(masked), 1 if n else 0, False)


def roles_for(
    units: Sequence[Token],
    blacklist: frozenset[str],
    whitelist: frozenset[str],
    white_positions: Sequence[tuple[int, int]] = (),
) -> list[Role]:
    """Roles of the words of a note: the whitelist wins over the blacklist, as in Algorithm 1.

    ``white_positions`` are character ranges of this note whose words count as
    whitelisted (PHI found by the detectors, rare words of the frequency detector).
    """
    from .lists import norm

    ranges = sorted(white_positions)
    out: list[Role] = []
    j = 0
    for tok in units:
        while j < len(ranges) and ranges[j][1] <= tok.start:
            j += 1
        inside = j < len(ranges) and ranges[j][0] < tok.end
        w = norm(tok.text)
        if inside or w in whitelist:
            out.append(Role.WHITE)
        elif w in blacklist:
            out.append(Role.BLACK)
        else:
            out.append(Role.NORMAL)
    return out
