"""Fit over a corpus (a reduce), then apply per document (a map).

``fit`` streams the corpus once to count items into a ``SpillCounter`` and, when
the values of words cannot be read off the counts alone, once more to histogram
them; it then picks the threshold and updates the confidence list in the store.
The result is a ``FrequencyState``: everything ``FrequencyDetector`` needs to mask
a document on its own, saved to and loaded from a JSON file so that fitting and
applying can run at different times or on different machines.

Decision order for one word occurrence (first match wins):

1. blacklisted (alone, or inside a blacklisted phrase) -> masked
2. whitelisted -> kept
3. every selected item covering it has confidence >= level -> kept
4. the smallest count of those items >= k -> kept, else masked

The threshold k is chosen so that the share of word tokens left in the output
is at least the share asked for (``share_basis = "output"``, the default, as
claim 2 reads: "a desired percentage of the unstructured text that is allowed in
the de-identified output"): whitelisted and confident words count as left, so
every one of them lets k rise and mask more of the rest. With ``share_basis =
"counts"`` k is chosen on the item counts alone and the lists are exceptions on
top, so the output keeps more than asked (0.95 of MTSamples at keep 0.90). Either
way the state reports the share asked and the share realised (``shares``).

A rare word string (``ngram`` kind) masks only its rarest word that is not
whitelisted: breaking the string is enough to make it unidentifiable, and the
guarantee still holds that every word string left intact occurs >= k times.
"""

from __future__ import annotations

import gzip
import json
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from ...document import Document, Span
from ...errors import InputError
from ...fileio import atomic_write
from .confidence import RareItems, confident_items, record_run
from .counting import SpillCounter
from .items import ItemSpec, Word, ngrams, token_item, unigram_item, words
from .parallel import bounded_map, count_batch, init_worker, value_histograms, worker_histograms
from .lists import WordLists
from .threshold import ALWAYS, NEVER, Threshold, choose_threshold, kept_share

STATE_FORMAT = "phisift-frequency-state"
STATE_VERSION = 1
_BATCH = 256  # documents counted per partial Counter before it is merged
SHARE_BASES = ("counts", "output")


@dataclass(frozen=True)
class FrequencyConfig:
    """The ``[frequency]`` section of the pipeline config, typed."""

    keep_share: float = 0.9
    min_threshold: int = 2
    kinds: tuple[str, ...] = ("token",)
    ngram: int = 2
    language: str = "english"
    shipped_whitelist: bool = True
    whitelist: tuple[str, ...] = ()  # files
    blacklist: tuple[str, ...] = ()  # files
    confidence_level: float = 0.8
    confidence_min_runs: int = 3
    label: str = "OTHER"
    score: float = 0.5
    max_items: int = 500_000
    jobs: int = 1  # processes for the counting and histogram passes
    share_basis: str = "output"  # "output": share of word tokens left, lists included (claim 2); "counts": counts alone
    state: str = ""  # a saved state to apply instead of fitting
    save_state: str = ""  # where to save the fitted state

    @classmethod
    def from_dict(cls, cfg: Mapping[str, Any] | None) -> "FrequencyConfig":
        cfg = dict(cfg or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(cfg) - known)
        if unknown:
            raise InputError(f"unknown frequency setting(s): {', '.join(unknown)}")
        for key in ("kinds", "whitelist", "blacklist"):
            if key in cfg:
                value = cfg[key]
                cfg[key] = (value,) if isinstance(value, str) else tuple(value)
        conf = cls(**cfg)
        conf.validate()
        return conf

    def validate(self) -> None:
        if not 0.0 < self.keep_share <= 1.0:
            raise InputError(f"frequency.keep_share must be in (0, 1], got {self.keep_share}")
        if self.min_threshold < 1:
            raise InputError(f"frequency.min_threshold must be at least 1, got {self.min_threshold}")
        if not 0.0 <= self.confidence_level <= 1.0:
            raise InputError(f"frequency.confidence_level must be in [0, 1], got {self.confidence_level}")
        if self.share_basis not in SHARE_BASES:
            raise InputError(f"frequency.share_basis must be one of {', '.join(SHARE_BASES)}, got {self.share_basis}")
        if self.jobs < 1:
            raise InputError(f"frequency.jobs must be at least 1, got {self.jobs}")
        if self.max_items < 1:
            raise InputError(f"frequency.max_items must be at least 1, got {self.max_items}")
        try:
            self.spec
        except ValueError as exc:
            raise InputError(f"frequency: {exc}") from None

    @property
    def spec(self) -> ItemSpec:
        return ItemSpec(tuple(self.kinds), self.ngram, self.language)

    def word_lists(self) -> WordLists:
        return WordLists.from_files(self.whitelist, self.blacklist, self.shipped_whitelist)


@dataclass(frozen=True)
class FrequencyState:
    """A fitted rare-word masker: counts, threshold, lists and confident items.

    ``counts`` holds the items counted at least ``min_threshold`` times; any other
    item counts as 0, which is below every allowed threshold. Two histograms map
    word values to word tokens: ``histogram`` from the counts alone, and
    ``output_histogram`` with the lists and the confidence list applied (what is
    really left). ``share_basis`` says which one chose the threshold; either can
    choose it again for another share without refitting (``with_keep_share``).
    """

    spec: ItemSpec
    counts: dict[str, int]
    histogram: dict[int, int]
    threshold: int
    keep_share: float
    min_threshold: int
    kept_share: float  # share of word tokens really left (lists and confidence applied)
    target_met: bool
    lists: WordLists = field(default_factory=WordLists)
    confident: frozenset[str] = frozenset()
    label: str = "OTHER"
    score: float = 0.5
    stats: dict[str, Any] = field(default_factory=dict, compare=False)
    output_histogram: dict[int, int] = field(default_factory=dict)
    share_basis: str = "output"

    @property
    def word_tokens(self) -> int:
        return sum(self.histogram.values())

    @property
    def count_share(self) -> float:
        """Share of word tokens whose items all occur at least k times (lists ignored)."""
        return kept_share(self.histogram, self.threshold)

    def _basis(self) -> dict[int, int]:
        return self.output_histogram if self.share_basis == "output" else self.histogram

    # deciding ----------------------------------------------------------------
    def _value(self, item: str) -> int:
        return ALWAYS if item in self.confident else self.counts.get(item, 0)

    def values(self, text: str) -> tuple[list[Word], list[int]]:
        """The words of ``text`` and each one's value (kept at threshold k iff value >= k)."""
        ws, _, vals = self.both_values(text)
        return ws, vals

    def both_values(self, text: str) -> tuple[list[Word], list[int], list[int]]:
        """Words, their values from the counts alone, and their values with lists and confidence."""
        ws = words(text, self.spec.needs_sentences, self.spec.needs_shapes)
        raw = [ALWAYS] * len(ws)
        counts = self.counts
        for kind in self.spec.unigram_kinds:
            for i, w in enumerate(ws):
                v = counts.get(unigram_item(kind, w, self.spec), 0)
                if v < raw[i]:
                    raw[i] = v
        if "ngram" in self.spec.kinds:
            n = self.spec.ngram
            for i, item in ngrams(ws, n):
                j = min(range(i, i + n), key=lambda j: (counts.get(token_item(ws[j]), 0), j))
                raw[j] = min(raw[j], counts.get(item, 0))
        return ws, raw, self._final_values(ws)

    def _final_values(self, ws: list[Word]) -> list[int]:
        vals = [ALWAYS] * len(ws)
        lists = self.lists
        for kind in self.spec.unigram_kinds:
            for i, w in enumerate(ws):
                v = self._value(unigram_item(kind, w, self.spec))
                if v < vals[i]:
                    vals[i] = v
        black = [lists.blacklisted(w.norm) for w in ws]
        if lists.phrases:
            _mark_phrases(ws, lists.phrases, black)
        white = [lists.whitelisted(w.norm) for w in ws]
        if "ngram" in self.spec.kinds:
            n = self.spec.ngram
            for i, item in ngrams(ws, n):
                v = self._value(item)
                if v >= ALWAYS or any(black[i : i + n]):
                    continue  # confident, or broken anyway by a blacklisted word
                open_ = [j for j in range(i, i + n) if not white[j]]
                if not open_:
                    continue  # whitelist beats count: an all-whitelisted string stays
                j = min(open_, key=lambda j: (self.counts.get(token_item(ws[j]), 0), j))
                if v < vals[j]:
                    vals[j] = v
        for i in range(len(ws)):
            if black[i]:
                vals[i] = NEVER
            elif white[i]:
                vals[i] = ALWAYS
        return vals

    def masked(self, text: str) -> list[Word]:
        ws, vals = self.values(text)
        return [w for w, v in zip(ws, vals) if v < self.threshold]

    def with_keep_share(self, keep_share: float, min_threshold: int | None = None) -> "FrequencyState":
        """The same fit with the threshold chosen for another allowed share."""
        floor = max(self.min_threshold, min_threshold or self.min_threshold)
        t = choose_threshold(self._basis(), keep_share, floor)
        return replace(self, threshold=t.k, keep_share=keep_share, min_threshold=floor,
                       kept_share=kept_share(self.output_histogram, t.k), target_met=t.target_met)

    def with_threshold(self, k: int) -> "FrequencyState":
        """The same fit at a threshold chosen by hand (must not be below ``min_threshold``)."""
        if k < self.min_threshold:
            raise ValueError(f"threshold {k} is below the fitted min_threshold {self.min_threshold}")
        return replace(self, threshold=k, kept_share=kept_share(self.output_histogram, k), target_met=True)

    @property
    def realised_share(self) -> float:
        """Share of the fitted corpus's word tokens left in the output (lists and confidence applied)."""
        return self.kept_share

    def shares(self) -> dict[str, Any]:
        """The share asked for and the share realised, for run summaries and logs (counts only, no PHI)."""
        return {"asked": self.keep_share, "realised": round(self.kept_share, 6), "basis": self.share_basis,
                "threshold": self.threshold, "count_share": round(self.count_share, 6),
                "word_tokens": self.word_tokens, "target_met": self.target_met,
                "listed_share": round(self.listed_share, 6)}

    def summary(self) -> str:
        line = (f"frequency: {self.word_tokens} word tokens, threshold k={self.threshold}: share of word tokens "
                f"left asked {100 * self.keep_share:.1f}% ({self.share_basis} basis), "
                f"realised {100 * self.kept_share:.1f}% (lists included); "
                f"{100 * self.count_share:.1f}% occur >= k times")
        if not self.target_met:
            line += f"; even k=min_threshold={self.min_threshold} keeps less than the allowed share"
        listed = self.listed_share
        if self.share_basis == "output" and listed > self.keep_share:
            line += (f"; the whitelisted and confident words alone are {100 * listed:.1f}% of the text "
                     f"and are never masked")
        return line

    @property
    def listed_share(self) -> float:
        """Share of word tokens kept whatever k is (whitelisted or confident): the floor of the realised share."""
        total = sum(self.output_histogram.values())
        return self.output_histogram.get(ALWAYS, 0) / total if total else 0.0

    # saving ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "spec": {"kinds": list(self.spec.kinds), "ngram": self.spec.ngram, "language": self.spec.language},
            "threshold": self.threshold,
            "keep_share": self.keep_share,
            "min_threshold": self.min_threshold,
            "kept_share": self.kept_share,
            "realised_share": self.kept_share,  # = kept_share: what the output really keeps (claim 2)
            "target_met": self.target_met,
            "label": self.label,
            "score": self.score,
            "share_basis": self.share_basis,
            "histogram": sorted([v, n] for v, n in self.histogram.items()),
            "output_histogram": sorted([v, n] for v, n in self.output_histogram.items()),
            "whitelist": sorted(self.lists.whitelist),
            "blacklist": sorted(self.lists.blacklist),
            "phrases": [list(p) for p in self.lists.phrases],
            "confident": sorted(self.confident),
            "stats": self.stats,
            "counts": dict(sorted(self.counts.items())),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], path: Path | None = None) -> "FrequencyState":
        if data.get("format") != STATE_FORMAT or data.get("version") != STATE_VERSION:
            raise InputError(f"not a {STATE_FORMAT} version {STATE_VERSION} file", path)
        try:
            spec = ItemSpec(tuple(data["spec"]["kinds"]), int(data["spec"]["ngram"]), data["spec"]["language"])
            lists = WordLists(frozenset(data["whitelist"]), frozenset(data["blacklist"]),
                              tuple(tuple(p) for p in data["phrases"]))
            return cls(
                spec=spec,
                counts={str(k): int(v) for k, v in data["counts"].items()},
                histogram={int(v): int(n) for v, n in data["histogram"]},
                output_histogram={int(v): int(n) for v, n in data["output_histogram"]},
                share_basis=str(data["share_basis"]),
                threshold=int(data["threshold"]),
                keep_share=float(data["keep_share"]),
                min_threshold=int(data["min_threshold"]),
                kept_share=float(data["kept_share"]),
                target_met=bool(data["target_met"]),
                lists=lists,
                confident=frozenset(data["confident"]),
                label=str(data["label"]),
                score=float(data["score"]),
                stats=dict(data.get("stats", {})),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"damaged frequency state ({type(exc).__name__}: {exc})", path) from None

    def save(self, path: str | Path) -> None:
        """Write the state as JSON (gzip-compressed when the name ends in ``.gz``), atomically."""
        path = Path(path)
        data = json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if path.suffix == ".gz":
            data = gzip.compress(data, compresslevel=6, mtime=0)
        with atomic_write(path, "wb") as fh:
            fh.write(data)

    @classmethod
    def load(cls, path: str | Path) -> "FrequencyState":
        path = Path(path)
        try:
            raw = path.read_bytes()
        except (FileNotFoundError, IsADirectoryError):
            raise InputError("frequency state not found", path) from None
        try:
            if raw[:2] == b"\x1f\x8b":
                raw = gzip.decompress(raw)
            data = json.loads(raw.decode("utf-8"))
        except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise InputError(f"unreadable frequency state ({type(exc).__name__})", path) from None
        if not isinstance(data, dict):
            raise InputError(f"not a {STATE_FORMAT} file", path)
        return cls.from_dict(data, path)


def _mark_phrases(ws: list[Word], phrases: tuple[tuple[str, ...], ...], black: list[bool]) -> None:
    """Mark words inside an occurrence of a blacklisted phrase (within one run of words)."""
    by_first: dict[str, list[tuple[str, ...]]] = {}
    for p in phrases:
        by_first.setdefault(p[0], []).append(p)
    for i, w in enumerate(ws):
        for p in by_first.get(w.norm, ()):
            j = i + len(p)
            if j <= len(ws) and ws[j - 1].run == w.run and tuple(x.norm for x in ws[i:j]) == p:
                for t in range(i, j):
                    black[t] = True


@dataclass
class FrequencyDetector:
    """The ``frequency`` detector: masks the words a fitted state finds rare.

    Spans get ``label`` (default ``OTHER``: a rare word is often but not always a
    name, and the token-level score ignores labels) and ``score`` 0.5, so a rule
    or lexicon span with a real label wins where they overlap.
    """

    state: FrequencyState
    name: str = "frequency"

    def detect(self, text: str) -> list[Span]:
        st = self.state
        return [Span(w.start, w.end, st.label, self.name, st.score) for w in st.masked(text)]

    @classmethod
    def fit(cls, docs: Iterable[Document | str], config: FrequencyConfig | Mapping[str, Any] | None = None,
            store=None) -> "FrequencyDetector":
        if not isinstance(config, FrequencyConfig):
            config = FrequencyConfig.from_dict(config)
        return cls(fit(docs, config, store))


# --------------------------------------------------------------------------- fitting
def _text(doc: Document | str) -> str:
    return doc if isinstance(doc, str) else doc.text


def _batches(texts: Iterable[str], size: int = _BATCH) -> Iterator[list[str]]:
    batch: list[str] = []
    for t in texts:
        batch.append(t)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


class _Spool:
    """Texts of a one-shot stream written to a temporary file for a second pass."""

    def __init__(self, spill_dir: str | None = None):
        self._file = tempfile.NamedTemporaryFile(prefix="phisift-spool-", suffix=".jsonl.gz", dir=spill_dir,
                                                 delete=False)
        self.path = Path(self._file.name)
        self._gz = gzip.open(self._file, "wt", encoding="utf-8", compresslevel=1)

    def tee(self, texts: Iterable[str]) -> Iterator[str]:
        for t in texts:
            self._gz.write(json.dumps(t, ensure_ascii=False) + "\n")
            yield t
        self._gz.close()
        self._file.close()

    def __iter__(self) -> Iterator[str]:
        with gzip.open(self.path, "rt", encoding="utf-8") as fh:
            for line in fh:
                yield json.loads(line)

    def close(self) -> None:
        if not self._gz.closed:  # the first pass stopped early
            self._gz.close()
        self._file.close()
        self.path.unlink(missing_ok=True)


def _one_pass_kind(spec: ItemSpec, lists: WordLists) -> str | None:
    """The kind whose item alone decides each word, when word values follow from counts.

    True for a single ``token`` or ``position`` kind without blacklisted phrases: the
    word, and so its list membership, can be read back from the item.
    """
    if spec.kinds in (("token",), ("position",)) and not lists.phrases:
        return spec.kinds[0]
    return None


def _norm_of(kind: str, item: str) -> str:
    value = item[len(kind) + 1 :]
    return value[1:] if kind == "position" and value.startswith("^") else value


def fit(
    docs: Iterable[Document | str],
    config: FrequencyConfig | None = None,
    store=None,
    *,
    lists: WordLists | None = None,
    spill_dir: str | None = None,
    two_pass: bool | None = None,
) -> FrequencyState:
    """Fit the rare-word masker on a corpus, streaming.

    ``docs`` may be a one-shot iterator: when a second pass is needed it is spooled
    to a compressed temporary file; pass a re-iterable (a list, or an object whose
    ``__iter__`` opens the corpus again) to read it twice instead. ``store``, when
    given, supplies the confidence list of earlier runs and is updated once with
    this run's items. ``two_pass`` forces (True) the histogram pass even where the
    counts suffice; tests use it to check that both ways agree.
    """
    config = config or FrequencyConfig()
    spec = config.spec
    lists = lists if lists is not None else config.word_lists()
    confident, rare = confident_items(store, config.confidence_level, config.confidence_min_runs)
    started = time.perf_counter()
    primary = None if two_pass else _one_pass_kind(spec, lists)
    reiterable = iter(docs) is not docs
    texts: Iterable[str] = (_text(d) for d in docs)
    spool = None
    if primary is None and not reiterable:
        spool = _Spool(spill_dir)
        texts = spool.tee(texts)
    try:
        state, histogram, output, rare = _count_and_histogram(texts, docs, spool, spec, config, lists,
                                                              confident, rare, primary, spill_dir)
    except BaseException:
        if rare is not None:
            rare.close()
        raise
    finally:
        if spool is not None:
            spool.close()
    return finish_fit(state, histogram, output, rare, config, started, store)


def finish_fit(state: FrequencyState, histogram: Counter, output: Counter, seen_known: RareItems | None,
               config: FrequencyConfig, started: float, store=None) -> FrequencyState:
    """The threshold from the histograms, the final state, and one run more on the confidence list.

    Shared by the local fit and the Spark fit, so both end in the same state.
    """
    basis = output if config.share_basis == "output" else histogram
    t: Threshold = choose_threshold(basis, config.keep_share, config.min_threshold)
    state.stats["seconds"] = round(time.perf_counter() - started, 3)
    state = replace(state, histogram=dict(histogram), output_histogram=dict(output), threshold=t.k,
                    kept_share=kept_share(output, t.k), target_met=t.target_met)
    try:
        if store is not None:
            _update_confidence(store, state, seen_known)
    finally:
        if seen_known is not None:
            seen_known.close()
    return state


def _count_and_histogram(texts, docs, spool, spec, config, lists, confident, rare, primary, spill_dir):
    """Pass 1 (count into a SpillCounter, read back sorted) and, when needed, pass 2 (histograms)."""
    documents = 0
    jobs = config.jobs
    counter = SpillCounter(config.max_items, spill_dir)
    try:
        for n_docs, partial in bounded_map(count_batch, ((b, spec) for b in _batches(texts)), jobs):
            documents += n_docs
            counter.update(partial)
        state, histogram, output, rare = read_counts(counter, documents, jobs, config, lists, confident,
                                                     rare, primary)
    finally:
        counter.close()
    if primary is None:
        again = _batches(spool if spool is not None else (_text(d) for d in docs))
        if jobs > 1:
            parts = bounded_map(worker_histograms, again, jobs, init_worker, (state,))
        else:
            parts = (value_histograms(state, batch) for batch in again)
        for raw, vals in parts:
            histogram.update(raw)
            output.update(vals)
    return state, histogram, output, rare


def read_counts(counter: SpillCounter, documents: int, jobs: Any, config: FrequencyConfig, lists: WordLists,
                confident, rare: RareItems | None, primary: str | None,
                ) -> tuple[FrequencyState, Counter, Counter, RareItems | None]:
    """Read the exact counts back (sorted) into a first state, and, for a one-pass item
    kind, its word-value histograms (from the counts alone, and with the lists and
    the confidence list). ``confident`` and ``rare`` come from ``confident_items``:
    the confident items of earlier runs (by digest, resolved here to this corpus's
    items) and the spool that takes this run's rare items for the confidence list
    (returned, for ``finish_fit``). Shared by the local and the Spark fit."""
    floor = config.min_threshold
    spec = config.spec
    counts: dict[str, int] = {}
    sure: set[str] = set()  # items of this corpus on the confidence list
    histogram: Counter = Counter()  # word values from the counts alone
    output: Counter = Counter()  # word values with lists and confidence
    distinct = 0
    prefix = f"{primary}:" if primary else None
    for item, n in counter.items():
        distinct += 1
        if n >= floor:
            counts[item] = n
        elif rare is not None and _selected(spec, item):
            rare.add(item)
        is_sure = bool(confident) and item in confident
        if is_sure:
            sure.add(item)
        if prefix and item.startswith(prefix):
            histogram[n if n >= floor else 0] += n
            output[_item_value(primary, item, n, floor, lists, is_sure)] += n
    stats = {"documents": documents, "distinct_items": distinct, "spills": counter.spills,
             "spilled_bytes": counter.spilled_bytes, "passes": 1 if primary else 2, "jobs": jobs}
    state = FrequencyState(config.spec, counts, {}, floor, config.keep_share, floor, 1.0, True, lists,
                           frozenset(sure), config.label, config.score, stats, {}, config.share_basis)
    return state, histogram, output, rare


def _item_value(kind: str, item: str, n: int, floor: int, lists: WordLists, confident: bool) -> int:
    norm = _norm_of(kind, item)
    if lists.blacklisted(norm):
        return NEVER
    if lists.whitelisted(norm) or confident:
        return ALWAYS
    return n if n >= floor else 0


def _selected(spec: ItemSpec, item: str) -> bool:
    return item.partition(":")[0] in spec.kinds


def _update_confidence(store, state: FrequencyState, rare: RareItems | None) -> None:
    """One run more on the confidence list (see ``confidence``), and a line in the run log."""
    record_run(store, state, rare, lambda item: _selected(state.spec, item))
    store.log_run("frequency-fit", {"kinds": list(state.spec.kinds), "keep_share": state.keep_share,
                                    "min_threshold": state.min_threshold, "share_basis": state.share_basis},
                  {"threshold": state.threshold, "kept_share": round(state.kept_share, 6),
                   "word_tokens": state.word_tokens, "confident_items": len(state.confident), **state.stats})
