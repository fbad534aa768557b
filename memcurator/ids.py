"""Memory ids: ``mem_`` + a ULID (time-ordered, 26 Crockford base32 characters).

A candidate without a client id gets a ULID whose time part is its ``created_at`` and whose
random part is a hash of the candidate itself. The id is still a valid ULID, but re-submitting
the identical candidate yields the same id, so a re-run batch is a no-op instead of a duplicate.
"""

from __future__ import annotations

import base64
import hashlib
import os
from datetime import datetime

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
# RFC 4648's base32 alphabet to Crockford's, digit for digit: 80 bits in ten bytes are 16 of
# either's digits, most significant first, so ``b32encode`` (in C) is ``_encode(n, 16)``.
_TO_CROCKFORD = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", _CROCKFORD.encode())


def _encode(value: int, length: int) -> str:
    chars = []
    for _ in range(length):
        value, rem = divmod(value, 32)
        chars.append(_CROCKFORD[rem])
    return "".join(reversed(chars))


def ulid(moment: datetime, randomness: bytes | None = None) -> str:
    """A ULID for ``moment`` (timezone-aware); 80 random bits unless ``randomness`` is given."""
    millis = int(moment.timestamp() * 1000) & ((1 << 48) - 1)
    rand = (randomness or os.urandom(10))[:10].rjust(10, b"\0")
    return _encode(millis, 10) + base64.b32encode(rand).translate(_TO_CROCKFORD).decode()


def content_id(moment: datetime, canonical: bytes) -> str:
    """A deterministic ``mem_`` id for a candidate that came without one."""
    return "mem_" + ulid(moment, hashlib.blake2b(canonical, digest_size=10).digest())


def fingerprint(raw: bytes) -> str:
    """A short stable digest of raw input, to recognise a re-submitted rejected line."""
    return hashlib.blake2b(raw, digest_size=12).hexdigest()
