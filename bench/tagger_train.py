"""Train the bundled English CRF as a stacker on real prose, tune its precision guard, score it.

    python bench/make_realprose.py                      # the real-prose sets (bench/out/realprose)
    python bench/tagger_train.py                        # train, tune, score; model in bench/out/tagger_train/model
    python bench/tagger_train.py --install              # ... and copy it to src/phisift/models/en_crf

Training notes (never the report or held-out sets, see bench/make_realprose.py):

* ``tune.jsonl`` (300 MTSamples notes of the tuning specialties, seed 11);
* ``--extra`` more notes of the same tuning half of MTSamples (327: all of it but
  ``tune`` and ``tune_dev``), injected once per seed of ``--seeds`` (21), each as
  written, upper-cased and lower-cased (``--cases all``; ``mix``: a third each);
* ``--queries`` query-style texts (seed 22) after descriptions of tuning notes;
* ``--free`` short free-text questions (``make_freequeries.training``: the templates of the
  free-question tuning sides named by ``--free-sides``, ``tune`` by default; also ``tune_later``,
  ``tune_newest``, ``tune_v5``; filled with their own seed, 41; never a template of a ``report*``
  set), trained with ``--free-dropout`` of their hits left out in their second view.

Sets named ``fq/NAME`` (``--sets``, ``--gate``) are read from ``--freequeries``
(bench/make_freequeries.py's folder), the others from ``--realprose``. Score only
tuning-side sets while choosing (``--sets tune_dev,...,fifth,fq/tune_later``; ``fifth``: the
left-out fifth of the training texts): the default ``--sets`` includes the held-out ones.
``--model FOLDER --thresholds S`` re-scores an existing model at its ``min_score`` S on the
same sets (the comparison a retrained model must pass).

Each note is featurised twice: with its rule and lexicon hits, and with 30% of
them left out at random (``--hit-dropout``, ``stack.drop_hits``, seeded), so that
the model sees PHI as a form the rules and the lexicon miss looks.

Every fifth note (with its case copies) is left out of training. The model's
``min_score`` (lowest piece marginal a span needs to be added: the precision guard)
is the smallest on the ``--thresholds`` grid whose added words are at least
``--precision`` (95%) inside gold PHI and whose additions cost at most
``--max-cost`` points of token precision, pooled, on the ``--gate`` sets:
``tune_dev`` (200 notes of the tuning half no training note shares a carrier with,
seed 17) with its upper- and lower-cased copies and ``tune_queries``. With
``--gate ''`` it is set on the left-out fifth instead (as before 2026-11-27), whose
carriers the other seeds and case copies share. The model is a stacker
(``detect/tagger/stack.py``): it adds spans only where the rules and the lexicon
found nothing.

Scores (token P/R, ``phisift.evaluate``, neutral regions ignored) of rules+lexicon
and rules+lexicon+this model are printed side by side for the sets named by
``--sets``, computed in this process with the pipeline's combiner; the figures
for the README come from ``bench/realprose_eval.py`` (the CLI), run after
``--install``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import time
from pathlib import Path

from phisift import __version__
from phisift.detect.combine import Combiner
from phisift.detect.lexicon.detector import LexiconDetector
from phisift.detect.rules.detector import RuleDetector
from phisift.detect.tagger.candidates import candidate_regions
from phisift.detect.tagger.crf import CONFIG_FILE, CRF_FILE, CrfDetector, CrfParams, train_crf, write_json
from phisift.detect.tagger.features import FEATURE_PREFIXES, Featurizer, FeatureSettings
from phisift.detect.tagger.pieces import bio_labels
from phisift.detect.tagger.stack import drop_hits
from phisift.detect.tagger.wordinfo import doc_info
from phisift.document import Document, Span
from phisift.evaluate import evaluate
from phisift.formats import read_corpus
from phisift.synth.inject import inject, query, recase

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
import make_freequeries  # noqa: E402
import make_realprose  # noqa: E402

SETS = ("tune_dev", "tune_dev_upper", "tune_dev_lower", "tune_queries", "report", "heldout_types", "heldout_carrier", "queries", "report_upper", "report_lower",
        "heldout_types_upper", "heldout_types_lower")
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)


class Cached:
    """A detector answering from spans computed before (by text), so hits are computed once per note."""

    def __init__(self, name: str, table: dict[str, list[Span]]) -> None:
        self.name, self.table = name, table

    def detect(self, text: str) -> list[Span]:
        return self.table[text]


def training_docs(realprose: Path, extra: int, queries: int, seeds: tuple[int, ...] = (21,),
                  cases: str = "mix", free: int = 0, free_sides: tuple[str, ...] = ("tune", "tune_later"),
                  ) -> list[Document]:
    """The tune split, ``extra`` more tuning-half notes injected once per seed in ``seeds``, and ``queries``.

    ``cases``: "mix" recases a third of the extra notes to upper and a third to lower case;
    "all" adds each injected note as written and in both cases. The last ``DEV_NOTES`` of the
    tuning half (``tune_dev``, the stacker's development set) are never used.
    """
    docs = list(read_corpus(realprose / "tune.jsonl"))
    tune_side, _ = make_realprose.mtsamples(make_realprose.SHARED / "mtsamples" / "mtsamples.csv")
    half = make_realprose.tuning_half(tune_side)  # make_realprose's tuning half; the other half is `report`
    used = {d.id.split("-", 1)[1] for d in docs}
    dev = {d.id.split("-", 1)[1] for d in read_corpus(realprose / "tune_dev.jsonl")}
    more = [r for r in half if r["note_id"] not in used and r["note_id"] not in dev][:extra]
    for seed in seeds:
        for i, r in enumerate(more):
            name = f"tune2-{r['note_id']}" if seed == 21 else f"tune{seed}-{r['note_id']}"
            d = inject(name, r["transcription"].strip(), seed,
                       meta={"carrier": "mtsamples", "specialty": r["medical_specialty"].strip()})
            if cases == "all":
                docs += [d, recase(d, "upper"), recase(d, "lower")]
            else:
                docs.append(d if i % 3 == 0 else recase(d, "upper" if i % 3 == 1 else "lower"))
    contexts = [r.get("description", "").strip() for r in half]
    docs += [query(f"tuneq-{i}", 22, contexts[i % len(contexts)] if i % 2 else "") for i in range(queries)]
    # free-text questions from the tuning-side templates of bench/make_freequeries.py (own fill seed)
    return docs + (make_freequeries.training(free, free_sides) if free else [])


def read_set(name: str, realprose: Path, freequeries: Path) -> list[Document]:
    """A scoring or gate set by name: ``fq/NAME`` from the free-question sets (``fq/NAME@odd``,
    ``@even``: the texts of its odd or even template ids), else a real-prose set."""
    if name.startswith("fq/"):
        name, _, part = name[3:].partition("@")  # "tune_later@odd": the texts of its odd template ids
        docs = list(read_corpus(freequeries / f"{name}.jsonl"))
        return [d for d in docs if not part or d.meta["template_id"] % 2 == (part == "odd")]
    return list(read_corpus(realprose / f"{name}.jsonl"))


def hits_table(texts: list[str]) -> dict[str, dict[str, list[Span]]]:
    rules, lexicon = RuleDetector(), LexiconDetector()
    return {"rules": {t: sorted(rules.detect(t)) for t in texts}, "lexicon": {t: sorted(lexicon.detect(t)) for t in texts}}


def region_sequences(docs: list[Document], featurizer: Featurizer, context: int, core_hits: list[str],
                     dropout: float = 0.0, seed: int = 0, free_dropout: float | None = None) -> tuple[list, list]:
    """Feature and label sequences of the stacker's candidate regions (what it tags at run time).

    With ``dropout``, each note is featurised twice: with its hits, and with a share of them
    left out (``drop_hits``); the free questions with ``free_dropout`` of them left out, when given."""
    core_prefixes = {FEATURE_PREFIXES[n] for n in core_hits}
    xs, ys = [], []
    for doc, hits in _hit_views(docs, featurizer, dropout, seed, free_dropout):
        all_hits = [s for _, spans in hits for s in spans]
        cores = [s for prefix, spans in hits if prefix in core_prefixes for s in spans]
        info = doc_info(doc.text, all_hits, featurizer.settings.short_case) if featurizer.settings.doc_features else None
        for a, b in candidate_regions(doc.text, cores, context, info.case == "lower" if info else None, True,
                                      featurizer.settings.name_candidates):
            sub = [(p, [Span(s.start - a, min(s.end, b) - a, s.label, s.source, s.score) for s in spans
                        if s.start >= a and s.start < b]) for p, spans in hits]
            pieces, feats, windows = featurizer.featurize(doc.text[a:b], overlap=0, hits=sub, doc=info)
            gold = [Span(max(s.start, a) - a, min(s.end, b) - a, s.label) for s in doc.spans if s.start < b and s.end > a]
            labels = bio_labels(pieces, gold)
            for w in windows:
                xs.append(feats[w.lo : w.hi])
                ys.append(labels[w.lo : w.hi])
    return xs, ys


def _hit_views(docs: list[Document], featurizer: Featurizer, dropout: float, seed: int,
               free_dropout: float | None = None):
    for doc in docs:
        hits = featurizer.hits(doc.text)
        yield doc, hits
        share = free_dropout if free_dropout is not None and doc.id.startswith("free_") else dropout
        if share > 0:
            yield doc, drop_hits(doc.id, hits, share, seed)


def token_figures(gold: list[Document], pred: dict[str, list[Span]]) -> dict:
    return evaluate(gold, pred).as_dict()["token"]


def _mask(n: int, spans) -> bytearray:
    m = bytearray(n)
    for s in spans:
        m[s.start : s.end] = b"\x01" * (s.end - s.start)
    return m


def added_precision(docs: list[Document], spans: dict[str, list[Span]], table: dict) -> tuple[int, int]:
    """(added words inside gold, added words): whitespace words the model's spans cover and no hit touches."""
    good = total = 0
    for d in docs:
        gold = _mask(len(d.text), d.spans)
        hit = _mask(len(d.text), table["rules"][d.text] + table["lexicon"][d.text])
        for s in spans.get(d.id, ()):
            k = s.start
            for w in d.text[s.start : s.end].split():
                k = d.text.index(w, k)
                if 1 not in hit[k : k + len(w)]:
                    total += 1
                    good += 1 in gold[k : k + len(w)]
                k += len(w)
    return good, total


def fit(train: list[Document], settings: FeatureSettings, shared: dict, params: CrfParams, args) -> tuple[Path, float]:
    """Train the CRF on the candidate regions of ``train``; (model folder, seconds)."""
    featurizer = Featurizer(settings)
    featurizer.use_detectors(shared)
    t = time.process_time()
    xs, ys = region_sequences(train, featurizer, args.context, args.core_hits, args.hit_dropout, args.seed,
                              args.free_dropout)
    print(f"features: {len(xs)} sequences, {sum(map(len, xs))} pieces in {time.process_time() - t:.0f} CPU-s", flush=True)
    folder = args.out / "model"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    seconds = train_crf(xs, ys, params, folder / CRF_FILE)
    print(f"trained in {seconds:.0f} s", flush=True)
    return folder, seconds


def gate_rows(det: CrfDetector, hold: list[Document], table: dict, thresholds: list[float], what: str) -> list:
    """Per ``min_score`` on the grid: (threshold, added words inside gold, added words, token precision
    cost and recall gain in points against rules + lexicon) on the notes ``hold``."""
    combiner = Combiner()
    raw = {d.id: det.tag(d.text) for d in hold}
    base = {d.id: combiner.combine(table["rules"][d.text] + table["lexicon"][d.text]) for d in hold}
    a = token_figures(hold, base)
    rows = []
    for th in thresholds:
        kept = {k: [s for s in v if s.score >= th] for k, v in raw.items()}
        good, total = added_precision(hold, kept, table)
        b = token_figures(hold, {k: combiner.combine(base[k] + kept[k]) for k in base})
        cost, gain = 100 * (a["precision"] - b["precision"]), 100 * (b["recall"] - a["recall"])
        rows.append((th, good, total, round(cost, 3), round(gain, 3)))
        print(f"  {what} min_score {th}: added tokens {total}, in gold {good} ({good / max(total, 1):.3f}); "
              f"token precision cost {cost:.2f}, recall gain {gain:.2f} points")
    return rows


def score_sets(det: CrfDetector, sets: dict[str, list[Document]], table: dict) -> None:
    """Print token P/R of rules + lexicon and of rules + lexicon + the model on each set."""
    combiner = Combiner()
    for name, gold in sets.items():
        base = {d.id: combiner.combine(table["rules"][d.text] + table["lexicon"][d.text]) for d in gold}
        t = time.process_time()
        added = {d.id: det.detect(d.text) for d in gold}
        cpu = time.process_time() - t
        withm = {d.id: combiner.combine(base[d.id] + added[d.id]) for d in gold}
        a, b = token_figures(gold, base), token_figures(gold, withm)
        print(f"{name}: rules+lexicon P {a['precision']:.4f} R {a['recall']:.4f} | +model P {b['precision']:.4f} "
              f"R {b['recall']:.4f} | dP {100 * (b['precision'] - a['precision']):+.2f} dR "
              f"{100 * (b['recall'] - a['recall']):+.2f} | model {cpu:.1f} CPU-s", flush=True)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--realprose", type=Path, default=ROOT / "out" / "realprose")
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "tagger_train")
    ap.add_argument("--extra", type=int, default=327, help="more tuning-half notes (at most 327 besides tune_dev)")
    ap.add_argument("--seeds", default="21", help="injection seeds of the extra notes (each note once per seed)")
    ap.add_argument("--cases", choices=("mix", "all"), default="all",
                    help="extra notes: a third each as written, upper, lower (mix) or all three (all)")
    ap.add_argument("--hit-dropout", type=float, default=0.3,
                    help="also train on each note with this share of its hits left out (drop_hits)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the hit dropout")
    ap.add_argument("--free-dropout", type=float, default=0.7,
                    help="hit dropout of the free questions (negative: --hit-dropout's)")
    ap.add_argument("--thresholds", default=",".join(map(str, THRESHOLDS)), help="min_score grid")
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--free", type=int, default=1200,
                    help="free-text questions from the tuning-side templates (make_freequeries.training)")
    ap.add_argument("--free-sides", default="tune",
                    help="template sets of --free: tune, tune_later, tune_later_even, tune_newest, tune_v5")
    ap.add_argument("--freequeries", type=Path, default=ROOT / "out" / "freequeries",
                    help="folder of the free-question sets (bench/make_freequeries.py), for fq/NAME sets")
    ap.add_argument("--c1", type=float, default=0.1)
    ap.add_argument("--c2", type=float, default=0.01)
    ap.add_argument("--iterations", type=int, default=150)
    ap.add_argument("--min-freq", type=int, default=2)
    ap.add_argument("--gate", default="tune_dev,tune_dev_upper,tune_dev_lower,tune_queries",
                    help="sets the min_score guard is chosen on ('': every fifth note, left out of training)")
    ap.add_argument("--precision", type=float, default=0.0, help="least precision of added tokens on the gate (0: not used)")
    ap.add_argument("--max-cost", type=float, default=0.1,
                    help="most token precision (points) the model may cost rules + lexicon on the gate")
    ap.add_argument("--sets", default=",".join(SETS), help="sets to score ('fifth': the left-out fifth)")
    ap.add_argument("--score-at", default="", help="also score the sets at these min_score values")
    ap.add_argument("--no-lexicon-words", action="store_true")
    ap.add_argument("--no-doc-features", action="store_true")
    on = argparse.BooleanOptionalAction
    ap.add_argument("--short-case", action=on, default=True, help="short texts with no capital are lower case")
    ap.add_argument("--name-candidates", action=on, default=True, help="given names that are known words are candidates")
    ap.add_argument("--word-freq", action=on, default=True, help="general-English Zipf frequency features (zf=)")
    ap.add_argument("--short-text", action=on, default=True, help="case/name/frequency features of short texts (sh=)")
    ap.add_argument("--context", type=int, default=2, help="words of context around candidates")
    ap.add_argument("--affixes", default="3", help="prefix/suffix lengths")
    ap.add_argument("--long-shape", action="store_true", help="add the long shape and length features")
    ap.add_argument("--window", type=int, default=1, help="context words in the features of a piece")
    ap.add_argument("--bigrams", action="store_true", help="add word bigrams")
    ap.add_argument("--core-hits", default="lexicon", help="detectors whose hits make candidate regions")
    ap.add_argument("--model", type=Path, help="score this model folder instead of training one")
    ap.add_argument("--install", action="store_true")
    args = ap.parse_args(argv)
    return args


def main(argv: list[str] | None = None) -> int:
    if os.environ.get("PYTHONHASHSEED") != "0" and argv is None:
        # the injector's Faker draws follow the hash seed (see make_realprose.py): fix it, or the extra
        # training notes, and so the model, differ from run to run
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    args = parse_args(argv)
    args.core_hits = [n for n in args.core_hits.split(",") if n]
    if args.free_dropout is not None and args.free_dropout < 0:
        args.free_dropout = None
    t0 = time.process_time()
    docs = training_docs(args.realprose, args.extra, args.queries, tuple(int(x) for x in args.seeds.split(",")),
                         args.cases, args.free, tuple(x for x in args.free_sides.split(",") if x))
    # every fifth note is left out of training, with its case copies; the guard is set on it, or, with
    # --gate, on the gate sets (notes whose carriers no training note shares)
    order = {b: i for i, b in enumerate(dict.fromkeys(d.id.split("~")[0] for d in docs))}
    hold = [d for d in docs if order[d.id.split("~")[0]] % 5 == 4]
    train = [d for d in docs if order[d.id.split("~")[0]] % 5 != 4]
    gate = [d for n in args.gate.split(",") if n for d in read_set(n, args.realprose, args.freequeries)]
    fifth = hold  # the set "fifth" of --sets: the left-out fifth, scored even when the guard is set on --gate
    if gate:
        hold = gate
    sets = {n: fifth if n == "fifth" else read_set(n, args.realprose, args.freequeries) for n in args.sets.split(",") if n}
    texts = [d.text for d in docs + gate] + [d.text for ds in sets.values() for d in ds]
    table = hits_table(texts)
    print(f"{len(train)} training notes, {len(hold)} held out; hits in {time.process_time() - t0:.0f} CPU-s", flush=True)
    settings = FeatureSettings(affixes=tuple(int(a) for a in args.affixes.split(",") if a),
                               lexicon_words=not args.no_lexicon_words, doc_features=not args.no_doc_features,
                               long_shape=args.long_shape, window=args.window, bigrams=args.bigrams,
                               short_case=args.short_case, name_candidates=args.name_candidates,
                               word_freq=args.word_freq, short_text=args.short_text)
    shared = {n: Cached(n, t) for n, t in table.items()}
    params = CrfParams(args.c1, args.c2, args.iterations, args.min_freq)
    if args.model:  # score an existing model: its own feature settings and context
        folder = args.out / "model"
        if folder.exists():
            shutil.rmtree(folder)
        shutil.copytree(args.model, folder)
        config = json.loads((folder / CONFIG_FILE).read_text(encoding="utf-8"))
        settings = FeatureSettings.from_dict(config["features"])
        args.context = int(config.get("stacker", {}).get("context", args.context))
        args.core_hits = config.get("stacker", {}).get("core_hits", ["rules", "lexicon"])
        seconds = float(config.get("train_seconds", 0))
    else:
        folder, seconds = fit(train, settings, shared, params, args)
    max_words = max(len(d.text[s.start : s.end].split()) for d in train for s in d.spans)
    if args.model:  # its own span length limit, as it runs in the pipeline
        max_words = int(config.get("stacker", {}).get("max_words", max_words))
    det = CrfDetector(folder / CRF_FILE, settings, stacker={"min_score": 0.0, "context": args.context,
                                                             "core_hits": args.core_hits, "max_words": max_words})
    det.share_detectors(shared)
    rows = gate_rows(det, hold, table, [float(x) for x in args.thresholds.split(",")], "gate" if gate else "hold-out")
    ok = [r[0] for r in rows if r[3] <= args.max_cost and (not r[2] or r[1] / r[2] >= args.precision)]
    min_score = ok[0] if ok else rows[-1][0]
    print(f"min_score {min_score}", flush=True)
    config = {"kind": "crf", "model_file": CRF_FILE, "labels": det.labels, "features": settings.as_dict(),
              "crf": {"c1": params.c1, "c2": params.c2, "max_iterations": params.max_iterations,
                      "min_freq": params.min_freq, "all_possible_transitions": True},
              "stacker": {"min_score": min_score, "context": args.context, "core_hits": args.core_hits,
                          "max_words": max_words, "gate": args.gate or "hold-out",
                          "gate_rows": [list(r) for r in rows]},
              "training_corpus": {"documents": len(train), "gate_notes" if gate else "held_out": len(hold),
                                  "notes": "bench/tagger_train.py: real-prose tune split + extra injected notes "
                                           f"(seeds {args.seeds}, cases {args.cases}) + queries (seed 22) + {args.free} free "
                                           f"questions ({args.free_sides} templates, seed {make_freequeries.TRAIN_SEED}); "
                                           f"hit dropout {args.hit_dropout} (seed {args.seed}; free questions "
                                           f"{args.hit_dropout if args.free_dropout is None else args.free_dropout})",
                                  "command": "python bench/tagger_train.py " + " ".join(argv or sys.argv[1:])},
              "label_map": None, "train_seconds": round(seconds, 1), "phisift_version": __version__}
    write_json(folder / CONFIG_FILE, config)
    for th in sorted({min_score, *(float(x) for x in args.score_at.split(",") if x)}):
        if th != min_score:
            print(f"-- at min_score {th} (not kept)")
        det = CrfDetector(folder / CRF_FILE, settings, stacker={"min_score": th, "context": args.context,
                                                                 "core_hits": args.core_hits, "max_words": max_words})
        det.share_detectors(shared)
        score_sets(det, sets, table)
    if args.install:
        dest = ROOT.parent / "src" / "phisift" / "models" / "en_crf"
        for f in (CRF_FILE, CONFIG_FILE):
            shutil.copy(folder / f, dest / f)
        print(f"installed in {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
