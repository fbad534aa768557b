"""What every task shares: one engine per database per process, and the retry rule."""

from __future__ import annotations

import threading
from typing import Any

from sqlalchemy import Engine

from memcurator.settings import Settings, normalise_database_url
from store.engine import make_engine
from store.errors import is_transient

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


def retry_transient(_task: Any, _task_run: Any, state: Any) -> bool:
    """Prefect retry condition: retry a lost connection, deadlock or serialization failure,
    never a bug (a retried bug only fails again, later, with the same traceback)."""
    try:
        state.result()
    except Exception as exc:
        return is_transient(exc)
    return False
