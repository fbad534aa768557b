"""Fact keys read as gathering values from their own statements (issue 10).

An attribute's name does not always say whether it holds one value or several ("craft",
"sponsor", "houseplant" gather). ``memcurator.gathering`` reads it from the key's statements:
a value said again after another one in the same session. ``gathering_keys`` remembers each
key so read, so later batches place its statements as set-valued without reading its history
again; the gate finds a batch's sessions' stored statements through a new index on
``entry_sources (source_session_id, tenant)``. On PostgreSQL ``gathering_keys`` has the
candidate tables' row-level security; the app role may read and insert (``store.roles``).
Erasure deletes a scope's rows.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

_MINE = "tenant = ANY (CAST((SELECT memcurator_tenants()) AS text[]))"


def upgrade() -> None:
    op.create_table(
        "gathering_keys",
        sa.Column("tenant", sa.String(200), nullable=False, server_default=""),
        sa.Column("scope_key", sa.String(1100), nullable=False),
        sa.Column("subject_key", sa.String(500), nullable=False),
        sa.Column("memory_id", sa.String(128), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("tenant", "scope_key", "subject_key", name="gathering_keys_pkey"),
    )
    # The gate reads a batch's sessions' stored statements by session, not by key history.
    op.create_index("ix_entry_sources_session", "entry_sources", ["source_session_id", "tenant"])
    if op.get_context().dialect.name == "postgresql":
        op.execute("ALTER TABLE gathering_keys ENABLE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY tenant_rows ON gathering_keys USING ({_MINE}) WITH CHECK ({_MINE})"
        )


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
