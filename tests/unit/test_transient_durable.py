"""Rule 2 with both stages, as the gate runs it: durable forms the learned stage once dropped are
kept by their shape, and chatter the rules never named is dropped.  Sentences written for this
test, in no training or held-out set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memcurator.transient import transient_reason
from memcurator.transient_learned import has_durable_cue, learned_reason, logit

DATA = Path(__file__).resolve().parent.parent / "data"


def _rows(name: str) -> list[dict[str, object]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize(
    "durable",
    [
        # standing requests on the speaker's behalf
        "Book my haircuts for me at Salon Verde.",
        "If you order groceries for me, skip the plastic bags.",
        "When you draft slides for us, use the blue template.",
        "Whenever a parcel arrives, leave it with the concierge.",
        # rules over everyone or nothing
        "Nothing deploys here without a green smoke test.",
        "Nobody edits the pricing sheet except finance.",
        # revisions behind a label
        "I've changed my mind: I take the tram now.",
        "Correction: nothing gets archived before ninety days.",
        # habits and identities in the simple present
        "I also play the oboe.",
        "We invoice in Swiss francs.",
        "My router runs OpenWrt.",
        # records and dates
        "OPS-311: rotating the TLS certificates; done",
        "Stop sending me calendar invites for optional meetings.",
    ],
)
def test_a_durable_form_is_kept_by_both_stages(durable: str) -> None:
    assert transient_reason(durable, learned=True) is None
    assert transient_reason(durable, learned=True) is None


@pytest.mark.parametrize(
    "durable",
    [
        "Put my dentist visits on Wednesday afternoons for me.",
        "Nothing ships here without a second reviewer.",
        "If you book a table for me, ask for a quiet corner.",
        "We pay contractors on the 15th.",
        "Badges expire after a year here.",
        "Visitors need an escort past reception.",
    ],
)
def test_the_durable_shape_vetoes_the_learned_stage(durable: str) -> None:
    assert has_durable_cue(durable)
    assert transient_reason(durable, learned=True) is None


@pytest.mark.parametrize(
    "chatter",
    [
        "The portal is timing out for me right now.",
        "Happy Monday to you too!",
        "Nothing back from anyone yet.",
    ],
)
def test_a_weak_cue_yields_to_an_anchor_in_the_moment(chatter: str) -> None:
    assert not has_durable_cue(chatter)


@pytest.mark.parametrize(
    "chatter",
    [
        "Pulling up the shipment history for that order now.",
        "Skimming through the thread you forwarded.",
        "Still combing through the billing export on my end.",
        "The export is still crunching on my side.",
        "Okay, opening the customs form in another tab.",
    ],
)
def test_chatter_in_wording_nobody_wrote_for_the_rules_is_dropped(chatter: str) -> None:
    reason = transient_reason(chatter, learned=True)
    assert reason is not None
    assert transient_reason(chatter, learned=False) is None or reason.startswith("learned")


def test_no_durable_sentence_of_the_free_text_bank_a_is_dropped() -> None:
    """Every distinct fact of bench/freetext bank A (seeds 1-5): the guard of issue 11."""
    rows = _rows("transient_bank_a.jsonl")
    assert len(rows) > 1500 and not any(row["transient"] for row in rows)
    dropped = {
        r["text"]: why for r in rows if (why := transient_reason(str(r["text"]), learned=True))
    }
    assert not dropped, dropped


def test_rule_two_drops_no_statement_of_the_second_own_set() -> None:
    rows = _rows("transient_own_h11_2.jsonl")
    durable = [str(r["text"]) for r in rows if not r["transient"]]
    assert len(durable) > 200
    assert not [text for text in durable if transient_reason(text, learned=True)]


@pytest.mark.parametrize(
    "fact",
    [
        # a relative or a pet, even next to "now" or an in-flight action
        "I'm baking right now, my niece turns six tomorrow.",
        "Lol I'm packing now, we fly to see my grandpa in Oslo.",
        "Right now I'm just trying to survive the toddler phase.",
        # a life event, a span of a life, a feeling, a third person
        "Okay I'm heading out, we've got the graduation tonight.",
        "I'm checking now, it's been like that for years.",
        "I'm so ready for the weekend lol, I felt wiped all week.",
        "He's still working at it, the first shelf he built wobbled.",
    ],
)
def test_a_personal_fact_in_conversation_is_kept_by_its_shape(fact: str) -> None:
    """Written for this test: turns of casual conversation that open like chatter."""
    assert has_durable_cue(fact)
    assert transient_reason(fact) is None


@pytest.mark.parametrize(
    ("turn", "chatter"),
    [
        ("Hold on, let me find the photos. Rome was unreal.", "Hold on, let me find the photos."),
        (
            "One sec, pulling up the photos now. The lake was frozen solid.",
            "One sec, pulling up the photos now.",
        ),
    ],
)
def test_a_turn_is_dropped_only_when_each_of_its_sentences_is_chatter(
    turn: str, chatter: str
) -> None:
    assert learned_reason(turn) is not None  # the whole scores as chatter ...
    assert transient_reason(turn) is None  # ... but its second sentence is content
    assert transient_reason(chatter) is not None


def test_a_negation_keeps_a_sentence_scored_by_its_words_alone() -> None:
    assert logit("Oh that is a good idea actually") is not None  # no shape, scored on words
    assert logit("Oh that is not a bad idea actually") is None
    assert logit("That is not what I needed") is None


@pytest.mark.parametrize(
    "chatter", ["Re-checking the invoice totals.", "Double-checking the pallet count."]
)
def test_a_hyphenated_gerund_opens_an_in_flight_action(chatter: str) -> None:
    reason = transient_reason(chatter)
    assert reason is not None and "opens on an in-flight action" in reason


def test_a_reflexive_makes_the_speaker_the_topic() -> None:
    assert transient_reason("I told myself the same thing") is None
    assert transient_reason("I told you the same thing") is not None


@pytest.mark.parametrize(
    "durable",
    [
        # a profile note with its subject left out, opening on a present-tense verb
        "Collects vinyl records",
        "Drives a hybrid to work",
        "Coaches under-10 football",
        # asking for a kind of answer, not for time
        "Give me the numbers first, the story after.",
        "Give me one example per answer, not three.",
        # a standing situation of a life, a feeling about something
        "Still waiting on the work permit.",
        "We miss the old neighbourhood.",
        # a preference or a work arrangement named by its word
        "Enjoys long train journeys",
        "Freelance since March",
    ],
)
def test_terse_and_profile_shapes_veto_the_learned_stage(durable: str) -> None:
    assert has_durable_cue(durable)
    assert transient_reason(durable, learned=True) is None


@pytest.mark.parametrize(
    "chatter",
    [
        "Give me two minutes.",  # a span of time: stalling
        "Give me a sec to load it.",
        "Looks good to me.",  # a verb of reaction
        "Sounds great, thanks.",
        "Loads fine now.",  # anchored in the moment
    ],
)
def test_the_profile_and_request_shapes_leave_chatter_to_the_model(chatter: str) -> None:
    assert not has_durable_cue(chatter)


@pytest.mark.parametrize(
    "fact",
    [
        # health: a condition, a treatment, who gives it
        "Still sore, my physio says six more weeks at least.",
        "I'm on insulin now so lunch has to be on time.",
        # an event of a life told in the past, a pursuit that fills one
        "We adopted him from a shelter, he was so tiny.",
        "Okay so I quit, last day is Friday lol.",
        "I've been doing pottery on Tuesdays, it's my zen.",
        # a span of a life in years, the people of one's life
        "I'm checking but we've lived here like eight years.",
        "My roommate is letting me borrow her car now.",
        # a limit of ability, a habit after a comma
        "I can barely type right now, my wrist is in a brace.",
        "Ok cool, i run the Thursday league so count me in.",
    ],
)
def test_a_personal_fact_of_health_events_years_or_people_is_kept(fact: str) -> None:
    """Written for this test (issue 11, the conversation guard): classes of a life by meaning."""
    assert has_durable_cue(fact)
    assert transient_reason(fact) is None


def test_a_short_note_that_names_something_is_kept_when_words_alone_speak() -> None:
    """No shape of chatter and every word known: the words alone would score it, unless the note
    names something (a capitalised word after the first)."""
    assert logit("legal review on acme contract") is not None  # scored on its words
    assert logit("Legal review on Acme contract") is None  # names something: a record


def test_a_decision_is_kept_unless_it_narrates_the_moment() -> None:
    """A terse decision or pursuit opening on a gerund is a record; "for now" makes it narration."""
    assert has_durable_cue("Skipping the spring offsite")
    assert has_durable_cue("Going with the green palette")
    assert has_durable_cue("been here since I was nine, love it")
    assert has_durable_cue("sorry, running late, had this bike since 2019")  # at the very end
    assert not has_durable_cue("Skipping that check for now.")
    assert not has_durable_cue("Going with your first suggestion right now.")
