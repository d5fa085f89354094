"""Cards by their stable addresses: set and collector number, name (exact, fuzzy), a batch,
and every card in one download."""

import gzip
import json

import pytest

from cards_db.card_api import MAX_IDENTIFIERS
from cards_db.models import Card
from tests.openapi import assert_matches_schema

pytestmark = pytest.mark.django_db


def test_a_card_by_set_and_number_is_its_api_url(cards, api):
    response = api.get("/api/v1/cards/1/50/")

    assert response.status_code == 200
    assert_matches_schema(response, "/api/cards/{card_set}/{number}/")
    body = response.json()
    assert (body["id"], body["api_url"]) == ("1_50", "http://testserver/api/cards/1/50/")
    assert api.get("/api/cards/1R50/").json() == body
    assert api.get("/api/v1/cards/1/999/").status_code == 404
    assert api.get(f"/api/v1/cards/{10**30}/1/").status_code == 404


@pytest.mark.parametrize(
    ("query", "card"),
    [
        ({"exact": "legolas, greenleaf"}, "1_50"),
        ({"fuzzy": "Legolas Greenlef"}, "1_50"),
        ({"fuzzy": "The One Ring, The Ruling Rin"}, "1_2"),
        ({"fuzzy": "1R50"}, "1_50"),
    ],
)
def test_a_card_by_name_exact_or_fuzzy(cards, api, query, card):
    response = api.get("/api/v1/cards/named/", query)

    assert response.status_code == 200
    assert_matches_schema(response, "/api/cards/named/")
    assert response.json()["id"] == card


def test_a_name_several_cards_share_is_a_404_naming_them_never_a_guess(cards, api):
    response = api.get("/api/v1/cards/named/", {"fuzzy": "Gimli"}, HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 404
    [error] = response.json()["errors"]
    assert error["code"] == "ambiguous_card"
    assert "Gimli, Son of Glóin (1_13)" in error["message"]
    assert api.get("/api/v1/cards/named/", {"exact": "zzzz qqq"}).status_code == 404


def test_a_name_lookup_takes_exactly_one_bounded_name(cards, api):
    neither = api.get("/api/v1/cards/named/")
    both = api.get("/api/v1/cards/named/", {"fuzzy": "a", "exact": "b"})
    too_long = api.get("/api/v1/cards/named/", {"fuzzy": "x" * 101})

    assert [e["code"] for e in neither.json()["errors"]] == ["rule"]
    assert [e["code"] for e in both.json()["errors"]] == ["rule"]
    assert [(e["field"], e["code"]) for e in too_long.json()["errors"]] == [
        ("fuzzy", "out_of_range")
    ]


def test_a_batch_lookup_answers_in_order_and_lists_what_it_did_not_find(cards, api):
    identifiers = ["1R50", "1_1", "The One Ring, The Ruling Ring", "Gimli", "no such card"]

    response = api.post("/api/v1/cards/collection/", {"identifiers": identifiers}, format="json")

    assert response.status_code == 200
    assert_matches_schema(response, "/api/cards/collection/", "post")
    body = response.json()
    assert [card["id"] for card in body["data"]] == ["1_50", "1_1", "1_2"]
    assert body["not_found"] == ["Gimli", "no such card"]
    too_many = {"identifiers": ["1R50"] * (MAX_IDENTIFIERS + 1)}
    refused = api.post("/api/v1/cards/collection/", too_many, format="json")
    assert [e["code"] for e in refused.json()["errors"]] == ["out_of_range"]


def test_every_card_downloads_in_one_gzipped_request_that_revalidates(cards, api):
    response = api.get("/api/v1/bulk/cards/", HTTP_ACCEPT_ENCODING="gzip")

    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert response["Last-Modified"]
    body = json.loads(gzip.decompress(response.content))
    assert body["count"] == Card.objects.count() == len(body["cards"]) > 600
    assert body["updated_at"]
    assert body["cards"][0]["id"] == "1_1"
    etag = response["ETag"]
    assert api.get("/api/v1/bulk/cards/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert_matches_schema(api.get("/api/v1/bulk/cards/"), "/api/bulk/cards/")
