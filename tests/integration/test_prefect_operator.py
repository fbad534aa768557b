"""What an operator sees of the deployments on a real Prefect server (issue 12, "Prefect UI"),
read back through the API: parameters typed and described in each deployment's schema, the
nightly schedule's time zone, backfilled nights counted (a table row and a progress line each),
the retry delay a number, the alert automations installed by ``memcurator serve`` and firing
on a failed night, and scheduled runs named before they start. The server and helpers are
``test_prefect_server``'s."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any, ClassVar, cast
from uuid import UUID
from zoneinfo import ZoneInfo

import pytest

from flows.alerts import FAILED, LATE
from flows.run_names import name_scheduled_runs
from tests.integration.test_flow_secrets import PASSWORD, with_password
from tests.integration.test_prefect_server import (
    ROOT,
    UUID_LINE,
    Server,
    client,  # noqa: F401 - a fixture
    nightly_runs,
    run_backfill,
    seeded_store,
    server,  # noqa: F401 - a fixture
)

pytestmark = pytest.mark.postgres

ZONE = "Europe/Berlin"


class Hook(BaseHTTPRequestHandler):
    received: ClassVar[list[str]] = []

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", 0))
        Hook.received.append(self.rfile.read(length).decode(errors="replace"))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def webhook() -> Iterator[str]:
    """A local HTTP endpoint that records what is POSTed to it; its URL."""
    Hook.received = []
    httpd = HTTPServer(("127.0.0.1", 0), Hook)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/hook"
    finally:
        httpd.shutdown()
        httpd.server_close()


def notification_block(prefect: Server, url: str) -> UUID:
    """A custom-webhook notification block ``custom-webhook/oncall`` posting to ``url``."""
    from prefect.blocks.notifications import CustomWebhookNotificationBlock
    from prefect.settings import PREFECT_API_URL, temporary_settings

    with temporary_settings(updates={PREFECT_API_URL: prefect.api}):
        block = CustomWebhookNotificationBlock(
            name="memcurator", url=url, json_data={"text": "{{body}}"}
        )
        return cast(UUID, block.save("oncall", overwrite=True))


def properties(deployment: Any) -> dict[str, dict[str, Any]]:
    schema = deployment.parameter_openapi_schema
    props: dict[str, dict[str, Any]] = schema["properties"]
    return props


def test_an_operator_reads_typed_parameters_tagged_nights_and_gets_alerts(
    server: Server,  # noqa: F811
    client: Any,  # noqa: F811
    pg_url: str,
    webhook: str,
    tmp_path: Path,
) -> None:
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        FlowRunFilter,
        FlowRunFilterId,
        LogFilter,
        LogFilterFlowRunId,
    )
    from prefect.states import Scheduled

    block_id = notification_block(server, webhook)
    url = with_password(seeded_store(pg_url))
    with server.running(
        "serve",
        # `python -m` from the checkout: this checkout's code, whichever one is installed.
        [sys.executable, "-m", "memcurator", "serve"],
        cwd=ROOT,
        MEMCURATOR_DATABASE_URL=url,
        MEMCURATOR_PARTITIONS="2",
        MEMCURATOR_RETRY_BACKOFF_SECONDS="0.1",
        MEMCURATOR_TIMEZONE=ZONE,
        MEMCURATOR_ALERT_BLOCK="custom-webhook/oncall",
        MEMCURATOR_ALERT_LATE_MINUTES="45",
        PREFECT_RUNNER_POLL_FREQUENCY="2",
    ) as serve:
        nightly, backfill = server.wait_for(
            "memcurator serve to register its deployments",
            lambda: [
                client.read_deployment_by_name(name)
                for name in ("nightly-consolidation/nightly", "backfill/manual")
            ],
            90,
        )

        # The schedule keeps its zone, and the description names it (the UI's line omits it).
        assert [(s.schedule.cron, s.schedule.timezone) for s in nightly.schedules] == [
            ("0 2 * * *", ZONE)
        ]
        assert f"in {ZONE}" in nightly.description

        # Parameters: typed, bounded, described; dates with their format; no null branch.
        for deployment in (nightly, backfill):
            for name, prop in properties(deployment).items():
                assert prop.get("description"), (deployment.name, name)
                assert "anyOf" not in prop and prop.get("type") != "null", (name, prop)
                # a null default would be refused by the server when the Run form sends it
                assert prop.get("default", "none given") is not None, (name, prop)
                assert "database" not in name and "url" not in name
            assert deployment.parameters == {"wait_seconds": 3600}
        night_props, backfill_props = properties(nightly), properties(backfill)
        for prop in (night_props["as_of"], backfill_props["start"], backfill_props["end"]):
            assert prop["type"] == "string" and prop["format"] == "date"
            assert "YYYY-MM-DD" in prop["description"]
        assert backfill.parameter_openapi_schema["required"] == ["start", "end"]
        for props in (night_props, backfill_props):
            assert props["partitions"]["type"] == "integer"
            assert (props["partitions"]["minimum"], props["partitions"]["maximum"]) == (0, 1024)
            assert props["wait_seconds"]["type"] == "number"
            assert (props["wait_seconds"]["minimum"], props["wait_seconds"]["maximum"]) == (
                0,
                86400,
            )

        # The alerts serve installed, on the operator's block.
        (failed,) = client.read_automations_by_name(FAILED)
        (late,) = client.read_automations_by_name(LATE)
        assert failed.trigger.expect == {"prefect.flow-run.Failed", "prefect.flow-run.Crashed"}
        assert late.trigger.after == {"prefect.flow-run.Late"}
        assert late.trigger.expect == {"prefect.flow-run.Running"}
        assert late.trigger.posture == "Proactive"
        assert late.trigger.within == timedelta(minutes=45)
        for automation in (failed, late):
            assert automation.enabled
            related = automation.trigger.match_related
            assert related.get("prefect.resource.name") == ["nightly-consolidation"], related
            assert [a.block_document_id for a in automation.actions] == [block_id]

        # A backfill over two nights, then over three of which two are already done.
        run_backfill(server, client, "2025-01-06", "2025-01-07")
        run = run_backfill(server, client, "2025-01-06", "2025-01-08")
        # Partition-major: no flow run per night; a row and a progress line per night instead.
        assert nightly_runs(client, run.id) == {}

        (table,) = [
            a
            for a in client.read_artifacts(
                artifact_filter=ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=[run.id]))
            )
            if a.key == "backfill"
        ]
        rows = json.loads(table.data) if isinstance(table.data, str) else table.data
        assert [r["date"] for r in rows] == ["2025-01-06", "2025-01-07", "2025-01-08", "total"]
        today = datetime.now(UTC).date().isoformat()
        assert [r["note"] for r in rows[:3]] == [
            f"already done on {today}",
            f"already done on {today}",
            "",
        ]
        for heading in ("promoted", "expired", "new topics", "topics updated", "members linked"):
            assert rows[3][heading] == sum(r[heading] for r in rows[:3]), heading
        assert sum(rows[3][h] for h in ("promoted", "new topics", "members linked")) > 0, rows

        def progress_lines() -> list[str] | None:
            logs = client.read_logs(LogFilter(flow_run_id=LogFilterFlowRunId(any_=[run.id])))
            lines = sorted(log.message for log in logs if log.message.startswith("night "))
            return lines if len(lines) == 3 else None

        lines = server.wait_for("the backfill's three progress lines", progress_lines, 30)
        assert lines[0].startswith(f"night 1 of 3, 2025-01-06: already done on {today}: promoted ")
        assert lines[2].startswith("night 3 of 3, 2025-01-08: promoted ")

        # The retry delay Prefect records (and the UI renders) is one number.
        tasks = client.read_task_runs(
            flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[run.id]))
        )
        consolidate = [t for t in tasks if t.name.startswith("consolidate-")]
        assert sorted(t.name for t in consolidate) == [
            f"consolidate-2025-01-06-to-2025-01-08-p0{i}-of-02" for i in (1, 2)
        ]
        for task_run in consolidate:
            assert task_run.empirical_policy.retries == 3
            delay = task_run.empirical_policy.retry_delay
            assert isinstance(delay, int | float) and not isinstance(delay, bool), delay

        # A deployment run with a bad date fails with the parameter's name, and the failure
        # reaches the operator's block.
        output = server.cli(
            "deployment", "run", "nightly-consolidation/nightly", "--param", "as_of=2025-02-30"
        )
        found = UUID_LINE.search(output)
        assert found, output
        bad_id = UUID(found.group(1))

        def final() -> Any:
            flow_run = client.read_flow_run(bad_id)
            return flow_run if flow_run.state and flow_run.state.is_final() else None

        bad = server.wait_for("the bad-date run to end", final, 120)
        assert bad.state.is_failed(), bad.state
        logs = client.read_logs(LogFilter(flow_run_id=LogFilterFlowRunId(any_=[bad_id])))
        said = "\n".join([bad.state.message or "", *(log.message for log in logs)])
        assert "as_of '2025-02-30' is not a date" in said, said
        assert "--as-of" not in said
        sent = server.wait_for(
            "the failed-run notification", lambda: [b for b in Hook.received if bad.name in b], 120
        )
        assert "Failed" in sent[0] and PASSWORD not in sent[0]

        # A scheduled nightly run gets its night's name before it starts.
        when = datetime.now(UTC) + timedelta(days=2)
        scheduled = client.create_flow_run_from_deployment(
            nightly.id, state=Scheduled(scheduled_time=when)
        )
        assert not scheduled.name.startswith("nightly-")
        assert name_scheduled_runs(client, nightly.id, ZONE) >= 1
        expected = when.astimezone(ZoneInfo(ZONE)).date() - timedelta(1)
        assert client.read_flow_run(scheduled.id).name == f"nightly-{expected.isoformat()}"
        client.delete_flow_run(scheduled.id)
        server.settled(serve)

    # `memcurator alerts install` (for prefect-deploy users): idempotent, and a clear line for
    # a block that is not there.
    def alerts(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "memcurator", "alerts", "install", *args],
            env=server.env(),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )

    for _ in range(2):
        done = alerts("--block", "custom-webhook/oncall", "--late-minutes", "20")
        assert done.returncode == 0, done.stderr
    (late,) = client.read_automations_by_name(LATE)
    assert late.trigger.within == timedelta(minutes=20)
    assert len(client.read_automations_by_name(FAILED)) == 1
    missing = alerts("--block", "custom-webhook/nope")
    assert missing.returncode == 2
    assert missing.stderr.strip().splitlines() == [
        "memcurator: no notification block 'custom-webhook/nope' on the Prefect server: "
        "create it (UI: Blocks, or `prefect block create`) or fix MEMCURATOR_ALERT_BLOCK"
    ]
