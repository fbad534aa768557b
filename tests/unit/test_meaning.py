"""Rule 4's last stage on plain strings: same, refinement, contradiction or unrelated.

The pairs below are development examples written for these tests (old statement, new statement,
cardinality of the attribute). The held-out evaluation set is deliberately not used here.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcurator.meaning import Judgement, cardinality, relate
from memcurator.wording import _analyse

SAME = [
    ("The user is vegetarian", "I'm a vegetarian", "single"),
    ("Prefers window seats", "Likes to sit by the window", "single"),
    ("Prefers window seats", "User prefers a window seat", "single"),
    ("Works remotely", "Works from home", "single"),
    ("Vegetarian", "Doesn't eat meat", "single"),
    ("Vegetarian", "Does not eat meat anymore", "single"),
    ("Uses dark mode", "Prefers the dark theme", "single"),
    ("Prefers email", "Prefers e-mail", "single"),
    ("Deploys through staging first", "Deployments go through staging first", "single"),
    ("Timezone is CET", "The user's timezone is CET", "single"),
    ("Prefers Python", "Likes Python", "single"),
    ("Allergic to shellfish", "Has a shellfish allergy", "set"),
    ("Not vegetarian", "No longer vegetarian", "single"),
    ("Prefers aisle seats, ideally over the wing", "Prefers aisle seats", "single"),
    ("Lives in Berlin", "Based in Berlin", "single"),
    ("Speaks French", "Fluent in French", "set"),
    ("Meetings in the morning", "Prefers morning meetings", "single"),
    ("Uses VS Code", "Uses Visual Studio Code", "single"),
    ("Two approvals required on every PR", "Every PR needs 2 approvals", "single"),
    ("Prefers direct flights", "Prefers non-stop flights", "single"),
    ("Prefers window seats.", "prefers window seats", "single"),
    ("Allergic to shellfish and peanuts", "Allergic to peanuts", "set"),
    ("Can't eat shellfish", "Allergic to shellfish", "set"),
    ("I work from home", "The user works remotely", "single"),
]

REFINEMENT = [
    ("Allergic to shellfish", "Can't eat shrimp", "set"),
    ("Allergic to shellfish", "Also allergic to peanuts", "set"),
    ("Prefers window seats", "Prefers window seats, ideally over the wing", "single"),
    ("Works at Acme", "Works at Acme as a senior engineer", "single"),
    ("Lives in Berlin", "Lives in Berlin, in Kreuzberg", "single"),
    (
        "Migrating auth to OAuth: token endpoint done",
        "Migrating auth to OAuth: token endpoint done, refresh flow done, revocation open",
        "single",
    ),
    ("Speaks English", "Speaks English and Spanish", "set"),
    ("Has a cat", "Has a cat and a dog", "set"),
    ("Allergic to nuts", "Can't eat peanuts", "set"),
    ("Can't eat shrimp", "Allergic to shellfish", "set"),
    ("Prefers morning meetings", "Prefers morning meetings, before 10am", "single"),
    ("Deploys through staging", "Deploys through staging, then canary, then production", "single"),
    ("Prefers Python", "Prefers Python, especially for data work", "single"),
    ("Intolerant to lactose", "Also intolerant to gluten", "set"),
    ("Speaks English", "Speaks Spanish", "set"),
    ("Allergic to shellfish", "Allergic to shellfish and peanuts", "set"),
    ("Team members: Ana, Ben", "Team members: Ana, Ben, Chloe", "set"),
    ("Prefers window seats", "Prefers window seats over aisle seats", "single"),
    ("Certified AWS Solutions Architect", "Also holds the CKA certification", "set"),
    ("Allergic to fish", "Can't eat salmon", "set"),
]

CONTRADICTION = [
    ("Prefers window seats", "Prefers aisle seats", "single"),
    ("I'm vegetarian", "No longer vegetarian", "single"),
    ("Prefers Python", "Prefers Rust now", "single"),
    ("Vegetarian", "Eats meat again", "single"),
    ("Vegetarian", "Not vegetarian", "single"),
    ("Likes jazz", "Dislikes jazz", "single"),
    ("Loves spicy food", "Hates spicy food", "single"),
    ("Works remotely", "Works from the office", "single"),
    ("Allergic to peanuts", "Outgrew the peanut allergy", "set"),
    ("Prefers Python", "Switched to Rust", "single"),
    ("Works at Acme", "Works at Globex", "single"),
    ("Lives in Berlin", "Moved to Munich", "single"),
    ("Prefers dark mode", "Prefers light mode", "single"),
    ("Prefers morning meetings", "Prefers meetings at night", "single"),
    ("Drinks coffee", "Drinks tea instead of coffee", "single"),
    ("Uses vim", "Uses Emacs", "single"),
    ("Timezone is CET", "Timezone is PST", "single"),
    ("Prefers email", "Prefers Slack", "single"),
    ("Code review needs 2 approvals", "Code review needs 1 approval", "single"),
    ("Standup at 9:30", "Standup at 10:00", "single"),
    ("Deploys on Tuesdays", "Deploys on Thursdays", "single"),
    ("Prefers tabs", "Prefers spaces", "single"),
    ("Uses Python", "Stopped using Python", "single"),
    ("Vegan", "Used to be vegan", "single"),
    ("Always wants code examples", "Never wants code examples", "single"),
    ("Prefers concise answers", "Now prefers detailed answers", "single"),
    ("Enables notifications", "Disables notifications", "single"),
    ("Prefers window seats", "Prefers the aisle, never the window", "single"),
    ("No known allergies", "Allergic to peanuts", "set"),
    ("Prefers TypeScript", "Prefers JavaScript", "single"),
    ("Prefers window seats", "Doesn't like window seats anymore", "single"),
    ("Works at Acme", "Left Acme", "single"),
    ("Home city is Berlin", "Lives in Munich", "single"),
    ("Prefers concise answers", "Prefers verbose answers", "single"),
    ("Prefers short meetings", "Prefers long meetings", "single"),
    ("Prefers meetings on Mondays", "Prefers meetings on Fridays", "single"),
    ("Prefers tea over coffee", "Prefers coffee over tea", "single"),
    ("Prefers Rust instead of Python", "Prefers Python", "single"),
    ("Eats cheese", "Doesn't eat cheese", "single"),
    ("Has a dog", "No longer has a dog", "set"),
    ("Team members: Ana, Ben", "Ben left the team", "set"),
    ("The printer is available", "The printer is unavailable", "single"),
    ("Prefers Go for services", "Switched from Go to Rust", "single"),
    ("Works in the UTC+2 timezone", "Works in the UTC-5 timezone", "single"),
    ("Is a morning person", "Is not a morning person", "single"),
]

UNRELATED = [
    ("Prefers window seats", "Prefers to board early", "single"),
    ("Allergic to shellfish", "Not allergic to peanuts", "set"),
    ("Prefers Python", "Doesn't use Java anymore", "single"),
    ("Deploys through staging first", "Deploys require a green CI run", "single"),
    ("Code review needs two approvals", "Reviewers must check the tests", "single"),
    ("Prefers window seats", "Doesn't like middle seats", "single"),
    ("Vegetarian", "Prefers Italian food", "single"),
    ("Allergic to peanuts", "No longer allergic to penicillin", "set"),
    ("Prefers email for reports", "Keeps a paper notebook", "single"),
]


def _check(old: str, new: str, kind: str, expected: str) -> None:
    judgement = relate(old, new, kind="set" if kind == "set" else "single")
    assert judgement.relation == expected, f"{old!r} -> {new!r}: {judgement}"
    assert 0.0 <= judgement.similarity <= 1.0
    assert judgement.reason


@pytest.mark.parametrize(("old", "new", "kind"), SAME)
def test_a_reworded_statement_is_the_same(old: str, new: str, kind: str) -> None:
    _check(old, new, kind, "same")


@pytest.mark.parametrize(("old", "new", "kind"), REFINEMENT)
def test_a_more_specific_or_further_compatible_statement_is_a_refinement(
    old: str, new: str, kind: str
) -> None:
    _check(old, new, kind, "refinement")


@pytest.mark.parametrize(("old", "new", "kind"), CONTRADICTION)
def test_statements_that_cannot_both_be_true_contradict(old: str, new: str, kind: str) -> None:
    _check(old, new, kind, "contradiction")


@pytest.mark.parametrize(("old", "new", "kind"), UNRELATED)
def test_different_facets_that_can_both_be_true_are_unrelated(
    old: str, new: str, kind: str
) -> None:
    _check(old, new, kind, "unrelated")



# Paraphrases naming the same salient value (family member, antonym, name): never a supersession
# nor two entries. Checked in both directions; "same" or "refinement" are both acceptable.
PARAPHRASES = [
    ("The user likes a window seat on flights", "Always books a window seat"),
    ("Prefers Python for scripting", "The user writes most tools in Python"),
    ("Prefers Rust for scripting now", "The user writes most tools in Rust"),
    ("I'm no longer vegetarian", "The user eats meat again"),
    ("I'm no longer vegetarian", "Not vegetarian anymore"),
    ("The user eats meat again", "Not vegetarian anymore"),
    ("I'm no longer vegetarian", "Never been vegetarian"),
    ("Works at Acme", "Is employed by Acme"),
    ("Works at Acme", "Acme employee"),
    ("Is employed by Acme", "Acme employee"),
    ("Works at Acme", "Joined Acme last year"),
    ("I prefer Python", "The user usually picks Python"),
    ("Always picks the aisle seat", "Usually books an aisle seat"),
    ("Goes for window seats", "Opts for a window seat"),
    ("Codes in Rust", "Prefers Rust"),
    ("Builds everything in Go", "Prefers Go"),
    ("Prefers Python", "Switched to Python"),
    ("Prefers Python", "Now prefers Python"),
    ("Uses Python", "Writes most scripts in Python nowadays"),
    ("Likes window seats", "Always chooses the window"),
    ("I like aisle seats", "The user prefers the aisle"),
    ("Usually books a window seat", "Window seat please"),
    ("Prefers vim", "Does all editing in vim"),
    ("Prefers Slack", "Best reached on Slack"),
    ("Lives in Berlin", "Is based in Berlin now"),
    ("Lives in Berlin", "Moved to Berlin in 2020"),
    ("Uses dark mode", "Switched to dark mode"),
    ("Uses dark mode", "Not using light mode anymore"),
    ("Works remotely", "Now works from home full time"),
    ("Timezone is CET", "Now in CET"),
    ("Prefers window seats", "Books window seats now"),
    ("Prefers morning meetings", "Books meetings in the morning now"),
    ("Prefers Rust", "Writes tools in Rust, not Python"),
    ("Prefers TypeScript for frontends", "Builds every UI in TypeScript these days"),
    ("Prefers email", "Always reachable by email first"),
]

# Near misses: a changed value, a negation, an antonym or a removal stays a contradiction.
NEAR_MISSES = [
    ("The user likes a window seat on flights", "Always books an aisle seat"),
    ("Prefers Python for scripting", "The user writes most tools in Rust"),
    ("Prefers Python", "Now writes everything in Rust"),
    ("Works at Acme", "Is employed by Globex"),
    ("Vegetarian", "The user eats meat again"),
    ("Not vegetarian anymore", "Is vegetarian again"),
    ("Uses light mode", "Not using light mode anymore"),
    ("Uses dark mode", "Not dark mode anymore"),
    ("Prefers Python", "Dropped Python"),
    ("Prefers Python for scripting", "Python 3.8 support dropped"),
    ("Prefers Python", "Replaced Python with Rust"),
    ("Has a gym membership", "Let the gym membership lapse"),
    ("Has a dog named Rex", "Rex passed away"),
    ("Likes window seats", "Never books window seats"),
    ("Prefers window seats", "Not a fan of window seats anymore"),
    ("Prefers Python", "No longer writes Python"),
    ("Prefers vim", "Moved to Emacs"),
    ("Codes in Rust", "Prefers Go now"),
    ("Always books a window seat", "Prefers the aisle now"),
    ("Lives in Berlin", "Moved to Munich in 2020"),
    ("Timezone is CET", "Now in PST"),
    ("Prefers morning meetings", "Books meetings in the evening now"),
    ("Standup at 9:30 on Mondays", "Standup on Mondays at 10:00"),
    ("Vegan", "Vegetarian, not vegan"),
    ("Prefers Python", "Writes tools in Rust, not Python"),
    ("Uses vim", "Does all editing in Neovim"),
]


@pytest.mark.parametrize(("old", "new"), PARAPHRASES)
def test_a_paraphrase_of_the_same_value_is_never_a_conflict_nor_unrelated(
    old: str, new: str
) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y)
        assert judgement.relation in ("same", "refinement"), f"{x!r} -> {y!r}: {judgement}"


@pytest.mark.parametrize(("old", "new"), NEAR_MISSES)
def test_a_near_miss_paraphrase_stays_a_contradiction(old: str, new: str) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y)
        assert judgement.relation == "contradiction", f"{x!r} -> {y!r}: {judgement}"


def test_two_negations_of_one_diet_are_the_same() -> None:
    assert relate("I'm no longer vegetarian", "Not vegetarian anymore").relation == "same"
    judgement = relate("Not vegetarian anymore", "The user eats meat again")
    assert judgement == Judgement("same", "not vegetarian means omnivore", judgement.similarity)

# Cases the heuristics are known to get wrong: kept visible, so a fix shows up as XPASS.
KNOWN_WRONG = [
    # Two channels for two purposes can both hold; a single-valued slot reads a swap.
    ("Prefers email for reports", "Prefers Slack for urgent questions", "single", "unrelated"),
    # "no meetings on Fridays" negates another facet, but shares the word "meetings".
    ("Meetings only in the morning", "No meetings on Fridays", "single", "unrelated"),
    ("Drinks coffee", "Quit caffeine", "single", "contradiction"),
]


@pytest.mark.parametrize(("old", "new", "kind", "expected"), KNOWN_WRONG)
@pytest.mark.xfail(reason="a known limit of the lexicon heuristics", strict=True)
def test_known_limits_of_the_heuristics(old: str, new: str, kind: str, expected: str) -> None:
    _check(old, new, kind, expected)


# --- the seed's cases, spelled out ---------------------------------------------------------


def test_a_shellfish_allergy_then_cant_eat_shrimp_is_one_allergy_refined() -> None:
    judgement = relate(
        "The user mentioned a shellfish allergy", "User can't eat shrimp", kind="set"
    )
    assert judgement.relation == "refinement"
    assert "shrimp" in judgement.reason and "shellfish" in judgement.reason


def test_window_seats_then_aisle_seats_is_a_conflict_never_a_duplicate() -> None:
    judgement = relate("Prefers window seats", "prefers aisle seats")
    assert judgement.relation == "contradiction"
    assert "window" in judgement.reason and "aisle" in judgement.reason


def test_vegetarian_then_no_longer_vegetarian_is_a_contradiction_by_negation() -> None:
    judgement = relate("I'm vegetarian", "The user is no longer vegetarian")
    assert judgement == Judgement("contradiction", "negation ('no longer')", 1.0)


def test_prefers_python_then_prefers_rust_now_is_a_change_of_value() -> None:
    judgement = relate("Prefers Python", "Prefers Rust now")
    assert judgement.relation == "contradiction"
    assert judgement.reason == "different value (python -> rust)"


# --- explicit values --------------------------------------------------------------------------

VALUES = [
    ("Prefers window seats", "Prefers aisle seats", "window", "aisle", "single", "contradiction"),
    ("Prefers Python", "Writes Rust these days", "Python", "Rust", "single", "contradiction"),
    ("Allergic to shellfish", "Allergic to peanuts", "shellfish", "peanuts", "set", "refinement"),
    ("Allergic to peanuts", "Outgrew the peanut allergy", "peanuts", "peanuts", "set",
     "contradiction"),
    ("Prefers window seats", "Window seat over the wing, please", "window", "window", "single",
     "refinement"),
    ("Prefers window seats", "A window seat, as always", "window", "window", "single", "same"),
    ("Allergic to peanuts", "Not allergic to shellfish", "peanuts", "shellfish", "set",
     "unrelated"),
    ("Prefers window seats", "Prefers window seats over the wing", "window",
     "window over the wing", "single", "refinement"),
    ("Allergic to shellfish", "Can't eat shrimp", "shellfish", "shrimp", "set", "refinement"),
    ("Lives in Berlin", "Lives in Berlin now", "Berlin", "Berlin", "single", "same"),
]


@pytest.mark.parametrize(("old", "new", "old_value", "new_value", "kind", "expected"), VALUES)
def test_explicit_values_decide_first(
    old: str, new: str, old_value: str, new_value: str, kind: str, expected: str
) -> None:
    judgement = relate(
        old, new, old_value=old_value, new_value=new_value,
        kind="set" if kind == "set" else "single",
    )
    assert judgement.relation == expected, judgement


def test_a_changed_explicit_value_names_both_values_in_the_reason() -> None:
    judgement = relate("Prefers window seats", "Prefers aisle seats",
                       old_value="window", new_value="aisle")
    assert judgement.reason == "different value (window -> aisle)"


def test_blank_explicit_values_fall_back_to_the_text() -> None:
    judgement = relate("Prefers window seats", "Prefers aisle seats", old_value=" ", new_value="")
    assert judgement.relation == "contradiction"


def test_a_paraphrase_reports_its_similarity() -> None:
    judgement = relate("Deploys through staging first", "Deployments go through staging first")
    assert judgement.relation == "same"
    assert judgement.reason == f"paraphrase (similarity {judgement.similarity:.2f})"
    assert 0.5 < judgement.similarity < 1.0


# --- cardinality ------------------------------------------------------------------------------

SET_VALUED = ["allergies", "allergy", "food_allergies", "Food Allergies", "intolerances",
              "dietary_restrictions", "languages_spoken", "spoken_languages", "languagesSpoken",
              "certifications", "pets", "skills", "team_members", "hobbies", "owned_services",
              "services_owned", "ownedRepos", "supported_browsers", "deploy_regions",
              "slack_channels", "tools_used", "linters_enabled",
              "streaming_subscriptions", "dependencies"]
SINGLE_VALUED = ["seat_preference", "diet", "timezone", "employer", "programming_language",
                 "preferred_programming_language", "home_city", "manager", "editor", "theme",
                 "flight_preference", "deploy_process", "code_review", "preferred_pet",
                 "ownership_model", "working_hours", "focus_hours", "measurement_units",
                 "log_retention_days", "required_approvals", "travel_class", "laptop_os",
                 "hotfix_process", "npm:EACCES", "seats", "preferred_seats",
                 "seat_preferences", "", None]


@pytest.mark.parametrize("attribute", SET_VALUED)
def test_attributes_that_gather_values_are_set_valued(attribute: str) -> None:
    assert cardinality(attribute) == "set"


@pytest.mark.parametrize("attribute", SINGLE_VALUED)
def test_attributes_that_hold_one_value_are_single_valued(attribute: str | None) -> None:
    assert cardinality(attribute) == "single"


# --- properties ---------------------------------------------------------------------------------

SUBJECTS = st.sampled_from(["", "The user", "User", "I", "Our team", "The project"])
VERBS = st.sampled_from([
    "prefers", "likes", "uses", "eats", "is allergic to", "works with", "deploys through",
    "writes", "speaks", "is", "has", "wants", "needs", "drinks", "avoids", "dislikes",
])
OBJECTS = st.sampled_from([
    "window seats", "aisle seats", "Python", "Rust", "vegetarian", "shellfish", "shrimp",
    "meat", "the office", "staging first", "two approvals on every PR", "morning meetings",
    "dark mode", "email over Slack", "coffee", "tea instead of coffee", "French", "a dog",
    "Acme", "remote work", "code examples", "UTC+2", "10am standups",
])
TAILS = st.sampled_from(["", " now", " on long flights", ", ideally over the wing", " again",
                         " for data work", ", not the aisle", " at work", "."])
STATEMENTS = st.builds(lambda s, v, o, t: f"{s} {v} {o}{t}".strip(), SUBJECTS, VERBS, OBJECTS,
                       TAILS)


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=1))
def test_any_statement_is_the_same_as_itself(text: str) -> None:
    assert relate(text, text).relation == "same"


@settings(max_examples=500, deadline=None)
@given(SUBJECTS, VERBS, OBJECTS, TAILS, st.sampled_from(["not", "no longer", "never"]))
def test_negating_a_statement_never_makes_it_the_same(
    subject: str, verb: str, obj: str, tail: str, negation: str
) -> None:
    statement = f"{subject} {verb} {obj}{tail}".strip()
    for negated in (f"{negation} {statement}", f"{subject} {negation} {verb} {obj}{tail}".strip()):
        assert relate(statement, negated).relation != "same", negated
        assert relate(negated, statement).relation != "same", negated


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.text(max_size=200), st.sampled_from(["single", "set"]))
def test_any_two_texts_get_a_judgement_with_a_similarity_between_0_and_1(
    old: str, new: str, kind: str
) -> None:
    judgement = relate(old, new, kind="set" if kind == "set" else "single")
    assert judgement.relation in ("same", "refinement", "contradiction", "unrelated")
    assert 0.0 <= judgement.similarity <= 1.0


def test_a_statement_is_analysed_once_however_often_it_is_related() -> None:
    """What keeps ``relate`` cheap on the ingest path: a text (an active entry's, met again by
    every candidate under its key) is analysed once. Its cost is measured by ``make bench``
    (bench/eval_dedup.py), not timed here: a timed test fails on a busy machine."""
    pairs = [(old, new) for old, new, _ in SAME + REFINEMENT + CONTRADICTION + UNRELATED]
    pairs += PARAPHRASES + NEAR_MISSES
    for old, new in pairs:
        relate(old, new)
    misses = _analyse.cache_info().misses
    for old, new in pairs:
        relate(old, new)
    assert _analyse.cache_info().misses == misses


# Restatement vs change inside one key, without values (issue 10). Each rule is shown both ways:
# the restatement merges (in both orders), and a real change under the same rule still
# supersedes. (old, new, the key's attribute, its cardinality.)
KEYED_SAME = [
    # Under an absence attribute "no X", "X-free", "doesn't eat X" state the value.
    ("Allergic to gluten", "Has celiac disease, so no gluten", "allergies", "set"),
    ("Avoids dairy", "Eats dairy-free", "dietary_restrictions", "set"),
    ("Vegetarian", "Doesn't eat any meat", "diet", "single"),
    ("Is pescatarian", "Eats fish but no other meat", "diet", "single"),
    # Time zones by any name: abbreviation, summer name, full name, city time, IANA name.
    ("Timezone is CET", "Works in Central European Time", "timezone", "single"),
    ("Timezone: Europe/Berlin", "On Berlin time (CET/CEST)", "timezone", "single"),
    ("My timezone is PST", "On Pacific time (Los Angeles)", "timezone", "single"),
    # Aliases and company suffixes.
    ("Uses macOS", "Works on a Mac", "operating_system", "single"),
    ("Uses Postgres", "Backed by PostgreSQL", "database", "single"),
    ("Editor of choice: Neovim", "I use nvim", "editor", "single"),
    ("Writes TypeScript", "Prefers TS", "programming_language", "single"),
    ("Works at Acme Corp", "Employed by Acme Inc.", "employer", "single"),
    # Filler words, a range of hours however written, compounds joined or apart.
    ("Books a window seat", "Really always books a window seat, whenever possible",
     "seat_preference", "single"),
    ("Quiet hours 10pm-6am", "Quiet hours from 22:00 until 06:00", "quiet_hours", "single"),
    ("The on-call rotation is weekly", "Weekly oncall rotation", "rotation", "single"),
    ("Follows git-flow", "Uses GitFlow", "branching_strategy", "single"),
    # Spoken times, "A > B", a city's own name, a vowel slip, "not X" of a two-valued slot.
    ("Standup is at 9:30", "Standup at half past nine", "standup_time", "single"),
    ("Prefers window seats", "Window > aisle", "seat_preference", "single"),
    ("Lives in Munich", "Lives in München", "home_city", "single"),
    ("vegitarian", "Vegetarian", "diet", "single"),
    ("Can't handle spicy food", "Mild food only", "spice_preference", "single"),
    ("Fully remote", "100% remote", "work_location", "single"),
    ("Uses metric units", "Wants distances in km", "units", "single"),
]

KEYED_CHANGE = [
    ("Daily standup", "Standups were replaced by async updates", "standup_time", "single"),
    ("Uses PagerDuty for paging", "Moved paging from PagerDuty to Opsgenie", "paging_tool",
     "single"),
    ("Timezone is CET", "Works in Pacific time", "timezone", "single"),
    ("Timezone: Europe/Berlin", "Timezone: America/New_York", "timezone", "single"),
    ("Uses macOS", "Uses Linux", "operating_system", "single"),
    ("Uses Postgres", "Uses MySQL", "database", "single"),
    ("Editor: nvim", "Editor: Emacs", "editor", "single"),
    ("Works at Acme Corp", "Works at Globex Inc", "employer", "single"),
    # A negation of the absence attribute itself still negates.
    ("Has a shellfish allergy", "Doesn't have a shellfish allergy", "allergies", "set"),
    ("No allergies", "Allergic to peanuts", "allergies", "set"),
    ("Vegetarian", "Not vegetarian anymore", "diet", "single"),
    # Denials clash when one side rules out what the other holds.
    ("Prefers window seats, not the aisle", "Prefers the aisle, never the window",
     "seat_preference", "single"),
    ("Really always books a window seat", "Usually books an aisle seat", "seat_preference",
     "single"),
    ("Quiet hours 10pm-6am", "Quiet hours from 23:00 until 07:00", "quiet_hours", "single"),
    ("The on-call rotation is weekly", "Oncall rotation is monthly", "rotation", "single"),
    ("Standup is at 9:30", "Standup at quarter to ten", "standup_time", "single"),
    ("Lives in Munich", "Lives in Wien", "home_city", "single"),
    ("Can't handle spicy food", "Loves spicy food", "spice_preference", "single"),
    ("Likes mild food", "Likes spicy food", "spice_preference", "single"),
    ("Uses metric units", "Wants distances in miles", "units", "single"),
]


@pytest.mark.parametrize(("old", "new", "attribute", "kind"), KEYED_SAME)
def test_a_restatement_under_a_key_merges_both_ways(
    old: str, new: str, attribute: str, kind: str
) -> None:
    for x, y in ((old, new), (new, old)):
        judgement = relate(x, y, attribute=attribute, kind="set" if kind == "set" else "single")
        assert judgement.relation == "same", f"{x!r} -> {y!r}: {judgement}"


@pytest.mark.parametrize(("old", "new", "attribute", "kind"), KEYED_CHANGE)
def test_a_change_under_a_key_still_supersedes(
    old: str, new: str, attribute: str, kind: str
) -> None:
    judgement = relate(old, new, attribute=attribute, kind="set" if kind == "set" else "single")
    assert judgement.relation == "contradiction", f"{old!r} -> {new!r}: {judgement}"


def test_different_denials_do_not_block_a_restatement() -> None:
    old, new = "Prefers window seats, not the middle", "Window seat, never the aisle"
    assert relate(old, new, attribute="seat_preference").relation == "same"
    # The other way it adds a denial after the kept wording: a refinement, still a merge.
    assert relate(new, old, attribute="seat_preference").relation in ("same", "refinement")


def test_a_negation_is_wording_only_under_an_absence_attribute() -> None:
    old, new = "Allergic to gluten", "Has celiac disease, so no gluten"
    assert relate(old, new, attribute="allergies", kind="set").relation == "same"
    # Under another attribute "no gluten" still rules gluten out.
    assert relate("Bakes with gluten flour", "Bakes, so no gluten",
                  attribute="baking").relation == "contradiction"


# --- a changed value never merged (stop 21; tuned on the development pairs set 3) ----------
# Wording of my own, not the tuning set's: each mechanism both ways.
NEVER_MERGED = [
    # Capitals that spell a filler word are names: a state, a country, a department.
    ("home_city", "single", "Lives in Salem, OR", "Lives in Salem, MA"),
    ("keyboard_layout", "single", "Types on a US layout", "Types on a UK layout"),
    # Slash-joined fields: their order is the value.
    ("date_format", "single", "Writes dates as MM/DD/YY", "Writes dates as DD/MM/YY"),
    # A member removed from a set, however the removal is worded.
    ("subscriptions", "set", "Subscribed to Netflix", "Cancelled Netflix last month"),
    ("browser_extensions", "set", "Runs uBlock in Firefox", "Uninstalled uBlock"),
    ("oncall_members", "set", "Priya is on the pager rotation", "Priya was taken off the pager"),
    ("allergies", "set", "Allergic to latex", "Latex allergy was ruled out"),
    ("regions", "set", "Deploys to ap-south-1", "Shut down the ap-south-1 cluster"),
    # A value moved to another: "renamed/relocated ... from X to Y", "cut it to N", a trade-in.
    ("home_city", "single", "Lives in Leeds", "Relocated from Leeds to York"),
    ("default_branch", "single", "Default branch is trunk",
     "Renamed the default branch from trunk to main"),
    ("reviewers_required", "single", "Three reviewers must approve", "We cut it to two reviewers"),
    ("car", "single", "Drives a Golf", "Traded the Golf in for a Model 3"),
    # Counts spelled as words: double is two, single is one.
    ("coffee_order", "single", "Orders a double macchiato", "Orders a single macchiato"),
    # Durations in other units are still compared by their length.
    ("retro_cadence", "single", "Retros every two weeks", "Retros every 3 weeks now"),
    ("token_lifetime", "single", "Tokens expire after 7 days", "Tokens expire after 5 days"),
]
STILL_THE_SAME = [
    # The same fields in the same order; an acronym said again; "single" read as one.
    ("date_format", "single", "Writes dates as DD/MM/YY", "Dates are written DD/MM/YY"),
    ("keyboard_layout", "single", "Types on a US layout", "Uses the US keyboard layout"),
    ("approvals", "single", "A single approval is enough to merge", "Merging needs one approval"),
    # A duration however it is spelled; an ordinal is its number; an abbreviated month or day.
    ("retro_cadence", "single", "Retros every two weeks", "A retro each fortnight"),
    ("token_lifetime", "single", "Tokens are valid for 7 days", "Tokens are valid for one week"),
    ("focus_block", "single", "Focus blocks last 30 minutes", "Focus blocks are half an hour"),
    ("parking", "single", "Parks on the 2nd level", "Parks on level two"),
    ("review_day", "single", "Reviews happen on Thursdays", "Reviews: Thu"),
    # A verb in the present says what happens, not that something was removed or is over.
    ("token_lifetime", "single", "Tokens are valid for 7 days", "Tokens expire after one week"),
    ("office_hours", "single", "The office is open until 18:00", "The office closes at 18:00"),
    ("branch_cleanup", "single", "Stale branches go after 30 days",
     "CI removes stale branches after 30 days"),
    # A capitalised word in a sentence written in capitals is still a filler.
    ("seat_preference", "single", "Prefers the window seat", "PREFERS THE WINDOW SEAT"),
]


@pytest.mark.parametrize(("attribute", "kind", "old", "new"), NEVER_MERGED)
def test_a_removed_or_changed_value_is_never_merged(
    attribute: str, kind: str, old: str, new: str
) -> None:
    judgement = relate(old, new, kind="set" if kind == "set" else "single", attribute=attribute)
    assert judgement.relation == "contradiction", f"{old!r} -> {new!r}: {judgement}"


@pytest.mark.parametrize(("attribute", "kind", "old", "new"), STILL_THE_SAME)
def test_the_same_fields_acronym_or_count_still_merge(
    attribute: str, kind: str, old: str, new: str
) -> None:
    judgement = relate(old, new, kind="set" if kind == "set" else "single", attribute=attribute)
    assert judgement.relation == "same", f"{old!r} -> {new!r}: {judgement}"


# Other names of one thing, from general knowledge (memcurator/aliases.py): the same value
# under its code, its name or its sign; another currency, cloud or shell is still a change.
ALIAS_SAME = [
    ("Invoices are in GBP", "Billed in pounds sterling"),
    ("Hosted on AWS", "Everything runs on Amazon Web Services"),
    ("Budget cap is $500", "Budget cap is 500 dollars"),
    ("Salary paid in €", "Gets paid in euros"),
    ("Only SEV-2 and above page", "Only sev2 and above page"),
    ("Warehouse is BigQuery", "Our warehouse runs on Google BigQuery"),
    ("Default shell is fish", "Uses the friendly interactive shell"),
]
ALIAS_CHANGE = [
    ("Invoices are in GBP", "Invoices are now in US dollars"),
    ("Hosted on AWS", "Migrated to Google Cloud"),
    ("Pays in CAD", "Pays in USD"),
    ("Uses zsh", "Switched to bash"),
]


@pytest.mark.parametrize(("old", "new"), ALIAS_SAME)
def test_other_names_of_one_value_restate(old: str, new: str) -> None:
    judged = relate(old, new, kind="single")
    assert judged.relation in ("same", "refinement"), judged


@pytest.mark.parametrize(("old", "new"), ALIAS_CHANGE)
def test_another_named_value_is_still_a_change(old: str, new: str) -> None:
    assert relate(old, new, kind="single").relation == "contradiction"


# A label before a colon heads the statement ("Team norm: no syncs on Fridays"); a change that
# is denied ("I'm not switching") says the value stays; "start" as a noun or in the present
# ("starts at 9:30", "the start of the week") announces no change, only "started" does.
WORDING_SAME = [
    ("As a team we skip meetings on Fridays", "Team norm: no syncs on Fridays", "friday"),
    ("Uses Emacs with a heavy config", "Been on Emacs for years and I'm not switching", "emacs"),
    ("Blocks Mondays for focus work", "No meetings on Mondays at the start of the week", "monday"),
]


@pytest.mark.parametrize(("old", "new", "value"), WORDING_SAME)
def test_a_label_a_denied_change_or_a_start_keep_the_same_value(
    old: str, new: str, value: str
) -> None:
    judged = relate(old, new, old_value=value, new_value=value, kind="single")
    assert judged.relation == "same", judged


def test_a_denied_change_rules_out_what_it_would_have_moved_to() -> None:
    assert _analyse("Not moving to Python").denied == frozenset({"python"})
    assert _analyse("Switched to Python").change is not None
    assert _analyse("Standup starts at 9:30").change is None
    assert _analyse("Started using Rust").change is not None


def test_a_reason_shows_the_words_as_the_statements_write_them_whatever_was_read_before() -> None:
    """A reason's words once were the first spelling the process had met of each stem, so the
    same judgement read differently after other text had been read (and the write log with it)."""
    before = relate("Likes hiking", "Likes hiking in the mountains on weekends").reason
    _analyse("One mountain weekend a year, the mountaineer said")  # other spellings, read first
    again = relate("Likes hiking", "Likes hiking in the mountains on weekends").reason
    assert before == again == "adds detail (mountains, weekends)"
    assert relate("Hikes in the mountain", "Hikes in the mountain each weekend").reason == (
        "adds detail (each, weekend)"
    )
