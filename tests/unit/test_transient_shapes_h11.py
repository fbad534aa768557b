"""Rule 2's shapes of chatter added in issue 11's third round: the speaker narrating an action on a
named task lifts the task's topic words from the durable veto; reactions, presenting the reply or
the screen, talk about the day and offers of more help are shapes the learned stage weighs.
Sentences written for this test, in no training or held-out set."""

from __future__ import annotations

import pytest

from memcurator.transient import transient_reason
from memcurator.transient_learned import features, has_durable_cue
from memcurator.transient_shapes import reaction, squeeze


@pytest.mark.parametrize(
    "narration",
    [
        "Let me pull up the refund policy for this order.",
        "Okay, let me look at who owns the Brightline renewal.",
        "I'm opening the nightly backup job in the scheduler now.",
        "Restarting worker-7 right now.",
    ],
)
def test_narrating_an_action_on_a_task_lifts_the_topic_veto(narration: str) -> None:
    assert not has_durable_cue(narration)


@pytest.mark.parametrize(
    "durable",
    [
        "Let me always see the policy before you sign.",  # a rule word stays a veto
        "I'll be on leave from the 3rd to the 17th.",  # a plan, not an action in the chat
        "I'm studying for the bar exam now.",  # a pursuit that lasts
        "I'm looking for a new job right now.",
        "Let me know my deadline is Friday.",  # not an action: "let me know"
        "Let me handle payroll for my sister's bakery.",  # a personal fact stays a veto
        "Payroll runs monthly.",
        "OPS-12 tracks the flaky login test.",  # a record id without narration
    ],
)
def test_a_durable_statement_keeps_its_veto(durable: str) -> None:
    assert has_durable_cue(durable)
    assert transient_reason(durable) is None


def test_a_contraction_is_not_a_profile_verb() -> None:
    """ "that's", "here's" end in "s" but are no present-tense verb of a profile note."""
    assert not has_durable_cue("that's so sweet of them")
    assert not has_durable_cue("here's the draft")
    assert has_durable_cue("Plays chess")  # a profile note still is one


def test_squeeze_cuts_letters_repeated_for_effect() -> None:
    assert squeeze("nooooo") == "noo"
    assert squeeze("lmaooo") == "lmaoo"
    assert squeeze("coffee") == "coffee"


@pytest.mark.parametrize(
    ("text", "shape"),
    [
        ("ugh, fine", "s:reaction"),
        ("wowww that's a lot", "s:reaction"),
        ("that's so unlucky", "s:reaction"),
        ("Here's the summary table", "s:presenting"),
        ("These are the rows it flagged.", "s:presenting"),
        ("The traceback ends in a KeyError.", "s:screen"),
        ("Pretty slow morning here today.", "s:day"),
        ("Want me to export it too?", "s:offer"),
    ],
)
def test_a_shape_of_chatter_is_a_feature(text: str, shape: str) -> None:
    assert shape in features(text)


def test_a_long_sentence_with_an_interjection_is_no_reaction() -> None:
    tokens = ["oh", "and", "we", "always", "ship", "the", "mobile", "build", "on", "mondays"]
    assert not reaction(tokens, set())


@pytest.mark.parametrize(
    "terse",
    [
        "Uses Jest",
        "Vegetarian",
        "On call Mondays",
        "Code review required",
        "Uses Yarn",
        "Pescatarian",
        "Standup at 10",
        "Night shifts on weekends",
        "Here on a work visa",
        "Oh, and vegan",
        "Wow, allergic to latex",
    ],
)
def test_a_terse_durable_statement_is_kept_by_both_stages(terse: str) -> None:
    assert transient_reason(terse) is None
    assert transient_reason(terse, learned=False) is None


@pytest.mark.parametrize(
    "durable",
    [
        "Relay is the bot that files our expense receipts.",  # a definition
        "Kofi is the one who signs off on refunds.",
        "Honestly that's what I keep telling myself.",  # talking to oneself: inner life
        "Legal hold on Brightline emails",  # "hold on" inside a note asks for no patience
    ],
)
def test_definitions_self_talk_and_notes_keep_their_veto(durable: str) -> None:
    assert has_durable_cue(durable) or "s:patience" not in features(durable)
    assert transient_reason(durable) is None


@pytest.mark.parametrize("stalling", ["hold on, let me see", "ok hang on a sec", "hang on"])
def test_hold_on_at_the_start_asks_for_patience(stalling: str) -> None:
    assert "s:patience" in features(stalling)


def test_hold_on_inside_a_note_asks_for_no_patience() -> None:
    assert "s:patience" not in features("Legal hold on Brightline emails")


@pytest.mark.parametrize(
    "stalling",
    ["Give me ten minutes to check.", "Okay, give me a beat.", "give me five"],
)
def test_asking_for_minutes_is_stalling_not_a_standing_request(stalling: str) -> None:
    assert not has_durable_cue(stalling)


def test_what_a_screen_shows_is_no_habit_of_the_owner() -> None:
    assert not has_durable_cue("My screen shows two warnings.")
    assert has_durable_cue("My team ships on Thursdays.")
