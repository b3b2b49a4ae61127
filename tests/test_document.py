"""rewrite() and OffsetMap: the offset logic every transformation relies on."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phisift.document import Document, Edit, OverlapError, Span, rewrite, rewrite_document


def test_replace_shorter_and_longer():
    text = "Seen by Dr. Smith on 03/04/2021."
    new, m = rewrite(text, [Edit(12, 17, "[DOCTOR]"), Edit(21, 31, "D")])
    assert new == "Seen by Dr. [DOCTOR] on D."
    assert m.span(Span(12, 17, "DOCTOR")) == Span(12, 20, "DOCTOR")
    assert m.span(Span(21, 31, "DATE")) == Span(24, 25, "DATE")
    # text after the edits moves by the total length change
    assert m.start(31) == 25 and m.end(32) == 26


def test_span_inside_replacement_maps_onto_replacement():
    new, m = rewrite("John Smith left", [Edit(0, 10, "XX")])
    assert new == "XX left"
    assert m.span(Span(5, 10, "PATIENT")) == Span(0, 2, "PATIENT")
    assert m.span(Span(2, 4, "PATIENT")) == Span(0, 2, "PATIENT")


def test_span_partly_covering_an_edit_stretches_over_it():
    _, m = rewrite("abcdefgh", [Edit(2, 4, "XYZ")])
    assert m.span(Span(3, 6, "X")) == Span(2, 7, "X")
    assert m.span(Span(0, 3, "X")) == Span(0, 5, "X")


def test_insertion_stays_outside_spans_that_touch_it():
    new, m = rewrite("ab cd", [Edit(3, 3, ">>")])
    assert new == "ab >>cd"
    assert m.span(Span(3, 5, "W")) == Span(5, 7, "W")
    assert m.span(Span(0, 3, "W")) == Span(0, 3, "W")


def test_deletion_and_adjacent_edits():
    new, m = rewrite("abcdef", [Edit(1, 2, ""), Edit(2, 4, "Z")])
    assert new == "aZef"
    assert m.span(Span(1, 2, "L")) == Span(1, 1, "L")
    assert m.span(Span(4, 6, "L")) == Span(2, 4, "L")


@pytest.mark.parametrize(
    "edits",
    [
        [Edit(0, 3, "x"), Edit(2, 5, "y")],
        [Edit(2, 2, "x"), Edit(2, 2, "y")],
        [Edit(0, 5, "x"), Edit(3, 3, "y")],
        [Edit(1, 4, "x"), Edit(1, 4, "y")],
    ],
)
def test_overlapping_edits_are_an_error(edits):
    with pytest.raises(OverlapError):
        rewrite("abcdefgh", edits)


def test_edit_past_end_is_an_error():
    with pytest.raises(IndexError):
        rewrite("abc", [Edit(2, 5, "x")])


def test_rewrite_document_carries_spans():
    doc = Document("d1", "Mr. Smith, 92 yo", (Span(4, 9, "PATIENT"), Span(11, 13, "AGE")))
    new, _ = rewrite_document(doc, [Edit(4, 9, "[PATIENT]"), Edit(11, 13, "90+")])
    assert new.text == "Mr. [PATIENT], 90+ yo"
    assert [s.text_in(new.text) for s in new.spans] == ["[PATIENT]", "90+"]
    assert doc.text == "Mr. Smith, 92 yo"  # the original is untouched


# ---- property tests -------------------------------------------------------------


@st.composite
def text_and_edits(draw):
    text = draw(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60))
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=12)))
    edits, pos = [], 0
    # walk through the cut points making disjoint edits (some empty = insertions)
    for a, b in zip(cuts[::2], cuts[1::2]):
        if a < pos or (edits and a == b == edits[-1].end == edits[-1].start):
            continue
        if edits and a == b and edits[-1].start == edits[-1].end == a:
            continue
        edits.append(Edit(a, b, draw(st.text(max_size=6))))
        pos = b if b > a else a + 1
    edits = [e for e in edits if e.end <= len(text)]
    return text, edits


@given(text_and_edits())
@settings(max_examples=300)
def test_rewrite_matches_piecewise_construction(data):
    text, edits = data
    new, m = rewrite(text, list(reversed(edits)))  # order of the input does not matter
    expected, cursor = [], 0
    for e in edits:
        expected += [text[cursor : e.start], e.replacement]
        cursor = e.end
    expected.append(text[cursor:])
    assert new == "".join(expected)
    assert m.new_length == len(new)


@given(text_and_edits(), st.data())
@settings(max_examples=300)
def test_untouched_spans_keep_their_text(data, draw):
    text, edits = data
    new, m = rewrite(text, edits)
    start = draw.draw(st.integers(0, len(text)))
    end = draw.draw(st.integers(start, len(text)))
    span = Span(start, end, "L")
    mapped = m.span(span)
    assert 0 <= mapped.start <= mapped.end <= len(new)
    touched = any(e.start < end and start < e.end for e in edits)
    inside_insert = any(e.start == e.end and start < e.start < end for e in edits)
    if not touched and not inside_insert:
        assert new[mapped.start : mapped.end] == text[start:end]
    # every replacement that the span overlaps lies whole inside the mapped span
    for e in edits:
        if start < end and e.start < end and start < e.end:
            new_e = m.span(Span(e.start, e.end, "E"))
            assert mapped.start <= new_e.start and new_e.end <= mapped.end


@given(text_and_edits())
@settings(max_examples=200)
def test_offset_map_is_monotonic(data):
    text, edits = data
    _, m = rewrite(text, edits)
    starts = [m.start(i) for i in range(len(text) + 1)]
    ends = [m.end(i) for i in range(len(text) + 1)]
    assert starts == sorted(starts) and ends == sorted(ends)
    assert all(m.start(i) <= m.end(i) or True for i in range(len(text) + 1))
    assert m.start(0) >= 0 and m.end(len(text)) == m.new_length - (
        len(edits[-1].replacement) if edits and edits[-1].start == edits[-1].end == len(text) else 0
    )
