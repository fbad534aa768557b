"""Bulk writes: apply the gate's decisions to the store inside the caller's transaction.

The caller owns the transaction (one per batch): either every decision of the batch lands,
with its entry, its log events and its intake record, or none does.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from datetime import datetime
from operator import attrgetter
from typing import Any

from sqlalchemy import Connection, select, text

from memcurator.decisions import Decision, LogEvent, NewEntry
from memcurator.ids import fingerprint
from memcurator.vocabulary import Action, Outcome, Rule
from store.bulk import chunks, copy_rows, in_chunk, insert_rows, pg_array
from store.rows import entry_row, scope_key
from store.tables import Intake, WriteLog

# Kept importable from here for the benchmarks that build rows themselves.
__all__ = [
    "already_judged",
    "apply_decisions",
    "copy_rows",
    "digest",
    "entry_row",
    "fresh_decisions",
    "reject_reused_id",
    "scope_key",
]


def already_judged(conn: Connection, tenant: str, keys: Sequence[str]) -> dict[str, str | None]:
    """The intake keys among ``keys`` that an earlier run already judged for ``tenant``,
    each with the digest of what was judged under it."""
    seen: dict[str, str | None] = {}
    for chunk in chunks(keys):
        if conn.dialect.name == "postgresql":
            query: Any = _LEDGER_PROBE.bindparams(tenant=tenant, keys=pg_array(chunk))
        else:
            query = select(Intake.key, Intake.digest).where(
                Intake.tenant == tenant, in_chunk(Intake.key, chunk, conn)
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
    # The JSON of ``dataclasses.asdict(entry)``, byte for byte (tests/unit/test_digest.py),
    # without its deep copy of every field, which cost six times the rest (issue 13): no
    # field of an entry holds a dataclass, and the JSON encoder copies nothing.
    values = dict(zip(_ENTRY_FIELDS, _entry_values(decision.entry), strict=True))
    canonical = json.dumps(values, sort_keys=True, default=str)
    return fingerprint(canonical.encode())


_ENTRY_FIELDS = tuple(f.name for f in dataclasses.fields(NewEntry))
_entry_values = attrgetter(*_ENTRY_FIELDS)


Digests = dict[tuple[str, str], str | None]  # (tenant, intake key) -> digest


def fresh_decisions(
    conn: Connection, tenant: str, decisions: Sequence[Decision], digests: Digests | None = None
) -> list[Decision]:
    """The decisions of one tenant not judged before, first occurrence winning inside the
    batch. An id judged before for other content is rejected (rule ``id``), with a log row.
    ``digests`` (if given) receives each fresh decision's digest, for ``apply_decisions``."""
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
    if digests is not None:
        digests.update(((tenant, d.intake_key), seen[d.intake_key]) for d in fresh)
    return fresh


def reject_reused_id(decision: Decision, mine: str) -> Decision:
    """An id this tenant already used for a different candidate: refused, and said so."""
    event = LogEvent(
        Action.REJECTED,
        Rule.ID,
        f"id {decision.intake_key} was already used in this tenant for a different "
        "candidate; ids are unique per tenant: send the new one under a new id",
        related_ids=(decision.intake_key,),
    )
    key = "rej_" + fingerprint(f"{decision.intake_key}\x1f{mine}".encode())
    return dataclasses.replace(
        decision,
        intake_key=key,
        outcome=Outcome.REJECTED,
        rule=Rule.ID,
        entry=None,
        events=(event,),
    )


def apply_decisions(
    conn: Connection,
    decisions: Sequence[Decision],
    *,
    now: datetime,
    flow_run_id: str | None = None,
    digests: Digests | None = None,
) -> None:
    """Insert the log events and intake records of ``decisions`` in bulk (the entries
    themselves are written by ``store.timelines`` once their placement is decided).
    ``digests``: those ``fresh_decisions`` computed already (the rest are computed here)."""
    known = digests or {}
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
            "digest": known[key] if (key := (d.tenant, d.intake_key)) in known else digest(d),
            "outcome": d.outcome,
            "rule": d.rule,
            "memory_id": d.entry.id if d.entry else None,
            "received_at": now,
        }
        for d in decisions
    ]
    insert_rows(conn, Intake, intake)
    insert_rows(conn, WriteLog, events)
