"""Speed and memory of the default pipeline (rules + lexicon + bundled CRF) against rules + lexicon alone.

    python bench/tagger_speed.py                      # MTSamples (all notes) and a 50 MB single note
    python bench/tagger_speed.py --notes 600 --skip-big
    python bench/tagger_speed.py --context full       # the CRF tagging whole notes (no candidate regions)

Every figure is one child process, so start-up (imports, loading word lists and the
model) is included and peak memory is that process's own (``ru_maxrss`` of the
child, read with ``resource.getrusage(RUSAGE_CHILDREN)`` after it exits). CPU time
is user + system seconds of the child; characters per CPU-second = characters of
input / that. Both settings run in the same invocation, one after the other, so the
ratio default / (rules + lexicon) is the figure to compare across machines.

* MTSamples: the transcriptions of /work/shared/data/mtsamples/mtsamples.csv (or the
  first ``--notes``), detected one note at a time with the library
  (``Pipeline.from_config`` + ``Pipeline.detect``), spans counted.
* 50 MB note: MTSamples transcriptions joined with blank lines until ``--big-mb``
  MB, written to OUT/big/note.txt, and run through the CLI exactly as a user
  would: ``phisift detect OUT/big -o OUT/spans-SETTING.jsonl [--detectors rules,lexicon]``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SHARED = next((p / "shared" / "data" for p in ROOT.parents if (p / "shared" / "data").is_dir()),
              ROOT.parent.parent / "shared" / "data")
SETTINGS = {"default": None, "rules+lexicon": ["rules", "lexicon"]}


def mtsamples(n: int | None) -> list[str]:
    csv.field_size_limit(1 << 30)
    with open(SHARED / "mtsamples" / "mtsamples.csv", newline="", encoding="utf-8") as fh:
        texts = [row["transcription"] for row in csv.DictReader(fh) if row["transcription"]]
    return texts[:n] if n else texts


def child(setting: str, notes: int | None, context: str) -> None:
    """Run in the child: detect every note, print the span count as JSON."""
    from phisift.pipeline import Pipeline, load_config

    texts = mtsamples(notes)
    overrides = {"replace": {"mode": "tag"}}
    if SETTINGS[setting]:
        overrides["detect"] = {"detectors": SETTINGS[setting]}
    pipe = Pipeline.from_config(load_config(None, overrides))
    if context != "default":
        for det in pipe.detectors:
            if hasattr(det, "candidate_context"):
                det.candidate_context = None if context == "full" else int(context)
    spans = sum(len(pipe.detect(t)) for t in texts)
    print(json.dumps({"chars": sum(map(len, texts)), "spans": spans}))


def measure(cmd: list[str]) -> None:
    """Run in a go-between process whose only child is ``cmd``: its CPU time and peak RSS as JSON.

    ``RUSAGE_CHILDREN``'s peak is the largest of all children a process waited for,
    so each measured command gets a go-between of its own.
    """
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"rc": proc.returncode, "cpu": use.ru_utime + use.ru_stime, "wall": wall,
                      "peak_mb": use.ru_maxrss / 1024, "stdout": proc.stdout, "stderr": proc.stderr[-2000:]}))


def run_child(cmd: list[str], env: dict) -> tuple[float, float, float, str]:
    """(CPU seconds, wall seconds, peak MB) of one child process, and its stdout."""
    proc = subprocess.run([sys.executable, __file__, "--measure", json.dumps(cmd)], env=env,
                          capture_output=True, text=True, check=True)
    r = json.loads(proc.stdout)
    if r["rc"]:
        sys.exit(f"child failed ({r['rc']}): {' '.join(cmd)}\n{r['stderr']}")
    return r["cpu"], r["wall"], r["peak_mb"], r["stdout"]


def big_note(out: Path, mb: float) -> Path:
    folder = out / "big"
    path = folder / "note.txt"
    if path.exists() and abs(path.stat().st_size - mb * 1e6) < 1e6:
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    texts, parts, size = mtsamples(None), [], 0
    while size < mb * 1e6:
        for t in texts:
            parts.append(t)
            size += len(t.encode("utf-8")) + 2
            if size >= mb * 1e6:
                break
    path.write_text("\n\n".join(parts), encoding="utf-8")
    return folder


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--notes", type=int, default=None, help="first N MTSamples notes (default all)")
    ap.add_argument("--big-mb", type=float, default=50)
    ap.add_argument("--skip-big", action="store_true")
    ap.add_argument("--skip-mtsamples", action="store_true")
    ap.add_argument("--context", default="default", help="CRF candidate context: default, full or N words")
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "tagger_speed")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.measure:
        measure(json.loads(args.measure))
        return 0
    if args.child:
        child(args.child, args.notes, args.context)
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS="1")
    lines = []
    if not args.skip_mtsamples:
        for setting in SETTINGS:
            cmd = [sys.executable, __file__, "--child", setting, "--context", args.context]
            if args.notes:
                cmd += ["--notes", str(args.notes)]
            cpu, wall, peak, out = run_child(cmd, env)
            r = json.loads(out)
            lines.append(f"MTSamples {r['chars']:,} chars, {setting}: {cpu:.1f} CPU-s, {wall:.1f} s wall, "
                         f"{r['chars'] / cpu:,.0f} chars/CPU-s, peak {peak:.0f} MB, {r['spans']:,} spans")
            print(lines[-1], flush=True)
    if not args.skip_big:
        folder = big_note(args.out, args.big_mb)
        chars = len((folder / "note.txt").read_text(encoding="utf-8"))
        for setting, dets in SETTINGS.items():
            target = args.out / f"spans-{setting}.jsonl"
            target.unlink(missing_ok=True)
            cmd = [sys.executable, "-m", "phisift.cli", "detect", str(folder), "-o", str(target)]
            if dets:
                cmd += ["--detectors", ",".join(dets)]
            cpu, wall, peak, _ = run_child(cmd, env)
            lines.append(f"50 MB note ({chars:,} chars), `phisift detect` {setting}: {cpu:.1f} CPU-s, {wall:.1f} s wall, "
                         f"{chars / cpu:,.0f} chars/CPU-s, peak {peak:.0f} MB")
            print(lines[-1], flush=True)
    (args.out / "summary.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
