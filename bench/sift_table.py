"""DataSifterText over presets and swap methods on MSHA narratives and MTSamples notes.

For each corpus: a seeded subset, a tiny masked LM trained on all notes of the
corpus file (the ``phisift.lm`` module, as ``phisift lm mlm FILE --size tiny``;
reused when already built), then for each preset one fit and
one mask-and-fill pass, and for each swap method the swap and the report: mask
share, original words kept in place, same-cluster share (K-means of the originals,
K=5), accuracy on held-out originals of TF-IDF + logistic regression trained on the
sifted notes (and on the originals), linkage attack top-1, and run time.

Reference rows per corpus: the original notes themselves, and naive suppression
(the masks of the small and of the large preset, the masked words deleted instead
of refilled), the baseline the paper compares with.

Rows are appended to ``bench/out/sift/rows.jsonl`` as they finish, so a run that is
stopped can go on where it stopped (``--fresh`` starts over). Run it in the
background; the whole table takes about an hour on two busy cores:

    OMP_WAIT_POLICY=PASSIVE nohup .venv/bin/python bench/sift_table.py > bench/out/sift/table.log 2>&1 &
    .venv/bin/python bench/sift_table.py --print          # the table of the rows so far
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # before torch/sklearn start OpenMP threads

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from phisift.document import Document  # noqa: E402
from phisift.sift import SiftConfig, fit, sift_document  # noqa: E402
from phisift.sift.core import SiftRun  # noqa: E402
from phisift.sift.report import build_report  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
OUT = ROOT / "bench" / "out" / "sift"
CORPORA = {
    # name: (file, text column, label column, subset size, MLM epochs over all notes of the file)
    "msha": (DATA / "msha" / "msha_bodypart.csv", "NARRATIVE", "INJ_BODY_PART", 3000, 3),
    "mtsamples": (DATA / "mtsamples" / "mtsamples.csv", "transcription", "medical_specialty", 1000, 2),
}
METHODS = ["none", "rake", "rake-position", "textrank"]
PRESETS = ["small", "medium", "large"]


def load_all(name: str) -> list[Document]:
    path, text_col, label_col, _, _ = CORPORA[name]
    csv.field_size_limit(sys.maxsize)
    with open(path, encoding="utf-8", newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r[text_col].strip()]
    return [Document(f"{name}-{i}", r[text_col], (), {"label": r[label_col].strip()}) for i, r in enumerate(rows)]


def load_subset(name: str, seed: int = 0) -> list[Document]:
    docs = load_all(name)
    n = CORPORA[name][3]
    return [docs[i] for i in sorted(random.Random(seed).sample(range(len(docs)), min(n, len(docs))))]


def ensure_mlm(name: str) -> Path:
    """A tiny masked LM trained on every note of the corpus file (the sifted subset among them)."""
    from phisift.lm import MlmSettings, train_mlm

    folder = OUT / f"mlm-{name}-all"
    if (folder / "config.json").is_file():
        return folder
    from rich.console import Console

    docs = load_all(name)
    epochs = CORPORA[name][4]
    print(f"[{name}] training a tiny masked LM ({epochs} epochs) on all {len(docs)} notes", flush=True)
    t = time.perf_counter()
    res = train_mlm(docs, folder, MlmSettings(size="tiny", epochs=epochs, seed=0), console=Console(stderr=True))
    print(f"[{name}] MLM: {time.perf_counter() - t:.0f}s, held-out top-1 {res.report['holdout']['top1']}", flush=True)
    return folder


class Suppress:
    """Naive suppression: a masked word is deleted (the reference the paper compares with)."""

    name = "suppression"

    def fill(self, tokens, masked, rng):
        return {i: "" for i in masked}


def row_of(corpus: str, setting: str, method: str, report: dict, seconds: float) -> dict:
    clf = report["utility"]["classifier"] or {}
    return {
        "corpus": corpus, "setting": setting, "method": method, "documents": report["documents"],
        "mask_share": report["mask_share"], "kept_in_place": report["kept_in_place_share"],
        "swapped": report["swapped_share"], "same_cluster": report["utility"]["same_cluster_share"],
        "acc_sifted": clf.get("accuracy_trained_on_sifted"), "acc_original": clf.get("accuracy_trained_on_original"),
        "majority": clf.get("majority_class_accuracy"), "linkage_top1": report["privacy"]["linkage_top1"],
        "seconds": round(seconds, 1), "fill": report["fill"],
    }


def run_setting(corpus: str, setting: str, config: SiftConfig, docs: list[Document], methods: list[str],
                done: set, out_rows: Path, filler=None) -> None:
    todo = [m for m in methods if (corpus, setting, m) not in done]
    if not todo:
        return
    t0 = time.perf_counter()
    state = fit(docs, replace(config, method=todo[0]), filler=filler)
    for i in range(len(docs)):
        state.filled(i)
    shared = time.perf_counter() - t0
    print(f"[{corpus}] {setting}: fit + mask + fill {shared:.0f}s", flush=True)
    for method in todo:
        t1 = time.perf_counter()
        st = state.with_method(method)
        outcomes = [sift_document(st, d) for d in docs]
        swap = time.perf_counter() - t1
        run = SiftRun(docs, outcomes, st, {"total": round(shared + swap, 1)})
        report = build_report(run, "label")
        row = row_of(corpus, setting, method, report, shared + swap)
        with open(out_rows, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)


def reference_rows(corpus: str, docs: list[Document], done: set, out_rows: Path, mlm: Path) -> None:
    if (corpus, "original", "-") not in done:
        cfg = SiftConfig.preset_config("medium", fill="unigram")
        state = fit(docs, cfg)
        outcomes = []
        from phisift.sift.core import SiftOutcome
        from phisift.sift.masking import word_units

        for d in docs:
            n = len(word_units(d.text))
            outcomes.append(SiftOutcome(d, n, 0, n, False, None, 0, False))
        report = build_report(SiftRun(docs, outcomes, state, {"total": 0.0}), "label")
        row = row_of(corpus, "original", "-", report, 0.0)
        with open(out_rows, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)
    for preset in ("small", "large"):  # the masks of a light and of the heaviest preset
        run_setting(corpus, f"suppression ({preset} masks)", SiftConfig.preset_config(preset), docs, ["none"], done,
                    out_rows, filler=Suppress())


def print_table(rows: list[dict]) -> str:
    head = ("| corpus | setting | method | masked | kept in place | same cluster | clf sifted / original "
            "| linkage top-1 | seconds |\n|---|---|---|---|---|---|---|---|---|")
    lines = [head]
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    for r in rows:
        lines.append(f"| {r['corpus']} | {r['setting']} | {r['method']} | {pct(r['mask_share'])} | "
                     f"{pct(r['kept_in_place'])} | {pct(r['same_cluster'])} | "
                     f"{pct(r['acc_sifted'])} / {pct(r['acc_original'])} | {pct(r['linkage_top1'])} | {r['seconds']} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", choices=[*CORPORA, "all"], default="all")
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--methods", default=",".join(METHODS))
    ap.add_argument("--extra", action="append", default=[],
                    help='another setting: NAME=JSON of SiftConfig overrides on a preset, e.g. '
                         'x={"preset":"large","pw":0.2}')
    ap.add_argument("--rows", type=Path, default=OUT / "rows.jsonl")
    ap.add_argument("--fresh", action="store_true", help="Forget the rows of earlier runs.")
    ap.add_argument("--print", action="store_true", help="Only print the table of the rows so far.")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    if args.fresh and args.rows.exists():
        args.rows.unlink()
    rows = [json.loads(x) for x in args.rows.read_text().splitlines()] if args.rows.exists() else []
    if args.print:
        print(print_table(rows))
        return
    done = {(r["corpus"], r["setting"], r["method"]) for r in rows}
    methods = args.methods.split(",")
    for corpus in (CORPORA if args.corpus == "all" else [args.corpus]):
        docs = load_subset(corpus)
        mlm = ensure_mlm(corpus)
        reference_rows(corpus, docs, done, args.rows, mlm)
        for preset in args.presets.split(","):
            if preset:
                run_setting(corpus, preset, SiftConfig.preset_config(preset, mlm=str(mlm)), docs, methods, done,
                            args.rows)
        for extra in args.extra:
            name, _, js = extra.partition("=")
            over = json.loads(js)
            base = over.pop("preset", "medium")
            run_setting(corpus, name, SiftConfig.preset_config(base, mlm=str(mlm), **over), docs, methods, done,
                        args.rows)
    rows = [json.loads(x) for x in args.rows.read_text().splitlines()]
    table = print_table(rows)
    (OUT / "table.md").write_text(table + "\n")
    print(table)


if __name__ == "__main__":
    main()
