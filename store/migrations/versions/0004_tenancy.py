"""Tenancy: ids unique per tenant, and row-level security keyed by the tenant on PostgreSQL.

Every row of entries, entry_sources, write_log, intake and topic_members gets its tenant
(the top scope level given, SPEC "Tenancy"; '' for a line that named none), and the keys
that were global ids become (tenant, id). On PostgreSQL the four tables of candidate data
get row-level security: a session sees and writes only the rows of the tenants its current
transaction named (``memcurator.tenants``, a JSON array set with ``set_config(..., true)``).
Tenant-less log rows can be appended by the application but read only by the owner. The
owner bypasses the policies (they are not FORCEd): it runs migrations and erasure.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import warnings

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TENANT = "tenant"
# table -> (old primary key column, how to find an existing row's tenant on PostgreSQL)
_KEYED = {
    "entries": ("id", None),
    "entry_sources": ("memory_id", "entry_id"),
    "intake": ("key", "memory_id"),
    "topic_members": ("observation_id", "observation_id"),
}
_FIRST_LEVEL = "coalesce(org_id, team_id, project_id, user_id, agent_id, '')"
_PG_TENANTS = """
CREATE OR REPLACE FUNCTION memcurator_tenants() RETURNS text[]
LANGUAGE sql STABLE AS $$
    SELECT coalesce(array_agg(t), '{}') FROM jsonb_array_elements_text(
        coalesce(nullif(current_setting('memcurator.tenants', true), ''), '[]')::jsonb) AS t
$$;
"""
# The nightly pass must learn which tenants its partition of scopes spans before it may see
# any of their rows: this (owner's) function answers only that, never a row's content.
_PG_PASS_SCOPES = """
CREATE OR REPLACE FUNCTION memcurator_observation_scopes(cutoff timestamptz)
RETURNS TABLE (scope_key text, tenant text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $$
    SELECT DISTINCT e.scope_key, e.tenant FROM entries e
    WHERE e.type = 'observation' AND e.status = 'active' AND e.created_at < cutoff
$$;
"""
# A scalar subquery: evaluated once per statement (an InitPlan), not once per row.
_MINE = "tenant = ANY (CAST((SELECT memcurator_tenants()) AS text[]))"
_RLS_TABLES = ("entries", "entry_sources", "intake", "write_log")


def upgrade() -> None:
    if op.get_context().dialect.name == "postgresql":
        _upgrade_postgresql()
    else:
        _upgrade_sqlite()


def _upgrade_postgresql() -> None:
    for table in (*_KEYED, "write_log"):
        op.add_column(table, sa.Column(TENANT, sa.String(200), nullable=False, server_default=""))
    op.add_column("intake", sa.Column("digest", sa.String(32)))
    op.execute(f"UPDATE entries SET tenant = {_FIRST_LEVEL}")
    for table, (_, via) in _KEYED.items():
        if via:
            op.execute(
                f"UPDATE {table} AS t SET tenant = e.tenant FROM entries AS e WHERE e.id = t.{via}"
            )
    # The log is append-only; this one backfill of a new column is the owner's, in this
    # migration's transaction, with the guard back on before it commits.
    op.execute("ALTER TABLE write_log DISABLE TRIGGER write_log_append_only")
    op.execute(
        "UPDATE write_log AS w SET tenant = e.tenant FROM entries AS e WHERE e.id = w.memory_id"
    )
    op.execute("ALTER TABLE write_log ENABLE TRIGGER write_log_append_only")
    for table, (key, _) in _KEYED.items():
        op.drop_constraint(f"{table}_pkey", table, type_="primary")
        op.create_primary_key(f"{table}_pkey", table, [TENANT, key])
    _reindex()
    op.execute(_PG_TENANTS)
    op.execute(_PG_PASS_SCOPES)
    for table in _RLS_TABLES:
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
    for table in ("entries", "entry_sources", "intake"):
        op.execute(f"CREATE POLICY tenant_rows ON {table} USING ({_MINE}) WITH CHECK ({_MINE})")
    # No UPDATE or DELETE policy on the log: even a role granted them could change no row.
    op.execute(
        f"CREATE POLICY tenant_reads ON write_log FOR SELECT USING (tenant <> '' AND {_MINE})"
    )
    op.execute(f"CREATE POLICY tenant_appends ON write_log FOR INSERT WITH CHECK ({_MINE})")


def _reindex() -> None:
    op.drop_index("ix_entry_sources_entry_id", "entry_sources")
    op.create_index("ix_entry_sources_entry_id", "entry_sources", [TENANT, "entry_id"])
    op.drop_index("ix_topic_members_topic_id", "topic_members")
    op.create_index("ix_topic_members_topic_id", "topic_members", [TENANT, "topic_id"])


_SQLITE_TRIGGERS = [
    ("write_log_no_update", "UPDATE", "write_log", "the write log is append-only"),
    ("write_log_no_delete", "DELETE", "write_log", "the write log is append-only"),
    ("entries_never_deleted", "DELETE", "entries", "entries are never deleted"),
]


def _upgrade_sqlite() -> None:
    # SQLite rebuilds a table to change its primary key, and the rebuild drops triggers and
    # partial indexes: both are dropped first and created again afterwards.
    for name, *_ in _SQLITE_TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_index("uq_entries_one_current", "entries")
    for table in (*_KEYED, "write_log"):
        with op.batch_alter_table(table, recreate="always") as batch:
            batch.add_column(sa.Column(TENANT, sa.String(200), nullable=False, server_default=""))
            if table == "intake":
                batch.add_column(sa.Column("digest", sa.String(32)))
    op.execute(f"UPDATE entries SET tenant = {_FIRST_LEVEL}")
    for table, (_, via) in _KEYED.items():
        if via:
            op.execute(
                f"UPDATE {table} SET tenant = coalesce((SELECT e.tenant FROM entries AS e "
                f"WHERE e.id = {table}.{via}), '')"
            )
    op.execute(
        "UPDATE write_log SET tenant = coalesce((SELECT e.tenant FROM entries AS e "
        "WHERE e.id = write_log.memory_id), '')"
    )
    for table, (key, _) in _KEYED.items():
        # SQLAlchemy warns that the reflected key column is replaced by the composite key:
        # that replacement is the point of this step.
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Table '_alembic_tmp_", sa.exc.SAWarning)
            with op.batch_alter_table(table, recreate="always") as batch:
                batch.create_primary_key(f"{table}_pkey", [TENANT, key])
    _reindex()
    one_current = sa.text(
        "status = 'active' AND subject_key IS NOT NULL AND type IN ('fact', 'summary')"
    )
    op.create_index(
        "uq_entries_one_current",
        "entries",
        ["scope_key", "type", "subject_key"],
        unique=True,
        sqlite_where=one_current,
    )
    for name, events, table, why in _SQLITE_TRIGGERS:
        op.execute(
            f"CREATE TRIGGER {name} BEFORE {events} ON {table} "
            f"BEGIN SELECT RAISE(ABORT, 'memcurator: {events} on {table} refused: {why}'); END"
        )


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
