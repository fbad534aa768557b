"""The nightly pass's shape: which scopes a partition holds, what a night sees, and the pass's
write steps declared once (``STEPS``).

The unit of work (``memcurator.app.nightly``) runs the steps in this order; its report, the
ledger's counts, the flow's summary and artifacts and the demo's table read their figures from
here. Adding a step is a policy function (filling its ``PassPlan`` field), a ``PassWriter``
method and one line below. Pure: no I/O.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Sequence
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

    def scopes_by_tenant(self, pairs: Iterable[Sequence[str]]) -> dict[str, list[str]]:
        """The (scope, tenant) ``pairs`` this partition holds, as each tenant's scopes in the
        order given: the share of a question asked for every partition at once."""
        tenants: dict[str, list[str]] = {}
        for key, tenant in pairs:
            if self.holds(key):
                tenants.setdefault(tenant, []).append(key)
        return tenants


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


# Ingest stamps ``updated_at`` with its clock when its batch starts, before it commits: a
# batch that was still running when the last pass read the store may carry a stamp up to
# this much older than that pass's start and still be unseen by it.
INGEST_COMMIT_MARGIN = timedelta(minutes=5)


@dataclass(frozen=True)
class ChangeWindow:
    """What may have changed for a partition since its previous pass (at ``since``, its
    cutoff, started at ``previous_start``): only the scopes with something new, or something
    due to expire, need loading tonight; every other scope's plan would be empty.

    - new: an observation created, or seen again, in ``[since, cutoff)``;
    - rewritten: a row stamped at or after ``touched`` (a late arrival, an erasure) or by
      the previous pass itself (``updated_at`` is its cutoff, ``since``: what it changed may
      let a remaining observation join a topic tonight);
    - due: an active observation created or seen in ``(due_from, due_to]``. Everything last
      seen at or before ``since - expire_after`` was expired by the passes before.
    """

    cutoff: datetime
    since: datetime
    touched: datetime
    due_from: datetime
    due_to: datetime


def change_window(
    cutoff: datetime, previous: date, previous_start: datetime, expire_after: timedelta
) -> ChangeWindow:
    """The window of a pass at ``cutoff`` whose partition's previous pass was for ``previous``
    and started at ``previous_start`` (the ledger's ``finished_at``: the pass's clock)."""
    since = cutoff_of(previous)
    return ChangeWindow(
        cutoff=cutoff,
        since=since,
        touched=previous_start - INGEST_COMMIT_MARGIN,
        due_from=since - expire_after,
        due_to=cutoff - expire_after,
    )
