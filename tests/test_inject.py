"""The PHI injector for real prose (phisift.synth.inject) and neutral regions in scoring."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from phisift.document import Document, Span
from phisift.evaluate import evaluate
from phisift.formats import jsonl
from phisift.synth.inject import FAMILIES, LOCALES, InjectConfig, inject, query, recase
from phisift.synth.inject.injector import _assemble
from phisift.synth.inject.phrase import lit, phi

# Carrier prose written for this test, in the shape of dictated transcriptions.
PROSE = (
    "HISTORY OF PRESENT ILLNESS: , Mr. ABC is a 64-year-old man who was seen by Dr. X at ABCD General Hospital "
    "on MM/DD/YYYY for chest pain. He reports the pain started after lunch. It radiates to the left arm. "
    "He denies fever or chills. His wife brought him in. The ECG showed sinus rhythm. Troponin was negative. "
    "He was admitted to telemetry. Cardiology was consulted. The plan is a stress test in the morning. "
    "He agrees with the plan.",
    "The employee was walking near the conveyor when he slipped on wet rock. He fell onto his left side. "
    "He was taken to the clinic in 2012 for x-rays. No fracture was seen. He returned to light duty. "
    "The foreman reviewed the area. Mats were placed by the belt. Training was repeated for the crew.",
    "PROCEDURE: , Left knee arthroscopy. INDICATIONS: , The patient had pain for months. She failed therapy. "
    "She was seen by Dr. Smith at XYZ Hospital last spring. The risks were explained. Consent was signed. "
    "The knee was prepped and draped. The scope was inserted. The meniscus tear was trimmed. "
    "The portals were closed. She tolerated it well.",
)
FORMS = (
    "apt_part", "long_country", "nonus_postcode", "intl_multiline", "person_named_street", "territory",
    "childrens_of_x", "saint_x", "acronym_or_short", "court", "ministry", "company", "lab",
    "last_first_caps", "first_initial", "initial_surname", "initials_surname", "title_no_period", "bare_first",
    "word_name", "misspelt", "after_role", "before_credential", "lower", "upper",
    "words_hyphen", "lower_abbrev", "the_nth_of", "iso_datetime", "holiday_year",
    "letter_phone_shape", "bio_hex", "username", "plate", "mac", "iban", "coordinates", "cued", "job",
)


def corpus(seed: int, n: int = 60) -> list[Document]:
    return [inject(f"n{i}", PROSE[i % len(PROSE)], seed) for i in range(n)]


@pytest.fixture(scope="module")
def docs() -> list[Document]:
    return corpus(7, 150)


def test_offsets_are_exact_by_construction():
    """Gold spans land exactly on the inserted values, around a replaced placeholder and insertions."""
    text = "Seen by Dr. X today. Plan: rest."
    pieces = {
        (0, 0): [(phi("SMITH, ANNA", "PATIENT", "person", "f"), lit("\n"))],
        (12, 13): [(phi("Okafor", "DOCTOR", "person", "f"),)],
        (21, 21): [(lit("Ref #"), phi("W655-377-8207", "IDNUM", "identifier", "f"), lit(". "))],
    }
    doc = _assemble("d", text, pieces, [], [], {})
    assert doc.text == "SMITH, ANNA\nSeen by Dr. Okafor today. Ref #W655-377-8207. Plan: rest."
    got = [(doc.text[s.start : s.end], s.label, s.source) for s in doc.spans]
    assert got == [("SMITH, ANNA", "PATIENT", "person/f"), ("Okafor", "DOCTOR", "person/f"),
                   ("W655-377-8207", "IDNUM", "identifier/f")]


def test_spans_are_clean_and_disjoint(docs):
    for d in docs:
        spans = sorted(d.spans)
        for a, b in zip(spans, spans[1:]):
            assert a.end <= b.start, d.id
        neutral = [Span(n["start"], n["end"], n["label"]) for n in d.meta["neutral"]]
        for s in spans:
            value = d.text[s.start : s.end]
            assert value and value == value.strip(), (d.id, s)
            assert s.start == 0 or not d.text[s.start - 1].isalnum(), (d.id, s)
            assert s.end == len(d.text) or not d.text[s.end].isalnum() or s.label == "AGE", (d.id, s)
            assert not any(s.overlaps(n) for n in neutral), (d.id, s)
        # The carrier prose is still there, word for word, around the insertions.
        assert "radiates to the left arm" in d.text or "slipped on wet rock" in d.text or "meniscus tear" in d.text


def test_every_family_and_the_hard_forms_are_produced(docs):
    docs = docs + corpus(8, 150)  # rare forms (about 1 in 100 sentences) need a few hundred notes
    families = {s.source.split("/")[0] for d in docs for s in d.spans}
    assert families == set(FAMILIES)
    forms = " ".join(s.source for d in docs for s in d.spans)
    missing = [f for f in FORMS if f not in forms]
    assert not missing
    labels = {s.label for d in docs for s in d.spans}
    assert {"PATIENT", "DOCTOR", "USERNAME", "PROFESSION", "HOSPITAL", "ORGANIZATION", "STREET", "CITY", "STATE",
            "ZIP", "COUNTRY", "LOCATION-OTHER", "AGE", "DATE", "PHONE", "FAX", "EMAIL", "URL", "IPADDR",
            "DEVICE", "ACCOUNT", "VEHICLE", "BIOID"} <= labels
    assert sum(len(d.meta["negatives"]) for d in docs) > 10
    assert len(LOCALES) >= 12


def test_placeholders_filled_or_neutral():
    filled = inject("a", PROSE[0], 3, InjectConfig(fill_share=1.0))
    assert "ABCD General Hospital" not in filled.text and "MM/DD/YYYY" not in filled.text
    assert "Dr. X " not in filled.text
    kept = inject("a", PROSE[0], 3, InjectConfig(fill_share=0.0, inline_min=0, inline_max=0, header_share=0,
                                                  signoff_share=0, negative_share=0))
    assert kept.text == PROSE[0] and not kept.spans
    marked = {kept.text[n["start"] : n["end"]] for n in kept.meta["neutral"]}
    assert {"ABC", "X", "ABCD General Hospital", "MM/DD/YYYY", "64"} <= marked


def test_real_dates_in_the_carrier_are_neutral():
    doc = inject("m", PROSE[1], 5)
    assert "2012" in {doc.text[n["start"] : n["end"]] for n in doc.meta["neutral"]}


def test_deterministic_per_seed():
    a, b, c = corpus(11, 12), corpus(11, 12), corpus(12, 12)
    assert [(d.text, d.spans, d.meta) for d in a] == [(d.text, d.spans, d.meta) for d in b]
    assert [d.text for d in a] != [d.text for d in c]


def test_deterministic_across_processes(tmp_path):
    """Faker's per-locale data must not depend on the hash seed of the process."""
    code = ("from phisift.synth.inject import inject; import hashlib;"
            f"t={PROSE[0]!r};"
            "print(hashlib.sha256(repr([inject(f'n{i}', t, 4) for i in range(8)]).encode()).hexdigest())")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**__import__("os").environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(outs) == 1


@pytest.mark.parametrize("mode", ["upper", "lower", "title"])
def test_case_transforms_keep_offsets(docs, mode):
    for d in docs[:20]:
        cased = recase(d, mode)
        assert len(cased.text) == len(d.text) and cased.spans == d.spans
        assert cased.meta["neutral"] == d.meta["neutral"]
        for s in d.spans:
            assert cased.text[s.start : s.end].lower() == d.text[s.start : s.end].lower()
        if mode != "title":
            assert cased.text == getattr(d.text, mode)() or "ß" in d.text or "İ" in d.text


def test_recase_keeps_length_for_characters_that_grow():
    doc = Document("d", "Straße 5, Ißling", (Span(0, 8, "STREET"),))
    assert recase(doc, "upper").text == "Straße 5, Ißling"  # "STRASSE" would move every offset after it
    assert recase(doc, "lower").text == "straße 5, ißling"


def test_queries():
    qs = [query(f"q{i}", 15, "Chest pain for two days." if i % 2 else "") for i in range(30)]
    assert all(q.spans for q in qs)
    assert sum("?" in q.text for q in qs) >= 20
    assert any(q.text.startswith("Chest pain for two days. ") for q in qs)
    for q in qs:
        for s in q.spans:
            assert q.text[s.start : s.end] == q.text[s.start : s.end].strip()


def test_neutral_regions_are_ignored_in_scoring():
    """A prediction on a neutral placeholder is not a false positive; gold is still scored."""
    text = "Seen by Dr. X on 3/4/2020 with Anna Okafor."
    gold = Document("d", text, (Span(31, 42, "PATIENT"),),
                    {"neutral": [{"start": 12, "end": 13, "label": "placeholder"},
                                 {"start": 17, "end": 25, "label": "real_date"}]})
    pred = {"d": [Span(12, 13, "DOCTOR"), Span(17, 25, "DATE"), Span(31, 35, "PATIENT")]}
    with_neutral = evaluate([gold], pred).as_dict()
    assert with_neutral["token"] == {"precision": 1.0, "recall": 0.5, "f1": pytest.approx(0.666667), "tp": 1,
                                     "fp": 0, "fn": 1}
    assert with_neutral["entity_strict"]["fp"] == 1  # the partial name, not the neutral ones
    without = evaluate([Document("d", text, gold.spans)], pred).as_dict()
    assert without["token"]["fp"] == 4 and without["entity_strict"]["fp"] == 3


def test_neutral_field_round_trips_through_jsonl(tmp_path, docs):
    path = tmp_path / "gold.jsonl"
    jsonl.write(docs[:10], path)
    back = list(jsonl.read(path))
    assert [d.meta["neutral"] for d in back] == [d.meta["neutral"] for d in docs[:10]]
    # Predicting every neutral region costs no precision.
    pred = {d.id: list(d.spans) + [Span(n["start"], n["end"], "DATE") for n in d.meta["neutral"]] for d in back}
    assert evaluate(back, pred).all.token.fp == 0
    assert evaluate([Document(d.id, d.text, d.spans) for d in back], pred).all.token.fp > 0


def test_bad_neutral_field_is_an_input_error():
    from phisift.errors import InputError

    with pytest.raises(InputError, match="neutral span 0"):
        evaluate([Document("d", "abc", (), {"neutral": [{"start": 2, "end": 9}]})], {})


def test_injector_is_independent_of_the_detectors_and_runtime():
    root = Path(__file__).resolve().parents[1] / "src" / "phisift" / "synth" / "inject"
    for path in root.glob("*.py"):
        assert not re.search(r"\bdetect\b", path.read_text(encoding="utf-8").split('"""', 2)[-1]), path
    code = ("import sys, phisift.cli, phisift.pipeline;"
            "print(any(m.startswith('phisift.synth.inject') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_carrier_phi_is_found_for_neutral_marking():
    from phisift.synth.inject.carrier import find_neutral

    text = ("Seen at St. Agnes's Hospital and the Pell Eye Institute. He lives in Anchorage with his son, "
            "seen by Dr. Whitfield on 3/14/2009. She was seen in Wichita, Kansas. A 45-year-old man. Mr. Abc agrees.")
    got = {text[r.start : r.end] for r in find_neutral(text)}
    assert {"St. Agnes's Hospital", "Pell Eye Institute", "Anchorage", "Whitfield", "3/14/2009",
            "Wichita, Kansas", "45", "Abc"} <= got
    assert not any("knee" in g or "pain" in g for g in got)


def test_more_carrier_phi_is_neutral():
    """Real PHI the MTSamples prose holds beyond names and dates: holidays, months, deaths at an age,
    occupations, device numbers, hospital acronyms and brands, places after "the", cities with a country."""
    from phisift.synth.inject.carrier import find_neutral

    text = ("She had syncope around Thanksgiving and seizures in early December. In the fall of 2002 she was "
            "well until the 3rd of July 2008. Father died at 72 of a heart attack. She works as a phlebotomist "
            "and respiratory therapist at Hospital. He is a retired postal worker, has 3 children. Guidant, "
            "model #4470, serial #12345. Transferred to UIHC, then to HealthSouth. Attended by Strickland and "
            "Associates. Tissue was sent to the University of California at San Francisco. They moved to the "
            "United States. Missionary work in Jos, Nigeria. Had a discussion with Dr. xx. Seen by Abc, MD, "
            "and Def, Ph.D. Presented to ABCD General Emergency Room. The VA in Houston treated him.")
    got = {text[r.start : r.end] for r in find_neutral(text)}
    for want in ("Thanksgiving", "December", "fall of 2002", "the 3rd of July 2008", "72", "phlebotomist",
                 "postal worker", "4470", "12345", "UIHC", "HealthSouth", "Strickland and Associates",
                 "United States", "xx", "Def", "ABCD General Emergency Room", "Houston"):
        assert any(want in g for g in got), want
    assert any("University of California" in g for g in got)
    assert any("Nigeria" in g for g in got)
    # clinical words stay scored
    for word in ("syncope", "seizures", "heart attack", "children", "Tissue", "discussion"):
        assert not any(word in g for g in got), word
