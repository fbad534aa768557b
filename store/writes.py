"""Bulk writes: apply the gate's decisions to the store inside the caller's transaction.

The caller owns the transaction (one per batch): either every decision of the batch lands,
with its entry, its log events and its intake record, or none does.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from sqlalchemy import JSON, Connection, String, any_, bindparam, insert, select
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.exc import DBAPIError

from memcurator.decisions import Decision, NewEntry
from memcurator.schema import canonical_scope_key
from store.tables import Intake, WriteLog

_CHUNK = 1000


def scope_key(scope: dict[str, str]) -> str:
    """The canonical text form of a scope (levels in SPEC order), compared for equality;
    the schema bounds its length, so the store never refuses one the gate accepted."""
    return canonical_scope_key(scope)


def already_judged(conn: Connection, keys: Sequence[str]) -> set[str]:
    """The intake keys among ``keys`` that an earlier run already judged."""
    seen: set[str] = set()
    for start in range(0, len(keys), _CHUNK):
        chunk = list(keys[start : start + _CHUNK])
        if conn.dialect.name == "postgresql":
            # One array parameter instead of a thousand binds: cheaper to build and to plan.
            matches = Intake.key == any_(bindparam("keys", chunk, type_=ARRAY(String(128))))
        else:
            matches = Intake.key.in_(chunk)
        seen.update(conn.scalars(select(Intake.key).where(matches)))
    return seen


def fresh_decisions(conn: Connection, decisions: Sequence[Decision]) -> list[Decision]:
    """The decisions not judged before, first occurrence winning inside the batch."""
    seen = already_judged(conn, [d.intake_key for d in decisions])
    fresh = []
    for decision in decisions:
        if decision.intake_key not in seen:
            seen.add(decision.intake_key)
            fresh.append(decision)
    return fresh


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
        }
        for d in decisions
        for e in d.events
    ]
    intake = [
        {
            "key": d.intake_key,
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


def entry_row(entry: NewEntry, now: datetime) -> dict[str, Any]:
    """The ``entries`` row for a newly accepted entry."""
    return {
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
