"""Rule 2's frames of the moment (memcurator.transient_inflight), through the gate's rule stage:
narration of a desk action on any object, offers, pointers into what the chat shows, progress of
a job; and the lasting sentences that open the same way and must be kept."""

from __future__ import annotations

import pytest

from memcurator.transient import transient_reason


def rules(text: str) -> str | None:
    return transient_reason(text, learned=False)


ACT = "in-progress action"
OFFER = "an offer or a question about the next step"
POINTER = "a pointer to what the conversation shows"
PROGRESS = "progress of a job of the moment"


@pytest.mark.parametrize(
    ("chatter", "shape"),
    [
        ("Lemme grep the repo for it.", f"{ACT} ('let me grep')"),
        ("I'll ping the venue about that.", f"{ACT} ('I'll ping')"),
        ("I'm fetching them as we speak.", f"{ACT} ('I'm fetching')"),
        ("Scanning ticket #4411 for that signature.", f"{ACT} ('scanning')"),
        ("Re-running build 7731 on the staging box.", f"{ACT} ('running')"),
        ("Give me a moment to fetch it.", f"{ACT} ('give me a moment to fetch')"),
        ("Shall I rerun it?", f"{OFFER} ('shall i')"),
        ("Would you like me to rephrase that?", f"{OFFER} ('would you like me')"),
        ("I could reword it if that helps.", f"{OFFER} ('if that helps')"),
        ("Below is the updated comparison.", f"{POINTER} ('below is the updated')"),
        ("Here's the revised itinerary below.",
         f"{POINTER} ('here's the revised')"),
        ("As you can see in the attached screenshot.", f"{POINTER} ('as you can see')"),
        ("Import is 45% done.", f"{PROGRESS} ('a share done')"),
        ("Transcoding file 3 of 9.", f"{PROGRESS} ('N of M')"),
        ("Still indexing.", f"{PROGRESS} ('still indexing')"),
        ("Still syncing.", f"{PROGRESS} ('still syncing')"),
    ],
)
def test_a_frame_of_the_moment_is_chatter_whatever_its_object(chatter: str, shape: str) -> None:
    assert rules(chatter) == shape


@pytest.mark.parametrize(
    "durable",
    [
        # a standing delegation, a plan, a life: "let me", "I'll" and "-ing" that last
        "Let me approve every refund over $200.",
        "Let me handle the vendor calls.",
        "Let me edit the newsletter intros; I'm fussy about tone.",
        "I'll take the aisle seat on long flights.",
        "I'll call my brother on Sundays.",
        "I'll run the Lisbon half marathon in March.",
        "I'm running Arch Linux on my laptop.",
        "I'm studying for the bar exam.",
        "Searching for a two-bedroom flat near the park.",
        "Looking for a part-time data role.",
        # an -ing subject with a finite verb: a general fact
        "Checking a second bag costs $40 on this airline.",
        "Restarting the router fixes the dropouts.",
        "Pinging the on-call by email doesn't page them.",
        "Running the full test suite takes about twelve minutes.",
        # a threshold or a range, not a pointer or progress
        "We alert on disk usage at 90%.",
        "Log warnings and above in production.",
        "Anything below 36C should be rechecked.",
        "The deploy job pushes the image to the registry.",
        # questions and offers that are standing requests
        "Should I ever miss a payment, email me first.",
        "If you want to reach me after 6pm, text instead of calling.",
        # progress of a life, not a job
        "Still waiting on my visa renewal.",
        "2 of my 3 kids are at university.",
        "The mortgage is 60% paid off.",
        "Staying on Node 18 for now.",
    ],
)
def test_a_lasting_sentence_that_opens_like_one_is_kept(durable: str) -> None:
    assert rules(durable) is None


def test_every_sentence_must_be_chatter() -> None:
    assert rules("Checking the order now. Also, the customer is allergic to latex.") is None
    assert rules("Checking the order now. Back in a sec.") is not None


COURTESY = [
    ("Sorry, I pasted the wrong file.", "an apology for a slip ('sorry i')"),
    ("Apologies for the wall of text.", "an apology ('apologies for')"),
    ("Have a lovely weekend!", "a wish ('have a')"),
    ("Hope your week's going well.", "a wish ('hope your')"),
    ("nooo that's awful", "a reaction ('nooo that's awful')"),
    ("Let's start with the first question.", "a move of the conversation ('let's start with')"),
    ("Switching gears to the second point.", "a move of the conversation ('switching gears')"),
]


@pytest.mark.parametrize(("chatter", "shape"), COURTESY)
def test_a_courtesy_or_a_move_of_the_conversation_is_chatter(chatter: str, shape: str) -> None:
    assert rules(chatter) == shape


@pytest.mark.parametrize(
    "durable",
    [
        "Sorry, I'm allergic to shellfish.",
        "Sorry for the late reply, I was at my sister's wedding.",
        "Sorry, I can't do Mondays.",
        "Sorry, my flight got cancelled.",
        "Good luck with the adoption!",
        "Hope the move went smoothly!",
        "Happy to take calls after 5.",
        "Have a peanut allergy.",
        "The food at Nopa was amazing.",
        "Back to school in September.",
        "On to Lisbon next week!",
        "Moving to Berlin in June.",
        "Let's use Postgres for everything.",
        "Let's revisit pricing every quarter.",
    ],
)
def test_news_or_a_standing_wish_in_the_same_words_is_kept(durable: str) -> None:
    assert rules(durable) is None


@pytest.mark.parametrize(
    "turn", ["Sorry I missed your party!", "Happy birthday!!", "Sorry for being late to the party"]
)
def test_a_courtesy_that_dates_an_event_of_a_life_is_kept(turn: str) -> None:
    # LoCoMo's questions ask when a birthday or a party was: the turn is the evidence.
    assert rules(turn) is None
