"""Issue 18.3: the swap that keeps a note in its K-means cluster (``swap_in_cluster``) and the partner candidates
it tries (the partner Algorithm 1 draws first, then the other nearest notes of the cluster)."""

from __future__ import annotations

import math
import random

import numpy as np
from scipy.sparse import csr_matrix

from phisift.document import Document, rewrite
from phisift.sift import SiftConfig, sift_corpus
from phisift.sift.core import SWAP_TRIES
from phisift.sift.lists import DEFAULT_BLACKLIST
from phisift.sift.report import build_report
from phisift.sift.swap import choose_partner, partner_candidates, swap_edit

HEADS = {
    "hand": ["cut his hand on a blade", "pinched a finger of the hand", "hand caught in a belt roller"],
    "back": ["strained his lower back lifting", "felt back pain shoveling coal", "hurt his back moving a pump"],
    "eye": ["dust blew into his eye", "a metal chip struck his eye", "eye burned by a welding flash"],
}
# tails shared by every kind, some naming another kind's body part: a swapped-in tail may pull a note away
TAILS = ["while working near the conveyor belt and the roller", "and the eye doctor said goggles were needed",
         "then his back and shoulder ached at the hospital", "so the hand and finger were bandaged by a nurse",
         "and he returned to work the next shift"]


def corpus(n: int = 120, seed: int = 4) -> list[Document]:
    rng = random.Random(seed)
    docs = []
    for i in range(n):
        kind = list(HEADS)[i % 3]
        text = f"Employee {rng.choice(HEADS[kind])} {rng.choice(TAILS)}. {rng.choice(TAILS).capitalize()}."
        docs.append(Document(f"n{i:03d}", text, (), {"label": kind}))
    return docs


def config(**kw) -> SiftConfig:
    return SiftConfig.preset_config("small", fill="unigram", clusters=3, method="rake-position", whitelist_phi=False,
                                    **kw)


def test_partner_candidates_start_with_the_drawn_partner():
    rows = np.random.default_rng(0).random((60, 8))
    X = csr_matrix(rows / np.linalg.norm(rows, axis=1, keepdims=True))
    members = np.arange(0, 60, 2)  # 30 notes of one cluster
    for seed in range(20):
        drawn = choose_partner(4, X, members, np.random.default_rng(seed), pool=1000, nearest=0.2)
        got = partner_candidates(4, X, members, np.random.default_rng(seed), pool=1000, nearest=0.2)
        assert got[0] == drawn
        assert partner_candidates(4, X, members, np.random.default_rng(seed), 1000, 0.2, more=False) == [drawn]
        # all 29 others are sampled, so the candidates are exactly the nearest ceil(20%) of them, each once
        others = [m for m in members if m != 4]
        dist = {m: 1 - float(rows[m] @ rows[4]) / float(np.linalg.norm(rows[m]) * np.linalg.norm(rows[4])) for m in others}
        nearest = sorted(others, key=lambda m: dist[m])[: math.ceil(0.2 * 29)]
        assert sorted(got) == sorted(nearest) and 4 not in got
    orders = {tuple(partner_candidates(4, X, members, np.random.default_rng(s), 1000, 0.2)[1:]) for s in range(20)}
    assert len(orders) > 1  # the other candidates come in a seeded random order, not by distance
    assert partner_candidates(3, X, np.array([3]), np.random.default_rng(0)) == []


def test_swap_in_cluster_keeps_notes_in_their_cluster_when_a_candidate_can():
    docs = corpus()
    plain = sift_corpus(docs, config(seed=2))
    kept = sift_corpus(docs, config(seed=2, swap_in_cluster=True))
    state = kept.state
    assert [state.filled(i).text for i in range(len(docs))] == [plain.state.filled(i).text for i in range(len(docs))]
    assert all(o.partner_rank == 0 for o in plain.outcomes)
    orig = state.clusters.clusters([d.text for d in docs])
    left_plain = state.clusters.clusters([d.text for d in plain.documents]) != orig
    left_kept = state.clusters.clusters([d.text for d in kept.documents]) != orig
    assert left_plain.sum() >= 3  # the corpus is built so that some drawn partners pull notes away
    assert left_kept.sum() < left_plain.sum()
    moved = 0
    for i, (doc, out) in enumerate(zip(docs, kept.outcomes)):
        assert out.swapped  # a note is never left unswapped for its cluster's sake
        k = state.index[doc.id]
        cands = state.partner_candidates(doc)[:SWAP_TRIES]
        assert state.ids[cands[0]] == plain.outcomes[i].partner
        assert out.partner == state.ids[cands[out.partner_rank]]
        moved += out.partner_rank > 0
        if not left_kept[i]:
            continue
        # it left its cluster: then no candidate's swap would have kept it, and the drawn partner was taken
        assert out.partner_rank == 0 and out.document.text == plain.documents[i].text
        filled = state.filled(k).text
        for j in cands:
            edit = swap_edit("rake-position", filled, state.filled(j).text, 1, state.blacklist | DEFAULT_BLACKLIST)
            if edit is not None:
                assert state.clusters.clusters([rewrite(filled, [edit])[0]])[0] != orig[i]
    assert moved > 0
    report = build_report(kept, "label")
    assert report["swapped_with_other_candidate_share"] == round(moved / len(docs), 4)
    assert report["utility"]["same_cluster_share"] == round(float(1 - left_kept.mean()), 4)
    assert report["config"]["swap_in_cluster"] is True


def test_swap_in_cluster_is_deterministic_and_order_free():
    docs = corpus(60)
    a = sift_corpus(docs, config(seed=5, swap_in_cluster=True)).documents
    b = sift_corpus(list(reversed(docs)), config(seed=5, swap_in_cluster=True)).documents
    assert sorted((d.id, d.text) for d in a) == sorted((d.id, d.text) for d in b)


def test_cli_swap_in_cluster_flag_same_bytes_from_two_workers(tmp_path):
    import json
    import subprocess
    import sys

    from phisift.formats import write_corpus

    src = tmp_path / "notes.jsonl"
    write_corpus(corpus(60), src)

    def run(name: str, *extra: str) -> bytes:
        res = subprocess.run([sys.executable, "-m", "phisift.cli", "sift", str(src), str(tmp_path / name), "--fill",
                              "unigram", "--clusters", "3", "--preset", "small", "--seed", "3", *extra],
                             capture_output=True, text=True, timeout=300, cwd=tmp_path)
        assert res.returncode == 0, res.stderr
        return (tmp_path / name).read_bytes()

    one = run("one.jsonl", "--swap-in-cluster", "--report", str(tmp_path / "r.json"))
    assert json.loads((tmp_path / "r.json").read_text())["config"]["swap_in_cluster"] is True
    assert run("two.jsonl", "--swap-in-cluster", "--jobs", "2") == one
    assert run("off.jsonl") != one  # small has no swap guard: other partners for some notes
