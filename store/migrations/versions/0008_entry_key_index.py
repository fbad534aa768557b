"""One index for a key's versions (issue 13: ingest that does not slow down as the store
grows).

Placement reads, per key a batch touches, the versions stored under (scope_key, type,
subject_key), and the last one before a moment (``store.timelines._versions_query``). No
index had those three columns first: the planner probed ``ix_entries_type_status_scope``
(every entry of the scope of that type and status) or ``ix_entries_scope_subject_status``,
and read rows in proportion to a scope's history rather than the key's. This one finds a
key's versions, in ``valid_since`` order, and nothing else.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_entries_key_since", "entries", ["scope_key", "type", "subject_key", "valid_since"]
    )


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
