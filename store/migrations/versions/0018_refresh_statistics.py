"""``memcurator_refresh_statistics()``: the pass's tables analyzed when their statistics are
stale (issue 13; ``store.statistics``).

Owned by the owner and ``SECURITY DEFINER``: the app role may not ``ANALYZE`` a table it does
not own (PostgreSQL 15), so it calls this instead (``memcurator init`` grants EXECUTE; nobody
else may). It analyzes each of ``entries``, ``entry_sources`` and ``topic_members`` that
changed by more than 1,000 rows plus a fifth of its size since its last analysis (autovacuum's
own threshold is 50 plus a tenth: this steps in only when autovacuum is behind), skips one
autovacuum holds (``SKIP_LOCKED``) and returns the names it analyzed.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-06
"""

from __future__ import annotations

from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

_PG_REFRESH = """
CREATE OR REPLACE FUNCTION memcurator_refresh_statistics()
RETURNS text[]
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path FROM CURRENT AS $fn$
DECLARE
    t text;
    analyzed text[] := '{}';
BEGIN
    FOREACH t IN ARRAY ARRAY['entries', 'entry_sources', 'topic_members'] LOOP
        IF EXISTS (
            SELECT 1 FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
            WHERE s.relid = to_regclass(t)
              AND s.n_mod_since_analyze > 1000 + 0.2 * greatest(c.reltuples, 0)
        ) THEN
            EXECUTE format('ANALYZE (SKIP_LOCKED) %I', t);
            analyzed := analyzed || t;
        END IF;
    END LOOP;
    RETURN analyzed;
END
$fn$;
"""


def upgrade() -> None:
    if op.get_context().dialect.name == "postgresql":
        op.execute(_PG_REFRESH)
        # Only the app role may call it (store.roles grants it, as the pass's functions).
        op.execute("REVOKE ALL ON FUNCTION memcurator_refresh_statistics() FROM PUBLIC")


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
