"""Scores as the i2b2 2014 de-identification evaluation reports them.

* token level, binary: a token is a maximal run of letters and digits; it is PHI
  when any span overlaps it. This is the figure that says how much identifying
  text would leak, so it is the one release decisions use.
* strict entity, micro-averaged: a prediction counts only with the same start,
  end and label as a gold span (the MEDDOCAN 2019 and i2b2 "strict" measure).
* overlap recall: a gold span counts as found when any prediction overlaps it,
  whatever its label (a de-identifier that replaces it has done its job).
* the same per label and for the HIPAA Safe Harbor subset.

Neutral regions: a gold document may carry ``neutral`` spans (a ``neutral`` field
next to ``spans`` in a JSONL line, read into ``Document.meta``). They mark text
whose status the gold does not decide, such as real but unlabelled PHI in a
carrier text, or placeholders like "Dr. X". A prediction there is neither right
nor wrong: tokens inside a neutral region that no gold span touches are left out
of the token counts, and a prediction that matches no gold span and overlaps a
neutral region is left out of the strict counts. Gold spans are scored as
always. Without neutral spans every figure is what it was before.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from .document import Document, Span
from .errors import InputError
from .taxonomy import HIPAA_LABELS

#: A token for scoring: a maximal run of letters and digits (no underscore).
SCORE_TOKEN = re.compile(r"[^\W_]+")


@dataclass
class PRF:
    """True and false positives and false negatives, with the ratios derived from them."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, other: "PRF") -> None:
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn

    def as_dict(self) -> dict[str, float | int]:
        return {
            "precision": round(self.precision, 6),
            "recall": round(self.recall, 6),
            "f1": round(self.f1, 6),
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
        }


@dataclass
class Scores:
    """All figures for one subset of labels (all PHI, or the HIPAA subset)."""

    token: PRF = field(default_factory=PRF)
    strict: PRF = field(default_factory=PRF)
    overlap_found: int = 0
    gold_entities: int = 0
    by_label_strict: dict[str, PRF] = field(default_factory=dict)
    #: per gold label: (gold tokens found as PHI by any prediction, gold tokens)
    by_label_token: dict[str, list[int]] = field(default_factory=dict)
    #: per gold label: (gold spans overlapped by a prediction, gold spans)
    by_label_overlap: dict[str, list[int]] = field(default_factory=dict)

    @property
    def overlap_recall(self) -> float:
        return self.overlap_found / self.gold_entities if self.gold_entities else 1.0

    def as_dict(self, by_label: bool = False) -> dict:
        out: dict = {
            "token": self.token.as_dict(),
            "entity_strict": self.strict.as_dict(),
            "entity_overlap_recall": round(self.overlap_recall, 6),
        }
        if by_label:
            out["by_label"] = {
                label: {
                    "entity_strict": self.by_label_strict.get(label, PRF()).as_dict(),
                    "token_recall": _ratio(*self.by_label_token.get(label, [0, 0])),
                    "gold_tokens": self.by_label_token.get(label, [0, 0])[1],
                    "overlap_recall": _ratio(*self.by_label_overlap.get(label, [0, 0])),
                }
                for label in self.labels()
            }
        return out

    def labels(self) -> list[str]:
        return sorted(set(self.by_label_strict) | set(self.by_label_token))


@dataclass
class Report:
    documents: int
    all: Scores
    hipaa: Scores

    def as_dict(self, by_label: bool = False) -> dict:
        out = {"documents": self.documents, **self.all.as_dict(by_label)}
        out["hipaa"] = self.hipaa.as_dict(by_label)
        return out


def _ratio(num: int, den: int) -> float:
    return round(num / den, 6) if den else 1.0


def score_tokens(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in SCORE_TOKEN.finditer(text)]


def _mask(length: int, spans: Iterable[Span]) -> bytearray:
    mask = bytearray(length)
    for s in spans:
        mask[s.start : s.end] = b"\x01" * (min(s.end, length) - s.start)
    return mask


def neutral_spans(doc: Document) -> list[Span]:
    """The neutral regions of a gold document: ``meta["neutral"]``, a list of spans or
    ``{"start", "end"[, "label"]}`` objects (the label says why and is not scored)."""
    raw = doc.meta.get("neutral")
    if not raw:
        return []
    if not isinstance(raw, (list, tuple)):
        raise InputError("'neutral' must be a list of spans", document=doc.id)
    out = []
    for i, item in enumerate(raw):
        if isinstance(item, Span):
            out.append(item)
            continue
        start, end = (item.get("start"), item.get("end")) if isinstance(item, dict) else (None, None)
        ok = all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end))
        if not ok or not 0 <= start <= end <= len(doc.text):
            raise InputError(f"neutral span {i}: bad offsets (need 0 <= start <= end <= text length)", document=doc.id)
        out.append(Span(start, end, str(item.get("label") or "NEUTRAL")))
    return out


def _score_document(
    scores: Scores, text: str, gold: Sequence[Span], pred: Sequence[Span], neutral: Sequence[Span] = ()
) -> None:
    tokens = score_tokens(text)
    gold_mask, pred_mask = _mask(len(text), gold), _mask(len(text), pred)
    neutral_mask = _mask(len(text), neutral) if neutral else None
    for start, end in tokens:
        g = 1 in gold_mask[start:end]
        if not g and neutral_mask is not None and 1 in neutral_mask[start:end]:
            continue
        p = 1 in pred_mask[start:end]
        scores.token.tp += g and p
        scores.token.fp += p and not g
        scores.token.fn += g and not p

    gold_keys = Counter((s.start, s.end, s.label) for s in gold)
    if neutral_mask is not None:
        pred = [s for s in pred if (s.start, s.end, s.label) in gold_keys or 1 not in neutral_mask[s.start : s.end]]
    pred_keys = Counter((s.start, s.end, s.label) for s in pred)
    matched = gold_keys & pred_keys
    for keys, attr in ((matched, "tp"), (pred_keys - matched, "fp"), (gold_keys - matched, "fn")):
        for (_, _, label), n in keys.items():
            setattr(scores.strict, attr, getattr(scores.strict, attr) + n)
            prf = scores.by_label_strict.setdefault(label, PRF())
            setattr(prf, attr, getattr(prf, attr) + n)

    for s in gold:
        found = 1 in pred_mask[s.start : s.end]
        scores.gold_entities += 1
        scores.overlap_found += found
        counts = scores.by_label_overlap.setdefault(s.label, [0, 0])
        counts[0] += found
        counts[1] += 1
        tok = scores.by_label_token.setdefault(s.label, [0, 0])
        for start, end in tokens:
            if start < s.end and s.start < end:
                tok[0] += 1 in pred_mask[start:end]
                tok[1] += 1


def _relabel(spans: Iterable[Span], label_map: Mapping[str, str] | None) -> list[Span]:
    if not label_map:
        return list(spans)
    return [s.with_label(label_map.get(s.label, s.label)) for s in spans]


def evaluate(
    gold: Iterable[Document],
    pred: Mapping[str, Sequence[Span]],
    label_map: Mapping[str, str] | None = None,
    pred_texts: Mapping[str, str] | None = None,
    ignore_labels: Iterable[str] = (),
) -> Report:
    """Score predicted spans (by document id) against gold documents.

    ``label_map`` is applied to gold and predicted labels alike. A gold document
    with no entry in ``pred`` counts as one where nothing was found. When the
    predictions came with their own text, it must equal the gold text, or the
    offsets would be meaningless. Neutral regions (``Document.meta["neutral"]``,
    see the module docstring) are ignored for predictions.
    """
    ignored = set(ignore_labels)
    overall, hipaa = Scores(), Scores()
    count = 0
    for doc in gold:
        count += 1
        if pred_texts is not None and doc.id in pred_texts and pred_texts[doc.id] not in ("", doc.text):
            raise InputError("predicted document text differs from the gold text", document=doc.id)
        g = [s for s in _relabel(doc.spans, label_map) if s.label not in ignored]
        p = [s for s in _relabel(pred.get(doc.id, ()), label_map) if s.label not in ignored]
        for s in p:
            if s.end > len(doc.text):
                raise InputError(f"predicted span {s.start}..{s.end} lies past the text end", document=doc.id)
        n = neutral_spans(doc)
        _score_document(overall, doc.text, g, p, n)
        _score_document(
            hipaa, doc.text, [s for s in g if s.label in HIPAA_LABELS], [s for s in p if s.label in HIPAA_LABELS], n
        )
    return Report(count, overall, hipaa)
