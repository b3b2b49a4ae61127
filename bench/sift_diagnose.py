"""Where a sift preset loses the K-means cluster: after mask and fill-in, or at the swap (issue 18.3).

    OMP_NUM_THREADS=1 nice -n 10 python bench/sift_diagnose.py SUBSET ['{"keep_cluster_terms": 15, ...}']

SUBSET: ``0`` (the seed-0 1,000 MSHA notes of ``bench/sift_linkage.py``) or ``held`` (its
held-apart 1,000); the JSON holds SiftConfig overrides of the preset (``preset``, default
``private``); the fill-in model is ``bench/out/sift/mlm-msha``. Prints cluster sizes, the
K-means margin (distance to the second-nearest centroid minus the nearest), same cluster
after mask-and-fill and after the rake-position swap, the same broken down by whether the
note's and its partner's filled texts are in the note's cluster, by margin quartile and by
cluster, and the share of the note the swapped tail replaces. No note is printed.
"""
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "src"))
import numpy as np  # noqa: E402
import sift_table as st
import sift_linkage as sl
from phisift.sift import SiftConfig, fit, sift_document
from phisift.sift.swap import swap_edit
from phisift.sift.lists import DEFAULT_BLACKLIST


def main() -> None:
    subset = sys.argv[1]
    over = json.loads(sys.argv[2]) if len(sys.argv) > 2 else {}
    n = 1000
    docs = sl.held_apart(n) if subset == "held" else st.load_subset("msha", int(subset), n)
    t = time.process_time()
    base = over.pop("preset", "private")
    cfg = SiftConfig.preset_config(base, mlm=str(ROOT / "bench/out/sift/mlm-msha"), **over)
    state = fit(docs, cfg)
    texts = state.texts
    cm = state.clusters
    orig = cm.clusters(texts)
    X = cm.vectors(texts)
    C = np.asarray(cm.kmeans.cluster_centers_)
    # margin: distances to centroids
    from sklearn.metrics import pairwise_distances
    D = pairwise_distances(X, C)
    Ds = np.sort(D, axis=1)
    margin = Ds[:, 1] - Ds[:, 0]
    print("cluster sizes", np.bincount(orig).tolist(), "labels==predict", float((orig == state.cluster_of).mean()))
    print("margin quartiles", np.round(np.quantile(margin, [0.1, 0.25, 0.5, 0.75]), 4).tolist(), "inertia/n", round(float((Ds[:,0]**2).mean()),4))
    filled = [state.filled(i).text for i in range(len(texts))]
    fc = cm.clusters(filled)
    print("same cluster filled (none):", round(float((fc == orig).mean()), 4))
    sw = state.with_method("rake-position")
    from phisift.document import Document
    outs = [sift_document(sw, Document(state.ids[i], texts[i])) for i in range(len(texts))]
    stexts = [o.document.text for o in outs]
    sc = cm.clusters(stexts)
    print("same cluster swapped:", round(float((sc == orig).mean()), 4))
    idx = {d: i for i, d in enumerate(state.ids)}
    p = np.array([idx[o.partner] if o.partner else -1 for o in outs])
    swapped = np.array([o.swapped for o in outs])
    print("swapped share", swapped.mean(), "partner orig same cluster", float((orig[p[p>=0]] == orig[p>=0]).mean()))
    pf = fc[p]
    print("partner filled in note's cluster", round(float((pf[swapped] == orig[swapped]).mean()), 4))
    # swapped share of words
    frac = []
    for i, o in enumerate(outs):
        if not o.swapped: continue
        e = swap_edit("rake-position", filled[i], filled[p[i]], 1, state.blacklist | DEFAULT_BLACKLIST)
        frac.append((len(filled[i]) - e.start) / max(1, len(filled[i])))
    print("tail share of note replaced: mean", round(float(np.mean(frac)), 3), "median", round(float(np.median(frac)), 3))
    # cross tab
    for a, b in ((True, True), (True, False), (False, True), (False, False)):
        m = swapped & ((fc == orig) == a) & ((pf == orig) == b)
        print(f"filled in cluster={a}, partner filled in cluster={b}: n={m.sum()}, swapped same={float((sc[m]==orig[m]).mean()) if m.sum() else None}")
    # by margin quartile
    q = np.quantile(margin, [0.25, 0.5, 0.75])
    bins = np.digitize(margin, q)
    for b in range(4):
        m = bins == b
        print(f"margin q{b}: filled same {float((fc[m]==orig[m]).mean()):.3f} swapped same {float((sc[m]==orig[m]).mean()):.3f}")
    # per cluster
    for c in range(C.shape[0]):
        m = orig == c
        print(f"cluster {c} n={m.sum()}: filled same {float((fc[m]==orig[m]).mean()):.3f} swapped same {float((sc[m]==orig[m]).mean()):.3f}")
    print("cpu", round(time.process_time() - t, 1))


if __name__ == "__main__":
    main()
