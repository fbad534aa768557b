"""Gate rule 2: what a sentence's verbs and opening say, for the durable veto.

memcurator.transient_durable keeps a candidate whose shape is durable; these are the verb shapes
it reads: a present-tense third-person verb ("merges", "runs"), verbs of reaction and of the
moment ("looks", "says", "shows"), a definition ("X is the app that posts ..."), and the speaker
narrating their own action in the moment ("let me pull up ...", "I'm opening ... now"), which
lifts the topic words of a task ("deadline", "owns", "leave") from the veto.  Pure standard
library, no I/O.
"""

from __future__ import annotations

from itertools import pairwise

__all__ = ["REACTIONS", "TOPIC_CUES", "defines", "narrated_action", "present_s"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_SELF = _words("i we")


def _ing(word: str) -> bool:
    return len(word) > 4 and word.endswith("ing")


_AUX = _words("is was has does isn't wasn't hasn't doesn't keeps")


def present_s(word: str) -> bool:
    """A present-tense third-person verb: "merges", "runs", "follows" (not "is", "was", "has")."""
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss") and word not in _AUX


# Verbs of reaction and of the moment: "Looks good", "Sounds great", "Works now".
REACTIONS = _words(
    """
    looks sounds seems feels appears works makes means says shows happens checks loads goes gets
    helps counts depends thanks cheers kudos congrats regards apologies oops yikes yes guess
    lots details news pls thnx thx
    """
)
# Cue words that name what a task is about rather than how someone lives or what always holds:
# "Let me check the filing deadline", "I'm pulling up the leave request form now", "Let me see
# who owns that lead".  When the sentence narrates the speaker's own action in the moment they no
# longer keep it (the learned score decides); every other cue word, a personal fact, a habit, a
# condition or a standing request still does.
TOPIC_CUES = _words(
    """
    deadline deadlines due policy rule rules owns uses user user's users job jobs leave visa
    passport weekly daily monthly nightly annually quarterly default employer
    """
)
# What opens the speaker's narration of their own action: "okay, let me ...", "I'm ... now".
_ACT_OPENERS = _words("ok okay alright right so now still just hmm um oh sure well first next")
_LET = _words("let lemme")
# "I'll be on leave in June", "I'll have ...": a plan or a state, not an action in the chat.
_NOT_ACTIONS = _words(
    "be have need want always never usually start stop keep take leave move get go know"
)
_SPEAKER_BE = _words("i'm we're")
_NOW_ANCHORS = _words("now rn atm")
_NOW_PAIRS = frozenset(["we speak", "right now", "this minute"])
# Verbs of a pursuit that lasts beyond the chat ("Training for a half marathon"): never narration.
_PURSUITS = _words(
    """
    learning studying training saving recovering expecting retiring moving working living
    looking searching hiring building writing planning dating teaching
    """
)


def narrated_action(tokens: list[str]) -> bool:
    """The speaker narrates their own action in the moment: the sentence opens (after "ok",
    "so" ...) on "let me <verb>", "I'll <verb>", or on "I'm <verb>-ing" or a bare "<verb>-ing"
    with "now" or "as we speak" later in it.  Pursuits that last ("I'm training for ...") never
    count."""
    start = 0
    while start < len(tokens) - 2 and tokens[start] in _ACT_OPENERS:
        start += 1
    head = tokens[start : start + 3]
    if len(head) < 2:
        return False
    if head[0] in _LET:
        verb = head[1] if head[0] == "lemme" else head[2] if head[1] == "me" else ""
        return bool(verb) and verb not in _NOT_ACTIONS
    if head[0] == "i'll":
        return head[1] not in _NOT_ACTIONS and not head[1].endswith(("ly", "ing"))
    if head[0] in _SPEAKER_BE:
        verb = head[1]
    elif head[0] in _SELF and head[1] in ("am", "are"):
        verb = head[2] if len(head) > 2 else ""
    else:
        verb = head[0]
    if not (_ing(verb) and verb not in _PURSUITS):
        return False
    rest = tokens[start + 1 :]
    pairs = {a + " " + b for a, b in pairwise(rest)}
    return not _NOW_ANCHORS.isdisjoint(rest) or not _NOW_PAIRS.isdisjoint(pairs)


_RELATIVES = _words("that which who")
_COPULAS = _words("is are")


def defines(tokens: list[str]) -> bool:
    """A definition: "X is the Slack app that posts outage apologies", "Dana is the one who owns
    billing": a copula, then a relative clause in the simple present, which states what something
    does in general, not on this occasion."""
    if _COPULAS.isdisjoint(tokens) or _RELATIVES.isdisjoint(tokens):
        return False
    seen_copula = False
    for i, token in enumerate(tokens[:-1]):
        seen_copula = seen_copula or token in _COPULAS
        after = tokens[i + 1]
        if seen_copula and token in _RELATIVES and present_s(after) and after not in REACTIONS:
            return True
    return False
