"""WSGI entry point for the Rules Adjudicator."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")

application = get_wsgi_application()


def _warm() -> None:
    """Import every view module, open the search index and load its sentence encoder, build
    Journey to Mordor's dice tables now, not in a worker's first requests: they would pay for
    it (about a second of CPU each) out of their CPU budget (adjudicator/budget.py), and their
    players would wait."""
    from django.conf import settings
    from django.urls import get_resolver

    from adjudicator.games.mordor.tables import build_tables
    from rules_corpus.search.warm import warm

    get_resolver().url_patterns  # noqa: B018
    build_tables()
    warm(settings.SEARCH_INDEX_DIR)
    gc.collect()
    gc.freeze()  # all of it out of the collector's full passes (and their copy-on-write)


def _limit_memory() -> None:
    """In gunicorn's workers (or its arbiter with --preload: the workers inherit it), the data
    segment held to WORKER_MEMORY_MB, after the warm-up (adjudicator/budget.py)."""
    from django.conf import settings

    from adjudicator import budget

    if budget.under_gunicorn():
        budget.limit_memory(settings.WORKER_MEMORY_MB)


_warm()
_limit_memory()
