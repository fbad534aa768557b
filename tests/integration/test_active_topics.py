"""Issue 13: a night reads its scopes' current topics through ``ix_entries_active_topics``
(migration 0017), not by reading every current summary of those scopes and filtering them.

Both dialects: ``load_topics`` returns exactly the active topics of the scopes asked for (not
a task summary, not a superseded topic, not another scope's), and the statement it sends is
planned on the partial index, which a query uses only when its conditions imply the index's
predicate (SQLite matches them as written)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, event

from memcurator.decisions import NewEntry
from memcurator.keys import TOPIC_PREFIX, topic_key
from store.bulk import insert_rows
from store.engine import set_tenants
from store.pass_reads import load_topics
from store.rows import entry_row
from store.tables import ACTIVE_TOPIC, Entry

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
TENANT = "acme"
MINE = {"org_id": "acme", "user_id": "u_1"}
OTHER = {"org_id": "acme", "user_id": "u_2"}


def summary(entry_id: str, scope: dict[str, str], key: str, status: str = "active") -> dict:
    entry = NewEntry(
        id=entry_id, type="summary", scope=scope, content=f"summary {entry_id}",
        source_kind="tool_result", source_ref="r", source_session_id="s_0", confidence=0.8,
        created_at=T0, valid_from=T0, sensitivity="internal", subject_key=key,
        links=["o_1"] if key.startswith(TOPIC_PREFIX) else None,
        tool="psql" if key.startswith(TOPIC_PREFIX) else None,
    )  # fmt: skip
    row: dict[str, Any] = entry_row(entry, T0)
    row["status"] = status
    return row


def fill(engine: Engine) -> str:
    rows = [summary(f"task_{n}", MINE, f"task:t{n}") for n in range(40)]
    rows += [summary(f"topic_{n}", MINE, topic_key("psql", f"o_{n}")) for n in range(3)]
    rows += [summary("topic_old", MINE, topic_key("psql", "o_9"), status="superseded")]
    rows += [summary("topic_theirs", OTHER, topic_key("psql", "o_7"))]
    rows += [summary(f"task_theirs_{n}", OTHER, f"task:t{n}") for n in range(10)]
    with engine.begin() as conn:
        set_tenants(conn, [TENANT])
        insert_rows(conn, Entry, rows)
    return str(rows[0]["scope_key"])


def test_the_predicate_names_the_topic_prefix() -> None:
    assert f"LIKE '{TOPIC_PREFIX}%'" in ACTIVE_TOPIC


def test_a_night_reads_the_current_topics_of_its_scopes_by_their_index(engine: Engine) -> None:
    scope = fill(engine)
    sent: list[tuple[str, Any]] = []

    def remember(conn: Any, cursor: Any, statement: str, params: Any, *_: Any) -> None:
        if "FROM entries" in statement and "LIKE" in statement:
            sent.append((statement, params))

    with engine.begin() as conn:
        set_tenants(conn, [TENANT])
        event.listen(engine, "before_cursor_execute", remember)
        try:
            topics = load_topics(conn, [scope], tenant=TENANT)
        finally:
            event.remove(engine, "before_cursor_execute", remember)
        assert sorted(t.id for t in topics) == ["topic_0", "topic_1", "topic_2"]
        assert len(sent) == 1
        assert "ix_entries_active_topics" in plan(conn, *sent[0])


def plan(conn: Connection, statement: str, params: Any) -> str:
    """The plan of ``statement`` as sent; on PostgreSQL with sequential scans ruled out, so
    that of the indexes the cheapest is chosen whatever the table's size."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
        rows = conn.exec_driver_sql(f"EXPLAIN {statement}", params).all()
        return "\n".join(r[0] for r in rows)
    rows = conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", params).all()
    return "\n".join(str(r[-1]) for r in rows)
