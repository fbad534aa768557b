"""Right to erasure: the one sanctioned exception to the append-only log.

On PostgreSQL the guard trigger function lets a row through only inside a transaction that
set ``memcurator.erasure = 'on'`` (``memcurator forget`` does, with SET LOCAL) and only for a
member of the tables' owner role; then the write log accepts UPDATE (tombstones) and entries
accept DELETE. Deleting or truncating log rows stays refused to everyone. SQLite has no roles:
``forget`` drops and recreates its guard triggers inside its own transaction, so nothing
changes on disk here.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

# The GUC and the owner check are both needed: the app role can set any custom GUC, but it is
# not a member of the owner role; and the owner without the GUC is refused like everyone else,
# so a hand-typed UPDATE in a psql session still fails.
_PG_REFUSE = """
CREATE OR REPLACE FUNCTION memcurator_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_LEVEL = 'ROW'
       AND coalesce(current_setting('memcurator.erasure', true), '') = 'on'
       AND ((TG_TABLE_NAME = 'write_log' AND TG_OP = 'UPDATE')
            OR (TG_TABLE_NAME = 'entries' AND TG_OP = 'DELETE'))
       AND pg_has_role(
           current_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'MEMBER')
    THEN
        IF TG_OP = 'DELETE' THEN
            RETURN OLD;
        END IF;
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'memcurator: % on % refused: %', TG_OP, TG_TABLE_NAME, TG_ARGV[0]
        USING ERRCODE = 'insufficient_privilege';
END
$$;
"""


def upgrade() -> None:
    if op.get_context().dialect.name == "postgresql":
        op.execute(_PG_REFUSE)


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
