"""Repeated names: later mentions of a name take the label of its best-evidenced mention.

Notes repeat names. Once the other passes have run, the words of the names found with good
evidence (score >= ``SEED_SCORE``) seed a search for the same words, capitalised, elsewhere in
the text; and a lexicon-only name whose words all belong to names found with a title,
credential or cue (>= ``STRONG_SEED_SCORE``) takes their label.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Iterable, Mapping

from ...document import Span
from .cues import CALENDAR, CREDENTIAL_WORDS, PARTICLES, TITLES
from .labels import NAME_LABELS
from .name_runs import calendar_use
from .state import PassState
from .tokens import Tokens

#: Score given to names found by the repeat pass, and the score a name needs to seed it.
REPEAT_SCORE = 0.8
SEED_SCORE = 0.8
#: Score of a name found with a title, credential or cue: its label wins for shared words.
STRONG_SEED_SCORE = 0.9


def relabel_from_strong(doc: Tokens, state: PassState) -> None:
    """Give lexicon-only names the label of the cue-backed names that share their words.

    Reads the names in ``state.found`` and rewrites their labels: "Dr. Jane Parkinson ...
    Jane Parkinson agreed" makes the second, found from the word lists as PATIENT, a DOCTOR.
    """
    strong = seed_words(doc, state, STRONG_SEED_SCORE)
    if not strong:
        return
    for n, (i, j, label, score) in enumerate(state.found):
        if label not in NAME_LABELS or score >= STRONG_SEED_SCORE:
            continue
        labels = {strong.get(doc.keys[t]) for t in range(i, j) if len(doc.keys[t]) > 1 and doc.keys[t] not in PARTICLES}
        if len(labels) == 1 and None not in labels:
            new = labels.pop()
            if new != label:
                state.relabel(n, new)


def seed_words(doc: Tokens, state: PassState, min_score: float) -> dict[str, str]:
    """Name word key -> label, from the names found with ``score >= min_score`` (first found wins)."""
    seeds: dict[str, str] = {}
    for i, j, label, score in state.found:
        if label not in NAME_LABELS or score < min_score:
            continue
        for t in range(i, j):
            k = doc.keys[t]
            if len(k) < 2 or k in PARTICLES or k in TITLES or k in CREDENTIAL_WORDS:
                continue
            seeds.setdefault(k, label)
    return seeds


def tag_repeats(doc: Tokens, state: PassState, seeds: Mapping[str, str]) -> None:
    """Tag the free capitalised runs of seed words with the seed's label (score ``REPEAT_SCORE``).

    A first name or initial right before a seed surname joins it; a lone common word at a
    sentence start, a word before an eponym head or a dose, and a month used as a date are left.
    """
    if not seeds:
        return
    lex = doc.lex
    last_end = -1
    for i in doc.caps:
        if i < last_end or state.taken[i] or doc.keys[i] not in seeds:
            continue
        j = i + 1
        while j < doc.n and not state.taken[j] and doc.cap[j] and doc.keys[j] in seeds and doc.simple_gap(j):
            j += 1
        k = doc.keys[i]
        # a first name or initial right before a known surname belongs to it ("Joshua Short")
        while i > 0 and not state.taken[i - 1] and doc.cap[i - 1] and (
            (doc.simple_gap(i) and doc.keys[i - 1] in lex.first and not lex.is_allowed(doc.keys[i - 1]))
            or (doc.is_initial(i - 1) and doc.initial_gap(i) and i - 1 > 0 and doc.keys[i - 2] in seeds)
        ):
            i -= 1
        last_end = j
        if j - i == 1 and lex.is_allowed(k) and (doc.sentence_initial(i) or doc.is_upper(i)):
            continue  # "Grace was given": a lone common word at a sentence start
        if doc.eponym_after(j) or doc.dose_after(j):
            continue
        if j - i == 1 and k in CALENDAR and calendar_use(doc, i):
            continue  # Mrs. May ... "May 2019", "in May"
        state.emit(i, j, seeds[k], REPEAT_SCORE)


def pass_repeats(doc: Tokens, state: PassState) -> None:
    """Further mentions of the names found so far (seeded by names with ``score >= SEED_SCORE``)."""
    tag_repeats(doc, state, seed_words(doc, state, SEED_SCORE))


def claim_spans(doc: Tokens, state: PassState, spans: Iterable[Span], min_score: float) -> dict[str, str]:
    """Mark the tokens of another detector's ``spans`` taken; return the seeds of its names.

    This is how :func:`~.detector.names_in_document` runs the repeat pass over any
    detector's output: the given spans stand where this detector's own would.
    """
    seeds: dict[str, str] = {}
    for sp in spans:
        a = bisect_left(doc.ends, sp.start + 1)
        b = a
        while b < doc.n and doc.starts[b] < sp.end:
            b += 1
        for t in range(a, b):
            state.taken[t] = 1
        if sp.label in NAME_LABELS and sp.score >= min_score:
            for t in range(a, b):
                k = doc.keys[t]
                if len(k) >= 2 and k not in PARTICLES and k not in TITLES and k not in CREDENTIAL_WORDS:
                    seeds.setdefault(k, sp.label)
    return seeds
