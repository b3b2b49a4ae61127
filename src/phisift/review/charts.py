"""PNG charts for the review page: scores per label, and the rare-word threshold curve.

matplotlib comes with the ``learn`` extra; it is imported only here, with the Agg
backend (no display, no fonts from the network), and callers that find it missing
simply leave the charts out.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from ..fileio import atomic_write
from .palette import sort_labels

if TYPE_CHECKING:  # pragma: no cover
    from ..detect.frequency import FrequencyState
    from ..evaluate import Report, Scores

#: Bar colours: strict precision, recall, F1, token recall.
MEASURE_COLORS = ("#74c0fc", "#1c7ed6", "#0b3d91", "#f59f00")


def charts_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _pyplot():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams.update({
        "font.family": "DejaVu Sans", "font.size": 9, "axes.spines.top": False,
        "axes.spines.right": False, "axes.titleweight": "bold", "axes.titlesize": 11,
    })
    return plt


def _save(fig, path: Path) -> Path:
    path = Path(path)
    with atomic_write(path, "wb") as fh:
        fig.savefig(fh, format="png", dpi=144, bbox_inches="tight", facecolor="white")
    return path


def plot_evaluation(scores: "Report | Scores", path: str | Path, title: str = "Scores per label") -> Path:
    """Grouped horizontal bars per gold label: strict P, R, F1 and token recall.

    Strict measures need the same offsets and label; token recall says how much of
    the label's text was replaced at all, which is what a release decision needs,
    so both are drawn side by side. Each label shows its number of gold spans.
    """
    plt = _pyplot()
    scores = getattr(scores, "all", scores)
    rows = scores.as_dict(by_label=True)["by_label"]
    labels = [lab for lab in sort_labels(rows) if lab in rows]
    measures = ("strict precision", "strict recall", "strict F1", "token recall")
    nan = float("nan")
    values = []
    for lab in labels:  # a ratio with nothing to count is left out, not drawn as 1.0
        strict = rows[lab]["entity_strict"]
        gold, found = strict["tp"] + strict["fn"], strict["tp"] + strict["fp"]
        values.append([
            strict["precision"] if found else nan,
            strict["recall"] if gold else nan,
            strict["f1"] if found and gold else nan,
            rows[lab]["token_recall"] if rows[lab]["gold_tokens"] else nan,
        ])
    height = 0.8 + 0.42 * max(1, len(labels))
    fig, ax = plt.subplots(figsize=(7.2, height + 0.9))
    bar = 0.8 / len(measures)
    for j, name in enumerate(measures):
        ys = [i + (j - (len(measures) - 1) / 2) * bar for i in range(len(labels))]
        ax.barh(ys, [v[j] for v in values], height=bar * 0.92, color=MEASURE_COLORS[j], label=name)
    names = []
    for lab in labels:
        strict = rows[lab]["entity_strict"]
        names.append(f"{lab}  (gold {strict['tp'] + strict['fn']}, found {strict['tp'] + strict['fp']})")
    ax.set_yticks(range(len(labels)), names)
    ax.set_xlim(0, 1.0)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0])
    ax.xaxis.grid(True, color="#e9ecef")
    ax.set_axisbelow(True)
    overall = scores.as_dict()
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.set_title(title, loc="left", pad=22)
    ax.text(0, 1.01, f"all labels: strict P {overall['entity_strict']['precision']:.3f} · "
            f"R {overall['entity_strict']['recall']:.3f} · F1 {overall['entity_strict']['f1']:.3f} · "
            f"token recall {overall['token']['recall']:.3f}", transform=ax.transAxes, color="#495057", fontsize=8.5)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.6 / height), ncol=4, frameon=False)
    out = _save(fig, Path(path))
    plt.close(fig)
    return out


def _steps(histogram: dict[int, int], limit: int) -> list[int]:
    from ..detect.frequency import ALWAYS, NEVER

    finite = sorted(v for v in histogram if NEVER < v < ALWAYS)
    ks = sorted({1, *[v for v in finite if v >= 1], *[v + 1 for v in finite if v >= 1]})
    return [k for k in ks if k <= limit] or [1]


def plot_frequency_curve(
    state: "FrequencyState", path: str | Path, title: str = "Rare-word masking: threshold vs text kept",
    keep_shares: Sequence[float] = (),
) -> Path:
    """Share of word tokens kept at each threshold k, with the fitted k marked.

    Two curves: on item counts alone (the default basis of the threshold) and with
    the whitelist, blacklist and confidence list applied (what really remains).
    ``keep_shares`` adds the k another allowed share would give, for comparison.
    """
    from ..detect.frequency import curve

    plt = _pyplot()
    top = max([v for v in state.histogram if 0 <= v < (1 << 62)] or [1])
    limit = max(top + 1, state.threshold * 2, 2)
    fig, ax = plt.subplots(figsize=(7.2, 3.9))
    for hist, name, color in ((state.histogram, "item counts", "#1c7ed6"),
                              (state.output_histogram, "with word lists", "#e8590c")):
        if not hist:
            continue
        pts = curve(hist, _steps(hist, limit))
        ax.step([k for k, _ in pts] + [limit], [s for _, s in pts] + [pts[-1][1]], where="post",
                color=color, label=f"kept share ({name})", linewidth=1.6)
    ax.axvline(state.threshold, color="#212529", linestyle="--", linewidth=1)
    ax.axhline(state.keep_share, color="#868e96", linestyle=":", linewidth=1)
    ax.annotate(f"k = {state.threshold}: {100 * state.count_share:.1f}% kept by counts,\n"
                f"{100 * state.kept_share:.1f}% with the word lists",
                xy=(state.threshold, state.count_share), xytext=(-14, -52), textcoords="offset points", fontsize=8,
                ha="right", multialignment="left", arrowprops={"arrowstyle": "-", "color": "#868e96", "linewidth": 0.8},
                bbox={"boxstyle": "round,pad=0.3", "fc": "white", "ec": "#ced4da"})
    for share in keep_shares:
        k = state.with_keep_share(share).threshold
        ax.axvline(k, color="#adb5bd", linestyle="--", linewidth=0.8)
        ax.annotate(f"{100 * share:g}%: k={k}", xy=(k, 0.03), xytext=(3, 0), textcoords="offset points",
                    fontsize=7, color="#495057", rotation=90, va="bottom")
    ax.set_xscale("log")
    ax.set_xlim(1, limit)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("threshold k (word items seen fewer than k times are masked)")
    ax.set_ylabel("share of word tokens kept")
    ax.yaxis.grid(True, color="#e9ecef")
    ax.set_title(title, loc="left", pad=22)
    ax.text(0, 1.02, f"{state.word_tokens:,} word tokens · allowed share {100 * state.keep_share:g}% "
            f"(dotted) · fitted k (dashed)", transform=ax.transAxes, color="#495057", fontsize=8.5)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.17), ncol=2, frameon=False)
    out = _save(fig, Path(path))
    plt.close(fig)
    return out
