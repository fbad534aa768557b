"""Rule 5's known answers on both stores, whatever the arrival order: a tie on valid_from goes
to the stronger source, an inference never supersedes a user statement or a tool result, and
changes of mind give a known history (an oracle beside test_order_independence.py, whose
property compares arrival orders only with each other)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from sqlalchemy import Engine

from memcurator.app.ingest import submit
from store.queries import iter_entries
from tests.factories import candidate

SCOPE = {"org_id": "acme", "user_id": "u_1"}
MARCH_1 = "2025-03-01T09:00:00Z"


def statement(
    cid: str, kind: str, value: str, when: str, *, memory_type: str = "fact"
) -> dict[str, Any]:
    """A statement of the seat preference (a summary of task T-1 when ``memory_type`` says so)."""
    extra = {"task_id": "T-1"} if memory_type == "summary" else {}
    return candidate(
        id=cid,
        type=memory_type,
        scope=SCOPE,
        content=f"Prefers {value} seats",
        source={"kind": kind, "ref": f"turn_{cid}", "session_id": f"s_{cid}"},
        created_at=when,
        valid_from=when,
        subject={"entity": "u_1", "attribute": "seat_preference", "value": value},
        **extra,
    )


def states(engine: Engine) -> dict[str, tuple[str, str | None, str | None]]:
    return {
        e["id"]: (e["status"], e["superseded_by"], e["valid_to"])
        for e in iter_entries(engine, status="all")
    }


def ingest(engine: Engine, batches: list[list[dict[str, Any]]]) -> None:
    for batch in batches:
        submit(batch, engine=engine)


@pytest.mark.parametrize("arrival", ["one batch", "stronger first", "weaker first"])
@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [("user_message", "document"), ("tool_result", "system"), ("document", "agent_inference")],
)
def test_a_tie_on_valid_from_goes_to_the_stronger_source(
    engine: Engine, stronger: str, weaker: str, arrival: str
) -> None:
    strong = statement("strong", stronger, "aisle", MARCH_1, memory_type="summary")
    weak = statement("weak", weaker, "window", MARCH_1, memory_type="summary")
    batches = {
        "one batch": [[weak, strong]],
        "stronger first": [[strong], [weak]],
        "weaker first": [[weak], [strong]],
    }[arrival]
    ingest(engine, batches)
    assert states(engine) == {
        "strong": ("active", None, None),
        "weak": ("superseded", "strong", "2025-03-01T09:00:00Z"),
    }


@pytest.mark.parametrize("arrival", ["one batch", "inference first", "inference last"])
@pytest.mark.parametrize("protected", ["user_message", "tool_result"])
def test_a_later_inference_never_supersedes_a_user_statement_or_a_tool_result(
    engine: Engine, protected: str, arrival: str
) -> None:
    said = statement("said", protected, "aisle", MARCH_1, memory_type="summary")
    guess = statement("guess", "agent_inference", "window", "2025-03-05T09:00:00Z",
                      memory_type="summary")
    batches = {
        "one batch": [[guess, said]],
        "inference first": [[guess], [said]],
        "inference last": [[said], [guess]],
    }[arrival]
    ingest(engine, batches)
    # The guess is stored, already superseded by what was said (a zero-length validity).
    assert states(engine) == {
        "said": ("active", None, None),
        "guess": ("superseded", "said", "2025-03-05T09:00:00Z"),
    }


def test_a_later_user_statement_does_supersede_an_inference(engine: Engine) -> None:
    guess = statement("guess", "agent_inference", "window", MARCH_1, memory_type="summary")
    said = statement("said", "user_message", "aisle", "2025-03-05T09:00:00Z",
                     memory_type="summary")
    ingest(engine, [[guess], [said]])
    assert states(engine) == {
        "guess": ("superseded", "said", "2025-03-05T09:00:00Z"),
        "said": ("active", None, None),
    }


def test_a_tie_between_facts_goes_to_the_user_over_a_document(engine: Engine) -> None:
    ingest(engine, [[statement("usr", "user_message", "aisle", MARCH_1)],
                    [statement("doc", "document", "window", MARCH_1)]])
    assert states(engine)["usr"] == ("active", None, None)
    assert states(engine)["doc"][:2] == ("superseded", "usr")


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_three_changes_of_mind_give_the_known_history_in_any_arrival_order(
    engine: Engine, order: tuple[int, ...]
) -> None:
    said = [
        statement("jan", "user_message", "window", "2025-01-10T09:00:00Z"),
        statement("mar", "user_message", "aisle", "2025-03-10T09:00:00Z"),
        statement("jun", "user_message", "window", "2025-06-10T09:00:00Z"),
    ]
    ingest(engine, [[said[i]] for i in order])
    assert states(engine) == {
        "jan": ("superseded", "mar", "2025-03-10T09:00:00Z"),
        "mar": ("superseded", "jun", "2025-06-10T09:00:00Z"),
        "jun": ("active", None, None),
    }
