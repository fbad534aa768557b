"""One nightly pass at a time per store, with or without a Prefect server.

PostgreSQL: a session-level advisory lock held on its own autocommit connection for the
whole pass (a crashed process loses its connection, and with it the lock). SQLite: an
exclusive ``flock`` on a file beside the database. The lock is re-entrant inside one process,
so a flow that holds it can run a nightly pass as a subflow.

A session lock dies with its connection, and an administrator may cut that connection
(``pg_terminate_backend``) while the pass goes on writing. So each partition's write
transaction calls ``verify_pass_lock`` first: it takes a *write fence* (a shared,
transaction-level advisory lock) and checks that the backend that took the pass lock still
holds it. A pass that takes the lock then waits on the fence exclusively once, so a write
transaction that checked the lock just before it was lost finishes before the new pass starts;
every later one sees the lock gone and stops with ``PassLockLost`` before writing.

A task in another process (a Dask worker) does not hold the lock: the flow passes it
``pass_token`` (the holding backend's pid and start time), and inside ``adopted_pass_lock``
``verify_pass_lock`` checks that holder in ``pg_locks`` exactly as the flow's process would.
"""

from __future__ import annotations

import fcntl
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from pathlib import Path

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import DBAPIError

from store.engine import StoreError, describe_url

# Advisory locks are per database; the second key (a hash of the schema) keeps two stores in
# different schemas of one database from blocking each other.
PASS_LOCK_CLASS = 1_835_363_699  # "memc"
WRITE_FENCE_CLASS = 1_835_363_700  # "memd"
_KEY = "CAST(:ns AS integer), hashtext(current_schema())"
_held: dict[str, int] = {}
_holders: dict[str, _PgLock | _FileLock] = {}
_guard = threading.Lock()
# The pass lock token (``pass_token``) a task in a process without the lock checks.
_adopted: ContextVar[str | None] = ContextVar("memcurator_pass_lock_token", default=None)
_log = logging.getLogger(__name__)

# The lock of class :ns and this schema, granted to backend :pid started at :started.
_STILL_HELD = """
SELECT EXISTS (
  SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
  WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
    AND l.pid = :pid AND a.backend_start = :started
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.classid = CAST(:ns AS oid)
    AND l.objid = CAST(hashtext(current_schema())::bigint & 4294967295 AS oid)
)
"""


class PassBusy(StoreError):
    """Another nightly pass or backfill holds the store."""


class PassLockLost(StoreError):
    """The pass no longer holds the store's pass lock (its connection was cut): it stopped
    before writing again."""


@contextmanager
def pass_lock(engine: Engine, *, wait_seconds: float = 0.0) -> Iterator[None]:
    """Hold the store's pass lock, waiting up to ``wait_seconds`` for it; else ``PassBusy``."""
    name = describe_url(engine)
    with _guard:
        if _held.get(name):
            _held[name] += 1
            reentered = True
        else:
            reentered = False
    if reentered:
        try:
            yield
        finally:
            with _guard:
                _held[name] -= 1
        return
    holder = _PgLock(engine) if engine.dialect.name == "postgresql" else _FileLock(engine)
    deadline = time.monotonic() + max(wait_seconds, 0.0)
    try:
        while not holder.try_acquire():
            if time.monotonic() >= deadline:
                raise PassBusy(
                    f"another consolidation pass is running on {name}{holder.who()}: "
                    "nothing was done; wait for it to finish, or retry with --wait SECONDS"
                )
            time.sleep(min(1.0, max(deadline - time.monotonic(), 0.05)))
        with _guard:
            _held[name] = 1
            _holders[name] = holder
        try:
            yield
        finally:
            with _guard:
                _held.pop(name, None)
                _holders.pop(name, None)
    finally:
        holder.release()


def verify_pass_lock(conn: Connection) -> None:
    """Inside a pass's write transaction, before its first write: hold the write fence and
    make sure the pass still holds the store's pass lock; else ``PassLockLost``.

    The pass is this process's holder of the lock, or, in a process that does not hold it (a
    Dask worker running one partition), the holder named by the token the task adopted
    (``adopted_pass_lock``): the check is the same, on the task's own connection, against
    ``pg_locks``, so it holds across processes and machines."""
    name = describe_url(conn.engine)
    with _guard:
        holder = _holders.get(name)
    if holder is not None:
        holder.verify(conn)
        return
    token = _adopted.get()
    if token is None:
        raise PassLockLost(
            f"the nightly pass on {name} does not hold the store's pass lock "
            "(lost, or never taken): stopped before writing; run the pass again"
        )
    pid, _, started = token.partition("@")
    _verify_held(conn, int(pid), datetime.fromisoformat(started))


def pass_token(engine: Engine) -> str | None:
    """This process's pass lock on ``engine``'s store as a token another process can check
    (``adopted_pass_lock``): the PostgreSQL backend holding it and when that backend started
    (no secret). ``None`` if this process holds no lock there, or holds a SQLite file lock,
    which only its own machine could check."""
    with _guard:
        holder = _holders.get(describe_url(engine))
    if isinstance(holder, _PgLock) and holder.pid is not None and holder.started is not None:
        return f"{holder.pid}@{holder.started.isoformat()}"
    return None


@contextmanager
def adopted_pass_lock(token: str | None) -> Iterator[None]:
    """Inside, ``verify_pass_lock`` in a process without the lock checks the holder named by
    ``token`` (``pass_token`` of the flow's process) instead of refusing."""
    reset = _adopted.set(token)
    try:
        yield
    finally:
        _adopted.reset(reset)


def _verify_held(conn: Connection, pid: int | None, started: datetime | None) -> None:
    conn.execute(text(f"SELECT pg_advisory_xact_lock_shared({_KEY})"), {"ns": WRITE_FENCE_CLASS})
    still = conn.scalar(text(_STILL_HELD), {"pid": pid, "started": started, "ns": PASS_LOCK_CLASS})
    if not still:
        raise PassLockLost(
            f"the nightly pass lost its lock on {describe_url(conn.engine)} (its "
            f"connection, PostgreSQL backend {pid}, was closed or terminated): it "
            "stopped before writing again; what it committed stays; run the pass again"
        )


class _PgLock:
    def __init__(self, engine: Engine) -> None:
        self.conn = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        self.held = False
        self.pid: int | None = None
        self.started: datetime | None = None

    def try_acquire(self) -> bool:
        self.held = bool(
            self.conn.scalar(text(f"SELECT pg_try_advisory_lock({_KEY})"), {"ns": PASS_LOCK_CLASS})
        )
        if self.held:
            row = self.conn.execute(
                text("SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()")
            ).one()
            self.pid, self.started = row.pid, row.backend_start
            # Wait for the write transactions of a pass that lost the lock to this one.
            self.conn.scalar(text(f"SELECT pg_advisory_lock({_KEY})"), {"ns": WRITE_FENCE_CLASS})
            self.conn.scalar(text(f"SELECT pg_advisory_unlock({_KEY})"), {"ns": WRITE_FENCE_CLASS})
        return self.held

    def verify(self, conn: Connection) -> None:
        _verify_held(conn, self.pid, self.started)

    def who(self) -> str:
        pid = self.conn.scalar(
            text(
                "SELECT l.pid FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
                "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 "
                "AND d.datname = current_database() AND l.classid = CAST(:ns AS oid) "
                "AND l.objid = CAST(hashtext(current_schema())::bigint & 4294967295 AS oid) "
                "LIMIT 1"
            ),
            {"ns": PASS_LOCK_CLASS},
        )
        return f" (PostgreSQL backend {pid})" if pid else ""

    def release(self) -> None:
        """Unlock; a connection that is already gone took its lock with it, so a pass whose
        work is done does not fail for it. A connection that cannot unlock is discarded, never
        returned to the pool still holding the lock."""
        try:
            if self.held and not self.conn.closed:
                self.conn.scalar(
                    text(f"SELECT pg_advisory_unlock({_KEY})"), {"ns": PASS_LOCK_CLASS}
                )
        except DBAPIError as exc:
            _log.debug("pass lock: its connection was already gone: %s", type(exc).__name__)
            self.conn.invalidate()
        finally:
            self.conn.close()


class _FileLock:
    def __init__(self, engine: Engine) -> None:
        database = engine.url.database
        self.path = Path(f"{database}.pass-lock") if database and database != ":memory:" else None
        self.file = open(self.path, "a+") if self.path else None  # noqa: SIM115

    def try_acquire(self) -> bool:
        if self.file is None:
            return True
        try:
            fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def verify(self, conn: Connection) -> None:
        """An ``flock`` lives as long as its open file, which only ``release`` closes."""

    def who(self) -> str:
        return f" (lock file {self.path})"

    def release(self) -> None:
        if self.file is not None:
            self.file.close()
