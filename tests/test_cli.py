"""The command line as a user meets it: help with examples, exit codes, one-line errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from phisift.document import Document, Span
from phisift.formats import write_corpus

COMMANDS = ["convert", "eval", "detect", "deid"]


def run(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "phisift.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )


@pytest.fixture()
def corpus(tmp_path):
    docs = [
        Document("a", "John Smith saw Mary Jones on 03/04/2021 in Boston.",
                 (Span(0, 10, "PATIENT"), Span(15, 25, "DOCTOR"), Span(29, 39, "DATE"), Span(43, 49, "CITY"))),
        Document("b", "Call 617-555-1234 today.", (Span(5, 17, "PHONE"),)),
    ]
    path = tmp_path / "gold.jsonl"
    write_corpus(docs, path)
    return path


def test_help_shows_examples():
    top = run("--help")
    assert top.returncode == 0 and "Example" in top.stdout
    for command in COMMANDS:
        res = run(command, "--help")
        assert res.returncode == 0, command
        assert "Example" in res.stdout and "phisift " + command in res.stdout, command


def test_eval_gold_against_itself_is_one(corpus):
    res = run("eval", str(corpus), str(corpus), "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    for key in ("token", "entity_strict"):
        assert data[key]["precision"] == data[key]["recall"] == data[key]["f1"] == 1.0
    assert data["entity_overlap_recall"] == 1.0


def test_eval_prints_its_tables(corpus):
    """What `make demo` runs: the plain (not --json) report with the per-label table."""
    res = run("eval", str(corpus), str(corpus), "--by-label")
    assert res.returncode == 0, res.stderr
    assert "by label" in res.stdout and "Traceback" not in res.stderr


def test_eval_of_spans_only_predictions(corpus, tmp_path):
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"id": "a", "spans": [{"start": 0, "end": 10, "label": "PATIENT"}]}) + "\n")
    data = json.loads(run("eval", str(corpus), str(pred), "--json", "--by-label").stdout)
    assert data["entity_strict"]["tp"] == 1 and data["entity_strict"]["fn"] == 4
    assert data["token"]["tp"] == 2 and data["token"]["fn"] == 9
    assert data["by_label"]["PATIENT"]["token_recall"] == 1.0


def test_convert_round_trip_through_brat_and_i2b2(corpus, tmp_path):
    assert run("convert", str(corpus), str(tmp_path / "brat"), "--to", "brat").returncode == 0
    assert run("convert", str(tmp_path / "brat"), str(tmp_path / "x"), "--to", "i2b2").returncode == 0
    assert run("convert", str(tmp_path / "x"), str(tmp_path / "back.jsonl")).returncode == 0
    data = json.loads(run("eval", str(corpus), str(tmp_path / "back.jsonl"), "--json").stdout)
    assert data["entity_strict"]["f1"] == 1.0


@pytest.mark.parametrize(
    "make, expect",
    [
        (lambda p: p / "missing.jsonl", "missing.jsonl"),
        (lambda p: (p / "bad.jsonl").write_text('{"id": "x", "text": "a"}\n{oops\n') and p / "bad.jsonl", "bad.jsonl:2"),
        (lambda p: (p / "bin.jsonl").write_bytes(b"\xff\xfe\x00\x01garbage") and p / "bin.jsonl", "bin.jsonl"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, make, expect):
    path = make(tmp_path)
    res = run("convert", str(path), str(tmp_path / "out.jsonl"))
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and expect in lines[0] and "Traceback" not in res.stderr
    assert not (tmp_path / "out.jsonl").exists()


def test_output_inside_input_is_refused(corpus, tmp_path):
    res = run("convert", str(corpus), str(corpus))
    assert res.returncode == 2 and "overwrite" in res.stderr
    before = corpus.read_bytes()
    assert corpus.read_bytes() == before


def test_unknown_label_map_is_a_clear_error(corpus):
    res = run("eval", str(corpus), str(corpus), "--label-map", "nosuchmap")
    assert res.returncode == 2 and "nosuchmap" in res.stderr and "Traceback" not in res.stderr


@pytest.fixture()
def visits(tmp_path):
    notes = [
        ("v1", "p1", "Mr. John Smith was seen on 03/04/2021 by Dr. Alice Brown."),
        ("v2", "p1", "John Smith returned on 03/14/2021; call 617-555-1234."),
        ("v3", "p2", "Mr. John Smith (another patient) seen on 03/04/2021."),
    ]
    path = tmp_path / "visits.jsonl"
    path.write_text("".join(json.dumps({"id": i, "text": t, "mrn": p}) + "\n" for i, p, t in notes))
    return path


def _texts(path):
    return {json.loads(line)["id"]: json.loads(line)["text"] for line in path.read_text().splitlines()}


def test_deid_surrogates_consistent_per_patient_across_notes_and_runs(visits, tmp_path):
    key = tmp_path / "keys" / "k"
    args = ["--mode", "surrogate", "--key-file", str(key), "--patient-field", "mrn", "--store", str(tmp_path / "s.db")]
    res = run("deid", str(visits), str(tmp_path / "out1.jsonl"), *args, "--spans", str(tmp_path / "found.jsonl"))
    assert res.returncode == 0, res.stderr
    assert "created a new secret key" in res.stderr
    assert run("deid", str(visits), str(tmp_path / "out2.jsonl"), *args, "--jobs", "2").returncode == 0
    out1, out2 = _texts(tmp_path / "out1.jsonl"), _texts(tmp_path / "out2.jsonl")
    assert out1 == out2  # same key: same output, whatever the number of workers
    # whole words: a surrogate such as "Johnson" is fine, "John" or "Smith" would be a leak
    assert all(not re.search(r"\b(John|Smith)\b", t) and "03/04/2021" not in t for t in out1.values())
    surname = lambda t: re.search(r"(?:Mr\. )?\w+ (\w+)", t).group(1)  # noqa: E731
    # same patient, same surrogate; unless it is a PHI word of v1 (Brown: the doctor), which v1 then avoids
    first, second = surname(out1["v1"].split("Mr. ")[1]), surname(out1["v2"])
    assert first == second or second.lower() in {"alice", "brown"}
    assert out1["v1"].split(" was")[0] != out1["v3"].split(" (")[0]  # another patient, another one
    # the 10-day interval between the two visits of p1 is kept
    d1 = re.search(r"\d\d/\d\d/\d{4}", out1["v1"]).group()
    d2 = re.search(r"\d\d/\d\d/\d{4}", out1["v2"]).group()
    from datetime import datetime

    delta = datetime.strptime(d2, "%m/%d/%Y") - datetime.strptime(d1, "%m/%d/%Y")
    assert delta.days == 10
    found = [json.loads(line) for line in (tmp_path / "found.jsonl").read_text().splitlines()]
    assert [f["id"] for f in found] == ["v1", "v2", "v3"] and found[0]["spans"]
    rows = [json.loads(line) for line in (tmp_path / "out1.jsonl").read_text().splitlines()]
    # the patient field is a keyed pseudonym (issue 17): the same for one patient, never the value itself
    assert rows[0]["mrn"] == rows[1]["mrn"] != rows[2]["mrn"] and "p1" not in {r["mrn"] for r in rows}


@pytest.mark.parametrize("mode, marker", [("tag", "[PATIENT]"), ("mask", "*****"), ("redact", "Mr.  was")])
def test_deid_modes(visits, tmp_path, mode, marker):
    out = tmp_path / f"{mode}.jsonl"
    res = run("deid", str(visits), str(out), "--mode", mode, "--store", str(tmp_path / "s.db"))
    assert res.returncode == 0, res.stderr
    assert marker in _texts(out)["v1"]


def test_detect_writes_spans_with_input_offsets(visits, tmp_path):
    out = tmp_path / "spans.jsonl"
    res = run("detect", str(visits), "-o", str(out), "--store", str(tmp_path / "s.db"))
    assert res.returncode == 0, res.stderr
    text = _texts(visits)["v1"]
    spans = json.loads(out.read_text().splitlines()[0])["spans"]
    assert {text[s["start"]:s["end"]] for s in spans} >= {"John Smith", "03/04/2021", "Alice Brown"}


def test_deid_csv_without_the_column_is_a_clear_error(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("id,note\n1,hello\n")
    res = run("deid", str(path), str(tmp_path / "o.csv"), "--mode", "tag", "--store", str(tmp_path / "s.db"))
    assert res.returncode == 2 and "t.csv:1" in res.stderr and "'text'" in res.stderr and "--text-field" in res.stderr
    assert not (tmp_path / "o.csv").exists()


def test_missing_input_is_named_and_creates_no_key(tmp_path):
    """A mistyped input path says so (also without a suffix), before any key file is created."""
    key = tmp_path / "k.key"
    for missing in (tmp_path / "nope.jsonl", tmp_path / "nope"):
        res = run("deid", str(missing), str(tmp_path / "out"), "--key-file", str(key), "--store", str(tmp_path / "s"))
        assert res.returncode == 2 and "no such file or folder" in res.stderr and "Traceback" not in res.stderr
        assert not key.exists()
