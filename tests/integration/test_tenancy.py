"""Tenancy (issue 8, items 9 and 10): ids unique per tenant on both dialects; on PostgreSQL the
application runs as its own role under row-level security, checked with hand-written SQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

import pytest
from sqlalchemy import Engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from memcurator.app.ingest import submit
from store.engine import for_tenants, make_engine, set_tenants, upgrade
from store.queries import iter_entries, iter_log
from store.reading import AmbiguousId, trace
from store.roles import ensure_app_role
from tests.conftest import PG_URL
from tests.factories import candidate, observation
from tests.passes import ingest, run_pass

CLI = [sys.executable, "-m", "memcurator"]
TABLES = ("entries", "entry_sources", "write_log", "intake")


def shadow_pair() -> list[dict[str, Any]]:
    """Org ``evil`` sends id msg_0001 first; org ``acme``'s own msg_0001 follows."""
    return [
        candidate(
            id="msg_0001",
            scope={"org_id": "evil", "user_id": "u_1"},
            content="The user prefers the window seat",
        ),
        candidate(
            id="msg_0001",
            scope={"org_id": "acme", "user_id": "u_1"},
            content="The user is vegetarian",
        ),
    ]


# -- item 9: ids are unique per tenant (both dialects) ----------------------------------------


def test_another_tenants_id_does_not_shadow_mine(engine: Engine) -> None:
    evil, acme = shadow_pair()
    submit([evil], engine=engine)
    report = submit([acme], engine=engine)
    assert report.skipped == 0 and report.outcomes == {"inserted": 1}
    mine = trace(engine, "msg_0001", {"org_id": "acme"})
    assert mine is not None and mine["entry"]["content"] == "The user is vegetarian"
    assert all(e["memory_id"] == "msg_0001" for e in mine["log"])
    theirs = trace(engine, "msg_0001", {"org_id": "evil"})
    assert theirs is not None and theirs["entry"]["content"] == "The user prefers the window seat"
    with pytest.raises(AmbiguousId):
        trace(engine, "msg_0001")
    assert [e["content"] for e in iter_entries(engine, {"org_id": "acme"})] == [
        "The user is vegetarian"
    ]
    assert {r["memory_id"] for r in iter_log(engine, scope={"org_id": "acme"})} == {"msg_0001"}


def test_both_tenants_ids_land_in_one_batch_and_a_rerun_adds_nothing(engine: Engine) -> None:
    pair = shadow_pair()
    report = submit(pair, engine=engine)
    assert report.outcomes == {"inserted": 2}
    again = submit(pair, engine=engine)
    assert again.skipped == 2 and not again.outcomes


def test_supersedes_resolves_within_the_tenant(engine: Engine) -> None:
    submit(shadow_pair(), engine=engine)
    submit(
        [
            candidate(
                id="msg_0002",
                scope={"org_id": "evil", "user_id": "u_1"},
                content="The user prefers the aisle seat",
                supersedes="msg_0001",
                created_at="2025-03-05T10:12:00Z",
            ),
        ],
        engine=engine,
    )
    acme = trace(engine, "msg_0001", {"org_id": "acme"})
    assert acme is not None and acme["entry"]["status"] == "active"
    assert acme["superseded_by"] == []


def test_the_tenant_is_the_first_level_given(engine: Engine) -> None:
    first = candidate(id="t_1", scope={"team_id": "payments", "user_id": "u_1"})
    other = candidate(id="t_1", scope={"team_id": "growth", "user_id": "u_1"})
    assert submit([first, other], engine=engine).outcomes == {"inserted": 2}
    found = trace(engine, "t_1", {"team_id": "growth"})
    assert found is not None and found["entry"]["scope"]["team_id"] == "growth"


def test_the_nightly_pass_keeps_same_id_observations_of_two_tenants_apart(
    engine: Engine,
) -> None:
    for org in ("acme", "evil"):
        sightings = [
            observation("u_1", f"s_{n}", f"2025-03-0{n}T00:00:00Z", id=f"o_{n}") for n in (1, 2, 3)
        ]
        for s in sightings:
            s["scope"] = {"org_id": org, "user_id": "u_1"}
        ingest(engine, sightings)
    reports = run_pass(engine, date(2025, 3, 4), partitions=2)
    assert sum(r.observations for r in reports) == 2  # one per tenant, three sightings each
    assert sum(r.figures["promoted"] for r in reports) == 2
    for org in ("acme", "evil"):
        entries = list(iter_entries(engine, {"org_id": org}, status="all"))
        assert len({e["id"] for e in entries}) == len(entries)
        assert all(e["scope"]["org_id"] == org for e in entries)


# -- item 10: the app role under row-level security (PostgreSQL) -------------------------------


def app_role_name() -> str:
    """One app role per test database: roles are cluster-wide, grants are per schema."""
    database = make_url(PG_URL).database or "memcurator"
    return f"{database}_app"


@pytest.fixture
def stores(pg_schemas: Callable[[], str]) -> Iterator[tuple[Engine, Engine, str, str]]:
    """A migrated PostgreSQL store: (owner engine, app-role engine, owner URL, app URL)."""
    admin_url = pg_schemas()
    app_url = make_url(admin_url).set(username=app_role_name()).render_as_string(False)
    admin = make_engine(admin_url)
    upgrade(admin)
    setup = ensure_app_role(admin, app_url)
    assert setup.separate
    app = make_engine(app_url)
    yield admin, app, admin_url, app_url
    app.dispose()
    admin.dispose()


def load_two_tenants(app: Engine) -> None:
    lines = [*shadow_pair(), "{not json at all"]
    report = submit(lines, engine=app)
    assert report.outcomes == {"inserted": 2, "rejected:schema": 1}


def test_a_session_for_one_tenant_sees_none_of_anothers_rows(
    stores: tuple[Engine, Engine, str, str],
) -> None:
    admin, app, _, _ = stores
    load_two_tenants(app)
    with for_tenants(app, ["acme"]).connect() as conn:
        for table in TABLES:
            evil = conn.scalar(text(f"SELECT count(*) FROM {table} WHERE tenant = 'evil'"))
            assert evil == 0, table
            others = conn.scalar(text(f"SELECT count(*) FROM {table} WHERE tenant <> 'acme'"))
            assert others == 0, table
        assert conn.scalar(text("SELECT count(*) FROM entries")) == 1
        assert conn.scalar(text("SELECT count(*) FROM entries WHERE org_id = 'evil'")) == 0
    with app.connect() as conn:  # no tenant named: nothing at all
        assert all(conn.scalar(text(f"SELECT count(*) FROM {t}")) == 0 for t in TABLES)
    with admin.connect() as conn:  # the owner (operator) reads everything, tenant-less too
        assert conn.scalar(text("SELECT count(*) FROM entries")) == 2
        assert conn.scalar(text("SELECT count(*) FROM write_log WHERE tenant = ''")) == 1


def test_tenants_said_again_in_a_transaction_cost_nothing_and_a_savepoint_takes_them_back(
    stores: tuple[Engine, Engine, str, str],
) -> None:
    """``set_tenants`` said twice in one transaction runs once; a new transaction, or a
    savepoint rolled back, needs it said again, and it is: the rows seen are always the
    tenants said last."""
    _, app, _, _ = stores
    load_two_tenants(app)
    said: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "memcurator.tenants" in statement:
            said.append(statement)

    entries = text("SELECT count(*) FROM entries")
    event.listen(app, "before_cursor_execute", count)
    try:
        with app.connect() as conn:
            with conn.begin():
                set_tenants(conn, ["acme"])
                set_tenants(conn, ["acme"])
                assert conn.scalar(entries) == 1 and len(said) == 1
                set_tenants(conn, ["acme", "evil"])
                assert conn.scalar(entries) == 2 and len(said) == 2
                savepoint = conn.begin_nested()
                set_tenants(conn, [])
                assert conn.scalar(entries) == 0
                savepoint.rollback()  # back to acme and evil, whatever was remembered
                set_tenants(conn, [])
                assert conn.scalar(entries) == 0 and len(said) == 4
            with conn.begin():  # a new transaction starts with no tenant
                assert conn.scalar(entries) == 0
                set_tenants(conn, [])
                assert len(said) == 5
                set_tenants(conn, ["evil"])
                assert conn.scalar(entries) == 1
        # An engine for one tenant says it as each transaction begins, on the same pooled
        # connection every time: each transaction sees the tenant's row.
        acme = for_tenants(app, ["acme"])
        for _ in range(3):
            with acme.begin() as conn:
                assert conn.scalar(entries) == 1
    finally:
        event.remove(app, "before_cursor_execute", count)


def test_a_session_for_one_tenant_cannot_write_anothers_rows(
    stores: tuple[Engine, Engine, str, str],
) -> None:
    _, app, _, _ = stores
    load_two_tenants(app)
    acme = for_tenants(app, ["acme"])
    forged = (
        "INSERT INTO write_log (at, action, rule, candidate_key, reason, tenant) "
        "VALUES (now(), 'inserted', 'gate', 'x', 'forged', 'evil')"
    )
    with pytest.raises(DBAPIError, match="row-level security"), acme.begin() as conn:
        conn.execute(text(forged))
    with acme.begin() as conn:
        changed = conn.execute(text("UPDATE entries SET content = 'pwned' WHERE org_id = 'evil'"))
        assert changed.rowcount == 0
    with pytest.raises(DBAPIError, match="row-level security"), acme.begin() as conn:
        conn.execute(text("UPDATE entries SET tenant = 'evil' WHERE tenant = 'acme'"))
    with for_tenants(app, ["evil"]).connect() as conn:
        kept = conn.scalar(text("SELECT content FROM entries"))
        assert kept == "The user prefers the window seat"


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE write_log SET reason = 'rewritten'",
        "DELETE FROM write_log",
        "TRUNCATE write_log",
        "DELETE FROM entries",
        "TRUNCATE entries",
        "DELETE FROM intake",
        "ALTER TABLE write_log DISABLE TRIGGER write_log_append_only",
        "ALTER TABLE write_log DISABLE TRIGGER ALL",
        "DROP TRIGGER write_log_append_only ON write_log",
        "ALTER TABLE entries DISABLE ROW LEVEL SECURITY",
        "SET session_replication_role = replica",
        "CREATE TABLE sneaky (id int)",
        "ALTER TABLE entries ADD COLUMN sneaky int",
        "DROP TABLE write_log",
        "CREATE ROLE sneaky",
    ],
)
def test_the_app_role_cannot(statement: str, stores: tuple[Engine, Engine, str, str]) -> None:
    _, app, _, _ = stores
    load_two_tenants(app)
    with pytest.raises(DBAPIError) as refused, for_tenants(app, ["acme"]).begin() as conn:
        conn.execute(text(statement))
    assert refused.value.orig is not None
    assert getattr(refused.value.orig, "sqlstate", "") == "42501", refused.value  # privilege


def test_ingest_and_the_nightly_pass_run_end_to_end_as_the_app_role(
    stores: tuple[Engine, Engine, str, str],
) -> None:
    admin, app, _, _ = stores
    for org in ("acme", "evil"):
        sightings = [
            observation("u_1", f"s_{n}", f"2025-03-0{n}T00:00:00Z", id=f"o_{n}") for n in (1, 2, 3)
        ]
        for s in sightings:
            s["scope"] = {"org_id": org, "user_id": "u_1"}
        ingest(app, sightings)
    reports = run_pass(app, date(2025, 3, 4), partitions=3)
    assert sum(r.observations for r in reports) == 2  # one per tenant, three sightings each
    assert sum(r.figures["promoted"] for r in reports) == 2  # each tenant's o_1, seen in 3 sessions
    with admin.connect() as conn:
        facts = conn.execute(
            text("SELECT tenant, org_id FROM entries WHERE type = 'fact' ORDER BY tenant")
        ).all()
        assert [tuple(f) for f in facts] == [("acme", "acme"), ("evil", "evil")]
        logged = conn.scalar(
            text(
                "SELECT count(*) FROM write_log w JOIN entries e "
                "ON e.tenant = w.tenant AND e.id = w.memory_id WHERE w.rule = 'promotion'"
            )
        )
        assert logged == 4  # inserted + promoted, per tenant


def cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("MEMCURATOR_")}
    return subprocess.run(
        [*CLI, *args], env={**base, **env}, capture_output=True, text=True, timeout=120
    )


def test_init_creates_or_checks_the_roles_and_the_cli_reads_per_tenant(
    pg_schemas: Callable[[], str], tmp_path: Any
) -> None:
    admin_url = pg_schemas()
    app_url = make_url(admin_url).set(username=app_role_name()).render_as_string(False)
    env = {"MEMCURATOR_ADMIN_DATABASE_URL": admin_url, "MEMCURATOR_DATABASE_URL": app_url}
    for _ in range(2):  # idempotent
        done = cli("init", env=env)
        assert done.returncode == 0, done.stderr
        assert f"app role {app_role_name()!r}" in done.stdout
    stream = tmp_path / "in.jsonl"
    stream.write_text("".join(json.dumps(c) + "\n" for c in shadow_pair()))
    app_env = {"MEMCURATOR_DATABASE_URL": app_url}
    ingested = cli("ingest", str(stream), env=app_env)
    assert ingested.returncode == 0, ingested.stderr
    assert ingested.stdout.splitlines()[1].split() == ["inserted", "2"]
    traced = cli("trace", "msg_0001", "--scope", "org_id=acme", env=app_env)
    assert traced.returncode == 0, traced.stderr
    assert json.loads(traced.stdout)["entry"]["content"] == "The user is vegetarian"
    as_owner = cli("trace", "msg_0001", env={"MEMCURATOR_DATABASE_URL": admin_url})
    assert as_owner.returncode == 2 and "several tenants" in as_owner.stderr
    log = cli("log", "--scope", "org_id=evil", env=app_env)
    assert [json.loads(r)["memory_id"] for r in log.stdout.splitlines()] == ["msg_0001"]
    # One URL for both, as before: it works, and init says that nothing binds the owner.
    shared = cli("init", env={"MEMCURATOR_DATABASE_URL": admin_url})
    assert shared.returncode == 0 and "row-level security does not bind" in shared.stdout


def test_init_on_sqlite_says_it_is_single_tenant(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    done = cli("init", env={"MEMCURATOR_DATABASE_URL": url})
    assert done.returncode == 0 and "single-tenant" in done.stdout
    refused = cli(
        "init",
        env={"MEMCURATOR_DATABASE_URL": url, "MEMCURATOR_ADMIN_DATABASE_URL": url + "x"},
    )
    assert refused.returncode == 2 and "SQLite is single-tenant" in refused.stderr


def test_upgrading_a_store_from_0003_gives_every_row_its_tenant(store_url: str) -> None:
    from alembic import command

    from store.engine import _alembic_config

    engine = make_engine(store_url)
    command.upgrade(_alembic_config(engine), "0003")
    at = "2025-03-04 10:12:00"
    entry = {
        "id": "msg_0001", "type": "fact", "scope_key": '{"org_id":"acme","user_id":"u_1"}',
        "org_id": "acme", "user_id": "u_1", "content": "The user is vegetarian",
        "source_kind": "user_message", "source_ref": "t", "source_session_id": "s",
        "confidence": 0.9, "created_at": at, "valid_from": at, "valid_since": at,
        "sensitivity": "internal", "status": "active", "evidence": 1,
        "last_confirmed_at": at, "updated_at": at,
    }  # fmt: skip
    with engine.begin() as conn:
        columns = ", ".join(entry)
        conn.execute(
            text(f"INSERT INTO entries ({columns}) VALUES ({', '.join(':' + c for c in entry)})"),
            entry,
        )
        conn.execute(
            text(
                "INSERT INTO entry_sources (memory_id, entry_id, content, valid_from, created_at,"
                " source_kind, source_ref, source_session_id, confidence, sensitivity) VALUES "
                "('msg_0001', 'msg_0001', 'x', :at, :at, 'user_message', 't', 's', 0.9, 'internal')"
            ),
            {"at": at},
        )
        conn.execute(
            text(
                "INSERT INTO intake (key, outcome, rule, memory_id, received_at) VALUES "
                "('msg_0001', 'inserted', 'gate', 'msg_0001', :at), "
                "('rej_1', 'rejected', 'schema', NULL, :at)"
            ),
            {"at": at},
        )
        conn.execute(
            text(
                "INSERT INTO write_log (at, action, rule, memory_id, candidate_key, reason) "
                "VALUES (:at, 'inserted', 'gate', 'msg_0001', 'msg_0001', 'new'), "
                "(:at, 'rejected', 'schema', NULL, 'rej_1', 'not json')"
            ),
            {"at": at},
        )
    upgrade(engine)
    with engine.connect() as conn:
        for table in TABLES:
            tenants = sorted(conn.scalars(text(f"SELECT tenant FROM {table}")))
            assert tenants == (["", "acme"] if table in ("intake", "write_log") else ["acme"])
    # The old rows are judged per tenant now: acme's id is taken (an old row has no digest of
    # its content, so a re-sent id counts as a re-submission), evil's is free.
    evil, acme = shadow_pair()
    report = submit([evil, acme], engine=engine)
    assert report.outcomes == {"inserted": 1} and report.skipped == 1
    assert trace(engine, "msg_0001", {"org_id": "evil"}) is not None
    with pytest.raises(DBAPIError), engine.begin() as conn:  # the log's guard is back on
        conn.execute(text("DELETE FROM write_log"))
    engine.dispose()


def test_the_nightly_flow_runs_as_the_app_role(
    stores: tuple[Engine, Engine, str, str],
    flows_env: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from flows.consolidation import nightly_consolidation

    admin, app, _, app_url = stores
    for org in ("acme", "evil"):
        sightings = [
            observation("u_1", f"s_{n}", f"2025-03-0{n}T00:00:00Z", id=f"o_{n}") for n in (1, 2, 3)
        ]
        for s in sightings:
            s["scope"] = {"org_id": org, "user_id": "u_1"}
        ingest(app, sightings)
    # The flow reads its URL from the settings: the app role's.
    monkeypatch.setenv("MEMCURATOR_DATABASE_URL", app_url)
    result = nightly_consolidation(as_of="2025-03-04")
    assert result["totals"]["promoted"] == 2
    with admin.connect() as conn:
        facts = conn.execute(text("SELECT tenant FROM entries WHERE type = 'fact'")).all()
        assert sorted(f.tenant for f in facts) == ["acme", "evil"]


def test_the_kept_statement_vectors_are_each_tenants_own(
    stores: tuple[Engine, Engine, str, str],
) -> None:
    """The nightly pass, as the app role, keeps the vectors of each tenant's statements under
    row-level security: a session for one tenant neither sees nor writes another's."""
    admin, app, _, _ = stores
    for org in ("acme", "evil"):
        ingest(app, [
            candidate(id=f"{org}_{n}", scope={"org_id": org, "team_id": "t_1"}, content=content,
                      created_at=f"2025-03-0{n}T09:00:00Z", valid_from=f"2025-03-0{n}T09:00:00Z")
            for n, content in ((1, "We do retrospectives every sprint."),
                               (2, "Retros happen every sprint."))
        ])  # fmt: skip
    for day in (1, 2):
        run_pass(app, date(2025, 3, day), partitions=2)
    with admin.connect() as conn:
        owners = conn.execute(
            text("SELECT tenant, count(*) FROM statement_vectors GROUP BY tenant ORDER BY 1")
        ).all()
        assert [tuple(r) for r in owners] == [("acme", 2), ("evil", 2)]
    with for_tenants(app, ["acme"]).connect() as conn:
        seen = conn.execute(text("SELECT DISTINCT tenant FROM statement_vectors")).scalars()
        assert list(seen) == ["acme"]
    forged = (
        "INSERT INTO statement_vectors (tenant, scope_key, digest, vector) "
        "VALUES ('evil', 'x', 'y', '\\x00')"
    )
    acme = for_tenants(app, ["acme"])
    with pytest.raises(DBAPIError, match="row-level security"), acme.begin() as conn:
        conn.execute(text(forged))
    with pytest.raises(DBAPIError) as refused, for_tenants(app, ["acme"]).begin() as conn:
        conn.execute(text("DELETE FROM statement_vectors"))
    assert getattr(refused.value.orig, "sqlstate", "") == "42501"  # no DELETE for the app


def test_the_keys_read_as_gathering_are_each_tenants_own(
    stores: tuple[Engine, Engine, str, str],
) -> None:
    """The gate, as the app role, remembers each tenant's set-valued keys (a value said again
    in one session) under row-level security; the app role cannot delete them."""
    admin, app, _, _ = stores
    for org in ("acme", "evil"):
        submit([
            candidate(id=f"{org}_{n}", scope={"org_id": org, "user_id": "u_1"}, content=content,
                      created_at=f"2025-03-01T09:0{n}:00Z", valid_from=f"2025-03-01T09:0{n}:00Z",
                      source={"kind": "user_message", "ref": f"t{n}", "session_id": "s_1"},
                      subject={"entity": "u_1", "attribute": "craft", "value": value})
            for n, (value, content) in enumerate([("knitting", "I knit."),
                                                  ("pottery", "I do pottery."),
                                                  ("knitting", "Knits jumpers.")])
        ], engine=app)  # fmt: skip
    with admin.connect() as conn:
        owners = conn.execute(text("SELECT tenant, memory_id FROM gathering_keys ORDER BY 1")).all()
        assert [tuple(r) for r in owners] == [("acme", "acme_2"), ("evil", "evil_2")]
        facts = conn.execute(text("SELECT count(*) FROM entries WHERE status = 'active'"))
        assert facts.scalar() == 2  # one gathering entry each
    with for_tenants(app, ["acme"]).connect() as conn:
        seen = conn.execute(text("SELECT DISTINCT tenant FROM gathering_keys")).scalars()
        assert list(seen) == ["acme"]
    forged = ("INSERT INTO gathering_keys (tenant, scope_key, subject_key, memory_id, reason) "
              "VALUES ('evil', 'x', 'y', 'z', 'r')")
    with pytest.raises(DBAPIError, match="row-level security"), \
            for_tenants(app, ["acme"]).begin() as conn:
        conn.execute(text(forged))
    with pytest.raises(DBAPIError) as refused, for_tenants(app, ["acme"]).begin() as conn:
        conn.execute(text("DELETE FROM gathering_keys"))
    assert getattr(refused.value.orig, "sqlstate", "") == "42501"  # no DELETE for the app
