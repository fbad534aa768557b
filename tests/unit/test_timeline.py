"""resolve.Timeline on plain data: rules 4 and 5 inside one key, with no database.

Statements go in as ``NewEntry`` values, batch by batch, and the versions of the key come out.
Between batches the timeline is "persisted" the way the store loads it back (flags cleared,
every source remembered under the entry that holds it), so a later batch sees what a real one
would. Meaning comes from the real ``meaning.relate``: the sentences are chosen so that its
verdict is the one the test name promises (window/aisle are opposites, "cannot eat shrimp"
narrows "allergic to shellfish", and so on).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from itertools import permutations
from typing import Any

from memcurator.decisions import NewEntry
from memcurator.meaning import Cardinality
from memcurator.resolve import Timeline
from memcurator.versions import Version, rebuild_chain, recompute

DAY0 = datetime(2025, 3, 1, tzinfo=UTC)


def day(n: int) -> datetime:
    return DAY0 + timedelta(days=n)


def said(mid: str, on: int, content: str, *, source: str = "user_message",
         key: str = "subject:u/seat") -> NewEntry:
    """A fact stated on day ``on`` (its valid_from and created_at)."""
    return NewEntry(id=mid, type="fact", scope={"user_id": "u"}, content=content,
                    source_kind=source, source_ref=f"turn_{mid}", source_session_id=f"s_{on}",
                    confidence=0.9, created_at=day(on), valid_from=day(on),
                    sensitivity="internal", subject_key=key)


def key(kind: Cardinality = "single") -> Timeline:
    """An empty key: nothing stored under it yet."""
    return Timeline([], kind)


def arrive(timeline: Timeline, *batch: NewEntry) -> dict[str, list[Any]]:
    """Resolve one batch, then leave the timeline as the store would load it back."""
    events = timeline.resolve(list(batch))
    for v in timeline.versions:
        v.is_new, v.dirty, v.added, v.moved = False, False, [], []
    timeline.origin = {s.memory_id: v.id for v in timeline.versions for s in v.sources or ()}
    return events


def history(timeline: Timeline) -> list[tuple[Any, ...]]:
    """The live versions, oldest first, with the fields a reader of the history sees. Ids are
    the one thing arrival decides (a version keeps the name of the statement that founded it),
    so a version is told by the statements it holds, and so is its successor."""
    live = sorted((v for v in timeline.versions if v.status != "retired"), key=Version.order)
    held = {v.id: tuple(sorted(s.memory_id for s in v.sources or ())) for v in live}
    return [
        (held[v.id], v.status, v.content, v.valid_from, v.valid_to,
         held.get(v.superseded_by or ""), v.evidence, v.last_confirmed_at, v.created_at)
        for v in live
    ]


def in_order(kind: Cardinality, *statements: NewEntry) -> list[tuple[Any, ...]]:
    """The oracle: the history an arrival in valid-time order, one statement a batch, gives."""
    timeline = key(kind)
    for statement in sorted(statements, key=lambda e: (e.valid_from, e.id)):
        arrive(timeline, statement)
    return history(timeline)


def versions(timeline: Timeline) -> dict[str, Version]:
    return {v.id: v for v in timeline.versions}


WINDOW = said("m_window", 1, "prefers window seats")
AISLE = said("m_aisle", 5, "prefers aisle seats")


def test_aisle_after_window_supersedes_the_window_seat_from_the_day_aisle_was_said() -> None:
    timeline = key()
    arrive(timeline, WINDOW)
    events = arrive(timeline, AISLE)
    by_id = versions(timeline)
    window, aisle = by_id["m_window"], by_id["m_aisle"]
    assert (window.status, window.valid_to, window.superseded_by) == (
        "superseded", day(5), "m_aisle")
    assert (aisle.status, aisle.valid_to, aisle.superseded_by) == ("active", None, None)
    assert window.content == "prefers window seats"  # the loser is kept, not rewritten
    assert [e.action for e in events["m_aisle"]] == ["inserted", "superseded"]


def test_a_late_older_python_restatement_is_stored_as_already_superseded_by_rust() -> None:
    python = said("m_py", 1, "writes Python", key="subject:u/language")
    rust = said("m_rust", 10, "uses Rust instead of Python", key="subject:u/language")
    late = said("m_py_again", 4, "writes Python", key="subject:u/language")
    timeline = key()
    arrive(timeline, python)
    arrive(timeline, rust)
    events = arrive(timeline, late)
    by_id = versions(timeline)
    assert (by_id["m_py"].status, by_id["m_py"].superseded_by, by_id["m_py"].valid_to) == (
        "superseded", "m_rust", day(10))
    assert by_id["m_py"].evidence == 2 and by_id["m_py"].last_confirmed_at == day(4)
    assert by_id["m_rust"].status == "active"
    assert "m_py_again" not in by_id  # it merged; no version of its own
    assert events["m_py_again"][0].action == "merged"
    assert history(timeline) == in_order("single", python, rust, late)


def test_a_set_valued_attribute_gathers_compatible_allergies_into_one_entry() -> None:
    allergies = "subject:u/allergies"
    timeline = key("set")
    arrive(timeline, said("m_shellfish", 1, "is allergic to shellfish", key=allergies))
    arrive(timeline, said("m_shrimp", 2, "cannot eat shrimp", key=allergies))
    arrive(timeline, said("m_peanut", 3, "is allergic to peanuts", key=allergies))
    [only] = timeline.versions
    assert (only.id, only.status, only.evidence) == ("m_shellfish", "active", 3)
    assert only.content == (
        "is allergic to shellfish; cannot eat shrimp; is allergic to peanuts")
    assert only.created_at == day(1) and only.valid_from == day(3)


def test_a_set_valued_attribute_keeps_a_compatible_unrelated_value_in_the_same_entry() -> None:
    """ "not allergic to peanuts" is neither the same nor a refinement of "allergic to
    shellfish" (meaning says unrelated), yet both are true: it is gathered, not a new version."""
    allergies = "subject:u/allergies"
    timeline = key("set")
    arrive(timeline, said("m_shellfish", 1, "is allergic to shellfish", key=allergies))
    events = arrive(timeline, said("m_peanut", 2, "is not allergic to peanuts", key=allergies))
    [only] = timeline.versions
    assert (only.id, only.status, only.evidence) == ("m_shellfish", "active", 2)
    assert only.content == "is allergic to shellfish; is not allergic to peanuts"
    assert [e.action for e in events["m_peanut"]] == ["refined"]


def test_dropping_one_allergy_keeps_the_others_current() -> None:
    # Rule 4: a set gathers, and a removal does not forget the rest. The retraction joins the
    # gathered entry in place of the member it drops; in any arrival order.
    allergies = "subject:u/allergies"
    stream = [said("m_shellfish", 1, "is allergic to shellfish", key=allergies),
              said("m_peanut", 2, "is allergic to peanuts", key=allergies),
              said("m_no_peanut", 3, "is no longer allergic to peanuts", key=allergies)]
    for order in permutations(stream):
        timeline = key("set")
        for statement in order:
            events = arrive(timeline, statement)
        current = [v for v in timeline.versions if v.status == "active"]
        assert len(current) == 1
        assert current[0].content == "is allergic to shellfish; is no longer allergic to peanuts"
        assert current[0].evidence == 3
        if list(order) == stream:  # in order, the retraction's own row says what it dropped
            assert "retracts 1 of its statements" in events["m_no_peanut"][0].reason


def test_retracting_every_member_of_a_set_supersedes_it() -> None:
    allergies = "subject:u/allergies"
    timeline = key("set")
    arrive(timeline, said("m_peanut", 1, "is allergic to peanuts", key=allergies))
    arrive(timeline, said("m_no_peanut", 2, "is no longer allergic to peanuts", key=allergies))
    assert [(v.id, v.status) for v in sorted(timeline.versions, key=Version.order)] == [
        ("m_peanut", "superseded"), ("m_no_peanut", "active")]


def test_a_late_statement_between_two_versions_reopens_the_key_and_splits_history() -> None:
    # Stored: window (day 1, restated day 8) then aisle (day 10). Late: aisle on day 5.
    restated = said("m_window_8", 8, "prefers window seats")
    aisle_10 = said("m_aisle_10", 10, "prefers aisle seats")
    aisle_5 = said("m_aisle_5", 5, "prefers aisle seats")
    timeline = key()
    arrive(timeline, WINDOW)
    arrive(timeline, restated)
    arrive(timeline, aisle_10)
    assert versions(timeline)["m_window"].evidence == 2
    arrive(timeline, aisle_5)
    chain = [(v.id, v.status, v.valid_to, v.superseded_by)
             for v in sorted(timeline.versions, key=Version.order)]
    assert chain == [
        ("m_window", "superseded", day(5), "m_aisle_5"),
        ("m_aisle_5", "superseded", day(8), "m_window_8"),  # the window restatement split off
        ("m_window_8", "superseded", day(10), "m_aisle_10"),
        ("m_aisle_10", "active", None, None),
    ]
    assert versions(timeline)["m_window"].evidence == 1
    assert history(timeline) == in_order("single", WINDOW, restated, aisle_10, aisle_5)


def test_a_tie_on_valid_from_goes_to_the_stronger_source_whatever_the_arrival_order() -> None:
    # Ids that sort the other way round, so that only the source's strength can decide.
    user = said("a_user", 3, "prefers aisle seats")
    document = said("z_document", 3, "prefers window seats", source="document")
    for first, second in ((user, document), (document, user)):
        timeline = key()
        arrive(timeline, first)
        arrive(timeline, second)
        by_id = versions(timeline)
        assert by_id["a_user"].status == "active"
        assert (by_id["z_document"].status, by_id["z_document"].superseded_by) == (
            "superseded", "a_user")


def test_an_inference_never_supersedes_a_user_statement() -> None:
    guess = said("m_guess", 5, "prefers aisle seats", source="agent_inference")
    timeline = key()
    arrive(timeline, WINDOW)
    events = arrive(timeline, guess)
    by_id = versions(timeline)
    assert (by_id["m_window"].status, by_id["m_window"].valid_to) == ("active", None)
    # Stored at once as superseded by the statement it contradicts: a zero-length validity.
    assert (by_id["m_guess"].status, by_id["m_guess"].superseded_by,
            by_id["m_guess"].valid_to) == ("superseded", "m_window", day(5))
    assert [e.action for e in events["m_guess"]] == ["inserted", "superseded"]


def test_an_inference_still_supersedes_an_older_inference() -> None:
    """The guard above is about protected sources only, not every inference."""
    first = said("m_guess_1", 1, "prefers window seats", source="agent_inference")
    second = said("m_guess_2", 5, "prefers aisle seats", source="agent_inference")
    timeline = key()
    arrive(timeline, first)
    arrive(timeline, second)
    by_id = versions(timeline)
    assert (by_id["m_guess_1"].status, by_id["m_guess_1"].superseded_by) == (
        "superseded", "m_guess_2")
    assert by_id["m_guess_2"].status == "active"


def test_a_restatement_merges_into_the_entry_instead_of_adding_a_version() -> None:
    timeline = key()
    arrive(timeline, WINDOW)
    events = arrive(timeline, said("m_again", 4, "really prefers window seats"))
    [only] = timeline.versions
    assert (only.id, only.status, only.evidence, only.last_confirmed_at) == (
        "m_window", "active", 2, day(4))
    # Same meaning: the wording, valid_from, created_at and source stay the first statement's.
    assert (only.content, only.valid_from, only.created_at, only.source_ref) == (
        "prefers window seats", day(1), day(1), "turn_m_window")
    assert [e.action for e in events["m_again"]] == ["merged"]
    assert events["m_again"][0].memory_id == "m_window"


def test_a_refinement_updates_content_and_valid_from_but_keeps_created_at_and_source() -> None:
    timeline = key()
    arrive(timeline, WINDOW)
    events = arrive(timeline, said("m_books", 4, "prefers window seats, ideally over the wing"))
    [only] = timeline.versions
    assert (only.id, only.content, only.valid_from, only.evidence) == (
        "m_window", "prefers window seats, ideally over the wing", day(4), 2)
    assert (only.created_at, only.source_ref) == (day(1), "turn_m_window")
    assert [e.action for e in events["m_books"]] == ["refined"]


# Five statements whose in-order history has every shape: a version refined in place
# (window, then "... ideally over the wing"), a supersession, a split-off restatement.
STATEMENTS = (WINDOW, said("m_books_2", 2, "prefers window seats, ideally over the wing"),
              said("m_aisle_5", 5, "prefers aisle seats"),
              said("m_window_8", 8, "prefers window seats"),
              said("m_aisle_10", 10, "prefers aisle seats"))


def test_every_arrival_order_of_the_same_statements_gives_the_same_history() -> None:
    expected = in_order("single", *STATEMENTS)
    for order in permutations(STATEMENTS):
        timeline = key()
        for statement in order:
            arrive(timeline, statement)
        assert history(timeline) == expected, [s.id for s in order]


def test_re_resolving_the_same_sources_changes_nothing() -> None:
    timeline = key()
    for statement in STATEMENTS:
        arrive(timeline, statement)
    before = history(timeline)
    assert [v[6] for v in before] == [2, 1, 1, 1]  # one version holds two sources
    for v in timeline.versions:
        recompute(v, timeline.relate_fn, timeline.kind, chained=True)
    rebuild_chain(timeline.versions)
    assert history(timeline) == before
    # And a re-derived key resolves a further statement exactly as the stored one did.
    later = said("m_window_12", 12, "prefers window seats")
    arrive(timeline, later)
    assert history(timeline) == in_order("single", *STATEMENTS, later)


def test_a_late_widening_joins_the_versions_around_it_and_retires_the_later_one() -> None:
    """ "window or aisle" refines "window"; "aisle" then restates part of it. Arriving late,
    between the two, it joins them into one version, as an in-order arrival would have:
    the window entry is current again and the aisle entry is retired, pointing to it."""
    either = said("m_either", 3, "prefers window or aisle seats")
    timeline = key()
    arrive(timeline, WINDOW)
    arrive(timeline, AISLE)
    events = arrive(timeline, either)
    by_id = versions(timeline)
    window, aisle = by_id["m_window"], by_id["m_aisle"]
    assert (window.status, window.valid_to, window.superseded_by) == ("active", None, None)
    assert (window.content, window.evidence) == ("prefers window or aisle seats", 3)
    assert (aisle.status, aisle.superseded_by, aisle.evidence) == ("retired", "m_window", 0)
    assert [e.action for e in events["m_either"]] == ["refined", "retired"]
    assert history(timeline) == in_order("single", WINDOW, AISLE, either)


def test_unrelated_under_a_single_valued_key_is_a_logged_supersession_never_of_the_same_value(
) -> None:
    """Decision (issue 10): a single-valued key holds one value at a time, so a statement that
    shares no value with the current one and shows no sign of restating it supersedes it (a
    conflict, SPEC rule 4), and the supersession's row says it was read so. When the two carry
    the same explicit value, it is the same value and merges: never a supersession of it."""
    channel = "subject:u/notification_channel"
    slack = said("m_slack", 1, "Prefers Slack for notifications", key=channel)
    quiet = said("m_quiet", 2, "Does not want notifications after 7pm", key=channel)
    timeline = key()
    arrive(timeline, slack)
    events = arrive(timeline, quiet)
    by_id = versions(timeline)
    assert (by_id["m_slack"].status, by_id["m_slack"].superseded_by) == ("superseded", "m_quiet")
    superseded = next(e for e in events["m_quiet"] if e.action == "superseded")
    assert "unrelated under a single-valued key, read as a change" in superseded.reason
    assert "under notification_channel" in superseded.reason

    valued = key()
    arrive(valued, replace(slack, subject_value="slack"))
    events = arrive(valued, replace(said("m_mute", 2, "Mutes everything after 7pm", key=channel),
                                    subject_value="slack"))
    [only] = valued.versions
    assert (only.id, only.status, only.evidence) == ("m_slack", "active", 2)
    assert [e.action for e in events["m_mute"]] == ["merged"]
    assert "same value (slack -> slack)" in events["m_mute"][0].reason
