"""The nightly consolidation pass and the backfill, as Prefect flows.

``nightly_consolidation`` (in ``flows.nightly``) maps one task over the scope partitions;
``backfill`` (its body in ``flows.backfill``) runs the nightly pass for every date of a range,
one task per partition walking the dates in order (a progress line and a ``backfill`` table
row per date). Both hold the store's pass lock, so a manual backfill never interleaves with the
scheduled pass.

Neither takes the store's URL as a parameter: Prefect records parameters (and shows them
in the UI), and a URL carries a password. Flows and tasks read it from the settings or a
Secret block (``tasks.secrets.store_url``).
"""

from __future__ import annotations

from typing import Any

from prefect import flow

from flows.backfill import backfill_name, run_backfill
from flows.nightly import nightly_consolidation
from flows.parameters import Day, Partitions, WaitSeconds
from flows.runners import PartitionTaskRunner

__all__ = ["backfill", "nightly_consolidation"]  # deployments name both from this module


@flow(
    name="backfill",
    flow_run_name=backfill_name,
    validate_parameters=True,
    task_runner=PartitionTaskRunner(),  # threads, or the Dask cluster of the settings
)
def backfill(
    start: Day,
    end: Day,
    partitions: Partitions = 0,
    wait_seconds: WaitSeconds = 0.0,
) -> dict[str, Any]:
    """The nightly pass for each date from ``start`` to ``end`` (inclusive), in order.

    Each partition walks the dates in order (one task per partition); a date already
    consolidated is skipped, so an interrupted backfill can be rerun.

    Args:
        start: The first date to consolidate, YYYY-MM-DD.
        end: The last date to consolidate, YYYY-MM-DD (inclusive, not before start).
        partitions: Scope partitions per night, one task each (1 to 1024); 0: the
            MEMCURATOR_PARTITIONS setting (default 8).
        wait_seconds: How long to wait, in seconds (0 to 86400), for a pass already
            holding the store's pass lock before giving up.
    """
    return run_backfill(start, end, partitions, wait_seconds)
