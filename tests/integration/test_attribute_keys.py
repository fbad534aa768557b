"""One attribute, one key (issue 10): an explicit subject's attribute, however it is spelled,
and the attribute a statement's words give land on one key; the log says how the name was read;
an entry stored under an older spelling of the key is still found."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, text

from memcurator.app.ingest import submit
from store.queries import iter_entries, iter_log
from tests.factories import candidate

SCOPE = {"org_id": "acme", "user_id": "u_7"}


def said(cid: str, content: str, when: str, **subject: str) -> dict[str, Any]:
    return candidate(
        id=cid, scope=SCOPE, content=content, created_at=when, valid_from=when,
        source={"kind": "user_message", "ref": f"turn_{cid}", "session_id": f"s_{cid}"},
        subject=({"entity": "u_7", **subject} if subject else None),
    )


def active_facts(engine: Engine) -> list[dict[str, Any]]:
    return [e for e in iter_entries(engine, SCOPE) if e["type"] == "fact"]


def test_one_preference_spelled_four_ways_is_one_entry(engine: Engine) -> None:
    submit([said("a", "Always books a window seat", "2025-03-01T09:00:00Z",
                 attribute="seat", value="window")], engine=engine)
    submit([said("b", "Prefers window seats", "2025-03-02T09:00:00Z")], engine=engine)
    submit([said("c", "Window seat please", "2025-03-03T09:00:00Z",
                 attribute="Preferred Seats", value="window")], engine=engine)
    submit([said("d", "Books a window seat", "2025-03-04T09:00:00Z",
                 attribute="seat_preference")], engine=engine)
    [fact] = active_facts(engine)
    assert fact["subject_key"] == "subject:u_7/seat_preference"
    reasons = [row["reason"] for row in iter_log(engine, scope=SCOPE)]
    assert any("`seat` read as `seat_preference`" in r for r in reasons), reasons
    assert any("`preferred_seats` read as `seat_preference`" in r for r in reasons), reasons
    assert not any("`seat_preference` read as" in r for r in reasons), reasons


def test_two_attributes_that_share_words_keep_two_keys(engine: Engine) -> None:
    # `language` with a spoken value is not the programming language; a preferred pet is one
    # pet while `pets` gathers several.
    submit([
        said("p", "Prefers Python", "2025-03-01T09:00:00Z", attribute="language", value="python"),
        said("f", "Answers in French", "2025-03-01T09:00:00Z", attribute="language",
             value="french"),
        said("q", "Favourite pet: a cat", "2025-03-01T09:00:00Z", attribute="preferred_pet",
             value="cat"),
        said("r", "Has a dog", "2025-03-01T09:00:00Z", attribute="pets", value="dog"),
    ], engine=engine)
    keys = sorted(e["subject_key"] for e in active_facts(engine))
    assert keys == [
        "subject:u_7/language", "subject:u_7/pet", "subject:u_7/preferred_pet",
        "subject:u_7/programming_language",
    ]


def test_an_entry_stored_under_an_older_spelling_is_still_found(engine: Engine) -> None:
    submit([said("old", "Always books a window seat", "2025-03-01T09:00:00Z",
                  attribute="seat", value="window")], engine=engine)
    # As a store written before attribute names were read canonically holds it.
    with engine.begin() as conn:
        conn.execute(text("UPDATE entries SET subject_key = 'subject:u_7/seat'"))
    submit([said("new", "Switched to aisle seats", "2025-03-05T09:00:00Z",
                  attribute="seat_preference", value="aisle")], engine=engine)
    submit([said("again", "Prefers aisle seats", "2025-03-06T09:00:00Z")], engine=engine)
    [current] = active_facts(engine)
    assert current["subject_key"] == "subject:u_7/seat_preference"
    assert "aisle" in current["content"].lower()
    stored = iter_entries(engine, SCOPE, status="all")
    old = [e for e in stored if e["subject_key"].endswith("/seat")]
    assert [e["status"] for e in old] == ["superseded"]
    assert old[0]["superseded_by"] == current["id"]
