"""The clinical sources on the command line: FHIR, HL7 v2, SQL and pipes through ``deid``/``detect``,
site rules in the config, ``phisift entities``, ``phisift config``, ``--verbose``/``--quiet``."""

from __future__ import annotations

import base64
import json
import signal
import sqlite3
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_sources import HL7_MESSAGES, HL7_PHI, NOTE_PHI, PATIENT_PHI, all_text, bundle  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "sources"


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "phisift.cli", *args], capture_output=True, text=True,
                          input=stdin, cwd=cwd, timeout=600)


def ok(*args: str, **kw) -> subprocess.CompletedProcess:
    res = run(*args, **kw)
    assert res.returncode == 0, res.stderr
    return res


FAST = ("--detectors", "rules,lexicon")


def fixed_key(path: Path) -> Path:
    """A key file with a fixed secret: surrogate runs give the same output every time."""
    path.write_text("c0ffee42" * 8 + "\n")
    path.chmod(0o600)
    return path


# --------------------------------------------------------------------------- FHIR and HL7
def test_deid_fhir_bundle_tag(tmp_path):
    from fhir.resources.R4B.bundle import Bundle

    (tmp_path / "bundle.json").write_text(json.dumps(bundle()))
    ok("deid", str(tmp_path / "bundle.json"), str(tmp_path / "out.json"), "--mode", "tag", "--store",
       str(tmp_path / "s.db"), cwd=tmp_path)
    out = json.loads((tmp_path / "out.json").read_text())
    Bundle.model_validate(out)
    seen = all_text(out)
    assert [phi for phi in PATIENT_PHI + NOTE_PHI if phi in seen] == []
    note = base64.b64decode(out["entry"][1]["resource"]["content"][0]["attachment"]["data"]).decode()
    assert note.startswith("Seen by Dr. [DOCTOR] on [DATE].")


def test_deid_fhir_ndjson_surrogate_per_patient(tmp_path):
    lines = "".join(json.dumps(e["resource"]) + "\n" for e in bundle()["entry"])
    (tmp_path / "export.ndjson").write_text(lines)
    ok("deid", str(tmp_path / "export.ndjson"), str(tmp_path / "out.ndjson"), "--mode", "surrogate",
       "--key-file", str(fixed_key(tmp_path / "k.key")), "--store", str(tmp_path / "s.db"), *FAST, cwd=tmp_path)
    patient, doc, obs = [json.loads(line) for line in (tmp_path / "out.ndjson").read_text().splitlines()]
    note = base64.b64decode(doc["content"][0]["attachment"]["data"]).decode()
    name = patient["name"][0]
    assert f"{name['given'][0]} {name['family']}" in note  # the Patient's surrogate is the note's
    assert [phi for phi in PATIENT_PHI + NOTE_PHI if phi in all_text([patient, doc, obs])] == []


def test_deid_hl7_surrogate(tmp_path):
    (tmp_path / "in.hl7").write_text(HL7_MESSAGES)
    ok("deid", str(tmp_path / "in.hl7"), str(tmp_path / "out.hl7"), "--mode", "surrogate", "--key-file",
       str(fixed_key(tmp_path / "K")), "--store", str(tmp_path / "s.db"), cwd=tmp_path)
    out = (tmp_path / "out.hl7").read_text()
    # each message against its own patient's PHI: a surrogate may by chance be another patient's name
    first, second = out.split("\n\n")
    assert [phi for phi in HL7_PHI[:-4] if phi in first] == []
    assert [phi for phi in HL7_PHI[-4:] if phi in second] == []
    assert [line.split("|")[0] for line in out.splitlines()] == [line.split("|")[0] for line in
                                                                  HL7_MESSAGES.splitlines()]


def test_detect_fhir_gives_the_patient_fields_as_spans(tmp_path):
    (tmp_path / "bundle.json").write_text(json.dumps(bundle()))
    ok("detect", str(tmp_path / "bundle.json"), "-o", str(tmp_path / "spans.jsonl"), "--store",
       str(tmp_path / "s.db"), *FAST, cwd=tmp_path)
    spans = {r["id"]: r["spans"] for r in map(json.loads, (tmp_path / "spans.jsonl").read_text().splitlines())}
    assert len(spans["Patient/p1"]) == 11  # every Patient field, as given
    assert {s["label"] for s in spans["DocumentReference/d1/content/0"]} >= {"DOCTOR", "DATE", "PATIENT"}


# --------------------------------------------------------------------------- SQL
def make_db(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE note (note_id INTEGER PRIMARY KEY, person_id INTEGER, note_date TEXT, "
                   "note_text TEXT)")
        db.executemany("INSERT INTO note VALUES (?, ?, ?, ?)", [
            (1, 101, "2021-03-04", "Seen by Dr. John Smith on 03/04/2021. Margaret Whitfield is well."),
            (2, 101, "2021-03-05", "Margaret Whitfield called 617-555-0199."),
            (3, 202, "2021-04-01", "Jane Doe seen on 04/01/2021."),
        ])


def test_deid_sqlite_to_sqlite(tmp_path):
    make_db(tmp_path / "in.db")
    ok("deid", f"sqlite:///{tmp_path}/in.db", f"sqlite:///{tmp_path}/out.db", "--table", "note", "--text-field",
       "note_text", "--id-field", "note_id", "--patient-field", "person_id", "--mode", "tag", "--store",
       str(tmp_path / "s.db"), cwd=tmp_path)
    with sqlite3.connect(tmp_path / "out.db") as db:
        rows = db.execute("SELECT note_id, person_id, note_date, note_text FROM note ORDER BY note_id").fetchall()
    assert [(r[0], r[2]) for r in rows] == [(1, "2021-03-04"), (2, "2021-03-05"), (3, "2021-04-01")]
    # the patient field is written as a keyed pseudonym (issue 17), the same for the same patient
    assert rows[0][1] == rows[1][1] != rows[2][1] and 101 not in (rows[0][1], rows[1][1])
    texts = " ".join(r[3] for r in rows)
    assert [phi for phi in ("John Smith", "Margaret", "Whitfield", "617-555-0199", "Jane Doe", "03/04/2021")
            if phi in texts] == []
    again = run("deid", f"sqlite:///{tmp_path}/in.db", f"sqlite:///{tmp_path}/out.db", "--mode", "tag",
                "--store", str(tmp_path / "s.db"), cwd=tmp_path)
    assert again.returncode == 2 and "exists" in again.stderr and "Traceback" not in again.stderr
    ok("deid", f"sqlite:///{tmp_path}/in.db", f"sqlite:///{tmp_path}/in.db", "--out-table", "note_deid",
       "--mode", "tag", "--store", str(tmp_path / "s.db"), *FAST, cwd=tmp_path)
    with sqlite3.connect(tmp_path / "in.db") as db:
        assert db.execute("SELECT COUNT(*) FROM note_deid").fetchone()[0] == 3


def test_sql_errors_are_one_line(tmp_path):
    make_db(tmp_path / "in.db")
    res = run("deid", f"sqlite:///{tmp_path}/in.db", str(tmp_path / "o.jsonl"), "--table", "notes", "--mode",
              "tag", cwd=tmp_path)
    assert res.returncode == 2 and "no table 'notes'" in res.stderr and "Traceback" not in res.stderr
    res = run("deid", "postgresql://me:hunter2@127.0.0.1:1/db", str(tmp_path / "o.jsonl"), "--mode", "tag",
              cwd=tmp_path)
    assert res.returncode == 2 and "hunter2" not in res.stderr and "Traceback" not in res.stderr


# --------------------------------------------------------------------------- pipes
def test_pipe_plain_text():
    res = ok("deid", "-", "-", "--mode", "tag", stdin="Seen by Dr. John Smith")
    assert res.stdout == "Seen by Dr. [DOCTOR]"


def test_pipe_jsonl_detect(tmp_path):
    lines = (EXAMPLES / "notes.jsonl").read_text()
    res = ok("detect", "-", "--in-format", "jsonl", "-o", "-", "--store", str(tmp_path / "s.db"), *FAST,
             stdin=lines, cwd=tmp_path)
    assert [json.loads(line)["id"] for line in res.stdout.splitlines()] == ["v1", "v2"]


def test_pipe_fhir_to_stdout(tmp_path):
    res = ok("deid", str(EXAMPLES / "bundle.json"), "-", "--mode", "tag", "--store", str(tmp_path / "s.db"),
             *FAST, cwd=tmp_path)
    assert json.loads(res.stdout)["resourceType"] == "Bundle"


# --------------------------------------------------------------------------- site rules, entities, config
def test_detect_with_site_recognizer(tmp_path):
    (tmp_path / "site.toml").write_text('[[recognizers]]\nlabel = "IDNUM"\npattern = \'STUDY-\\d{6}\'\nscore = 0.9\n')
    (tmp_path / "notes.jsonl").write_text(json.dumps({"id": "n1", "text": "Enrolled in STUDY-123456 today."}) + "\n")
    ok("detect", str(tmp_path / "notes.jsonl"), "-o", str(tmp_path / "spans.jsonl"), "--config",
       str(tmp_path / "site.toml"), "--store", str(tmp_path / "s.db"), cwd=tmp_path)
    spans = json.loads((tmp_path / "spans.jsonl").read_text())["spans"]
    assert {"start": 12, "end": 24, "label": "IDNUM"} in spans


def test_site_allow_deny_and_thresholds_in_a_run(tmp_path):
    ok("deid", str(EXAMPLES / "notes.jsonl"), str(tmp_path / "out.jsonl"), "--mode", "tag", "--config",
       str(EXAMPLES / "site.toml"), "--store", str(tmp_path / "s.db"), cwd=tmp_path)
    texts = [json.loads(line)["text"] for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert "[IDNUM]" in texts[0] and "Bell ward" in texts[0]  # recognizer; allow list
    assert "[PATIENT] reports" in texts[1]  # deny list


def test_bad_site_rule_is_one_line(tmp_path):
    (tmp_path / "site.toml").write_text('[[recognizers]]\nlabel = "IDNUM"\npattern = "("\n')
    res = run("detect", str(EXAMPLES / "notes.jsonl"), "-o", str(tmp_path / "s.jsonl"), "--config",
              str(tmp_path / "site.toml"), cwd=tmp_path)
    assert res.returncode == 2 and "site.toml" in res.stderr and "recognizers[0]" in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


def test_entities_lists_labels_categories_and_detectors(tmp_path):
    res = ok("entities", "--json", "--config", str(EXAMPLES / "site.toml"))
    rows = {r["label"]: r for r in map(json.loads, res.stdout.splitlines())}
    assert rows["PATIENT"]["safe_harbor"] == "(A) names"
    assert {"rules", "lexicon", "model", "site"} <= set(rows["PATIENT"]["detectors"])
    assert rows["IDNUM"]["enabled"][-1] == "site"
    assert rows["OTHER"]["detectors"] == ["frequency"] and rows["OTHER"]["enabled"] == []
    table = ok("entities").stdout
    assert "PATIENT" in table and "Safe Harbor" in table


def test_config_prints_the_effective_configuration(tmp_path):
    res = ok("config", "--config", str(EXAMPLES / "site.toml"), "--mode", "tag")
    cfg = tomllib.loads(res.stdout)
    assert cfg["replace"]["mode"] == "tag"
    assert cfg["recognizers"][0]["pattern"] == r"STUDY-\d{6}"
    (tmp_path / "again.toml").write_text(res.stdout)
    again = ok("config", "--config", str(tmp_path / "again.toml"), "--mode", "tag")
    assert tomllib.loads(again.stdout) == cfg  # what it prints is a config that gives itself back


# --------------------------------------------------------------------------- verbosity
def test_quiet_and_verbose(tmp_path):
    args = ("deid", str(EXAMPLES / "notes.jsonl"), "--mode", "tag", "--store", str(tmp_path / "s.db"), *FAST)
    quiet = ok("--quiet", *args[:2], str(tmp_path / "q.jsonl"), *args[2:], cwd=tmp_path)
    assert quiet.stderr == ""
    normal = ok(*args[:2], str(tmp_path / "n.jsonl"), *args[2:], cwd=tmp_path)
    verbose = ok("--verbose", *args[:2], str(tmp_path / "v.jsonl"), *args[2:], cwd=tmp_path)
    assert "de-identified 2 documents" in normal.stderr
    assert len(verbose.stderr.splitlines()) > len(normal.stderr.splitlines())
    assert "Zorblat" not in verbose.stderr and "STUDY-123456" not in verbose.stderr  # no PHI, even verbose


# --------------------------------------------------------------------------- resuming a database run
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_sqlite_run_killed_then_resumed_gives_the_same_table(tmp_path):
    from test_resume import done_count, kill_after_some_done

    from phisift.synth import generate_notes

    with sqlite3.connect(tmp_path / "in.db") as db:
        db.execute("CREATE TABLE note (note_id INTEGER PRIMARY KEY, person_id TEXT, note_text TEXT)")
        db.executemany("INSERT INTO note VALUES (?, ?, ?)",
                       [(i, f"p{i % 30}", d.text) for i, d in enumerate(generate_notes(600, seed=5))])

    def args(out: str, store: str) -> list[str]:
        return [sys.executable, "-m", "phisift.cli", "deid", f"sqlite:///{tmp_path}/in.db",
                f"sqlite:///{tmp_path}/{out}", "--patient-field", "person_id", "--mode", "surrogate",
                "--key-file", str(tmp_path / "k.key"), "--store", str(tmp_path / store), *FAST]

    ref = subprocess.run(args("ref.db", "ref-store.db"), capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert ref.returncode == 0, ref.stderr
    killed_at = kill_after_some_done(args("out.db", "store.db"), tmp_path / "store.db")
    assert 0 < killed_at < 600
    assert not (tmp_path / "out.db").exists() or not sqlite3.connect(tmp_path / "out.db").execute(
        "SELECT name FROM sqlite_master WHERE name = 'note'").fetchall()  # no output table before the end
    done = subprocess.run(args("out.db", "store.db"), capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0 and "resuming an unfinished run" in done.stderr
    rows = {}
    for name in ("ref.db", "out.db"):
        with sqlite3.connect(tmp_path / name) as db:
            rows[name] = db.execute("SELECT * FROM note ORDER BY note_id").fetchall()
    assert rows["out.db"] == rows["ref.db"] and len(rows["ref.db"]) == 600
    assert done_count(tmp_path / "store.db") == 0


@pytest.mark.parametrize("name, phi", [("messages.hl7", HL7_PHI), ("bundle.json", PATIENT_PHI + NOTE_PHI)])
def test_deid_to_jsonl_leaves_the_sources_identifiers_behind(tmp_path, name, phi):
    """Written as JSONL, a de-identified FHIR or HL7 document carries no known identifiers nor the MRN
    that named its patient (the bookkeeping meta holds only skeletons with those places blanked)."""
    ok("deid", str(EXAMPLES / name), str(tmp_path / "out.jsonl"), "--mode", "tag", "--store",
       str(tmp_path / "s.db"), *FAST, cwd=tmp_path)
    out = (tmp_path / "out.jsonl").read_text()
    assert [p for p in phi if p in out] == [] and "_known_phi" not in out and '"_patient"' not in out
