"""Regenerate the bundled example notes: examples/notes/*.txt and examples/gold.jsonl.

    python examples/make_examples.py

The notes are synthetic (``phisift.synth.generate_notes``, seed 2024); every
name, date, place and number in them is invented. One short-to-medium note of
each of six types is kept; ids in gold.jsonl are the file stems.
"""

from __future__ import annotations

import json
from pathlib import Path

from phisift import Document
from phisift.synth import generate_notes

SEED = 2024
WANTED = ("clinic_note", "discharge_summary", "letter", "ed_note", "radiology_report", "social_work_note")
MIN_CHARS, MAX_CHARS = 700, 3200
HERE = Path(__file__).resolve().parent


def pick() -> dict[str, Document]:
    chosen: dict[str, Document] = {}
    for doc in generate_notes(400, seed=SEED):
        kind = doc.meta["note_type"]
        letters = [c for c in doc.text if c.isalpha()]
        readable = sum(c.islower() for c in letters) > 0.6 * len(letters)  # skip the all-capitals layout
        if kind in WANTED and kind not in chosen and MIN_CHARS <= len(doc.text) <= MAX_CHARS and readable:
            chosen[kind] = doc
    missing = set(WANTED) - set(chosen)
    if missing:
        raise SystemExit(f"no suitable note for {sorted(missing)}; widen the search")
    return chosen


def main() -> None:
    notes = HERE / "notes"
    notes.mkdir(exist_ok=True)
    chosen = pick()
    lines = []
    for kind in WANTED:
        doc = chosen[kind]
        (notes / f"{kind}.txt").write_text(doc.text, encoding="utf-8", newline="")
        spans = [{"start": s.start, "end": s.end, "label": s.label} for s in doc.spans]
        lines.append(json.dumps({"id": kind, "text": doc.text, "spans": spans}, ensure_ascii=False))
    (HERE / "gold.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8", newline="")
    print(f"wrote {len(lines)} notes to {notes} and gold.jsonl")


if __name__ == "__main__":
    main()
