"""Detectors by name: the names a pipeline config may list, and how each is built.

A config names its detectors (``detectors = ["rules", "lexicon", "model"]``); the
pipeline asks this registry for each one and gets either a ``Detector``, ready to
run, or a ``Fittable``, which a corpus run fits over the whole input first. Nothing
else in phisift tests a detector's name: a new detector is one ``register`` call
(here for the built-in ones, or from user code before the pipeline is built).

Factories import their module only when called, so listing the names costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..errors import UsageError
from .base import Detector, Fittable


@dataclass(frozen=True)
class BuildContext:
    """What a factory may need besides the config: the tagger folder and the project store."""

    config: Any  # a pipeline.PipelineConfig (typed as Any: detect sits below the pipeline)
    model_dir: str | Path | None = None
    store: Any = None  # the project store (confidence lists); None keeps nothing across runs


Factory = Callable[[BuildContext], "Detector | Fittable"]


@dataclass(frozen=True)
class Entry:
    name: str
    build: Factory
    fittable: bool  # True: ``build`` returns a Fittable, fitted over the corpus before use
    help: str


_ENTRIES: dict[str, Entry] = {}


def register(name: str, build: Factory, *, fittable: bool = False, help: str = "") -> None:
    """Make ``name`` usable in a config's ``detectors`` list (a later call replaces an earlier one)."""
    _ENTRIES[name] = Entry(name, build, fittable, help)


def names() -> tuple[str, ...]:
    """Every registered detector name, in registration order."""
    return tuple(_ENTRIES)


def entry(name: str) -> Entry:
    found = _ENTRIES.get(name)
    if found is None:
        raise UsageError(f"unknown detector(s) {name}; choose from {', '.join(_ENTRIES)}")
    return found


def check_names(requested: list[str] | tuple[str, ...]) -> None:
    """One error naming every unknown detector."""
    unknown = [n for n in requested if n not in _ENTRIES]
    if unknown:
        raise UsageError(f"unknown detector(s) {', '.join(unknown)}; choose from {', '.join(_ENTRIES)}")


def build(name: str, context: BuildContext) -> Detector | Fittable:
    return entry(name).build(context)


# --------------------------------------------------------------------------- built-in detectors
def _rules(context: BuildContext) -> Detector:
    from .rules.detector import RuleDetector

    return RuleDetector()


def _lexicon(context: BuildContext) -> Detector:
    from .lexicon.detector import LexiconDetector

    return LexiconDetector()


def _frequency(context: BuildContext) -> Fittable:
    from .frequency import FrequencyFit

    return FrequencyFit(context.config.frequency, context.store)


def _model(context: BuildContext) -> Detector:
    # --model wins; else the config's [detect] model (a folder, or "en_crf", the bundled model).
    model_dir = context.model_dir or context.config.detect.model or None
    if model_dir is None:
        raise UsageError("the model detector needs --model DIR (or [detect] model in the config)")
    from .tagger.load import load_model_detector

    return load_model_detector(model_dir)


register("rules", _rules, help="dates, phones, e-mails, URLs, IPs, IDs with cue words, ages, ZIPs, addresses")
register("lexicon", _lexicon, help="names, places, hospitals, organisations, professions")
register("frequency", _frequency, fittable=True, help="rare-word masking fitted over the corpus")
register("model", _model, help="a trained tagger (--model DIR, or [detect] model)")
