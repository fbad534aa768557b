"""Issue 13: a night's promotions are written a wave at a time (``PassWriter.promote``), each
wave's statements by kind for all its rows, and the store ends exactly as if they had been
applied one by one, in order: the same entries, the same write log in the same order.

A first night over a few weeks of the workload promotes many observations at once, several
under one key (a fact one inserts is the one the next merges into), so the waves chain; and a
first night that promotes a preference and then the one that replaced it must supersede, in
a later wave, the fact its own first wave inserted (one current fact per key)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, time

import pytest
from sqlalchemy import Engine, select

from memcurator.consolidation import Placement, Promotion
from memcurator.workload import generate_stream
from store import pass_writes
from store.pass_writes import PassWriter, promotion_waves
from store.tables import WriteLog
from tests.factories import observation
from tests.passes import export, ingest, run_pass

DAY0 = date(2025, 3, 1)
DAYS = 35


def _log(engine: Engine) -> list[tuple[object, ...]]:
    with engine.connect() as conn:
        return [
            tuple(r)
            for r in conn.execute(
                select(
                    WriteLog.action, WriteLog.rule, WriteLog.memory_id, WriteLog.candidate_key,
                    WriteLog.related_ids, WriteLog.reason, WriteLog.payload,
                ).order_by(WriteLog.seq)
            )
        ]  # fmt: skip


def _workload(engine: Engine) -> None:
    start = datetime.combine(DAY0, time(0), tzinfo=UTC)
    ingest(engine, generate_stream(users=3, days=DAYS, sessions_per_day=2, seed=5, start=start))
    run_pass(engine, date.fromordinal(DAY0.toordinal() + DAYS - 1), partitions=2)


def _seat(session: str, day: int, content: str) -> dict[str, object]:
    doc = observation("u_1", session, f"2025-03-{day:02d}T09:00:00Z", content=content)
    doc["subject"] = {"entity": "user", "attribute": "seat_preference"}
    return doc


# Built once: the factory's ids are fresh on every call, and both stores take the same lines.
_SEATS = [_seat(f"s_{d}", d, "Prefers window seats") for d in (1, 2, 3)] + [
    _seat(f"s_{d}", d, "Prefers aisle seats") for d in (5, 6, 7)
]


def _chain(engine: Engine) -> None:
    ingest(engine, _SEATS)
    run_pass(engine, date(2025, 3, 8))


@pytest.mark.parametrize("first_night", [_workload, _chain], ids=["workload", "chain"])
def test_promotions_in_waves_equal_promotions_one_by_one(
    new_engine: Callable[[], Engine],
    monkeypatch: pytest.MonkeyPatch,
    first_night: Callable[[Engine], None],
) -> None:
    waves: list[int] = []
    shared: list[int] = []  # per wave, the most merges into one fact
    promote_wave = PassWriter._promote_wave

    def counted(self: PassWriter, wave: Sequence[object], rows: dict[str, object]) -> None:
        waves.append(len(wave))
        merges = Counter(pl.fact_id for _, pl in wave if pl.action == "merge")  # type: ignore[attr-defined]
        shared.append(max(merges.values(), default=0))
        promote_wave(self, wave, rows)  # type: ignore[arg-type]

    monkeypatch.setattr(PassWriter, "_promote_wave", counted)
    in_waves = new_engine()
    first_night(in_waves)
    monkeypatch.undo()
    # The waves chain: a later one needs a fact an earlier one wrote.
    assert len(waves) >= 2, waves
    if first_night is _workload:  # and merges into one fact share a wave, adding up
        assert max(shared) >= 2, shared

    promote = PassWriter.promote

    def one_by_one(self: PassWriter, promotions: Sequence[Promotion]) -> None:
        for p in promotions:
            promote(self, [p])

    monkeypatch.setattr(pass_writes.PassWriter, "promote", one_by_one)
    singly = new_engine()
    first_night(singly)
    monkeypatch.undo()

    assert export(in_waves) == export(singly)
    assert _log(in_waves) == _log(singly)
    actions = [action for action, *_ in _log(in_waves)]
    assert actions.count("promoted") >= 2
    if first_night is _chain:
        assert actions.count("superseded") >= 1


def _placed(action: str, fact: str, other: str | None = None) -> tuple[Promotion, Placement]:
    at = datetime(2025, 3, 1, tzinfo=UTC)
    return Promotion(f"obs_{fact}_{action}", fact, at, ("s",), 0.9, 1), Placement(
        action, fact, other  # type: ignore[arg-type]
    )


def test_a_wave_writes_a_fact_once_per_kind_and_merges_into_one_fact_share_it() -> None:
    """Within a wave the facts superseded are closed, then the new facts inserted, then the
    merges applied: a write follows an earlier one to its fact in the same wave only when
    its kind runs later, or when both are merges (they add up in any order)."""
    steps = [
        _placed("insert", "f"),
        _placed("merge", "f", "f"),  # after f's insert, in its wave
        _placed("merge", "f", "f"),  # merges share a wave
        _placed("supersede", "g", "f"),  # closing f runs first in a wave: the next one
        _placed("merge", "g", "g"),
        _placed("stale", "h", "g"),  # born superseded by g: after g's insert, as an insert
        _placed("insert", "k"),  # touches nothing written: the first wave
    ]
    waves = [[(pl.action, pl.fact_id) for _, pl in wave] for wave in promotion_waves(steps)]
    assert waves == [
        [("insert", "f"), ("merge", "f"), ("merge", "f"), ("insert", "k")],
        [("supersede", "g"), ("merge", "g")],
        [("stale", "h")],
    ]
