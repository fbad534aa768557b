"""Which unkeyed statements of one scope are about one attribute, learnt from the scope's own
statements: the words that stay between them (the attribute's frame) and the words that vary
(the value).

Two statements are *one frame refilled* when they open and end alike and differ only in a
short stretch between: "Book my desk in the window row on floor 2" / "Book my desk in the
quiet zone on floor 3" share the frame "book my desk in _"; what differs is each one's
*filler* (a value, or one value's other wording). A filler of two or more content words
("window row ... floor 2") names a value, and a statement in another frame that says the same
filler is about the same attribute: "I sit in the window row on floor 2". Two statements that
share only their ending ("Book my desk in | Find me in" + "the quiet zone on floor 3") are the
other way round: two frames, one value (sentences open with their frame and end with their
value far more often than not), and that ending is the value. Statements joined
by these two links, directly or through others, are one attribute's group.

Conservative by measure: a frame must be at least ``FRAME_MIN`` stems with a content word
among them ("I'm _" frames nothing), a filler at most ``FILLER_MAX`` stems or the frame's
length, and a filler links other frames only with ``VALUE_MIN`` content stems (a lone "PRs" or
"month" is said by several attributes). Built on a labelled stream's four phrase banks, pairs
of statements of one scope linked this way were of one attribute 0.99-1.00 of the time.

One scope sees each frame with a value or two; a tenant's users say the same frames with
the same values. ``TenantFrames`` groups a tenant's statements (every scope's, as the nightly
pass reads them) the same way, so two frames of one scope are one attribute when other scopes
filled them with one value. Openings that frame nothing are learnt from the same statements
first (``learn_leads``: "Put this with the other:" before statements said on their own too):
read as a frame, such an opening would make every statement it opens one attribute's.

Pure: no I/O. ``memcurator.leftovers`` decides what each group's statements become.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from memcurator.wording import _analyse, _stem, _Text

# Stems a frame needs (with at least one content word), the longest filler beside a shorter
# frame, and the content stems a filler needs to join two frames.
FRAME_MIN = 3
FILLER_MAX = 4
VALUE_MIN = 2
# A lead (an opening that frames nothing, learnt from a tenant's statements: ``learn_leads``)
# is at most this many stems, and is learnt from this many statements it opens.
LEAD_MAX = 10
LEAD_MIN_SEEN = 3
# Across a tenant, two frames are one attribute through values only when this many different
# values (or one value through this many frames) say so.
TENANT_SUPPORT = 2
# Content words that frame nothing on their own: light verbs, list and change talk, and
# framing any attribute may use ("I have a _", "We own the _", "To add to the list: _").
_LIGHT_WORDS = """
    have got get own take do make keep set go add adding list move moved thing another also
    need want like use prefer preference usual usually only always every please work team
"""
_LIGHT = frozenset(_stem(w) for w in _LIGHT_WORDS.split())
# Words a statement may open with that belong to no frame ("Also: we rely on Redis").
_LEADS = frozenset({"also", "and", "plus", "oh", "btw"})


@dataclass(frozen=True)
class Refill:
    """Two statements as one frame with two fillers: ``head`` + filler + ``tail``."""

    head: tuple[str, ...]
    tail: tuple[str, ...]
    fillers: tuple[tuple[str, ...], tuple[str, ...]]
    # Each filler names a value proper of its own (a name, number, day...): "Friday is my
    # focus day" / "Every Thursday is my focus day" differ in their values, not their frames.
    two_values: bool = False

    def frame(self) -> str:
        """The frame as the log shows it: "book my desk in _"."""
        return " ".join((*self.head, "_", *self.tail))

    @property
    def one_value(self) -> bool:
        """Nothing shared at the opening and no value proper in either opening: two frames
        around one value, said at the end."""
        return not self.head and not self.two_values


def refill(
    a: str, b: str, leads: frozenset[tuple[str, ...]] = frozenset(),
    bodies: tuple[tuple[str, ...], tuple[str, ...]] | None = None, across: bool = False,
) -> Refill | None:
    """The frame ``a`` and ``b`` share and each one's filler, or None when they are not one
    frame refilled (see the module's note); ``leads`` are openings learnt to frame nothing
    (``bodies``: each one's stems past its opening, when the caller has read them).
    ``across``: the two were said in different scopes of a tenant, where what stays between
    two statements is as often a value as an attribute ("The user lives in Portland" / "The
    user grew up in Portland"): a frame then needs an opening that names its attribute (a
    content word), no value proper in what stays, and a shared ending (one value in two
    frames) of ``VALUE_MIN`` content words."""
    x, y = _analyse(a), _analyse(b)
    s, t = bodies or (_body(x.seq, leads), _body(y.seq, leads))
    n = min(len(s), len(t))
    head = next((i for i in range(n) if s[i] != t[i]), n)
    tail = 0
    while tail < n - head and s[len(s) - 1 - tail] == t[len(t) - 1 - tail]:
        tail += 1
    fill_a, fill_b = s[head : len(s) - tail], t[head : len(t) - tail]
    frame = (*s[:head], *s[len(s) - tail :])
    if not fill_a or not fill_b or len(frame) < FRAME_MIN:
        return None
    if not any(w in x.said and w not in _LIGHT for w in frame):
        return None  # "I'm _", "we use _", "I have a _": framing any attribute may open with
    if max(len(fill_a), len(fill_b)) > max(FILLER_MAX, len(frame)):
        return None
    if across and not _frames_across(s[:head], frame, x, y):
        return None
    two = bool(set(fill_a) & x.salient) and bool(set(fill_b) & y.salient)
    return Refill(s[:head], s[len(s) - tail :], (fill_a, fill_b), two)


def _frames_across(head: tuple[str, ...], frame: tuple[str, ...], x: _Text, y: _Text) -> bool:
    """Whether what two statements of different scopes share reads as one attribute's frame
    (see ``refill``'s ``across``)."""
    if not head:
        return sum(w in x.said for w in frame) >= VALUE_MIN
    if set(frame) & (_named(x) | _named(y)):
        return False
    return any(w in x.said and w not in _LIGHT for w in head)


def _named(read: _Text, digits: int = 1) -> frozenset[str]:
    """The names and numbers (of at least ``digits`` digits) a statement says (a listed value
    such as "office" frames)."""
    return frozenset(
        w for w in read.salient if w in read.names or sum(c.isdigit() for c in w) >= digits
    )


class Joins:
    """Disjoint sets of keys (union-find): which statements, or entries, are one group."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.parent = {k: k for k in keys}

    def find(self, key: str) -> str:
        parent = self.parent
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    def join(self, a: str, b: str) -> None:
        self.parent[self.find(a)] = self.find(b)


@dataclass
class Groups:
    """The scope's statements grouped by attribute: ``group[wording]`` is its group's id, and
    for the pairs linked directly by one frame or a value, how (``refills``, ``values``)."""

    group: dict[str, int] = field(default_factory=dict)
    refills: dict[tuple[str, str], Refill] = field(default_factory=dict)
    values: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)

    def refilled(self, a: str, b: str) -> Refill | None:
        return self.refills.get((a, b)) or self.refills.get((b, a))

    def shared_value(self, a: str, b: str) -> tuple[str, ...] | None:
        return self.values.get((a, b)) or self.values.get((b, a))


def group_wordings(
    wordings: Sequence[str], leads: frozenset[tuple[str, ...]] = frozenset(),
    across: bool = False,
) -> Groups:
    """Group ``wordings`` (one scope's, distinct) by attribute (see the module's note);
    ``leads`` are openings learnt to frame nothing (``learn_leads``). ``across``: the
    wordings are a tenant's, many scopes': a frame must read as one (``refill``), and two
    frames are joined through values (or one value through frames) only when
    ``TENANT_SUPPORT`` different ones say so: across many scopes, one value is said by
    several attributes ("New York" is where one user lives and another works)."""
    support = TENANT_SUPPORT if across else 1
    texts = sorted(set(wordings))
    joins = Joins(texts)
    found = Groups()
    # One frame refilled opens or ends alike: compare only statements that share a first or
    # a last stem.
    ends: dict[tuple[int, Any], list[str]] = defaultdict(list)
    seqs = {t: _analyse(t).seq for t in texts}
    bodies = {t: _body(seqs[t], leads) for t in texts}
    for t in texts:
        if not (body := bodies[t]):
            continue
        if not across:
            ends[(0, body[0])].append(t)
            ends[(1, body[-1])].append(t)
            continue
        # A tenant's statements mostly open alike ("The user ..."): compare those that share
        # their opening up to its first content word, or their last two stems.
        said = _analyse(t).said
        first = next((i for i, w in enumerate(body) if w in said and w not in _LIGHT), None)
        if first is not None:
            ends[(0, body[: first + 1])].append(t)
        ends[(1, body[-2:])].append(t)
    values: dict[tuple[str, ...], None] = {}
    frames: dict[tuple[str, ...], None] = {}
    ending: list[tuple[str, str, tuple[str, ...]]] = []
    for (side, _), bucket in ends.items():
        for a, b in _pairs(bucket, bodies, side) if across else combinations(bucket, 2):
            if (a, b) in found.refills or not (
                refilled := refill(a, b, leads, (bodies[a], bodies[b]), across)
            ):
                continue
            found.refills[(a, b)] = refilled
            if support > 1 and refilled.one_value:
                # One value in two frames: a link between frames, counted below.
                ending.append((a, b, refilled.tail))
            else:
                joins.join(a, b)
            # What varies is the value when the two open alike ("Book my desk in _"); when
            # only their endings are shared, the ending is the value, said in two frames
            # ("Book my desk in | Find me in" + "the quiet zone on floor 3"), and what
            # varies is a frame: a third statement in it is about the same attribute too.
            each = ((refilled.fillers[0], a), (refilled.fillers[1], b))
            if not refilled.one_value:
                spans = [(words, text, values) for words, text in each]
            else:
                spans = [(refilled.tail, a, values)]
                spans += [(words, text, frames) for words, text in each]
            for words, text, kind in spans:
                if sum(w in _analyse(text).said for w in words) >= VALUE_MIN:
                    kind[words] = None
    by_stem: dict[str, list[str]] = defaultdict(list)
    for t in texts:
        for stem in dict.fromkeys(seqs[t]):
            by_stem[stem].append(t)
    framed = {t: joins.find(t) for t in texts}  # what one frame refilled joined
    said_by: dict[tuple[str, str], set[tuple[str, ...]]] = defaultdict(set)
    for a, b, tail in ending:
        if framed[a] != framed[b]:
            said_by[_pair(framed[a], framed[b])].add(_content(tail, a))
    for kept, is_value in ((values, True), (frames, False)):
        for words in sorted(kept):
            holders = [t for t in by_stem.get(words[0], ()) if _holds(seqs[t], words)]
            for a, b in combinations(holders, 2):
                if is_value:
                    found.values.setdefault((a, b), words)
                if support <= 1:
                    joins.join(a, b)
                elif framed[a] != framed[b]:
                    said_by[_pair(framed[a], framed[b])].add(_content(words, a))
    for (a, b), shared in sorted(said_by.items()):
        if len(shared) >= support:
            joins.join(a, b)
    roots: dict[str, int] = {}
    for t in texts:
        found.group[t] = roots.setdefault(joins.find(t), len(roots))
    return found


def _body(
    seq: tuple[str, ...], leads: frozenset[tuple[str, ...]] = frozenset()
) -> tuple[str, ...]:
    """A statement's stems without the words it may open with that frame nothing, and
    without the longest of ``leads`` it opens with."""
    start = 0
    while start < len(seq) - 1 and seq[start] in _LEADS:
        start += 1
    if leads:
        for i in range(min(LEAD_MAX, len(seq) - start - FRAME_MIN), 0, -1):
            if seq[start : start + i] in leads:
                return seq[start + i :]
    return seq[start:]


# Across a tenant, each statement is compared with this many neighbours in its bucket.
NEIGHBOURS = 8


def _pairs(
    bucket: list[str], bodies: dict[str, tuple[str, ...]], side: int
) -> Iterable[tuple[str, str]]:
    """The pairs of a tenant's bucket worth comparing: each statement with its next
    ``NEIGHBOURS`` in the order of its stems from the side the bucket shares (its opening, or
    its ending read backwards). One frame refilled shares the most stems with its neighbours
    there, and what is joined through a neighbour is joined all the same; comparing every
    pair costs the square of a bucket that thousands of "The user likes ..." fill."""
    ordered = sorted(bucket, key=lambda t: (bodies[t] if side == 0 else bodies[t][::-1], t))
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 : i + 1 + NEIGHBOURS]:
            yield _pair(a, b)


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def _content(words: tuple[str, ...], text: str) -> tuple[str, ...]:
    """A value's content stems as ``text`` says them ("in new york city": new york city),
    so one value is counted once however much of its surroundings a link took with it."""
    said = _analyse(text).said
    return tuple(w for w in words if w in said)


def _holds(seq: tuple[str, ...], words: tuple[str, ...]) -> bool:
    k = len(words)
    return any(seq[i : i + k] == words for i in range(len(seq) - k + 1))


def learn_leads(texts: Iterable[str]) -> frozenset[tuple[str, ...]]:
    """Openings that frame nothing: a run of stems that, taken off the front of a statement,
    leaves another statement said on its own, for at least ``LEAD_MIN_SEEN`` different
    statements ("Put this with the other: I keep bees" beside "I keep bees"), and that names
    no name or number itself ("Until 2020, ..." or "In Berlin, ..." says when or where: a
    qualifier of the statement, not talk about it). Such an opening is talk about the list or
    the change ("Heads up, fresh info:", "One more for the same list:"), not an attribute's
    frame: read as one, it would make every statement it opens one attribute's."""
    read = [(a, _body(a.seq)) for a in map(_analyse, texts)]
    seqs = {s for _, s in read}
    seen: dict[tuple[str, ...], set[tuple[str, ...]]] = defaultdict(set)
    for a, s in read:
        # A name or a number of two digits or more ("Until 2020"); "one" (1) counts statements.
        named = _named(a, digits=2)
        for i in range(1, min(LEAD_MAX + 1, len(s) - FRAME_MIN + 1)):
            if s[i:] in seqs and not set(s[:i]) & named:
                seen[s[:i]].add(s[i:])
    return frozenset(p for p, rest in seen.items() if len(rest) >= LEAD_MIN_SEEN)


def without_lead(text: str, leads: frozenset[tuple[str, ...]]) -> tuple[str, ...]:
    """``text``'s stems with the longest learnt lead taken off (all of them without one)."""
    return _body(_analyse(text).seq, leads)


class TenantFrames:
    """Which statements are about one attribute, learnt from every scope of a tenant: one
    attribute's frames are said by many users with the same values ("Anchoring scope the user
    lays out: 3:1" / "Pay out 3:1 when we drop the hook"), where one scope has seen each
    frame with one value at most. A statement opened by a lead is read without it, as the
    statement it leaves. ``group_of(text)`` is the group of a statement among the tenant's,
    or None when it was not among them."""

    def __init__(self, texts: Iterable[str]) -> None:
        texts = sorted(set(texts))
        self.leads = learn_leads(texts)
        bodies = {t: without_lead(t, self.leads) for t in texts}
        # One wording per body: a statement and the same one behind a lead are one (the
        # lead is read past when frames are compared).
        said: dict[tuple[str, ...], str] = {}
        for t in sorted(texts, key=lambda t: (bodies[t] != _body(_analyse(t).seq), t)):
            said.setdefault(bodies[t], t)
        groups = group_wordings(sorted(set(said.values())), self.leads, across=True).group
        # Only each statement's digest and group are kept (a night's frames are kept for the
        # next partitions of a backfill: ``memcurator.app.leftovers._frames``), never
        # its words.
        self._group = {_digest(t): groups[said[bodies[t]]] for t in texts}

    def group_of(self, text: str) -> int | None:
        return self._group.get(_digest(text))


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=16).digest()
