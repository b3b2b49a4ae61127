"""docs/cli.md names every command and flag of the CLI (written from the CLI by scripts/cli_reference.py), and
the global flags work wherever a user types them."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from typer.testing import CliRunner

from phisift.cli import app
from phisift.cli.failures import hoist_global_flags

ROOT = Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("cli_reference", ROOT / "scripts" / "cli_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_cli_reference_is_current():
    """A flag added to a command without docs/cli.md made again fails here: run python scripts/cli_reference.py."""
    assert (ROOT / "docs" / "cli.md").read_text(encoding="utf-8") == _script().reference()


def _flags() -> dict[str, set[str]]:
    """Every command's flags, as its --help lists them (the click command Typer builds)."""
    import click
    import typer.main

    root = typer.main.get_command(app)
    ctx = click.Context(root)
    found: dict[str, set[str]] = {}
    for name in root.list_commands(ctx):
        command = root.get_command(ctx, name)
        subs = [(f"{name} {s}", command.get_command(ctx, s)) for s in command.list_commands(ctx)] \
            if hasattr(command, "list_commands") else [(name, command)]
        for full, sub in subs:
            found[full] = {o for p in sub.params for o in [*getattr(p, "opts", []), *getattr(p, "secondary_opts", [])]
                           if o.startswith("--") and o != "--help"}
    return found


def test_every_flag_of_every_command_is_in_the_docs():
    """Every flag of every command is in docs/cli.md, and each flag of deid also in the README or another doc
    page (which say what it is for), not only in the generated reference."""
    reference = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    prose = (ROOT / "README.md").read_text(encoding="utf-8") + "".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md") if p.name != "cli.md")
    flags = _flags()
    assert {"deid", "detect", "sift", "lm mlm", "lm fill"} <= set(flags) and "--shift-date-field" in flags["deid"]
    for command, names in flags.items():
        missing = sorted(f for f in names if f"`{f}`" not in reference)
        assert not missing, (command, missing)
    unexplained = sorted(f for f in flags["deid"] if not re.search(re.escape(f) + r"(?![a-z-])", prose))
    assert not unexplained, unexplained


def test_global_flags_are_taken_after_the_command_too():
    assert hoist_global_flags(["deid", "a", "b", "-q"]) == ["-q", "deid", "a", "b"]
    assert hoist_global_flags(["-v", "lm", "mlm", "c", "--verbose"]) == ["-v", "--verbose", "lm", "mlm", "c"]
    assert hoist_global_flags(["deid", "a", "--", "-q"]) == ["deid", "a", "--", "-q"]
    assert hoist_global_flags(["--version"]) == ["--version"]


def test_quiet_after_the_command_prints_nothing_but_errors(tmp_path):
    (tmp_path / "n.jsonl").write_text('{"id": "a", "text": "Call 617-555-0100."}\n')
    runner = CliRunner()
    args = ["deid", str(tmp_path / "n.jsonl"), str(tmp_path / "o.jsonl"), "--mode", "tag", "--detectors", "rules",
            "--keep-ids", "--store", str(tmp_path / "s.db")]
    res = runner.invoke(app, [*args, "-q"])
    assert res.exit_code == 0 and res.stderr == "", res.stderr
    assert "[PHONE]" in (tmp_path / "o.jsonl").read_text()
    res = runner.invoke(app, [*args, "--overwrite", "--verbose"])
    assert res.exit_code == 0 and "detectors: rules; mode: tag" in res.stderr, res.stderr
