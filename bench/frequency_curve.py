"""Share of text kept against the threshold k, on the MTSamples transcriptions.

For each item kind (no whitelist: the counts alone) and for plain tokens with the
shipped clinical whitelist applied (the share really left, i.e. the "output"
share basis), prints the share of word tokens kept at each k and the k chosen for
keep-shares 0.80 / 0.90 / 0.95, and draws the curves to
``bench/out/frequency_curve.png``.

    .venv/bin/python bench/frequency_curve.py [--kinds token,position,pattern,ngram,stem]
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

from phisift.detect.frequency import FrequencyConfig, WordLists, choose_threshold, curve, fit

ROOT = Path(__file__).resolve().parents[1]
MTSAMPLES = ROOT.parent / "shared" / "data" / "mtsamples" / "mtsamples.csv"
OUT = ROOT / "bench" / "out"
KS = [1, 2, 3, 4, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 1000, 2000, 5000]
SHARES = (0.80, 0.90, 0.95)


class Transcriptions:
    """Re-iterable stream of the ``transcription`` column (read again for a second pass)."""

    def __init__(self, path: Path):
        self.path = path

    def __iter__(self):
        csv.field_size_limit(sys.maxsize)
        with open(self.path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                if row["transcription"].strip():
                    yield row["transcription"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mtsamples", type=Path, default=MTSAMPLES)
    ap.add_argument("--kinds", default="token,position,pattern,ngram,stem")
    args = ap.parse_args()
    corpus = Transcriptions(args.mtsamples)
    runs: list[tuple[str, dict[int, int]]] = []
    for kind in args.kinds.split(","):
        t0 = time.perf_counter()
        st = fit(corpus, FrequencyConfig(kinds=(kind,), min_threshold=1, shipped_whitelist=False), lists=WordLists())
        print(f"# fitted {kind}: {st.stats['documents']} notes, {st.word_tokens} word tokens, "
              f"{st.stats['distinct_items']} distinct items, {time.perf_counter() - t0:.1f} s", file=sys.stderr)
        runs.append((kind, st.histogram))
    st = fit(corpus, FrequencyConfig(kinds=("token",), min_threshold=1, shipped_whitelist=True))
    runs.append(("token+whitelist", st.output_histogram))  # what is really left, whitelist applied

    names = [n for n, _ in runs]
    print("share of word tokens kept at threshold k (MTSamples transcriptions)")
    print("k".rjust(6) + "".join(n.rjust(17) for n in names))
    table = {n: dict(curve(h, KS)) for n, h in runs}
    for k in KS:
        print(str(k).rjust(6) + "".join(f"{table[n][k]:17.4f}" for n in names))
    print()
    print("threshold chosen (largest k >= 2 keeping the share) and share achieved")
    print("keep".rjust(6) + "".join(n.rjust(17) for n in names))
    for s in SHARES:
        cells = []
        for _, h in runs:
            t = choose_threshold(h, s, 2)
            cells.append(f"k={t.k} ({t.kept_share:.3f})".rjust(17))
        print(f"{s:6.2f}" + "".join(cells))

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    OUT.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ks = list(range(1, 5001))
    for name, h in runs:
        ax.plot(ks, [v for _, v in curve(h, ks)], label=name, lw=2 if name.startswith("token") else 1.2)
    for s in SHARES:
        ax.axhline(s, color="grey", lw=0.6, ls=":")
    ax.set_xscale("log")
    ax.set_xlabel("threshold k (items seen fewer than k times are masked)")
    ax.set_ylabel("share of word tokens kept")
    ax.set_title("MTSamples transcriptions: text kept vs threshold")
    ax.grid(True, which="both", lw=0.3)
    ax.legend()
    fig.tight_layout()
    png = OUT / "frequency_curve.png"
    fig.savefig(png, dpi=120)
    print(f"\nplot: {png}")


if __name__ == "__main__":
    main()
