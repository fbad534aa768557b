"""The nightly consolidation pass and the backfill, as Prefect flows.

``nightly_consolidation`` maps one task over the scope partitions; ``backfill`` runs the
nightly pass for every date of a range, in order, as subflows (so the Prefect UI lists one
``nightly-YYYY-MM-DD`` run per date, like a calendar). Both hold the store's pass lock, so a
manual backfill never interleaves with the scheduled pass.

Neither takes the store's URL as a parameter: Prefect records parameters (and shows them
in the UI), and a URL carries a password. Flows and tasks read it from the settings or a
Secret block (``tasks.secrets.store_url``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from prefect import flow, get_run_logger
from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.futures import wait
from prefect.runtime import flow_run

from flows.runners import PartitionTaskRunner, pass_lock_token
from memcurator.dates import day_range, pass_day
from memcurator.settings import Settings
from memcurator.steps import FIGURES
from store.engine import require_current_schema
from store.passlock import pass_lock
from tasks.common import with_retries
from tasks.consolidation import consolidate_scope_partition
from tasks.secrets import store_engine


def _nightly_name() -> str:
    as_of = flow_run.get_parameters().get("as_of")
    return f"nightly-{pass_day(as_of, Settings().timezone)}"


def _backfill_name() -> str:
    params = flow_run.get_parameters()
    return f"backfill-{params.get('start')}-to-{params.get('end')}"


@flow(
    name="nightly-consolidation",
    flow_run_name=_nightly_name,
    validate_parameters=True,
    task_runner=PartitionTaskRunner(),  # threads, or the Dask cluster of the settings
)
def nightly_consolidation(
    as_of: str | None = None,
    partitions: int | None = None,
    wait_seconds: float = 0.0,
) -> dict[str, Any]:
    """Expire, promote and batch observations into topics for one date (default: yesterday)."""
    settings = Settings()
    day = pass_day(as_of, settings.timezone)
    engine = store_engine()
    require_current_schema(engine)
    count = partitions or settings.partitions
    if count < 1:
        raise ValueError(f"partitions must be at least 1, not {count}")
    consolidate = with_retries(consolidate_scope_partition)
    with pass_lock(engine, wait_seconds=wait_seconds):
        lock = pass_lock_token(engine)  # a task on a Dask worker checks the flow still holds it
        futures = [
            consolidate.submit(day.isoformat(), index, count, lock) for index in range(count)
        ]
        wait(futures)
        reports = [f.result() for f in futures]
    summary = _summarise(day.isoformat(), reports)
    _publish(summary, reports)
    get_run_logger().info(
        "%s: %s", day.isoformat(), ", ".join(f"{k} {v}" for k, v in summary["totals"].items())
    )
    return summary


@flow(
    name="backfill",
    flow_run_name=_backfill_name,
    validate_parameters=True,
    task_runner=PartitionTaskRunner(),
)
def backfill(
    start: str,
    end: str,
    partitions: int | None = None,
    wait_seconds: float = 0.0,
) -> dict[str, Any]:
    """The nightly pass for each date from ``start`` to ``end`` (inclusive), in order."""
    days = day_range(start, end)
    engine = store_engine()
    require_current_schema(engine)
    nights = []
    with pass_lock(engine, wait_seconds=wait_seconds):
        for day in days:
            nights.append(nightly_consolidation(as_of=day.isoformat(), partitions=partitions))
    totals: Counter[str] = Counter()
    for night in nights:
        totals.update(night["totals"])
    create_table_artifact(
        key="backfill",
        table=[{"date": n["date"], **n["totals"]} for n in nights],
        description=f"Backfill {days[0]} to {days[-1]}: {len(days)} nightly passes",
    )
    return {
        "start": days[0].isoformat(),
        "end": days[-1].isoformat(),
        "nights": len(nights),
        "totals": dict(totals),
        "per_night": [{"date": n["date"], **n["totals"]} for n in nights],
    }


def _summarise(day: str, reports: list[dict[str, Any]]) -> dict[str, Any]:
    actions: Counter[str] = Counter()
    for r in reports:
        actions.update(r["actions"])
    totals = {f.key: sum(r[f.key] for r in reports) for f in FIGURES}
    return {
        "date": day,
        "partitions": len(reports),
        "already_done": sum(r["already_done"] for r in reports),
        "totals": totals,
        "actions": dict(sorted(actions.items())),
    }


def _publish(summary: dict[str, Any], reports: list[dict[str, Any]]) -> None:
    day = summary["date"]
    headings = [f.heading for f in FIGURES]
    rows = []
    for key, count in summary["actions"].items():
        action, rule = key.split("/", 1)
        rows.append({"action": action, "rule": rule, "count": count})
    create_table_artifact(
        key="nightly-consolidation",
        table=rows or [{"action": "none", "rule": "-", "count": 0}],
        description=f"Nightly pass {day}: write-log rows per action and rule",
    )
    lines = [
        f"# Nightly consolidation {day}",
        "",
        f"{summary['partitions']} partitions ({summary['already_done']} already done before "
        "this run).",
        "",
        "| " + " | ".join(["partition", "scopes", "observations", *headings]) + " |",
        "|---" * (3 + len(headings)) + "|",
    ]
    for r in reports:
        note = " (already done)" if r["already_done"] else ""
        cells = [f"{r['partition']}{note}", r["scopes"], r["observations"]]
        lines.append("| " + " | ".join(str(c) for c in cells + [r[f.key] for f in FIGURES]) + " |")
    create_markdown_artifact(
        key="nightly-summary", markdown="\n".join(lines), description=f"Nightly pass {day}"
    )
