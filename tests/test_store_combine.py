"""The SQLite store, the key file and the span combiner."""

from __future__ import annotations

import os
import stat

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phisift.detect.combine import combine
from phisift.document import Span
from phisift.errors import InputError, UsageError
from phisift.store import Secret, Store, check_key_location, load_key


def test_key_is_created_private_and_reused(tmp_path):
    messages = []
    key_path = tmp_path / "keys" / "k"
    first = load_key(key_path, notify=messages.append)
    assert messages and str(key_path) in messages[0]
    assert stat.S_IMODE(os.stat(key_path).st_mode) == 0o600
    assert load_key(key_path, notify=messages.append) == first and len(messages) == 1


def test_short_key_and_key_inside_output_are_refused(tmp_path):
    (tmp_path / "k").write_text("short")
    with pytest.raises(InputError, match="too short"):
        load_key(tmp_path / "k")
    with pytest.raises(UsageError):
        check_key_location(tmp_path / "out" / "k", tmp_path / "out")


def test_confidence_counts_runs_where_item_was_seen(tmp_path):
    with Store(tmp_path / "s.sqlite") as store:
        store.key_confidence(Secret(b"k" * 32))
        store.update_confidence(above={"a"}, seen={"a", "b"})
        store.update_confidence(above={"b"}, seen={"a", "b"})
        store.update_confidence(above={"a"}, seen={"a"})
        assert store.confidence_of("a") == (2, 3) and store.confidence_of("b") == (1, 2)
        assert store.confident(0.6, 3) == {store.confidence_digest("a")}
        assert store.confident(0.5, 2) == {store.confidence_digest("a"), store.confidence_digest("b")}
        assert sorted(store.confidence().values()) == [pytest.approx(1 / 2), pytest.approx(2 / 3)]


def test_store_survives_reopen(tmp_path):
    with Store(tmp_path / "s.sqlite") as store:
        store.record_surrogates([("p", "PATIENT", "h", "Jones", None)])
        store.mark_done("run", ["d1" * 16, "d2" * 16])  # finished documents are recorded as 32-hex digests
    with Store(tmp_path / "s.sqlite") as store:
        assert store.lookup_original("Jones") == [("p", "PATIENT", None)]
        assert store.done("run") == {"d1" * 16, "d2" * 16}


def test_corrupt_store_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(InputError, match="bad.sqlite"):
        Store(bad)


def test_combiner_prefers_score_then_length():
    spans = [Span(0, 5, "PATIENT", score=0.6), Span(0, 10, "HOSPITAL", score=0.6), Span(20, 30, "DATE", score=1.0),
             Span(22, 25, "IDNUM", score=0.7)]
    assert combine(spans) == [Span(0, 10, "HOSPITAL"), Span(20, 30, "DATE")]


def test_confident_loser_stretches_winner():
    out = combine([Span(10, 20, "DATE", score=1.0), Span(15, 25, "IDNUM", score=0.9)])
    assert out == [Span(10, 25, "DATE")]
    out = combine([Span(10, 20, "DATE", score=1.0), Span(15, 25, "IDNUM", score=0.5)])
    assert out == [Span(10, 20, "DATE")]


@given(st.lists(st.tuples(st.integers(0, 50), st.integers(1, 10), st.sampled_from(["A", "B"]),
                          st.floats(0, 1)), max_size=30))
def test_combined_spans_never_overlap_and_cover_only_found_text(raw):
    spans = [Span(s, s + n, lab, score=sc) for s, n, lab, sc in raw]
    out = combine(spans)
    assert all(a.end <= b.start for a, b in zip(out, out[1:]))
    covered = {i for s in spans for i in range(s.start, s.end)}
    assert all(i in covered for s in out for i in range(s.start, s.end))


def test_a_known_identifier_inside_a_longer_span_takes_its_label():
    """The patient's city inside a hospital's name: covered whole, labelled as the hospital."""
    known = Span(8, 14, "CITY", source="known", score=1.0)
    hospital = Span(8, 32, "HOSPITAL", source="lexicon", score=0.9)
    out = combine([known, hospital])
    assert [(s.start, s.end, s.label) for s in out] == [(8, 32, "HOSPITAL")]
    # a detector's own winner keeps its label when stretched (only known identifiers defer)
    out = combine([Span(8, 14, "CITY", source="rules", score=1.0), hospital])
    assert [(s.start, s.end, s.label) for s in out] == [(8, 32, "CITY")]
    # a known identifier that only overlaps (does not sit inside) keeps its own label
    out = combine([known, Span(10, 40, "HOSPITAL", score=0.9)])
    assert [(s.start, s.end, s.label) for s in out] == [(8, 40, "CITY")]
