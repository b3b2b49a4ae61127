"""Tests for the offset-keeping tokenizer, sentence splitter and chunker."""

from __future__ import annotations

import time
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phisift.document import Span
from phisift.text import (
    Chunk,
    Sentence,
    Token,
    chunks,
    merge_chunk_spans,
    sentence_tokens,
    sentences,
    tokenize,
)

# --------------------------------------------------------------------------- strategies
# Fragments that exercise the special cases, glued with arbitrary text, so that
# hypothesis explores their boundaries rather than only random letters.
_FRAGMENTS = [
    "Dr.", "Dra.", "Sra.", "b.i.d.", "p.o.", "e.g.", "J.", "pt.", "etc.", "Smith", "García",
    "O'Brien", "Jackson-Pratt", "03/04/2021", "2016-12-12", "12.12.2016", "14:30", "2:30pm",
    "3p.m.", "617-555-1234", "(617)", "555-1234", "+34", "a@b.com", "www.x.org", "http://h.es/a",
    "10.0.0.1", "3.5", "0,5", "2º", "1.º", "3rd", "s/p", "c/", "120/80", "MRN:", "HISTORY:",
    "Plan:", "1.", "2)", "a)", "-", "•", "*", ".", "..", "...", "!", "?", "?!", ",", ";", ":",
    "'", '"', "(", ")", "¿", "¡", "«", "»", "…", "é", "ñ", "ü", "e\u0301", "\u0301", "_", "@",
    "/", "+", "º", " ", "  ", "\t", "\n", "\n\n", "\r\n", "\u00a0", "\u2028", "x", "A", "7",
]
_texts = st.one_of(
    st.text(max_size=80),
    st.text(alphabet="ab AB12.,:;/-'@+()\n\tñé", max_size=80),
    st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=3)), max_size=40).map("".join),
)
_props = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def texts(tokens: list[Token]) -> list[str]:
    return [t.text for t in tokens]


def token_texts(text: str) -> list[str]:
    return texts(tokenize(text))


def sentence_texts(text: str) -> list[str]:
    return [s.text_in(text) for s in sentences(text)]


# --------------------------------------------------------------------------- tokenizer: properties
@_props
@given(_texts)
def test_tokens_keep_offsets_and_cover_every_non_space_character(text: str) -> None:
    tokens = tokenize(text)
    cursor = 0
    for t in tokens:
        assert cursor <= t.start < t.end, "tokens must be in order, non-overlapping and non-empty"
        assert text[t.start : t.end] == t.text
        assert not any(c.isspace() for c in t.text), f"whitespace inside {t.text!r}"
        assert text[cursor : t.start].strip() == "", f"characters dropped before {t.text!r}"
        cursor = t.end
    assert text[cursor:].strip() == ""


@_props
@given(_texts, st.sampled_from([" ", "\n", "\t\n  "]))
def test_surrounding_whitespace_only_shifts_the_tokens(text: str, pad: str) -> None:
    # Tokens never reach past whitespace, so padding the text must not change them:
    # a check of the lookarounds at the text's edges.
    plain = [(t.start, t.end) for t in tokenize(text)]
    padded = [(t.start - len(pad), t.end - len(pad)) for t in tokenize(pad + text + pad)]
    assert padded == plain


# --------------------------------------------------------------------------- tokenizer: examples
def test_english_clinical_sentence() -> None:
    text = "Dr. Smith saw the pt. on 03/04/2021 at 14:30; call 617-555-1234. BP 120/80, temp 37.5."
    assert token_texts(text) == [
        "Dr.", "Smith", "saw", "the", "pt.", "on", "03/04/2021", "at", "14:30", ";", "call",
        "617-555-1234", ".", "BP", "120/80", ",", "temp", "37.5", ".",
    ]


def test_offsets_point_into_the_original_text() -> None:
    text = "  Sra.  Muñoz\n\tNHC: 368503."
    tokens = tokenize(text)
    assert tokens[0] == Token(2, 6, "Sra.")
    assert tokens[1] == Token(8, 13, "Muñoz")
    assert tokens[-2] == Token(20, 26, "368503")
    assert tokens[-1] == Token(26, 27, ".")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Jackson-Pratt drain", ["Jackson-Pratt", "drain"]),
        ("b.i.d. p.o.", ["b.i.d.", "p.o."]),
        ("1 tab p.o. q.d. p.r.n. pain, e.g. headache, i.e. mild", ["1", "tab", "p.o.", "q.d.", "p.r.n.", "pain", ",", "e.g.", "headache", ",", "i.e.", "mild"]),
        ("Mr. and Mrs. O'Brien", ["Mr.", "and", "Mrs.", "O'Brien"]),
        ("J. R. Smith", ["J.", "R.", "Smith"]),
        ("at 10 a.m. and 2:30pm or 3p.m.", ["at", "10", "a.m.", "and", "2:30pm", "or", "3p.m."]),
        # Acronyms and units that look like titles keep their period apart.
        ("history of MS. 50 ms. No.", ["history", "of", "MS", ".", "50", "ms", ".", "No", "."]),
        ("Room No. 5, bed no.12", ["Room", "No.", "5", ",", "bed", "no.", "12"]),
        ("DOB 2016-12-12, 12.12.2016 and 3/4/21", ["DOB", "2016-12-12", ",", "12.12.2016", "and", "3/4/21"]),
        ("call (617) 555-1234 or +34 976 123 456", ["call", "(", "617", ")", "555-1234", "or", "+34", "976", "123", "456"]),
        ("MRN 123-45-678, ID A12B34/7.", ["MRN", "123-45-678", ",", "ID", "A12B34/7", "."]),
        ("mail jo.doe+x@mgh.harvard.edu.", ["mail", "jo.doe+x@mgh.harvard.edu", "."]),
        ("see http://www.x.org/a?b=1). Or www.abc.com, partners.org.", ["see", "http://www.x.org/a?b=1", ")", ".", "Or", "www.abc.com", ",", "partners.org", "."]),
        ("IP 192.168.0.12.", ["IP", "192.168.0.12", "."]),
        ("3rd visit, 2º piso, 1.ª planta", ["3rd", "visit", ",", "2º", "piso", ",", "1.ª", "planta"]),
        ("s/p CABG w/o c/o pain, 5 mg/dL", ["s/p", "CABG", "w/o", "c/o", "pain", ",", "5", "mg/dL"]),
        ("Boston/Cambridge", ["Boston", "/", "Cambridge"]),
        ("pain... better?! yes--no", ["pain", "...", "better", "?!", "yes", "--", "no"]),
        ("patient's wife; Smith-Jones'", ["patient's", "wife", ";", "Smith-Jones", "'"]),
        ("Temp 37.5°C", ["Temp", "37.5", "°", "C"]),
        ("(a) 1. 2)", ["(", "a", ")", "1", ".", "2", ")"]),
    ],
)
def test_english_tokens(text: str, expected: list[str]) -> None:
    assert token_texts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("La Dra. García vio a Dña. Pilar y al Sr. Núñez.", ["La", "Dra.", "García", "vio", "a", "Dña.", "Pilar", "y", "al", "Sr.", "Núñez", "."]),
        ("Edad: 70 años Sexo: H.", ["Edad", ":", "70", "años", "Sexo", ":", "H."]),
        ("NHC: 368503.", ["NHC", ":", "368503", "."]),
        ("0,5 mg cada 8 h, 1,5 g/día", ["0,5", "mg", "cada", "8", "h", ",", "1,5", "g/día"]),
        ("c/ del Abedul 5-7, 2º dcha 28036 Madrid", ["c/", "del", "Abedul", "5-7", ",", "2º", "dcha", "28036", "Madrid"]),
        ("E-mail: nnavcu@hotmail.com.", ["E-mail", ":", "nnavcu@hotmail.com", "."]),
        ("Fecha de nacimiento: 03/03/1946.", ["Fecha", "de", "nacimiento", ":", "03/03/1946", "."]),
        ("¿Dolor? ¡Sí!", ["¿", "Dolor", "?", "¡", "Sí", "!"]),
        ("p.ej. ibuprofeno", ["p.ej.", "ibuprofeno"]),
    ],
)
def test_spanish_tokens(text: str, expected: list[str]) -> None:
    assert token_texts(text) == expected


def test_unicode_letters_and_combining_accents_stay_in_words() -> None:
    composed = "José Muñoz Güell"
    decomposed = unicodedata.normalize("NFD", composed)
    assert token_texts(composed) == ["José", "Muñoz", "Güell"]
    assert [unicodedata.normalize("NFC", t) for t in token_texts(decomposed)] == ["José", "Muñoz", "Güell"]


@pytest.mark.parametrize("unit", ["a.b", "a/", "a@", "a+", "ab.", "a:", "1.a", "a,1", "a-", "x.y@"])
def test_long_runs_tokenize_in_linear_time(unit: str) -> None:
    # Guards against alternatives that rescan a long run from every position.
    text = unit * 20000
    began = time.perf_counter()
    tokens = tokenize(text)
    # a complexity guard, not a speed figure: linear takes ~0.05 s, the quadratic bug took 44 s
    assert time.perf_counter() - began < 15.0
    assert "".join(texts(tokens)) == text


# --------------------------------------------------------------------------- sentences: properties
@_props
@given(_texts)
def test_sentences_partition_the_non_space_text(text: str) -> None:
    spans = sentences(text)
    cursor = 0
    for s in spans:
        assert isinstance(s, Sentence)
        assert cursor <= s.start < s.end
        chunk = s.text_in(text)
        assert chunk == chunk.strip(), "sentences exclude surrounding whitespace"
        assert text[cursor : s.start].strip() == "", "every non-space character is in a sentence"
        cursor = s.end
    assert text[cursor:].strip() == ""
    assert (spans == []) == (text.strip() == "")


@_props
@given(_texts)
def test_sentence_tokens_regroup_the_tokens(text: str) -> None:
    groups = sentence_tokens(text)
    assert [t for g in groups for t in g] == tokenize(text)
    assert all(groups)
    assert [(g[0].start, g[-1].end) for g in groups] == [(s.start, s.end) for s in sentences(text)]


# --------------------------------------------------------------------------- sentences: examples
def test_english_sentence_split_ignores_abbreviations_dates_and_decimals() -> None:
    text = "Dr. Smith saw the pt. on 03/04/2021 at 14:30; call 617-555-1234. BP 120/80, temp 37.5."
    assert sentence_texts(text) == [
        "Dr. Smith saw the pt. on 03/04/2021 at 14:30; call 617-555-1234.",
        "BP 120/80, temp 37.5.",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Seen by J. Smith today. He left.", ["Seen by J. Smith today.", "He left."]),
        ("BP 120/80. temp 37.5 and stable.", ["BP 120/80. temp 37.5 and stable."]),
        ("Take 1 tab p.o. b.i.d. Follow up in 2 weeks.", ["Take 1 tab p.o. b.i.d.", "Follow up in 2 weeks."]),
        ("Use an NSAID, e.g. Ibuprofen, daily.", ["Use an NSAID, e.g. Ibuprofen, daily."]),
        ("Mrs. Jones is 45 yo. 2 days ago she fell!", ["Mrs. Jones is 45 yo.", "2 days ago she fell!"]),
        ('He asked "why?" Then he left.', ['He asked "why?"', "Then he left."]),
        ("Pain improved (see above.) Discharged.", ["Pain improved (see above.)", "Discharged."]),
        ("word.Next word", ["word.Next word"]),
        ("La Dra. García Pérez revisó al paciente. Edad: 70 años Sexo: H.", ["La Dra. García Pérez revisó al paciente.", "Edad: 70 años Sexo: H."]),
        ("Sexo: H. Motivo de consulta: dolor.", ["Sexo: H.", "Motivo de consulta: dolor."]),
        ("Seen by Dr. X.  The consent was signed.", ["Seen by Dr. X.", "The consent was signed."]),
        ("¿Fuma? No. Bebe ocasionalmente.", ["¿Fuma?", "No.", "Bebe ocasionalmente."]),
    ],
)
def test_sentence_split_examples(text: str, expected: list[str]) -> None:
    assert sentence_texts(text) == expected


def test_wrapped_lines_stay_one_sentence_but_blank_lines_split() -> None:
    text = "The patient is a 45 yo man\nwith chest pain\n\nno fever today"
    assert sentence_texts(text) == ["The patient is a 45 yo man\nwith chest pain", "no fever today"]


def test_line_ending_a_sentence_splits_even_before_lower_case() -> None:
    text = "Afebrile.\nlungs clear."
    assert sentence_texts(text) == ["Afebrile.", "lungs clear."]


def test_list_items_are_separate_sentences() -> None:
    text = "Plan:\n1. Start aspirin 81 mg daily.\n2. Follow up in 2 weeks\n3) Labs\na) CBC\n- BMP\n• lipid panel\n* ECG"
    assert sentence_texts(text) == [
        "Plan:",
        "1. Start aspirin 81 mg daily.",
        "2. Follow up in 2 weeks",
        "3) Labs",
        "a) CBC",
        "- BMP",
        "• lipid panel",
        "* ECG",
    ]


def test_section_headers_start_sentences() -> None:
    text = (
        "HISTORY OF PRESENT ILLNESS:\nThe patient is a 45 yo man\nwith chest pain\n"
        "PHYSICAL EXAM\nAfebrile, lungs clear\nAssessment: angina\nDiagnóstico: carcinoma urotelial\nsuperficial de vejiga"
    )
    assert sentence_texts(text) == [
        "HISTORY OF PRESENT ILLNESS:",
        "The patient is a 45 yo man\nwith chest pain",
        "PHYSICAL EXAM",
        "Afebrile, lungs clear",
        "Assessment: angina",
        # A lower-case line continues a field value.
        "Diagnóstico: carcinoma urotelial\nsuperficial de vejiga",
    ]


def test_header_block_lines_are_separate_sentences() -> None:
    text = "Name: John Smith\nDOB: 01/02/1960\nMRN: 123-45-678\nAdmission Date: 2016-12-12\nAttending: Dr. J. Lee"
    assert sentence_texts(text) == [
        "Name: John Smith",
        "DOB: 01/02/1960",
        "MRN: 123-45-678",
        "Admission Date: 2016-12-12",
        "Attending: Dr. J. Lee",
    ]


def test_spanish_header_block() -> None:
    text = (
        "Datos del paciente.\nNombre:  Ernesto.\nApellidos: Rivera Bueno.\nNHC: 368503.\n"
        "Edad: 70 años Sexo: H.\nFecha de Ingreso: 12/12/2016.\nMédico:  Ignacio Navarro Cuéllar NºCol: 28 28 70973.\n"
        "Informe clínico: Paciente de 70 años, minero jubilado, sin alergias. Es derivado desde Atención Primaria."
    )
    assert sentence_texts(text) == [
        "Datos del paciente.",
        "Nombre:  Ernesto.",
        "Apellidos: Rivera Bueno.",
        "NHC: 368503.",
        "Edad: 70 años Sexo: H.",
        "Fecha de Ingreso: 12/12/2016.",
        "Médico:  Ignacio Navarro Cuéllar NºCol: 28 28 70973.",
        "Informe clínico: Paciente de 70 años, minero jubilado, sin alergias.",
        "Es derivado desde Atención Primaria.",
    ]


def test_capital_lines_mean_nothing_in_a_note_written_in_capitals() -> None:
    text = "PATIENT SEEN TODAY\nFOR FOLLOW UP OF\nHYPERTENSION AND DIABETES."
    assert sentence_texts(text) == [text]


def test_empty_and_blank_text() -> None:
    assert tokenize("") == []
    assert sentences(" \n\t ") == []
    assert sentence_tokens("") == []
    assert chunks("   ") == []


# --------------------------------------------------------------------------- chunks: properties
@_props
@given(_texts, st.integers(1, 12), st.data())
def test_chunks_cover_all_tokens_with_the_requested_overlap(text: str, max_words: int, data: st.DataObject) -> None:
    overlap = data.draw(st.integers(0, max_words - 1))
    tokens = tokenize(text)
    windows = chunks(text, max_words=max_words, overlap=overlap)
    if not tokens:
        assert windows == []
        return
    assert windows[0].token_start == 0
    assert windows[-1].token_end == len(tokens)
    for c in windows:
        assert 1 <= len(c.tokens) <= max_words
        assert list(c.tokens) == tokens[c.token_start : c.token_end]
        assert (c.start, c.end) == (c.tokens[0].start, c.tokens[-1].end)
        for t in c.tokens:  # chunk text maps back by a plain shift
            assert c.text_in(text)[t.start - c.start : t.end - c.start] == t.text
    for a, b in zip(windows, windows[1:]):
        assert b.token_start > a.token_start
        assert a.token_end - b.token_start == overlap
    assert windows == chunks(text, max_words=max_words, overlap=overlap, tokens=tokens)


@_props
@given(_texts, st.integers(2, 12), st.data())
def test_merge_maps_chunk_relative_spans_back_to_the_document(text: str, max_words: int, data: st.DataObject) -> None:
    overlap = data.draw(st.integers(0, max_words - 1))
    tokens = tokenize(text)
    labels = data.draw(st.lists(st.sampled_from(["", "NAME", "DATE"]), min_size=len(tokens), max_size=len(tokens)))
    truth = sorted(Span(t.start, t.end, label) for t, label in zip(tokens, labels) if label)
    windows = chunks(text, max_words=max_words, overlap=overlap)
    # Every window "predicts" the true spans it contains, in its own offsets; spans in
    # overlaps are predicted twice and must come back once, at the right place.
    per_chunk = [
        [Span(s.start - c.start, s.end - c.start, s.label) for s in truth if c.start <= s.start and s.end <= c.end]
        for c in windows
    ]
    merged = merge_chunk_spans(windows, per_chunk)
    assert merged == truth
    for span in merged:
        assert text[span.start : span.end] in {t.text for t in tokens}


# --------------------------------------------------------------------------- chunks: examples
def _words(n: int) -> str:
    return " ".join(f"w{i}" for i in range(n))


def test_chunks_without_sentence_boundaries_are_full_windows() -> None:
    windows = chunks(_words(30), max_words=10, overlap=3)
    assert [(c.token_start, c.token_end) for c in windows] == [(0, 10), (7, 17), (14, 24), (21, 30)]


def test_chunks_prefer_a_sentence_boundary_late_in_the_window() -> None:
    text = " ".join("Word word word word." for _ in range(10))  # 5 tokens per sentence
    windows = chunks(text, max_words=12, overlap=2)
    # The window [0, 12) would cut a sentence; the sentence starting at token 10 is
    # in its second half, so the window ends there.
    assert (windows[0].token_start, windows[0].token_end) == (0, 10)
    assert windows[0].text_in(text).endswith("word.")
    assert windows[1].token_start == 8


def test_chunks_ignore_a_sentence_boundary_early_in_the_window() -> None:
    text = "Yes. Fine " + _words(20)  # a sentence starts at token 2
    windows = chunks(text, max_words=10, overlap=2)
    assert (windows[0].token_start, windows[0].token_end) == (0, 10)


@pytest.mark.parametrize(("max_words", "overlap"), [(0, 0), (5, 5), (5, 7), (5, -1)])
def test_chunks_reject_bad_sizes(max_words: int, overlap: int) -> None:
    with pytest.raises(ValueError):
        chunks("a b c", max_words=max_words, overlap=overlap)


def _two_windows() -> tuple[str, list[Chunk], list[Token]]:
    text = _words(20)
    windows = chunks(text, max_words=12, overlap=4)
    assert [(c.token_start, c.token_end) for c in windows] == [(0, 12), (8, 20)]
    return text, windows, tokenize(text)


def _relative(tok: Token, chunk: Chunk, label: str) -> Span:
    return Span(tok.start - chunk.start, tok.end - chunk.start, label)


def test_merge_prefers_the_chunk_where_the_span_is_farther_from_the_cut() -> None:
    text, (first, second), toks = _two_windows()
    # w10 is 1 token from the first window's end but 2 tokens into the second window.
    merged = merge_chunk_spans(
        [first, second],
        [[_relative(toks[10], first, "PATIENT")], [_relative(toks[10], second, "DOCTOR")]],
    )
    assert merged == [Span(toks[10].start, toks[10].end, "DOCTOR")]
    # w9 is 2 tokens from the first window's end but only 1 token into the second.
    merged = merge_chunk_spans(
        [first, second],
        [[_relative(toks[9], first, "PATIENT")], [_relative(toks[8], second, "DOCTOR"), _relative(toks[9], second, "DOCTOR")]],
    )
    assert merged == [Span(toks[8].start, toks[8].end, "DOCTOR"), Span(toks[9].start, toks[9].end, "PATIENT")]


def test_merge_keeps_spans_outside_overlaps_and_deduplicates() -> None:
    text, (first, second), toks = _two_windows()
    merged = merge_chunk_spans(
        [first, second],
        [
            [_relative(toks[0], first, "DATE"), _relative(toks[9], first, "AGE"), _relative(toks[9], first, "AGE")],
            [_relative(toks[9], second, "AGE"), _relative(toks[19], second, "CITY")],
        ],
    )
    assert [(text[s.start : s.end], s.label) for s in merged] == [("w0", "DATE"), ("w9", "AGE"), ("w19", "CITY")]


def test_merge_rejects_mismatched_or_out_of_range_input() -> None:
    text, (first, second), toks = _two_windows()
    with pytest.raises(ValueError):
        merge_chunk_spans([first, second], [[]])
    with pytest.raises(ValueError):
        merge_chunk_spans([first], [[Span(0, first.end - first.start + 1, "NAME")]])
