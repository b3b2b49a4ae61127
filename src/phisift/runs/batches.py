"""Finished results grouped into the batches a run makes durable together.

A run appends each batch to its journals, fsyncs them and records the batch's
documents as done in the store; a batch closes at whichever limit comes first, so
a kill loses at most a few seconds of work and the journals do not sync per note.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable, Iterator

#: A batch of finished documents is made durable and recorded when it reaches any of these.
COMMIT_DOCS = 256
COMMIT_CHARS = 4_000_000
COMMIT_SECONDS = 5.0


def commit_groups(pairs: Iterable[tuple[Any, Any]], size: Callable[[Any], int]) -> Iterator[list[tuple[Any, Any]]]:
    """Finished ``(item, result)`` pairs grouped into the batches that are committed together.

    ``size(item)`` is the item's number of characters. The limits are read at every
    call, so a test can lower them.
    """
    group: list = []
    chars = 0
    since = time.monotonic()
    for pair in pairs:
        group.append(pair)
        chars += size(pair[0])
        if len(group) >= COMMIT_DOCS or chars >= COMMIT_CHARS or time.monotonic() - since >= COMMIT_SECONDS:
            yield group
            group, chars, since = [], 0, time.monotonic()
    if group:
        yield group
