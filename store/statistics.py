"""The planner's statistics brought up to date before a pass (issue 13).

A pass plans each statement with its values (``store.engine.pass_planning``), but from the
statistics PostgreSQL last gathered. Right after a large ingest (imported history, then a
backfill at once) autovacuum has not analyzed the grown tables yet: they still read as empty,
every plan costs any index like any other, and a night probed entries by a scan of
``ix_entries_observation_created`` with the key as a filter. On a 20-user, 21-night backfill
straight after its ingest that read 62.4M index entries, against 0.16M once analyzed.

``memcurator_refresh_statistics()`` (migration 0018: the owner's, so the app role, which may not
``ANALYZE`` a table it does not own, can call it) analyzes each of the pass's big tables that
changed by more than 1,000 rows plus a fifth of its size since its last analysis, skipping one
that autovacuum is working on (``SKIP_LOCKED``), and names the tables it analyzed. SQLite keeps
no such statistics until ``ANALYZE`` is run and plans without them: nothing to do there.
"""

from __future__ import annotations

from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

from store.errors import fault_reason

REFRESH = text("SELECT memcurator_refresh_statistics()")


def refresh_statistics(engine: Engine) -> tuple[list[str], str | None]:
    """The tables whose statistics were refreshed, in their own short transaction, and why
    not, if it could not be done (a store whose app role was not granted the function by
    ``memcurator init`` since the upgrade): a pass goes on either way."""
    if engine.dialect.name != "postgresql":
        return [], None
    try:
        with engine.begin() as conn:
            return list(conn.execute(REFRESH).scalar_one() or ()), None
    except DBAPIError as exc:
        return [], fault_reason(exc)
