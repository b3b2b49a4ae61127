"""Candidate regions: the stretches of a note worth handing to the CRF tagger.

Most of a clinical note is lower-case clinical prose the tagger labels O piece
after piece; tagging it costs most of the tagger's time (features and crfsuite)
and finds nothing. A region is built around every *candidate* word and widened by
``context`` words on each side, so the features of a candidate (its ±2 window,
bigrams, capitalised-run position) and the CRF's transitions see the same
neighbours they would in the whole note. Candidates are:

* words with three digits in a row or four in all (dates, ids, phone numbers,
  ZIPs), not small numbers and codes ("2", "#4-0", "250", "L4-L5", "6-French":
  doses, sizes, levels; an age or a date among them is a rule hit, which marks it);
* capitalised words whose lower-case form is neither in the shipped clinical
  vocabulary (``data/clinical_vocab.txt``: words MTSamples writes in lower case),
  an English function word, a title, nor in the lexicon's clinical allowlist or
  capitalised clinical terms ("Vicryl", "Bovie", "Next", "General", "Foley").
  Names, places and organisations are in none of them; "The", "HISTORY" and
  "Aspirin" are. In a note written all in lower case, any word outside them;
* any word a rule or lexicon span touches (their hits are the tagger's strongest
  features).

Regions are cut at whitespace, so every token inside is the token the whole-note
tokenizer makes. What the tagger may still see differently is near a region edge
(sentence-position and line features): ``context`` words away from any candidate.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from ...document import Span
from ...text import ENGLISH_STOPWORDS, clinical_vocabulary

#: Runs of non-space characters: what regions are measured and cut in.
_WORD = re.compile(r"\S+")
#: Letters of a word, for the vocabulary test ("Smith," -> "smith").
_LETTERS = re.compile(r"[^\W\d_]+")
_DIGIT = re.compile(r"\d")
#: Small numbers as clinical notes write them: "2", "#4-0", "0.25%", "(10)", "x3", "250".
#: No PHI on their own; an age or a date among them is a rule hit, which marks it.
_SMALL_NUMBER = re.compile(r"[#(x]?\d{1,3}(?:[-.]\d{1,2})?%?[),.;:]*")
#: Digit runs: a word with digits is a candidate when it holds three in a row or four in all
#: (ids, phone numbers, dates, ZIPs), not for "L4-L5", "6-French", "DIAGNOSES:,1.", "T11".
_DIGITS = re.compile(r"\d+")


#: Titles before names: the name after them is the candidate.
_TITLES = frozenset({"dr", "mr", "mrs", "ms", "miss", "prof", "sr", "jr"})
#: Labels of contact and address fields, never PHI themselves ("Tel" after an address, "Zipcode"); the id labels ("MRN")
#: stay candidates, the ids after them being what a region is for.
_FIELD_WORDS = frozenset("tel fax ph phone pager cell mobile email ext attn zipcode postcode".split())


@lru_cache(maxsize=1)
def _label_words() -> frozenset[str]:
    """Credentials and field labels ("NP-C", "FNP-BC", "LICSW", "Tel"): words next to PHI, none themselves;
    not a name's suffix ("Jr", "III") nor a credential that is a state's code too ("Baltimore, md")."""
    from ..lexicon.cues import CREDENTIAL_WORDS
    from ..lexicon.wordlists import load_lexicons

    codes = {c.lower() for c in load_lexicons(None).state_codes}
    return (CREDENTIAL_WORDS - codes - {"jr", "sr", "ii", "iii", "iv"}) | _FIELD_WORDS | {"bc"}


def is_label_word(word: str) -> bool:
    """A whitespace word made of credentials and field labels only ("NP-C", "M.D.", "Tel:"), no digit."""
    runs = [r.lower() for r in _LETTERS.findall(word)]
    if len(runs) > 1 and all(len(r) == 1 for r in runs) and "." in word:
        from ..lexicon.cues import CREDENTIAL_WORDS

        return "".join(runs) in CREDENTIAL_WORDS  # "M.D.", "R.N." (dotted: no state's code)
    return not _DIGIT.search(word) and any(len(r) > 1 for r in runs) and all(
        len(r) < 2 or r in _label_words() for r in runs)


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    """Words that are no candidate when capitalised: the vocabulary, English function words,
    titles, and the lexicon's clinical allowlist and capitalised clinical terms ("Vicryl",
    "Bovie", "Betadine", "Foley", "General": a third of the capitalised words MTSamples
    does not write in lower case; 2 of the 72 words the rules and lexicon miss in the
    real-prose tune split)."""
    from ..lexicon.wordlists import load_lexicons

    lex = load_lexicons(None)
    allowed = {w for w in lex.allow | lex.terms if " " not in w}
    return clinical_vocabulary() | ENGLISH_STOPWORDS | _TITLES | frozenset(allowed) | _label_words()


#: Punctuation around a whitespace word ("(charcot-marie-tooth),").
_EDGE = ".,;:()[]{}\"'!?"


@lru_cache(maxsize=1)
def _name_words() -> frozenset[str]:
    """Common given names that are known words but no clinical vocabulary ("june", "faith", "grace",
    "bill"; not "will", "mark", "hope", which MTSamples writes in lower case): ``is_candidate_word``'s
    ``names``. 95 words; 64 capitalised uses in the first 1,000 MTSamples notes ("Glenn", "June")."""
    from ..lexicon.wordlists import load_lexicons

    common = {w for w in load_lexicons(None).first_common if w.isalpha()}
    return frozenset((common & _known()) - clinical_vocabulary() - ENGLISH_STOPWORDS - _TITLES - _label_words())


@lru_cache(maxsize=1 << 17)
def is_candidate_word(word: str, lower_note: bool = False, names: bool = False) -> bool:
    """A whitespace-delimited word that may hold PHI.

    A digit, or a letter run (2+ letters) that is capitalised and not a known word
    ("Smith", "MERCY"; not "The", "HISTORY"). In a note written in lower case
    (``lower_note``) names are lower case too, so any letter run outside the known
    words counts; in a mixed-case note a lower-case word is no candidate.

    With ``names`` (a stacking model's ``FeatureSettings.name_candidates``), a common given
    name that is a known word but no clinical vocabulary is one too (``_name_words``), written
    capitalised ("Faith", "June"; not in capitals, where case says nothing) or in a note in
    lower case ("june"). The lexicon allowlists them, since most of their uses are words;
    questions use them as names ("I think June has an ear infection"), and without a region
    the tagger never sees them.
    """
    if _DIGIT.search(word):
        if _SMALL_NUMBER.fullmatch(word):
            return False
        runs = _DIGITS.findall(word)
        return max(map(len, runs)) >= 3 or sum(map(len, runs)) >= 4
    known = _known()
    if "-" in word and word.strip(_EDGE).lower() in known:
        return False  # "charcot-marie-tooth", "Jackson-Pratt": a listed compound, whatever its parts are
    for run in _LETTERS.findall(word):
        if len(run) > 1 and (lower_note or not run.islower()):
            key = run.lower()
            if key not in known:
                return True
            if names and key in _name_words() and (run.islower() or run[1:].islower()):
                return True
    return False


def _lower_note(text: str) -> bool:
    """At most 3% of the words start with a capital (``lexicon.casing.note_case``'s test)."""
    words = len(_WORD_START.findall(text))
    return words >= 8 and len(_CAP_START.findall(text)) <= 0.03 * words


_WORD_START = re.compile(r"(?<![^\W\d_])[^\W\d_]")
_CAP_START = re.compile(r"(?<![^\W\d_])[A-ZÀ-ÖØ-Þ]")
#: Words holding a capital letter or a digit: the only candidates in a mixed-case note.
_CAP_OR_DIGIT_WORD = re.compile(r"(?<!\S)(?=\S*[A-ZÀ-ÖØ-Þ\d])\S+")
#: Words starting (after an opening bracket or quote) with a capital or a digit: the candidates
#: of a stacking model in a mixed-case note, found 40% faster ("nhc-150679" is not one: an id
#: the rules miss in lower case is rare, and the stacker adds nothing where a rule hit is).
_CAP_OR_DIGIT_START = re.compile(r"(?<!\S)[(\[#\"'<]?[A-ZÀ-ÖØ-Þ\d]\S*")
#: The same matches, written to open with one character class (an opening mark, a capital or a digit) and the
#: look-behind after it: the engine skips to those characters instead of trying the look-behind at every one.
_CAP_OR_DIGIT_START_FAST = re.compile(
    r"[(\[#\"'<A-ZÀ-ÖØ-Þ\d](?<!\S.)(?:(?<=[(\[#\"'<])[A-ZÀ-ÖØ-Þ\d]|(?<=[A-ZÀ-ÖØ-Þ\d]))\S*")


def candidate_regions(
    text: str, hits: Iterable[Span] = (), context: int = 2, lower: bool | None = None, starts_only: bool = False,
    names: bool = False,
) -> list[tuple[int, int]]:
    """Sorted, disjoint character ranges ``[start, end)`` holding every candidate word ± ``context`` words.

    Ranges start and end at word edges; ranges separated by whitespace alone are merged.
    ``lower``: whether the note is written in lower case, when the caller knows already;
    ``starts_only``: in a mixed-case note only words that start with a capital or a digit
    are tested (``_CAP_OR_DIGIT_START``); ``names``: given names that are known words are
    candidates too (``is_candidate_word``).
    """
    scan = _WORD if (_lower_note(text) if lower is None else lower) else (
        _CAP_OR_DIGIT_START_FAST if starts_only else _CAP_OR_DIGIT_WORD)
    lower = scan is _WORD
    cores = [m.span() for m in scan.finditer(text) if is_candidate_word(m.group(), lower, names)]
    cores.extend(_word_edges(text, sp.start, sp.end) for sp in hits if sp.end > sp.start)
    if not cores:
        return []
    cores.sort()
    out: list[tuple[int, int]] = []
    for a, b in cores:
        a, b = _widen(text, a, b, context)
        if out and (a <= out[-1][1] or not text[out[-1][1] : a].strip()):
            if b > out[-1][1]:
                out[-1] = (out[-1][0], b)
            continue
        out.append((a, b))
    return out


def _word_edges(text: str, a: int, b: int) -> tuple[int, int]:
    """``[a, b)`` grown to the whole words it touches."""
    while a > 0 and not text[a - 1].isspace():
        a -= 1
    n = len(text)
    while b < n and not text[b].isspace():
        b += 1
    return a, b


def _widen(text: str, a: int, b: int, words: int) -> tuple[int, int]:
    """``[a, b)`` (word edges) grown by ``words`` whole words on each side."""
    n = len(text)
    for _ in range(words):
        k = a
        while k > 0 and text[k - 1].isspace():
            k -= 1
        if k == 0:
            break
        while k > 0 and not text[k - 1].isspace():
            k -= 1
        a = k
    for _ in range(words):
        k = b
        while k < n and text[k].isspace():
            k += 1
        if k == n:
            break
        while k < n and not text[k].isspace():
            k += 1
        b = k
    return a, b


__all__ = ["candidate_regions", "is_candidate_word", "is_label_word"]
