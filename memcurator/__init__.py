"""memcurator: the write gate and nightly consolidation for an agent's long-term memory.

The public Python API mirrors the CLI: ``submit`` gates candidates in-process exactly as
``memcurator ingest`` does; ``as_of``, ``recall`` and ``trace`` answer support's questions.
This facade only delegates to the app layer (``memcurator.app.api``), importing it when a
function is called, so the pure core (``memcurator.schema``, ``memcurator.gate``, ...) stays
cheap to import and free of the store.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memcurator.app.ingest import IngestReport
    from memcurator.schema import Candidate

__all__ = ["as_of", "recall", "submit", "trace"]


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
    from memcurator.app import api

    return api.submit(candidates, database_url=database_url, batch_size=batch_size)


def as_of(
    scope: Mapping[str, str], at: datetime, *, database_url: str | None = None
) -> list[dict[str, Any]]:
    """The entries that were current for ``scope`` at ``at`` (timezone-aware)."""
    from memcurator.app import api

    return api.as_of(scope, at, database_url=database_url)


def recall(
    scope: Mapping[str, str],
    *,
    explain: bool = False,
    limit: int | None = None,
    database_url: str | None = None,
) -> list[dict[str, Any]]:
    """The active view an agent gets: most specific scope per key, ranked."""
    from memcurator.app import api

    return api.recall(scope, explain=explain, limit=limit, database_url=database_url)


def trace(
    memory_id: str,
    *,
    scope: Mapping[str, str] | None = None,
    database_url: str | None = None,
) -> dict[str, Any] | None:
    """An entry, its source turns, its log events and its supersession chain, or None.
    Ids are unique per tenant: ``scope`` (its top level) says whose id it is."""
    from memcurator.app import api

    return api.trace(memory_id, scope=scope, database_url=database_url)
