"""WSGI entry point for the Rules Adjudicator."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")

application = get_wsgi_application()


def _warm() -> None:
    """Import every view module, open the search index and load its sentence encoder now, not
    in a worker's first requests: they would pay for it (about a second of CPU) out of their
    CPU budget (adjudicator/budget.py), and their players would wait."""
    from django.conf import settings
    from django.urls import get_resolver

    from rules_corpus.search.index import SearchIndexMissing, open_index
    from rules_corpus.search.vectors import encoder, load_vectors

    get_resolver().url_patterns  # noqa: B018
    try:
        open_index(settings.SEARCH_INDEX_DIR)
    except SearchIndexMissing:
        return  # `make run` / deploy builds it; searches say so meanwhile
    if load_vectors(settings.SEARCH_INDEX_DIR) is not None:
        encoder().encode(["warm up"])  # its tokenizer and weights load on first use


_warm()
