"""The nightly flow as an on-call engineer reads it in the Prefect UI: read back through the
session Prefect server's API after real runs on real stores (SQLite and PostgreSQL).

One partition name everywhere; a failed partition (a real PostgreSQL trigger refusing its
ledger row) leaves the others committed, a summary artifact that marks it, one readable line
and no SQL in Prefect's logs or states; a rerun reports the ledger's counts; artifact keys by
who started the run; the decision table without repeats."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any
from uuid import UUID, uuid4

import pytest
from sqlalchemy import Engine, text

from flows.nightly import MANUAL_KEYS, SCHEDULED_KEYS, NightFailed, artifact_keys
from flows.nightly import nightly_consolidation as nightly_flow
from memcurator.workload import generate_stream
from store.engine import make_engine, upgrade
from tests.passes import ingest, refuse_ledger_row

pytestmark = pytest.mark.usefixtures("flows_env")
DAY = "2025-01-10"
NAMES = [f"consolidate-{DAY}-p0{i}-of-03" for i in (1, 2, 3)]


@pytest.fixture(autouse=True)
def _store_url_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEMCURATOR_DATABASE_URL", raising=False)
    monkeypatch.delenv("MEMCURATOR_DATABASE_URL_SECRET", raising=False)


def _stream() -> list[str]:
    from datetime import UTC, datetime

    return list(generate_stream(users=3, days=6, seed=11, start=datetime(2025, 1, 6, tzinfo=UTC)))


@pytest.fixture
def seeded(store_url: str) -> Iterator[tuple[str, Engine]]:
    engine = make_engine(store_url)
    upgrade(engine)
    ingest(engine, _stream())
    yield store_url, engine
    engine.dispose()


@pytest.fixture
def client() -> Iterator[Any]:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as prefect_client:
        yield prefect_client


def run_night(url: str, **params: Any) -> tuple[Any, UUID]:
    """The nightly flow on ``url``; its final state and flow run id (a failure is returned)."""
    os.environ["MEMCURATOR_DATABASE_URL"] = url
    state = nightly_flow(as_of=DAY, return_state=True, **params)  # type: ignore[call-overload]
    return state, state.state_details.flow_run_id


def recorded(client: Any, run_id: UUID) -> tuple[list[Any], list[str], dict[str | None, Any]]:
    """The run's task runs, log messages and artifacts (by key) as the API has them."""
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        FlowRunFilter,
        FlowRunFilterId,
        LogFilter,
        LogFilterFlowRunId,
    )
    from prefect.logging.handlers import APILogHandler

    APILogHandler().flush()  # the logs still queued reach the API first
    tasks = client.read_task_runs(flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[run_id])))
    logs = [
        log.message
        for log in client.read_logs(LogFilter(flow_run_id=LogFilterFlowRunId(any_=[run_id])))
    ]
    artifacts = client.read_artifacts(
        artifact_filter=ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=[run_id]))
    )
    return tasks, logs, {(a.key, a.type): a for a in artifacts}


def test_a_partition_has_one_name_in_task_runs_log_lines_and_artifacts(
    seeded: tuple[str, Engine], client: Any
) -> None:
    url, _ = seeded
    state, run_id = run_night(url)
    assert state.is_completed()
    tasks, logs, artifacts = recorded(client, run_id)
    assert sorted(t.name for t in tasks) == NAMES
    for i, name in enumerate(NAMES, start=1):
        lines = [m for m in logs if f"p0{i}-of-03" in m]
        assert lines and all(m.startswith(f"{name}: ") for m in lines), lines
    summary = artifacts[(MANUAL_KEYS[0], "markdown")].data
    assert all(f"| {name} | committed |" in summary for name in NAMES), summary
    assert "## Gate drops on 2025-01-10" in summary and "## Drift" in summary
    # The decision table: human headers, one row per decision, no number said twice.
    table = artifacts[(MANUAL_KEYS[1], "table")].data
    rows = json.loads(table) if isinstance(table, str) else table
    assert list(rows[0]) == ["Decision", "Count", "Write-log rows"]
    decisions = [r["Decision"] for r in rows]
    assert len(decisions) == len(set(decisions))
    (promotion,) = [r for r in rows if r["Decision"].startswith("Promotions")]
    assert promotion["Count"] > 0
    assert f"promoted {promotion['Count']}" in promotion["Write-log rows"]
    assert f"inserted {promotion['Count']}" in promotion["Write-log rows"]


def test_a_tagged_night_keeps_its_tags_off_its_partition_tasks(
    seeded: tuple[str, Engine], client: Any
) -> None:
    """A backfilled night's run is tagged for the operator's filters; its partition tasks are
    not, since Prefect takes a tag-concurrency lease through its API for each tagged task run
    (it doubled a backfilled night's time)."""
    from prefect import tags

    url, _ = seeded
    with tags("nightly", "backfill", f"date:{DAY}"):
        state, run_id = run_night(url)
    assert state.is_completed()
    assert {"nightly", "backfill", f"date:{DAY}"} <= set(client.read_flow_run(run_id).tags)
    tasks, _, _ = recorded(client, run_id)
    assert sorted(t.name for t in tasks) == NAMES
    assert all(t.tags == [] for t in tasks), [t.tags for t in tasks]


def test_a_rerun_reports_what_the_ledger_recorded_not_zeros(
    seeded: tuple[str, Engine], client: Any
) -> None:
    url, _ = seeded
    first_state, _ = run_night(url)
    first = first_state.result()
    assert first["totals"]["promoted"] > 0
    second_state, run_id = run_night(url)
    second = second_state.result()
    assert second["already_done"] == 3
    assert second["totals"] == first["totals"]
    assert second["actions"] == first["actions"]
    assert second["this_run"] == dict.fromkeys(first["totals"], 0)
    _, logs, artifacts = recorded(client, run_id)
    summary = artifacts[(MANUAL_KEYS[0], "markdown")].data
    assert all(f"| {name} | already done on 20" in summary for name in NAMES), summary
    assert any("already done on" in m and m.startswith(NAMES[0]) for m in logs), logs


REFUSE_P02 = refuse_ledger_row("p02-of-03")


@pytest.mark.postgres
def test_a_failed_partition_is_marked_told_in_one_line_and_the_night_fails_after_the_others(
    pg_url: str, client: Any
) -> None:
    engine = make_engine(pg_url)
    try:
        upgrade(engine)
        ingest(engine, _stream())
        with engine.begin() as conn:
            conn.exec_driver_sql(REFUSE_P02)
        state, run_id = run_night(pg_url)
        assert state.is_failed()
        with pytest.raises(NightFailed, match="1 of 3 partitions failed \\(p02-of-03\\)"):
            state.result()
        assert f"memcurator consolidate --as-of {DAY}" in state.message
        with engine.connect() as conn:
            landed = conn.scalars(text("SELECT partition FROM consolidation_runs")).all()
        assert sorted(landed) == ["p01-of-03", "p03-of-03"]

        tasks, logs, artifacts = recorded(client, run_id)
        by_name = {t.name: t for t in tasks}
        assert sorted(by_name) == NAMES
        assert by_name[NAMES[1]].state.is_failed() and by_name[NAMES[1]].run_count == 1
        (line,) = [m for m in logs if m.startswith(f"{NAMES[1]} failed: ")]
        assert "RaiseException" in line and "SQLSTATE P0001" in line
        assert "not transient, so not retried" in line
        assert f"memcurator consolidate --as-of {DAY}" in line
        assert f"prefect deployment run 'nightly-consolidation/nightly' --param as_of={DAY}" in line
        summary = artifacts[(MANUAL_KEYS[0], "markdown")].data
        assert f"| {NAMES[1]} | **FAILED**: " in summary
        assert f"| {NAMES[0]} | committed |" in summary
        # Prefect's own failure logs and the states keep no SQL, parameters or raw message.
        everything = "\n".join(
            [*logs, state.message or "", *(t.state.message or "" for t in tasks)]
        )
        for leak in ("INSERT INTO", "consolidation_runs (", "[parameters:", "ledger refuses"):
            assert leak not in everything, leak

        with engine.begin() as conn:
            conn.exec_driver_sql("DROP TRIGGER refuse_p02 ON consolidation_runs")
        rerun, _ = run_night(pg_url)
        assert rerun.is_completed() and rerun.result()["already_done"] == 2
    finally:
        engine.dispose()


def test_the_scheduled_nights_own_the_latest_key_manual_and_backfilled_nights_do_not() -> None:
    from prefect.client.schemas.objects import FlowRun

    deployment = uuid4()
    scheduled = FlowRun(flow_id=uuid4(), deployment_id=deployment, auto_scheduled=True)
    manual = FlowRun(flow_id=uuid4(), deployment_id=deployment, auto_scheduled=False)
    backfilled = FlowRun(flow_id=uuid4(), parent_task_run_id=uuid4())
    assert (
        artifact_keys(scheduled) == SCHEDULED_KEYS == ("nightly-summary", "nightly-consolidation")
    )
    assert artifact_keys(manual) == MANUAL_KEYS
    assert artifact_keys(FlowRun(flow_id=uuid4())) == MANUAL_KEYS  # the CLI's own run
    assert artifact_keys(backfilled) == (None, None)
    assert artifact_keys(None) == MANUAL_KEYS
