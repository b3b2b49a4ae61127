"""Write the real-prose development sets: PHI injected into MTSamples and MSHA text.

    python bench/make_realprose.py                 # bench/out/realprose/*.jsonl
    python bench/make_realprose.py --n 300 --out bench/out/realprose

Splits, from disjoint carrier texts and seeds (phisift.synth.inject):

* tune.jsonl            MTSamples notes of the tuning specialties, seed 11 (tune detectors here)
* report.jsonl          other notes of the same specialties, seed 12 (report, never tune)
* heldout_types.jsonl   MTSamples specialties that are in neither (discharge summaries,
                        letters, ER reports, psychiatry, ...), seed 13
* heldout_carrier.jsonl MSHA mine-injury narratives as carrier text, seed 14
* queries.jsonl         query-style short texts after a held-out note's description, seed 15
* tune_queries.jsonl    the same kind of texts after a tuning-side note's description, seed 16 (tune here;
                        same templates as queries, so a gain here says little about question text in general)
* tune_dev.jsonl        the last 200 notes of the tuning half (``DEV_NOTES``), seed 17: a development set for the
                        stacker (bench/tagger_train.py trains on the rest of the tuning half, never on these)
* tune_upper.jsonl, tune_lower.jsonl, tune_dev_upper.jsonl, tune_dev_lower.jsonl, report_upper.jsonl, report_lower.jsonl, heldout_types_upper.jsonl,
  heldout_types_lower.jsonl: the same notes upper- and lower-cased (same offsets, same gold); the
                        tune copies are for reading errors under case transforms, the others for figures

A note's text is in at most one split (MTSamples repeats notes under several
specialties; a text filed under both kinds of specialty is used in none). Lines are
``{"id", "text", "spans": [{"start", "end", "label", "source": "family/form"}],
"neutral": [...], "negatives": [...], "carrier", "specialty"}``. Counts by family and
label are printed. bench/out is not committed; the same seeds give the same files.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import sys
from collections import Counter
from pathlib import Path

from phisift.formats import jsonl
from phisift.synth.inject import inject, query, recase

ROOT = Path(__file__).resolve().parent
#: ../shared/data next to the checkout (or next to a parent folder, for git worktrees).
SHARED = next((p / "shared" / "data" for p in ROOT.parents if (p / "shared" / "data").is_dir()),
              ROOT.parent.parent / "shared" / "data")
#: Specialties never used for tuning: other note types than the tuning set's.
HELDOUT_SPECIALTIES = frozenset({
    "Discharge Summary", "Letters", "Emergency Room Reports", "Psychiatry / Psychology", "Pediatrics - Neonatal",
    "Dentistry", "Podiatry", "Sleep Medicine", "Physical Medicine - Rehab", "IME-QME-Work Comp etc.",
    "Hospice - Palliative Care", "Autopsy", "Chiropractic", "Speech - Language", "Diets and Nutritions",
    "Allergy / Immunology", "Lab Medicine - Pathology", "Rheumatology", "Endocrinology", "Bariatrics",
    "Cosmetic / Plastic Surgery", "Dermatology", "Hematology - Oncology", "Nephrology",
})
SEEDS = {"tune": 11, "report": 12, "heldout_types": 13, "heldout_carrier": 14, "queries": 15, "tune_queries": 16,
         "tune_dev": 17}
CASED = ("tune", "report", "heldout_types", "tune_dev")
#: Notes at the end of the tuning half kept for the stacker's development set (``tune_dev``).
DEV_NOTES = 200


def tuning_half(tune_side: list[dict]) -> list[dict]:
    """The tuning half of the tuning-specialty notes (the other half is ``report``), in set order."""
    rows = list(tune_side)
    random.Random(2026).shuffle(rows)
    return rows[: len(rows) // 2]


def mtsamples(path: Path) -> tuple[list[dict], list[dict]]:
    """(tuning-specialty notes, held-out-specialty notes), each text once, in file order."""
    csv.field_size_limit(sys.maxsize)
    with open(path, newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if (r.get("transcription") or "").strip()]
    kinds: dict[str, set[bool]] = {}
    for r in rows:
        kinds.setdefault(r["transcription"], set()).add(r["medical_specialty"].strip() in HELDOUT_SPECIALTIES)
    seen: set[str] = set()
    tune_side, heldout = [], []
    for r in rows:
        text = r["transcription"]
        if text in seen or len(kinds[text]) > 1:
            continue
        seen.add(text)
        (heldout if True in kinds[text] else tune_side).append(r)
    return tune_side, heldout


def msha(path: Path, n: int) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if len((r.get("NARRATIVE") or "").strip()) > 40]
    random.Random(2014).shuffle(rows)
    return rows[:n]


def injected(rows: list[dict], split: str, n: int) -> list:
    seed = SEEDS[split]
    return [inject(f"{split}-{r['note_id']}", r["transcription"].strip(), seed,
                   meta={"carrier": "mtsamples", "specialty": r["medical_specialty"].strip()}) for r in rows[:n]]


def build(n: int, data: Path) -> dict[str, list]:
    tune_side, heldout = mtsamples(data / "mtsamples" / "mtsamples.csv")
    random.Random(2026).shuffle(tune_side)
    random.Random(2027).shuffle(heldout)
    half = len(tune_side) // 2
    sets = {
        "tune": injected(tune_side[:half], "tune", n),
        "report": injected(tune_side[half:], "report", n),
        "heldout_types": injected(heldout, "heldout_types", n),
        "tune_dev": injected(tune_side[:half][n:][-DEV_NOTES:], "tune_dev", DEV_NOTES),
    }
    narratives = msha(data / "msha" / "msha_bodypart.csv", n)
    sets["heldout_carrier"] = [
        inject(f"heldout_carrier-{i}", r["NARRATIVE"].strip(), SEEDS["heldout_carrier"],
               meta={"carrier": "msha", "specialty": ""}) for i, r in enumerate(narratives)]
    contexts = [r.get("description", "").strip() for r in heldout[n : 2 * n]]
    sets["queries"] = [
        query(f"queries-{i}", SEEDS["queries"], contexts[i] if i % 2 and i < len(contexts) else "")
        for i in range(n)]
    # query-style texts to tune on: another seed, and the descriptions of tuning-side notes as context
    tune_contexts = [r.get("description", "").strip() for r in tune_side[2 * n : 3 * n]]
    sets["tune_queries"] = [
        query(f"tune_queries-{i}", SEEDS["tune_queries"], tune_contexts[i] if i % 2 and i < len(tune_contexts) else "")
        for i in range(n)]
    for name in CASED:
        for mode in ("upper", "lower"):
            sets[f"{name}_{mode}"] = [recase(d, mode) for d in sets[name]]
    return sets


def summary(name: str, docs: list) -> str:
    fams: Counter = Counter(s.source.split("/")[0] for d in docs for s in d.spans)
    labels: Counter = Counter(s.label for d in docs for s in d.spans)
    neutral = sum(len(d.meta.get("neutral", ())) for d in docs)
    negatives = sum(len(d.meta.get("negatives", ())) for d in docs)
    return (f"{name}: {len(docs)} notes, {sum(labels.values())} spans, {neutral} neutral regions, "
            f"{negatives} look-alike negatives\n  by family: " + ", ".join(f"{k} {v}" for k, v in sorted(fams.items()))
            + "\n  by label:  " + ", ".join(f"{k} {v}" for k, v in sorted(labels.items())))


def main(argv: list[str] | None = None) -> int:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Faker picks some values from sets, whose order follows the hash seed: fix it so that the
        # same seeds give byte-identical files in every run (one note per split differed otherwise)
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=300, help="notes per split (default 300)")
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "realprose")
    parser.add_argument("--data", type=Path, default=SHARED, help="the shared data folder")
    args = parser.parse_args(argv)
    sets = build(args.n, args.data)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, docs in sets.items():
        path = args.out / f"{name}.jsonl"
        jsonl.write(docs, path)
        if not name.endswith(("_upper", "_lower")):
            print(f"{path}\n{summary(name, docs)}")
        else:
            print(f"{path}: {len(docs)} notes (case transform)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
