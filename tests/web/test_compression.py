"""Every text answer is gzipped on the wire when the client accepts it (issue 29): the API's
answers here, every page in tests/test_page_weight.py; static files come pre-compressed."""

import gzip

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from adjudicator.compression import compress
from cards_db.importer import import_data_files
from rules_corpus.services import load_rulebooks
from tests.openapi import openapi_schema

pytestmark = pytest.mark.django_db

#: Django's GZipMiddleware leaves shorter bodies alone: gzip's header and the random padding
#: against BREACH would make them longer.
SHORT = 200
GETS = ["/api/cards/", "/api/wotr/positions/setup/", "/api/rulebooks/", "/api/schema/?format=json"]


def post_examples() -> list[tuple[str, dict]]:
    """The first request example of every POST operation without a path parameter."""
    found = []
    for path, operations in openapi_schema()["paths"].items():
        body = operations.get("post", {}).get("requestBody", {}).get("content", {})
        examples = body.get("application/json", {}).get("examples", {})
        if examples and "{" not in path:
            found.append((path, next(iter(examples.values()))["value"]))
    return found


def assert_compressed(response, what: str) -> bytes:
    """The body, unzipped; fails unless a body worth compressing came gzipped."""
    if response.get("Content-Encoding") == "gzip":
        assert "Accept-Encoding" in response["Vary"], what
        return gzip.decompress(response.content)
    assert len(response.content) < SHORT, f"{what}: {len(response.content)} bytes not compressed"
    return response.content


def test_every_api_answer_is_gzipped_when_accepted():
    import_data_files()
    load_rulebooks()
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    examples = post_examples()
    assert len(examples) > 30
    for path, body in examples:
        response = api.post(path, body, format="json")
        assert response.status_code < 500, path
        assert_compressed(response, f"POST {path}")
    for path in GETS:
        assert len(assert_compressed(api.get(path), f"GET {path}")) >= SHORT
    error = api.post("/api/wotr/battle/", {"attacker": {"regular": 99}}, format="json")
    assert error.status_code == 400
    assert_compressed(error, "a 400")


def test_no_compression_unless_accepted():
    response = APIClient().get("/api/wotr/positions/setup/")

    assert "Content-Encoding" not in response
    assert response.json()["armies"]


def test_static_files_are_stored_compressed():
    backend = settings.STORAGES["staticfiles"]["BACKEND"]

    assert backend.startswith("whitenoise.storage.Compressed"), backend


def test_gzip_level_keeps_the_random_padding_against_breach():
    """adjudicator/compression.py compresses at its own level with Django's header padding: the
    same body comes out at different lengths, each unzipping to the body."""
    body = "<p>Война Кольца</p>".encode() * 500
    sent = [compress(body, 100) for _ in range(20)]

    assert all(gzip.decompress(s) == body for s in sent)
    assert all(s[3] & gzip.FNAME for s in sent)
    assert len({len(s) for s in sent}) > 1
    assert gzip.decompress(compress(body, 0)) == body  # no padding asked: none, no error


def test_pages_are_gzipped_when_accepted(client):
    plain = client.get("/wotr/hunt/?hunt_dice=3", HTTP_ACCEPT_LANGUAGE="en")
    zipped = client.get("/wotr/hunt/?hunt_dice=3", HTTP_ACCEPT_LANGUAGE="en",
                        HTTP_ACCEPT_ENCODING="gzip")  # fmt: skip

    assert "Content-Encoding" not in plain
    assert zipped["Content-Encoding"] == "gzip"
    assert int(zipped["Content-Length"]) == len(zipped.content) < len(plain.content) / 2
    assert gzip.decompress(zipped.content).decode().count("<form") == plain.content.decode().count(
        "<form"
    )
