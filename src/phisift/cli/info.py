"""``phisift entities`` and ``phisift config``: what a pipeline finds, and how it is set.

Both read the configuration the way ``detect`` and ``deid`` do (the shipped
default, then ``--config``, then single options), so what they print is what a
run with the same options would use.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

import typer

from .console import out
from .options import Config, Detectors, TaggerModel

app = typer.Typer()


def _config(config: Optional[Path], detectors: Optional[str] = None, mode: Optional[str] = None) -> dict[str, Any]:
    """The effective configuration as a plain dict (site rules included)."""
    from ..pipeline import load_config

    overrides: dict[str, dict[str, Any]] = {"detect": {}, "replace": {}}
    if detectors:
        overrides["detect"]["detectors"] = [d.strip() for d in detectors.split(",") if d.strip()]
    if mode:
        overrides["replace"]["mode"] = mode
    cfg = load_config(config, overrides)
    return cfg.as_dict() if hasattr(cfg, "as_dict") else cfg


@app.command(
    name="config",
    epilog="Examples:\n\n  phisift config > my_pipeline.toml\n\n  phisift config --config site.toml --mode tag",
)
def config_command(
    config: Config = None,
    detectors: Detectors = None,
    mode: Optional[str] = typer.Option(None, "--mode", help="tag | mask | redact | surrogate."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of TOML."),
) -> None:
    """Print the effective configuration: the default, your --config and options merged (TOML, reusable)."""
    from ..toml_write import dumps

    cfg = _config(config, detectors, mode)
    if as_json:
        sys.stdout.write(json.dumps(cfg, indent=2) + "\n")
        return
    source = f"the default and {config}" if config else "the default"
    sys.stdout.write(f"# phisift's effective pipeline configuration ({source}, with the options given).\n"
                     "# Pass it back with --config.\n" + dumps(cfg))


@app.command(
    epilog="Examples:\n\n  phisift entities\n\n  phisift entities --config site.toml --json",
)
def entities(
    config: Config = None,
    model: TaggerModel = None,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object per label instead of a table."),
) -> None:
    """List every label: its i2b2 category, its HIPAA Safe Harbor item, and the detectors that give it."""
    rows = entity_rows(_config(config), model)
    if as_json:
        sys.stdout.write("".join(json.dumps(row) + "\n" for row in rows))
        return
    from rich.table import Table

    table = Table(title="PHI labels (* = a detector this configuration runs)")
    for col in ("label", "category", "HIPAA Safe Harbor", "detectors"):
        table.add_column(col)
    for row in rows:
        shown = ", ".join(f"{d}*" if d in row["enabled"] else d for d in row["detectors"]) or "-"
        table.add_row(row["label"], row["category"], row["safe_harbor"], shown)
    out.print(table)


def entity_rows(cfg: dict[str, Any], model: Optional[Path] = None) -> list[dict[str, Any]]:
    """One row per label: category, Safe Harbor item, every detector that gives it, those enabled."""
    from ..detect.labels import BUILTIN, detector_labels
    from ..detect.site import site_rules
    from ..taxonomy import I2B2_LABELS, category, safe_harbor

    enabled = list(cfg["detect"]["detectors"]) + (["model"] if model and "model" not in cfg["detect"]["detectors"]
                                                  else [])
    tagger = model or cfg["detect"].get("model") or None
    produces = {name: detector_labels(name, cfg["frequency"]["label"], tagger)
                for name in (*BUILTIN, "model", "frequency")}
    site = site_rules(cfg)
    if site.labels:
        produces["site"] = frozenset(site.labels)
        enabled.append("site")
    labels = list(I2B2_LABELS) + sorted({lab for labs in produces.values() for lab in labs} - set(I2B2_LABELS))
    rows = []
    for label in labels:
        by = [name for name, labs in produces.items() if label in labs]
        rows.append({"label": label, "category": category(label), "safe_harbor": safe_harbor(label),
                     "detectors": by, "enabled": [d for d in by if d in enabled]})
    return rows
