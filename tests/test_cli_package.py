"""The command-line package itself: its one error path, its progress reporter, its entry points."""

from __future__ import annotations

import io
import linecache
import stat
import subprocess
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

import phisift.formats
from phisift.cli import app
from phisift.cli.console import RichReporter
from phisift.cli.failures import bad_input_line, crash_report_text
from phisift.errors import InputError
from phisift.progress import Reporter

NAME = "John Smith"


@pytest.fixture()
def notes(tmp_path):
    path = tmp_path / "notes.jsonl"
    path.write_text('{"id": "a", "text": "John Smith seen on 03/04/2021."}\n')
    return path


@pytest.fixture()
def private_tmp(tmp_path, monkeypatch):
    """Crash reports go to a folder of this test, not the machine's temp folder."""
    import tempfile

    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def _run(*args: str):
    return CliRunner().invoke(app, list(args))


# --------------------------------------------------------------------------- bad input: one line, exit 2
def test_input_error_is_one_line_naming_the_file(tmp_path):
    result = _run("convert", str(tmp_path / "missing.jsonl"), str(tmp_path / "out.jsonl"))
    assert result.exit_code == 2
    assert result.stderr == f"phisift: error: {tmp_path / 'missing.jsonl'}: no such file or folder\n"


def test_usage_error_from_the_library_is_one_line(notes, tmp_path):
    result = _run("deid", str(notes), str(tmp_path / "out.jsonl"), "--keep-share", "3")
    assert result.exit_code == 2 and result.stderr == "phisift: error: --keep-share must be in (0, 1]\n"


def test_os_error_names_the_file_and_the_reason(notes, tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path / "out.jsonl"))

    monkeypatch.setattr(phisift.formats, "write_corpus", refuse)
    result = _run("convert", str(notes), str(tmp_path / "out.jsonl"))
    assert result.exit_code == 2
    assert result.stderr == f"phisift: error: {tmp_path / 'out.jsonl'}: Permission denied\n"


def test_unicode_error_gives_encoding_and_offset_never_the_bytes():
    exc = UnicodeDecodeError("utf-8", "Smith\xe9".encode("latin-1"), 5, 6, "invalid continuation byte")
    assert bad_input_line(exc) == "text cannot be decoded as utf-8 at byte 5"


def _line_for_error_in_phisift_module(source: str) -> str | None:
    """Run ``source`` as if it were a line of a phisift module; the line the user sees for its error."""
    filename = "/fake/phisift/module.py"
    linecache.cache[filename] = (len(source), None, [source + "\n"], filename)
    try:
        exec(compile(source, filename, "exec"), {"__name__": "phisift.fake"})
    except Exception as exc:  # noqa: BLE001
        return bad_input_line(exc)
    finally:
        linecache.cache.pop(filename, None)
    raise AssertionError("no exception")


def test_value_error_message_is_shown_only_when_phisift_raised_it_on_purpose():
    assert _line_for_error_in_phisift_module("raise ValueError('q must be at least 1')") == "q must be at least 1"
    # int() of note text inside phisift's code: the message would quote the text
    line = _line_for_error_in_phisift_module(f"int('{NAME}')")
    assert line is not None and NAME not in line and "ValueError" in line
    try:
        int(NAME)
    except ValueError as exc:  # raised here, outside phisift
        assert NAME not in (bad_input_line(exc) or NAME)


# --------------------------------------------------------------------------- bugs: one line, a private report, exit 1
def test_internal_error_is_one_line_and_a_private_report_without_phi(notes, tmp_path, private_tmp, monkeypatch):
    def crash(*args, **kwargs):
        raise KeyError(NAME)

    monkeypatch.setattr(phisift.formats, "read_corpus", crash)
    result = _run("convert", str(notes), str(tmp_path / "out.jsonl"), "--text-field", "text")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("phisift: internal error (KeyError at ")
    assert NAME not in result.stderr and "Traceback" not in result.stderr
    reports = list(private_tmp.glob("phisift-crash-*.txt"))
    assert len(reports) == 1 and str(reports[0]) in lines[0]
    assert stat.S_IMODE(reports[0].stat().st_mode) == 0o600
    text = reports[0].read_text()
    assert NAME not in text and str(notes) not in text
    assert "builtins.KeyError" in text and "cli/corpus.py" in text and "in convert" in text
    assert "command: phisift convert --text-field\n" in text


def test_crash_report_follows_the_cause_chain_without_messages():
    try:
        try:
            raise ValueError(NAME)
        except ValueError as inner:
            raise RuntimeError(NAME) from inner
    except RuntimeError as exc:
        text = crash_report_text(exc, ["deid", "notes.jsonl", "--mode=tag"], {"deid"})
    assert NAME not in text and "notes.jsonl" not in text and "tag" not in text
    assert text.index("builtins.ValueError") < text.index("builtins.RuntimeError")
    assert "command: phisift deid --mode\n" in text


def test_interrupt_is_one_line_and_exit_130(notes, tmp_path, monkeypatch):
    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(phisift.formats, "read_corpus", interrupt)
    result = _run("convert", str(notes), str(tmp_path / "out.jsonl"))
    assert result.exit_code == 130 and result.stderr == "phisift: interrupted\n"


def test_typer_usage_errors_keep_their_own_message():
    result = _run("bogus")
    assert result.exit_code == 2 and "No such command 'bogus'" in result.stderr and "internal" not in result.stderr


# --------------------------------------------------------------------------- progress
def test_rich_reporter_is_a_reporter_and_draws_tasks_and_notes(monkeypatch):
    import phisift.cli.console as console

    screen = io.StringIO()
    monkeypatch.setattr(console, "err", Console(file=screen, width=100, force_terminal=False))
    reporter = RichReporter()
    assert isinstance(reporter, Reporter)
    with reporter:
        reporter.note("fitting the frequency detector")
        reporter.start("masking", total=4)
        reporter.advance(3, loss=2.5)
        reporter.advance()
        reporter.start("filling", total=None)  # a new task closes the last one
        reporter.advance(2)
    reporter.finish()  # finishing twice is harmless
    shown = screen.getvalue()
    assert "fitting the frequency detector" in shown
    assert "masking" in shown and "4/4" in shown and "loss 2.5" in shown
    assert "filling" in shown and "2/?" in shown


# --------------------------------------------------------------------------- entry points
@pytest.mark.parametrize("module", ["phisift", "phisift.cli"])
def test_python_dash_m_runs_the_command_line(module, tmp_path):
    result = subprocess.run([sys.executable, "-m", module, "--version"], capture_output=True, text=True,
                            cwd=tmp_path, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("phisift ")


def test_input_error_str_is_what_the_user_sees():
    assert bad_input_line(InputError("bad offsets", "a.jsonl", line=3)) == "a.jsonl:3: bad offsets"


def test_say_prints_brackets_as_written(monkeypatch):
    import phisift.cli.console as console

    screen = io.StringIO()
    monkeypatch.setattr(console, "err", Console(file=screen, width=200))
    console.say("note: no charts (pip install 'phisift[learn]'); tags look like [PATIENT]")
    assert screen.getvalue() == "note: no charts (pip install 'phisift[learn]'); tags look like [PATIENT]\n"
