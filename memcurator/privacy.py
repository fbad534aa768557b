"""Privacy screening for candidate memories: find credentials, redact personal data.

The write gate calls this on every text field before anything is stored, logged or indexed:

- ``find_credential`` names the first kind of secret in a text (API keys, tokens, private keys,
  passwords disclosed in prose or config). The gate rejects such candidates outright and keeps
  even the log row free of the value, so a credential is never persisted anywhere.
- ``redact`` replaces personal data (e-mail addresses, phone numbers, payment card numbers,
  national ids) with placeholders and reports which kinds it found.
- ``sensitivity_for`` maps the kinds found to the minimum sensitivity the entry must carry.

It is pure (no I/O) and sits on the hot path, so every detector is guarded by a cheap substring
or digit prefilter and every pattern avoids ambiguous nested quantifiers: hostile input of 100k
characters must finish in milliseconds, not backtrack for minutes. Numeric identifiers are only
redacted when their checksum validates (Luhn, mod-23, mod-97, 11-proof), because agents' memories
are full of order numbers, ports, versions and dates that merely look like personal data.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Final

PII_KINDS: Final = ("email", "phone", "card", "national_id")

_PLACEHOLDERS: Final = {
    "email": "[EMAIL]",
    "phone": "[PHONE]",
    "card": "[CARD]",
    "national_id": "[NATIONAL_ID]",
}

_Match = re.Match[str]
_PiiRule = tuple[str, re.Pattern[str], Callable[[_Match], bool]]
_Classifier = Callable[[_Match], str | None]
_Detector = tuple[tuple[str, ...], re.Pattern[str], _Classifier]

# ---------------------------------------------------------------------------------------------
# Canonical form: defeat formatting tricks that hide data from the patterns.
# ---------------------------------------------------------------------------------------------

# C0/C1 controls become spaces (they can act as separators); tab, newline and CR stay as they are.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# Zero-width and bidi-control characters are invisible, so dropping them changes nothing a reader
# sees, while leaving them in would let "4111<ZWSP>1111..." slip past the digit patterns.
_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")


def _canonical(text: str) -> str:
    """The text as the detectors should see it; the input itself when it is plain ASCII."""
    # isascii() is a flag check in CPython, so the common case pays almost nothing here.
    if text.isascii():
        return _CONTROL.sub(" ", text) if _CONTROL.search(text) else text
    cleaned = _INVISIBLE.sub("", _CONTROL.sub(" ", text))
    # NFKC folds full-width digits and letters ("４１１１", "ｓｋ－") into ASCII.
    return unicodedata.normalize("NFKC", cleaned)


def _digits(text: str) -> list[int]:
    # \d matches any Unicode decimal digit and int() converts every one of them.
    return [int(ch) for ch in text if ch.isdecimal()]


# ---------------------------------------------------------------------------------------------
# Personal data.
# ---------------------------------------------------------------------------------------------

# The lookbehind anchors the local part to the start of its run: without it a 100k-character
# run with no "@" would be rescanned from every position (quadratic time).
_EMAIL = re.compile(
    r"(?<![\w.%+-])[A-Za-z0-9._%+-]{1,64}@"
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?P<tld>[A-Za-z]{2,63})(?![\w-])"
    r"(?!:[\w~./-])"  # "git@github.com:org/repo.git" is an SSH remote, not a person
)
# Asset names like "icon@2x.png" have the shape of an address but a file extension as TLD.
_FILE_EXTENSIONS: Final = frozenset(
    "png jpg jpeg gif svg webp ico bmp pdf js ts jsx tsx css py md txt json yaml yml".split()
)

# Cheap gate for every digit-based pattern: they all need six digits in a short stretch.
_DIGIT_CLUSTER = re.compile(r"\d(?:[ ().\-]{0,2}\d){5}")

_CARD = re.compile(r"(?<![\w-])\d(?:[ -]?\d){12,18}(?![ -]?\d)(?!\w)")

_SSN = re.compile(r"(?<![\w-])(?P<area>\d{3})-(?P<group>\d{2})-(?P<serial>\d{4})(?![\w-])")
# Unformatted SSNs and Dutch BSNs are plain 9-digit numbers, so only trust them after a keyword.
_KEYED_ID = re.compile(
    r"(?i)(?<![a-z])(?P<kw>ssn|social[ -]security(?:[ -]n(?:umber|o\.?))?|bsn"
    r"|burgerservicenummer|sofi(?:nummer)?)(?![a-z])[^\d\n]{0,20}?"
    r"(?P<pii>\d{3}[ -]?\d{2}[ -]?\d{4}|\d{4}[ .]?\d{2}[ .]?\d{3})(?![\w-])"
)
# UK National Insurance: the letters D F I Q U V never appear in the prefix, O never second.
_NINO = re.compile(
    r"(?<![A-Za-z0-9])(?P<prefix>[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?\d{2} ?\d{2} ?\d{2} ?[A-D]"
    r"(?![A-Za-z0-9])"
)
_NINO_BAD_PREFIXES: Final = frozenset({"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"})
# Spanish DNI (8 digits + letter) and NIE (X/Y/Z + 7 digits + letter), both mod-23 checked.
_DNI = re.compile(r"(?<!\w)(?P<nie>[XYZxyz][ -]?)?(?P<num>\d{7,8})[ -]?(?P<letter>[A-Za-z])(?!\w)")
_DNI_LETTERS: Final = "TRWAGMYFPDXBNJZSQVHLCKE"
# French NIR: sex, year, month, department (2A/2B for Corsica), commune, order, then a mod-97 key.
_NIR = re.compile(
    r"(?<!\w)[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[ABab]) ?\d{3} ?\d{3} ?\d{2}(?!\w)"
)

# Phones. Separators are mandatory between digit groups wherever an optional one would let the
# engine try every way of splitting a digit run.
_PHONE_INTL = re.compile(
    r"(?<![\w+])(?:\+|00)[1-9]\d{0,2}(?:[ .-]?\(\d{1,4}\))?[ .-]?\d{1,12}(?:[ .-]\d{1,8}){0,5}"
    r"(?!\w|[.:/-]\d)"
)
# North American: (415) 555-2671, 415-555-2671, 415.555.2671, 1-415-555-2671 (one separator).
_PHONE_NANP = re.compile(
    r"(?<![\w.+/-])(?:1[ .-]?)?(?:\(\d{3}\)[ .-]?|\d{3}(?P<sep>[ .-]))\d{3}(?(sep)(?P=sep)|[ .-])"
    r"\d{4}(?!\w|[.:/-]\d)"
)
# Trunk-prefixed national numbers: 020 7946 0958, (020) 7946 0958, 030 12345678. A consistent
# separator keeps "01-02-2025 1030" (a date and a time) from reading as one number.
_PHONE_TRUNK = re.compile(
    r"(?<![\w.+/-])(?:\(0[1-9]\d{0,3}\)(?P<p> ?)|0[1-9]\d{0,3}(?P<s>[ -]))"
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
    # Major networks (Visa, Mastercard, Amex, Discover, JCB, UnionPay) start with 2-6; requiring
    # that as well as Luhn halves the false positives on long order numbers.
    return 13 <= len(digits) <= 19 and 2 <= digits[0] <= 6 and _luhn_ok(digits)


def _ssn_ok(digits: list[int]) -> bool:
    area = digits[0] * 100 + digits[1] * 10 + digits[2]
    group, serial = digits[3] * 10 + digits[4], _as_int(digits[5:])
    return area not in (0, 666) and area < 900 and group != 0 and serial != 0


def _as_int(digits: list[int]) -> int:
    value = 0
    for digit in digits:
        value = value * 10 + digit
    return value


def _bsn_ok(digits: list[int]) -> bool:
    # The Dutch "11-proof": weights 9..2 on the first eight digits, -1 on the last.
    total = sum(d * w for d, w in zip(digits, range(9, 1, -1), strict=False)) - digits[8]
    return any(digits) and total % 11 == 0


def _is_ssn(match: _Match) -> bool:
    return _ssn_ok(_digits(match.group()))


def _is_keyed_id(match: _Match) -> bool:
    digits = _digits(match.group("pii"))
    keyword = match.group("kw").lower()
    if keyword.startswith(("bsn", "burger", "sofi")):
        return _bsn_ok(digits)
    return _ssn_ok(digits)


def _is_nino(match: _Match) -> bool:
    return match.group("prefix") not in _NINO_BAD_PREFIXES


def _is_dni(match: _Match) -> bool:
    number = _as_int(_digits(match.group("num")))
    width = len(match.group("num"))
    if match.group("nie"):
        if width != 7:
            return False
        # An NIE is checked as if X, Y, Z were the leading digit 0, 1, 2.
        number += "XYZ".index(match.group("nie")[0].upper()) * 10_000_000
    elif width != 8:
        return False
    return _DNI_LETTERS[number % 23] == match.group("letter").upper()


def _is_nir(match: _Match) -> bool:
    compact = match.group().replace(" ", "").upper()
    # Corsican departments 2A and 2B count as 19 and 18 for the key.
    body = compact[:13].replace("2A", "19", 1) if compact[5:7] == "2A" else compact[:13]
    body = body.replace("2B", "18", 1) if compact[5:7] == "2B" else body
    if not body.isdecimal():
        return False
    return 97 - _as_int(_digits(body)) % 97 == _as_int(_digits(compact[13:]))


def _is_intl_phone(match: _Match) -> bool:
    return 8 <= len(_digits(match.group())) <= 15


def _is_nanp_phone(match: _Match) -> bool:
    digits = _digits(match.group())
    if len(digits) == 11:
        digits = digits[1:]
    # Area codes and exchanges never start with 0 or 1, which rules out "123-456-7890" fillers.
    return len(digits) == 10 and digits[0] >= 2 and digits[3] >= 2


def _is_trunk_phone(match: _Match) -> bool:
    return 10 <= len(_digits(match.group())) <= 12


# Order matters: the most specific, checksum-validated kinds claim their digits first, so a
# national id is never half-eaten by the looser phone patterns.
_DIGIT_RULES: Final[tuple[_PiiRule, ...]] = (
    ("national_id", _KEYED_ID, _is_keyed_id),
    ("national_id", _SSN, _is_ssn),
    ("national_id", _NINO, _is_nino),
    ("national_id", _DNI, _is_dni),
    ("national_id", _NIR, _is_nir),
    ("card", _CARD, _is_card),
    ("phone", _PHONE_INTL, _is_intl_phone),
    ("phone", _PHONE_NANP, _is_nanp_phone),
    ("phone", _PHONE_TRUNK, _is_trunk_phone),
)


def _substitute(rule: _PiiRule, text: str, found: set[str]) -> str:
    kind, pattern, is_valid = rule
    keeps_context = "pii" in pattern.groupindex

    def replace(match: _Match) -> str:
        if not is_valid(match):
            return match.group()
        found.add(kind)
        if not keeps_context:
            return _PLACEHOLDERS[kind]
        # Keyword-anchored patterns replace only the number and keep "SSN: " for the reader.
        start, end = match.start("pii") - match.start(), match.end("pii") - match.start()
        whole = match.group()
        return whole[:start] + _PLACEHOLDERS[kind] + whole[end:]

    return pattern.sub(replace, text)


def redact(text: str) -> tuple[str, tuple[str, ...]]:
    """Text with personal data replaced by placeholders [EMAIL] [PHONE] [CARD] [NATIONAL_ID],
    and the sorted unique kinds found."""
    scan = _canonical(text)
    found: set[str] = set()
    out = scan
    # E-mail first: digits inside an address must not be claimed by the phone patterns.
    if "@" in out:
        out = _substitute(("email", _EMAIL, _is_email), out, found)
    if _DIGIT_CLUSTER.search(out):
        for rule in _DIGIT_RULES:
            out = _substitute(rule, out, found)
    if not found:
        # Leave clean text byte-for-byte as given; only redacted text comes back canonicalised.
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


# ---------------------------------------------------------------------------------------------
# Credentials.
# ---------------------------------------------------------------------------------------------

# Values that stand in for a secret in docs and config templates rather than being one.
_PLACEHOLDER = re.compile(
    r"(?i)[*x\u2022.#?_-]+|[<{\[].*|\$\{?[A-Za-z_]\w*\}?|%\(?\w*\)?s|your[_-]?\w*|password|passwd|pass|pwd|pw|string|str|text"
    r"|none|null|nil|true|false|undefined|required|optional|redacted|hidden|example\w*|\.\.\."
)
# "os.environ['DB_PASSWORD']", "settings.SECRET_KEY", "getenv('X')": a reference, not a value.
_CODE_REFERENCE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[[^\]]{0,80}\]|\([^)]{0,80}\))+")

# A disclosure is a keyword, an optional "for the staging db", then is/:/=, then a value.
_DISCLOSURE = re.compile(
    r"""(?ix)
    (?<![a-z0-9])
    (?P<kw> passw(?:or)?d | pass(?:phrase|code) | pwd | pin
      | (?:client|app|api)[_ -]?secret | secret(?:[_ -]?(?:access[_ -]?)?key)?
      | (?:api|access|encryption|signing|master)[_ -]?key | apikey
      | (?:access|auth|refresh|api|bot|session)[_ -]?token | token )
    (?![a-z])
    (?:[ \t]+(?:for|of|on|to|at)(?:[ \t]+[\w.@-]{1,40}){1,3})?
    ["']?
    (?:[ \t]*(?::=|=>|[:=]) | [ \t]+(?:is|was)\b(?:[ \t]+(?:now|still|set[ \t]+to))?[ \t]*:?)
    [ \t]*
    (?P<val> "[^"\n]{0,200}" | '[^'\n]{0,200}' | `[^`\n]{0,200}` | [^\s"'`]\S{0,199})
    """
)


def _is_placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.fullmatch(value) or _CODE_REFERENCE.fullmatch(value))


def _looks_random(value: str) -> bool:
    """Digits or case changes after the first letter: how machine-made secrets look."""
    has_digit = any(ch.isdigit() for ch in value)
    mixed_case = any(ch.isupper() for ch in value[1:]) and any(ch.islower() for ch in value)
    return has_digit or mixed_case


def _looks_secret(value: str) -> bool:
    """The disclosure heuristic: >= 6 chars with a digit, a symbol or mixed case, not a word."""
    if len(value) < 6 or _is_placeholder(value):
        return False
    # Plain (possibly hyphenated) words in ordinary casing: "required", "Required", "SSO-managed".
    parts = value.split("-")
    return not all(p.isalpha() and (p.islower() or p.isupper() or p.istitle()) for p in parts)


def _disclosure_kind(keyword: str) -> str:
    compact = re.sub(r"[_ -]", "", keyword.lower())
    if compact.startswith(("pass", "pwd")):
        return "password"
    if compact == "pin":
        return "pin"
    if compact == "secretaccesskey":
        return "aws_secret_key"
    if compact.endswith("token"):
        return "access_token"
    return "api_key" if compact.endswith("key") else "secret"


def _classify_disclosure(match: _Match) -> str | None:
    raw, kind = match.group("val"), _disclosure_kind(match.group("kw"))
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


def _always(kind: str) -> _Classifier:
    return lambda match: kind


def _if_random(kind: str) -> _Classifier:
    return lambda match: kind if _looks_random(match.group("tok")) else None


def _classify_dsn(match: _Match) -> str | None:
    return None if _is_placeholder(match.group("pw")) else "connection_string_password"


# (lower-case substrings that must be present, pattern, classifier). The substring check costs a
# fraction of a microsecond and lets clean text skip every regex; detectors run in this order.
_DETECTORS: Final[tuple[_Detector, ...]] = (
    (("private key",), re.compile(r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"),
     _always("private_key")),
    (("akia", "asia"), re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])"),
     _always("aws_access_key")),
    (("secret",), re.compile(
        r"(?i)(?<![a-z0-9])(?:aws[\w.-]{0,30}secret|secret[_ .-]?access)[\w.-]{0,30}[\"']?"
        r"[ \t]*(?::=|=>|[:=]|is\b)[ \t]*[\"']?(?P<tok>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])"),
     _if_random("aws_secret_key")),
    (("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"), re.compile(
        r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{30,255})"
        r"(?![A-Za-z0-9_])"), _always("github_token")),
    (("xox",), re.compile(r"(?<![\w-])xox[abprs]-(?P<tok>[A-Za-z0-9-]{10,255})"),
     _if_random("slack_token")),
    (("hooks.slack.com",), re.compile(
        r"hooks\.slack\.com/services/T[A-Z0-9]{4,}/B[A-Z0-9]{4,}/[A-Za-z0-9]{8,}"),
     _always("slack_webhook")),
    (("sk-ant-",), re.compile(r"(?<![\w-])sk-ant-[A-Za-z0-9_-]{20,255}(?![\w-])"),
     _always("anthropic_key")),
    (("sk-",), re.compile(
        r"(?<![\w-])sk-(?:proj-|svcacct-|admin-)?(?P<tok>[A-Za-z0-9_-]{20,255})(?![\w-])"),
     _if_random("openai_key")),
    (("_live_", "_test_"), re.compile(
        r"(?<![A-Za-z0-9_])[sr]k_(?:live|test)_[A-Za-z0-9]{10,255}(?![A-Za-z0-9])"),
     _always("stripe_key")),
    (("aiza",), re.compile(r"(?<![\w-])AIza[0-9A-Za-z_-]{35}(?![\w-])"), _always("google_api_key")),
    (("eyj",), re.compile(
        r"(?<![\w-])eyJ[A-Za-z0-9_-]{10,4096}\.[A-Za-z0-9_-]{10,8192}\.[A-Za-z0-9_-]{0,4096}"),
     _always("jwt")),
    (("bearer",), re.compile(r"(?i)(?<![a-z])bearer[ \t]+(?P<tok>[A-Za-z0-9._~+/-]{16,4096})"),
     _if_random("bearer_token")),
    (("basic",), re.compile(r"(?i)authorization[ \t]*:[ \t]*basic[ \t]+[A-Za-z0-9+/]{8,4096}"),
     _always("basic_auth")),
    (("://",), re.compile(
        r"(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,20}://[^\s:/@]{0,256}"
        r":(?P<pw>[^\s@/]{1,256})@[\w.\[\]-]"), _classify_dsn),
    (("pass", "pwd", "pin", "secret", "key", "token"), _DISCLOSURE, _classify_disclosure),
)


def find_credential(text: str) -> str | None:
    """Name of the first kind of credential found in text (e.g. 'aws_access_key', 'private_key',
    'password', 'github_token', 'api_key', 'jwt', 'bearer_token', 'slack_token', 'openai_key',
    'connection_string_password', 'stripe_key', 'google_api_key'), or None."""
    scan = _canonical(text)
    lowered = scan.lower()
    for triggers, pattern, classify in _DETECTORS:
        if not any(trigger in lowered for trigger in triggers):
            continue
        for match in pattern.finditer(scan):
            kind = classify(match)
            if kind:
                return kind
    return None
