"""Bulk statements, written once: many rows in, and "column is one of these values".

Both dialects get the same semantics; only the statement differs. PostgreSQL takes rows by
``COPY`` where the session may (row-level security refuses COPY FROM to the app role, which
gets multi-row INSERTs the policies check row by row) and a value list as one array
parameter (``= ANY(:array)``); SQLite gets chunked multi-row INSERTs and ``IN`` lists.

One chunk rule for both: at most ``CHUNK`` rows per INSERT, and at most ``CHUNK`` bound
values per value list (a list of ``width``-column tuples takes ``CHUNK // width`` of them),
which keeps every statement under SQLite's bound-parameter limit and every array small
enough to plan well.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from sqlalchemy import JSON, Connection, Table, any_, bindparam, insert, text
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.elements import ColumnElement

CHUNK = 1000


def chunks(values: Sequence[Any], *, width: int = 1) -> Iterator[Sequence[Any]]:
    """``values`` in slices of at most ``CHUNK`` bound values (``width`` per value)."""
    size = max(1, CHUNK // width)
    for start in range(0, len(values), size):
        yield values[start : start + size]


def pg_array(values: Sequence[Any]) -> str:
    """``values`` as a PostgreSQL array literal, for ``CAST(:param AS type[])``.

    psycopg dumps a list parameter element by element in Python, with a regular expression
    per element to quote and escape it: for the ingest's per-key probes (eight arrays of a
    few hundred keys per batch, each scope key quoted JSON) that was a fifth of the writer's
    time (issue 13). Every element is quoted here (``None`` is ``NULL``), which the server
    reads the same for text, timestamps (ISO 8601), booleans and integers. A moment repeated
    in the list (a batch's keys share their cutoff night) is formatted once.
    """
    moments: dict[datetime, str] = {}
    parts = []
    for value in values:
        if isinstance(value, datetime):
            if (part := moments.get(value)) is None:
                part = moments[value] = '"' + str(value) + '"'
            parts.append(part)
        else:
            parts.append(_array_element(value))
    return "{" + ",".join(parts) + "}"


def array_rows(
    conn: Connection, statement: Any, ids: Sequence[Any], **params: Any
) -> Iterator[tuple[Any, ...]]:
    """The rows of ``statement`` for ``ids``, fetched as arrays (PostgreSQL): the statement
    aggregates each column over one chunk of ``ids`` (its ``:ids`` parameter) into an array,
    so a chunk is one row to fetch; its elements are yielded as one tuple per row."""
    for chunk in chunks(ids):
        found = conn.execute(statement, {**params, "ids": pg_array(chunk)}).one()
        if found[0] is not None:  # nothing matched: every aggregate is NULL
            yield from zip(*found, strict=True)


def _array_element(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "t" if value else "f"
    text_value = str(value)
    if "\\" in text_value or '"' in text_value:
        text_value = text_value.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + text_value + '"'


def in_chunk(column: Any, values: Sequence[Any], conn: Connection) -> ColumnElement[bool]:
    """``column`` is one of ``values`` (one chunk: the caller keeps it under ``CHUNK``)."""
    if conn.dialect.name == "postgresql":
        # One array parameter instead of a thousand binds: cheaper to build and to plan.
        array = bindparam(None, list(values), type_=ARRAY(column.type))
        matches: ColumnElement[bool] = column == any_(array)
        return matches
    listed: ColumnElement[bool] = column.in_(list(values))
    return listed


def in_values(
    column: Any, values: Sequence[Any], conn: Connection
) -> Iterator[ColumnElement[bool]]:
    """One condition per chunk of ``values``: run the statement once per condition (none
    for no values, so an empty list never reaches the database)."""
    for chunk in chunks(values):
        yield in_chunk(column, chunk, conn)


def insert_rows(conn: Connection, table: Any, rows: Sequence[dict[str, Any]]) -> None:
    """Insert ``rows`` (dicts with the same keys) into ``table`` (a mapped class or a Table)
    inside the caller's transaction: COPY on PostgreSQL where allowed, else chunked INSERTs."""
    if not rows:
        return
    target: Table = getattr(table, "__table__", table)
    if conn.dialect.name == "postgresql" and not _row_security_active(conn, target.name):
        _copy(conn, target, rows)
        return
    for chunk in chunks(rows):
        conn.execute(insert(target), list(chunk))


def copy_rows(conn: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    """PostgreSQL only: ``insert_rows`` for a caller that already knows its dialect."""
    insert_rows(conn, table, rows)


def _copy(conn: Connection, table: Table, rows: Sequence[dict[str, Any]]) -> None:
    """PostgreSQL's COPY inside the caller's transaction: the fastest way in, same semantics.

    COPY bypasses SQLAlchemy's statement layer, so its errors are wrapped here as the
    ``DBAPIError`` every caller already handles.
    """
    columns = list(rows[0])
    json_columns = {c.name for c in table.columns if isinstance(c.type, JSON | JSONB)}
    statement = f"COPY {table.name} ({', '.join(columns)}) FROM STDIN"
    raw = conn.connection.driver_connection
    assert isinstance(raw, psycopg.Connection)
    try:
        with raw.cursor() as cursor, cursor.copy(statement) as copy:
            for row in rows:
                copy.write_row(
                    [
                        Jsonb(row[c]) if c in json_columns and row[c] is not None else row[c]
                        for c in columns
                    ]
                )
    except psycopg.Error as exc:
        raise DBAPIError.instance(
            statement,
            None,
            exc,
            psycopg.Error,
            connection_invalidated=raw.closed or raw.broken,
        ) from exc


def _row_security_active(conn: Connection, table: str) -> bool:
    # Whether the policies bind this session depends on its role only: asked once per
    # connection and table.
    cache = conn.info.setdefault("memcurator_row_security", {})
    if table not in cache:
        cache[table] = bool(conn.scalar(text("SELECT row_security_active(:t)"), {"t": table}))
    return bool(cache[table])
