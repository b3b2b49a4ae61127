"""Corpus formats: exact round trips, meta passthrough, detection, clear errors, atomic writes."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phisift.document import Document, Span
from phisift.errors import InputError, UsageError
from phisift.formats import FORMATS, detect_format, read_corpus, read_spans, write_corpus
from phisift.formats import brat as brat_format
from phisift.formats import conll as conll_format

LABELS = ["NAME", "DATE", "LOCATION-OTHER", "ID_SUJETO_ASISTENCIA"]
TRICKY = ["\n", "\r", "\r\n", "\t", "]]>", "&", "<", ">", '"', "'", " ", "\u2028", "é", "𝔘", "]]", "\ufeff"]

plain_chars = st.characters(blacklist_categories=("Cs", "Cc", "Cn"))
texts = st.lists(st.one_of(st.text(plain_chars, max_size=6), st.sampled_from(TRICKY)), max_size=12).map("".join)


@st.composite
def spans_for(draw, text: str, allow_empty: bool = True):
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=8)))
    spans = []
    for start, end in zip(cuts[::2], cuts[1::2]):
        if start == end and not allow_empty:
            continue
        if spans and start < spans[-1].end:
            continue
        spans.append(Span(start, end, draw(st.sampled_from(LABELS))))
    return tuple(spans)


@st.composite
def documents(draw, n_max: int = 3):
    n = draw(st.integers(1, n_max))
    docs = []
    for i in range(n):
        text = draw(texts)
        docs.append(Document(f"doc{i}" if i % 2 else f"sub/doc{i}", text, draw(spans_for(text))))
    return docs


def roundtrip(docs, fmt: str, name: str, **options):
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / name
        assert write_corpus(docs, out, fmt, **options) == len(docs)
        back = list(read_corpus(out, fmt))
        leftovers = [p.name for p in Path(tmp).rglob(".*")]
        assert leftovers == []
    return back


def assert_same(docs, back):
    assert [d.id for d in back] == [d.id for d in docs]
    for a, b in zip(docs, back):
        assert b.text == a.text
        assert list(b.spans) == sorted(a.spans)


# --- round trips -----------------------------------------------------------------------


@given(documents())
def test_jsonl_round_trip(docs):
    assert_same(docs, roundtrip(docs, "jsonl", "c.jsonl"))


@given(documents())
def test_brat_round_trip(docs):
    docs = sorted(docs, key=lambda d: d.id)  # a folder reads back in sorted id order
    assert_same(docs, roundtrip(docs, "brat", "out"))


@given(documents())
def test_i2b2_round_trip(docs):
    docs = sorted(docs, key=lambda d: d.id)
    assert_same(docs, roundtrip(docs, "i2b2", "out"))


@given(texts.flatmap(lambda t: spans_for(t).map(lambda s: Document("one", t, s))))
def test_i2b2_single_file_round_trip(doc):
    assert_same([doc], roundtrip([doc], "i2b2", "one.xml"))


@given(documents())
def test_csv_round_trip(docs):
    assert_same(docs, roundtrip(docs, "csv", "c.csv"))


@given(documents())
def test_parquet_round_trip(docs):
    pytest.importorskip("pyarrow")
    assert_same(docs, roundtrip(docs, "parquet", "c.parquet"))


@given(documents())
def test_text_dir_round_trip(docs):
    docs = sorted((Document(d.id, d.text) for d in docs), key=lambda d: d.id)
    assert_same(docs, roundtrip(docs, "text", "out"))


words = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzABCáéñ"), min_size=1, max_size=7)


@st.composite
def tokenised_documents(draw):
    lines = draw(st.lists(st.lists(words, min_size=1, max_size=6), min_size=0, max_size=4))
    text, spans, pos = [], [], 0
    for li, line in enumerate(lines):
        if li:
            text.append("\n")
            pos += 1
        starts = []
        for wi, w in enumerate(line):
            if wi:
                text.append(" ")
                pos += 1
            starts.append((pos, pos + len(w)))
            text.append(w)
            pos += len(w)
        i = 0
        while i < len(starts):
            length = draw(st.integers(0, 3))
            if length and i + length <= len(starts):
                spans.append(Span(starts[i][0], starts[i + length - 1][1], draw(st.sampled_from(LABELS))))
                i += length
            else:
                i += 1
    return Document("d1", "".join(text), tuple(spans))


@given(st.lists(tokenised_documents(), min_size=1, max_size=3))
def test_conll_round_trip_of_whitespace_tokenised_text(docs):
    docs = [Document(f"n{i}", d.text, d.spans) for i, d in enumerate(docs)]
    assert_same(docs, roundtrip(docs, "conll", "c.conll", sentences="lines"))


def test_conll_widens_spans_to_tokens_and_reads_bioes(tmp_path):
    doc = Document("a", "Seen  by Smithson\ttoday", (Span(11, 14, "DOCTOR"),))
    write_corpus([doc], tmp_path / "x.bio", sentences="lines")
    lines = (tmp_path / "x.bio").read_text().splitlines()
    assert lines[0] == "-DOCSTART- a"
    assert "Smithson B-DOCTOR" in lines
    back = next(read_corpus(tmp_path / "x.bio"))
    assert back.text == "Seen by Smithson today"
    assert [(s.text_in(back.text), s.label) for s in back.spans] == [("Smithson", "DOCTOR")]

    (tmp_path / "y.conll").write_text("# doc_id = n 1\nJohn S-NAME\nand O\nMary B-NAME\nAnn E-NAME\nx I-AGE\n\nI-DATE I-DATE\n")
    doc = next(read_corpus(tmp_path / "y.conll"))
    assert doc.id == "n 1"
    assert [(s.text_in(doc.text), s.label) for s in doc.spans] == [
        ("John", "NAME"), ("Mary Ann", "NAME"), ("x", "AGE"), ("I-DATE", "DATE")
    ]


def test_conll_documents_without_markers_and_with_conll2003_markers(tmp_path):
    p = tmp_path / "c.conll"
    p.write_text("a O\nb B-X\n\n-DOCSTART- -X- O O\n\nc O\n")
    docs = list(read_corpus(p))
    assert [(d.id, d.text) for d in docs] == [("1", "a b"), ("4", "c")]


# --- meta passthrough and layouts ------------------------------------------------------


def test_jsonl_meta_passthrough_is_byte_exact(tmp_path):
    lines = [
        {"id": "a", "text": "Jo went", "spans": [{"start": 0, "end": 2, "label": "NAME"}], "site": "x", "n": [1, {"k": None}]},
        {"id": "b", "text": "", "spans": [], "weird key": "ü"},
    ]
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in lines), encoding="utf-8")
    docs = list(read_corpus(src))
    assert docs[0].meta == {"site": "x", "n": [1, {"k": None}]}
    write_corpus(docs, tmp_path / "out.jsonl")
    assert (tmp_path / "out.jsonl").read_bytes() == src.read_bytes()


def test_jsonl_missing_id_uses_line_number_and_spans_only(tmp_path):
    p = tmp_path / "p.jsonl"
    p.write_text('\n{"text": "abc"}\n')
    assert next(read_corpus(p)).id == "2"
    q = tmp_path / "pred.jsonl"
    q.write_text('{"id": "a", "spans": [{"start": 5, "end": 9, "label": "DATE"}]}\n{"id": "b"}\n')
    assert read_spans(q) == {"a": [Span(5, 9, "DATE")], "b": []}
    with pytest.raises(InputError, match=r"pred\.jsonl:1"):
        list(read_corpus(q))
    write_corpus([Document("a", "xyz", (Span(0, 1, "X", "rules", 0.5),))], tmp_path / "s.jsonl", spans_only=True)
    assert json.loads((tmp_path / "s.jsonl").read_text()) == {
        "id": "a", "spans": [{"start": 0, "end": 1, "label": "X", "source": "rules", "score": 0.5}]
    }


def test_csv_meta_passthrough_and_huge_field(tmp_path):
    big = "x" * 300_000
    src = tmp_path / "in.csv"
    src.write_text(f'id,text,site\r\n1,"a,b\nc",north\r\n2,{big},\r\n', encoding="utf-8", newline="")
    docs = list(read_corpus(src))
    assert [d.text for d in docs] == ["a,b\nc", big]
    assert docs[0].meta == {"site": "north"} and docs[1].meta == {"site": ""}
    write_corpus(docs, tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_bytes() == src.read_bytes()


def test_csv_header_grows_with_later_columns_and_spans(tmp_path):
    docs = [Document("1", "aa"), Document("2", "bb", (Span(0, 1, "X"),), {"extra": "e"})]
    write_corpus(docs, tmp_path / "o.csv")
    back = list(read_corpus(tmp_path / "o.csv"))
    assert [d.spans for d in back] == [(), (Span(0, 1, "X"),)]
    assert back[0].meta == {"extra": ""} and back[1].meta == {"extra": "e"}


def test_csv_and_parquet_options(tmp_path):
    src = tmp_path / "in.tsv"
    src.write_text("note\tpid\nhello\t7\n")
    doc = next(read_corpus(src, text_field="note", id_field="pid"))
    assert (doc.id, doc.text, doc.meta) == ("7", "hello", {})
    doc = next(read_corpus(src, text_field="note"))
    assert (doc.id, doc.meta) == ("1", {"pid": "7"})
    pytest.importorskip("pyarrow")
    write_corpus([Document("a", "t", meta={"n": 3, "f": 1.5, "_brat": {"lines": ["#1\tx"]}})], tmp_path / "p.parquet")
    back = next(read_corpus(tmp_path / "p.parquet"))
    assert back.meta["n"] == 3 and back.meta["f"] == 1.5


def test_brat_keeps_other_lines_ids_and_order(tmp_path):
    d = tmp_path / "in"
    d.mkdir()
    (d / "n1.txt").write_text("John Smith saw Ann.\n", newline="")
    ann = (
        "T3\tPATIENT 0 10\tJohn Smith\n"
        "#1\tAnnotatorNotes T3\tchecked\n"
        "T1\tDOCTOR 15 18\tAnn\n"
        "A1\tUncertain T1\n"
        "R1\tSees Arg1:T3 Arg2:T1\n"
    )
    (d / "n1.ann").write_text(ann, newline="")
    doc = next(read_corpus(d))
    assert doc.spans == (Span(0, 10, "PATIENT"), Span(15, 18, "DOCTOR"))
    write_corpus([doc], tmp_path / "out", "brat")
    assert (tmp_path / "out" / "n1.ann").read_text() == ann
    # A span that is gone takes the lines about it along; a new span gets a fresh id.
    changed = doc.with_spans([Span(0, 10, "PATIENT"), Span(11, 14, "OTHER")])
    assert brat_format.render_ann(changed) == (
        "T3\tPATIENT 0 10\tJohn Smith\n#1\tAnnotatorNotes T3\tchecked\nT4\tOTHER 11 14\tsaw\n"
    )


def test_brat_bom_counts_in_offsets_and_crlf(tmp_path):
    d = tmp_path / "in"
    d.mkdir()
    (d / "a.txt").write_bytes("\ufeffNombre: Marc.\r\nEdad: 5".encode())
    (d / "a.ann").write_bytes(b"T1\tNOMBRE 9 13\tMarc\r\nT2\tEDAD 22 23\t5\r\n")
    doc = next(read_corpus(d))
    assert doc.text.startswith("\ufeff") and doc.spans[0].text_in(doc.text) == "Marc"
    write_corpus([doc], tmp_path / "out", "brat")
    for name in ("a.txt", "a.ann"):
        assert (tmp_path / "out" / name).read_bytes() == (d / name).read_bytes()


def test_brat_discontinuous_options(tmp_path):
    d = tmp_path / "in"
    d.mkdir()
    (d / "a.txt").write_text("left and right")
    (d / "a.ann").write_text("T1\tX 0 4;9 14\tleft right\n")
    with pytest.raises(InputError, match=r"a\.ann:1.*discontinuous"):
        list(read_corpus(d))
    split = next(read_corpus(d, discontinuous="split"))
    assert split.spans == (Span(0, 4, "X"), Span(9, 14, "X"))
    joined = next(read_corpus(d, discontinuous="join"))
    assert joined.spans == (Span(0, 14, "X"),)
    for doc in (split, joined):
        assert brat_format.render_ann(doc) == "T1\tX 0 4;9 14\tleft right\n"


def test_i2b2_meddocan_layout_round_trip_is_byte_exact(tmp_path):
    xml = (
        "<?xml version='1.0' encoding='UTF-8'?>\n<MEDDOCAN>\n"
        "  <TEXT><![CDATA[\ufeffNombre:  Pedro & \"Ana\" <x>.\n]]></TEXT>\n  <TAGS>\n"
        '    <NAME id="T2" start="10" end="15" text="Pedro" TYPE="NOMBRE_SUJETO_ASISTENCIA" comment=""/>\n'
        '    <NAME id="T1" start="18" end="23" text="&quot;Ana&quot;" TYPE="NOMBRE_SUJETO_ASISTENCIA" comment="ok"/>\n'
        "  </TAGS>\n</MEDDOCAN>\n"
    )
    src = tmp_path / "m.xml"
    src.write_text(xml, encoding="utf-8")
    doc = next(read_corpus(src))
    assert [s.text_in(doc.text) for s in doc.spans] == ["Pedro", '"Ana"']
    write_corpus([doc], tmp_path / "out.xml")
    assert (tmp_path / "out.xml").read_text(encoding="utf-8") == xml
    # BRAT ids carry over to XML, and XML ids back to BRAT.
    write_corpus([doc], tmp_path / "b", "brat")
    assert (tmp_path / "b" / "m.ann").read_text() == "T1\tNOMBRE_SUJETO_ASISTENCIA 18 23\t\"Ana\"\nT2\tNOMBRE_SUJETO_ASISTENCIA 10 15\tPedro\n"


def test_i2b2_carriage_returns(tmp_path):
    text = "a\r\nJohn\rx"
    write_corpus([Document("r", text, (Span(3, 7, "NAME"),))], tmp_path / "r.xml")
    back = next(read_corpus(tmp_path / "r.xml"))
    assert back.text == text and back.spans == (Span(3, 7, "NAME"),)
    # Offsets counted on the parser's normalised text are recognised too.
    raw = "<deIdi2b2><TEXT><![CDATA[a\r\nJohn]]></TEXT><TAGS><NAME start=\"2\" end=\"6\" text=\"John\" TYPE=\"P\"/></TAGS></deIdi2b2>"
    (tmp_path / "n.xml").write_bytes(raw.encode())
    back = next(read_corpus(tmp_path / "n.xml"))
    assert back.text == "a\nJohn" and back.spans[0].text_in(back.text) == "John"


def test_i2b2_writes_categories_for_known_labels(tmp_path):
    doc = Document("d", "Dr Who on 2020-01-01", (Span(3, 6, "DOCTOR"), Span(10, 20, "DATE"), Span(0, 2, "ODD")))
    write_corpus([doc], tmp_path / "d.xml")
    out = (tmp_path / "d.xml").read_text()
    assert '<NAME id="P1" start="3"' in out and "<DATE " in out and '<PHI id="P0" start="0"' in out
    assert out.startswith("<?xml") and "<deIdi2b2>" in out


def test_read_spans_from_any_format(tmp_path):
    write_corpus([Document("a", "xyz", (Span(0, 1, "X"),))], tmp_path / "b", "brat")
    assert read_spans(tmp_path / "b") == {"a": [Span(0, 1, "X")]}
    p = tmp_path / "dup.jsonl"
    p.write_text('{"id": "a", "spans": []}\n{"id": "a", "spans": []}\n')
    with pytest.raises(InputError, match="duplicate"):
        read_spans(p)


# --- detection --------------------------------------------------------------------------


def test_detect_format(tmp_path):
    for name, fmt in [("a.jsonl", "jsonl"), ("a.csv", "csv"), ("a.tsv", "csv"), ("a.parquet", "parquet"),
                      ("a.xml", "i2b2"), ("a.conll", "conll"), ("a.BIO", "conll"), ("a.txt", "text")]:
        (tmp_path / name).write_text("")
        assert detect_format(tmp_path / name) == fmt
    folders = {"x": ["1.xml"], "b": ["1.txt", "sub/1.ann", "sub/1.txt"], "t": ["1.txt", "sub/2.txt"], "mixed": ["1.ann", "2.xml"]}
    for folder, files in folders.items():
        for f in files:
            (tmp_path / folder / f).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / folder / f).write_text("")
    assert detect_format(tmp_path / "x") == "i2b2"
    assert detect_format(tmp_path / "b") == "brat"
    assert detect_format(tmp_path / "t") == "text"
    with pytest.raises(UsageError, match="both"):
        detect_format(tmp_path / "mixed")
    # Outputs that do not exist yet: by suffix; a folder takes the input's format.
    assert detect_format(tmp_path / "new.jsonl") == "jsonl"
    assert detect_format(tmp_path / "newdir", default="brat") == "brat"
    (tmp_path / "empty").mkdir()
    assert detect_format(tmp_path / "empty", default="i2b2") == "i2b2"
    with pytest.raises(UsageError):
        detect_format(tmp_path / "newdir", default="jsonl")
    with pytest.raises(UsageError):
        detect_format(tmp_path / "newdir")
    (tmp_path / "a.doc").write_text("")
    with pytest.raises(UsageError, match="a.doc"):
        detect_format(tmp_path / "a.doc")
    assert set(FORMATS) == {"jsonl", "text", "brat", "i2b2", "conll", "csv", "parquet", "fhir", "hl7v2", "sql"}


def test_unknown_option_is_a_usage_error(tmp_path):
    (tmp_path / "a.jsonl").write_text("")
    with pytest.raises(UsageError, match="discontinuous"):
        read_corpus(tmp_path / "a.jsonl", discontinuous="split")
    with pytest.raises(InputError, match="no such"):
        read_corpus(tmp_path / "missing.jsonl")


# --- errors -----------------------------------------------------------------------------


def _error(path: Path, fmt: str | None = None, **options) -> str:
    with pytest.raises(InputError) as info:
        list(read_corpus(path, fmt, **options))
    return str(info.value)


@pytest.mark.parametrize(
    "line, why",
    [
        ('{"id": "a", "text": "abc", ', "bad JSON"),
        ('["not", "an", "object"]', "JSON object"),
        ('{"id": "a", "text": "abc", "spans": [{"start": 1, "end": 9, "label": "X"}]}', "past the text"),
        ('{"id": "a", "text": "abc", "spans": [{"start": 2, "end": 1, "label": "X"}]}', "bad offsets"),
        ('{"id": "a", "text": "abc", "spans": [{"start": "1", "end": 2, "label": "X"}]}', "integers"),
        ('{"id": "a", "text": "abc", "spans": [{"start": 1.0, "end": 2, "label": "X"}]}', "integers"),
        ('{"id": "a", "text": "abc", "spans": [{"start": true, "end": 2, "label": "X"}]}', "integers"),
        ('{"id": "a", "text": "abc", "spans": [{"start": 0, "end": 2}]}', "label"),
        ('{"id": "a", "text": "abc", "spans": {"start": 0}}', "list"),
        ('{"id": "a", "text": 5}', "string"),
        ('{"id": "a"}', "no 'text'"),
    ],
)
def test_jsonl_errors_name_file_and_line(tmp_path, line, why):
    p = tmp_path / "corpus.jsonl"
    p.write_text('{"id": "ok", "text": "fine"}\n' + line + "\n")
    msg = _error(p)
    assert f"corpus.jsonl:2" in msg and why in msg
    assert "abc" not in msg


def test_a_json_error_at_the_end_of_a_line_names_that_column(tmp_path):
    # the line is parsed with its line end, where json counted "line 2, column 1" and we printed column 1
    p = tmp_path / "c.jsonl"
    p.write_text('{"id": "a", "text": "abc"\n')
    assert "c.jsonl:1" in _error(p) and "at column 27)" in _error(p)  # just past the 26 characters


def test_encoding_errors_name_the_line(tmp_path):
    p = tmp_path / "c.jsonl"
    p.write_bytes(b'{"id": "a", "text": "x"}\n{"id": "b", "text": "\xff"}\n')
    assert "c.jsonl:2" in _error(p) and "UTF-8" in _error(p)
    p.write_bytes(b'{"id": "a", "text": "x"}\n\x00\x01\x02')
    assert "binary" in _error(p)
    c = tmp_path / "c.csv"
    c.write_bytes(b"id,text\n1,ok\n2,\xff\n")
    assert "c.csv:3" in _error(c) and "UTF-8" in _error(c)
    k = tmp_path / "c.conll"
    k.write_bytes(b"a O\n\xfe O\n")
    assert "c.conll:2" in _error(k)
    d = tmp_path / "notes"
    d.mkdir()
    (d / "n.txt").write_bytes(b"ok\nbad \xff")
    assert "n.txt:2" in _error(d)


def test_empty_files_are_empty_corpora(tmp_path):
    for name in ("e.jsonl", "e.csv", "e.conll"):
        (tmp_path / name).write_text("")
        assert list(read_corpus(tmp_path / name)) == []
    (tmp_path / "h.csv").write_text("id,text\n")
    assert list(read_corpus(tmp_path / "h.csv")) == []


def test_csv_errors(tmp_path):
    p = tmp_path / "notes.csv"
    p.write_text("id,body,site\n1,secret,x\n")
    msg = _error(p)
    # The first line may be a note (a file without a header row): its cells are never shown (issue 17).
    assert "notes.csv:1" in msg and "'text'" in msg and "body" not in msg and "secret" not in msg
    p.write_text('id,text,spans\n1,abc,"[{""start"": 0, ""end"": 7, ""label"": ""X""}]"\n')
    assert "notes.csv:2" in _error(p) and "past the text" in _error(p)
    p.write_text("id,text,spans\n1,abc,[oops\n")
    assert "notes.csv:2" in _error(p) and "JSON" in _error(p)
    p.write_text("id,text\n1,abc,extra\n")
    assert "notes.csv:2" in _error(p)


def test_parquet_errors(tmp_path, monkeypatch):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"id": ["1"], "note": ["secret"]}), tmp_path / "t.parquet")
    msg = _error(tmp_path / "t.parquet")
    assert "t.parquet" in msg and "'note'" in msg and "secret" not in msg
    (tmp_path / "bad.parquet").write_text("not parquet")
    assert "bad.parquet" in _error(tmp_path / "bad.parquet")
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(UsageError, match=r"phisift\[table\]"):
        list(read_corpus(tmp_path / "t.parquet"))


def _brat(tmp_path: Path, text: str, ann: str) -> Path:
    d = tmp_path / "b"
    d.mkdir(exist_ok=True)
    (d / "n.txt").write_text(text, newline="")
    (d / "n.ann").write_text(ann, newline="")
    return d


@pytest.mark.parametrize(
    "ann, why",
    [
        ("T1\tNAME 0 4\tJohn\nT2\tNAME 5 8\tBob\n", "does not match"),
        ("T1\tNAME 0 4\tJohn\nT2\tNAME 5 99\tAnn\n", "past the text"),
        ("T1\tNAME 0 4\tJohn\nT2\tNAME 8 5\tAnn\n", "before start"),
        ("T1\tNAME 0 4\tJohn\nT2\tNAME five 8\tAnn\n", "malformed"),
        ("T1\tNAME 0 4\tJohn\nT2\tNAME 0 4;5 8\tJohn Ann\n", "discontinuous"),
    ],
)
def test_brat_errors_name_file_and_line(tmp_path, ann, why):
    msg = _error(_brat(tmp_path, "John Ann", ann))
    assert "n.ann:2" in msg and why in msg and "Bob" not in msg


def test_brat_ann_without_txt(tmp_path):
    d = _brat(tmp_path, "x", "")
    (d / "orphan.ann").write_text("")
    assert "orphan.ann" in _error(d, "brat")


@pytest.mark.parametrize(
    "body, why, line",
    [
        ("<deIdi2b2><TEXT>abc</TEXT>\n<TAGS><NAME start='0' end='2'></deIdi2b2>", "malformed XML", 2),
        ("<deIdi2b2><TEXT>abc</TEXT>\n<TAGS>\n<NAME start='0' end='2' text='zz' TYPE='P'/></TAGS></deIdi2b2>", "does not match", 3),
        ("<deIdi2b2><TEXT>abc</TEXT>\n<TAGS><NAME start='0' end='x' TYPE='P'/></TAGS></deIdi2b2>", "integers", 2),
        ("<deIdi2b2><TEXT>abc</TEXT>\n<TAGS><NAME start='0' end='9' TYPE='P'/></TAGS></deIdi2b2>", "past the text", 2),
        ("<deIdi2b2><TEXT>abc</TEXT>\n<TAGS><NAME end='2' TYPE='P'/></TAGS></deIdi2b2>", "'start'", 2),
    ],
)
def test_i2b2_errors_name_file_and_line(tmp_path, body, why, line):
    p = tmp_path / "note.xml"
    p.write_text(body)
    msg = _error(p)
    assert f"note.xml:{line}" in msg and why in msg


def test_i2b2_refuses_entity_expansion_and_missing_text(tmp_path):
    p = tmp_path / "bomb.xml"
    p.write_text('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><r><TEXT>&b;</TEXT></r>')
    assert "bomb.xml" in _error(p) and "refused" in _error(p)
    p.write_text("<r><TAGS/></r>")
    assert "no TEXT" in _error(p)


def test_conll_errors_name_file_and_line(tmp_path):
    p = tmp_path / "x.conll"
    p.write_text("John B-NAME\nsaw\n")
    assert "x.conll:2" in _error(p)
    p.write_text("John B-NAME\nsaw Q-X\n")
    assert "x.conll:2" in _error(p)


# --- writing: atomic, safe names, unwritable content ------------------------------------


def _failing(docs):
    yield from docs
    raise RuntimeError("generator failed")


@pytest.mark.parametrize("name, fmt", [("o.jsonl", "jsonl"), ("o.csv", "csv"), ("o.parquet", "parquet"), ("o.conll", "conll"), ("o.xml", "i2b2")])
def test_failed_write_leaves_no_file(tmp_path, name, fmt):
    if fmt == "parquet":
        pytest.importorskip("pyarrow")
    docs = [Document("a", "text")] if fmt == "i2b2" else [Document("a", "text"), Document("b", "more")]
    with pytest.raises(RuntimeError):
        write_corpus(_failing(docs), tmp_path / name)
    assert list(tmp_path.iterdir()) == []


def test_folder_writes_each_file_atomically(tmp_path):
    with pytest.raises(RuntimeError):
        write_corpus(_failing([Document("a", "x", (Span(0, 1, "X"),))]), tmp_path / "out", "brat")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.ann", "a.txt"]


def test_unsafe_or_duplicate_ids_are_refused(tmp_path):
    for bad in ("../escape", "/abs", "a/./b", ".hidden"):
        with pytest.raises(InputError, match="file name"):
            write_corpus([Document(bad, "x")], tmp_path / "out", "text")
    with pytest.raises(InputError, match="duplicate"):
        write_corpus([Document("a", "x"), Document("a", "y")], tmp_path / "out2", "brat")
    with pytest.raises(UsageError, match="one document"):
        write_corpus([Document("a", "x"), Document("b", "y")], tmp_path / "one.xml")
    assert not (tmp_path / "one.xml").exists()


def test_unwritable_content_names_the_document(tmp_path):
    with pytest.raises(InputError, match="document d.*XML 1.0"):
        write_corpus([Document("d", "bell \x07")], tmp_path / "x", "i2b2")
    with pytest.raises(InputError, match="document d"):
        write_corpus([Document("d", "lone \ud800")], tmp_path / "x.jsonl")
    assert not (tmp_path / "x.jsonl").exists()
    with pytest.raises(InputError, match="whitespace"):
        write_corpus([Document("d", "ab", (Span(0, 1, "TWO WORDS"),))], tmp_path / "b", "brat")


def test_conll_writer_uses_the_tokenizer(tmp_path):
    doc = Document("a b", "Mr. O'Neil, 55", (Span(4, 10, "PATIENT"), Span(12, 14, "AGE")))
    sentences = list(conll_format.tagged_sentences(doc, "lines"))
    tags = [tag for sentence in sentences for _, tag in sentence]
    assert tags[-1] == "B-AGE" and tags[0] == "O" and tags.count("B-PATIENT") == 1
    write_corpus([doc], tmp_path / "a.conll", sentences="lines")
    assert (tmp_path / "a.conll").read_text().startswith("# doc_id = a b\n")
    assert next(read_corpus(tmp_path / "a.conll")).id == "a b"


@settings(max_examples=30)
@given(documents())
def test_jsonl_to_every_format_and_back_keeps_spans(docs):
    docs = sorted(docs, key=lambda d: d.id)
    for fmt, name in (("brat", "o"), ("i2b2", "o"), ("csv", "o.csv"), ("jsonl", "o.jsonl")):
        with tempfile.TemporaryDirectory() as tmp:
            write_corpus(docs, Path(tmp) / "a.jsonl")
            write_corpus(read_corpus(Path(tmp) / "a.jsonl"), Path(tmp) / name, fmt)
            assert_same(docs, list(read_corpus(Path(tmp) / name, fmt)))


def test_i2b2_element_names_come_from_taxonomy():
    """One table: every i2b2 2014 subtype is written under its taxonomy category."""
    from phisift.formats import i2b2
    from phisift.taxonomy import CATEGORY_OF, I2B2_LABELS

    for label in I2B2_LABELS:
        assert i2b2.CATEGORIES[label] == CATEGORY_OF[label]
    assert i2b2.CATEGORIES["CALLE"] == "LOCATION" and i2b2.CATEGORIES["FAMILIARES_SUJETO_ASISTENCIA"] == "OTHER"
