"""Make sure the PostgreSQL test database answers, creating it if the server has none.

``python -m tests.pg_ready URL`` exits 1 with one clear line when the server cannot be
reached, so ``make test`` fails loudly instead of skipping the PostgreSQL half.
"""

from __future__ import annotations

import sys

import psycopg
from psycopg import sql
from sqlalchemy.engine import make_url

HINT = "start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start"


def ensure_database(url: str) -> None:
    parsed = make_url(url)
    params = {
        "host": parsed.host or "127.0.0.1",
        "port": parsed.port or 5432,
        "user": parsed.username or "postgres",
        "password": parsed.password,
        "connect_timeout": 5,
    }
    try:
        with psycopg.connect(dbname="postgres", autocommit=True, **params) as conn:
            exists = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (parsed.database,)
            ).fetchone()
            if not exists:
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(parsed.database)))
    except psycopg.OperationalError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        sys.exit(
            f"PostgreSQL is not reachable at {params['host']}:{params['port']}: {first}\n{HINT}"
        )


if __name__ == "__main__":
    ensure_database(sys.argv[1])
    print(f"PostgreSQL test database ready: {make_url(sys.argv[1]).database}")
