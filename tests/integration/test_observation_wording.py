"""Observation keys that survive wording, on a real store (SQLite and PostgreSQL): one failure
worded three ways in three sessions is one entry and is promoted (issue 10, symptoms.py)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from sqlalchemy import Engine

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
