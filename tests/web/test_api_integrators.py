"""What an integrator expects: a versioned path, caching validators, CORS, documented errors."""

import pytest
from rest_framework.test import APIClient

from cards_db.importer import import_data_files
from tests.openapi import openapi_schema

pytestmark = pytest.mark.django_db

SETUP = "/api/wotr/positions/setup/"


@pytest.fixture
def api():
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def test_v1_is_the_same_api_by_its_number(api):
    assert api.get("/api/v1" + SETUP.removeprefix("/api")).json() == api.get(SETUP).json()
    battle = {"attacker": {"regular": 2}, "defender": {"regular": 1}}
    assert api.post("/api/v1/wotr/battle/", battle, format="json").status_code == 200


def test_a_cacheable_get_has_an_etag_and_revalidates_to_304(api):
    response = api.get(SETUP)

    assert "public" in response["Cache-Control"] and "max-age=3600" in response["Cache-Control"]
    assert api.get(SETUP, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_cors_allows_only_the_configured_origins(api, settings):
    settings.CORS_ALLOWED_ORIGINS = ["https://table.example"]

    allowed = api.get(SETUP, HTTP_ORIGIN="https://table.example")
    other = api.get(SETUP, HTTP_ORIGIN="https://elsewhere.example")

    assert allowed["Access-Control-Allow-Origin"] == "https://table.example"
    assert "Access-Control-Allow-Origin" not in other


def test_every_error_status_is_documented_in_the_one_shape():
    error = {"$ref": "#/components/schemas/ErrorResponse"}
    for path, operations in openapi_schema()["paths"].items():
        for method, operation in operations.items():
            with_body = {"400", "413", "415"} if "requestBody" in operation else set()
            statuses = {"405", "429", "500"} | with_body
            for status in statuses:
                content = operation["responses"][status]["content"]["application/json"]
                assert content["schema"] == error, f"{method.upper()} {path} {status}"


def test_every_operation_has_an_example():
    for path, operations in openapi_schema()["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            if "requestBody" in operation:
                assert body.get("examples"), f"{method.upper()} {path} has no request example"


def test_lists_page_and_link_with_absolute_urls(api):
    import_data_files()

    body = api.get("/api/cards/", {"page_size": 2}).json()

    assert set(body) == {"count", "next", "previous", "results"}
    assert body["next"].startswith("http://testserver/api/cards/?")
    assert body["results"][0]["url"].startswith("http://testserver/cards/")


def test_the_schema_is_the_same_english_bytes_in_every_language(client):
    bodies = {
        language: client.get("/api/schema/?format=json", HTTP_ACCEPT_LANGUAGE=language)
        for language in ("ru", "pl", "en")
    }

    assert len({response.content for response in bodies.values()}) == 1
    assert {response["Content-Language"] for response in bodies.values()} == {"en"}
    assert b"War of the Ring" in bodies["ru"].content


def test_the_schema_names_are_ascii_with_no_empty_security_and_version_1_pinned():
    schema = openapi_schema()

    assert schema["servers"][0]["url"] == "/api/v1"
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            names = [operation["operationId"], *operation.get("tags", [])]
            assert all(name.isascii() and " " not in name for name in names), (path, names)
            assert operation.get("security") != [{}], f"{method.upper()} {path}"


def _request_examples():
    for path, operations in openapi_schema()["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {}).get("application/json")
            for name, example in (content or {}).get("examples", {}).items():
                yield pytest.param(path, method, example["value"], id=f"{method} {path} {name}")


@pytest.mark.parametrize(("path", "method", "body"), list(_request_examples()))
def test_every_request_example_is_answered(api, path, method, body):
    import_data_files()
    if "{id}" in path:  # a saved deck's: save one first, with its key
        saved = api.post(
            "/api/v1/decks/", {k: v for k, v in body.items() if k != "edit_key"}, format="json"
        ).json()
        path = path.replace("{id}", saved["deck"]["id"])
        body = {**body, "edit_key": saved["edit_key"]}

    response = getattr(api, method)(f"/api/v1{path}", body, format="json")

    assert response.status_code in (200, 201), response.content
