"""``/healthz``: is this worker able to answer? (database, search index, version), as JSON."""

from importlib import metadata

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse

from rules_corpus.search.index import SearchIndexMissing, open_index


def database_ok() -> bool:
    """Can the database run a query?"""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        return False


def search_index_ok() -> bool:
    """Can the search index be opened and read?"""
    try:
        with open_index(settings.SEARCH_INDEX_DIR).searcher() as searcher:
            searcher.doc_count()
    except (SearchIndexMissing, OSError):
        return False
    return True


def healthz(request: HttpRequest) -> JsonResponse:
    """200 with every check true, 503 naming the failing check otherwise."""
    checks = {"database": database_ok(), "search_index": search_index_ok()}
    healthy = all(checks.values())
    return JsonResponse(
        {
            "status": "ok" if healthy else "unavailable",
            "checks": checks,
            "version": metadata.version("rules-adjudicator"),
        },
        status=200 if healthy else 503,
    )
