"""The Django side of search: the configured index, and the form's parameters to a search."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext

from .engine import PageOutOfRange, SearchPage, search


def search_cleaned(cleaned: dict[str, Any]) -> SearchPage:
    """Search the configured index with a valid :class:`~.forms.SearchForm`'s data."""
    return search(
        settings.SEARCH_INDEX_DIR,
        cleaned["q"],
        game=cleaned.get("game") or None,
        language=cleaned.get("lang") or None,
        doc_type=cleaned.get("type") or None,
        page=cleaned.get("page") or 1,
    )


def page_error(error: PageOutOfRange) -> str:
    """What to tell about a page past the last one, in the request's language."""
    return gettext("There is no page %(page)d: the results have %(pages)d.") % {
        "page": error.page,
        "pages": error.num_pages,
    }
