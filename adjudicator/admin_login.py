"""``/admin/login/`` with its sign-in attempts limited per client (``ADMIN_LOGIN_THROTTLE_RATE``,
10 an hour, counted in the shared cache like the API's limits, whichever worker answers): a
public password form is not an open door for guessing."""

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

from adjudicator.throttling import WindowRateThrottle


class AdminLoginThrottle(WindowRateThrottle):
    """Sign-in attempts per client address (``X-Forwarded-For`` behind ``NUM_PROXIES``)."""

    scope = "admin_login"

    def get_cache_key(self, request: HttpRequest, view: object) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def login(request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
    """The admin's sign-in page; a POST over the limit is a 429 with ``Retry-After``."""
    throttle = AdminLoginThrottle()
    if request.method == "POST" and not throttle.allow_request(request, None):
        wait = int(throttle.wait() or 1)
        response = HttpResponse(
            gettext("Too many sign-in attempts: try again in %(seconds)s s.") % {"seconds": wait},
            status=429,
            content_type="text/plain; charset=utf-8",
        )
        response["Retry-After"] = str(wait)
        return response
    return admin.site.login(request, extra_context)
