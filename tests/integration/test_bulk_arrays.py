"""``store.bulk.pg_array``: the array literals ingest's per-key probes send are read back by
PostgreSQL as exactly the values given (issue 13: they replace psycopg's list dumping)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from sqlalchemy import text

from store.bulk import pg_array
from store.engine import make_engine


def test_every_value_comes_back_from_postgresql_as_it_went_in(pg_url: str) -> None:
    texts = ['{"org_id":"acme","user_id":"u_1"}', 'back\\slash', 'a,b', "{}", " ", "NULL",
             "", 'quote"d', "é ✓", None]
    moments = [datetime(2025, 3, 4, 10, 12, tzinfo=UTC), datetime(1, 1, 1, tzinfo=UTC),
               datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
               datetime(2025, 3, 4, 12, 12, 0, 1, tzinfo=timezone(timedelta(hours=2))),
               datetime(2025, 3, 4, 10, 12, tzinfo=UTC), None]
    flags = [True, False, None]
    numbers = [-(2**63), 0, 2**63 - 1]
    engine = make_engine(pg_url)
    try:
        with engine.connect() as conn:
            back = conn.execute(
                text("SELECT CAST(:t AS text[]), CAST(:m AS timestamptz[]), "
                     "CAST(:f AS boolean[]), CAST(:n AS bigint[])"),
                {"t": pg_array(texts), "m": pg_array(moments), "f": pg_array(flags),
                 "n": pg_array(numbers)},
            ).one()
    finally:
        engine.dispose()
    assert back[0] == texts
    assert back[1] == moments
    assert back[2] == flags and back[3] == numbers
