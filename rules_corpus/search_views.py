"""The search results page (``/search/?q=...``): works without JavaScript."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from rules_corpus.search.engine import PageOutOfRange
from rules_corpus.search.forms import SearchForm
from rules_corpus.search.index import SearchIndexUnavailable
from rules_corpus.search.service import RETRY_AFTER_SECONDS, page_error, search_cleaned, unavailable


def search_page(request: HttpRequest) -> HttpResponse:
    """The form, and for a valid query one page of results; 400 with the errors otherwise."""
    form = SearchForm(request.GET if request.GET else None)
    context: dict[str, object] = {"form": form}
    status = 200
    if form.is_bound:
        if form.is_valid():
            try:
                context["results"] = search_cleaned(form.cleaned_data)
            except PageOutOfRange as error:
                form.add_error("page", page_error(error))
                status = 400
            except SearchIndexUnavailable as error:
                context["unavailable"], _ = unavailable(error)
                status = 503
        else:
            status = 400
        context["base_query"] = urlencode(
            {key: request.GET[key] for key in ("q", "game", "lang") if request.GET.get(key)}
        )
    response = render(request, "rules_corpus/search.html", context, status=status)
    if status == 503:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
