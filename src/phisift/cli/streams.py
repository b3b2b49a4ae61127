"""``-`` as an input or output: standard input and output in any single-file format.

A corpus run reads its input more than once (the frequency fit, then the notes)
and builds its output whole before it appears, so a pipe is spooled: standard
input to a private temporary file (mode 0600, in a 0700 folder, removed at the
end), and the output written to one there, then copied to standard output. The
format of a pipe is ``--in-format``/``--to`` (plain text when not given: one note
in, one note out); a pipe is never resumed, since what comes through it is gone.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional

from ..errors import UsageError

STDIO = "-"
#: The file a pipe is spooled to, per format (folder formats cannot go through a pipe).
SUFFIXES = {"text": ".txt", "jsonl": ".jsonl", "csv": ".csv", "parquet": ".parquet", "fhir": ".json",
            "hl7v2": ".hl7", "conll": ".conll", "i2b2": ".xml"}


@dataclass
class Ends:
    """A command's input and output as the run sees them: paths (or URLs) and formats."""

    source: str
    target: Optional[str]
    src_fmt: Optional[str]
    dst_fmt: Optional[str]
    piped: bool  # stdin or stdout is involved: never resume


def _suffix(fmt: str, which: str) -> str:
    if fmt not in SUFFIXES:
        raise UsageError(f"format {fmt} cannot go through {which} (a folder format); choose one of "
                         f"{', '.join(SUFFIXES)}")
    return SUFFIXES[fmt]


@contextmanager
def stdio(source: str, target: Optional[str], in_format: Optional[str], to: Optional[str]) -> Iterator[Ends]:
    """Paths standing for ``-``: stdin spooled before the run, stdout filled after it (only if it succeeded)."""
    if source != STDIO and target != STDIO:
        yield Ends(source, target, in_format, to, False)
        return
    folder = Path(tempfile.mkdtemp(prefix="phisift-pipe-"))  # 0700: only this user can read the spooled notes
    try:
        src_fmt = in_format
        if source == STDIO:
            src_fmt = in_format or "text"
            source = str(_spool_stdin(folder, src_fmt))
        dst_fmt = to
        if target == STDIO:
            if src_fmt is None:  # a corpus read from a path: stdout gets its format
                from ..formats import input_format
                from .locations import location

                src_fmt = input_format(location(source))
            dst_fmt = to or (src_fmt if src_fmt in SUFFIXES else "jsonl")
            target = str(folder / ("stdout" + _output_suffix(dst_fmt, source)))
        ends = Ends(source, target, src_fmt, dst_fmt, True)
        yield ends
        if ends.target is not None and Path(ends.target).parent == folder:
            with open(ends.target, "rb") as fh:
                shutil.copyfileobj(fh, sys.stdout.buffer)
            sys.stdout.buffer.flush()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _spool_stdin(folder: Path, fmt: str) -> Path:
    suffix = _suffix(fmt, "standard input")
    data = sys.stdin.buffer.read()
    if fmt == "fhir" and _looks_like_ndjson(data):
        suffix = ".ndjson"
    path = folder / ("stdin" + suffix)
    with open(path, "wb") as fh:
        fh.write(data)
    return path


def _output_suffix(fmt: str, source: str) -> str:
    """FHIR written to stdout keeps the input's shape: NDJSON in, NDJSON out."""
    if fmt == "fhir" and source.lower().endswith((".ndjson", ".jsonl")):
        return ".ndjson"
    return _suffix(fmt, "standard output")


def _looks_like_ndjson(data: bytes) -> bool:
    """Several JSON values, one per line (a Bundle is one value over many lines)."""
    lines = [line for line in data.splitlines() if line.strip()]
    if len(lines) < 2:
        return False
    try:
        return all(isinstance(json.loads(line), dict) for line in lines[:2])
    except ValueError:
        return False
