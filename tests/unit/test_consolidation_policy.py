"""The nightly pass's policy on plain data: expiry clock, promotion by sessions, topics."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from memcurator.consolidation import (
    Member,
    Observation,
    Policy,
    Sighting,
    Topic,
    batch_topics,
    expiry_of,
    plan_partition,
    promotion_of,
    summarise,
)
from memcurator.settings import Settings

T0 = datetime(2025, 3, 1, 10, 0, tzinfo=UTC)
SCOPE = '{"org_id":"acme","user_id":"u_1"}'
POLICY = Policy()


def obs(
    oid: str,
    content: str = "psql timed out connecting to replica-2",
    *,
    tool: str | None = "psql",
    sightings: list[tuple[str, datetime]] | None = None,
    kind: str = "tool_result",
    in_topic: bool = False,
) -> Observation:
    seen = sightings or [("s_1", T0)]
    return Observation(
        id=oid,
        scope_key=SCOPE,
        tool=tool,
        content=content,
        created_at=min(at for _, at in seen),
        confidence=0.8,
        sensitivity="internal",
        subject_key=None,
        seen=summarise([Sighting(s, at, kind) for s, at in seen], POLICY.promote_sessions),
        in_topic=in_topic,
    )


def test_an_observation_expires_exactly_thirty_days_after_it_was_last_seen() -> None:
    o = obs("o1", sightings=[("s_1", T0), ("s_2", T0 + timedelta(days=5))])
    last_seen = T0 + timedelta(days=5)
    boundary = last_seen + timedelta(days=30)
    assert expiry_of(o, boundary - timedelta(microseconds=1), POLICY) is None
    expiry = expiry_of(o, boundary, POLICY)
    assert expiry is not None
    assert expiry.expired_at == boundary
    assert expiry.last_seen == last_seen


def test_an_observation_seen_at_the_end_of_the_calendar_is_not_due_and_does_not_overflow() -> None:
    far = datetime(9999, 12, 20, tzinfo=UTC)
    o = obs("o_far", sightings=[("s_1", far)])
    assert expiry_of(o, datetime(9999, 12, 31, tzinfo=UTC), POLICY) is None


def test_the_expiry_clock_is_configurable() -> None:
    o = obs("o1")
    policy = Policy(expire_after=timedelta(days=7))
    assert expiry_of(o, T0 + timedelta(days=7), policy) is not None
    assert expiry_of(o, T0 + timedelta(days=6, hours=23), policy) is None


def test_three_distinct_sessions_promote_an_observation_at_the_third() -> None:
    third = T0 + timedelta(days=2)
    o = obs("o1", sightings=[("s_1", T0), ("s_2", T0 + timedelta(days=1)), ("s_3", third)])
    promotion = promotion_of(o, POLICY)
    assert promotion is not None
    assert promotion.qualified_at == third
    assert promotion.sessions == ("s_1", "s_2", "s_3")
    assert promotion.confidence >= 0.6


def test_three_mentions_in_one_session_do_not_promote() -> None:
    o = obs("o1", sightings=[("s_1", T0 + timedelta(minutes=i)) for i in range(3)])
    assert promotion_of(o, POLICY) is None


def test_two_sessions_with_many_mentions_do_not_promote() -> None:
    seen = [("s_1", T0 + timedelta(minutes=i)) for i in range(5)]
    seen += [("s_2", T0 + timedelta(days=1, minutes=i)) for i in range(5)]
    assert promotion_of(obs("o1", sightings=seen), POLICY) is None


def test_repeated_repeats_in_a_session_do_not_count_twice_towards_the_third() -> None:
    seen = [("s_1", T0), ("s_1", T0 + timedelta(hours=1)), ("s_2", T0 + timedelta(days=1))]
    seen.append(("s_3", T0 + timedelta(days=3)))
    promotion = promotion_of(obs("o1", sightings=seen), POLICY)
    assert promotion is not None and promotion.qualified_at == T0 + timedelta(days=3)


def test_an_agent_guess_repeated_across_sessions_is_not_promoted() -> None:
    seen = [(f"s_{i}", T0 + timedelta(days=i)) for i in range(5)]
    guess = obs("o1", "The user probably wants a promotion", kind="agent_inference", sightings=seen)
    assert promotion_of(guess, POLICY) is None


def test_a_promoted_observation_is_not_also_expired() -> None:
    seen = [(f"s_{i}", T0 + timedelta(days=i)) for i in range(3)]
    plan = plan_partition(
        [obs("o1", sightings=seen)], [], cutoff=T0 + timedelta(days=90), policy=POLICY
    )
    assert [p.observation_id for p in plan.promotions] == ["o1"]
    assert plan.expiries == []
    assert plan.topics == []


def test_similar_observations_of_one_tool_form_one_topic_and_others_stay_out() -> None:
    pending = [
        obs("o1", "psql timed out connecting to replica-2 after 30 s"),
        obs("o2", "psql timed out connecting to replica-2", sightings=[("s_2", T0 + timedelta(1))]),
        obs("o3", "The docs search returned nothing for refund policy", tool="search"),
        obs("o4", "Deploy to staging failed: permission denied", tool="psql"),
    ]
    updates = batch_topics(pending, [], POLICY)
    assert len(updates) == 1
    topic = updates[0]
    assert topic.is_new and topic.members == ("o1", "o2")
    assert topic.tool_key == "psql"
    assert topic.content.startswith("Topic psql (2 observations): psql timed out")


def test_observations_of_different_tools_never_share_a_topic() -> None:
    text = "request timed out after 30 s"
    pending = [obs("o1", text, tool="psql"), obs("o2", text, tool="search")]
    assert batch_topics(pending, [], POLICY) == []


def test_a_new_observation_joins_the_existing_topic_in_place() -> None:
    first = batch_topics(
        [obs("o1", "psql timed out on replica-2"), obs("o2", "psql timed out on replica-2 again")],
        [],
        POLICY,
    )[0]
    members = tuple(
        Member(m, "psql timed out on replica-2", T0, 0.8, "internal", T0) for m in first.members
    )
    existing = Topic(first.topic_id, SCOPE, "psql", first.members, members, 0.8, "internal", T0, T0)
    later = obs(
        "o3",
        "psql timed out on replica-2 during deploy",
        sightings=[("s_9", T0 + timedelta(days=3))],
    )
    updates = batch_topics([later], [existing], POLICY)
    assert len(updates) == 1
    assert updates[0].topic_id == first.topic_id
    assert not updates[0].is_new
    assert updates[0].new_members == ("o3",)
    assert updates[0].members == ("o1", "o2", "o3")
    assert "(3 observations)" in updates[0].content
    assert updates[0].confidence == 0.8 and updates[0].created_at == T0


def test_a_topic_is_matched_on_its_recent_members_but_links_every_member() -> None:
    from memcurator.consolidation import TOPIC_SAMPLE

    old_text, new_text = "pytest fixture db leaked a connection", "psql timed out on replica-2"
    ids = tuple(f"m{i:03d}" for i in range(TOPIC_SAMPLE + 30))
    recent = tuple(Member(i, new_text, T0, 0.8, "internal", T0) for i in ids[-TOPIC_SAMPLE:])
    topic = Topic("t1", SCOPE, "psql", ids, recent, 0.8, "internal", T0, T0)
    updates = batch_topics([obs("o_new", "psql timed out on replica-2 at night")], [topic], POLICY)
    [update] = updates
    assert update.members == (*ids, "o_new")
    assert f"({len(ids) + 1} observations)" in update.content
    assert old_text not in update.content


def test_the_plan_does_not_depend_on_the_order_rows_came_back_in() -> None:
    rng = random.Random(3)
    texts = [
        "psql timed out on replica-2",
        "pytest failed with ImportError in payments.api",
        "deploy to staging failed: permission denied",
        "search returned nothing",
    ]
    observations = [
        obs(
            f"o{i:02d}",
            rng.choice(texts),
            tool=rng.choice(["psql", "ci"]),
            sightings=[
                (f"s_{rng.randrange(6)}", T0 + timedelta(hours=rng.randrange(500)))
                for _ in range(rng.randrange(1, 5))
            ],
        )
        for i in range(40)
    ]
    cutoff = T0 + timedelta(days=40)
    reference = plan_partition(observations, [], cutoff=cutoff, policy=POLICY)
    for _ in range(5):
        shuffled = observations[:]
        rng.shuffle(shuffled)
        again = plan_partition(shuffled, [], cutoff=cutoff, policy=POLICY)
        assert again.promotions == reference.promotions
        assert again.expiries == reference.expiries
        assert sorted(again.topics, key=lambda t: t.topic_id) == sorted(
            reference.topics, key=lambda t: t.topic_id
        )


THREE_SUBJECTS = (
    "psql timed out connecting to replica {} during the nightly export",
    "vacuum of the orders table blocked autovacuum worker {} for hours",
    "pg_dump ran out of disk space writing backup file {} to the volume",
)


def test_a_backlog_larger_than_one_slice_is_batched_into_the_same_topics() -> None:
    from memcurator import consolidation

    pending = [
        obs(
            f"o{i:04d}",
            THREE_SUBJECTS[i % 3].format(i),
            sightings=[(f"s_{i}", T0 + timedelta(minutes=i))],
        )
        for i in range(60)
    ]
    whole = batch_topics(pending, [], POLICY)
    saved = consolidation.CLUSTER_SLICE
    consolidation.CLUSTER_SLICE = 25
    try:
        sliced = batch_topics(pending, [], POLICY)
    finally:
        consolidation.CLUSTER_SLICE = saved
    assert sum(len(t.members) for t in sliced) == 60
    # The same topics: the same ids, each with the same members (one topic per subject).
    assert {t.topic_id: set(t.members) for t in sliced} == {
        t.topic_id: set(t.members) for t in whole
    }
    assert sorted(sorted(t.members) for t in whole) == [
        [f"o{i:04d}" for i in range(60) if i % 3 == r] for r in range(3)
    ]
    assert all(len(set(t.new_members)) == len(t.new_members) for t in sliced)


def test_an_observation_is_closed_to_sightings_from_the_day_after_its_expiry_night() -> None:
    from memcurator.lifecycle import closed_before

    seen = [Sighting("s_1", T0, "tool_result")]  # 1 March 10:00: expires 31 March 10:00
    # The pass for 30 March (cutoff 31 March 00:00) has not expired it: open all of 31 March,
    # even after 10:00, because the pass for 31 March runs after that day's ingest.
    assert not closed_before(seen, datetime(2025, 3, 31, 0, 0, tzinfo=UTC), POLICY)
    assert not closed_before(seen, datetime(2025, 3, 31, 23, 59, tzinfo=UTC), POLICY)
    # The pass for 31 March expired it: a sighting on 1 April starts a new observation.
    assert closed_before(seen, datetime(2025, 4, 1, 0, 0, tzinfo=UTC), POLICY)
    # Sightings later than the day asked about do not keep it open.
    later = [*seen, Sighting("s_2", datetime(2025, 4, 1, 9, 0, tzinfo=UTC), "tool_result")]
    assert closed_before(later, datetime(2025, 4, 1, 12, 0, tzinfo=UTC), POLICY)


def test_an_observation_is_closed_from_the_day_after_its_third_session() -> None:
    from memcurator.lifecycle import closed_before

    days = [T0 + timedelta(days=d) for d in range(3)]
    seen = [Sighting(f"s_{i}", at, "tool_result") for i, at in enumerate(days)]
    assert not closed_before(seen, days[2] + timedelta(hours=8), POLICY)
    assert closed_before(seen, datetime(2025, 3, 4, 0, 0, tzinfo=UTC), POLICY)
    guesses = [Sighting(s.session_id, s.created_at, "agent_inference") for s in seen]
    assert not closed_before(guesses, datetime(2025, 3, 4, 0, 0, tzinfo=UTC), POLICY)
    assert not closed_before(seen, days[0], Policy(promote_sessions=1))


@pytest.mark.parametrize("sessions", [0, -1])
def test_promotion_needs_one_session_or_more(sessions: int) -> None:
    with pytest.raises(ValueError, match="1 or more"):
        Policy(promote_sessions=sessions)
    with pytest.raises(ValueError, match="promote_sessions"):
        Settings(promote_sessions=sessions)


def test_the_tenant_s_frames_are_a_setting_of_the_pass_off_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert Policy().tenant_frames is False
    assert Policy.from_settings(Settings()).tenant_frames is False
    monkeypatch.setenv("MEMCURATOR_TENANT_FRAMES", "true")
    assert Policy.from_settings(Settings()).tenant_frames is True
