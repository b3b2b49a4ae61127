"""The stacker on questions: the features and candidate words that carry it to short texts typed in
any case ("my dad louis has a fever", "I think June has an ear infection")."""

from __future__ import annotations

import pytest

pytest.importorskip("pycrfsuite")

from phisift.detect.tagger.candidates import candidate_regions, is_candidate_word  # noqa: E402
from phisift.detect.tagger.features import FeatureSettings, Featurizer  # noqa: E402
from phisift.detect.tagger.wordinfo import doc_info, note_case, zipf_features  # noqa: E402


def _features(settings, text):
    _, feats, _ = Featurizer(settings).featurize(text)
    return {f for fs in feats for f in fs}


def test_zipf_features_tell_a_rare_word_from_an_english_one_in_any_case():
    assert zipf_features("radoslav") == ("zf=0", "zfc=LO0")  # unlisted: rarer than Zipf 2.5
    assert zipf_features("RADOSLAV") == ("zf=0", "zfc=UP0")
    assert zipf_features("the")[0] == "zf=7" and zipf_features("Hope")[1].startswith("zfc=TI")
    assert int(zipf_features("fever")[0][3:]) >= 3
    assert zipf_features("12") == () and zipf_features("x") == ()


def test_word_frequency_features_only_when_asked_for():
    text = "my dad radoslav has a fever of 102"
    assert not any(f.startswith(("zf=", "zfc=")) for f in _features(FeatureSettings(), text))
    feats = _features(FeatureSettings(word_freq=True), text)
    assert "zfc=LO0" in feats and "zf=7" in feats
    old = FeatureSettings.from_dict({"window": 1, "version": 2, "lexicon_words": True})  # configs before it
    assert not old.word_freq and not old.short_case and not old.name_candidates


def test_a_short_question_in_lower_case_is_a_lower_case_note_with_short_case():
    text = "june here - the new meds make me dizzy"  # fewer than 40 letters
    assert note_case(text) == "mixed"
    assert note_case(text, short=True) == "lower"
    assert note_case("June here - the new meds make me dizzy", short=True) == "mixed"
    assert note_case("ok thanks", short=True) == "mixed"  # too few letters to tell
    assert doc_info(text, [], short_case=True).case == "lower"
    assert "nc=lower" in _features(FeatureSettings(doc_features=True, short_case=True), text)
    assert "nc=mixed" in _features(FeatureSettings(doc_features=True), text)


def test_given_names_that_are_words_are_candidates_with_name_candidates():
    for word in ("June", "Faith", "Grace"):
        assert not is_candidate_word(word) and is_candidate_word(word, False, True), word
    assert is_candidate_word("june", True, True) and not is_candidate_word("june", False, True)
    assert not is_candidate_word("JUNE", False, True)  # in capitals case says nothing
    for word in ("Will", "Hope", "General", "The"):  # clinical vocabulary, function words, terms
        assert not is_candidate_word(word, False, True), word
    text = "I think June has an ear infection again"
    assert candidate_regions(text, (), 2, None, True) == []
    (a, b), = candidate_regions(text, (), 2, None, True, names=True)
    assert "June" in text[a:b]


# ----------------------------------------------------------------------------- the bundled model on questions


@pytest.fixture(scope="module")
def pipelines():
    from phisift.pipeline import Pipeline, load_config

    rules_lexicon = Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"},
                                                            "detect": {"detectors": ["rules", "lexicon"]}}))
    return rules_lexicon, Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"}}))


def test_the_bundled_model_reads_questions():
    from phisift.detect.tagger.load import load_model_detector

    s = load_model_detector("en_crf").settings
    assert s.word_freq and s.short_text and s.short_case and s.name_candidates


@pytest.mark.parametrize("text, name", [
    # (rules + lexicon now find "June has had a cough", "Faith was bitten", "maura was bitten": see
    # tests/test_question_messages.py; these are forms they still leave to the model)
    ("Morning Dr, Isla has been sick 3 times today", "Isla"),  # a given name after a greeting
    ("april has been coughing at night for 2 weeks", "april"),  # a word and a name, in lower case
    ("We need a sick note for Leo, he missed school Monday", "Leo"),
    ("can i book jacob in for a review please", "jacob"),  # a common name in lower case
])
def test_the_bundled_model_finds_given_names_in_questions_that_rules_and_lexicon_miss(pipelines, text, name):
    rules_lexicon, default = pipelines
    assert not any(text[s.start : s.end] == name for s in rules_lexicon.detect(text))
    found = [(text[s.start : s.end], s.label) for s in default.detect(text)]
    assert (name, "PATIENT") in found, found


@pytest.mark.parametrize("text", [
    "i hope the new meds help with the cough",
    "my faith in this clinic is gone, can I get my records",
    "we took the dog to the vet and she was fine",
])
def test_the_bundled_model_adds_no_name_to_questions_without_one(pipelines, text):
    rules_lexicon, default = pipelines
    assert default.detect(text) == rules_lexicon.detect(text) == []
