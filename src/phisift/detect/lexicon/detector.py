"""The lexicon detector: names, places, institutions and professions from word lists and cues.

It tokenises a text once (:class:`~.tokens.Tokens`), runs the ordered passes of
:mod:`.passes` over it, each claiming tokens in a shared :class:`~.state.PassState`,
and returns the spans they found.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Iterable

from ...document import Span
from .casing import MIXED, UPPER, recase
from .labels import DOCTOR, HOSPITAL, LOCATION_OTHER, ORGANIZATION, PATIENT, STREET
from .passes import run_passes
from .repeats import SEED_SCORE, claim_spans, tag_repeats
from .state import PassState
from .tokens import Tokens
from .wordlists import load_lexicons


class LexiconDetector:
    """Names, places, institutions and professions from word lists and context cues.

    ``repeat``: run the repeated-name pass (:func:`names_in_document`) over each text.
    ``lexicon_dir``: read the word lists from this directory instead of the package.
    """

    name = "lexicon"

    def __init__(self, *, repeat: bool = True, lexicon_dir: str | Path | None = None) -> None:
        self.repeat = repeat
        self.lexicons = load_lexicons(str(lexicon_dir) if lexicon_dir else None)
        #: The last text read and its ``WORD`` tokens, for a tagger that counts the same text's words
        #: (``words_of``) instead of scanning it again.
        self._last: tuple[str, list[str]] | None = None

    def words_of(self, text: str) -> list[str] | None:
        """The ``WORD`` tokens of ``text`` if it is the very text (``is``) this detector read last, else None."""
        last = self._last
        return last[1] if last is not None and last[0] is text else None

    def __getstate__(self) -> dict:
        # a worker gets the settings and lists, never the last note read
        return {**self.__dict__, "_last": None}

    def detect(self, text: str) -> list[Span]:
        doc = Tokens(text, self.lexicons)
        self._last = (text, doc.words)
        spans = self._run(doc)
        mode = doc.note_case
        if mode != MIXED:
            # a note typed all in lowercase or capitals is read a second time through a recased
            # copy (same offsets); what that reading adds where the first found nothing is kept
            copy = recase(text, mode, self.lexicons)
            again = self._run(Tokens(copy, self.lexicons), recased=True)
            if mode == UPPER:
                spans = _bodies_end_where_recased(copy, spans, again)
            spans = _longest_first(spans + again)
        return sorted(_streets_after_residence(text, spans, self.lexicons.street_suffixes))

    def _run(self, doc: Tokens, recased: bool = False) -> list[Span]:
        if doc.n == 0:
            return []
        state = PassState(doc, recased=recased)
        run_passes(doc, state, repeat=self.repeat)
        return state.spans


_BODIES = frozenset({HOSPITAL, ORGANIZATION, LOCATION_OTHER})
#: Where a person lives, right before a street: "lives on", "resides off", "living now on", "home is off".
_RESIDENCE_ON = re.compile(r"(?i)\b(?:lives|live|living|lived|resides|reside|residing|resided|stays|staying"
                           r"|(?:home|house)[ \t]+(?:is|was))"
                           r"(?:[ \t]+(?:now|currently|still))?[ \t]+(?:on|off)[ \t]+$")


#: A preposition of place or motion before a name, and the street types that are no one's surname: "walked from
#: Walter Terrace", "drove down Victoria Parade" (not "Street", "Close", "Lane", "Hill", "Park": surnames too).
_PLACE_PREPOSITION = re.compile(r"(?i)\b(?:from|to|on|off|along|down|up|near|into|onto)[ \t]+$")
_STREET_TYPES_NO_SURNAME = frozenset(
    "road rd avenue ave boulevard blvd terrace crescent parade esplanade promenade mews quay wynd".split()
)


def _streets_after_residence(text: str, spans: list[Span], suffixes: frozenset[str]) -> list[Span]:
    """"Her son lives on Margaret Way", "lives on Grace Court": a name before a street type, read as a person
    or a body, is the street someone lives on when a residence verb and "on" or "off" stand right before it; a
    body run on past the street type ("LIVES ON HAWTHORNE CRESCENT NEAR THE SCHOOL") ends at it."""
    out = []
    for s in spans:
        if s.label in (PATIENT, DOCTOR) and _PLACE_PREPOSITION.search(text, max(0, s.start - 8), s.start) \
                and text[s.start : s.end].rsplit(None, 1)[-1].lower() in _STREET_TYPES_NO_SURNAME:
            out.append(replace(s, label=STREET))  # "walked from Walter Terrace": no person is called "Terrace"
            continue
        if s.label in (PATIENT, DOCTOR, ORGANIZATION) and _RESIDENCE_ON.search(text, max(0, s.start - 40), s.start):
            words = list(re.finditer(r"\S+", text[s.start : s.end]))
            head = next((w for w in words[1:] if w.group().lower().rstrip(".,") in suffixes), None)
            if head is not None:
                s = replace(s, end=s.start + head.start() + len(head.group().rstrip(".,")), label=STREET)
        out.append(s)
    return out


def _bodies_end_where_recased(copy: str, plain: list[Span], recased: list[Span]) -> list[Span]:
    """In a note in capitals, a named body of the plain reading that the recased reading
    starts at the same place but ends sooner is dropped for the recased one.

    In capitals every word looks capitalised, so a head word pulls in the clause before or
    after it ("UIHC FOR LACK OF INSURANCE", "MERCY MEDICAL CENTER FOR MRI OF THE BRAIN"); the
    recased copy keeps common and clinical words in lower case and ends the name where a
    writer would ("uihc", "Mercy Medical Center"). Only the end is taken from it, and only where
    the rest opens with a word that goes on with the sentence ("for", "of", "following"): a body the
    recased reading does not find or starts elsewhere, or whose rest is a suffix or more of its name
    ("PALOMO Y ASOCIADOS S.A.", "NØRGAARD & SØN A/S", "CRORZIRTON METHODIST CHURCH SERVICES"),
    stays as the plain reading found it.
    """
    ends = {s.start: s.end for s in recased if s.label in _BODIES}

    def runs_on(s: Span) -> bool:
        end = ends.get(s.start, s.end)
        rest = copy[end : s.end].split()
        return end < s.end and copy[end : end + 1].isspace() and bool(rest) and rest[0] in _GOES_ON

    return [s for s in plain if not (s.label in _BODIES and runs_on(s))]


#: Words that continue a sentence after a name, as the recased copy writes them (lower case).
_GOES_ON = frozenset("for of the and to with in on at by from following due because after before".split())


def _longest_first(spans: list[Span]) -> list[Span]:
    """Two readings of one note merged: of overlapping spans the longest stays (the first reading's on a tie)."""
    kept: list[Span] = []
    for s in sorted(spans, key=lambda s: s.start - s.end):  # stable: the first reading wins ties
        if not any(k.start < s.end and s.start < k.end for k in kept):
            kept.append(s)
    return kept


def names_in_document(
    text: str,
    spans: Iterable[Span],
    *,
    min_score: float = SEED_SCORE,
    lexicon_dir: str | Path | None = None,
) -> list[Span]:
    """Further occurrences of the names in ``spans``: the second pass for any detector's output.

    Every word of a PATIENT or DOCTOR span with ``score >= min_score`` seeds a
    case-insensitive search for the same word, capitalised, elsewhere in ``text``;
    each new hit (not overlapping a given span) gets the seed's label and score
    ``REPEAT_SCORE``. Allowlisted words ("Grace", "Hall") are not repeated at the start
    of a sentence, and no repeat is taken before an eponym head ("Parkinson disease").
    """
    doc = Tokens(text, load_lexicons(str(lexicon_dir) if lexicon_dir else None))
    if doc.n == 0:
        return []
    state = PassState(doc)
    tag_repeats(doc, state, claim_spans(doc, state, spans, min_score))
    return sorted(state.spans)
