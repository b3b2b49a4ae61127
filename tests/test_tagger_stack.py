"""The stacking CRF: it only adds to the rules and the lexicon, its names are found at their other
mentions (document-level consistency), and its word-list and document features."""

from __future__ import annotations

import pytest

pytest.importorskip("pycrfsuite")

from phisift.detect.tagger.candidates import is_candidate_word  # noqa: E402
from phisift.detect.tagger.features import FeatureSettings, Featurizer  # noqa: E402
from phisift.detect.tagger.load import load_model_detector  # noqa: E402
from phisift.detect.tagger.stack import additions, drop_hits, stack  # noqa: E402
from phisift.detect.tagger.wordinfo import doc_info, lexicon_tags, note_case  # noqa: E402
from phisift.document import Span  # noqa: E402
from phisift.pipeline import Pipeline, load_config  # noqa: E402


def spans_text(text, spans):
    return [(text[s.start : s.end], s.label) for s in spans]


# ----------------------------------------------------------------------------- additions


def test_additions_keep_new_spans_grow_over_hits_and_drop_the_rest():
    text = "Records from Stanford Health Care and from Dr. Quill at Mercy."
    st = text.index("Stanford")
    hits = [Span(st, st + 8, "CITY", "lexicon", 0.7), Span(text.index("Mercy"), text.index("Mercy") + 5, "HOSPITAL", "lexicon", 0.8)]
    q = text.index("Quill")
    model = [
        Span(st, text.index(" and"), "HOSPITAL", "model", 0.9),  # reaches past the hit: grown, kept
        Span(q, q + 5, "DOCTOR", "model", 0.95),  # where no hit is: kept
        Span(text.index("Mercy"), text.index("Mercy") + 3, "HOSPITAL", "model", 0.99),  # inside a hit: dropped
        Span(text.index("Records"), text.index("Records") + 7, "PATIENT", "model", 0.3),  # not confident: dropped
    ]
    got = spans_text(text, additions(text, model, hits, 0.5))
    assert got == [("Stanford Health Care", "HOSPITAL"), ("Quill", "DOCTOR")]


def test_an_addition_overlapping_a_hit_covers_all_of_it():
    text = "Seen at Lake Malcolm Regional today."
    hit = Span(text.index("Lake"), text.index("Regional") + 8, "HOSPITAL", "lexicon", 0.8)
    model = [Span(text.index("Malcolm"), text.index(" today"), "HOSPITAL", "model", 0.9)]
    assert additions(text, model, [hit], 0.5) == []  # nothing past the hit
    model = [Span(text.index("Malcolm"), text.index(" today") + 6, "HOSPITAL", "model", 0.9)]
    (grown,) = additions(text, model, [hit], 0.5)
    assert (grown.start, grown.end) == (hit.start, text.index(" today") + 6)


def test_additions_longer_than_the_longest_training_phi_are_dropped():
    text = "BLOOD - COCAINE-ETS - INC,BLOOD - OPIATES-ETS - INC,BLOOD - PCP-ETS - INC. Seen by QUILL."
    run = Span(0, text.index(". Seen"), "ORGANIZATION", "model", 1.0)
    q = text.index("QUILL")
    name = Span(q, q + 5, "DOCTOR", "model", 0.9)
    assert additions(text, [run, name], [], 0.5, max_words=11) == [name]
    assert additions(text, [run, name], [], 0.5) == [run, name]


def test_an_addition_needs_a_candidate_word():
    text = "Iron deficiency anemia.\nBUN    35    18\nSeen with Tobiah Venkataraman today."
    lows = [Span(text.index("anemia"), text.index("anemia") + 6, "CITY", "model", 0.9),
            Span(text.index("35"), text.index("18") + 2, "PHONE", "model", 0.9)]
    name = Span(text.index("Tobiah"), text.index(" today"), "PATIENT", "model", 0.9)
    assert additions(text, lows + [name], [], 0.5, candidate=is_candidate_word) == [name]


def test_an_addition_of_eponyms_before_their_heads_is_dropped():
    text = "Positive to Timothy grass, Johnson grass, Bermuda grass. Seen with Tobiah Venkataraman today."
    run = Span(text.index("Timothy"), text.index("Bermuda") + 7, "ORGANIZATION", "model", 0.9)
    name = Span(text.index("Tobiah"), text.index(" today"), "PATIENT", "model", 0.9)
    assert additions(text, [run, name], [], 0.5, candidate=is_candidate_word) == [name]


def test_an_addition_loses_the_function_words_it_ends_in():
    text = "DR. GALLEGOS WILL SEE HIM LATER. He worked in the mortgage department of a bank. Seen by Will."
    g = text.index("GALLEGOS")
    m = text.index("mortgage")
    w = text.rindex("Will")
    model = [Span(g, g + len("GALLEGOS WILL"), "DOCTOR", "model", 0.9),
             Span(m, m + len("mortgage department of"), "ORGANIZATION", "model", 0.9),
             Span(w, w + 4, "DOCTOR", "model", 0.9)]
    got = spans_text(text, additions(text, model, [], 0.5))
    assert got == [("GALLEGOS", "DOCTOR"), ("mortgage department", "ORGANIZATION"), ("Will", "DOCTOR")]


def test_a_time_of_day_is_no_addition():
    text = "Well until around 7:00-8:00 when nausea began, vomiting at 11:00 a.m. Seen 03/04/2021 by Quill."
    model = [Span(text.index("7:00"), text.index(" when"), "DATE", "model", 0.95),
             Span(text.index("11:00"), text.index("11:00") + 5, "DATE", "model", 0.93),
             Span(text.index("11:00"), text.index(" Seen"), "DATE", "model", 0.93)]
    name = Span(text.index("Quill"), text.index("Quill") + 5, "DOCTOR", "model", 0.9)
    assert additions(text, model + [name], [], 0.5, candidate=is_candidate_word) == [name]


def test_one_eponym_before_its_head_is_an_addition_only_as_a_persons_name():
    text = "The liver showed Fitz-Hugh-Curtis syndrome. Call Dr. Quill pump team."
    f = text.index("Fitz")
    b = text.index("Quill")
    model = [Span(f, f + len("Fitz-Hugh-Curtis"), "HOSPITAL", "model", 0.9),
             Span(b, b + 5, "DOCTOR", "model", 0.9)]
    assert spans_text(text, additions(text, model, [], 0.5, candidate=is_candidate_word)) == [("Quill", "DOCTOR")]


def test_a_shaped_hit_is_never_grown():
    """A date's rule read the whole value: the model's time or next field label is no PHI (issue 15)."""
    text = "Admitted 2022-06-30  15:05 and born 3/28/66      Sex: M. Seen at Mercy Regional."
    hits = [Span(text.index("2022"), text.index("2022") + 10, "DATE", "rules", 0.9),
            Span(text.index("3/28"), text.index("3/28") + 7, "DATE", "rules", 0.9),
            Span(text.index("Mercy"), text.index("Mercy") + 5, "HOSPITAL", "lexicon", 0.8)]
    model = [Span(text.index("2022"), text.index("15:05") + 5, "DATE", "model", 0.9),
             Span(text.index("3/28"), text.index(" M.") + 2, "DATE", "model", 0.9),
             Span(text.index("Mercy"), text.index("Regional") + 8, "HOSPITAL", "model", 0.9)]
    got = spans_text(text, additions(text, model, hits, 0.5, candidate=is_candidate_word))
    assert got == [("Mercy Regional", "HOSPITAL")]


def test_a_name_is_not_grown_over_a_credential_or_a_field_label():
    text = "Assist: Green, Valerie RNFA. Hmm Quill NP-C.\n12 Oak St, Boston Tel 555-0100"
    v = text.index("Valerie")
    hits = [Span(text.index("Green"), v + 7, "DOCTOR", "lexicon", 0.8),
            Span(text.index("12 Oak"), text.index(" Tel"), "STREET", "rules", 0.9)]
    model = [Span(text.index("Green"), text.index("RNFA") + 4, "DOCTOR", "model", 0.9),
             Span(text.index("NP-C"), text.index("NP-C") + 4, "HOSPITAL", "model", 0.9),
             Span(text.index("Tel"), text.index("Tel") + 3, "CITY", "model", 0.9),
             Span(text.index("Quill"), text.index("Quill") + 5, "DOCTOR", "model", 0.9)]
    got = spans_text(text, additions(text, model, hits, 0.5, candidate=is_candidate_word))
    assert got == [("Quill", "DOCTOR")]
    for word in ("NP-C", "FNP-BC", "RNFA", "Tel", "Tel:", "M.D."):
        assert not is_candidate_word(word), word
    assert is_candidate_word("MRN")  # an id's label still opens a region
    # a state's code that is a credential too, and a name's suffix, still grow a hit
    text = "she lives in baltimore, md with john smith jr and is well."
    hits = [Span(text.index("baltimore"), text.index(","), "CITY", "lexicon", 0.8),
            Span(text.index("john"), text.index(" jr"), "PATIENT", "lexicon", 0.8)]
    model = [Span(text.index("baltimore"), text.index(" with"), "CITY", "model", 0.9),
             Span(text.index("john"), text.index(" and"), "PATIENT", "model", 0.9)]
    got = spans_text(text, additions(text, model, hits, 0.5, candidate=lambda w: is_candidate_word(w, True)))
    assert got == [("baltimore, md", "CITY"), ("john smith jr", "PATIENT")]


def test_a_hospital_is_not_grown_over_its_department_or_the_next_line():
    text = "BOSTON CHILDREN'S HOSPITAL ADULT MEDICINE\nDimock Center\nGastroenterology Associates\nSeen at Mercy Regional."
    heads = [("BOSTON CHILDREN'S HOSPITAL", "ADULT MEDICINE"), ("Dimock Center", "Dimock Center\nGastroenterology Associates"),
             ("Mercy", "Mercy Regional")]
    hits = [Span(text.index(h), text.index(h) + len(h), "HOSPITAL", "lexicon", 0.8) for h, _ in heads]
    model = [Span(text.index(h), text.index(m) + len(m), "HOSPITAL", "model", 0.9) for h, m in heads]
    got = spans_text(text, additions(text, model, hits, 0.5, candidate=is_candidate_word))
    assert got == [("Mercy Regional", "HOSPITAL")]


# ----------------------------------------------------------------------------- consistency


def test_a_name_the_model_adds_is_found_at_its_other_mentions_case_aware():
    text = ("Mr. Zbigniew White was seen today. White matter changes on MRI. Mr. White agrees; "
            "white matter is stable. Zbigniew will return.")
    a = text.index("Zbigniew White")
    out = stack(text, [Span(a, a + 14, "PATIENT", "model", 0.9)], [], 0.5)
    got = [(text[s.start : s.end], s.start) for s in out]
    assert got == [("Zbigniew White", a), ("White", text.index("Mr. White") + 4),
                   ("Zbigniew", text.rindex("Zbigniew"))]
    assert all(s.source == "model" and s.label == "PATIENT" for s in out)
    # "White matter" at a sentence start and "white matter" in lower case are no names
    assert not any(s.start in (text.index("White matter"), text.index("white matter")) for s in out)


def test_consistency_never_overlaps_hits_and_needs_a_confident_name():
    text = "Dr. Quillfeather saw the patient. Quillfeather Clinic called. Quillfeather agreed."
    a = text.index("Quillfeather")
    clinic = text.index("Quillfeather Clinic")
    hits = [Span(clinic, clinic + 19, "HOSPITAL", "lexicon", 0.9)]
    out = stack(text, [Span(a, a + 12, "DOCTOR", "model", 0.9)], hits, 0.5)
    assert [s.start for s in out] == [a, text.rindex("Quillfeather")]
    assert stack(text, [Span(a, a + 12, "DOCTOR", "model", 0.4)], hits, 0.5) == []


# ----------------------------------------------------------------------------- features


def test_lexicon_tags_ignore_case():
    assert lexicon_tags("Smith") == lexicon_tags("SMITH") == lexicon_tags("smith")
    assert "lx=L" in lexicon_tags("Smith") and "lx=F" in lexicon_tags("MARY")
    assert "lx=V" in lexicon_tags("Pneumonia") and lexicon_tags("12") == ()


def test_document_features():
    text = "Grace Okafor was seen. She said grace before meals. Okafor agrees; Okafor will call. Pain improved."
    info = doc_info(text, [Span(0, 12, "PATIENT", "lexicon", 0.9)])
    assert "dl" in info.features("Grace") and "dh=PATIENT" in info.features("Grace")
    assert "dc2" in info.features("Okafor") and "dl" not in info.features("Okafor")
    assert info.features("Pain") == ()  # not in a hit, once, "pain" never lower-case here
    assert note_case(text) == "mixed" and note_case(text.lower()) == "lower" and note_case(text.upper()) == "upper"


def test_old_model_configs_keep_their_features():
    old = FeatureSettings.from_dict({"window": 2, "version": 2})
    assert not old.lexicon_words and not old.doc_features and old.long_shape
    text = "Seen by Dr. Okonkwo at Bellhaven on 03/14/2021."
    _, feats, _ = Featurizer(old).featurize(text)
    assert not any(f.startswith(("lx=", "dh=", "nc=")) for fs in feats for f in fs)
    new = FeatureSettings(lexicon_words=True, doc_features=True)
    _, feats, _ = Featurizer(new).featurize(text)
    assert any(f.startswith("lx=") for fs in feats for f in fs) and any(f == "nc=mixed" for fs in feats for f in fs)


def test_candidate_words_skip_clinical_terms_and_small_codes():
    for word in ("Vicryl", "Bovie", "Betadine", "Foley", "L4-L5", "6-French", "250", "DIAGNOSES:,1.", "Dr."):
        assert not is_candidate_word(word), word
    for word in ("Okonkwo", "12345", "617-555-0142", "1:100,000"):
        assert is_candidate_word(word), word


# ----------------------------------------------------------------------------- hit dropout (training)


def _hits(n):
    return [("R", [Span(10 * i, 10 * i + 4, "DATE") for i in range(n)]),
            ("L", [Span(10 * i + 5, 10 * i + 9, "PATIENT") for i in range(n)])]


def test_hit_dropout_leaves_out_a_share_of_the_hits_reproducibly():
    hits = _hits(500)
    dropped = drop_hits("note-1", hits, 0.3, seed=0)
    assert [p for p, _ in dropped] == ["R", "L"]
    kept = sum(len(spans) for _, spans in dropped)
    assert 0.6 * 1000 < kept < 0.8 * 1000  # about 70% kept
    for (_, before), (_, after) in zip(hits, dropped):
        assert set(after) <= set(before)
    assert dropped == drop_hits("note-1", hits, 0.3, seed=0)  # seeded per note
    assert dropped != drop_hits("note-2", hits, 0.3, seed=0)
    assert dropped != drop_hits("note-1", hits, 0.3, seed=1)


def test_no_hit_dropout_keeps_every_hit():
    hits = _hits(20)
    assert drop_hits("note-1", hits, 0.0) == hits


# ----------------------------------------------------------------------------- the bundled model


def test_bundled_model_is_a_stacker_that_only_adds():
    det = load_model_detector("en_crf")
    assert det.stacker and 0.0 < det.stacker["min_score"] < 1.0
    rl = Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"}, "detect": {"detectors": ["rules", "lexicon"]}}))
    full = Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"}}))
    text = ("HISTORY: The patient is a 54-year-old seen by Dr. Okonkwo at Bellhaven Regional on 03/14/2021.\n"
            "She works as a schoolteacher at Northfield Academy. Her husband Tobiah Venkataraman drove her.\n"
            "Venkataraman says she slept poorly. Call 617-555-0142. White matter changes are unchanged.")
    base, more = rl.detect(text), full.detect(text)
    covered = bytearray(len(text))
    for s in more:
        covered[s.start : s.end] = b"\x01" * (s.end - s.start)
    for s in base:  # every character rules + lexicon cover stays covered
        assert all(covered[s.start : s.end]), text[s.start : s.end]
    assert not any(text[s.start : s.end].lower().startswith("white") for s in more)


def _grown(text, hit_text, hit_label, model_text, model_label):
    h = text.index(hit_text)
    m = text.index(model_text)
    hit = Span(h, h + len(hit_text), hit_label, "lexicon", 0.8)
    model = [Span(m, m + len(model_text), model_label, "model", 0.9)]
    return spans_text(text, additions(text, model, [hit], 0.5, candidate=is_candidate_word))


def test_a_name_is_not_grown_over_the_prose_after_it():
    text = 'Aki shouted at Amanda: "What are you doing here?"'
    assert _grown(text, "Aki", "PATIENT", "Aki shouted", "PATIENT") == []
    text = "Seen by Ludwig van Beethoven today."  # a particle goes on with the name
    assert _grown(text, "Ludwig", "DOCTOR", "Ludwig van Beethoven", "DOCTOR") == [("Ludwig van Beethoven", "DOCTOR")]
    text = "Her daughter, Natlaia delV alle, is the proxy."  # a misspelt name is no prose
    assert _grown(text, "Natlaia", "PATIENT", "Natlaia delV alle", "PATIENT") == [("Natlaia delV alle", "PATIENT")]
    text = "seen by ludwig beethoven today."  # a note in lower case: no case to go by
    assert _grown(text, "ludwig", "DOCTOR", "ludwig beethoven", "DOCTOR") == [("ludwig beethoven", "DOCTOR")]


def test_a_name_is_not_grown_past_its_possessive_into_a_title():
    text = "They sang the verses from Elizabeth Mitchell's Cautionary Tales."
    assert _grown(text, "Elizabeth Mitchell", "PATIENT", "Elizabeth Mitchell's Cautionary Tales", "HOSPITAL") == []
    text = "She was seen at Mary Kowalczyk's Hospice last week."
    assert _grown(text, "Mary Kowalczyk", "PATIENT", "Mary Kowalczyk's Hospice", "HOSPITAL") == [
        ("Mary Kowalczyk's Hospice", "HOSPITAL")]


def test_a_date_with_no_digit_month_weekday_or_holiday_is_no_addition():
    text = "The Princess Royal arrived at Needham this morning. Seen on Christmas Eve and on March 3rd."
    model = [Span(0, 12, "DATE", "model", 0.9), Span(text.index("Christmas"), text.index(" and"), "DATE", "model", 0.9),
             Span(text.index("March"), text.index("March") + 9, "DATE", "model", 0.9)]
    assert spans_text(text, additions(text, model, [], 0.5)) == [("Christmas Eve", "DATE"), ("March 3rd", "DATE")]


def test_a_name_of_job_words_alone_is_no_addition():
    text = "Miner was lifting a splitter. Millwright was moving a beam. Seen by Okonkwo."
    model = [Span(0, 5, "PATIENT", "model", 0.9), Span(text.index("Millwright"), text.index(" was moving"), "PATIENT", "model", 0.9),
             Span(text.index("Okonkwo"), len(text) - 1, "DOCTOR", "model", 0.9)]
    assert spans_text(text, additions(text, model, [], 0.5)) == [("Okonkwo", "DOCTOR")]
    assert spans_text(text, additions(text, [Span(0, 5, "PROFESSION", "model", 0.9)], [], 0.5)) == [("Miner", "PROFESSION")]


def test_one_word_defined_as_a_work_or_a_business_is_no_name():
    text = "Zoolander is a 2001 American action-comedy film directed by Ben Stiller."
    assert additions(text, [Span(0, 9, "PATIENT", "model", 0.9)], [], 0.5) == []
    for text in ("Okonkwo is a 2 year old with a fever.", "Zora is a student at the college."):
        word = text.split()[0]
        assert spans_text(text, additions(text, [Span(0, len(word), "PATIENT", "model", 0.9)], [], 0.5)) == [(word, "PATIENT")]


def test_a_phone_of_fewer_than_four_digits_is_no_addition():
    text = "Call NHS 111 if worse, or ring 0113 496 0000. Pager 6-2115."
    model = [Span(5, 12, "PHONE", "model", 0.9), Span(text.index("0113"), text.index("0113") + 13, "PHONE", "model", 0.9),
             Span(text.index("6-2115"), text.index("6-2115") + 6, "PHONE", "model", 0.9)]
    assert spans_text(text, additions(text, model, [], 0.5)) == [("0113 496 0000", "PHONE"), ("6-2115", "PHONE")]


def test_a_hit_is_not_grown_back_over_prose_set_off_by_a_comma():
    """'The applicant company, Kovalenko Trading LLC, is': the words in apposition are no part of the name;
    in a note typed all in lower case the guard stays out of the way."""
    text = "The applicant company, Kovalenko Trading LLC, is registered in Kharkiv."
    hits = [Span(text.index("Kovalenko"), text.index(", is"), "ORGANIZATION", "lexicon", 0.85)]
    model = [Span(text.index("applicant"), text.index(", is"), "ORGANIZATION", "model", 0.94)]
    assert additions(text, model, hits, 0.5, candidate=is_candidate_word) == []
    text = "Seen at Mercy Regional, Boston."  # growth after a hit is another matter
    hits = [Span(text.index("Mercy"), text.index(" Regional"), "HOSPITAL", "lexicon", 0.8)]
    model = [Span(text.index("Mercy"), text.index(","), "HOSPITAL", "model", 0.9)]
    got = spans_text(text, additions(text, model, hits, 0.5, candidate=is_candidate_word))
    assert got == [("Mercy Regional", "HOSPITAL")]


def test_a_drug_with_its_dose_is_no_street():
    """'Sinemet 25/100' (an allowlisted drug, then a dose ratio) and the vital sign after it are no address;
    a street opening with a name no allowlist holds, or with its house number, stays the model's."""
    for text, value in (("takes Sinemet 25/100. BP 132/84. Denies", "Sinemet 25/100. BP 132/84"),
                        ("Medications: Sinemet 25/100, aspirin.", "Sinemet 25/100")):
        start = text.index(value)
        assert additions(text, [Span(start, start + len(value), "STREET", "model", 0.9)], [], 0.5) == []
    for text, value in (("She lives at Storczykowa 81/4 now.", "Storczykowa 81/4"),
                        ("He lives at 12 Main with his son.", "12 Main"),
                        ("Home is Mill Lane 4, Ely.", "Mill Lane 4"), ("Bill to 4 Autumn Flat.", "Autumn Flat")):
        start = text.index(value)
        assert spans_text(text, additions(text, [Span(start, start + len(value), "STREET", "model", 0.9)], [], 0.5)) \
            == [(value, "STREET")]
