"""One loader for trained taggers: ``load_model_detector(path) -> Detector``.

A model folder is recognised by what it holds:

* ``phisift_model.json`` (written by ``phisift train``): its ``kind`` says CRF or
  transformer; the label map stored at training time (``--label-map``) is applied
  to the output unless the caller gives another;
* otherwise a Hugging Face ``config.json`` with ``id2label``: a token-classification
  model fine-tuned elsewhere. Its labels are mapped onto the i2b2 2014 subtypes by
  a ``label_map.json`` in the folder, else by the usual names (``FOREIGN_TO_I2B2``).

A name of a model bundled with phisift (``en_crf``) is accepted in place of a path
when no such path exists. Every failure is an ``InputError`` naming the folder.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from ...errors import InputError
from ..base import Detector
from .crf import CONFIG_FILE, load_crf_detector, read_json

#: Models shipped inside the package (``src/phisift/models/<name>``).
BUNDLED_MODELS = ("en_crf",)
LABEL_MAP_FILE = "label_map.json"


def bundled_model_dir(name: str = "en_crf") -> Path:
    """The folder of a model shipped with phisift."""
    if name not in BUNDLED_MODELS:
        raise InputError(f"no bundled model '{name}' (bundled: {', '.join(BUNDLED_MODELS)})")
    return Path(str(resources.files("phisift").joinpath("models", name)))


def _resolve(path: str | Path) -> Path:
    p = Path(path)
    if not p.exists() and str(path) in BUNDLED_MODELS:
        return bundled_model_dir(str(path))
    if not p.exists():
        raise InputError("no such model folder", p)
    if not p.is_dir():
        raise InputError("expected a model folder, found a file", p)
    return p


def read_model_config(folder: Path) -> dict[str, Any]:
    config = read_json(folder / CONFIG_FILE, CONFIG_FILE)
    if not isinstance(config, dict) or config.get("kind") not in ("crf", "transformer"):
        raise InputError("corrupt model config: 'kind' must be crf or transformer", folder / CONFIG_FILE)
    return config


def load_model_detector(
    path: str | Path,
    label_map: Mapping[str, str] | None = None,
    *,
    map_labels: bool = True,
) -> Detector:
    """The tagger in ``path`` as a Detector named "model".

    ``label_map`` replaces the map stored with the model; ``map_labels=False``
    keeps the model's own labels (to score a MEDDOCAN model on MEDDOCAN labels).
    """
    folder = _resolve(path)
    if (folder / CONFIG_FILE).exists():
        config = read_model_config(folder)
        stored = config.get("label_map")
        if stored is not None and not isinstance(stored, dict):
            raise InputError("corrupt model config: 'label_map' must be an object", folder / CONFIG_FILE)
        mapping = (label_map if label_map is not None else stored) if map_labels else None
        if config["kind"] == "crf":
            return load_crf_detector(folder, config, mapping)
        from .transformer import TransformerDetector

        t = config.get("transformer", {}) or {}
        return TransformerDetector(
            folder, mapping, max_words=int(t.get("max_words", 250)), overlap=int(t.get("overlap", 50)),
            batch_size=int(t.get("batch_size", 8)),
        )
    hf_config = folder / "config.json"
    if hf_config.is_file():
        try:
            data = json.loads(hf_config.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise InputError(f"corrupt config.json ({type(exc).__name__})", hf_config) from None
        if not isinstance(data, dict) or not data.get("id2label"):
            raise InputError("not a token-classification model: config.json has no id2label", folder)
        from .transformer import TransformerDetector, default_foreign_map

        mapping = None
        if map_labels:
            if label_map is not None:
                mapping = dict(label_map)
            elif (folder / LABEL_MAP_FILE).is_file():
                mapping = read_json(folder / LABEL_MAP_FILE, LABEL_MAP_FILE)
                if not isinstance(mapping, dict):
                    raise InputError("label map must be a JSON object", folder / LABEL_MAP_FILE)
            else:
                names = {str(v).split("-", 1)[-1] for v in data["id2label"].values()}
                mapping = default_foreign_map(names)
        return TransformerDetector(folder, mapping)
    raise InputError(f"not a model folder: neither {CONFIG_FILE} nor a Hugging Face config.json is in it", folder)


__all__ = ["load_model_detector", "bundled_model_dir", "read_model_config", "BUNDLED_MODELS", "LABEL_MAP_FILE"]
