"""Whether a key's statements show its attribute gathering values (memcurator.gathering): a
value said again, or a third value, within one session and without a word of revision."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest

from memcurator.gathering import returning_value
from memcurator.resolve import Statement

START = datetime(2025, 3, 1, 9, tzinfo=UTC)


def said(*turns: tuple[str, str | None, str], start: datetime = START) -> list[Statement]:
    """Statements (session, value, content), a minute apart, in the order given."""
    return [
        Statement(f"c{i}", content, value, start + timedelta(minutes=i),
                  start + timedelta(minutes=i), "user_message", f"turn_{i}", session, 0.9,
                  "normal")
        for i, (session, value, content) in enumerate(turns)
    ]


def test_a_value_said_again_after_another_in_one_session_gathers() -> None:
    hit = returning_value(said(("s1", "knitting", "I knit."), ("s1", "pottery", "I do pottery."),
                               ("s1", "knitting", "Knits Fair Isle jumpers.")))
    assert hit is not None
    statement, reason = hit
    assert statement.memory_id == "c2"
    assert reason == "'knitting' said again after 'pottery' in session s1"


def test_a_third_value_in_one_session_gathers() -> None:
    hit = returning_value(said(("s1", "thai", "Thai is a favourite."),
                               ("s1", "georgian", "I really like Georgian food."),
                               ("s1", "ethiopian", "Ethiopian food is a favourite.")))
    assert hit is not None
    assert hit[1] == "'ethiopian' said after 'thai' and 'georgian' in session s1"


@pytest.mark.parametrize("content", [
    "Update: window seats again.",
    "Switched back to window seats.",
    "Correction: window.",
    "No longer books the aisle; window it is.",
])
def test_a_value_brought_back_by_a_revision_is_a_change_of_mind(content: str) -> None:
    assert returning_value(said(("s1", "window", "Always books a window seat."),
                                ("s1", "aisle", "Update: aisle seats now."),
                                ("s1", "window", content))) is None


def test_one_change_in_a_session_and_values_across_sessions_do_not_gather() -> None:
    """A single-valued preference changes between conversations, and back: no evidence."""
    turns = [("s1", "window", "Books a window seat."), ("s1", "aisle", "Prefers the aisle."),
             ("s2", "window", "Books a window seat."), ("s3", "aisle", "Prefers the aisle."),
             ("s4", "window", "Books a window seat."), ("s4", "window", "Window, always.")]
    assert returning_value(said(*turns)) is None


def test_one_value_spelled_two_ways_is_one_value() -> None:
    turns = [("s1", "window", "Books a window seat."), ("s1", "Window seat", "Window seat."),
             ("s1", "aisle", "Update: aisle."), ("s1", "window_seat", "Window seat, please.")]
    assert returning_value(said(*turns[:2], turns[1])) is None
    hit = returning_value(said(("s1", "window", "a"), ("s1", "aisle", "b"),
                               ("s1", "window seats", "c")))
    assert hit is not None and hit[0].memory_id == "c2"


def test_statements_without_a_value_take_no_part() -> None:
    assert returning_value(said(("s1", None, "I knit."), ("s1", "pottery", "I do pottery."),
                                ("s1", None, "I knit."))) is None


def test_the_verdict_does_not_depend_on_the_order_statements_are_given_in() -> None:
    turns = said(("s0", "pottery", "I do pottery."), ("s1", "knitting", "I knit."),
                 ("s1", "pottery", "I do pottery."), ("s2", "woodwork", "Woodwork."),
                 ("s1", "knitting", "I knit."), ("s2", "knitting", "I knit."))
    verdicts = {returning_value(list(order)) for order in itertools.permutations(turns)}
    assert len(verdicts) == 1
    (only,) = verdicts
    assert only is not None and only[0].memory_id == "c4"


def test_adding_a_statement_never_takes_the_evidence_away() -> None:
    """Why a key once read as gathering stays so: any statement added to a session that
    showed it, anywhere in time, leaves a value returning or a third value said."""
    base = [("s1", "knitting", "I knit."), ("s1", "pottery", "I do pottery."),
            ("s1", "knitting", "I knit.")]
    for at, value in itertools.product(range(4), ["knitting", "pottery", "woodwork"]):
        turns = [*base[:at], ("s1", value, f"I do {value}."), *base[at:]]
        assert returning_value(said(*turns)) is not None, (at, value)
