"""Issue 18.3: identifying words always masked (also in the partner's piece), fill-ins from common words
and from the note's own cluster, and the report's count of rare words still carried."""

from __future__ import annotations

import random

import numpy as np
import pytest

from phisift.document import Document
from phisift.sift import SiftConfig, UnigramFiller, fit, sift_corpus
from phisift.sift.identifying import cluster_vocabularies, common_words, min_notes, note_frequencies, rare_carried
from phisift.sift.lists import DEFAULT_BLACKLIST, norm
from phisift.sift.masking import word_units
from phisift.sift.report import build_report, partner_indices

PARTS = {
    "finger": ["cut his finger on a blade", "pinched a finger between plates", "finger caught in the belt"],
    "back": ["strained his lower back lifting", "felt back pain while shoveling", "hurt the back moving a pump"],
    "eye": ["dust blew into his eye", "a metal chip struck the eye", "eye irritation from welding flash"],
}
PLACES = ["Galloway", "Kettering", "Oxbridge", "Pemberton", "Quillan", "Ravenswood", "Stanway", "Tolland"]


def corpus(n: int = 90, seed: int = 1) -> list[Document]:
    """Notes of three kinds, each with a rare place, a time and a date (what links a note back)."""
    rng = random.Random(seed)
    docs = []
    for i in range(n):
        label = list(PARTS)[i % 3]
        text = (f"Employee {rng.choice(PARTS[label])} at the {rng.choice(PLACES)}{i} plant at "
                f"{rng.randint(1, 12)}:{rng.randint(10, 59)} on March {rng.randint(1, 28)}, 20{rng.randint(10, 19)}. "
                f"He {rng.choice(['reported it', 'went to the clinic', 'returned to work'])}.")
        docs.append(Document(f"d{i:03d}", text, (), {"label": label}))
    return docs


def config(**kw) -> SiftConfig:
    kw.setdefault("whitelist_phi", False)
    return SiftConfig.preset_config(kw.pop("preset", "medium"), fill="unigram", clusters=3, **kw)


def words_of(text: str) -> set[str]:
    return {norm(t.text) for t in word_units(text)}


def test_common_words_by_note_frequency():
    texts = ["a knee b", "the knee", "knee x", "Knee y 12"] + ["z"] * 96
    assert min_notes(100, 0.01) == 2 and min_notes(1000, 0.01) == 10 and min_notes(10, 0.0) == 2
    assert note_frequencies(["knee knee", "Knee"])["knee"] == 2
    assert common_words(texts, 0.04) == frozenset({"knee", "z"})


@pytest.mark.parametrize("method", ["none", "rake-position"])
def test_identifying_words_are_masked_in_every_note_and_never_carried(method):
    docs = corpus()
    cfg = config(method=method, mask_identifying=True, identifying_df=0.05, seed=3)
    run = sift_corpus(docs, cfg)
    common = common_words([d.text for d in docs], 0.05)
    assert run.state.common == common and "employee" in common and "galloway0" not in common
    partners = partner_indices(run)
    if method != "none":
        assert sum(p is not None for p in partners) > len(docs) // 2  # most notes carry a partner's piece
    for i, (orig, out) in enumerate(zip(docs, run.documents)):
        sources = [orig.text] + ([docs[partners[i]].text] if partners[i] is not None else [])
        rare = set().union(*(words_of(t) - common for t in sources))
        assert rare and not rare & words_of(out.text), (i, rare & words_of(out.text))
        assert all(w in common for w in words_of(out.text) - words_of(orig.text))  # fills: common words only
    rep = build_report(run, "label")["privacy"]["rare_words"]
    assert rep["carried"] == 0 and rep["rare_words"] > 2 * len(docs) and rep["min_notes"] == 5
    # without the option the same notes keep rare words, and the report counts them
    old = sift_corpus(docs, config(method=method, seed=3))
    got = build_report(old, "label")["privacy"]["rare_words"]
    by_hand = rare_carried([d.text for d in docs], [d.text for d in old.documents],
                           [[i] if p is None else [i, p] for i, p in enumerate(partner_indices(old))], 0.01)
    assert got == by_hand and got["carried"] > 0


def test_identifying_masking_is_deterministic_with_a_seed():
    docs = corpus()
    a = sift_corpus(docs, config(mask_identifying=True, seed=5)).documents
    b = sift_corpus(docs[::-1], config(mask_identifying=True, seed=5)).documents
    c = sift_corpus(docs, config(mask_identifying=True, seed=6)).documents
    assert {d.id: d.text for d in a} == {d.id: d.text for d in b}
    assert [d.text for d in a] != [d.text for d in c]
    assert [d.meta for d in a] == [d.meta for d in docs]


def test_blacklisted_words_stay_even_when_rare():
    docs = corpus() + [Document("z", "Employee hurt his back at the Zennor plant; yourselves.", (), {"label": "back"})]
    run = sift_corpus(docs, config(method="none", mask_identifying=True, whitelist_rare=False, seed=1))
    out = {d.id: d.text for d in run.documents}["z"]
    assert "yourselves" in out and "Zennor" not in out  # a stop word is never masked, a rare place always
    # with rare words whitelisted (medium), the whitelist wins over the blacklist, as in Algorithm 1
    run = sift_corpus(docs, config(method="none", mask_identifying=True, seed=1))
    assert "yourselves" not in {d.id: d.text for d in run.documents}["z"]


def test_unigram_filler_restricted():
    filler = UnigramFiller.from_texts(["knee back eye", "knee back", "eye knee"], DEFAULT_BLACKLIST)
    only = filler.restricted(frozenset({"knee"}))
    assert set(only.fill(["x"] * 20, list(range(20)), np.random.default_rng(0)).values()) == {"knee"}
    assert filler.restricted(frozenset({"nothing"})) is filler


def test_fill_ins_stay_in_the_notes_cluster():
    docs = corpus(120)
    cfg = config(method="none", mask_identifying=True, fill_in_cluster=True, seed=2, pn=0.3)
    run = sift_corpus(docs, cfg)
    state = run.state
    vocab = cluster_vocabularies(state.clusters, state.common)
    assert len(vocab) == 3 and len(state.cluster_fillers) == 3
    assert "finger" in vocab[int(state.clusters.clusters(["cut his finger on a blade"])[0])]
    assert "the" in vocab[0] and "the" in vocab[1] and "the" in vocab[2]  # no TF-IDF term: neutral
    new_words = 0
    for orig, out in zip(docs, run.documents):
        c = int(state.clusters.clusters([orig.text])[0])
        for o, s in zip(word_units(orig.text), word_units(out.text)):
            if norm(o.text) != norm(s.text):
                new_words += 1
                assert norm(s.text) in vocab[c], (s.text, c)
    assert new_words > len(docs)
    assert build_report(run, "label")["utility"]["same_cluster_share"] >= 0.95


def test_mlm_filler_restricted_to_words(tiny_mlm_small):
    from phisift.sift.fill import MlmFiller

    tok, model = tiny_mlm_small
    filler = MlmFiller(tok, model).restricted(frozenset({"knee", "back"}))
    tokens = "employee cut his finger on the blade".split()
    got = filler.fill(tokens, [0, 1, 3, 6], np.random.default_rng(0))
    assert set(got.values()) <= {"knee", "back"}
    with pytest.raises(ValueError):
        MlmFiller(tok, model).restricted(frozenset({"nothing"}))


@pytest.fixture(scope="module")
def tiny_mlm_small():
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from transformers import BertConfig, BertForMaskedLM, BertTokenizerFast

    words = ["employee", "cut", "finger", "back", "knee", "blade", "his", "the", "on"]
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ".", "##s", *words]
    tok = BertTokenizerFast(vocab={p: i for i, p in enumerate(vocab)}, do_lower_case=True)
    torch.manual_seed(0)
    model = BertForMaskedLM(BertConfig(vocab_size=len(tok), hidden_size=16, num_hidden_layers=1,
                                       num_attention_heads=2, intermediate_size=32, max_position_embeddings=16))
    model.eval()
    return tok, model


def test_private_is_the_default_preset_and_the_old_ones_remain():
    cfg = SiftConfig.preset_config()
    assert cfg.preset == "private" and cfg.mask_identifying and cfg.fill_in_cluster and not cfg.stopwords
    assert cfg.keep_cluster_terms > 0 and cfg.method == "rake-position" and cfg.whitelist_phi
    assert cfg.swap_in_cluster and cfg.keep_cluster_terms == 10  # issue 18.3, tuned on the seed-0 notes only
    for name in ("small", "medium", "large"):
        old = SiftConfig.preset_config(name)
        assert not old.mask_identifying and not old.fill_in_cluster and old.stopwords and not old.swap_in_cluster


def test_rake_cuts_at_stop_words_even_when_they_may_be_masked():
    """With stopwords=False the masking may mask stop words, but the swap's RAKE still cuts phrases at them."""
    from phisift.document import rewrite
    from phisift.sift import apply
    from phisift.sift.swap import swap_edit

    docs = corpus(60)
    cfg = config(method="rake-position", stopwords=False, pn=1.0, pw=1.0, whitelist_rare=False, seed=4)
    state = fit(docs, cfg)
    swapped = 0
    for i, d in enumerate(docs):
        j = state.partners[i]
        if j is None:
            continue
        edit = swap_edit("rake-position", state.filled(i).text, state.filled(j).text, 1, DEFAULT_BLACKLIST)
        assert apply(state, d).text == rewrite(state.filled(i).text, [edit])[0]
        swapped += edit.start > 0
    assert swapped > len(docs) // 2  # phrases cut at stop words: the tail starts inside the note
