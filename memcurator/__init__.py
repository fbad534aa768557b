"""memcurator: the write gate and nightly consolidation for an agent's long-term memory.

The public Python API is ``submit``: gate candidates in-process exactly as
``memcurator ingest`` does. Heavy imports wait until it is called, so the pure core
(``memcurator.schema``, ``memcurator.gate``, ...) stays cheap to import.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memcurator.schema import Candidate
    from memcurator.service import IngestReport

__all__ = ["submit"]


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
    from memcurator.service import submit as submit_to
    from memcurator.settings import Settings
    from store.engine import make_engine, require_current_schema

    engine = make_engine(database_url or Settings().database_url)
    try:
        require_current_schema(engine)
        return submit_to(candidates, engine=engine, batch_size=batch_size)
    finally:
        engine.dispose()
