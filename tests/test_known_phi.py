"""Known identifiers (issue 17, build item 5) and record fields (build item 1), library level."""

from __future__ import annotations

import json
import re

import pytest

from phisift.detect.known import KnownPHI, KnownValue, load_known_phi
from phisift.document import Document, Span
from phisift.errors import InputError
from phisift.pseudonyms import FieldPolicy, PatientKey, holds_phi, load_patient_map, patient_pattern, pseudonym
from phisift.store import Secret

SECRET = Secret(b"k" * 40)
KNOWN = KnownPHI({
    "p1": (KnownValue("PATIENT", "Margaret O'Connell-Whitfield"), KnownValue("DATE", "1931-05-02"),
           KnownValue("MEDICALRECORD", "00482913"), KnownValue("PHONE", "(617) 555-0199")),
    "p2": (KnownValue("PATIENT", "John Smith"),),
})


def found(text: str, patient: str = "p1") -> set[tuple[str, str]]:
    return {(s.label, text[s.start : s.end]) for s in KNOWN.detect(text, patient)}


@pytest.mark.parametrize("written", [
    "Margaret O'Connell-Whitfield", "MARGARET O'CONNELL-WHITFIELD", "margaret o'connell-whitfield",
    "O'Connell-Whitfield, Margaret", "OConnell-Whitfield, Margaret", "M. O'Connell-Whitfield",
    "O'Connell-Whitfield, M.", "Margaret O Connell Whitfield",
    "M.A. O'Connell-Whitfield", "Margaret A. O'Connell-Whitfield",  # a middle initial the record lacks
])
def test_a_known_name_is_found_in_its_variants(written):
    assert ("PATIENT", written) in found(f"Seen: {written} today.")


def test_first_or_last_name_alone_and_possessives():
    text = "Margaret's daughter called; Mrs. Whitfield and O'Connell-Whitfield agreed. MARGARET signed."
    got = found(text)
    assert {("PATIENT", "Margaret"), ("PATIENT", "Whitfield"), ("PATIENT", "O'Connell-Whitfield"),
            ("PATIENT", "MARGARET")} <= got
    assert found("we may margaret the plan") == set()  # a lower-case word alone is prose, not the name


@pytest.mark.parametrize("written", ["oconnell-whitfield_margaret", "margaret_o_connell_whitfield",
                                     "OConnell-Whitfield_Margaret"])
def test_a_known_name_joined_by_underscores_is_found(written):
    """File names and user ids join name words with underscores; in any case they are the name."""
    text = f"attached: {written}_00482913.txt"
    got = found(text)
    assert ("PATIENT", written) in got
    assert ("MEDICALRECORD", "00482913") in got


def test_an_underscore_is_a_boundary_but_a_longer_word_is_not_the_name():
    assert ("PATIENT", "Whitfield") in found("scan_Whitfield_2020.png")
    assert found("Whitfieldson and margaretta") == set()


@pytest.mark.parametrize("written", ["5/2/1931", "05/02/1931", "1931-05-02", "May 2, 1931", "2 May 1931",
                                     "May 2nd, 1931", "19310502", "02.05.1931", "2-MAY-1931"])
def test_a_known_date_is_found_in_every_format(written):
    assert ("DATE", written) in found(f"DOB {written}.")


@pytest.mark.parametrize("written", ["00482913", "0048-2913", "482913", "004 829 13", "00-482-913"])
def test_a_known_record_number_with_or_without_separators(written):
    assert ("MEDICALRECORD", written) in found(f"MRN {written}.")
    assert found(f"MRN 1{written}9.") == set() or written.startswith("0")


def test_phone_digits_in_any_layout():
    assert ("PHONE", "617-555-0199") in found("call 617-555-0199")
    assert ("PHONE", "6175550199") in found("call 6175550199")


def test_known_values_never_cross_to_another_patient():
    text = "Margaret O'Connell-Whitfield and John Smith, MRN 00482913."
    assert ("PATIENT", "John Smith") not in found(text, "p1")
    assert found(text, "p2") == {("PATIENT", "John Smith")}
    assert found(text, "nobody") == set()


def test_load_known_phi_merges_lines_and_names_bad_lines(tmp_path):
    path = tmp_path / "known.jsonl"
    path.write_text(json.dumps({"patient": 7, "phi": [{"label": "PATIENT", "text": "Ann Lee"}]}) + "\n"
                    + json.dumps({"patient": "7", "phi": [{"label": "MEDICALRECORD", "text": "A-1234"}]}) + "\n")
    known = load_known_phi(path)
    assert [v.text for v in known.values["7"]] == ["Ann Lee", "A-1234"]
    path.write_text('{"patient": "7", "phi": [{"label": "PATIENT", "text": "Ann Lee"}]}\n{"patient": "8"}\n')
    with pytest.raises(InputError) as err:
        load_known_phi(path)
    assert "known.jsonl:2" in str(err.value) and "Ann" not in str(err.value)


# --- fields, ids, patients -----------------------------------------------------------
def test_the_patient_field_and_chosen_fields_become_keyed_pseudonyms():
    policy = FieldPolicy(patient_field="mrn", pseudonymise=("visit",), drop=("name",))
    src = Document("1", "Pt seen.", meta={"mrn": "123", "visit": "V9", "name": "John", "ward": "4B"})
    out = policy.apply(SECRET, src, src, [], "123")
    assert out.meta["mrn"] == pseudonym(SECRET, "123", "patient") and "123" not in out.meta["mrn"]
    assert out.meta["visit"] != "V9" and "name" not in out.meta and out.meta["ward"] == "4B"
    again = policy.apply(SECRET, src, src, [], "123")
    assert again.meta == out.meta  # keyed: the same in every run
    assert policy.apply(Secret(b"z" * 40), src, src, [], "123").meta["mrn"] != out.meta["mrn"]


def test_an_id_holding_phi_becomes_a_pseudonym_unless_kept():
    text = "Margaret O'Connell-Whitfield, MRN 00482913."
    doc = Document("OConnell-Whitfield_Margaret_00482913", text)
    spans = [Span(0, 28, "PATIENT"), Span(34, 42, "MEDICALRECORD")]
    out = FieldPolicy().apply(SECRET, doc, doc, spans, doc.id)
    assert re.fullmatch(r"doc-[0-9a-f]{16}", out.id)
    assert FieldPolicy(keep_ids=True).apply(SECRET, doc, doc, spans, doc.id).id == doc.id
    plain = Document("note_0001", text)
    assert FieldPolicy().apply(SECRET, plain, plain, spans, plain.id).id == "note_0001"
    assert holds_phi("smith-visit", ["John Smith"]) and not holds_phi("visit-2", ["John Smith"])


def test_patient_keys_from_a_field_a_map_or_the_file_name(tmp_path):
    doc = Document("OConnell_00482913_note2", "x", meta={"mrn": "42"})
    assert PatientKey(field_name="mrn").of(doc) == "42"
    assert PatientKey(pattern=patient_pattern(r"_(?P<patient>\d+)_")).of(doc) == "00482913"
    assert PatientKey(pattern=patient_pattern(r"_(\d+)_")).of(doc) == "00482913"
    mapping = tmp_path / "patients.csv"
    mapping.write_text("file,patient\nOConnell_00482913_note2.txt,P1\n")
    assert PatientKey(mapping=load_patient_map(mapping)).of(doc) == "P1"
    with pytest.raises(InputError) as err:
        PatientKey(mapping={"other": "P2"}).of(doc, number=3)
    assert "document 3" in str(err.value) and "OConnell" not in str(err.value)
    assert PatientKey().of(doc) == doc.id
