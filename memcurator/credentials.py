"""Credential detection: name the first kind of secret in a text, or None.

Three families of detector, each behind a cheap substring trigger so clean text pays almost
nothing: vendor tokens recognisable on their own by a fixed prefix (``ghp_``, ``glpat-``,
``AKIA``, ``sk-ant-``, ...); secrets recognisable by their setting (``AccountKey=``,
``Authorization: Bearer``, ``scheme://user:password@host``, private key blocks, JWTs); and
passwords disclosed in prose, config or a command line (``password is ...``, ``pass: ...``,
``login is admin / ...``, ``sshpass -p ...``, ``mysql -p...``). A disclosed value must look
like a secret (digits, symbols or mixed case, not a placeholder such as ``<your password>``
or ``${DB_PASSWORD}``), so statements about credentials are kept.

Pure and linear: no pattern nests ambiguous quantifiers, so 100k characters of hostile input
take milliseconds. ``canonical`` and ``lower`` are shared with the personal-data detectors.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any, Final

from memcurator.vocabulary import CONTROL_CHARACTERS

_Match = re.Match[str]

# --- Canonical form: defeat formatting tricks that hide data from the patterns ---------------

# C0/C1 controls become spaces (they can act as separators); tab, newline and CR stay.
# Zero-width and bidi controls are invisible, so dropping them changes nothing a reader sees,
# while keeping them would let "4111<ZWSP>1111 ..." slip past the digit patterns.
# Also what renders as nothing or as a blank without being a space (a review, 2026-12-07, hid
# "AKIA\ufe0fZQ..." with each): the combining grapheme joiner, the Arabic letter mark, Hangul
# and Khmer fillers, Mongolian selectors, variation selectors, musical format marks, tag
# characters and the braille blank.
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u2069\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0"
    "\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]"
)


def canonical(text: str) -> str:
    """The text as the detectors should see it; the input itself when it is plain ASCII."""
    # isascii() is a flag check in CPython, so the common case pays almost nothing here.
    if text.isascii():
        return CONTROL_CHARACTERS.sub(" ", text) if CONTROL_CHARACTERS.search(text) else text
    cleaned = _INVISIBLE.sub("", CONTROL_CHARACTERS.sub(" ", text))
    # NFKC folds full-width digits and letters ("４１１１", "ｓｋ－") into ASCII.
    return unicodedata.normalize("NFKC", cleaned)


def lower(text: str) -> str:
    """Lower-cased text whose offsets line up with the input's ("İ" would lower to two chars)."""
    # Case-sensitive patterns on a lower-cased copy run ~5x faster than (?i) in CPython's re.
    if len(lowered := text.lower()) == len(text):
        return lowered
    return "".join(ch if len(ch.lower()) > 1 else ch.lower() for ch in text)


# --- Telling a secret from a word, a placeholder or a reference -------------------------------

# Values that stand in for a secret in docs and config templates rather than being one.
_PLACEHOLDER = re.compile(
    r"(?i)[*x\u2022.#?_-]+|[<{\[].*|\$\{?[a-z_]\w*\}?|%\(?\w*\)?s|your[_-]?\w*|example\w*"
    r"|passw(?:or)?d|pass|pwd|pw|str(?:ing)?|text|none|null|nil|true|false|undefined"
    r"|required|optional|redacted|hidden|n/?a|tbd"
)
# "os.environ['DB_PASSWORD']", "settings.SECRET_KEY", "getenv('X')": a reference, not a value.
_CODE_REFERENCE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[[^\]]{0,80}\]|\([^)]{0,80}\))+")


def _is_placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.fullmatch(value) or _CODE_REFERENCE.fullmatch(value))


def _looks_random(value: str) -> bool:
    """Digits, or case changes after the first letter: how machine-made secrets look."""
    has_digit = any(ch.isdigit() for ch in value)
    return has_digit or (any(c.isupper() for c in value[1:]) and any(c.islower() for c in value))


def _looks_secret(value: str) -> bool:
    """>= 6 chars with a digit, a symbol or mixed case, and not a word in ordinary casing."""
    if len(value) < 6 or _is_placeholder(value):
        return False
    # "required", "Required", "SSO-managed", "bike_share" are words; "hunter2!" and "tr0ub4dor"
    # are not.
    parts = re.split(r"[-_]", value)
    return not all(p.isalpha() and (p.islower() or p.isupper() or p.istitle()) for p in parts)


# --- Disclosures: a keyword, then a value -----------------------------------------------------

_VALUE = r"""(?P<val>"[^"\n]{0,200}"|'[^'\n]{0,200}'|`[^`\n]{0,200}`|[^\s"'`]\S{0,199})"""

# Keyword, optional "for the staging db", then is/:/=, then a value. Runs on the lower-cased
# text (see lower), hence no (?i). "PGPASSWORD" and "mysql_pwd" name a password too.
_DISCLOSURE = (
    r"""(?x)
    (?<![a-z0-9])
    (?P<kw> (?:[a-z0-9]{1,16}?[_-]?)?(?:passw(?:or)?d|pwd) | pass(?:phrase|code) | pin
      | (?:client|app|api)[_ -]?secret | secret(?:[_ -]?(?:access[_ -]?)?key)?
      | (?:api|access|encryption|signing|master)[_ -]?key | apikey
      | (?:access|auth|refresh|api|bot|session)[_ -]?token | token )
    (?![a-z])
    (?:[ \t]+(?:for|of|on|to|at)(?:[ \t]+[\w.@-]{1,40}){1,3})?
    ["']?
    (?:[ \t]*(?::=|=>|[:=])
      | [ \t]+(?:is|was)\b(?:[ \t]+(?:now|still|(?:set|changed)[ \t]+to))?[ \t]*:?)
    [ \t]*
"""
    + _VALUE
)
# "pass" and "pw" are too common as words to trust after "is": only "pass: x", "PW=x".
_SHORT_DISCLOSURE = r"(?x)(?<![a-z0-9])(?P<kw>pass|pw)[\"']?[ \t]*(?::=|[:=])[ \t]*" + _VALUE
# "login is admin / x", "credentials: admin:x", "username/password admin/x".
_LOGIN = (
    r"""(?x)
    (?<![a-z0-9])(?P<kw>(?:log[ -]?in|sign[ -]?in|credentials?|creds)
        (?=[ \t]*(?:(?:is|are|was)\b|[:=]))
      | user(?:name)?[ \t]*/[ \t]*pass(?:word)?)
    [ \t]*(?:(?:is|are|was)\b|[:=])?[ \t]*
    [\w.@+-]{1,64}[ \t]*(?:[/:,]|[ \t]and)[ \t]*
"""
    + _VALUE
)
# More command lines and headers (a review, 2026-12-07): "curl -u admin:x", "docker login -p
# x", "Authorization: Token x", "Cookie: sessionid=x", a Discord webhook's URL.
_CURL = (
    r"(?<![\w-])curl(?:[ \t]+\S+){0,12}?[ \t]+(?:-u|--user)[ \t=]*['\"]?[^\s:'\"]{1,64}:"
    r"(?P<cmd>[^\s'\"]{1,200})"
)
_DOCKER_LOGIN = (
    r"(?<![\w-])docker[ \t]+login(?:[ \t]+\S+){0,8}?[ \t]+(?:-p|--password)[ \t=]+"
    r"(?P<cmd>[^\s-]\S{0,199})"
)
_AUTH_HEADER = (  # lowered
    r"authorization[ \t]*[:=][ \t]*(?:token|apikey|api-key|key|digest)[ \t]+"
    r"(?P<tok>[a-z0-9._~+/=-]{16,4096})"
)
_COOKIE = (  # lowered
    r"cookie[ \t]*:[^\n]{0,200}?(?:session(?:id)?|sid|auth|token|jwt)[\w-]{0,20}="
    r"(?P<tok>[a-z0-9%._~+/=-]{16,4096})"
)
_DISCORD_HOOK = r"discord(?:app)?\.com/api/webhooks/\d{5,30}/[\w-]{20,}"
# Command lines: "sshpass -p 'x'", "mysql -u root -px", "mysqldump --password=x".
_SSHPASS = r"(?<![\w-])sshpass(?:[ \t]+-[a-oq-z]\S*)*[ \t]+-p[ \t]*" + _VALUE
_MYSQL = (
    r"(?<![\w-])mysql(?:dump|admin|sh)?(?:[ \t]+[^\s-]\S*|[ \t]+-[^p\s-]\S*){0,8}?"
    r"[ \t]+(?:-p|--password=)(?P<cmd>[^\s-]\S{0,199})"
)


def _disclosure_kind(keyword: str) -> str:
    compact = re.sub(r"[_ /-]", "", keyword)
    if "pass" in compact or "pwd" in compact or compact in ("pw", "login", "signin"):
        return "password"
    if compact.startswith(("cred", "user")):
        return "password"
    if compact in ("pin", "secretaccesskey"):
        return "pin" if compact == "pin" else "aws_secret_key"
    if compact.endswith("token"):
        return "access_token"
    return "api_key" if compact.endswith("key") else "secret"


def _classify_disclosure(match: _Match, text: str) -> str | None:
    raw, kind = text[match.start("val") : match.end("val")], _disclosure_kind(match["kw"])
    quoted = len(raw) >= 2 and raw[0] in "\"'`" and raw[-1] == raw[0]
    # Sentence punctuation after an unquoted value belongs to the sentence ("is hunter2.").
    value = raw[1:-1].strip() if quoted else raw.rstrip(".,;:!?)]}")
    if not value or _is_placeholder(value) or _is_placeholder(raw):
        return None
    if kind == "pin":
        return kind if value.isdecimal() and 4 <= len(value) <= 8 else None
    if value.isdecimal() and kind != "password":
        return None  # "token: 4096" is a limit, not a token
    if quoted:
        return kind if len(value) >= 4 else None
    return kind if _looks_secret(value) else None


def _confirm(kind: str, match: _Match, text: str) -> str | None:
    """The kind a detector's match really is, or None for a look-alike."""
    groups = match.re.groupindex
    if "val" in groups and "kw" in groups:
        return _classify_disclosure(match, text)
    if "val" in groups or "cmd" in groups:  # a command-line password: any real value is one
        raw = text[match.start(1) : match.end(1)]
        value = raw[1:-1] if len(raw) >= 2 and raw[0] in "\"'" and raw[-1] == raw[0] else raw
        return kind if len(value) >= 4 and not _is_placeholder(value) else None
    if "pw" in groups:  # "postgres://user:<password>@host" in docs is not a leak
        return None if _is_placeholder(match["pw"]) else kind
    # Vendor tokens are random; "sk-this-is-a-long-hyphenated-phrase" is not one.
    if "tok" in groups and not _looks_random(text[match.start("tok") : match.end("tok")]):
        return None
    return kind


# --- Vendor formats ---------------------------------------------------------------------------

# A token glued to an identifier is still the token ("token_ghp_...", "key_sk-ant-..."): the
# look-behinds below refuse a letter or digit before a prefix, not an underscore; GitHub's
# prefixes, followed by at least 30 letters and digits, need no boundary at all ("xghp_...").

# Tokens whose fixed prefix names them, from vendors' published formats. One alternation, run
# only when one of _VENDOR_TRIGGERS occurs in the text.
_VENDOR = r"""(?x)(?<![A-Za-z0-9.-])(?P<tok>
    gl(?:pat|dt|rt|ptt|ft|imt|cbt|oas|soat|agent)-[\w-]{20,255}
  | npm_[A-Za-z0-9]{36} | hf_[A-Za-z]{30,40} | GOCSPX-[\w-]{24,64}
  | SG\.[\w-]{16,32}\.[\w-]{30,64} | shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}
  | do[por]_v1_[a-f0-9]{64} | pypi-AgEIcHlwaS5vcmc[\w-]{50,255} | dckr_pat_[\w-]{20,64}
  | dapi[a-f0-9]{32}(?:-\d)? | hv[sb]\.[\w-]{24,255} | pnu_[A-Za-z0-9]{36}
  | gsk_[A-Za-z0-9]{48,64} | xai-[A-Za-z0-9]{60,100} | pplx-[A-Za-z0-9]{40,64}
  | lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10} | pcsk_[\w-]{40,128} | r8_[A-Za-z0-9]{37}
  | lin_api_[A-Za-z0-9]{40} | ntn_[A-Za-z0-9]{40,50} | PMAK-[a-f0-9]{24}-[a-f0-9]{34}
  | sntry[us]_[\w=+/.-]{40,255} | glsa_[A-Za-z0-9]{32}_[a-f0-9]{8} | NRAK-[A-Z0-9]{27}
  | AGE-SECRET-KEY-1[A-Z0-9]{58} | dp\.(?:st|sa|ct|pt)\.[\w-]{40,64} | sbp_[a-f0-9]{40}
  | figd_[\w-]{40,64} | tskey-[\w-]{20,80} | rubygems_[a-f0-9]{48} | oy2[a-z0-9]{43}
  | sq0(?:atp|csp)-[\w-]{22,43} | FLWSECK-[\w-]{32,64} | pscale_(?:pw|tkn|oauth)_[\w.-]{32,64}
  | xapp-\d-[A-Z0-9]{8,16}-\d{8,16}-[a-f0-9]{32,80} | whsec_[A-Za-z0-9+/=]{24,128}
  | EZAK[a-f0-9]{54} | ATBB[A-Za-z0-9]{32} | CFPAT-[\w-]{43} | (?:live|test)_[a-f0-9]{32}tok
)(?![A-Za-z0-9])"""
_VENDOR_TRIGGERS = (
    "glpat-|gldt-|glrt-|glptt-|glft-|glimt-|glcbt-|gloas-|glsoat-|glagent-|npm_|hf_|gocspx-"
    "|sg.|shpat_|shpss_|shpca_|shppa_|_v1_|pypi-|dckr_pat_|dapi|hvs.|hvb.|pnu_|gsk_|xai-"
    "|pplx-|lsv2_|pcsk_|r8_|lin_api_|ntn_|pmak-|sntry|glsa_|nrak-|age-secret-key-|dp."
    "|sbp_|figd_|tskey-|rubygems_|oy2|sq0|flwseck-|pscale_|xapp-|whsec_|ezak|atbb|cfpat-"
)
_PRIVATE_KEY = r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|PuTTY-User-Key-File-\d"
_AWS_KEY = r"(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"
_AWS_SECRET = (
    r"(?<![a-z0-9])(?:aws[\w.-]{0,30}secret|secret[_ .-]?access)[\w.-]{0,30}[\"']?"
    r"[ \t]*(?::=|=>|[:=]|is\b)[ \t]*[\"']?(?P<tok>[a-z0-9/+]{40})(?![a-z0-9/+])"
)
_GITHUB = r"(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_\w{30,255})(?!\w)"
_SLACK = r"(?<![A-Za-z0-9-])xox[abposre]-(?P<tok>[A-Za-z0-9-]{10,255})"
_SLACK_HOOK = r"hooks\.slack\.com/(?:services|workflows)/T[A-Z0-9]{4,}/[A-Z0-9]{4,}/\w{8,}"
_ANTHROPIC = r"(?<![A-Za-z0-9-])sk-ant-[\w-]{20,255}(?![\w-])"
_OPENAI = r"(?<![A-Za-z0-9-])sk-(?:proj-|svcacct-|admin-)?(?P<tok>[\w-]{20,255})(?![\w-])"
_STRIPE = r"(?<![A-Za-z0-9])[sr]k_(?:live|test)_[A-Za-z0-9]{10,255}(?!\w)"
_GOOGLE = r"(?<![A-Za-z0-9-])AIza[\w-]{35}(?![\w-])|(?<![\w.])ya29\.[\w-]{30,}"
_TWILIO = r"(?<![A-Za-z0-9])SK[0-9a-f]{32}(?![A-Za-z0-9])"
_MAILCHIMP = r"(?<![A-Za-z0-9])[0-9a-f]{32}-us\d{1,2}(?![A-Za-z0-9])"
_TELEGRAM = r"(?<![\w:])\d{8,10}:AA[\w-]{33}(?![\w-])"
_JWT = r"(?<![A-Za-z0-9-])eyJ[\w-]{10,4096}\.[\w-]{10,8192}\.[\w-]{0,4096}"
_BEARER = (  # lowered; "Bearer x", "Bearer: x", "bearer token x"
    r"(?<![a-z])bearer(?:[ \t]+token)?[ \t]*:?[ \t]+(?P<tok>[a-z0-9._~+/-]{16,4096})"
)
_BASIC = r"authorization[ \t]*:[ \t]*basic[ \t]+[a-z0-9+/]{8,4096}"  # lowered
_DSN = r"(?<![\w+.-])[A-Za-z][\w+.-]{1,20}://[^\s:/@]{0,256}:(?P<pw>[^\s@/]{1,256})@[\w.\[\]-]"
# Azure storage and service-bus connection strings, and the signature of a SAS URL.
_AZURE_KEY = (
    r"(?:account|sharedaccess)key[ \t]*=[ \t]*(?P<tok>[a-z0-9+/]{20,4096}={0,2})"  # lowered
)
_AZURE_SAS = r"(?:[?&;]|\bsharedaccesssignature=\S{0,300}?[?&;])sig=(?P<tok>[a-z0-9%+/]{20,512})"


# (triggers, pattern, kind, whether the pattern runs on the lower-cased copy). Triggers are
# "|"-separated substrings of the lower-cased text; a detector runs only when one of its occurs.
_DETECTORS: Final = tuple(
    (tuple(triggers.split("|")), re.compile(pattern), kind, lowered)
    for triggers, pattern, kind, lowered in (
        ("private key|putty-user-key", _PRIVATE_KEY, "private_key", False),
        ("akia|asia|abia|acca", _AWS_KEY, "aws_access_key", False),
        ("secret", _AWS_SECRET, "aws_secret_key", True),
        ("ghp_|gho_|ghu_|ghs_|ghr_|github_pat_", _GITHUB, "github_token", False),
        ("xox", _SLACK, "slack_token", False),
        ("hooks.slack.com", _SLACK_HOOK, "slack_webhook", False),
        ("sk-", _ANTHROPIC, "anthropic_key", False),
        ("sk-", _OPENAI, "openai_key", False),
        ("_live_|_test_", _STRIPE, "stripe_key", False),
        ("aiza|ya29.", _GOOGLE, "google_api_key", False),
        (_VENDOR_TRIGGERS, _VENDOR, "vendor_token", False),
        ("sk", _TWILIO, "twilio_api_key", False),
        ("-us", _MAILCHIMP, "mailchimp_key", False),
        (":aa", _TELEGRAM, "telegram_bot_token", False),
        ("eyj", _JWT, "jwt", False),
        ("bearer", _BEARER, "bearer_token", True),
        ("basic", _BASIC, "basic_auth", True),
        ("accountkey|sharedaccesskey", _AZURE_KEY, "azure_key", True),
        ("sig=", _AZURE_SAS, "azure_sas", True),
        ("://", _DSN, "connection_string_password", False),
        ("pass|pwd|pin|secret|key|token", _DISCLOSURE, "password", True),  # kind from keyword
        ("pass|pw", _SHORT_DISCLOSURE, "password", True),
        ("log|sign|cred|user", _LOGIN, "password", True),
        ("sshpass", _SSHPASS, "password", True),
        ("curl", _CURL, "password", False),
        ("docker", _DOCKER_LOGIN, "password", False),
        ("authorization", _AUTH_HEADER, "api_key", True),
        ("cookie", _COOKIE, "session_cookie", True),
        ("discord", _DISCORD_HOOK, "discord_webhook", False),
        ("mysql", _MYSQL, "password", False),
    )
)
# Which detectors each trigger wakes up, in detector order: its own, and those of every trigger
# inside it ("sshpass" holds "pass"), because only the longest trigger at a position is found.
_WOKEN_BY: Final = {
    t: tuple(i for i, d in enumerate(_DETECTORS) if any(u in t for u in d[0]))
    for d in _DETECTORS
    for t in d[0]
}


def _trie_pattern(words: Iterable[str]) -> str:
    """One regex for a set of literals, factored by prefix ("sk(?:-)?"): CPython's re tries
    the alternatives of a flat alternation one by one at every position, a trie once."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        branches = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        # Greedy: the longest trigger at a position wins, the ones inside it are woken too.
        return f"(?:{body})?" if "" in node else body

    return emit(trie)


# One pass finds the triggers, longest first so "github_pat_" wins over a trigger inside it
# (whose detectors it wakes as well, see above).
_TRIGGERS = re.compile(_trie_pattern(_WOKEN_BY))


def find_credential(text: str) -> str | None:
    """Name of the first kind of credential found in text (e.g. 'aws_access_key', 'private_key',
    'password', 'github_token', 'api_key', 'jwt', 'bearer_token', 'slack_token', 'openai_key',
    'connection_string_password', 'stripe_key', 'google_api_key', 'azure_key', 'vendor_token',
    'session_cookie', 'discord_webhook'), or None."""
    found = _first_credential(canonical(text))
    if found is None and CONTROL_CHARACTERS.search(text):
        # A control character read as a space may have split a keyword or a token ("pass\x07
        # word", "AKIAZQ\x00..."): read the text once more with them dropped.
        found = _first_credential(canonical(CONTROL_CHARACTERS.sub("", text)))
    return found


def _first_credential(scan: str) -> str | None:
    lowered = lower(scan)
    woken = sorted({i for trigger in set(_TRIGGERS.findall(lowered)) for i in _WOKEN_BY[trigger]})
    for index in woken:
        _, pattern, kind, on_lowered = _DETECTORS[index]
        for match in pattern.finditer(lowered if on_lowered else scan):
            confirmed = _confirm(kind, match, scan)
            if confirmed:
                return confirmed
    return None
