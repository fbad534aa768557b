"""PostgreSQL refuses TRUNCATE of entries and of the write log (statement-level triggers: a
row trigger never fires for TRUNCATE), and the refused statement changes nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, func, select, text

from memcurator.app.ingest import submit
from store.engine import make_engine, upgrade
from store.tables import Entry, WriteLog
from tests.factories import candidate


@pytest.fixture
def pg_engine(pg_url: str) -> Iterator[Engine]:
    engine = make_engine(pg_url)
    upgrade(engine)
    submit([candidate(), candidate(content="okay")], engine=engine)
    yield engine
    engine.dispose()


def counts(engine: Engine) -> tuple[int | None, int | None]:
    with engine.connect() as conn:
        return (
            conn.scalar(select(func.count()).select_from(Entry)),
            conn.scalar(select(func.count()).select_from(WriteLog)),
        )


@pytest.mark.parametrize(
    ("table", "why"),
    [("entries", "entries are never deleted"), ("write_log", "the write log is append-only")],
)
def test_truncate_is_refused_on_postgresql(pg_engine: Engine, table: str, why: str) -> None:
    before = counts(pg_engine)
    assert before == (1, 2)
    refused = pytest.raises(Exception, match=f"TRUNCATE on {table} refused: {why}")
    with refused, pg_engine.begin() as conn:
        conn.execute(text(f"TRUNCATE {table}"))
    assert counts(pg_engine) == before
