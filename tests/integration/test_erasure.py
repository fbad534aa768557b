"""The right to erasure (`memcurator forget`) and `--scope` on log, trace and audit sample.

Every string one person ("u_gone" of org acme) ever sent carries the marker ``gonex`` (their
ids carry ``gid`` instead: ids are kept, so that ``trace`` can say an id was erased). After
erasure a full dump of the database (pg_dump / SQLite's iterdump: every table, every column)
must not contain the marker, and everyone else's rows must read exactly as before.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, func, insert, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from store.erasure import ErasureRefused, erase_scope, preview_erasure
from store.operations import audit_mark, audit_sample
from store.queries import iter_entries, iter_log
from store.reading import trace
from store.roles import ensure_app_role
from store.tables import Entry, EntrySource, Intake, TopicMember, WriteLog
from tests.factories import candidate, observation
from tests.integration.test_cli import CLI, one_line_error, run
from tests.integration.test_tenancy import app_role_name
from tests.passes import FIXED_NOW, ingest, run_pass

GONE = {"org_id": "acme", "user_id": "u_gone"}
STAY = {"org_id": "acme", "user_id": "u_stay"}
TEAM = {"org_id": "acme", "team_id": "t_core"}
# The same user id in another tenant is another person: `--scope org_id=acme` must spare them.
TWIN = {"org_id": "other", "user_id": "u_gone"}
MARKER = "gonex"


def person(scope: dict[str, str], tag: str, pid: str) -> list[Any]:
    """Everything one person sends: a restated fact, a superseded fact, a redacted one, a
    demoted guess, observations to promote and to gather into a topic, and rejections."""
    src = {"kind": "user_message", "ref": f"turn_{tag}_1", "session_id": f"s_{tag}_1"}

    def fact(cid: str, content: str, at: str, **more: Any) -> dict[str, Any]:
        return candidate(id=cid, scope=scope, content=content, source=src, created_at=at, **more)

    def seen(
        cid: str, session: str, at: str, content: str, tool: str, symptom: str
    ) -> dict[str, Any]:
        obs = observation(scope["user_id"], session, at, content=content, tool=tool, id=cid)
        obs["scope"] = scope
        obs["source"]["ref"] = f"turn_{tag}_{cid}"
        obs["symptom"] = f"{tag} {symptom}"
        return obs

    city = {"entity": "user", "attribute": "home_city"}
    diet = {"entity": "user", "attribute": "diet", "value": f"{tag}-vegetarian"}
    return [
        fact(f"{pid}_diet", f"{tag} is vegetarian", "2025-03-01T10:00:00Z", subject=diet),
        fact(f"{pid}_diet2", f"{tag} is vegetarian", "2025-03-02T10:00:00Z", subject=diet),
        fact(
            f"{pid}_city1",
            f"{tag} lives in Paris",
            "2025-03-01T10:00:00Z",
            subject={**city, "value": f"{tag}-Paris"},
        ),
        fact(
            f"{pid}_city2",
            f"{tag} lives in Berlin",
            "2025-03-05T10:00:00Z",
            subject={**city, "value": f"{tag}-Berlin"},
        ),
        fact(f"{pid}_mail", f"{tag} mail is {tag}@example.com", "2025-03-01T11:00:00Z"),
        fact(f"{pid}_guess", f"{tag} probably likes green tea", "2025-03-01T12:00:00Z"),
        *(
            seen(
                f"{pid}_o{i}",
                f"s_{tag}_{i}",
                f"2025-03-0{i}T09:00:00Z",
                f"{tag} psql timed out",
                "psql",
                "timeout",
            )
            for i in (1, 2, 3)
        ),
        seen(
            f"{pid}_t1",
            f"s_{tag}_1",
            "2025-03-01T09:30:00Z",
            f"pytest ImportError {tag}.api",
            "pytest",
            "import 1",
        ),
        seen(
            f"{pid}_t2",
            f"s_{tag}_2",
            "2025-03-02T09:30:00Z",
            f"pytest ImportError {tag}.api again",
            "pytest",
            "import 2",
        ),
        seen(
            f"{pid}_x",
            f"s_{tag}_3",
            "2025-03-03T09:45:00Z",
            f"{tag} deploy bucket refused",
            "s3",
            "refused",
        ),
        fact(f"{pid}_chat", f"Let me look into the {tag} ticket now", "2025-03-01T13:00:00Z"),
        json.dumps(
            {
                **fact(f"{pid}_bad", f"{tag} plan", "2025-03-01T14:00:00Z"),
                "metadata": {"note": f"{tag} meta"},
            }
        ),
        '{"scope": ' + json.dumps(scope) + f', "content": "{tag} broken line',
    ]


def team_observations() -> list[dict[str, Any]]:
    return [
        {
            **observation(
                "x",
                f"s_team_{i}",
                f"2025-03-0{i}T08:00:00Z",
                content=f"pytest ImportError core.api {i}",
                tool="pytest",
                # Two failures, so two entries for the topic to gather (one failure seen twice
                # is one entry: symptoms.py reads its wordings as one class).
                symptom=("ImportError core.api", "collection error in core.api")[i - 1],
                id=f"team_o{i}",
            ),
            "scope": TEAM,
        }
        for i in (1, 2)
    ]


def build_store(engine: Engine) -> dict[str, str]:
    """Two people, a twin in another org, a team; a nightly pass; an audit note; and a team
    topic that (as a topic merging several people's observations would) links one of the
    person's observations and quotes it. Returns the ids the tests look at."""
    ingest(engine, person(GONE, MARKER, "gid") + person(STAY, "keepy", "kid"))
    ingest(engine, person(TWIN, "twinny", "wid") + team_observations())
    run_pass(engine, date(2025, 3, 4))
    audit_mark(engine, "gid_diet", "wrong", auditor="qa", note=f"{MARKER} never said so")
    audit_mark(engine, "kid_diet", "correct", auditor="qa", note="keepy said so")
    with engine.begin() as conn:
        team_topic = conn.scalar(
            select(Entry.id).where(Entry.team_id == "t_core", Entry.type == "summary")
        )
        assert team_topic is not None, "the pass built no team topic"
        mine = (Entry.tenant == "acme", Entry.id == team_topic)
        links = conn.scalar(select(Entry.links).where(*mine))
        conn.execute(
            update(Entry)
            .where(*mine)
            .values(
                links=[*links, "gid_x"],
                evidence=len(links) + 1,
                content=f"Topic pytest (3 observations): {MARKER} deploy bucket refused",
            )
        )
        conn.execute(
            insert(TopicMember),
            [
                {
                    "tenant": "acme",
                    "observation_id": "gid_x",
                    "topic_id": team_topic,
                    "joined_on": "2025-03-04",
                    "last_seen": FIXED_NOW,
                }
            ],
        )
    return {"team_topic": team_topic}


def dump(engine: Engine) -> str:
    """The whole store as its own dump tool writes it: every table, every column."""
    if engine.dialect.name == "sqlite":
        engine.dispose()
        with sqlite3.connect(str(engine.url.database)) as conn:
            return "\n".join(conn.iterdump())
    with engine.connect() as conn:
        schema = conn.scalar(text("SELECT current_schema()"))
    url = engine.url.set(drivername="postgresql", query={})
    out = subprocess.run(
        ["pg_dump", "--data-only", "-n", str(schema), url.render_as_string(hide_password=False)],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout


def _lines(dumped: str, leave_out: str) -> list[str]:
    """A dump's lines, without pg_dump's per-run restrict key, its sequence positions (a
    rolled-back insert still used a number) and without ``leave_out``."""
    return [
        x
        for x in dumped.splitlines()
        if leave_out not in x
        and not x.startswith(("\\restrict", "\\unrestrict", "SELECT pg_catalog.setval("))
    ]


def snapshot(engine: Engine, scope: dict[str, str]) -> tuple[Any, ...]:
    entries = list(iter_entries(engine, scope, status="all"))
    log = list(iter_log(engine, scope=scope))
    ids = [e["id"] for e in entries]
    with engine.connect() as conn:
        sources = conn.scalar(
            select(func.count()).select_from(EntrySource).where(EntrySource.entry_id.in_(ids))
        )
    return entries, log, sources


def test_forget_leaves_no_trace_of_the_person_and_touches_no_one_else(engine: Engine) -> None:
    ids = build_store(engine)
    assert MARKER in dump(engine).lower()
    others = {name: snapshot(engine, s) for name, s in (("stay", STAY), ("twin", TWIN))}
    team_before = [
        e for e in iter_entries(engine, TEAM, status="all") if e["id"] != ids["team_topic"]
    ]
    preview = preview_erasure(engine, GONE)

    report = erase_scope(engine, GONE, requested_by="dpo@acme")

    assert {k: v for k, v in report.items() if not k.startswith("erasure_seq")} == preview
    assert report["erasure_seqs"] == [report["erasure_seq"]]  # one tenant: one erased row
    assert report["entries"] >= 8 and report["entry_sources"] >= 9 and report["log_rows"] >= 12
    assert report["linked_entries"] == 1 and report["audit_notes"] == 1
    dumped = dump(engine)
    assert MARKER not in dumped.lower()
    for line in dumped.splitlines():
        if "u_gone" in line and "other" not in line:
            assert "erasure" in line, line  # only the erased row names the scope asked about
    for name, scope in (("stay", STAY), ("twin", TWIN)):
        assert snapshot(engine, scope) == others[name], name
    team_after = list(iter_entries(engine, TEAM, status="all"))
    assert [e for e in team_after if e["id"] != ids["team_topic"]] == team_before
    [topic] = [e for e in team_after if e["id"] == ids["team_topic"]]
    assert "gid_x" not in topic["links"] and topic["evidence"] == len(topic["links"]) == 2
    assert topic["content"].startswith("Topic pytest (2 observations): pytest ImportError core.api")
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).where(TopicMember.observation_id == "gid_x")) == 0
    [erased] = [r for r in iter_log(engine, action="erased")]
    assert erased["rule"] == "erasure" and erased["seq"] == report["erasure_seq"]
    assert erased["payload"]["requested_by"] == "dpo@acme"
    assert erased["payload"]["counts"]["total"] == report["total"]
    assert erased["payload"]["scope"] == GONE
    assert [r["action"] for r in iter_log(engine)][-1] == "erased"
    with engine.connect() as conn:  # nothing left pointing at what is gone
        entries = select(Entry.id)
        assert not conn.scalar(
            select(func.count())
            .select_from(EntrySource)
            .where(EntrySource.entry_id.not_in(entries))
        )
        assert not conn.scalar(
            select(func.count())
            .select_from(TopicMember)
            .where(
                TopicMember.observation_id.not_in(entries) | TopicMember.topic_id.not_in(entries)
            )
        )


def test_on_sqlite_the_files_themselves_keep_no_erased_bytes(tmp_path: Path) -> None:
    from store.engine import make_engine, upgrade

    path = tmp_path / "store.db"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    build_store(engine)
    reader = engine.connect()  # the application still has the store open
    reader.execute(select(func.count()).select_from(Entry)).scalar()
    reader.commit()
    erase_scope(engine, GONE, requested_by="dpo")
    files = [p for p in tmp_path.iterdir() if p.name.startswith("store.db")]
    assert {p.name for p in files} >= {"store.db", "store.db-wal"}
    assert all(MARKER.encode() not in p.read_bytes().lower() for p in files)
    reader.close()
    engine.dispose()


def test_replaying_an_old_file_after_an_erasure_brings_nothing_back(engine: Engine) -> None:
    build_store(engine)
    erase_scope(engine, GONE, requested_by="dpo")
    ingest(engine, person(GONE, MARKER, "gid"))
    assert MARKER not in dump(engine).lower()
    assert list(iter_entries(engine, GONE, status="all")) == []
    # Someone new under the same scope is stored as usual.
    ingest(engine, [candidate(id="gid_new", scope=GONE, content="Prefers tea")])
    assert [e["id"] for e in iter_entries(engine, GONE)] == ["gid_new"]


def test_an_erasure_during_an_ingest_of_the_same_person_leaves_nothing_dangling(
    pg_url: str,
) -> None:
    """Restatements merging into the person's entries while they are erased: the ingest waits
    on the per-key locks the erasure takes, so no source is left without its entry."""
    import threading

    from memcurator.app.ingest import ingest_stream
    from store.engine import make_engine, upgrade

    engine = make_engine(pg_url)
    upgrade(engine)
    build_store(engine)
    diet = {"entity": "user", "attribute": "diet", "value": f"{MARKER}-vegetarian"}
    restated = [
        json.dumps(
            candidate(
                id=f"gid_again_{i}",
                scope=GONE,
                content=f"{MARKER} is vegetarian",
                subject=diet,
                created_at=f"2025-04-01T10:{i // 60:02d}:{i % 60:02d}Z",
            )
        ).encode()
        for i in range(600)
    ]
    worker = threading.Thread(target=lambda: ingest_stream(engine, restated, batch_size=5))
    worker.start()
    erased = 0
    while worker.is_alive():
        erased += erase_scope(engine, GONE, requested_by="dpo")["entry_sources"]
    worker.join()
    erased += erase_scope(engine, GONE, requested_by="dpo")["entry_sources"]
    with engine.connect() as conn:
        dangling = conn.scalar(
            select(func.count())
            .select_from(EntrySource)
            .where(EntrySource.entry_id.not_in(select(Entry.id)))
        )
    assert dangling == 0
    assert erased >= 600 and list(iter_entries(engine, GONE, status="all")) == []
    assert MARKER not in dump(engine).lower()
    engine.dispose()


def test_forget_is_idempotent_and_logs_every_request(engine: Engine) -> None:
    build_store(engine)
    first = erase_scope(engine, GONE, requested_by="dpo")
    assert first["total"] > 0
    second = erase_scope(engine, GONE, requested_by="dpo again")
    assert second["total"] == 0 and second["erasure_seq"] > first["erasure_seq"]
    erased = list(iter_log(engine, action="erased"))
    assert [r["payload"]["requested_by"] for r in erased] == ["dpo", "dpo again"]


def test_trace_of_an_erased_id_says_it_was_erased(engine: Engine) -> None:
    build_store(engine)
    seq = erase_scope(engine, GONE, requested_by="dpo")["erasure_seq"]
    for erased_id in ("gid_diet", "gid_diet2", "gid_city1", "gid_o2", "gid_t1"):
        found = trace(engine, erased_id)
        assert found is not None and found["erasure_seq"] == seq, erased_id
        assert set(found) == {"id", "erased_at", "erasure_seq"}
    assert trace(engine, "gid_diet", {"org_id": "other"}) is None
    assert trace(engine, "kid_diet") is not None  # another person's entry is still there


def test_the_log_stays_append_only_after_an_erasure(engine: Engine) -> None:
    build_store(engine)
    erase_scope(engine, GONE, requested_by="dpo")
    for statement in (
        "UPDATE write_log SET reason = 'rewritten'",
        "DELETE FROM write_log",
        "DELETE FROM entries",
    ):
        with pytest.raises(DBAPIError, match="refused"), engine.begin() as conn:
            conn.execute(text(statement))


def test_a_failed_erasure_changes_nothing(engine: Engine) -> None:
    build_store(engine)
    before = dump(engine)
    with pytest.raises(ValueError):
        erase_scope(engine, {}, requested_by="dpo")
    # A failure half-way (here: a table the erasure writes, made to refuse) rolls back whole.
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            conn.execute(
                text(
                    "CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS "
                    "$$ BEGIN RAISE EXCEPTION 'audit refused'; END $$"
                )
            )
            conn.execute(
                text(
                    "CREATE TRIGGER refuse_audit BEFORE UPDATE ON audit_marks "
                    "FOR EACH ROW EXECUTE FUNCTION refuse_audit()"
                )
            )
    else:
        with engine.begin() as conn:
            conn.execute(
                text(
                    "CREATE TRIGGER refuse_audit BEFORE UPDATE ON audit_marks "
                    "BEGIN SELECT RAISE(ABORT, 'audit refused'); END"
                )
            )
    with pytest.raises(DBAPIError, match="audit refused"):
        erase_scope(engine, GONE, requested_by="dpo")
    after = dump(engine)
    assert MARKER in after.lower()
    assert _lines(after, "refuse_audit") == _lines(before, "refuse_audit")
    with pytest.raises(DBAPIError, match="refused"), engine.begin() as conn:
        conn.execute(text("UPDATE write_log SET reason = 'rewritten'"))


def test_log_trace_and_audit_sample_show_only_the_scope_asked_for(engine: Engine) -> None:
    build_store(engine)
    log = list(iter_log(engine, scope=STAY))
    ids = {e["id"] for e in iter_entries(engine, STAY, status="all")}
    with engine.connect() as conn:
        ids |= set(conn.scalars(select(EntrySource.memory_id).where(EntrySource.entry_id.in_(ids))))
    assert log and all(
        r["memory_id"] in ids or (r["memory_id"] is None and r["payload"]["scope"] == STAY)
        for r in log
    )
    assert {r["action"] for r in log} >= {
        "inserted",
        "merged",
        "superseded",
        "rejected",
        "promoted",
    }
    everything = list(iter_log(engine))
    # A line that was not even JSON has no scope to show it under; everything else of theirs is.
    about_stay = [
        r
        for r in everything
        if ("keepy" in json.dumps(r) and "raw" not in (r["payload"] or {})) or r["memory_id"] in ids
    ]
    assert [r["seq"] for r in log] == [r["seq"] for r in about_stay]
    assert not [r for r in iter_log(engine, scope={"user_id": "u_stay", "org_id": "other"})]
    sample = audit_sample(engine, per_type=50, seed=1, scope=STAY)
    assert sample and all(e["scope"] == STAY for e in sample)
    assert trace(engine, "kid_diet", {"user_id": "u_gone"}) is None
    assert trace(engine, "kid_diet", STAY) is not None


# -- the command line ----------------------------------------------------------------------


@pytest.fixture
def filled(store_url: str) -> Iterator[str]:
    from store.engine import make_engine, upgrade

    engine = make_engine(store_url)
    upgrade(engine)
    build_store(engine)
    engine.dispose()
    yield store_url


def test_forget_command_confirms_prints_counts_and_trace_says_erased(filled: str) -> None:
    scope = ["--scope", "org_id=acme", "--scope", "user_id=u_gone"]
    declined = run("forget", *scope, "--requested-by", "dpo", url=filled)
    assert declined.returncode == 1 and "nothing was erased" in one_line_error(declined)
    assert "entries" in declined.stdout
    assert run("trace", "gid_diet", url=filled).returncode == 0
    done = run("forget", *scope, "--requested-by", "dpo", "--yes", url=filled)
    assert done.returncode == 0, done.stderr
    assert "erased scope org_id=acme user_id=u_gone" in done.stdout
    traced = run("trace", "gid_diet", url=filled)
    assert traced.returncode == 0, traced.stderr
    [line] = traced.stdout.splitlines()
    assert line.startswith("gid_diet was erased at ") and MARKER not in line
    again = run("forget", *scope, "--requested-by", "dpo", "--yes", url=filled)
    assert again.returncode == 0 and "total" in again.stdout and ": 0 rows" in again.stdout
    missing = run("forget", "--requested-by", "dpo", "--yes", url=filled)
    assert missing.returncode == 2
    no_requester = run("forget", *scope, "--yes", url=filled)
    assert no_requester.returncode == 2
    stay = ["--scope", "org_id=acme", "--scope", "user_id=u_stay"]
    shown = run("log", *stay, "--action", "merged", url=filled)
    assert shown.returncode == 0 and shown.stdout
    assert all(json.loads(x)["memory_id"].startswith("kid_") for x in shown.stdout.splitlines())
    sample = run("audit", "sample", "--scope", "user_id=u_stay", url=filled)
    assert sample.returncode == 0 and all(
        json.loads(x)["scope"] == STAY for x in sample.stdout.splitlines()
    )
    bad = run("trace", "kid_diet", "--scope", "user_id=u_gone", url=filled)
    assert bad.returncode == 6 and "no entry" in one_line_error(bad)  # not found


def test_forget_needs_the_owner_role_and_the_app_role_cannot_rewrite_the_log(
    pg_url: str,
) -> None:
    from store.engine import for_tenants, make_engine, upgrade

    owner = make_engine(pg_url)
    upgrade(owner)
    build_store(owner)
    # The application's own role, as `memcurator init` sets it up (tests/.../test_tenancy.py).
    app_url = make_url(pg_url).set(username=app_role_name()).render_as_string(False)
    assert ensure_app_role(owner, app_url).separate
    refused = run(
        "forget", "--scope", "user_id=u_gone", "--requested-by", "dpo", "--yes", url=app_url
    )
    assert refused.returncode == 2
    assert "owner role" in one_line_error(refused)
    app_engine = make_engine(app_url)
    app = for_tenants(app_engine, ["acme", "other"])
    with pytest.raises(ErasureRefused):
        erase_scope(app, GONE, requested_by="dpo")
    # Even with the erasure setting, and seeing the tenants' rows, the app role may not.
    for statement in ("UPDATE write_log SET reason = 'x'", "DELETE FROM entries"):
        with pytest.raises(DBAPIError, match="permission denied"), app.begin() as conn:
            assert conn.scalar(text("SELECT count(*) FROM entries")), "the app sees no rows"
            conn.execute(text("SELECT set_config('memcurator.erasure', 'on', true)"))
            conn.execute(text(statement))
    # The owner without it is refused by the trigger, and TRUNCATE stays refused even with it.
    with pytest.raises(DBAPIError, match="refused"), owner.begin() as conn:
        conn.execute(text("UPDATE write_log SET reason = 'x'"))
    with pytest.raises(DBAPIError, match="refused"), owner.begin() as conn:
        conn.execute(text("SELECT set_config('memcurator.erasure', 'on', true)"))
        conn.execute(text("TRUNCATE write_log"))
    admin_env = run_env_admin(pg_url, app_url)
    done = subprocess.run(
        [*CLI, "forget", *GONE_ARGS, "--requested-by", "dpo", "--yes"],
        env=admin_env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    with owner.connect() as conn:
        gone = select(func.count()).where(Entry.user_id == "u_gone")
        assert conn.scalar(gone.where(Entry.org_id == "acme")) == 0
        assert conn.scalar(gone.where(Entry.org_id == "other"))  # the twin is another person
        assert conn.scalar(select(func.count()).where(WriteLog.action == "erased")) == 1
        [tenant] = conn.scalars(select(WriteLog.tenant).where(WriteLog.action == "erased"))
        assert tenant == "acme"
    app_engine.dispose()
    owner.dispose()


GONE_ARGS = ["--scope", "org_id=acme", "--scope", "user_id=u_gone"]


def run_env_admin(owner_url: str, app_url: str) -> dict[str, str]:
    """The app's URL as the database URL, the owner's as the admin URL: `forget` uses the
    latter."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCURATOR_")}
    env["MEMCURATOR_DATABASE_URL"] = app_url
    env["MEMCURATOR_ADMIN_DATABASE_URL"] = owner_url
    return env


# -- tenancy: ids are unique per tenant only ---------------------------------------------------

ACME_U1 = {"org_id": "acme", "user_id": "u_1"}
EVIL_U1 = {"org_id": "evil", "user_id": "u_1"}
TENANT_TABLES = (Entry, EntrySource, WriteLog, Intake, TopicMember)


def same_ids_in_two_tenants(engine: Engine) -> None:
    """acme's u_1 and evil's u_1 send the very same client ids (msg_0001, msg_diet, msg_o1,
    ...), each in words of their own: ``acmegone`` is to be erased, ``evilstays`` kept."""
    for scope, tag in ((ACME_U1, "acmegone"), (EVIL_U1, "evilstays")):
        src = {"kind": "user_message", "ref": f"turn_{tag}_0", "session_id": f"s_{tag}_0"}
        allergy = {"entity": "user", "attribute": "allergy", "value": f"{tag}-peanuts"}
        first = [
            candidate(
                id=f"msg_000{i}",
                scope=scope,
                content=f"{tag} is allergic to peanuts",
                source=src,
                created_at=f"2025-02-0{i}T08:00:00Z",
                subject=allergy,
            )
            for i in (1, 2)
        ]
        ingest(engine, [*first, *person(scope, tag, "msg")])
    run_pass(engine, date(2025, 3, 4))


def tenant_rows(engine: Engine, tenant: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of ``tenant`` in every table keyed by tenant, and the tenant-less log rows
    that quote it (a line that was not JSON), column by column."""
    tag = {"acme": "acmegone", "evil": "evilstays"}[tenant]
    with engine.connect() as conn:
        rows = {
            t.__tablename__: [
                tuple(r)
                for r in conn.execute(
                    select(t.__table__)
                    .where(t.__table__.c.tenant == tenant)
                    .order_by(*t.__table__.primary_key.columns)
                )
            ]
            for t in TENANT_TABLES
        }
        quoting = select(WriteLog.__table__).where(WriteLog.tenant == "").order_by(WriteLog.seq)
        rows["untenanted"] = [tuple(r) for r in conn.execute(quoting) if tag in repr(tuple(r))]
    return rows


def evil_view(engine: Engine) -> tuple[Any, ...]:
    evil = {"org_id": "evil"}
    return (
        list(iter_entries(engine, evil, status="all")),
        list(iter_log(engine, scope=evil)),
        tenant_rows(engine, "evil"),
    )


def test_forget_of_one_tenant_spares_another_tenant_using_the_same_ids(store_url: str) -> None:
    from store.engine import make_engine, upgrade

    engine = make_engine(store_url)
    upgrade(engine)
    same_ids_in_two_tenants(engine)
    before = evil_view(engine)
    assert "msg_0001" in {e["id"] for e in before[0]} and before[2]["entry_sources"]
    assert before[2]["topic_members"] and before[2]["untenanted"]
    clients = [
        {e["id"] for e in iter_entries(engine, {"org_id": org}, status="all")}
        for org in ("acme", "evil")
    ]
    client_ids = [{i for i in ids if not i.startswith("mem_")} for ids in clients]
    assert client_ids[0] == client_ids[1] and len(client_ids[0]) >= 8, "the same ids in both"

    done = run(
        "forget",
        "--scope",
        "org_id=acme",
        "--scope",
        "user_id=u_1",
        "--requested-by",
        "dpo",
        "--yes",
        url=store_url,
    )

    assert done.returncode == 0, done.stderr
    assert evil_view(engine) == before
    dumped = dump(engine).lower()
    assert "acmegone" not in dumped and "evilstays" in dumped
    acme = tenant_rows(engine, "acme")
    assert not acme["entries"] and not acme["entry_sources"] and not acme["topic_members"]
    [erased] = [r for r in iter_log(engine, action="erased")]
    with engine.connect() as conn:
        assert conn.scalar(select(WriteLog.tenant).where(WriteLog.seq == erased["seq"])) == "acme"
    erased_trace = run("trace", "msg_0001", "--scope", "org_id=acme", url=store_url)
    assert erased_trace.returncode == 0, erased_trace.stderr
    assert erased_trace.stdout.startswith("msg_0001 was erased at ")
    assert f"(write log seq {erased['seq']})" in erased_trace.stdout
    kept = run("trace", "msg_0001", "--scope", "org_id=evil", url=store_url)
    assert kept.returncode == 0, kept.stderr
    shown = json.loads(kept.stdout)
    assert shown["entry"]["id"] == "msg_0001" and shown["entry"]["scope"] == EVIL_U1
    assert shown["entry"]["content"] == "evilstays is allergic to peanuts"
    assert [s["memory_id"] for s in shown["source_turns"]] == ["msg_0001", "msg_0002"]
    engine.dispose()


def test_a_scope_without_an_org_is_erased_in_each_tenant_within_that_tenant(
    engine: Engine,
) -> None:
    same_ids_in_two_tenants(engine)
    preview = preview_erasure(engine, {"user_id": "u_1"})

    report = erase_scope(engine, {"user_id": "u_1"}, requested_by="dpo")

    assert {k: v for k, v in report.items() if not k.startswith("erasure_seq")} == preview
    dumped = dump(engine).lower()
    assert "acmegone" not in dumped and "evilstays" not in dumped
    with engine.connect() as conn:
        erased = {
            r.tenant: r for r in conn.execute(select(WriteLog).where(WriteLog.action == "erased"))
        }
        # One erased row per tenant reached, and the scope's own tenant (its top level) always.
        assert set(erased) == {"acme", "evil", "u_1"}
        assert sorted(r.seq for r in erased.values()) == sorted(report["erasure_seqs"])
        assert erased["u_1"].seq == report["erasure_seq"]
        assert erased["acme"].payload["counts"]["entries"] == report["entries"] // 2
        for tenant, seq in conn.execute(
            select(WriteLog.tenant, WriteLog.payload["erased_in"].as_integer()).where(
                WriteLog.reason == "[ERASED]"
            )
        ):
            assert seq == erased[tenant or "u_1"].seq, tenant  # a tenant's own erased row
    for org in ("acme", "evil"):
        found = trace(engine, "msg_0001", {"org_id": org})
        assert found == {
            "id": "msg_0001",
            "erased_at": found and found["erased_at"],
            "erasure_seq": erased[org].seq,
        }
