"""The nightly pass on a real store (SQLite and PostgreSQL), without Prefect.

Expiry at exactly the 30-day boundary, promotion at exactly 3 distinct sessions, topic
entries stable across nights, and reruns that change nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from sqlalchemy import Engine, func, select

from store.queries import iter_entries, iter_log
from store.reading import trace
from store.tables import ConsolidationRun, Entry, TopicMember
from tests.factories import observation
from tests.passes import export, ingest, log_counts, run_pass, stage_hooks


def entry(engine: Engine, memory_id: str) -> dict[str, object]:
    doc = trace(engine, memory_id)
    assert doc is not None, memory_id
    return doc["entry"]  # type: ignore[no-any-return]


def test_an_observation_expires_exactly_thirty_days_after_it_was_last_seen(
    engine: Engine,
) -> None:
    ingest(engine, [observation("u_1", "s_1", "2025-03-01T00:00:00Z", id="o_timeout")])
    # The pass for 29 March sees up to 30 March 00:00: 29 days since last seen.
    run_pass(engine, date(2025, 3, 29))
    assert entry(engine, "o_timeout")["status"] == "active"
    # The pass for 30 March sees up to 31 March 00:00: exactly 30 days.
    [report] = run_pass(engine, date(2025, 3, 30))
    expired = entry(engine, "o_timeout")
    assert report.figures["expired"] == 1
    assert expired["status"] == "expired"
    assert expired["valid_to"] == "2025-03-31T00:00:00Z"
    [event] = [e for e in iter_log(engine, action="expired")]
    assert event["rule"] == "expiry" and event["memory_id"] == "o_timeout"
    assert event["flow_run_id"] == "test-run"
    assert "last seen 2025-03-01T00:00:00Z" in event["reason"]


def test_an_observation_last_seen_mid_morning_expires_at_that_minute_not_at_the_cutoff(
    engine: Engine,
) -> None:
    ingest(engine, [observation("u_1", "s_1", "2025-03-01T09:17:42Z", id="o_late")])
    # 31 March 09:17:42 is after the cutoff of the pass for 30 March: still active then.
    run_pass(engine, date(2025, 3, 30))
    assert entry(engine, "o_late")["status"] == "active"
    [report] = run_pass(engine, date(2025, 3, 31))
    expired = entry(engine, "o_late")
    assert report.figures["expired"] == 1 and expired["status"] == "expired"
    assert expired["valid_to"] == "2025-03-31T09:17:42Z"
    assert expired["updated_at"] == "2025-04-01T00:00:00Z"
    [event] = [e for e in iter_log(engine, action="expired")]
    assert "at 2025-03-31T09:17:42Z" in event["reason"]


def test_being_seen_again_restarts_the_expiry_clock(engine: Engine) -> None:
    ingest(
        engine,
        [
            observation("u_1", "s_1", "2025-03-01T00:00:00Z", id="o_a"),
            observation("u_1", "s_2", "2025-03-20T00:00:00Z", id="o_b"),
        ],
    )
    run_pass(engine, date(2025, 3, 30))
    assert entry(engine, "o_a")["status"] == "active"
    run_pass(engine, date(2025, 4, 18))
    assert entry(engine, "o_a")["status"] == "expired"
    assert entry(engine, "o_a")["valid_to"] == "2025-04-19T00:00:00Z"


def test_promotion_needs_exactly_three_distinct_sessions(engine: Engine) -> None:
    ingest(
        engine,
        [
            # u_three: three sessions, on three days
            observation("u_three", "s_1", "2025-03-01T09:00:00Z", id="o_three"),
            observation("u_three", "s_2", "2025-03-02T09:00:00Z"),
            observation("u_three", "s_3", "2025-03-03T09:00:00Z"),
            # u_one: three mentions in one session
            observation("u_one", "s_9", "2025-03-01T09:00:00Z", id="o_one"),
            observation("u_one", "s_9", "2025-03-01T09:05:00Z"),
            observation("u_one", "s_9", "2025-03-01T09:10:00Z"),
            # u_two: two sessions, many mentions
            observation("u_two", "s_7", "2025-03-01T09:00:00Z", id="o_two"),
            observation("u_two", "s_7", "2025-03-01T10:00:00Z"),
            observation("u_two", "s_8", "2025-03-02T09:00:00Z"),
            observation("u_two", "s_8", "2025-03-02T10:00:00Z"),
        ],
    )
    # Before the third session the pass promotes nothing.
    [report] = run_pass(engine, date(2025, 3, 2))
    assert report.figures["promoted"] == 0
    [report] = run_pass(engine, date(2025, 3, 3))
    assert report.figures["promoted"] == 1
    promoted = trace(engine, "o_three")
    assert promoted is not None
    assert promoted["entry"]["status"] == "superseded"
    assert promoted["entry"]["valid_to"] == "2025-03-03T09:00:00Z"
    fact_id = promoted["entry"]["superseded_by"]
    fact = entry(engine, fact_id)
    assert fact["type"] == "fact" and fact["status"] == "active"
    assert fact["supersedes"] == "o_three"
    assert fact["valid_from"] == "2025-03-03T09:00:00Z"
    assert fact["created_at"] == "2025-03-01T09:00:00Z"
    assert fact["content"] == "psql timed out connecting to replica-2"
    assert fact["evidence"] == 3
    assert entry(engine, "o_one")["status"] == "active"
    assert entry(engine, "o_two")["status"] == "active"
    [event] = [e for e in iter_log(engine, action="promoted")]
    assert event["rule"] == "promotion" and event["related_ids"] == [fact_id]
    assert event["payload"]["sessions"] == ["s_1", "s_2", "s_3"]
    # Support can walk from the fact back to the turns it came from.
    fact_trace = trace(engine, fact_id)
    assert fact_trace is not None
    assert [c["id"] for c in fact_trace["supersedes"]] == ["o_three"]
    assert len(promoted["source_turns"]) == 3


def test_topic_entries_are_updated_in_place_night_after_night(engine: Engine) -> None:
    def seen(i: int, day: int, text: str) -> dict[str, object]:
        # Different symptoms, so each is its own observation; one tool, so one topic space.
        return observation(
            "u_1",
            f"s_{i}",
            f"2025-03-{day:02d}T09:{i:02d}:00Z",
            content=text,
            tool="pytest",
            symptom=f"symptom {i}",
            id=f"o_{i}",
        )

    ingest(
        engine,
        [
            seen(1, 1, "pytest failed with ImportError: no module named payments.api"),
            seen(2, 1, "pytest failed with ImportError: no module named payments.api again"),
            seen(3, 1, "The deploy bucket refused the upload"),
        ],
    )
    run_pass(engine, date(2025, 3, 1))
    [topic] = [e for e in iter_entries(engine) if (e["subject_key"] or "").startswith("topic:")]
    assert topic["type"] == "summary"
    assert topic["links"] == ["o_1", "o_2"]
    assert topic["evidence"] == 2
    assert topic["content"].startswith("Topic pytest (2 observations)")
    first_id, first_created = topic["id"], topic["created_at"]

    ingest(engine, [seen(4, 2, "pytest failed: ImportError no module named payments.api")])
    run_pass(engine, date(2025, 3, 2))
    topics = [e for e in iter_entries(engine, status="all") if e["id"] == first_id]
    all_topics = [
        e
        for e in iter_entries(engine, status="all")
        if (e["subject_key"] or "").startswith("topic:")
    ]
    assert len(all_topics) == 1
    [grown] = topics
    assert grown["links"] == ["o_1", "o_2", "o_4"]
    assert grown["evidence"] == 3
    assert "(3 observations)" in grown["content"]
    assert grown["created_at"] == first_created
    assert grown["updated_at"] == "2025-03-03T00:00:00Z"
    # Members stay addressable, and know their topic.
    member = trace(engine, "o_4")
    assert member is not None
    assert member["entry"]["status"] == "active"
    assert member["topics"] == [first_id]
    # A quiet night leaves the topic untouched.
    run_pass(engine, date(2025, 3, 3))
    [again] = [e for e in iter_entries(engine, status="all") if e["id"] == first_id]
    assert again == grown


def test_a_grown_topic_keeps_quotes_backslashes_and_braces_of_its_members(
    engine: Engine,
) -> None:
    # PostgreSQL reads members as arrays and writes grown topics from array parameters: the
    # characters an array literal quotes or escapes must come back as they went in.
    odd = 'KeyError "pay\\ments" {a,b} NULL, it said'

    def seen(i: int, day: int) -> dict[str, object]:
        return observation(
            "u_1", f"s_{i}", f"2025-03-{day:02d}T09:{i:02d}:00Z",
            content=f"pytest failed with {odd} (run {i})", tool="pytest",
            symptom=f"symptom {i}", id=f"o_{i}",
        )  # fmt: skip

    ingest(engine, [seen(1, 1), seen(2, 1)])
    run_pass(engine, date(2025, 3, 1))
    ingest(engine, [seen(3, 2)])
    run_pass(engine, date(2025, 3, 2))
    [topic] = [e for e in iter_entries(engine) if (e["subject_key"] or "").startswith("topic:")]
    assert topic["links"] == ["o_1", "o_2", "o_3"]
    assert topic["content"].startswith("Topic pytest (3 observations): pytest failed with ")
    assert odd in topic["content"]
    assert topic["confidence"] == 0.8
    assert topic["updated_at"] == "2025-03-03T00:00:00Z"


def test_running_a_pass_twice_changes_nothing_the_second_time(engine: Engine) -> None:
    ingest(
        engine,
        [observation("u_1", f"s_{i}", f"2025-03-0{i}T09:00:00Z") for i in range(1, 4)]
        + [observation("u_2", "s_9", "2025-01-01T09:00:00Z")],
    )
    run_pass(engine, date(2025, 3, 5), partitions=3)
    before, log_before = export(engine), log_counts(engine)
    reports = run_pass(engine, date(2025, 3, 5), partitions=3)
    assert all(r.already_done for r in reports)
    assert export(engine) == before
    assert log_counts(engine) == log_before
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(ConsolidationRun)) == 3


def test_partitions_split_the_scopes_and_together_cover_them_all(
    new_engine: Callable[[], Engine],
) -> None:
    candidates = [
        observation(f"u_{u}", f"s_{u}_{i}", f"2025-03-0{i}T09:00:00Z")
        for u in range(12)
        for i in range(1, 4)
    ]
    one, four = new_engine(), new_engine()
    ingest(one, candidates)
    ingest(four, candidates)
    run_pass(one, date(2025, 3, 4), partitions=1)
    reports = run_pass(four, date(2025, 3, 4), partitions=4)
    assert sum(r.scopes for r in reports) == 12
    assert sum(r.figures["promoted"] for r in reports) == 12
    assert export(one) == export(four)


def test_the_pass_ignores_what_arrived_after_its_date(engine: Engine) -> None:
    ingest(
        engine,
        [observation("u_1", f"s_{i}", f"2025-03-0{i}T09:00:00Z", id=f"o_{i}") for i in (1, 2)]
        + [observation("u_1", "s_3", "2025-03-09T09:00:00Z")],
    )
    [report] = run_pass(engine, date(2025, 3, 5))
    assert report.figures["promoted"] == 0
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(TopicMember)) == 0
        assert conn.scalar(select(func.count()).where(Entry.type == "fact")) == 0


def test_an_observation_seen_again_while_the_pass_runs_is_not_expired(pg_url: str) -> None:
    """Ingest commits a new sighting after the pass read the store but before it wrote."""
    from memcurator.app import nightly
    from store.engine import make_engine, upgrade

    engine = make_engine(pg_url)
    upgrade(engine)
    try:
        ingest(engine, [observation("u_1", "s_1", "2025-03-01T00:00:00Z", id="o_old")])
        originals = {name: getattr(nightly, name) for name in ("plan", "write_step")}

        def seen_again(conn: object, stage: str) -> None:
            # Seen on the day of the pass that would expire it: it still renews it.
            if stage == "planned":
                ingest(engine, [observation("u_1", "s_2", "2025-03-30T08:00:00Z")])

        for name, seam in stage_hooks(seen_again).items():
            setattr(nightly, name, seam)
        try:
            [report] = run_pass(engine, date(2025, 3, 30))
        finally:
            for name, seam in originals.items():
                setattr(nightly, name, seam)
        assert report.figures["expired"] == 0
        doc = entry(engine, "o_old")
        assert doc["status"] == "active" and doc["evidence"] == 2
        # The next night sees the new sighting and keeps the observation.
        [report] = run_pass(engine, date(2025, 3, 31))
        assert report.figures["expired"] == 0 and entry(engine, "o_old")["status"] == "active"
    finally:
        engine.dispose()


def seat(kind: str, session: str, at: str, content: str, **overrides: object) -> dict[str, object]:
    """A statement about u_1's seat preference, under one explicit subject key (an
    observation names a tool and a symptom too, as the schema asks; the subject wins)."""
    no_tool = {"tool": None, "symptom": None} if kind == "fact" else {}
    doc = observation("u_1", session, at, content=content, **no_tool, **overrides)  # type: ignore[arg-type]
    doc["type"] = kind
    doc["subject"] = {"entity": "user", "attribute": "seat_preference"}
    if kind == "fact":
        doc["source"]["kind"] = "user_message"  # type: ignore[index]
        doc["confidence"] = 0.9
    return doc


def test_a_promoted_observation_that_contradicts_the_fact_under_its_key_supersedes_it(
    engine: Engine,
) -> None:
    ingest(
        engine,
        [seat("fact", "s_0", "2025-03-01T08:00:00Z", "Prefers window seats", id="f_window")]
        + [
            seat("observation", f"s_{i}", f"2025-03-0{i + 1}T09:00:00Z", "Prefers aisle seats")
            for i in (1, 2, 3)
        ],
    )
    [report] = run_pass(engine, date(2025, 3, 4))
    assert report.figures["promoted"] == 1
    [promoted] = [e for e in iter_log(engine, action="promoted")]
    fact_id = promoted["payload"]["fact_id"]
    # Not merged into the fact that says otherwise: a fact of its own, which supersedes it.
    assert fact_id != "f_window"
    aisle = entry(engine, fact_id)
    assert aisle["content"] == "Prefers aisle seats" and aisle["status"] == "active"
    assert aisle["evidence"] == 3
    window = entry(engine, "f_window")
    assert window["status"] == "superseded" and window["superseded_by"] == fact_id
    assert window["valid_to"] == "2025-03-04T09:00:00Z" and window["evidence"] == 1
    [why] = [e for e in iter_log(engine, action="superseded") if e["memory_id"] == "f_window"]
    assert why["rule"] == "promotion" and why["related_ids"] == [fact_id]
    assert "contradict" in why["reason"] or "aisle" in why["reason"], why["reason"]
    # A rerun of the night changes nothing.
    before = export(engine), log_counts(engine)
    run_pass(engine, date(2025, 3, 4))
    assert (export(engine), log_counts(engine)) == before


def test_a_promoted_observation_that_says_the_same_as_the_fact_under_its_key_merges_into_it(
    engine: Engine,
) -> None:
    ingest(
        engine,
        [seat("fact", "s_0", "2025-03-01T08:00:00Z", "Prefers window seats", id="f_window")]
        + [
            seat("observation", f"s_{i}", f"2025-03-0{i + 1}T09:00:00Z", "Prefers window seats")
            for i in (1, 2, 3)
        ],
    )
    [report] = run_pass(engine, date(2025, 3, 4))
    assert report.figures["promoted"] == 1
    [promoted] = [e for e in iter_log(engine, action="promoted")]
    assert promoted["payload"]["fact_id"] == "f_window"
    window = entry(engine, "f_window")
    assert window["status"] == "active" and window["evidence"] == 4
    assert not [e for e in iter_log(engine, action="superseded")]


def test_a_promotion_under_a_key_read_as_gathering_adds_its_value(engine: Engine) -> None:
    """"craft" reads as single-valued by its name; its statements showed it gathering values
    (knitting came back after pottery in one session), so the nightly pass's promoted
    woodworking adds its evidence to the set's fact instead of superseding it."""
    def craft(kind: str, session: str, at: str, value: str, **overrides: object) -> dict:
        doc = seat(kind, session, at, f"Does {value}", **overrides)
        doc["subject"] = {"entity": "user", "attribute": "craft", "value": value}
        return doc

    said = [craft("fact", "s_0", f"2025-03-01T08:0{i}:00Z", v, id=f"f_{i}")
            for i, v in enumerate(["knitting", "pottery", "knitting"])]
    seen = [craft("observation", f"s_{i}", f"2025-03-0{i + 1}T09:00:00Z", "woodworking")
            for i in (1, 2, 3)]
    ingest(engine, said + seen)
    [report] = run_pass(engine, date(2025, 3, 4))
    assert report.figures["promoted"] == 1
    assert not [e for e in iter_log(engine, action="superseded")]
    [fact] = [e for e in iter_entries(engine) if e["type"] == "fact"]
    [promoted] = [e for e in iter_log(engine, action="promoted")]
    assert promoted["payload"]["fact_id"] == fact["id"]
    assert sorted(fact["subject"]["value"].split(", ")) == ["knitting", "pottery"]
