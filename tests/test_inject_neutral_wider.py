"""The wider neutral regions of the real-prose sets (issue 15, precision round 2).

The carrier's own real PHI that ``find_neutral`` misses (ages in lists and after life events,
dates without a year, written-out phone numbers, given names by a person's context, employers,
counties, stated occupations, citation numbers) is marked by ``find_more_neutral``: a separate
reading, added after the injector chose where to insert PHI, so the sets' text and gold stay as
they were and only the scoring changes. Clinical text next to it must stay scored.
"""

from __future__ import annotations

from phisift.synth.inject import inject
from phisift.synth.inject.carrier import find_more_neutral, find_neutral


def regions(text: str) -> set[str]:
    return {text[r.start : r.end].strip() for r in find_more_neutral(text)}


def test_ages_in_lists_and_after_life_events_are_neutral():
    text = ("He lives with his wife and two children, ages 15 and 16. He has two brothers ages 68 and 77 years old. "
            "Pulse 102. Age:  27. This is a 41 -year-old male. Menarche at 13. She started drinking at 15. "
            "When she was 12 her father left. Since age 1year, esotropia.")
    got = regions(text)
    for want in ("15 and 16", "68 and 77", "27", "41", "13", "15", "12", "1"):
        assert want in got, (want, got)


def test_numbers_that_are_no_age_stay_scored():
    text = ("She started lisinopril at 10 mg daily. He stopped at 5:30 pm. Pyloric stenosis, age 1, 2) appendectomy. "
            "Pulse 102 and respirations 18. She was 3 to 4 cm dilated.")
    got = regions(text)
    assert "10" not in got and "5" not in got and "102" not in got and "18" not in got, got
    assert not any("2" in g.split(",")[-1] and ")" in g for g in got)
    assert not any("3 to 4" in g for g in got), got


def test_dates_phones_ids_and_places_are_neutral():
    text = ("Evac wand on 7/3. Gained 2.5 pounds since May. Call the office at 327-8850. "
            "Solely to abate citation 9005626. Declared by Eureka County sheriff. Risky behavior in 1982 in Haiti. "
            "In the Emergency Department of XYZ, she was seen. He was referred to St. Francis hospital for surgery.")
    got = regions(text)
    for want in ("7/3", "May", "327-8850", "9005626", "Eureka County", "Haiti", "Emergency Department of XYZ",
                 "St. Francis hospital"):
        assert want in got, (want, got)
    assert "2.5" not in got


def test_names_by_a_persons_context_are_neutral_only_when_named():
    text = ("Discussed in detail with Christine and Bryan today. Dr. X Pipkin attended. His name is Kasson. "
            "I met with Carlos' parents. Chris is a very nice 38-year-old man. A forehead for Isaac. "
            "This is a pleasant 50-year-old. Patient is a pleasant man. A prescription for Aricept. "
            "Parkinson and Alzheimer disease.")
    got = regions(text)
    for want in ("Christine and Bryan", "X Pipkin", "Kasson", "Carlos", "Chris", "Isaac"):
        assert want in got, (want, got)
    for word in ("This", "Patient", "Aricept", "Parkinson"):
        assert not any(word in g for g in got), (word, got)


def test_employers_and_occupations_are_neutral_habits_are_not():
    text = ("She later worked as a clerical worker at IBM. He works in an assembly for Harmony Music. "
            "Fisher Sand and Gravel Company owns the mine. She is divorced and is a homemaker. "
            "He previously was a security guard, but is on disability. She is a public relations consultant. "
            "He is a nonsmoker. She is a poor historian. The patient is a pleasant, 61-year-old male.")
    got = regions(text)
    for want in ("IBM", "Harmony Music", "Fisher Sand and Gravel Company", "homemaker", "security guard",
                 "public relations consultant"):
        assert any(want in g for g in got), (want, got)
    for word in ("nonsmoker", "historian", "pleasant"):
        assert not any(word in g for g in got), (word, got)


def test_wider_regions_change_the_scoring_not_the_text_or_gold(monkeypatch):
    """The injected text and gold are the same with and without the wider regions; only ``neutral`` grows."""
    import phisift.synth.inject.injector as injector

    carrier = ("HISTORY: He has two children, ages 5 and 8. He works for Harmony Music. Seen by Dr. X. "
               "She is a homemaker. The pain began on 7/3. Plan: follow up.")
    wide = inject("n-1", carrier, 11)
    monkeypatch.setattr(injector, "find_more_neutral", lambda text: [])
    narrow = inject("n-1", carrier, 11)
    assert wide.text == narrow.text and wide.spans == narrow.spans
    assert len(wide.meta["neutral"]) > len(narrow.meta["neutral"])


def test_the_wider_reading_is_apart_from_the_first():
    """find_neutral itself is unchanged: the injector's insertion points (which avoid its regions) stay put."""
    text = "He has two children, ages 5 and 8. He works for Harmony Music."
    first = {text[r.start : r.end] for r in find_neutral(text)}
    assert "5 and 8" not in first and "Harmony Music" not in first
    assert {"5 and 8", "Harmony Music"} <= regions(text)
