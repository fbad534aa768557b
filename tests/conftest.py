"""Shared fixtures: every store test runs once on SQLite and once on PostgreSQL."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from sqlalchemy import Engine, create_engine, text

from memcurator.settings import normalise_database_url
from store.engine import make_engine, upgrade

# Property tests check behaviour, not speed (speed lives in `make bench`): no per-example
# deadline, so a busy machine (two cores shared with a benchmark) cannot fail them.
settings.register_profile("memcurator", deadline=None)
settings.load_profile("memcurator")

PG_URL = os.environ.get(
    "MEMCURATOR_TEST_PG_URL", "postgresql://postgres@127.0.0.1:5432/memcurator_test"
)


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[Engine]:
    """A connection to the PostgreSQL test database; fails (never skips) when unreachable."""
    engine = create_engine(normalise_database_url(PG_URL), connect_args={"connect_timeout": 5})
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as exc:
        pytest.fail(f"PostgreSQL test database {PG_URL} is not reachable: {exc}", pytrace=False)
    yield engine
    engine.dispose()


@pytest.fixture
def pg_schemas(pg_admin: Engine) -> Iterator[Callable[[], str]]:
    """A maker of fresh, empty PostgreSQL schemas (as URLs), all dropped afterwards."""
    made: list[str] = []

    def make() -> str:
        schema = f"t_{uuid.uuid4().hex[:12]}"
        with pg_admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        made.append(schema)
        return f"{PG_URL}?options=-csearch_path%3D{schema}"

    yield make
    for schema in made:  # one transaction each: hundreds at once exhaust the lock table
        with pg_admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))


@pytest.fixture
def pg_url(pg_schemas: Callable[[], str]) -> str:
    """The URL of a fresh, empty PostgreSQL schema of its own."""
    return pg_schemas()


@pytest.fixture(params=["sqlite", "postgresql"])
def new_store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], str]:
    """A maker of empty stores of one dialect: SQLite files, then PostgreSQL schemas."""
    if request.param == "sqlite":
        return lambda: f"sqlite:///{tmp_path / uuid.uuid4().hex[:8]}.db"
    maker: Callable[[], str] = request.getfixturevalue("pg_schemas")
    return maker


@pytest.fixture
def store_url(new_store_url: Callable[[], str]) -> str:
    """The URL of an empty store: a SQLite file, then a PostgreSQL schema."""
    return new_store_url()


@pytest.fixture
def new_engine(new_store_url: Callable[[], str]) -> Iterator[Callable[[], Engine]]:
    """A maker of engines on freshly migrated stores of the dialect under test."""
    engines: list[Engine] = []

    def make() -> Engine:
        engine = make_engine(new_store_url())
        upgrade(engine)
        engines.append(engine)
        return engine

    yield make
    for engine in engines:
        engine.dispose()


@pytest.fixture
def engine(store_url: str) -> Iterator[Engine]:
    """An engine on a freshly migrated store."""
    engine = make_engine(store_url)
    upgrade(engine)
    yield engine
    engine.dispose()


@pytest.fixture(scope="session")
def prefect_api() -> Iterator[str]:
    """One temporary Prefect server for the whole session (it takes a while to start here);
    yields its API URL so child processes can report to it too."""
    from prefect.settings import PREFECT_API_URL
    from prefect.testing.utilities import prefect_test_harness

    # No telemetry heartbeat: it writes to the server's SQLite database, and a write of its that
    # held the lock while a flow run reported its end once made the server reject the report
    # (the run was Completed already, by a first attempt that timed out) and hand back its
    # copy of the state, without the flow's result (as flows/private_server.py's server).
    saved = os.environ.get("PREFECT_SERVER_ANALYTICS_ENABLED")
    os.environ["PREFECT_SERVER_ANALYTICS_ENABLED"] = "false"
    try:
        with prefect_test_harness(server_startup_timeout=90):
            yield str(PREFECT_API_URL.value())
    finally:
        if saved is None:
            os.environ.pop("PREFECT_SERVER_ANALYTICS_ENABLED", None)
        else:
            os.environ["PREFECT_SERVER_ANALYTICS_ENABLED"] = saved


@pytest.fixture
def flows_env(prefect_api: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Flows run against the session's Prefect server, retrying fast; engines closed after."""
    from store.engines import dispose_engines

    monkeypatch.setenv("MEMCURATOR_RETRY_BACKOFF_SECONDS", "0.05")
    monkeypatch.setenv("MEMCURATOR_PARTITIONS", "3")
    yield prefect_api
    dispose_engines()
