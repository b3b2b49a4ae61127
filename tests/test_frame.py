"""The Python API releases a record as ``phisift deid`` does (the parity of the last session's gap list):
``deidentify_frame`` and ``deidentify`` pseudonymise the patient and named fields, drop and shift fields,
replace ids that hold PHI, and replace given spans instead of detecting; the same table gives the same
values through the API and through the command line with the same key."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import phisift
from phisift.document import Document, Span

pd = pytest.importorskip("pandas")

FAST = {"detect": {"detectors": ["rules", "lexicon"]}}
KEY = "0123456789abcdef" * 4 + "\n"
ROWS = {
    "note_id": ["Whitfield_00482913", "n2", "n3", "n4"],
    "person_id": ["101", "101", "202", "202"],
    "visit": ["V-981", "V-982", "V-990", ""],
    "name": ["Margaret Whitfield", "Margaret Whitfield", "Jane Doe", "Jane Doe"],
    "note_date": ["2021-03-04", "2021-03-05", "2021-04-01", "2021-04-02"],
    "note_text": ["Patient Margaret Whitfield, MRN 00482913, seen by Dr. John Smith on 03/04/2021.",
                  "Margaret Whitfield doing well.", "Jane Doe seen at Mercy Hospital on 04/01/2021.", ""],
}
OPTIONS = dict(patient_field="person_id", id_field="note_id", pseudonymise_fields=["visit"], drop_fields=["name"],
               shift_date_fields=["note_date"])
CLI_OPTIONS = ["--text-field", "note_text", "--patient-field", "person_id", "--id-field", "note_id", "--pseudonymise-field", "visit",
               "--drop-field", "name", "--shift-date-field", "note_date"]


@pytest.fixture()
def key(tmp_path):
    path = tmp_path / "keys" / "k.key"
    path.parent.mkdir()
    path.write_text(KEY)
    path.chmod(0o600)
    return path


def cli(tmp_path, *args: str) -> None:
    res = subprocess.run([sys.executable, "-m", "phisift.cli", "deid", *args, "--detectors", "rules,lexicon",
                          "--store", str(tmp_path / "s.db")], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize("mode", ["tag", "surrogate"])
def test_a_frame_is_released_as_the_command_line_releases_the_same_table(tmp_path, key, mode):
    df = pd.DataFrame(ROWS)
    original = df.copy()
    out = phisift.deidentify_frame(df, text_field="note_text", mode=mode, key_file=key, config=FAST, **OPTIONS)
    pd.testing.assert_frame_equal(df, original)  # the input is not changed
    assert list(out.columns) == ["note_id", "person_id", "visit", "note_date", "note_text"]  # name dropped
    df.to_csv(tmp_path / "in.csv", index=False)
    cli(tmp_path, str(tmp_path / "in.csv"), str(tmp_path / "out.csv"), "--mode", mode, "--key-file", str(key),
        *CLI_OPTIONS)
    want = pd.read_csv(tmp_path / "out.csv", dtype=str, keep_default_na=False)
    assert out.fillna("").astype(str).to_dict("records") == want.to_dict("records")
    # and what that means: no patient number, visit, name or PHI-holding id left; one patient, one pseudonym
    flat = out.to_csv()
    for secret in ("101", "202", "V-981", "Whitfield", "00482913", "Margaret", "2021-03-04"):
        assert secret not in flat
    assert out["person_id"][0] == out["person_id"][1] != out["person_id"][2]
    assert out["note_id"].tolist()[1:] == ["n2", "n3", "n4"] and out["note_id"][0].startswith("doc-")
    assert out["visit"][3] == ""


def test_given_spans_replace_detection_in_a_frame_as_with_from_spans(tmp_path, key):
    df = pd.DataFrame({"id": ["a", "b"], "text": ["Zorblat Quux came.", "Nothing here, Dr. John Smith."]})
    given = {"a": [Span(0, 12, "PATIENT")], "b": []}
    out = phisift.deidentify_frame(df, id_field="id", mode="tag", spans=given, key_file=key, config=FAST)
    assert out["text"].tolist() == ["[PATIENT] came.", "Nothing here, Dr. John Smith."]  # nothing detected
    (tmp_path / "spans.jsonl").write_text("".join(json.dumps(
        {"id": i, "spans": [{"start": s.start, "end": s.end, "label": s.label} for s in sp]}) + "\n"
        for i, sp in given.items()))
    from_file = phisift.deidentify_frame(df, id_field="id", mode="tag", spans=tmp_path / "spans.jsonl", key_file=key)
    pd.testing.assert_frame_equal(out, from_file)
    with pytest.raises(phisift.errors.InputError, match="no spans for document 2"):
        phisift.deidentify_frame(df, id_field="id", mode="tag", spans={"a": []}, key_file=key, config=FAST)


def test_known_identifiers_and_the_note_date_reach_the_frame(tmp_path, key):
    (tmp_path / "known.jsonl").write_text(json.dumps({"patient": "p1", "phi": [{"label": "PATIENT",
                                                                                  "text": "Zorblat Quux"}]}) + "\n")
    df = pd.DataFrame({"mrn": ["p1", "p2"], "text": ["quux zorblat agrees.", "quux zorblat agrees."]})
    out = phisift.deidentify_frame(df, patient_field="mrn", mode="tag", known_phi=tmp_path / "known.jsonl",
                                   key_file=key, config=FAST)
    assert out["text"].tolist() == ["[PATIENT] agrees.", "quux zorblat agrees."]  # p1's name, never p2's
    births = pd.DataFrame({"text": ["DOB: 03/14/1930. Doing well."], "written": [pd.Timestamp("2000-05-01")]})
    aged = phisift.deidentify_frame(births, mode="surrogate", key_file=key, config=FAST)["text"][0]
    kept = phisift.deidentify_frame(births, mode="surrogate", key_file=key, config=FAST,
                                    note_date_field="written")["text"][0]
    assert aged.startswith("DOB: 01/01/") and not kept.startswith("DOB: 01/01/")  # 96 today, 70 when written


def test_a_frame_checks_the_columns_it_is_given(key):
    df = pd.DataFrame({"text": ["x"], "a": [1]})
    for option in ({"pseudonymise_fields": ["b"]}, {"drop_fields": ["b"]}, {"shift_date_fields": ["b"]},
                   {"note_date_field": "b"}):
        with pytest.raises(phisift.errors.UsageError, match="no column 'b'"):
            phisift.deidentify_frame(df, mode="tag", key_file=key, **option)
    with pytest.raises(phisift.errors.UsageError, match="cannot be dropped"):
        phisift.deidentify_frame(df, mode="tag", key_file=key, drop_fields=["text"])


def test_deidentify_a_document_releases_its_fields_and_takes_given_spans(key):
    doc = Document("Whitfield-visit", "Margaret Whitfield seen 03/04/2021.",
                   meta={"mrn": "00482913", "ward": "4B", "seen": "2021-03-04", "name": "M W"})
    out = phisift.deidentify(doc, mode="tag", key_file=key, config=FAST, patient_field="mrn",
                             drop_fields=["name"], shift_date_fields=["seen"])
    assert out.text == "[PATIENT] seen [DATE]." and out.id.startswith("doc-")
    assert out.meta["mrn"].startswith("patient-") and out.meta["ward"] == "4B" and "name" not in out.meta
    assert out.meta["seen"] != "2021-03-04" and len(out.meta["seen"]) == 10
    kept = phisift.deidentify(doc, mode="tag", key_file=key, config=FAST, keep_ids=True)
    assert kept.id == doc.id and kept.meta == doc.meta
    given = phisift.deidentify("Zorblat Quux seen 03/04/2021.", spans=[Span(0, 12, "PATIENT")], config=FAST)
    assert given == "[PATIENT] seen 03/04/2021."  # exactly the given spans
    with pytest.raises(phisift.errors.UsageError, match="give a Document"):
        phisift.deidentify("text", patient_field="mrn")
