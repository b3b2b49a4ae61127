"""Filtered BERT in English (issue 18.4): 50 real-prose training notes, a masked LM built from MTSamples.

Usage:
    python bench/make_realprose.py
    nice -n 10 python bench/augment_english.py --mlm DIR --vectors FILE --lm-corpus MTSAMPLES-DEID.jsonl
        [--size 50] [--seeds 0,1,2] [--sets heldout_types] [--out bench/out/augment-english] [--reuse-raw]
    nice -n 10 python bench/augment_english.py --raw-only --lm-corpus MTSAMPLES-DEID.jsonl   # the raw models first

The English counterpart of ``bench/augment_meddocan.py --part lowres`` (Kang et al.
2021), and built from its pieces: the same CRF (c1 0.05, c2 0.01, 150 L-BFGS
iterations, no grid, rule and lexicon hits as features), trained on ``--size``
notes drawn by the seed from the real-prose ``tune`` split (MTSamples text with
injected PHI, bench/make_realprose.py), with and without one Filtered BERT copy of
each note (originals kept; the paper's rate, 5 words per 250-word instance). Scored
with strict entity micro F1 (phisift.evaluate, neutral regions ignored) on
``report`` (the model's dev set, as MEDDOCAN dev is there) and on every ``--sets``.

The masked LM and the filter's vectors are trained on de-identified MTSamples,
which holds the carrier text of the test notes too. ``--lm-corpus`` (the JSONL the
masked LM was trained on) recovers the LM's held-out side exactly (phisift.lm's own
split: seeded hash of the note id, deduplication, near-duplicates moved), and the
test notes (of ``report`` and every ``--sets``) whose carrier the masked LM never
saw are also scored together (``unseen``; few notes, so a wide spread).

Prints per seed raw and augmented F1, the gain, words replaced per copy and their
share of the copy's words, a check that every copy keeps its labels and PHI text,
and CPU seconds; then mean ± sd. Example replacements are printed for non-PHI
words of public carrier text only.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from augment_meddocan import load, model_quality, say, spread, train_f1  # noqa: E402 (bench/ is on sys.path)

from phisift.augment import FilteredBert, FilteredSettings
from phisift.augment._common import cpu_seconds
from phisift.detect.tagger.load import load_model_detector
from phisift.detect.tagger.train import dev_figures, train_model
from phisift.detect.tagger.transformer import TransformerDetector, TransformerParams
from phisift.document import Document
from phisift.formats import read_corpus

ROOT = Path(__file__).resolve().parent
WORD = re.compile(r"[^\W\d_]+")


def mlm_unseen_notes(lm_corpus: Path, seed: int, holdout: float) -> tuple[set[str], dict]:
    """MTSamples note ids whose (de-identified) text is on the masked LM's held-out side.

    Re-runs phisift.lm's own split (``spool_corpus`` with the settings of
    bench/lm_mtsamples.py: dedup on, no further de-identification) on the corpus the
    LM was trained on; no training, only hashing.
    """
    from phisift.lm.corpus import spool_corpus

    notes = list(read_corpus(lm_corpus, "jsonl"))
    with tempfile.TemporaryDirectory(prefix="augment-english-") as work:
        spool = spool_corpus(notes, Path(work), holdout=holdout, seed=seed, deidentify=None, dedup=True)
        held = set(spool.texts("holdout"))
        summary = spool.summary()
    return {d.id for d in notes if d.text in held}, summary


def carrier_id(doc: Document) -> str:
    """The MTSamples note id of a real-prose note (ids are ``<split>-<note_id>``)."""
    return doc.id.rsplit("-", 1)[1]


def copy_check(subset: list[Document], augmented: list[Document]) -> tuple[int, int, int]:
    """(copies, copies whose labels and PHI strings equal the original's, words in the copies)."""
    originals = {d.id: d for d in subset}
    copies = same = words = 0
    for doc in augmented:
        if doc.id in originals:
            continue
        orig = originals[doc.id.rsplit(".aug", 1)[0]]
        copies += 1
        words += len(WORD.findall(doc.text))
        same += [(s.label, s.text_in(doc.text)) for s in sorted(doc.spans)] == \
                [(s.label, s.text_in(orig.text)) for s in sorted(orig.spans)]
    return copies, same, words


def extra_scores(model: Path, sets: dict[str, list[Document]]) -> dict[str, float]:
    """Strict entity F1 of a saved model on further sets (the same measure as its dev figure)."""
    det = load_model_detector(model, map_labels=False)
    tag = det.tag if isinstance(det, TransformerDetector) else (lambda text: det.tag(text, with_scores=False))
    return {name: dev_figures(docs, tag)["entity_strict"]["f1"] for name, docs in sets.items() if docs}


def train_tagger(docs: list[Document], report: list[Document], out: Path, args: argparse.Namespace, seed: int) -> float:
    """Train the chosen tagger on ``docs`` with ``report`` as dev; its dev strict F1.

    The CRF is ``augment_meddocan``'s (fixed c1/c2). The transformer is the paper's setting:
    the masked LM (``--mlm``, the one Filtered BERT samples from) fine-tuned for token
    classification for ``--epochs`` (the last epoch is kept), seeded by the draw's seed.
    """
    if args.tagger == "crf":
        return train_f1(docs, report, out, args)
    params = TransformerParams(learning_rate=args.lr, epochs=args.epochs, batch_size=args.batch_size, seed=seed)
    train_model(docs, out, kind="transformer", seed=seed, base=args.tagger_base or args.mlm, transformer=params,
                overwrite=True)  # no dev: the last epoch is kept (scoring every epoch on report costs too much CPU)
    return extra_scores(out, {"report": report})["report"]


def one_seed(seed: int, tool: FilteredBert | None, tune: list[Document], report: list[Document],
             extra: dict[str, list[Document]], args: argparse.Namespace) -> dict:
    subset = random.Random(seed).sample(tune, args.size)
    row: dict = {"seed": seed}
    for kind in ("raw",) if args.raw_only else ("raw", "aug"):
        docs = subset
        model = args.out / "runs" / f"{kind}-{args.size}-{seed}"
        if kind == "raw" and args.reuse_raw and (model / "phisift_model.json").is_file():
            t0, c0 = time.perf_counter(), cpu_seconds()
            config = json.loads((model / "phisift_model.json").read_text(encoding="utf-8"))
            row[kind] = {"report": config["dev"]["entity_strict"]["f1"], **extra_scores(model, extra)}
            row[f"{kind}_cpu"], row[f"{kind}_wall"] = cpu_seconds() - c0, time.perf_counter() - t0
            continue
        if kind == "aug":
            tool.settings = FilteredSettings(words=args.words, min_sim=args.min_sim, seed=seed, copies=args.copies,
                                             top_k=args.top_k)
            before, c0 = tool.stats.replaced, cpu_seconds()
            docs = list(tool.augment(subset))
            row["augment_cpu"] = cpu_seconds() - c0
            copies, same, words = copy_check(subset, docs)
            row.update(copies=copies, labels_kept=same, replaced=tool.stats.replaced - before, copy_words=words)
        t0, c0 = time.perf_counter(), cpu_seconds()
        scores = {"report": train_tagger(docs, report, model, args, seed)}
        scores.update(extra_scores(model, extra))
        row[kind] = scores
        row[f"{kind}_cpu"], row[f"{kind}_wall"] = cpu_seconds() - c0, time.perf_counter() - t0
    if args.raw_only:
        say(f"  seed {seed}: raw " + ", ".join(f"{k} {100 * v:.2f}" for k, v in row["raw"].items())
            + f" (train+score {row['raw_cpu']:.0f} CPU s) {load()}")
        return row
    say(f"  seed {seed}: " + "; ".join(f"{name} raw {100 * row['raw'][name]:.2f} aug {100 * row['aug'][name]:.2f} "
                                        f"gain {100 * (row['aug'][name] - row['raw'][name]):+.2f}" for name in row["raw"])
        + f" | {row['replaced']} words replaced in {row['copies']} copies ({row['replaced'] / row['copies']:.1f} per copy, "
        f"{100 * row['replaced'] / max(1, row['copy_words']):.2f}% of their words), labels and PHI text kept in "
        f"{row['labels_kept']}/{row['copies']} | CPU s: augmentation {row['augment_cpu']:.0f}, raw train+score "
        f"{row['raw_cpu']:.0f}, augmented {row['aug_cpu']:.0f} {load()}")
    return row


def summary_lines(rows: list[dict], tool: FilteredBert, args: argparse.Namespace) -> list[str]:
    lines = [f"Filtered BERT, English real prose: {args.size} tune notes per seed, words={args.words} per 250-word "
             f"instance, min-sim={args.min_sim}, top-k={args.top_k or 'all'}, copies={args.copies} (originals kept); "
             + (f"CRF c1={args.c1} c2={args.c2}, {args.max_iterations} iterations, feature detectors "
                f"'{args.feature_detectors}'" if args.tagger == "crf" else
                f"transformer tagger: {args.tagger_base or args.mlm} fine-tuned, lr {args.lr}, {args.epochs} epochs "
                f"(last kept), batch {args.batch_size}"), model_quality(args)]
    for name in rows[0]["raw"]:
        raw = [r["raw"][name] for r in rows]
        aug = [r["aug"][name] for r in rows]
        gain = [a - b for a, b in zip(aug, raw)]
        lines.append(f"{name} ({args.set_sizes[name]}): raw {spread(raw)} | +Filtered BERT {spread(aug)} | gain "
                     f"{spread(gain)} points (per seed: {', '.join(f'{100 * g:+.2f}' for g in gain)})")
    replaced, copies, words = (sum(r[k] for r in rows) for k in ("replaced", "copies", "copy_words"))
    lines.append(f"words replaced: {replaced} in {copies} copies, {replaced / copies:.1f} per copy, "
                 f"{100 * replaced / words:.2f}% of the copies' words; labels and PHI text kept in "
                 f"{sum(r['labels_kept'] for r in rows)}/{copies} copies")
    lines.append("CPU seconds: augmentation " + ", ".join(f"{r['augment_cpu']:.0f}" for r in rows)
                 + "; raw train+score " + ", ".join(f"{r['raw_cpu']:.0f}" for r in rows)
                 + "; augmented train+score " + ", ".join(f"{r['aug_cpu']:.0f}" for r in rows))
    lines.append(f"augmentation totals: {json.dumps(tool.stats.as_dict())}")
    pairs = tool.stats.examples
    lines.append("most often replaced non-PHI words: "
                 + ", ".join(f"{w} {c}" for w, c in Counter(a.lower() for a, _, _ in pairs).most_common(15)))
    lines.append("most often proposed: "
                 + ", ".join(f"{w} {c}" for w, c in Counter(b.lower() for _, b, _ in pairs).most_common(15)))
    lines.append("example replacements (non-PHI words): " + "; ".join(f"{a} -> {b} ({s:.2f})" for a, b, s in pairs[:25]))
    return lines


def parse() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT / "out" / "realprose", help="bench/make_realprose.py's output")
    ap.add_argument("--mlm", type=Path, help="masked LM folder (phisift lm mlm)")
    ap.add_argument("--vectors", type=Path, help="the filter's fastText vectors (phisift lm vectors)")
    ap.add_argument("--raw-only", action="store_true", help="train and score the raw models only (no masked LM needed)")
    ap.add_argument("--reuse-raw", action="store_true",
                    help="read the raw models of an earlier run (same --out, size, seeds, CRF settings and commit: "
                         "a detector change moves the raw F1) instead of retraining")
    ap.add_argument("--lm-corpus", type=Path, help="the JSONL the masked LM was trained on (for the unseen set)")
    ap.add_argument("--lm-seed", type=int, default=0, help="the masked LM's seed (its held-out split)")
    ap.add_argument("--lm-holdout", type=float, default=0.1)
    ap.add_argument("--size", type=int, default=50)
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--sets", default="heldout_types", help="further real-prose splits to score ('' for none)")
    ap.add_argument("--words", type=int, default=5)
    ap.add_argument("--min-sim", type=float, default=0.0)
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--top-k", type=int, default=0)
    ap.add_argument("--c1", type=float, default=0.05)
    ap.add_argument("--c2", type=float, default=0.01)
    ap.add_argument("--max-iterations", type=int, default=150)
    ap.add_argument("--feature-detectors", default="rules,lexicon")
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "augment-english")
    ap.add_argument("--tag", default="", help="suffix of the report file names")
    ap.add_argument("--tagger", choices=("crf", "transformer"), default="crf",
                    help="crf (default) or transformer: the masked LM fine-tuned as the tagger (the paper's setting)")
    ap.add_argument("--tagger-base", type=Path, help="transformer: the encoder to fine-tune (default --mlm)")
    ap.add_argument("--lr", type=float, default=3e-4, help="transformer learning rate")
    ap.add_argument("--epochs", type=int, default=15, help="transformer epochs (the last is kept)")
    ap.add_argument("--batch-size", type=int, default=8, help="transformer batch size")
    ap.add_argument("--report-notes", type=int, default=0, help="score on the first N report notes only (0: all)")
    args = ap.parse_args()
    args.seeds = [int(s) for s in args.seeds.split(",")]
    if not args.raw_only and not (args.mlm and args.vectors):
        ap.error("--mlm and --vectors are needed unless --raw-only")
    return args


def main() -> int:
    args = parse()
    t0, c0 = time.perf_counter(), cpu_seconds()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    say(f"start {time.strftime('%H:%M:%S')} {load()}, commit {commit}")
    tune = list(read_corpus(args.data / "tune.jsonl"))
    report = list(read_corpus(args.data / "report.jsonl"))
    if args.report_notes:  # the first N (a transformer tags slowly on a busy CPU)
        report = report[: args.report_notes]
    extra = {name: list(read_corpus(args.data / f"{name}.jsonl")) for name in args.sets.split(",") if name}
    lines = [f"commit {commit} (a worktree with uncommitted changes reports its HEAD)"]
    if args.lm_corpus:
        unseen, split = mlm_unseen_notes(args.lm_corpus, args.lm_seed, args.lm_holdout)
        scored = {"report": report, **extra}
        extra["unseen"] = [d for docs in scored.values() for d in docs if carrier_id(d) in unseen]
        seen = {name: sum(carrier_id(d) not in unseen for d in docs) for name, docs in scored.items()}
        lines.append(f"masked LM split re-run on {args.lm_corpus.name}: {json.dumps(split)}; test notes whose carrier "
                     f"the masked LM trained on: " + ", ".join(f"{k} {v}" for k, v in seen.items()))
        say(lines[-1])
    args.set_sizes = {name: f"{len(docs)} notes, {sum(len(d.spans) for d in docs)} spans"
                      for name, docs in {"report": report, **extra}.items()}
    say(f"tune {len(tune)} notes; scored on " + ", ".join(f"{k} {v}" for k, v in args.set_sizes.items()))
    tool = None if args.raw_only else FilteredBert.from_paths(args.mlm, args.vectors, FilteredSettings(words=args.words))
    rows = [one_seed(seed, tool, tune, report, extra, args) for seed in args.seeds]
    if not args.raw_only:
        lines += summary_lines(rows, tool, args)
    lines.append(f"total: {(time.perf_counter() - t0) / 60:.1f} min wall, {(cpu_seconds() - c0) / 60:.1f} min CPU; "
                 f"end {load()}")
    text = "\n".join(lines)
    say("\n" + text)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"report{args.tag}.txt").write_text(text + "\n", encoding="utf-8")
    (args.out / f"report{args.tag}.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
