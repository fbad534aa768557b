"""Topic members remembered from one night of a partition to the next, within one walk over
a backfill's nights (``tasks.consolidation.consolidate_partition_nights``).

A night reads, for each topic that tonight's unplaced observations may join, its most recent
members' text (``consolidation.TOPIC_SAMPLE`` of them): the bulk of what a night reads, and
mostly what the night before read too (issue 13). A member changes only by being written: a
row written since the partition's previous pass has ``updated_at`` at or after that pass's
start (less the ingest margin) or equal to its cutoff (the pass's own writes), as the change
window says (``memcurator.steps.ChangeWindow``). So what a walk read on one night stays good
for the next, less the entries written since (``MemberCache.begin``).

The cache is only ever trusted for the night right after the one it was confirmed on: each
tenant's members carry the (date, start) of the pass that confirmed them, and a night whose
previous pass in the ledger is another (a night this walk did not run, a night done before,
a tenant it did not load) starts that tenant afresh. A night that fails clears everything.
Only the walk's own process holds it (never shared between runs, processes or databases), so
it can only save reads: a night reads whatever the cache does not hold, and the store ends
as it would without it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from memcurator.consolidation import Member

# (the pass's date, its start: the ledger's ``run_date`` and ``finished_at``)
Stamp = tuple[str, datetime]

# How much older than the previous pass's start (beyond the change window's own margin for an
# ingest batch still committing) a write may be stamped and still be dropped from the cache: a
# batch retried with the stamp of its first try (``app.ingest``: up to minutes with slow
# retries) or a host whose clock lags. The window itself misses such a write for one night;
# the cache would keep its member's old text for the rest of the walk.
WRITTEN_MARGIN = timedelta(hours=1)

# Past this many members a tenant's cache starts afresh (a tenant's recent members of every
# topic it touched): memory stays bounded whatever the store's size.
MAX_MEMBERS = 500_000


class MemberCache:
    """Topic members by (tenant, id), confirmed per tenant by the night that last read them."""

    def __init__(self, max_members: int = MAX_MEMBERS) -> None:
        self.max_members = max_members
        self._members: dict[str, dict[str, Member]] = {}
        self._confirmed: dict[str, Stamp] = {}
        self._loaded: set[str] = set()  # tenants read tonight, confirmed by ``commit``
        self.hits = 0
        self.misses = 0

    def begin(self, tenant: str, previous: Stamp | None, written: Iterable[str]) -> None:
        """Start ``tenant``'s night: keep its members if the night that confirmed them is
        the partition's ``previous`` pass, less those ``written`` since; else start afresh."""
        confirmed = self._confirmed.pop(tenant, None)
        members = self._members.get(tenant)
        # (aware moments compare as instants, whatever zone each is labelled with)
        if members is None or previous is None or confirmed != tuple(previous):
            members = self._members[tenant] = {}
        for member_id in written:
            members.pop(member_id, None)
        if len(members) > self.max_members:
            members.clear()
        self._loaded.add(tenant)

    def held(self, tenant: str) -> dict[str, Member]:
        """``tenant``'s members the cache holds, by id (the caller reads, never writes it; a
        lookup through it is counted by ``count``)."""
        return self._members.get(tenant, {})

    def count(self, hits: int, misses: int) -> None:
        self.hits += hits
        self.misses += misses

    def get(self, tenant: str, member_id: str) -> Member | None:
        found = self._members.get(tenant, {}).get(member_id)
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def put(self, tenant: str, members: Iterable[Member]) -> None:
        if tenant in self._loaded:
            self._members.setdefault(tenant, {}).update((m.id, m) for m in members)

    def commit(self, run_date: str, started: datetime) -> None:
        """The night's transaction committed: what its tenants read is confirmed by it."""
        for tenant in self._loaded:
            self._confirmed[tenant] = (run_date, started)
        self._loaded.clear()

    def clear(self) -> None:
        """The night failed (or its outcome is unknown): trust nothing it or a night before
        it read."""
        self._members.clear()
        self._confirmed.clear()
        self._loaded.clear()
