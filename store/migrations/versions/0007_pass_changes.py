"""What changed since a partition's last pass, found by index (issue 13: a night costs what
that day changed, not the store's size).

Three indexes let the nightly pass find, set-based, the scopes with something new since its
last pass: observations created in the window (``entries.created_at``, observations only),
sightings in the window (``entry_sources.created_at``), and rows ingest or erasure rewrote
since (``entries.updated_at``, the writer's clock). On PostgreSQL the owner's
``memcurator_changed_scopes`` answers which scopes those are across tenants, as
``memcurator_observation_scopes`` does for a full pass: row-level security hides every row
from a pass that has not yet said which tenants it works on. It names scopes, never content.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

# The scopes (with an active observation before the cutoff, as a full pass loads) that hold
# an observation created, or seen, in [since, cutoff); a row written at or after ``touched``
# (ingest's and erasure's clock) or by the previous pass (``updated_at`` = its cutoff,
# ``since``); or an active observation created, or seen, in (due_from, due_to], the window
# whose observations fall due to expire tonight. ``store.pass_reads.changed_scopes`` is the
# same query for SQLite.
_PG_CHANGED_SCOPES = """
CREATE OR REPLACE FUNCTION memcurator_changed_scopes(
    cutoff timestamptz, since timestamptz, touched timestamptz,
    due_from timestamptz, due_to timestamptz)
RETURNS TABLE (scope_key text, tenant text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $$
    WITH changed AS (
        SELECT e.tenant, e.scope_key FROM entries e
        WHERE e.type = 'observation'
          AND ((e.created_at >= since AND e.created_at < cutoff)
               OR (e.status = 'active' AND e.created_at > due_from AND e.created_at <= due_to))
      UNION
        SELECT e.tenant, e.scope_key FROM entry_sources s
        JOIN entries e ON e.tenant = s.tenant AND e.id = s.entry_id
        WHERE e.type = 'observation'
          AND ((s.created_at >= since AND s.created_at < cutoff)
               OR (e.status = 'active' AND s.created_at > due_from AND s.created_at <= due_to))
      UNION
        SELECT e.tenant, e.scope_key FROM entries e
        WHERE e.updated_at >= touched OR e.updated_at = since
    )
    SELECT c.scope_key, c.tenant FROM changed c
    WHERE EXISTS (
        SELECT 1 FROM entries o
        WHERE o.tenant = c.tenant AND o.scope_key = c.scope_key AND o.type = 'observation'
          AND o.status = 'active' AND o.created_at < cutoff)
$$;
"""
OBSERVATION = sa.text("type = 'observation'")


def upgrade() -> None:
    op.create_index(
        "ix_entries_observation_created", "entries", ["created_at"],
        postgresql_where=OBSERVATION, sqlite_where=OBSERVATION,
    )  # fmt: skip
    op.create_index("ix_entries_updated_at", "entries", ["updated_at"])
    op.create_index("ix_entry_sources_created_at", "entry_sources", ["created_at"])
    if op.get_context().dialect.name == "postgresql":
        op.execute(_PG_CHANGED_SCOPES)
        # Only the app role may call it (store.roles grants it, as the full pass's function).
        op.execute(
            "REVOKE ALL ON FUNCTION memcurator_changed_scopes("
            "timestamptz, timestamptz, timestamptz, timestamptz, timestamptz) FROM PUBLIC"
        )


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
