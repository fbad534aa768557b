"""A key given twice in one JSON object, however spelled (memcurator.schema.key_given_twice)."""

from __future__ import annotations

import pytest

from memcurator.schema import key_given_twice


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        (b'{"a": 1, "a": 2}', "a"),
        (b'{"a": 1, "a" : 2}', "a"),  # white space before the colon
        (b'{"a": 1, "\\u0061": 2}', "a"),  # the same name escaped
        (b'{"s": {"u": 1, "u":\n2}}', "u"),  # inside a nested object
    ],
)
def test_a_key_named_twice_is_found_however_it_is_spelled(raw: bytes, name: str) -> None:
    assert key_given_twice(raw) == f'"{name}" given twice in one object: ambiguous, so refused'


@pytest.mark.parametrize(
    "raw",
    [
        b'{"a": 1, "b": 2}',
        b'{"a": "he wrote \\"a\\": 2 there"}',  # a key's spelling inside a string value
        b'{"a": "caf\\u00e9", "b": 1}',
        b'{"s": {"a": 1}, "t": {"b": 1}}',
    ],
)
def test_a_line_naming_each_key_once_passes(raw: bytes) -> None:
    assert key_given_twice(raw) is None
