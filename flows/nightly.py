"""The nightly pass as a Prefect flow, as an on-call engineer reads it in the Prefect UI.

``nightly_consolidation`` maps one task over the scope partitions and waits for every one of
them, whatever the others did. Each partition has one name everywhere (task run, log line,
artifact): ``consolidate-2025-02-22-p05-of-08``, numbered from 1 like the ledger's label.
A partition the ledger already holds reports the counts it recorded then, marked "already
done on <when>", so a rerun's totals equal the first run's.

After the partitions, the flow publishes its summary (per partition, the write-log rows per
decision, and that day's gate drops per rule with any drift flag) and only then fails if a
partition failed, with one readable line per failure: which partition, why (class, SQLSTATE,
where; never SQL, parameters or content: ``store.errors.StoreFault``), whether it was
retried, and how to rerun the date.

Artifact keys: a run the deployment's schedule created owns ``nightly-summary`` and
``nightly-consolidation`` (the "latest" an operator opens); a manual run publishes under
``...-manual``; a night run as a subflow of another flow publishes keyless artifacts on its
own run page (the backfill runs no such subflow: ``flows.backfill``).
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

from prefect import flow, get_run_logger
from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.client.schemas.objects import FlowRun
from prefect.context import FlowRunContext, TagsContext
from prefect.futures import PrefectFuture, as_completed
from prefect.runtime import flow_run
from sqlalchemy import Engine

from flows.night_report import decision_rows, night_markdown
from flows.parameters import OptionalDay, Partitions, WaitSeconds
from flows.progress import progress_extra
from flows.runners import PartitionTaskRunner, fresh_statistics, pass_lock_token
from memcurator.app.nightly import Partition, partition_name
from memcurator.dates import BadDate, pass_day
from memcurator.settings import Settings
from memcurator.steps import FIGURES
from store.engine import StoreError, require_current_schema
from store.errors import StoreFault
from store.passlock import pass_lock
from tasks.common import with_retries
from tasks.consolidation import consolidate_scope_partition
from tasks.secrets import store_engine

SCHEDULED_KEYS = ("nightly-summary", "nightly-consolidation")
MANUAL_KEYS = ("nightly-summary-manual", "nightly-consolidation-manual")
DEPLOYMENT = "nightly-consolidation/nightly"


class NightFailed(StoreError):
    """One or more partitions of a night failed; the others committed."""


def _nightly_name() -> str:
    as_of = flow_run.get_parameters().get("as_of")
    try:
        return f"nightly-{pass_day(as_of, Settings().timezone)}"
    except BadDate:  # the flow fails with the message; naming the run must not crash it
        return f"nightly-{as_of}"


@flow(
    name="nightly-consolidation",
    flow_run_name=_nightly_name,
    validate_parameters=True,
    task_runner=PartitionTaskRunner(),  # threads, or the Dask cluster of the settings
)
def nightly_consolidation(
    as_of: OptionalDay = "",
    partitions: Partitions = 0,
    wait_seconds: WaitSeconds = 0.0,
) -> dict[str, Any]:
    """Expire, promote and batch observations into topics for one date (default: yesterday).

    Args:
        as_of: The date to consolidate, YYYY-MM-DD; empty: yesterday in the
            MEMCURATOR_TIMEZONE zone (the day a 02:00 run closes).
        partitions: Scope partitions, one task each (1 to 1024); 0: the
            MEMCURATOR_PARTITIONS setting (default 8).
        wait_seconds: How long to wait, in seconds (0 to 86400), for a pass already
            holding the store's pass lock before giving up.
    """
    settings = Settings()
    day = pass_day(as_of, settings.timezone).isoformat()
    engine = store_engine()
    require_current_schema(engine)
    count = partitions or settings.partitions
    if count < 1:
        raise ValueError(f"partitions must be at least 1, not {count}")
    consolidate = with_retries(consolidate_scope_partition)
    logger = get_run_logger()
    with pass_lock(engine, wait_seconds=wait_seconds):
        lock = pass_lock_token(engine)  # a task on a Dask worker checks the flow still holds it
        fresh_statistics(engine, logger)
        # One clock for the night's partitions, read before any of them reads the store: their
        # ledger rows' start, and what lets them ask once which scopes changed.
        clock = datetime.now(UTC).isoformat()
        # The night's run carries its tags (a backfill's `nightly`, `date:...`); its partition
        # tasks take none: Prefect takes a tag-concurrency lease through its API for every
        # tagged task run, which doubled a backfilled night's time (6 nights x 4 partitions:
        # 21.6 s with task tags, 11.5 s without).
        with TagsContext(current_tags=set()):
            futures = [consolidate.submit(day, index, count, lock, clock)
                       for index in range(count)]  # fmt: skip
        index_of = {f.task_run_id: i for i, f in enumerate(futures)}
        reports: dict[int, dict[str, Any]] = {}
        for done, future in enumerate(as_completed(futures), start=1):
            index = index_of[future.task_run_id]
            report = reports[index] = _outcome(future, day, Partition(index, count))
            if not report["failed"]:
                extra = progress_extra(
                    "partition", date=day, done=done, total=count,
                    partition=report["partition"], already_done=report["already_done"],
                )  # fmt: skip
                logger.info(report["line"], extra=extra)
    ordered = [reports[i] for i in range(count)]
    summary = _summarise(day, ordered)
    _publish(summary, ordered, engine)
    failed = [r for r in ordered if r["failed"]]
    for r in failed:
        logger.error(failure_line(day, r))
    logger.info("%s: %s", day, ", ".join(f"{k} {v}" for k, v in summary["totals"].items()))
    if failed:
        raise NightFailed(
            f"nightly pass {day}: {len(failed)} of {count} partitions failed "
            f"({', '.join(r['partition'] for r in failed)})"
            f"{', the others committed' if len(failed) < count else ''}; "
            f"rerun with: memcurator consolidate --as-of {day} (first: {failed[0]['reason']})"
        )
    return summary


def _outcome(future: PrefectFuture[Any], day: str, partition: Partition) -> dict[str, Any]:
    """The task's report, or the failure it ended with (retold: ``StoreFault``)."""
    future.wait()  # done already; this records its final state on the future
    state = future.state
    if state.is_completed():
        return {**future.result(), "failed": False}
    fault: Any
    try:
        fault = state.result(raise_on_failure=False)
    except Exception:  # the state holds no readable result (the run crashed)
        fault = None
    name = partition_name(day, partition.label)
    if not isinstance(fault, StoreFault):
        fault = StoreFault(name, f"the task run ended {state.type.value}", False, 1)
    return {
        "run_date": day, "partition": partition.label, "name": name,
        "scopes": 0, "observations": 0, **{f.key: 0 for f in FIGURES},
        "already_done": False, "actions": {}, "done_on": None, "failed": True,
        "reason": fault.reason, "transient": fault.transient, "attempt": fault.attempt,
    }  # fmt: skip


def failure_line(day: str, report: dict[str, Any]) -> str:
    """One readable line per failed partition: what, why, retried or not, how to rerun."""
    if report["transient"]:
        retried = report["attempt"] - 1
        verdict = f"transient, retried {retried} time{'s' if retried != 1 else ''}, still failing"
    else:
        verdict = "not transient, so not retried (a retry would fail the same way)"
    return (
        f"{report['name']} failed: {report['reason']}; {verdict}. The other partitions "
        f"committed; to rerun {day} once fixed: memcurator consolidate --as-of {day}, or "
        f"Retry on this flow run, or prefect deployment run '{DEPLOYMENT}' --param as_of={day}"
    )


def artifact_keys(run: FlowRun | None) -> tuple[str | None, str | None]:
    """The (summary, table) artifact keys of a night: the deployment's scheduled runs own
    the latest ``nightly-summary``; a night run as a subflow publishes keyless artifacts on
    its own run page; any other run (manual, the CLI's) publishes under ``-manual``.
    ``auto_scheduled`` is set by the Prefect server's scheduler on the runs it creates from a
    deployment's schedules (a run from ``prefect deployment run`` or Retry keeps False)."""
    if run is None:
        return MANUAL_KEYS
    if run.parent_task_run_id is not None:
        return (None, None)
    if run.auto_scheduled and run.deployment_id is not None:
        return SCHEDULED_KEYS
    return MANUAL_KEYS


def _summarise(day: str, reports: list[dict[str, Any]]) -> dict[str, Any]:
    actions: Counter[str] = Counter()
    for r in reports:
        actions.update(r["actions"])
    this_run = [r for r in reports if not r["already_done"]]
    return {
        "date": day,
        "partitions": len(reports),
        "already_done": sum(r["already_done"] for r in reports),
        "failed": [r["partition"] for r in reports if r["failed"]],
        "totals": {f.key: sum(r[f.key] for r in reports) for f in FIGURES},
        "this_run": {f.key: sum(r[f.key] for r in this_run) for f in FIGURES},
        "actions": dict(sorted(actions.items())),
    }


def _publish(summary: dict[str, Any], reports: list[dict[str, Any]], engine: Engine) -> None:
    context = FlowRunContext.get()
    summary_key, table_key = artifact_keys(context.flow_run if context else None)
    day = summary["date"]
    create_table_artifact(
        key=table_key,
        table=decision_rows(summary),
        description=f"Nightly pass {day}: decisions and the write-log rows they wrote",
    )
    create_markdown_artifact(
        key=summary_key,
        markdown=night_markdown(summary, reports, engine),
        description=f"Nightly pass {day}" + (" (FAILED)" if summary["failed"] else ""),
    )
