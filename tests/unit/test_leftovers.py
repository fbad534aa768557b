"""The nightly policy for unkeyed leftovers (``memcurator.leftovers``), on its own: which
statements are one attribute, and what a restatement, a change or an unrelated fact becomes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcurator.app.sentence_model import shipped_encoder
from memcurator.frames import TenantFrames
from memcurator.leftovers import Fact, resolve_scope

MEANING = shipped_encoder().similarities

DAY0 = datetime(2025, 3, 1, 9, tzinfo=UTC)


def facts(*texts: str, keys: dict[int, str] | None = None, old: int = 0) -> list[Fact]:
    """One fact per text, a day apart; the first ``old`` ones from earlier nights."""
    made = []
    for i, text in enumerate(texts):
        at = DAY0 + timedelta(days=i)
        key = (keys or {}).get(i, f"text:{i:024x}")
        made.append(Fact(f"e{i}", key, (text,), at, at, new=i >= old))
    return made


def decided(found: list[Fact]) -> list[tuple[str, str, str]]:
    return [(d.action, d.entry, d.into) for d in resolve_scope(found, MEANING)]


def test_a_restatement_joins_the_older_entry_and_a_change_supersedes_it() -> None:
    found = facts(
        "Bugs for this project are filed in Linear.",
        "File this project's bugs in Linear, please.",
        "Switched: bugs for this project are now filed in Jira.",
    )
    assert decided(found) == [("merge", "e1", "e0"), ("supersede", "e0", "e2")]


def test_statements_sharing_a_value_but_not_an_attribute_stay_apart() -> None:
    found = facts(
        "I speak German.",
        "I'm off on German public holidays.",
    )
    assert decided(found) == []


@pytest.mark.xfail(
    strict=True,
    reason="known limitation: two attributes of one subject with one value and one sentence "
    "shape read as close in meaning (cosine 0.74), so the newer supersedes the older",
)
def test_two_attributes_of_one_project_with_one_value_stay_apart() -> None:
    found = facts(
        "Releases of this project are cut on Thursdays.",
        "Deploys of this project go out on Thursdays.",
    )
    assert decided(found) == []


def test_a_restatement_in_other_words_is_grouped_by_meaning_and_the_newer_is_current() -> None:
    # No frame, value or attribute word in common: only what the two mean links them.
    found = facts(
        "We do retrospectives every sprint.",
        "I'm vegetarian.",
        "Retros happen every sprint.",
    )
    [(action, older, newer)] = decided(found)
    assert (action, older, newer) == ("supersede", "e0", "e2")
    why = next(d.why for d in resolve_scope(found, MEANING))
    assert "close in meaning (cosine 0." in why


def test_without_meaning_a_restatement_in_other_words_stays_apart() -> None:
    found = facts("We do retrospectives every sprint.", "Retros happen every sprint.")
    assert [(d.action, d.entry, d.into) for d in resolve_scope(found, None)] == []
    assert decided(found) == [("supersede", "e0", "e1")]


def test_statements_far_apart_in_meaning_are_not_grouped() -> None:
    found = facts(
        "Always books a window seat.",
        "Is allergic to peanuts.",
        "Prefers dark mode in every editor.",
    )
    assert decided(found) == []


def test_meaning_links_only_the_scope_s_current_facts_to_what_is_new() -> None:
    # Both older statements are from earlier nights: a group needs a new unkeyed fact.
    found = facts("We do retrospectives every sprint.", "Retros happen every sprint.", old=2)
    assert decided(found) == []


def test_one_frame_filled_otherwise_is_a_change_not_a_restatement() -> None:
    found = facts(
        "I take a black americano in the morning.",
        "I take a decaf latte in the morning.",
    )
    assert decided(found) == [("supersede", "e0", "e1")]


def test_a_change_of_an_attribute_keyed_entry_is_left_to_the_gate() -> None:
    found = facts(
        "Bugs for this project are filed in Linear.",
        "Switched: bugs for this project are now filed in Jira.",
        keys={0: "subject:p_1/ticket_tool"},
    )
    assert decided(found) == []


def test_only_new_unkeyed_facts_are_judged_and_never_against_newer_ones() -> None:
    found = facts(
        "Bugs for this project are filed in Linear.",
        "File this project's bugs in Linear, please.",
        old=2,
    )
    assert decided(found) == []  # both were judged on their own nights
    newer_first = list(reversed(facts(
        "File this project's bugs in Linear, please.",
        "Bugs for this project are filed in Linear.",
    )))  # fmt: skip
    assert decided(newer_first) == [("merge", "e1", "e0")]  # order is by time, not by input


def test_the_log_reason_names_the_key_the_group_and_the_verdict() -> None:
    found = facts("Bugs for this project are filed in Linear.",
                  "File this project's bugs in Linear, please.")  # fmt: skip
    [decision] = resolve_scope(found, MEANING)
    assert decision.subject_key == found[1].subject_key
    assert decision.why.startswith(f"nightly, unkeyed: e1 ({found[1].subject_key}) restates e0")
    assert "grouped with e0" in decision.why and decision.relation == "same"


def test_a_rare_name_in_two_frames_is_one_statement() -> None:
    """No attribute word in common, but a name only these two say, and nothing that competes."""
    found = facts(
        "If I can't be reached during my on-call week, Priyanka takes over.",
        "Backup for my rotation: Priyanka.",
    )
    assert decided(found) == [("merge", "e1", "e0")]


def test_a_name_the_scope_says_everywhere_joins_nothing() -> None:
    """A name said by many of the scope's statements names no attribute of its own."""
    found = facts(
        "I write Kotlin for the Android app.",
        "Kotlin coroutines confuse me.",
        "Our Kotlin style guide is ktlint.",
        "My favourite Kotlin book is Kotlin in Action.",
        "I'd like to get better at Kotlin.",
    )
    assert [d for d in decided(found) if d[0] == "merge"] == []


def test_one_value_in_two_frames_is_no_refilled_frame() -> None:
    from memcurator.leftovers import _refilled

    # The shared part is the value, the differing part is the frame: a restatement.
    assert not _refilled("For my own code I format with gofumpt in strict mode.",
                         "My editor's save hook runs gofumpt in strict mode.")
    assert not _refilled("Our nightly jobs run on the Jenkins box.",
                         "The project's pipelines: the Jenkins box.")
    # The shared part is the frame, the differing part the value: not a restatement.
    assert _refilled("On trains, book me a seat facing forwards.",
                     "On trains, book me a seat in the quiet coach.")
    assert _refilled("I take a black americano in the morning.",
                     "I take a decaf latte in the morning.")


def test_the_same_frame_with_an_unrecognised_filler_is_not_merged() -> None:
    found = facts(
        "On trains, book me a seat facing forwards.",
        "On trains, book me a seat in the quiet coach.",
    )
    assert [d for d in decided(found) if d[0] == "merge"] == []


def test_two_frames_naming_the_same_two_values_are_one_statement() -> None:
    """The meaning check reads two frames as two facets; the same two numbers and nothing
    else make them one statement."""
    found = facts(
        "Working hours: 11:00 to 19:00.",
        "Reach me from 11:00 until 19:00.",
    )
    assert [d[0] for d in decided(found)] == ["merge"]


def test_two_frames_with_one_value_each_side_otherwise_stay_apart() -> None:
    found = facts(
        "Working hours: 11:00 to 19:00.",
        "Reach me from 11:00 until 18:00.",
    )
    assert [d for d in decided(found) if d[0] == "merge"] == []


def test_a_value_said_in_another_frame_restates_and_a_refilled_frame_changes() -> None:
    found = facts(
        "Book my desk in the window row on floor 2.",
        "Book my desk in the quiet zone on floor 3.",
        "I sit in the quiet zone on floor 3.",
    )
    assert sorted(decided(found)) == [("merge", "e2", "e1"), ("supersede", "e0", "e1")]
    [change] = [d for d in resolve_scope(found, MEANING) if d.action == "supersede"]
    assert "one frame 'book my desk in the _' with another filler" in change.why


def test_an_attribute_keyed_entry_is_joined_by_frame_but_never_superseded() -> None:
    keyed = {0: "subject:u_1/desk_location"}
    same = facts("My desk is in the quiet zone on floor 3.", "I sit in the quiet zone on floor 3.",
                 keys=keyed)
    assert decided(same) == [("merge", "e1", "e0")]
    changed = facts("I sit in the window row on floor 2.", "I sit in the quiet zone on floor 3.",
                    keys=keyed)
    assert decided(changed) == []


def test_frame_groups_decide_nothing_without_a_new_unkeyed_fact() -> None:
    found = facts(
        "Book my desk in the window row on floor 2.",
        "Book my desk in the quiet zone on floor 3.",
        old=2,
    )
    assert decided(found) == []


def test_one_value_in_two_frames_is_a_restatement_and_one_frame_refilled_a_change() -> None:
    from memcurator.frames import group_wordings
    from memcurator.leftovers import _framed_relation

    desk = "Book my desk in the quiet zone on floor 3."
    sit = "Find me in the quiet zone on floor 3."
    moved = "Book my desk in the window row on floor 2."
    groups = group_wordings([desk, sit, moved])
    relation, why = _framed_relation(desk, sit, groups)
    assert (relation, why) == ("same", "one value 'in the quiet zon on floor 3' in two frames")
    relation, why = _framed_relation(desk, moved, groups)
    assert (relation, why) == ("contradiction",
                               "one frame 'book my desk in the _' with another filler")


def test_also_adds_to_a_frame_group_instead_of_changing_it() -> None:
    found = facts("We rely on Kafka for events.", "Also: we rely on Redis for events.")
    assert decided(found) == [("merge", "e1", "e0")]


def test_openings_that_name_two_values_are_one_frame_with_two_values_not_one_value() -> None:
    from memcurator.frames import refill

    found = refill("Friday is my focus day, no calls.", "Every Thursday is my focus day, no calls.")
    assert found is not None and found.two_values and not found.one_value
    found = refill("Book my desk in the quiet zone on floor 3.",
                   "Find me in the quiet zone on floor 3.")
    assert found is not None and found.one_value


def test_a_pair_linked_only_through_another_statement_is_read_as_a_change() -> None:
    # The meaning check alone reads the first and third as one value ("coffee"): they are
    # linked only through the second and fourth statements, so they are read as a change.
    found = facts(
        "If you grab coffee for me, get a black americano.",
        "I take a black americano in the morning.",
        "Coffee-wise I'm a decaf latte person.",
        "I take a decaf latte in the morning.",
    )
    decisions = resolve_scope(found, MEANING)
    assert sorted((d.action, d.entry, d.into) for d in decisions) == [
        ("merge", "e1", "e0"), ("merge", "e3", "e2"), ("supersede", "e0", "e2")]
    [change] = [d for d in decisions if d.action == "supersede"]
    assert "linked through the group's other statements" in change.why


def test_a_value_each_or_a_change_said_is_never_read_as_one_value() -> None:
    from memcurator.frames import group_wordings
    from memcurator.leftovers import _framed_relation

    wed = "Team norm: nothing on the calendar on Wednesdays."
    fri = "Team norm: nothing on the calendar at the end of the week, on Fridays."
    moved = "Different now: we keep nothing on the calendar at the end of the week, on Fridays."
    again = "We keep nothing on the calendar on Wednesdays."
    groups = group_wordings([wed, fri, moved, again])
    assert _framed_relation(wed, fri, groups)[0] == "contradiction"
    assert _framed_relation(fri, moved, groups)[0] == "contradiction"
    assert _framed_relation(wed, again, groups)[0] == "same"


def test_the_attribute_words_never_merge_one_frame_refilled_or_a_change_said() -> None:
    # The meaning check alone reads both pairs as a refinement (one frame, shared words).
    refilled = facts("If you message me, count on a response sometime the same day.",
                     "If you message me, count on a response in under 15 mins.")
    assert decided(refilled) == [("supersede", "e0", "e1")]
    changed = facts("For Deutsche Bahn trips I take first class.",
                    "Different now: for Deutsche Bahn trips I take a seat in the quiet zone.")
    assert ("merge", "e1", "e0") not in decided(changed)


def test_a_pair_only_the_tenant_s_frames_link_is_a_change_even_with_also() -> None:
    mine = ["Anchoring scope the user lays out: 3:1.",
            "Also, pay out chain three times the depth when we drop the hook."]
    others = ["Anchoring scope the user lays out: chain three times the depth.",
              "Pay out 3:1 when we drop the hook.",
              "Anchoring scope the user lays out: five lengths of rope per metre.",
              "Pay out five lengths of rope per metre when we drop the hook."]
    found = facts(*mine)
    assert resolve_scope(found, None) == []
    (decision,) = resolve_scope(found, None, TenantFrames([*mine, *others]))
    assert (decision.action, decision.entry, decision.into) == ("supersede", "e0", "e1")
    assert "one attribute by frames the tenant's statements share" in decision.why
