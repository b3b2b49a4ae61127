"""The i2b2-style measures, checked against figures worked out by hand."""

from __future__ import annotations

import pytest

from phisift.document import Document, Span
from phisift.errors import InputError
from phisift.evaluate import evaluate

TEXT = "John Smith saw Mary Jones on 03/04/2021 in Boston."
#       0    5     11  15   20    26 29 32 35   40 43
GOLD = Document(
    "d1",
    TEXT,
    (Span(0, 10, "PATIENT"), Span(15, 25, "DOCTOR"), Span(29, 39, "DATE"), Span(43, 49, "CITY")),
)


def test_gold_against_itself_is_perfect():
    r = evaluate([GOLD], {"d1": list(GOLD.spans)}).as_dict(by_label=True)
    for key in ("token", "entity_strict"):
        assert (r[key]["precision"], r[key]["recall"], r[key]["f1"]) == (1.0, 1.0, 1.0)
    assert r["token"]["tp"] == 8 and r["entity_strict"]["tp"] == 4
    assert r["entity_overlap_recall"] == 1.0
    assert r["by_label"]["CITY"]["token_recall"] == 1.0


def test_missed_shifted_wrong_label_and_extra():
    pred = [
        Span(0, 10, "DOCTOR"),  # right place, wrong label
        Span(11, 14, "PATIENT"),  # false alarm on "saw"
        Span(15, 25, "DOCTOR"),  # exact
        Span(29, 34, "DATE"),  # boundary cut short: "03/04"
    ]  # Boston missed
    r = evaluate([GOLD], {"d1": pred}).as_dict(by_label=True)
    tok = r["token"]
    assert (tok["tp"], tok["fp"], tok["fn"]) == (6, 1, 2)
    assert tok["precision"] == pytest.approx(6 / 7, abs=1e-6)
    assert tok["recall"] == pytest.approx(6 / 8, abs=1e-6)
    strict = r["entity_strict"]
    assert (strict["tp"], strict["fp"], strict["fn"]) == (1, 3, 3)
    assert strict["f1"] == pytest.approx(0.25, abs=1e-6)
    assert r["entity_overlap_recall"] == pytest.approx(0.75)

    by = r["by_label"]
    assert (by["PATIENT"]["entity_strict"]["fp"], by["PATIENT"]["entity_strict"]["fn"]) == (1, 1)
    assert (by["DOCTOR"]["entity_strict"]["tp"], by["DOCTOR"]["entity_strict"]["fp"]) == (1, 1)
    assert by["PATIENT"]["token_recall"] == 1.0  # both tokens replaced, even with the wrong label
    assert by["DATE"]["token_recall"] == pytest.approx(2 / 3, abs=1e-6)
    assert by["CITY"]["token_recall"] == 0.0 and by["CITY"]["overlap_recall"] == 0.0

    # HIPAA: doctors are not Safe Harbor identifiers, so only PATIENT, DATE, CITY count.
    h = r["hipaa"]
    assert (h["token"]["tp"], h["token"]["fp"], h["token"]["fn"]) == (2, 1, 4)
    assert (h["entity_strict"]["tp"], h["entity_strict"]["fp"], h["entity_strict"]["fn"]) == (0, 2, 3)


def test_overlapping_predictions_count_once_per_token():
    pred = [Span(0, 4, "PATIENT"), Span(0, 10, "PATIENT"), Span(5, 10, "PATIENT")]
    r = evaluate([GOLD], {"d1": pred}).as_dict()
    assert (r["token"]["tp"], r["token"]["fp"], r["token"]["fn"]) == (2, 0, 6)
    assert (r["entity_strict"]["tp"], r["entity_strict"]["fp"], r["entity_strict"]["fn"]) == (1, 2, 3)


def test_span_cutting_a_token_marks_the_whole_token():
    # a prediction covering only "Bost" still marks the token "Boston"
    r = evaluate([GOLD], {"d1": [Span(43, 47, "CITY")]}).as_dict()
    assert r["token"]["tp"] == 1 and r["entity_strict"]["tp"] == 0


def test_missing_prediction_document_counts_as_nothing_found():
    other = Document("d2", "Call 555-1234.", (Span(5, 13, "PHONE"),))
    r = evaluate([GOLD, other], {"d1": list(GOLD.spans)}).as_dict()
    assert r["documents"] == 2
    assert (r["token"]["tp"], r["token"]["fn"]) == (8, 2)
    assert r["entity_strict"]["recall"] == pytest.approx(4 / 5)


def test_label_map_applies_to_both_sides():
    gold = Document("d", "Ana Ruiz", (Span(0, 8, "NOMBRE_SUJETO_ASISTENCIA"),))
    r = evaluate([gold], {"d": [Span(0, 8, "PATIENT")]}, label_map={"NOMBRE_SUJETO_ASISTENCIA": "PATIENT"})
    assert r.all.strict.tp == 1


def test_ignored_labels_are_left_out():
    r = evaluate([GOLD], {"d1": [Span(0, 10, "PATIENT")]}, ignore_labels=["DOCTOR", "DATE", "CITY"]).as_dict()
    assert r["entity_strict"]["recall"] == 1.0 and r["token"]["recall"] == 1.0


def test_prediction_past_text_end_is_bad_input():
    with pytest.raises(InputError, match="d1"):
        evaluate([GOLD], {"d1": [Span(45, 80, "CITY")]})


def test_no_predictions_and_no_gold():
    r = evaluate([Document("e", "nothing here")], {}).as_dict()
    assert r["token"]["precision"] == 1.0 and r["token"]["recall"] == 1.0
