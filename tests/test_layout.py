"""The layering rules of the package, checked on the source (every import, also inside functions).

docs/architecture.md draws the parts and the arrows between them; this test keeps the
arrows pointing the way it says:

* the screen libraries (typer, rich) are the command line's alone (``phisift.cli``);
* finding PHI (``detect``) and replacing it (``replace``) know nothing of each other;
* the core modules import no other part of phisift but the core;
* the library layers ``lm``, ``sift`` and ``augment`` never reach up into the run
  driver (``runs``), the engines or the command line;
* the synthetic-notes generator (``synth``) is development tooling, not runtime code.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "phisift"
CORE = {"document", "text", "taxonomy", "errors", "fileio", "progress", "calendar", "dates", "holidays"}

#: Known breaks of a rule, each with its way out. Nothing else may be added here lightly.
KNOWN: set[tuple[str, str]] = set()


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, absolute, wherever the import statement stands."""
    return _imports_of(path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py")


def _imports_of(source: str, module: str, is_package: bool = False) -> set[str]:
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.add(stem)
            found.update(f"{stem}.{alias.name}" for alias in node.names)  # ``from . import x`` may be a module
    return found


SOURCES = {_module_name(p): _imports(p) for p in sorted(SRC.rglob("*.py"))}


def _part(module: str) -> str:
    """``phisift.detect.rules.dates`` -> ``detect``; ``phisift`` -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "phisift" else ""


def _violations(sources: dict[str, set[str]], rule) -> list[str]:
    return sorted(f"{mod} imports {imp}" for mod, imps in sources.items() for imp in imps
                  if rule(mod, imp) and not any(mod == m and imp.startswith(i) for m, i in KNOWN))


def _is(module: str, *parts: str) -> bool:
    return module.split(".")[0] == "phisift" and _part(module) in parts


def test_the_sources_were_read():
    assert len(SOURCES) > 50 and "phisift.pipeline.config" in SOURCES and "phisift.runs.deid" in SOURCES


def test_no_screen_library_outside_the_cli():
    bad = _violations(SOURCES, lambda mod, imp: _part(mod) != "cli" and imp.split(".")[0] in ("typer", "rich"))
    assert not bad, bad


def test_detect_and_replace_do_not_know_each_other():
    bad = _violations(SOURCES, lambda mod, imp: (_part(mod) == "detect" and _is(imp, "replace"))
                      or (_part(mod) == "replace" and _is(imp, "detect")))
    assert not bad, bad


def test_the_core_imports_only_the_core():
    bad = _violations(SOURCES, lambda mod, imp: _part(mod) in CORE and imp.startswith("phisift")
                      and _part(imp) not in CORE)
    assert not bad, bad


def test_library_layers_never_reach_up_to_runs_engines_or_cli():
    bad = _violations(SOURCES, lambda mod, imp: _part(mod) in ("lm", "sift", "augment")
                      and _is(imp, "runs", "engine", "cli"))
    assert not bad, bad


def test_the_synthetic_generator_is_not_runtime_code():
    bad = _violations(SOURCES, lambda mod, imp: _part(mod) != "synth" and _is(imp, "synth"))
    assert not bad, bad


@pytest.mark.parametrize("module, source, rule", [
    ("phisift.lm.planted", "def f():\n    import rich.console\n", test_no_screen_library_outside_the_cli),
    ("phisift.sift.planted", "def f():\n    from ..runs import deid_run\n",
     test_library_layers_never_reach_up_to_runs_engines_or_cli),
    ("phisift.detect.rules.planted", "from ...replace.operators import Tag\n",
     test_detect_and_replace_do_not_know_each_other),
    ("phisift.text", "def f():\n    from .pipeline import Pipeline\n", test_the_core_imports_only_the_core),
    ("phisift.runs.planted", "from .. import synth\n", test_the_synthetic_generator_is_not_runtime_code),
])
def test_each_rule_catches_a_planted_import(monkeypatch, module, source, rule):
    """The checks see imports inside functions and relative ones: a planted module breaks each rule."""
    monkeypatch.setitem(SOURCES, module, _imports_of(source, module))
    with pytest.raises(AssertionError):
        rule()
