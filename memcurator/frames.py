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

Pure: no I/O. ``memcurator.leftovers`` decides what each group's statements become.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from memcurator.wording import _analyse, _stem

# Stems a frame needs (with at least one content word), the longest filler beside a shorter
# frame, and the content stems a filler needs to join two frames.
FRAME_MIN = 3
FILLER_MAX = 4
VALUE_MIN = 2
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


def refill(a: str, b: str) -> Refill | None:
    """The frame ``a`` and ``b`` share and each one's filler, or None when they are not one
    frame refilled (see the module's note)."""
    x, y = _analyse(a), _analyse(b)
    s, t = _body(x.seq), _body(y.seq)
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
    two = bool(set(fill_a) & x.salient) and bool(set(fill_b) & y.salient)
    return Refill(s[:head], s[len(s) - tail :], (fill_a, fill_b), two)


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


def group_wordings(wordings: Sequence[str]) -> Groups:
    """Group ``wordings`` (one scope's, distinct) by attribute (see the module's note)."""
    texts = sorted(set(wordings))
    joins = Joins(texts)
    found = Groups()
    # One frame refilled opens or ends alike: compare only statements that share a first or
    # a last stem.
    ends: dict[tuple[int, str], list[str]] = defaultdict(list)
    seqs = {t: _analyse(t).seq for t in texts}
    for t in texts:
        if seqs[t]:
            ends[(0, seqs[t][0])].append(t)
            ends[(1, seqs[t][-1])].append(t)
    values: dict[tuple[str, ...], None] = {}
    frames: dict[tuple[str, ...], None] = {}
    for bucket in ends.values():
        for a, b in combinations(bucket, 2):
            if (a, b) in found.refills or not (refilled := refill(a, b)):
                continue
            found.refills[(a, b)] = refilled
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
    for kept, is_value in ((values, True), (frames, False)):
        for words in sorted(kept):
            holders = [t for t in by_stem.get(words[0], ()) if _holds(seqs[t], words)]
            for a, b in combinations(holders, 2):
                if is_value:
                    found.values.setdefault((a, b), words)
                joins.join(a, b)
    roots: dict[str, int] = {}
    for t in texts:
        found.group[t] = roots.setdefault(joins.find(t), len(roots))
    return found


def _body(seq: tuple[str, ...]) -> tuple[str, ...]:
    """A statement's stems without the words it may open with that frame nothing."""
    start = 0
    while start < len(seq) - 1 and seq[start] in _LEADS:
        start += 1
    return seq[start:]


def _holds(seq: tuple[str, ...], words: tuple[str, ...]) -> bool:
    k = len(words)
    return any(seq[i : i + k] == words for i in range(len(seq) - k + 1))
