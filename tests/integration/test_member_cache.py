"""Issue 13: a backfill's walk over one partition's nights keeps the topic members a night
read for the next (``store.member_cache``). It may only save reads: the store ends as a walk
without it leaves it, a member written since is read again, and a night whose previous pass
the walk did not confirm starts afresh. Both dialects, with a clock that moves as a real one
does (each day's ingest after the night before, each pass after that day's ingest)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, select, update

from memcurator.app.nightly import Partition, consolidate_partition
from memcurator.consolidation import Policy
from memcurator.workload import generate_stream
from store.engine import WRITER
from store.member_cache import MemberCache
from store.passlock import pass_lock
from store.tables import Entry, TopicMember
from tests.factories import observation
from tests.integration.test_pass_changes import DAY0, at, ingest_on, wall
from tests.passes import by_day, export, log_counts

PARTITIONS = 2


def night(engine: Engine, day: date, caches: list[MemberCache] | None) -> None:
    """Each partition's pass of ``day`` in its own transaction, as the backfill's walks run
    them: with its cache, committed (``MemberCache.commit``) once the transaction is."""
    for index in range(PARTITIONS):
        members = caches[index] if caches is not None else None
        with pass_lock(engine), engine.connect().execution_options(**WRITER) as conn, conn.begin():
            consolidate_partition(
                conn, as_of=day, partition=Partition(index, PARTITIONS), policy=Policy(),
                flow_run_id="test-run", now=wall(day, 2), members=members,
            )  # fmt: skip
        if members is not None:
            members.commit(day.isoformat(), wall(day, 2))


def hits(caches: list[MemberCache]) -> int:
    return sum(c.hits for c in caches)


def psql(user: str, d: int, symptom: str, content: str, **more: Any) -> dict[str, Any]:
    return observation(user, f"s_{d}_{symptom}", at(d), symptom=symptom, content=content, **more)


FAILURES = [
    ("timeout", "psql timed out connecting to replica-2"),
    ("connection refused", "psql refused connecting to replica-2"),
    ("permission denied", "psql permission denied connecting to replica-2"),
    ("out of memory", "psql out of memory connecting to replica-2"),
]


def test_a_walk_with_the_cache_leaves_the_store_a_walk_without_it_leaves(
    new_engine: Callable[[], Engine],
) -> None:
    """42 nights of the workload (topics growing, observations expiring and promoted), every
    partition walking them with its cache and without: the same store and write log, and
    the cache served members on the nights after the first."""
    stream = list(generate_stream(users=4, days=42, sessions_per_day=1, seed=5,
                                  start=datetime.combine(DAY0, time(0), tzinfo=UTC)))  # fmt: skip
    days = by_day(stream)
    caches = [MemberCache() for _ in range(PARTITIONS)]
    stores = []
    for walk in (caches, None):
        engine = new_engine()
        for d in range(42):
            day = DAY0 + timedelta(days=d)
            ingest_on(engine, day, days.get(day, []))
            night(engine, day, walk)
        stores.append(engine)
    assert export(stores[0]) == export(stores[1])
    assert log_counts(stores[0]) == log_counts(stores[1])
    assert hits(caches) > 0


@pytest.mark.parametrize("late", [False, True], ids=["stamped-after-the-pass", "committed-late"])
def test_a_member_written_since_the_night_before_is_read_again(engine: Engine, late: bool) -> None:
    """Two psql failures form a topic; a third joins it the next night (the topic's members
    read and kept); then one member's text is rewritten, and the night a fourth failure
    arrives reads that member again, the other from the cache. Also when the rewrite was
    stamped half an hour before the night that read it began and committed after it (an
    ingest batch retried with its first try's stamp): beyond the change window's 5 minutes,
    within the cache's own margin."""
    ingest_on(engine, DAY0, [psql("u_1", 0, *FAILURES[0], id="o_a"),
                             psql("u_1", 0, *FAILURES[1], id="o_b")])  # fmt: skip
    caches = [MemberCache() for _ in range(PARTITIONS)]
    night(engine, DAY0, caches)
    day1, day2 = DAY0 + timedelta(days=1), DAY0 + timedelta(days=2)
    ingest_on(engine, day1, [psql("u_1", 1, *FAILURES[2], id="o_c")])
    night(engine, day1, caches)  # read o_a and o_b for the topic o_c joins
    assert hits(caches) == 0
    stamp = wall(day1, 2) - timedelta(minutes=30) if late else wall(day2, 1)
    with engine.begin() as conn:
        tenant = conn.scalar(select(Entry.tenant).where(Entry.id == "o_a"))
        rewritten = "psql timed out connecting to replica-2 after 30 s"
        conn.execute(
            update(Entry).where(Entry.id == "o_a")
            .values(content=rewritten, updated_at=stamp)
        )  # fmt: skip
        assert set(conn.scalars(select(TopicMember.observation_id))) == {"o_a", "o_b", "o_c"}
    ingest_on(engine, day2, [psql("u_1", 2, *FAILURES[3], id="o_d")])
    night(engine, day2, caches)
    # o_b from the cache; o_a was written since, and read again; o_c joined the night before
    # (its text came with it, not read as a member)
    assert hits(caches) == 1
    (cache,) = [c for c in caches if c.get(tenant, "o_a") is not None]
    member = cache.get(tenant, "o_a")
    assert member is not None and member.content == rewritten


def test_a_night_the_walk_did_not_confirm_starts_afresh(engine: Engine) -> None:
    """The walk's cache is confirmed by the nights it ran: when another run passed the night
    in between (here: one without the cache), the next night reads every member again; the
    night after that takes them from the cache."""
    ingest_on(engine, DAY0, [psql("u_1", 0, *FAILURES[0]), psql("u_1", 0, *FAILURES[1])])
    caches = [MemberCache() for _ in range(PARTITIONS)]
    night(engine, DAY0, caches)
    more = [*FAILURES[2:], ("not found", "psql relation not found on replica-2"),
            ("rate limit", "psql rate limited connecting to replica-2")]  # fmt: skip
    for d, (symptom, content) in enumerate(more, start=1):
        ingest_on(engine, DAY0 + timedelta(days=d), [psql("u_1", d, symptom, content)])
    night(engine, DAY0 + timedelta(days=1), caches)  # reads the topic's two members
    night(engine, DAY0 + timedelta(days=2), None)  # not this walk's
    night(engine, DAY0 + timedelta(days=3), caches)
    assert hits(caches) == 0
    night(engine, DAY0 + timedelta(days=4), caches)
    assert hits(caches) > 0
