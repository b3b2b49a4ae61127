"""A linear-chain CRF PHI tagger on python-crfsuite: training, saving, tagging.

CRFs won the i2b2 2014 de-identification challenge and still train in minutes on
a laptop without a GPU. The tagger labels pieces (``pieces.split_pieces``) of
one sentence at a time with BIO tags and turns tag runs back into character
spans. The features are in ``features``; this module only trains and runs
crfsuite and reads and writes the model folder:

    model.crfsuite      the crfsuite model (only features with non-zero weights)
    phisift_model.json  kind, labels, feature settings, version, corpus stats, dev figures
    gazetteer.json      optional: keyed digests of the annotated values of the training corpus
    clusters.json       optional: word -> cluster map from word vectors
"""

from __future__ import annotations

import json
import re
import os
import tempfile
import time
from bisect import bisect_left
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from ...document import Span
from ...errors import InputError, UsageError
from ...text import merge_chunk_spans
from ..base import relabel
from .features import FEATURE_PREFIXES, FEATURE_VERSION, Featurizer, FeatureSettings, Gazetteer
from .candidates import candidate_regions, is_candidate_word
from .clusters import ClusterMap, cluster_map_from_json
from .ensemble import average_marginals, best_path, bio_name
from .pieces import decode_bio
from .stack import other_mentions, stack
from .wordinfo import doc_info

CRF_FILE = "model.crfsuite"
CONFIG_FILE = "phisift_model.json"
GAZETTEER_FILE = "gazetteer.json"
CLUSTERS_FILE = "clusters.json"
#: Words of context tagged on each side of a candidate word (see ``candidates``).
CANDIDATE_CONTEXT = 3


#: crfsuite training algorithms (python-crfsuite's names) and the settings a dev grid varies for each:
#: L-BFGS the L1/L2 penalties, passive-aggressive (PA) its aggressiveness ``c``, SGD its L2 penalty.
GRID_KEYS: dict[str, tuple[str, ...]] = {"lbfgs": ("c1", "c2"), "pa": ("c",), "l2sgd": ("c2",), "ap": (), "arow": ()}
ALGORITHMS = tuple(GRID_KEYS)
#: Training iterations (epochs for the online algorithms) when none are given. PA: 20, 30 and 100 epochs
#: were no better than 50 on MEDDOCAN (docs/tagger.md); crfsuite's own default is 100.
DEFAULT_ITERATIONS = {"lbfgs": 200, "pa": 50, "l2sgd": 100, "ap": 50, "arow": 50}



#: A line break into a line in capitals ("... Medical Center\nCLINICAL LABORATORY REPORT"): a heading begins.
_BREAK_INTO_CAPS = re.compile(r"\n[ \t]*(?=[^\n]*[A-Z])(?![^\n]*[a-z])")
#: "REF 5510-F-501  LOT L693876  SN ...": an implant label's catalogue number (ISO 15223 "REF"), the same on
#: every unit of a product, before the lot and serial that name this one.
_CATALOGUE_BEFORE = re.compile(r"(?<![\w])REF[ \t]*#?[ \t]*$")
_LOT_OR_SERIAL_AFTER = re.compile(r"[^\n]*?(?<![\w])(?:LOT|SN|S/N|SERIAL)(?![\w])")


def tidy_spans(text: str, spans: list[Span]) -> list[Span]:
    """The tagger's spans cut where a letterhead meets the heading under it, and catalogue numbers dropped.

    The tagger reads a print-out as running text and can join a letterhead to the heading on the
    next line ("Lake Timothyhaven Regional Medical Center\nCLINICAL LABORATORY REPORT"): a mixed-case
    value does not go on into a line in capitals, so the part before the break is kept. (Cutting at
    runs of blanks between fixed-width columns was tried: it dropped as much PHI after the gap as
    it saved false positives, on layouts not tuned on.)
    """
    out = []
    for s in spans:
        end = s.end
        brk = _BREAK_INTO_CAPS.search(text, s.start, end)
        if brk is not None and any(c.islower() for c in text[s.start:brk.start()]):
            end = brk.start()
        if end <= s.start:
            continue
        if _CATALOGUE_BEFORE.search(text, max(0, s.start - 8), s.start) and _LOT_OR_SERIAL_AFTER.match(text, end):
            continue
        out.append(s if end == s.end else Span(s.start, end, s.label, s.source, s.score))
    return out


@dataclass(frozen=True)
class CrfParams:
    """crfsuite training settings. ``min_freq`` drops features seen fewer times (smaller model).

    ``algorithm`` is crfsuite's: "lbfgs" (L1/L2-penalised likelihood, ``c1``/``c2``), "pa"
    (passive-aggressive, ``c`` and ``pa_type``, averaged), "l2sgd" (``c2``), "ap" (averaged
    perceptron) or "arow". The model file is the same kind whatever trained it.
    """

    c1: float = 0.05
    c2: float = 0.01
    max_iterations: int = 200
    min_freq: int = 1
    all_possible_transitions: bool = True
    algorithm: str = "lbfgs"
    c: float = 1.0
    pa_type: int = 2

    def crfsuite(self) -> dict[str, Any]:
        params: dict[str, Any] = {
            "max_iterations": self.max_iterations,
            "feature.minfreq": self.min_freq,
            "feature.possible_transitions": self.all_possible_transitions,
        }
        if self.algorithm == "lbfgs":
            params.update(c1=self.c1, c2=self.c2)
        elif self.algorithm == "l2sgd":
            params["c2"] = self.c2
        elif self.algorithm == "pa":
            params.update(type=self.pa_type, c=self.c)
        elif self.algorithm not in ALGORITHMS:
            raise UsageError(f"unknown CRF training algorithm '{self.algorithm}'; choose {', '.join(ALGORITHMS)}")
        return params

    @property
    def grid_keys(self) -> tuple[str, ...]:
        """The settings a dev grid varies for this algorithm ("c1", "c2" for L-BFGS)."""
        if self.algorithm not in GRID_KEYS:
            raise UsageError(f"unknown CRF training algorithm '{self.algorithm}'; choose {', '.join(ALGORITHMS)}")
        return GRID_KEYS[self.algorithm]

    def grid_values(self) -> tuple[float, ...]:
        return tuple(float(getattr(self, k)) for k in self.grid_keys)

    def with_values(self, values: Sequence[float]) -> "CrfParams":
        """These settings with one grid point's values (in ``grid_keys`` order)."""
        if len(values) != len(self.grid_keys):
            raise UsageError(f"a {self.algorithm} grid setting has {len(self.grid_keys)} value(s) "
                             f"({', '.join(self.grid_keys) or 'none'}), not {len(values)}")
        return replace(self, **dict(zip(self.grid_keys, values)))


def train_crf(
    xseqs: Iterable[Sequence[Sequence[str]]],
    yseqs: Iterable[Sequence[str]],
    params: CrfParams,
    model_path: str | Path,
    on_iteration: Callable[[int], None] | None = None,
) -> float:
    """Train one crfsuite model on feature and label sequences; returns the seconds taken."""
    pycrfsuite = _crfsuite()

    class _Trainer(pycrfsuite.Trainer):
        def on_iteration(self, log, info):  # noqa: ANN001 - crfsuite callback
            if on_iteration is not None:
                on_iteration(int(info.get("num", 0)))

    settings = params.crfsuite()  # an unknown algorithm is refused before the sequences are copied
    trainer = _Trainer(algorithm=params.algorithm, verbose=False)
    for x, y in zip(xseqs, yseqs):
        trainer.append(x, y)
    trainer.set_params(settings)
    t0 = time.perf_counter()
    trainer.train(str(model_path))
    return time.perf_counter() - t0


def _crfsuite():
    """python-crfsuite (a core dependency), or a clear error for an installation without it."""
    try:
        import pycrfsuite
    except ImportError:
        raise UsageError("the CRF tagger needs python-crfsuite: pip install python-crfsuite "
                         "(or drop \"model\" from the detectors)") from None
    return pycrfsuite


def open_tagger(path: str | Path):
    """A crfsuite tagger for a model file; a missing or damaged file is an InputError."""
    pycrfsuite = _crfsuite()

    p = Path(path)
    if not p.is_file():
        raise InputError("partial model folder: the CRF model file is missing", p.parent)
    tagger = pycrfsuite.Tagger()
    try:
        tagger.open(str(p))
    except (ValueError, OSError) as exc:
        raise InputError(f"corrupt CRF model file ({type(exc).__name__})", p) from None
    return tagger


class CrfDetector:
    """The trained CRF as a Detector (``name = "model"``).

    ``label_map`` renames the model's labels on output (a MEDDOCAN model keeps its
    own labels inside and can report i2b2 ones); labels mapped to "" are dropped.
    Picklable: worker processes reopen the model file.
    """

    name = "model"

    def __init__(
        self,
        model_file: str | Path,
        settings: FeatureSettings,
        gazetteer: Gazetteer | None = None,
        clusters: Mapping[str, str] | None = None,
        label_map: Mapping[str, str] | None = None,
        stacker: Mapping[str, Any] | None = None,
    ) -> None:
        self.model_file = Path(model_file)
        #: A stacking model (``phisift_model.json`` "stacker"): it only adds spans (see ``tag``).
        self.stacker = dict(stacker) if stacker else None
        self.settings = settings
        self.gazetteer = gazetteer
        # a ClusterMap (keyed digests) looks words up itself; a plain map is copied
        self.clusters = (clusters if isinstance(clusters, ClusterMap) else dict(clusters)) if clusters else None
        self.label_map = dict(label_map) if label_map else None
        self._featurizer = Featurizer(settings, gazetteer, self.clusters)
        self._tagger = open_tagger(self.model_file)
        #: Words of context around candidates (``candidates``); None tags whole notes.
        self.candidate_context: int | None = int(self.stacker.get("context", CANDIDATE_CONTEXT)) if self.stacker \
            else CANDIDATE_CONTEXT
        #: Document-level consistency (``stack.other_mentions``): a string the model tags is tagged at its
        #: other mentions in the note. Models written by ``phisift train`` say so in their config.
        self.consistency = False
        #: Ensemble members besides this model (``ensemble``): (crfsuite tagger, featurizer) pairs, and
        #: their specs (model file, feature settings) for pickling; empty: this model's Viterbi path alone.
        self.members: list[tuple[Any, Featurizer]] = []
        self._member_specs: list[dict[str, Any]] = []
        self._member_clusters: Mapping[str, str] | None = None
        self._bio: list[str] = []
        #: Neural members (``neural.NeuralTagger``, needs torch) with their weights, counted in CRFs.
        self.neural: list[tuple[Any, float]] = []

    def add_members(self, specs: Sequence[Mapping[str, Any]], clusters: Mapping[str, str] | None = None) -> None:
        """Tag with the average of this model's and these models' marginals (``ensemble``).

        ``specs``: {"model_file": path, "features": FeatureSettings dict}; ``clusters`` is the
        word-cluster map of the members whose settings ask for one.
        """
        for spec in specs:
            if spec.get("kind") == "neural":
                from .neural import NeuralTagger

                self.neural.append((NeuralTagger.load(Path(spec["model_file"]), spec), float(spec.get("weight", 1.0))))
                self._member_specs.append({**spec, "model_file": str(spec["model_file"])})
                continue
            settings = FeatureSettings.from_dict(spec["features"])
            featurizer = Featurizer(settings, self.gazetteer, clusters if settings.clusters else None)
            self.members.append((open_tagger(spec["model_file"]), featurizer))
            self._member_specs.append({"model_file": str(spec["model_file"]), "features": settings.as_dict()})
        self._member_clusters = clusters
        names = {bio_name(lab) for t in [self._tagger] + [m[0] for m in self.members] for lab in t.labels()}
        self._bio = sorted(names | {"O"} | {lab for t, _ in self.neural for lab in t.labels})

    @property
    def labels(self) -> list[str]:
        return sorted({lab.split("-", 1)[1] for lab in self._tagger.labels() if lab != "O"})

    def tag(self, text: str, with_scores: bool = True) -> list[Span]:
        """Spans with the model's own labels; score = lowest marginal of the span's pieces.

        With ``candidate_context`` set (the default, ``CANDIDATE_CONTEXT`` words), only
        the candidate regions of the note are tagged (``candidates``): stretches around
        digits, words outside the clinical vocabulary and rule/lexicon hits. ``None``
        tags the whole note.
        """
        if self.candidate_context is None and not self.stacker:
            found = self._tag_region(text, with_scores)
            return other_mentions(text, found) if self.consistency else found
        hits = self._featurizer.hits(text)  # sorted by start
        all_hits = [s for _, spans in hits for s in spans]
        doc = doc_info(text, all_hits, self.settings.short_case, self._featurizer.words_of(text)) \
            if self.settings.doc_features else None
        names = self.settings.name_candidates
        if self.candidate_context is None:
            regions = [(0, len(text))]
        else:
            regions = candidate_regions(text, self._core_hits(hits), self.candidate_context,
                                        doc.case == "lower" if doc else None, bool(self.stacker), names)
        found = self._tag_regions(text, regions, hits, doc, with_scores or bool(self.stacker))
        if self.stacker:
            max_words = self.stacker.get("max_words")
            lower = doc.case == "lower" if doc else False
            found = stack(text, found, all_hits, float(self.stacker.get("min_score", 0.5)),
                          int(max_words) if max_words else None, lambda w: is_candidate_word(w, lower, names))
        elif self.consistency:
            found = other_mentions(text, found)
        return found

    def _core_hits(self, hits: list[tuple[str, list[Span]]]) -> list[Span]:
        """The hits whose words are candidates: all of them, or a stacker's ``core_hits``
        detectors' only ("lexicon": names and places the model may extend; dates, phones and
        ids from the rules are whole and only features)."""
        names = self.stacker.get("core_hits") if self.stacker else None
        keep = {FEATURE_PREFIXES[n] for n in names} if names else None
        return [s for prefix, spans in hits if keep is None or prefix in keep for s in spans]

    def _tag_regions(self, text: str, regions, hits, doc, with_scores: bool) -> list[Span]:
        """Spans of the model in each region ``[a, b)`` of ``text``, with the hits that fall inside it."""
        starts = [[s.start for s in spans] for _, spans in hits]
        found: list[Span] = []
        for a, b in regions:
            # a hit's words are candidates, so a hit lies wholly inside one region
            sub_hits = [(prefix, [Span(s.start - a, min(s.end, b) - a, s.label, s.source, s.score)
                                  for s in spans[bisect_left(st, a) : bisect_left(st, b)]])
                        for (prefix, spans), st in zip(hits, starts)]
            found.extend(Span(s.start + a, s.end + a, s.label, s.source, s.score)
                         for s in self._tag_region(text[a:b], with_scores, sub_hits, doc))
        return found

    def _tag_region(self, text: str, with_scores: bool, hits=None, doc=None) -> list[Span]:
        """Tag one text (a note or a region of one) in overlapping windows.

        Overlapping windows are tagged separately and merged as the transformer's are
        (``merge_chunk_spans``): near a window edge the other window's view wins.
        """
        if self.members and hits is None:
            hits = self._featurizer.hits(text)  # once for all the members
        pieces, feats, windows = self._featurizer.featurize(text, overlap=self.settings.overlap, hits=hits, doc=doc)
        ensemble = bool(self.members or self.neural)
        views = [feats] + [f.featurize(text, overlap=self.settings.overlap, hits=hits, doc=doc)[1]
                           for _, f in self.members] if ensemble else None
        # the neural members read this model's own features of the pieces (``neural``), per window
        probs = [t.window_probabilities(pieces, feats, windows) for t, _ in self.neural]
        tagger = self._tagger
        per_window: list[list[Span]] = []
        for k, w in enumerate(windows):
            if views is not None:
                y, scores = self._ensemble_window(views, w.lo, w.hi, [p[k] for p in probs])
                scores = scores if with_scores else None
            else:
                y = tagger.tag(feats[w.lo : w.hi])
                if with_scores and any(lab != "O" for lab in y):
                    scores = [tagger.marginal(lab, t) if lab != "O" else 1.0 for t, lab in enumerate(y)]
                else:
                    scores = None
            off = w.chunk.start
            per_window.append(
                [Span(s.start - off, s.end - off, s.label, s.source, s.score)
                 for s in decode_bio(pieces[w.lo : w.hi], y, scores, self.name)]
            )
        if not windows:
            return []
        if len(windows) == 1:
            off = windows[0].chunk.start
            return [Span(s.start + off, s.end + off, s.label, s.source, s.score) for s in per_window[0]]
        return merge_chunk_spans([w.chunk for w in windows], per_window)

    def _ensemble_window(self, views: list, lo: int, hi: int, neural: Sequence[Any] = ()) -> tuple[list[str], list[float]]:
        """BIO labels and their averaged marginals for pieces ``[lo, hi)`` (``ensemble``); ``neural``: the
        neural members' probabilities of these pieces, averaged in with their weights."""
        taggers = [self._tagger] + [m[0] for m in self.members]
        marginals = average_marginals(taggers, [v[lo:hi] for v in views], self._bio)
        if self.neural:
            from .neural import blend

            marginals = blend(marginals, len(taggers), [(t.labels, wt) for t, wt in self.neural], neural, self._bio)
        path = best_path(marginals, self._bio)
        return [self._bio[j] for j in path], [marginals[t][j] if self._bio[j] != "O" else 1.0
                                             for t, j in enumerate(path)]

    def share_detectors(self, shared: Mapping[str, Any]) -> None:
        """Use these detectors (name -> detector) for the hit features; see ``Featurizer.use_detectors``."""
        self._featurizer.use_detectors(shared)
        for _, f in self.members:
            f.use_detectors(shared)

    def detect(self, text: str) -> list[Span]:
        return tidy_spans(text, relabel(self.tag(text), self.label_map))

    def __getstate__(self) -> dict:
        return {
            "model_file": str(self.model_file),
            "settings": self.settings.as_dict(),
            "gazetteer": self.gazetteer.as_dict() if self.gazetteer else None,
            "clusters": self.clusters,
            "label_map": self.label_map,
            "candidate_context": self.candidate_context,
            "consistency": self.consistency,
            "stacker": self.stacker,
            "members": self._member_specs,
            "member_clusters": self._member_clusters,
        }

    def __setstate__(self, state: dict) -> None:
        gaz = Gazetteer.from_dict(state["gazetteer"]) if state["gazetteer"] else None
        self.__init__(
            state["model_file"], FeatureSettings.from_dict(state["settings"]), gaz, state["clusters"], state["label_map"],
            state.get("stacker"),
        )
        self.candidate_context = state.get("candidate_context", CANDIDATE_CONTEXT)
        self.consistency = bool(state.get("consistency", False))
        if state.get("members"):
            self.add_members(state["members"], state.get("member_clusters"))

    def __repr__(self) -> str:
        return f"CrfDetector({self.model_file.parent})"


def read_json(path: Path, what: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"partial model folder: {what} is missing", path.parent) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"corrupt {what} ({type(exc).__name__})", path) from None


def load_crf_detector(folder: Path, config: Mapping[str, Any], label_map: Mapping[str, str] | None) -> CrfDetector:
    """The CRF detector of a model folder whose config has been read already."""
    try:
        settings = FeatureSettings.from_dict(config.get("features", {}))
    except (TypeError, ValueError) as exc:
        raise InputError(f"corrupt model config: bad feature settings ({exc})", folder / CONFIG_FILE) from None
    if settings.version != FEATURE_VERSION:
        raise InputError(
            f"model made with CRF feature version {settings.version}, this phisift computes version "
            f"{FEATURE_VERSION}: retrain it with phisift train",
            folder,
        )
    gaz = None
    if settings.gazetteer:
        try:
            gaz = Gazetteer.from_dict(read_json(folder / GAZETTEER_FILE, "gazetteer.json"))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InputError(f"corrupt gazetteer.json ({type(exc).__name__})", folder / GAZETTEER_FILE) from None
    members = config.get("ensemble") or []
    if not isinstance(members, list) or not all(isinstance(m, dict) and "model_file" in m for m in members):
        raise InputError("corrupt model config: 'ensemble' must be a list of members", folder / CONFIG_FILE)
    try:
        member_features = [FeatureSettings.from_dict(m.get("features", {})) for m in members]
    except (TypeError, ValueError) as exc:
        raise InputError(f"corrupt model config: bad member feature settings ({exc})", folder / CONFIG_FILE) from None
    clusters = None
    if settings.clusters or any(f.clusters for f in member_features):
        try:
            clusters = cluster_map_from_json(read_json(folder / CLUSTERS_FILE, "clusters.json"))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InputError(f"corrupt clusters.json ({type(exc).__name__})", folder / CLUSTERS_FILE) from None
    try:
        stacker = config.get("stacker")
        if stacker is not None and not isinstance(stacker, dict):
            raise ValueError("'stacker' must be an object")
        det = CrfDetector(folder / config.get("model_file", CRF_FILE), settings, gaz,
                          clusters if settings.clusters else None, label_map, stacker)
        if members:
            det.add_members([{**m, "model_file": folder / m["model_file"]} if m.get("kind") == "neural"
                             else {"model_file": folder / m["model_file"], "features": f.as_dict()}
                             for m, f in zip(members, member_features)], clusters)
        if "candidate_context" in config and not stacker:
            det.candidate_context = _context_setting(config["candidate_context"])
        consistency = config.get("consistency", False)
        if not isinstance(consistency, bool):
            raise ValueError("'consistency' must be true or false")
        det.consistency = consistency
        return det
    except ValueError as exc:
        raise InputError(f"corrupt model config ({exc})", folder / CONFIG_FILE) from None


def _context_setting(value: Any) -> int | None:
    """A model config's ``candidate_context``: words of context around candidates, or null for whole notes.

    Models written by ``phisift train`` since the MEDDOCAN work say null: a model trained on whole
    notes of another language or corpus (MEDDOCAN: "madre", "varón", "niña", "lactante" are PHI in
    lower case) loses what lies outside the English candidate regions. Configs without the key
    (older models) keep the regions."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError("'candidate_context' must be null or a non-negative integer")
    return value


def write_json(path: Path, data: Any) -> None:
    """Write JSON atomically (a killed run leaves no half-written config)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1, sort_keys=False)
            fh.write("\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


__all__ = [
    "CrfParams",
    "ALGORITHMS",
    "DEFAULT_ITERATIONS",
    "CrfDetector",
    "train_crf",
    "open_tagger",
    "load_crf_detector",
    "CRF_FILE",
    "CONFIG_FILE",
    "GAZETTEER_FILE",
    "CLUSTERS_FILE",
]
