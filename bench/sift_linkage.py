"""DataSifterText settings on a seeded MSHA subset: same cluster and linkage to own / partner / either.

A small driver for the issue-18.3 measurements (reduced sizes for a shared machine):

    OMP_NUM_THREADS=1 nice -n 5 python bench/sift_linkage.py N MLM SETTINGS [SUBSET_SEED]

N notes drawn with ``SUBSET_SEED`` (default 0) from ``msha/msha_bodypart.csv`` (as
``bench/sift_table.py`` draws them); MLM a masked-LM folder (``bench/out/sift/mlm-msha``,
trained by ``bench/sift_table.py``'s ``ensure_mlm`` on the 3,000-note seed-0 subset) or
``unigram``; SETTINGS a JSON list of ``[name, overrides]``, the overrides being
SiftConfig fields on a ``preset`` plus ``methods`` (swap methods, default
``["rake-position"]``). One JSON line per setting and method: mask share, kept in
place, same cluster, linkage own / partner / any, classifier accuracy, CPU seconds.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

import sift_table as st  # noqa: E402
from phisift.sift import SiftConfig, fit, sift_document  # noqa: E402
from phisift.sift.core import SiftRun  # noqa: E402
from phisift.sift.report import build_report  # noqa: E402


def main() -> None:
    n, mlm, settings = int(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
    docs = st.load_subset("msha", int(sys.argv[4]) if len(sys.argv) > 4 else 0, n)
    for name, over in settings:
        over = dict(over)
        base, methods = over.pop("preset", "medium"), over.pop("methods", ["rake-position"])
        over.update({"fill": "unigram"} if mlm == "unigram" else {"mlm": mlm})
        t = time.process_time()
        state = fit(docs, SiftConfig.preset_config(base, **over))
        for i in range(len(docs)):
            state.filled(i)
        for method in methods:
            swapped = state.with_method(method)
            outcomes = [sift_document(swapped, d) for d in docs]
            r = build_report(SiftRun(docs, outcomes, swapped, {"total": 0}), "label")
            p, c = r["privacy"], r["utility"]["classifier"] or {}
            print(json.dumps({"name": name, "method": method, "n": n, "mask": r["mask_share"],
                              "kept": r["kept_in_place_share"], "same": r["utility"]["same_cluster_share"],
                              "own": p["linkage_own"], "partner": p["linkage_partner"], "any": p["linkage_any"],
                              "clf": c.get("accuracy_trained_on_sifted"), "cpu": round(time.process_time() - t, 1)}),
                  flush=True)


if __name__ == "__main__":
    main()
