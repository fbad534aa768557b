"""What an attribute's name says, for ``memcurator.meaning``: whether it holds one value or
gathers several ("seat_preference" is single-valued, "allergies" gather), and which words and
initials of a statement only name the slot ("coffee" in "coffee_order", "pr" in "pr_size").
Read from the attribute's name alone, on normalised names, as the extractor wrote it.

The rule, in the order it is applied:

1. A mark of one value makes any name single: "preferred", "primary", "main", "current"...
   ("preferred_pets" is one pet), and so does a mark of a count or bound ("number_of_pets",
   "max_retries", "pet_count": one number).
2. A name whose head noun is a plural count noun gathers values: "mentees", "pets",
   "supported_browsers", "languages_spoken" (the head is the last word, or the word before a
   participle: "tools_used"). English tells which plurals are no count of things:
   - a plural that names one setting or one measure: "hours" ("working_hours" is a range),
     "settings", "preferences", "notifications" (on, off, digest), "units", "retention_days";
   - a plural-only or mass noun: "glasses", "headphones", "news", "logistics";
   - a word that ends in "s" without being a plural: "status", "analysis", "canvas";
   - the plural of a known single-valued attribute: "seats" is how one writes the seat
     preference, "flights" the flight preference (the shipped synonym table says which).
   - a plural that names one arrangement or regime, or points of time read as one value:
     "review_rules", "commit_conventions", "parking_arrangements", "standup_times", "pronouns".
3. A singular name gathers only when its noun does by meaning: "allergy", "pet", "skill",
   "member", "dependency" (a person has several of each), or when its head names a collection
   ("camping_gear", "tech_stack", "reading_list"); everything else holds one value.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from memcurator.attribute_synonyms import SYNONYMS
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


# Singular nouns that gather values by meaning: one has several allergies, pets, skills.
_SET_HEADS = _words(
    "allergy allergic intolerance restriction certification pet skill member "
    "hobby interest child children kid sibling award degree qualification "
    "reviewer maintainer owner own contact tag dependency"
)
# Marks of one value: "preferred_pets" is one pet, "main_hobby" one hobby.
_SINGLE_MARKS = _words("preferred primary favourite main default current usual")
# Marks of a count or a bound, as written ("number", not "numbers": "phone_numbers" gather).
_COUNT_MARKS = frozenset({
    "number", "count", "num", "max", "maximum", "min", "minimum", "total", "amount", "limit",
})  # fmt: skip

# Plurals that name one setting or one measure. Units of time and measure ("working_hours" is
# a range, "retention_days" a number; weekdays that gather, "gym_days", are read as one value
# too), and nouns whose plural is the name of a setting: "settings", "preferences", "terms",
# "notifications" (on, off, a digest), "alerts", "reminders", "updates" (how they arrive).
_ONE_SETTING = frozenset({
    "seconds", "secs", "minutes", "mins", "hours", "hrs", "days", "weeks", "months", "years",
    "units", "metres", "meters", "kilometres", "kilometers", "miles", "points", "credits",
    "settings", "preferences", "prefs", "options", "configs", "defaults", "terms", "approvals",
    "notifications", "alerts", "reminders", "updates",
    # Plurals that name one arrangement or regime, set and changed as a whole ("review_rules",
    # "commit_conventions", "delivery_instructions", "parking_arrangements"), points and spans
    # of time read as one value like "hours" ("standup_times", "pay_dates", "vat_periods",
    # "on_call_shifts"), rates, and pronouns (one choice written as several words).
    "rules", "conventions", "instructions", "arrangements", "guidelines", "procedures",
    "times", "dates", "periods", "shifts", "rates", "pronouns",
})  # fmt: skip
# Singular and mass nouns that name a collection: "camping_gear", "gym_equipment",
# "home_office_furniture", "tech_stack", "reading_list", "wine_collection" hold several things.
# Read on the name's head only ("list_price" is one price).
_COLLECTIONS = frozenset({
    "gear", "equipment", "furniture", "luggage", "cookware", "kit", "stack", "list",
    "collection", "wardrobe", "inventory", "roster", "lineup", "portfolio",
})  # fmt: skip
# Plural-only and mass nouns (one pair of glasses; the news), and words that end in "s" without
# being plurals. A closed class of English, not a list of attributes.
_NOT_A_COUNT = frozenset({
    "glasses", "sunglasses", "eyeglasses", "spectacles", "headphones", "earphones", "earbuds",
    "goggles", "binoculars", "scissors", "pants", "trousers", "jeans", "shorts", "pajamas",
    "pyjamas", "clothes", "news", "series", "species", "means", "odds", "thanks", "whereabouts",
    "headquarters", "premises", "outskirts", "surroundings", "lodgings", "savings", "earnings",
    "finances", "politics", "physics", "economics", "mathematics", "maths", "ethics",
    "athletics", "logistics", "analytics", "aesthetics", "ergonomics", "genetics", "linguistics",
    "acoustics", "electronics", "gymnastics", "aerobics", "diabetes", "measles", "gas", "bias",
    "canvas", "alias", "atlas", "christmas", "lens", "chaos", "ethos", "always", "sometimes",
    "perhaps", "nowadays", "afterwards", "yes", "thermos",
})  # fmt: skip
_PLURAL_ONLY_ENDINGS = ("ss", "us", "is", "os", "ics")


def _split(attribute: str) -> list[str]:
    """The words of a name as written: "languagesSpoken" -> ["languages", "Spoken"]."""
    return [w for w in re.split(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])", attribute) if w]


def _head(words: list[str]) -> str:
    """The head noun of a name: its last word, or the word before a participle ("tools_used",
    "linters_enabled", "languages_spoken"). Codes in capitals ("EACCES") are no words."""
    words = [w for w in words if not w.isupper()]
    if len(words) > 1 and words[-1].lower().endswith(("ed", "en")):
        words = words[:-1]
    return words[-1].lower() if words else ""


def _is_count_plural(word: str) -> bool:
    """Whether ``word`` is the plural of a count noun: "mentees", "browsers", "dependencies";
    not "hours", "settings", "glasses", "status", "analysis"."""
    return (
        len(word) > 3
        and word.endswith("s")
        and not word.endswith(_PLURAL_ONLY_ENDINGS)
        and word not in _ONE_SETTING
        and word not in _NOT_A_COUNT
    )


def _singular_name(words: list[str]) -> str:
    """The name with its last word singular, in the synonym table's form ("seats" -> "seat",
    "code_reviews" -> "code_review")."""
    lowered = [w.lower() for w in words]
    last = lowered[-1]
    if last.endswith("ies") and len(last) > 4:
        last = last[:-3] + "y"
    elif re.search(r"(?:ch|sh|x|zz|ss)es$", last):
        last = last[:-2]
    else:
        last = last[:-1]
    return "_".join([*lowered[:-1], last])


def _known_single(words: list[str]) -> bool:
    """Whether the name is the plural of an attribute the synonym table knows as single-valued:
    "seats" (seat_preference), "flights", "deployments", "code_reviews"."""
    known = SYNONYMS.get(_singular_name(words))
    return known is not None and _by_name(known, read_table=False) == "single"


@lru_cache(maxsize=4096)  # asked for every key of every batch: pure, so cached
def _by_name(attribute: str, read_table: bool = True) -> Cardinality:
    words = _split(attribute)
    stems = {_stem(word.lower()) for word in words}
    if not stems or stems & _SINGLE_MARKS or {w.lower() for w in words} & _COUNT_MARKS:
        return "single"
    head = _head(words)
    if _is_count_plural(head):
        known = read_table and head == words[-1].lower() and _known_single(words)
        return "single" if known else "set"
    spoken = _stem("language") in stems and stems & {"spoken", "speak"}
    if head in _COLLECTIONS or stems & _SET_HEADS or spoken:
        return "set"  # languages someone speaks gather; a programming language does not
    return "single"


def cardinality(attribute: str | None) -> Cardinality:
    """'set' for attributes that gather values (allergies, intolerances, dietary restrictions,
    languages spoken, certifications, pets, mentees, skills, team members, dependencies,
    supported_browsers...), 'single' otherwise (seat preference, seats, diet, timezone,
    employer, editor, working hours, notification settings, preferred_pets, number_of_pets...),
    on normalised names ('food_allergies'). See the module docstring for the rule."""
    return _by_name(attribute or "")
