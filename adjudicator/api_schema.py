"""OpenAPI hooks (docs/api.md): one documented version of each path, one error shape everywhere.

Every operation documents the error statuses it can meet, each with the one error body
``{"detail", "errors": [{"field", "message"}]}`` (``adjudicator.api.exception_handler``).
"""

from collections.abc import Callable
from typing import Any

#: The version alias (``/api/v1/...``) serves the same views as ``/api/...``; the schema
#: documents each operation once, under ``/api/``.
VERSION_ALIAS = "/api/v1/"

ERROR_REF = {"$ref": "#/components/schemas/ErrorResponse"}

#: Status → (description, applies to the operation?).
ERROR_STATUSES: dict[str, tuple[str, Callable[[dict[str, Any]], bool]]] = {
    "400": ("Bad input: every problem, each naming its field.", lambda op: "requestBody" in op),
    "404": (
        "No such object or path.",
        lambda op: any(p.get("in") == "path" for p in op.get("parameters", [])),
    ),
    "405": ("The method is not allowed on this path.", lambda op: True),
    "413": ("The request body is too large.", lambda op: "requestBody" in op),
    "415": ("The body is not application/json.", lambda op: "requestBody" in op),
    "429": ("Too many requests: wait for Retry-After seconds.", lambda op: True),
    "500": ("The server failed; nothing was changed.", lambda op: True),
}


def without_version_alias(endpoints: list[tuple], **kwargs: Any) -> list[tuple]:
    """Preprocessing hook: leave the ``/api/v1/`` alias out of the schema."""
    return [endpoint for endpoint in endpoints if not endpoint[0].startswith(VERSION_ALIAS)]


def document_errors(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: each operation's error statuses, all in the one error shape."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            for code, (description, applies) in ERROR_STATUSES.items():
                if code not in responses and applies(operation):
                    responses[code] = {
                        "content": {"application/json": {"schema": ERROR_REF}},
                        "description": description,
                    }
    return result
