"""The nightly consolidation pass and the backfill, as Prefect flows.

``nightly_consolidation`` (in ``flows.nightly``) maps one task over the scope partitions;
``backfill`` runs the nightly pass for every date of a range, in order, as subflows (so the
Prefect UI lists one ``nightly-YYYY-MM-DD`` run per date, like a calendar). Both hold the
store's pass lock, so a manual backfill never interleaves with the scheduled pass.

Neither takes the store's URL as a parameter: Prefect records parameters (and shows them
in the UI), and a URL carries a password. Flows and tasks read it from the settings or a
Secret block (``tasks.secrets.store_url``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from prefect import flow
from prefect.artifacts import create_table_artifact
from prefect.runtime import flow_run

from flows.nightly import nightly_consolidation
from memcurator.dates import day_range
from store.engine import require_current_schema
from store.passlock import pass_lock
from tasks.secrets import store_engine

__all__ = ["backfill", "nightly_consolidation"]  # deployments name both from this module


def _backfill_name() -> str:
    params = flow_run.get_parameters()
    return f"backfill-{params.get('start')}-to-{params.get('end')}"


@flow(name="backfill", flow_run_name=_backfill_name, validate_parameters=True)
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
