"""What ingest loads for a key does not grow with the key's history (issue 13, cause 2).

A candidate is placed against what it can reach: the current version of its fact (and what
a late arrival reopens), the observations still open for it. Loading every version a key
ever had, with their sources, made each candidate cost its key's whole history: quadratic
over a user's lifetime. The results themselves are the order-independence and
late-restatement tests' to prove; these count what is loaded.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, select

from memcurator.app.ingest import submit
from memcurator.decisions import NewEntry
from memcurator.gate import evaluate_line
from store.tables import Entry
from store.timelines import load_timelines, timeline_key
from tests.factories import candidate, observation

START = datetime(2025, 1, 6, 9, tzinfo=UTC)
DAYS = 40
USER = "u_history"


def at(day: int, hour: int = 0) -> str:
    return (START + timedelta(days=day, hours=hour)).isoformat().replace("+00:00", "Z")


def seat(day: int, value: str) -> dict[str, Any]:
    return candidate(
        scope={"org_id": "acme", "user_id": USER},
        content=f"Prefers {value} seats",
        subject={"entity": "user", "attribute": "seat_preference", "value": value},
        created_at=at(day),
        source={"kind": "user_message", "ref": f"turn_{day}", "session_id": f"s_{day}"},
    )


def accepted(data: dict[str, Any]) -> NewEntry:
    decision = evaluate_line(json.dumps(data).encode())
    assert decision.entry is not None, decision.events
    return decision.entry


def loaded(engine: Engine, entry: NewEntry) -> int:
    """How many stored versions of ``entry``'s key ingest loads to place it."""
    with engine.begin() as conn:
        timelines = load_timelines(conn, [entry])
    key = timeline_key(entry)
    assert key is not None
    return len(timelines[key].versions)


def stored(engine: Engine, entry: NewEntry) -> int:
    """How many entries ``entry``'s key holds."""
    with engine.begin() as conn:
        return len(conn.execute(select(Entry.id).where(
            Entry.subject_key == entry.subject_key, Entry.type == entry.type)).all())


def test_a_fact_changed_every_day_loads_its_current_version_not_its_history(
    engine: Engine,
) -> None:
    submit([seat(day, ("aisle", "window")[day % 2]) for day in range(DAYS)], engine=engine)
    # The whole history is stored: one version a day, all but the last superseded.
    next_day = accepted(seat(DAYS, "aisle"))
    assert stored(engine, next_day) == DAYS
    assert loaded(engine, next_day) == 1


def test_observations_closed_long_ago_are_not_loaded(engine: Engine) -> None:
    # The same failure seen in three sessions a week: each week's observation qualifies for
    # promotion, so the next week's sighting starts a new one (no nightly pass has run).
    sightings = [
        observation(USER, f"s_{week}_{n}", at(7 * week + n))
        for week in range(DAYS // 4) for n in range(3)
    ]
    submit(sightings, engine=engine)
    later = accepted(observation(USER, "s_last", at(7 * (DAYS // 4))))
    assert stored(engine, later) == DAYS // 4
    assert loaded(engine, later) <= 1


def test_a_late_statement_that_renames_the_floor_relinks_what_came_before_it(
    engine: Engine,
) -> None:
    """The version before the earliest candidate loses its name (its anchor is re-placed
    after the candidate): the one before it, not loaded at first, must point to the new name."""
    def said(name: str, day: int, value: str) -> dict[str, Any]:
        return {**seat(day, value), "id": name}

    for batch in (["u1", 1, "aisle"], ["x2", 5, "window"], ["x1", 3, "window"],
                  ["w", 10, "aisle"], ["y", 4, "aisle"]):
        submit([said(*batch)], engine=engine)  # type: ignore[arg-type]
    with engine.begin() as conn:
        rows = {e["id"]: e for e in conn.execute(select(Entry.__table__)).mappings()}
    live = {i: e for i, e in rows.items() if e["status"] in ("active", "superseded")}
    assert rows["u1"]["superseded_by"] == "x1"
    for entry in live.values():
        if entry["status"] == "superseded":
            assert live[entry["superseded_by"]]["valid_since"] == entry["valid_to"]
    assert [i for i, e in live.items() if e["status"] == "active"] == ["w"]
