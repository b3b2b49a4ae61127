"""Candidate regions for the CRF tagger, the per-word feature caches, and the short-text window path."""

from __future__ import annotations

import pickle

import pytest

pytest.importorskip("pycrfsuite")

from phisift.detect.tagger.candidates import candidate_regions, is_candidate_word  # noqa: E402
from phisift.detect.tagger.features import FeatureSettings, Featurizer  # noqa: E402
from phisift.detect.tagger.crf import CrfParams  # noqa: E402
from phisift.detect.tagger.load import load_model_detector  # noqa: E402
from phisift.detect.tagger.train import train_model  # noqa: E402
from phisift.detect.tagger.pieces import piece_windows, split_pieces  # noqa: E402
from phisift.document import Span  # noqa: E402
from phisift.pipeline import Pipeline, load_config  # noqa: E402
from phisift.synth import generate_notes  # noqa: E402
from phisift.text import chunks, sentence_tokens, tokenize  # noqa: E402

PROSE = (
    "The patient was brought to the operating room and placed supine. General anesthesia was induced "
    "without difficulty and the abdomen was prepped and draped in the usual sterile fashion. "
    "The patient tolerated the procedure well and was taken to recovery in stable condition.\n"
    "Seen today by Dr. Okonkwo at Bellhaven Regional Medical Center on 03/14/2021 with her daughter "
    "Priyanka; MRN 4471-2209. She lives at 18 Larchmont Terrace, Quincy. Call 617-555-0142.\n"
    "Incision closed with 4-0 Vicryl and the skin with 2 staples; 0.25% Marcaine was injected.\n"
)


def inside(regions, a, b):
    return any(lo <= a and b <= hi for lo, hi in regions)


def test_candidate_words():
    assert is_candidate_word("Okonkwo") and is_candidate_word("03/14/2021") and is_candidate_word("MRN")
    assert not is_candidate_word("The") and not is_candidate_word("HISTORY") and not is_candidate_word("patient")
    assert not is_candidate_word("4-0") and not is_candidate_word("0.25%") and not is_candidate_word("2")
    assert not is_candidate_word("okonkwo")  # lower case in a mixed-case note
    assert is_candidate_word("okonkwo", lower_note=True) and not is_candidate_word("patient", lower_note=True)


def test_regions_hold_candidates_and_skip_plain_prose():
    regions = candidate_regions(PROSE, context=2)
    for word in ("Okonkwo", "Bellhaven", "03/14/2021", "Priyanka", "4471-2209", "Larchmont", "617-555-0142"):
        a = PROSE.index(word)
        assert inside(regions, a, a + len(word)), word
    a = PROSE.index("operating room")
    assert not inside(regions, a, a + 14)
    assert sum(b - a for a, b in regions) < 0.6 * len(PROSE)
    for a, b in regions:  # whole words, disjoint, sorted
        assert (a == 0 or PROSE[a - 1].isspace()) and (b == len(PROSE) or PROSE[b].isspace())
    assert all(b1 < a2 for (_, b1), (a2, _) in zip(regions, regions[1:]))


def test_hits_and_lower_case_notes_make_regions():
    text = "The wound was dressed. The patient will follow up in clinic next week as usual. " * 2
    assert candidate_regions(text) == []
    a = text.index("clinic")
    assert inside(candidate_regions(text, [Span(a, a + 6, "HOSPITAL", "lexicon")]), a, a + 6)
    lower = "seen by dr okonkwo at bellhaven regional today; the wound was dressed and looks clean"
    a = lower.index("okonkwo")
    assert inside(candidate_regions(lower), a, a + 7)


@pytest.fixture(scope="module")
def plain_model(tmp_path_factory):
    """A small CRF that is no stacker (the bundled one is), set to tag candidate regions."""
    out = tmp_path_factory.mktemp("models") / "crf"
    train_model(generate_notes(16, seed=101), out, crf=CrfParams(max_iterations=30), candidate_context=3)
    return out


def test_candidate_regions_keep_every_whole_note_span(plain_model):
    """On synthetic notes and the prose note, tagging candidate regions drops no span the whole-note tagger
    finds with a marginal of 0.5 or more (unsure ones in plain prose, such as a "DATE" in "no acute
    intracranial", go with the prose)."""
    pipe = Pipeline.from_config(load_config(None, {"replace": {"mode": "tag"}}), model_dir=plain_model)
    crf = next(d for d in pipe.detectors if d.name == "model")
    assert crf.candidate_context == 3 and not crf.stacker  # as trained (the default is whole notes)
    texts = [PROSE] + [d.text for d in generate_notes(12, seed=5)]
    found = 0
    for text in texts:
        pipe.detect(text)  # rules and lexicon remembered for this text
        crf.candidate_context = None
        whole = {s for s in crf.detect(text) if s.score >= 0.5}
        crf.candidate_context = 3
        cand = set(crf.detect(text))
        assert whole <= cand, sorted(whole - cand)
        found += len(whole)
    assert found > 50


def test_cached_context_features_equal_uncached():
    text = generate_notes(1, seed=7)[0].text + "\n" + PROSE
    fz = Featurizer(FeatureSettings())
    pieces, feats, _ = fz.featurize(text)
    n = len(pieces)
    for i in range(0, n, 7):
        expected = []
        for d in (-2, -1, 1, 2):
            j = i + d
            if 0 <= j < n:
                expected += [f"{d}w={pieces[j].text.lower()}", f"{d}s={short(pieces[j].text)}"]
        assert [f for f in feats[i] if f[:3] in {"-2w", "-2s", "-1w", "-1s", "1w=", "1s=", "2w=", "2s="}
                and not f.endswith(("<s>", "</s>"))] == expected


def short(word: str) -> str:
    out, last = [], ""
    for c in word:
        k = "X" if c.isupper() else "x" if c.isalpha() else "d" if c.isdigit() else c
        if k != last:
            out.append(k)
            last = k
    return "".join(out)


def test_short_text_window_is_what_chunks_gives():
    text = PROSE
    tokens = [t for g in sentence_tokens(text) for t in g]
    pieces = split_pieces(tokens)
    (w,) = piece_windows(text, tokens, pieces, 250, 50)
    assert (w.lo, w.hi) == (0, len(pieces)) and w.chunk == chunks(text, 250, 50, tokenize(text))[0]


def test_pickle_keeps_candidate_context():
    det = load_model_detector("en_crf")
    det.candidate_context = None
    assert pickle.loads(pickle.dumps(det)).candidate_context is None
    bundled = load_model_detector("en_crf")  # a stacker: its context is in its config
    assert pickle.loads(pickle.dumps(bundled)).candidate_context == bundled.stacker["context"]
    assert pickle.loads(pickle.dumps(bundled)).stacker == bundled.stacker
