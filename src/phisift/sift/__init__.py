"""DataSifterText: partially synthetic notes by masking, masked-LM fill-in and keyphrase swaps.

Zhou et al., J Med Syst 2022;46:96 (original code: SOCR/DataSifterText). A note
keeps its meaning and its labels while hiding which of its words are real:

1. masking (``masking.py``): words are masked with probabilities that depend on a
   whitelist, a blacklist, ``pw``, ``pn`` and the coef schedule of Algorithm 1;
2. fill-in (``fill.py``): a masked LM samples a word for each mask;
3. swap (``swap.py``, ``keyphrases.py``): a RAKE keyphrase, the tail from the top
   RAKE phrase, or a TextRank summary sentence is exchanged with a near neighbour
   of the same Mini-Batch K-means cluster of TF-IDF vectors;
4. report (``report.py``): mask share, words kept in place, utility (same cluster,
   classifier trained on sifted notes) and privacy (linkage attack, PHI leaked).

    >>> from phisift.sift import SiftConfig, fit, apply
    >>> state = fit(docs, SiftConfig.preset_config("medium", mlm="mlm-tiny/"))   # the reduce
    >>> sifted = [apply(state, d) for d in docs]                                # the map

``sift_corpus(docs, config, engine=...)`` runs the two per-note passes on a local
process pool or on Spark with the same output (``phisift.engine``);
``checkpoint.sift_to_file`` makes a run resumable after a kill, and
``spark.sift_dataframe`` sifts a DataFrame column.

See ``docs/sift.md`` for the presets and how this differs from the paper and its code.
"""

from .config import FILL_MODES, PRESETS, SiftConfig
from .core import SiftOutcome, SiftRun, SiftState, apply, doc_rng, fit, mask_and_fill, sift_corpus, sift_document
from .fill import MlmFiller, UnigramFiller
from .masking import MaskSettings, Role, choose_masks
from .swap import METHODS

__all__ = [
    "FILL_MODES",
    "METHODS",
    "PRESETS",
    "MaskSettings",
    "MlmFiller",
    "Role",
    "SiftConfig",
    "SiftOutcome",
    "SiftRun",
    "SiftState",
    "UnigramFiller",
    "apply",
    "choose_masks",
    "doc_rng",
    "fit",
    "mask_and_fill",
    "sift_corpus",
    "sift_document",
]
