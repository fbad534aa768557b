"""The nightly pass's read of active observations, whole (``store.pass_reads``).

A first night reads every active observation of the store (244,000 at the seed's scale), a
backfill's nights a month of each user's. PostgreSQL returns a chunk as one row of arrays
(``store.bulk.array_rows``), as the sightings and topic members are read: a row object per
observation, each timestamp passed through the column's type, cost more in Python than the
server spent finding them. SQLite gets rows, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Connection, select, text

from memcurator.vocabulary import MemoryType, Status
from store.bulk import array_rows, in_values
from store.pass_changes import ACTIVE_OBSERVATION
from store.tables import Entry, as_utc


class ObservationRow(NamedTuple):
    """An active observation's columns, as the pass reads them."""

    id: str
    scope_key: str
    tool: str | None
    content: str
    created_at: datetime
    confidence: float
    sensitivity: str
    subject_key: str | None
    evidence: int
    last_confirmed_at: datetime | None
    subject_value: str | None
    source_kind: str


_COLUMNS = ObservationRow._fields
_AGGREGATES = ", ".join(f"array_agg({c})" for c in _COLUMNS)
_ACTIVE = "type = :observation AND status = :active AND created_at < :cutoff"
# A chunk of scopes' active observations, or a chunk of ids, as arrays (one row a chunk).
_BY_SCOPE = text(
    f"SELECT {_AGGREGATES} FROM entries WHERE tenant = :tenant AND {_ACTIVE} "
    "AND scope_key = ANY(CAST(:ids AS text[]))"
)
_BY_ID = text(
    f"SELECT {_AGGREGATES} FROM entries WHERE tenant = :tenant AND {_ACTIVE} "
    "AND id = ANY(CAST(:ids AS text[]))"
)


def observation_rows(
    conn: Connection,
    tenant: str,
    scopes: Sequence[str],
    cutoff: datetime,
    *,
    ids: Sequence[str] | None = None,
) -> list[ObservationRow]:
    """The active observations of ``scopes`` created before ``cutoff``, whole; with ``ids``,
    only those (read by key), in id order."""
    if conn.dialect.name == "postgresql":
        statement = _BY_SCOPE if ids is None else _BY_ID
        params = {"tenant": tenant, "observation": MemoryType.OBSERVATION.value,
                  "active": Status.ACTIVE.value, "cutoff": cutoff}  # fmt: skip
        wanted_values = scopes if ids is None else ids
        found = [_row(v) for v in array_rows(conn, statement, wanted_values, **params)]
    else:
        found = _sqlite_rows(conn, tenant, scopes, cutoff, ids)
    if ids is None:
        return found
    wanted = set(scopes)
    return sorted((r for r in found if r.scope_key in wanted), key=lambda r: r.id)


def _row(values: tuple[Any, ...]) -> ObservationRow:
    row = ObservationRow._make(values)
    confirmed = row.last_confirmed_at
    return row._replace(
        created_at=as_utc(row.created_at),
        last_confirmed_at=None if confirmed is None else as_utc(confirmed),
    )


def _sqlite_rows(
    conn: Connection, tenant: str, scopes: Sequence[str], cutoff: datetime,
    ids: Sequence[str] | None,
) -> list[ObservationRow]:  # fmt: skip
    columns = [getattr(Entry, c) for c in _COLUMNS]
    rows: list[ObservationRow] = []
    where = (Entry.tenant == tenant, *ACTIVE_OBSERVATION, Entry.created_at < cutoff)
    column, values = (Entry.scope_key, scopes) if ids is None else (Entry.id, ids)
    for value_in in in_values(column, values, conn):
        rows += [
            ObservationRow._make(r) for r in conn.execute(select(*columns).where(*where, value_in))
        ]
    return rows
