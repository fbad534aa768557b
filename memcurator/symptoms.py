"""Observation keys that survive wording: a tool name and a symptom class.

The same failure reaches the store worded many ways ("timeout after 30 s", "read timeout",
"connection timed out on replica-2"; "the search API", "search API"). Rule 6 promotes an
observation only when it repeats, so a key that follows the wording never repeats. Here the
symptom is read as one of a small set of failure classes (what an operator would file it
under), and the tool name drops what varies between sightings of one tool: case, punctuation,
articles, plurals, versions, hosts and numbers ("replica-2", "v1.4", "after 30 s"), words that
only say it is a program ("CLI", "client", "command"), and other names of one tool from the
alias table ("PostgreSQL", "postgres" -> psql): ``tool_reading`` says what it dropped and why.

A symptom no class matches keeps today's normalisation (its own words): a new kind of failure
stays apart rather than joining a class it does not belong to. ``explain_observation_key`` says
how both parts were read, and ``unmerged_observation_reason`` says why a new sighting did not
join an entry already in the store. ``new_entry_reason`` is the reason of the log row of a
keyed entry's first statement (resolve.py's inserted event): for an observation, its key, how
the key was read and why no entry took it.
Pure and deterministic: the standard library and the alias table (aliases.TOOL_ALIASES) only.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple, Protocol

from memcurator.aliases import TOOL_ALIASES

_NON_WORD = re.compile(r"[^\w]+")

# An HTTP status code as a status, not a quantity: "HTTP 429", "got a 403", "403s", npm's
# "E404"; not "500 ms" or "took 504 seconds".
_UNITS = r"ms|s|sec|secs|seconds?|mins?|minutes?|rows|items|mb|kb|gb|%"


def _status(codes: str) -> str:
    return rf"\be?(?:{codes})s?\b(?!\s*(?:{_UNITS}))"


# Failure classes in the order they are tried: the first that matches wins, so the more
# specific reading goes first ("connection timed out" is a timeout, not a refused connection;
# "account locked" is auth, not a lock; "memory limit exceeded" is memory, not a rate limit).
# Each class is what an operator would file the failure under, in the words and codes tools
# and people use for it (errno names, HTTP statuses, exception names, plain English).
SYMPTOM_CLASSES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        (
            "out_of_memory",
            r"\bout[- ]of[- ]memory\b|\boom\b|\boom[- ]?kill|\boutofmemory|\benomem\b"
            r"|\b(?:exit(?:ed)?|status|code|signal)\W+(?:\w+\W+){0,2}137\b|\bmemory ?limit"
            r"|\bmemory (?:exhausted|exceeded|pressure)|\b(?:cannot|could not|failed to|unable"
            r" to) allocate\b|\bmemoryerror\b|\bheap (?:space|limit|exhausted)|\bbad_alloc\b"
            r"|\b(?:ran|running|runs) out of (?:ram|memory|heap)\b|\b(?:not enough|insufficient"
            r"|low on) (?:memory|ram)\b|\bexceeded (?:its |the )?memory\b",
        ),
        (
            "disk_full",
            r"\bno space left\b|\benospc\b|\bout of (?:disk|storage|space)\b"
            r"|\b(?:disk|storage) quota\b"
            r"|\b(?:disk|drive|card|volume|storage|filesystem|file system|partition)(?: is)?"
            r" (?:full|out of space)\b"
            r"|\b(?:not enough|insufficient|no) (?:free )?(?:disk|storage) space\b"
            r"|\b(?:disk|drive|volume|storage|filesystem|partition)(?: usage)?(?: is)?(?: at)?"
            r" 100 ?%"
            r"|\b0 (?:bytes|b|kb|mb)(?: of space)? (?:free|left|available)\b"
            r"|\b(?:ran|running|runs) out of (?:disk|storage|space)\b",
        ),
        (
            "connection_limit",
            r"\btoo many (?:open |client |db |database )?connections\b|\bmax_?connections\b"
            r"|\bconnection (?:limit|slots?|pool)\b.*\b(?:reached|exhausted|full|exceeded|out)\b"
            r"|\b(?:connection |db |database )?pool (?:is )?(?:exhausted|full|empty)\b"
            r"|\bout of connections\b|\bno (?:free|available|more) connections\b"
            r"|\bremaining connection slots\b|\btoo many clients\b",
        ),
        (
            "rate_limit",
            r"\brate[- ]?limit|" + _status("429") + r"|\btoo many requests\b|\bthrottl"
            r"|\bquota\b|\brate exceeded\b|\brequest limit\b|\bapi limit\b"
            r"|\bretry[- ]after\b|\b(?:request|call)s? (?:were |are )?(?:capped|limited)\b"
            r"|(?-i:SlowDown)|\bplease slow down\b|\breduce (?:your|the) request rate\b"
            # any other limit reached ("series limit of 1k reached"); time, memory and size are
            # not rates
            r"|(?<!time )(?<!memory )(?<!size )\blimit (?:of )?(?:[\w.,]+ ){0,2}?(?:was |is |has"
            r" been )?(?:reached|exceeded|hit)\b|\b(?:hit|reached|exceeded) (?:the |a |our |its )?"
            r"(?!(?:\w+ ){0,2}(?:time|memory|size) limit)(?:\w+ ){0,2}limit\b",
        ),
        (
            "timeout",
            r"\btime[ds]?[- ]?outs?(?!side|put|line)|\bdeadline (?:exceeded|expired)"
            r"|\betimedout\b|" + _status("504|408") + r"|\bgateway time"
            r"|\bhung\b|\bhangs?\b|\bhanging\b|\bfroze\b|\bfreez(?:es|ing)\b"
            r"|\bstall(?:s|ed|ing)?\b|\bstuck\b|\bforever\b|\bindefinitely\b"
            r"|\bnever (?:returned|returns|responded|responds|completed|completes|finished"
            r"|finishes|came back|comes back|answered|loaded|ended|terminated)\b"
            r"|\b(?:took|takes|taking|waited|waiting) (?:ages|too long|way too long)\b"
            r"|\b(?:gave|give|gives|giving) up waiting\b|\btime ?limit\b"
            r"|\b(?:took|takes|taking|ran|runs|running) longer than\b"
            r"|\bwait(?:ed|ing)? (?:for )?over\b"
            r"|\b(?:no|without a?) (?:response|reply|answer)\b|\bnot responding\b"
            r"|\bunresponsive\b|\b(?:did not|didn't|does not|doesn't|never) respond",
        ),
        (
            "tls",
            r"\btls\b|\bssl\b|\bcertificate\b|\bcerts?\b|\bx509\b|\bhandshake\b"
            r"|\bself[- ]signed\b",
        ),
        (
            "auth",
            _status("401") + r"|\bunauthori[sz]ed\b|\bunauthenticated\b|\bauth(?:entication)?\b"
            r".*\b(?:fail|error|required|denied)|\bfail\w* to auth|\binvalid (?:token|credentials"
            r"|password|api key|key|secret|login)\b|\b(?:token|credentials?|session|login"
            r"|password) (?:has |have |had )?expired\b|\bexpired (?:\w+ )?(?:token|credentials?"
            r"|password|api key|session|login)\b|\bcredential|\bbad (?:password|login)\b"
            r"|\b(?:wrong|incorrect) (?:password|credentials|username)\b|\blog ?in (?:failed"
            r"|required|expired)\b|\bnot (?:logged|signed) in\b|\blocked out\b|\baccount (?:is"
            r" |was |got |been )*(?:locked|disabled|suspended)\b|\b(?:api key|token)"
            r" (?:was |is |were )?(?:rejected|revoked|invalid|missing)\b",
        ),
        (
            "permission",
            _status("403") + r"|\bforbidden\b|\bpermission|\beacces\b|\beperm\b"
            r"|\baccess ?denied\b|\bnot (?:permitted|allowed|authori[sz]ed)\b"
            r"|\baccess (?:was |is )?(?:refused|rejected|revoked)\b"
            r"|\binsufficient (?:permissions|privileges|rights|scopes?)\b|\bprivilege"
            r"|\bdenied\b|\b(?:must|needs? to|has to) be (?:root|admin)\b"
            r"|\brequires? (?:root|admin|sudo|elevated)\b|\bread[- ]only (?:file ?system|access)\b",
        ),
        (
            "dependency_conflict",
            r"\beresolve\b|\bdependency (?:conflict|resolution|hell)\b"
            r"|\b(?:could not|couldn't|cannot|can't|unable to) resolve (?:the )?dependenc"
            r"|\bconflicting (?:dependencies|versions|requirements)\b|\bpeer dep"
            r"|\bversion (?:conflict|mismatch)\b|\bincompatible (?:versions?|dependenc)",
        ),
        (
            "dns",
            r"\bdns\b|\bname resolution\b|\b(?:could not|couldn't|cannot|can't|unable to|failed"
            r" to) resolve (?:the )?(?:host|hostname|address|name|domain)|\benotfound\b"
            r"|\bgetaddrinfo\b|\bnxdomain\b|\bno such host\b|\bunknown host\b"
            r"|\bhost (?:not found|unknown)\b|\bname or service not known\b",
        ),
        (
            "not_found",
            _status("404") + r"|\bnot found\b|(?-i:NotFound)|\benoent\b|\bno such\b|(?-i:NoSuch)"
            r"|\b(?:does not|doesn't|did not|didn't) exist\b|\bnon-?existent\b|\bmissing\b"
            r"|\b(?:cannot|can't|could not|couldn't|unable to|failed to) (?:find|locate)\b"
            r"|\bno module named\b|\bnot installed\b|\bunknown (?:table|relation|column"
            r"|database|bucket|file|command)\b",
        ),
        (
            "refused",
            r"\bconnection refused\b|\beconnrefused\b|\brefus\w* (?:the |our |my |a )?connect"
            r"|\bconnection (?:was |got )?(?:reset|closed|dropped|aborted|lost|terminated)\b"
            r"|\breset by peer\b|\beconnreset\b|\beconnaborted\b|\bepipe\b|\bbroken pipe\b"
            r"|\bunreachable\b|\behostunreach\b|\benetunreach\b|\bno route to host\b"
            r"|\b(?:could not|couldn't|cannot|can't|unable to|failed to) (?:connect|reach)\b"
            r"|\blost (?:the )?connection\b|\bdisconnect(?:ed|s)?\b"
            r"|\bclosed the connection\b|\bserver closed\b|\bnot running\b"
            r"|\b(?:is|was|went) down\b|\b(?:nothing|nobody|no one|not) (?:is )?listening\b"
            r"|\bport (?:\d+ )?(?:is |was )?closed\b",
        ),
        (
            "lock",
            r"\b(?:dead)?locks?\b|\block (?:held|contention|timeout|wait)\b|\blocked\b",
        ),
        (
            "conflict",
            _status("409") + r"|\bconflict|\balready exists\b|\bduplicate key\b"
            r"|\bunique (?:constraint|violation)\b|\balready in use\b|\beaddrinuse\b",
        ),
        ("replication_lag", r"\blag(?:ging)?\b|\breplication delay\b|\bbehind (?:the )?primary"),
        (
            "crash",
            r"\bcrash|\bsegfault|\bsegmentation fault\b|\bpanic|\bcore dump"
            r"|\bsigsegv\b|\bsigabrt\b|\bunhandled exception\b|\bfatal error\b|\baborted \(core"
            r"|\babort trap\b"
            r"|\b(?:process|worker|pod|container|daemon|server|service|it) (?:died|dies|exited"
            r" unexpectedly|quit unexpectedly)\b|\bexited unexpectedly\b|\bterminated"
            r" unexpectedly\b",
        ),
        (
            "server_error",
            _status("500|502|503") + r"|\b5xx\b|\binternal (?:server )?error\b|\bbad gateway\b"
            r"|\bservice unavailable\b|\bserver error\b",
        ),
        (
            "bad_input",
            _status("400|422") + r"|\bbad request\b|\bsyntax error|\bparse error|\bparsing error"
            r"|\b(?:failed|unable) to parse\b|\b(?:could not|couldn't|cannot|can't) parse\b"
            r"|\bmalformed\b|\bunexpected token\b|\binvalid (?:json|yaml|syntax|input|argument"
            r"|option|flag|value|request)\b|\bunknown (?:flag|option|argument|subcommand)\b"
            r"|\bunrecognized (?:option|argument|arguments|flag)\b",
        ),
        (
            "slow",
            r"\bslow(?:ly|er|ness)?\b|\bsluggish\b|\bhigh latency\b|\blatency (?:spike|spikes"
            r"|jumped|high)\b|\btook (?:over |more than |almost |nearly )?\d+(?:\.\d+)? ?(?:s|sec"
            r"|secs|seconds|min|mins|minutes)\b",
        ),
    )
)
_CLASS_NAMES = frozenset(name for name, _ in SYMPTOM_CLASSES)
# The tool part of the key of a telling symptom (``telling_words``). A tool named "any tool"
# shares no key with one: whether a symptom is telling is a function of the key's symptom part.
ANY_TOOL = "any_tool"
# Words that do not make a symptom particular: function words and what any failure says.
_NOT_TELLING = frozenset("""
a an the and or but of on in at to for from by with without into onto over under after before
while during is are was were be been being has have had do does did it its this that these those
there here not no nor can cannot could couldn won will would should may might must again still
just only also very too so than then when which who what where how all any some each every more
most same other another one two three we you he she they me us our your my his her their them
fail failed fails failing failure failures error errors err exception exceptions fatal warning
warn problem problems issue issues unknown unexpected unexpectedly something went wrong unable
occurred occur happened job jobs task tasks process processes run runs running ran exited exit
exits code codes status returned return returns non zero nonzero request requests response
responses operation operations command internal try retry retried retrying later please step
steps aborted abort stopped stop broken bad invalid incorrect output result results
""".split())  # noqa: SIM905 - a list of words
# Articles and owners in front of a tool's name say nothing about which tool it is.
_TOOL_FILLER = frozenset(["the", "a", "an", "our", "my", "their", "your", "this", "that"])
# Words that say a name is a program, not which program: "psql client", "the gh CLI", "redis-cli",
# "docker binary", "mongo shell", "the geocoding service", "render worker". Dropped only when a
# name is left ("the CLI" stays "cli").
_GENERIC = frozenset({
    "cli", "client", "clients", "command", "commands", "cmd", "tool", "tools", "tooling",
    "binary", "binaries", "bin", "utility", "utilities", "util", "utils", "executable", "exe",
    "program", "shell", "lts", "cmdline", "service", "services", "daemon", "job", "jobs", "worker",
    "workers", "app", "application", "process", "instance",
})  # fmt: skip
# What a command does, after a known tool's name: "git push", "npm install", "terraform apply"
# are git, npm and terraform failing. Only after a name the alias table knows, so "search
# update" (a service) keeps its words.
_SUBCOMMANDS = frozenset({
    "install", "ci", "push", "pull", "clone", "fetch", "commit", "apply", "plan", "init",
    "build", "run", "exec", "start", "up", "upgrade", "update", "deploy", "publish", "login",
    "test", "tests", "sync", "restore", "dump", "import", "export", "query", "queries",
    "connect", "upload", "download", "playbook",
})  # fmt: skip
# A number, a version or a numbered host's suffix: "15", "v1.4", "20.x", "3.12.1-rc1",
# "10.0.0.4:5432", "replica-2".
_VERSION = re.compile(r"^\(?v?\d+(?:[.:](?:\d+|x|\*))*(?:-?(?:rc|beta|alpha)\.?\d*)?\)?,?$")
_VERSION_WORDS = frozenset({"version", "ver", "release", "rel"})
_GLUED_VERSION = re.compile(r"^([a-z][a-z.+-]*?[a-z])v?(\d+(?:\.\d+)*)$")  # "python3.12"
_AT_HOST = re.compile(r"@[\w.:-]+$")
_NUMBERED = re.compile(r"[-_#]\d+\)?$")
_COMMAND_LINE = re.compile(r"\bcommand[- ]line\b")


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


class ToolReading(NamedTuple):
    """How a tool's name was read: the key's tool part, the words dropped as saying nothing of
    which tool it is (versions, "CLI", "client", a subcommand), and the other name it was read
    as ('' when none: "postgresql" -> psql)."""

    name: str
    dropped: tuple[str, ...] = ()
    alias: str = ""

    def explain(self, given: str) -> str:
        how = [f"dropped {', '.join(repr(w) for w in self.dropped)}"] if self.dropped else []
        if self.alias:
            how.append(f"'{self.alias}' is another name of {self.name}")
        return f"tool '{given}' read as {self.name}" + (f" ({'; '.join(how)})" if how else "")


def _alias(words: list[str]) -> str:
    return TOOL_ALIASES.get(" ".join(words), "")


def _unglue(word: str) -> tuple[str, str]:
    """A known tool's name with its version glued on ("python3.12", "pip3", "node20"): the
    name and the version; any other word as it is ("s3", "ec2", "k8s" keep their digits)."""
    found = _GLUED_VERSION.match(word)
    if found and _alias(_words(found[1])):
        return found[1], found[2]
    return word, ""


def _plain_words(tool: str) -> tuple[list[str], list[str]]:
    """The words of a tool's name without articles, versions, hosts and numbers, and what was
    dropped (only what says something: versions, not punctuation)."""
    folded = _COMMAND_LINE.sub("command", unicodedata.normalize("NFKC", tool).casefold())
    kept: list[str] = []
    dropped: list[str] = []
    for raw in folded.split():
        word = _AT_HOST.sub("", raw)  # "psql@10.0.0.4": where it ran is not which tool it is
        if _VERSION.match(word):
            dropped.append(word.strip("(),"))
            if kept and kept[-1] in _VERSION_WORDS:  # "version 15"
                dropped.insert(-1, kept.pop())
            continue
        word, version = _unglue(word)
        dropped += [version] if version else []
        kept.append(_NUMBERED.sub("", word))
    words = []
    for word in _words(" ".join(kept)):
        if word.isdigit():
            dropped.append(word)
        elif word not in _TOOL_FILLER:
            words.append(word)
    return words, dropped


@lru_cache(maxsize=4096)  # asked for every observation of every batch: pure, so cached
def tool_reading(tool: str) -> ToolReading:
    """Read a tool's name as one name for all its wordings: case, punctuation, articles,
    versions ("psql 15", "node v20", "python3.12") and hosts dropped; then the whole name looked
    up in the alias table (aliases.TOOL_ALIASES: "PostgreSQL" -> psql, "GitHub CLI" -> gh);
    then again without generic words ("redis-cli", "the psql client") and without a subcommand
    after a known name ("git push"). A name the table does not know keeps its words, its head
    noun singular ("deploy bots" -> deploy_bot). When nothing is left (a tool named only by a
    version) the plain normalised name is used."""
    words, dropped = _plain_words(tool)
    named = [w for w in words if w not in _GENERIC] or words
    dropped_generic = dropped + [w for w in words if w not in named]
    head = [*named[:-1], _light_stem(named[-1])] if named else []
    # The whole name, then without generic words at its end ("github cli tool": "github cli"
    # is gh), then without any generic word, then with its head noun singular.
    ends = len(words)
    while ends > 1 and words[ends - 1] in _GENERIC and not _alias(words[:ends]):
        ends -= 1
    readings = [(words[:ends], dropped + words[ends:]), (named, dropped_generic),
                (head, dropped_generic)]
    for phrase, gone in readings:
        if found := _alias(phrase):
            alias = "" if found == "_".join(phrase) else " ".join(phrase)
            return ToolReading(found, tuple(gone), alias)
    if len(named) > 1 and (found := _alias(named[:1])) and set(named[1:]) <= _SUBCOMMANDS:
        alias = "" if found == named[0] else named[0]
        return ToolReading(found, (*dropped_generic, *named[1:]), alias)
    words = [_light_stem(w) if w.endswith("ment") else w for w in named[:-1]] + head[-1:]
    if not words:
        return ToolReading("_".join(_words(tool)))
    return ToolReading("_".join(words), tuple(dropped_generic))


def canonical_tool(tool: str) -> str:
    """The tool part of a key (``tool_reading``'s name)."""
    return tool_reading(tool).name


def symptom_class(symptom: str) -> tuple[str, str]:
    """(class, the words that matched) for a symptom, or ("", "") when no class fits."""
    for name, pattern in SYMPTOM_CLASSES:
        if found := pattern.search(symptom):
            return name, found.group(0)
    return "", ""


def telling_words(symptom: str) -> tuple[str, ...]:
    """The words that make a symptom name one failure on their own, or () when it does not.

    A symptom no class fits is telling when it has at least three words of its own (not
    function words, not what any failure says: "failed", "error", "exit code", "job", numbers
    alone) and is either five words or more or carries a number ("AB-7731", "batch 2231").
    "slot 09:40 already taken by another patient" and "invoice batch 2231 left pending" are
    telling; "stale cache entries", "build failed" and "the job failed with errors" are not.
    It is read from the key's symptom part (its words joined by "_") alone, so every wording
    of one key is telling or none is."""
    return _telling("_".join(_words(symptom)))


def _telling(slug: str) -> tuple[str, ...]:
    """``telling_words`` of a key's symptom part."""
    words = [w for w in slug.split("_") if w]
    own = tuple(w for w in words if w not in _NOT_TELLING and not w.isdigit() and len(w) > 1)
    if len(own) >= 3 and (len(words) >= 5 or any(c.isdigit() for c in slug)):
        return own
    return ()


def observation_parts(tool: str, symptom: str) -> tuple[str, str]:
    """The two parts of an observation key: the canonical tool and the symptom's class (or,
    when no class fits, the symptom's own normalised words, as before classes existed).

    A symptom no class fits that is telling (``telling_words``) is keyed for any tool
    (``ANY_TOOL``): the same particular message seen under two names of one tool ("PawBook",
    "the vet's online booking page") in one scope is one failure, and a tool's names are not
    all in the alias table. Only the symptom's words decide it, so the key stays a function of
    the candidate alone (order independent); a telling and a plain symptom never share a key."""
    name, _ = symptom_class(symptom)
    if name:
        return canonical_tool(tool), name
    slug = "_".join(_words(symptom))
    return (ANY_TOOL if _telling(slug) else canonical_tool(tool)), slug


def explain_observation_key(tool: str, symptom: str) -> str:
    """How an observation's key was derived, for a log reason."""
    _, symptom_part = observation_parts(tool, symptom)
    name, matched = symptom_class(symptom)
    how_symptom = (
        f"symptom '{symptom}' classed as {name} ('{matched}')"
        if name
        else f"symptom '{symptom}' fits no class, kept as {symptom_part}"
    )
    if not name and (own := telling_words(symptom)):
        return (
            f"{how_symptom}; particular enough to name one failure whatever the tool's name "
            f"({', '.join(own[:4])}{', ...' if len(own) > 4 else ''}): keyed for {ANY_TOOL} "
            f"(the tool, '{tool}', stays on the entry)"
        )
    return f"{tool_reading(tool).explain(tool)}; {how_symptom}"


def same_failure_reason(key: str) -> str | None:
    """Why two observations under ``key`` are one failure whatever their wording, or None when
    the key says nothing of it (its symptom fits no class and is not telling on its own, so
    only the text can tell). Read by resolve.py's observation join (``Timeline._same``)."""
    tool, _, symptom = key.partition(":")[2].rpartition("/")
    if tool == ANY_TOOL and _telling(symptom):  # a tool named "any tool" keeps the text check
        return f"same failure: the same particular symptom, whatever the tool's name (key {key})"
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


def new_entry_reason(entry: _Keyed, *, refused: str | None = None) -> str:
    """The log reason of a keyed entry's first statement. For an observation it names the key,
    how the tool and symptom were read, and why it joined no entry under the key: none was
    open (none yet, or the nightly pass closed the last), or ``refused``, the verdict on the
    open one whose words read as another failure (a symptom no class fits and not telling:
    only the words can tell)."""
    if entry.type != "observation" or not entry.subject_key:
        return f"new {entry.type} entry"
    if refused:
        reason = (
            f"new observation entry under {entry.subject_key}: an observation under this key "
            f"is open in this scope, but the words read as another failure ({refused})"
        )
    else:
        reason = (
            f"new observation entry under {entry.subject_key}: no observation under this key "
            "was open in this scope (none yet, or closed by the nightly pass: promoted or "
            "expired)"
        )
    if entry.tool and entry.symptom:
        reason += f"; {explain_observation_key(entry.tool, entry.symptom)}"
    return reason
