"""SQL (and CSV) columns besides the text: date shifts, the summary of columns left as read, --overwrite.

An OMOP-like ``note`` table whose every column but the concept id carries PHI: the
text, the person, the note's date and date-time, a title, a provider and a source
value. With ``--shift-date-field`` for the dates (moved by the patient's offset, the
one the text's date surrogates use, and still of their SQL types), the patient field
pseudonymised and the other PHI columns dropped or pseudonymised, no PHI string of
the source is left in any cell, in tag and surrogate modes. The run summary names the
columns written unchanged (names only, never values). An existing output table is
refused at the start unless ``--overwrite``.
"""

from __future__ import annotations

import csv
import datetime as dt
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from phisift.dates import parse_date

sa = pytest.importorskip("sqlalchemy")

COLUMNS = ["note_id", "person_id", "note_date", "note_datetime", "note_type_concept_id", "note_title",
           "note_text", "provider_name", "note_source_value"]
ROWS = [
    (1, 101, dt.date(2021, 3, 4), dt.datetime(2021, 3, 4, 10, 15), 44814637, "Consult for Margaret Whitfield",
     "Seen by Dr. John Smith on 03/04/2021. Patient Margaret Whitfield, phone 617-555-0199.", "John Smith",
     "MRN 00482913"),
    (2, 101, dt.date(2021, 3, 5), dt.datetime(2021, 3, 5, 8, 0), 44814637, "Follow-up Whitfield",
     "Margaret Whitfield doing well on 03/05/2021.", "John Smith", "MRN 00482913"),
    (3, 202, dt.date(2020, 11, 30), dt.datetime(2020, 11, 30, 16, 45), 44814638, "Visit Jane Doe",
     "Jane Doe seen at Mercy Hospital on 11/30/2020.", "Ann Lee", "MRN 7731904"),
]
PHI = ["John Smith", "03/04/2021", "03/05/2021", "11/30/2020", "Margaret", "Whitfield", "617-555-0199",
       "Jane Doe", "Mercy", "Ann Lee", "00482913", "7731904", "2021-03-04", "2021-03-05", "2020-11-30"]
FLAGS = ["--patient-field", "person_id", "--shift-date-field", "note_date", "--shift-date-field", "note_datetime",
         "--drop-field", "note_title", "--drop-field", "note_source_value", "--pseudonymise-field", "provider_name"]


def make_table(path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    meta = sa.MetaData()
    note = sa.Table("note", meta, sa.Column("note_id", sa.Integer, primary_key=True), sa.Column("person_id", sa.Integer),
                    sa.Column("note_date", sa.Date), sa.Column("note_datetime", sa.DateTime),
                    sa.Column("note_type_concept_id", sa.Integer), sa.Column("note_title", sa.String(80)),
                    sa.Column("note_text", sa.Text), sa.Column("provider_name", sa.Text),
                    sa.Column("note_source_value", sa.Text))
    meta.create_all(engine)
    with engine.begin() as conn:
        conn.execute(note.insert(), [dict(zip(COLUMNS, r)) for r in ROWS])
    engine.dispose()


def rows_of(path: Path, table: str = "note") -> tuple[list[str], list[tuple]]:
    engine = sa.create_engine(f"sqlite:///{path}")
    found = sa.Table(table, sa.MetaData(), autoload_with=engine)
    with engine.connect() as conn:
        rows = [tuple(r) for r in conn.execute(sa.select(found).order_by(found.c.note_id))]
    engine.dispose()
    return [c.name for c in found.columns], rows


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "phisift.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600)


def fixed_key(path: Path) -> Path:
    path.write_text("c0ffee42" * 8 + "\n")
    path.chmod(0o600)
    return path


def deid(tmp_path: Path, mode: str, *extra: str) -> subprocess.CompletedProcess:
    return run("deid", f"sqlite:///{tmp_path / 'in.db'}", f"sqlite:///{tmp_path / 'out.db'}", "--mode", mode,
               "--key-file", str(fixed_key(tmp_path / "k.key")), "--store", str(tmp_path / "s.db"),
               "--detectors", "rules,lexicon", *FLAGS, *extra, cwd=tmp_path)


@pytest.mark.parametrize("mode", ["tag", "surrogate"])
def test_no_phi_in_any_column_dates_shifted_types_kept(tmp_path, mode):
    make_table(tmp_path / "in.db")
    res = deid(tmp_path, mode)
    assert res.returncode == 0, res.stderr
    columns, rows = rows_of(tmp_path / "out.db")
    assert columns == [c for c in COLUMNS if c not in ("note_title", "note_source_value")]
    cells = "\n".join(str(v) for row in rows for v in row)
    assert [p for p in PHI if p in cells] == []
    with sqlite3.connect(tmp_path / "out.db") as db:
        schema = db.execute("SELECT sql FROM sqlite_master WHERE name = 'note'").fetchone()[0]
    assert "note_date DATE" in schema and "note_datetime DATETIME" in schema  # the column types stay
    by_id = {r[0]: dict(zip(columns, r)) for r in rows}
    assert all(isinstance(r["note_date"], dt.date) and isinstance(r["note_datetime"], dt.datetime)
               for r in by_id.values())
    shift = {i: by_id[i]["note_date"] - ROWS[i - 1][2] for i in by_id}
    assert shift[1] == shift[2] != dt.timedelta(0)  # one offset per patient
    assert by_id[1]["note_datetime"] - ROWS[0][3] == shift[1]  # the time of day stays
    assert by_id[1]["note_type_concept_id"] == 44814637  # not PHI: as it was
    assert by_id[1]["person_id"] == by_id[2]["person_id"] != by_id[3]["person_id"]
    assert by_id[1]["provider_name"] == by_id[2]["provider_name"] != "John Smith"
    if mode == "surrogate":  # the note's date moved by the same offset as the note_date column
        written = by_id[1]["note_text"].split(" on ")[1].split(".")[0]
        assert parse_date(written).value == by_id[1]["note_date"]
    # the summary names the columns left as they were, and no value
    assert "fields written unchanged" in res.stderr
    line = next(x for x in res.stderr.splitlines() if "fields written unchanged" in x)
    assert line.rstrip().endswith(": note_type_concept_id")  # the id column follows the id rule
    assert [p for p in PHI + ["44814637"] if p in res.stderr] == []


def test_an_existing_output_table_is_refused_at_the_start(tmp_path):
    make_table(tmp_path / "in.db")
    assert deid(tmp_path, "tag").returncode == 0
    before = rows_of(tmp_path / "out.db")
    res = deid(tmp_path, "surrogate")
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert "exists already" in res.stderr and "--overwrite" in res.stderr and "deid (local)" not in res.stderr
    assert rows_of(tmp_path / "out.db") == before
    res = deid(tmp_path, "surrogate", "--overwrite")
    assert res.returncode == 0, res.stderr
    assert rows_of(tmp_path / "out.db") != before
    with sqlite3.connect(tmp_path / "out.db") as db:  # no staging table left beside it
        assert [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == ["note"]


def test_csv_date_columns_shift_in_their_own_form(tmp_path):
    with open(tmp_path / "in.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "mrn", "visit", "visit_us", "stamp", "text"])
        w.writerow(["n1", "p1", "2021-03-04", "03/04/2021", "2021-03-04T10:15:00Z", "Seen on 03/04/2021 by Dr. Ann Lee."])
        w.writerow(["n2", "p1", "2021-03-05", "03/05/2021", "", "Called on 03/05/2021."])
    res = run("deid", str(tmp_path / "in.csv"), str(tmp_path / "out.csv"), "--mode", "surrogate", "--key-file",
              str(fixed_key(tmp_path / "k.key")), "--store", str(tmp_path / "s.db"), "--detectors", "rules,lexicon",
              "--text-field", "text", "--patient-field", "mrn", "--shift-date-field", "visit", "--shift-date-field",
              "visit_us", "--shift-date-field", "stamp", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    with open(tmp_path / "out.csv", newline="") as fh:
        out = list(csv.DictReader(fh))
    first = out[0]
    assert first["visit"] != "2021-03-04" and dt.date.fromisoformat(first["visit"])
    assert parse_date(first["visit_us"]).value == dt.date.fromisoformat(first["visit"])
    assert first["stamp"] == first["visit"] + "T10:15:00Z" and out[1]["stamp"] == ""
    assert parse_date(first["text"].split(" on ")[1].split(" by")[0]).value == dt.date.fromisoformat(first["visit"])
    assert (dt.date.fromisoformat(out[1]["visit"]) - dt.date.fromisoformat(first["visit"])).days == 1
    assert "fields written unchanged" not in res.stderr  # every column is handled


def test_an_id_that_holds_phi_is_not_written_back():
    """The id column follows the document's id: a pseudonym when the id held PHI of its note (as in CSV),
    an integer drawn from it in an integer column."""
    from phisift.document import Document
    from phisift.formats import sql

    meta = {"note_id": "Whitfield-0001", sql.META: {"table": "note", "text": "note_text", "id": "note_id"}}
    renamed = Document("doc-5f0c2a9e1b7d4c36", "x", (), meta)
    assert sql._value(renamed, "note_id", "note_text", "note_id") == "doc-5f0c2a9e1b7d4c36"
    kept = Document("Whitfield-0001", "x", (), meta)
    assert sql._value(kept, "note_id", "note_text", "note_id") == "Whitfield-0001"
    number = Document("doc-5f0c2a9e1b7d4c36", "x", (), {**meta, "note_id": 617})
    value = sql._value(number, "note_id", "note_text", "note_id")
    assert isinstance(value, int) and value != 617 and value < 2 ** 63
