"""``memcurator_leftover_scopes`` planned for its window (issue 13: the first night).

A SQL-language function that is not inlined (it is ``SECURITY DEFINER``) is planned without
its arguments' values, so 0011's function always took one plan: a hash of every statement in
the window. For a day's window that is right; for a first night over imported history (the
window opens at the dawn of time) it hashed every statement of the store, once per
partition: 0.41 s a call on a 200-user store where the same query with its values took
0.02 s (it starts from the unkeyed facts instead). 0010 found the same of
``memcurator_changed_scopes``. Now a PL/pgSQL function that runs the same query with
``EXECUTE ... USING``: planned on each call with the window it is given. Same signature,
owner and grants (``CREATE OR REPLACE``).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-06
"""

from __future__ import annotations

from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

_PG_LEFTOVER_SCOPES = """
CREATE OR REPLACE FUNCTION memcurator_leftover_scopes(since timestamptz, cutoff timestamptz)
RETURNS TABLE (scope_key text, tenant text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT SET jit = off AS $fn$
BEGIN
    RETURN QUERY EXECUTE $q$
        SELECT DISTINCT e.scope_key::text, e.tenant::text FROM entry_sources s
        JOIN entries e ON e.tenant = s.tenant AND e.id = s.entry_id
        WHERE s.created_at >= $1 AND s.created_at < $2
          AND e.type = 'fact' AND e.subject_key LIKE 'text:%'
    $q$ USING since, cutoff;
END
$fn$;
"""


def upgrade() -> None:
    if op.get_context().dialect.name == "postgresql":
        op.execute(_PG_LEFTOVER_SCOPES)


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
