"""What both training-data tools share: per-document random streams and run statistics."""

from __future__ import annotations

import hashlib
import resource
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np


def document_rng(seed: int, doc_id: str, copy: int = 0) -> np.random.Generator:
    """A random stream fixed by the seed, the document id and the copy number.

    Keyed by the id, not by the position in the corpus, so a document gets the
    same rewrite whatever else is in the corpus and in whatever order it comes.
    """
    digest = hashlib.blake2b(f"{seed}\x00{copy}\x00{doc_id}".encode("utf-8"), digest_size=8).digest()
    return np.random.default_rng(int.from_bytes(digest, "big"))


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the machine may be shared: wall time says little)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


@dataclass
class Clock:
    """Wall and CPU seconds since creation."""

    wall0: float = field(default_factory=time.perf_counter)
    cpu0: float = field(default_factory=cpu_seconds)

    def wall(self) -> float:
        return time.perf_counter() - self.wall0

    def cpu(self) -> float:
        return cpu_seconds() - self.cpu0


def rate(count: float, seconds: float) -> float:
    return count / seconds if seconds > 0 else 0.0


def rounded(values: dict[str, Any]) -> dict[str, Any]:
    return {k: round(v, 3) if isinstance(v, float) else v for k, v in values.items()}
