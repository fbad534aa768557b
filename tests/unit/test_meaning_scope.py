"""A statement negation contradicts only when its scope is shared; hours written two ways meet.

Development pairs written for these tests (issue 10's free-text findings, reworded); the
held-out evaluation set is not used here. Each pair is judged both ways round.
"""

from __future__ import annotations

import pytest

from memcurator.meaning import relate
from memcurator.wording import _analyse

# The negation governs something the other statement does not say: no contradiction.
UNSHARED = [
    ("Don't book me after 14:00, that's my lunch.", "Lunch is after 14:00.", "lunch_time"),
    ("Don't book me at 1pm, that's my lunch.", "I have lunch at 1pm.", "lunch_time"),
    ("My no-meeting day is Thursday.", "Thursday is my focus day, no calls.", "meeting_free_day"),
    ("Please don't book me for meetings on Friday.", "Friday is my focus day.",
     "meeting_free_day"),
    ("No calls on Thursdays.", "I keep Thursdays free of meetings.", "meeting_free_day"),
]

# The negation governs what the other statement says: still a contradiction.
SHARED = [
    ("No allergies", "Allergic to peanuts", "allergies", "set"),
    ("Doesn't have a shellfish allergy", "Allergic to shellfish", "allergies", "set"),
    ("Doesn't drink coffee", "Drinks coffee every morning", "coffee", "single"),
    ("Not vegetarian anymore", "Vegetarian", "diet", "single"),
    ("Never books window seats", "Likes window seats", "seat_preference", "single"),
    ("Never books the window seat", "Likes the window seat", "seat_preference", "single"),
    ("Isn't a fan of spicy food", "Loves spicy food", "spice_preference", "single"),
    ("No meetings on Fridays", "Meetings on Fridays are fine", "meeting_preference", "single"),
    ("I don't take sugar", "I take sugar in my coffee", "coffee_order", "single"),
    ("Please don't call me Bill", "Prefers to be called Bill", "preferred_name", "single"),
]


@pytest.mark.parametrize(("old", "new", "attribute"), UNSHARED)
def test_a_negation_of_what_the_other_does_not_say_is_no_contradiction(
    old: str, new: str, attribute: str
) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y, attribute=attribute)
        assert judgement.relation == "same", f"{x!r} -> {y!r}: {judgement}"


@pytest.mark.parametrize(("old", "new", "attribute", "kind"), SHARED)
def test_a_negation_of_what_the_other_says_still_contradicts(
    old: str, new: str, attribute: str, kind: str
) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y, attribute=attribute, kind="set" if kind == "set" else "single")
        assert judgement.relation == "contradiction", f"{x!r} -> {y!r}: {judgement}"


def test_a_negation_read_as_a_denial_says_so_in_the_reason() -> None:
    judgement = relate("I have lunch at 1pm.", "Don't book me at 1pm, that's my lunch.",
                       attribute="lunch_time")
    assert judgement.relation == "same"
    # (a stem is shown as first written in this process: "book" or "books")
    assert "its negation ('not') is of book" in judgement.reason
    assert "which the other does not say" in judgement.reason


def test_an_unshared_negation_still_lets_a_change_of_value_through() -> None:
    changes = [
        ("Thursday is my focus day, no calls.",
         "Update: please don't book me for meetings on Friday.", "meeting_free_day"),
        ("I have lunch at 1pm.", "Don't book me after 14:00, that's my lunch.", "lunch_time"),
    ]
    for old, new, attribute in changes:
        judgement = relate(old, new, attribute=attribute)
        assert judgement.relation == "contradiction", f"{old!r} -> {new!r}: {judgement}"


def test_a_negation_says_what_it_governs() -> None:
    assert _analyse("Don't book me at 1pm").scope == {"book"}  # a pronoun ends it
    assert _analyse("My no-meeting day is Thursday").scope == {"meet"}  # "no": one word
    assert {"book", "window"} <= _analyse("Never books the window seat").scope  # runs on
    assert "shellfish" in _analyse("Doesn't have a shellfish allergy").scope
    assert _analyse("Window seats, never the aisle").scope == frozenset()  # a denial, no negation


def test_free_of_something_is_no_something() -> None:
    assert _analyse("I keep Thursdays free of meetings").negs
    assert relate("Keeps Fridays free of meetings", "No meetings on Fridays",
                  attribute="meeting_free_day").relation == "same"


HOURS_SAME = [
    ("I work 9 to 5.", "My hours are 9:00-17:00."),
    ("You can reach me 11 to 7.", "I work late, 11:00-19:00."),
    ("I'm online 7 to 3 on weekdays.", "I'm online 07:00-15:00 on weekdays."),
]
HOURS_CHANGED = [
    ("I work 9 to 5.", "I work early, 7:00-15:00."),
    ("I work 9 to 5.", "My hours are 10:00-18:00."),
]


@pytest.mark.parametrize(("old", "new"), HOURS_SAME)
def test_hours_written_bare_and_on_the_clock_are_the_same(old: str, new: str) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y, attribute="working_hours")
        assert judgement.relation == "same", f"{x!r} -> {y!r}: {judgement}"


@pytest.mark.parametrize(("old", "new"), HOURS_CHANGED)
def test_other_hours_written_the_other_way_are_a_change(old: str, new: str) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y, attribute="working_hours")
        assert judgement.relation == "contradiction", f"{x!r} -> {y!r}: {judgement}"


def test_a_single_bare_number_does_not_meet_a_clock_time() -> None:
    # "2 approvals" is no time of day: only a range (two ends) is read as hours.
    judgement = relate("Needs 2 approvals", "Needs approvals by 14:00", attribute="review_rule")
    assert judgement.relation != "same"


def test_two_capitals_in_mixed_case_are_a_name_not_a_stop_word() -> None:
    assert "US" in _analyse("Plan around US holidays for me.").names
    assert "US" not in _analyse("Send it to us.").values
    for x, y in (("Plan around US holidays for me.", "I observe US holidays."),
                 ("I observe US holidays.", "Plan around US holidays for me.")):
        assert relate(x, y, attribute="holiday_region").relation == "same"
    assert relate("I observe US holidays.", "I observe UK bank holidays.",
                  attribute="holiday_region").relation == "contradiction"


def test_a_name_is_a_name_however_it_is_cased_on_the_other_side() -> None:
    # A change cue with the same name ("switched ... to Dvorak") restates the value.
    for x, y in (("Shortcuts should assume dvorak.", "I switched everything to Dvorak."),
                 ("Shortcuts should assume Dvorak.", "I switched everything to dvorak.")):
        assert relate(x, y, attribute="keyboard_layout").relation == "same", (x, y)
    assert relate("Shortcuts should assume dvorak.", "I switched everything to Colemak.",
                  attribute="keyboard_layout").relation == "contradiction"


def test_listed_values_of_different_kinds_do_not_compete() -> None:
    # "hot" (a desk) and "office" (days) answer different questions; so do "Friday" and
    # "monthly": they are no value replacing another.
    for x, y, attribute in (
        ("My hot desk is usually in quiet zone, level 3.",
         "Find me in quiet zone, level 3 on office days.", "desk_location"),
        ("Our team holds retros on the last Friday of the month.",
         "Our team holds retros on the last Friday, monthly.", "retro_cadence"),
    ):
        for old, new in ((x, y), (y, x)):
            judgement = relate(old, new, attribute=attribute)
            assert judgement.relation != "contradiction", (old, new, judgement)


def test_listed_values_of_one_kind_still_compete() -> None:
    for old, new, attribute in (
        ("My desk is in quiet zone on Monday.", "My desk is in quiet zone on Friday.", "desk"),
        ("Standups are in the morning.", "Standups are in the evening.", "standup_time"),
        ("Releases go out weekly.", "Releases go out every 2 weeks.", "release_cadence"),
    ):
        judgement = relate(old, new, attribute=attribute)
        assert judgement.relation == "contradiction", (old, new, judgement)


def test_a_negation_read_as_a_denial_merges_only_on_a_value_both_name() -> None:
    # Nothing says "meeting" in the standup, but only "team" is shared: no value proper.
    old = "Our team keeps Wednesday meeting-free."
    new = "Standup for our team is a quick video call."
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y, attribute="meeting_preference")
        assert judgement.relation not in ("same", "refinement"), (x, y, judgement)
