"""What the lexicon tests share: one detector per test module and the spans it finds, as text."""

from __future__ import annotations

import pytest

from phisift.detect.lexicon.detector import LexiconDetector


@pytest.fixture(scope="module")
def det() -> LexiconDetector:
    return LexiconDetector()


def found(det: LexiconDetector, text: str) -> set[tuple[str, str]]:
    return {(s.label, text[s.start : s.end]) for s in det.detect(text)}


def texts(det: LexiconDetector, text: str) -> set[str]:
    return {text[s.start : s.end] for s in det.detect(text)}
