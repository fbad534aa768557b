"""The changed-scope query's sightings probe their entries by key (issue 13: a night costs
what that day changed, not the store's size).

``memcurator_changed_scopes`` (migrations 0007, 0010) joined the window's sightings to their
entries. PostgreSQL planned it as a hash join that read every observation of the store into a
hash table (a parallel sequential scan of ``entries``) to match a few thousand sightings, once
per partition a night: on 100 users a third of a year in, 190 of the call's 200 ms, growing
with every day of history. Now each window sighting probes its entry by primary key (a
``LATERAL`` subquery kept correlated by ``OFFSET 0``, as 0010 does for the active-observation
test), and the sightings are read through ``ix_entry_sources_created_at`` by the union of the
two windows (implied by the test that follows it, stated so the scan uses it): the cost follows
the window's sightings only. JIT is off inside the call: the estimate of the probes grows with
the window and crossed ``jit_above_cost`` on larger stores, where compiling the expressions
took 150 ms of a query that runs in a few. Same arguments, same rows; ``CREATE OR REPLACE``
keeps its owner and grants.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03
"""

from __future__ import annotations

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

# The same scopes as 0007's function (see there); ``store.pass_reads.changed_scopes`` is the
# same query for SQLite.
_PG_CHANGED_SCOPES = """
CREATE OR REPLACE FUNCTION memcurator_changed_scopes(
    cutoff timestamptz, since timestamptz, touched timestamptz,
    due_from timestamptz, due_to timestamptz)
RETURNS TABLE (scope_key text, tenant text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT SET jit = off AS $fn$
BEGIN
    RETURN QUERY EXECUTE $q$
    WITH changed AS (
        SELECT e.tenant, e.scope_key FROM entries e
        WHERE e.type = 'observation'
          AND ((e.created_at >= $2 AND e.created_at < $1)
               OR (e.status = 'active' AND e.created_at > $4 AND e.created_at <= $5))
      UNION
        SELECT e.tenant, e.scope_key FROM entry_sources s
        CROSS JOIN LATERAL (
            SELECT o.tenant, o.scope_key, o.status FROM entries o
            WHERE o.tenant = s.tenant AND o.id = s.entry_id AND o.type = 'observation'
            OFFSET 0) e
        WHERE ((s.created_at >= $2 AND s.created_at < $1)
               OR (s.created_at > $4 AND s.created_at <= $5))
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
