"""Project state in one SQLite file, and the secret key that keys it.

What is kept, and why:
* ``surrogates``: the surrogate chosen for each (patient, label, original). Choices
  are derived from an HMAC of the secret key, so they are reproducible without
  the table; the table is the audit trail, and with ``reversible`` also the way
  back. Originals are stored as HMAC digests unless a reversible mapping is asked.
* ``date_offsets``: the day shift of each patient (also derived, also recorded).
* ``confidence_items``: per word item, the runs it occurred in and the runs in which
  its count reached the threshold (the Philips confidence list, kept across runs
  and corpora). Items are HMAC digests of the key; the word itself is kept only
  when the user asks for a reversible store.
* ``runs``: a log of runs with counts and settings only, never PHI.
* ``done``: finished documents of a batch run, so a killed run can resume: keyed digests of
  their ids (``runs.state.RunState.digest``), never the ids, which can name the patient.

The key file never lives next to the output; it is the user's to keep.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Container, Iterable

from .errors import InputError, UsageError

DEFAULT_KEY_FILE = Path(os.environ.get("PHISIFT_KEY_FILE", Path.home() / ".config" / "phisift" / "secret.key"))
DEFAULT_STORE = Path(".phisift") / "store.sqlite"


@dataclass(frozen=True)
class Secret:
    """An HMAC key; ``derive`` makes stable pseudo-random values from it."""

    key: bytes

    def digest(self, *parts: str) -> bytes:
        return hmac.new(self.key, "\x1f".join(parts).encode("utf-8"), hashlib.sha256).digest()

    def hexdigest(self, *parts: str) -> str:
        return self.digest(*parts).hex()

    def seed(self, *parts: str) -> int:
        return int.from_bytes(self.digest(*parts)[:8], "big")


def load_key(path: str | Path | None = None, create: bool = True, notify=None) -> Secret:
    """Read the key file, creating a new random key on first use (with a message).

    A new key file is created owner-only (0600) whatever the umask; an existing one
    that other users can read gets a one-line warning through ``notify``: anyone who
    holds the key can recompute every surrogate and pseudonym.
    """
    path = Path(path) if path else DEFAULT_KEY_FILE
    _check_key_path(path)
    if not path.exists():
        if not create:
            raise InputError("key file not found", path)
        _create_key(path)
        if notify:
            notify(f"created a new secret key at {path}; keep it safe and private: the same key gives the same surrogates")
    try:
        raw = path.read_text(encoding="utf-8", errors="replace").strip()
    except PermissionError:
        raise InputError("cannot read the key file (permission denied)", path) from None
    except OSError as exc:
        raise InputError(f"cannot read the key file ({exc.strerror or type(exc).__name__})", path) from None
    if len(raw) < 32:
        raise InputError("key file is too short (expected at least 32 characters of secret)", path)
    if notify and readable_by_others(path):
        notify(f"warning: the key file {path} can be read by other users; make it private (chmod 600 {path})")
    return Secret(raw.encode("utf-8"))


def _check_key_path(path: Path) -> None:
    """A key path that can be read or created: not a folder, not a dangling link, no file among its parents.

    Checked before anything is opened so that each case gets its own line instead of
    the ``FileExistsError`` or ``NotADirectoryError`` that creating the file would raise.
    """
    if path.is_dir():
        raise InputError("is a folder, expected a key file", path)
    if path.is_symlink() and not path.exists():
        raise InputError("the key file is a symbolic link to a file that does not exist", path)
    for parent in path.parents:
        if parent.exists() or parent.is_symlink():
            if not parent.is_dir():
                raise InputError(f"cannot hold a key file: {parent} is not a folder", path)
            break


def _create_key(path: Path) -> None:
    """A new random key, created owner-only (0600) whatever the umask."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except PermissionError:
        raise InputError("cannot create the key file (permission denied)", path) from None
    except OSError as exc:
        raise InputError(f"cannot create the key file ({exc.strerror or type(exc).__name__})", path) from None
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(secrets.token_hex(32) + "\n")


def readable_by_others(path: str | Path) -> bool:
    """True when the group or other users may read the file (POSIX permission bits)."""
    try:
        return bool(os.stat(path).st_mode & 0o044)
    except OSError:
        return False


def create_private(path: str | Path) -> None:
    """Make sure ``path`` exists and only its owner can read or write it (0600).

    Created with that mode (no moment at which another user could open it); an existing
    file of ours is narrowed to it. Used for the store, which holds surrogates (and with
    ``--reversible`` the originals).
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    except OSError:
        return  # unwritable: sqlite reports it with the file name
    try:
        os.fchmod(fd, 0o600)
    except OSError:
        pass
    finally:
        os.close(fd)


def check_key_location(key_file: str | Path, output: str | Path, inputs: Iterable[str | Path] = ()) -> None:
    """Refuse a key file inside the output (shared output must not carry the key), or that is or lies
    inside an input (a key in the corpus would be de-identified, shared or overwritten with it)."""
    key = Path(key_file).resolve()
    for place, what in [(output, "output")] + [(p, "input") for p in inputs]:
        if str(place) == "-" or (isinstance(place, str) and "://" in place):
            continue  # a stream or a database URL holds no files
        where = Path(place).resolve()
        if key == where:
            raise UsageError(f"the key file is the {what} itself; give a key file of its own", key_file)
        if where in key.parents:
            raise UsageError(f"the key file must not be inside the {what}", key_file)


_SCHEMA = """
CREATE TABLE IF NOT EXISTS surrogates (
    patient TEXT NOT NULL, label TEXT NOT NULL, original TEXT NOT NULL,
    surrogate TEXT NOT NULL, clear TEXT, PRIMARY KEY (patient, label, original));
CREATE TABLE IF NOT EXISTS date_offsets (patient TEXT PRIMARY KEY, days INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS confidence_items (
    digest TEXT PRIMARY KEY, runs_seen INTEGER NOT NULL, runs_above INTEGER NOT NULL, clear TEXT);
CREATE TABLE IF NOT EXISTS confidence_runs (n INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT, started REAL, command TEXT, settings TEXT, summary TEXT);
CREATE TABLE IF NOT EXISTS done (run_key TEXT NOT NULL, doc_id TEXT NOT NULL, PRIMARY KEY (run_key, doc_id));
"""


#: How a finished document is recorded in ``done`` (``runs.state.RunState.digest``); anything else is an
#: older version's document id in clear.
_DIGEST = re.compile(r"[0-9a-f]{32}")


class Store:
    """A thin wrapper around the SQLite file; each method is one statement or transaction."""

    def __init__(self, path: str | Path | None = None, notify: Callable[[str], None] | None = None):
        """Open (or create, owner-only) the store; ``notify`` hears one-line notes such as a new key file."""
        self.path = Path(path) if path else DEFAULT_STORE
        self._notify = notify
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if str(self.path) != ":memory:":
            create_private(self.path)  # sqlite's journals take the database file's mode
        self._confidence_secret: Secret | None = None
        self._confidence_clear = False
        try:
            self.db = sqlite3.connect(self.path, timeout=60)
            # Deleted rows (finished-document records, an older version's tables) are overwritten with
            # zeros rather than left readable in the file's free pages.
            self.db.execute("PRAGMA secure_delete = ON")
            self.db.executescript(_SCHEMA)
            self._drop_clear_confidence()
            self._drop_clear_done()
        except sqlite3.DatabaseError as exc:
            raise InputError(f"not a usable phisift store ({exc})", self.path) from None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # surrogates --------------------------------------------------------------
    def record_surrogates(self, rows: list[tuple[str, str, str, str, str | None]]) -> None:
        """Rows of (patient digest, label, original digest, surrogate, clear original or None)."""
        with self.db:
            self.db.executemany("INSERT OR IGNORE INTO surrogates VALUES (?, ?, ?, ?, ?)", rows)

    def lookup_original(self, surrogate: str) -> list[tuple[str, str, str | None]]:
        cur = self.db.execute("SELECT patient, label, clear FROM surrogates WHERE surrogate = ?", (surrogate,))
        return cur.fetchall()

    # date offsets ------------------------------------------------------------
    def record_offsets(self, rows: list[tuple[str, int]]) -> None:
        with self.db:
            self.db.executemany("INSERT OR IGNORE INTO date_offsets VALUES (?, ?)", rows)

    def offset(self, patient: str) -> int | None:
        row = self.db.execute("SELECT days FROM date_offsets WHERE patient = ?", (patient,)).fetchone()
        return row[0] if row else None

    # confidence list ---------------------------------------------------------
    def key_confidence(self, secret: Secret | None, reversible: bool = False) -> None:
        """The key the confidence list is digested with (the run's key), and whether to keep words too.

        Without a key set here, the user's default key file is used (created on first use).
        """
        self._confidence_secret = secret
        self._confidence_clear = reversible

    def _confidence_key(self) -> Secret:
        if self._confidence_secret is None:
            self._confidence_secret = load_key(DEFAULT_KEY_FILE, notify=self._notify)
        return self._confidence_secret

    def confidence_digest(self, item: str) -> str:
        """The keyed digest an item is stored under: without the key, no word can be tested against it."""
        return self._confidence_key().hexdigest("phisift-confidence", item)[:32]

    def confident(self, level: float, min_runs: int) -> set[str]:
        """Digests of the items that reached the threshold in at least ``level`` of the earlier runs
        they occurred in, over at least ``min_runs`` such runs (claim 11)."""
        cur = self.db.execute(
            "SELECT digest FROM confidence_items WHERE runs_seen >= ? AND runs_above >= ? * runs_seen - 1e-9",
            (max(1, min_runs), level))
        return {row[0] for row in cur}

    def confidence_of(self, item: str) -> tuple[int, int] | None:
        """(runs in which the item reached the threshold, runs it occurred in), or None if never seen."""
        row = self.db.execute("SELECT runs_above, runs_seen FROM confidence_items WHERE digest = ?",
                              (self.confidence_digest(item),)).fetchone()
        return (row[0], row[1]) if row else None

    def confidence(self) -> dict[str, float]:
        """Score (0..1) per listed item digest: the share of the runs it occurred in where it reached the threshold."""
        return {d: above / seen for d, above, seen in
                self.db.execute("SELECT digest, runs_above, runs_seen FROM confidence_items") if seen}

    def confidence_runs(self) -> int:
        """Fits recorded on the confidence list (all items together; the rule counts each item's own runs)."""
        row = self.db.execute("SELECT COALESCE(SUM(n), 0) FROM confidence_runs").fetchone()
        return int(row[0])

    def update_confidence(self, above: Container[str], seen: Iterable[str]) -> None:
        """One more run: each item of ``seen`` (every item that occurred, each once) counts a
        run, and a success when it is in ``above``. One transaction: a run counts whole or not at all."""
        clear = self._confidence_clear
        rows = ((self.confidence_digest(item), int(item in above), item if clear else None) for item in seen)
        with self.db:
            self.db.executemany(
                "INSERT INTO confidence_items VALUES (?, 1, ?, ?) ON CONFLICT(digest) DO UPDATE SET "
                "runs_seen = runs_seen + 1, runs_above = runs_above + excluded.runs_above, "
                "clear = COALESCE(excluded.clear, clear)", rows)
            self.db.execute("INSERT INTO confidence_runs VALUES (1)")

    def _drop_clear_confidence(self) -> None:
        """Erase the confidence table of older versions: it held words in clear (and wrong counts)."""
        if self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'confidence'").fetchone():
            with self.db:
                self.db.execute("DROP TABLE confidence")
                self.db.execute("DELETE FROM confidence_runs")
            self.db.execute("VACUUM")

    def _drop_clear_done(self) -> None:
        """Erase the finished-document records of older versions, which named documents by their ids in
        clear (an id can hold a patient's name). Such a run cannot resume any more; it starts over."""
        rows = self.db.execute("SELECT rowid, doc_id FROM done").fetchall()
        clear = [(rowid,) for rowid, doc_id in rows if not _DIGEST.fullmatch(doc_id)]
        if clear:
            with self.db:
                self.db.executemany("DELETE FROM done WHERE rowid = ?", clear)
            self.db.execute("VACUUM")

    # runs and resume ---------------------------------------------------------
    def log_run(self, command: str, settings: dict, summary: dict) -> None:
        with self.db:
            self.db.execute(
                "INSERT INTO runs (started, command, settings, summary) VALUES (?, ?, ?, ?)",
                (time.time(), command, json.dumps(settings, sort_keys=True), json.dumps(summary, sort_keys=True)),
            )

    def mark_done(self, run_key: str, doc_ids: list[str]) -> None:
        """Record finished documents by their 32-hex digests (``RunState.digest``), never by their ids."""
        with self.db:
            self.db.executemany("INSERT OR IGNORE INTO done VALUES (?, ?)", ((run_key, d) for d in doc_ids))

    def done(self, run_key: str) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT doc_id FROM done WHERE run_key = ?", (run_key,))}

    def done_count(self, run_key: str) -> int:
        return self.db.execute("SELECT COUNT(*) FROM done WHERE run_key = ?", (run_key,)).fetchone()[0]

    def forget_done(self, run_key: str) -> None:
        """Drop a run's finished-document records (the run completed or starts over)."""
        with self.db:
            self.db.execute("DELETE FROM done WHERE run_key = ?", (run_key,))
