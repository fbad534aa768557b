"""What an attribute's name says, for ``memcurator.meaning``: whether it holds one value or
gathers several ("seat_preference" is single-valued, "allergies" gather), and which words and
initials of a statement only name the slot ("coffee" in "coffee_order", "pr" in "pr_size").
Read from the attribute's name alone, on normalised names.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from memcurator.wording import _stem, _words

__all__ = ["Cardinality", "cardinality"]

Cardinality = Literal["single", "set"]


@lru_cache(maxsize=1024)
def _attribute_words(attribute: str) -> frozenset[str]:
    parts = re.split(r"[^A-Za-z]+|(?<=[a-z])(?=[A-Z])", attribute)
    return frozenset(_stem(p.lower()) for p in parts if len(p) > 2)


@lru_cache(maxsize=1024)
def _attribute_initials(attribute: str) -> tuple[str, ...]:
    """Short parts of an attribute's name that may be initials ("pr" in "pr_size")."""
    return tuple(p.lower() for p in re.split(r"[^A-Za-z]+", attribute) if 2 <= len(p) <= 3)


# Attribute words that gather values; "preferred", "primary" ... make any attribute single again.
_SET_HEADS = _words(
    "allergy allergic intolerance restriction certification pet skill member "
    "hobby interest child children kid sibling award degree qualification "
    "reviewer maintainer owner own contact tag"
)
_SINGLE_MARKS = _words("preferred primary favourite main default current usual")


# Plural names of one setting or one count: "working_hours" is a range, "units" a system,
# "retention_days" a number (weekdays that gather, "gym_days", are read as one value too).
_ONE_SETTING = frozenset({
    "hours", "minutes", "seconds", "days", "weeks", "months", "years", "units", "settings",
    "terms", "approvals",
})  # fmt: skip


def _plural_head(words: list[str]) -> bool:
    """Whether the name's head noun is plural: its last word ("supported_browsers",
    "deploy_regions"), or the word before a participle ("tools_used", "linters_enabled")."""
    words = [w for w in words if w and not w.isupper()]  # "EACCES" is a code, not a plural
    if len(words) > 1 and words[-1].endswith(("ed", "en")):
        words = words[:-1]
    head = words[-1].lower() if words else ""
    return (
        len(head) > 3
        and head.endswith("s")
        and head not in _ONE_SETTING
        and not head.endswith(("ss", "us", "is", "os"))
    )


def cardinality(attribute: str | None) -> Cardinality:
    """'set' for attributes that gather values (allergies, intolerances, dietary restrictions,
    languages spoken, certifications, pets, skills, team members, any plural head noun such as
    supported browsers...), 'single' otherwise (seat preference, diet, timezone, employer,
    editor, working hours...), on normalised names ('food_allergies')."""
    words = re.split(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])", attribute or "")
    parts = {_stem(word.lower()) for word in words if word}
    if not parts:
        return "single"
    if _plural_head(words):
        return "set"
    if parts & _SINGLE_MARKS:
        return "single"
    if parts & _SET_HEADS or (_stem("language") in parts and parts & {"spoken", "speak"}):
        return "set"  # languages someone speaks gather; a programming language does not
    return "single"
