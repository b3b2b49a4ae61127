"""Where pseudonymised MEDDOCAN training notes differ from the notes a tagger meets: per label, aggregate counts.

    nice -n 10 python bench/neighbour_gap.py [--n 100] [--keep-kind] [--vectors FILE] [--hits]
    python bench/neighbour_gap.py --compare RUN_DIR RUN_DIR ...   # per-label dev F1 of bench runs

Pseudonymises MEDDOCAN train once (seed 0, as ``bench/augment_meddocan.py`` does, in the
space it builds: ``bench/out/augment/vectors_surrogates.bin`` unless ``--vectors``) and
prints, per label:

* the *kind words* of the label's spans (``augment.classes``: function words, age units,
  street types, hospital heads, relatives, common words; never a name or place word),
  with how often each stands inside a span of the label in raw train, in the
  pseudonymised train and in dev. A tagger learns from the words inside spans; a word
  that never stands in a pseudonymised span (*Hospital*, when every kind word is
  replaced by another) is one the tagger cannot learn from;
* with ``--leaks``, per label, the pseudonymised spans equal to their original or to any PHI
  string of the corpus (case-folded), and replacement words whose normalised form is a PHI word
  of the corpus (kind words drawn within their class are such words: *padre* for *madre*);
* with ``--hits``, the share of gold spans that a rule or lexicon detector hit (the
  CRF's detector features) overlaps, in raw train, pseudonymised train and dev.

With ``--compare``, it prints instead the dev strict F1, true and false positives per label of
``bench/augment_meddocan.py`` runs (their ``phisift_model.json``), side by side.

Only kind words (generic vocabulary, never identifying) and counts are printed; no
name, place or other identifying word of any note.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
DATA = Path(os.environ.get("PHISIFT_DATA", "/work/shared/data")) / "meddocan"

from phisift.augment import NeighbourPseudonymiser, NeighbourSettings  # noqa: E402
from phisift.augment.words import span_tokens  # noqa: E402
from phisift.formats import read_corpus  # noqa: E402


def kind_counts(docs, classes) -> dict[str, Counter[str]]:
    """label -> kind word (lower case) -> uses inside spans of the label."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for doc in docs:
        for s in doc.spans:
            for t in span_tokens(doc.text, s):
                w = t.text.strip(".,;:()")
                if len(w) > 1 and w.isalpha() and classes.kind_of(s.label.upper(), w) is not None:
                    out[s.label][w.lower()] += 1
    return out


def hit_share(docs) -> dict[str, tuple[int, int]]:
    """label -> (gold spans overlapped by a rule or lexicon hit, gold spans)."""
    from phisift.detect.lexicon.detector import LexiconDetector
    from phisift.detect.rules.detector import RuleDetector

    dets = [RuleDetector(), LexiconDetector()]
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for doc in docs:
        hits = [h for d in dets for h in d.detect(doc.text)]
        for s in doc.spans:
            out[s.label][1] += 1
            out[s.label][0] += any(h.start < s.end and s.start < h.end for h in hits)
    return {k: (v[0], v[1]) for k, v in out.items()}


def compare(runs: list[Path]) -> None:
    """Per-label dev strict F1 (tp/fp) of trained models, the first run's labels by dev spans."""
    import json

    by = [json.loads((r / "phisift_model.json").read_text())["dev"] for r in runs]
    labels = sorted(by[0]["by_label"], key=lambda lab: -(by[0]["by_label"][lab]["tp"] + by[0]["by_label"][lab]["fn"]))
    print("| label | dev spans | " + " | ".join(r.name for r in runs) + " |")
    print("|---" * (len(runs) + 2) + "|")
    for lab in labels:
        cells = []
        for d in by:
            x = d["by_label"].get(lab)
            cells.append(f"{100 * x['f1']:.1f} ({x['tp']}/{x['fp']})" if x else "-")
        spans = by[0]["by_label"][lab]["tp"] + by[0]["by_label"][lab]["fn"]
        print(f"| {lab} | {spans} | " + " | ".join(cells) + " |")
    print("| **all (strict micro F1)** | | " + " | ".join(f"{100 * d['entity_strict']['f1']:.2f}" for d in by) + " |")


def leaks(train, pseudo, tool) -> None:
    """Per label: pseudonymised spans equal (case-folded) to a PHI string of any training note, to their own
    original, and replacement words (not generic, not kept) whose normalised form is a PHI word of the corpus."""
    from phisift.augment.neighbours import _CORE, phi_keys, word_keys
    from phisift.text import tokenize

    banned = phi_keys(train)
    strings = {s.text_in(d.text).casefold() for d in train for s in d.spans}
    rows: dict[str, Counter[str]] = defaultdict(Counter)
    for old, new in zip(train, pseudo):
        for a, b in zip(old.spans, new.spans):
            before, after = a.text_in(old.text), b.text_in(new.text)
            row = rows[a.label]
            row["spans"] += 1
            row["same as own"] += after == before
            row["a corpus PHI string"] += after.casefold() in strings
            kept = {t.text for t in tokenize(before)}
            for t in tokenize(after):
                core = _CORE.match(t.text).group(2)
                if len(core) > 1 and core.isalpha() and core not in kept and word_keys(core) & banned:
                    row["replacement words that are corpus PHI words"] += 1
    for label, row in sorted(rows.items(), key=lambda kv: -kv[1]["spans"]):
        print(f"{label}: " + ", ".join(f"{k} {v}" for k, v in row.items()))


def main() -> None:
    if sys.argv[1:2] == ["--compare"]:
        compare([Path(a) for a in sys.argv[2:]])
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--keep-kind", action="store_true", help="keep generic kind words (NeighbourSettings.keep_kind)")
    ap.add_argument("--vectors", type=Path, default=ROOT / "bench" / "out" / "augment" / "vectors_surrogates.bin")
    ap.add_argument("--hits", action="store_true", help="also the detector-hit share per label (slower)")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--leaks", action="store_true", help="also count output spans equal to a PHI string of the corpus")
    args = ap.parse_args()
    train = list(read_corpus(DATA / "train"))
    dev = list(read_corpus(DATA / "dev"))
    extra = {"keep_kind": True} if args.keep_kind else {}
    tool = NeighbourPseudonymiser.from_path(train, args.vectors, NeighbourSettings(n=args.n, seed=0, **extra))
    pseudo = list(tool.pseudonymise_all(train))
    classes = tool.classes
    raw_k, pseudo_k, dev_k = kind_counts(train, classes), kind_counts(pseudo, classes), kind_counts(dev, classes)
    for label in sorted(raw_k, key=lambda lab: -sum(raw_k[lab].values())):
        top = raw_k[label].most_common(args.top)
        print(f"{label}: kind words in spans raw/pseudo/dev: "
              + ", ".join(f"{w} {c}/{pseudo_k[label][w]}/{dev_k[label][w]}" for w, c in top))
    if args.leaks:
        leaks(train, pseudo, tool)
    if args.hits:
        shares = [hit_share(train), hit_share(pseudo), hit_share(dev)]
        for label in sorted(shares[0], key=lambda lab: -shares[0][lab][1]):
            cells = [f"{100 * s[label][0] / max(1, s[label][1]):.1f}%" if label in s else "-" for s in shares]
            print(f"{label}: spans overlapped by a rule/lexicon hit, raw train {cells[0]}, pseudonymised {cells[1]}, "
                  f"dev {cells[2]}")
    print(tool.stats.as_dict())


if __name__ == "__main__":
    main()
