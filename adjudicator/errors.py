"""Site-wide error handlers: JSON in the API's error shape under /api/, pages elsewhere.

Nothing under ``/api/`` answers HTML: an unknown path, a body over the size limit or a server
error there gets the common shape ``{"detail", "errors": [{"field", "message", "code"}]}``.
"""

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from adjudicator.api import BODY_TOO_LARGE, error_item


def is_api(request: HttpRequest) -> bool:
    """Is this a request to the JSON API?"""
    return request.path.startswith("/api/")


def error_json(status: int, field: str, message: str, code: str) -> JsonResponse:
    """One error in the API's common shape."""
    return JsonResponse(
        {"detail": message, "errors": [error_item(field, message, code)]}, status=status
    )


def too_big(request: HttpRequest) -> HttpResponse:
    """413: the request body is over DATA_UPLOAD_MAX_MEMORY_SIZE."""
    return error_json(413, "body", BODY_TOO_LARGE, "too_large")


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """400 (413 for an oversized body), JSON under /api/."""
    if isinstance(exception, RequestDataTooBig):
        return too_big(request)
    if is_api(request):
        return error_json(400, "body", "Bad request.", "bad_request")
    return defaults.bad_request(request, exception)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404, JSON under /api/."""
    if is_api(request):
        return error_json(404, "path", f"No API operation at {request.path}.", "not_found")
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """500, JSON under /api/."""
    if is_api(request):
        return error_json(500, "non_field_errors", "Internal server error.", "server_error")
    return defaults.server_error(request)
