"""Privacy screening for candidate memories: find credentials, redact personal data.

The write gate runs every text field through this before anything is stored, logged or indexed:
``find_credential`` names the first kind of secret in a text (API keys, tokens, private keys,
passwords disclosed in prose or config) so the gate can reject it outright; ``redact`` replaces
e-mail addresses, phone numbers, card numbers and national ids with placeholders; and
``sensitivity_for`` maps what was found to the minimum sensitivity the entry must carry.

Pure and on the hot path: every detector sits behind a cheap substring or digit-count prefilter
and no pattern nests ambiguous quantifiers, so 100k characters of hostile input take milliseconds.
Numbers are only redacted when their checksum validates (Luhn, mod-23, mod-97, 11-proof), because
memories are full of order numbers, ports, versions and dates.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Final

PII_KINDS: Final = ("email", "phone", "card", "national_id")

_PLACEHOLDERS: Final = {k: f"[{k.upper()}]" for k in PII_KINDS}

_Match = re.Match[str]
# kind, pattern, validator, digits needed in one cluster, lower-case words one of which must occur
_PiiRule = tuple[str, re.Pattern[str], Callable[[_Match], bool], int, tuple[str, ...]]

# --- Canonical form: defeat formatting tricks that hide data from the patterns ---------------

# C0/C1 controls become spaces (they can act as separators); tab, newline and CR stay.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# Zero-width and bidi controls are invisible, so dropping them changes nothing a reader sees,
# while keeping them would let "4111<ZWSP>1111 ..." slip past the digit patterns.
_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")


def _canonical(text: str) -> str:
    """The text as the detectors should see it; the input itself when it is plain ASCII."""
    # isascii() is a flag check in CPython, so the common case pays almost nothing here.
    if text.isascii():
        return _CONTROL.sub(" ", text) if _CONTROL.search(text) else text
    cleaned = _INVISIBLE.sub("", _CONTROL.sub(" ", text))
    # NFKC folds full-width digits and letters ("４１１１", "ｓｋ－") into ASCII.
    return unicodedata.normalize("NFKC", cleaned)


def _lower(text: str) -> str:
    """Lower-cased text whose offsets line up with the input's ("İ" would lower to two chars)."""
    # Case-sensitive patterns on a lower-cased copy run ~5x faster than (?i) in CPython's re.
    if len(lowered := text.lower()) == len(text):
        return lowered
    return "".join(ch if len(ch.lower()) > 1 else ch.lower() for ch in text)


def _digits(text: str) -> list[int]:
    # \d matches any Unicode decimal digit and int() converts every one of them.
    return [int(ch) for ch in text if ch.isdecimal()]


# --- Personal data ----------------------------------------------------------------------------

# The lookbehind pins the local part to the start of its run: without it a 100k-character run
# with no "@" would be rescanned from every position (quadratic time).
_EMAIL = re.compile(
    r"(?<![\w.%+-])[A-Za-z0-9._%+-]{1,64}@"
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?P<tld>[A-Za-z]{2,63})(?![\w-])"
    r"(?!:[\w~./-])"  # "git@github.com:org/repo.git" is an SSH remote, not a person
)
# Asset names like "icon@2x.png" have an address's shape but a file extension for a TLD.
_FILE_EXTENSIONS: Final = frozenset({"png", "jpg", "gif", "svg", "webp", "js", "ts", "css", "py"})

# Six or more digits joined by at most two of " ().-": the raw material of every numeric kind
# (the shortest, a UK NI number, has six). [0-9] scans ASCII text twice as fast as \d.
_DIGIT_CLUSTER = re.compile(r"\d(?:[ ().\-]{0,2}\d){5,}")
_ASCII_DIGIT_CLUSTER = re.compile(r"[0-9](?:[ ().\-]{0,2}[0-9]){5,}")

_CARD = re.compile(r"(?<![\w-])\d(?:[ -]?\d){12,18}(?![ -]?\d)(?!\w)")
_SSN = re.compile(r"(?<![\w-])\d{3}-\d{2}-\d{4}(?![\w-])")
# Unformatted SSNs and Dutch BSNs are bare 9-digit numbers: only trusted after a keyword.
_KEYED_ID = re.compile(
    r"(?i)(?<![a-z])(?P<kw>ssn|social[ -]security(?:[ -]n(?:umber|o\.?))?|bsn"
    r"|burgerservicenummer|sofi(?:nummer)?)(?![a-z])[^\d\n]{0,20}?"
    r"(?P<pii>\d{3}[ -]?\d{2}[ -]?\d{4}|\d{4}[ .]?\d{2}[ .]?\d{3})(?![\w-])"
)
# UK National Insurance: D F I Q U V never appear in the prefix, O never second.
_NINO = re.compile(
    r"(?<![A-Za-z0-9])(?P<prefix>[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?\d{2} ?\d{2} ?\d{2} ?[A-D]"
    r"(?![A-Za-z0-9])"
)
_NINO_BAD_PREFIXES: Final = frozenset({"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"})
# Spanish DNI (8 digits + letter) and NIE (X/Y/Z + 7 digits + letter), both mod-23 checked.
_DNI = re.compile(r"(?<!\w)(?P<nie>[XYZxyz][ -]?)?(?P<num>\d{7,8})[ -]?(?P<letter>[A-Za-z])(?!\w)")
_DNI_LETTERS: Final = "TRWAGMYFPDXBNJZSQVHLCKE"
# French NIR: sex, year, month, department (2A/2B = Corsica), commune, order, mod-97 key.
_NIR = re.compile(r"(?<!\w)[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[ABab]) ?\d{3} ?\d{3} ?\d{2}(?!\w)")

# Phones. Wherever an optional separator would let the engine try every split of a digit run,
# the separator is mandatory instead. A national number never continues a run ("1 84 05 75 ...").
_PHONE_INTL = re.compile(
    r"(?<![\w+])(?:\+|00)[1-9]\d{0,2}(?:[ .-]?\(\d{1,4}\))?[ .-]?\d{1,12}(?:[ .-]\d{1,8}){0,5}"
    r"(?!\w|[.:/-]\d)"
)
# North American: (415) 555-2671, 415-555-2671, 415.555.2671, 1-415-555-2671 (one separator).
_PHONE_NANP = re.compile(
    r"(?<![\w.+/-])(?<!\d[ -])(?:1[ .-]?)?(?:\(\d{3}\)[ .-]?|\d{3}(?P<sep>[ .-]))"
    r"\d{3}(?(sep)(?P=sep)|[ .-])\d{4}(?!\w|[.:/-]\d)"
)
# Trunk-prefixed national numbers: 020 7946 0958, (020) 7946 0958, 030 12345678. Requiring one
# consistent separator keeps "01-02-2025 1030" (a date, then a time) from reading as a number.
_PHONE_TRUNK = re.compile(
    r"(?<![\w.+/-])(?<!\d[ -])(?:\(0[1-9]\d{0,3}\) ?|0[1-9]\d{0,3}(?P<s>[ -]))"
    r"\d{2,8}(?:(?(s)(?P=s)|[ -])\d{2,4}){0,3}(?!\w|[.:/-]\d)"
)


def _is_email(match: _Match) -> bool:
    return match.group("tld").lower() not in _FILE_EXTENSIONS


def _luhn_ok(digits: list[int]) -> bool:
    total = 0
    for position, digit in enumerate(reversed(digits)):
        if position % 2:
            digit = digit * 2 - 9 if digit > 4 else digit * 2
        total += digit
    return total % 10 == 0


def _is_card(match: _Match) -> bool:
    digits = _digits(match.group())
    # Major networks (Visa, Mastercard, Amex, Discover, JCB, UnionPay) start with 2-6; asking
    # for that on top of Luhn halves the false positives on long order numbers.
    return 13 <= len(digits) <= 19 and 2 <= digits[0] <= 6 and _luhn_ok(digits)


def _ssn_ok(digits: list[int]) -> bool:
    area, group, serial = digits[0] * 100 + digits[1] * 10 + digits[2], digits[3:5], digits[5:]
    return area not in (0, 666) and area < 900 and any(group) and any(serial)


def _bsn_ok(digits: list[int]) -> bool:
    # The Dutch "11-proof": weights 9..2 on the first eight digits, -1 on the ninth.
    total = sum(d * w for d, w in zip(digits[:8], range(9, 1, -1), strict=True)) - digits[8]
    return any(digits) and total % 11 == 0


def _is_keyed_id(match: _Match) -> bool:
    digits, keyword = _digits(match.group("pii")), match.group("kw").lower()
    return _bsn_ok(digits) if keyword.startswith(("bsn", "burger", "sofi")) else _ssn_ok(digits)


def _is_dni(match: _Match) -> bool:
    nie, digits = match["nie"], _digits(match["num"])
    if len(digits) != (7 if nie else 8):
        return False
    # An NIE is checked as if its X, Y or Z were a leading 0, 1 or 2.
    number = int("".join(map(str, digits))) + ("XYZ".index(nie[0].upper()) * 10**7 if nie else 0)
    return _DNI_LETTERS[number % 23] == match["letter"].upper()


def _is_nir(match: _Match) -> bool:
    compact = match.group().replace(" ", "").upper()
    # Corsican departments 2A and 2B count as 19 and 18 when computing the key.
    body = compact[:5] + {"2A": "19", "2B": "18"}.get(compact[5:7], compact[5:7]) + compact[7:13]
    return body.isdecimal() and 97 - int(body) % 97 == int(compact[13:])


def _is_nanp_phone(match: _Match) -> bool:
    digits = _digits(match.group())
    digits = digits[1:] if len(digits) == 11 else digits
    # Area codes and exchanges never start with 0 or 1, which rules out "123-456-7890" fillers.
    return len(digits) == 10 and digits[0] >= 2 and digits[3] >= 2


# Checksum-validated kinds claim their digits first, so the looser phone patterns never eat
# half of a national id. The digit minimum lets most texts skip most patterns outright.
_DIGIT_RULES: Final[tuple[_PiiRule, ...]] = (
    ("national_id", _KEYED_ID, _is_keyed_id, 9, ("ssn", "bsn", "social", "sofi", "burger")),
    ("national_id", _SSN, lambda m: _ssn_ok(_digits(m.group())), 9, ("-",)),
    ("national_id", _NINO, lambda m: m["prefix"] not in _NINO_BAD_PREFIXES, 6, ()),
    ("national_id", _DNI, _is_dni, 7, ()),
    ("national_id", _NIR, _is_nir, 13, ()),
    ("national_id", _NIR, _is_nir, 6, ("2a", "2b")),  # Corsica splits the digits in two
    ("card", _CARD, _is_card, 13, ()),
    # E.164 numbers have at most 15 digits.
    ("phone", _PHONE_INTL, lambda m: 8 <= len(_digits(m.group())) <= 15, 8, ("+", " 00", "(00")),
    ("phone", _PHONE_NANP, _is_nanp_phone, 10, ()),
    ("phone", _PHONE_TRUNK, lambda m: 10 <= len(_digits(m.group())) <= 12, 10, ()),
)


def _substitute(
    kind: str, pattern: re.Pattern[str], valid: Callable[[_Match], bool], text: str, found: set[str]
) -> str:
    def replace(match: _Match) -> str:
        if not valid(match):
            return match.group()
        found.add(kind)
        # Keyword-anchored patterns replace only their <pii> group and keep "SSN: " for the reader.
        start, end = match.span("pii" if "pii" in pattern.groupindex else 0)
        whole, base = match.group(), match.start()
        return whole[: start - base] + _PLACEHOLDERS[kind] + whole[end - base :]

    return pattern.sub(replace, text)


def redact(text: str) -> tuple[str, tuple[str, ...]]:
    """Text with personal data replaced by placeholders [EMAIL] [PHONE] [CARD] [NATIONAL_ID],
    and the sorted unique kinds found."""
    out = _canonical(text)
    found: set[str] = set()
    # E-mail first: digits inside an address must not be claimed by the phone patterns.
    if "@" in out:
        out = _substitute("email", _EMAIL, _is_email, out, found)
    clusters = (_ASCII_DIGIT_CLUSTER if out.isascii() else _DIGIT_CLUSTER).findall(out)
    if clusters:
        longest = max(sum(map(str.isdecimal, cluster)) for cluster in clusters)
        lowered = " " + out.lower()  # the space lets " 00" find an international prefix at 0
        for kind, pattern, valid, min_digits, words in _DIGIT_RULES:
            if longest >= min_digits and (not words or any(w in lowered for w in words)):
                out = _substitute(kind, pattern, valid, out, found)
    if not found:
        # Clean text comes back exactly as given; only redacted text is canonicalised.
        return text, ()
    return out, tuple(sorted(found))


def sensitivity_for(kinds: Iterable[str]) -> str | None:
    """The minimum sensitivity the found kinds require: 'restricted' for card/national_id,
    'confidential' for email/phone, None for nothing."""
    found = set(kinds)
    unknown = found.difference(PII_KINDS)
    if unknown:
        # A typo here would silently under-classify personal data, so fail loudly instead.
        raise ValueError(f"unknown personal-data kinds: {sorted(unknown)}")
    if found & {"card", "national_id"}:
        return "restricted"
    return "confidential" if found else None


# --- Credentials ------------------------------------------------------------------------------

# Values that stand in for a secret in docs and config templates rather than being one.
_PLACEHOLDER = re.compile(
    r"(?i)[*x\u2022.#?_-]+|[<{\[].*|\$\{?[a-z_]\w*\}?|%\(?\w*\)?s|your[_-]?\w*|example\w*"
    r"|passw(?:or)?d|pass|pwd|pw|str(?:ing)?|text|none|null|nil|true|false|undefined"
    r"|required|optional|redacted|hidden"
)
# "os.environ['DB_PASSWORD']", "settings.SECRET_KEY", "getenv('X')": a reference, not a value.
_CODE_REFERENCE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[[^\]]{0,80}\]|\([^)]{0,80}\))+")

# A disclosure: keyword, optional "for the staging db", then is/:/=, then a value. Runs on the
# lower-cased text (see _lower), hence no (?i).
_DISCLOSURE = r"""(?x)
    (?<![a-z0-9])
    (?P<kw> passw(?:or)?d | pass(?:phrase|code) | pwd | pin
      | (?:client|app|api)[_ -]?secret | secret(?:[_ -]?(?:access[_ -]?)?key)?
      | (?:api|access|encryption|signing|master)[_ -]?key | apikey
      | (?:access|auth|refresh|api|bot|session)[_ -]?token | token )
    (?![a-z])
    (?:[ \t]+(?:for|of|on|to|at)(?:[ \t]+[\w.@-]{1,40}){1,3})?
    ["']?
    (?:[ \t]*(?::=|=>|[:=])
      | [ \t]+(?:is|was)\b(?:[ \t]+(?:now|still|(?:set|changed)[ \t]+to))?[ \t]*:?)
    [ \t]*
    (?P<val> "[^"\n]{0,200}" | '[^'\n]{0,200}' | `[^`\n]{0,200}` | [^\s"'`]\S{0,199})
"""


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
    # "required", "Required", "SSO-managed" are words; "hunter2!" and "tr0ub4dor" are not.
    parts = value.split("-")
    return not all(p.isalpha() and (p.islower() or p.isupper() or p.istitle()) for p in parts)


def _disclosure_kind(keyword: str) -> str:
    compact = re.sub(r"[_ -]", "", keyword)
    if compact.startswith(("pass", "pwd")):
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
    if "val" in groups:
        return _classify_disclosure(match, text)
    if "pw" in groups:  # "postgres://user:<password>@host" in docs is not a leak
        return None if _is_placeholder(match["pw"]) else kind
    # Vendor tokens are random; "sk-this-is-a-long-hyphenated-phrase" is not one.
    if "tok" in groups and not _looks_random(text[match.start("tok") : match.end("tok")]):
        return None
    return kind


# Vendor formats have fixed prefixes; patterns marked "lowered" below run on the lower-cased copy.
_PRIVATE_KEY = r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"
_AWS_KEY = r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])"
_AWS_SECRET = (
    r"(?<![a-z0-9])(?:aws[\w.-]{0,30}secret|secret[_ .-]?access)[\w.-]{0,30}[\"']?"
    r"[ \t]*(?::=|=>|[:=]|is\b)[ \t]*[\"']?(?P<tok>[a-z0-9/+]{40})(?![a-z0-9/+])"
)
_GITHUB = r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_\w{30,255})(?!\w)"
_SLACK = r"(?<![\w-])xox[abprs]-(?P<tok>[A-Za-z0-9-]{10,255})"
_SLACK_HOOK = r"hooks\.slack\.com/services/T[A-Z0-9]{4,}/B[A-Z0-9]{4,}/\w{8,}"
_ANTHROPIC = r"(?<![\w-])sk-ant-[\w-]{20,255}(?![\w-])"
_OPENAI = r"(?<![\w-])sk-(?:proj-|svcacct-|admin-)?(?P<tok>[\w-]{20,255})(?![\w-])"
_STRIPE = r"(?<![A-Za-z0-9_])[sr]k_(?:live|test)_[A-Za-z0-9]{10,255}(?!\w)"
_GOOGLE = r"(?<![\w-])AIza[\w-]{35}(?![\w-])"
_JWT = r"(?<![\w-])eyJ[\w-]{10,4096}\.[\w-]{10,8192}\.[\w-]{0,4096}"
_BEARER = r"(?<![a-z])bearer[ \t]+(?P<tok>[a-z0-9._~+/-]{16,4096})"  # lowered
_BASIC = r"authorization[ \t]*:[ \t]*basic[ \t]+[a-z0-9+/]{8,4096}"  # lowered
_DSN = r"(?<![\w+.-])[A-Za-z][\w+.-]{1,20}://[^\s:/@]{0,256}:(?P<pw>[^\s@/]{1,256})@[\w.\[\]-]"


# (triggers, pattern, kind, whether the pattern runs on the lower-cased copy). Triggers are
# "|"-separated substrings of the lower-cased text; a detector runs only when one of its occurs.
_DETECTORS: Final = tuple(
    (tuple(triggers.split("|")), re.compile(pattern), kind, lowered)
    for triggers, pattern, kind, lowered in (
        ("private key", _PRIVATE_KEY, "private_key", False),
        ("akia|asia", _AWS_KEY, "aws_access_key", False),
        ("secret", _AWS_SECRET, "aws_secret_key", True),
        ("ghp_|gho_|ghu_|ghs_|ghr_|github_pat_", _GITHUB, "github_token", False),
        ("xox", _SLACK, "slack_token", False),
        ("hooks.slack.com", _SLACK_HOOK, "slack_webhook", False),
        ("sk-", _ANTHROPIC, "anthropic_key", False),
        ("sk-", _OPENAI, "openai_key", False),
        ("_live_|_test_", _STRIPE, "stripe_key", False),
        ("aiza", _GOOGLE, "google_api_key", False),
        ("eyj", _JWT, "jwt", False),
        ("bearer", _BEARER, "bearer_token", True),
        ("basic", _BASIC, "basic_auth", True),
        ("://", _DSN, "connection_string_password", False),
        ("pass|pwd|pin|secret|key|token", _DISCLOSURE, "password", True),  # kind from keyword
    )
)
# Which detectors each trigger wakes up, in detector order.
_WOKEN_BY: Final = {
    t: tuple(i for i, d in enumerate(_DETECTORS) if t in d[0]) for d in _DETECTORS for t in d[0]
}
# One pass finds every trigger; longest first so "github_pat_" wins over a trigger inside it.
_TRIGGERS = re.compile("|".join(sorted(map(re.escape, _WOKEN_BY), key=len, reverse=True)))


def find_credential(text: str) -> str | None:
    """Name of the first kind of credential found in text (e.g. 'aws_access_key', 'private_key',
    'password', 'github_token', 'api_key', 'jwt', 'bearer_token', 'slack_token', 'openai_key',
    'connection_string_password', 'stripe_key', 'google_api_key'), or None."""
    scan = _canonical(text)
    lowered = _lower(scan)
    woken = sorted({i for trigger in _TRIGGERS.findall(lowered) for i in _WOKEN_BY[trigger]})
    for index in woken:
        _, pattern, kind, on_lowered = _DETECTORS[index]
        for match in pattern.finditer(lowered if on_lowered else scan):
            confirmed = _confirm(kind, match, scan)
            if confirmed:
                return confirmed
    return None
