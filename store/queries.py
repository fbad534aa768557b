"""Read queries: stored entries and the write log, as plain dicts in SPEC's output shape."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, Select, and_, or_, select
from sqlalchemy.sql.elements import ColumnElement

from memcurator.tenancy import NO_TENANT, tenant_of
from memcurator.vocabulary import Status
from store.engine import for_tenants
from store.rows import entry_document, iso
from store.tables import Entry, EntrySource, WriteLog

ENTRY_STATUSES: tuple[str, ...] = tuple(Status)
# ``entry_document`` and ``iso`` live with the row mapping; read callers import them here.
__all__ = [
    "ENTRY_STATUSES",
    "entries_query",
    "entry_document",
    "entry_in_scope",
    "iso",
    "iter_entries",
    "iter_log",
    "log_document",
    "log_in_scope",
    "submitted_in_scope",
]


def entries_query(scope: Mapping[str, str], status: str = Status.ACTIVE) -> Select[tuple[Entry]]:
    """Entries whose scope includes every given level (``status='all'`` for every status)."""
    query = select(Entry).order_by(Entry.id, Entry.tenant).where(*entry_in_scope(scope))
    if status != "all":
        query = query.where(Entry.status == status)
    return query


def entry_in_scope(scope: Mapping[str, str]) -> list[ColumnElement[bool]]:
    """Entries whose scope matches every given level (other levels may be anything)."""
    return [getattr(Entry, level) == value for level, value in scope.items()]


def submitted_in_scope(scope: Mapping[str, str]) -> list[ColumnElement[bool]]:
    """Log rows whose payload names a scope matching every given level: rejected candidates
    (their submitted scope) and erasure requests."""
    return [
        WriteLog.payload[("scope", level)].as_string() == value for level, value in scope.items()
    ]


def log_in_scope(scope: Mapping[str, str]) -> ColumnElement[bool]:
    """Log rows about an entry of the scope, or about a candidate merged into one, or whose
    payload names the scope (rejections, erasures). Ids are unique per tenant, so a row is
    about an entry only when both carry the same tenant."""
    about = (
        select(Entry.id)
        .where(Entry.tenant == WriteLog.tenant, Entry.id == WriteLog.memory_id)
        .where(*entry_in_scope(scope))
        .exists()
    )
    merged = (
        select(EntrySource.memory_id)
        .join(Entry, and_(Entry.tenant == EntrySource.tenant, Entry.id == EntrySource.entry_id))
        .where(EntrySource.tenant == WriteLog.tenant, EntrySource.memory_id == WriteLog.memory_id)
        .where(*entry_in_scope(scope))
        .exists()
    )
    submitted = and_(WriteLog.memory_id.is_(None), *submitted_in_scope(scope))
    return or_(about, merged, submitted)


def iter_entries(
    engine: Engine, scope: Mapping[str, str] | None = None, status: str = Status.ACTIVE
) -> Iterator[dict[str, Any]]:
    """Stream stored entries in id order without loading them all. Under row-level security
    (PostgreSQL, the app role) only the rows of the scope's tenant, its top level, are seen."""
    from sqlalchemy.orm import Session

    if scope:
        engine = for_tenants(engine, [tenant_of(scope)])
    with Session(engine) as session:
        result = session.scalars(
            entries_query(scope or {}, status).execution_options(yield_per=1000)
        )
        for entry in result:
            yield entry_document(entry)


def log_document(row: WriteLog) -> dict[str, Any]:
    return {
        "seq": row.seq,
        "at": iso(row.at),
        "action": row.action,
        "rule": row.rule,
        "memory_id": row.memory_id,
        "candidate_key": row.candidate_key,
        "related_ids": row.related_ids or [],
        "reason": row.reason,
        "flow_run_id": row.flow_run_id,
        "payload": row.payload,
    }


def iter_log(
    engine: Engine,
    *,
    memory_id: str | None = None,
    rule: str | None = None,
    action: str | None = None,
    since: datetime | None = None,
    scope: Mapping[str, str] | None = None,
) -> Iterator[dict[str, Any]]:
    """Stream the write log in the order it was written, filtered. A scope selects its
    tenant's rows about it, and (for the owner: row-level security shows them to no one
    else) the rows that named no valid tenant but whose submitted payload names the scope."""
    from sqlalchemy.orm import Session

    query = select(WriteLog).order_by(WriteLog.seq)
    if scope:
        engine = for_tenants(engine, [tenant_of(scope)])
        query = query.where(WriteLog.tenant.in_([tenant_of(scope), NO_TENANT]))
    if memory_id:
        query = query.where(WriteLog.memory_id == memory_id)
    if rule:
        query = query.where(WriteLog.rule == rule)
    if action:
        query = query.where(WriteLog.action == action)
    if since:
        query = query.where(WriteLog.at >= since)
    if scope:
        query = query.where(log_in_scope(scope))
    with Session(engine) as session:
        for row in session.scalars(query.execution_options(yield_per=1000)):
            yield log_document(row)
