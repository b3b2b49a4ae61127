"""SIGKILL at random points of ``phisift deid``, then the same command: the output of a run never killed.

Three kinds of output (a JSONL file with a spans file, a folder of text files, a
JSONL file written by two worker processes), each killed at two points drawn from a
seeded random generator over the time an uninterrupted run takes: during start-up,
the frequency fit, the batches, or the final assembly. After each kill the output is
absent or whole (never half there), and the same command, run again, finishes with
exactly the reference bytes and leaves no journal, half-built folder or run state.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from phisift.synth import generate_notes

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")

KINDS = {
    "jsonl and spans": ("out.jsonl", ["--spans", "{tmp}/spans.jsonl"]),
    "text folder": ("out", ["--to", "text"]),
    "jsonl, two workers": ("out.jsonl", ["--jobs", "2"]),
}
SEEDS = (11, 29)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """300 short notes of 40 patients: two committed batches per run, or more when the 5 s limit closes one."""
    path = tmp_path_factory.mktemp("crash") / "notes.jsonl"
    with open(path, "w", encoding="utf-8") as fh:
        for i, d in enumerate(generate_notes(300, seed=5)):
            fh.write(json.dumps({"id": d.id, "text": d.text, "mrn": f"p{i % 40}"}) + "\n")
    return path


def _command(corpus: Path, tmp: Path, kind: str) -> tuple[list[str], list[Path]]:
    output, extra = KINDS[kind]
    args = [sys.executable, "-m", "phisift", "deid", str(corpus), str(tmp / output), "--mode", "surrogate",
            "--key-file", str(tmp.parent / "secret.key"), "--store", str(tmp / "store.sqlite"),
            "--patient-field", "mrn", "--detectors", "rules,lexicon,frequency",
            *[a.replace("{tmp}", str(tmp)) for a in extra]]
    outputs = [tmp / output] + ([tmp / "spans.jsonl"] if "--spans" in extra else [])
    return args, outputs


def _snapshot(path: Path) -> dict[str, bytes] | None:
    """The bytes of a file, or of every file of a folder by relative name; None when absent."""
    if not path.exists():
        return None
    if path.is_file():
        return {"": path.read_bytes()}
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def _run(args: list[str]) -> float:
    started = time.monotonic()
    res = subprocess.run(args, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert res.returncode == 0, res.stderr[-2000:]
    assert "Traceback" not in res.stderr
    return time.monotonic() - started


def _kill_at(args: list[str], delay: float) -> bool:
    """Start the command and SIGKILL it after ``delay`` seconds; False if it finished first."""
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        proc.wait(delay)
        return False
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
        return True


def _leftovers(tmp: Path) -> list[str]:
    hidden = [p.name for p in tmp.iterdir() if p.name.startswith(".")]
    runs = tmp / "store.sqlite.runs"
    return hidden + ([p.name for p in runs.iterdir()] if runs.exists() else [])


@pytest.mark.parametrize("kind", list(KINDS))
def test_killed_anywhere_the_same_command_finishes_identically(corpus, tmp_path, kind):
    ref_dir = tmp_path / "ref"
    ref_dir.mkdir()
    ref_args, ref_outputs = _command(corpus, ref_dir, kind)
    took = _run(ref_args)
    reference = [_snapshot(p) for p in ref_outputs]
    assert reference[0] and len(reference[0]) in (1, 300)

    for seed in SEEDS:
        fraction = random.Random(seed).uniform(0.15, 1.0)
        for attempt in range(4):  # a loaded machine can be faster than the draw: then draw an earlier point
            work = tmp_path / f"seed{seed}-{attempt}"
            work.mkdir()
            args, outputs = _command(corpus, work, kind)
            if _kill_at(args, fraction * took):
                break
            fraction /= 2
        else:
            pytest.fail("the run always finished before the kill")
        # killed: each output is absent or whole, never part of one
        for path, ref in zip(outputs, reference):
            assert _snapshot(path) in (None, ref), f"{kind}, seed {seed}: a partial {path.name} is visible"
        _run(args)  # the same command resumes (or, killed after its end, completes its bookkeeping)
        assert [_snapshot(p) for p in outputs] == reference, f"{kind}, seed {seed} (killed at {fraction:.2f})"
        assert _leftovers(work) == [], f"{kind}, seed {seed}: {_leftovers(work)}"
