"""The nightly pass's unit of work on one partition of scopes: load, decide, write, record.

A partition is the set of scopes whose key hashes to one bucket (``Partition``).
``consolidate_partition`` runs inside the caller's transaction: it loads the partition's
observations and topics (``store.pass_reads``), asks the pure policy what to change
(``memcurator.consolidation``, ``memcurator.promotion``), has ``store.pass_writes`` apply it
step by step (``memcurator.steps.STEPS``), and records its (date, partition) row in the
``consolidation_runs`` ledger in that same transaction, so the partition's changes land
whole or not at all, and a retry or rerun of a landed partition is a no-op. Every value it
writes derives from the data and the pass's cutoff (the end of the pass date, UTC), never
from the wall clock, so reruns are byte-identical.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy import Connection

from memcurator.app.collection import fewer_collections
from memcurator.app.leftovers import consolidate_leftovers
from memcurator.consolidation import Observation, PassPlan, Policy, plan_partition
from memcurator.keys import FACT_PREFIX, tool_key
from memcurator.promotion import place_promotions
from memcurator.steps import (
    FIGURES,
    STEPS,
    ChangeWindow,
    Partition,
    Step,
    change_window,
    cutoff_of,
)
from store.engine import pass_planning, set_tenants
from store.gathering import known_gathering
from store.member_cache import WRITTEN_MARGIN, MemberCache
from store.pass_changes import changed_scopes
from store.pass_reads import (
    Stamp,
    load_active_facts,
    load_observations,
    load_stamps,
    load_topics,
    partition_landed,
    partition_scopes,
    previous_pass,
    written_since,
)
from store.pass_writes import PassWriter, record_run
from store.passlock import verify_pass_lock
from store.timelines import lock_keys

__all__ = [
    "Partition", "PartitionReport", "consolidate_partition", "cutoff_of", "partition_name"
]  # fmt: skip


def partition_name(run_date: str, label: str) -> str:
    """``consolidate-2025-02-22-p05-of-08``: a partition of a night, numbered from 1 as the
    ledger's label is."""
    return f"consolidate-{run_date}-{label}"


@dataclass
class PartitionReport:
    """What one partition's pass did (or that it had already landed): a count per figure
    of ``STEPS``, and the write-log rows per action and rule."""

    run_date: str
    partition: str
    scopes: int = 0
    observations: int = 0
    figures: dict[str, int] = field(default_factory=lambda: {f.key: 0 for f in FIGURES})
    already_done: bool = False
    actions: dict[str, int] = field(default_factory=dict)
    done_on: str | None = None  # when the ledger says it landed, if before this run

    @property
    def name(self) -> str:
        """The partition's one name, in task runs, log lines and artifacts."""
        return partition_name(self.run_date, self.partition)

    @classmethod
    def from_ledger(
        cls, run_date: str, label: str, finished_at: datetime, counts: dict[str, Any]
    ) -> PartitionReport:
        """A landed partition reports what the ledger recorded for it, not zeros."""
        return cls(
            run_date,
            label,
            scopes=int(counts.get("scopes", 0)),
            observations=int(counts.get("observations", 0)),
            figures={f.key: int(counts.get(f.key, 0)) for f in FIGURES},
            already_done=True,
            actions={k: int(v) for k, v in sorted(dict(counts.get("actions") or {}).items())},
            done_on=finished_at.strftime("%Y-%m-%d %H:%M UTC"),
        )

    def as_dict(self) -> dict[str, Any]:
        """The report as the task returns it and the ledger keeps it, figures flattened."""
        return {
            "run_date": self.run_date,
            "partition": self.partition,
            "scopes": self.scopes,
            "observations": self.observations,
            **{f.key: self.figures[f.key] for f in FIGURES},
            "already_done": self.already_done,
            "actions": dict(self.actions),
        }

    def line(self) -> str:
        f = self.figures
        done = f" already done on {self.done_on}, nothing to do; it did:" if self.done_on else ""
        return (
            f"{self.name}:{done} {self.scopes} scopes, "
            f"{self.observations} active observations; promoted {f['promoted']}, "
            f"expired {f['expired']}, topics +{f['topics_created']} new "
            f"/ {f['topics_updated']} updated ({f['members_linked']} members linked)"
        )

    def add_actions(self, actions: dict[str, int]) -> None:
        merged = dict(self.actions)
        for action, n in actions.items():
            merged[action] = merged.get(action, 0) + n
        self.actions = dict(sorted(merged.items()))

    def add(self, work: _TenantWork) -> None:
        self.scopes += len(work.scopes)
        self.observations += len(work.observations)
        for figure in FIGURES:
            self.figures[figure.key] += figure.count(work.plan)
        merged = dict(self.actions)
        for action, n in work.writer.actions.items():
            merged[action] = merged.get(action, 0) + n
        self.actions = dict(sorted(merged.items()))


@fewer_collections()
def consolidate_partition(
    conn: Connection,
    *,
    as_of: date,
    partition: Partition,
    policy: Policy,
    flow_run_id: str | None,
    now: datetime,
    members: MemberCache | None = None,
    shared_clock: bool = False,
    settled: float | None = None,
) -> PartitionReport:
    """Run the nightly pass for ``as_of`` on one partition, inside the caller's transaction
    (the caller holds the store's pass lock: ``store.passlock``). ``members``: the topic
    members a walk over a backfill's nights read the night before (``store.member_cache``;
    the caller commits or clears it with the transaction). ``shared_clock``: ``now`` is the
    night's clock, shared by its partitions (the nightly flow's start), and read no earlier
    than this pass reads the store: partitions in one process ask once which scopes changed
    (``store.pass_changes.changed_scopes``). ``settled``: when (``time.monotonic``) this
    partition's previous night had committed, for partitions that walk a backfill's nights at
    their own pace: an answer asked before then is not theirs (None: the nightly flow, whose
    previous night all committed before it began)."""
    verify_pass_lock(conn)  # before the first read, so a pass that lost its lock writes nothing
    pass_planning(conn)
    run_date = as_of.isoformat()
    landed = partition_landed(conn, run_date, partition)
    if landed is not None:
        return PartitionReport.from_ledger(run_date, partition.label, *landed)
    report = PartitionReport(run_date, partition.label)
    cutoff = cutoff_of(as_of)
    work = plan(conn, partition, cutoff, policy, members, clock=now if shared_clock else None,
                settled=settled)
    for w in work:
        set_tenants(conn, [w.tenant])
        w.writer = PassWriter(
            conn, cutoff=cutoff, now=now, flow_run_id=flow_run_id, run_date=run_date,
            tenant=w.tenant, policy=policy,
        )  # fmt: skip
        w.plan = _placed(conn, w)
    for step in STEPS:
        write_step(conn, step, work)
    for w in work:
        report.add(w)
    writer = partial(PassWriter, conn, cutoff=cutoff, now=now, flow_run_id=flow_run_id,
                     run_date=run_date, policy=policy)  # fmt: skip
    report.add_actions(consolidate_leftovers(
        conn, partition, cutoff=cutoff, make_writer=writer, clock=now if shared_clock else None,
        tenant_frames=policy.tenant_frames,
    ))  # fmt: skip
    counts = report.as_dict()
    counts.pop("already_done")
    record_run(
        conn, run_date=run_date, partition=partition.label, flow_run_id=flow_run_id,
        finished_at=now, counts=counts,
    )  # fmt: skip
    return report


@dataclass
class _TenantWork:
    """One tenant's share of a partition: what was loaded, the plan, and its writer. Each
    step runs with row-level security limited to this tenant."""

    tenant: str
    scopes: Sequence[str]
    observations: list[Observation]
    stamps: dict[str, Stamp]
    plan: PassPlan
    writer: PassWriter = field(init=False)


def plan(
    conn: Connection,
    partition: Partition,
    cutoff: datetime,
    policy: Policy,
    members: MemberCache | None = None,
    *,
    clock: datetime | None = None,
    settled: float | None = None,
) -> list[_TenantWork]:
    """Load every tenant's share of ``partition`` and plan it; nothing is written yet.
    ``clock``: the night's shared clock (``consolidate_partition``'s ``shared_clock``), and
    ``settled`` when the partition's previous night had committed (its ``settled``)."""
    work = []
    previous = previous_pass(conn, (cutoff - timedelta(days=1)).date().isoformat(), partition)
    window = window_after(previous, cutoff, policy)
    loading = scopes_to_load(conn, partition, cutoff, window, clock=clock, settled=settled)
    for tenant, scopes in sorted(loading.items()):
        set_tenants(conn, [tenant])
        if members is not None:
            written = (
                written_since(conn, tenant, window, margin=WRITTEN_MARGIN)
                if window is not None else ()
            )  # fmt: skip
            members.begin(tenant, previous, written)
        stamps: dict[str, Stamp] = {}
        observations = load_observations(
            conn, scopes, cutoff, stamps=stamps, tenant=tenant, window=window,
            sessions=policy.promote_sessions,
        )
        # Only the topics tonight's unassigned observations can join (their scope and tool).
        groups = {(o.scope_key, tool_key(o.tool)) for o in observations if not o.in_topic}
        topics = load_topics(conn, scopes, tenant=tenant, groups=groups, members=members)
        planned = plan_partition(observations, topics, cutoff=cutoff, policy=policy)
        work.append(_TenantWork(tenant, scopes, observations, stamps, planned))
    set_tenants(conn, [])
    return work


def window_after(
    previous: tuple[str, datetime] | None, cutoff: datetime, policy: Policy
) -> ChangeWindow | None:
    """What may have changed for a partition since its ``previous`` pass (``ChangeWindow``;
    ``previous_pass``), or None on its first night (or after a pass for a later date): then
    everything is loaded."""
    if previous is None:
        return None
    last_date, last_start = previous
    return change_window(cutoff, date.fromisoformat(last_date), last_start, policy.expire_after)


def scopes_to_load(
    conn: Connection, partition: Partition, cutoff: datetime, window: ChangeWindow | None,
    *, clock: datetime | None = None, settled: float | None = None,
) -> dict[str, list[str]]:
    """The scopes of ``partition`` whose plan tonight may hold something, by tenant: after a
    previous pass of the partition, those with something new, rewritten or due in ``window``
    (``window_after``), found by index; on its first night (no window), every scope with an
    active observation. A scope left out would have planned nothing (its observations, topics
    and sightings are as they were when its last pass left them), so the result is the same."""
    if window is None:
        return partition_scopes(conn, partition, cutoff)
    return changed_scopes(conn, partition, window, clock=clock, settled=settled)


def write_step(conn: Connection, step: Step, work: Sequence[_TenantWork]) -> None:
    """One step of the pass for every tenant of the partition, each under its own tenant."""
    for w in work:
        set_tenants(conn, [w.tenant])
        getattr(w.writer, step.write)(getattr(w.plan, step.plan_field))
    set_tenants(conn, [])


def _placed(conn: Connection, w: _TenantWork) -> PassPlan:
    """The plan without what a concurrent ingest changed, its promotions placed against the
    facts under their keys as they stand now (under the keys' locks)."""
    current = _without_concurrent_changes(conn, w)
    by_id = {o.id: o for o in w.observations}
    keys = [
        (o.scope_key, o.subject_key)
        for p in current.promotions
        if (o := by_id[p.observation_id]).subject_key is not None
    ]
    facts = load_active_facts(conn, w.tenant, keys)
    facts_keys = [(w.tenant, scope, key) for scope, key in keys if key.startswith(FACT_PREFIX)]
    gathering = {(scope, key) for _, scope, key in known_gathering(conn, facts_keys)}
    return replace(current, promotions=place_promotions(current.promotions, by_id, facts,
                                                        gathering))


def _without_concurrent_changes(conn: Connection, w: _TenantWork) -> PassPlan:
    """Serialise with ingest on the keys the plan changes, and drop the changes whose
    observation ingest touched since it was loaded (tomorrow's pass sees it afresh).

    Ingest takes the same per-key locks before it reads a key, so either it committed before
    this point (and the check below sees its change) or it waits for this transaction (and
    then reads the expired or promoted observation, not a stale copy). Unkeyed observations
    are never rejoined by ingest. SQLite needs none of this: both hold the write lock.
    """
    plan = w.plan
    if conn.dialect.name != "postgresql":
        return plan
    by_id = {o.id: o for o in w.observations}
    touched = [p.observation_id for p in plan.promotions]
    touched += [e.observation_id for e in plan.expiries]
    keyed = [by_id[i] for i in touched if by_id[i].subject_key is not None]
    if not keyed:
        return plan
    keys = [(o.scope_key, "observation", str(o.subject_key)) for o in keyed]
    keys += [(o.scope_key, "fact", str(o.subject_key)) for o in keyed]
    lock_keys(conn, keys)
    now = load_stamps(conn, w.tenant, [o.id for o in keyed])
    stale = {i for i, stamp in now.items() if stamp != w.stamps[i]}
    if not stale:
        return plan
    return PassPlan(
        [p for p in plan.promotions if p.observation_id not in stale],
        [e for e in plan.expiries if e.observation_id not in stale],
        plan.topics,
    )
