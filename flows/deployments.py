"""The deployments ``memcurator serve`` serves (``deployments/prefect.yaml`` declares the same).

- ``nightly-consolidation/nightly``: cron 02:00 (``MEMCURATOR_NIGHTLY_CRON``) in
  ``MEMCURATOR_TIMEZONE``, one run at a time, a colliding run queued (ENQUEUE);
- ``backfill/manual``: no schedule, ``start``/``end`` as ``YYYY-MM-DD`` strings;
- ``audit/weekly``: the sample audit, Mondays 06:00;
- ``ingest/import``: a candidate file by path, on demand.

A manual backfill and the scheduled pass also share the store's pass lock
(``store.passlock``), so they never interleave even without a Prefect server.
"""

from __future__ import annotations

from typing import Any

from prefect.client.schemas.objects import ConcurrencyLimitConfig, ConcurrencyLimitStrategy
from prefect.schedules import Cron

from flows.consolidation import backfill, nightly_consolidation
from flows.operations import audit, ingest
from memcurator.settings import Settings

# A backfill started while the nightly pass runs waits this long for the pass lock.
LOCK_WAIT_SECONDS = 3600.0


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
            description="The nightly pass for yesterday: expiry, promotion, topic batching.",
            tags=["memcurator", "nightly"],
        ),
        backfill.to_deployment(
            name="manual",
            concurrency_limit=one_at_a_time(),
            parameters={"wait_seconds": LOCK_WAIT_SECONDS},
            description="The nightly pass for each date from start to end (YYYY-MM-DD), in order.",
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

    serve(*build_deployments(settings), print_starting_message=announce)
