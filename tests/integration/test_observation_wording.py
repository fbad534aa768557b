"""Observation keys that survive wording, on a real store (SQLite and PostgreSQL): one failure
worded three ways in three sessions is one entry and is promoted (issue 10, symptoms.py)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from sqlalchemy import Engine, text

from store.queries import iter_log
from tests.factories import observation
from tests.passes import export, ingest, run_pass


def active(engine: Engine, **match: Any) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in export(engine).splitlines()]
    return [r for r in rows if r["status"] == "active" and match.items() <= r.items()]


def test_one_failure_worded_three_ways_in_three_sessions_is_promoted(engine: Engine) -> None:
    ingest(
        engine,
        [
            observation(
                "u_1", "s_1", "2025-03-01T09:00:00Z", id="o_1", tool="psql", symptom="timeout"
            ),
            observation(
                "u_1", "s_2", "2025-03-02T09:00:00Z", tool="PSQL 15", symptom="timed out after 30 s"
            ),
            observation(
                "u_1",
                "s_3",
                "2025-03-03T09:00:00Z",
                tool="the psql",
                symptom="connection timed out on replica-2",
            ),
        ],
    )
    keys = {r["subject_key"] for r in active(engine, type="observation")}
    assert keys == {"obs:psql/timeout"}
    assert len(active(engine, type="observation")) == 1  # one entry holds the three sightings
    [report] = run_pass(engine, date(2025, 3, 3))
    assert report.figures["promoted"] == 1


def test_the_log_says_why_a_sighting_started_a_new_observation(engine: Engine) -> None:
    ingest(
        engine,
        [
            observation("u_1", "s_1", "2025-03-01T09:00:00Z", tool="psql", symptom="timeout"),
            observation(
                "u_1", "s_2", "2025-03-02T09:00:00Z", tool="psql", symptom="max_connections hit"
            ),
        ],
    )
    log = [row for row in iter_log(engine) if row["action"] == "inserted"]
    reasons = {row["memory_id"]: row["reason"] for row in log}
    by_key = {r["subject_key"]: r["id"] for r in active(engine, type="observation")}
    assert set(by_key) == {"obs:psql/timeout", "obs:psql/connection_limit"}
    limit = reasons[by_key["obs:psql/connection_limit"]]
    assert "under obs:psql/connection_limit" in limit
    assert "no observation under this key was open in this scope" in limit
    assert "classed as connection_limit ('max_connections')" in limit
    assert "classed as timeout" in reasons[by_key["obs:psql/timeout"]]


# One failure with a message particular enough to name it, reported under three names of one
# tool (none in the alias table), in three sessions.
STUCK = 'invoice batch 2231 left in state "pending_review"'
NAMES = ["ledger-sync nightly export", "the accounts bridge", "LedgerSync"]


def sighted(session: str, at: str, tool: str, symptom: str = STUCK) -> dict[str, Any]:
    return observation("u_1", session, at, tool=tool, symptom=symptom,
                       content=f"{tool}: {symptom}")  # fmt: skip


def test_one_failure_under_three_names_of_its_tool_is_promoted(engine: Engine) -> None:
    ingest(engine, [sighted(f"s_{n}", f"2025-03-0{n}T09:00:00Z", tool)
                    for n, tool in enumerate(NAMES, 1)])  # fmt: skip
    [entry] = active(engine, type="observation")
    assert entry["subject_key"] == "obs:any_tool/invoice_batch_2231_left_in_state_pending_review"
    assert entry["tool"] == NAMES[0]  # the first sighting's name stays on the entry
    reasons = [r["reason"] for r in iter_log(engine) if r["action"] == "inserted"]
    assert len(reasons) == 1 and "keyed for any_tool" in reasons[0], reasons
    [report] = run_pass(engine, date(2025, 3, 3))
    assert report.figures["promoted"] == 1


def test_a_plain_symptom_under_two_tools_stays_two_failures(engine: Engine) -> None:
    ingest(engine, [sighted("s_1", "2025-03-01T09:00:00Z", "cron", "build failed"),
                    sighted("s_2", "2025-03-02T09:00:00Z", "airflow", "build failed"),
                    sighted("s_3", "2025-03-03T09:00:00Z", "airflow", "build failed")])  # fmt: skip
    keys = sorted(r["subject_key"] for r in active(engine, type="observation"))
    assert keys == ["obs:airflow/build_failed", "obs:cron/build_failed"]
    [report] = run_pass(engine, date(2025, 3, 3))
    assert report.figures["promoted"] == 0


def test_an_observation_stored_under_its_tool_s_key_is_still_found(engine: Engine) -> None:
    ingest(engine, [sighted("s_1", "2025-03-01T09:00:00Z", NAMES[2])])
    # As a store written before telling symptoms dropped the tool holds it.
    old = "obs:ledgersync/invoice_batch_2231_left_in_state_pending_review"
    with engine.begin() as conn:
        conn.execute(text("UPDATE entries SET subject_key = :k"), {"k": old})
    ingest(engine, [sighted("s_2", "2025-03-02T09:00:00Z", NAMES[2]),
                    sighted("s_3", "2025-03-03T09:00:00Z", NAMES[0])])  # fmt: skip
    [entry] = active(engine, type="observation")
    assert entry["subject_key"] == old and entry["evidence"] == 3
    [report] = run_pass(engine, date(2025, 3, 3))
    assert report.figures["promoted"] == 1


def test_the_log_says_why_a_sighting_did_not_join_the_open_observation_of_its_key(
    engine: Engine,
) -> None:
    # A plain symptom: only the words can tell whether two sightings are one failure.
    ingest(engine, [
        sighted("s_1", "2025-03-01T09:00:00Z", "deploy", "build failed"),
        sighted("s_2", "2025-03-02T09:00:00Z", "deploy", "build failed"),
        observation("u_1", "s_3", "2025-03-03T09:00:00Z", tool="deploy", symptom="build failed",
                    content="The invoice PDF renderer crashed while drawing the VAT table"),
    ])  # fmt: skip
    entries = active(engine, type="observation")
    assert [e["evidence"] for e in sorted(entries, key=lambda e: e["created_at"])] == [2, 1]
    inserted = [r["reason"] for r in iter_log(engine) if r["action"] == "inserted"]
    assert "no observation under this key was open in this scope" in inserted[0]
    assert "an observation under this key is open in this scope, but the words read as " \
           "another failure (" in inserted[1], inserted[1]  # fmt: skip
