"""How much utility and privacy a sifted corpus keeps: the figures, as JSON, HTML and a PNG.

* mask share: masked words / words (punctuation is not counted);
* kept in place: original words still at their place and unchanged (not masked,
  or refilled with the same word, and outside the swapped piece) / words;
* utility, the paper's measure: the share of sifted notes that the K-means of the
  original notes puts in the same cluster as their original; and, when the notes
  carry a label, the accuracy on held-out *original* notes of a TF-IDF + logistic
  regression classifier trained on the *sifted* notes of the other notes, beside
  the same classifier trained on the originals;
* privacy: a linkage attack. The attacker holds all original notes and, for each
  sifted note, guesses the original nearest by TF-IDF cosine (all words, rare ones
  included, as an attacker would use them). Three success rates (a tie counts as a
  success): the guess is the note's *own* original (``linkage_own``; also
  ``linkage_top1``, its old name), its swap *partner* (``linkage_partner``: after
  the swap part of the note is the partner's text, with its dates and places), or
  *either* (``linkage_any``: any original whose text the sifted note carries, the
  figure that says how many notes lead back to a real person). When notes carry
  annotated PHI spans, the share of those PHI strings still found in the sifted note.
  And ``rare_words``: of the rare words (held by fewer than 1% of the notes, or
  ``identifying_df``) of the originals a sifted note carries text of, how many it
  still holds (``sift/identifying.py``).

Nothing in the report quotes a note.
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ..document import Document
from .core import SiftRun
from .identifying import rare_carried

REPORT_VERSION = 2


def _share(a: float, b: float) -> float | None:
    return round(a / b, 4) if b else None


def linkage(originals: Sequence[str], sifted: Sequence[str], partners: Sequence[int | None] | None = None,
            batch: int = 2000) -> dict[str, float | None]:
    """Linkage attack: share of sifted notes whose nearest original (TF-IDF cosine, all words) is
    their own (``own``), their swap partner's (``partner``), or either (``any``).

    ``partners[i]`` is the index of the original whose text sifted note ``i`` carries
    besides its own (its swap partner), or None when nothing was swapped in.
    """
    from sklearn.feature_extraction.text import TfidfVectorizer

    empty = {"own": None, "partner": None, "any": None}
    if not originals:
        return empty
    vec = TfidfVectorizer(lowercase=True, token_pattern=r"(?u)\b\w+\b", sublinear_tf=True)
    try:
        O = vec.fit_transform(originals)
    except ValueError:
        return empty
    S = vec.transform(sifted)
    partners = list(partners) if partners is not None else [None] * len(sifted)
    own_hits = partner_hits = any_hits = 0
    for lo in range(0, len(sifted), batch):
        sims = (S[lo : lo + batch] @ O.T).toarray()
        rows = np.arange(sims.shape[0])
        best = sims.max(axis=1) - 1e-12
        own = sims[rows, np.arange(lo, lo + sims.shape[0])] >= best
        part = np.array([p is not None and sims[r, p] >= best[r] for r, p in zip(rows, partners[lo : lo + len(rows)])],
                        dtype=bool)
        own_hits += int(own.sum())
        partner_hits += int(part.sum())
        any_hits += int((own | part).sum())
    n = len(sifted)
    return {"own": round(own_hits / n, 4), "partner": round(partner_hits / n, 4), "any": round(any_hits / n, 4)}


def linkage_top1(originals: Sequence[str], sifted: Sequence[str], batch: int = 2000) -> float | None:
    """Share of sifted notes whose nearest original (TF-IDF cosine, all words) is their own."""
    return linkage(originals, sifted, None, batch)["own"]


def partner_indices(run: SiftRun) -> list[int | None]:
    """For each note of the run, the index (in ``run.originals``) of the partner whose text it carries."""
    where = {d.id: i for i, d in enumerate(run.originals)}
    return [where.get(o.partner) if o.swapped and o.partner is not None else None for o in run.outcomes]


def classifier_accuracy(originals: Sequence[str], sifted: Sequence[str], labels: Sequence[Any], seed: int,
                        test_size: float = 0.2) -> dict[str, Any] | None:
    """Accuracy on held-out originals of TF-IDF + logistic regression trained on sifted vs original notes."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split

    y = np.array([str(v) for v in labels])
    if len(y) < 10 or len(set(y)) < 2:
        return None
    idx = np.arange(len(y))
    counts = {c: int((y == c).sum()) for c in set(y)}
    try:
        stratify = y if min(counts.values()) >= 2 else None
        train, test = train_test_split(idx, test_size=test_size, random_state=seed, stratify=stratify)
    except ValueError:
        train, test = train_test_split(idx, test_size=test_size, random_state=seed)

    def accuracy(train_texts: list[str]) -> float:
        vec = TfidfVectorizer(lowercase=True, sublinear_tf=True, min_df=2 if len(train_texts) >= 50 else 1)
        Xtr = vec.fit_transform(train_texts)
        clf = LogisticRegression(max_iter=2000, C=10.0)
        if len(set(y[train])) < 2:
            return float("nan")
        clf.fit(Xtr, y[train])
        return float((clf.predict(vec.transform([originals[i] for i in test])) == y[test]).mean())

    acc_sifted = accuracy([sifted[i] for i in train])
    acc_original = accuracy([originals[i] for i in train])
    majority = max(counts, key=lambda c: (int((y[train] == c).sum()), c))
    return {
        "train_documents": int(len(train)),
        "test_documents": int(len(test)),
        "classes": len(counts),
        "accuracy_trained_on_sifted": round(acc_sifted, 4),
        "accuracy_trained_on_original": round(acc_original, 4),
        "relative": _share(acc_sifted, acc_original),
        "majority_class_accuracy": round(float((y[test] == majority).mean()), 4),
    }


def phi_leak(originals: Sequence[Document], sifted: Sequence[Document]) -> dict[str, Any] | None:
    """Annotated PHI of the original notes still present (as a whole word string) in the sifted note."""
    total = leaked = 0
    for o, s in zip(originals, sifted):
        for span in o.spans:
            value = o.text[span.start : span.end].strip()
            if not value:
                continue
            total += 1
            pattern = r"(?<!\w)" + r"\s+".join(re.escape(p) for p in value.split()) + r"(?!\w)"
            if re.search(pattern, s.text, flags=re.IGNORECASE):
                leaked += 1
    if not total:
        return None
    return {"gold_spans": total, "leaked": leaked, "leaked_share": _share(leaked, total)}


def build_report(run: SiftRun, label_field: str | None = None) -> dict[str, Any]:
    """All figures of a sift run as one JSON-ready dict."""
    state, outcomes, originals = run.state, run.outcomes, run.originals
    sifted = run.documents
    orig_texts = [d.text for d in originals]
    sifted_texts = [d.text for d in sifted]
    units = sum(o.units for o in outcomes)
    same_cluster = None
    if originals:
        after = state.clusters.clusters(sifted_texts)
        before = state.clusters.clusters(orig_texts)  # notes the fit did not see are placed now
        same_cluster = round(float((after == before).mean()), 4)
    classifier = None
    if label_field:
        labels = [d.meta.get(label_field) for d in originals]
        have = [i for i, v in enumerate(labels) if v not in (None, "")]
        if have:
            classifier = classifier_accuracy([orig_texts[i] for i in have], [sifted_texts[i] for i in have],
                                             [labels[i] for i in have], state.config.seed)
    partners = partner_indices(run)
    links = linkage(orig_texts, sifted_texts, partners)
    sources = [[i] if p is None else [i, p] for i, p in enumerate(partners)]
    return {
        "phisift_sift_report": REPORT_VERSION,
        "documents": len(originals),
        "config": state.config.as_dict(),
        "fill": state.fill_description,
        "mask_share": _share(sum(o.masked for o in outcomes), units),
        "kept_in_place_share": _share(sum(o.kept for o in outcomes), units),
        "words": units,
        "swapped_share": _share(sum(o.swapped for o in outcomes), len(outcomes)),
        "swapped_with_other_candidate_share": _share(sum(o.swapped and o.partner_rank > 0 for o in outcomes),
                                                     len(outcomes)),
        "guarded_documents": sum(o.guarded for o in outcomes),
        "mean_passes": round(float(np.mean([o.passes for o in outcomes])), 3) if outcomes else None,
        "utility": {
            "clusters": int(state.clusters.kmeans.n_clusters),
            "same_cluster_share": same_cluster,
            "label_field": label_field,
            "classifier": classifier,
        },
        "privacy": {
            "linkage_top1": links["own"],
            "linkage_own": links["own"],
            "linkage_partner": links["partner"],
            "linkage_any": links["any"],
            "linkage_chance": _share(1, len(originals)),
            "phi": phi_leak(originals, sifted),
            "rare_words": rare_carried(orig_texts, sifted_texts, sources, state.config.identifying_df),
        },
        "seconds": run.seconds,
    }


# --------------------------------------------------------------------------- files
_BARS = (
    ("mask share", lambda r: r["mask_share"]),
    ("kept in place", lambda r: r["kept_in_place_share"]),
    ("same cluster", lambda r: r["utility"]["same_cluster_share"]),
    ("classifier (sifted)", lambda r: (r["utility"]["classifier"] or {}).get("accuracy_trained_on_sifted")),
    ("classifier (original)", lambda r: (r["utility"]["classifier"] or {}).get("accuracy_trained_on_original")),
    ("linkage: own original", lambda r: r["privacy"]["linkage_own"]),
    ("linkage: swap partner", lambda r: r["privacy"]["linkage_partner"]),
    ("linkage: either", lambda r: r["privacy"]["linkage_any"]),
)


def _png(report: dict[str, Any]) -> bytes | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    names = [n for n, f in _BARS if f(report) is not None]
    values = [f(report) for _, f in _BARS if f(report) is not None]
    fig, ax = plt.subplots(figsize=(7, 3.2), dpi=100)
    colors = ["#888888", "#888888", "#2b7bba", "#2b7bba", "#9ecae1", "#f4a582", "#f4a582", "#d62728"][: len(values)]
    bars = ax.barh(names[::-1], values[::-1], color=colors[::-1])
    for bar, v in zip(bars, values[::-1]):
        ax.text(min(v + 0.01, 0.93), bar.get_y() + bar.get_height() / 2, f"{v:.1%}", va="center", fontsize=8)
    ax.set_xlim(0, 1)
    cfg = report["config"]
    ax.set_title(f"DataSifterText: preset {cfg['preset']}, method {cfg['method']}, "
                 f"{report['documents']} notes", fontsize=9)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def _html(report: dict[str, Any], png: bytes | None) -> str:
    rows = []
    for name, f in _BARS:
        v = f(report)
        rows.append(f"<tr><td>{html.escape(name)}</td><td>{'-' if v is None else f'{v:.1%}'}</td></tr>")
    phi = report["privacy"]["phi"]
    if phi:
        rows.append(f"<tr><td>PHI leaked</td><td>{phi['leaked']} of {phi['gold_spans']}</td></tr>")
    rare = report["privacy"].get("rare_words")
    if rare and rare["rare_words"]:
        rows.append(f"<tr><td>rare words of the sources still held</td><td>{rare['carried']} of "
                    f"{rare['rare_words']}</td></tr>")
    rows.append(f"<tr><td>notes swapped</td><td>{report['swapped_share']:.1%}</td></tr>"
                if report["swapped_share"] is not None else "")
    img = (f'<img alt="summary chart" src="data:image/png;base64,{base64.b64encode(png).decode()}">'
           if png else "")
    cfg = html.escape(json.dumps(report["config"], indent=1))
    return (
        "<!doctype html><meta charset='utf-8'><title>phisift sift report</title>"
        "<style>body{font-family:sans-serif;max-width:760px;margin:2em auto}td{padding:2px 12px}</style>"
        f"<h1>DataSifterText report</h1><p>{report['documents']} notes; fill-in: "
        f"{html.escape(report['fill'])}; {report['seconds'].get('total', '-')} s.</p>"
        f"<table>{''.join(rows)}</table>{img}<h2>settings</h2><pre>{cfg}</pre>"
    )


def report_files(path: str | Path) -> list[Path]:
    """Every file ``write_report`` may write for ``path``: the JSON, and the PNG and HTML beside it."""
    path = Path(path)
    return [path, path.with_suffix(".png"), path.with_suffix(".html")]


def write_report(report: dict[str, Any], path: str | Path) -> list[Path]:
    """Write ``R.json`` and, beside it, ``R.html`` and ``R.png``; returns the files written."""
    from ..fileio import atomic_write, write_text_atomic

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    written = [path]
    png = _png(report)
    if png is not None:
        png_path = path.with_suffix(".png")
        with atomic_write(png_path, "wb", encoding=None) as fh:
            fh.write(png)
        written.append(png_path)
    html_path = path.with_suffix(".html")
    write_text_atomic(html_path, _html(report, png))
    written.append(html_path)
    return written
