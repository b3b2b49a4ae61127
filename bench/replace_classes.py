"""What neighbour pseudonymisation writes per MEDDOCAN label: does a replacement keep its class?

    nice -n 10 python bench/replace_classes.py [N] [--draw class|all] [--vectors FILE]

Pseudonymises MEDDOCAN train (``$PHISIFT_DATA/meddocan/train``) once with N neighbours
(default 100, seed 0; ``--draw``: within each word's class, the default, or the whole
space) in the space ``bench/augment_meddocan.py`` builds
(``bench/out/augment/vectors_surrogates.bin`` unless ``--vectors``; run that bench first), and prints per
label the number of spans, the share of alphabetic replacement words that are in
phisift's name, city and country lists, and eight replaced spans drawn at random.
Only the *replacements* are printed, never an original span.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
DATA = Path(os.environ.get("PHISIFT_DATA", "/work/shared/data")) / "meddocan"

from phisift.augment import NeighbourPseudonymiser, NeighbourSettings  # noqa: E402
from phisift.augment.neighbours import surrogate_words  # noqa: E402
from phisift.formats import read_corpus  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", nargs="?", type=int, default=100)
    ap.add_argument("--draw", choices=("class", "all"), default="class")
    ap.add_argument("--vectors", type=Path, default=ROOT / "bench" / "out" / "augment" / "vectors_surrogates.bin")
    args = ap.parse_args()
    train = list(read_corpus(DATA / "train"))
    tool = NeighbourPseudonymiser.from_path(train, args.vectors, NeighbourSettings(n=args.n, seed=0, draw=args.draw))
    lists = {w.lower() for w in surrogate_words()}
    out: dict[str, list[str]] = defaultdict(list)
    for doc in train:
        new = tool.pseudonymise(doc)
        for s in new.spans:
            out[s.label].append(s.text_in(new.text))
    rng = random.Random(0)
    for label, vals in sorted(out.items(), key=lambda kv: -len(kv[1])):
        words = [w for v in vals for w in v.split() if w.isalpha()]
        in_lists = sum(w.lower() in lists for w in words) / max(1, len(words))
        sample = " | ".join(rng.sample(vals, min(8, len(vals))))
        print(f"{label} {len(vals)} spans; alphabetic words in name/place lists {in_lists:.2f}; e.g. {sample}")
    print(tool.stats.as_dict())


if __name__ == "__main__":
    main()
