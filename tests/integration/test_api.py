"""The Python API answers what the CLI answers, in-process."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import Engine

import memcurator
from store.engine import StoreError, make_engine, upgrade
from store.queries import iter_entries
from store.reading import as_of
from tests.factories import candidate, observation
from tests.passes import ingest, run_pass

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


ASOF_USER = {"org_id": "acme", "user_id": "u_asof"}


def asof_history(engine: Engine) -> None:
    """Observations of one user, and one nightly pass (for 2025-03-04) that expires one of
    them, promotes another to a fact and batches two more into a new topic."""
    user = ASOF_USER["user_id"]
    psql = {"tool": "psql"}
    ingest(
        engine,
        [
            observation(
                user,
                "s_1",
                "2025-02-01T09:00:00Z",
                id="o_old",
                content="docker build failed: no space left on device",
                tool="docker",
                symptom="disk",
            ),
            observation(
                user,
                "s_2",
                "2025-02-10T09:00:00Z",
                id="o_a",
                content="psql timed out connecting to replica-2",
                **psql,
            ),
            observation(
                user,
                "s_3",
                "2025-02-12T09:00:00Z",
                id="o_b",
                content="psql connection to replica-2 refused",
                symptom="refused",
                **psql,
            ),
            observation(
                user,
                "s_4",
                "2025-03-03T09:00:00Z",
                id="o_c",
                content="psql connection to replica-2 reset",
                symptom="reset",
                **psql,
            ),
            *(
                observation(
                    user,
                    f"s_p{i}",
                    f"2025-03-0{i}T08:00:00Z",
                    id=f"o_p{i}",
                    content="npm install hangs behind the proxy",
                    tool="npm",
                    symptom="hang",
                )
                for i in (1, 2, 3)
            ),
        ],
    )
    run_pass(engine, date(2025, 3, 4))


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def test_as_of_answers_what_an_agent_would_have_read_then(engine: Engine) -> None:
    asof_history(engine)
    now = {e["id"]: e for e in iter_entries(engine, status="all")}
    topic = next(e for e in now.values() if (e["subject_key"] or "").startswith("topic:"))
    fact = next(e for e in now.values() if e["type"] == "fact")
    # Today: o_old expired on 2025-03-03, the topic dates from its first member (Feb 12).
    assert now["o_old"]["status"] == "expired" and topic["valid_since"] < "2025-02-15"

    feb = {e["id"]: e for e in as_of(engine, ASOF_USER, at("2025-02-15T00:00:00+00:00"))}
    assert set(feb) == {"o_old", "o_a", "o_b"}  # no topic: the 2025-03-04 pass made it
    assert {e["status"] for e in feb.values()} == {"active"}
    assert feb["o_old"]["valid_to"] is None  # its expiry was not known yet

    # The evening of 2025-03-04, before that night's pass: o_old past its expiry moment but
    # not yet expired, the npm observation qualified but not yet promoted.
    evening = {e["id"]: e for e in as_of(engine, ASOF_USER, at("2025-03-04T20:00:00+00:00"))}
    assert "o_old" in evening and topic["id"] not in evening and fact["id"] not in evening
    assert evening["o_p1"]["status"] == "active"
    assert {e["status"] for e in evening.values()} == {"active"}

    # The morning after the pass: what the pass wrote, and nothing it closed.
    after = {e["id"] for e in as_of(engine, ASOF_USER, at("2025-03-05T08:00:00+00:00"))}
    assert {topic["id"], fact["id"]} <= after and not {"o_old", "o_p1"} & after
