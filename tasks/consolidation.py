"""The nightly pass's task: one partition of scopes, one transaction.

Its retries are the flow's (``tasks.common.with_retries``): the one policy, read when the
flow runs."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from prefect import get_run_logger, task
from prefect.cache_policies import NO_CACHE
from prefect.runtime import flow_run

from memcurator.app.nightly import Partition, consolidate_partition
from memcurator.consolidation import Policy
from memcurator.settings import Settings
from store.engine import WRITER
from store.passlock import adopted_pass_lock
from tasks.secrets import store_engine


@task(
    name="consolidate-partition",
    task_run_name="consolidate-{as_of}-part-{index}",
    cache_policy=NO_CACHE,
)
def consolidate_scope_partition(
    as_of: str, index: int, count: int, lock: str | None = None
) -> dict[str, Any]:
    """Promote, expire and batch into topics one partition's observations for ``as_of``.

    ``lock`` is the flow's pass lock token (``store.passlock.pass_token``): on a Dask worker,
    which does not hold the lock, the partition checks that the flow's process still does."""
    settings = Settings()
    engine = store_engine()
    run_id = flow_run.get_id()
    writer = engine.connect().execution_options(**WRITER)
    with adopted_pass_lock(lock), writer as conn, conn.begin():
        report = consolidate_partition(
            conn,
            as_of=date.fromisoformat(as_of),
            partition=Partition(index, count),
            policy=Policy.from_settings(settings),
            flow_run_id=str(run_id) if run_id else None,
            now=datetime.now(UTC),
        )
    get_run_logger().info(report.line())
    return report.as_dict()
