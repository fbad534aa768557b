"""Progress records: how a running flow tells a watching CLI how far it got.

A task logs one line when its partition of a night is done, and the backfill one line when a
night is done, through Prefect's run logger, with the progress attached to the log record as
the attribute ``memcurator_progress`` (``extra=progress_extra(...)``). The Prefect UI shows
the line like any other; ``memcurator consolidate`` and ``backfill`` read the attribute off
the record to move their progress bars, so the CLI needs no second channel and a flow run on
a worker behaves the same with nobody watching.

The attribute holds counts, dates and partition labels only, never content from a candidate.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

PROGRESS_ATTR = "memcurator_progress"

Kind = Literal["partition", "night"]


def progress_extra(
    kind: Kind, *, date: str, done: int, total: int, **fields: Any
) -> dict[str, Any]:
    """The ``extra=`` of a progress line: ``done`` of ``total`` partitions (``kind``
    "partition", of the night ``date``) or nights (``kind`` "night", ``date`` the night just
    finished), with figures such as ``already_done`` or the night's totals in ``fields``."""
    return {PROGRESS_ATTR: {"kind": kind, "date": date, "done": done, "total": total, **fields}}


def progress_of(record: logging.LogRecord) -> dict[str, Any] | None:
    """The progress a log record carries, if it is a progress line."""
    value = getattr(record, PROGRESS_ATTR, None)
    return value if isinstance(value, dict) else None
