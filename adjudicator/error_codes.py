"""The API's one table of error codes (docs/api.md, Errors): every ``errors[].code`` any
endpoint answers is one of :data:`ERROR_CODES`. DRF's and Django's validation codes and the
engines' messages are mapped onto it here, once, by ``adjudicator.api.exception_handler``."""

import re

#: Code → what it means (docs/api.md says the same).
ERROR_CODES = {
    "required": "a required field or parameter is missing, empty or blank",
    "wrong_type": "a value of another JSON type than the schema says (no coercion), or null",
    "unknown_field": "a key or query parameter the operation does not define",
    "invalid_choice": "not one of the allowed values (an enum, a known name or id)",
    "out_of_range": "a number, a length or a list size outside its bounds",
    "rule": "well formed, but the game's rules or data refuse it",
    "unknown_card": "the deck reader does not know a card",
    "ambiguous_card": "the deck reader cannot tell which card a line means",
    "invalid_count": "the deck reader cannot read a line's count",
    "parse_error": "the body is not JSON",
    "bad_request": "the request cannot be read (its line or headers)",
    "length_required": "a body without a Content-Length (chunked)",
    "too_large": "the body is over the size limit",
    "not_found": "no such path, object or page",
    "method_not_allowed": "the method is not allowed on this path",
    "not_acceptable": "no answer in the media type the Accept header asks for",
    "unsupported_media_type": "the body is not application/json",
    "over_budget": "the question needs more CPU or memory than one request may use",
    "throttled": "too many requests: wait Retry-After seconds",
    "unavailable": "the database or its disk is down: retry after Retry-After seconds",
    "index_missing": "the search index is not built yet",
    "index_unavailable": "the search index cannot be read: search alone is down",
    "server_error": "the server failed; nothing was changed",
}

#: An HTTP status's code in the table, for an error answered without one of its own.
STATUS_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    411: "length_required",
    413: "too_large",
    415: "unsupported_media_type",
    422: "over_budget",
    429: "throttled",
    503: "unavailable",
}


def status_code(status: int) -> str:
    """The table's code for an error answered with ``status`` and nothing more."""
    return STATUS_CODES.get(status, "bad_request" if status < 500 else "server_error")


#: DRF's and Django's validation codes, by the table's code they are.
_FRAMEWORK_CODES = {
    "blank": "required",
    "null": "wrong_type",
    "not_a_list": "wrong_type",
    "not_a_dict": "wrong_type",
    "incorrect_type": "wrong_type",
    "invalid_list": "wrong_type",
    "invalid_pk_value": "invalid_choice",
    "does_not_exist": "invalid_choice",
    "no_match": "invalid_choice",
    "max_value": "out_of_range",
    "min_value": "out_of_range",
    "max_length": "out_of_range",
    "min_length": "out_of_range",
    "max_string_length": "out_of_range",
    "empty": "out_of_range",
    "max_digits": "out_of_range",
    "max_decimal_places": "out_of_range",
    "max_whole_digits": "out_of_range",
    "overflow": "out_of_range",
    "step_size": "out_of_range",
    "too_long": "out_of_range",
    "invalid": "rule",
    "unique": "rule",
}

#: The engines' messages (``N_()`` templates), by the table's code they are; any other is
#: a ``rule``: "must be one of a, b" without the value is said where the choices depend on
#: other fields (a chance goal when a target is given), and a limit over several fields ("an
#: army holds at most 10 units") is a rule too.
_ENGINE_CODES = [
    (re.compile(r"^is required$"), "required"),
    (re.compile(r"^unknown field$"), "unknown_field"),
    (re.compile(r"^must be (an integer|an object|a list|true or false|a string|a number)\b"),
     "wrong_type"),
    (re.compile(r"^(must be one of %\(choices\)s, not|unknown \w+ %\(value\)s|"
                r"must be a companion slug)"),
     "invalid_choice"),
    (re.compile(r"^must (be between|be at least|be at most|not be negative|be \d+ or more|"
                r"be a whole number from|be a chance above)(?!.* and below )"),
     "out_of_range"),
]  # fmt: skip


def table_code(code: str | None) -> str:
    """The table's code for a DRF/Django validation code (or one of the table's own)."""
    if code in ERROR_CODES:
        return code
    return _FRAMEWORK_CODES.get(code or "invalid", "rule")


def engine_code(message: object) -> str:
    """The table's code for an engine's ``InvalidInput`` message (its English template)."""
    template = getattr(message, "template", message)
    return next((code for pattern, code in _ENGINE_CODES if pattern.search(str(template))), "rule")
