"""Issue 13: a night costs what that day changed. After a partition's first pass, a night
loads only the scopes with something new, rewritten or due to expire since the last one,
and the store ends exactly as if every scope had been loaded every night.

The stores here are fed with a clock that moves as a real one does (each day's ingest after
the night before, each pass after that day's ingest), so the changed-scope path is taken;
the tests of ``tests/passes.py`` stamp every write with one fixed clock, which makes every
row look rewritten and keeps them on the full path.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime, time, timedelta
from time import monotonic
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, text

from memcurator.app import nightly
from memcurator.app.ingest import ingest_stream
from memcurator.app.nightly import Partition, PartitionReport, consolidate_partition
from memcurator.consolidation import Policy
from memcurator.steps import ChangeWindow, change_window
from memcurator.workload import generate_stream
from store import pass_changes
from store.engine import WRITER, pass_planning
from store.pass_changes import changed_scopes
from store.passlock import pass_lock
from tests.factories import observation
from tests.passes import by_day, export, log_counts

DAY0 = date(2025, 3, 1)


def wall(day: date, hour: int) -> datetime:
    """The clock ``hour`` hours into the day after ``day`` (ingest at 1, the pass at 2)."""
    return datetime.combine(day + timedelta(days=1), time(hour), tzinfo=UTC)


def ingest_on(engine: Engine, day: date, rows: Iterable[dict[str, Any] | str]) -> None:
    lines = [(r if isinstance(r, str) else json.dumps(r)).encode() for r in rows]
    ingest_stream(engine, lines, clock=lambda: wall(day, 1))


def night(
    engine: Engine, day: date, partitions: int = 2, *, shared: bool = False
) -> list[PartitionReport]:
    reports = []
    for index in range(partitions):
        with pass_lock(engine), engine.connect().execution_options(**WRITER) as conn, conn.begin():
            reports.append(
                consolidate_partition(
                    conn, as_of=day, partition=Partition(index, partitions), policy=Policy(),
                    flow_run_id="test-run", now=wall(day, 2), shared_clock=shared,
                )
            )
    return reports


def at(day: int, clock: str = "09:17:00") -> str:
    return f"{(DAY0 + timedelta(days=day)).isoformat()}T{clock}Z"


def test_a_night_loads_only_the_scopes_that_changed_since_the_last_pass(engine: Engine) -> None:
    ingest_on(engine, DAY0, [observation(u, "s_1", at(0)) for u in ("u_1", "u_2", "u_3")])
    assert sum(r.scopes for r in night(engine, DAY0)) == 3  # a first night loads them all
    day1 = DAY0 + timedelta(days=1)
    ingest_on(engine, day1, [observation("u_2", "s_2", at(1))])
    reports = night(engine, day1)
    assert sum(r.scopes for r in reports) == 1
    assert sum(r.observations for r in reports) == 1
    # Nothing new at all: nothing is loaded.
    assert sum(r.scopes for r in night(engine, DAY0 + timedelta(days=2))) == 0


def test_a_quiet_scope_is_loaded_on_the_night_its_observation_falls_due(engine: Engine) -> None:
    ingest_on(engine, DAY0, [observation("u_1", "s_1", at(0), id="o_quiet")])
    for d in range(31):
        reports = night(engine, DAY0 + timedelta(days=d))
        due = d == 30  # last seen 1 March 09:17, due 31 March 09:17: the pass for the 31st
        assert sum(r.scopes for r in reports) == (1 if d in (0, 30) else 0), d
        assert sum(r.figures["expired"] for r in reports) == (1 if due else 0), d


def test_an_observation_in_a_topic_falls_due_by_its_last_sighting(engine: Engine) -> None:
    """Two psql failures of the 1st form a topic; the timeout is seen again on the 6th (one
    session short of a promotion), then the user goes quiet. The pass for the 31st expires
    the other one and keeps the timeout; the pass for 5 April finds the timeout by the
    sighting that falls due then (it is in a topic, created a month before: nothing else
    marks it) and expires it."""
    ingest_on(engine, DAY0, [
        observation("u_1", "s_1", at(0), id="o_timeout"),
        observation("u_1", "s_1", at(0, "11:00:00"), id="o_denied", symptom="permission denied",
                    content="psql permission denied connecting to replica-2"),
    ])  # fmt: skip
    assert sum(r.figures["members_linked"] for r in night(engine, DAY0)) == 2
    ingest_on(engine, DAY0 + timedelta(days=5), [observation("u_1", "s_2", at(5))])
    for d in range(5, 36):
        reports = night(engine, DAY0 + timedelta(days=d))
        # (the 1st: what the pass for the 31st rewrote is looked at again the night after)
        assert sum(r.scopes for r in reports) == (1 if d in (5, 30, 31, 35) else 0), d
        assert sum(r.figures["expired"] for r in reports) == (1 if d in (30, 35) else 0), d
        assert sum(r.figures["promoted"] for r in reports) == 0, d


def test_an_observation_in_no_topic_joins_the_topic_its_group_formed_the_night_before(
    engine: Engine,
) -> None:
    """The first night two psql failures form a topic; a third, too far from each of them
    for the clustering (average cosine 0.27 < 0.3), is left in no topic. The next night
    nothing new arrives, but the new topic's centroid is near enough (0.301 >= 0.3): the
    pass must look at it again and place it. (A rule that skips an observation in no topic
    while nothing touched its group must count the topic the night before wrote.)"""
    ingest_on(engine, DAY0, [
        observation("u_1", "s_1", at(0), id="o_primary",
                    content="psql replica lag exceeded threshold on primary"),
        observation("u_1", "s_1", at(0, "10:00:00"), id="o_standby", symptom="connection refused",
                    content="psql replica lag exceeded threshold on standby node"),
        observation("u_1", "s_1", at(0, "11:00:00"), id="o_disk", symptom="permission denied",
                    content="psql replica disk"),
    ])  # fmt: skip
    first = night(engine, DAY0)
    assert sum(r.figures["topics_created"] for r in first) == 1
    assert sum(r.figures["members_linked"] for r in first) == 2
    second = night(engine, DAY0 + timedelta(days=1))
    assert sum(r.figures["members_linked"] for r in second) == 1  # o_disk joins
    third = night(engine, DAY0 + timedelta(days=2))
    assert sum(r.scopes for r in third) == 1  # what the second night wrote is looked at
    assert sum(r.observations for r in third) == 0  # but nothing in it can change
    assert sum(r.scopes for r in night(engine, DAY0 + timedelta(days=3))) == 0


def test_a_late_arrival_in_a_quiet_scope_is_picked_up_by_the_next_pass(engine: Engine) -> None:
    ingest_on(engine, DAY0, [observation("u_1", "s_1", at(0), id="o_late")])
    night(engine, DAY0)
    day3 = DAY0 + timedelta(days=3)
    # Two sightings of the 1st and 2nd, ingested only on the 4th: promoted that night.
    ingest_on(engine, day3, [observation("u_1", "s_2", at(0, "12:00:00")),
                             observation("u_1", "s_3", at(1))])  # fmt: skip
    reports = night(engine, day3)
    assert sum(r.scopes for r in reports) == 1
    assert sum(r.figures["promoted"] for r in reports) == 1


def _user_and_time(line: str) -> tuple[str | None, str]:
    try:
        doc = json.loads(line)
        return str(doc["scope"]["user_id"]), str(doc["created_at"])
    except (ValueError, TypeError, KeyError):
        return None, ""


def _scheduled(
    new_engine: Callable[[], Engine], days: dict[date, list[Any]], late: dict[date, list[Any]],
    *, partitions: int = 2, shared: bool = False,
) -> tuple[Engine, int]:
    """Each day ingested (with the late arrivals due that day), then that night's pass."""
    engine = new_engine()
    loaded = 0
    for d in range(42):
        day = DAY0 + timedelta(days=d)
        ingest_on(engine, day, [*days.get(day, []), *late.get(day, [])])
        loaded += sum(r.scopes for r in night(engine, day, partitions, shared=shared))
    return engine, loaded


def _workload() -> tuple[dict[date, list[Any]], dict[date, list[Any]]]:
    """42 days of the workload for 4 users, by day: users who go quiet (their observations
    expire on the night they fall due), restatements, promotions, topics, and late arrivals
    (a user's day 5 ingested on day 12)."""
    stream = list(generate_stream(users=4, days=42, sessions_per_day=1, seed=3,
                                  start=datetime.combine(DAY0, time(0), tzinfo=UTC)))  # fmt: skip
    quiet = {"u_0001", "u_0002"}
    kept: list[Any] = []
    held: list[Any] = []
    for line in stream:
        user, created = _user_and_time(line)
        if user in quiet and created >= at(10, "00:00:00"):
            continue
        (held if user == "u_0003" and created.startswith(at(5)[:10]) else kept).append(line)
    assert held and quiet <= {_user_and_time(x)[0] for x in kept}
    return by_day(kept), {DAY0 + timedelta(days=12): held}


def test_loading_only_changed_scopes_gives_the_store_loading_every_scope_gives(
    new_engine: Callable[[], Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    """42 nights of the workload (``_workload``) against the same nights with every scope
    loaded."""
    days, late = _workload()
    changed, loaded = _scheduled(new_engine, days, late)
    monkeypatch.setattr(nightly, "previous_pass", lambda *args: None)
    everything, loaded_all = _scheduled(new_engine, days, late)
    assert export(changed) == export(everything)
    assert log_counts(changed) == log_counts(everything)
    assert loaded < loaded_all  # and the changed-scope path was taken


def test_an_observation_in_no_topic_is_loaded_only_when_its_group_changes(engine: Engine) -> None:
    """A psql failure in no topic stays in no topic while only its user's other tools are
    busy (its group, scope and tool, is as the last pass left it: nothing it could join or
    form changed); the night another psql failure arrives, both are clustered again and
    form a topic. Before, it was loaded every night until it expired."""
    ingest_on(engine, DAY0, [observation("u_1", "s_1", at(0), id="o_psql")])
    first = night(engine, DAY0)
    assert sum(r.observations for r in first) == 1
    assert sum(r.figures["topics_created"] for r in first) == 0
    for d, tool in ((1, "kubectl"), (2, "terraform")):
        day = DAY0 + timedelta(days=d)
        ingest_on(engine, day, [observation("u_1", f"s_{d + 1}", at(d), tool=tool,
                                            content=f"{tool} apply timed out on replica-9")])
        reports = night(engine, day)
        assert sum(r.scopes for r in reports) == 1, d
        assert sum(r.observations for r in reports) == 1, d  # tonight's, not the psql one
    day3 = DAY0 + timedelta(days=3)
    ingest_on(engine, day3, [observation("u_1", "s_4", at(3), symptom="connection refused",
                                         content="psql refused connecting to replica-2")])
    reports = night(engine, day3)
    assert sum(r.observations for r in reports) == 2  # the group changed: both clustered
    assert sum(r.figures["topics_created"] for r in reports) == 1
    assert sum(r.figures["members_linked"] for r in reports) == 2


def test_the_pass_plans_its_statements_afresh_in_its_own_transaction_only(
    engine: Engine,
) -> None:
    """A generic plan kept from when a table was empty read ``topic_members`` once per probed
    id on a first night (issue 13): the pass's transaction plans each statement with its
    values and without JIT; the connection's next transaction is as it was."""

    def planning(conn: Connection) -> tuple[str, str]:
        row = conn.execute(
            text("SELECT current_setting('plan_cache_mode'), current_setting('jit')")
        ).one()
        return (row[0], row[1])

    with engine.connect() as conn:
        postgresql = conn.dialect.name == "postgresql"
        before = planning(conn) if postgresql else None
        conn.rollback()
        with conn.begin():
            pass_planning(conn)
            if postgresql:
                assert planning(conn) == ("force_custom_plan", "off")
        with conn.begin():
            if postgresql:
                assert planning(conn) == before
                assert before is not None and before[0] == "auto"


def asked_windows(monkeypatch: pytest.MonkeyPatch) -> list[ChangeWindow]:
    """The windows the database is asked which scopes changed in, as they are asked."""
    asked: list[ChangeWindow] = []
    real = pass_changes._all_changed

    def counted(conn: Connection, window: ChangeWindow) -> list[tuple[str, str]]:
        asked.append(window)
        return real(conn, window)

    monkeypatch.setattr(pass_changes, "_all_changed", counted)
    return asked


def test_the_partitions_of_a_night_on_one_clock_ask_once_which_scopes_changed(
    new_engine: Callable[[], Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The nightly flow's partitions share its clock (``shared_clock``): the first to ask which
    scopes changed asks the database, the others take their share of its answer. The 42 nights
    end as they do when each partition asks for itself."""
    days, late = _workload()
    asked = asked_windows(monkeypatch)
    alone, _ = _scheduled(new_engine, days, late, partitions=3)
    assert len(asked) == 3 * 41  # every night but the first (no window: every scope loaded)
    asked.clear()
    shared, _ = _scheduled(new_engine, days, late, partitions=3, shared=True)
    assert len(asked) == 41 and len(set(asked)) == 41
    assert export(shared) == export(alone)
    assert log_counts(shared) == log_counts(alone)


def test_a_kept_answer_read_before_a_partitions_last_night_committed_is_not_taken(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A backfill's partitions walk at their own pace: one still on last night may reach
    tonight after the others asked which scopes changed. Their answer, read before its own
    pass of last night committed, misses what that pass rewrote (found only tonight: its
    ``updated_at`` is tonight's ``since``), so it asks again (``settled``: when its last night
    committed), and its newer answer is kept for the rest."""
    ingest_on(engine, DAY0, [observation(u, "s_1", at(0)) for u in ("u_1", "u_2", "u_3")])
    ingest_on(engine, DAY0 + timedelta(days=1), [observation("u_2", "s_2", at(1))])
    asked = asked_windows(monkeypatch)
    cutoff = datetime.combine(DAY0 + timedelta(days=2), time(0), tzinfo=UTC)
    window = change_window(cutoff, DAY0, wall(DAY0, 2), timedelta(days=30))
    clock = wall(DAY0 + timedelta(days=1), 2)
    before = monotonic()
    with engine.connect() as conn:

        def scopes(index: int, settled: float | None) -> dict[str, list[str]]:
            return changed_scopes(
                conn, Partition(index, 2), window, clock=clock, settled=settled
            )  # fmt: skip

        first = scopes(0, before)
        assert len(asked) == 1
        second = scopes(1, before)
        assert len(asked) == 1  # the kept answer, read after ``before``
        assert second == changed_scopes(conn, Partition(1, 2), window)
        assert len(asked) == 2  # (the unshared call just above asked for itself)
        assert sum(len(s) for t in (first, second) for s in t.values()) == 1  # u_2's scope
        assert scopes(0, before) == first and len(asked) == 2  # read after it settled: taken
        assert scopes(1, monotonic()) is not None and len(asked) == 3  # read before: asks
        assert scopes(0, before) == first and len(asked) == 3  # the newer answer does for all
        assert scopes(1, None) is not None and len(asked) == 3  # the nightly flow: any will do
    assert set(asked) == {window}
