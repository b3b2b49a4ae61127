"""Clinical sources: FHIR R4 (Bundle, NDJSON), HL7 v2 and pandas DataFrames.

Each source is de-identified end to end (read, the pipeline, write back) and checked
three ways: no PHI string of the source is left anywhere in the output (notes and
the structured Patient/PID fields), everything else is unchanged, and the output is
still valid in its own standard (FHIR resources through the fhir.resources models,
HL7 v2 through python-hl7's parser).
"""

from __future__ import annotations

import base64
import copy
import json
from pathlib import Path

import pytest

from phisift.document import Document
from phisift.errors import InputError, UsageError
from phisift.formats import detect_format, read_corpus, write_corpus
from phisift.formats._fields import GIVEN, KNOWN_PHI, PATIENT
from phisift.pipeline import Pipeline, load_config
from phisift.store import Secret

NOTE_1 = ("Seen by Dr. John Smith on 03/04/2021. Patient Margaret Whitfield, MRN 00482913, "
          "lives at 12 Elm Street, Boston. Call 617-555-0199.")
NOTE_2 = "Follow-up: Margaret doing well. Son Peter visited."
PATIENT_PHI = ["Margaret", "Whitfield", "00482913", "617-555-0199", "1950-07-14", "12 Elm Street", "Boston",
               "02139", "mwhit@example.com"]
NOTE_PHI = ["John Smith", "03/04/2021", "Peter"]


def b64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def unb64(data: str) -> str:
    return base64.b64decode(data).decode("utf-8")


def bundle() -> dict:
    return {"resourceType": "Bundle", "id": "b1", "type": "collection", "entry": [
        {"fullUrl": "urn:uuid:11111111-1111-1111-1111-111111111111", "resource": {
            "resourceType": "Patient", "id": "p1",
            "identifier": [{"system": "http://hospital.example/mrn", "value": "00482913",
                            "type": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v2-0203",
                                                 "code": "MR"}]}}],
            "name": [{"use": "official", "family": "Whitfield", "given": ["Margaret", "Ann"]}],
            "telecom": [{"system": "phone", "value": "617-555-0199"},
                        {"system": "email", "value": "mwhit@example.com"}],
            "gender": "female", "birthDate": "1950-07-14",
            "address": [{"line": ["12 Elm Street"], "city": "Boston", "state": "MA", "postalCode": "02139"}]}},
        {"fullUrl": "urn:uuid:22222222-2222-2222-2222-222222222222", "resource": {
            "resourceType": "DocumentReference", "id": "d1", "status": "current",
            "type": {"text": "Progress note"},
            "subject": {"reference": "Patient/p1", "display": "Margaret Whitfield"},
            "content": [
                {"attachment": {"contentType": "text/plain", "data": b64(NOTE_1), "size": len(NOTE_1),
                                "title": "Progress note"}},
                {"attachment": {"contentType": "text/plain; charset=utf-8", "data": b64(NOTE_2)}},
                {"attachment": {"contentType": "application/pdf", "url": "http://example.org/scan.pdf"}}]}},
        {"resource": {"resourceType": "Observation", "id": "o1", "status": "final", "code": {"text": "Heart rate"},
                      "subject": {"reference": "Patient/p1"}, "valueQuantity": {"value": 72, "unit": "/min"}}},
    ]}


def pipeline(mode: str) -> Pipeline:
    cfg = load_config(None, {"detect": {"detectors": ["rules", "lexicon"]}, "replace": {"mode": mode}})
    return Pipeline.from_config(cfg, secret=Secret(b"test-key" * 4))


def deid_file(src: Path, dst: Path, mode: str, fmt: str | None = None) -> list[Document]:
    """Read, de-identify each document for its patient (given spans as given), write back."""
    p = pipeline(mode)
    docs = list(read_corpus(src, fmt))
    out = [p.deidentify(d, d.meta.get(PATIENT))[0] for d in docs]
    write_corpus(out, dst, fmt, default=fmt or detect_format(src))
    return docs


def all_text(obj) -> str:
    """Every string of a JSON document, attachment data decoded: what a reader of the output sees."""
    if isinstance(obj, dict):
        return "\n".join(unb64(v) if k == "data" else all_text(v) for k, v in obj.items())
    if isinstance(obj, list):
        return "\n".join(all_text(v) for v in obj)
    return str(obj)


# --------------------------------------------------------------------------- FHIR
def test_fhir_detected_from_path(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(bundle()))
    (tmp_path / "r.ndjson").write_text(json.dumps(bundle()["entry"][0]["resource"]) + "\n")
    (tmp_path / "n.ndjson").write_text('{"id": "1", "text": "x"}\n')
    assert detect_format(tmp_path / "b.json") == "fhir"
    assert detect_format(tmp_path / "r.ndjson") == "fhir"
    assert detect_format(tmp_path / "n.ndjson") == "jsonl"
    assert detect_format(tmp_path / "new.ndjson", default="fhir") == "fhir"


def test_fhir_documents_patient_and_known_identifiers(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(bundle()))
    docs = {d.id: d for d in read_corpus(tmp_path / "b.json")}
    notes = [docs["DocumentReference/d1/content/0"], docs["DocumentReference/d1/content/1"]]
    assert [d.text for d in notes] == [NOTE_1, NOTE_2]
    assert all(d.meta[PATIENT] == "Patient/p1" for d in notes)
    known = notes[0].meta[KNOWN_PHI]
    assert {"label": "PATIENT", "text": "Margaret Ann Whitfield"} in known
    assert {"label": "MEDICALRECORD", "text": "00482913"} in known
    assert {"label": "DATE", "text": "1950-07-14", "birth": True} in known  # the patient's date of birth
    patient = docs["Patient/p1"]
    assert patient.meta[GIVEN] and patient.meta[PATIENT] == "Patient/p1"
    assert sorted(patient.text[s.start:s.end] for s in patient.spans) == sorted(
        ["Margaret", "Ann", "Whitfield", "1950-07-14", "12 Elm Street", "Boston", "MA", "02139", "617-555-0199",
         "mwhit@example.com", "00482913"])
    # metadata never holds the PHI values (the skeletons are blanked)
    meta_text = json.dumps([d.meta.get("_fhir") for d in docs.values()])
    assert not [v for v in PATIENT_PHI + ["John Smith"] if v in meta_text]


def test_fhir_read_write_unchanged(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(bundle()))
    write_corpus(read_corpus(tmp_path / "b.json"), tmp_path / "same.json")
    assert json.loads((tmp_path / "same.json").read_text()) == bundle()
    lines = "".join(json.dumps(e["resource"]) + "\n" for e in bundle()["entry"])
    (tmp_path / "r.ndjson").write_text(lines)
    write_corpus(read_corpus(tmp_path / "r.ndjson"), tmp_path / "same.ndjson", default="fhir")
    assert (tmp_path / "same.ndjson").read_text() == lines


def _without_phi_places(b: dict) -> dict:
    """The bundle with the places de-identification may change removed: what must stay identical."""
    b = copy.deepcopy(b)
    patient = b["entry"][0]["resource"]
    for key in ("identifier", "name", "telecom", "address", "birthDate", "_birthDate"):
        patient.pop(key, None)
    doc = b["entry"][1]["resource"]
    doc["subject"].pop("display", None)
    doc["subject"].pop("_display", None)
    for content in doc["content"]:
        for key in ("data", "size", "hash", "title", "_title", "url", "_url"):  # titles and URLs: to the detector
            content["attachment"].pop(key, None)
        content["attachment"]["contentType"] = content["attachment"]["contentType"].split(";")[0]
    return b


@pytest.mark.parametrize("mode", ["tag", "surrogate", "redact", "mask"])
def test_fhir_bundle_deid(tmp_path, mode):
    from fhir.resources.R4B.bundle import Bundle

    (tmp_path / "b.json").write_text(json.dumps(bundle()))
    deid_file(tmp_path / "b.json", tmp_path / "out.json", mode)
    out = json.loads((tmp_path / "out.json").read_text())
    Bundle.model_validate(out)  # still valid FHIR R4 (R4B: the same Patient and DocumentReference)
    seen = all_text(out)
    assert [phi for phi in PATIENT_PHI + NOTE_PHI if phi in seen] == []
    assert _without_phi_places(out) == _without_phi_places(bundle())
    att = out["entry"][1]["resource"]["content"][0]["attachment"]
    assert att["size"] == len(base64.b64decode(att["data"]))  # size describes the new data
    assert out["entry"][1]["resource"]["content"][2]["attachment"]["contentType"] == "application/pdf"


def test_fhir_surrogates_consistent_between_patient_and_notes(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(bundle()))
    deid_file(tmp_path / "b.json", tmp_path / "out.json", "surrogate")
    out = json.loads((tmp_path / "out.json").read_text())
    patient, doc = out["entry"][0]["resource"], out["entry"][1]["resource"]
    note = unb64(doc["content"][0]["attachment"]["data"])
    name = patient["name"][0]
    assert f"{name['given'][0]} {name['family']}" in note
    assert doc["subject"]["display"] == f"{name['given'][0]} {name['family']}"
    assert patient["telecom"][0]["value"] in note
    assert patient["identifier"][0]["value"] in note
    assert patient["address"][0]["line"][0] in note
    assert patient["birthDate"] != "1950-07-14" and len(patient["birthDate"]) == 10


def test_fhir_tag_mode_marks_invalid_values_absent(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(bundle()))
    deid_file(tmp_path / "b.json", tmp_path / "out.json", "tag")
    patient = json.loads((tmp_path / "out.json").read_text())["entry"][0]["resource"]
    assert "birthDate" not in patient  # "[DATE]" is no FHIR date
    assert patient["_birthDate"]["extension"][0]["valueCode"] == "masked"
    assert patient["name"][0] == {"use": "official", "family": "[PATIENT]", "given": ["[PATIENT]", "[PATIENT]"]}


def test_fhir_ndjson_deid(tmp_path):
    from fhir.resources.R4B.documentreference import DocumentReference
    from fhir.resources.R4B.observation import Observation
    from fhir.resources.R4B.patient import Patient

    src = tmp_path / "export.ndjson"
    src.write_text("".join(json.dumps(e["resource"]) + "\n" for e in bundle()["entry"]))
    deid_file(src, tmp_path / "out.ndjson", "surrogate")
    lines = (tmp_path / "out.ndjson").read_text().splitlines()
    models = [Patient, DocumentReference, Observation]
    assert len(lines) == 3
    for model, line in zip(models, lines):
        model.model_validate(json.loads(line))
    seen = all_text([json.loads(line) for line in lines])
    assert [phi for phi in PATIENT_PHI + NOTE_PHI if phi in seen] == []
    assert json.loads(lines[2]) == bundle()["entry"][2]["resource"]


def test_fhir_bad_attachment_names_file_and_resource(tmp_path):
    b = bundle()
    b["entry"][1]["resource"]["content"][0]["attachment"]["data"] = "not base64 Margaret!"
    (tmp_path / "b.json").write_text(json.dumps(b))
    with pytest.raises(InputError) as err:
        list(read_corpus(tmp_path / "b.json"))
    assert "b.json" in str(err.value) and "DocumentReference/d1" in str(err.value)
    assert "Margaret" not in str(err.value)


def test_fhir_bad_json_names_line(tmp_path):
    (tmp_path / "r.ndjson").write_text('{"resourceType": "Patient", "id": "p"}\n{"resourceType": \n')
    with pytest.raises(InputError, match=r"r\.ndjson:2:"):
        list(read_corpus(tmp_path / "r.ndjson", "fhir"))


# --------------------------------------------------------------------------- HL7 v2
HL7_MESSAGES = (
    "MSH|^~\\&|LAB|HOSP|EHR|HOSP|202101011200||ORU^R01|MSG0001|P|2.5\n"
    "PID|1||00482913^^^HOSP^MR~555443333^^^SSA^SS||Whitfield^Margaret^Ann||19500714|F|||"
    "12 Elm Street^^Boston^MA^02139^USA||(617)555-0199^PRN^PH^mwhit@example.com||||||123-45-6789\n"
    "OBR|1|||11488-4^Consult note^LN\n"
    "OBX|1|TX|11488-4^Consult note^LN||Seen by Dr. John Smith on 03/04/2021.~Patient Margaret Whitfield "
    "lives in Boston.||||||F\n"
    "OBX|2|FT|11488-4^Consult note^LN||Plan: call 617-555-0199 \\T\\ follow up.\\.br\\Margaret agrees.||||||F\n"
    "NTE|1||Son Peter Whitfield at bedside.\n"
    "OBX|3|NM|8867-4^Heart rate^LN||72|/min|||||F\n"
    "\n"
    "MSH|^~\\&|LAB|HOSP|EHR|HOSP|202101021200||ORU^R01|MSG0002|P|2.5\n"
    "PID|1||7777^^^HOSP^MR||Doe^Jane||19800101\n"
    "OBX|1|ST|X^Y||Jane Doe seen at Mercy Hospital.||||||F\n"
)
HL7_PHI = ["00482913", "555443333", "Whitfield", "Margaret", "19500714", "12 Elm Street", "Boston", "02139",
           "555-0199", "mwhit@example.com", "123-45-6789", "John Smith", "03/04/2021", "Peter", "7777", "Doe",
           "Jane", "19800101"]


def test_hl7_documents(tmp_path):
    (tmp_path / "m.hl7").write_text(HL7_MESSAGES)
    assert detect_format(tmp_path / "m.hl7") == "hl7v2"
    docs = {d.id: d for d in read_corpus(tmp_path / "m.hl7")}
    text = docs["MSG0001"]
    assert text.text == ("Seen by Dr. John Smith on 03/04/2021.\nPatient Margaret Whitfield lives in Boston.\n"
                         "Plan: call 617-555-0199 & follow up.\nMargaret agrees.\nSon Peter Whitfield at bedside.")
    assert text.meta[PATIENT] == "00482913"
    assert {"label": "PATIENT", "text": "Margaret Ann Whitfield"} in text.meta[KNOWN_PHI]
    assert {"label": "SSN", "text": "123-45-6789"} in text.meta[KNOWN_PHI]
    assert {"label": "SSN", "text": "555443333"} in text.meta[KNOWN_PHI]  # CX-5 type code SS
    pid = docs["MSG0001/fields"]
    assert pid.meta[GIVEN] and pid.meta[PATIENT] == "00482913"
    assert "Margaret" not in json.dumps(text.meta["_hl7"])  # the stored message has its PHI blanked


@pytest.mark.parametrize("eol", ["\n", "\r", "\r\n"])
def test_hl7_read_write_unchanged(tmp_path, eol):
    wrapped = "FHS|^~\\&|LAB\nBHS|^~\\&|LAB\n" + HL7_MESSAGES + "BTS|2\nFTS|1\n"
    (tmp_path / "m.hl7").write_bytes(wrapped.replace("\n", eol).encode())
    write_corpus(read_corpus(tmp_path / "m.hl7"), tmp_path / "same.hl7")
    assert (tmp_path / "same.hl7").read_bytes() == (tmp_path / "m.hl7").read_bytes()


def _segments(text: str) -> list[list[str]]:
    return [line.split("|") for line in text.splitlines()]


@pytest.mark.parametrize("mode", ["tag", "surrogate", "mask"])
def test_hl7_deid(tmp_path, mode):
    import hl7

    (tmp_path / "m.hl7").write_text(HL7_MESSAGES)
    deid_file(tmp_path / "m.hl7", tmp_path / "out.hl7", mode)
    out = (tmp_path / "out.hl7").read_text()
    assert [phi for phi in HL7_PHI if phi in out] == []
    before, after = _segments(HL7_MESSAGES), _segments(out)
    assert [s[0] for s in after] == [s[0] for s in before]  # same segments in the same order
    for old, new in zip(before, after):
        if old[0] == "MSH":  # the facilities (MSH-4/6), time (MSH-7) and control id (MSH-10) change, nothing else
            keep = [0, 1, 2, 4, 7, 8] + list(range(10, len(old)))
            assert [new[i] for i in keep] == [old[i] for i in keep]
            assert new[3] != old[3] and new[5] != old[5]
        elif old[0] == "OBR" or (old[0] == "OBX" and old[2] == "NM"):
            assert new == old
        elif old[0] == "PID":  # same fields, same repetitions and components; only values changed
            assert len(new) == len(old)
            assert [f.count("^") for f in new] == [f.count("^") for f in old]
            assert [f.count("~") for f in new] == [f.count("~") for f in old]
            assert new[1:2] == old[1:2] and new[8:9] == old[8:9]  # set id, sex
        elif old[0] == "OBX":
            assert new[:5] == old[:5] and new[6:] == old[6:]
            assert new[5].count("~") == old[5].count("~")
    for message in out.strip().split("\n\n"):
        parsed = hl7.parse(message.replace("\n", "\r"))
        assert str(parsed.segment("MSH")[2]) == "^~\\&"


def test_hl7_surrogates_consistent_between_pid_and_text(tmp_path):
    (tmp_path / "m.hl7").write_text(HL7_MESSAGES)
    deid_file(tmp_path / "m.hl7", tmp_path / "out.hl7", "surrogate")
    out = (tmp_path / "out.hl7").read_text()
    pid = _segments(out)[1]
    family, given = pid[5].split("^")[:2]
    obx = [s for s in _segments(out) if s[0] == "OBX"][0]
    assert f"{given} {family}" in obx[5]
    mrn = pid[3].split("^")[0]
    assert mrn != "00482913" and len(mrn) == 8


def test_hl7_escapes_kept(tmp_path):
    (tmp_path / "m.hl7").write_text(HL7_MESSAGES)
    deid_file(tmp_path / "m.hl7", tmp_path / "out.hl7", "tag")
    obx2 = [s for s in _segments((tmp_path / "out.hl7").read_text()) if s[0] == "OBX"][1]
    assert obx2[5] == "Plan: call [PHONE] \\T\\ follow up.\\.br\\[PATIENT] agrees."


def test_hl7_segment_before_msh_is_an_error(tmp_path):
    (tmp_path / "m.hl7").write_text("PID|1||123||Doe^Jane\n" + HL7_MESSAGES)
    with pytest.raises(InputError, match=r"m\.hl7:1:"):
        list(read_corpus(tmp_path / "m.hl7"))


# --------------------------------------------------------------------------- DataFrames
def test_deidentify_frame(tmp_path):
    pd = pytest.importorskip("pandas")
    import phisift

    df = pd.DataFrame({
        "note_id": [1, 2, 3, 4],
        "note_text": ["Seen by Dr. John Smith on 03/04/2021.", None, "John Smith called 617-555-0199.",
                      "Mary Jones at Mercy Hospital"],
        "person_id": [7, 7, 7, 8],
    }, index=[10, 11, 12, 13])
    original = df.copy()
    out = phisift.deidentify_frame(df, text_field="note_text", patient_field="person_id", mode="surrogate",
                                   key_file=tmp_path / "k.key", config={"detect": {"detectors": ["rules", "lexicon"]}})
    assert list(out.columns) == list(df.columns) and list(out.index) == list(df.index)
    pd.testing.assert_frame_equal(df, original)  # the input is not changed
    pseudonyms = out["person_id"].tolist()  # the patient column as phisift deid writes it: keyed pseudonyms
    assert pseudonyms[0] == pseudonyms[1] == pseudonyms[2] != pseudonyms[3] and pseudonyms[0].startswith("patient-")
    texts = out["note_text"].tolist()
    assert texts[1] is None
    assert "John Smith" not in texts[0] and "03/04/2021" not in texts[0] and "617-555-0199" not in texts[2]
    surname = texts[0].split(" on ")[0].split()[-1]
    assert surname in texts[2]  # one patient: the same surrogate for John Smith in both notes
    # the same text as the pipeline gives for that note and patient with the same key
    from phisift.store import load_key

    cfg = load_config(None, {"detect": {"detectors": ["rules", "lexicon"]}, "replace": {"mode": "surrogate"}})
    p = Pipeline.from_config(cfg, secret=load_key(tmp_path / "k.key"))
    assert texts[3] == p.deidentify(Document("13", df["note_text"][13]), "8")[0].text


def test_deidentify_frame_tag_and_errors():
    pd = pytest.importorskip("pandas")
    import phisift

    df = pd.DataFrame({"text": ["Call 617-555-0199."], "other": ["x"]})
    out = phisift.deidentify_frame(df, mode="tag", detectors=["rules"])
    assert out["text"].tolist() == ["Call [PHONE]."] and out["other"].tolist() == ["x"]
    with pytest.raises(UsageError, match="no column 'note'"):
        phisift.deidentify_frame(df, text_field="note", mode="tag")
    with pytest.raises(UsageError, match="must hold text"):
        phisift.deidentify_frame(pd.DataFrame({"text": [3]}), mode="tag", detectors=["rules"])


def test_known_identifiers_of_the_patient_are_found_in_the_notes(tmp_path):
    b = bundle()
    note = "pt whitfield, margaret seen. ref 00482913. WHITFIELD agrees."
    b["entry"][1]["resource"]["content"][0]["attachment"]["data"] = b64(note)
    (tmp_path / "b.json").write_text(json.dumps(b))
    p = pipeline("tag")
    from phisift.document import Document

    assert "margaret" in p.deidentify(Document("x", note))[0].text  # detection alone misses the lower-case name
    deid_file(tmp_path / "b.json", tmp_path / "out.json", "tag")
    out = json.loads((tmp_path / "out.json").read_text())
    text = unb64(out["entry"][1]["resource"]["content"][0]["attachment"]["data"])
    assert text == "pt [PATIENT] seen. ref [MEDICALRECORD]. [PATIENT] agrees."
