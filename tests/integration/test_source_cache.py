"""Sources remembered between the batches of one ingest (``store.source_cache``), on both
dialects: the store ends as it does without them, what is remembered is what is stored, and a
row another writer changed in between is read again."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from itertools import count
from typing import Any, ClassVar, cast

import pytest
from sqlalchemy import Engine, select

import memcurator.app.ingest as service
from memcurator.app.gate_pool import judged_batches
from memcurator.app.ingest import apply_batch, ingest_stream
from memcurator.decisions import Decision
from memcurator.workload import generate_stream
from store.rows import source_from_row
from store.source_cache import SourceCache, fingerprint
from store.tables import Entry, EntrySource
from tests.passes import export


def ticking() -> Callable[[], datetime]:
    """A clock a second on at each reading: two stores fed alike get the same stamps."""
    seconds = count()
    return lambda: datetime(2026, 1, 1, tzinfo=UTC) + timedelta(seconds=next(seconds))


def stream(days: int = 6) -> list[bytes]:
    # Two sessions of a user a day, minutes apart in either order: late restatements reopen
    # their key's current version, so its sources are loaded batch after batch.
    return [line.encode() for line in generate_stream(users=3, days=days, seed=11)]


class Recording(SourceCache):
    made: ClassVar[list[Recording]] = []

    def __init__(self) -> None:
        super().__init__()
        Recording.made.append(self)


class Forgetful(SourceCache):
    """Remembers nothing: every batch reads its sources, as before the cache."""

    def get(self, key: tuple[str, str], mark: tuple[Any, ...]) -> None:
        return None


def stored_sources(engine: Engine) -> dict[tuple[str, str], list[Any]]:
    found: dict[tuple[str, str], list[Any]] = {}
    with engine.connect() as conn:
        for row in conn.execute(select(EntrySource)).mappings():
            found.setdefault((row["tenant"], row["entry_id"]), []).append(source_from_row(row))
    return found


def rows(engine: Engine) -> dict[tuple[str, str], Any]:
    with engine.connect() as conn:
        return {(r["tenant"], r["id"]): fingerprint(r)
                for r in conn.execute(select(Entry.__table__)).mappings()}


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Recording]]:
    Recording.made = []
    monkeypatch.setattr(service, "SourceCache", Recording)
    yield Recording.made


def test_an_ingest_with_remembered_sources_stores_what_one_without_does(
    new_engine: Callable[[], Engine], monkeypatch: pytest.MonkeyPatch,
    recording: list[Recording],
) -> None:
    lines = stream()
    remembering, reading = new_engine(), new_engine()
    first, later = lines[: len(lines) // 3], lines[len(lines) // 3 :]
    clock = ticking()
    for part in (first, later):  # two ingests: the second starts knowing nothing
        ingest_stream(remembering, part, batch_size=40, gate_workers=0, clock=clock)
    monkeypatch.setattr(service, "SourceCache", Forgetful)
    clock = ticking()
    for part in (first, later):
        ingest_stream(reading, part, batch_size=40, gate_workers=0, clock=clock)
    assert export(remembering) == export(reading)
    assert stored_sources(remembering).keys() == stored_sources(reading).keys()
    # It was used: the second ingest read what the first wrote once, then used what it kept.
    assert recording[1].hits > recording[1].misses > 0


def test_what_is_remembered_is_what_is_stored(
    engine: Engine, recording: list[Recording]
) -> None:
    ingest_stream(engine, stream(), batch_size=25, gate_workers=0)
    [cache] = recording
    assert_remembered_is_stored(engine, cache)


def assert_remembered_is_stored(
    engine: Engine, cache: SourceCache, *, only_writer: bool = True
) -> None:
    """What the cache would still give (its row unchanged) is what is stored; with no other
    writer, that is everything it holds."""
    stored, marks = stored_sources(engine), rows(engine)
    assert cache._held, "the ingest remembered sources"
    for key, (mark, sources) in cache._held.items():
        if not only_writer and mark != marks.get(key):
            continue  # another writer changed the row since: never used again
        # The fingerprint written is the one read back (instants, counts, wording) ...
        assert mark == marks[key], key
        # ... and the sources are exactly that entry's rows.
        order = sorted(sources, key=lambda s: s.memory_id)
        assert order == sorted(stored.get(key, []), key=lambda s: s.memory_id), key


def batches(lines: list[bytes], size: int) -> list[list[Decision]]:
    numbered = list(enumerate(lines, 1))
    chunks = [numbered[i:i + size] for i in range(0, len(numbered), size)]
    return list(judged_batches(iter(chunks), workers=0))


def test_a_row_another_writer_changed_is_read_again(new_engine: Callable[[], Engine]) -> None:
    """Batches 1 and 3 through one cache, batch 2 (the same keys) by another writer that
    does not tell it: the store ends as when one writer applies all three."""
    judged = batches(stream(days=6), 20)
    assert len(judged) >= 20
    shared, alone = new_engine(), new_engine()
    cache = SourceCache()
    shared_clock, alone_clock = ticking(), ticking()
    for i, decisions in enumerate(judged):
        apply_batch(shared, decisions, clock=shared_clock, sources=None if i % 3 == 1 else cache)
        apply_batch(alone, decisions, clock=alone_clock)
    assert export(shared) == export(alone)
    assert cache.misses > 0 and cache.hits > 0
    assert_remembered_is_stored(shared, cache, only_writer=False)


def test_a_batch_rolled_back_leaves_nothing_remembered() -> None:
    cache = SourceCache(max_sources=3)
    cache.put(("t", "a"), (1,), ())
    cache.rollback()
    assert cache.get(("t", "a"), (1,)) is None
    cache.put(("t", "a"), (1,), ())
    cache.commit()
    assert cache.get(("t", "a"), (1,)) == []
    assert cache.get(("t", "a"), (2,)) is None  # another fingerprint: read again
    cache.forget(("t", "a"))
    assert cache.get(("t", "a"), (1,)) is None  # within the transaction: forgotten
    cache.rollback()
    assert cache.get(("t", "a"), (1,)) == []  # the forgetting was rolled back


def test_past_its_bound_the_least_recently_used_are_forgotten() -> None:
    cache = SourceCache(max_sources=3)
    two = cast(tuple[Any, ...], ("s1", "s2"))
    cache.put(("t", "a"), (1,), two)
    cache.put(("t", "b"), (1,), two)
    cache.commit()  # four sources held, three allowed: the older goes
    assert cache.get(("t", "a"), (1,)) is None
    assert cache.get(("t", "b"), (1,)) == list(two)
