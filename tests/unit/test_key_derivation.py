"""Subject keys for facts that came without `subject`: (entity, attribute) or, when unclear, none.

The statements below are development examples written for these tests; the held-out evaluation
set is deliberately not used here.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcurator.attributes import canonical_attribute
from memcurator.keys import FACT_ATTRIBUTES, derive_fact_subject, subject_key
from memcurator.meaning import cardinality

USER = {"org_id": "acme", "user_id": "u_8821"}
PROJECT = {"org_id": "acme", "team_id": "core", "project_id": "payments", "user_id": "u_8821"}
TEAM = {"org_id": "acme", "team_id": "core"}

ABOUT_THE_USER = [
    ("I'm vegetarian", "diet"),
    ("The user is vegetarian", "diet"),
    ("The user doesn't eat meat", "diet"),
    ("No longer vegetarian", "diet"),
    ("Eats meat again", "diet"),
    ("Went vegan last year", "diet"),
    ("Prefers window seats", "seat_preference"),
    ("The user prefers aisle seats on long flights", "seat_preference"),
    ("Likes to sit by the window", "seat_preference"),
    ("Always books a window seat", "seat_preference"),
    ("Allergic to shellfish", "allergies"),
    ("User can't eat shrimp", "allergies"),
    ("Can\u2019t eat shrimp", "allergies"),
    ("Has a severe peanut allergy", "allergies"),
    ("Lactose intolerant", "allergies"),
    ("Outgrew the peanut allergy", "allergies"),
    ("Prefers Python", "programming_language"),
    ("Prefers Rust now", "programming_language"),
    ("I write mostly TypeScript these days", "programming_language"),
    ("Prefers Go for backend work", "programming_language"),
    ("User's timezone is Europe/Berlin", "timezone"),
    ("Timezone is CET", "timezone"),
    ("I'm on Pacific time", "timezone"),
    ("Works in Central European Time", "timezone"),
    ("Keeps to Eastern Standard Time", "timezone"),
    ("Works at Acme", "employer"),
    ("Works for Globex as a data engineer", "employer"),
    ("Joined Initech in March", "employer"),
    ("Lives in Berlin", "home_city"),
    ("I live in Lisbon", "home_city"),
    ("Moved to Munich", "home_city"),
    ("Prefers direct flights", "flight_preference"),
    ("Avoids layovers longer than 2 hours", "flight_preference"),
    ("Uses Neovim with LazyVim", "editor"),
    ("Prefers VS Code", "editor"),
    ("Uses dark mode in every app", "theme"),
    ("Light theme please", "theme"),
    ("Prefers Slack over email", "communication_channel"),
    ("Please reach me by email", "communication_channel"),
    ("Speaks Portuguese and Spanish", "languages_spoken"),
    ("Fluent in German", "languages_spoken"),
    ("Works remotely", "work_location"),
    ("Is in the office on Tuesdays", "work_location"),
    ("Prefers meetings in the afternoon", "meeting_preference"),
]


@pytest.mark.parametrize(("content", "attribute"), ABOUT_THE_USER)
def test_a_statement_about_the_user_is_keyed_to_the_user_and_its_topic(
    content: str, attribute: str
) -> None:
    assert derive_fact_subject(content, USER) == ("u_8821", attribute)


ABOUT_A_GROUP = [
    ("Our team deploys through staging first", PROJECT, ("core", "deploy_process")),
    ("Deployments for payments go through staging before production.", PROJECT,
     ("payments", "deploy_process")),
    ("The payments service deploys via canary", PROJECT, ("payments", "deploy_process")),
    ("We ship to production on Tuesdays", PROJECT, ("payments", "deploy_process")),
    ("PRs need two approvals before merging", PROJECT, ("payments", "code_review")),
    ("Code reviews are done by the owning team", PROJECT, ("payments", "code_review")),
    ("The team prefers async standups", PROJECT, ("core", "standup")),
    ("Our standups are at 9:30", TEAM, ("core", "standup")),
    ("The company uses Slack for everything", PROJECT, ("acme", "communication_channel")),
    ("Prefers window seats", TEAM, ("core", "seat_preference")),
    ("We deploy on Fridays", USER, ("acme", "deploy_process")),  # "we" of a user: their org
]


@pytest.mark.parametrize(("content", "scope", "expected"), ABOUT_A_GROUP)
def test_a_statement_about_the_team_or_project_is_keyed_to_that_level(
    content: str, scope: dict[str, str], expected: tuple[str, str]
) -> None:
    assert derive_fact_subject(content, scope) == expected


UNCLEAR = [
    ("My daughter is allergic to peanuts", USER),  # someone else's allergy
    ("My wife is vegetarian", USER),
    ("The user's manager prefers email", USER),
    ("He prefers window seats", USER),
    ("Alice prefers email", USER),  # a name, not the user
    ("Is the user vegetarian?", USER),  # a question states nothing
    ("The user likes hiking", USER),  # no topic in the lexicon
    ("Thanks for the help", USER),
    ("Prefers window seats on direct flights", USER),  # two topics: neither key fits
    ("I prefer aisle seats", TEAM),  # about a user, but this scope has none
    ("We deploy on Fridays", {"user_id": "u_8821"}),  # about a group, but this scope has none
    ("", USER),
    ("   ", USER),
    ("Prefers window seats", {}),
]


@pytest.mark.parametrize(("content", "scope"), UNCLEAR)
def test_a_statement_that_does_not_clearly_name_its_subject_gets_no_key(
    content: str, scope: dict[str, str]
) -> None:
    assert derive_fact_subject(content, scope) is None


def test_works_at_acme_is_the_users_employer_not_a_fact_about_the_org_acme() -> None:
    assert derive_fact_subject("Works at Acme", USER) == ("u_8821", "employer")


def test_the_seed_allergy_pair_lands_under_one_key() -> None:
    january = derive_fact_subject("The user mentioned a shellfish allergy", USER)
    march = derive_fact_subject("User can't eat shrimp", USER)
    assert january == march == ("u_8821", "allergies")


def test_window_and_aisle_seats_land_under_one_key_so_they_can_conflict() -> None:
    assert derive_fact_subject("Prefers window seats", USER) == derive_fact_subject(
        "prefers aisle seats", USER
    )


def test_the_standup_and_the_meeting_free_day_are_two_attributes() -> None:
    standup = derive_fact_subject("Our team's standup is a short video call", TEAM)
    meetings = derive_fact_subject("Our team keeps Thursdays free of meetings", TEAM)
    assert standup == ("core", "standup")
    assert meetings == ("core", "meeting_preference")
    assert canonical_attribute("Daily stand-up") == "standup"  # an explicit subject's name


@pytest.mark.parametrize(
    "content", ["Is in the office on Tuesdays", "I'm usually in the office Mondays",
                "Works from the office most weeks", "Comes into the office twice a week"])
def test_being_at_the_office_is_the_work_location(content: str) -> None:
    assert derive_fact_subject(content, USER) == ("u_8821", "work_location")


def test_what_one_needs_at_the_office_is_not_the_work_location() -> None:
    found = derive_fact_subject("At the office I need a bike rack", USER)
    assert found is None or found[1] != "work_location"


def test_a_derived_key_matches_the_key_of_an_explicit_subject() -> None:
    entity, attribute = derive_fact_subject("Prefers window seats", USER) or ("", "")
    derived = subject_key(memory_type="fact", entity=entity, attribute=attribute)
    explicit = subject_key(memory_type="fact", entity="u_8821", attribute="Seat Preference")
    assert derived == explicit == "subject:u_8821/seat_preference"


@pytest.mark.parametrize("attribute", FACT_ATTRIBUTES)
def test_every_derived_attribute_has_the_cardinality_its_meaning_needs(attribute: str) -> None:
    gathers = {"allergies", "languages_spoken"}
    assert cardinality(attribute) == ("set" if attribute in gathers else "single")


# A small grammar of statements that do name one topic about the user: an opener the rule knows
# ("Prefers", "Always"...), an object naming exactly one topic, and an optional tail that names
# none. Each object comes with the attribute it must be keyed to.
_OPENERS_SAMPLE = ["Prefers", "Likes", "Wants", "Always picks", "Usually wants", "Now prefers",
                   "Strongly prefers", "Still likes"]
_OBJECTS = [
    ("window seats", "seat_preference"), ("an aisle seat", "seat_preference"),
    ("a vegetarian diet", "diet"), ("vegan food", "diet"),
    ("Python", "programming_language"), ("Rust for backend services", "programming_language"),
    ("dark mode", "theme"), ("the light theme", "theme"),
    ("direct flights", "flight_preference"), ("business class", "flight_preference"),
    ("Neovim", "editor"), ("VS Code", "editor"),
    ("Slack over email", "communication_channel"), ("remote work", "work_location"),
]
_TAILS = ["", " these days", " on long trips", " whenever possible", " since last year"]

statements = st.builds(
    lambda opener, obj, tail: (f"{opener} {obj[0]}{tail}", obj[1]),
    st.sampled_from(_OPENERS_SAMPLE),
    st.sampled_from(_OBJECTS),
    st.sampled_from(_TAILS),
)
names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_0123456789", min_size=1, max_size=12)
scopes_with_a_user = st.fixed_dictionaries(
    {"user_id": names},
    optional={"org_id": names, "team_id": names, "project_id": names, "agent_id": names},
)


@settings(max_examples=300, deadline=None)
@given(statements, scopes_with_a_user)
def test_a_generated_statement_about_the_user_gets_the_user_and_its_topic(
    statement: tuple[str, str], scope: dict[str, str]
) -> None:
    content, attribute = statement
    assert derive_fact_subject(content, scope) == (scope["user_id"], attribute)


@settings(max_examples=300, deadline=None)
@given(
    statements,
    st.sampled_from(_OBJECTS),
    scopes_with_a_user,
    st.sampled_from(["question", "someone else", "a name", "two topics", "no user"]),
)
def test_the_same_statements_turned_unclear_get_no_key(
    statement: tuple[str, str], other: tuple[str, str], scope: dict[str, str], turn: str
) -> None:
    content, attribute = statement
    if turn == "question":
        unclear, where = content + "?", scope
    elif turn == "someone else":
        unclear, where = "My wife " + content[0].lower() + content[1:], scope
    elif turn == "a name":
        unclear, where = "Alice " + content[0].lower() + content[1:], scope
    elif turn == "two topics":
        if other[1] == attribute:
            return  # the same topic twice is still one topic
        unclear, where = f"{content} and {other[0]}", scope
    else:
        unclear, where = content, {k: v for k, v in scope.items() if k == "agent_id"}
        if where:
            return  # an agent scope is a subject of its own
    assert derive_fact_subject(unclear, where) is None, (unclear, where)


def test_any_content_gets_a_key_from_its_own_scope_or_none() -> None:
    """Random text, and statements with random text around them: whenever a key is derived,
    it comes from the candidate's own scope and the lexicon; and a good share are derived, so
    those assertions really run."""
    derived_keys: list[tuple[str, str]] = []
    noisy = st.builds(
        lambda before, s, after: before + " " + s[0] + " " + after,
        st.sampled_from(["", "Prefers", "Likes", "Now"]),
        statements,
        st.text(alphabet="abcdefghij ,.", max_size=20),
    )

    @settings(max_examples=300, deadline=None, database=None)
    @given(
        st.one_of(st.text(max_size=300), noisy),
        st.dictionaries(
            st.sampled_from(["org_id", "team_id", "project_id", "user_id", "agent_id"]),
            st.text(min_size=1, max_size=12),
        ),
    )
    def check(content: str, scope: dict[str, str]) -> None:
        derived = derive_fact_subject(content, scope)
        if derived is not None:
            derived_keys.append(derived)
            entity, attribute = derived
            assert entity in scope.values()
            assert attribute in FACT_ATTRIBUTES

    check()
    assert len(derived_keys) >= 50, f"only {len(derived_keys)} of 300 examples derived a key"


# Attributes no lexicon lists, named by the statement itself (issue 10).
NAMED_BY_THE_STATEMENT = [
    ("My keyboard layout is Colemak.", USER, ("u_8821", "keyboard_layout")),
    ("My coffee order is a black americano", USER, ("u_8821", "coffee_order")),
    ("Usual coffee order: oat flat white", USER, ("u_8821", "coffee_order")),
    ("The user's shell is fish", USER, ("u_8821", "shell")),
    ("My favourite font is Iosevka", USER, ("u_8821", "font")),
    ("My seat preference is aisle", USER, ("u_8821", "seat_preference")),
    ("Our on-call rotation is weekly", TEAM, ("core", "on_call_rotation")),
    ("The team's retro cadence is once per sprint", PROJECT, ("core", "retro_cadence")),
    ("The project's release train: every other Thursday", PROJECT, ("payments", "release_train")),
]


@pytest.mark.parametrize(("content", "scope", "expected"), NAMED_BY_THE_STATEMENT)
def test_a_statement_that_names_its_own_attribute_is_keyed_by_it(
    content: str, scope: dict[str, str], expected: tuple[str, str]
) -> None:
    assert derive_fact_subject(content, scope) == expected


NAMES_NO_ATTRIBUTE = [
    "My preference is the later slot",  # the noun says only that a preference follows
    "My guess is that it's the cache",
    "My son is five",  # someone else's fact
    "My manager is out this week",
    "My flight is at 9",  # a booking, not the flight preference
    "My seat is 14C",
    "Our team is growing",  # the scope itself
    "My take on it is simple",
    "Keyboard layout is Colemak",  # no possessor or mark: whose?
]


@pytest.mark.parametrize("content", NAMES_NO_ATTRIBUTE)
def test_a_possessed_noun_that_is_no_attribute_gives_no_key(content: str) -> None:
    assert derive_fact_subject(content, PROJECT) is None


def test_one_named_attribute_keys_its_restatement_and_its_change_alike() -> None:
    first = derive_fact_subject("My keyboard layout is QWERTY", USER)
    again = derive_fact_subject("my keyboard layout: qwerty", USER)
    changed = derive_fact_subject("My keyboard layout is Dvorak now", USER)
    other = derive_fact_subject("My keyboard brand is Keychron", USER)
    assert first == again == changed
    assert other != first


def test_a_pull_requests_size_is_not_its_review_rule() -> None:
    # Two attributes must never share a key: "small PRs" would otherwise supersede "PRs need
    # two approvals" under code_review.
    assert derive_fact_subject("PRs need two approvals before merging", PROJECT) == (
        "payments", "code_review")
    assert derive_fact_subject("I like small PRs", USER) is None
    assert derive_fact_subject("Please open big batched pull requests for me", USER) is None


@pytest.mark.parametrize(("content", "scope", "expected"), [
    # Only someone lives somewhere: where a project's docs or flags "live" is no home city.
    ("The project's docs live in Confluence pages", PROJECT, None),
    ("Feature flags in this project live in LaunchDarkly", PROJECT, None),
    ("I now live in Munich", USER, ("u_8821", "home_city")),
    # A place's clock is a timezone, not a home.
    ("I'm based in Berlin time these days", USER, ("u_8821", "timezone")),
    ("Schedule things for me in San Francisco time", USER, ("u_8821", "timezone")),
    ("Based in UTC+2", USER, ("u_8821", "timezone")),
    # Plural themes are the theme; a bare "rule" names no attribute.
    ("My screens are always in dark themes", USER, ("u_8821", "theme")),
    ("The team's rule: migrations are applied by whoever wrote them", TEAM, None),
])
def test_a_lexicon_word_is_read_as_its_topic_only_where_it_means_it(
    content: str, scope: dict[str, str], expected: tuple[str, str] | None
) -> None:
    assert derive_fact_subject(content, scope) == expected
