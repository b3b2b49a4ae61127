"""CPU seconds of each detection pass of the default pipeline, sorted, with its share of the total: the speed budget.

    python bench/pass_costs.py                          # first 1,500 MTSamples notes
    python bench/pass_costs.py --notes 600 --top 30
    python bench/pass_costs.py --big bench/out/tagger_speed/big/note.txt --big-chars 4000000

Issue 16.2 asks the default pipeline (rules + lexicon + tagger) for 500,000 characters
per CPU-second (``bench/tagger_speed.py``), and every new or widened pass must say what
it costs: a pass above 1% of the total needs a reason. This builds the pipeline as
``tagger_speed.py`` does (``Pipeline.from_config``, the default config), wraps the
pipeline's own pass objects in a CPU clock (``time.process_time``) and runs
``Pipeline.detect`` over the notes (and, with ``--big``, over the first ``--big-chars``
characters of one big note, cut into the pipeline's windows as a 50 MB note is):

* rules: the numeric scan and each numeric shape's handler, the cue-word scan and each
  cue handler, each ``TEXT_PASSES`` entry (``applies`` and ``run``), and the rest
  (``Scan`` set-up, ``resolve``);
* lexicon: each ``PASSES`` entry and the repeat pass, and the rest (tokenising,
  recasing, the closing street check);
* tagger: candidate regions, features, and the rest (the CRF itself, decoding);
* the combiner, and whatever else ``Pipeline.detect`` does.

A nested entry's time is not counted again in its parent's "own" line, so the shares
add up to 100%. The clock costs about a microsecond per call, so figures run a few
percent above ``tagger_speed.py``'s; compare passes with each other, and a pass before
and after a change, in the same run. Start-up (building the pipeline and the first
note, which loads the word lists and the model) is printed apart.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from tagger_speed import mtsamples  # noqa: E402  (bench helper: the MTSamples notes)


class Clock:
    """CPU seconds and calls by pass name; ``wrap`` times a function, minus the time of wrapped calls inside it."""

    def __init__(self) -> None:
        self.cpu: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self._inner = [0.0]  # time of timed calls made inside the current one

    def wrap(self, name: str, fn):
        clock, cpu, calls, inner = time.process_time, self.cpu, self.calls, self._inner

        def timed(*args, **kwargs):
            outer = inner[0]
            inner[0] = 0.0
            t = clock()
            try:
                return fn(*args, **kwargs)
            finally:
                spent = clock() - t
                cpu[name] += spent - inner[0]
                calls[name] += 1
                inner[0] = outer + spent

        return timed


def instrument(pipe, clock: Clock) -> None:
    """Wrap the pipeline's passes in ``clock`` (module-level pass lists and the compiled rule tables, in place)."""
    from phisift.detect.lexicon import passes
    from phisift.detect.lexicon.detector import LexiconDetector
    from phisift.detect.rules import detector as rules
    from phisift.detect.tagger import crf, features

    rules.TEXT_PASSES = tuple(replace(p, applies=clock.wrap(f"rules {p.name}", p.applies),
                                      run=clock.wrap(f"rules {p.name}", p.run)) for p in rules.TEXT_PASSES)
    rules._numeric_scan = clock.wrap("rules numeric scan (own)", rules._numeric_scan)
    rules._cue_word_scan = clock.wrap("rules cue-word scan (own)", rules._cue_word_scan)
    for patterns in {id(d._patterns): d._patterns for d in _inner(pipe) if d.name == "rules"}.values():
        handlers = patterns.numeric_handlers
        for shape, fn in handlers.items():
            handlers[shape] = clock.wrap(f"rules numeric {shape}", fn)
        wrapped = {}
        table = patterns.cue_handlers
        for word, fns in table.items():
            table[word] = tuple(wrapped.setdefault(fn, clock.wrap(f"rules cue {fn.__name__}", fn)) for fn in fns)
    rules.RuleDetector.detect = clock.wrap("rules (own: Scan, resolve)", rules.RuleDetector.detect)
    passes.PASSES = tuple(replace(p, run=clock.wrap(f"lexicon {p.run.__name__}", p.run)) for p in passes.PASSES)
    passes.REPEAT_PASS = replace(passes.REPEAT_PASS, run=clock.wrap("lexicon pass_repeats", passes.REPEAT_PASS.run))
    LexiconDetector.detect = clock.wrap("lexicon (own: tokens, recasing)", LexiconDetector.detect)
    crf.candidate_regions = clock.wrap("tagger candidate regions", crf.candidate_regions)
    features.Featurizer.featurize = clock.wrap("tagger features", features.Featurizer.featurize)
    crf.CrfDetector.detect = clock.wrap("tagger (own: CRF, decoding)", crf.CrfDetector.detect)
    pipe.combiner = SimpleNamespace(combine=clock.wrap("combiner", pipe.combiner.combine))  # frozen: stand in for it


def _inner(pipe) -> list:
    """The pipeline's detectors, unwrapped from ``Remembered``."""
    return [getattr(d, "detector", d) for d in pipe.detectors]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--notes", type=int, default=1500, help="first N MTSamples notes (0: none)")
    ap.add_argument("--big", type=Path, help="a big single note (e.g. tagger_speed.py's OUT/big/note.txt)")
    ap.add_argument("--big-chars", type=int, default=4_000_000, help="characters of --big to run")
    ap.add_argument("--top", type=int, default=0, help="print only the N costliest passes")
    args = ap.parse_args()

    from phisift.pipeline import Pipeline, load_config

    t0 = time.process_time()
    pipe = Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"}}))
    texts = mtsamples(args.notes) if args.notes else []
    if args.big:
        texts.append(args.big.read_text(encoding="utf-8")[: args.big_chars])
    pipe.detect("Seen by Dr. Smith at Mercy Hospital on 3/4/2019, MRN 123456.")
    print(f"start-up (pipeline built, first note): {time.process_time() - t0:.2f} CPU-s")

    clock = Clock()
    instrument(pipe, clock)
    detect = clock.wrap("pipeline (own: windows, filters)", pipe.detect)
    t = time.process_time()
    for text in texts:
        detect(text)
    total = time.process_time() - t
    chars = sum(map(len, texts))
    print(f"{len(texts):,} texts, {chars:,} chars: {total:.2f} CPU-s timed ({chars / total:,.0f} chars/CPU-s "
          f"with the clock's overhead); passes sum to {sum(clock.cpu.values()):.2f}")
    rows = sorted(clock.cpu.items(), key=lambda kv: -kv[1])
    for name, cpu in rows[: args.top or None]:
        print(f"{cpu:8.3f} {100 * cpu / total:6.2f}% {clock.calls[name]:9,}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
