"""An observation's sightings summed up on its row (``store.seen``, migration 0019).

Ingest leaves out the open observations the nightly passes had closed before a candidate's
first night; it used to sum each one's sightings per batch, a cost that grew with the key's
history (issue 13). The writer keeps the sums on the row. These tests hold it to two things:
the sums always equal what the sightings say, through late arrivals that move sightings
between observations; and a store that reads the sums places every sighting exactly as one
that sums the sightings (its sums wiped before every batch) does.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from alembic import command
from sqlalchemy import Engine, MetaData, select, update

from memcurator.app.ingest import submit
from store.engine import _alembic_config, make_engine, upgrade
from store.rows import SEEN_COLUMNS
from store.tables import Entry, EntrySource
from tests.factories import observation

START = datetime(2025, 3, 3, 9, tzinfo=UTC)
WEEKS = 7


def at(day: float) -> str:
    return (START + timedelta(days=day)).isoformat().replace("+00:00", "Z")


def batches() -> list[list[dict[str, Any]]]:
    """Seven weeks of one team's failures, submitted a week at a time, with stragglers.

    - psql: three sessions a week (two sightings in the first), so each week's observation
      qualifies and closes, and the next week's sighting opens a new one (no nightly pass
      runs between the batches);
    - the agent's own inference of a flaky build, every ten days: never qualifies, expires;
    - redis: seen every other week in one session, open across weeks;
    - each week also brings two sightings of two weeks before, which arrive late and are
      placed among what is stored (moving sightings between observations);
    - at the edges, for another user: exactly three sessions a week, the third at midnight,
      and in the next week's batch one more sighting later that day (the night after it has
      not run: it joins), then the next week's three;
    - a user's three sightings dated (``valid_from``) after they were seen, and one sighting
      three weeks on dated before them: it comes before them in valid time, so they are read
      with it although their sums say closed.
    """
    weeks: list[list[dict[str, Any]]] = [[] for _ in range(WEEKS)]
    midnight = START.replace(hour=0)
    for week in range(WEEKS):
        edge = [at(7 * week), at(7 * week + 1),
                (midnight + timedelta(days=7 * week + 2)).isoformat().replace("+00:00", "Z")]
        if week:
            weeks[week].append(observation("u_b", f"edge_{week}_late", at(7 * week - 5 + 0.25)))
        weeks[week] += [observation("u_b", f"edge_{week}_{n}", when) for n, when in enumerate(edge)]
        for n in range(3):
            weeks[week].append(observation("u_a", f"psql_{week}_{n}", at(7 * week + n)))
        weeks[week].append(observation("u_a", f"psql_{week}_0", at(7 * week + 0.1)))
        if week % 2 == 0:
            weeks[week].append(observation(
                "u_a", f"redis_{week}", at(7 * week + 3), tool="redis",
                content="redis refused the connection on port 6380", symptom="refused",
            ))  # fmt: skip
    for day in range(0, 7 * WEEKS, 10):
        weeks[day // 7].append(observation(
            "u_a", f"guess_{day}", at(day + 0.5), kind="agent_inference", tool="ci",
            content="the CI build looks flaky on the arm runners", symptom="flaky build",
        ))  # fmt: skip
    for n in range(3):  # dated by when they held, later than when they were seen
        weeks[0].append(observation("u_d", f"dated_{n}", at(n), valid_from=at(20)))
    weeks[3].append(observation("u_d", "dated_late", at(21), valid_from=at(19)))
    for week in range(2, WEEKS):
        for n in range(2):
            weeks[week].append(observation(
                "u_a", f"late_{week}_{n}", at(7 * (week - 2) + 4 + n),
            ))  # fmt: skip
    return weeks


def sums(engine: Engine) -> tuple[dict[str, tuple[Any, ...]], dict[str, tuple[Any, ...]]]:
    """Each observation's kept sums, and the same sums taken from its sightings. A retired
    entry holds none (its sightings moved to the entry it points to): it is left out."""
    with engine.connect() as conn:
        kept = {
            r.id: (r.seen_last, r.seen_sessions, r.seen_direct)
            for r in conn.execute(
                select(Entry.id, Entry.seen_last, Entry.seen_sessions, Entry.seen_direct)
                .where(Entry.type == "observation", Entry.status != "retired")
            )
        }  # fmt: skip
        seen: dict[str, list[Any]] = {}
        for r in conn.execute(select(EntrySource)):
            seen.setdefault(r.entry_id, []).append(r)
    summed = {
        entry_id: (
            max(s.created_at for s in rows),
            len({s.source_session_id for s in rows}),
            any(s.source_kind != "agent_inference" for s in rows),
        )
        for entry_id, rows in seen.items()
        if entry_id in kept
    }
    return kept, summed


def placement(engine: Engine) -> tuple[list[tuple[Any, ...]], list[tuple[str, str]]]:
    """Every entry as placed (not when it was written), and which entry each sighting joined."""
    with engine.connect() as conn:
        entries = sorted(
            (r.id, r.type, r.status, r.evidence, r.content, r.subject_key,
             r.last_confirmed_at, r.valid_to, r.superseded_by)
            for r in conn.execute(select(Entry))
        )  # fmt: skip
        sources = sorted(
            (r.memory_id, r.entry_id)
            for r in conn.execute(select(EntrySource.memory_id, EntrySource.entry_id))
        )
    return entries, sources


def test_the_kept_sums_are_the_sightings_sums(engine: Engine) -> None:
    for week in batches():
        submit(week, engine=engine)
        kept, summed = sums(engine)
        assert kept == summed
    # Not vacuous: closed weeks, an inference-only observation, sightings that moved.
    assert sum(1 for _, n, _ in kept.values() if n >= 3) >= WEEKS - 1
    assert any(direct is False for _, _, direct in kept.values())
    with engine.connect() as conn:
        evidence = {r.id: r.evidence for r in conn.execute(select(Entry.id, Entry.evidence))}
    assert any(evidence[i] > n for i, (_, n, _) in kept.items())  # a session seen twice
    with engine.connect() as conn:
        moved = conn.execute(
            select(EntrySource.memory_id).where(EntrySource.memory_id != EntrySource.entry_id)
        ).all()
    assert moved


def test_reading_the_sums_places_as_summing_the_sightings(
    new_engine: Callable[[], Engine],
) -> None:
    kept_sums, summing = new_engine(), new_engine()
    for week in batches():
        submit(week, engine=kept_sums)
        with summing.begin() as conn:  # no sums: every open observation's sightings are read
            conn.execute(update(Entry).values(seen_last=None, seen_sessions=None,
                                              seen_direct=None))  # fmt: skip
        submit(week, engine=summing)
    assert placement(kept_sums) == placement(summing)
    entries, _ = placement(kept_sums)
    psql = [e for e in entries if e[1] == "observation" and "psql" in (e[5] or "")]
    assert len(psql) >= WEEKS  # a new observation each week: the closed ones were left out


def test_the_upgrade_sums_up_what_is_stored(
    new_engine: Callable[[], Engine], new_store_url: Callable[[], str]
) -> None:
    ingested = new_engine()
    for week in batches():
        submit(week, engine=ingested)
    old = make_engine(new_store_url())  # a store of the release before, holding the same rows
    try:
        command.upgrade(_alembic_config(old), "0018")
        tables = MetaData()
        tables.reflect(old, only=["entries", "entry_sources"])
        with ingested.connect() as source, old.begin() as target:
            for name in ("entries", "entry_sources"):
                rows = [dict(r) for r in source.execute(select(Entry.metadata.tables[name]))
                        .mappings()]  # fmt: skip
                for row in rows:
                    for column in SEEN_COLUMNS:
                        row.pop(column, None)
                target.execute(tables.tables[name].insert(), rows)
        upgrade(old)
        kept, summed = sums(old)
        assert kept == summed and len(kept) >= WEEKS
        assert placement(old) == placement(ingested)
    finally:
        old.dispose()
