"""Privacy screening for candidate memories: find credentials, redact personal data.

The write gate runs every text field through this before anything is stored, logged or indexed:
``find_credential`` (from ``memcurator.credentials``) names the first kind of secret in a text
so the gate can reject it outright; ``redact`` replaces e-mail addresses (also spelled out),
phone numbers (also unformatted), card numbers, national ids, IBANs, dates of birth and public IP
addresses with placeholders; and ``sensitivity_for`` maps what was found to the minimum
sensitivity the entry must carry.

Pure and on the hot path: every detector sits behind a cheap substring or digit-count prefilter
and no pattern nests ambiguous quantifiers, so 100k characters of hostile input take milliseconds.
Numbers are only redacted when their checksum validates (Luhn, mod-23, mod-97, 11-proof) or their
setting says what they are, because memories are full of order numbers, ports, versions and dates.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Iterable
from typing import Final

from memcurator.credentials import canonical, find_credential, lower
from memcurator.vocabulary import Sensitivity

__all__ = ["PII_KINDS", "WITHHELD", "find_credential", "redact", "sensitivity_for"]

PII_KINDS: Final = (
    "email",
    "phone",
    "card",
    "national_id",
    "iban",
    "date_of_birth",
    "ip_address",
)
# What a logged or quoted value holding a credential is replaced with, whole.
WITHHELD: Final = "[CREDENTIAL WITHHELD]"

_PLACEHOLDERS: Final = {k: f"[{k.upper()}]" for k in PII_KINDS}

_Match = re.Match[str]
# kind, pattern, validator, digits needed in one cluster, lower-case words one of which must occur
_PiiRule = tuple[str, re.Pattern[str], Callable[[_Match], bool], int, tuple[str, ...]]


def _digits(text: str) -> list[int]:
    # \d matches any Unicode decimal digit and int() converts every one of them.
    return [int(ch) for ch in text if ch.isdecimal()]


# --- Personal data ----------------------------------------------------------------------------

# The lookbehind pins the local part to the start of its run: without it a 100k-character run
# with no "@" would be rescanned from every position (quadratic time).
# Letters of any script in the local part and the domain ("müller@example.de",
# "josé@exämple.com"; a review, 2026-12-07: these were stored as written).
_EMAIL = re.compile(
    r"(?<![\w.%+-])[\w.%+-]{1,64}@"
    r"(?:[^\W_](?:[\w-]{0,61}[^\W_])?\.)+(?P<tld>[^\W\d_]{2,63})(?![\w-])"
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
    text = match.group()
    if _card_number(_digits(text)):
        return True
    # A card written beside another number in one run: "4111 1111 1111 1111 123" (its CVV),
    # "Booked 2 4111111111111111" (a review, 2026-12-07). Without its last or its first group,
    # the run is read once more; the whole run is redacted.
    groups = _GROUP_SEPARATOR.split(text)
    if len(groups) < 2:
        return False
    return _card_number(_digits("".join(groups[:-1]))) or _card_number(_digits("".join(groups[1:])))


_GROUP_SEPARATOR = re.compile(r"[ -]")


def _card_number(digits: list[int]) -> bool:
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


# Unformatted numbers ("4155552671", "14155552671", "07700900123") are phones too, unless the
# word right before them says they are something else ("order 4155552671").
_PHONE_BARE = re.compile(r"(?<![\w.+/:#-])(?:1?[2-9]\d{2}[2-9]\d{6}|0[1-9]\d{9})(?!\w|[.:/-]\d)")
_NOT_A_PHONE = re.compile(
    r"(?i)(?<![a-z])(?:order|invoice|ticket|id|ref|build|epoch|timestamp|ts|account|acct|job"
    r"|run|issue|pr|tracking|case|sku|serial|version|no\.?|nr\.?)\W{0,3}$"
)


def _is_bare_phone(match: _Match) -> bool:
    return not _NOT_A_PHONE.search(match.string[max(0, match.start() - 24) : match.start()])


# IBAN: country, two check digits, up to 30 letters and digits, in groups of four or not.
_IBAN = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}(?![A-Za-z0-9])")


def _is_iban(match: _Match) -> bool:
    compact = match.group().replace(" ", "")
    rearranged = compact[4:] + compact[:4]
    # ISO 13616: letters count as 10..35, and the whole number is 1 modulo 97.
    return 15 <= len(compact) <= 34 and int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1


# Checksum-validated kinds claim their digits first, so the looser phone patterns never eat
# half of a national id. The digit minimum lets most texts skip most patterns outright.
_DIGIT_RULES: Final[tuple[_PiiRule, ...]] = (
    ("iban", _IBAN, _is_iban, 6, ()),
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
    ("phone", _PHONE_BARE, _is_bare_phone, 10, ()),
)

# --- Personal data found by its setting rather than its digits ------------------------------

# E-mail spelled out to dodge scrapers: "jane dot doe at example dot com", "jane(at)example(dot)
# com", "jane [at] example [dot] com". A bare " at " counts only with a spelled-out dot before
# the top-level domain, so "works at acme.com" stays. Repeats are bounded to stay linear.
_AT = r"(?:[ \t]*(?:\(at\)|\[at\]|\{at\}|<at>)[ \t]*|[ \t]+at[ \t]+)"
_DOT = r"(?:[ \t]*(?:\(dot\)|\[dot\]|\{dot\}|<dot>)[ \t]*|[ \t]+dot[ \t]+)"
_OBFUSCATED_EMAIL = re.compile(
    rf"(?<![\w.%+-])[a-z0-9][a-z0-9._%+-]{{0,63}}(?:{_DOT}[a-z0-9_%+-]{{1,63}}){{0,3}}{_AT}"
    rf"[a-z0-9-]{{1,63}}(?:(?:{_DOT}|\.)[a-z0-9-]{{1,63}}){{0,3}}{_DOT}[a-z]{{2,24}}(?![\w-])"
)
# A full date of birth (with its year) after a keyword; a birthday without a year is kept, so
# a memory can still say when to send greetings. "born in 1985" alone is kept too.
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?"
_BIRTH_DATE = re.compile(
    r"(?<![a-z])(?:d\.?o\.?b\.?|date[ -]of[ -]birth|birth[ -]?date|born(?:[ \t]+on)?"
    r"|birthday|geburtsdatum|geboren(?:[ \t]+am)?|n[ée]e?[ \t]+le)(?:[ \t]+(?:is|was))?"
    r"[ \t]*[:=]?[ \t]*(?P<pii>\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?{_MONTH},?[ \t]+\d{{4}}"
    rf"|{_MONTH}[ \t]+\d{{1,2}}(?:st|nd|rd|th)?,?[ \t]+\d{{4}})(?![\w/.-]\d)"
)
_BIRTH_WORDS: Final = ("dob", "d.o.b", "birth", "born", "geb", "née", "nee ", "né ")
# IP addresses: public ones can point at a person's home, so they are redacted; private,
# loopback, link-local and documentation ranges are infrastructure and kept, as is a dotted
# version after "v", "version" or "release" ("release 1.2.3.4").
_IPV4 = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w]|\.\d)")
_IPV6 = re.compile(
    r"(?<![\w:.])(?:[0-9a-f]{1,4}:){1,7}:?(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,6})?(?![\w:])"
)
_VERSION_CUE = re.compile(r"(?i)(?:\bv|version|release|build|ver\.?|rev|@)[ \t]*$")


def _is_public_ip(match: _Match) -> bool:
    if _VERSION_CUE.search(match.string[max(0, match.start() - 12) : match.start()]):
        return False
    try:
        return ipaddress.ip_address(match.group()).is_global
    except ValueError:
        return False


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


def _substitute_lowered(
    kind: str,
    pattern: re.Pattern[str],
    text: str,
    found: set[str],
    valid: Callable[[_Match], bool] = lambda m: True,
) -> str:
    """_substitute for a pattern written for lower-case text: matched on a lower-cased copy
    (offsets line up, see credentials.lower), replaced in the text itself."""
    matches = [m for m in pattern.finditer(lower(text)) if valid(m)]
    if not matches:
        return text
    found.add(kind)
    pieces, position = [], 0
    for match in matches:
        start, end = match.span("pii" if "pii" in pattern.groupindex else 0)
        pieces += [text[position:start], _PLACEHOLDERS[kind]]
        position = end
    return "".join([*pieces, text[position:]])


def redact(text: str) -> tuple[str, tuple[str, ...]]:
    """Text with personal data replaced by placeholders ([EMAIL], [PHONE], [CARD],
    [NATIONAL_ID], [IBAN], [DATE_OF_BIRTH], [IP_ADDRESS]), and the sorted unique kinds found."""
    out = canonical(text)
    found: set[str] = set()
    lowered = out.lower()
    # E-mail first: digits inside an address must not be claimed by the phone patterns.
    if "@" in out:
        out = _substitute("email", _EMAIL, _is_email, out, found)
    if "at" in lowered and ("dot" in lowered or "(at)" in lowered or "[at]" in lowered):
        out = _substitute_lowered("email", _OBFUSCATED_EMAIL, out, found)
    if any(word in lowered for word in _BIRTH_WORDS):
        out = _substitute_lowered("date_of_birth", _BIRTH_DATE, out, found)
    if out.count(".") >= 3:
        out = _substitute("ip_address", _IPV4, _is_public_ip, out, found)
    if out.count(":") >= 2:
        out = _substitute_lowered("ip_address", _IPV6, out, found, _is_public_ip)
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
    """The minimum sensitivity the found kinds require: 'restricted' for card, national_id
    and iban, 'confidential' for the rest (email, phone, date_of_birth, ip_address), None for
    nothing."""
    found = set(kinds)
    unknown = found.difference(PII_KINDS)
    if unknown:
        # A typo here would silently under-classify personal data, so fail loudly instead.
        raise ValueError(f"unknown personal-data kinds: {sorted(unknown)}")
    if found & {"card", "national_id", "iban"}:
        return Sensitivity.RESTRICTED
    return Sensitivity.CONFIDENTIAL if found else None
