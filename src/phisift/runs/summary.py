"""What a corpus run did, in counts only: safe to print and to log (no PHI)."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from ..document import Document, Span
from ..progress import counted


@dataclass
class Summary:
    """Documents, characters and spans per label of a run, and its time."""

    documents: int = 0
    characters: int = 0
    spans: Counter = field(default_factory=Counter)
    started: float = field(default_factory=time.perf_counter)
    resumed_from: int = 0  # documents finished by an earlier, interrupted run
    empty: int = 0  # documents without text (null or ""): passed through with no spans
    frequency: dict = field(default_factory=dict)  # the rare-word fit: share asked vs realised (FrequencyState.shares)
    passed: dict = field(default_factory=dict)  # names of the record fields written as read (no values), in order
    spans_input_ids: int = 0  # documents whose spans line keeps the input's id where the output has a pseudonym

    def pass_through(self, names: Iterable[str]) -> None:
        """Record fields that went to the output unchanged (their names only)."""
        for name in names:
            self.passed.setdefault(name, None)

    def add(self, doc: Document, spans: Iterable[Span]) -> None:
        self.documents += 1
        self.empty += not doc.text
        self.characters += len(doc.text)
        self.spans.update(s.label for s in spans)

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started

    def as_dict(self) -> dict:
        return {
            "documents": self.documents,
            "characters": self.characters,
            "spans": dict(sorted(self.spans.items())),
            "seconds": round(self.seconds, 3),
            "resumed_from": self.resumed_from,
            "empty": self.empty,
            **({"frequency": self.frequency} if self.frequency else {}),
            **({"passed_through": list(self.passed)} if self.passed else {}),
            **({"spans_input_ids": self.spans_input_ids} if self.spans_input_ids else {}),
        }

    def lines(self, verb: str) -> list[str]:
        """The summary for a person: ``"<verb> N documents, ... spans in ... s"`` and the spans per label."""
        rate = self.characters / self.seconds if self.seconds else 0.0
        earlier = f" (and {self.resumed_from} before the interruption)" if self.resumed_from else ""
        empty = f" ({self.empty} without text, passed through)" if self.empty else ""
        out = [f"{verb} {counted(self.documents, 'document')}{earlier}{empty}, {counted(sum(self.spans.values()), 'span')} "
               f"in {self.seconds:.1f} s ({rate / 1e6:.2f} M chars/s)"]
        if self.spans:
            out.append("  " + ", ".join(f"{label} {n}" for label, n in sorted(self.spans.items())))
        if self.passed:
            out.append("  fields written unchanged (not de-identified; --drop-field, --pseudonymise-field or "
                       "--shift-date-field change them): " + ", ".join(self.passed))
        if self.spans_input_ids:
            out.append(f"  the spans file keeps the input's ids of {counted(self.spans_input_ids, 'document')} whose output id is "
                       "a pseudonym (their ids hold PHI); --spans-ids output writes the output's ids")
        if self.frequency:
            f = self.frequency
            out.append(f"  frequency k={f['threshold']}: word tokens left asked {100 * f['asked']:.1f}% "
                       f"({f['basis']}), realised {100 * f['realised']:.1f}%")
        return out
