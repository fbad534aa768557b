"""A partition task in another process checks the flow's pass lock by its token, on PostgreSQL.

A Dask worker does not hold the pass lock; the flow hands its tasks ``pass_token`` and each
task's write transaction checks that holder (``adopted_pass_lock`` + ``verify_pass_lock``).
Here the other process is a real child process: it must accept a held lock, and refuse one it
was given no token for, one whose connection was cut, and one another pass took since.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sqlalchemy import text

from store.engine import make_engine, upgrade
from store.passlock import pass_lock, pass_token

ROOT = Path(__file__).resolve().parents[2]
CHECK = """
import sys
from store.engine import make_engine
from store.passlock import PassLockLost, adopted_pass_lock, verify_pass_lock
engine = make_engine(sys.argv[1])
token = sys.argv[2] or None
with adopted_pass_lock(token), engine.connect() as conn, conn.begin():
    try:
        verify_pass_lock(conn)
        print("held")
    except PassLockLost as exc:
        print("lost:", exc)
engine.dispose()
"""


def check_elsewhere(url: str, token: str | None) -> str:
    result = subprocess.run(
        [sys.executable, "-c", CHECK, url, token or ""],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    return result.stdout.strip()


def test_another_process_accepts_the_token_of_a_held_lock_and_refuses_a_lost_one(
    pg_url: str,
) -> None:
    engine = make_engine(pg_url)
    upgrade(engine)
    try:
        with pass_lock(engine):
            token = pass_token(engine)
            assert token is not None
            assert check_elsewhere(pg_url, token) == "held"
            assert check_elsewhere(pg_url, None).startswith("lost: ")
            pid = int(token.split("@")[0])
            with engine.connect() as conn:
                conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            lost = check_elsewhere(pg_url, token)
            assert lost.startswith("lost: the nightly pass lost its lock"), lost
            assert f"backend {pid}" in lost
        with pass_lock(engine):  # another pass holds it now: the old token is still lost
            assert pass_token(engine) != token
            assert check_elsewhere(pg_url, token).startswith("lost: ")
            assert check_elsewhere(pg_url, pass_token(engine)) == "held"
        assert pass_token(engine) is None  # released
    finally:
        engine.dispose()


def test_a_sqlite_store_gives_no_token(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    upgrade(engine)
    try:
        with pass_lock(engine):
            assert pass_token(engine) is None
    finally:
        engine.dispose()
