"""Opening the search index and loading its sentence encoder before the first search."""

import logging
from pathlib import Path

from rules_corpus.search import postings
from rules_corpus.search.engine import prepare
from rules_corpus.search.index import SearchIndexMissing, SearchIndexUnavailable, opened
from rules_corpus.search.query import concept_clauses

logger = logging.getLogger(__name__)


def warm(directory: Path, *, every_term: bool = False) -> None:
    """Open the index in ``directory`` and load its vectors and the encoder now, so that no
    search pays for them (about a second of CPU) out of its request's CPU budget; with
    ``every_term`` (the web server's), score every word's postings too (another second:
    :func:`.postings.fill`), the glossary concepts' clauses (their phrases) and read every
    document as a result shows it (0.3 s:
    :func:`.engine.prepare`). An index that is missing or damaged is logged, never raised: the
    worker serves everything else, and search and ``/healthz`` say it is unavailable."""
    try:
        source = opened(directory)
        if every_term:
            postings.fill(source.searcher())
            postings.fill_clauses(source.searcher(), concept_clauses())
            prepare(source)
    except SearchIndexMissing:
        logger.warning("No search index in %s: run build_search_index", directory)
    except SearchIndexUnavailable as error:
        logger.error("The search index cannot be opened, search is unavailable: %s", error)
