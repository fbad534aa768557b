"""The nightly consolidation pass and the backfill, as Prefect flows.

``nightly_consolidation`` maps one task over the scope partitions; ``backfill`` (its body in
``flows/backfill.py``) runs the nightly pass for every date of a
range, in order, as subflows (so the Prefect UI lists one ``nightly-YYYY-MM-DD`` run per
date, like a calendar). Both hold the store's pass lock, so a
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

from flows.backfill import backfill_name, run_backfill
from flows.parameters import Day, OptionalDay, Partitions, WaitSeconds
from memcurator.dates import BadDate, pass_day
from memcurator.settings import Settings
from memcurator.steps import FIGURES
from store.engine import require_current_schema
from store.passlock import pass_lock
from tasks.common import with_retries
from tasks.consolidation import consolidate_scope_partition
from tasks.secrets import store_engine


def _nightly_name() -> str:
    as_of = flow_run.get_parameters().get("as_of")
    try:
        return f"nightly-{pass_day(as_of, Settings().timezone)}"
    except BadDate:  # the flow fails with the message; naming the run must not crash it
        return f"nightly-{as_of}"


@flow(name="nightly-consolidation", flow_run_name=_nightly_name, validate_parameters=True)
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
    day = pass_day(as_of, settings.timezone)
    engine = store_engine()
    require_current_schema(engine)
    count = partitions or settings.partitions
    if count < 1:
        raise ValueError(f"partitions must be at least 1, not {count}")
    consolidate = with_retries(consolidate_scope_partition)
    with pass_lock(engine, wait_seconds=wait_seconds):
        futures = [consolidate.submit(day.isoformat(), index, count) for index in range(count)]
        wait(futures)
        reports = [f.result() for f in futures]
    summary = _summarise(day.isoformat(), reports)
    _publish(summary, reports)
    get_run_logger().info(
        "%s: %s", day.isoformat(), ", ".join(f"{k} {v}" for k, v in summary["totals"].items())
    )
    return summary


@flow(name="backfill", flow_run_name=backfill_name, validate_parameters=True)
def backfill(
    start: Day,
    end: Day,
    partitions: Partitions = 0,
    wait_seconds: WaitSeconds = 0.0,
) -> dict[str, Any]:
    """The nightly pass for each date from ``start`` to ``end`` (inclusive), in order.

    Args:
        start: The first date to consolidate, YYYY-MM-DD.
        end: The last date to consolidate, YYYY-MM-DD (inclusive, not before start).
        partitions: Scope partitions per night, one task each (1 to 1024); 0: the
            MEMCURATOR_PARTITIONS setting (default 8).
        wait_seconds: How long to wait, in seconds (0 to 86400), for a pass already
            holding the store's pass lock before giving up.
    """
    return run_backfill(nightly_consolidation, start, end, partitions, wait_seconds)


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
