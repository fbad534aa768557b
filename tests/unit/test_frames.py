"""Frames and fillers (``memcurator.frames``): which statements of one scope are about one
attribute, from the words that stay and the words that vary between them."""

from __future__ import annotations

from memcurator.frames import group_wordings, refill


def test_one_frame_refilled_gives_the_frame_and_each_filler() -> None:
    found = refill("Book my desk in the window row on floor 2.",
                   "Book my desk in the quiet zone on floor 3.")
    assert found is not None
    assert found.frame() == "book my desk in the _"
    assert found.fillers == (("window", "row", "on", "floor", "2"),
                             ("quiet", "zon", "on", "floor", "3"))  # stems


def test_framing_without_a_content_word_frames_nothing() -> None:
    # "I'm _." opens half of what anyone says about themselves.
    assert refill("I'm vegetarian.", "I'm on Windows for work.") is None
    assert refill("We use Jira.", "We use Kafka.") is None


def test_a_filler_much_longer_than_the_frame_is_another_frame() -> None:
    assert refill("Releases of this project are cut on Thursdays.",
                  "Deploys of this project go out on Thursdays.") is None


def test_a_value_said_in_two_frames_joins_them_and_a_lone_word_does_not() -> None:
    groups = group_wordings([
        "Book my desk in the window row on floor 2.",
        "Book my desk in the quiet zone on floor 3.",
        "I sit in the window row on floor 2.",       # the value again, in another frame
        "Please stick to small PRs on my repos.",
        "Please stick to big batched PRs on my repos.",
        "My rule for my PRs is one approval.",      # "PRs" alone names no value
    ])
    desk = groups.group["Book my desk in the window row on floor 2."]
    assert groups.group["Book my desk in the quiet zone on floor 3."] == desk
    assert groups.group["I sit in the window row on floor 2."] == desk
    prs = groups.group["Please stick to small PRs on my repos."]
    assert groups.group["Please stick to big batched PRs on my repos."] == prs
    assert prs != desk
    assert groups.group["My rule for my PRs is one approval."] not in (desk, prs)
    assert groups.shared_value("I sit in the window row on floor 2.",
                               "Book my desk in the window row on floor 2.") is not None
    assert groups.refilled("Book my desk in the quiet zone on floor 3.",
                           "Book my desk in the window row on floor 2.") is not None


def test_grouping_does_not_depend_on_the_order_statements_come_in() -> None:
    texts = [
        "Our CI runs on Jenkins.", "Our CI runs on GitHub Actions.",
        "We build with GitHub Actions every push.", "I sit in the quiet zone on floor 3.",
        "Book my desk in the quiet zone on floor 3.", "Book my desk in the window row.",
    ]
    one = group_wordings(texts)
    other = group_wordings(list(reversed(texts)))
    assert one.group == other.group


def test_light_verbs_and_list_talk_frame_nothing() -> None:
    assert refill("I have a home automation side project.", "I have a US visa.") is None
    assert refill("To add to the list: I'm the account manager for Globex.",
                  "To add to the list: I'm Lena's manager.") is None
