"""Rule 2 never drops a durable statement, including terse ones it was not developed on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memcurator.transient import transient_reason

DATA = Path(__file__).resolve().parent.parent / "data"


def test_no_statement_of_the_key_pairs_set_is_taken_for_chatter() -> None:
    # 800+ durable statements written for another purpose (dedup), many of them terse and
    # subject-less ("Uses Jest", "Code review required"): a cross-check of precision.
    statements = set()
    for line in (DATA / "key_pairs_labelled.jsonl").read_text(encoding="utf-8").splitlines():
        pair = json.loads(line)
        statements.update((pair["old"], pair["new"]))
    dropped = {s: why for s in statements if (why := transient_reason(s, learned=True))}
    assert len(statements) > 800
    assert not dropped, dropped


def _jsonl(name: str) -> list[dict[str, object]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_no_durable_statement_shaped_like_a_frame_of_the_moment_is_dropped() -> None:
    # Two sets of 500 durable statements written (2026-12-05, by helpers who never saw the code)
    # to open like chatter: "Let me approve ...", "I'm running ...", "Restarting X clears Y",
    # "3 of 5 ...", "Here's the rule: ...". The rules' frames (transient_inflight,
    # transient_courtesy) must keep each; the learned stage, off by default, is not asserted.
    for name in ("transient_desk_guard.jsonl", "transient_surface_guard.jsonl"):
        rows = _jsonl(name)
        assert len(rows) == 500 and not any(row["transient"] for row in rows)
        dropped = {
            str(r["text"]): why
            for r in rows
            if (why := transient_reason(str(r["text"]), learned=False))
        }
        assert not dropped, (name, len(dropped))


@pytest.mark.parametrize(
    ("name", "turns"), [("convo_guard_4.jsonl", 336), ("convo_guard_5.jsonl", 346)]
)
def test_no_turn_with_a_personal_fact_of_a_conversation_guard_is_dropped_by_the_rules(
    name: str, turns: int
) -> None:
    # Chats between friends (LoCoMo's kind), written blind. Guard 4 (2026-12-05): 12 chats, 714
    # turns, 336 with a personal fact, scored once (one apology with news after it was dropped;
    # fixed generically). Guard 5 (2026-12-07): 14 chats, 739 turns, 346 with a personal fact.
    rows = _jsonl(name)
    facts = [str(r["text"]) for r in rows if r["personal_fact"]]
    assert len(facts) == turns
    dropped = [t for t in facts if transient_reason(t, learned=False) is not None]
    assert not dropped, len(dropped)  # counts only: the turns stay unread


def test_the_rules_drop_no_durable_row_of_any_labelled_utterance_set() -> None:
    # Every labelled set, held-out ones included (counts only: their lines stay unread).
    dropped = {}
    for path in sorted(DATA.glob("transient_*.jsonl")):
        rows = _jsonl(path.name)
        n = sum(
            1
            for r in rows
            if not r["transient"] and transient_reason(str(r["text"]), learned=False)
        )
        if n:
            dropped[path.name] = n
    assert not dropped, dropped


def test_no_durable_statement_the_review_found_dropped_is_dropped() -> None:
    # 1,322 durable statements four adversarial reviews (2026-12-05, having read the frames' code)
    # found dropped by earlier versions of transient_inflight / transient_courtesy: "I'm going
    # to open a bakery in Portland", "We're redoing the kitchen", "The adoption is in progress",
    # "Here's the corrected address: 12 Rue Oberkampf", "Let me check my blood sugar", "Should
    # I take the Stripe offer or stay at Google?", "Looking at 2019 Tacomas for the ranch".
    rows = _jsonl("transient_review_guard.jsonl")
    assert len(rows) == 1322
    dropped = [str(r["text"]) for r in rows if transient_reason(str(r["text"]), learned=False)]
    assert not dropped, dropped
