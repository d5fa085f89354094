"""The API's JSON parser: the body decoded once, strictly, in time and memory linear in its size
(a body over DATA_UPLOAD_MAX_MEMORY_SIZE is already refused by Django: 413).

Refused with a 400 on ``body`` before any serializer sees it: nesting deeper than
:data:`MAX_JSON_DEPTH` (checked before json.loads recurses), bytes that are not UTF-8, and a lone
surrogate (``"\\ud800"`` as an escape: no answer echoing it could be encoded).

Apart from adjudicator.api because DRF imports its parser classes while APIView is defined.
Any other JSON parser of the site (a page's JSON field) should call :func:`loads`.
"""

import re
from itertools import accumulate
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.utils import json  # NaN and Infinity refused, as DRF's STRICT_JSON does

#: JSON nested deeper than this is refused before parsing (json.loads recurses per level).
MAX_JSON_DEPTH = 32
#: A string (an unterminated one runs to the end: no backtracking): the unrolled loop
#: ``"[^"\\]*(?:\\.[^"\\]*)*``, one pass over its characters, so the scan is linear (the
#: former ``(?:[^"\\]|\\.)*`` retried an unterminated string from every quote).
JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
#: Every byte but the quote, the backslash and the brackets (UTF-8's multi-byte characters
#: have none of them).
NOT_STRUCTURE = bytes(set(range(256)) - set(b'"\\[]{}'))
#: +1 for an opening bracket's byte, -1 for a closing one's.
BRACKET_STEP = [{ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}.get(b, 0)
                for b in range(256)]  # fmt: skip
#: The only way a lone surrogate gets into decoded JSON (UTF-8 cannot carry one): an escape.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def json_depth(text: str | bytes) -> int:
    """The deepest nesting of arrays and objects in a JSON text, without parsing it: the
    brackets outside its strings, counted. Without a backslash, the quotes alternate opening
    and closing a string (an unterminated one runs to the end), so the text's quotes and
    brackets alone say it, at C speed (issue 29: 12 µs for a position, 78 µs by removing its
    600 strings); with one, the strings are removed first (:data:`JSON_STRING`)."""
    raw = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    kept = raw.translate(None, NOT_STRUCTURE)
    if b"\\" in kept:
        kept = JSON_STRING.sub(b"", raw).translate(None, NOT_STRUCTURE)
    # two quotes in a row end a string and start one, or close an empty one: either way the
    # quotes left still alternate around the same brackets (a position's 500 quotes go at once)
    kept = kept.replace(b'""', b"")
    outside = b"".join(kept.split(b'"')[::2]) if b'"' in kept else kept
    return _nesting(outside)


#: Every closing bracket made a ``}`` and every opening one a ``{`` (the depth counts both alike).
ONE_KIND = bytes.maketrans(b"[]", b"{}")


def _nesting(brackets: bytes) -> int:
    """The highest running count of ``brackets`` (+1 opening, -1 closing). Properly nested,
    it is how many times every innermost pair (``{}``) can be removed until none is left: each
    pass at C speed, one a level, not a step of Python per bracket (issue 29: with the quotes
    removed in pairs, a legal-destinations body's depth in 11 µs, not 38). Anything else
    (brackets that do not pair, or nesting past :data:`MAX_JSON_DEPTH`) is counted bracket by
    bracket."""
    level, depth = brackets.translate(ONE_KIND), 0
    while level and depth <= MAX_JSON_DEPTH:
        inner = level.replace(b"{}", b"")
        if len(inner) == len(level):
            break
        level, depth = inner, depth + 1
    if not level:
        return depth
    return max(accumulate(map(BRACKET_STEP.__getitem__, brackets), initial=0))


def has_lone_surrogate(data: Any) -> bool:
    """Does any string of parsed JSON (an object's keys too) hold a lone surrogate?"""
    if isinstance(data, str):
        return not data.isascii() and any(0xD800 <= ord(c) <= 0xDFFF for c in data)
    if isinstance(data, dict):
        return any(has_lone_surrogate(k) or has_lone_surrogate(v) for k, v in data.items())
    if isinstance(data, list):
        return any(has_lone_surrogate(item) for item in data)
    return False


def loads(text: str | bytes) -> Any:
    """JSON text (UTF-8 bytes or str) to data, or ``ValueError`` saying why it is refused."""
    raw = text
    if isinstance(text, bytes):
        text = text.decode("utf-8")  # a UnicodeDecodeError is a ValueError
    if json_depth(raw) > MAX_JSON_DEPTH:
        raise ValueError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels.")
    data = json.loads(text)
    if SURROGATE_ESCAPE.search(text) and has_lone_surrogate(data):
        raise ValueError("A string holds a lone surrogate (\\ud800-\\udfff): not Unicode text.")
    return data


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser with the checks of :func:`loads` (a 400 on ``body``)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        raw = stream.read() if stream is not None else b""
        try:
            return loads(raw)
        except ValueError as error:
            raise ParseError(f"JSON parse error - {error}") from error
