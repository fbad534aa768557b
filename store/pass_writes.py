"""The nightly pass's writes: apply one partition's plan, with a write-log row per action.

Every value written derives from the plan and the pass's cutoff (``updated_at`` is the
cutoff, not the wall clock), so a rerun writes byte-identical rows. Nothing is decided here:
even where a promotion lands is the plan's (``memcurator.promotion``). One method per step of
``memcurator.steps.STEPS``, each taking that step's part of the plan.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, bindparam, column, insert, select, update, values
from sqlalchemy.dialects.postgresql import JSONB

from memcurator.consolidation import Expiry, Placement, Policy, Promotion, TopicUpdate
from memcurator.decisions import NewEntry
from memcurator.keys import topic_key
from memcurator.vocabulary import Action, MemoryType, Rule, SourceKind, Status
from store.bulk import chunks, in_values, insert_rows
from store.rows import entry_row, iso
from store.tables import ConsolidationRun, Entry, TopicMember, WriteLog


class PassWriter:
    """Applies a partition's plan; every action gets its write-log row."""

    def __init__(
        self,
        conn: Connection,
        *,
        cutoff: datetime,
        now: datetime,
        flow_run_id: str | None,
        run_date: str,
        tenant: str,
        policy: Policy,
    ) -> None:
        self.conn, self.cutoff, self.now, self.tenant = conn, cutoff, now, tenant
        self.policy = policy
        self.flow_run_id, self.run_date = flow_run_id, run_date
        self.events: list[dict[str, Any]] = []
        self.actions: dict[str, int] = {}

    def log(
        self,
        action: str,
        rule: str,
        memory_id: str,
        related: Sequence[str],
        reason: str,
        payload: dict[str, Any] | None = None,
    ) -> None:
        self.actions[f"{action}/{rule}"] = self.actions.get(f"{action}/{rule}", 0) + 1
        self.events.append(
            {
                "at": self.now,
                "action": action,
                "rule": rule,
                "memory_id": memory_id,
                "candidate_key": f"nightly:{self.run_date}:{memory_id}",
                "related_ids": list(related) or None,
                "reason": reason,
                "flow_run_id": self.flow_run_id,
                "payload": payload,
                "tenant": self.tenant,
            }
        )

    def flush(self) -> None:
        if self.events:
            insert_rows(self.conn, WriteLog, self.events)
            self.events = []

    def promote(self, promotions: Sequence[Promotion]) -> None:
        if not promotions:
            return
        rows = _entry_rows(self.conn, self.tenant, [p.observation_id for p in promotions])
        for p in promotions:
            placement = p.placement or Placement("insert", p.fact_id)
            if placement.action == "merge":
                self.conn.execute(
                    update(Entry)
                    .where(Entry.tenant == self.tenant, Entry.id == placement.fact_id)
                    .values(evidence=Entry.evidence + p.evidence, updated_at=self.cutoff)
                )
            else:
                self._insert_fact(p, rows[p.observation_id], placement)
            self._supersede(p.observation_id, p.qualified_at, placement.fact_id, active_only=True)
            self.log(
                Action.PROMOTED,
                Rule.PROMOTION,
                p.observation_id,
                [placement.fact_id],
                f"seen in {len(p.sessions)} distinct sessions ({', '.join(p.sessions)}) by "
                f"{iso(p.qualified_at)}: promoted to fact {placement.fact_id}",
                {
                    "sessions": list(p.sessions),
                    "qualified_at": iso(p.qualified_at),
                    "fact_id": placement.fact_id,
                    "evidence": p.evidence,
                },
            )
        self.flush()

    def _supersede(
        self, entry_id: str, valid_to: datetime | None, by: str, *, active_only: bool = False
    ) -> None:
        """Close one entry as superseded by ``by`` from ``valid_to`` (rule 5: never deleted)."""
        where = [Entry.tenant == self.tenant, Entry.id == entry_id]
        if active_only:
            where.append(Entry.status == Status.ACTIVE)
        self.conn.execute(
            update(Entry)
            .where(*where)
            .values(
                status=Status.SUPERSEDED, valid_to=valid_to, superseded_by=by,
                updated_at=self.cutoff,
            )
        )  # fmt: skip

    def _insert_fact(self, p: Promotion, obs: dict[str, Any], placement: Placement) -> None:
        """The promoted fact; under ``supersede`` the fact it replaces is closed first (one
        active fact per key), under ``stale`` the new one is born superseded (rule 5)."""
        stale = placement.action == "stale"
        if placement.action == "supersede":
            self._supersede(str(placement.other), placement.valid_to, p.fact_id)
            self.log(
                Action.SUPERSEDED, Rule.PROMOTION, str(placement.other), [p.fact_id],
                f"superseded by fact {p.fact_id}, promoted from observation "
                f"{p.observation_id}: {placement.reason}",
            )  # fmt: skip
        fact = {
            **obs,
            "id": p.fact_id,
            "type": MemoryType.FACT,
            "confidence": p.confidence,
            "valid_from": p.qualified_at,
            "valid_since": p.qualified_at,
            "valid_to": placement.valid_to if stale else None,
            "supersedes": p.observation_id,
            "superseded_by": placement.other if stale else None,
            "status": Status.SUPERSEDED if stale else Status.ACTIVE,
            "evidence": p.evidence,
            "last_confirmed_at": p.qualified_at,
            "updated_at": self.cutoff,
        }
        self.conn.execute(insert(Entry), [fact])
        self.log(
            Action.INSERTED,
            Rule.PROMOTION,
            p.fact_id,
            [p.observation_id],
            f"fact promoted from observation {p.observation_id}",
        )
        if stale:
            self.log(
                Action.SUPERSEDED, Rule.PROMOTION, p.fact_id, [str(placement.other)],
                f"superseded at once by the newer fact {placement.other}: {placement.reason}",
            )  # fmt: skip

    def expire(self, expiries: Sequence[Expiry]) -> None:
        if not expiries:
            return
        # Each observation expires at its own moment (last seen + expire_after, the plan's).
        # PostgreSQL: one set-based UPDATE ... FROM (VALUES ...) per chunk; SQLite names no
        # columns of a VALUES list, so it gets the statement once per row (executemany).
        closed = {"status": Status.EXPIRED, "updated_at": self.cutoff}
        mine = (Entry.tenant == self.tenant, Entry.status == Status.ACTIVE)
        if self.conn.dialect.name != "postgresql":
            self.conn.execute(
                update(Entry)
                .where(*mine, Entry.id == bindparam("oid"))
                .values(valid_to=bindparam("at"), **closed),
                [{"oid": e.observation_id, "at": e.expired_at} for e in expiries],
            )
            expiries_by_values: Sequence[Sequence[Expiry]] = ()
        else:
            expiries_by_values = list(chunks(expiries, width=2))
        for chunk in expiries_by_values:
            due = values(
                column("oid", Entry.id.type), column("at", Entry.valid_to.type), name="due"
            ).data([(e.observation_id, e.expired_at) for e in chunk])
            expire = update(Entry).where(*mine, Entry.id == due.c.oid)
            self.conn.execute(expire.values(valid_to=due.c.at, **closed))
        days = self.policy.expire_after / timedelta(days=1)
        for e in expiries:
            self.log(
                Action.EXPIRED,
                Rule.EXPIRY,
                e.observation_id,
                [],
                f"observation last seen {iso(e.last_seen)} and not promoted: expired "
                f"{days:g} days later, at {iso(e.expired_at)}",
            )
        self.flush()

    def batch(self, topics: Sequence[TopicUpdate]) -> None:
        members = []
        grown = [t for t in topics if not t.is_new]
        if self.conn.dialect.name == "postgresql":
            self._grow_all(grown)
        else:
            for t in grown:
                self.conn.execute(
                    update(Entry)
                    .where(Entry.tenant == self.tenant, Entry.id == t.topic_id)
                    .values(
                        content=t.content,
                        evidence=len(t.members),
                        links=list(t.members),
                        confidence=t.confidence,
                        sensitivity=t.sensitivity,
                        last_confirmed_at=t.last_seen,
                        updated_at=self.cutoff,
                    )
                )
        for t in topics:
            if t.is_new:
                self.conn.execute(insert(Entry), [self._topic_row(t)])
            joined = set(t.new_members)
            members += [
                {
                    "tenant": self.tenant,
                    "observation_id": m,
                    "topic_id": t.topic_id,
                    "joined_on": self.run_date,
                    "last_seen": t.last_seen,
                }
                for m in t.members
                if m in joined
            ]
            verb = "new topic" if t.is_new else "topic grew"
            self.log(
                Action.CONSOLIDATED,
                Rule.CONSOLIDATION,
                t.topic_id,
                list(t.new_members),
                f"{verb}: {len(t.new_members)} observations linked, {len(t.members)} in all",
            )
        if members:
            insert_rows(self.conn, TopicMember, members)
        self.flush()

    def _grow_all(self, grown: Sequence[TopicUpdate]) -> None:
        """The grown topics on PostgreSQL: one ``UPDATE ... FROM (VALUES ...)`` per chunk, each
        topic's new members appended to its links in the statement (``||``), so a year-old
        topic's ids are not sent back each night, nor a statement sent per topic."""
        for chunk in chunks(grown, width=7):
            rows = values(
                column("tid", Entry.id.type), column("content", Entry.content.type),
                column("evidence", Entry.evidence.type), column("joined", JSONB),
                column("confidence", Entry.confidence.type),
                column("sensitivity", Entry.sensitivity.type),
                column("last_seen", Entry.last_confirmed_at.type), name="grown",
            ).data([
                (t.topic_id, t.content, len(t.members), list(t.new_members), t.confidence,
                 t.sensitivity, t.last_seen)
                for t in chunk
            ])  # fmt: skip
            self.conn.execute(
                update(Entry)
                .where(Entry.tenant == self.tenant, Entry.id == rows.c.tid)
                .values(
                    content=rows.c.content,
                    evidence=rows.c.evidence,
                    links=Entry.links.op("||")(rows.c.joined),
                    confidence=rows.c.confidence,
                    sensitivity=rows.c.sensitivity,
                    last_confirmed_at=rows.c.last_seen,
                    updated_at=self.cutoff,
                )
            )

    def _topic_row(self, t: TopicUpdate) -> dict[str, Any]:
        """A new topic: a summary entry of the pass itself, named after its first member."""
        topic = NewEntry(
            id=t.topic_id,
            type=MemoryType.SUMMARY,
            scope=json.loads(t.scope_key),
            content=t.content,
            source_kind=SourceKind.SYSTEM,
            source_ref=f"consolidation:{self.run_date}",
            source_session_id=f"nightly-{self.run_date}",
            confidence=t.confidence,
            created_at=t.created_at,
            valid_from=t.created_at,
            sensitivity=t.sensitivity,
            subject_key=topic_key(t.tool_key, t.members[0]),
            links=t.members,
            tool=t.tool,
        )
        row = entry_row(topic, self.cutoff, evidence=len(t.members), last_confirmed_at=t.last_seen)
        # The partition's tenant and the scope as its members store it, as every row it writes.
        row.update(tenant=self.tenant, scope_key=t.scope_key)
        return row


def record_run(
    conn: Connection,
    *,
    run_date: str,
    partition: str,
    flow_run_id: str | None,
    finished_at: datetime,
    counts: dict[str, Any],
) -> None:
    """The partition's row in the pass's ledger, in its transaction: it landed whole."""
    conn.execute(
        insert(ConsolidationRun).values(
            run_date=run_date,
            partition=partition,
            flow_run_id=flow_run_id,
            finished_at=finished_at,
            counts=counts,
        )
    )


def _entry_rows(conn: Connection, tenant: str, ids: Sequence[str]) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for id_in in in_values(Entry.id, ids, conn):
        for row in conn.execute(select(Entry.__table__).where(Entry.tenant == tenant, id_in)):
            rows[row.id] = dict(row._mapping)
    return rows
