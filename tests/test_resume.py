"""A run killed with SIGKILL in the middle resumes and gives the bytes of a run never interrupted."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from phisift.synth import generate_notes

sys.path.insert(0, str(Path(__file__).parent))
from test_review import embedded  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """600 notes (300 generated, each twice under new ids): a few commits per run."""
    path = tmp_path_factory.mktemp("resume") / "notes.jsonl"
    notes = generate_notes(300, seed=21)
    with open(path, "w", encoding="utf-8") as fh:
        for r in range(2):
            for i, d in enumerate(notes):
                fh.write(json.dumps({"id": f"{d.id}-{r}", "text": d.text, "mrn": f"p{i % 40}"}) + "\n")
    return path


def deid_args(src: Path, out: Path, store: Path, key: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "phisift.cli", "deid", str(src), str(out), "--mode", "surrogate",
            "--key-file", str(key), "--store", str(store), "--patient-field", "mrn", *extra]


def done_count(store: Path) -> int:
    if not store.exists():
        return 0
    try:
        with sqlite3.connect(store, timeout=1) as db:
            return db.execute("SELECT COUNT(*) FROM done").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet, or locked for a moment
        return 0


def kill_after_some_done(args: list[str], store: Path, at_least: int = 1, timeout: float = 240) -> int:
    """Start a run, SIGKILL it once the store has recorded finished documents; how many it had."""
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            n = done_count(store)
            if n >= at_least:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(30)
                return n
            if proc.poll() is not None:
                pytest.fail(f"the run ended before it could be killed: {proc.stderr.read().decode()[-500:]}")
            time.sleep(0.01)
        pytest.fail("no finished documents recorded in time")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def run_ok(args: list[str]) -> str:
    res = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr
    return res.stderr


def test_sigkill_then_resume_jsonl_with_spans_and_frequency(corpus, tmp_path):
    key = tmp_path / "keys" / "secret.key"
    extra = ("--detectors", "rules,lexicon,frequency")
    ref, ref_spans = tmp_path / "ref.jsonl", tmp_path / "ref-spans.jsonl"
    run_ok(deid_args(corpus, ref, tmp_path / "ref.db", key, "--spans", str(ref_spans), *extra,
                     "--review", str(tmp_path / "ref-review")))

    out, spans, store = tmp_path / "out.jsonl", tmp_path / "spans.jsonl", tmp_path / "store.db"
    args = deid_args(corpus, out, store, key, "--spans", str(spans), *extra)
    killed_at = kill_after_some_done(args, store)
    assert 0 < killed_at < 600
    # killed: no output file at all, only the hidden journals next to where it goes
    assert not out.exists() and not spans.exists()
    assert list(tmp_path.glob(".out.jsonl.*.journal")) and list(tmp_path.glob(".spans.jsonl.*.journal"))

    # the review page is not part of the run's identity: asking for it on resuming still resumes,
    # and the page covers every document, also those the killed run finished
    note = run_ok(args + ["--review", str(tmp_path / "review")])
    assert "resuming an unfinished run" in note and "using the state fitted by the interrupted run" in note
    rerun = re.search(r"re-running the (\d+) documents finished earlier", note)
    assert rerun and int(rerun[1]) >= killed_at
    assert out.read_bytes() == ref.read_bytes()
    assert embedded(tmp_path / "review" / "index.html") == embedded(tmp_path / "ref-review" / "index.html")
    assert len(embedded(tmp_path / "review" / "index.html")[0]["docs"]) == 600
    assert spans.read_bytes() == ref_spans.read_bytes()
    assert not list(tmp_path.glob(".*.journal")) and not list(tmp_path.glob(".*.part"))
    assert done_count(store) == 0  # finished: the run's records are gone


def test_sigkill_then_resume_folder_output(corpus, tmp_path):
    key = tmp_path / "secret.key"
    extra = ("--to", "text", "--detectors", "rules,lexicon")
    ref = tmp_path / "ref"
    run_ok(deid_args(corpus, ref, tmp_path / "ref.db", key, *extra))

    out, store = tmp_path / "out", tmp_path / "store.db"
    args = deid_args(corpus, out, store, key, *extra)
    killed_at = kill_after_some_done(args, store)
    # killed: no output folder, only the hidden one it is built in, beside it
    assert not out.exists()
    [build] = tmp_path.glob(".out.*.partial")
    partial = sorted(p.name for p in build.iterdir() if not p.name.startswith("."))
    assert killed_at <= len(partial) < 600
    for name in partial:  # every file there is whole
        assert (build / name).read_bytes() == (ref / name).read_bytes(), name

    run_ok(args)
    files = sorted(p.name for p in out.iterdir())
    assert files == sorted(p.name for p in ref.iterdir()) and len(files) == 600
    assert all((out / name).read_bytes() == (ref / name).read_bytes() for name in files)
    assert not list(out.rglob(".*.part")) and not list(tmp_path.glob(".out.*"))
