"""Observation keys that survive wording: a tool name and a symptom class.

The same failure reaches the store worded many ways ("timeout after 30 s", "read timeout",
"connection timed out on replica-2"; "the search API", "search API"). Rule 6 promotes an
observation only when it repeats, so a key that follows the wording never repeats. Here the
symptom is read as one of a small set of failure classes (what an operator would file it
under), and the tool name drops what varies between sightings of one tool: case, punctuation,
articles, plurals, versions, hosts and numbers ("replica-2", "v1.4", "after 30 s").

A symptom no class matches keeps today's normalisation (its own words): a new kind of failure
stays apart rather than joining a class it does not belong to. ``explain_observation_key`` says
how both parts were read, and ``unmerged_observation_reason`` says why a new sighting did not
join an entry already in the store. ``new_entry_reason`` is the reason of the log row of a
keyed entry's first statement (resolve.py's inserted event): for an observation, its key, how
the key was read and why no entry took it.
Pure and deterministic: no imports beyond the standard library.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Protocol

_NON_WORD = re.compile(r"[^\w]+")

# Failure classes in the order they are tried: the first that matches wins, so the more
# specific reading goes first ("connection timed out" is a timeout, not a refused connection;
# "account locked" is auth, not a lock).
SYMPTOM_CLASSES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        (
            "out_of_memory",
            r"\bout of memory\b|\boom\b|\boom-?kill|\bexit(?: code)? 137\b"
            r"|\bmemory limit|\bmemory exhausted\b|\bcannot allocate memory\b|\bmemoryerror\b"
            r"|\bheap space\b",
        ),
        (
            "disk_full",
            r"\bno space left\b|\benospc\b|\bout of (?:disk|storage) ?(?:space)?\b"
            r"|\bdisk (?:is )?full\b|\bdisk quota\b|\bquota exceeded on disk\b",
        ),
        ("rate_limit", r"\brate[- ]?limit|\b429\b|\btoo many requests\b|\bthrottl|\bquota\b"),
        (
            "connection_limit",
            r"\btoo many (?:open |client |db |database )?connections\b|\bmax_?connections\b"
            r"|\bconnection (?:limit|slots?|pool)\b.*\b(?:reached|exhausted|full|exceeded|out)\b"
            r"|\b(?:connection |db |database )?pool (?:is )?(?:exhausted|full|empty)\b"
            r"|\bout of connections\b|\bno (?:free|available|more) connections\b"
            r"|\bremaining connection slots\b",
        ),
        (
            "timeout",
            r"\btime[ds]? ?out\b|\btimeouts?\b|\btimed[- ]out\b|\bdeadline exceeded\b"
            r"|\betimedout\b|\b504\b",
        ),
        (
            "auth",
            r"\b401\b|\bunauthori[sz]ed\b|\bauth(?:entication)?\b.*\bfail|\bfail\w* to "
            r"auth|\binvalid (?:token|credentials|password|api key)\b|\b(?:token|credentials?) "
            r"expired\b|\bexpired (?:\w+ )?(?:token|credentials?|password|api key|session)\b"
            r"|\b(?:credentials?|token) (?:were |was )?rejected\b|\blogin failed\b|\blocked out\b",
        ),
        (
            "permission",
            r"\b403\b|\bforbidden\b|\bpermission denied\b|\beacces\b|\beperm\b"
            r"|\baccess denied\b|\bnot permitted\b|\binsufficient (?:permissions|privileges)\b",
        ),
        (
            "not_found",
            r"\b404\b|\bnot found\b|\benoent\b|\bno such (?:file|host|table|key)"
            r"|\bdoes not exist\b|\bmissing (?:file|table|module)\b",
        ),
        (
            "refused",
            r"\bconnection refused\b|\beconnrefused\b|\brefus\w* (?:the )?connection"
            r"|\bconnection reset\b|\beconnreset\b|\bunreachable\b",
        ),
        ("dns", r"\bdns\b|\bname resolution\b|\bcould not resolve\b|\benotfound\b"),
        ("tls", r"\btls\b|\bssl\b|\bcertificate\b|\bx509\b"),
        ("lock", r"\b(?:dead)?locks?\b|\block (?:held|contention|timeout)\b|\blocked\b"),
        ("replication_lag", r"\blag(?:ging)?\b|\breplication delay\b|\bbehind (?:the )?primary"),
        (
            "crash",
            r"\bcrash|\bsegfault|\bsegmentation fault\b|\bpanic|\bcore dumped\b"
            r"|\bsigsegv\b|\bsigabrt\b|\bunhandled exception\b|\bfatal error\b",
        ),
        (
            "server_error",
            r"\b50[023]\b|\binternal server error\b|\bbad gateway\b"
            r"|\bservice unavailable\b",
        ),
    )
)
_CLASS_NAMES = frozenset(name for name, _ in SYMPTOM_CLASSES)
# Articles and owners in front of a tool's name say nothing about which tool it is.
_TOOL_FILLER = frozenset(["the", "a", "an", "our", "my", "their", "your", "this", "that"])
# A number, a version or a numbered host's suffix: "15", "v1.4", "10.0.0.4:5432", "replica-2".
_VERSION = re.compile(r"^\(?v?\d[\d.:]*\)?$")
_AT_HOST = re.compile(r"@[\w.:-]+$")
_NUMBERED = re.compile(r"[-_#]\d+\)?$")


def _words(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKC", text).casefold()
    return [w for w in _NON_WORD.sub(" ", folded).split() if w]


def _light_stem(word: str) -> str:
    """Plural and "-ment" folded, enough to meet "deployment bot" / "deploy bots". Only a tool's
    last word (its head noun) is folded: "postgres" is a name, "bots" a plural."""
    if len(word) > 5 and word.endswith("ment"):
        return word[:-4]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "res")):
        return word[:-1]
    return word


def canonical_tool(tool: str) -> str:
    """The tool part of a key: case, punctuation, articles, plurals, versions and hosts dropped.
    When nothing is left (a tool named only by a version) the plain normalised name is used."""
    raw = unicodedata.normalize("NFKC", tool).casefold().split()
    # "psql@10.0.0.4": where the tool ran is not which tool it is.
    kept = [_NUMBERED.sub("", _AT_HOST.sub("", w)) for w in raw if not _VERSION.match(w)]
    words = [w for w in _words(" ".join(kept)) if w not in _TOOL_FILLER]
    words = [_light_stem(w) if w.endswith("ment") else w for w in words[:-1]] + [
        _light_stem(w) for w in words[-1:]
    ]
    return "_".join(words) or "_".join(_words(tool))


def symptom_class(symptom: str) -> tuple[str, str]:
    """(class, the words that matched) for a symptom, or ("", "") when no class fits."""
    for name, pattern in SYMPTOM_CLASSES:
        if found := pattern.search(symptom):
            return name, found.group(0)
    return "", ""


def observation_parts(tool: str, symptom: str) -> tuple[str, str]:
    """The two parts of an observation key: the canonical tool and the symptom's class (or,
    when no class fits, the symptom's own normalised words, as before classes existed)."""
    name, _ = symptom_class(symptom)
    return canonical_tool(tool), name or "_".join(_words(symptom))


def explain_observation_key(tool: str, symptom: str) -> str:
    """How an observation's key was derived, for a log reason."""
    tool_part, symptom_part = observation_parts(tool, symptom)
    name, matched = symptom_class(symptom)
    how_symptom = (
        f"symptom '{symptom}' classed as {name} ('{matched}')"
        if name
        else f"symptom '{symptom}' fits no class, kept as {symptom_part}"
    )
    return f"tool '{tool}' read as {tool_part}; {how_symptom}"


def same_failure_reason(key: str) -> str | None:
    """Why two observations under ``key`` are one failure whatever their wording, or None when
    the key says nothing of it (its symptom fits no class, so only the text can tell). Meant
    for resolve.py's observation join (``Timeline._same``), which today asks the text only."""
    tool, _, symptom = key.partition(":")[2].rpartition("/")
    if symptom not in _CLASS_NAMES:
        return None
    return f"same failure: tool {tool}, symptom class {symptom} (key {key})"


def unmerged_observation_reason(key: str, scope_keys: Iterable[str]) -> str:
    """Why an observation under ``key`` starts a new entry, given the observation keys active in
    its scope: no entry under that key, and the nearest one differs in tool or in symptom."""
    tool, _, symptom = key.partition(":")[2].rpartition("/")
    same_tool, same_symptom = [], []
    for other in sorted(set(scope_keys) - {key}):
        o_tool, _, o_symptom = other.partition(":")[2].rpartition("/")
        if o_tool == tool:
            same_tool.append(o_symptom)
        elif o_symptom == symptom:
            same_symptom.append(o_tool)
    reason = f"no active observation under {key} in this scope"
    if same_tool:
        reason += f"; {tool} has other symptoms here ({', '.join(same_tool[:3])}): another failure"
    if same_symptom:
        reason += f"; {symptom} seen with other tools ({', '.join(same_symptom[:3])}): tools differ"
    return reason


class _Keyed(Protocol):
    @property
    def type(self) -> str: ...
    @property
    def subject_key(self) -> str | None: ...
    @property
    def tool(self) -> str | None: ...
    @property
    def symptom(self) -> str | None: ...


def new_entry_reason(entry: _Keyed) -> str:
    """The log reason of a keyed entry's first statement. For an observation it names the key,
    how the tool and symptom were read, and that no entry under the key was open to join: a
    sighting that reads as another failure, or one after the nightly pass closed the last."""
    if entry.type != "observation" or not entry.subject_key:
        return f"new {entry.type} entry"
    reason = (
        f"new observation entry under {entry.subject_key}: no observation under this key was "
        "open in this scope (none yet, or closed by the nightly pass: promoted or expired)"
    )
    if entry.tool and entry.symptom:
        reason += f"; {explain_observation_key(entry.tool, entry.symptom)}"
    return reason
