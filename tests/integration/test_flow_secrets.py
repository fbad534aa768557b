"""The store's password never reaches Prefect: no flow-run parameter, state, log line or
artifact of a pass holds it, whether the URL came from ``--database-url`` or from a Prefect
Secret block. Everything is read back from a real Prefect server through its client."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from sqlalchemy.engine import make_url

from store.engine import make_engine
from store.tables import ConsolidationRun
from tests.integration.test_cli import run
from tests.integration.test_cli_passes import ingest_observations

pytestmark = pytest.mark.postgres
PASSWORD = "Pw-9f3k2LqZ-never-stored"
PAGE = 200


def with_password(url: str) -> str:
    """``url`` with a password (trust authentication ignores it; Prefect must too)."""
    return make_url(url).set(password=PASSWORD).render_as_string(hide_password=False)


@pytest.fixture
def client(prefect_api: str) -> Iterator[Any]:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as prefect_client:
        yield prefect_client


def _pages(read: Any) -> Iterable[Any]:
    offset = 0
    while True:
        page = read(limit=PAGE, offset=offset)
        yield from page
        if len(page) < PAGE:
            return
        offset += PAGE


def recorded_since(client: Any, since: datetime) -> tuple[list[Any], str]:
    """The flow runs started since ``since``, and everything Prefect holds about them
    (runs, states, task runs, logs, artifacts) as one text."""
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        FlowRunFilter,
        FlowRunFilterExpectedStartTime,
        FlowRunFilterId,
        LogFilter,
        LogFilterFlowRunId,
    )

    runs = list(
        _pages(
            lambda **page: client.read_flow_runs(
                flow_run_filter=FlowRunFilter(
                    expected_start_time=FlowRunFilterExpectedStartTime(after_=since)
                ),
                **page,
            )
        )
    )
    ids = [r.id for r in runs]
    by_run = FlowRunFilter(id=FlowRunFilterId(any_=ids))
    records: list[Any] = [*runs]
    records += _pages(lambda **page: client.read_task_runs(flow_run_filter=by_run, **page))
    records += _pages(
        lambda **page: client.read_logs(
            log_filter=LogFilter(flow_run_id=LogFilterFlowRunId(any_=ids)), **page
        )
    )
    records += _pages(
        lambda **page: client.read_artifacts(
            artifact_filter=ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=ids)), **page
        )
    )
    for r in runs:
        records += client.read_flow_run_states(r.id)
    return runs, "\n".join(r.model_dump_json() for r in records)


def test_the_cli_passes_never_give_prefect_the_password(
    pg_url: str, tmp_path: Path, client: Any, prefect_api: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PREFECT_API_URL", prefect_api)
    url = with_password(pg_url)
    ingest_observations(url, tmp_path)
    since = datetime.now(UTC)
    outputs = []
    for args in (
        ("backfill", "--start", "2025-03-01", "--end", "2025-03-03", "--partitions", "2"),
        ("consolidate", "--as-of", "2025-03-04", "--partitions", "2"),
    ):
        result = run(*args, "--database-url", url)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout + result.stderr)
    runs, recorded = recorded_since(client, since)
    assert sorted(r.name for r in runs) == [
        "backfill-2025-03-01-to-2025-03-03",  # its nights are its partitions' tasks
        "nightly-2025-03-04",
    ]
    for r in runs:
        assert "database_url" not in r.parameters, (r.name, r.parameters)
    assert "active observations" in recorded and "nightly-summary" in recorded  # logs, artifacts
    assert PASSWORD not in recorded
    assert all(PASSWORD not in out for out in outputs)


def test_flows_read_the_url_from_a_secret_block_named_in_the_settings(
    pg_url: str, tmp_path: Path, client: Any, flows_env: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from prefect.blocks.system import Secret

    from flows.consolidation import backfill

    url = with_password(pg_url)
    ingest_observations(url, tmp_path)
    Secret(value=url).save("memcurator-test-store", overwrite=True)
    monkeypatch.setenv("MEMCURATOR_DATABASE_URL_SECRET", "memcurator-test-store")
    monkeypatch.setenv("MEMCURATOR_DATABASE_URL", "sqlite:///" + os.devnull)  # must not be used
    since = datetime.now(UTC)
    summary = backfill(start="2025-03-02", end="2025-03-03", partitions=2)
    assert summary["totals"]["promoted"] == 1
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 4
    finally:
        engine.dispose()
    runs, recorded = recorded_since(client, since)
    assert len(runs) == 1 and PASSWORD not in recorded
