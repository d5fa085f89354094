"""The Django side of search: the configured index, and the form's parameters to a search."""

from __future__ import annotations

import logging
import pickle
import struct
import zlib
from typing import Any

from django.conf import settings
from django.utils.translation import gettext

from .engine import PageOutOfRange, SearchPage, search
from .index import OpenedIndex, SearchIndexMissing, SearchIndexUnavailable

#: Seconds a client is asked to wait (``Retry-After``) when search is unavailable.
RETRY_AFTER_SECONDS = 60


#: What reading a damaged index file raises once it is open (whoosh reads postings lazily).
READ_ERRORS = (OSError, EOFError, struct.error, zlib.error, pickle.UnpicklingError)
logger = logging.getLogger(__name__)


def search_cleaned(cleaned: dict[str, Any], source: OpenedIndex | None = None) -> SearchPage:
    """Search the configured index (``source``: its generation already opened) with a valid
    :class:`~.forms.SearchForm`'s data; a file of the index that fails to read is
    :class:`SearchIndexUnavailable` (logged)."""
    try:
        return search(
            settings.SEARCH_INDEX_DIR,
            cleaned["q"],
            game=cleaned.get("game") or None,
            language=cleaned.get("lang") or None,
            doc_type=cleaned.get("type") or None,
            page=cleaned.get("page") or 1,
            source=source,
        )
    except READ_ERRORS as error:
        logger.exception("Reading the search index in %s failed", settings.SEARCH_INDEX_DIR)
        raise SearchIndexUnavailable(repr(error)) from error


def page_error(error: PageOutOfRange) -> str:
    """What to tell about a page past the last one, in the request's language."""
    return gettext("There is no page %(page)d: the results have %(pages)d.") % {
        "page": error.page,
        "pages": error.num_pages,
    }


def unavailable(error: SearchIndexUnavailable) -> tuple[str, str]:
    """What to tell, in the request's language, when the index is missing or cannot be read,
    and the error's code (``index_missing``, ``index_unavailable``)."""
    if isinstance(error, SearchIndexMissing):
        return gettext("The search index has not been built yet."), "index_missing"
    return (
        gettext(
            "Search is unavailable: its index cannot be read. Everything else works; "
            "try again later."
        ),
        "index_unavailable",
    )
