"""SQL tables as a source: SQLite files and a real PostgreSQL server (started by the tests).

The PostgreSQL tests run against a throwaway cluster (tests/pg_server.py) on a
Unix socket, started once per session and stopped at the end; they skip, with the
reason, only when the server binaries are not installed (``make test`` installs them).
"""

from __future__ import annotations

import datetime as dt

import pytest

from phisift.errors import InputError, UsageError
from phisift.formats import detect_format, input_format, read_corpus, write_corpus
from phisift.formats import sql as sql_format
from phisift.pipeline import Pipeline, load_config
from phisift.store import Secret

sa = pytest.importorskip("sqlalchemy")

ROWS = [
    (1, 101, dt.date(2021, 3, 4), "Consult",
     "Seen by Dr. John Smith on 03/04/2021. Patient Margaret Whitfield, phone 617-555-0199."),
    (2, 101, dt.date(2021, 3, 5), None, "Margaret Whitfield doing well."),
    (3, 202, dt.date(2021, 4, 1), "Visit", "Jane Doe seen at Mercy Hospital on 04/01/2021."),
    (4, 202, dt.date(2021, 4, 2), "Empty", ""),
]
PHI = ["John Smith", "03/04/2021", "Margaret", "Whitfield", "617-555-0199", "Jane Doe", "Mercy", "04/01/2021"]
COLUMNS = ["note_id", "person_id", "note_date", "note_title", "note_text"]


def make_note_table(url: str, rows=ROWS, table: str = "note") -> None:
    engine = sa.create_engine(url)
    meta = sa.MetaData()
    schema, name = (table.split(".") if "." in table else (None, table))
    note = sa.Table(name, meta, sa.Column("note_id", sa.Integer, primary_key=True), sa.Column("person_id", sa.Integer),
                    sa.Column("note_date", sa.Date), sa.Column("note_title", sa.String(50)),
                    sa.Column("note_text", sa.Text), schema=schema)
    meta.create_all(engine)
    with engine.begin() as conn:
        conn.execute(note.insert(), [dict(zip(COLUMNS, r)) for r in reversed(rows)])  # stored out of order
    engine.dispose()


def table_rows(url: str, table: str) -> tuple[list[str], list[tuple]]:
    """Column names and rows (typed through the reflected columns), by note_id."""
    engine = sa.create_engine(url)
    found = sa.Table(table, sa.MetaData(), autoload_with=engine)
    with engine.connect() as conn:
        rows = [tuple(r) for r in conn.execute(sa.select(found).order_by(found.c.note_id))]
    engine.dispose()
    return [c.name for c in found.columns], rows


def deid(src: str, dst: str, mode: str, **write) -> None:
    cfg = load_config(None, {"detect": {"detectors": ["rules", "lexicon"]}, "replace": {"mode": mode}})
    p = Pipeline.from_config(cfg, secret=Secret(b"sql-test" * 4))
    docs = (p.deidentify(d, str(d.meta["person_id"]))[0] for d in read_corpus(src, table="note"))
    write_corpus(docs, dst, **write)


def check_deid(src: str, dst: str, mode: str) -> None:
    deid(src, dst, mode)
    columns, rows = table_rows(dst, "note")
    assert columns == COLUMNS
    assert [r[:4] for r in rows] == [r[:4] for r in ROWS]  # every other column unchanged, types kept
    texts = "\n".join(r[4] for r in rows)
    assert [phi for phi in PHI if phi in texts] == []
    assert rows[3][4] == ""
    if mode == "surrogate":
        surname = rows[0][4].split(" Patient ")[1].split(",")[0]
        assert surname in rows[1][4]  # same patient (person_id 101): same surrogate
    _, source_rows = table_rows(src, "note")
    assert source_rows == [tuple(r) for r in ROWS]  # the input is not modified


# --------------------------------------------------------------------------- SQLite
def test_url_is_a_location():
    assert detect_format("sqlite:///notes.db") == "sql"
    assert input_format("postgresql://user@host/db") == "sql"
    assert sql_format.is_url("postgresql+psycopg://u@h/db") and not sql_format.is_url("notes.csv")
    assert "secret" not in sql_format.shown("postgresql://user:secret@host/db")


def test_sqlite_documents(tmp_path):
    url = f"sqlite:///{tmp_path}/in.db"
    make_note_table(url)
    docs = list(read_corpus(url))
    assert [d.id for d in docs] == ["1", "2", "3", "4"]  # primary key order
    assert docs[0].text == ROWS[0][4]
    assert docs[0].meta["person_id"] == 101 and docs[0].meta["note_date"] == dt.date(2021, 3, 4)
    docs = list(read_corpus(url, table="note", text_field="note_title", id_field="person_id"))
    assert [d.text for d in docs] == ["Consult", "", "Visit", "Empty"]


@pytest.mark.parametrize("mode", ["tag", "surrogate"])
def test_sqlite_deid(tmp_path, mode):
    src, dst = f"sqlite:///{tmp_path}/in.db", f"sqlite:///{tmp_path}/out.db"
    make_note_table(src)
    check_deid(src, dst, mode)


def test_sqlite_out_table_in_same_database_and_overwrite(tmp_path):
    url = f"sqlite:///{tmp_path}/notes.db"
    make_note_table(url)
    deid(url, url, "tag", table="note_deid")
    columns, rows = table_rows(url, "note_deid")
    assert columns == COLUMNS and len(rows) == 4 and "[DOCTOR]" in rows[0][4]
    with pytest.raises(InputError, match="exists already"):
        deid(url, url, "tag", table="note_deid")
    deid(url, url, "mask", table="note_deid", if_exists="replace")
    assert "*****" in table_rows(url, "note_deid")[1][0][4]
    names = sa.inspect(sa.create_engine(url)).get_table_names()
    assert sorted(names) == ["note", "note_deid"]  # no staging table left behind


def test_sqlite_batches_and_failed_write_leaves_no_table(tmp_path, monkeypatch):
    monkeypatch.setattr(sql_format, "_WRITE_BATCH", 2)
    src, dst = f"sqlite:///{tmp_path}/in.db", f"sqlite:///{tmp_path}/out.db"
    make_note_table(src)
    write_corpus(read_corpus(src, batch_size=2), dst)
    assert len(table_rows(dst, "note")[1]) == 4

    def failing():
        for i, doc in enumerate(read_corpus(src)):
            if i == 3:
                raise InputError("boom", "x")
            yield doc

    with pytest.raises(InputError, match="boom"):
        write_corpus(failing(), f"sqlite:///{tmp_path}/out2.db")
    assert sa.inspect(sa.create_engine(f"sqlite:///{tmp_path}/out2.db")).get_table_names() == []


def test_sqlite_errors_name_the_database(tmp_path):
    url = f"sqlite:///{tmp_path}/in.db"
    make_note_table(url)
    with pytest.raises(InputError, match="no table 'notes'.*note"):
        list(read_corpus(url, table="notes"))
    with pytest.raises(InputError, match="no column 'body'"):
        list(read_corpus(url, text_field="body"))
    with pytest.raises(UsageError, match="not a usable database URL"):
        list(read_corpus("nosuchdialect://x/y"))


# --------------------------------------------------------------------------- PostgreSQL
@pytest.fixture(scope="session")
def pg_cluster():
    from pg_server import start_cluster

    pytest.importorskip("psycopg")
    try:
        cluster = start_cluster()
    except LookupError as why:
        pytest.skip(str(why))
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_database(pg_cluster, request):
    name = "t_" + request.node.name.lower().replace("[", "_").replace("]", "").replace("-", "_")[:50]
    admin = sa.create_engine(pg_cluster.url(), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return pg_cluster.url(name)


@pytest.mark.parametrize("mode", ["tag", "surrogate"])
def test_postgresql_deid(pg_database, mode):
    make_note_table(pg_database)
    deid(pg_database, pg_database, mode, table="note_deid")
    columns, rows = table_rows(pg_database, "note_deid")
    assert columns == COLUMNS
    assert [r[:4] for r in rows] == [r[:4] for r in ROWS]
    texts = "\n".join(r[4] for r in rows)
    assert [phi for phi in PHI if phi in texts] == []
    assert table_rows(pg_database, "note")[1] == [tuple(r) for r in ROWS]


def test_postgresql_to_sqlite_and_back(pg_database, tmp_path):
    make_note_table(pg_database, table="public.note")
    lite = f"sqlite:///{tmp_path}/copy.db"
    check_deid(pg_database, lite, "tag")
    write_corpus(read_corpus(lite), pg_database, table="cdm_copy")
    columns, rows = table_rows(pg_database, "cdm_copy")
    assert columns == COLUMNS and len(rows) == 4 and "[PATIENT]" in rows[1][4]


def test_postgresql_streams_in_batches(pg_database, monkeypatch):
    rows = [(i, i % 7, dt.date(2020, 1, 1), "t", f"Note {i} for Dr. John Smith.") for i in range(1, 2501)]
    make_note_table(pg_database, rows=rows)
    monkeypatch.setattr(sql_format, "_WRITE_BATCH", 700)
    docs = read_corpus(pg_database, batch_size=300)
    write_corpus(docs, pg_database, table="copy")
    columns, got = table_rows(pg_database, "copy")
    assert got == [tuple(r) for r in rows]


def test_runs_know_the_total_of_a_table_and_a_jsonl_file(tmp_path):
    """The progress bar gets a total (and so a time left) when the input can say its size cheaply."""
    from phisift.engine.local import LocalEngine
    from phisift.progress import ListReporter
    from phisift.runs import Corpus, detect_run
    from phisift.store import Store

    url = f"sqlite:///{tmp_path}/in.db"
    make_note_table(url)
    write_corpus(read_corpus(url), tmp_path / "notes.jsonl")
    cfg = load_config(None, {"detect": {"detectors": ["rules"]}, "replace": {"mode": "tag"}})
    for n, corpus in enumerate((Corpus(url, "sql"), Corpus(tmp_path / "notes.jsonl", "jsonl"))):
        reporter = ListReporter()
        with Store(tmp_path / "s.db") as store:  # one spans file per run: an existing output is refused
            detect_run(corpus, tmp_path / f"spans{n}.jsonl", cfg, store=store, engine=LocalEngine(1), reporter=reporter)
        starts = [args for kind, args in reporter.events if kind == "start" and args[0].startswith("detect")]
        # a table counts its rows; a file is measured in bytes of input (issue 20's progress)
        want = (4, "notes") if n == 0 else ((tmp_path / "notes.jsonl").stat().st_size, "bytes")
        assert starts and (starts[0][1], starts[0][2]) == want, starts


def test_postgresql_shift_date_field_keeps_the_column_type(pg_database, tmp_path):
    """``--shift-date-field`` on a PostgreSQL DATE column: still a DATE, moved by one offset per patient;
    the summary names the columns written unchanged."""
    import subprocess
    import sys

    make_note_table(pg_database)
    key = tmp_path / "k.key"
    key.write_text("c0ffee42" * 8 + "\n")
    key.chmod(0o600)
    res = subprocess.run([sys.executable, "-m", "phisift.cli", "deid", pg_database, pg_database, "--table", "note",
                          "--out-table", "note_deid", "--mode", "tag", "--key-file", str(key), "--store",
                          str(tmp_path / "s.db"), "--detectors", "rules,lexicon", "--patient-field", "person_id",
                          "--shift-date-field", "note_date"], capture_output=True, text=True, timeout=600,
                         cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    engine = sa.create_engine(pg_database)
    types = {c["name"]: c["type"] for c in sa.inspect(engine).get_columns("note_deid")}
    engine.dispose()
    assert isinstance(types["note_date"], sa.Date)
    _, rows = table_rows(pg_database, "note_deid")
    shifts = [new[2] - old[2] for new, old in zip(rows, ROWS)]
    assert shifts[0] == shifts[1] != dt.timedelta(0) and shifts[2] == shifts[3] != dt.timedelta(0)
    assert "fields written unchanged" in res.stderr and ": note_title" in res.stderr and "note_id" not in res.stderr


def test_a_null_text_stays_null_in_the_output_table(tmp_path):
    """Issue 20.4 for SQL: a row whose text is NULL passes through as NULL (not as an empty text),
    an empty text stays empty, both with no spans."""
    src, dst = f"sqlite:///{tmp_path}/in.db", f"sqlite:///{tmp_path}/out.db"
    make_note_table(src, ROWS + [(5, 202, dt.date(2021, 4, 3), "Null", None)])
    docs = list(read_corpus(src))
    assert docs[4].text == "" and docs[3].text == ""
    deid(src, dst, "tag")
    _, rows = table_rows(dst, "note")
    assert rows[4][4] is None and rows[3][4] == ""
    assert [r[:4] for r in rows] == [r[:4] for r in ROWS] + [(5, 202, dt.date(2021, 4, 3), "Null")]
