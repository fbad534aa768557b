"""An observation's sightings summed up on its row: ``entries.seen_last``, ``seen_sessions``,
``seen_direct`` (issue 13; ``store.seen``).

Ingest asked of every open observation of a batch's keys whether the nightly passes had closed
it, by summing its sightings: a cost that grew with each key's history when months are
imported without a nightly pass between them. The writer now keeps the three sums on the row.
This fills them for every observation already stored; a row left NULL is read from its
sightings as before.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

_OF_ROW = "FROM entry_sources s WHERE s.tenant = entries.tenant AND s.entry_id = entries.id"

_PG_FILL = (
    "UPDATE entries AS e SET seen_last = a.last, seen_sessions = a.sessions, "
    "seen_direct = a.direct FROM (SELECT s.tenant, s.entry_id, max(s.created_at) AS last, "
    "count(DISTINCT s.source_session_id) AS sessions, "
    "bool_or(s.source_kind <> 'agent_inference') AS direct FROM entry_sources s "
    "JOIN entries o ON o.tenant = s.tenant AND o.id = s.entry_id "
    "WHERE o.type = 'observation' GROUP BY s.tenant, s.entry_id) AS a "
    "WHERE e.tenant = a.tenant AND e.id = a.entry_id"
)

_SQLITE_FILL = (
    f"UPDATE entries SET seen_last = (SELECT max(s.created_at) {_OF_ROW}), "
    f"seen_sessions = (SELECT count(DISTINCT s.source_session_id) {_OF_ROW}), "
    "seen_direct = (SELECT max(CASE WHEN s.source_kind <> 'agent_inference' THEN 1 ELSE 0 END) "
    f"{_OF_ROW}) WHERE type = 'observation'"
)


def upgrade() -> None:
    with op.batch_alter_table("entries") as batch:
        batch.add_column(sa.Column("seen_last", sa.DateTime(timezone=True)))
        batch.add_column(sa.Column("seen_sessions", sa.Integer()))
        batch.add_column(sa.Column("seen_direct", sa.Boolean()))
    postgresql = op.get_context().dialect.name == "postgresql"
    op.execute(_PG_FILL if postgresql else _SQLITE_FILL)


def downgrade() -> None:
    raise RuntimeError("memcurator revisions cannot be downgraded")
