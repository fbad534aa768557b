"""Gate rule 2, rule stage: the speaker narrating an action of the moment on any object.

"Let me pull the lab results from the portal", "I'll query the audit log for that user",
"Checking Sentry issue 44810 as we speak", "I'm escalating this ticket to tier 2": what makes
these chatter is not their object, which is anything (a portal, an audit log, a ticket), but
their frame: the speaker (or no one, in a bare "-ing" opening) doing, on this occasion, one of
the things an assistant does at a keyboard or a phone (look up, open, run, send, draft, ask).
``memcurator.transient_rules`` matches chatter whose every word talks about the talk; this
module matches the frame and leaves the object free.

It keeps anything that could be lasting, as the rest of rule 2 does:
* the verb must be one of the closed list of desk actions below: "I'm training for a marathon",
  "Let me handle payroll questions", "I'll take the aisle" are not narration;
* no word of a standing rule, a habit or a state ("any", "every", "always", "before", "is",
  "must", "usually", "for now") and no span of a life ("in May", "this year", "on Mondays")
  unless the sentence also says "now", "as we speak" or "for you";
* a progressive or bare "-ing" opening needs an object that points at something at hand ("the",
  "that", "your", a number ...): "I'm running Arch Linux" is a fact, "Running the tests" is not;
* the durable shapes of ``memcurator.transient_durable`` (a personal fact, a condition, a
  habit) keep it too, as does a second sentence with content (``transient`` checks each).
Pure standard library, no I/O.
"""

from __future__ import annotations

import re
from itertools import pairwise

__all__ = [
    "OPENERS", "POINTING", "SPANS", "STANDING_OR_STATE",
    "may_frame", "narrated_desk_action", "offer", "pointer", "progress",
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
    sum count log sign kick spin queue submit file book reserve reset clear flush purge deploy
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
    if found is None or ("for", "now") in pairwise(tokens):
        return None
    anchored = not _NOW.isdisjoint(tokens) or any(
        a + " " + b in _NOW_PAIRS for a, b in pairwise(tokens)
    )
    if not anchored and not _SPANS.isdisjoint(tokens):
        return None
    frame, verb, rest, progressive = found
    pointed = not _POINTING.isdisjoint(rest)  # "that subnet", "your essay", "it"
    if verb == "call" and rest[:1] == ["it"]:
        return None  # "I'm going to call it quits"
    if frame in ("I'll", "I'm going to") and not (anchored or pointed):
        return None  # "I'm going to open a bakery in Portland": a plan of a life
    if progressive:
        thing = [t for t in rest if t not in _PARTICLES][:1]  # "looking at the flame graph"
        at_hand = not thing or thing[0] in _DEFINITE or set(rest) <= _NOW | _PARTICLES
        if not (pointed or _identifier_next(text, verb) or (anchored and at_hand)):
            return None  # "We're redoing the kitchen", "I'm looking for a new job now"
        if not anchored and _finite_after(rest):
            return None  # "Rebooting the modem resolves the slow WiFi"
    return f"{frame} {verb}".strip()


def _identifier_next(text: str, verb: str) -> bool:
    """The word after ``verb`` in ``text`` is an identifier ("Opening PR #4182", "Reopening
    INC-5123", "Rerunning job 7731"), not a name ("Checking Zillow" is a habit too)."""
    found = re.search(r"(?i)\b" + re.escape(verb) + r"\s+(?:up\s+)?(\S+)(?:\s+(\S+))?", text)
    if found is None:
        return False
    return any(w and _IDENTIFIER.fullmatch(w.rstrip(".,;:!?")) for w in found.groups())


# "#4182", "INC-5123", "7731", "ch_3Nx8": not a time ("7:15") or a measure ("9mm").
_IDENTIFIER = re.compile(r"#\w+|[A-Za-z]+[-_]\w*\d\w*|\d{3,}")


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
    if base is None or base not in (_CORE if progressive else _DESK):
        return None
    rest = tokens[i + 1 :]
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
    ("would", "you", "like", "to"), ("need", "me", "to"), ("shall", "i"), ("should", "i"),
    ("shall", "we"), ("want", "to", "see"),
    ("is", "there", "anything"), ("anything", "else"), ("any", "other", "questions"),
    ("any", "questions"), ("would", "that", "help"), ("does", "that", "help"),
    ("can", "i", "help"), ("how", "can", "i", "help"), ("what", "else", "can", "i"),
)  # fmt: skip
# The listener's wish as the condition of an offer: "I could add comments if that helps",
# "If you want, I can walk through it", "Happy to rephrase if that came out confusing".
_WISHES = (
    ("if", "you", "want"), ("if", "you", "like"), ("if", "you'd", "like"), ("if", "you", "prefer"),
    ("if", "that", "helps"), ("if", "that's", "useful"), ("if", "that's", "helpful"),
    ("if", "it", "helps"), ("if", "that", "would", "help"), ("if", "you", "need"),
    ("if", "that", "came"), ("if", "you'd", "prefer"), ("if", "useful"), ("if", "helpful"),
    ("if", "needed"), ("if", "that", "works"), ("if", "you're", "interested"),
)  # fmt: skip
_OFFERERS = (("i", "could"), ("i", "can"), ("i'm", "happy", "to"), ("happy", "to"), ("glad", "to"),
             ("i'd", "be", "happy"), ("i", "could", "also"), ("i", "can", "also"))  # fmt: skip
# What is offered in the chat itself: "I could add comments if that helps".
_CHAT_OFFERS = _words(
    """
    explain rephrase reword draft add walk send share put write summarize summarise break split
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
                return " ".join(opening)
    for offerer in _OFFERERS:
        if head[: len(offerer)] == offerer:
            verb = next((t for t in tokens[start + len(offerer) :] if t not in _ADVERBS), "")
            wish = _wish(tokens) if verb in _CHAT_OFFERS else None
            if wish is not None:  # not "I can speak Portuguese if needed": a skill
                return wish
    if head[:2] == ("if", "you") and _wish(tokens[start : start + 4]) is not None:
        rest = tokens[start + 3 :]
        if any(rest[i : i + 2] in (["i", "can"], ["i", "could"]) for i in range(len(rest))):
            return " ".join(tokens[start : start + 3])
    return None


def _wish(tokens: list[str]) -> str | None:
    for i in range(len(tokens)):
        for wish in _WISHES:
            if tuple(tokens[i : i + len(wish)]) == wish:
                return " ".join(wish)
    return None


# What points into the conversation's own display: "Here's the quote broken down by line
# item", "The code block below has the fixed version", "As you can see in the screenshot ...".
_SHOWN = _words(
    """
    breakdown rewrite sketch list table summary draft heatmap chart graph diff output version
    screenshot comparison snippet overview outline excerpt preview mockup rundown recap
    transcript printout result results revised updated corrected fixed cleaned shortened
    """
)
_DEICTIC = _words("screenshot screenshots diagram highlighted")
_POINTED = _words("above below attached following")
_POINTER_VERBS = _words(
    "is are was has have shows show covers lists compares has should will can highlights"
)
_ORS = _words("and or to than")  # "info and above", "12 or below": a range, not a pointer
_POINTER_LASTING = _LASTING - _words("is are was were be been")
_POINTER_BEFORE = _words(
    """
    see listed shown outlined mentioned table list summary code block chart graph link output
    version options steps one ones diagram numbers figures rows items
    """
)


def pointer(tokens: list[str]) -> str | None:
    """A sentence about what the conversation shows ("Below is a breakdown by region"), with
    nothing lasting in it: the word that pointed, else None."""
    start = 0
    while start < len(tokens) - 1 and tokens[start] in _OPENERS:
        start += 1
    head = tokens[start : start + 4]
    seeing = head == ["as", "you", "can", "see"] or head[:3] == ["you", "can", "see"]
    if not tokens or not _POINTER_LASTING.isdisjoint(tokens[start + 4 if seeing else 0 :]):
        return None
    if head[:2] in (["here", "is"], ["here", "are"]) or head[:1] == ["here's"]:
        rest = tokens[start + (1 if head[0] == "here's" else 2) :]
        noun = next((t for t in rest[:4] if t in _SHOWN), None)
        if noun is not None and "my" not in rest:
            return "here's the " + noun
    if seeing:
        return "as you can see"
    opens = head[:2] in (["below", "is"], ["below", "are"], ["above", "is"], ["above", "are"])
    if opens and not _SHOWN.isdisjoint(tokens[start + 2 : start + 6]):  # "Below is the list"
        return head[0]
    for i, token in enumerate(tokens):
        if token in _POINTED:
            before = tokens[i - 1] if i else ""
            if before in _POINTER_BEFORE:  # not "The floor above is a gym"
                return token
        elif token in _DEICTIC and i and tokens[i - 1] in ("the", "this"):
            return token
    return None


# How far a job of the moment has got: "Still running, 40% done", "Patch rollout: 60 of 200
# machines done", "Processing row 12,000 of 50,000", "Still waiting on the API to respond".
_DONE = _words(
    """
    processed uploaded downloaded migrated updated converted synced indexed imported exported
    reconciled scanned deployed copied restored transcoded rendered crawled loaded
    """
)
# What a machine counts through ("step 7 of 12", "row 12,000 of 50,000"), not a life ("part 2
# of 3", "3 of 5 siblings", "40 of 60 payments made").
_COUNTERS = _words("step page row batch job file folder record pod chunk shard epoch")
_STILL = _words(
    "waiting loading spinning processing pending running compiling syncing uploading "
    "downloading indexing rolling buffering"
)
# The jobs of a machine whose share done is news of the moment ("Upload 85% done"), not a
# project of a life ("The thesis is 80% done").
_MACHINE_JOBS = _words(
    """
    upload download import export scan backup sync install render index indexing reindex
    copy transfer query job batch tests test compile crawl transcode restore
    """
)
_PROGRESS_LASTING = _LASTING - _words("is are was were be been")
_FIRST_PERSON = _words("i i'm i've i'd me my mine we we're our us myself")
_ALMOST = frozenset(
    [("halfway", "there"), ("almost", "there"), ("almost", "done"), ("nearly", "done"),
     ("nearly", "there"), ("almost", "finished"), ("still", "spinning"), ("still", "loading")]
)  # fmt: skip


_PERCENT = re.compile(
    r"\d\s*(?:%|percent\b)\s*(?:done|complete|completed|through|finished|uploaded|processed"
    r"|synced|indexed|migrated|copied|restored)\b"
)
_N_OF_M = re.compile(r"\b(\w+)?\s*\d[\d,]*\s+(?:out\s+)?of\s+\d[\d,]*\s*(\w+)?\s*(\w+)?")


def progress(tokens: list[str], text: str) -> str | None:
    """How far a job of the moment has got, with nothing lasting and no one's life in it: the
    words that showed it, else None."""
    if not tokens or not _PROGRESS_LASTING.isdisjoint(tokens) or not _SPANS.isdisjoint(tokens):
        return None
    core = [t for t in tokens if t not in _OPENERS]
    if len(core) <= 3 and tuple(core[:2]) in _ALMOST:
        return " ".join(core[:2])
    if not _FIRST_PERSON.isdisjoint(tokens):
        return None
    start = 0
    while start < len(tokens) - 1 and tokens[start] in _OPENERS and tokens[start] != "still":
        start += 1
    if "<num>" in tokens:
        if _PERCENT.search(text.rstrip(" .!")) and not _MACHINE_JOBS.isdisjoint(tokens):
            return "a share done"
        opens = tokens[start] in _COUNTERS or tokens[start].endswith("ing")
        if opens and not _finite_after(tokens[start + 1 :]):
            for found in _N_OF_M.finditer(text):
                if found[1] in _COUNTERS or found[2] in _DONE or found[3] in _DONE:
                    return "N of M"
    # "Still waiting on the courier", "Still spinning": only as the opening, and only waiting
    # takes an object ("Still running Ubuntu 18.04 on the build boxes" is a fact)
    after = tokens[start + 1 :]
    still = tokens[start] == "still" and bool(after) and after[0] in _STILL
    # ("Still waiting for the adoption paperwork" is news: waiting takes only "it", "that")
    if still and set(after[1:]) <= _NOW | _PARTICLES | _POINTING:
        return "still " + after[0]
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


# For transient_courtesy's moves of the conversation, which read the same closed classes.
OPENERS, POINTING, SPANS, STANDING_OR_STATE = _OPENERS, _POINTING, _SPANS, _LASTING
