"""Scale-out figures: one process vs ``--jobs 2`` vs Spark ``local[2]`` on ~170 MB of notes.

Usage:
    python bench/scale_throughput.py [--mb 170] [--detectors rules,lexicon,frequency] [--only local1,jobs2,spark2]

* corpus: the MTSamples transcriptions (../shared/data/mtsamples/mtsamples.csv) repeated
  under new ids until the JSONL reaches ``--mb`` megabytes (bench/out/scale/, not committed);
* each configuration runs ``phisift deid corpus.jsonl out.jsonl --mode surrogate`` (the
  frequency detector's fit included) as its own process tree, started from a helper
  process so that ``getrusage(RUSAGE_CHILDREN)`` covers that run alone;
* figures per run: wall seconds, MB/s of input, CPU seconds (user + sys) of the waited-for
  children and, sampled from /proc, of the whole process tree (Spark's JVM is not waited
  for, so only the sample sees it), peak memory as ``ru_maxrss`` of the children (the largest single
  process) and as the peak of the summed RSS of the live process tree (sampled every
  0.5 s: what the machine had to hold), and the machine's load average before/after;
* ratios of throughput against the single process, and a byte comparison of the three
  outputs (they must be identical);
* all runs use a snapshot of ``src/`` taken at the start, so that edits made to the
  working tree while the benchmark runs cannot make the outputs differ.

Results go to bench/out/scale/scale_throughput.json and are printed as a table.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
REPO = ROOT.parent
MTSAMPLES = REPO.parent / "shared" / "data" / "mtsamples" / "mtsamples.csv"
OUT = ROOT / "out" / "scale"

RUNS = {
    "local1": ["--engine", "local", "--jobs", "1"],
    "jobs2": ["--engine", "local", "--jobs", "2"],
    "spark2": ["--engine", "spark", "--spark-master", "local[2]"],
}


def make_corpus(path: Path, megabytes: float) -> dict:
    """MTSamples transcriptions repeated under new ids until the file is ``megabytes`` MB."""
    sys.path.insert(0, str(REPO / "src"))
    from phisift.formats import read_corpus

    notes = [d.text for d in read_corpus(MTSAMPLES, "csv", text_field="transcription") if d.text.strip()]
    target = megabytes * 1e6
    path.parent.mkdir(parents=True, exist_ok=True)
    size = docs = rounds = 0
    tmp = path.with_suffix(".part")
    with open(tmp, "w", encoding="utf-8") as fh:
        while size < target:
            for i, text in enumerate(notes):
                line = json.dumps({"id": f"mt{rounds:02d}-{i:05d}", "text": text}, ensure_ascii=False) + "\n"
                fh.write(line)
                size += len(line.encode("utf-8"))
                docs += 1
                if size >= target:
                    break
            rounds += 1
    os.replace(tmp, path)
    return {"documents": docs, "bytes": size, "distinct_notes": len(notes), "repeats": rounds}


def tree_sample(root_pid: int, cpu_seen: dict[int, float]) -> int:
    """Summed RSS (bytes) of a process and all its descendants, from /proc.

    Also records in ``cpu_seen`` each descendant's CPU seconds (user + sys) so far:
    a JVM that its parent never waits for is missing from ``RUSAGE_CHILDREN``.
    """
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    cpu: dict[int, float] = {}
    page = os.sysconf("SC_PAGE_SIZE")
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            ppid, pages = int(fields[1]), int(fields[21])
            cpu[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
        rss[int(entry)] = pages * page
    total, stack = 0, [root_pid]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        cpu_seen[pid] = max(cpu_seen.get(pid, 0.0), cpu.get(pid, 0.0))
        stack.extend(children.get(pid, []))
    return total


def measure(cmd: list[str], env: dict) -> dict:
    """Run ``cmd`` (in this helper process) and report its wall time, CPU and memory."""
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peak = 0
    cpu_seen: dict[int, float] = {}
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, tree_sample(proc.pid, cpu_seen))
            stop.wait(0.5)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, stderr = proc.communicate()
    stop.set()
    sampler.join()
    wall = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"returncode": proc.returncode, "wall_s": round(wall, 2),
            "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
            "cpu_s_sampled_tree": round(sum(cpu_seen.values()), 1),
            "maxrss_children_mb": round(usage.ru_maxrss / 1024, 1),
            "peak_tree_rss_mb": round(peak / 2**20, 1), "stderr_tail": stderr[-1500:]}


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--measure":  # helper mode: one run
        env = dict(os.environ)
        print(json.dumps(measure(sys.argv[3:], env)))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=170)
    ap.add_argument("--detectors", default="rules,lexicon,frequency")
    ap.add_argument("--only", default=",".join(RUNS))
    args = ap.parse_args()

    OUT.mkdir(parents=True, exist_ok=True)
    corpus = OUT / f"mtsamples-{args.mb:g}mb.jsonl"
    info_file = corpus.with_suffix(".info.json")
    if not corpus.exists() or not info_file.exists():
        info_file.write_text(json.dumps(make_corpus(corpus, args.mb)))
    info = json.loads(info_file.read_text())
    size_mb = corpus.stat().st_size / 1e6
    print(f"corpus: {corpus} ({size_mb:.1f} MB, {info['documents']} documents)", flush=True)

    snapshot = Path(tempfile.mkdtemp(prefix="phisift-bench-src-"))
    shutil.copytree(REPO / "src", snapshot / "src")
    env = dict(os.environ, PYTHONPATH=str(snapshot / "src"))
    key = OUT / "bench.key"
    results: dict[str, dict] = {}
    try:
        for name in args.only.split(","):
            out = OUT / f"out-{name}.jsonl"
            store = OUT / f"store-{name}.sqlite"
            for p in (out, store):
                p.unlink(missing_ok=True)
            shutil.rmtree(OUT / f"store-{name}.sqlite.runs", ignore_errors=True)
            cmd = [sys.executable, "-m", "phisift.cli", "deid", str(corpus), str(out), "--mode", "surrogate",
                   "--key-file", str(key), "--store", str(store), "--detectors", args.detectors,
                   "--no-resume", *RUNS[name]]
            load_before = os.getloadavg()
            print(f"{name}: running ({' '.join(RUNS[name])}); load {load_before[0]:.1f}", flush=True)
            helper = subprocess.run([sys.executable, __file__, "--measure", "--", *cmd], env=env,
                                    capture_output=True, text=True)
            result = json.loads(helper.stdout.strip().splitlines()[-1])
            result["load_before"] = [round(x, 2) for x in load_before]
            result["load_after"] = [round(x, 2) for x in os.getloadavg()]
            result["mb_per_s"] = round(size_mb / result["wall_s"], 3)
            result["cpu_s_per_mb"] = round(max(result["cpu_s"], result["cpu_s_sampled_tree"]) / size_mb, 3)
            if result["returncode"] == 0:
                result["sha256"] = sha256(out)
            results[name] = result
            print(f"{name}: {json.dumps({k: v for k, v in result.items() if k != 'stderr_tail'})}", flush=True)
            if result["returncode"] != 0:
                print(result["stderr_tail"], flush=True)
    finally:
        shutil.rmtree(snapshot, ignore_errors=True)

    base = results.get("local1", {}).get("mb_per_s")
    print(f"\n{'run':8} {'wall s':>8} {'MB/s':>7} {'ratio':>6} {'CPU s':>8} {'tree CPU':>9} {'maxrss MB':>10} "
          f"{'tree MB':>8}  load")
    for name, r in results.items():
        ratio = f"{r['mb_per_s'] / base:.2f}" if base else "-"
        print(f"{name:8} {r['wall_s']:8.1f} {r['mb_per_s']:7.3f} {ratio:>6} {r['cpu_s']:8.1f} {r['cpu_s_sampled_tree']:9.1f} "
              f"{r['maxrss_children_mb']:10.1f} {r['peak_tree_rss_mb']:8.1f}  "
              f"{r['load_before'][0]:.1f} -> {r['load_after'][0]:.1f}")
    digests = {r.get("sha256") for r in results.values()}
    identical = len(digests) == 1 and None not in digests
    print(f"outputs byte-identical: {identical}")
    summary = {"corpus": {"path": str(corpus), "mb": round(size_mb, 1), **info}, "detectors": args.detectors,
               "cpus": os.cpu_count(), "results": results, "identical": identical,
               "ratios": {n: round(r["mb_per_s"] / base, 3) for n, r in results.items()} if base else {}}
    (OUT / "scale_throughput.json").write_text(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
