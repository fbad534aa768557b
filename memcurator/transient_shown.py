"""Gate rule 2, rule stage: what the conversation shows and how far a job of the moment has got.

"Below is a breakdown by region", "Here's the revised itinerary below", "As you can see in the
screenshot": a pointer into the chat's own display; "Processing row 12,000 of 50,000", "Still
indexing", "Upload 85% done": progress of a machine's job. Frames, like those of
``memcurator.transient_inflight`` (whose closed word classes they share): the object is free,
the frame words are closed, and whatever could be lasting keeps the sentence ("The floor above
is a gym", "Here's the corrected spelling Nguyen", "The thesis is 80% done", "3 of 5 siblings
live abroad", "Still running Ubuntu 18.04 on the build boxes"). Pure standard library, no I/O.
"""

from __future__ import annotations

import re

from memcurator.transient_inflight import (
    NOW,
    OPENERS,
    PARTICLES,
    POINTING,
    SPANS,
    STANDING_OR_STATE,
    finite_after,
)

__all__ = ["pointer", "progress"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


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
_POINTER_VERBS = _words("is are has have shows show lists covers compares highlights")
_POINTER_LASTING = STANDING_OR_STATE - _words("is are was were be been")
_POINTER_BEFORE = _words(
    """
    see listed shown outlined mentioned table list summary code block chart graph link output
    version options diagram
    """
)


_SHOWN_STATES = _words("revised updated corrected fixed cleaned shortened")
_HERE_TAIL = _words("below above attached for you again now as requested promised")


def _seen_alone(rest: list[str]) -> bool:
    return not rest or (rest[0] in ("in", "on", "from") and not _SHOWN.isdisjoint(rest[:4])
                        and len(rest) <= 4) or set(rest) <= _POINTED | _DEICTIC | {"the"}


def pointer(tokens: list[str]) -> str | None:
    """A sentence about what the conversation shows ("Below is a breakdown by region"), with
    nothing lasting in it: the word that pointed, else None."""
    start = 0
    while start < len(tokens) - 1 and tokens[start] in OPENERS:
        start += 1
    head = tokens[start : start + 4]
    # "As you can see" alone or "... in the screenshot" (not "As you can see I'm a night owl")
    seeing = head == ["as", "you", "can", "see"] and _seen_alone(tokens[start + 4 :])
    if not tokens or not _POINTER_LASTING.isdisjoint(tokens[start + 4 if seeing else 0 :]):
        return None
    here = head[:2] in (["here", "is"], ["here", "are"]) or head[:1] == ["here's"]
    opens = head[:2] in (["below", "is"], ["below", "are"], ["above", "is"], ["above", "are"])
    if here or opens:  # "Here's the revised itinerary below", "Below is the comparison"
        rest = tokens[start + (1 if head[0] == "here's" else 2) :]
        noun = next((t for t in rest[:4] if t in _SHOWN), None)
        tail = rest[rest.index(noun) + 1 :] if noun is not None else []
        if noun in _SHOWN_STATES:  # "the revised itinerary below": one noun after the state
            tail = tail[1:]
        if noun is not None and set(tail) <= _HERE_TAIL:  # not "... of the vows", "... Nguyen"
            return ("here's the " if here else head[0] + " is the ") + noun
    if seeing:
        return "as you can see"
    for i, token in enumerate(tokens):
        if token in _POINTED:
            before = tokens[i - 1] if i else ""
            after = tokens[i + 1 : i + 2]
            # not "The floor above is a gym", "Items above $500", "The list above the stove"
            # only at the end ("See the table below"): "The list below is the emergency
            # contacts" states what the list holds
            if before in _POINTER_BEFORE and not after and _FIRST_PERSON.isdisjoint(tokens):
                return token
        # "In the screenshot, ...", "The diagram": the subject at the start; not "The
        # screenshot shows the mortgage at 6.1%", "Works on the diagram editor at Lucidchart"
        elif token in _DEICTIC and i in (start + 1, start + 2) and tokens[i - 1] in ("the", "this"):
            subject = i == start + 1 or tokens[start] in ("in", "on")
            following = tokens[i + 1 : i + 2]
            if subject and following in ([], ["is"], ["are"]) and not finite_after(tokens[i + 1 :]):
                return token
            return None
    return None


# How far a machine's job of the moment has got: "Processing row 12,000 of 50,000", "Upload 85%
# done", "Still indexing".
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
    upload download import export scan backup sync render reindex query job batch compile crawl
    transcode
    """
)
_UNITS = _words(
    "rows records files folders pages pods items chunks shards batches jobs steps tests tables "
    "messages emails objects images documents attempts requests machines nodes hosts servers"
)
_MACHINE_VERBS = _words(
    "processing crawling transcoding uploading downloading syncing migrating importing "
    "exporting indexing reindexing rendering scanning retrying"
)
_PROGRESS_LASTING = STANDING_OR_STATE - _words("is are was were be been")
_FIRST_PERSON = _words("i i'm i've i'd me my mine we we're our us myself")
_ALMOST = frozenset(
    [("halfway", "there"), ("almost", "there"), ("almost", "done"), ("nearly", "done"),
     ("nearly", "there"), ("almost", "finished"), ("still", "spinning"), ("still", "loading")]
)  # fmt: skip


_PERCENT = re.compile(
    r"\d\s*(?:%|percent\b)\s*(?:done|complete|completed|through|finished|uploaded|processed"
    r"|synced|indexed|migrated|copied|restored)\b"
)
_SHARE_DONE = re.compile(
    r"(?:the\s+)?(\w+)(?:'s|\s+is)?\s+(?:about\s+|at\s+)?\d+\s*(?:%|percent)\s*"
    r"(?:done|complete|completed|through|finished)?"
)
_N_OF_M = re.compile(r"\b(\w+)?\s*\d[\d,]*\s+(?:out\s+)?of\s+\d[\d,]*\s*(\w+)?\s*(\w+)?")


def progress(tokens: list[str], text: str) -> str | None:
    """How far a job of the moment has got, with nothing lasting and no one's life in it: the
    words that showed it, else None."""
    if not tokens or not _PROGRESS_LASTING.isdisjoint(tokens) or not SPANS.isdisjoint(tokens):
        return None
    core = [t for t in tokens if t not in OPENERS]
    if len(core) <= 3 and tuple(core[:2]) in _ALMOST:
        return " ".join(core[:2])
    if not _FIRST_PERSON.isdisjoint(tokens):
        return None
    start = 0
    while start < len(tokens) - 1 and tokens[start] in OPENERS and tokens[start] != "still":
        start += 1
    if "<num>" in tokens:
        done = _SHARE_DONE.fullmatch(text.strip(" .!").lower())
        if done is not None and done[1] in _MACHINE_JOBS:  # not "The crawl space ... 60% done"
            return "a share done"
        opens = tokens[start] in _MACHINE_VERBS or (
            tokens[start] in _COUNTERS and not _DONE.isdisjoint(tokens)
        )  # "Processing row 12,000 of 50,000", not "Doing step 4 of 12 in AA"
        found = _N_OF_M.search(text)
        machine_count = found is not None and (found[2] is None or found[2].lower() in _UNITS)
        if opens and machine_count and not finite_after(tokens[start + 1 :]):
            return "N of M"  # not "Migrating 40 of 60 clients to the new practice"
    # "Still waiting on the courier", "Still spinning": only as the opening, and only waiting
    # takes an object ("Still running Ubuntu 18.04 on the build boxes" is a fact)
    after = tokens[start + 1 :]
    still = tokens[start] == "still" and bool(after) and after[0] in _STILL
    # ("Still waiting for the adoption paperwork" is news: waiting takes only "it", "that")
    if still and set(after[1:]) <= NOW | PARTICLES | POINTING:
        return "still " + after[0]
    return None
