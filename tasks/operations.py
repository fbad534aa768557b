"""Tasks for the scheduled import of candidate files and the periodic sample audit.

Their retries are the flow's (``tasks.common.with_retries``): the one policy, read when the
flow runs. The import retries the whole file (its landed batches are skipped, by the intake
ledger), so the batches inside it are not retried again (``RetryPolicy.once``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prefect import get_run_logger, task
from prefect.cache_policies import NO_CACHE
from prefect.runtime import flow_run

from memcurator.app.ingest import ingest_stream, read_lines
from memcurator.app.retry import RetryPolicy
from memcurator.settings import Settings
from store.operations import audit_report, audit_sample, drop_rates
from tasks.secrets import store_engine


@task(name="ingest-file", cache_policy=NO_CACHE)
def ingest_file(path: str, batch_size: int) -> dict[str, Any]:
    """Gate one JSON Lines file into the store (re-running it adds nothing twice)."""
    engine = store_engine()
    logger = get_run_logger()
    run_id = flow_run.get_id()

    def progress(report: Any) -> None:
        logger.info("%s: %d lines judged", path, report.lines)

    with Path(path).open("rb") as stream:
        report = ingest_stream(
            engine,
            read_lines(stream, Settings().max_line_bytes),
            batch_size=batch_size,
            flow_run_id=str(run_id) if run_id else None,
            on_batch=progress,
            retry=RetryPolicy.once(),
        )
    return report.as_dict()


@task(name="audit-sample", cache_policy=NO_CACHE)
def sample_for_audit(per_type: int, seed: int | None) -> dict[str, Any]:
    """A random sample of active entries per type, the wrong-entry rates, and drop rates."""
    engine = store_engine()
    return {
        "sample": audit_sample(engine, per_type=per_type, seed=seed),
        "report": audit_report(engine),
        "drops": drop_rates(engine, days=7),
    }
