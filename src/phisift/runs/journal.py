"""An append-only journal of finished results, for single-file outputs of a resumable run.

A JSONL or CSV output cannot be written in place while a run may be killed: half a
file would look like a whole one. So the finished documents of every batch are
appended to a journal next to the output and made durable (``fsync``) before the
run records them as done; when the run completes, the output is assembled from the
journal in one atomic write (temporary file + rename) and the journal is removed.

The journal is a sequence of frames ``MAGIC | length (8 bytes) | HMAC-SHA256 (32) |
payload`` whose payload is a pickled list of items (documents or lines). A SIGKILL
can leave a torn last frame: reading stops at the first frame that is short or whose
HMAC does not match, and the file is cut back to the last good frame. The HMAC key
is a random per-run secret kept in the project store, not next to the output, so a
journal is only ever unpickled if this run wrote it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
from pathlib import Path
from typing import Any, Iterator

MAGIC = b"PSJ1"
_HEAD = len(MAGIC) + 8 + 32


class Journal:
    """Items appended in frames; ``count`` is the number of items in good frames."""

    def __init__(self, path: str | Path, key: bytes):
        self.path = Path(path)
        self._key = key
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.path.exists()
        self._fh = open(self.path, "a+b")
        if fresh:
            _fsync_dir(self.path.parent)
        self._frames: list[tuple[int, int]] = []  # (offset, items) of each good frame
        self.count = 0
        end = 0
        for offset, n, _ in self._scan(load=False):
            self._frames.append((offset, n))
            self.count += n
            end = self._fh.tell()
        if end != os.path.getsize(self.path):
            self._cut(end)  # a torn or foreign tail: drop it

    # reading -----------------------------------------------------------------
    def _scan(self, load: bool) -> Iterator[tuple[int, int, list[Any] | None]]:
        fh = self._fh
        fh.seek(0)
        while True:
            offset = fh.tell()
            head = fh.read(_HEAD)
            if len(head) < _HEAD or head[: len(MAGIC)] != MAGIC:
                fh.seek(offset)
                return
            length = int.from_bytes(head[len(MAGIC) : len(MAGIC) + 8], "big")
            payload = fh.read(length)
            if len(payload) < length or not hmac.compare_digest(head[len(MAGIC) + 8 :], self._mac(payload)):
                fh.seek(offset)
                return
            items = pickle.loads(payload)
            yield offset, len(items), items if load else None

    def items(self) -> Iterator[Any]:
        """Every item of the good frames, in the order appended."""
        for _, _, items in self._scan(load=True):
            yield from items

    def _read_frame(self, offset: int) -> list[Any]:
        self._fh.seek(offset)
        length = int.from_bytes(self._fh.read(_HEAD)[len(MAGIC) : len(MAGIC) + 8], "big")
        return pickle.loads(self._fh.read(length))

    # writing -----------------------------------------------------------------
    def _mac(self, payload: bytes) -> bytes:
        return hmac.new(self._key, payload, hashlib.sha256).digest()

    def append(self, items: list[Any]) -> None:
        """Add one frame, handed to the OS (it survives a killed process; ``sync`` for a power cut)."""
        if not items:
            return
        payload = pickle.dumps(items, protocol=pickle.HIGHEST_PROTOCOL)
        self._fh.seek(0, os.SEEK_END)
        offset = self._fh.tell()
        self._fh.write(MAGIC + len(payload).to_bytes(8, "big") + self._mac(payload) + payload)
        self._fh.flush()
        self._frames.append((offset, len(items)))
        self.count += len(items)

    def sync(self) -> None:
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def truncate_to(self, n: int) -> None:
        """Keep the first ``n`` items only (a frame cut in the middle is rewritten shorter)."""
        if n >= self.count:
            return
        kept, frames = 0, []
        for offset, size in self._frames:
            if kept + size <= n:
                kept += size
                frames.append((offset, size))
                continue
            partial = self._read_frame(offset)[: n - kept]
            self._cut(offset)
            self._frames, self.count = frames, kept
            self.append(partial)
            self.sync()
            return

    def _cut(self, size: int) -> None:
        self._fh.flush()
        os.truncate(self.path, size)
        self._fh.seek(0, os.SEEK_END)
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        if not self._fh.closed:
            self._fh.close()

    def remove(self) -> None:
        self.close()
        self.path.unlink(missing_ok=True)


def _fsync_dir(path: Path) -> None:
    """Make a new file's directory entry durable (no-op where folders cannot be opened)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
