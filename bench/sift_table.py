"""DataSifterText over presets and swap methods on MSHA narratives and MTSamples notes.

For each corpus: a seeded subset, a tiny masked LM for the fill-in (``--mlm NAME=DIR``,
else ``bench/out/sift/mlm-NAME`` when it exists, else one trained now on the subset
as ``phisift lm mlm SUBSET --size tiny`` does), then for each preset one fit and
one mask-and-fill pass, and for each swap method the swap and the report: mask
share, original words kept in place, same-cluster share (K-means of the originals,
K=5), accuracy on held-out originals of TF-IDF + logistic regression trained on the
sifted notes (and on the originals), linkage attack top-1 to the note's own original, to its
swap partner and to either (any original whose text the sifted note carries), and run time.

Reference rows per corpus: the original notes themselves, and naive suppression
(the masks of each preset, the masked words deleted instead of refilled), the
baseline the paper compares with. Then the paper's own setting (``--no-paper``
leaves it out) and the trade-off curve (``--curve``: the small preset's one-pass
masking with ``pn`` from light to heavy, sifted and suppressed with the same masks).
Wall clock and CPU seconds (``time.process_time``) and the load average go into
every row; ``--print --plot F.png`` draws the curve.

Rows are appended to ``bench/out/sift/rows.jsonl`` as they finish, so a run that is
stopped can go on where it stopped (``--fresh`` starts over). Run it in the
background; a corpus takes about 50 minutes on two cores shared with other work:

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

DATA = Path(os.environ.get("PHISIFT_DATA", "/work/shared/data"))  # the shared data, wherever the tree is
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


def load_subset(name: str, seed: int = 0, n: int | None = None) -> list[Document]:
    docs = load_all(name)
    n = n or CORPORA[name][3]
    return [docs[i] for i in sorted(random.Random(seed).sample(range(len(docs)), min(n, len(docs))))]


def ensure_mlm(name: str, docs: list[Document], given: Path | None = None) -> Path:
    """The fill-in masked LM of a corpus: ``given``, else ``bench/out/sift/mlm-NAME`` if it exists,
    else a tiny BERT trained now on the sifted subset (as ``phisift lm mlm SUBSET --size tiny``)."""
    from phisift.lm import MlmSettings, train_mlm

    folder = given or OUT / f"mlm-{name}"
    if (folder / "config.json").is_file():
        return folder
    from phisift.progress import TextReporter

    epochs = CORPORA[name][4]
    print(f"[{name}] training a tiny masked LM ({epochs} epochs) on the {len(docs)} notes", flush=True)
    t = time.perf_counter()
    res = train_mlm(docs, folder, MlmSettings(size="tiny", epochs=epochs, seed=0), reporter=TextReporter())
    print(f"[{name}] MLM: {time.perf_counter() - t:.0f}s, held-out top-1 {res.report['holdout']['top1']}", flush=True)
    return folder


class Suppress:
    """Naive suppression: a masked word is deleted (the reference the paper compares with)."""

    name = "suppression"

    def fill(self, tokens, masked, rng):
        return {i: "" for i in masked}


def row_of(corpus: str, setting: str, method: str, report: dict, seconds: float, cpu: float = 0.0) -> dict:
    clf = report["utility"]["classifier"] or {}
    return {
        "corpus": corpus, "setting": setting, "method": method, "documents": report["documents"],
        "mask_share": report["mask_share"], "kept_in_place": report["kept_in_place_share"],
        "swapped": report["swapped_share"], "same_cluster": report["utility"]["same_cluster_share"],
        "acc_sifted": clf.get("accuracy_trained_on_sifted"), "acc_original": clf.get("accuracy_trained_on_original"),
        "majority": clf.get("majority_class_accuracy"), "linkage_top1": report["privacy"]["linkage_top1"],
        "linkage_partner": report["privacy"].get("linkage_partner"), "linkage_any": report["privacy"].get("linkage_any"),
        "seconds": round(seconds, 1), "cpu_seconds": round(cpu, 1), "load": round(os.getloadavg()[0], 2),
        "fill": report["fill"],
    }


def run_setting(corpus: str, setting: str, config: SiftConfig, docs: list[Document], methods: list[str],
                done: set, out_rows: Path, filler=None) -> None:
    todo = [m for m in methods if (corpus, setting, m) not in done]
    if not todo:
        return
    t0, c0 = time.perf_counter(), time.process_time()
    state = fit(docs, replace(config, method=todo[0]), filler=filler)
    for i in range(len(docs)):
        state.filled(i)
    shared, shared_cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"[{corpus}] {setting}: fit + mask + fill {shared:.0f}s", flush=True)
    for method in todo:
        t1, c1 = time.perf_counter(), time.process_time()
        st = state.with_method(method)
        outcomes = [sift_document(st, d) for d in docs]
        swap, swap_cpu = time.perf_counter() - t1, time.process_time() - c1
        run = SiftRun(docs, outcomes, st, {"total": round(shared + swap, 1)})
        report = build_report(run, "label")
        row = row_of(corpus, setting, method, report, shared + swap, shared_cpu + swap_cpu)
        with open(out_rows, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)


def reference_rows(corpus: str, docs: list[Document], done: set, out_rows: Path, mlm: Path) -> None:
    """The original notes themselves, and naive suppression with the masks of each preset."""
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
    for preset in PRESETS:  # naive suppression: each preset's masks, the masked words deleted
        run_setting(corpus, f"suppression ({preset} masks)", SiftConfig.preset_config(preset), docs, ["none"], done,
                    out_rows, filler=Suppress())


def curve_rows(corpus: str, docs: list[Document], done: set, out_rows: Path, mlm: Path, pns: list[float],
               methods: list[str]) -> None:
    """The trade-off curve: the small preset (published one-pass masking, at most half of the words)
    with ``pn`` from light to heavy masking, sifted and naively suppressed with the same masks.
    The paper's loop (more than half masked) is the ``large`` and ``paper`` rows."""
    for pn in pns:
        cfg = SiftConfig.preset_config("small", pn=pn, mlm=str(mlm))
        run_setting(corpus, f"curve pn={pn}", cfg, docs, methods, done, out_rows)
        run_setting(corpus, f"suppression (pn={pn} masks)", replace(cfg, mlm=None, fill="unigram"), docs, ["none"],
                    done, out_rows, filler=Suppress())


def print_table(rows: list[dict]) -> str:
    head = ("| corpus | setting | method | masked | kept in place | same cluster | clf sifted / original "
            "| linkage own / partner / any | wall / CPU s (load) |\n|---|---|---|---|---|---|---|---|---|")
    lines = [head]
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    for r in rows:
        lines.append(f"| {r['corpus']} | {r['setting']} | {r['method']} | {pct(r['mask_share'])} | "
                     f"{pct(r['kept_in_place'])} | {pct(r['same_cluster'])} | "
                     f"{pct(r['acc_sifted'])} / {pct(r['acc_original'])} | {pct(r['linkage_top1'])} / "
                     f"{pct(r.get('linkage_partner'))} / {pct(r.get('linkage_any'))} | "
                     f"{r['seconds']} / {r.get('cpu_seconds', '-')} ({r.get('load', '-')}) |")
    return "\n".join(lines)


def _series(rows: list[dict], corpus: str) -> dict[str, list[tuple[float, float, float]]]:
    """(mask share, same cluster, linkage) points of a corpus: sifted without swap, with the tail swap,
    and naive suppression, over the curve's and the presets' masks."""
    out: dict[str, list] = {"sifted, no swap": [], "sifted, rake-position swap": [], "naive suppression": []}
    for r in rows:
        if r["corpus"] != corpus or r["setting"] in ("original", "paper"):  # paper: another whitelist and top_k
            continue
        if r["setting"].startswith("suppression"):
            name = "naive suppression"
        elif r["method"] in ("none", "rake-position"):
            name = "sifted, no swap" if r["method"] == "none" else "sifted, rake-position swap"
        else:
            continue
        link = r.get("linkage_any") if r.get("linkage_any") is not None else r["linkage_top1"]
        out[name].append((r["mask_share"], r["same_cluster"], link))
    return {k: sorted(v) for k, v in out.items() if v}


def plot_curves(rows: list[dict], path: Path) -> None:
    """Same-cluster share and linkage success against the share of words masked, one panel per corpus."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    corpora = sorted({r["corpus"] for r in rows})
    fig, axes = plt.subplots(1, len(corpora), figsize=(5.2 * len(corpora), 3.8), dpi=100, squeeze=False)
    styles = {"sifted, no swap": "#2b7bba", "sifted, rake-position swap": "#d62728", "naive suppression": "#888888"}
    for ax, corpus in zip(axes[0], corpora):
        for name, pts in _series(rows, corpus).items():
            x = [100 * p[0] for p in pts]
            ax.plot(x, [100 * p[1] for p in pts], "o-", color=styles[name], label=f"{name}: same cluster")
            ax.plot(x, [100 * p[2] for p in pts], "s--", color=styles[name], label=f"{name}: linkage to any carried original")
        ax.axhline(86.5, color="#2ca02c", lw=0.8, ls=":")
        ax.axhline(50, color="#9467bd", lw=0.8, ls=":")
        ax.set_title(corpus, fontsize=10)
        ax.set_xlabel("words masked (%)")
        ax.set_ylabel("%")
        ax.set_ylim(0, 102)
    axes[0][-1].legend(fontsize=7, loc="lower left")
    fig.suptitle("DataSifterText trade-off: same K-means cluster (solid) and linkage success (dashed); "
                 "targets 86.5% and 50% dotted", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, metadata={"Software": None})
    plt.close(fig)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", choices=[*CORPORA, "all"], default="all")
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--methods", default=",".join(METHODS))
    ap.add_argument("--extra", action="append", default=[],
                    help='another setting: NAME=JSON of SiftConfig overrides on a preset, e.g. '
                         'x={"preset":"large","pw":0.2}')
    ap.add_argument("--mlm", action="append", default=[], help="NAME=DIR: the fill-in masked LM of a corpus.")
    ap.add_argument("--notes", action="append", default=[], help="NAME=N: sift a seeded subset of N notes of a corpus.")
    ap.add_argument("--subset-seed", type=int, default=0, help="Seed of the subset (another seed: other notes).")
    ap.add_argument("--curve", default="0.95,0.9,0.85,0.65,0.5", help="pn values of the trade-off curve ('' none).")
    ap.add_argument("--curve-methods", default="none,rake-position")
    ap.add_argument("--paper", action=argparse.BooleanOptionalAction, default=True,
                    help="Also the paper's own setting: Algorithm 1 with pw 0.5, pn 0.75, whole distribution.")
    ap.add_argument("--rows", type=Path, default=OUT / "rows.jsonl")
    ap.add_argument("--fresh", action="store_true", help="Forget the rows of earlier runs.")
    ap.add_argument("--print", action="store_true", help="Only print the table of the rows so far.")
    ap.add_argument("--plot", type=Path, help="With --print: also draw the trade-off curves of the rows into this PNG.")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    if args.fresh and args.rows.exists():
        args.rows.unlink()
    rows = [json.loads(x) for x in args.rows.read_text().splitlines()] if args.rows.exists() else []
    if args.print:
        print(print_table(rows))
        if args.plot:
            plot_curves(rows, args.plot)
        return
    done = {(r["corpus"], r["setting"], r["method"]) for r in rows}
    methods = args.methods.split(",")
    for corpus in (CORPORA if args.corpus == "all" else [args.corpus]):
        sizes = {k: int(v) for k, v in (x.split("=", 1) for x in args.notes)}
        docs = load_subset(corpus, args.subset_seed, n=sizes.get(corpus))
        given = dict(x.split("=", 1) for x in args.mlm)
        mlm = ensure_mlm(corpus, docs, Path(given[corpus]) if corpus in given else None)
        print(f"[{corpus}] {len(docs)} notes, fill-in model {mlm}", flush=True)
        reference_rows(corpus, docs, done, args.rows, mlm)
        for preset in args.presets.split(","):
            if preset:
                run_setting(corpus, preset, SiftConfig.preset_config(preset, mlm=str(mlm)), docs, methods, done,
                            args.rows)
        if args.paper:
            run_setting(corpus, "paper", SiftConfig.preset_config(
                "large", mlm=str(mlm), pw=0.5, top_k=0, whitelist_rare=False, whitelist_phi=False), docs, methods,
                done, args.rows)
        if args.curve:
            curve_rows(corpus, docs, done, args.rows, mlm, [float(x) for x in args.curve.split(",")],
                       args.curve_methods.split(","))
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
