"""A fresh-eyes privacy audit of a release (issue 17): what PHI could survive outside the text.

Each test reproduces a defect found by trying `phisift deid` as a new user would; every
one of them failed on main before its fix.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

NOTE = {"id": "Smith_John_00482913", "text": "Patient John Smith, MRN 00482913, seen 03/04/2021. Call 617-555-0100."}


def _phisift(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    old = os.umask(0o022)  # a usual umask: new files readable by everyone unless made private
    try:
        return subprocess.run([sys.executable, "-m", "phisift.cli", *args], capture_output=True, text=True,
                              timeout=300, cwd=cwd)
    finally:
        os.umask(old)


def _modes(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder.parent)): stat.S_IMODE(p.stat().st_mode) for p in [folder, *folder.rglob("*")]}


def test_the_review_page_which_shows_the_original_notes_is_owner_only(tmp_path):
    (tmp_path / "n.jsonl").write_text(json.dumps(NOTE) + "\n")
    key = tmp_path / "k"
    res = _phisift("deid", "n.jsonl", "o.jsonl", "--mode", "tag", "--detectors", "rules", "--key-file", str(key),
                   "--store", "s.db", "--review", "rev", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert "00482913" in (tmp_path / "rev" / "index.html").read_text()  # the page shows the original, so:
    modes = _modes(tmp_path / "rev")
    assert all(m & 0o077 == 0 for m in modes.values()), modes
    res = _phisift("review", "n.jsonl", "--deid", "o.jsonl", "-o", "rev2", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    modes = _modes(tmp_path / "rev2")
    assert all(m & 0o077 == 0 for m in modes.values()), modes


def test_sift_says_that_ids_and_other_fields_go_out_as_read(tmp_path):
    import csv

    with open(tmp_path / "n.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "text", "label", "mrn"])
        for i in range(12):
            w.writerow([f"Smith_John_{i}", f"Patient John Smith seen with cough {i} and fever, note {i}.",
                        "a" if i % 2 else "b", f"0048{i:04d}"])
    res = _phisift("sift", "n.csv", "o.csv", "--text-field", "text", "--label-field", "label", "--fill",
                   "unigram", "--store", "s.db", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert "00480003" in (tmp_path / "o.csv").read_text()  # the column goes out as read, so the user is told:
    said = res.stdout + res.stderr
    assert "written as read" in said and "document ids" in said and "mrn" in said
    assert "00480003" not in said and "Smith_John" not in said


def test_an_input_error_with_a_line_does_not_print_the_document_id(tmp_path):
    (tmp_path / "n.jsonl").write_text(json.dumps(NOTE) + "\n" + json.dumps(NOTE) + "\n"
                                      + json.dumps({"id": "Jones_Mary_77123456", "text": 5}) + "\n")
    res = _phisift("deid", "n.jsonl", "o.jsonl", "--mode", "tag", "--detectors", "rules", cwd=tmp_path)
    assert res.returncode == 2 and "n.jsonl:2" in res.stderr and "duplicate document id" in res.stderr
    assert "Smith" not in res.stderr and "00482913" not in res.stderr
    (tmp_path / "m.jsonl").write_text(json.dumps({"id": "Jones_Mary_77123456", "text": 5}) + "\n")
    res = _phisift("deid", "m.jsonl", "o.jsonl", "--mode", "tag", "--detectors", "rules", cwd=tmp_path)
    assert res.returncode == 2 and "m.jsonl:1" in res.stderr and "Jones" not in res.stderr


def test_an_id_with_phi_glued_to_other_characters_becomes_a_pseudonym():
    from phisift.pseudonyms import holds_phi

    phi = ["John Smith", "03/14/1961", "12 Elm Street"]
    for doc_id in ("jsmith_1", "SMITHJ_2", "dob19610314", "smith_j"):
        assert holds_phi(doc_id, phi), doc_id
    for doc_id in ("note_7", "streetlight_3", "a1b2"):  # a generic word or a short piece names no one
        assert not holds_phi(doc_id, phi), doc_id


def test_an_id_that_names_a_person_by_the_name_lists_becomes_a_pseudonym_without_any_span():
    from phisift.pseudonyms import holds_phi

    for doc_id in ("Whitfield_Margaret_0048", "OConnellWhitfield", "kim-notes", "GARCIA_2021"):
        assert holds_phi(doc_id, []), doc_id
    for doc_id in ("note_0048", "mtsamples-12", "report-0001", "dev-0001", "doc_page_3", "echo_report",
                   "S0004-06142005000100005-1", "will_follow_up", "brown_stool_case"):
        assert not holds_phi(doc_id, []), doc_id


def test_known_identifiers_keyed_by_no_documents_patient_are_said_to_be_unused(tmp_path):
    """Keyed by the MRN but run without --patient-field: the names of the file were never looked for."""
    (tmp_path / "n.jsonl").write_text(json.dumps({**NOTE, "mrn": "00482913"}) + "\n")
    (tmp_path / "k.jsonl").write_text(json.dumps({"patient": "00482913", "phi": [{"label": "PATIENT",
                                                                                "text": "John Smith"}]}) + "\n")
    key = str(tmp_path / "key")
    base = ("deid", "n.jsonl", "o.jsonl", "--mode", "tag", "--detectors", "rules", "--known-phi", "k.jsonl",
            "--key-file", key, "--store", "s.db", "--overwrite")
    res = _phisift(*base, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert "1 of 1 patients of the file match no document" in " ".join(res.stderr.split())
    assert "00482913" not in res.stderr and "Smith" not in res.stderr
    res = _phisift(*base, "--patient-field", "mrn", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert "match no document" not in res.stderr


def test_a_document_without_a_patient_is_named_by_its_number_once():
    import pytest

    from phisift.document import Document
    from phisift.errors import InputError
    from phisift.pseudonyms import PatientKey

    with pytest.raises(InputError) as err:
        PatientKey(mapping={"other": "P1"}).of(Document("Smith_John_00482913", "x"), 2)
    assert str(err.value) == "document 2: the patient map names no patient for this document"


def test_a_shifted_date_of_birth_field_is_aggregated_over_89_like_the_notes(tmp_path):
    import csv
    from datetime import date

    (tmp_path / "v.csv").write_text("id,mrn,dob,visit,note\n"
                                    "1,00482913,1921-03-14,2021-03-04,\"John Smith seen 03/04/2021.\"\n"
                                    "2,77123456,1961-03-14,2021-03-04,\"Mary Jones seen 03/04/2021.\"\n")
    res = _phisift("deid", "v.csv", "o.csv", "--text-field", "note", "--patient-field", "mrn", "--shift-date-field",
                   "dob", "--shift-date-field", "visit", "--key-file", str(tmp_path / "key"), "--store", "s.db",
                   "--detectors", "rules", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    rows = list(csv.DictReader(open(tmp_path / "o.csv")))

    def age(row):
        born, seen = date.fromisoformat(row["dob"]), date.fromisoformat(row["visit"])
        return seen.year - born.year - ((seen.month, seen.day) < (born.month, born.day))

    assert rows[0]["dob"].endswith("-01-01") and age(rows[0]) == 90  # was 99: the exact age of a 99-year-old
    assert age(rows[1]) == 59 and not rows[1]["dob"].endswith("-01-01")  # a younger patient's is only shifted


def _fhir_bundle() -> dict:
    import base64

    note = base64.b64encode(b"Margaret Whitfield, MRN 00482913, seen 03/04/2021.").decode()
    return {"resourceType": "Bundle", "id": "b1", "type": "collection", "entry": [
        {"fullUrl": "urn:uuid:whitfield-margaret", "resource": {
            "resourceType": "Patient", "id": "whitfield-margaret",
            "name": [{"family": "Whitfield", "given": ["Margaret"]}]}},
        {"fullUrl": "http://ehr.example/fhir/DocumentReference/note-00482913", "resource": {
            "resourceType": "DocumentReference", "id": "note-00482913", "status": "current",
            "subject": {"reference": "Patient/whitfield-margaret"},
            "context": {"related": [{"reference": "Encounter/e1"}]},
            "content": [{"attachment": {"contentType": "text/plain", "data": note}}]}}]}


def _ids_and_references(obj, found: list[str]) -> list[str]:
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key in ("id", "fullUrl", "reference") and isinstance(value, str):
                found.append(value)
            _ids_and_references(value, found)
    elif isinstance(obj, list):
        for value in obj:
            _ids_and_references(value, found)
    return found


def test_fhir_ids_and_references_that_hold_phi_become_one_pseudonym_everywhere(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(_fhir_bundle()))
    res = _phisift("deid", "b.json", "o.json", "--mode", "surrogate", "--key-file", str(tmp_path / "key"),
                   "--store", "s.db", "--detectors", "rules,lexicon", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    out = json.loads((tmp_path / "o.json").read_text())
    ids = _ids_and_references(out, [])
    assert not [i for i in ids if "whitfield" in i.lower() or "00482913" in i]  # was kept: the name in every id
    patient, doc = out["entry"][0], out["entry"][1]
    assert doc["resource"]["subject"]["reference"] == f"Patient/{patient['resource']['id']}"
    assert doc["fullUrl"] == f"http://ehr.example/fhir/DocumentReference/{doc['resource']['id']}"
    assert doc["resource"]["context"]["related"][0]["reference"] == "Encounter/e1"  # no PHI: kept
    assert patient["fullUrl"].startswith("urn:uuid:")
    again = tmp_path / "again"
    again.mkdir()
    (again / "b.json").write_text(json.dumps(_fhir_bundle()))
    res = _phisift("deid", "b.json", "o.json", "--mode", "surrogate", "--key-file", str(tmp_path / "key"),
                   "--store", "s.db", "--detectors", "rules,lexicon", cwd=again)
    assert json.loads((again / "o.json").read_text())["entry"][0]["resource"]["id"] == patient["resource"]["id"]
    kept = _phisift("deid", "b.json", "k.json", "--keep-ids", "--key-file", str(tmp_path / "key"),
                    "--store", "s2.db", "--detectors", "rules", cwd=tmp_path)
    assert kept.returncode == 0, kept.stderr
    assert json.loads((tmp_path / "k.json").read_text())["entry"][0]["resource"]["id"] == "whitfield-margaret"


def _age(born: str, at: str) -> int:
    from datetime import date

    b, a = date.fromisoformat(born[:10]), date.fromisoformat(at[:10])
    return a.year - b.year - ((a.month, a.day) < (b.month, b.day))


def _fhir_old_and_young() -> list[dict]:
    """Resources of three patients: 99 at their note's date, 59 at theirs, and 95 at their death (no note)."""
    import base64

    def doc(rid: str, patient: str, when: str, text: str) -> dict:
        return {"resourceType": "DocumentReference", "id": rid, "status": "current", "date": when,
                "subject": {"reference": f"Patient/{patient}"},
                "content": [{"attachment": {"contentType": "text/plain",
                                            "data": base64.b64encode(text.encode()).decode()}}]}

    birth_time = {"extension": [{"url": "http://hl7.org/fhir/StructureDefinition/patient-birthTime",
                                 "valueDateTime": "1921-03-14T08:30:00Z"}]}
    return [doc("d1", "p1", "2021-03-04T10:00:00Z", "Margaret Whitfield seen today."),
            {"resourceType": "Patient", "id": "p1", "name": [{"family": "Whitfield", "given": ["Margaret"]}],
             "birthDate": "1921-03-14", "_birthDate": birth_time},
            {"resourceType": "Patient", "id": "p2", "name": [{"family": "Jones", "given": ["Mary"]}],
             "birthDate": "1961-03-14"},
            doc("d2", "p2", "2021-03-04", "Mary Jones seen today."),
            {"resourceType": "Patient", "id": "p3", "name": [{"family": "Abernathy", "given": ["Quentin"]}],
             "birthDate": "1921-03-14", "deceasedDateTime": "2016-05-01T00:00:00Z"}]


def test_fhir_patient_birth_date_over_89_is_aggregated_like_the_notes(tmp_path):
    resources = _fhir_old_and_young()
    (tmp_path / "b.json").write_text(json.dumps({"resourceType": "Bundle", "type": "collection",
                                                 "entry": [{"resource": r} for r in resources]}))
    (tmp_path / "b.ndjson").write_text("".join(json.dumps(r) + "\n" for r in resources))
    for name, out in (("b.json", "o.json"), ("b.ndjson", "o.ndjson")):
        res = _phisift("deid", name, out, "--mode", "surrogate", "--key-file", str(tmp_path / "key"), "--keep-ids",
                       "--store", "s.db", "--detectors", "rules", cwd=tmp_path)
        assert res.returncode == 0, res.stderr
        text = (tmp_path / out).read_text()
        found = [e["resource"] for e in json.loads(text)["entry"]] if out.endswith(".json") \
            else [json.loads(line) for line in text.splitlines()]
        got = {r["id"]: r for r in found}
        p1, p2, p3 = got["p1"], got["p2"], got["p3"]
        # was only shifted: '1910-08-15' beside a note dated '2010-08-05', the exact age of a 99-year-old
        assert p1["birthDate"].endswith("-01-01") and _age(p1["birthDate"], got["d1"]["date"]) == 90
        assert p1["_birthDate"]["extension"][0]["valueDateTime"][:10] == p1["birthDate"]  # the birth time too
        assert _age(p2["birthDate"], got["d2"]["date"]) == 59 and not p2["birthDate"].endswith("-01-01")
        assert p2["birthDate"] != "1961-03-14"
        # no note: judged at the death date, which stays shifted (an age at death of 90, not 95)
        assert p3["birthDate"].endswith("-01-01") and _age(p3["birthDate"], p3["deceasedDateTime"]) == 90
        assert p3["deceasedDateTime"][:10] != "2016-05-01"


def _hl7_message(ctrl: str, when: str, mrn: str, name: str, born: str, text: str) -> str:
    return "\r".join([f"MSH|^~\\&|LAB|AgathaMed|EHR|AgathaMed|{when}||ORU^R01|{ctrl}|P|2.5",
                      f"PID|1||{mrn}^^^AgathaMed^MR||{name}||{born}|F",
                      f"OBX|1|TX|NOTE^Note||{text}||||||F"]) + "\r"


def _pid7_and_msh7(message: str) -> tuple[str, str]:
    segments = {line[:3]: line.split("|") for line in message.split("\r") if line}
    return segments["PID"][7], segments["MSH"][6][:8]


def test_hl7_pid7_over_89_is_aggregated_like_the_notes(tmp_path):
    from datetime import date

    messages = [_hl7_message("C1", "20100304120000", "00482913", "Whitfield^Margaret", "19210314", "Seen today."),
                _hl7_message("C2", "20210304120000", "00482913", "Whitfield^Margaret", "19210314", "Seen again."),
                _hl7_message("C3", "20210304", "77123456", "Jones^Mary", "19610314", "Seen today.")]
    (tmp_path / "m.hl7").write_text("".join(messages))
    res = _phisift("deid", "m.hl7", "o.hl7", "--mode", "surrogate", "--key-file", str(tmp_path / "key"),
                   "--store", "s.db", "--detectors", "rules", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    out = [m for m in ("\r" + (tmp_path / "o.hl7").read_bytes().decode()).split("\rMSH") if m.strip()]
    (old1, at1), (old2, at2), (young, at3) = [_pid7_and_msh7("MSH" + m) for m in out]

    def age(born: str, at: str) -> int:
        return _age(date(int(born[:4]), int(born[4:6]), int(born[6:8])).isoformat(),
                    date(int(at[:4]), int(at[4:6]), int(at[6:8])).isoformat())

    # was only shifted: the exact age of a 99-year-old beside the second message's date
    assert len(old2) == 8 and old2.endswith("0101") and age(old2, at2) == 90
    # the patient's earlier message (88 then) gives no exact birth date beside the later one either
    assert old1 == old2
    assert len(young) == 8 and not young.endswith("0101") and young != "19610314" and age(young, at3) == 59


def test_a_killed_run_leaves_no_clear_document_id_in_the_store(tmp_path, monkeypatch):
    import phisift.runs.batches as batches
    from phisift.document import Document
    from phisift.engine.local import LocalEngine
    from phisift.formats import write_corpus
    from phisift.pipeline import load_config
    from phisift.progress import ListReporter
    from phisift.runs import Corpus, deid_run
    from phisift.store import Secret, Store

    monkeypatch.setattr(batches, "COMMIT_DOCS", 4)
    monkeypatch.setattr(batches, "COMMIT_SECONDS", 1e9)
    notes = [Document(f"Whitfield_Margaret_0048{i:04d}", f"Patient seen on 03/0{1 + i % 9}/2021.") for i in range(40)]
    src = tmp_path / "notes.jsonl"
    write_corpus(notes, src)
    cfg = load_config(None, {"detect": {"detectors": ["rules"]}, "replace": {"mode": "surrogate"}})
    secret = Secret(b"k" * 64)

    class Killed(Exception):
        pass

    class Failing(LocalEngine):
        def map(self, pipeline, task, items):
            for n, pair in enumerate(super().map(pipeline, task, items)):
                if n == 21:
                    raise Killed
                yield pair

    for fmt, out in (("jsonl", tmp_path / "out.jsonl"), ("text", tmp_path / "out")):
        ref = tmp_path / f"ref-{fmt}"
        with Store(tmp_path / f"ref-{fmt}.db") as store:
            deid_run(Corpus(src, "jsonl"), ref, fmt, cfg, store=store, engine=LocalEngine(1),
                     reporter=ListReporter(), secret=secret)
        db = tmp_path / f"store-{fmt}.db"
        with Store(db) as store, pytest.raises(Killed):
            deid_run(Corpus(src, "jsonl"), out, fmt, cfg, store=store, engine=Failing(1), reporter=ListReporter(),
                     secret=secret)
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT COUNT(*) FROM done").fetchone()[0] == 20  # the run's finished documents
        stored = b"".join(p.read_bytes() for p in tmp_path.glob(f"store-{fmt}.db*") if p.is_file())
        assert b"Whitfield" not in stored and b"Margaret" not in stored  # were there, one row per document
        said = ListReporter()
        with Store(db) as store:
            deid_run(Corpus(src, "jsonl"), out, fmt, cfg, store=store, engine=LocalEngine(1), reporter=said,
                     secret=secret)
        assert any("resuming an unfinished run: 20 documents" in n for n in said.notes)
        if fmt == "jsonl":
            assert out.read_bytes() == ref.read_bytes()
        else:
            assert {p.name: p.read_bytes() for p in out.iterdir()} == {p.name: p.read_bytes() for p in ref.iterdir()}


def test_hl7_pid5_and_the_message_text_get_the_same_name_surrogate_and_no_other_phi_word(tmp_path):
    from phisift.replace.names import NameParts
    from phisift.store import Secret

    secret = "a" * 64
    (tmp_path / "key").write_text(secret + "\n")
    os.chmod(tmp_path / "key", 0o600)
    # the name the patient's surname draws first under this key: here also the surname of the note's doctor
    first = NameParts(Secret(secret.encode()).seed, "en_US").part("whitfield", "00482913", frozenset()).title()
    (tmp_path / "m.hl7").write_text(_hl7_message(
        "C1", "20210304120000", "00482913", "Whitfield^Margaret", "19610314",
        f"Margaret Whitfield was seen by Dr. Helen {first} today."))
    res = _phisift("deid", "m.hl7", "o.hl7", "--mode", "surrogate", "--key-file", str(tmp_path / "key"),
                   "--store", "s.db", "--detectors", "rules,lexicon", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    out = (tmp_path / "o.hl7").read_bytes().decode()
    segments = {line[:3]: line.split("|") for line in out.split("\r") if line}
    family, given = segments["PID"][5].split("^")[:2]
    text = segments["OBX"][5]
    # was 'Hinton^Robyn' in PID-5 (the doctor's real surname) and 'Robyn Clark' in the text
    assert text.startswith(f"{given} {family} was seen by Dr. "), (segments["PID"][5], text)
    assert first not in out


def test_the_structured_date_of_birth_written_in_a_note_without_a_cue_is_aggregated_too(tmp_path):
    import base64

    note = "Margaret Whitfield (03/14/1921) was seen."
    resources = [{"resourceType": "Patient", "id": "p1", "name": [{"family": "Whitfield", "given": ["Margaret"]}],
                  "birthDate": "1921-03-14"},
                 {"resourceType": "DocumentReference", "id": "d1", "status": "current", "date": "2021-03-04",
                  "subject": {"reference": "Patient/p1"}, "content": [{"attachment": {
                      "contentType": "text/plain", "data": base64.b64encode(note.encode()).decode()}}]}]
    (tmp_path / "b.ndjson").write_text("".join(json.dumps(r) + "\n" for r in resources))
    (tmp_path / "m.hl7").write_text(_hl7_message("C1", "20210304120000", "00482913", "Whitfield^Margaret",
                                                 "19210314", note))
    for src, out in (("b.ndjson", "o.ndjson"), ("m.hl7", "o.hl7")):
        res = _phisift("deid", src, out, "--mode", "surrogate", "--key-file", str(tmp_path / "key"), "--keep-ids",
                       "--store", "s.db", "--detectors", "rules,lexicon", cwd=tmp_path)
        assert res.returncode == 0, res.stderr
        written = (tmp_path / out).read_bytes().decode()
        if src.endswith("ndjson"):
            patient, doc = [json.loads(line) for line in written.splitlines()]
            born = patient["birthDate"]
            text = base64.b64decode(doc["content"][0]["attachment"]["data"]).decode()
        else:
            segments = {line[:3]: line.split("|") for line in written.split("\r") if line}
            born, text = segments["PID"][7], segments["OBX"][5]
        # was shifted only: the exact date of birth, in the note beside its date
        assert f"(01/01/{born[:4]})" in text, (born, text)


def test_sift_does_not_write_the_identifiers_a_source_carries_in_its_metadata(tmp_path):
    (tmp_path / "m.hl7").write_text(_hl7_message("C1", "20210304120000", "00482913", "Whitfield^Margaret",
                                                 "19210314", "Margaret Whitfield was seen today."))
    res = _phisift("sift", "m.hl7", "s.jsonl", "--to", "jsonl", "--method", "none", "--fill", "unigram",
                   cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    records = [json.loads(line) for line in (tmp_path / "s.jsonl").read_text().splitlines()]
    assert len(records) == 3  # the text, the fields, the file's trailing line end
    for record in records:  # were written: the MRN, the date of birth, the known names, the message's text
        assert not {"_patient", "_known_phi", "_note_date", "_source_text"} & set(record), sorted(record)


def test_sift_unigram_fill_ins_are_never_words_of_found_phi(tmp_path):
    # a physician named in many notes was among the most frequent words of the corpus, so the
    # unigram fill-in drew "Abernathy" into masked places (also where it had been masked as PHI)
    notes = [{"id": f"n{i}", "text": f"Seen by Dr. Quentin Abernathy on 03/0{i % 9 + 1}/2021. "
                                     f"Patient reports {w} pain and mild fever, improving with rest."}
             for i, w in enumerate(["knee", "back", "chest", "neck", "hip", "wrist"] * 5)]
    (tmp_path / "n.jsonl").write_text("".join(json.dumps(n) + "\n" for n in notes))
    res = _phisift("sift", "n.jsonl", "s.jsonl", "--fill", "unigram", "--seed", "3", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    out = (tmp_path / "s.jsonl").read_text()
    assert "Abernathy" not in out and "Quentin" not in out


def test_sift_masks_the_phi_a_source_marks_in_its_fields_document(tmp_path):
    # the HL7 fields document lists PID-5 etc. as bare values ("Whitfield" alone on a line), which the
    # detectors do not read as names; its given spans were ignored and the names went out in clear
    (tmp_path / "m.hl7").write_text(_hl7_message("C1", "20210304120000", "00482913", "Whitfield^Margaret",
                                                 "19210314", "Margaret Whitfield was seen today."))
    res = _phisift("sift", "m.hl7", "s.jsonl", "--to", "jsonl", "--fill", "unigram", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    out = (tmp_path / "s.jsonl").read_text()
    assert "Whitfield" not in out and "Margaret" not in out and "00482913" not in out
