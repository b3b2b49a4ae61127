"""Every command that writes an output refuses an existing one without --overwrite, folders (the review
page too) appear whole or not at all, and a kill between the two renames of a folder swap is put right
by the next command (issue 20)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import phisift.fileio as fileio
from phisift.cli import app
from phisift.document import Document, Span
from phisift.errors import InputError

FAST = '[detect]\ndetectors = ["rules", "lexicon"]\n'
NOTE = "Seen by Dr. Alvarez on 2020-01-02, call 555-123-4567."


def _cli(tmp_path: Path, *args: str, config: bool = False):
    extra = []
    if config:
        conf = tmp_path / "fast.toml"
        conf.write_text(FAST)
        extra = ["--config", str(conf), "--store", str(tmp_path / "store.sqlite")]
    return CliRunner().invoke(app, [*args, *extra])


def _notes(tmp_path: Path, n: int = 3) -> Path:
    src = tmp_path / "notes.jsonl"
    src.write_text("".join(json.dumps({"id": f"d{i}", "text": f"{NOTE} Visit {i}."}) + "\n" for i in range(n)))
    return src


def _refused(res, path: Path) -> None:
    lines = res.stderr.splitlines()
    assert res.exit_code == 2, res.stderr
    assert len(lines) == 1 and "exists already; add --overwrite" in lines[0] and "Traceback" not in res.stderr
    assert str(path.name) in lines[0]


def _hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# --------------------------------------------------------------------------- item 1: no silent overwrite
def test_sift_refuses_an_existing_output_and_report_then_replaces_with_overwrite(tmp_path):
    src = tmp_path / "notes.jsonl"
    src.write_text("".join(json.dumps({"id": f"d{i}", "text": f"The patient walked {i} miles and felt chest pain "
                                       f"after lunch with family number {i}."}) + "\n" for i in range(12)))
    out, report = tmp_path / "sifted.jsonl", tmp_path / "r.json"
    out.write_text("mine\n")
    args = ["sift", str(src), str(out), "--fill", "unigram", "--method", "none", "--clusters", "2",
            "--store", str(tmp_path / "s.sqlite")]
    _refused(CliRunner().invoke(app, args), out)
    assert out.read_text() == "mine\n"
    out.unlink()
    report.with_suffix(".html").write_text("an earlier report\n")
    _refused(CliRunner().invoke(app, args + ["--report", str(report)]), report.with_suffix(".html"))
    assert not out.exists() and report.with_suffix(".html").read_text() == "an earlier report\n"
    res = CliRunner().invoke(app, args + ["--report", str(report), "--overwrite"])
    assert res.exit_code == 0, res.stderr
    assert len(out.read_text().splitlines()) == 12 and "sift report" in report.with_suffix(".html").read_text()


def test_convert_refuses_an_existing_output_and_builds_folders_whole(tmp_path):
    src = _notes(tmp_path)
    out = tmp_path / "out.jsonl"
    out.write_text("mine\n")
    _refused(_cli(tmp_path, "convert", str(src), str(out)), out)
    assert out.read_text() == "mine\n"
    assert _cli(tmp_path, "convert", str(src), str(out), "--overwrite").exit_code == 0
    assert len(out.read_text().splitlines()) == 3
    folder = tmp_path / "txt"
    folder.mkdir()
    (folder / "stale.txt").write_text("from before")
    _refused(_cli(tmp_path, "convert", str(src), str(folder), "--to", "text"), folder)
    res = _cli(tmp_path, "convert", str(src), str(folder), "--to", "text", "--overwrite")
    assert res.exit_code == 0, res.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["d0.txt", "d1.txt", "d2.txt"]  # replaced as a whole
    assert _hidden(tmp_path) == []


def test_convert_folder_output_failing_half_way_leaves_nothing(tmp_path):
    src = tmp_path / "notes.jsonl"
    src.write_text(json.dumps({"id": "a", "text": NOTE}) + "\n" + '{"id": "b", "text": \n')
    res = _cli(tmp_path, "convert", str(src), str(tmp_path / "txt"), "--to", "text")
    assert res.exit_code == 2 and ":2:" in res.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.jsonl"]


def test_train_refuses_an_existing_model_folder(tmp_path):
    from phisift.detect.tagger.train import CONFIG_FILE

    model = tmp_path / "model"
    model.mkdir()
    (model / CONFIG_FILE).write_text("{}")  # an earlier model: it used to be replaced silently
    src = _notes(tmp_path)
    res = _cli(tmp_path, "train", str(src), "-o", str(model))
    _refused(res, model)
    assert (model / CONFIG_FILE).read_text() == "{}"


def test_augment_refuses_an_existing_output_and_report(tmp_path):
    src = _notes(tmp_path)
    out, report = tmp_path / "aug.jsonl", tmp_path / "aug.json"
    out.write_text("mine\n")
    res = _cli(tmp_path, "augment", str(src), str(out), "--method", "neighbours", "--vectors", str(tmp_path / "v.bin"))
    _refused(res, out)
    out.unlink()
    report.write_text("mine\n")
    res = _cli(tmp_path, "augment", str(src), str(out), "--method", "neighbours", "--vectors", str(tmp_path / "v.bin"),
               "--report", str(report))
    _refused(res, report)
    assert report.read_text() == "mine\n" and not out.exists()


def test_review_command_refuses_an_existing_folder_then_replaces_it_whole(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "a", "text": NOTE, "spans": [{"start": 12, "end": 19, "label": "DOCTOR"}]})
                    + "\n")
    out = tmp_path / "review"
    out.mkdir()
    (out / "notes-of-mine.txt").write_text("mine")
    _refused(_cli(tmp_path, "review", str(gold), "-o", str(out), "--no-charts"), out)
    assert sorted(p.name for p in out.iterdir()) == ["notes-of-mine.txt"]
    res = _cli(tmp_path, "review", str(gold), "-o", str(out), "--no-charts", "--overwrite")
    assert res.exit_code == 0, res.stderr
    assert sorted(p.name for p in out.iterdir()) == ["index.html"]
    assert _hidden(tmp_path) == []


# --------------------------------------------------------------------------- item 2: the review page whole
def test_a_review_that_fails_half_way_keeps_the_earlier_page(tmp_path):
    from phisift.review import write_review

    docs = [Document(f"d{i}", NOTE, (Span(12, 19, "DOCTOR"),)) for i in range(30)]
    first = write_review(tmp_path / "r", docs, chunk_size=5, inline_limit=0, charts=False)
    before = {p.name: p.read_bytes() for p in (tmp_path / "r").rglob("*") if p.is_file()}
    bad = docs[:20] + [Document("bad", "short", (Span(0, 99, "DOCTOR"),))]
    with pytest.raises(InputError):
        write_review(tmp_path / "r", bad, chunk_size=5, inline_limit=0, charts=False)
    assert {p.name: p.read_bytes() for p in (tmp_path / "r").rglob("*") if p.is_file()} == before
    assert first.documents == 30 and _hidden(tmp_path) == []


def test_deid_review_is_refused_when_it_exists_and_absent_when_the_run_fails(tmp_path):
    src = _notes(tmp_path)
    review = tmp_path / "review"
    review.mkdir()
    (review / "index.html").write_text("an earlier page")
    res = _cli(tmp_path, "deid", str(src), str(tmp_path / "out.jsonl"), "--mode", "tag", "--review", str(review),
               config=True)
    _refused(res, review)
    assert (review / "index.html").read_text() == "an earlier page" and not (tmp_path / "out.jsonl").exists()
    # a run that fails on bad input (a duplicate id after the first notes) leaves no page and no build folder
    bad = tmp_path / "bad.jsonl"
    bad.write_text(src.read_text() + json.dumps({"id": "d0", "text": NOTE}) + "\n")
    res = _cli(tmp_path, "deid", str(bad), str(tmp_path / "out.jsonl"), "--mode", "tag", "--review",
               str(tmp_path / "new-review"), config=True)
    assert res.exit_code == 2 and "duplicate document id" in res.stderr
    assert not (tmp_path / "new-review").exists() and _hidden(tmp_path) == []
    res = _cli(tmp_path, "deid", str(src), str(tmp_path / "out.jsonl"), "--mode", "tag", "--review", str(review),
               "--overwrite", config=True)
    assert res.exit_code == 0, res.stderr
    assert "d2" in (review / "index.html").read_text() and _hidden(tmp_path) == []


# --------------------------------------------------------------------------- item 3: a kill between two renames
class _Killed(BaseException):
    """Stands for SIGKILL at one point: nothing after it runs (cleanup code is skipped by BaseException
    handlers that re-raise, and the leftovers are what a kill leaves)."""


def _kill_at_second_rename(monkeypatch) -> None:
    """``os.replace`` inside the folder swap: the first rename (old output aside) happens, the second dies."""
    calls = []
    real = os.replace

    def replace(src, dst):
        if str(src).endswith(".partial"):
            calls.append(src)
            raise _Killed()
        return real(src, dst)

    monkeypatch.setattr(fileio.os, "replace", replace)


def test_deid_folder_swap_killed_between_renames_resumes_clean(tmp_path, monkeypatch):
    src = tmp_path / "notes"
    src.mkdir()
    for i in range(3):
        (src / f"n{i}.txt").write_text(f"{NOTE} Visit {i}.")
    out = tmp_path / "out"
    out.mkdir()
    (out / "old.txt").write_text("an earlier output")
    args = ["deid", str(src), str(out), "--mode", "tag", "--overwrite"]
    with monkeypatch.context() as m:
        _kill_at_second_rename(m)
        with pytest.raises(_Killed):
            _cli(tmp_path, *args, config=True)
    assert not out.exists() and (tmp_path / ".out.old").is_dir()  # the torn state a kill leaves
    res = _cli(tmp_path, *args, config=True)  # the same command
    assert res.exit_code == 0, res.stderr
    assert "resuming" in res.stderr
    assert sorted(p.name for p in out.iterdir()) == ["n0.txt", "n1.txt", "n2.txt"]
    assert _hidden(tmp_path) == [], "a leftover of the swap stayed behind"


def test_one_shot_swap_killed_between_renames_gives_the_old_output_back(tmp_path, monkeypatch):
    src = _notes(tmp_path)
    out = tmp_path / "txt"
    out.mkdir()
    (out / "old.txt").write_text("an earlier output")
    with monkeypatch.context() as m:
        _kill_at_second_rename(m)
        with pytest.raises(_Killed):
            _cli(tmp_path, "convert", str(src), str(out), "--to", "text", "--overwrite")
    assert not out.exists()
    # a killed process leaves its build folder too; a dead process's build folder goes
    (tmp_path / ".txt.pid999999999.partial").mkdir()
    res = _cli(tmp_path, "convert", str(src), str(out), "--to", "text")  # no --overwrite: the old output is back
    _refused(res, out)
    assert sorted(p.name for p in out.iterdir()) == ["old.txt"] and _hidden(tmp_path) == []


def test_review_build_of_a_killed_run_goes_when_it_resumes_without_review(tmp_path, monkeypatch):
    """The review page is not part of a run's identity: a run killed with --review and resumed without it
    leaves no hidden half-built page (it holds the notes' text)."""
    import phisift.runs.deid as runs_deid

    src = _notes(tmp_path)
    out = tmp_path / "out.jsonl"
    with monkeypatch.context() as m:
        def killed(self, empty):
            raise _Killed()

        m.setattr(runs_deid._DeidWriter, "close", killed)
        with pytest.raises(_Killed):
            _cli(tmp_path, "deid", str(src), str(out), "--mode", "tag", "--review", str(tmp_path / "review"),
                 config=True)
    assert [p for p in _hidden(tmp_path) if p.startswith(".review.")]  # the kill left the page half-built
    res = _cli(tmp_path, "deid", str(src), str(out), "--mode", "tag", config=True)
    assert res.exit_code == 0 and "resuming" in res.stderr, res.stderr
    assert _hidden(tmp_path) == [] and not (tmp_path / "review").exists()
