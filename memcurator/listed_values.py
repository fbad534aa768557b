"""Explicit values compared as written, for ``memcurator.meaning``: a set's value that lists its
members ("aspirin+penicillin", "Acme, Globex and Initech") compared member by member, and a
single value written out further ("siemens" -> "siemens_healthineers"). Extractors that send
values write them this way; the statements' wording only adds whether a left-out member is
spoken of. Pure standard library, no I/O.
"""

from __future__ import annotations

import re
from typing import Literal

from memcurator.wording import _NEGATORS, _stem, _Text

__all__ = ["by_members", "written_out"]

Verdict = tuple[Literal["refinement", "contradiction"], str]

# How an extractor lists a set's members in one value: "aspirin+penicillin", "Acme, Globex and
# Initech", "a; b", "a | b" (a comma between digits is a thousands separator, not a list).
_MEMBER_SPLIT = re.compile(r"\s*(?:[+;|&]|,(?!\d)|\band\b)\s*", re.IGNORECASE)


def _members(value: str) -> frozenset[str]:
    """A set value's members, each folded for comparison ("White flour" is "white_flour")."""
    folded = (re.sub(r"[\s_\-]+", "_", part.casefold()).strip("_")
              for part in _MEMBER_SPLIT.split(value))
    return frozenset(part for part in folded if part)


def by_members(b: _Text, values: tuple[str, str]) -> Verdict | None:
    """A set's explicit values compared member by member, when either lists several. A new
    list that keeps some members and leaves others out is the set as it now stands ("Azure,
    GCP" -> "Azure, Kubernetes" or "Acme, Initech" after "Acme, Globex, Initech"): the old
    list no longer holds. A single member that the old list has is a removal of the others
    only when the statement speaks of one of them ("The Brompton got stolen", value "road
    bike"); otherwise it restates that member and the ordinary reading decides. None when
    the lists are equal, disjoint, or the new one only adds or writes a member out further."""
    old, new = _members(values[0]), _members(values[1])
    if (len(old) < 2 and len(new) < 2) or old == new or old.isdisjoint(new):
        return None
    shown = f"({values[0]} -> {values[1]})"
    came = sorted(new - old)
    if old < new:  # the old list, and more: whatever cue it comes with, nothing is dropped
        return "refinement", f"adds {', '.join(came)} to the list {shown}"
    # A member written out further is refined, not gone ("rugby" -> "rugby, fly-half").
    gone = sorted(m for m in old - new
                  if not any(_member_words(m) < _member_words(c) for c in came))
    if not gone:
        return None
    if len(new) >= 2:
        change = f"drops {', '.join(gone)}" + (f", adds {', '.join(came)}" if came else "")
        return "contradiction", f"a new list of members {shown}: {change}"
    # Spoken of: the member as one word, or every word of it the kept one does not share
    # ("salted nuts", not "salt" alone: "pretzels with coarse salt" speaks of no other member).
    kept = frozenset().union(*(_member_words(m) for m in new))
    spoken = b.said | b.values | b.denied | frozenset(b.seq)
    if hit := sorted(m for m in gone if m in spoken or (
            (own := _member_words(m) - kept) and own <= spoken)):
        return "contradiction", (f"keeps one member of {shown} and speaks of one it leaves out "
                                 f"({', '.join(hit)})")
    return None


def written_out(values: tuple[str, str]) -> str | None:
    """A value that is the old one written out further ("two_approvals" ->
    "two_approvals_dismiss_stale", "wed_1600" -> "wed_1600_45min"): every word of the old
    value, in order, at the start of the new one, with no negation among the words added."""
    old, new = (re.split(r"[\s_\-]+", v.casefold().strip()) for v in values)
    if len(new) <= len(old) or new[: len(old)] != old or not old[0]:
        return None
    if old[-1][-1:].isdigit() and new[len(old)].isdigit():
        return None  # a number that goes on ("us_8" -> "us_8_5" is 8.5): another number
    if not _NEGATORS.isdisjoint(_stem(w) for w in new[len(old):]):
        return None
    return f"the value written out further ({values[0]} -> {values[1]})"


def _member_words(member: str) -> frozenset[str]:
    """The stems of one member's words ("macos_x86_64" -> macos, x86, 64)."""
    return frozenset(w for part in member.split("_") if (w := _stem(part)) and len(w) > 1)
