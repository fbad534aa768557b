"""Statistics on how entries' type and status go together (issue 13: a night's reads).

PostgreSQL estimates ``type = 'observation' AND status = 'active'`` as if the two columns
were independent: on a year of the seed's workload (430k entries, 244k observations of which
16k active) that is 44k rows for a partition's scopes where 2k match, so the nightly pass's
read of a partition's active observations chose ``ix_entries_scope_subject_status`` and
filtered 53k index rows (18 ms a partition) over ``ix_entries_type_status_scope``, which
reads exactly the 2k (2 ms). Multivariate MCV statistics on the pair give the planner the
real share; ANALYZE fills them now, autovacuum keeps them current.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03
"""

from __future__ import annotations

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_context().dialect.name == "postgresql":
        op.execute(
            "CREATE STATISTICS IF NOT EXISTS entries_type_status (mcv) ON type, status FROM entries"
        )
        op.execute("ANALYZE entries")


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
