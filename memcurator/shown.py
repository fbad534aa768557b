"""How a reason shows the stems it names: as the statements being judged write them.

``wording`` reads statements as stems ("filed" and "files" are "fil"); a reason shows them
to a reader. A stem is shown by a curated display (``wording._CURATED``: "no longer", "c++"),
else as the judged statements themselves first write it (the older one first), else as
``wording``'s own lexicons write it (recorded while it loads), else as the stem.

Never by what the process happened to read before. A reason's words once were the first
spelling the process had met: one decision read "bugs, filed" in one process and "bugs,
file" in another, and the write log, which is permanent, depended on what ran before it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextvars import ContextVar
from functools import lru_cache, wraps
from typing import Any, TypeVar

from memcurator.wording import _CURATED, _DISPLAY, _TOKEN, _stem

# The statements a reason being written is about (``judged_statements``).
_JUDGED: ContextVar[tuple[str, ...]] = ContextVar("memcurator_judged", default=())
_Judge = TypeVar("_Judge", bound=Callable[..., Any])


# A judge is pure (its reasons too: above), so a call made again may be answered from memory. A
# key's timeline relates its stored statements again whenever a late arrival reopens it: the
# same pairs, more of them as the key's history grows (issue 13). Long texts are not kept.
REMEMBERED_CALLS, REMEMBERED_CHARS = 4096, 2000


def remembered(judge: _Judge) -> _Judge:
    """``judge(old, new, **keywords)``, a pure function of its arguments, with its recent
    answers kept (``REMEMBERED_CALLS``; ``.cache_info()`` says how often they served)."""

    @lru_cache(maxsize=REMEMBERED_CALLS)
    def answer(old: str, new: str, keywords: tuple[tuple[str, Any], ...]) -> Any:
        return judge(old, new, **dict(keywords))

    @wraps(judge)
    def remembering(old: str, new: str, **keywords: Any) -> Any:
        if len(old) + len(new) > REMEMBERED_CHARS:
            return judge(old, new, **keywords)
        return answer(old, new, tuple(sorted(keywords.items())))

    remembering.cache_info = answer.cache_info  # type: ignore[attr-defined]
    return remembering  # type: ignore[return-value]


def judged_statements(judge: _Judge) -> _Judge:
    """``judge(old, new, ...)``'s reasons show each stem as ``old`` or ``new`` writes it
    (``_show``), whatever else the process has read: the same decision reads the same in a
    nightly run, a backfill and a fresh process, so the permanent write log does too."""

    @wraps(judge)
    def judging(old: str, new: str, *args: Any, **kwargs: Any) -> Any:
        token = _JUDGED.set((old, new))
        try:
            return judge(old, new, *args, **kwargs)
        finally:
            _JUDGED.reset(token)

    return judging  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def _written(texts: tuple[str, ...]) -> dict[str, str]:
    """Each stem of ``texts`` as first written there, lower-cased."""
    written: dict[str, str] = {}
    for text in texts:
        for token in _TOKEN.findall(text):
            written.setdefault(_stem(token), token.lower())  # _stem keeps its own cache
    return written


def _show(stems: Iterable[str], texts: tuple[str, ...] = ()) -> str:
    """``stems`` for a reason: a curated display, else as ``texts`` (by default the statements
    being judged) write them, else as the lexicons do, else the stem itself; never by what the
    process read before."""
    written = _written(texts or _JUDGED.get())
    return ", ".join(
        sorted(_CURATED.get(s) or written.get(s) or _DISPLAY.get(s) or s for s in stems)
    )
