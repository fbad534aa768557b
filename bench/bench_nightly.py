"""Nightly-pass benchmark: a year of the seed's worked example, consolidated, on PostgreSQL.

    python bench/bench_nightly.py --pg-url postgresql://postgres@127.0.0.1:5432/memcurator_test

Builds a fresh database holding what the write gate would have stored for ``--days`` days (365)
of the worked example, one session per user per day for ``--users`` users (500): about 2.4
million candidates, ~13 a session. Ingesting them through the gate takes about ten minutes on
a 2-core machine, too slow for a benchmark run, so the post-gate store is synthesised and
loaded with COPY instead:

- the candidates are exactly the workload's (``memcurator.workload.generate_stream``, same
  seed), and each distinct shape of candidate (its fields with the user, session, id and time
  taken out) is judged once by the real gate (``memcurator.gate.evaluate_line``); every
  other candidate of that shape reuses the verdict, with its own user, session and time;
- what the gate stores is then reproduced: rejected candidates (chatter, junk, credentials,
  weak or naive-time facts) are dropped; keyed candidates (facts by subject, the tool
  observations by tool and symptom, summaries by task) merge into one entry per scope and
  key, every candidate adding an ``entry_sources`` row, except that an observation the
  nightly passes before a candidate's day would have promoted or expired takes no more
  sightings: the candidate starts a new entry, as the gate does
  (``memcurator.lifecycle.closed_before``); unkeyed ones (the agent's demoted guesses,
  unkeyed facts) are an entry each, with one source.

Differences from a real ingest, none of them read by the pass: a fact whose value changes is
merged into the current entry instead of superseding it (fewer, never more, fact rows); an
entry's content is its first candidate's; a candidate without a client id gets a ``mem_`` id
hashed from its raw line rather than from the gate's canonical form; the write log and intake
ledger of the ingest are not loaded. Checked against a real ``memcurator ingest`` of 5 users x
365 days: the same observation and summary rows (ids, content, times, confidence, keys), the
same sources for every observation, the same ``entry_sources`` count.

Then, each in a child process (so its peak memory is its own; Prefect's temporary API server
runs in a fresh ``PREFECT_HOME``):

(a) the ``backfill`` flow over every day of data, 8 partitions, partition-major (one task
    per partition walking the nights in order): total time, time per night (from one night
    complete in every partition, as the flow's progress line says, to the next), peak RSS;
(b) ``nightly_consolidation`` for the day after the year, on the backfilled store: that day's
    activity (one more day of the workload, synthesised with the year: every user's session,
    its observations to promote, expire or place in topics), as every production night has;
(c) ``nightly_consolidation`` for that day on a copy of the never-consolidated store: every
    observation of the year and the day in one pass, the first night after install;
(d) the night of (b) on a copy of the backfilled store 10x as large (``--deeper 9``): the
    history copied nine times further back in time (or, ``--wider``, as nine other tenants'),
    as a backfill leaves it (observations expired, facts superseded, topics kept), so the
    night's activity is the same as in (b) and only the store's size differs.

A backfill runs over a store that already holds the days after the one it consolidates, as
any backfill does; its early nights read those later rows too (and filter them out by time).

Each night's time is split into stages (SQL loads, the pure policy, the SQL writes), summed
over the partitions' threads, to show where the time goes: as CPU seconds of the thread
(``time.thread_time``), and as wall seconds per thread, which also count waiting for the GIL,
the database and the other threads, so they overlap and inflate with the partitions' count.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
from autovacuum import Vacuuming, vacuum_once
from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine import make_url

from memcurator.decisions import NewEntry
from memcurator.gate import evaluate_line
from memcurator.ids import content_id
from memcurator.lifecycle import Policy, Sighting, closed_before
from memcurator.workload import generate_stream
from store.engine import make_engine, upgrade
from store.tables import Entry, EntrySource, TopicMember
from store.writes import copy_rows, entry_row, scope_key

DATABASE = "memcurator_bench_nightly"  # + "_<pid>": benches run at once do not collide
START = date(2025, 1, 6)  # generate_stream's first day
SEED = 7
FULL_YEAR = 365
_FLUSH = 20_000
POLICY = Policy()  # the pass's defaults, which the benchmark's flows run with
_USER, _SESSION = "\x00user\x00", "\x00session\x00"


# --------------------------------------------------------------------------- databases


def database_url(pg_url: str, name: str) -> str:
    return make_url(pg_url).set(database=name).render_as_string(hide_password=False)


def _conninfo(url: str, dbname: str) -> str:
    parsed = make_url(url)
    info = (
        f"host={parsed.host or '127.0.0.1'} port={parsed.port or 5432} "
        f"user={parsed.username or 'postgres'} dbname={dbname}"
    )
    return info + (f" password={parsed.password}" if parsed.password else "")


def create_database(pg_url: str, name: str, template: str | None = None) -> None:
    """Drop and create ``name`` through the server's ``postgres`` maintenance database."""
    with psycopg.connect(_conninfo(pg_url, "postgres"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))


def drop_database(pg_url: str, name: str) -> None:
    with psycopg.connect(_conninfo(pg_url, "postgres"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def database_size(pg_url: str, name: str) -> int:
    with psycopg.connect(_conninfo(pg_url, "postgres")) as conn:
        row = conn.execute("SELECT pg_database_size(%s)", (name,)).fetchone()
    return int(row[0]) if row else 0


# --------------------------------------------------------------------------- the synthetic store


def _swap(value: Any, old: str, new: str) -> Any:
    """``value`` with ``old`` replaced by ``new`` in every string inside it."""
    if isinstance(value, str):
        return value.replace(old, new) if old else value
    if isinstance(value, dict):
        return {k: _swap(v, old, new) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_swap(v, old, new) for v in value)
    return value


def _placeholders(value: Any) -> bool:
    """Whether a user or session placeholder occurs anywhere inside ``value``."""
    if isinstance(value, str):
        return _USER in value or _SESSION in value
    if isinstance(value, dict):
        return any(_placeholders(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_placeholders(v) for v in value)
    return False


class GateVerdicts:
    """The real gate's verdict on each distinct shape of candidate, reused for the rest.

    The gate is a pure function of the candidate; what varies between two sessions' copies
    of the same note (user, session, client id, source ref, time) it only copies through,
    except that a naive time is rejected, which the shape keeps.
    """

    def __init__(self) -> None:
        # shape -> the accepted entry's fields with placeholders, and the fields holding one
        self.templates: dict[Any, tuple[dict[str, Any], tuple[str, ...]] | None] = {}
        self.gate_calls = 0

    def judge(self, line: str) -> NewEntry | None:
        try:
            candidate = json.loads(line)
        except ValueError:
            candidate = None
        if not (
            isinstance(candidate, dict)
            and isinstance(candidate.get("scope"), dict)
            and isinstance(candidate.get("source"), dict)
            and isinstance(candidate.get("created_at"), str)
            and isinstance(candidate["scope"].get("user_id"), str)
            and isinstance(candidate["source"].get("session_id"), str)
        ):
            return self._judged(("raw", line), line, "", "")  # junk: judged as it is
        user = candidate["scope"]["user_id"]
        session = candidate["source"]["session_id"]
        try:
            created = datetime.fromisoformat(candidate["created_at"].replace("Z", "+00:00"))
        except ValueError:
            return self._judged(("raw", line), line, "", "")
        naive = created.tzinfo is None
        source = {k: v for k, v in candidate["source"].items() if k != "ref"}
        fields = {k: v for k, v in candidate.items() if k not in ("id", "created_at", "source")}
        shape = json.dumps([source, fields], sort_keys=True)
        key = (naive, shape.replace(session, _SESSION).replace(user, _USER))
        template = self._judged(key, line, user, session)
        if template is None:
            return None
        values, placed = template
        created = created.astimezone(UTC)
        return NewEntry(
            **{
                **values,
                **{f: _swap(_swap(values[f], _USER, user), _SESSION, session) for f in placed},
                "id": candidate.get("id") or content_id(created, line.encode()),
                "source_ref": candidate["source"]["ref"],
                "created_at": created,
                "valid_from": created,
            }
        )

    def _judged(
        self, key: Any, line: str, user: str, session: str
    ) -> tuple[dict[str, Any], tuple[str, ...]] | None:
        if key not in self.templates:
            self.gate_calls += 1
            entry = evaluate_line(line).entry
            template = None
            if entry is not None:
                values = _swap(_swap(dataclasses.asdict(entry), session, _SESSION), user, _USER)
                placed = tuple(f for f, v in values.items() if _placeholders(v))
                template = (values, placed)
            self.templates[key] = template
        return self.templates[key]


def _source_row(entry: NewEntry, entry_id: str, tenant: str) -> dict[str, Any]:
    # The tenant of the entry it is attached to, as the gate writes it: without it every row
    # took the column's default '' and no pass (which reads a tenant's sources) saw a sighting.
    return {
        "tenant": tenant,
        "memory_id": entry.id,
        "entry_id": entry_id,
        "content": entry.content,
        "value": entry.subject_value,
        "valid_from": entry.valid_from,
        "created_at": entry.created_at,
        "source_kind": entry.source_kind,
        "source_ref": entry.source_ref,
        "source_session_id": entry.source_session_id,
        "confidence": entry.confidence,
        "sensitivity": entry.sensitivity,
    }


class _Copier:
    """Rows buffered and COPYed into one table inside its own connection's transaction."""

    def __init__(self, conn: Connection, table: Any) -> None:
        self.conn, self.table = conn, table
        self.rows: list[dict[str, Any]] = []
        self.count = 0

    def add(self, row: dict[str, Any]) -> None:
        self.rows.append(row)
        if len(self.rows) >= _FLUSH:
            self.flush()

    def flush(self) -> None:
        if self.rows:
            copy_rows(self.conn, self.table, self.rows)
            self.count += len(self.rows)
            self.rows = []


def synthesise(engine: Engine, users: int, days: int) -> dict[str, Any]:
    """COPY the post-gate store of ``days`` days x ``users`` users into ``engine``'s database."""
    verdicts = GateVerdicts()
    keyed: dict[tuple[str, str, str], dict[str, Any]] = {}
    seen: dict[tuple[str, str, str], list[Sighting]] = {}  # the open observation's sightings
    candidates = stored = 0
    kinds: Counter[str] = Counter()
    start = time.perf_counter()
    with engine.begin() as entries_conn, engine.begin() as sources_conn:
        entries, sources = (
            _Copier(entries_conn, Entry.__table__),
            _Copier(sources_conn, EntrySource.__table__),
        )
        for line in generate_stream(users=users, days=days, sessions_per_day=1, seed=SEED):
            candidates += 1
            entry = verdicts.judge(line)
            if entry is None:
                continue
            stored += 1
            kinds[f"{entry.type}/{entry.source_kind}"] += 1
            key = (
                (scope_key(entry.scope), entry.type, entry.subject_key)
                if entry.subject_key
                else None
            )
            row = keyed.get(key) if key else None
            if row is not None and key in seen and closed_before(
                seen[key], entry.created_at, POLICY
            ):
                # The nightly passes before this day promoted or expired that observation:
                # the gate starts a new one (as it does when the passes already ran).
                entries.add(row)
                row = None
            if row is None:
                row = entry_row(entry, entry.created_at)
                if key:
                    keyed[key] = row
                else:
                    entries.add(row)
            else:  # a restatement: the gate merges it, one more source and more evidence
                row["evidence"] += 1
                row["last_confirmed_at"] = max(row["last_confirmed_at"], entry.created_at)
                row["updated_at"] = max(row["updated_at"], entry.created_at)
                row["confidence"] = max(row["confidence"], entry.confidence)
            if key and entry.type == "observation":
                if row["id"] == entry.id:  # a new entry: its sightings start afresh
                    seen[key] = []
                seen[key].append(
                    Sighting(entry.source_session_id, entry.created_at, entry.source_kind)
                )
            sources.add(_source_row(entry, row["id"], row["tenant"]))
        for row in keyed.values():
            entries.add(row)
        entries.flush()
        sources.flush()
    load_s = time.perf_counter() - start
    start = time.perf_counter()
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("ANALYZE"))
    return {
        "candidates": candidates,
        "accepted": stored,
        "gate_calls": verdicts.gate_calls,
        "kinds": dict(sorted(kinds.items())),
        "entries": entries.count,
        "entry_sources": sources.count,
        "keyed_entries": len(keyed),
        "load_s": load_s,
        "analyze_s": time.perf_counter() - start,
    }


def store_counts(engine: Engine) -> dict[str, Any]:
    with engine.connect() as conn:
        by_status = conn.execute(
            text("SELECT type, status, count(*) FROM entries GROUP BY 1, 2 ORDER BY 1, 2")
        ).all()
        actions = conn.execute(
            text("SELECT action, count(*) FROM write_log GROUP BY 1 ORDER BY 1")
        ).all()
        new_topics = conn.scalar(
            text(
                "SELECT count(*) FROM write_log "
                "WHERE action = 'consolidated' AND reason LIKE 'new topic%'"
            )
        )
        topics = conn.scalar(
            text(
                "SELECT count(*) FROM entries WHERE type = 'summary' AND subject_key LIKE 'topic:%'"
            )
        )
        counts = {
            t: conn.scalar(text(f"SELECT count(*) FROM {t}"))
            for t in (
                "entries",
                "entry_sources",
                "topic_members",
                "write_log",
                "consolidation_runs",
            )
        }
    return {
        **counts,
        "by_status": {f"{t}/{s}": n for t, s, n in by_status},
        "write_log_actions": dict(actions),
        "topics": topics,
        "new_topics_logged": new_topics,
    }


def deepen_history(url: str, copies: int, days: int, *, wider: bool = False) -> dict[str, Any]:
    """``copies`` more copies of the store's history, each ``days`` days further back, as a
    backfill would have left them (observations expired, facts superseded, topics kept): the
    store ``copies + 1`` times as deep, with the same activity on the night of the day after
    the year. Ids get a ``hxN_`` prefix; nothing of a copy is active but its topics. ``wider``: each
    copy is another tenant's (org ``ORG_hxN``), so the store holds ``copies + 1`` times the
    users, of whom only the original ones are active on the night."""
    engine = make_engine(url)
    began = time.perf_counter()
    with engine.begin() as conn:
        for k in range(1, copies + 1):
            shift, prefix = f"interval '{k * days} days'", f"'hx{k}_'"
            for table, ids, moments, extra in _COPIES:
                columns = [c.name for c in table.columns]
                values = []
                for c in columns:
                    if c in ids:
                        values.append(f"CASE WHEN {c} IS NULL THEN NULL ELSE {prefix} || {c} END")
                    elif c in moments:
                        values.append(f"{c} - {shift}")
                    elif wider and c in _WIDER:
                        values.append(_WIDER[c].replace("{suffix}", f"'_hx{k}'"))
                    else:
                        values.append(extra.get(c, c).replace("{prefix}", prefix))
                conn.execute(
                    text(
                        f"INSERT INTO {table.name} ({', '.join(columns)}) "
                        f"SELECT {', '.join(values)} FROM {table.name} "
                        f"WHERE {ids[0]} NOT LIKE 'hx%'"
                    )
                )
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("ANALYZE"))
    counts = store_counts(engine)
    engine.dispose()
    return {"seconds": time.perf_counter() - began, **counts}


_WIDER = {
    "tenant": "tenant || {suffix}",
    "org_id": "org_id || {suffix}",
    "scope_key": "replace(scope_key, '\"org_id\":\"' || org_id || '\"', "
    "'\"org_id\":\"' || org_id || {suffix} || '\"')",
}
_TIMES = ("created_at", "valid_from", "valid_since", "valid_to", "last_confirmed_at", "updated_at")
_COPIES: list[tuple[Any, tuple[str, ...], tuple[str, ...], dict[str, str]]] = [
    (
        Entry.__table__,
        ("id", "supersedes", "superseded_by"),
        _TIMES,
        {
            "status": "CASE WHEN status <> 'active' THEN status "
            "WHEN type = 'observation' THEN 'expired' "
            "WHEN subject_key LIKE 'topic:%' THEN status ELSE 'superseded' END",
            # A topic's key names its first member: the copy's, so one current entry per key.
            "subject_key": "CASE WHEN subject_key LIKE 'topic:%' "
            "THEN regexp_replace(subject_key, '/([^/]*)$', '/' || {prefix} || '\\1') "
            "ELSE subject_key END",
            # Links are a JSON array, or JSON null on entries written without any.
            "links": "CASE WHEN jsonb_typeof(links) = 'array' THEN "
            "(SELECT jsonb_agg({prefix} || x ORDER BY n) "
            "FROM jsonb_array_elements_text(links) WITH ORDINALITY AS m(x, n)) ELSE links END",
        },
    ),
    (
        EntrySource.__table__,
        ("memory_id", "entry_id", "supersedes"),
        ("created_at", "valid_from"),
        {},
    ),
    (TopicMember.__table__, ("observation_id", "topic_id"), ("last_seen",), {}),
]


# --------------------------------------------------------------------------- the child: one flow


class _Stages:
    """Seconds per stage of the pass, summed over the partition threads: CPU seconds of the
    calling thread (``time.thread_time``) and wall seconds (which include its waits for the
    GIL, the database and the lock, so the threads' wall seconds overlap)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.wall: defaultdict[str, float] = defaultdict(float)
        self.cpu: defaultdict[str, float] = defaultdict(float)
        self.spans: list[tuple[float, float]] = []

    def wrap(self, name: str, fn: Callable[..., Any], span: bool = False) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            began, began_cpu = time.perf_counter(), time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                ended, cpu = time.perf_counter(), time.thread_time() - began_cpu
                with self.lock:
                    self.wall[name] += ended - began
                    self.cpu[name] += cpu
                    if span:
                        self.spans.append((began, ended))

        return timed

    def take(self) -> tuple[dict[str, float], dict[str, float], float]:
        """The stages' wall and CPU seconds since the last call, and the wall span of the
        partitions."""
        with self.lock:
            wall, cpu, spans = dict(self.wall), dict(self.cpu), self.spans
            self.wall, self.cpu, self.spans = defaultdict(float), defaultdict(float), []
        span = max(e for _, e in spans) - min(b for b, _ in spans) if spans else 0.0
        return wall, cpu, span


def _instrument(stages: _Stages) -> list[str]:
    """Time the pass's stages in this process (the benchmark's child only). The pass's
    functions are looked up by name; one that has moved is left alone and reported."""
    import memcurator.app.leftovers as leftovers
    import memcurator.app.nightly as pass_
    import memcurator.consolidation as policy
    import tasks.consolidation as task

    writer = getattr(pass_, "PassWriter", None) or getattr(pass_, "_Writer", None)
    wanted: list[tuple[Any, str, str, bool]] = [
        (task, "consolidate_partition", "partition (whole transaction body)", True),
        (pass_, "partition_scopes", "sql: partition scopes", False),
        (pass_, "changed_scopes", "sql: changed scopes (after a first night)", False),
        (pass_, "load_observations", "sql: load observations + sightings", False),
        (pass_, "load_topics", "sql: load topics + members", False),
        (pass_, "plan_partition", "policy: plan (python, numpy, scikit-learn)", False),
        (policy, "_vectorise", "  of which TF-IDF (_vectorise, all calls)", False),
        (policy, "_most_typical", "  of which topic text (_most_typical)", False),
        (writer, "promote", "sql: write promotions", False),
        (writer, "expire", "sql: write expiries", False),
        (writer, "batch", "sql: write topics", False),
        (pass_, "_placed", "sql: place promotions (keys' facts, locks)", False),
        (pass_, "consolidate_leftovers", "unkeyed leftovers (sql and policy)", False),
        (leftovers, "leftover_scopes", "  unkeyed: which scopes have new ones", False),
        (leftovers, "load_scope_facts", "  unkeyed: load the scopes' facts", False),
    ]
    clustering = getattr(policy, "AgglomerativeClustering", None)
    wanted.append((clustering, "fit_predict", "  of which agglomerative clustering", False))
    missing = []
    for owner, name, label, span in wanted:
        target = getattr(owner, name, None) if owner is not None else None
        if callable(target):
            setattr(owner, name, stages.wrap(label, target, span=span))
        else:
            missing.append(name)
    return missing


def _rss_kib(pid: int | str) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    try:
        tasks_dir = Path(f"/proc/{pid}/task")
        for task_dir in tasks_dir.iterdir():
            children = (task_dir / "children").read_text().split()
            for child in map(int, children):
                found += [child, *_descendants(child)]
    except OSError:
        pass
    return found


class _RssSampler(threading.Thread):
    """Peak RSS of this process's children (Prefect's temporary server), sampled."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peak_children_kib = 0
        self.peak_tree_kib = 0
        self.stop = threading.Event()

    def run(self) -> None:
        me = os.getpid()
        while not self.stop.wait(0.2):
            children = sum(_rss_kib(p) for p in _descendants(me))
            self.peak_children_kib = max(self.peak_children_kib, children)
            self.peak_tree_kib = max(self.peak_tree_kib, children + _rss_kib(me))


def child_main(args: argparse.Namespace) -> None:
    """Run one flow in this (child) process and write its figures as JSON to ``args.out``."""
    from prefect.client.orchestration import get_client

    import flows.consolidation as flows_module

    stages = _Stages()
    missing = _instrument(stages)
    sampler = _RssSampler()
    sampler.start()
    began = time.perf_counter()
    with get_client(sync_client=True) as client:  # starts the temporary API server
        client.api_healthcheck()
    server_s = time.perf_counter() - began
    original = flows_module.nightly_consolidation
    nights: list[dict[str, Any]] = []

    def timed_night(**kwargs: Any) -> dict[str, Any]:
        started = time.perf_counter()
        summary: dict[str, Any] = original(**kwargs)
        seconds = time.perf_counter() - started
        stage_s, stage_cpu_s, span = stages.take()
        nights.append(
            {
                "date": summary["date"],
                "seconds": seconds,
                "partitions_span": span,
                "stages": stage_s,
                "stages_cpu": stage_cpu_s,
                "totals": summary["totals"],
            }
        )
        if len(nights) % 30 == 0:
            print(f"progress: {len(nights)} nights, {summary['date']}: {seconds:.2f} s", flush=True)
        return summary

    flows_module.nightly_consolidation = timed_night  # type: ignore[assignment]
    os.environ["MEMCURATOR_DATABASE_URL"] = args.url  # never a flow parameter
    began = time.perf_counter()
    if args.child == "backfill":
        clock = _NightClock(stages, nights)
        logging.getLogger("prefect.flow_runs").setLevel(logging.INFO)  # the progress lines
        logging.getLogger("prefect").addHandler(clock)
        result = flows_module.backfill(start=args.start, end=args.end, partitions=args.partitions)
    else:
        result = timed_night(as_of=args.start, partitions=args.partitions)
    flow_s = time.perf_counter() - began
    sampler.stop.set()
    Path(args.out).write_text(
        json.dumps(
            {
                "server_s": server_s,
                "flow_s": flow_s,
                "result": result,
                "nights": nights,
                "peak_self_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                "peak_server_kib": sampler.peak_children_kib,
                "peak_tree_kib": sampler.peak_tree_kib,
                "not_instrumented": missing,
            }
        )
    )


class _NightClock(logging.Handler):
    """A backfill's nights as its progress lines (``flows.progress``) tell them: the seconds
    from the last night complete in every partition to this one, and the stages' time then."""

    def __init__(self, stages: _Stages, nights: list[dict[str, Any]]) -> None:
        super().__init__(logging.INFO)
        self.stages, self.nights, self.last = stages, nights, time.perf_counter()

    def emit(self, record: logging.LogRecord) -> None:
        from flows.progress import progress_of

        line = progress_of(record)
        if not line or line.get("kind") != "night":
            return
        now = time.perf_counter()
        stage_s, stage_cpu_s, span = self.stages.take()
        self.nights.append(
            {
                "date": line["date"],
                "seconds": now - self.last,
                "partitions_span": span,
                "stages": stage_s,
                "stages_cpu": stage_cpu_s,
                "totals": line.get("totals", {}),
            }
        )
        self.last = now
        if len(self.nights) % 30 == 0:
            print(f"progress: {len(self.nights)} nights, {line['date']}", flush=True)


def run_flow(
    kind: str, url: str, start: date, end: date, partitions: int, vacuum_every: float = 0.0,
    workers: int = 0,
) -> dict[str, Any]:
    """Run ``kind`` in a child process with a fresh PREFECT_HOME; its figures and peak RSS.
    ``vacuum_every``: autovacuum's work done meanwhile (``bench/autovacuum.py``), 0: none.
    ``workers``: a backfill's local worker processes (``MEMCURATOR_BACKFILL_WORKERS``)."""
    if vacuum_every:
        before = vacuum_once(url) if kind == "nightly" else 0.0  # a quiet period's state
        with Vacuuming(url, vacuum_every) as vacuuming:
            measured = run_flow(kind, url, start, end, partitions, workers=workers)
        measured["vacuum"] = f"{vacuuming.said()}; {before:.1f} s before it"
        print(f"  [{kind}] autovacuum's work: {measured['vacuum']}", flush=True)
        return measured
    with tempfile.TemporaryDirectory(prefix="memcurator-bench-prefect-") as home:
        out = Path(home) / "result.json"
        env = {
            **os.environ,
            "PREFECT_HOME": home,
            "PREFECT_LOGGING_LEVEL": "WARNING",
            "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
            # A shared, loaded machine can take minutes to start the temporary server.
            "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": os.environ.get(
                "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "300"
            ),
            "MEMCURATOR_BACKFILL_WORKERS": str(workers),
        }
        argv = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--child", kind,
            "--url", url,
            "--start", start.isoformat(),
            "--end", end.isoformat(),
            "--partitions", str(partitions),
            "--out", str(out),
        ]  # fmt: skip
        began = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert proc.stdout is not None
        tail: list[str] = []
        for raw in proc.stdout:  # drained as it comes, so a chatty child never blocks
            line = raw.decode(errors="replace").rstrip()
            tail = [*tail[-40:], line]
            if line.startswith("progress: "):
                print(f"  [{kind}] {line.removeprefix('progress: ')}", flush=True)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - began
        if os.waitstatus_to_exitcode(status) != 0 or not out.exists():
            sys.exit(f"child failed: {' '.join(argv)}\n" + "\n".join(tail))
        figures: dict[str, Any] = json.loads(out.read_text())
    figures["child_wall_s"] = wall
    figures["peak_waited_kib"] = usage.ru_maxrss  # the largest of the child and its children
    return figures


# --------------------------------------------------------------------------- reporting


def _mib(kib: float) -> str:
    return f"{kib / 1024:,.0f} MiB"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _stage_table(nights: list[dict[str, Any]], indent: str = "    ") -> list[str]:
    """Where the nights' time went. The 8 partitions run as threads of one process (2 cores,
    one GIL): a stage's CPU seconds (``time.thread_time``) are its own work; its wall
    thread-seconds also count every wait for the GIL, the database and the other threads, so
    they overlap and only their shares of the partitions' thread-seconds compare."""
    total: Counter[str] = Counter()
    cpu: Counter[str] = Counter()
    for night in nights:
        total.update(night["stages"])
        cpu.update(night.get("stages_cpu", {}))
    wall = sum(n["seconds"] for n in nights)
    span = sum(n["partitions_span"] for n in nights)
    body = total.get("partition (whole transaction body)", 0.0) or 1.0
    body_cpu = cpu.get("partition (whole transaction body)", 0.0) or 1.0

    def row(name: str) -> str:
        return (
            f"{indent}  {name:<44}{cpu[name]:9.1f}   {cpu[name] / body_cpu:6.1%}"
            f"{total[name]:13.1f}   {total[name] / body:6.1%}"
        )

    lines = [
        f"{indent}{'night wall (a night complete to the next)':<46}{wall:9.1f} s",
        f"{indent}{'partition tasks running (first..last)':<46}{span:9.1f} s"
        f"   Prefect before/after the tasks: {wall - span:.1f} s ({(wall - span) / wall:.0%}"
        f", {(wall - span) / len(nights):.2f} s a night)",
        f"{indent}{'stage':<46}{'CPU s':>9}   {'share':>6}{'wall thread-s':>13}   share"
        "   (CPU: thread_time; wall per thread includes GIL and I/O waits)",
    ]
    def of(parent: str, sub: str) -> bool:  # "  of which ...": the plan's; else by first word
        if sub.startswith("  of which"):
            return parent.startswith("policy")
        return sub.split()[0].rstrip(":") == parent.split()[0]

    for name in sorted((k for k in total if not k.startswith("  ")), key=lambda k: -cpu[k]):
        lines.append(row(name))
        lines += [row(sub) for sub in sorted(
            (k for k in total if k.startswith("  ") and of(name, k)), key=lambda k: -cpu[k]
        )]  # fmt: skip
    return lines


def _night_line(label: str, figures: dict[str, Any]) -> list[str]:
    night = figures["nights"][0]
    return [
        f"  {label}: {night['seconds']:.2f} s for {night['date']} "
        f"(child process {figures['child_wall_s']:.1f} s incl. {figures['server_s']:.1f} s "
        "Prefect server start)",
        f"    totals {json.dumps(night['totals'])}",
        f"    peak RSS: pass process {_mib(figures['peak_self_kib'])}, Prefect server "
        f"{_mib(figures['peak_server_kib'])}",
        *_stage_table(figures["nights"]),
    ]


def extrapolate(seconds: list[float], nights: int) -> float:
    """Total seconds for ``nights`` nights from a straight-line fit of seconds per night
    against the night's index (a night's work grows with the topics behind it)."""
    n = len(seconds)
    if n < 2:
        return seconds[0] * nights if seconds else 0.0
    xs = range(n)
    mean_x, mean_y = (n - 1) / 2, sum(seconds) / n
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, seconds, strict=True)) / sum(
        (x - mean_x) ** 2 for x in xs
    )
    intercept = mean_y - slope * mean_x
    return sum(intercept + slope * i for i in range(nights))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg-url", help="any database on the server; a fresh one is made")
    parser.add_argument("--users", type=int, default=500)
    parser.add_argument("--days", type=int, default=FULL_YEAR, help="days of data and backfill")
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--skip-first-night", action="store_true", help="skip case (c)")
    parser.add_argument(
        "--deeper", type=int, default=9,
        help="case (d): the night of (b) on a store with this many more copies of the history "
        "behind it (9: 10x the store, the same night's activity; 0 skips it)",
    )  # fmt: skip
    parser.add_argument(
        "--wider", action="store_true",
        help="case (d) copies the history as other tenants' (10x the users) instead",
    )  # fmt: skip
    parser.add_argument("--keep", action="store_true", help="keep the databases afterwards")
    parser.add_argument(
        "--backfill-workers", type=int, default=0, metavar="N",
        help="case (a2): the year's backfill again, on N local worker processes (0 skips it)",
    )
    parser.add_argument(
        "--vacuum-every", type=float, default=0.0, metavar="SECONDS",
        help="do autovacuum's work meanwhile, every SECONDS (60: its default naptime; 0: "
        "the server's own, which on this project's CI machine is off)",
    )  # fmt: skip
    parser.add_argument(
        "--database",
        default=f"{DATABASE}_{os.getpid()}",
        help=f"name of the scratch database ({DATABASE}_<pid>)",
    )
    parser.add_argument("--child", choices=("backfill", "nightly"), help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--start", help=argparse.SUPPRESS)
    parser.add_argument("--end", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child_main(args)
        return
    if not args.pg_url:
        parser.error("--pg-url is required")
    bench(args)


def bench(args: argparse.Namespace) -> None:
    name = args.database
    first_db, deep_db, workers_db = f"{name}_first", f"{name}_deep", f"{name}_workers"
    deep: dict[str, Any] | None = None
    on_workers: dict[str, Any] | None = None
    url = database_url(args.pg_url, name)
    last_day = START + timedelta(days=args.days - 1)
    # One more day of data than the year: the activity of (b)'s night (a night with nothing
    # new would only show what a quiet store costs).
    night_day, data_days = last_day + timedelta(days=1), args.days + 1
    print(
        f"nightly-pass benchmark on PostgreSQL: {args.users} users x {args.days} days, "
        f"1 session per user per day, {args.partitions} partitions"
    )
    print(
        "  the post-gate store is synthesised and COPYed in (ingesting ~2.4M candidates "
        "through the gate takes ~10 min on 2 cores):"
    )
    print(
        "  each distinct candidate shape is judged once by the real gate, keyed entries merge "
        "per scope and key (an observation the passes before a candidate's day closed takes "
        "no more: a new one starts, as in the gate), every accepted candidate is an "
        "entry_sources row"
    )
    create_database(args.pg_url, name)
    engine = make_engine(url)
    upgrade(engine)
    loaded = synthesise(engine, args.users, data_days)
    before = store_counts(engine)
    engine.dispose()
    size = database_size(args.pg_url, name)
    print(
        f"  load: {loaded['candidates']:,} candidates -> {loaded['accepted']:,} accepted "
        f"({loaded['gate_calls']:,} real gate calls); COPY {loaded['entries']:,} entries + "
        f"{loaded['entry_sources']:,} entry_sources in {loaded['load_s']:.1f} s "
        f"(generation included), ANALYZE {loaded['analyze_s']:.1f} s, "
        f"database {size / 2**20:,.0f} MiB"
    )
    print(f"    accepted by type/source: {json.dumps(loaded['kinds'])}")
    print(f"    entries by type/status:  {json.dumps(before['by_status'])}")
    print(
        "    (no fact supersession, no ingest write_log/intake rows: the pass reads neither; "
        "sources are not capped)"
    )
    sys.stdout.flush()

    first: dict[str, Any] | None = None
    every = args.vacuum_every
    if every:
        print(
            f"  autovacuum's work done by the bench (this server may run without it): VACUUM "
            f"(ANALYZE) of the pass's tables every {every:g} s while a flow runs, and once "
            "before each single night (bench/autovacuum.py)", flush=True,
        )  # fmt: skip
    if not args.skip_first_night:
        create_database(args.pg_url, first_db, template=name)
    if args.backfill_workers:
        create_database(args.pg_url, workers_db, template=name)
    try:
        backfill = run_flow("backfill", url, START, last_day, args.partitions, every)
        # The year's figure first, and on disk: a later stage that fails must not lose it.
        saved = Path(tempfile.gettempdir()) / f"memcurator_bench_backfill_{os.getpid()}.json"
        saved.write_text(json.dumps(backfill, default=str))
        print(f"  (a) backfill: {backfill['flow_s']:.1f} s for {len(backfill['nights'])} nights "
              f"(figures saved to {saved})", flush=True)
        if args.backfill_workers:
            on_workers = run_flow(
                "backfill", database_url(args.pg_url, workers_db), START, last_day,
                args.partitions, every, workers=args.backfill_workers,
            )  # fmt: skip
            print(f"  (a2) the same backfill on {args.backfill_workers} local worker processes: "
                  f"{on_workers['flow_s']:.1f} s", flush=True)  # fmt: skip
        if args.deeper:
            create_database(args.pg_url, deep_db, template=name)
            deep_url = database_url(args.pg_url, deep_db)
            grown = deepen_history(deep_url, args.deeper, data_days, wider=args.wider)
            print(
                f"  (d) store {args.deeper + 1}x as {'wide' if args.wider else 'deep'}: "
                f"{grown['entries']:,} entries, "
                f"{grown['entry_sources']:,} entry_sources ({grown['seconds']:.0f} s to copy)",
                flush=True,
            )
            deep = run_flow("nightly", deep_url, night_day, night_day, args.partitions, every)
        one = run_flow("nightly", url, night_day, night_day, args.partitions, every)
        after = _counts_at(url)
        if not args.skip_first_night:
            first = run_flow(
                "nightly", database_url(args.pg_url, first_db), night_day, night_day,
                args.partitions, every,
            )
            first["store"] = _counts_at(database_url(args.pg_url, first_db))
    finally:
        if not args.keep:
            drop_database(args.pg_url, workers_db)
            drop_database(args.pg_url, first_db)
            drop_database(args.pg_url, deep_db)
            drop_database(args.pg_url, name)
    report(args, loaded, before, backfill, one, after, first)
    if on_workers is not None:
        print()
        print("\n".join(_workers_lines(args.backfill_workers, backfill, on_workers)))
    if deep is not None:
        print()
        print("\n".join(_night_line(f"(d) the night of (b), {args.deeper + 1}x the store", deep)))


def _workers_lines(
    workers: int, threads: dict[str, Any], measured: dict[str, Any]
) -> list[str]:
    """Case (a2): the year's backfill on ``workers`` local worker processes beside (a)."""
    seconds = [n["seconds"] for n in measured["nights"]]
    totals = measured["result"]["totals"]
    same = "the same as (a)" if totals == threads["result"]["totals"] else "DIFFER from (a): "
    return [
        f"(a2) the same backfill on {workers} local worker processes "
        f"(MEMCURATOR_BACKFILL_WORKERS={workers}; a Dask cluster started for the run):",
        f"  total {measured['flow_s']:.1f} s, {measured['flow_s'] / threads['flow_s']:.2f}x the "
        f"threads' {threads['flow_s']:.1f} s (same run of this bench); the first night "
        f"{seconds[0]:.2f} s (the workers' start), then mean {statistics.mean(seconds[1:]):.2f} s",
        f"  totals {same}{'' if same.startswith('the') else json.dumps(totals)}",
        f"  peak RSS: flow process {_mib(measured['peak_self_kib'])}, its children (Prefect "
        f"server and the workers, sampled) {_mib(measured['peak_server_kib'])}",
    ]


def _counts_at(url: str) -> dict[str, Any]:
    engine = make_engine(url)
    try:
        return store_counts(engine)
    finally:
        engine.dispose()


def report(
    args: argparse.Namespace,
    loaded: dict[str, Any],
    before: dict[str, Any],
    backfill: dict[str, Any],
    one: dict[str, Any],
    after: dict[str, Any],
    first: dict[str, Any] | None,
) -> None:
    seconds = [n["seconds"] for n in backfill["nights"]]
    total = backfill["flow_s"]
    print(
        f"\n(a) backfill flow, {len(seconds)} nights ({backfill['result']['start']} to "
        f"{backfill['result']['end']}), measured:"
    )
    print(
        f"  total {total:.1f} s (child process {backfill['child_wall_s']:.1f} s incl. "
        f"{backfill['server_s']:.1f} s Prefect server start)"
    )
    print(
        f"  per night: mean {statistics.mean(seconds):.2f} s, p50 {_percentile(seconds, 0.5):.2f} "
        f"s, p90 {_percentile(seconds, 0.9):.2f} s, max {max(seconds):.2f} s "
        f"({backfill['nights'][seconds.index(max(seconds))]['date']})"
    )
    chunks = [seconds[i : i + 30] for i in range(0, len(seconds), 30)]
    print(
        "  mean per night by 30-night block: "
        + ", ".join(f"{statistics.mean(c):.2f}" for c in chunks)
    )
    print(f"  totals {json.dumps(backfill['result']['totals'])}")
    print(
        f"  peak RSS: pass process {_mib(backfill['peak_self_kib'])}, Prefect temporary server "
        f"{_mib(backfill['peak_server_kib'])} (sampled), both {_mib(backfill['peak_tree_kib'])}; "
        "PostgreSQL not counted"
    )
    print("  where a night's time goes, summed over the backfill:")
    if backfill["not_instrumented"]:
        print(f"    (not found, so not timed: {', '.join(backfill['not_instrumented'])})")
    print("\n".join(_stage_table(backfill["nights"])))
    extrapolated = None
    if len(seconds) < FULL_YEAR:
        # Partitions progress independently, so nights complete in bursts and the fit on the
        # gaps between them can fall short: never below the measured mean times the year.
        mean = sum(seconds) / len(seconds)
        extrapolated = max(extrapolate(seconds, FULL_YEAR), mean * FULL_YEAR)
        print(
            f"  EXTRAPOLATED (not measured) to {FULL_YEAR} nights: {extrapolated:.0f} s "
            f"(the larger of a straight-line fit of seconds per night over the {len(seconds)} "
            "measured nights and their mean times the year)"
        )
    print()
    label = "(b) the night after the year, with that day's activity, on the backfilled store"
    print("\n".join(_night_line(label, one)))
    if first is not None:
        print()
        print(
            "\n".join(
                _night_line("(c) first night after install (never-consolidated store)", first)
            )
        )
        print(
            f"    store after it: {json.dumps(first['store']['write_log_actions'])}, "
            f"{first['store']['topics']} topics, {first['store']['topic_members']} members"
        )
    print("\nsummary")
    rows = [
        ("store: users x days", f"{args.users} x {args.days}"),
        ("store: candidates (before the gate)", f"{loaded['candidates']:,}"),
        ("store: entries / entry_sources", f"{before['entries']:,} / {before['entry_sources']:,}"),
        ("backfill total (measured)", f"{total:,.1f} s for {len(seconds)} nights"),
        (
            "backfill s/night mean / p50 / max",
            f"{statistics.mean(seconds):.2f} / "
            f"{_percentile(seconds, 0.5):.2f} / {max(seconds):.2f}",
        ),
    ]
    if extrapolated is not None:
        rows.append((f"backfill total EXTRAPOLATED to {FULL_YEAR}", f"{extrapolated:,.0f} s"))
    rows += [
        (
            "backfill last night / last 30 nights mean",
            f"{seconds[-1]:.2f} / {statistics.mean(seconds[-30:]):.2f} s",
        ),
        (
            "the night after the year, its day's activity (b)",
            f"{one['nights'][0]['seconds']:.2f} s",
        ),
    ]
    if first is not None:
        rows.append(("first night after install (c)", f"{first['nights'][0]['seconds']:.2f} s"))
    peaks = [backfill["peak_self_kib"], one["peak_self_kib"]]
    peaks += [first["peak_self_kib"]] if first else []
    rows += [
        ("peak RSS, pass process (max of runs)", _mib(max(peaks))),
        (
            "peak RSS, Prefect server (sampled)",
            _mib(max(backfill["peak_server_kib"], one["peak_server_kib"])),
        ),
    ]
    actions = after["write_log_actions"]
    rows += [
        (
            "write_log after (a)+(b): promoted / expired",
            f"{actions.get('promoted', 0):,} / {actions.get('expired', 0):,}",
        ),
        (
            "write_log after (a)+(b): new topics / grown",
            f"{after['new_topics_logged']:,} / "
            f"{actions.get('consolidated', 0) - after['new_topics_logged']:,}",
        ),
        ("topic entries / topic members", f"{after['topics']:,} / {after['topic_members']:,}"),
        ("entries / write_log rows after", f"{after['entries']:,} / {after['write_log']:,}"),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"  {key:<{width}}  {value}")


if __name__ == "__main__":
    main()
