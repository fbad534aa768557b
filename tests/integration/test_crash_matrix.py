"""The crash matrix, on PostgreSQL: a ``memcurator`` process killed (``kill -9``) or cut off
from the database (``pg_terminate_backend``) in the middle of an ingest or a nightly pass,
then rerun, leaves a store whose export and write-log counts equal a clean run's, and no
process behind (each command runs in a process group of its own, checked empty afterwards).

The reference is a store that ran the same commands on the same file without a fault. Each
case prints one line of figures (``-s`` shows them).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, func, select, text

from flows.private_server import GRACE_SECONDS
from memcurator.workload import generate_stream
from store.engine import make_engine
from store.tables import ConsolidationRun, WriteLog
from tests.conftest import PG_URL
from tests.passes import export, log_counts

pytestmark = pytest.mark.postgres
ROOT = Path(__file__).resolve().parents[2]
START, END = "2025-01-06", "2025-01-15"
NIGHT_PARTITIONS = 3


@dataclass
class Store:
    url: str
    engine: Engine

    def state(self) -> tuple[list[dict[str, Any]], dict[tuple[str, str], int]]:
        """The export (without ``updated_at``, the one field set from the wall clock) and
        the write-log rows per action and rule."""
        documents = [json.loads(line) for line in export(self.engine).splitlines()]
        for document in documents:
            document.pop("updated_at", None)
        return documents, log_counts(self.engine)

    def count(self, table: Any) -> int:
        with self.engine.connect() as conn:
            return conn.scalar(select(func.count()).select_from(table)) or 0


@pytest.fixture(scope="module")
def candidates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About a thousand candidate lines: ten days of four users' sessions."""
    path = tmp_path_factory.mktemp("crash") / "candidates.jsonl"
    start = datetime(2025, 1, 6, tzinfo=UTC)
    lines = generate_stream(users=4, days=10, seed=5, start=start)
    path.write_text("".join(f"{line}\n" for line in lines))
    return path


@pytest.fixture(scope="module")
def stores(pg_admin: Engine) -> Iterator[Callable[[], Store]]:
    """A maker of empty, initialised stores (PostgreSQL schemas), all dropped afterwards."""
    made: list[tuple[str, Engine | None]] = []

    def make() -> Store:
        schema = f"crash_{uuid.uuid4().hex[:10]}"
        with pg_admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        made.append((schema, None))
        url = f"{PG_URL}?options=-csearch_path%3D{schema}"
        assert cli("init", url=url).returncode == 0
        store = Store(url, make_engine(url))
        made[-1] = (schema, store.engine)
        return store

    yield make
    for schema, engine in made:
        if engine is not None:
            engine.dispose()
        with pg_admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))


def env_for(url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMCURATOR_", "PREFECT_"))}
    env.update(
        MEMCURATOR_DATABASE_URL=url,
        MEMCURATOR_BATCH_SIZE="50",
        MEMCURATOR_PARTITIONS=str(NIGHT_PARTITIONS),
        MEMCURATOR_RETRY_BACKOFF_SECONDS="0.05",
        PREFECT_SERVER_ANALYTICS_ENABLED="false",
        PREFECT_LOGGING_LEVEL="WARNING",
    )
    env.update(extra)
    return env


def cli(*args: str, url: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memcurator", *args],
        env=env_for(url, **extra),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def start(*args: str, url: str, log: Path, **extra: str) -> subprocess.Popen[bytes]:
    """A ``memcurator`` command in a process group of its own, its output in ``log``."""
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "memcurator", *args],
            env=env_for(url, **extra),
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def group_members(pgid: int) -> list[str]:
    """The live processes of process group ``pgid`` (Linux ``/proc``), with their commands."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(f"{stat.parent.name}: {cmdline[:120]}")
    return found


def left_behind(proc: subprocess.Popen[bytes], grace: float = 20.0) -> list[str]:
    """The processes of ``proc``'s group still alive ``grace`` seconds after it ended; then
    kills them so that a failing case leaves nothing either."""
    proc.wait(timeout=60)
    deadline = time.monotonic() + grace
    while (alive := group_members(proc.pid)) and time.monotonic() < deadline:
        time.sleep(0.25)
    if alive:
        os.killpg(proc.pid, signal.SIGKILL)
    return alive


def wait_until(proc: subprocess.Popen[bytes], reached: Callable[[], bool], log: Path) -> None:
    deadline = time.monotonic() + 240
    while not reached():
        assert proc.poll() is None, f"ended before the fault:\n{log.read_text()[-2000:]}"
        assert time.monotonic() < deadline, "the fault point was never reached"
        time.sleep(0.05)


def terminate_backends(pg_admin: Engine) -> int:
    """``pg_terminate_backend`` on every memcurator connection to the test database."""
    with pg_admin.connect() as conn:
        return len(
            conn.scalars(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                    "AND application_name = 'memcurator'"
                )
            ).all()
        )


def report(case: str, ran: bool, state: Any, clean: Any, left: list[str]) -> None:
    print(
        f"\ncrash matrix | {case} | rerun ok {ran} | export equal {state[0] == clean[0]} "
        f"| log counts equal {state[1] == clean[1]} | processes left {len(left)}"
    )


# ------------------------------------------------------------------------------- ingest


@pytest.fixture(scope="module")
def clean_ingest(stores: Callable[[], Store], candidates: Path) -> tuple[Any, int]:
    store = stores()
    result = cli("ingest", str(candidates), url=store.url)
    assert result.returncode == 0, result.stderr
    return store.state(), store.count(WriteLog)


# The last kill point leaves several batches to go: at 0.9 a quiet machine finished the
# ingest between the poll that saw the point and the kill.
@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.75])
def test_an_ingest_killed_after_some_batches_and_rerun_equals_a_clean_run(
    fraction: float,
    stores: Callable[[], Store],
    candidates: Path,
    clean_ingest: tuple[Any, int],
    tmp_path: Path,
) -> None:
    clean, total = clean_ingest
    store = stores()
    log = tmp_path / "ingest.log"
    proc = start("ingest", str(candidates), url=store.url, log=log)
    wait_until(proc, lambda: store.count(WriteLog) >= fraction * total, log)
    os.killpg(proc.pid, signal.SIGKILL)
    left = left_behind(proc)
    landed = store.count(WriteLog)
    rerun = cli("ingest", str(candidates), url=store.url)
    report(
        f"kill -9 ingest at {landed}/{total} log rows",
        rerun.returncode == 0,
        store.state(),
        clean,
        left,
    )
    assert rerun.returncode == 0, rerun.stderr
    assert landed < total, "the ingest finished before it was killed"
    assert store.state() == clean
    assert left == []


def test_an_ingest_cut_off_by_the_server_and_rerun_equals_a_clean_run(
    stores: Callable[[], Store],
    candidates: Path,
    clean_ingest: tuple[Any, int],
    pg_admin: Engine,
    tmp_path: Path,
) -> None:
    clean, total = clean_ingest
    store = stores()
    log = tmp_path / "ingest.log"
    store.engine.dispose()
    proc = start("ingest", str(candidates), url=store.url, log=log)
    wait_until(proc, lambda: store.count(WriteLog) >= 0.4 * total, log)
    store.engine.dispose()  # only the ingest's connections are left to cut
    assert terminate_backends(pg_admin) >= 1
    code = proc.wait(timeout=120)
    left = left_behind(proc)
    output = log.read_text(errors="replace")
    rerun = cli("ingest", str(candidates), url=store.url)
    report("pg_terminate_backend during ingest", rerun.returncode == 0, store.state(), clean, left)
    assert "Traceback" not in output, output[-3000:]
    assert code in (0, 4), output[-3000:]  # retried to the end, or one line and exit 4
    assert rerun.returncode == 0, rerun.stderr
    assert store.state() == clean
    assert left == []


# ------------------------------------------------------------------------ nightly passes


@pytest.fixture(scope="module")
def clean_passes(
    stores: Callable[[], Store], candidates: Path, prefect_api: str
) -> tuple[Any, int]:
    store = stored(stores, candidates)
    result = cli(
        "backfill", "--start", START, "--end", END, url=store.url, PREFECT_API_URL=prefect_api
    )
    assert result.returncode == 0, result.stderr
    return store.state(), store.count(ConsolidationRun)


def stored(stores: Callable[[], Store], candidates: Path) -> Store:
    store = stores()
    assert cli("ingest", str(candidates), url=store.url).returncode == 0
    return store


def rerun_backfill(store: Store, prefect_api: str) -> subprocess.CompletedProcess[str]:
    return cli(
        "backfill", "--start", START, "--end", END, url=store.url, PREFECT_API_URL=prefect_api
    )


def test_a_backfill_killed_mid_pass_leaves_no_process_and_a_rerun_equals_a_clean_run(
    stores: Callable[[], Store],
    candidates: Path,
    clean_passes: tuple[Any, int],
    prefect_api: str,
    tmp_path: Path,
) -> None:
    clean, partitions = clean_passes
    store = stored(stores, candidates)
    log = tmp_path / "backfill.log"
    # Its own temporary directory: another process's server home in the shared /tmp is not
    # this command's, whatever it leaves or removes meanwhile.
    temp = tmp_path / "tmp"
    temp.mkdir()
    # No PREFECT_API_URL: the command runs its own temporary Prefect server.
    proc = start("backfill", "--start", START, "--end", END, url=store.url, log=log,
                 TMPDIR=str(temp))
    wait_until(proc, lambda: store.count(ConsolidationRun) >= NIGHT_PARTITIONS, log)
    os.kill(proc.pid, signal.SIGKILL)  # the command only, as `kill -9 PID` does
    left = left_behind(proc)
    landed = store.count(ConsolidationRun)
    rerun = rerun_backfill(store, prefect_api)
    report(
        f"kill -9 backfill at {landed}/{partitions} partitions",
        rerun.returncode == 0,
        store.state(),
        clean,
        left,
    )
    assert left == [], f"left behind: {left}"
    # The orphaned server removes its home as it exits, after up to GRACE_SECONDS of shutdown.
    deadline = time.monotonic() + GRACE_SECONDS + 10
    while list(temp.glob("memcurator-prefect-*")) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert list(temp.glob("memcurator-prefect-*")) == []  # removed
    assert landed < partitions, "the backfill finished before it was killed"
    assert rerun.returncode == 0, rerun.stderr
    assert store.state() == clean


def test_a_backfill_cut_off_by_the_server_stops_and_a_rerun_equals_a_clean_run(
    stores: Callable[[], Store],
    candidates: Path,
    clean_passes: tuple[Any, int],
    prefect_api: str,
    pg_admin: Engine,
    tmp_path: Path,
) -> None:
    clean, partitions = clean_passes
    store = stored(stores, candidates)
    log = tmp_path / "backfill.log"
    proc = start(
        "backfill",
        "--start",
        START,
        "--end",
        END,
        url=store.url,
        log=log,
        PREFECT_API_URL=prefect_api,
    )
    wait_until(proc, lambda: store.count(ConsolidationRun) >= NIGHT_PARTITIONS, log)
    store.engine.dispose()
    assert terminate_backends(pg_admin) >= 1  # the pass lock's connection among them
    code = proc.wait(timeout=120)
    left = left_behind(proc)
    output = log.read_text(errors="replace")
    landed = store.count(ConsolidationRun)
    rerun = rerun_backfill(store, prefect_api)
    report(
        f"pg_terminate_backend during backfill at {landed}/{partitions} partitions",
        rerun.returncode == 0,
        store.state(),
        clean,
        left,
    )
    if landed < partitions:  # it had work left: it must have stopped, saying why
        assert code == 4, output[-3000:]
        assert "lost its lock" in output.strip().splitlines()[-1], output[-3000:]
    assert "duplicate key" not in output, output[-3000:]
    assert rerun.returncode == 0, rerun.stderr
    assert store.state() == clean
    assert left == []
