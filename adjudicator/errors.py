"""Site-wide error handlers: JSON in the API's error shape under /api/, pages elsewhere.

Nothing under ``/api/`` answers HTML: an unknown path, a body over the size limit or a server
error there gets the common shape ``{"detail", "errors": [{"field", "message", "code"}]}``.
"""

from collections.abc import Callable
from http import HTTPStatus

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import is_valid_path
from django.views import defaults

from adjudicator.api import BODY_TOO_LARGE, REQUEST_PARTS, error_item


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


def no_operation(request: HttpRequest) -> JsonResponse:
    """404 under /api/: no operation at this path."""
    return error_json(404, "path", f"No API operation at {request.path}.", "not_found")


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404, JSON under /api/."""
    if is_api(request):
        return no_operation(request)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """500, JSON under /api/."""
    if is_api(request):
        return error_json(500, "non_field_errors", "Internal server error.", "server_error")
    return defaults.server_error(request)


class ApiPathsMiddleware:
    """The API answers JSON in DEBUG and production alike (issue 27).

    An API path without its trailing slash is answered as the path with it: no 301 (which
    loses a POST's body) and no DEBUG error page for a POST. Any error under /api/ that is not
    already JSON (DEBUG's 404 and error pages) becomes the API's error shape, its status kept.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not is_api(request):
            return self.get_response(request)
        path, urlconf = request.path_info, getattr(request, "urlconf", None)
        slashed = f"{path}/"
        if (
            not path.endswith("/")
            and is_valid_path(slashed, urlconf)
            and not is_valid_path(path, urlconf)
        ):
            request.path_info, request.path = slashed, f"{request.path}/"
        response = self.get_response(request)
        if response.status_code < 400 or response.get("Content-Type", "").startswith(
            "application/json"
        ):
            return response
        if response.status_code == 404:
            return no_operation(request)
        status = HTTPStatus(response.status_code)
        code = status.phrase.lower().replace(" ", "_")
        field = REQUEST_PARTS.get(status, "non_field_errors")
        return error_json(status, field, status.phrase, code)
