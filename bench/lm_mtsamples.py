"""Masked LMs and fastText vectors built from the MTSamples transcriptions, on a CPU.

Prints, for each masked-LM size: wall time, steps, held-out loss and masked-token
top-1/top-5 accuracy on held-out notes (10% of notes, split by a seeded hash of
the note id), and whether a reload of the saved folder predicts identically;
then fastText nearest neighbours of a few clinical words. All through the
library (``phisift.lm``). The notes are de-identified once (PHI -> tags, as
``--deid-first`` does; timed separately) and every model trains on that text, so
each model's time budget goes to training.

    python bench/lm_mtsamples.py                       # tiny + small, 10 min each, 2 threads
    python bench/lm_mtsamples.py --sizes tiny --max-minutes 3 --skip-vectors
    python bench/lm_mtsamples.py --sizes tiny --max-minutes 0 --max-cpu-minutes 20 --skip-vectors

``--max-cpu-minutes`` budgets the CPU time of the process (all threads) instead of
(or besides) the wall time: on a machine shared with other work, 10 minutes on 2
cores is 20 CPU minutes. ``--max-minutes 0`` turns the wall-time budget off. The
remaining flags override single settings of the size (the levers measured in
docs/lm.md); ``--tag`` names the output folder so runs do not overwrite each other.

Results go to bench/out/lm/ (models, vectors, lm_mtsamples.json).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from phisift.progress import TextReporter

HERE = Path(__file__).resolve().parent
DATA = HERE.parent.parent / "shared" / "data" / "mtsamples" / "mtsamples.csv"
WORDS = ["hypertension", "fracture", "metformin", "pain", "knee", "diabetes", "pneumonia", "lisinopril"]
PROBES = [
    "The patient has a history of [MASK] and diabetes mellitus.",
    "She was started on [MASK] 500 mg twice daily.",
    "X-ray of the left [MASK] showed no fracture.",
    "The patient was taken to the operating [MASK] and placed in the supine position.",
]


def cpu_seconds() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def deidentify_once(args, console: TextReporter) -> tuple[Path, dict]:
    """The MTSamples notes with PHI replaced by tags, as JSONL; time and counts."""
    from phisift.formats import read_corpus
    from phisift.lm.corpus import make_deidentifier

    start, cpu = time.perf_counter(), cpu_seconds()
    deidentify, word = make_deidentifier(None, None, console)
    target = args.out / "mtsamples-deid.jsonl"
    replaced: dict[str, int] = {}
    n = 0
    with open(target, "w", encoding="utf-8") as fh:
        for doc in read_corpus(args.data, "csv", text_field="transcription", id_field="note_id"):
            text, labels = deidentify(doc) if deidentify else (doc.text, [])
            for label in labels:
                replaced[label] = replaced.get(label, 0) + 1
            fh.write(json.dumps({"id": doc.id, "text": text}) + "\n")
            n += 1
    return target, {"documents": n, "deid": word, "replaced": dict(sorted(replaced.items())),
                    "wall_seconds": round(time.perf_counter() - start, 1),
                    "cpu_seconds": round(cpu_seconds() - cpu, 1)}


def docs(args):
    from phisift.formats import read_corpus

    return read_corpus(args.corpus, "jsonl")


def reload_identical_mlm(result) -> bool:
    import torch

    from phisift.lm import load_mlm

    tokenizer, model = load_mlm(result.path)
    enc = tokenizer(PROBES, return_tensors="pt", padding=True)
    with torch.no_grad():
        return torch.equal(result.model(**enc).logits, model(**enc).logits)


def run_mlm(size: str, args, console: TextReporter) -> dict:
    from phisift.lm import MlmSettings, top_predictions, train_mlm

    over = {k: v for k, v in (("max_length", args.max_length), ("batch_size", args.batch_size),
                              ("learning_rate", args.lr), ("vocab_size", args.vocab_size),
                              ("mask_probability", args.mask_probability), ("dropout", args.dropout),
                              ("warmup", args.warmup)) if v is not None}
    settings = MlmSettings(size=size, epochs=args.epochs, max_minutes=args.max_minutes or None,
                           max_cpu_minutes=args.max_cpu_minutes, seed=args.seed, threads=args.threads, holdout=0.1,
                           deid_first=False, dedup=not args.no_dedup, **over)
    start, cpu = time.perf_counter(), cpu_seconds()
    load_before = os.getloadavg()[0]
    result = train_mlm(docs(args), args.out / f"mlm-{size}{args.tag}", settings, reporter=console, overwrite=True)
    wall = time.perf_counter() - start
    rep = result.report
    row = {
        "size": size,
        "parameters": rep["model"]["parameters"],
        "wall_seconds": round(wall, 1),
        "cpu_seconds": round(cpu_seconds() - cpu, 1),
        "prepare_seconds": rep["training"]["prepare_seconds"],
        "train_seconds": rep["training"]["seconds"],
        "train_cpu_seconds": rep["training"]["cpu_seconds"],
        "settings": rep["settings"],
        "model": rep["model"],
        "corpus": rep["corpus"],
        "steps": rep["training"]["steps"],
        "epochs": rep["training"]["epochs"],
        "time_limited": rep["training"]["time_limited"],
        "train_documents": rep["corpus"]["train_documents"],
        "holdout_documents": rep["corpus"]["holdout_documents"],
        "train_tokens": rep["corpus"]["train_tokens"],
        "holdout": rep["holdout"],
        "reload_identical": reload_identical_mlm(result),
        "load_average_1min_start_end": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "examples": {p: [t for t, _ in top_predictions(result.tokenizer, result.model, p, 5)[0]] for p in PROBES},
    }
    return row


def run_vectors(args, console: TextReporter) -> dict:
    import numpy as np

    from phisift.lm import VectorSettings, load_vectors, neighbours, train_vectors

    start, cpu = time.perf_counter(), cpu_seconds()
    load_before = os.getloadavg()[0]
    settings = VectorSettings(dim=args.dim, epochs=args.vector_epochs, seed=args.seed, deid_first=False)
    result = train_vectors(docs(args), args.out / "mtsamples-fasttext.bin", settings, reporter=console,
                           overwrite=True)
    wall = time.perf_counter() - start
    loaded = load_vectors(result.path)
    same = all(np.allclose(loaded[w], result.vectors[w], atol=1e-6) for w in WORDS)
    return {
        "wall_seconds": round(wall, 1),
        "cpu_seconds": round(cpu_seconds() - cpu, 1),
        "load_average_1min_start_end": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "vocabulary": result.report["corpus"]["vocabulary"],
        "tokens": result.report["corpus"]["tokens"],
        "settings": result.report["settings"],
        "reload_identical": bool(same),
        "neighbours": {w: neighbours(result.vectors, w, 8) for w in WORDS},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=HERE / "out" / "lm")
    parser.add_argument("--sizes", default="tiny,small")
    parser.add_argument("--epochs", type=int, default=20, help="an upper bound; --max-minutes decides")
    parser.add_argument("--max-minutes", type=float, default=10.0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dim", type=int, default=100)
    parser.add_argument("--vector-epochs", type=int, default=10)
    parser.add_argument("--skip-vectors", action="store_true")
    parser.add_argument("--corpus", type=Path, help="an already de-identified JSONL from an earlier run (skip the deid)")
    parser.add_argument("--max-cpu-minutes", type=float)
    parser.add_argument("--max-length", type=int)
    parser.add_argument("--batch-size", type=int)
    parser.add_argument("--lr", type=float)
    parser.add_argument("--vocab-size", type=int)
    parser.add_argument("--mask-probability", type=float)
    parser.add_argument("--dropout", type=float)
    parser.add_argument("--warmup", type=float)
    parser.add_argument("--shape", help="layers,hidden,heads,intermediate for the size (a lever; default the size's)")
    parser.add_argument("--no-dedup", action="store_true")
    parser.add_argument("--tag", default="", help="suffix of the output folder and results file")
    args = parser.parse_args()
    if args.corpus is None and not args.data.is_file():
        sys.exit(f"MTSamples not found at {args.data}")
    args.out.mkdir(parents=True, exist_ok=True)
    console = TextReporter()
    results: dict = {"cpus": os.cpu_count(), "max_minutes": args.max_minutes, "max_cpu_minutes": args.max_cpu_minutes,
                     "threads": args.threads, "argv": sys.argv[1:], "mlm": []}
    if args.shape:
        import dataclasses

        from phisift.lm import mlm

        layers, hidden, heads, inter = (int(x) for x in args.shape.split(","))
        for size in args.sizes.split(","):
            mlm.SIZES[size] = dataclasses.replace(mlm.SIZES[size], layers=layers, hidden=hidden, heads=heads,
                                                  intermediate=inter)
    if args.corpus is None:
        args.corpus, results["deid"] = deidentify_once(args, console)
        d = results["deid"]
        print(f"[deid] {d['documents']} notes, PHI replaced by tags ({d['deid']}): {sum(d['replaced'].values())} "
              f"spans in {d['wall_seconds']}s wall, {d['cpu_seconds']}s CPU", flush=True)
    for size in [s for s in args.sizes.split(",") if s]:
        row = run_mlm(size, args, console)
        results["mlm"].append(row)
        h = row["holdout"]
        print(f"[{size}] {row['parameters']:,} parameters, {row['steps']} steps ({row['epochs']} epochs) "
              f"in {row['wall_seconds']}s wall ({row['cpu_seconds']}s CPU, load {row['load_average_1min_start_end']}); held-out ({h['chunks']} chunks, {h['masked_tokens']} masked tokens): "
              f"loss {h['loss']}, top-1 {h['top1']:.3f}, top-5 {h['top5']:.3f}; content pieces "
              f"({h['content_tokens']}) top-1 {h['content_top1']:.3f}, top-5 {h['content_top5']:.3f}; content words "
              f"({h['content_words']}) top-1 {h['content_word_top1']:.3f}, top-5 {h['content_word_top5']:.3f}; "
              f"train {row['train_seconds']}s wall / {row['train_cpu_seconds']}s CPU; "
              f"reload identical: {row['reload_identical']}", flush=True)
        for probe, preds in row["examples"].items():
            print(f"    {probe}  ->  {', '.join(preds)}", flush=True)
    if not args.skip_vectors:
        vec = run_vectors(args, console)
        results["vectors"] = vec
        print(f"[fastText] {vec['vocabulary']} words from {vec['tokens']} tokens in {vec['wall_seconds']}s wall "
              f"({vec['cpu_seconds']}s CPU, load {vec['load_average_1min_start_end']}); "
              f"reload identical: {vec['reload_identical']}", flush=True)
        for word, near in vec["neighbours"].items():
            print(f"    {word}: {', '.join(f'{w} {s:.2f}' for w, s in near)}", flush=True)
    (args.out / f"lm_mtsamples{args.tag}.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"results: {args.out / f'lm_mtsamples{args.tag}.json'}")


if __name__ == "__main__":
    main()
