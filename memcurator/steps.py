"""The nightly pass's shape: which scopes a partition holds, what a night sees, and the pass's
write steps declared once (``STEPS``).

The unit of work (``memcurator.app.nightly``) runs the steps in this order; its report, the
ledger's counts, the flow's summary and artifacts and the demo's table read their figures from
here. Adding a step is a policy function (filling its ``PassPlan`` field), a ``PassWriter``
method and one line below. Pure: no I/O.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from memcurator.consolidation import PassPlan


@dataclass(frozen=True)
class Partition:
    """Bucket ``index`` of ``count``: the scopes whose key hashes there (CRC-32, stable
    across processes)."""

    index: int
    count: int

    @property
    def label(self) -> str:
        return f"p{self.index + 1:02d}-of-{self.count:02d}"

    def holds(self, scope_key: str) -> bool:
        return zlib.crc32(scope_key.encode("utf-8")) % self.count == self.index


def cutoff_of(as_of: date) -> datetime:
    """The pass for ``as_of`` sees everything created before the end of that day (UTC)."""
    return datetime.combine(as_of + timedelta(days=1), time(0), tzinfo=UTC)


@dataclass(frozen=True)
class Figure:
    """One count of a pass's report: its key (report, ledger, flow summary), its heading in
    the flow's artifact and in the demo's table, and how a plan gives it."""

    key: str
    heading: str
    column: str
    count: Callable[[PassPlan], int]


@dataclass(frozen=True)
class Step:
    """One write step of the pass, in the order they run: ``name`` (the seam tests and the
    benchmark hook into), the ``PassPlan`` field it applies, the ``PassWriter`` method that
    writes it, and the figures it adds to the report."""

    name: str
    plan_field: str
    write: str
    figures: tuple[Figure, ...]


# The pass, declared once: the report, the flow's summaries and artifacts and the demo read
# it. A new step is a policy function (filling its plan field), a writer method and a line.
STEPS = (
    Step("promoted", "promotions", "promote",
         (Figure("promoted", "promoted", "promoted", lambda p: len(p.promotions)),)),
    Step("expired", "expiries", "expire",
         (Figure("expired", "expired", "expired", lambda p: len(p.expiries)),)),
    Step("topics", "topics", "batch", (
        Figure("topics_created", "new topics", "new topics",
               lambda p: sum(t.is_new for t in p.topics)),
        Figure("topics_updated", "topics updated", "topics updated",
               lambda p: sum(not t.is_new for t in p.topics)),
        Figure("members_linked", "members linked", "linked",
               lambda p: sum(len(t.new_members) for t in p.topics)),
    )),
)  # fmt: skip
FIGURES = tuple(f for step in STEPS for f in step.figures)
