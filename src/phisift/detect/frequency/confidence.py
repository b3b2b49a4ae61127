"""The confidence list across runs (Philips WO2020074651, claim 11).

Per item the store keeps the runs it occurred in and the runs in which its count
reached that run's threshold; the item's score is the share. An item is kept when
rare now only if its score is at least ``confidence_level`` over at least
``confidence_min_runs`` runs *it occurred in*. So every item that occurs counts a
run, a name included: a surname rare in two runs and frequent in a third scores
1/3, not 1. That is why the store holds keyed digests (``Store.confidence_digest``,
an HMAC of the user's key), never the words, unless the user asks for a
reversible store.

A fit reads the list before counting (``confident_items``), resolves the digests to
the items of this corpus while the counts are read back (``ConfidentLookup``), and
writes one run at the end (``record_run``). Items counted below ``min_threshold``
are not kept in the state, so they are spooled to an anonymous temporary file
(``RareItems``) until the run is written: memory stays bounded by ``max_items``.
"""

from __future__ import annotations

import gzip
import io
import tempfile
from typing import Iterator


class ConfidentLookup:
    """``item in lookup``: is the item on the confidence list at the level asked, by its digest."""

    def __init__(self, store, digests: set[str]):
        self._digest = store.confidence_digest
        self._digests = digests

    def __bool__(self) -> bool:
        return bool(self._digests)

    def __contains__(self, item: object) -> bool:
        return isinstance(item, str) and self._digest(item) in self._digests


class RareItems:
    """Items of this run counted below ``min_threshold``, spooled for the confidence update.

    An anonymous temporary file (unlinked at once: nothing is left behind if the
    process dies), gzip-compressed, one item a line (items never hold a line break).
    """

    def __init__(self) -> None:
        self._raw = tempfile.TemporaryFile(prefix="phisift-rare-")
        self._gz: gzip.GzipFile | None = gzip.GzipFile(fileobj=self._raw, mode="wb", compresslevel=1)
        self.count = 0

    def add(self, item: str) -> None:
        assert self._gz is not None, "RareItems is read already"
        self._gz.write(item.encode("utf-8") + b"\n")
        self.count += 1

    def __iter__(self) -> Iterator[str]:
        if self._gz is not None:
            self._gz.close()
            self._gz = None
        self._raw.seek(0)
        with gzip.GzipFile(fileobj=self._raw, mode="rb") as gz:
            for line in io.TextIOWrapper(gz, encoding="utf-8"):
                yield line.rstrip("\n")

    def close(self) -> None:
        if self._gz is not None:
            self._gz.close()
            self._gz = None
        self._raw.close()


def confident_items(store, level: float, min_runs: int) -> tuple[ConfidentLookup | frozenset, RareItems | None]:
    """(the confident items of earlier runs, a spool for this run's rare items), from the store.

    Without a store: nothing is confident and nothing is recorded.
    """
    if store is None:
        return frozenset(), None
    return ConfidentLookup(store, store.confident(level, min_runs)), RareItems()


def record_run(store, state, rare: RareItems | None, selected) -> None:
    """One run more on the list: every selected item that occurred, a success where it reached k."""
    above = {item for item, n in state.counts.items() if n >= state.threshold and selected(item)}

    def seen() -> Iterator[str]:
        yield from (item for item in state.counts if selected(item))
        if rare is not None:
            yield from rare

    store.update_confidence(above, seen())
