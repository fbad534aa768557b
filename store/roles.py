"""PostgreSQL roles: the owner migrates, the application runs as a role with only what it needs.

``memcurator init`` connects as the owner (``MEMCURATOR_ADMIN_DATABASE_URL``) and makes the
application's role (the user of ``MEMCURATOR_DATABASE_URL``) exist with exactly the grants
below, in the store's schema: it may read and append, and change entries, never the log; it
owns nothing, so it can run no DDL, disable no trigger and bypass no row-level security.
Roles are cluster-wide, grants are per schema: creating the role is idempotent and safe when
several stores (schemas, databases) of one cluster share it.
"""

from __future__ import annotations

from dataclasses import dataclass

import psycopg
from psycopg import sql
from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from memcurator.settings import normalise_database_url
from store.engine import StoreError, describe_url, first_line, make_engine, upgrade

# What the application does, and nothing more. The log and the intake ledger are append-only
# for it; entries and their sources change status and attachment.
APP_PRIVILEGES = {
    "entries": ("SELECT", "INSERT", "UPDATE"),
    "entry_sources": ("SELECT", "INSERT", "UPDATE"),
    "write_log": ("SELECT", "INSERT"),
    "intake": ("SELECT", "INSERT"),
    "topic_members": ("SELECT", "INSERT"),
    "consolidation_runs": ("SELECT", "INSERT"),
    "audit_marks": ("SELECT", "INSERT"),
    "statement_vectors": ("SELECT", "INSERT"),
    "gathering_keys": ("SELECT", "INSERT"),
    "alembic_version": ("SELECT",),
}
PASS_SCOPES_FUNCTION = "memcurator_observation_scopes(timestamptz)"
# The scopes a partition's pass must load (migration 0007): named, never read, across tenants.
CHANGED_SCOPES_FUNCTION = (
    "memcurator_changed_scopes(timestamptz, timestamptz, timestamptz, timestamptz, timestamptz)"
)
# The scopes with unkeyed facts said since a partition's last pass (migration 0011).
LEFTOVER_SCOPES_FUNCTION = "memcurator_leftover_scopes(timestamptz, timestamptz)"
# A pass's tables analyzed when their statistics are stale (migration 0018, store.statistics).
REFRESH_STATISTICS_FUNCTION = "memcurator_refresh_statistics()"
PASS_FUNCTIONS = (
    PASS_SCOPES_FUNCTION, CHANGED_SCOPES_FUNCTION, LEFTOVER_SCOPES_FUNCTION,
    REFRESH_STATISTICS_FUNCTION,
)  # fmt: skip


@dataclass(frozen=True)
class RoleSetup:
    """What ``init`` found or made: the app role, and whether it is separate from the owner."""

    owner: str
    app: str
    created: bool

    @property
    def separate(self) -> bool:
        return self.owner != self.app

    def line(self) -> str:
        if not self.separate:
            return (
                f"the application connects as the owner {self.owner!r}: row-level security does "
                "not bind it (set MEMCURATOR_ADMIN_DATABASE_URL and a separate app role)"
            )
        made = "created" if self.created else "checked"
        return f"app role {self.app!r} {made}: read, append, no DDL, row-level security on"


def init_store(app_url: str, admin_url: str) -> list[str]:
    """``memcurator init``: migrate as the owner, then (PostgreSQL) set up the app role.
    Returns the lines to print; ``ValueError`` for an admin URL given to SQLite."""
    engine = make_engine(admin_url)
    try:
        revision = upgrade(engine)
        lines = [f"{describe_url(engine)} is at schema revision {revision}"]
        if engine.dialect.name == "postgresql":
            lines.append(ensure_app_role(engine, normalise_database_url(app_url)).line())
        elif normalise_database_url(admin_url) != normalise_database_url(app_url):
            raise ValueError(
                "roles and row-level security need PostgreSQL: SQLite is single-tenant"
            )
        else:
            lines.append("SQLite is single-tenant: no roles, no row-level security between tenants")
    finally:
        engine.dispose()
    return lines


def ensure_app_role(admin: Engine, app_url: str) -> RoleSetup:
    """Create or check the app role of ``app_url`` and grant it the app's privileges."""
    app = make_url(app_url).username
    try:
        with admin.begin() as conn:
            owner = str(conn.scalar(text("SELECT current_user")))
            if not app or app == owner:
                return RoleSetup(owner, owner, created=False)
            created = _create_role(conn, app, make_url(app_url).password)
            _check_role(conn, app)
            _grant(conn, app)
    except (DBAPIError, psycopg.Error) as exc:
        reason = first_line(exc.orig if isinstance(exc, DBAPIError) else exc)
        raise StoreError(f"cannot set up roles on {describe_url(admin)}: {reason}") from exc
    return RoleSetup(owner, app, created)


def _create_role(conn: Connection, role: str, password: str | None) -> bool:
    exists = conn.scalar(text("SELECT 1 FROM pg_roles WHERE rolname = :r"), {"r": role})
    if exists:
        return False
    statement = sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(role))
    if password:
        statement = sql.SQL("{} PASSWORD {}").format(statement, sql.Literal(password))
    try:
        # Another store's init may create the same cluster-wide role at the same moment.
        with conn.begin_nested():
            _execute(conn, statement)
    except psycopg.errors.DuplicateObject:
        return False
    except psycopg.errors.UniqueViolation:
        return False
    return True


def _check_role(conn: Connection, role: str) -> None:
    attrs = conn.execute(
        text("SELECT rolsuper, rolbypassrls, rolcreaterole FROM pg_roles WHERE rolname = :r"),
        {"r": role},
    ).one()
    if attrs.rolsuper or attrs.rolbypassrls or attrs.rolcreaterole:
        raise StoreError(
            f"role {role!r} is a superuser or may bypass row-level security or create roles: "
            "the application needs a plain role"
        )
    owned = conn.scalar(
        text(
            "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tableowner = :r"
        ),
        {"r": role},
    )
    if owned:
        raise StoreError(
            f"role {role!r} owns tables of the store: the owner runs `memcurator init`, the "
            "application connects as another role"
        )


def _grant(conn: Connection, role: str) -> None:
    """Exactly ``APP_PRIVILEGES`` in the current schema: earlier grants are revoked first."""
    schema = str(conn.scalar(text("SELECT current_schema()")))
    who, where = sql.Identifier(role), sql.Identifier(schema)
    statements = [
        sql.SQL("REVOKE ALL ON ALL TABLES IN SCHEMA {} FROM {}").format(where, who),
        sql.SQL("REVOKE ALL ON SCHEMA {} FROM {}").format(where, who),
        sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(where, who),
        sql.SQL("GRANT USAGE ON ALL SEQUENCES IN SCHEMA {} TO {}").format(where, who),
    ]
    for function in PASS_FUNCTIONS:
        statements += [
            sql.SQL("REVOKE ALL ON FUNCTION {}.{} FROM PUBLIC").format(where, sql.SQL(function)),
            sql.SQL("GRANT EXECUTE ON FUNCTION {}.{} TO {}").format(
                where, sql.SQL(function), who
            ),
        ]
    for table, privileges in APP_PRIVILEGES.items():
        statements.append(
            sql.SQL("GRANT {} ON {}.{} TO {}").format(
                sql.SQL(", ").join(sql.SQL(p) for p in privileges),
                where,
                sql.Identifier(table),
                who,
            )
        )
    for statement in statements:
        _execute(conn, statement)
    can_create = conn.scalar(
        text("SELECT has_schema_privilege(:r, current_schema(), 'CREATE')"), {"r": role}
    )
    if can_create:
        raise StoreError(
            f"role {role!r} may create objects in schema {schema!r} (PUBLIC has CREATE there): "
            f"REVOKE CREATE ON SCHEMA {schema} FROM PUBLIC, then run `memcurator init` again"
        )


def _execute(conn: Connection, statement: sql.SQL | sql.Composed) -> None:
    """Run composed DDL on the connection's own transaction (psycopg quotes the names)."""
    raw = conn.connection.driver_connection
    assert isinstance(raw, psycopg.Connection)
    raw.execute(statement)
