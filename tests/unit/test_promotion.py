"""Where a promoted observation lands under its key: ingest's meaning check, then rule 5."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from memcurator.consolidation import Observation, Promotion
from memcurator.lifecycle import Sighting, summarise
from memcurator.promotion import ActiveFact, place_promotions, placement_of

KEY = "subject:user/seat_preference"
SCOPE = '{"org_id":"acme","user_id":"u_1"}'


def at(day: int) -> datetime:
    return datetime(2025, 3, day, 9, tzinfo=UTC)


def seen(content: str, *, kind: str = "tool_result", obs_id: str = "o_1") -> Observation:
    sightings = tuple(Sighting(f"s_{d}", at(d), kind) for d in (2, 3, 4))
    return Observation(obs_id, SCOPE, None, content, at(2), 0.8, "internal", KEY,
                       summarise(sightings, 3), source_kind=kind)


def promoted(obs_id: str = "o_1", fact_id: str = "f_new", day: int = 4) -> Promotion:
    return Promotion(obs_id, fact_id, at(day), ("s_2", "s_3", "s_4"), 0.8, 3)


def fact(content: str, *, day: int = 1, kind: str = "user_message") -> ActiveFact:
    return ActiveFact("f_old", SCOPE, KEY, content, None, at(day), kind)


def test_a_promotion_under_an_empty_key_inserts_its_fact() -> None:
    placement = placement_of(promoted(), seen("Prefers aisle seats"), None)
    assert (placement.action, placement.fact_id) == ("insert", "f_new")


def test_a_promotion_that_says_the_same_as_the_fact_adds_its_evidence_to_it() -> None:
    placement = placement_of(promoted(), seen("Prefers window seats"), fact("Prefers window seats"))
    assert (placement.action, placement.fact_id) == ("merge", "f_old")


def test_a_newer_promotion_that_contradicts_the_fact_supersedes_it_from_its_moment() -> None:
    placement = placement_of(promoted(), seen("Prefers aisle seats"), fact("Prefers window seats"))
    assert (placement.action, placement.fact_id, placement.other) == ("supersede", "f_new", "f_old")
    assert placement.valid_to == at(4) and placement.reason


def test_an_older_promotion_that_contradicts_a_newer_fact_is_superseded_by_it_at_once() -> None:
    later = fact("Prefers window seats", day=10)
    placement = placement_of(promoted(), seen("Prefers aisle seats"), later)
    assert (placement.action, placement.other, placement.valid_to) == ("stale", "f_old", at(10))


def test_an_inference_never_supersedes_what_the_user_said() -> None:
    obs = seen("Prefers aisle seats", kind="agent_inference")
    placement = placement_of(promoted(), obs, fact("Prefers window seats"))
    assert (placement.action, placement.valid_to) == ("stale", at(4))


def test_a_second_promotion_of_the_key_meets_the_fact_the_first_one_made() -> None:
    first, second = seen("Prefers aisle seats"), seen("Prefers aisle seats", obs_id="o_2")
    placed = place_promotions(
        [promoted(), promoted("o_2", "f_newer", day=5)],
        {"o_1": first, "o_2": second},
        {(SCOPE, KEY): fact("Prefers window seats")},
    )
    assert [p.placement.action for p in placed if p.placement] == ["supersede", "merge"]
    assert placed[1].placement is not None and placed[1].placement.fact_id == "f_new"


def test_under_a_key_read_as_gathering_a_promotion_adds_a_value() -> None:
    """"craft" reads as single-valued by its name; once its statements showed it gathering
    (``gathering_keys``), a promoted "pottery" joins "knitting" instead of replacing it."""
    craft = "subject:u_1/craft"
    obs = replace(seen("Does pottery on Thursdays"), subject_key=craft, subject_value="pottery")
    knits = replace(fact("Knits jumpers"), subject_key=craft, value="knitting")
    facts = {(SCOPE, craft): knits}
    [by_name] = place_promotions([promoted()], {"o_1": obs}, facts)
    [read] = place_promotions([promoted()], {"o_1": obs}, facts, {(SCOPE, craft)})
    assert by_name.placement is not None and by_name.placement.action == "supersede"
    assert read.placement is not None and read.placement.action == "merge"
    assert read.placement.fact_id == "f_old"
