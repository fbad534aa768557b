"""A backfill over a store loaded ahead of time gives the history nightly runs would have given.

Two ways to reach the same dates with the same data: ingest everything, then run the pass
for every date (an import of history, then the manual backfill); or ingest each day and run
that night's pass before the next day arrives. The result must depend on the data and the
dates only. Known cases first (oracles), then a Hypothesis property that interleaves ingest
and passes at random split points and batch sizes against ingest-all-then-backfill.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine

from memcurator.consolidation import Policy
from store.queries import iter_entries, iter_log
from tests.factories import observation
from tests.passes import by_day, export, ingest, log_counts, run_pass

EXAMPLES = int(os.environ.get("MEMCURATOR_PROPERTY_EXAMPLES", "20"))
DAY0 = date(2025, 3, 1)


def at(day: int, clock: str = "09:17:00") -> str:
    return f"{(DAY0 + timedelta(days=day)).isoformat()}T{clock}Z"


def dates(first: date, last: date) -> list[date]:
    return [first + timedelta(days=i) for i in range((last - first).days + 1)]


def preloaded(engine: Engine, rows: list[dict[str, Any]], last: date) -> None:
    """Everything ingested first, then the pass for every date (the manual backfill)."""
    ingest(engine, rows)
    for day in dates(DAY0, last):
        run_pass(engine, day)


def interleaved(engine: Engine, rows: list[dict[str, Any]], last: date) -> None:
    """Each day ingested before that night's pass, as the nightly schedule does it."""
    days = by_day(rows)
    for day in dates(DAY0, last):
        ingest(engine, days.get(day, []))
        run_pass(engine, day)


def both(new_engine: Callable[[], Engine], rows: list[dict[str, Any]], last: date) -> Engine:
    """Run ``rows`` both ways, check the two stores agree, and return the pre-loaded one."""
    ahead, nightly = new_engine(), new_engine()
    preloaded(ahead, rows, last)
    interleaved(nightly, rows, last)
    assert export(ahead) == export(nightly)
    assert log_counts(ahead) == log_counts(nightly)
    return ahead


def entries(engine: Engine) -> dict[str, dict[str, Any]]:
    return {e["id"]: e for e in iter_entries(engine, status="all")}


def test_an_observation_seen_again_after_it_expired_starts_a_new_entry_that_is_promoted(
    new_engine: Callable[[], Engine],
) -> None:
    rows = [observation("u_1", "s_1", at(0), id="o_day0")]
    rows += [observation("u_1", f"s_{d}", at(d), id=f"o_day{d}") for d in (40, 41, 42)]
    engine = both(new_engine, rows, DAY0 + timedelta(days=45))
    stored = entries(engine)
    assert sorted(stored) == sorted(["o_day0", "o_day40", stored["o_day40"]["superseded_by"]])
    old = stored["o_day0"]
    assert old["status"] == "expired" and old["evidence"] == 1
    # Last seen 1 March 09:17: expired 30 days later to the minute, not at the pass's cutoff.
    assert old["valid_to"] == "2025-03-31T09:17:00Z"
    new = stored["o_day40"]
    assert new["status"] == "superseded" and new["evidence"] == 3
    assert new["created_at"] == at(40) and new["valid_from"] == at(40)
    fact = stored[new["superseded_by"]]
    assert fact["type"] == "fact" and fact["status"] == "active"
    assert fact["supersedes"] == "o_day40"
    assert fact["valid_from"] == at(42) and fact["evidence"] == 3
    assert [e["memory_id"] for e in iter_log(engine, action="expired")] == ["o_day0"]
    assert [e["memory_id"] for e in iter_log(engine, action="promoted")] == ["o_day40"]


def test_a_sighting_on_the_day_an_observation_would_expire_still_renews_it(
    new_engine: Callable[[], Engine],
) -> None:
    """Day 30's sighting (12:00) comes after the expiry moment (09:17), but the pass that
    would expire it runs at the end of day 30, after that day's ingest: it is renewed."""
    rows = [
        observation("u_1", "s_1", at(0), id="o_first"),
        observation("u_1", "s_2", at(30, "12:00:00"), id="o_renewal"),
    ]
    engine = both(new_engine, rows, DAY0 + timedelta(days=61))
    [only] = entries(engine).values()
    assert only["id"] == "o_first" and only["evidence"] == 2
    assert only["status"] == "expired" and only["valid_to"] == "2025-04-30T12:00:00Z"


def test_an_observation_seen_again_after_its_promotion_starts_a_new_one(
    new_engine: Callable[[], Engine],
) -> None:
    """Promoted on day 2; later sightings are a new observation, promoted into the same fact
    once it has its own three sessions; a sighting later on day 2 stays with the first."""
    rows = [observation("u_1", f"s_{d}", at(d), id=f"o_{d}") for d in (0, 1, 2)]
    rows += [observation("u_1", "s_2", at(2, "18:00:00"), id="o_2_late")]
    rows += [observation("u_1", f"s_{d}", at(d), id=f"o_{d}") for d in (9, 10, 11)]
    engine = both(new_engine, rows, DAY0 + timedelta(days=12))
    stored = entries(engine)
    first, second = stored["o_0"], stored["o_9"]
    assert first["status"] == "superseded" and first["evidence"] == 4
    assert second["status"] == "superseded" and second["evidence"] == 3
    assert first["superseded_by"] == second["superseded_by"]
    fact = stored[first["superseded_by"]]
    assert fact["status"] == "active" and fact["valid_from"] == at(2)
    assert fact["evidence"] == 6
    assert len(stored) == 3


def test_a_topic_counts_a_member_as_it_stood_that_night(new_engine: Callable[[], Engine]) -> None:
    """A member's later, more confident sightings do not rewrite what a past night did."""

    def seen(n: int, day: int, confidence: float, symptom: str) -> dict[str, Any]:
        row = observation("u_1", f"s_{n}", at(day), tool="pytest", symptom=symptom)
        row.update(content="pytest failed with ImportError in payments.api", confidence=confidence)
        return {**row, "id": f"o_{n}"}

    rows = [seen(1, 0, 0.6, "import"), seen(2, 0, 0.6, "import error"), seen(3, 5, 1.0, "import")]
    engine = both(new_engine, rows, DAY0 + timedelta(days=6))
    [topic] = [e for e in entries(engine).values() if e["type"] == "summary"]
    assert topic["links"] == ["o_1", "o_2"] and topic["confidence"] == 0.6


TEXTS = {
    ("psql", "timeout"): ["psql timed out connecting to replica-2"],
    ("psql", "auth"): ["psql refused the password for the reporting role"],
    ("pytest", "import"): [
        "pytest failed with ImportError in payments.api",
        "pytest failed: ImportError no module payments.api",
    ],
}


@st.composite
def streams(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Observations over ~two months, in time order, at any minute of the day."""
    rows = []
    for n in range(draw(st.integers(1, 18))):
        tool, symptom = draw(st.sampled_from(sorted(TEXTS)))
        moment = datetime.combine(DAY0, datetime.min.time(), tzinfo=UTC) + timedelta(
            days=draw(st.integers(0, 55)), minutes=draw(st.integers(0, 24 * 60 - 1))
        )
        row = observation(
            f"u_{draw(st.integers(1, 2))}",
            f"s_{draw(st.integers(1, 6))}",
            moment.isoformat().replace("+00:00", "Z"),
            content=draw(st.sampled_from(TEXTS[(tool, symptom)])),
            tool=tool,
            symptom=symptom,
            kind=draw(st.sampled_from(["tool_result", "tool_result", "agent_inference"])),
            id=f"o_{n:03d}",
        )
        rows.append({**row, "confidence": draw(st.sampled_from([0.6, 0.8, 0.95]))})
    return sorted(rows, key=lambda r: (r["created_at"], r["id"]))


def replay_equals_backfill(
    new_engine: Callable[[], Engine], data: st.DataObject, rows: list[dict[str, Any]], last: date,
    policy: Policy | None = None,
) -> None:
    """``rows`` ingested whole and then the pass for every date up to ``last``, against a
    random interleaving of ingests and passes (``schedules``): the same export and log counts."""
    steps = data.draw(schedules(rows, last))
    ahead, mixed = new_engine(), new_engine()
    try:
        ingest(ahead, rows, batch_size=data.draw(st.integers(1, 20)))
        for day in dates(DAY0, last):
            run_pass(ahead, day, policy=policy)
        for step in steps:
            if step[0] == "ingest":
                ingest(mixed, step[1], batch_size=step[2])
            else:
                run_pass(mixed, step[1], policy=policy)
        assert export(ahead) == export(mixed)
        assert log_counts(ahead) == log_counts(mixed)
    finally:  # many examples, one fixture: give the connections back every time
        ahead.dispose()
        mixed.dispose()


@st.composite
def schedules(draw: st.DrawFn, rows: list[dict[str, Any]], last: date) -> list[Any]:
    """One random interleaving: the stream cut at random points, each chunk ingested in
    random batch sizes, and after it the passes for some of the dates already complete
    (a pass for D only once every candidate of D is in; passes for later dates wait)."""
    cuts = sorted(draw(st.sets(st.integers(1, max(1, len(rows) - 1)), max_size=6)))
    chunks = [rows[a:b] for a, b in zip([0, *cuts], [*cuts, len(rows)], strict=True) if a < b]
    steps: list[Any] = []
    done = DAY0 - timedelta(days=1)
    for i, chunk in enumerate(chunks):
        steps.append(("ingest", chunk, draw(st.integers(1, 6))))
        later = chunks[i + 1][0] if i + 1 < len(chunks) else None
        complete = _date(later) - timedelta(days=1) if later else last
        if complete > done:
            upto = done + timedelta(days=draw(st.integers(0, (complete - done).days)))
            steps += [("pass", d) for d in dates(done + timedelta(days=1), upto)]
            done = max(done, upto)
    steps += [("pass", d) for d in dates(done + timedelta(days=1), last)]
    return steps


def _date(row: dict[str, Any]) -> date:
    return datetime.fromisoformat(row["created_at"].replace("Z", "+00:00")).date()


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), rows=streams())
def test_any_interleaving_of_ingest_and_passes_equals_ingest_all_then_backfill(
    new_engine: Callable[[], Engine], data: st.DataObject, rows: list[dict[str, Any]]
) -> None:
    replay_equals_backfill(new_engine, data, rows, DAY0 + timedelta(days=90))
