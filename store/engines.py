"""The process's engines: one per database URL (the URL of the store that flows and tasks
work on comes from ``tasks.secrets``)."""

from __future__ import annotations

import threading

from sqlalchemy import Engine

from memcurator.settings import Settings, normalise_database_url
from store.engine import make_engine

_engines: dict[str, Engine] = {}
_guard = threading.Lock()


def engine_for(database_url: str) -> Engine:
    """The process's engine for ``database_url``, its statements bounded by
    ``statement_timeout`` (a Prefect timeout cannot interrupt a synchronous task)."""
    url = normalise_database_url(database_url)
    with _guard:
        engine = _engines.get(url)
        if engine is None:
            engine = make_engine(url, statement_timeout_ms=Settings().statement_timeout_ms)
            _engines[url] = engine
        return engine


def dispose_engines() -> None:
    """Close every pooled connection (tests, and the end of a CLI command)."""
    with _guard:
        for engine in _engines.values():
            engine.dispose()
        _engines.clear()
