"""The pass's read of active observations (``store.observation_rows``), on both dialects:
PostgreSQL reads a chunk as one row of arrays, SQLite as rows; both give the same rows, only
active observations created before the cutoff, of the tenant and the scopes asked for."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine, select, update

from store.engine import set_tenants
from store.observation_rows import observation_rows
from store.tables import Entry
from tests.factories import candidate, observation
from tests.passes import ingest

CUTOFF = datetime(2025, 3, 10, tzinfo=UTC)


def stored(engine: Engine) -> None:
    seen = [  # (user, session, day, id, content, tool, symptom)
        ("u_1", "s_1", "01", "o_b", "psql timed out", "psql", "timeout"),
        ("u_1", "s_2", "02", "o_a", "disk full", "df", "full"),
        ("u_1", "s_3", "11", "o_late", "oom killed", "java", "oom"),
        ("u_2", "s_4", "03", "o_u2", "dns refused", "dig", "refused"),
        ("u_1", "s_5", "04", "o_gone", "rate limited", "curl", "rate limit"),
    ]
    ingest(
        engine,
        [
            *(
                observation(user, session, f"2025-03-{day}T08:00:00Z", id=id_, content=content,
                            tool=tool, symptom=symptom)
                for user, session, day, id_, content, tool, symptom in seen
            ),
            candidate(id="f_1", scope={"org_id": "acme", "user_id": "u_1"},
                      content="The user prefers the window seat"),
        ],
    )  # fmt: skip
    with engine.begin() as conn:
        conn.execute(update(Entry).where(Entry.id == "o_gone").values(status="expired"))


def scope_of(engine: Engine, entry_id: str) -> str:
    with engine.connect() as conn:
        return str(conn.scalar(select(Entry.scope_key).where(Entry.id == entry_id)))


def test_the_scopes_active_observations_before_the_cutoff_and_nothing_else(
    engine: Engine,
) -> None:
    stored(engine)
    u1, u2 = scope_of(engine, "o_a"), scope_of(engine, "o_u2")
    with engine.begin() as conn:
        set_tenants(conn, ["acme"])
        rows = observation_rows(conn, "acme", [u1], CUTOFF)
        assert sorted(r.id for r in rows) == ["o_a", "o_b"]
        both = observation_rows(conn, "acme", [u1, u2], CUTOFF)
        assert sorted(r.id for r in both) == ["o_a", "o_b", "o_u2"]
        assert observation_rows(conn, "other", [u1, u2], CUTOFF) == []
        a = next(r for r in rows if r.id == "o_a")
        assert (a.content, a.tool, a.scope_key) == ("disk full", "df", u1)
        assert a.created_at == datetime(2025, 3, 2, 8, tzinfo=UTC) and a.created_at.tzinfo is UTC


def test_read_by_id_keeps_the_scopes_asked_for_in_id_order_and_none_for_no_ids(
    engine: Engine,
) -> None:
    stored(engine)
    u1 = scope_of(engine, "o_a")
    with engine.begin() as conn:
        set_tenants(conn, ["acme"])
        ids = ["o_b", "o_u2", "o_late", "o_gone", "f_1", "o_a", "missing"]
        rows = observation_rows(conn, "acme", [u1], CUTOFF, ids=ids)
        assert [r.id for r in rows] == ["o_a", "o_b"]
        assert observation_rows(conn, "acme", [u1], CUTOFF, ids=[]) == []
