"""A backfill's partitions in worker processes on this machine (``flows.local_cluster``).

``MEMCURATOR_BACKFILL_WORKERS=2`` starts a temporary Dask cluster of two worker processes for
the backfill's run; the partition tasks run there (each worker says how many it ran) and the
store ends as the thread runner leaves an identical one: the same export, write-log counts and
ledger. The workers find the store's URL in the environment they inherit and the Prefect API
the flow reports to from the flow's process.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, func, select

import flows.backfill as backfill_body
from flows.consolidation import backfill
from flows.local_cluster import local_workers, unused_workers
from memcurator.settings import Settings
from store.tables import ConsolidationRun
from tests.integration.test_dask import (
    NIGHTS,
    ROOT,
    assert_same_store,
    pg_store,  # noqa: F401  (the fixture)
    threads_backfill,
)

pytestmark = pytest.mark.usefixtures("flows_env")


@pytest.fixture(autouse=True)
def _env_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MEMCURATOR_DASK_ADDRESS", "MEMCURATOR_BACKFILL_WORKERS",
                 "MEMCURATOR_DATABASE_URL", "MEMCURATOR_DATABASE_URL_SECRET"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)


def test_a_backfill_on_two_local_workers_exports_what_the_thread_runner_does(
    pg_store: Callable[[], tuple[str, Engine]],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    threads_url, threads_engine = pg_store()
    summary = threads_backfill(threads_url, monkeypatch)
    assert summary["totals"]["promoted"] > 0 and summary["totals"]["topics_created"] > 0
    url, engine = pg_store()
    ran: dict[str, int] = {}
    entered = backfill_body.local_cluster

    @contextmanager
    def counted(workers: int, partitions: int) -> Iterator[Any]:
        with entered(workers, partitions) as runner:
            yield runner
            # Before the cluster goes: how many tasks each worker process ran.
            ran.update(runner.client.run(lambda dask_worker: dask_worker.state.executed_count))

    monkeypatch.setattr(backfill_body, "local_cluster", counted)
    monkeypatch.setenv("MEMCURATOR_DATABASE_URL", url)
    monkeypatch.setenv("MEMCURATOR_BACKFILL_WORKERS", "2")
    state = backfill(start=NIGHTS[0], end=NIGHTS[1], partitions=3, return_state=True)
    result = state.result()
    assert len(ran) == 2, ran  # two worker processes
    assert sum(ran.values()) == 3, ran  # every partition's task (its 4 nights) ran on them
    assert all(n > 0 for n in ran.values()), ran  # and on both
    assert result["totals"] == summary["totals"]
    assert result["per_night"] == summary["per_night"]
    assert_same_store(engine, threads_engine)
    # What the operator reads in the UI: each task's line per night, sent from the workers,
    # and the flow's progress line per night.
    lines = run_log(
        state.state_details.flow_run_id,
        lambda lines: len(nightly(lines)) == 12 and len(progress(lines)) == 4,
    )
    assert len(nightly(lines)) == 12, lines  # 4 nights x 3 partitions
    assert len(progress(lines)) == 4, lines


def progress(lines: list[str]) -> list[str]:
    return [m for m in lines if m.startswith("night ")]


def nightly(lines: list[str]) -> list[str]:
    return [m for m in lines if m.startswith("consolidate-2025-01-1") and " scopes, " in m]


def run_log(flow_run_id: Any, enough: Callable[[list[str]], bool]) -> list[str]:
    """The flow run's log messages (its tasks' included) once ``enough`` (at most 30 s)."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import LogFilter, LogFilterFlowRunId

    deadline = time.monotonic() + 30
    with get_client(sync_client=True) as client:
        while True:
            logs = client.read_logs(LogFilter(flow_run_id=LogFilterFlowRunId(any_=[flow_run_id])))
            lines = [log.message for log in logs]
            if enough(lines) or time.monotonic() > deadline:
                return lines
            time.sleep(0.5)


def test_how_many_local_workers_a_backfill_gets() -> None:
    pg = create_engine("postgresql+psycopg://nobody@127.0.0.1:1/none")  # never connected
    sqlite = create_engine("sqlite://")
    assert local_workers(pg, 8, Settings(backfill_workers=0)) == 0  # the default: threads
    assert local_workers(pg, 8, Settings(backfill_workers=2)) == 2
    assert local_workers(pg, 3, Settings(backfill_workers=8)) == 3  # at most one a partition
    # The SQLite store's lock is a file lock of the flow's process; a cluster already there wins.
    assert local_workers(sqlite, 8, Settings(backfill_workers=2)) == 0
    on_cluster = Settings(backfill_workers=2, dask_address="tcp://127.0.0.1:8786")
    assert local_workers(pg, 8, on_cluster) == 0
    # Asked for and not used: the run's log says why.
    assert unused_workers(pg, Settings(backfill_workers=0)) is None
    assert unused_workers(pg, Settings(backfill_workers=2)) is None
    assert "PostgreSQL" in (unused_workers(sqlite, Settings(backfill_workers=2)) or "")
    assert "MEMCURATOR_DASK_ADDRESS" in (unused_workers(pg, on_cluster) or "")


@pytest.mark.parametrize("value", ["-1", "65", "two"])
def test_a_bad_workers_count_is_one_clear_line(value: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "memcurator", "backfill", "--start", NIGHTS[0],
         "--end", NIGHTS[1], "--workers", value],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert "Invalid value for '--workers'" in result.stderr
    assert "Traceback" not in result.stderr


def test_workers_on_a_sqlite_store_run_as_threads_and_say_why(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'store.db'}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCURATOR_")}
    cli = [sys.executable, "-m", "memcurator"]
    init = subprocess.run([*cli, "init", "--database-url", url], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert init.returncode == 0, init.stderr
    result = subprocess.run(
        [*cli, "backfill", "--start", NIGHTS[0], "--end", NIGHTS[1], "--workers", "2",
         "--database-url", url],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    assert "MEMCURATOR_BACKFILL_WORKERS not used: local worker processes need a PostgreSQL" in (
        result.stderr
    )
    assert "4 of 4 nights done" in result.stderr


def test_workers_that_cannot_start_are_one_clear_line_and_nothing_runs(
    pg_store: Callable[[], tuple[str, Engine]],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from prefect_dask.task_runners import DaskTaskRunner

    class Unstartable(DaskTaskRunner):  # type: ignore[misc]
        @property
        def client(self) -> Any:
            raise OSError("no free port for the scheduler")

    monkeypatch.setattr("prefect_dask.task_runners.DaskTaskRunner", Unstartable)
    url, engine = pg_store()
    monkeypatch.setenv("MEMCURATOR_DATABASE_URL", url)
    monkeypatch.setenv("MEMCURATOR_BACKFILL_WORKERS", "2")
    state = backfill(start=NIGHTS[0], end=NIGHTS[1], partitions=3, return_state=True)
    assert state.is_failed()
    message = str(state.result(raise_on_failure=False))
    assert message == (
        "could not start 2 local worker processes for the backfill: no free port for the "
        "scheduler; run it on threads with --workers 0 (MEMCURATOR_BACKFILL_WORKERS=0)"
    )
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 0
    # The pass lock was let go: the same backfill on threads runs at once.
    monkeypatch.setenv("MEMCURATOR_BACKFILL_WORKERS", "0")
    done = backfill(start=NIGHTS[0], end=NIGHTS[1], partitions=3)
    assert done["nights"] == 4
