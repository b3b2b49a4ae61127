"""The frequency detector as a ``Fittable``: fit over a corpus through a ``Counter``, then apply.

The fit is stated as the two steps every engine offers (``detect.base.Counter``):
item counts per part of the corpus summed by key into the exact ``SpillCounter``,
and, when the word values cannot be read off the counts, a histogram pass with the
partial state sent to the workers. The counts are read back sorted and the threshold
and confidence update are those of the local ``fit`` (``read_counts``/``finish_fit``),
so the state is the same in this process, in a process pool or on Spark.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from ...document import Document
from ..base import Counter as CountSteps
from ..base import Texts
from .confidence import confident_items
from .counting import SpillCounter
from .items import ItemSpec, document_items
from .model import FrequencyConfig, FrequencyDetector, FrequencyState, _one_pass_kind, finish_fit, fit, read_counts
from .parallel import value_histograms

#: The key under which a part's count of documents travels with its item counts
#: (an item is always ``kind:value``, so no item is the empty string).
DOCUMENTS = ""


def count_part(spec: ItemSpec, texts: Iterable[str]) -> Counter:
    """Item counts of some texts, and their number of documents under ``DOCUMENTS``."""
    counts: Counter = Counter()
    documents = 0
    for text in texts:  # streamed: a Spark partition can be large
        counts.update(document_items(text, spec))
        documents += 1
    counts[DOCUMENTS] = documents
    return counts


def fit_state(counter: CountSteps, texts: Texts, config: FrequencyConfig, store: Any = None,
              spill_dir: str | None = None) -> FrequencyState:
    """The frequency fit with ``counter`` doing the count and histogram steps (see the module docstring)."""
    spec = config.spec
    lists = config.word_lists()
    confident, rare = confident_items(store, config.confidence_level, config.confidence_min_runs)
    started = time.perf_counter()
    primary = _one_pass_kind(spec, lists)
    try:
        state, histogram, output, rare = _counts(counter, texts, config, lists, confident, rare, primary, spill_dir)
        if primary is None:
            for raw, vals in counter.gather(texts, value_histograms, state, jobs=config.jobs):
                histogram.update(raw)
                output.update(vals)
    except BaseException:
        if rare is not None:
            rare.close()
        raise
    return finish_fit(state, histogram, output, rare, config, started, store)


def _counts(counter: CountSteps, texts: Texts, config: FrequencyConfig, lists, confident, rare, primary,
            spill_dir: str | None):
    """Pass 1: the exact counts summed into a ``SpillCounter`` and read back sorted (``read_counts``)."""
    sink = SpillCounter(config.max_items, spill_dir)
    documents = 0
    try:
        for part in counter.count(texts, partial(count_part, config.spec), jobs=config.jobs):
            part = dict(part)
            documents += part.pop(DOCUMENTS, 0)
            sink.update(part)
        return read_counts(sink, documents, counter.workers(config.jobs), config, lists, confident, rare, primary)
    finally:
        sink.close()


def saved_state(config: FrequencyConfig) -> FrequencyState:
    """The state saved at ``config.state``, with this config's label, score and share applied."""
    loaded = FrequencyState.load(config.state)
    state = replace(loaded, label=config.label, score=config.score, share_basis=config.share_basis)
    if (config.keep_share, config.min_threshold, config.share_basis) != (
        loaded.keep_share, loaded.min_threshold, loaded.share_basis
    ):
        state = state.with_keep_share(config.keep_share, config.min_threshold)
    return state


def _texts(corpus: Iterable[Document | str]) -> Iterator[str]:
    return (d if isinstance(d, str) else d.text for d in corpus)


@dataclass(frozen=True)
class FrequencyFit:
    """``Fittable`` for rare-word masking: ``[frequency]`` settings and the store of the confidence list."""

    config: FrequencyConfig
    store: Any = None
    name: str = "frequency"

    @classmethod
    def from_settings(cls, settings: FrequencyConfig | Mapping[str, Any] | None, store: Any = None) -> "FrequencyFit":
        if not isinstance(settings, FrequencyConfig):
            settings = FrequencyConfig.from_dict(settings)
        return cls(settings, store)

    def fit(self, corpus: Iterable[Document | str], counter: CountSteps | None = None) -> FrequencyState:
        """A saved state (``state = ...``) or a fit over ``corpus``; saved to ``save_state`` if asked.

        Without a counter, or for a one-shot iterator (which a counter cannot read
        twice), the fit runs here with its own pool of ``jobs`` processes, spooling the
        texts to disk when a second pass is needed. The state is the same either way.
        """
        config = self.config
        if config.state:
            state = saved_state(config)
        elif counter is None or iter(corpus) is corpus:
            state = fit(corpus, config, self.store)
        else:
            state = fit_state(counter, lambda: _texts(corpus), config, self.store)
        if config.save_state:
            state.save(config.save_state)
        return state

    def apply(self, state: FrequencyState) -> FrequencyDetector:
        return FrequencyDetector(state, self.name)

    def save_state(self, state: FrequencyState, path: Path) -> None:
        state.save(path)

    def load_state(self, path: Path) -> FrequencyState:
        return FrequencyState.load(path)

    def summary(self, state: FrequencyState) -> str:
        return state.summary()


def fit_frequency_detector(docs: Iterable[Document | str], cfg: FrequencyConfig | Mapping[str, Any] | None,
                           store: Any = None) -> FrequencyDetector:
    """Fit on ``docs`` here (or load a saved state) and return the detector."""
    fitter = FrequencyFit.from_settings(cfg, store)
    return fitter.apply(fitter.fit(docs))
