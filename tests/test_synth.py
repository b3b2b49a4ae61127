"""The synthetic-note generator: exact spans, i2b2 labels, reproducibility, hard negatives."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from phisift import Document
from phisift.synth import HARD_NEGATIVES, LABELS, NOTE_TYPES, generate_notes

# Hard negatives that every 200-note corpus contains and that look like names or places.
KEY_NEGATIVES = ("Foley", "Jackson-Pratt", "Coumadin", "Lasix", "Babinski", "Doppler", "Parkinson's disease",
                 "Crohn's disease", "Gram stain", "Murphy's sign")


@pytest.fixture(scope="module")
def corpus() -> list[Document]:
    return generate_notes(200, seed=11)


def test_returns_documents_with_ids(corpus):
    assert len(corpus) == 200
    assert all(isinstance(d, Document) for d in corpus)
    assert len({d.id for d in corpus}) == 200
    assert {d.meta["note_type"] for d in corpus} <= set(NOTE_TYPES)


def test_spans_within_text_sorted_and_non_overlapping(corpus):
    for d in corpus:
        prev_end = 0
        for s in d.spans:
            assert 0 <= s.start < s.end <= len(d.text), (d.id, s)
            assert s.start >= prev_end, (d.id, s)
            prev_end = s.end


def test_span_text_has_no_outer_whitespace(corpus):
    for d in corpus:
        for s in d.spans:
            value = d.text[s.start : s.end]
            assert value == value.strip() and value, (d.id, s, value)


def test_spans_do_not_cut_tokens(corpus):
    """A span starts and ends at token boundaries (a token is a run of letters and digits)."""
    for d in corpus:
        t = d.text
        for s in d.spans:
            assert s.start == 0 or not (t[s.start - 1].isalnum() and t[s.start].isalnum()), (d.id, t[s.start - 3 : s.end])
            assert s.end == len(t) or not (t[s.end - 1].isalnum() and t[s.end].isalnum()), (d.id, t[s.start : s.end + 3])


def test_labels_are_i2b2_subtypes_and_all_occur(corpus):
    counts = Counter(s.label for d in corpus for s in d.spans)
    assert set(counts) <= set(LABELS)
    missing = [label for label in LABELS if counts[label] == 0]
    assert not missing, f"labels never generated: {missing}"


def test_same_seed_same_corpus():
    a = generate_notes(15, seed=5)
    b = generate_notes(15, seed=5)
    assert [(d.id, d.text, d.spans) for d in a] == [(d.id, d.text, d.spans) for d in b]


def test_prefix_is_stable_and_seeds_differ():
    a = generate_notes(15, seed=5)
    assert [d.text for d in generate_notes(5, seed=5)] == [d.text for d in a[:5]]
    c = generate_notes(15, seed=6)
    assert sum(x.text == y.text for x, y in zip(a, c)) == 0


def test_hard_negatives_present_but_never_annotated(corpus):
    for term in KEY_NEGATIVES:
        hits = 0
        for d in corpus:
            for m in re.finditer(re.escape(term), d.text):
                hits += 1
                for s in d.spans:
                    assert not (s.start < m.end() and m.start() < s.end), (d.id, term, d.text[s.start : s.end])
        assert hits, f"hard negative {term!r} never generated"
    assert "Foley" in " ".join(HARD_NEGATIVES)


def test_dates_titles_and_ages_follow_i2b2(corpus):
    """"Dr." and "Mr." stay outside name spans; AGE is the number only."""
    for d in corpus:
        for s in d.spans:
            value = d.text[s.start : s.end]
            if s.label in ("DOCTOR", "PATIENT"):
                assert not value.lower().startswith(("dr.", "dr ", "mr.", "mrs.", "ms.")), (d.id, value)
                assert not value.endswith((" MD", "M.D.")), (d.id, value)
            if s.label == "AGE":
                assert re.fullmatch(r"\d{1,3}s?", value), (d.id, value)


def test_style_selects_note_type():
    docs = generate_notes(5, seed=3, style="letter")
    assert {d.meta["note_type"] for d in docs} == {"letter"}
    i2b2 = generate_notes(5, seed=3, style="i2b2")
    assert all(d.text.startswith("Record date: ") for d in i2b2)
    with pytest.raises(ValueError):
        generate_notes(1, seed=1, style="poetry")


def test_notes_vary():
    docs = generate_notes(40, seed=21)
    assert len({d.meta["note_type"] for d in docs}) >= 7
    first_lines = {d.text.splitlines()[0] for d in docs}
    assert len(first_lines) >= 15


def test_output_does_not_depend_on_hash_seed():
    """Set or dict ordering must not leak into the notes (Faker has such lists)."""
    import os
    import subprocess
    import sys

    code = ("import hashlib; from phisift.synth import generate_notes; "
            "print(hashlib.md5(''.join(d.text + repr(d.spans) for d in generate_notes(25, 9)).encode()).hexdigest())")
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1
