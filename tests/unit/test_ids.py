"""Memory ids: the ULID's random part, written by ``base64.b32encode`` and a translation, is
the same 16 Crockford digits as the digit-by-digit encoding it replaced, for any bytes."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from memcurator.ids import _CROCKFORD, _encode, content_id, ulid


def digit_by_digit(moment: datetime, randomness: bytes) -> str:
    """The encoding as it was written before (every id in a store was made by it)."""
    millis = int(moment.timestamp() * 1000) & ((1 << 48) - 1)
    value = int.from_bytes(randomness[:10], "big")
    digits = []
    for _ in range(16):
        value, rem = divmod(value, 32)
        digits.append(_CROCKFORD[rem])
    return _encode(millis, 10) + "".join(reversed(digits))


def test_the_random_part_is_the_digit_by_digit_encoding() -> None:
    draw = random.Random(7)
    moment = datetime(2025, 3, 4, 5, 6, 7, 891000, tzinfo=UTC)
    cases = [bytes(10), b"\xff" * 10, b"\x01", b"\x80" + bytes(9), b"\x00\x01" * 8]
    cases += [draw.randbytes(draw.randint(1, 14)) for _ in range(2000)]
    for randomness in cases:
        assert ulid(moment, randomness) == digit_by_digit(moment, randomness), randomness


def test_a_content_id_is_stable_and_a_ulid() -> None:
    moment = datetime(2026, 1, 5, tzinfo=UTC)
    made = content_id(moment, b"promotion\0o_1")
    assert made == content_id(moment, b"promotion\0o_1") != content_id(moment, b"o_2")
    assert made.startswith("mem_") and len(made) == 30
    assert set(made[4:]) <= set(_CROCKFORD)
    assert made[4:14] == _encode(int(moment.timestamp() * 1000), 10)
