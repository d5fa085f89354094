"""``/healthz``: is this worker able to answer? Each part (database reads, database writes,
the search index) checked apart, as JSON, so that a load balancer and an operator see which
one is down; the rest of the site keeps serving while search alone is."""

import errno
import logging
import os
import shutil
import tempfile
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone

from adjudicator.errors import RETRY_AFTER_SECONDS, close_connections, is_fault
from adjudicator.web.models import HealthProbe
from rules_corpus.search.index import SearchIndexUnavailable, opened

logger = logging.getLogger(__name__)


def database_read() -> str | None:
    """Can the database run a query? (None, or what went wrong)"""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        return None if cursor.fetchone() == (1,) else "SELECT 1 answered something else"


#: A SQLite database's disk with less room than this counts as full: a small write (this
#: check's) may still fit where a deck no longer does.
MIN_FREE_BYTES = 1 << 20

#: What the scratch file beside a SQLite database is written with: one page.
SCRATCH = b"\0" * 4096


def database_write() -> str | None:
    """Can the database commit a write? Proven without keeping anything (a GET writes
    nothing, issue 28): one row inserted in a transaction that is rolled back (a read-only
    connection, file or session, or a hot standby, refuses it; a lock held too long times out);
    for SQLite, whose rolled-back write may never reach its file, also the file and its
    directory writable, at least :data:`MIN_FREE_BYTES` free, and one page written and synced
    into a nameless file in its directory (a full or read-only disk refuses it); for
    PostgreSQL, also the session not read-only."""
    if connection.vendor == "sqlite":
        _sqlite_writable(Path(connection.settings_dict["NAME"]).resolve())
    elif connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SHOW transaction_read_only")
            if cursor.fetchone() != ("off",):
                raise OSError(errno.EROFS, "the database is read-only")
    with transaction.atomic():
        HealthProbe.objects.create(checked=timezone.now())
        transaction.set_rollback(True)
    return None


def _sqlite_writable(database: Path) -> None:
    """A read-only file, directory or disk, or a full one: nothing is left on it."""
    paths = [path for path in (database, database.parent) if path.exists()]  # SQLite makes it
    if not all(os.access(path, os.W_OK) for path in paths):
        raise OSError(errno.EROFS, "the database's file or directory is read-only")
    if shutil.disk_usage(database.parent).free < MIN_FREE_BYTES:
        raise OSError(errno.ENOSPC, "the database's disk is full")
    with tempfile.TemporaryFile(dir=database.parent) as scratch:  # unlinked at once (O_TMPFILE)
        scratch.write(SCRATCH)
        scratch.flush()
        os.fsync(scratch.fileno())


def search_index() -> str | None:
    """Can the current generation of the search index be opened whole?"""
    opened(settings.SEARCH_INDEX_DIR)
    return None


CHECKS = {"database": database_read, "database_write": database_write, "search_index": search_index}


def _run(check: Callable[[], str | None]) -> str | None:
    try:
        return check()
    except SearchIndexUnavailable as error:
        return type(error).__name__  # the details (paths) are logged, not published
    except Exception as error:  # the check answers JSON whatever failed
        if is_fault(error):
            close_connections()
        else:
            logger.exception("Health check %s failed", check.__name__)
        return type(error).__name__


def healthz(request: HttpRequest) -> JsonResponse:
    """200 with every check true; 503 (with ``Retry-After``) naming each failing part in
    ``checks`` and the kind of error in ``problems`` otherwise."""
    problems = {name: _run(check) for name, check in CHECKS.items()}
    healthy = not any(problems.values())
    response = JsonResponse(
        {
            "status": "ok" if healthy else "unavailable",
            "checks": {name: problem is None for name, problem in problems.items()},
            "problems": {name: problem for name, problem in problems.items() if problem},
            "version": metadata.version("rules-adjudicator"),
        },
        status=200 if healthy else 503,
    )
    if not healthy:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class HealthCheckMiddleware:
    """``/healthz`` answered before any other middleware: a load balancer probes a worker by
    its address, over plain HTTP, with no ``Host`` among ``ALLOWED_HOSTS`` and no
    ``X-Forwarded-Proto``, and must get the check rather than a 400 or a redirect to https
    (docs/deploy.md). It answers nothing but the check, the same to anyone."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == "/healthz" and request.method in ("GET", "HEAD"):
            return healthz(request)
        return self.get_response(request)
