"""Where a run's store comes from: a Prefect Secret block or the settings.

The URL (with its password) is never a flow or task parameter, so Prefect never records it: it is
read here, from a Prefect Secret block named by ``MEMCURATOR_DATABASE_URL_SECRET`` if set, else
from ``MEMCURATOR_DATABASE_URL``. The store itself knows nothing of Prefect; this is the one place
that reads the block.
"""

from __future__ import annotations

from prefect.blocks.system import Secret
from sqlalchemy import Engine

from memcurator.settings import Settings, normalise_database_url
from store.engines import engine_for


def store_url() -> str:
    """The store's URL, from the Secret block named in the settings or from the settings."""
    settings = Settings()
    if settings.database_url_secret:
        secret = Secret.load(settings.database_url_secret, _sync=True)  # type: ignore[call-arg]
        assert isinstance(secret, Secret)  # loaded synchronously, whatever the caller
        return normalise_database_url(str(secret.get()))
    return settings.database_url


def store_engine() -> Engine:
    """The process's engine for the store flows and tasks work on (``store_url``)."""
    return engine_for(store_url())
