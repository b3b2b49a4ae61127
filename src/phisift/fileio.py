"""Safe file writing: outputs appear whole or not at all, inputs are never touched.

A run killed half-way must leave no half-written file behind, so every writer goes
through ``atomic_write``: it writes a temporary file in the target's folder and
renames it into place (a rename within one file system is atomic on POSIX). There
is no fsync: this guards against a killed run, not against a power cut, and an
fsync per note would cost more than the de-identification of a short note.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
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
def atomic_write(path: str | Path, mode: str = "w", encoding: str | None = "utf-8",
                 private: bool = False) -> Iterator[IO]:
    """Open a temporary sibling of ``path`` for writing; rename it over ``path`` on success.

    ``private`` keeps the file owner-only (0600, as mkstemp makes it) whatever the umask:
    for files that hold original note text (the review page), not for the release."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700 if private else 0o777)
    binary = "b" in mode
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    if not private:
        set_user_mode(tmp)  # outputs get the user's usual mode
    try:
        with os.fdopen(fd, mode, encoding=None if binary else encoding, newline=None if binary else "") as fh:
            yield fh
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def aside_path(target: str | Path) -> Path:
    """Where an existing output waits while a new one takes its place: one fixed hidden name per target,
    so whatever a kill leaves there is found again (``restore_torn``)."""
    target = Path(target)
    return target.parent / f".{target.name}.old"


def replace_folder(built: str | Path, target: str | Path, private: bool = False) -> None:
    """Put a folder built beside ``target`` in its place: one rename, so the target is never half there.

    An existing target (the user asked to overwrite it) is renamed aside first
    (``aside_path``) and removed once the new folder is in place, so no stale file mixes
    with new ones. A kill between the two renames leaves the old output aside and no
    target; ``restore_torn`` (run first here, and by every command that writes the
    target) puts it back, or removes it when the new one was placed. ``private`` leaves
    the folder owner-only (0700, as it was built) instead of giving it the umask's mode.
    """
    built, target = Path(built), Path(target)
    restore_torn(target)
    aside = aside_path(target)
    moved = False
    if target.exists() or target.is_symlink():
        os.replace(target, aside)
        moved = True
    os.replace(built, target)
    if private:
        os.chmod(target, 0o700)
    else:
        set_user_mode_folder(target)
    if moved:
        _remove(aside)


def restore_torn(target: str | Path) -> None:
    """Undo what a kill during ``replace_folder`` or ``building_folder`` left beside ``target``.

    The old output renamed aside goes back in place when no target is there (the new
    one never got there), or is removed when the new one did; folders that a one-shot
    command (``building_folder``) was building when it was killed are removed.
    """
    target = Path(target)
    aside = aside_path(target)
    if aside.exists() or aside.is_symlink():
        if target.exists() or target.is_symlink():
            _remove(aside)
        else:
            os.replace(aside, target)
    for build in target.parent.glob(f".{glob.escape(target.name)}.pid*.partial"):
        pid = build.name[len(target.name) + 5 : -len(".partial")]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            _remove(build)


@contextlib.contextmanager
def building_folder(target: str | Path, private: bool = False) -> Iterator[Path]:
    """A private hidden folder beside ``target`` to build a folder output in; it replaces ``target`` as a
    whole when the block succeeds and is removed when it fails (see ``replace_folder``; ``private`` keeps
    the placed folder owner-only)."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    restore_torn(target)
    build = target.parent / f".{target.name}.pid{os.getpid()}.partial"
    _remove(build)
    build.mkdir(mode=0o700)
    try:
        yield build
        replace_folder(build, target, private=private)
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        raise


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()


def refuse_existing(path: str | Path, overwrite: bool) -> None:
    """An output that exists already is the user's: replaced only when they say so (``--overwrite``).

    What a killed earlier command left beside it is put right first (``restore_torn``:
    an old output renamed aside is an existing output). ``-`` and database URLs are no
    files and are not checked here.
    """
    if _not_a_file(path):
        return
    path = Path(path)
    restore_torn(path)
    if not overwrite and (path.exists() or path.is_symlink()):
        raise UsageError("the output exists already; add --overwrite to replace it", path)


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


#: The hidden siblings phisift builds an output in (``.NAME.<run>.partial``, ``.NAME.pidN.partial``,
#: ``.NAME.<run>.journal``, ``atomic_write``'s ``.NAME.XXXXXXXX.part``, an old output set aside as ``.NAME.old``).
_BUILD_NAME = re.compile(r"^\.(?P<name>.+?)\.(?:[0-9a-f]{12}\.(?:partial|journal)|pid\d+\.partial|[a-z0-9_]{8}\.part"
                         r"|old)$")


def user_path(path: str | Path) -> str:
    """The path the user asked for, where ``path`` lies in a hidden build sibling of an output.

    An error raised while an output is built (a read-only folder, a full disk) names the build file;
    the user never typed that name and would look for it in vain, so it is shown as the output it becomes
    ("/data/.out.3fa1c2d4e5f6.partial/a.txt" -> "/data/out/a.txt"), relative to the current folder
    when it lies below it. Any other path comes back as it was.
    """
    parts = Path(path).parts
    for i, part in enumerate(parts):
        m = _BUILD_NAME.match(part)
        if m:
            shown = Path(*parts[:i], m.group("name"), *parts[i + 1 :])
            if shown.is_absolute():
                with contextlib.suppress(ValueError):
                    shown = shown.relative_to(Path.cwd())
            return str(shown)
    return str(path)
