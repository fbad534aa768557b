"""A key whose name reads as single-valued but whose statements show it gathering values
(a value said again after another in one session) is placed as set-valued, its whole history
placed again under that reading, whatever the batches (issue 10); both stores."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Engine, select, text, update

from memcurator.app.ingest import submit
from store.queries import iter_entries, iter_log
from store.tables import Entry, EntrySource, GatheringKey
from tests.factories import candidate

SCOPE = {"org_id": "acme", "user_id": "u_1"}


def craft(cid: str, day: int, minute: int, value: str, content: str) -> dict[str, Any]:
    when = f"2025-03-{day:02d}T10:{minute:02d}:00Z"
    return candidate(
        id=cid, type="fact", scope=SCOPE, content=content, created_at=when, valid_from=when,
        source={"kind": "user_message", "ref": f"turn_{cid}", "session_id": f"s_day{day}"},
        subject={"entity": "u_1", "attribute": "craft", "value": value},
    )


KNIT = craft("k1", 1, 0, "knitting", "I knit.")
POTTERY = craft("p2", 2, 0, "pottery", "I do pottery.")
SESSION_3 = [
    craft("k3", 3, 0, "knitting", "Knitting is one of my crafts."),
    craft("p3", 3, 5, "pottery", "Pottery on Thursday evenings."),
    craft("k3b", 3, 10, "knitting", "I knit Fair Isle jumpers."),
]
WOODWORK = craft("w4", 4, 0, "woodworking", "I do some woodworking.")
ALL = [KNIT, POTTERY, *SESSION_3, WOODWORK]

ARRIVALS = {
    "one batch": [ALL],
    "day by day": [[KNIT], [POTTERY], SESSION_3, [WOODWORK]],
    "newest first": [[WOODWORK], SESSION_3, [POTTERY], [KNIT]],
    "a session split over two batches": [[KNIT, POTTERY, *SESSION_3[:2]], [SESSION_3[2]],
                                         [WOODWORK]],
}


def current(engine: Engine) -> list[tuple[list[str], list[str]]]:
    """Each active fact by the statements it holds (its id depends on which arrived first,
    as for any late arrival) and the values it gathered."""
    with engine.connect() as conn:
        held: dict[str, list[str]] = {}
        for row in conn.execute(select(EntrySource.entry_id, EntrySource.memory_id)):
            held.setdefault(row.entry_id, []).append(row.memory_id)
    return [(sorted(held[e["id"]]), sorted((e["subject"]["value"] or "").split(", ")))
            for e in iter_entries(engine) if e["type"] == "fact"]


@pytest.mark.parametrize("arrival", list(ARRIVALS))
def test_a_key_whose_values_return_in_one_session_gathers_them(
    engine: Engine, arrival: str
) -> None:
    for batch in ARRIVALS[arrival]:
        submit(batch, engine=engine)
    assert current(engine) == [(sorted(c["id"] for c in ALL),
                                ["knitting", "pottery", "woodworking"])]
    entries = {e["id"]: e for e in iter_entries(engine, status="all")}
    assert all(e["status"] in ("active", "retired") for e in entries.values())
    with engine.connect() as conn:
        kept = conn.execute(select(GatheringKey.subject_key, GatheringKey.memory_id,
                                   GatheringKey.reason)).all()
    assert [tuple(row) for row in kept] == [
        ("subject:u_1/craft", "k3b", "'knitting' said again after 'pottery' in session s_day3")]
    notes = [row["reason"] for row in iter_log(engine) if "gathering values:" in row["reason"]]
    assert len(notes) == 1
    assert notes[0].endswith(
        "craft read as gathering values: 'knitting' said again after 'pottery' in session s_day3")


def test_before_the_evidence_the_name_decides(engine: Engine) -> None:
    """Until a session shows it, "craft" is single-valued by its name: pottery supersedes
    knitting; the evidence then places the history again, the superseded entry included."""
    submit([KNIT, POTTERY], engine=engine)
    assert current(engine) == [(["p2"], ["pottery"])]
    assert {e["id"]: e["status"] for e in iter_entries(engine, status="all")} == {
        "k1": "superseded", "p2": "active"}
    submit(SESSION_3, engine=engine)
    assert current(engine) == [(["k1", "k3", "k3b", "p2", "p3"], ["knitting", "pottery"])]
    retired = {e["id"]: (e["status"], e["superseded_by"])
               for e in iter_entries(engine, status="all")}
    assert retired == {"k1": ("active", None), "p2": ("retired", "k1")}
    retire = [row["reason"] for row in iter_log(engine) if row["action"] == "retired"]
    assert retire == ["its statements now belong to k1 (read as gathering values)"]


def seat(cid: str, day: int, minute: int, value: str, content: str) -> dict[str, Any]:
    record = craft(cid, day, minute, value, content)
    record["subject"]["attribute"] = "seat_preference"
    return record


def test_changes_of_mind_stay_changes(engine: Engine) -> None:
    """A single-valued key that changes between sessions and back, or is revised within one,
    is never read as gathering: the newest value wins."""
    submit([
        seat("a", 1, 0, "window", "Always books a window seat."),
        seat("b", 2, 0, "aisle", "Prefers the aisle."),
        seat("c", 3, 0, "window", "Books a window seat."),
        seat("d", 4, 0, "window", "Window seat."),
        seat("e", 4, 5, "aisle", "Update: aisle seats now."),
        seat("f", 4, 9, "window", "Correction: window seats after all."),
    ], engine=engine)
    assert current(engine) == [(["f"], ["window"])]
    with engine.connect() as conn:
        assert conn.execute(select(GatheringKey)).all() == []


def test_erasing_a_scope_forgets_its_gathering_keys(engine: Engine) -> None:
    from store.erasure import erase_scope

    other = [{**c, "id": f"o_{c['id']}", "scope": {"org_id": "acme", "user_id": "u_2"},
              "subject": {**c["subject"], "entity": "u_2"}} for c in SESSION_3]
    submit([*SESSION_3, *other], engine=engine)
    with engine.connect() as conn:
        assert sorted(conn.execute(select(GatheringKey.subject_key)).scalars()) == [
            "subject:u_1/craft", "subject:u_2/craft"]
    erase_scope(engine, {"user_id": "u_1"}, requested_by="dpo")
    with engine.connect() as conn:
        assert list(conn.execute(select(GatheringKey.subject_key)).scalars()) == [
            "subject:u_2/craft"]


def test_a_statement_stored_under_an_older_spelling_of_the_key_is_read(engine: Engine) -> None:
    """The session's statements are read under every spelling the key was stored under: the
    window said before attribute names were read canonically (`seat`) comes back after aisle."""
    submit([seat("a", 3, 0, "window", "Window seat for the first leg.")], engine=engine)
    with engine.begin() as conn:  # as a store written before `seat_preference` was canonical
        conn.execute(text("UPDATE entries SET subject_key = 'subject:u_1/seat'"))
    submit([seat("b", 3, 5, "aisle", "Aisle for the second leg."),
            seat("c", 3, 9, "window", "Window seat for the third leg.")], engine=engine)
    with engine.connect() as conn:
        kept = conn.execute(select(GatheringKey.subject_key, GatheringKey.reason)).all()
    assert [tuple(row) for row in kept] == [
        ("subject:u_1/seat_preference", "'window' said again after 'aisle' in session s_day3")]


def test_erasing_a_person_leaves_another_scopes_gathering_keys(engine: Engine) -> None:
    """A topic of another scope that held only the person's statements is erased with them;
    that scope's keys read as gathering are not the person's and stay."""
    from store.erasure import erase_scope

    team = {"org_id": "acme", "team_id": "t_1"}
    mine = [{**c, "id": f"t_{c['id']}", "scope": team,
             "subject": {**c["subject"], "entity": "t_1"}} for c in SESSION_3]
    submit([*SESSION_3, *mine], engine=engine)
    with engine.begin() as conn:  # a team topic whose only member is the person's statement
        conn.execute(update(Entry).where(Entry.id == "t_k3").values(
            subject_key="topic:psql/k3", links=["k3"]))
    erase_scope(engine, {"user_id": "u_1"}, requested_by="dpo")
    with engine.connect() as conn:
        assert list(conn.execute(select(GatheringKey.subject_key)).scalars()) == [
            "subject:t_1/craft"]
        assert conn.execute(select(Entry.id).where(Entry.id == "t_k3")).first() is None


def person(user: str, cid: str, day: int, minute: int, value: str, content: str) -> dict[str, Any]:
    record = craft(f"{user}_{cid}", day, minute, value, content)
    record["scope"] = {"org_id": "acme", "user_id": user}
    record["subject"]["entity"] = user
    record["source"]["session_id"] = f"s_{user}_day{day}"
    return record


def shows(user: str) -> list[dict[str, Any]]:
    """A session in which the user's craft values come back: the key's own evidence."""
    return [person(user, "a", 5, 0, "painting", "I paint."),
            person(user, "b", 5, 3, "sewing", "I sew."),
            person(user, "c", 5, 6, "painting", "Painting again on Sunday.")]


THIRD = [person("u_3", "k", 1, 0, "knitting", "I knit."),
         person("u_3", "p", 2, 0, "pottery", "I do pottery.")]

ATTRIBUTE_ARRIVALS = {
    "one batch": [[*shows("u_1"), *shows("u_2"), *THIRD]],
    "the third subject first": [THIRD, shows("u_1"), shows("u_2")],
    "the third subject last": [shows("u_1"), shows("u_2"), THIRD],
    "between the two": [shows("u_1"), THIRD, shows("u_2")],
    "one statement at a time, newest first": [[c] for c in reversed(
        [*shows("u_1"), *THIRD, *shows("u_2")])],
}


def crafts_of(engine: Engine, user: str) -> list[list[str]]:
    return sorted(sorted((e["subject"]["value"] or "").split(", "))
                  for e in iter_entries(engine, {"org_id": "acme", "user_id": user})
                  if e["type"] == "fact")


@pytest.mark.parametrize("arrival", list(ATTRIBUTE_ARRIVALS))
def test_an_attribute_two_subjects_showed_gathering_gathers_for_every_subject(
    engine: Engine, arrival: str
) -> None:
    """u_3 never said two crafts in one session; u_1 and u_2 did, so craft gathers for the
    tenant and u_3's knitting and pottery are one set, whichever statements came first."""
    for batch in ATTRIBUTE_ARRIVALS[arrival]:
        submit(batch, engine=engine)
    assert crafts_of(engine, "u_3") == [["knitting", "pottery"]]
    assert crafts_of(engine, "u_1") == [["painting", "sewing"]]
    with engine.connect() as conn:
        kept = dict(conn.execute(select(GatheringKey.subject_key, GatheringKey.reason)).all())
    assert kept["subject:u_3/craft"] == "as 2 other keys of the tenant showed"
    assert set(kept) == {"subject:u_1/craft", "subject:u_2/craft", "subject:u_3/craft"}
    superseded = [e for e in iter_entries(engine, {"org_id": "acme", "user_id": "u_3"},
                                          status="all") if e["status"] == "superseded"]
    assert superseded == []


def test_one_subject_showing_it_is_not_enough(engine: Engine) -> None:
    submit([*THIRD, *shows("u_1")], engine=engine)
    assert crafts_of(engine, "u_3") == [["pottery"]]
    with engine.connect() as conn:
        kept = list(conn.execute(select(GatheringKey.subject_key)).scalars())
    assert kept == ["subject:u_1/craft"]


def test_a_stored_key_placed_again_says_so_in_the_log(engine: Engine) -> None:
    submit(THIRD, engine=engine)
    submit([*shows("u_1"), *shows("u_2")], engine=engine)
    rows = [r for r in iter_log(engine) if r["memory_id"] in ("u_3_k", "u_3_p")
            and r["action"] in ("retired", "superseded", "merged", "refined")]
    assert [(r["action"], r["memory_id"]) for r in rows][-1] == ("retired", "u_3_p")
    assert rows[-1]["reason"] == "its statements now belong to u_3_k (read as gathering values)"


def test_another_tenants_readings_do_not_count(engine: Engine) -> None:
    """Two subjects of another organisation showed craft gathering: acme's u_3 keeps the
    reading of its name (an attribute's use is read within a tenant, never across)."""
    other = [{**c, "scope": {**c["scope"], "org_id": "globex"}}
             for c in [*shows("u_1"), *shows("u_2")]]
    submit([*THIRD, *other], engine=engine)
    assert crafts_of(engine, "u_3") == [["pottery"]]
