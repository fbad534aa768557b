"""The changed-scope query planned with the night's values (issue 13: a night's cost follows
the day's changes, not the store's size).

``memcurator_changed_scopes`` (migration 0007) was a SQL function: PostgreSQL plans a
SECURITY DEFINER SQL function's body without the values of its arguments, so the window's
bounds had the default selectivity and the plan read the store: every observation for the
sightings' join, and every active one for the "has an active observation" test (on a store of
100 users x 120 days copied ten times into the past, 300,000 entries: 0.7 s a call, once per
partition a night). Now a PL/pgSQL function that runs the same query with ``EXECUTE ... USING``,
planned each call with the night's bounds (index scans of the window), and the test of an
active observation one probe per changed scope (``OFFSET 0`` keeps it a correlated probe of
``ix_entries_type_status_scope`` instead of a hash of every active observation): 26 ms there.
Same arguments, same rows; ``CREATE OR REPLACE`` keeps its owner and grants.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

# The same scopes as 0007's function (see there); ``store.pass_reads.changed_scopes`` is the
# same query for SQLite.
_PG_CHANGED_SCOPES = """
CREATE OR REPLACE FUNCTION memcurator_changed_scopes(
    cutoff timestamptz, since timestamptz, touched timestamptz,
    due_from timestamptz, due_to timestamptz)
RETURNS TABLE (scope_key text, tenant text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $fn$
BEGIN
    RETURN QUERY EXECUTE $q$
    WITH changed AS (
        SELECT e.tenant, e.scope_key FROM entries e
        WHERE e.type = 'observation'
          AND ((e.created_at >= $2 AND e.created_at < $1)
               OR (e.status = 'active' AND e.created_at > $4 AND e.created_at <= $5))
      UNION
        SELECT e.tenant, e.scope_key FROM entry_sources s
        JOIN entries e ON e.tenant = s.tenant AND e.id = s.entry_id
        WHERE e.type = 'observation'
          AND ((s.created_at >= $2 AND s.created_at < $1)
               OR (e.status = 'active' AND s.created_at > $4 AND s.created_at <= $5))
      UNION
        SELECT e.tenant, e.scope_key FROM entries e
        WHERE e.updated_at >= $3 OR e.updated_at = $2
    )
    SELECT c.scope_key::text, c.tenant::text FROM changed c
    WHERE EXISTS (
        SELECT 1 FROM entries o
        WHERE o.tenant = c.tenant AND o.scope_key = c.scope_key AND o.type = 'observation'
          AND o.status = 'active' AND o.created_at < $1
        OFFSET 0)
    $q$ USING cutoff, since, touched, due_from, due_to;
END
$fn$;
"""


def upgrade() -> None:
    if op.get_context().dialect.name == "postgresql":
        op.execute(_PG_CHANGED_SCOPES)


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
