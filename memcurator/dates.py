"""Pass dates: parsed from strings (deployments pass dates as strings), checked, listed.

Pure (it reads the clock only for "yesterday"): shared by the CLI and the flows."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MAX_BACKFILL_DAYS = 3660


class BadDate(ValueError):
    """A pass date or range that cannot be used; the message names the problem."""


def parse_day(text: str, name: str = "date") -> date:
    try:
        return date.fromisoformat(text.strip())
    except (ValueError, AttributeError) as exc:
        raise BadDate(f"{name} {text!r} is not a date (use YYYY-MM-DD)") from exc


def pass_day(as_of: str | None, timezone: str) -> date:
    """``as_of`` if given, else yesterday in ``timezone`` (the day a 02:00 run closes)."""
    if as_of:
        return parse_day(as_of, "--as-of")
    try:
        zone = ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise BadDate(f"unknown time zone {timezone!r}") from exc
    return datetime.now(zone).date() - timedelta(days=1)


def day_range(start: str, end: str) -> list[date]:
    first, last = parse_day(start, "--start"), parse_day(end, "--end")
    if last < first:
        raise BadDate(f"--end {last} is before --start {first}")
    days = (last - first).days + 1
    if days > MAX_BACKFILL_DAYS:
        raise BadDate(f"{days} days is more than {MAX_BACKFILL_DAYS}: split the backfill")
    return [first + timedelta(days=i) for i in range(days)]
