"""Where a command's corpus comes from and goes to: a path, a database URL, or ``-`` (a pipe).

Paths keep every check they had (an output never inside its input); a database
URL stays a string, and its table options go to the SQL format only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from ..errors import UsageError
from ..formats.sql import is_url


def location(value: str) -> str | Path:
    """A database URL as given, anything else as a path."""
    return value if is_url(value) else Path(value)


def check_apart(source: str | Path, target: str | Path | None, table: Optional[str],
                out_table: Optional[str]) -> None:
    """An output never overwrites its input: not inside an input folder, not the input's own table."""
    from ..fileio import ensure_outside

    if target is None:
        return
    if is_url(source) or is_url(target):
        if str(source) == str(target) and (out_table or table or "note") == (table or "note"):
            raise UsageError("the output table must differ from the input table in the same database "
                             "(name it with --out-table)")
        return
    ensure_outside(target, [source])


def sql_options(src_fmt: str, dst_fmt: str, table: Optional[str],
                out_table: Optional[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(reader, writer) table options: ``--table`` is read (and, unless ``--out-table``, written under its
    name); a table option without a database on its side is an error."""
    if table and "sql" not in (src_fmt, dst_fmt):
        raise UsageError("--table goes with a database URL (sqlite:///notes.db, postgresql://user@host/db)")
    if out_table and dst_fmt != "sql":
        raise UsageError("--out-table goes with a database URL as the output")
    read = {"table": table} if src_fmt == "sql" and table else {}
    name = out_table or table
    write = {"table": name} if dst_fmt == "sql" and name else {}
    return read, write


def shown(value: str | Path) -> str:
    """A location as messages may print it (a database URL without its password)."""
    from ..formats.sql import shown as shown_url

    return shown_url(str(value)) if is_url(value) else str(value)
