"""The scopes with unkeyed facts said since a partition's last pass (issue 10: unkeyed
leftovers are consolidated at night).

The nightly pass visits every scope with a statement of an unkeyed fact (``text:DIGEST``)
created in ``[since, cutoff)``, whether or not the scope holds an observation. On PostgreSQL
the owner's ``memcurator_leftover_scopes`` names them across tenants, as
``memcurator_changed_scopes`` does (row-level security hides every row from a pass that has not
yet said which tenants it works on); ``store.leftover_reads.leftover_scopes`` is the same query
for SQLite. It reads the window's statements by ``ix_entry_sources_created_at`` (0007) and
names scopes, never content.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

_PG_LEFTOVER_SCOPES = """
CREATE OR REPLACE FUNCTION memcurator_leftover_scopes(since timestamptz, cutoff timestamptz)
RETURNS TABLE (scope_key text, tenant text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $$
    SELECT DISTINCT e.scope_key, e.tenant FROM entry_sources s
    JOIN entries e ON e.tenant = s.tenant AND e.id = s.entry_id
    WHERE s.created_at >= since AND s.created_at < cutoff
      AND e.type = 'fact' AND e.subject_key LIKE 'text:%'
$$;
"""


def upgrade() -> None:
    if op.get_context().dialect.name == "postgresql":
        op.execute(_PG_LEFTOVER_SCOPES)
        # Only the app role may call it (store.roles grants it, as the other pass functions).
        op.execute(
            "REVOKE ALL ON FUNCTION memcurator_leftover_scopes(timestamptz, timestamptz) "
            "FROM PUBLIC"
        )


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
