"""A fact with no subject, none read from its words, is keyed by its wording (issue 10): the
same statement said again, whatever its case, spacing or closing stop, merges into one entry
(evidence +1) instead of piling up; other wordings and other scopes stay apart; the log names
how the key was made."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from memcurator.app.ingest import submit
from memcurator.keys import wording_key
from store.queries import iter_entries, iter_log
from tests.factories import candidate

ALICE = {"org_id": "acme", "user_id": "u_1"}
BOB = {"org_id": "acme", "user_id": "u_2"}


def said(cid: str, content: str, when: str, scope: dict[str, str] = ALICE) -> dict[str, Any]:
    return candidate(
        id=cid, scope=scope, content=content, created_at=when, valid_from=when,
        source={"kind": "user_message", "ref": f"turn_{cid}", "session_id": f"s_{cid}"},
    )


def facts(engine: Engine, scope: dict[str, str]) -> list[dict[str, Any]]:
    return [e for e in iter_entries(engine, scope) if e["type"] == "fact"]


def test_a_statement_said_again_merges_instead_of_piling_up(engine: Engine) -> None:
    submit([said("a", "Takes his coffee with oat milk", "2025-03-01T09:00:00Z")], engine=engine)
    submit([said("b", "takes his coffee  with oat milk.", "2025-03-05T09:00:00Z"),
            said("c", "Takes his coffee with oat milk", "2025-03-09T09:00:00Z")], engine=engine)
    [fact] = facts(engine, ALICE)
    assert fact["id"] == "a"
    assert fact["evidence"] == 3
    assert fact["subject_key"] == wording_key("Takes his coffee with oat milk")
    assert fact["last_confirmed_at"].startswith("2025-03-09")
    log = list(iter_log(engine, scope=ALICE))
    assert [row["action"] for row in log] == ["inserted", "merged", "merged"]
    assert all("from its own wording" in row["reason"] for row in log), log


def test_other_wordings_and_other_scopes_stay_apart(engine: Engine) -> None:
    submit([
        said("a", "Takes his coffee with oat milk", "2025-03-01T09:00:00Z"),
        said("b", "Takes his coffee without oat milk", "2025-03-02T09:00:00Z"),
        said("c", "Takes his coffee with oat milk", "2025-03-03T09:00:00Z", scope=BOB),
    ], engine=engine)
    assert sorted(f["id"] for f in facts(engine, ALICE)) == ["a", "b"]
    assert all(f["status"] == "active" and f["evidence"] == 1 for f in facts(engine, ALICE))
    [bobs] = facts(engine, BOB)
    assert bobs["id"] == "c" and bobs["evidence"] == 1


def test_a_late_copy_of_a_statement_arriving_first_gives_the_same_store(engine: Engine) -> None:
    # Order independence: the later-dated copy ingested first; the entry is the earliest.
    submit([said("b", "On call rotation changes on Mondays", "2025-03-05T09:00:00Z")],
           engine=engine)
    submit([said("a", "On call rotation changes on Mondays", "2025-03-01T09:00:00Z")],
           engine=engine)
    [fact] = facts(engine, ALICE)
    assert fact["evidence"] == 2
    assert fact["created_at"].startswith("2025-03-01")
