"""Each source keeps its candidate's explicit ``supersedes``, so a late arrival that re-places
the sources of a key applies rule 5 to it again (issue 8: history independent of arrival).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("entry_sources", sa.Column("supersedes", sa.String(128)))
    # Until now only the candidate an entry was created from could have applied it.
    op.execute(
        "UPDATE entry_sources SET supersedes = (SELECT e.supersedes FROM entries e "
        "WHERE e.tenant = entry_sources.tenant AND e.id = entry_sources.memory_id) "
        "WHERE EXISTS (SELECT 1 FROM entries e WHERE e.tenant = entry_sources.tenant "
        "AND e.id = entry_sources.memory_id AND e.supersedes IS NOT NULL)"
    )


def downgrade() -> None:
    with op.batch_alter_table("entry_sources") as batch:
        batch.drop_column("supersedes")
