"""Which database errors are worth retrying (the one place that knows both dialects' codes),
and how to retell one without its SQL, parameters or content (``StoreFault``)."""

from __future__ import annotations

import traceback
from pathlib import Path

from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError

from store.engine import StoreError

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
    """True for a fault a retry can cure (lost connection, lock, serialization), not for a bug.
    A ``StoreFault`` carries the verdict on the error it retells."""
    if isinstance(exc, StoreFault):
        return exc.transient
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


class StoreFault(StoreError):
    """A failure retold for logs, states and artifacts: where it happened, why in safe words
    (``fault_reason``: no SQL, no bound parameters, no candidate content) and whether a
    retry can cure it (``is_transient`` reads ``transient``, so the retry policy still retries
    a lost connection after the original exception, with its SQL, is gone).

    Raised outside the ``except`` block that caught the original, so neither ``__cause__``
    nor ``__context__`` carries the original into a traceback. Positional arguments only:
    the exception pickles (Prefect persists a failed task's exception)."""

    def __init__(self, where: str, reason: str, transient: bool, attempt: int = 1) -> None:
        super().__init__(where, reason, transient, attempt)
        self.where, self.reason, self.transient, self.attempt = where, reason, transient, attempt

    def __str__(self) -> str:
        verdict = "transient" if self.transient else "not transient"
        return f"{self.where}: {self.reason} ({verdict}, attempt {self.attempt})"


def fault_reason(exc: BaseException) -> str:
    """Why ``exc`` happened in words safe to log: its class, for a database error the
    driver's condition and SQLSTATE (or SQLite's error name) and the constraint, and where
    it was raised. Never the message: SQLAlchemy's holds the statement and its parameters,
    a driver's may quote a value, a bug's may quote data. A ``StoreError`` of our own
    (its message written here, e.g. a lost pass lock) keeps its first line."""
    if isinstance(exc, StoreFault):
        return exc.reason
    name = type(exc).__name__
    if isinstance(exc, DBAPIError):
        orig = exc.orig
        details = [type(orig).__name__] if orig is not None else []
        code = getattr(orig, "sqlstate", None) or getattr(orig, "sqlite_errorname", None)
        if code:
            details.append(f"SQLSTATE {code}" if getattr(orig, "sqlstate", None) else code)
        constraint = getattr(getattr(orig, "diag", None), "constraint_name", None)
        if constraint:
            details.append(f"constraint {constraint}")
        name = f"{name} ({', '.join(details)})" if details else name
    elif isinstance(exc, StoreError):
        name = f"{name}: {str(exc).splitlines()[0] if str(exc) else ''}".rstrip(": ")
    ours = [f for f in traceback.extract_tb(exc.__traceback__) if _ours(f.filename)]
    if ours:
        last = ours[-1]  # the project's innermost frame, not the driver's
        name += f" at {Path(last.filename).name}:{last.lineno} in {last.name}"
    return name


_PROJECT = Path(__file__).resolve().parents[1]


def _ours(filename: str) -> bool:
    path = Path(filename).resolve()
    return path.is_relative_to(_PROJECT) and "site-packages" not in path.parts
