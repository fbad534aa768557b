"""Two processes, one key, the same moment: exactly one current entry, both in the log."""

from __future__ import annotations

import multiprocessing as mp
from typing import Any

import pytest
from sqlalchemy import Engine, text

from memcurator import submit
from store.engine import make_engine, upgrade
from store.queries import iter_entries, iter_log
from tests.factories import candidate

ROUNDS = 12


def seat(cid: str, user: str, content: str, day: int) -> dict[str, Any]:
    return candidate(
        id=cid,
        scope={"org_id": "acme", "user_id": user},
        content=content,
        subject={"entity": user, "attribute": "seat_preference"},
        created_at=f"2025-03-{day:02d}T10:00:00Z",
    )


def writer(url: str, which: int, barrier: Any) -> None:
    for n in range(ROUNDS):
        user = f"u_{n}"
        content = "Prefers window seats" if which == 0 else "Prefers aisle seats"
        barrier.wait(timeout=60)
        submit([seat(f"c_{n}_{which}", user, content, 10 + which)], database_url=url)


def test_two_processes_writing_one_key_leave_exactly_one_current_entry(pg_url: str) -> None:
    engine = make_engine(pg_url)
    upgrade(engine)
    ctx = mp.get_context("spawn")
    barrier = ctx.Barrier(2)
    procs = [ctx.Process(target=writer, args=(pg_url, i, barrier)) for i in (0, 1)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=300)
        assert p.exitcode == 0
    for n in range(ROUNDS):
        entries = list(iter_entries(engine, {"user_id": f"u_{n}"}, status="all"))
        active = [e for e in entries if e["status"] == "active"]
        assert len(active) == 1, entries
        assert active[0]["content"] == "Prefers aisle seats"  # the newer one, whoever won the race
        assert {e["id"] for e in entries} == {f"c_{n}_0", f"c_{n}_1"}
        logged = {row["memory_id"] for row in iter_log(engine) if row["memory_id"]}
        assert {f"c_{n}_0", f"c_{n}_1"} <= logged
    engine.dispose()


def test_the_database_refuses_a_second_current_entry_for_one_key(engine: Engine) -> None:
    submit_to = [seat("first", "u_x", "Prefers window seats", 1)]
    from memcurator.app.ingest import submit as submit_engine

    submit_engine(submit_to, engine=engine)
    refused = r"(?i)unique|uq_entries_one_current"
    with pytest.raises(Exception, match=refused), engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO entries SELECT 'second', type, scope_key, org_id, team_id, "
                "project_id, user_id, agent_id, content, source_kind, source_ref, "
                "source_session_id, confidence, "
                "created_at, valid_from, valid_since, valid_to, supersedes, superseded_by, "
                "sensitivity, subject_key, subject_entity, subject_attribute, subject_value, "
                "task_id, links, tool, symptom, status, evidence, last_confirmed_at, updated_at, "
                "tenant, seen_last, seen_sessions, seen_direct "
                "FROM entries WHERE id = 'first'"
            )
        )
