"""Several CRFs on one note: their per-piece label marginals averaged, then one BIO-valid best path.

CRFs trained on different views of the same notes (a wider context window and more word
features, word clusters, BILOU labels) score about alike on MEDDOCAN but miss different
spans; averaging what each says of every piece (crfsuite's marginals) and decoding the
average keeps what most of them agree on. ``phisift train --ensemble`` trains the members
(``MEMBERS``) beside the command's own model; the model folder keeps them all and
``CrfDetector`` tags with the average (figures in docs/tagger.md).

Decoding: each member's marginals are summed into BIO labels (a BILOU member's U-X counts
as B-X and L-X as I-X), averaged over the members, and the path with the highest sum of
log marginals is taken among the BIO-valid ones (I-X only after B-X or I-X): the argmax
of each piece alone leaves stray I- labels that cut spans.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

__all__ = ["MEMBERS", "NEURAL", "DEFAULT_MEMBERS", "member_settings", "check_member", "bio_name", "best_path",
           "average_marginals"]

#: Ensemble members besides the command's own model: the feature settings they change, and
#: their label scheme. "wide": window ±4, 5-letter affixes, word-list, whole-note and
#: parenthesis features; "clusters": word clusters built from the training text; "bilou":
#: BILOU labels. Each alone is within 0.001 strict F1 of the command's model on MEDDOCAN.
MEMBERS: dict[str, dict[str, Any]] = {
    "wide": {"window": 4, "affixes": (2, 3, 4, 5), "lexicon_words": True, "doc_features": True,
             "paren_segments": True},
    "clusters": {"corpus_clusters": True},
    "bilou": {"tag_scheme": "bilou"},
}

#: ``phisift train``'s members unless ``--ensemble`` says otherwise: on MEDDOCAN dev the command's model
#: with "wide" gained 0.0012 and 0.0013 strict F1 on either half in the bench, 0.0004 in the command;
#: adding "clusters" lost it, "bilou" added nothing (docs/tagger.md).
DEFAULT_MEMBERS: tuple[str, ...] = ("wide",)


#: The member that is not a CRF: a BiLSTM over the command's own features (``neural``, needs torch). Its
#: softmax probabilities are averaged with the CRFs' marginals, weighted as ``weight`` CRFs.
NEURAL = "neural"


def check_member(name: str) -> None:
    """Refuse an unknown member name (a UsageError naming the known ones)."""
    if name != NEURAL and name not in MEMBERS:
        from ...errors import UsageError

        raise UsageError(f"unknown ensemble member '{name}'; choose {', '.join([*MEMBERS, NEURAL])}")


def member_settings(name: str, base: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
    """The feature settings (a ``FeatureSettings.as_dict``) and tag scheme of CRF member ``name``."""
    check_member(name)
    if name == NEURAL:
        from ...errors import UsageError

        raise UsageError("the neural member is not a CRF: it has no CRF feature settings")
    changes = dict(MEMBERS[name])
    scheme = changes.pop("tag_scheme", "bio")
    settings = {**base, **{k: list(v) if isinstance(v, tuple) else v for k, v in changes.items()}}
    return settings, scheme


def bio_name(label: str) -> str:
    """A member's label as BIO: "U-X" -> "B-X", "L-X" -> "I-X"."""
    if label == "O":
        return label
    tag, _, name = label.partition("-")
    return ("B-" if tag in ("B", "U") else "I-") + name


def average_marginals(taggers: Sequence[Any], xseqs: Sequence[Sequence[Sequence[str]]],
                      labels: Sequence[str]) -> list[list[float]]:
    """Per piece, the members' marginal of each of ``labels`` (BIO), averaged.

    ``taggers[k]`` tags ``xseqs[k]`` (the same pieces featurized as member k wants them).
    """
    index = {lab: j for j, lab in enumerate(labels)}
    n = len(xseqs[0])
    out = [[0.0] * len(labels) for _ in range(n)]
    for tagger, xseq in zip(taggers, xseqs):
        tagger.set(xseq)
        for lab in tagger.labels():
            j = index[bio_name(lab)]
            for t in range(n):
                out[t][j] += tagger.marginal(lab, t)
    k = len(taggers)
    return [[v / k for v in row] for row in out]


def best_path(marginals: Sequence[Sequence[float]], labels: Sequence[str]) -> list[int]:
    """The BIO-valid label path (indices into ``labels``) with the highest sum of log marginals.

    O and B-X may follow anything; I-X only B-X or I-X. Linear in the labels per piece: the
    best predecessor of O and of every B-X is the best label overall.
    """
    if not marginals:
        return []
    inside = {j: labels.index("B-" + lab[2:]) for j, lab in enumerate(labels) if lab.startswith("I-")}
    logs = [[math.log(max(v, 1e-12)) for v in row] for row in marginals]
    neg = -1e30
    score = [neg if j in inside else v for j, v in enumerate(logs[0])]
    back: list[list[int]] = []
    for row in logs[1:]:
        top = max(range(len(score)), key=score.__getitem__)
        prev = [top] * len(score)
        new = [score[top] + v for v in row]
        for j, b in inside.items():
            src = b if score[b] >= score[j] else j
            prev[j] = src
            new[j] = score[src] + row[j] if score[src] > neg else neg
        back.append(prev)
        score = new
    last = max(range(len(score)), key=score.__getitem__)
    path = [last]
    for prev in reversed(back):
        last = prev[last]
        path.append(last)
    return path[::-1]
