"""Which database errors are worth retrying: the one place that knows both dialects' codes."""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError

# SQLSTATEs of faults that a retry can cure: serialization failure, deadlock, lost or
# refused connections, and an administrator terminating the backend.
_TRANSIENT_SQLSTATES = {
    "40001",
    "40P01",
    "08000",
    "08003",
    "08006",
    "08001",
    "08004",
    "57P01",
    "57P02",
    "57P03",
    "53300",
}


def is_transient(exc: BaseException) -> bool:
    """True for a fault a retry can cure (lost connection, lock, serialization), not for a bug."""
    if not isinstance(exc, DBAPIError):
        return False
    if exc.connection_invalidated:
        return True
    sqlstate = getattr(exc.orig, "sqlstate", None)
    if sqlstate in _TRANSIENT_SQLSTATES:
        return True
    # psycopg raises OperationalError without a SQLSTATE when the connection drops;
    # SQLite says "database is locked" when a writer holds the file too long.
    return sqlstate is None and isinstance(exc, OperationalError)


def is_race(exc: BaseException) -> bool:
    """True when another writer got there first (a unique key already taken)."""
    return isinstance(exc, IntegrityError)
