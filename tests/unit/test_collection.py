"""The collector's young threshold while passes run (``memcurator.app.collection``)."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from memcurator.app.collection import YOUNG_THRESHOLD, fewer_collections


@pytest.fixture(autouse=True)
def thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*saved)


def test_a_pass_raises_the_young_threshold_and_puts_back_what_was_there() -> None:
    gc.set_threshold(700, 11, 12)
    with fewer_collections():
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 11, 12)
    assert gc.get_threshold() == (700, 11, 12)


def test_the_threshold_stays_raised_until_the_last_of_overlapping_passes_ends() -> None:
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: list[tuple[int, int, int]] = []

    def first() -> None:
        with fewer_collections():
            first_in.set()
            second_in.wait(5)
        first_out.set()

    thread = threading.Thread(target=first)
    thread.start()
    first_in.wait(5)
    with fewer_collections():
        second_in.set()
        first_out.wait(5)
        seen.append(gc.get_threshold())  # the first pass has ended, this one has not
    thread.join(5)
    assert seen == [(YOUNG_THRESHOLD, 10, 10)]
    assert gc.get_threshold() == (700, 10, 10)


def test_a_pass_that_fails_still_puts_the_threshold_back() -> None:
    with pytest.raises(RuntimeError), fewer_collections():
        raise RuntimeError("the pass failed")
    assert gc.get_threshold() == (700, 10, 10)


@pytest.mark.parametrize("young", [0, 200_000])
def test_a_collector_turned_off_or_already_held_back_is_left_as_it_is(young: int) -> None:
    gc.set_threshold(young, 10, 10)
    with fewer_collections():
        assert gc.get_threshold() == (young, 10, 10)
    assert gc.get_threshold() == (young, 10, 10)


def test_a_threshold_set_during_a_pass_is_not_undone() -> None:
    with fewer_collections():
        gc.set_threshold(1000, 20, 20)
    assert gc.get_threshold() == (1000, 20, 20)
    with fewer_collections():
        gc.set_threshold(YOUNG_THRESHOLD, 30, 30)  # the older generations' are someone's too
    assert gc.get_threshold() == (1000, 30, 30)  # the first block left 1000: put back
