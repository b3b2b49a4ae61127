"""Detections on real, uninjected carrier prose: nearly all of them are false positives.

    python bench/rawprose_fps.py                              # bench/out/rawprose
    python bench/rawprose_fps.py --notes 400 --msha 400 --settings "default;rules,lexicon"

The texts are the ones the real-prose sets (bench/make_realprose.py) may be tuned on:
MTSamples notes of the *tuning half* of the tuning specialties (never the half that
`report` draws from, never a held-out specialty) and MSHA narratives past the rows
`heldout_carrier` uses. No PHI is injected, so a detection is the carrier's own
placeholder or date ("Dr. X", "01/05/2008", "65-year-old") or a false positive:
clinical words, eponyms, drugs, headers read as names, places or institutions. The
first ``--cased`` notes are read again upper- and lower-cased (``mtsamples_upper``,
``mtsamples_lower``; `str.upper` keeps the length of these texts).

For each carrier and setting it prints detections per 10,000 words, by label, and
writes the detected strings ranked by count to ``OUT/strings-SETTING-CARRIER.tsv``
(label, count, string; public carrier text). With both settings, the strings the
default pipeline finds and rules + lexicon do not (the stacker's additions) go to
``OUT/stacker-CARRIER.tsv``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

import make_realprose
from realprose_eval import SETTINGS, detect

from phisift.document import Document
from phisift.formats import jsonl, read_spans

ROOT = Path(__file__).resolve().parent


def carriers(notes: int, msha: int, cased: int) -> dict[str, list[Document]]:
    """The tuning half's MTSamples notes and MSHA rows after the held-out carrier's, uninjected;
    the first ``cased`` notes also in capitals and in lower case (the hard forms)."""
    tune_side, _ = make_realprose.mtsamples(make_realprose.SHARED / "mtsamples" / "mtsamples.csv")
    random.Random(2026).shuffle(tune_side)
    half = tune_side[: len(tune_side) // 2]  # the other half is `report`'s
    rows = make_realprose.msha(make_realprose.SHARED / "msha" / "msha_bodypart.csv", 300 + msha)[300:]
    mt = [Document(f"mt-{r['note_id']}", r["transcription"].strip()) for r in half[:notes]]
    return {
        "mtsamples": mt,
        "msha": [Document(f"msha-{i}", r["NARRATIVE"].strip()) for i, r in enumerate(rows)],
        "mtsamples_upper": [Document(d.id, d.text.upper()) for d in mt[:cased]],
        "mtsamples_lower": [Document(d.id, d.text.lower()) for d in mt[:cased]],
    }


def strings(docs: list[Document], pred: dict[str, list]) -> Counter:
    found: Counter = Counter()
    for d in docs:
        for s in pred.get(d.id, ()):
            found[(s.label, " ".join(d.text[s.start : s.end].split()))] += 1
    return found


def write_ranked(path: Path, found: Counter) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for (label, value), n in sorted(found.items(), key=lambda kv: (-kv[1], kv[0])):
            fh.write(f"{label}\t{n}\t{value}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=827, help="tuning-half MTSamples notes (default: all 827)")
    parser.add_argument("--msha", type=int, default=600, help="MSHA narratives after the held-out 300")
    parser.add_argument("--cased", type=int, default=300, help="notes also read upper- and lower-cased")
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "rawprose")
    parser.add_argument("--settings", default=";".join(SETTINGS), help="default;rules,lexicon (separated by ';')")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    settings = [s for s in SETTINGS if s in args.settings.split(";")]
    found: dict[tuple[str, str], Counter] = {}
    for carrier, docs in carriers(args.notes, args.msha, args.cased).items():
        src = args.out / f"{carrier}.jsonl"
        jsonl.write(docs, src)
        words = sum(len(d.text.split()) for d in docs)
        for setting in settings:
            tag = setting.replace(",", "+")
            out = args.out / f"pred-{tag}-{carrier}.jsonl"
            detect(src, out, SETTINGS[setting], args.out / f"store-{tag}.sqlite")
            pred = read_spans(out)
            found[(setting, carrier)] = got = strings(docs, pred)
            write_ranked(args.out / f"strings-{tag}-{carrier}.tsv", got)
            labels: Counter = Counter()
            for (label, _), n in got.items():
                labels[label] += n
            total = sum(labels.values())
            print(f"[{setting}] {carrier}: {len(docs)} texts, {words} words, {total} detections, "
                  f"{total * 10000 / max(words, 1):.1f} per 10k words")
            print("  by label: " + ", ".join(f"{k} {v}" for k, v in labels.most_common()))
        if len(settings) == 2:
            write_ranked(args.out / f"stacker-{carrier}.tsv",
                         found[(settings[0], carrier)] - found[(settings[1], carrier)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
