"""One value, however it is spelled, for ``memcurator.wording``: a date format's order
("DD.MM.YYYY", "day-month-year", "ISO 8601"), a range of hours written with hyphens ("9-to-5")
or in words ("nine till five"), and words that are negation cues only as verbs ("left" in "my
left ear", "closed" in "closed-source"). General English as data; pure standard library.
"""

from __future__ import annotations

import re
from itertools import permutations

__all__ = ["DATE_ORDERS", "HOUR_WORDS", "ORDINAL_WORDS", "hour_span", "one_value", "part_of_day"]

# A date format's order, however spelled ("DD.MM.YYYY", "dd/mm/yyyy", "day-month-year",
# "ISO 8601"): one token naming the order, "dateorderdmy"; the separator is no part of it.
_DATE_FIELD = r"(?:[dD]{1,2}|[mM]{1,3}|[yY]{2,4})"
_DATE_WORD = r"(?:day|month|year)"
_DATE_ORDER = re.compile(
    rf"\b{_DATE_FIELD}(?:[-/.]{_DATE_FIELD}){{1,2}}\b|\b{_DATE_WORD}(?:[-/ ]{_DATE_WORD}){{2}}\b"
    r"|\bISO[- ]?8601\b", re.I)
_DATE_HINT = re.compile(r"[dDmMyY][-/.][dDmMyY]|\b(?:day|month|year)[-/ ](?:day|month|year)|"
                        r"8601")


def _date_order(match: re.Match[str]) -> str:
    """The order of a date format's fields as one token ("DD.MM.YYYY" is "dateorderdmy")."""
    if match[0].endswith("8601"):
        return "dateorderymd"
    fields = [f[0].lower() for f in re.split(r"[-/. ]", match[0])]
    return f"dateorder{''.join(fields)}" if len(set(fields)) == len(fields) else match[0]


# Words that are negation cues as verbs but not as adjectives: "left" is a side in "my left
# ear", "on the left", "left-handed"; "closed-source" is proprietary, not a thing closed.
_LEFT_SIDE = re.compile(
    r"\b(my |his |her |the |its |our |your |their |a )?left\b(?=(-| (?:side|hand|handed|ear|eye|"
    r"arm|leg|foot|knee|shoulder|wing|lane|column|panel|monitor|screen|corner|click)\b)?)", re.I)
_SOURCE = re.compile(r"\b(closed|open)[- ]source\b", re.I)


def _left_side(match: re.Match[str]) -> str:
    """"left" after a determiner or before a part or side of something is the side."""
    if match[1] is None and match[2] is None:
        return match[0]
    return f"{match[1] or ''}leftside"


def _source(match: re.Match[str]) -> str:
    return "proprietary" if match[1].lower() == "closed" else "opensource"


_HYPHEN_RANGE = re.compile(r"\b(\d{1,2}(?:[ap]m)?)-(?:to|till|til|until|through|thru)-(\d{1,2})\b",
                           re.I)
DATE_ORDERS = frozenset(f"dateorder{''.join(order)}" for n in (2, 3)
                        for order in permutations("dmy", n))


def one_value(text: str) -> str:
    """The text with each of these spellings read as one value."""
    if _DATE_HINT.search(text):  # "DD.MM.YYYY", "day-month-year": one value, its order
        text = _DATE_ORDER.sub(_date_order, text)
    if "left" in text or "source" in text:  # "my left ear", "closed-source"
        text = _SOURCE.sub(_source, _LEFT_SIDE.sub(_left_side, text))
    if "-" in text or "_" in text or "UK" in text:  # "pt-BR": Brazilian, not Pacific time
        text = _LOCALE.sub(_locale, text)
    if "switched" in text or "turned" in text:  # "the camera switched off": a state, not a change
        text = _SWITCHED.sub(r"\1", text)
    if "-" in text:  # "9-to-5" is the range "9 to 5", not 9 and a label "to-5"
        text = _HYPHEN_RANGE.sub(r"\1 to \2", text)
    if _NUMBER_HINT.search(text):  # "one hundred fifty", "twenty-five": one number
        text = _SPOKEN_NUMBER.sub(_spoken_number, text)
    if "ty-" in text or "ty " in text:  # "the twenty-first" is the 21st
        text = _COMPOUND_ORDINAL.sub(_compound_ordinal, text)
    if _LARGE_HINT.search(text):  # "80,000", "eighty thousand", "80k", "44 point 1": digits
        text = _SCALED.sub(_scaled, _POINT.sub(_point, _GROUPED.sub(_grouped, text)))
    if "ouble" in text or "riple" in text:  # "double-A" is AA, "triple-A" AAA
        text = _REPEATED_LETTER.sub(_repeated_letter, text)
    if "over" in text.lower():  # "over 500 USD" is a bound, not "instead of 500"
        text = _OVER_PLAIN.sub(r"\1", _OVER_NUMBER.sub("above ", text))
    return text


_REPEATED_LETTER = re.compile(r"\b(double|triple)[- ]([A-Z])\b", re.I)


def _repeated_letter(match: re.Match[str]) -> str:
    return match[2].upper() * (2 if match[1].lower() == "double" else 3)


_OVER_NUMBER = re.compile(r"\bover\s+(?=(?:(?:usd|eur|gbp|jpy|inr)\s+)?\d)", re.I)
# "over" as a particle or a plain preposition of time: "hands over on Wednesday", "took over
# the rota", "over lunch", "over the phone", "over the weekend". Only "X over Y" between two
# choices ("window over aisle", "Slack over email") rules Y out; these do not. Verbs only in
# forms that are no noun or name: "chat over calls", "Go over Rust", "left over right" are
# choices.
_OVER_PLAIN = re.compile(
    r"\b((?:hands|handed|handing|take|takes|took|taken|taking|goes|went|gone|going|looked|"
    r"looking|turned|turning|passed|passing|come|comes|came|coming|think|thinks|thought|"
    r"thinking|started|starting|signed|signing|carry|carries|carried|carrying|rolled|rolling|"
    r"held|holding|stayed|staying|slept|checked|checking|talked|talking|chatted|ran|running|"
    r"ticked|ticking|flipped|mull|mulls|mulled|fell|boiled)\s+)over\b"
    r"|\bover(?=\s+(?:(?:the\s+(?:(?:past|next|last)\s+)?)?(?:weekends?|summer|winter|holidays?|"
    r"years|months|weeks|night)|lunch|dinner|breakfast|brunch|the\s+(?:phone|radio))\b)",
    re.I)


# A number spelled in several words ("twenty-five", "forty five", "one hundred and fifty"):
# one number, as its digits would be. A single word ("five") is read as a word elsewhere.
_UNITS = {w: n for n, w in enumerate(
    ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"], start=1)}
_TEENS = {w: n for n, w in enumerate(
    ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
     "eighteen", "nineteen"], start=10)}
_TENS = {w: 10 * n for n, w in enumerate(
    ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], start=2)}
_UNIT = "|".join(_UNITS)
_BELOW_100 = rf"(?:(?:{'|'.join(_TENS)})(?:[- ](?:{_UNIT}))?|{'|'.join(_TEENS)}|{_UNIT})"
_SPOKEN_NUMBER = re.compile(
    rf"\b(?:(?P<hundreds>{_UNIT}|a) hundred(?:(?: and)? (?P<rest>{_BELOW_100}))?"
    rf"|(?P<tens>{'|'.join(_TENS)})[- ](?P<unit>{_UNIT}))\b", re.I)
_NUMBER_HINT = re.compile(r"hundred|ty[- ](?:one|two|three|four|five|six|seven|eight|nine)\b",
                          re.I)


# Ordinal words and their numbers: the one table (``measures.ordinal`` reads it too).
ORDINAL_WORDS = {w: n for n, w in enumerate([
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
    "eighteenth", "nineteenth", "twentieth"], start=1)} | {"thirtieth": 30}
# A compound ordinal in words ("twenty-first", "thirty first"): its number, as "21st" reads.
_ORDINAL_UNITS = {w: n for w, n in ORDINAL_WORDS.items() if n < 10}
_COMPOUND_ORDINAL = re.compile(
    rf"\b({'|'.join(_TENS)})[- ]({'|'.join(_ORDINAL_UNITS)})\b", re.I)


def _compound_ordinal(match: re.Match[str]) -> str:
    number = _TENS[match[1].lower()] + _ORDINAL_UNITS[match[2].lower()]
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


# Large and decimal numbers as their digits: "80,000" (not "1,234.56", a number format),
# "eighty thousand", "a hundred thousand" (once "a hundred" is 100), "80k", "2.5 million",
# "44 point 1" (once "forty-four" is 44).
_LARGE_HINT = re.compile(r"thousand|million|\bpoint\b|\d,\d{3}|\dk\b", re.I)
# Grouped digits are one number when they read as an amount: after a currency sign, or ending
# in a round group ("80,000", "12,750"); "101,102" is two room numbers.
_GROUPED = re.compile(r"(?<![\d.,])([$€£¥]?)(\d{1,3}(?:,\d{3})+)(?![.,]?\d)")
_ONE_WORD = {**_UNITS, **_TEENS, **_TENS, "a": 1, "an": 1}
_SCALES = {"thousand": 1000, "million": 1000000, "k": 1000}
_SCALED = re.compile(
    rf"\b(?P<n>\d+(?:\.\d+)?|{'|'.join(_ONE_WORD)})\s+(?P<scale>thousand|million)\b"
    r"|\b(?P<d>\d+(?:\.\d+)?)(?P<k>k)\b", re.I)
_DIGIT = rf"(?:\d|{_UNIT}|zero)"
_POINT = re.compile(rf"\b(\d+|{_UNIT}|zero) point ({_DIGIT}(?:[ -]{_DIGIT})*)\b", re.I)


def _grouped(match: re.Match[str]) -> str:
    if not match[1] and not match[2].endswith("0"):
        return match[0]
    return match[0].replace(",", "")


def _scaled(match: re.Match[str]) -> str:
    n = (match["n"] or match["d"]).lower()  # "80k": digits only ("AK" is no number)
    number = float(n) if n[0].isdigit() else _ONE_WORD[n]
    value = number * _SCALES[(match["scale"] or match["k"]).lower()]
    return str(int(value)) if value == int(value) else str(value)


def _point(match: re.Match[str]) -> str:
    digits = "".join(d if d.isdigit() else str(_UNITS.get(d.lower(), 0))
                     for d in re.split(r"[ -]", match[2]))
    whole = match[1] if match[1].isdigit() else str(_UNITS.get(match[1].lower(), 0))
    return f"{whole}.{digits}"


def _below_100(words: str) -> int:
    parts = re.split(r"[- ]", words.lower())
    return sum(_UNITS.get(p) or _TEENS.get(p) or _TENS.get(p, 0) for p in parts)


def _spoken_number(match: re.Match[str]) -> str:
    if match["tens"]:
        return str(_TENS[match["tens"].lower()] + _UNITS[match["unit"].lower()])
    hundreds = 1 if match["hundreds"].lower() == "a" else _UNITS[match["hundreds"].lower()]
    return str(100 * hundreds + (_below_100(match["rest"]) if match["rest"] else 0))


# A language's region ("pt-BR", "en_GB", "UK spelling"): the region's adjective, one word.
_REGIONS = {"BR": "Brazilian", "PT": "European", "GB": "British", "UK": "British",
            "US": "American", "CA": "Canadian", "AU": "Australian", "MX": "Mexican", "CH": "Swiss"}
_LOCALE = re.compile(rf"\b[a-z]{{2}}[-_]({'|'.join(_REGIONS)})\b|\b(UK)(?= spelling)")


def _locale(match: re.Match[str]) -> str:
    return _REGIONS[match[1] or match[2]]


_SWITCHED = re.compile(r"\b(?:switched|turned) (on|off)\b(?! (?:to|from)\b)", re.I)
_TO = frozenset(("to", "till", "til", "until", "through", "thru"))
_CLOCK_HOUR = re.compile(r"([01]?[0-9]|2[0-3])(?::[0-5][0-9])?")


def hour_span(seq: tuple[str, ...]) -> tuple[int, int] | None:
    """A statement's one range of hours among its stems ("9 to 5", "seven till three" once
    numbers, "07:00 15:00"), as its two ends on a twelve-hour dial; None without one, or with
    more than one."""
    spans: set[tuple[int, int]] = set()
    for i in range(len(seq) - 1):
        ends = (seq[i], seq[i + 2]) if seq[i + 1] in _TO and i + 2 < len(seq) else (
            (seq[i], seq[i + 1]) if ":" in seq[i] and ":" in seq[i + 1] else None)
        if ends and all(_CLOCK_HOUR.fullmatch(e) for e in ends):
            first, last = (int(e.partition(":")[0]) % 12 for e in ends)
            spans.add((first, last))
    return next(iter(spans)) if len(spans) == 1 else None


# An hour and the part of the day it falls in ("at seven in the morning", "by 10 at night"):
# the clock time ("at 7am"), read as one by the clock rule after it. Only after a preposition
# of time: "takes one in the morning" is a pill.
HOUR_WORDS = {**_UNITS, "ten": 10, "eleven": 11, "twelve": 12}  # the hours of a clock face
_PART_OF_DAY = re.compile(
    r"\b(at|by|from|until|till|before|after|around|about|to|and)\s+(\d{1,2}|"
    + "|".join(HOUR_WORDS) + r")(?::(\d\d))?(?:\s+o'?clock)?\s+"
    r"(?:in\s+the\s+(morning|afternoon|evening)|at\s+night)\b", re.I)


def part_of_day(text: str) -> str:
    """``text`` with each hour said with its part of the day as a clock time."""
    return _PART_OF_DAY.sub(_part_of_day, text)


def _part_of_day(match: re.Match[str]) -> str:
    word = match[2].lower()
    hour = HOUR_WORDS.get(word) or int(word)
    if not 1 <= hour <= 12:
        return match[0]
    part = (match[4] or "night").lower()
    pm = part in ("afternoon", "evening") or (part == "night" and 6 <= hour <= 11)
    return f"{match[1]} {hour}{':' + match[3] if match[3] else ''}{'pm' if pm else 'am'}"
