"""``memcurator alerts install``: the Prefect automations that notify a person when a nightly
run fails, crashes or is late (``flows/alerts.py``), installed on the server at
``PREFECT_API_URL``. ``memcurator serve`` installs them too; this command is for operators
who deploy with ``prefect deploy`` and a worker."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from memcurator.cli.common import EXIT_USAGE, TidyCommand, command_group, echo, fail
from memcurator.settings import Settings

alerts_app = command_group(
    help="Alerts: Prefect automations that notify on failed, crashed or late nightly runs.",
    no_args_is_help=True,
)


@alerts_app.command("install", cls=TidyCommand)
def install(
    block: Annotated[
        str | None,
        typer.Option(
            "--block",
            metavar="TYPE/NAME",
            help="The Prefect notification block to notify, e.g. slack-webhook/oncall "
            "(default: MEMCURATOR_ALERT_BLOCK).",
        ),
    ] = None,
    late_minutes: Annotated[
        int | None,
        typer.Option(
            "--late-minutes",
            min=1,
            help="Report a late run not started this many minutes after it turned Late "
            "(default: MEMCURATOR_ALERT_LATE_MINUTES, 30).",
        ),
    ] = None,
) -> None:
    """Create or update the two alert automations on the Prefect server (idempotent).

    Example: PREFECT_API_URL=http://127.0.0.1:4200/api memcurator alerts install --block
    slack-webhook/oncall
    """
    if not os.environ.get("PREFECT_API_URL"):
        fail(
            "PREFECT_API_URL is not set: alerts live on a Prefect server; point it at yours "
            "(e.g. http://127.0.0.1:4200/api)",
            EXIT_USAGE,
        )
    from prefect.client.orchestration import get_client

    from flows.alerts import FAILED, LATE, AlertSetupError, install_alerts

    settings = Settings()
    block = block or settings.alert_block
    minutes = late_minutes or settings.alert_late_minutes
    with get_client(sync_client=True) as client:
        try:
            install_alerts(client, block, minutes)
        except AlertSetupError as exc:
            fail(str(exc), EXIT_USAGE)
    echo(f"installed {FAILED!r} and {LATE!r} (late after {minutes} min), notifying {block}")


def register(app: typer.Typer) -> None:
    """Put this family's commands on the CLI."""
    app.add_typer(alerts_app, name="alerts")
