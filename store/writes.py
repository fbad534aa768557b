"""Bulk writes: apply the gate's decisions to the store inside the caller's transaction.

The caller owns the transaction (one per batch): either every decision of the batch lands,
with its entry, its log events and its intake record, or none does.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, select

from memcurator.decisions import Decision, NewEntry
from store.tables import Entry, Intake, WriteLog

_CHUNK = 1000


def scope_key(scope: dict[str, str]) -> str:
    """The canonical text form of a scope (levels in SPEC order), compared for equality."""
    return json.dumps(scope, separators=(",", ":"), ensure_ascii=False)


def already_judged(conn: Connection, keys: Sequence[str]) -> set[str]:
    """The intake keys among ``keys`` that an earlier run already judged."""
    seen: set[str] = set()
    for start in range(0, len(keys), _CHUNK):
        chunk = keys[start : start + _CHUNK]
        seen.update(conn.scalars(select(Intake.key).where(Intake.key.in_(chunk))))
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
    """Insert the entries, log events and intake records of ``decisions`` in bulk."""
    entries = [entry_row(d.entry, now) for d in decisions if d.entry is not None]
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
    for table, rows in ((Intake, intake), (Entry, entries), (WriteLog, events)):
        for start in range(0, len(rows), _CHUNK):
            conn.execute(insert(table), rows[start : start + _CHUNK])


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
