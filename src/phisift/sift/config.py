"""Settings of a DataSifterText run, and the presets.

A preset fixes the masking (variant, ``pw``, ``pn``), the swap method and what
joins the whitelist; every field can still be set by hand afterwards
(``SiftConfig.preset_config("large", method="textrank")``).

========  ==========  ====  ====  =====  ==============  ==========================================
preset    variant     pw    pn    top_k  swap            whitelist
========  ==========  ====  ====  =====  ==============  ==========================================
small     published   0.5   0.85  10     rake-position   user list
medium    published   0.1   0.75  10     rake-position   user list + rare words + PHI found by #3
large     paper       0.1   0.75  10     rake-position   user list + rare words + PHI found by #3
private   paper       0.5   0.01  10     rake-position*  user list + PHI found by #3 (see below)
========  ==========  ====  ====  =====  ==============  ==========================================

(* kept in the note's cluster.) ``private`` is the default (issue 18.3): the only preset measured to keep >= 86.5%
of notes in their cluster with <= 50% of them linkable to *any* original whose text
they carry (their own or their swap partner's; ``docs/sift.md``). It goes beyond
Algorithm 1's lists: stop words may be masked (``stopwords = False``), the
``keep_cluster_terms = PRIVATE_KEEP`` (10) heaviest terms of each K-means centroid are
never masked, every other word is masked up to ``max_share = 0.9`` of the note,
identifying words (rare, numbers, found PHI) always (``mask_identifying``), the
fill-in draws only common words that keep the note in its cluster
(``fill_in_cluster``), and the swap takes the first of the nearest partners whose
piece keeps the note in its cluster (``swap_in_cluster``; the swap was where notes
left their cluster, more so on notes the preset was not tuned on). The cost: about
85% of the words are replaced, and a classifier trained on such notes does worse
than on ``medium``'s (figures in ``docs/sift.md``); ``medium`` is the former
default, still there. The same-cluster share is what ``fill_in_cluster`` and
``swap_in_cluster`` steer by, so under this preset it says little about utility on
its own; ``docs/sift.md`` gives a second clustering and the classifier beside it.

* ``small`` is the published code's masking (one pass that stops at half of the
  words) made lighter (``pn = 0.85`` instead of 0.75: about 10% of the words of a
  short narrative are masked instead of 13%), with the tail swap. The tables in
  ``docs/sift.md`` show why: on short narratives masking alone hardly lowers the
  linkage attack (100% with 17% of the words masked, 67% with 52%), the tail swap
  is what does, and lighter masking keeps more of the meaning. The published code's
  own setting is ``--preset small --pn 0.75 --method rake``.
* ``medium`` keeps that one-pass masking but treats the words that identify a note
  (its rarest words, found by the frequency detector of #4, and any PHI the
  detectors of #3 find) as whitelist words, masked with ``p = 1 - 0.1 * coef``
  (about 0.9), and swaps the whole tail of the note from its top RAKE phrase on:
  the words a nearest-neighbour attack matches on are the rare ones and the tail.
* ``large`` is Algorithm 1 of the paper (passes repeat while no more than half of
  the words are masked, so just over half are) with the whitelist and swap of
  ``medium``: most privacy, least utility.

The paper's own setting is ``large`` with ``pw = 0.5``, ``top_k = 0`` and no rare
or PHI whitelist (the ``paper`` rows of the tables in ``docs/sift.md``).

All presets: K = 5 clusters as in the published code; the partner is drawn from the
nearest 10% of up to 1,000 notes of the same cluster; ``q = 1``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .masking import VARIANTS, MaskSettings
from .swap import METHODS

FILL_MODES = ("auto", "mlm", "unigram")


@dataclass(frozen=True)
class SiftConfig:
    preset: str = "medium"
    # masking (Algorithm 1)
    variant: str = "paper"
    pw: float = 0.5
    pn: float = 0.75
    max_share: float = 0.5
    blacklist_files: tuple[str, ...] = ()
    whitelist_files: tuple[str, ...] = ()
    stopwords: bool = True  # the NLTK English stop words join the blacklist
    whitelist_rare: bool = False  # rare words (frequency detector, issue 4) join the whitelist
    rare_keep_share: float = 0.9  # ... those outside the most frequent 90% of word tokens
    whitelist_phi: bool = False  # PHI found by the detectors (issue 3) joins the whitelist
    keep_cluster_terms: int = 0  # the N heaviest terms of each K-means centroid join the blacklist (never masked)
    # identifying words (issue 18.3): rare words (in fewer than identifying_df of the notes), words holding a
    # digit and found PHI are always masked, in every note (so also in the partner's piece a note swaps in),
    # and fill-ins come only from the common words, so no rare word of any note is carried or made up
    mask_identifying: bool = False
    identifying_df: float = 0.01
    fill_in_cluster: bool = False  # a fill-in never pulls a note to another cluster (sift/identifying.py)
    # fill-in
    fill: str = "auto"  # auto: --mlm if given, else train a tiny MLM on the corpus, else unigram
    mlm: str | None = None
    mlm_size: str = "tiny"
    mlm_epochs: int = 3
    mlm_minutes: float | None = None  # a time budget makes the on-the-fly model machine-dependent
    top_k: int = 0  # 0: sample from the whole distribution, as the paper does
    fill_content_only: bool = False  # no stop word fills a masked (content) word; costs same-cluster (docs/sift.md)
    temperature: float = 1.0
    # swap
    method: str = "rake"
    swap_in_cluster: bool = False  # try the nearest candidates until a swap keeps the note in its cluster (core._swap)
    partners_on: str = "original"  # D(W) of the original notes; "filled": built on the filled notes as in Algorithm 1 (docs/sift.md: why not the default)
    q: int = 1
    clusters: int = 5
    pool: int = 1000
    nearest: float = 0.1
    textrank_ratio: float = 0.2
    # reproducibility
    seed: int = 0

    @classmethod
    def preset_config(cls, name: str = "private", **overrides: Any) -> "SiftConfig":
        if name not in PRESETS:
            raise ValueError(f"unknown preset '{name}'; choose one of {', '.join(PRESETS)}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise ValueError(f"unknown sift setting(s): {', '.join(unknown)}")
        cfg = replace(PRESETS[name], **{k: v for k, v in overrides.items() if v is not None})
        cfg.check()
        return cfg

    @property
    def masking(self) -> MaskSettings:
        return MaskSettings(pw=self.pw, pn=self.pn, variant=self.variant, max_share=self.max_share)

    def check(self) -> None:
        self.masking.check()
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant '{self.variant}'")
        if self.method not in METHODS:
            raise ValueError(f"unknown swap method '{self.method}'; choose one of {', '.join(METHODS)}")
        if self.fill not in FILL_MODES:
            raise ValueError(f"unknown fill mode '{self.fill}'; choose one of {', '.join(FILL_MODES)}")
        if self.partners_on not in ("filled", "original"):
            raise ValueError("partners_on must be 'filled' or 'original'")
        if self.q < 1:
            raise ValueError("q must be at least 1")
        if self.clusters < 1:
            raise ValueError("the number of clusters must be at least 1")
        if self.pool < 1 or not 0.0 < self.nearest <= 1.0:
            raise ValueError("pool must be at least 1 and nearest in (0, 1]")
        if self.top_k < 0 or self.temperature <= 0:
            raise ValueError("top_k must be >= 0 and temperature > 0")
        if self.keep_cluster_terms < 0:
            raise ValueError("keep_cluster_terms must be 0 (none) or more")
        if not 0.0 < self.rare_keep_share <= 1.0:
            raise ValueError("rare_keep_share must be in (0, 1]")
        if not 0.0 <= self.identifying_df < 1.0:
            raise ValueError("identifying_df must be in [0, 1)")
        if not 0.0 < self.textrank_ratio <= 1.0:
            raise ValueError("textrank_ratio must be in (0, 1]")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


PRIVATE_KEEP = 10

PRESETS: dict[str, SiftConfig] = {
    "small": SiftConfig(preset="small", variant="published", pw=0.5, pn=0.85, top_k=10, method="rake-position"),
    "medium": SiftConfig(preset="medium", variant="published", pw=0.1, pn=0.75, top_k=10, method="rake-position",
                         whitelist_rare=True, whitelist_phi=True),
    "large": SiftConfig(preset="large", variant="paper", pw=0.1, pn=0.75, top_k=10, method="rake-position",
                        whitelist_rare=True, whitelist_phi=True),
    "private": SiftConfig(preset="private", variant="paper", pw=0.5, pn=0.01, max_share=0.9, top_k=10,
                          method="rake-position", stopwords=False, keep_cluster_terms=PRIVATE_KEEP,
                          whitelist_phi=True, mask_identifying=True, fill_in_cluster=True, swap_in_cluster=True),
}
DEFAULT_PRESET = "private"
