"""FHIR: PHI in every element that can identify a person, de-identified, and the output still valid FHIR.

The Bundle carries a distinct PHI string in each element named by the module doc of
``formats/_fhir_fields.py``: the Patient beyond name/birth date (contacts, general
practitioner, narrative, photo, death date), the DocumentReference beyond its
attachment (description, narrative, author, authenticator, custodian, related,
subject, date, period, attachment title and URL, identifiers), and a Practitioner,
an Organization and a RelatedPerson. None may be left in the output, in tag and
surrogate modes (and the output of every mode validates with fhir.resources).
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from phisift.dates import parse_date
from phisift.formats import read_corpus, write_corpus
from phisift.formats._fields import KNOWN_PHI, PATIENT
from phisift.pipeline import Pipeline, load_config
from phisift.store import Secret

NOTE = ("Seen by Dr. Quentin Abernathy on 03/04/2021. Patient Margaret Whitfield, MRN 00482913. "
        "Wife Rosalind Whitfield called.")
DIV = ('<div xmlns="http://www.w3.org/1999/xhtml"><p>Discharge summary of <b>Margaret Whitfield</b>, MRN 00482913,'
       ' born 07/14/1950.</p><p title="Whitfield chart">Reviewed by Dr. Abernathy<br/>at Riverside Clinic.</p>'
       '<a href="mailto:mwhit@example.com">write</a></div>')
PATIENT_DIV = ('<div xmlns="http://www.w3.org/1999/xhtml">Margaret Ann Whitfield, 12 Elm Street, Boston</div>')


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def bundle() -> dict:
    return {"resourceType": "Bundle", "id": "b1", "type": "collection", "entry": [
        {"fullUrl": "urn:uuid:11111111-1111-1111-1111-111111111111", "resource": {
            "resourceType": "Patient", "id": "p1",
            "meta": {"lastUpdated": "2021-03-05T09:00:00Z"},
            "text": {"status": "generated", "div": PATIENT_DIV},
            "identifier": [{"system": "http://hospital.example/mrn", "value": "00482913"},
                           {"system": "http://hl7.org/fhir/sid/us-ssn", "value": "123-45-6789"}],
            "name": [{"use": "official", "family": "Whitfield", "given": ["Margaret", "Ann"],
                      "period": {"start": "1950-07-14"}}],
            "telecom": [{"system": "phone", "value": "617-555-0199"},
                        {"system": "email", "value": "mwhit@example.com"}],
            "gender": "female", "birthDate": "1950-07-14", "deceasedDateTime": "2022-03-15T08:30:00Z",
            "address": [{"line": ["12 Elm Street", "Apt 4B"], "city": "Boston", "district": "Suffolk",
                         "state": "MA", "postalCode": "02139", "country": "USA"}],
            "multipleBirthInteger": 2,
            "photo": [{"contentType": "image/jpeg", "data": b64("jpeg bytes of Margaret")}],
            "contact": [{"relationship": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v2-0131",
                                                       "code": "N"}]}],
                         "name": {"family": "Whitfield", "given": ["Peregrine"]},
                         "telecom": [{"system": "phone", "value": "617-555-0177"}],
                         "address": {"line": ["77 Birch Road"], "city": "Salem", "postalCode": "01970"}}],
            "generalPractitioner": [{"reference": "Practitioner/dr1", "display": "Dr. Quentin Abernathy"}],
            "managingOrganization": {"reference": "Organization/o1", "display": "Riverside Clinic"}}},
        {"fullUrl": "urn:uuid:22222222-2222-2222-2222-222222222222", "resource": {
            "resourceType": "DocumentReference", "id": "d1", "status": "current",
            "text": {"status": "generated", "div": DIV},
            "masterIdentifier": {"system": "urn:ietf:rfc:3986", "value": "urn:oid:1.2.3.9988776"},
            "identifier": [{"system": "http://hospital.example/docs", "value": "DOC-5544332"}],
            "type": {"coding": [{"system": "http://loinc.org", "code": "18842-5", "display": "Discharge summary"}],
                     "text": "Discharge summary of Margaret Whitfield"},
            "subject": {"reference": "Patient/p1", "display": "Margaret Whitfield"},
            "date": "2021-03-04T10:00:00Z",
            "author": [{"reference": "Practitioner/dr1", "display": "Quentin Abernathy"}],
            "authenticator": {"display": "Hollis Pemberton"},
            "custodian": {"reference": "Organization/o1", "display": "Riverside Clinic"},
            "description": "Discharge summary for Margaret Whitfield (MRN 00482913)",
            "content": [
                {"attachment": {"contentType": "text/plain", "data": b64(NOTE), "title": "Note on Margaret Whitfield",
                                "creation": "2021-03-04"}},
                {"attachment": {"contentType": "application/pdf",
                                "url": "https://ehr.example.org/Binary/00482913-whitfield.pdf",
                                "title": "Scan of Whitfield letter"}}],
            "context": {"period": {"start": "2021-03-01T08:00:00Z", "end": "2021-03-04T12:00:00Z"},
                        "related": [{"reference": "Encounter/e1", "display": "Admission of Margaret Whitfield"}],
                        "sourcePatientInfo": {"reference": "Patient/p1", "display": "Whitfield, Margaret"}}}},
        {"resource": {
            "resourceType": "Practitioner", "id": "dr1",
            "identifier": [{"system": "http://hl7.org/fhir/sid/us-npi", "value": "1928374655"}],
            "name": [{"family": "Abernathy", "given": ["Quentin"], "prefix": ["Dr."]}],
            "telecom": [{"system": "phone", "value": "617-555-0142"}, {"system": "fax", "value": "617-555-0143"}],
            "address": [{"line": ["55 Doctor Row"], "city": "Newton", "postalCode": "02458"}],
            "birthDate": "1961-11-02", "photo": [{"url": "https://ehr.example.org/photos/abernathy.jpg"}]}},
        {"resource": {
            "resourceType": "Organization", "id": "o1", "name": "Riverside Clinic", "alias": ["Riverside Family Care"],
            "identifier": [{"system": "http://hl7.org/fhir/sid/us-npi", "value": "5566778899"}],
            "telecom": [{"system": "phone", "value": "617-555-0100"}],
            "address": [{"line": ["900 Hospital Drive"], "city": "Cambridge", "postalCode": "02141"}]}},
        {"resource": {
            "resourceType": "RelatedPerson", "id": "rp1",
            "patient": {"reference": "Patient/p1", "display": "Margaret Whitfield"},
            "name": [{"family": "Whitfield", "given": ["Rosalind"]}], "birthDate": "1948-03-02",
            "telecom": [{"system": "phone", "value": "617-555-0166"}],
            "address": [{"line": ["41 Cedar Court"], "city": "Lynn", "postalCode": "01901"}],
            "period": {"start": "2015-01-01"}}},
    ]}


PHI = ["Margaret", "Whitfield", "00482913", "123-45-6789", "1950-07-14", "617-555-0199", "mwhit@example.com",
       "2022-03-15", "12 Elm Street", "Apt 4B", "Boston", "Suffolk", "02139", "jpeg bytes", b64("jpeg bytes of Margaret"),
       "Peregrine", "617-555-0177", "77 Birch Road", "Salem", "01970", "Quentin", "Abernathy", "Riverside",
       "2021-03-05", "07/14/1950", "9988776", "DOC-5544332", "2021-03-04", "Hollis", "Pemberton",
       "03/04/2021", "Rosalind", "2021-03-01", "ehr.example.org", "1928374655", "617-555-0142", "617-555-0143",
       "55 Doctor Row", "Newton", "02458", "1961-11-02", "abernathy.jpg", "5566778899", "617-555-0100",
       "900 Hospital Drive", "Cambridge", "02141", "1948-03-02", "617-555-0166", "41 Cedar Court", "Lynn", "01901",
       "2015-01-01"]


def all_text(obj) -> str:
    """Every string of the output, base64 data decoded (what a reader of it sees)."""
    if isinstance(obj, dict):
        return "\n".join(f"{k}\n{base64.b64decode(v).decode(errors='replace')}\n{v}" if k == "data"
                         else all_text(v) for k, v in obj.items())
    if isinstance(obj, list):
        return "\n".join(all_text(v) for v in obj)
    return str(obj)


def _deid(tmp_path: Path, mode: str) -> dict:
    cfg = load_config(None, {"detect": {"detectors": ["rules", "lexicon"]}, "replace": {"mode": mode}})
    p = Pipeline.from_config(cfg, secret=Secret(b"fixed-test-key" * 3))
    (tmp_path / "b.json").write_text(json.dumps(bundle()))
    docs = list(read_corpus(tmp_path / "b.json"))
    write_corpus([p.deidentify(d, d.meta.get(PATIENT))[0] for d in docs], tmp_path / "out.json", default="fhir")
    return json.loads((tmp_path / "out.json").read_text())


def test_every_phi_string_is_in_the_input():
    seen = all_text(bundle())
    assert [p for p in PHI if p not in seen] == []


@pytest.mark.parametrize("mode", ["tag", "surrogate", "mask", "redact"])
def test_no_phi_left_and_still_valid_fhir(tmp_path, mode):
    from fhir.resources.R4B.bundle import Bundle

    out = _deid(tmp_path, mode)
    Bundle.model_validate(out)
    assert [p for p in PHI if p in all_text(out)] == []
    patient, doc, practitioner, org, related = (e["resource"] for e in out["entry"])
    assert "photo" not in patient and "photo" not in practitioner
    # what identifies no one stays
    assert patient["gender"] == "female" and patient["multipleBirthInteger"] == 2
    assert patient["contact"][0]["relationship"] == bundle()["entry"][0]["resource"]["contact"][0]["relationship"]
    assert doc["type"]["coding"] == bundle()["entry"][1]["resource"]["type"]["coding"] and doc["status"] == "current"
    assert doc["type"]["text"].startswith("Discharge summary of ")  # a concept's free text: only its PHI goes
    assert doc["subject"]["reference"] == "Patient/p1" and doc["author"][0]["reference"] == "Practitioner/dr1"
    assert practitioner["name"][0]["prefix"] == ["Dr."]
    for div in (patient["text"]["div"], doc["text"]["div"]):
        assert div.startswith('<div xmlns="http://www.w3.org/1999/xhtml">')
    assert "<b" in doc["text"]["div"] and "<br />" in doc["text"]["div"]  # the markup stays
    if mode == "tag":
        assert doc["description"] == "Discharge summary for [PATIENT] (MRN [MEDICALRECORD])"
        assert doc["author"][0]["display"] == "[DOCTOR]" and doc["custodian"]["display"] == "[HOSPITAL]"
        assert "_date" in doc and "date" not in doc  # "[DATE]" is no instant: masked, still valid
        assert org["name"] == "[HOSPITAL]"


def test_surrogates_consistent_between_fields_and_text(tmp_path):
    out = _deid(tmp_path, "surrogate")
    patient, doc, practitioner, org, related = (e["resource"] for e in out["entry"])
    note = base64.b64decode(doc["content"][0]["attachment"]["data"]).decode()
    name = patient["name"][0]
    assert f"{name['given'][0]} {name['family']}" in note
    assert doc["subject"]["display"] == f"{name['given'][0]} {name['family']}"
    assert f"{name['given'][0]} {name['family']}" in doc["description"]
    assert f"Dr. {doc['author'][0]['display']}" in note  # the author field is a known identifier of the note
    # one date shift for the patient: DocumentReference.date and the note's "on 03/04/2021"
    in_note = re.search(r" on (\S+)\. ", note).group(1)
    assert parse_date(in_note).value.isoformat() == doc["date"][:10]
    assert doc["date"].endswith("T10:00:00Z") and doc["content"][0]["attachment"]["creation"] == doc["date"][:10]


def test_field_values_are_known_identifiers_of_the_texts(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(bundle()))
    docs = {d.id: d for d in read_corpus(tmp_path / "b.json")}
    note = docs["DocumentReference/d1"]
    known = {(k["label"], k["text"]) for k in note.meta[KNOWN_PHI]}
    assert {("PATIENT", "Margaret Ann Whitfield"), ("DOCTOR", "Quentin Abernathy"), ("HOSPITAL", "Riverside Clinic"),
            ("IDNUM", "DOC-5544332"), ("SSN", "123-45-6789")} <= known
    free = docs["DocumentReference/d1/free-text"]
    assert "Discharge summary for Margaret Whitfield (MRN 00482913)" in free.text
    assert "Margaret Whitfield" in free.text.split("\n")  # a text node of the narrative is a line
    skeletons = json.dumps([d.meta["_fhir"] for d in docs.values()])
    assert [p for p in ("Margaret", "Abernathy", "00482913", "Riverside") if p in skeletons] == []


def test_bad_narrative_is_one_line_naming_file_and_resource(tmp_path):
    b = bundle()
    b["entry"][1]["resource"]["text"]["div"] = "<div>Margaret <b>Whitfield</div>"
    (tmp_path / "b.json").write_text(json.dumps(b))
    from phisift.errors import InputError

    with pytest.raises(InputError) as err:
        list(read_corpus(tmp_path / "b.json"))
    assert "b.json" in str(err.value) and "DocumentReference/d1" in str(err.value) and "text.div" in str(err.value)
    assert "Margaret" not in str(err.value)


def test_cli_tag_ndjson(tmp_path):
    lines = "".join(json.dumps(e["resource"]) + "\n" for e in bundle()["entry"])
    (tmp_path / "in.ndjson").write_text(lines)
    res = subprocess.run([sys.executable, "-m", "phisift.cli", "deid", str(tmp_path / "in.ndjson"),
                          str(tmp_path / "out.ndjson"), "--mode", "tag", "--store", str(tmp_path / "s.db"),
                          "--detectors", "rules,lexicon"], capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert res.returncode == 0, res.stderr
    out = [json.loads(line) for line in (tmp_path / "out.ndjson").read_text().splitlines()]
    assert len(out) == 5 and [p for p in PHI if p in all_text(out)] == []
    assert out[1]["type"]["coding"] == bundle()["entry"][1]["resource"]["type"]["coding"]
    assert out[1]["type"]["text"] == "Discharge summary of [PATIENT]"
