"""Issue 13: a pass first brings the planner's statistics up to date where autovacuum is behind
(``store.statistics``, migration 0018). Right after a large ingest the grown tables still read
as empty to the planner, and a backfill planned its nights from that (62.4M index entries read
on a 20-user, 21-night backfill straight after its ingest; 0.16M once analyzed).

PostgreSQL: the tables changed by more than the threshold are analyzed and named, the others
not, and a second call finds nothing stale; the app role, which may not ANALYZE the owner's
tables, may call the function, and a role without the grant gets a reason, not a failed pass.
SQLite: nothing to do. A backfill looks again while its tasks run, for what its own nights
made stale (``flows.runners.StatisticsKeeper``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine, make_url, text

from flows.runners import StatisticsKeeper
from memcurator.decisions import NewEntry
from store.bulk import insert_rows
from store.engine import make_engine, set_tenants, upgrade
from store.roles import ensure_app_role
from store.rows import entry_row
from store.statistics import refresh_statistics
from store.tables import Entry
from tests.integration.test_tenancy import app_role_name

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def observations(n: int, first: int = 0) -> list[dict]:
    rows = []
    for i in range(first, first + n):
        entry = NewEntry(
            id=f"o_{i:05d}", type="observation", scope={"org_id": "acme", "user_id": f"u_{i % 7}"},
            content=f"psql timed out ({i})", source_kind="tool_result", source_ref="r",
            source_session_id="s_0", confidence=0.5, created_at=T0, valid_from=T0,
            sensitivity="internal", subject_key=None, tool="psql",
        )  # fmt: skip
        rows.append(entry_row(entry, T0))
    return rows


def grow(engine: Engine, n: int, first: int = 0) -> None:
    """``n`` new entries, their counts in the statistics before it returns (a backend hands
    its counts over on its own schedule, up to a second after its transaction ends)."""
    postgresql = engine.dialect.name == "postgresql"
    before = modified(engine) if postgresql else 0
    with engine.connect() as conn:
        with conn.begin():
            set_tenants(conn, ["acme"])
            insert_rows(conn, Entry, observations(n, first))
        if not postgresql:
            return
        conn.execute(text("SELECT pg_stat_force_next_flush()"))  # when this session idles
        conn.commit()
    deadline = time.monotonic() + 10
    while modified(engine) < before + n:
        assert time.monotonic() < deadline, "the inserts never reached the statistics"
        time.sleep(0.05)


def modified(engine: Engine) -> int:
    """``entries``' rows changed since its last analysis, as the statistics count them (read
    in a transaction of its own: a transaction keeps the counts it read first)."""
    query = text(
        "SELECT n_mod_since_analyze FROM pg_stat_user_tables WHERE relid = 'entries'::regclass"
    )
    with engine.connect() as conn:
        return int(conn.scalar(query) or 0)


def planner_rows(engine: Engine, table: str) -> float:
    """How many rows the planner believes ``table`` holds (-1: never analyzed since it was
    created, or 0)."""
    with engine.connect() as conn:
        query = text("SELECT reltuples FROM pg_class WHERE oid = to_regclass(:t)")
        return float(conn.scalar(query, {"t": table}))


def test_stale_tables_are_analyzed_first_and_named(engine: Engine) -> None:
    if engine.dialect.name == "sqlite":
        grow(engine, 1500)
        assert refresh_statistics(engine) == ([], None)
        return
    assert refresh_statistics(engine) == ([], None)  # empty: nothing changed
    grow(engine, 1500)
    before = planner_rows(engine, "entry_sources")
    assert planner_rows(engine, "entries") < 1500
    assert refresh_statistics(engine) == (["entries"], None)
    assert planner_rows(engine, "entries") == 1500
    assert planner_rows(engine, "entry_sources") == before  # not stale: left alone
    assert refresh_statistics(engine) == ([], None)  # fresh now
    grow(engine, 200, first=1500)  # fewer than 1,000 plus a fifth: autovacuum's business
    assert refresh_statistics(engine) == ([], None)


@pytest.fixture
def owner_and_app(pg_schemas: Callable[[], str]) -> Iterator[tuple[Engine, Engine]]:
    admin_url = pg_schemas()
    app_url = make_url(admin_url).set(username=app_role_name()).render_as_string(False)
    admin = make_engine(admin_url)
    upgrade(admin)
    assert ensure_app_role(admin, app_url).separate
    app = make_engine(app_url)
    yield admin, app
    app.dispose()
    admin.dispose()


def test_the_app_role_may_refresh_the_owners_statistics(
    owner_and_app: tuple[Engine, Engine],
) -> None:
    admin, app = owner_and_app
    grow(admin, 1500)
    with app.begin() as conn:  # what the function is for: the app role may not (it is skipped)
        conn.execute(text("ANALYZE entries"))
    assert planner_rows(admin, "entries") < 1500
    assert refresh_statistics(app) == (["entries"], None)
    assert planner_rows(admin, "entries") == 1500


def test_without_the_grant_a_pass_is_told_why_and_goes_on(
    owner_and_app: tuple[Engine, Engine],
) -> None:
    admin, app = owner_and_app
    with admin.begin() as conn:
        function = "memcurator_refresh_statistics()"
        conn.execute(text(f'REVOKE EXECUTE ON FUNCTION {function} FROM "{app_role_name()}"'))
    analyzed, why = refresh_statistics(app)
    assert analyzed == [] and why is not None
    assert "InsufficientPrivilege" in why and "42501" in why


class Said:
    """The lines a flow's logger was given, by level."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []

    def info(self, message: str, *args: object) -> None:
        self.lines.append(("info", message % args))

    def warning(self, message: str, *args: object) -> None:
        self.lines.append(("warning", message % args))


def test_a_backfill_refreshes_what_its_own_nights_made_stale(engine: Engine) -> None:
    """``StatisticsKeeper``: the backfill's loop looks again every ``every`` seconds (not
    before), analyzes only a stale table, and says which; nothing on SQLite."""
    moment = [0.0]
    said = Said()
    keeper = StatisticsKeeper(engine, said, every=60, clock=lambda: moment[0])
    grow(engine, 1500)  # as a backfill's nights change the tables
    keeper.tick()
    moment[0] = 59.9
    keeper.tick()
    if engine.dialect.name == "sqlite":
        moment[0] = 60.0
        keeper.tick()
        assert said.lines == [] and keeper.refreshed == []
        return
    assert planner_rows(engine, "entries") < 1500  # not yet due: the tables left alone
    moment[0] = 60.0
    keeper.tick()
    assert planner_rows(engine, "entries") == 1500
    assert keeper.refreshed == ["entries"]
    assert said.lines == [
        ("info", "planner statistics refreshed (stale after this run's nights so far): entries")
    ]
    moment[0] = 120.0
    keeper.tick()  # fresh now: analyzed once
    assert keeper.refreshed == ["entries"] and len(said.lines) == 1


def test_a_backfill_that_may_not_refresh_says_so_once_and_goes_on(
    owner_and_app: tuple[Engine, Engine],
) -> None:
    admin, app = owner_and_app
    with admin.begin() as conn:
        function = "memcurator_refresh_statistics()"
        conn.execute(text(f'REVOKE EXECUTE ON FUNCTION {function} FROM "{app_role_name()}"'))
    moment = [0.0]
    said = Said()
    keeper = StatisticsKeeper(app, said, every=1, clock=lambda: moment[0])
    for second in (1.0, 2.0, 3.0):
        moment[0] = second
        keeper.tick()
    assert [level for level, _ in said.lines] == ["warning"]
    assert "42501" in said.lines[0][1]
