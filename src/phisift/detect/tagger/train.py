"""Train a PHI tagger on an annotated corpus and write a model folder.

One function, ``train_model``, behind ``phisift train``: it reads nothing and
prints nothing itself (the caller passes documents and a ``log`` callable), so
benchmarks call exactly what the command line runs.

CRF: features are computed once; with a dev set, a small grid of (c1, c2)
settings is trained (in parallel processes with ``jobs > 1``), each is scored on
dev with the strict entity measure, and the best is kept. With ``refit`` the kept
setting is then trained again on train + dev (gazetteer and clusters rebuilt from
both) and that model is saved, as the 2019 MEDDOCAN systems submitted theirs: dev
then only chooses the setting and its figures are those of the model trained on
train alone, measured before the refit. Transformer: see ``transformer``.

The model folder's ``phisift_model.json`` records the kind, labels, feature
settings, phisift version, training corpus statistics (counts only, no text),
the dev figures of every setting tried and what the saved model was trained on
(``trained_on``, ``refit``).
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import shutil
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from ... import __version__
from .crf import (
    CLUSTERS_FILE,
    CONFIG_FILE,
    CRF_FILE,
    GAZETTEER_FILE,
    DEFAULT_ITERATIONS,
    CrfDetector,
    CrfParams,
    train_crf,
    write_json,
)
from .clusters import ClusterMap, ClusterSettings, build_clusters, cluster_map_from_json
from .ensemble import NEURAL, check_member, member_settings
from .features import Featurizer, FeatureSettings, Gazetteer
from .pieces import bilou, bio_labels
from ...document import Document, Span
from ...errors import InputError, UsageError
from ...fileio import building_folder, refuse_existing
from ...evaluate import evaluate

KINDS = ("crf", "transformer")
#: Label schemes of the CRF's training sequences (``pieces.bilou``); decoding reads both.
TAG_SCHEMES = ("bilou", "bio")

#: (c1, c2) settings tried on dev when the user fixes neither, around crfsuite's usual
#: optimum for NER. Two, trained side by side on two cores (the old grid had four:
#: (0.1, 0.05) and (0.2, 0.01) besides, twice the time); on MEDDOCAN these two and
#: (0.1, 0.01) lay within 0.001 strict F1 (docs/tagger.md).
DEFAULT_GRID: tuple[tuple[float, float], ...] = ((0.05, 0.01), (0.02, 0.005))
#: The dev grid of each training algorithm (values of ``CrfParams.grid_keys``): PA's aggressiveness
#: 1.0 (crfsuite's default) and 0.5; 2.0 was no better on MEDDOCAN (docs/tagger.md).
DEFAULT_GRIDS: dict[str, tuple[tuple[float, ...], ...]] = {
    "lbfgs": DEFAULT_GRID, "pa": ((1.0,), (0.5,)), "l2sgd": ((0.01,),), "ap": ((),), "arow": ((),)}
#: The algorithm ``train_model`` and ``phisift train`` use unless told otherwise.
DEFAULT_ALGORITHM = "lbfgs"


def default_params(algorithm: str = DEFAULT_ALGORITHM, **changes: Any) -> CrfParams:
    """``CrfParams`` for an algorithm with its default iterations (``DEFAULT_ITERATIONS``)."""
    if algorithm not in DEFAULT_ITERATIONS:
        raise UsageError(f"unknown CRF training algorithm '{algorithm}'; choose {', '.join(DEFAULT_ITERATIONS)}")
    return CrfParams(**{"algorithm": algorithm, "max_iterations": DEFAULT_ITERATIONS[algorithm], **changes})


def grid_label(params: CrfParams, values: Sequence[float]) -> str:
    """"c1=0.05 c2=0.01", "pa c=1": how a grid setting is named in the log."""
    named = " ".join(f"{k}={v:g}" for k, v in zip(params.grid_keys, values))
    return named if params.algorithm == "lbfgs" else f"{params.algorithm} {named}".strip()

Log = Callable[[str], None]


@dataclass
class TrainResult:
    model_dir: Path
    config: dict[str, Any]
    seconds: float

    @property
    def dev(self) -> dict[str, Any] | None:
        return self.config.get("dev")


def corpus_stats(docs: Sequence[Document]) -> dict[str, Any]:
    """Counts only: safe to store with a model that may be shared."""
    labels = Counter(s.label for d in docs for s in d.spans)
    return {
        "documents": len(docs),
        "characters": sum(len(d.text) for d in docs),
        "spans": sum(labels.values()),
        "labels": dict(sorted(labels.items())),
    }


def dev_figures(docs: Sequence[Document], predict: Callable[[str], list[Span]]) -> dict[str, Any]:
    """Strict entity and token figures of a predictor on dev documents (own labels)."""
    pred = {d.id: predict(d.text) for d in docs}
    report = evaluate(docs, pred).as_dict(by_label=True)
    return {
        "entity_strict": report["entity_strict"],
        "token": report["token"],
        "entity_overlap_recall": report["entity_overlap_recall"],
        "by_label": {k: v["entity_strict"] for k, v in report["by_label"].items()},
    }


def check_output(out_dir: Path, overwrite: bool) -> None:
    """An existing model folder (or anything else) is replaced only with ``overwrite``; an empty folder is
    no output yet."""
    if out_dir.exists() and out_dir.is_dir() and not out_dir.is_symlink() and not any(out_dir.iterdir()):
        return
    refuse_existing(out_dir, overwrite)


def train_model(
    train_docs: Sequence[Document],
    out_dir: str | Path,
    *,
    kind: str = "crf",
    dev_docs: Sequence[Document] | None = None,
    seed: int = 0,
    crf: CrfParams | None = None,
    grid: Sequence[tuple[float, ...]] | None = None,
    features: FeatureSettings | None = None,
    label_map: Mapping[str, str] | None = None,
    vectors: str | Path | None = None,
    base: str | Path | None = None,
    transformer: Any = None,
    jobs: int = 1,
    overwrite: bool = False,
    log: Log = lambda m: None,
    candidate_context: int | None = None,
    consistency: bool = True,
    tag_scheme: str = "bio",
    refit: bool = False,
    ensemble: Sequence[str] = (),
) -> TrainResult:
    """Train a tagger on ``train_docs`` and write it to ``out_dir``.

    ``crf``: the training algorithm and its settings (default ``default_params()``,
    ``DEFAULT_ALGORITHM``). ``grid``: settings to select from on ``dev_docs``, tuples of
    ``crf.grid_keys`` values ((c1, c2) for L-BFGS, (c,) for PA; default
    ``DEFAULT_GRIDS[algorithm]`` when there is a dev set and ``crf`` is not given; a
    single setting otherwise). ``label_map`` is stored with the model and applied to its
    output by ``load_model_detector``. ``vectors``: a word-vectors file for
    cluster features (needs gensim and scikit-learn). ``candidate_context``: a CRF
    model tags whole notes (None, the default) or only the candidate regions with
    this many words of context (``candidates``; faster, English-minded); stored in
    the config and used for the dev scores. ``consistency``: the CRF model tags a
    string it found at its other mentions in the note (``stack.other_mentions``).
    ``tag_scheme``: the CRF's training labels, "bio" or "bilou" (span ends explicit; no gain on MEDDOCAN).
    ``refit``: CRF with ``dev_docs``: after the setting is chosen on dev, train it again on
    train + dev and save that model (``phisift train --refit``; off by default, so that a caller
    scoring the saved model on dev scores a model that has not seen it). The config's
    ``dev`` figures are then those of the model trained on train alone (``refit.dev_measured``).
    """
    if kind not in KINDS:
        raise UsageError(f"unknown model kind '{kind}'; choose crf or transformer")
    if tag_scheme not in TAG_SCHEMES:
        raise UsageError(f"unknown tag scheme '{tag_scheme}'; choose bilou or bio")
    if refit and kind != "crf":
        raise UsageError("refitting on train + dev is for CRF models (a transformer keeps its best epoch)")
    if ensemble and (kind != "crf" or refit):
        raise UsageError("an ensemble is of CRF models trained on the training corpus (not with --refit)")
    for name in ensemble:
        check_member(name)  # an unknown member is refused before anything is trained
    if NEURAL in ensemble:
        from .neural import require_torch

        require_torch()  # so is a neural member without torch
    out_dir = Path(out_dir)
    check_output(out_dir, overwrite)
    train_docs = list(train_docs)
    if not train_docs:
        raise InputError("the training corpus holds no documents")
    stats = corpus_stats(train_docs)
    if stats["spans"] == 0:
        raise InputError("the training corpus holds no annotated spans")
    dev_docs = list(dev_docs) if dev_docs else None
    t0 = time.perf_counter()
    with building_folder(out_dir, private=True) as tmp:
        if kind == "crf":
            config = _train_crf_folder(
                train_docs, tmp, dev_docs, crf, grid, features or FeatureSettings(), vectors, seed, jobs, log,
                candidate_context, consistency, tag_scheme, refit, ensemble,
            )
        else:
            config = _train_transformer_folder(train_docs, tmp, dev_docs, base, transformer, seed, log)
        config.update({"phisift_version": __version__, "seed": seed,
                       "label_map": dict(label_map) if label_map else None, "training_corpus": stats,
                       "dev_corpus": corpus_stats(dev_docs) if dev_docs else None,
                       "train_seconds": round(time.perf_counter() - t0, 2)})
        config.setdefault("trained_on", "training corpus")
        if config.get("refit"):
            config["refit_corpus"] = corpus_stats(list(train_docs) + list(dev_docs or []))
        write_json(tmp / CONFIG_FILE, config)
        _make_private(tmp)
    return TrainResult(out_dir, config, time.perf_counter() - t0)


def _make_private(folder: Path) -> None:
    """Owner-only files (0600) and folders (0700; the model folder itself is placed so): a trained model
    holds words of its training notes (a CRF keeps every word feature it weighted, names included; a
    transformer's tokenizer its vocabulary)."""
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            os.chmod(path, 0o700 if path.is_dir() else 0o600)


# --------------------------------------------------------------------------- CRF


def _jackknife_gazetteers(docs: Sequence[Document], folds: int) -> list[Gazetteer]:
    """One gazetteer per fold, built from the other folds' documents."""
    return [Gazetteer.build(d for i, d in enumerate(docs) if i % folds != k) for k in range(folds)]


def crf_sequences(
    docs: Sequence[Document], featurizer: Featurizer, jackknife: Sequence[Gazetteer] | None = None,
    tag_scheme: str = "bio",
) -> tuple[list[list[list[str]]], list[list[str]]]:
    """Feature and label sequences (BIO, or BILOU with ``tag_scheme="bilou"``), one per window (up to
    250 words) of every document."""
    xs: list[list[list[str]]] = []
    ys: list[list[str]] = []
    for i, doc in enumerate(docs):
        gaz = jackknife[i % len(jackknife)] if jackknife else None
        pieces, feats, windows = featurizer.featurize(doc.text, gaz, overlap=0)
        labels = bio_labels(pieces, doc.spans)
        if tag_scheme == "bilou":
            labels = bilou(labels)
        for w in windows:
            xs.append(feats[w.lo : w.hi])
            ys.append(labels[w.lo : w.hi])
    return xs, ys


#: The most frequent words of a vectors file that are clustered besides the training words: a word the
#: training notes never hold (a dev or test note's town, a pseudonymised corpus's real names) then still
#: has a cluster, which is what makes cluster features carry to unseen words.
VECTOR_VOCAB = 50_000


def _cluster_map(docs: Sequence[Document], vectors: str | Path, k: int, seed: int) -> ClusterMap:
    """Word -> cluster id, from k-means over word vectors, for the training words and the vectors' own
    most frequent words; returned as keyed digests, so the model folder lists no training word.

    Raises ImportError when ``phisift.lm`` or its dependencies (gensim) are absent.
    """
    from ...lm import load_vectors  # lazy attribute: raises ImportError/AttributeError when absent

    import numpy as np
    from sklearn.cluster import MiniBatchKMeans

    from .pieces import sentence_pieces

    kv = load_vectors(vectors)
    vocab = {p.text.lower() for d in docs for s in sentence_pieces(d.text) for p in s if p.text.isalpha()}
    vocab.update(w.lower() for w in kv.index_to_key[:VECTOR_VOCAB] if isinstance(w, str) and w.isalpha())
    words, vecs = [], []
    for w in sorted(vocab):
        try:
            vecs.append(kv[w])
            words.append(w)
        except KeyError:
            continue
    if len(words) < k:
        k = max(2, len(words) // 2)
    if not words:
        raise InputError("no word of the training corpus has a vector", vectors)
    arr = np.asarray(vecs, dtype="float32")
    arr /= np.linalg.norm(arr, axis=1, keepdims=True) + 1e-9
    km = MiniBatchKMeans(n_clusters=k, random_state=seed, n_init=3).fit(arr)
    return ClusterMap.digested({w: str(int(c)) for w, c in zip(words, km.labels_)})


def _fit_one(args: tuple) -> tuple[tuple[float, ...], str, float]:
    """Train one grid point in a worker (sequences come from the parent through fork)."""
    values, base_params, path = args
    seconds = train_crf(_SHARED["xs"], _SHARED["ys"], base_params.with_values(values), path)
    return values, path, seconds


_SHARED: dict[str, Any] = {}  # training sequences handed to forked grid workers; emptied after use


def _feature_tables(
    train_docs: Sequence[Document], folder: Path, settings: FeatureSettings, vectors: str | Path | None, seed: int, log: Log
) -> tuple[Gazetteer | None, list[Gazetteer] | None, Mapping[str, str] | None]:
    """The optional tables the features read, written into the model folder: the gazetteer (and its
    jackknifed folds for training) and the word-cluster map; ``settings.clusters`` says whether there is one."""
    gazetteer = None
    jackknife = None
    if settings.gazetteer:
        # stored (and used from here on) as keyed digests: the model folder lists no training value
        gazetteer = Gazetteer.build(train_docs).digested()
        jackknife = _jackknife_gazetteers(train_docs, max(2, settings.gazetteer_folds))
        write_json(folder / GAZETTEER_FILE, gazetteer.as_dict())
    clusters = None
    settings.clusters = False
    if vectors:
        try:
            clusters = _cluster_map(train_docs, vectors, 256, seed)
        except (ImportError, AttributeError) as exc:
            log(f"word-cluster features skipped: phisift.lm or gensim is not available ({exc})")
        else:
            log(f"word clusters: {len(clusters)} words in {len(set(clusters.as_dict()['words'].values()))} clusters")
            settings.clusters = True
            write_json(folder / CLUSTERS_FILE, clusters.as_dict())
    elif settings.corpus_clusters:
        clusters = _corpus_clusters(train_docs, folder, seed, log)
        settings.clusters = clusters is not None
    return gazetteer, jackknife, clusters


def _corpus_clusters(train_docs: Sequence[Document], folder: Path, seed: int, log: Log) -> ClusterMap | None:
    """Word clusters built from the training text (``clusters.build_clusters``), stored as keyed digests."""
    t = time.perf_counter()
    try:
        words = build_clusters(train_docs, ClusterSettings(), seed)
    except ImportError as exc:
        log(f"word-cluster features skipped: gensim or scikit-learn is not available ({exc})")
        return None
    if not words:
        return None
    levels = [len({c.split("|")[k] for c in words.values()}) for k in range(len(ClusterSettings().levels))]
    log(f"word clusters from the training text: {len(words)} words in {'/'.join(map(str, levels))} clusters "
        f"({time.perf_counter() - t:.1f} s)")
    digested = ClusterMap.digested(words)
    write_json(folder / CLUSTERS_FILE, digested.as_dict())
    return digested


def _fit_grid(tasks: list[tuple], xs: list, ys: list, jobs: int) -> list[tuple[tuple[float, ...], str, float]]:
    """Train one CRF per grid setting, in forked processes when ``jobs > 1`` (they share the sequences)."""
    _SHARED["xs"], _SHARED["ys"] = xs, ys
    try:
        if jobs > 1 and len(tasks) > 1 and "fork" in mp.get_all_start_methods():
            with mp.get_context("fork").Pool(min(jobs, len(tasks))) as pool:
                return pool.map(_fit_one, tasks, chunksize=1)
        return [_fit_one(task) for task in tasks]
    finally:
        _SHARED.clear()


def _detector(path: str | Path, settings: FeatureSettings, gazetteer: Gazetteer | None,
              clusters: Mapping[str, str] | None, candidate_context: int | None, consistency: bool) -> CrfDetector:
    """The detector a grid setting is scored with: the one the saved model will load as."""
    det = CrfDetector(path, settings, gazetteer, clusters)
    det.candidate_context = candidate_context
    det.consistency = consistency
    return det


def _grid_row(
    base: CrfParams, values: tuple[float, ...], path: str, seconds: float, dev_docs: Sequence[Document] | None,
    detector: Callable[[str], CrfDetector], log: Log,
) -> dict[str, Any]:
    """One grid setting's row of the model config, with its dev figures when there is a dev set."""
    row: dict[str, Any] = {**dict(zip(base.grid_keys, values)), "train_seconds": round(seconds, 2)}
    name = grid_label(base, values)
    if dev_docs:
        det = detector(path)
        figures = dev_figures(dev_docs, lambda text: det.tag(text, with_scores=False))
        row["dev"] = figures
        s = figures["entity_strict"]
        log(f"{name}: dev strict P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f} ({seconds:.0f} s)")
    else:
        log(f"{name}: trained in {seconds:.0f} s")
    return row


def _crf_training_set(
    docs: Sequence[Document], folder: Path, settings: FeatureSettings, vectors: str | Path | None, seed: int,
    tag_scheme: str, log: Log,
) -> tuple[Gazetteer | None, Mapping[str, str] | None, list, list]:
    """The feature tables (written into ``folder``) and the training sequences of ``docs``."""
    gazetteer, jackknife, clusters = _feature_tables(docs, folder, settings, vectors, seed, log)
    t = time.perf_counter()
    xs, ys = crf_sequences(docs, Featurizer(settings, gazetteer, clusters), jackknife, tag_scheme)
    log(f"features: {len(xs)} windows, {sum(len(x) for x in xs)} pieces in {time.perf_counter() - t:.1f} s")
    return gazetteer, clusters, xs, ys


def _train_crf_folder(
    train_docs: Sequence[Document],
    folder: Path,
    dev_docs: Sequence[Document] | None,
    crf: CrfParams | None,
    grid: Sequence[tuple[float, float]] | None,
    settings: FeatureSettings,
    vectors: str | Path | None,
    seed: int,
    jobs: int,
    log: Log,
    candidate_context: int | None = None,
    consistency: bool = True,
    tag_scheme: str = "bio",
    refit: bool = False,
    ensemble: Sequence[str] = (),
) -> dict[str, Any]:
    base = crf or default_params()
    if grid is None:
        grid = DEFAULT_GRIDS[base.algorithm] if (dev_docs and crf is None) else (base.grid_values(),)
    grid = list(dict.fromkeys(tuple(float(v) for v in g) for g in grid))
    for values in grid:
        base.with_values(values)  # a grid point of the wrong length is refused before any feature is made
    if len(grid) > 1 and not dev_docs:
        raise UsageError(f"choosing among several {'/'.join(base.grid_keys)} settings needs a dev set (--dev)")
    gazetteer, clusters, xs, ys = _crf_training_set(train_docs, folder, settings, vectors, seed, tag_scheme, log)
    n_pieces, n_windows = sum(len(x) for x in xs), len(xs)

    tried: list[dict[str, Any]] = []
    workdir = Path(tempfile.mkdtemp(prefix="crf-grid-", dir=folder))
    try:
        tasks = [(values, base, str(workdir / f"grid-{i}.crfsuite")) for i, values in enumerate(grid)]
        log(f"training {len(tasks)} CRF setting(s) ({base.algorithm}), max {base.max_iterations} iterations each")
        fitted = _fit_grid(tasks, xs, ys, jobs)
        del xs, ys  # the refit makes its own; two sets of sequences need not be held at once
        best = None
        for values, path, seconds in fitted:
            row = _grid_row(base, values, path, seconds, dev_docs,
                            lambda p: _detector(p, settings, gazetteer, clusters, candidate_context, consistency), log)
            score = row["dev"]["entity_strict"]["f1"] if "dev" in row else 0.0
            tried.append(row)
            if best is None or score > best[0]:
                best = (score, path, row)
        assert best is not None
        shutil.move(best[1], folder / CRF_FILE)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    chosen = best[2]
    values = tuple(chosen[k] for k in base.grid_keys)
    members = None
    if ensemble:
        neural = (lambda jackknife: _train_neural_member(train_docs, dev_docs, folder, settings, gazetteer, clusters,
                                                         jackknife, seed, consistency, log)) if NEURAL in ensemble else None
        members = _train_members([n for n in ensemble if n != NEURAL], train_docs, folder, settings,
                                 base.with_values(values), seed, jobs, log, meanwhile=neural)
        if dev_docs:
            det = _detector(folder / CRF_FILE, settings, gazetteer, clusters, candidate_context, consistency)
            det.add_members([{**m, "model_file": folder / m["model_file"]} for m in members],
                            _member_cluster_map(folder, members))
            chosen = {**chosen, "dev": dev_figures(dev_docs, lambda text: det.tag(text, with_scores=False))}
            s = chosen["dev"]["entity_strict"]
            log(f"ensemble of {1 + len(members)}: dev strict P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f}")
    refit_info = None
    if refit and dev_docs:
        refit_info = _refit(list(train_docs) + list(dev_docs), folder, base, values, settings, vectors, seed,
                            tag_scheme, log)
        n_pieces, n_windows = refit_info["pieces"], refit_info["windows"]
    det = CrfDetector(folder / CRF_FILE, settings)
    return {
        "kind": "crf",
        "model_file": CRF_FILE,
        "candidate_context": candidate_context,
        "consistency": consistency,
        "tag_scheme": tag_scheme,
        "labels": det.labels,
        "features": settings.as_dict(),
        "crf": {**asdict(base), **{k: chosen[k] for k in base.grid_keys}},
        "pieces": n_pieces,
        "windows": n_windows,
        "grid": [{k: v for k, v in r.items() if k != "dev"} | ({"dev_strict": r["dev"]["entity_strict"]} if "dev" in r else {}) for r in tried],
        "dev": chosen.get("dev"),
        "trained_on": "training + dev corpus (refit)" if refit_info else "training corpus",
        "refit": refit_info,
        "ensemble": members,
    }


def _train_members(names: list[str], docs: Sequence[Document], folder: Path, settings: FeatureSettings,
                   params: CrfParams, seed: int, jobs: int, log: Log,
                   meanwhile: Callable[[list[Gazetteer] | None], dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Train the ensemble members (``ensemble.MEMBERS``) with the chosen setting; their config entries.

    Each member's sequences are made in this process, then trained in a forked worker (up to
    ``jobs`` at once) while the next member's are made; its sequences are dropped here once forked.
    ``meanwhile`` (the neural member's training) runs in this process while the last workers train, on the
    same jackknifed gazetteers, and its config entry comes last.
    """
    jackknife = _jackknife_gazetteers(docs, max(2, settings.gazetteer_folds)) if settings.gazetteer else None
    fork = jobs > 1 and "fork" in mp.get_all_start_methods()
    running: list[Any] = []
    out: list[dict[str, Any]] = []
    clusters = _member_cluster_map(folder, [{"features": {"clusters": True}}]) if (folder / CLUSTERS_FILE).is_file() \
        else None  # the command's own (--word-clusters): one map in the folder, shared
    for name in dict.fromkeys(names):
        feats, scheme = member_settings(name, settings.as_dict())
        member = FeatureSettings.from_dict(feats)
        if member.corpus_clusters:
            clusters = clusters or _corpus_clusters(docs, folder, seed, log)
            member.clusters = clusters is not None
        # the gazetteer features come from the jackknifed folds, as the command's own model's
        xs, ys = crf_sequences(docs, Featurizer(member, None, clusters if member.clusters else None), jackknife, scheme)
        path = folder / f"model-{name}.crfsuite"
        out.append({"name": name, "model_file": path.name, "features": member.as_dict(), "tag_scheme": scheme})
        log(f"ensemble member {name}: {sum(len(x) for x in xs)} pieces, training")
        if not fork:
            train_crf(xs, ys, params, path)
            continue
        while len(running) >= jobs:
            _join(running.pop(0))
        worker = mp.get_context("fork").Process(target=train_crf, args=(xs, ys, params, path))
        worker.start()
        running.append(worker)
        del xs, ys
    try:
        if meanwhile is not None:
            out.append(meanwhile(jackknife))
    finally:  # a failed neural member leaves no CRF worker behind
        for worker in running:
            _join(worker)
    return out


def _train_neural_member(docs: Sequence[Document], dev_docs: Sequence[Document] | None, folder: Path,
                         settings: FeatureSettings, gazetteer: Gazetteer | None, clusters: Mapping[str, str] | None,
                         jackknife: list[Gazetteer] | None, seed: int, consistency: bool, log: Log) -> dict[str, Any]:
    """The neural member (``neural``), trained on the command's own features with the CRF members'
    jackknifed gazetteers (``_train_members``); its config entry."""
    from .neural import NeuralSettings, train_member

    featurizer = Featurizer(settings, gazetteer, clusters)
    return train_member(docs, dev_docs, featurizer, jackknife, folder, NeuralSettings(seed=seed), consistency, log)


def _join(worker: Any) -> None:
    worker.join()
    if worker.exitcode != 0:
        raise RuntimeError(f"an ensemble member's training failed (exit code {worker.exitcode})")


def _member_cluster_map(folder: Path, members: list[dict[str, Any]]) -> Mapping[str, str] | None:
    """The word-cluster map of the members that use one (written into ``folder`` by ``_train_members``)."""
    if not any(m.get("features", {}).get("clusters") for m in members):
        return None
    return cluster_map_from_json(json.loads((folder / CLUSTERS_FILE).read_text(encoding="utf-8")))


#: What the config says of dev figures once the saved model has been refit on train + dev.
REFIT_NOTE = ("dev figures ('dev', 'grid') were measured on the model trained on the training corpus alone, "
              "before the refit; the saved model was then trained on training + dev with the chosen setting "
              "and has seen dev, so dev cannot score it")


def _refit(docs: Sequence[Document], folder: Path, base: CrfParams, values: tuple[float, ...],
           settings: FeatureSettings, vectors: str | Path | None, seed: int, tag_scheme: str, log: Log) -> dict[str, Any]:
    """Train the chosen setting again on train + dev and put it in the folder in place of the train-only model.

    The gazetteer and word clusters are rebuilt from both corpora (and rewritten), as a model trained
    on them from the start would have them."""
    log(f"refit: training {grid_label(base, values)} on training + dev ({len(docs)} documents)")
    _gaz, _clusters, xs, ys = _crf_training_set(docs, folder, settings, vectors, seed, tag_scheme, log)
    path = folder / (CRF_FILE + ".refit")
    seconds = train_crf(xs, ys, base.with_values(values), path)
    path.replace(folder / CRF_FILE)
    log(f"refit: trained in {seconds:.0f} s")
    return {
        "corpora": ["training", "dev"],
        "documents": len(docs),
        "dev_measured": "before the refit, on the model trained on the training corpus alone",
        "note": REFIT_NOTE,
        "train_seconds": round(seconds, 2),
        "pieces": sum(len(x) for x in xs),
        "windows": len(xs),
    }


# --------------------------------------------------------------------------- transformer


def _train_transformer_folder(
    train_docs: Sequence[Document],
    folder: Path,
    dev_docs: Sequence[Document] | None,
    base: str | Path | None,
    params: Any,
    seed: int,
    log: Log,
) -> dict[str, Any]:
    if base is None:
        raise UsageError("--kind transformer needs --base PATH (a local Hugging Face encoder folder)")
    try:
        from .transformer import TransformerParams, train_transformer
    except ImportError:  # pragma: no cover
        raise UsageError("transformer training needs phisift[ml] (torch, transformers)") from None
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError:
        raise UsageError("transformer training needs phisift[ml] (torch, transformers)") from None
    p = params or TransformerParams(seed=seed)

    def score(det) -> dict:
        return dev_figures(dev_docs or [], det.tag)

    summary = train_transformer(train_docs, base, folder, p, dev_docs, score if dev_docs else None, log)
    dev = None
    history = summary["history"]
    if dev_docs:
        dev = history[summary["best_epoch"] - 1].get("dev")
    return {
        "kind": "transformer",
        "labels": sorted({lab.split("-", 1)[1] for lab in summary["labels"] if lab != "O"}),
        "base": str(base),
        "transformer": p.as_dict(),
        "windows": summary["windows"],
        "device": summary["device"],
        "history": [{k: v for k, v in h.items() if k != "dev"} | (
            {"dev_strict": h["dev"]["entity_strict"]} if "dev" in h else {}) for h in history],
        "best_epoch": summary["best_epoch"],
        "dev": dev,
    }


__all__ = ["train_model", "TrainResult", "corpus_stats", "dev_figures", "crf_sequences", "DEFAULT_GRID", "KINDS",
           "TAG_SCHEMES", "DEFAULT_GRIDS", "DEFAULT_ALGORITHM", "default_params"]
