"""The pipeline config, typed: ``default_pipeline.toml`` merged strictly with the user's.

The default config is a readable TOML file shipped with the package; a user copies
it, edits it and passes it back (``--config``); command-line options override single
keys. The default file is the schema: a user's section or key it does not have is
rejected, and so is a value of another type than the default's, each with one line
naming the file and the key. The result is a frozen ``PipelineConfig``; a change is
a new config (``with_detector``, ``with_overrides``), never an edit of a shared dict.
"""

from __future__ import annotations

import copy
import json
import tomllib
from dataclasses import asdict, dataclass, field, fields, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..errors import InputError, UsageError

Overrides = Mapping[str, Mapping[str, Any]]


def default_dict() -> dict[str, Any]:
    """The shipped ``default_pipeline.toml`` as a fresh dict (callers merge into it)."""
    return copy.deepcopy(_shipped_defaults())


@lru_cache(maxsize=1)
def _shipped_defaults() -> dict[str, Any]:
    """The shipped file, read and parsed once per process: ``phisift.detect(text)`` asks for the default
    config on every call, and parsing the TOML each time cost 8% of its CPU time."""
    text = resources.files("phisift").joinpath("default_pipeline.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@dataclass(frozen=True)
class DetectSettings:
    """``[detect]``: which detectors run, and how their spans are filtered and combined."""

    detectors: tuple[str, ...]
    model: str
    labels: tuple[str, ...]
    min_score: float
    extend_min_score: float


@dataclass(frozen=True)
class ReplaceSettings:
    """``[replace]``: the operator that replaces what was found."""

    mode: str
    tag_format: str
    mask_char: str
    locale: str
    dayfirst: bool
    date_shift_min_days: int
    date_shift_max_days: int
    age_cap: int


@dataclass(frozen=True)
class PipelineConfig:
    """The whole pipeline config: ``[detect]``, ``[replace]`` and the settings of the frequency detector."""

    detect: DetectSettings
    replace: ReplaceSettings
    frequency: Any = field(default=None)  # a detect.frequency.FrequencyConfig
    #: Site rules (``[[recognizers]]``, ``[allow]``, ``[deny]``, ``[thresholds]``; see detect/site.py) as
    #: canonical JSON, so the config stays hashable; list files made absolute. Empty: none.
    site_json: str = ""

    @property
    def site(self) -> dict[str, Any]:
        """The site rules' sections as written (a fresh dict)."""
        return json.loads(self.site_json) if self.site_json else {}

    # building ------------------------------------------------------------------
    @classmethod
    def default(cls) -> "PipelineConfig":
        return load_config()

    @classmethod
    def from_toml(cls, path: str | Path | None = None, overrides: Overrides | None = None) -> "PipelineConfig":
        """The default config, updated from a user's TOML file and then from ``overrides``."""
        return load_config(path, overrides)

    @classmethod
    def from_dict(cls, data: Mapping[str, Mapping[str, Any]]) -> "PipelineConfig":
        """A config from a complete, already merged dict (as ``as_dict`` gives)."""
        from ..detect.frequency import FrequencyConfig

        from ..detect.site import SECTIONS, site_rules

        detect = _section(DetectSettings, data["detect"])
        rep = _section(ReplaceSettings, data["replace"])
        site = {k: data[k] for k in SECTIONS if data.get(k)}
        site_rules(site)  # checked here, so a bad rule fails before a run starts
        site_json = json.dumps(site, sort_keys=True, ensure_ascii=False) if site else ""
        config = cls(detect, rep, FrequencyConfig.from_dict(data["frequency"]), site_json)
        config.check()
        return config

    def with_overrides(self, overrides: Overrides) -> "PipelineConfig":
        """A new config with single keys replaced (``None`` values keep the current value)."""
        from ..detect.site import split_site

        merged = self.as_dict()
        rest, site = split_site(dict(overrides), None)
        _merge(merged, rest, None)
        merged.update(site)
        return PipelineConfig.from_dict(merged)

    def with_detector(self, name: str) -> "PipelineConfig":
        """The same config with ``name`` added to the detectors (after the others), if missing."""
        if name in self.detect.detectors:
            return self
        return replace(self, detect=replace(self.detect, detectors=(*self.detect.detectors, name)))

    # reading -------------------------------------------------------------------
    def as_dict(self) -> dict[str, Any]:
        """Plain nested dict of lists and scalars (JSON-ready), in the TOML's layout."""
        out = {"detect": asdict(self.detect), "replace": asdict(self.replace), "frequency": asdict(self.frequency)}
        return {**_lists(out), **self.site}

    def check(self) -> None:
        """Names and modes exist (the types were checked when merging)."""
        from ..detect.registry import check_names
        from ..replace.operators import MODES

        check_names(self.detect.detectors)
        if self.replace.mode not in MODES:
            raise UsageError(f"unknown mode {self.replace.mode}; choose from {', '.join(MODES)}")


def load_config(path: str | Path | None = None, overrides: Overrides | None = None) -> PipelineConfig:
    """The default config, updated from a user's TOML file and then from ``overrides``.

    ``overrides`` maps sections to keys; a ``None`` value keeps the file's value (an
    option the user did not give).
    """
    from ..detect.site import split_site

    merged = default_dict()
    if path is not None:
        p = Path(path)
        try:
            user = tomllib.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise InputError("no such config file", p) from None
        except tomllib.TOMLDecodeError as exc:
            raise InputError(f"invalid TOML: {exc}", p) from None
        user, site = split_site(user, p)  # site rules: free-form sections, checked on their own
        _merge(merged, user, p)
        merged.update(site)
    if overrides:
        rest, site = split_site(dict(overrides), None)
        _merge(merged, rest, None)
        merged.update(site)
    return PipelineConfig.from_dict(merged)


def as_config(config: "PipelineConfig | str | Path | Overrides | None") -> PipelineConfig:
    """A ``PipelineConfig`` from a config, a TOML path, a dict of overrides, or nothing (the default)."""
    if isinstance(config, PipelineConfig):
        return config
    if config is None:
        return load_config()
    if isinstance(config, Mapping):
        return load_config(None, config)
    return load_config(config)


def config_from(config: "PipelineConfig | str | Path | Overrides | None" = None, *, mode: str | None = None,
                detectors: Iterable[str] | None = None, model: Any = None) -> PipelineConfig:
    """The config a Python caller names: ``config`` (see ``as_config``) with the shortcuts on top.

    ``mode`` and ``detectors`` replace the config's; a ``model`` folder adds the model
    detector. Shared by ``phisift.deidentify``, ``deidentify_frame`` and ``deidentify_dataframe``.
    """
    cfg = as_config(config)
    overrides: dict[str, dict[str, Any]] = {"detect": {}, "replace": {}}
    if mode is not None:
        overrides["replace"]["mode"] = mode
    if detectors is not None:
        overrides["detect"]["detectors"] = list(detectors)
    if overrides["detect"] or overrides["replace"]:
        cfg = cfg.with_overrides(overrides)
    return cfg.with_detector("model") if model else cfg


# --------------------------------------------------------------------------- strict merge
def _merge(base: dict, update: Mapping, path: Path | None) -> None:
    """``update`` into ``base``, key by key; unknown sections and keys and wrong types are errors."""
    for section, values in update.items():
        if section not in base or not isinstance(values, Mapping):
            raise InputError(f"unknown config section [{section}]", path)
        for key, value in values.items():
            if key not in base[section]:
                raise InputError(f"unknown config key {section}.{key}", path)
            if value is not None:
                base[section][key] = _checked(value, base[section][key], f"{section}.{key}", path)


def _checked(value: Any, default: Any, where: str, path: Path | None) -> Any:
    """``value`` if it has the default's type (an int is a number; a list holds strings)."""
    expected = _kind(default)
    if isinstance(value, tuple):
        value = list(value)
    if _kind(value) != expected and not (expected == "a number" and _kind(value) == "an integer"):
        raise InputError(f"config key {where} must be {expected}, not {_kind(value)}", path)
    if expected == "a list of strings" and not all(isinstance(v, str) for v in value):
        raise InputError(f"config key {where} must be a list of strings", path)
    return copy.deepcopy(value)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list of strings"
    return type(value).__name__


def _section(cls: type, values: Mapping[str, Any]) -> Any:
    kwargs = {}
    for f in fields(cls):
        value = values[f.name]
        if isinstance(value, list):
            value = tuple(value)
        elif f.type == "float" and isinstance(value, int):
            value = float(value)
        kwargs[f.name] = value
    return cls(**kwargs)


def _lists(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_lists(v) for v in value]
    return value


__all__ = ["DetectSettings", "PipelineConfig", "ReplaceSettings", "as_config", "config_from", "default_dict",
           "load_config"]
