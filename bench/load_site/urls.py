"""Every URL of the site, plus the bare JSON view the load figures are compared with."""

from django.http import HttpRequest, JsonResponse
from django.urls import path

from adjudicator.urls import urlpatterns as site_patterns


def bare(request: HttpRequest) -> JsonResponse:
    """Django's floor: routing, middleware and a JSON body, no work."""
    return JsonResponse({"ok": True})


urlpatterns = [path("bench/bare/", bare), *site_patterns]
