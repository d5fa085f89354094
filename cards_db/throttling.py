"""The deck-save rate (API_SAVE_THROTTLE_RATE per client), one budget for the API and the pages,
counted in the shared cache (adjudicator/throttling.py)."""

import math
from types import SimpleNamespace

from django.http import HttpRequest
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from adjudicator.throttling import WindowRateThrottle

SAVE_SCOPE = "deck_save"


class SaveRateThrottle(ScopedRateThrottle, WindowRateThrottle):
    """The ``deck_save`` rate on writes only; reads are not saves."""

    scope_attr = "save_throttle_scope"

    def allow_request(self, request: Request | HttpRequest, view: APIView | object) -> bool:
        return request.method in SAFE_METHODS or super().allow_request(request, view)


def page_save_wait(request: HttpRequest) -> int | None:
    """Seconds a page's save must wait (the client has used its saves), or None to go on:
    the page's saves count against the same rate as the API's."""
    throttle = SaveRateThrottle()
    if throttle.allow_request(request, SimpleNamespace(save_throttle_scope=SAVE_SCOPE)):
        return None
    return math.ceil(throttle.wait() or 1)
