"""Quantities written more than one way, for reading statements (``memcurator.wording``).

A duration is one value however it is spelled: "two weeks", "14-day", "14 days" and "a
fortnight" are all ``14d``; "one week" and "seven days" are ``7d``; "a quarter of an hour" and
"15 minutes" are ``15min``; "30 days", "a month" and "one month" are ``1mo``, "a year",
"12 months" and "365 days" ``12mo``. A rate is its period: "weekly", "once a week", "per week"
and "every week" all hold ``7d``; "twice a day" is ``2x1d``. An ordinal is its number ("4th
floor" / "floor four"). A month or weekday abbreviation is the name ("Dec" / "December", "Thu" /
"Thursday"); the ones that are also English words ("may", "sat", "sun", "wed", "mar") are left
alone. Stems in, stems out; pure standard library.
"""

from __future__ import annotations

import re

from memcurator.spellings import ORDINAL_WORDS

__all__ = ["ABBREVIATIONS", "durations", "ordinal"]

# Abbreviation -> the full word, as the stemmer would leave it ("thursday", "december").
ABBREVIATIONS = dict(re.findall(r"(\w+):(\w+)", (
    "jan:january feb:february apr:april jun:june jul:july aug:august sep:september "
    "sept:september oct:october nov:november dec:december mon:monday tue:tuesday "
    "tues:tuesday thu:thursday thur:thursday thurs:thursday fri:friday")))

# A unit -> (the unit it is counted in, how many of those it is).
_UNITS = {
    "second": ("s", 1), "sec": ("s", 1), "minut": ("min", 1), "min": ("min", 1),
    "hour": ("min", 60), "hr": ("min", 60), "day": ("d", 1), "week": ("d", 7),
    "wk": ("d", 7), "fortnight": ("d", 14), "month": ("mo", 1), "year": ("mo", 12),
}
# Days that make whole months, as retention periods and notice periods are written ("30 days"
# is "one month", "90 days" three, "365 days" a year): read in months.
_MONTHS = {30: 1, 60: 2, 90: 3, 180: 6, 365: 12, 730: 24}
# "a"/"an" count one of a unit, but not of seconds: "a second reviewer" is the other one.
_ONE = frozenset({"a", "an", "1"})
_PARTS = {"quarter": "15min", "half": "30min"}  # "a quarter of an hour", "half an hour"
# A rate is its period: "weekly", "once a week", "per week" and "every week" all say ``7d``,
# "twice a day" ``2x1d``, "3 times a month" ``3x1mo``.
_RATES = {"hourly": "60min", "daily": "1d", "weekly": "7d", "monthly": "1mo",
          "quarterly": "3mo", "yearly": "12mo", "annually": "12mo"}
_EACH = frozenset({"per", "every", "each"})  # "per week": one of the unit, as "a week" is
_TIMES = {"onc": 1, "twic": 2, "thric": 3}  # stems of "once", "twice", "thrice"
_PERIOD = re.compile(r"\d+(?:min|d|mo)")  # a period already read ("every 14d")


def _hour_after(stems: list[str], at: int) -> int:
    """How many stems after a "quarter"/"half" spell "(of) an hour", or 0."""
    for words in (["of", "an", "hour"], ["an", "hour"], ["hour"]):  # "a quarter-hour"
        if stems[at : at + len(words)] == words:
            return len(words)
    return 0
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
# Ordinal words from "third" on ("the fifteenth" / "the 15th"); "first" and "second" have too
# many other senses ("first-class", "a second reviewer", "second factor") to be numbers.
_ORDINAL_WORDS = {w: str(n) for w, n in ORDINAL_WORDS.items() if n >= 3}


def ordinal(token: str) -> str | None:
    """The number an ordinal token names ("4th" -> "4", "fifteenth" -> "15"), or None."""
    match = _ORDINAL.match(token)
    return match[1] if match else _ORDINAL_WORDS.get(token)


def durations(stems: list[str]) -> list[str]:
    """``stems`` with each "<count> <unit>" (and "a quarter of an hour", "half an hour", "a
    fortnight") replaced by one stem, the duration in its base unit ("14d", "15min")."""
    out: list[str] = []
    i = 0
    while i < len(stems):
        stem = stems[i]
        if stem in _PARTS and (span := _hour_after(stems, i + 1)):
            out.append(_PARTS[stem])
            i += 1 + span
            continue
        unit = _UNITS.get(stems[i + 1]) if i + 1 < len(stems) else None
        if unit and (stem.isdigit() or (stem in _ONE and unit[0] != "s")):
            count = (1 if stem in _ONE else int(stem)) * unit[1]
            period = _period(unit[0], count)
            out.append(_rate(out, period) if stem in _ONE or (out and out[-1] in _EACH)
                       else period)
            i += 2
            continue
        if stem == "fortnight" or (_PERIOD.fullmatch(stem) and out and out[-1] in _EACH):
            out.append(_rate(out, "14d" if stem == "fortnight" else stem))
        elif stem in _RATES:
            out.append(_rate(out, _RATES[stem]))
        elif (unit := _UNITS.get(stem)) and unit[0] != "s" and out and out[-1] in _EACH:
            out.append(_rate(out, _period(*unit)))  # "every week"; never "a second"
        else:
            out.append(stem)
        i += 1
    return out


def _period(base: str, count: int) -> str:
    """``count`` of a base unit as one stem ("14d"; days that make whole months, months)."""
    return f"{_MONTHS[count]}mo" if base == "d" and count in _MONTHS else f"{count}{base}"


def _rate(out: list[str], period: str) -> str:
    """A period said as a rate, taking from ``out`` the words before it that say how often:
    "every"/"per"/"each" and "once" go ("7d"), "twice" or "3 times" count ("2x1d")."""
    if out and out[-1] in _EACH:
        out.pop()
    times = _TIMES.get(out[-1]) if out else None
    if times is None and len(out) > 1 and out[-1] == "tim" and out[-2].isdigit():
        times = int(out[-2])
        out.pop()
    if times is not None:
        out.pop()
    return period if times in (None, 1) else f"{times}x{period}"
