"""Subject keys: which entries can be duplicates of each other (rule 4's first stage).

A key is only ever compared inside one scope. This module gives the key a candidate carries
explicitly (``subject``) or the one its type implies (a summary's task, an observation's tool
and symptom). When nothing says what the entry is about, there is no key: a new entry is
better than a wrong merge.

``derive_fact_subject`` reads a key off a fact that came without ``subject``: an entity (the
scope level the statement is about: the user, the team, the project...) and an attribute from a
compact lexicon of topics. It is conservative by design: a statement about someone else ("my
wife is vegetarian"), about an unknown subject, about two topics at once, or a question, gets no
key, because a key in the wrong place causes a wrong merge or a wrong supersession, while no key
only costs a second entry.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Mapping

from memcurator.attributes import canonical_attribute, stem
from memcurator.attributes import normalise_key_part as normalise_key_part
from memcurator.symptoms import ANY_TOOL, canonical_tool, observation_parts
from memcurator.vocabulary import MemoryType

_NON_WORD = re.compile(r"[^\w]+")


# Every key format, built and read here only. A subject key is a prefix and two parts joined
# by "/"; the parts are normalised (no "/" in them) and ids hold none, so the last "/" always
# separates them.
FACT_PREFIX = "subject:"
TASK_PREFIX = "task:"
OBSERVATION_PREFIX = "obs:"
TOPIC_PREFIX = "topic:"
WORDING_PREFIX = "text:"
# A topic of observations that name no tool.
GENERAL_TOPIC = "general"


def subject_key(
    *,
    memory_type: str,
    entity: str | None = None,
    attribute: str | None = None,
    task_id: str | None = None,
    tool: str | None = None,
    symptom: str | None = None,
    content: str | None = None,
) -> str | None:
    """The dedup key of an entry, or None when nothing says what it is about. A fact whose
    subject neither came with it nor can be read off it is keyed by its own wording
    (``wording_key``), given its ``content``."""
    if entity and attribute:
        return fact_key(entity, attribute)
    if memory_type == MemoryType.FACT and content:
        return wording_key(content)
    if memory_type == MemoryType.SUMMARY and task_id:
        return task_key(task_id)
    if memory_type == MemoryType.OBSERVATION and tool and symptom:
        return observation_key(tool, symptom)
    return None


def fact_key(entity: str, attribute: str) -> str:
    """``subject:entity/attribute``: what a statement is about (any type may carry one)."""
    return f"{FACT_PREFIX}{normalise_key_part(entity)}/{normalise_key_part(attribute)}"


def wording_key(content: str) -> str:
    """``text:DIGEST``: the key of a fact with no subject, its wording read without case,
    Unicode form, curly quotes, runs of spaces or closing punctuation. The same statement worded
    the same way is one key, so a restatement merges (evidence +1) instead of adding an entry;
    any other wording is another key, as before: a new entry is better than a wrong merge. A
    digest, not the words: a key is indexed and logged, and the words may later be erased."""
    return f"{WORDING_PREFIX}{hashlib.sha256(same_wording(content).encode()).hexdigest()[:24]}"


def same_wording(content: str) -> str:
    """What ``wording_key`` compares: "Works in CET." and "works in  CET" read alike."""
    text = unicodedata.normalize("NFKC", content).translate(_QUOTES).casefold()
    return " ".join(text.split()).rstrip(" .!;,")


def is_wording_key(key: str | None) -> bool:
    return (key or "").startswith(WORDING_PREFIX)


def task_key(task_id: str) -> str:
    """``task:ID``: a summary's key, the task it records (kept as given)."""
    return f"{TASK_PREFIX}{task_id}"


def observation_key(tool: str, symptom: str) -> str:
    """``obs:tool/symptom``: an observation's key, the same symptom of the same tool. Both parts
    are read as symptoms.py normalises them ("the search API" / "connection timed out on
    replica-2" -> ``obs:search_api/timeout``), so one failure worded three ways is one key. A
    symptom no class fits but particular enough to name one failure on its own is keyed for
    any tool (``obs:any_tool/slot_09_40_already_taken_by_another_patient``): one tool under two
    names is one key."""
    tool_part, symptom_part = observation_parts(tool, symptom)
    return f"{OBSERVATION_PREFIX}{tool_part}/{symptom_part}"


def legacy_observation_key(key: str, tool: str | None) -> str | None:
    """The key an observation keyed for any tool (its symptom telling on its own:
    ``symptoms.telling_words``) was stored under before such symptoms dropped the tool: its
    own tool's. None for any other key."""
    prefix = f"{OBSERVATION_PREFIX}{ANY_TOOL}/"
    if not tool or not key.startswith(prefix):
        return None
    return f"{OBSERVATION_PREFIX}{canonical_tool(tool)}/{key[len(prefix) :]}"


def tool_key(tool: str | None) -> str:
    """The tool part of a topic: observations of one tool in one scope share a topic (the tool
    read as an observation key reads it: "the search API" and "search API" are one tool)."""
    return canonical_tool(tool) if tool else ""


def topic_key(tool_key: str, anchor_id: str) -> str:
    """``topic:tool/ANCHOR``: a nightly topic entry, named after its first member."""
    return f"{TOPIC_PREFIX}{tool_key or GENERAL_TOPIC}/{anchor_id}"


def is_topic_key(key: str | None) -> bool:
    return (key or "").startswith(TOPIC_PREFIX)


def topic_tool_key(key: str) -> str:
    """The tool part of a topic key ('' for the general topic): the inverse of ``topic_key``."""
    tool = key[len(TOPIC_PREFIX) :].rsplit("/", 1)[0]
    return "" if tool == GENERAL_TOPIC else tool


def last_part(key: str) -> str:
    """The part after the last "/": a fact key's attribute, an observation key's symptom."""
    return key.rsplit("/", 1)[-1]


def key_attribute(key_or_attribute: str | None) -> str | None:
    """The attribute of a fact key (``subject:entity/attribute``); anything else as given
    (cardinality reads the attribute, or the bare key when there is none)."""
    if key_or_attribute and key_or_attribute.startswith(FACT_PREFIX):
        return last_part(key_or_attribute)
    return key_or_attribute


# --------------------------------------------------------------------------- fact subjects

_LANGUAGES = (
    r"python|rust|golang|typescript|javascript|java|kotlin|swift|ruby|php|scala|elixir|haskell"
    r"|clojure|julia|dart|zig|ocaml|erlang|c\+\+|c#|f#|(?-i:Go)"
)
_ALLERGENS = (
    r"shellfish|shrimps?|prawns?|crabs?|lobsters?|mussels?|oysters?|clams?|scallops?|fish"
    r"|(?:pea|tree )?nuts?|peanuts?|almonds?|cashews?|gluten|wheat|dairy|milk|lactose|eggs?|soy"
    r"|sesame"
)
# Topic -> trigger words. The names are the canonical attributes: cardinality() in meaning.py
# reads "allergies" and "languages_spoken" as set-valued and the rest as single-valued.
_TOPICS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        ("seat_preference", r"\b(?:window|aisle|middle)[- ]seats?\b|\bexit rows?\b|\blegroom\b"
         r"|\b(?:sit|sits|sitting|seat|seated) (?:by|at|near|next to|on) the (?:window|aisle)\b"),
        ("diet", r"\b(?:vegetarian|vegan|pescatarian|omnivore|flexitarian|keto|paleo|halal|kosher)"
         r"\b|\bplant[- ]based\b|\b(?:eats?|eating|ate) meat\b|\bno meat\b|\bmeat[- ]free\b"),
        ("allergies", r"\ballerg|\bintoleran|\banaphyla|\bepi-?pens?\b"
         r"|\b(?:can't|cannot|can not|doesn't|does not|must not|mustn't) (?:eat|have|tolerate"
         rf"|digest) (?:any )?(?:{_ALLERGENS})\b"),
        ("programming_language", rf"(?<![\w+#])(?:{_LANGUAGES})(?![\w+#])|\bprogramming language"),
        ("timezone", r"\btime ?zone\b|\b(?:utc|gmt)(?:[+-]\d{1,2}(?::\d\d)?)?\b"
         r"|\b(?:pst|pdt|est|edt|cst|cdt|mst|mdt|cet|cest|bst|jst|aest|eet)\b"
         r"|\b(?:europe|america|asia|australia|africa|pacific)/[a-z_]+"
         r"|\b(?:pacific|eastern|central|mountain|atlantic|alaska|hawaii)"
         r" (?:standard |daylight )?time\b"
         r"|\b(?:central|eastern|western) europe(?:an)? (?:summer |standard )?time\b"
         r"|\b(?:greenwich mean|british summer|india standard|japan standard) time\b"
         # "in Berlin time", "on US Pacific time": a place's clock
         r"|\b(?:in|on) (?-i:[A-Z])[\w.]+(?: (?-i:[A-Z])\w+){0,2} time\b"),
        ("employer", r"\b(?:works?|working|worked) (?:at|for) (?!home\b|the office\b|an office\b)"
         r"|\bemployed (?:at|by)\b|\bemployer\b|\b(?:job|position|role) at\b"
         r"|\bjoined (?-i:[A-Z])"),
        ("home_city", r"\b(?:lives|living|live|lived|based|located|resides|residing) in\b"
         r"|\bhome ?town\b|\bhome city\b|\brelocat\w* to\b|\bmoved to (?-i:[A-Z])"),
        ("flight_preference", r"\b(?:direct|non-?stop|connecting) flights?\b|\blayovers?\b"
         r"|\bstopovers?\b|\bred-?eyes?\b|\b(?:business|economy|first) class\b|\bairlines?\b"),
        ("editor", r"\b(?:vim|neovim|nvim|emacs|vs ?code|visual studio code|intellij|pycharm"
         r"|sublime text|helix|webstorm|xcode)\b|\b(?:text )?editor\b|\bides?\b"),
        ("theme", r"\b(?:dark|light) (?:mode|theme)s?\b|\bthemes?\b|\bcolou?r schemes?\b"),
        ("deploy_process", r"\bdeploy|\breleases? (?:go|goes|are|is|need|must)\b|\bstaging\b"
         r"|\bcanary\b|\brollouts?\b|\bship\w* to prod"),
        # Review and approval words only: "small PRs" is about a PR's size, not its review.
        ("code_review", r"\bcode ?reviews?\b|\breview(?:s|ed|er|ers)?\b|\bapprovals?\b"
         r"|\bapprove[sd]?\b"),
        # A standup is its own ritual: its time or format is not the meeting preference
        # ("Standup is a quick video call" / "Fridays are meeting-free": two attributes).
        ("standup", r"\bstand-?ups?\b|\bdaily (?:scrum|sync)s?\b"),
        ("meeting_preference", r"\bmeetings?\b|\b1:1s?\b|\bone-on-ones?\b"),
        ("communication_channel", r"\b(?:e-?mails?|slack|text messages?|sms|whatsapp|telegram"
         r"|phone calls?|ms teams|microsoft teams|discord)\b"
         r"|\b(?:contact|reach|ping|message)(?:ed)? (?:me|him|her|them|the user) (?:via|by|on)\b"),
        # Being or working at the office is where someone works; what one needs "at the
        # office" (a bike rack, a charging spot) is not.
        ("work_location", r"\bremote(?:ly)?\b|\bwfh\b|\bworks? from (?:home|the office)\b"
         r"|\b(?:is|am|are|be|being|been|i'm|we're|they're|works?|working|worked|comes?|coming"
         r"|goes|going|go|commutes?)\s+(?:\w+\s+){0,2}?(?:in|at|from|into|to) the office\b"
         r"|\bhybrid\b|\bon-?site\b|\bin[- ]person\b"),
        ("languages_spoken", r"\bspeaks?\b|\bspoken\b|\bfluent(?:ly)? in\b|\bbilingual\b"
         r"|\bnative (?:speaker|language)\b|\bmother tongue\b"),
    )
)
# Every attribute derive_fact_subject can return.
FACT_ATTRIBUTES = tuple(name for name, _ in _TOPICS)
# Topics about how a group works: a statement that opens with them ("Deployments go through
# staging") is about the project or team, not about the person who said it.
_PROCESS_TOPICS = frozenset({"deploy_process", "code_review", "meeting_preference", "standup"})

# What a statement about how a group works opens with ("PRs need two approvals"): the work
# itself, whose rule it is.
_PROCESS_SUBJECT = re.compile(
    r"(?:all |every |our |the )?(?:prs?|pull requests?|merge requests?|changes|commits"
    r"|releases?|deploy\w*|migrations?|hotfix\w*)\b", re.IGNORECASE)
# Someone other than the scope's own subject: "my wife is vegetarian" says nothing about the user.
_OTHER_PERSON = re.compile(
    r"\b(?:my|our|his|her|their|the user's|user's)\s+(?:wife|husband|partner|spouse|son"
    r"|daughter|kids?|child|children|mother|mom|mum|father|dad|parents?|brother|sister|friends?"
    r"|colleagues?|co-?workers?|manager|boss|clients?|customers?|doctor)\b"
    r"|^(?:he|she|they|his|her|their|it|its)\b"
)
# Who a statement names, by scope level. Group phrases go first and are blanked out, so the
# "my" of "my team" does not also count as the user.
_NAMED_LEVELS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (level, re.compile(pattern))
    for level, pattern in (
        ("team_id", r"\b(?:the|our|my|this|your) team\b|\bteam's\b"),
        ("project_id", r"\b(?:the|our|my|this) (?:project|repo|repository|codebase)\b"),
        ("org_id", r"\b(?:the|our|my|this) (?:company|org|organi[sz]ation)\b"),
        ("agent_id", r"\bthe (?:agent|assistant|bot)\b"),
        ("user_id", r"\b(?:i|me|my|mine|myself|the user|user)\b"),
        ("group", r"\b(?:we|us|our|ours)\b"),
    )
)
_SPECIFICITY = ("user_id", "agent_id", "project_id", "team_id", "org_id")
_GROUPS = ("project_id", "team_id", "org_id")
# Words a subjectless fact opens with ("Prefers window seats", "Allergic to shellfish"):
# verbs in the third person, adjectives and adverbs. Any other first word may be a name.
_OPENERS = frozenset(re.findall(r"\S+", """
    prefers prefer likes loves hates dislikes wants needs uses writes codes works worked lives
    lived moved relocated is was has had speaks eats drinks avoids can't cannot can doesn't does
    don't won't never always usually often now currently no not allergic vegetarian vegan
    pescatarian intolerant based located switched started stopped quit favours favors travels
    flies sits deploys reviews requires asks wishes enjoys runs reads follows keeps still also
    only strongly mostly generally typically recently just outgrew gave used fluent native
    bilingual remote fully mainly primarily occasionally rarely sometimes went became turned got
    joined books takes drives commutes plans lactose peanut shellfish gluten nut dairy severe
    mild preferred favourite favorite usual default go-to
"""))
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'"})


def derive_fact_subject(content: str, scope_levels: Mapping[str, str]) -> tuple[str, str] | None:
    """(entity, attribute) for a fact that came without `subject`, or None when the content does
    not clearly name one. The entity is the value of the scope level the statement is about (the
    most specific level present for a subjectless statement); the attribute is a canonical topic
    name ("seat_preference", "allergies", ...). Conservative: when it cannot tell, None."""
    text = " ".join(content.translate(_QUOTES).split())
    if not text or text.endswith("?"):
        return None  # a question states nothing
    topics = [(name, found) for name, pattern in _TOPICS if (found := pattern.search(text))]
    topics = [(name, found) for name, found in topics if _reads_as(name, found, text, topics)]
    if not topics:
        return _named_attribute(text, scope_levels)
    if len(topics) != 1:
        return None  # two topics: "window seats on direct flights" belongs to neither key
    attribute, found = topics[0]
    opens = found.start() == 0 or (attribute in _PROCESS_TOPICS
                                   and _PROCESS_SUBJECT.match(text) is not None)
    level = _entity_level(text, scope_levels, attribute, opens_with_topic=opens)
    return (scope_levels[level], attribute) if level else None


# "My keyboard layout is Colemak", "Our retro cadence is once per sprint", "The team's
# no-meeting day: Friday", "Preferred shell is fish": a statement that names its own attribute,
# one no lexicon lists, as the possessed noun before "is" / "are" / ":". The attribute is that
# noun phrase read canonically (attributes.py), so "My coffee order" and an explicit
# `coffee_order` subject share a key; the value is whatever follows and is compared by meaning.
_POSSESSOR = (r"(?P<who>my|our|the user's|user's|the team's|team's|the project's|project's"
              r"|the company's|the org's)")
_NAMED = re.compile(
    rf"^(?:{_POSSESSOR}|(?P<mark>preferred|favou?rite|usual|default|go-to))\s+"
    r"(?P<noun>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s*(?::|\s(?:is|are)\b)\s*(?P<value>\S.*)$",
    re.IGNORECASE,
)
_WHO_LEVEL = {"my": "user_id", "the user's": "user_id", "user's": "user_id",
              "the team's": "team_id", "team's": "team_id", "the project's": "project_id",
              "project's": "project_id", "the company's": "org_id", "the org's": "org_id"}
# Nouns that name no attribute of their own ("my preference is ...", "my guess is ..."), people
# (what they are is their own fact, not the speaker's), and the scope levels themselves.
_NOT_ATTRIBUTES = frozenset(re.findall(r"\S+", """
    preference preferences choice habit habits thing things idea ideas plan plans guess point
    rule rules policy policies convention conventions practice practices standard approach way
    question questions problem problems issue issues concern concerns worry goal goals priority
    priorities fault bad pleasure understanding impression feeling hope wish suggestion answer
    reason view opinion take bet advice request fear excuse mistake apologies day week life
    wife husband partner spouse son daughter kid kids child children mother mom mum father dad
    parent parents brother sister friend friends colleague colleagues coworker coworkers boss
    manager client clients customer customers doctor family team project company org
    organisation organization repo repository codebase name-sake
"""))
_FUNCTION_WORDS = frozenset(re.findall(r"\S+", """
    a an the this that these those to of in on for with and or but not no at by from as it its
    is are was were be been being has have had do does did will would can could should
"""))


# Who can have a home: "Lives in Lisbon", "I'm based in Berlin", "We moved to Porto" -- not "the
# project's docs live in Confluence" or "flags live in LaunchDarkly".
_RESIDENT = re.compile(
    r"(?:(?:i|i'm|i am|we|we're|we are|the user|user|the user is|user is|he|she|they|he's|she's"
    r"|they're|my family and i)(?: (?:now|currently|still|also|mostly|actually|all))?)?\s*",
    re.IGNORECASE)


def _reads_as(name: str, found: re.Match[str], text: str,
              topics: list[tuple[str, re.Match[str]]]) -> bool:
    """Whether a topic's trigger means that topic here (a lexicon word can name another
    thing): where someone lives needs someone as the subject, and a place's clock ("based in
    Berlin time") is a timezone, not a home."""
    if name != "home_city":
        return True
    if not _RESIDENT.fullmatch(text[: found.start()]):
        return False
    return not any(other == "timezone" and clock.start() > found.start()
                   for other, clock in topics)


def _named_attribute(text: str, scope_levels: Mapping[str, str]) -> tuple[str, str] | None:
    """(entity, attribute) for a statement that names its own attribute (``_NAMED``)."""
    match = _NAMED.match(text)
    if not match:
        return None
    words = match["noun"].lower().split()
    marked = bool(match["mark"]) or (len(words) > 1 and words[-1] in ("preference", "pref"))
    if marked and not match["mark"]:
        words = words[:-1]  # "my seat preference": the seat preference
    if (set(words) & _FUNCTION_WORDS or words[-1] in _NOT_ATTRIBUTES
            or words[0] in _NOT_ATTRIBUTES or _OTHER_PERSON.search(text.lower())):
        return None
    who = (match["who"] or "my").lower()
    if who == "our":
        level = next((g for g in _GROUPS if scope_levels.get(g)), None)
    else:
        level = _WHO_LEVEL[who]
    if level is None or not scope_levels.get(level):
        return None
    name = "_".join(words)
    if marked:
        name = f"preferred_{name}"
    attribute = canonical_attribute(name, match["value"])
    if not marked and attribute != stem(name):
        # Only a preference is read through the synonyms: "my flight is at 9" is a booking,
        # not the flight preference, and "my seat is 14C" not the seat preference.
        return None
    return scope_levels[level], attribute


def _entity_level(
    text: str, scope_levels: Mapping[str, str], attribute: str, *, opens_with_topic: bool
) -> str | None:
    """The scope level a statement is about, or None when it is someone else or unclear."""
    lowered = text.lower()
    if _OTHER_PERSON.search(lowered):
        return None
    named = _named_levels(lowered, scope_levels if attribute in _PROCESS_TOPICS else {})
    if "group" in named:  # "we", "our": the most specific group, unless one is named as well
        named.discard("group")
        group = next((g for g in _GROUPS if scope_levels.get(g)), None)
        if not named and group:
            named.add(group)
        elif not named:
            return None
    if named:
        if len(named) > 1 or not scope_levels.get(next(iter(named))):
            return None  # two subjects ("I think our team..."), or one this scope does not have
        return next(iter(named))
    if not (opens_with_topic or text.split()[0].lower().rstrip(",:") in _OPENERS):
        return None  # opens with a word that may be someone's name: "Alice prefers email"
    order = _GROUPS if attribute in _PROCESS_TOPICS and opens_with_topic else _SPECIFICITY
    return next((lvl for lvl in order if scope_levels.get(lvl)), None) or next(
        (lvl for lvl in _SPECIFICITY if scope_levels.get(lvl)), None
    )


def _named_levels(lowered: str, scope_levels: Mapping[str, str]) -> set[str]:
    """Scope levels a statement names: by phrase ("our team", "the user") or by value ("payments"
    when project_id is payments). Values are looked for only in statements about how a group
    works: elsewhere a value is an object ("works at Acme" is not about the org acme)."""
    named: set[str] = set()
    for level, value in scope_levels.items():
        words = " ".join(_NON_WORD.sub(" ", value.lower()).split())
        if len(words) >= 3 and re.search(rf"\b{re.escape(words)}\b", lowered):
            named.add(level)
            lowered = lowered.replace(words, " ")
    for level, pattern in _NAMED_LEVELS:
        if pattern.search(lowered):
            named.add(level)
            lowered = pattern.sub(" ", lowered)
    return named
