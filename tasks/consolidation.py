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
from tasks.secrets import store_engine


@task(
    name="consolidate-partition",
    task_run_name="consolidate-{as_of}-part-{index}",
    cache_policy=NO_CACHE,
)
def consolidate_scope_partition(as_of: str, index: int, count: int) -> dict[str, Any]:
    """Promote, expire and batch into topics one partition's observations for ``as_of``."""
    settings = Settings()
    engine = store_engine()
    run_id = flow_run.get_id()
    with engine.connect().execution_options(**WRITER) as conn, conn.begin():
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
