"""The nightly pass as Prefect flows, against the session's Prefect server and real stores.

Deterministic and idempotent on both dialects; on PostgreSQL, survives a transient fault
after a partial write, a connection terminated by the server, and a SIGKILLed flow process.
"""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, func, select, text

from flows.backfill import BackfillFailed
from flows.consolidation import backfill, nightly_consolidation
from flows.nightly import NightFailed
from memcurator.app import nightly
from memcurator.workload import generate_stream
from store.engine import StoreError, make_engine, require_current_schema, upgrade
from store.passlock import PASS_LOCK_CLASS, PassBusy, PassLockLost
from store.tables import ConsolidationRun, WriteLog
from tests.passes import by_day, export, ingest, log_counts, stage_hooks, version_reads

pytestmark = pytest.mark.usefixtures("flows_env")
START = date(2025, 1, 6)
ROOT = Path(__file__).resolve().parents[2]


def stream(days: int = 8) -> list[str]:
    return list(generate_stream(users=3, days=days, seed=11, start=_midnight(START)))


def _midnight(day: date) -> Any:
    from datetime import UTC, datetime

    return datetime(day.year, day.month, day.day, tzinfo=UTC)


@pytest.fixture
def stores(new_store_url: Callable[[], str]) -> Iterator[Callable[[], tuple[str, Engine]]]:
    """A maker of migrated stores of the dialect under test, each fed the same stream."""
    engines: list[Engine] = []
    lines = stream()

    def make() -> tuple[str, Engine]:
        url = new_store_url()
        engine = make_engine(url)
        upgrade(engine)
        ingest(engine, lines)
        engines.append(engine)
        return url, engine

    yield make
    for engine in engines:
        engine.dispose()


@pytest.fixture(autouse=True)
def _store_url_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flows read the store's URL from the environment (never a parameter): restore it."""
    monkeypatch.delenv("MEMCURATOR_DATABASE_URL", raising=False)
    monkeypatch.delenv("MEMCURATOR_DATABASE_URL_SECRET", raising=False)


def night(url: str, **params: Any) -> dict[str, Any]:
    """The nightly flow on the store at ``url``."""
    os.environ["MEMCURATOR_DATABASE_URL"] = url
    result: dict[str, Any] = nightly_consolidation(**params)
    return result


def fill(url: str, **params: Any) -> dict[str, Any]:
    """The backfill flow on the store at ``url``."""
    os.environ["MEMCURATOR_DATABASE_URL"] = url
    result: dict[str, Any] = backfill(**params)
    return result


def nights(first: date, count: int) -> list[str]:
    return [(first + timedelta(days=i)).isoformat() for i in range(count)]


def test_the_nightly_pass_run_twice_leaves_the_export_byte_identical(
    stores: Callable[[], tuple[str, Engine]],
) -> None:
    url, engine = stores()
    first = night(url, as_of="2025-01-20")
    assert first["totals"]["promoted"] > 0
    assert first["totals"]["topics_created"] > 0
    before, log_before = export(engine), log_counts(engine)
    second = night(url, as_of="2025-01-20")
    assert second["already_done"] == 3
    assert second["totals"] == first["totals"]  # the ledger's counts, not zeros
    assert export(engine) == before
    assert log_counts(engine) == log_before
    with engine.connect() as conn:  # the night's partitions start on the flow's one clock
        starts = conn.execute(select(ConsolidationRun.finished_at)).scalars().all()
    assert len(starts) == 3 and len(set(starts)) == 1


def test_a_backfill_over_a_preloaded_store_equals_nightly_runs_between_ingests(
    stores: Callable[[], tuple[str, Engine]], new_store_url: Callable[[], str]
) -> None:
    """Store a holds the whole stream before its backfill; store b gets each day's candidates
    just before that night's flow, as the schedule does. They must end up identical."""
    url_a, engine_a = stores()
    url_b = new_store_url()
    engine_b = make_engine(url_b)
    upgrade(engine_b)
    days = nights(START, 10)
    result = fill(url_a, start=days[0], end=days[-1])
    assert result["nights"] == 10
    daily = by_day(stream())
    try:
        for day in days:
            ingest(engine_b, daily.get(date.fromisoformat(day), []))
            night(url_b, as_of=day)
        assert export(engine_a) == export(engine_b)
        assert log_counts(engine_a) == log_counts(engine_b)
        assert log_counts(engine_a)[("promoted", "promotion")] > 3
    finally:
        engine_b.dispose()
    with engine_a.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 30
        # Every action the passes took carries the Prefect flow run that took it.
        missing = conn.scalar(
            select(func.count()).where(
                WriteLog.rule.in_(("expiry", "promotion", "consolidation")),
                WriteLog.flow_run_id.is_(None),
            )
        )
        assert missing == 0


def test_a_backfill_looks_at_its_statistics_while_its_tasks_run(
    stores: Callable[[], tuple[str, Engine]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Besides the look before its tasks, the backfill's loop asks the store again
    (``flows.runners.StatisticsKeeper``; here every time it polls) for what its own nights
    made stale, and the result is the same."""
    import flows.runners

    looks: list[str] = []
    real = flows.runners.refresh_statistics

    def counted(engine: Engine) -> tuple[list[str], str | None]:
        looks.append(engine.dialect.name)
        return real(engine)

    monkeypatch.setattr(flows.runners, "refresh_statistics", counted)
    monkeypatch.setattr(flows.runners, "STATISTICS_SECONDS", 0.0)
    url, engine = stores()
    summary = fill(url, start="2025-01-06", end="2025-01-08")
    assert summary["nights"] == 3
    assert len(looks) >= 2  # before the tasks, and at least once while they ran
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 9


def test_a_backfill_checks_the_schema_once_and_runs_no_flow_per_night(
    stores: Callable[[], tuple[str, Engine]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A backfill reads the store's schema version once, not once a night, and runs no flow
    per night (a subflow's overhead, its heartbeat thread's join among it, cost about a second
    a night): one flow run, with its heartbeats, and one task per partition. A nightly run on
    its own keeps its heartbeats. Every night still holds the pass lock."""
    import prefect.flow_engine

    beats: list[tuple[str, int | None]] = []
    real = prefect.flow_engine._send_heartbeats

    @contextmanager
    def recorded(engine: Any, *args: Any, **kwargs: Any) -> Iterator[None]:
        beats.append((engine.flow.name, engine.heartbeat_seconds))
        with real(engine, *args, **kwargs):
            yield

    monkeypatch.setattr(prefect.flow_engine, "_send_heartbeats", recorded)
    url, engine = stores()
    with version_reads() as one_check:
        require_current_schema(engine)
    with version_reads() as reads:
        fill(url, start="2025-01-06", end="2025-01-08")
    assert len(reads) == len(one_check) > 0
    assert [name for name, _ in beats] == ["backfill"]
    assert beats[0][1] is not None
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 9
    beats.clear()
    with version_reads() as reads:
        night(url, as_of="2025-01-09")
    assert len(reads) == len(one_check)
    assert len(beats) == 1 and beats[0][1] is not None
    with held_elsewhere(url, engine), pytest.raises(PassBusy, match="another consolidation"):
        fill(url, start="2025-01-10", end="2025-01-11")  # the lock is still the store's one
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'older'"))
    with pytest.raises(StoreError, match="is at schema older"):
        fill(url, start="2025-01-10", end="2025-01-11")
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 12


@contextmanager
def held_elsewhere(url: str, engine: Engine) -> Iterator[None]:
    """The pass lock taken the way another process would take it."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            key = "CAST(:ns AS integer), hashtext(current_schema())"
            conn.execute(text(f"SELECT pg_advisory_lock({key})"), {"ns": PASS_LOCK_CLASS})
            try:
                yield
            finally:
                conn.execute(text(f"SELECT pg_advisory_unlock({key})"), {"ns": PASS_LOCK_CLASS})
    else:
        with open(f"{engine.url.database}.pass-lock", "a+") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            yield


def test_a_second_pass_does_not_interleave_it_exits_with_a_clear_message(
    stores: Callable[[], tuple[str, Engine]],
) -> None:
    url, engine = stores()
    with held_elsewhere(url, engine), pytest.raises(PassBusy, match="another consolidation"):
        fill(url, start="2025-01-06", end="2025-01-08")
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 0


def test_a_pass_that_may_wait_runs_once_the_other_one_finishes(
    stores: Callable[[], tuple[str, Engine]], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, engine = stores()
    work_began = threading.Event()
    moments: dict[str, float] = {}

    def checkpoint(conn: Connection, at: str) -> None:
        # Every partition is "planned" before it writes anything.
        moments.setdefault("work_began", time.monotonic())
        work_began.set()

    for name, seam in stage_hooks(checkpoint).items():
        monkeypatch.setattr(nightly, name, seam)

    def hold() -> None:
        with held_elsewhere(url, engine):
            # Held until the waiter's work begins (a waiter that ignores the lock) or 4 s pass.
            work_began.wait(timeout=4.0)
            moments["released"] = time.monotonic()

    holder = threading.Thread(target=hold)
    holder.start()
    time.sleep(0.3)
    try:
        summary = night(url, as_of="2025-01-10", wait_seconds=30)
    finally:
        holder.join()
    assert moments["work_began"] > moments["released"], "the waiting pass worked under the lock"
    assert summary["already_done"] == 0
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 3


# ------------------------------------------------------------------ faults, on PostgreSQL


@pytest.fixture
def pg_stores(pg_schemas: Callable[[], str]) -> Iterator[Callable[[], tuple[str, Engine]]]:
    engines: list[Engine] = []
    lines = stream()

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


def clean_run(make: Callable[[], tuple[str, Engine]], days: list[str]) -> tuple[str, Any]:
    url, engine = make()
    for day in days:
        night(url, as_of=day)
    return export(engine), log_counts(engine)


def inject_once(
    monkeypatch: pytest.MonkeyPatch, stage: str, fault: Callable[[Connection], None]
) -> list[str]:
    """Make the first partition to reach ``stage`` suffer ``fault``; returns a call record."""
    calls: list[str] = []
    guard = threading.Lock()

    def checkpoint(conn: Connection, at: str) -> None:
        if at != stage:
            return
        with guard:
            calls.append(at)
            first = len(calls) == 1
        if first:
            fault(conn)

    for name, seam in stage_hooks(checkpoint).items():
        monkeypatch.setattr(nightly, name, seam)
    return calls


def test_a_transient_fault_after_a_partial_write_is_retried_to_a_clean_result(
    pg_stores: Callable[[], tuple[str, Engine]], monkeypatch: pytest.MonkeyPatch
) -> None:
    days = nights(START, 12)
    clean = clean_run(pg_stores, days)
    url, engine = pg_stores()

    def serialization_failure(conn: Connection) -> None:
        # Promotions and expiries of this partition are written but not committed.
        conn.exec_driver_sql(
            "DO $$ BEGIN RAISE EXCEPTION 'injected fault' "
            "USING ERRCODE = 'serialization_failure'; END $$"
        )

    calls = inject_once(monkeypatch, "expired", serialization_failure)
    for day in days:
        night(url, as_of=day)
    assert len(calls) == 3 * 12 + 1  # one partition ran its expiry step twice
    assert (export(engine), log_counts(engine)) == clean


def test_a_connection_terminated_by_the_server_mid_pass_is_survived_by_retry(
    pg_stores: Callable[[], tuple[str, Engine]],
    pg_admin: Engine,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    days = nights(START, 12)
    clean = clean_run(pg_stores, days)
    url, engine = pg_stores()

    def terminate(conn: Connection) -> None:
        pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
        with pg_admin.connect() as admin:
            assert admin.scalar(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})

    calls = inject_once(monkeypatch, "promoted", terminate)
    for day in days:
        night(url, as_of=day)
    assert len(calls) == 3 * 12 + 1
    assert (export(engine), log_counts(engine)) == clean


LOCK_HOLDER = text(
    "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2 "
    "AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
    "AND classid = CAST(:ns AS oid) "
    "AND objid = CAST(hashtext(current_schema())::bigint & 4294967295 AS oid)"
)


def cut_the_pass_lock(engine: Engine, pg_admin: Engine) -> None:
    """Terminate the backend that holds the store's pass lock, as an administrator might."""
    with engine.connect() as conn:
        (pid,) = conn.scalars(LOCK_HOLDER, {"ns": PASS_LOCK_CLASS}).all()
    with pg_admin.connect() as admin:
        assert admin.scalar(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})


def test_a_pass_whose_lock_connection_is_cut_stops_before_its_next_write(
    pg_stores: Callable[[], tuple[str, Engine]],
    pg_admin: Engine,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    days = nights(START, 6)
    clean = clean_run(pg_stores, days)
    url, engine = pg_stores()
    second = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
    key = "CAST(:ns AS integer), hashtext(current_schema())"

    def cut_and_take(conn: Connection) -> None:
        cut_the_pass_lock(engine, pg_admin)
        # Another pass now takes the lock, as a second `memcurator backfill` would.
        deadline = time.monotonic() + 10
        while not second.scalar(
            text(f"SELECT pg_try_advisory_lock({key})"), {"ns": PASS_LOCK_CLASS}
        ):
            assert time.monotonic() < deadline, "the cut lock was never released"
            time.sleep(0.05)

    originals = {name: getattr(nightly, name) for name in ("plan", "write_step")}
    calls = inject_once(monkeypatch, "planned", cut_and_take)
    try:
        # One partition: with several, one that plans nothing (or plans fast) may commit
        # later nights before the first to plan has cut the lock, and the test would race.
        with pytest.raises(BackfillFailed, match=f"{PassLockLost.__name__}: .*lost its lock"):
            fill(url, start=days[0], end=days[-1], partitions=1)
        with engine.connect() as conn:
            landed = conn.scalars(select(ConsolidationRun.run_date).distinct()).all()
        # The first night had checked the lock before it was cut (its transaction holds the
        # write fence from its start) and committed; no later night wrote anything.
        assert landed == [days[0]] and calls == ["planned"], (landed, calls)
    finally:
        second.invalidate()  # the other pass ends, and its session lock with it
        second.close()
    for name, seam in originals.items():
        monkeypatch.setattr(nightly, name, seam)
    fill(url, start=days[0], end=days[-1])
    assert (export(engine), log_counts(engine)) == clean


def test_a_pass_that_finished_its_work_succeeds_though_its_lock_connection_died(
    pg_stores: Callable[[], tuple[str, Engine]],
    pg_admin: Engine,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url, engine = pg_stores()
    inject_once(monkeypatch, "topics", lambda conn: cut_the_pass_lock(engine, pg_admin))
    summary = night(url, as_of="2025-01-12", partitions=1)
    assert summary["already_done"] == 0
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 1


SECOND_PASS = """
import sys, time
from store.engine import make_engine
from store.passlock import pass_lock
engine = make_engine(sys.argv[1])
print("taking the lock", flush=True)
with pass_lock(engine, wait_seconds=60):
    print(time.time(), flush=True)
"""


def test_a_pass_that_takes_a_lost_lock_first_waits_for_the_write_in_flight(
    pg_stores: Callable[[], tuple[str, Engine]],
    pg_admin: Engine,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url, engine = pg_stores()
    in_flight, proceed = threading.Event(), threading.Event()

    def hold(conn: Connection) -> None:  # checked the lock, not yet committed
        in_flight.set()
        assert proceed.wait(60)

    inject_once(monkeypatch, "topics", hold)
    first = threading.Thread(
        target=night, args=(url,), kwargs={"as_of": "2025-01-12", "partitions": 1}
    )
    first.start()
    try:
        assert in_flight.wait(120)
        cut_the_pass_lock(engine, pg_admin)
        second = subprocess.Popen(
            [sys.executable, "-c", SECOND_PASS, url], cwd=ROOT, stdout=subprocess.PIPE, text=True
        )
        assert second.stdout is not None
        assert second.stdout.readline() == "taking the lock\n"
        time.sleep(2)
        assert second.poll() is None, "the second pass went ahead of a write in flight"
        committed_at = time.time()
        proceed.set()
        first.join(timeout=120)
        out, _ = second.communicate(timeout=60)
        assert second.returncode == 0 and float(out) >= committed_at
    finally:
        proceed.set()
        first.join(timeout=120)
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 1


def test_a_flow_killed_mid_pass_and_rerun_equals_a_clean_run(
    pg_stores: Callable[[], tuple[str, Engine]], flows_env: str, tmp_path: Path
) -> None:
    day, partitions = "2025-01-12", 4
    clean_url, clean_engine = pg_stores()
    night(clean_url, as_of=day, partitions=partitions)
    url, engine = pg_stores()
    env = {**os.environ, "PREFECT_API_URL": flows_env, "PYTHONPATH": str(ROOT)}
    log = (tmp_path / "killed.log").open("wb")
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.slow_pass", url, day, str(partitions)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        committed = _wait_for_commits(engine, child, at_least=1, timeout=120)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        log.close()
    output = (tmp_path / "killed.log").read_text(errors="replace")[-3000:]
    with engine.connect() as conn:
        landed = conn.scalar(select(func.count()).select_from(ConsolidationRun))
    assert committed >= 1 and landed < partitions, output
    summary = night(url, as_of=day, partitions=partitions, wait_seconds=30)
    assert summary["already_done"] == landed
    assert export(engine) == export(clean_engine)
    assert log_counts(engine) == log_counts(clean_engine)


def _wait_for_commits(
    engine: Engine, child: subprocess.Popen[bytes], *, at_least: int, timeout: float
) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert child.poll() is None, "the flow process ended before it could be killed"
        with engine.connect() as conn:
            n = conn.scalar(select(func.count()).select_from(ConsolidationRun)) or 0
        if n >= at_least:
            return n
        time.sleep(0.1)
    raise AssertionError("no partition committed in time")


def test_a_bug_is_not_retried_and_leaves_nothing_half_written(
    stores: Callable[[], tuple[str, Engine]], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, engine = stores()
    before = export(engine)

    def bug(conn: Connection) -> None:
        raise ValueError("a bug, not a fault")

    calls = inject_once(monkeypatch, "expired", bug)
    with pytest.raises(NightFailed, match=r"1 of 1 partitions failed \(p01-of-01\)"):
        night(url, as_of="2025-01-10", partitions=1)
    assert len(calls) == 1  # no retry
    assert export(engine) == before
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 0


def test_task_statements_are_bounded_by_statement_timeout(pg_url: str) -> None:
    from store.engines import engine_for

    engine = engine_for(pg_url)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SHOW statement_timeout").scalar() == "10min"


def test_the_ingest_and_audit_flows_run_against_the_store(store_url: str, tmp_path: Path) -> None:
    from flows.operations import audit, ingest

    os.environ["MEMCURATOR_DATABASE_URL"] = store_url
    engine = make_engine(store_url)
    upgrade(engine)
    engine.dispose()
    path = tmp_path / "candidates.jsonl"
    path.write_text("\n".join(stream(days=2)) + "\n")
    counts = ingest(path=str(path))
    assert counts["inserted"] > 0 and counts["rejected:transient"] > 0
    again = ingest(path=str(path))
    assert again["skipped_already_ingested"] == again["lines"]
    found = audit(per_type=3, seed=1)
    assert found["sampled"] == 9
    with pytest.raises(FileNotFoundError, match="no such candidate file"):
        ingest(path=str(tmp_path / "missing.jsonl"))
