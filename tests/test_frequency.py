"""Rare-word masking: item kinds, the threshold, the lists, the confidence list, state, counter."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from phisift.detect.base import Detector
from phisift.detect.frequency import (
    ALWAYS,
    NEVER,
    FrequencyConfig,
    FrequencyDetector,
    FrequencyState,
    ItemSpec,
    SpillCounter,
    WordLists,
    choose_threshold,
    count_items,
    document_items,
    fit,
    fit_frequency_detector,
    is_word,
    kept_share,
    merge,
    shape,
    shipped_whitelist,
    words,
)
from phisift.document import Document
from phisift.errors import InputError
from phisift.store import Secret, Store

NO_LISTS = WordLists()


def cfg(**kw) -> FrequencyConfig:
    kw.setdefault("shipped_whitelist", False)
    return FrequencyConfig(**kw)


def masked_words(state: FrequencyState, text: str) -> list[str]:
    return [text[w.start : w.end] for w in state.masked(text)]


# --------------------------------------------------------------------------- item kinds
def test_only_alphabetic_tokens_are_word_items():
    assert is_word("Smith") and is_word("O'Brien") and is_word("Jackson-Pratt") and is_word("Dr.")
    assert is_word("José") and is_word("niño")
    for tok in ("4B", "617-555-1234", "12/03/2020", ",", "b.i.d.", "COVID-19", "mg/dL", "#"):
        assert not is_word(tok), tok
    assert [w.norm for w in words("Pt seen 03/04/2021 by Dr. Smith, room 4B.")] == ["pt", "seen", "by", "dr.", "smith", "room"]


def test_token_items_are_case_normalised():
    assert document_items("Smith SMITH smith", ItemSpec(("token",))) == ["token:smith"] * 3


def test_position_items_split_sentence_initial_from_inside():
    items = document_items("The cat sat. The dog saw the cat.", ItemSpec(("position",)))
    pos = [i for i in items if i.startswith("position:")]
    assert pos.count("position:^the") == 2 and pos.count("position:the") == 1
    assert "position:^cat" not in pos


def test_pattern_items_reduce_adjacent_numbers_to_shapes():
    assert shape("4B") == "#A" and shape("12/03/2020") == "#/#/#" and shape("3rd") == "#a"
    spec = ItemSpec(("pattern",))
    a = [i for i in document_items("Room 4B was clean.", spec) if i.startswith("pattern:")]
    b = [i for i in document_items("Room 5C was clean.", spec) if i.startswith("pattern:")]
    assert a[0] == "pattern:room #A" and a == b
    assert "pattern:bed #" in document_items("bed 40 %", spec)  # only the adjacent token
    assert "pattern:# beds" in document_items("3 beds", spec)
    assert "pattern:# bed" in document_items("# bed", spec)
    # ordinary punctuation is not a shape
    assert "pattern:clean" in a


def test_ngram_items_stay_within_runs_of_words():
    spec = ItemSpec(("ngram",), ngram=2)
    items = [i for i in document_items("seen by John Smith, John Doe\nand Mary", spec) if i.startswith("ngram:")]
    assert items == ["ngram:seen by", "ngram:by john", "ngram:john smith", "ngram:john doe", "ngram:and mary"]
    tri = [i for i in document_items("a b c d", ItemSpec(("ngram",), ngram=3)) if i.startswith("ngram:")]
    assert tri == ["ngram:a b c", "ngram:b c d"]


def test_stem_items_english_and_spanish():
    en = document_items("hypertension hypertensive", ItemSpec(("stem",)))
    assert en.count("stem:hypertens") == 2
    es = document_items("pacientes paciente", ItemSpec(("stem",), language="spanish"))
    assert es.count("stem:pacient") == 2


def test_item_spec_rejects_bad_settings():
    with pytest.raises(ValueError):
        ItemSpec(("tokens",))
    with pytest.raises(ValueError):
        ItemSpec(("ngram",), ngram=1)
    with pytest.raises(ValueError):
        ItemSpec(("stem",), language="klingon")
    with pytest.raises(InputError):
        FrequencyConfig.from_dict({"kinds": ["nope"]})
    with pytest.raises(InputError):
        FrequencyConfig.from_dict({"no_such_key": 1})


def test_count_items_is_a_reduce():
    texts = ["alpha beta beta", "Beta gamma", "alpha. Gamma delta"]
    spec = ItemSpec(("token", "position", "ngram"))
    whole = count_items(texts, spec)
    parts = merge(count_items(texts[:1], spec), merge(count_items(texts[1:2], spec), count_items(texts[2:], spec)))
    assert parts == whole
    assert whole["token:beta"] == 3 and whole["token:alpha"] == 2


# --------------------------------------------------------------------------- threshold
def test_threshold_is_the_largest_k_keeping_the_share():
    # values: 3 tokens of value 1, 4 of 2, 10 of 5, 3 always kept -> 20 tokens.
    hist = {1: 3, 2: 4, 5: 10, ALWAYS: 3}
    assert kept_share(hist, 1) == 1.0 and kept_share(hist, 2) == 0.85
    assert kept_share(hist, 3) == kept_share(hist, 5) == 0.65 and kept_share(hist, 6) == 0.15
    assert choose_threshold(hist, 0.8, 1).k == 2
    assert choose_threshold(hist, 0.65, 1).k == 5
    assert choose_threshold(hist, 0.6, 1).k == 5
    assert choose_threshold(hist, 1.0, 1).k == 1
    # the always-kept words alone reach the share: every other word may go
    t = choose_threshold(hist, 0.1, 1)
    assert t.k == 6 and t.kept_share == 0.15 and t.target_met
    # the minimum threshold is a floor even when it keeps less than asked
    t = choose_threshold(hist, 0.9, 2)
    assert (t.k, t.kept_share, t.target_met) == (2, 0.85, False)
    assert choose_threshold({}, 0.9, 2).k == 2
    # blacklisted words are never kept
    assert kept_share({NEVER: 1, 3: 3}, 1) == 0.75


def test_fit_picks_the_hand_computed_threshold():
    # alpha 4, beta 3, gamma 1, delta 1: 9 word tokens; numbers are not items.
    texts = ["alpha alpha alpha beta beta gamma 42", "alpha, beta delta 7."]
    st = fit(texts, cfg(keep_share=0.7, min_threshold=2))
    assert st.word_tokens == 9
    assert st.threshold == 3 and st.kept_share == pytest.approx(7 / 9) and st.target_met
    assert masked_words(st, texts[0]) == ["gamma"] and masked_words(st, texts[1]) == ["delta"]
    st = fit(texts, cfg(keep_share=0.4, min_threshold=2))
    assert st.threshold == 4 and masked_words(st, texts[1]) == ["beta", "delta"]
    st = fit(texts, cfg(keep_share=0.8, min_threshold=2))
    assert (st.threshold, st.target_met) == (2, False) and st.kept_share == pytest.approx(7 / 9)
    # re-choosing from the saved histogram gives the same as refitting
    assert fit(texts, cfg(keep_share=0.4, min_threshold=2)).threshold == st.with_keep_share(0.4).threshold


def test_every_word_left_occurs_at_least_k_times():
    rng = random.Random(3)
    vocab = [f"w{c}x" for c in "abcdefghijklmnopqrst"]
    texts = [" ".join(rng.choice(vocab[: rng.randint(2, 20)]).replace("w", "q") for _ in range(30)) for _ in range(40)]
    st = fit(texts, cfg(keep_share=0.9, min_threshold=2))
    counts = Counter(w.norm for t in texts for w in words(t))
    for t in texts:
        masked = {(w.start, w.end) for w in st.masked(t)}
        for w in words(t):
            assert ((w.start, w.end) in masked) == (counts[w.norm] < st.threshold)


def test_rare_word_string_masks_only_its_rarest_word():
    texts = ["saw john today"] * 3 + ["saw smith today"] * 3 + ["john smith"] + ["smith"] * 2
    st = fit(texts, cfg(kinds=("ngram",), keep_share=0.95, min_threshold=2))
    # "john smith" occurs once; john (4) is rarer than smith (6), so john goes;
    # every other string occurs 3 times.
    assert st.threshold == 3
    assert masked_words(st, "john smith") == ["john"]
    assert masked_words(st, "saw john today") == []


# --------------------------------------------------------------------------- lists
def _state(counts: dict[str, int], k: int = 3, lists: WordLists = NO_LISTS, confident=frozenset()) -> FrequencyState:
    return FrequencyState(ItemSpec(("token",)), counts, {}, k, 0.9, 2, 1.0, True, lists, frozenset(confident))


def test_precedence_blacklist_whitelist_confidence_count():
    counts = {"token:common": 10, "token:rare": 1, "token:staff": 10}
    lists = WordLists.build(whitelist=["rare", "both", "confwhite"], blacklist=["staff", "both", "Jane Doe"],
                            shipped=False)
    st = _state(counts, lists=lists, confident={"token:sure", "token:staff"})
    text = "common rare staff both sure unknown Jane Doe"
    assert masked_words(st, text) == ["staff", "both", "unknown", "Jane", "Doe"]
    # count: common kept, unknown masked; whitelist beats count: rare kept;
    # confidence beats count: sure kept; blacklist beats count and confidence: staff masked;
    # blacklist beats whitelist: both masked; a phrase masks its words only together.
    st_no_phrase = _state({"token:jane": 10, "token:doe": 10, "token:saw": 10}, lists=lists)
    assert masked_words(st_no_phrase, "Jane saw Doe") == []
    assert masked_words(st_no_phrase, "Jane Doe") == ["Jane", "Doe"]


def test_word_lists_from_files(tmp_path):
    (tmp_path / "w.txt").write_text("# comment\nZorblax\n\nfoo bar\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Nurse Ratched\nhouse\n", encoding="utf-8")
    lists = WordLists.from_files([tmp_path / "w.txt"], [tmp_path / "b.txt"], shipped=False)
    assert lists.whitelist == {"zorblax", "foo", "bar"}
    assert lists.blacklist == {"house"} and lists.phrases == (("nurse", "ratched"),)
    with pytest.raises(InputError):
        WordLists.from_files([tmp_path / "missing.txt"])


def test_shipped_whitelist_holds_clinical_words():
    white = shipped_whitelist()
    assert len(white) > 1000
    assert {"hypertension", "patient", "metoprolol", "abdomen"} <= white
    assert all(w == w.lower() for w in white)


def test_share_basis_counts_or_output():
    texts = ["alpha alpha beta gamma"]
    lists = WordLists.build(whitelist=["gamma"], shipped=False)
    # counts: alpha 2 (twice), beta and gamma 1 (below the floor: value 0); gamma is whitelisted.
    st = fit(texts, cfg(keep_share=0.5, min_threshold=2, share_basis="counts"), lists=lists)
    assert (st.threshold, st.count_share, st.kept_share) == (2, 0.5, 0.75)
    assert masked_words(st, texts[0]) == ["beta"]
    # on the counts basis the whitelist does not raise k ...
    assert fit(texts, cfg(keep_share=0.25, min_threshold=2, share_basis="counts"), lists=lists).threshold == 2
    # ... on the output basis it does: gamma alone is a quarter of the text
    st = fit(texts, cfg(keep_share=0.25, min_threshold=2, share_basis="output"), lists=lists)
    assert (st.threshold, st.kept_share) == (3, 0.25) and masked_words(st, texts[0]) == ["alpha", "alpha", "beta"]
    with pytest.raises(InputError):
        FrequencyConfig.from_dict({"share_basis": "words"})


def test_share_is_of_the_output_by_default_and_reported():
    """Claim 2: the share asked is the share of word tokens left in the output, lists included."""
    texts = ["alpha alpha alpha alpha beta beta beta gamma gamma delta"]  # gamma whitelisted
    lists = WordLists.build(whitelist=["gamma"], shipped=False)
    assert FrequencyConfig().share_basis == "output"
    st = fit(texts, cfg(keep_share=0.6, min_threshold=2), lists=lists)
    # counts alone would give k=3 (alpha, beta: 7 of 10 >= 0.6), leaving gamma too: 0.9;
    # on the output gamma counts as left, so k rises to 4: alpha and gamma, 0.6
    assert (st.share_basis, st.threshold, st.kept_share) == ("output", 4, 0.6)
    assert masked_words(st, texts[0]) == ["beta", "beta", "beta", "delta"]
    left = 1 - len(st.masked(texts[0])) / len(words(texts[0]))
    assert st.shares() == {"asked": 0.6, "realised": 0.6, "basis": "output", "threshold": 4,
                           "count_share": 0.4, "word_tokens": 10, "target_met": True,
                           "listed_share": 0.2} and left == 0.6
    # the whitelist alone leaves more than asked: every other word goes, and the summary says why
    low = st.with_keep_share(0.1)
    assert (low.threshold, low.kept_share) == (5, 0.2) and "alone are 20.0% of the text" in low.summary()
    assert "asked 60.0% (output basis), realised 60.0%" in st.summary()
    counts = fit(texts, cfg(keep_share=0.6, min_threshold=2, share_basis="counts"), lists=lists)
    assert (counts.threshold, counts.shares()["realised"]) == (3, 0.9)
    assert FrequencyState.from_dict(json.loads(json.dumps(st.to_dict()))).to_dict()["realised_share"] == 0.6


# --------------------------------------------------------------------------- confidence
KEY = Secret(b"0123456789abcdef0123456789abcdef")


def keyed_store(path, reversible: bool = False) -> Store:
    store = Store(path)
    store.key_confidence(KEY, reversible)
    return store


def test_confidence_list_is_updated_once_per_fit_and_keeps_confident_items(tmp_path):
    common = ["zeta zeta zeta alpha alpha alpha beta beta beta"] * 2  # zeta is frequent here
    later = ["alpha alpha alpha beta beta beta zeta omega"]  # zeta occurs once: rare now
    conf = cfg(keep_share=0.8, min_threshold=2, confidence_level=0.8, confidence_min_runs=3)
    with keyed_store(tmp_path / "store.sqlite") as store:
        for _ in range(3):
            fit(common, conf, store)
        assert store.confidence_runs() == 3
        assert store.confidence_of("token:zeta") == (3, 3)
        first = fit(later, conf, store)
        # zeta was frequent in 3 of 3 earlier runs: kept although it occurs once now; omega masked
        assert masked_words(first, later[0]) == ["omega"]
        assert "token:zeta" in first.confident
        assert store.confidence_of("token:zeta") == (3, 4)  # rare in this run: one failure
        assert store.confidence_of("token:omega") == (0, 1)  # rare: counted, as a digest
        assert store.confidence_runs() == 4
    # without the store the same corpus masks zeta
    assert masked_words(fit(later, conf), later[0]) == ["zeta", "omega"]


def test_claim_11_a_name_rare_in_two_runs_and_frequent_in_one_stays_masked(tmp_path):
    """The four-run story: score = runs at or above k / runs the item occurred in = 1/3."""
    rare = ["alpha alpha alpha beta beta beta mcallister"]  # k = 3; mcallister occurs once
    frequent = ["mcallister mcallister mcallister alpha alpha alpha beta beta beta"]
    conf = cfg(keep_share=0.8, min_threshold=2, confidence_level=0.8, confidence_min_runs=3)
    with keyed_store(tmp_path / "store.sqlite") as store:
        for run in (rare, rare, frequent):
            st = fit(run, conf, store)
            assert st.threshold == 3
        assert store.confidence_of("token:mcallister") == (1, 3)
        fourth = fit(rare, conf, store)
        assert "token:mcallister" not in fourth.confident
        assert masked_words(fourth, rare[0]) == ["mcallister"]
        assert store.confidence_of("token:mcallister") == (1, 4)
        # alpha and beta were at or above k in every run they occurred in
        assert {"token:alpha", "token:beta"} <= fourth.confident


def test_confidence_min_runs_counts_the_runs_the_item_occurred_in(tmp_path):
    often = ["zeta zeta zeta alpha alpha alpha"]
    without = ["alpha alpha alpha beta beta beta"]
    later = ["alpha alpha alpha beta beta beta zeta"]
    conf = cfg(keep_share=0.8, min_threshold=2, confidence_level=0.8, confidence_min_runs=3)
    with keyed_store(tmp_path / "s.sqlite") as store:
        for run in (often, often, without, without):
            fit(run, conf, store)
        assert store.confidence_runs() == 4 and store.confidence_of("token:zeta") == (2, 2)
        # four runs in the store, but zeta occurred in two: not enough to keep it when rare
        assert masked_words(fit(later, conf, store), later[0]) == ["zeta"]
        assert store.confidence_of("token:zeta") == (2, 3)  # that run counted a failure
        fit(often, conf, store)
        fit(often, conf, store)
        # now zeta was at or above k in 4 of the 5 runs it occurred in: 0.8, kept when rare
        assert store.confidence_of("token:zeta") == (4, 5)
        assert masked_words(fit(later, conf, store), later[0]) == []


def test_confidence_needs_enough_earlier_runs(tmp_path):
    common = ["zeta zeta zeta"]
    later = ["alpha alpha alpha zeta"]
    conf = cfg(keep_share=0.5, min_threshold=2, confidence_min_runs=5)
    with keyed_store(tmp_path / "s.sqlite") as store:
        for _ in range(3):
            fit(common, conf, store)
        assert masked_words(fit(later, conf, store), later[0]) == ["zeta"]


@pytest.mark.parametrize("kinds", [("token",), ("token", "ngram")])
def test_store_holds_no_word_of_the_corpus_unless_reversible(tmp_path, kinds):
    texts = ["Mrs McAllister saw Dr Okonkwo about the cough.", "The cough is better.", "McAllister is well."]
    corpus_words = {w.norm.rstrip(".") for t in texts for w in words(t)}
    conf = cfg(keep_share=0.8, kinds=kinds)
    for _ in range(2):
        with keyed_store(tmp_path / "s.sqlite") as store:
            fit(texts, conf, store)
    with keyed_store(tmp_path / "empty.sqlite"):
        pass
    schema = (tmp_path / "empty.sqlite").read_bytes().lower()  # SQL text of the tables ("is" in "exists"...)
    raw = (tmp_path / "s.sqlite").read_bytes().lower()
    checked = [w for w in corpus_words if len(w) > 3 and w.encode() not in schema]  # "is": "distinct_items"
    assert {"mcallister", "okonkwo", "cough", "better"} <= set(checked)
    assert [w for w in checked if w.encode() in raw] == []
    with keyed_store(tmp_path / "r.sqlite", reversible=True) as store:
        fit(texts, conf, store)
        assert store.confidence_of("token:mcallister") is not None
    assert b"mcallister" in (tmp_path / "r.sqlite").read_bytes()


def test_old_clear_confidence_table_is_erased(tmp_path):
    import sqlite3

    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE confidence (item TEXT PRIMARY KEY, runs_above INTEGER, runs_total INTEGER);"
                     "CREATE TABLE confidence_runs (n INTEGER NOT NULL); INSERT INTO confidence_runs VALUES (1);"
                     "INSERT INTO confidence VALUES ('token:mcallister', 1, 1);")
    db.commit()
    db.close()
    with keyed_store(path) as store:
        assert store.confidence_runs() == 0 and store.confidence() == {}
    assert b"mcallister" not in path.read_bytes()


def test_a_different_key_starts_a_different_list(tmp_path):
    texts = ["zeta zeta zeta"]
    with keyed_store(tmp_path / "s.sqlite") as store:
        fit(texts, cfg(keep_share=0.5), store)
        assert store.confidence_of("token:zeta") == (1, 1)
        store.key_confidence(Secret(b"another key another key another key"))
        assert store.confidence_of("token:zeta") is None


# --------------------------------------------------------------------------- state
@pytest.mark.parametrize("name", ["state.json", "state.json.gz"])
def test_state_save_load_round_trip(tmp_path, name):
    texts = ["The patient Zorblax was seen. The patient is well.", "The patient was seen in Room 4B.",
             "The patient is well."]
    st = fit(texts, FrequencyConfig(kinds=("token", "pattern", "ngram"), keep_share=0.8),
             lists=WordLists.build(whitelist=["room"], blacklist=["Zorblax Smith", "well"]))
    path = tmp_path / name
    st.save(path)
    back = FrequencyState.load(path)
    assert back == st
    for t in texts:
        assert FrequencyDetector(back).detect(t) == FrequencyDetector(st).detect(t)


def test_state_load_rejects_bad_files(tmp_path):
    with pytest.raises(InputError):
        FrequencyState.load(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(InputError):
        FrequencyState.load(tmp_path / "bad.json")
    (tmp_path / "other.json").write_text(json.dumps({"format": "x"}), encoding="utf-8")
    with pytest.raises(InputError):
        FrequencyState.load(tmp_path / "other.json")


def test_fit_frequency_detector_saves_and_applies_a_state(tmp_path, capsys):
    docs = [Document(str(i), t) for i, t in enumerate(["alpha alpha beta", "alpha beta gamma"])]
    settings = {"keep_share": 0.6, "min_threshold": 2, "shipped_whitelist": False,
                "save_state": str(tmp_path / "s.json")}
    det = fit_frequency_detector(docs, settings, None)
    assert isinstance(det, Detector) and det.name == "frequency"
    spans = det.detect("alpha gamma")
    assert [(s.start, s.end, s.label, s.source, s.score) for s in spans] == [(6, 11, "OTHER", "frequency", 0.5)]
    assert capsys.readouterr().err == ""  # the library prints nothing; a run reports the summary
    assert "threshold k=" in det.state.summary()
    again = fit_frequency_detector(iter(()), {"state": str(tmp_path / "s.json"), "keep_share": 0.6, "min_threshold": 2,
                                              "label": "RARE"}, None)
    assert [(s.start, s.end, s.label) for s in again.detect("alpha gamma")] == [(6, 11, "RARE")]


# --------------------------------------------------------------------------- counting
def test_spill_counter_is_exact_and_bounded():
    rng = random.Random(7)
    items = [f"w{rng.randint(0, 300)}" for _ in range(5000)]
    expected = Counter(items)
    with SpillCounter(max_items=20) as counter:
        for i in range(0, len(items), 37):
            counter.update(Counter(items[i : i + 37]))
            assert len(counter._counts) <= 20 + 37  # never more than the bound plus one batch
        assert counter.spills > 10
        got = list(counter.items())
        assert got == sorted(expected.items())
        assert list(counter.items()) == got  # readable twice
        assert len(counter) == len(expected)


def test_spill_counter_merges_many_runs():
    with SpillCounter(max_items=1) as counter:
        for i in range(200):
            counter.update({f"a{i % 7}": 1, f"b{i}": 2})
        assert counter.spills >= 200
        got = dict(counter.items())
    assert all(got[f"a{j}"] == sum(1 for i in range(200) if i % 7 == j) for j in range(7))
    assert got["b199"] == 2 and len(got) == 207


def test_bounded_fit_equals_unbounded_fit():
    rng = random.Random(11)
    vocab = ["common", "word", "note", "seen"] + [f"name{chr(97 + i)}" for i in range(20)]
    texts = [" ".join(rng.choice(vocab) for _ in range(rng.randint(3, 12))) for _ in range(80)]
    for kinds in (("token",), ("token", "ngram", "pattern")):
        small = fit(texts, cfg(kinds=kinds, max_items=5))
        big = fit(texts, cfg(kinds=kinds))
        assert small.stats["spills"] > 0 and big.stats["spills"] == 0
        assert (small.counts, small.histogram, small.output_histogram, small.threshold) == (
            big.counts, big.histogram, big.output_histogram, big.threshold)


@pytest.mark.parametrize("kinds", [("token",), ("position",)])
def test_one_pass_and_two_pass_agree(kinds):
    texts = ["The cat sat. The dog saw the cat.", "A cat. The end.", "Dog saw cat", "rare words here"]
    lists = WordLists.build(whitelist=["end"], blacklist=["dog"], shipped=False)
    one = fit(texts, cfg(kinds=kinds, keep_share=0.6), lists=lists)
    two = fit(texts, cfg(kinds=kinds, keep_share=0.6), lists=lists, two_pass=True)
    assert one.stats["passes"] == 1 and two.stats["passes"] == 2
    assert one.histogram == two.histogram and one.output_histogram == two.output_histogram
    assert one.threshold == two.threshold


def test_one_shot_stream_is_spooled_for_the_second_pass():
    texts = ["saw john today", "saw smith today", "john smith", "saw john today", "saw smith today"]
    from_list = fit(texts, cfg(kinds=("token", "ngram"), keep_share=0.5))
    from_stream = fit((Document(str(i), t) for i, t in enumerate(texts)), cfg(kinds=("token", "ngram"), keep_share=0.5))
    assert from_list.histogram == from_stream.histogram and from_list.threshold == from_stream.threshold


def test_process_pool_gives_the_same_fit():
    texts = [f"note {i} seen by doctor name{i % 7} and nurse name{i % 3}. The patient is well." for i in range(600)]
    for kinds in (("token",), ("token", "ngram")):
        one = fit(texts, cfg(kinds=kinds, keep_share=0.8))
        two = fit(iter(texts), cfg(kinds=kinds, keep_share=0.8, jobs=2))
        assert two.stats["jobs"] == 2
        assert (one.counts, one.histogram, one.output_histogram, one.threshold) == (
            two.counts, two.histogram, two.output_histogram, two.threshold)


def test_pipeline_runs_the_frequency_detector(capsys):
    from phisift.pipeline import Pipeline, load_config

    config = load_config(overrides={"detect": {"detectors": ["frequency"]}, "replace": {"mode": "tag"},
                                    "frequency": {"keep_share": 0.8, "shipped_whitelist": False}})
    docs = [Document("a", "The patient was seen today."), Document("b", "The patient was seen by Zorblax today.")] * 2
    det = fit_frequency_detector(iter(docs), config.frequency, None)
    pipe = Pipeline.from_config(config, extra_detectors=[det])
    new, spans = pipe.deidentify(Document("c", "Zorblax saw the patient today."))
    assert new.text == "Zorblax saw the patient today.".replace("Zorblax", "[OTHER]").replace("saw", "[OTHER]")
    assert {s.source for s in spans} == {"frequency"}


def test_cli_store_holds_no_word_of_the_corpus(tmp_path):
    """`phisift deid` with the frequency detector: the SQLite store holds digests, no note word."""
    import subprocess
    import sys

    notes = tmp_path / "notes"
    notes.mkdir()
    texts = {"a.txt": "Seen by Dr Okonkwo. Mrs Featherstonehaugh has a cough.\n",
             "b.txt": "Mrs Featherstonehaugh has a cough. The cough is better.\n",
             "c.txt": "The cough is better. Review in clinic.\n"}
    for name, text in texts.items():
        (notes / name).write_text(text)
    store = tmp_path / "proj" / "store.sqlite"
    res = subprocess.run([sys.executable, "-m", "phisift.cli", "deid", str(notes), str(tmp_path / "out"),
                          "--detectors", "frequency", "--keep-share", "0.8", "--store", str(store),
                          "--key-file", str(tmp_path / "keys" / "k")], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    # the run summary shows the share of word tokens asked for and the share left (claim 2)
    assert re.search(r"frequency k=\d+: word tokens left asked 80\.0% \(output\), realised \d+\.\d%",
                     res.stderr), res.stderr
    raw = store.read_bytes().lower()
    assert b"featherstonehaugh" not in raw and b"okonkwo" not in raw and b"cough" not in raw
    with keyed_store(store) as s:  # another key: nothing can be looked up
        assert s.confidence_of("token:cough") is None and s.confidence_runs() == 1
