"""Reopening a key (memcurator.resolve), pure: ids, retirement and the in-order oracle.

The meaning of statements is given here by a small table instead of ``meaning.relate``, so
that the rarest path, a late statement that joins two stored entries into one version, is
exercised on purpose.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from memcurator.decisions import NewEntry
from memcurator.meaning import Judgement, relate
from memcurator.resolve import Timeline
from memcurator.versions import Statement, Version, rebuild_chain, recompute

DAY0 = datetime(2025, 1, 1, tzinfo=UTC)


def entry(mid: str, day: int, content: str) -> NewEntry:
    at = DAY0 + timedelta(days=day)
    return NewEntry(id=mid, type="fact", scope={"user_id": "u"}, content=content,
                    source_kind="user_message", source_ref=f"t_{mid}", source_session_id="s",
                    confidence=0.9, created_at=at, valid_from=at, sensitivity="internal",
                    subject_key="subject:u/seat")


def bridging(old: str, new: str, **_: Any) -> Judgement:
    """'any' refines anything and is restated by anything; otherwise equal words are the
    same and different ones contradict."""
    if new == "any":
        return Judgement("refinement", "widens", 0.5)
    if old in ("any", new):
        return Judgement("same", "restates", 1.0)
    return Judgement("contradiction", "differs", 0.0)


def stored(*entries: NewEntry) -> Timeline:
    """A key as an in-order arrival stored it, with every source loaded."""
    versions = []
    for e in entries:
        v = Version.first(e)
        v.is_new, v.dirty, v.added = False, False, []
        versions.append(v)
    rebuild_chain(versions)
    for v in versions:
        v.dirty = False
    return persisted(Timeline(versions, "single", bridging))


def persisted(timeline: Timeline) -> Timeline:
    """The timeline as the next batch loads it back from the store."""
    for v in timeline.versions:
        v.is_new, v.dirty, v.added, v.moved = False, False, [], []
    timeline.origin = {s.memory_id: v.id for v in timeline.versions for s in v.sources or ()}
    return timeline


def test_a_late_bridge_joins_two_stored_entries_and_retires_one() -> None:
    timeline = stored(entry("a_1", 1, "window"), entry("b_3", 3, "aisle"),
                      entry("c_5", 5, "window"))
    events = timeline.resolve([entry("n_2", 2, "any")])
    by_id = {v.id: v for v in timeline.versions}
    # In order: window (1), any (2, restates it), aisle (3) joins too, window (5) joins too.
    assert by_id["a_1"].status == "active" and by_id["a_1"].evidence == 4
    assert {s.memory_id for s in by_id["a_1"].sources or ()} == {"a_1", "n_2", "b_3", "c_5"}
    for husk in ("b_3", "c_5"):
        assert (by_id[husk].status, by_id[husk].superseded_by, by_id[husk].evidence) == (
            "retired", "a_1", 0)
    assert by_id["b_3"].valid_to == by_id["b_3"].valid_since
    assert {m.memory_id for m in by_id["a_1"].moved} == {"b_3", "c_5"}
    actions = [e.action for e in events["n_2"]]
    assert actions[0] == "refined" and actions.count("retired") == 2


def test_reopening_the_first_statement_keeps_ids_with_their_anchor() -> None:
    """The issue's case: the version named a_1 starts with a later-arrived statement."""
    timeline = stored(entry("a_1", 7, "direct"))
    persisted(timeline).resolve([entry("mem_b", 6, "direct")])
    persisted(timeline).resolve([entry("c_1", 6, "layovers")])
    states = sorted(((v.order()[0] - DAY0).days, v.id, v.status, v.evidence)
                    for v in timeline.versions)
    # In order: c_1 (6th, sorts first on the id), then the direct flights (6th, 7th).
    assert states == [(6, "a_1", "active", 2), (6, "c_1", "superseded", 1)]


def test_a_candidate_after_everything_reopens_nothing() -> None:
    timeline = stored(entry("a_1", 1, "window"))
    timeline.resolve([entry("b_2", 2, "aisle")])
    a, b = sorted(timeline.versions, key=Version.order)
    assert (a.id, a.status, a.superseded_by, a.moved) == ("a_1", "superseded", "b_2", [])
    assert (b.id, b.status, [s.memory_id for s in b.added]) == ("b_2", "active", ["b_2"])
    assert Statement.of(entry("x", 1, "y")).order() < b.order()


def test_a_version_reopened_after_its_last_refinement_keeps_the_fold_of_what_is_left() -> None:
    """``recompute(settled=True)`` (``Timeline._reopen`` when every source it takes came after
    the version's last refinement) gives what folding the sources left from the first does,
    at every cut; and a cut at or before the refinement is not settled."""
    said = ["Prefers a window seat", "Likes window seats", "Prefers a window seat",
            "Prefers a window seat on long flights", "Window seat on long flights, please",
            "Prefers a window seat on long flights", "Likes window seats"]
    sources = [Statement.of(entry(f"m_{i}", i, text)) for i, text in enumerate(said)]
    whole = Version.holding(entry("m_0", 0, said[0]), sources)
    recompute(whole, relate, "single", chained=True, attribute="seat_preference")
    assert whole.content == said[3]  # the refinement on day 3, then restatements
    settled_cuts = 0
    for cut in range(1, len(sources)):
        at = sources[cut].order()
        kept = [s for s in sources if s.order() < at]
        fast = Version.holding(entry("m_0", 0, said[0]), kept)
        fast.content, fast.value, fast.valid_from = whole.content, whole.value, whole.valid_from
        settled = whole.valid_from < at[0]
        recompute(fast, relate, "single", chained=True, attribute="seat_preference",
                  settled=settled)
        folded = Version.holding(entry("m_0", 0, said[0]), kept)
        recompute(folded, relate, "single", chained=True, attribute="seat_preference")
        assert settled == (cut > 3)
        settled_cuts += settled
        assert (fast.content, fast.value, fast.valid_from, fast.evidence, fast.confidence,
                fast.last_confirmed_at) == (
            folded.content, folded.value, folded.valid_from, folded.evidence,
            folded.confidence, folded.last_confirmed_at), cut
    assert settled_cuts == 3
