"""The card list's page written from a skeleton (``adjudicator.web.skeleton``, issue 29): the whole
page of a question (its filters and page number) rendered once per worker for each language,
script prefix and state of the cards, with a marker in place of the request's own values (the
CSRF token, the path, the header's search box), cut at the markers and its long stretches
deflated once. A page asked again renders no template and compresses only the request's own
text. The same bytes as the template writes (tests/cards_db/test_list_page.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.template.context_processors import i18n
from django.template.loader import get_template
from django.urls import get_script_prefix
from django.utils.translation import get_language

from adjudicator.web.kept import kept
from adjudicator.web.skeleton import MarkedRequest, Skeleton, mark, request_values

TEMPLATE = "cards_db/card_list.html"
#: Pages kept: the 13 pages of the unfiltered list in three languages, and the filters asked
#: first (~30 KB each with its deflated stretches: at most ~8 MB).
LIMIT = 256


@dataclass(frozen=True)
class _Page:
    skeleton: Skeleton
    status: int


_pages: dict[tuple[Any, ...], _Page] = {}


@receiver(setting_changed)
def _forget(**_kwargs: Any) -> None:
    _pages.clear()


def respond(
    request: HttpRequest, version: tuple, context: Callable[[], tuple[dict[str, Any], int]]
) -> HttpResponse:
    """The page of the request's question for the cards at ``version``: from its skeleton, made
    from ``context()`` (the template's context and the page's status) when not kept."""
    asked = tuple(sorted((key, tuple(values)) for key, values in request.GET.lists()))
    key = (get_language(), get_script_prefix(), version, asked)
    page = kept(_pages, key, lambda: _made(request, *context()), LIMIT)
    return page.skeleton.response(request_values(request), page.status)


def _made(request: HttpRequest, context: dict[str, Any], status: int) -> _Page:
    marked = {
        **context, **i18n(request), "csrf_token": mark("csrf"),
        "request": MarkedRequest(request, {"q": mark("q")}),
    }  # fmt: skip
    return _Page(Skeleton(get_template(TEMPLATE).render(marked)), status)
