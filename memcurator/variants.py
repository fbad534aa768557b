"""Two spellings of one word, for ``meaning.relate``: a variant ("deploy" / "deployment"), a
short form ("Mongo" / "MongoDB", "NYC" / "New York City"), a compound written apart ("on-call" /
"oncall"), a slip of the keyboard ("widnow"), and a range of hours written bare or on the clock
("9 to 5" / "9:00-17:00"). Pure standard library, no I/O.
"""

from __future__ import annotations

import re
from itertools import pairwise

from memcurator.wording import _FAMILY, _Text

_HOUR = re.compile(r"[1-9]|1[0-2]")
_ON_THE_HOUR = re.compile(r"[0-2][0-9]:00")


def _hours_as_clock(x: _Text, y: _Text, xs: frozenset[str], ys: frozenset[str]) -> set[str]:
    """A range of hours written bare on one side and on the clock on the other ("9 to 5" /
    "9:00-17:00", "7 to 3" / "07:00-15:00"): both ends, in order, name the same hours (the
    clock's either way of the day). The stems so met."""
    ends = _hour_ranges(x, y, xs, ys)
    if ends and all(int(u[:2]) in (int(t), int(t) + 12) for t, u in zip(*ends, strict=True)):
        return {*ends[0], *ends[1]}
    return set()


def _hour_ranges(
    x: _Text, y: _Text, xs: frozenset[str], ys: frozenset[str]
) -> tuple[list[str], list[str]] | None:
    """The bare hours of ``x`` and the clock times of ``y`` among ``xs`` / ``ys``, in order,
    when both are a range (two ends at least) of the same length."""
    bare = [t for t in x.seq if t in xs and _HOUR.fullmatch(t)]
    clock = [u for u in y.seq if u in ys and _ON_THE_HOUR.fullmatch(u)]
    return (bare, clock) if len(bare) >= 2 and len(bare) == len(clock) else None


def _joined(t: str, seq: tuple[str, ...]) -> tuple[str, ...]:
    """The two neighbouring words of ``seq`` that, joined, are ``t``: a compound written apart
    or hyphenated ("on-call" / "oncall", "git-flow" / "GitFlow", "py.test" / "pytest")."""
    if len(t) < 5 or not t.isalpha():
        return ()
    for x, y in pairwise(seq):
        if len(x) + len(y) == len(t) and x + y == t and len(x) > 1 and len(y) > 1:
            return x, y
    return ()


def _same_word(t: str, u: str) -> bool:
    """Two stems for one word: a variant, a short form or a one-letter slip. Rigid values never
    meet another ("java"/"javascript", "10"/"100"): no two listed values, no numbers."""
    if not (t + u).isalpha() or (t in _FAMILY and u in _FAMILY) or t[0] != u[0]:
        return False
    short, long_ = sorted((t, u), key=len)
    if long_ == short + "ly":  # "week"/"weekly": a count and a frequency
        return False
    if len(short) >= 4 and long_.startswith(short[:5]) and not (t in _FAMILY or u in _FAMILY):
        return True
    if len(short) >= 3 and long_.startswith(short) and (short in _FAMILY or long_ in _FAMILY
                                                         or len(short) >= 5):
        return True
    return len(short) >= 5 and len(long_) - len(short) <= 1 and _one_slip(short, long_)


def _one_slip(x: str, y: str) -> bool:
    """One letter dropped, two neighbours swapped, or in a long word (7 letters or more) one
    letter replaced by a vowel for a vowel ("vegitarian", "pescetarian"): a slip, not a word."""
    if len(x) != len(y):
        return any(y[:i] + y[i + 1:] == x for i in range(len(y)))
    diff = [i for i in range(len(x)) if x[i] != y[i]]
    if len(diff) == 1 and len(x) >= 7:
        return x[diff[0]] in "aeiou" and y[diff[0]] in "aeiou"
    return len(diff) == 2 and diff[1] == diff[0] + 1 and x[diff[0]] == y[diff[1]] and (
        x[diff[1]] == y[diff[0]])


def _initials(t: str, seq: tuple[str, ...]) -> tuple[str, ...]:
    """The words of ``seq`` whose initials spell ``t`` ("nyc": new york city), if any."""
    if not 2 <= len(t) <= 4 or not t.isalpha():
        return ()
    for i in range(len(seq) - len(t) + 1):
        words = seq[i : i + len(t)]
        if "".join(w[0] for w in words) == t and all(w.isalpha() and len(w) > 1 for w in words):
            return words
    return ()
