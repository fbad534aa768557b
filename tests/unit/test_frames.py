"""Frames and fillers (``memcurator.frames``): which statements of one scope are about one
attribute, from the words that stay and the words that vary between them."""

from __future__ import annotations

from memcurator.frames import TenantFrames, group_wordings, learn_leads, refill, without_lead
from memcurator.wording import _analyse


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


# Other users of one tenant, each with their own values of one attribute, in two frames.
ANCHOR = "Anchoring scope the user lays out: {}."
PAY_OUT = "Pay out {} when we drop the hook."


def test_an_opening_that_leaves_a_statement_said_on_its_own_is_a_lead() -> None:
    said = ["Book my desk in the window row."]
    for fact in ("I keep bees.", "We ship on Fridays.", "My desk is by the window."):
        said += [fact, f"Put this with the other: {fact}"]
    leads = learn_leads(said)
    assert leads == {_analyse("Put this with the other").seq}
    assert without_lead("Put this with the other: I keep bees.", leads) == (
        _analyse("I keep bees.").seq)
    # Seen before two statements only: an opening like any other.
    assert learn_leads(said[:5]) == frozenset()


def test_an_opening_that_names_a_value_is_no_lead() -> None:
    # "Until 2020," says when: a qualifier of the statement, not talk about it.
    said = []
    for fact in ("The user lived in Boston.", "The user worked at Google.",
                 "The user rowed for the club."):
        said += [fact, f"Until 2020, {fact[0].lower()}{fact[1:]}"]
    assert learn_leads(said) == frozenset()


def test_tenant_frames_join_two_frames_other_scopes_fill_with_the_same_values() -> None:
    mine = [ANCHOR.format("3:1"), PAY_OUT.format("chain three times the depth")]
    # In the scope alone, two frames with nothing in common.
    own = group_wordings(mine)
    assert own.group[mine[0]] != own.group[mine[1]]
    others = [ANCHOR.format("chain three times the depth"), PAY_OUT.format("3:1"),
              ANCHOR.format("five lengths of rope per metre"),
              PAY_OUT.format("five lengths of rope per metre"),
              "I keep bees.", "My hives are in the orchard."]
    frames = TenantFrames([*mine, *others])
    assert frames.group_of(mine[0]) == frames.group_of(mine[1]) is not None
    assert frames.group_of("I keep bees.") != frames.group_of(mine[0])
    assert frames.group_of("never said by anyone") is None


def test_one_value_two_frames_share_across_a_tenant_does_not_make_them_one_attribute() -> None:
    # One user lives in New York, another works there: two attributes with one value.
    said = ["I live in New York City.", "I live in Boston.",
            "My office is in New York City.", "My office is in Chicago."]
    frames = TenantFrames(said)
    assert frames.group_of("I live in Boston.") != frames.group_of("My office is in Chicago.")
    # Two values in both frames are what one attribute's frames show (a known limit:
    # a tenant whose users live and work in the same two cities reads them as one).
    both = TenantFrames([*said, "I live in San Francisco.", "My office is in San Francisco."])
    assert both.group_of("I live in Boston.") == both.group_of("My office is in Chicago.")


def test_a_lead_does_not_make_the_statements_it_opens_one_attribute() -> None:
    said = []
    for fact in ("I keep bees in the orchard.", "We ship releases on Fridays.",
                 "My desk is in the window row.", "I drink oat milk in coffee."):
        said += [fact, f"Put this with the other: {fact}"]
    frames = TenantFrames(said)
    assert len({frames.group_of(t) for t in said}) == 4
    assert frames.group_of(said[0]) == frames.group_of(said[1])


def test_across_a_tenant_what_stays_must_name_the_attribute_not_a_value() -> None:
    # What varies is the attribute ("lives" / "grew up"), what stays a value ("Portland"):
    # read as one frame, one user's home would be superseded by another one's birthplace.
    others = ["The user lives in Portland.", "The user grew up in Portland.",
              "The user's manager is Alex Kim.", "The user's mentor is Alex Kim."]
    mine = ["The user lives in Denver.", "The user grew up in Ohio.",
            "The user's manager is Priya Shah.", "The user's mentor is Sam Lee."]
    frames = TenantFrames([*mine, *others])
    assert frames.group_of(mine[0]) != frames.group_of(mine[1])
    assert frames.group_of(mine[2]) != frames.group_of(mine[3])
    # In one scope the same pair is one frame refilled, as it always was.
    assert refill(others[0], others[1]) is not None
    assert refill(others[0], others[1], across=True) is None


def test_a_tenant_whose_statements_open_alike_is_compared_by_neighbours() -> None:
    said = [f"The user likes {a} {b} on {c}." for a in ("red", "blue", "green")
            for b in ("kites", "boats", "cars") for c in ("Mondays", "Fridays")]
    frames = TenantFrames(said)
    assert len({frames.group_of(t) for t in said}) == 1
