"""The public Python API's unit of work: open the store, check its schema, answer, close.

``memcurator``'s package facade (``memcurator.submit``, ``as_of``, ``recall``, ``trace``)
delegates here, so the core package itself never opens a store.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from memcurator.app.ingest import IngestReport
    from memcurator.schema import Candidate


@contextmanager
def _store(database_url: str | None) -> Iterator[Engine]:
    from memcurator.settings import Settings
    from store.engine import make_engine, require_current_schema

    engine = make_engine(database_url or Settings().database_url)
    try:
        require_current_schema(engine)
        yield engine
    finally:
        engine.dispose()


def submit(
    candidates: Iterable[Candidate | dict[str, Any] | str | bytes],
    *,
    database_url: str | None = None,
    batch_size: int = 1000,
) -> IngestReport:
    """Run candidates (models, dicts or JSON strings) through the gate into the store.

    Returns the counts per outcome; raises ``store.engine.StoreError`` when the store is
    unreachable or not initialised. Rejections are logged, never raised.
    """
    from memcurator.app.ingest import submit as submit_to

    with _store(database_url) as engine:
        return submit_to(candidates, engine=engine, batch_size=batch_size)


def as_of(
    scope: Mapping[str, str], at: datetime, *, database_url: str | None = None
) -> list[dict[str, Any]]:
    """The entries that were current for ``scope`` at ``at`` (timezone-aware)."""
    from store.reading import as_of as as_of_query

    with _store(database_url) as engine:
        return as_of_query(engine, scope, at)


def recall(
    scope: Mapping[str, str],
    *,
    explain: bool = False,
    limit: int | None = None,
    database_url: str | None = None,
) -> list[dict[str, Any]]:
    """The active view an agent gets: most specific scope per key, ranked."""
    from store.reading import recall as recall_query

    with _store(database_url) as engine:
        return recall_query(engine, scope, explain=explain, limit=limit)


def trace(
    memory_id: str,
    *,
    scope: Mapping[str, str] | None = None,
    database_url: str | None = None,
) -> dict[str, Any] | None:
    """An entry, its source turns, its log events and its supersession chain, or None.
    Ids are unique per tenant: ``scope`` (its top level) says whose id it is."""
    from store.reading import trace as trace_query

    with _store(database_url) as engine:
        return trace_query(engine, memory_id, scope)
