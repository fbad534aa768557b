"""meaning.relate inside a key, without values: the attribute's own words set aside, polarity,
change cues, short forms and slips, restatement against refinement (issue 10).

Each case names the general rule it checks; none is a phrase the rules list.
"""

from __future__ import annotations

import pytest

from memcurator.meaning import relate

SAME = [
    # The value words are shared once the attribute's words ("coffee", "order") are set aside.
    ("My coffee order is a flat white", "If you grab a coffee for me, get a flat white",
     "coffee_order"),
    # Negated paraphrases: both sides say "no meetings on Fridays".
    ("Please don't book me for meetings on Friday", "No meetings on Fridays for me",
     "meeting_free_day"),
    ("Would rather not have meetings on Fridays", "Keeps Fridays meeting-free", "meeting_day"),
    # "nothing ... without X" asks for X: a double negation, not a negation.
    ("The team requires two approvals before merging", "Nothing merges here without two approvals",
     "code_review_rule"),
    ("I don't merge my code without two approvals",
     "The team requires two approvals before merging",
     "code_review_rule"),
    # A rewording that adds only framing words restates.
    ("Always books a window seat", "Grabs a seat by the window whenever the plane allows it",
     "seat_preference"),
    # Short forms and slips: initials, a truncated name, a swapped or dropped letter.
    ("Lives in NYC", "Based in New York City", "home_city"),
    ("Stores data in MongoDB", "Mongo is the datastore", "database"),
    ("prefers widnow seats", "Wants a window seat when flying", "seat_preference"),
    ("Is CISSP certified", "Holds a CISSP", "certifications"),
]

CHANGE = [
    ("Always books a window seat", "Switched to aisle seats", "seat_preference"),
    # The frame is shared, the value words are not: the slot is filled differently.
    ("My lunch order is a club sandwich", "My lunch order is a poke bowl", "lunch_order"),
    # A revision lead-in ("Update:") announces a new value.
    ("I take a black americano in the morning", "Update: if you get coffee, a decaf latte",
     "coffee_order"),
    ("Docs live in Confluence", "Docs moved out of Confluence into the repo", "documentation"),
    ("Goes by Alex", "Goes by Alexandra now", "preferred_name"),  # a name is rigid
    ("On-call rotates weekly", "On-call rotates every two weeks", "on_call"),
]


@pytest.mark.parametrize(("old", "new", "attribute"), SAME)
def test_a_restatement_in_other_words_is_the_same(old: str, new: str, attribute: str) -> None:
    kind = "set" if attribute == "certifications" else "single"
    judgement = relate(old, new, kind=kind, attribute=attribute)
    assert judgement.relation == "same", judgement


@pytest.mark.parametrize(("old", "new", "attribute"), CHANGE)
def test_a_change_of_value_is_a_contradiction(old: str, new: str, attribute: str) -> None:
    judgement = relate(old, new, attribute=attribute)
    assert judgement.relation == "contradiction", judgement


def test_a_listed_value_in_the_attribute_name_still_counts_as_a_value() -> None:
    # "dark" names the attribute dark_mode but is also a value: light vs dark still conflict,
    # and two wordings that share "dark" restate it. (The known cost: "coffee" in coffee_order
    # shared by "My coffee order is a black americano" / "... a decaf latte" reads the same.)
    judgement = relate("My screens are always in dark mode", "My screens are always in light mode",
                       attribute="dark_mode")
    assert judgement.relation == "contradiction", judgement
    same = relate("I use dark mode everywhere", "Set my tools to dark mode", attribute="dark_mode")
    assert same.relation == "same", same


def test_extending_the_old_wording_refines_and_rewording_does_not() -> None:
    assert relate("Prefers window seats", "Prefers window seats, ideally over the wing").relation \
        == "refinement"
    assert relate("Prefers window seats", "The user likes to sit by the window on flights"
                  ).relation == "same"


def test_an_added_member_of_a_set_refines_it() -> None:
    judgement = relate("Allergic to bee stings", "Allergic to wasp stings too", kind="set",
                       attribute="allergies")
    assert judgement.relation == "refinement", judgement


def test_without_the_attribute_the_frame_words_still_count() -> None:
    # The same pair, read with no key: "coffee" is shared and competes with nothing, so the
    # attribute matters ("black" vs "milk" under coffee_order, with "now", is a change).
    assert relate("Takes coffee black", "Takes coffee with milk now",
                  attribute="coffee_order").relation == "contradiction"


@pytest.mark.parametrize(("old", "new", "relation"), [
    ("Standup at 10am CET", "Standup: 10:00 CET", "same"),
    ("I have lunch at 1pm", "My lunch break is around 13:00", "same"),
    ("I have lunch at noon", "My lunch break is at 12:00", "same"),
    ("I have lunch at 1pm", "My lunch break is at 2pm", "contradiction"),
])
def test_a_time_of_day_is_read_the_same_whatever_its_notation(
    old: str, new: str, relation: str
) -> None:
    judgement = relate(old, new, attribute="lunch_time" if "lunch" in old else "standup_time")
    assert judgement.relation == relation, judgement


@pytest.mark.parametrize(("old", "new", "relation"), [
    # The same explicit value and a plain negation in one wording: the same value.
    ("Friday is my focus day", "Please don't book me for meetings on Friday", "same"),
    # A negation that ends the value ("anymore", "after all") still drops it.
    ("Is vegetarian", "Is not vegetarian anymore", "contradiction"),
    ("Allergic to penicillin", "Tested negative, not allergic to penicillin after all",
     "contradiction"),
])
def test_with_the_same_explicit_value_only_a_negation_that_ends_it_conflicts(
    old: str, new: str, relation: str
) -> None:
    value = {"Friday": "friday", "Is": "vegetarian", "Allergic": "penicillin"}[old.split()[0]]
    judgement = relate(old, new, old_value=value, new_value=value)
    assert judgement.relation == relation, judgement
