"""Cardinality read from an attribute's name as written (cardinality.py): a plural count noun
gathers values, a plural that names one setting or measure, a plural-only noun, or the plural
of a known single-valued attribute holds one.

The names below are written for these tests; most are in no list of the code, so each case
checks the rule, not a table.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcurator.attributes import canonical_attribute
from memcurator.cardinality import cardinality

GATHER = [
    "mentees", "pets", "languages spoken", "direct_reports", "houseplants", "stakeholders",
    "visited_countries", "countries_visited", "carsOwned", "subscribed newsletters",
    "Board Games", "volunteer_roles", "side-projects", "bandsFollowed",
]  # fmt: skip
HOLD_ONE = [
    # one setting or one measure
    "hours", "settings", "preferences", "notifications", "working hours", "quiet_hours",
    "display_settings", "privacy preferences", "push_notifications", "retention_weeks",
    "commute_minutes", "calendar_reminders",
    # plural-only or mass nouns, and words that only end in "s"
    "reading_glasses", "noise cancelling headphones", "news", "commute_analysis",
    "home_address", "campus", "status",
    # plurals of attributes the synonym table knows as single-valued
    "seats", "flights", "Seats", "code_reviews", "deployments",
    # a mark of one value, or of a count
    "preferred_pets", "main hobbies", "number_of_monitors", "max_open_tabs", "mentee_count",
    # one arrangement or regime set as a whole, points of time, rates, pronouns
    "merge_rules", "naming conventions", "laundry_instructions", "childcare arrangements",
    "style guidelines", "release_procedures", "class_times", "due dates", "billing_periods",
    "night_shifts", "hourly_rates", "pronouns",
]  # fmt: skip
# A singular or mass noun that names a collection gathers, on the name's head only.
COLLECTIONS = ["ski_gear", "lab equipment", "garden_furniture", "cabin_luggage", "cookware",
               "first_aid_kit", "data stack", "watch_list", "vinyl_collection", "wardrobe"]


@pytest.mark.parametrize("attribute", GATHER)
def test_a_plural_count_noun_gathers_values(attribute: str) -> None:
    assert cardinality(attribute) == "set"


@pytest.mark.parametrize("attribute", COLLECTIONS)
def test_a_name_of_a_collection_gathers_values(attribute: str) -> None:
    assert cardinality(attribute) == "set"


@pytest.mark.parametrize("attribute", ["list_price", "gear_ratio", "stack_size", "kit_colour"])
def test_a_collection_word_that_is_not_the_head_holds_one_value(attribute: str) -> None:
    assert cardinality(attribute) == "single"


@pytest.mark.parametrize("attribute", HOLD_ONE)
def test_a_plural_that_is_no_count_of_things_holds_one_value(attribute: str) -> None:
    assert cardinality(attribute) == "single"


@pytest.mark.parametrize("singular", ["mentee", "houseplant", "direct_report", "board_game"])
def test_the_same_noun_in_the_singular_holds_one_value(singular: str) -> None:
    assert cardinality(singular) == "single"
    assert cardinality(singular + "s") == "set"


def test_a_noun_that_gathers_by_meaning_gathers_in_the_singular_too() -> None:
    assert cardinality("allergy") == cardinality("allergies") == "set"
    assert cardinality("pet") == cardinality("pets") == "set"


def test_a_plural_of_a_known_single_attribute_keeps_its_key_and_its_cardinality() -> None:
    # "seats" must stay single, or attributes.py would refuse to read it as seat_preference
    assert canonical_attribute("seats") == "seat_preference"
    assert canonical_attribute("flights") == "flight_preference"
    assert cardinality("seats") == cardinality("seat_preference") == "single"


def test_a_plural_of_an_unknown_attribute_is_not_folded_into_a_single_valued_key() -> None:
    # "mentees" gathers; its singular would hold one: two names, never one key of two kinds
    assert canonical_attribute("mentees") == "mentees"
    assert cardinality(canonical_attribute("mentees")) == "set"


def test_a_code_in_capitals_is_no_plural() -> None:
    assert cardinality("npm:EACCES") == "single"
    assert cardinality("ENOENTS") == "single"


NOUN = st.text(alphabet="bcdfghklmnprtvw", min_size=3, max_size=6).map(lambda s: s + "er")


@given(NOUN, NOUN)
def test_separators_and_case_do_not_change_the_reading(modifier: str, noun: str) -> None:
    plural = noun + "s"
    spellings = [f"{modifier}_{plural}", f"{modifier} {plural}", f"{modifier}-{plural}",
                 f"{modifier}{plural.capitalize()}", f"{modifier.capitalize()} {plural}"]
    assert {cardinality(s) for s in spellings} == {"set"}
    assert {cardinality(s[:-1]) for s in spellings} == {"single"}


@given(NOUN)
def test_a_mark_of_one_value_or_of_a_count_makes_any_plural_single(noun: str) -> None:
    assert cardinality(noun + "s") == "set"
    for marked in (f"preferred_{noun}s", f"primary {noun}s", f"number_of_{noun}s",
                   f"max_{noun}s", f"{noun}s_count"):
        assert cardinality(marked) == "single", marked
