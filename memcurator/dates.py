"""Pass dates: parsed from strings or dates (deployments pass dates as strings), checked,
listed.

Messages name the value by its parameter's name (``as_of``, ``start``, ``end``), not by a
command-line flag: the same message reaches a deployment run's log and the CLI. A caller may
name the values its own way (``name=``/``names=``). Pure (it reads the clock only for
"yesterday"): shared by the CLI and the flows."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MAX_BACKFILL_DAYS = 3660
# The dates a pass may run for. A pass adds a day to its date and reaches back up to its expiry
# period (at most a century, ``Settings.expire_after_days``) from it, which past these bounds
# leaves the calendar Python and the store can hold (years 1-9999): a clear refusal, not an
# OverflowError in every partition.
FIRST_DAY = date(1900, 1, 1)
LAST_DAY = date(9000, 12, 31)


class BadDate(ValueError):
    """A pass date or range that cannot be used; the message names the problem."""


def parse_day(text: str | date, name: str = "date") -> date:
    """``text`` as a date (``YYYY-MM-DD``); a ``date`` is returned as it is."""
    if isinstance(text, date) and not isinstance(text, datetime):
        day = text
    else:
        try:
            day = date.fromisoformat(text.strip())  # type: ignore[union-attr]
        except (ValueError, AttributeError) as exc:
            raise BadDate(f"{name} {str(text)!r} is not a date (use YYYY-MM-DD)") from exc
    if not FIRST_DAY <= day <= LAST_DAY:
        raise BadDate(
            f"{name} {day} is outside the dates a pass runs for ({FIRST_DAY} to {LAST_DAY})"
        )
    return day


def pass_day(as_of: str | date | None, timezone: str, name: str = "as_of") -> date:
    """``as_of`` if given, else yesterday in ``timezone`` (the day a 02:00 run closes)."""
    if as_of:
        return parse_day(as_of, name)
    try:
        zone = ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise BadDate(f"unknown time zone {timezone!r}") from exc
    return datetime.now(zone).date() - timedelta(days=1)


def day_range(
    start: str | date, end: str | date, names: tuple[str, str] = ("start", "end")
) -> list[date]:
    """Every date from ``start`` to ``end``, both included, in order."""
    first, last = parse_day(start, names[0]), parse_day(end, names[1])
    if last < first:
        raise BadDate(f"{names[1]} {last} is before {names[0]} {first}")
    days = (last - first).days + 1
    if days > MAX_BACKFILL_DAYS:
        raise BadDate(f"{days} days is more than {MAX_BACKFILL_DAYS}: split the backfill")
    return [first + timedelta(days=i) for i in range(days)]
