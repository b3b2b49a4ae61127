"""Split presidio_synth (general-purpose English PII sentences) into a tuning half and a reporting half.

    python bench/make_presidio.py                  # bench/out/presidio/{tune,report}.jsonl
    python bench/realprose_eval.py --dir bench/out/presidio --sets tune,report

The sentences come from about 200 templates, so a split by sentence would put the same
template on both sides. The split is by template instead: the template ids are shuffled
with a fixed seed (2026) and cut in half, so no template of ``report`` was read while
tuning on ``tune``. Labels are mapped to the i2b2 subtypes with phisift's presidio map
(PERSON -> PATIENT, ADDRESS -> STREET, LOCATION -> CITY, CREDIT_CARD and IBAN_CODE ->
ACCOUNT, ...); TITLE, PREFIX and NRP have no i2b2 subtype and become neutral regions
(a prediction there is neither right nor wrong). Each span's ``source`` is
``presidio/LABEL`` so realprose_eval's "family" column shows the original label.

Titles and degrees are neutral too, whatever the generator labelled them: in 42
sentences it labels a lone "Mr." or "Dr." PERSON (in 13 others the same title is
PREFIX), and 14 PERSON spans end in a degree ("Joshua Okamoto MD", "PhD", "DDS").
Neither is PHI in the i2b2 guidelines (names are annotated without titles and
degrees), and presidio's own PREFIX/TITLE labels already are neutral here, so the
title span becomes a PREFIX region and the degree is cut off its name into a TITLE
region ("Jr." and "II" stay: they are part of the name).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

from phisift.fileio import atomic_write
from phisift.taxonomy import PRESIDIO_TO_I2B2

ROOT = Path(__file__).resolve().parent
SHARED = next((p / "shared" / "data" for p in ROOT.parents if (p / "shared" / "data").is_dir()),
              ROOT.parent.parent / "shared" / "data")
SEED = 2026
#: A PERSON span that is only a title ("Mr.", "dr."), and a degree ending a PERSON span (" MD", " PhD").
_TITLE_ONLY = re.compile(r"(?i)(?:mr|mrs|ms|miss|mx|dr|prof)\.?")
_DEGREE_END = re.compile(r"(?i),?[ \t]+(?:md|m\.d\.|phd|ph\.d\.|dds|dvm)\.?$")


def convert(record: dict) -> dict:
    spans, neutral = [], []
    for s in record["spans"]:
        label = PRESIDIO_TO_I2B2.get(s["label"], s["label"])
        value = record["text"][s["start"] : s["end"]]
        if s["label"] == "PERSON" and _TITLE_ONLY.fullmatch(value.strip()):
            neutral.append({"start": s["start"], "end": s["end"], "label": "PREFIX"})
            continue
        degree = _DEGREE_END.search(value) if s["label"] == "PERSON" else None
        if degree and degree.start() > 0:
            cut = s["start"] + degree.start()
            neutral.append({"start": cut, "end": s["end"], "label": "TITLE"})
            s = {**s, "end": cut}
        if label == "OTHER":
            neutral.append({"start": s["start"], "end": s["end"], "label": s["label"]})
        else:
            spans.append({"start": s["start"], "end": s["end"], "label": label, "source": f"presidio/{s['label']}"})
    return {"id": record["id"], "text": record["text"], "spans": spans, "neutral": neutral,
            "template_id": record.get("template_id")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=SHARED / "presidio_synth" / "generated_large.jsonl")
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "presidio")
    args = parser.parse_args(argv)
    records = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    templates = sorted({r.get("template_id") for r in records}, key=lambda t: (t is None, str(t)))
    random.Random(SEED).shuffle(templates)
    tune_templates = set(templates[: len(templates) // 2])
    args.out.mkdir(parents=True, exist_ok=True)
    for name, keep in (("tune", lambda r: r.get("template_id") in tune_templates),
                       ("report", lambda r: r.get("template_id") not in tune_templates)):
        docs = [convert(r) for r in records if keep(r)]
        with atomic_write(args.out / f"{name}.jsonl") as fh:
            for d in docs:
                fh.write(json.dumps(d, ensure_ascii=False) + "\n")
        labels = Counter(s["label"] for d in docs for s in d["spans"])
        n_templates = len({d["template_id"] for d in docs})
        print(f"{args.out / (name + '.jsonl')}: {len(docs)} sentences from {n_templates} templates; "
              + ", ".join(f"{k} {v}" for k, v in sorted(labels.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
