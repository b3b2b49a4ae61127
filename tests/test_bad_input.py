"""Bad input and bad settings: one line, exit 2, no traceback, no PHI, inputs untouched, nothing left behind.

Every case builds its input under ``in/`` with a distinctive fake name in it, runs
``phisift deid`` and ``phisift detect`` on it (the cases that concern only one of
them, such as the key file, run that one), and checks what the user gets: exit
code 2, exactly one line on stderr (``phisift: error: ...``), no traceback, the
fake name nowhere in that line, every input file byte-identical afterwards, and no
output: ``out/`` empty (no hidden journal or half-built folder either) and no run
state left in the store's folder.

The cases run in this process through Typer's runner (the same ``main`` and error
path as the console script, a fraction of the start-up time); ``test_as_a_process``
runs some as real processes, where Python itself would print a traceback that
escaped the CLI's error path.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest
from typer.testing import CliRunner

from phisift.cli import app

NAME = "Zebulon Quxworth"  # fake PHI in every input: it must never reach a message
NOTE = f"Patient {NAME} was seen on 2020-01-02 at Mercy Hospital."
#: rules and lexicon only: what the detectors find does not matter here, and the model is slow to load
FAST = '[detect]\ndetectors = ["rules", "lexicon"]\n'
KEY = "0123456789abcdef" * 4 + "\n"


@dataclass(frozen=True)
class Case:
    """One bad input: ``build(tmp)`` writes it under tmp/in and returns the input path; ``args`` are extra
    options (``{tmp}`` is replaced by the test folder); ``commands`` those it applies to."""

    name: str
    build: Callable[[Path], Path]
    args: tuple[str, ...] = ()
    commands: tuple[str, ...] = ("deid", "detect")
    output: str = "result.jsonl"  # deid's output, under out/ (detect always writes out/spans.jsonl)
    message: str = ""  # a piece the line must hold
    env: dict = field(default_factory=dict)


def _jsonl(*records: dict) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def _write(tmp: Path, name: str, data: str | bytes) -> Path:
    path = tmp / "in" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path


def _notes(tmp: Path, n: int = 3) -> Path:
    return _write(tmp, "notes.jsonl", _jsonl(*({"id": f"d{i}", "text": NOTE, "mrn": f"m{i}"} for i in range(n))))


def _brat(tmp: Path, ann: str) -> Path:
    _write(tmp, "brat/a.txt", NOTE)
    _write(tmp, "brat/a.ann", ann)
    return tmp / "in" / "brat"


def _i2b2(tmp: Path, doctype: str) -> Path:
    _write(tmp, "xml/a.xml", f'<?xml version="1.0"?>\n{doctype}\n<deIdi2b2><TEXT><![CDATA[{NOTE} &x;]]>'
                             '</TEXT><TAGS></TAGS></deIdi2b2>\n')
    return tmp / "in" / "xml"


BOMB = ('<!DOCTYPE r [<!ENTITY a "' + NAME + '"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY x "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>')
EXTERNAL = '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>'


def _parquet(tmp: Path, rows: list[dict]) -> Path:
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    path = tmp / "in" / "notes.parquet"
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def _parquet_bad_footer(tmp: Path) -> Path:
    path = _parquet(tmp, [{"id": str(i), "text": f"{NOTE} {i}"} for i in range(20)])
    data = path.read_bytes()
    path.write_bytes(data[:-12] + b"\x00" * 8 + b"PAR1")
    return path


def _truncated_gzip(tmp: Path, name: str) -> Path:
    import gzip

    data = gzip.compress(_jsonl(*({"id": f"d{i}", "text": NOTE} for i in range(20))).encode())
    return _write(tmp, name, data[: len(data) // 2])


def _late_duplicate(tmp: Path) -> Path:
    """600 notes, the last one reusing the first id: the run has committed batches when it fails."""
    records = [{"id": f"d{i}", "text": f"{NOTE} Visit {i}."} for i in range(599)] + [{"id": "d0", "text": NOTE}]
    return _write(tmp, "notes.jsonl", _jsonl(*records))


def _key_in_input(tmp: Path) -> Path:
    _write(tmp, "corpus/a.txt", NOTE)
    _write(tmp, "corpus/secret.key", KEY)
    return tmp / "in" / "corpus"


def _unreadable_key(tmp: Path) -> Path:
    key = _write(tmp, "keys/secret.key", KEY)
    key.chmod(0)
    return _notes(tmp)


def _dangling_key(tmp: Path) -> Path:
    (tmp / "in").mkdir(parents=True, exist_ok=True)
    (tmp / "in" / "dangling.key").symlink_to(tmp / "nowhere" / "secret.key")
    return _notes(tmp)


DEID = ("deid",)
CASES = [
    # --- already one line before issue 20: kept that way
    Case("invalid UTF-8", lambda t: _write(t, "notes.jsonl", b'{"id": "a", "text": "' + NAME.encode() + b'\xff"}\n'),
         message="invalid UTF-8"),
    Case("binary file", lambda t: _write(t, "notes.jsonl", b"\x7fELF\x00\x01" + NAME.encode() + b"\x00" * 64),
         message="binary"),
    Case("missing path", lambda t: t / "in" / "missing.jsonl", message="no such file"),
    Case("output inside the input", lambda t: _write(t, "corpus/a.txt", NOTE).parent,
         args=("--to", "text"), commands=DEID, output="../in/corpus/out", message="inside the input"),
    Case("CSV without the text column", lambda t: _write(t, "notes.csv", f"id,note\n1,{NAME}\n"), message="text"),
    Case("broken BRAT offsets", lambda t: _brat(t, f"T1\tPATIENT 8 999\t{NAME}\n"), output="out",
         message="run past the text"),
    Case("discontinuous BRAT span", lambda t: _brat(t, f"T1\tPATIENT 8 15;16 24\t{NAME}\n"), output="out",
         message="discontinuous"),
    Case("XML entity bomb", lambda t: _i2b2(t, BOMB), output="out"),
    Case("XML external entity", lambda t: _i2b2(t, EXTERNAL), output="out"),
    Case("malformed JSONL line", lambda t: _write(t, "notes.jsonl", _jsonl({"id": "a", "text": NOTE})
                                                  + '{"id": "b", "text": "' + NAME + '"\n'), message=":2:"),
    Case("JSONL without text", lambda t: _write(t, "notes.jsonl", _jsonl({"id": "a", "body": NOTE})),
         message="'text'"),
    Case("empty key file", _notes, args=("--mode", "surrogate", "--key-file", "{tmp}/keys/empty.key"),
         commands=DEID, message="too short"),
    Case("short key file", _notes, args=("--mode", "surrogate", "--key-file", "{tmp}/keys/short.key"),
         commands=DEID, message="too short"),
    # --- tracebacks before issue 20
    Case("unknown output format", _notes, args=("--to", "bogus"), commands=DEID, message="unknown format 'bogus'"),
    Case("unknown input format", _notes, args=("--in-format", "bogus"), message="unknown format 'bogus'"),
    Case("config value of the wrong type", _notes, args=("--config", "{tmp}/conf/bad.toml"),
         message="min_score"),
    Case("unreadable key file", _unreadable_key, args=("--mode", "surrogate", "--key-file", "{tmp}/in/keys/secret.key"),
         commands=DEID, message="permission denied"),
    Case("key path under a regular file", _notes,
         args=("--mode", "surrogate", "--key-file", "{tmp}/keys/short.key/secret.key"), commands=DEID,
         message="not a folder"),
    Case("key path a dangling symlink", _dangling_key,
         args=("--mode", "surrogate", "--key-file", "{tmp}/in/dangling.key"), commands=DEID, message="symbolic link"),
    Case("stdin as input", lambda t: t / "in", args=("--in-format", "jsonl", "--to", "jsonl"), commands=DEID,
         output="-"),
    # --- silent acceptance before issue 20
    Case("duplicate ids", lambda t: _write(t, "notes.jsonl", _jsonl({"id": "a", "text": NOTE},
                                                                     {"id": "a", "text": NOTE})),
         message="duplicate document id (first used on line 1)"),
    Case("duplicate ids in CSV", lambda t: _write(t, "notes.csv", f"id,text\na,{NOTE}\nb,x\na,{NOTE}\n"),
         output="result.csv", message="notes.csv:4"),
    Case("duplicate id after committed batches", _late_duplicate, message=":600"),
    Case("duplicate id after committed batches, folder output", _late_duplicate, args=("--to", "text"),
         commands=DEID, output="out", message=":600"),
    Case("--id-field naming a missing JSONL field", _notes, args=("--id-field", "note_id"), message="note_id"),
    Case("--id-field naming a missing CSV column", lambda t: _write(t, "notes.csv", f"id,text\n1,{NOTE}\n"),
         args=("--id-field", "note_id"), output="result.csv", message="note_id"),
    Case("--id-field naming a missing Parquet column", lambda t: _parquet(t, [{"id": "1", "text": NOTE}]),
         args=("--id-field", "note_id"), output="result.parquet", message="note_id"),
    Case("--text-field naming a missing column", lambda t: _write(t, "notes.csv", f"id,text\n1,{NOTE}\n"),
         args=("--text-field", "body"), output="result.csv", message="body"),
    Case("--patient-field naming a missing field", _notes, args=("--patient-field", "patient_id"), commands=DEID,
         message="patient_id"),
    Case("key file is the input", _notes, args=("--mode", "surrogate", "--key-file", "{tmp}/in/notes.jsonl"),
         commands=DEID, message="key file is the input"),
    Case("key file inside the input", _key_in_input,
         args=("--mode", "surrogate", "--key-file", "{tmp}/in/corpus/secret.key", "--to", "text"), commands=DEID,
         output="out", message="inside the input"),
    Case("existing output file", lambda t: _existing_output(t, "result.jsonl"), commands=DEID,
         message="exists already; add --overwrite"),
    Case("existing spans file", lambda t: _existing_output(t, "spans.jsonl"), commands=("detect",),
         message="exists already; add --overwrite"),
    Case("existing output folder", lambda t: _existing_output(t, "res"), args=("--to", "text"), commands=DEID,
         output="res", message="exists already; add --overwrite"),
    # --- found by bench/bad_input_sweep.py, or kinds it covers that no case above did
    Case("CSV quote never closed", lambda t: _write(t, "notes.csv", f'id,text\na,"{NOTE}\nb,{NAME}\n'),
         output="result.csv", message="never closed"),
    Case("truncated gzip", lambda t: _truncated_gzip(t, "notes.jsonl"), message="binary"),
    Case("JSONL line that is an array", lambda t: _write(t, "notes.jsonl", _jsonl({"id": "a", "text": NOTE})
                                                         + json.dumps([NAME]) + "\n"), message=":2:"),
    Case("Parquet corrupted footer", _parquet_bad_footer, output="result.parquet", message="notes.parquet"),
    Case("CSV ragged row", lambda t: _write(t, "notes.csv", f"id,text\na,{NOTE},{NAME}\n"), output="result.csv",
         message="notes.csv:2"),
    Case("key file inside the output", _notes, args=("--mode", "surrogate", "--key-file", "{tmp}/out/res/k.key",
                                                     "--to", "text"), commands=DEID, output="res",
         message="inside the output"),
]


def _setup(tmp: Path, case: Case) -> Path:
    (tmp / "out").mkdir()
    (tmp / "keys").mkdir()
    (tmp / "keys" / "empty.key").write_text("")
    (tmp / "keys" / "short.key").write_text("tooshort\n")
    (tmp / "conf").mkdir()
    (tmp / "conf" / "fast.toml").write_text(FAST)
    (tmp / "conf" / "bad.toml").write_text(FAST + 'min_score = "high"\n')
    return case.build(tmp)


def _argv(command: str, case: Case, source: Path, tmp: Path) -> list[str]:
    args = [a.replace("{tmp}", str(tmp)) for a in case.args]
    if "--config" not in args:
        args += ["--config", str(tmp / "conf" / "fast.toml")]
    args += ["--store", str(tmp / "store" / "store.sqlite")]
    src = "-" if case.output == "-" else str(source)
    if command == "deid":
        target = "-" if case.output == "-" else str(tmp / "out" / case.output)
        mode = [] if "--mode" in args else ["--mode", "tag"]
        return ["deid", src, target, *mode, *args]
    return ["detect", src, "-o", str(tmp / "out" / "spans.jsonl"), *args]


def _hashes(folder: Path) -> dict[str, str]:
    out = {}
    for p in sorted(folder.rglob("*")) if folder.exists() else []:
        if p.is_file() and not p.is_symlink() and os.access(p, os.R_OK):
            out[str(p)] = hashlib.sha256(p.read_bytes()).hexdigest()
        elif p.is_file():
            out[str(p)] = f"mode {p.stat().st_mode:o} size {p.stat().st_size}"
    return out


def _existing_output(tmp: Path, name: str) -> Path:
    """An output from an earlier run, in out/ (it must stay as it is)."""
    (tmp / "out" / name).mkdir(parents=True) if "." not in name else (tmp / "out" / name).write_text("earlier\n")
    if "." not in name:
        (tmp / "out" / name / "old.txt").write_text("earlier\n")
    return _notes(tmp)


def _left_behind(tmp: Path, before: dict[str, str]) -> list[str]:
    """Outputs, journals, half-built folders and run states that a failed run left (out/ held ``before``)."""
    left = [str(p) for p in (tmp / "out").rglob("*") if str(p) not in before and not p.is_dir()]
    left += [f"{p} changed" for p, h in before.items() if _hashes(tmp / "out").get(p) != h]
    left += [str(p) for p in (tmp / "out").rglob(".*")]
    runs = tmp / "store" / "store.sqlite.runs"
    left += [str(p) for p in runs.iterdir()] if runs.exists() else []
    left += [str(p) for p in (tmp / "in").rglob(".*")] if (tmp / "in").exists() else []
    return left


def _check_one_line(code: int, stderr: str, case: Case) -> None:
    lines = stderr.splitlines()
    assert code == 2, (case.name, code, stderr)
    assert len(lines) == 1, (case.name, stderr)
    assert lines[0].startswith("phisift: error: "), (case.name, stderr)
    assert "Traceback" not in stderr
    for word in NAME.split():
        assert word not in stderr, (case.name, stderr)
    assert "read_spans" not in stderr and "discontinuous=" not in stderr  # no Python internals
    assert "overwrite the input" not in stderr or case.name == "output inside the input"
    assert case.message in stderr, (case.name, stderr)


@pytest.mark.parametrize("command", ["deid", "detect"])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_gets_one_line(case: Case, command: str, tmp_path: Path):
    if command not in case.commands:
        pytest.skip(f"{case.name}: a {'/'.join(case.commands)} option")
    if case.name == "unreadable key file" and os.geteuid() == 0:
        pytest.skip("root reads any file")
    source = _setup(tmp_path, case)
    before, outputs = _hashes(tmp_path / "in"), _hashes(tmp_path / "out")
    result = CliRunner().invoke(app, _argv(command, case, source, tmp_path), input=f'{{"id": "{NAME}"\n')
    assert not isinstance(result.exception, (AssertionError, ImportError)), result.exception
    _check_one_line(result.exit_code, result.stderr, case)
    assert _hashes(tmp_path / "in") == before, "an input was modified"
    assert _left_behind(tmp_path, outputs) == [], "a failed run left files behind"


@pytest.mark.parametrize("case", [c for c in CASES if c.name in (
    "duplicate id after committed batches, folder output", "config value of the wrong type", "XML entity bomb",
    "unknown output format", "key path under a regular file")], ids=lambda c: c.name)
def test_as_a_process(case: Case, tmp_path: Path):
    """The same through the console entry point in a child process: nothing escapes to Python's traceback."""
    source = _setup(tmp_path, case)
    before, outputs = _hashes(tmp_path / "in"), _hashes(tmp_path / "out")
    argv = _argv("deid", case, source, tmp_path)
    proc = subprocess.run([sys.executable, "-m", "phisift", *argv], capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)
    _check_one_line(proc.returncode, proc.stderr, case)
    assert _hashes(tmp_path / "in") == before
    assert _left_behind(tmp_path, outputs) == []


def test_empty_input_is_an_empty_output_not_an_error(tmp_path: Path):
    """An empty file is a corpus of no documents: a whole, empty output and exit 0 (not a half-written one)."""
    source = _write(tmp_path, "notes.jsonl", "")
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "fast.toml").write_text(FAST)
    out = tmp_path / "out" / "result.jsonl"
    result = CliRunner().invoke(app, ["deid", str(source), str(out), "--mode", "tag", "--config",
                                      str(tmp_path / "conf" / "fast.toml"), "--store", str(tmp_path / "s.sqlite")])
    assert result.exit_code == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert out.read_text() == ""
    assert [p.name for p in out.parent.iterdir()] == ["result.jsonl"]


def test_jobs_beyond_the_cores_are_capped_with_a_note(tmp_path: Path):
    from phisift.cli.engines import available_cores

    source = _notes(tmp_path)
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "fast.toml").write_text(FAST)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(app, ["deid", str(source), str(out), "--mode", "tag", "--jobs", "1000", "--config",
                                      str(tmp_path / "conf" / "fast.toml"), "--store", str(tmp_path / "s.sqlite")])
    assert result.exit_code == 0, result.stderr
    cores = available_cores()
    assert f"note: --jobs 1000 is more than the {cores} cores of this machine; using {cores}" in result.stderr
    assert len(out.read_text().splitlines()) == 3


def test_a_full_disk_is_one_line_and_the_same_command_resumes(tmp_path: Path):
    """The disk fills up under the run (a file size limit stands for it): the project store's writes fail.
    One line naming the store, exit 2; the same command, with room again, finishes and leaves nothing."""
    import resource

    source = _write(tmp_path, "notes.jsonl", _jsonl(*({"id": f"d{i}", "text": f"{NOTE} {i}"} for i in range(400))))
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "fast.toml").write_text(FAST)
    out = tmp_path / "out" / "result.jsonl"
    argv = [sys.executable, "-m", "phisift", "deid", str(source), str(out), "--mode", "tag", "--config",
            str(tmp_path / "conf" / "fast.toml"), "--store", str(tmp_path / "store" / "store.sqlite")]

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, 64 * 1024))

    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
                          preexec_fn=small_files)
    _check_one_line(proc.returncode, proc.stderr, CASES[0].__class__("full disk", _notes))
    assert not out.exists()
    again = subprocess.run(argv, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert again.returncode == 0, again.stderr
    assert len(out.read_text().splitlines()) == 400
    assert _left_behind(tmp_path, {str(out): _hashes(tmp_path / "out")[str(out)]}) == []


@pytest.mark.parametrize("output", ["notes-deid", "result.jsonl"])
def test_a_read_only_output_folder_names_the_output_not_its_build_file(tmp_path: Path, monkeypatch, output: str):
    """An output folder the user cannot write to: the one line names the output the user gave ("out/notes-deid"),
    never the hidden build folder or journal it is made in (".notes-deid.<run>.partial"). The folder is made
    read-only for phisift by refusing what the system would refuse there (root may write anywhere)."""
    import builtins
    import errno

    if output.endswith(".jsonl"):
        source = _notes(tmp_path)
    else:
        source = _write(tmp_path, "notes/a.txt", NOTE).parent
        _write(tmp_path, "notes/b.txt", NOTE)
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "fast.toml").write_text(FAST)
    locked = (tmp_path / "out").resolve()
    locked.mkdir(exist_ok=True)
    real_mkdir, real_open = os.mkdir, builtins.open

    def refuse(path) -> None:
        if Path(os.fspath(path)).resolve().parent == locked:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))

    def mkdir(path, *a, **k):
        refuse(path)
        return real_mkdir(path, *a, **k)

    def open_(file, *a, **k):
        if isinstance(file, (str, os.PathLike)):
            refuse(file)
        return real_open(file, *a, **k)

    monkeypatch.setattr(os, "mkdir", mkdir)
    monkeypatch.setattr(builtins, "open", open_)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["deid", str(source), f"out/{output}", "--mode", "tag", "--config",
                                      "conf/fast.toml", "--store", "store/store.sqlite"])
    assert result.exit_code == 2, result.stderr
    assert result.stderr.splitlines() == [f"phisift: error: out/{output}: Permission denied"], result.stderr
    assert list(locked.iterdir()) == []


def test_user_path_maps_every_hidden_build_name_back_to_its_output(tmp_path: Path, monkeypatch):
    from phisift.fileio import user_path

    monkeypatch.chdir(tmp_path)
    for hidden in (".out.0123456789ab.partial", ".out.pid42.partial", ".out.0123456789ab.journal",
                   ".out.k3x_9abc.part", ".out.old"):
        assert user_path(tmp_path / "d" / hidden / "a.txt") == "d/out/a.txt"
        assert user_path(f"/elsewhere/{hidden}") == "/elsewhere/out"
    assert user_path("/data/.hidden-notes/a.txt") == "/data/.hidden-notes/a.txt"  # the user's own hidden folder
