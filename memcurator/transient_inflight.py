"""Gate rule 2, rule stage: the speaker narrating an action of the moment, and offers.

"Lemme grep the repo for it", "Re-running build 7731 on the staging box", "Checking ticket
#4411 for that signature": what makes these chatter is their frame, the speaker (or no one, in
a bare "-ing" opening) doing on this occasion one of the things only an assistant does at a
keyboard (grep, query, fetch, rerun, ping), on a thing pointed at ("it", "that", "them") or
named by an id. ``memcurator.transient_rules`` matches chatter whose every word talks about the
talk; this module matches the frame. Offers ("Would you like me to rephrase that?", "I could
reword it if that helps") are frames of the same kind.

Two adversarial reviews showed how much of this surface durable statements share ("I'm going to
open a bakery in Portland", "We're redoing the kitchen", "Let me check my blood sugar", "Looking
at 2019 Tacomas for the ranch", "I can draft the will if you want"), so it keeps:
* any verb outside the desk-only list (``_CORE``): a person plans, books, opens, calls, adds;
* a thing named rather than pointed at ("that condo in Oakland", "your resume"), unless an id;
* "my", "our", "usual", a possessive, a value ("to 44 Elm St", a long number), a date or a span
  of a life, "now that", "instead of", a word of a standing rule or a state ("any", "every",
  "always", "before", "is", "must", "for now");
* an "-ing" subject with a finite verb after it ("Restarting the router fixes the dropouts");
* the durable shapes of ``memcurator.transient_durable``, and any clause with content beside the
  frame (``transient`` judges each part after ";", ":", "," or a spaced dash).
Pure standard library, no I/O.
"""

from __future__ import annotations

import re
from itertools import pairwise

__all__ = [
    "NOW", "OPENERS", "PARTICLES", "POINTING", "SPANS", "STANDING_OR_STATE",
    "finite_after", "may_frame", "narrated_desk_action", "offer",
]  # fmt: skip


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# What may precede the frame: acknowledgements and adverbs of the moment.
_OPENERS = _words(
    "ok okay alright right so now still just hmm um oh sure well first next yes yep cool great "
    "got it understood perfect thanks then quickly currently again also and"
)
# Between the frame and the verb: "let me just quickly go ahead and pull ...".
_ADVERBS = _words("just quickly quick now also first go ahead and try to actually briefly real")
# The actions of an assistant at a desk, base forms ("pull", "re-run" is "re" + "run").
_DESK = _words(
    """
    check recheck look search query fetch grab pull load open reopen run rerun
    restart reboot reinstall reload refresh retry redo rebuild recalculate calculate compute
    simulate compare skim read scan grep review verify confirm
    validate inspect examine trace traceroute debug step reproduce test try ping message text
    email dial call phone escalate forward send resend upload download attach export import
    draft redraft rewrite rephrase reword edit update add append scale sort filter tally total
    sum count log kick spin queue reset clear flush purge deploy
    compile render replay rerender profile benchmark diff merge rebase patch apply roll rollback
    revert dig pop bring fire put jot note track chase sync investigate lookup analyse analyze
    summarise summarize tabulate crunch price quote estimate map plot graph chart lay format
    convert translate transcribe generate prepare prep assemble collect gather compile
    """
)
_IRREGULAR_ING = {
    "running": "run", "rerunning": "rerun", "putting": "put", "getting": "get",
    "mapping": "map", "plotting": "plot", "logging": "log", "dialling": "dial",
    "dialing": "dial", "dragging": "drag", "popping": "pop", "grabbing": "grab",
    "skimming": "skim", "scanning": "scan", "stepping": "step", "jotting": "jot",
    "prepping": "prep", "submitting": "submit", "tallying": "tally", "diffing": "diff",
    "patching": "patch", "messaging": "message", "texting": "text", "emailing": "email",
    "totalling": "total", "totaling": "total", "chasing": "chase", "tracing": "trace",
}
# The desk actions that are narration in an "-ing" opening too ("Checking the logs"). The rest
# of ``_DESK`` are also what a person does for days ("I'm reading the new Rooney", "Tracking my
# calories") or have idioms ("pulling up stakes", "pulling the plug", "digging into a hobby"):
# narration only after "let me", "I'll", "going to".
_CORE = _words(
    """
    check recheck look query fetch grab rerun reboot reinstall reload retry recalculate
    simulate skim scan grep verify debug reproduce ping dial resend upload download attach
    diff replay rollback revert lookup tabulate crunch flush purge requeue
    """
)
# Finite verbs after an "-ing" subject: "Loading the dashboard takes 30 seconds" is a fact.
_FINITE = _words(
    """
    takes costs causes holds lasts needs requires breaks fails means helps makes gives triggers
    returns times hangs crashes slows keeps saves fixes kills eats uses burns adds counts
    depends works goes happens leads results locks blocks resets clears wipes invalidates lands
    shows sends opens starts stops runs logs fires trips voids expires applies involves includes
    covers beats wins matters pays gets puts brings sets doesn't don't won't isn't aren't can't
    didn't never will would
    """
)
# A standing rule, a habit, a state, a condition or a plan: the sentence may be lasting.
_LASTING = _words(
    """
    any every each all always never usually often sometimes whenever once until unless before
    after must should shall can can't cannot could would may might need needs needed require
    requires required is are was were be been isn't aren't wasn't weren't am policy rule
    rules default daily weekly monthly nightly yearly annually quarterly mondays tuesdays
    wednesdays thursdays fridays saturdays sundays weekends weekdays mornings evenings nights
    prefer prefers want wants like likes love loves hate hates remember remind going-forward
    forward onwards from since ago only
    """
)
# A span of a life or a date ahead: lasting unless the sentence says it is happening now.
_SPANS = _words(
    """
    year years month months week weeks semester season weekend tomorrow tonight later next
    monday tuesday wednesday thursday friday saturday sunday january february march april
    june july august september october november december
    """
)
_NOW = _words("now rn atm")
_NOW_PAIRS = frozenset(
    ["we speak", "right now", "this minute", "this second", "one sec", "one moment", "for you",
     "real quick"]
)  # fmt: skip
_PARTICLES = _words("up into through over at on in out off back down")
_POINTING = _words("that this these those your it them")
_COPULAS = _words("is are was were has have")
_DEFINITE = _words("the")


def narrated_desk_action(tokens: list[str], text: str = "") -> str | None:
    """The frame and verb when ``tokens`` (one sentence ``text``, as
    ``transient_learned.tokens_of`` gives them) narrate a desk action of the moment ("let me
    pull", "checking"), else None."""
    if not tokens or not _LASTING.isdisjoint(tokens):
        return None
    start = 0
    while start < len(tokens) - 1 and tokens[start] in _OPENERS:
        start += 1
    found = _frame(tokens, start)
    if found is None or ("for", "now") in pairwise(tokens) or not _LIFE.isdisjoint(tokens):
        return None  # "Let me book our usual table", "my oncologist", "the kids' schedule"
    pairs = list(pairwise(tokens))
    # "now that we have a saltwater system", "now since ...": a change of a life, no anchor
    anchored = any(t in _NOW for t in tokens) and not any(
        a in _NOW and b in ("that", "since") for a, b in pairs
    )
    anchored = anchored or any(a + " " + b in _NOW_PAIRS for a, b in pairs)
    frame, verb, rest, progressive = found
    spoken = " ".join(rest).replace("as we speak", "")  # the one "we" of the moment
    if not _SUBJECT_AFTER.isdisjoint(spoken.split()):
        return None
    if not _SPANS.isdisjoint(tokens) or (not progressive and _VALUE.search(text)):
        return None  # a date, a record's value ("to 44 Elm St", "98KT4421"): lasting
    # "it", "that", "them" alone ("I'll look into it", "checking that now"), not "that condo
    # in Oakland" or "your resume": a thing named is news, a pointer is not
    pointed = _points_alone(rest)
    if verb == "call" and rest[:1] == ["it"]:
        return None  # "I'm going to call it quits"
    if not progressive and not (pointed or _identifier_next(text, verb)):
        return None  # "I'm going to open a bakery", "Let me look into freezing eggs"
    if progressive:
        if not (pointed or _identifier_next(text, verb)):
            return None  # "We're redoing the kitchen", "Looking at that condo in Oakland"
        if not anchored and _finite_after(rest):
            return None  # "Rebooting the modem resolves the slow WiFi"
    return f"{frame} {verb}".strip()


# The speaker's or someone's life: "my", "our", "usual", a possessive ("Mom's", "kids'").
_LIFE = _words("my our ours usual usually mine myself")
# A subject after the verb starts a clause of news: "Let me check it we have Aetna".
_SUBJECT_AFTER = _words("i im i'm we we're it's its they're he's she's")
# A value being recorded: a long number or an id, an address, "to <number>".
_VALUE = re.compile(
    r"\d{4,}|\b\d+\s+\w+\s+(?:st|street|ave|avenue|rd|road)\b|\bto\s+\d|'s\b|s'\s"
    r"|\b(?:over|above|under|below)\s+\$?\d|\bmyself\b",
    re.IGNORECASE,
)
_BARE = _words("it that this them those these")
_AFTER_POINTER = _words(
    "now again first up out over through for you real quick right away as we speak"
)


def _points_alone(rest: list[str]) -> bool:
    """A pointer with nothing named after it: "into it", "that now", "them for you"."""
    for i, token in enumerate(rest):
        if token in _BARE:
            return all(t in _AFTER_POINTER or t in _NOW for t in rest[i + 1 :])
    return False


def _identifier_next(text: str, verb: str) -> bool:
    """The word after ``verb`` in ``text`` is an identifier ("Opening PR #4182", "Reopening
    INC-5123", "Rerunning job 7731"), not a name ("Checking Zillow" is a habit too), a year or
    a form ("Looking at 2019 Tacomas", "Checking 1040 forms")."""
    found = re.search(r"(?i)\b" + re.escape(verb) + r"\s+(?:up\s+)?(\S+)(?:\s+(\S+))?", text)
    if found is None:
        return False
    first, second = found[1], found[2] or ""
    if _IDENTIFIER.fullmatch(first.rstrip(".,;:!?")):
        return True
    return first.lower() in _ID_NOUNS and bool(re.fullmatch(r"#?\d+[.,;:!?]?", second))


# "#4182", "INC-5123", "ch_3Nx8": not a time ("7:15"), a measure ("9mm") or a year.
_IDENTIFIER = re.compile(r"#\w+|[A-Za-z]+[-_]\w*\d\w*")
_ID_NOUNS = _words(
    "job ticket pr mr issue case order row line build run invoice incident panel slide commit "
    "page step batch record"
)


def _finite_after(rest: list[str]) -> bool:
    """A word after the object that reads as a finite verb: in ``_FINITE``, or ending in "-s"
    or "-ed" and not right after a determiner (a noun: "the logs")."""
    for before, word in pairwise(["", *rest]):
        if word in _FINITE or word in _COPULAS:
            return True
        if before in _DEFINITE or before in _POINTING or before == "<num>":
            continue
        if len(word) > 3 and (word.endswith("ed") or (word.endswith("s") and not
                                                      word.endswith(("ss", "us", "is")))):
            return True
    return False


def _frame(tokens: list[str], i: int) -> tuple[str, str, list[str], bool] | None:
    """(frame, verb, the words after the verb, whether the verb is an -ing form) or None."""
    head = tokens[i : i + 4]
    progressive = False
    if head[:2] == ["let", "me"] or head[:1] == ["lemme"]:
        frame, i = "let me", i + (1 if head[0] == "lemme" else 2)
    elif head[:1] == ["i'll"] or head[:2] == ["i", "will"]:
        frame, i = "I'll", i + (1 if head[0] == "i'll" else 2)
    elif head[:3] in (["i'm", "going", "to"], ["im", "going", "to"]) or head[:2] in (
        ["i'm", "gonna"], ["im", "gonna"]
    ):  # fmt: skip
        frame, i = "I'm going to", i + (3 if head[1] == "going" else 2)
    elif head[:1] == ["i'm"]:  # not "we're": "We're opening the Lisbon office" is news
        frame, i, progressive = "I'm", i + 1, True
    elif head[:4] in (["give", "me", "a", "sec"], ["give", "me", "a", "moment"],
                      ["give", "me", "a", "second"], ["give", "me", "a", "minute"]):  # fmt: skip
        frame, i = "give me a moment to", i + 4
        if tokens[i : i + 1] != ["to"]:
            return None
        i += 1
    else:
        frame, progressive = "", True
    while i < len(tokens) - 1 and tokens[i] in _ADVERBS:
        i += 1
    again = i < len(tokens) - 1 and tokens[i] in ("re", "double")  # "re-running", "double-checking"
    i += again
    if i >= len(tokens):
        return None
    word = tokens[i]
    base = _base(word) if progressive else word
    if again and base is not None and "re" + base in _DESK:
        base = "re" + base
    if base is None or base not in _CORE:
        return None  # "Let me add the bassinet to the booking", "I'll put 500 into it"
    rest = tokens[i + 1 :]
    if base == "check" and rest[:1] == ["with"]:  # "Let me check with the co-op board first"
        return None
    if base == "check" and rest[:1] in (["in"], ["out"]):  # checking in a bag, at a hotel
        return None
    if progressive and not _FINITE.isdisjoint(rest):
        return None
    if frame != "let me" and "my" in rest:  # "I'll call my sister": a plan of one's life
        return None
    while rest and rest[0] in _PARTICLES and len(rest) > 1 and rest[1] in _PARTICLES:
        rest = rest[1:]
    return frame, word, rest, progressive


def _base(word: str) -> str | None:
    """The base form of an -ing word ("checking" -> "check", "sorting" -> "sort"), if one."""
    if word in _IRREGULAR_ING:
        return _IRREGULAR_ING[word]
    if len(word) < 6 or not word.endswith("ing"):
        return None
    stem = word[:-3]
    if stem in _DESK:
        return stem
    if len(stem) > 3 and stem[-1] == stem[-2] and stem[:-1] in _DESK:  # "debugging"
        return stem[:-1]
    if stem + "e" in _DESK:  # "compiling" -> "compile"
        return stem + "e"
    return stem


# An offer to act, or a question put to the listener about the next step: "Want me to ping
# them?", "Shall I schedule it?", "Would you like to see more listings?".
_OFFER_OPENINGS = (
    ("want", "me", "to"), ("do", "you", "want", "me"), ("would", "you", "like", "me"),
    ("shall", "i"),
    ("is", "there", "anything"), ("anything", "else"), ("any", "other", "questions"),
    ("any", "questions"), ("would", "that", "help"), ("does", "that", "help"),
    ("can", "i", "help"), ("how", "can", "i", "help"), ("what", "else", "can", "i"),
)  # fmt: skip
# The listener's wish as the condition of an offer: "I could add comments if that helps",
# "If you want, I can walk through it", "Happy to rephrase if that came out confusing".
_WISHES = (
    ("if", "you", "want"), ("if", "you", "like"), ("if", "you'd", "like"), ("if", "you", "prefer"),
    ("if", "that", "helps"), ("if", "that's", "useful"), ("if", "that's", "helpful"),
    ("if", "it", "helps"), ("if", "that", "would", "help"),
    ("if", "that", "came"), ("if", "you'd", "prefer"), ("if", "useful"), ("if", "helpful"),
)  # fmt: skip
_OFFERERS = (("i", "could"), ("i", "can"), ("i'm", "happy", "to"), ("happy", "to"), ("glad", "to"),
             ("i'd", "be", "happy"), ("i", "could", "also"), ("i", "can", "also"))  # fmt: skip
# What is offered in the chat itself: "I could add comments if that helps".
_CHAT_OFFERS = _words(
    """
    explain rephrase reword draft add send share put write summarize summarise break split
    format shorten expand clarify resend redo rerun check tweak adjust attach link list outline
    show annotate highlight comment paste
    """
)
_STANDING = _words(
    "always never every each whenever usually future going-forward remember default rule policy"
)


def offer(tokens: list[str], question: bool) -> str | None:
    """An offer to act, or a question about the next step, with nothing lasting in it: the
    opening it showed, else None. ``question``: the sentence ends with "?"."""
    if not tokens or not _STANDING.isdisjoint(tokens) or "my" in tokens:
        return None
    start = 0
    while start < len(tokens) - 1 and tokens[start] in _OPENERS:
        start += 1
    head = tuple(tokens[start : start + 5])
    if question:
        for opening in _OFFER_OPENINGS:
            if head[: len(opening)] == opening:
                # "Want me to ping them?", not "Want me to reorder the Ozempic?" or "Need me
                # to feed Mochi while you're in Lisbon?" (a life's errand)
                rest = tokens[start + len(opening) :]
                if rest[:1] == ["to"]:
                    rest = rest[1:]
                verb = next((t for t in rest if t not in _ADVERBS), "")
                chat_verb = verb in _CHAT_OFFERS or verb in _CORE
                if not chat_verb or not (len(rest) <= 2 or _points_alone(rest[1:])):
                    return None
                return " ".join(opening)
    for offerer in _OFFERERS:
        if head[: len(offerer)] == offerer:
            after = [t for t in tokens[start + len(offerer) :] if t not in _ADVERBS]
            if not after or after[0] not in _CHAT_OFFERS or "if" not in after:
                continue  # not "I can speak Portuguese if needed": a skill
            between = after[1 : after.index("if")]
            if not between or _points_alone(between):  # "I can rephrase it if that helps"
                wish = _wish(tokens)
                if wish is not None:
                    return wish
    if head[:2] == ("if", "you") and _wish(tokens[start : start + 4]) is not None:
        rest = tokens[start + 3 :]
        for i in range(len(rest) - 2):  # "If you want, I can walk you through it"
            offered = rest[i : i + 2] in (["i", "can"], ["i", "could"])
            if offered and rest[i + 2] in _CHAT_OFFERS and (
                _points_alone(rest[i + 3 :]) or rest[i + 3 :] in ([], ["you", "through"])
            ):
                return " ".join(tokens[start : start + 3])
    return None


def _wish(tokens: list[str]) -> str | None:
    """The listener's wish that ends ``tokens`` ("... if that helps"), else None."""
    for i in range(max(0, len(tokens) - 4), len(tokens)):
        for wish in _WISHES:
            if tuple(tokens[i:]) == wish:  # at the end: not "... if that helps I'm a CPA"
                return " ".join(wish)
    return None


# What one of the frames above needs: an opening on the speaker, "let me" or an "-ing" verb
# (narration), a question or an "if" (offers), or a word of pointing or progress. A sentence
# without (the gate's common case: a durable one) costs a few set tests.
_OPENS = _words(
    "let lemme i'll i'm im give re double let's moving switching circling next onto coming "
    "getting"
)
# Openings of two common words: the first alone says too little ("I prefer ...").
_OPEN_PAIRS = frozenset(
    [("i", "will"), ("i", "can"), ("i", "could"), ("on", "to"), ("to", "your"), ("one", "down"),
     ("before", "we"), ("back", "to"), ("that", "covers"), ("that", "wraps"), ("that", "answers"),
     ("that", "settles"), ("that", "takes")]
)  # fmt: skip
_POINTS = _words(
    """
    above below attached following here's here see screenshot screenshots diagram highlighted
    <num> still progress halfway almost nearly
    """
)


def may_frame(tokens: list[str], question: bool) -> bool:
    """Whether ``tokens`` could have one of this module's frames (a cheap test first)."""
    if not tokens:
        return False
    if question or "if" in tokens or not _POINTS.isdisjoint(tokens):
        return True
    start = 0
    while start < len(tokens) - 1 and tokens[start] in _OPENERS:
        start += 1
    if tokens[start] in _OPENS or tokens[0] in _OPENS or tokens[start].endswith("ing"):
        return True
    return tuple(tokens[start : start + 2]) in _OPEN_PAIRS or tuple(tokens[:2]) in _OPEN_PAIRS


# For transient_courtesy and transient_shown, which read the same closed classes.
OPENERS, POINTING, SPANS, STANDING_OR_STATE = _OPENERS, _POINTING, _SPANS, _LASTING
NOW, PARTICLES, finite_after = _NOW, _PARTICLES, _finite_after
