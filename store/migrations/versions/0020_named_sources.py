"""A partial index of the stored statements that name an entry they supersede (issue 13).

Ingest loads a fact's version without its sources when a late statement lands inside it and
only restates it (``store.timelines``). A stored statement of that version that named the late
one in its ``supersedes`` before it arrived would then break off from it, which only placing
the sources again shows; so a batch asks which of its candidates a stored statement names, and
loads those keys whole. ``supersedes`` is rare: the index holds those statements alone.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

NAMED = sa.text("supersedes IS NOT NULL")


def upgrade() -> None:
    op.create_index(
        "ix_entry_sources_supersedes", "entry_sources", ["tenant", "supersedes"],
        postgresql_where=NAMED, sqlite_where=NAMED,
    )  # fmt: skip


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
