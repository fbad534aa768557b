"""What every task shares: the store's URL, one engine per database per process, and the
retry policy (``memcurator.app.retry``) as Prefect options.

The URL (with its password) is never a flow or task parameter, so Prefect never records
it: flows and tasks read it here, from a Prefect Secret block named by
``MEMCURATOR_DATABASE_URL_SECRET`` if set, else from ``MEMCURATOR_DATABASE_URL``.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Engine

from memcurator.app.retry import RetryPolicy
from memcurator.settings import Settings, normalise_database_url
from store.engine import make_engine

if TYPE_CHECKING:
    # Not at run time: the CLI imports this module before its private Prefect server's URL
    # is in the environment, and Prefect imported then starts a server of its own.
    from prefect import Task

T = TypeVar("T", bound="Task[Any, Any]")

_engines: dict[str, Engine] = {}
_guard = threading.Lock()


def store_url() -> str:
    """The store's URL, from the Secret block named in the settings or from the settings."""
    settings = Settings()
    if settings.database_url_secret:
        from prefect.blocks.system import Secret

        secret = Secret.load(settings.database_url_secret, _sync=True)  # type: ignore[call-arg]
        assert isinstance(secret, Secret)  # loaded synchronously, whatever the caller
        return normalise_database_url(str(secret.get()))
    return settings.database_url


def store_engine() -> Engine:
    """The process's engine for the store flows and tasks work on (``store_url``)."""
    return engine_for(store_url())


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


def with_retries(task: T) -> T:
    """``task`` retried by the one retry policy, read from the settings when the flow runs
    (a decorator's options are fixed at import, before a test or a deployment sets them)."""
    options = RetryPolicy.from_settings(Settings()).prefect_options()
    return task.with_options(**options)  # type: ignore[return-value]
