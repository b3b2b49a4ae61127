"""`phisift sift` in one process, with `--jobs 2` and on Spark `local[2]`: time, CPU, memory, same bytes.

Each run is the command line in a child process (GNU time's figures: wall clock,
user + system CPU of the process and all it waited for, largest resident set of
one process), on a seeded subset of MSHA narratives with the fill-in masked LM of
``bench/sift_table.py`` (``bench/out/sift/mlm-msha``; pass ``--mlm`` for another).
Throughput is printed as a ratio to the one-process run of the same invocation,
and every output is compared byte for byte with the one-process output.

    nice -n 5 .venv/bin/python bench/sift_engines.py --notes 1000
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from sift_table import OUT, load_subset  # noqa: E402

PHISIFT = str(Path(sys.executable).parent / "phisift")


def run(args: list[str], cwd: Path) -> dict:
    """One command under GNU time: wall and CPU seconds, peak RSS in MB."""
    fmt = "%e %U %S %M"
    res = subprocess.run(["/usr/bin/time", "-f", fmt, "-o", str(cwd / "time.txt"), *args], cwd=cwd,
                         capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit(f"failed: {' '.join(args)}\n{res.stderr[-2000:]}")
    wall, user, system, rss = (cwd / "time.txt").read_text().split()[-4:]
    return {"wall": float(wall), "cpu": round(float(user) + float(system), 1), "peak_mb": round(int(rss) / 1024)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--notes", type=int, default=1000)
    ap.add_argument("--mlm", type=Path, default=OUT / "mlm-msha")
    ap.add_argument("--preset", default="medium")
    ap.add_argument("--method", default="rake-position")
    ap.add_argument("--engines", default="one,jobs2,spark2")
    args = ap.parse_args()
    docs = load_subset("msha", n=args.notes)
    print(f"load before: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="sift-engines-") as tmp:
        tmp = Path(tmp)
        src = tmp / "notes.jsonl"
        src.write_text("".join(json.dumps({"id": d.id, "text": d.text, **d.meta}) + "\n" for d in docs))
        common = [PHISIFT, "sift", str(src), "--mlm", str(args.mlm), "--preset", args.preset, "--method",
                  args.method, "--seed", "1", "--no-resume", "--store", str(tmp / "store.sqlite")]
        variants = {"one": [], "jobs2": ["--jobs", "2"], "spark2": ["--engine", "spark", "--jobs", "2"]}
        rows = {}
        for name in args.engines.split(","):
            out = tmp / f"{name}.jsonl"
            rows[name] = run([*common[:3], str(out), *common[3:], *variants[name]], tmp)
            rows[name]["same_bytes_as_one"] = filecmp.cmp(out, tmp / "one.jsonl", shallow=False) \
                if (tmp / "one.jsonl").exists() else None
            print(name, json.dumps(rows[name]), f"load {os.getloadavg()[0]:.2f}", flush=True)
        base = rows.get("one")
        if base:
            for name, r in rows.items():
                print(f"{name:7s} throughput x{base['wall'] / r['wall']:.2f} of one process (wall), "
                      f"CPU {r['cpu']} s, peak {r['peak_mb']} MB, same bytes: {r['same_bytes_as_one']}")
    print(f"load after: {os.getloadavg()}", flush=True)


if __name__ == "__main__":
    main()
