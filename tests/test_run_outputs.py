"""What a corpus run writes can be trusted: whole or absent, never over an existing output unless asked,
tables kept in their own shape, notes without text passed through, progress with a total (issue 20)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from phisift.cli import app
from phisift.engine.local import LocalEngine
from phisift.pipeline import load_config
from phisift.progress import ListReporter
from phisift.runs import Corpus, deid_run, detect_run
from phisift.store import Store

FAST = '[detect]\ndetectors = ["rules", "lexicon"]\n'
NOTE = "Seen by Dr. Alvarez on 2020-01-02, call 555-123-4567."


def _cfg(mode: str = "tag"):
    return load_config(None, {"detect": {"detectors": ["rules", "lexicon"]}, "replace": {"mode": mode}})


def _cli(tmp_path: Path, *args: str):
    conf = tmp_path / "fast.toml"
    conf.write_text(FAST)
    return CliRunner().invoke(app, [*args, "--config", str(conf), "--store", str(tmp_path / "store.sqlite")])


# --------------------------------------------------------------------------- null and empty text
@pytest.mark.parametrize("jobs", [1, 2])
def test_null_and_empty_text_pass_through_counted(tmp_path, jobs):
    src = tmp_path / "notes.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in [
        {"id": "a", "text": NOTE}, {"id": "b", "text": None, "ward": 3}, {"id": "c", "text": ""}]))
    out = tmp_path / "out.jsonl"
    with Store(tmp_path / "s.db") as store:
        summary = deid_run(Corpus(src, "jsonl"), out, "jsonl", _cfg(), store=store, engine=LocalEngine(jobs),
                           reporter=ListReporter())
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows[1] == {"id": "b", "text": None, "spans": [], "ward": 3}
    assert rows[2] == {"id": "c", "text": "", "spans": []}
    assert "[DATE]" in rows[0]["text"]
    assert summary.documents == 3 and summary.empty == 2
    assert "(2 without text, passed through)" in summary.lines("de-identified")[0]


def test_parquet_null_text_passes_through_in_its_column(tmp_path):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    src = tmp_path / "notes.parquet"
    pq.write_table(pa.Table.from_pylist([{"note_id": "a", "body": NOTE, "n": 1}, {"note_id": "b", "body": None, "n": 2}]),
                   src)
    out = tmp_path / "out.parquet"
    res = _cli(tmp_path, "deid", str(src), str(out), "--mode", "tag", "--text-field", "body", "--id-field", "note_id",
               "--jobs", "2")
    assert res.exit_code == 0, res.stderr
    table = pq.read_table(out)
    assert table.column_names == ["note_id", "body", "n"]  # names and order of the input, no spans column
    rows = table.to_pylist()
    assert rows[1] == {"note_id": "b", "body": None, "n": 2} and "[DATE]" in rows[0]["body"]
    assert table.schema.field("n").type == pa.int64()


# --------------------------------------------------------------------------- tables keep their shape
def test_csv_output_keeps_the_input_columns_in_order(tmp_path):
    src = tmp_path / "visits.csv"
    src.write_text(f"visit,mrn,note,ward\nv1,m1,\"{NOTE}\",3\nv2,m2,,4\n")
    out = tmp_path / "out.csv"
    res = _cli(tmp_path, "deid", str(src), str(out), "--mode", "tag", "--text-field", "note", "--id-field", "visit")
    assert res.exit_code == 0, res.stderr
    rows = list(csv.reader(out.open()))
    assert rows[0] == ["visit", "mrn", "note", "ward"]
    assert rows[1][:2] == ["v1", "m1"] and "[DATE]" in rows[1][2] and rows[1][3] == "3"
    assert rows[2] == ["v2", "m2", "", "4"]


def test_csv_without_id_column_gets_none_and_keeps_a_spans_column_it_had(tmp_path):
    src = tmp_path / "notes.csv"
    src.write_text(f"text,spans,site\n\"{NOTE}\",[],x\n")
    out = tmp_path / "out.csv"
    res = _cli(tmp_path, "deid", str(src), str(out), "--mode", "tag")
    assert res.exit_code == 0, res.stderr
    rows = list(csv.reader(out.open()))
    assert rows[0] == ["text", "spans", "site"]
    assert json.loads(rows[1][1]) and rows[1][2] == "x"  # the spans column holds the replaced places


# --------------------------------------------------------------------------- outputs whole, never over one
def test_existing_output_is_refused_then_replaced_with_overwrite(tmp_path):
    src = tmp_path / "notes"
    src.mkdir()
    (src / "a.txt").write_text(NOTE)
    out = tmp_path / "out"
    out.mkdir()
    (out / "stale.txt").write_text("from an earlier run")
    res = _cli(tmp_path, "deid", str(src), str(out), "--mode", "tag")
    assert res.exit_code == 2 and "add --overwrite" in res.stderr
    assert sorted(p.name for p in out.iterdir()) == ["stale.txt"]
    res = _cli(tmp_path, "deid", str(src), str(out), "--mode", "tag", "--overwrite")
    assert res.exit_code == 0, res.stderr
    assert sorted(p.name for p in out.iterdir()) == ["a.txt"]  # replaced as a whole: no stale file mixed in
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out")]


def test_spans_file_and_detect_output_are_refused_too(tmp_path):
    src = tmp_path / "notes.jsonl"
    src.write_text(json.dumps({"id": "a", "text": NOTE}) + "\n")
    spans = tmp_path / "spans.jsonl"
    spans.write_text("mine\n")
    res = _cli(tmp_path, "deid", str(src), str(tmp_path / "out.jsonl"), "--mode", "tag", "--spans", str(spans))
    assert res.exit_code == 2 and "spans.jsonl: the output exists already" in res.stderr
    assert spans.read_text() == "mine\n" and not (tmp_path / "out.jsonl").exists()
    res = _cli(tmp_path, "detect", str(src), "-o", str(spans))
    assert res.exit_code == 2 and spans.read_text() == "mine\n"
    assert _cli(tmp_path, "detect", str(src), "-o", str(spans), "--overwrite").exit_code == 0
    assert json.loads(spans.read_text())["id"] == "a"


def test_bad_input_after_committed_batches_leaves_nothing(tmp_path, monkeypatch):
    """Bad input found after batches were committed: no journal, no run folder, no done records (a failure
    that is not the input's keeps them to resume: test_engine)."""
    import phisift.runs.batches as batches

    monkeypatch.setattr(batches, "COMMIT_DOCS", 4)
    src = tmp_path / "notes.jsonl"
    src.write_text("".join(json.dumps({"id": f"d{i}", "text": NOTE}) + "\n" for i in range(20))
                   + json.dumps({"id": "d3", "text": NOTE}) + "\n")
    out = tmp_path / "out.jsonl"
    with Store(tmp_path / "s.db") as store:
        with pytest.raises(Exception, match="duplicate document id"):
            detect_run(Corpus(src, "jsonl"), out, _cfg(), store=store, engine=LocalEngine(1),
                       reporter=ListReporter())
        assert store.db.execute("SELECT COUNT(*) FROM done").fetchone()[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.jsonl", "s.db", "s.db.runs"]
    assert not list((tmp_path / "s.db.runs").iterdir())


# --------------------------------------------------------------------------- progress with a total
def test_progress_of_one_big_note_has_a_total_in_bytes(tmp_path):
    src = tmp_path / "big.txt"
    src.write_text(NOTE * 2000)
    said = ListReporter()
    with Store(tmp_path / "s.db") as store:
        deid_run(Corpus(src, "text"), tmp_path / "out.txt", "text", _cfg(), store=store, engine=LocalEngine(1),
                 reporter=said)
    starts = [v for k, v in said.events if k == "start"]
    assert starts[-1] == ("deid (local)", src.stat().st_size, "bytes")
    steps = [v for k, v in said.events if k == "advance"]
    assert sum(steps) == src.stat().st_size


@given(st.text(alphabet=st.characters(blacklist_categories=())), st.integers(1, 5))
@settings(max_examples=300, deadline=None)
def test_utf8_size_counted_in_pieces_is_the_encoded_length(text, chunk):
    """The bar's bytes of a note, counted piece by piece (no encoded copy of a 50 MB note): the same as
    encoding it whole, a piece edge anywhere (inside a run of accents, beside a lone surrogate, an emoji)."""
    from phisift.runs import meter

    old = meter.SIZE_CHUNK
    meter.SIZE_CHUNK = chunk
    try:
        for t in (text, text + "é\ud800😀x", "\udfff" + text):
            assert meter.utf8_size(t) == len(t.encode("utf-8", "surrogatepass"))
    finally:
        meter.SIZE_CHUNK = old


# --------------------------------------------------------------------------- JSONL keeps its own fields
def test_jsonl_output_keeps_the_input_field_names_and_order(tmp_path):
    """A renamed text field, no id field, fields in another order: the output has the same fields in the same
    order, plus only a spans field (right after the text) when the input had none."""
    src = tmp_path / "visits.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in [
        {"mrn": "m1", "note": NOTE, "visit": "v1"},
        {"mrn": "m2", "note": None, "visit": "v2"},
        {"note": NOTE, "ward": 3, "spans": [], "mrn": "m3"}]))
    out = tmp_path / "out.jsonl"
    res = _cli(tmp_path, "deid", str(src), str(out), "--mode", "tag", "--text-field", "note", "--jobs", "2")
    assert res.exit_code == 0, res.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [list(r) for r in rows] == [["mrn", "note", "spans", "visit"], ["mrn", "note", "spans", "visit"],
                                       ["note", "ward", "spans", "mrn"]]
    assert "[DATE]" in rows[0]["note"] and rows[1]["note"] is None and rows[2]["ward"] == 3
    # the id field named, and the order kept through a table: no hint of the order reaches a column
    res = _cli(tmp_path, "deid", str(src), str(tmp_path / "out.csv"), "--mode", "tag", "--text-field", "note",
               "--id-field", "mrn")
    assert res.exit_code == 0, res.stderr
    header = (tmp_path / "out.csv").read_text().splitlines()[0].split(",")
    assert not [c for c in header if c.startswith("_")], header
    # convert writes phisift's own field names, each in the place of the input's
    res = CliRunner().invoke(app, ["convert", str(src), str(tmp_path / "own.jsonl"), "--text-field", "note"])
    assert res.exit_code == 0, res.stderr
    assert list(json.loads((tmp_path / "own.jsonl").read_text().splitlines()[0])) == ["mrn", "text", "spans", "visit"]


def test_jsonl_in_the_usual_layout_is_written_as_before(tmp_path):
    from phisift.formats import read_corpus, write_corpus

    src = tmp_path / "a.jsonl"
    src.write_text(json.dumps({"id": "a", "text": NOTE, "spans": [], "site": "x"}) + "\n"
                   + json.dumps({"id": "b", "text": NOTE, "site": "y"}) + "\n")
    docs = list(read_corpus(src))
    assert [d.meta for d in docs] == [{"site": "x"}, {"site": "y"}]  # nothing added to meta
    write_corpus(docs, tmp_path / "b.jsonl")
    assert [list(json.loads(line)) for line in (tmp_path / "b.jsonl").read_text().splitlines()] == [
        ["id", "text", "spans", "site"], ["id", "text", "spans", "site"]]


def test_progress_moves_inside_one_long_note(tmp_path, monkeypatch):
    """A note cut into windows moves the bar window by window (in bytes), not only when it is done."""
    import phisift.runs.deid as runs_deid

    fitted = runs_deid.fitted_pipeline

    def small_windows(*args, **kwargs):
        pipeline = fitted(*args, **kwargs)
        pipeline.window_chars, pipeline.window_overlap = 2_000, 200
        return pipeline

    monkeypatch.setattr(runs_deid, "fitted_pipeline", small_windows)
    src = tmp_path / "big.txt"
    src.write_text("\n".join(f"{NOTE} Visit {i}, née Müller." for i in range(1500)))  # ~100 kB, 2-byte letters
    for run, out in ((detect_run, tmp_path / "spans.jsonl"), (deid_run, tmp_path / "out.txt")):
        said = ListReporter()
        with Store(tmp_path / "s.db") as store:
            extra = {} if run is detect_run else {"dst_fmt": "text"}
            run(Corpus(src, "text"), out, cfg=_cfg(), store=store, engine=LocalEngine(1), reporter=said, **extra)
        steps = [v for k, v in said.events if k == "advance"]
        assert len(steps) >= 40, steps  # one document, many windows
        assert sum(steps) == src.stat().st_size and all(s >= 0 for s in steps)
