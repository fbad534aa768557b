"""Canonical attribute names (attributes.py): spellings of one attribute read as one name, two
attributes never as one."""

from __future__ import annotations

import pytest

from memcurator.attributes import canonical_attribute, explain, legacy_forms, stem
from memcurator.keys import FACT_ATTRIBUTES
from memcurator.meaning import cardinality


@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        ("seat", "seat_preference"), ("Seat Preference", "seat_preference"),
        ("preferred_seat", "seat_preference"), ("seats", "seat_preference"),
        ("allergy", "allergies"), ("Allergies", "allergies"), ("flights", "flight_preference"),
        ("time_zone", "timezone"), ("TZ", "timezone"), ("spoken_languages", "languages_spoken"),
        ("favourite_coffee", "coffee"), ("coffee_preference", "coffee"), ("Hobbies", "hobby"),
        ("on-call rotation", "on_call_rotation"), ("glasses", "glass"), ("status", "status"),
    ],
)
def test_spellings_of_one_attribute_read_as_one_name(given: str, canonical: str) -> None:
    assert canonical_attribute(given) == canonical


def test_an_ambiguous_name_is_read_only_when_the_value_settles_it() -> None:
    assert canonical_attribute("language", "python") == "programming_language"
    assert canonical_attribute("language", "Prefers Go for services") == "programming_language"
    assert canonical_attribute("language", "french") == "language"
    assert canonical_attribute("language") == "language"


@pytest.mark.parametrize("given", ["preferred_pet", "favourite_skill", "main_hobby"])
def test_a_reading_that_changes_cardinality_is_not_taken(given: str) -> None:
    assert cardinality(canonical_attribute(given)) == cardinality(given)


@pytest.mark.parametrize("attribute", FACT_ATTRIBUTES)
def test_the_lexicons_names_are_canonical(attribute: str) -> None:
    assert canonical_attribute(attribute) == attribute


@pytest.mark.parametrize("different", [("seat", "diet"), ("allergy", "diet"),
                                       ("language", "languages_spoken"), ("pet", "preferred_pet"),
                                       ("employer", "home_city"), ("editor", "theme")])
def test_two_attributes_never_share_a_name(different: tuple[str, str]) -> None:
    a, b = different
    assert canonical_attribute(a, "french") != canonical_attribute(b, "french")


def test_the_log_names_the_reading_only_when_there_is_one() -> None:
    assert explain("seat", "seat_preference") == "`seat` read as `seat_preference`"
    assert explain("Seat Preference", "seat_preference") is None


def test_older_spellings_read_as_the_attribute_they_are_listed_under() -> None:
    assert {"seat", "seats", "preferred_seat"} <= set(legacy_forms("seat_preference"))
    assert "language" not in legacy_forms("programming_language")
    assert "preferred_pet" not in legacy_forms("pet")
    for canonical in (*FACT_ATTRIBUTES, "coffee", "pet"):
        assert all(canonical_attribute(f) == canonical for f in legacy_forms(canonical))
    assert stem("preference") == ""
