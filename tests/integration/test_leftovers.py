"""Unkeyed leftovers are consolidated at night (issue 10): what the gate keyed only by its
wording (``text:DIGEST``) is compared, per scope, with the scope's other facts by the nightly
pass; a restatement is merged into the older entry, a change supersedes the older one (the
newer wins), different attributes and other scopes are left apart, each decision is a
write-log row, a rerun is a no-op, and a backfill over a loaded store equals nightly runs."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, text

from memcurator.app.leftovers import KeptMeaning
from memcurator.app.sentence_model import shipped_encoder
from memcurator.consolidation import Policy
from memcurator.keys import wording_key
from store.engine import set_tenants
from store.queries import iter_entries, iter_log
from store.rows import scope_key
from tests.factories import candidate
from tests.integration.test_backfill_equivalence import replay_equals_backfill
from tests.passes import by_day, export, ingest, log_counts, run_pass

EXAMPLES = int(os.environ.get("MEMCURATOR_PROPERTY_EXAMPLES", "10"))
ALICE = {"org_id": "acme", "project_id": "p_1"}
BOB = {"org_id": "acme", "project_id": "p_2"}
DAY0 = date(2025, 3, 1)
FILED = "Bugs for this project are filed in Linear."
RESTATED = "File this project's bugs in Linear, please."
CHANGED = "Switched: bugs for this project are now filed in Jira."
RELEASES = "Releases of this project are cut on Thursdays."
DEPLOYS = "Deploys of this project go out on Thursdays."
# One frame refilled (a change) and its new value said in another frame (a restatement).
DESK = "Book my desk in the window row on floor 2."
MOVED = "Book my desk in the quiet zone on floor 3."
SITS = "I sit in the quiet zone on floor 3."
RETROS = "We do retrospectives every sprint."
RETROS_AGAIN = "Retros happen every sprint."


def said(cid: str, content: str, day: int, scope: dict[str, str] = ALICE) -> dict[str, Any]:
    when = f"{(DAY0 + timedelta(days=day)).isoformat()}T09:{len(cid):02d}:00Z"
    return candidate(
        id=cid, scope=scope, content=content, created_at=when, valid_from=when,
        source={"kind": "user_message", "ref": f"turn_{cid}", "session_id": f"s_{cid}"},
    )  # fmt: skip


def entries(engine: Engine) -> dict[str, dict[str, Any]]:
    return {e["id"]: e for e in iter_entries(engine, status="all") if e["type"] == "fact"}


def nightly(
    engine: Engine, rows: list[dict[str, Any]], days: int, policy: Policy | None = None
) -> None:
    """Each day ingested, then that night's pass."""
    per_day = by_day(rows)
    for n in range(days):
        ingest(engine, per_day.get(DAY0 + timedelta(days=n), []))
        run_pass(engine, DAY0 + timedelta(days=n), policy=policy)


def night_rows(engine: Engine) -> list[dict[str, Any]]:
    return [r for r in iter_log(engine) if (r["reason"] or "").startswith("nightly, unkeyed")]


def test_a_restatement_in_other_words_is_merged_into_the_older_entry(
    engine: Engine,
) -> None:
    nightly(engine, [said("a", FILED, 0), said("b", RESTATED, 1)], 2)
    stored = entries(engine)
    assert stored["a"]["subject_key"] == wording_key(FILED)
    assert stored["b"]["subject_key"] == wording_key(RESTATED)
    assert stored["a"]["status"] == "active" and stored["a"]["evidence"] == 2
    assert stored["a"]["last_confirmed_at"] == stored["b"]["valid_from"]
    assert stored["b"]["status"] == "retired" and stored["b"]["superseded_by"] == "a"
    assert stored["b"]["evidence"] == 1  # its statement stays attached to it
    [row] = night_rows(engine)
    assert (row["action"], row["rule"], row["memory_id"]) == ("merged", "dedup", "b")
    assert row["related_ids"] == ["a"]
    assert row["candidate_key"] == "nightly:2025-03-02:b"
    assert wording_key(RESTATED) in row["reason"] and "restates a: same" in row["reason"]
    assert "grouped with a" in row["reason"] and "bugs, filed" in row["reason"]


def test_a_change_supersedes_the_older_entry_and_the_newer_wins(engine: Engine) -> None:
    nightly(engine, [said("a", FILED, 0), said("b", RESTATED, 1), said("c", CHANGED, 3)], 4)
    stored = entries(engine)
    assert [i for i, e in stored.items() if e["status"] == "active"] == ["c"]
    old = stored["a"]
    assert old["status"] == "superseded" and old["superseded_by"] == "c"
    assert old["valid_to"] == stored["c"]["valid_from"]
    assert old["evidence"] == 2  # nothing is deleted, nothing taken back
    rows = night_rows(engine)
    assert [(r["action"], r["rule"], r["memory_id"]) for r in rows] == [
        ("merged", "dedup", "b"), ("superseded", "conflict", "a")]  # fmt: skip
    assert "change (different name (linear -> jira))" in rows[1]["reason"]


def test_different_attributes_and_other_scopes_are_left_apart(engine: Engine) -> None:
    rows = [said("a", FILED, 0), said("b", RELEASES, 1), said("c", DEPLOYS, 2)]
    rows += [said("d", RESTATED, 3, scope=BOB), said("e", CHANGED, 4, scope=BOB)]
    nightly(engine, rows, 5)
    stored = entries(engine)
    # Releases and deploys share a value (Thursdays), not an attribute; Bob's project has its
    # own facts: its change supersedes its own restatement only, never Alice's.
    assert {i: e["status"] for i, e in stored.items()} == {
        "a": "active", "b": "active", "c": "active", "d": "superseded", "e": "active"}
    assert stored["a"]["evidence"] == 1 and stored["d"]["superseded_by"] == "e"
    assert [r["memory_id"] for r in night_rows(engine)] == ["d"]


def test_a_rerun_of_a_landed_night_changes_nothing(engine: Engine) -> None:
    nightly(engine, [said("a", FILED, 0), said("b", RESTATED, 1)], 2)
    before, counts = export(engine), log_counts(engine)
    run_pass(engine, DAY0 + timedelta(days=1))
    assert export(engine) == before and log_counts(engine) == counts


def test_a_scope_without_observations_is_visited(engine: Engine) -> None:
    """Only facts, no observation anywhere: the pass still finds the scope."""
    nightly(engine, [said("a", FILED, 0), said("b", RESTATED, 0)], 1)
    assert entries(engine)["b"]["status"] == "retired"


def test_the_same_words_said_after_the_merge_count_for_the_older_entry(
    engine: Engine,
) -> None:
    nightly(engine, [said("a", FILED, 0), said("b", RESTATED, 1), said("bb", RESTATED, 3)], 4)
    stored = entries(engine)
    assert stored["b"]["status"] == "retired" and stored["b"]["evidence"] == 2
    assert stored["a"]["status"] == "active" and stored["a"]["evidence"] == 3
    assert stored["a"]["last_confirmed_at"] == stored["b"]["last_confirmed_at"]
    assert [r["action"] for r in iter_log(engine) if r["memory_id"] == "b"] == [
        "inserted", "merged", "merged", "merged"]  # fmt: skip


def test_a_backfill_over_a_loaded_store_equals_nightly_runs(
    new_engine: Callable[[], Engine],
) -> None:
    """Later statements already in the store when the backfill reaches a night (the same
    words again, a change, its restatement) land as the nightly runs placed them."""
    rows = [said("a", FILED, 0), said("b", RESTATED, 1), said("bb", RESTATED, 3),
            said("c", CHANGED, 5), said("aa", FILED, 6), said("r", RELEASES, 6),
            said("d", RESTATED, 7, scope=BOB)]  # fmt: skip
    ahead, stepwise = new_engine(), new_engine()
    ingest(ahead, rows)
    for n in range(9):
        run_pass(ahead, DAY0 + timedelta(days=n))
    nightly(stepwise, rows, 9)
    assert export(ahead) == export(stepwise)
    assert log_counts(ahead) == log_counts(stepwise)
    stored = entries(ahead)
    assert stored["a"]["status"] == "superseded" and stored["a"]["evidence"] == 4
    assert stored["c"]["status"] == "active" and stored["r"]["status"] == "active"


def test_one_frame_refilled_supersedes_and_its_value_in_another_frame_restates(
    engine: Engine,
) -> None:
    nightly(engine, [said("a", DESK, 0), said("b", MOVED, 1), said("c", SITS, 2)], 3)
    stored = entries(engine)
    assert stored["a"]["status"] == "superseded" and stored["a"]["superseded_by"] == "b"
    assert stored["b"]["status"] == "active" and stored["b"]["evidence"] == 2
    assert stored["c"]["status"] == "retired" and stored["c"]["superseded_by"] == "b"
    change, restated = night_rows(engine)
    assert (change["action"], change["rule"]) == ("superseded", "conflict")
    assert change["memory_id"] == "a"
    assert "one frame 'book my desk in the _' with another filler" in change["reason"]
    assert (restated["action"], restated["memory_id"], restated["related_ids"]) == (
        "merged", "c", ["b"])


# One attribute in two frames, each user with a value: only other users' statements show that
# the two frames are one attribute (each user says each value in one frame).
ANCHOR = "Anchoring scope the user lays out: {}."
PAY_OUT = "Pay out {} when we drop the hook."
RATIO, CHAIN, ROPE = "3:1", "chain three times the depth", "five lengths of rope per metre"
CAROL = {"org_id": "acme", "project_id": "p_3"}
ELSEWHERE = [{"org_id": "globex", "project_id": "p_2"}, {"org_id": "globex", "project_id": "p_3"}]


def anchors(others: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Alice says each value once, in one frame each; two others say hers the other way
    round and a third value in both frames (two values shared: one attribute)."""
    return [said("a", ANCHOR.format(RATIO), 0), said("b", PAY_OUT.format(CHAIN), 1),
            said("o1", ANCHOR.format(CHAIN), 0, scope=others[0]),
            said("o2", PAY_OUT.format(RATIO), 0, scope=others[1]),
            said("o3", ANCHOR.format(ROPE), 0, scope=others[0]),
            said("o4", PAY_OUT.format(ROPE), 0, scope=others[1])]  # fmt: skip


FRAMES = Policy(tenant_frames=True)


def test_frames_the_tenant_s_other_scopes_share_make_one_attribute_of_two(
    engine: Engine,
) -> None:
    nightly(engine, anchors([BOB, CAROL]), 2, FRAMES)
    stored = entries(engine)
    assert stored["a"]["status"] == "superseded" and stored["a"]["superseded_by"] == "b"
    assert stored["b"]["status"] == "active"
    row = next(r for r in night_rows(engine) if r["memory_id"] == "a")
    assert row["action"] == "superseded"
    assert "one attribute by frames the tenant's statements share" in row["reason"]
    # The other scopes' statements are read, never shown: the row is Alice's.
    assert not any(f"o{n}" in row["reason"] for n in range(1, 5))
    assert "rope" not in row["reason"].lower()


def test_without_other_scopes_or_with_another_tenant_s_the_two_frames_stay_apart(
    new_engine: Callable[[], Engine],
) -> None:
    for rows in (anchors([BOB, CAROL])[:2], anchors(ELSEWHERE)):
        engine = new_engine()
        try:
            nightly(engine, rows, 2, FRAMES)
            stored = entries(engine)
            assert stored["a"]["status"] == "active" and stored["b"]["status"] == "active"
            assert not [r for r in night_rows(engine) if r["memory_id"] in ("a", "b")]
        finally:
            engine.dispose()


def test_the_tenant_s_frames_are_not_read_unless_turned_on(engine: Engine) -> None:
    nightly(engine, anchors([BOB, CAROL]), 2)
    stored = entries(engine)
    assert stored["a"]["status"] == "active" and stored["b"]["status"] == "active"


POOL = (FILED, RESTATED, CHANGED, RELEASES, DEPLOYS, DESK, MOVED, SITS,
        ANCHOR.format(RATIO), ANCHOR.format(CHAIN), PAY_OUT.format(RATIO),
        PAY_OUT.format(CHAIN))  # fmt: skip


@st.composite
def statements(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Unkeyed statements of three projects over two weeks, in time order."""
    rows = []
    for n in range(draw(st.integers(1, 12))):
        scope = draw(st.sampled_from([ALICE, BOB, CAROL]))
        row = said(f"f_{n:03d}", draw(st.sampled_from(POOL)), draw(st.integers(0, 13)), scope)
        rows.append(row)
    return sorted(rows, key=lambda r: (r["created_at"], r["id"]))


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), rows=statements())
@pytest.mark.parametrize("frames", [False, True])
def test_any_interleaving_of_ingest_and_passes_equals_ingest_all_then_backfill(
    new_engine: Callable[[], Engine], data: st.DataObject, rows: list[dict[str, Any]],
    frames: bool,
) -> None:
    replay_equals_backfill(
        new_engine, data, rows, DAY0 + timedelta(days=14), Policy(tenant_frames=frames)
    )


# -- kept sentence vectors (issue 13: a night encodes only what is new to the scope) --------


def kept(engine: Engine) -> dict[str, set[str]]:
    """The digests of the statement vectors the store keeps, by scope."""
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT scope_key, digest FROM statement_vectors")).all()
    found: dict[str, set[str]] = {}
    for key, digest in rows:
        found.setdefault(key, set()).add(digest)
    return found


@pytest.fixture
def encodings(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[list[int]]]:
    """The statements (as word pieces) the shipped encoder runs its network on from now on,
    its cache of vectors by text emptied first, as in a new process."""
    encoder = shipped_encoder()
    encoder.encode.cache_clear()
    seen: list[list[int]] = []
    forward = encoder._forward

    def counted(ids: list[int]) -> Any:
        seen.append(ids)
        return forward(ids)

    monkeypatch.setattr(encoder, "_forward", counted)
    yield seen
    encoder.encode.cache_clear()


def night(engine: Engine, rows: list[dict[str, Any]], day: int) -> None:
    ingest(engine, rows)
    run_pass(engine, DAY0 + timedelta(days=day))


def test_a_night_encodes_only_the_statements_new_to_the_scope(
    engine: Engine, encodings: list[list[int]]
) -> None:
    # Close in meaning, no two attribute words in common: only the meaning check joins them.
    night(engine, [said("a", RETROS, 0), said("b", SITS, 0, BOB)], 0)
    assert kept(engine) == {} and encodings == []  # one fact a scope: nothing to compare
    night(engine, [said("c", RETROS_AGAIN, 1)], 1)
    assert {k: len(v) for k, v in kept(engine).items()} == {scope_key(ALICE): 2}
    assert len(encodings) == 2
    encodings.clear()
    shipped_encoder().encode.cache_clear()  # a new process: only the store remembers
    night(engine, [said("d", "Sprint retros are held every two weeks.", 2)], 2)
    assert len(encodings) == 1  # the new statement only
    assert {k: len(v) for k, v in kept(engine).items()} == {scope_key(ALICE): 3}


def test_the_kept_vectors_read_back_give_the_encoders_own_cosines(engine: Engine) -> None:
    texts = [RELEASES, DEPLOYS, FILED, RELEASES]
    tenant, key = "acme", scope_key(ALICE)
    encoder = shipped_encoder()
    with engine.begin() as conn:
        set_tenants(conn, [tenant])
        computed = KeptMeaning(conn, tenant, key)(texts)
        assert computed.shape == (4, 4)
    assert len(kept(engine)[key]) == 3  # a statement said twice is kept once
    encoder.encode.cache_clear()
    with engine.begin() as conn:
        set_tenants(conn, [tenant])
        meaning = KeptMeaning(conn, tenant, key)
        assert np.array_equal(meaning(texts), computed)
        assert meaning.encoded == 0  # all read back
    assert np.array_equal(computed, encoder.similarities(texts))


def test_a_rerun_keeps_no_more_vectors_and_decides_the_same(engine: Engine) -> None:
    rows = [said("a", RETROS, 0), said("c", RETROS_AGAIN, 1), said("d", FILED, 2),
            said("e", RESTATED, 3), said("f", CHANGED, 4)]  # fmt: skip
    nightly(engine, rows, 5)
    before, vectors = export(engine), kept(engine)
    assert vectors
    shipped_encoder().encode.cache_clear()
    for n in range(5):
        run_pass(engine, DAY0 + timedelta(days=n))  # the ledger says each landed: no-ops
    assert export(engine) == before and kept(engine) == vectors


def test_erasing_a_scope_forgets_its_kept_vectors(engine: Engine) -> None:
    from store.erasure import erase_scope

    rows = [said("a", RETROS, 0), said("c", RETROS_AGAIN, 1),
            said("x", RETROS, 0, BOB), said("y", RETROS_AGAIN, 1, BOB)]  # fmt: skip
    nightly(engine, rows, 2)
    assert set(kept(engine)) == {scope_key(ALICE), scope_key(BOB)}
    erase_scope(engine, {"project_id": "p_1"}, requested_by="dpo")
    assert set(kept(engine)) == {scope_key(BOB)}
