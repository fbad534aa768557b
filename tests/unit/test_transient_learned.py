"""Rule 2's learned stage: deterministic, explained, reproducible from its data, and it never
drops a durable statement the project keeps as a guard."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from memcurator import transient_learned as learned
from memcurator.transient import rule_reason, transient_reason

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SHIPPED = learned.shipped_model()
TERSE_FACTS = [
    "Uses Jest",
    "Code review required",
    "Vegetarian",
    "On call Mondays",
    "Now lives in Berlin",
    "Checking account on file",
    "Running shoes size 44",
    "Plays chess",
    "Keeps kosher",
    "Refuse me please",  # an unknown word and no shape of chatter: kept whatever "please" weighs
]


def texts(name: str) -> list[str]:
    with (DATA / name).open(encoding="utf-8") as handle:
        return [str(json.loads(line)["text"]) for line in handle if line.strip()]


def key_pair_statements() -> list[str]:
    out: list[str] = []
    for name in ("key_pairs_labelled.jsonl", "key_pairs_heldout.jsonl"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                pair = json.loads(line)
                out += [pair["old"], pair["new"]]
    return out


@pytest.mark.parametrize(
    "chatter",
    [
        "Logging into the Stripe dashboard to find that duplicate charge.",
        "Reviewing the shipping manifest you uploaded again.",
        "I'm escalating your ticket to the network team right now.",
        "The spreadsheet is still loading on my side.",
    ],
)
def test_chatter_the_rules_miss_is_dropped_with_the_features_that_matched(chatter: str) -> None:
    assert rule_reason(chatter) is None  # else this would not test the learned stage
    reason = transient_reason(chatter, learned=True)
    assert reason is not None and reason.startswith("learned chatter (")
    assert reason == learned.learned_reason(chatter)
    named = reason.removeprefix("learned chatter (").removesuffix(")").split(", ")
    assert 1 <= len(named) <= 3 and all(named)


def test_a_gerund_opening_names_the_in_flight_action() -> None:
    reason = learned.learned_reason("Pulling the server logs from the last deploy.")
    assert reason is not None and "opens on an in-flight action" in reason


def test_the_same_text_always_gets_the_same_verdict() -> None:
    sample = texts("transient_train_4.jsonl")
    first = [transient_reason(t, learned=True) for t in sample]
    assert [transient_reason(t, learned=True) for t in reversed(sample)] == first[::-1]


@pytest.mark.parametrize("fact", TERSE_FACTS)
def test_terse_durable_facts_are_kept(fact: str) -> None:
    assert transient_reason(fact, learned=True) is None


def test_every_key_pair_statement_is_kept_by_both_stages() -> None:
    statements = key_pair_statements()
    dropped = {s: why for s in statements if (why := transient_reason(s, learned=True))}
    assert len(statements) > 1000
    assert not dropped, dropped


@pytest.mark.parametrize(
    "durable",
    [
        "Prefers aisle seats",
        "The user is training for a half marathon",
        "Always CC me, now",
        "I'm currently working for the city council",
        "Happy to take a layover if it saves money now",
    ],
)
def test_a_durable_cue_keeps_the_candidate_whatever_its_score(durable: str) -> None:
    assert learned.has_durable_cue(durable)
    assert learned.logit(durable) is None
    assert learned.learned_reason(durable) is None


def test_the_fast_run_time_score_equals_the_sum_over_the_trainers_features() -> None:
    rows = texts("transient_labelled.jsonl") + texts("transient_heldout_2.jsonl")
    for text in rows:
        fast, slow = learned.logit(text), learned.margin(text, SHIPPED)
        assert (fast is None) == (slow is None), text
        if fast is not None and slow is not None:
            assert fast == pytest.approx(slow[0], abs=1e-9), text
            assert (learned.learned_reason(text) is None) == (learned.judge(text, SHIPPED) is None)


def test_the_stage_imports_no_learning_library_and_reads_no_file() -> None:
    source = (ROOT / "memcurator" / "transient_learned.py").read_text(encoding="utf-8")
    weights = (ROOT / "memcurator" / "transient_weights.py").read_text(encoding="utf-8")
    for text in (source, weights):
        assert "sklearn" not in text and " open(" not in text and "read_text" not in text


def test_the_rules_alone_never_load_the_weights() -> None:
    """The weights cost memory and import time; only a call to the learned stage loads them
    (importing the gate, or the rules alone, does not)."""
    code = (
        "import sys; import memcurator.gate; from memcurator.transient import transient_reason;"
        "transient_reason('checking now', learned=False);"
        "print('memcurator.transient_weights' in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert run.stdout.strip() == "False"


def test_the_shipped_weights_are_what_the_training_script_produces(tmp_path: Path) -> None:
    pytest.importorskip("sklearn")
    spec = importlib.util.spec_from_file_location(
        "train_transient", ROOT / "bench" / "train_transient.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_transient"] = module
    spec.loader.exec_module(module)
    out = tmp_path / "weights.py"
    assert module.main(["--out", str(out)]) == 0
    shipped = (ROOT / "memcurator" / "transient_weights.py").read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == shipped


def test_the_gate_runs_both_stages_and_the_rules_alone_on_request() -> None:
    """transient_reason (the gate's call) runs both stages; ``learned=False`` the rules alone."""
    text = "Logging into the Stripe dashboard to find that duplicate charge."
    assert transient_reason(text, learned=False) is None
    assert transient_reason(text) == transient_reason(text, learned=True) is not None
    chatter = "hmm, let me think"
    assert transient_reason(chatter) == transient_reason(chatter, learned=False) is not None


def _conversation_turns() -> tuple[list[str], list[str]]:
    path = ROOT / "tests" / "data" / "convo_turns_blind.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    facts = [str(r["text"]) for r in rows if r["personal_fact"]]
    return facts, [str(r["text"]) for r in rows if not r["personal_fact"]]


def test_the_gate_keeps_personal_facts_in_casual_conversation() -> None:
    """A blind set of chit-chat turns between friends (written to stand in for LoCoMo's, where
    the turns a question cites as evidence must be kept): the gate keeps at least 99.5% of the
    turns that carry a personal fact, and drops a good share of the pure chatter.  The learned
    stage kept 92% of them when this set was written; the personal-fact veto, the sentence-by-
    sentence check and the negation guard brought it to 99.5% (405 of 407; the two it drops are
    the rules').  The other turns are not all chatter (questions back, reactions): the gate drops
    about a third of them (120 of 361 at threshold 2.5, 119 at 2.75, 143 before that)."""
    facts, chatter = _conversation_turns()
    kept = sum(transient_reason(t) is None for t in facts) / len(facts)
    assert kept >= 0.995, f"the gate kept only {kept:.3f} of conversation turns with a fact"
    assert sum(transient_reason(t) is not None for t in chatter) > 0.3 * len(chatter)


def test_the_learned_stage_drops_more_conversation_chatter_than_the_rules() -> None:
    _, chatter = _conversation_turns()
    by_rules = sum(transient_reason(t, learned=False) is not None for t in chatter)
    assert sum(transient_reason(t) is not None for t in chatter) > 1.5 * by_rules


def _shapes(text: str) -> set[str]:
    return {f for f in learned.features(text, SHIPPED[3]) if f.startswith("s:")}


def test_a_quoted_phrase_is_mentioned_not_said() -> None:
    assert "s:first_person_next" in _shapes("Let me check the logs.")
    assert "s:first_person_next" not in _shapes("The 'let me check' macro is disabled.")
    assert "s:first_person_next" not in _shapes('The "let me check" macro is disabled.')
    assert "s:first_person_next" in _shapes("I don't know, let me check.")  # no quote opens


@pytest.mark.parametrize(
    "text",
    [
        "Governing law: Delaware",  # a gerund in a label
        "Morning person",  # a noun ending in -ing
        "Restarting the router drops every call.",  # an -s verb before a determiner
    ],
)
def test_a_gerund_that_is_no_action_is_not_an_in_flight_opening(text: str) -> None:
    assert "s:gerund_open" not in _shapes(text)


def test_an_action_is_still_an_in_flight_opening() -> None:
    assert "s:gerund_open" in _shapes("Restarting the router for you.")
    assert "s:gerund_open" in _shapes("Pulling the logs for the incident.")


@pytest.mark.parametrize(
    ("kept", "dropped"),
    [
        ("Renting in Brooklyn", "Renting the car now"),  # a name, nothing narrated
        ("Baking", "Baking the release build now"),  # one word is the rules' to name
        ("Annual plan", "Reading your message again now"),  # terse, no shape of chatter
    ],
)
def test_short_candidates_need_a_shape_of_chatter(kept: str, dropped: str) -> None:
    assert learned.logit(kept) is None
    assert learned.logit(dropped) is not None


def test_letter_ngrams_weigh_in_and_the_reason_names_words_not_ngrams() -> None:
    _, _, weights, _ = SHIPPED
    assert sum(name.startswith("c:") for name in weights) > 1000
    for text in texts("transient_train_8.jsonl")[:400]:
        reason = learned.learned_reason(text)
        if reason is not None:
            assert "^" not in reason and "$" not in reason, reason
