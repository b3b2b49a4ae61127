"""Which labels each detector can give: behind ``phisift entities``.

The lexicon detector names its labels in ``detect/lexicon/labels.py``; the rule
detector has no such list (each recognizer emits its own), so its inventory is
declared here and checked by the tests against both what it gives on synthetic
notes and the label names in its source. A trained tagger's labels are read from its folder (through its
label map); the frequency detector gives the one label of its config, and the
site rules (``detect/site.py``) the labels of their recognizers and deny lists.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import InputError

def _lexicon_labels() -> frozenset[str]:
    from .lexicon import labels

    return frozenset(v for k, v in vars(labels).items() if k.isupper() and isinstance(v, str))


#: The labels the built-in pattern and lexicon detectors can give.
BUILTIN: dict[str, frozenset[str]] = {
    "rules": frozenset({
        "ACCOUNT", "AGE", "BIOID", "CITY", "COUNTRY", "DATE", "DEVICE", "DOCTOR", "EMAIL", "FAX", "HEALTHPLAN",
        "HOSPITAL", "IDNUM", "IPADDR", "LICENSE", "MEDICALRECORD", "ORGANIZATION", "PATIENT", "PHONE", "SSN", "STATE",
        "STREET", "URL", "USERNAME", "VEHICLE", "ZIP",
    }),
    "lexicon": _lexicon_labels(),
}


def model_labels(model: str | Path) -> frozenset[str]:
    """The labels a trained tagger gives, after its stored label map (``""`` drops a label)."""
    from .tagger.load import _resolve

    folder = _resolve(model)
    own = folder / "phisift_model.json"
    if own.is_file():
        config = _json(own)
        labels, mapping = config.get("labels") or [], config.get("label_map") or {}
    else:
        hf = _json(folder / "config.json")
        labels = {str(v).split("-", 1)[-1] for v in (hf.get("id2label") or {}).values()} - {"O"}
        mapped = folder / "label_map.json"
        mapping = _json(mapped) if mapped.is_file() else {}
    return frozenset(mapping.get(label, label) for label in labels if mapping.get(label, label))


def detector_labels(name: str, frequency_label: str = "OTHER", model: str | Path | None = None) -> frozenset[str]:
    """The labels of a detector by its config name."""
    if name in BUILTIN:
        return BUILTIN[name]
    if name == "frequency":
        return frozenset({frequency_label})
    if name == "model" and model:
        return model_labels(model)
    return frozenset()


def _json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("no such model file", path) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"corrupt model config ({type(exc).__name__})", path) from None
    if not isinstance(data, dict):
        raise InputError("corrupt model config: not an object", path)
    return data
