"""Build ``src/phisift/data/english_words.tsv.gz``: general English words with their Zipf frequency.

phisift's own vocabulary (``data/clinical_vocab.txt``, the lexicon lists) comes from clinical
text and name / place sources, so an ordinary English word that none of them holds
("respite", "corridor") looked like an unknown proper noun in a note typed all in one case.
This list fills that gap. It is derived from the ``wordfreq`` package's large English list
(Robyn Speer; data CC BY-SA 4.0, see ``data/LEXICONS.md``), which is 56 MB installed and so
is a build-time tool only, never a runtime dependency:

    .venv/bin/pip install -e ".[lists]"          # wordfreq==3.1.1, build time only
    .venv/bin/python scripts/build_english_words.py [--floor 2.5] [--out src/phisift/data/english_words.tsv.gz]

Kept: lower-case words of ASCII letters with inner apostrophes or hyphens ("don't",
"o'brien") whose Zipf frequency (log10 of occurrences per billion words) is at least
``--floor``; possessive forms ("nephew's") are dropped because the loader strips a
possessive before looking a word up. The file groups words by Zipf value, one line per
value, highest first: ``<zipf>\\t<word> <word> ...`` after ``#`` header lines. Gzip is written
with a fixed timestamp, so the same wordfreq version gives the same bytes.

The floor 2.5 (about 3 occurrences per 10 million words) was chosen by measurement:
51,179 words, 200 KB gzipped, loaded in about 9 ms; floor 2.0 nearly doubles the file (374 KB)
and the load time (18 ms) for words rarer than most surnames, which tell nothing a
detector can use.
"""

from __future__ import annotations

import argparse
import gzip
import math
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "phisift" / "data" / "english_words.tsv.gz"
WORDFREQ_VERSION = "3.1.1"
_KEEP = re.compile(r"[a-z]+(?:['-][a-z]+)*")


def select(freqs: dict[str, float], floor: float) -> dict[float, list[str]]:
    """Zipf value (2 decimals) -> sorted words at that value, for the words worth shipping.

    ``freqs`` maps a word to its frequency as a proportion of all words (wordfreq's
    ``get_frequency_dict``); the Zipf value is log10(proportion) + 9.
    """
    groups: dict[float, list[str]] = defaultdict(list)
    for word, freq in freqs.items():
        if freq <= 0 or not _KEEP.fullmatch(word) or word.endswith("'s"):
            continue
        z = round(math.log10(freq) + 9, 2)
        if z >= floor:
            groups[z].append(word)
    return {z: sorted(ws) for z, ws in groups.items()}


def render(groups: dict[float, list[str]], floor: float, version: str) -> str:
    """The file's text: header, then one ``zipf<TAB>words`` line per value, highest first."""
    count = sum(len(ws) for ws in groups.values())
    head = [
        f"# phisift general English word list: {count} words, Zipf >= {floor:.2f}",
        f"# derived from wordfreq {version} (large English list) by scripts/build_english_words.py",
        "# data: wordfreq by Robyn Speer, CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/);",
        "# sources include SUBTLEX (Brysbaert et al., freely available), OpenSubtitles, Wikipedia,",
        "# Google Books Ngrams, Reddit, Twitter, the Leeds Internet Corpus, ParaCrawl; see data/LEXICONS.md",
        "# format: <zipf><TAB><word> <word> ...   (zipf = log10 occurrences per billion words)",
    ]
    body = [f"{z:.2f}\t{' '.join(groups[z])}" for z in sorted(groups, reverse=True)]
    return "\n".join(head + body) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--floor", type=float, default=2.5, help="lowest Zipf value kept (default 2.5)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    import wordfreq  # build time only: pip install -e ".[lists]"

    version = getattr(wordfreq, "__version__", None) or _installed_version()
    if version != WORDFREQ_VERSION:
        raise SystemExit(f"wordfreq {WORDFREQ_VERSION} expected (found {version}): the list would change")
    groups = select(wordfreq.get_frequency_dict("en", wordlist="large"), args.floor)
    data = gzip.compress(render(groups, args.floor, version).encode("utf-8"), 9, mtime=0)
    args.out.write_bytes(data)
    print(f"{args.out}: {sum(len(w) for w in groups.values())} words, {len(data)} bytes")


def _installed_version() -> str:
    from importlib.metadata import version

    return version("wordfreq")


if __name__ == "__main__":
    main()
