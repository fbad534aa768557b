"""Engines and schema management: one place that knows how to reach either dialect."""

from __future__ import annotations

import functools
import json
import logging
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from psycopg.abc import AdaptContext, Buffer
from psycopg.adapt import Loader
from psycopg.types.datetime import TimestamptzLoader
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

from memcurator.settings import normalise_database_url

MIGRATIONS = Path(__file__).parent / "migrations"


class _DropTeardownNoise(logging.Filter):
    """psycopg warns "error ignored terminating <Pipeline|Copy ...>" when a pipeline or COPY
    cannot be closed cleanly after a statement already failed. That first error is raised to
    memcurator, which handles it (a refused candidate is logged, a lost connection retried);
    the warning repeats it as noise on stderr, so it is dropped."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("error ignored terminating")


logging.getLogger("psycopg").addFilter(_DropTeardownNoise())


class StoreError(Exception):
    """A store problem a person can act on; the CLI prints it as one line."""


class BadDatabaseUrl(StoreError):
    """The database URL itself is wrong (a bad argument, not an unreachable store)."""


_PASSWORD = re.compile(r"(://[^:/@]*:).*@")  # greedy: a password may hold "@"


def hide_password(url: str) -> str:
    """``url`` with any password replaced by ``***``, even when the URL does not parse."""
    return _PASSWORD.sub(r"\1***@", url)


def make_engine(url: str, *, statement_timeout_ms: int | None = None) -> Engine:
    """An engine for ``url``: psycopg 3 for PostgreSQL, WAL mode for a SQLite file."""
    url = normalise_database_url(url)
    try:
        parsed = make_url(url)
        parsed.port  # noqa: B018 - SQLAlchemy parses the port lazily; a bad one fails here
    except (ArgumentError, ValueError) as exc:
        raise BadDatabaseUrl(
            f"cannot parse database URL {hide_password(url)!r}: {first_line(exc)}"
        ) from None
    kwargs: dict[str, Any] = {}
    if parsed.get_backend_name() == "postgresql":
        options = "-c application_name=memcurator"
        if statement_timeout_ms:
            options += f" -c statement_timeout={int(statement_timeout_ms)}"
        kwargs = {"pool_pre_ping": True, "connect_args": {"connect_timeout": 5}}
        given = parsed.query.get("options")
        if given:
            # The URL's own options (a search_path, say) come first; ours are added to them.
            given = " ".join(given) if isinstance(given, tuple) else given
            options = f"{given} {options}"
        kwargs["connect_args"]["options"] = options
    elif parsed.get_backend_name() == "sqlite":
        kwargs = {"connect_args": {"timeout": 30}}
    else:
        raise BadDatabaseUrl(
            f"unsupported database {parsed.get_backend_name()!r}: use postgresql or sqlite"
        )
    try:
        engine = create_engine(parsed, **kwargs)
    except NoSuchModuleError as exc:
        raise BadDatabaseUrl(f"no driver for {parsed.drivername!r}") from exc
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
    else:
        event.listen(engine, "connect", _tolerant_timestamps)
        event.listen(engine, "begin", _postgresql_begin)
    return engine


# psycopg's own loader for timestamptz text: its C implementation where psycopg has one
# (psycopg[binary]), about five times faster per value than the pure-Python class, which
# every read of a pass, an export or an ingest's placement pays on every timestamp.
_FAST_TIMESTAMPTZ = (
    psycopg.adapters.get_loader(psycopg.adapters.types["timestamptz"].oid, psycopg.pq.Format.TEXT)
    or TimestamptzLoader
)


class _ClampedTimestamptzLoader(Loader):
    """PostgreSQL holds instants Python cannot (year 10000, BC, infinity). The gate refuses
    them, but one such row written by hand or by an older version must not make every export,
    trace, recall or nightly pass fail: it reads as the nearest representable instant."""

    def __init__(self, oid: int, context: AdaptContext | None = None) -> None:
        super().__init__(oid, context)
        self._load = _FAST_TIMESTAMPTZ(oid, context).load

    def load(self, data: Buffer) -> datetime:
        try:
            loaded: datetime = self._load(data)
        except psycopg.DataError:
            text = bytes(data)
            early = text.endswith(b"BC") or text.startswith(b"-")
            return _EARLIEST if early else _LATEST
        return loaded


_EARLIEST = datetime.min.replace(tzinfo=UTC)
_LATEST = datetime.max.replace(tzinfo=UTC)


def _tolerant_timestamps(dbapi_connection: Any, _record: Any) -> None:
    # Text format is what SQLAlchemy's psycopg dialect reads (psycopg's documented way to
    # adapt out-of-range dates, per connection so no other user of psycopg is affected).
    dbapi_connection.adapters.register_loader("timestamptz", _ClampedTimestamptzLoader)


WRITER = {"memcurator_writer": True}
TENANTS = "memcurator_tenants"


def for_tenants(engine: Engine, tenants: Iterable[str]) -> Engine:
    """``engine`` with every transaction it begins limited to ``tenants`` (PostgreSQL's
    row-level security; SQLite is single-tenant and ignores it)."""
    return engine.execution_options(**{TENANTS: tuple(sorted(set(tenants)))})


def set_tenants(conn: Connection, tenants: Iterable[str]) -> None:
    """Limit the rest of ``conn``'s current transaction to ``tenants`` (transaction-local:
    it ends with the transaction, so a pooled connection never carries it over).

    Said again in the same transaction (the nightly pass says its tenant before each step),
    it costs no round trip: the connection remembers the transaction it last said it in.
    Inside a savepoint it is always said and remembered by nobody (a rollback to the
    savepoint takes the setting back)."""
    if conn.dialect.name != "postgresql":
        return
    value = json.dumps(sorted(set(tenants)))
    transaction = conn.get_transaction()
    said = conn.info.pop(_TENANTS_SAID, None)
    if transaction is None or conn.in_nested_transaction():
        # Not remembered: inside a savepoint, or while the transaction begins (the "begin"
        # event of ``for_tenants``' engines, before the connection holds the transaction).
        conn.execute(_SET_TENANTS, {"tenants": value})
        return
    if said != (transaction, value):
        conn.execute(_SET_TENANTS, {"tenants": value})
    conn.info[_TENANTS_SAID] = (transaction, value)  # held: no later one can be taken for it


_SET_TENANTS = text("SELECT set_config('memcurator.tenants', :tenants, true)")
# The (transaction, tenants) ``set_tenants`` last said on a connection (``Connection.info``).
_TENANTS_SAID = "memcurator_tenants_said"


def pass_planning(conn: Connection) -> None:
    """How PostgreSQL plans the nightly pass's statements, for the rest of ``conn``'s current
    transaction (transaction-local, like ``set_tenants``; nothing elsewhere).

    No JIT compilation: the pass runs key probes whose estimated cost crosses
    ``jit_above_cost`` as a partition grows, though they read a few thousand rows; compiling
    their expressions cost tens of milliseconds a statement, more than running them (as
    ``memcurator_changed_scopes`` found: migration 0012).

    No generic plans (``plan_cache_mode``): psycopg prepares a statement run five times on a
    connection, and PostgreSQL then may keep a generic plan made while a table was empty. On a
    first night over imported history ``topic_members`` starts empty and each partition adds
    thousands of rows; the membership probe kept its empty-table sequential scan, read once
    per probed id, and three of eight partitions took 17, 33 and 50 s on a 200-user store
    (issue 13). The pass's statements are few and batched: planning each afresh costs well
    under a millisecond, and sees the table as it is now."""
    if conn.dialect.name == "postgresql":
        conn.execute(
            text(
                "SELECT set_config('jit', 'off', true), "
                "set_config('plan_cache_mode', 'force_custom_plan', true)"
            )
        )


def _postgresql_begin(conn: Connection) -> None:
    tenants = conn.get_execution_options().get(TENANTS)
    if tenants is not None:
        set_tenants(conn, tenants)


def _sqlite_begin(conn: Any) -> None:
    # A writer reads the versions of its keys, then writes: it must hold SQLite's write lock
    # from the first read, or two processes could both decide on the same stale state.
    # Readers keep plain deferred transactions so a long export never blocks ingest.
    immediate = conn.get_execution_options().get("memcurator_writer")
    conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # Let SQLAlchemy's "begin" event issue BEGIN itself (see _sqlite_begin).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    # WAL lets readers run beside the one writer; busy_timeout makes writers queue, not fail.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def describe_url(engine: Engine) -> str:
    """The engine's URL with any password hidden, for messages."""
    return engine.url.render_as_string(hide_password=True)


def _alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


def upgrade(engine: Engine) -> str:
    """Create or upgrade the schema to the newest revision; returns that revision."""
    try:
        command.upgrade(_alembic_config(engine), "head")
    except DBAPIError as exc:
        raise unreachable(engine, exc) from exc
    return head_revision()


@functools.cache
def head_revision() -> str:
    """The newest revision of the migrations shipped with this code. Reading the scripts takes
    40-70 ms; they cannot change under a running process, so it is read once per process."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def require_current_schema(engine: Engine) -> None:
    """Fail with a clear message unless the store is reachable and at the newest revision.

    One read of ``alembic_version`` (a few ms)."""
    try:
        with engine.connect() as conn:
            current = MigrationContext.configure(conn).get_current_revision()
    except DBAPIError as exc:
        raise unreachable(engine, exc) from exc
    if current is None:
        raise StoreError(f"{describe_url(engine)} has no memcurator schema: run `memcurator init`")
    head = head_revision()
    if current != head:
        raise StoreError(
            f"{describe_url(engine)} is at schema {current}, not {head}: "
            "run `memcurator init` to upgrade"
        )


_NO_DATABASE = re.compile(r'database "([^"]+)" does not exist')


def unreachable(engine: Engine, exc: DBAPIError) -> StoreError:
    """Why the store could not be opened: a server that answered that the database does not
    exist is told apart from one that could not be reached."""
    reason = first_line(exc.orig)
    missing = _NO_DATABASE.search(str(exc.orig))
    if missing:
        return StoreError(
            f"the server at {engine.url.host}:{engine.url.port or 5432} answered, but database "
            f"{missing.group(1)!r} does not exist: create it first "
            f"(createdb {missing.group(1)}, or CREATE DATABASE), then run `memcurator init`"
        )
    return StoreError(f"cannot reach {describe_url(engine)}: {reason}")


def first_line(exc: BaseException | None) -> str:
    text = str(exc).strip() if exc is not None else ""
    return text.splitlines()[0] if text else type(exc).__name__
