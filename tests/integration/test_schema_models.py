"""The tables the code declares (``store.tables``) are the tables the migrations build, on
both dialects: every column, type and index, and what each partial index's predicate names.
A migration that adds an index the models do not declare, or a model index no migration
creates, fails here, so the models stay a true picture of the store (``store/rows.py`` and
every query are written from them)."""

from __future__ import annotations

import re
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect, text

from store.tables import Base


def differences(engine: Engine) -> list[Any]:
    with engine.connect() as conn:
        return list(compare_metadata(MigrationContext.configure(conn), Base.metadata))


def test_the_migrated_store_matches_the_declared_tables(engine: Engine) -> None:
    assert differences(engine) == []


def test_the_check_sees_an_index_the_models_do_not_declare(engine: Engine) -> None:
    with engine.begin() as conn:  # by SQL: an Index object would join the models' metadata
        conn.execute(text("CREATE INDEX ix_test_stray ON intake (outcome)"))
    found = differences(engine)
    assert [(d[0], d[1].name) for d in found] == [("remove_index", "ix_test_stray")]


def test_the_night_reads_its_day_of_the_intake_ledger_through_an_index(engine: Engine) -> None:
    names = {i["name"]: i["column_names"] for i in inspect(engine).get_indexes("intake")}
    assert names.get("ix_intake_received_at") == ["received_at"]


def predicate(where: Any, columns: set[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The columns and quoted literals a partial index's predicate names: Alembic's comparison
    does not look at predicates, and PostgreSQL reprints them (casts, ``= ANY (ARRAY[...])``
    for ``IN``), so the two are compared by what they name."""
    said = str(where) if where is not None else ""
    literals = frozenset(re.findall(r"'([^']*)'", said))
    bare = re.sub(r"'[^']*'", " ", said)
    return frozenset(w for w in re.findall(r"[a-z_]+", bare) if w in columns), literals


def test_every_partial_index_has_the_declared_predicate(engine: Engine) -> None:
    option = f"{engine.dialect.name}_where"
    for table in Base.metadata.sorted_tables:
        columns = {c.name for c in table.columns}
        stored = {i["name"]: i for i in inspect(engine).get_indexes(table.name)}
        for index in table.indexes:
            declared = index.dialect_options[engine.dialect.name]["where"]
            found = stored[index.name].get("dialect_options", {}).get(option)
            assert (declared is None) == (found is None), index.name
            assert predicate(declared, columns) == predicate(found, columns), index.name
