"""Offset-keeping tokenizer, sentence splitter and chunker (placeholder, being written)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Token:
    start: int
    end: int
    text: str


_TOKEN = re.compile(r"\w+|[^\w\s]")


def tokenize(text: str) -> list[Token]:
    return [Token(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]
