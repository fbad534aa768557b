"""Gate rule 2, rule stage: the courtesies of a conversation, whatever they are about.

An apology for the speaker's own slip ("Sorry, I pasted the wrong file", "Apologies for the
wall of text"), a wish with no one's news in it ("Have a lovely weekend!", "Hope your week's
going well"), a reaction that only rates what was just said ("nooo that's awful", "okay that
is hilarious"). Like ``memcurator.transient_inflight`` these are frames: the slip, the day or
the thing rated is free; what is closed is the frame and the words that may fill it.

What it never takes: a sentence with a word of a standing rule or a habit, the speaker's own
life ("my" outside "my bad", "my mistake", "my earlier answer"), or news of the listener's
("Good luck with the adoption!", "Congrats on the new job", "Hope the move went well" are
kept: in a conversation between friends they are how a fact comes up). Pure standard
library, no I/O.
"""

from __future__ import annotations

import re
from itertools import pairwise

from memcurator.transient_inflight import OPENERS, POINTING, SPANS, STANDING_OR_STATE

__all__ = ["conversation_move", "courtesy", "may_be_courtesy"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_LASTING = _words(
    """
    always never every each whenever usually often sometimes until unless must should need
    needs prefer prefers allergic allergy policy rule rules default daily weekly monthly
    mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends since ago year
    years month months started moved born
    """
)
_INTERJECTIONS = _words(
    """
    oh ah ahh aw aww awww omg wow whoa woah ugh oof yikes phew nooo noo no yay woo woohoo
    haha hahaha lol lmao lmaooo dang damn geez jeez gosh bro dude man okay ok well oops
    whoops hmm ooh oooh welp meh seriously honestly
    """
)
_SORRY = _words("sorry apologies apologize apologise oops whoops")
_MY_OK = _words("bad mistake apologies earlier last previous answer reply message fault")
# The speaker's own slip in the chat.
# Slips in the chat itself: no word of a life ("accident", "trouble", "wait", "caught",
# "skipped" are also "Sorry, I was in a car accident", "Sorry, caught pneumonia").
_SLIPS = _words(
    """
    wrong typo typos mistake mix-up mixup pasted misread misspoke misunderstood garbled
    mistakenly confusion delay inconvenience rambling wall back-and-forth
    """
)
# A subject and its verb after the apology: news follows ("sorry typo I live in Austin",
# "sorry for the delay I work nights", "oops my mistake im in sydney").
_SUBJECTS = _words(
    """
    im i'm i've we we're we've it's its our ours mine he's she's they're he she they is are am
    was were live work go have has use using moved
    """
)
_APOLOGY_WORDS_MAX = 7
_SLIP_VERBS = _words("pasted misread misspoke mixed misunderstood meant typed sent hit gave")
_WISH_OPENERS = (
    ("have", "a"), ("hope", "you"), ("hope", "you're"), ("hope", "your"), ("hope", "all"),
    ("hope", "everything"), ("happy",), ("enjoy", "the", "rest"), ("enjoy", "your"),
    ("stay", "warm"), ("stay", "safe"), ("stay", "dry"), ("stay", "cool"), ("welcome", "aboard"),
    ("welcome", "back"), ("nice", "talking"), ("nice", "chatting"), ("nice", "speaking"),
    ("great", "talking"), ("great", "chatting"), ("always", "a", "pleasure"), ("long", "time"),
    ("good", "morning"), ("good", "afternoon"), ("good", "evening"), ("good", "night"),
    ("greetings",), ("cheers",), ("take", "care"), ("talk", "soon"), ("speak", "soon"),
)  # fmt: skip
# What a wish may be about: the day, the season, the listener's well-being.
_WISH_WORDS = _words(
    """
    a an the your you you're yours and to all is well good great lovely nice wonderful fantastic
    relaxing restful safe warm dry cool smooth smoothly going day days weekend week evening
    morning afternoon night one rest holiday holidays new year friday monday tuesday wednesday
    thursday saturday sunday christmas thanksgiving easter diwali eid hanukkah
    aboard back talking chatting speaking with pleasure long time no see chat talk there out
    feel feeling better soon staying having doing everything ok okay fine treating
    care speak always so much everyone today tonight again hope happy have enjoy stay
    welcome greetings cheers take nice good of
    """
)
_RATINGS = _words(
    """
    awful hilarious annoying crazy cute wild amazing insane great terrible horrible brutal
    funny adorable sad wholesome weird nuts bonkers unreal lovely beautiful gorgeous scary
    frustrating ridiculous perfect brilliant incredible impressive rough harsh fair tough
    cool neat sweet rude savage iconic worst best huge tragic classic nice good bad fun
    """
)
_RATING_FILLERS = _words(
    "that's that is it's it was so really totally pretty kinda kind of such a an the what how "
    "very just absolutely honestly actually too news"
)


def courtesy(tokens: list[str], text: str = "") -> str | None:
    """An apology for a slip, a wish or a reaction with nothing lasting and no one's news in it
    (``tokens`` of the sentence ``text``): its kind and words, else None."""
    if not tokens or not _LASTING.isdisjoint(tokens):
        return None
    return _apology(tokens, text) or _wish(tokens) or _reaction(tokens)


def _apology(tokens: list[str], text: str) -> str | None:
    start = 0
    while start < len(tokens) - 1 and tokens[start] in _INTERJECTIONS - _SORRY:
        start += 1
    head = tokens[start : start + 2]
    opened = bool(head) and head[0] in _SORRY
    opened = opened or head in (["my", "apologies"], ["i", "apologize"], ["i", "apologise"],
                                ["my", "bad"])  # fmt: skip
    if not opened or len(tokens) > _APOLOGY_WORDS_MAX or not _SUBJECTS.isdisjoint(tokens):
        return None
    for i, token in enumerate(tokens):
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token == "my" and following not in _MY_OK:
            return None
        if token == "i" and following not in _SLIP_VERBS:  # not "sorry wrong size I wear a 10"
            return None
    if not _each_part_a_slip(text) or not _nothing_after_the_slip(tokens):
        return None
    if "for" in tokens[start : start + 4]:
        after = tokens[tokens.index("for", start) + 1 :]
        named = 1 <= len(after) <= 5 and after[0] in ("the", "that", "this", "any", "all", "my")
        if named and not _SLIPS.isdisjoint(after):  # not "Sorry for the broken English"
            return "an apology ('" + " ".join(tokens[start : start + 2]) + "')"
    if not _SLIPS.isdisjoint(tokens) or ("send", "too") in pairwise(tokens):
        return "an apology for a slip ('" + " ".join(tokens[start : start + 2]) + "')"
    return None


_WISH_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _opening in _WISH_OPENERS:
    _WISH_BY_FIRST.setdefault(_opening[0], []).append(_opening)


_PART = re.compile(r"[,:]\s+|\s+[-\u2013\u2014]\s+|\.\.+\s*")
_WORD = re.compile(r"[\w']+")


def _each_part_a_slip(text: str) -> bool:
    """After the apology, each comma-joined part names the slip or is only interjections:
    "Sorry, I pasted the wrong file" is one; "sorry for the late reply, been swamped since
    I started at the clinic" carries news after its apology."""
    parts = [p for p in _PART.split(text.lower()) if p.strip(" .!?")]
    for part in parts[1:]:
        words = _WORD.findall(part)
        if _SLIPS.isdisjoint(words) and not set(words) <= _INTERJECTIONS | _SORRY:
            return False
    return True


_AFTER_SLIP = _words(
    "earlier there again everyone all in on my last message above before here that this it "
    "the of text file link one sorry oops about"
)


def _nothing_after_the_slip(tokens: list[str]) -> bool:
    """After the last slip word only words of the chat: "Sorry for the typo earlier", not
    "sorry typo Austin not Boston" or "sorry for the delay night shifts"."""
    last = max((i for i, t in enumerate(tokens) if t in _SLIPS), default=len(tokens))
    return all(t in _AFTER_SLIP for t in tokens[last + 1 :])


def _wish(tokens: list[str]) -> str | None:
    for opening in _WISH_BY_FIRST.get(tokens[0], ()):
        if tuple(tokens[: len(opening)]) == opening:
            if all(t.removesuffix("'s") in _WISH_WORDS for t in tokens) and len(tokens) <= 10:
                return "a wish ('" + " ".join(opening) + "')"
            return None
    return None


_REACTION_WORDS = 7


def _reaction(tokens: list[str]) -> str | None:
    if len(tokens) > _REACTION_WORDS:
        return None
    rated = [t for t in tokens if t in _RATINGS]
    rest = [t for t in tokens if t not in _RATINGS and t not in _INTERJECTIONS]
    if rated and all(t in _RATING_FILLERS for t in rest) and rest[:1] != ["the"]:
        return "a reaction ('" + " ".join(tokens[:4]) + "')"
    return None


_APOLOGY_WORDS = _SORRY | _words("apologies apologize apologise bad")


def may_be_courtesy(tokens: list[str]) -> bool:
    """Whether ``tokens`` could be a courtesy (a cheap test first): an apology's word, a wish's
    opening, or a rating in a sentence short enough to be a reaction."""
    return bool(tokens) and (
        tokens[0] in _WISH_BY_FIRST
        or not _APOLOGY_WORDS.isdisjoint(tokens)
        or (len(tokens) <= _REACTION_WORDS and not _RATINGS.isdisjoint(tokens))
    )


# A move of the conversation itself: "Let's start with the easiest one", "Switching gears to
# the travel plans", "Moving on to the second draft", "That covers the first question".
_LETS_MOVES = frozenset(
    [("start", "with"), ("move", "on"), ("circle", "back"), ("park", "that"), ("park", "this"),
     ("come", "back"), ("get", "back"), ("turn", "to"), ("switch", "gears"), ("wrap", "up"),
     ("go", "through"), ("go", "over"), ("focus", "on"), ("look", "at"), ("tackle", "the"),
     ("pick", "up"), ("take", "these"), ("take", "them"), ("begin", "with"), ("dive", "in"),
     ("dive", "into"), ("jump", "in"), ("jump", "into"), ("do", "the"), ("try", "the")]
)  # fmt: skip
_MOVES = frozenset(
    [("moving", "on"), ("switching", "gears"), ("circling", "back"), ("next", "up"),
     ("on", "to"), ("onto", "the"), ("that", "covers"), ("that", "wraps"), ("that", "answers"),
     ("that", "settles"), ("that", "takes"), ("one", "down"), ("before", "we"),
     ("to", "your"), ("back", "to"), ("coming", "back"), ("getting", "back")]
)  # fmt: skip
_NOT_POSSESSIVE = _words("let's that's it's here's what's there's who's how's")
_MOVE_LASTING = STANDING_OR_STATE - _words("before is are was")
_DISCUSSED = _words(
    """
    question questions point points section item items topic follow-up followup list
    """
)


_ORDINALS = _words("the first second third last next other earlier your my that this these those")


def _about_the_talk(rest: list[str]) -> bool:
    """The words after a move name only the talk: "to the second point", "to your question",
    "that"; not "the questions about the IEP", "the list of preschools"."""
    if rest[:1] and rest[0] in ("to", "on", "onto", "with", "at"):
        rest = rest[1:]
    if not rest:
        return True
    if all(t in POINTING for t in rest):
        return True
    last = max((i for i, t in enumerate(rest) if t in _DISCUSSED), default=-1)
    return last >= 0 and all(t in _ORDINALS or t in _DISCUSSED for t in rest[: last + 1]) and (
        all(t in POINTING or t in _ORDINALS for t in rest[last + 1 :])
    )


def conversation_move(tokens: list[str]) -> str | None:
    """A move of the conversation itself, with nothing lasting in it: the words that showed
    it, else None."""
    if not tokens or not _MOVE_LASTING.isdisjoint(tokens) or "my" in tokens:
        return None
    possessive = any(t.endswith(("'s", "s'")) and t not in _NOT_POSSESSIVE for t in tokens)
    if not SPANS.isdisjoint(tokens) or not _SUBJECTS.isdisjoint(tokens) or possessive:
        return None  # "To your question we're Catholic", "Back to your question we rent ..."
    start = 0
    while start < len(tokens) - 1 and tokens[start] in OPENERS and tokens[start] != "next":
        start += 1
    head = tuple(tokens[start : start + 3])
    if head[:1] == ("let's",) and head[1:3] in _LETS_MOVES:
        rest = tokens[start + 3 :]
        if not rest or _about_the_talk(rest):
            return " ".join(head)  # not "Let's focus on Python roles"
        return None
    if head[:2] in _MOVES:
        # "back to school", "on to Lisbon", "Switching gears to nursing": only about what was
        # being discussed, or nothing after the move
        rest = tokens[start + 2 :]
        about = _about_the_talk(rest)
        if rest and not about and "wrap" not in tokens and head[:2] != ("next", "up"):
            return None
        return " ".join(head[:2])
    return None
