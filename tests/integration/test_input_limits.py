"""Issue 8, items 3 and 4 and the small ones: what the gate accepts, the store can keep and
read back, on both dialects; a refused or repeated line never blocks a file's re-ingest."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import UTC, date, datetime
from typing import Any

import pytest
from sqlalchemy import Engine, text

from memcurator.app.ingest import ingest_stream, read_lines
from store.engine import make_engine, upgrade
from store.operations import audit_sample
from store.queries import iter_entries, iter_log
from store.reading import as_of, recall, trace
from tests.factories import candidate, line, observation
from tests.passes import run_pass

FAR_TIMESTAMPS = ["9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00"]


def stored_ids(engine: Engine) -> set[str]:
    return {e["id"] for e in iter_entries(engine, status="all")}


@pytest.mark.parametrize("moment", FAR_TIMESTAMPS)
@pytest.mark.parametrize("field", ["created_at", "valid_from"])
def test_a_timestamp_outside_years_1_to_9999_utc_is_a_schema_rejection(
    engine: Engine, field: str, moment: str
) -> None:
    good = candidate()
    lines = [line(**{field: moment}), json.dumps(good).encode()]
    report = ingest_stream(engine, lines)
    assert report.outcomes == {"rejected:schema": 1, "inserted": 1}
    (row,) = iter_log(engine, action="rejected")
    assert row["rule"] == "schema"
    assert f"{field}: is outside years 1-9999 once converted to UTC" in row["reason"]
    assert stored_ids(engine) == {good["id"]}
    assert ingest_stream(engine, lines).skipped == 2


@pytest.mark.parametrize(
    ("moment", "accepted"),
    [
        ("2025-03-04T10:12:00Z", True),
        ("2025-03-04t10:12:00z", True),  # RFC 3339 5.6 NOTE: lowercase t and z are allowed
        ("2025-03-04T10:12:00.123456789+05:30", True),
        ("0001-01-01T00:00:00Z", True),
        ("9999-12-31T23:59:59.999999Z", True),
        ("1741083120", False),
        ("2025-03-04T10:12:00+0530", False),
        ("2025-03-04T10:12:00", False),
        ("2025-03-04 10:12:00Z", False),
        ("2025-03-04T10:12Z", False),
        ("2025-02-30T10:12:00Z", False),
    ],
)
def test_only_rfc_3339_timestamps_with_an_offset_pass(
    engine: Engine, moment: str, accepted: bool
) -> None:
    report = ingest_stream(engine, [line(created_at=moment)])
    if accepted:
        assert report.outcomes == {"inserted": 1}
        return
    assert report.outcomes == {"rejected:schema": 1}
    (row,) = iter_log(engine, action="rejected")
    assert row["reason"].startswith("created_at: ")
    assert "RFC 3339" in row["reason"] or "not a valid date" in row["reason"]


REFUSED_BEFORE = {
    "scope of 3 x 200 quotes": {"org_id": '"' * 200, "team_id": '"' * 200, "user_id": '"' * 200},
    "subject of 200 sharp s": {"entity": "ß" * 200, "attribute": "diet"},
    "tool that NFKC expands": "\ufdfa" * 20,
}


@pytest.mark.parametrize("case", sorted(REFUSED_BEFORE))
def test_what_the_store_cannot_hold_is_a_schema_rejection_and_the_file_reingests(
    engine: Engine, case: str
) -> None:
    value = REFUSED_BEFORE[case]
    if case.startswith("scope"):
        bad = candidate(scope=value)
    elif case.startswith("subject"):
        bad = candidate(subject=value)
    else:
        bad = observation("u_1", "s_1", "2025-03-04T10:12:00Z", tool=str(value))
    first, second = candidate(), candidate()
    report = ingest_stream(engine, [json.dumps(bad).encode(), json.dumps(first).encode()])
    assert report.outcomes == {"rejected:schema": 1, "inserted": 1}
    (row,) = iter_log(engine, action="rejected")
    assert "too long" in row["reason"], row["reason"]
    again = ingest_stream(engine, [json.dumps(bad).encode(), json.dumps(second).encode()])
    assert again.outcomes == {"inserted": 1} and again.skipped == 1
    assert stored_ids(engine) == {first["id"], second["id"]}


def test_the_longest_names_the_schema_accepts_are_stored_on_both_dialects(engine: Engine) -> None:
    # Four-byte word characters (kept whole in a key) in two scope levels and both key
    # parts: the widest rows the schema lets through. Quotes are escaped in the scope key.
    wide = "\U00020000" * 145
    at = "2025-03-04T10:12:00Z"
    lines = [
        line(scope={"org_id": wide, "user_id": wide}, subject={"entity": wide, "attribute": wide}),
        line(scope={"org_id": '"' * 200, "user_id": '"' * 200}),
        json.dumps(observation("u_2", "s_2", at, tool=wide, symptom=wide)).encode(),
    ]
    report = ingest_stream(engine, lines)
    assert report.outcomes == {"inserted": 3}, [r["reason"] for r in iter_log(engine)]


def refuse_content_in_the_database(engine: Engine, content: str) -> None:
    """A real refusal by the database, whatever the gate thinks: a CHECK or a trigger."""
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(
                text(f"ALTER TABLE entries ADD CONSTRAINT no_test CHECK (content <> '{content}')")
            )
        else:
            conn.execute(
                text(
                    "CREATE TRIGGER no_test BEFORE INSERT ON entries "
                    f"WHEN NEW.content = '{content}' BEGIN SELECT RAISE(ABORT, 'refused'); END"
                )
            )


def test_a_candidate_the_database_refuses_is_logged_once_and_its_file_reingests(
    engine: Engine,
) -> None:
    refuse_content_in_the_database(engine, "refuse me")
    refused = line(content="refuse me")
    first, second = candidate(), candidate()
    report = ingest_stream(engine, [refused, json.dumps(first).encode()])
    assert report.outcomes == {"rejected:store": 1, "inserted": 1}
    again = ingest_stream(engine, [refused, json.dumps(second).encode(), refused])
    assert again.outcomes == {"inserted": 1} and again.skipped == 2
    assert stored_ids(engine) == {first["id"], second["id"]}
    assert [r["rule"] for r in iter_log(engine, action="rejected")] == ["store"]


def test_a_byte_order_mark_at_the_start_of_a_file_is_not_content(engine: Engine) -> None:
    good = candidate()
    stream = io.BytesIO(b"\xef\xbb\xbf" + json.dumps(good).encode() + b"\n" + line() + b"\n")
    report = ingest_stream(engine, read_lines(stream, 1 << 20))
    assert report.outcomes == {"inserted": 2}
    assert good["id"] in stored_ids(engine)


def test_identical_bad_lines_are_each_rejected_and_logged_and_reingest_adds_nothing(
    engine: Engine,
) -> None:
    lines = [b"{not json", line(content="okay"), b"{not json", b"{not json"]
    lines[3:3] = [lines[1]]
    report = ingest_stream(engine, lines, batch_size=2)
    assert report.outcomes == {"rejected:schema": 3, "rejected:transient": 2}
    assert report.skipped == 0
    rows = list(iter_log(engine, action="rejected"))
    assert len(rows) == 5 and len({r["candidate_key"] for r in rows}) == 5
    again = ingest_stream(engine, lines, batch_size=3)
    assert again.skipped == 5 and not again.outcomes
    assert len(list(iter_log(engine))) == 5


# -- rows written before the gate refused them (PostgreSQL can hold what Python cannot) ----


@pytest.fixture
def pg_engine(pg_url: str) -> Iterator[Engine]:
    engine = make_engine(pg_url)
    upgrade(engine)
    yield engine
    engine.dispose()


def test_one_stored_row_outside_python_years_breaks_no_read_and_no_pass(
    pg_engine: Engine,
) -> None:
    engine = pg_engine
    scope = {"org_id": "acme", "user_id": "u_odd"}
    fact = candidate(id="f_future", scope=scope)
    obs = observation("u_odd", "s_1", "2025-03-01T00:00:00Z", id="o_past")
    ingest_stream(engine, [json.dumps(fact).encode(), json.dumps(obs).encode()])
    with engine.begin() as conn:  # what an older version let through
        conn.execute(
            text(
                "UPDATE entries SET valid_from = '10000-01-01 11:59:59+00', "
                "valid_since = '10000-01-01 11:59:59+00', "
                "last_confirmed_at = 'infinity' WHERE id = 'f_future'"
            )
        )
        conn.execute(
            text(
                "UPDATE entries SET created_at = '0001-12-31 10:00:00+00 BC', "
                "valid_since = '0001-12-31 10:00:00+00 BC' WHERE id = 'o_past'"
            )
        )
    exported = {e["id"]: e for e in iter_entries(engine, status="all")}
    assert exported["f_future"]["valid_from"] == "9999-12-31T23:59:59.999999Z"
    assert exported["o_past"]["created_at"] == "0001-01-01T00:00:00Z"
    assert trace(engine, "f_future") is not None and trace(engine, "o_past") is not None
    assert {e["id"] for e in recall(engine, scope)} == {"f_future", "o_past"}
    assert len(audit_sample(engine, per_type=5, seed=1)) == 2
    assert [e["id"] for e in as_of(engine, scope, datetime(2025, 3, 5, tzinfo=UTC))] == ["o_past"]
    [report] = run_pass(engine, date(2025, 4, 30))
    assert report.figures["expired"] == 1


def test_the_python_api_sends_datetimes_as_rfc_3339(engine: Engine) -> None:
    from memcurator.app.ingest import submit

    report = submit([candidate(created_at=datetime(2025, 3, 4, 10, 12, tzinfo=UTC))], engine=engine)
    assert report.outcomes == {"inserted": 1}


def test_sightings_at_the_end_of_the_calendar_are_taken_without_overflow(engine: Engine) -> None:
    """An observation seen twice in the last days of 9999 (the gate takes any instant of years
    1-9999): the check whether the first sighting's observation was closed before the second
    added the expiry period to it, overflowed, and failed the whole batch, good lines with it
    (found by a review, 2026-12-07). Now it is a difference of two instants."""
    good = candidate()
    far = [observation("u_far", f"s_{day}", f"9999-12-{day}T00:00:00Z") for day in (20, 21)]
    report = ingest_stream(engine, [json.dumps(c).encode() for c in (good, *far)])
    assert report.outcomes == {"inserted": 2, "merged": 1}
    assert len(stored_ids(engine)) == 2
    [night] = run_pass(engine, date(2025, 3, 5))  # the far sightings are after its cutoff
    assert night.figures["expired"] == 0


@pytest.mark.parametrize(
    "content", ["\u200b\u200b", "\ufeff", "\u00ad", "\u2060\u180e", "\u3164", "\u2800", "\u0301"]
)
def test_content_that_shows_nothing_is_blank(engine: Engine, content: str) -> None:
    """Zero-width and format characters, a lone combining mark, blank fillers: nothing to read,
    refused as blank (they were stored as facts and handed to agents by recall)."""
    report = ingest_stream(engine, [line(content=content), line(content="x\u200by Vegetarian")])
    assert report.outcomes == {"rejected:schema": 1, "inserted": 1}
    (row,) = iter_log(engine, action="rejected")
    assert "content: Value error, is blank" in row["reason"] or "content: is blank" in row["reason"]


@pytest.mark.parametrize(
    ("twice", "name"),
    [
        ('"content": "I eat meat", "content": "I\'m vegetarian"', "content"),
        (
            '"content": "x", "scope": {"org_id": "acme", "user_id": "u_1", "user_id": "u_2"}',
            "user_id",
        ),
    ],
)
def test_a_key_given_twice_in_one_object_is_refused_as_ambiguous(
    engine: Engine, twice: str, name: str
) -> None:
    """Found by a review (2026-12-07): the schema's parser kept the last value silently, where
    other readers keep the first; which statement the user made is a guess."""
    base = candidate(id="c_twice")
    del base["content"]
    if "scope" in twice:
        del base["scope"]
    raw = json.dumps(base)[:-1] + ", " + twice + "}"
    report = ingest_stream(engine, [raw.encode(), json.dumps(candidate()).encode()])
    assert report.outcomes == {"rejected:schema": 1, "inserted": 1}
    (row,) = iter_log(engine, action="rejected")
    assert f'"{name}" given twice in one object' in row["reason"]
    assert "c_twice" not in stored_ids(engine)


def test_a_candidates_status_other_than_active_is_refused_in_plain_words(engine: Engine) -> None:
    report = ingest_stream(engine, [line(status="superseded"), line(status="active")])
    assert report.outcomes == {"rejected:schema": 1, "inserted": 1}
    (row,) = iter_log(engine, action="rejected")
    assert "status: a candidate can only be 'active' (the store sets it)" in row["reason"]
    assert "<Status" not in row["reason"]


@pytest.mark.parametrize(
    ("hidden", "secret"),
    [
        ('"deploy key \\u0041KIAZQ0001XW9PLM3KV8"', "ZQ0001XW9PLM3KV8"),
        ('"db postgres:\\/\\/admin:Zq0002Hunter9x@db:5432\\/app"', "Zq0002Hunter9x"),
        ('"cfg {\\"password\\": \\"Zq0003Tr0ub4dor!\\"}"', "Zq0003Tr0ub4dor"),
        ('"my pass\\u0007word is Zq0007Tr0ub4dor!"', "Zq0007Tr0ub4dor"),
    ],
)
def test_a_secret_hidden_by_json_escapes_in_a_broken_line_never_reaches_the_log(
    engine: Engine, hidden: str, secret: str
) -> None:
    """A line that does not parse is logged from its text; its escapes were screened as
    escapes, so "\\u0041KIA..." passed and the permanent log kept it (a review, 2026-12-07).
    The screen now reads them as JSON does, and the log keeps that reading."""
    broken = '{"type": "fact", "scope": {"org_id": "acme"}, "content": ' + hidden  # no "}"
    report = ingest_stream(engine, [broken.encode()])
    assert report.outcomes == {"rejected:schema": 1}
    with engine.connect() as conn:
        logged = _all_text(conn, "write_log")
        intake = _all_text(conn, "intake")
    assert secret not in logged and secret not in intake


def test_a_broken_line_whose_scope_is_escaped_is_erased_with_its_scope(engine: Engine) -> None:
    from store.erasure import erase_scope

    broken = (
        '{"type": "fact", "scope": {"org_id": "acme", "user_id": "u\\u005fdel"}, '
        '"content": "I have type 2 diabetes"'
    )
    ingest_stream(engine, [broken.encode()])
    erase_scope(engine, {"org_id": "acme", "user_id": "u_del"}, requested_by="test")
    with engine.connect() as conn:
        assert "diabetes" not in _all_text(conn, "write_log")


def _all_text(conn: Any, table: str) -> str:
    rows = conn.execute(text(f"SELECT * FROM {table}"))
    return " ".join(str(value) for row in rows for value in row)


@pytest.mark.parametrize(
    "split",
    [
        {"type": "observation", "tool": "postgres password", "symptom": "Zq0012Hunter9x!"},
        {"content": "my password is", "source": {"kind": "user_message", "ref": "Zq0013Hunter9x"}},
        {"subject": {"entity": "db_password", "attribute": "value", "value": "Zq0011Hunter9"}},
        {"links": ["password:", "Zq0014Hunter9x"]},
    ],
)
def test_a_secret_split_across_fields_is_read_together_and_refused(
    engine: Engine, split: dict[str, Any]
) -> None:
    """A keyword in one field and the value in another passed each field's screen and was
    stored; an observation's symptom also reached the log's reason (a review, 2026-12-07)."""
    fields = candidate(id="c_split")
    if "source" in split:
        split = {**split, "source": {**fields["source"], **split["source"]}}
    fields.update(split)
    report = ingest_stream(engine, [json.dumps(fields).encode(), line()])
    assert report.outcomes == {"rejected:privacy": 1, "inserted": 1}
    (row,) = iter_log(engine, action="rejected")
    assert row["reason"].startswith("credential (password) in fields read together: withheld")
    with engine.connect() as conn:
        stored = _all_text(conn, "write_log") + _all_text(conn, "entries")
    assert "Zq001" not in stored
