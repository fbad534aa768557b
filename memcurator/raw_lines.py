"""What is left of a line that did not parse, made fit to screen: only its whole values, and
its JSON escapes read as JSON reads them. Pure; the gate screens and logs the result."""

from __future__ import annotations

import json
import re

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BOUNDARY = re.compile(r"[\s,:;{}\[\]]")

# A JSON string escape: "\u0041" (a surrogate pair as one), or one of \" \\ \/ \b \f \n \r \t.
_ESCAPE = re.compile(r'\\(u[0-9a-fA-F]{4}(?:\\u[0-9a-fA-F]{4})?|["\\/bfnrt])')
_SHORT_ESCAPES = {
    '"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t",
}


def _unescaped(match: re.Match[str]) -> str:
    code = match.group(1)
    if code[0] != "u":
        return _SHORT_ESCAPES[code]
    try:
        decoded: str = json.loads('"\\' + code + '"')
    except ValueError:
        return "\ufffd"
    return decoded


def unescape_json(text: str) -> str:
    r"""A line that did not parse, with its JSON escapes read as JSON reads them: the screen
    must see the characters the line means ("\u0041KIA...", "postgres:\/\/admin:..."), and the
    log keeps that reading, not the escaped text it was hidden in (a review, 2026-12-07)."""
    return _ESCAPE.sub(_unescaped, text) if "\\" in text else text


def complete_part(text: str, *, cut: bool) -> str:
    """The part of a line that holds only whole values: a JSON string left unterminated is
    dropped from its opening quote, and when the text was cut off (``cut``), so is a bare
    token at its end. Screening what is left is then screening whole values."""
    position = 0
    while (quote := text.find('"', position)) != -1:
        string = _JSON_STRING.match(text, quote)
        if string is None:
            return text[:quote]
        position = string.end()
    if not cut:
        return text
    tail = [m.end() for m in _BOUNDARY.finditer(text, position)]
    return text[: tail[-1]] if tail else text[:position]
