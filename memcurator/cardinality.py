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
_SET_HEADS = _words("allergy allergic intolerance restriction certification pet skill member "
                    "hobby interest child children kid sibling award degree qualification "
                    "reviewer maintainer owner own contact tag")
_SINGLE_MARKS = _words("preferred primary favourite main default current usual")


def cardinality(attribute: str | None) -> Cardinality:
    """'set' for attributes that gather values (allergies, intolerances, dietary restrictions,
    languages spoken, certifications, pets, skills, team members...), 'single' otherwise (seat
    preference, diet, timezone, employer, editor...), on normalised names ('food_allergies')."""
    words = re.split(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])", attribute or "")
    parts = {_stem(word.lower()) for word in words if word}
    if parts & _SINGLE_MARKS or not parts:
        return "single"
    if parts & _SET_HEADS or (_stem("language") in parts and parts & {"spoken", "speak"}):
        return "set"  # languages someone speaks gather; a programming language does not
    return "single"
