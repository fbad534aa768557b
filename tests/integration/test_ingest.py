"""Ingest against real stores: all-or-nothing batches, idempotent re-runs, the seed's cases."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, event, func, select, text
from sqlalchemy.exc import OperationalError

from memcurator.app.ingest import ingest_stream, submit
from memcurator.app.retry import RetryPolicy
from store.engine import make_engine, upgrade
from store.queries import iter_entries, iter_log
from store.tables import Entry, Intake, WriteLog
from tests.factories import candidate, line

FIXED = datetime(2026, 1, 1, tzinfo=UTC)


def clock() -> datetime:
    return FIXED


def counts(engine: Engine) -> tuple[int, int, int]:
    with engine.connect() as conn:
        return tuple(  # type: ignore[return-value]
            conn.scalar(select(func.count()).select_from(t)) for t in (Entry, WriteLog, Intake)
        )


def snapshot(engine: Engine) -> tuple[list[dict[str, Any]], list[tuple[Any, ...]]]:
    entries = list(iter_entries(engine, status="all"))
    log = [
        (r["action"], r["rule"], r["memory_id"], r["candidate_key"], r["reason"])
        for r in iter_log(engine)
    ]
    return entries, sorted(log, key=repr)


def mixed_stream(n: int = 40) -> list[bytes]:
    lines = []
    for i in range(n):
        if i % 5 == 0:
            lines.append(line(content="okay"))
        elif i % 7 == 0:
            lines.append(b"{broken json " + str(i).encode())
        else:
            lines.append(line(content=f"The user owns {i} bicycles"))
    return lines


def test_the_seeds_cases_end_up_stored_or_logged_by_rule(engine: Engine) -> None:
    report = submit(
        [
            candidate(id="veg", content="I'm vegetarian"),
            candidate(id="hmm", content="hmm, let me think"),
            candidate(id="promo", content="The user probably wants a promotion"),
            candidate(id="weak", content="Prefers aisle seats", confidence=0.5),
        ],
        engine=engine,
    )
    assert report.outcomes == Counter(
        {"inserted": 2, "rejected:transient": 1, "rejected:schema": 1}
    )
    assert report.demoted == 1
    stored = {e["id"]: e for e in iter_entries(engine, status="all")}
    assert stored["veg"]["type"] == "fact"
    assert stored["promo"]["type"] == "observation" and stored["promo"]["confidence"] < 0.6
    assert "hmm" not in stored and "weak" not in stored
    rejected = {r["related_ids"][0]: r for r in iter_log(engine, action="rejected")}
    assert rejected["hmm"]["rule"] == "transient"
    assert rejected["weak"]["rule"] == "schema"
    assert "below the fact threshold" in rejected["weak"]["reason"]
    assert rejected["weak"]["payload"]["content"] == "Prefers aisle seats"


def test_resubmitting_a_candidate_id_is_a_no_op(engine: Engine) -> None:
    first = candidate(id="c_same")
    submit([first], engine=engine)
    before = counts(engine)
    report = submit([first], engine=engine)
    assert report.skipped == 1 and not report.outcomes
    assert counts(engine) == before


def test_reusing_an_id_for_other_content_is_refused_with_a_log_row(engine: Engine) -> None:
    first = candidate(id="c_same")
    submit([first], engine=engine)
    other = candidate(id="c_same", content="The user is vegan")
    report = submit([first, other], engine=engine)
    assert report.skipped == 1 and report.outcomes == {"rejected:id": 1}
    (entry,) = iter_entries(engine)
    assert entry["content"] == "The user is vegetarian"
    (row,) = [r for r in iter_log(engine) if r["rule"] == "id"]
    assert row["action"] == "rejected" and "already used" in row["reason"]
    before = counts(engine)
    assert submit([other], engine=engine).skipped == 1  # the refusal itself is not repeated
    assert counts(engine) == before


def test_ingesting_a_file_twice_changes_nothing(engine: Engine) -> None:
    lines = mixed_stream()
    ingest_stream(engine, lines, batch_size=7, clock=clock)
    once = snapshot(engine), counts(engine)
    report = ingest_stream(engine, lines, batch_size=7, clock=clock)
    assert report.skipped == len(lines)
    assert (snapshot(engine), counts(engine)) == once


def test_a_crash_mid_file_then_a_rerun_equals_one_clean_run(
    engine: Engine, new_engine: Callable[[], Engine]
) -> None:
    lines = mixed_stream(60)

    class Crash(Exception):
        pass

    def crash_after_two_batches(report: Any) -> None:
        if report.lines >= 20:
            raise Crash

    with pytest.raises(Crash):
        ingest_stream(engine, lines, batch_size=10, on_batch=crash_after_two_batches, clock=clock)
    landed = counts(engine)[2]
    # Whole batches landed (the one in flight may have), never part of one.
    assert landed in (20, 30)
    ingest_stream(engine, lines, batch_size=10, clock=clock)

    clean = new_engine()
    ingest_stream(clean, lines, batch_size=10, clock=clock)
    assert snapshot(engine) == snapshot(clean)
    assert counts(engine) == counts(clean)


def inject_one_transient_fault(engine: Engine) -> Callable[[], bool]:
    """Make the next write to the log fail once with a fault a retry cures.

    On PostgreSQL the server itself raises a serialization failure from a trigger (a
    sequence remembers it fired, since sequences ignore rollbacks); on SQLite the driver
    call is made to fail as a dropped connection would.
    """
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            conn.execute(text("CREATE SEQUENCE fault_once"))
            conn.execute(
                text(
                    "CREATE FUNCTION fault_once() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                    "IF nextval('fault_once') = 1 THEN RAISE EXCEPTION 'injected fault' "
                    "USING ERRCODE = '40001'; END IF; RETURN NEW; END $$"
                )
            )
            conn.execute(
                text(
                    "CREATE TRIGGER fault_once AFTER INSERT ON write_log FOR EACH ROW "
                    "EXECUTE FUNCTION fault_once()"
                )
            )

        def fired_pg() -> bool:
            with engine.connect() as conn:
                return bool(conn.scalar(text("SELECT last_value FROM fault_once")) >= 1)

        return fired_pg
    state = {"failed": False}

    def fail_once(conn: Any, cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO WRITE_LOG") and not state["failed"]:
            state["failed"] = True
            raise OperationalError(statement, None, Exception("server closed the connection"))

    event.listen(engine, "before_cursor_execute", fail_once)
    return lambda: state["failed"]


def test_a_transient_fault_mid_batch_rolls_back_and_the_retry_adds_no_duplicates(
    engine: Engine,
) -> None:
    fired = inject_one_transient_fault(engine)
    report = submit([candidate() for _ in range(5)], engine=engine, batch_size=5)
    assert fired()
    assert report.outcomes["inserted"] == 5
    assert counts(engine) == (5, 5, 5)


def test_a_retried_batch_is_stamped_by_the_clock_of_the_try_that_commits(engine: Engine) -> None:
    """A retry takes the clock again: the rows it writes carry the moment of the try that
    committed, not of the first one. The nightly pass finds what changed since its last run
    by these stamps (``ChangeWindow``), so a batch retried for minutes with its first try's
    moment could commit rows stamped before a pass that began in between, and that pass's
    successor would not look at them."""
    fired = inject_one_transient_fault(engine)
    readings: list[datetime] = []

    def ticking() -> datetime:  # ten minutes later at each reading
        readings.append(FIXED + timedelta(minutes=10 * len(readings)))
        return readings[-1]

    lines = [line(id=f"c_retry_{i}", content=f"The user owns {i + 2} bicycles") for i in range(5)]
    report = ingest_stream(
        engine, lines, batch_size=5, clock=ticking, retry=RetryPolicy(attempts=3, backoff_seconds=0)
    )
    assert fired() and report.outcomes["inserted"] == 5
    assert len(readings) == 2  # the first try's reading, then the retry's
    with engine.connect() as conn:
        stamps = set(conn.scalars(select(Entry.updated_at)))
        logged = set(conn.scalars(select(WriteLog.at)))
    assert stamps == {readings[-1]} and logged == {readings[-1]}


def test_a_candidate_the_database_refuses_is_logged_and_the_batch_goes_on(
    engine: Engine,
) -> None:
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(
                text(
                    "CREATE FUNCTION refuse_me() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                    "IF NEW.content = 'REFUSE ME PLEASE' THEN RAISE EXCEPTION 'no such thing' "
                    "USING ERRCODE = '22023'; END IF; RETURN NEW; END $$"
                )
            )
            conn.execute(
                text(
                    "CREATE TRIGGER refuse BEFORE INSERT ON entries FOR EACH ROW "
                    "EXECUTE FUNCTION refuse_me()"
                )
            )
        else:
            conn.execute(
                text(
                    "CREATE TRIGGER refuse BEFORE INSERT ON entries WHEN NEW.content = "
                    "'REFUSE ME PLEASE' BEGIN SELECT RAISE(ABORT, 'no such thing'); END"
                )
            )
    batch = [candidate(), candidate(id="bad", content="REFUSE ME PLEASE"), candidate()]
    report = submit(batch, engine=engine)
    assert report.outcomes == Counter({"inserted": 2, "rejected:store": 1})
    (row,) = iter_log(engine, action="rejected")
    assert row["rule"] == "store" and "no such thing" in row["reason"]
    assert {e["id"] for e in iter_entries(engine)} == {batch[0]["id"], batch[2]["id"]}


def test_the_write_log_refuses_update_and_delete(engine: Engine) -> None:
    submit([candidate()], engine=engine)
    for statement in (
        "UPDATE write_log SET reason = 'edited'",
        "DELETE FROM write_log",
        "DELETE FROM entries",
    ):
        with pytest.raises(Exception, match="refused"), engine.begin() as conn:
            conn.execute(text(statement))
    assert counts(engine) == (1, 1, 1)


def test_the_write_log_refuses_truncate_on_postgresql(pg_url: str) -> None:
    engine = make_engine(pg_url)
    upgrade(engine)
    submit([candidate()], engine=engine)
    with pytest.raises(Exception, match="refused"), engine.begin() as conn:
        conn.execute(text("TRUNCATE write_log"))
    engine.dispose()


def test_export_round_trips_every_input_field(engine: Engine) -> None:
    original = candidate(
        type="summary",
        task_id="T-12",
        links=["turn_1", "turn_9"],
        sensitivity="public",
        content="Task T-12: migrated billing to PG 15; open: backfill reports",
        subject={"entity": "billing", "attribute": "migration", "value": "done"},
        valid_from="2025-03-01T00:00:00+01:00",
        supersedes="mem_old",
    )
    submit([original], engine=engine)
    (stored,) = iter_entries(engine)
    for key in (
        "id",
        "type",
        "scope",
        "content",
        "source",
        "confidence",
        "sensitivity",
        "subject",
        "task_id",
        "links",
        "supersedes",
    ):
        assert stored[key] == original[key], key
    assert stored["created_at"] == "2025-03-04T10:12:00Z"
    assert stored["valid_from"] == "2025-02-28T23:00:00Z"
    assert stored["status"] == "active" and stored["evidence"] == 1
    assert stored["subject_key"] == "subject:billing/migration"
    json.dumps(stored)


def test_the_intake_ledger_records_the_gates_verdict_not_a_placement(engine: Engine) -> None:
    """The ledger is written before anyone knows where a candidate lands: a restatement merged
    into an existing entry was recorded as ``inserted``. It now says ``accepted`` (or
    ``demoted``, ``rejected``); where it landed is the write log's ``inserted``/``merged``."""
    scope = {"org_id": "acme", "user_id": "u_ledger"}
    subject = {"entity": "user", "attribute": "diet"}
    first = candidate(id="diet_1", scope=scope, subject=subject, content="I'm vegetarian")
    again = candidate(
        id="diet_2",
        scope=scope,
        subject=subject,
        content="I'm vegetarian",
        created_at="2025-03-05T10:12:00Z",
    )
    guess = candidate(id="guess", scope=scope, content="The user probably likes jazz")
    report = submit([first, again, guess], engine=engine)
    assert report.outcomes["merged"] == 1, report.outcomes
    with engine.connect() as conn:
        ledger = dict(conn.execute(select(Intake.key, Intake.outcome)).all())
    assert ledger == {"diet_1": "accepted", "diet_2": "accepted", "guess": "demoted"}
    actions = {r["candidate_key"]: r["action"] for r in iter_log(engine) if r["rule"] == "dedup"}
    assert actions == {"diet_2": "merged"}
