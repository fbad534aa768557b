"""Durations, ordinals and abbreviations read as one value (``memcurator.measures``)."""

from __future__ import annotations

import pytest

from memcurator.measures import durations, ordinal
from memcurator.wording import _analyse


@pytest.mark.parametrize(
    ("stems", "expected"),
    [
        (["2", "week"], ["14d"]),
        (["14", "day", "sprint"], ["14d", "sprint"]),
        (["a", "fortnight"], ["14d"]),
        (["every", "fortnight"], ["14d"]),  # a rate is its period
        (["weekly"], ["7d"]),
        (["onc", "a", "week"], ["7d"]),
        (["per", "week"], ["7d"]),
        (["every", "month"], ["1mo"]),
        (["every", "3", "month"], ["3mo"]),
        (["quarterly"], ["3mo"]),
        (["twic", "a", "day"], ["2x1d"]),
        (["3", "tim", "per", "week"], ["3x7d"]),
        (["every", "14d"], ["14d"]),  # "fortnightly" as the phrase table writes it
        (["each", "second"], ["each", "second"]),  # not a rate of seconds
        (["the", "week", "after"], ["the", "week", "after"]),
        (["a", "quarter", "of", "an", "hour"], ["a", "15min"]),
        (["half", "an", "hour"], ["30min"]),
        (["90", "minut"], ["90min"]),
        (["3", "hour"], ["180min"]),
        (["an", "hour"], ["60min"]),
        (["the", "day", "after"], ["the", "day", "after"]),  # no count: not a duration
        (["half", "the", "team"], ["half", "the", "team"]),
        (["a", "second", "review"], ["a", "second", "review"]),  # the other one, not 1 s
        (["30", "second"], ["30s"]),
        (["a", "quarter", "hour"], ["a", "15min"]),  # "a quarter-hour"
        (["1", "month"], ["1mo"]),
        (["30", "day"], ["1mo"]),  # days that make whole months are months
        (["90", "day"], ["3mo"]),
        (["a", "year"], ["12mo"]),
        (["365", "day"], ["12mo"]),
        (["12", "month"], ["12mo"]),
        (["28", "day"], ["28d"]),
        (["31", "day"], ["31d"]),  # 30 and 31 days are two retention periods
        (["366", "day"], ["366d"]),
        (["62", "day"], ["62d"]),
        (["the", "month", "of", "may"], ["the", "month", "of", "may"]),  # no count
    ],
)
def test_a_duration_is_one_stem_in_its_base_unit(stems: list[str], expected: list[str]) -> None:
    assert durations(stems) == expected


def test_ordinals_are_their_number() -> None:
    assert [ordinal(t) for t in ("1st", "22nd", "3rd", "4th", "4", "fourth", "fifteenth")] == [
        "1", "22", "3", "4", None, "4", "15"]
    # "first" and "second" have other senses: "first-class", "a second reviewer"
    assert [ordinal(t) for t in ("first", "second")] == [None, None]


@pytest.mark.parametrize(("a", "b"), [
    ("Rent is due on the fifteenth", "Rent is due on the 15th"),
    ("Payday is the twenty-first", "Payday is the 21st"),
    ("Desk on the third floor", "Desk on the 3rd floor"),
])
def test_an_ordinal_in_words_is_its_number(a: str, b: str) -> None:
    assert _analyse(a).values == _analyse(b).values


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Sprints are two weeks", "14-day sprints"),
        ("Freeze starts Dec 20", "Freeze starts December 20"),
        ("Desk on the 4th floor", "Desk on floor 4"),
        ("Standup Tue", "Standup Tuesday"),
    ],
)
def test_two_spellings_read_as_the_same_values(a: str, b: str) -> None:
    assert _analyse(a).values == _analyse(b).values


def test_words_that_are_also_abbreviations_are_left_alone() -> None:
    values = _analyse("Reads in the sun on a Sat in March").values
    assert {"sun", "sat", "march"} <= values
    assert not {"sunday", "saturday"} & values
