"""Scheduled nightly runs named ``nightly-YYYY-MM-DD`` before they start.

Prefect's scheduler creates a deployment's future runs with random names (``elusive-guan``);
a flow's ``flow_run_name`` is applied only when the run starts, and Prefect 3 has no
deployment-level run-name template nor a hook that runs before a run starts (hooks run in
the flow-run process). So ``memcurator serve`` renames them through the API: every
``RENAME_EVERY_SECONDS`` it gives each Scheduled or Late run of the nightly deployment the
name the flow would give it, ``nightly-`` and the day it will close (the day before its
scheduled time, in the schedule's zone). The flow names the run the same way when it starts,
so the name never changes under an operator's eyes. Runs deployed with ``prefect deploy``
and a worker keep Prefect's random names until they start.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any
from uuid import UUID
from zoneinfo import ZoneInfo

RENAME_EVERY_SECONDS = 60.0


def nightly_run_name(scheduled: Any, timezone: str) -> str:
    """The name of a nightly run scheduled at ``scheduled`` (an aware datetime)."""
    day = scheduled.astimezone(ZoneInfo(timezone)).date() - timedelta(days=1)
    return f"nightly-{day.isoformat()}"


def name_scheduled_runs(client: Any, deployment_id: UUID, timezone: str) -> int:
    """Rename the deployment's Scheduled and Late runs that do not carry their night's name
    yet (synchronous client); how many were renamed."""
    from prefect.client.schemas.filters import (
        DeploymentFilter,
        DeploymentFilterId,
        FlowRunFilter,
        FlowRunFilterState,
        FlowRunFilterStateType,
    )
    from prefect.client.schemas.objects import StateType

    runs = client.read_flow_runs(
        deployment_filter=DeploymentFilter(id=DeploymentFilterId(any_=[deployment_id])),
        flow_run_filter=FlowRunFilter(
            state=FlowRunFilterState(type=FlowRunFilterStateType(any_=[StateType.SCHEDULED]))
        ),
    )
    renamed = 0
    for run in runs:
        when = run.next_scheduled_start_time or run.expected_start_time
        if when is None or run.parameters.get("as_of"):
            continue  # a run for a given date is named by the flow when it starts
        name = nightly_run_name(when, timezone)
        if run.name != name:
            client.update_flow_run(run.id, name=name)
            renamed += 1
    return renamed


def keep_naming(deployment_name: str, timezone: str, stop: threading.Event) -> threading.Thread:
    """A daemon thread that renames the nightly deployment's scheduled runs until ``stop``."""

    def loop() -> None:
        from prefect.client.orchestration import get_client

        while not stop.is_set():
            try:
                with get_client(sync_client=True) as client:
                    deployment = client.read_deployment_by_name(deployment_name)
                    name_scheduled_runs(client, deployment.id, timezone)
            except Exception:  # not registered yet, or the server is away: next round
                pass
            stop.wait(RENAME_EVERY_SECONDS)

    thread = threading.Thread(target=loop, name="memcurator-run-names", daemon=True)
    thread.start()
    return thread
