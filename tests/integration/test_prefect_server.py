"""The deployments against a real Prefect server: served by ``memcurator serve``, and
deployed from ``deployments/prefect.yaml`` to a process work pool with a worker.

A local ``prefect server start`` runs as a subprocess with its own PREFECT_HOME; the store
is a fresh PostgreSQL schema. The backfill is triggered the way an operator does it,
``prefect deployment run 'backfill/manual' --param ...``, and everything Prefect records
about it (the flow run, its nightly subflows, their tasks, logs and artifacts) is read back
through the API, as is what the pass wrote to the store. Every subprocess writes its output
to a file under the test's temporary directory; a failure prints their tails.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar
from uuid import UUID

import pytest
from sqlalchemy import text

from memcurator.app.ingest import ingest_stream, read_lines
from memcurator.workload import generate_stream
from store.engine import make_engine, upgrade
from tests.integration.test_flow_secrets import PASSWORD, with_password
from tests.passes import refuse_ledger_row

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DEPLOYMENTS = {
    "nightly-consolidation/nightly": "flows/nightly.py:nightly_consolidation",
    "backfill/manual": "flows/consolidation.py:backfill",
    "audit/weekly": "flows/operations.py:audit",
    "ingest/import": "flows/operations.py:ingest",
}
NIGHTS = ("2025-01-06", "2025-01-07", "2025-01-08")
PARTITIONS = ("p01-of-02", "p02-of-02")
UUID_LINE = re.compile(r"UUID:\s*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})")
T = TypeVar("T")


def executable(name: str) -> str:
    """``name`` from this interpreter's bin directory; a missing one fails, never skips."""
    found = shutil.which(name, path=str(BIN))
    if found is None:
        pytest.fail(f"no {name!r} executable in {BIN}: install the project (make install)")
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def base_env(home: Path, **extra: str) -> dict[str, str]:
    """This environment without any PREFECT_* or MEMCURATOR_* setting, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "MEMCURATOR_"))}
    env.update(
        PREFECT_HOME=str(home),
        PREFECT_SERVER_ANALYTICS_ENABLED="false",
        PREFECT_SERVER_UI_ENABLED="false",
        COLUMNS="200",  # keep rich from wrapping the CLI's "UUID: ..." line
        PYTHONUNBUFFERED="1",
        # This checkout's code, not the editable install's (a console script such as
        # `memcurator` has its bin directory, not the working directory, on sys.path).
        PYTHONPATH=str(ROOT),
    )
    env.update(extra)
    return env


def tail(path: Path, lines: int = 40) -> str:
    if not path.exists():
        return "(no file)"
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


class Proc:
    """A long-running subprocess in its own process group, its output in two files."""

    def __init__(
        self, name: str, args: Sequence[str], *, env: dict[str, str], cwd: Path, logs: Path
    ) -> None:
        self.name = name
        self.out = logs / f"{name}.stdout"
        self.err = logs / f"{name}.stderr"
        with self.out.open("wb") as out, self.err.open("wb") as err:
            self.popen = subprocess.Popen(
                list(args),
                env=env,
                cwd=cwd,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                start_new_session=True,
            )

    def alive(self) -> bool:
        return self.popen.poll() is None

    def report(self) -> str:
        state = "running" if self.alive() else f"exited with {self.popen.returncode}"
        return (
            f"--- {self.name} ({state}) stdout, last lines ---\n{tail(self.out)}\n"
            f"--- {self.name} stderr, last lines ---\n{tail(self.err)}\n"
        )

    def children(self) -> list[int]:
        """The process's live child processes (Linux; elsewhere assume none after a pause)."""
        tasks = Path(f"/proc/{self.popen.pid}/task")
        if not tasks.is_dir():
            time.sleep(5)
            return []
        found: list[int] = []
        for task in tasks.iterdir():
            with suppress(OSError):
                found += [int(pid) for pid in (task / "children").read_text().split()]
        return found

    def stop(self, timeout: float = 20.0) -> None:
        """SIGTERM, as an operator stops it; SIGKILL to its process group if it lingers,
        and to any straggler of the group afterwards."""
        if self.alive():
            self.popen.send_signal(signal.SIGTERM)
        try:
            self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self._kill_group()
            self.popen.wait(timeout=timeout)
        self._kill_group()

    def _kill_group(self) -> None:
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(self.popen.pid, signal.SIGKILL)


@dataclass
class Server:
    url: str
    home: Path
    logs: Path
    procs: list[Proc] = field(default_factory=list)

    @property
    def api(self) -> str:
        return f"{self.url}/api"

    def report(self) -> str:
        return "\n".join(p.report() for p in reversed(self.procs))

    def env(self, **extra: str) -> dict[str, str]:
        return base_env(self.home, PREFECT_API_URL=self.api, **extra)

    @contextmanager
    def running(self, name: str, args: Sequence[str], *, cwd: Path, **env: str) -> Iterator[Proc]:
        """A client process of this server for the ``with`` block; stopped whatever happens."""
        proc = Proc(name, args, env=self.env(**env), cwd=cwd, logs=self.logs)
        self.procs.append(proc)
        try:
            yield proc
        finally:
            proc.stop()
            self.procs.remove(proc)

    def cli(self, *args: str, cwd: Path = ROOT) -> str:
        """Run the prefect CLI against this server; its output, or a failure with the logs."""
        result = subprocess.run(
            [executable("prefect"), *args],
            env=self.env(),
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0, (
            f"prefect {' '.join(args)} exited with {result.returncode}\n"
            f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}\n{self.report()}"
        )
        return result.stdout

    def settled(self, proc: Proc) -> None:
        """Wait until ``proc`` runs no flow-run process any more. A runner or worker stopped
        while a finished run's process is still exiting cancels that run, and the runner
        forces Cancelled over Completed (prefect.runner._state_proposer.propose_cancelled)."""
        self.wait_for(f"{proc.name}'s flow-run processes to exit", lambda: not proc.children(), 60)

    def wait_for(
        self, what: str, check: Callable[[], T | None], timeout: float, every: float = 1.0
    ) -> T:
        """Poll ``check`` until it returns something truthy; fail with the logs on timeout,
        or as soon as one of the subprocesses has died."""
        deadline = time.monotonic() + timeout
        last: BaseException | None = None
        while True:
            try:
                value = check()
            except Exception as exc:
                value, last = None, exc
            if value:
                return value
            dead = [p.name for p in self.procs if not p.alive()]
            if dead or time.monotonic() > deadline:
                why = f"{', '.join(dead)} exited" if dead else f"timed out after {timeout:.0f} s"
                pytest.fail(
                    f"{why} while waiting for {what} (last error: {last!r})\n{self.report()}",
                    pytrace=False,
                )
            time.sleep(every)


def healthy(url: str) -> bool:
    with urllib.request.urlopen(f"{url}/api/health", timeout=5) as response:
        return bool(response.status == 200)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A local Prefect server on a free port, its database in its own PREFECT_HOME."""
    logs = tmp_path_factory.mktemp("prefect")
    port = free_port()
    home = logs / "home"
    env = base_env(home, PREFECT_SERVER_SERVICES_SCHEDULER_ENABLED="false")  # no 02:00 surprise
    proc = Proc(
        "server",
        [executable("prefect"), "server", "start", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        cwd=logs,
        logs=logs,
    )
    running = Server(f"http://127.0.0.1:{port}", home, logs, [proc])
    try:
        running.wait_for("the Prefect server's /api/health", lambda: healthy(running.url), 120)
        yield running
    finally:
        proc.stop()


@pytest.fixture
def client(server: Server) -> Iterator[Any]:
    """A synchronous Prefect client on the test server."""
    from prefect.client.orchestration import get_client
    from prefect.settings import PREFECT_API_URL, temporary_settings

    with (
        temporary_settings(updates={PREFECT_API_URL: server.api}),
        get_client(sync_client=True) as prefect_client,
    ):
        yield prefect_client


def seeded_store(url: str) -> str:
    """Migrate the store at ``url`` and gate six days of two users' sessions into it."""
    engine = make_engine(url)
    try:
        upgrade(engine)
        data = "".join(f"{line}\n" for line in generate_stream(users=2, days=6)).encode()
        report = ingest_stream(engine, read_lines(io.BytesIO(data), max_line_bytes=1_048_576))
        assert report.outcomes["inserted"] > 0
    finally:
        engine.dispose()
    return url


def run_backfill(server: Server, client: Any, start: str, end: str) -> Any:
    """``prefect deployment run 'backfill/manual'`` for start..end; the finished flow run."""
    output = server.cli(
        "deployment", "run", "backfill/manual", "--param", f"start={start}", "--param", f"end={end}"
    )
    found = UUID_LINE.search(output)
    assert found, f"no flow run UUID in the output of prefect deployment run:\n{output}"
    run_id = UUID(found.group(1))

    def finished() -> Any:
        run = client.read_flow_run(run_id)
        return run if run.state is not None and run.state.is_final() else None

    run = server.wait_for(f"flow run {run_id} to finish", finished, 180)
    assert run.state.is_completed(), (
        f"backfill run {run.name} ended {run.state.type}: {run.state.message}\n{server.report()}"
    )
    return run


def nightly_runs(client: Any, backfill_id: UUID) -> dict[str, Any]:
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterParentFlowRunId

    runs = client.read_flow_runs(
        flow_run_filter=FlowRunFilter(
            parent_flow_run_id=FlowRunFilterParentFlowRunId(any_=[backfill_id])
        )
    )
    return {r.name: r for r in runs}


def read_store(url: str) -> tuple[list[tuple[str, str, str | None]], list[str | None]]:
    """The consolidation ledger's rows and the flow run ids of the pass's write-log rows."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            ledger = [
                (r.run_date, r.partition, r.flow_run_id)
                for r in conn.execute(
                    text(
                        "SELECT run_date, partition, flow_run_id FROM consolidation_runs "
                        "ORDER BY run_date, partition"
                    )
                )
            ]
            logged = list(
                conn.scalars(
                    text("SELECT flow_run_id FROM write_log WHERE flow_run_id IS NOT NULL")
                )
            )
    finally:
        engine.dispose()
    return ledger, logged


REFUSE_P02 = refuse_ledger_row("p02-of-02")
FAILED_NIGHT = "2025-01-09"


def in_store(url: str, sql: str) -> None:
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql(sql)
    finally:
        engine.dispose()


def finished(server: Server, client: Any, run_id: UUID, what: str) -> Any:
    def final() -> Any:
        run = client.read_flow_run(run_id)
        return run if run.state is not None and run.state.is_final() else None

    return server.wait_for(what, final, 180)


def run_records(client: Any, run_id: UUID) -> tuple[list[Any], list[str], list[Any]]:
    """A flow run's task runs, log messages and artifacts (oldest first), through the API."""
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        FlowRunFilter,
        FlowRunFilterId,
        LogFilter,
        LogFilterFlowRunId,
    )

    tasks = client.read_task_runs(flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[run_id])))
    logs = client.read_logs(LogFilter(flow_run_id=LogFilterFlowRunId(any_=[run_id])))
    artifacts = client.read_artifacts(
        artifact_filter=ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=[run_id]))
    )
    return tasks, [log.message for log in logs], sorted(artifacts, key=lambda a: a.created)


def ledger_total_row(url: str, day: str) -> str:
    """The summary's total row as the ledger's counts for ``day`` make it."""
    from memcurator.steps import FIGURES

    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            counts = [
                r.counts
                for r in conn.execute(
                    text("SELECT counts FROM consolidation_runs WHERE run_date = :d"), {"d": day}
                )
            ]
    finally:
        engine.dispose()
    keys = ["scopes", "observations", *(f.key for f in FIGURES)]
    return "| **total** |  | " + " | ".join(str(sum(c[k] for c in counts)) for k in keys) + " |"


def failed_then_retried(server: Server, client: Any, url: str) -> None:
    """A night with one partition refused by a real trigger: it fails after the other
    partition committed, marks the failure in its summary, tells it in one line without SQL;
    Retry on the flow run (the UI's action: AwaitingRetry) then reports the ledger's counts."""
    from prefect.states import AwaitingRetry

    in_store(url, REFUSE_P02)
    output = server.cli(
        "deployment", "run", "nightly-consolidation/nightly", "--param", f"as_of={FAILED_NIGHT}"
    )
    found = UUID_LINE.search(output)
    assert found, output
    run_id = UUID(found.group(1))
    run = finished(server, client, run_id, "the failing night to finish")
    assert run.state.is_failed(), (run.state.type, server.report())
    assert "1 of 2 partitions failed (p02-of-02)" in (run.state.message or "")
    assert all("database_url" not in k for k in run.parameters)
    names = [f"consolidate-{FAILED_NIGHT}-{label}" for label in PARTITIONS]

    def failure_told() -> tuple[list[Any], list[str], list[Any]] | None:
        tasks, logs, artifacts = run_records(client, run_id)
        told = [m for m in logs if m.startswith(f"{names[1]} failed: ")]
        return (tasks, logs, artifacts) if told and len(tasks) == 2 else None

    tasks, logs, artifacts = server.wait_for("the failure's line", failure_told, 30)
    assert sorted(t.name for t in tasks) == names
    (line,) = [m for m in logs if m.startswith(f"{names[1]} failed: ")]
    assert "SQLSTATE P0001" in line and "not transient, so not retried" in line, line
    assert f"memcurator consolidate --as-of {FAILED_NIGHT}" in line
    assert f"--param as_of={FAILED_NIGHT}" in line
    messages = [*logs, run.state.message or "", *(t.state.message or "" for t in tasks)]
    for leak in ("INSERT INTO", "consolidation_runs (", "[parameters:", "ledger refuses"):
        assert not [m for m in messages if leak in m], leak
    (summary,) = [a for a in artifacts if a.key == "nightly-summary-manual"]
    assert f"| {names[1]} | **FAILED**: " in summary.data
    assert f"| {names[0]} | committed |" in summary.data
    assert [a.key for a in artifacts if a.type == "table"] == ["nightly-consolidation-manual"]

    in_store(url, "DROP TRIGGER refuse_p02 ON consolidation_runs")
    client.set_flow_run_state(run_id, AwaitingRetry(), force=True)

    def retried() -> Any:
        again = client.read_flow_run(run_id)
        return again if again.run_count > run.run_count and again.state.is_final() else None

    again = server.wait_for("the retried night to finish", retried, 180)
    assert again.state.is_completed(), (again.state.type, server.report())
    _, _, artifacts = run_records(client, run_id)
    latest = [a for a in artifacts if a.key == "nightly-summary-manual"][-1]
    assert f"| {names[0]} | already done on 20" in latest.data, latest.data
    assert f"| {names[1]} | committed |" in latest.data, latest.data
    assert ledger_total_row(url, FAILED_NIGHT) in latest.data, latest.data


def window_before_latest_night(now: datetime) -> datetime:
    """A minute before the latest 02:00 UTC at or before ``now``: the schedule's first time
    after it is due, whatever the hour the tests run at. (A window of "now less 23 hours"
    met 02:00 later today when run between 01:00 and 02:00, so that run was not due yet.)"""
    latest = now.astimezone(UTC).replace(hour=2, minute=0, second=0, microsecond=0)
    if latest > now:
        latest -= timedelta(days=1)
    return latest - timedelta(minutes=1)


def test_the_scheduled_window_is_due_at_any_hour() -> None:
    for hour, minute in [(0, 0), (1, 16), (1, 59), (2, 0), (2, 1), (13, 30), (23, 59)]:
        now = datetime(2026, 12, 5, hour, minute, tzinfo=UTC)
        start = window_before_latest_night(now)
        first = start + timedelta(minutes=1)  # the schedule's first 02:00 after the start
        assert first.hour == 2 and first.minute == 0
        assert now - timedelta(days=1) < first <= now, (now, first)


def scheduled_night_owns_the_latest_key(server: Server, client: Any, deployment: UUID) -> None:
    """A run the server's scheduler creates from the deployment's schedule (the API the
    scheduler service uses, for a window that opens just before the schedule's latest time,
    02:00 UTC, so the run is due now) publishes under ``nightly-summary``."""
    from prefect.client.schemas.filters import DeploymentFilter, DeploymentFilterId

    start = window_before_latest_night(datetime.now(UTC)).isoformat()
    request = urllib.request.Request(
        f"{server.api}/deployments/{deployment}/schedule",
        data=json.dumps({"start_time": start, "max_runs": 1}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    # 503 is Prefect's "retry me" (a busy SQLite database behind the server); its own client
    # retries it, and so does this raw request.
    for attempt in range(1, 6):
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                assert response.status in (200, 201)
            break
        except urllib.error.HTTPError as error:
            if error.code != 503 or attempt == 5:
                raise
            time.sleep(attempt)

    def scheduled_run() -> Any:
        runs = client.read_flow_runs(
            deployment_filter=DeploymentFilter(id=DeploymentFilterId(any_=[deployment]))
        )
        done = [r for r in runs if r.auto_scheduled and r.state and r.state.is_final()]
        return done[0] if done else None

    run = server.wait_for("the scheduled night to finish", scheduled_run, 180)
    assert run.state.is_completed(), (run.state.type, server.report())
    _, _, artifacts = run_records(client, run.id)
    assert {a.key for a in artifacts} == {"nightly-summary", "nightly-consolidation"}


def test_a_served_backfill_runs_every_night_on_a_prefect_server(
    server: Server, client: Any, pg_url: str, tmp_path: Path
) -> None:
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        FlowRunFilter,
        FlowRunFilterId,
        LogFilter,
        LogFilterFlowRunId,
    )

    # The store's URL carries a password (trust authentication ignores it); Prefect must
    # never see it: it is no parameter of any run, and in no log or artifact.
    url = with_password(seeded_store(pg_url))
    with server.running(
        "serve",
        [sys.executable, "-m", "memcurator", "serve"],  # this checkout's code
        cwd=ROOT,
        MEMCURATOR_DATABASE_URL=url,
        MEMCURATOR_PARTITIONS="2",
        MEMCURATOR_RETRY_BACKOFF_SECONDS="0.1",
        PREFECT_RUNNER_POLL_FREQUENCY="2",
    ) as serve:
        deployments = server.wait_for(
            "memcurator serve to register the four deployments",
            lambda: [client.read_deployment_by_name(name) for name in DEPLOYMENTS],
            90,
        )
        backfill_deployment = deployments[1]

        run = run_backfill(server, client, "2025-01-06", "2025-01-08")
        assert run.name == "backfill-2025-01-06-to-2025-01-08"
        assert run.deployment_id == backfill_deployment.id
        assert run.parameters["start"] == "2025-01-06" and run.parameters["end"] == "2025-01-08"
        assert run.parameters["wait_seconds"] == 3600

        # Partition-major: no flow run per night, one task per partition walking the nights.
        assert nightly_runs(client, run.id) == {}, server.report()
        expected_tasks = {f"consolidate-{NIGHTS[0]}-to-{NIGHTS[-1]}-{p}" for p in PARTITIONS}

        def tasks_completed() -> dict[str, Any] | None:
            # Task-run states reach the server as events: give the recorder a moment.
            tasks = client.read_task_runs(
                flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[run.id]))
            )
            done = {
                t.name: t
                for t in tasks
                if t.name.startswith("consolidate-") and t.state and t.state.is_completed()
            }
            return done if set(done) == expected_tasks else None

        tasks = server.wait_for("two completed partition task runs", tasks_completed, 60)
        assert {t.flow_run_id for t in tasks.values()} == {run.id}

        def partition_line() -> list[str] | None:
            logs = client.read_logs(LogFilter(flow_run_id=LogFilterFlowRunId(any_=[run.id])))
            lines = [
                log.message
                for log in logs
                if "2025-01-07-p01-of-02" in log.message and "active observations" in log.message
            ]
            return lines or None

        (line,) = server.wait_for("a partition's line for a night", partition_line, 30)
        assert line.startswith("consolidate-2025-01-07-p01-of-02: ")

        artifacts = client.read_artifacts(
            artifact_filter=ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=[run.id]))
        )
        assert not {a.key for a in artifacts} & {"nightly-summary", "nightly-consolidation"}
        (summary,) = [a for a in artifacts if a.key == "backfill" and a.type == "table"]
        assert summary.flow_run_id == run.id
        table = json.loads(summary.data) if isinstance(summary.data, str) else summary.data
        assert [row["date"] for row in table] == [*NIGHTS, "total"]

        recorded = [run, *tasks.values(), *artifacts]
        recorded += client.read_logs(LogFilter(flow_run_id=LogFilterFlowRunId(any_=[run.id])))
        assert PASSWORD not in "\n".join(r.model_dump_json() for r in recorded)
        assert "database_url" not in run.parameters

        ledger, logged = read_store(url)
        assert [(d, p) for d, p, _ in ledger] == [(d, p) for d in NIGHTS for p in PARTITIONS]
        assert all(flow_run_id == str(run.id) for _, _, flow_run_id in ledger), ledger
        assert logged, "the pass wrote no write-log row with its flow run id"
        assert set(logged) == {str(run.id)}, set(logged)

        failed_then_retried(server, client, url)
        scheduled_night_owns_the_latest_key(server, client, deployments[0].id)
        server.settled(serve)
    # Stopping the served deployments leaves the finished run as it was.
    assert client.read_flow_run(run.id).state.is_completed()


def test_prefect_yaml_deploys_to_a_process_work_pool_that_a_worker_runs(
    server: Server, client: Any, pg_url: str, tmp_path: Path
) -> None:
    server.cli("work-pool", "create", "memcurator", "--type", "process", "--overwrite")
    server.cli("--no-prompt", "deploy", "--all", "--prefect-file", "deployments/prefect.yaml")

    deployed = {name: client.read_deployment_by_name(name) for name in DEPLOYMENTS}
    for name, entrypoint in DEPLOYMENTS.items():
        assert deployed[name].work_pool_name == "memcurator", name
        assert not deployed[name].paused, f"{name} is paused after prefect deploy"
        assert deployed[name].entrypoint == entrypoint, name
        assert deployed[name].pull_steps == [
            {
                "prefect.deployments.steps.set_working_directory": {
                    "directory": "{{ $MEMCURATOR_PROJECT_DIR }}"
                }
            }
        ]
    nightly, backfill = deployed["nightly-consolidation/nightly"], deployed["backfill/manual"]
    assert [(s.schedule.cron, s.schedule.timezone) for s in nightly.schedules] == [
        ("0 2 * * *", "UTC")
    ]
    assert [s.schedule.cron for s in deployed["audit/weekly"].schedules] == ["0 6 * * 1"]
    assert backfill.schedules == [] and deployed["ingest/import"].schedules == []
    for one_at_a_time in (nightly, backfill):
        assert one_at_a_time.global_concurrency_limit is not None
        assert one_at_a_time.global_concurrency_limit.limit == 1
        assert one_at_a_time.concurrency_options is not None
        assert one_at_a_time.concurrency_options.collision_strategy == "ENQUEUE"
        assert one_at_a_time.parameters == {"wait_seconds": 3600}

    # The worker runs elsewhere: the pull step must move each run to the project root.
    url = seeded_store(pg_url)
    with server.running(
        "worker",
        [executable("prefect"), "worker", "start", "--pool", "memcurator"],
        cwd=tmp_path,
        MEMCURATOR_PROJECT_DIR=str(ROOT),
        MEMCURATOR_DATABASE_URL=url,
        MEMCURATOR_PARTITIONS="2",
        MEMCURATOR_RETRY_BACKOFF_SECONDS="0.1",
        PREFECT_WORKER_QUERY_SECONDS="2",
    ) as worker:
        run = run_backfill(server, client, "2025-01-06", "2025-01-06")
        assert run.name == "backfill-2025-01-06-to-2025-01-06"
        assert run.work_pool_name == "memcurator"
        assert nightly_runs(client, run.id) == {}  # one task per partition, no subflow
        ledger, _ = read_store(url)
        assert [(d, p) for d, p, _ in ledger] == [("2025-01-06", p) for p in PARTITIONS]
        server.settled(worker)
    assert client.read_flow_run(run.id).state.is_completed()
