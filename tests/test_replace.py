"""Operators, surrogates and date shifting."""

from __future__ import annotations

import re
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phisift.document import Span, rewrite
from phisift.dates import shift_date_text
from phisift.replace.operators import Mask, Redact, Surrogate, Tag, edits_for
from phisift.replace.surrogates import SurrogateMaker, reshape
from phisift.text import match_case
from phisift.store import Secret

SECRET = Secret(b"k" * 40)


@pytest.mark.parametrize(
    "original, days, expected",
    [
        ("03/04/2021", 10, "03/14/2021"),
        ("3/4/21", 30, "4/3/21"),
        ("2021-03-04", -4, "2021-02-28"),
        ("March 4, 2021", 1, "March 5, 2021"),
        ("Mar 4th, 2021", -3, "Mar 1st, 2021"),
        ("4 March 2021", 365, "4 March 2022"),
        ("4-MAR-2021", 28, "1-APR-2021"),
        ("the 3rd of May", 19, "the 22nd of May"),
        ("May 2019", 31, "June 2019"),
        ("12/2019", 20, "01/2020"),
        ("2015", -200, "2014"),
        ("12 de marzo de 2016", 20, "1 de abril de 2016"),
        ("Sept 30, 2019", 1, "Oct 1, 2019"),
    ],
)
def test_date_shift_keeps_format(original, days, expected):
    assert shift_date_text(original, days) == expected


def test_dayfirst_dates():
    assert shift_date_text("03/04/2021", 1, dayfirst=True) == "04/04/2021"
    assert shift_date_text("31/12/2016", 1) == "01/01/2017"  # 31 cannot be a month


def test_impossible_days_keep_their_shape_with_a_valid_date():
    """31 February is read as the month's last day (29 February 2020), then shifted."""
    assert shift_date_text("31/02/2020", 1, dayfirst=True) == "01/03/2020"
    assert shift_date_text("no date here", 1) is None


@given(st.dates(min_value=date(1901, 1, 1), max_value=date(2090, 12, 31)), st.integers(-700, 700))
def test_date_shift_round_trip_keeps_intervals(d, days):
    text = d.strftime("%m/%d/%Y")
    shifted = shift_date_text(text, days)
    back = shift_date_text(shifted, -days)
    assert back == text
    assert len(shifted) == len(text)


def test_surrogates_are_consistent_per_patient_and_differ_between_patients():
    maker = SurrogateMaker(SECRET)
    a1 = maker.make("PATIENT", "John Smith", "p1")
    a2 = maker.make("PATIENT", "John Smith", "p1")
    b = maker.make("PATIENT", "John Smith", "p2")
    assert a1 == a2 and a1 != b
    # word by word: the surname agrees across forms of the name
    surname = a1.split()[-1]
    assert maker.make("PATIENT", "Smith", "p1") == surname
    assert maker.make("PATIENT", "SMITH, JOHN", "p1").split(",")[0] == surname.upper()
    other_key = SurrogateMaker(Secret(b"z" * 40))
    assert other_key.make("PATIENT", "John Smith", "p1") != a1


def test_dates_of_one_patient_shift_together():
    maker = SurrogateMaker(SECRET)
    first = maker.make("DATE", "01/10/2020", "p1")
    second = maker.make("DATE", "01/20/2020", "p1")
    to_date = lambda s: date(int(s[6:]), int(s[:2]), int(s[3:5]))  # noqa: E731
    assert (to_date(second) - to_date(first)).days == 10
    assert first != "01/10/2020"


def test_shapes_are_kept():
    maker = SurrogateMaker(SECRET)
    phone = maker.make("PHONE", "(617) 555-1234", "p")
    assert re.fullmatch(r"\(\d{3}\) \d{3}-\d{4}", phone) and phone != "(617) 555-1234"
    mrn = maker.make("MEDICALRECORD", "AB-12345", "p")
    assert re.fullmatch(r"[A-Z]{2}-\d{5}", mrn)
    assert maker.make("STATE", "MA", "p").isupper() and len(maker.make("STATE", "MA", "p")) == 2
    assert "@" in maker.make("EMAIL", "a.b@example.org", "p")


def test_ages_over_89_are_capped_and_younger_move_one_year():
    """Over 89: the Safe Harbor category. Younger: one year in the direction of the patient's
    date shift, so no age is copied as written (issue 17)."""
    maker = SurrogateMaker(SECRET)
    assert maker.make("AGE", "92", "p") == "90"
    step = 1 if maker.date_offset("p") > 0 else -1
    assert maker.make("AGE", "67", "p") == str(67 + step)
    assert maker.make("AGE", "67-year-old", "p") == f"{67 + step}-year-old"


@given(st.text(max_size=30))
def test_reshape_keeps_length_and_classes(text):
    import random

    out = reshape(text, random.Random(1))
    assert len(out) == len(text)
    for a, b in zip(text, out):
        assert a.isdigit() == b.isdigit()
        if not (a.isalpha() and a.isascii()) and not a.isdigit():
            assert a == b


def test_match_case():
    assert match_case("jones", "SMITH") == "JONES"
    assert match_case("Jones", "smith") == "jones"
    assert match_case("jones", "Smith") == "Jones"


def test_operators_through_rewrite():
    text = "Mr. John Smith seen 03/04/2021."
    spans = [Span(4, 14, "PATIENT"), Span(20, 30, "DATE")]
    assert rewrite(text, edits_for(text, spans, Tag(), "p"))[0] == "Mr. [PATIENT] seen [DATE]."
    assert rewrite(text, edits_for(text, spans, Mask(), "p"))[0] == "Mr. **** ***** seen **********."
    assert rewrite(text, edits_for(text, spans, Redact(), "p"))[0] == "Mr.  seen ."
    new, m = rewrite(text, edits_for(text, spans, Surrogate(SurrogateMaker(SECRET)), "p"))
    assert "John" not in new and "03/04/2021" not in new
    assert re.fullmatch(r"\d\d/\d\d/\d{4}", new[m.start(20) : m.end(30)])


def test_a_name_surrogate_is_never_another_phi_word_of_the_note():
    """Dr. Brown must not become Dr. Smith in a note about Mr. Smith: a draw that is a PHI word
    of the note is replaced by the next draw of the same seeded stream."""
    from phisift.replace.operators import Surrogate, edits_for

    text = "Mr. John Smith was seen by Dr. Alice Brown."
    spans = [Span(4, 14, "PATIENT"), Span(31, 42, "DOCTOR")]
    words = {"john", "smith", "alice", "brown"}
    collided = 0
    for i in range(400):
        maker = SurrogateMaker(Secret(f"key-{i:04d}".encode() * 4))
        free = maker.make("DOCTOR", "Alice Brown", "p1")  # without the note's words
        if not set(free.lower().split()) & words:
            continue
        collided += 1
        edits = edits_for(text, spans, Surrogate(maker), "p1")
        new = {w.lower() for e in edits for w in e.replacement.split()}
        assert not new & words, (i, free)
    assert collided  # the draw really does hit a note word for some keys
