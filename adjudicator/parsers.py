"""The API's JSON parser with a nesting limit (400 on ``body``) checked before json.loads
recurses (a body over DATA_UPLOAD_MAX_MEMORY_SIZE is already refused by Django: 413).

Apart from adjudicator.api because DRF imports its parser classes while APIView is defined.
Any other JSON parser of the site should call :func:`check_json_body` first.
"""

import io
import re
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

#: JSON nested deeper than this is refused before parsing (json.loads recurses per level).
MAX_JSON_DEPTH = 32
JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
JSON_BRACKET = re.compile(rb"[\[\]{}]")


def json_depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects in a JSON text, without parsing it."""
    depth = deepest = 0
    for match in JSON_BRACKET.finditer(JSON_STRING.sub(b'""', raw)):
        depth += 1 if match.group() in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def check_json_body(stream: Any) -> bytes:
    """The body read from ``stream`` once it is known to be within the depth limit."""
    raw = stream.read() if stream is not None else b""
    if json_depth(raw) > MAX_JSON_DEPTH:
        raise ParseError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels.")
    return raw


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser that refuses nesting deeper than MAX_JSON_DEPTH (400 on ``body``)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        raw = check_json_body(stream)
        return super().parse(io.BytesIO(raw), media_type, parser_context)
