"""The schema check every command and flow starts with, on both dialects: a store without the
schema, at an older revision, or at one this code does not know is refused with a message
saying what to run; the head is read from the migration scripts once per process."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

import store.engine as store_engine
from store.engine import (
    StoreError,
    head_revision,
    make_engine,
    require_current_schema,
    upgrade,
)
from tests.passes import version_reads


def scripts() -> ScriptDirectory:
    config = Config()
    config.set_main_option("script_location", str(store_engine.MIGRATIONS))
    return ScriptDirectory.from_config(config)


def previous_revision() -> str:
    revision = scripts().get_revision(head_revision())
    assert revision is not None
    down = revision.down_revision
    assert isinstance(down, str)
    return down


def set_revision(engine: Engine, revision: str) -> None:
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": revision})


@pytest.fixture
def at_head(new_engine: Callable[[], Engine]) -> Engine:
    return new_engine()


def test_a_store_at_the_head_passes_with_one_read_of_its_version(at_head: Engine) -> None:
    with version_reads() as reads:
        require_current_schema(at_head)
    assert reads and all("alembic_version" in r for r in reads)
    assert not any("UPDATE" in r or "INSERT" in r for r in reads)


def test_a_store_without_the_schema_is_refused(store_url: str) -> None:
    engine = make_engine(store_url)
    try:
        with pytest.raises(StoreError, match=r"has no memcurator schema: run `memcurator init`"):
            require_current_schema(engine)
    finally:
        engine.dispose()


@pytest.mark.parametrize("revision", ["older", "0099_from_a_newer_memcurator"])
def test_an_older_or_unknown_revision_is_refused_saying_what_to_run(
    at_head: Engine, revision: str
) -> None:
    revision = previous_revision() if revision == "older" else revision
    set_revision(at_head, revision)
    expected = rf"is at schema {revision}, not {head_revision()}: run `memcurator init` to upgrade"
    with pytest.raises(StoreError, match=expected):
        require_current_schema(at_head)


def test_the_head_is_read_from_the_scripts_once_per_process(
    at_head: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[object] = []
    real = ScriptDirectory.from_config

    def counted(config: Any) -> ScriptDirectory:
        reads.append(config)
        return real(config)

    monkeypatch.setattr(store_engine.ScriptDirectory, "from_config", counted)
    head_revision.cache_clear()
    for _ in range(3):
        require_current_schema(at_head)
    assert len(reads) == 1
    assert head_revision() == scripts().get_current_head()


def test_the_cached_head_does_not_hide_a_store_changed_under_a_new_engine(
    new_store_url: Callable[[], str],
) -> None:
    first_url, second_url = new_store_url(), new_store_url()
    first, second = make_engine(first_url), make_engine(second_url)
    upgrade(first)
    upgrade(second)
    require_current_schema(first)
    require_current_schema(second)
    set_revision(second, previous_revision())  # another store, checked before, now older
    again = make_engine(second_url)
    try:
        with pytest.raises(StoreError, match=f"is at schema {previous_revision()}"):
            require_current_schema(again)
        with pytest.raises(StoreError, match=f"is at schema {previous_revision()}"):
            require_current_schema(second)  # and the engine that passed before
        require_current_schema(first)
    finally:
        for engine in (first, second, again):
            engine.dispose()
