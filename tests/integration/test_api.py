"""The Python API answers what the CLI answers, in-process."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import memcurator
from store.engine import StoreError, make_engine, upgrade
from tests.factories import candidate

USER = {"org_id": "acme", "user_id": "u_api"}


def test_the_python_api_submits_and_reads_back(store_url: str) -> None:
    engine = make_engine(store_url)
    upgrade(engine)
    engine.dispose()
    report = memcurator.submit(
        [
            candidate(
                id="py",
                scope=USER,
                content="Prefers Python for new projects",
                created_at="2024-11-01T00:00:00Z",
            ),
            candidate(
                id="rs",
                scope=USER,
                content="Prefers Rust for new projects",
                created_at="2025-03-01T00:00:00Z",
            ),
        ],
        database_url=store_url,
    )
    assert report.outcomes["inserted"] == 2 and report.superseded == 1
    feb = memcurator.as_of(USER, datetime(2025, 2, 1, tzinfo=UTC), database_url=store_url)
    assert [e["id"] for e in feb] == ["py"]
    assert [e["id"] for e in memcurator.recall(USER, database_url=store_url)] == ["rs"]
    traced = memcurator.trace("py", database_url=store_url)
    assert traced is not None and [c["id"] for c in traced["superseded_by"]] == ["rs"]
    assert memcurator.trace("nothing", database_url=store_url) is None


def test_the_python_api_refuses_a_store_without_schema(tmp_path: object) -> None:
    with pytest.raises(StoreError, match="memcurator init"):
        memcurator.submit([candidate()], database_url=f"sqlite:///{tmp_path}/empty.db")
