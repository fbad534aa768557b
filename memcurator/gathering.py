"""Whether a key's own statements show that its attribute gathers values (issue 10).

An attribute's name does not always say whether it holds one value or several: "craft",
"houseplant", "sponsor" or "favourite_cuisines" gather (a person knits *and* does pottery),
"checked_bags" or "estimates" hold one. ``memcurator.cardinality`` reads the name; this reads
what was said. Within one conversation a single-valued attribute changes at most the way
people change their minds: "window, then aisle". A value that comes back after another one in
the same session ("I knit ... I do pottery ... I knit Fair Isle jumpers"), or a third value
after two, without a word of revision or a negation ("switched back to", "Correction:", "no
longer"), is two values held at once: the attribute gathers them.

Only what a person or a tool said takes part: a statement with no explicit value, one whose
negation governs its value ("doesn't want the aisle": not a value held) or an agent's inference
does not. A session is a conversation: the statements of a pattern lie within a day of one
another, so a session id a client keeps for weeks does not stretch it.

Two values are one when they are written alike as the meaning check reads them (``_analyse``:
"two weeks" / "14 days"), when one's words are inside the other's ("window" / "window seat",
"2 bags" / "1 or 2 bags"), or when one is the other written out further or a kind of it. The
verdict asks whether some three statements of a session form the pattern, so it depends only on
the set of statements: adding one can make a pattern, never unmake one, whatever the order they
arrive in. A key once read as gathering stays so, and placing its whole history again under that
reading (``store.gathering``) gives the history one batch of all its statements would.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import timedelta
from functools import lru_cache

from memcurator.listed_values import written_out
from memcurator.variants import _same_word
from memcurator.versions import Statement
from memcurator.vocabulary import SourceKind
from memcurator.wording import _analyse

__all__ = ["returning_value"]

# The statements of one pattern lie within this span of one another: one conversation.
CONVERSATION = timedelta(days=1)
# And within this many statements of the key: a bound on a hostile session's cost (real
# sessions say a key a few times; beyond it, a pattern is looked for among the latest).
REACH = 32


def _fold(value: str | None) -> str:
    """A subject's value as compared and logged: case and spacing folded, quoted."""
    folded = " ".join((value or "").casefold().split())
    return f"'{folded}'" if folded else ""


@lru_cache(maxsize=8192)
def _same_value(a: str, b: str) -> bool:
    """One value written twice (``a`` and ``b`` folded): see the module's docstring."""
    if a == b:
        return True
    ta, tb = _analyse(a.strip("'")), _analyse(b.strip("'"))
    if ta.values and tb.values and (ta.values <= tb.values or tb.values <= ta.values):
        return True
    if ta.norm == tb.norm:
        return True
    pair = (a.strip("'"), b.strip("'"))
    return bool(written_out(pair) or written_out((pair[1], pair[0])))


def _takes_part(s: Statement) -> bool:
    """A value held, as said by a person, a tool or a document: not inferred, and not negated
    by a negation that governs it ("Don't forget this one too: Georgian food" holds it)."""
    if not _fold(s.value) or s.kind == SourceKind.AGENT_INFERENCE:
        return False
    said = _analyse(s.content)
    if not said.negs or not said.scope:
        return not said.negs  # a negation with no scope to tell may be of the value
    value = _analyse(str(s.value).replace("_", " "))
    words = value.values | value.names
    return not any(t in words or any(_same_word(t, u) for u in words) for t in said.scope)


def _revises(content: str) -> bool:
    """Whether a statement announces a change ("Update: ...", "switched back to") or negates
    something ("No longer books the aisle; window it is"): it may bring a value back."""
    said = _analyse(content)
    return said.change is not None or bool(said.negs)


def _pattern(said: list[Statement], k: int) -> str | None:
    """Whether statement ``k`` closes a pattern with two earlier ones of the list (in order,
    within a conversation of it): the reason, or None. Read over the distinct values before it
    (where each was first and last said), at most ``REACH`` statements back."""
    last, value = said[k], _fold(said[k].value)
    if _revises(last.content):
        return None
    first: dict[str, int] = {}
    final: dict[str, int] = {}
    for i in range(max(0, k - REACH), k):
        if last.valid_from - said[i].valid_from <= CONVERSATION:
            v = _fold(said[i].value)
            first.setdefault(v, i)
            final[v] = i
    for u in first:  # u ... w ... u again
        if _same_value(u, value):
            for w in first:
                if final[w] > first[u] and not _same_value(w, value) and not _same_value(w, u):
                    return f"{value} said again after {w}"
    for u in first:  # u ... w ... a third value
        if not _same_value(u, value):
            for w in first:
                if final[w] > first[u] and not _same_value(u, w) and not _same_value(w, value):
                    return f"{value} said after {u} and {w}"
    return None


def returning_value(statements: Iterable[Statement]) -> tuple[Statement, str] | None:
    """The first statement (in valid-time order) that shows the key gathering values within
    its session, with the reason for the log; None when there is none."""
    by_session: dict[str, list[Statement]] = defaultdict(list)
    for s in statements:
        if s.session_id and _takes_part(s):
            by_session[s.session_id].append(s)
    found: list[tuple[Statement, str]] = []
    for session, said in by_session.items():
        said.sort(key=Statement.order)
        for k in range(2, len(said)):
            if (reason := _pattern(said, k)) is not None:
                found.append((said[k], f"{reason} in session {session}"))
                break
    return min(found, key=lambda pair: pair[0].order(), default=None)
