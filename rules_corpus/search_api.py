"""``GET /api/search/``: the rulebook search as JSON."""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpResponse
from django.urls import get_urlconf, resolve, reverse
from django.utils.encoding import iri_to_uri
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from adjudicator.api import cached_answer, error_item, form_invalid, plain_json
from adjudicator.api_schema import NON_BLANK_TEXT_PATTERN
from adjudicator.serializers import ErrorResponseSerializer
from rules_corpus.models import Game, Language
from rules_corpus.search.engine import PageOutOfRange, SearchHit, SearchPage
from rules_corpus.search.forms import MAX_PAGE, MAX_QUERY_LENGTH, SearchForm
from rules_corpus.search.index import OpenedIndex, SearchIndexUnavailable, opened
from rules_corpus.search.service import (
    RETRY_AFTER_SECONDS,
    page_error,
    search_cleaned,
    unavailable,
)


@lru_cache(maxsize=4096)
def _addresses(
    url: str, doc_type: str, rulebook: str | None, _urlconf: str | None
) -> tuple[str | None, str]:
    """A result's anchor (None for a card) and API address, read from its page's address,
    which names the section by anchor and the card by its collector key (the index's section
    id is the database's, which a reload changes); resolved once per page and process (two
    URL resolutions cost more than the rest of a result)."""
    found = resolve(url).kwargs
    if doc_type == "section":
        anchor = found["anchor"]
        return anchor, reverse("api-section", kwargs={"slug": rulebook, "anchor": anchor})
    return None, reverse("tcg-card-detail", kwargs={"key": found["key"]})


@lru_cache(maxsize=4096)
def _quoted(url: str) -> str | None:
    """``url`` as ``request.build_absolute_uri(url)`` writes it after the scheme and host, when
    it only puts them before it (a path from the root without ``.`` or ``..`` segments: every
    result's own address), else None; quoted once per address and process, not per result and
    request (thirty a search: a tenth of its answer's path)."""
    bits = urlsplit(url)
    if url.startswith("//") or bits.scheme or bits.netloc or not bits.path.startswith("/"):
        return None
    if "/./" in bits.path or "/../" in bits.path:
        return None
    return iri_to_uri(url)


@extend_schema_serializer(deprecate_fields=["section"])
class SearchResultSerializer(serializers.Serializer):
    doc_type = serializers.CharField(
        help_text="Type of document: `section` (a rulebook section) or `card` (a TCG card)."
    )
    rulebook = serializers.CharField(allow_null=True, help_text="Rulebook slug.")
    anchor = serializers.SerializerMethodField(
        help_text="The section's anchor: its stable id within `rulebook`; null for a card."
    )
    section = serializers.IntegerField(
        allow_null=True,
        help_text="Deprecated: the section's database id (`/api/sections/<id>/`), which changes "
        "when the rulebooks are loaded again; use `anchor` or `api_url`.",
    )
    title = serializers.CharField(help_text="Section heading.")
    rulebook_title = serializers.CharField(
        source="source_title", help_text="Title of the rulebook the section belongs to."
    )
    snippet = serializers.CharField(help_text="HTML: escaped text, matches in `<mark>`.")
    score = serializers.FloatField(
        help_text="Relevance: BM25F times the squared share of the query's words matched, "
        "fused by rank with the sentence encoder's nearest documents for a question; higher "
        "is better, comparable within one query and group (sections, cards) only."
    )
    url = serializers.CharField(help_text="The section's (or card's) page, absolute (permalink).")
    api_url = serializers.SerializerMethodField(
        help_text="The result's stable API address, absolute: the section's "
        "`/api/rulebooks/<rulebook>/sections/<anchor>/` or the card's `/api/cards/<id>/`."
    )
    answer = serializers.CharField(
        help_text="HTML: the section's sentence that answers the query best (escaped text, "
        "the query's words in `<mark>`); empty for a card."
    )
    passage_url = serializers.CharField(
        help_text="The section's page opened at the paragraph of `answer`, with a text "
        "fragment that scrolls to its sentence and highlights it "
        "(`<url>#p-<number>:~:text=<sentence>`, absolute); empty for a card."
    )

    def get_anchor(self, hit: SearchHit) -> str | None:
        return _addresses(hit.url, hit.doc_type, hit.rulebook, get_urlconf())[0]

    def get_api_url(self, hit: SearchHit) -> str:
        return _addresses(hit.url, hit.doc_type, hit.rulebook, get_urlconf())[1]

    def to_representation(self, instance):
        data = super().to_representation(instance)
        request = self.context.get("request")
        for key in ("url", "api_url", "passage_url"):
            if request is not None and data[key]:
                data[key] = request.build_absolute_uri(data[key])
        return data


class SearchResponseSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Hits over all pages.")
    page = serializers.IntegerField()
    num_pages = serializers.IntegerField()
    next = serializers.SerializerMethodField(help_text="The next page, absolute; null on the last.")
    previous = serializers.SerializerMethodField(
        help_text="The previous page, absolute; null on the first."
    )
    suggestion = serializers.CharField(
        allow_null=True,
        help_text="Did you mean: the query with the words the rulebooks do not have replaced "
        "by those the search took them for (a near spelling, or the Russian word typed in "
        "Latin letters); null when every word was found as typed.",
    )
    results = SearchResultSerializer(many=True, source="hits")

    def _page_link(self, page, number: int, here: str | None = None) -> str | None:
        """The address of page ``number`` (``here``: the request's own, absolute, if known)."""
        request = self.context.get("request")
        if request is None or not 1 <= number <= page.num_pages:
            return None
        return replace_query_param(here or request.build_absolute_uri(), "page", number)

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_next(self, page) -> str | None:
        return self._page_link(page, page.page + 1)

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_previous(self, page) -> str | None:
        return self._page_link(page, page.page - 1)

    def to_representation(self, instance: SearchPage) -> dict:
        """The fields above, written out: DRF's walk over the fields of ten results took a
        search's answer a millisecond (a test checks the two give the same)."""
        request = self.context.get("request")
        urlconf = get_urlconf()
        # request.build_absolute_uri(url), with the scheme and host quoted once a request
        # (quoting is character by character: the parts' quotings make the whole's)
        host = request.build_absolute_uri("/")[:-1] if request is not None else ""

        def absolute(url: str) -> str:
            if request is None or not url:
                return url
            quoted = _quoted(url)
            return request.build_absolute_uri(url) if quoted is None else host + quoted

        paged = request is not None and instance.num_pages > 1
        here = request.build_absolute_uri() if paged else None

        results = []
        for hit in instance.hits:
            anchor, api_url = _addresses(hit.url, hit.doc_type, hit.rulebook, urlconf)
            results.append(
                {
                    "doc_type": hit.doc_type,
                    "rulebook": hit.rulebook,
                    "anchor": anchor,
                    "section": hit.section,
                    "title": hit.title,
                    "rulebook_title": hit.source_title,
                    "snippet": hit.snippet,
                    "score": hit.score,
                    "url": absolute(hit.url),
                    "api_url": absolute(api_url),
                    "answer": hit.answer,
                    "passage_url": absolute(hit.passage_url),
                }
            )
        return {
            "count": instance.count,
            "page": instance.page,
            "num_pages": instance.num_pages,
            "next": self._page_link(instance, instance.page + 1, here),
            "previous": self._page_link(instance, instance.page - 1, here),
            "suggestion": instance.suggestion,
            "results": results,
        }


UNKNOWN_GAME = "Select a valid choice. chess is not one of the available choices."
EXAMPLE = {
    "count": 1,
    "page": 1,
    "num_pages": 1,
    "next": None,
    "previous": None,
    "suggestion": None,
    "results": [
        {
            "doc_type": "section",
            "rulebook": "wotr-rules",
            "anchor": "vedenie-osady",
            "section": 56,
            "title": "Ведение осады",
            "rulebook_title": "Война Кольца. Правила игры",
            "snippet": "Любая атака против осажденной цитадели считается битвой при "
            '<mark class="match term0">осаде</mark>.',
            "score": 36.7388,
            "url": "http://localhost:8000/rules/wotr-rules/vedenie-osady/",
            "api_url": "http://localhost:8000/api/rulebooks/wotr-rules/sections/vedenie-osady/",
            "answer": "Любая атака против осажденной цитадели считается битвой при "
            '<mark class="match term0">осаде</mark>.',
            "passage_url": "http://localhost:8000/rules/wotr-rules/vedenie-osady/#p-0",
        }
    ],
}


class SearchAPIView(APIView):
    """Search all rulebooks in Russian, Polish or English."""

    def perform_content_negotiation(self, request: Request, force: bool = False) -> Any:
        """A plain request (no ``?format=``; an Accept header of :data:`PLAIN_ACCEPT`) is
        given JSON without DRF's negotiation, as the negotiation gives it (issue 29, as
        :class:`adjudicator.api.AnswerView` for a request without a query)."""
        plain = plain_json(self, request, "format" not in request.query_params)
        return plain or super().perform_content_negotiation(request, force)

    @extend_schema(
        operation_id="search",
        summary="Search the rulebooks",
        description=(
            "Search every rulebook section (and the TCG cards) with a question or keywords in "
            "Russian, Polish or English: Russian is lemmatized, Polish and English stemmed, "
            "terms are expanded across languages through the glossary and the sentence "
            "encoder, typos are corrected (`suggestion`), Russian typed in Latin letters is "
            "read back. Rule sections come before cards, unless the query names a card. Ten "
            "results per page, best first; each section with its answering sentence."
        ),
        parameters=[
            OpenApiParameter(
                "q",
                {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": MAX_QUERY_LENGTH,
                    "pattern": NON_BLANK_TEXT_PATTERN,
                },
                required=True,
                description=f"The query (1–{MAX_QUERY_LENGTH} characters, with a letter or digit).",
                examples=[
                    OpenApiExample("Russian", value="сколько кубиков бросает армия"),
                    OpenApiExample("Polish", value="ucieczka z niewoli"),
                    OpenApiExample("English", value="siege"),
                ],
            ),
            OpenApiParameter(
                "game", OpenApiTypes.STR, enum=Game.values, description="Only this game."
            ),
            OpenApiParameter(
                "lang",
                OpenApiTypes.STR,
                enum=Language.values,
                description="Only rulebooks in this language.",
            ),
            OpenApiParameter(
                "type",
                OpenApiTypes.STR,
                enum=["section", "card"],
                description="Only rule sections or only cards (default: both, sections first "
                "when they match as well).",
            ),
            OpenApiParameter(
                "page",
                {"type": "integer", "minimum": 1, "maximum": MAX_PAGE},
                description=f"Page of results, 1–{MAX_PAGE}.",
            ),
        ],
        responses={
            200: SearchResponseSerializer,
            400: ErrorResponseSerializer,
            503: ErrorResponseSerializer,
        },
        examples=[
            OpenApiExample("Results", value=EXAMPLE, response_only=True, status_codes=["200"]),
            OpenApiExample(
                "Unknown game",
                value={
                    "detail": f"game: {UNKNOWN_GAME}",
                    "errors": [error_item("game", UNKNOWN_GAME, "invalid_choice")],
                },
                response_only=True,
                status_codes=["400"],
            ),
        ],
    )
    def get(self, request: Request) -> HttpResponse:
        form = SearchForm(request.query_params)  # a bad question is a 400 whatever the index
        if not form.is_valid():
            raise form_invalid(form)
        renderer = request.accepted_renderer
        try:
            source = opened(settings.SEARCH_INDEX_DIR)
            if type(renderer) is JSONRenderer:
                # JSON's bytes made at once (issue 29), as DRF's ``Response`` renders them,
                # without the template response's machinery; kept as bytes, so a repeated
                # question is not rendered again (its key names the media type, indent and all)
                media_type = request.accepted_media_type
                body = cached_answer(
                    request,
                    lambda: renderer.render(
                        self.answer(request, form.cleaned_data, source)[0], media_type
                    ),
                    source.key,
                    "json",
                    media_type,
                )
                return HttpResponse(body, content_type=renderer.media_type)
            data, code = cached_answer(
                request, lambda: self.answer(request, form.cleaned_data, source), source.key
            )
        except SearchIndexUnavailable as error:  # not kept: it is answered again once mended
            message, code = unavailable(error)
            return Response(
                {"detail": message, "errors": [error_item("index", message, code)]},
                status=status.HTTP_503_SERVICE_UNAVAILABLE,
                headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
            )
        return Response(data, status=code)

    def answer(self, request: Request, cleaned: dict, source: OpenedIndex) -> tuple[dict, int]:
        """The answer's body and status (cached by ``get`` while the index is the same), from
        the generation of the index its cache key names (``source``)."""
        try:
            page = search_cleaned(cleaned, source)
        except PageOutOfRange as error:
            raise ValidationError({"page": [page_error(error)]}) from error
        return SearchResponseSerializer(page, context={"request": request}).data, status.HTTP_200_OK
