"""MEDDOCAN: what Filtered BERT augmentation and neighbour pseudonymisation do to the CRF tagger.

Usage:
    nice -n 5 python bench/augment_meddocan.py [--part lowres|pseudo|all] [--seeds 0,1,2]
        [--sizes 50,100] [--ns 10,100,500,1000] [--draw class|all] [--feature-detectors rules,lexicon]
        [--mlm DIR] [--vectors FILE] [--neighbour-vectors FILE] [--out bench/out/augment]

Low-resource (issue 8, Kang et al. 2021): the CRF of ``phisift.detect.tagger.train`` on 50 and
on 100 MEDDOCAN training documents, with and without Filtered BERT (originals
plus one rewritten copy), 3 seeds; the seed picks the document subset and the
augmentation. Dev strict entity F1 (the 2019 task's measure), mean and spread.

Pseudonymised training (Friedrich et al. 2019): the same CRF on all 500 training
documents after neighbour pseudonymisation with N = 10, 100, 500, 1000, against
the raw documents (one seed: the draw of neighbours).

The CRF uses one fixed setting (c1, c2 below; no grid) to save time, and the
rule and lexicon detector hits as features unless ``--feature-detectors ''``.

Models: a tiny masked LM (``phisift lm mlm``, de-identified first, a time budget)
and fastText vectors (``phisift lm vectors``) trained on MEDDOCAN train only; they
are built here when the paths do not exist. Neighbour pseudonymisation needs a
space in which names have name neighbours that are not the corpus's own names
(the paper used vectors trained on large general corpora); vectors trained on
de-identified MEDDOCAN hold hardly any names, so a second space is built from
three surrogate copies of MEDDOCAN train (phisift's Spanish surrogates replace the
gold PHI) and both are reported.

Prints wall and CPU seconds and the load average. Example replacements are
printed for NON-PHI words only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from phisift.augment import FilteredBert, FilteredSettings, NeighbourPseudonymiser, NeighbourSettings
from phisift.augment._common import cpu_seconds
from phisift.detect.tagger.crf import CrfParams
from phisift.detect.tagger.features import FeatureSettings
from phisift.document import Document, rewrite_document
from phisift.formats import read_corpus
from phisift.detect.tagger.train import train_model

ROOT = Path(__file__).resolve().parent
DATA = Path(os.environ.get("PHISIFT_DATA", "/work/shared/data")) / "meddocan"  # wherever the tree is


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def say(msg: str) -> None:
    print(msg, flush=True)


# --------------------------------------------------------------------------- models
def build_models(train: list[Document], args: argparse.Namespace) -> None:
    from phisift.lm import MlmSettings, VectorSettings, train_mlm, train_vectors

    lowres_part = args.part in ("lowres", "all")
    if lowres_part and not args.mlm.exists():
        say(f"training the masked LM ({args.mlm_minutes} min budget) ... {load()}")
        r = train_mlm(train, args.mlm, MlmSettings(size="tiny", epochs=20, max_minutes=args.mlm_minutes, seed=0))
        say(f"  held-out masked top-1/top-5: {r.report['holdout']['top1']} / {r.report['holdout']['top5']}")
    if (lowres_part or args.both_spaces) and not args.vectors.exists():
        say(f"training fastText on MEDDOCAN train ... {load()}")
        train_vectors(train, args.vectors, VectorSettings(seed=0))
    if args.part in ("pseudo", "all") and not args.neighbour_vectors.exists():
        say(f"training fastText on 3 surrogate copies of MEDDOCAN train ... {load()}")
        train_vectors(surrogate_copies(train, 3), args.neighbour_vectors, VectorSettings(seed=0, deid_first=False))


def surrogate_copies(train: list[Document], copies: int) -> list[Document]:
    """MEDDOCAN train with its gold PHI replaced by phisift's Spanish surrogates, once per key."""
    from phisift.replace.surrogates import SurrogateMaker
    from phisift.store import Secret
    from phisift.taxonomy import MEDDOCAN_TO_I2B2
    from phisift.document import Edit

    out = []
    for k in range(copies):
        maker = SurrogateMaker(Secret(f"augment-bench-{k}".encode()), locale="es_ES", dayfirst=True)
        for doc in train:
            edits, last = [], -1
            for s in sorted(doc.spans):
                if s.start < last:
                    continue
                label = MEDDOCAN_TO_I2B2.get(s.label, "IDNUM")
                edits.append(Edit(s.start, s.end, maker.make(label, s.text_in(doc.text), doc.id)))
                last = s.end
            new, _ = rewrite_document(doc, edits)
            out.append(Document(f"{doc.id}.s{k}", new.text, ()))
    return out


def model_quality(args: argparse.Namespace) -> str:
    report = json.loads((args.mlm / "phisift_lm.json").read_text())
    h, t = report.get("holdout", {}), report.get("training", {})
    return (f"masked LM: held-out masked top-1 {h.get('top1')} top-5 {h.get('top5')} (loss {h.get('loss')}), "
            f"{t.get('steps')} steps, {t.get('seconds')} s")


# --------------------------------------------------------------------------- training
def train_f1(docs: list[Document], dev: list[Document], out: Path, args: argparse.Namespace) -> float:
    crf = CrfParams(c1=args.c1, c2=args.c2, max_iterations=args.max_iterations)
    dets = tuple(d for d in args.feature_detectors.split(",") if d)
    vectors = args.neighbour_vectors if getattr(args, "cluster_features", False) else None
    result = train_model(docs, out, dev_docs=dev, crf=crf, grid=[(args.c1, args.c2)],
                         features=FeatureSettings(detectors=dets), vectors=vectors, overwrite=True)
    return result.dev["entity_strict"]["f1"]


def spread(values: list[float]) -> str:
    mean = statistics.mean(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{100 * mean:.2f} ± {100 * sd:.2f} (min {100 * min(values):.2f}, max {100 * max(values):.2f})"


def lowres(train: list[Document], dev: list[Document], args: argparse.Namespace) -> dict:
    tool = FilteredBert.from_paths(args.mlm, args.vectors, FilteredSettings(words=args.words, min_sim=args.min_sim,
                                                                             top_k=args.top_k))
    results: dict = {}
    replaced_from: Counter[str] = Counter()
    replaced_to: Counter[str] = Counter()
    examples: list[tuple[str, str, float]] = []
    for size in args.sizes:
        for seed in args.seeds:
            subset = random.Random(seed).sample(train, size)
            t0, c0 = time.perf_counter(), cpu_seconds()
            raw = train_f1(subset, dev, args.out / "runs" / f"raw-{size}-{seed}", args)
            t1, c1 = time.perf_counter(), cpu_seconds()
            tool.settings = FilteredSettings(words=args.words, min_sim=args.min_sim, seed=seed, copies=args.copies,
                                             top_k=args.top_k)
            before = len(tool.stats.examples)
            ta, ca = time.perf_counter(), cpu_seconds()
            augmented = list(tool.augment(subset))
            aug_wall, aug_cpu = time.perf_counter() - ta, cpu_seconds() - ca
            new_examples = tool.stats.examples[before:]
            tool.stats.examples = tool.stats.examples[:before]  # keep memory flat; counted below
            for a, b, s in new_examples:
                replaced_from[a.lower()] += 1
                replaced_to[b.lower()] += 1
            if len(examples) < 30:
                examples.extend(new_examples[: 30 - len(examples)])
            aug = train_f1(augmented, dev, args.out / "runs" / f"aug-{size}-{seed}", args)
            t2, c2 = time.perf_counter(), cpu_seconds()
            results.setdefault(size, []).append({"seed": seed, "raw": raw, "aug": aug,
                                                 "raw_wall": t1 - t0, "raw_cpu": c1 - c0,
                                                 "aug_wall": t2 - t1, "aug_cpu": c2 - c1,
                                                 "augment_wall": aug_wall, "augment_cpu": aug_cpu,
                                                 "augmented_docs": len(augmented)})
            say(f"  {size} docs, seed {seed}: raw F1 {100 * raw:.2f}, +Filtered BERT {100 * aug:.2f} "
                f"({len(augmented)} docs; augmentation {aug_wall:.0f} s wall / {aug_cpu:.0f} s CPU; "
                f"training+dev raw {t1 - t0:.0f} s, augmented {t2 - t1:.0f} s wall) {load()}")
    stats = tool.stats.as_dict()
    lines = [f"Filtered BERT, words={args.words}, min-sim={args.min_sim}, top-k={args.top_k or 'all'}, copies={args.copies} "
             f"(originals kept); CRF c1={args.c1} c2={args.c2}, {args.max_iterations} iterations, "
             f"feature detectors '{args.feature_detectors}'", model_quality(args)]
    for size, rows in results.items():
        raw = [r["raw"] for r in rows]
        aug = [r["aug"] for r in rows]
        gain = [a - b for a, b in zip(aug, raw)]
        lines.append(f"{size} docs: raw {spread(raw)} | +Filtered BERT {spread(aug)} | gain {spread(gain)} points "
                     f"(per seed: {', '.join(f'{100 * g:+.2f}' for g in gain)})")
    lines.append(f"augmentation totals: {json.dumps(stats)}")
    lines.append("most often replaced non-PHI words: " + ", ".join(f"{w} {c}" for w, c in replaced_from.most_common(15)))
    lines.append("most often proposed replacements: " + ", ".join(f"{w} {c}" for w, c in replaced_to.most_common(15)))
    lines.append("example replacements (non-PHI words only): "
                 + "; ".join(f"{a} -> {b} ({s:.2f})" for a, b, s in examples[:25]))
    return {"lines": lines, "results": results, "stats": stats}


def seen_split(train: list[Document], dev: list[Document], model: Path) -> str:
    """Dev strict recall of a saved model on the gold spans whose string is a training span (which a raw model
    can memorise and a pseudonymised corpus cannot carry) and on the others; and its false positives."""
    from phisift.detect.tagger.load import load_model_detector

    seen = {s.text_in(d.text) for d in train for s in d.spans}
    det = load_model_detector(model, map_labels=False)
    found = {"seen": [0, 0], "unseen": [0, 0]}
    fp = 0
    for d in dev:
        pred = {(s.start, s.end, s.label) for s in det.tag(d.text, with_scores=False)}
        gold = {(s.start, s.end, s.label) for s in d.spans}
        fp += len(pred - gold)
        for s in d.spans:
            part = found["seen" if s.text_in(d.text) in seen else "unseen"]
            part[1] += 1
            part[0] += (s.start, s.end, s.label) in pred
    return (f"recall on dev strings that are training spans {found['seen'][0]}/{found['seen'][1]} "
            f"({100 * found['seen'][0] / found['seen'][1]:.2f}), on the others {found['unseen'][0]}/"
            f"{found['unseen'][1]} ({100 * found['unseen'][0] / found['unseen'][1]:.2f}); {fp} false positives")


def pseudo(train: list[Document], dev: list[Document], args: argparse.Namespace) -> dict:
    lines = [f"Neighbour pseudonymisation of all {len(train)} training documents; CRF c1={args.c1} c2={args.c2}, "
             f"{args.max_iterations} iterations, feature detectors '{args.feature_detectors}'"
             + (", word-cluster features from the surrogate-copies space" if args.cluster_features else "")]
    t0, c0 = time.perf_counter(), cpu_seconds()
    if args.skip_raw:  # the raw model of an earlier run of this bench
        raw = json.loads((args.out / "runs" / "pseudo-raw" / "phisift_model.json").read_text())["dev"]["entity_strict"]["f1"]
        lines.append(f"raw (earlier run, same settings): dev strict F1 {100 * raw:.2f}")
    else:
        raw = train_f1(train, dev, args.out / "runs" / "pseudo-raw", args)
        lines.append(f"raw: dev strict F1 {100 * raw:.2f} ({time.perf_counter() - t0:.0f} s wall, "
                     f"{cpu_seconds() - c0:.0f} s CPU)")
    say("  " + lines[-1] + f" {load()}")
    lines.append("  raw: " + seen_split(train, dev, args.out / "runs" / "pseudo-raw"))
    results = {"raw": raw}
    for name, path in (("surrogate-corpus vectors", args.neighbour_vectors), ("MEDDOCAN (de-identified) vectors", args.vectors)):
        if name.startswith("MEDDOCAN") and not args.both_spaces:
            continue
        for n in args.ns:
            t0, c0 = time.perf_counter(), cpu_seconds()
            settings = NeighbourSettings(n=n, seed=args.pseudo_seed, keep_common=args.keep_common, draw=args.draw,
                                         kind_draw=args.kind_draw, keep_kind=args.keep_kind,
                                         corpus_letters=args.corpus_letters)
            tool = NeighbourPseudonymiser.from_path(train, path, settings)
            docs = list(tool.pseudonymise_all(train))
            run = f"pseudo-{n}-keep{args.keep_common}-{args.draw}" + ("-freq" if args.kind_draw == "frequency" else "") + ("-keepkind" if args.keep_kind else "") + ("-letters" if args.corpus_letters else "") + (f"-seed{args.pseudo_seed}" if args.pseudo_seed else "")
            f1 = train_f1(docs, dev, args.out / "runs" / run, args)
            s = tool.stats.as_dict()
            results[f"{name} N={n}"] = f1
            lines.append(f"{name}, N={n}, seed {args.pseudo_seed}, keep-common {args.keep_common}, draw {args.draw} (kind words {args.kind_draw}{', generic words kept' if args.keep_kind else ''}{', corpus letters' if args.corpus_letters else ''}): dev strict F1 {100 * f1:.2f} (change {100 * (f1 - raw):+.2f} points); "
                         f"{s['words_replaced']} words, {s['digit_tokens_replaced']} digit tokens replaced, "
                         f"{s['kind_words_kept']} generic words kept, {s['words_without_vector']} without vector, vocabulary {s['neighbour_vocabulary']}, "
                         f"words by class {s['words_by_class']} "
                         f"({time.perf_counter() - t0:.0f} s wall, {cpu_seconds() - c0:.0f} s CPU)")
            say("  " + lines[-1] + f" {load()}")
            lines.append(f"  N={n}: " + seen_split(train, dev, args.out / "runs" / run))
    return {"lines": lines, "results": results}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", choices=("lowres", "pseudo", "all"), default="all")
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--sizes", default="50,100")
    ap.add_argument("--ns", default="10,100,500,1000")
    ap.add_argument("--words", type=int, default=5)
    ap.add_argument("--min-sim", type=float, default=0.0)
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--top-k", type=int, default=0)
    ap.add_argument("--keep-common", type=int, default=0, help="neighbours: keep span words this frequent outside PHI")
    ap.add_argument("--draw", choices=("class", "all"), default="class",
                    help="neighbours: the N nearest within each word's class (default) or in the whole space")
    ap.add_argument("--kind-draw", choices=("uniform", "frequency"), default="frequency",
                    help="neighbours, --draw class: kind words (años, Calle, de) drawn uniformly or by their use in the label's spans")
    ap.add_argument("--keep-kind", action="store_true",
                    help="neighbours, --draw class: generic words of a span (de, Hospital, Calle, años) stay when it has an identifying one")
    ap.add_argument("--corpus-letters", action="store_true",
                    help="neighbours, --draw class: names and places only in the corpus's own letters, no hyphens")
    ap.add_argument("--pseudo-seed", type=int, default=0, help="pseudo: the seed of the neighbour draw")
    ap.add_argument("--skip-raw", action="store_true", help="pseudo: do not retrain on the raw documents")
    ap.add_argument("--c1", type=float, default=0.05)
    ap.add_argument("--c2", type=float, default=0.01)
    ap.add_argument("--max-iterations", type=int, default=150)
    ap.add_argument("--feature-detectors", default="rules,lexicon")
    ap.add_argument("--both-spaces", action="store_true", help="also pseudonymise with the de-identified MEDDOCAN vectors")
    ap.add_argument("--mlm-minutes", type=float, default=15.0)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "augment")
    ap.add_argument("--mlm", type=Path, default=None)
    ap.add_argument("--vectors", type=Path, default=None)
    ap.add_argument("--neighbour-vectors", type=Path, default=None)
    ap.add_argument("--cluster-features", action="store_true",
                    help="the CRF (raw and pseudonymised alike) gets word-cluster features from the surrogate-copies "
                         "space (--neighbour-vectors: built from phisift's surrogates, no real PHI), which also "
                         "clusters words no training note holds")
    ap.add_argument("--tag", default="", help="suffix of the report file names")
    args = ap.parse_args()
    args.seeds = [int(s) for s in args.seeds.split(",")]
    args.sizes = [int(s) for s in args.sizes.split(",")]
    args.ns = [int(s) for s in args.ns.split(",")]
    args.mlm = args.mlm or args.out / "mlm"
    args.vectors = args.vectors or args.out / "vectors.bin"
    args.neighbour_vectors = args.neighbour_vectors or args.out / "vectors_surrogates.bin"

    t0, c0 = time.perf_counter(), cpu_seconds()
    say(f"start {time.strftime('%H:%M:%S')} {load()}, {os.cpu_count()} cores")
    train = list(read_corpus(DATA / "train"))
    dev = list(read_corpus(DATA / "dev"))
    say(f"MEDDOCAN train {len(train)} docs, dev {len(dev)} docs / {sum(len(d.spans) for d in dev)} spans")
    build_models(train, args)
    report: dict = {}
    if args.part in ("lowres", "all"):
        report["lowres"] = lowres(train, dev, args)
    if args.part in ("pseudo", "all"):
        report["pseudo"] = pseudo(train, dev, args)
    lines = [line for part in report.values() for line in part["lines"]]
    lines.append(f"total: {(time.perf_counter() - t0) / 60:.1f} min wall, {(cpu_seconds() - c0) / 60:.1f} min CPU; "
                 f"end {load()}")
    text = "\n".join(lines)
    say("\n" + text)
    args.out.mkdir(parents=True, exist_ok=True)
    name = f"report_{args.part}{args.tag}"
    (args.out / f"{name}.txt").write_text(text + "\n", encoding="utf-8")
    (args.out / f"{name}.json").write_text(json.dumps(
        {k: {kk: vv for kk, vv in v.items() if kk != "lines"} for k, v in report.items()}, indent=1, default=str),
        encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
