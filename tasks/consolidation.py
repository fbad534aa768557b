"""The nightly pass's task: one partition of scopes, one transaction.

Its retries are the flow's (``tasks.common.with_retries``): the one policy, read when the
flow runs. The flow logs each partition's line as it finishes (``flows.progress``). A
failure leaves the task as a ``StoreFault`` (``store.errors``): the partition's name, the
error's class and SQLSTATE, where it was raised, whether a retry can cure it and which
attempt failed, but never the SQL, its parameters or a candidate's content, so none of it
reaches Prefect's logs, states or artifacts; the retry condition still sees transient faults
as transient.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from prefect import task
from prefect.cache_policies import NO_CACHE
from prefect.runtime import flow_run
from prefect.runtime import task_run as this_task_run

from memcurator.app.nightly import Partition, PartitionReport, consolidate_partition, partition_name
from memcurator.app.retry import transient
from memcurator.consolidation import Policy
from memcurator.settings import Settings
from store.engine import WRITER
from store.errors import StoreFault, fault_reason
from store.passlock import adopted_pass_lock
from tasks.secrets import store_engine


def _task_run_name() -> str:
    params = this_task_run.get_parameters()
    label = Partition(int(params["index"]), int(params["count"])).label
    return partition_name(str(params["as_of"]), label)


@task(name="consolidate-partition", task_run_name=_task_run_name, cache_policy=NO_CACHE)
def consolidate_scope_partition(
    as_of: str, index: int, count: int, lock: str | None = None
) -> dict[str, Any]:
    """Promote, expire and batch into topics one partition's observations for ``as_of``.

    ``lock`` is the flow's pass lock token (``store.passlock.pass_token``): on a Dask worker,
    which does not hold the lock, the partition checks that the flow's process still does."""
    partition = Partition(index, count)
    try:
        report = _consolidate(as_of, partition, lock)
    except Exception as exc:  # retold below, outside this block: no __context__ to print
        fault = StoreFault(
            partition_name(as_of, partition.label),
            fault_reason(exc),
            transient(exc),
            this_task_run.get_run_count() or 1,
        )
    else:
        return report.as_dict() | {
            "name": report.name,
            "done_on": report.done_on,
            "line": report.line(),
        }
    raise fault


def _consolidate(as_of: str, partition: Partition, lock: str | None) -> PartitionReport:
    settings = Settings()
    engine = store_engine()
    run_id = flow_run.get_id()
    writer = engine.connect().execution_options(**WRITER)
    with adopted_pass_lock(lock), writer as conn, conn.begin():
        return consolidate_partition(
            conn,
            as_of=date.fromisoformat(as_of),
            partition=partition,
            policy=Policy.from_settings(settings),
            flow_run_id=str(run_id) if run_id else None,
            now=datetime.now(UTC),
        )
