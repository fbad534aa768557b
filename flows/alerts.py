"""Failures reach a person: Prefect automations that notify on a failed, crashed or late
nightly run.

Two automations, matched on the ``nightly-consolidation`` flow (scheduled nights, manual runs
and backfilled nights alike):

- ``memcurator: nightly run failed`` reacts to ``prefect.flow-run.Failed`` or ``Crashed``;
- ``memcurator: nightly run late`` is proactive: after a run turns Late (its scheduled time
  has passed and nothing picked it up; Prefect's ``late_runs`` service marks it, 15 s after
  by default) it expects ``prefect.flow-run.Running`` within ``MEMCURATOR_ALERT_LATE_MINUTES``
  (default 30) and fires if none comes.

Each sends its message through the Prefect notification block the operator names with
``MEMCURATOR_ALERT_BLOCK`` (``BLOCK-TYPE-SLUG/BLOCK-NAME``, e.g. ``slack-webhook/oncall``).
The message carries the run's name, state and UI link, never the state message (a failed
night's error may quote a statement's parameters). Installing is idempotent: an automation of
the same name is updated in place, so ``memcurator serve`` installs them on every start.
``deployments/automations.yaml`` declares the same two for ``prefect automation create``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from uuid import UUID

from prefect.events.actions import SendNotification
from prefect.events.schemas.automations import AutomationCore, EventTrigger, Posture

FLOW = "nightly-consolidation"
FAILED = "memcurator: nightly run failed"
LATE = "memcurator: nightly run late"
NIGHTLY_FLOW = {"prefect.resource.role": "flow", "prefect.resource.name": FLOW}
BODY = "{{ flow_run.name }} ({{ flow.name }}) is {{ flow_run.state.name }}: {{ flow_run|ui_url }}"


class AlertSetupError(ValueError):
    """The notification block cannot be used; the message says what to set or create."""


def alert_automations(block_document_id: UUID, late_minutes: int) -> list[AutomationCore]:
    """The two automations, sending through the block ``block_document_id``."""
    if late_minutes < 1:
        raise AlertSetupError(f"late minutes must be at least 1, not {late_minutes}")
    return [
        AutomationCore(
            name=FAILED,
            description=f"Notify when a {FLOW} run fails or crashes.",
            trigger=EventTrigger(
                expect={"prefect.flow-run.Failed", "prefect.flow-run.Crashed"},
                match={"prefect.resource.id": "prefect.flow-run.*"},
                match_related=NIGHTLY_FLOW,
                posture=Posture.Reactive,
                threshold=1,
                within=timedelta(0),
            ),
            actions=[
                SendNotification(
                    block_document_id=block_document_id,
                    subject="memcurator: {{ flow_run.name }} {{ flow_run.state.name }}",
                    body=BODY,
                )
            ],
        ),
        AutomationCore(
            name=LATE,
            description=(
                f"Notify when a {FLOW} run is late and has not started "
                f"{late_minutes} minutes later."
            ),
            trigger=EventTrigger(
                after={"prefect.flow-run.Late"},
                expect={"prefect.flow-run.Running"},
                match={"prefect.resource.id": "prefect.flow-run.*"},
                match_related=NIGHTLY_FLOW,
                for_each={"prefect.resource.id"},
                posture=Posture.Proactive,
                threshold=1,
                within=timedelta(minutes=late_minutes),
            ),
            actions=[
                SendNotification(
                    block_document_id=block_document_id,
                    subject="memcurator: {{ flow_run.name }} has not started",
                    body=f"{BODY} (late and not running {late_minutes} minutes later)",
                )
            ],
        ),
    ]


def notification_block_id(client: Any, name: str | None) -> UUID:
    """The id of the notification block ``name`` (``TYPE-SLUG/BLOCK-NAME``) on the server."""
    from prefect.exceptions import ObjectNotFound

    if not name:
        raise AlertSetupError(
            "no notification block named: set MEMCURATOR_ALERT_BLOCK to a Prefect notification "
            "block as TYPE/NAME (e.g. slack-webhook/oncall; `prefect block ls` lists them)"
        )
    slug, _, block = name.partition("/")
    if not slug or not block:
        raise AlertSetupError(
            f"notification block {name!r} is not TYPE/NAME (e.g. slack-webhook/oncall)"
        )
    try:
        document = client.read_block_document_by_name(name=block, block_type_slug=slug)
    except ObjectNotFound as exc:
        raise AlertSetupError(
            f"no notification block {name!r} on the Prefect server: create it (UI: Blocks, "
            "or `prefect block create`) or fix MEMCURATOR_ALERT_BLOCK"
        ) from exc
    found: UUID = document.id
    return found


def install_alerts(client: Any, block: str | None, late_minutes: int) -> list[UUID]:
    """Create or update the two automations on the server ``client`` talks to (synchronous
    client); their ids. Idempotent: one automation per name, updated in place."""
    ids: list[UUID] = []
    for automation in alert_automations(notification_block_id(client, block), late_minutes):
        existing = client.read_automations_by_name(automation.name)
        if existing:
            client.update_automation(existing[0].id, automation)
            for duplicate in existing[1:]:
                client.delete_automation(duplicate.id)
            ids.append(existing[0].id)
        else:
            ids.append(client.create_automation(automation))
    return ids
