"""Site-wide error handlers: JSON in the API's error shape under /api/, pages elsewhere.

Nothing under ``/api/`` answers HTML: an unknown path, a body over the size limit or a server
error there gets the common shape ``{"detail", "errors": [{"field", "message", "code"}]}``.

A fault of the machine rather than of the code (the database lost, locked out or read-only, a
full disk) is a 503 with ``Retry-After`` saying so, and the connections that saw it are closed:
the next request opens new ones, so the site answers again by itself once the fault is gone.
"""

import errno
import logging
import sys
from collections.abc import Callable
from http import HTTPStatus

from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError, IntegrityError, connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import is_valid_path
from django.utils import translation
from django.utils.translation import gettext
from django.views import defaults

from adjudicator.api import BODY_TOO_LARGE, REQUEST_PARTS, error_item
from adjudicator.budget import over_memory
from adjudicator.error_codes import status_code


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


#: Seconds a client is asked to wait after a fault (``Retry-After``).
RETRY_AFTER_SECONDS = 10
#: What the disk says when it is full or read-only.
STORAGE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO})
logger = logging.getLogger(__name__)


def is_fault(error: BaseException | None) -> bool:
    """Is ``error`` the machine's fault (a database that cannot be reached or written, a full
    or read-only disk), which goes away by itself, rather than a defect?"""
    if isinstance(error, OSError):
        return error.errno in STORAGE_ERRNOS
    return isinstance(error, DatabaseError) and not isinstance(error, IntegrityError)


def close_connections() -> None:
    """Close every open database connection: one that saw a fault (opened read-only, cut off
    by a restarted server) must not serve the next requests for ``CONN_MAX_AGE``."""
    for connection in connections.all(initialized_only=True):
        try:
            connection.close()
        except DatabaseError:
            logger.warning("Closing the %s database connection failed", connection.alias)


def unavailable(request: HttpRequest) -> HttpResponse:
    """503 with ``Retry-After``: JSON under /api/, a page in the reader's language elsewhere."""
    with translation.override(translation.get_language_from_request(request)):
        message = gettext(
            "The site cannot save or read its data just now (the database or the disk is "
            "unavailable). Nothing was changed. Try again in a few seconds."
        )
        if is_api(request):
            response: HttpResponse = error_json(503, "non_field_errors", message, "unavailable")
        else:
            try:
                response = render(request, "unavailable.html", {"message": message}, status=503)
            except Exception:  # the page itself must not fail the answer
                response = HttpResponse(message, status=503, content_type="text/plain")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """500, JSON under /api/; a fault of the machine (:func:`is_fault`) is a 503. A
    ``MemoryError`` is the memory budget's 422 wherever it arose: a view's is answered by
    ``CpuBudgetMiddleware``, but one in a middleware (the gzip compressing a big answer)
    reaches Django's 500 before it could."""
    error = sys.exc_info()[1]
    if isinstance(error, MemoryError):
        return over_memory(request)
    if is_fault(error):
        close_connections()
        return unavailable(request)
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
        field = REQUEST_PARTS.get(status, "non_field_errors")
        return error_json(status, field, status.phrase, status_code(status))
