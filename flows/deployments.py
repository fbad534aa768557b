"""The deployments ``memcurator serve`` serves (``deployments/prefect.yaml`` declares the same).

- ``nightly-consolidation/nightly``: cron 02:00 (``MEMCURATOR_NIGHTLY_CRON``) in
  ``MEMCURATOR_TIMEZONE``, one run at a time, a colliding run queued (ENQUEUE); the zone is
  stored with the schedule and, because the UI's schedule line ("At 02:00 AM") omits it,
  named in the deployment's description;
- ``backfill/manual``: no schedule, ``start``/``end`` as ``YYYY-MM-DD`` dates;
- ``audit/weekly``: the sample audit, Mondays 06:00;
- ``ingest/import``: a candidate file by path, on demand.

A manual backfill and the scheduled pass also share the store's pass lock
(``store.passlock``), so they never interleave even without a Prefect server.

``serve_all`` also names the nightly deployment's scheduled runs before they start
(``flows.run_names``) and installs the alert automations (``flows.alerts``) when
``MEMCURATOR_ALERT_BLOCK`` names a notification block, and says so when it does not.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

from prefect.client.schemas.objects import ConcurrencyLimitConfig, ConcurrencyLimitStrategy
from prefect.schedules import Cron

from flows.alerts import AlertSetupError, install_alerts
from flows.consolidation import backfill, nightly_consolidation
from flows.operations import audit, ingest
from flows.run_names import keep_naming
from memcurator.settings import Settings

NIGHTLY = "nightly-consolidation/nightly"

# A backfill started while the nightly pass runs waits this long for the pass lock.
LOCK_WAIT_SECONDS = 3600.0


BACKFILL_DESCRIPTION = (
    "The nightly pass for each date from start to end (YYYY-MM-DD, inclusive), in order; one "
    "task per scope partition walks the dates, with a progress line and a backfill table row "
    "per night."
)


def nightly_description(cron: str, timezone: str) -> str:
    """The nightly deployment's description, naming the schedule's time zone."""
    return (
        "The nightly pass for yesterday: expiry, promotion, topic batching. "
        f"Schedule: cron {cron} in {timezone}."
    )


def one_at_a_time() -> ConcurrencyLimitConfig:
    return ConcurrencyLimitConfig(limit=1, collision_strategy=ConcurrencyLimitStrategy.ENQUEUE)


def build_deployments(settings: Settings) -> list[Any]:
    """The runner deployments, configured from ``settings``."""
    return [
        nightly_consolidation.to_deployment(
            name="nightly",
            schedules=[Cron(settings.nightly_cron, timezone=settings.timezone)],
            concurrency_limit=one_at_a_time(),
            parameters={"wait_seconds": LOCK_WAIT_SECONDS},
            description=nightly_description(settings.nightly_cron, settings.timezone),
            tags=["memcurator", "nightly"],
        ),
        backfill.to_deployment(
            name="manual",
            concurrency_limit=one_at_a_time(),
            parameters={"wait_seconds": LOCK_WAIT_SECONDS},
            description=BACKFILL_DESCRIPTION,
            tags=["memcurator", "backfill"],
        ),
        audit.to_deployment(
            name="weekly",
            schedules=[Cron("0 6 * * 1", timezone=settings.timezone)],
            description="Sample active entries per type for the audit; wrong-entry rates.",
            tags=["memcurator", "audit"],
        ),
        ingest.to_deployment(
            name="import",
            description="Gate a JSON Lines file of candidates into the store.",
            tags=["memcurator", "ingest"],
        ),
    ]


def serve_all(settings: Settings, *, announce: bool = True) -> None:
    """Serve every deployment from this process until interrupted; ``announce`` prints
    Prefect's banner (how to trigger a run), which only holds for a server others reach."""
    from prefect import serve

    deployments = build_deployments(settings)
    print(f"memcurator: {alerts_status(settings)}", file=sys.stderr, flush=True)
    stop = threading.Event()
    keep_naming(NIGHTLY, settings.timezone, stop)
    try:
        serve(*deployments, print_starting_message=announce)
    finally:
        stop.set()


def alerts_status(settings: Settings) -> str:
    """Install the alert automations on the current Prefect server, if a notification block
    is named; one line saying what was done, or why not."""
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        try:
            install_alerts(client, settings.alert_block, settings.alert_late_minutes)
        except AlertSetupError as exc:
            return f"alerts not installed, failed or late nightly runs notify nobody: {exc}"
    return (
        f"alerts installed: failed, crashed or late (>{settings.alert_late_minutes} min) "
        f"nightly runs notify {settings.alert_block}"
    )
