"""The de-identification pipeline: a typed config (``config.py``) and the pipeline built from it (``pipeline.py``).

    >>> from phisift.pipeline import Pipeline, load_config
    >>> pipe = Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"}}))
    >>> pipe.deidentify(Document("n1", "Seen by Dr. John Smith."))
"""

from .config import DetectSettings, PipelineConfig, ReplaceSettings, as_config, config_from, default_dict, load_config
from .pipeline import Pipeline, detectors_of, fit_detectors, make_operator, secret_for, share_feature_detectors

__all__ = [
    "DetectSettings",
    "Pipeline",
    "PipelineConfig",
    "ReplaceSettings",
    "as_config",
    "config_from",
    "default_dict",
    "detectors_of",
    "fit_detectors",
    "load_config",
    "make_operator",
    "secret_for",
    "share_feature_detectors",
]
