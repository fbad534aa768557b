"""The closed word classes of rule 2's learned stage (``memcurator.transient_learned``): the
shapes that make a sentence chatter rather than its exact words (an in-flight gerund, "right
now", a request for patience, a pointer into the chat, the speaker's next step, progress,
well-wishing, apologies and thanks), each a class described by meaning, and how each shape
reads in a log reason. Data only; standard library.
"""

from __future__ import annotations

import re

__all__ = [
    "GERUND_COMPOUNDS",
    "_APOLOGY",
    "_BE",
    "_BE_ADVERBS",
    "_DETERMINERS",
    "_FINITE",
    "_FIRST_PERSON",
    "_ING_NOUNS",
    "_ING_PREFIXES",
    "_LABELS",
    "_MAX_LABEL_WORDS",
    "_NEXT_PAIRS",
    "_NEXT_WORDS",
    "_NOW_PAIRS",
    "_NOW_WORDS",
    "_OPENERS",
    "_PATIENCE_PAIRS",
    "_POINTER_PAIRS",
    "_POINTER_WORDS",
    "_PROGRESS_UNITS",
    "_RECENT_PAIRS",
    "_RECENT_WORDS",
    "_SUBORDINATORS",
    "_THANKS",
    "_WISH",
]


def _words(text: str) -> frozenset[str]:
    """A closed word class written as prose-like lines, which read better than many quotes."""
    return frozenset(text.split())


# Gerunds that open a noun compound, not an action: "Checking account on file", "Running shoes
# size 44".  Both stages consult it (memcurator.transient too).
GERUND_COMPOUNDS = frozenset(
    " ".join(pair.split())
    for pair in """
    checking account, savings account, running shoes, walking boots, hiking boots, swimming pool,
    parking spot, parking space, parking lot, parking permit, boarding pass, meeting room,
    waiting list, waiting room, mailing list, shopping list, cooking class, living room,
    dining room, sleeping bag, washing machine, training plan, booking reference, loading dock
    """.split(",")  # noqa: SIM905 - pairs, not words
)
# A gerund opening a clause with no finite verb after it is the speaker's in-flight narration
# ("Pulling the logs now"); one with a finite verb is a durable generalisation ("Running the tests
# requires Docker").  These finite forms are the common ones; an -s verb is caught by shape.
_FINITE = _words(
    """
    is are was were has have had does do did can can't cannot will won't would should could
    may might must needs takes causes makes breaks fails requires means helps works costs
    isn't aren't wasn't doesn't don't
    """
)
_SUBORDINATORS = _words(
    """
    whether if why what where how to that which who when until so
    """
)
_OPENERS = _words(
    """
    ok okay alright so now still just currently also and then right well hmm um oh sure
    """
)
_MAX_LABEL_WORDS = 6
# Words ending in "-ing" that are nouns, never an action: "Morning person", "Nothing urgent".
_ING_NOUNS = _words(
    """
    morning mornings evening evenings nothing something anything everything thing things string
    strings spring ring king wing ceiling wedding sibling siblings during pudding offspring
    """
)
# Determiners: a word ending in "s" before one is a verb ("Restarting the cache drops all
# sessions"), not a plural noun ("Pulling the logs for the incident").
_DETERMINERS = _words("the a an all every any some its their your our my this these those no")
# Prefixes written with a hyphen before a gerund ("Re-running the query", "Cross-checking ...").
_ING_PREFIXES = _words("re double cross pre co")
# Shape features are looked up in the sets of words and word pairs the scorer builds anyway: the
# gate scores tens of thousands of candidates a second, and a dozen regex searches cost more than
# the whole model.  Each set is a closed class described by meaning, not a list of examples.
_NOW_WORDS = _words(
    """
    now currently rn atm presently
    """
)
_NOW_PAIRS = frozenset(["we speak", "the moment", "so far", "right now"])
_PATIENCE_PAIRS = frozenset(
    [
        "one sec",
        "a sec",
        "a second",
        "a moment",
        "a minute",
        "few minutes",
        "hang tight",
        "hang on",
        "hold on",
        "bear with",
        "give me",
        "be right",
        "you shortly",
        "few mins",
    ]
)
_POINTER_WORDS = _words(
    """
    above below earlier upthread attached highlighted bolded screenshot
    """
)
_POINTER_PAIRS = frozenset(
    [
        f"{who} {verb}"
        for who in ("you", "i", "just")
        for verb in (
            "sent",
            "pasted",
            "shared",
            "attached",
            "mentioned",
            "forwarded",
            "posted",
            "linked",
            "uploaded",
            "highlighted",
            "wrote",
            "said",
        )
    ]
    + [
        "you just",
        "previous message",
        "last message",
        "this chat",
        "this thread",
        "my screen",
        "your screen",
        "my end",
        "my side",
    ]
)
_NEXT_WORDS = _words(
    """
    lemme let's i'll we'll gonna
    """
)
_NEXT_PAIRS = frozenset(["let me", "let us", "i will", "about to", "going to"])
_BE = _words(
    """
    is are am i'm im we're they're it's that's he's she's what's there's
    """
)
_BE_ADVERBS = _words(
    """
    still currently now just also
    """
)
_FIRST_PERSON = _words(
    """
    i'm im we're
    """
)
_PROGRESS_UNITS = _words(
    """
    minute minutes min mins second seconds sec secs moment moments
    """
)
_RECENT_WORDS = _words(
    """
    yet anymore
    """
)
_RECENT_PAIRS = frozenset(["just now", "minute ago", "moment ago", "sec ago", "second ago"])
# Well-wishing and greeting openers: pleasantries that hold no proposition ("Enjoy the
# sunshine!").  "happy to" is left out: "Happy to take a layover ..." is a preference.
_WISH = re.compile(
    r"(?:hope|hoping|enjoy|have an? (?:good|great|nice|lovely|safe|wonderful)|good luck"
    r"|best of luck|happy (?!to )\w+|stay (?:safe|warm|dry|cool)|safe travels|congrat\w*|welcome"
    r"|merry|nice (?:talking|chatting|meeting|to)|great (?:talking|chatting|to)|good to"
    r"|lovely to)\b"
).match

# Apologies and thanks are about the exchange itself ("Apologies for the inconvenience").
_APOLOGY = _words("sorry apologies apologize apologise apology sry oops")
_THANKS = _words("thanks thank thx ty appreciated cheers")

# How a structural feature reads in a reason.
_LABELS = {
    "s:gerund_open": "opens on an in-flight action",
    "s:first_person_ing": "first-person progressive",
    "s:first_person_next": "speaker's next step",
    "s:now": "right now",
    "s:patience": "asks for patience",
    "s:pointer": "points into the chat",
    "s:question": "question back",
    "s:wish": "pleasantry",
    "s:apology": "apology",
    "s:thanks": "thanks",
    "s:progressive": "something under way",
    "s:progress": "progress of something in flight",
    "s:recent": "just happened",
}


