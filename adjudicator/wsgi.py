"""WSGI entry point for the Rules Adjudicator."""

import gc
import os
from pathlib import Path

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")

application = get_wsgi_application()

#: Allocations between the collector's young passes (Python's default: 700). A request makes a
#: few thousand objects, nearly all freed by their counts; at 700 each request paid several
#: passes, and the objects alive at a pass (the request's own) were promoted and walked again
#: by the older passes: a battle's answer spent 0.22 ms of its CPU in them, 0.14 ms at this
#: (issue 29). Garbage cycles wait a little longer, a few thousand objects at most.
YOUNG_COLLECTION_THRESHOLD = 5000


def _warm() -> None:
    """Import every view module, read every API operation's query parameters, open the search
    index and load its sentence encoder, build Journey to Mordor's dice tables and the commonest
    battles' end tables now, not in a worker's first requests: they would pay for it (about a
    second and a half of CPU each) out of their CPU budget (adjudicator/budget.py), and their
    players would wait."""
    from django.conf import settings
    from django.urls import get_resolver

    from adjudicator import strict_query
    from adjudicator.games.mordor.tables import build_tables
    from adjudicator.games.wotr.battle import warm_tables
    from rules_corpus.search.warm import warm

    get_resolver().url_patterns  # noqa: B018
    strict_query.warm()
    _warm_pages()
    build_tables()
    warm_tables()
    warm(settings.SEARCH_INDEX_DIR, every_term=True)
    gc.collect()
    gc.freeze()  # all of it out of the collector's full passes (and their copy-on-write)
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *gc.get_threshold()[1:])


def _warm_pages() -> None:
    """Every language's catalogues read and the site's templates compiled (the cached loader
    keeps them), once: each new worker's first pages in each language, after every reload, no
    longer do it (the first battle page: 170 ms of CPU, 60 ms this way)."""
    from django.conf import settings
    from django.template import engines
    from django.utils import translation

    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Rules")
    engine = engines["django"]
    for directory in engine.engine.dirs:
        for path in Path(directory).rglob("*.html"):
            engine.get_template(path.relative_to(directory).as_posix())


def _limit_memory() -> None:
    """In gunicorn's workers (or its arbiter with --preload: the workers inherit it), the data
    segment held to WORKER_MEMORY_MB, after the warm-up (adjudicator/budget.py)."""
    from django.conf import settings

    from adjudicator import budget

    if budget.under_gunicorn():
        budget.limit_memory(settings.WORKER_MEMORY_MB)


_warm()
_limit_memory()
