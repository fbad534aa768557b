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
    "_DAY_PAIRS",
    "_DAY_WORDS",
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
    "_OFFER_PAIRS",
    "_OPENERS",
    "_PATIENCE_PAIRS",
    "_POINTER_PAIRS",
    "_POINTER_WORDS",
    "_PRESENT_HEADS",
    "_PRESENT_OPENINGS",
    "_PROGRESS_UNITS",
    "_RECENT_PAIRS",
    "_RECENT_WORDS",
    "_SCREEN_WORDS",
    "_SUBORDINATORS",
    "_THANKS",
    "_WAIT_VERBS",
    "_WISH",
    "reaction",
    "squeeze",
    "waits",
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

# A reaction: a short sentence carried by an interjection ("oh dear", "nooo that's awful", "lol
# fair") or by an exclamation about what was just said ("that's so annoying", "what a relief").
# Letters repeated for effect ("nooo", "lmaooo") are squeezed to two before the look-up.
_INTERJECTIONS = _words(
    """
    oh ooh ohh ah ahh aw aww wow whoa woah ugh ugh oof ouch yikes yay huh hmm eek meh phew
    damn dang gosh geez jeez omg lol lmao rofl haha hah ha heh hehe lmfao welp yess nooo noo
    ew eww bah ooof yikes sheesh blimey crikey wowza woo woohoo hooray
    """
)
_EXCLAIMS = frozenset(
    [
        "that's so", "that is so", "that's such", "so annoying", "so cool", "so cute", "what a",
        "how cool", "how nice", "that sucks", "so sorry", "so funny", "too funny", "so good",
        "so weird", "that's wild", "that's crazy", "that's awful", "that's hilarious",
    ]
)
_REACTION_WORDS = 6
# The speaker presents what the reply or the screen holds: "Here's the receipt", "Below is a
# breakdown", "These are the timestamps from the log"; or names what is on the screen: "The
# output shows 3 failing tests", "The red line in the plot is last year's".
_PRESENT_OPENINGS = frozenset(
    ["these are", "this is", "those are", "that's the", "there's the", "here are", "here is"]
)
_PRESENT_HEADS = _words("here's here below attached")
_SCREEN_WORDS = _words(
    """
    output screenshot spinner banner popup pop-up preview traceback heatmap chart plot graph
    screen window tab console printout readout
    """
)
# Talk about the day rather than about anything that lasts: "The office is so quiet today".
_DAY_WORDS = _words("today tonight tmrw tomorrow")
_DAY_PAIRS = frozenset(["this morning", "this afternoon", "this evening", "this week"])
# An offer of more help, or asking whether to go on: "Want me to send it as a PDF?", "Feel free
# to ask", "Anything else I can check?".
_OFFER_PAIRS = frozenset(
    [
        "want me", "shall i", "should i", "feel free", "let me know", "anything else",
        "if needed", "if helpful", "if useful", "that helps", "reach out", "if you'd", "you like",
    ]
)


# "Hold on" and "hang on" ask for patience when they open the sentence and stand alone or before
# a span or the next step ("hold on, let me look", "hang on a sec"), not inside a note
# ("Litigation hold on Acme files").
_WAIT_VERBS = _words("hold hang")
_WAIT_NEXT = _words("a one just while let lemme i i'm im something please there")
_WAIT_OPENERS = _words("ok okay oh ah um hmm so wait right sorry")


def waits(tokens: list[str]) -> bool:
    """ "Hold on" or "hang on" asks for patience (see _WAIT_VERBS)."""
    for i, token in enumerate(tokens[:-1]):
        if (
            token in _WAIT_VERBS
            and tokens[i + 1] == "on"
            and (i == 0 or tokens[i - 1] in _WAIT_OPENERS)
            and (i + 2 == len(tokens) or tokens[i + 2] in _WAIT_NEXT)
        ):
            return True
    return False


def squeeze(word: str) -> str:
    """A word with letters repeated three times or more cut to two ("nooo" -> "noo")."""
    out: list[str] = []
    for ch in word:
        if len(out) >= 2 and out[-1] == out[-2] == ch:
            continue
        out.append(ch)
    return "".join(out)


def reaction(tokens: list[str], pairs: frozenset[str] | set[str]) -> bool:
    """A short reaction: an interjection among at most _REACTION_WORDS words, or an exclamation
    about what was just said."""
    if len(tokens) > _REACTION_WORDS:
        return False
    if not _EXCLAIMS.isdisjoint(pairs):
        return True
    return any(
        t in _INTERJECTIONS
        or squeeze(t) in _INTERJECTIONS
        or t.rstrip(t[-1]) + t[-1] in _INTERJECTIONS  # "wowww", "yesss", "lmaooo"
        or t.startswith(("haha", "lmao", "lol"))
        for t in tokens
    )


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
    "s:reaction": "reaction",
    "s:presenting": "presents the reply or the screen",
    "s:screen": "what the screen shows",
    "s:day": "about the day",
    "s:offer": "offers more help",
}


