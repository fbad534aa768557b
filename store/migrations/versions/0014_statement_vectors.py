"""Statement vectors kept between nights (issue 10's grouping by meaning; issue 13: a night's
cost follows the day's changes).

The nightly pass compares a scope's current unkeyed facts by the cosine of their sentence
vectors. Without a place to keep them, every night in a new process encoded every current
fact of every scope it visited again (10-15 ms a statement on one core), so a night's cost
grew with the scope's history. ``statement_vectors`` keeps each statement's vector by tenant,
scope and a digest of the encoder and the text; the pass writes the ones it computes in the
partition's transaction. On PostgreSQL it has the candidate tables' row-level security (a
session sees and writes only the tenants its transaction named); the app role may read and
insert (``store.roles``, granted by ``memcurator init``). Erasure deletes a scope's rows.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

_MINE = "tenant = ANY (CAST((SELECT memcurator_tenants()) AS text[]))"


def upgrade() -> None:
    op.create_table(
        "statement_vectors",
        sa.Column("tenant", sa.String(200), nullable=False, server_default=""),
        sa.Column("scope_key", sa.String(1100), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("vector", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("tenant", "scope_key", "digest", name="statement_vectors_pkey"),
    )
    if op.get_context().dialect.name == "postgresql":
        op.execute("ALTER TABLE statement_vectors ENABLE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY tenant_rows ON statement_vectors USING ({_MINE}) WITH CHECK ({_MINE})"
        )


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
