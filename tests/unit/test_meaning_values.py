"""One value however it is spelled, negation cues that are content words, set-valued entries
compared statement by statement, and explicit values that agree.

Development pairs written for these tests (issue 10's bank C findings, reworded where the bank
had a wording); no held-out set is used. Symmetric pairs are judged both ways round.
"""

from __future__ import annotations

import pytest

from memcurator.meaning import relate
from memcurator.spellings import hour_span, one_value
from memcurator.wording import _analyse, _stem


@pytest.mark.parametrize("word", ["note", "notes", "noted", "noting", "quite"])
def test_a_content_word_is_not_stemmed_into_a_negation(word: str) -> None:
    assert _stem(word) not in ("not", "quit")
    assert _analyse(f"Dietary {word}: a vegan diet.").negs == ()


@pytest.mark.parametrize("text", ["Not vegan", "Quit coffee", "Quits coffee", "Never vegan"])
def test_a_negation_word_is_still_one(text: str) -> None:
    assert _analyse(text).negs


SAME = [  # (old, new, attribute): one value, spelled two ways
    ("My day: 9-to-5.", "I clock in and out nine till five.", "working_hours"),
    ("My day: 11:00 to 19:00.", "Working time is eleven till seven for me.", "working_hours"),
    ("Write dates for me as DD.MM.YYYY.", "I read dates best as day-month-year.", "date_format"),
    ("Write dates as dd/mm/yyyy please", "Date format preference: DD.MM.YYYY.", "date_format"),
    ("My clock runs on West Coast time.", "Put my slots in Pacific Time (UTC-8).", "timezone"),
    ("The repo ships under a proprietary licence.", "Code here is closed-source, all rights "
     "reserved.", "license"),
]
CHANGED = [  # (old, new, attribute): another value
    ("I clock in and out nine till five.", "Working time is eleven till seven.", "working_hours"),
    ("Write dates for me as DD.MM.YYYY.", "Date format preference: MM/DD/YYYY.", "date_format"),
    ("Write dates for me as YYYY-MM-DD.", "Date format preference: DD.MM.YYYY.", "date_format"),
    ("My clock runs on West Coast time.", "Home base for me is New Delhi time.", "timezone"),
    ("The repo ships under a proprietary licence.", "The repo is open-source now.", "license"),
]


@pytest.mark.parametrize(("old", "new", "attribute"), SAME)
def test_one_value_spelled_two_ways_is_the_same(old: str, new: str, attribute: str) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y, attribute=attribute)
        assert judgement.relation == "same", f"{x!r} -> {y!r}: {judgement}"


@pytest.mark.parametrize(("old", "new", "attribute"), CHANGED)
def test_another_value_spelled_another_way_is_a_change(old: str, new: str, attribute: str) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y, attribute=attribute)
        assert judgement.relation == "contradiction", f"{x!r} -> {y!r}: {judgement}"


def test_spellings_are_read_as_one_token_or_span() -> None:
    assert "dateorderdmy" in one_value("as DD.MM.YYYY or day-month-year").split()
    assert one_value("ISO 8601") == "dateorderymd"
    assert one_value("9-to-5") == "9 to 5"
    assert hour_span(_analyse("eleven till seven").seq) == (11, 7)
    assert hour_span(_analyse("07:00-15:00").seq) == (7, 3)
    assert hour_span(_analyse("2 reviewers").seq) is None


@pytest.mark.parametrize(("text", "negated"), [
    ("I'm hard of hearing in my left ear.", False),
    ("Prefers aisle seats on the left side of the plane.", False),
    ("She is left-handed.", False),
    ("Code is closed-source.", False),
    ("Ben left the team.", True),
    ("Left Acme last month.", True),
])
def test_left_and_closed_negate_only_as_verbs(text: str, negated: bool) -> None:
    assert bool(_analyse(text).negs) is negated


def test_a_negation_cue_that_names_the_attribute_negates_nothing() -> None:
    judgement = relate("I really dislike olives.", "Olives - not for me.", old_value="olives",
                       new_value="olives", kind="set", attribute="food_dislikes")
    assert judgement.relation == "same", judgement
    judgement = relate("I can't stand cilantro.", "Coriander leaf tastes like soap to me.",
                       old_value="cilantro", new_value="cilantro", kind="set",
                       attribute="food_dislikes")
    assert judgement.relation in ("same", "refinement"), judgement  # merged, not a removal
    # Under an attribute that does not name it, "dislikes" still negates.
    assert relate("Likes Java", "Dislikes Java", old_value="java", new_value="java",
                  attribute="programming_language").relation == "contradiction"


def test_a_side_is_not_a_removal_from_a_set() -> None:
    judgement = relate("Please turn on captions in calls with me.",
                       "I'm hard of hearing in my left ear, so captions really help.",
                       old_value="captions", new_value="captions", kind="set",
                       attribute="accessibility_needs")
    assert judgement.relation == "same", judgement
    assert relate("Ben is on the team", "Ben left the team", old_value="ben", new_value="ben",
                  kind="set", attribute="team_members").relation == "contradiction"


def test_a_set_entry_is_compared_statement_by_statement() -> None:
    old = "I get along in Spanish.; Adding to that: I can speak Hindi."
    judgement = relate(old, "I can speak Hindi.", old_value="spanish, hindi", new_value="hindi",
                       kind="set", attribute="languages_spoken")
    assert judgement.relation == "same", judgement
    assert "restates one of its statements" in judgement.reason
    # A member none of its statements carries is added, whatever the wording shares.
    judgement = relate(old, "I can speak Hindi.", old_value="spanish, hindi", new_value="urdu",
                       kind="set", attribute="languages_spoken")
    assert judgement.relation != "same", judgement


def test_a_negation_that_does_not_govern_the_member_removes_nothing() -> None:
    old = "I get along in Spanish.; I can speak Hindi."
    judgement = relate(old, "Hindi conversations are no problem.", old_value="spanish, hindi",
                       new_value="hindi", kind="set", attribute="languages_spoken")
    assert judgement.relation in ("same", "refinement"), judgement
    # ... while one that says the member is a removal.
    judgement = relate("Speaks French; speaks Hindi", "Doesn't speak French",
                       old_value="french, hindi", new_value="french", kind="set",
                       attribute="languages_spoken")
    assert judgement.relation in ("contradiction", "refinement"), judgement
    assert judgement.relation == "contradiction" or judgement.drops == ("Speaks French",)


def test_a_change_cue_with_one_value_on_both_sides_changes_nothing() -> None:
    for old, new, value in (
        ("Call etiquette for me: video off.", "My default in meetings is the camera switched "
         "off.", "camera_off"),
        ("My default in meetings is video on.", "On calls, expect the camera switched on.",
         "camera_on"),
        ("Uses Vim", "Switched to Vim last year", "vim"),
    ):
        judgement = relate(old, new, old_value=value, new_value=value, attribute="editor")
        assert judgement.relation == "same", f"{old!r} -> {new!r}: {judgement}"
    assert relate("Uses Vim", "Switched to Emacs", old_value="vim", new_value="emacs",
                  attribute="editor").relation == "contradiction"


@pytest.mark.parametrize(("old", "new", "attribute", "kind"), [
    ("Olives - not for me.", "Tapenade is a no, too much olive.", "food_dislikes", "set"),
    ("Mushrooms aren't my thing.", "Truffle I can live with, ordinary mushrooms I can't.",
     "food_dislikes", "set"),
    ("Meeting-free for me: each Tuesday.", "Keep my calendar empty each Tuesday.",
     "meeting_free_day", "single"),
])
def test_under_an_attribute_of_things_refused_a_plain_negation_is_the_value(
    old: str, new: str, attribute: str, kind: str
) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y, attribute=attribute, kind="set" if kind == "set" else "single")
        assert judgement.relation != "contradiction", f"{x!r} -> {y!r}: {judgement}"


def test_a_negation_of_the_attribute_itself_still_contradicts() -> None:
    for x, y in (("No allergies", "Allergic to peanuts"), ("Allergic to peanuts", "No allergies")):
        assert relate(x, y, kind="set", attribute="allergies").relation == "contradiction"


def test_a_negation_scope_leaves_out_the_attribute_words() -> None:
    judgement = relate("Never commit secrets; they belong in Secrets Manager on AWS.",
                       "project secrets -> AWS Secrets Manager", attribute="secrets_store")
    assert judgement.relation == "same", judgement
    judgement = relate("Doesn't drink coffee", "Drinks coffee every morning", attribute="coffee")
    assert judgement.relation == "contradiction", judgement


def test_a_state_switched_on_or_off_is_a_value_not_a_change() -> None:
    assert relate("In video meetings I keep the camera switched off.",
                  "Call etiquette for me: the camera switched off.",
                  attribute="camera_default").relation != "contradiction"
    for x, y in (("On calls, expect video on from me.", "On calls, expect video off from me."),
                 ("In meetings I keep the camera switched on.",
                  "In meetings I keep the camera switched off.")):
        for old, new in ((x, y), (y, x)):
            judgement = relate(old, new, attribute="camera_default")
            assert judgement.relation == "contradiction", f"{old!r} -> {new!r}: {judgement}"


@pytest.mark.parametrize(("old", "new", "attribute", "relation"), [
    ("Customers hear from me in Portuguese (pt-BR).", "I write in Brazilian Portuguese.",
     "customer_reply_language", "same"),
    ("Draft my replies in English (UK spelling).", "My answers go out in British English.",
     "customer_reply_language", "same"),
    ("Customers hear from me in Portuguese (pt-BR).", "I write in European Portuguese.",
     "customer_reply_language", "contradiction"),
])
def test_a_region_tag_is_the_region(
    old: str, new: str, attribute: str, relation: str
) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y, attribute=attribute)
        assert judgement.relation == relation, f"{x!r} -> {y!r}: {judgement}"


def test_a_language_tag_is_no_time_zone() -> None:
    assert "pst" not in _analyse("Portuguese (pt-BR)").values  # not Pacific time


def test_a_shared_frame_word_does_not_hide_a_new_value() -> None:
    # "favorite" (prefer) is a frame word both say, not a state word such as "on": still a change.
    judgement = relate("Favorite language is Go", "Favorite language is Zig",
                       attribute="programming_language")
    assert judgement.relation == "contradiction", judgement


def test_a_change_announced_on_a_set_with_nothing_added_replaces_its_value() -> None:
    replaced = relate("Our on-call tools are PagerDuty.", "From now on we use Opsgenie.",
                      old_value="pagerduty", new_value="opsgenie", kind="set")
    assert replaced.relation == "contradiction", replaced
    for added in ("From now on we also use Opsgenie.", "Opsgenie is now another of our tools.",
                  "We now run Opsgenie as well.", "We use Opsgenie too."):
        got = relate("Our on-call tools are PagerDuty.", added,
                     old_value="pagerduty", new_value="opsgenie", kind="set")
        assert got.relation == "refinement", (added, got)
    plain = relate("Our on-call tools are PagerDuty.", "We use Opsgenie for the data team.",
                   old_value="pagerduty", new_value="opsgenie", kind="set")
    assert plain.relation == "refinement", plain  # no cue either way: a set gathers


# Sets whose explicit values list their members: the new list is the set as it stands.
LISTS = "Team sports: hockey, tennis and squash."


@pytest.mark.parametrize(("new", "new_value"), [
    ("Gave up squash after the knee injury; hockey and tennis still.", "hockey+tennis"),
    ("Swapped squash for padel this year.", "hockey, tennis, padel"),
    ("Squash is off the list; hockey, tennis remain.", "tennis; hockey"),
])
def test_a_new_list_that_leaves_a_member_out_replaces_the_old_list(
    new: str, new_value: str,
) -> None:
    got = relate(LISTS, new, old_value="hockey, tennis, squash", new_value=new_value, kind="set")
    assert got.relation == "contradiction", got
    assert "squash" in got.reason


def test_a_new_list_that_keeps_every_member_adds_whatever_its_cue() -> None:
    got = relate(LISTS, "Started badminton on Fridays now.", old_value="hockey, tennis, squash",
                 new_value="hockey+tennis+squash+badminton", kind="set")
    assert got.relation == "refinement", got


def test_one_kept_member_drops_the_others_only_when_it_speaks_of_them() -> None:
    dropped = relate("Pets: a rabbit and a parrot.", "We rehomed the parrot last spring.",
                     old_value="rabbit, parrot", new_value="rabbit", kind="set")
    assert dropped.relation == "contradiction", dropped
    restated = relate("Pets: a rabbit and a parrot.", "Our rabbit is called Biscuit.",
                      old_value="rabbit, parrot", new_value="rabbit", kind="set")
    assert restated.relation != "contradiction", restated


def test_a_member_written_out_further_is_no_removal() -> None:
    got = relate(LISTS, "I play tennis at club level, singles mostly.",
                 old_value="hockey, tennis, squash",
                 new_value="hockey, tennis_club_singles, squash", kind="set")
    assert got.relation == "refinement", got


def test_a_comma_between_digits_is_no_list() -> None:
    got = relate("Budget is 1,500 a month.", "Budget is 1,800 a month.",
                 old_value="1,500", new_value="1,800", kind="set")
    assert "list of members" not in got.reason, got


@pytest.mark.parametrize(("old_value", "new_value"), [
    ("kotlin", "kotlin_multiplatform"), ("weekdays_0800", "weekdays_0800_remote_fridays"),
    ("Blue Cross", "blue cross ppo"),
])
def test_a_single_value_written_out_further_refines(old_value: str, new_value: str) -> None:
    got = relate("The value as first said.", "The value, said with more detail.",
                 old_value=old_value, new_value=new_value, kind="single")
    assert got.relation == "refinement", got


@pytest.mark.parametrize(("old_value", "new_value"), [
    ("size_9", "size_9_5"), ("python", "python_not"), ("remote", "remote_no_longer"),
    ("kotlin", "java_kotlin"),
])
def test_a_value_that_goes_on_into_another_number_or_a_negation_is_a_change(
    old_value: str, new_value: str,
) -> None:
    got = relate("The value as first said.", "The value, said again.",
                 old_value=old_value, new_value=new_value, kind="single")
    assert got.relation == "contradiction", got


def test_a_word_shared_with_a_left_out_member_is_not_speaking_of_it() -> None:
    got = relate("Snacks: salted nuts; dried mango.", "Dried mango with a pinch of salt, please.",
                 old_value="salted_nuts, dried_mango", new_value="dried_mango", kind="set")
    assert got.relation != "contradiction", got


@pytest.mark.parametrize("lead_in", ["Overriding what I told you", "Amendment",
                                     "Disregard my last note", "Replacing the old rule",
                                     "Superseding the memo"])
def test_a_lead_in_of_revision_announces_a_change(lead_in: str) -> None:
    assert _analyse(f"{lead_in}: lunch is at one.").change
    assert _analyse("Lunch is at one.").change is None


def test_a_value_written_out_further_with_a_change_announced_is_another_value() -> None:
    got = relate("Rents a compact car.", "Upgraded to a compact SUV for the mountain trip.",
                 old_value="compact", new_value="compact_suv", kind="single")
    assert got.relation == "contradiction", got


def test_a_set_member_ruled_out_by_the_new_statement_is_replaced() -> None:
    got = relate("Monitoring runs on Nagios.", "We use Prometheus instead of Nagios now.",
                 old_value="nagios", new_value="prometheus", kind="set")
    assert got.relation == "contradiction", got
    kept = relate("Monitoring runs on Nagios.", "We added Prometheus for the metrics.",
                  old_value="nagios", new_value="prometheus", kind="set")
    assert kept.relation == "refinement", kept


@pytest.mark.parametrize(("spoken", "digits"), [
    ("seventy-two hours", "72 hours"), ("thirty one days", "31 days"),
    ("two hundred and forty volts", "240 volts"), ("a hundred guests", "100 guests"),
    ("Nine hundred ninety-nine", "999"),
])
def test_a_number_spelled_in_several_words_is_one_number(spoken: str, digits: str) -> None:
    assert one_value(spoken) == digits
    assert one_value("nine fifty") == "nine fifty"  # a time, or two numbers: left as written


def test_a_number_in_words_restates_it_in_digits() -> None:
    got = relate("Budget per trip: 350 euros.", "Each trip can cost three hundred fifty euros.",
                 attribute="trip_budget")
    assert got.relation == "same", got
    other = relate("Budget per trip: 350 euros.", "Each trip can cost four hundred euros.",
                   attribute="trip_budget")
    assert other.relation == "contradiction", other


def test_over_a_number_is_a_bound_not_a_denial() -> None:
    assert not _analyse("Refunds over 200 EUR need a second approver.").denied
    assert not _analyse("Anything over $75 needs a receipt.").denied
    assert _analyse("Window over aisle.").denied  # "over" a value still rules it out


@pytest.mark.parametrize(("old", "new"), [
    ("Develops on Windows 11.", "The dev box is a Windows laptop from IT."),
    ("Desktop runs Linux.", "Desktop is on Debian stable."),
    ("Mac user.", "On macOS Sequoia at the moment."),
])
def test_a_version_or_distribution_of_the_same_system_is_the_same_value(old: str, new: str) -> None:
    got = relate(old, new, attribute="workstation_os")
    assert got.relation in ("same", "refinement"), got


def test_two_distributions_are_two_values() -> None:
    got = relate("Desktop runs Debian.", "Desktop moved to Fedora.", attribute="workstation_os")
    assert got.relation == "contradiction", got


@pytest.mark.parametrize(("text", "read"), [
    ("Capped at 100,000 words.", "Capped at 100000 words."),
    ("Eighty thousand is the ceiling.", "80000 is the ceiling."),
    ("Keep it under a hundred thousand.", "Keep it under 100000."),
    ("Keep it under 80k words.", "Keep it under 80000 words."),
    ("Records at forty-four point one kilohertz.", "Records at 44.1 kilohertz."),
    ("Scale it to one point five.", "Scale it to 1.5."),
    ("Two thousand copies.", "2000 copies."),
    ("Numbers as 1,234.56 please.", "Numbers as 1,234.56 please."),  # a format, not a number
    ("Sold at point of sale.", "Sold at point of sale."),
    ("Needs double-A conformance.", "Needs AA conformance."),
    ("A triple-A rating.", "A AAA rating."),
    ("A double room.", "A double room."),
    ("Budget $1,234 a month.", "Budget $1234 a month."),
    ("Rooms 101,102 are ours.", "Rooms 101,102 are ours."),  # two numbers, not 101102
    ("AK appointment on Monday.", "AK appointment on Monday."),  # "A"+"K" is no thousand
    ("Flies AK to Anchorage.", "Flies AK to Anchorage."),
])
def test_a_large_or_decimal_number_is_read_as_its_digits(text: str, read: str) -> None:
    assert one_value(text) == read


@pytest.mark.parametrize("text", [
    "On-call hands over Wednesday noon.", "We talk over lunch on Fridays.",
    "Took over the rota from Sam.", "Calls over the phone only.", "Hikes over the weekend.",
])
def test_over_as_a_particle_or_of_time_rules_nothing_out(text: str) -> None:
    assert _analyse(text).denied == frozenset()


def test_a_restatement_with_a_particle_over_is_the_same_value() -> None:
    judged = relate("The outgoing on-call briefs the next person midday on Wednesday.",
                    "On-call hands over Wednesday noon.", old_value="wed_1200",
                    new_value="wed_1200", attribute="oncall_handoff_time")
    assert judged.relation in ("same", "refinement")


@pytest.mark.parametrize(("old", "new"), [
    ("Prefers window seats.", "Prefers aisle over window."),
    ("Uses email for updates.", "Slack over email for updates."),
    ("Prefers calls.", "Prefers chat over calls."),
    ("Writes Rust.", "Prefers Go over Rust."),
    ("Prefers the right lane.", "Prefers left over right."),
    ("Likes a swim.", "Likes a run over a swim."),
])
def test_over_between_two_choices_still_rules_one_out(old: str, new: str) -> None:
    assert _analyse(new).denied
    assert relate(old, new).relation == "contradiction"


@pytest.mark.parametrize(("a", "b"), [
    ("Wakes at seven in the morning.", "Wakes at 7 am."),
    ("Dinner at seven in the evening.", "Dinner at 19:00."),
    ("Quiet hours start by 10 at night.", "Quiet hours start by 10pm."),
    ("Standup at 9:30 in the morning.", "Standup at 9:30am."),
])
def test_an_hour_with_its_part_of_the_day_is_a_clock_time(a: str, b: str) -> None:
    assert _analyse(a).values == _analyse(b).values


def test_a_count_in_the_morning_is_no_clock_time() -> None:
    assert "01:00" not in _analyse("Takes one in the morning, one at night.").values
