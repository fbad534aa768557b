"""What one batch of ingest reads does not grow with what the store already holds.

Issue 13: ingest slowed file after file. One cause was the intake-ledger lookup: psycopg
prepares a statement at its fifth run and PostgreSQL then switches to a generic plan, which
(for ``key = ANY($array)``, with no statistics on a freshly loaded table) scanned every ledger
row of the tenant and compared each with every key of the batch, unhashed: a batch then cost
ledger size x batch size. These tests count the rows a lookup reads, on the same connection
well past the point where the plan goes generic.

Another was placement's read of a key's versions: no index began with (scope_key, type,
subject_key), and the lookup read every entry of the scope's type and status through
``ix_entries_type_status_scope``, a user's whole history per key. Migration 0008 adds
``ix_entries_key_since``.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from alembic import command
from sqlalchemy import Connection, Engine, inspect, text

from memcurator.decisions import NewEntry
from memcurator.versions import Version
from store.engine import _alembic_config, make_engine, upgrade
from store.source_reads import load_sources
from store.tables import Entry
from store.timelines import load_timelines, timeline_key
from store.writes import already_judged

LEDGER_ROWS = 20_000
# psycopg prepares at the 5th run of a statement; PostgreSQL tries 5 custom plans before it
# may settle on a generic one: 12 runs are past both.
RUNS = 12


def fill_ledger(engine: Engine, tenant: str, rows: int) -> None:
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO intake (tenant, key, outcome, rule, received_at, digest) "
                "SELECT :tenant, 'old_' || g, 'accepted', 'ok', CURRENT_TIMESTAMP, 'd' || g "
                "FROM generate_series(1, :rows) AS g"
            ),
            {"tenant": tenant, "rows": rows},
        )


def rows_read(conn: Connection, table: str = "intake") -> int:
    """Rows of ``table`` this transaction has read so far (PostgreSQL's own counters)."""
    return int(
        conn.scalar(
            text(
                "SELECT coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) "
                "FROM pg_stat_xact_user_tables WHERE relid = CAST(:table AS regclass)"
            ),
            {"table": table},
        )
    )


def test_the_ledger_lookup_reads_only_the_rows_it_asks_for_however_often_it_runs(
    pg_url: str,
) -> None:
    engine = make_engine(pg_url)
    upgrade(engine)
    fill_ledger(engine, "acme", LEDGER_ROWS)
    reads = []
    with engine.begin() as conn:
        for run in range(RUNS):
            known = [f"old_{run * 50 + j}" for j in range(1, 51)]
            keys = known + [f"new_{run}_{j}" for j in range(950)]
            before = rows_read(conn)
            seen = already_judged(conn, "acme", keys)
            reads.append(rows_read(conn) - before)
            assert seen == {k: "d" + k.removeprefix("old_") for k in known}
    engine.dispose()
    # The 50 rows found, whatever the plan: not the 20,000 of the tenant's ledger.
    assert max(reads) <= 2 * 50, reads


@pytest.mark.parametrize("tenant", ["", "acme"])
def test_the_ledger_lookup_finds_keys_of_its_own_tenant_only(
    engine: Engine, tenant: str
) -> None:
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO intake (tenant, key, outcome, rule, received_at, digest) VALUES "
                "('', 'k1', 'accepted', 'ok', CURRENT_TIMESTAMP, 'none'), "
                "('acme', 'k1', 'accepted', 'ok', CURRENT_TIMESTAMP, 'acme'), "
                "('acme', 'k2', 'rejected', 'junk', CURRENT_TIMESTAMP, NULL)"
            )
        )
    with engine.begin() as conn:
        seen = already_judged(conn, tenant, ["k1", "k2", "k3", "k1"])
    expected = {"k1": "none"} if tenant == "" else {"k1": "acme", "k2": None}
    assert seen == expected


def stored_version(entry_id: str) -> Version:
    """A stored version of ``entry_id`` in tenant acme (only its id and scope matter here)."""
    at = datetime(2025, 1, 6, tzinfo=UTC)
    entry = NewEntry(entry_id, "observation", {"org_id": "acme", "user_id": "u"}, "text",
                     "tool_result", "ref", "s", 0.8, at, at, "internal", "obs:psql/timeout")
    return Version(entry_id, entry, "text", None, at, at, at, "tool_result", "ref", "s", 0.8,
                   "internal", 3, at)


def test_loading_sources_reads_those_of_the_versions_asked_for_not_the_tenants_history(
    pg_url: str,
) -> None:
    engine = make_engine(pg_url)
    upgrade(engine)
    with engine.begin() as conn:  # 20,000 sources, three to an entry
        conn.execute(text(
            "INSERT INTO entry_sources (tenant, memory_id, entry_id, content, valid_from, "
            "created_at, source_kind, source_ref, source_session_id, confidence, sensitivity) "
            "SELECT 'acme', 'm_' || g, 'e_' || (g / 3), 'seen', CURRENT_TIMESTAMP, "
            "CURRENT_TIMESTAMP, 'tool_result', 'ref', 's_' || g, 0.8, 'internal' "
            "FROM generate_series(1, 20000) AS g"
        ))
    reads = []
    with engine.begin() as conn:
        for run in range(RUNS):
            versions = [stored_version(f"e_{run * 300 + n}") for n in range(1, 301)]
            before = rows_read(conn, "entry_sources")
            load_sources(conn, versions)
            reads.append(rows_read(conn, "entry_sources") - before)
            assert [len(v.sources or ()) for v in versions] == [3] * 300
    engine.dispose()
    assert max(reads) <= 2 * 900, reads


SCOPE = '{"org_id":"acme","user_id":"u"}'
KEYS = 50  # the keys a batch looks up, five stored versions each
VERSIONS = 5


def add_versions(conn: Connection, prefix: str, keys: int, versions: int) -> None:
    """``versions`` stored versions of each of ``keys`` facts of user u, one a day, the last
    one active, all with a source (as ingest writes them)."""
    rows = keys * versions
    conn.execute(text(
        "INSERT INTO entries (tenant, id, type, scope_key, org_id, user_id, content, "
        "source_kind, source_ref, source_session_id, confidence, created_at, valid_from, "
        "valid_since, sensitivity, subject_key, status, evidence, last_confirmed_at, "
        "updated_at) SELECT 'acme', :prefix || g, 'fact', :scope, 'acme', 'u', 'c', "
        "'user_message', 'r', 's', 0.9, d, d, d, 'internal', "
        "'fact:user/' || :prefix || (g % :keys), "
        "CASE WHEN g >= :rows - :keys THEN 'active' ELSE 'superseded' END, 1, d, d "
        "FROM generate_series(0, :rows - 1) AS g, "
        "LATERAL (SELECT TIMESTAMPTZ '2025-01-01 00:00Z' + (g / :keys) * INTERVAL '1 day') AS t(d)"
    ), {"prefix": prefix, "scope": SCOPE, "keys": keys, "rows": rows})
    conn.execute(text(
        "INSERT INTO entry_sources (tenant, memory_id, entry_id, content, valid_from, "
        "created_at, source_kind, source_ref, source_session_id, confidence, sensitivity) "
        "SELECT 'acme', id, id, 'c', valid_from, created_at, 'user_message', 'r', 's', 0.9, "
        "'internal' FROM entries WHERE id LIKE :prefix || '%'"
    ), {"prefix": prefix})


def later_statement(n: int) -> NewEntry:
    """A candidate restating key ``n`` of ``add_versions(prefix='k')`` after all it holds."""
    at = datetime(2026, 1, 1, tzinfo=UTC)
    return NewEntry(f"new_{n}", "fact", {"org_id": "acme", "user_id": "u"}, "c",
                    "user_message", "r", "s", 0.9, at, at, "internal", f"fact:user/k{n}")


def placement_reads(engine: Engine) -> list[int]:
    """Rows of ``entries`` read by each of ``RUNS`` loads of the KEYS keys' timelines (one
    connection: past the point where psycopg prepares and the plan may go generic)."""
    batch = [later_statement(n) for n in range(KEYS)]
    reads = []
    with engine.begin() as conn:
        for _ in range(RUNS):
            before = rows_read(conn, "entries")
            timelines = load_timelines(conn, batch)
            reads.append(rows_read(conn, "entries") - before)
            # The current version of every key, nothing of the other keys.
            assert sorted(timelines) == sorted(timeline_key(e) for e in batch)
            assert all(len(t.versions) == 1 for t in timelines.values())
    return reads


def test_placement_reads_a_keys_versions_not_the_scopes_history(pg_url: str) -> None:
    engine = make_engine(pg_url)
    upgrade(engine)
    with engine.begin() as conn:  # and 1,000 versions of 100 other keys of the user
        add_versions(conn, "k", KEYS, VERSIONS)
        add_versions(conn, "small", 100, 10)
    small = placement_reads(engine)
    with engine.begin() as conn:  # 40,000 more versions of the same user, other keys
        add_versions(conn, "other", 4_000, 10)
    engine.dispose()  # a new connection: plans made afresh on the grown table
    grown = placement_reads(engine)
    engine.dispose()
    # What a key holds: its versions, looked up twice (the floor, then the versions), with no
    # statistics (a bulk load outruns them): not the 41,250 versions of the user's history.
    assert max(grown) <= 2 * KEYS * VERSIONS, grown
    assert max(grown) <= max(small), (small, grown)


def test_the_key_lookup_is_planned_on_ix_entries_key_since(pg_url: str) -> None:
    """The planner's choice itself, on a grown store with fresh statistics: no other index
    begins with the key, so reading the key by another one reads the scope."""
    engine = make_engine(pg_url)
    upgrade(engine)
    with engine.begin() as conn:
        add_versions(conn, "other", 4_000, 10)
        conn.execute(text("ANALYZE entries"))
        plan = "\n".join(conn.scalars(text(
            "EXPLAIN SELECT * FROM entries WHERE scope_key = :s AND type = 'fact' "
            "AND subject_key = 'fact:user/other7' AND status IN ('active', 'superseded')"
        ), {"s": SCOPE}))
    engine.dispose()
    assert "ix_entries_key_since" in plan, plan


def index_columns(engine: Engine, name: str) -> list[str] | None:
    indexes = {ix["name"]: ix["column_names"] for ix in inspect(engine).get_indexes("entries")}
    return indexes.get(name)


def test_upgrading_from_0007_creates_the_key_index_the_tables_declare(store_url: str) -> None:
    engine = make_engine(store_url)
    command.upgrade(_alembic_config(engine), "0007")
    assert index_columns(engine, "ix_entries_key_since") is None
    upgrade(engine)
    declared = next(ix for ix in Entry.__table__.indexes if ix.name == "ix_entries_key_since")
    assert index_columns(engine, "ix_entries_key_since") == [c.name for c in declared.columns]
    assert index_columns(engine, "ix_entries_key_since") == [
        "scope_key", "type", "subject_key", "valid_since"]
    engine.dispose()
