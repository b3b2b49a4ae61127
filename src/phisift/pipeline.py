"""The de-identification pipeline: named detectors, a combiner and an operator.

The default pipeline is a readable TOML file shipped with the package
(``default_pipeline.toml``); a user copies it, edits it and passes it back with
``--config``. Command-line options override single keys.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from .detect.base import Detector
from .detect.combine import Combiner
from .document import Document, Span, rewrite_document
from .errors import InputError, UsageError
from .replace.operators import MODES, Mask, Operator, Redact, Surrogate, Tag, edits_for
from .replace.surrogates import SurrogateMaker
from .store import Secret

KNOWN_DETECTORS = ("rules", "lexicon", "frequency", "model")


def default_config() -> dict[str, Any]:
    text = resources.files("phisift").joinpath("default_pipeline.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def load_config(path: str | Path | None = None, overrides: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The default config, updated from a user's TOML file and then from overrides."""
    config = default_config()
    if path is not None:
        p = Path(path)
        try:
            user = tomllib.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise InputError("no such config file", p) from None
        except tomllib.TOMLDecodeError as exc:
            raise InputError(f"invalid TOML: {exc}", p) from None
        _merge(config, user, p)
    if overrides:
        _merge(config, overrides, None)
    _validate(config)
    return config


def _merge(base: dict, update: dict, path: Path | None) -> None:
    for section, values in update.items():
        if section not in base or not isinstance(values, dict):
            raise InputError(f"unknown config section [{section}]", path)
        for key, value in values.items():
            if key not in base[section]:
                raise InputError(f"unknown config key {section}.{key}", path)
            if value is not None:
                base[section][key] = copy.deepcopy(value)


def _validate(config: dict) -> None:
    unknown = [d for d in config["detect"]["detectors"] if d not in KNOWN_DETECTORS]
    if unknown:
        raise UsageError(f"unknown detector(s) {', '.join(unknown)}; choose from {', '.join(KNOWN_DETECTORS)}")
    if config["replace"]["mode"] not in MODES:
        raise UsageError(f"unknown mode {config['replace']['mode']}; choose from {', '.join(MODES)}")


def build_detector(name: str, config: dict, model_dir: str | Path | None = None) -> Detector:
    """One detector by name; heavy ones are imported only when asked for."""
    if name == "rules":
        from .detect.rules.detector import RuleDetector

        return RuleDetector()
    if name == "lexicon":
        from .detect.lexicon.detector import LexiconDetector

        return LexiconDetector()
    if name == "model":
        # --model wins; else the config's [detect] model (a folder, or "en_crf", the bundled model).
        model_dir = model_dir or config["detect"].get("model") or None
        if model_dir is None:
            raise UsageError("the model detector needs --model DIR (or [detect] model in the config)")
        from .detect.tagger.load import load_model_detector

        return load_model_detector(model_dir)
    raise UsageError(f"detector {name} must be fitted on the corpus first")


def share_feature_detectors(detectors: list[Detector]) -> list[Detector]:
    """Let a CRF tagger reuse the pipeline's rule and lexicon runs for its hit features.

    The CRF computes rule and lexicon hits as features; without sharing, a pipeline
    with rules + lexicon + model scans every text with them twice. The shared
    detectors are wrapped in ``Remembered``, which answers a repeated call on the same
    text from memory. Output is unchanged (same detectors, same settings).
    """
    from .detect.base import Remembered

    taggers = [d for d in detectors if hasattr(d, "share_detectors")]
    if not taggers:
        return detectors
    out = [Remembered(d) if d.name in ("rules", "lexicon") and not isinstance(d, Remembered) else d
           for d in detectors]
    shared = {d.name: d for d in out if isinstance(d, Remembered)}
    for tagger in taggers:
        tagger.share_detectors(shared)
    return out


@dataclass
class Pipeline:
    """Detectors + combiner + operator; ``detect`` and ``deidentify`` work per document."""

    detectors: list[Detector]
    operator: Operator
    combiner: Combiner = field(default_factory=Combiner)
    labels: frozenset[str] = frozenset()
    min_score: float = 0.0

    @classmethod
    def from_config(
        cls,
        config: dict | None = None,
        secret: Secret | None = None,
        model_dir: str | Path | None = None,
        extra_detectors: Iterable[Detector] = (),
    ) -> "Pipeline":
        config = config or load_config()
        det_cfg, rep = config["detect"], config["replace"]
        detectors = [build_detector(n, config, model_dir) for n in det_cfg["detectors"] if n != "frequency"]
        detectors += list(extra_detectors)
        return cls(
            detectors=share_feature_detectors(detectors),
            operator=make_operator(rep, secret),
            combiner=Combiner(det_cfg["extend_min_score"]),
            labels=frozenset(det_cfg["labels"]),
            min_score=float(det_cfg["min_score"]),
        )

    #: Texts longer than this are scanned in overlapping windows cut at line breaks,
    #: so memory stays bounded for a 50 MB note; spans near a cut are found in both
    #: windows and merged by the combiner.
    window_chars: int = 200_000
    window_overlap: int = 2_000

    def __setstate__(self, state: dict) -> None:
        """Unpickled in a worker: the tagger rebuilt its own feature detectors, so share again."""
        self.__dict__.update(state)
        self.detectors = share_feature_detectors(self.detectors)

    def detect(self, text: str) -> list[Span]:
        found: list[Span] = []
        for offset, part in self._windows(text):
            for det in self.detectors:
                found.extend(s if not offset else replace(s, start=s.start + offset, end=s.end + offset)
                             for s in det.detect(part))
        if self.labels:
            found = [s for s in found if s.label in self.labels]
        if self.min_score:
            found = [s for s in found if s.score >= self.min_score]
        return self.combiner.combine(found)

    def _windows(self, text: str):
        if len(text) <= self.window_chars:
            yield 0, text
            return
        start = 0
        while start < len(text):
            end = min(len(text), start + self.window_chars)
            if end < len(text):
                cut = text.rfind("\n", start + self.window_chars // 2, end)
                end = cut + 1 if cut > 0 else end
            yield start, text[start:end]
            if end >= len(text):
                return
            back = text.rfind("\n", end - self.window_overlap, end - 1)
            start = back + 1 if back > start else end - self.window_overlap

    def deidentify(self, doc: Document, patient: str | None = None) -> tuple[Document, list[Span]]:
        """The de-identified document (its spans mark the replaced places) and the spans found."""
        spans = self.detect(doc.text)
        edits = edits_for(doc.text, spans, self.operator, patient or doc.id)
        new_doc, _ = rewrite_document(doc.with_spans(spans), edits)
        return new_doc, spans


def make_operator(rep: dict, secret: Secret | None) -> Operator:
    mode = rep["mode"]
    if mode == "tag":
        return Tag(rep["tag_format"])
    if mode == "mask":
        return Mask(rep["mask_char"])
    if mode == "redact":
        return Redact()
    if secret is None:
        raise UsageError("surrogate mode needs a key (--key-file)")
    return Surrogate(
        SurrogateMaker(
            secret,
            locale=rep["locale"],
            dayfirst=rep["dayfirst"],
            min_shift_days=rep["date_shift_min_days"],
            max_shift_days=rep["date_shift_max_days"],
            age_cap=rep["age_cap"],
        )
    )
