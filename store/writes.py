"""Bulk writes: apply the gate's decisions to the store inside the caller's transaction.

The caller owns the transaction (one per batch): either every decision of the batch lands,
with its entry, its log events and its intake record, or none does.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from sqlalchemy import JSON, Connection, insert, select, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.exc import DBAPIError

from memcurator.decisions import Decision, LogEvent, NewEntry
from memcurator.ids import fingerprint
from memcurator.schema import canonical_scope_key
from memcurator.tenancy import tenant_of
from store.tables import Intake, WriteLog

_CHUNK = 1000


def scope_key(scope: dict[str, str]) -> str:
    """The canonical text form of a scope (levels in SPEC order), compared for equality;
    the schema bounds its length, so the store never refuses one the gate accepted."""
    return canonical_scope_key(scope)


def already_judged(conn: Connection, tenant: str, keys: Sequence[str]) -> dict[str, str | None]:
    """The intake keys among ``keys`` that an earlier run already judged for ``tenant``,
    each with the digest of what was judged under it."""
    seen: dict[str, str | None] = {}
    for start in range(0, len(keys), _CHUNK):
        chunk = list(keys[start : start + _CHUNK])
        if conn.dialect.name == "postgresql":
            query: Any = _LEDGER_PROBE.bindparams(tenant=tenant, keys=chunk)
        else:
            query = select(Intake.key, Intake.digest).where(
                Intake.tenant == tenant, Intake.key.in_(chunk)
            )
        seen.update((key, digest) for key, digest in conn.execute(query))
    return seen


# One primary-key probe per key (LATERAL), one array parameter. ``key = ANY(:keys)`` let
# the planner read every ledger row of the tenant and test each against the whole array:
# without statistics (a bulk load outruns autovacuum) it guessed a tenant holds ten rows, and
# the generic plan PostgreSQL settles on once psycopg prepares the statement cannot hash the
# array, so each batch cost ledger size x batch size (issue 13).
_LEDGER_PROBE = text(
    "SELECT w.k, i.digest FROM unnest(CAST(:keys AS text[])) AS w(k) CROSS JOIN LATERAL "
    "(SELECT intake.digest FROM intake WHERE intake.tenant = :tenant AND intake.key = w.k "
    "OFFSET 0) AS i"
)


def digest(decision: Decision) -> str | None:
    """What was accepted under an id, in short: the same id sent again with other content is
    another candidate, not a re-submission (a rejection's key is already its content's)."""
    if decision.entry is None:
        return None
    canonical = json.dumps(dataclasses.asdict(decision.entry), sort_keys=True, default=str)
    return fingerprint(canonical.encode())


def fresh_decisions(conn: Connection, tenant: str, decisions: Sequence[Decision]) -> list[Decision]:
    """The decisions of one tenant not judged before, first occurrence winning inside the
    batch. An id judged before for other content is rejected (rule ``id``), with a log row."""
    seen = already_judged(conn, tenant, [d.intake_key for d in decisions])
    fresh = []
    for decision in decisions:
        mine = digest(decision)
        if decision.intake_key not in seen:
            seen[decision.intake_key] = mine
            fresh.append(decision)
        elif mine is not None and seen[decision.intake_key] not in (None, mine):
            reuse = reject_reused_id(decision, mine)
            if reuse.intake_key not in already_judged(conn, tenant, [reuse.intake_key]):
                seen[reuse.intake_key] = None
                fresh.append(reuse)
    return fresh


def reject_reused_id(decision: Decision, mine: str) -> Decision:
    """An id this tenant already used for a different candidate: refused, and said so."""
    event = LogEvent(
        "rejected",
        "id",
        f"id {decision.intake_key} was already used in this tenant for a different "
        "candidate; ids are unique per tenant: send the new one under a new id",
        related_ids=(decision.intake_key,),
    )
    key = "rej_" + fingerprint(f"{decision.intake_key}\x1f{mine}".encode())
    return dataclasses.replace(
        decision, intake_key=key, outcome="rejected", rule="id", entry=None, events=(event,)
    )


def apply_decisions(
    conn: Connection,
    decisions: Sequence[Decision],
    *,
    now: datetime,
    flow_run_id: str | None = None,
) -> None:
    """Insert the log events and intake records of ``decisions`` in bulk (the entries
    themselves are written by ``store.timelines`` once their placement is decided)."""
    events = [
        {
            "at": now,
            "action": e.action,
            "rule": e.rule,
            "memory_id": e.memory_id,
            "candidate_key": d.intake_key,
            "related_ids": list(e.related_ids) or None,
            "reason": e.reason,
            "flow_run_id": flow_run_id,
            "payload": e.payload,
            "tenant": d.tenant,
        }
        for d in decisions
        for e in d.events
    ]
    intake = [
        {
            "tenant": d.tenant,
            "key": d.intake_key,
            "digest": digest(d),
            "outcome": d.outcome,
            "rule": d.rule,
            "memory_id": d.entry.id if d.entry else None,
            "received_at": now,
        }
        for d in decisions
    ]
    for table, rows in ((Intake, intake), (WriteLog, events)):
        if not rows:
            continue
        if conn.dialect.name == "postgresql":
            copy_rows(conn, table.__table__, rows)
        else:
            for start in range(0, len(rows), _CHUNK):
                conn.execute(insert(table), rows[start : start + _CHUNK])


def copy_rows(conn: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    """PostgreSQL's COPY inside the caller's transaction: the fastest way in, same semantics.

    COPY bypasses SQLAlchemy's statement layer, so its errors are wrapped here as the
    ``DBAPIError`` every caller already handles. PostgreSQL refuses COPY FROM to a table
    whose row-level security binds the session (the app role): that role gets multi-row
    INSERTs, which the policies check row by row.
    """
    if _row_security_active(conn, table.name):
        for start in range(0, len(rows), _CHUNK):
            conn.execute(insert(table), rows[start : start + _CHUNK])
        return
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


def entry_row(entry: NewEntry, now: datetime) -> dict[str, Any]:
    """The ``entries`` row for a newly accepted entry."""
    return {
        "tenant": tenant_of(entry.scope),
        "id": entry.id,
        "type": entry.type,
        "scope_key": scope_key(entry.scope),
        "org_id": entry.scope.get("org_id"),
        "team_id": entry.scope.get("team_id"),
        "project_id": entry.scope.get("project_id"),
        "user_id": entry.scope.get("user_id"),
        "agent_id": entry.scope.get("agent_id"),
        "content": entry.content,
        "source_kind": entry.source_kind,
        "source_ref": entry.source_ref,
        "source_session_id": entry.source_session_id,
        "confidence": entry.confidence,
        "created_at": entry.created_at,
        "valid_from": entry.valid_from,
        "valid_since": entry.valid_from,
        "valid_to": None,
        "supersedes": entry.supersedes,
        "superseded_by": None,
        "sensitivity": entry.sensitivity,
        "subject_key": entry.subject_key,
        "subject_entity": entry.subject_entity,
        "subject_attribute": entry.subject_attribute,
        "subject_value": entry.subject_value,
        "task_id": entry.task_id,
        "links": list(entry.links) if entry.links is not None else None,
        "tool": entry.tool,
        "symptom": entry.symptom,
        "status": "active",
        "evidence": 1,
        "last_confirmed_at": entry.created_at,
        "updated_at": now,
    }
