"""A partial index of the current topics by scope (issue 13: a night reads what changed).

Each night every partition reads the current topics of its scopes
(``store.pass_reads.load_topics``): active summaries whose key starts with ``topic:``. With
no index on the key's prefix (a ``LIKE`` prefix is not a range under a linguistic collation,
nor under ``C.UTF-8`` on PostgreSQL 15), PostgreSQL read every current summary of those scopes
and filtered them: on the seed's workload, a task summary a day per user, so a partition read
~22,000 rows (8,000 pages) to find ~240 topics 90 days in, and more each night after. This
index holds the current topics alone; the query states its predicate word for word. Its
columns after the scope are constant; they are there for SQLite, which without statistics
prefers an index with as many equalities as ``ix_entries_type_status_scope`` (three).

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

ACTIVE_TOPIC = sa.text("type = 'summary' AND status = 'active' AND subject_key LIKE 'topic:%'")


def upgrade() -> None:
    op.create_index(
        "ix_entries_active_topics", "entries", ["scope_key", "type", "status"],
        postgresql_where=ACTIVE_TOPIC, sqlite_where=ACTIVE_TOPIC,
    )  # fmt: skip


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
