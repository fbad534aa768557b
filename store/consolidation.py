"""The nightly pass on one partition of scopes: load, ask the policy, apply, record.

A partition is the set of scopes whose key hashes (CRC-32, stable across processes) to one
bucket. ``consolidate_partition`` runs inside the caller's transaction and records its
(date, partition) row in the ``consolidation_runs`` ledger in that same transaction, so the
partition's changes land whole or not at all, and a retry or rerun of a landed partition
is a no-op. Every value it writes derives from the data and the pass's cutoff (the end of
the pass date, UTC), never from the wall clock, so reruns are byte-identical.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import Connection, String, any_, bindparam, insert, select, text
from sqlalchemy.dialects.postgresql import ARRAY

from memcurator.consolidation import (
    SENSITIVITY_ORDER,
    TOPIC_SAMPLE,
    Member,
    Observation,
    PassPlan,
    Policy,
    Sighting,
    Topic,
    plan_partition,
)
from store.engine import set_tenants
from store.pass_writes import TOPIC_KEY_PREFIX, PassWriter
from store.passlock import verify_pass_lock
from store.tables import ConsolidationRun, Entry, EntrySource, TopicMember
from store.timelines import lock_keys

_CHUNK = 500


@dataclass(frozen=True)
class Partition:
    """Bucket ``index`` of ``count``: the scopes whose key hashes there."""

    index: int
    count: int

    @property
    def label(self) -> str:
        return f"p{self.index + 1:02d}-of-{self.count:02d}"

    def holds(self, scope_key: str) -> bool:
        return zlib.crc32(scope_key.encode("utf-8")) % self.count == self.index


@dataclass
class PartitionReport:
    """What one partition's pass did (or that it had already landed)."""

    run_date: str
    partition: str
    scopes: int = 0
    observations: int = 0
    promoted: int = 0
    expired: int = 0
    topics_created: int = 0
    topics_updated: int = 0
    members_linked: int = 0
    already_done: bool = False
    actions: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        if self.already_done:
            return f"{self.run_date} {self.partition}: already consolidated, nothing to do"
        return (
            f"{self.run_date} {self.partition}: {self.scopes} scopes, "
            f"{self.observations} active observations; promoted {self.promoted}, "
            f"expired {self.expired}, topics +{self.topics_created} new "
            f"/ {self.topics_updated} updated ({self.members_linked} members linked)"
        )


def cutoff_of(as_of: date) -> datetime:
    """The pass for ``as_of`` sees everything created before the end of that day (UTC)."""
    return datetime.combine(as_of + timedelta(days=1), time(0), tzinfo=UTC)


def checkpoint(conn: Connection, stage: str) -> None:
    """A seam between the pass's write steps; fault-injection tests replace it."""


def consolidate_partition(
    conn: Connection,
    *,
    as_of: date,
    partition: Partition,
    policy: Policy,
    flow_run_id: str | None,
    now: datetime,
) -> PartitionReport:
    """Run the nightly pass for ``as_of`` on one partition, inside the caller's transaction
    (the caller holds the store's pass lock: ``store.passlock``)."""
    verify_pass_lock(conn)  # before the first read, so a pass that lost its lock writes nothing
    run_date = as_of.isoformat()
    report = PartitionReport(run_date, partition.label)
    done = conn.scalar(
        select(ConsolidationRun.run_date).where(
            ConsolidationRun.run_date == run_date, ConsolidationRun.partition == partition.label
        )
    )
    if done is not None:
        report.already_done = True
        return report
    cutoff = cutoff_of(as_of)
    work = [
        _plan_tenant(conn, tenant, scopes, cutoff, policy)
        for tenant, scopes in sorted(partition_scopes(conn, partition, cutoff).items())
    ]
    checkpoint(conn, "planned")
    _apply_plans(conn, work, report, policy, lambda tenant: PassWriter(
        conn, cutoff=cutoff, now=now, flow_run_id=flow_run_id, run_date=run_date, tenant=tenant
    ))  # fmt: skip
    conn.execute(
        insert(ConsolidationRun).values(
            run_date=run_date,
            partition=partition.label,
            flow_run_id=flow_run_id,
            finished_at=now,
            counts=_counts(report),
        )
    )
    return report


@dataclass
class _TenantWork:
    """One tenant's share of a partition: what was loaded, the plan, and its writer. Each
    step runs with row-level security limited to this tenant."""

    tenant: str
    scopes: Sequence[str]
    observations: list[Observation]
    stamps: dict[str, tuple[Any, ...]]
    plan: PassPlan
    writer: PassWriter = field(init=False)


def _plan_tenant(
    conn: Connection, tenant: str, scopes: Sequence[str], cutoff: datetime, policy: Policy
) -> _TenantWork:
    set_tenants(conn, [tenant])
    stamps: dict[str, tuple[Any, ...]] = {}
    observations = load_observations(conn, scopes, cutoff, stamps=stamps, tenant=tenant)
    topics = load_topics(conn, scopes, tenant=tenant)
    plan = plan_partition(observations, topics, cutoff=cutoff, policy=policy)
    return _TenantWork(tenant, scopes, observations, stamps, plan)


def _apply_plans(
    conn: Connection,
    work: Sequence[_TenantWork],
    report: PartitionReport,
    policy: Policy,
    writer_for: Callable[[str], PassWriter],
) -> None:
    """Each step for every tenant of the partition, each under its own tenant; the
    checkpoints between steps come once per partition."""
    for w in work:
        set_tenants(conn, [w.tenant])
        w.plan = _without_concurrent_changes(conn, w.plan, w.observations, w.stamps, w.tenant)
        w.writer = writer_for(w.tenant)
        w.writer.promote(w.plan.promotions, {o.id: o for o in w.observations})
    checkpoint(conn, "promoted")
    for w in work:
        set_tenants(conn, [w.tenant])
        w.writer.expire(w.plan.expiries, policy)
    checkpoint(conn, "expired")
    for w in work:
        set_tenants(conn, [w.tenant])
        w.writer.batch(w.plan.topics)
        _fill(report, w.scopes, w.observations, w.plan, w.writer.actions)
    checkpoint(conn, "topics")
    set_tenants(conn, [])


def _without_concurrent_changes(
    conn: Connection,
    plan: PassPlan,
    observations: Sequence[Observation],
    stamps: dict[str, tuple[Any, ...]],
    tenant: str,
) -> PassPlan:
    """Serialise with ingest on the keys the plan changes, and drop the changes whose
    observation ingest touched since it was loaded (tomorrow's pass sees it afresh).

    Ingest takes the same per-key locks before it reads a key, so either it committed before
    this point (and the check below sees its change) or it waits for this transaction (and
    then reads the expired or promoted observation, not a stale copy). Unkeyed observations
    are never rejoined by ingest. SQLite needs none of this: both hold the write lock.
    """
    if conn.dialect.name != "postgresql":
        return plan
    by_id = {o.id: o for o in observations}
    touched = [p.observation_id for p in plan.promotions]
    touched += [e.observation_id for e in plan.expiries]
    keyed = [by_id[i] for i in touched if by_id[i].subject_key is not None]
    if not keyed:
        return plan
    keys = [(o.scope_key, "observation", str(o.subject_key)) for o in keyed]
    keys += [(o.scope_key, "fact", str(o.subject_key)) for o in keyed]
    lock_keys(conn, keys)
    stale = set()
    for chunk in _chunks([o.id for o in keyed]):
        for row in conn.execute(
            select(Entry.id, Entry.status, Entry.evidence, Entry.last_confirmed_at).where(
                Entry.tenant == tenant, _in(Entry.id, conn, chunk)
            )
        ):
            if (row.status, row.evidence, row.last_confirmed_at) != stamps[row.id]:
                stale.add(row.id)
    if not stale:
        return plan
    return PassPlan(
        [p for p in plan.promotions if p.observation_id not in stale],
        [e for e in plan.expiries if e.observation_id not in stale],
        plan.topics,
    )


def _fill(
    report: PartitionReport,
    scopes: Sequence[str],
    observations: Sequence[Observation],
    plan: PassPlan,
    actions: dict[str, int],
) -> None:
    report.scopes += len(scopes)
    report.observations += len(observations)
    report.promoted += len(plan.promotions)
    report.expired += len(plan.expiries)
    report.topics_created += sum(t.is_new for t in plan.topics)
    report.topics_updated += sum(not t.is_new for t in plan.topics)
    report.members_linked += sum(len(t.new_members) for t in plan.topics)
    merged = dict(report.actions)
    for action, n in actions.items():
        merged[action] = merged.get(action, 0) + n
    report.actions = dict(sorted(merged.items()))


def _counts(report: PartitionReport) -> dict[str, Any]:
    counts = asdict(report)
    counts.pop("already_done")
    return counts


def _in(column: Any, conn: Connection, values: Sequence[str]) -> Any:
    if conn.dialect.name == "postgresql":
        return column == any_(bindparam(None, list(values), type_=ARRAY(String)))
    return column.in_(list(values))


def _chunks(values: Sequence[str]) -> list[Sequence[str]]:
    return [values[i : i + _CHUNK] for i in range(0, len(values), _CHUNK)]


def partition_scopes(
    conn: Connection, partition: Partition, cutoff: datetime
) -> dict[str, list[str]]:
    """The scopes of ``partition`` that hold an active observation older than ``cutoff``,
    by tenant. On PostgreSQL the owner's ``memcurator_observation_scopes`` names them (row-level
    security hides every row from a pass that has not yet said which tenants it works on)."""
    if conn.dialect.name == "postgresql":
        pairs = conn.execute(
            text("SELECT scope_key, tenant FROM memcurator_observation_scopes(:cutoff)"),
            {"cutoff": cutoff},
        ).all()
    else:
        pairs = conn.execute(
            select(Entry.scope_key, Entry.tenant)
            .where(Entry.type == "observation", Entry.status == "active", Entry.created_at < cutoff)
            .distinct()
        ).all()
    tenants: dict[str, list[str]] = {}
    for key, tenant in sorted(pairs):
        if partition.holds(key):
            tenants.setdefault(tenant, []).append(key)
    return tenants


def load_observations(
    conn: Connection,
    scopes: Sequence[str],
    cutoff: datetime,
    *,
    stamps: dict[str, tuple[Any, ...]] | None = None,
    tenant: str,
) -> list[Observation]:
    """The active observations of ``scopes`` with their sightings before ``cutoff``."""
    rows: list[Any] = []
    for chunk in _chunks(scopes):
        rows += conn.execute(
            select(
                Entry.id,
                Entry.scope_key,
                Entry.tool,
                Entry.content,
                Entry.created_at,
                Entry.confidence,
                Entry.sensitivity,
                Entry.subject_key,
                Entry.evidence,
                Entry.last_confirmed_at,
            ).where(
                Entry.type == "observation",
                Entry.status == "active",
                Entry.created_at < cutoff,
                _in(Entry.scope_key, conn, chunk),
            )
        ).all()
    ids = [r.id for r in rows]
    if stamps is not None:
        stamps.update({r.id: ("active", r.evidence, r.last_confirmed_at) for r in rows})
    sightings: dict[str, list[Sighting]] = {}
    # What each source said, so an entry is judged as it stood at the cutoff: its later
    # sightings (already there when history was imported ahead of the backfill) raise its
    # confidence or sensitivity only from the night they arrive.
    said: dict[str, list[tuple[float, str]]] = {}
    in_topic: set[str] = set()
    for chunk in _chunks(ids):
        for s in conn.execute(
            select(
                EntrySource.entry_id,
                EntrySource.source_session_id,
                EntrySource.created_at,
                EntrySource.source_kind,
                EntrySource.confidence,
                EntrySource.sensitivity,
            ).where(
                EntrySource.tenant == tenant,
                _in(EntrySource.entry_id, conn, chunk),
                EntrySource.created_at < cutoff,
            )
        ):
            sightings.setdefault(s.entry_id, []).append(
                Sighting(s.source_session_id, s.created_at, s.source_kind)
            )
            said.setdefault(s.entry_id, []).append((s.confidence, s.sensitivity))
        in_topic.update(
            conn.scalars(
                select(TopicMember.observation_id).where(
                    TopicMember.tenant == tenant, _in(TopicMember.observation_id, conn, chunk)
                )
            )
        )
    return [
        Observation(
            id=r.id,
            scope_key=r.scope_key,
            tool=r.tool,
            content=r.content,
            created_at=r.created_at,
            confidence=max((c for c, _ in said.get(r.id, ())), default=r.confidence),
            sensitivity=max(
                (s for _, s in said.get(r.id, ())),
                key=SENSITIVITY_ORDER.index,
                default=r.sensitivity,
            ),
            subject_key=r.subject_key,
            sightings=tuple(sorted(sightings.get(r.id, ()), key=lambda s: s.created_at)),
            in_topic=r.id in in_topic,
        )
        for r in rows
    ]


def load_topics(conn: Connection, scopes: Sequence[str], *, tenant: str) -> list[Topic]:
    """The topic entries of ``scopes``: every member's id (the entry's ``links``), the most
    recent members' text, and the entry's own aggregates. A topic's nightly cost does not grow
    with its age."""
    rows: list[Any] = []
    for chunk in _chunks(scopes):
        rows += conn.execute(
            select(
                Entry.id,
                Entry.scope_key,
                Entry.subject_key,
                Entry.links,
                Entry.confidence,
                Entry.sensitivity,
                Entry.created_at,
                Entry.last_confirmed_at,
            ).where(
                Entry.type == "summary",
                Entry.status == "active",
                Entry.subject_key.startswith(TOPIC_KEY_PREFIX),
                _in(Entry.scope_key, conn, chunk),
            )
        ).all()
    wanted = sorted({m for r in rows for m in (r.links or [])[-TOPIC_SAMPLE:]})
    recent: dict[str, Member] = {}
    for chunk in _chunks(wanted):
        for m in conn.execute(
            select(
                Entry.id, Entry.content, Entry.created_at, Entry.confidence, Entry.sensitivity
            ).where(Entry.tenant == tenant, _in(Entry.id, conn, chunk))
        ):
            recent[m.id] = Member(
                m.id, m.content, m.created_at, m.confidence, m.sensitivity, m.created_at
            )
    return [
        Topic(
            id=r.id,
            scope_key=r.scope_key,
            tool_key=_topic_tool_key(r.subject_key),
            member_ids=tuple(r.links or ()),
            recent=tuple(recent[m] for m in (r.links or [])[-TOPIC_SAMPLE:] if m in recent),
            confidence=r.confidence,
            sensitivity=r.sensitivity,
            created_at=r.created_at,
            last_seen=r.last_confirmed_at,
        )
        for r in sorted(rows, key=lambda r: r.id)
    ]


def _topic_tool_key(subject_key: str) -> str:
    tool = subject_key[len(TOPIC_KEY_PREFIX) :].rsplit("/", 1)[0]
    return "" if tool == "general" else tool
