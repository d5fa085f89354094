"""Request bodies held to the size limit before anything reads them (issue 27).

Django holds a form's or a JSON body's fields to ``DATA_UPLOAD_MAX_MEMORY_SIZE`` when they are
read, but a multipart file part is spooled in full whatever its size, and a chunked body (no
``Content-Length``) reads as empty: a question silently lost ("attacker: required"). The site
takes no uploads and no question needs more than the limit, so every body is refused up front:
one declared over the limit with 413, one without a length (chunked) with 411.
"""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from adjudicator.api import BODY_TOO_LARGE
from adjudicator.errors import error_json, is_api


def body_length(request: HttpRequest) -> int:
    """The declared ``Content-Length`` (0 when absent or not a number, as Django reads it)."""
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or 0), 0)
    except ValueError:
        return 0


def refuse(request: HttpRequest, status: int, message: str, code: str) -> HttpResponse:
    """The refusal in the API's error shape under /api/, a page elsewhere."""
    if is_api(request):
        return error_json(status, "body", message, code)
    return render(request, "request_refused.html", {"message": message}, status=status)


class BodyLimitMiddleware:
    """411 for a body without a length, 413 for one declared over DJANGO_MAX_BODY_BYTES."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.META.get("HTTP_TRANSFER_ENCODING") and not request.META.get("CONTENT_LENGTH"):
            message = _("Send the request body with a Content-Length: chunked bodies are not read.")
            return refuse(request, 411, message, "length_required")
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and body_length(request) > limit:
            if is_api(request):
                return error_json(413, "body", BODY_TOO_LARGE, "too_large")
            message = _("The request is over the size limit of %(limit)s bytes.") % {"limit": limit}
            return refuse(request, 413, message, "too_large")
        return self.get_response(request)
