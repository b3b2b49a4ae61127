"""Safe file writing: outputs appear whole or not at all, inputs are never touched.

A run killed half-way must leave no half-written file behind, so every writer goes
through ``atomic_write``: it writes a temporary file in the target's folder and
renames it into place (a rename within one file system is atomic on POSIX). There
is no fsync: this guards against a killed run, not against a power cut, and an
fsync per note would cost more than the de-identification of a short note.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import IO, Iterator

from .errors import InputError, UsageError


_UMASK = os.umask(0)
os.umask(_UMASK)


def set_user_mode(path: str | Path) -> None:
    """Give a temporary file (mkstemp makes 0600) the mode the user's umask gives new files."""
    os.chmod(path, 0o666 & ~_UMASK)


@contextlib.contextmanager
def atomic_write(path: str | Path, mode: str = "w", encoding: str | None = "utf-8") -> Iterator[IO]:
    """Open a temporary sibling of ``path`` for writing; rename it over ``path`` on success."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    binary = "b" in mode
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    set_user_mode(tmp)  # outputs get the user's usual mode
    try:
        with os.fdopen(fd, mode, encoding=None if binary else encoding, newline=None if binary else "") as fh:
            yield fh
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def replace_folder(built: str | Path, target: str | Path) -> None:
    """Put a folder built beside ``target`` in its place: one rename, so the target is never half there.

    An existing target (the user asked to overwrite it) is renamed aside first and
    removed once the new folder is in place, so no stale file mixes with new ones.
    """
    built, target = Path(built), Path(target)
    old = None
    if target.exists() or target.is_symlink():
        old = target.parent / f".{target.name}.{os.getpid()}.old"
        os.replace(target, old)
    os.replace(built, target)
    set_user_mode_folder(target)
    if old is not None:
        if old.is_dir() and not old.is_symlink():
            shutil.rmtree(old)
        else:
            old.unlink()


def set_user_mode_folder(path: str | Path) -> None:
    """Give a folder made private while it was built the mode the user's umask gives new folders."""
    os.chmod(path, 0o777 & ~_UMASK)


def write_text_atomic(path: str | Path, text: str) -> None:
    with atomic_write(path) as fh:
        fh.write(text)


def read_text(path: str | Path) -> str:
    """Read a UTF-8 text file exactly (no newline translation), with a clear error.

    A byte-order mark is dropped because editors on Windows add one; offsets in
    annotation files are always counted without it.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except IsADirectoryError:
        raise InputError("is a folder, expected a file", path) from None
    except PermissionError:
        raise InputError("permission denied", path) from None
    if b"\x00" in data[:8192]:
        raise InputError("looks like a binary file, expected UTF-8 text", path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"invalid UTF-8 at byte {exc.start}", path, line=line) from None
    return text.removeprefix("\ufeff")


def ensure_outside(output: str | Path, inputs: list[str | Path] | tuple[str | Path, ...]) -> None:
    """Refuse an output that is, or lies inside, an input: inputs are never written over.

    ``-`` (standard input or output) and database URLs are no files and are never compared.
    """
    if _not_a_file(output):
        return
    out = Path(output).resolve()
    for item in inputs:
        if _not_a_file(item):
            continue
        inp = Path(item).resolve()
        if out == inp:
            raise UsageError("output would overwrite the input", output)
        if inp.is_dir() and inp in out.parents:
            raise UsageError("output lies inside the input folder", output)


def _not_a_file(path: str | Path) -> bool:
    """``-`` (a stream) or a database URL: places that are not files of the file system."""
    return str(path) == "-" or (isinstance(path, str) and "://" in path)
