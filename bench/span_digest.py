"""Digests of every span the default pipeline and rules + lexicon find, to prove a speed change changed no output.

    python bench/make_realprose.py --out bench/out/realprose     # once
    python bench/make_presidio.py --out bench/out/presidio       # once
    python bench/span_digest.py --out bench/out/digest-BRANCH    # in each tree, then:
    python bench/span_digest.py --compare bench/out/digest-main bench/out/digest-BRANCH

A refactoring for speed must leave detection alone. This runs the library
(``Pipeline.from_config`` + ``Pipeline.detect``, one process per setting) over
public carrier text: the first ``--mtsamples`` MTSamples notes, ``--msha`` MSHA
narratives, every set of the real-prose folder and of the presidio folder. Every
span (document, start, end, label, source, score) is written to
``OUT/SETTING-CORPUS.jsonl`` (owner-only) and its SHA-256 printed and saved in
``OUT/digests.json``; ``--compare`` names the corpora whose digests differ and the
first documents whose spans differ.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SHARED = next((p / "shared" / "data" for p in ROOT.parents if (p / "shared" / "data").is_dir()),
              ROOT.parent.parent / "shared" / "data")
SETTINGS = {"default": None, "rules+lexicon": ["rules", "lexicon"]}


def corpora(args: argparse.Namespace) -> dict[str, list[tuple[str, str]]]:
    """(id, text) lists by corpus name."""
    import make_realprose

    from phisift.formats import read_corpus

    csv.field_size_limit(1 << 30)
    out: dict[str, list[tuple[str, str]]] = {}
    with open(SHARED / "mtsamples" / "mtsamples.csv", newline="", encoding="utf-8") as fh:
        texts = [row["transcription"] for row in csv.DictReader(fh) if row["transcription"]]
    out["mtsamples"] = [(f"mt-{i}", t) for i, t in enumerate(texts[: args.mtsamples])]
    rows = make_realprose.msha(SHARED / "msha" / "msha_bodypart.csv", args.msha)
    out["msha"] = [(f"msha-{i}", r["NARRATIVE"]) for i, r in enumerate(rows)]
    for folder, prefix in ((args.realprose, "realprose"), (args.presidio, "presidio")):
        for path in sorted(Path(folder).glob("*.jsonl")) if folder else ():
            if not path.name.startswith("spans"):
                out[f"{prefix}-{path.stem}"] = [(d.id, d.text) for d in read_corpus(path)]
    return out


def run(setting: str, args: argparse.Namespace) -> None:
    from phisift.pipeline import Pipeline, load_config

    overrides: dict = {"replace": {"mode": "tag"}}
    if SETTINGS[setting]:
        overrides["detect"] = {"detectors": SETTINGS[setting]}
    pipe = Pipeline.from_config(load_config(None, overrides))
    digests = {}
    for name, docs in corpora(args).items():
        digest = hashlib.sha256()
        path = args.out / f"{setting}-{name}.jsonl"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "w", encoding="utf-8") as fh:
            for doc_id, text in docs:
                spans = [[s.start, s.end, s.label, s.source, s.score] for s in pipe.detect(text)]
                line = json.dumps({"id": doc_id, "spans": spans}) + "\n"
                digest.update(line.encode())
                fh.write(line)
        digests[f"{setting}/{name}"] = digest.hexdigest()
        print(f"{setting:14} {name:30} {len(docs):6} docs  {digest.hexdigest()[:16]}", flush=True)
    (args.out / f"digests-{setting}.json").write_text(json.dumps(digests, indent=1), encoding="utf-8")


def compare(a: Path, b: Path) -> int:
    """0 when every digest of ``a`` equals ``b``'s; else the differing corpora and their first differing documents."""
    da, db = ({k: v for f in sorted(p.glob("digests-*.json")) for k, v in json.loads(f.read_text()).items()}
              for p in (a, b))
    bad = sorted(k for k in da.keys() | db.keys() if da.get(k) != db.get(k))
    for key in bad:
        setting, name = key.split("/", 1)
        print(f"DIFFERS: {key}")
        fa, fb = (p / f"{setting}-{name}.jsonl" for p in (a, b))
        if fa.exists() and fb.exists():
            shown = 0
            for la, lb in zip(fa.read_text().splitlines(), fb.read_text().splitlines()):
                if la != lb and shown < 3:
                    ja, jb = json.loads(la), json.loads(lb)
                    sa, sb = ({tuple(s) for s in j["spans"]} for j in (ja, jb))
                    print(f"  {ja['id']}: only in {a.name}: {sorted(sa - sb)[:5]}  only in {b.name}: {sorted(sb - sa)[:5]}")
                    shown += 1
    print(f"{len(da)} digests compared, {len(bad)} differ")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "span_digest")
    ap.add_argument("--mtsamples", type=int, default=1500)
    ap.add_argument("--msha", type=int, default=4000)
    ap.add_argument("--realprose", type=Path, default=ROOT / "out" / "realprose",
                    help="folder of bench/make_realprose.py's sets ('' for none)")
    ap.add_argument("--presidio", type=Path, default=ROOT / "out" / "presidio",
                    help="folder of bench/make_presidio.py's halves ('' for none)")
    ap.add_argument("--settings", default=",".join(SETTINGS))
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    args = ap.parse_args()
    if args.compare:
        return compare(*args.compare)
    args.out.mkdir(parents=True, exist_ok=True)
    sys.path.insert(0, str(ROOT))
    settings = args.settings.split(",")
    if len(settings) == 1:
        run(settings[0], args)
        return 0
    for setting in settings:  # one process each: no cache of one setting serves the other
        cmd = [a for a in sys.argv if not a.startswith("--settings")]
        subprocess.run([sys.executable, *cmd, f"--settings={setting}"], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
