"""Attributes whose values are absences (allergies, intolerances, dietary restrictions, a diet),
for ``meaning.relate``: under them "no gluten", "without nuts", "gluten-free", "doesn't eat
shrimp" state the value; they do not negate the statement. Pure standard library, no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcurator.wording import (
    _CONTRACTIONS,
    _FREE_OF,
    _FREE_OF_X,
    _SALIENT,
    _free_of,
    _stem,
    _words,
)

# Attributes whose values are absences (allergies, intolerances, dietary restrictions, a diet):
# under them "no gluten", "without nuts", "gluten-free", "doesn't eat shrimp" state the value;
# they do not negate the statement. A negation of the attribute itself ("not allergic", "no
# longer", "no known allergies") or of a listed value ("not vegetarian") still negates.
_ABSENCE_HEADS = _words(
    "allergy allergies allergic allergen intolerance intolerant restriction restrictions diet "
    "dietary avoid avoids avoidance aversion aversions exclusion exclusions")
_ABSENT = re.compile(r"\b(?:no|not|never|without|zero)\s+(?:any\s+|other\s+)?(?=([A-Za-z]+))",
                     re.I)
_KEEPS_NEGATION = _words("longer more anymore allergic allergy allergies allergen intolerant "
                         "intolerance sensitive restriction restrictions dietary diet known issue "
                         "issues problem problems eat eating drink drinking tolerate a an the "
                         "really sure at all")


@lru_cache(maxsize=1024)
def _absence_attribute(attribute: str) -> bool:
    """Whether an attribute's values are absences ("allergies", "dietary_restrictions", "diet")."""
    return not _ABSENCE_HEADS.isdisjoint(
        _stem(w.lower()) for w in re.split(r"[^A-Za-z]+|(?<=[a-z])(?=[A-Z])", attribute) if w)


def _absence_wording(text: str) -> str:
    """A statement under an absence attribute, its absences read as the value: "no gluten" and
    "gluten-free" as "avoid gluten", a negation of the attribute or of a listed value kept."""
    if "'" in text or "\u2019" in text:
        for short, full in _CONTRACTIONS:
            text = text.replace(short, full)
    if "free" in text:
        text = _FREE_OF.sub(_free_of, _FREE_OF_X.sub("no ", text))

    def avoid(match: re.Match[str]) -> str:
        word = _stem(match[1])
        if word in _KEEPS_NEGATION or word in _SALIENT:
            return match[0]
        # "doesn't have a shellfish allergy" negates the attribute: the negation stays.
        after = re.split(r"[,;.:!?]", text[match.end():], maxsplit=1)[0].split()[:4]
        return match[0] if _ABSENCE_HEADS.intersection(map(_stem, after)) else "avoid "

    return _ABSENT.sub(avoid, text)
