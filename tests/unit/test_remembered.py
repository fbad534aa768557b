"""``meaning.relate`` answers a call made again from memory (``shown.remembered``), and the
memory never changes an answer: every argument is part of what it remembers by."""

from __future__ import annotations

from memcurator import meaning
from memcurator.meaning import relate
from memcurator.shown import REMEMBERED_CHARS, remembered

PAIRS = [
    ("Has a cat named Tom", "Has a dog named Rex", {"kind": "single", "attribute": "pet"}),
    ("Has a cat named Tom", "Has a dog named Rex", {"kind": "set", "attribute": "pet"}),
    ("Prefers window seats", "Prefers aisle seats", {"attribute": "seat_preference"}),
    ("Prefers window seats", "Prefers aisle seats",
     {"old_value": "window", "new_value": "window", "attribute": "seat_preference"}),
    ("Vegetarian", "Doesn't eat meat", {}),
]


def test_each_argument_is_remembered_by() -> None:
    unremembered = meaning.relate.__wrapped__  # the judge itself, no memory
    first = [relate(old, new, **kw) for old, new, kw in PAIRS]
    again = [relate(old, new, **kw) for old, new, kw in PAIRS]
    assert first == again == [unremembered(old, new, **kw) for old, new, kw in PAIRS]
    # the pairs differ only by a keyword, and so do their answers
    assert first[0].relation == "contradiction" and first[1].relation == "refinement"
    assert first[2].relation == "contradiction" and first[3].relation == "same"


def test_a_call_made_again_is_answered_from_memory() -> None:
    calls: list[tuple[str, str]] = []

    @remembered
    def judge(old: str, new: str, *, kind: str = "single") -> str:
        calls.append((old, new))
        return f"{old}|{new}|{kind}"

    assert judge("a", "b") == judge("a", "b") == "a|b|single"
    assert judge("a", "b", kind="set") == "a|b|set"
    assert calls == [("a", "b"), ("a", "b")]  # the repeat was not judged again
    long = "x" * REMEMBERED_CHARS
    judge(long, "b")
    judge(long, "b")
    assert calls[-2:] == [(long, "b"), (long, "b")]  # a long text is judged every time
    assert judge.cache_info().hits == 1  # type: ignore[attr-defined]

