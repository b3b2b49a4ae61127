"""SQL tables through SQLAlchemy (``pip install 'phisift[sql]'``): one document per row.

The "path" is a database URL in SQLAlchemy's form (``sqlite:///notes.db``,
``postgresql://user@host/db``; PostgreSQL through psycopg 3). The table defaults
to ``note``, the OMOP CDM note table, and so do the columns: the text is
``note_text`` (else ``text``) and the id ``note_id`` (else ``id``, else the row
number) unless named. ``schema.table`` names a table in a schema.

Reading streams the rows in batches (a server-side cursor where the database has
one), ordered by the primary key (else the id column) so that a run reads them in
the same order every time and can resume. Every column except the text goes to
meta with its Python value (the id column too, so it is written back with its
type), in the table's order. A document whose id was replaced by a pseudonym (it held
PHI of its note) gets the pseudonym in the id column, in an integer column as an integer
drawn from it.

Writing creates the output table with the input's columns in their order, their
types inferred from the values (integers, floats, decimals, text, booleans, dates,
times, bytes), fills a staging table one transaction per batch, and renames it to
the output name at the end, in one last transaction: the output table appears
whole or not at all. Its default name is the input table's (without its schema). An existing output table is an error unless
``if_exists="replace"``; staging tables of this output that a killed write left are dropped first. Errors name the database (password hidden) and never
quote a row's values.
"""

from __future__ import annotations

import datetime as dt
import decimal
import re
import secrets
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..document import Document
from ..errors import InputError, UsageError
from ..pseudonyms import id_value
from ._common import NULL_TEXT

NAME = "sql"
META = "_sql"
DEFAULT_TABLE = "note"
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_WRITE_BATCH = 1000


def is_url(value: Any) -> bool:
    """A database URL (``dialect[+driver]://...``), as opposed to a file path."""
    return isinstance(value, str) and bool(_URL.match(value)) and not value.lower().startswith("file://")


def _sa() -> Any:
    try:
        import sqlalchemy
    except ImportError:
        raise UsageError("SQL databases need SQLAlchemy: pip install 'phisift[sql]'") from None
    return sqlalchemy


def shown(url: str) -> str:
    """The URL as errors may print it: password hidden."""
    try:
        return _sa().engine.make_url(url).render_as_string(hide_password=True)
    except Exception:  # an unparsable URL: show its scheme only
        return url.split("://", 1)[0] + "://..."


def _engine(url: str) -> Any:
    sa = _sa()
    try:
        return sa.create_engine(url)
    except ImportError as exc:
        raise UsageError(f"the database driver is not installed ({exc.name}); pip install 'phisift[sql]'") from None
    except Exception as exc:  # ArgumentError, NoSuchModuleError: a malformed URL or unknown dialect
        raise UsageError(f"not a usable database URL ({type(exc).__name__})", shown(url)) from None


def _split_table(table: str) -> tuple[str | None, str]:
    schema, _, name = table.rpartition(".")
    if not name:
        raise UsageError(f"bad table name '{table}'")
    return schema or None, name


def _db_error(exc: Exception, url: str, what: str) -> InputError:
    """A database error as one line: its class and SQLSTATE, never its message (it can quote values)."""
    code = getattr(getattr(exc, "orig", None), "sqlstate", None) or getattr(exc, "code", None)
    return InputError(f"{what} failed ({type(exc).__name__}{f', code {code}' if code else ''})", shown(url))


# --------------------------------------------------------------------------- reading
def read(
    url: str,
    *,
    table: str = DEFAULT_TABLE,
    text_field: str | None = None,
    id_field: str | None = None,
    batch_size: int = 1000,
) -> Iterator[Document]:
    """Rows of a table as documents, streamed in batches in a stable order."""
    sa = _sa()
    engine = _engine(url)
    try:
        source = _reflect(engine, url, table)
        columns = [c.name for c in source.columns]
        text_col = _pick(columns, text_field, ("note_text", "text"), "text", url)
        id_col = _pick(columns, id_field, ("note_id", "id"), None, url)
        order = list(source.primary_key.columns) or ([source.c[id_col]] if id_col else [])
        query = sa.select(source).order_by(*order)
        try:
            with engine.connect() as conn:
                result = conn.execution_options(yield_per=batch_size).execute(query)
                for rownum, row in enumerate(result.mappings(), 1):
                    yield _document(dict(row), rownum, text_col, id_col, columns, table, url)
        except sa.exc.SQLAlchemyError as exc:
            raise _db_error(exc, url, f"reading table '{table}'") from None
    finally:
        engine.dispose()


def _reflect(engine: Any, url: str, table: str) -> Any:
    sa = _sa()
    schema, name = _split_table(table)
    try:
        return sa.Table(name, sa.MetaData(), schema=schema, autoload_with=engine)
    except sa.exc.NoSuchTableError:
        try:
            names = sa.inspect(engine).get_table_names(schema=schema)
        except sa.exc.SQLAlchemyError:
            names = []
        listed = ", ".join(sorted(names)[:30]) or "none"
        raise InputError(f"no table '{table}' in the database (its tables: {listed})", shown(url)) from None
    except sa.exc.SQLAlchemyError as exc:
        raise _db_error(exc, url, "connecting") from None


def _pick(columns: list[str], given: str | None, defaults: tuple[str, ...], what: str | None, url: str) -> str | None:
    if given:
        if given not in columns:
            raise InputError(f"no column '{given}'; columns are: {', '.join(columns)}", shown(url))
        return given
    found = next((d for d in defaults if d in columns), None)
    if found is None and what:
        raise InputError(f"no {what} column ({' or '.join(defaults)}); name it with --text-field. "
                         f"Columns are: {', '.join(columns)}", shown(url))
    return found


def _document(row: dict[str, Any], rownum: int, text_col: str, id_col: str | None, columns: list[str],
              table: str, url: str) -> Document:
    raw_id = row.get(id_col) if id_col else None
    doc_id = str(rownum) if raw_id is None or raw_id == "" else str(raw_id)
    text = row[text_col]
    null = text is None
    if null:
        text = ""
    elif isinstance(text, (bytes, memoryview)):
        raise InputError(f"row {rownum}: column '{text_col}' holds bytes, not text", shown(url), document=doc_id)
    elif not isinstance(text, str):
        text = str(text)
    meta = {k: row[k] for k in columns if k != text_col}
    at = columns.index(text_col)
    meta[META] = {"table": _split_table(table)[1], "text": text_col, "id": id_col, "at": at, "after": columns[:at]}
    if null:  # written back as NULL, not as an empty text
        meta[NULL_TEXT] = True
    return Document(doc_id, text, (), meta)


# --------------------------------------------------------------------------- writing
def write(
    docs: Iterable[Document],
    url: str,
    *,
    table: str | None = None,
    text_field: str | None = None,
    id_field: str | None = None,
    if_exists: str = "fail",
) -> int:
    """Write documents as rows of a new table (default: the input's table name), whole or not at all."""
    sa = _sa()
    if if_exists not in ("fail", "replace"):
        raise UsageError("if_exists must be 'fail' or 'replace'")
    _make_sqlite_folder(url)
    engine = _engine(url)
    staging = None
    try:
        docs = iter(docs)
        first = [doc for _, doc in zip(range(_WRITE_BATCH), docs)]
        layout = _Layout.of(first, table, text_field, id_field)
        schema, name = _split_table(layout.table)
        try:
            if if_exists == "fail" and sa.inspect(engine).has_table(name, schema=schema):
                raise InputError(f"table '{layout.table}' exists already (--overwrite replaces it)", shown(url))
            _drop_stale_staging(engine, name, schema)
            staging = layout.table_object(sa, f"{name}_phisift_{secrets.token_hex(4)}", schema)
            staging.create(engine)
            count = 0
            batch = first
            while batch:
                with engine.begin() as conn:
                    conn.execute(staging.insert(), [layout.row(doc) for doc in batch])
                count += len(batch)
                batch = [doc for _, doc in zip(range(_WRITE_BATCH), docs)]
            _rename(engine, staging, name, schema, if_exists == "replace")
            staging = None
            return count
        except sa.exc.SQLAlchemyError as exc:
            raise _db_error(exc, url, f"writing table '{layout.table}'") from None
    finally:
        if staging is not None:
            _drop_quietly(engine, staging)
        engine.dispose()


def _make_sqlite_folder(url: str) -> None:
    """An SQLite output file's folder is created as needed, like any output file's."""
    try:
        parsed = _sa().engine.make_url(url)
    except Exception:  # reported by _engine
        return
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)


def _rename(engine: Any, staging: Any, name: str, schema: str | None, replace: bool) -> None:
    sa = _sa()
    quote = engine.dialect.identifier_preparer
    target = sa.Table(name, sa.MetaData(), schema=schema)
    with engine.begin() as conn:
        if replace:
            target.drop(conn, checkfirst=True)
        conn.execute(sa.text(f"ALTER TABLE {quote.format_table(staging)} RENAME TO {quote.quote(name)}"))


def _drop_stale_staging(engine: Any, name: str, schema: str | None) -> None:
    """Staging tables of this output left by a killed write (a resumed run writes the table again)."""
    sa = _sa()
    stale = re.compile(rf"{re.escape(name)}_phisift_[0-9a-f]{{8}}")
    for found in sa.inspect(engine).get_table_names(schema=schema):
        if stale.fullmatch(found):
            sa.Table(found, sa.MetaData(), schema=schema).drop(engine, checkfirst=True)


def _drop_quietly(engine: Any, staging: Any) -> None:
    try:
        staging.drop(engine, checkfirst=True)
    except Exception:  # the write already failed; its own error is the one to report
        pass


class _Layout:
    """Output columns in order, with types inferred from the first batch of documents."""

    def __init__(self, table: str, columns: list[str], text_col: str, id_col: str, types: dict[str, Any]) -> None:
        self.table, self.columns, self.text_col, self.id_col, self.types = table, columns, text_col, id_col, types

    @classmethod
    def of(cls, docs: list[Document], table: str | None, text_field: str | None, id_field: str | None) -> "_Layout":
        info = next((d.meta[META] for d in docs if isinstance(d.meta.get(META), dict)), {})
        text_col = text_field or info.get("text") or "text"
        id_col = id_field or info.get("id") or "id"
        columns: list[str] = []
        for doc in docs:
            for key in doc.meta:
                if key != META and not key.startswith("_") and key not in columns and key != text_col:
                    columns.append(key)
        if id_col not in columns:
            columns.insert(0, id_col)
        columns.insert(_text_place(columns, info), text_col)
        types = {c: _column_type([_value(d, c, text_col, id_col) for d in docs]) for c in columns}
        types[text_col] = _sa().Text()
        return cls(table or info.get("table") or DEFAULT_TABLE, columns, text_col, id_col, types)

    def table_object(self, sa: Any, name: str, schema: str | None) -> Any:
        return sa.Table(name, sa.MetaData(), *(sa.Column(c, self.types[c]) for c in self.columns), schema=schema)

    def row(self, doc: Document) -> dict[str, Any]:
        """A document's row; in a text column, a later value of another type is written as text."""
        row = {c: _value(doc, c, self.text_col, self.id_col) for c in self.columns}
        for c, value in row.items():
            if value is not None and not isinstance(value, str) and isinstance(self.types[c], _sa().Text):
                row[c] = str(value)
        return row


def _text_place(columns: list[str], info: dict[str, Any]) -> int:
    """Where the text column goes: after the input's columns before it that are still written (a dropped
    field does not move it)."""
    before = info.get("after")
    if isinstance(before, list):
        kept = [columns.index(c) for c in before if c in columns]
        return max(kept) + 1 if kept else 0
    return min(info.get("at", 1), len(columns))


def _value(doc: Document, column: str, text_col: str, id_col: str) -> Any:
    if column == text_col:
        return None if doc.meta.get(NULL_TEXT) else doc.text
    if column == id_col:
        original = doc.meta.get(column)
        if original is None or str(original) == doc.id:
            return doc.id if column not in doc.meta else original
        return id_value(doc.id, original)
    value = doc.meta.get(column)
    return value if value is None or isinstance(value, _SCALARS) else str(value)


_SCALARS = (bool, int, float, decimal.Decimal, str, dt.datetime, dt.date, dt.time, bytes)


def _column_type(values: list[Any]) -> Any:
    """A generic SQLAlchemy type for a column's values (text when they disagree or are all empty)."""
    sa = _sa()
    kinds = {type(v) for v in values if v is not None}
    order = ((bool, sa.Boolean), (int, sa.BigInteger), (float, sa.Float), (decimal.Decimal, sa.Numeric),
             (dt.datetime, sa.DateTime), (dt.date, sa.Date), (dt.time, sa.Time), (bytes, sa.LargeBinary))
    if len(kinds) == 1:
        kind = kinds.pop()
        for py, col in order:
            if kind is py:
                return col()
    if kinds and kinds <= {int, float}:
        return sa.Float()
    return sa.Text()


def output_table(table: str | None, input_table: str | None) -> str:
    """The table a write makes: the one named, else the input table's name (without its schema), else ``note``."""
    return table or _split_table(input_table or DEFAULT_TABLE)[1]


def table_exists(url: str, table: str) -> bool:
    """Whether the database holds the table already (a run refuses it unless it may overwrite)."""
    sa = _sa()
    engine = _engine(url)
    schema, name = _split_table(table)
    try:
        return bool(sa.inspect(engine).has_table(name, schema=schema))
    except sa.exc.SQLAlchemyError as exc:
        raise _db_error(exc, url, "connecting") from None
    finally:
        engine.dispose()


def fingerprint(url: str, table: str = DEFAULT_TABLE) -> dict[str, Any]:
    """What a resumed run compares to know the input is the one it started on: the database (password
    hidden), the table, its columns and its number of rows."""
    sa = _sa()
    engine = _engine(url)
    try:
        source = _reflect(engine, url, table)
        with engine.connect() as conn:
            rows = conn.execute(sa.select(sa.func.count()).select_from(source)).scalar_one()
    except sa.exc.SQLAlchemyError as exc:
        raise _db_error(exc, url, f"reading table '{table}'") from None
    finally:
        engine.dispose()
    return {"database": shown(url), "table": table, "columns": [c.name for c in source.columns], "rows": rows}
