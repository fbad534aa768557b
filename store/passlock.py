"""One nightly pass at a time per store, with or without a Prefect server.

PostgreSQL: a session-level advisory lock held on its own autocommit connection for the
whole pass (a crashed process loses its connection, and with it the lock). SQLite: an
exclusive ``flock`` on a file beside the database. The lock is re-entrant inside one process,
so a backfill that holds it can run each night's pass as a subflow.
"""

from __future__ import annotations

import fcntl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, text

from store.engine import StoreError, describe_url

# Advisory locks are per database; the second key (a hash of the schema) keeps two stores in
# different schemas of one database from blocking each other.
PASS_LOCK_CLASS = 1_835_363_699  # "memc"
_KEY = "CAST(:ns AS integer), hashtext(current_schema())"
_held: dict[str, int] = {}
_guard = threading.Lock()


class PassBusy(StoreError):
    """Another nightly pass or backfill holds the store."""


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
        try:
            yield
        finally:
            with _guard:
                _held.pop(name, None)
    finally:
        holder.release()


class _PgLock:
    def __init__(self, engine: Engine) -> None:
        self.conn = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        self.held = False

    def try_acquire(self) -> bool:
        self.held = bool(
            self.conn.scalar(
                text(f"SELECT pg_try_advisory_lock({_KEY})"), {"ns": PASS_LOCK_CLASS}
            )
        )
        return self.held

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
        try:
            if self.held and not self.conn.closed:
                self.conn.scalar(
                    text(f"SELECT pg_advisory_unlock({_KEY})"), {"ns": PASS_LOCK_CLASS}
                )
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

    def who(self) -> str:
        return f" (lock file {self.path})"

    def release(self) -> None:
        if self.file is not None:
            self.file.close()
