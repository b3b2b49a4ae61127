"""DataSifterText: the masking schedule by hand, partner choice, swaps, fill-in, determinism, report, CLI."""

from __future__ import annotations

import json
from dataclasses import replace
import random
import subprocess
import sys

import numpy as np
import pytest

from phisift.document import Document, Span
from phisift.formats import read_corpus, write_corpus
from phisift.sift import SiftConfig, UnigramFiller, apply, fit, sift_corpus
from phisift.lm.predict import sample_index
from phisift.text import match_case
from phisift.sift.keyphrases import rake_keyphrase, rake_phrases, textrank_sentence, textrank_sentences
from phisift.sift.lists import DEFAULT_BLACKLIST
from phisift.sift.masking import MaskSettings, Role, choose_masks, mask_probability, roles_for, word_units
from phisift.sift.report import build_report, linkage, linkage_top1, write_report
from phisift.sift.swap import choose_partner, swap_edit

N, W, B = Role.NORMAL, Role.WHITE, Role.BLACK
PAPER = MaskSettings(pw=0.5, pn=0.75, variant="paper")
PUBLISHED = MaskSettings(pw=0.5, pn=0.75, variant="published")


class Script:
    """A generator that hands out given draws and fails when asked for more."""

    def __init__(self, *draws: float):
        self.draws = list(draws)

    def random(self) -> float:
        assert self.draws, "more draws than the hand-checked schedule uses"
        return self.draws.pop(0)


# --------------------------------------------------------------------------- masking schedule
def test_mask_probabilities_by_role_and_coef():
    assert mask_probability(N, 120, PAPER) == pytest.approx(1 - 0.75 * 1.2)  # 0.1
    assert mask_probability(W, 120, PAPER) == pytest.approx(1 - 0.5 * 1.2)  # 0.4
    assert mask_probability(B, 120, PAPER) == 0.0
    assert mask_probability(N, 5, PAPER) == pytest.approx(1 - 0.75 * 0.05)
    assert mask_probability(N, -5, PUBLISHED) == 1.0  # the published code's coef can go below 0


def test_paper_schedule_by_hand():
    # pass 1: N at coef 1.20, p=.1 (u .95 masks) -> coef 1.20; N p=.1 (u .5 no) -> 1.15;
    # W p=1-.5*1.15=.425 (u .6 > .575 masks) -> 1.20; B p=0 (no draw) -> 1.15; N p=1-.75*1.15=.1375
    # (u .86 <= .8625 no) -> 1.10. 2 of 5 masked <= 2.5, so pass 2 over the unmasked words: N p=.175
    # (u .83 > .825 masks) -> 1.20; B -> 1.15; N p=.1375 (u .1 no). 3 > 2.5: done.
    trace: list = []
    res = choose_masks([N, N, W, B, N], PAPER, Script(0.95, 0.5, 0.6, 0.86, 0.83, 0.1), trace)
    assert res.masked == (True, True, True, False, False)
    assert res.passes == 2 and not res.guarded
    # (word, coef at the visit, p)
    assert [(t, c) for t, c, _ in trace] == [
        (0, 120), (1, 120), (2, 115), (3, 120), (4, 115), (1, 110), (3, 120), (4, 115)]
    assert [round(p, 4) for *_, p in trace] == [0.1, 0.1, 0.425, 0.0, 0.1375, 0.175, 0.0, 0.1375]


def test_paper_schedule_coef_floor_and_more_than_half():
    trace: list = []
    # 30 normal words, nothing masked in the first pass (all draws 0): coef falls to 0.05 and stays
    res = choose_masks([N] * 30, MaskSettings(variant="paper", max_passes=1), Script(*[0.0] * 30), trace)
    assert [c for _, c, _ in trace][:3] == [120, 115, 110]
    assert [c for _, c, _ in trace][-7:] == [5] * 7
    assert res.guarded and res.count == 0  # max_passes stopped the loop
    rng = np.random.default_rng(3)
    for n in (1, 2, 7, 40):
        res = choose_masks([N] * n, PAPER, rng)
        assert res.count > n / 2  # the paper's loop always ends with more than half masked


def test_paper_guard_when_more_than_half_blacklisted():
    res = choose_masks([B, B, B, N], PAPER, Script(0.99))
    assert res.masked == (False, False, False, True) and res.guarded
    res = choose_masks([B, B], PAPER, Script())
    assert res.count == 0 and res.guarded and res.passes == 0
    assert choose_masks([], PAPER, Script()).masked == ()


def test_published_variant_by_hand():
    # N u .95 > .9 masks; B u .95 > .9 but blacklisted: nothing, coef unchanged; W u .7: not > .9,
    # but > .5*1.2=.6 masks; N u .2 -> coef 1.15; N u .87 > .8625 masks: 3 of 6 = half: stop.
    trace: list = []
    res = choose_masks([N, B, W, N, N, N], PUBLISHED, Script(0.95, 0.95, 0.7, 0.2, 0.87), trace)
    assert res.masked == (True, False, True, False, True, False)
    assert [c for _, c, _ in trace] == [120, 120, 120, 120, 115]
    # no floor on coef: after 25 words left alone it is negative and the next word is masked for sure
    res = choose_masks([N] * 26, PUBLISHED, Script(*[0.0] * 26), trace := [])
    assert res.masked == (False,) * 25 + (True,)
    assert trace[-1][1] == -5


def test_roles_whitelist_beats_blacklist_and_positions():
    text = "The patient Smith was seen by the doctor"
    units = word_units(text)
    roles = roles_for(units, frozenset({"the", "was", "by", "patient"}), frozenset({"patient"}), [(12, 17)])
    assert roles == [B, W, W, B, N, B, B, N]


# --------------------------------------------------------------------------- partner choice
def _circle(n: int):
    from scipy.sparse import csr_matrix

    angles = np.linspace(0, np.pi / 2, n)
    return csr_matrix(np.c_[np.cos(angles), np.sin(angles)])


def test_partner_is_among_the_nearest_tenth_and_never_itself():
    X = _circle(21)  # note 0 and 20 others ordered by distance from it
    members = np.arange(21)
    seen = set()
    for s in range(200):
        p = choose_partner(0, X, members, np.random.default_rng(s))
        seen.add(p)
    assert seen == {1, 2}  # ceil(0.1 * 20) = 2 nearest
    # a pool of 10 sampled from the 20: the partner is the nearest of the sample (ceil(0.1 * 10) = 1)
    for s in range(50):
        rng = np.random.default_rng(s)
        p = choose_partner(0, X, members, rng, pool=10)
        sample = np.sort(np.random.default_rng(s).choice(np.arange(1, 21), size=10, replace=False))
        assert p == sample.min()
    assert choose_partner(3, X, np.array([3]), np.random.default_rng(0)) is None
    assert choose_partner(5, X, members, np.random.default_rng(9)) == choose_partner(5, X, members,
                                                                                     np.random.default_rng(9))


# --------------------------------------------------------------------------- keyphrases and swaps
DOC = "Employee cut his left index finger on a sharp steel plate. He was treated at the clinic and returned to work."
PARTNER = "Miner strained his lower back while lifting a heavy roof bolter cable. He was placed on light duty."


def test_rake_phrases_have_offsets_and_need_no_nltk_data():
    phrases = rake_phrases(DOC)
    top = phrases[0]
    assert DOC[top.start : top.end].lower() == top.text
    # ties on score: rake-nltk sorts (score, phrase) in reverse, so the later phrase in A-Z order wins
    assert [p.text for p in phrases[:3]] == ["sharp steel plate", "left index finger", "employee cut"]
    assert rake_keyphrase(DOC, 99) is None


def test_swap_rake_keyphrase():
    edit = swap_edit("rake", DOC, PARTNER)
    mine, theirs = rake_keyphrase(DOC), rake_keyphrase(PARTNER)
    assert (edit.start, edit.end) == (mine.start, mine.end)
    assert edit.replacement == PARTNER[theirs.start : theirs.end] == "heavy roof bolter cable"
    assert DOC[edit.start : edit.end] == "sharp steel plate"
    q2 = swap_edit("rake", DOC, PARTNER, q=2)
    assert DOC[q2.start : q2.end] == "left index finger"


def test_swap_rake_position_takes_the_tail():
    edit = swap_edit("rake-position", DOC, PARTNER)
    assert edit.start == DOC.index("sharp steel plate") and edit.end == len(DOC)
    assert edit.replacement == PARTNER[PARTNER.index("heavy roof bolter cable"):]


def test_swap_textrank_sentence():
    assert textrank_sentences("One short line.") == [(0, 15)]
    long_doc = " ".join([
        "The employee slipped on the wet stairs.", "The employee fell down the stairs and hurt the knee.",
        "The stairs were wet after rain.", "A supervisor was told.", "The knee was swollen after the fall on the stairs.",
        "He went home.",
    ])
    spans = textrank_sentences(long_doc)
    assert spans and all(long_doc[s:e].endswith(".") for s, e in spans)
    edit = swap_edit("textrank", DOC, PARTNER)
    s, e = textrank_sentence(DOC)
    assert (edit.start, edit.end) == (s, e)
    ps, pe = textrank_sentence(PARTNER)
    assert edit.replacement == PARTNER[ps:pe]
    assert swap_edit("none", DOC, PARTNER) is None
    with pytest.raises(ValueError):
        swap_edit("shuffle", DOC, PARTNER)


# --------------------------------------------------------------------------- corpus runs
PARTS = {
    "finger": ["cut his finger on a blade", "pinched a finger between plates", "finger caught in the belt"],
    "back": ["strained his lower back lifting", "felt back pain while shoveling", "hurt the back moving a pump"],
    "eye": ["dust blew into his eye", "a metal chip struck the eye", "eye irritation from welding flash"],
}


def make_corpus(n: int = 45, seed: int = 1) -> list[Document]:
    rng = random.Random(seed)
    docs = []
    for i in range(n):
        label = list(PARTS)[i % 3]
        text = (f"Employee {rng.choice(['Smith', 'Jones', 'Brown'])} {rng.choice(PARTS[label])}. "
                f"He {rng.choice(['reported it', 'went to the clinic', 'returned to work'])} on shift "
                f"{rng.randint(1, 3)}.")
        docs.append(Document(f"d{i:02d}", text, (Span(9, 9 + len(text.split()[1]), "PATIENT"),),
                             {"label": label, "other": i}))
    return docs


def unigram_config(**kw) -> SiftConfig:
    """The paper's masking (large preset) with the unigram fill; the PHI detectors are left out for speed."""
    kw.setdefault("whitelist_phi", False)
    return SiftConfig.preset_config(kw.pop("preset", "large"), fill="unigram", clusters=3, **kw)


@pytest.mark.parametrize("method", ["none", "rake", "rake-position", "textrank"])
def test_same_seed_same_output_and_labels_pass_through(method):
    docs = make_corpus()
    a = sift_corpus(docs, unigram_config(method=method, seed=4)).documents
    b = sift_corpus(docs, unigram_config(method=method, seed=4)).documents
    c = sift_corpus(docs, unigram_config(method=method, seed=5)).documents
    assert [d.text for d in a] == [d.text for d in b]
    assert [d.text for d in a] != [d.text for d in c]
    assert [(d.id, d.meta) for d in a] == [(d.id, d.meta) for d in docs]
    assert all(d.spans == () for d in a)
    assert all("[MASK]" not in d.text for d in a)
    # a note's output does not depend on the order of the corpus
    rev = sift_corpus(docs[::-1], unigram_config(method=method, seed=4)).documents
    assert {d.id: d.text for d in rev} == {d.id: d.text for d in a}


def test_fit_then_apply_per_note_matches_the_corpus_run():
    docs = make_corpus()
    cfg = unigram_config(method="rake", seed=2)
    state = fit(docs, cfg)
    one = [apply(state, d) for d in docs]
    assert [d.text for d in one] == [d.text for d in sift_corpus(docs, cfg).documents]
    # a note the fit never saw still gets a partner of its cluster
    new = Document("new", "Employee Smith cut his finger on a blade. He reported it on shift 2.", (), {"label": "finger"})
    assert apply(state, new).meta == {"label": "finger"}


def test_with_method_reuses_the_fill_and_matches_a_fresh_fit():
    docs = make_corpus()
    state = fit(docs, unigram_config(method="rake", seed=6))
    first = [apply(state, d) for d in docs]
    other = state.with_method("textrank")
    assert other._filled is state._filled  # masks and fills are shared, not redone
    fresh = fit(docs, unigram_config(method="textrank", seed=6))
    assert [apply(other, d).text for d in docs] == [apply(fresh, d).text for d in docs]
    assert [apply(state, d).text for d in docs] == [d.text for d in first]


def test_masking_skips_punctuation_and_blacklisted_words():
    docs = make_corpus()
    run = sift_corpus(docs, unigram_config(method="none", seed=0))
    for orig, out in zip(docs, run.documents):
        assert orig.text.count(".") == out.text.count(".")
        assert out.text.split()[0] == orig.text.split()[0] or out.text.split()[0][0].isupper()
    small = sift_corpus(docs, unigram_config(preset="small", method="none"))
    large = sift_corpus(docs, unigram_config(preset="large", method="none"))
    share = lambda r: sum(o.masked for o in r.outcomes) / sum(o.units for o in r.outcomes)  # noqa: E731
    assert share(small) <= 0.5 < share(large)


def test_rare_words_and_found_phi_join_the_whitelist():
    docs = make_corpus() + [Document("z", "Seen by Dr. John Smith for xylophonic pain.", (), {"label": "eye"})]
    state = fit(docs, SiftConfig.preset_config("medium", fill="unigram", clusters=3))
    text = docs[-1].text
    white = state.white_positions(text)
    covered = lambda word: any(s <= text.index(word) < e for s, e in white)  # noqa: E731
    assert covered("Smith") and covered("xylophonic") and not covered("pain")
    roles = roles_for(word_units(text), state.blacklist, state.whitelist, white)
    assert roles[word_units(text).index(next(t for t in word_units(text) if t.text == "Smith"))] == W


def test_duplicate_ids_are_refused():
    from phisift.errors import InputError

    with pytest.raises(InputError):
        fit([Document("a", "x y"), Document("a", "y z")], unigram_config())


# --------------------------------------------------------------------------- fill-in
def test_match_case_and_sampling():
    assert match_case("right", "Left") == "Right"
    assert match_case("mri", "CT") == "MRI"
    assert match_case("knee", "knee") == "knee"
    rng = np.random.default_rng(0)
    logits = np.array([0.0, -np.inf, 2.0, 1.0])
    draws = [sample_index(logits, rng, top_k=2) for _ in range(300)]
    assert set(draws) == {2, 3}
    assert all(sample_index(logits, np.random.default_rng(s), temperature=1e-3) == 2 for s in range(20))


def test_unigram_filler_never_uses_stop_words():
    filler = UnigramFiller.from_texts(["the knee and the back", "the knee hurt", "back pain"], DEFAULT_BLACKLIST)
    got = filler.fill(["a"] * 50, list(range(50)), np.random.default_rng(1))
    assert set(got.values()) <= {"knee", "back"}


@pytest.fixture(scope="module")
def tiny_mlm(tmp_path_factory):
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from transformers import BertConfig, BertForMaskedLM, BertTokenizerFast

    words = ["employee", "cut", "finger", "back", "eye", "knee", "blade", "belt", "he", "his", "the", "on", "a"]
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ".", ",", "##s", "##ed", *words]
    tok = BertTokenizerFast(vocab={p: i for i, p in enumerate(vocab)}, do_lower_case=True,
                            additional_special_tokens=["[PATIENT]"])
    torch.manual_seed(0)
    model = BertForMaskedLM(BertConfig(vocab_size=len(tok), hidden_size=16, num_hidden_layers=1,
                                       num_attention_heads=2, intermediate_size=32, max_position_embeddings=12))
    model.resize_token_embeddings(len(tok))
    # make the forbidden candidates overwhelmingly likely: the filler must still never pick them
    bias = model.cls.predictions.decoder.bias if model.cls.predictions.decoder.bias is not None \
        else model.cls.predictions.bias
    with torch.no_grad():
        for piece in ("[MASK]", "[PATIENT]", "[UNK]", "##s", ".", ","):
            bias[tok.convert_tokens_to_ids(piece)] = 50.0
    model.eval()
    return tok, model, words


def test_mlm_fill_in_never_puts_a_stop_word_in_a_content_slot(tiny_mlm):
    """Issue 18.6: masked words are content words (stop words are never masked); with content_only
    (SiftConfig.fill_content_only) the fill-in proposes no stop word even where the model likes one best."""
    import torch

    from phisift.sift.fill import MlmFiller

    tok, model, words = tiny_mlm
    bias = model.cls.predictions.decoder.bias if model.cls.predictions.decoder.bias is not None \
        else model.cls.predictions.bias
    saved = bias.clone()
    try:
        with torch.no_grad():
            for w in ("the", "he", "his", "on", "a"):
                bias[tok.convert_tokens_to_ids(w)] = 40.0
        tokens = "employee cut his finger on the blade and his knee".split()
        masked = [0, 1, 3, 6, 8, 9]
        rng = np.random.default_rng(0)
        for _ in range(5):
            got = MlmFiller(tok, model, content_only=True).fill(tokens, masked, rng)
            assert not {w.lower() for w in got.values()} & DEFAULT_BLACKLIST, got
        old = MlmFiller(tok, model).fill(tokens, masked, rng)  # the default: the model's own choice
        assert {w.lower() for w in old.values()} & DEFAULT_BLACKLIST  # the model's own choice would be stop words
    finally:
        with torch.no_grad():
            bias.copy_(saved)


def test_mlm_fill_in_windows_no_residue_and_no_forbidden_tokens(tiny_mlm):
    from phisift.sift.fill import MlmFiller

    tok, model, words = tiny_mlm
    filler = MlmFiller(tok, model)
    assert filler._max_pieces == 10  # 12 positions minus [CLS] and [SEP]: longer notes go in windows
    text = "Employee  CUT his Finger on the blade.\nHe cut the back, the eye and the knee on a belt twice."
    docs = [Document("a", text, (), {"label": "x"}), Document("b", "He cut his knee.", (), {"label": "y"})]
    cfg = SiftConfig.preset_config("large", method="none", clusters=1, seed=3, whitelist_rare=False,
                                   whitelist_phi=False)
    run = sift_corpus(docs, cfg, filler=filler)
    out = run.documents[0].text
    assert "[" not in out and "##" not in out
    # only word characters changed: every space, line break and punctuation mark is where it was
    assert [c for c in out if not c.isalnum()] == [c for c in text if not c.isalnum()]
    new_words = [w.text for w in word_units(out)]
    assert len(new_words) == len(word_units(text))
    assert all(w.lower() in words or w == o for w, o in zip(new_words, [w.text for w in word_units(text)]))
    # half the words are stop words: the guard stops the paper's loop once every other word is masked
    maskable = sum(w.text.lower() not in DEFAULT_BLACKLIST for w in word_units(text))
    assert run.outcomes[0].masked == maskable and run.outcomes[0].guarded
    again = sift_corpus(docs, cfg, filler=filler).documents[0].text
    assert again == out


# --------------------------------------------------------------------------- engines
def test_local_pool_gives_the_output_of_one_process(tiny_mlm):
    from phisift.engine.local import LocalEngine
    from phisift.sift.fill import MlmFiller

    tok, model, _ = tiny_mlm
    docs = make_corpus(30)
    for method in ("rake-position", "textrank"):
        cfg = unigram_config(method=method, seed=11)
        one = sift_corpus(docs, cfg).documents
        pool = sift_corpus(docs, cfg, engine=LocalEngine(2, task_size=4)).documents
        assert [(d.id, d.text, d.meta) for d in pool] == [(d.id, d.text, d.meta) for d in one]
    cfg = SiftConfig.preset_config("large", method="rake", clusters=3, seed=2, whitelist_rare=False,
                                   whitelist_phi=False)
    one = sift_corpus(docs, cfg, filler=MlmFiller(tok, model)).documents
    pool = sift_corpus(docs, cfg, filler=MlmFiller(tok, model), engine=LocalEngine(2, task_size=3)).documents
    assert [d.text for d in pool] == [d.text for d in one]
    assert [d.text for d in one] != [d.text for d in docs]


def test_spark_engine_gives_the_output_of_one_process(tiny_mlm):
    pytest.importorskip("pyspark")
    import os
    import shutil

    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("the Spark test needs Java (make test installs default-jre-headless)")
    from phisift.engine.spark import SparkEngine, local_session
    from phisift.sift.fill import MlmFiller

    tok, model, _ = tiny_mlm
    docs = make_corpus(24)
    cfg = SiftConfig.preset_config("medium", method="rake-position", clusters=3, seed=5, whitelist_phi=False)
    one = sift_corpus(docs, cfg, filler=MlmFiller(tok, model)).documents
    spark = local_session("local[2]")
    try:
        # two chunks of notes in up to 2 partitions each; the fitted state (with the torch model) is
        # broadcast, and pass 1 (mask, fill) and pass 2 (swap) run as mapPartitions
        engine = SparkEngine(spark, partitions=2, chunk_docs=12)
        got = sift_corpus(docs, cfg, filler=MlmFiller(tok, model), engine=engine).documents
        # the DataFrame API: the same text per row, other columns kept, a null text stays null
        from phisift.engine.dataframes import sift_dataframe

        rows = [(d.id, d.text, d.meta["label"]) for d in docs] + [("empty", None, "x")]
        df = spark.createDataFrame(rows, "note_id string, narrative string, part string")
        out = sift_dataframe(df, "narrative", "note_id", cfg, filler=MlmFiller(tok, model), partitions=2)
        table = {r["note_id"]: r for r in out.collect()}
    finally:
        spark.stop()
    assert [(d.id, d.text, d.meta) for d in got] == [(d.id, d.text, d.meta) for d in one]
    # a DataFrame row carries no annotated spans, and annotated PHI is masked like found PHI: compare
    # with one process over the same notes without their spans
    from dataclasses import replace as _replace

    plain = sift_corpus([_replace(d, spans=()) for d in docs], cfg, filler=MlmFiller(tok, model)).documents
    assert {i: (r["narrative_sifted"], r["part"]) for i, r in table.items()} == {
        **{d.id: (d.text, d.meta["label"]) for d in plain}, "empty": (None, "x")}


KILL_SCRIPT = """
import sys, time
import phisift.runs.batches
from phisift.formats import read_corpus
from phisift.progress import TextReporter
from phisift.runs.sift import sift_to_file
from phisift.sift import SiftConfig, UnigramFiller
from phisift.store import Store

phisift.runs.batches.COMMIT_DOCS = 2  # small batches, so that the kill lands between two of them
src, target, store, delay = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
docs = list(read_corpus(src))

class Slow(UnigramFiller):
    def fill(self, tokens, masked, rng):
        time.sleep(delay)
        return super().fill(tokens, masked, rng)

base = UnigramFiller.from_texts([d.text for d in docs], frozenset({"the", "a", "he", "his", "on", "to", "it"}))
config = SiftConfig.preset_config("large", fill="unigram", clusters=3, seed=9, method="rake-position",
                                  whitelist_phi=False)
with Store(store) as st:
    sift_to_file(docs, __import__("pathlib").Path(target), "jsonl", config, store=st,
                 run_settings={"input": src}, filler=Slow(base.words, base.counts),
                 reporter=TextReporter(sys.stdout))
"""


def test_sift_killed_with_sigkill_resumes_to_the_same_bytes(tmp_path):
    import os
    import signal
    import time

    src = tmp_path / "notes.jsonl"
    write_corpus(make_corpus(40), src)
    out, store = tmp_path / "sifted.jsonl", str(tmp_path / "store.sqlite")
    proc = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT, str(src), str(out), store, "0.25"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None:
        journals = list(tmp_path.glob(".sifted.jsonl.fill.*.journal"))
        if journals and journals[0].stat().st_size > 0:
            break
        time.sleep(0.05)
    assert proc.poll() is None, proc.communicate()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert not out.exists()  # nothing half-written where the output goes
    resumed = subprocess.run([sys.executable, "-c", KILL_SCRIPT, str(src), str(out), store, "0"],
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    done = int(resumed.stdout.split("resuming an unfinished run: ")[1].split()[0])
    assert 0 < done < 40
    whole = tmp_path / "whole.jsonl"
    fresh = subprocess.run([sys.executable, "-c", KILL_SCRIPT, str(src), str(whole), str(tmp_path / "s2.sqlite"), "0"],
                           capture_output=True, text=True, timeout=300)
    assert fresh.returncode == 0 and "resuming" not in fresh.stdout
    assert out.read_bytes() == whole.read_bytes()
    assert not list(tmp_path.glob(".sifted.jsonl*"))  # journal gone once the run completed


# --------------------------------------------------------------------------- report and CLI
def test_linkage_attack_figures():
    originals = ["alpha beta gamma", "delta epsilon zeta", "eta theta iota"]
    assert linkage_top1(originals, originals) == 1.0
    assert linkage_top1(originals, [originals[1], originals[2], originals[0]]) == 0.0


def test_linkage_to_own_partner_and_either():
    """Issue 18.3: a note that carries its partner's text links to the partner; 'any' counts both."""
    originals = ["alpha beta gamma delta", "epsilon zeta eta theta", "iota kappa lambda mu", "nu xi omicron pi"]
    sifted = ["alpha beta zeta eta theta",      # own head + partner 1's tail: nearest is the partner
              "epsilon zeta eta theta",          # unchanged: own
              "omicron pi lambda",               # carries partner 3's text: nearest 3 (partner), not itself
              "kappa mu lambda"]                 # the text of a note it does not carry
    got = linkage(originals, sifted, [1, None, 3, 0])
    assert got == {"own": 0.25, "partner": 0.5, "any": 0.75}
    assert linkage(originals, sifted, None)["partner"] == 0.0
    assert linkage_top1(originals, sifted) == got["own"]


def test_report_gives_linkage_to_own_partner_and_either():
    docs = make_corpus(60)
    run = sift_corpus(docs, unigram_config(method="rake-position", preset="small", seed=2))
    priv = build_report(run, "label")["privacy"]
    assert priv["linkage_top1"] == priv["linkage_own"]
    assert priv["linkage_partner"] > 0  # the tail swap brings the partner's text
    assert max(priv["linkage_own"], priv["linkage_partner"]) <= priv["linkage_any"]
    assert priv["linkage_any"] <= priv["linkage_own"] + priv["linkage_partner"]


class Marker:
    """A filler that writes one made-up word: D(W) of the filled notes must hold it."""

    name = "marker"

    def fill(self, tokens, masked, rng):
        return {i: "qzxmarker" for i in masked}


def test_partners_can_be_chosen_in_dw_of_the_filled_notes():
    docs = make_corpus(60)
    cfg = unigram_config(method="rake-position", preset="small", seed=3, partners_on="filled")
    state = fit(docs, cfg, filler=Marker())
    assert state.partners is None  # chosen once the notes are filled
    run = sift_corpus(docs, cfg, filler=Marker())
    model, matrix, labels = run.state.dw
    assert "qzxmarker" in model.vectorizer.vocabulary_ and matrix.shape[0] == len(docs)
    assert all(p is None or p != i for i, p in enumerate(run.state.partners))
    old = fit(docs, replace(cfg, partners_on="original"), filler=Marker())
    assert "qzxmarker" not in old.dw[0].vectorizer.vocabulary_  # the original notes' D(W)
    same = sift_corpus(docs, cfg, filler=Marker()).documents
    assert [d.text for d in same] == [d.text for d in run.documents]


def test_kept_cluster_terms_are_never_masked():
    from phisift.sift.core import cluster_terms

    docs = make_corpus(60)
    cfg = unigram_config(method="none", preset="small", seed=1, keep_cluster_terms=3, variant="paper", pn=0.01,
                         max_share=1.0)
    state = fit(docs, cfg, filler=Marker())
    kept = cluster_terms(state.clusters, state.texts, 3)
    assert kept and kept <= state.mask_blacklist and not kept & state.blacklist
    for i in range(len(docs)):
        for word in state.filled(i).text.split():
            if word.lower().strip(".") in kept:
                break
        else:
            continue
        break
    else:
        raise AssertionError("no kept cluster term survived")
    masked = sum(state.filled(i).masked for i in range(len(docs)))
    units = sum(state.filled(i).units for i in range(len(docs)))
    assert masked / units > 0.3  # everything else that may be masked is


def test_report_fields_and_files(tmp_path):
    docs = make_corpus(60)
    run = sift_corpus(docs, unigram_config(method="rake", seed=1))
    report = build_report(run, "label")
    for key in ("mask_share", "kept_in_place_share", "swapped_share", "utility", "privacy", "seconds", "fill"):
        assert key in report
    assert 0.5 < report["mask_share"] <= 1 and 0 <= report["kept_in_place_share"] < 0.5
    assert 0 <= report["utility"]["same_cluster_share"] <= 1
    clf = report["utility"]["classifier"]
    assert clf["test_documents"] == 12 and 0 <= clf["accuracy_trained_on_sifted"] <= 1
    assert clf["accuracy_trained_on_original"] >= 0.9  # the made-up labels are easy from the original words
    assert 0 <= report["privacy"]["linkage_top1"] <= 1
    assert report["privacy"]["phi"]["gold_spans"] == 60
    assert "unigram" in report["fill"]
    # notes given in another order than their ids: the original notes fall in their own clusters
    from phisift.sift.core import SiftOutcome, SiftRun

    shuffled = docs[::-1]
    same = [SiftOutcome(d, 10, 0, 10, False, None, 0, False) for d in shuffled]
    identity = build_report(SiftRun(shuffled, same, run.state, {"total": 0}), "label")
    assert identity["utility"]["same_cluster_share"] == 1.0 and identity["privacy"]["linkage_top1"] == 1.0
    files = write_report(report, tmp_path / "r.json")
    assert {p.suffix for p in files} == {".json", ".html", ".png"}
    assert json.loads((tmp_path / "r.json").read_text())["documents"] == 60
    assert "Employee" not in (tmp_path / "r.html").read_text()  # no note is quoted


def test_cli_sift_csv_keeps_columns_and_writes_report(tmp_path):
    rows = make_corpus(40)
    src = tmp_path / "notes.csv"
    write_corpus([Document(d.id, d.text, (), {"part": d.meta["label"]}) for d in rows], src, text_field="NARR")
    out = tmp_path / "sifted.csv"
    res = subprocess.run([sys.executable, "-m", "phisift.cli", "sift", str(src), str(out), "--text-field", "NARR",
                          "--label-field", "part", "--fill", "unigram", "--clusters", "3", "--seed", "7",
                          "--preset", "small",
                          "--report", str(tmp_path / "r.json")], capture_output=True, text=True, timeout=300,
                         cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert "unigram" in res.stderr
    got = list(read_corpus(out, text_field="NARR"))
    assert [(d.id, d.meta["part"]) for d in got] == [(d.id, d.meta["label"]) for d in rows]
    assert (tmp_path / "r.png").exists() and (tmp_path / "r.html").exists()
    # the same seed gives the same bytes, also from a pool of two worker processes; another seed does not
    def again(name: str, *extra: str) -> bytes:
        res = subprocess.run([sys.executable, "-m", "phisift.cli", "sift", str(src), str(tmp_path / name),
                              "--text-field", "NARR", "--label-field", "part", "--fill", "unigram", "--clusters", "3",
                              "--preset", "small", *extra], capture_output=True, text=True, timeout=300,
                             cwd=tmp_path)
        assert res.returncode == 0, res.stderr
        return (tmp_path / name).read_bytes()

    assert again("jobs2.csv", "--seed", "7", "--jobs", "2") == out.read_bytes()
    assert again("seed8.csv", "--seed", "8") != out.read_bytes()
    bad = subprocess.run([sys.executable, "-m", "phisift.cli", "sift", str(src), str(tmp_path / "x.csv"),
                          "--text-field", "NARR", "--preset", "huge"], capture_output=True, text=True, timeout=300,
                         cwd=tmp_path)
    assert bad.returncode == 2 and "preset" in bad.stderr and "Traceback" not in bad.stderr
