"""SIGKILL at random points of ``phisift deid`` into an SQLite table, then the same command: the table of a
run never killed.

The pattern of ``test_crash.py`` for a database output: an uninterrupted run gives
the reference table (its schema and rows); runs killed at points drawn from a seeded
random generator over the time that run takes leave the table absent or whole (never
part of it), and the same command, run again, finishes with exactly the reference
table, no staging table beside it and no run state left (or, when the kill came after
the run had finished, refuses the whole table as an existing output).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from phisift.synth import generate_notes

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
sa = pytest.importorskip("sqlalchemy")
SEEDS = (7, 23, 41)


@pytest.fixture(scope="module")
def database(tmp_path_factory) -> Path:
    """300 short notes of 40 patients in an OMOP-like ``note`` table."""
    path = tmp_path_factory.mktemp("crash-sql") / "in.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE note (note_id INTEGER PRIMARY KEY, person_id INTEGER, note_date DATE, "
                   "note_text TEXT)")
        db.executemany("INSERT INTO note VALUES (?, ?, ?, ?)",
                       [(i + 1, i % 40, f"2021-{1 + i % 12:02d}-{1 + i % 28:02d}", d.text)
                        for i, d in enumerate(generate_notes(300, seed=5))])
    return path


def _command(database: Path, work: Path) -> list[str]:
    return [sys.executable, "-m", "phisift", "deid", f"sqlite:///{database}", f"sqlite:///{work / 'out.db'}",
            "--mode", "surrogate", "--key-file", str(work.parent / "secret.key"), "--store",
            str(work / "store.sqlite"), "--patient-field", "person_id", "--shift-date-field", "note_date",
            "--detectors", "rules,lexicon,frequency"]


def _table(work: Path) -> tuple[str, list[tuple]] | None:
    """The output table's schema and rows, or None when it is absent."""
    if not (work / "out.db").exists():
        return None
    with sqlite3.connect(work / "out.db") as db:
        found = db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'note'").fetchone()
        if found is None:
            return None
        return found[0], db.execute("SELECT * FROM note ORDER BY note_id").fetchall()


def _leftovers(work: Path) -> list[str]:
    """Staging tables in the output database, run folders in the store's: what a finished run must not leave."""
    tables = []
    if (work / "out.db").exists():
        with sqlite3.connect(work / "out.db") as db:
            tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                      if r[0] != "note"]
    runs = work / "store.sqlite.runs"
    return tables + ([p.name for p in runs.iterdir()] if runs.exists() else [])


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


def test_killed_anywhere_the_same_command_gives_the_same_table(database, tmp_path):
    ref = tmp_path / "ref"
    ref.mkdir()
    took = _run(_command(database, ref))
    reference = _table(ref)
    assert reference is not None and len(reference[1]) == 300
    for seed in SEEDS:
        fraction = random.Random(seed).uniform(0.15, 1.0)
        for attempt in range(4):  # a loaded machine can be faster than the draw: then draw an earlier point
            work = tmp_path / f"seed{seed}-{attempt}"
            work.mkdir()
            if _kill_at(_command(database, work), fraction * took):
                break
            fraction /= 2
        else:
            pytest.fail("the run always finished before the kill")
        assert _table(work) in (None, reference), f"seed {seed}: a partial table is visible"
        if _table(work) == reference and not _leftovers(work):
            # killed after the run finished (its state removed, the process not yet gone): the table is whole,
            # and the same command is a new run that refuses it, as it refuses an existing output file
            res = subprocess.run(_command(database, work), capture_output=True, text=True, timeout=600)
            assert res.returncode == 2 and "--overwrite" in res.stderr and "Traceback" not in res.stderr
        else:
            _run(_command(database, work))  # the same command resumes: no --overwrite needed for its own table
        assert _table(work) == reference, f"seed {seed} (killed at {fraction:.2f})"
        assert _leftovers(work) == [], f"seed {seed}: {_leftovers(work)}"


def test_stopped_after_the_table_was_placed_resumes_without_overwrite(database, tmp_path, monkeypatch):
    """The last window: the table renamed into place, the run's state not yet removed (a kill there is
    rare at random, so the run is stopped there on purpose, in this process)."""
    from typer.testing import CliRunner

    from phisift.cli import app
    from phisift.runs import state

    ref = tmp_path / "ref"
    ref.mkdir()
    _run(_command(database, ref))
    work = tmp_path / "late"
    work.mkdir()

    def stop(self):
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(state.RunState, "finish", stop)
        result = CliRunner().invoke(app, _command(database, work)[3:])
    assert isinstance(result.exception, KeyboardInterrupt) or result.exit_code != 0
    assert _table(work) == _table(ref)  # placed, but the run is not finished
    assert (work / "store.sqlite.runs").exists() and list((work / "store.sqlite.runs").iterdir())
    _run(_command(database, work))  # the same command: its own table is no overwrite
    assert _table(work) == _table(ref) and _leftovers(work) == []
