"""What one batch of ingest reads does not grow with what the store already holds.

Issue 13: ingest slowed file after file. One cause was the intake-ledger lookup: psycopg
prepares a statement at its fifth run and PostgreSQL then switches to a generic plan, which
(for ``key = ANY($array)``, with no statistics on a freshly loaded table) scanned every ledger
row of the tenant and compared each with every key of the batch, unhashed: a batch then cost
ledger size x batch size. These tests count the rows a lookup reads, on the same connection
well past the point where the plan goes generic.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Connection, Engine, text

from memcurator.decisions import NewEntry
from memcurator.resolve import Version
from store.engine import make_engine, upgrade
from store.timelines import load_sources
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
