"""The page's data: compact JSON records, safe to embed in HTML and read by JavaScript.

Two things would silently break a review page, and both are handled here once:

* Note text is data, never markup. JSON is embedded in ``<script>`` elements, where
  ``</script>`` or ``<!--`` inside a note would end the element early, so every
  ``<``, ``>`` and ``&`` is written as a ``\\u`` escape (still the same JSON
  string). The page's script then sets all text with ``textContent``.
* Python offsets count code points, JavaScript strings count UTF-16 units; a note
  with an emoji or a rare CJK character would shift every later highlight. Offsets
  are converted before they are written.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from typing import Any, Callable, Sequence

from ..document import Document, Span
from .matching import STATUSES, Mark

_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_SCRIPT_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_SCRIPT_UNSAFE_RE = re.compile("[<>&\u2028\u2029]")


def script_json(value: Any) -> str:
    """JSON that can stand inside a ``<script>`` element or a ``.js`` file unchanged.

    Lone surrogates (possible after a JSON ``\\ud800`` escape in the input) cannot be
    written as UTF-8; they become U+FFFD, which keeps every UTF-16 offset.
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = _SURROGATE.sub("\ufffd", text)
    return _SCRIPT_UNSAFE_RE.sub(lambda m: _SCRIPT_UNSAFE[m.group()], text)


def utf16_offsets(text: str) -> Callable[[int], int]:
    """A function from code-point offsets of ``text`` to UTF-16 offsets (JavaScript string indices)."""
    astral = [m.start() for m in _ASTRAL.finditer(text)]
    if not astral:
        return _same
    # every astral character before a position takes one extra UTF-16 unit
    return lambda pos: pos + bisect_left(astral, pos)


def _same(pos: int) -> int:
    return pos


class LabelTable(dict):
    """Label names to small integers, in order of first use; the page keeps the names once.

    ``table[label]`` gives the number, adding the label when it is new.
    """

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def __missing__(self, label: str) -> int:
        i = self[label] = len(self.names)
        self.names.append(label)
        return i


STATUS_CODE = {name: i for i, name in enumerate(STATUSES)}


def span_key(s: Span) -> tuple[int, int, str]:
    """The order of ``Span`` (start, end, label), as a key: much faster than comparing dataclasses."""
    return (s.start, s.end, s.label)


def document_record(
    labels: LabelTable,
    original: Document | None,
    marks: Sequence[Mark],
    deidentified: Document | None,
    replaced: Sequence[Span],
    linked: bool = False,
) -> dict[str, Any]:
    """One document as the page reads it.

    ``t``: original text (absent when originals are not kept), ``e``: marks on it as
    ``[start, end, label, status, replacement index, note]``; ``d``: de-identified
    text, ``r``: replaced places on it as ``[start, end, label]``. When ``linked``,
    a mark's found index points into ``r`` (its replacement), else it is -1.
    """
    rec: dict[str, Any] = {}
    if original is not None:
        to16 = utf16_offsets(original.text)
        link = len(replaced) if linked and deidentified is not None else 0
        rec["t"] = original.text
        rec["e"] = [
            [to16(m.start), to16(m.end), labels[m.label], STATUS_CODE[m.status],
             m.found_index if 0 <= m.found_index < link else -1, m.note]
            for m in marks
        ]
    if deidentified is not None:
        to16 = utf16_offsets(deidentified.text)
        rec["d"] = deidentified.text
        rec["r"] = [[to16(s.start), to16(s.end), labels[s.label]] for s in replaced]
    return rec


def replacements_line_up(found: Sequence[Span], replaced: Sequence[Span]) -> bool:
    """True when the i-th replaced place is the replacement of the i-th found span.

    ``Pipeline.deidentify`` carries the sorted found spans through the rewrite, so
    the two lists agree in length and labels; spans from elsewhere may not.
    """
    return len(found) == len(replaced) and all(a.label == b.label for a, b in zip(sorted(found, key=span_key), replaced))
