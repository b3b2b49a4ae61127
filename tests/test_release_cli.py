"""Issue 17 on the command line: record fields, ids, file names, patients of a folder,
known identifiers and given spans (build items 1, 5, 6) and the audit of the result."""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys

import pytest

from phisift.document import Document
from phisift.formats import write_corpus
from test_privacy import EVERY_LABEL, EVERY_LABEL_MARKS, spans_of


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "phisift.cli", *args], capture_output=True, text=True, timeout=300)


def deid(tmp_path, *args: str) -> subprocess.CompletedProcess:
    res = run("deid", *args, "--key-file", str(tmp_path / "keys" / "k"), "--store", str(tmp_path / "s.db"))
    assert res.returncode == 0, res.stderr
    return res


# --- item 1: metadata, ids and file names ----------------------------------------------
def test_the_patient_field_of_a_csv_is_pseudonymised(tmp_path):
    """The issue's reproduction: `123` stayed in the output row."""
    (tmp_path / "v.csv").write_text('id,mrn,note\n1,123,"Pt John Smith 1/2/2020"\n')
    deid(tmp_path, str(tmp_path / "v.csv"), str(tmp_path / "o.csv"), "--text-field", "note", "--patient-field", "mrn")
    row = next(csv.DictReader((tmp_path / "o.csv").open()))
    assert row["mrn"] != "123" and re.fullmatch(r"patient-[0-9a-f]{16}", row["mrn"])
    # 123 as a value of its own (a random key's hex pseudonym may hold the digits "123" by chance)
    assert not re.search(r"(?<![0-9a-f])123(?![0-9a-f])", (tmp_path / "o.csv").read_text())
    assert "John" not in row["note"]  # columns keep their names
    deid(tmp_path, str(tmp_path / "v.csv"), str(tmp_path / "o2.csv"), "--text-field", "note", "--patient-field", "mrn")
    assert next(csv.DictReader((tmp_path / "o2.csv").open()))["mrn"] == row["mrn"]  # keyed: stable across runs


def test_other_fields_are_pseudonymised_or_dropped_on_request(tmp_path):
    rows = [{"id": "a", "text": "Seen 03/04/2021.", "mrn": "77", "visit": "V-981", "name": "Ann Lee", "ward": "4B"}]
    (tmp_path / "n.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    deid(tmp_path, str(tmp_path / "n.jsonl"), str(tmp_path / "o.jsonl"), "--mode", "tag", "--patient-field", "mrn",
         "--pseudonymise-field", "visit", "--drop-field", "name")
    out = json.loads((tmp_path / "o.jsonl").read_text())
    assert out["mrn"] != "77" and out["visit"] != "V-981" and "name" not in out and out["ward"] == "4B"
    assert "Ann" not in (tmp_path / "o.jsonl").read_text()


def test_file_names_holding_phi_are_replaced_unless_kept(tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "OConnell-Whitfield_Margaret_00482913.txt").write_text(
        "Patient: Margaret O'Connell-Whitfield\nMRN: 00482913\nSeen 03/04/2021.\n")
    (notes / "note_0002.txt").write_text("Patient: John Smith\nSeen 03/05/2021.\n")
    deid(tmp_path, str(notes), str(tmp_path / "out"))
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert "note_0002.txt" in names and not any("OConnell" in n or "00482913" in n for n in names)
    assert any(re.fullmatch(r"doc-[0-9a-f]{16}\.txt", n) for n in names)
    deid(tmp_path, str(notes), str(tmp_path / "kept"), "--keep-ids")
    assert "OConnell-Whitfield_Margaret_00482913.txt" in {p.name for p in (tmp_path / "kept").iterdir()}


def test_a_file_name_naming_a_person_the_note_never_mentions_is_replaced(tmp_path):
    """The note says only "the patient"; its file name still names her: no span of the note gives it away,
    so the name lists do. Names of records (note, report, page, dev) are no person's."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "Whitfield_Margaret_0048.txt").write_text("The patient was seen today for a cough.\n")
    (notes / "KimNotes-2.txt").write_text("Follow-up visit, no change.\n")
    for opaque in ("note_0002.txt", "dev-0001.txt", "discharge_summary_7.txt", "doc_page_3.txt"):
        (notes / opaque).write_text("Seen for a cough.\n")
    deid(tmp_path, str(notes), str(tmp_path / "out"))
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert not any("Margaret" in n or "Whitfield" in n or "Kim" in n for n in names), names
    assert sum(bool(re.fullmatch(r"doc-[0-9a-f]{16}\.txt", n)) for n in names) == 2
    assert {"note_0002.txt", "dev-0001.txt", "discharge_summary_7.txt", "doc_page_3.txt"} <= set(names)


def test_the_spans_file_takes_the_output_ids_on_request(tmp_path):
    """``--spans``: the input's ids by default (its offsets are into the input; --from-spans and eval match them),
    with a note naming how many of them the output replaced; ``--spans-ids output`` writes the output's
    pseudonyms, so the spans file names no patient either; the default spans file feeds --from-spans."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "OConnell-Whitfield_Margaret_00482913.txt").write_text(
        "Patient: Margaret O'Connell-Whitfield\nMRN: 00482913\nSeen 03/04/2021.\n")
    (notes / "note_0002.txt").write_text("Patient: John Smith\nSeen 03/05/2021.\n")
    res = deid(tmp_path, str(notes), str(tmp_path / "out.jsonl"), "--spans", str(tmp_path / "in-ids.jsonl"))
    ids = [json.loads(line)["id"] for line in (tmp_path / "in-ids.jsonl").read_text().splitlines()]
    assert "OConnell-Whitfield_Margaret_00482913" in ids and "note_0002" in ids
    assert "the spans file keeps the input's ids of 1 document " in res.stderr and "--spans-ids output" in res.stderr
    deid(tmp_path, str(notes), str(tmp_path / "out2.jsonl"), "--spans", str(tmp_path / "out-ids.jsonl"),
         "--spans-ids", "output")
    text = (tmp_path / "out-ids.jsonl").read_text()
    assert "OConnell" not in text and "00482913" not in text and "Margaret" not in text
    out_ids = [json.loads(line)["id"] for line in (tmp_path / "out2.jsonl").read_text().splitlines()]
    assert [json.loads(line)["id"] for line in text.splitlines()] == out_ids
    assert re.fullmatch(r"doc-[0-9a-f]{16}", out_ids[0]) and out_ids[1] == "note_0002"
    # the input-id spans file is the one that replays on the input
    deid(tmp_path, str(notes), str(tmp_path / "out3.jsonl"), "--from-spans", str(tmp_path / "in-ids.jsonl"))
    def texts(name):
        return [(r["id"], r["text"]) for r in map(json.loads, (tmp_path / name).read_text().splitlines())]

    assert texts("out3.jsonl") == texts("out.jsonl")
    bad = run("deid", str(notes), str(tmp_path / "out4.jsonl"), "--spans-ids", "output")
    assert bad.returncode == 2 and "--spans-ids goes with --spans" in bad.stderr


# --- item 8: a folder of notes names its patient ---------------------------------------
def _two_notes_of_one_patient(folder):
    folder.mkdir()
    (folder / "P0042_visit1.txt").write_text("Patient: Adele Gabba\nSeen 03/04/2021.\n")
    (folder / "P0042_visit2.txt").write_text("Patient: Adele Gabba\nSeen 03/14/2021.\n")
    (folder / "P0043_visit1.txt").write_text("Patient: Adele Gabba\nSeen 03/04/2021.\n")


def _patient_line(path) -> str:
    return path.read_text().splitlines()[0]


def test_a_folder_names_its_patient_by_a_file_name_pattern(tmp_path):
    _two_notes_of_one_patient(tmp_path / "notes")
    deid(tmp_path, str(tmp_path / "notes"), str(tmp_path / "out"), "--patient-from-name", r"^(P\d+)_")
    files = sorted((tmp_path / "out").iterdir())
    assert len(files) == 3 and not any("P004" in f.name for f in files)  # the names held the patient key
    texts = {f.read_text() for f in files}
    lines = [t.splitlines()[0] for t in texts]
    assert all("Gabba" not in line for line in lines)
    assert len(set(lines)) == 2  # P0042's two notes agree, P0043 differs
    dates = sorted(re.search(r"\d\d/\d\d/\d{4}", t).group() for t in texts if lines.count(t.splitlines()[0]) == 2)
    from datetime import datetime

    assert (datetime.strptime(dates[1], "%m/%d/%Y") - datetime.strptime(dates[0], "%m/%d/%Y")).days in (10, -10)


def test_a_folder_names_its_patient_through_a_mapping_file(tmp_path):
    _two_notes_of_one_patient(tmp_path / "notes")
    (tmp_path / "map.csv").write_text("file,patient\nP0042_visit1.txt,A\nP0042_visit2.txt,A\nP0043_visit1.txt,B\n")
    deid(tmp_path, str(tmp_path / "notes"), str(tmp_path / "out"), "--patient-map", str(tmp_path / "map.csv"))
    lines = [_patient_line(f) for f in (tmp_path / "out").iterdir()]
    assert len(set(lines)) == 2 and all("Gabba" not in line for line in lines)


# --- build item 5: known identifiers ---------------------------------------------------
def test_known_phi_finds_every_variant_and_never_crosses_patients(tmp_path):
    notes = [
        {"id": "n1", "mrn": "A1", "text": "Pt OCONNELL-WHITFIELD, MARGARET seen. Margaret's MRN 0048-2913; "
                                          "born 5/2/1931. Mrs. Whitfield agrees."},
        {"id": "n2", "mrn": "B2", "text": "Seen with Whitfield consult; Margaret the nurse; MRN 0048-2913."},
    ]
    (tmp_path / "n.jsonl").write_text("".join(json.dumps(n) + "\n" for n in notes))
    (tmp_path / "known.jsonl").write_text(json.dumps({"patient": "A1", "phi": [
        {"label": "PATIENT", "text": "Margaret O'Connell-Whitfield"}, {"label": "DATE", "text": "1931-05-02"},
        {"label": "MEDICALRECORD", "text": "00482913"}]}) + "\n")
    deid(tmp_path, str(tmp_path / "n.jsonl"), str(tmp_path / "o.jsonl"), "--mode", "tag", "--patient-field", "mrn",
         "--known-phi", str(tmp_path / "known.jsonl"), "--detectors", "rules", "--spans", str(tmp_path / "s.jsonl"))
    out = [json.loads(line)["text"] for line in (tmp_path / "o.jsonl").read_text().splitlines()]
    assert not re.search(r"(?i)margaret|whitfield|0048-2913|5/2/1931", out[0]), out[0]
    assert "Whitfield" in out[1] and "Margaret" in out[1]  # another patient: the known values do not apply


# --- build item 6: given spans, and the audit ---------------------------------------------
def test_from_spans_in_surrogate_mode_leaves_no_gold_phi_verbatim(tmp_path):
    gold = [Document(f"n{i}", EVERY_LABEL, tuple(spans_of(EVERY_LABEL, EVERY_LABEL_MARKS)), meta={"mrn": f"p{i}"})
            for i in range(3)]
    write_corpus(gold, tmp_path / "gold.jsonl")
    text_only = [Document(d.id, d.text, meta=d.meta) for d in gold]
    write_corpus(text_only, tmp_path / "notes.jsonl")
    # A fresh random key each run: it once left one string in about one run in ten (a reshaped
    # number or IP address writing the note's age "67" as a token); test_privacy's
    # test_no_surrogate_writes_a_phi_string_of_its_note_under_any_key checks 200 keys.
    (tmp_path / "keys").mkdir()
    (tmp_path / "keys" / "k").write_text(os.urandom(32).hex() + "\n")
    (tmp_path / "keys" / "k").chmod(0o600)
    deid(tmp_path, str(tmp_path / "notes.jsonl"), str(tmp_path / "o.jsonl"), "--mode", "surrogate",
         "--from-spans", str(tmp_path / "gold.jsonl"), "--patient-field", "mrn")
    res = run("audit", str(tmp_path / "gold.jsonl"), str(tmp_path / "o.jsonl"), "--json", "--min-chars", "1")
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["phi_strings"] == 3 * len(EVERY_LABEL_MARKS) and report["survived"] == 0, report


def test_from_spans_replaces_exactly_the_given_spans(tmp_path):
    write_corpus([Document("a", "John Smith and Mary Jones.")], tmp_path / "notes.jsonl")
    (tmp_path / "spans.jsonl").write_text(json.dumps({"id": "a", "spans": [{"start": 0, "end": 10,
                                                                            "label": "PATIENT"}]}) + "\n")
    deid(tmp_path, str(tmp_path / "notes.jsonl"), str(tmp_path / "o.jsonl"), "--mode", "tag",
         "--from-spans", str(tmp_path / "spans.jsonl"))
    assert json.loads((tmp_path / "o.jsonl").read_text())["text"] == "[PATIENT] and Mary Jones."


@pytest.mark.parametrize("content, what", [('{"id": "zz", "spans": []}\n', "no spans"),
                                           ('{"id": "a", "spans": [{"start": 0, "end": 99, "label": "X"}]}\n',
                                            "spans.jsonl")])
def test_from_spans_errors_name_the_file_not_the_text(tmp_path, content, what):
    write_corpus([Document("a", "John Smith.")], tmp_path / "notes.jsonl")
    (tmp_path / "spans.jsonl").write_text(content)
    res = run("deid", str(tmp_path / "notes.jsonl"), str(tmp_path / "o.jsonl"), "--mode", "tag",
              "--from-spans", str(tmp_path / "spans.jsonl"), "--store", str(tmp_path / "s.db"))
    assert res.returncode == 2 and what in res.stderr and "John" not in res.stderr and "Traceback" not in res.stderr
