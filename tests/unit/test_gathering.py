"""Whether a key's statements show its attribute gathering values (memcurator.gathering): a
value said again, or a third value, within one session and without a word of revision."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcurator.gathering import returning_value
from memcurator.versions import Statement

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


def test_a_general_value_added_late_leaves_the_evidence_in_place() -> None:
    """"1 or 2 bags" is written like both "1 bag" and "2 bags": wherever it lands in the
    session, "2 bags" still comes back after "1 bag" (the reading does not hang on which value
    arrived first)."""
    base = [("s1", "2 bags", "Checks 2 bags."), ("s1", "1 bag", "Checks 1 bag."),
            ("s1", "2 bags", "Checks 2 bags.")]
    for at in range(4):
        turns = [*base[:at], ("s1", "1 or 2 bags", "Checks 1 or 2 bags."), *base[at:]]
        hit = returning_value(said(*turns))
        assert hit is not None and "'2 bags' said again after '1 bag'" in hit[1], at


@pytest.mark.parametrize("between", [
    ("s1", "aisle", "Doesn't want the aisle."),
    ("s1", "aisle", "Never books an aisle seat."),
])
def test_a_negated_value_between_two_is_not_a_value_held(between: tuple[str, str, str]) -> None:
    assert returning_value(said(("s1", "window", "Books a window seat."), between,
                                ("s1", "window", "Window seat, please."))) is None


def test_a_negation_that_governs_something_else_leaves_the_value_held() -> None:
    hit = returning_value(said(("s1", "ethiopian", "Enjoys Ethiopian cooking."),
                               ("s1", "georgian", "Don't forget this one too: Georgian food."),
                               ("s1", "thai", "I love Thai food.")))
    assert hit is not None and hit[0].memory_id == "c2"


def test_an_agent_inference_takes_no_part() -> None:
    turns = said(("s1", "window", "Books a window seat."), ("s1", "aisle", "Seems to like aisles."),
                 ("s1", "window", "Window seat, please."))
    guessed = [turns[0], replace(turns[1], kind="agent_inference"), turns[2]]
    assert returning_value(guessed) is None
    assert returning_value(turns) is not None


def test_a_session_id_kept_for_days_is_not_one_conversation() -> None:
    turns = said(("s1", "window", "Books a window seat."), ("s1", "aisle", "Prefers the aisle."),
                 ("s1", "window", "Window seat, please."))
    spread = [replace(s, valid_from=START + timedelta(days=2 * i)) for i, s in enumerate(turns)]
    assert returning_value(spread) is None
    close = [replace(s, valid_from=START + timedelta(hours=11 * i)) for i, s in enumerate(turns)]
    assert returning_value(close) is not None


def test_values_the_meaning_check_reads_alike_are_one_value() -> None:
    """Two spellings of one duration and a second value are two values, not three."""
    assert returning_value(said(("s1", "two weeks", "Notice: two weeks."),
                                ("s1", "14 days", "Notice period is 14 days."),
                                ("s1", "a month", "Update: a month."))) is None
    hit = returning_value(said(("s1", "two weeks", "Notice: two weeks."),
                               ("s1", "a month", "A month for seniors."),
                               ("s1", "14 days", "14 days for juniors.")))
    assert hit is not None and hit[1].startswith("'14 days' said again after 'a month'")


_VALUES = ["window", "window seat", "aisle", "window or aisle", "two weeks", "14 days"]
_SAID = ["Said so.", "Said so.", "Said so.", "Update: that now.", "Not that one."]
_TURN = st.tuples(st.sampled_from(["s1", "s2"]), st.sampled_from(_VALUES),
                  st.sampled_from(_SAID))


@settings(max_examples=600, deadline=None)
@given(st.lists(_TURN, min_size=1, max_size=7), _TURN, st.integers(0, 7),
       st.randoms(use_true_random=False))
def test_the_verdict_is_order_free_and_only_grows(
    turns: list, extra: tuple, at: int, rnd: Any
) -> None:
    """Shuffled, the statements give the same verdict; with one more, evidence never goes."""
    statements = said(*turns)
    verdict = returning_value(statements)
    shuffled = list(statements)
    rnd.shuffle(shuffled)
    assert returning_value(shuffled) == verdict
    more = said(*turns[:at], extra, *turns[at:])
    if verdict is not None:
        assert returning_value(more) is not None
