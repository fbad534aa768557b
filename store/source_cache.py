"""The stored sources of a key's versions, remembered from one batch of an ingest to the next
(issue 13).

A statement that arrives after a later one of its key (two sessions of one user overlap) may
reopen the key's current version, so the batch loads every source of it
(``store.source_reads.load_sources``): a version that a user restates every day holds months of
them, and reading them again batch after batch made the rate fall as the store grew. The next
batch of the same ingest mostly needs the same versions, written since only by this ingest.

A version's sources change only when its ``entries`` row is written too: every write of a
source (``write_versions``) writes its version's row, with ``updated_at`` the writing batch's
moment and the evidence, status, last confirmation and wording it leaves. So sources are
remembered with that row's fingerprint and trusted only while the row read under the key's
lock still has it: a row another process or a nightly pass wrote since has another, and its
sources are read again. What a batch read or wrote is kept only once its transaction has
committed (``commit``); a batch rolled back leaves nothing (``rollback``). One writer's own
object, never shared between processes, runs or databases: it can only save reads, and the
store ends as it would without it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from memcurator.versions import Statement

__all__ = ["MAX_SOURCES", "SourceCache", "fingerprint"]

# The columns that say whether a version's row is the one its sources were remembered with.
FINGERPRINT = ("updated_at", "evidence", "status", "last_confirmed_at", "content")
# Past this many sources the least recently used versions are forgotten: ~100 MB at most
# (~500 bytes a source as read: its wording, ids and instants).
MAX_SOURCES = 200_000

Fingerprint = tuple[Any, ...]
Key = tuple[str, str]  # tenant, entry id


def fingerprint(row: Mapping[Any, Any]) -> Fingerprint:
    """An ``entries`` row's fingerprint, as read or as written."""
    return tuple(row[c] for c in FINGERPRINT)


class SourceCache:
    """Sources by (tenant, entry id), each with the fingerprint of the row they belong to."""

    def __init__(self, max_sources: int = MAX_SOURCES) -> None:
        self.max_sources = max_sources
        self._held: OrderedDict[Key, tuple[Fingerprint, tuple[Statement, ...]]] = OrderedDict()
        self._staged: dict[Key, tuple[Fingerprint, tuple[Statement, ...]] | None] = {}
        self._read: dict[Key, Fingerprint] = {}  # each row as this transaction read it
        self._size = 0
        self.hits = 0
        self.misses = 0

    def get(self, key: Key, mark: Fingerprint) -> list[Statement] | None:
        """The sources of ``key``'s row when it still has the fingerprint ``mark``; a fresh
        list each time (a placement edits it)."""
        found = self._staged[key] if key in self._staged else self._held.get(key)
        if found is None or found[0] != mark:
            self.misses += 1
            return None
        self.hits += 1
        if key in self._held:
            self._held.move_to_end(key)
        return list(found[1])

    def read(self, key: Key, mark: Fingerprint) -> None:
        """This transaction read ``key``'s row with fingerprint ``mark``."""
        self._read[key] = mark

    def read_as(self, key: Key) -> Fingerprint:
        """The fingerprint ``key``'s row had when this transaction read it."""
        return self._read[key]

    def put(self, key: Key, mark: Fingerprint, sources: Sequence[Statement]) -> None:
        """What this transaction read or wrote: kept when it commits."""
        self._staged[key] = (mark, tuple(sources))

    def forget(self, key: Key) -> None:
        """A row this transaction wrote in a way not followed here: read it again."""
        self._staged[key] = None

    def extend(self, key: Key, mark: Fingerprint, added: Sequence[Statement]) -> None:
        """This transaction wrote ``key``'s row, now ``mark``, adding ``added`` to sources it
        did not load: known when the ones remembered are those of the row it read."""
        found = self._staged[key] if key in self._staged else self._held.get(key)
        if found is None or key not in self._read or found[0] != self._read[key]:
            self._staged[key] = None
        else:
            self._staged[key] = (mark, (*found[1], *added))

    def commit(self) -> None:
        for key, held in self._staged.items():
            if (old := self._held.pop(key, None)) is not None:
                self._size -= len(old[1])
            if held is not None:
                self._held[key] = held
                self._size += len(held[1])
        self._staged.clear()
        self._read.clear()
        while self._size > self.max_sources and self._held:
            self._size -= len(self._held.popitem(last=False)[1][1])

    def rollback(self) -> None:
        self._staged.clear()
        self._read.clear()

    def clear(self) -> None:
        self._held.clear()
        self._staged.clear()
        self._read.clear()
        self._size = 0
