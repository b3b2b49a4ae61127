"""Write docs/cli.md: every command of ``phisift`` with every argument and flag, from the CLI itself.

The reference is made from the same Typer app the console script runs, so it names
exactly the flags ``--help`` shows, with the same help text; ``tests/test_cli_reference.py``
fails when docs/cli.md is not what this script writes (a flag added without the
reference made again). Usage: ``python scripts/cli_reference.py [--check]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
import typer.main

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "cli.md"

HEAD = """# Command-line reference

Every command and flag of `phisift`, with the help text `--help` shows (this page is
written from the command line itself by `python scripts/cli_reference.py`, and a test
checks that it is current). The other pages explain them: the README (use, clinical
sources, site rules), [privacy.md](privacy.md) (what a release carries: `--patient-field`,
`--pseudonymise-field`, `--drop-field`, `--shift-date-field`, `--note-date-field`,
`--keep-ids`, `--known-phi`, `--from-spans`, `--spans-ids`, `--reversible`), [scale.md](scale.md)
(`--jobs`, `--engine`, `--spark-master`, resume), [review.md](review.md), [frequency.md](frequency.md),
[tagger.md](tagger.md), [lm.md](lm.md), [sift.md](sift.md) and [augment.md](augment.md).

Global options go before or after the command: `phisift -q deid ...`, `phisift deid ... -q`.
"""


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _option_row(param: click.Parameter) -> str:
    """One table row: the flag's names (an argument's in capitals), its help, and a default worth showing."""
    help_text = getattr(param, "help", "") or ""
    if param.param_type_name == "argument":
        return f"| `{param.name.upper()}` (argument) | {_cell(help_text)} |"
    names = ", ".join(f"`{n}`" for n in [*param.opts, *param.secondary_opts])
    default = param.default
    shown = ""
    if not getattr(param, "is_flag", False) and default not in (None, (), [], "") and not callable(default) \
            and not param.required and not getattr(param, "multiple", False):
        shown = f" (default: `{default}`)"
    repeat = " Repeatable." if getattr(param, "multiple", False) and "repeatable" not in help_text.lower() else ""
    return f"| {names} | {_cell(help_text)}{repeat}{shown} |"


def _command(name: str, command: click.Command) -> list[str]:
    lines = [f"## `phisift {name}`", "", _cell((command.help or "").split("\n\n")[0]), ""]
    lines += ["| argument or flag | what it does |", "|---|---|"]
    lines += [_option_row(p) for p in command.params if p.name != "help" and not getattr(p, "hidden", False)]
    return lines + [""]


def reference() -> str:
    """docs/cli.md's text."""
    sys.path.insert(0, str(ROOT / "src"))
    from phisift.cli import app

    root = typer.main.get_command(app)
    ctx = click.Context(root)
    lines = [HEAD, "## `phisift` (global options)", "", "| flag | what it does |", "|---|---|"]
    lines += [_option_row(p) for p in root.params if p.name != "help"] + [""]
    for name in root.list_commands(ctx):
        command = root.get_command(ctx, name)
        if hasattr(command, "list_commands"):
            for sub in command.list_commands(ctx):
                lines += _command(f"{name} {sub}", command.get_command(ctx, sub))
        else:
            lines += _command(name, command)
    return "\n".join(lines).rstrip() + "\n"


def main() -> int:
    text = reference()
    if "--check" in sys.argv[1:]:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print("docs/cli.md is out of date: run python scripts/cli_reference.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
