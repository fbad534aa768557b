"""An index for the intake ledger's day (issue 13: a night's cost follows the day's changes).

The nightly report reads the day's gate drops per rule from the intake ledger, bounded by
``received_at`` (``store.reporting.drops_per_day``, ``judged_per_day``; the operators'
``drops`` command too). No index had ``received_at``: every night read the whole ledger, a
row per candidate ever judged, so a night's report cost grew with the store's lifetime. This
index reads only the day's rows.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_intake_received_at", "intake", ["received_at"])


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
