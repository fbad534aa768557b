"""The nightly pass: topic membership, the (date x partition) idempotency ledger, and an
index that finds a partition's active observations without a scan.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "topic_members",
        sa.Column("observation_id", sa.String(128), primary_key=True),
        sa.Column("topic_id", sa.String(128), nullable=False),
        sa.Column("joined_on", sa.String(10), nullable=False),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_topic_members_topic_id", "topic_members", ["topic_id"])
    op.create_table(
        "consolidation_runs",
        sa.Column("run_date", sa.String(10), primary_key=True),
        sa.Column("partition", sa.String(32), primary_key=True),
        sa.Column("flow_run_id", sa.String(64)),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("counts", sa.JSON().with_variant(JSONB(), "postgresql"), nullable=False),
    )
    op.create_index(
        "ix_entries_type_status_scope", "entries", ["type", "status", "scope_key", "created_at"]
    )


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
