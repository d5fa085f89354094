"""A CPU budget per request (issue 12: no request holds a worker for more than 2 s of CPU).

The engines estimate the questions whose cost can explode and refuse them up front, naming what
to change; this is the backstop for whatever an estimate misses. ``CpuBudgetMiddleware`` arms a
``SIGPROF`` timer on the process's CPU time (``REQUEST_CPU_SECONDS``) around each request; when it
fires, ``OverBudget`` unwinds the computation up to this, the outermost middleware (database
work rolls back with its transaction) and the client gets a 422 saying the question is too big,
instead of a worker held for minutes.

Signals reach only the main thread, so the budget is armed there alone: gunicorn's sync workers
(``make serve``) and the test client; ``runserver``'s request threads go without it.
"""

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

#: When something swallows ``OverBudget`` (a finalizer the signal interrupted does), it is
#: raised again this much CPU time later.
RETRY_SECONDS = 0.02


class OverBudget(BaseException):
    """The request used up its CPU budget: a BaseException, so that no ``except Exception``
    on the way (Django's, DRF's, an engine's) takes it for an error to handle."""


def _expire(signum: int, frame: object) -> None:
    signal.setitimer(signal.ITIMER_PROF, RETRY_SECONDS)
    raise OverBudget


@contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Raise ``OverBudget`` once the process has spent ``seconds`` of CPU time inside the block
    (a no-op off the main thread, or for ``seconds`` <= 0)."""
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGPROF, _expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def over_budget_message() -> str:
    return _(
        "This question needs more than %(seconds)s s of computing, more than one request may "
        "use: ask a smaller one (fewer units or rounds, a shorter horizon, fewer attempts)."
    ) % {"seconds": settings.REQUEST_CPU_SECONDS}


def over_budget(request: HttpRequest) -> HttpResponse:
    """422: the answer in the API's error shape under /api/, a page elsewhere."""
    message = over_budget_message()
    if request.path.startswith("/api/"):
        error = {"field": "body", "message": message, "code": "over_budget"}
        return JsonResponse({"detail": message, "errors": [error]}, status=422)
    return render(request, "over_budget.html", {"message": message}, status=422)


class CpuBudgetMiddleware:
    """Each request within ``REQUEST_CPU_SECONDS`` of CPU time (0 turns the budget off)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            with cpu_budget(settings.REQUEST_CPU_SECONDS):
                return self.get_response(request)
        except OverBudget:
            return over_budget(request)
