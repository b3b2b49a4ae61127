"""The shortcuts the rule and lexicon detectors take for speed answer exactly as the long way.

Each shortcut skips work a cheaper test proves useless: a whole-text search for what a
regex must hold, the tokens a pass can act on, an answer computed once and kept. These
tests compare each with the long way it replaces, including the corner cases that make
the cheap test subtle (characters ``re.IGNORECASE`` folds to ASCII letters, tokens whose
first letter has no case).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from phisift.detect.lexicon.casing import note_case, words_case
from phisift.detect.lexicon.tokens import Tokens
from phisift.detect.lexicon.wordlists import WORD, load_lexicons
from phisift.detect.rules.base import Scan
from phisift.detect.rules.detector import LANGUAGES, RuleDetector, compile_rule_patterns
from phisift.detect.rules.base import Languages

TEXTS = [
    "Dr. Sandy Miller saw the patient. Sandy states the pain is better, Mark, can you call back?",
    "she was transferred from ochsner for further care. lives with her husband in boston.",
    "HISTORY: THE PATIENT IS A 45-YEAR-OLD MALE SEEN BY DR. SMITH AT MAYO CLINIC.",
    "Could MENDES, FAITH see my son? 中ABC, DEF were seen. O'Brien's notes; José Núñez.",
    "",
    "a b c d e f g h",
]


@pytest.fixture(scope="module")
def lex():
    return load_lexicons(None)


@pytest.mark.parametrize("text", TEXTS)
def test_positions_are_the_tokens_with_those_keys(lex, text):
    doc = Tokens(text, lex)
    for keys in (lex.first, frozenset({"the", "sandy", "mark"}), frozenset()):
        assert doc.positions(keys) == [i for i in range(doc.n) if doc.keys[i] in keys]


@pytest.mark.parametrize("text", TEXTS + ["Mark Mark mark and and sandy", "the"])
def test_positions_follow_and_cue_positions_from_the_key_index_are_the_long_way(lex, text):
    """The index answers any container a pass gives: a tuple with a key twice, a list, a dict, a
    container larger than the text's keys, and a token at the very end (no token follows it)."""
    from phisift.detect.lexicon.cues import ALL_CUE_LAST

    doc = Tokens(text, lex)
    keys = doc.keys
    for wanted in (("and", "and"), ["sandy", "mark"], {"mark": 1}, ("the",), lex.first, set(keys), ()):
        assert doc.positions(wanted) == [i for i in range(doc.n) if keys[i] in wanted]
        assert doc.follow(wanted) == [i + 1 for i, k in enumerate(keys[:-1]) if k in wanted]
    assert doc.cue_positions == [i for i in range(doc.n - 1) if keys[i] in ALL_CUE_LAST]


@pytest.mark.parametrize("text", TEXTS + ["  lead  and trail \n", "O’Brien’s José's x"])
def test_gaps_and_keys_kept_per_token_are_the_long_way(lex, text):
    """``gap`` and ``simple_gap`` from the per-token list, keys normalised once per distinct word."""
    from phisift.detect.lexicon.tokens import SPACE_GAPS
    from phisift.detect.lexicon.wordlists import norm

    doc = Tokens(text, lex)
    n, starts, ends = doc.n, doc.starts, doc.ends

    def gap(i):
        if i <= 0:
            return text[: starts[0]] if n else text
        return text[ends[-1]:] if i >= n else text[ends[i - 1] : starts[i]]

    asked = range(-1, n + 2) if n else range(-1, 1)  # past the end of a text without words is no question
    assert [doc.gap(i) for i in asked] == [gap(i) for i in asked]
    assert [doc.simple_gap(i) for i in asked] == [gap(i) in SPACE_GAPS for i in asked]
    words = [m.group() for m in WORD.finditer(text)]
    assert doc.words == words and doc.starts == [m.start() for m in WORD.finditer(text)]
    assert doc.keys == [norm(w) if w[0].isupper() or "'" in w or "’" in w or not w.isascii() else w for w in words]


@given(st.lists(st.sampled_from(["Ann", "ann", "and", "Dr", "at", "the", "x"]), max_size=12),
       st.lists(st.sampled_from(["ann", "and", "dr", "at", "y"]), max_size=4))
@settings(max_examples=200, deadline=None)
def test_positions_of_any_words_and_keys(words, wanted):
    doc = Tokens(" ".join(words), load_lexicons(None))
    for kind in (tuple, list, frozenset):
        container = kind(wanted)
        assert doc.positions(container) == [i for i in range(doc.n) if doc.keys[i] in container]
        assert doc.follow(container) == [i + 1 for i in range(doc.n - 1) if doc.keys[i] in container]


@pytest.mark.parametrize("text", TEXTS)
def test_sentence_initial_asked_in_any_order_is_the_same(lex, text):
    doc, fresh = Tokens(text, lex), Tokens(text, lex)
    backwards = [doc.sentence_initial(i) for i in reversed(range(-1, doc.n + 1))][::-1]
    assert backwards == [fresh._sentence_initial(i) for i in range(-1, doc.n + 1)]


@pytest.mark.parametrize("text", TEXTS + [t.upper() for t in TEXTS] + [t.lower() for t in TEXTS])
def test_note_case_from_tokens_is_the_texts(lex, text):
    assert Tokens(text, lex).note_case == note_case(text) == words_case(WORD.findall(text))


def test_may_hold_reads_through_case_folding():
    patterns = compile_rule_patterns(Languages(english=True, spanish=True))
    # "ſ" (long s) and "K" (Kelvin sign) match "s" and "k" under IGNORECASE; LOWER_TABLE leaves them as they are
    for text, word in (("He is a citizen of NİGER.", "niger"), ("Address: 12 Maſon St", "mason"),
                       ("Jersey", "jersey")):
        scan = Scan(text, patterns, None)
        assert re.search(f"(?i){word}", text)
        assert scan.may_hold(word)
    assert not Scan("moved here from Boston.", patterns, None).may_hold("turkey", "chad")


@pytest.mark.parametrize("text, expected", [
    ("He moved here from NİGER.", ("COUNTRY", "NİGER")),  # a dotted capital I: not in the lower-cased copy
    ("He moved here from Turkey.", ("COUNTRY", "Turkey")),
    ("Call him at the corner of Main and 5th Street.", ("STREET", "the corner of Main and 5th Street")),
    ("His address: 94 Drangahrauni 3 Apt. 460", ("STREET", "94 Drangahrauni 3")),
    ("Emergency contact is Mrs Neellima Chowdhhury at 0404 890 152", ("PHONE", "0404 890 152")),
    ("Numbers: 0431 35 06 90 OFFICE", ("PHONE", "0431 35 06 90")),
])
def test_rules_still_find_what_the_shortcuts_guard(text, expected):
    spans = RuleDetector(languages=LANGUAGES).detect(text)
    assert expected in {(s.label, text[s.start : s.end]) for s in spans}


LINED = [
    "Lives at 63 Tylova 42, Karlovy Vary.\nSeen 2 tablets 3 Apt 4 today.\n94 Drangahrauni 3 Apt. 460\n"
    "Apt. 870 59 Rincon 9082\nsend it to 19 Sokolská 1475, Hrotovice\n06 Slovenčeva 51, Črni Vrh nad Idrijo",
    "address: 12 Elm 4, Leeds; at 10 Lasix 40, Then reassess.\n\nSuite #7 5 Oak Hill 12,\nfrom 3 Via Roma 8, Milano",
    "NO NUMBERS HERE\nat\n43 Ρ. Φεραίου 13, ΒΙΚΛΑ\nİstanbul APT 5 3 Kaya 9 APT 2",
    "no line break: 7 Rue Haute 3, Paris and 8 Rue Basse 4 Suite 9",
]


@pytest.mark.parametrize("text", LINED + ["\n".join(LINED), "\n".join(LINED).lower()])
def test_numbered_street_patterns_on_gated_lines_match_the_whole_text_scan(text):
    from phisift.detect.rules import street_forms as sf

    patterns = compile_rule_patterns(Languages(english=True, spanish=True))
    lower = Scan(text, patterns, None).lower
    for gate, hay, pats in ((sf._HAS_UNIT, lower, (sf._NUMBERS_AROUND, sf._UNIT_FIRST)),
                            (sf._HAS_NUMBERS_COMMA, text, (sf._CUED_NUMBERS_AROUND, sf._NUMBERS_AROUND_TOWN))):
        lines = sf.gated_lines(gate, text, hay)
        assert all(text[s:e].count("\n") <= 1 for s, e in lines) and lines == sorted(set(lines))
        for pat in pats:
            whole = [m.span("st") for m in pat.finditer(text)] if gate.search(hay) else []
            assert [m.span("st") for s, e in lines for m in pat.finditer(text, s, e)] == whole
    assert sf.gated_lines(sf._HAS_UNIT, "apt 5", "apt 5x") == [(0, 5)]  # a copy of another length: the whole text


def test_doc_info_of_a_long_text_answers_as_the_per_word_search():
    from phisift.detect.tagger import wordinfo

    base = ("Grace saw grace; White matter, white. X²Ray x²ray Smithson Smith İstanbul istanbul İzmir "
            "snake_case Snake ½Half half Ⅻ Roman roman O'Brien o'brien brien 12Dr dr Dr. ")
    long = (base + "filler words here. ") * (wordinfo.INDEX_AT // 60)
    assert len(long) >= wordinfo.INDEX_AT > len(base)
    words = set(re.findall(r"[^\W\d_]+", long)) | {"Smi", "Ray", "Ith", "Zzz", "Iİ"}
    for text in (base, long, long + "Unique"):
        info = wordinfo.DocInfo(text, {}, "mixed")
        for w in sorted(words | {"Unique"}):
            lw = w.lower()
            assert info._has_word(lw) == wordinfo._has_word(text, lw), (w, len(text))
            assert ("dc2" in info.features(w)) == (w.isalpha() and len(w) > 1 and not w.islower()
                                                   and text.count(w) >= 2), w
    assert set(wordinfo.letter_run_counts("a²b ½c d_e 3f")) == {"a", "b", "c", "d", "e", "f"}


#: Pieces of lines the gated rule passes look for (their cues, numbers, roles, towns, countries), and prose.
_PIECES = [
    "lives at 19 Sokolská 1475, Hrotovice.", "address: 12 Elm 4, Leeds;", "resides on 7 Oak Lane 3, Paris ",
    "born in Boleslawiec, Turkey, and", "Raised in thanh pho Hue, United Arab Emirates.", "grew up in Lyon, France",
    "0431 35 06 90 office", "97 111421-Fax", "(84) 7564-8830 (home)", "reach me at 329 7730", "Call: 555 1234",
    "Emergency contact is Mrs. Vu at 0404 890 152", "next of kin Anna at +44 20 7946 0958", "cell 2",
    "54 Soo 36", "KERAVA", ", UU", "51771", "2 tablets 3", "PO Box 4", "Phone 555-0100", "Dr. Ann Lee, MD",
    "The patient was seen today", "and", ",", " ", "\n", "\n", "\t", "x", "AT", "LIVES AT 4 RUE HAUTE 3, PARIS",
    "ſ", "K", "His truck, AM-XG-27, was towed", "3-ZQF-86", "at -17.3661, -127.7094 today", "1.0150, 1.0200",
]


@pytest.fixture(scope="module")
def rule_detector():
    return RuleDetector(languages=LANGUAGES)


def _long_text(pieces: list[str]) -> str:
    from phisift.detect.rules.base import LINES_FROM

    text = " ".join(pieces)
    return (text + "\n") * (LINES_FROM // max(1, len(text)) + 1)



@settings(max_examples=25)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=40))
def test_rule_passes_on_gated_lines_of_a_long_text_find_what_the_whole_text_scan_finds(rule_detector, pieces):
    from phisift.detect.rules import base

    text = _long_text(pieces)
    assert len(text) >= base.LINES_FROM
    gated = rule_detector.detect(text)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(base, "LINES_FROM", 10 ** 12)  # every text short: each pattern over the whole text
        assert rule_detector.detect(text) == gated


@pytest.mark.parametrize("text", LINED + ["\n".join(LINED), "\n".join(LINED).lower()])
def test_lines_holding_a_gate_hold_every_match_of_the_gated_patterns(text):
    from phisift.detect.rules import base, contact, intl_addresses as ia, plates, shaped_ids, street_forms as sf

    text = _long_text([text, "\n".join(_PIECES)])
    scan = Scan(text, compile_rule_patterns(Languages(english=True, spanish=True)), None)
    for pattern, gate, lowered in ((contact._LABELLED_PHONE, contact._ROLE_AFTER_DIGIT, True),
                                   (contact._REACH_AT_PHONE, contact._REACH_HINT, True),
                                   (contact._CONTACT_AT_PHONE, contact._CONTACT_HINT, True),
                                   (sf._NUMBERS_AROUND_LINE, sf._NUMBER_ENDS_LINE, False),
                                   (ia._CUED_STREET_TOWN, ia._CUED_STREET_TOWN_CUE, True),
                                   (ia._TOWN_COUNTRY, ia._TOWN_COUNTRY_CUE, True),
                                   (plates._SIDECODE, plates._SIDECODE_MIDDLE, False),
                                   (shaped_ids._COORD_DECIMAL, shaped_ids._FOUR_DECIMALS, False)):
        whole = [m.span() for m in pattern.finditer(text)]
        assert whole, pattern.pattern[:40]  # the text holds some, or the comparison proves nothing
        lines = scan.lines_holding(gate, lowered)
        assert [m.span() for m in base.matches_on_lines(pattern, text, lines)] == whole


@settings(max_examples=200)
@given(st.text(alphabet="aAbBnN²½İiß_1 \n-", max_size=80), st.text(alphabet="aAbBnNİiß", min_size=1, max_size=4))
def test_letter_runs_count_a_word_as_str_count_does(text, word):
    from phisift.detect.tagger import wordinfo

    assert wordinfo._Runs(text).count_at_least_two(word) == (text.count(word) >= 2)
    assert set(wordinfo.letter_run_counts(text)) == {r for r in re.findall(r"[^\W\d_]+", text) for r in _alpha_parts(r)}


@settings(max_examples=300)
@given(st.text(alphabet="aAbBnN²½İiß_1 \n-'’.é", max_size=80), st.text(alphabet="aAbBnNİiß", min_size=1, max_size=4))
def test_letter_runs_from_the_lexicons_words_are_the_texts(text, word):
    """The tagger counts a window's letter runs from the lexicon's tokens of it (no second scan): the same
    counts, hence the same answers, as from the text ("o'brien-smith", "x²y", "a_b", a dangling "-")."""
    from phisift.detect.tagger import wordinfo

    words = WORD.findall(text)
    assert wordinfo.letter_run_counts_of_words(words) == wordinfo.letter_run_counts(text)
    runs = wordinfo._Runs(text, words)
    assert runs.count_at_least_two(word) == (text.count(word) >= 2)


def test_the_tagger_reads_the_lexicons_words_of_the_same_window_only(lex):
    """The pipeline's lexicon detector hands the tagger its tokens of the very text it read last (``is``),
    and a pickled copy (a worker's) carries no text."""
    import pickle

    from phisift.detect.lexicon.detector import LexiconDetector

    det = LexiconDetector()
    text = "Seen by Dr. O'Brien-Smith at Mercy."
    det.detect(text)
    assert det.words_of(text) == WORD.findall(text)
    assert det.words_of("".join(list(text))) is None  # an equal string that is another object
    assert pickle.loads(pickle.dumps(det)).words_of(text) is None


def _alpha_parts(run: str) -> list[str]:
    parts, cur = [], ""
    for c in run + " ":
        if c.isalpha():
            cur += c
        elif cur:
            parts.append(cur)
            cur = ""
    return parts


@settings(max_examples=200)
@given(st.lists(st.sampled_from(["Mary", "said", ":", '"', "\n", "\n\n", " ", "  ", ",", "o'neil", "İZ", "2"]),
                max_size=30))
def test_line_firsts_are_the_tokens_with_a_line_break_before(lex, pieces):
    doc = Tokens("".join(pieces), lex)
    assert doc.line_firsts == [t for t in range(doc.n) if t == 0 or "\n" in doc.gap(t)]


@settings(max_examples=200)
@given(st.lists(st.sampled_from(["briansmith", "BRIANSMITH", "scott95", "hknudsen8", "smith", "@brian", "x",
                                 "briansmithson", "a", "-", ".", " ", "\n", "7", "Briansmith", "aaaaaaa"]), max_size=25))
def test_login_matches_found_from_their_strings_are_the_scans(pieces):
    from phisift.detect.lexicon import usernames as u

    text = "".join(pieces)
    pairs = sorted(set(u._LOGIN.findall(text)))[::2]  # some of the pairs
    expected = [m.span() for m in u._LOGIN.finditer(text) if m.group("l", "d") in pairs]
    assert [m.span() for m in u._matches_of(u._LOGIN, text, pairs)] == expected


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from("a Z Ü ü ß ẞ İ ı Σ σ ς ſ K Å Ǆ ǅ ǆ ΐ ﬁ × Þ þ ÿ Ÿ ’ Ω Ω 中 A b . \n".split(" ")),
               max_size=40))
def test_lower_one_for_one_is_the_tables_translation(text):
    from phisift.detect.rules.regex_parts import LOWER_TABLE, lower_one_for_one

    assert lower_one_for_one(text) == text.translate(LOWER_TABLE)
    assert lower_one_for_one(text + "ABC") == (text + "ABC").translate(LOWER_TABLE)
