"""The partition-major backfill (``flows.backfill``): one task per partition walking the nights
in order, on both dialects, against the session's Prefect server.

It must leave the store the nightly passes run one by one leave (byte-identical export), show
a progress line and a table row per night, resume a retried partition at the night it failed
on, and, when one partition fails a night for good, let the others finish, fail with a line
naming the partition, the night, why and the rerun command, and be finished by a rerun.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from prefect.client.orchestration import get_client
from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterFlowRunId
from sqlalchemy import Connection, Engine, select
from sqlalchemy.exc import OperationalError

from flows.backfill import BackfillFailed
from flows.consolidation import backfill
from flows.progress import progress_of
from memcurator.app import nightly
from memcurator.steps import Partition, cutoff_of
from store import leftover_reads, pass_changes
from store.engine import make_engine, upgrade
from store.tables import ConsolidationRun
from tests.integration.test_flows import START, fill, night, nights, stream
from tests.passes import export, ingest, log_counts

pytestmark = pytest.mark.usefixtures("flows_env")
DAYS = nights(START, 6)
FAILING = "p02-of-03"


@pytest.fixture
def stores(
    new_store_url: Callable[[], str], monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[], tuple[str, Engine]]]:
    """A maker of migrated stores of the dialect under test, each fed the same stream; the
    flows read the store's URL from the environment (never a parameter): restored after."""
    monkeypatch.delenv("MEMCURATOR_DATABASE_URL", raising=False)
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


@contextmanager
def prefect_lines(level: int = logging.INFO) -> Iterator[list[logging.LogRecord]]:
    """The log records the flows of this process emit through Prefect's loggers."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler(level)
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("prefect")
    logger.addHandler(handler)
    try:
        yield records
    finally:
        logger.removeHandler(handler)


def night_lines(records: list[logging.LogRecord]) -> list[dict[str, Any]]:
    return [p for r in records if (p := progress_of(r)) and p["kind"] == "night"]


def ledger(engine: Engine) -> dict[str, list[str]]:
    """The ledger's nights per partition."""
    with engine.connect() as conn:
        rows = conn.execute(select(ConsolidationRun.partition, ConsolidationRun.run_date))
        found: dict[str, list[str]] = {}
        for partition, day in rows:
            found.setdefault(partition, []).append(day)
    return {p: sorted(d) for p, d in sorted(found.items())}


def backfill_table(url: str, **params: Any) -> tuple[Any, list[dict[str, Any]]]:
    """The backfill run's final state (not raised) and its ``backfill`` table's rows."""
    import json
    import os

    os.environ["MEMCURATOR_DATABASE_URL"] = url
    state = backfill(**params, return_state=True)
    run_id = state.state_details.flow_run_id
    with get_client(sync_client=True) as client:
        artifacts = client.read_artifacts(
            artifact_filter=ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=[run_id]))
        )
    (table,) = [a for a in artifacts if a.key == "backfill"]
    rows = json.loads(table.data) if isinstance(table.data, str) else table.data
    return state, rows


def fault_at(
    monkeypatch: pytest.MonkeyPatch, label: str, day: str, fault: Callable[[], None]
) -> Counter[tuple[str, str]]:
    """Make partition ``label``'s pass of ``day`` call ``fault`` once planned; returns how
    often each (partition, night) was planned."""
    planned: Counter[tuple[str, str]] = Counter()
    guard = threading.Lock()
    real = nightly.plan

    def plan(
        conn: Connection, partition: Partition, cutoff: datetime, *args: Any, **kwargs: Any
    ) -> Any:
        work = real(conn, partition, cutoff, *args, **kwargs)
        as_of = (cutoff - timedelta(days=1)).date().isoformat()
        with guard:
            planned[(partition.label, as_of)] += 1
        if partition.label == label and as_of == day:
            fault()
        return work

    monkeypatch.setattr(nightly, "plan", plan)
    return planned


def test_a_backfill_exports_what_the_nightly_passes_one_by_one_do(
    stores: Callable[[], tuple[str, Engine]],
) -> None:
    """The same pre-loaded store, backfilled partition by partition or passed night by night
    through the nightly flow: byte-identical; the backfill says each night once, in order,
    when every partition has done it, with the ledger's figures, and tables a row each."""
    url_a, engine_a = stores()
    url_b, engine_b = stores()
    with prefect_lines() as records:
        state, rows = backfill_table(url_a, start=DAYS[0], end=DAYS[-1])
    assert state.is_completed()
    summary = state.result()
    per_night = []
    for day in DAYS:
        per_night.append({"date": day, **night(url_b, as_of=day)["totals"]})
    assert export(engine_a) == export(engine_b)
    assert log_counts(engine_a) == log_counts(engine_b)
    assert ledger(engine_a) == ledger(engine_b)
    assert summary["per_night"] == per_night
    assert sum(n["promoted"] for n in per_night) > 0
    lines = night_lines(records)
    assert [(p["date"], p["done"], p["total"]) for p in lines] == [
        (day, i, len(DAYS)) for i, day in enumerate(DAYS, start=1)
    ]
    assert [{"date": p["date"], **p["totals"]} for p in lines] == per_night
    assert [r["date"] for r in rows] == [*DAYS, "total"]
    assert [r["promoted"] for r in rows[:-1]] == [n["promoted"] for n in per_night]
    assert rows[-1]["promoted"] == sum(n["promoted"] for n in per_night)
    assert all(r["note"] == "" for r in rows[:-1])


def test_a_backfill_nights_partitions_start_on_one_clock_and_ask_once_what_changed(
    stores: Callable[[], tuple[str, Engine]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The partitions walking one night in this process share its clock (the ledger's start,
    as a nightly flow's partitions do) and so one answer to the queries that answer for every
    partition: which scopes changed since the last pass, which hold new unkeyed facts."""
    asked: Counter[tuple[str, datetime]] = Counter()
    guard = threading.Lock()
    real_changed, real_leftovers = pass_changes._all_changed, leftover_reads._all_leftover_scopes

    def changed(conn: Connection, window: Any) -> Any:
        with guard:
            asked[("changed", window.cutoff)] += 1
        return real_changed(conn, window)

    def leftovers(conn: Connection, start: datetime, cutoff: datetime) -> Any:
        with guard:
            asked[("leftovers", cutoff)] += 1
        return real_leftovers(conn, start, cutoff)

    monkeypatch.setattr(pass_changes, "_all_changed", changed)
    monkeypatch.setattr(leftover_reads, "_all_leftover_scopes", leftovers)
    url, engine = stores()
    state, _ = backfill_table(url, start=DAYS[0], end=DAYS[-1])
    assert state.is_completed()
    with engine.connect() as conn:
        rows = conn.execute(select(ConsolidationRun.run_date, ConsolidationRun.finished_at))
        starts: dict[str, set[datetime]] = {}
        for day, start in rows:
            starts.setdefault(day, set()).add(start)
    assert sorted(starts) == DAYS
    assert all(len(moments) == 1 for moments in starts.values()), starts
    assert len({m for moments in starts.values() for m in moments}) == len(DAYS)
    cutoffs = sorted({cutoff for _, cutoff in asked})
    assert len(cutoffs) == len(DAYS)  # every night asked what is new in unkeyed facts
    assert all(asked[("leftovers", c)] == 1 for c in cutoffs), asked
    # The first night loads every scope (no previous pass): no question of what changed. Then
    # at most one question per partition: one ahead of another asks again when the answer
    # was read before the other's night before had committed (the next test).
    changed = [asked[("changed", c)] for c in cutoffs]
    assert changed[0] == 0 and all(1 <= n <= 3 for n in changed[1:]), asked


def test_a_partition_behind_the_others_asks_again_what_changed_since_its_own_last_night(
    stores: Callable[[], tuple[str, Engine]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A partition still on a night when the others ask about the next one must not take their
    answer: its own pass of that night had not committed when it was read, and what that pass
    rewrote is only found the night after (``updated_at == since``). It asks again; the store
    ends as the nightly passes one by one leave it."""
    askers: dict[datetime, set[int]] = {}
    walkers: dict[str, int] = {}
    guard = threading.Lock()
    real_changed, real_plan = pass_changes._all_changed, nightly.plan
    slow = cutoff_of(date.fromisoformat(DAYS[2]))

    def changed(conn: Connection, window: Any) -> Any:
        with guard:
            askers.setdefault(window.cutoff, set()).add(threading.get_ident())
        return real_changed(conn, window)

    def plan(conn: Connection, partition: Partition, cutoff: datetime, *a: Any, **k: Any) -> Any:
        with guard:
            walkers[partition.label] = threading.get_ident()  # a walk is one task: one thread
        work = real_plan(conn, partition, cutoff, *a, **k)
        if partition.label == "p01-of-03" and cutoff == slow:
            time.sleep(5)  # planned, not yet committed: the others go on to the next night
        return work

    monkeypatch.setattr(pass_changes, "_all_changed", changed)
    monkeypatch.setattr(nightly, "plan", plan)
    url_a, engine_a = stores()
    url_b, engine_b = stores()
    state, _ = backfill_table(url_a, start=DAYS[0], end=DAYS[-1])
    assert state.is_completed()
    after = cutoff_of(date.fromisoformat(DAYS[3]))
    if engine_a.dialect.name == "postgresql":
        # The others asked while p01 slept; p01 asked again. (SQLite runs one write
        # transaction at a time: the others waited for p01's commit, and an answer read after
        # it will do for p01.)
        assert walkers["p01-of-03"] in askers[after]
        assert len(askers[after]) >= 2
    for day in DAYS:
        night(url_b, as_of=day)
    assert export(engine_a) == export(engine_b)
    assert log_counts(engine_a) == log_counts(engine_b)


def test_a_partition_failing_a_night_stops_there_the_others_finish_and_a_rerun_completes(
    stores: Callable[[], tuple[str, Engine]], monkeypatch: pytest.MonkeyPatch
) -> None:
    clean_url, clean_engine = stores()
    fill(clean_url, start=DAYS[0], end=DAYS[-1])
    url, engine = stores()
    bad = DAYS[2]

    def bug() -> None:
        raise ValueError("a bug, not a fault")

    real = nightly.plan
    planned = fault_at(monkeypatch, FAILING, bad, bug)
    with prefect_lines() as records:
        state, rows = backfill_table(url, start=DAYS[0], end=DAYS[-1])
    assert state.is_failed()
    with pytest.raises(BackfillFailed) as failed:
        state.result()
    message = str(failed.value)
    assert f"1 of 3 partitions stopped ({FAILING} on {bad})" in message, message
    assert f"memcurator backfill --start {DAYS[0]} --end {DAYS[-1]}" in message
    assert f"consolidate-{bad}-{FAILING}: ValueError" in message, message
    assert "a bug, not a fault" not in message  # the reason is the class, never the text
    errors = [r.getMessage() for r in records if r.levelno >= logging.ERROR]
    (line,) = [m for m in errors if m.startswith(f"consolidate-{bad}-{FAILING} failed: ")]
    assert "not transient, so not retried" in line
    assert f"its nights {bad} to {DAYS[-1]} not done" in line
    assert f"memcurator backfill --start {DAYS[0]} --end {DAYS[-1]}" in line
    assert planned[(FAILING, bad)] == 1  # a bug is not retried
    # The others did every night; the failing one stopped at its failed night.
    assert ledger(engine) == {
        "p01-of-03": DAYS,
        FAILING: DAYS[:2],
        "p03-of-03": DAYS,
    }
    assert [p["date"] for p in night_lines(records)] == DAYS[:2]  # complete nights only
    assert [r["note"] for r in rows[:-1]] == ["", ""] + ["not done: 2 of 3 partitions"] * 4

    monkeypatch.setattr(nightly, "plan", real)  # fixed
    planned = fault_at(monkeypatch, "none", bad, bug)
    with prefect_lines() as records:
        summary = fill(url, start=DAYS[0], end=DAYS[-1])
    assert export(engine) == export(clean_engine)
    assert log_counts(engine) == log_counts(clean_engine)
    assert ledger(engine) == ledger(clean_engine)
    # The rerun did only what was left: the failed partition's nights from the failed one.
    assert sorted(planned) == [(FAILING, day) for day in DAYS[2:]]
    lines = night_lines(records)
    assert [p["date"] for p in lines] == DAYS
    assert [bool(p["already_done"]) for p in lines] == [True, True] + [False] * 4
    assert summary["per_night"] == fill(clean_url, start=DAYS[0], end=DAYS[-1])["per_night"]


def test_a_retried_partition_resumes_at_the_night_it_failed_on(
    stores: Callable[[], tuple[str, Engine]], monkeypatch: pytest.MonkeyPatch
) -> None:
    clean_url, clean_engine = stores()
    fill(clean_url, start=DAYS[0], end=DAYS[-1])
    url, engine = stores()
    bad = DAYS[3]
    faults: list[str] = []

    def lost_connection_once() -> None:
        if not faults:
            faults.append(bad)
            raise OperationalError("SELECT 1", {}, Exception("server closed the connection"))

    planned = fault_at(monkeypatch, FAILING, bad, lost_connection_once)
    summary = fill(url, start=DAYS[0], end=DAYS[-1])
    assert faults == [bad]
    # The retry found the nights before in the ledger: not planned again, not redone.
    assert {k: n for k, n in planned.items() if k[0] == FAILING} == {
        **{(FAILING, day): 1 for day in DAYS if day != bad},
        (FAILING, bad): 2,
    }
    assert export(engine) == export(clean_engine)
    assert log_counts(engine) == log_counts(clean_engine)
    # Done by this run, the earlier attempt's nights included: none is "already done".
    clean = fill(clean_url, start=DAYS[0], end=DAYS[-1])
    assert summary["per_night"] == clean["per_night"]
    assert summary["totals"] == {
        k: sum(n[k] for n in clean["per_night"]) for k in summary["totals"]
    }
