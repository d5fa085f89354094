"""A CPU budget per request (issue 12: no request holds a worker for more than 2 s of CPU).

The engines estimate the questions whose cost can explode and refuse them up front, naming what
to change; this is the backstop for whatever an estimate misses. ``CpuBudgetMiddleware`` arms a
``SIGPROF`` timer on the process's CPU time (``REQUEST_CPU_SECONDS``) around each request; when it
fires, ``OverBudget`` unwinds the computation up to this, the outermost middleware (database
work rolls back with its transaction) and the client gets a 422 saying the question is too big,
instead of a worker held for minutes.

Signals reach only the main thread, so the budget is armed there alone: gunicorn's sync workers
(``make serve``) and the test client; ``runserver``'s request threads go without it.

Memory has a last line of defence too (issue 27): each gunicorn worker holds its data segment to
``WORKER_MEMORY_MB`` (``RLIMIT_DATA``: the heap and private mappings), so a question whose size
an engine misjudged fails with ``MemoryError`` instead of taking the machine. The client gets
the same 422, and the worker exits after answering (gunicorn starts a fresh one), as a heap
that once ran out is no longer trusted.
"""

import logging
import os
import resource
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

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


def over_memory_message() -> str:
    return _(
        "This question needs more memory than one request may use: ask a smaller one (fewer "
        "units or rounds, a shorter horizon, fewer attempts)."
    )


def over_budget(request: HttpRequest, message: str | None = None) -> HttpResponse:
    """422: the answer in the API's error shape under /api/, a page elsewhere."""
    message = message or over_budget_message()
    if request.path.startswith("/api/"):
        error = {"field": "body", "message": message, "code": "over_budget"}
        return JsonResponse({"detail": message, "errors": [error]}, status=422)
    return render(request, "over_budget.html", {"message": message}, status=422)


def under_gunicorn() -> bool:
    """Is this process one of gunicorn's (its arbiter names itself in the environment)?"""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("gunicorn")


def limit_memory(megabytes: int) -> None:
    """Hold this process's data segment to ``megabytes`` (0: no limit; never above the hard
    limit the process was given)."""
    if megabytes <= 0:
        return
    _soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    limit = megabytes * 1024 * 1024
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))


def _recycle() -> None:
    """Ask gunicorn's worker to exit once its request is answered (as ``max_requests`` does)."""
    os.kill(os.getpid(), signal.SIGTERM)


def over_memory(request: HttpRequest) -> HttpResponse:
    """422 for a request that ran out of memory; a gunicorn worker is recycled after it."""
    logger.warning("Out of memory (WORKER_MEMORY_MB) answering %s", request.path)
    response = over_budget(request, over_memory_message())
    if under_gunicorn():
        response._resource_closers.append(_recycle)  # run once the response is sent
    return response


class CpuBudgetMiddleware:
    """Each request within ``REQUEST_CPU_SECONDS`` of CPU time (0 turns the budget off), and a
    ``MemoryError`` answered 422 (see the module's docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            with cpu_budget(settings.REQUEST_CPU_SECONDS):
                return self.get_response(request)
        except OverBudget:
            return over_budget(request)
        except MemoryError:
            return over_memory(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """A view's ``MemoryError`` (Django would make it a 500 before it reached __call__)."""
        return over_memory(request) if isinstance(exception, MemoryError) else None
