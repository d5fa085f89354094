"""A CPU budget per request (issue 12: no request holds a worker for more than 2 s of CPU).

The engines estimate the questions whose cost can explode and refuse them up front, naming what
to change; this is the backstop for whatever an estimate misses. ``CpuBudgetMiddleware`` measures
the CPU time of the thread that serves the request (``REQUEST_CPU_SECONDS``); once it is spent,
``OverBudget`` unwinds the computation up to this middleware (database work rolls back with its
transaction) and the client gets a 422 saying the question is too big, instead of a worker held
for minutes.

A thread's own CPU clock counts only that request's work, whatever else the process runs:
gunicorn's threaded workers (``make serve``, gunicorn.conf.py), ``runserver``'s request threads
and the test client alike. A watchdog thread per process reads the clocks of the armed requests
every ``TICK`` seconds and raises ``OverBudget`` in a thread past its budget (Python's
``PyThreadState_SetAsyncExc``: it arrives at the thread's next bytecode, so the engines, plain
Python, stop within a tick).

Memory has a last line of defence too (issue 27): each gunicorn worker holds its data segment to
``WORKER_MEMORY_MB`` (``RLIMIT_DATA``: the heap and private mappings), so a question whose size
an engine misjudged fails with ``MemoryError`` instead of taking the machine. The client gets
the same 422, and the worker exits after answering (gunicorn starts a fresh one), as a heap
that once ran out is no longer trusted.
"""

import ctypes
import logging
import os
import resource
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

#: How often the watchdog reads the armed threads' CPU clocks (seconds of wall time).
TICK = 0.01
#: When something swallows ``OverBudget`` (a finalizer it interrupted does), it is raised again
#: this much CPU time later.
RETRY_SECONDS = 0.02

_set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
_set_async_exc.argtypes = (ctypes.c_ulong, ctypes.py_object)
_NO_EXCEPTION = ctypes.py_object()  # NULL: clears a pending exception


class OverBudget(BaseException):
    """The request used up its CPU budget: a BaseException, so that no ``except Exception``
    on the way (Django's, DRF's, an engine's) takes it for an error to handle."""


@dataclass
class _Armed:
    clock: int  # the thread's CPU clock (time.pthread_getcpuclockid)
    deadline: float  # in that clock's seconds
    raised: bool = False  # an ``OverBudget`` was sent to the thread


class _Watchdog:
    """The armed threads of this process and the thread that stops those past their budget."""

    def __init__(self) -> None:
        self.armed: dict[int, _Armed] = {}
        self.changed = threading.Condition()
        self.watching = False

    def arm(self, seconds: float) -> None:
        ident = threading.get_ident()
        clock = time.pthread_getcpuclockid(ident)
        with self.changed:
            if not self.watching:  # the process's first request
                self.watching = True
                threading.Thread(target=self._watch, name="cpu-budget", daemon=True).start()
            self.armed[ident] = _Armed(clock, time.clock_gettime(clock) + seconds)
            self.changed.notify()

    def disarm(self) -> None:
        """Forget this thread; an ``OverBudget`` raised in it but not yet arrived is cancelled
        (retried if it arrives meanwhile, so that none is left to hit the next request). Only a
        thread that was sent one is cleared: CPython 3.11's clearing leaves the interpreter's
        asynchronous-exception signal on, under which a profiler (cProfile) spun forever here."""
        ident = threading.get_ident()
        while True:
            try:
                with self.changed:
                    armed = self.armed.pop(ident, None)
                    if armed is not None and armed.raised:
                        _set_async_exc(ident, _NO_EXCEPTION)
                return
            except OverBudget:
                continue

    def _watch(self) -> None:
        while True:
            with self.changed:
                while not self.armed:
                    self.changed.wait()
                for ident, armed in list(self.armed.items()):
                    try:
                        now = time.clock_gettime(armed.clock)
                    except OSError:  # the thread is gone without disarming: nothing to stop
                        del self.armed[ident]
                        continue
                    if now >= armed.deadline:
                        armed.deadline, armed.raised = now + RETRY_SECONDS, True
                        _set_async_exc(ident, OverBudget)
            time.sleep(TICK)


_watchdog = _Watchdog()
# A forked worker starts afresh: no watchdog thread and no lock held by one (gunicorn's master
# imports the site before forking its workers, gunicorn.conf.py).
os.register_at_fork(after_in_child=_watchdog.__init__)


@contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Raise ``OverBudget`` once this thread has spent ``seconds`` of CPU time inside the block
    (no limit for ``seconds`` <= 0)."""
    if seconds <= 0:
        yield
        return
    _watchdog.arm(seconds)
    try:
        yield
    finally:
        _watchdog.disarm()


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
