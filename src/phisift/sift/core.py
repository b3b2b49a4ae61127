"""DataSifterText as a fit over the corpus and an apply per note.

``fit(docs, config)`` is the reduce: word lists, the fill-in model (a masked LM
loaded from a folder or trained on the corpus, or the unigram fallback), the
TF-IDF vectorizer and K-means of the notes, and each note's swap partner.
``apply(state, doc)`` is the map: mask the note (Algorithm 1), fill the masks,
then swap a piece with the partner, the partner's piece being taken from the
partner's own masked-and-filled text, as in the paper, where RAKE and TextRank run
on the filled notes.

Every random step draws from a generator seeded by ``(config.seed, note id,
step)``, so a note's output does not depend on the order of the corpus, on the
notes around it or on how the work is split between processes: the partner's
filled text that note i swaps in is exactly the partner's own filled text.

All text changes go through ``phisift.document.rewrite``: the fill is one rewrite
of the original, the swap one rewrite of the filled text. Labels and every other
field of a note pass through unchanged; annotated spans are dropped from the
output, because their offsets would point at replaced words (and say where they were).
"""

from __future__ import annotations

import hashlib
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from ..document import SOURCE_PHI_META, Document, Edit, rewrite
from ..errors import InputError, UsageError
from ..progress import Reporter, reporter_or_null
from ..text import tokenize
from .config import SiftConfig
from ..text import match_case
from .fill import Filler, MlmFiller, UnigramFiller
from .identifying import cluster_vocabularies, common_words, is_identifying, note_frequencies
from .lists import DEFAULT_BLACKLIST, load_words, norm
from .masking import Role, choose_masks, is_unit, roles_for
from .swap import ClusterModel, choose_partner, fit_clusters, partner_candidates, swap_edit

_STAGES = {"mask": 1, "partner": 2}

PhiFinder = Callable[[str], Sequence[Any]]
"""Text -> the PHI spans in it (``phisift.detect``, or a pipeline's ``detect``): the caller builds it."""


def doc_rng(seed: int, doc_id: str, stage: str) -> np.random.Generator:
    """The generator of one random step of one note: fixed by the seed, the note's id and the step."""
    digest = hashlib.blake2b(doc_id.encode("utf-8"), digest_size=16).digest()
    return np.random.default_rng([seed & 0xFFFFFFFF, _STAGES[stage], int.from_bytes(digest, "big")])


@dataclass(frozen=True)
class Filled:
    """A note after masking and fill-in, with what the report needs to know about its words."""

    text: str
    units: int
    masked: int
    passes: int
    guarded: bool
    unit_spans: tuple[tuple[int, int], ...]  # each original word's range in ``text``
    unit_same: tuple[bool, ...]  # the word reads as before (not masked, or refilled with itself)


@dataclass(frozen=True)
class SiftOutcome:
    document: Document
    units: int
    masked: int
    kept: int  # original words still in their place, as they were
    swapped: bool
    partner: str | None
    passes: int
    guarded: bool
    partner_rank: int = 0  # 0: the partner Algorithm 1 draws; k: the k-th other candidate (swap_in_cluster)


@dataclass
class SiftState:
    """What ``fit`` learns from the corpus; ``apply`` needs nothing else."""

    config: SiftConfig
    blacklist: frozenset[str]
    whitelist: frozenset[str]
    filler: Filler
    fill_description: str
    clusters: ClusterModel
    ids: list[str]
    texts: list[str]
    cluster_of: np.ndarray
    partners: list[int | None] | None  # None until D(W) of the filled notes is built (partners_on="filled")
    matrix: Any = field(repr=False)
    rare: Any = None  # a FrequencyState when rare words join the whitelist
    phi: PhiFinder | None = None  # finds PHI when PHI joins the whitelist
    index: dict[str, int] = field(default_factory=dict, repr=False)
    _filled: dict[int, Filled] = field(default_factory=dict, repr=False)
    dw: Any = field(default=None, repr=False)  # (ClusterModel, matrix, labels) partners are chosen in
    mask_blacklist: frozenset[str] | None = field(default=None, repr=False)  # blacklist + kept cluster terms
    common: frozenset[str] | None = field(default=None, repr=False)  # mask_identifying: the common words
    cluster_fillers: list[Filler] | None = field(default=None, repr=False)  # fill_in_cluster: one per cluster
    given: list[tuple[tuple[int, int], ...]] | None = field(default=None, repr=False)  # each note's annotated PHI

    def __post_init__(self) -> None:
        if not self.index:
            self.index = {doc_id: i for i, doc_id in enumerate(self.ids)}

    # -- per note
    def white_positions(self, text: str) -> list[tuple[int, int]]:
        return self._positions(text)[0]

    def _positions(self, text: str, given: Sequence[tuple[int, int]] = ()) -> tuple[list[tuple[int, int]],
                                                                                       list[tuple[int, int]]]:
        """The whitelisted ranges of a note (rare words and PHI), and the PHI ranges alone.

        ``given`` are the note's annotated PHI spans (gold spans, or the known identifiers a
        FHIR/HL7 source marks in its fields document): PHI as much as what the detectors find,
        which would miss a surname alone on a line of field values."""
        spans: list[tuple[int, int]] = []
        if self.rare is not None:
            spans += [(w.start, w.end) for w in self.rare.masked(text)]
        phi = [(s.start, s.end) for s in self.phi(text)] if self.phi is not None else []
        phi += list(given)
        return spans + phi, phi

    def filled(self, i: int) -> Filled:
        """Note ``i`` of the corpus masked and filled with its own seeded generator (cached)."""
        got = self._filled.get(i)
        if got is None:
            given = self.given[i] if self.given is not None else ()
            got = mask_and_fill(self, self.texts[i], doc_rng(self.config.seed, self.ids[i], "mask"), given)
            self._filled[i] = got
        return got

    def ensure_partners(self) -> list[int | None]:
        """Every note's partner, choosing them now if the fit left that for later.

        Algorithm 1 builds D(W), the TF-IDF matrix the neighbours are found in, on the
        obfuscated (masked-and-filled) notes: with ``partners_on = "filled"`` (the
        default) the K-means and the nearest neighbours are fitted on the filled text of
        every note, so this fills every note first (pass 1 of ``sift_corpus`` has). The
        utility measure (same cluster) keeps the K-means of the original notes.
        """
        if self.partners is None:
            texts = [self.filled(i).text for i in range(len(self.ids))]
            model, X, labels = fit_clusters(texts, self.config.clusters, self.config.seed)
            X = X.tocsr()
            self.partners = _choose_partners(self.ids, X, labels, self.config)
            self.dw = (model, X, labels)
        return self.partners

    def partner_of(self, doc: Document, filled_text: str | None = None) -> int | None:
        """The partner Algorithm 1 draws for ``doc`` (None when its cluster holds no other note)."""
        got = self.partner_candidates(doc, filled_text, more=False)
        return got[0] if got else None

    def partner_candidates(self, doc: Document, filled_text: str | None = None, more: bool = True) -> list[int]:
        """The drawn partner, then (``more``) the other notes of the nearest share in a seeded order.

        A note the fit has seen gets the partner chosen at fit time first; a note it has
        not seen is placed in D(W) now. Either way the first candidate is the partner
        of ``partner_of`` (``swap.partner_candidates``).
        """
        i = self.index.get(doc.id)
        partners = self.ensure_partners()
        known = i is not None and self.texts[i] == doc.text
        if known and not more:
            return [] if partners[i] is None else [partners[i]]
        model, matrix, labels = self.dw
        rng = doc_rng(self.config.seed, doc.id, "partner")
        if known:
            members = np.flatnonzero(labels == labels[i])
            return partner_candidates(i, matrix, members, rng, self.config.pool, self.config.nearest, more)
        # a note the fit has not seen: its cluster and partner are found now, in D(W)
        text = doc.text if filled_text is None or self.config.partners_on == "original" else filled_text
        X = model.vectors([text])
        label = int(model.clusters([text])[0])
        members = np.flatnonzero(labels == label)
        if i is not None:
            members = members[members != i]
        if len(members) == 0:
            return []
        from scipy.sparse import vstack

        stacked = vstack([matrix[members], X]).tocsr()
        local = partner_candidates(len(members), stacked, np.arange(len(members) + 1), rng,
                                   self.config.pool, self.config.nearest, more)
        return [int(members[k]) for k in local]

    def with_method(self, method: str, q: int | None = None) -> "SiftState":
        """The same state swapping by another method; it shares the masked-and-filled notes.

        Masking and fill-in do not depend on the swap method, so a comparison of
        methods fills each note once.
        """
        config = replace(self.config, method=method, q=self.config.q if q is None else q)
        config.check()
        return replace(self, config=config)


def mask_and_fill(state: SiftState, text: str, rng: np.random.Generator,
                  given: Sequence[tuple[int, int]] = ()) -> Filled:
    """Mask a note by Algorithm 1 and fill every mask; one rewrite of the original text (``given``: its
    annotated PHI spans)."""
    tokens = tokenize(text)
    unit_idx = [k for k, t in enumerate(tokens) if is_unit(t.text)]
    units = [tokens[k] for k in unit_idx]
    blacklist = state.blacklist if state.mask_blacklist is None else state.mask_blacklist
    white, phi = state._positions(text, given)
    roles = roles_for(units, blacklist, state.whitelist, white)
    result = choose_masks(roles, state.config.masking, rng)
    masks = list(result.masked)
    if state.common is not None:  # identifying words go too, whatever Algorithm 1 drew
        masks = [m or _identifying(t, r, state.common, phi) for m, t, r in zip(masks, units, roles)]
    masked_tokens = [unit_idx[u] for u, m in enumerate(masks) if m]
    filler = state.filler
    if state.cluster_fillers is not None and masked_tokens:
        filler = state.cluster_fillers[int(state.clusters.clusters([text])[0])]
    chosen = filler.fill([t.text for t in tokens], masked_tokens, rng)
    edits = [Edit(tokens[k].start, tokens[k].end, match_case(chosen[k], tokens[k].text)) for k in masked_tokens]
    new_text, omap = rewrite(text, edits)
    replaced = {k: e.replacement for k, e in zip(masked_tokens, edits)}
    spans, same = [], []
    for k in unit_idx:
        t = tokens[k]
        spans.append((omap.start(t.start), omap.end(t.end)))
        same.append(k not in replaced or norm(replaced[k]) == norm(t.text))
    return Filled(new_text, len(units), sum(masks), result.passes, result.guarded, tuple(spans), tuple(same))


def _identifying(tok: Any, role: Role, common: frozenset[str], phi: Sequence[tuple[int, int]]) -> bool:
    """A word masked by ``mask_identifying``: found PHI, or (unless blacklisted) rare or holding a digit."""
    if any(s < tok.end and tok.start < e for s, e in phi):
        return True
    return role is not Role.BLACK and is_identifying(tok.text, common)


def sift_document(state: SiftState, doc: Document, rng: np.random.Generator | None = None) -> SiftOutcome:
    """Mask, fill and swap one note; ``rng=None`` uses the note's own seeded generator (recommended)."""
    i = state.index.get(doc.id)
    known = i is not None and state.texts[i] == doc.text
    if rng is None and known:
        filled = state.filled(i)
    else:
        filled = mask_and_fill(state, doc.text, rng or doc_rng(state.config.seed, doc.id, "mask"),
                               [(sp.start, sp.end) for sp in doc.spans])
    cfg = state.config
    text, swapped, partner_id, rank = filled.text, False, None, 0
    lo = hi = -1
    if cfg.method != "none":
        got = _swap(state, doc, filled.text, i if known else None)
        if got is not None:
            j, edit, text, rank = got
            partner_id, swapped, lo, hi = state.ids[j], True, edit.start, edit.end
    kept = sum(1 for (s, e), same in zip(filled.unit_spans, filled.unit_same) if same and not (s < hi and lo < e))
    # the identifiers a source (FHIR, HL7) carries for the patient stay behind, as in deid
    out = Document(doc.id, text, (), {k: v for k, v in doc.meta.items() if k not in SOURCE_PHI_META})
    return SiftOutcome(out, filled.units, filled.masked, kept, swapped, partner_id, filled.passes, filled.guarded, rank)


SWAP_TRIES = 20  # swap_in_cluster: candidates tried before the drawn partner's swap is taken anyway


def _swap(state: SiftState, doc: Document, filled_text: str, i: int | None) -> tuple[int, Edit, str, int] | None:
    """The swap of one note: (partner, edit, swapped text, candidate rank), or None when nothing is swapped.

    Algorithm 1 swaps with the drawn partner. With ``swap_in_cluster`` the candidates
    (``SiftState.partner_candidates``: the drawn partner, then the other nearest notes
    of its cluster) are tried in order, at most ``SWAP_TRIES``, and the first whose
    swap leaves the note in the K-means cluster of its original is taken; when none
    does, the drawn partner's swap is taken as Algorithm 1 would (a note is never
    left unswapped for the sake of its cluster).
    """
    cfg = state.config
    guard = cfg.swap_in_cluster
    stop = state.blacklist | DEFAULT_BLACKLIST  # RAKE cuts at the English stop words even when they may be masked
    candidates = state.partner_candidates(doc, filled_text, more=guard)[: SWAP_TRIES if guard else 1]
    target = None
    if guard:
        target = int(state.cluster_of[i]) if i is not None else int(state.clusters.clusters([doc.text])[0])
    first = None
    for rank, j in enumerate(candidates):
        edit = swap_edit(cfg.method, filled_text, state.filled(j).text, cfg.q, stop, cfg.textrank_ratio)
        if edit is None:
            continue
        text, _ = rewrite(filled_text, [edit])
        if first is None:
            first = (j, edit, text, rank)
        if target is None or int(state.clusters.clusters([text])[0]) == target:
            return j, edit, text, rank
    return first


def apply(state: SiftState, doc: Document, rng: np.random.Generator | None = None) -> Document:
    """The sifted note (same id, labels and other fields; text masked, filled and swapped)."""
    return sift_document(state, doc, rng).document


# --------------------------------------------------------------------------- fitting
def make_filler(config: SiftConfig, docs: Sequence[Document], blacklist: frozenset[str],
                reporter: Reporter | None = None, mlm_out: str | Path | None = None,
                phi: PhiFinder | None = None) -> tuple[Filler, str]:
    """The fill-in model the config asks for, and a line saying which one it is."""
    if config.fill == "unigram":
        return (_unigram(config, docs, blacklist, phi, reporter),
                "unigram fallback (corpus vocabulary sampled by frequency, PHI found left out)")
    if config.mlm:
        from ..lm import load_mlm

        tokenizer, model = load_mlm(config.mlm)
        return (MlmFiller(tokenizer, model, config.top_k, config.temperature, source=str(config.mlm),
                          content_only=config.stopwords and config.fill_content_only),
                f"masked LM from {config.mlm}")
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError:
        if config.fill == "mlm":
            raise UsageError("--fill mlm needs torch and transformers (pip install 'phisift[ml]') or --mlm DIR")
        return (_unigram(config, docs, blacklist, phi, reporter),
                "unigram fallback (corpus vocabulary sampled by frequency, PHI found left out): "
                "torch/transformers are not installed")
    return _train_on_the_fly(config, docs, reporter_or_null(reporter), mlm_out)


def _unigram(config: SiftConfig, docs: Sequence[Document], blacklist: frozenset[str], phi: PhiFinder | None,
             reporter: Reporter | None) -> UnigramFiller:
    """Counts the words of the notes with their PHI blanked: a name in 2+ notes (an attending
    physician's, a patient's across their notes) was a fill-in candidate and came back in clear."""
    from ..lm.corpus import phi_blanked_texts

    return UnigramFiller.from_texts(phi_blanked_texts(docs, phi, reporter), blacklist, config.temperature)


def _train_on_the_fly(config: SiftConfig, docs: Sequence[Document], reporter: Reporter,
                      mlm_out: str | Path | None) -> tuple[Filler, str]:
    from ..lm import MlmSettings, train_mlm

    settings = MlmSettings(size=config.mlm_size, epochs=config.mlm_epochs, max_minutes=config.mlm_minutes,
                           seed=config.seed)
    reporter.note(f"no --mlm given: training a {config.mlm_size} masked LM on the input corpus "
                  f"({config.mlm_epochs} epochs{'' if config.mlm_minutes is None else f', at most {config.mlm_minutes} min'})")
    if mlm_out is not None:
        result = train_mlm(docs, mlm_out, settings, reporter=reporter, overwrite=True)
        where = str(mlm_out)
    else:
        with tempfile.TemporaryDirectory(prefix="phisift-sift-mlm-") as tmp:
            result = train_mlm(docs, Path(tmp) / "mlm", settings, reporter=reporter)
        where = "a temporary folder (pass --save-mlm DIR to keep it)"
    filler = MlmFiller(result.tokenizer, result.model, config.top_k, config.temperature, source=where,
                       content_only=config.stopwords and config.fill_content_only)
    acc = (result.report.get("holdout") or {}).get("top1")
    return filler, f"{config.mlm_size} masked LM trained on the input corpus, saved to {where}" + (
        f" (held-out top-1 {acc:.3f})" if isinstance(acc, float) else "")


def fit(docs: Iterable[Document], config: SiftConfig | None = None, *, filler: Filler | None = None,
        reporter: Reporter | None = None, mlm_out: str | Path | None = None,
        phi: PhiFinder | None = None) -> SiftState:
    """Learn from the corpus what the per-note step needs (see the module docstring).

    The notes are taken in the order of their ids, whatever order they come in.
    ``phi`` finds PHI when the config whitelists it (``whitelist_phi``, on in the
    medium and large presets): a pipeline's ``detect`` built by the caller, by default
    ``phisift.detect`` (the default pipeline).
    """
    say = reporter_or_null(reporter)
    from ..lm._common import prefer_passive_threads

    prefer_passive_threads()
    config = config or SiftConfig()
    config.check()
    docs = list(docs)
    if not docs:
        raise InputError("no documents to sift")
    seen: set[str] = set()
    for d in docs:
        if d.id in seen:
            raise InputError("duplicate document id (sift pairs notes by id)", document=d.id)
        seen.add(d.id)
    # everything corpus-wide is learned in the order of the ids, so that neither the order of
    # the input nor its split into partitions changes a clustering, a partner or a model
    docs.sort(key=lambda d: d.id)
    blacklist = (DEFAULT_BLACKLIST if config.stopwords else frozenset()) | load_words(config.blacklist_files)
    whitelist = load_words(config.whitelist_files)
    texts = [d.text for d in docs]
    if filler is None:
        filler, described = make_filler(config, docs, blacklist, say, mlm_out, phi)
    else:
        described = getattr(filler, "name", type(filler).__name__)
    common = None
    if config.mask_identifying:
        common = common_words(texts, config.identifying_df)
        if hasattr(filler, "restricted"):  # fill-ins from the common words only
            filler = filler.restricted(common)
            described += f"; fill-ins from the words of at least {config.identifying_df:.1%} of the notes"
        say.note(f"identifying words are always masked: {len(common)} common words")
    say.note(f"fill-in: {described}")
    rare = None
    if config.whitelist_rare:
        from ..detect.frequency import FrequencyConfig
        from ..detect.frequency import fit as fit_frequency

        rare = fit_frequency(texts, FrequencyConfig(keep_share=config.rare_keep_share))
        say.note(f"rare words join the whitelist: {rare.summary()}")
    if not config.whitelist_phi:
        phi = None
    elif phi is None:
        from .. import detect as phi
    clusters, X, labels = fit_clusters(texts, config.clusters, config.seed)
    X = X.tocsr()
    ids = [d.id for d in docs]
    partners, dw = None, None  # partners_on="filled": chosen once the notes are filled (ensure_partners)
    if config.partners_on == "original":
        partners, dw = _choose_partners(ids, X, labels, config), (clusters, X, labels)
    kept = cluster_terms(clusters, texts, config.keep_cluster_terms) if config.keep_cluster_terms else None
    cluster_fillers = None
    if config.fill_in_cluster and hasattr(filler, "restricted"):
        vocab = common if common is not None else note_frequencies(texts).keys()
        cluster_fillers = [filler.restricted(words) for words in cluster_vocabularies(clusters, vocab)]
        say.note("fill-ins keep each note in its cluster (words leaning to another cluster are never drawn)")
    if kept:
        say.note(f"{len(kept)} word forms of the {config.keep_cluster_terms} heaviest terms of each cluster "
                      "join the blacklist (never masked)")
    return SiftState(config, blacklist, whitelist, filler, described, clusters, ids, texts,
                     labels, partners, X, rare, phi, dw=dw, mask_blacklist=blacklist | kept if kept else None,
                     common=common, cluster_fillers=cluster_fillers,
                     given=[tuple((sp.start, sp.end) for sp in d.spans) for d in docs])


def cluster_terms(clusters: ClusterModel, texts: Sequence[str], n: int) -> frozenset[str]:
    """The word forms (lower case) of the corpus whose stem is among the ``n`` heaviest of a K-means centroid.

    These words say which cluster a note falls in and are shared by many notes, so
    they identify no one: kept, they hold a sifted note in its cluster while every
    other content word may be masked and refilled.
    """
    from .swap import _WORD, _stemmer

    names = clusters.vectorizer.get_feature_names_out()
    centers = np.asarray(clusters.kmeans.cluster_centers_)
    top = {str(names[j]) for row in centers for j in np.argsort(-row, kind="stable")[:n] if row[j] > 0}
    forms = {w for t in texts for w in _WORD.findall(t.lower())}
    stems = _stemmer().stemWords(sorted(forms))
    return frozenset(w for w, s in zip(sorted(forms), stems) if s in top)


def _choose_partners(ids: Sequence[str], X: Any, labels: np.ndarray, config: SiftConfig) -> list[int | None]:
    """Each note's partner among the nearest of its cluster (its own seeded generator; also for method none,
    so that a state can be turned to another method)."""
    members = {int(c): np.flatnonzero(labels == c) for c in np.unique(labels)}
    return [choose_partner(i, X, members[int(labels[i])], doc_rng(config.seed, doc_id, "partner"), config.pool,
                           config.nearest) for i, doc_id in enumerate(ids)]


# --------------------------------------------------------------------------- a whole corpus
@dataclass
class SiftRun:
    """Sifted notes of a corpus with the per-note figures and timings the report uses."""

    originals: list[Document]
    outcomes: list[SiftOutcome]
    state: SiftState
    seconds: dict[str, float]

    @property
    def documents(self) -> list[Document]:
        return [o.document for o in self.outcomes]


def fill_task(state: SiftState, doc: Document) -> Filled:
    """The map of pass 1: one note of the fitted corpus masked and filled (by its own seeded generator)."""
    return state.filled(state.index[doc.id])


def swap_task(state: SiftState, doc: Document) -> SiftOutcome:
    """The map of pass 2: one note swapped with its partner's filled text (pass 1 must be in the state)."""
    return sift_document(state, doc)


def _tracked(reporter: Reporter, items: Iterable, total: int, what: str) -> Iterable:
    reporter.start(what, total)
    for item in items:
        yield item
        reporter.advance()
    reporter.finish()


def sift_corpus(docs: Iterable[Document], config: SiftConfig | None = None, *, filler: Filler | None = None,
                reporter: Reporter | None = None, mlm_out: str | Path | None = None, phi: PhiFinder | None = None,
                engine: Any = None, checkpoint: Any = None) -> SiftRun:
    """Fit on the corpus, then mask and fill every note (pass 1) and swap (pass 2).

    ``engine`` (a ``phisift.engine`` engine: a local process pool or Spark) runs the
    two passes as maps with the fitted state sent to the workers once per pass; the
    output is the same as in this process, because every random draw of a note comes
    from its own generator (seed, note id) and the fit is done here, on the driver.
    Pass 2 needs every note's filled text (the partner's piece comes from it), so the
    results of pass 1 join the state before pass 2 is sent out.

    ``checkpoint`` (``runs.sift.Checkpoint``) makes pass 1 resumable: the notes an
    interrupted run filled are read back from it (``done()``), and the finished notes
    pass through its ``record`` (saved in batches). Progress goes to ``reporter``.
    """
    say = reporter_or_null(reporter)
    docs = list(docs)
    t0 = time.perf_counter()
    state = fit(docs, config, filler=filler, reporter=say, mlm_out=mlm_out, phi=phi)
    t1 = time.perf_counter()
    ordered = [Document(doc_id, text) for doc_id, text in zip(state.ids, state.texts)]
    earlier = checkpoint.done() if checkpoint is not None else []
    for i, filled in enumerate(earlier):
        state._filled[i] = filled
    todo = ordered[len(earlier):]
    if engine is None:
        pairs: Iterable = ((doc, fill_task(state, doc)) for doc in todo)
    else:
        pairs = engine.map(state, fill_task, todo)
    if checkpoint is not None:
        pairs = checkpoint.record(pairs)
    for doc, filled in _tracked(say, pairs, len(todo), "masking and filling"):
        state._filled[state.index[doc.id]] = filled
    state.ensure_partners()  # D(W) of the filled notes, on the driver, before pass 2 is sent out
    t2 = time.perf_counter()
    if engine is None:
        outcomes = [sift_document(state, d) for d in _tracked(say, docs, len(docs), "swapping")]
    else:
        outcomes = [o for _, o in _tracked(say, engine.map(state, swap_task, docs), len(docs), "swapping")]
    t3 = time.perf_counter()
    seconds = {"fit": round(t1 - t0, 2), "mask_fill": round(t2 - t1, 2), "swap": round(t3 - t2, 2),
               "total": round(t3 - t0, 2)}
    return SiftRun(docs, outcomes, state, seconds)


__all__ = ["Filled", "SiftOutcome", "SiftRun", "SiftState", "apply", "doc_rng", "fill_task", "fit", "make_filler",
           "mask_and_fill", "sift_corpus", "sift_document", "swap_task", "Role"]
