"""Gate rule 2's veto: what makes a statement durable, so the learned stage never drops it.

The learned stage (memcurator.transient_learned) scores wording; a word that is common in chatter
("grab", "open", "changes", "plan") can outweigh the sentence's shape.  This veto looks at the
shape that makes a statement worth remembering, whatever its words, and keeps the candidate:

* a standing fact, habit or preference named by a word ("always", "prefers", "allergic" ...) or a
  pair ("works at", "would rather");
* a standing request made on the speaker's behalf: "... for me", "for my ...", "for us", as a
  statement, not a question back ("Plan around US holidays for me.");
* a standing rule with a condition: "If you grab coffee for me, get ...", "Whenever ...";
* a rule over everyone or nothing in the present tense: "Nothing merges here without two
  approvals", "Nobody pushes to main";
* a revision that says it holds from now on: "from now on", "going forward";
* a personal fact told in conversation: a relative or a pet, a life event, a span of a life
  ("two years ago", "next fall"), the speaker's feelings, a third person as the subject ("She
  just started second grade");
* a habit or an identity in the simple present, first person or owned: "I fly economy", "We ship
  on Thursdays", "My laptop runs macOS" (but not "I see", "I guess", "I found it": verbs of
  talking, thinking and the past tense describe the conversation or what just happened).

Chatter anchors in the moment (a progressive, "now", "just", "yet", a pointer into the chat); a
durable statement holds in general.  Each shape above is a form of the general, described by its
grammar rather than listed phrase by phrase.  Pure standard library, no I/O.
"""

from __future__ import annotations

import re
from itertools import pairwise

from memcurator.transient_verbs import REACTIONS as _REACTIONS
from memcurator.transient_verbs import TOPIC_CUES as _TOPIC_CUES
from memcurator.transient_verbs import defines as _defines
from memcurator.transient_verbs import narrated_action as _narrated_action
from memcurator.transient_verbs import present_s as _present_s

__all__ = ["durable_shape", "habit", "states_habit"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _pairs(text: str) -> frozenset[str]:
    """Word pairs written as one comma-separated line."""
    return frozenset(pair.strip() for pair in text.split(","))


# Words that state a habit, a rule, a preference or a standing fact about someone.  Any one of them
# keeps the candidate: these are the statements whose loss costs most, and chatter rarely needs
# them.  Chosen by meaning, not fitted to any example set.
_CUES = _words(
    """
    always never every everyday usually typically generally normally prefer prefers preferred
    preference favourite favorite allergic allergy allergies intolerant vegetarian vegan
    deadline deadlines due must mandatory required requires require policy rule rules owns
    lives lived born married birthday anniversary default forbidden allowed banned uses user
    user's users weekly daily monthly nightly annually quarterly job jobs career careers
    employer employed unemployed retired retiring pregnant pregnancy expecting leave
    sabbatical recovering diagnosed diet married divorce divorced engaged widowed kids
    children son daughter wife husband partner spouse parents moved based visa passport
    learning studying degree certified licensed fluent native speaks whenever nobody everyone
    everybody likes dislikes loves hates enjoys remote hybrid freelance freelancer
    """
)
# Weaker cues: a date or day, a scope over anyone or anything, a request on someone's behalf.
# They keep a candidate unless it is anchored in the moment ("the site is down for me right
# now", "nothing in the logs yet", "happy Friday!"), which a standing statement never is.
_WEAK_CUES = _words(
    """
    anyone anybody anything personally own january february march april june july august
    september october november december monday tuesday wednesday thursday friday saturday
    sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends
    """
)
# A personal fact told in conversation ("She just started second grade", "We had a beagle
# growing up", "The funeral is Saturday back in Vermont"): it names someone in the speaker's life,
# a life event, or a span of a life rather than of the chat.  Chatter is about the speaker's
# in-flight action, the screen and the talk itself; it has no use for these words, so any one of
# them keeps the candidate even when it also says "now" ("she's obsessed with horses right now").
# People of one's private life, and pets (spouses, children and parents are among _CUES):
_KIN = _words(
    """
    mom mum mommy mother dad daddy father sister sisters brother brothers sibling siblings
    cousin cousins niece nieces nephew nephews aunt aunts auntie uncle uncles grandma grandpa
    grandmother grandfather grandparents granddad grandkids grandson granddaughter nana in-laws
    boyfriend girlfriend fiance fiancé fiancee twins toddler baby babies stepdad stepmom
    stepson stepdaughter dog dogs cat cats puppy kitten pet pets
    hubby wifey kiddo kiddos bestie bff roommate roommates flatmate housemate neighbor
    neighbour neighbors neighbours coworker coworkers boss landlord landlady classmate
    classmates puppies kittens horse horses bunny rabbit hamster parrot vet
    """
)
# Health, a standing situation of a life: conditions, treatment, the people who give it.
_HEALTH = _words(
    """
    therapist therapy physio physiotherapy dentist chemo cancer diabetes diabetic asthma
    migraine migraines arthritis injury injured sprained fractured crutches knee ankle wrist
    hip shoulder medication meds prescription insulin anxiety depression adhd autism
    autistic deaf rehab sober sobriety ivf miscarriage newborn
    """
)
# Events of a life told in the past ("we adopted him", "I quit in March") and pursuits that fill
# one (hobbies nobody narrates as an in-flight action of an assistant).
_EVENTS = _words(
    """
    adopted adopting hired fired quit quitting resigned relocated relocating proposed eloped
    died hometown neighborhood neighbourhood kindergarten preschool daycare retirement church
    yoga pilates guitar piano violin drums ukulele knitting crochet gardening hiking camping
    fishing surfing climbing bouldering skiing snowboarding pottery watercolor watercolors
    proud
    """
)
# Numbers of years: an age or a span of a life ("six years", "<num> years old").
_NUMBER_WORDS = _words(
    """
    <num> two three four five six seven eight nine ten eleven twelve fifteen twenty thirty
    forty fifty few several many
    """
)
# Events and stages of a life, and its places: what a personal fact is about.
_LIFE = _words(
    """
    wedding funeral graduation graduated school college university orientation semester grade
    apartment garden vacation honeymoon marathon surgery hospital single dating breakup hobby
    hobbies club concert yearly promoted promotion
    """
)
# Spans of a life rather than of the conversation ("two years ago", "next fall", "growing up").
_LIFE_SPANS = frozenset(
    [
        f"{when} {season}"
        for when in ("last", "next", "this")
        for season in ("spring", "summer", "fall", "autumn", "winter", "year", "weekend")
    ]
    + [
        "years ago",
        "months ago",
        "year ago",
        "month ago",
        "growing up",
        "for years",
        "all week",
        "last weekend",
    ]
) | _pairs(
    "this year, next year, last month, next month, first date, high school, grad school, once a, "
    "twice a, times a, passed away, gave birth, laid off, my friend, my friends, best friend, "
    "a friend, our friends, back home, year old, years old, months old"
)
# The speaker's own feelings ("Exactly how I feel about it"): chatter reports actions, not these.
_FEELINGS = frozenset(
    f"{who} {verb}"
    for who in ("i", "we")
    for verb in ("feel", "felt", "love", "loved", "miss", "missed", "hate", "hated", "adore")
) | frozenset(
    # talking to oneself is the speaker's inner life: "That's what I told myself"
    f"{verb} {self}"
    for verb in ("told", "tell", "telling", "remind", "reminded", "promised", "convinced")
    for self in ("myself", "ourselves")
)
# A third person as the subject: chatter narrates the speaker and the listener, a personal fact
# often someone else ("he made", "she can't").
_THIRD_PERSON = _words("he she he's she's he'll she'll he'd she'd him his her hers")
# Standing situations of a life named by two words ("still waiting on the green card", "the big
# news is we're moving").
_LIFE_PAIRS = _pairs(
    "green card, work permit, residence permit, we're moving, i'm moving, new job, can barely, "
    "can hardly, could barely"
)
_WEAK_PAIRS = frozenset(["for me", "for us", "for my", "for our"])
# A decision or a long-running pursuit, often a terse gerund ("Skipping the trade show", "Going
# with the blue logo", "Training for a triathlon"): weak cues, as narration of the moment says
# "now" ("Skipping that step for now").
_WEAK_CUES |= _words("skipping sunsetting deprecating decommissioning renovating remodeling")
_DECISION_PAIRS = _pairs(
    "going with, went with, sticking with, opting for, opted for, training for, saving for, "
    "saving up, phasing out"
)
# "since I was eight", "since <num>": a span of a life.
_SINCE_SUBJECTS = _words("i we you he she they")
_MOMENT = _words("now currently yet still just rn atm today tonight happy enjoy above upthread")
_MOMENT_PAIRS = _pairs(
    "the moment, right now, so far, on me, anything else, previous reply, previous message, "
    "last message, you sent, you shared, you pasted, you asked"
)
_BE = _words("is are am i'm we're it's that's keeps keep")
# A ticket or record id ("T-52", "INC-2041") names something with a life beyond the chat.
_RECORD_ID = re.compile(r"\b[a-z]{1,12}-\d+\b").search
# "Stop using emoji", "avoid calling me": asking for a habit to change is a standing request.
_HABIT_CHANGES = _words("stop quit avoid")
# Two-word cues of the same kind: employment, a standing willingness, a request on the speaker's
# behalf, a revision that holds from now on.
_PAIRS = frozenset(
    [
        "working for",
        "working at",
        "works at",
        "works for",
        "work at",
        "work for",
        "happy to",
        "willing to",
        "would rather",
        "i'd rather",
        "from now",
        "going forward",
        "no one",
        "suit me",
        "suits me",
        "works best",
        "work best",
    ]
)
# A condition opening a standing rule: "If you ...", "When I ...".  One on the conversation's own
# state ("if that works", "when you're ready") is not a rule; those subjects are left out.
_CONDITIONS = _words("if when once unless")
_CONDITION_SUBJECTS = _words("you i we my our someone anyone")
# "If you can, ...", "if you want, ...": an offer or a request for now, not a rule.
_CONDITION_OFFERS = _words("can could want like mind don't")
_CONDITION_MOMENTS = _words("ready done back free chance sec second minute moment")
# Subjects that quantify over everyone or nothing: with a present-tense verb they state a rule.
_NONE = _words("nothing none")
# Subjects of a habit or an identity.  "I" and "we" need a present-tense verb right after them
# (an adverb of frequency or scope may come between); "my"/"our" a noun and then an -s verb.
_SELF = _words("i we")
_OWNED = _words("my our")
_BETWEEN = _words("also only mostly mainly really usually often don't dont never rarely")
_OPENERS = _words("also and but oh ok okay so well yes yeah no btw fyi ps")
_HABIT_HEADS = _SELF | _OWNED | _OPENERS
_POINTERS = _words("you your it that this them these those")
# Verbs after "I"/"we" that describe the conversation, a thought or something just done, not a
# habit: talking, thinking, seeing, the past tense of common verbs, and auxiliaries.
_NOT_HABITS = _words(
    """
    see saw think thought guess mean meant know knew hope wonder agree understand suppose
    believe feel felt need want wanted get got found find sent did do does done made put said
    told left ran took had have has was were am are will would can could should may might
    shall just also still actually already tried try went came gave heard
    noticed realised realized realise realize figured forgot remember apologise apologize
    appreciate
    """
)
# Words ending in "s" that are not a plural subject, and the plain present verbs that follow one.
_NOT_PLURAL = _words("this thanks cheers yes is was has does its lets always perhaps thus plus us")
_PLAIN_PRESENT = _words(
    """
    go get need run take use come have are must should can cannot can't don't never always
    usually only live stay follow require expire renew ship close open start end cost
    """
)


_MODALS = _words("can can't cannot must should may won't will shall gets goes needs")


def _condition(tokens: list[str]) -> bool:
    """The sentence opens on a condition about someone, then states what to do."""
    if len(tokens) < 4 or tokens[0] not in _CONDITIONS or tokens[1] not in _CONDITION_SUBJECTS:
        return False
    if tokens[2] in _CONDITION_OFFERS:
        return False
    return _CONDITION_MOMENTS.isdisjoint(tokens[:6])


def _quantified(tokens: list[str]) -> bool:
    """ "Nothing merges ...", "None ships ...": a rule over everything, in the present."""
    return any(
        token in _NONE and (_present_s(after) or after in _MODALS)
        for token, after in pairwise(tokens)
    )


def _habit(tokens: list[str]) -> bool:
    """ "I fly economy", "We ship on Thursdays", "My laptop runs macOS".

    "I" or "we" must open the sentence (after openers such as "also", "oh"): inside it they sit
    in a clause about the moment ("while I look", "how can I help").  The verb must take an
    object or a complement that is not a pointer into the chat ("I hear you", "I sort it")."""
    start = 0
    while start < len(tokens) - 1 and tokens[start] in _OPENERS:
        start += 1
    first = tokens[start]
    if first in _SELF:
        j = start + 1
        while j < len(tokens) - 1 and tokens[j] in _BETWEEN:
            j += 1
        if j >= len(tokens):  # "I", "ok we": a pronoun alone states nothing
            return False
        verb = tokens[j]
        return (
            j + 1 < len(tokens)  # "I see." or "We do." alone is an answer
            and verb.isalpha()
            and verb not in _NOT_HABITS
            and not verb.endswith(("ed", "ing"))
            and tokens[j + 1] not in _POINTERS
        )
    if first in _OWNED:
        # "My timer says two minutes left", "my screen shows an error": what something reads or
        # shows in the moment, not a habit.
        return any(
            _present_s(verb) and verb not in _REACTIONS for verb in tokens[start + 2 : start + 4]
        )
    return False


# A label before a colon ("Update:", "I've changed my mind:", "T-52:") is at most this many words.
_MAX_LABEL_WORDS = 6
_TOKEN = re.compile(r"[a-z][a-z']*|\d+").findall


def _after_label(text: str) -> tuple[str, list[str]] | None:
    """The text after a short label and its words ("Update: I moved to Rotterdam"), or None."""
    head, colon, rest = text.partition(": ")
    if not colon or not rest or head.count(" ") >= _MAX_LABEL_WORDS:
        return None
    rest = rest.strip()
    return rest, ["<num>" if t[0].isdigit() else t for t in _TOKEN(rest)]


def durable_shape(text: str, tokens: list[str]) -> bool:
    """``tokens`` (of the lower-cased ``text``) state something durable, as a whole or after a
    short label (the label says a message revises something, not whether it is chatter)."""
    if not tokens:  # "[ ]", "(😀)": no word at all, so no shape
        return False
    if _shape(text, tokens):
        return True
    after = _after_label(text) if ": " in text else None
    return after is not None and bool(after[1]) and _shape(*after)


def _later_sentences(text: str) -> list[list[str]]:
    """The words of each sentence or comma-joined clause after the first ("Ooh nice. I keep
    saying I'll try it", "Ok cool thx, also i play on the NA server")."""
    for end in ("! ", "? ", ", "):
        text = text.replace(end, ". ")
    parts = text.split(". ")[1:]
    # Only a part opening on a subject or an opener can state a habit: tokenise only those.
    return [
        _TOKEN(p) for p in parts if p.lstrip().split(" ", 1)[0].strip("\"'(,.!?;:") in _HABIT_HEADS
    ]


def states_habit(content: str) -> bool:
    """``content`` states a habit or identity in the simple present, as a whole or after a label:
    the rules' one veto ("I also read Devanagari script")."""
    text = content.lower().replace("’", "'")
    if habit(_TOKEN(text)):
        return True
    after = _after_label(text) if ": " in text else None
    return after is not None and habit(after[1])


def _in_the_moment(tokens: list[str], pairs: set[str]) -> bool:
    """Anchored in the moment: "now", "yet", "at the moment", a progressive ("is throwing"), a
    pointer into the chat ("the chart above", "your previous reply"), or an offer of more ("anything
    else on Friday's order?")."""
    if not _MOMENT.isdisjoint(tokens) or not _MOMENT_PAIRS.isdisjoint(pairs):
        return True
    return any(a in _BE and b.endswith("ing") and len(b) > 4 for a, b in pairwise(tokens))


def _years(tokens: list[str]) -> bool:
    """A number of years ("two years", "<num> years", "a few years"), or a time since ("since I
    was eight", "since <num>"): a span of a life."""
    if ("years" in tokens or "decades" in tokens) and any(
        b in ("years", "decades") and a in _NUMBER_WORDS for a, b in pairwise(tokens)
    ):
        return True
    return "since" in tokens and any(
        a == "since" and (b == "<num>" or (b in _SINCE_SUBJECTS and c in ("was", "were")))
        for a, b, c in zip(tokens, tokens[1:], [*tokens[2:], ""], strict=False)
    )


def personal(tokens: list[str], pairs: set[str]) -> bool:
    """A fact about someone's life: a relative or a pet, health, a life event, a span of a life,
    the speaker's feelings, or a third person as the subject (see _KIN)."""
    return not (
        _PERSONAL_WORDS.isdisjoint(tokens)
        and _PERSONAL_PAIRS.isdisjoint(pairs)
        and not _years(tokens)
    )


# The classes above as one set of words and one of pairs: one look-up each.
_PERSONAL_WORDS = _KIN | _LIFE | _HEALTH | _EVENTS | _THIRD_PERSON
_PERSONAL_PAIRS = _LIFE_SPANS | _LIFE_PAIRS | _FEELINGS


def _shape(text: str, tokens: list[str]) -> bool:
    cues = _CUES.intersection(tokens)
    acting = _narrated_action(tokens)
    if cues and not (acting and cues <= _TOPIC_CUES):
        return True
    question = text.endswith("?")
    pairs = {a + " " + b for a, b in pairwise(tokens)}
    if personal(tokens, pairs):
        return True
    if not question and not _PAIRS.isdisjoint(pairs):
        return True
    weak = (
        not _WEAK_CUES.isdisjoint(tokens)
        or not _DECISION_PAIRS.isdisjoint(pairs)
        or (not question and not _WEAK_PAIRS.isdisjoint(pairs))
    )
    if weak and not _in_the_moment(tokens, pairs):
        return True
    if not _NONE.isdisjoint(tokens) and _quantified(tokens):
        return True
    if "-" in text and _RECORD_ID(text) and not acting:
        return True
    if not _HABIT_CHANGES.isdisjoint(tokens) and any(
        a in _HABIT_CHANGES and b.endswith("ing") for a, b in pairwise(tokens)
    ):
        return True
    if _condition(tokens) or habit(tokens) or _generic(tokens) or _defines(tokens):
        return True
    if not question and _standing_request(tokens):
        return True
    if _profile(tokens) and not _in_the_moment(tokens, pairs):
        return True
    # A habit may follow a reaction: "Ooh nice, swimming is so good. I keep saying I'll try it".
    return (". " in text or ", " in text) and any(habit(w) for w in _later_sentences(text))


def _generic(tokens: list[str]) -> bool:
    """A statement about a kind of thing in general, in the simple present: "Flags go through
    LaunchDarkly here", "Invoices get paid within 30 days".  The subject is a plural noun and a
    plain present verb follows it.  Chatter narrates one occasion instead."""
    first = tokens[0]
    if (
        len(tokens) > 3
        and first.endswith("s")
        and not first.endswith(("ss", "'s"))
        and first not in _NOT_PLURAL
    ):
        # "Tests are running": a progressive narrates one occasion
        return tokens[1] in _PLAIN_PRESENT and not _ing(tokens[2])
    return False


def _ing(word: str) -> bool:
    return len(word) > 4 and word.endswith("ing")


def habit(tokens: list[str]) -> bool:
    """A habit or identity in the simple present: "I fly economy", "My laptop runs macOS"."""
    return (
        bool(tokens)
        and (tokens[0] in _SELF or tokens[0] in _OWNED or tokens[0] in _OPENERS)
        and _habit(tokens)
    )


# What "give me" asks for when it asks for patience: a span of time ("give me two minutes").
_SPAN_WORDS = _words(
    "a an one two three four five six ten fifteen twenty thirty few couple of some just <num> more"
)
_TIME_UNITS = _words(
    """
    sec secs second seconds min mins minute minutes moment moments hour hours bit tick shout
    beat
    """
)


def _standing_request(tokens: list[str]) -> bool:
    """ "Give me two-paragraph summaries", "give me the question a day before": asking for a kind
    of answer is a standing request; asking for a span of time is stalling."""
    for i, (a, b) in enumerate(pairwise(tokens)):
        if a == "give" and b == "me":
            rest = [t for t in tokens[i + 2 :] if t not in _SPAN_WORDS]
            return bool(rest) and rest[0] not in _TIME_UNITS
    return False


_PROFILE_WORDS = 6
# Verbs after a plural subject ("Results look fine"): then the first word is a noun, not a verb.
_PLURAL_VERBS = _words("look seem were show showed loaded went came got look like")


def _profile(tokens: list[str]) -> bool:
    """A short statement about the user with the subject left out, opening on a present-tense
    verb: "Follows git-flow", "Plays chess", "Drives a Tesla" (as a profile note reads)."""
    first = tokens[0]
    return (
        1 < len(tokens) <= _PROFILE_WORDS
        and _present_s(first)
        and "'" not in first  # "that's", "here's", "scan's": a contraction or a possessive
        and first not in _REACTIONS
        and first not in _NOT_PLURAL
        and tokens[1] not in _BE
        and tokens[1] not in _PLAIN_PRESENT
        and tokens[1] not in _PLURAL_VERBS
    )
