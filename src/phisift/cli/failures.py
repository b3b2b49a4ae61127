"""The one place where an error becomes what the user sees.

Bad input (a ``PhisiftError``, or an ``OSError``, ``UnicodeError`` or ``ValueError``
that reading the input raised) is one line, ``phisift: error: ...``, and exit code
2. Anything else is a bug: one line saying so, and a report for the developers
written to a private file (0600) under the system temp folder, exit code 1.

Neither may leak PHI. A traceback can quote note text through local variables,
and an exception's message can quote the value it choked on (``int('Smith')``),
so: messages are shown only when phisift wrote them on purpose (a ``PhisiftError``,
or a ``raise`` statement in phisift's own code); for other exceptions only their
structured parts (file name, errno text, encoding, byte offset) are shown; and the
report holds exception types and code locations, never messages or variables.
"""

from __future__ import annotations

import linecache
import os
import platform
import sqlite3
import sys
import tempfile
import traceback
from pathlib import Path
from types import TracebackType

import typer
from typer.core import TyperGroup

from .. import __version__
from ..errors import PhisiftError
from ..fileio import user_path

#: Typer's own control flow (--help, usage errors, typer.Exit), which it turns into exit codes itself
_TYPER_FLOW = (typer.Exit, typer.Abort, typer.TyperException)


class PhisiftGroup(TyperGroup):
    """The root command group: every command runs inside its ``invoke``, so its errors end here."""

    _argv: list[str] = []

    def main(self, args=None, *rest, **kwargs):
        """Remember the command line (the crash report keeps its command and option names); the global
        flags are taken wherever they stand (``hoist_global_flags``)."""
        self._argv = list(args) if args is not None else sys.argv[1:]
        return super().main(hoist_global_flags(self._argv), *rest, **kwargs)

    def invoke(self, ctx: typer.Context):
        try:
            return super().invoke(ctx)
        except _TYPER_FLOW:
            raise
        except KeyboardInterrupt:
            sys.stderr.write("phisift: interrupted\n")
            raise SystemExit(130) from None
        except Exception as exc:  # noqa: BLE001 - the one place that decides how an error is shown
            raise SystemExit(report_failure(exc, self._argv, _command_names(self))) from None


#: The root's flags (``phisift -v``, ``phisift -q``), which users also type after the command.
GLOBAL_FLAGS = ("-v", "--verbose", "-q", "--quiet")


def hoist_global_flags(args: list[str]) -> list[str]:
    """``phisift deid a b -q`` read as ``phisift -q deid a b``: a global flag after the command name is moved
    before it (no command has a flag of these names, and none of them takes a value); after ``--`` nothing
    is moved."""
    end = args.index("--") if "--" in args else len(args)
    command = next((i for i, a in enumerate(args[:end]) if not a.startswith("-")), None)
    if command is None:
        return list(args)
    moved = [a for a in args[command + 1 : end] if a in GLOBAL_FLAGS]
    if not moved:
        return list(args)
    rest = [a for a in args[command + 1 : end] if a not in GLOBAL_FLAGS]
    return args[:command] + moved + [args[command]] + rest + args[end:]


def _command_names(group: TyperGroup) -> set[str]:
    """Every command and sub-command name: the words of a command line that are not user data."""
    names: set[str] = set()
    for name, command in group.commands.items():
        names.add(name)
        if isinstance(command, TyperGroup):
            names |= _command_names(command)
    return names


def report_failure(exc: BaseException, argv: list[str], commands: set[str]) -> int:
    """Write the line the user sees for ``exc`` to stderr; the exit code (2 bad input, 1 a bug)."""
    line = bad_input_line(exc)
    if line is not None:
        sys.stderr.write(f"phisift: error: {line}\n")
        return 2
    where = _innermost_location(exc.__traceback__)
    try:
        path = write_crash_report(exc, argv, commands)
        said = f"a report (no note text) is in {path}"
    except OSError:
        said = "no report could be written"
    sys.stderr.write(f"phisift: internal error ({type(exc).__name__} at {where}); {said}\n")
    return 1


def bad_input_line(exc: BaseException) -> str | None:
    """The one line for an error in the user's input or settings; None when it is a bug."""
    if isinstance(exc, PhisiftError):
        return str(exc)
    if isinstance(exc, UnicodeError):
        return _unicode_line(exc)
    if isinstance(exc, OSError):
        return _os_line(exc)
    if isinstance(exc, sqlite3.Error):
        return _store_line(exc)
    if isinstance(exc, ValueError):
        if _raised_on_purpose(exc):
            return str(exc)
        return f"invalid value in the input ({type(exc).__name__} from {_raising_package(exc)}; detail withheld)"
    return None


def _unicode_line(exc: UnicodeError) -> str:
    """Encoding and byte offset only: the bytes themselves could be part of a note."""
    encoding = getattr(exc, "encoding", None) or "the expected encoding"
    start = getattr(exc, "start", None)
    at = f" at byte {start}" if isinstance(start, int) else ""
    verb = "decoded" if isinstance(exc, UnicodeDecodeError) else "encoded"
    return f"text cannot be {verb} as {encoding}{at}"


def _os_line(exc: OSError) -> str:
    """The file and the system's reason (``strerror``), as ``cp`` or ``cat`` would say it: the output the
    user named, not the hidden folder or file it is built in (``fileio.user_path``)."""
    reason = exc.strerror or (str(exc) if _raised_on_purpose(exc) else type(exc).__name__)
    names = [user_path(n) if isinstance(n, (str, os.PathLike)) else str(n) for n in (exc.filename, exc.filename2)
             if n is not None]
    return f"{' -> '.join(names)}: {reason}" if names else reason


#: What SQLite says when the environment fails it (a full disk, a locked or read-only file): fixed texts.
_SQLITE_ENVIRONMENT = ("database or disk is full", "database is locked", "disk I/O error",
                       "attempt to write a readonly database", "unable to open database file",
                       "database disk image is malformed", "file is not a database")


def _store_line(exc: sqlite3.Error) -> str | None:
    """The project store failed for a reason of the environment (a full disk): its file and SQLite's words.
    Any other SQLite error, or one outside the store, is a bug (None)."""
    path = None
    inside = False
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_globals.get("__name__") == "phisift.store":
            inside = True
            path = getattr(tb.tb_frame.f_locals.get("self"), "path", path)  # the Store's file, never data
        tb = tb.tb_next
    if not inside or str(exc) not in _SQLITE_ENVIRONMENT:
        return None
    return f"{path or 'the project store'}: {exc} (the project store)"


def _innermost_frame(tb: TracebackType | None) -> TracebackType | None:
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb


def _raised_on_purpose(exc: BaseException) -> bool:
    """True when a ``raise`` statement in phisift's code made ``exc`` (its message was written for users)."""
    tb = _innermost_frame(exc.__traceback__)
    if tb is None or not tb.tb_frame.f_globals.get("__name__", "").startswith("phisift."):
        return False
    source = linecache.getline(tb.tb_frame.f_code.co_filename, tb.tb_lineno).lstrip()
    return source.startswith("raise ")


def _raising_package(exc: BaseException) -> str:
    tb = _innermost_frame(exc.__traceback__)
    name = tb.tb_frame.f_globals.get("__name__", "") if tb is not None else ""
    return name.split(".")[0] or "Python"


def _innermost_location(tb: TracebackType | None) -> str:
    tb = _innermost_frame(tb)
    if tb is None:
        return "an unknown place"
    return f"{_short_path(tb.tb_frame.f_code.co_filename)}:{tb.tb_lineno}"


def _short_path(filename: str) -> str:
    """A source path from its package folder down (phisift/run.py), not the install prefix."""
    parts = Path(filename).parts
    for anchor in ("site-packages", "src"):
        if anchor in parts:
            return "/".join(parts[len(parts) - parts[::-1].index(anchor):])
    return Path(filename).name


def write_crash_report(exc: BaseException, argv: list[str], commands: set[str]) -> Path:
    """Write the developers' report to a new 0600 file under the temp folder; its path.

    It holds versions, the command and option names typed (no values: they can be
    paths or text), and for each exception in the chain its type and stack of code
    locations with the source line. No messages, no local variables.
    """
    fd, name = tempfile.mkstemp(prefix="phisift-crash-", suffix=".txt")  # created 0600
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(crash_report_text(exc, argv, commands))
    return Path(name)


def crash_report_text(exc: BaseException, argv: list[str], commands: set[str]) -> str:
    """The report's text (see ``write_crash_report``)."""
    typed = [a.split("=", 1)[0] if a.startswith("-") else a for a in argv if a.startswith("-") or a in commands]
    lines = [
        "phisift internal error report: exception types and code locations only (no messages, no values)",
        f"phisift {__version__}; Python {platform.python_version()} on {platform.platform()}",
        "command: phisift " + " ".join(typed),
        "",
    ]
    for link in _chain(exc):
        lines.append(f"{type(link).__module__}.{type(link).__qualname__}")
        for frame in traceback.extract_tb(link.__traceback__):
            lines.append(f"  File \"{frame.filename}\", line {frame.lineno}, in {frame.name}")
            if frame.line:
                lines.append(f"    {frame.line.strip()}")
        lines.append("")
    return "\n".join(lines) + "\n"


def _chain(exc: BaseException) -> list[BaseException]:
    """The exception and its causes/contexts, outermost first as Python prints them last."""
    chain: list[BaseException] = []
    link: BaseException | None = exc
    while link is not None and link not in chain:
        chain.append(link)
        link = link.__cause__ or (None if link.__suppress_context__ else link.__context__)
    return chain[::-1]
