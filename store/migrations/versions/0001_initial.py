"""Entries and their sources, the append-only write log, and the intake ledger.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(JSONB(), "postgresql")
TS = sa.DateTime(timezone=True)

# The database, not the application, refuses to rewrite history: a bug or a hand-typed
# statement cannot UPDATE or DELETE the write log, nor DELETE an entry.
_PG_REFUSE = """
CREATE OR REPLACE FUNCTION memcurator_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'memcurator: % on % refused: %', TG_OP, TG_TABLE_NAME, TG_ARGV[0]
        USING ERRCODE = 'insufficient_privilege';
END
$$;
"""
_PG_TRIGGERS = [
    (
        "write_log_append_only",
        "UPDATE OR DELETE",
        "write_log",
        "ROW",
        "the write log is append-only",
    ),
    ("write_log_no_truncate", "TRUNCATE", "write_log", "STATEMENT", "the write log is append-only"),
    ("entries_never_deleted", "DELETE", "entries", "ROW", "entries are never deleted"),
    ("entries_no_truncate", "TRUNCATE", "entries", "STATEMENT", "entries are never deleted"),
]
_SQLITE_TRIGGERS = [
    ("write_log_no_update", "UPDATE", "write_log", "the write log is append-only"),
    ("write_log_no_delete", "DELETE", "write_log", "the write log is append-only"),
    ("entries_never_deleted", "DELETE", "entries", "entries are never deleted"),
]


def upgrade() -> None:
    op.create_table(
        "entries",
        sa.Column("id", sa.String(128), primary_key=True),
        sa.Column("type", sa.String(16), nullable=False),
        sa.Column("scope_key", sa.String(1100), nullable=False),
        *(
            sa.Column(level, sa.String(200))
            for level in ("org_id", "team_id", "project_id", "user_id", "agent_id")
        ),
        sa.Column("content", sa.Text, nullable=False),
        sa.Column("source_kind", sa.String(32), nullable=False),
        sa.Column("source_ref", sa.String(200), nullable=False),
        sa.Column("source_session_id", sa.String(200), nullable=False),
        sa.Column("confidence", sa.Float, nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("valid_from", TS, nullable=False),
        sa.Column("valid_since", TS, nullable=False),
        sa.Column("valid_to", TS),
        sa.Column("supersedes", sa.String(128)),
        sa.Column("superseded_by", sa.String(128)),
        sa.Column("sensitivity", sa.String(16), nullable=False),
        sa.Column("subject_key", sa.String(500)),
        sa.Column("subject_entity", sa.String(200)),
        sa.Column("subject_attribute", sa.String(200)),
        sa.Column("subject_value", sa.Text),
        sa.Column("task_id", sa.String(200)),
        sa.Column("links", JSON),
        sa.Column("tool", sa.String(200)),
        sa.Column("symptom", sa.String(200)),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("evidence", sa.Integer, nullable=False),
        sa.Column("last_confirmed_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
    )
    op.create_index(
        "ix_entries_scope_subject_status", "entries", ["scope_key", "subject_key", "status"]
    )
    op.create_index("ix_entries_user_status", "entries", ["user_id", "status"])
    # Rule 5 in the database: one current fact or summary per scope and key, whatever the
    # application does. Observations may hold several (they merge only exact restatements).
    one_current = sa.text(
        "status = 'active' AND subject_key IS NOT NULL AND type IN ('fact', 'summary')"
    )
    op.create_index(
        "uq_entries_one_current",
        "entries",
        ["scope_key", "type", "subject_key"],
        unique=True,
        postgresql_where=one_current,
        sqlite_where=one_current,
    )
    op.create_table(
        "entry_sources",
        sa.Column("memory_id", sa.String(128), primary_key=True),
        sa.Column("entry_id", sa.String(128), nullable=False),
        sa.Column("content", sa.Text, nullable=False),
        sa.Column("value", sa.Text),
        sa.Column("valid_from", TS, nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("source_kind", sa.String(32), nullable=False),
        sa.Column("source_ref", sa.String(200), nullable=False),
        sa.Column("source_session_id", sa.String(200), nullable=False),
        sa.Column("confidence", sa.Float, nullable=False),
        sa.Column("sensitivity", sa.String(16), nullable=False),
    )
    op.create_index("ix_entry_sources_entry_id", "entry_sources", ["entry_id"])
    op.create_table(
        "write_log",
        sa.Column(
            "seq",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column("at", TS, nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("rule", sa.String(32), nullable=False),
        sa.Column("memory_id", sa.String(128)),
        sa.Column("candidate_key", sa.String(128), nullable=False),
        sa.Column("related_ids", JSON),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("flow_run_id", sa.String(64)),
        sa.Column("payload", JSON),
    )
    op.create_index("ix_write_log_memory_id", "write_log", ["memory_id"])
    op.create_index("ix_write_log_rule_action", "write_log", ["rule", "action"])
    op.create_index("ix_write_log_at", "write_log", ["at"])
    op.create_table(
        "intake",
        sa.Column("key", sa.String(128), primary_key=True),
        sa.Column("outcome", sa.String(16), nullable=False),
        sa.Column("rule", sa.String(32), nullable=False),
        sa.Column("memory_id", sa.String(128)),
        sa.Column("received_at", TS, nullable=False),
    )
    _create_guards()


def _create_guards() -> None:
    if op.get_context().dialect.name == "postgresql":
        op.execute(_PG_REFUSE)
        for name, events, table, level, why in _PG_TRIGGERS:
            op.execute(
                f"CREATE TRIGGER {name} BEFORE {events} ON {table} FOR EACH {level} "
                f"EXECUTE FUNCTION memcurator_refuse_change('{why}')"
            )
    else:
        for name, events, table, why in _SQLITE_TRIGGERS:
            op.execute(
                f"CREATE TRIGGER {name} BEFORE {events} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, 'memcurator: {events} on {table} refused: {why}'); END"
            )


def downgrade() -> None:
    # History is the product: there is deliberately no way back that drops the log.
    raise RuntimeError("memcurator's first revision cannot be downgraded")
