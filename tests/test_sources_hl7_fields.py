"""HL7 v2: PHI in every field that can identify a person, in every segment, de-identified.

One message (and a second one of the same patient) carries a distinct PHI string in
each field the per-segment tables name (PID, NK1, PV1, PV2, GT1, IN1, IN2, ORC, OBR,
OBX of several value types, NTE, AL1, DG1, PR1, EVN, MSH, a Z-segment). The output
must hold none of them, keep the segments, their order, the number of fields and the
encoding characters, and leave the coded fields (codes, units, ranges, flags) as they
were; in surrogate mode a person, an identifier and the date shift are the same in
the fields and in the text, and across the patient's messages.
"""

from __future__ import annotations

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


def seg(name: str, fields: dict[int, str]) -> str:
    """A segment line from its non-empty fields (numbered as in the standard)."""
    last = max(fields)
    return "|".join([name] + [fields.get(n, "") for n in range(1, last + 1)])


MSH = "MSH|^~\\&|LAB|AgathaMed|EHR|AgathaMed|{time}||ORU^R01|{ctrl}|P|2.5"
SEGMENTS = [
    MSH.format(time="20210101120000-0500", ctrl="CTRL83472"),
    seg("EVN", {1: "R01", 2: "20210101115500", 3: "20210102080000", 5: "OP7781^Kowalczyk^Dorota",
                6: "20210101114500"}),
    seg("PID", {1: "1", 2: "EXT55123^^^AgathaMed^PI", 3: "00482913^^^AgathaMed^MR~555443333^^^SSA^SS",
                4: "ALT66123^^^AgathaMed^AN", 5: "Whitfield^Margaret^Ann", 6: "Fairweather^Eulalia", 7: "19500714",
                8: "F", 9: "Thornbury^Maggie", 10: "2106-3^White^CDCREC",
                11: "12 Elm Street&Elm Street&12^Apt 4B^Boston^MA^02139^USA^H^^Suffolk",
                12: "Middlesex", 13: "(617)555-0199^PRN^PH^mwhit@example.com~^NET^Internet^margaret.w@mailhost.org",
                14: "(617)555-0142^WPN^PH", 15: "en", 16: "M", 18: "ACCT99887", 19: "123-45-6789",
                20: "S99912345^MA^20250101", 21: "MOTH44556^^^AgathaMed^MR", 23: "Providence", 29: "20220315",
                30: "Y"}),
    seg("PD1", {3: "Riverside Family Clinic", 4: "DR5521^Abernathy^Quentin"}),
    seg("NK1", {1: "1", 2: "Whitfield^Peregrine^J", 3: "SPO^Spouse^HL70063", 4: "77 Birch Road^^Salem^MA^01970",
                5: "(617)555-0177", 6: "(617)555-0188", 7: "C^Emergency Contact^HL70131", 8: "20150101",
                9: "20251231", 12: "EMP3321^^^ACME^EI", 13: "Harborview Logistics", 16: "19480302",
                30: "Whitfield^Rosalind", 31: "(617)555-0166", 32: "41 Cedar Court^^Lynn^MA^01901",
                33: "NKMRN7788^^^AgathaMed^MR", 37: "987-65-4321", 38: "Pawtucket"}),
    seg("PV1", {1: "1", 2: "I", 3: "ICU^12^B^AgathaMed", 7: "DR1001^Smithers^Bartholomew", 8: "DR1002^Oyelaran^Folasade",
                9: "DR1003^Vandermeer^Cornelius", 10: "MED", 17: "DR1004^Lindqvist^Astrid", 19: "VIS556677",
                44: "20201231083000", 45: "20210105140000"}),
    seg("PV2", {3: "W19^Fall seen by Dr. Smithers^I10", 8: "20201231", 9: "20210106",
                12: "Visit of Margaret Whitfield", 13: "DR1005^Pemberton^Hollis"}),
    seg("GT1", {1: "1", 2: "GUAR4455^^^AgathaMed", 3: "Whitfield^Archibald", 4: "Whitfield^Margaret",
                5: "12 Elm Street^^Boston^MA^02139", 6: "(617)555-0111", 7: "(617)555-0122", 8: "19470505", 9: "M",
                11: "SPO^Spouse^HL70063", 12: "222-33-4444", 13: "20200101", 14: "20221231", 16: "Grantham^Ezekiel",
                17: "400 Commerce Way^^Lowell^MA^01852", 18: "(978)555-0133", 19: "EMPID5566",
                21: "Grantham Shipping Co"}),
    seg("IN1", {1: "1", 2: "PLAN01^Gold Plan^L", 3: "INS01^^^PAYER", 4: "Acme Health Insurance",
                6: "Benedetti^Loretta", 7: "(860)555-0144", 8: "GRP778899", 9: "Harborview Group",
                10: "EMPGRP6677", 11: "Harborview Employer", 12: "20200101", 13: "20211231",
                16: "Whitfield^Margaret^Ann", 17: "SEL^Self^HL70063", 18: "19500714",
                19: "12 Elm Street^^Boston^MA^02139", 36: "POL5544332", 49: "INSID998877"}),
    seg("IN2", {1: "INSEMP1122", 2: "321-54-9876", 3: "EMPR3344^Fairbanks^Leopold"}),
    seg("ORC", {1: "RE", 2: "PLC123456^EHR", 3: "FIL654321^LAB", 4: "GRP7788^EHR", 5: "CM",
                7: "^^^20210101090000^20210102090000", 9: "20210101091500", 10: "ENT5566^Fitzgerald^Imogen",
                11: "VER7788^Castellano^Rufus", 12: "DR1006^Nakamura^Hiroshi", 14: "(617)555-0155",
                15: "20210101093000", 19: "ACT3344^Delacroix^Marcel", 21: "Mercy North Infirmary",
                22: "900 Hospital Drive^^Cambridge^MA^02141", 23: "(617)555-0100",
                24: "55 Doctor Row^^Newton^MA^02458"}),
    seg("OBR", {1: "1", 2: "PLC123456^EHR", 3: "FIL654321^LAB", 4: "11488-4^Consult note^LN",
                7: "20210101100000", 8: "20210101110000", 10: "COLL9988^Whitcombe^Sylvia",
                13: "Fell at 12 Elm Street", 14: "20210101101500", 16: "DR1006^Nakamura^Hiroshi",
                17: "(617)555-0156", 22: "20210101130000", 25: "F",
                28: "DR1007^Okonkwo^Chidi~DR1008^Brannigan^Fiona", 32: "DR1009&Halvorsen&Ingrid"}),
    seg("OBX", {1: "1", 2: "TX", 3: "11488-4^Consult note^LN",
                5: "Seen by Dr. Smithers. Patient Margaret Whitfield, DOB 07/14/1950.", 11: "F"}),
    seg("OBX", {1: "2", 2: "NM", 3: "8867-4^Heart rate^LN", 5: "72", 6: "/min", 7: "60-100", 8: "N", 11: "F"}),
    seg("OBX", {1: "3", 2: "CE", 3: "1234-5^Allergy^LN", 5: "PCN^Reaction noted by Dr. Smithers^L", 11: "F"}),
    seg("OBX", {1: "4", 2: "DT", 3: "21112-8^Birth date^LN", 5: "19500714", 11: "F"}),
    seg("OBX", {1: "5", 2: "TS", 3: "X1^Event time^L", 5: "20210103101010", 11: "F", 14: "20210103111111",
                16: "DR1010^Quigley^Rosamund", 19: "20210103121212", 23: "Quarry Lane Laboratory",
                24: "8 Quarry Lane^^Quincy^MA^02169", 25: "DR1016^Ferreira^Joaquim"}),
    seg("OBX", {1: "6", 2: "XPN", 3: "X2^Contact name^L", 5: "Whitfield^Peregrine", 11: "F"}),
    seg("NTE", {1: "1", 3: "Son Peregrine Whitfield at bedside.", 4: "RE", 5: "DR1011^Esposito^Valentina",
                6: "20210103131313"}),
    seg("AL1", {1: "1", 2: "DA", 3: "70618^Penicillin^RXNORM", 4: "SV", 5: "Hives per Margaret Whitfield",
                6: "20190807"}),
    seg("DG1", {1: "1", 2: "I10", 3: "S72.001A^Fracture of femur^I10", 4: "Fell at 12 Elm Street",
                5: "20210101", 6: "A", 16: "DR1012^Rasmussen^Torvald", 19: "20210104141414"}),
    seg("PR1", {1: "1", 2: "C4", 3: "27236^Hip repair^CPT", 4: "Repair by Dr. Nakamura", 5: "20210102150000",
                8: "DR1013^Abiodun^Kehinde", 11: "DR1014^Gallagher^Siobhan", 12: "DR1015^Moreau^Anais"}),
    seg("ZXX", {1: "1", 2: "Whitfield family contact ok", 3: "MRN 00482913 confirmed"}),
]
SECOND = [  # another message of the same patient (PID-3 00482913)
    MSH.format(time="20210201120000", ctrl="CTRL83473"),
    seg("PID", {1: "1", 3: "00482913^^^AgathaMed^MR", 5: "Whitfield^Margaret^Ann", 7: "19500714"}),
    seg("PV1", {1: "1", 2: "O", 7: "DR1001^Smithers^Bartholomew"}),
    seg("OBX", {1: "1", 2: "TX", 3: "11488-4^Consult note^LN", 5: "Margaret Whitfield seen by Dr. Smithers.",
                11: "F"}),
]
HL7 = "\n".join(SEGMENTS) + "\n\n" + "\n".join(SECOND) + "\n"

PHI = [
    "20210101120000", "CTRL83472", "CTRL83473", "20210201120000",
    "20210101115500", "20210102080000", "OP7781", "Kowalczyk", "Dorota", "20210101114500",
    "EXT55123", "00482913", "555443333", "ALT66123", "Whitfield", "Margaret", "Fairweather", "Eulalia",
    "19500714", "Thornbury", "Maggie", "12 Elm Street", "Elm Street", "Apt 4B", "Boston", "02139", "Suffolk",
    "Middlesex", "555-0199", "mwhit@example.com", "margaret.w@mailhost.org", "555-0142", "ACCT99887",
    "123-45-6789", "S99912345", "20250101", "MOTH44556", "Providence", "20220315",
    "Riverside Family Clinic", "DR5521", "Abernathy", "Quentin",
    "Peregrine", "77 Birch Road", "Salem", "01970", "555-0177", "555-0188", "20150101", "20251231", "EMP3321",
    "Harborview Logistics", "19480302", "Rosalind", "555-0166", "41 Cedar Court", "Lynn", "01901", "NKMRN7788",
    "987-65-4321", "Pawtucket",
    "DR1001", "Smithers", "Bartholomew", "DR1002", "Oyelaran", "Folasade", "DR1003", "Vandermeer", "Cornelius",
    "DR1004", "Lindqvist", "Astrid", "VIS556677", "20201231083000", "20210105140000",
    "20201231", "20210106", "DR1005", "Pemberton", "Hollis",
    "GUAR4455", "Archibald", "555-0111", "555-0122", "19470505", "222-33-4444", "20200101", "20221231",
    "Grantham", "Ezekiel", "400 Commerce Way", "Lowell", "01852", "555-0133", "EMPID5566",
    "Benedetti", "Loretta", "555-0144", "GRP778899", "Harborview Group", "EMPGRP6677", "Harborview Employer",
    "20211231", "POL5544332", "INSID998877",
    "INSEMP1122", "321-54-9876", "EMPR3344", "Fairbanks", "Leopold",
    "PLC123456", "FIL654321", "GRP7788", "20210101090000", "20210102090000", "20210101091500", "ENT5566",
    "Fitzgerald", "Imogen", "VER7788", "Castellano", "Rufus", "DR1006", "Nakamura", "Hiroshi", "555-0155",
    "20210101093000", "ACT3344", "Delacroix", "Marcel", "Mercy North Infirmary", "900 Hospital Drive",
    "Cambridge", "02141", "555-0100", "55 Doctor Row", "Newton", "02458",
    "20210101100000", "20210101110000", "COLL9988", "Whitcombe", "Sylvia", "20210101101500", "555-0156",
    "20210101130000", "DR1007", "Okonkwo", "Chidi", "DR1008", "Brannigan", "Fiona", "DR1009", "Halvorsen",
    "Ingrid", "07/14/1950", "20210103101010", "20210103111111", "DR1010", "Quigley", "Rosamund",
    "20210103121212", "Quarry Lane", "Quincy", "02169", "DR1016", "Ferreira", "Joaquim",
    "DR1011", "Esposito", "Valentina", "20210103131313", "20190807", "20210104141414", "DR1012", "Rasmussen",
    "Torvald", "20210102150000", "DR1013", "Abiodun", "Kehinde", "DR1014", "Gallagher", "Siobhan", "DR1015",
    "Moreau", "Anais", "AgathaMed",  # the facility: MSH-4/6, PV1-3's facility, identifiers' assigning authority
]
# coded (non-identifying) values that must come out unchanged: (segment, occurrence, field index after split)
CODED = [("MSH", 0, 1), ("MSH", 0, 2), ("MSH", 0, 8), ("MSH", 0, 10), ("MSH", 0, 11), ("PID", 0, 8),
         ("PID", 0, 10), ("PID", 0, 15), ("PID", 0, 16), ("PID", 0, 30), ("NK1", 0, 3), ("NK1", 0, 7),
         ("PV1", 0, 2), ("PV1", 0, 10), ("GT1", 0, 9), ("GT1", 0, 11), ("IN1", 0, 2), ("IN1", 0, 3),
         ("IN1", 0, 4), ("IN1", 0, 17), ("ORC", 0, 1), ("ORC", 0, 5), ("OBR", 0, 4), ("OBR", 0, 25),
         ("AL1", 0, 2), ("AL1", 0, 4), ("DG1", 0, 2), ("DG1", 0, 6), ("PR1", 0, 2), ("NTE", 0, 4)] + [
         ("OBX", n, f) for n in range(6) for f in (1, 2, 3, 11)] + [
         ("OBX", 1, 5), ("OBX", 1, 6), ("OBX", 1, 7), ("OBX", 1, 8)]


def _segments(text: str) -> list[list[str]]:
    return [line.split("|") for line in text.splitlines() if line]


def _field(segments: list[list[str]], name: str, occurrence: int, index: int) -> str:
    found = [s for s in segments if s[0] == name][occurrence]
    return found[index] if index < len(found) else ""


def _deid(tmp_path: Path, mode: str) -> str:
    cfg = load_config(None, {"detect": {"detectors": ["rules", "lexicon"]}, "replace": {"mode": mode}})
    p = Pipeline.from_config(cfg, secret=Secret(b"fixed-test-key" * 3))
    (tmp_path / "in.hl7").write_text(HL7)
    docs = list(read_corpus(tmp_path / "in.hl7"))
    write_corpus([p.deidentify(d, d.meta.get(PATIENT))[0] for d in docs], tmp_path / "out.hl7", default="hl7v2")
    return (tmp_path / "out.hl7").read_text()


def test_every_phi_string_is_distinct_and_in_the_input():
    assert [p for p in PHI if p not in HL7] == []


@pytest.mark.parametrize("mode", ["tag", "surrogate", "mask", "redact"])
def test_no_phi_left_structure_and_codes_kept(tmp_path, mode):
    import hl7

    out = _deid(tmp_path, mode)
    assert [p for p in PHI if p in out] == []
    before, after = _segments(HL7), _segments(out)
    assert [s[0] for s in after] == [s[0] for s in before]  # same segments, same order
    assert [len(s) for s in after] == [len(s) for s in before]  # same number of fields
    for name, occurrence, index in CODED:
        assert _field(after, name, occurrence, index) == _field(before, name, occurrence, index), (name, index)
    for message in out.strip().split("\n\n"):
        parsed = hl7.parse(message.replace("\n", "\r"))
        assert str(parsed.segment("MSH")[2]) == "^~\\&"
    # the code of a coded element stays, its text is de-identified
    assert _field(after, "OBX", 2, 5).startswith("PCN^") and _field(after, "OBX", 2, 5).endswith("^L")
    assert _field(after, "DG1", 0, 3) == "S72.001A^Fracture of femur^I10"
    if mode != "redact":
        assert _field(after, "MSH", 0, 6).endswith("-0500")  # the time zone of MSH-7 stays (split index 6)
    if mode == "tag":
        assert _field(after, "PV1", 0, 7) == "[IDNUM]^[DOCTOR]^[DOCTOR]"
        assert _field(after, "PID", 0, 7) == "[DATE]"
        assert _field(after, "ZXX", 0, 2) == "[PATIENT] family contact ok"
        # the facility is a hospital (MSH-4/6, a location's facility); the application, ward, room and bed stay
        assert _field(after, "MSH", 0, 3) == _field(after, "MSH", 0, 5) == "[HOSPITAL]"
        assert _field(after, "PV1", 0, 3) == "ICU^12^B^[HOSPITAL]"
        assert _field(after, "PID", 0, 4) == "[MEDICALRECORD]^^^[HOSPITAL]^AN"
    if mode == "redact":
        assert _field(after, "PID", 0, 5) == "^^" and _field(after, "MSH", 0, 6) == ""


def test_surrogates_consistent_between_fields_text_and_messages(tmp_path):
    out = _deid(tmp_path, "surrogate")
    first, second = (_segments(m) for m in out.strip().split("\n\n"))
    family, given = _field(first, "PID", 0, 5).split("^")[:2]
    doctor = _field(first, "PV1", 0, 7).split("^")[1]
    assert f"{given} {family}" in _field(first, "OBX", 0, 5)
    assert f"Dr. {doctor}" in _field(first, "OBX", 0, 5) and f"Dr. {doctor}" in _field(first, "PV2", 0, 3)
    assert _field(second, "PID", 0, 5) == _field(first, "PID", 0, 5)  # the same patient in both messages
    assert _field(second, "PV1", 0, 7) == _field(first, "PV1", 0, 7)
    assert _field(second, "PID", 0, 3) == _field(first, "PID", 0, 3).split("~")[0]
    assert f"{given} {family} seen by Dr. {doctor}." == _field(second, "OBX", 0, 5)
    # one date shift for the patient: PID-7, OBX-5 of type DT and the note's "DOB 07/14/1950"
    dob = _field(first, "PID", 0, 7)
    assert re.fullmatch(r"\d{8}", dob) and _field(first, "OBX", 3, 5) == dob
    in_text = re.search(r"DOB (\S+)\.", _field(first, "OBX", 0, 5)).group(1)
    assert parse_date(in_text).value == parse_date(dob).value
    assert _field(second, "PID", 0, 7) == dob


def test_field_values_are_the_texts_known_identifiers(tmp_path):
    (tmp_path / "in.hl7").write_text(HL7)
    text = next(iter(read_corpus(tmp_path / "in.hl7")))
    known = {(k["label"], k["text"]) for k in text.meta[KNOWN_PHI]}
    assert {("PATIENT", "Margaret Ann Whitfield"), ("PATIENT", "Peregrine J Whitfield"),
            ("DOCTOR", "Bartholomew Smithers"), ("DOCTOR", "Ingrid Halvorsen"), ("SSN", "555443333"),
            ("HEALTHPLAN", "POL5544332"), ("IDNUM", "CTRL83472")} <= known
    assert "Whitfield family contact ok" in text.text and "Reaction noted by Dr. Smithers" in text.text
    assert "Margaret" not in str(text.meta["_hl7"])


def test_cli_surrogate_with_a_fixed_key(tmp_path):
    (tmp_path / "in.hl7").write_text(HL7)
    key = tmp_path / "k.key"
    key.write_text("c0ffee42" * 8 + "\n")
    key.chmod(0o600)
    res = subprocess.run([sys.executable, "-m", "phisift.cli", "deid", str(tmp_path / "in.hl7"),
                          str(tmp_path / "out.hl7"), "--mode", "surrogate", "--key-file", str(key), "--store",
                          str(tmp_path / "s.db"), "--detectors", "rules,lexicon"], capture_output=True, text=True,
                         cwd=tmp_path, timeout=600)
    assert res.returncode == 0, res.stderr
    out = (tmp_path / "out.hl7").read_text()
    assert [p for p in PHI if p in out] == []
    assert [s[0] for s in _segments(out)] == [s[0] for s in _segments(HL7)]
