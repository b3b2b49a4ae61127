"""DataSifterText settings on a seeded MSHA subset: same cluster and linkage to own / partner / either.

A small driver for the issue-18.3 measurements (reduced sizes for a shared machine):

    OMP_NUM_THREADS=1 nice -n 5 python bench/sift_linkage.py N MLM SETTINGS [SUBSET_SEED]

N notes drawn with ``SUBSET_SEED`` (default 0; ``held``: N notes held apart from the seed-0
N and from the fill-in model's 3,000 training notes) from ``msha/msha_bodypart.csv`` (as
``bench/sift_table.py`` draws them); MLM a masked-LM folder (``bench/out/sift/mlm-msha``,
trained by ``bench/sift_table.py``'s ``ensure_mlm`` on the 3,000-note seed-0 subset) or
``unigram``; SETTINGS a JSON list of ``[name, overrides]``, the overrides being
SiftConfig fields on a ``preset`` plus ``methods`` (swap methods, default
``["rake-position"]``; a method ending in ``+in-cluster``, e.g. ``rake-position+in-cluster``,
swaps by that method with ``swap_in_cluster`` on, sharing the setting's fill). One JSON line per setting and method: mask share, kept in
place, same cluster, linkage own / partner / any, classifier accuracy, the share of the
sources' rare words still carried, CPU seconds. ``--rows FILE`` also appends each line
to FILE; ``--table --rows FILE`` prints FILE's rows as a Markdown table;
``--plot FILE.png --rows FILE`` draws the rows of FILE (same cluster against
linkage to any original the note carries, the target region shaded) and runs nothing:

    python bench/sift_linkage.py --plot docs/sift-linkage.png --rows bench/out/sift/linkage.jsonl
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

import sift_table as st  # noqa: E402
from phisift.sift import SiftConfig, fit, sift_document  # noqa: E402
from phisift.sift.core import SiftRun  # noqa: E402
from phisift.sift.report import build_report  # noqa: E402

IN_CLUSTER = "+in-cluster"


def held_apart(n: int) -> list:
    """``n`` MSHA notes (seed 1) from those in neither the seed-0 subset of ``n`` notes nor the 3,000-note
    seed-0 subset the fill-in model ``bench/out/sift/mlm-msha`` was trained on."""
    import random

    every = st.load_all("msha")
    taken = {d.id for d in st.load_subset("msha", 0, n)} | {d.id for d in st.load_subset("msha", 0, 3000)}
    rest = [d for d in every if d.id not in taken]
    return [rest[i] for i in sorted(random.Random(1).sample(range(len(rest)), n))]


def other_clustering(originals: list[str], seed: int = 1, k: int = 8):
    """A second K-means of the originals (K = 8, another seed): a same-cluster measure the sift never saw.

    ``fill_in_cluster`` and ``swap_in_cluster`` steer by the K-means the report's same-cluster
    share uses, so that share partly says the steering worked; this one checks whether the
    notes also stay together under a clustering fitted independently.
    """
    from phisift.sift.swap import fit_clusters

    model, _, labels = fit_clusters(originals, k, seed)
    return lambda texts: float((model.clusters(texts) == labels).mean())


def table(rows_file: Path) -> str:
    """The rows of ``rows_file`` as a Markdown table."""
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    lines = ["| setting | notes | swap | masked | kept in place | same cluster | same cluster, other K-means "
             "| linkage own / partner / **any** | rare words carried | classifier: sifted / original | CPU s |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for line in rows_file.read_text().splitlines():
        r = json.loads(line)
        notes = "held apart" if str(r.get("subset_seed", 0)) == "held" else f"seed {r.get('subset_seed', 0)}"
        swap = r["method"] + (" †" if r.get("rake_at_punctuation_only") else "")
        lines.append(f"| {r['name']} | {notes} | {swap} | {pct(r['mask'])} | {pct(r['kept'])} | "
                     f"{pct(r['same'])} | {pct(r.get('same_other'))} | {pct(r['own'])} / {pct(r['partner'])} / **{pct(r['any'])}** | "
                     f"{pct(r.get('rare_carried'))} | {pct(r.get('clf'))} / {pct(r.get('clf_original'))} | {r['cpu']} |")
    return "\n".join(lines)


def plot(rows_file: Path, png: Path) -> None:
    """Same cluster against linkage to any carried original, one point per setting and swap."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [json.loads(line) for line in rows_file.read_text().splitlines() if line.strip()]
    fig, ax = plt.subplots(figsize=(7.5, 5), dpi=100)
    ax.axvspan(0, 0.5, ymin=(0.865 - 0.4) / 0.6, ymax=1, color="#d9f0d3", label="target: >= 86.5% / <= 50%")
    for method, marker in (("none", "o"), ("rake-position", "s"), ("rake-position" + IN_CLUSTER, "D"), ("rake", "^"),
                           ("textrank", "v")):
        pts = [r for r in rows if r["method"] == method]
        if not pts:
            continue
        held = [r for r in pts if str(r.get("subset_seed", 0)) != "0"]
        main_ = [r for r in pts if str(r.get("subset_seed", 0)) == "0"]
        ax.scatter([r["any"] for r in main_], [r["same"] for r in main_], marker=marker, label=f"swap {method}")
        if held:
            ax.scatter([r["any"] for r in held], [r["same"] for r in held], marker=marker, facecolors="none",
                       edgecolors="k", label=f"swap {method}, held-apart notes")
        for r in main_:
            ax.annotate(r["name"], (r["any"], r["same"]), fontsize=6, xytext=(3, 2), textcoords="offset points")
    other = [r for r in rows if r.get("same_other") is not None]
    if other:  # the same notes under a second K-means the sift did not steer by (K = 8, another seed)
        ax.scatter([r["any"] for r in other], [r["same_other"] for r in other], marker="x", color="grey",
                   label="same notes, second K-means (K=8)")
    ax.set_xlim(0, 1.02)
    ax.set_ylim(0.4, 1.01)
    ax.set_xlabel("linkage to any original the sifted note carries (own or partner)")
    ax.set_ylabel("same cluster (K-means of the originals)")
    ax.set_title(f"DataSifterText on {rows[0]['n']} MSHA narratives: utility against linkage", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(png, metadata={"Software": None})


def main() -> None:
    args = sys.argv[1:]
    rows_file = None
    if "--rows" in args:
        k = args.index("--rows")
        rows_file = Path(args[k + 1])
        del args[k : k + 2]
    if "--table" in args:
        print(table(rows_file))
        return
    if "--plot" in args:
        plot(rows_file, Path(args[args.index("--plot") + 1]))
        return
    n, mlm, settings = int(args[0]), args[1], json.loads(args[2])
    subset_seed = args[3] if len(args) > 3 else 0
    docs = held_apart(n) if subset_seed == "held" else st.load_subset("msha", int(subset_seed), n)
    for name, over in settings:
        over = dict(over)
        base, methods = over.pop("preset", "medium"), over.pop("methods", ["rake-position"])
        over.update({"fill": "unigram"} if mlm == "unigram" else {"mlm": mlm})
        t = time.process_time()
        state = fit(docs, SiftConfig.preset_config(base, **over))
        same_other = other_clustering(state.texts)
        for i in range(len(docs)):
            state.filled(i)
        for method in methods:
            swapped = state.with_method(method.removesuffix(IN_CLUSTER))
            if method.endswith(IN_CLUSTER):  # the same fill, the swap kept in the cluster (swap_in_cluster)
                swapped = replace(swapped, config=replace(swapped.config, swap_in_cluster=True))
            outcomes = [sift_document(swapped, d) for d in docs]
            r = build_report(SiftRun(docs, outcomes, swapped, {"total": 0}), "label")
            by_id = {o.document.id: o.document.text for o in outcomes}
            other = round(same_other([by_id[i] for i in state.ids]), 4)
            p, c = r["privacy"], r["utility"]["classifier"] or {}
            line = json.dumps({"name": name, "method": method, "n": n, "subset_seed": subset_seed,
                               "mask": r["mask_share"],
                               "kept": r["kept_in_place_share"], "same": r["utility"]["same_cluster_share"],
                               "same_other": other,
                               "own": p["linkage_own"], "partner": p["linkage_partner"], "any": p["linkage_any"],
                               "clf": c.get("accuracy_trained_on_sifted"), "clf_original": c.get("accuracy_trained_on_original"),
                               "rare_carried": (p.get("rare_words") or {}).get("carried_share"),
                               "other_partner": r.get("swapped_with_other_candidate_share"),
                               "settings": {"preset": base, **{k: v for k, v in over.items() if k != "mlm"}}, "cpu": round(time.process_time() - t, 1)})
            print(line, flush=True)
            if rows_file is not None:
                with open(rows_file, "a", encoding="utf-8") as fh:
                    fh.write(line + "\n")


if __name__ == "__main__":
    main()
