"""Resumable runs: a key for a run, its state in the project store, and where it stopped.

A run is known by a key: a hash of everything its output depends on (command, input
path and a fingerprint of the input's files, formats, reader options, outputs, the
pipeline config, the model folder, the patient field and an id of the secret key),
and nothing it does not (the engine, the number of workers). A run that is killed
leaves, under ``<store file>.runs/<key>/``, a manifest with a random per-run
journal key, and the states of the detectors fitted over the corpus (the frequency
detector's counts: the resumed run masks with exactly the same counts instead of
fitting again and counting the corpus twice in the confidence list). That folder is
private (0700): a fitted state holds word counts of the corpus, which can include
names; it is deleted when the run completes.

The store's ``done`` table records the finished documents of a run by a keyed digest of
their id (``RunState.digest``: an HMAC with the run's random journal key, and the secret
key of a run that has one), never the id itself: an id can name the patient
(``Smith_John_00482913``) and a killed run leaves these records behind until it is
resumed. Resuming needs only their number and, for a folder output, whether an output
name was written already; both work on digests.

Where a run stopped is the smallest number of documents that every output holds:
the item count of each journal (single-file outputs and span files) and, for a
folder output, the finished documents the store recorded after their files were
written. Every output is cut back to that number and the run continues from the
next input document; outputs are always written in input order, so what is done
is always a prefix of the input.

A run that fails on bad input, or before it finished a batch, leaves nothing: its
journals, half-built folder, done records and run folder are removed (``abandon``).
A new run refuses outputs that exist unless it may overwrite them.
"""

from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import secrets
import shutil
import time
from pathlib import Path
from typing import Any, Callable

from ..errors import PhisiftError, UsageError
from ..fileio import refuse_existing as _refuse_existing, write_text_atomic
from ..store import Secret, Store
from .journal import Journal

#: Failures caused by the input or the settings: the same command cannot resume past them.
BAD_INPUT = (PhisiftError, UnicodeError, ValueError)


def runs_folder(store: Store) -> Path:
    """Next to the store file: ``.phisift/store.sqlite.runs/``."""
    return store.path.parent / f"{store.path.name}.runs"


def fingerprint(path: str | Path) -> dict[str, Any]:
    """Size and modification time of a file, or a digest of those of every file in a folder.

    A changed input gives another run key, so a run never resumes onto other data.
    """
    path = Path(path)
    if path.is_file():
        st = path.stat()
        return {"size": st.st_size, "mtime_ns": st.st_mtime_ns}
    digest = hashlib.sha256()
    files = 0
    for p in sorted(path.rglob("*")):
        if p.is_file():
            st = p.stat()
            digest.update(f"{p.relative_to(path).as_posix()}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
            files += 1
    return {"files": files, "digest": digest.hexdigest()}


def run_key(settings: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(settings, sort_keys=True, default=str).encode("utf-8")).hexdigest()


def journal_path(target: Path, key: str) -> Path:
    """A hidden sibling of the output (same file system, so the final rename is atomic)."""
    return target.parent / f".{target.name}.{key[:12]}.journal"


def is_database(target: str | Path) -> bool:
    """An output named by a database URL: its journal lives in the run's folder (no file to sit beside)."""
    from ..formats.sql import is_url

    return is_url(target)


def build_path(target: Path, key: str) -> Path:
    """Where a folder output is built: a hidden sibling, renamed into place when the run completes."""
    return target.parent / f".{target.name}.{key[:12]}.partial"


def refuse_existing(targets: list[Path], overwrite: bool = False) -> None:
    """An output that exists already is the user's: replaced only when they say so (``fileio.refuse_existing``,
    which also puts back an old output that a kill left renamed aside)."""
    for target in targets:
        if not is_database(target):
            _refuse_existing(target, overwrite)


def _manifest(path: Path) -> dict[str, Any] | None:
    """An unfinished run's manifest (None: there is none; {} if it cannot be read)."""
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


class RunState:
    """The state of one run in the store folder; a lock keeps two processes off the same run.

    ``resume``: True or None resumes an unfinished earlier run of the same key (None
    is the default and says so), False discards it and starts over. A new run
    refuses outputs that exist already unless ``overwrite``; resuming is no
    overwrite (the output of an unfinished run does not exist yet, or was asked to be
    replaced when the run began).
    """

    def __init__(self, store: Store, key: str, targets: list[Path], resume: bool | None,
                 notify: Callable[[str], None] = lambda message: None, overwrite: bool = False,
                 secret: Secret | None = None):
        self.store, self.key, self.notify = store, key, notify
        self._secret = secret  # the run's secret key, if it has one: part of the key of the done digests
        self.targets = [Path(t).resolve() for t in targets if not is_database(t)]
        root = runs_folder(store)
        earlier = _manifest(root / key[:32] / "manifest.json") if resume is not False else None
        # resuming is no overwrite of the outputs the run began with; an output added since is new
        began = set(earlier.get("targets", [])) if earlier is not None else set()
        refuse_existing([t for t in targets if is_database(t) or str(Path(t).resolve()) not in began], overwrite)
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.dir = root / key[:32]
        self.dir.mkdir(mode=0o700, exist_ok=True)
        self._lock = open(self.dir / "lock", "w")
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._lock.close()
            raise UsageError("another phisift run with the same input and output is still running") from None
        self._journals: list[Journal] = []
        manifest = self.dir / "manifest.json"
        self.resumed = False
        if manifest.exists():
            data = json.loads(manifest.read_text(encoding="utf-8"))
            if resume is False:
                notify("--no-resume: discarding the unfinished earlier run of these settings")
                self._discard(self.dir, data)
            else:
                self.resumed = True
                self._nonce = bytes.fromhex(data["nonce"])
                self._remove_torn_temporaries()
                self._record_new_targets(manifest, data)
        elif resume:
            notify("no unfinished run of these settings to resume: starting from the beginning")
        if not self.resumed:
            self._discard_stale(root)
            store.forget_done(key)
            self._nonce = secrets.token_bytes(32)
            record = {"key": key, "created": time.time(), "nonce": self._nonce.hex(),
                      "targets": [str(t) for t in self.targets],
                      "journals": [str(journal_path(t, key)) for t in self.targets],
                      "builds": [str(build_path(t, key)) for t in self.targets]}
            write_text_atomic(manifest, json.dumps(record, indent=1))

    def _record_new_targets(self, manifest: Path, data: dict[str, Any]) -> None:
        """An output asked for only on resuming (a review page) joins the manifest, so that discarding the
        run removes its journal and build folder too."""
        new = [t for t in self.targets if str(t) not in data.get("targets", [])]
        if new:
            data["targets"] = data.get("targets", []) + [str(t) for t in new]
            data["journals"] = data.get("journals", []) + [str(journal_path(t, self.key)) for t in new]
            data["builds"] = data.get("builds", []) + [str(build_path(t, self.key)) for t in new]
            write_text_atomic(manifest, json.dumps(data, indent=1))

    def digest(self, doc_id: str) -> str:
        """The keyed digest a finished document is recorded under in the store (see the module doc): the same
        for the same id within one run and its resumptions, and no way back to the id without the run's keys."""
        key = self._nonce + (self._secret.digest("phisift-done") if self._secret is not None else b"")
        return hmac.new(key, doc_id.encode("utf-8"), hashlib.sha256).hexdigest()[:32]

    def mark_done(self, doc_ids: list[str]) -> None:
        """Record finished documents (by digest) once their outputs hold them."""
        self.store.mark_done(self.key, [self.digest(d) for d in doc_ids])

    def done_digests(self) -> set[str]:
        """The digests of the documents recorded as finished (``digest``)."""
        return self.store.done(self.key)

    def build_folder(self, target: Path) -> Path:
        """The hidden folder a folder output is written to until the run completes (made private)."""
        folder = build_path(Path(target).resolve(), self.key)
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        return folder

    def journal(self, target: str | Path) -> Journal:
        if is_database(target):
            name = hashlib.sha256(str(target).encode("utf-8")).hexdigest()[:12]
            j = Journal(self.dir / f"database-{name}.journal", self._nonce)
        else:
            j = Journal(journal_path(Path(target).resolve(), self.key), self._nonce)
        self._journals.append(j)
        return j

    def resume_point(self, journals: list[Journal], folder_output: bool) -> int:
        """Documents every output holds; each journal is cut back to that number."""
        counts = [j.count for j in journals]
        if folder_output:
            counts.append(self.store.done_count(self.key))
        done = min(counts) if counts else 0
        for j in journals:
            j.truncate_to(done)
        return done

    def finish(self) -> None:
        """The run is complete: drop its journals, its done records and its folder, and what an earlier attempt
        built for an output this one did not ask for (a review page asked for before the kill only)."""
        for j in self._journals:
            j.remove()
        for name in (_manifest(self.dir / "manifest.json") or {}).get("builds", []):
            shutil.rmtree(name, ignore_errors=True)  # every output is in place: a build folder left is unused
        self.store.forget_done(self.key)
        shutil.rmtree(self.dir, ignore_errors=True)
        self.close()

    def close(self) -> None:
        for j in self._journals:
            j.close()
        if not self._lock.closed:
            self._lock.close()

    def abandon(self) -> None:
        """Remove everything the run wrote (journals, the half-built folder, done records, its state)."""
        for j in self._journals:
            j.close()
        manifest = self.dir / "manifest.json"
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {"key": self.key}
        self._discard(self.dir, data)
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "RunState":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        """A run that failed on bad input, or before it finished anything, leaves nothing behind.

        Bad input cannot be resumed (the input must change, and changed input is
        another run). Any other failure (a full disk, a worker that died, Ctrl-C) keeps
        what finished batches hold, so the same command resumes after it.
        """
        if exc_type is not None and (issubclass(exc_type, BAD_INPUT) or not self.has_progress()):
            try:
                self.abandon()
            except OSError:
                pass  # the error the user must see is the one that failed the run
        self.close()

    def has_progress(self) -> bool:
        """Finished documents are recorded: in a journal, or in the store (folder outputs)."""
        try:
            return any(j.count for j in self._journals) or self.store.done_count(self.key) > 0
        except Exception:  # noqa: BLE001 - a broken store: keep the state rather than fail the cleanup
            return True

    # discarding --------------------------------------------------------------
    def _remove_torn_temporaries(self) -> None:
        """Temporary files of atomic writes that a kill interrupted (hidden, never renamed into place)."""
        for target in self.targets:
            torn = list(target.parent.glob(f".{target.name}.*.part"))
            build = build_path(target, self.key)
            if build.is_dir():
                torn += build.rglob(".*.part")
            for p in torn:
                p.unlink(missing_ok=True)

    def _discard(self, folder: Path, data: dict[str, Any]) -> None:
        for name in data.get("journals", []):
            Path(name).unlink(missing_ok=True)
        for name in data.get("builds", []):
            shutil.rmtree(name, ignore_errors=True)
        self.store.forget_done(data.get("key", ""))
        for p in folder.iterdir() if folder.is_dir() else ():
            if p.is_dir() and not p.is_symlink():
                shutil.rmtree(p, ignore_errors=True)
            elif p.name != "lock":
                p.unlink(missing_ok=True)

    def _discard_stale(self, root: Path) -> None:
        """Unfinished runs of other settings that wrote to the same outputs can never finish now."""
        mine = {str(t) for t in self.targets}
        for folder in root.iterdir():
            manifest = folder / "manifest.json"
            if folder == self.dir or not manifest.is_file():
                continue
            try:
                data = json.loads(manifest.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if not mine & set(data.get("targets", [])):
                continue
            with open(folder / "lock", "w") as lock:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    continue  # running now: not stale
                self._discard(folder, data)
            shutil.rmtree(folder, ignore_errors=True)
            self.notify("removed an unfinished earlier run that wrote to the same output with other settings")
