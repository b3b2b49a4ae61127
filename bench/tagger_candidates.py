"""Does tagging only candidate regions change what the default pipeline finds?

    python bench/make_realprose.py          # once: bench/out/realprose/*.jsonl
    python bench/tagger_candidates.py       # report, held-out sets, case transforms, synthetic dev
    python bench/tagger_candidates.py --sets report --dev-notes 100

For each set the default pipeline (rules + lexicon + bundled CRF) runs twice on every
note, in one process: the CRF tagging the whole note (``candidate_context=None``, the
behaviour before candidate regions) and tagging only the candidate regions
(``detect.tagger.candidates``, the default). Printed per set: token precision and
recall of both (``phisift.evaluate``, neutral regions of the real-prose sets ignored),
how many of the CRF's own spans differ, and the CPU seconds the CRF took either way
(rule and lexicon runs are shared and not counted). The synthetic dev set is
``generate_notes(N, seed=1)`` (bench/tagger_english.py's dev set).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from phisift.evaluate import evaluate
from phisift.formats import read_corpus
from phisift.pipeline import Pipeline, load_config
from phisift.synth import generate_notes

ROOT = Path(__file__).resolve().parent
SETS = ("report", "heldout_types", "heldout_carrier", "queries", "report_upper", "report_lower")


def compare(name: str, docs: list, pipe: Pipeline, crf) -> str:
    preds: dict[str, dict] = {"whole note": {}, "candidates": {}}
    crf_cpu = {"whole note": 0.0, "candidates": 0.0}
    changed = total = 0
    for d in docs:
        got = {}
        for mode, ctx in (("whole note", None), ("candidates", crf.default_context)):
            crf.candidate_context = ctx
            pipe.detect(d.text)  # rules and lexicon remembered for this text
            t = time.process_time()
            got[mode] = set(crf.detect(d.text))
            crf_cpu[mode] += time.process_time() - t
            preds[mode][d.id] = pipe.detect(d.text)
        changed += len(got["whole note"] ^ got["candidates"])
        total += len(got["whole note"])
    crf.candidate_context = crf.default_context
    out = [f"{name} ({len(docs)} notes): CRF spans {total}, differing {changed}; "
           f"CRF CPU-s whole {crf_cpu['whole note']:.1f}, candidates {crf_cpu['candidates']:.1f}"]
    for mode, pred in preds.items():
        r = evaluate(docs, pred).as_dict()
        t = r["token"]
        out.append(f"  {mode:10s} token P {t['precision']:.4f} R {t['recall']:.4f} (tp {t['tp']} fp {t['fp']} "
                   f"fn {t['fn']}) strict F1 {r['entity_strict']['f1']:.4f}")
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=ROOT / "out" / "realprose")
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--dev-notes", type=int, default=300)
    args = ap.parse_args()
    pipe = Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"}}))
    crf = next(d for d in pipe.detectors if d.name == "model")
    crf.default_context = crf.candidate_context
    for name in [s for s in args.sets.split(",") if s]:
        path = args.dir / f"{name}.jsonl"
        if not path.exists():
            raise SystemExit(f"{path}: missing; run bench/make_realprose.py first")
        print(compare(name, list(read_corpus(path)), pipe, crf), flush=True)
    if args.dev_notes:
        print(compare("synthetic dev (seed 1)", generate_notes(args.dev_notes, seed=1), pipe, crf), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
