"""Whether a key's own statements show that its attribute gathers values (issue 10).

An attribute's name does not always say whether it holds one value or several: "craft",
"houseplant", "sponsor" or "favourite_cuisines" gather (a person knits *and* does pottery),
"checked_bags" or "estimates" hold one. ``memcurator.cardinality`` reads the name; this reads
what was said. Within one conversation a single-valued attribute changes at most the way
people change their minds: "window, then aisle". A value that comes back after another one in
the same session ("I knit ... I do pottery ... I knit Fair Isle jumpers"), without a word of
revision ("switched back to", "Correction:") and without being negated, is two values held at
once: the attribute gathers them.

The verdict is a function of the key's statements alone, whatever order they arrive in: a
statement added to a session can make a value return, never stop one from returning. So a key
once read as gathering stays so, and placing its whole history again under that reading
(``store.gathering``) gives the history one batch of all its statements would.

Compared on the subject's value as the extractor gave it (case and spacing folded); a
statement without a value takes no part.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from memcurator.resolve import Statement
from memcurator.wording import _analyse, _stem

__all__ = ["returning_value"]


def _fold(value: str | None) -> str:
    """A subject's value as compared and logged: case and spacing folded, quoted."""
    folded = " ".join((value or "").casefold().split())
    return f"'{folded}'" if folded else ""


def _listed(values: list[str]) -> str:
    return " and ".join(dict.fromkeys(values))


def _revises(content: str) -> bool:
    """Whether a statement announces a change ("Update: ...", "switched to") or negates."""
    said = _analyse(content)
    return said.change is not None or bool(said.negs)


def _same_value(a: str, b: str) -> bool:
    """One value written twice: folded alike, or one's words inside the other's ("window" /
    "window seat"), so an extractor's varied spelling of one value is not read as two."""
    words_a, words_b = (frozenset(_stem(w) for w in re.findall(r"[^\W_]+", v)) for v in (a, b))
    return a == b or (bool(words_a and words_b) and (words_a <= words_b or words_b <= words_a))


def _labels(said: list[Statement]) -> list[str]:
    """The value each statement states, as the first earlier value it is written like."""
    labels: list[str] = []
    for s in said:
        value = _fold(s.value)
        labels.append(next((v for v in labels if _same_value(v, value)), value))
    return labels


def returning_value(statements: Iterable[Statement]) -> tuple[Statement, str] | None:
    """The first statement (in valid-time order) that shows the key gathering values within
    its session, with the reason for the log; None when there is none."""
    by_session: dict[str, list[Statement]] = defaultdict(list)
    for s in statements:
        if s.session_id and _fold(s.value):
            by_session[s.session_id].append(s)
    found: list[tuple[Statement, str]] = []
    for session, said in by_session.items():
        said.sort(key=Statement.order)
        seen: list[str] = []
        for s, value in zip(said, _labels(said), strict=True):
            if seen and value != seen[-1] and not _revises(s.content):
                if value in seen:
                    found.append((s, f"{value} said again after {seen[-1]} in session {session}"))
                    break
                if len(set(seen)) >= 2:
                    found.append((s, f"{value} said after {_listed(seen)} in session {session}"))
                    break
            seen.append(value)
    return min(found, key=lambda pair: pair[0].order(), default=None)
