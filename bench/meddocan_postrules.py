"""MEDDOCAN: correction rules learnt from jackknifed training predictions (``postrules``), scored without training.

Usage:
    python bench/meddocan_postrules.py --train-pred JK/pred.jsonl [--dev-pred DEV.jsonl]
        [--min-gain 4] [--min-ratio 0.75] [--data ../shared/data/meddocan]

``--train-pred``: ``bench/meddocan_jackknife.py``'s predictions on the training notes (each by a
model that did not see it), without document consistency. ``--dev-pred``: a model's dev
predictions without document consistency (a model trained on all of train). Document
consistency (``stack.other_mentions``) is applied to both first, as ``phisift train``'s models do.

1. On train, two-fold: rules learnt on the even-numbered notes' predictions are scored on the odd ones and
   the other way round (strict entity F1 before -> after, pooled): the estimate that chooses the settings,
   away from dev.
2. Rules learnt on all training predictions, listed, then applied to dev: the confirmation.

The learner (kept here: it found nothing that carries, so the library does not ship it):

Correction rules learnt from a tagger's own errors on held-out training notes.

A CRF trained on a few hundred notes gets most spans right and leaves errors that
repeat: a corpus's convention it weighs too little ("E-41013" is annotated with its
"E-", the CRF tags "41013"), a fixed phrase that holds a label's word ("médico de
familia" is a doctor, not a relative, and document consistency spreads the relative
from "la familia" to it), a trailing period of one label it keeps. Transformation-based
learning (Brill 1995) finds such corrections from the model's errors: the training
notes are tagged by models that did not see them (``bench/meddocan_jackknife.py``), every
edit that would turn a wrong predicted span into a gold one is a candidate rule, each
candidate is scored on all the predictions it applies to (what it fixes against what it
breaks), and the best is kept, applied, and the search repeated until no rule gains
enough. At tagging time the rules run in the order they were learnt, on the tagger's
spans after document consistency.

Rules are keyed by the span's label and a few words at its edges, lower-cased with
digits as "0" ("e-", "00-").

Templates (``TEMPLATES``):

* ``grow_left`` / ``grow_right``: take in the text glued to the span (no space between)
  up to the next space, at most ``GLUE_CHARS`` characters ("E-" of "E-41013");
* ``cut_left`` / ``cut_right``: give back the span's first / last piece (a piece: a run
  of letters or digits, or one other character), keyed by the piece and its neighbour
  inside the span ("izq" + ".");
* ``next_word``: take in the next piece after a space ("hermana" + "mayor");
* ``drop``: remove the span, keyed by the two pieces before it and its text
  ("médico de" + "familia");
* ``relabel``: change the label, keyed by the span's text, or by the piece before it.

Only edits that keep the spans apart are made. A rule is kept when it gains at least
``min_gain`` (twice the exact spans it makes, less twice those it unmakes; a dropped
false positive counts about one) and is right at least ``min_ratio`` of the times it
changes a span.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from phisift.detect.tagger.stack import other_mentions
from phisift.document import Span
from phisift.evaluate import evaluate
from phisift.formats import read_corpus

#: How much glued text ``grow_left`` / ``grow_right`` may take in.
GLUE_CHARS = 4
#: The rule templates, in the order their candidates are made.
TEMPLATES = ("grow_left", "grow_right", "cut_left", "cut_right", "next_word", "drop", "relabel_text",
             "relabel_prev")

_PIECE = re.compile(r"[^\W_]+|\S")
_DIGITS = re.compile(r"\d")


def norm(text: str) -> str:
    """A rule key's form of some text: lower case, every digit "0", runs of spaces one space."""
    return " ".join(_DIGITS.sub("0", text.lower()).split())


@dataclass(frozen=True)
class Rule:
    """One correction: for spans of ``label`` whose ``template`` key is ``key``; ``new_label`` for relabels."""

    template: str
    label: str
    key: str
    new_label: str = ""


def _pieces_in(text: str, start: int, end: int) -> list[tuple[int, int]]:
    return [m.span() for m in _PIECE.finditer(text, start, end)]


def _piece_before(text: str, pos: int, limit: int = 40) -> tuple[int, int] | None:
    found = None
    for m in _PIECE.finditer(text, max(0, pos - limit), pos):
        found = m.span()
    return found


def _piece_after(text: str, pos: int, limit: int = 40) -> tuple[int, int] | None:
    m = _PIECE.search(text, pos, min(len(text), pos + limit))
    return m.span() if m else None


def _glue_left(text: str, start: int) -> int | None:
    k = start
    while k > 0 and not text[k - 1].isspace() and start - k < GLUE_CHARS + 1:
        k -= 1
    if k == start or start - k > GLUE_CHARS or (k > 0 and not text[k - 1].isspace()):
        return None
    return k


def _glue_right(text: str, end: int) -> int | None:
    k = end
    while k < len(text) and not text[k].isspace() and k - end < GLUE_CHARS + 1:
        k += 1
    if k == end or k - end > GLUE_CHARS or (k < len(text) and not text[k].isspace()):
        return None
    return k


def candidates(text: str, span: Span) -> list[tuple[str, str, int, int, str]]:
    """Every edit of ``span`` the templates allow: (template, key, new start, new end, new label or "").

    A relabel's new label is not known here: it is "" and ``learn_rules`` fills it from the gold span."""
    s, e = span.start, span.end
    out: list[tuple[str, str, int, int, str]] = []
    k = _glue_left(text, s)
    if k is not None:
        out.append(("grow_left", norm(text[k:s]), k, e, ""))
    k = _glue_right(text, e)
    if k is not None:
        out.append(("grow_right", norm(text[e:k]), s, k, ""))
    inner = _pieces_in(text, s, e)
    if len(inner) >= 2:
        (a0, a1), (b0, b1) = inner[0], inner[1]
        out.append(("cut_left", norm(text[a0:a1]) + "|" + norm(text[b0:b1]), b0, e, ""))
        (c0, c1), (d0, d1) = inner[-2], inner[-1]
        out.append(("cut_right", norm(text[c0:c1]) + "|" + norm(text[d0:d1]), s, c1, ""))
    nxt = _piece_after(text, e)
    if nxt is not None and nxt[0] > e and text[e:nxt[0]] == " ":
        out.append(("next_word", norm(text[nxt[0]:nxt[1]]), s, nxt[1], ""))
    p1 = _piece_before(text, s)
    p2 = _piece_before(text, p1[0]) if p1 else None
    before = " ".join(norm(text[p[0]:p[1]]) for p in (p2, p1) if p is not None)
    if len(text[s:e]) <= 40:
        out.append(("drop", before + "|" + norm(text[s:e]), s, s, ""))
        out.append(("relabel_text", norm(text[s:e]), s, e, ""))
    if p1:
        out.append(("relabel_prev", norm(text[p1[0]:p1[1]]), s, e, ""))
    return out


def _separate(spans: Sequence[Span], i: int, start: int, end: int) -> bool:
    """Whether span ``i`` may become ``start..end`` without touching its neighbours."""
    if i > 0 and spans[i - 1].end > start:
        return False
    return not (i + 1 < len(spans) and spans[i + 1].start < end)


class RuleSet:
    """Learnt rules, in the order they were learnt."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = list(rules)
        self._index: dict[tuple[str, str, str], list[int]] = defaultdict(list)
        for n, r in enumerate(self.rules):
            self._index[(r.template, r.label, r.key)].append(n)

    def __len__(self) -> int:
        return len(self.rules)

    def matching(self, text: str, span: Span) -> list[tuple[int, tuple[str, str, int, int, str]]]:
        """(rule number, edit) of every rule that applies to ``span``."""
        out = []
        for cand in candidates(text, span):
            for n in self._index.get((cand[0], span.label, cand[1]), ()):
                out.append((n, cand))
        return out


def _edit(spans: list[Span], i: int, rule: Rule, cand: tuple[str, str, int, int, str]) -> bool:
    """Make rule ``rule``'s edit ``cand`` on span ``i`` in place; False when it would touch a neighbour."""
    template, _key, start, end, _ = cand
    s = spans[i]
    if template == "drop":
        del spans[i]
        return True
    if template.startswith("relabel"):
        spans[i] = Span(s.start, s.end, rule.new_label, s.source, s.score)
        return True
    if not _separate(spans, i, start, end) or end <= start:
        return False
    spans[i] = Span(start, end, s.label, s.source, s.score)
    return True


def apply_rules(text: str, spans: Iterable[Span], rules: RuleSet) -> list[Span]:
    """``spans`` with the rules applied in the order they were learnt, each at most once per span."""
    out = sorted(spans)
    if not rules.rules:
        return out
    for n_rule, rule in enumerate(rules.rules):
        i = 0
        while i < len(out):
            hit = next((c for n, c in rules.matching(text, out[i]) if n == n_rule), None)
            if hit is None or not _edit(out, i, rule, hit):
                i += 1
                continue
            if hit[0] != "drop":
                i += 1
    return out


# --------------------------------------------------------------------------- learning


def _score_rules(docs: Sequence[tuple[str, set, list[Span]]], f1: float) -> dict[Rule, list[int]]:
    """Per candidate rule: [gain numerator parts] = [made exact, unmade exact, dropped wrong, dropped right]."""
    stats: dict[Rule, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for text, gold, spans in docs:
        gold_at: dict[tuple[int, int], str] = {(a, b): lab for a, b, lab in gold}
        for i, s in enumerate(spans):
            was = (s.start, s.end, s.label) in gold
            for cand in candidates(text, s):
                template, key, start, end, _ = cand
                if template == "drop":
                    stats[Rule("drop", s.label, key)][3 if was else 2] += 1
                    continue
                if template.startswith("relabel"):
                    target = gold_at.get((s.start, s.end))
                    if target is not None and target != s.label:
                        stats[Rule(template, s.label, key, target)][0] += 1
                    continue
                if end <= start or not _separate(spans, i, start, end):
                    continue
                now = (start, end, s.label) in gold
                if now != was:
                    stats[Rule(template, s.label, key)][0 if now else 1] += 1
    # a relabel unmakes the spans it changes that were right: count them for each relabel rule found
    if any(r.template.startswith("relabel") for r in stats):
        by_key: dict[tuple[str, str, str], list[Rule]] = defaultdict(list)
        for r in stats:
            if r.template.startswith("relabel"):
                by_key[(r.template, r.label, r.key)].append(r)
        for text, gold, spans in docs:
            gold_at = {(a, b): lab for a, b, lab in gold}
            for s in spans:
                for cand in candidates(text, s):
                    for r in by_key.get((cand[0], s.label, cand[1]), ()):
                        if (s.start, s.end, s.label) in gold:
                            stats[r][1] += 1
    return stats


def _gain(rule: Rule, st: list[int], f1: float) -> float:
    made, unmade, drop_wrong, drop_right = st
    if rule.template == "drop":
        return drop_wrong * f1 - drop_right * (2 - f1)
    return 2.0 * (made - unmade)


def learn_rules(
    docs: Iterable[tuple[str, Iterable[Span], Iterable[Span]]], *, min_gain: float = 4.0, min_ratio: float = 0.75,
    max_rules: int = 200, log: Callable[[str], None] = lambda m: None,
) -> RuleSet:
    """Rules learnt from (text, gold spans, predicted spans) of notes the tagger did not see in training.

    Greedy: the candidate with the highest gain is kept when it gains ``min_gain`` and is right at least
    ``min_ratio`` of the times it changes a span, applied to the predictions, and the search repeated."""
    data = [(text, {(g.start, g.end, g.label) for g in gold}, sorted(pred)) for text, gold, pred in docs]
    rules: list[Rule] = []
    while len(rules) < max_rules:
        tp = sum(1 for _t, gold, spans in data for s in spans if (s.start, s.end, s.label) in gold)
        n_gold = sum(len(g) for _t, g, _s in data)
        n_pred = sum(len(s) for _t, _g, s in data)
        f1 = 2 * tp / max(1, n_gold + n_pred)
        best = None
        for rule, st in _score_rules(data, f1).items():
            good, bad = (st[2], st[3]) if rule.template == "drop" else (st[0], st[1])
            if good + bad == 0 or good / (good + bad) < min_ratio:
                continue
            gain = _gain(rule, st, f1)
            if gain >= min_gain:
                rank = (-gain, -good, _order(rule))
                if best is None or rank < best[0]:
                    best = (rank, gain, rule, good, bad)
        if best is None:
            break
        _rank, gain, rule, good, bad = best
        rules.append(rule)
        log(f"rule {len(rules)}: {rule.template} {rule.label} -> {rule.new_label or '='} gain {gain:.1f} "
            f"({good} right, {bad} wrong)")
        one = RuleSet([rule])
        data = [(text, gold, apply_rules(text, spans, one)) for text, gold, spans in data]
    return RuleSet(rules)


def _order(rule: Rule) -> tuple[str, str, str, str]:
    """A fixed order among rules of equal gain, so that learning is deterministic."""
    return (rule.template, rule.label, rule.key, rule.new_label)


# --------------------------------------------------------------------------- bench


ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"


def load_pred(path: Path) -> dict[str, list[Span]]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        out[row["id"]] = [Span(s["start"], s["end"], s["label"]) for s in row["spans"]]
    return out


def strict(docs, pred) -> dict:
    return evaluate(docs, pred).as_dict()["entity_strict"]


def line(name: str, s: dict, base: dict | None = None) -> str:
    d = f" ({s['f1'] - base['f1']:+.4f})" if base else ""
    return (f"{name:34s} P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f}{d}  "
            f"tp {s['tp']} fp {s['fp']} fn {s['fn']}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--train-pred", type=Path, required=True)
    ap.add_argument("--dev-pred", type=Path)
    ap.add_argument("--min-gain", type=float, default=4.0)
    ap.add_argument("--min-ratio", type=float, default=0.75)
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args()
    raw = load_pred(args.train_pred)
    train = [d for d in read_corpus(args.data / "train") if d.id in raw]
    pred = {d.id: other_mentions(d.text, raw[d.id]) for d in train}
    halves = [train[0::2], train[1::2]]
    before, after = {}, {}
    for k in (0, 1):
        fit, held = halves[k], halves[1 - k]
        rules = learn_rules([(d.text, d.spans, pred[d.id]) for d in fit], min_gain=args.min_gain,
                            min_ratio=args.min_ratio)
        print(f"half {k}: {len(rules)} rules learnt on {len(fit)} notes")
        for d in held:
            before[d.id] = pred[d.id]
            after[d.id] = apply_rules(d.text, pred[d.id], rules)
    b = strict(train, before)
    print(line("train, consistency (jackknifed)", b))
    print(line("train, + rules (two-fold)", strict(train, after), b))
    rules = learn_rules([(d.text, d.spans, pred[d.id]) for d in train], min_gain=args.min_gain,
                        min_ratio=args.min_ratio, log=lambda m: print("  " + m))
    if args.dev_pred:
        draw = load_pred(args.dev_pred)
        dev = [d for d in read_corpus(args.data / "dev") if d.id in draw]
        dpred = {d.id: other_mentions(d.text, draw[d.id]) for d in dev}
        b = strict(dev, dpred)
        print(line("dev, consistency", b))
        print(line("dev, + rules learnt on all train", strict(dev, {d.id: apply_rules(d.text, dpred[d.id], rules)
                                                                  for d in dev}), b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
