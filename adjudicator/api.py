"""API plumbing shared by every app: the error format for bad input.

Every 400 has the shape ``{"detail": "...", "errors": [{"field": "...", "message": "..."}]}``
so that a client always learns what is wrong and where.
"""

from typing import Any

from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from adjudicator.games.common import InvalidInput


def flatten_errors(detail: Any, prefix: str = "") -> list[dict[str, str]]:
    """Turn DRF's nested error detail into a flat list of ``{"field", "message"}``."""
    if isinstance(detail, dict):
        return [
            error
            for key, value in detail.items()
            for error in flatten_errors(
                value,
                key if key == "non_field_errors" and not prefix else f"{prefix}.{key}".strip("."),
            )
        ]
    if isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            return [{"field": prefix or "non_field_errors", "message": str(m)} for m in detail]
        return [
            error
            for index, item in enumerate(detail)
            for error in flatten_errors(item, f"{prefix}[{index}]")
        ]
    return [{"field": prefix or "non_field_errors", "message": str(detail)}]


def bad_request(errors: list[dict[str, str]]) -> Response:
    """A 400 listing every problem."""
    summary = "; ".join(f"{e['field']}: {e['message']}" for e in errors)
    return Response({"detail": summary, "errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus the engines' :class:`InvalidInput`, both as the common 400 shape."""
    if isinstance(exc, InvalidInput):
        return bad_request([{"field": f, "message": m} for f, m in exc.problems])
    if isinstance(exc, ValidationError):
        return bad_request(flatten_errors(exc.detail))
    return drf_exception_handler(exc, context)
