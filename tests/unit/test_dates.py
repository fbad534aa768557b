"""Pass dates: the messages name the parameter (as a deployment run's form does), never a
command-line flag, and the CLI may still name its own flags."""

from __future__ import annotations

from datetime import date

import pytest

from memcurator.dates import BadDate, day_range, parse_day, pass_day


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (
            lambda: pass_day("2025-02-30", "UTC"),
            "as_of '2025-02-30' is not a date (use YYYY-MM-DD)",
        ),
        (lambda: day_range("yesterday", "2025-03-01"), "start 'yesterday' is not a date"),
        (lambda: day_range("2025-03-01", "03/04/2025"), "end '03/04/2025' is not a date"),
        (
            lambda: day_range("2025-03-05", "2025-03-01"),
            "end 2025-03-01 is before start 2025-03-05",
        ),
    ],
)
def test_date_messages_name_the_parameter_not_a_flag(call: object, expected: str) -> None:
    with pytest.raises(BadDate) as caught:
        call()  # type: ignore[operator]
    message = str(caught.value)
    assert expected in message
    assert "--" not in message and "\n" not in message


def test_a_caller_may_name_the_values_its_own_way() -> None:
    with pytest.raises(BadDate, match=r"^--end 2025-03-01 is before --start 2025-03-05$"):
        day_range("2025-03-05", "2025-03-01", names=("--start", "--end"))
    with pytest.raises(BadDate, match=r"^--as-of 'x' is not a date"):
        pass_day("x", "UTC", name="--as-of")


def test_dates_may_come_as_dates_or_strings() -> None:
    assert parse_day(date(2025, 1, 2)) == date(2025, 1, 2)
    assert day_range(date(2025, 1, 30), "2025-02-01") == [
        date(2025, 1, 30),
        date(2025, 1, 31),
        date(2025, 2, 1),
    ]
    assert pass_day(date(2025, 1, 2), "Europe/Berlin") == date(2025, 1, 2)
