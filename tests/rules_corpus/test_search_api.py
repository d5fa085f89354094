"""``GET /api/search/`` against its OpenAPI schema, and its 400s and 503."""

import pytest
from django.conf import settings as django_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.test import APIClient, APIRequestFactory

from rules_corpus.search.engine import SearchHit, search
from rules_corpus.search_api import SearchResponseSerializer, SearchResultSerializer, _quoted
from tests.openapi import assert_matches_schema
from tests.rules_corpus import search_factories

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index

pytestmark = pytest.mark.django_db
PATH = "/api/search/"


def get(**params):
    return APIClient().get(PATH, params)


@pytest.mark.parametrize(
    "params",
    [
        {"q": "сколько кубиков бросает армия"},
        {"q": "ucieczka z niewoli", "lang": "pl"},
        {"q": "Ring-bearer", "game": "lotr-tcg"},
        {"q": "армия", "page": "2"},
        {"q": "цитадель", "game": "wojna"},
    ],
)
def test_results_match_the_schema(corpus_search_index, params):
    response = get(**params)
    assert response.status_code == 200
    assert_matches_schema(response, PATH)
    body = response.json()
    assert body["page"] == int(params.get("page", 1))
    assert len(body["results"]) <= 10


def test_a_result_names_its_section_and_links_to_its_page(corpus_search_index):
    result = get(q="Ring-bearer").json()["results"][0]
    assert result["doc_type"] == "section"
    assert result["rulebook"] == "lotr-tcg-rules"
    assert result["rulebook_title"].startswith("Властелин Колец ККИ")
    assert result["url"].startswith("http://testserver/rules/lotr-tcg-rules/")
    assert result["passage_url"].startswith(result["url"] + "#p-")
    assert isinstance(result["section"], int)  # a deprecated alias of the database's id
    assert result["url"].endswith(f"/{result['anchor']}/")
    assert result["api_url"] == (
        f"http://testserver/api/rulebooks/lotr-tcg-rules/sections/{result['anchor']}/"
    )
    assert "<mark" in result["snippet"]


def test_a_card_result_has_its_stable_api_address():
    card = SearchHit(
        doc_type="card", key="1_50", title="Legolas, Greenleaf (1R50)", source_title="LOTR TCG",
        game="lotr-tcg", language="en", rulebook=None, section=None, url="/cards/card/1_50/",
        snippet="", score=1.0,
    )  # fmt: skip
    result = SearchResultSerializer(card).data
    assert (result["anchor"], result["api_url"]) == (None, "/api/cards/1_50/")


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({}, "q"),
        ({"q": ""}, "q"),
        ({"q": "   "}, "q"),
        ({"q": "?!…—"}, "q"),
        ({"q": "a" * 201}, "q"),
        ({"q": "осада\ufffd"}, "q"),
        ({"q": "осада\x00"}, "q"),
        ({"q": "осада", "game": "chess"}, "game"),
        ({"q": "осада", "lang": "de"}, "lang"),
        ({"q": "осада", "page": "0"}, "page"),
        ({"q": "осада", "page": "two"}, "page"),
        ({"q": "осада", "page": "99"}, "page"),
        ({"q": "осада", "page": "10000000000000000000000"}, "page"),
    ],
)
def test_bad_input_is_a_400_naming_the_parameter(corpus_search_index, params, field):
    response = get(**params)
    assert response.status_code == 400
    assert_matches_schema(response, PATH)
    assert [error["field"] for error in response.json()["errors"]] == [field]


def test_garbled_bytes_are_a_400(corpus_search_index):
    response = APIClient().get(f"{PATH}?q=%FF%FE%C3")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "q"


def test_a_missing_index_is_a_503(settings, tmp_path):
    settings.SEARCH_INDEX_DIR = tmp_path / "never-built"
    response = APIClient().get(PATH, {"q": "осада"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503
    assert_matches_schema(response, PATH)
    assert "index" in response.json()["detail"]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    q=st.text(max_size=220),
    game=st.sampled_from(["", "wotr", "wojna", "chess"]),
    page=st.one_of(st.integers(-2, 30).map(str), st.text(max_size=3)),
)
def test_any_input_is_answered_with_results_or_a_400(corpus_search_index, q, game, page):
    response = get(q=q, game=game, page=page)
    assert response.status_code in (200, 400)
    expected = (
        {"count", "page", "num_pages", "next", "previous", "suggestion", "results"}
        if response.status_code == 200
        else {
            "detail",
            "errors",
        }
    )
    assert set(response.json()) == expected


def test_pages_link_to_each_other_with_absolute_urls(corpus_search_index):
    first = get(q="битва").json()
    assert first["num_pages"] > 1 and first["previous"] is None
    assert first["next"].startswith("http://testserver/api/search/?")
    second = APIClient().get(first["next"]).json()
    assert second["page"] == 2
    assert APIClient().get(second["previous"]).json()["results"] == first["results"]


@pytest.mark.parametrize("params", [{"q": "Ring-bearer", "page": 2}, {"q": "gandalf"}])
def test_the_written_out_answer_is_what_the_fields_give(corpus_search_index, params):
    """The answer's lean ``to_representation`` (issue 29) gives DRF's field-by-field one, key
    for key and in the same order, on a first page and on one with neighbours."""
    page = search(django_settings.SEARCH_INDEX_DIR, params["q"], page=params.get("page", 1))
    request = Request(APIRequestFactory().get(PATH, params))
    serializer = SearchResponseSerializer(page, context={"request": request})
    generic = serializers.Serializer.to_representation(serializer, page)
    lean = serializer.to_representation(page)
    assert lean == generic and list(lean) == list(generic)
    assert [list(result) for result in lean["results"]] == [
        list(result) for result in generic["results"]
    ]
    assert page.hits and (params.get("page") != 2 or lean["previous"])


ADDRESS_PARTS = ["/", "//", "/./", "/../", ".", "?", "#", ":~:text=", "%20", "%", "http:", "ż", " "]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(ADDRESS_PARTS) | st.text(max_size=3), max_size=8).map("".join))
def test_a_result_address_is_made_absolute_as_django_makes_it(url):
    """A result's address quoted once (``_quoted``, issue 29) and put after the request's
    scheme and host is ``build_absolute_uri``'s, for every address it takes (the others are
    left to Django); the test server's, and one result's own address, are taken. The same 300
    addresses every run: a run on a busy machine spun over 25 minutes in hypothesis's mutation
    phase on this test (unexplained: not reproduced with other seeds)."""
    request = APIRequestFactory().get(PATH)
    quoted = _quoted(url)
    if quoted is not None:
        assert request.build_absolute_uri("/")[:-1] + quoted == request.build_absolute_uri(url)
    assert _quoted("/rules/wotr-rules/bitva/#p-2:~:text=Ата%20ка") is not None


def _asked(client, asked, **headers):
    """Each question's status, body and headers (but the client's count of requests)."""
    got = [client.get(PATH, params, **headers) for params in asked]
    return [
        (a.status_code, a.content, [h for h in a.headers.items() if not h[0].startswith("RateL")])
        for a in got
    ]


@pytest.mark.parametrize("cached", [0, 600])
@pytest.mark.parametrize(
    "accept", [{}, {"HTTP_ACCEPT": "*/*"}, {"HTTP_ACCEPT": "application/json; indent=2"}]
)
def test_the_plain_answer_is_drf_s_own(corpus_search_index, client, monkeypatch, cached, accept):
    """A plain request's answer (JSON given without DRF's negotiation, rendered straight into
    the response and kept as its bytes: issue 29) is the one DRF's negotiation and ``Response``
    give, asked once and again (a cache hit), pages, filters and errors included."""
    from django.core.cache import caches
    from rest_framework.views import APIView

    from rules_corpus import search_api

    monkeypatch.setattr(django_settings, "API_ANSWER_CACHE_SECONDS", cached)
    asked = [{"q": "Ring-bearer"}, {"q": "Ring-bearer", "page": 2}, {"q": "siege", "lang": "ru"},
             {"q": "осада", "type": "card"}, {"q": "siege", "page": 99}, {"q": ""},
             {"q": "siege", "format": "json"}, {"q": "siege", "game": "chess"}]  # fmt: skip
    headers = {"HTTP_ACCEPT_LANGUAGE": "pl", **accept}
    caches["answers"].clear()
    fast = _asked(client, asked * 2, **headers)
    monkeypatch.setattr(search_api, "JSONRenderer", type("NotJSON", (), {}))
    monkeypatch.setattr(search_api.SearchAPIView, "perform_content_negotiation",
                        APIView.perform_content_negotiation)  # fmt: skip
    caches["answers"].clear()
    assert _asked(client, asked * 2, **headers) == fast
    assert [row[0] for row in fast[:8]] == [200, 200, 200, 200, 400, 400, 400, 400]
