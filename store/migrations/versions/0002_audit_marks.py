"""Audit verdicts: the sample audit's record of which entries were checked and found wrong.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "audit_marks",
        sa.Column(
            "seq",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("memory_id", sa.String(128), nullable=False),
        sa.Column("type", sa.String(16), nullable=False),
        sa.Column("verdict", sa.String(16), nullable=False),
        sa.Column("auditor", sa.String(200)),
        sa.Column("note", sa.Text),
    )
    op.create_index("ix_audit_marks_memory_id", "audit_marks", ["memory_id"])


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
