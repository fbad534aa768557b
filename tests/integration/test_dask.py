"""The nightly pass's partitions on a real Dask cluster (``flows.runners``), on PostgreSQL.

Each test starts a real ``dask scheduler`` and ``dask worker`` processes on loopback (free
ports, torn down in ``finally``). The workers read the store's URL from their own environment,
as they would on another machine; the flows run in this process against the session's Prefect
server. A backfill through the cluster must give the same export as the thread runner's on an
identical store, and so must one whose worker is SIGKILLed mid-pass.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, func, select, text

from flows.consolidation import backfill
from flows.runners import PartitionTaskRunner
from memcurator.settings import Settings
from store.engine import make_engine, upgrade
from store.tables import ConsolidationRun, WriteLog
from tests.integration.test_flows import stream
from tests.passes import export, ingest, log_counts

pytestmark = pytest.mark.usefixtures("flows_env")
ROOT = Path(__file__).resolve().parents[2]
DASK = Path(sys.executable).parent / "dask"
NIGHTS = ("2025-01-10", "2025-01-13")  # four nights, three partitions each


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Cluster:
    address: str
    workers: dict[str, subprocess.Popen[bytes]]  # worker address -> its process
    logs: dict[str, Path]

    def log(self, worker: str) -> str:
        return self.logs[worker].read_text(errors="replace")


@contextmanager
def dask_cluster(url: str, prefect_api: str, logs: Path, workers: int = 2) -> Iterator[Cluster]:
    """A ``dask scheduler`` and ``workers`` single-threaded ``dask worker`` processes (no
    nanny, so a killed worker stays dead), each with the store's URL in its environment."""
    env = {
        **os.environ,
        "MEMCURATOR_DATABASE_URL": url,
        "PREFECT_API_URL": prefect_api,
        "PYTHONPATH": str(ROOT),
        "MEMCURATOR_RETRY_BACKOFF_SECONDS": "0.05",
    }
    env.pop("MEMCURATOR_DASK_ADDRESS", None)
    address = f"tcp://127.0.0.1:{free_port()}"
    procs: list[subprocess.Popen[bytes]] = []
    files = []

    def start(name: str, *args: str) -> tuple[subprocess.Popen[bytes], Path]:
        path = logs / f"{name}.log"
        out = path.open("wb")
        files.append(out)
        proc = subprocess.Popen(
            [str(DASK), *args], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
        )
        procs.append(proc)
        return proc, path

    try:
        port = address.rsplit(":", 1)[1]
        start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard")
        cluster = Cluster(address, {}, {})
        for n in range(workers):
            worker = f"tcp://127.0.0.1:{free_port()}"
            proc, path = start(
                f"worker{n}", "worker", address, "--host", "127.0.0.1",
                "--worker-port", worker.rsplit(":", 1)[1], "--nthreads", "1",
                "--no-nanny", "--no-dashboard", "--name", f"worker{n}",
            )  # fmt: skip
            cluster.workers[worker] = proc
            cluster.logs[worker] = path
        with scheduler_client(address) as client:
            client.wait_for_workers(workers, timeout=120)
        yield cluster
    finally:
        for proc in reversed(procs):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        for out in files:
            out.close()


@contextmanager
def scheduler_client(address: str) -> Iterator[Any]:
    from distributed import Client

    client = Client(address, timeout=60, set_as_default=False)
    try:
        yield client
    finally:
        client.close()


@pytest.fixture
def pg_store(pg_schemas: Callable[[], str]) -> Iterator[Callable[[], tuple[str, Engine]]]:
    """A maker of migrated PostgreSQL stores, each fed the same stream."""
    engines: list[Engine] = []
    lines = stream(days=10)

    def make() -> tuple[str, Engine]:
        url = pg_schemas()
        engine = make_engine(url)
        upgrade(engine)
        ingest(engine, lines)
        engines.append(engine)
        return url, engine

    yield make
    for engine in engines:
        engine.dispose()


@pytest.fixture(autouse=True)
def _env_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEMCURATOR_DASK_ADDRESS", raising=False)
    monkeypatch.delenv("MEMCURATOR_DATABASE_URL", raising=False)
    monkeypatch.delenv("MEMCURATOR_DATABASE_URL_SECRET", raising=False)


def threads_backfill(url: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setenv("MEMCURATOR_DATABASE_URL", url)
    monkeypatch.delenv("MEMCURATOR_DASK_ADDRESS", raising=False)
    result: dict[str, Any] = backfill(start=NIGHTS[0], end=NIGHTS[1], partitions=3)
    return result


def tasks_run_on(cluster: Cluster, worker: str) -> int:
    """How many partition tasks Prefect's task run logger says finished on ``worker``."""
    return sum(
        1
        for line in cluster.log(worker).splitlines()
        if "Task run 'consolidate-" in line and "Finished in state Completed" in line
    )


def assert_same_store(engine: Engine, reference: Engine) -> None:
    assert export(engine) == export(reference)
    assert log_counts(engine) == log_counts(reference)
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 4 * 3
        unattributed = conn.scalar(
            select(func.count()).where(
                WriteLog.rule.in_(("expiry", "promotion", "consolidation")),
                WriteLog.flow_run_id.is_(None),
            )
        )
        assert unattributed == 0


def test_a_backfill_on_two_dask_workers_exports_what_the_thread_runner_does(
    pg_store: Callable[[], tuple[str, Engine]],
    flows_env: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Through the CLI's --dask-address: the flag reaches the backfill's partition tasks."""
    threads_url, threads_engine = pg_store()
    summary = threads_backfill(threads_url, monkeypatch)
    assert summary["totals"]["promoted"] > 0 and summary["totals"]["topics_created"] > 0
    url, engine = pg_store()
    with dask_cluster(url, flows_env, tmp_path) as cluster:
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCURATOR_")}
        env.update(PREFECT_API_URL=flows_env, MEMCURATOR_RETRY_BACKOFF_SECONDS="0.05")
        result = subprocess.run(
            [sys.executable, "-m", "memcurator", "backfill", "--start", NIGHTS[0],
             "--end", NIGHTS[1], "--partitions", "3", "--database-url", url,
             "--dask-address", cluster.address],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr[-3000:]
        ran = {worker: tasks_run_on(cluster, worker) for worker in cluster.workers}
    assert sum(ran.values()) == 3, ran  # every partition's task (its 4 nights) ran there
    assert all(n > 0 for n in ran.values()), ran  # and on both workers
    assert_same_store(engine, threads_engine)


def backends_waiting_on_the_ledger(engine: Engine) -> int:
    with engine.connect() as conn:
        waiting: int = conn.scalar(
            text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND query ILIKE '%consolidation_runs%'"
            )
        )
        return waiting


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.1)


def test_a_worker_killed_mid_pass_is_survived_with_the_same_export(
    pg_store: Callable[[], tuple[str, Engine]],
    flows_env: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """The test holds the ledger table locked, so every partition task stops, its writes
    made, at its ledger row; one worker is SIGKILLed there (its transaction dies with its
    connection: its backend, blocked on the lock, notices only once granted it, and never
    gets a COMMIT), then the lock is let go. Dask runs the lost task again on the survivor."""
    threads_url, threads_engine = pg_store()
    threads_backfill(threads_url, monkeypatch)
    url, engine = pg_store()
    outcome: dict[str, Any] = {}
    with dask_cluster(url, flows_env, tmp_path) as cluster:
        monkeypatch.setenv("MEMCURATOR_DATABASE_URL", url)
        monkeypatch.setenv("MEMCURATOR_DASK_ADDRESS", cluster.address)
        blocker = engine.connect()
        held = blocker.begin()
        blocker.execute(text("LOCK TABLE consolidation_runs IN EXCLUSIVE MODE"))

        def run() -> None:
            try:
                outcome["summary"] = backfill(start=NIGHTS[0], end=NIGHTS[1], partitions=3)
            except BaseException as exc:  # reported by the assertion below
                outcome["error"] = exc

        flow = threading.Thread(target=run)
        flow.start()
        try:
            wait_until(lambda: backends_waiting_on_the_ledger(engine) == 2, 180, "both wait")
            with scheduler_client(cluster.address) as client:
                busy = [w for w, keys in client.processing().items() if keys]
                victim = busy[0]
                os.kill(cluster.workers[victim].pid, signal.SIGKILL)
                cluster.workers[victim].wait(timeout=30)
                wait_until(
                    lambda: victim not in client.scheduler_info()["workers"], 60, "it is gone"
                )
        finally:
            held.commit()
            blocker.close()
            flow.join(timeout=600)
        survivor = next(w for w in cluster.workers if w != victim)
        survivor_tasks = tasks_run_on(cluster, survivor)
    assert "error" not in outcome, repr(outcome.get("error"))
    assert outcome["summary"]["nights"] == 4
    assert survivor_tasks >= 1
    assert_same_store(engine, threads_engine)


def test_the_dask_address_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings().dask_address is None
    assert PartitionTaskRunner().kind() == "threads"
    monkeypatch.setenv("MEMCURATOR_DASK_ADDRESS", "tcp://10.0.0.5:8786")
    assert Settings().dask_address == "tcp://10.0.0.5:8786"
    assert PartitionTaskRunner().kind() == "dask"
    assert PartitionTaskRunner("tcp://127.0.0.1:1").duplicate().address == "tcp://127.0.0.1:1"


def cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("MEMCURATOR_")}
    return subprocess.run(
        [sys.executable, "-m", "memcurator", *args],
        cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.strip().splitlines() if line.startswith("memcurator")]
    errors = [line for line in lines if "running the nightly pass" not in line]
    assert len(errors) == 1, result.stderr
    return errors[0]


@pytest.mark.parametrize("command", ["consolidate", "backfill"])
def test_a_bad_dask_address_is_one_clear_line_from_the_flag_or_the_environment(
    command: str, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'store.db'}"
    dates = ["--as-of", "2025-01-10"] if command == "consolidate" else [
        "--start", "2025-01-10", "--end", "2025-01-10"]  # fmt: skip
    flag = cli(command, *dates, "--database-url", url, "--dask-address", "localhost", env={})
    assert flag.returncode == 2
    assert "not a Dask scheduler address: 'localhost'" in one_line(flag)
    from_env = cli(command, *dates, "--database-url", url, env={"MEMCURATOR_DASK_ADDRESS": "8786"})
    assert from_env.returncode == 2
    assert "not a Dask scheduler address: '8786'" in one_line(from_env)


def test_an_unreachable_scheduler_is_one_clear_line_and_nothing_runs(
    pg_url: str, flows_env: str
) -> None:
    engine = make_engine(pg_url)
    upgrade(engine)
    address = f"tcp://127.0.0.1:{free_port()}"  # nothing listens there
    result = cli(
        "consolidate", "--as-of", "2025-01-10", "--database-url", pg_url,
        "--dask-address", address,
        env={"PREFECT_API_URL": flows_env, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"},
    )  # fmt: skip
    assert result.returncode == 4, result.stderr
    assert f"cannot reach the Dask scheduler at {address}" in one_line(result)
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 0
    engine.dispose()


def test_a_sqlite_store_on_a_dask_cluster_is_refused_in_one_line(
    tmp_path: Path, flows_env: str
) -> None:
    """A worker could neither share the file nor check its lock: refused before any task."""
    url = f"sqlite:///{tmp_path / 'store.db'}"
    assert cli("init", "--database-url", url, env={}).returncode == 0
    result = cli(
        "consolidate", "--as-of", "2025-01-10", "--database-url", url,
        "--dask-address", f"tcp://127.0.0.1:{free_port()}", env={"PREFECT_API_URL": flows_env},
    )  # fmt: skip
    assert result.returncode == 4, result.stderr
    assert "a Dask cluster needs a PostgreSQL store" in one_line(result)
