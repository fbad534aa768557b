"""The one row mapping and the bulk helpers, on SQLite and on PostgreSQL: what goes in as a
core type comes back as the same core type, and value lists longer than a chunk find every
row they name."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone

from sqlalchemy import Engine, select

from memcurator.decisions import NewEntry
from memcurator.versions import Statement
from memcurator.vocabulary import SOURCE_STRENGTH
from store.bulk import CHUNK, in_values, insert_rows
from store.rows import (
    ENTRY_COLUMNS,
    entry_row,
    source_from_row,
    source_row,
    version_from_row,
    version_row,
)
from store.source_reads import load_sources
from store.tables import Entry, EntrySource
from tests.factories import suffix

T0 = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)


def a_fact(memory_id: str, **overrides: object) -> NewEntry:
    entry = NewEntry(
        id=memory_id,
        type="fact",
        scope={"org_id": "acme", "user_id": "u_ada"},
        content="Ada's editor is Helix",
        source_kind="user_message",
        source_ref="turn:7",
        source_session_id="s_1",
        confidence=0.9,
        created_at=T0,
        valid_from=T0 - timedelta(days=1),
        sensitivity="internal",
        subject_key="subject:ada/editor",
        supersedes="m_older",
        subject_entity="ada",
        subject_attribute="editor",
        subject_value="Helix",
        task_id="t_9",
        links=("m_a", "m_b"),
        tool="helix",
        symptom="slow start",
    )
    return replace(entry, **overrides)  # type: ignore[arg-type]


def stored(engine: Engine, memory_id: str) -> dict[str, object]:
    with engine.connect() as conn:
        row = conn.execute(select(Entry.__table__).where(Entry.id == memory_id)).mappings().one()
    return dict(row)


def test_an_entry_reads_back_as_the_entry_that_was_written(engine: Engine) -> None:
    entry = a_fact(f"m_{suffix()}")
    with engine.begin() as conn:
        insert_rows(conn, Entry, [entry_row(entry, T0 + timedelta(hours=1))])
    row = stored(engine, entry.id)
    assert set(row) == set(ENTRY_COLUMNS)
    assert row["tenant"] == "acme" and row["user_id"] == "u_ada" and row["team_id"] is None
    assert row["status"] == "active" and row["evidence"] == 1
    assert row["valid_since"] == entry.valid_from and row["last_confirmed_at"] == entry.created_at
    assert row["links"] == ["m_a", "m_b"]
    version = version_from_row(row)
    assert version.entry == entry
    assert (version.id, version.value, version.status) == (entry.id, "Helix", "active")
    assert version_row(version, row["updated_at"]) == row  # type: ignore[arg-type]


def test_a_version_writes_its_resolved_fields_over_its_entry(engine: Engine) -> None:
    entry = a_fact(f"m_{suffix()}", links=None, tool=None)
    with engine.begin() as conn:
        insert_rows(conn, Entry, [entry_row(entry, T0)])
    version = version_from_row(stored(engine, entry.id))
    version.value, version.content, version.evidence = "Zed", "Ada's editor is Zed", 3
    version.status, version.valid_to, version.superseded_by = "superseded", T0, "m_next"
    row = version_row(version, T0)
    assert row["subject_value"] == "Zed" and row["content"] == "Ada's editor is Zed"
    assert (row["status"], row["valid_to"], row["superseded_by"]) == ("superseded", T0, "m_next")
    assert row["evidence"] == 3 and row["links"] is None and row["tool"] is None


def test_a_source_reads_back_as_the_source_that_was_written(engine: Engine) -> None:
    source = Statement(
        f"m_{suffix()}",
        "Ada uses Helix",
        "Helix",
        T0,
        T0,
        "tool_result",
        "r",
        "s_2",
        0.7,
        "confidential",
        "m_old",
    )
    with engine.begin() as conn:
        insert_rows(conn, EntrySource, [source_row("acme", "m_entry", source)])
        row = conn.execute(select(EntrySource.__table__)).mappings().one()
    assert (row["tenant"], row["entry_id"]) == ("acme", "m_entry")
    assert row["source_kind"] == "tool_result"
    assert source_from_row(row) == source


def test_the_sources_a_batch_loads_are_the_sources_written(engine: Engine) -> None:
    """``load_sources`` reads them as plain tuples on PostgreSQL and as mappings on SQLite:
    the same statements either way, each to its own version, its instants labelled UTC."""
    ids = [f"m_{i}_{suffix()}" for i in range(3)]
    plus_two = timezone(timedelta(hours=2))
    written = {
        entry_id: [
            Statement(f"{entry_id}_s{n}", f"Ada uses Helix {n}", None if n % 2 else "Helix",
                      (T0 + timedelta(minutes=n)).astimezone(plus_two), T0 + timedelta(hours=n),
                      "user_message", f"turn:{n}", "s_1", 0.5 + n / 10, "internal",
                      None if n else "m_old")
            for n in range(k + 1)
        ]
        for k, entry_id in enumerate(ids)
    }
    # The last holds more than its sources (a fact the nightly pass promoted: its sightings
    # are not its sources, only what joined it since): ordered by its row, not by them.
    evidence = {entry_id: len(sources) for entry_id, sources in written.items()}
    evidence[ids[-1]] += 2
    with engine.begin() as conn:
        insert_rows(conn, Entry, [
            entry_row(a_fact(i, subject_key=f"subject:ada/k{i}"), T0, evidence=evidence[i])
            for i in ids])
        insert_rows(conn, EntrySource, [source_row("acme", entry_id, source)
                                        for entry_id, sources in written.items()
                                        for source in sources])
        rows = conn.execute(select(Entry.__table__).where(Entry.id.in_(ids))).mappings()
        versions = [version_from_row(row) for row in rows]
        load_sources(conn, versions)
    for version in versions:
        assert version.sources is not None
        loaded = sorted(version.sources, key=lambda s: s.memory_id)
        assert loaded == written[version.id]
        assert all(s.valid_from.tzinfo is UTC and s.created_at.tzinfo is UTC for s in loaded)
        first = None if version.id == ids[-1] else written[version.id][0].order()
        assert version.head == first
        assert version.latest == written[version.id][-1].order()
    promoted = next(v for v in versions if v.id == ids[-1])
    assert promoted.order() == (promoted.valid_since, SOURCE_STRENGTH["user_message"], ids[-1])


def test_more_rows_and_values_than_a_chunk_all_land_and_are_all_found(engine: Engine) -> None:
    ids = [f"m_{i:05d}_{suffix()}" for i in range(CHUNK * 2 + 7)]
    rows = [entry_row(a_fact(i, subject_key=f"subject:ada/k{i}"), T0) for i in ids]
    with engine.begin() as conn:
        insert_rows(conn, Entry, rows)
        wanted = [*ids[::2], "m_absent"]
        conditions = list(in_values(Entry.id, wanted, conn))
        found = [i for c in conditions for i in conn.scalars(select(Entry.id).where(c))]
        assert list(in_values(Entry.id, [], conn)) == []
    assert len(conditions) == 2
    assert sorted(found) == sorted(ids[::2])
