"""Limits per client, shared by every worker and machine (issue 27; rates in docs/api.md).

Two limits, both counted in the shared cache (settings.CACHES: the database by default, Redis
with ``REDIS_URL``) in fixed windows of their period, by an atomic count (``cache.incr``), so
that any number of workers together allow exactly the stated rate:

- requests: DRF's throttles (``API_THROTTLE_RATE`` on the API, ``API_SAVE_THROTTLE_RATE`` on deck
  saves) count here (:class:`WindowRateThrottle`); every API answer says where its client stands
  in ``RateLimit-Limit``, ``RateLimit-Remaining``, ``RateLimit-Reset`` and ``RateLimit-Policy``
  (the IETF httpapi draft), a 429 adds ``Retry-After``;
- computing: the CPU seconds each client's requests used (``CPU_THROTTLE_RATE``), pages and API
  alike (:class:`ClientLimitsMiddleware`): the heavy questions are what can starve the others.
  A client past it gets a 429 with ``Retry-After`` until its window ends.

While the shared cache cannot be reached, nothing is counted and every request is let through
(and logged): a limit is not worth the site.
"""

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _
from redis.exceptions import RedisError
from rest_framework.throttling import AnonRateThrottle, BaseThrottle, SimpleRateThrottle

logger = logging.getLogger(__name__)

#: A request is charged its CPU time from this much on (seconds): below it, nothing is written.
CHARGED_FROM = 0.01


@dataclass(frozen=True)
class Window:
    """Where a client stands in one limit: its rate, what is left and when the window ends."""

    limit: int
    period: int
    remaining: int
    reset: int

    def policy(self) -> str:
        return f"{self.limit};w={self.period}"


def counted(key: str, period: int, amount: int) -> tuple[int, int]:
    """Add ``amount`` to ``key``'s count in the current window of ``period`` seconds: the count
    so far (0 while the cache is down) and the seconds left in the window."""
    now = time.time()
    window = int(now // period)
    count = _shared(lambda: _add(f"{key}:{window}", period, amount), 0)
    return count, math.ceil((window + 1) * period - now)


def _add(key: str, period: int, amount: int) -> int:
    """One write when the window's count exists; else it is started (by one worker: ``add``
    does nothing where another did it first) and counted."""
    for _attempt in range(3):  # the count may expire between add and incr: start it again
        try:
            return cache.incr(key, amount)
        except ValueError:
            cache.add(key, 0, timeout=2 * period)
    return amount


def _shared(read: Callable[[], int], default: int) -> int:
    try:
        return read()
    except (DatabaseError, RedisError, OSError) as error:
        logger.warning("Rate limits not counted, the shared cache failed: %s", error)
        return default


def _note(request: HttpRequest, window: Window) -> None:
    """Keep ``window`` on the request for its answer's headers."""
    request = getattr(request, "_request", request)
    request.rate_limits = [*getattr(request, "rate_limits", []), window]


class WindowRateThrottle(SimpleRateThrottle):
    """DRF's rate ("N/period") counted in the shared cache's fixed windows of its period."""

    def allow_request(self, request: HttpRequest, view: object) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        count, self.reset = counted(self.key, self.duration, 1)
        window = Window(self.num_requests, self.duration, self.num_requests - count, self.reset)
        _note(request, window)
        return count <= self.num_requests

    def wait(self) -> float:
        return self.reset


class ClientRateThrottle(AnonRateThrottle, WindowRateThrottle):
    """``API_THROTTLE_RATE`` per client (its address, settings.REST_FRAMEWORK's NUM_PROXIES)."""


def cpu_rate() -> tuple[int, int]:
    """``CPU_THROTTLE_RATE``: CPU seconds per period (seconds) for one client."""
    seconds, period = settings.CPU_THROTTLE_RATE.split("/")
    return int(seconds), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]


def too_much_computing(request: HttpRequest, wait: int) -> HttpResponse:
    """429: the client's CPU seconds are used for now; the API's error shape or a page, in the
    client's language (this runs before the LocaleMiddleware)."""
    with translation.override(translation.get_language_from_request(request)):
        message = _(
            "Your questions have used the computing time one visitor may use for now: ask "
            "again in %(seconds)s s."
        ) % {"seconds": wait}
        if request.path.startswith("/api/"):
            error = {"field": "request", "message": message, "code": "throttled"}
            response = JsonResponse({"detail": message, "errors": [error]}, status=429)
        else:
            context = {"message": message}
            response = render(request, "too_much_computing.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response


class ClientLimitsMiddleware:
    """Each client's CPU seconds (``CPU_THROTTLE_RATE``) and the ``RateLimit-*`` headers of the
    request limits its request met; the outermost middleware, so it measures the whole request
    on the thread that serves it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        seconds, period = cpu_rate()
        key = f"cpu_{BaseThrottle().get_ident(request)}"
        window = int(time.time() // period)
        if (
            not request.path.startswith(("/healthz", settings.STATIC_URL))  # nothing to save
            and _shared(lambda: cache.get(f"{key}:{window}", 0), 0) >= 1000 * seconds
        ):
            return too_much_computing(request, math.ceil((window + 1) * period - time.time()))
        started = time.thread_time()
        response = self.get_response(request)
        spent = time.thread_time() - started
        if spent >= CHARGED_FROM:
            counted(key, period, round(1000 * spent))
        limits = getattr(request, "rate_limits", [])
        if limits:
            tightest = min(limits, key=lambda w: (w.remaining / w.limit, w.reset))
            response["RateLimit-Limit"] = str(tightest.limit)
            response["RateLimit-Remaining"] = str(max(0, tightest.remaining))
            response["RateLimit-Reset"] = str(tightest.reset)
            response["RateLimit-Policy"] = ", ".join(dict.fromkeys(w.policy() for w in limits))
        return response
