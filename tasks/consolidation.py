"""The nightly pass's tasks: one partition of scopes, one transaction a night.

``consolidate_scope_partition`` is one partition of one night (the nightly flow);
``consolidate_partition_nights`` is one partition walking a backfill's nights in order, each
night its own transaction and ledger row, exactly the unit of work the nightly task runs.

Its retries are the flow's (``tasks.common.with_retries``): the one policy, read when the
flow runs. The flow logs each partition's line as it finishes (``flows.progress``). A
failure leaves the task as a ``StoreFault`` (``store.errors``): the partition's name, the
error's class and SQLSTATE, where it was raised, whether a retry can cure it and which
attempt failed, but never the SQL, its parameters or a candidate's content, so none of it
reaches Prefect's logs, states or artifacts; the retry condition still sees transient faults
as transient.
"""

from __future__ import annotations

import time
from datetime import UTC, date, datetime
from typing import Any
from uuid import uuid4

from prefect import get_run_logger, task
from prefect.cache_policies import NO_CACHE
from prefect.runtime import flow_run
from prefect.runtime import task_run as this_task_run

from memcurator.app.nightly import Partition, PartitionReport, consolidate_partition, partition_name
from memcurator.app.retry import transient
from memcurator.consolidation import Policy
from memcurator.dates import day_range
from memcurator.settings import Settings
from store.engine import WRITER
from store.errors import StoreFault, fault_reason
from store.member_cache import MemberCache
from store.pass_changes import Shared
from store.passlock import adopted_pass_lock
from tasks.secrets import store_engine


def _task_run_name() -> str:
    params = this_task_run.get_parameters()
    label = Partition(int(params["index"]), int(params["count"])).label
    return partition_name(str(params["as_of"]), label)


@task(name="consolidate-partition", task_run_name=_task_run_name, cache_policy=NO_CACHE)
def consolidate_scope_partition(
    as_of: str, index: int, count: int, lock: str | None = None, clock: str | None = None
) -> dict[str, Any]:
    """Promote, expire and batch into topics one partition's observations for ``as_of``.

    ``lock`` is the flow's pass lock token (``store.passlock.pass_token``): on a Dask worker,
    which does not hold the lock, the partition checks that the flow's process still does.
    ``clock``: the night's clock (ISO 8601, the flow's start), the ledger's start of every
    partition of the night; partitions in one process then ask once which scopes changed."""
    partition = Partition(index, count)
    try:
        report = _consolidate(as_of, partition, lock, clock=clock)
    except Exception as exc:  # retold below, outside this block: no __context__ to print
        fault = _fault(as_of, partition, exc)
    else:
        return report.as_dict() | {
            "name": report.name,
            "done_on": report.done_on,
            "line": report.line(),
        }
    raise fault


def _nights_run_name() -> str:
    params = this_task_run.get_parameters()
    label = Partition(int(params["index"]), int(params["count"])).label
    return nights_name(str(params["start"]), str(params["end"]), label)


def nights_name(start: str, end: str, label: str) -> str:
    """``consolidate-2025-01-01-to-2025-12-31-p05-of-08``: one partition of a backfill."""
    return f"consolidate-{start}-to-{end}-{label}"


@task(name="consolidate-partition-nights", task_run_name=_nights_run_name, cache_policy=NO_CACHE)
def consolidate_partition_nights(
    start: str, end: str, index: int, count: int, lock: str | None = None
) -> dict[str, Any]:
    """One partition's nightly pass for every date from ``start`` to ``end``, in order.

    Each night is ``consolidate_partition`` in its own transaction, as the nightly task runs
    it; a night the ledger holds (done before, or by an earlier attempt of this task) is
    skipped. A failed night ends the task there (the later nights build on it) as the
    nightly task fails: a ``StoreFault`` naming the partition's night; a retry resumes at it.
    """
    partition = Partition(index, count)
    logger = get_run_logger()
    days = day_range(start, end)
    members = MemberCache()  # what one night reads of its topics, kept for the next
    run = str(flow_run.get_id() or uuid4())  # (outside a flow: this walk's own clocks)
    settled = time.monotonic()  # what committed before this walk (or attempt) began
    for day in days:
        try:
            clock = night_clock(run, lock, day.isoformat())
            report = _consolidate(day.isoformat(), partition, lock, members, clock=clock,
                                  settled=settled)  # fmt: skip
            settled = time.monotonic()  # the night committed
        except Exception as exc:  # retold below, outside this block: no __context__ to print
            fault = _fault(day.isoformat(), partition, exc)
            break
        logger.info(report.line())
    else:
        return {"partition": partition.label, "nights": len(days)}
    raise fault


def night_clock(run: str, lock: str | None, as_of: str) -> str:
    """The clock of a backfill's night (ISO 8601), shared by the partitions that walk it in
    this process: the moment the first of them began it. A night's partitions then start
    their ledger rows at one moment, as the nightly flow's do, and ask once which scopes
    changed (``store.pass_changes.changed_scopes``) and which hold new unkeyed facts
    (``store.leftover_reads.leftover_scopes``): queries that answer for every partition, seven
    of eight answers thrown away when each asked for itself (a partition that had not yet
    committed the night before when the answer was read asks again: ``settled``). Kept for
    the last few nights of the runs in this process (a partition far behind the others takes
    a clock of its own)."""
    return _NIGHT_CLOCKS.get((run, lock, as_of), lambda: datetime.now(UTC).isoformat())


_NIGHT_CLOCKS: Shared[str] = Shared(size=64)


def _fault(as_of: str, partition: Partition, exc: Exception) -> StoreFault:
    """The failure of one partition's night as the flow reports it (never SQL or content)."""
    return StoreFault(
        partition_name(as_of, partition.label),
        fault_reason(exc),
        transient(exc),
        this_task_run.get_run_count() or 1,
    )


def _consolidate(
    as_of: str, partition: Partition, lock: str | None, members: MemberCache | None = None,
    *, clock: str | None = None, settled: float | None = None,
) -> PartitionReport:
    settings = Settings()
    engine = store_engine()
    run_id = flow_run.get_id()
    writer = engine.connect().execution_options(**WRITER)
    now = datetime.fromisoformat(clock) if clock else datetime.now(UTC)
    try:
        with adopted_pass_lock(lock), writer as conn, conn.begin():
            report = consolidate_partition(
                conn,
                as_of=date.fromisoformat(as_of),
                partition=partition,
                policy=Policy.from_settings(settings),
                flow_run_id=str(run_id) if run_id else None,
                now=now,
                members=members,
                shared_clock=clock is not None,
                settled=settled,
            )
    except BaseException:
        if members is not None:
            members.clear()
        raise
    if members is not None:
        members.commit(as_of, now)
    return report
