"""MEDDOCAN boundaries: which gold spans the tagger's pieces can reach, and what kind the dev errors are.

Usage:
    python bench/meddocan_boundaries.py [--data ../shared/data/meddocan] [--model DIR | --pred spans.jsonl]
                                        [--save-pred spans.jsonl] [--show N] [--label L]

Part 1 (no model, no training): for train and dev, the gold spans whose start or end
falls inside a piece (``pieces.split_pieces`` of ``text.sentence_tokens``, as the
featurizer cuts them). A CRF labels whole pieces, so such a span can never be
matched exactly; each is counted by the characters around the cut ("d|d", "x|X", ...).
Also the gold spans that BIO encoding and decoding do not give back (two gold spans
sharing a piece, adjacent spans of the same label).

Part 2 (with ``--model`` or ``--pred``): the dev predictions against gold, each gold
span in one class:

* exact: same start, end and label (a strict true positive);
* boundary: a prediction with the same label overlaps it, offsets differ;
* label: a prediction with the same offsets, another label;
* both: only predictions with another label and other offsets overlap it;
* missed: no prediction overlaps it;

and each prediction that overlaps no gold span is spurious. Per label, plus up to
``--show`` examples of boundary errors (dev text: the tuning split of this corpus).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from phisift.document import Span
from phisift.detect.tagger.pieces import bio_labels, char_class, decode_bio, split_pieces
from phisift.formats import read_corpus
from phisift.text import sentence_tokens

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data" / "meddocan"


def _cls(c: str) -> str:
    """The pieces' character class, "_" for a space or the text's edge."""
    return "_" if not c or c.isspace() else char_class(c)


def reachability(docs, name: str, show: int) -> None:
    """Gold spans cut inside a piece, and gold spans BIO round-tripping does not return."""
    inside: Counter = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    n = not_back = 0
    not_back_labels: Counter = Counter()
    for doc in docs:
        pieces = [p for g in sentence_tokens(doc.text) for p in split_pieces(g)]
        starts = {p.start for p in pieces}
        ends = {p.end for p in pieces}
        for s in doc.spans:
            n += 1
            for pos, edge in ((s.start, "start"), (s.end, "end")):
                if pos in (starts if edge == "start" else ends):
                    continue
                key = f"{edge} {_cls(doc.text[pos - 1:pos])}|{_cls(doc.text[pos:pos + 1])}"
                inside[key] += 1
                if len(examples[key]) < show:
                    a, b = max(0, s.start - 12), min(len(doc.text), s.end + 12)
                    examples[key].append(f"{s.label}: {doc.text[a:s.start]!r} [{doc.text[s.start:s.end]!r}] "
                                         f"{doc.text[s.end:b]!r}")
        back = {(sp.start, sp.end, sp.label) for sp in decode_bio(pieces, bio_labels(pieces, doc.spans))}
        for s in doc.spans:
            if (s.start, s.end, s.label) not in back:
                not_back += 1
                not_back_labels[s.label] += 1
    cut = sum(inside.values())
    print(f"{name}: {n} gold spans; edges inside a piece: {cut}; spans BIO over pieces does not give back: "
          f"{not_back} ({not_back / n:.2%})")
    for key, c in inside.most_common():
        print(f"  {key:12s} {c}")
        for e in examples[key]:
            print(f"      {e}")
    if not_back_labels:
        print("  not given back, by label: " + ", ".join(f"{k} {v}" for k, v in not_back_labels.most_common()))


def error_kinds(docs, pred: dict[str, list[Span]], show: int, only: str | None) -> None:
    kinds: dict[str, Counter] = defaultdict(Counter)
    spurious: Counter = Counter()
    shown: list[str] = []
    for doc in docs:
        ps = pred.get(doc.id, [])
        for g in doc.spans:
            over = [p for p in ps if p.start < g.end and g.start < p.end]
            if any(p.start == g.start and p.end == g.end and p.label == g.label for p in over):
                kind = "exact"
            elif any(p.label == g.label for p in over):
                kind = "boundary"
                if len(shown) < show and (only is None or g.label == only):
                    a = min([g.start] + [p.start for p in over]) - 25
                    b = max([g.end] + [p.end for p in over]) + 25
                    t = doc.text[max(0, a):b]
                    pp = ", ".join(repr(doc.text[p.start:p.end]) for p in over if p.label == g.label)
                    shown.append(f"{g.label}: gold {doc.text[g.start:g.end]!r} pred {pp}  | {t!r}")
            elif any(p.start == g.start and p.end == g.end for p in over):
                kind = "label"
            elif over:
                kind = "both"
            else:
                kind = "missed"
            kinds[g.label][kind] += 1
        for p in ps:
            if not any(p.start < g.end and g.start < p.end for g in doc.spans):
                spurious[p.label] += 1
    total = Counter()
    for c in kinds.values():
        total.update(c)
    cols = ["exact", "boundary", "label", "both", "missed"]
    print(f"\n{'label':34s} " + " ".join(f"{c:>8s}" for c in cols) + f" {'spurious':>8s}")
    for label in sorted(kinds, key=lambda k: -sum(v for kk, v in kinds[k].items() if kk != "exact")):
        print(f"{label:34s} " + " ".join(f"{kinds[label][c]:8d}" for c in cols) + f" {spurious[label]:8d}")
    print(f"{'all':34s} " + " ".join(f"{total[c]:8d}" for c in cols) + f" {sum(spurious.values()):8d}")
    if shown:
        print("\nboundary errors:")
        for s in shown:
            print("  " + s)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--model", type=Path, help="a model folder: tag dev with it (its own labels)")
    ap.add_argument("--pred", type=Path, help="dev predictions, JSONL lines {id, spans:[{start,end,label}]}")
    ap.add_argument("--save-pred", type=Path, help="write the model's dev predictions here (JSONL)")
    ap.add_argument("--show", type=int, default=0, help="examples to print per kind")
    ap.add_argument("--label", default=None, help="only show boundary errors of this label")
    ap.add_argument("--skip-reach", action="store_true")
    args = ap.parse_args()

    dev = list(read_corpus(args.data / "dev"))
    if not args.skip_reach:
        train = list(read_corpus(args.data / "train"))
        reachability(train, "train", args.show)
        reachability(dev, "dev", args.show)
    pred: dict[str, list[Span]] | None = None
    if args.model:
        from phisift.detect.tagger.load import load_model_detector

        det = load_model_detector(args.model, map_labels=False)
        pred = {d.id: det.detect(d.text) for d in dev}
        if args.save_pred:
            with args.save_pred.open("w", encoding="utf-8") as f:
                for k, spans in pred.items():
                    f.write(json.dumps({"id": k, "spans": [{"start": s.start, "end": s.end, "label": s.label}
                                                           for s in spans]}) + "\n")
    elif args.pred:
        pred = {}
        for line in args.pred.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            pred[row["id"]] = [Span(s["start"], s["end"], s["label"]) for s in row["spans"]]
    if pred is not None:
        error_kinds(dev, pred, args.show, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
