"""The Spark engine on a local[2] master: the same bytes as the local engine, and the DataFrame API.

Skipped when PySpark or Java is missing; ``make test`` installs both (the [spark]
extra, and Debian's default-jre-headless when there is no ``java``). One session
for the module, small data.
"""

from __future__ import annotations

import json
import shutil

import pytest

pytest.importorskip("pyspark")
if shutil.which("java") is None and not __import__("os").environ.get("JAVA_HOME"):
    pytest.skip("the Spark tests need Java (make test installs default-jre-headless)", allow_module_level=True)

from phisift.detect.frequency import fit  # noqa: E402
from phisift.detect.frequency.fitting import fit_state  # noqa: E402
from phisift.document import Document  # noqa: E402
from phisift.engine.local import LocalEngine  # noqa: E402
from phisift.engine.dataframes import deidentify_dataframe  # noqa: E402
from phisift.engine.spark import SparkEngine, local_session  # noqa: E402
from phisift.formats import write_corpus  # noqa: E402
from phisift.pipeline import Pipeline, load_config  # noqa: E402
from phisift.progress import ListReporter  # noqa: E402
from phisift.runs import Corpus, deid_run, detect_run  # noqa: E402
from phisift.store import Secret, Store  # noqa: E402
from phisift.synth import generate_notes  # noqa: E402

SECRET = Secret(b"s" * 64)
CFG_OVERRIDES = {"detect": {"detectors": ["rules", "lexicon", "frequency"]}, "frequency": {"keep_share": 0.85}}
# token + ngram items: the frequency fit needs its second (histogram) pass, which Spark runs too
TWO_PASS = {**CFG_OVERRIDES, "frequency": {"kinds": ["token", "ngram"], "keep_share": 0.85}}


@pytest.fixture(scope="module")
def spark():
    session = local_session("local[2]")
    yield session
    session.stop()


@pytest.fixture(scope="module")
def notes():
    return [Document(d.id, d.text, d.spans, {"mrn": f"p{i % 5}"}) for i, d in enumerate(generate_notes(24, seed=7))]


def quiet() -> ListReporter:
    return ListReporter()


def cfg(mode: str = "surrogate", overrides: dict = CFG_OVERRIDES):
    return load_config(None, {**overrides, "replace": {"mode": mode}})


def test_frequency_fit_on_spark_equals_the_local_fit(spark, notes):
    config = cfg(overrides=TWO_PASS).frequency
    local = fit([d.text for d in notes], config)
    engine = SparkEngine(spark, partitions=3)
    remote = fit_state(engine, lambda: (d.text for d in notes), config)
    a, b = local.to_dict(), remote.to_dict()
    a.pop("stats"), b.pop("stats")
    assert a == b and remote.stats["documents"] == 24 and remote.stats["passes"] == 2


@pytest.mark.parametrize("partitions, chunk_docs", [(1, 1000), (3, 16)])
def test_deid_jsonl_identical_to_local_whatever_the_partitions(spark, notes, tmp_path, partitions, chunk_docs):
    src = tmp_path / "notes.jsonl"
    write_corpus(notes, src)
    corpus = Corpus(src, "jsonl")
    outputs = {}
    for name, engine in (("local", LocalEngine(1)), ("spark", SparkEngine(spark, partitions, chunk_docs))):
        out, spans = tmp_path / f"{name}.jsonl", tmp_path / f"{name}-spans.jsonl"
        with Store(tmp_path / f"{name}.db") as store:
            deid_run(corpus, out, "jsonl", cfg(), store=store, engine=engine, reporter=quiet(), secret=SECRET,
                     spans_path=spans, patient_field="mrn")
        outputs[name] = (out.read_bytes(), spans.read_bytes())
    assert outputs["spark"] == outputs["local"]
    assert outputs["local"][0].count(b"\n") == 24


def test_detect_identical_to_local(spark, notes, tmp_path):
    src = tmp_path / "notes.csv"
    write_corpus(notes, src)
    corpus = Corpus(src, "csv")
    found = {}
    for name, engine in (("local", LocalEngine(2)), ("spark", SparkEngine(spark, partitions=4, chunk_docs=1000))):
        out = tmp_path / f"{name}.jsonl"
        with Store(tmp_path / f"{name}.db") as store:
            detect_run(corpus, out, cfg("tag"), store=store, engine=engine, reporter=quiet())
        found[name] = out.read_bytes()
    assert found["spark"] == found["local"] and found["local"].count(b"\n") == 24


def test_cli_engine_spark_csv_matches_local(spark, notes, tmp_path):
    from typer.testing import CliRunner

    from phisift.cli import app

    src = tmp_path / "visits.csv"
    write_corpus(notes[:12], src)
    key = tmp_path / "k.key"
    common = ["--key-file", str(key), "--patient-field", "mrn", "--detectors", "rules,frequency"]
    runner = CliRunner()
    local = runner.invoke(app, ["deid", str(src), str(tmp_path / "l.csv"), "--store", str(tmp_path / "l.db"), *common])
    assert local.exit_code == 0, local.output
    remote = runner.invoke(app, ["deid", str(src), str(tmp_path / "s.csv"), "--store", str(tmp_path / "s.db"),
                                 "--engine", "spark", "--spark-master", "local[2]", *common])
    assert remote.exit_code == 0, remote.output
    assert (tmp_path / "s.csv").read_bytes() == (tmp_path / "l.csv").read_bytes()
    assert spark.sparkContext._jsc is not None  # the shared session was not stopped by the command


def test_deidentify_dataframe_matches_the_pipeline(spark, notes, tmp_path):
    key = tmp_path / "k.key"
    rows = [(d.id, d.text, d.meta["mrn"]) for d in notes] + [("empty", None, "p1")]
    df = spark.createDataFrame(rows, "id string, note string, mrn string").repartition(3)
    out = deidentify_dataframe(df, "note", id_col="id", patient_col="mrn", key_file=key, config=CFG_OVERRIDES)
    assert out.columns == ["id", "note", "mrn", "note_deid", "phi_spans"]
    got = {r["id"]: (r["note_deid"], r["phi_spans"]) for r in out.collect()}
    assert got["empty"] == (None, None)

    from phisift.detect.frequency import fit_frequency_detector
    from phisift.store import load_key

    config = cfg()
    detector = fit_frequency_detector([d.text for d in notes], config.frequency, None)
    pipeline = Pipeline.from_config(config, secret=load_key(key), extra_detectors=[detector])
    for d in notes:
        new, spans = pipeline.deidentify(d, d.meta["mrn"])
        assert got[d.id][0] == new.text
        assert json.loads(got[d.id][1]) == [{"start": s.start, "end": s.end, "label": s.label} for s in spans]


def test_spark_engine_reads_ahead_in_bounded_chunks(spark):
    consumed = 0

    def docs():
        nonlocal consumed
        for i in range(500):
            consumed += 1
            yield Document(str(i), f"Call 617-555-{1000 + i} on 03/04/2020.")

    pipeline = Pipeline.from_config(load_config(None, {"detect": {"detectors": ["rules"]}, "replace": {"mode": "tag"}}))
    from phisift.runs import detect_task

    stream = SparkEngine(spark, partitions=2, chunk_docs=50, in_flight=2).map(pipeline, detect_task, docs())
    first_doc, first_spans = next(stream)
    assert first_doc.id == "0" and first_spans and consumed <= 100
    assert [d.id for d, _ in stream] == [str(i) for i in range(1, 500)]


def test_null_and_empty_text_pass_through_on_spark_as_locally(spark, notes, tmp_path):
    """Issue 20: a note without text (null or "") passes through with no spans, counted, on every engine."""
    src = tmp_path / "notes.jsonl"
    with open(src, "w", encoding="utf-8") as fh:
        for i, d in enumerate(notes[:6]):
            fh.write(json.dumps({"id": d.id, "text": None if i == 2 else "" if i == 4 else d.text}) + "\n")
    corpus = Corpus(src, "jsonl")
    outputs, empties = {}, {}
    for name, engine in (("local", LocalEngine(1)), ("spark", SparkEngine(spark, partitions=2))):
        out = tmp_path / f"{name}.jsonl"
        with Store(tmp_path / f"{name}.db") as store:
            summary = deid_run(corpus, out, "jsonl", cfg("tag"), store=store, engine=engine, reporter=quiet())
        outputs[name], empties[name] = out.read_bytes(), summary.empty
    assert outputs["spark"] == outputs["local"] and empties == {"local": 2, "spark": 2}
    rows = [json.loads(line) for line in outputs["local"].splitlines()]
    assert rows[2]["text"] is None and rows[2]["spans"] == [] and rows[4]["text"] == "" and rows[4]["spans"] == []


def test_deidentify_dataframe_releases_columns_as_the_frame_and_the_cli_do(spark, tmp_path):
    """Parity with ``phisift deid`` / ``deidentify_frame``: the patient column and pseudonymised columns become
    keyed pseudonyms, dropped columns go, a date column moves by the patient's offset (still a date), an id
    that holds PHI becomes a pseudonym, given spans are replaced instead of detected."""
    import datetime as dt

    import pandas as pd

    import phisift
    from phisift.document import Span

    key = tmp_path / "k.key"
    key.write_text("0123456789abcdef" * 4 + "\n")
    key.chmod(0o600)
    rows = [("Whitfield_1", "p1", "V-1", "Margaret Whitfield", dt.date(2021, 3, 4),
             "Margaret Whitfield seen by Dr. John Smith on 03/04/2021."),
            ("n2", "p1", "V-2", "Margaret Whitfield", dt.date(2021, 3, 5), "Margaret Whitfield called."),
            ("n3", "p2", None, "Jane Doe", dt.date(2021, 4, 1), None)]
    schema = "id string, mrn string, visit string, name string, seen date, note string"
    fast = {"detect": {"detectors": ["rules", "lexicon"]}}
    options = dict(mode="tag", key_file=key, config=fast)
    out = deidentify_dataframe(spark.createDataFrame(rows, schema).repartition(2), "note", id_col="id",
                               patient_col="mrn", pseudonymise_cols=["visit"], drop_cols=["name"],
                               shift_date_cols=["seen"], **options)
    assert out.columns == ["id", "mrn", "visit", "seen", "note", "note_deid", "phi_spans"]
    assert dict(out.dtypes)["seen"] == "date"
    got = sorted((r.asDict() for r in out.collect()), key=lambda r: r["note"] or "~")
    frame = phisift.deidentify_frame(pd.DataFrame(rows, columns=schema.replace(" string", "").replace(
        " date", "").split(", ")), text_field="note", id_field="id", patient_field="mrn",
        pseudonymise_fields=["visit"], drop_fields=["name"], shift_date_fields=["seen"], **options)
    want = sorted(frame.to_dict("records"), key=lambda r: r["note"] or "~")
    for g, w in zip(got, want):
        assert (g["id"], g["mrn"], g["visit"], g["seen"], g["note_deid"]) == (w["id"], w["mrn"], w["visit"],
                                                                             w["seen"], w["note"])
    by_note = {r["note"]: r for r in got}
    first, second = by_note[rows[0][5]], by_note[rows[1][5]]
    assert first["id"].startswith("doc-") and second["id"] == "n2"  # the id that held the patient's name
    assert first["mrn"].startswith("patient-") and first["mrn"] == second["mrn"] != by_note[None]["mrn"]
    assert first["seen"] != dt.date(2021, 3, 4) and by_note[None]["note_deid"] is None
    assert "Whitfield" not in first["note_deid"] and "V-1" not in {first["visit"], second["visit"]}
    given = deidentify_dataframe(spark.createDataFrame(rows, schema), "note", id_col="id", keep_ids=True,
                                 spans={"Whitfield_1": [Span(0, 8, "PATIENT")], "n2": [], "n3": []}, **options)
    texts = {r["id"]: r["note_deid"] for r in given.collect()}
    assert texts["Whitfield_1"] == "[PATIENT] Whitfield seen by Dr. John Smith on 03/04/2021."
    assert texts["n2"] == "Margaret Whitfield called."
    # an integer id that holds PHI of its note stays an integer column (a 60-bit pseudonym: a long)
    numbered = deidentify_dataframe(spark.createDataFrame([(482913, "MRN 482913 seen.")], "nid int, note string"),
                                    "note", id_col="nid", **options)
    assert dict(numbered.dtypes)["nid"] == "bigint"
    row = numbered.collect()[0]
    assert isinstance(row["nid"], int) and row["nid"] != 482913 and "482913" not in row["note_deid"]
